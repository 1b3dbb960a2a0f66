/* es-bench-reader.c: how fast the reader decodes a log
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Prints, for a log already in the page cache: a bare loop that only steps
 * over every event (the floor), and the reader decoding every field of
 * every event, as MB/s and events/s (median of --runs), and peak RSS.
 */

#include "config.h"

#include <stdio.h>

#include "es-bench-util.h"
#include "es-eventlog-file.h"

static int runs = 5;

static const GOptionEntry entries[] = {
  { "runs", 'r', 0, G_OPTION_ARG_INT, &runs, "Timed runs (median is printed)", "N" },
  { NULL }
};

typedef struct
{
  guint64 n_events;
  guint64 checksum;   /* keeps the compiler from skipping the decode */
} Tally;

static gboolean
tally_event (const EsEvent *event,
             gpointer       user_data)
{
  Tally *tally = user_data;

  tally->n_events++;
  tally->checksum += event->time + event->cap + event->u.thread.thread;
  return TRUE;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("FILE.eventlog");
  g_autoptr(GError) error = NULL;
  g_autoptr(GMappedFile) mapped = NULL;
  g_autofree double *floor_times = NULL, *reader_times = NULL;
  const guint8 *data;
  gsize len;
  guint64 floor_events = 0;
  Tally tally = { 0 };
  volatile guint64 sink = 0;
  double mb;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 2 || runs < 1)
    {
      g_printerr ("Usage: es-bench-reader [--runs N] FILE.eventlog%s%s\n",
                  error ? ": " : "", error ? error->message : "");
      return 1;
    }

  mapped = g_mapped_file_new (argv[1], FALSE, &error);
  if (mapped == NULL)
    {
      g_printerr ("es-bench-reader: %s\n", error->message);
      return 1;
    }
  data = (const guint8 *) g_mapped_file_get_contents (mapped);
  len = g_mapped_file_get_length (mapped);
  mb = len / 1e6;

  /* Fault the pages in first: the budget is for a log in the page cache. */
  for (gsize i = 0; i < len; i += 4096)
    sink += data[i];

  floor_times = g_new (double, runs);
  reader_times = g_new (double, runs);
  for (int run = 0; run < runs; run++)
    {
      gint64 start = g_get_monotonic_time ();
      g_autoptr(EsEventlogReader) reader = es_eventlog_reader_new ();

      floor_events = es_bench_step_over_events (data, len);
      floor_times[run] = (g_get_monotonic_time () - start) / 1e6;

      tally.n_events = 0;
      start = g_get_monotonic_time ();
      if (!es_eventlog_read_file (reader, argv[1], tally_event, NULL, &tally, NULL, &error))
        {
          g_printerr ("es-bench-reader: %s\n", error->message);
          return 1;
        }
      reader_times[run] = (g_get_monotonic_time () - start) / 1e6;
    }
  sink += tally.checksum;

  printf ("log: %s, %.1f MB, %" G_GUINT64_FORMAT " events\n", argv[1], mb, tally.n_events);
  printf ("bare step-over loop: %8.1f ms  %8.0f MB/s  %6.1f M events/s  (%" G_GUINT64_FORMAT " events)\n",
          es_bench_median (floor_times, runs) * 1e3, mb / es_bench_median (floor_times, runs),
          floor_events / es_bench_median (floor_times, runs) / 1e6, floor_events);
  printf ("reader, every field: %8.1f ms  %8.0f MB/s  %6.1f M events/s\n",
          es_bench_median (reader_times, runs) * 1e3, mb / es_bench_median (reader_times, runs),
          tally.n_events / es_bench_median (reader_times, runs) / 1e6);
  printf ("peak RSS: %.1f MB (the mapped log counts once it is touched)\n", es_bench_peak_rss_mb ());
  (void) sink;
  return 0;
}
