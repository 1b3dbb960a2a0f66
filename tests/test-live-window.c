/* test-live-window.c: the window follows a program's log as it runs
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
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gunixsocketaddress.h>
#include <glib/gstdio.h>

#include "es-event-index.h"
#include "es-event-list.h"
#include "es-stats.h"
#include "es-test-gui.h"
#include "es-test-log.h"
#include "es-test-writer.h"

/* The header says how much came, and that events are coming:
 * "Live: 170.2 kB, 3 k events/s", not 0 a second. */
static gboolean
header_shows_events_coming (gpointer data)
{
  GtkWidget *label = es_test_find_label (GTK_WIDGET (data), "Live: ");
  const char *text = label != NULL ? gtk_label_get_text (GTK_LABEL (label)) : "";

  return g_str_has_suffix (text, " events/s") && strstr (text, ", 0 events/s") == NULL;
}

/* What the window showed at each update, while the program ran. */
typedef struct
{
  EsWindow *window;
  GArray   *events;          /* guint64: events shown after each update */
  gboolean  program_running;
  guint     updates_while_running;
  gint      n_grown;         /* atomic: updates that showed more events, for a writer that waits for them */
} Watch;

static void
updated_cb (EsLiveFollower *follower,
            Watch          *watch)
{
  guint64 n = es_document_get_n_events (es_test_shown_document (watch->window));

  /* The window has taken the document before anyone else hears of it. */
  g_assert_true (es_test_shown_document (watch->window) == es_live_follower_get_document (follower));
  if (watch->events->len == 0 || n > g_array_index (watch->events, guint64, watch->events->len - 1))
    g_atomic_int_inc (&watch->n_grown);
  g_array_append_val (watch->events, n);
  if (watch->program_running)
    watch->updates_while_running++;
}

static void
child_exited_cb (GPid     pid,
                 gint     status,
                 gpointer data)
{
  Watch *watch = data;

  watch->program_running = FALSE;
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_spawn_close_pid (pid);
}

/* Run in the program's child before it starts: if this test dies (an
 * assertion, a sanitizer's report), the program goes too. It would
 * otherwise run on, writing into a FIFO no one reads, and keep the test's
 * output open, which the test runner waits for. */
static void
die_with_parent (gpointer user_data)
{
#ifdef __linux__
  prctl (PR_SET_PDEATHSIG, SIGKILL);
#endif
}

/* A real GHC program of the project's own (tests/fixtures/programs/
 * live.hs, built by meson when GHC is there) writes its eventlog into
 * a FIFO the window follows: the events shown grow over several updates
 * before it exits, and at the end the window shows exactly the document of
 * the recorded file. */
