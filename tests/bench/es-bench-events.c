/* es-bench-events.c: how fast the event list's index is built and searched
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Prints, for a log already in the page cache: building the index of every
 * event in time order (MB/s, events/s, bytes of index per event), a text
 * search that matches nothing (the slowest: every row is formatted), a
 * search by kind alone, random row look-ups, and peak RSS. With --grow, also
 * the index of the log cut that much short grown to the whole, as a
 * followed log's list is when the log has grown.
 */

#include "config.h"

#include <stdio.h>

#include <glib/gstdio.h>

#include "es-bench-util.h"
#include "es-event-index.h"

static int runs = 3;
static double grow_mb = 2;
static char *text = "no event says this";

static const GOptionEntry entries[] = {
  { "runs", 'r', 0, G_OPTION_ARG_INT, &runs, "Timed runs (median is printed)", "N" },
  { "text", 't', 0, G_OPTION_ARG_STRING, &text, "The text to search for", "TEXT" },
  { "grow", 'g', 0, G_OPTION_ARG_DOUBLE, &grow_mb, "Time growing the index of the log cut this many MB short (2)", "MB" },
  { NULL }
};

int
main (int    argc,
      char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("FILE.eventlog");
  g_autoptr(GError) error = NULL;
  g_autoptr(EsEventIndex) index = NULL;
  g_autoptr(GString) line = g_string_new (NULL);
  g_autofree double *build_times = NULL, *search_times = NULL, *kind_times = NULL;
  guint n_rows = 0, n_found = 0, n_kind = 0;
  guint16 run_thread = ES_EVENT_RUN_THREAD;
  double mb, rss_after_build, lookup_s, grow_s = 0;
  guint grow_kept = 0;
  gint64 start;
  guint64 rng = 88172645463325252ull;
  GStatBuf st;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 2 || runs < 1)
    {
      g_printerr ("Usage: es-bench-events [--runs N] [--text TEXT] FILE.eventlog%s%s\n",
                  error ? ": " : "", error ? error->message : "");
      return 1;
    }
  if (g_stat (argv[1], &st) != 0)
    {
      g_printerr ("es-bench-events: cannot stat %s\n", argv[1]);
      return 1;
    }
  mb = st.st_size / 1e6;

  build_times = g_new (double, runs);
  search_times = g_new (double, runs);
  kind_times = g_new (double, runs);
  for (int run = 0; run < runs; run++)
    {
      g_clear_pointer (&index, es_event_index_unref);
      start = g_get_monotonic_time ();
      index = es_event_index_build (argv[1], NULL, NULL, NULL, &error);
      if (index == NULL)
        {
          g_printerr ("es-bench-events: %s\n", error->message);
          return 1;
        }
      build_times[run] = (g_get_monotonic_time () - start) / 1e6;
    }
  n_rows = es_event_index_get_n_rows (index);
  rss_after_build = es_bench_peak_rss_mb ();

  for (int run = 0; run < runs; run++)
    {
      g_autoptr(GArray) found = NULL;
      g_autoptr(GArray) kind = NULL;

      start = g_get_monotonic_time ();
      found = es_event_index_search (index, text, NULL, 0, NULL, NULL, NULL, NULL);
      search_times[run] = (g_get_monotonic_time () - start) / 1e6;
      n_found = found->len;

      start = g_get_monotonic_time ();
      kind = es_event_index_search (index, NULL, &run_thread, 1, NULL, NULL, NULL, NULL);
      kind_times[run] = (g_get_monotonic_time () - start) / 1e6;
      n_kind = kind->len;
    }

  /* A followed log's refresh: the index of its record so far, grown. */
  if (grow_mb > 0 && grow_mb * 1e6 < st.st_size)
    {
      g_autofree char *contents = NULL;
      g_autofree char *dir = g_dir_make_tmp ("es-bench-events-XXXXXX", NULL);
      g_autofree char *cut = g_build_filename (dir, "cut.eventlog", NULL);
      g_autoptr(EsEventIndex) shorter = NULL;
      g_autoptr(EsEventIndex) grown = NULL;
      gsize len, short_len;

      g_assert_true (g_file_get_contents (argv[1], &contents, &len, NULL));
      short_len = len - (gsize) (grow_mb * 1e6);
      g_assert_true (g_file_set_contents (cut, contents, (gssize) short_len, NULL));
      shorter = es_event_index_build (cut, NULL, NULL, NULL, &error);
      g_assert_true (g_file_set_contents (cut, contents, (gssize) len, NULL));
      /* set_contents replaced the file: the shorter index maps the old one, as the same bytes. */
      start = g_get_monotonic_time ();
      grown = es_event_index_grow (shorter, cut, NULL, NULL, NULL, &error);
      grow_s = (g_get_monotonic_time () - start) / 1e6;
      g_assert_nonnull (grown);
      g_assert_cmpuint (es_event_index_get_n_rows (grown), ==, n_rows);
      grow_kept = es_event_index_count_same_rows (shorter, grown);
      g_unlink (cut);
      g_rmdir (dir);
    }

  /* What scrolling costs: a row's dump line, anywhere in the log. */
  start = g_get_monotonic_time ();
  for (guint i = 0; i < 100000 && n_rows > 0; i++)
    {
      rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
      g_string_truncate (line, 0);
      es_event_index_append_line (index, (guint) (rng % n_rows), line);
    }
  lookup_s = (g_get_monotonic_time () - start) / 1e6;

  printf ("log: %s, %.1f MB, %u events%s\n", argv[1], mb, n_rows,
          es_event_index_is_truncated (index, NULL) ? " (truncated)" : "");
  printf ("build index:        %8.1f ms  %8.0f MB/s  %6.1f M events/s  %.2f bytes/event\n",
          es_bench_median (build_times, runs) * 1e3, mb / es_bench_median (build_times, runs),
          n_rows / es_bench_median (build_times, runs) / 1e6,
          (double) es_event_index_get_index_bytes (index) / MAX (n_rows, 1));
  printf ("search \"%s\": %8.1f ms  %8.0f MB/s  %6.1f M events/s  (%u matches, %u threads)\n",
          text, es_bench_median (search_times, runs) * 1e3, mb / es_bench_median (search_times, runs),
          n_rows / es_bench_median (search_times, runs) / 1e6, n_found, g_get_num_processors ());
  printf ("kind \"run thread\": %8.1f ms  %8.0f MB/s  %6.1f M events/s  (%u matches)\n",
          es_bench_median (kind_times, runs) * 1e3, mb / es_bench_median (kind_times, runs),
          n_rows / es_bench_median (kind_times, runs) / 1e6, n_kind);
  printf ("random row text:    %8.2f µs per row\n", lookup_s / 100000 * 1e6);
  if (grow_s > 0)
    printf ("grow by %.1f MB:     %8.1f ms  (%u of the rows kept as they were)\n", grow_mb, grow_s * 1e3, grow_kept);
  printf ("peak RSS: %.1f MB after building (the mapped log counts once touched), %.1f MB at the end\n",
          rss_after_build, es_bench_peak_rss_mb ());
  return 0;
}
