/* es-bench-mono.c: how fast a Mono log's calls, allocations, exceptions
 * and locks are ready, what they cost in memory, and how long an
 * interval's figures take
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Prints, for a Mono log in the page cache: the document's load (timeline,
 * samples and the packed events, as the window loads it) as the median of
 * --runs, peak RSS against the file's size, the packed events' own bytes,
 * and es_mono_activity_compute() over random intervals and the whole run.
 */

#include "config.h"

#include <stdio.h>

#include <glib/gstdio.h>

#include "es-bench-util.h"
#include "es-document.h"
#include "es-mlpd-load.h"

static int runs = 5;

static const GOptionEntry entries[] = {
  { "runs", 'r', 0, G_OPTION_ARG_INT, &runs, "Timed runs (median is printed)", "N" },
  { NULL }
};

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = g_option_context_new ("FILE.mlpd");
  g_autoptr(GError) error = NULL;
  g_autoptr(EsDocument) document = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);
  g_autofree double *times = NULL;
  EsMonoActivity *activity;
  GStatBuf st;
  guint64 n_records, end;
  gsize bytes;
  double size_mb, t0, total = 0, worst = 0, anon_before, anon_after;
  const guint n_queries = 200;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 2 || runs < 1)
    {
      g_printerr ("usage: es-bench-mono [--runs N] FILE.mlpd\n");
      return 2;
    }
  if (g_stat (argv[1], &st) != 0)
    {
      g_printerr ("cannot stat %s\n", argv[1]);
      return 1;
    }
  size_mb = st.st_size / 1e6;
  times = g_new (double, runs);
  anon_before = es_bench_status_mb ("RssAnon");
  for (int r = 0; r < runs; r++)
    {
      g_clear_object (&document);
      t0 = g_get_monotonic_time ();
      document = es_mlpd_load_file (argv[1], NULL, NULL, NULL, &error);
      times[r] = (g_get_monotonic_time () - t0) / 1e3;
      if (document == NULL)
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
    }
  /* What the document keeps once loaded: the log is no longer mapped. */
  anon_after = es_bench_status_mb ("RssAnon");
  activity = es_document_get_mono_activity (document);
  printf ("log: %s, %.1f MB\n", argv[1], size_mb);
  printf ("load: %.1f ms (median of %d)\n", es_bench_median (times, runs), runs);
  printf ("peak RSS: %.1f MB = %.2f x the log (the mapped log counts once touched)\n", es_bench_peak_rss_mb (),
          es_bench_peak_rss_mb () / size_mb);
  printf ("the document, loaded: %.1f MB anonymous memory more than before = %.2f x the log\n",
          anon_after - anon_before, (anon_after - anon_before) / size_mb);
  if (activity == NULL)
    {
      printf ("no calls, allocations, exceptions or lock events\n");
      return 0;
    }
  bytes = es_mono_activity_get_size (activity, &n_records);
  printf ("packed events: %" G_GUINT64_FORMAT " in %.1f MB, %.2f bytes each\n", n_records, bytes / 1e6,
          n_records > 0 ? (double) bytes / n_records : 0.0);
  end = es_document_get_end_time (document);
  for (guint q = 0; q < n_queries; q++)
    {
      guint64 a = (guint64) g_rand_double_range (rand, 0, (double) end);
      guint64 b = (guint64) g_rand_double_range (rand, 0, (double) end);
      g_autoptr(EsMonoActivityFigures) f = NULL;
      double took;

      t0 = g_get_monotonic_time ();
      f = es_mono_activity_compute (activity, TRUE, MIN (a, b), MAX (a, b));
      took = (g_get_monotonic_time () - t0) / 1e3;
      total += took;
      worst = MAX (worst, took);
    }
  printf ("an interval's figures: %.3f ms mean, %.3f ms worst (%u random intervals)\n", total / n_queries, worst,
          n_queries);
  t0 = g_get_monotonic_time ();
  es_mono_activity_figures_free (es_mono_activity_compute (activity, FALSE, 0, 0));
  printf ("the whole run's figures: %.3f ms\n", (g_get_monotonic_time () - t0) / 1e3);
  return 0;
}
