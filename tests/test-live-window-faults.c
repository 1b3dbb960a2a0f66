/* test-live-window-faults.c: the window following a stream that fails says
 * why, keeps what it showed, and leaves nothing behind when killed
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "es-live-follower.h"
#include "es-session.h"
#include "es-test-cli.h"
#include "es-test-gui.h"
#include "es-test-log.h"
#include "es-test-writer.h"

static gboolean
has_document (gpointer data)
{
  return es_test_shown_document (data) != NULL;
}

/* A log damaged three quarters in, written into a FIFO a piece at a time:
 * the window shows what came before the damage as it comes, then stops
 * reading at the damage, and keeps that document with a notice saying
 * what is wrong and where, as loading the file says it. */
static void
test_damaged_stream_keeps_what_was_shown (void)
{
  g_autofree char *busy = es_test_write_busy_log_with_gc_stats (300);
  g_autofree char *dir = es_test_make_dir ();
  g_autofree char *fifo = g_build_filename (dir, "prog.fifo", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(EsDocument) whole = NULL;
  g_autoptr(GError) error = NULL;
  gsize len, at;
  EsTestWriter writer;
  EsWindow *window;
  GThread *thread;
  EsLiveFollower *follower;
  g_autofree char *said = NULL;

  g_assert_true (g_file_get_contents (busy, &contents, &len, NULL));
  at = len * 3 / 4;
  memset (contents + at, 0xfe, 64);
  g_assert_true (g_file_set_contents (busy, contents, (gssize) len, NULL));
  whole = es_document_load_file (busy, NULL, NULL, NULL, &error);
  g_assert_null (whole);
  g_assert_true (g_error_matches (error, ES_EVENTLOG_ERROR, ES_EVENTLOG_ERROR_UNDECLARED_EVENT));

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  window = es_test_follow_in_window (fifo, NULL);
  writer = (EsTestWriter) { .path = fifo, .data = (const guint8 *) contents, .len = len, .piece_bytes = 64 * 1024,
                            .pause_ms = 30, .reader_may_go = TRUE };
  thread = g_thread_new ("writer", es_test_writer_run, &writer);
  es_test_wait_until (has_document, window, 30);
  es_test_wait_until (es_test_follower_ended, window, 60);
  g_thread_join (thread);

  follower = es_window_get_live_follower (window);
  g_assert_cmpint (es_live_follower_get_state (follower), ==, ES_LIVE_FAILED);
  g_assert_cmpstr (es_live_follower_get_error (follower)->message, ==, error->message);
  /* What was shown stays: the timeline, not the error page. */
  g_assert_nonnull (es_test_shown_document (window));
  g_assert_cmpuint (es_document_get_n_events (es_test_shown_document (window)), >, 0);
  said = g_strdup_printf ("Following stopped: %s. What was shown before stays.", error->message);
  g_assert_nonnull (es_test_find_label (GTK_WIDGET (window), said));
  /* Reading stopped at the damage, not at the end of the stream. */
  g_assert_cmpuint (es_live_follower_get_bytes (follower), <, len);

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (busy);
  g_unlink (fifo);
  es_test_remove_dir (dir);
}

/* A stream that is no log: the window says so with the reader's message,
 * naming the byte, in place of a timeline. */
static void
test_stream_that_is_no_log_is_refused (void)
{
  static const char garbage[] = "Starting the server on port 8080...\nready\n";
  g_autofree char *dir = es_test_make_dir ();
  g_autofree char *fifo = g_build_filename (dir, "prog.fifo", NULL);
  EsTestWriter writer = { .data = (const guint8 *) garbage, .len = sizeof garbage - 1, .reader_may_go = TRUE };
  EsWindow *window;
  GThread *thread;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  window = es_test_follow_in_window (fifo, NULL);
  writer.path = fifo;
  thread = g_thread_new ("writer", es_test_writer_run, &writer);
  es_test_wait_until (es_test_follower_ended, window, 30);
  g_thread_join (thread);

  g_assert_cmpint (es_live_follower_get_state (es_window_get_live_follower (window)), ==, ES_LIVE_FAILED);
  g_assert_null (es_test_shown_document (window));
  g_assert_nonnull (es_test_find_label (GTK_WIDGET (window), "“prog.fifo” Is Not a Readable Log"));
  g_assert_nonnull (es_test_find_label (GTK_WIDGET (window), "byte 0: expected the header marker \"hdrb\""));

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (fifo);
  es_test_remove_dir (dir);
}

/* The viewer (`eventscope --follow -`) killed while it follows standard
 * input leaves nothing in its temporary folder: its record has no name. */
static void
test_killed_window_leaves_nothing_behind (void)
{
  gsize len;
  g_autofree char *contents = es_test_busy_log_with_gc_stats (300, &len);
  g_autofree char *tmpdir = es_test_make_dir ();
  g_auto(GStrv) envp = g_environ_setenv (g_get_environ (), "TMPDIR", tmpdir, TRUE);
  const char *argv[] = { g_getenv ("ES_APP"), "--follow", "-", NULL };
  g_autoptr(GError) error = NULL;
  GPid pid;
  int in, status;

  g_assert_nonnull (argv[0]);
  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, envp, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid,
                                           &in, NULL, NULL, &error));
  g_assert_no_error (error);
  /* Half the log in: the viewer has read most of it (all but the pipe's
   * 64 kB), and recorded it. */
  es_test_write_all (in, (const guint8 *) contents, len / 2);
  kill (pid, SIGKILL);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFSIGNALED (status));
  close (in);
  g_spawn_close_pid (pid);

  g_assert_cmpuint (es_test_count_entries (tmpdir), ==, 0);
  es_test_remove_dir (tmpdir);
}

int
main (int    argc,
      char **argv)
{
  if (!es_test_gui_init (&argc, &argv))
    return 0;
  /* Writers whose reader stopped see EPIPE, not death. */
  signal (SIGPIPE, SIG_IGN);

  g_test_add_func ("/live-window-faults/damaged-stream-keeps-what-was-shown", test_damaged_stream_keeps_what_was_shown);
  g_test_add_func ("/live-window-faults/stream-that-is-no-log-is-refused", test_stream_that_is_no_log_is_refused);
  g_test_add_func ("/live-window-faults/killed-window-leaves-nothing-behind", test_killed_window_leaves_nothing_behind);

  return g_test_run ();
}
