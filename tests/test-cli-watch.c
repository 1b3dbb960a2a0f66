/* test-cli-watch.c: `eventscope-cli watch` following a log while it is
 * written, a line per interval and the summary at its end
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "es-test-cli.h"
#include "es-test-log.h"
#include "es-test-writer.h"

/* The figures of one line of `watch`. */
typedef struct
{
  double   time;
  double   mut_share;   /* percent */
  double   gc_share;
  guint    n_gcs;
  guint    n_sparks;
  gboolean while_writing;
} WatchLine;

/* "   1.234s  55.2%  44.8%   1.13 GiB/s   10.0 MiB   1.97 MiB   220     3.4ms        0" */
static void
parse_watch_line (const char *line,
                  WatchLine  *w)
{
  g_auto(GStrv) fields = g_strsplit_set (line, " ", -1);
  g_autoptr(GPtrArray) words = g_ptr_array_new ();

  for (guint i = 0; fields[i] != NULL; i++)
    if (*fields[i] != '\0')
      g_ptr_array_add (words, fields[i]);
  g_assert_cmpuint (words->len, >=, 9);
  g_assert_true (g_str_has_suffix (words->pdata[0], "s"));
  w->time = g_ascii_strtod (words->pdata[0], NULL);
  w->mut_share = g_str_has_suffix (words->pdata[1], "%") ? g_ascii_strtod (words->pdata[1], NULL) : 0;
  w->gc_share = g_str_has_suffix (words->pdata[2], "%") ? g_ascii_strtod (words->pdata[2], NULL) : 0;
  w->n_gcs = (guint) atoi (words->pdata[words->len - 3]);
  w->n_sparks = (guint) atoi (words->pdata[words->len - 1]);
}

/* Sends SIGINT (Ctrl+C) to a `watch` a moment after its writer has
 * written everything, keeping its stream open. */
typedef struct
{
  GSubprocess *process;
  EsTestWriter *writer;
} Interrupter;

static gpointer
interrupt_when_written (gpointer data)
{
  Interrupter *interrupter = data;

  while (!g_atomic_int_get (&interrupter->writer->done))
    g_usleep (10000);
  g_usleep (300000);
  g_subprocess_send_signal (interrupter->process, SIGINT);
  return NULL;
}

/* Runs `watch` with @args while @writer writes, reading its lines as they
 * come: each is marked with whether the writer was still writing. With
 * @interrupt, sends SIGINT once the writer has written everything. */
