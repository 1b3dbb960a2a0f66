/* test-snapshots.c: a live log's builder, its snapshots and the records they share
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "es-cap-timeline-private.h"
#include "es-document-builder-private.h"
#include "es-document-prof.h"
#include "es-stats.h"
#include "es-test-log.h"
#include "es-vec.h"

/* A live log is built once, its events going into one builder as they
 * come; each update is a snapshot of it (es_document_builder_snapshot()),
 * which maps the builder's records from a shared file and goes on from the
 * indexes the builder keeps of what can only grow. These tests hold each
 * snapshot to what loading the same bytes, or finishing the same events
 * whole, gives. */

/* Everything a document of a log shows, beyond es_test_describe_document(),
 * as text: its cut, spans, marks, heap profile and time profile. */
static char *
describe_more (EsDocument *document)
{
  gint64 stop = -1;
  gboolean truncated = es_document_is_truncated (document, &stop);
  guint n_spans, n_messages, n_markers, n_heap, n_prof, n_closed = es_document_get_n_closed_at_end (document);
  g_autofree char *summary = es_test_describe_document (document);

  n_spans = es_document_get_n_spans (document);
  es_document_get_messages (document, &n_messages);
  es_document_get_markers (document, &n_markers);
  es_document_get_heap_samples (document, &n_heap);
  es_document_get_prof_samples (document, ES_PROF_SAMPLES, &n_prof);
  return g_strdup_printf ("%scut %d at %" G_GINT64_FORMAT ", closed at end %u, spans %u, messages %u, markers %u, "
                          "heap samples %u, profile samples %u\n",
                          summary, truncated, truncated ? stop : -1, n_closed, n_spans, n_messages, n_markers, n_heap,
                          n_prof);
}

/* A live log is built once: its events go into one builder as they come,
 * and each update is a snapshot of it, sharing the builder's records.
 * Fed in pieces of random size (so that the header and events are cut
 * anywhere), a snapshot taken after any piece shows what loading the bytes
 * so far from a file shows; the one before still shows what it showed
 * (the builder went on in the records they share); the last is the whole
 * log's. */
static void
test_snapshots_are_the_prefixes_loaded (gconstpointer data)
{
  const char *name = data;
  g_autofree char *path = es_test_fixture_path (name);
  g_autofree char *contents = NULL;
  g_autofree char *dir = g_dir_make_tmp ("es-snapshot-XXXXXX", NULL);
  g_autofree char *prefix_path = g_build_filename (dir, "prefix.eventlog", NULL);
  g_autoptr(GRand) rand = g_rand_new_with_seed (g_str_hash (name));
  g_autoptr(EsEventlogReader) reader = es_eventlog_reader_new ();
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new_for_snapshots ();
  g_autoptr(EsDocument) previous = NULL;
  g_autofree char *previous_described = NULL;
  gsize len, fed = 0;
  guint snapshots = 0;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  while (fed < len)
    {
      gsize piece = (gsize) g_rand_int_range (rand, 1, (gint32) MAX (len / 30, 2));
      EsEvent event;
      EsReadResult result;
      g_autoptr(GError) error = NULL;

      /* Not in MIN (): it would draw twice. */
      piece = MIN (piece, len - fed);
      es_eventlog_reader_feed (reader, (const guint8 *) contents + fed, piece);
      fed += piece;
      if (fed == len)
        es_eventlog_reader_finish (reader);
      while ((result = es_eventlog_reader_next (reader, &event, &error)) == ES_READ_EVENT)
        es_document_builder_add (builder, &event);
      g_assert_no_error (error);
      g_assert_true (result == ES_READ_NEED_MORE || result == ES_READ_END);

      /* A snapshot after some pieces, and after the last. */
      if (fed == len || g_rand_int_range (rand, 0, 3) == 0)
        {
          gint64 stop;
          gboolean cut = !es_eventlog_reader_saw_end_marker (reader);
          g_autoptr(EsDocument) snapshot = NULL;
          g_autofree char *got = NULL, *expected = NULL;
          g_autoptr(EsDocument) loaded = NULL;
          g_autoptr(GError) load_error = NULL;

          es_eventlog_reader_is_truncated (reader, &stop, NULL);
          snapshot = es_document_builder_snapshot (builder, cut, cut ? stop : -1);
          g_assert_true (g_file_set_contents (prefix_path, contents, (gssize) fed, NULL));
          loaded = es_document_load_file (prefix_path, NULL, NULL, NULL, &load_error);
          if (loaded == NULL)
            {
              /* Too little of the header to be a log yet. */
              g_assert_true (es_document_is_log_error (load_error));
              continue;
            }
          got = describe_more (snapshot);
          expected = describe_more (loaded);
          g_assert_cmpstr (got, ==, expected);
          if (previous != NULL)
            {
              g_autofree char *again = describe_more (previous);

              g_assert_cmpstr (again, ==, previous_described);
            }
          g_set_object (&previous, snapshot);
          g_free (previous_described);
          previous_described = g_steal_pointer (&got);
          snapshots++;
        }
    }
  g_test_message ("%s: %u snapshots compared", name, snapshots);
  g_assert_cmpuint (snapshots, >=, 2);
  g_unlink (prefix_path);
  g_rmdir (dir);
}

