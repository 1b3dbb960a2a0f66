/* es-timeline-canvas.c: per-column bars written as pixels, and small text
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "es-timeline-painter-private.h"

/* A row is a few thousand one-pixel-wide bars. Cairo fills a path of
 * rectangles at about half a microsecond each, which makes a zoomed-out
 * frame cost more in path handling than in the queries. So each row's
 * bars are written straight into a small ARGB image, the canvas, which is
 * then painted once, at whole pixels and with the nearest filter, so that
 * the pixels come out as rectangles on whole pixels would (a recording
 * surface, as GTK's cairo nodes use, keeps one image instead of thousands
 * of rectangles). Vector targets (PDF, PostScript, SVG) get the
 * rectangles. */

static gboolean
wants_vectors (cairo_t *cr)
{
  switch (cairo_surface_get_type (cairo_get_target (cr)))
    {
    case CAIRO_SURFACE_TYPE_PDF:
    case CAIRO_SURFACE_TYPE_PS:
    case CAIRO_SURFACE_TYPE_SVG:
    case CAIRO_SURFACE_TYPE_SCRIPT:
      return TRUE;
    default:
      return FALSE;
    }
}

void
es_paint_canvas_init (EsPaintContext *ctx)
{
  ctx->use_canvas = !wants_vectors (ctx->cr);
}

void
es_paint_canvas_clear (EsPaintContext *ctx)
{
  g_clear_pointer (&ctx->canvas, cairo_surface_destroy);
  g_clear_pointer (&ctx->under_plain, g_free);
  g_clear_pointer (&ctx->under_grid, g_free);
  ctx->canvas_under = NULL;
}

/* Starts a row: the canvas covers [top, top + height) of the data area,
 * transparent. Each row has a canvas of its own height, given away once
 * painted: the target is most often a recording surface (GTK's Cairo
 * nodes), which keeps every row's pixels until the frame is drawn, and a
 * canvas used again would make it copy the whole canvas for each row. */
void
es_paint_canvas_begin (EsPaintContext *ctx,
                       int             top,
                       int             height)
{
  if (!ctx->use_canvas)
    return;
  g_clear_pointer (&ctx->canvas, cairo_surface_destroy);
  ctx->canvas_data = NULL;
  ctx->canvas_top = top;
  ctx->canvas_height = 0;
  if (height <= 0 || ctx->view->width <= 0)
    return;
  ctx->canvas = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, ctx->view->width, height);
  if (cairo_surface_status (ctx->canvas) != CAIRO_STATUS_SUCCESS)
    return;
  /* Created cleared to transparent. */
  cairo_surface_flush (ctx->canvas);
  ctx->canvas_data = cairo_image_surface_get_data (ctx->canvas);
  ctx->canvas_stride = cairo_image_surface_get_stride (ctx->canvas);
  ctx->canvas_height = height;
}

/* Most rows draw nothing with Cairo under their bars: their canvas can
 * start as the background the frame painted under them (the idle colour,
 * and the grid's faint lines below the ruler), and be painted over it
 * instead of the background (es_paint_canvas_begin_opaque()). Painted
 * over the background, the transparent canvas left it as it was, and a
 * bar's pixel replaced it (an opaque one) or was blended over it, as
 * canvas_fill() blends it now: the same pixels, with a window-sized fill
 * less a frame. The background's two pixels are Cairo's own, painted and
 * stroked as the frame paints and strokes them. */
void
es_paint_canvas_prepare_under (EsPaintContext *ctx,
                               guint64         step)
{
  const EsTimelineView *view = ctx->view;
  cairo_surface_t *scrap;
  cairo_t *cr;
  g_autofree guint8 *grid = NULL;
  guint32 plain, lined;

  if (!ctx->use_canvas || view->width <= 0 || step == 0)
    return;
  scrap = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 2, 1);
  cr = cairo_create (scrap);
  /* As es_paint_set_color() and es_paint_grid_lines() set them. */
  cairo_set_source_rgb (cr, ctx->colors[ES_COLOR_IDLE].red, ctx->colors[ES_COLOR_IDLE].green,
                        ctx->colors[ES_COLOR_IDLE].blue);
  cairo_paint (cr);
  cairo_move_to (cr, 0.5, 0);
  cairo_line_to (cr, 0.5, 1);
  cairo_set_source_rgba (cr, ctx->colors[ES_COLOR_GRID].red, ctx->colors[ES_COLOR_GRID].green,
                         ctx->colors[ES_COLOR_GRID].blue, 0.6);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  cairo_destroy (cr);
  cairo_surface_flush (scrap);
  lined = ((guint32 *) (gpointer) cairo_image_surface_get_data (scrap))[0];
  plain = ((guint32 *) (gpointer) cairo_image_surface_get_data (scrap))[1];
  cairo_surface_destroy (scrap);

  grid = g_new0 (guint8, view->width);
  es_paint_grid_columns (ctx, step, grid);
  ctx->under_plain = g_new (guint32, view->width);
  ctx->under_grid = g_new (guint32, view->width);
  for (int x = 0; x < view->width; x++)
    {
      ctx->under_plain[x] = plain;
      ctx->under_grid[x] = grid[x] ? lined : plain;
    }
}

