/* test-pauses.c: stepping through the long GC pauses of a real run
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "es-document-builder.h"
#include "es-pause-dist.h"
#include "es-pause-index-private.h"
#include "es-pauses.h"
#include "es-stats.h"
#include "es-test-log.h"

/* The threshold takes the longest tenth; stepping forward from the start
 * and back from the end meets exactly those pauses, in order. */
static void
test_steps_visit_every_long_pause (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("heap-hT-N2.eventlog");
  guint n, n_long = 0, forward = 0, backward = 0;
  const EsGc *gcs = es_document_get_gcs (document, &n);
  guint64 threshold = es_pauses_long_threshold (document);
  guint64 time = 0;
  const EsGc *gc;

  g_assert_cmpuint (n, >, 100);
  for (guint i = 0; i < n; i++)
    if (gcs[i].end - gcs[i].start >= threshold)
      n_long++;
  g_test_message ("%u collections, %u of at least %" G_GUINT64_FORMAT " ns", n, n_long, threshold);
  g_assert_cmpuint (n_long, >=, n / 10);
  g_assert_cmpuint (n_long, <, n / 2);

  while ((gc = es_pauses_find_long (document, time, TRUE)) != NULL)
    {
      g_assert_cmpuint (gc->start, >, time);
      g_assert_cmpuint (gc->end - gc->start, >=, threshold);
      time = gc->start;
      forward++;
    }
  g_assert_cmpuint (forward, ==, n_long);

  time = G_MAXUINT64;
  while ((gc = es_pauses_find_long (document, time, FALSE)) != NULL)
    {
      g_assert_cmpuint (gc->start, <, time);
      time = gc->start;
      backward++;
    }
  g_assert_cmpuint (backward, ==, n_long);
}

/* A run without collections has no long pause either way. */
static void
test_no_collections (void)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new ();
  g_autoptr(EsDocument) document = NULL;
  EsEvent e = { 0 };
  guint n;

  e.tag = ES_EVENT_RUN_THREAD;
  e.time = 10;
  e.u.thread.thread = 1;
  es_document_builder_add (builder, &e);
  e.tag = ES_EVENT_STOP_THREAD;
  e.time = 20;
  es_document_builder_add (builder, &e);
  document = es_document_builder_finish (builder, FALSE, -1);

  es_document_get_gcs (document, &n);
  g_assert_cmpuint (n, ==, 0);
  g_assert_cmpuint (es_pauses_long_threshold (document), ==, 0);
  g_assert_null (es_pauses_find_long (document, 0, TRUE));
  g_assert_null (es_pauses_find_long (document, G_MAXUINT64, FALSE));
}

/* The nearest-rank percentile by its definition, the slow way: the
 * smallest of the values with at least per_mille / 1000 of them at or
 * below it. */
static guint64
brute_percentile (const guint64 *values,
                  gsize          n,
                  guint          per_mille)
{
  guint64 best = G_MAXUINT64;
  gboolean found = FALSE;

  for (gsize i = 0; i < n; i++)
    {
      gsize at_or_below = 0;

      for (gsize j = 0; j < n; j++)
        at_or_below += values[j] <= values[i];
      if ((guint64) at_or_below * 1000 >= (guint64) per_mille * n && (!found || values[i] < best))
        {
          best = values[i];
          found = TRUE;
        }
    }
  return found ? best : 0;
}

static int
compare_pauses (gconstpointer a,
                gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return (x > y) - (x < y);
}

/* The value of @rank (from 1) in increasing order, by sorting a copy. */
static guint64
brute_order_statistic (const guint64 *values,
                       gsize          n,
                       gsize          rank)
{
  g_autofree guint64 *sorted = g_memdup2 (values, n * sizeof (guint64));

  qsort (sorted, n, sizeof (guint64), compare_pauses);
  return sorted[rank - 1];
}

/* The bucket by the header's formula, with libm: the edges at or below. */
static guint
brute_bucket (guint64 value)
{
  guint bucket = 0;

  for (guint k = 0; k < ES_PAUSE_DIST_N_EDGES; k++)
    if ((double) value >= round (1000 * pow (10, k / 4.0)))
      bucket++;
  return bucket;
}