static void
test_ghc_program_into_fifo (void)
{
  const char *program = g_getenv ("ES_LIVE_PROGRAM");
  g_autofree char *dir = NULL, *fifo = NULL, *record = NULL, *ol = NULL;
  g_autofree char *expected = NULL, *got = NULL;
  g_autoptr(GError) error = NULL;
  Watch watch = { 0 };
  EsWindow *window;
  GPid pid;

  if (program == NULL || !g_file_test (program, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("GHC is not installed, so the live test program was not built "
                   "(build-aux/install-deps.sh installs it)");
      return;
    }

  dir = g_dir_make_tmp ("es-live-window-XXXXXX", NULL);
  fifo = g_build_filename (dir, "prog.fifo", NULL);
  record = g_build_filename (dir, "record.eventlog", NULL);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);

  window = es_test_follow_in_window (fifo, record);
  watch.window = window;
  watch.events = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_signal_connect (es_window_get_live_follower (window), "updated", G_CALLBACK (updated_cb), &watch);
  es_test_wait_for_page (window, "loading");

  /* Six seconds of threads passing MVars in bursts: some 35 MB of log,
   * written as the capabilities' buffers fill. */
  ol = g_strconcat ("-ol", fifo, NULL);
  {
    const char *argv[] = { program, "6", "+RTS", "-N2", "-l", ol, "-RTS", NULL };

    g_spawn_async (dir, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL,
                   die_with_parent, NULL, &pid, &error);
    g_assert_no_error (error);
  }
  watch.program_running = TRUE;
  g_child_watch_add (pid, child_exited_cb, &watch);

  es_test_wait_until (es_test_follower_ended, window, 120);
  es_test_wait_for_page (window, "timeline");
  while (watch.program_running)
    g_main_context_iteration (NULL, TRUE);

  g_test_message ("%u updates, %u while the program ran", watch.events->len, watch.updates_while_running);
#if defined(__SANITIZE_ADDRESS__)
  /* Builds take several times longer under AddressSanitizer, and are
   * spaced by their length: fewer updates fit in the run. */
  g_assert_cmpuint (watch.updates_while_running, >=, 1);
#else
  g_assert_cmpuint (watch.updates_while_running, >=, 3);
#endif
  for (guint i = 1; i < watch.events->len; i++)
    g_assert_cmpuint (g_array_index (watch.events, guint64, i), >=, g_array_index (watch.events, guint64, i - 1));
  g_assert_cmpuint (g_array_index (watch.events, guint64, 0), <,
                    g_array_index (watch.events, guint64, watch.events->len - 1));

  g_assert_cmpint (es_live_follower_get_state (es_window_get_live_follower (window)), ==, ES_LIVE_FINISHED);
  g_assert_false (es_document_is_truncated (es_test_shown_document (window), NULL));
  expected = es_test_describe_file (record);
  got = es_test_describe_document (es_test_shown_document (window));
  g_assert_cmpstr (got, ==, expected);
  g_assert_nonnull (es_test_find_label (GTK_WIDGET (window), "The program finished"));

  gtk_window_destroy (GTK_WINDOW (window));
  g_array_unref (watch.events);
  g_unlink (record);
  g_unlink (fifo);
  g_rmdir (dir);
}

/* Followed with a memory limit far below what its detail takes (the
 * live-memory-limit setting), the window lets go of the oldest detail:
 * the document says from when it has its detail, and the statistics of
 * the whole run, in the panel too, are those of the file opened whole. */
