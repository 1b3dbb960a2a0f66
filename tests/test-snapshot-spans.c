/* test-snapshot-spans.c: a live log's user events, threads and spans, snapshot after snapshot
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-document-builder-private.h"
#include "es-span-lanes.h"
#include "es-test-log.h"

/* A span as a document shows it, with its place in the lanes. */
typedef struct
{
  EsSpan  span;
  guint   lane;
  guint   position;
  EsSpanLaneBlock block;
} SpanRow;

static void
assert_same_span_rows (GArray *got,
                       GArray *want)
{
  g_assert_cmpuint (got->len, ==, want->len);
  for (guint i = 0; i < got->len; i++)
    {
      const SpanRow *x = &g_array_index (got, SpanRow, i), *y = &g_array_index (want, SpanRow, i);

      g_assert_cmpuint (x->span.start, ==, y->span.start);
      g_assert_cmpuint (x->span.end, ==, y->span.end);
      g_assert_cmpstr (x->span.name, ==, y->span.name);
      g_assert_cmpuint (x->span.cap, ==, y->span.cap);
      g_assert_cmpuint (x->span.flags, ==, y->span.flags);
      g_assert_cmpuint (x->lane, ==, y->lane);
      g_assert_cmpuint (x->position, ==, y->position);
      g_assert_cmpuint (x->block.first_start, ==, y->block.first_start);
      g_assert_cmpuint (x->block.last_start, ==, y->block.last_start);
      g_assert_cmpuint (x->block.end, ==, y->block.end);
    }
}

/* @document's spans, and where each is in its lane; checks on the way
 * that a lane but the last holds no spans that overlap, and that its
 * spans are in order of start. */
static GArray *
copy_spans (EsDocument *document)
{
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (SpanRow));
  const EsSpanLane *lanes = es_span_lanes_get (document);
  guint n = es_document_get_n_spans (document), in_lanes = 0;

  g_array_set_size (rows, n);
  for (guint i = 0; i < n; i++)
    {
      g_array_index (rows, SpanRow, i).span = es_document_get_span (document, i);
      g_array_index (rows, SpanRow, i).lane = G_MAXUINT;
      if (i > 0)
        g_assert_cmpuint (g_array_index (rows, SpanRow, i - 1).span.start, <=, g_array_index (rows, SpanRow, i).span.start);
    }
  for (guint l = 0; l < ES_SPAN_LANES; l++)
    for (guint k = 0; k < lanes[l].n; k++)
      {
        guint i = es_span_lane_get_index (&lanes[l], k);
        SpanRow *row = &g_array_index (rows, SpanRow, i);
        guint first = k - k % ES_SPAN_BLOCK, last = MIN (first + ES_SPAN_BLOCK, lanes[l].n) - 1;
        guint64 block_end = 0;

        g_assert_cmpuint (i, <, n);
        g_assert_cmpuint (row->lane, ==, G_MAXUINT);
        row->lane = l;
        row->position = k;
        row->block = es_span_lane_get_block (&lanes[l], k / ES_SPAN_BLOCK);
        for (guint j = first; j <= last; j++)
          block_end = MAX (block_end, es_span_lane_get_span (&lanes[l], j).end);
        g_assert_cmpuint (row->block.end, ==, block_end);
        g_assert_cmpuint (row->block.first_start, ==, es_span_lane_get_span (&lanes[l], first).start);
        g_assert_cmpuint (row->block.last_start, ==, es_span_lane_get_span (&lanes[l], last).start);
        if (k > 0)
          {
            EsSpan before = es_span_lane_get_span (&lanes[l], k - 1);

            g_assert_cmpuint (before.start, <=, row->span.start);
            if (l + 1 < ES_SPAN_LANES)
              g_assert_cmpuint (before.end, <=, row->span.start);
          }
        in_lanes++;
      }
  g_assert_cmpuint (in_lanes, ==, n);
  return rows;
}

/* Both documents' spans are the same, in the same order and lanes. */
static void
assert_same_spans (EsDocument *got,
                   EsDocument *want)
{
  g_autoptr(GArray) a = copy_spans (got);
  g_autoptr(GArray) b = copy_spans (want);

  assert_same_span_rows (a, b);
}

