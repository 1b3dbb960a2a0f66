/* test-stream-records.c: a stream's record is never the log read, never
 * replaces a file with what is not known to be a log, keeps every byte it
 * took when it cannot go on, and nothing of a killed run is left behind
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#ifndef _GNU_SOURCE
# define _GNU_SOURCE      /* pipe2() */
#endif

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

/* A record is never the log read: `watch --record F F` on a FIFO (before,
 * it blocked writing into the FIFO it reads, deaf to SIGTERM), and
 * `--record X - < X` (before, `watch` emptied X, then said standard input
 * had ended) are refused, and X stays as it was, for every command. */
static void
test_record_is_never_the_input (void)
{
  g_autofree char *dir = es_test_make_dir ();
  g_autofree char *fifo = g_build_filename (dir, "prog.fifo", NULL);
  gsize len;
  g_autofree char *contents = es_test_read_fixture ("parfib-N2.eventlog", &len);
  g_autofree char *x = es_test_write_file (dir, "x.eventlog", contents, len);
  const char *commands[] = { "watch", "summary", "dump" };

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      const char *fifo_args[] = { commands[i], "--record", fifo, fifo, NULL };
      const char *stdin_args[] = { commands[i], "--record", x, "-", NULL };
      int fifo_fd = open (fifo, O_RDWR | O_CLOEXEC);
      int x_fd = open (x, O_RDONLY | O_CLOEXEC);
      CliChild on_fifo = { .stdin_fd = -1 };
      CliChild on_x = { .stdin_fd = x_fd };
      g_auto(CliRun) run_fifo = { 0 };
      g_auto(CliRun) run_x = { 0 };

      /* Held open here, so that a CLI that opened it would not block. */
      g_assert_cmpint (fifo_fd, >=, 0);
      run_cli_child (&run_fifo, fifo_args, &on_fifo);
      close (fifo_fd);
      g_assert_cmpint (run_fifo.exit_code, ==, 1);
      g_assert_nonnull (strstr (run_fifo.err, "is the log being read"));

      run_cli_child (&run_x, stdin_args, &on_x);
      close (x_fd);
      g_assert_cmpint (run_x.exit_code, ==, 1);
      g_assert_nonnull (strstr (run_x.err, "is the log being read"));
      es_test_assert_file_is_prefix (x, (const guint8 *) contents, len, len);
    }
  {
    const char *args[] = { "summary", "--record", "/dev/full", "-", NULL };
    int fd = open (x, O_RDONLY | O_CLOEXEC);
    CliChild child = { .stdin_fd = fd };
    g_auto(CliRun) run = { 0 };

    run_cli_child (&run, args, &child);
    close (fd);
    g_assert_cmpint (run.exit_code, ==, 1);
    g_assert_nonnull (strstr (run.err, "“/dev/full”: it is not a regular file"));
  }
  g_assert_cmpuint (es_test_count_entries (dir), ==, 2);
  g_unlink (fifo);
  es_test_remove_dir (dir);
}

/* A record that cannot be written (ulimit -f 100: 102,400 bytes): every
 * command says so with the path and the reason, exits 1, prints the
 * summary of what was recorded, and the record keeps every byte it took
 * (before, `watch` said the record held 65,536 bytes, exit 0, where it
 * held 102,400). */