static void
test_memory_limit_lets_go_of_oldest_detail (void)
{
  g_autofree char *path = es_test_write_busy_log_with_gc_stats (400);
  g_autofree char *contents = NULL;
  g_autofree char *dir = g_dir_make_tmp ("es-live-window-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "prog.fifo", NULL);
  g_autofree char *record = g_build_filename (dir, "record.eventlog", NULL);
  g_autofree char *live_text = NULL, *file_text = NULL;
  GSettings *settings = es_application_get_settings (es_test_app);
  g_auto(EsStats) live_stats = { 0 };
  g_auto(EsStats) file_stats = { 0 };
  EsWindow *window, *opened;
  EsDocument *live, *whole;
  EsTestWriter writer;
  GThread *thread;
  gsize len;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_settings_set_string (settings, "live-memory-limit", "1M");
  window = es_test_follow_in_window (fifo, record);
  writer = (EsTestWriter) { .fd = g_open (fifo, O_WRONLY, 0), .data = (const guint8 *) contents, .len = len,
                            .n_pieces = 8, .pause_ms = 60 };
  thread = g_thread_new ("writer", es_test_writer_run, &writer);
  es_test_wait_until (es_test_follower_ended, window, 60);
  g_thread_join (thread);
  g_settings_reset (settings, "live-memory-limit");
  es_test_wait_for_page (window, "timeline");

  live = es_test_shown_document (window);
  g_assert_cmpuint (es_document_get_detail_start (live), >, es_document_get_start_time (live));
  opened = es_test_open_window (path);
  es_test_wait_for_page (opened, "timeline");
  whole = es_session_get_document (es_window_get_session (opened));
  g_assert_cmpuint (es_document_get_detail_start (whole), ==, es_document_get_start_time (whole));
  es_stats_compute (live, 0, es_document_get_end_time (live), &live_stats);
  es_stats_compute (whole, 0, es_document_get_end_time (whole), &file_stats);
  g_assert_cmpuint (live_stats.mut_elapsed, ==, file_stats.mut_elapsed);
  g_assert_cmpuint (live_stats.gc_elapsed, ==, file_stats.gc_elapsed);
  g_assert_cmpuint (live_stats.n_caps, ==, 2);
  for (guint c = 0; c < 2; c++)
    g_assert_cmpmem (&live_stats.caps[c], sizeof (EsCapStats), &file_stats.caps[c], sizeof (EsCapStats));

  /* The panel shows the last document once it has computed it. */
  file_text = es_test_wait_for_statistics (opened, "Productivity");
  live_text = es_test_wait_for_statistics (window, strstr (file_text, "Productivity"));
  g_assert_cmpstr (strstr (live_text, "Productivity"), ==, strstr (file_text, "Productivity"));
  g_assert_null (strstr (live_text, "let go before"));

  /* A log opened whole has all its detail: a stretch from the timeline's
   * 0, before its first event, says nothing of the kind. */
  es_session_select (es_window_get_session (opened), 0, es_document_get_end_time (whole) / 2);
  g_free (file_text);
  file_text = es_test_wait_for_statistics (opened, " s to ");
  g_assert_null (strstr (file_text, "let go before"));

  /* A stretch from before the detail kept says its times are estimated. */
  es_session_select (es_window_get_session (window), es_document_get_detail_start (live) / 2,
                     es_document_get_end_time (live) - 1);
  g_free (live_text);
  live_text = es_test_wait_for_statistics (window, "let go before");

  gtk_window_destroy (GTK_WINDOW (opened));
  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (record);
  g_unlink (fifo);
  g_rmdir (dir);
  g_unlink (path);
}

static gboolean
has_document (gpointer data)
{
  return es_test_shown_document (data) != NULL;
}

/* Events, not the end time: a capability's block may come in later with
 * events older than another's last. */
static gboolean
grew_past (gpointer data)
{
  EsWindow *window = data;
  guint64 *seen = g_object_get_data (G_OBJECT (window), "seen-events");

  return es_document_get_n_events (es_test_shown_document (window)) > *seen;
}

static void
wait_for_newer_document (EsWindow *window)
{
  guint64 seen = es_document_get_n_events (es_test_shown_document (window));

  g_object_set_data (G_OBJECT (window), "seen-events", &seen);
  es_test_wait_until (grew_past, window, 30);
}

/* The view keeps the newest events in sight until the person zooms; End
 * brings it back, at their zoom. The writer then dies mid-event: the
 * notice says where the stream stopped, and what came is kept. */
static void
test_view_follows_then_stream_is_cut (void)
{
  g_autofree char *path = es_test_fixture_path ("heap-hT-N2.eventlog");
  g_autofree char *contents = NULL;
  g_autofree char *dir = g_dir_make_tmp ("es-live-window-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "prog.fifo", NULL);
  g_autofree char *record = g_build_filename (dir, "record.eventlog", NULL);
  EsWindow *window;
  EsSession *session;
  GThread *thread;
  EsTestWriter writer;
  gsize len;
  guint64 t0, t1, z0, z1, end;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  window = es_test_follow_in_window (fifo, record);
  g_assert_true (es_window_get_following (window));

  /* Cut seven bytes into some event, three quarters of the way in. */
  writer = (EsTestWriter) { .fd = g_open (fifo, O_WRONLY, 0), .data = (const guint8 *) contents, .len = len * 3 / 4 + 7,
                            .piece_bytes = 1024, .pause_ms = 15 };
  thread = g_thread_new ("writer", es_test_writer_run, &writer);

  es_test_wait_until (has_document, window, 30);
  wait_for_newer_document (window);
  /* Following: the whole run so far is in view. */
  session = es_window_get_session (window);
  es_session_get_visible (session, &t0, &t1);
  g_assert_cmpuint (t0, ==, 0);
  g_assert_cmpuint (t1, >=, es_document_get_end_time (es_test_shown_document (window)));

  /* A selection to the end of the run is open-ended: it grows with the
   * run, and its statistics with it; a closed one stays as it was. */
  es_session_select (session, 0, es_document_get_end_time (es_test_shown_document (window)));
  wait_for_newer_document (window);
  {
    guint64 s0, s1, closed0, closed1;

    session = es_window_get_session (window);
    g_assert_true (es_session_get_selection (session, &s0, &s1));
    g_assert_cmpuint (s0, ==, 0);
    g_assert_cmpuint (s1, ==, es_document_get_end_time (es_test_shown_document (window)));
    closed0 = s1 / 4;
    closed1 = s1 / 2;
    es_session_select (session, closed0, closed1);
    wait_for_newer_document (window);
    g_assert_true (es_session_get_selection (es_window_get_session (window), &s0, &s1));
    g_assert_cmpuint (s0, ==, closed0);
    g_assert_cmpuint (s1, ==, closed1);
    es_session_clear_selection (es_window_get_session (window));
  }

  /* The person zooms in: the view is theirs, and stays put. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-in", NULL);
  g_assert_false (es_window_get_following (window));
  es_session_get_visible (es_window_get_session (window), &z0, &z1);
  wait_for_newer_document (window);
  es_session_get_visible (es_window_get_session (window), &t0, &t1);
  g_assert_cmpuint (t0, ==, z0);
  g_assert_cmpuint (t1, ==, z1);

  /* End: following again, the newest stretch at their zoom. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-end", NULL);
  g_assert_true (es_window_get_following (window));
  wait_for_newer_document (window);
  es_session_get_visible (es_window_get_session (window), &t0, &t1);
  end = es_document_get_end_time (es_test_shown_document (window));
  g_assert_cmpuint (t1, ==, end);
  g_assert_cmpuint (t1 - t0, ==, z1 - z0);

  es_test_wait_until (es_test_follower_ended, window, 60);
  g_thread_join (thread);
  g_assert_cmpint (es_live_follower_get_state (es_window_get_live_follower (window)), ==, ES_LIVE_CUT);
  g_assert_false (es_window_get_following (window));
  g_assert_nonnull (es_test_find_label (GTK_WIDGET (window), "stopped without an end marker"));
  g_assert_true (es_document_is_truncated (es_test_shown_document (window), NULL));
  /* The program's details were still in the RTS's global buffer when the
   * stream was cut: the Process heading says so, not left empty. */
  {
    g_autofree char *stats = es_test_wait_for_statistics (window, "Process\nDetails: not in the log: ");

    g_assert_null (strstr (stats, "Program: "));
  }
  {
    g_autofree char *recorded = NULL;
    gsize recorded_len;

    g_assert_true (g_file_get_contents (record, &recorded, &recorded_len, NULL));
    g_assert_cmpmem (recorded, recorded_len, contents, len * 3 / 4 + 7);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (record);
  g_unlink (fifo);
  g_rmdir (dir);
}

/* A Mono log written into a FIFO, a piece at a time, as the profiler
 * writes it: the window shows it growing as its sync points come, not only
 * at its end, and at the end the document of the file. */
static void
test_mono_log_into_fifo (void)
{
  g_autofree char *path = es_test_fixture_path ("mlpd/gc-threads.mlpd");
  g_autofree char *contents = NULL;
  g_autofree char *dir = g_dir_make_tmp ("es-live-window-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "prog.fifo", NULL);
  g_autofree char *record = g_build_filename (dir, "record.mlpd", NULL);
  g_autofree char *expected = es_test_describe_file (path);
  g_autofree char *got = NULL;
  Watch watch = { 0 };
  EsWindow *window;
  GThread *thread;
  EsTestWriter writer;
  guint grew = 0;
  gsize len;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  window = es_test_follow_in_window (fifo, record);
  watch.window = window;
  watch.events = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_signal_connect (es_window_get_live_follower (window), "updated", G_CALLBACK (updated_cb), &watch);

  /* 1 kB every 15 ms, and after every 20 kB an update of the window's
   * that shows more before the next: however busy the machine, it sees
   * the log grow. */
  writer = (EsTestWriter) { .fd = g_open (fifo, O_WRONLY, 0), .data = (const guint8 *) contents, .len = len,
                            .piece_bytes = 1024, .pause_ms = 15, .updates = &watch.n_grown,
                            .pieces_per_update = 20 };
  thread = g_thread_new ("writer", es_test_writer_run, &writer);
  es_test_wait_until (es_test_follower_ended, window, 60);
  g_thread_join (thread);

  g_assert_cmpint (es_live_follower_get_state (es_window_get_live_follower (window)), ==, ES_LIVE_FINISHED);
  g_assert_cmpint (es_document_get_format (es_test_shown_document (window)), ==, ES_DOCUMENT_MONO_LOG);
  {
    g_autofree char *stats = es_test_wait_for_statistics (window, "Program: ");

    g_assert_nonnull (strstr (stats, "Program: workers.exe\n"));
  }
  got = es_test_describe_document (es_test_shown_document (window));
  g_assert_cmpstr (got, ==, expected);
  /* Grown over at least three updates before the last. */
  for (guint i = 1; i + 1 < watch.events->len; i++)
    grew += g_array_index (watch.events, guint64, i) > g_array_index (watch.events, guint64, i - 1);
  g_test_message ("%u updates, %u of them grew", watch.events->len, grew);
  g_assert_cmpuint (grew, >=, 3);

  g_signal_handlers_disconnect_by_data (es_window_get_live_follower (window), &watch);
  g_array_unref (watch.events);
  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (record);
  g_unlink (fifo);
  g_rmdir (dir);
}

/* A log without its end marker, written to a moment ago, is followed
 * without being asked: what was there stays shown, and the rest comes. */
static void
test_log_being_written_is_followed (void)
{
  g_autofree char *path = es_test_fixture_path ("heap-hT-N2.eventlog");
  g_autofree char *contents = NULL;
  g_autofree char *dir = g_dir_make_tmp ("es-live-window-XXXXXX", NULL);
  g_autofree char *growing = g_build_filename (dir, "growing.eventlog", NULL);
  g_autofree char *expected = es_test_describe_file (path);
  g_autofree char *got = NULL;
  EsWindow *window;
  GThread *thread;
  EsTestWriter writer;
  gsize len, first;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  first = len * 2 / 5;
  g_assert_true (g_file_set_contents (growing, contents, (gssize) first, NULL));

  window = es_test_open_window (growing);
  es_test_wait_for_page (window, "timeline");
  g_assert_nonnull (es_window_get_live_follower (window));
  g_assert_true (es_window_get_following (window));

  writer = (EsTestWriter) { .fd = g_open (growing, O_WRONLY | O_APPEND, 0), .data = (const guint8 *) contents + first,
                            .len = len - first, .piece_bytes = 1024, .pause_ms = 15 };
  thread = g_thread_new ("writer", es_test_writer_run, &writer);
  es_test_wait_until (header_shows_events_coming, window, 60);
  es_test_wait_until (es_test_follower_ended, window, 60);
  g_thread_join (thread);

  g_assert_cmpint (es_live_follower_get_state (es_window_get_live_follower (window)), ==, ES_LIVE_FINISHED);
  g_assert_nonnull (es_test_find_label (GTK_WIDGET (window), "The program finished"));
  got = es_test_describe_document (es_test_shown_document (window));
  g_assert_cmpstr (got, ==, expected);

  /* An old log without its end marker is only cut short: not followed. */
  gtk_window_destroy (GTK_WINDOW (window));
  {
    g_autoptr(GDateTime) old = g_date_time_new_now_utc ();
    g_autoptr(GDateTime) older = g_date_time_add_hours (old, -1);
    g_autoptr(GFile) file = g_file_new_for_path (growing);

    g_assert_true (g_file_set_contents (growing, contents, (gssize) first, NULL));
    g_assert_true (g_file_set_attribute_uint64 (file, G_FILE_ATTRIBUTE_TIME_MODIFIED,
                                                (guint64) g_date_time_to_unix (older),
                                                G_FILE_QUERY_INFO_NONE, NULL, NULL));
  }
  window = es_test_open_window (growing);
  es_test_wait_for_page (window, "timeline");
  g_assert_null (es_window_get_live_follower (window));
  g_assert_nonnull (es_test_find_label (GTK_WIDGET (window), "cut short"));

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (growing);
  g_rmdir (dir);
}

/* A socket nobody serves: the window waits, says for what, and closing it
 * stops the waiting at once. */
static void
test_socket_waits_and_closes (void)
{
  g_autofree char *dir = g_dir_make_tmp ("es-live-window-XXXXXX", NULL);
  g_autofree char *spec = g_strconcat ("unix:", dir, "/prog.sock", NULL);
  g_autofree char *waiting = g_strconcat ("Waiting for ", dir, "/prog.sock", NULL);
  EsWindow *window = es_test_follow_in_window (spec, NULL);
  g_autofree char *record = g_strdup (es_live_follower_get_record_path (es_window_get_live_follower (window)));
  gint64 started;

  es_test_wait_for_page (window, "loading");
  while (es_test_find_label (GTK_WIDGET (window), waiting) == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (g_file_test (record, G_FILE_TEST_EXISTS));

  started = g_get_monotonic_time ();
  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpint (g_get_monotonic_time () - started, <, G_USEC_PER_SEC);
  /* The temporary record goes with the window. */
  g_assert_false (g_file_test (record, G_FILE_TEST_EXISTS));
  g_rmdir (dir);
}

static gboolean
second_window_shows_document (gpointer data)
{
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (es_test_app));

  for (GList *l = windows; l != NULL; l = l->next)
    if (l->data != data && ES_IS_WINDOW (l->data) && es_window_get_live_follower (l->data) != NULL &&
        !es_live_follower_is_live (es_window_get_live_follower (l->data)))
      return TRUE;
  return FALSE;
}

/* A program serving its runs on a socket: when one ends, the window waits
 * for the next, which opens in a window of its own, never mixed in. */
static void
test_next_run_opens_in_its_own_window (void)
{
  g_autofree char *path_a = es_test_fixture_path ("hello.eventlog");
  g_autofree char *path_b = es_test_fixture_path ("parfib-N2.eventlog");
  g_autofree char *a = NULL, *b = NULL;
  g_autofree char *dir = g_dir_make_tmp ("es-live-window-XXXXXX", NULL);
  g_autofree char *socket_path = g_build_filename (dir, "prog.sock", NULL);
  g_autofree char *spec = g_strconcat ("unix:", socket_path, NULL);
  g_autofree char *expected_a = es_test_describe_file (path_a);
  g_autofree char *expected_b = es_test_describe_file (path_b);
  g_autofree char *got = NULL;
  g_autoptr(GSocketAddress) address = g_unix_socket_address_new (socket_path);
  g_autoptr(GSocket) listener = NULL;
  g_autoptr(GError) error = NULL;
  EsWindow *window, *second = NULL;
  EsTestRunServer server = { .pace = { .piece_bytes = 1024, .pause_ms = 15 } };
  GThread *thread;
  GList *windows;

  g_assert_true (g_file_get_contents (path_a, &a, &server.lens[0], NULL));
  g_assert_true (g_file_get_contents (path_b, &b, &server.lens[1], NULL));
  server.runs[0] = (const guint8 *) a;
  server.runs[1] = (const guint8 *) b;
  listener = g_socket_new (G_SOCKET_FAMILY_UNIX, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_DEFAULT, &error);
  g_assert_no_error (error);
  g_assert_true (g_socket_bind (listener, address, TRUE, &error));
  g_assert_true (g_socket_listen (listener, &error));
  server.listener = listener;
  thread = g_thread_new ("server", es_test_serve_two_runs, &server);

  window = es_test_follow_in_window (spec, NULL);
  es_test_wait_until (es_test_follower_ended, window, 60);
  g_assert_cmpint (es_live_follower_get_state (es_window_get_live_follower (window)), ==, ES_LIVE_FINISHED);
  got = es_test_describe_document (es_test_shown_document (window));
  g_assert_cmpstr (got, ==, expected_a);
  g_clear_pointer (&got, g_free);

  es_test_wait_until (second_window_shows_document, window, 60);
  g_thread_join (thread);
  windows = gtk_application_get_windows (GTK_APPLICATION (es_test_app));
  for (GList *l = windows; l != NULL; l = l->next)
    if (l->data != window && ES_IS_WINDOW (l->data) && es_window_get_live_follower (l->data) != NULL)
      second = l->data;
  g_assert_nonnull (second);
  g_assert_cmpint (es_live_follower_get_state (es_window_get_live_follower (second)), ==, ES_LIVE_FINISHED);
  got = es_test_describe_document (es_test_shown_document (second));
  g_assert_cmpstr (got, ==, expected_b);
  /* The first window still shows its own run. */
  g_clear_pointer (&got, g_free);
  got = es_test_describe_document (es_test_shown_document (window));
  g_assert_cmpstr (got, ==, expected_a);

  gtk_window_destroy (GTK_WINDOW (second));
  gtk_window_destroy (GTK_WINDOW (window));
  g_socket_close (listener, NULL);
  g_unlink (socket_path);
  g_rmdir (dir);
}

/* A FIFO chosen in the Open dialog (or dropped) is followed, not read
 * once: reading it as a file would wait for its writer's end. */
static void
test_fifo_opened_as_file_is_followed (void)
{
  g_autofree char *dir = g_dir_make_tmp ("es-live-window-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "prog.fifo", NULL);
  EsWindow *window;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  window = es_test_open_window (fifo);
  g_assert_nonnull (es_window_get_live_follower (window));
  es_test_wait_for_page (window, "loading");
  g_assert_nonnull (es_test_find_label (GTK_WIDGET (window), "Waiting for the program"));
  /* Nothing to measure yet: no bar stuck at 0%. */
  g_assert_false (gtk_widget_get_visible (es_test_find_widget_of_type (GTK_WIDGET (window), GTK_TYPE_PROGRESS_BAR)));

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (fifo);
  g_rmdir (dir);
}

/* The Events page, shown while a log is followed, lists what came so far
 * and grows with each update, without going back to indexing from
 * scratch (its rows stay shown), and ends with every event of the log. */
typedef struct
{
  EsEventList *list;
  GArray      *n_rows;   /* guint: rows listed after each update */
  guint        n_empty;  /* updates after the first list with none */
  guint        before;   /* rows listed before the log grew */
} ListWatch;

static void
list_updated_cb (EsLiveFollower *follower,
                 ListWatch      *watch)
{
  guint n = g_list_model_get_n_items (es_event_list_get_model (watch->list));

  if (watch->n_rows->len > 0 && n == 0)
    watch->n_empty++;
  if (n > 0)
    g_array_append_val (watch->n_rows, n);
}

static gboolean
list_is_idle (gpointer data)
{
  return !es_event_list_is_busy (data);
}

static gboolean
list_grew (gpointer data)
{
  ListWatch *watch = data;

  return !es_event_list_is_busy (watch->list)
         && g_list_model_get_n_items (es_event_list_get_model (watch->list)) > watch->before;
}

static gboolean
search_is_done (gpointer data)
{
  return !es_event_list_is_busy (data) && es_event_list_get_matches (data) != NULL;
}

static void
test_event_list_grows_while_followed (void)
{
  g_autofree char *path = es_test_fixture_path ("heap-hT-N2.eventlog");
  g_autofree char *contents = NULL;
  g_autofree char *dir = g_dir_make_tmp ("es-live-window-XXXXXX", NULL);
  g_autofree char *growing = g_build_filename (dir, "growing.eventlog", NULL);
  g_autoptr(EsEventIndex) whole = NULL;
  g_autoptr(GError) error = NULL;
  ListWatch watch = { NULL, g_array_new (FALSE, FALSE, sizeof (guint)), 0, 0 };
  EsWindow *window;
  GThread *thread;
  EsTestWriter writer;
  gsize len, first;
  guint grown;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  first = len / 5;
  g_assert_true (g_file_set_contents (growing, contents, (gssize) first, NULL));

  window = es_test_open_window (growing);
  es_test_wait_for_page (window, "timeline");
  g_assert_nonnull (es_window_get_live_follower (window));
  watch.list = ES_EVENT_LIST (es_test_find_widget_of_type (GTK_WIDGET (window), ES_TYPE_EVENT_LIST));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.find-event", NULL));
  g_signal_connect (es_window_get_live_follower (window), "updated", G_CALLBACK (list_updated_cb), &watch);
  /* A search typed while it grows goes on with the list. */
  gtk_editable_set_text (GTK_EDITABLE (es_test_find_widget_of_type (GTK_WIDGET (watch.list), GTK_TYPE_SEARCH_ENTRY)),
                         "heap");

  /* Written in two halves, the second only once the list has shown more
   * than it had from the first: the list growing while the log does is
   * what is tested, not how fast a loaded machine indexes. */
  es_test_wait_until (list_is_idle, watch.list, 30);
  watch.before = g_list_model_get_n_items (es_event_list_get_model (watch.list));
  writer = (EsTestWriter) { .fd = g_open (growing, O_WRONLY | O_APPEND, 0), .data = (const guint8 *) contents + first,
                            .len = (len - first) / 2, .piece_bytes = 2048, .pause_ms = 40 };
  thread = g_thread_new ("writer", es_test_writer_run, &writer);
  g_thread_join (thread);
  es_test_wait_until (list_grew, &watch, 30);
  grown = g_list_model_get_n_items (es_event_list_get_model (watch.list));
  writer = (EsTestWriter) { .fd = g_open (growing, O_WRONLY | O_APPEND, 0),
                            .data = (const guint8 *) contents + first + (len - first) / 2,
                            .len = len - first - (len - first) / 2, .piece_bytes = 2048, .pause_ms = 40 };
  thread = g_thread_new ("writer", es_test_writer_run, &writer);
  es_test_wait_until (es_test_follower_ended, window, 60);
  g_thread_join (thread);
  es_test_wait_until (list_is_idle, watch.list, 30);

  /* Listed, and more, while the log grew; never emptied to index again. */
  g_test_message ("%u rows at first, %u after half the rest, %u updates listed events",
                  watch.before, grown, watch.n_rows->len);
  g_assert_cmpuint (watch.before, >, 0);
  g_assert_cmpuint (grown, >, watch.before);
  g_assert_cmpuint (grown, <, g_list_model_get_n_items (es_event_list_get_model (watch.list)));
  g_assert_cmpuint (watch.n_empty, ==, 0);
  whole = es_event_index_build (path, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (es_event_list_get_model (watch.list)), ==,
                    es_event_index_get_n_rows (whole));
  es_test_wait_until (search_is_done, watch.list, 30);
  {
    g_autoptr(GArray) found = es_event_index_search (whole, "heap", NULL, 0, NULL, NULL, NULL, &error);
    GArray *matches = es_event_list_get_matches (watch.list);

    g_assert_no_error (error);
    g_assert_cmpuint (found->len, >, 0);
    g_assert_cmpmem (matches->data, matches->len * sizeof (guint32), found->data, found->len * sizeof (guint32));
  }

  gtk_window_destroy (GTK_WINDOW (window));
  g_array_unref (watch.n_rows);
  g_unlink (growing);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  if (!es_test_gui_init (&argc, &argv))
    return 0;

  g_test_add_func ("/live-window/ghc-program-into-fifo", test_ghc_program_into_fifo);
  g_test_add_func ("/live-window/view-follows-then-stream-is-cut", test_view_follows_then_stream_is_cut);
  g_test_add_func ("/live-window/log-being-written-is-followed", test_log_being_written_is_followed);
  g_test_add_func ("/live-window/event-list-grows-while-followed", test_event_list_grows_while_followed);
  g_test_add_func ("/live-window/mono-log-into-fifo", test_mono_log_into_fifo);
  g_test_add_func ("/live-window/socket-waits-and-closes", test_socket_waits_and_closes);
  g_test_add_func ("/live-window/fifo-opened-as-file-is-followed", test_fifo_opened_as_file_is_followed);
  g_test_add_func ("/live-window/next-run-opens-in-its-own-window", test_next_run_opens_in_its_own_window);
  g_test_add_func ("/live-window/memory-limit-lets-go-of-oldest-detail", test_memory_limit_lets_go_of_oldest_detail);

  return g_test_run ();
}
