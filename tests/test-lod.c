/* test-lod.c: series, per-column queries and interval statistics against
 * brute force, on random data and on real logs
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-busy-grid.h"
#include "es-document-builder.h"
#include "es-lod.h"
#include "es-stats.h"
#include "es-test-log.h"
#include "es-time.h"

/* Every query of @series over random ranges below @t_max against the
 * samples it was given. */
static void
check_series_queries (const EsSeries *series,
                      GArray         *times,
                      GArray         *values,
                      GRand          *rand,
                      guint           n_queries,
                      gint32          t_max)
{
  for (guint q = 0; q < n_queries; q++)
    {
      guint64 t0 = g_rand_int_range (rand, 0, t_max);
      guint64 t1 = t0 + g_rand_int_range (rand, 0, t_max / 3 + 1);
      guint64 max = 0, min = G_MAXUINT64, got;
      guint count = 0;

      for (guint i = 0; i < times->len; i++)
        {
          guint64 t = g_array_index (times, guint64, i), v = g_array_index (values, guint64, i);

          if (t >= t0 && t <= t1)
            {
              count++;
              max = MAX (max, v);
              min = MIN (min, v);
            }
        }
      g_assert_cmpuint (es_series_count_in (series, t0, t1), ==, count);
      g_assert_cmpint (es_series_max_in (series, t0, t1, &got), ==, count > 0);
      if (count > 0)
        g_assert_cmpuint (got, ==, max);
      g_assert_cmpint (es_series_min_in (series, t0, t1, &got), ==, count > 0);
      if (count > 0)
        g_assert_cmpuint (got, ==, min);
      /* Both at once, of the samples found by index. */
      if (count > 0)
        {
          guint64 least, most;

          es_series_extremes_of (series, es_series_lower_bound (series, t0), es_series_upper_bound (series, t1),
                                 &least, &most);
          g_assert_cmpuint (least, ==, min);
          g_assert_cmpuint (most, ==, max);
        }
    }
}

static void
test_series_against_brute_force (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);

  for (guint round = 0; round < 50; round++)
    {
      g_autoptr(EsSeries) series = es_series_new ();
      guint n = g_rand_int_range (rand, 0, 1200);
      g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (guint64));
      g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (guint64));

      /* Out of order on purpose: seal() must sort. */
      for (guint i = 0; i < n; i++)
        {
          guint64 t = g_rand_int_range (rand, 0, 10000);
          guint64 v = g_rand_int_range (rand, 0, 1000000);

          es_series_append (series, t, v);
          g_array_append_val (times, t);
          g_array_append_val (values, v);
        }
      es_series_seal (series);
      check_series_queries (series, times, values, rand, 200, 10500);
    }
}

/* A live log's series is copied at each snapshot, and the copy sealed:
 * the series keeps its index up to date as it is copied, and the copy
 * indexes only the samples since (es_series_copy()). Every copy answers
 * as a series sealed whole; after a sample out of order, copies sort and
 * index all again. */
static void
test_series_copies_extend_the_index (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  g_autoptr(EsSeries) series = es_series_new ();
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (guint64));
  guint64 t = 0;

  for (guint round = 0; round < 60; round++)
    {
      guint piece = g_rand_int_range (rand, 1, 100);
      g_autoptr(EsSeries) copy = NULL;

      for (guint i = 0; i < piece; i++)
        {
          guint64 v = g_rand_int_range (rand, 0, 1000000), at;

          t += g_rand_int_range (rand, 0, 50);
          at = round == 45 && i == 0 ? t / 2 : t;
          es_series_append (series, at, v);
          g_array_append_val (times, at);
          g_array_append_val (values, v);
        }
      copy = es_series_copy (series);
      es_series_seal (copy);
      g_assert_cmpuint (es_series_get_length (copy), ==, times->len);
      check_series_queries (copy, times, values, rand, 40, (gint32) t + 100);
    }
}

/* es_series_extremes_of() over runs of whole blocks of 32 samples, which
 * it answers from its index alone, against the samples themselves. */
static void
check_extremes_of_whole_blocks (const EsSeries *series,
                                GRand          *rand,
                                guint           n_queries)
{
  const EsSample *s = es_series_get_samples (series);
  guint n_blocks = es_series_get_length (series) / 32;

  for (guint q = 0; q < n_queries && n_blocks > 0; q++)
    {
      guint from = g_rand_int_range (rand, 0, n_blocks), length = g_rand_int_range (rand, 1, 5);
      guint to = MIN (n_blocks, from + length);
      guint64 least, most, min = G_MAXUINT64, max = 0;

      for (guint i = from * 32; i < to * 32; i++)
        {
          min = MIN (min, s[i].value);
          max = MAX (max, s[i].value);
        }
      es_series_extremes_of (series, from * 32, to * 32, &least, &most);
      g_assert_cmpuint (least, ==, min);
      g_assert_cmpuint (most, ==, max);
    }
}

/* A live log's series lives in the records' file, with its index: every
 * copy maps both from there, while the series goes on appending and
 * rewriting the last block of each level. Copies kept alive all along
 * answer for the samples they had; after a sample out of order, the
 * series sorts and indexes everything in new regions of the file, and
 * the copies made before go on reading the old ones. */
