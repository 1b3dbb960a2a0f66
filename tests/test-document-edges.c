/* test-document-edges.c: documents of logs at the edges: cut, damaged,
 * malformed, extreme, too big; loads in parts and cancelled
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "es-document-builder.h"
#include "es-document-private.h"
#include "es-eventlog-reader.h"
#include "es-lod.h"
#include "es-stats.h"
#include "es-test-log.h"
#include "fuzz/fuzz.h"

/* A log cut mid-run loads: what was running is closed at its cap's last
 * event and flagged, and the document says where the log stops. */
static void
test_truncated_log_closes_intervals (void)
{
  g_autofree char *fixture = es_test_fixture_path ("parfib-N2.eventlog");
  g_autofree char *contents = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(EsDocument) document = NULL;
  gsize len;
  gint64 stop;
  guint flagged = 0;

  g_assert_true (g_file_get_contents (fixture, &contents, &len, NULL));
  path = es_test_write_temp_log ((const guint8 *) contents, len * 6 / 10);

  document = es_document_load_file (path, NULL, NULL, NULL, &error);
  g_unlink (path);
  g_assert_no_error (error);
  g_assert_true (es_document_is_truncated (document, &stop));
  g_assert_cmpint (stop, <=, (gint64) (len * 6 / 10));
  g_assert_cmpint (stop, >, (gint64) (len / 2));

  for (guint c = 0; c < es_document_get_n_caps (document); c++)
    {
      guint n;
      const EsActivity *a = es_cap_timeline_get_activities (es_document_get_cap (document, c), &n);

      /* Each cap's buffer is written on its own: what it left open
       * ends at its own last event (test-cut-log.c). */
      guint64 data_end = MIN (es_cap_timeline_get_data_end (es_document_get_cap (document, c)),
                              es_document_get_end_time (document));

      for (guint i = 0; i < n; i++)
        {
          g_assert_cmpuint (es_activity_end (&a[i]), <=, data_end);
          if (a[i].flags & ES_ACTIVITY_ENDED_BY_LOG_END)
            {
              g_assert_cmpuint (es_activity_end (&a[i]), ==, data_end);
              flagged++;
            }
        }
    }
  g_assert_cmpuint (es_document_get_n_closed_at_end (document), >=, flagged);
}

/* Damaged logs that still decode give documents every query can walk (the
 * fuzz target's walk, on the fuzz target's building). */
static void
test_random_corruption_builds_sane_documents (void)
{
  g_autofree char *path = es_test_fixture_path ("parfib-N2.eventlog");
  g_autofree char *original = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);
  gsize len;
  guint built = 0;

  g_assert_true (g_file_get_contents (path, &original, &len, NULL));
  for (guint iteration = 0; iteration < 150; iteration++)
    {
      g_autofree guint8 *data = g_memdup2 (original, len);
      g_autoptr(EsDocument) document = NULL;

      for (guint i = g_rand_int_range (rand, 1, 6); i > 0; i--)
        data[g_rand_int_range (rand, 0, (gint32) len)] = (guint8) g_rand_int (rand);
      document = fuzz_build_document (data, len);
      if (document == NULL)
        continue;
      built++;
      fuzz_walk_document (document);
    }
  g_test_message ("%u of 150 damaged logs still built a document", built);
  g_assert_cmpuint (built, >, 0);
}

/* Time running backwards, then jumping to the end of time: the document
 * stays ordered and every query answers. */
