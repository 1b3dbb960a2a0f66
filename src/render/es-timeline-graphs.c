/* es-timeline-graphs.c: the data rows of the timeline
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "es-timeline-painter-private.h"

/* Every row draws one value per pixel column, from the level-of-detail
 * queries (es-timeline-columns.c), as runs of equal columns into the
 * row's canvas (es-timeline-canvas.c), so a frame costs O(width x log
 * events) at any zoom and a log of a billion events draws as fast as a
 * small one. Nothing here walks the events of the
 * visible span, except the running activities that are wide enough to
 * carry a thread id, and that walk is bounded by the width. */

/* Below this many nanoseconds per pixel, instants are few enough per
 * column for their ticks to mean something. */
#define TICKS_MAX_NS_PER_PX  10000.0

/* The Activity row's lines across it are at least this far apart. */
#define ACTIVITY_GRID_MIN_PX 10

/* An activity this wide gets its thread id written in it. */
#define THREAD_LABEL_MIN_PX  30

#define TICK_TOP     1
#define TICK_HEIGHT  10

/* Pixels of a band of @height for @fraction of it: a whole pixel at least
 * for anything at all, so that a 50 µs GC stays visible in a column of a
 * millisecond. */
static int
fraction_height (double fraction,
                 int    height)
{
  if (!(fraction > 0))
    return 0;
  /* Rounding by hand: lround() is a call, in the loop of every row. */
  return CLAMP ((int) (fraction * height + 0.5), 1, height);
}

/* "1.2 k", "35", "4.5 M": the scale of a graph in few characters. */
static char *
format_count (double value)
{
  if (value >= 1e9)
    return g_strdup_printf ("%.1f G", value / 1e9);
  if (value >= 1e6)
    return g_strdup_printf ("%.1f M", value / 1e6);
  if (value >= 1e4)
    return g_strdup_printf ("%.0f k", value / 1e3);
  if (value >= 1e3)
    return g_strdup_printf ("%.1f k", value / 1e3);
  return g_strdup_printf ("%.0f", value);
}

static void
paint_no_data (EsPaintContext      *ctx,
               const EsTimelineRow *row,
               const char          *text)
{
  int h;

  /* Over the row's canvas (nothing drawn on it: the background). */
  es_paint_canvas_flush (ctx);
  pango_layout_set_text (ctx->small, text, -1);
  pango_layout_get_pixel_size (ctx->small, NULL, &h);
  es_paint_set_color_alpha (ctx, ES_COLOR_TEXT, 0.5);
  cairo_move_to (ctx->cr, ES_TIMELINE_GUTTER + 8, row->y + floor ((row->height - h) / 2.0));
  pango_cairo_show_layout (ctx->cr, ctx->small);
}

void
es_paint_activity_row (EsPaintContext      *ctx,
                       const EsTimelineRow *row)
{
  const EsTimelineView *view = ctx->view;
  cairo_t *cr = ctx->cr;
  guint n_caps = es_document_get_n_caps (ctx->document);
  int top = row->y + 4, bottom = row->y + row->height - 2;
  int height = bottom - top;
  EsColumnRuns runs;

  if (n_caps == 0 || ctx->busy == NULL)
    return;

  /* A faint line per cap, so that "two of four busy" reads at a glance;
   * per 2, 4, 8... caps where the row's height has no room for one each
   * (the dozens of threads of a Mono log, 64 caps). */
  if (n_caps > 1)
    {
      guint step = 1;

      while ((double) step * height / n_caps < ACTIVITY_GRID_MIN_PX && step < n_caps)
        step *= 2;
      for (guint k = step; k < n_caps; k += step)
        {
          double y = bottom - lround ((double) k * height / n_caps) + 0.5;

          cairo_move_to (cr, ES_TIMELINE_GUTTER, y);
          cairo_line_to (cr, ES_TIMELINE_GUTTER + view->width, y);
        }
      es_paint_set_color (ctx, ES_COLOR_GRID);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
    }

  es_column_runs_begin (&runs, ctx, ES_COLOR_ACTIVITY, 1);
  for (int i = 0; i < view->width; i++)
    es_column_runs_add (&runs, i, bottom - fraction_height (ctx->busy[i] / n_caps, height), bottom);
  es_column_runs_end (&runs);
}

/* The thread id in each running activity wide enough to hold it. The
 * activities of the span are found by binary search and walked only when
 * there are fewer than two per pixel: beyond that almost none can be
 * THREAD_LABEL_MIN_PX wide, and the walk would cost O(events). */
