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

int
main (int    argc,
      char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("FILE.eventlog");
  g_autoptr(GError) error = NULL;
  EsBenchWalks walks;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 2 || runs < 1)
    {
      g_printerr ("Usage: es-bench-reader [--runs N] FILE.eventlog%s%s\n",
                  error ? ": " : "", error ? error->message : "");
      return 1;
    }
  if (!es_bench_time_walks (argv[1], runs, &walks, &error))
    {
      g_printerr ("es-bench-reader: %s\n", error->message);
      return 1;
    }

  printf ("log: %s, %.1f MB, %" G_GUINT64_FORMAT " events\n", argv[1], walks.mb, walks.reader_events);
  printf ("bare step-over loop: %8.1f ms  %8.0f MB/s  %6.1f M events/s  (%" G_GUINT64_FORMAT " events)\n",
          walks.floor_s * 1e3, walks.mb / walks.floor_s, walks.floor_events / walks.floor_s / 1e6, walks.floor_events);
  printf ("reader, every field: %8.1f ms  %8.0f MB/s  %6.1f M events/s\n",
          walks.reader_s * 1e3, walks.mb / walks.reader_s, walks.reader_events / walks.reader_s / 1e6);
  printf ("peak RSS: %.1f MB (the mapped log counts once it is touched)\n", es_bench_peak_rss_mb ());
  return 0;
}
