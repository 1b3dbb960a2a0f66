/* test-mlpd-build.c: a Mono log built as it is written gives the file's document
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-cap-timeline.h"
#include "es-document.h"
#include "es-mlpd-build.h"
#include "es-mlpd-load.h"
#include "es-mlpd-reader.h"
#include "es-series.h"
#include "es-test-log.h"
#include "es-test-mlpd.h"

/* The project's plain Mono fixtures (the packed one is unpacked whole). */
static const char *fixtures[] = {
  "mlpd/alloc-small.mlpd",
  "mlpd/counter-compute.mlpd",
  "mlpd/gc-threads.mlpd",
  "mlpd/nogc.mlpd",
  "mlpd/heapshot-gc.mlpd",
  "mlpd/heapshot-shutdown.mlpd",
  "mlpd/heapshot-steps.mlpd",
};

static void
describe_series (GString        *text,
                 const char     *name,
                 const EsSeries *series)
{
  const EsSample *samples;
  guint n;

  if (series == NULL)
    return;
  n = es_series_get_length (series);
  samples = es_series_get_samples (series);
  g_string_append_printf (text, "%s:", name);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, " %" G_GUINT64_FORMAT "=%" G_GUINT64_FORMAT, samples[i].time, samples[i].value);
  g_string_append_c (text, '\n');
}

/* A cap's records: its runs and GC phases, and its instants. */
static void
describe_cap (GString    *text,
              EsDocument *document,
              guint       c)
{
  const EsCapTimeline *timeline = es_document_get_cap (document, c);
  const EsActivity *a;
  guint n;

  a = es_cap_timeline_get_activities (timeline, &n);
  g_string_append_printf (text, "row %u: %s, %u activities\n", c, es_document_get_cap_label (document, c), n);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, " %u %u %u %" G_GUINT64_FORMAT "-%" G_GUINT64_FORMAT " thread %u\n", a[i].kind,
                            a[i].stop_status, a[i].flags, (guint64) a[i].start, es_activity_end (&a[i]), a[i].thread);
  for (guint k = 0; k < ES_N_INSTANT_KINDS; k++)
    if (ES_INSTANT_KIND_HAS_THREAD (k))
      {
        const EsInstant *in = es_cap_timeline_get_instants (timeline, k, &n);

        for (guint i = 0; i < n; i++)
          g_string_append_printf (text, " instant %u %" G_GUINT64_FORMAT " thread %u\n", k, es_cap_timeline_get_instant_time (timeline, k, i),
                                  in[i].thread);
      }
    else
      {
        const EsMark *mark = es_cap_timeline_get_marks (timeline, k, &n);

        for (guint i = 0; i < n; i++)
          g_string_append_printf (text, " mark %u %" G_GUINT64_FORMAT "\n", k, es_mark_time (&mark[i]));
      }
  describe_series (text, " allocated", es_cap_timeline_get_allocated (timeline));
}

/* Two documents of one Mono log, however read, are the same to their
 * records: the summary and counts, mprof-report's, every row's records and
 * name, the threads, GCs, messages, the heap and its shots, the counters,
 * and where the log is cut. */