/* The times of @timeline's instants of @kind, as text. */
static char *
describe_wakeups (const EsCapTimeline *timeline)
{
  GString *out = g_string_new (NULL);
  guint n;
  const EsInstant *in = es_cap_timeline_get_instants (timeline, ES_INSTANT_THREAD_WOKEN, &n);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, "%" G_GUINT64_FORMAT "/%u ", es_cap_timeline_get_instant_time (timeline, ES_INSTANT_THREAD_WOKEN, i),
                            in[i].thread);
  return g_string_free (out, FALSE);
}

static EsCapTimeline *
sealed_copy (EsCapTimeline *timeline)
{
  EsCapTimeline *copy = _es_cap_timeline_copy (timeline);

  es_cap_timeline_seal_events (copy);
  return copy;
}

/* The caps' allocation, merged into one series (es_document_get_allocated()),
 * is merged by a live log's builder as far as no later sample can come
 * before, and by each snapshot from there. Every snapshot's series is
 * exactly that of the same events finished whole, with caps' samples
 * interleaving, several at one time, a cap whose first events come late,
 * before what was merged, and a sample out of its cap's order. */
static void
test_allocation_merged_as_snapshots_go (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new_for_snapshots ();
  g_autoptr(GArray) events = g_array_new (FALSE, FALSE, sizeof (EsEvent));
  guint64 t[4] = { 1000, 1000, 1000, 10 };
  guint64 bytes[4] = { 0 };
  guint snapshots = 0;

  for (guint round = 0; round < 30; round++)
    {
      g_autoptr(EsDocument) snapshot = NULL;
      g_autoptr(EsDocument) whole = NULL;
      const EsSample *got, *want;
      guint n_got, n_want;

      /* Cap 3 says nothing until round 12, then starts far back. */
      for (guint c = 0; c < 4; c++)
        for (guint i = 0, n = c == 3 && round < 12 ? 0 : g_rand_int_range (rand, 0, 6); i < n; i++)
          {
            EsEvent e = { 0 };

            e.cap = c;
            e.tag = ES_EVENT_HEAP_ALLOCATED;
            e.time = t[c] += g_rand_int_range (rand, 0, 3) * 10;
            e.u.heap.bytes = bytes[c] += g_rand_int_range (rand, 1, 1000);
            es_document_builder_add (builder, &e);
            g_array_append_val (events, e);
          }
      /* A sample without a cap goes to cap 0's series, here out of its
       * order. */
      if (round == 20)
        {
          EsEvent e = { .cap = ES_CAP_NONE, .tag = ES_EVENT_HEAP_ALLOCATED,
                        .time = MIN (MIN (t[0], t[1]), MIN (t[2], t[3])) - 5 };

          e.u.heap.bytes = 5;
          es_document_builder_add (builder, &e);
          g_array_append_val (events, e);
        }
      es_test_snapshot_and_whole (builder, events, &snapshot, &whole);
      got = es_series_get_samples (es_document_get_allocated (snapshot));
      n_got = es_series_get_length (es_document_get_allocated (snapshot));
      want = es_series_get_samples (es_document_get_allocated (whole));
      n_want = es_series_get_length (es_document_get_allocated (whole));
      g_assert_cmpuint (n_got, ==, n_want);
      g_assert_cmpmem (got, n_got * sizeof *got, want, n_want * sizeof *want);
      snapshots += n_got > 0;
    }
  g_assert_cmpuint (snapshots, >=, 20);
}

