/* es-flame-graph.c: an interval's time profile drawn as an icicle graph
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <gio/gio.h>

#include "es-flame-graph.h"
#include "es-timeline-export.h"

#define LABEL_FONT      "Sans 8"
#define MIN_LABEL_WIDTH 24.0

/* Walks the frames drawn, left to right within each row, in pre-order:
 * a frame starts where its previous sibling ends, or at its parent's x for
 * the first child; a frame too narrow to draw is skipped with everything
 * under it, so a walk costs at most a few frames per pixel column and row
 * whatever the size of the profile. The frames are made as they are
 * reached (es_profile_walk_next()), and the nodes of the document's tree
 * without samples in the interval are never looked at. */
typedef struct
{
  const EsFlameGraphView *view;
  const EsProfile        *profile;
  EsProfileWalk          *frames;
  guint32                 n_ancestors;  /* of the zoomed frame, drawn full width first */
  guint32                *ancestors;
  double                  scale;        /* pixels per sample */
  double                 *cursor;       /* per depth: where the next frame starts */
} Walk;

typedef struct
{
  guint32        frame;
  double         x, width;
  int            row;
  EsProfileFrame f;
} WalkStep;

static void
walk_init (Walk                   *walk,
           const EsFlameGraphView *view)
{
  const EsProfile *profile = view->profile;
  EsProfileFrame zoomed;
  guint64 total;

  memset (walk, 0, sizeof *walk);
  walk->view = view;
  walk->profile = profile;
  /* The rows as the profile counted them: a walk over every frame to find
   * the deepest cost as much as the drawing, for a profile of millions. */
  walk->cursor = g_new0 (double, profile->n_rows + 1);
  walk->ancestors = g_new (guint32, MAX (profile->n_rows, 1));

  if (view->zoom != ES_PROFILE_NO_FRAME && es_profile_get_frame (profile, view->zoom, &zoomed))
    {
      walk->frames = es_profile_walk_new (profile, view->zoom);
      total = zoomed.inherited;
      for (guint32 up = zoomed.parent; up != ES_PROFILE_NO_FRAME && walk->n_ancestors < profile->n_rows;
           up = es_profile_get_frame (profile, up, &zoomed) ? zoomed.parent : ES_PROFILE_NO_FRAME)
        walk->ancestors[walk->n_ancestors++] = up;
    }
  else
    {
      walk->frames = es_profile_walk_new (profile, ES_PROFILE_NO_FRAME);
      total = profile->n_samples;
    }
  walk->scale = total > 0 ? view->width / (double) total : 0.0;
}

static void
walk_clear (Walk *walk)
{
  g_free (walk->cursor);
  g_free (walk->ancestors);
  es_profile_walk_free (walk->frames);
}

static gboolean
walk_next (Walk     *walk,
           WalkStep *step)
{
  const EsFlameGraphView *view = walk->view;

  /* The zoomed frame's ancestors, outermost first, each the full width. */
  if (walk->n_ancestors > 0)
    {
      step->frame = walk->ancestors[--walk->n_ancestors];
      es_profile_get_frame (walk->profile, step->frame, &step->f);
      step->x = 0;
      step->width = view->width;
      step->row = (int) step->f.depth;
      return TRUE;
    }

  while (es_profile_walk_next (walk->frames, &step->f))
    {
      const EsProfileFrame *f = &step->f;
      double x = walk->cursor[f->depth], width = (double) f->inherited * walk->scale;

      walk->cursor[f->depth] = x + width;
      walk->cursor[f->depth + 1] = x;
      if (width < ES_FLAME_GRAPH_MIN_WIDTH || (int) f->depth * ES_FLAME_GRAPH_ROW_HEIGHT >= view->height)
        {
          es_profile_walk_skip_children (walk->frames);
          continue;
        }
      step->frame = f->node;
      step->x = x;
      step->width = width;
      step->row = (int) f->depth;
      return TRUE;
    }
  return FALSE;
}

/**
 * es_flame_graph_natural_height:
 *
 * Returns: the height in pixels that shows every row of @profile
 */
int
es_flame_graph_natural_height (const EsProfile *profile)
{
  return (int) profile->n_rows * ES_FLAME_GRAPH_ROW_HEIGHT;
}

static char *
frame_name (const EsProfileFrame *frame)
{
  GString *name = g_string_new (NULL);

  es_profile_append_frame_name (frame, name);
  return g_string_free (name, FALSE);
}