/* Both documents' messages (or markers) are the same, in the same order. */
static void
assert_same_user_events (const EsUserEvent *got,
                         guint              n_got,
                         const EsUserEvent *want,
                         guint              n_want)
{
  g_assert_cmpuint (n_got, ==, n_want);
  for (guint i = 0; i < n_got; i++)
    {
      g_assert_cmpuint (got[i].time, ==, want[i].time);
      g_assert_cmpuint (got[i].cap, ==, want[i].cap);
      g_assert_cmpstr (got[i].text, ==, want[i].text);
    }
}

/* A live log's builder puts its messages, markers and span edges in time
 * order, and pairs the edges into spans, as far as no event to come can be
 * earlier, as it is copied; each snapshot goes on from there. Every
 * snapshot's messages, markers and spans are exactly those of the same
 * events finished whole, in the same order: with the caps' events at the
 * same times, spans nested and open across many snapshots, spans of
 * different names starting together and left open at the end, messages
 * from outside any cap, and a cap whose first events come late, before
 * what was put in order. */
static void
test_user_events_ordered_as_snapshots_go (void)
{
  static const char *texts[] = { "START outer", "START inner", "STOP inner", "STOP outer", "START other",
                                 "STOP other", "STOP never-started", "hello", "START open" };
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new_for_snapshots ();
  g_autoptr(GArray) events = g_array_new (FALSE, FALSE, sizeof (EsEvent));
  guint64 t[4] = { 1000, 1000, 1000, 50 };
  guint settled_spans = 0;
  g_autoptr(EsDocument) previous = NULL;
  g_autofree EsUserEvent *previous_messages = NULL, *previous_markers = NULL;
  g_autoptr(GArray) previous_spans = NULL;
  guint n_previous_messages = 0, n_previous_markers = 0;

  for (guint round = 0; round < 60; round++)
    {
      g_autoptr(EsDocument) snapshot = NULL;
      g_autoptr(EsDocument) whole = NULL;
      const EsUserEvent *got_events, *want_events;
      guint n_got, n_want;

      /* Cap 3 says nothing until round 30, then starts far back. */
      for (guint c = 0; c < 4; c++)
        for (guint i = 0, n = c == 3 && round < 30 ? 0 : g_rand_int_range (rand, 0, 60); i < n; i++)
          {
            EsEvent e = { 0 };
            guint k = g_rand_int_range (rand, 0, G_N_ELEMENTS (texts));

            e.cap = c == 2 && g_rand_boolean (rand) ? ES_CAP_NONE : c;
            e.time = t[c] += g_rand_int_range (rand, 0, 3) * 10;
            e.tag = g_rand_int_range (rand, 0, 5) == 0 ? ES_EVENT_USER_MARKER : ES_EVENT_USER_MSG;
            e.u.text.data = texts[k];
            e.u.text.len = strlen (texts[k]);
            es_document_builder_add (builder, &e);
            g_array_append_val (events, e);
          }
      es_test_snapshot_and_whole (builder, events, &snapshot, &whole);

      assert_same_spans (snapshot, whole);
      g_assert_cmpuint (es_document_get_n_closed_at_end (snapshot), ==, es_document_get_n_closed_at_end (whole));
      got_events = es_document_get_messages (snapshot, &n_got);
      want_events = es_document_get_messages (whole, &n_want);
      assert_same_user_events (got_events, n_got, want_events, n_want);
      got_events = es_document_get_markers (snapshot, &n_got);
      want_events = es_document_get_markers (whole, &n_want);
      assert_same_user_events (got_events, n_got, want_events, n_want);
      settled_spans = MAX (settled_spans, builder->doc->spans.len);

      /* The snapshot before maps the builder's messages and markers: still
       * as they were, though the builder ordered more of them since, and
       * all again when cap 3 came late. */
      if (previous != NULL)
        {
          g_autoptr(GArray) spans = copy_spans (previous);

          got_events = es_document_get_messages (previous, &n_got);
          assert_same_user_events (got_events, n_got, previous_messages, n_previous_messages);
          got_events = es_document_get_markers (previous, &n_got);
          assert_same_user_events (got_events, n_got, previous_markers, n_previous_markers);
          assert_same_span_rows (spans, previous_spans);
        }
      g_clear_object (&previous);
      g_free (previous_messages);
      g_free (previous_markers);
      g_clear_pointer (&previous_spans, g_array_unref);
      previous_spans = copy_spans (snapshot);
      previous = g_object_ref (snapshot);
      got_events = es_document_get_messages (snapshot, &n_previous_messages);
      previous_messages = g_memdup2 (got_events, n_previous_messages * sizeof *got_events);
      got_events = es_document_get_markers (snapshot, &n_previous_markers);
      previous_markers = g_memdup2 (got_events, n_previous_markers * sizeof *got_events);
    }
  /* The builder did pair and order spans itself, not only its copies. */
  g_assert_cmpuint (settled_spans, >, 20);
}

