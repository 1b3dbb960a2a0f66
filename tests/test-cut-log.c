/* test-cut-log.c: in a log cut short, each capability's data ends at its
 * own last event, and nothing is counted or drawn as known after it
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-document-builder.h"
#include "es-lod.h"
#include "es-stats.h"
#include "es-test-log.h"
#include "es-thread-states.h"

#define HEC1_LAST ES_TEST_CUT_LOG_HEC1_LAST
#define LOG_END   ES_TEST_CUT_LOG_END

/* The cut log's document, or the whole log's unless @truncated; the
 * builder spent. */
static EsDocument *
finish_cut_log (gboolean truncated)
{
  g_autoptr(EsDocumentBuilder) builder = es_test_cut_log_builder ();

  return es_document_builder_finish (builder, truncated, truncated ? 4096 : -1);
}

static guint64
last_end (EsDocument *document,
          guint       cap)
{
  guint n;
  const EsActivity *a = es_cap_timeline_get_activities (es_document_get_cap (document, cap), &n);

  g_assert_cmpuint (n, >, 0);
  g_assert_true (a[n - 1].flags & ES_ACTIVITY_ENDED_BY_LOG_END);
  return es_activity_end (&a[n - 1]);
}

/* The run HEC 1's data leaves open ends at its last event, not at HEC 0's. */
static void
test_open_run_ends_with_its_caps_data (void)
{
  g_autoptr(EsDocument) document = finish_cut_log (TRUE);
  guint runs, gcs, spans;

  g_assert_cmpuint (es_cap_timeline_get_data_end (es_document_get_cap (document, 1)), ==, HEC1_LAST);
  /* HEC 0's goes on to the log's end, the latest event of all. */
  g_assert_cmpuint (es_cap_timeline_get_data_end (es_document_get_cap (document, 0)), ==, G_MAXUINT64);
  g_assert_cmpuint (last_end (document, 1), ==, HEC1_LAST);
  g_assert_cmpuint (last_end (document, 0), ==, LOG_END);
  es_document_get_closed_at_end (document, &runs, &gcs, &spans);
  g_assert_cmpuint (runs, ==, 2);
  g_assert_cmpuint (gcs, ==, 0);
  g_assert_cmpuint (spans, ==, 0);
  g_assert_cmpuint (es_document_get_n_closed_at_end (document), ==, 2);
}

/* After HEC 1's last event it is neither running nor idle: the time is
 * counted as no data, in the statistics and in the Activity columns. */
static void
test_nothing_counted_after_a_caps_data (void)
{
  g_autoptr(EsDocument) document = finish_cut_log (TRUE);
  g_auto(EsStats) stats = { 0 };
  g_auto(EsStats) later = { 0 };
  EsActivityColumn columns[10];

  es_stats_compute (document, 0, LOG_END, &stats);
  g_assert_cmpuint (stats.caps[1].running, ==, HEC1_LAST - 100);
  g_assert_cmpuint (stats.caps[1].idle, ==, 100);
  g_assert_cmpuint (stats.caps[1].no_data, ==, LOG_END - HEC1_LAST);
  g_assert_cmpuint (stats.caps[0].no_data, ==, 0);
  g_assert_cmpuint (stats.caps[0].idle, ==, 50);

  /* An interval wholly after it: all of it no data. */
  es_stats_compute (document, 500, 700, &later);
  g_assert_cmpuint (later.caps[1].running, ==, 0);
  g_assert_cmpuint (later.caps[1].idle, ==, 0);
  g_assert_cmpuint (later.caps[1].no_data, ==, 200);

  es_lod_activity (document, 1, 0, LOG_END, G_N_ELEMENTS (columns), columns);
  g_assert_cmpfloat_with_epsilon (columns[2].running, 1.0, 1e-6);   /* [200, 300) */
  g_assert_cmpfloat_with_epsilon (columns[2].no_data, 0.0, 1e-6);
  for (guint i = 3; i < G_N_ELEMENTS (columns); i++)
    {
      g_assert_cmpfloat_with_epsilon (columns[i].no_data, 1.0, 1e-6);
      g_assert_cmpfloat_with_epsilon (columns[i].running + columns[i].idle, 0.0, 1e-6);
    }
}