/**
 * es_flame_graph_frame_matches:
 *
 * Whether the view's search text is in the frame's "label (Module)",
 * ignoring case. FALSE without a search.
 */
static gboolean
frame_matches (const EsFlameGraphView *view,
               const EsProfileFrame   *f)
{
  g_autofree char *name = NULL, *folded = NULL, *needle = NULL;

  if (view->search == NULL || view->search[0] == '\0')
    return FALSE;
  name = frame_name (f);
  folded = g_utf8_casefold (name, -1);
  needle = g_utf8_casefold (view->search, -1);
  return strstr (folded, needle) != NULL;
}

gboolean
es_flame_graph_frame_matches (const EsFlameGraphView *view,
                              guint32                 frame)
{
  EsProfileFrame f;

  return es_profile_get_frame (view->profile, frame, &f) && frame_matches (view, &f);
}

/**
 * es_flame_graph_count_matches:
 *
 * Returns: the samples with a matching frame on their stack, each once
 *   (a match inside a match adds nothing): the share the search covers
 */
guint64
es_flame_graph_count_matches (const EsFlameGraphView *view)
{
  g_autoptr(EsProfileWalk) walk = es_profile_walk_new (view->profile, ES_PROFILE_NO_FRAME);
  guint64 n = 0;
  EsProfileFrame f;

  while (es_profile_walk_next (walk, &f))
    if (frame_matches (view, &f))
      {
        n += f.inherited;
        es_profile_walk_skip_children (walk);
      }
  return n;
}

/**
 * es_flame_graph_cost_centre_color:
 * @cost_centre: the log's id of a cost centre (not MAIN, nor one of the
 *   RTS's own roots, which are grey)
 *
 * A cost centre's warm colour, as flamegraph.pl paints: the same wherever
 * it is drawn, in the flame graph and in the timeline's Profile row.
 */
void
es_flame_graph_cost_centre_color (guint32  cost_centre,
                                  gboolean dark,
                                  EsRgba  *rgba)
{
  guint32 hash;
  double a, b;

  /* Mixed so that neighbouring ids differ. */
  hash = cost_centre * 2654435761u;
  hash ^= hash >> 15;
  hash *= 2246822519u;
  hash ^= hash >> 13;
  a = (double) (hash & 0xffff) / 0xffff;
  b = (double) ((hash >> 16) & 0xffff) / 0xffff;
  *rgba = (EsRgba) { (205 + 50 * a) / 255.0, (230 * b) / 255.0, (55 * a * b) / 255.0, 1.0 };
  if (dark)
    {
      rgba->red *= 0.85;
      rgba->green *= 0.85;
      rgba->blue *= 0.85;
    }
}

/**
 * es_flame_graph_frame_color:
 *
 * The colour @frame is filled with: warm colours, as flamegraph.pl paints,
 * by cost centre, the same for one wherever it is; the RTS's own stacks
 * (GC, SYSTEM...) and MAIN in greys; with a search, matches in magenta and
 * the others faded.
 */
static void
frame_color (const EsFlameGraphView *view,
             const EsProfileFrame   *f,
             EsRgba                 *rgba)
{
  gboolean searching = view->search != NULL && view->search[0] != '\0';

  if (searching && frame_matches (view, f))
    {
      *rgba = (EsRgba) { 0.90, 0.0, 0.90, 1.0 };
      return;
    }
  if (f->stack == ES_PROF_EMPTY_STACK)
    *rgba = (EsRgba) { 0.70, 0.70, 0.70, 1.0 };
  else if (f->parent == ES_PROFILE_NO_FRAME)   /* GC, SYSTEM...: only they are roots besides MAIN */
    *rgba = (EsRgba) { 0.55, 0.62, 0.72, 1.0 };
  else
    es_flame_graph_cost_centre_color (f->cost_centre, FALSE, rgba);
  if (view->dark)
    {
      rgba->red *= 0.85;
      rgba->green *= 0.85;
      rgba->blue *= 0.85;
    }
  if (searching)
    {
      double grey = 0.3 * rgba->red + 0.59 * rgba->green + 0.11 * rgba->blue;

      rgba->red = rgba->green = rgba->blue = view->dark ? grey * 0.6 : 0.55 + grey * 0.4;
    }
}

void
es_flame_graph_frame_color (const EsFlameGraphView *view,
                            guint32                 frame,
                            EsRgba                 *rgba)
{
  EsProfileFrame f;

  if (!es_profile_get_frame (view->profile, frame, &f))
    {
      *rgba = (EsRgba) { 0.70, 0.70, 0.70, 1.0 };
      return;
    }
  frame_color (view, &f, rgba);
}

