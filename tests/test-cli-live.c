/* test-cli-live.c: eventscope-cli on a FIFO, standard input and sockets,
 * and `watch` following a log while it is written
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gio.h>
#include <gio/gunixsocketaddress.h>
#include <glib/gstdio.h>

#include "es-test-cli.h"
#include "es-test-log.h"
#include "es-test-writer.h"

static void
run_cli2 (CliRun     *run,
          const char *command,
          const char *source)
{
  const char *args[] = { command, source, NULL };

  run_cli_argv (run, args);
}

static char *
bytes_to_string (GBytes *bytes)
{
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);

  return size > 0 ? g_strndup (data, size) : g_strdup ("");
}

/* The CLI with @stdin_data on its standard input (a pipe). */
static void
run_cli_stdin (CliRun       *run,
               const char  **args,
               const guint8 *stdin_data,
               gsize         stdin_len)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GBytes) in = g_bytes_new (stdin_data, stdin_len);
  g_autoptr(GBytes) out = NULL, err = NULL;
  g_autoptr(GError) error = NULL;

  g_ptr_array_add (argv, (gpointer) g_getenv ("ES_CLI"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  process = g_subprocess_newv ((const char * const *) argv->pdata,
                               G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                               G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate (process, in, NULL, &out, &err, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  run->exit_code = g_subprocess_get_exit_status (process);
  run->out = bytes_to_string (out);
  run->err = bytes_to_string (err);
}

/* The CLI with @args while @writer writes the FIFO it reads. */
static void
run_cli_fed (CliRun        *run,
             const char   **args,
             EsTestWriter  *writer)
{
  GThread *thread = g_thread_new ("writer", es_test_writer_run, writer);

  run_cli_argv (run, args);
  g_thread_join (thread);
}

static void
assert_file_equals (const char   *path,
                    const guint8 *data,
                    gsize         len)
{
  g_autofree char *contents = NULL;
  gsize got;

  g_assert_true (g_file_get_contents (path, &contents, &got, NULL));
  g_assert_cmpuint (got, ==, len);
  g_assert_true (memcmp (contents, data, len) == 0);
}

/* `summary -` reads standard input to its end and prints what `summary
 * FILE` prints, for a GHC eventlog and a Mono log. */
static void
test_summary_stdin (void)
{
  const char *names[] = { "heap-hT-N2.eventlog", "mlpd/gc-threads.mlpd" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = es_test_fixture_path (names[i]);
      gsize len;
      g_autofree char *contents = es_test_read_fixture (names[i], &len);
      const char *args[] = { "summary", "-", NULL };
      g_auto(CliRun) from_file = { 0 };
      g_auto(CliRun) from_stdin = { 0 };

      run_cli2 (&from_file, "summary", path);
      run_cli_stdin (&from_stdin, args, (const guint8 *) contents, len);
      g_assert_cmpint (from_file.exit_code, ==, 0);
      g_assert_cmpint (from_stdin.exit_code, ==, 0);
      g_assert_cmpstr (from_stdin.out, ==, from_file.out);
      g_assert_cmpstr (from_stdin.err, ==, "");
    }
}

/* `dump FIFO` waits for the writer and prints what `dump FILE` prints;
 * --record keeps the bytes, and no temporary file is left behind. */
static void
test_dump_fifo (void)
{
  g_autofree char *path = es_test_fixture_path ("parfib-N2.eventlog");
  g_autofree char *dir = g_dir_make_tmp ("es-cli-live-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "prog.fifo", NULL);
  g_autofree char *record = g_build_filename (dir, "record.eventlog", NULL);
  gsize len;
  g_autofree char *contents = es_test_read_fixture ("parfib-N2.eventlog", &len);
  const char *args[] = { "dump", "--record", record, fifo, NULL };
  g_auto(CliRun) from_file = { 0 };
  g_auto(CliRun) from_fifo = { 0 };
  EsTestWriter writer = { .path = fifo, .data = (const guint8 *) contents, .len = len,
                          .n_pieces = 5, .pause_ms = 50 };

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  run_cli2 (&from_file, "dump", path);
  run_cli_fed (&from_fifo, args, &writer);

  g_assert_cmpint (from_fifo.exit_code, ==, 0);
  g_assert_cmpstr (from_fifo.err, ==, "");
  g_assert_cmpstr (from_fifo.out, ==, from_file.out);
  assert_file_equals (record, (const guint8 *) contents, len);

  g_unlink (record);
  g_unlink (fifo);
  g_rmdir (dir);
}

/* A stream cut short, read by `dump` and `summary` with --record: each
 * warns of the cut, as for the file, and says which file holds the bytes
 * received, all of them; a stream that ends whole says nothing of it
 * (test_dump_fifo()). */
static void
test_cut_stream_says_where_it_is_kept (void)
{
  g_autofree char *dir = g_dir_make_tmp ("es-cli-live-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "prog.fifo", NULL);
  g_autofree char *record = g_build_filename (dir, "record.eventlog", NULL);
  gsize len;
  g_autofree char *contents = es_test_read_fixture ("parfib-N2.eventlog", &len);
  const char *commands[] = { "dump", "summary" };

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      const char *args[] = { commands[i], "--record", record, fifo, NULL };
      gsize kept = len * 2 / 3 + 3;
      EsTestWriter writer = { .path = fifo, .data = (const guint8 *) contents, .len = kept,
                              .n_pieces = 3, .pause_ms = 20 };
      g_auto(CliRun) run = { 0 };
      /* The count grouped by thousands, as the messages write counts. */
      g_autofree char *said = g_strdup_printf ("eventscope-cli: %s holds the %" G_GSIZE_FORMAT ",%03" G_GSIZE_FORMAT
                                               " bytes received\n", record, kept / 1000, kept % 1000);

      g_assert_cmpuint (kept, >=, 1000);
      g_assert_cmpuint (kept, <, 1000000);
      run_cli_fed (&run, args, &writer);
      g_assert_cmpint (run.exit_code, ==, 0);
      g_assert_nonnull (strstr (run.err, "warning:"));
      g_assert_true (g_str_has_suffix (run.err, said));
      assert_file_equals (record, (const guint8 *) contents, kept);
      g_unlink (record);
    }
  g_unlink (fifo);
  g_rmdir (dir);
}

/* A server as eventlog-socket is one: it listens (after @delay_ms), serves
 * the log to the one viewer that connects, and closes. */
typedef struct
{
  GSocketAddress *address;
  GSocket        *listener;
  const guint8   *data;
  gsize           len;
  guint           delay_ms;
} Server;

static void
server_listen (Server *server)
{
  g_autoptr(GError) error = NULL;

  server->listener = g_socket_new (g_socket_address_get_family (server->address), G_SOCKET_TYPE_STREAM,
                                   G_SOCKET_PROTOCOL_DEFAULT, &error);
  g_assert_no_error (error);
  g_socket_set_blocking (server->listener, TRUE);
  g_assert_true (g_socket_bind (server->listener, server->address, TRUE, &error));
  g_assert_true (g_socket_listen (server->listener, &error));
  g_assert_no_error (error);
}

static gpointer
serve_once (gpointer data)
{
  Server *server = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GSocket) client = NULL;
  EsTestWriter writer = { .fd = -1, .data = server->data, .len = server->len, .n_pieces = 4, .pause_ms = 30 };

  g_usleep (server->delay_ms * 1000);
  if (server->listener == NULL)
    server_listen (server);
  client = g_socket_accept (server->listener, NULL, &error);
  g_assert_no_error (error);
  writer.fd = dup (g_socket_get_fd (client));
  es_test_writer_run (&writer);
  g_socket_close (client, NULL);
  return NULL;
}

/* `summary unix:PATH` waits for the program to listen (and says so), then
 * reads what it serves to the end: the summary of the file. The server
 * starts once the CLI has said that it waits. */
static void
test_summary_unix_socket (void)
{
  g_autofree char *path = es_test_fixture_path ("alloc-A1m-N2.eventlog");
  g_autofree char *dir = g_dir_make_tmp ("es-cli-live-XXXXXX", NULL);
  g_autofree char *sock = g_build_filename (dir, "prog.sock", NULL);
  g_autofree char *spec = g_strconcat ("unix:", sock, NULL);
  g_autofree char *waiting = g_strdup_printf ("eventscope-cli: waiting for %s", sock);
  g_autofree char *first_err = NULL;
  gsize len;
  g_autofree char *contents = es_test_read_fixture ("alloc-A1m-N2.eventlog", &len);
  g_auto(CliRun) from_file = { 0 };
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GDataInputStream) err = NULL;
  g_autoptr(GBytes) out = NULL, rest = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *got = NULL;
  Server server = { g_unix_socket_address_new (sock), NULL, (const guint8 *) contents, len, 0 };
  GThread *thread;

  run_cli2 (&from_file, "summary", path);
  process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error,
                              g_getenv ("ES_CLI"), "summary", spec, NULL);
  g_assert_no_error (error);
  err = g_data_input_stream_new (g_subprocess_get_stderr_pipe (process));
  first_err = g_data_input_stream_read_line (err, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (first_err, ==, waiting);

  thread = g_thread_new ("server", serve_once, &server);
  g_assert_true (g_subprocess_communicate (process, NULL, NULL, &out, &rest, &error));
  g_assert_no_error (error);
  g_thread_join (thread);

  g_assert_true (g_subprocess_get_if_exited (process));
  g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 0);
  got = bytes_to_string (out);
  g_assert_cmpstr (got, ==, from_file.out);

  g_socket_close (server.listener, NULL);
  g_object_unref (server.listener);
  g_object_unref (server.address);
  g_unlink (sock);
  g_rmdir (dir);
}

/* `dump tcp:127.0.0.1:PORT` prints what `dump FILE` prints. */
static void
test_dump_tcp_socket (void)
{
  g_autofree char *path = es_test_fixture_path ("hello.eventlog");
  gsize len;
  g_autofree char *contents = es_test_read_fixture ("hello.eventlog", &len);
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocketAddress) bound = NULL;
  g_autofree char *spec = NULL;
  g_auto(CliRun) from_file = { 0 };
  g_auto(CliRun) from_socket = { 0 };
  Server server = { g_inet_socket_address_new (loopback, 0), NULL, (const guint8 *) contents, len, 0 };
  GThread *thread;

  server_listen (&server);
  bound = g_socket_get_local_address (server.listener, NULL);
  spec = g_strdup_printf ("tcp:127.0.0.1:%u", g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound)));
  run_cli2 (&from_file, "dump", path);
  thread = g_thread_new ("server", serve_once, &server);
  run_cli2 (&from_socket, "dump", spec);
  g_thread_join (thread);

  g_assert_cmpint (from_socket.exit_code, ==, 0);
  g_assert_cmpstr (from_socket.err, ==, "");
  g_assert_cmpstr (from_socket.out, ==, from_file.out);

  g_socket_close (server.listener, NULL);
  g_object_unref (server.listener);
  g_object_unref (server.address);
}