/* The GCs of a live log are put in start order and indexed by its builder
 * as far as no later GC can start before, and by each snapshot from
 * there. Every snapshot's GCs and their figures (the whole run's and an
 * interval's) are exactly those of the same events finished whole, with
 * caps leading GCs in turn, a GC under way at a snapshot, and a cap whose
 * first GCs come late, before what was indexed. */
static void
test_gcs_indexed_as_snapshots_go (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (9);
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new_for_snapshots ();
  g_autoptr(GArray) events = g_array_new (FALSE, FALSE, sizeof (EsEvent));
  guint64 t[3] = { 1000, 1000, 100 };
  gboolean in_gc[3] = { FALSE };
  guint snapshots = 0;
  g_autoptr(EsDocument) previous = NULL;
  g_autofree EsGc *previous_gcs = NULL;
  guint n_previous = 0;
  EsGenStats previous_gen[ES_STATS_MAX_GENERATIONS];
  guint64 previous_gc_elapsed = 0, previous_end = 0;

  for (guint round = 0; round < 40; round++)
    {
      g_autoptr(EsDocument) snapshot = NULL;
      g_autoptr(EsDocument) whole = NULL;
      g_auto(EsStats) got_stats = { 0 };
      g_auto(EsStats) want_stats = { 0 };
      const EsGc *got, *want;
      guint n_got, n_want;
      guint64 end;

      /* Cap 2 says nothing until round 30, then starts far back. */
      for (guint c = 0; c < 3; c++)
        for (guint i = 0, n = c == 2 && round < 30 ? 0 : g_rand_int_range (rand, 0, 1200); i < n; i++)
          {
            EsEvent e = { 0 };

            e.cap = c;
            e.time = t[c] += g_rand_int_range (rand, 1, 4) * 10;
            if (!in_gc[c])
              e.tag = ES_EVENT_GC_START;
            else if (g_rand_boolean (rand))
              {
                e.tag = ES_EVENT_GC_STATS_GHC;
                e.u.gc_stats.generation = g_rand_int_range (rand, 0, 2);
                e.u.gc_stats.copied = g_rand_int_range (rand, 0, 1000);
                e.u.gc_stats.par_n_threads = g_rand_int_range (rand, 1, 3);
              }
            else
              e.tag = ES_EVENT_GC_END;
            in_gc[c] = e.tag != ES_EVENT_GC_END;
            es_document_builder_add (builder, &e);
            g_array_append_val (events, e);
          }
      es_test_snapshot_and_whole (builder, events, &snapshot, &whole);
      got = es_document_get_gcs (snapshot, &n_got);
      want = es_document_get_gcs (whole, &n_want);
      g_assert_cmpuint (n_got, ==, n_want);
      g_assert_cmpmem (got, n_got * sizeof *got, want, n_want * sizeof *want);
      /* The snapshot before shares the builder's GCs: still as it was,
       * though the builder reordered and completed the rest since. */
      if (previous != NULL)
        {
          guint n;
          const EsGc *before = es_document_get_gcs (previous, &n);

          g_auto(EsStats) again = { 0 };

          g_assert_cmpmem (before, n * sizeof *before, previous_gcs, n_previous * sizeof *previous_gcs);
          /* And its index of them (prefix sums, per generation). */
          es_stats_compute (previous, previous_end / 3, previous_end / 2, &again);
          g_assert_cmpmem (again.gen, sizeof again.gen, previous_gen, sizeof previous_gen);
          g_assert_cmpuint (again.gc_elapsed, ==, previous_gc_elapsed);
        }
      g_clear_object (&previous);
      g_free (previous_gcs);
      previous = g_object_ref (snapshot);
      previous_gcs = g_memdup2 (got, n_got * sizeof *got);
      n_previous = n_got;
      end = es_document_get_end_time (whole);
      es_stats_compute (snapshot, 0, end, &got_stats);
      es_stats_compute (whole, 0, end, &want_stats);
      g_assert_cmpmem (got_stats.gen, sizeof got_stats.gen, want_stats.gen, sizeof want_stats.gen);
      g_assert_cmpuint (got_stats.gc_elapsed, ==, want_stats.gc_elapsed);
      g_assert_cmpuint (got_stats.copied, ==, want_stats.copied);
      es_stats_clear (&got_stats);
      es_stats_clear (&want_stats);
      es_stats_compute (snapshot, end / 3, end / 2, &got_stats);
      es_stats_compute (whole, end / 3, end / 2, &want_stats);
      g_assert_cmpmem (got_stats.gen, sizeof got_stats.gen, want_stats.gen, sizeof want_stats.gen);
      g_assert_cmpuint (got_stats.gc_elapsed, ==, want_stats.gc_elapsed);
      memcpy (previous_gen, got_stats.gen, sizeof previous_gen);
      previous_gc_elapsed = got_stats.gc_elapsed;
      previous_end = end;
      snapshots += n_got > 0;
    }
  g_assert_cmpuint (snapshots, >=, 30);
}