static void
check_dist (const guint64     *values,
            gsize              n,
            const EsPauseDist *dist)
{
  static const guint per_mille[] = { 500, 900, 990, 999 };
  const guint64 got[] = { dist->p50, dist->p90, dist->p99, dist->p999 };
  guint buckets[ES_PAUSE_DIST_N_BUCKETS] = { 0 };
  guint64 total = 0, max = 0;

  g_assert_cmpuint (dist->count, ==, n);
  for (gsize i = 0; i < n; i++)
    {
      total += values[i];
      max = MAX (max, values[i]);
      buckets[brute_bucket (values[i])]++;
    }
  g_assert_cmpuint (dist->total, ==, total);
  g_assert_cmpuint (dist->max, ==, max);
  for (guint p = 0; p < G_N_ELEMENTS (per_mille); p++)
    {
      g_assert_cmpuint (got[p], ==, brute_percentile (values, n, per_mille[p]));
      if (n > 0)
        {
          /* The 95% range, its two ends from the formula, by sorting. */
          double centre = n * per_mille[p] / 1000.0;
          double half = 1.96 * sqrt (centre * (1 - per_mille[p] / 1000.0));
          gsize low = (gsize) CLAMP (floor (centre - half), 1, n), high = (gsize) CLAMP (ceil (centre + half), 1, n);

          /* Reaching the longest, as far down as the longest's range. */
          if (high == n)
            low = MIN (low, n > 6 ? n - 5 : 1);

          g_assert_cmpuint (dist->low[p], ==, brute_order_statistic (values, n, low));
          g_assert_cmpuint (dist->high[p], ==, brute_order_statistic (values, n, high));
          g_assert_cmpuint (dist->low[p], <=, got[p]);
          g_assert_cmpuint (dist->high[p], >=, got[p]);
        }
    }
  if (n > 0)
    g_assert_cmpuint (dist->max_low, ==, brute_order_statistic (values, n, n > 6 ? n - 5 : 1));
  g_assert_cmpmem (dist->buckets, sizeof buckets, buckets, sizeof buckets);
}

/* Where a percentile could as well have been: the ranks of a 95%
 * interval, worked by hand; few pauses give a wide one. */
static void
test_percentile_ranges (void)
{
  gsize low, high;

  /* p50 of 1000: 500 ± 1.96 × √250 = 500 ± 30.99. */
  es_pause_dist_range_ranks (1000, 500, &low, &high);
  g_assert_cmpuint (low, ==, 469);
  g_assert_cmpuint (high, ==, 531);
  /* p99 of 100: 99 ± 1.95, up to the longest, so down to the sixth longest. */
  es_pause_dist_range_ranks (100, 990, &low, &high);
  g_assert_cmpuint (low, ==, 95);
  g_assert_cmpuint (high, ==, 100);
  /* p99 of 1000: 990 ± 6.17, short of the longest. */
  es_pause_dist_range_ranks (1000, 990, &low, &high);
  g_assert_cmpuint (low, ==, 983);
  g_assert_cmpuint (high, ==, 997);
  /* p99.9 of 10,000: 9990 ± 6.19. */
  es_pause_dist_range_ranks (10000, 999, &low, &high);
  g_assert_cmpuint (low, ==, 9983);
  g_assert_cmpuint (high, ==, 9997);
  /* One pause: itself. */
  es_pause_dist_range_ranks (1, 900, &low, &high);
  g_assert_cmpuint (low, ==, 1);
  g_assert_cmpuint (high, ==, 1);
  g_assert_cmpuint (es_pause_dist_max_low_rank (10), ==, 5);
  g_assert_cmpuint (es_pause_dist_max_low_rank (6), ==, 1);
}

/* The edges are round (1000 × 10^(k/4)) ns, each bucket takes its lower
 * edge and not its upper one. */
static void
test_bucket_edges (void)
{
  for (guint k = 0; k < ES_PAUSE_DIST_N_EDGES; k++)
    {
      guint64 edge = es_pause_dist_edge (k);

      g_assert_cmpfloat (edge, ==, round (1000 * pow (10, k / 4.0)));
      g_assert_cmpuint (es_pause_dist_bucket_of (edge), ==, k + 1);
      g_assert_cmpuint (es_pause_dist_bucket_of (edge - 1), ==, k);
    }
  g_assert_cmpuint (es_pause_dist_edge (0), ==, 1000);
  g_assert_cmpuint (es_pause_dist_edge (ES_PAUSE_DIST_N_EDGES - 1), ==, G_GUINT64_CONSTANT (100000000000));
  g_assert_cmpuint (es_pause_dist_bucket_of (0), ==, 0);
  g_assert_cmpuint (es_pause_dist_bucket_of (G_MAXUINT64), ==, ES_PAUSE_DIST_N_BUCKETS - 1);
}