/* es_paint_canvas_begin() for a row that draws nothing with Cairo before
 * its canvas is painted: the canvas starts as the background under it,
 * with the grid's lines or without, and is painted over everything.
 * FALSE if it cannot be (the frame paints the background there). */
gboolean
es_paint_canvas_begin_opaque (EsPaintContext *ctx,
                              int             top,
                              int             height,
                              gboolean        grid)
{
  static const cairo_user_data_key_t pixels_key;
  const guint32 *under;
  guint8 *data;
  int stride;

  g_clear_pointer (&ctx->canvas, cairo_surface_destroy);
  ctx->canvas_data = NULL;
  ctx->canvas_under = NULL;
  ctx->canvas_top = top;
  ctx->canvas_height = 0;
  under = grid ? ctx->under_grid : ctx->under_plain;
  if (!ctx->use_canvas || under == NULL || height <= 0 || ctx->view->width <= 0)
    return FALSE;
  stride = cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, ctx->view->width);
  if (stride <= 0)
    return FALSE;
  /* Each line written once, as the background: a surface of Cairo's own
   * would be cleared first. */
  data = g_malloc ((gsize) stride * height);
  ctx->canvas = cairo_image_surface_create_for_data (data, CAIRO_FORMAT_ARGB32, ctx->view->width, height, stride);
  if (cairo_surface_status (ctx->canvas) != CAIRO_STATUS_SUCCESS ||
      cairo_surface_set_user_data (ctx->canvas, &pixels_key, data,
                                   g_free) != CAIRO_STATUS_SUCCESS)
    {
      g_clear_pointer (&ctx->canvas, cairo_surface_destroy);
      g_free (data);
      return FALSE;
    }
  for (int y = 0; y < height; y++)
    memcpy (data + (gsize) y * stride, under, (gsize) ctx->view->width * sizeof (guint32));
  ctx->canvas_data = data;
  ctx->canvas_stride = stride;
  ctx->canvas_height = height;
  ctx->canvas_under = under;
  return TRUE;
}

static gboolean opaque_canvases = TRUE;

/**
 * es_paint_set_opaque_canvases:
 *
 * For tests: with %FALSE, every row's canvas is transparent and painted
 * over the background, as before opaque canvases (which paint the same
 * pixels).
 */
void
es_paint_set_opaque_canvases (gboolean enabled)
{
  opaque_canvases = enabled;
}

/* Whether @row's canvas starts as the background under it
 * (es_paint_canvas_begin_opaque()): rows that draw nothing with Cairo
 * before their canvas is painted, wholly above the grid's lines or below
 * the ruler, on a target of pixels. */
gboolean
es_paint_row_is_opaque (EsPaintContext      *ctx,
                        const EsTimelineRow *row,
                        int                  ruler_bottom)
{
  if (!opaque_canvases || ctx->under_plain == NULL || es_paint_row_is_skipped (ctx, row))
    return FALSE;
  if (row->y < ruler_bottom && row->y + row->height > ruler_bottom)
    return FALSE;
  switch (row->kind)
    {
    case ES_ROW_CAP:
    case ES_ROW_SPARK_CREATION:
    case ES_ROW_SPARK_CONVERSION:
    case ES_ROW_SPARK_POOL:
    case ES_ROW_HEAP:
      return TRUE;
    case ES_ROW_RULER:
    case ES_ROW_ACTIVITY:
    case ES_ROW_SPANS:
    case ES_ROW_HEAP_PROFILE:
    case ES_ROW_THREADS:
    case ES_ROW_THREAD:
    case ES_ROW_PROFILE:
    case ES_ROW_COUNTER:
    case ES_N_ROW_KINDS:
    default:
      return FALSE;
    }
}