static void
test_series_copies_share_the_index_in_the_file (void)
{
  g_autoptr(EsVecFile) file = es_vec_file_new ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (23);
  g_autoptr(EsSeries) series = es_series_new ();
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GPtrArray) copies = g_ptr_array_new_with_free_func ((GDestroyNotify) es_series_free);
  g_autoptr(GPtrArray) pins = g_ptr_array_new_with_free_func ((GDestroyNotify) es_vec_file_unpin);
  guint64 t = 0, held;

  if (file == NULL)
    {
      g_test_skip ("no memfd here: copies of a series are copies");
      return;
    }
  es_series_use_file (series, file);
  for (guint round = 0; round < 24; round++)
    {
      guint piece = g_rand_int_range (rand, 1, 20000);
      EsSeries *copy;

      for (guint i = 0; i < piece; i++)
        {
          guint64 v = g_rand_int_range (rand, 0, 1000000), at;

          t += g_rand_int_range (rand, 0, 50);
          /* One sample late, among the first: every block moves. */
          at = round == 17 && i == 0 ? 0 : t;
          es_series_append (series, at, v);
          g_array_append_val (times, at);
          g_array_append_val (values, v);
        }
      /* As the builder does before each snapshot. */
      es_series_put_in_order (series);
      g_ptr_array_add (pins, es_vec_file_pin (file));
      copy = es_series_copy (series);
      es_series_seal (copy);
      g_ptr_array_add (copies, copy);
    }

  for (guint c = 0; c < copies->len; c++)
    {
      const EsSeries *copy = g_ptr_array_index (copies, c);
      guint n = es_series_get_length (copy);
      g_autoptr(GArray) had_times = g_array_sized_new (FALSE, FALSE, sizeof (guint64), n);
      g_autoptr(GArray) had_values = g_array_sized_new (FALSE, FALSE, sizeof (guint64), n);

      g_array_append_vals (had_times, times->data, n);
      g_array_append_vals (had_values, values->data, n);
      check_series_queries (copy, had_times, had_values, rand, 60, (gint32) t + 100);
      check_extremes_of_whole_blocks (copy, rand, 2000);
    }

  /* With the copies gone, what the file holds is the series': its
   * samples and its index, whose first levels hold 2 values per 32
   * samples. */
  g_ptr_array_set_size (copies, 0);
  g_ptr_array_set_size (pins, 0);
  held = es_vec_file_get_bytes (file, NULL);
  g_assert_cmpuint (held, >=, (guint64) times->len * sizeof (EsSample) + times->len / 32 * 2 * sizeof (guint64));
  g_assert_cmpuint (held, <=, (guint64) times->len * sizeof (EsSample) + times->len / 32 * 4 * sizeof (guint64) +
                                (64u << 10));
}

/* A random run on several caps, fed to the builder as events. */
/* 64 caps running now and then, for seconds to minutes, over thirty hours:
 * the busy grid's points then count in units of several nanoseconds. */
static EsDocument *
long_run_document (GRand *rand)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new ();
  const guint64 second = 1000000000;

  for (guint cap = 0; cap < 64; cap++)
    {
      guint64 t = g_rand_int_range (rand, 0, 1000);

      while (t < 30 * 3600 * second)
        {
          EsEvent e = { 0 };

          e.cap = cap;
          e.tag = ES_EVENT_RUN_THREAD;
          e.time = t += (guint64) g_rand_int_range (rand, 0, 900) * second;
          e.u.thread.thread = g_rand_int_range (rand, 1, 20);
          es_document_builder_add (builder, &e);
          e.tag = ES_EVENT_STOP_THREAD;
          e.time = t += (guint64) g_rand_int_range (rand, 1, 600) * second + g_rand_int_range (rand, 0, 1000000);
          e.u.stop.status = ES_STOP_HEAP_OVERFLOW;
          es_document_builder_add (builder, &e);
        }
    }
  return es_document_builder_finish (builder, FALSE, 0);
}

