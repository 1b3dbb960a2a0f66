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
 * as the CLI is, its wall time, CPU time and peak RSS; the same from the
 * whole document, as before the summary streamed; and the bare walks it is
 * measured against: the loop that only steps over every event, and the
 * reader decoding every field (es-bench-reader's). The reader is the bare
 * walk issue #38's budget means: the CLI cannot do less than decode every
 * event. One run of 80 ms is noise on a shared machine, so the reader and
 * the streamed summary run --runs times each, one after the other in turn
 * (whatever loads the machine then loads both alike), and each prints its
 * fastest, median and slowest run; the ratio is of their medians.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "es-bench-util.h"
#include "es-stats-figures.h"

static int runs = 7;

static const GOptionEntry entries[] = {
  { "runs", 'r', 0, G_OPTION_ARG_INT, &runs, "Timed runs of the reader and the streamed summary, in turn (fastest, median, slowest are printed)", "N" },
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

/* The fastest, median and slowest of @n timings, in ms (sorts @values). */
static void
print_spread (double *values,
              int     n)
{
  double median = es_bench_median (values, n);

  printf ("min %7.1f  median %7.1f  worst %7.1f ms", values[0] * 1e3, median * 1e3, values[n - 1] * 1e3);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("FILE.eventlog");
  g_autoptr(GError) error = NULL;
  g_autoptr(GMappedFile) mapped = NULL;
  g_autofree double *reader_times = NULL, *reader_cpu = NULL, *floor_times = NULL;
  g_autofree double *stream_times = NULL, *stream_rss = NULL, *stream_cpu = NULL;
  g_autofree double *whole_times = NULL, *whole_rss = NULL, *whole_cpu = NULL;
  int whole_runs;
  guint64 n_events = 0, floor_events = 0;
  double mb, reader, stream, whole, floor_s, load[3] = { 0 };
  gboolean same;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 2 || runs < 1)
    {
      g_printerr ("Usage: es-bench-summary [--runs N] FILE.eventlog%s%s\n",
                  error ? ": " : "", error ? error->message : "");
      return 1;
    }
  /* The whole document is what the summary was before it streamed: a
   * few runs tell it well enough, and on a big log each takes seconds. */
  whole_runs = MIN (runs, 3);

  reader_times = g_new (double, runs);
  reader_cpu = g_new (double, runs);
  floor_times = g_new (double, runs);
  stream_times = g_new (double, runs);
  stream_rss = g_new (double, runs);
  stream_cpu = g_new (double, runs);
  whole_times = g_new (double, whole_runs);
  whole_rss = g_new (double, whole_runs);
  whole_cpu = g_new (double, whole_runs);

  /* The log in the page cache first: the budgets are for one there. */
  mapped = g_mapped_file_new (argv[1], FALSE, &error);
  if (mapped == NULL)
    {
      g_printerr ("es-bench-summary: %s\n", error->message);
      return 1;
    }
  mb = g_mapped_file_get_length (mapped) / 1e6;
  for (int run = 0; run < runs; run++)
    {
      gint64 start = g_get_monotonic_time ();

      floor_events = es_bench_step_over_events ((const guint8 *) g_mapped_file_get_contents (mapped),
                                                g_mapped_file_get_length (mapped));
      floor_times[run] = (g_get_monotonic_time () - start) / 1e6;
    }
  floor_s = es_bench_median (floor_times, runs);
  g_clear_pointer (&mapped, g_mapped_file_unref);

  getloadavg (load, 3);
  /* The reader here, each summary in a child, in turn. */
  for (int run = 0; run < runs; run++)
    {
      reader_times[run] = es_bench_time_reader (argv[1], &reader_cpu[run], &n_events, &error);
      if (reader_times[run] < 0)
        {
          g_printerr ("es-bench-summary: %s\n", error->message);
          return 1;
        }
      stream_times[run] = time_summary (argv[1], TRUE, &stream_rss[run], &stream_cpu[run]);
    }
  for (int run = 0; run < whole_runs; run++)
    whole_times[run] = time_summary (argv[1], FALSE, &whole_rss[run], &whole_cpu[run]);

  /* Then once more here, to see that both say the same. */
  {
    g_autofree char *streamed = summarize (argv[1], TRUE);
    g_autofree char *from_whole = summarize (argv[1], FALSE);

    same = g_str_equal (streamed, from_whole);
  }

  printf ("log: %s, %.1f MB, %" G_GUINT64_FORMAT " events, %u cores, load average %.2f %.2f %.2f\n",
          argv[1], mb, n_events, g_get_num_processors (), load[0], load[1], load[2]);
  if (floor_events != n_events)
    printf ("(the step-over loop counted %" G_GUINT64_FORMAT " events)\n", floor_events);
  printf ("bare step-over loop:     %7.1f ms, median of %d\n", floor_s * 1e3, runs);
  printf ("reader, every field (the bare walk the summary is held to: the CLI cannot do less than decode"
          " every event), %d runs, one core:\n  ", runs);
  print_spread (reader_times, runs);
  reader = es_bench_median (reader_times, runs);
  printf ("; CPU median %.1f ms\n", es_bench_median (reader_cpu, runs) * 1e3);
  printf ("summary, streamed, %d runs, a process each, in turn with the reader's:\n  ", runs);
  print_spread (stream_times, runs);
  stream = es_bench_median (stream_times, runs);
  printf ("; CPU median %.1f ms; peak RSS %.1f MB = %.3f x the log\n",
          es_bench_median (stream_cpu, runs) * 1e3, es_bench_median (stream_rss, runs),
          es_bench_median (stream_rss, runs) / mb);
  printf ("  median ratio: %.2f x the reader's wall time (budget 1.2), CPU %.2f x the reader's;"
          " %.2f x the step-over loop\n",
          stream / reader, es_bench_median (stream_cpu, runs) / es_bench_median (reader_cpu, runs), stream / floor_s);
  printf ("summary, whole document, %d runs:\n  ", whole_runs);
  print_spread (whole_times, whole_runs);
  whole = es_bench_median (whole_times, whole_runs);
  printf ("; CPU median %.1f ms; peak RSS %.1f MB = %.3f x the log\n",
          es_bench_median (whole_cpu, whole_runs) * 1e3, es_bench_median (whole_rss, whole_runs),
          es_bench_median (whole_rss, whole_runs) / mb);
  printf ("  median ratio: %.2f x the reader's wall time\n", whole / reader);
  printf ("the two summaries' text and figures: %s\n", same ? "the same" : "DIFFERENT");
  return same ? 0 : 1;
}