/* Clips the data area of @band to where no opaque row of it is. */
void
es_paint_clip_out_rows (EsPaintContext *ctx,
                        GArray         *rows,
                        double          band_top,
                        double          band_bottom,
                        guint           index,
                        const guint8   *opaque,
                        const guint    *row_band)
{
  cairo_t *cr = ctx->cr;

  cairo_rectangle (cr, ES_TIMELINE_GUTTER, band_top, ctx->view->width, band_bottom - band_top);
  for (guint r = ctx->first_row; r < ctx->end_row; r++)
    {
      const EsTimelineRow *row = &g_array_index (rows, EsTimelineRow, r);
      double top = MAX (row->y, band_top), bottom = MIN (row->y + row->height, band_bottom);

      if (opaque[r - ctx->first_row] && row_band[r - ctx->first_row] == index && bottom > top)
        cairo_rectangle (cr, ES_TIMELINE_GUTTER, top, ctx->view->width, bottom - top);
    }
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  cairo_clip (cr);
}

/* The source and line width es_paint_grid_lines() leaves, over [@top,
 * @bottom), where the band's background was painted in a Cairo state of
 * its own. */
void
es_paint_as_grid_lines (EsPaintContext *ctx,
                        double          top,
                        double          bottom)
{
  if (bottom <= top)
    return;
  es_paint_set_color_alpha (ctx, ES_COLOR_GRID, 0.6);
  cairo_set_line_width (ctx->cr, 1);
}

/* The band's background under @row, where its opaque canvas could not be
 * made after all. */
void
es_paint_row_background (EsPaintContext      *ctx,
                         const EsTimelineRow *row,
                         guint64              step,
                         int                  ruler_bottom,
                         double               band_bottom)
{
  cairo_t *cr = ctx->cr;

  cairo_save (cr);
  cairo_rectangle (cr, ES_TIMELINE_GUTTER, row->y, ctx->view->width, row->height);
  cairo_clip (cr);
  es_paint_set_color (ctx, ES_COLOR_IDLE);
  cairo_paint (cr);
  es_paint_grid_lines (ctx, step, MAX (row->y, ruler_bottom), MIN (row->y + row->height, band_bottom));
  cairo_restore (cr);
}

/* Paints what the row wrote so far; text and lines drawn with Cairo after
 * this go over it. */
void
es_paint_canvas_flush (EsPaintContext *ctx)
{
  cairo_t *cr = ctx->cr;

  if (!ctx->use_canvas || ctx->canvas_data == NULL || ctx->canvas_height == 0)
    return;
  cairo_surface_mark_dirty (ctx->canvas);
  cairo_save (cr);
  cairo_set_source_surface (cr, ctx->canvas, ES_TIMELINE_GUTTER, ctx->canvas_top);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_NEAREST);
  cairo_rectangle (cr, ES_TIMELINE_GUTTER, ctx->canvas_top, ctx->view->width, ctx->canvas_height);
  cairo_fill (cr);
  cairo_restore (cr);
  g_clear_pointer (&ctx->canvas, cairo_surface_destroy);
  ctx->canvas_data = NULL;
  ctx->canvas_under = NULL;
  ctx->canvas_height = 0;
}

/* Pixman's OVER of premultiplied @src on @dest, to the bit: each channel
 * of @dest times the inverse of @src's alpha, divided by 255 rounded as
 * pixman divides, plus @src's, saturated. */
static guint32
over (guint32 src,
      guint32 dest)
{
  guint32 inverse = 255 - (src >> 24), result = 0;

  for (int shift = 0; shift < 32; shift += 8)
    {
      guint32 t = ((dest >> shift) & 0xff) * inverse + 0x80;

      t = (t + (t >> 8)) >> 8;
      result |= MIN (((src >> shift) & 0xff) + t, 255u) << shift;
    }
  return result;
}

static guint32
premultiplied (const EsRgba *c,
               double        alpha)
{
  guint32 a = (guint32) lround (alpha * 255);

  return a << 24 |
         (guint32) lround (c->red * alpha * 255) << 16 |
         (guint32) lround (c->green * alpha * 255) << 8 |
         (guint32) lround (c->blue * alpha * 255);
}