static void
paint_thread_labels (EsPaintContext      *ctx,
                     const EsCapTimeline *timeline,
                     int                  band_top,
                     int                  band_height)
{
  const EsTimelineView *view = ctx->view;
  cairo_t *cr = ctx->cr;
  const EsActivity *activities;
  double min_ns = THREAD_LABEL_MIN_PX * ctx->ns_per_px;
  double right = ES_TIMELINE_GUTTER + view->width;
  guint n, first, last;

  activities = es_cap_timeline_get_activities (timeline, &n);
  last = es_cap_timeline_find_activity (timeline, view->t1);
  if (last == G_MAXUINT)
    return;
  first = es_cap_timeline_find_activity (timeline, view->t0);
  if (first == G_MAXUINT)
    first = 0;
  if (last - first > 2 * (guint) view->width)
    return;

  es_paint_set_text_color (ctx, ES_COLOR_RUNNING);
  for (guint i = first; i <= last; i++)
    {
      const EsActivity *a = &activities[i];
      const EsThread *thread;
      char id[16];
      double x0, x1;
      int w, h;

      if (a->kind != ES_ACTIVITY_RUNNING || (double) (es_activity_length (a)) < min_ns)
        continue;
      x0 = MAX (es_timeline_time_to_x (view, a->start), ES_TIMELINE_GUTTER);
      x1 = MIN (es_timeline_time_to_x (view, es_activity_end (a)), right);
      if (x1 - x0 < THREAD_LABEL_MIN_PX)
        continue;

      /* "12 worker-A" where labelThread named it and there is room. */
      thread = es_document_lookup_thread (ctx->document, a->thread);
      if (thread != NULL && thread->label != NULL)
        {
          g_autofree char *text = g_strdup_printf ("%u %s", a->thread, thread->label);

          pango_layout_set_text (ctx->small, text, -1);
          pango_layout_get_pixel_size (ctx->small, &w, &h);
        }
      if (thread == NULL || thread->label == NULL || w + 6 > x1 - x0)
        {
          g_snprintf (id, sizeof id, "%u", a->thread);
          pango_layout_set_text (ctx->small, id, -1);
          pango_layout_get_pixel_size (ctx->small, &w, &h);
        }
      if (w + 6 > x1 - x0)
        continue;
      cairo_move_to (cr, floor ((x0 + x1 - w) / 2), band_top + floor ((band_height - h) / 2.0));
      pango_cairo_show_layout (cr, ctx->small);
    }
}

static const struct
{
  guint32 kinds;
  EsColor color;
} tick_groups[] = {
  /* The most frequent first, so the rarer ones are drawn over them. */
  { 1u << ES_INSTANT_THREAD_WOKEN, ES_COLOR_WAKEUP },
  { 1u << ES_INSTANT_THREAD_CREATED, ES_COLOR_THREAD_CREATED },
  { 1u << ES_INSTANT_THREAD_MIGRATED, ES_COLOR_MIGRATE },
  { (1u << ES_INSTANT_GC_REQUESTED_SEQ) | (1u << ES_INSTANT_GC_REQUESTED_PAR), ES_COLOR_GC_REQUEST },
  { 1u << ES_INSTANT_USER_MESSAGE, ES_COLOR_USER_MESSAGE },
};

static void
paint_instant_ticks (EsPaintContext      *ctx,
                     const EsTimelineRow *row,
                     const EsCapTimeline *timeline)
{
  const EsTimelineView *view = ctx->view;
  g_autofree guint32 *counts = NULL;
  int top = row->y + TICK_TOP;

  for (guint g = 0; g < G_N_ELEMENTS (tick_groups); g++)
    {
      gboolean any = FALSE;
      EsColumnRuns runs;

      /* Two binary searches spare a per-column query for kinds the span
       * does not hold (most logs lack messages, many lack migrations). */
      for (guint k = 0; k < ES_N_INSTANT_KINDS && !any; k++)
        if (tick_groups[g].kinds & (1u << k))
          any = es_cap_timeline_count_instants (timeline, k, view->t0, view->t1 + 1) > 0;
      if (!any)
        continue;

      if (counts == NULL)
        counts = g_new (guint32, view->width);
      es_lod_instants (ctx->document, row->cap, tick_groups[g].kinds,
                       view->t0, view->t1, view->width, counts);
      es_column_runs_begin (&runs, ctx, tick_groups[g].color, 1);
      for (int i = 0; i < view->width; i++)
        if (counts[i] > 0)
          es_column_runs_add (&runs, i, top, top + TICK_HEIGHT);
      es_column_runs_end (&runs);
    }
}

/* Mono's suspend at exit is a second long and no GC: written on, where
 * it is wide enough, so that nobody takes it for a pause of the program. */
