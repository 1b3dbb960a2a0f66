/* test-snapshots.c: a live log's builder, its snapshots and the records they share
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "es-cap-timeline-private.h"
#include "es-document-builder-private.h"
#include "es-document-private.h"
#include "es-document-prof.h"
#include "es-document.h"
#include "es-eventlog-reader.h"
#include "es-lod.h"
#include "es-span-lanes.h"
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
  es_document_get_prof_samples (document, &n_prof);
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

/* A vector keeps every element as it grows from the heap into a mapping of
 * its own, past 2 MB into huge pages (copied once), and on by mremap();
 * giving back its spare pages and growing again loses nothing. Twelve
 * bytes an element, so that no size is a power of two. */
typedef struct
{
  guint32 a, b, c;
} Triple;

/* Triples @from..@from + @n at the start of @vec. */
static void
check_triples_from (const EsVec *vec,
                    guint        from,
                    guint        n)
{
  g_assert_cmpuint (vec->len, ==, n);
  for (guint i = 0; i < n; i++)
    {
      const Triple *t = &ES_VEC_AT (vec, Triple, i);
      guint k = from + i;

      if (t->a != k || t->b != ~k || t->c != k * 7u)
        g_error ("element %u of %u from %u: %u %u %u", i, n, from, t->a, t->b, t->c);
    }
}

static void
check_triples (const EsVec *vec,
               guint        n)
{
  check_triples_from (vec, 0, n);
}

/* Appends triples @from..@to to @vec, as check_triples_from() reads them. */
static void
push_triples (EsVec *vec,
              guint  from,
              guint  to)
{
  for (guint i = from; i < to; i++)
    *ES_VEC_PUSH (vec, Triple) = (Triple) { i, ~i, i * 7u };
}

static void
test_vec_grows_through_every_kind_of_memory (void)
{
  EsVec vec = { 0 };
  const guint first = 1500000, more = 700000;       /* 18 MB, then 26 */

  push_triples (&vec, 0, first);
  check_triples (&vec, first);
#ifdef __linux__
  /* Mapped, and on a huge page's boundary. */
  g_assert_cmpuint (vec.mapped, >=, (gsize) first * sizeof (Triple));
  g_assert_cmpuint ((gsize) vec.data % (2u << 20), ==, 0);
#endif
  es_vec_release_spare (&vec, sizeof (Triple));
  check_triples (&vec, first);
  push_triples (&vec, first, first + more);
  check_triples (&vec, first + more);
  es_vec_clear (&vec, sizeof (Triple));
  g_assert_null (vec.data);
  g_assert_cmpuint (vec.len, ==, 0);
}

/* The times of @timeline's instants of @kind, as text. */
static char *
describe_wakeups (const EsCapTimeline *timeline)
{
  GString *out = g_string_new (NULL);
  guint n;
  const EsInstant *in = es_cap_timeline_get_instants (timeline, ES_INSTANT_THREAD_WOKEN, &n);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, "%" G_GUINT64_FORMAT "/%u ", es_instant_time (&in[i]), in[i].thread);
  return g_string_free (out, FALSE);
}

static EsCapTimeline *
sealed_copy (EsCapTimeline *timeline)
{
  EsCapTimeline *copy = _es_cap_timeline_copy (timeline);

  es_cap_timeline_seal_events (copy);
  return copy;
}

/* A snapshot of @builder, and the document of the same @events (EsEvent,
 * all it was given) finished whole, to compare. */