/* The thread running on HEC 1 when its data ends is in no known state
 * after it: not running on to the log's end. */
static void
test_thread_has_no_data_after_its_caps (void)
{
  g_autoptr(EsDocument) document = finish_cut_log (TRUE);
  g_autoptr(GArray) states = g_array_new (FALSE, FALSE, sizeof (EsThreadState));
  const EsThreadState *last;

  es_document_get_thread_timeline (document, es_document_lookup_thread (document, 2), states);
  last = &g_array_index (states, EsThreadState, states->len - 1);
  g_assert_cmpuint (last->state, ==, ES_THREAD_STATE_NO_DATA);
  g_assert_cmpuint (last->time, ==, HEC1_LAST);
  g_assert_cmpuint (last->cap, ==, 1);

  /* Thread 1, on HEC 0, runs to the log's end as before. */
  es_document_get_thread_timeline (document, es_document_lookup_thread (document, 1), states);
  last = &g_array_index (states, EsThreadState, states->len - 1);
  g_assert_cmpuint (last->state, ==, ES_THREAD_STATE_RUNNING);
}

/* A log still being written has no cap whose data ended: what runs runs
 * on to the latest event, drawn as still being written. */
static void
test_ongoing_log_runs_to_its_latest_event (void)
{
  g_autoptr(EsDocumentBuilder) builder = es_test_cut_log_builder ();
  EsDocumentBuilder *copy = es_document_builder_copy (builder);
  g_autoptr(EsDocument) document = NULL;
  g_autoptr(GArray) states = g_array_new (FALSE, FALSE, sizeof (EsThreadState));
  g_auto(EsStats) stats = { 0 };

  es_document_builder_set_ongoing (copy, TRUE);
  document = es_document_builder_finish (copy, TRUE, 4096);
  es_document_builder_free (copy);

  g_assert_cmpuint (es_cap_timeline_get_data_end (es_document_get_cap (document, 1)), ==, G_MAXUINT64);
  g_assert_cmpuint (last_end (document, 1), ==, LOG_END);
  es_stats_compute (document, 0, LOG_END, &stats);
  g_assert_cmpuint (stats.caps[1].no_data, ==, 0);
  g_assert_cmpuint (stats.caps[1].running, ==, LOG_END - 100);
  es_document_get_thread_timeline (document, es_document_lookup_thread (document, 2), states);
  g_assert_cmpuint (g_array_index (states, EsThreadState, states->len - 1).state, ==, ES_THREAD_STATE_RUNNING);
}

/* A whole log (not cut) is unchanged: every cap's data goes to its end. */
static void
test_whole_log_has_no_data_end (void)
{
  g_autoptr(EsDocument) document = finish_cut_log (FALSE);

  for (guint c = 0; c < es_document_get_n_caps (document); c++)
    g_assert_cmpuint (es_cap_timeline_get_data_end (es_document_get_cap (document, c)), ==, G_MAXUINT64);
  g_assert_cmpuint (last_end (document, 1), ==, LOG_END);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cut-log/open-run-ends-with-its-caps-data", test_open_run_ends_with_its_caps_data);
  g_test_add_func ("/cut-log/nothing-counted-after-a-caps-data", test_nothing_counted_after_a_caps_data);
  g_test_add_func ("/cut-log/thread-has-no-data-after-its-caps", test_thread_has_no_data_after_its_caps);
  g_test_add_func ("/cut-log/ongoing-log-runs-to-its-latest-event", test_ongoing_log_runs_to_its_latest_event);
  g_test_add_func ("/cut-log/whole-log-has-no-data-end", test_whole_log_has_no_data_end);

  return g_test_run ();
}