static void
run_watch (CliRun      *run,
           const char **args,
           EsTestWriter *writer,
           gboolean     interrupt,
           GArray      *lines)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GDataInputStream) out = NULL;
  g_autoptr(GString) all = g_string_new (NULL);
  g_autoptr(GBytes) err = NULL;
  g_autoptr(GError) error = NULL;
  Interrupter interrupter;
  GThread *thread, *interrupter_thread = NULL;
  char *line;
  gboolean header_seen = FALSE, summary_seen = FALSE;

  g_ptr_array_add (argv, (gpointer) g_getenv ("ES_CLI"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  process = g_subprocess_newv ((const char * const *) argv->pdata,
                               G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
  g_assert_no_error (error);
  thread = g_thread_new ("writer", es_test_writer_run, writer);
  if (interrupt)
    {
      interrupter = (Interrupter) { process, writer };
      interrupter_thread = g_thread_new ("interrupter", interrupt_when_written, &interrupter);
    }

  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (process));
  while ((line = g_data_input_stream_read_line (out, NULL, NULL, &error)) != NULL)
    {
      WatchLine w = { 0 };

      /* The lines of the interval: "  1.234s  ...", between the header
       * and the blank line before the summary. */
      if (!header_seen)
        header_seen = strstr (line, "time") != NULL && strstr (line, "GCs") != NULL;
      else if (*line == '\0')
        summary_seen = TRUE;
      else if (!summary_seen)
        {
          parse_watch_line (line, &w);
          w.while_writing = !g_atomic_int_get (&writer->done);
          g_array_append_val (lines, w);
        }
      g_string_append (all, line);
      g_string_append_c (all, '\n');
      g_free (line);
    }
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate (process, NULL, NULL, NULL, &err, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  if (interrupter_thread != NULL)
    g_thread_join (interrupter_thread);
  g_atomic_int_set (&writer->release, TRUE);
  g_thread_join (thread);

  run->exit_code = g_subprocess_get_exit_status (process);
  run->out = g_string_free (g_steal_pointer (&all), FALSE);
  run->err = es_test_bytes_to_string (err);
}

/* The sum of the numbers the RTS itself printed (+RTS -s; for Mono,
 * mprof-report) that @pattern
 * captures, one per line: "Gen +[0-9]+ +([0-9]+) colls" gives the
 * collections of all generations. */
static guint
rts_count (const char *name,
           const char *pattern)
{
  g_autofree char *path = es_test_fixture_path (name);
  g_autofree char *text = NULL;
  g_autoptr(GRegex) regex = g_regex_new (pattern, G_REGEX_MULTILINE, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  guint total = 0, n_lines = 0;

  g_assert_nonnull (regex);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  for (g_regex_match (regex, text, 0, &match); g_match_info_matches (match); g_match_info_next (match, NULL))
    {
      g_autofree char *n = g_match_info_fetch (match, 1);

      total += (guint) atoi (n);
      n_lines++;
    }
  g_assert_cmpuint (n_lines, >, 0);
  return total;
}

static void
check_watch_fifo (const char *name,
                  const char *interval,
                  guint       n_pieces,
                  guint       pause_ms,
                  guint       min_while_writing)
{
  g_autofree char *eventlog = g_strconcat (name, ".eventlog", NULL);
  g_autofree char *rts_s = g_strconcat (name, ".rts-s.txt", NULL);
  g_autofree char *path = es_test_fixture_path (eventlog);
  g_autofree char *dir = g_dir_make_tmp ("es-cli-live-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "prog.fifo", NULL);
  g_autofree char *record = g_build_filename (dir, "record.eventlog", NULL);
  gsize len;
  g_autofree char *contents = es_test_read_fixture (eventlog, &len);
  const char *args[] = { "watch", "--interval", interval, "--record", record, fifo, NULL };
  g_autoptr(GArray) lines = g_array_new (FALSE, FALSE, sizeof (WatchLine));
  g_auto(CliRun) summary = { 0 };
  g_auto(CliRun) watch = { 0 };
  EsTestWriter writer = { .path = fifo, .data = (const guint8 *) contents, .len = len,
                          .n_pieces = n_pieces, .pause_ms = pause_ms };
  guint n_while_writing = 0, n_gcs = 0, n_sparks = 0;
  g_autofree char *end = NULL;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  run_cli2 (&summary, "summary", path);
  run_watch (&watch, args, &writer, FALSE, lines);

  g_assert_cmpint (watch.exit_code, ==, summary.exit_code);
  g_assert_true (g_str_has_suffix (watch.out, summary.out));
  es_test_assert_file_is_prefix (record, (const guint8 *) contents, len, len);

  for (guint i = 0; i < lines->len; i++)
    {
      const WatchLine *w = &g_array_index (lines, WatchLine, i);

      n_while_writing += w->while_writing;
      n_gcs += w->n_gcs;
      n_sparks += w->n_sparks;
      if (i > 0)
        g_assert_cmpfloat (w->time, >=, g_array_index (lines, WatchLine, i - 1).time);
    }
  g_test_message ("%s: %u lines, %u while the writer wrote", name, lines->len, n_while_writing);
  g_assert_cmpuint (n_while_writing, >=, min_while_writing);
  g_assert_cmpuint (n_gcs, ==, rts_count (rts_s, "^ *Gen +[0-9]+ +([0-9]+) colls"));
  g_assert_cmpuint (n_sparks, ==, rts_count (rts_s, "^ *SPARKS: ([0-9]+) "));
  /* The last line ends where the run does: "Interval 0.000000s to T". */
  end = g_strdup_printf ("%.3f", g_ascii_strtod (strstr (summary.out, " to ") + 4, NULL));
  g_assert_cmpfloat (g_array_index (lines, WatchLine, lines->len - 1).time, ==, g_ascii_strtod (end, NULL));

  g_unlink (record);
  g_unlink (fifo);
  g_rmdir (dir);
}

/* Many GCs, over about 1.6 s. */
static void
test_watch_fifo (void)
{
  check_watch_fifo ("heap-hT-N2", "200ms", 8, 200, 2);
}

/* Thousands of sparks, in a log written in a few pieces. */
static void
test_watch_fifo_sparks (void)
{
  check_watch_fifo ("parfib-N2", "50ms", 4, 100, 0);
}

/* `watch FILE` on a log still being written follows it until its end
 * marker, then sums it up as `summary` does the whole file. */
static void
test_watch_growing_file (void)
{
  g_autofree char *path = es_test_fixture_path ("parfib-N2.eventlog");
  g_autofree char *dir = g_dir_make_tmp ("es-cli-live-XXXXXX", NULL);
  g_autofree char *growing = g_build_filename (dir, "prog.eventlog", NULL);
  gsize len;
  g_autofree char *contents = es_test_read_fixture ("parfib-N2.eventlog", &len);
  const char *args[] = { "watch", "--interval", "50ms", growing, NULL };
  g_autoptr(GArray) lines = g_array_new (FALSE, FALSE, sizeof (WatchLine));
  g_auto(CliRun) summary = { 0 };
  g_auto(CliRun) watch = { 0 };
  EsTestWriter writer = { .path = growing, .data = (const guint8 *) contents, .len = len,
                          .n_pieces = 5, .pause_ms = 100 };

  g_assert_true (g_file_set_contents (growing, "", 0, NULL));
  run_cli2 (&summary, "summary", path);
  run_watch (&watch, args, &writer, FALSE, lines);

  g_assert_cmpint (watch.exit_code, ==, 0);
  g_assert_true (g_str_has_suffix (watch.out, summary.out));
  g_assert_cmpuint (lines->len, >=, 1);

  g_unlink (growing);
  g_rmdir (dir);
}

/* Followed with a memory limit far below what its detail takes, watch
 * lets go of the oldest detail as it goes, says so on standard error, and
 * still ends with exactly the summary of the whole file: the whole run's
 * figures do not need the detail let go of. */
static void
test_watch_memory_limit (void)
{
  g_autofree char *path = es_test_write_busy_log_with_gc_stats (400);
  g_autofree char *dir = g_dir_make_tmp ("es-cli-live-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "prog.fifo", NULL);
  g_autofree char *contents = NULL;
  gsize len;
  const char *args[] = { "watch", "--interval", "50ms", "--memory-limit", "1M", fifo, NULL };
  const char *bad_args[] = { "watch", "--memory-limit", "lots", fifo, NULL };
  g_autoptr(GArray) lines = g_array_new (FALSE, FALSE, sizeof (WatchLine));
  g_auto(CliRun) summary = { 0 };
  g_auto(CliRun) watch = { 0 };
  g_auto(CliRun) bad = { 0 };
  EsTestWriter writer = { .path = fifo, .n_pieces = 8, .pause_ms = 60 };

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  g_assert_cmpuint (len, >, 4u << 20);
  writer.data = (const guint8 *) contents;
  writer.len = len;
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  run_cli2 (&summary, "summary", path);
  g_assert_cmpint (summary.exit_code, ==, 0);
  run_watch (&watch, args, &writer, FALSE, lines);

  g_assert_cmpint (watch.exit_code, ==, 0);
  g_assert_nonnull (strstr (watch.err, "let go, to keep the log within 1.00 MiB"));
  g_assert_true (g_str_has_suffix (watch.out, summary.out));
  g_assert_cmpuint (lines->len, >=, 2);

  run_cli_argv (&bad, bad_args);
  g_assert_cmpint (bad.exit_code, ==, 1);
  g_assert_nonnull (strstr (bad.err, "\"lots\" is not a size"));

  g_unlink (fifo);
  g_rmdir (dir);
  g_unlink (path);
}

/* A stream that stops inside an event: the summary of what came, with
 * the warning and exit code `summary` gives for the same cut file. */
static void
test_watch_cut_stream (void)
{
  g_autofree char *dir = g_dir_make_tmp ("es-cli-live-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "prog.fifo", NULL);
  g_autofree char *cut = g_build_filename (dir, "cut.eventlog", NULL);
  gsize len;
  g_autofree char *contents = es_test_read_fixture ("parfib-N2.eventlog", &len);
  const char *args[] = { "watch", "--interval", "50ms", fifo, NULL };
  g_autoptr(GArray) lines = g_array_new (FALSE, FALSE, sizeof (WatchLine));
  g_auto(CliRun) summary = { 0 };
  g_auto(CliRun) watch = { 0 };
  gsize kept = len * 2 / 3 + 3;
  EsTestWriter writer = { .path = fifo, .data = (const guint8 *) contents, .len = kept,
                          .n_pieces = 3, .pause_ms = 50 };
  g_auto(GStrv) warnings = NULL;

  g_assert_true (g_file_set_contents (cut, contents, (gssize) kept, NULL));
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  run_cli2 (&summary, "summary", cut);
  g_assert_nonnull (strstr (summary.err, "warning:"));
  run_watch (&watch, args, &writer, FALSE, lines);

  g_assert_cmpint (watch.exit_code, ==, summary.exit_code);
  g_assert_true (g_str_has_suffix (watch.out, summary.out));
  /* summary's warnings, naming the FIFO instead of the file. */
  warnings = g_strsplit (summary.err, cut, -1);
  {
    g_autofree char *expected = g_strjoinv (fifo, warnings);

    g_assert_true (g_str_has_suffix (watch.err, expected));
  }

  g_unlink (cut);
  g_unlink (fifo);
  g_rmdir (dir);
}

/* Ctrl+C while the program is still writing: the summary of what came,
 * exactly `summary`'s of the recorded bytes, and what `summary` exits. */
static void
test_watch_interrupted (void)
{
  g_autofree char *dir = g_dir_make_tmp ("es-cli-live-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "prog.fifo", NULL);
  g_autofree char *record = g_build_filename (dir, "record.eventlog", NULL);
  gsize len;
  g_autofree char *contents = es_test_read_fixture ("alloc-A1m-N2.eventlog", &len);
  const char *args[] = { "watch", "--interval", "50ms", "--record", record, fifo, NULL };
  g_autoptr(GArray) lines = g_array_new (FALSE, FALSE, sizeof (WatchLine));
  g_auto(CliRun) summary = { 0 };
  g_auto(CliRun) watch = { 0 };
  g_autofree char *recorded = NULL;
  gsize recorded_len;
  EsTestWriter writer = { .path = fifo, .data = (const guint8 *) contents, .len = len / 2,
                          .n_pieces = 2, .pause_ms = 100, .keep_open = TRUE };

  /* The writer keeps the FIFO open: only the interruption ends watch. */
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  run_watch (&watch, args, &writer, TRUE, lines);

  /* What came: the bytes written, but for what the pipe may still hold. */
  g_assert_true (g_file_get_contents (record, &recorded, &recorded_len, NULL));
  g_assert_cmpuint (recorded_len, >, 0);
  g_assert_cmpuint (recorded_len, <=, len / 2);
  g_assert_true (memcmp (recorded, contents, recorded_len) == 0);
  run_cli2 (&summary, "summary", record);
  g_assert_cmpint (watch.exit_code, ==, summary.exit_code);
  g_assert_true (g_str_has_suffix (watch.out, summary.out));
  g_assert_cmpuint (lines->len, >=, 1);

  g_unlink (record);
  g_unlink (fifo);
  g_rmdir (dir);
}

/* A Mono log on standard input: its lines count the lock contentions
 * mprof-report counted, then the summary is `summary`'s. */
static void
test_watch_mono_stdin (void)
{
  g_autofree char *path = es_test_fixture_path ("mlpd/gc-threads.mlpd");
  gsize len;
  g_autofree char *contents = es_test_read_fixture ("mlpd/gc-threads.mlpd", &len);
  const char *args[] = { "watch", "--interval", "10ms", "-", NULL };
  g_auto(CliRun) summary = { 0 };
  g_auto(CliRun) watch = { 0 };
  g_auto(GStrv) lines = NULL;
  guint n_lines = 0, n_locks = 0;

  run_cli2 (&summary, "summary", path);
  run_cli_stdin (&watch, args, (const guint8 *) contents, len);
  g_assert_cmpint (watch.exit_code, ==, summary.exit_code);
  g_assert_true (g_str_has_suffix (watch.out, summary.out));

  lines = g_strsplit (watch.out, "\n", -1);
  g_assert_nonnull (strstr (lines[0], "locks"));
  for (guint i = 1; lines[i] != NULL && *lines[i] != '\0'; i++)
    {
      WatchLine w = { 0 };

      parse_watch_line (lines[i], &w);
      n_locks += w.n_sparks;     /* the last column: locks, for Mono */
      n_lines++;
    }
  g_assert_cmpuint (n_lines, >=, 1);
  g_assert_cmpuint (n_locks, ==, rts_count ("mlpd/gc-threads.report.txt", "Lock contentions: ([0-9]+)"));
}

/* "  GC      time  (  0.013s elapsed, ..." of a `summary`: @label's seconds. */
static double
summary_seconds (const char *summary,
                 const char *label)
{
  const char *at = strstr (summary, label);

  g_assert_nonnull (at);
  at = strchr (at, '(');
  g_assert_nonnull (at);
  return g_ascii_strtod (at + 1, NULL);
}

/* A Mono log streamed through a FIFO, in pieces: the runtime's wait of a
 * second for its threads to stop at exit is in no line's GC share. Added
 * up, the lines' GC time is the run's pauses (13 ms), not the second of
 * the suspend, and the line that holds the suspend is mostly neither the
 * program's time nor the GC's. */
static void
test_watch_mono_fifo_exit_suspend_is_no_gc (void)
{
  g_autofree char *path = es_test_fixture_path ("mlpd/gc-threads.mlpd");
  g_autofree char *dir = g_dir_make_tmp ("es-cli-live-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "prog.fifo", NULL);
  gsize len;
  g_autofree char *contents = es_test_read_fixture ("mlpd/gc-threads.mlpd", &len);
  const char *args[] = { "watch", "--interval", "50ms", fifo, NULL };
  g_autoptr(GArray) lines = g_array_new (FALSE, FALSE, sizeof (WatchLine));
  g_auto(CliRun) summary = { 0 };
  g_auto(CliRun) watch = { 0 };
  EsTestWriter writer = { .path = fifo, .data = (const guint8 *) contents, .len = len,
                          .n_pieces = 6, .pause_ms = 100 };
  double gc_seconds = 0, suspend_seconds, run_gc_seconds, least_busy = 100, before = 0;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  run_cli2 (&summary, "summary", path);
  run_watch (&watch, args, &writer, FALSE, lines);
  g_assert_cmpint (watch.exit_code, ==, 0);
  g_assert_true (g_str_has_suffix (watch.out, summary.out));
  run_gc_seconds = summary_seconds (summary.out, "  GC      time");
  suspend_seconds = summary_seconds (summary.out, "  Suspend time");
  g_assert_cmpfloat (run_gc_seconds, <, 0.05);
  g_assert_cmpfloat (suspend_seconds, >, 0.9);

  g_assert_cmpuint (lines->len, >=, 1);
  for (guint i = 0; i < lines->len; i++)
    {
      const WatchLine *w = &g_array_index (lines, WatchLine, i);

      g_test_message ("%.3fs: MUT %.1f%% GC %.1f%%", w->time, w->mut_share, w->gc_share);
      gc_seconds += w->gc_share / 100 * (w->time - before);
      least_busy = MIN (least_busy, w->mut_share + w->gc_share);
      before = w->time;
    }
  /* The shares are printed to a tenth of a percent of a line. */
  g_assert_cmpfloat (gc_seconds, <=, run_gc_seconds + 0.001 * before + 0.001);
  g_assert_cmpfloat (least_busy, <, 50);

  g_unlink (fifo);
  g_rmdir (dir);
}

/* Bytes that are no log: the reader's message, with the byte offset, and
 * the exit code of a bad log; nothing is summed up. */
static void
test_watch_garbage (void)
{
  static const char garbage[] = "this is not an eventlog, only words written to a pipe\n";
  const char *args[] = { "watch", "--interval", "50ms", "-", NULL };
  g_auto(CliRun) run = { 0 };

  run_cli_stdin (&run, args, (const guint8 *) garbage, sizeof garbage - 1);
  g_assert_cmpint (run.exit_code, ==, 2);
  g_assert_nonnull (strstr (run.err, "eventscope-cli: -: byte 0: "));
  g_assert_null (strstr (run.out, "Productivity"));
}

/* A bad --interval is refused before anything is opened. */
static void
test_watch_bad_interval (void)
{
  const char *args[] = { "watch", "--interval", "5%", "-", NULL };
  g_auto(CliRun) run = { 0 };

  run_cli_argv (&run, args);
  g_assert_cmpint (run.exit_code, ==, 1);
  g_assert_nonnull (strstr (run.err, "--interval must be"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli-live/watch-fifo", test_watch_fifo);
  g_test_add_func ("/cli-live/watch-fifo-sparks", test_watch_fifo_sparks);
  g_test_add_func ("/cli-live/watch-growing-file", test_watch_growing_file);
  g_test_add_func ("/cli-live/watch-memory-limit", test_watch_memory_limit);
  g_test_add_func ("/cli-live/watch-cut-stream", test_watch_cut_stream);
  g_test_add_func ("/cli-live/watch-interrupted", test_watch_interrupted);
  g_test_add_func ("/cli-live/watch-mono-stdin", test_watch_mono_stdin);
  g_test_add_func ("/cli-live/watch-mono-fifo-exit-suspend-is-no-gc", test_watch_mono_fifo_exit_suspend_is_no_gc);
  g_test_add_func ("/cli-live/watch-garbage", test_watch_garbage);
  g_test_add_func ("/cli-live/watch-bad-interval", test_watch_bad_interval);
  return g_test_run ();
}