static void
snapshot_and_whole (EsDocumentBuilder  *builder,
                    GArray             *events,
                    EsDocument        **snapshot,
                    EsDocument        **whole)
{
  g_autoptr(EsDocumentBuilder) again = es_document_builder_new ();

  *snapshot = es_document_builder_snapshot (builder, TRUE, -1);
  for (guint i = 0; i < events->len; i++)
    es_document_builder_add (again, &g_array_index (events, EsEvent, i));
  *whole = es_document_builder_finish (again, TRUE, -1);
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
      snapshot_and_whole (builder, events, &snapshot, &whole);
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
      snapshot_and_whole (builder, events, &snapshot, &whole);
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
      snapshot_and_whole (builder, events, &snapshot, &whole);
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
      snapshot_and_whole (builder, events, &snapshot, &whole);

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
      snapshot_and_whole (builder, events, &snapshot, &whole);
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
      snapshot_and_whole (builder, events, &snapshot, &whole);
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

/* The whole run's and one interval's figures of two documents are the same. */
static void
assert_same_figures (EsDocument *got,
                     EsDocument *want,
                     guint64     t0,
                     guint64     t1)
{
  g_auto(EsStats) a = { 0 };
  g_auto(EsStats) b = { 0 };

  es_stats_compute (got, t0, t1, &a);
  es_stats_compute (want, t0, t1, &b);
  g_assert_cmpuint (a.n_caps, ==, b.n_caps);
  for (guint c = 0; c < a.n_caps; c++)
    {
      g_assert_cmpuint (a.caps[c].running, ==, b.caps[c].running);
      g_assert_cmpuint (a.caps[c].gc, ==, b.caps[c].gc);
      g_assert_cmpuint (a.caps[c].idle, ==, b.caps[c].idle);
    }
  g_assert_cmpuint (a.gc_elapsed, ==, b.gc_elapsed);
  g_assert_cmpuint (a.mut_elapsed, ==, b.mut_elapsed);
  g_assert_cmpmem (a.gen, sizeof a.gen, b.gen, sizeof b.gen);
}

/* A live log followed for hours lets go of its oldest detail past a limit
 * on its memory (es_document_builder_let_go_before()). The snapshots made
 * after have their detail from there on, the same records as the whole
 * log's, and the figures of the whole run and of any interval after it
 * exactly as the whole log's; a snapshot made before still reads all it
 * had, and the memory is given back once it is gone. */
static void
test_oldest_detail_let_go (void)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new_for_snapshots ();
  g_autoptr(GArray) events = g_array_new (FALSE, FALSE, sizeof (EsEvent));
  g_autoptr(EsDocument) before = NULL, before_whole = NULL, after = NULL, whole = NULL;
  g_autofree char *described_before = NULL;
  guint64 held, releasing, held_after, middle, end;
  const guint n_runs = 30000;

  if (builder->records == NULL)
    {
      g_test_skip ("this system has no memfd: records are copied, and nothing is let go of");
      return;
    }
  /* Two caps running threads, a GC every 100 runs, a wake-up each run.
   * (A log without GC_STATS, from before GHC 7.6, has its GCs made from
   * the caps' GC phases: from the detail kept.) */
  for (guint i = 0; i < n_runs; i++)
    for (guint c = 0; c < 2; c++)
      {
        guint64 t = 1000 + (guint64) i * 1000 + c * 10;
        EsEvent e = { 0 };

        e.cap = c;
        e.time = t;
        e.tag = ES_EVENT_RUN_THREAD;
        e.u.thread.thread = 1 + (i + c) % 7;
        es_document_builder_add (builder, &e);
        g_array_append_val (events, e);
        e.time = t + 100;
        e.tag = ES_EVENT_THREAD_WAKEUP;
        e.u.thread.thread = 1 + (i + c + 1) % 7;
        e.u.thread.cap = c;
        es_document_builder_add (builder, &e);
        g_array_append_val (events, e);
        e.time = t + 600 + i % 50;
        e.tag = ES_EVENT_STOP_THREAD;
        e.u.stop.thread = 1 + (i + c) % 7;
        e.u.stop.status = ES_STOP_THREAD_YIELDING;
        es_document_builder_add (builder, &e);
        g_array_append_val (events, e);
        if (i % 100 == 99)
          {
            e.time = t + 700;
            e.tag = ES_EVENT_GC_START;
            es_document_builder_add (builder, &e);
            g_array_append_val (events, e);
            e.time = t + 800;
            e.tag = ES_EVENT_GC_STATS_GHC;
            e.u.gc_stats.generation = i % 300 == 299;
            e.u.gc_stats.copied = i;
            es_document_builder_add (builder, &e);
            g_array_append_val (events, e);
            e.time = t + 900;
            e.tag = ES_EVENT_GC_END;
            es_document_builder_add (builder, &e);
            g_array_append_val (events, e);
          }
      }

  snapshot_and_whole (builder, events, &before, &before_whole);
  described_before = es_test_describe_document (before);
  end = es_document_get_end_time (before_whole);
  middle = end / 2;
  held = es_vec_file_get_bytes (builder->records, &releasing);
  g_assert_cmpuint (releasing, ==, 0);

  g_assert_true (es_document_builder_let_go_before (builder, middle));
  /* Again: nothing more to let go of. */
  g_assert_false (es_document_builder_let_go_before (builder, middle + 1));
  snapshot_and_whole (builder, events, &after, &whole);
  g_assert_cmpuint (es_document_get_detail_start (before), ==, es_document_get_start_time (before));
  /* From the latest a cap kept its detail from: at or before the middle. */
  g_assert_cmpuint (es_document_get_detail_start (after), >, es_document_get_start_time (after));
  g_assert_cmpuint (es_document_get_detail_start (after), <=, middle);

  for (guint c = 0; c < 2; c++)
    {
      const EsCapTimeline *tl = es_document_get_cap (after, c);
      guint n, n_whole, let_go = es_cap_timeline_get_n_let_go (tl);
      const EsActivity *a = es_cap_timeline_get_activities (tl, &n);
      const EsActivity *w = es_cap_timeline_get_activities (es_document_get_cap (whole, c), &n_whole);
      const EsInstant *in, *in_whole;
      guint n_in, n_in_whole;

      /* Whole pages of it, up to the middle. */
      g_assert_cmpuint (let_go, >=, 4096);
      g_assert_cmpuint (let_go % 4096, ==, 0);
      g_assert_cmpuint (a[0].start, <=, es_document_get_detail_start (after));
      g_assert_cmpuint (n + let_go, ==, n_whole);
      g_assert_cmpmem (a, n * sizeof *a, w + let_go, n * sizeof *a);
      g_assert_cmpuint (es_cap_timeline_find_activity (tl, middle) + let_go, ==,
                        es_cap_timeline_find_activity (es_document_get_cap (whole, c), middle));

      in = es_cap_timeline_get_instants (tl, ES_INSTANT_THREAD_WOKEN, &n_in);
      in_whole = es_cap_timeline_get_instants (es_document_get_cap (whole, c), ES_INSTANT_THREAD_WOKEN, &n_in_whole);
      g_assert_cmpuint (n_in, <, n_in_whole);
      g_assert_cmpuint (es_instant_time (&in[0]), <=, es_document_get_detail_start (after));
      g_assert_cmpmem (in, n_in * sizeof *in, in_whole + (n_in_whole - n_in), n_in * sizeof *in);
    }
  /* Just after the first activity kept, a walk from a fresh cursor (as a
   * frame's columns go) gives the totals a search gives: everything let go
   * of is before it. And a frame across it has no more than all the cap. */
  for (guint c = 0; c < 2; c++)
    {
      const EsCapTimeline *tl = es_document_get_cap (after, c);
      guint n;
      const EsActivity *a = es_cap_timeline_get_activities (tl, &n);
      EsActivityColumn columns[20];

      for (guint i = 0; i < 10; i++)
        {
          guint64 t = a[i].start + 50, want[ES_N_ACTIVITY_KINDS], got[ES_N_ACTIVITY_KINDS];
          EsCapCursor cursor = { 0 };

          es_cap_timeline_cumulative (tl, t, 0, want);
          es_cap_timeline_cumulative_walk (tl, &cursor, t, got);
          g_assert_cmpmem (got, sizeof got, want, sizeof want);
        }
      es_lod_activity (after, c, a[0].start - 10000, a[0].start + 10000, G_N_ELEMENTS (columns), columns);
      for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
        {
          g_assert_cmpfloat (columns[i].running, >=, 0);
          g_assert_cmpfloat (columns[i].running, <=, 1.0001);
        }
    }

  /* The whole run's figures, and those of an interval after the middle,
   * are exact; the GCs are all there. */
  assert_same_figures (after, whole, es_document_get_start_time (whole), end);
  assert_same_figures (after, whole, middle + 12345, end - 54321);
  assert_same_figures (after, whole, middle + 12345, end);

  /* The snapshot from before still has everything, as it was. */
  {
    g_autofree char *again = es_test_describe_document (before);

    g_assert_cmpstr (again, ==, described_before);
    assert_same_figures (before, before_whole, 0, end);
    assert_same_figures (before, before_whole, end / 5, end / 3);
  }
  /* Its memory is given back once it is gone, not before. Let go of on the
   * thread that runs the main loop, as the window does, its records are
   * freed on another thread, soon after. */
  g_assert_cmpuint (es_vec_file_get_bytes (builder->records, &releasing), ==, held);
  g_assert_cmpuint (releasing, >, 0);
  g_assert_true (g_main_context_acquire (NULL));
  g_clear_object (&before);
  for (gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;; g_usleep (1000))
    {
      held_after = es_vec_file_get_bytes (builder->records, &releasing);
      if (releasing == 0 || g_get_monotonic_time () > deadline)
        break;
    }
  g_main_context_release (NULL);
  g_assert_cmpuint (releasing, ==, 0);
  /* Measured again: the first measure may be from before the last hole. */
  held_after = es_vec_file_get_bytes (builder->records, &releasing);
  g_assert_cmpuint (held_after, <, held - held / 4);
  assert_same_figures (after, whole, es_document_get_start_time (whole), end);
}