static char *
describe (EsDocument *document)
{
  g_autofree char *summary = es_test_describe_document (document);
  GString *text = g_string_new (summary);
  const EsMonoSummary *m = es_document_get_mono_summary (document);
  const EsGc *gcs;
  const EsUserEvent *messages;
  guint n;
  gint64 cut = -1;

  g_string_append_printf (text, "hidden %u, shutdown pause %d, throws %u, contentions %u\n", m->n_hidden_threads,
                          m->shutdown_pause, m->n_throws, m->n_contentions);
  n = es_document_get_n_threads (document);
  for (guint t = 0; t < n; t++)
    {
      const EsThread *thread = es_document_get_thread (document, t);

      g_string_append_printf (text, "thread %u: %s, cap %u at %" G_GUINT64_FORMAT "\n", thread->id, thread->label,
                              thread->created_cap, thread->created);
    }
  gcs = es_document_get_gcs (document, &n);
  for (guint g = 0; g < n; g++)
    g_string_append_printf (text, "gc %" G_GUINT64_FORMAT "-%" G_GUINT64_FORMAT " cap %u gen %u\n", gcs[g].start,
                            gcs[g].end, gcs[g].cap, gcs[g].generation);
  messages = es_document_get_messages (document, &n);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "message %" G_GUINT64_FORMAT " cap %u: %s\n", messages[i].time, messages[i].cap,
                            messages[i].text);
  describe_series (text, "heap", es_document_get_heap_size (document));
  for (guint i = 0; i < es_document_get_n_counters (document); i++)
    {
      const EsCounter *counter = es_document_get_counter (document, i);
      g_autofree char *name = g_strdup_printf ("counter %s/%s %u %x %x", counter->section, counter->name,
                                               counter->type, counter->unit, counter->variance);

      describe_series (text, name, counter->series);
    }
  /* The heap shots: a census each, a band per class. */
  {
    const EsHeapProfSample *censuses = es_document_get_heap_samples (document, &n);

    for (guint i = 0; i < n; i++)
      {
        const EsHeapProfEntry *entries = es_document_get_heap_entries (document, &censuses[i]);

        g_string_append_printf (text, "census %" G_GUINT64_FORMAT ":", censuses[i].time);
        for (guint e = 0; e < censuses[i].n_entries; e++)
          g_string_append_printf (text, " %s %" G_GUINT64_FORMAT "/%u",
                                  es_document_get_heap_band_name (document, entries[e].band),
                                  entries[e].residency, entries[e].objects);
        g_string_append_c (text, '\n');
      }
  }
  for (guint c = 0; c < es_document_get_n_caps (document); c++)
    describe_cap (text, document, c);
  es_document_is_truncated (document, &cut);
  g_string_append_printf (text, "cut at %" G_GINT64_FORMAT "\n", cut);
  return g_string_free (text, FALSE);
}

static EsDocument *
load_bytes (const guint8 *data,
            gsize         len)
{
  g_autoptr(GBytes) bytes = g_bytes_new (data, len);
  g_autoptr(GError) error = NULL;
  EsDocument *document = es_mlpd_load_document (bytes, FALSE, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  return document;
}

typedef struct
{
  guint n_snapshots;
  guint n_growing;          /* snapshots, before the last, with more events than the one before */
  guint n_restarts;
} Followed;

/* Gives @data to a build in random pieces, a snapshot after each, and
 * checks that each snapshot holds no fewer events than the one before
 * (unless the build restarted);
 * the last, of all the bytes, is the document of a file of them. */
static Followed
follow (const guint8 *data,
        gsize         len,
        GRand        *rand)
{
  g_autoptr(EsMlpdBuild) build = es_mlpd_build_new ();
  g_autoptr(EsDocument) expected = load_bytes (data, len);
  g_autofree char *expected_text = describe (expected);
  g_autoptr(EsDocument) last = NULL;
  g_autofree char *got = NULL;
  Followed followed = { 0 };
  guint64 previous_events = 0, previous_end = 0;
  gsize given = 0;

  while (given < len)
    {
      gsize piece = (gsize) g_rand_int_range (rand, 1, (gint32) MAX (len / 12, 2));
      g_autoptr(GError) error = NULL;
      g_autoptr(EsDocument) document = NULL;

      /* Not in MIN (): it would draw twice. */
      piece = MIN (piece, len - given);
      g_assert_true (es_mlpd_build_take (build, data + given, piece, &error));
      g_assert_no_error (error);
      given += piece;
      document = es_test_mlpd_snapshot (build, given == len);
      if (document == NULL)
        {
          g_assert_null (last);
          continue;
        }
      followed.n_snapshots++;
      /* What was told before a restart was told wrong: only then may a
       * snapshot hold less than the one before. */
      if (es_mlpd_build_get_n_restarts (build) == followed.n_restarts)
        {
          g_assert_cmpuint (es_document_get_n_events (document), >=, previous_events);
          g_assert_cmpuint (es_document_get_end_time (document), >=, previous_end);
        }
      followed.n_restarts = es_mlpd_build_get_n_restarts (build);
      if (given < len && es_document_get_n_events (document) > previous_events)
        followed.n_growing++;
      previous_events = es_document_get_n_events (document);
      previous_end = es_document_get_end_time (document);
      g_set_object (&last, document);
    }
  g_assert_nonnull (last);
  got = describe (last);
  g_assert_cmpstr (got, ==, expected_text);
  return followed;
}

/* Each real Mono log given a piece at a time, cut everywhere (inside its
 * header, its buffers' headers and their events), gives at the end the
 * document of the file; the snapshots before grow as the log's sync
 * points allow, and no buffer ever breaks their rule. */
static void
test_pieces_give_the_file_document (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);

  for (guint f = 0; f < G_N_ELEMENTS (fixtures); f++)
    {
      g_autofree char *path = es_test_fixture_path (fixtures[f]);
      g_autofree char *contents = NULL;
      gsize len;

      g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
      for (guint round = 0; round < 8; round++)
        {
          Followed followed = follow ((const guint8 *) contents, len, rand);

          g_assert_cmpuint (followed.n_restarts, ==, 0);
          /* gc-threads.mlpd has 29 sync points over 14 GCs: its
           * documents grow before it ends. */
          if (strstr (fixtures[f], "gc-threads") != NULL)
            g_assert_cmpuint (followed.n_growing, >=, 3);
          if (round == 0)
            g_test_message ("%s: %u snapshots, %u growing before the end", fixtures[f], followed.n_snapshots,
                            followed.n_growing);
        }
    }
}