static void
paint_exit_suspend_label (EsPaintContext      *ctx,
                          const EsCapTimeline *timeline,
                          int                  band_top,
                          int                  band_height)
{
  const EsTimelineView *view = ctx->view;
  const EsMonoSummary *mono = es_document_get_mono_summary (ctx->document);
  guint64 totals[ES_N_ACTIVITY_KINDS];
  double x0, x1;
  int w, h;

  if (mono == NULL || mono->exit_suspend_end <= mono->exit_suspend_start ||
      mono->exit_suspend_end < view->t0 || mono->exit_suspend_start > view->t1)
    return;
  /* Only on the rows the suspend stopped. */
  es_cap_timeline_cumulative (timeline, mono->exit_suspend_end, 0, totals);
  if (totals[ES_ACTIVITY_EXIT_SUSPEND] == 0)
    return;
  x0 = MAX (es_timeline_time_to_x (view, mono->exit_suspend_start), ES_TIMELINE_GUTTER);
  x1 = MIN (es_timeline_time_to_x (view, mono->exit_suspend_end), ES_TIMELINE_GUTTER + view->width);
  pango_layout_set_text (ctx->small, _("suspending threads at exit"), -1);
  pango_layout_get_pixel_size (ctx->small, &w, &h);
  if (w + 6 > x1 - x0)
    return;
  es_paint_set_text_color (ctx, ES_COLOR_EXIT_SUSPEND);
  cairo_move_to (ctx->cr, floor ((x0 + x1 - w) / 2), band_top + floor ((band_height - h) / 2.0));
  pango_cairo_show_layout (ctx->cr, ctx->small);
}

/* Running as a bar in the upper band, GC and GC waiting stacked in the
 * lower one, each as tall as its share of the column's time. The suspend
 * at exit takes the upper band, where the threads it holds would run. */
void
es_paint_cap_row (EsPaintContext      *ctx,
                  const EsTimelineRow *row)
{
  const EsTimelineView *view = ctx->view;
  const EsCapTimeline *timeline = es_document_get_cap (ctx->document, row->cap);
  const EsActivityColumn *columns = ctx->activity[row->cap];
  int run_top, run_height, gc_top, gc_height, run_bottom, gc_bottom;
  EsColumnRuns runs;

  if (columns == NULL)
    return;

  es_timeline_cap_band (row, ES_COLOR_RUNNING, &run_top, &run_height);
  es_timeline_cap_band (row, ES_COLOR_GC, &gc_top, &gc_height);
  run_bottom = run_top + run_height;
  gc_bottom = gc_top + gc_height;

  es_column_runs_begin (&runs, ctx, ES_COLOR_RUNNING, 1);
  for (int i = 0; i < view->width; i++)
    es_column_runs_add (&runs, i, run_bottom - fraction_height (columns[i].running, run_height), run_bottom);
  es_column_runs_end (&runs);

  es_column_runs_begin (&runs, ctx, ES_COLOR_EXIT_SUSPEND, 1);
  for (int i = 0; i < view->width; i++)
    {
      int running = fraction_height (columns[i].running, run_height);
      int suspended = MIN (fraction_height (columns[i].exit_suspend, run_height), run_height - running);

      es_column_runs_add (&runs, i, run_bottom - running - suspended, run_bottom - running);
    }
  es_column_runs_end (&runs);

  es_column_runs_begin (&runs, ctx, ES_COLOR_GC, 1);
  for (int i = 0; i < view->width; i++)
    es_column_runs_add (&runs, i, gc_bottom - fraction_height (columns[i].gc, gc_height), gc_bottom);
  es_column_runs_end (&runs);

  es_column_runs_begin (&runs, ctx, ES_COLOR_GC_WAITING, 1);
  for (int i = 0; i < view->width; i++)
    {
      int gc = fraction_height (columns[i].gc, gc_height);
      int waiting = MIN (fraction_height (columns[i].gc_waiting, gc_height), gc_height - gc);

      es_column_runs_add (&runs, i, gc_bottom - gc - waiting, gc_bottom - gc);
    }
  es_column_runs_end (&runs);

  if (ctx->ns_per_px < TICKS_MAX_NS_PER_PX)
    paint_instant_ticks (ctx, row, timeline);
  es_paint_canvas_flush (ctx);
  paint_thread_labels (ctx, timeline, run_top, run_height);
  paint_exit_suspend_label (ctx, timeline, run_top, run_height);
  es_paint_no_data (ctx, row, es_cap_timeline_get_data_end (timeline));
}

