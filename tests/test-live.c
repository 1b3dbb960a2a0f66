/* test-live.c: following a log while it is written gives the document of
 * the whole log, from a growing file, a FIFO and Unix and TCP sockets
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gunixsocketaddress.h>
#include <glib/gstdio.h>

#include "es-cap-timeline.h"
#include "es-live-follower.h"
#include "es-live-source.h"
#include "es-lod-frame.h"
#include "es-stats.h"
#include "es-test-log.h"
#include "es-test-writer.h"

typedef struct
{
  gint     n_updates;    /* atomic: a writer may wait for it (EsTestWriter.updates) */
  guint64  last_events;
  gboolean shrank;
} Updates;

static void
updated_cb (EsLiveFollower *follower,
            Updates        *updates)
{
  guint64 n = es_document_get_n_events (es_live_follower_get_document (follower));

  g_atomic_int_inc (&updates->n_updates);
  updates->shrank |= n < updates->last_events;
  updates->last_events = n;
}

static void
run_until_ended (EsLiveFollower *follower)
{
  while (es_live_follower_is_live (follower))
    g_main_context_iteration (NULL, TRUE);
}

/* A follower of @source, updating every 5 ms at most; with @on_the_side,
 * every update is finished on the follower's finishing thread, not only
 * when bytes wait to be read (the real GHC program and the sockets keep
 * the default, so both ways are tested). */
static EsLiveFollower *
start_follower_full (const char *source,
                     const char *record,
                     Updates    *updates,
                     gboolean    on_the_side)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(EsLiveFollower) follower = es_live_follower_new (source, record, &error);

  g_assert_no_error (error);
  es_live_follower_set_min_interval (follower, 5);
  if (on_the_side)
    es_live_follower_set_finish_backlog (follower, 0);
  g_signal_connect (follower, "updated", G_CALLBACK (updated_cb), updates);
  es_live_follower_start (follower);
  return g_steal_pointer (&follower);
}

static EsLiveFollower *
start_follower (const char *source,
                const char *record,
                Updates    *updates)
{
  return start_follower_full (source, record, updates, FALSE);
}

static void
assert_same_bytes (const char   *path,
                   const guint8 *data,
                   gsize         len)
{
  g_autofree char *contents = NULL;
  gsize length;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (contents, length, data, len);
}

/* A file written in pieces while it is followed: every update is a prefix
 * (events never go back), and the last is the whole file's document. Each
 * update is finished on the follower's finishing thread. */
static void
test_growing_file_gives_whole_document (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (es_test_fixtures); i++)
    {
      g_autofree char *path = es_test_fixture_path (es_test_fixtures[i]);
      g_autofree char *contents = NULL;
      g_autofree char *dir = g_dir_make_tmp ("es-live-XXXXXX", NULL);
      g_autofree char *grown = g_build_filename (dir, "grown.log", NULL);
      g_autofree char *expected = es_test_describe_file (path);
      g_autofree char *got = NULL;
      g_autoptr(EsLiveFollower) follower = NULL;
      Updates updates = { 0 };
      EsTestWriter writer;
      GThread *thread;
      gsize len;
      gboolean ghc = g_str_has_suffix (path, ".eventlog");

      g_test_message ("%s", es_test_fixtures[i]);
      g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
      /* About forty pieces: after every ten the writer waits for the
       * follower to show more, so that a busy machine, which gives the
       * follower its turns late, still sees the log grow in steps. */
      writer = (EsTestWriter) { .fd = g_open (grown, O_WRONLY | O_CREAT | O_TRUNC, 0644),
                                .data = (const guint8 *) contents, .len = len, .seed = 17 + i,
                                .updates = &updates.n_updates, .pieces_per_update = 10 };
      g_assert_cmpint (writer.fd, >=, 0);

      follower = start_follower_full (grown, NULL, &updates, TRUE);
      thread = g_thread_new ("writer", es_test_writer_run, &writer);
      if (ghc)
        run_until_ended (follower);   /* the end marker ends it */
      else
        while (!g_atomic_int_get (&writer.done))
          g_main_context_iteration (NULL, FALSE), g_usleep (1000);
      g_thread_join (thread);
      /* A Mono log has no end marker: the person stops following it. */
      if (!ghc)
        {
          /* Let the follower see every byte before it is stopped. */
          while (es_live_follower_get_bytes (follower) < len)
            g_main_context_iteration (NULL, TRUE);
          es_live_follower_stop (follower);
          run_until_ended (follower);
        }

      g_assert_cmpint (es_live_follower_get_state (follower), ==, ES_LIVE_FINISHED);
      g_assert_false (es_live_follower_has_temporary_record (follower));
      g_assert_cmpstr (es_live_follower_get_record_path (follower), ==, grown);
      g_assert_false (updates.shrank);
      g_test_message ("%s: %d updates seen, %u built", es_test_fixtures[i], updates.n_updates, es_live_follower_get_n_updates (follower));
      /* Prefixes were shown before the whole (the smallest log is too small
       * to promise it). */
      g_assert_cmpint (updates.n_updates, >=, len > 10000 ? 3 : 1);
      got = es_test_describe_document (es_live_follower_get_document (follower));
      g_assert_cmpstr (got, ==, expected);

      g_clear_object (&follower);
      g_unlink (grown);
      g_rmdir (dir);
    }
}