/* The heap's series (size, live data, blocks, memory returned) get their
 * samples from every cap, the caps' blocks interleaved: a live log's
 * builder adds them in time order as far as no sample to come can be
 * earlier, so that its series stay in order and are indexed once, not
 * sorted by every snapshot. Every snapshot's series are exactly those of
 * the same events finished whole, with samples at the same times, a cap
 * whose first events come late, and the previous snapshot unchanged. */
static void
test_heap_samples_ordered_as_snapshots_go (void)
{
  static const EsEventTag tags[] = { ES_EVENT_HEAP_SIZE, ES_EVENT_HEAP_LIVE, ES_EVENT_BLOCKS_SIZE };
  g_autoptr(GRand) rand = g_rand_new_with_seed (13);
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new_for_snapshots ();
  g_autoptr(GArray) events = g_array_new (FALSE, FALSE, sizeof (EsEvent));
  g_autoptr(EsDocument) previous = NULL;
  g_autofree EsSample *previous_samples = NULL;
  guint64 t[3] = { 1000, 1000, 10 };
  guint n_previous = 0, in_order = 0;

  for (guint round = 0; round < 40; round++)
    {
      g_autoptr(EsDocument) snapshot = NULL;
      g_autoptr(EsDocument) whole = NULL;

      /* Cap 2 says nothing until round 25, then starts far back. */
      for (guint c = 0; c < 3; c++)
        for (guint i = 0, n = c == 2 && round < 25 ? 0 : g_rand_int_range (rand, 0, 600); i < n; i++)
          {
            EsEvent e = { 0 };

            e.cap = c;
            e.tag = tags[g_rand_int_range (rand, 0, G_N_ELEMENTS (tags))];
            e.time = t[c] += g_rand_int_range (rand, 0, 3) * 10;
            e.u.heap.bytes = g_rand_int_range (rand, 1, 1 << 20);
            es_document_builder_add (builder, &e);
            g_array_append_val (events, e);
          }
      es_test_snapshot_and_whole (builder, events, &snapshot, &whole);
      in_order += es_series_is_in_order (builder->doc->heap_size) && es_series_get_length (builder->doc->heap_size) > 0;
      for (guint k = 0; k < 3; k++)
        {
          const EsSeries *got = k == 0 ? es_document_get_heap_size (snapshot)
                                : k == 1 ? es_document_get_heap_live (snapshot) : es_document_get_blocks_size (snapshot);
          const EsSeries *want = k == 0 ? es_document_get_heap_size (whole)
                                 : k == 1 ? es_document_get_heap_live (whole) : es_document_get_blocks_size (whole);

          g_assert_cmpuint (es_series_get_length (got), ==, es_series_get_length (want));
          g_assert_cmpmem (es_series_get_samples (got), es_series_get_length (got) * sizeof (EsSample),
                           es_series_get_samples (want), es_series_get_length (want) * sizeof (EsSample));
        }
      if (previous != NULL)
        {
          const EsSeries *before = es_document_get_heap_size (previous);

          g_assert_cmpmem (es_series_get_samples (before), es_series_get_length (before) * sizeof (EsSample),
                           previous_samples, n_previous * sizeof (EsSample));
        }
      g_clear_object (&previous);
      g_free (previous_samples);
      previous = g_object_ref (snapshot);
      n_previous = es_series_get_length (es_document_get_heap_size (snapshot));
      previous_samples = g_memdup2 (es_series_get_samples (es_document_get_heap_size (snapshot)),
                                    n_previous * sizeof (EsSample));
    }
  /* In order all along: the late cap's samples had the builder sort them
   * once, not every snapshot from then on. */
  g_assert_cmpuint (in_order, ==, 40);
}

