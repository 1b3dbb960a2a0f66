/* es-bench-document.c: how fast a log becomes a ready document
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Prints, for a log in the page cache: the whole document build (reader,
 * builder, level-of-detail and statistics indexes) as MB/s and events/s
 * (median of --runs), peak RSS against the file's size, the cost of interval
 * statistics over random intervals, of the summary's figures with pause
 * distributions (what compare computes per run, for the whole run and for
 * random intervals), and of one 1600-column query per row.
 */

#include "config.h"

#include <stdio.h>

#include <glib/gstdio.h>

#include "es-bench-util.h"
#include "es-document.h"
#include "es-lod.h"
#include "es-stats.h"
#include "es-stats-figures.h"

static int runs = 5;

static const GOptionEntry entries[] = {
  { "runs", 'r', 0, G_OPTION_ARG_INT, &runs, "Timed runs (median is printed)", "N" },
  { NULL }
};

static void
bench_queries (EsDocument *document)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);
  guint64 end = es_document_get_end_time (document);
  const guint n_queries = 2000, width = 1600;
  g_autofree EsActivityColumn *columns = g_new (EsActivityColumn, width);
  g_autofree EsSparkColumn *sparks = g_new (EsSparkColumn, width);
  g_autofree EsHeapColumn *heap = g_new (EsHeapColumn, width);
  g_autofree float *busy = g_new (float, width);
  gint64 start;
  double stats_us, figures_us, whole_us, frame_ms;
  guint n_gcs;

  start = g_get_monotonic_time ();
  for (guint q = 0; q < n_queries; q++)
    {
      g_auto(EsStats) stats = { 0 };
      guint64 t0 = (guint64) (g_rand_double (rand) * end);
      guint64 t1 = t0 + (guint64) (g_rand_double (rand) * (end - t0));

      es_stats_compute (document, t0, t1, &stats);
    }
  stats_us = (double) (g_get_monotonic_time () - start) / n_queries;

  /* The figures of one run, as compare and the JSON take them: the
   * statistics, and every generation's pauses sorted for percentiles. */
  start = g_get_monotonic_time ();
  for (guint q = 0; q < n_queries / 10; q++)
    {
      g_auto(EsStatsFigures) figures = { 0 };
      guint64 t0 = (guint64) (g_rand_double (rand) * end);
      guint64 t1 = t0 + (guint64) (g_rand_double (rand) * (end - t0));

      es_stats_figures_compute (document, t0, t1, &figures);
    }
  figures_us = (double) (g_get_monotonic_time () - start) / (n_queries / 10);
  start = g_get_monotonic_time ();
  for (guint q = 0; q < 10; q++)
    {
      g_auto(EsStatsFigures) figures = { 0 };

      es_stats_figures_compute (document, 0, end, &figures);
    }
  whole_us = (double) (g_get_monotonic_time () - start) / 10;

  /* One frame's worth of queries: every cap's activity and sparks, the busy
   * caps and the heap, at a few zoom levels. */
  start = g_get_monotonic_time ();
  for (guint zoom = 0; zoom < 10; zoom++)
    {
      guint64 span = end >> (zoom * 3);
      guint64 t0 = (end - span) / 2;

      es_lod_busy_caps (document, t0, t0 + span, width, busy);
      es_lod_heap (document, t0, t0 + span, width, heap);
      for (guint c = 0; c < es_document_get_n_caps (document); c++)
        {
          es_lod_activity (document, c, t0, t0 + span, width, columns);
          es_lod_sparks (document, c, t0, t0 + span, width, sparks);
        }
    }
  frame_ms = (double) (g_get_monotonic_time () - start) / 10 / 1000;

  printf ("interval statistics: %.1f us per random interval (%u intervals)\n", stats_us, n_queries);
  es_document_get_gcs (document, &n_gcs);
  printf ("summary figures with pause distributions: %.1f us per random interval (%u intervals), "
          "%.1f us for the whole run (%u GCs); twice that side by side\n",
          figures_us, n_queries / 10, whole_us, n_gcs);
  printf ("level of detail: %.2f ms for all rows of one %u-column frame (10 zoom levels, 1 s to 1 ns per column)\n",
          frame_ms, width);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("FILE.eventlog");
  g_autoptr(GError) error = NULL;
  g_autoptr(EsDocument) document = NULL;
  g_autofree double *times = NULL;
  GStatBuf st;
  double mb;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 2 || runs < 1)
    {
      g_printerr ("Usage: es-bench-document [--runs N] FILE.eventlog%s%s\n",
                  error ? ": " : "", error ? error->message : "");
      return 1;
    }
  if (g_stat (argv[1], &st) != 0)
    {
      g_printerr ("es-bench-document: cannot stat %s\n", argv[1]);
      return 1;
    }
  mb = st.st_size / 1e6;

  times = g_new (double, runs);
  for (int run = 0; run < runs; run++)
    {
      gint64 start = g_get_monotonic_time ();

      g_clear_object (&document);
      document = es_document_load_file (argv[1], NULL, NULL, NULL, &error);
      if (document == NULL)
        {
          g_printerr ("es-bench-document: %s\n", error->message);
          return 1;
        }
      times[run] = (g_get_monotonic_time () - start) / 1e6;
    }

  printf ("log: %s, %.1f MB, %" G_GUINT64_FORMAT " events, %u caps\n", argv[1], mb,
          es_document_get_n_events (document), es_document_get_n_caps (document));
  printf ("document build: %.1f ms  %.0f MB/s  %.1f M events/s  (median of %d)\n",
          es_bench_median (times, runs) * 1e3, mb / es_bench_median (times, runs),
          es_document_get_n_events (document) / es_bench_median (times, runs) / 1e6, runs);
  printf ("peak RSS: %.1f MB = %.2f x the log (the mapped log counts once touched)\n",
          es_bench_peak_rss_mb (), es_bench_peak_rss_mb () * 1024 * 1024 / st.st_size);
  bench_queries (document);
  return 0;
}
