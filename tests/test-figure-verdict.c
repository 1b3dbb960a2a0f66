/* test-figure-verdict.c: which differences between two runs' figures are
 * marked better or worse, and which are taken for noise
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-stats-figures.h"
#include "es-test-log.h"

/* A figure as es_stats_figures_compute() makes one, with no range. */
static EsFigure
figure (const char   *key,
        EsFigureUnit  unit,
        double        value)
{
  return (EsFigure) { g_intern_string (key), g_intern_string (key), unit, FALSE, 0, value, value, value };
}

static EsFigure
figure_in (const char *key,
           double      value,
           double      low,
           double      high)
{
  EsFigure f = figure (key, ES_FIGURE_NS, value);

  f.low = low;
  f.high = high;
  return f;
}

/* Less time is better, more productivity is; past the threshold only. */
static void
test_threshold_and_direction (void)
{
  EsFigure a = figure ("gc_ns", ES_FIGURE_NS, 100e6), b = figure ("gc_ns", ES_FIGURE_NS, 108e6);
  EsFigure c = figure ("gc_ns", ES_FIGURE_NS, 120e6);
  EsFigure pa = figure ("productivity", ES_FIGURE_FRACTION, 0.60), pb = figure ("productivity", ES_FIGURE_FRACTION, 0.70);

  /* 8 of 108 is 7.4% of the larger. */
  g_assert_cmpint (es_figure_verdict (&a, &b, 0.10), ==, 0);
  g_assert_cmpint (es_figure_verdict (&a, &b, 0.05), ==, -1);
  g_assert_cmpint (es_figure_verdict (&a, &c, 0.10), ==, -1);
  g_assert_cmpint (es_figure_verdict (&c, &a, 0.10), ==, 1);
  /* 20 of 120 is 16.7% of the larger: not past 20%. */
  g_assert_cmpint (es_figure_verdict (&a, &c, 0.20), ==, 0);
  g_assert_cmpint (es_figure_verdict (&pa, &pb, 0.10), ==, 1);
  g_assert_cmpint (es_figure_verdict (&pb, &pa, 0.10), ==, -1);
}

/* Below the resolution nothing is marked, whatever the threshold: a
 * microsecond for a pause, 5 ms for a phase of the run, a tenth of a
 * point for a percentage. */
static void
test_resolution (void)
{
  EsFigure a = figure ("gen0_pause_avg_ns", ES_FIGURE_NS, 1000), b = figure ("gen0_pause_avg_ns", ES_FIGURE_NS, 1900);
  EsFigure c = figure ("gen0_pause_avg_ns", ES_FIGURE_NS, 2100);
  EsFigure pa = figure ("productivity", ES_FIGURE_FRACTION, 0.9400), pb = figure ("productivity", ES_FIGURE_FRACTION, 0.9409);

  EsFigure ea = figure ("exit_ns", ES_FIGURE_NS, 2e6), eb = figure ("exit_ns", ES_FIGURE_NS, 6e6);
  EsFigure ec = figure ("exit_ns", ES_FIGURE_NS, 12e6);

  g_assert_cmpint (es_figure_verdict (&a, &b, 0), ==, 0);
  g_assert_cmpint (es_figure_verdict (&a, &c, 0), ==, -1);
  g_assert_cmpint (es_figure_verdict (&pa, &pb, 0), ==, 0);
  /* A phase of the run: 5 ms, the scheduler's. */
  g_assert_cmpint (es_figure_verdict (&ea, &eb, 0), ==, 0);
  g_assert_cmpint (es_figure_verdict (&ea, &ec, 0), ==, -1);
}

/* Sparks, rates and counts of tasks are neither better nor worse. */
static void
test_no_direction (void)
{
  const char *keys[] = { "sparks_created", "sparks_fizzled", "alloc_rate", "tasks", "gen1_par_collections",
                         "residency_samples" };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      EsFigure a = figure (keys[i], ES_FIGURE_COUNT, 10), b = figure (keys[i], ES_FIGURE_COUNT, 1000);

      g_assert_cmpint (es_figure_better_direction (keys[i]), ==, 0);
      g_assert_cmpint (es_figure_verdict (&a, &b, 0), ==, 0);
    }
  g_assert_cmpint (es_figure_better_direction ("gen0_pause_p99_ns"), ==, -1);
  g_assert_cmpint (es_figure_better_direction ("max_residency_bytes"), ==, -1);
  g_assert_cmpint (es_figure_better_direction ("work_balance"), ==, 1);
}

/* A percentile is marked only when the two runs' ranges do not meet, so
 * however far apart the two values: a p99 of a few pauses ranges up to
 * the longest. A maximum, only when six samples of one run are above the
 * other's. */
