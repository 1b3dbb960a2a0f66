/* es-timeline-bookmarks.c: the bookmarks, and the rest drawn over the rows
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "es-search.h"
#include "es-timeline-painter-private.h"

/* A bookmark is a line across every row under the ruler, and a flag at the
 * foot of the ruler holding its name as far as the next bookmark leaves
 * room (a bare pennant when there is none). Drawn over the data and the
 * markers, since the user chose them. Several bookmarks in one pixel
 * column draw once, so the cost is O(width) whatever their number.
 * More than MAX_BOOKMARK_LINES in view would bury the data under a red
 * curtain: like dense markers they become ticks at the ruler's foot (above
 * the markers' ticks), one per pixel column that has any, and zooming in
 * brings the lines and flags back. */

#define FLAG_HEIGHT        12
#define FLAG_PENNANT       6
#define FLAG_MAX_WIDTH     140
#define FLAG_MIN_ROOM      30
#define MAX_BOOKMARK_LINES 40
#define DENSE_TICK         6

static guint
lower_bound_bookmark (const EsBookmark *bookmarks,
                      guint             n,
                      guint64           time)
{
  return es_search_lower_bound (bookmarks, n, sizeof (EsBookmark), G_STRUCT_OFFSET (EsBookmark, time), time);
}

static void
paint_flag (EsPaintContext      *ctx,
            const EsTimelineRow *ruler,
            const EsBookmark    *bookmark,
            double               x,
            double               room)
{
  cairo_t *cr = ctx->cr;
  double bottom = ruler->y + ruler->height - 1;
  double top = bottom - FLAG_HEIGHT;
  int w = 0, h = 0;

  if (room >= FLAG_MIN_ROOM && bookmark->name != NULL && bookmark->name[0] != '\0')
    {
      pango_layout_set_text (ctx->small, bookmark->name, -1);
      pango_layout_set_width (ctx->small, (int) (MIN (room, FLAG_MAX_WIDTH) - 6) * PANGO_SCALE);
      pango_layout_set_ellipsize (ctx->small, PANGO_ELLIPSIZE_END);
      pango_layout_get_pixel_size (ctx->small, &w, &h);

      cairo_rectangle (cr, x - 0.5, top, w + 6, FLAG_HEIGHT);
      es_paint_set_color (ctx, ES_COLOR_BOOKMARK);
      cairo_fill (cr);
      es_paint_set_text_color (ctx, ES_COLOR_BOOKMARK);
      cairo_move_to (cr, x + 3, top + floor ((FLAG_HEIGHT - h) / 2.0));
      pango_cairo_show_layout (cr, ctx->small);
      pango_layout_set_width (ctx->small, -1);
      pango_layout_set_ellipsize (ctx->small, PANGO_ELLIPSIZE_NONE);
      return;
    }
  cairo_move_to (cr, x - 0.5, top);
  cairo_line_to (cr, x - 0.5 + FLAG_PENNANT, top + FLAG_HEIGHT / 4.0);
  cairo_line_to (cr, x - 0.5, top + FLAG_HEIGHT / 2.0);
  cairo_close_path (cr);
  es_paint_set_color (ctx, ES_COLOR_BOOKMARK);
  cairo_fill (cr);
}

