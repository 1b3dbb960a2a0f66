/* es-timeline-spans.c: the Spans row, the user's START/STOP spans as bars
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "es-span-lanes.h"
#include "es-timeline-painter-private.h"

#define SPAN_LANE_HEIGHT 12
#define SPAN_LABEL_MIN_PX 24

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

/* The pixel a span starting at @time starts on, and one ending at @time
 * ends on, rounded the same way for every span, so a span that starts
 * where another stops starts on the pixel it stops on. */
static double
start_pixel (const EsTimelineView *view,
             guint64               time)
{
  return MAX (round (es_timeline_time_to_x (view, time)), ES_TIMELINE_GUTTER);
}

static double
end_pixel (const EsTimelineView *view,
           guint64               time)
{
  return MIN (round (es_timeline_time_to_x (view, time)), ES_TIMELINE_GUTTER + view->width);
}

static void
span_extent (const EsTimelineView *view,
             const EsSpan         *span,
             double               *x0,
             double               *x1)
{
  *x0 = start_pixel (view, span->start);
  *x1 = MAX (end_pixel (view, span->end), *x0 + 1);
}

/* What a run of spans is tested against: spans starting from @first_start
 * to @last_start and ending by @end (one span: its start twice). */
typedef struct
{
  const EsTimelineView *view;
  double                right;        /* absorbed(): the run's last pixel */
  const LaneRun        *bar;          /* covered(): the bar, */
  double                label_right;  /* and the end of the last name */
} SpansTest;

typedef gboolean (*SpansTestFunc) (const SpansTest *test,
                                   guint64          first_start,
                                   guint64          last_start,
                                   guint64          end);

/* Whether spans would change nothing after a run that ends on pixel
 * @test->right: they start on one of the run's last three pixels (so they
 * are too narrow for edges or a name), and end by @test->right. */
static gboolean
absorbed (const SpansTest *test,
          guint64          first_start,
          guint64          last_start,
          guint64          end)
{
  const EsTimelineView *view = test->view;

  if (end_pixel (view, end) > test->right)
    return FALSE;
  return start_pixel (view, last_start) <= test->right - 1 &&
         start_pixel (view, first_start) >= test->right - (SPAN_EDGE_MIN_PX - 1);
}

/* Whether spans would only fill pixels of @test->bar, and get no name:
 * they start left of @test->label_right (the end of the last name), or
 * none is wide enough for one. A bar fills up to its end's pixel less
 * one, so one ending a pixel past the bar is covered when it is wide
 * enough to be a bar itself. */
static gboolean
covered (const SpansTest *test,
         guint64          first_start,
         guint64          last_start,
         guint64          end)
{
  const EsTimelineView *view = test->view;
  const LaneRun *bar = test->bar;
  double x0 = start_pixel (view, last_start), x1 = end_pixel (view, end);

  if (x0 >= test->label_right && MAX (x1, x0 + 1) - start_pixel (view, first_start) >= SPAN_LABEL_MIN_PX)
    return FALSE;
  if (x1 <= bar->x1)
    return x0 <= bar->x1 - 1;
  return x1 <= bar->x1 + 1 && x0 <= bar->x1 + 1 - SPAN_EDGE_MIN_PX;
}

static gboolean
span_passes (const SpansTest *test,
             SpansTestFunc    passes,
             const EsSpanLane *lane,
             guint            k)
{
  EsSpan span = es_span_lane_get_span (lane, k);

  return passes (test, span.start, span.start, span.end);
}

/* The first span from @k on that fails @passes, taking a whole block of
 * the lane at once where the block passes (by its first and last start
 * and its latest end), else one span. */
static guint
skip_passing (const SpansTest  *test,
              SpansTestFunc     passes,
              const EsSpanLane *lane,
              guint             k)
{
  while (k < lane->n)
    {
      if (k % ES_SPAN_BLOCK == 0 && k + ES_SPAN_BLOCK <= lane->n)
        {
          EsSpanLaneBlock block = es_span_lane_get_block (lane, k / ES_SPAN_BLOCK);

          if (passes (test, block.first_start, block.last_start, block.end))
            {
              k += ES_SPAN_BLOCK;
              continue;
            }
        }
      if (!span_passes (test, passes, lane, k))
        break;
      k++;
    }
  return k;
}

/* The first span from @k on that is not absorbed by a run ending on pixel
 * @right. Zoomed out, a pixel may hold thousands of spans: in a lane of
 * spans that do not overlap each other (all but the last), starts and
 * ends only grow, so one bisection steps over them and a frame costs
 * O(pixels x log n), not O(spans); in the last, they are passed a block
 * at a time where a whole block is absorbed, else one by one (a span
 * still open behind the run stops the skipping). */