/* A live log's builder kept within a limit (es_document_builder_keep_within())
 * at every update: its detail stays under the limit, the detail start only
 * moves when some was let go of, and the whole run's figures stay exact. A
 * log without GC_STATS, whose GCs are made from the detail, keeps it all. */
static void
test_detail_kept_within_a_limit (void)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new_for_snapshots ();
  g_autoptr(EsDocumentBuilder) no_stats = es_document_builder_new_for_snapshots ();
  g_autoptr(GArray) events = g_array_new (FALSE, FALSE, sizeof (EsEvent));
  const guint64 limit = 1 << 20;
  guint64 detail_from = 0, t = 1000;
  guint let_go = 0;

  if (builder->records == NULL)
    {
      g_test_skip ("this system has no memfd: records are copied, and nothing is let go of");
      return;
    }
  for (guint update = 0; update < 16; update++)
    {
      g_autoptr(EsDocument) snapshot = NULL, whole = NULL;
      guint64 detail = 0, start;

      for (guint i = 0; i < 3000; i++, t += 1000)
        for (guint c = 0; c < 4; c++)
          {
            EsEvent e = { 0 };

            e.cap = c;
            e.time = t + c;
            e.tag = ES_EVENT_RUN_THREAD;
            e.u.thread.thread = 1 + c;
            es_document_builder_add (builder, &e);
            es_document_builder_add (no_stats, &e);
            g_array_append_val (events, e);
            e.time = t + 500 + c;
            e.tag = ES_EVENT_STOP_THREAD;
            e.u.stop.thread = 1 + c;
            e.u.stop.status = ES_STOP_HEAP_OVERFLOW;
            es_document_builder_add (builder, &e);
            es_document_builder_add (no_stats, &e);
            g_array_append_val (events, e);
            if (c == 0 && i % 20 == 0)
              {
                e.time = t + 600;
                e.tag = ES_EVENT_GC_STATS_GHC;
                es_document_builder_add (builder, &e);
                g_array_append_val (events, e);
              }
          }
      if (es_document_builder_keep_within (builder, limit))
        let_go++;
      g_assert_false (es_document_builder_keep_within (no_stats, limit));
      snapshot_and_whole (builder, events, &snapshot, &whole);
      for (guint c = 0; c < 4; c++)
        detail += _es_cap_timeline_get_detail_bytes (((CapState *) g_ptr_array_index (builder->caps, c))->timeline);
      g_assert_cmpuint (detail, <=, limit);
      start = es_document_get_detail_start (snapshot);
      g_assert_cmpuint (start, >=, detail_from);
      detail_from = start;
      assert_same_figures (snapshot, whole, 0, es_document_get_end_time (whole));
    }
  g_assert_cmpuint (let_go, >=, 3);
  g_assert_cmpuint (detail_from, >, t / 2);
}

