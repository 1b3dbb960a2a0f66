/* es-flame-graph-boxes.c: a flame graph's background and boxes, written as
 * pixels where they can be
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "es-flame-graph-private.h"

#define ROW ES_FLAME_GRAPH_ROW_HEIGHT

/* How user space maps onto the target's pixels: each pixel is sx x sy of
 * them, pixel (0, 0) at (ox, oy). */
typedef struct
{
  int sx, sy, ox, oy;
} Grid;

static void
set_background (cairo_t  *cr,
                gboolean  dark)
{
  if (dark)
    cairo_set_source_rgb (cr, 0.14, 0.14, 0.14);
  else
    cairo_set_source_rgb (cr, 1, 1, 1);
}

/* The background's pixel, as cairo makes it of the colour. */
static guint32
background_pixel (gboolean dark)
{
  cairo_surface_t *one = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (one);
  guint32 pixel;

  set_background (cr, dark);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_flush (one);
  memcpy (&pixel, cairo_image_surface_get_data (one), sizeof pixel);
  cairo_surface_destroy (one);
  return pixel;
}

static int
compare_boxes (gconstpointer a,
               gconstpointer b)
{
  const EsFlameGraphBox *x = a, *y = b;

  return (x->key > y->key) - (x->key < y->key);
}

/* Whether @cr's user space maps each pixel to a whole number of the
 * target's, lined up: a picture of the graph's pixels then paints the
 * same pixels as rectangles with whole-pixel corners filled. */
static gboolean
pixels_line_up (cairo_t *cr,
                Grid    *grid)
{
  cairo_surface_t *target = cairo_get_target (cr);
  cairo_matrix_t m;
  double sx, sy, ox, oy;

  if (cairo_surface_get_type (target) != CAIRO_SURFACE_TYPE_IMAGE)
    return FALSE;
  cairo_get_matrix (cr, &m);
  cairo_surface_get_device_scale (target, &sx, &sy);
  cairo_surface_get_device_offset (target, &ox, &oy);
  sx *= m.xx;
  sy *= m.yy;
  ox += m.x0 * sx / m.xx;
  oy += m.y0 * sy / m.yy;
  if (!(m.xy == 0 && m.yx == 0 && sx >= 1 && sy >= 1 && sx == floor (sx) && sy == floor (sy) &&
        ox == floor (ox) && oy == floor (oy) && sx < G_MAXINT16 && sy < G_MAXINT16 &&
        fabs (ox) < G_MAXINT / 2 && fabs (oy) < G_MAXINT / 2))
    return FALSE;
  *grid = (Grid) { (int) sx, (int) sy, (int) ox, (int) oy };
  return TRUE;
}

/* The first pixel line of each row of boxes, over @background: a box
 * without the one-pixel gap on its right (but for one a pixel wide). */
static guint32 *
make_rows (const EsFlameGraphView *view,
           GArray                 *boxes,
           guint32                 background,
           int                    *n_rows)
{
  int width = view->width;
  guint32 *rows;

  *n_rows = 0;
  for (guint i = 0; i < boxes->len; i++)
    *n_rows = MAX (*n_rows, (int) (g_array_index (boxes, EsFlameGraphBox, i).y / ROW) + 1);
  *n_rows = MIN (*n_rows, (view->height + ROW - 1) / ROW);
  rows = g_new (guint32, (gsize) MAX (*n_rows, 1) * width);
  for (gsize i = 0; i < (gsize) *n_rows * width; i++)
    rows[i] = background;
  for (guint i = 0; i < boxes->len; i++)
    {
      const EsFlameGraphBox *box = &g_array_index (boxes, EsFlameGraphBox, i);
      int row = (int) box->y / ROW;
      int x0 = (int) CLAMP (box->x, 0, width), x1 = (int) CLAMP (box->x + MAX (box->width - 1, 1), 0, width);

      if (row < *n_rows)
        for (int x = x0; x < x1; x++)
          rows[(gsize) row * width + x] = 0xff000000u | box->key;
    }
  return rows;
}

/* Writes the graph into the pixels [x0, x1) x [y0, y1) of @pixels, all
 * of them within its [0, width) x [0, height): each row's line copied down
 * it but for the gap under it, which is @background, as is all under the
 * rows. */
static void
write_pixels (guint32       *pixels,
              int            stride,
              const Grid    *g,
              int            x0,
              int            y0,
              int            x1,
              int            y1,
              const guint32 *rows,
              int            n_rows,
              int            width,
              guint32        background)
{
  g_autofree guint32 *line = g_new (guint32, x1 - x0), *gap = g_new (guint32, x1 - x0);
  int in_line = -1;

  for (int x = x0; x < x1; x++)
    gap[x - x0] = background;
  for (int y = y0; y < y1; y++)
    {
      int v = (y - g->oy) / g->sy, row = v / ROW;
      const guint32 *from = gap;

      if (v % ROW != ROW - 1 && row < n_rows)
        {
          if (g->sx == 1)
            from = rows + (gsize) row * width + (x0 - g->ox);
          else
            {
              if (in_line != row)
                for (int x = x0; x < x1; x++)
                  line[x - x0] = rows[(gsize) row * width + (x - g->ox) / g->sx];
              in_line = row;
              from = line;
            }
        }
      memcpy (pixels + (gsize) y * stride + x0, from, (gsize) (x1 - x0) * sizeof (guint32));
    }
}

/* Writes the background and the boxes straight into the target's pixels:
 * the pixels a paint of the background and then of the picture below
 * would leave (each either a box's opaque colour or the background's), in
 * one pass over them. Only where that is plain: an ARGB32 or RGB24 image
 * (whose unused byte cairo leaves alone) whose pixels line up, clipped to
 * one rectangle of whole pixels. */