static void
test_record_that_cannot_be_written (void)
{
  gsize len;
  g_autofree char *contents = es_test_busy_log_with_gc_stats (200, &len);
  const gsize limit = 100 * 1024;
  const char *commands[] = { "watch", "summary", "dump" };
  g_autofree char *dir = es_test_make_dir ();
  g_autofree char *prefix = NULL;

  g_assert_cmpuint (len, >, 2 * limit);
  prefix = es_test_write_file (dir, "prefix.eventlog", contents, limit);

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autofree char *record = g_build_filename (dir, "record.eventlog", NULL);
      const char *args[] = { commands[i], "--record", record, "-", NULL };
      /* `watch` of a file cut short would follow it as it grows: its summary is `summary`'s. */
      const char *of_prefix_args[] = { g_str_equal (commands[i], "watch") ? "summary" : commands[i], prefix, NULL };
      /* The count grouped by thousands, as the CLI's messages write counts. */
      g_autofree char *said = g_strdup_printf ("Cannot record the log into “%s”: File too large (after %" G_GSIZE_FORMAT
                                               ",%03" G_GSIZE_FORMAT " bytes)", record, limit / 1000, limit % 1000);
      int fds[2];
      EsTestWriter writer;
      CliChild child = { .file_size_limit = limit };
      CliChild plain = { .stdin_fd = -1 };
      g_auto(CliRun) run = { 0 };
      g_auto(CliRun) of_prefix = { 0 };
      GThread *thread;

      g_assert_cmpint (pipe2 (fds, O_CLOEXEC), ==, 0);
      writer = (EsTestWriter) { .fd = fds[1], .data = (const guint8 *) contents, .len = len, .n_pieces = 4,
                                .pause_ms = 10, .reader_may_go = TRUE };
      child.stdin_fd = fds[0];
      thread = g_thread_new ("writer", es_test_writer_run, &writer);
      run_cli_child (&run, args, &child);
      close (fds[0]);
      g_thread_join (thread);

      g_assert_cmpint (run.exit_code, ==, 1);
      g_assert_nonnull (strstr (run.err, said));
      /* Said once. */
      g_assert_null (strstr (run.err, "bytes) (after "));
      es_test_assert_file_is_prefix (record, (const guint8 *) contents, len, limit);
      /* What came before is printed, as for the file of those bytes. */
      run_cli_child (&of_prefix, of_prefix_args, &plain);
      if (g_str_equal (commands[i], "watch"))
        g_assert_cmpstr (es_test_summary_part (run.out), ==, of_prefix.out);
      else
        g_assert_cmpstr (run.out, ==, of_prefix.out);
      g_unlink (record);
      g_assert_cmpuint (es_test_count_entries (dir), ==, 1);
    }
  es_test_remove_dir (dir);
}

/* Killed mid-stream (SIGKILL: no handler runs), `watch` and `summary`
 * leave nothing in the temporary folder: their record has no name (before,
 * records of hundreds of megabytes stayed in /tmp for ever). With
 * --record, the record holds what came, under its own name, and nothing
 * else is left beside it. */
static void
test_killed_leaves_nothing_behind (void)
{
  gsize len;
  g_autofree char *contents = es_test_busy_log_with_gc_stats (400, &len);
  const char *commands[] = { "watch", "summary" };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    for (guint recorded = 0; recorded < 2; recorded++)
      {
        g_autofree char *tmpdir = es_test_make_dir ();
        g_autofree char *keep = es_test_make_dir ();
        g_autofree char *record = g_build_filename (keep, "record.eventlog", NULL);
        const char *args[] = { commands[i], "-", NULL, NULL, NULL };
        const char *record_args[] = { commands[i], "--record", record, "-", NULL };
        int fds[2];
        CliChild child = { .tmpdir = tmpdir };
        CliRunning running;
        g_auto(CliRun) run = { 0 };
        gsize half = len / 2;

        g_assert_cmpint (pipe2 (fds, O_CLOEXEC), ==, 0);
        child.stdin_fd = fds[0];
        running = cli_child_start (recorded ? record_args : args, &child);
        close (fds[0]);
        /* Once half the log is in, the CLI read all but what the pipe
         * holds (64 kB): then it is killed. */
        es_test_write_all (fds[1], (const guint8 *) contents, half);
        kill (running.pid, SIGKILL);
        cli_child_finish (&running, &run);
        close (fds[1]);

        g_assert_cmpuint (es_test_count_entries (tmpdir), ==, 0);
        if (recorded)
          {
            g_autofree char *kept = NULL;
            gsize kept_len;

            g_assert_cmpuint (es_test_count_entries (keep), ==, 1);
            g_assert_true (g_file_get_contents (record, &kept, &kept_len, NULL));
            g_assert_cmpuint (kept_len, >=, half - 65536 - 1048576);
            g_assert_true (memcmp (kept, contents, kept_len) == 0);
          }
        else
          g_assert_cmpuint (es_test_count_entries (keep), ==, 0);
        es_test_remove_dir (tmpdir);
        es_test_remove_dir (keep);
      }
}

/* A stream whose header never became whole, recorded into a file that was
 * there: the file stays as it was, the bytes are kept beside it, and the
 * command says where (before, `echo hi | summary --record X -` made X
 * "hi"). Where there was no file, the bytes take its name. */
