/* test-reader-compat.c: the reader on what other GHCs write: newer
 * layouts with fields it does not know, older ones that disagree with
 * their own header or number stop statuses otherwise, and blocks as each
 * GHC writes them
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-test-log.h"

#define P es_payload_new ()

/* A newer RTS may append fields: the known prefix is decoded, the rest
 * skipped; tags nobody knows are skipped by their declared size. */
static void
test_forward_compatibility (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  g_autoptr(GArray) events = NULL;
  const char *expected[] = {
    "1: running thread 5\n", "2: A future fixed event\n", "3: A future variable event\n",
    "4: Stop thread\n", "5: running thread 6\n", NULL,
  };

  es_test_log_declare (log, 1, 8, "Run thread");
  es_test_log_declare (log, 150, 5, "A future fixed event");
  es_test_log_declare (log, 151, -1, "A future variable event");
  es_test_log_declare (log, 2, 4, "Stop thread");   /* smaller than any known layout */
  es_test_log_begin_data (log);
  es_test_log_event (log, 1, 1, es_payload_u32 (es_payload_u32 (P, 5), 0xffffffff));
  es_test_log_event (log, 150, 2, es_payload_u8 (es_payload_u32 (P, 1), 2));
  es_test_log_event (log, 151, 3, es_payload_str (P, "whatever it holds"));
  es_test_log_event (log, 2, 4, es_payload_u32 (P, 5));
  es_test_log_event (log, 1, 5, es_payload_u32 (es_payload_u32 (P, 6), 0));
  es_test_log_end (log);
  es_test_assert_lines (log, expected);

  events = es_test_decode_log (log);
  g_assert_false (g_array_index (events, EsTestEvent, 0).unknown);
  g_assert_true (g_array_index (events, EsTestEvent, 1).unknown);
  g_assert_true (g_array_index (events, EsTestEvent, 3).unknown);
}

/* Variable-size payloads may carry slack after their known fields. */
static void
test_variable_slack (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new_ghc ();
  const char *expected[] = {
    "1: cost centre 3 go in Main at Main.hs:4:1-10\n", "2: running thread 1\n", NULL,
  };
  GByteArray *cc = es_payload_u8 (es_payload_cstr (es_payload_cstr (es_payload_cstr (es_payload_u32 (P, 3), "go"), "Main"), "Main.hs:4:1-10"), 0);

  es_payload_str (cc, "future");
  es_test_log_event (log, 161, 1, cc);
  es_test_log_event (log, 1, 2, es_payload_u32 (P, 1));
  es_test_log_end (log);
  es_test_assert_lines (log, expected);
}

/* GHC 6.12 declares a thread id as 8 bytes but writes 4, and STARTUP as 0
 * bytes but writes 2; recognised by CREATE_THREAD's declared size. */
static void
test_ghc_6_12_header (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  g_autoptr(GByteArray) data = NULL;
  const char *expected[] = {
    "1: startup: 4 capabilities\n", "2: creating thread 1\n", "3: running thread 1\n",
    "4: stopping thread 1 (thread blocked)\n", "5: migrating thread 1 to cap 2\n",
    "6: running a local spark\n", "7: stealing a spark from cap 3\n", "8: shutting down\n", NULL,
  };

  es_test_log_declare (log, 0, 8, "Create thread");
  es_test_log_declare (log, 1, 8, "Run thread");
  es_test_log_declare (log, 2, 10, "Stop thread");
  es_test_log_declare (log, 4, 10, "Migrate thread");
  es_test_log_declare (log, 5, 8, "Run spark");
  es_test_log_declare (log, 6, 10, "Steal spark");
  es_test_log_declare (log, 7, 0, "Shutdown");
  es_test_log_declare (log, 17, 0, "Startup");
  es_test_log_begin_data (log);
  data = g_byte_array_ref (es_test_log_get_data (log));
  /* Written by hand: the sizes disagree with the header on purpose. */
  es_payload_u64 (es_payload_u16 (data, 17), 1);
  es_payload_u16 (data, 4);
  es_payload_u32 (es_payload_u64 (es_payload_u16 (data, 0), 2), 1);
  es_payload_u32 (es_payload_u64 (es_payload_u16 (data, 1), 3), 1);
  es_payload_u16 (es_payload_u32 (es_payload_u64 (es_payload_u16 (data, 2), 4), 1), 4);
  es_payload_u16 (es_payload_u32 (es_payload_u64 (es_payload_u16 (data, 4), 5), 1), 2);
  es_payload_u32 (es_payload_u64 (es_payload_u16 (data, 5), 6), 1);
  es_payload_u16 (es_payload_u32 (es_payload_u64 (es_payload_u16 (data, 6), 7), 1), 3);
  es_payload_u64 (es_payload_u16 (data, 7), 8);
  es_test_log_end (log);
  es_test_assert_lines (log, expected);
}

static EsTestLog *
stop_status_log (gboolean with_marker,
                 gboolean with_t9003)
{
  EsTestLog *log = es_test_log_new ();

  es_test_log_declare (log, 2, 10, "Stop thread");
  if (with_marker)
    es_test_log_declare (log, 58, -1, "User marker");
  if (with_t9003)
    es_test_log_declare (log, 59, 0, "Empty event for bug #9003");
  es_test_log_begin_data (log);
  for (guint16 status = 8; status <= 10; status++)
    es_test_log_event (log, 2, status, es_payload_u32 (es_payload_u16 (es_payload_u32 (P, 1), status), 42));
  es_test_log_event (log, 2, 20, es_payload_u32 (es_payload_u16 (es_payload_u32 (P, 1), 20), 0));
  es_test_log_end (log);
  return log;
}