/* The rule holds in the real logs ../shared keeps too, made with other
 * profiler options (allocations with backtraces, heapshots, method calls,
 * the legacy set, samples), up to 2.7 MB. */
static void
test_shared_logs_never_restart (void)
{
  const char *names[] = {
    "alloc-default", "alloc-gc-alloc", "alloc-heapshot", "exc-calls", "threads-legacy",
  };
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  guint n_read = 0;

  for (guint n = 0; n < G_N_ELEMENTS (names); n++)
    {
      g_autofree char *relative = g_strdup_printf ("mlpd/%s.mlpd", names[n]);
      g_autofree char *path = es_test_shared_path (relative);
      g_autofree char *contents = NULL;
      Followed followed;
      gsize len;

      if (path == NULL)
        continue;
      g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
      followed = follow ((const guint8 *) contents, len, rand);
      g_test_message ("%s: %u snapshots, %u growing before the end, %u restarts", names[n],
                      followed.n_snapshots, followed.n_growing, followed.n_restarts);
      g_assert_cmpuint (followed.n_restarts, ==, 0);
      n_read++;
    }
  if (n_read == 0)
    g_test_skip ("../shared/mlpd is not beside the checkout");
}

/* The start of each buffer of @data, a Mono log, and where it ends. */
static GArray *
list_buffers (const guint8 *data,
              gsize         len)
{
  GArray *starts = g_array_new (FALSE, FALSE, sizeof (gsize));
  EsMlpdHeader header;
  gsize pos;

  g_assert_true (es_mlpd_read_header (data, len, &header, &pos, NULL));
  es_mlpd_header_clear (&header);
  while (pos < len)
    {
      guint32 n;

      memcpy (&n, data + pos + 4, sizeof n);
      n = GUINT32_FROM_LE (n);

      g_array_append_val (starts, pos);
      pos += 48 + n;
    }
  g_assert_cmpuint (pos, ==, len);
  g_array_append_val (starts, pos);
  return starts;
}

/* @data's header, then its buffers (@starts, from list_buffers()) in
 * @order, @n of them. */
static GByteArray *
reorder_buffers (const guint8 *data,
                 GArray       *starts,
                 const guint  *order,
                 guint         n)
{
  GByteArray *reordered = g_byte_array_new ();

  g_byte_array_append (reordered, data, (guint) g_array_index (starts, gsize, 0));
  for (guint i = 0; i < n; i++)
    {
      gsize from = g_array_index (starts, gsize, order[i]), to = g_array_index (starts, gsize, order[i] + 1);

      g_byte_array_append (reordered, data + from, (guint) (to - from));
    }
  return reordered;
}