/* A malformed log whose GC has a second GC_START before its GC_END: the
 * GC waits for its end unindexed (the builder completes it later), so a
 * snapshot keeps the end it had, and the next has the end that came. */
static void
test_gc_ended_late_in_a_malformed_log (void)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new_for_snapshots ();
  g_autoptr(GArray) events = g_array_new (FALSE, FALSE, sizeof (EsEvent));
  g_autoptr(EsDocument) first = NULL, first_whole = NULL, second = NULL, second_whole = NULL;
  guint64 t = 1000, end_in_first;
  guint n, odd;
  const EsGc *gcs, *want;

  /* Enough GCs for the builder's to be in its file. */
  for (guint i = 0; i < 3000; i++, t += 1000)
    {
      es_test_add_gc_event (builder, events, 0, t, ES_EVENT_GC_START);
      es_test_add_gc_event (builder, events, 0, t + 100, ES_EVENT_GC_STATS_GHC);
      es_test_add_gc_event (builder, events, 0, t + 200, ES_EVENT_GC_END);
      es_test_add_gc_event (builder, events, 1, t + 300, ES_EVENT_GC_GLOBAL_SYNC);
    }
  es_test_add_gc_event (builder, events, 0, t, ES_EVENT_GC_START);
  es_test_add_gc_event (builder, events, 0, t + 100, ES_EVENT_GC_STATS_GHC);
  odd = 3000;
  es_test_add_gc_event (builder, events, 0, t + 1000, ES_EVENT_GC_START);
  es_test_add_gc_event (builder, events, 1, t + 2000, ES_EVENT_GC_GLOBAL_SYNC);
  es_test_snapshot_and_whole (builder, events, &first, &first_whole);
  gcs = es_document_get_gcs (first, &n);
  want = es_document_get_gcs (first_whole, &n);
  g_assert_cmpmem (gcs, n * sizeof *gcs, want, n * sizeof *want);
  end_in_first = gcs[odd].end;

  es_test_add_gc_event (builder, events, 0, t + 5000, ES_EVENT_GC_END);
  es_test_add_gc_event (builder, events, 1, t + 6000, ES_EVENT_GC_GLOBAL_SYNC);
  es_test_snapshot_and_whole (builder, events, &second, &second_whole);
  gcs = es_document_get_gcs (second, &n);
  want = es_document_get_gcs (second_whole, &n);
  g_assert_cmpmem (gcs, n * sizeof *gcs, want, n * sizeof *want);
  g_assert_cmpuint (gcs[odd].end, ==, t + 5000);
  gcs = es_document_get_gcs (first, &n);
  g_assert_cmpuint (gcs[odd].end, ==, end_in_first);
}

/* A builder's late instant (posted at a past time) is put in its place
 * in the builder, once, when it belongs after everything its copies read;
 * one older than what a copy showed is sorted by each copy in its own
 * pages. Every copy is in order, and none changes after it is made. */
