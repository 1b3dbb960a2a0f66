/* es-timeline-spans.c: the Spans row, the user's START/STOP spans as bars
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "es-search.h"
#include "es-timeline-painter-private.h"

/* Spans that overlap go in lanes, the first free one from the top; a
 * fourth at once shares the last lane. */
#define SPAN_LANES       3
#define SPAN_LANE_HEIGHT 12
#define SPAN_LABEL_MIN_PX 24

/* Lanes are given in time, over every span from the start, so a span keeps
 * its lane while the view moves: O(spans starting before the view's end). */
/* Bars narrower than this, as they come by the thousand when zoomed out,
 * are filled together as one run; a wider bar is a span a person can see,
 * so it keeps its own edges (a pixel's gap at its end) even when the next
 * one starts where it stops. */
#define SPAN_EDGE_MIN_PX 4

typedef struct
{
  double x0, x1;
} LaneRun;

static void
flush_run (EsPaintContext *ctx,
           LaneRun        *run,
           double          top)
{
  if (run->x1 <= run->x0)
    return;
  cairo_rectangle (ctx->cr, run->x0, top, run->x1 - run->x0, SPAN_LANE_HEIGHT - 2);
  run->x0 = run->x1 = 0;
}

/* The pixels a span covers, rounded the same way for every span, so a
 * span that starts where another stops starts on the pixel it stops on. */
static void
span_extent (const EsTimelineView *view,
             const EsSpan         *span,
             double               *x0,
             double               *x1)
{
  double right = ES_TIMELINE_GUTTER + view->width;

  *x0 = MAX (round (es_timeline_time_to_x (view, span->start)), ES_TIMELINE_GUTTER);
  *x1 = MIN (round (es_timeline_time_to_x (view, span->end)), right);
  *x1 = MAX (*x1, *x0 + 1);
}

void
es_paint_spans_row (EsPaintContext      *ctx,
                    const EsTimelineRow *row)
{
  const EsTimelineView *view = ctx->view;
  guint64 lane_end[SPAN_LANES] = { 0 };
  gboolean lane_used[SPAN_LANES] = { FALSE };
  LaneRun runs[SPAN_LANES] = { { 0, 0 } };
  LaneRun bars[SPAN_LANES] = { { 0, 0 } };
  double label_right[SPAN_LANES] = { 0 };
  g_autoptr(GArray) labels = g_array_new (FALSE, FALSE, sizeof (guint));
  const EsSpan *spans;
  guint n, last;

  es_paint_canvas_flush (ctx);
  spans = es_document_get_spans (ctx->document, &n);
  last = es_search_upper_bound (spans, n, sizeof (EsSpan), G_STRUCT_OFFSET (EsSpan, start), view->t1);
  es_paint_set_color (ctx, ES_COLOR_SPAN);
  for (guint i = 0; i < last; i++)
    {
      const EsSpan *span = &spans[i];
      guint lane = SPAN_LANES - 1;
      double top, x0, x1;

      for (guint l = 0; l < SPAN_LANES; l++)
        if (!lane_used[l] || lane_end[l] <= span->start)
          {
            lane = l;
            break;
          }
      lane_used[lane] = TRUE;
      lane_end[lane] = MAX (lane_end[lane], span->end);
      if (span->end < view->t0)
        continue;

      top = row->y + 3 + lane * SPAN_LANE_HEIGHT;
      span_extent (view, span, &x0, &x1);
      if (x1 - x0 >= SPAN_EDGE_MIN_PX)
        {
          flush_run (ctx, &runs[lane], top);
          /* Bars that overlap (the last lane's pile, thousands of spans
           * left open to the log's end) are one rectangle: the same
           * pixels, where a rectangle each made the fill cost more than
           * the rest of the frame. */
          if (bars[lane].x1 > bars[lane].x0 && x0 <= bars[lane].x1)
            bars[lane].x1 = MAX (bars[lane].x1, x1 - 1);
          else
            {
              flush_run (ctx, &bars[lane], top);
              bars[lane].x0 = x0;
              bars[lane].x1 = x1 - 1;
            }
        }
      else if (runs[lane].x1 > runs[lane].x0 && x0 <= runs[lane].x1)
        runs[lane].x1 = MAX (runs[lane].x1, x1);
      else
        {
          flush_run (ctx, &runs[lane], top);
          runs[lane].x0 = x0;
          runs[lane].x1 = x1;
        }
      /* One name per stretch of a lane: spans piled into the last lane (or
       * left open to the end of the log, by the thousand) would only
       * write over each other. */
      if (x1 - x0 >= SPAN_LABEL_MIN_PX && x0 >= label_right[lane] && span->name != NULL)
        {
          guint label = i * SPAN_LANES + lane;

          g_array_append_val (labels, label);
          label_right[lane] = x1;
        }
    }
  for (guint l = 0; l < SPAN_LANES; l++)
    {
      flush_run (ctx, &runs[l], row->y + 3 + l * SPAN_LANE_HEIGHT);
      flush_run (ctx, &bars[l], row->y + 3 + l * SPAN_LANE_HEIGHT);
    }
  cairo_fill (ctx->cr);

  /* Names over the bars, where a bar is wide enough for some of one. */
  cairo_set_source_rgb (ctx->cr, 1, 1, 1);
  for (guint k = 0; k < labels->len; k++)
    {
      guint label = g_array_index (labels, guint, k);
      const EsSpan *span = &spans[label / SPAN_LANES];
      double x0, x1;

      span_extent (view, span, &x0, &x1);

      pango_layout_set_text (ctx->small, span->name, -1);
      pango_layout_set_width (ctx->small, (int) (x1 - x0 - 4) * PANGO_SCALE);
      pango_layout_set_ellipsize (ctx->small, PANGO_ELLIPSIZE_END);
      cairo_move_to (ctx->cr, x0 + 2, row->y + 2 + (label % SPAN_LANES) * SPAN_LANE_HEIGHT);
      pango_cairo_show_layout (ctx->cr, ctx->small);
    }
  pango_layout_set_width (ctx->small, -1);
  pango_layout_set_ellipsize (ctx->small, PANGO_ELLIPSIZE_NONE);
}