/* @document's threads, copied, their labels too. */
static GArray *
copy_threads (EsDocument *document)
{
  GArray *threads = g_array_new (FALSE, FALSE, sizeof (EsThread));

  for (guint i = 0; i < es_document_get_n_threads (document); i++)
    {
      EsThread thread = *es_document_get_thread (document, i);

      thread.label = g_intern_string (thread.label);
      g_array_append_val (threads, thread);
    }
  return threads;
}

/* @document's threads are @want (EsThread). */
static void
assert_same_threads (EsDocument *document,
                     GArray     *want)
{
  g_assert_cmpuint (es_document_get_n_threads (document), ==, want->len);
  for (guint i = 0; i < want->len; i++)
    {
      const EsThread *got = es_document_get_thread (document, i);
      const EsThread *thread = &g_array_index (want, EsThread, i);

      g_assert_cmpuint (got->id, ==, thread->id);
      g_assert_cmpuint (got->created_cap, ==, thread->created_cap);
      g_assert_cmpuint (got->created, ==, thread->created);
      g_assert_cmpuint (got->n_wakeups, ==, thread->n_wakeups);
      g_assert_cmpuint (got->n_migrations, ==, thread->n_migrations);
      g_assert_cmpstr (got->label, ==, thread->label);
    }
}

/* Every snapshot's threads' table is exactly that of the same events
 * finished whole, and stays as it was made while the builder goes on:
 * with threads numbered across caps in
 * the order they are created, each first named by a wakeup on another cap
 * in the round before it is created (so its row changes after a copy has
 * it), a cap whose first events come late with a thread numbered before
 * those before, labels given long after, and a hundred snapshots alive
 * at once. */
static void
test_threads_shared_as_snapshots_go (void)
{
  static const char *labels[] = { "worker", "main", "reaper" };
  g_autoptr(GRand) rand = g_rand_new_with_seed (23);
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new_for_snapshots ();
  g_autoptr(GArray) events = g_array_new (FALSE, FALSE, sizeof (EsEvent));
  g_autoptr(GPtrArray) snapshots = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) tables = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  guint64 t[4] = { 1000, 1000, 1000, 50 };
  guint32 next_id = 1, kept_back = 0;

  for (guint round = 0; round < 100; round++)
    {
      g_autoptr(EsDocument) snapshot = NULL;
      g_autoptr(EsDocument) whole = NULL;

      /* A number is kept for cap 3, silent until round 60, which then
       * starts far back. */
      if (round == 10)
        {
          /* Not the next: the round before named it already. */
          kept_back = next_id + 1;
          next_id += 2;
        }
      for (guint c = 0; c < 4; c++)
        for (guint i = 0, n = c == 3 && round < 60 ? 0 : g_rand_int_range (rand, 20, 80); i < n; i++)
          {
            EsEvent e = { 0 };

            e.cap = c;
            e.time = t[c] += g_rand_int_range (rand, 1, 4) * 10;
            e.tag = ES_EVENT_CREATE_THREAD;
            if (c == 3 && kept_back != 0)
              {
                e.u.thread.thread = kept_back;
                kept_back = 0;
              }
            else if (round == 80 && i == 0)
              {
                const char *label = labels[c % G_N_ELEMENTS (labels)];

                e.tag = ES_EVENT_THREAD_LABEL;
                e.u.thread_label.thread = 1 + c;
                e.u.thread_label.label = (EsBytes) { label, strlen (label) };
              }
            else if (i + 1 == n)
              {
                /* The next thread, named before it is created. */
                e.tag = ES_EVENT_THREAD_WAKEUP;
                e.u.thread.thread = next_id;
                e.u.thread.cap = (guint16) ((c + 1) % 3);
              }
            else
              e.u.thread.thread = next_id++;
            es_document_builder_add (builder, &e);
            g_array_append_val (events, e);
          }
      es_test_snapshot_and_whole (builder, events, &snapshot, &whole);
      g_ptr_array_add (tables, copy_threads (whole));
      assert_same_threads (snapshot, g_ptr_array_index (tables, round));
      g_ptr_array_add (snapshots, g_object_ref (snapshot));
    }
  /* Every snapshot's table is as it was made. */
  for (guint i = 0; i < snapshots->len; i++)
    assert_same_threads (g_ptr_array_index (snapshots, i), g_ptr_array_index (tables, i));
}

