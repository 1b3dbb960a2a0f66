/* es-cli-watch.c: eventscope-cli watch, a running program in a terminal
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

#include <glib-unix.h>

#include "es-cli-common.h"
#include "es-cli-source.h"
#include "es-cli-watch.h"
#include "es-live-follower.h"
#include "es-stats.h"
#include "es-time.h"

/* A line per interval, then, once the stream has ended or the user
 * stopped, the summary of the whole run as `summary` prints it. A line
 * covers the program's time from the previous line's end to the newest
 * event of the newest document the follower built: its MUT and GC shares
 * and longest pause are those of that stretch (as `summary --from --to`
 * gives them); the heap is as it stands at its end. Its counts (pauses,
 * bytes allocated, sparks) are what the run's counts grew by since the
 * previous line, not what lies in the stretch: a GHC log holds each
 * capability's events in buffers written when full, so events older than
 * the previous line's end still come, and counted this way the lines add
 * up to the summary's totals however the bytes arrive. */

/* How long a document is waited for, at least, between two builds: the
 * follower builds afresh each time, so a very short --interval must not
 * make it build continuously. */
#define MIN_BUILD_MS 50

#define NS_PER_SECOND G_GUINT64_CONSTANT (1000000000)
/* How long nothing comes before `watch` says what it waits for. */
#define WAITING_SAID_AFTER G_TIME_SPAN_SECOND

typedef struct
{
  const char     *source;
  EsLiveFollower *follower;
  GMainLoop      *loop;
  guint64         printed_end;      /* program time the last line ends at */
  gboolean        printed_any;
  guint64         printed_pauses;   /* counts of the run printed so far */
  guint64         printed_allocated;
  guint64         printed_sparks;
  guint64         printed_contentions;
  gboolean        said_waiting;
  gint64          started;          /* monotonic time following began */
  guint64         said_detail_from; /* the detail start last told of */
  guint64         memory_limit;
  guint           n_interrupts;
  gboolean        write_failed;
} Watch;

static void
append_bytes (GString *out,
              int      width,
              double   bytes,
              const char *suffix)
{
  static const char *units[] = { "B", "KiB", "MiB", "GiB", "TiB" };
  g_autofree char *text = NULL;
  guint u = 0;

  while (bytes >= 1024 && u + 1 < G_N_ELEMENTS (units))
    {
      bytes /= 1024;
      u++;
    }
  if (u == 0)
    text = g_strdup_printf ("%.0f %s%s", bytes, units[u], suffix);
  else
    text = g_strdup_printf ("%.*f %s%s", bytes < 10 ? 2 : bytes < 100 ? 1 : 0, bytes, units[u], suffix);
  g_string_append_printf (out, "%*s", width, text);
}

static void
append_duration (GString *out,
                 int      width,
                 guint64  ns)
{
  g_autofree char *text = NULL;

  if (ns < 1000)
    text = g_strdup_printf ("%" G_GUINT64_FORMAT "ns", ns);
  else if (ns < 1000000)
    text = g_strdup_printf ("%.1fus", ns / 1e3);
  else if (ns < 1000000000)
    text = g_strdup_printf ("%.1fms", ns / 1e6);
  else
    text = g_strdup_printf ("%.2fs", ns / 1e9);
  g_string_append_printf (out, "%*s", width, text);
}

static const EsSample *
last_sample (const EsSeries *series)
{
  guint n = series != NULL ? es_series_get_length (series) : 0;

  return n > 0 ? &es_series_get_samples (series)[n - 1] : NULL;
}

/* A Mono log counts allocations only when profiled with the alloc option. */
static gboolean
mono_allocations (EsDocument *document)
{
  const EsMonoSummary *summary = es_document_get_mono_summary (document);

  return summary != NULL && summary->n_allocations > 0;
}

static void
print_header (EsDocument *document)
{
  gboolean mono = es_document_get_format (document) == ES_DOCUMENT_MONO_LOG;

  printf ("%10s %6s %6s %12s %10s %10s %5s %9s %8s\n", "time", "MUT", "GC", "alloc/s", "heap", "live",
          "GCs", "longest", mono ? "locks" : "sparks");
}

/* The counts of the run from its start to @end: GC pauses, bytes
 * allocated, sparks created. */
static void
count_run (EsDocument *document,
           guint64     end,
           guint64    *pauses,
           guint64    *allocated,
           guint64    *sparks)
{
  g_auto(EsStats) run = { 0 };

  es_stats_compute (document, 0, end, &run);
  *pauses = 0;
  if (es_document_get_format (document) == ES_DOCUMENT_MONO_LOG)
    {
      EsMonoPauses mono;

      es_stats_compute_mono_pauses (&run, document, &mono);
      *pauses = mono.n[0] + mono.n[1];
    }
  else
    for (guint g = 0; g < run.n_generations; g++)
      *pauses += run.gen[g].collections;
  *allocated = run.allocated;
  *sparks = run.sparks_created;
}