/**
 * es_flame_graph_frame_rect:
 *
 * Where @frame is drawn: its box, in pixels, before the one-pixel gap
 * that parts it from its right and lower neighbours.
 *
 * Returns: FALSE if it is not drawn (too narrow, or below the view)
 */
gboolean
es_flame_graph_frame_rect (const EsFlameGraphView *view,
                           guint32                 frame,
                           EsFlameGraphRect       *rect)
{
  Walk walk;
  WalkStep step;
  gboolean found = FALSE;

  walk_init (&walk, view);
  while (!found && walk_next (&walk, &step))
    if (step.frame == frame)
      {
        rect->x = step.x;
        rect->y = step.row * ES_FLAME_GRAPH_ROW_HEIGHT;
        rect->width = step.width;
        rect->height = ES_FLAME_GRAPH_ROW_HEIGHT;
        found = TRUE;
      }
  walk_clear (&walk);
  return found;
}

/**
 * es_flame_graph_cost_centre_rects:
 * @cost_centre: the log's id of a cost centre
 * @rects: (out caller-allocates) (array length=max_rects): where they go
 *
 * Where the frames of @cost_centre are drawn, at most @max_rects of them,
 * in one walk of the frames drawn.
 *
 * Returns: how many are in @rects
 */
guint
es_flame_graph_cost_centre_rects (const EsFlameGraphView *view,
                                  guint32                 cost_centre,
                                  EsFlameGraphRect       *rects,
                                  guint                   max_rects)
{
  Walk walk;
  WalkStep step;
  guint n = 0;

  walk_init (&walk, view);
  while (n < max_rects && walk_next (&walk, &step))
    if (step.f.cost_centre == cost_centre)
      rects[n++] = (EsFlameGraphRect) { step.x, step.row * ES_FLAME_GRAPH_ROW_HEIGHT, step.width,
                                        ES_FLAME_GRAPH_ROW_HEIGHT };
  walk_clear (&walk);
  return n;
}

/**
 * es_flame_graph_frame_at:
 *
 * Returns: the frame drawn at @x, @y, or ES_PROFILE_NO_FRAME
 */
guint32
es_flame_graph_frame_at (const EsFlameGraphView *view,
                         double                  x,
                         double                  y)
{
  Walk walk;
  WalkStep step;
  guint32 found = ES_PROFILE_NO_FRAME;
  int row = (int) floor (y / ES_FLAME_GRAPH_ROW_HEIGHT);

  walk_init (&walk, view);
  while (found == ES_PROFILE_NO_FRAME && walk_next (&walk, &step))
    if (step.row == row && x >= step.x && x < step.x + step.width)
      found = step.frame;
  walk_clear (&walk);
  return found;
}

typedef struct
{
  double              x, y, width;
  guint32             key;      /* the colour, 8 bits a channel: boxes are filled by colour */
  guint32             stack;    /* what names it (es_profile_append_frame_name()) */
  guint32             cost_centre;
  const EsCostCentre *cc;
} Box;

static int
compare_boxes (gconstpointer a,
               gconstpointer b)
{
  const Box *x = a, *y = b;

  return (x->key > y->key) - (x->key < y->key);
}

static guint32
color_key (const EsRgba *c)
{
  return ((guint32) round (c->red * 255) << 16) | ((guint32) round (c->green * 255) << 8) |
         (guint32) round (c->blue * 255);
}

/* Whether @cr's user space maps each pixel to a whole number of the
 * target's, lined up: a picture of the graph's pixels then paints the
 * same pixels as rectangles with whole-pixel corners filled. */
static gboolean
pixels_line_up (cairo_t *cr)
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
  return m.xy == 0 && m.yx == 0 && sx >= 1 && sy >= 1 && sx == floor (sx) && sy == floor (sy) &&
         ox == floor (ox) && oy == floor (oy);
}

/* Paints every box at once: a picture of the graph, each box's pixels in
 * its colour and the others clear, painted over the background. A fill a
 * colour (thousands: a colour a cost centre) of thousands of rectangles
 * was most of a drawing's time, most of it cairo's making pixels of the
 * rectangles. The same pixels (each one either the box's opaque colour or
 * the background's), where the pixels line up (pixels_line_up()); a
 * vector surface (an SVG, a PDF export) keeps a rectangle per box. */