/* A thread event for @thread on cap 0 at @time. */
static void
add_thread_event (EsDocumentBuilder *builder,
                  EsEventTag         tag,
                  guint32            thread,
                  guint64            time)
{
  EsEvent e = { 0 };

  e.time = time;
  e.tag = tag;
  e.u.thread.thread = thread;
  e.u.thread.cap = 1;
  es_document_builder_add (builder, &e);
}

/* Snapshots share the threads that did not change since the last one
 * (es-thread-table.c), and only those: with 5000 threads, one woken and
 * one more created, the next snapshot has the same memory for the
 * threads far from both and its own for the two. */
static void
test_unchanged_threads_shared_by_snapshots (void)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new_for_snapshots ();
  g_autoptr(EsDocument) before = NULL;
  g_autoptr(EsDocument) after = NULL;
  g_autoptr(GArray) kept = NULL;
  const EsThread *woken_before;
  guint n;

  for (guint32 id = 1; id <= 5000; id++)
    add_thread_event (builder, ES_EVENT_CREATE_THREAD, id, 1000 + id);
  before = es_document_builder_snapshot (builder, TRUE, -1);
  kept = copy_threads (before);
  add_thread_event (builder, ES_EVENT_THREAD_WAKEUP, 5, 7000);
  add_thread_event (builder, ES_EVENT_CREATE_THREAD, 5001, 7001);
  after = es_document_builder_snapshot (builder, TRUE, -1);

  n = es_document_get_n_threads (before);
  g_assert_cmpuint (n, ==, 5000);
  g_assert_cmpuint (es_document_get_n_threads (after), ==, 5001);
  /* Thread 3000 is in neither's part of the table. */
  g_assert_true (es_document_get_thread (after, 2999) == es_document_get_thread (before, 2999));
  /* Thread 5 was woken: the snapshot before still has it as it was. */
  woken_before = es_document_lookup_thread (before, 5);
  g_assert_false (es_document_lookup_thread (after, 5) == woken_before);
  g_assert_cmpuint (es_document_lookup_thread (after, 5)->n_wakeups, ==, woken_before->n_wakeups + 1);
  g_assert_false (es_document_get_thread (after, 4999) == es_document_get_thread (before, 4999));
  g_assert_cmpuint (es_document_get_thread (after, 5000)->id, ==, 5001);
  assert_same_threads (before, kept);
}

/* Spans that stop long after they started, in chunks the builder shared
 * with snapshots since: the builder copies such a chunk before it ends the
 * span, so every snapshot keeps showing it running, and shares the chunks
 * the builder left alone. Each snapshot is what the same events finished
 * whole give, spans and lanes. */
