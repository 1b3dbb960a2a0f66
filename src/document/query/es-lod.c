/* es-lod.c: what lies in each pixel column of a span, in O(columns x log n)
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-busy-grid.h"
#include "es-lod.h"
#include "es-search.h"

/* Every query walks the columns once and asks the prefix sums, series
 * pyramids and sorted instants about each column's two edges; the cost does
 * not depend on how many events the span holds. The edges go forward, so
 * each search gallops on from the last one: a step over k records costs
 * O(log k), and zoomed in, where most columns hold nothing, next to
 * nothing. */

/**
 * es_lod_column_start:
 *
 * Column @column of [t0, t1] split into @n_columns covers
 * [start (column), start (column + 1)]; computed in integers so that
 * nanosecond zoom levels are exact.
 */
guint64
es_lod_column_start (guint64 t0,
                     guint64 t1,
                     guint   n_columns,
                     guint   column)
{
  unsigned __int128 width = t1 - t0;

  return t0 + (guint64) (width * column / n_columns);
}

/* The edges es_lod_column_start() gives, one after another, without its
 * 128-bit division for each: t0 + floor (width * i / n) grows by
 * floor (width / n) a column, and by one more whenever the remainders
 * add up to n. */
typedef struct
{
  guint64 next;
  guint64 step;
  guint64 rest;
  guint64 carry;
  guint   n;
} Edges;

static void
edges_init (Edges   *e,
            guint64  t0,
            guint64  t1,
            guint    n_columns)
{
  *e = (Edges) { t0, (t1 - t0) / n_columns, (t1 - t0) % n_columns, 0, n_columns };
}

/* The edge, then the next one. */
static guint64
edges_take (Edges *e)
{
  guint64 t = e->next;

  e->next += e->step;
  e->carry += e->rest;
  if (e->carry >= e->n)
    {
      e->carry -= e->n;
      e->next++;
    }
  return t;
}

void
es_lod_activity (EsDocument       *document,
                 guint             cap,
                 guint64           t0,
                 guint64           t1,
                 guint             n_columns,
                 EsActivityColumn *columns)
{
  const EsCapTimeline *tl = es_document_get_cap (document, cap);
  guint64 data_end = es_cap_timeline_get_data_end (tl);
  guint64 before[ES_N_ACTIVITY_KINDS], after[ES_N_ACTIVITY_KINDS];
  EsCapCursor cursor = { 0 };
  Edges edges;
  guint64 b;

  if (n_columns == 0)
    return;
  /* Each column edge is the next column's start: one lookup per edge, for
   * every kind at once, each going on from where the last one ended. */
  edges_init (&edges, t0, t1, n_columns);
  b = edges_take (&edges);
  es_cap_timeline_cumulative_walk (tl, &cursor, b, before);
  for (guint i = 0; i < n_columns; i++)
    {
      guint64 a = b;
      double width;
      EsActivityColumn *c = &columns[i];
      guint at_b;

      b = edges_take (&edges);
      width = b > a ? (double) (b - a) : 1;
      at_b = es_cap_timeline_cumulative_walk (tl, &cursor, b, after);
      c->running = (after[ES_ACTIVITY_RUNNING] - before[ES_ACTIVITY_RUNNING]) / width;
      c->gc = (after[ES_ACTIVITY_GC] - before[ES_ACTIVITY_GC]) / width;
      c->gc_waiting = (after[ES_ACTIVITY_GC_WAITING] - before[ES_ACTIVITY_GC_WAITING]) / width;
      c->exit_suspend = (after[ES_ACTIVITY_EXIT_SUSPEND] - before[ES_ACTIVITY_EXIT_SUSPEND]) / width;
      memcpy (before, after, sizeof before);
      c->no_data = data_end >= b ? 0 : data_end <= a ? 1 : (b - data_end) / width;
      c->idle = MAX (0.0f, 1.0f - c->no_data - c->running - c->gc - c->gc_waiting - c->exit_suspend);
      if (b == a)
        {
          /* A zero-width column: what is happening at that instant,
           * the activity the walk just found. */
          guint idx = at_b;
          guint n;
          const EsActivity *act = es_cap_timeline_get_activities (tl, &n);

          *c = (EsActivityColumn) { .idle = a < data_end, .no_data = a >= data_end };
          if (idx != G_MAXUINT && es_activity_end (&act[idx]) > a)
            {
              c->idle = 0;
              switch ((EsActivityKind) act[idx].kind)
                {
                case ES_ACTIVITY_RUNNING:
                  c->running = 1;
                  break;
                case ES_ACTIVITY_GC:
                  c->gc = 1;
                  break;
                case ES_ACTIVITY_GC_WAITING:
                  c->gc_waiting = 1;
                  break;
                case ES_ACTIVITY_EXIT_SUSPEND:
                case ES_N_ACTIVITY_KINDS:
                default:
                  c->exit_suspend = 1;
                  break;
                }
            }
        }
    }
}