static void
add_gc_event (EsDocumentBuilder *builder,
              GArray            *events,
              guint              cap,
              guint64            time,
              EsEventTag         tag)
{
  EsEvent e = { 0 };

  e.cap = cap;
  e.time = time;
  e.tag = tag;
  if (tag == ES_EVENT_GC_STATS_GHC)
    e.u.gc_stats.copied = 1;
  es_document_builder_add (builder, &e);
  g_array_append_val (events, e);
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
      add_gc_event (builder, events, 0, t, ES_EVENT_GC_START);
      add_gc_event (builder, events, 0, t + 100, ES_EVENT_GC_STATS_GHC);
      add_gc_event (builder, events, 0, t + 200, ES_EVENT_GC_END);
      add_gc_event (builder, events, 1, t + 300, ES_EVENT_GC_GLOBAL_SYNC);
    }
  add_gc_event (builder, events, 0, t, ES_EVENT_GC_START);
  add_gc_event (builder, events, 0, t + 100, ES_EVENT_GC_STATS_GHC);
  odd = 3000;
  add_gc_event (builder, events, 0, t + 1000, ES_EVENT_GC_START);
  add_gc_event (builder, events, 1, t + 2000, ES_EVENT_GC_GLOBAL_SYNC);
  snapshot_and_whole (builder, events, &first, &first_whole);
  gcs = es_document_get_gcs (first, &n);
  want = es_document_get_gcs (first_whole, &n);
  g_assert_cmpmem (gcs, n * sizeof *gcs, want, n * sizeof *want);
  end_in_first = gcs[odd].end;

  add_gc_event (builder, events, 0, t + 5000, ES_EVENT_GC_END);
  add_gc_event (builder, events, 1, t + 6000, ES_EVENT_GC_GLOBAL_SYNC);
  snapshot_and_whole (builder, events, &second, &second_whole);
  gcs = es_document_get_gcs (second, &n);
  want = es_document_get_gcs (second_whole, &n);
  g_assert_cmpmem (gcs, n * sizeof *gcs, want, n * sizeof *want);
  g_assert_cmpuint (gcs[odd].end, ==, t + 5000);
  gcs = es_document_get_gcs (first, &n);
  g_assert_cmpuint (gcs[odd].end, ==, end_in_first);
}