static EsDocument *
random_document (GRand *rand,
                 guint  n_caps)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new ();

  for (guint cap = 0; cap < n_caps; cap++)
    {
      guint64 t = g_rand_int_range (rand, 0, 1000);
      guint64 created = 0, converted = 0;

      for (guint i = 0; i < 400; i++)
        {
          EsEvent e = { 0 };
          guint choice = g_rand_int_range (rand, 0, 10);

          e.cap = cap;
          t += g_rand_int_range (rand, 0, 5000);
          if (choice < 5)
            {
              e.tag = ES_EVENT_RUN_THREAD;
              e.time = t;
              e.u.thread.thread = g_rand_int_range (rand, 1, 20);
              es_document_builder_add (builder, &e);
              e.tag = ES_EVENT_STOP_THREAD;
              e.time = t += g_rand_int_range (rand, 0, 20000);
              e.u.stop.status = ES_STOP_HEAP_OVERFLOW;
              es_document_builder_add (builder, &e);
            }
          else if (choice < 7)
            {
              static const guint16 phases[] = { ES_EVENT_GC_START, ES_EVENT_GC_WORK, ES_EVENT_GC_IDLE,
                                                ES_EVENT_GC_WORK, ES_EVENT_GC_DONE, ES_EVENT_GC_END };

              for (guint p = 0; p < G_N_ELEMENTS (phases); p++)
                {
                  e.tag = phases[p];
                  e.time = t += g_rand_int_range (rand, 0, 3000);
                  es_document_builder_add (builder, &e);
                }
            }
          else if (choice < 9)
            {
              e.tag = g_rand_boolean (rand) ? ES_EVENT_CREATE_THREAD : ES_EVENT_USER_MSG;
              e.time = t;
              e.u.text.data = "hello";
              e.u.text.len = 5;
              es_document_builder_add (builder, &e);
            }
          else
            {
              e.tag = ES_EVENT_SPARK_COUNTERS;
              e.time = t;
              e.u.spark_counters.created = created += g_rand_int_range (rand, 0, 100);
              e.u.spark_counters.converted = converted += g_rand_int_range (rand, 0, 50);
              e.u.spark_counters.remaining = g_rand_int_range (rand, 0, 80);
              es_document_builder_add (builder, &e);
              e.tag = ES_EVENT_HEAP_SIZE;
              e.u.heap.bytes = g_rand_int_range (rand, 1, 1 << 30);
              es_document_builder_add (builder, &e);
            }
        }
    }
  return es_document_builder_finish (builder, FALSE, 0);
}

static guint64
brute_overlap (const EsCapTimeline *tl,
               EsActivityKind       kind,
               guint64              a,
               guint64              b)
{
  guint n;
  const EsActivity *act = es_cap_timeline_get_activities (tl, &n);
  guint64 total = 0;

  for (guint i = 0; i < n; i++)
    if (act[i].kind == kind)
      {
        guint64 lo = MAX (act[i].start, a), hi = MIN (es_activity_end (&act[i]), b);

        total += hi > lo ? hi - lo : 0;
      }
  return total;
}

/* The held value at @a (last sample at or before it) and every sample in
 * [a, b], scanned one by one. */
static gboolean
brute_range (const EsSeries *series,
             guint64         a,
             guint64         b,
             guint64        *min,
             guint64        *max)
{
  const EsSample *s = es_series_get_samples (series);
  gboolean found = FALSE;

  *min = G_MAXUINT64;
  *max = 0;
  for (guint i = 0; i < es_series_get_length (series); i++)
    {
      gboolean held = s[i].time <= a && (i + 1 == es_series_get_length (series) || s[i + 1].time > a);

      if (held || (s[i].time >= a && s[i].time <= b))
        {
          *min = MIN (*min, s[i].value);
          *max = MAX (*max, s[i].value);
          found = TRUE;
        }
    }
  return found;
}

static void
check_series_columns (EsDocument *document,
                      guint64     t0,
                      guint64     t1,
                      guint       n)
{
  g_autofree EsHeapColumn *heap = g_new (EsHeapColumn, n);
  g_autofree EsSparkColumn *sparks = g_new (EsSparkColumn, n);
  guint64 min, max;

  es_lod_heap (document, t0, t1, n, heap);
  {
    /* The rates, times their columns' widths, add up to what the caps
     * allocated over the span (no spikes, nothing lost between columns). */
    double integral = 0, expected = 0;

    for (guint i = 0; i < n; i++)
      integral += heap[i].alloc_rate * ((es_lod_column_start (t0, t1, n, i + 1) - es_lod_column_start (t0, t1, n, i)) / 1e9);
    for (guint c = 0; c < es_document_get_n_caps (document); c++)
      {
        const EsSeries *allocated = es_cap_timeline_get_allocated (es_document_get_cap (document, c));

        expected += es_series_interpolate (allocated, t1) - es_series_interpolate (allocated, t0);
      }
    g_assert_cmpfloat_with_epsilon (integral, expected, 1e-6 * MAX (1.0, expected));
    for (guint i = 0; i < n; i++)
      g_assert_cmpfloat (heap[i].alloc_rate, >=, 0);
  }
  for (guint i = 0; i < n; i++)
    {
      guint64 a = es_lod_column_start (t0, t1, n, i), b = es_lod_column_start (t0, t1, n, i + 1);

      g_assert_cmpint (heap[i].has_size, ==, brute_range (es_document_get_heap_size (document), a, b, &min, &max));
      if (heap[i].has_size)
        {
          g_assert_cmpuint (heap[i].size_min, ==, min);
          g_assert_cmpuint (heap[i].size_max, ==, max);
        }
    }
  for (guint c = 0; c < es_document_get_n_caps (document); c++)
    {
      es_lod_sparks (document, c, t0, t1, n, sparks);
      for (guint i = 0; i < n; i++)
        {
          guint64 a = es_lod_column_start (t0, t1, n, i), b = es_lod_column_start (t0, t1, n, i + 1);
          const EsSeries *pool = es_cap_timeline_get_spark_pool (es_document_get_cap (document, c));

          g_assert_cmpint (sparks[i].has_pool, ==, brute_range (pool, a, b, &min, &max));
          if (sparks[i].has_pool)
            {
              g_assert_cmpuint (sparks[i].pool_min, ==, min);
              g_assert_cmpuint (sparks[i].pool_max, ==, max);
            }
          g_assert_cmpfloat (sparks[i].created, >=, 0);
        }
    }
}