/**
 * es_lod_prepare:
 *
 * Makes what es_lod_busy_caps() makes on first use (the busy caps' grid of
 * a log of several caps): 10-100 ms on a 100 MB log, for a worker thread to
 * spend rather than the first zoomed-out frame.
 */
void
es_lod_prepare (EsDocument *document)
{
  g_return_if_fail (ES_IS_DOCUMENT (document));

  if (es_document_get_n_caps (document) > 1)
    es_busy_grid_get (document);
}

/**
 * es_lod_busy_caps:
 *
 * The average number of caps running Haskell code in each column; from a
 * grid for all caps when the columns are wide enough for it to be within
 * 1% of the caps, else from every cap's activities.
 *
 * Returns: how many per-cap lookups that took (for tests and benchmarks):
 *   none from the grid, the caps times the edges otherwise
 */
gsize
es_lod_busy_caps (EsDocument *document,
                  guint64     t0,
                  guint64     t1,
                  guint       n_columns,
                  float      *busy)
{
  guint n_caps = es_document_get_n_caps (document);

  if (n_columns == 0)
    return 0;
  if (n_caps > 1 && t1 > t0 && (t1 - t0) / n_columns >= ES_BUSY_GRID_COLUMN * es_busy_grid_get_step (document))
    {
      const EsBusyGrid *grid = es_busy_grid_get (document);
      Edges edges;
      guint64 b;
      double before, after;

      edges_init (&edges, t0, t1, n_columns);
      b = edges_take (&edges);
      before = es_busy_grid_running_before (grid, b);
      for (guint i = 0; i < n_columns; i++)
        {
          guint64 a = b;

          b = edges_take (&edges);
          after = es_busy_grid_running_before (grid, b);
          busy[i] = (float) ((after - before) / (double) (b - a));
          before = after;
        }
      return 0;
    }

  /* es_lod_activity()'s running share, and nothing else. */
  for (guint i = 0; i < n_columns; i++)
    busy[i] = 0;
  for (guint c = 0; c < n_caps; c++)
    {
      const EsCapTimeline *tl = es_document_get_cap (document, c);
      guint n;
      const EsActivity *act = es_cap_timeline_get_activities (tl, &n);
      guint64 before[ES_N_ACTIVITY_KINDS], after[ES_N_ACTIVITY_KINDS];
      EsCapCursor cursor = { 0 };
      Edges edges;
      guint64 b;

      edges_init (&edges, t0, t1, n_columns);
      b = edges_take (&edges);
      es_cap_timeline_cumulative_walk (tl, &cursor, b, before);
      for (guint i = 0; i < n_columns; i++)
        {
          guint64 a = b;
          guint at_b;
          float running;

          b = edges_take (&edges);
          at_b = es_cap_timeline_cumulative_walk (tl, &cursor, b, after);
          if (b > a)
            running = (after[ES_ACTIVITY_RUNNING] - before[ES_ACTIVITY_RUNNING]) / (double) (b - a);
          else
            running = at_b != G_MAXUINT && es_activity_end (&act[at_b]) > a && act[at_b].kind == ES_ACTIVITY_RUNNING;
          busy[i] += running;
          memcpy (before, after, sizeof before);
        }
    }
  return (gsize) n_caps * (n_columns + 1);
}

/* The cumulative counters at @time, linear between their samples; @hint
 * is where the last search ended, for times that go forward. */