static gboolean
fill_boxes_at_once (cairo_t                *cr,
                    const EsFlameGraphView *view,
                    GArray                 *boxes)
{
  cairo_surface_t *colors;
  guint32 *pixels;
  int stride, n_rows = 0, width = view->width, height;

  if (!pixels_line_up (cr) || width <= 0 || boxes->len == 0)
    return FALSE;
  for (guint i = 0; i < boxes->len; i++)
    n_rows = MAX (n_rows, (int) (g_array_index (boxes, Box, i).y / ES_FLAME_GRAPH_ROW_HEIGHT) + 1);
  height = MIN (n_rows * ES_FLAME_GRAPH_ROW_HEIGHT, view->height);
  if (height <= 0)
    return FALSE;
  colors = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  if (cairo_surface_status (colors) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (colors);
      return FALSE;
    }
  cairo_surface_flush (colors);
  pixels = (guint32 *) (gpointer) cairo_image_surface_get_data (colors);
  stride = cairo_image_surface_get_stride (colors) / (int) sizeof (guint32);
  /* A box's row without the one-pixel gap under it (and the gap on its
   * right but for one a pixel wide), in the first pixel row of its row,
   * then copied down the row. */
  for (guint i = 0; i < boxes->len; i++)
    {
      const Box *box = &g_array_index (boxes, Box, i);
      int y = (int) box->y;
      int x0 = (int) CLAMP (box->x, 0, width), x1 = (int) CLAMP (box->x + MAX (box->width - 1, 1), 0, width);
      guint32 *row = pixels + (gsize) y * stride;

      if (y < height)
        for (int x = x0; x < x1; x++)
          row[x] = 0xff000000u | box->key;
    }
  for (int y = 0; y < height; y++)
    if (y % ES_FLAME_GRAPH_ROW_HEIGHT != 0 && y % ES_FLAME_GRAPH_ROW_HEIGHT != ES_FLAME_GRAPH_ROW_HEIGHT - 1)
      memcpy (pixels + (gsize) y * stride, pixels + (gsize) (y - y % ES_FLAME_GRAPH_ROW_HEIGHT) * stride,
              (gsize) width * sizeof (guint32));
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

/**
 * es_flame_graph_label_cache_new:
 *
 * Returns: (transfer full): a cache for the labels of the flame graphs a
 *   widget draws one after the other (EsFlameGraphView.labels): a name is
 *   shaped once, not at each drawing and width
 */
EsLabelCache *
es_flame_graph_label_cache_new (void)
{
  return es_label_cache_new (LABEL_FONT);
}

/* Draws the profile into [0, width) x [0, height) of @cr: a row per
 * stack depth, each frame "label (Module)" where it has room. */
static void
paint (cairo_t                *cr,
       const EsFlameGraphView *view)
{
  g_autoptr(EsLabelCache) own_labels = NULL;
  EsLabelCache *labels = view->labels;
  g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (Box));
  g_autoptr(GString) name = g_string_new (NULL);
  Walk walk;
  WalkStep step;

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, view->width, view->height);
  cairo_clip (cr);
  if (view->dark)
    cairo_set_source_rgb (cr, 0.14, 0.14, 0.14);
  else
    cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);

  walk_init (&walk, view);
  while (walk_next (&walk, &step))
    {
      /* Whole pixels, so that a frame ends where its neighbour starts. */
      double x0 = round (step.x), x1 = round (step.x + step.width);
      Box box = { x0, step.row * ES_FLAME_GRAPH_ROW_HEIGHT, x1 - x0, 0, step.f.stack, step.f.cost_centre, step.f.cc };
      EsRgba c;

      if (box.width < 1)
        continue;
      frame_color (view, &step.f, &c);
      box.key = color_key (&c);
      g_array_append_val (boxes, box);
    }
  walk_clear (&walk);

  if (!fill_boxes_at_once (cr, view, boxes))
    {
      g_array_sort (boxes, compare_boxes);
      for (guint i = 0; i < boxes->len; )
        {
          guint32 key = g_array_index (boxes, Box, i).key;

          cairo_set_source_rgb (cr, (key >> 16) / 255.0, ((key >> 8) & 0xff) / 255.0, (key & 0xff) / 255.0);
          for (; i < boxes->len && g_array_index (boxes, Box, i).key == key; i++)
            {
              const Box *box = &g_array_index (boxes, Box, i);

              cairo_rectangle (cr, box->x, box->y, MAX (box->width - 1, 1), ES_FLAME_GRAPH_ROW_HEIGHT - 1);
            }
          cairo_fill (cr);
        }
    }

  /* Each label ellipsized as Pango does, from the name shaped once. */
  if (labels == NULL)
    labels = own_labels = es_label_cache_new (LABEL_FONT);
  es_label_cache_begin (labels, cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.85);
  for (guint i = 0; i < boxes->len; i++)
    {
      const Box *box = &g_array_index (boxes, Box, i);
      EsProfileFrame f;

      if (box->width < MIN_LABEL_WIDTH)
        continue;
      f.stack = box->stack;
      f.cost_centre = box->cost_centre;
      f.cc = box->cc;
      g_string_truncate (name, 0);
      es_profile_append_frame_name (&f, name);
      es_label_cache_show (labels, cr, name->str, box->x + 3, box->y, ES_FLAME_GRAPH_ROW_HEIGHT - 1, box->width - 6);
    }
  cairo_restore (cr);
}