static void
check_columns_against_brute_force (EsDocument *document,
                                   GRand      *rand,
                                   guint       n_queries)
{
  guint64 end = es_document_get_end_time (document);

  for (guint q = 0; q < n_queries; q++)
    {
      guint64 t0 = g_rand_int_range (rand, 0, (gint32) MIN (end, G_MAXINT32));
      guint64 span = 1 + g_rand_int_range (rand, 0, g_rand_boolean (rand) ? 50 : (gint32) MIN (end, G_MAXINT32));
      guint64 t1 = t0 + span;
      guint n = g_rand_int_range (rand, 1, 400);
      g_autofree EsActivityColumn *columns = g_new (EsActivityColumn, n);
      g_autofree float *busy = g_new (float, n);
      g_autofree guint32 *counts = g_new (guint32, n);

      check_series_columns (document, t0, t1, n);
      es_lod_busy_caps (document, t0, t1, n, busy);
      for (guint c = 0; c < es_document_get_n_caps (document); c++)
        {
          const EsCapTimeline *tl = es_document_get_cap (document, c);
          guint n_instants;
          const EsInstant *created = es_cap_timeline_get_instants (tl, ES_INSTANT_THREAD_CREATED, &n_instants);

          es_lod_activity (document, c, t0, t1, n, columns);
          es_lod_instants (document, c, 1u << ES_INSTANT_THREAD_CREATED, t0, t1, n, counts);
          for (guint i = 0; i < n; i++)
            {
              guint64 a = es_lod_column_start (t0, t1, n, i);
              guint64 b = es_lod_column_start (t0, t1, n, i + 1);
              guint64 b_open = i + 1 == n ? t1 + 1 : b;
              guint expected_count = 0;

              if (b > a)
                {
                  double w = b - a;

                  g_assert_cmpfloat_with_epsilon (columns[i].running, brute_overlap (tl, ES_ACTIVITY_RUNNING, a, b) / w, 1e-5);
                  g_assert_cmpfloat_with_epsilon (columns[i].gc, brute_overlap (tl, ES_ACTIVITY_GC, a, b) / w, 1e-5);
                  g_assert_cmpfloat_with_epsilon (columns[i].gc_waiting, brute_overlap (tl, ES_ACTIVITY_GC_WAITING, a, b) / w, 1e-5);
                }
              g_assert_cmpfloat_with_epsilon (columns[i].running + columns[i].gc + columns[i].gc_waiting + columns[i].idle, 1.0, 1e-4);
              for (guint k = 0; k < n_instants; k++)
                expected_count += es_instant_time (&created[k]) >= a && es_instant_time (&created[k]) < b_open;
              g_assert_cmpuint (counts[i], ==, expected_count);
            }
        }
    }
}

static void
test_columns_on_random_runs (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);

  for (guint round = 0; round < 5; round++)
    {
      g_autoptr(EsDocument) document = random_document (rand, 1 + round % 4);

      check_columns_against_brute_force (document, rand, 30);
    }
}

static void
test_columns_on_real_log (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("parfib-N2.eventlog");
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);

  check_columns_against_brute_force (document, rand, 20);
}

/* A walk through a cap's activities gives what a search gives, whether
 * its times go forward a little, a lot, not at all, or back. */
static void
test_cumulative_walk (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (32);

  for (guint round = 0; round < 4; round++)
    {
      g_autoptr(EsDocument) document = random_document (rand, 1 + round);
      guint64 end = es_document_get_end_time (document);

      for (guint c = 0; c < es_document_get_n_caps (document); c++)
        {
          const EsCapTimeline *tl = es_document_get_cap (document, c);
          EsCapCursor cursor = { 0 };
          guint64 time = 0;

          for (guint q = 0; q < 2000; q++)
            {
              guint64 want[ES_N_ACTIVITY_KINDS], got[ES_N_ACTIVITY_KINDS];

              switch (g_rand_int_range (rand, 0, 8))
                {
                case 0:
                  time = g_rand_int_range (rand, 0, (gint32) MIN (end + 100, G_MAXINT32));
                  break;
                case 1:
                  break;
                case 2:
                  time += g_rand_int_range (rand, 0, (gint32) MIN (end / 10 + 1, G_MAXINT32));
                  break;
                default:
                  time += g_rand_int_range (rand, 0, 200);
                  break;
                }
              es_cap_timeline_cumulative (tl, time, 0, want);
              g_assert_cmpuint (es_cap_timeline_cumulative_walk (tl, &cursor, time, got), ==, es_cap_timeline_find_activity (tl, time));
              for (guint k = 0; k < ES_N_ACTIVITY_KINDS; k++)
                g_assert_cmpuint (got[k], ==, want[k]);
            }
        }
    }
}

/* Issue #16: the activity graph of a 64-cap log, zoomed out, asked each
 * cap about each column edge, 96,000 lookups a frame reading every
 * activity. Wide columns now come from one grid for all caps, within 1%
 * of the caps of the exact average, and ask no cap; narrow ones are
 * exact. The grid keeps 32 bits a point: a thirty-hour run of 64 caps
 * counts in units of nanoseconds and is as close. */