static void
test_late_instants_in_shared_records (void)
{
  g_autoptr(EsVecFile) file = es_vec_file_new ();
  EsCapTimeline *timeline = es_cap_timeline_new (0);
  EsCapTimeline *copies[3];
  char *described[3] = { NULL };
  const guint n = 20000;
  guint next = 0;

  _es_cap_timeline_use_file (timeline, file);
  for (; next < n; next++)
    _es_cap_timeline_push_instant (timeline, ES_INSTANT_THREAD_WOKEN, 1000 + 10 * (guint64) next, next, 0);
  copies[0] = sealed_copy (timeline);
  described[0] = describe_wakeups (copies[0]);

  /* Late, but after all the first copy has. */
  for (; next < 2 * n; next++)
    _es_cap_timeline_push_instant (timeline, ES_INSTANT_THREAD_WOKEN, 1000 + 10 * (guint64) next, next, 0);
  _es_cap_timeline_push_instant (timeline, ES_INSTANT_THREAD_WOKEN, 1000 + 10 * (guint64) (n + 5) + 5, 999999, 0);
  copies[1] = sealed_copy (timeline);
  described[1] = describe_wakeups (copies[1]);
  g_assert_cmpuint (timeline->instants_in_order[ES_INSTANT_THREAD_WOKEN], ==, 2 * n + 1);
  g_assert_nonnull (strstr (described[1], "201050/20005 201055/999999 201060/20006 "));

  /* Older than what the copies showed: each copy sorts its own. */
  _es_cap_timeline_push_instant (timeline, ES_INSTANT_THREAD_WOKEN, 1005, 888888, 0);
  copies[2] = sealed_copy (timeline);
  described[2] = describe_wakeups (copies[2]);
  g_assert_cmpuint (timeline->instants_in_order[ES_INSTANT_THREAD_WOKEN], ==, 2 * n + 1);
  g_assert_true (g_str_has_prefix (described[2], "1000/0 1005/888888 1010/1 "));

  for (guint c = 0; c < 3; c++)
    {
      g_autofree char *again = describe_wakeups (copies[c]);
      guint len;

      es_cap_timeline_get_instants (copies[c], ES_INSTANT_THREAD_WOKEN, &len);

      g_assert_cmpstr (again, ==, described[c]);
      g_free (described[c]);
      g_assert_cmpuint (len, ==, c == 0 ? n : 2 * n + c);
      for (guint i = 1; i < len; i++)
        g_assert_cmpuint (es_cap_timeline_get_instant_time (copies[c], ES_INSTANT_THREAD_WOKEN, i - 1), <=,
                          es_cap_timeline_get_instant_time (copies[c], ES_INSTANT_THREAD_WOKEN, i));
      es_cap_timeline_free (copies[c]);
    }
  es_cap_timeline_free (timeline);
}

/* An instant's time is its epoch's high bits and its own low 24: the
 * epochs follow instants 7 ms apart (a new one every two or three), late
 * ones put in their place (by the builder and by a copy), equal times in
 * the order they came, a jump past 2^32 ns and one past 2^48. Every time
 * read back, and every search for a time, is the brute force's over the
 * times pushed, sorted stably. */
typedef struct
{
  guint64 time;
  guint32 thread;
} Pushed;

static int
compare_pushed (gconstpointer a,
                gconstpointer b)
{
  guint64 x = ((const Pushed *) a)->time, y = ((const Pushed *) b)->time;

  return x < y ? -1 : x > y;
}