void
es_paint_bookmarks (EsPaintContext *ctx,
                    GArray         *rows)
{
  const EsTimelineView *view = ctx->view;
  const EsTimelineRow *ruler = NULL;
  const EsBookmark *bookmarks;
  cairo_t *cr = ctx->cr;
  double top = -1, bottom = es_timeline_layout_height (rows), last_x = -1;
  guint n, first, last;

  if (view->bookmarks == NULL || view->bookmarks->len == 0)
    return;
  bookmarks = (const EsBookmark *) (gconstpointer) view->bookmarks->data;
  n = view->bookmarks->len;
  first = lower_bound_bookmark (bookmarks, n, view->t0);
  last = view->t1 == G_MAXUINT64 ? n : lower_bound_bookmark (bookmarks, n, view->t1 + 1);
  if (first >= last)
    return;
  /* The ruler comes first: stop at the first row under it. */
  for (guint r = 0; r < rows->len && top < 0; r++)
    {
      const EsTimelineRow *row = &g_array_index (rows, EsTimelineRow, r);

      if (row->kind == ES_ROW_RULER)
        ruler = row;
      else
        top = row->y;
    }
  if (last - first > MAX_BOOKMARK_LINES)
    {
      if (ruler != NULL && !es_paint_row_is_clipped (ctx, ruler))
        {
          int tick_bottom = ruler->y + ruler->height - 1 - DENSE_TICK;

          es_paint_dense_ticks (ctx, bookmarks, sizeof (EsBookmark), G_STRUCT_OFFSET (EsBookmark, time),
                                n, first, last, ES_COLOR_BOOKMARK, tick_bottom - DENSE_TICK, tick_bottom);
        }
      return;
    }
  if (top < 0)
    top = bottom;
  if (ruler != NULL)
    top = MIN (top, ruler->y + ruler->height - 1);

  for (guint i = first; i < last; i++)
    {
      double x = floor (es_timeline_time_to_x (view, bookmarks[i].time)) + 0.5;

      if (x == last_x)
        continue;
      cairo_move_to (cr, x, top);
      cairo_line_to (cr, x, bottom);
      last_x = x;
    }
  cairo_set_line_width (cr, 1);
  es_paint_set_color (ctx, ES_COLOR_BOOKMARK);
  cairo_stroke (cr);

  if (ruler == NULL || es_paint_row_is_clipped (ctx, ruler))
    return;
  for (guint i = first; i < last;)
    {
      double x = floor (es_timeline_time_to_x (view, bookmarks[i].time)) + 0.5;
      double next = ES_TIMELINE_GUTTER + view->width;
      guint k = i + 1;

      /* The first of a column has its flag, as far as the next column. */
      while (k < last && floor (es_timeline_time_to_x (view, bookmarks[k].time)) + 0.5 == x)
        k++;
      if (k < last)
        next = floor (es_timeline_time_to_x (view, bookmarks[k].time)) + 0.5;
      paint_flag (ctx, ruler, &bookmarks[i], x, next - x - 2);
      i = k;
    }
}

/* A log still being written ends at "now": runs, GCs and spans open there
 * are drawn up to it and go on. A dashed edge says so, unlike the closed
 * end of a finished log. */
static void
paint_now (EsPaintContext *ctx,
           int             bottom)
{
  const EsTimelineView *view = ctx->view;
  double x = es_timeline_time_to_x (view, es_document_get_end_time (view->document));
  static const double dashes[] = { 4, 3 };

  if (x < ES_TIMELINE_GUTTER || x > ES_TIMELINE_GUTTER + view->width)
    return;
  cairo_save (ctx->cr);
  cairo_set_dash (ctx->cr, dashes, G_N_ELEMENTS (dashes), 0);
  cairo_set_line_width (ctx->cr, 1);
  es_paint_set_color (ctx, ES_COLOR_TEXT);
  cairo_move_to (ctx->cr, floor (x) - 0.5, MAX (ctx->clip_top, 0));
  cairo_line_to (ctx->cr, floor (x) - 0.5, bottom);
  cairo_stroke (ctx->cr);
  cairo_restore (ctx->cr);
}

/* Whether @row shows detail a live log lets go of past its memory limit
 * (each cap's runs, GC phases and instants, and the threads made of
 * them); its GCs, heap, sparks, spans and profile are kept whole. */
static gboolean
shows_detail (const EsTimelineRow *row)
{
  return row->kind == ES_ROW_CAP || row->kind == ES_ROW_ACTIVITY || row->kind == ES_ROW_THREADS ||
         row->kind == ES_ROW_THREAD;
}

/* The background, mostly covering what is under it, with a faint diagonal
 * line every HATCH_STEP pixels: one tile, repeated from @left (steady as
 * the view follows), where stroking the lines cost 2.5 ms a frame. */
#define HATCH_STEP 8