static void
test_busy_caps_grid (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (64);

  for (guint round = 0; round < 4; round++)
    {
      guint n_caps = round >= 2 ? 64 : 8;
      g_autoptr(EsDocument) document = round == 3 ? long_run_document (rand) : random_document (rand, n_caps);
      guint64 start = es_document_get_start_time (document), end = es_document_get_end_time (document);

      for (guint zoom = 0; zoom < 4; zoom++)
        {
          guint n = zoom == 0 ? 1504 : g_rand_int_range (rand, 1, 400);
          guint64 span = MAX ((end - start) >> (zoom * 4), 1);
          guint64 t0 = zoom == 0 ? start : start + g_rand_int_range (rand, 0, (gint32) MIN (end - start - MIN (span, end - start) + 1, G_MAXINT32));
          g_autofree float *busy = g_new (float, n);
          gsize lookups = es_lod_busy_caps (document, t0, t0 + span, n, busy);
          gboolean wide = span / n >= 192 * ((end - start) / ((1u << 19) - 2) + 1);

          if (zoom == 0)
            g_assert_true (wide);
          g_assert_cmpuint (lookups, ==, wide ? 0 : (gsize) n_caps * (n + 1));
          for (guint i = 0; i < n; i++)
            {
              guint64 a = es_lod_column_start (t0, t0 + span, n, i), b = es_lod_column_start (t0, t0 + span, n, i + 1);
              double exact = 0;

              if (b == a)
                continue;
              for (guint c = 0; c < n_caps; c++)
                exact += brute_overlap (es_document_get_cap (document, c), ES_ACTIVITY_RUNNING, a, b) / (double) (b - a);
              g_assert_cmpfloat_with_epsilon (busy[i], exact, wide ? n_caps * 2.0 / 192 : 1e-4 * n_caps);
            }
        }
    }
}

/* One cap's runs and GCs from @t up to @until; a run may be left open
 * (the next call stops it), or, once the run is long enough, last longer
 * than one activity record holds (4.29 s). */
static guint64
add_live_runs (EsDocumentBuilder *builder,
               GRand             *rand,
               guint              cap,
               guint64            t,
               guint64            until,
               gboolean          *open)
{
  const guint64 second = 1000000000;
  guint64 scale = MAX (until / 40, 2);
  EsEvent e = { 0 };

  e.cap = cap;
  while (t < until)
    {
      if (*open)
        {
          e.tag = ES_EVENT_STOP_THREAD;
          e.time = t += g_rand_int_range (rand, 1, (gint32) MIN (scale, G_MAXINT32));
          if (until > 20 * second && g_rand_int_range (rand, 0, 40) == 0)
            e.time = t += 5 * second;
          e.u.stop.status = ES_STOP_HEAP_OVERFLOW;
          es_document_builder_add (builder, &e);
          *open = FALSE;
        }
      t += g_rand_int_range (rand, 0, (gint32) MIN (scale, G_MAXINT32));
      if (g_rand_int_range (rand, 0, 5) == 0)
        {
          static const guint16 phases[] = { ES_EVENT_GC_START, ES_EVENT_GC_WORK, ES_EVENT_GC_DONE, ES_EVENT_GC_END };

          for (guint p = 0; p < G_N_ELEMENTS (phases); p++)
            {
              e.tag = phases[p];
              e.time = t += g_rand_int_range (rand, 0, (gint32) MIN (scale / 4 + 1, G_MAXINT32));
              es_document_builder_add (builder, &e);
            }
          continue;
        }
      e.tag = ES_EVENT_RUN_THREAD;
      e.time = t;
      e.u.thread.thread = g_rand_int_range (rand, 1, 20);
      es_document_builder_add (builder, &e);
      *open = TRUE;
    }
  return t;
}

/* A live log's snapshots are given a grid grown from the snapshots before
 * (es_busy_grid_grower_give()), reading only their new activities. Its
 * points are exactly those of a grid made from all the snapshot's
 * activities at the same step, as its run grows a millionfold (the step
 * doubling, or starting over), with runs left open at a snapshot, runs too
 * long for one record, and a cap whose first events come late and before
 * the log's start so far; the grid has room for half the activities (a
 * small log's takes little memory). While the step stays, a grid shares
 * the points before the first step that changed with the grid before it. */