static void
canvas_fill (EsPaintContext *ctx,
             int             x0,
             int             x1,
             int             top,
             int             bottom,
             guint32         pixel)
{
  guint8 *data;

  x0 = MAX (x0, 0);
  x1 = MIN (x1, ctx->view->width);
  top = MAX (top - ctx->canvas_top, 0);
  bottom = MIN (bottom - ctx->canvas_top, ctx->canvas_height);
  data = ctx->canvas_data + (gsize) top * ctx->canvas_stride;
  /* A translucent bar on an opaque canvas: over the background, as the
   * transparent canvas painted over it would have put it. */
  if (ctx->canvas_under != NULL && (pixel >> 24) != 0xff)
    {
      for (int y = top; y < bottom; y++, data += ctx->canvas_stride)
        {
          guint32 *line = (guint32 *) (gpointer) data;

          for (int x = x0; x < x1; x++)
            line[x] = over (pixel, ctx->canvas_under[x]);
        }
      return;
    }
  if (x1 == x0 + 1)
    {
      /* The usual case zoomed out: one column, every value different. */
      for (int y = top; y < bottom; y++, data += ctx->canvas_stride)
        ((guint32 *) (gpointer) data)[x0] = pixel;
      return;
    }
  for (int y = top; y < bottom; y++, data += ctx->canvas_stride)
    {
      guint32 *line = (guint32 *) (gpointer) data;

      for (int x = x0; x < x1; x++)
        line[x] = pixel;
    }
}

/* Runs of neighbouring columns with the same extent become one rectangle:
 * a bar that holds for many columns costs one fill, not one per column. */
void
es_column_runs_begin (EsColumnRuns   *runs,
                      EsPaintContext *ctx,
                      EsColor         color,
                      double          alpha)
{
  *runs = (EsColumnRuns) { ctx, color, alpha, ctx->colors[color], premultiplied (&ctx->colors[color], alpha), 0, 0, 0, 0 };
}

/* The same in a colour outside the EsColor set (a heap profile's bands). */
void
es_column_runs_begin_rgba (EsColumnRuns   *runs,
                           EsPaintContext *ctx,
                           const EsRgba   *rgba)
{
  *runs = (EsColumnRuns) { ctx, ES_COLOR_TEXT, rgba->alpha, *rgba, premultiplied (rgba, rgba->alpha), 0, 0, 0, 0 };
}

static void
column_runs_emit (EsColumnRuns *runs)
{
  EsPaintContext *ctx = runs->ctx;

  if (runs->end <= runs->start)
    return;
  if (ctx->use_canvas)
    {
      if (ctx->canvas_data != NULL)
        canvas_fill (ctx, runs->start, runs->end, runs->top, runs->bottom, runs->pixel);
    }
  else
    cairo_rectangle (ctx->cr, ES_TIMELINE_GUTTER + runs->start, runs->top,
                     runs->end - runs->start, runs->bottom - runs->top);
  runs->start = runs->end = 0;
}

/* Adds column @column over [top, bottom); nothing if that is empty.
 * Columns come left to right. */
void
es_column_runs_add (EsColumnRuns *runs,
                    int           column,
                    int           top,
                    int           bottom)
{
  if (bottom <= top)
    return;
  if (runs->end > runs->start && column == runs->end &&
      top == runs->top && bottom == runs->bottom)
    {
      runs->end++;
      return;
    }
  column_runs_emit (runs);
  runs->start = column;
  runs->end = column + 1;
  runs->top = top;
  runs->bottom = bottom;
}

void
es_column_runs_end (EsColumnRuns *runs)
{
  column_runs_emit (runs);
  if (!runs->ctx->use_canvas)
    {
      cairo_set_source_rgba (runs->ctx->cr, runs->rgba.red, runs->rgba.green, runs->rgba.blue, runs->alpha);
      cairo_fill (runs->ctx->cr);
    }
}

void
es_paint_set_color (EsPaintContext *ctx,
                    EsColor         color)
{
  const EsRgba *c = &ctx->colors[color];

  cairo_set_source_rgb (ctx->cr, c->red, c->green, c->blue);
}

void
es_paint_set_color_alpha (EsPaintContext *ctx,
                          EsColor         color,
                          double          alpha)
{
  const EsRgba *c = &ctx->colors[color];

  cairo_set_source_rgba (ctx->cr, c->red, c->green, c->blue, alpha);
}

/**
 * es_paint_no_data:
 * @from: the time from which nothing is known of the row
 *
 * Hatches @row from @from to the view's right edge: drawn over nothing,
 * so that no data never reads as idle, and in the text's colour, so that
 * it shows in either theme.
 */