/* Letting go of a cap's instants stops at whole pages; when those before
 * the time asked fill whole pages exactly, the detail still starts at or
 * before that time, and all instants before it may be let go of. */
static void
test_detail_start_with_instants_in_whole_pages (void)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new_for_snapshots ();
  g_autoptr(GArray) events = g_array_new (FALSE, FALSE, sizeof (EsEvent));
  g_autoptr(EsDocument) snapshot = NULL, whole = NULL;
  const guint64 middle = 15000000;
  guint n_marks = 8192;

  if (builder->records == NULL)
    {
      g_test_skip ("this system has no memfd: nothing is let go of");
      return;
    }
  /* GC requests (marks) all before the middle, in whole pages; runs on
   * either side so that there is a log to let go of, and one at the end. */
  for (guint i = 0; i < n_marks; i++)
    add_gc_event (builder, events, 0, 1000 + (guint64) i * 100, ES_EVENT_REQUEST_SEQ_GC);
  add_gc_event (builder, events, 0, 2 * middle, ES_EVENT_GC_STATS_GHC);
  /* Copies check the order of what came since (as updates do). */
  g_object_unref (es_document_builder_snapshot (builder, TRUE, -1));
  g_assert_true (es_document_builder_let_go_before (builder, middle));
  snapshot_and_whole (builder, events, &snapshot, &whole);
  g_assert_cmpuint (es_document_get_detail_start (snapshot), <=, middle);
  g_assert_cmpuint (es_document_get_detail_start (snapshot), >, es_document_get_start_time (snapshot));
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
      const EsInstant *in = es_cap_timeline_get_instants (copies[c], ES_INSTANT_THREAD_WOKEN, &len);

      g_assert_cmpstr (again, ==, described[c]);
      g_free (described[c]);
      g_assert_cmpuint (len, ==, c == 0 ? n : 2 * n + c);
      for (guint i = 1; i < len; i++)
        g_assert_cmpuint (es_instant_time (&in[i - 1]), <=, es_instant_time (&in[i]));
      es_cap_timeline_free (copies[c]);
    }
  es_cap_timeline_free (timeline);
}