static void
test_busy_grid_grows_with_snapshots (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (13);
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new_for_snapshots ();
  g_autoptr(EsBusyGridGrower) grower = es_busy_grid_grower_new ();
  const guint n_caps = 6, late_cap = 5, late_round = 8;
  guint64 t[6] = { 0 }, until = 20000, previous_step = 0;
  gboolean open[6] = { FALSE };
  guint doublings = 0, kept = 0, last_n = 0, summed_half_or_less = 0;

  for (guint c = 0; c < n_caps; c++)
    t[c] = 5000 + g_rand_int_range (rand, 0, 1000);
  for (guint round = 0; round < 30; round++)
    {
      g_autoptr(EsDocument) snapshot = NULL;
      g_autoptr(EsBusyGrid) fresh = NULL;
      const EsBusyGrid *grid;
      guint64 start, end, n_activities;

      /* Doubling, then slower: the step stays, and grids share points. */
      until = round < 20 ? until * 2 + g_rand_int_range (rand, 0, 1000) : until + until / 16;
      for (guint c = 0; c < n_caps; c++)
        {
          if (c == late_cap && round < late_round)
            continue;
          if (c == late_cap && round == late_round)
            {
              EsEvent e = { .cap = c, .tag = ES_EVENT_RUN_THREAD, .time = 100 };

              e.u.thread.thread = 1;
              es_document_builder_add (builder, &e);
              open[c] = TRUE;
              t[c] = 100;
            }
          t[c] = add_live_runs (builder, rand, c, t[c], until, &open[c]);
        }
      snapshot = es_document_builder_snapshot (builder, TRUE, -1);
      es_busy_grid_grower_give (grower, snapshot);
      grid = es_busy_grid_get (snapshot);
      /* Sums are kept only for the points activities to come may change:
       * from each cap's last one added for good, the earliest. */
      g_assert_cmpuint (es_busy_grid_grower_get_n_summed (grower), <, grid->n);
      if (es_busy_grid_grower_get_n_summed (grower) <= grid->n / 2)
        summed_half_or_less++;
      start = es_document_get_start_time (snapshot);
      end = es_document_get_end_time (snapshot);
      g_assert_cmpuint (grid->start, ==, start);
      g_assert_cmpuint (grid->n, <=, 1u << 20);
      /* Room for half its activities, at least 4096 points: a small log
       * does not take a grid of 2^20. */
      n_activities = 0;
      for (guint c = 0; c < es_document_get_n_caps (snapshot); c++)
        {
          guint n;

          es_cap_timeline_get_activities (es_document_get_cap (snapshot, c), &n);
          n_activities += n;
        }
      g_assert_cmpuint (grid->n, <=, MAX (n_activities, 1u << 12) + 2);
      /* Its last point is past the run's end. */
      g_assert_cmpuint (grid->start + (guint64) (grid->n - 1) * grid->step, >, end);

      fresh = es_busy_grid_new (snapshot, grid->start, grid->step);
      g_assert_cmpuint (fresh->n, ==, grid->n);
      for (guint k = 0; k < grid->n; k++)
        if (es_busy_grid_point (grid, k) != es_busy_grid_point (fresh, k))
          g_error ("round %u, point %u of %u: grown %" G_GUINT64_FORMAT ", made whole %" G_GUINT64_FORMAT, round, k,
                   grid->n, es_busy_grid_point (grid, k), es_busy_grid_point (fresh, k));
      if (previous_step != 0 && grid->step > previous_step)
        doublings++;
      else if (previous_step == grid->step)
        kept++;
      previous_step = grid->step;
      last_n = grid->n;
    }
  g_test_message ("the step grew %u times and stayed %u times; %u points at the end; sums for half of them or less "
                  "%u times", doublings, kept, last_n, summed_half_or_less);
  g_assert_cmpuint (doublings, >=, 3);
  g_assert_cmpuint (kept, >=, 8);
  g_assert_cmpuint (summed_half_or_less, >=, 10);
}

/* Every point of @grid is that of a grid made whole from @snapshot. */
static void
assert_grid_made_whole (EsDocument       *snapshot,
                        const EsBusyGrid *grid)
{
  g_autoptr(EsBusyGrid) fresh = es_busy_grid_new (snapshot, grid->start, grid->step);

  g_assert_cmpuint (fresh->n, ==, grid->n);
  for (guint k = 0; k < grid->n; k++)
    if (es_busy_grid_point (grid, k) != es_busy_grid_point (fresh, k))
      g_error ("point %u of %u: grown %" G_GUINT64_FORMAT ", made whole %" G_GUINT64_FORMAT, k, grid->n,
               es_busy_grid_point (grid, k), es_busy_grid_point (fresh, k));
}

/* A cap whose first runs come late (its buffer written seconds after the
 * others'), starting after the log's start but long before the points the
 * grower made for good and keeps no sums for: it starts the grid over,
 * and every snapshot's points are those of a grid made whole. */
static void
test_busy_grid_cap_late_within_the_run (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (29);
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new_for_snapshots ();
  g_autoptr(EsBusyGridGrower) grower = es_busy_grid_grower_new ();
  guint64 t[3] = { 1000, 1000, 0 }, until = 1000000;
  gboolean open[3] = { FALSE };

  for (guint round = 0; round < 12; round++)
    {
      g_autoptr(EsDocument) snapshot = NULL;

      until += 200000;
      for (guint c = 0; c < 3; c++)
        {
          if (c == 2 && round < 4)
            continue;
          /* Its first run, from a third of the way through the run. */
          if (c == 2 && round == 4)
            t[c] = until / 3;
          t[c] = add_live_runs (builder, rand, c, t[c], until, &open[c]);
        }
      snapshot = es_document_builder_snapshot (builder, TRUE, -1);
      es_busy_grid_grower_give (grower, snapshot);
      if (round == 3)
        /* Sums only for the last points: the first half, where the late
         * cap's runs will start, is settled. */
        g_assert_cmpuint (es_busy_grid_grower_get_n_summed (grower), <=, es_busy_grid_get (snapshot)->n / 2);
      assert_grid_made_whole (snapshot, es_busy_grid_get (snapshot));
    }
}