/* A buffer held back to the end of the log breaks the sync points' rule:
 * the build notices that what it told no longer holds, tells the log again
 * from the start, and still gives the document of the reordered file. */
static void
test_late_buffer_restarts (void)
{
  g_autofree char *path = es_test_fixture_path ("mlpd/gc-threads.mlpd");
  g_autofree char *contents = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  g_autoptr(GArray) starts = NULL;
  const guint8 *data;
  gsize len;
  guint moved = 0, restarted = 0;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  data = (const guint8 *) contents;
  starts = list_buffers (data, len);
  /* Each buffer of the first half of the log, one at a time. */
  for (guint b = 0; b + 1 < starts->len / 2; b++)
    {
      gsize start = g_array_index (starts, gsize, b), end = g_array_index (starts, gsize, b + 1);
      g_autoptr(GByteArray) reordered = g_byte_array_new ();
      Followed followed;

      g_byte_array_append (reordered, data, (guint) start);
      g_byte_array_append (reordered, data + end, (guint) (len - end));
      g_byte_array_append (reordered, data + start, (guint) (end - start));
      followed = follow (reordered->data, reordered->len, rand);
      moved++;
      restarted += followed.n_restarts > 0;
    }
  /* A buffer of only what makes no record (methods compiled, say) may
   * come late without harm; most do not. */
  g_test_message ("%u buffers moved, %u made the build restart", moved, restarted);
  g_assert_cmpuint (restarted, >=, 2);
}

/* Follows @data, a Mono log, @group buffers at a time, a snapshot after
 * each, and checks that the last is the document of the file of @data.
 * Returns it; *@n_restarts (optional) is how often the build restarted. */
static EsDocument *
follow_buffers_by (const guint8 *data,
                   gsize         len,
                   guint         group,
                   guint        *n_restarts)
{
  g_autoptr(GArray) starts = list_buffers (data, len);
  g_autoptr(EsMlpdBuild) build = es_mlpd_build_new ();
  g_autoptr(EsDocument) expected = load_bytes (data, len);
  g_autofree char *expected_text = NULL, *got = NULL;
  EsDocument *last = NULL;

  g_assert_true (es_mlpd_build_take (build, data, g_array_index (starts, gsize, 0), NULL));
  for (guint b = 0; b + 1 < starts->len; b += group)
    {
      gsize from = g_array_index (starts, gsize, b);
      gsize to = g_array_index (starts, gsize, MIN (b + group, starts->len - 1));

      g_assert_true (es_mlpd_build_take (build, data + from, to - from, NULL));
      g_clear_object (&last);
      last = es_test_mlpd_snapshot (build, to == len);
    }
  expected_text = describe (expected);
  got = describe (last);
  g_assert_cmpstr (got, ==, expected_text);
  if (n_restarts != NULL)
    *n_restarts = es_mlpd_build_get_n_restarts (build);
  return last;
}

/* follow_buffers_by() a buffer at a time. */
static EsDocument *
follow_buffers (const guint8 *data,
                gsize         len,
                guint        *n_restarts)
{
  return follow_buffers_by (data, len, 1, n_restarts);
}

/* follow_buffers_by() of the log @writer wrote. */
static EsDocument *
follow_synthetic (EsTestMlpdWriter *writer,
                  guint             group,
                  guint            *n_restarts)
{
  g_autoptr(GBytes) bytes = es_test_mlpd_writer_finish (writer);
  gsize len;
  const guint8 *data = g_bytes_get_data (bytes, &len);

  return follow_buffers_by (data, len, group, n_restarts);
}

/* Each real log with its buffers in a random order, twelve times (and one
 * buffer twice, sometimes), given in random pieces and a buffer at a time: however the
 * sync points and the threads' starts come, the build gives the document
 * of the file of those bytes, restarting where it must. */