/* Three stacked layers, bottom up, as cumulative heights rounded once
 * each so that neighbouring layers never leave a gap or overlap. */
static void
paint_stacked (EsPaintContext *ctx,
               const double   *values,     /* width x 3 */
               const EsColor   colors[3],
               int             bottom,
               int             height,
               double          max)
{
  const EsTimelineView *view = ctx->view;
  g_autofree int *tops = g_new (int, view->width * 4);

  for (int i = 0; i < view->width; i++)
    {
      const double *v = &values[i * 3];
      int *t = &tops[i * 4];

      t[0] = bottom;
      t[1] = bottom - fraction_height (v[0] / max, height);
      t[2] = bottom - fraction_height ((v[0] + v[1]) / max, height);
      t[3] = bottom - fraction_height ((v[0] + v[1] + v[2]) / max, height);
    }
  for (int layer = 0; layer < 3; layer++)
    {
      EsColumnRuns runs;

      es_column_runs_begin (&runs, ctx, colors[layer], 1);
      for (int i = 0; i < view->width; i++)
        es_column_runs_add (&runs, i, tops[i * 4 + layer + 1], tops[i * 4 + layer]);
      es_column_runs_end (&runs);
    }
}

void
es_paint_spark_row (EsPaintContext      *ctx,
                    const EsTimelineRow *row)
{
  static const EsColor creation[] = { ES_COLOR_SPARK_CREATED, ES_COLOR_SPARK_DUD, ES_COLOR_SPARK_OVERFLOWED };
  static const EsColor conversion[] = { ES_COLOR_SPARK_CONVERTED, ES_COLOR_SPARK_FIZZLED, ES_COLOR_SPARK_GCED };
  const EsTimelineView *view = ctx->view;
  const EsSparkColumn *columns = ctx->sparks[row->cap];
  g_autofree char *scale = NULL;
  g_autofree char *label = NULL;
  int top = row->y + 4, bottom = row->y + row->height - 2;
  int height = bottom - top;
  double max = 0;

  if (columns == NULL)
    {
      paint_no_data (ctx, row, "No spark events");
      return;
    }

  if (row->kind == ES_ROW_SPARK_POOL)
    {
      EsColumnRuns runs;

      for (int i = 0; i < view->width; i++)
        if (columns[i].has_pool)
          max = MAX (max, (double) columns[i].pool_max);
      if (max <= 0)
        return;
      es_column_runs_begin (&runs, ctx, ES_COLOR_SPARK_POOL, 1);
      for (int i = 0; i < view->width; i++)
        {
          const EsSparkColumn *c = &columns[i];
          int hi, lo;

          if (!c->has_pool || c->pool_max == 0)
            continue;
          hi = fraction_height (c->pool_max / max, height);
          lo = MIN ((int) lround (c->pool_min / max * height), hi - 1);
          es_column_runs_add (&runs, i, bottom - hi, bottom - lo);
        }
      es_column_runs_end (&runs);
      scale = format_count (max);
      label = g_strdup_printf (_("%s sparks"), scale);
    }
  else
    {
      gboolean is_creation = row->kind == ES_ROW_SPARK_CREATION;
      g_autofree double *values = g_new (double, view->width * 3);

      for (int i = 0; i < view->width; i++)
        {
          const EsSparkColumn *c = &columns[i];
          double *v = &values[i * 3];

          /* Interpolated counters can step back by a rounding error. */
          v[0] = MAX (0, is_creation ? c->created : c->converted);
          v[1] = MAX (0, is_creation ? c->dud : c->fizzled);
          v[2] = MAX (0, is_creation ? c->overflowed : c->gcd);
          max = MAX (max, v[0] + v[1] + v[2]);
        }
      if (max <= 0)
        return;
      paint_stacked (ctx, values, is_creation ? creation : conversion, bottom, height, max);
      scale = format_count (max);
      label = g_strdup_printf ("%s/s", scale);
    }
  es_paint_canvas_flush (ctx);
  es_paint_text_box (ctx, label, ES_TIMELINE_GUTTER + view->width - 4, row->y + 1, -1,
                     TRUE, ES_COLOR_TEXT);
}

/* A line through one value per column (G_MININT: none), as pixel-aligned
 * rectangles: each column spans from its value to its left neighbour's,
 * so steps join. Whole-pixel rectangles fill without antialiasing or
 * tessellation, many times faster than stroking a path with a vertex per
 * pixel, and equal columns merge into one. */