/* A builder that must change what its copies map (reorder, complete or
 * index again records they have) either makes the copy's pages its own
 * first (es_vec_own()), or moves to a new region of the file
 * (es_vec_leave_region()): either way the copy reads what it had. */
static void
test_vec_copies_keep_what_they_had (void)
{
  g_autoptr(EsVecFile) file = es_vec_file_new ();
  EsVec vec = { 0 }, owned = { 0 }, left = { 0 };
  EsVecFilePin *pin;
  const guint n = 100000;

  if (file == NULL)
    {
      g_test_skip ("this system has no memfd: copies are copies");
      return;
    }
  es_vec_use_file (&vec, file);
  push_triples (&vec, 0, n);

  /* Its last half its own: the builder rewrites that half. */
  es_vec_copy (&owned, &vec, sizeof (Triple));
  es_vec_own (&owned, n / 2, sizeof (Triple));
  for (guint i = n / 2; i < n; i++)
    ES_VEC_AT (&vec, Triple, i).c = 0;
  check_triples (&owned, n);
  /* (What it did not make its own, it shares: the builder never writes it.) */
  ES_VEC_AT (&vec, Triple, 5).c = 1;
  g_assert_cmpuint (ES_VEC_AT (&owned, Triple, 5).c, ==, 1);
  ES_VEC_AT (&vec, Triple, 5).c = 35;

  /* The builder leaves the region, keeping its elements, and rewrites
   * them all: the copy from before (pinned, as a snapshot's document
   * pins its records) reads the old region. */
  for (guint i = n / 2; i < n; i++)
    ES_VEC_AT (&vec, Triple, i).c = i * 7u;
  es_vec_copy (&left, &vec, sizeof (Triple));
  pin = es_vec_file_pin (file);
  es_vec_leave_region (&vec, sizeof (Triple), TRUE);
  check_triples (&vec, n);
  for (guint i = 0; i < n; i++)
    ES_VEC_AT (&vec, Triple, i) = (Triple) { 0, 0, 0 };
  check_triples (&left, n);
  /* Or empty. */
  es_vec_leave_region (&vec, sizeof (Triple), FALSE);
  g_assert_cmpuint (vec.len, ==, 0);
  g_assert_true (vec.file == file);
  for (guint i = 0; i < n; i++)
    *ES_VEC_PUSH (&vec, Triple) = (Triple) { 1, 1, 1 };
  check_triples (&left, n);
  check_triples (&owned, n);

  es_vec_clear (&vec, sizeof (Triple));
  es_vec_clear (&owned, sizeof (Triple));
  es_vec_clear (&left, sizeof (Triple));
  es_vec_file_unpin (pin);
}

/* A vector that skips its first elements (es_vec_skip()) starts later in
 * the same memory, wherever it is: what it keeps reads the same, it grows
 * on however few it kept, copies made after map what it kept, and one made
 * before reads everything until it is gone and the pages are given back. */