static void
print_line (Watch      *watch,
            EsDocument *document)
{
  g_auto(EsStats) stats = { 0 };
  g_autoptr(GString) line = g_string_new (NULL);
  guint64 end = es_document_get_end_time (document);
  guint64 t0 = watch->printed_any ? watch->printed_end + 1 : 0;
  gboolean mono = es_document_get_format (document) == ES_DOCUMENT_MONO_LOG;
  const EsSample *heap = last_sample (es_document_get_heap_size (document));
  const EsSample *live = last_sample (es_document_get_heap_live (document));
  guint64 pauses, allocated, sparks, longest = 0;
  EsMonoPauses interval;
  double seconds;

  if (!watch->printed_any)
    print_header (document);
  es_stats_compute (document, t0, end, &stats);
  count_run (document, end, &pauses, &allocated, &sparks);
  seconds = (end - (watch->printed_any ? watch->printed_end : 0)) / 1e9;

  /* A Mono log's shares are those of its statistics: the suspend at exit
   * is neither the program's time nor the GC's. */
  if (mono)
    es_stats_compute_mono_pauses (&stats, document, &interval);
  else
    interval = (EsMonoPauses) { .mut = stats.mut_elapsed, .gc = stats.gc_elapsed };

  g_string_append_printf (line, "%9.3fs", end / 1e9);
  if (stats.total_elapsed > 0)
    g_string_append_printf (line, " %5.1f%% %5.1f%%",
                            100.0 * interval.mut / stats.total_elapsed,
                            100.0 * interval.gc / stats.total_elapsed);
  else
    g_string_append_printf (line, " %6s %6s", "-", "-");
  if (seconds > 0 && !(mono && !mono_allocations (document)))
    append_bytes (line, 13, (allocated - MIN (allocated, watch->printed_allocated)) / seconds, "/s");
  else
    g_string_append_printf (line, " %12s", "-");
  if (heap != NULL)
    append_bytes (line, 11, heap->value, "");
  else
    g_string_append_printf (line, " %10s", "-");
  if (live != NULL)
    append_bytes (line, 11, live->value, "");
  else
    g_string_append_printf (line, " %10s", "-");

  if (mono)
    longest = MAX (interval.max[0], interval.max[1]);
  else
    for (guint g = 0; g < stats.n_generations; g++)
      longest = MAX (longest, stats.gen[g].max_pause);
  g_string_append_printf (line, " %5" G_GUINT64_FORMAT, pauses - MIN (pauses, watch->printed_pauses));
  if (longest > 0)
    append_duration (line, 10, longest);
  else
    g_string_append_printf (line, " %9s", "-");

  if (mono)
    {
      /* The log counts contended locks for the whole run only. */
      const EsMonoSummary *summary = es_document_get_mono_summary (document);
      guint64 contentions = summary != NULL ? summary->n_contentions : 0;

      g_string_append_printf (line, " %8" G_GUINT64_FORMAT, contentions - MIN (contentions, watch->printed_contentions));
      watch->printed_contentions = contentions;
    }
  else
    g_string_append_printf (line, " %8" G_GUINT64_FORMAT, sparks - MIN (sparks, watch->printed_sparks));

  g_string_append_c (line, '\n');
  /* Nobody reads any more (`watch … | head`): stop, nothing is summed up. */
  if (fputs (line->str, stdout) == EOF || fflush (stdout) != 0)
    {
      watch->write_failed = TRUE;
      es_live_follower_stop (watch->follower);
    }
  watch->printed_end = end;
  watch->printed_any = TRUE;
  watch->printed_pauses = MAX (pauses, watch->printed_pauses);
  watch->printed_allocated = MAX (allocated, watch->printed_allocated);
  watch->printed_sparks = MAX (sparks, watch->printed_sparks);
}

/* Once each time the follower let go of older detail: on standard
 * error, as the lines are for programs too. */
static void
tell_detail_let_go (Watch      *watch,
                    EsDocument *document)
{
  guint64 from = es_document_get_detail_start (document);
  g_autoptr(GString) limit = g_string_new (NULL);

  if (from <= es_document_get_start_time (document) || from <= watch->said_detail_from)
    return;
  append_bytes (limit, 0, watch->memory_limit, "");
  g_printerr ("eventscope-cli: detail before %.3fs let go, to keep the log within %s; the lines and the summary "
              "stay whole\n", from / 1e9, limit->str);
  watch->said_detail_from = from;
}

