/* es-timeline-bookmarks.c: the user's bookmarks, as lines and flags
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

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
      /* The background's colour reads on the flag in both themes. */
      es_paint_set_color (ctx, ES_COLOR_IDLE);
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