static void
test_extreme_timestamps (void)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new ();
  g_autoptr(EsDocument) document = NULL;
  g_auto(EsStats) stats = { 0 };
  EsActivityColumn columns[16];
  static const guint64 times[] = { 1000, 500, 2000, G_MAXUINT64 - 1, 3000, G_MAXUINT64 };
  const EsActivity *a;
  guint n;

  for (guint i = 0; i < G_N_ELEMENTS (times); i++)
    {
      EsEvent e = { 0 };

      e.cap = 0;
      e.time = times[i];
      e.tag = i % 2 ? ES_EVENT_STOP_THREAD : ES_EVENT_RUN_THREAD;
      e.u.stop.thread = 7;
      e.u.stop.status = ES_STOP_THREAD_YIELDING;
      es_document_builder_add (builder, &e);
    }
  document = es_document_builder_finish (builder, TRUE, 100);

  g_assert_cmpuint (es_document_get_end_time (document), ==, G_MAXUINT64);
  a = es_cap_timeline_get_activities (es_document_get_cap (document, 0), &n);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpuint (a[i].start, <=, es_activity_end (&a[i]));
      if (i > 0)
        g_assert_cmpuint (es_activity_end (&a[i - 1]), <=, a[i].start);
    }
  es_stats_compute (document, 0, G_MAXUINT64, &stats);
  g_assert_cmpuint (stats.mut_elapsed + stats.gc_elapsed, ==, stats.total_elapsed);
  g_assert_cmpuint (stats.caps[0].running, <=, stats.total_elapsed);
  es_lod_activity (document, 0, 0, G_MAXUINT64, G_N_ELEMENTS (columns), columns);
  es_lod_activity (document, 0, G_MAXUINT64 - 20, G_MAXUINT64, G_N_ELEMENTS (columns), columns);
  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    g_assert_cmpfloat (columns[i].running + columns[i].gc + columns[i].gc_waiting + columns[i].idle, <=, 1.0001);
}

/* Builds @data as a load with @n_parts workers does, one after another. */
static EsDocument *
build_in_parts (GByteArray *data,
                guint       n_parts)
{
  g_autoptr(EsDocumentBuilder) first = NULL;

  for (guint part = 0; part < n_parts; part++)
    {
      g_autoptr(EsEventlogReader) reader = es_eventlog_reader_new ();
      g_autoptr(EsDocumentBuilder) builder = es_document_builder_new ();
      g_autoptr(GError) error = NULL;
      EsEvent event;
      EsReadResult r;

      es_eventlog_reader_set_partition (reader, n_parts, part);
      es_eventlog_reader_feed (reader, data->data, data->len);
      es_eventlog_reader_finish (reader);
      while ((r = es_eventlog_reader_next (reader, &event, &error)) == ES_READ_EVENT)
        es_document_builder_add (builder, &event);
      g_assert_no_error (error);
      g_assert_cmpint (r, ==, ES_READ_END);
      if (first == NULL)
        first = g_steal_pointer (&builder);
      else
        es_document_builder_merge (first, g_steal_pointer (&builder));
    }
  return es_document_builder_finish (first, FALSE, -1);
}

/* Process facts are global events, which only part 0 sees: merging the
 * other parts keeps them, with or without an RTS identifier. */
static void
test_process_info_survives_parts (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  g_autoptr(EsDocument) whole = NULL;
  g_autoptr(EsDocument) parts = NULL;
  GByteArray *data;
  const EsProcessInfo *a, *b;

  es_test_log_declare_ghc (log);
  es_test_log_begin_data (log);
  es_test_log_event (log, 32, 1, es_payload_u32 (es_payload_u32 (es_payload_new (), 0), 4242));
  es_test_log_event (log, 43, 2, es_payload_u32 (es_payload_u64 (es_payload_u32 (es_payload_new (), 0), 1795360519), 5));
  for (guint16 cap = 0; cap < 2; cap++)
    {
      es_test_log_begin_block (log, 10 + cap, cap);
      es_test_log_event (log, 1, 10 + cap, es_payload_u32 (es_payload_new (), cap + 1));
      es_test_log_end_block (log, 10 + cap);
    }
  es_test_log_end (log);
  data = es_test_log_get_data (log);

  whole = build_in_parts (data, 1);
  parts = build_in_parts (data, 2);
  a = es_document_get_process (whole);
  b = es_document_get_process (parts);
  g_assert_null (a->rts_identifier);
  g_assert_cmpuint (a->pid, ==, 4242);
  g_assert_cmpuint (a->wall_clock_sec, ==, 1795360519);
  g_assert_cmpuint (b->pid, ==, a->pid);
  g_assert_cmpuint (b->wall_clock_sec, ==, a->wall_clock_sec);
  g_assert_cmpuint (b->wall_clock_nsec, ==, a->wall_clock_nsec);
}