static void
test_record_of_no_log_is_kept_aside (void)
{
  g_autofree char *dir = es_test_make_dir ();
  g_autofree char *x = es_test_write_file (dir, "x.eventlog", "precious", 8);
  g_autofree char *y = g_build_filename (dir, "y.eventlog", NULL);
  const char *commands[] = { "summary", "watch" };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      const char *args[] = { commands[i], "--record", NULL, "-", NULL };
      const char *targets[] = { x, y };

      for (guint t = 0; t < G_N_ELEMENTS (targets); t++)
        {
          int fds[2];
          CliChild child = { 0 };
          g_auto(CliRun) run = { 0 };
          g_autofree char *kept = NULL;

          g_assert_cmpint (pipe2 (fds, O_CLOEXEC), ==, 0);
          es_test_write_all (fds[1], (const guint8 *) "hi\n", 3);
          close (fds[1]);
          child.stdin_fd = fds[0];
          args[2] = targets[t];
          run_cli_child (&run, args, &child);
          close (fds[0]);

          g_assert_cmpint (run.exit_code, ==, 2);
          g_assert_nonnull (strstr (run.err, "the log ends inside its header"));
          g_assert_true (g_file_get_contents (targets[t], &kept, NULL, NULL));
          if (t == 0)
            {
              g_autofree char *said = g_strdup_printf ("%s is left as it was; the 3 bytes received are in %s-",
                                                       x, x);

              g_assert_cmpstr (kept, ==, "precious");
              g_assert_nonnull (strstr (run.err, said));
              g_assert_cmpuint (es_test_count_entries (dir), ==, 2);
            }
          else
            {
              g_assert_cmpstr (kept, ==, "hi\n");
              g_assert_null (strstr (run.err, "left as it was"));
              g_unlink (y);
            }
          /* Only the file, and what was kept beside it, if anything. */
          {
            g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
            const char *name;

            while ((name = g_dir_read_name (d)) != NULL)
              if (g_str_has_suffix (name, ".part"))
                {
                  g_autofree char *part = g_build_filename (dir, name, NULL);
                  g_autofree char *bytes = NULL;

                  g_assert_true (g_file_get_contents (part, &bytes, NULL, NULL));
                  g_assert_cmpstr (bytes, ==, "hi\n");
                  g_unlink (part);
                }
          }
          g_assert_cmpuint (es_test_count_entries (dir), ==, 1);
        }
    }
  es_test_remove_dir (dir);
}

/* The record cannot take its name (a folder was made there while the
 * header came): an error that says so, and where the bytes are: none is
 * lost (before, they went with the record's descriptor). */
static void
test_record_name_taken_meanwhile (void)
{
  gsize len;
  g_autofree char *contents = es_test_read_fixture ("parfib-N2.eventlog", &len);
  g_autofree char *dir = es_test_make_dir ();
  g_autofree char *y = g_build_filename (dir, "y.eventlog", NULL);
  const char *args[] = { "summary", "--record", y, "-", NULL };
  int fds[2];
  CliChild child = { 0 };
  CliRunning running;
  g_auto(CliRun) run = { 0 };
  g_autoptr(GDir) d = NULL;
  const char *name;
  guint n_parts = 0;

  g_assert_cmpint (pipe2 (fds, O_CLOEXEC), ==, 0);
  child.stdin_fd = fds[0];
  running = cli_child_start (args, &child);
  close (fds[0]);
  es_test_write_all (fds[1], (const guint8 *) contents, 4);
  g_usleep (200 * 1000);
  g_assert_cmpint (g_mkdir (y, 0700), ==, 0);
  /* The CLI stops reading at the error. */
  es_test_write_unless_closed (fds[1], (const guint8 *) contents + 4, len - 4);
  close (fds[1]);
  cli_child_finish (&running, &run);

  g_assert_cmpint (run.exit_code, ==, 1);
  g_assert_nonnull (strstr (run.err, g_strerror (EISDIR)));
  g_assert_nonnull (strstr (run.err, "bytes received are in"));
  d = g_dir_open (dir, 0, NULL);
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".part"))
      {
        g_autofree char *part = g_build_filename (dir, name, NULL);
        g_autofree char *bytes = NULL;
        gsize got;

        g_assert_true (g_file_get_contents (part, &bytes, &got, NULL));
        g_assert_cmpuint (got, >, 0);
        g_assert_true (memcmp (bytes, contents, got) == 0);
        g_assert_nonnull (strstr (run.err, name));
        g_unlink (part);
        n_parts++;
      }
  g_assert_cmpuint (n_parts, ==, 1);
  g_rmdir (y);
  es_test_remove_dir (dir);
}

