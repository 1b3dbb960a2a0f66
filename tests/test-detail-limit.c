/* test-detail-limit.c: a live log kept within a limit, its oldest detail let go of
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-cap-timeline-private.h"
#include "es-document-builder-private.h"
#include "es-lod.h"
#include "es-stats.h"
#include "es-test-log.h"
#include "es-vec.h"

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

  es_test_snapshot_and_whole (builder, events, &before, &before_whole);
  described_before = es_test_describe_document (before);
  end = es_document_get_end_time (before_whole);
  middle = end / 2;
  held = es_vec_file_get_bytes (builder->records, &releasing);
  g_assert_cmpuint (releasing, ==, 0);

  g_assert_true (es_document_builder_let_go_before (builder, middle));
  /* Again: nothing more to let go of. */
  g_assert_false (es_document_builder_let_go_before (builder, middle + 1));
  es_test_snapshot_and_whole (builder, events, &after, &whole);
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
      /* The step of the layout: a page of prefix entries, each a stride of
       * activities; those activities are whole pages too. */
      g_assert_cmpuint (let_go, >=, ES_CAP_PREFIX_STRIDE * ES_CAP_PREFIX_PAGE);
      g_assert_cmpuint (let_go % (ES_CAP_PREFIX_STRIDE * ES_CAP_PREFIX_PAGE), ==, 0);
      g_assert_cmpuint (let_go / ES_CAP_PREFIX_STRIDE * sizeof (EsCapPrefix) % 4096, ==, 0);
      g_assert_cmpuint (let_go * sizeof (EsActivity) % 4096, ==, 0);
      g_assert_cmpuint (a[0].start, <=, es_document_get_detail_start (after));
      g_assert_cmpuint (n + let_go, ==, n_whole);
      g_assert_cmpmem (a, n * sizeof *a, w + let_go, n * sizeof *a);
      g_assert_cmpuint (es_cap_timeline_find_activity (tl, middle) + let_go, ==,
                        es_cap_timeline_find_activity (es_document_get_cap (whole, c), middle));

      in = es_cap_timeline_get_instants (tl, ES_INSTANT_THREAD_WOKEN, &n_in);
      in_whole = es_cap_timeline_get_instants (es_document_get_cap (whole, c), ES_INSTANT_THREAD_WOKEN, &n_in_whole);
      g_assert_cmpuint (n_in, <, n_in_whole);
      g_assert_cmpuint (es_cap_timeline_get_instant_time (tl, ES_INSTANT_THREAD_WOKEN, 0), <=,
                        es_document_get_detail_start (after));
      g_assert_cmpmem (in, n_in * sizeof *in, in_whole + (n_in_whole - n_in), n_in * sizeof *in);
      /* Their times too: the epochs of those kept count from the first. */
      for (guint i = 0; i < n_in; i++)
        g_assert_cmpuint (es_cap_timeline_get_instant_time (tl, ES_INSTANT_THREAD_WOKEN, i), ==,
                          es_cap_timeline_get_instant_time (es_document_get_cap (whole, c), ES_INSTANT_THREAD_WOKEN,
                                                            n_in_whole - n_in + i));
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
      es_test_snapshot_and_whole (builder, events, &snapshot, &whole);
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
    es_test_add_gc_event (builder, events, 0, 1000 + (guint64) i * 100, ES_EVENT_REQUEST_SEQ_GC);
  es_test_add_gc_event (builder, events, 0, 2 * middle, ES_EVENT_GC_STATS_GHC);
  /* Copies check the order of what came since (as updates do). */
  g_object_unref (es_document_builder_snapshot (builder, TRUE, -1));
  g_assert_true (es_document_builder_let_go_before (builder, middle));
  es_test_snapshot_and_whole (builder, events, &snapshot, &whole);
  g_assert_cmpuint (es_document_get_detail_start (snapshot), <=, middle);
  g_assert_cmpuint (es_document_get_detail_start (snapshot), >, es_document_get_start_time (snapshot));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/document/builder/oldest-detail-let-go", test_oldest_detail_let_go);
  g_test_add_func ("/document/builder/detail-kept-within-a-limit", test_detail_kept_within_a_limit);
  g_test_add_func ("/document/builder/detail-start-with-instants-in-whole-pages",
                   test_detail_start_with_instants_in_whole_pages);

  return g_test_run ();
}