typedef struct
{
  GCancellable *cancellable;
  guint         calls_after_cancel;
} CancelAtFirstReport;

static void
cancel_at_first_report (guint64  done,
                        guint64  total,
                        gpointer data)
{
  CancelAtFirstReport *state = data;

  if (g_cancellable_is_cancelled (state->cancellable))
    state->calls_after_cancel++;
  g_cancellable_cancel (state->cancellable);
}

/* Cancelling stops every worker at its next slice and leaves no document,
 * rather than reading the rest of the log for nothing. */
static void
test_cancelled_load_stops (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  CancelAtFirstReport state = { cancellable, 0 };
  EsDocument *document;
  GByteArray *data;

  es_test_log_declare_ghc (log);
  es_test_log_begin_data (log);
  for (guint block = 0; block < 3000; block++)
    {
      es_test_log_begin_block (log, block * 1000, block % 2);
      for (guint i = 0; i < 1000; i++)
        es_test_log_event (log, 0, block * 1000 + i, es_payload_u32 (es_payload_new (), block * 1000 + i));
      es_test_log_end_block (log, block * 1000 + 999);
    }
  es_test_log_end (log);
  data = es_test_log_get_data (log);
  g_assert_cmpuint (data->len, >, 5 * (8u << 20));

  path = es_test_write_temp_log (data->data, data->len);
  document = es_document_load_file (path, cancel_at_first_report, &state, cancellable, &error);
  g_unlink (path);

  g_assert_null (document);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (state.calls_after_cancel, <=, 1);
}

/* A GC that starts again before it ended (a malformed log) keeps the
 * phase that was open, ended where the new one starts. */
static void
test_gc_restarted_keeps_open_phase (void)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new ();
  g_autoptr(EsDocument) document = NULL;
  static const struct { guint16 tag; guint64 time; } events[] = {
    { ES_EVENT_GC_START, 100 }, { ES_EVENT_GC_IDLE, 150 }, { ES_EVENT_GC_START, 200 }, { ES_EVENT_GC_END, 300 },
  };
  const EsActivity *a;
  gboolean found = FALSE;
  guint n;

  for (guint i = 0; i < G_N_ELEMENTS (events); i++)
    {
      EsEvent e = { 0 };

      e.cap = 0;
      e.tag = events[i].tag;
      e.time = events[i].time;
      es_document_builder_add (builder, &e);
    }
  document = es_document_builder_finish (builder, FALSE, -1);
  a = es_cap_timeline_get_activities (es_document_get_cap (document, 0), &n);
  for (guint i = 0; i < n; i++)
    if (a[i].kind == ES_ACTIVITY_GC_WAITING)
      {
        g_assert_cmpuint (a[i].start, ==, 150);
        g_assert_cmpuint (es_activity_end (&a[i]), ==, 200);
        found = TRUE;
      }
  g_assert_true (found);
  g_assert_cmpuint (a[n - 1].kind, ==, ES_ACTIVITY_GC);
  g_assert_cmpuint (a[n - 1].start, ==, 200);
  g_assert_cmpuint (es_activity_end (&a[n - 1]), ==, 300);
}

/* A run or GC phase longer than an activity's 32-bit length (4.29 s)
 * takes two records, whatever its length (a hostile log's year-long run
 * costs no more than a 5 s one), and reads back exactly: its end, its
 * length, the totals, the whole run, and one stop in its thread's states. */