/* A finished document's grid, summed a window of 2^16 steps at a time,
 * has at each checkpoint (every 64 points, where a point is exact) the
 * caps' running time before it, counted run by run: with runs crossing
 * the windows' edges and many windows. */
static void
test_busy_grid_made_whole_exact (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (37);

  for (guint n_caps = 2; n_caps <= 7; n_caps += 5)
    {
      g_autoptr(EsDocument) document = random_document (rand, n_caps);
      guint64 start = es_document_get_start_time (document), step = 8;
      g_autoptr(EsBusyGrid) grid = es_busy_grid_new (document, start, step);

      g_assert_cmpuint (grid->n, >, 4 * 65536);
      for (guint k = 0; k < grid->n; k += 64)
        {
          guint64 before = 0;

          for (guint c = 0; c < n_caps; c++)
            before += brute_overlap (es_document_get_cap (document, c), ES_ACTIVITY_RUNNING, start, start + k * step);
          if (es_busy_grid_point (grid, k) != before)
            g_error ("%u caps, point %u of %u: %" G_GUINT64_FORMAT ", counted %" G_GUINT64_FORMAT, n_caps, k, grid->n,
                     es_busy_grid_point (grid, k), before);
        }
    }
}

/* A corrupt timestamp near the end of time (2^64 - 1000 ns) after runs
 * far from it: the grid's steps reach past the end of time, and the runs
 * are still counted, not lost to a time that wrapped around. */
static void
test_busy_grid_near_the_end_of_time (void)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new ();
  g_autoptr(EsDocument) document = NULL;
  const guint64 base = G_GUINT64_CONSTANT (1) << 54;
  EsEvent e = { 0 };
  guint64 last;

  for (guint c = 0; c < 2; c++)
    for (guint i = 0; i < 5; i++)
      {
        e.cap = c;
        e.tag = ES_EVENT_RUN_THREAD;
        e.time = base + 1000 + i * 20000;
        e.u.thread.thread = 1 + c;
        es_document_builder_add (builder, &e);
        e.tag = ES_EVENT_STOP_THREAD;
        e.time += 10000;
        e.u.stop.status = ES_STOP_HEAP_OVERFLOW;
        es_document_builder_add (builder, &e);
      }
  e.cap = 1;
  e.tag = ES_EVENT_CREATE_THREAD;
  e.time = G_MAXUINT64 - 1000;
  e.u.thread.thread = 9;
  es_document_builder_add (builder, &e);
  document = es_document_builder_finish (builder, TRUE, -1);

  /* A finished document's grid, and a live log's. */
  for (guint live = 0; live < 2; live++)
    {
      g_autoptr(EsBusyGridGrower) grower = es_busy_grid_grower_new ();
      g_autoptr(EsBusyGrid) made = NULL;
      const EsBusyGrid *grid;

      if (live)
        {
          es_busy_grid_grower_give (grower, document);
          grid = es_busy_grid_get (document);
        }
      else
        grid = made = es_busy_grid_new (document, es_document_get_start_time (document), G_GUINT64_CONSTANT (1) << 45);
      last = es_busy_grid_point (grid, grid->n - 1);
      g_test_message ("%s: %u points of %" G_GUINT64_FORMAT " ns, the last %" G_GUINT64_FORMAT,
                      live ? "grown" : "made whole", grid->n, grid->step, last);
      /* Exact: the runs are all long before its checkpoint. */
      g_assert_cmpuint (last, ==, 100000);
    }
}

/* A live log whose first snapshot spans a few microseconds (a grid step
 * of 1 ns) and whose next comes seconds later, past 2^32 steps: the grid
 * is summed again at a step for the whole run, every point as a grid made
 * whole, and every run counted. */
static void
test_busy_grid_after_a_long_silence (void)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new_for_snapshots ();
  g_autoptr(EsBusyGridGrower) grower = es_busy_grid_grower_new ();
  /* The last run ends 3 * 2^32 + 201 ns after the first starts: counted in
   * 32 bits, those steps would seem to be 203 points. */
  static const guint64 times[] = { 1000, 3000, 5000, 9000,
                                   G_GUINT64_CONSTANT (3) << 32, (G_GUINT64_CONSTANT (3) << 32) + 1200 };

  for (guint round = 0; round < 2; round++)
    {
      g_autoptr(EsDocument) snapshot = NULL;
      g_autoptr(EsBusyGrid) fresh = NULL;
      const EsBusyGrid *grid;
      double running = 0;

      for (guint c = 0; c < 2; c++)
        for (guint i = round * 4; i < MIN (round * 4 + 4, G_N_ELEMENTS (times)); i += 2)
          {
            EsEvent e = { .cap = c, .tag = ES_EVENT_RUN_THREAD, .time = times[i] + c };

            e.u.thread.thread = c + 1;
            es_document_builder_add (builder, &e);
            e.tag = ES_EVENT_STOP_THREAD;
            e.time = times[i + 1] + c;
            e.u.stop.status = ES_STOP_HEAP_OVERFLOW;
            es_document_builder_add (builder, &e);
          }
      snapshot = es_document_builder_snapshot (builder, TRUE, -1);
      es_busy_grid_grower_give (grower, snapshot);
      grid = es_busy_grid_get (snapshot);
      fresh = es_busy_grid_new (snapshot, grid->start, grid->step);
      g_assert_cmpuint (grid->n, ==, fresh->n);
      for (guint k = 0; k < grid->n; k++)
        g_assert_cmpuint (es_busy_grid_point (grid, k), ==, es_busy_grid_point (fresh, k));
      /* Both caps' runs, all of them counted. */
      for (guint i = 0; i < MIN (round * 4 + 4, G_N_ELEMENTS (times)); i += 2)
        running += 2.0 * (times[i + 1] - times[i]);
      g_assert_cmpfloat (es_busy_grid_running_before (grid, grid->start + (guint64) grid->n * grid->step), ==, running);
    }
}