/* Whether @cr's user space is its target's, moved by whole pixels. */
static gboolean
moved_by_whole_pixels (cairo_t *cr)
{
  cairo_matrix_t m;

  cairo_get_matrix (cr, &m);
  return m.xx == 1 && m.yy == 1 && m.xy == 0 && m.yx == 0 && m.x0 == floor (m.x0) && m.y0 == floor (m.y0);
}

/**
 * es_flame_graph_paint:
 *
 * Draws the profile into [0, width) x [0, height) of @cr: a row per stack
 * depth, each frame "label (Module)" where it has room.
 *
 * A GtkDrawingArea's cairo_t records into a recording surface that GSK
 * replays onto the window's pixels: there the boxes would be thousands of
 * rectangles and the labels Pango's layouts, each drawn twice, most of a
 * frame. The graph is drawn into a picture of the window's pixels
 * instead (@view's scale; without one, as before), with @cr's font
 * settings, as an image surface draws it fast (fill_boxes_at_once(), the
 * label cache), and the picture recorded: the same pixels once replayed,
 * where it lands on whole pixels. Vector surfaces (SVG, PDF) keep their
 * rectangles and text.
 */
void
es_flame_graph_paint (cairo_t                *cr,
                      const EsFlameGraphView *view)
{
  int scale = view->scale;
  cairo_surface_t *picture;
  cairo_font_options_t *options, *set;
  cairo_t *painter;

  if (scale < 1 || cairo_surface_get_type (cairo_get_target (cr)) != CAIRO_SURFACE_TYPE_RECORDING || view->width <= 0 ||
      view->height <= 0 || !moved_by_whole_pixels (cr))
    {
      paint (cr, view);
      return;
    }
  picture = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, view->width * scale, view->height * scale);
  if (cairo_surface_status (picture) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (picture);
      paint (cr, view);
      return;
    }
  cairo_surface_set_device_scale (picture, scale, scale);
  painter = cairo_create (picture);
  /* The text shaped and drawn as on @cr. */
  options = cairo_font_options_create ();
  set = cairo_font_options_create ();
  cairo_surface_get_font_options (cairo_get_target (cr), options);
  cairo_get_font_options (cr, set);
  cairo_font_options_merge (options, set);
  cairo_set_font_options (painter, options);
  cairo_font_options_destroy (options);
  cairo_font_options_destroy (set);
  paint (painter, view);
  cairo_destroy (painter);

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, view->width, view->height);
  cairo_clip (cr);
  cairo_set_source_surface (cr, picture, 0, 0);
  cairo_paint (cr);
  cairo_restore (cr);
  cairo_surface_destroy (picture);
}

/**
 * es_flame_graph_export:
 * @path: where to write; its ending (.png, .svg or .pdf) says the format
 *
 * Draws @view as es_flame_graph_paint() does, to a file, as
 * es_timeline_export() draws the timeline.
 *
 * Returns: %FALSE with @error set if the format is unknown or the file
 *   cannot be written.
 */
static void
paint_flame_graph (cairo_t       *cr,
                   gconstpointer  data)
{
  es_flame_graph_paint (cr, data);
}

gboolean
es_flame_graph_export (const EsFlameGraphView *view,
                       const char             *path,
                       GError                **error)
{
  g_return_val_if_fail (view != NULL && view->profile != NULL, FALSE);
  g_return_val_if_fail (path != NULL && view->width > 0 && view->height > 0, FALSE);

  return es_export_picture (path, view->width, view->height, paint_flame_graph, view, error);
}