static void
test_shuffled_buffers_give_the_file_document (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (17);
  guint n_restarted = 0, n_rounds = 0;

  for (guint f = 0; f < G_N_ELEMENTS (fixtures); f++)
    {
      g_autofree char *path = es_test_fixture_path (fixtures[f]);
      g_autofree char *contents = NULL;
      g_autoptr(GArray) starts = NULL;
      gsize len;

      g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
      starts = list_buffers ((const guint8 *) contents, len);
      for (guint round = 0; round < 12; round++)
        {
          guint n = starts->len - 1;
          g_autofree guint *order = g_new (guint, n + 1);
          g_autoptr(GByteArray) shuffled = NULL;
          Followed followed;

          for (guint i = 0; i < n; i++)
            order[i] = i;
          for (guint i = n; i > 1; i--)
            {
              guint j = (guint) g_rand_int_range (rand, 0, (gint32) i), swap = order[i - 1];

              order[i - 1] = order[j];
              order[j] = swap;
            }
          /* A buffer written twice, every fourth round. */
          order[n] = order[g_rand_int_range (rand, 0, (gint32) n)];
          shuffled = reorder_buffers ((const guint8 *) contents, starts, order, n + (round % 4 == 0));
          followed = follow (shuffled->data, shuffled->len, rand);
          g_object_unref (follow_buffers (shuffled->data, shuffled->len, NULL));
          n_restarted += followed.n_restarts > 0;
          n_rounds++;
        }
    }
  /* An order where a batch of records that change nothing came after what
   * was told, and is earlier: what was told last must not move back. */
  {
    static const guint order[] = { 4, 13, 5, 20, 0, 11, 22, 24, 12, 16, 14, 19, 9, 6, 23, 25, 8, 10, 2, 7, 18, 3,
                                   15, 1, 21, 17 };
    g_autofree char *path = es_test_fixture_path ("mlpd/alloc-small.mlpd");
    g_autofree char *contents = NULL;
    g_autoptr(GArray) starts = NULL;
    g_autoptr(GByteArray) reordered = NULL;
    gsize len;

    g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
    starts = list_buffers ((const guint8 *) contents, len);
    g_assert_cmpuint (starts->len - 1, ==, G_N_ELEMENTS (order));
    reordered = reorder_buffers ((const guint8 *) contents, starts, order, G_N_ELEMENTS (order));
    g_object_unref (follow_buffers (reordered->data, reordered->len, NULL));
  }
  g_test_message ("%u of %u shuffled logs made the build restart", n_restarted, n_rounds);
  g_assert_cmpuint (n_restarted, >, n_rounds / 2);
}

/* A pause before the first thread shown starts (led by the profiler's
 * thread) pauses no row, whichever way the log is read. */
static void
test_pause_before_the_first_row (void)
{
  EsTestMlpdWriter *w = es_test_mlpd_writer_new (17);
  g_autoptr(EsDocument) document = NULL;

  es_test_mlpd_begin_buffer (w, ES_TEST_MLPD_DUMPER_THREAD, ES_TEST_MLPD_STARTUP_NS + 10000);
  es_test_mlpd_thread_event (w, 10, ES_MLPD_METADATA_END_LOAD, ES_TEST_MLPD_DUMPER_THREAD, NULL);
  es_test_mlpd_thread_event (w, 10, ES_MLPD_METADATA_NAME, ES_TEST_MLPD_DUMPER_THREAD, "Profiler Dumper");
  es_test_mlpd_gc_event (w, 20, ES_MLPD_GC_PRE_STOP_WORLD, 0);
  es_test_mlpd_gc_event (w, 25, ES_MLPD_GC_POST_STOP_WORLD, 0);
  es_test_mlpd_gc_event (w, 45, ES_MLPD_GC_PRE_START_WORLD, 0);
  es_test_mlpd_gc_event (w, 50, ES_MLPD_GC_POST_START_WORLD, 0);
  es_test_mlpd_sync_point (w, 60);
  es_test_mlpd_sync_point (w, 70);
  es_test_mlpd_end_buffer (w);
  es_test_mlpd_begin_buffer (w, ES_TEST_MLPD_MAIN_THREAD, ES_TEST_MLPD_STARTUP_NS + 100000);
  es_test_mlpd_thread_event (w, 100, ES_MLPD_METADATA_END_LOAD, ES_TEST_MLPD_MAIN_THREAD, NULL);
  es_test_mlpd_thread_event (w, 100, ES_MLPD_METADATA_NAME, ES_TEST_MLPD_MAIN_THREAD, "Main");
  es_test_mlpd_sync_point (w, 200);
  es_test_mlpd_sync_point (w, 300);
  es_test_mlpd_thread_event (w, 400, ES_MLPD_METADATA_END_UNLOAD, ES_TEST_MLPD_MAIN_THREAD, NULL);
  es_test_mlpd_end_buffer (w);
  document = follow_synthetic (w, 1, NULL);
  g_assert_cmpuint (es_document_get_n_caps (document), ==, 1);
}

