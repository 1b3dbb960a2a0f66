/* test-spans.c: the spans of a real run, summed up by name
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-spans.h"
#include "es-test-log.h"

static const EsSpanSummary *
find_summary (GArray     *summaries,
              const char *name)
{
  for (guint i = 0; i < summaries->len; i++)
    if (g_str_equal (g_array_index (summaries, EsSpanSummary, i).name, name))
      return &g_array_index (summaries, EsSpanSummary, i);
  return NULL;
}

/* Each name's count, total and longest, over an interval, against a plain
 * walk over every span; and the whole run holds every span. */
static void
check_interval (EsDocument *document,
                guint64     t0,
                guint64     t1)
{
  g_autoptr(GArray) summaries = es_spans_summarize (document, t0, t1);
  guint n, counted = 0, expected_count = 0;
  g_autofree EsSpan *spans = es_test_copy_spans (document, &n);

  for (guint i = 0; i < summaries->len; i++)
    {
      const EsSpanSummary *s = &g_array_index (summaries, EsSpanSummary, i);
      guint count = 0;
      guint64 total = 0, max = 0;

      for (guint k = 0; k < n; k++)
        if (g_str_equal (spans[k].name, s->name) && spans[k].start <= t1 && spans[k].end >= t0)
          {
            guint64 inside = MIN (spans[k].end, t1) - MAX (spans[k].start, t0);

            count++;
            total += inside;
            max = MAX (max, inside);
          }
      g_assert_cmpuint (s->count, ==, count);
      g_assert_cmpuint (s->total, ==, total);
      g_assert_cmpuint (s->max, ==, max);
      if (i > 0)
        g_assert_cmpuint (g_array_index (summaries, EsSpanSummary, i - 1).total, >=, s->total);
      counted += s->count;
    }
  for (guint k = 0; k < n; k++)
    expected_count += spans[k].start <= t1 && spans[k].end >= t0;
  g_assert_cmpuint (counted, ==, expected_count);
}

static void
test_parfib_spans (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("parfib-N2.eventlog");
  g_autoptr(GArray) whole = NULL;
  const EsSpanSummary *work;
  guint64 end;

  end = es_document_get_end_time (document);
  whole = es_spans_summarize (document, 0, end);
  /* programs/parfib.hs: "work" twice, and rounds of each worker. */
  work = find_summary (whole, "work");
  g_assert_nonnull (work);
  g_assert_cmpuint (work != NULL ? work->count : 0, ==, 2);
  g_assert_cmpuint (whole->len, >=, 2);

  check_interval (document, 0, end);
  check_interval (document, end / 3, end * 2 / 3);
  check_interval (document, end / 2, end / 2);
  check_interval (document, end + 1, G_MAXUINT64);
}

/* Spans are paired from traceEvent's messages (USER_MSG) only: the RTS's
 * own log messages that happen to say START or STOP are messages, not
 * spans. Each span's name is its START's text after "START ". */
static void
test_only_trace_events_make_spans (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  g_autoptr(EsDocument) document = NULL;
  EsSpan span;
  guint n_messages;

  es_test_log_declare_ghc (log);
  es_test_log_begin_data (log);
  es_test_log_begin_block (log, 0, 0);
  es_test_log_event (log, ES_EVENT_RUN_THREAD, 1000, es_payload_u32 (es_payload_new (), 1));
  es_test_log_event (log, ES_EVENT_LOG_MSG, 2000, es_payload_str (es_payload_new (), "START rts"));
  es_test_log_event (log, ES_EVENT_USER_MSG, 3000, es_payload_str (es_payload_new (), "START work"));
  es_test_log_event (log, ES_EVENT_LOG_MSG, 4000, es_payload_str (es_payload_new (), "STOP work"));
  es_test_log_event (log, ES_EVENT_USER_MSG, 5000, es_payload_str (es_payload_new (), "STOP rts"));
  es_test_log_event (log, ES_EVENT_USER_MSG, 6000, es_payload_str (es_payload_new (), "STOP work"));
  es_test_log_event (log, ES_EVENT_STOP_THREAD, 9000,
                     es_payload_u32 (es_payload_u16 (es_payload_u32 (es_payload_new (), 1), 5), 0));
  es_test_log_end_block (log, 9000);
  document = es_test_load_log (log);

  es_document_get_messages (document, &n_messages);
  g_assert_cmpuint (n_messages, ==, 5);
  g_assert_cmpuint (es_document_get_n_spans (document), ==, 1);
  span = es_document_get_span (document, 0);
  g_assert_cmpstr (span.name, ==, "work");
  g_assert_cmpuint (span.start, ==, 3000);
  g_assert_cmpuint (span.end, ==, 6000);
  g_assert_cmpuint (span.flags, ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/spans/parfib-summaries-match-every-span", test_parfib_spans);
  g_test_add_func ("/spans/only-trace-events-make-spans", test_only_trace_events_make_spans);

  return g_test_run ();
}