static void
interpolate_sparks (const EsCapTimeline *tl,
                    guint64              time,
                    guint               *hint,
                    double               out[6])
{
  guint n = es_cap_timeline_get_n_spark_samples (tl);
  const EsSample *times = es_series_get_samples (es_cap_timeline_get_spark_pool (tl));
  guint lo = *hint = es_search_upper_bound_from (times, n, sizeof (EsSample), G_STRUCT_OFFSET (EsSample, time), *hint, time);
  EsSparkSample s0, s1;
  double f;

  if (lo == 0 || n == 0)
    {
      for (guint k = 0; k < 6; k++)
        out[k] = 0;
      return;
    }
  es_cap_timeline_get_spark_sample (tl, lo - 1, &s0);
  if (lo == n || times[lo].time == times[lo - 1].time)
    {
      f = 0;
      s1 = s0;
    }
  else
    {
      f = (double) (time - times[lo - 1].time) / (double) (times[lo].time - times[lo - 1].time);
      es_cap_timeline_get_spark_sample (tl, lo, &s1);
    }

#define LERP(k, field) out[k] = s0.field + f * ((double) s1.field - (double) s0.field)
  LERP (0, created);
  LERP (1, dud);
  LERP (2, overflowed);
  LERP (3, converted);
  LERP (4, fizzled);
  LERP (5, gcd);
#undef LERP
}

/* es_series_value_at(), es_series_count_in() and es_series_min_in() and
 * _max_in() for one column [a, b], the columns going forward: the samples
 * are galloped to from @cursor (where the last column's start was), and
 * a column with a few samples has them read; one with more asks the
 * series' pyramids for both extremes of the samples found, at once. The
 * same answers: the value held at @a, and the extremes of it and of the
 * samples inside. */
static gboolean
range_walk (const EsSeries *series,
            guint64         a,
            guint64         b,
            guint          *cursor,
            guint          *after_b,
            guint64        *min,
            guint64        *max)
{
  const EsSample *s = es_series_get_samples (series);
  guint n = es_series_get_length (series);
  guint after_a = es_search_upper_bound_from (s, n, sizeof (EsSample), G_STRUCT_OFFSET (EsSample, time), *cursor, a);
  guint from = after_a, to = es_search_upper_bound_from (s, n, sizeof (EsSample), G_STRUCT_OFFSET (EsSample, time), after_a, b);
  gboolean has = after_a > 0;
  guint64 held = has ? s[after_a - 1].value : 0;

  *cursor = after_a;
  if (after_b != NULL)
    *after_b = to;
  /* [from, to): the samples at a to those at b. */
  if (from > 0 && s[from - 1].time == a)
    from = es_series_lower_bound (series, a);
  *min = *max = held;
  if (to > from)
    {
      guint64 lo = G_MAXUINT64, hi = 0;

      if (to - from <= 32)
        for (guint i = from; i < to; i++)
          {
            lo = MIN (lo, s[i].value);
            hi = MAX (hi, s[i].value);
          }
      else
        es_series_extremes_of (series, from, to, &lo, &hi);
      *min = has ? MIN (lo, held) : lo;
      *max = has ? MAX (hi, held) : hi;
      has = TRUE;
    }
  return has;
}

/* es_series_interpolate() for times that go forward, from @hint. */
static double
interpolate_walk (const EsSeries *series,
                  guint64         time,
                  guint          *hint)
{
  const EsSample *s = es_series_get_samples (series);
  guint n = es_series_get_length (series);
  guint i = *hint = es_search_upper_bound_from (s, n, sizeof (EsSample), G_STRUCT_OFFSET (EsSample, time), *hint, time);

  if (n == 0)
    return 0;
  if (i == 0)
    return (double) s[0].value;
  if (i == n || s[i].time == s[i - 1].time)
    return (double) s[i - 1].value;
  return s[i - 1].value + ((double) s[i].value - (double) s[i - 1].value) *
         (double) (time - s[i - 1].time) / (double) (s[i].time - s[i - 1].time);
}

void
es_lod_sparks (EsDocument    *document,
               guint          cap,
               guint64        t0,
               guint64        t1,
               guint          n_columns,
               EsSparkColumn *columns)
{
  const EsCapTimeline *tl = es_document_get_cap (document, cap);
  const EsSeries *pool = es_cap_timeline_get_spark_pool (tl);
  double before[6], after[6];
  guint hint = 0, pool_cursor = 0;
  Edges edges;
  guint64 b;

  if (n_columns == 0)
    return;
  edges_init (&edges, t0, t1, n_columns);
  b = edges_take (&edges);
  interpolate_sparks (tl, b, &hint, before);
  for (guint i = 0; i < n_columns; i++)
    {
      guint64 a = b;
      double seconds;
      EsSparkColumn *c = &columns[i];

      b = edges_take (&edges);
      seconds = b > a ? (b - a) / 1e9 : 1e-9;
      /* The pool holds a sample for each spark sample, at its time: the
       * search for the column's end is the same for both (a hint, checked
       * in a read). */
      c->has_pool = range_walk (pool, a, b, &pool_cursor, &hint, &c->pool_min, &c->pool_max);
      interpolate_sparks (tl, b, &hint, after);
      c->created = (after[0] - before[0]) / seconds;
      c->dud = (after[1] - before[1]) / seconds;
      c->overflowed = (after[2] - before[2]) / seconds;
      c->converted = (after[3] - before[3]) / seconds;
      c->fizzled = (after[4] - before[4]) / seconds;
      c->gcd = (after[5] - before[5]) / seconds;
      memcpy (before, after, sizeof before);
    }
}

