/* es-test-event-index.c: what the event index's tests share
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-event-index-private.h"
#include "es-test-event-index.h"
#include "es-test-log.h"

const char *const es_test_index_fixtures[ES_TEST_N_INDEX_FIXTURES] = {
  "hello.eventlog", "parfib-N2.eventlog", "heap-hT-N2.eventlog", "profiled-hc.eventlog",
};

EsEventIndex *
es_test_build_index (const char *path)
{
  g_autoptr(GError) error = NULL;
  EsEventIndex *index = es_event_index_build (path, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (index);
  return index;
}

/* Both indexes have the same rows (the same offsets), tags and end. */
void
es_test_assert_same_index (EsEventIndex *got,
                           EsEventIndex *want)
{
  gint64 got_stop = -1, want_stop = -1;
  g_autoptr(GArray) got_tags = es_event_index_dup_tags (got);
  g_autoptr(GArray) want_tags = es_event_index_dup_tags (want);

  g_assert_cmpuint (got->n_rows, ==, want->n_rows);
  for (guint row = 0; row < want->n_rows; row++)
    g_assert_cmpint (row_offset (got, row), ==, row_offset (want, row));
  g_assert_cmpint (es_event_index_is_truncated (got, &got_stop), ==, es_event_index_is_truncated (want, &want_stop));
  g_assert_cmpint (got_stop, ==, want_stop);
  g_assert_cmpmem (got_tags->data, got_tags->len * sizeof (guint16), want_tags->data, want_tags->len * sizeof (guint16));
  for (guint row = 0; row < want->n_rows; row += 1 + want->n_rows / 50)
    {
      g_autoptr(GString) a = g_string_new (NULL), b = g_string_new (NULL);

      es_event_index_append_line (got, row, a);
      es_event_index_append_line (want, row, b);
      g_assert_cmpstr (a->str, ==, b->str);
    }
}

static GByteArray *
thread_payload (guint32 thread)
{
  return es_payload_u32 (es_payload_new (), thread);
}

static GByteArray *
message_payload (const char *text)
{
  return es_payload_str (es_payload_new (), text);
}

/* Three caps whose blocks interleave in time and in the file, a cap whose
 * second block starts before its first ends, equal times across caps, and
 * global events outside any block. @shuffle_inside puts one block's events
 * out of order as well (the sorting fallback). */
char *
es_test_write_multi_cap_log (gboolean shuffle_inside)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  GByteArray *data;

  es_test_log_declare_ghc (log);
  es_test_log_begin_data (log);
  es_test_log_event (log, ES_EVENT_USER_MSG, 5, message_payload ("global before the blocks"));

  es_test_log_begin_block (log, 100, 0);
  for (guint i = 0; i < 20; i++)
    es_test_log_event (log, ES_EVENT_RUN_THREAD, 100 + 10 * i, thread_payload (i));
  es_test_log_end_block (log, 300);

  es_test_log_begin_block (log, 50, 1);
  for (guint i = 0; i < 20; i++)
    es_test_log_event (log, ES_EVENT_THREAD_RUNNABLE, 50 + 10 * i, thread_payload (100 + i));
  es_test_log_end_block (log, 250);

  es_test_log_event (log, ES_EVENT_USER_MSG, 120, message_payload ("global between the blocks"));

  /* Cap 0 again, starting before its last block ended: a second run. */
  es_test_log_begin_block (log, 150, 0);
  for (guint i = 0; i < 20; i++)
    es_test_log_event (log, ES_EVENT_CREATE_THREAD, 150 + 5 * i, thread_payload (200 + i));
  es_test_log_end_block (log, 250);

  es_test_log_begin_block (log, 0, 2);
  for (guint i = 0; i < 20; i++)
    {
      guint64 t = shuffle_inside ? 400 - 7 * ((i * 7) % 20) : 60 + 10 * i;

      es_test_log_event (log, ES_EVENT_STOP_THREAD, t,
                         es_payload_u32 (es_payload_u16 (thread_payload (300 + i), 5), 0));
    }
  es_test_log_end_block (log, 400);

  /* A global block, as GHC writes one. */
  es_test_log_begin_block (log, 120, ES_CAP_NONE);
  es_test_log_event (log, ES_EVENT_USER_MSG, 120, message_payload ("in the global block"));
  es_test_log_end_block (log, 120);
  es_test_log_end (log);

  data = es_test_log_get_data (log);
  return es_test_write_temp_log (data->data, data->len);
}