/* `compare unix:S unix:S`: two runs served one after the other at the
 * same socket, each recorded, as `compare` of the two files (before, the
 * second run's record replaced the first's, whose descriptor was closed
 * under it). */
static void
test_compare_one_socket_twice (void)
{
  g_autofree char *dir = es_test_make_dir ();
  g_autofree char *sock = g_build_filename (dir, "prog.sock", NULL);
  g_autofree char *spec = g_strconcat ("unix:", sock, NULL);
  g_autofree char *a = es_test_fixture_path ("alloc-A1m-N2.eventlog");
  g_autofree char *b = es_test_fixture_path ("alloc-A64m-N2.eventlog");
  gsize len_a, len_b;
  g_autofree char *run_a = es_test_read_fixture ("alloc-A1m-N2.eventlog", &len_a);
  g_autofree char *run_b = es_test_read_fixture ("alloc-A64m-N2.eventlog", &len_b);
  g_autoptr(GSocketAddress) address = g_unix_socket_address_new (sock);
  g_autoptr(GSocket) listener = g_socket_new (G_SOCKET_FAMILY_UNIX, G_SOCKET_TYPE_STREAM,
                                              G_SOCKET_PROTOCOL_DEFAULT, NULL);
  const char *files[] = { "compare", a, b, NULL };
  const char *socket_args[] = { "compare", spec, spec, NULL };
  CliChild child = { .stdin_fd = -1 };
  g_auto(CliRun) of_files = { 0 };
  g_auto(CliRun) of_socket = { 0 };
  EsTestRunServer server = { 0 };
  GThread *thread;
  g_auto(GStrv) file_lines = NULL, socket_lines = NULL;

  g_socket_set_blocking (listener, TRUE);
  g_assert_true (g_socket_bind (listener, address, TRUE, NULL));
  g_assert_true (g_socket_listen (listener, NULL));
  server.listener = listener;
  server.runs[0] = (const guint8 *) run_a;
  server.lens[0] = len_a;
  server.runs[1] = (const guint8 *) run_b;
  server.lens[1] = len_b;
  thread = g_thread_new ("server", es_test_serve_two_runs, &server);
  run_cli_child (&of_socket, socket_args, &child);
  g_thread_join (thread);
  run_cli_child (&of_files, files, &child);

  g_assert_cmpint (of_socket.exit_code, ==, 0);
  g_assert_cmpint (of_files.exit_code, ==, 0);
  /* The same figures; the heading names the sources. */
  file_lines = g_strsplit (of_files.out, "\n", -1);
  socket_lines = g_strsplit (of_socket.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (file_lines), ==, g_strv_length (socket_lines));
  for (guint i = 0; file_lines[i] != NULL; i++)
    if (strstr (file_lines[i], ".eventlog") == NULL)
      g_assert_cmpstr (socket_lines[i], ==, file_lines[i]);
  g_socket_close (listener, NULL);
  g_unlink (sock);
  es_test_remove_dir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  /* The writers here see the CLI close their pipes: EPIPE, not death. */
  signal (SIGPIPE, SIG_IGN);

  g_test_add_func ("/stream-records/record-is-never-the-input", test_record_is_never_the_input);
  g_test_add_func ("/stream-records/record-that-cannot-be-written", test_record_that_cannot_be_written);
  g_test_add_func ("/stream-records/record-of-no-log-is-kept-aside", test_record_of_no_log_is_kept_aside);
  g_test_add_func ("/stream-records/record-name-taken-meanwhile", test_record_name_taken_meanwhile);
  g_test_add_func ("/stream-records/compare-one-socket-twice", test_compare_one_socket_twice);
  g_test_add_func ("/stream-records/killed-leaves-nothing-behind", test_killed_leaves_nothing_behind);

  return g_test_run ();
}