static gboolean
fill_directly (cairo_t                *cr,
               const EsFlameGraphView *view,
               GArray                 *boxes)
{
  cairo_surface_t *target = cairo_get_target (cr);
  cairo_rectangle_list_t *clip;
  double dx0, dy0, dx1, dy1;
  int x0, y0, x1, y1, n_rows;
  guint32 *rows, background;
  Grid g;

  if (!pixels_line_up (cr, &g) || view->width <= 0 ||
      (cairo_image_surface_get_format (target) != CAIRO_FORMAT_ARGB32 &&
       cairo_image_surface_get_format (target) != CAIRO_FORMAT_RGB24))
    return FALSE;
  clip = cairo_copy_clip_rectangle_list (cr);
  if (clip->status != CAIRO_STATUS_SUCCESS || clip->num_rectangles != 1)
    {
      cairo_rectangle_list_destroy (clip);
      return FALSE;
    }
  dx0 = g.ox + clip->rectangles[0].x * g.sx;
  dy0 = g.oy + clip->rectangles[0].y * g.sy;
  dx1 = dx0 + clip->rectangles[0].width * g.sx;
  dy1 = dy0 + clip->rectangles[0].height * g.sy;
  cairo_rectangle_list_destroy (clip);
  if (dx0 != floor (dx0) || dy0 != floor (dy0) || dx1 != floor (dx1) || dy1 != floor (dy1))
    return FALSE;
  /* The clip is within [0, width) x [0, height) (es_flame_graph_paint()'s). */
  x0 = (int) MAX (dx0, MAX (g.ox, 0));
  y0 = (int) MAX (dy0, MAX (g.oy, 0));
  x1 = (int) MIN (dx1, MIN (g.ox + (double) view->width * g.sx, cairo_image_surface_get_width (target)));
  y1 = (int) MIN (dy1, MIN (g.oy + (double) view->height * g.sy, cairo_image_surface_get_height (target)));
  if (x0 >= x1 || y0 >= y1)
    return TRUE;

  background = background_pixel (view->dark);
  rows = make_rows (view, boxes, background, &n_rows);
  cairo_surface_flush (target);
  write_pixels ((guint32 *) (gpointer) cairo_image_surface_get_data (target),
                cairo_image_surface_get_stride (target) / (int) sizeof (guint32), &g, x0, y0, x1, y1, rows, n_rows,
                view->width, background);
  cairo_surface_mark_dirty (target);
  g_free (rows);
  return TRUE;
}

/* Paints every box at once: a picture of the graph, each box's pixels in
 * its colour and the others clear, painted over the background. A fill a
 * colour (thousands: a colour a cost centre) of thousands of rectangles
 * was most of a drawing's time, most of it cairo's making pixels of the
 * rectangles. The same pixels, where the pixels line up
 * (pixels_line_up()); a vector surface (an SVG, a PDF export) keeps a
 * rectangle per box. */
static gboolean
fill_boxes_at_once (cairo_t                *cr,
                    const EsFlameGraphView *view,
                    GArray                 *boxes)
{
  cairo_surface_t *colors;
  guint32 *rows;
  int n_rows, width = view->width, height;
  Grid g;

  if (!pixels_line_up (cr, &g) || width <= 0 || boxes->len == 0)
    return FALSE;
  rows = make_rows (view, boxes, 0, &n_rows);
  height = MIN (n_rows * ROW, view->height);
  colors = height > 0 ? cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height) : NULL;
  if (colors == NULL || cairo_surface_status (colors) != CAIRO_STATUS_SUCCESS)
    {
      g_clear_pointer (&colors, cairo_surface_destroy);
      g_free (rows);
      return FALSE;
    }
  cairo_surface_flush (colors);
  write_pixels ((guint32 *) (gpointer) cairo_image_surface_get_data (colors),
                cairo_image_surface_get_stride (colors) / (int) sizeof (guint32), &(Grid) { 1, 1, 0, 0 }, 0, 0,
                width, height, rows, n_rows, width, 0);
  g_free (rows);
  cairo_surface_mark_dirty (colors);
  cairo_save (cr);
  cairo_set_source_surface (cr, colors, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_NEAREST);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);
  cairo_restore (cr);
  cairo_surface_destroy (colors);
  return TRUE;
}

/* The background, then the boxes, within @cr's clip: as pixels, or as
 * rectangles filled a colour at a time (one path each: a fill per box was
 * most of the time of a drawing). @boxes may be sorted. */
void
_es_flame_graph_fill (cairo_t                *cr,
                      const EsFlameGraphView *view,
                      GArray                 *boxes)
{
  if (fill_directly (cr, view, boxes))
    return;
  set_background (cr, view->dark);
  cairo_paint (cr);
  if (fill_boxes_at_once (cr, view, boxes))
    return;
  g_array_sort (boxes, compare_boxes);
  for (guint i = 0; i < boxes->len; )
    {
      guint32 key = g_array_index (boxes, EsFlameGraphBox, i).key;

      cairo_set_source_rgb (cr, (key >> 16) / 255.0, ((key >> 8) & 0xff) / 255.0, (key & 0xff) / 255.0);
      for (; i < boxes->len && g_array_index (boxes, EsFlameGraphBox, i).key == key; i++)
        {
          const EsFlameGraphBox *box = &g_array_index (boxes, EsFlameGraphBox, i);

          cairo_rectangle (cr, box->x, box->y, MAX (box->width - 1, 1), ROW - 1);
        }
      cairo_fill (cr);
    }
}