static void
test_ranges_decide (void)
{
  EsFigure few_a = figure_in ("gen0_pause_p99_ns", 1e6, 0.5e6, 9e6), few_b = figure_in ("gen0_pause_p99_ns", 3e6, 2e6, 9.5e6);
  EsFigure many_a = figure_in ("gen0_pause_p99_ns", 1e6, 0.9e6, 1.1e6), many_b = figure_in ("gen0_pause_p99_ns", 3e6, 2.8e6, 3.2e6);
  /* Longest pauses 1.8 ms and 0.7 ms, a few outliers: the first run's
   * sixth longest is 0.6 ms. */
  EsFigure max_a = figure_in ("gen0_pause_max_ns", 1.8e6, 0.6e6, 1.8e6), max_b = figure_in ("gen0_pause_max_ns", 0.7e6, 0.5e6, 0.7e6);
  EsFigure max_c = figure_in ("gen0_pause_max_ns", 9e6, 2.5e6, 9e6);

  g_assert_cmpint (es_figure_verdict (&few_a, &few_b, 0), ==, 0);
  g_assert_cmpint (es_figure_verdict (&many_a, &many_b, 0.10), ==, -1);
  g_assert_cmpint (es_figure_verdict (&max_a, &max_b, 0), ==, 0);
  g_assert_cmpint (es_figure_verdict (&max_a, &max_c, 0.10), ==, -1);
  g_assert_cmpint (es_figure_verdict (&max_c, &max_a, 0.10), ==, 1);
}

/* 0 against 0 is equal, with no ratio; anything against 0 has none. */
static void
test_ratio_of_nothing (void)
{
  EsFigure zero = figure ("sparks_dud", ES_FIGURE_COUNT, 0), two = figure ("sparks_dud", ES_FIGURE_COUNT, 2);
  double ratio = 0;

  g_assert_false (es_figure_ratio (&zero, &zero, &ratio));
  g_assert_false (es_figure_ratio (&zero, &two, &ratio));
  g_assert_true (es_figure_ratio (&two, &zero, &ratio));
  g_assert_cmpfloat (ratio, ==, 0);
}

/* Two real runs, back to back (tests/fixtures/make-fixtures.sh): no mark
 * at the default threshold, though their GC counts, longest pauses and
 * maximum residencies differ; a run against a different nursery size is
 * marked where it differs. */
static void
test_real_runs (void)
{
  g_autoptr(EsDocument) one = es_test_load_fixture ("alloc-A1m-N1-rerun1.eventlog");
  g_autoptr(EsDocument) two = es_test_load_fixture ("alloc-A1m-N1-rerun2.eventlog");
  g_autoptr(EsDocument) big = es_test_load_fixture ("alloc-A64m-N2.eventlog");
  g_auto(EsStatsFigures) a = { 0 };
  g_auto(EsStatsFigures) b = { 0 };
  g_auto(EsStatsFigures) c = { 0 };
  guint differ = 0, marked_big = 0;

  es_stats_figures_compute (one, 0, es_document_get_end_time (one), &a);
  es_stats_figures_compute (two, 0, es_document_get_end_time (two), &b);
  es_stats_figures_compute (big, 0, es_document_get_end_time (big), &c);
  for (guint i = 0; i < a.figures->len; i++)
    {
      const EsFigure *fa = &g_array_index (a.figures, EsFigure, i);
      const EsFigure *fb = es_stats_figures_lookup (&b, fa->key);
      const EsFigure *fc = es_stats_figures_lookup (&c, fa->key);

      g_assert_nonnull (fb);
      g_test_message ("%s: %.0f against %.0f", fa->key, es_figure_value (fa), es_figure_value (fb));
      differ += es_figure_value (fa) != es_figure_value (fb);
      g_assert_cmpint (es_figure_verdict (fa, fb, 0.10), ==, 0);
      if (fc != NULL)
        marked_big += es_figure_verdict (fa, fc, 0.10) != 0;
    }
  g_assert_cmpuint (differ, >, 10);
  /* The longest pause and the maximum residency differ, but not past
   * what chance makes of them. */
  g_assert_cmpfloat (es_figure_value (es_stats_figures_lookup (&a, "gen0_pause_max_ns")), !=,
                     es_figure_value (es_stats_figures_lookup (&b, "gen0_pause_max_ns")));
  g_assert_cmpint (es_figure_verdict (es_stats_figures_lookup (&a, "gen0_pause_max_ns"),
                                      es_stats_figures_lookup (&b, "gen0_pause_max_ns"), 0), ==, 0);
  g_assert_cmpint (es_figure_verdict (es_stats_figures_lookup (&a, "max_residency_bytes"),
                                      es_stats_figures_lookup (&b, "max_residency_bytes"), 0), ==, 0);
  /* A 64 MB nursery collects far less often. */
  g_assert_cmpint (es_figure_verdict (es_stats_figures_lookup (&a, "gen0_collections"),
                                      es_stats_figures_lookup (&c, "gen0_collections"), 0.10), ==, 1);
  g_assert_cmpuint (marked_big, >=, 3);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/figure-verdict/threshold-and-direction", test_threshold_and_direction);
  g_test_add_func ("/figure-verdict/resolution", test_resolution);
  g_test_add_func ("/figure-verdict/no-direction", test_no_direction);
  g_test_add_func ("/figure-verdict/ranges-decide", test_ranges_decide);
  g_test_add_func ("/figure-verdict/ratio-of-nothing", test_ratio_of_nothing);
  g_test_add_func ("/figure-verdict/real-runs", test_real_runs);

  return g_test_run ();
}