static void
check_instants (EsCapTimeline *copy,
                GArray        *pushed)
{
  g_autoptr(GArray) sorted = g_array_copy (pushed);
  const EsInstant *in;
  guint n;

  /* GLib's sort is stable: equal times keep the order they came in. */
  g_array_sort (sorted, compare_pushed);
  in = es_cap_timeline_get_instants (copy, ES_INSTANT_THREAD_WOKEN, &n);
  g_assert_cmpuint (n, ==, sorted->len);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpuint (es_cap_timeline_get_instant_time (copy, ES_INSTANT_THREAD_WOKEN, i), ==,
                        g_array_index (sorted, Pushed, i).time);
      g_assert_cmpuint (in[i].thread, ==, g_array_index (sorted, Pushed, i).thread);
    }
  for (guint i = 0; i < n; i++)
    {
      guint64 t = g_array_index (sorted, Pushed, i).time;
      guint64 probes[3] = { t - 1, t, t + 1 };

      for (guint p = 0; p < G_N_ELEMENTS (probes); p++)
        {
          guint expected = 0;

          while (expected < n && g_array_index (sorted, Pushed, expected).time < probes[p])
            expected++;
          g_assert_cmpuint (es_cap_timeline_instants_lower_bound (copy, ES_INSTANT_THREAD_WOKEN, 0, probes[p]), ==,
                            expected);
        }
    }
  g_assert_cmpuint (es_cap_timeline_count_instants (copy, ES_INSTANT_THREAD_WOKEN, 0, G_MAXUINT64), ==, n);
}

static void
test_instant_times_across_epochs (void)
{
  g_autoptr(EsVecFile) file = es_vec_file_new ();
  g_autoptr(GArray) pushed = g_array_new (FALSE, FALSE, sizeof (Pushed));
  EsCapTimeline *timeline = es_cap_timeline_new (0);
  const guint64 step = 7000000;
  guint64 t = 5;

  _es_cap_timeline_use_file (timeline, file);
  for (guint round = 0; round < 4; round++)
    {
      EsCapTimeline *copy;

      for (guint i = 0; i < 200; i++)
        {
          Pushed p = { t, (guint32) pushed->len };

          /* Every 17th late, into an earlier epoch (the first of a round
           * before what the last copy has, which each copy then sorts);
           * every 13th at the time of the one before. */
          if (i % 17 == 16)
            p.time = t - (i == 16 && round > 0 ? 25 : 5) * step - 3;
          else if (i % 13 == 12)
            p.time = g_array_index (pushed, Pushed, pushed->len - 1).time;
          else
            t += step;
          if (round == 2 && i == 100)
            t += G_GUINT64_CONSTANT (1) << 32;
          if (round == 3 && i == 150)
            t += G_GUINT64_CONSTANT (1) << 48;
          _es_cap_timeline_push_instant (timeline, ES_INSTANT_THREAD_WOKEN, p.time, p.thread, 0);
          g_array_append_val (pushed, p);
        }
      copy = sealed_copy (timeline);
      check_instants (copy, pushed);
      g_assert_cmpuint (copy->instant_epochs[ES_INSTANT_THREAD_WOKEN]->len, >, pushed->len / 3);
      es_cap_timeline_free (copy);
    }
  es_cap_timeline_free (timeline);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/document/builder/late-instants-in-shared-records", test_late_instants_in_shared_records);
  g_test_add_func ("/document/builder/instant-times-across-epochs", test_instant_times_across_epochs);
  g_test_add_func ("/document/builder/allocation-merged-as-snapshots-go", test_allocation_merged_as_snapshots_go);
  g_test_add_func ("/document/builder/gcs-indexed-as-snapshots-go", test_gcs_indexed_as_snapshots_go);
  g_test_add_func ("/document/builder/heap-samples-ordered-as-snapshots-go", test_heap_samples_ordered_as_snapshots_go);
  g_test_add_func ("/document/builder/gc-ended-late-in-a-malformed-log", test_gc_ended_late_in_a_malformed_log);
  {
    static const char *logs[] = { "hello.eventlog", "parfib-N2.eventlog", "heap-hT-N2.eventlog", "profiled-hc.eventlog",
                                  "profiled-long.eventlog", "alloc-A1m-N2.eventlog", "alloc-A64m-N2.eventlog" };

    for (guint i = 0; i < G_N_ELEMENTS (logs); i++)
      {
        g_autofree char *name = g_strdup_printf ("/document/builder/snapshots-are-the-prefixes-loaded/%s", logs[i]);

        g_test_add_data_func (name, logs[i], test_snapshots_are_the_prefixes_loaded);
      }
  }

  return g_test_run ();
}