static void
add_column_line (EsColumnRuns *runs,
                 const int    *ys,
                 int           n,
                 int           thickness)
{
  for (int i = 0; i < n; i++)
    {
      int top = ys[i], bottom = ys[i] + thickness;

      if (ys[i] == G_MININT)
        continue;
      if (i > 0 && ys[i - 1] != G_MININT)
        {
          top = MIN (top, ys[i - 1]);
          bottom = MAX (bottom, ys[i - 1] + thickness);
        }
      es_column_runs_add (runs, i, top, bottom);
    }
}

static void
paint_column_line (EsPaintContext *ctx,
                   const int      *ys,
                   int             thickness,
                   EsColor         color)
{
  EsColumnRuns runs;

  es_column_runs_begin (&runs, ctx, color, 1);
  add_column_line (&runs, ys, ctx->view->width, thickness);
  es_column_runs_end (&runs);
}

static int
paint_legend_item (EsPaintContext *ctx,
                   double          x,
                   double          y,
                   EsColor         color,
                   const char     *value)
{
  g_autofree char *text = g_strdup_printf ("%s %s", es_timeline_color_name (color), value);

  return es_paint_text_box (ctx, text, x, y, -1, FALSE, color);
}

/* Heap size and live data against the largest heap of the whole run, so
 * that zooming does not rescale them; the allocation rate against its
 * largest value in view, as a thin line. */
void
es_paint_heap_row (EsPaintContext      *ctx,
                   const EsTimelineRow *row)
{
  const EsTimelineView *view = ctx->view;
  const EsSeries *size = es_document_get_heap_size (ctx->document);
  const EsSeries *live = es_document_get_heap_live (ctx->document);
  guint64 run_start = es_document_get_start_time (ctx->document);
  guint64 run_end = es_document_get_end_time (ctx->document);
  const EsHeapColumn *columns = ctx->heap;
  g_autofree int *ys = NULL;
  int top = row->y + 16, bottom = row->y + row->height - 3;
  int height = bottom - top;
  guint64 size_max = 0, live_max = 0;
  double heap_max, alloc_max = 0, x;
  EsColumnRuns runs;

  if (columns == NULL)
    {
      paint_no_data (ctx, row, "No heap events");
      return;
    }
  es_series_max_in (size, run_start, run_end, &size_max);
  es_series_max_in (live, run_start, run_end, &live_max);
  heap_max = MAX (1, MAX (size_max, live_max));
  ys = g_new (int, view->width);

  /* A light fill under the heap size, then the lines, the thin one last. */
  es_column_runs_begin (&runs, ctx, ES_COLOR_HEAP_SIZE, 0.15);
  for (int i = 0; i < view->width; i++)
    if (columns[i].has_size)
      es_column_runs_add (&runs, i, bottom - fraction_height (columns[i].size_max / heap_max, height), bottom);
  es_column_runs_end (&runs);

  for (int i = 0; i < view->width; i++)
    ys[i] = columns[i].has_size ? bottom - fraction_height (columns[i].size_max / heap_max, height) - 1 : G_MININT;
  paint_column_line (ctx, ys, 2, ES_COLOR_HEAP_SIZE);

  for (int i = 0; i < view->width; i++)
    ys[i] = columns[i].has_live ? bottom - fraction_height (columns[i].live_max / heap_max, height) - 1 : G_MININT;
  paint_column_line (ctx, ys, 2, ES_COLOR_HEAP_LIVE);

  for (int i = 0; i < view->width; i++)
    alloc_max = MAX (alloc_max, columns[i].alloc_rate);
  if (alloc_max > 0)
    {
      for (int i = 0; i < view->width; i++)
        ys[i] = bottom - fraction_height (MAX (0, columns[i].alloc_rate) / alloc_max, height) - 1;
      paint_column_line (ctx, ys, 1, ES_COLOR_ALLOC_RATE);
    }

  /* The legend gives each line's full scale. */
  es_paint_canvas_flush (ctx);
  x = ES_TIMELINE_GUTTER + 6;
  if (size_max > 0)
    {
      g_autofree char *text = g_format_size (size_max);

      x += paint_legend_item (ctx, x, row->y + 2, ES_COLOR_HEAP_SIZE, text) + 14;
    }
  if (live_max > 0)
    {
      g_autofree char *text = g_format_size (live_max);

      x += paint_legend_item (ctx, x, row->y + 2, ES_COLOR_HEAP_LIVE, text) + 14;
    }
  if (alloc_max > 0)
    {
      g_autofree char *bytes = g_format_size ((guint64) alloc_max);
      g_autofree char *text = g_strdup_printf ("%s/s", bytes);

      paint_legend_item (ctx, x, row->y + 2, ES_COLOR_ALLOC_RATE, text);
    }
}