/* A line for what came since the previous one, if anything did. */
static void
print_news (Watch *watch)
{
  EsDocument *document = es_live_follower_get_document (watch->follower);

  if (document == NULL || es_document_get_n_events (document) == 0)
    return;
  tell_detail_let_go (watch, document);
  if (watch->printed_any && es_document_get_end_time (document) <= watch->printed_end)
    return;
  print_line (watch, document);
}

static gboolean
tick_cb (gpointer data)
{
  Watch *watch = data;

  /* Once the wait is felt (a second), or a socket is retried: not for a
   * file merely not read yet on a busy machine. */
  if (!watch->said_waiting && es_live_follower_get_state (watch->follower) == ES_LIVE_WAITING &&
      es_live_follower_get_bytes (watch->follower) == 0 &&
      (es_live_follower_is_retrying (watch->follower) ||
       g_get_monotonic_time () - watch->started >= WAITING_SAID_AFTER))
    {
      /* Once: a silent terminal would look hung. */
      g_printerr ("eventscope-cli: waiting for %s\n", es_live_follower_get_address (watch->follower));
      watch->said_waiting = TRUE;
    }
  print_news (watch);
  return G_SOURCE_CONTINUE;
}

static void
state_cb (EsLiveFollower *follower,
          GParamSpec     *pspec,
          Watch          *watch)
{
  if (!es_live_follower_is_live (follower))
    g_main_loop_quit (watch->loop);
}

/* Ctrl+C (or the terminal going) stops following: what came is summed up.
 * A second one, while the last document is built, does not wait. */
static gboolean
interrupt_cb (gpointer data)
{
  Watch *watch = data;

  if (++watch->n_interrupts > 1)
    {
      g_printerr ("eventscope-cli: interrupted\n");
      exit (128 + SIGINT);
    }
  es_live_follower_stop (watch->follower);
  return G_SOURCE_CONTINUE;
}

/* The stream broke (a read error, a record that could not be written,
 * memory run out): said last, as the other commands say it, unless it is
 * @said already. Returns whether it broke. */
static gboolean
say_broken (Watch        *watch,
            const GError *said)
{
  const GError *broke = es_live_follower_get_stream_error (watch->follower);
  g_autofree char *n = NULL;

  if (broke == NULL)
    return FALSE;
  n = es_format_count (es_live_follower_get_bytes (watch->follower));
  if (said == NULL || g_strcmp0 (said->message, broke->message) != 0)
    g_printerr ("eventscope-cli: %s: %s (after %s bytes)\n", watch->source, broke->message, n);
  return TRUE;
}

/* What is said once following has ended: why it failed, or the last
 * stretch and the summary of the whole run. Returns the exit code. */
static int
sum_up (Watch      *watch,
        const char *record)
{
  EsLiveFollower *follower = watch->follower;
  EsDocument *document = es_live_follower_get_document (follower);
  int exit_code;

  es_cli_source_say_kept_aside (watch->source, record, es_live_follower_get_kept_path (follower),
                                es_live_follower_get_bytes (follower));
  if (es_live_follower_get_state (follower) == ES_LIVE_FAILED || document == NULL)
    {
      const GError *failure = es_live_follower_get_error (follower);
      g_autoptr(GError) none = NULL;

      if (failure == NULL)
        failure = none = g_error_new (G_IO_ERROR, G_IO_ERROR_FAILED, "no log came");
      exit_code = es_cli_report_error (watch->source, failure);
      say_broken (watch, failure);
      return exit_code;
    }

  if (!watch->write_failed)
    print_news (watch);
  if (watch->write_failed)
    {
      g_printerr ("eventscope-cli: writing the output failed: %s\n", g_strerror (errno));
      return EXIT_USAGE;
    }
  if (watch->printed_any)
    putchar ('\n');
  exit_code = es_cli_print_summary (watch->source, document, 0, es_document_get_end_time (document), FALSE);
  if (es_live_follower_get_kept_path (follower) != NULL && es_live_follower_get_state (follower) != ES_LIVE_FINISHED &&
      g_strcmp0 (es_live_follower_get_kept_path (follower), record) == 0)
    {
      g_autofree char *n = es_format_count (es_live_follower_get_bytes (follower));

      g_printerr ("eventscope-cli: %s holds the %s bytes received\n", es_live_follower_get_kept_path (follower), n);
    }
  if (say_broken (watch, NULL) && exit_code == EXIT_OK)
    exit_code = EXIT_USAGE;
  return exit_code;
}

