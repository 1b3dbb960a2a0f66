/* es-bench-summary.c: what `eventscope-cli summary` costs against a bare
 * walk over every event
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Prints, for a GHC log already in the page cache: the summary as the CLI
 * makes it (the log loaded for its statistics only, on every core, then
 * its figures and text, and its JSON's), each run in a process of its own
 * as the CLI is, its wall time and peak RSS; the same from the whole
 * document, as before the summary streamed; and the bare walks it is
 * measured against: the loop that only steps over every event, and the
 * reader decoding every field (es-bench-reader's). Medians of --runs.
 */

#include "config.h"

#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "es-bench-util.h"
#include "es-stats-figures.h"

static int runs = 3;

static const GOptionEntry entries[] = {
  { "runs", 'r', 0, G_OPTION_ARG_INT, &runs, "Timed runs (median is printed)", "N" },
  { NULL }
};

/* What `summary` and `summary --json` compute, from a document loaded
 * for statistics only or whole: its text and every figure, as
 * test-stats-stream compares them. */
static char *
summarize (const char *path,
           gboolean    statistics_only)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(EsDocument) document = statistics_only ? es_document_load_for_statistics (path, 0, G_MAXUINT64, NULL, &error)
                                                   : es_document_load_file (path, NULL, NULL, NULL, &error);
  g_auto(EsStatsFigures) figures = { 0 };
  g_autoptr(GString) text = g_string_new (NULL);

  if (document == NULL)
    {
      g_printerr ("es-bench-summary: %s\n", error->message);
      _exit (1);
    }
  es_stats_figures_compute (document, 0, es_document_get_end_time (document), &figures);
  es_stats_append_text (&figures.stats, document, text);
  for (guint i = 0; i < figures.figures->len; i++)
    {
      const EsFigure *f = &g_array_index (figures.figures, EsFigure, i);

      g_string_append_printf (text, "%s %.17g %.17g %.17g\n", f->key, es_figure_value (f), f->low, f->high);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* One summary in a process of its own, as the CLI runs: its wall time in
 * seconds, and its peak RSS in MB in @rss_mb. */
static double
time_summary (const char *path,
              gboolean    statistics_only,
              double     *rss_mb,
              double     *cpu_s)
{
  gint64 start = g_get_monotonic_time ();
  struct rusage usage;
  int status = 0;
  pid_t pid;

  fflush (stdout);
  pid = fork ();
  if (pid == 0)
    {
      g_free (summarize (path, statistics_only));
      _exit (0);
    }
  if (pid < 0 || wait4 (pid, &status, 0, &usage) != pid || !WIFEXITED (status) || WEXITSTATUS (status) != 0)
    {
      g_printerr ("es-bench-summary: the summary failed\n");
      exit (1);
    }
  *rss_mb = usage.ru_maxrss * 1024.0 / 1e6;
  /* On a machine others load, the CPU it took tells more than its wall
   * time: its threads wait their turn. */
  *cpu_s = usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  return (g_get_monotonic_time () - start) / 1e6;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("FILE.eventlog");
  g_autoptr(GError) error = NULL;
  g_autofree double *stream_times = NULL, *stream_rss = NULL, *whole_times = NULL, *whole_rss = NULL;
  g_autofree double *stream_cpu = NULL, *whole_cpu = NULL;
  EsBenchWalks walks;
  double mb, stream, whole, floor_s, reader_s;
  gboolean same;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 2 || runs < 1)
    {
      g_printerr ("Usage: es-bench-summary [--runs N] FILE.eventlog%s%s\n",
                  error ? ": " : "", error ? error->message : "");
      return 1;
    }

  /* The summaries first, each in a child: this process maps the log only
   * for the walks after. */
  stream_times = g_new (double, runs);
  stream_rss = g_new (double, runs);
  whole_times = g_new (double, runs);
  whole_rss = g_new (double, runs);
  stream_cpu = g_new (double, runs);
  whole_cpu = g_new (double, runs);
  for (int run = 0; run < runs; run++)
    {
      stream_times[run] = time_summary (argv[1], TRUE, &stream_rss[run], &stream_cpu[run]);
      whole_times[run] = time_summary (argv[1], FALSE, &whole_rss[run], &whole_cpu[run]);
    }

  /* Then once more here, to see that both say the same. */
  {
    g_autofree char *streamed = summarize (argv[1], TRUE);
    g_autofree char *from_whole = summarize (argv[1], FALSE);

    same = g_str_equal (streamed, from_whole);
  }

  if (!es_bench_time_walks (argv[1], runs, &walks, &error))
    {
      g_printerr ("es-bench-summary: %s\n", error->message);
      return 1;
    }
  mb = walks.mb;
  floor_s = walks.floor_s;
  reader_s = walks.reader_s;

  stream = es_bench_median (stream_times, runs);
  whole = es_bench_median (whole_times, runs);
  printf ("log: %s, %.1f MB, %" G_GUINT64_FORMAT " events, %u cores\n", argv[1], mb, walks.reader_events,
          g_get_num_processors ());
  printf ("bare step-over loop:       %8.1f ms\n", floor_s * 1e3);
  printf ("reader, every field:       %8.1f ms\n", reader_s * 1e3);
  printf ("summary, streamed:         %8.1f ms = %.2f x the step-over loop, %.2f x the reader"
          " (CPU %.1f ms = %.2f x the reader's); peak RSS %.1f MB = %.3f x the log\n",
          stream * 1e3, stream / floor_s, stream / reader_s, es_bench_median (stream_cpu, runs) * 1e3,
          es_bench_median (stream_cpu, runs) / reader_s, es_bench_median (stream_rss, runs),
          es_bench_median (stream_rss, runs) / mb);
  printf ("summary, whole document:   %8.1f ms = %.2f x the step-over loop, %.2f x the reader"
          " (CPU %.1f ms = %.2f x the reader's); peak RSS %.1f MB = %.3f x the log\n",
          whole * 1e3, whole / floor_s, whole / reader_s, es_bench_median (whole_cpu, runs) * 1e3,
          es_bench_median (whole_cpu, runs) / reader_s, es_bench_median (whole_rss, runs),
          es_bench_median (whole_rss, runs) / mb);
  printf ("the two summaries' text and figures: %s\n", same ? "the same" : "DIFFERENT");
  return same ? 0 : 1;
}