/* `compare FIFO FILE`: the stream is read before its kind is looked at. */
static void
test_compare_fifo (void)
{
  g_autofree char *path = es_test_fixture_path ("alloc-A64m-N2.eventlog");
  g_autofree char *dir = g_dir_make_tmp ("es-cli-live-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "prog.fifo", NULL);
  gsize len;
  g_autofree char *contents = es_test_read_fixture ("alloc-A64m-N2.eventlog", &len);
  const char *file_args[] = { "compare", "--json", path, path, NULL };
  const char *fifo_args[] = { "compare", "--json", fifo, path, NULL };
  g_auto(CliRun) from_file = { 0 };
  g_auto(CliRun) from_fifo = { 0 };
  g_autofree char *expected = NULL;
  EsTestWriter writer = { .path = fifo, .data = (const guint8 *) contents, .len = len,
                          .n_pieces = 3, .pause_ms = 20 };
  char *first;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  run_cli_argv (&from_file, file_args);
  run_cli_fed (&from_fifo, fifo_args, &writer);

  g_assert_cmpint (from_fifo.exit_code, ==, 0);
  g_assert_cmpstr (from_fifo.err, ==, "");
  /* The same, but for the first name: the one the user wrote. */
  first = strstr (from_file.out, path);
  g_assert_nonnull (first);
  expected = g_strdup_printf ("%.*s%s%s", (int) (first - from_file.out), from_file.out, fifo, first + strlen (path));
  g_assert_cmpstr (from_fifo.out, ==, expected);

  g_unlink (fifo);
  g_rmdir (dir);
}

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
  run->err = bytes_to_string (err);
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
  assert_file_equals (record, (const guint8 *) contents, len);

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

  g_test_add_func ("/cli-live/summary-stdin", test_summary_stdin);
  g_test_add_func ("/cli-live/dump-fifo", test_dump_fifo);
  g_test_add_func ("/cli-live/cut-stream-says-where-it-is-kept", test_cut_stream_says_where_it_is_kept);
  g_test_add_func ("/cli-live/summary-unix-socket", test_summary_unix_socket);
  g_test_add_func ("/cli-live/dump-tcp-socket", test_dump_tcp_socket);
  g_test_add_func ("/cli-live/compare-fifo", test_compare_fifo);
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
