/* test-cli-live.c: eventscope-cli on a FIFO, standard input and sockets
 * (`watch` is test-cli-watch.c's)
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
  es_test_assert_file_is_prefix (record, (const guint8 *) contents, len, len);

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
      es_test_assert_file_is_prefix (record, (const guint8 *) contents, kept, kept);
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
  got = es_test_bytes_to_string (out);
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
  return g_test_run ();
}