/* A FIFO that the follower opens before its writer: it waits, then records
 * every byte, and the record reopens as the same document. */
static void
test_fifo_is_recorded_and_followed (void)
{
  g_autofree char *path = es_test_fixture_path ("parfib-N2.eventlog");
  g_autofree char *contents = NULL;
  g_autofree char *dir = g_dir_make_tmp ("es-live-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "prog.fifo", NULL);
  g_autofree char *record = g_build_filename (dir, "record.eventlog", NULL);
  g_autofree char *expected = es_test_describe_file (path);
  g_autofree char *got = NULL;
  g_autofree char *reopened = NULL;
  g_autoptr(EsLiveFollower) follower = NULL;
  Updates updates = { 0 };
  EsTestWriter writer;
  GThread *thread;
  gsize len;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_true (es_live_source_is_stream (fifo));

  follower = start_follower (fifo, record, &updates);
  /* Nobody writes yet: the follower waits. */
  for (guint i = 0; i < 20; i++)
    g_main_context_iteration (NULL, FALSE), g_usleep (1000);
  g_assert_cmpint (es_live_follower_get_state (follower), ==, ES_LIVE_WAITING);

  writer = (EsTestWriter) { .fd = g_open (fifo, O_WRONLY, 0), .data = (const guint8 *) contents, .len = len,
                            .seed = 5 };
  g_assert_cmpint (writer.fd, >=, 0);
  thread = g_thread_new ("writer", es_test_writer_run, &writer);
  run_until_ended (follower);
  g_thread_join (thread);

  g_assert_cmpint (es_live_follower_get_state (follower), ==, ES_LIVE_FINISHED);
  assert_same_bytes (record, (const guint8 *) contents, len);
  got = es_test_describe_document (es_live_follower_get_document (follower));
  g_assert_cmpstr (got, ==, expected);
  reopened = es_test_describe_file (record);
  g_assert_cmpstr (reopened, ==, expected);
  g_assert_false (updates.shrank);

  g_clear_object (&follower);
  g_unlink (record);
  g_unlink (fifo);
  g_rmdir (dir);
}

/* The document of the first @len bytes of the log @data, loaded as a file
 * cut there would be. */
static char *
describe_prefix (const char *data,
                 gsize       len)
{
  g_autofree char *cut = es_test_write_temp_log ((const guint8 *) data, len);
  char *described = es_test_describe_file (cut);

  g_unlink (cut);
  return described;
}

/* The writer dies inside an event: what was complete is kept, as the log
 * cut there would give, and the record holds every byte received. */
static void
test_writer_killed_mid_event_keeps_what_came (void)
{
  g_autofree char *path = es_test_fixture_path ("parfib-N2.eventlog");
  g_autofree char *contents = NULL;
  g_autofree char *dir = g_dir_make_tmp ("es-live-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "prog.fifo", NULL);
  g_autofree char *record = g_build_filename (dir, "record.eventlog", NULL);
  g_autofree char *expected = NULL;
  g_autofree char *got = NULL;
  g_autoptr(EsLiveFollower) follower = NULL;
  EsDocument *document;
  Updates updates = { 0 };
  EsTestWriter writer;
  GThread *thread;
  gsize len, kept;
  gint64 stop;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  /* Seven bytes into some event past the middle: no event boundary is
   * that regular, and a wrong one only makes the test stricter. */
  kept = len / 2 + 7;
  expected = describe_prefix (contents, kept);

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  follower = start_follower (fifo, record, &updates);
  writer = (EsTestWriter) { .fd = g_open (fifo, O_WRONLY, 0), .data = (const guint8 *) contents, .len = kept,
                            .seed = 9 };
  thread = g_thread_new ("writer", es_test_writer_run, &writer);
  run_until_ended (follower);
  g_thread_join (thread);

  g_assert_cmpint (es_live_follower_get_state (follower), ==, ES_LIVE_CUT);
  assert_same_bytes (record, (const guint8 *) contents, kept);
  document = es_live_follower_get_document (follower);
  g_assert_true (es_document_is_truncated (document, &stop));
  g_assert_cmpint (stop, <=, (gint64) kept);
  got = es_test_describe_document (document);
  g_assert_cmpstr (got, ==, expected);

  g_clear_object (&follower);
  g_unlink (record);
  g_unlink (fifo);
  g_rmdir (dir);
}

/* The writer stops once every event it wrote was shown, and dies without
 * the log's end marker: the last document is still the one of the log cut
 * there, each cap's data ending at its last event. An
 * update of a log still written says no cap's data has ended, and no byte
 * came after it to make another. */
static void
test_writer_killed_after_all_shown_ends_as_cut_log (void)
{
  g_autofree char *path = es_test_write_busy_log_cap_1_until (40, 20);
  g_autofree char *contents = NULL;
  g_autofree char *dir = g_dir_make_tmp ("es-live-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "prog.fifo", NULL);
  g_autofree char *record = g_build_filename (dir, "record.eventlog", NULL);
  g_autofree char *cut = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *got = NULL;
  g_autoptr(EsDocument) expected_document = NULL;
  g_autoptr(EsLiveFollower) follower = NULL;
  g_autoptr(GError) error = NULL;
  EsDocument *document;
  Updates updates = { 0 };
  EsTestWriter writer;
  GThread *thread;
  gboolean a_cap_ends = FALSE;
  gint64 deadline;
  gsize len, kept;

  /* A log whose cap 1 wrote only among its first blocks, cut inside its
   * last event. */
  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  g_unlink (path);
  kept = len - 7;
  cut = es_test_write_temp_log ((const guint8 *) contents, kept);
  expected_document = es_document_load_file (cut, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_unlink (cut);
  /* Else this test would prove nothing. */
  for (guint c = 0; c < es_document_get_n_caps (expected_document); c++)
    a_cap_ends |= es_cap_timeline_get_data_end (es_document_get_cap (expected_document, c)) != G_MAXUINT64;
  g_assert_true (a_cap_ends);
  expected = es_test_describe_document (expected_document);

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  follower = start_follower (fifo, record, &updates);
  writer = (EsTestWriter) { .fd = g_open (fifo, O_WRONLY, 0), .data = (const guint8 *) contents, .len = kept,
                            .keep_open = TRUE };
  thread = g_thread_new ("writer", es_test_writer_run, &writer);
  deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (es_live_follower_get_document (follower) == NULL ||
         es_document_get_n_events (es_live_follower_get_document (follower)) <
           es_document_get_n_events (expected_document))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  g_atomic_int_set (&writer.release, TRUE);
  run_until_ended (follower);
  g_thread_join (thread);

  g_assert_cmpint (es_live_follower_get_state (follower), ==, ES_LIVE_CUT);
  document = es_live_follower_get_document (follower);
  got = es_test_describe_document (document);
  g_assert_cmpstr (got, ==, expected);
  g_assert_cmpuint (es_document_get_n_caps (document), ==, es_document_get_n_caps (expected_document));
  for (guint c = 0; c < es_document_get_n_caps (document); c++)
    g_assert_cmpuint (es_cap_timeline_get_data_end (es_document_get_cap (document, c)), ==,
                      es_cap_timeline_get_data_end (es_document_get_cap (expected_document, c)));

  g_clear_object (&follower);
  g_unlink (record);
  g_unlink (fifo);
  g_rmdir (dir);
}

/* Bytes that are no log: following fails with the reader's own error. */
static void
test_garbage_stream_fails_with_log_error (void)
{
  g_autofree char *dir = g_dir_make_tmp ("es-live-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "prog.fifo", NULL);
  g_autofree char *record = g_build_filename (dir, "record", NULL);
  g_autoptr(EsLiveFollower) follower = NULL;
  static const char garbage[] = "this is not an eventlog, only words in a pipe\n";
  Updates updates = { 0 };
  EsTestWriter writer;
  GThread *thread;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  follower = start_follower (fifo, record, &updates);
  writer = (EsTestWriter) { .fd = g_open (fifo, O_WRONLY, 0), .data = (const guint8 *) garbage,
                            .len = sizeof garbage - 1, .seed = 1 };
  thread = g_thread_new ("writer", es_test_writer_run, &writer);
  run_until_ended (follower);
  g_thread_join (thread);

  g_assert_cmpint (es_live_follower_get_state (follower), ==, ES_LIVE_FAILED);
  g_assert_nonnull (es_live_follower_get_error (follower));
  g_assert_true (es_document_is_log_error (es_live_follower_get_error (follower)));
  g_assert_null (es_live_follower_get_document (follower));
  g_assert_cmpint (updates.n_updates, ==, 0);

  g_clear_object (&follower);
  g_unlink (record);
  g_unlink (fifo);
  g_rmdir (dir);
}

static void
follow_socket_runs (const char     *spec,
                    GSocketAddress *bind_to,
                    GSocketFamily   family)
{
  g_autofree char *path_a = es_test_fixture_path ("hello.eventlog");
  g_autofree char *path_b = es_test_fixture_path ("parfib-N2.eventlog");
  g_autofree char *a = NULL, *b = NULL;
  g_autofree char *expected_a = es_test_describe_file (path_a);
  g_autofree char *expected_b = es_test_describe_file (path_b);
  g_autofree char *dir = g_dir_make_tmp ("es-live-XXXXXX", NULL);
  g_autofree char *record_a = g_build_filename (dir, "a.eventlog", NULL);
  g_autofree char *record_b = g_build_filename (dir, "b.eventlog", NULL);
  g_autofree char *got = NULL;
  g_autoptr(EsLiveFollower) first = NULL;
  g_autoptr(EsLiveFollower) second = NULL;
  g_autoptr(GSocket) listener = NULL;
  g_autoptr(GError) error = NULL;
  Updates updates = { 0 };
  EsTestRunServer server = { .pace = { .seed = 31 } };
  GThread *thread;

  g_assert_true (g_file_get_contents (path_a, &a, &server.lens[0], NULL));
  g_assert_true (g_file_get_contents (path_b, &b, &server.lens[1], NULL));
  server.runs[0] = (const guint8 *) a;
  server.runs[1] = (const guint8 *) b;

  /* The viewer comes first, and keeps trying. */
  first = start_follower (spec, record_a, &updates);
  while (!es_live_follower_is_retrying (first))
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (es_live_follower_get_state (first), ==, ES_LIVE_WAITING);

  listener = g_socket_new (family, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_DEFAULT, &error);
  g_assert_no_error (error);
  g_socket_set_blocking (listener, TRUE);
  g_assert_true (g_socket_bind (listener, bind_to, TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (g_socket_listen (listener, &error));
  server.listener = listener;
  thread = g_thread_new ("server", es_test_serve_two_runs, &server);

  run_until_ended (first);
  g_assert_cmpint (es_live_follower_get_state (first), ==, ES_LIVE_FINISHED);
  got = es_test_describe_document (es_live_follower_get_document (first));
  g_assert_cmpstr (got, ==, expected_a);
  assert_same_bytes (record_a, server.runs[0], server.lens[0]);
  g_clear_pointer (&got, g_free);

  /* The next run at the same address is a log of its own. */
  second = start_follower (spec, record_b, &updates);
  run_until_ended (second);
  g_thread_join (thread);
  g_assert_cmpint (es_live_follower_get_state (second), ==, ES_LIVE_FINISHED);
  got = es_test_describe_document (es_live_follower_get_document (second));
  g_assert_cmpstr (got, ==, expected_b);
  assert_same_bytes (record_b, server.runs[1], server.lens[1]);

  g_clear_object (&first);
  g_clear_object (&second);
  g_socket_close (listener, NULL);
  g_unlink (record_a);
  g_unlink (record_b);
  g_rmdir (dir);
}

static void
test_unix_socket_waits_then_serves_two_runs (void)
{
  g_autofree char *dir = g_dir_make_tmp ("es-live-sock-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "prog.sock", NULL);
  g_autofree char *spec = g_strconcat ("unix:", path, NULL);
  g_autoptr(GSocketAddress) address = g_unix_socket_address_new (path);

  follow_socket_runs (spec, address, G_SOCKET_FAMILY_UNIX);
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_tcp_waits_then_serves_two_runs (void)
{
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocket) probe = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_DEFAULT, NULL);
  g_autoptr(GSocketAddress) any_port = g_inet_socket_address_new (loopback, 0);
  g_autoptr(GSocketAddress) bound = NULL;
  g_autoptr(GSocketAddress) address = NULL;
  g_autofree char *spec = NULL;
  guint16 port;

  /* A port that is free now: bound, then let go for the server. */
  g_assert_true (g_socket_bind (probe, any_port, TRUE, NULL));
  bound = g_socket_get_local_address (probe, NULL);
  port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound));
  g_socket_close (probe, NULL);

  spec = g_strdup_printf ("tcp:127.0.0.1:%u", port);
  address = g_inet_socket_address_new (loopback, port);
  follow_socket_runs (spec, address, G_SOCKET_FAMILY_IPV4);
}

static void
test_sources_are_told_apart (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(EsLiveSource) source = NULL;
  g_autofree char *path = es_test_fixture_path ("hello.eventlog");

  g_assert_true (es_live_source_is_stream ("-"));
  g_assert_true (es_live_source_is_stream ("unix:/tmp/prog.sock"));
  g_assert_true (es_live_source_is_stream ("tcp:127.0.0.1:4242"));
  g_assert_false (es_live_source_is_stream (path));

  source = es_live_source_new ("tcp:127.0.0.1", &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_null (source);
  g_clear_error (&error);
  source = es_live_source_new ("/nonexistent/prog.eventlog", &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);
  source = es_live_source_new ("unix:", &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
}

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 guint      *n)
{
  (*n)++;
}

/* Waits, running the main context, until @follower shows a document of
 * all the @bytes written; returns when it saw it. */
static gint64
wait_for_bytes (EsLiveFollower *follower,
                guint64         bytes)
{
  while (es_live_follower_get_document_bytes (follower) < bytes)
    g_main_context_iteration (NULL, FALSE), g_usleep (1000);
  return g_get_monotonic_time ();
}

/* The follower's window of events a second (RATE_WINDOW). */
#define RATE_WINDOW_SECONDS 2

/* The header's events a second are over the last two seconds of updates,
 * from the first update on (whose events may be all a file had when it
 * was opened): the events of the bytes that came since, over the time
 * they took. When nothing comes, the rate falls to 0 within a few
 * seconds, while the log is still followed, and the window is told. */
static void
test_events_a_second_over_the_last_seconds (void)
{
  g_autofree char *path = es_test_fixture_path ("alloc-A1m-N2.eventlog");
  g_autofree char *contents = NULL;
  g_autofree char *dir = g_dir_make_tmp ("es-live-XXXXXX", NULL);
  g_autofree char *grown = g_build_filename (dir, "grown.eventlog", NULL);
  g_autoptr(EsLiveFollower) follower = NULL;
  Updates updates = { 0 };
  gsize len, first, second, third;
  guint64 events_first, events_second, events_third;
  gint64 seen_first, seen_second, idle_from;
  double rate, expected;
  guint n_rate_notifies = 0;
  int fd;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  first = len / 5;
  second = len * 3 / 5;
  third = len * 4 / 5;
  fd = g_open (grown, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  g_assert_cmpint (fd, >=, 0);
  es_test_write_all (fd, (const guint8 *) contents, first);

  follower = start_follower (grown, NULL, &updates);
  g_signal_connect (follower, "notify::events-per-second", G_CALLBACK (count_notify_cb), &n_rate_notifies);
  seen_first = wait_for_bytes (follower, first);
  events_first = es_document_get_n_events (es_live_follower_get_document (follower));

  /* The next two fifths, in ten pieces over half a second. */
  for (guint i = 0; i < 10; i++)
    {
      gsize from = first + (second - first) * i / 10, to = first + (second - first) * (i + 1) / 10;

      es_test_write_all (fd, (const guint8 *) contents + from, to - from);
      for (guint k = 0; k < 50; k++)
        g_main_context_iteration (NULL, FALSE), g_usleep (1000);
    }
  seen_second = wait_for_bytes (follower, second);
  events_second = es_document_get_n_events (es_live_follower_get_document (follower));
  rate = es_live_follower_get_events_per_second (follower);
  /* Both updates were seen here a little after they were made: the rate
   * is that of the events between them, to timing's slack. */
  expected = (events_second - events_first) / ((seen_second - seen_first) / (double) G_TIME_SPAN_SECOND);
  g_test_message ("%" G_GUINT64_FORMAT " events in %.3f s: %.0f a second shown, %.0f expected",
                  events_second - events_first, (seen_second - seen_first) / 1e6, rate, expected);
  g_assert_cmpuint (events_second, >, events_first);
  g_assert_cmpfloat (rate, >, expected / 2);
  g_assert_cmpfloat (rate, <, expected * 2);
  g_assert_cmpuint (n_rate_notifies, >, 0);

  /* Nothing comes: the rate falls to 0 once the window holds no event,
   * and the follower goes on following. */
  idle_from = g_get_monotonic_time ();
  n_rate_notifies = 0;
  while (es_live_follower_get_events_per_second (follower) > 0 &&
         g_get_monotonic_time () - idle_from < 10 * G_TIME_SPAN_SECOND)
    g_main_context_iteration (NULL, FALSE), g_usleep (5000);
  g_test_message ("the rate was 0 after %.1f s without events", (g_get_monotonic_time () - idle_from) / 1e6);
  g_assert_cmpfloat (es_live_follower_get_events_per_second (follower), ==, 0);
  /* Not before the window has passed: the events of the last second
   * still count after it. */
  g_assert_cmpint (g_get_monotonic_time () - idle_from, >=, 3 * G_TIME_SPAN_SECOND / 2);
  g_assert_cmpuint (n_rate_notifies, >, 0);
  g_assert_cmpint (es_live_follower_get_state (follower), ==, ES_LIVE_RECEIVING);

  /* After a longer pause, a burst: the rate is that of its events over the
   * window, not spread over the pause. */
  for (guint k = 0; k < 300; k++)
    g_main_context_iteration (NULL, FALSE), g_usleep (10000);
  es_test_write_all (fd, (const guint8 *) contents + second, third - second);
  wait_for_bytes (follower, third);
  events_third = es_document_get_n_events (es_live_follower_get_document (follower));
  rate = es_live_follower_get_events_per_second (follower);
  expected = (events_third - events_second) / ((double) RATE_WINDOW_SECONDS);
  g_test_message ("%" G_GUINT64_FORMAT " events after a pause: %.0f a second shown, %.0f expected",
                  events_third - events_second, rate, expected);
  g_assert_cmpuint (events_third, >, events_second);
  g_assert_cmpfloat (rate, >, expected / 2);
  g_assert_cmpfloat (rate, <, expected * 2);

  /* The rest, with the end marker: the run is over, and so is the rate. */
  es_test_write_all (fd, (const guint8 *) contents + third, len - third);
  run_until_ended (follower);
  g_assert_cmpint (es_live_follower_get_state (follower), ==, ES_LIVE_FINISHED);
  g_assert_cmpfloat (es_live_follower_get_events_per_second (follower), ==, 0);

  close (fd);
  g_clear_object (&follower);
  g_unlink (grown);
  g_rmdir (dir);
}

/* What a follower showed of a log of @len bytes: whether its updates
 * grew, and the first that was a part of it, with how many bytes. */
typedef struct
{
  Updates     updates;
  gsize       len;
  EsDocument *part;
  guint64     part_bytes;
} Parts;

static void
part_shown_cb (EsLiveFollower *follower,
               gpointer        data)
{
  Parts *parts = data;
  guint64 bytes = es_live_follower_get_document_bytes (follower);

  updated_cb (follower, &parts->updates);
  if (parts->part == NULL && bytes > 0 && bytes < parts->len)
    {
      parts->part = g_object_ref (es_live_follower_get_document (follower));
      parts->part_bytes = bytes;
    }
}

/* A log that came far faster than it is built (all of it written into a
 * FIFO and closed at once), shown after each step of taking (not once its
 * bytes have waited 150 ms, as by default), each update finished on the
 * finishing thread: the updates grow, one of them shows a part of the log
 * and is the document of those bytes exactly, and the last is the whole
 * log's, the record holding every byte. A snapshot taken for the whole
 * log while a backlog was left (the stream had ended) broke this: caught
 * 6 runs of 6. How often a backlog is shown is timing, measured by
 * es-bench-live. */
static void
test_backlog_shown_in_parts_gives_whole_document (void)
{
  g_autofree char *path = es_test_write_busy_log (1200);
  g_autofree char *expected = es_test_describe_file (path);
  g_autofree char *contents = NULL;
  g_autofree char *dir = g_dir_make_tmp ("es-live-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "prog.fifo", NULL);
  g_autofree char *record = g_build_filename (dir, "record.eventlog", NULL);
  g_autofree char *got = NULL;
  g_autofree char *part = NULL;
  g_autofree char *part_expected = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(EsLiveFollower) follower = NULL;
  Parts parts = { { 0 } };
  int fd;

  g_assert_true (g_file_get_contents (path, &contents, &parts.len, NULL));
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  follower = es_live_follower_new (fifo, record, &error);
  g_assert_no_error (error);
  es_live_follower_set_min_interval (follower, 0);
  es_live_follower_set_shown_within (follower, 0);
  es_live_follower_set_finish_backlog (follower, 0);
  g_signal_connect (follower, "updated", G_CALLBACK (part_shown_cb), &parts);
  es_live_follower_start (follower);
  fd = g_open (fifo, O_WRONLY, 0);
  g_assert_cmpint (fd, >=, 0);
  es_test_write_all (fd, (const guint8 *) contents, parts.len);
  close (fd);
  run_until_ended (follower);

  g_assert_cmpint (es_live_follower_get_state (follower), ==, ES_LIVE_FINISHED);
  g_assert_false (parts.updates.shrank);
  g_test_message ("%d updates seen, %u built; a part of %" G_GUINT64_FORMAT " bytes of %" G_GSIZE_FORMAT,
                  parts.updates.n_updates, es_live_follower_get_n_updates (follower), parts.part_bytes, parts.len);
  /* The first update comes once the header has: 17 MB are not built in
   * one step. */
  g_assert_nonnull (parts.part);
  part = es_test_describe_document (parts.part);
  part_expected = es_test_describe_ongoing_prefix (contents, (gsize) parts.part_bytes);
  g_assert_cmpstr (part, ==, part_expected);
  got = es_test_describe_document (es_live_follower_get_document (follower));
  g_assert_cmpstr (got, ==, expected);
  assert_same_bytes (record, (const guint8 *) contents, parts.len);
  g_clear_object (&parts.part);
  g_clear_object (&follower);
  g_unlink (record);
  g_unlink (fifo);
  g_rmdir (dir);
  g_unlink (path);
}

typedef struct
{
  guint    n_documents;
  gboolean first_had_columns;
  guint64  first_t1;
  guint64  first_end;
  guint    first_width;
} FirstFrame;

static void
first_frame_cb (EsLiveFollower *follower,
                FirstFrame     *first)
{
  EsDocument *document = es_live_follower_get_document (follower);
  const EsLodFrame *frame;
  guint64 t0;

  if (document == NULL || first->n_documents++ > 0)
    return;
  frame = es_lod_frame_get (document);
  first->first_had_columns = frame != NULL;
  first->first_end = es_document_get_end_time (document);
  if (frame != NULL)
    {
      es_lod_frame_get_view (frame, &t0, &first->first_t1, &first->first_width);
      g_assert_cmpuint (t0, ==, 0);
    }
}

/* Told the window's width, the follower makes the first document's first
 * frame's columns before it shows it: the whole run at that width. */
static void
test_first_frame_made_for_window_width (void)
{
  g_autofree char *path = es_test_fixture_path ("parfib-N2.eventlog");
  g_autoptr(GError) error = NULL;
  g_autoptr(EsLiveFollower) follower = es_live_follower_new (path, NULL, &error);
  FirstFrame first = { 0 };

  g_assert_no_error (error);
  es_live_follower_set_frame_width (follower, 700, 10);
  g_signal_connect (follower, "updated", G_CALLBACK (first_frame_cb), &first);
  es_live_follower_start (follower);
  run_until_ended (follower);
  g_assert_cmpint (es_live_follower_get_state (follower), ==, ES_LIVE_FINISHED);
  g_assert_cmpuint (first.n_documents, >=, 1);
  g_assert_true (first.first_had_columns);
  g_assert_cmpuint (first.first_width, ==, 700);
  g_assert_cmpuint (first.first_t1, ==, MAX (first.first_end, 10));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/live/sources-are-told-apart", test_sources_are_told_apart);
  g_test_add_func ("/live/growing-file-gives-whole-document", test_growing_file_gives_whole_document);
  g_test_add_func ("/live/fifo-is-recorded-and-followed", test_fifo_is_recorded_and_followed);
  g_test_add_func ("/live/writer-killed-mid-event-keeps-what-came", test_writer_killed_mid_event_keeps_what_came);
  g_test_add_func ("/live/writer-killed-after-all-shown-ends-as-cut-log",
                   test_writer_killed_after_all_shown_ends_as_cut_log);
  g_test_add_func ("/live/garbage-stream-fails-with-log-error", test_garbage_stream_fails_with_log_error);
  g_test_add_func ("/live/backlog-shown-in-parts-gives-whole-document", test_backlog_shown_in_parts_gives_whole_document);
  g_test_add_func ("/live/unix-socket-waits-then-serves-two-runs", test_unix_socket_waits_then_serves_two_runs);
  g_test_add_func ("/live/tcp-waits-then-serves-two-runs", test_tcp_waits_then_serves_two_runs);
  g_test_add_func ("/live/events-a-second-over-the-last-seconds", test_events_a_second_over_the_last_seconds);
  g_test_add_func ("/live/first-frame-made-for-window-width", test_first_frame_made_for_window_width);

  return g_test_run ();
}