static cairo_pattern_t *
hatch_pattern (EsPaintContext *ctx,
               double          left)
{
  cairo_surface_t *tile = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, HATCH_STEP, HATCH_STEP);
  cairo_t *cr = cairo_create (tile);
  cairo_pattern_t *pattern;
  cairo_matrix_t matrix;

  cairo_set_source_rgba (cr, ctx->colors[ES_COLOR_IDLE].red, ctx->colors[ES_COLOR_IDLE].green,
                         ctx->colors[ES_COLOR_IDLE].blue, 0.85);
  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  cairo_paint (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
  cairo_set_source_rgba (cr, ctx->colors[ES_COLOR_TEXT].red, ctx->colors[ES_COLOR_TEXT].green,
                         ctx->colors[ES_COLOR_TEXT].blue, 0.25);
  for (int x = 0; x < HATCH_STEP; x++)
    cairo_rectangle (cr, x, HATCH_STEP - 1 - x, 1, 1);
  cairo_fill (cr);
  cairo_destroy (cr);
  pattern = cairo_pattern_create_for_surface (tile);
  cairo_surface_destroy (tile);
  cairo_pattern_set_extend (pattern, CAIRO_EXTEND_REPEAT);
  cairo_pattern_set_filter (pattern, CAIRO_FILTER_NEAREST);
  cairo_matrix_init_translate (&matrix, -left, 0);
  cairo_pattern_set_matrix (pattern, &matrix);
  return pattern;
}

/* Before a live log's detail start (es_document_get_detail_start()), the
 * rows of detail are hatched, and the first says why: they are not idle,
 * their detail was let go of to keep the log within its memory limit. */
static void
paint_let_go (EsPaintContext *ctx,
              GArray         *rows)
{
  const EsTimelineView *view = ctx->view;
  guint64 from = es_document_get_detail_start (view->document);
  double left = ES_TIMELINE_GUTTER, right;
  guint labelled = G_MAXUINT;
  cairo_pattern_t *hatch;

  if (from <= es_document_get_start_time (view->document))
    return;
  /* The first row of detail says why, whichever band it is in. */
  for (guint r = 0; r < rows->len && labelled == G_MAXUINT; r++)
    if (shows_detail (&g_array_index (rows, EsTimelineRow, r)))
      labelled = r;
  right = MIN (es_timeline_time_to_x (view, from), ES_TIMELINE_GUTTER + view->width);
  if (right <= left)
    return;
  hatch = hatch_pattern (ctx, left);
  for (guint r = ctx->first_row; r < ctx->end_row; r++)
    {
      const EsTimelineRow *row = &g_array_index (rows, EsTimelineRow, r);

      if (!shows_detail (row) || es_paint_row_is_clipped (ctx, row))
        continue;
      cairo_set_source (ctx->cr, hatch);
      cairo_rectangle (ctx->cr, left, row->y, right - left, row->height - 1);
      cairo_fill (ctx->cr);
      if (r == labelled && right - left > 60)
        {
          g_autofree char *time = es_timeline_format_time (from - es_document_get_start_time (view->document),
                                                           1000000);
          /* Translators: %s is a time since the run's start, "5.72 s" */
          g_autofree char *text = g_strdup_printf (_("Detail before %s let go (memory limit)"), time);

          es_paint_text_box (ctx, text, right - 4, row->y + 1, (int) (right - left) - 8, TRUE, ES_COLOR_TEXT);
        }
    }
  cairo_pattern_destroy (hatch);
}

/* What is drawn over the rows of one band: the separators between rows,
 * the markers, the chosen thread's runs, the bookmarks, the "now" edge. */
void
es_paint_over_rows (EsPaintContext *ctx,
                    GArray         *rows,
                    int             height)
{
  cairo_t *cr = ctx->cr;

  /* Row separators over the data, so that bars never hide them. */
  for (guint r = ctx->first_row; r < ctx->end_row; r++)
    {
      const EsTimelineRow *row = &g_array_index (rows, EsTimelineRow, r);

      if (row->kind == ES_ROW_RULER || es_paint_row_is_clipped (ctx, row))
        continue;
      cairo_move_to (cr, ES_TIMELINE_GUTTER, row->y + row->height - 0.5);
      cairo_line_to (cr, ES_TIMELINE_GUTTER + ctx->view->width, row->y + row->height - 0.5);
    }
  es_paint_set_color (ctx, ES_COLOR_GRID);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);

  paint_let_go (ctx, rows);
  es_paint_markers (ctx, rows);
  es_paint_selected_thread_runs (ctx, rows);
  es_paint_bookmarks (ctx, rows);
  if (ctx->view->ongoing)
    paint_now (ctx, MIN (ctx->clip_bottom, height));
}