static void
test_long_activities_read_back_exactly (void)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new ();
  g_autoptr(EsDocument) document = NULL;
  g_autoptr(GArray) states = g_array_new (FALSE, FALSE, sizeof (EsThreadState));
  g_auto(EsStats) stats = { 0 };
  const guint64 second = 1000000000, year = 365 * 24 * 3600 * second;
  static const guint64 ends_in_s[] = { 5, 12 };
  const EsCapTimeline *tl;
  const EsActivity *a;
  const EsThread *thread;
  guint64 total_running = 0, start, end;
  guint n, stops = 0;
  struct { guint16 tag; guint64 time; } events[] = {
    { ES_EVENT_RUN_THREAD, 1000 },                         /* 1 µs: short */
    { ES_EVENT_STOP_THREAD, 2000 },
    { ES_EVENT_RUN_THREAD, 3000 },                         /* 5 s: long */
    { ES_EVENT_STOP_THREAD, 3000 + ends_in_s[0] * second },
    { ES_EVENT_GC_START, ends_in_s[1] * second },          /* a 6 s GC */
    { ES_EVENT_GC_END, (ends_in_s[1] + 6) * second },
    { ES_EVENT_RUN_THREAD, 20 * second },                  /* a year: hostile */
    { ES_EVENT_STOP_THREAD, 20 * second + year },
  };

  for (guint i = 0; i < G_N_ELEMENTS (events); i++)
    {
      EsEvent e = { 0 };

      e.cap = 0;
      e.tag = events[i].tag;
      e.time = events[i].time;
      e.u.stop.thread = 7;
      e.u.stop.status = ES_STOP_THREAD_BLOCKED;
      es_document_builder_add (builder, &e);
    }
  document = es_document_builder_finish (builder, FALSE, -1);
  tl = es_document_get_cap (document, 0);
  a = es_cap_timeline_get_activities (tl, &n);

  /* 1 + 2 + 2 + 2 records, not thousands of 4.29 s pieces. */
  g_assert_cmpuint (n, ==, 7);
  g_assert_cmpuint (es_activity_length (&a[0]), ==, 1000);
  g_assert_cmpuint (a[1].start, ==, 3000);
  g_assert_cmpuint (es_activity_end (&a[1]), ==, 3000 + 5 * second);
  g_assert_true (a[1].flags & ES_ACTIVITY_CONTINUES);
  g_assert_cmpuint (es_activity_length (&a[2]), ==, 0);
  g_assert_cmpuint (a[2].stop_status, ==, ES_STOP_THREAD_BLOCKED);
  g_assert_cmpuint (a[3].kind, ==, ES_ACTIVITY_GC);
  g_assert_cmpuint (es_activity_length (&a[3]), ==, 6 * second);
  g_assert_cmpuint (es_activity_end (&a[5]), ==, 20 * second + year);

  for (guint i = 0; i < n; i++)
    if (a[i].kind == ES_ACTIVITY_RUNNING)
      total_running += es_activity_length (&a[i]);
  g_assert_cmpuint (total_running, ==, 1000 + 5 * second + year);
  es_stats_compute (document, 0, G_MAXUINT64, &stats);
  g_assert_cmpuint (stats.caps[0].running, ==, total_running);
  g_assert_cmpuint (es_cap_timeline_time_in (tl, ES_ACTIVITY_RUNNING, 4 * second, 30 * second), ==,
                    (3000 + 5 * second - 4 * second) + 10 * second);
  g_assert_cmpuint (es_cap_timeline_time_in (tl, ES_ACTIVITY_GC, 0, G_MAXUINT64), ==, 6 * second);

  /* A time inside the year-long run finds its first record, and that the
   * whole run, ended by the second record's status. */
  g_assert_cmpuint (es_cap_timeline_find_activity (tl, 100 * second), ==, 5);
  g_assert_cmpuint (es_cap_timeline_whole_activity (tl, 5, &start, &end), ==, 6);
  g_assert_cmpuint (start, ==, 20 * second);
  g_assert_cmpuint (end, ==, 20 * second + year);

  thread = es_document_lookup_thread (document, 7);
  g_assert_nonnull (thread);
  es_document_get_thread_timeline (document, thread, states);
  for (guint i = 0; i < states->len; i++)
    {
      const EsThreadState *state = &g_array_index (states, EsThreadState, i);

      if (state->state != ES_THREAD_STATE_RUNNING)
        {
          g_assert_cmpuint (state->state, ==, ES_THREAD_STATE_BLOCKED);
          g_assert_true (state->time == 2000 || state->time == 3000 + 5 * second ||
                         state->time == 20 * second + year);
          stops++;
        }
    }
  g_assert_cmpuint (stops, ==, 3);
}