static void
test_spans_stopped_late_leave_snapshots (void)
{
  static const char *long_names[] = { "START long a", "START long b", "START long c" };
  static const char *long_stops[] = { "STOP long a", "STOP long b", "STOP long c" };
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new_for_snapshots ();
  g_autoptr(GArray) events = g_array_new (FALSE, FALSE, sizeof (EsEvent));
  g_autoptr(GPtrArray) snapshots = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) shown = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  guint64 t = 1000;
  guint shared = 0;

  for (guint round = 0; round < 24; round++)
    {
      g_autoptr(EsDocument) whole = NULL;
      EsDocument *snapshot;

      for (guint i = 0; i < 600; i++)
        {
          EsEvent e = { 0 };
          const char *text = i % 2 == 0 ? "START short" : "STOP short";

          /* A long span starts in rounds 1, 2 and 3, each stops 15 rounds on. */
          if (i == 300 && round >= 1 && round <= 3)
            text = long_names[round - 1];
          else if (i == 301 && round >= 16 && round <= 18)
            text = long_stops[round - 16];
          e.time = t += 10;
          e.tag = ES_EVENT_USER_MSG;
          e.u.text.data = text;
          e.u.text.len = strlen (text);
          es_document_builder_add (builder, &e);
          g_array_append_val (events, e);
        }
      es_test_snapshot_and_whole (builder, events, &snapshot, &whole);
      assert_same_spans (snapshot, whole);
      if (snapshots->len > 0)
        {
          EsDocument *before = g_ptr_array_index (snapshots, snapshots->len - 1);

          shared += before->spans.chunks->pdata[0] == snapshot->spans.chunks->pdata[0];
        }
      g_ptr_array_add (snapshots, snapshot);
      g_ptr_array_add (shown, copy_spans (snapshot));
    }
  for (guint i = 0; i < snapshots->len; i++)
    {
      g_autoptr(GArray) now = copy_spans (g_ptr_array_index (snapshots, i));

      assert_same_span_rows (now, g_ptr_array_index (shown, i));
    }
  /* The first chunk is written as it fills (rounds 1-3) and when a long
   * span in it stops (rounds 16 and 17: the third is in the second). */
  g_assert_cmpuint (shared, >=, 18);
}

/* The document of the first @n of @events finished whole. */
static EsDocument *
whole_of (GArray *events,
          guint   n)
{
  g_autoptr(EsDocumentBuilder) again = es_document_builder_new ();

  for (guint i = 0; i < n; i++)
    es_document_builder_add (again, &g_array_index (events, EsEvent, i));
  return es_document_builder_finish (again, TRUE, -1);
}

/* A copy is finished on another thread while the builder goes on pairing
 * more spans (a span closing after one it encloses goes before it): the
 * copy, finished a round late, has exactly the spans of its events. */
static void
test_spans_kept_by_copies_finished_late (void)
{
  static const char *texts[] = { "START outer", "START inner", "STOP inner", "STOP outer" };
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new_for_snapshots ();
  g_autoptr(GArray) events = g_array_new (FALSE, FALSE, sizeof (EsEvent));
  EsDocumentBuilder *pending = NULL;
  guint n_pending = 0;
  guint64 t[2] = { 1000, 1000 };

  for (guint round = 0; round <= 40; round++)
    {
      EsDocumentBuilder *copy;

      for (guint c = 0; c < 2 && round < 40; c++)
        for (guint i = 0; i < 400; i++)
          {
            EsEvent e = { 0 };
            /* Nested, mostly: outer, inner, inner's stop, outer's stop. */
            const char *text = texts[(i + g_rand_int_range (rand, 0, 8) / 7) % G_N_ELEMENTS (texts)];

            e.cap = c;
            e.time = t[c] += g_rand_int_range (rand, 1, 4) * 10;
            e.tag = ES_EVENT_USER_MSG;
            e.u.text.data = text;
            e.u.text.len = strlen (text);
            es_document_builder_add (builder, &e);
            g_array_append_val (events, e);
          }
      copy = es_document_builder_copy (builder);
      if (pending != NULL)
        {
          g_autoptr(EsDocument) got = es_document_builder_finish (pending, TRUE, -1);
          g_autoptr(EsDocument) want = whole_of (events, n_pending);
          assert_same_spans (got, want);
          es_document_builder_free (pending);
        }
      pending = copy;
      n_pending = events->len;
    }
  es_document_builder_free (pending);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/document/builder/user-events-ordered-as-snapshots-go", test_user_events_ordered_as_snapshots_go);
  g_test_add_func ("/document/builder/threads-shared-as-snapshots-go", test_threads_shared_as_snapshots_go);
  g_test_add_func ("/document/builder/unchanged-threads-shared-by-snapshots", test_unchanged_threads_shared_by_snapshots);
  g_test_add_func ("/document/builder/spans-kept-by-copies-finished-late", test_spans_kept_by_copies_finished_late);
  g_test_add_func ("/document/builder/spans-stopped-late-leave-snapshots", test_spans_stopped_late_leave_snapshots);

  return g_test_run ();
}