/* Random pauses, spread over every bucket and with ties, against the
 * definitions: sizes around the ranks' turning points (1000 for p99.9)
 * and random ones. */
static void
test_percentiles_brute_force (void)
{
  const gsize sizes[] = { 0, 1, 2, 3, 9, 10, 11, 99, 100, 101, 999, 1000, 1001 };
  g_autoptr(GRand) rand = g_rand_new_with_seed (14);

  for (guint round = 0; round < G_N_ELEMENTS (sizes) + 40; round++)
    {
      gsize n = round < G_N_ELEMENTS (sizes) ? sizes[round] : (gsize) g_rand_int_range (rand, 1, 700);
      g_autofree guint64 *values = g_new (guint64, MAX (n, 1));
      g_autofree guint64 *copy = NULL;
      guint pattern = round % 5;
      EsPauseDist dist;

      /* Spread over the buckets, few values with many ties, increasing,
       * decreasing, all alike: the selection's awkward cases. */
      for (gsize i = 0; i < n; i++)
        values[i] = pattern == 0 ? (guint64) pow (10, g_rand_double_range (rand, 0, 12))
                  : pattern == 1 ? (guint64) g_rand_int_range (rand, 0, 8) * 1000
                  : pattern == 2 ? 500 + i * 977
                  : pattern == 3 ? 500 + (n - i) * 977
                  : 4242;
      copy = g_memdup2 (values, MAX (n, 1) * sizeof (guint64));
      es_pause_dist_from_pauses (copy, n, &dist);
      check_dist (values, n, &dist);
    }
}

/* A real run's distributions, per generation, against the collections
 * themselves and against the statistics' count, total and maximum, for
 * the whole run and random intervals. */
static void
check_document_dists (EsDocument *document,
                      guint64     t0,
                      guint64     t1)
{
  guint n;
  const EsGc *gcs = es_document_get_gcs (document, &n);
  g_auto(EsStats) stats = { 0 };
  EsPauseDists dists;
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (guint64));

  es_pause_dists_compute (document, t0, t1, &dists);
  es_stats_compute (document, t0, t1, &stats);
  g_assert_cmpuint (dists.n_generations, ==, stats.n_generations);
  for (guint g = 0; g < dists.n_generations; g++)
    {
      g_autoptr(GArray) pauses = g_array_new (FALSE, FALSE, sizeof (guint64));

      for (guint i = 0; i < n; i++)
        if (gcs[i].start >= t0 && gcs[i].start <= t1 &&
            (gcs[i].generation == ES_GC_GENERATION_UNKNOWN ? 0 : gcs[i].generation) == g)
          {
            guint64 pause = gcs[i].end - gcs[i].start;

            g_array_append_val (pauses, pause);
            g_array_append_val (all, pause);
          }
      check_dist ((guint64 *) (gpointer) pauses->data, pauses->len, &dists.gen[g]);
      g_assert_cmpuint (dists.gen[g].count, ==, stats.gen[g].collections);
      g_assert_cmpuint (dists.gen[g].total, ==, stats.gen[g].elapsed);
      g_assert_cmpuint (dists.gen[g].max, ==, stats.gen[g].max_pause);
    }
  check_dist ((guint64 *) (gpointer) all->data, all->len, &dists.all);
}

static void
test_document_distributions (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("alloc-A1m-N2.eventlog");
  guint64 end = es_document_get_end_time (document);
  EsPauseDists whole;

  es_pause_dists_compute (document, 0, end, &whole);
  g_assert_cmpuint (whole.n_generations, ==, 2);
  g_assert_cmpuint (whole.gen[0].count, >, 500);
  /* Selected among the interval's pauses, then from the index. */
  g_assert_null (es_pause_index_peek (document));
  for (guint pass = 0; pass < 2; pass++)
    {
      g_autoptr(GRand) rand = g_rand_new_with_seed (1414);
      guint n;
      const EsGc *gcs = es_document_get_gcs (document, &n);

      if (pass == 1)
        g_assert_true (es_pause_index_get (document) == es_pause_index_peek (document));
      check_document_dists (document, 0, end);
      for (guint i = 0; i < 40; i++)
        {
          guint64 a = (guint64) g_rand_double_range (rand, 0, end), b = (guint64) g_rand_double_range (rand, 0, end);

          check_document_dists (document, MIN (a, b), MAX (a, b));
        }
      /* The edges: one collection alone, none, the first, the last. */
      check_document_dists (document, gcs[n / 2].start, gcs[n / 2].start);
      check_document_dists (document, gcs[n / 2].start + 1, gcs[n / 2].start + 1);
      check_document_dists (document, 0, gcs[0].start);
      check_document_dists (document, gcs[n - 1].start, end);
    }
}