/* A thread that migrates to cap 280 and is woken on cap 3 and on cap 299,
 * on a machine of 300 caps: the caps of 255 and more do not fit an
 * instant's 8 bits and are kept aside, and the thread's states name them
 * all, whatever else happens at the same times. */
static void
test_instants_name_caps_beyond_255 (void)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new ();
  g_autoptr(EsDocument) document = NULL;
  g_autoptr(GArray) states = g_array_new (FALSE, FALSE, sizeof (EsThreadState));
  static const struct { guint16 tag; guint16 cap; guint64 time; guint32 thread; guint16 other; } events[] = {
    { ES_EVENT_CREATE_THREAD, 0, 100, 5, 0 },
    { ES_EVENT_CREATE_THREAD, 0, 100, 6, 0 },
    { ES_EVENT_MIGRATE_THREAD, 0, 200, 6, 281 },    /* the same time, another thread */
    { ES_EVENT_MIGRATE_THREAD, 0, 200, 5, 280 },
    { ES_EVENT_THREAD_WAKEUP, 280, 300, 5, 3 },
    { ES_EVENT_THREAD_WAKEUP, 7, 400, 5, 299 },
  };
  static const struct { guint64 time; guint16 cap; } expected[] = {
    { 100, 0 }, { 200, 280 }, { 300, 3 }, { 400, 299 },
  };
  const EsThread *thread;

  for (guint i = 0; i < G_N_ELEMENTS (events); i++)
    {
      EsEvent e = { 0 };

      e.tag = events[i].tag;
      e.cap = events[i].cap;
      e.time = events[i].time;
      e.u.thread.thread = events[i].thread;
      e.u.thread.cap = events[i].other;
      es_document_builder_add (builder, &e);
    }
  document = es_document_builder_finish (builder, FALSE, -1);
  thread = es_document_lookup_thread (document, 5);
  g_assert_nonnull (thread);
  es_document_get_thread_timeline (document, thread, states);
  g_assert_cmpuint (states->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < states->len; i++)
    {
      g_assert_cmpuint (g_array_index (states, EsThreadState, i).time, ==, expected[i].time);
      g_assert_cmpuint (g_array_index (states, EsThreadState, i).cap, ==, expected[i].cap);
    }
}

/* A log with ten generations: the table shows the first eight, the totals
 * and the slop (sampled at the oldest) count them all. */
static void
test_more_generations_than_the_table (void)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new ();
  g_autoptr(EsDocument) document = NULL;
  g_auto(EsStats) stats = { 0 };
  static const struct { guint16 generation; guint64 copied, slop; } gcs[] = {
    { 0, 10, 5 }, { 9, 1000, 77 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (gcs); i++)
    {
      EsEvent e = { 0 };

      e.tag = ES_EVENT_GC_START;
      e.time = 100 * (i + 1);
      es_document_builder_add (builder, &e);
      e.tag = ES_EVENT_GC_STATS_GHC;
      e.time += 10;
      e.u.gc_stats.generation = gcs[i].generation;
      e.u.gc_stats.copied = gcs[i].copied;
      e.u.gc_stats.slop = gcs[i].slop;
      es_document_builder_add (builder, &e);
      e.tag = ES_EVENT_GC_END;
      e.time += 10;
      es_document_builder_add (builder, &e);
    }
  document = es_document_builder_finish (builder, FALSE, -1);
  es_stats_compute (document, 0, G_MAXUINT64, &stats);

  g_assert_cmpuint (stats.n_generations, ==, ES_STATS_MAX_GENERATIONS);
  g_assert_cmpuint (stats.gen[0].collections, ==, 1);
  g_assert_cmpuint (stats.copied, ==, 1010);
  g_assert_cmpuint (stats.max_slop, ==, 77);
}