/* The interval split at any point adds up to the whole. */
static void
test_stats_are_additive (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("heap-hT-N2.eventlog");
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  guint64 end;

  end = es_document_get_end_time (document);
  for (guint q = 0; q < 200; q++)
    {
      guint64 t0 = g_rand_int_range (rand, 0, (gint32) (end / 2));
      guint64 t1 = t0 + g_rand_int_range (rand, 2, (gint32) (end / 2));
      guint64 m = t0 + 1 + g_rand_int_range (rand, 0, (gint32) (t1 - t0 - 1));
      g_auto(EsStats) whole = { 0 };
      g_auto(EsStats) left = { 0 };
      g_auto(EsStats) right = { 0 };
      g_auto(EsStats) right_closed = { 0 };

      es_stats_compute (document, t0, t1, &whole);
      es_stats_compute (document, t0, m, &left);
      es_stats_compute (document, m + 1, t1, &right);
      es_stats_compute (document, m, t1, &right_closed);

      /* Counted quantities: [t0, m] and [m + 1, t1]. */
      g_assert_cmpuint (left.allocated + right.allocated, ==, whole.allocated);
      g_assert_cmpuint (left.copied + right.copied, ==, whole.copied);
      g_assert_cmpuint (left.residency_samples + right.residency_samples, ==, whole.residency_samples);
      for (guint g = 0; g < whole.n_generations; g++)
        {
          g_assert_cmpuint (left.gen[g].collections + right.gen[g].collections, ==, whole.gen[g].collections);
          g_assert_cmpuint (MAX (left.gen[g].max_pause, right.gen[g].max_pause), ==, whole.gen[g].max_pause);
        }
      g_assert_cmpuint (MAX (left.max_residency, right.max_residency), ==, whole.max_residency);
      /* Measured quantities: [t0, m] and [m, t1]. */
      g_assert_cmpuint (left.gc_elapsed + right_closed.gc_elapsed, ==, whole.gc_elapsed);
      g_assert_cmpuint (whole.gc_elapsed + whole.mut_elapsed, ==, t1 - t0);
      for (guint c = 0; c < whole.n_caps; c++)
        g_assert_cmpuint (left.caps[c].running + right_closed.caps[c].running, ==, whole.caps[c].running);
    }
}

static void
test_time_parsing (void)
{
  static const struct { const char *text; guint64 expected; } good[] = {
    { "1.5s", 1500000000 }, { "200ms", 200000000 }, { "37us", 37000 }, { "37\xc2\xb5s", 37000 },
    { "12ns", 12 }, { "2", 2000000000 }, { " 0.25s ", 250000000 }, { "50%", 1000 + 500 },
    { "0%", 1000 }, { "100%", 2000 },
  };
  static const char *bad[] = { "", "s", "ten", "-1s", "12 parsecs", "150%", "1e30s", "nan" };
  guint64 t;

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (es_time_parse (good[i].text, 1000, 2000, &t, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (t, ==, good[i].expected);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_false (es_time_parse (bad[i], 0, 1000, &t, &error));
      g_assert_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lod/series-min-max-count", test_series_against_brute_force);
  g_test_add_func ("/lod/series-min-max-count/copies-extend-the-index", test_series_copies_extend_the_index);
  g_test_add_func ("/lod/series-min-max-count/copies-share-the-index-in-the-file",
                   test_series_copies_share_the_index_in_the_file);
  g_test_add_func ("/lod/columns/random-runs", test_columns_on_random_runs);
  g_test_add_func ("/lod/columns/real-log", test_columns_on_real_log);
  g_test_add_func ("/lod/cumulative-walk", test_cumulative_walk);
  g_test_add_func ("/lod/busy-caps-grid", test_busy_caps_grid);
  g_test_add_func ("/lod/busy-caps-grid/grows-with-snapshots", test_busy_grid_grows_with_snapshots);
  g_test_add_func ("/lod/busy-caps-grid/after-a-long-silence", test_busy_grid_after_a_long_silence);
  g_test_add_func ("/lod/busy-caps-grid/cap-late-within-the-run", test_busy_grid_cap_late_within_the_run);
  g_test_add_func ("/lod/busy-caps-grid/near-the-end-of-time", test_busy_grid_near_the_end_of_time);
  g_test_add_func ("/lod/busy-caps-grid/made-whole-exact", test_busy_grid_made_whole_exact);
  g_test_add_func ("/stats/interval-split-adds-up", test_stats_are_additive);
  g_test_add_func ("/stats/time-parsing", test_time_parsing);

  return g_test_run ();
}