/* GHC 7.8.2 (markers declared, HACK_BUG_T9003 not) shifted the blocked
 * statuses by one; 7.8.3 restored them. */
static void
test_stop_status_numbering (void)
{
  g_autoptr(EsTestLog) ghc782 = stop_status_log (TRUE, FALSE);
  g_autoptr(EsTestLog) current = stop_status_log (TRUE, TRUE);
  g_autoptr(EsTestLog) pre77 = stop_status_log (FALSE, FALSE);
  const char *expected_782[] = {
    "8: stopping thread 1 (blocked reading an MVar)\n",
    "9: stopping thread 1 (blocked on black hole owned by thread 42)\n",
    "10: stopping thread 1 (blocked on I/O read)\n",
    "20: stopping thread 1 (thread migrating)\n", NULL,
  };
  const char *expected_current[] = {
    "8: stopping thread 1 (blocked on black hole owned by thread 42)\n",
    "9: stopping thread 1 (blocked on I/O read)\n",
    "10: stopping thread 1 (blocked on I/O write)\n",
    "20: stopping thread 1 (blocked reading an MVar)\n", NULL,
  };
  const char *expected_pre77[] = {
    "8: stopping thread 1 (blocked on black hole owned by thread 42)\n",
    "9: stopping thread 1 (blocked on I/O read)\n",
    "10: stopping thread 1 (blocked on I/O write)\n",
    "20: stopping thread 1 (No stop thread status)\n", NULL,
  };

  es_test_assert_lines (ghc782, expected_782);
  es_test_assert_lines (current, expected_current);
  es_test_assert_lines (pre77, expected_pre77);
}

/* ghc-events' rule: events take their block's cap while the block's byte
 * count lasts; events outside any block, or in the global block, have none. */
static void
test_block_capabilities (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new_ghc ();
  g_autoptr(GArray) events = NULL;
  static const struct { guint64 time; guint16 tag; guint16 cap; } expected[] = {
    { 1, 17, ES_CAP_NONE },
    { 10, 18, 0 }, { 11, 1, 0 }, { 12, 2, 0 },
    { 5, 18, 1 }, { 6, 1, 1 },
    { 7, 18, ES_CAP_NONE }, { 8, 25, ES_CAP_NONE },
    { 20, 18, 0 },
    { 30, 19, ES_CAP_NONE },
  };

  es_test_log_event (log, 17, 1, es_payload_u16 (P, 2));
  es_test_log_begin_block (log, 10, 0);
  es_test_log_event (log, 1, 11, es_payload_u32 (P, 1));
  es_test_log_event (log, 2, 12, es_payload_u32 (es_payload_u16 (es_payload_u32 (P, 1), 3), 0));
  es_test_log_end_block (log, 13);
  es_test_log_begin_block (log, 5, 1);
  es_test_log_event (log, 1, 6, es_payload_u32 (P, 2));
  es_test_log_end_block (log, 14);
  es_test_log_begin_block (log, 7, ES_CAP_NONE);
  es_test_log_event (log, 25, 8, es_payload_u16 (es_payload_u32 (P, 0), 2));
  es_test_log_end_block (log, 15);
  es_test_log_begin_block (log, 20, 0);     /* an empty block */
  es_test_log_end_block (log, 21);
  es_test_log_event (log, 19, 30, es_payload_str (P, "after every block"));
  es_test_log_end (log);

  events = es_test_decode_log (log);
  g_assert_cmpuint (events->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < events->len; i++)
    {
      const EsTestEvent *e = &g_array_index (events, EsTestEvent, i);

      g_assert_cmpuint (e->time, ==, expected[i].time);
      g_assert_cmpuint (e->tag, ==, expected[i].tag);
      g_assert_cmpuint (e->cap, ==, expected[i].cap);
    }
  g_assert_cmpstr (g_array_index (events, EsTestEvent, 1).text, ==, "10: cap 0: event block: cap 0, end time: 13\n\n");
  g_assert_cmpstr (g_array_index (events, EsTestEvent, 6).text, ==, "7: event block: cap 65535, end time: 15\n\n");
}

/* GHC >= 9 counts the end marker inside the last block. */
static void
test_end_marker_inside_block (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new_ghc ();
  g_autoptr(EsEventlogReader) reader = NULL;
  g_autoptr(GArray) events = NULL;
  GByteArray *data;

  es_test_log_begin_block (log, 1, ES_CAP_NONE);
  es_test_log_event (log, 19, 2, es_payload_str (P, "bye"));
  es_test_log_end (log);
  es_test_log_end_block (log, 3);
  data = es_test_log_get_data (log);

  events = es_test_decode (data->data, data->len, 0, &reader, NULL);
  g_assert_nonnull (events);
  g_assert_cmpuint (events->len, ==, 2);
  g_assert_true (es_eventlog_reader_saw_end_marker (reader));
  g_assert_cmpuint (es_eventlog_reader_get_pending (reader), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/reader/compat/forward-compatible-sizes", test_forward_compatibility);
  g_test_add_func ("/reader/compat/variable-payload-slack", test_variable_slack);
  g_test_add_func ("/reader/compat/ghc-6.12-header-fixups", test_ghc_6_12_header);
  g_test_add_func ("/reader/compat/stop-status-numbering", test_stop_status_numbering);
  g_test_add_func ("/reader/blocks/capability-attribution", test_block_capabilities);
  g_test_add_func ("/reader/blocks/end-marker-inside-block", test_end_marker_inside_block);

  return g_test_run ();
}