static void
test_vec_skips_its_first_elements (void)
{
  g_autoptr(EsVecFile) file = es_vec_file_new ();
  EsVec in_file = { 0 }, in_heap = { 0 }, before = { 0 }, after = { 0 };
  EsVecFilePin *pin;
  const guint n = 1u << 18, skip = n - 4, more = 100000;
  guint64 held, releasing;

  push_triples (&in_heap, 0, 100);
  es_vec_skip (&in_heap, 60, sizeof (Triple));
  check_triples_from (&in_heap, 60, 40);
  es_vec_clear (&in_heap, sizeof (Triple));

  if (file == NULL)
    {
      g_test_skip ("this system has no memfd: nothing is shared to skip");
      return;
    }
  es_vec_use_file (&in_file, file);
  push_triples (&in_file, 0, n);
  es_vec_copy (&before, &in_file, sizeof (Triple));
  pin = es_vec_file_pin (file);

  es_vec_skip (&in_file, skip, sizeof (Triple));
  check_triples_from (&in_file, skip, n - skip);
  {
    EsVec *skipped = &in_file;

    es_vec_file_release_skipped (file, &skipped, 1);
  }
  held = es_vec_file_get_bytes (file, &releasing);
  g_assert_cmpuint (releasing, >, skip * sizeof (Triple) - 8192);
  g_assert_cmpuint (held, >=, n * sizeof (Triple));
  /* Four kept, its capacity full: it grows where it is. */
  g_assert_cmpuint (in_file.capacity, ==, in_file.len);
  push_triples (&in_file, n, n + more);
  check_triples_from (&in_file, skip, n + more - skip);

  es_vec_copy (&after, &in_file, sizeof (Triple));
  check_triples_from (&after, skip, n + more - skip);
  push_triples (&after, n + more, n + more + 1000);
  check_triples_from (&after, skip, n + more + 1000 - skip);
  check_triples (&before, n);

  /* The copy from before goes: what was skipped is given back. */
  held = es_vec_file_get_bytes (file, NULL);
  es_vec_clear (&before, sizeof (Triple));
  es_vec_file_unpin (pin);
  g_assert_cmpuint (es_vec_file_get_bytes (file, &releasing), <, held - skip * sizeof (Triple) + 8192);
  g_assert_cmpuint (releasing, ==, 0);
  check_triples_from (&in_file, skip, n + more - skip);
  check_triples_from (&after, skip, n + more + 1000 - skip);
  es_vec_clear (&after, sizeof (Triple));

  /* Skipping more while a copy is alive: what is then said to be held,
   * less what is to be given back, is what is held once it is. */
  {
    EsVec *skipping = &in_file;
    guint64 releasing_later;

    es_vec_copy (&before, &in_file, sizeof (Triple));
    pin = es_vec_file_pin (file);
    es_vec_skip (&in_file, more / 2, sizeof (Triple));
    es_vec_file_release_skipped (file, &skipping, 1);
    held = es_vec_file_get_bytes (file, &releasing_later);
    g_assert_cmpuint (releasing_later, >, 0);
    g_assert_cmpuint (releasing_later, <=, (more / 2) * sizeof (Triple) + 4096);
    /* A copy made now maps none of what was skipped (so that neither a
     * read nor a copy of its pages brings them back), but the rest of
     * their page. */
    es_vec_copy (&after, &in_file, sizeof (Triple));
    g_assert_cmpuint (after.skipped, <, 4096);
    check_triples_from (&after, n - 4 + more / 2, 4 + more / 2);
    g_assert_cmpuint (es_vec_file_get_bytes (file, NULL), ==, held);
    es_vec_clear (&before, sizeof (Triple));
    es_vec_file_unpin (pin);
    g_assert_cmpuint (es_vec_file_get_bytes (file, &releasing), ==, held - releasing_later);
    g_assert_cmpuint (releasing, ==, 0);
    check_triples_from (&in_file, n - 4 + more / 2, 4 + more / 2);
    es_vec_clear (&after, sizeof (Triple));
  }
  es_vec_clear (&in_file, sizeof (Triple));
}

/* A copy of a vector that lives in a records file maps the same memory
 * (Linux): what the builder appends past the copy's length costs it
 * nothing, and what the copy writes stays its own. */