void
es_paint_no_data (EsPaintContext      *ctx,
                  const EsTimelineRow *row,
                  guint64              from)
{
  const EsTimelineView *view = ctx->view;
  double x0, x1 = ES_TIMELINE_GUTTER + view->width;

  if (from >= view->t1)
    return;
  x0 = from <= view->t0 ? ES_TIMELINE_GUTTER : ceil (es_timeline_time_to_x (view, from));
  if (x0 >= x1)
    return;
  es_paint_canvas_flush (ctx);
  cairo_save (ctx->cr);
  cairo_rectangle (ctx->cr, x0, row->y + 1, x1 - x0, row->height - 2);
  cairo_clip (ctx->cr);
  /* Lines fixed to the time axis' pixels, not to @from: a pan slides
   * them along as it does the rest of the picture. */
  for (double x = x0 - fmod (x0, 8) - row->height; x < x1; x += 8)
    {
      cairo_move_to (ctx->cr, x, row->y + row->height);
      cairo_line_to (ctx->cr, x + row->height, row->y);
    }
  es_paint_set_color_alpha (ctx, ES_COLOR_TEXT, 0.3);
  cairo_set_line_width (ctx->cr, 1);
  cairo_stroke (ctx->cr);
  cairo_restore (ctx->cr);
}

/* For text on a bar of @ground: the palette's colour for it. */
void
es_paint_set_text_color (EsPaintContext *ctx,
                         EsColor         ground)
{
  EsRgba c;

  if (!es_timeline_text_color (ground, ctx->view->dark, &c))
    {
      g_warn_if_reached ();
      es_timeline_color (ES_COLOR_TEXT, ctx->view->dark, &c);
    }
  cairo_set_source_rgb (ctx->cr, c.red, c.green, c.blue);
}

/* Small text on a translucent patch of background, so that it stays
 * readable over bars and lines. Returns the text's width. */
int
es_paint_text_box (EsPaintContext *ctx,
                   const char     *text,
                   double          x,
                   double          y,
                   int             max_width,
                   gboolean        align_right,
                   EsColor         color)
{
  PangoLayout *layout = es_paint_text_layout (ctx->cr, SMALL_FONT, text, max_width > 0 ? max_width * PANGO_SCALE : -1, -1);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  if (align_right)
    x -= w;
  x = floor (x);
  y = floor (y);
  es_paint_set_color_alpha (ctx, ES_COLOR_IDLE, 0.8);
  cairo_rectangle (ctx->cr, x - 2, y, w + 4, h);
  cairo_fill (ctx->cr);
  es_paint_set_color (ctx, color);
  cairo_move_to (ctx->cr, x, y);
  pango_cairo_show_layout (ctx->cr, layout);
  return w;
}

/**
 * es_timeline_band_end:
 * @top: where the band starts
 * @bottom: the end of what is painted
 *
 * The window paints its rows in bands of whole rows about
 * ES_TIMELINE_BAND_HEIGHT pixels tall, a Cairo node each: GSK's Cairo
 * renderer replays a node into an image of its size before drawing it, and
 * one node for the whole view cost a window-sized image at each frame's
 * peak (5 MB at 1600 x 1000).
 *
 * Returns: the end of the band that starts at @top: the top of the first
 *   row from @top + ES_TIMELINE_BAND_HEIGHT on, or @bottom
 */
int
es_timeline_band_end (GArray *rows,
                      int     top,
                      int     bottom)
{
  guint lo = 0, hi = rows != NULL ? rows->len : 0;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (rows, EsTimelineRow, mid).y < top + ES_TIMELINE_BAND_HEIGHT)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (rows == NULL || lo == rows->len)
    return bottom;
  return MIN (g_array_index (rows, EsTimelineRow, lo).y, bottom);
}

/**
 * es_timeline_warm_text:
 *
 * Sets and draws, on a scrap surface, the characters the painter's labels
 * use, in both its fonts: a process's first layout in a font finds the
 * font with Fontconfig, loads its face and renders its glyphs, 10-20 ms
 * that would otherwise fall in the first frame of the first log opened or
 * followed. A window calls it once, after its own first frame; on the
 * thread that paints, whose font map Pango's is.
 */
void
es_timeline_warm_text (void)
{
  static const char text[] = "0123456789 .,:;-+%()[]/\xe2\x80\xa6 \xc2\xb5 abcdefghijklmnopqrstuvwxyz "
                             "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  /* Wide enough for the line: Cairo renders no glyph outside the surface. */
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1024, 24);
  cairo_t *cr = cairo_create (surface);

  for (int small = 0; small < 2; small++)
    {
      g_autoptr(PangoLayout) layout = es_paint_measuring_layout (small);

      /* The options of an image surface, as the frames' have. */
      pango_cairo_update_layout (cr, layout);
      pango_layout_set_text (layout, text, -1);
      cairo_move_to (cr, 0, 0);
      pango_cairo_show_layout (cr, layout);
    }
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}