/* A Mono log's two generations are nursery and major, with the pauses its
 * summary counts: the suspend at exit only once the world stopped. */
static void
test_mono_distributions (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("mlpd/gc-zip.mlpd");
  g_auto(EsStats) stats = { 0 };
  EsMonoPauses mono;
  EsPauseDists dists;

  es_stats_compute (document, 0, es_document_get_end_time (document), &stats);
  es_stats_compute_mono_pauses (&stats, document, &mono);
  g_assert_cmpuint (mono.n[0] + mono.n[1], >, 5);
  /* Selected among the pauses, then from the index. */
  for (guint pass = 0; pass < 2; pass++)
    {
      if (pass == 1)
        es_pause_index_get (document);
      es_pause_dists_compute (document, 0, es_document_get_end_time (document), &dists);
      g_assert_cmpuint (dists.n_generations, ==, 2);
      for (guint g = 0; g < 2; g++)
        {
          g_assert_cmpuint (dists.gen[g].count, ==, mono.n[g]);
          g_assert_cmpuint (dists.gen[g].total, ==, mono.total[g]);
          g_assert_cmpuint (dists.gen[g].max, ==, mono.max[g]);
        }
    }
}

/* Hundreds of collections in three generations with few distinct pauses
 * (ties everywhere, some on a bucket's edge): the index of pauses selects
 * and counts as the brute force does, for random intervals. */
static void
test_many_ties (void)
{
  static const guint64 lengths[] = { 1000, 1000, 1778, 5000, 20000, 20000, 56234, 3000000 };
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new ();
  g_autoptr(EsDocument) document = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (77);
  EsEvent e = { 0 };
  guint64 t = 100, end;

  for (guint i = 0; i < 600; i++)
    {
      guint64 pause = lengths[g_rand_int_range (rand, 0, G_N_ELEMENTS (lengths))];

      e = (EsEvent) { 0 };
      e.tag = ES_EVENT_GC_START;
      e.time = t;
      es_document_builder_add (builder, &e);
      e.tag = ES_EVENT_GC_STATS_GHC;
      e.time = t + 1;
      e.u.gc_stats.generation = g_rand_int_range (rand, 0, 10) < 7 ? 0 : g_rand_int_range (rand, 1, 3);
      es_document_builder_add (builder, &e);
      e = (EsEvent) { 0 };
      e.tag = ES_EVENT_GC_END;
      e.time = t + pause;
      es_document_builder_add (builder, &e);
      t += pause + g_rand_int_range (rand, 1, 50000);
    }
  document = es_document_builder_finish (builder, FALSE, -1);
  end = es_document_get_end_time (document);
  es_pause_index_get (document);
  check_document_dists (document, 0, end);
  for (guint i = 0; i < 20; i++)
    {
      guint64 a = (guint64) g_rand_double_range (rand, 0, end), b = (guint64) g_rand_double_range (rand, 0, end);

      check_document_dists (document, MIN (a, b), MAX (a, b));
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/pauses/steps-visit-every-long-pause", test_steps_visit_every_long_pause);
  g_test_add_func ("/pauses/no-collections", test_no_collections);
  g_test_add_func ("/pauses/distribution/bucket-edges", test_bucket_edges);
  g_test_add_func ("/pauses/distribution/percentiles-brute-force", test_percentiles_brute_force);
  g_test_add_func ("/pauses/distribution/percentile-ranges", test_percentile_ranges);
  g_test_add_func ("/pauses/distribution/document-per-generation", test_document_distributions);
  g_test_add_func ("/pauses/distribution/mono-nursery-and-major", test_mono_distributions);
  g_test_add_func ("/pauses/distribution/many-ties", test_many_ties);

  return g_test_run ();
}