static void
test_vec_copies_share_a_file (void)
{
  g_autoptr(EsVecFile) file = es_vec_file_new ();
  EsVec vec = { 0 }, copy = { 0 };
  const guint first = 300000, more = 500000;

  if (file == NULL)
    {
      /* Snapshots then copy, as test_snapshots_are_the_prefixes_loaded() checks. */
      g_test_skip ("this system has no memfd, or limits file sizes: records are copied");
      return;
    }
  es_vec_use_file (&vec, file);
  push_triples (&vec, 0, first);
  es_vec_copy (&copy, &vec, sizeof (Triple));
  check_triples (&copy, first);
  g_assert_true (copy.data != vec.data);
  g_assert_null (copy.file);

  /* The builder never changes a record below a copy's length; if it did,
   * the copy would see it, which shows that nothing was copied. */
  ES_VEC_AT (&vec, Triple, 5).c = 1;
  g_assert_cmpuint (ES_VEC_AT (&copy, Triple, 5).c, ==, 1);
  ES_VEC_AT (&vec, Triple, 5).c = 35;

  /* The copy's own writes, and its growth, stay its own. */
  ES_VEC_AT (&copy, Triple, 7).c = 0;
  g_assert_cmpuint (ES_VEC_AT (&vec, Triple, 7).c, ==, 49);
  ES_VEC_AT (&copy, Triple, 7).c = 49;
  for (guint i = first; i < first + 1000; i++)
    *ES_VEC_PUSH (&copy, Triple) = (Triple) { i, i, i };
  push_triples (&vec, first, first + more);
  check_triples (&vec, first + more);
  for (guint i = first; i < first + 1000; i++)
    g_assert_cmpuint (ES_VEC_AT (&copy, Triple, i).c, ==, i);
  copy.len = first;
  check_triples (&copy, first);

  /* The builder's mapping goes first, as when a live log ends. */
  es_vec_clear (&vec, sizeof (Triple));
  g_clear_pointer (&file, es_vec_file_unref);
  check_triples (&copy, first);
  es_vec_clear (&copy, sizeof (Triple));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/document/vec/grows-through-every-kind-of-memory", test_vec_grows_through_every_kind_of_memory);
  g_test_add_func ("/document/vec/copies-share-a-file", test_vec_copies_share_a_file);
  g_test_add_func ("/document/vec/skips-its-first-elements", test_vec_skips_its_first_elements);
  g_test_add_func ("/document/vec/copies-keep-what-they-had", test_vec_copies_keep_what_they_had);
  g_test_add_func ("/document/builder/late-instants-in-shared-records", test_late_instants_in_shared_records);
  g_test_add_func ("/document/builder/allocation-merged-as-snapshots-go", test_allocation_merged_as_snapshots_go);
  g_test_add_func ("/document/builder/gcs-indexed-as-snapshots-go", test_gcs_indexed_as_snapshots_go);
  g_test_add_func ("/document/builder/heap-samples-ordered-as-snapshots-go", test_heap_samples_ordered_as_snapshots_go);
  g_test_add_func ("/document/builder/user-events-ordered-as-snapshots-go", test_user_events_ordered_as_snapshots_go);
  g_test_add_func ("/document/builder/threads-shared-as-snapshots-go", test_threads_shared_as_snapshots_go);
  g_test_add_func ("/document/builder/unchanged-threads-shared-by-snapshots", test_unchanged_threads_shared_by_snapshots);
  g_test_add_func ("/document/builder/spans-kept-by-copies-finished-late", test_spans_kept_by_copies_finished_late);
  g_test_add_func ("/document/builder/spans-stopped-late-leave-snapshots", test_spans_stopped_late_leave_snapshots);
  g_test_add_func ("/document/builder/oldest-detail-let-go", test_oldest_detail_let_go);
  g_test_add_func ("/document/builder/detail-kept-within-a-limit", test_detail_kept_within_a_limit);
  g_test_add_func ("/document/builder/detail-start-with-instants-in-whole-pages",
                   test_detail_start_with_instants_in_whole_pages);
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