static guint
skip_absorbed (const EsTimelineView *view,
               const EsSpanLane     *lane,
               guint                 k,
               double                right)
{
  SpansTest test = { view, right, NULL, 0 };
  guint lo = k, hi = lane->n;

  if (k >= lane->n || !span_passes (&test, absorbed, lane, k))
    return k;
  if (lane->lane + 1 == ES_SPAN_LANES)
    return skip_passing (&test, absorbed, lane, k);
  /* absorbed() holds for a prefix of [k, n): starts and ends only grow. */
  lo = k + 1;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (span_passes (&test, absorbed, lane, mid))
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* The first span from @k on that is not covered by @bar. In the last lane
 * spans pile up, and a few left open to the log's end make one bar over
 * the rest of the view: what starts under it is passed a block at a time,
 * by the block's latest end and last start. Whatever these spans would
 * have added to the run, or to the bar, are pixels already filled, as
 * every rectangle is filled at once. */
static guint
skip_covered (const EsTimelineView *view,
              const EsSpanLane     *lane,
              guint                 k,
              const LaneRun        *bar,
              double                label_right)
{
  SpansTest test = { view, 0, bar, label_right };

  if (bar->x1 <= bar->x0)
    return k;
  return skip_passing (&test, covered, lane, k);
}

static void
paint_lane (EsPaintContext   *ctx,
            const EsSpanLane *lane,
            guint             lane_number,
            double            top,
            GArray           *labels)
{
  const EsTimelineView *view = ctx->view;
  LaneRun run = { 0, 0 }, bar = { 0, 0 };
  double label_right = 0;
  guint k = es_span_lane_first_ending (lane, view->t0);

  while (k < lane->n)
    {
      guint i = es_span_lane_get_index (lane, k);
      EsSpan span = es_span_lane_get_span (lane, k);
      double x0, x1;

      if (span.start > view->t1)
        break;
      k++;
      if (span.end < view->t0)
        continue;

      span_extent (view, &span, &x0, &x1);
      if (x1 - x0 >= SPAN_EDGE_MIN_PX)
        {
          flush_run (ctx, &run, top);
          /* Bars that overlap (the last lane's pile, thousands of spans
           * left open to the log's end) are one rectangle: the same
           * pixels, where a rectangle each made the fill cost more than
           * the rest of the frame. */
          if (bar.x1 > bar.x0 && x0 <= bar.x1)
            bar.x1 = MAX (bar.x1, x1 - 1);
          else
            {
              flush_run (ctx, &bar, top);
              bar.x0 = x0;
              bar.x1 = x1 - 1;
            }
        }
      else
        {
          if (run.x1 > run.x0 && x0 <= run.x1)
            run.x1 = MAX (run.x1, x1);
          else
            {
              flush_run (ctx, &run, top);
              run.x0 = x0;
              run.x1 = x1;
            }
          k = skip_absorbed (view, lane, k, run.x1);
        }
      /* One name per stretch of a lane: spans piled into the last lane (or
       * left open to the end of the log, by the thousand) would only
       * write over each other. */
      if (x1 - x0 >= SPAN_LABEL_MIN_PX && x0 >= label_right && span.name != NULL)
        {
          guint label = i * ES_SPAN_LANES + lane_number;

          g_array_append_val (labels, label);
          label_right = x1;
        }
      k = skip_covered (view, lane, k, &bar, label_right);
    }
  flush_run (ctx, &run, top);
  flush_run (ctx, &bar, top);
}

void
es_paint_spans_row (EsPaintContext      *ctx,
                    const EsTimelineRow *row)
{
  g_autoptr(GArray) labels = g_array_new (FALSE, FALSE, sizeof (guint));
  const EsSpanLane *lanes;

  es_paint_canvas_flush (ctx);
  lanes = es_span_lanes_get (ctx->document);
  es_paint_set_color (ctx, ES_COLOR_SPAN);
  for (guint l = 0; l < ES_SPAN_LANES; l++)
    paint_lane (ctx, &lanes[l], l, row->y + 3 + l * SPAN_LANE_HEIGHT, labels);
  cairo_fill (ctx->cr);

  /* Names over the bars, where a bar is wide enough for some of one. */
  es_paint_set_text_color (ctx, ES_COLOR_SPAN);
  for (guint k = 0; k < labels->len; k++)
    {
      guint label = g_array_index (labels, guint, k);
      EsSpan span = es_document_get_span (ctx->document, label / ES_SPAN_LANES);
      double x0, x1;

      span_extent (ctx->view, &span, &x0, &x1);

      pango_layout_set_text (ctx->small, span.name, -1);
      pango_layout_set_width (ctx->small, (int) (x1 - x0 - 4) * PANGO_SCALE);
      pango_layout_set_ellipsize (ctx->small, PANGO_ELLIPSIZE_END);
      cairo_move_to (ctx->cr, x0 + 2, row->y + 2 + (label % ES_SPAN_LANES) * SPAN_LANE_HEIGHT);
      pango_cairo_show_layout (ctx->cr, ctx->small);
    }
  pango_layout_set_width (ctx->small, -1);
  pango_layout_set_ellipsize (ctx->small, PANGO_ELLIPSIZE_NONE);
}