/* A log that cannot fit is refused with how much it needs, up front. */
static void
test_memory_check (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (_es_document_check_memory (G_GUINT64_CONSTANT (1) << 30, G_GUINT64_CONSTANT (8) << 30, NULL));
  g_assert_true (_es_document_check_memory (G_GUINT64_CONSTANT (30) << 30, 0, NULL));
  g_assert_false (_es_document_check_memory (G_GUINT64_CONSTANT (30) << 30, G_GUINT64_CONSTANT (24) << 30, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
  g_assert_nonnull (strstr (error->message, "needs about 29.0 GB of memory to open, and only 25.8 GB are available"));
}

/* Out of memory, the load says how much it needs: each loading thread maps
 * the whole log, and the document needs 0.9 times the log beside; a
 * summary's (es_document_load_for_statistics()) keeps no more than the
 * spans of its GCs, 0.16 times the log at most (before: the whole
 * document's estimate for both). */
static void
test_out_of_memory_says_what_its_load_needs (void)
{
  g_autoptr(GError) whole = NULL;
  g_autoptr(GError) summary = NULL;
  g_autofree char *dir = g_dir_make_tmp ("es-oom-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "big.eventlog", NULL);
  guint64 size = G_GUINT64_CONSTANT (10) << 30;
  guint workers = CLAMP (g_get_num_processors (), 1, 4);
  g_autofree char *whole_needs = g_strdup_printf ("; loading it needs about %.1f GB",
                                                  ((workers + 0.9) * size + (200u << 20)) / 1e9);
  g_autofree char *summary_needs = g_strdup_printf ("; loading it needs about %.1f GB",
                                                    ((workers + 0.16) * size + (200u << 20)) / 1e9);
  FILE *file;

  /* 10 GB of nothing: a sparse file takes no room. */
  g_assert_nonnull (dir);
  file = g_fopen (path, "w");
  g_assert_nonnull (file);
  g_assert_cmpint (ftruncate (fileno (file), (off_t) size), ==, 0);
  fclose (file);

  _es_document_set_out_of_memory (&whole, path, size / 2, G_GUINT64_CONSTANT (8) << 30, FALSE);
  _es_document_set_out_of_memory (&summary, path, size / 2, G_GUINT64_CONSTANT (8) << 30, TRUE);
  g_assert_error (whole, G_FILE_ERROR, G_FILE_ERROR_NOMEM);
  g_assert_error (summary, G_FILE_ERROR, G_FILE_ERROR_NOMEM);
  g_test_message ("%s\n%s", whole->message, summary->message);
  g_assert_nonnull (strstr (whole->message, whole_needs));
  g_assert_nonnull (strstr (summary->message, summary_needs));
  g_assert_cmpstr (whole_needs, !=, summary_needs);

  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/document/random-corruption-builds-sane-documents", test_random_corruption_builds_sane_documents);
  g_test_add_func ("/document/extreme-timestamps", test_extreme_timestamps);
  g_test_add_func ("/document/gc-restarted-keeps-open-phase", test_gc_restarted_keeps_open_phase);
  g_test_add_func ("/document/long-activities-read-back-exactly", test_long_activities_read_back_exactly);
  g_test_add_func ("/document/instants-name-caps-beyond-255", test_instants_name_caps_beyond_255);
  g_test_add_func ("/document/more-generations-than-the-table", test_more_generations_than_the_table);
  g_test_add_func ("/document/too-big-for-memory-is-refused", test_memory_check);
  g_test_add_func ("/document/out-of-memory-says-what-its-load-needs", test_out_of_memory_says_what_its_load_needs);
  g_test_add_func ("/document/cancelled-load-stops", test_cancelled_load_stops);
  g_test_add_func ("/document/process-info-survives-parts", test_process_info_survives_parts);
  g_test_add_func ("/document/truncated-log-closes-open-intervals", test_truncated_log_closes_intervals);

  return g_test_run ();
}