void
es_lod_heap (EsDocument   *document,
             guint64       t0,
             guint64       t1,
             guint         n_columns,
             EsHeapColumn *columns)
{
  guint n_caps = es_document_get_n_caps (document);
  g_autofree double *bytes = NULL;
  guint size_cursor = 0, live_cursor = 0;
  Edges edges;
  guint64 b;

  if (n_columns == 0)
    return;
  /* Each cap's own counter, interpolated: the all-caps series steps
   * whenever one cap reports, which zoomed in reads as spikes. A cap at a
   * time, so that each walks its samples forward once. */
  bytes = g_new0 (double, n_columns);
  for (guint cap = 0; cap < n_caps; cap++)
    {
      const EsSeries *allocated = es_cap_timeline_get_allocated (es_document_get_cap (document, cap));
      guint hint = 0;
      double before, after;

      edges_init (&edges, t0, t1, n_columns);
      before = interpolate_walk (allocated, edges_take (&edges), &hint);
      for (guint i = 0; i < n_columns; i++)
        {
          after = interpolate_walk (allocated, edges_take (&edges), &hint);
          bytes[i] += after - before;
          before = after;
        }
    }

  edges_init (&edges, t0, t1, n_columns);
  b = edges_take (&edges);
  for (guint i = 0; i < n_columns; i++)
    {
      guint64 a = b;
      EsHeapColumn *c = &columns[i];

      b = edges_take (&edges);
      c->has_size = range_walk (es_document_get_heap_size (document), a, b, &size_cursor, NULL, &c->size_min, &c->size_max);
      c->has_live = range_walk (es_document_get_heap_live (document), a, b, &live_cursor, NULL, &c->live_min, &c->live_max);
      c->alloc_rate = b > a ? bytes[i] / ((b - a) / 1e9) : 0;
    }
}

/* How many instants of the kinds in @kind_mask (1 << EsInstantKind) fall in
 * each column [start, next start). */
void
es_lod_instants (EsDocument *document,
                 guint       cap,
                 guint32     kind_mask,
                 guint64     t0,
                 guint64     t1,
                 guint       n_columns,
                 guint32    *counts)
{
  const EsCapTimeline *tl = es_document_get_cap (document, cap);

  for (guint i = 0; i < n_columns; i++)
    counts[i] = 0;
  if (n_columns == 0)
    return;
  /* A kind at a time, its instants galloped through once: the count in a
   * column is the first instant at or after its end less the first at or
   * after its start, which the last column's end gave. */
  for (guint k = 0; k < ES_N_INSTANT_KINDS; k++)
    {
      gboolean has_thread = ES_INSTANT_KIND_HAS_THREAD (k);
      guint n, at_a, at_b;
      EsInstantReader instants = { NULL };
      const EsMark *marks = NULL;
      Edges edges;

      if (!(kind_mask & (1u << k)))
        continue;
      /* The two layouts have their own inline searches: one call per
       * column edge would cost as much as the search. */
      if (has_thread)
        {
          es_cap_timeline_read_instants (tl, k, &instants);
          n = instants.n;
        }
      else
        marks = es_cap_timeline_get_marks (tl, k, &n);
#define LOWER_BOUND(from, time) (has_thread ? es_instant_reader_lower_bound (&instants, n, (time)) \
                                             : es_marks_lower_bound_from (marks, n, (from), (time)))
      edges_init (&edges, t0, t1, n_columns);
      at_a = LOWER_BOUND (0, edges_take (&edges));
      for (guint i = 0; i < n_columns; i++)
        {
          guint64 b = edges_take (&edges);

          /* The last column holds its end, t1. */
          if (i + 1 == n_columns)
            b = t1 + 1;
          at_b = LOWER_BOUND (at_a, b);
          counts[i] += at_b - at_a;
          at_a = at_b;
        }
#undef LOWER_BOUND
    }
}