/* A thread with no start of its own (no END_LOAD) whose later buffer comes
 * first: what it did before, in the buffer that comes late, is held back
 * until its row is given, and is on its row all the same. */
static void
test_thread_started_by_a_late_buffer (void)
{
  EsTestMlpdWriter *w = es_test_mlpd_writer_new (17);
  g_autoptr(EsDocument) document = NULL;
  const EsUserEvent *messages;
  guint n;
  GByteArray *a;

  es_test_mlpd_begin_buffer (w, ES_TEST_MLPD_MAIN_THREAD, ES_TEST_MLPD_STARTUP_NS);
  es_test_mlpd_thread_event (w, 0, ES_MLPD_METADATA_END_LOAD, ES_TEST_MLPD_MAIN_THREAD, NULL);
  es_test_mlpd_thread_event (w, 0, ES_MLPD_METADATA_NAME, ES_TEST_MLPD_MAIN_THREAD, "Main");
  es_test_mlpd_sync_point (w, 100);
  es_test_mlpd_sync_point (w, 200);
  es_test_mlpd_end_buffer (w);
  /* The worker's second buffer, first. */
  es_test_mlpd_begin_buffer (w, ES_TEST_MLPD_WORKER_THREAD, ES_TEST_MLPD_STARTUP_NS + 5000000);
  es_test_mlpd_thread_event (w, 5000, ES_MLPD_METADATA_NAME, ES_TEST_MLPD_WORKER_THREAD, "worker");
  es_test_mlpd_end_buffer (w);
  es_test_mlpd_begin_buffer (w, ES_TEST_MLPD_MAIN_THREAD, ES_TEST_MLPD_STARTUP_NS + 2000000);
  es_test_mlpd_sync_point (w, 2000);
  es_test_mlpd_sync_point (w, 3000);
  es_test_mlpd_end_buffer (w);
  /* Its first: a throw at 1000 µs. */
  es_test_mlpd_begin_buffer (w, ES_TEST_MLPD_WORKER_THREAD, ES_TEST_MLPD_STARTUP_NS + 1000000);
  a = es_test_mlpd_event (w, ES_MLPD_EXCEPTION, 0x80, 1000);
  es_test_mlpd_put_sleb (a, 16);
  es_test_mlpd_put_uleb (a, 0);
  es_test_mlpd_end_buffer (w);
  es_test_mlpd_begin_buffer (w, ES_TEST_MLPD_MAIN_THREAD, ES_TEST_MLPD_STARTUP_NS + 6000000);
  es_test_mlpd_sync_point (w, 6000);
  es_test_mlpd_sync_point (w, 7000);
  es_test_mlpd_thread_event (w, 8000, ES_MLPD_METADATA_END_UNLOAD, ES_TEST_MLPD_MAIN_THREAD, NULL);
  es_test_mlpd_end_buffer (w);
  document = follow_synthetic (w, 1, NULL);
  /* The throw, on the worker's row. */
  messages = es_document_get_messages (document, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpuint (messages[0].cap, ==, 1);
}

/* A method compiled in a buffer that comes after a throw in it was told:
 * the build restarts, and the message names the method, as the file's. */
static void
test_method_named_by_a_late_buffer (void)
{
  EsTestMlpdWriter *w = es_test_mlpd_writer_new (17);
  g_autoptr(EsDocument) document = NULL;
  const EsUserEvent *messages;
  guint n, n_restarts;
  GByteArray *a;

  es_test_mlpd_begin_buffer (w, ES_TEST_MLPD_MAIN_THREAD, ES_TEST_MLPD_STARTUP_NS);
  es_test_mlpd_thread_event (w, 0, ES_MLPD_METADATA_END_LOAD, ES_TEST_MLPD_MAIN_THREAD, NULL);
  es_test_mlpd_thread_event (w, 0, ES_MLPD_METADATA_NAME, ES_TEST_MLPD_MAIN_THREAD, "Main");
  a = es_test_mlpd_event (w, ES_MLPD_EXCEPTION, 0x80, 1000);
  es_test_mlpd_put_sleb (a, 16);
  es_test_mlpd_put_uleb (a, 1);
  es_test_mlpd_put_sleb (a, 0x40);                     /* thrown in base + 0x40 */
  es_test_mlpd_sync_point (w, 2000);
  es_test_mlpd_sync_point (w, 3000);
  es_test_mlpd_end_buffer (w);
  es_test_mlpd_begin_buffer (w, ES_TEST_MLPD_DUMPER_THREAD, ES_TEST_MLPD_STARTUP_NS + 400000);
  es_test_mlpd_thread_event (w, 400, ES_MLPD_METADATA_NAME, ES_TEST_MLPD_DUMPER_THREAD, "Profiler Helper");
  a = es_test_mlpd_event (w, ES_MLPD_METHOD, ES_MLPD_METHOD_JIT, 500);
  es_test_mlpd_put_sleb (a, 0x40);
  es_test_mlpd_put_sleb (a, 0x1234);
  es_test_mlpd_put_uleb (a, 99);
  es_test_mlpd_put_string (a, "Worker:Run ()");
  es_test_mlpd_end_buffer (w);
  es_test_mlpd_begin_buffer (w, ES_TEST_MLPD_MAIN_THREAD, ES_TEST_MLPD_STARTUP_NS + 4000000);
  es_test_mlpd_thread_event (w, 4000, ES_MLPD_METADATA_END_UNLOAD, ES_TEST_MLPD_MAIN_THREAD, NULL);
  es_test_mlpd_end_buffer (w);
  document = follow_synthetic (w, 1, &n_restarts);
  g_assert_cmpuint (n_restarts, ==, 1);
  messages = es_document_get_messages (document, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpstr (messages[0].text, ==, "Exception thrown in Worker:Run ()");
}

/* 16,385 threads: the last has no row, and is then named, as one of the
 * profiler's or not: hidden once, whichever way the log is read. */
static void
test_thread_past_the_rows_named_late (void)
{
  static const char *names[] = { "Profiler Late", "worker-16385" };
  const guint n = 16385;
  const guint64 base = 0x7f1000000000ull;

  /* Each row's records are mappings of their own: 16,385 rows' snapshots
   * pass the 12,200 segments valgrind's address space manager can hold,
   * and it stops. The plain and the AddressSanitizer runs check this. */
  if (g_getenv ("ES_TEST_UNDER_VALGRIND") != NULL)
    {
      g_test_skip ("more mappings than valgrind can hold; the plain and ASan runs check it");
      return;
    }

  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    {
      EsTestMlpdWriter *w = es_test_mlpd_writer_new (17);
      g_autoptr(EsDocument) document = NULL;

      es_test_mlpd_begin_buffer (w, ES_TEST_MLPD_MAIN_THREAD, ES_TEST_MLPD_STARTUP_NS);
      es_test_mlpd_thread_event (w, 0, ES_MLPD_METADATA_END_LOAD, ES_TEST_MLPD_MAIN_THREAD, NULL);
      es_test_mlpd_thread_event (w, 0, ES_MLPD_METADATA_NAME, ES_TEST_MLPD_MAIN_THREAD, "Main");
      es_test_mlpd_end_buffer (w);
      for (guint i = 1; i < n; i++)
        {
          es_test_mlpd_begin_buffer (w, base + i * 0x1000ull, ES_TEST_MLPD_STARTUP_NS + i * 1000ull);
          es_test_mlpd_thread_event (w, i, ES_MLPD_METADATA_END_LOAD, base + i * 0x1000ull, NULL);
          es_test_mlpd_end_buffer (w);
        }
      es_test_mlpd_begin_buffer (w, ES_TEST_MLPD_MAIN_THREAD, ES_TEST_MLPD_STARTUP_NS + 20000000);
      es_test_mlpd_sync_point (w, 20000);
      es_test_mlpd_sync_point (w, 21000);
      es_test_mlpd_thread_event (w, 23000, ES_MLPD_METADATA_NAME, base + (n - 1) * 0x1000ull, names[k]);
      es_test_mlpd_sync_point (w, 24000);
      es_test_mlpd_end_buffer (w);
      document = follow_synthetic (w, 1024, NULL);
      g_assert_cmpuint (es_document_get_n_caps (document), ==, 16384);
      g_assert_cmpuint (es_document_get_mono_summary (document)->n_hidden_threads, ==, 1);
    }
}

/* A log's bytes are decoded a whole buffer at a time: a header not all
 * there yet gives no builder, and a malformed buffer fails the build as
 * it fails the file, naming its offset. */
static void
test_header_and_malformed_buffer (void)
{
  g_autofree char *path = es_test_fixture_path ("mlpd/nogc.mlpd");
  g_autofree char *contents = NULL;
  g_autoptr(EsMlpdBuild) build = es_mlpd_build_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) starts = NULL;
  g_autofree char *where = NULL;
  gsize len, second;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  starts = list_buffers ((const guint8 *) contents, len);
  /* Too few bytes to tell a Mono log by, then too few for its header. */
  g_assert_true (es_mlpd_build_take (build, (const guint8 *) contents, 3, &error));
  g_assert_no_error (error);
  g_assert_true (es_mlpd_build_take (build, (const guint8 *) contents + 3, 17, &error));
  g_assert_no_error (error);
  g_assert_false (es_mlpd_build_has_header (build));
  g_assert_null (es_mlpd_build_update (build, FALSE));
  g_assert_cmpint (es_mlpd_build_get_cut (build), ==, 0);

  /* The second buffer's signature broken. */
  second = g_array_index (starts, gsize, 1);
  contents[second] = 'X';
  g_assert_true (es_mlpd_build_take (build, (const guint8 *) contents + 20, second - 20, &error));
  g_assert_true (es_mlpd_build_has_header (build));
  g_assert_cmpint (es_mlpd_build_get_cut (build), ==, -1);
  g_assert_false (es_mlpd_build_take (build, (const guint8 *) contents + second, 4, &error));
  g_assert_error (error, ES_MLPD_ERROR, ES_MLPD_ERROR_BAD_MAGIC);
  where = g_strdup_printf ("byte %" G_GSIZE_FORMAT ":", second);
  g_assert_true (g_str_has_prefix (error->message, where));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/mlpd-build/pieces-give-the-file-document", test_pieces_give_the_file_document);
  g_test_add_func ("/mlpd-build/shared-logs-never-restart", test_shared_logs_never_restart);
  g_test_add_func ("/mlpd-build/late-buffer-restarts", test_late_buffer_restarts);
  g_test_add_func ("/mlpd-build/shuffled-buffers-give-the-file-document", test_shuffled_buffers_give_the_file_document);
  g_test_add_func ("/mlpd-build/pause-before-the-first-row", test_pause_before_the_first_row);
  g_test_add_func ("/mlpd-build/thread-started-by-a-late-buffer", test_thread_started_by_a_late_buffer);
  g_test_add_func ("/mlpd-build/method-named-by-a-late-buffer", test_method_named_by_a_late_buffer);
  g_test_add_func ("/mlpd-build/thread-past-the-rows-named-late", test_thread_past_the_rows_named_late);
  g_test_add_func ("/mlpd-build/header-and-malformed-buffer", test_header_and_malformed_buffer);
  return g_test_run ();
}