/**
 * es_cli_run_watch:
 *
 * `eventscope-cli watch [--interval T] [--record FILE] [--memory-limit SIZE] SOURCE`
 */
int
es_cli_run_watch (int    argc,
                  char **argv)
{
  g_autofree char *interval_text = NULL, *record = NULL, *limit_text = NULL;
  const GOptionEntry entries[] = {
    { "interval", 0, 0, G_OPTION_ARG_STRING, &interval_text, "Time between two lines (default 1s; 200ms, 2s, …)", "T" },
    { "record", 0, 0, G_OPTION_ARG_FILENAME, &record, "Keep the bytes of a stream in FILE", "FILE" },
    { "memory-limit", 0, 0, G_OPTION_ARG_STRING, &limit_text,
      "Past this much memory, let go of the oldest detail (default 25% of memory; 512M, 2G, 0 for none)", "SIZE" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("SOURCE");
  g_autoptr(GError) error = NULL;
  g_autoptr(EsLiveFollower) follower = NULL;
  g_autoptr(GMainLoop) loop = NULL;
  guint64 interval = NS_PER_SECOND;
  guint interval_ms, timer, signals[3];
  const int signums[3] = { SIGINT, SIGTERM, SIGHUP };
  Watch watch = { 0 };
  int exit_code;

  g_option_context_set_summary (context,
                                "Follow a running program's log and print a line per interval: its time,\n"
                                "MUT and GC shares, allocation rate, heap size and live data, GC pauses\n"
                                "and the longest, sparks (GHC) or lock contentions (Mono). At the end (or\n"
                                "on Ctrl+C), print the summary of the whole run, as `summary` does.\n"
                                "SOURCE is a file (followed as it grows), a FIFO, - (standard input),\n"
                                "unix:PATH or tcp:HOST:PORT.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("eventscope-cli watch: %s\n", error->message);
      return EXIT_USAGE;
    }
  if (argc != 2)
    {
      g_printerr ("Usage: eventscope-cli watch [--interval T] [--record FILE] [--memory-limit SIZE] SOURCE\n");
      return EXIT_USAGE;
    }
  if (interval_text != NULL)
    {
      /* No run to take a percentage of yet: "25%" is 0, refused below. */
      if (!es_time_parse (interval_text, 0, 0, &interval, &error))
        {
          g_printerr ("eventscope-cli watch: %s\n", error->message);
          return EXIT_USAGE;
        }
      if (interval < NS_PER_SECOND / 100 || interval > 86400 * NS_PER_SECOND)
        {
          g_printerr ("eventscope-cli watch: --interval must be from 10ms to a day, not \"%s\"\n", interval_text);
          return EXIT_USAGE;
        }
    }
  interval_ms = (guint) (interval / 1000000);
  watch.memory_limit = es_live_follower_get_default_memory_limit ();
  if (limit_text != NULL &&
      !es_size_parse (limit_text, es_live_follower_get_default_memory_limit () * 4, &watch.memory_limit, &error))
    {
      g_printerr ("eventscope-cli watch: --memory-limit: %s\n", error->message);
      return EXIT_USAGE;
    }

  watch.source = argv[1];
  follower = es_live_follower_new (argv[1], record, &error);
  if (follower == NULL)
    return es_cli_report_error (argv[1], error);
  loop = g_main_loop_new (NULL, FALSE);
  watch.follower = follower;
  watch.loop = loop;
  es_live_follower_set_min_interval (follower, MAX (MIN_BUILD_MS, interval_ms / 2));
  es_live_follower_set_memory_limit (follower, watch.memory_limit);
  g_signal_connect (follower, "notify::state", G_CALLBACK (state_cb), &watch);
  for (guint i = 0; i < G_N_ELEMENTS (signums); i++)
    signals[i] = g_unix_signal_add (signums[i], interrupt_cb, &watch);
  timer = g_timeout_add (interval_ms, tick_cb, &watch);
  watch.started = g_get_monotonic_time ();
  es_live_follower_start (follower);

  /* A closed output is said by write errors, not by dying of SIGPIPE with
   * the temporary record left behind. */
  signal (SIGPIPE, SIG_IGN);
  g_main_loop_run (loop);

  g_source_remove (timer);
  for (guint i = 0; i < G_N_ELEMENTS (signums); i++)
    g_source_remove (signals[i]);
  g_signal_handlers_disconnect_by_data (follower, &watch);

  exit_code = sum_up (&watch, record);

  /* The follower's last notifications hold references to it: let them go,
   * so that it goes too, and its temporary record with it. */
  g_clear_object (&follower);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  return exit_code;
}
