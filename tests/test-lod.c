/* test-lod.c: series, per-column queries and interval statistics against
 * brute force, on random data and on real logs
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

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

          es_cap_timeline_get_instants (tl, ES_INSTANT_THREAD_CREATED, &n_instants);

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

                  g_assert_cmpfloat_with_epsilon (columns[i].running, es_test_brute_overlap (tl, ES_ACTIVITY_RUNNING, a, b) / w, 1e-5);
                  g_assert_cmpfloat_with_epsilon (columns[i].gc, es_test_brute_overlap (tl, ES_ACTIVITY_GC, a, b) / w, 1e-5);
                  g_assert_cmpfloat_with_epsilon (columns[i].gc_waiting, es_test_brute_overlap (tl, ES_ACTIVITY_GC_WAITING, a, b) / w, 1e-5);
                }
              g_assert_cmpfloat_with_epsilon (columns[i].running + columns[i].gc + columns[i].gc_waiting + columns[i].idle, 1.0, 1e-4);
              for (guint k = 0; k < n_instants; k++)
                {
                  guint64 time = es_cap_timeline_get_instant_time (tl, ES_INSTANT_THREAD_CREATED, k);

                  expected_count += time >= a && time < b_open;
                }
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
      g_autoptr(EsDocument) document = es_test_random_document (rand, 1 + round % 4);

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
      g_autoptr(EsDocument) document = es_test_random_document (rand, 1 + round);
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
      g_assert_cmpuint (left.init_elapsed + right_closed.init_elapsed, ==, whole.init_elapsed);
      g_assert_cmpuint (left.exit_elapsed + right_closed.exit_elapsed, ==, whole.exit_elapsed);
      g_assert_cmpuint (whole.init_elapsed + whole.gc_elapsed + whole.mut_elapsed + whole.exit_elapsed, ==, t1 - t0);
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
  g_test_add_func ("/stats/interval-split-adds-up", test_stats_are_additive);
  g_test_add_func ("/stats/time-parsing", test_time_parsing);

  return g_test_run ();
}