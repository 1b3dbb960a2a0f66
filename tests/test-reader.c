/* test-reader.c: the reader on logs written in memory, one family at a time
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-test-log.h"

#define P es_payload_new ()

static void
test_header_types (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  g_autoptr(EsEventlogReader) reader = NULL;
  g_autoptr(GArray) events = NULL;
  GByteArray *data;
  const EsEventType *types;
  guint n_types;

  es_test_log_declare (log, 1, 4, "Run thread");
  es_test_log_declare (log, 19, -1, "User message");
  es_test_log_declare (log, 150, 3, "Something from the future");
  es_test_log_begin_data (log);
  es_test_log_end (log);
  data = es_test_log_get_data (log);

  events = es_test_decode (data->data, data->len, 0, &reader, NULL);
  g_assert_nonnull (events);
  g_assert_cmpuint (events->len, ==, 0);
  g_assert_true (es_eventlog_reader_has_header (reader));
  g_assert_cmpint (es_eventlog_reader_get_data_offset (reader), ==, data->len - 2);
  g_assert_true (es_eventlog_reader_saw_end_marker (reader));
  g_assert_false (es_eventlog_reader_is_truncated (reader, NULL, NULL));

  types = es_eventlog_reader_get_event_types (reader, &n_types);
  g_assert_cmpuint (n_types, ==, 3);
  g_assert_cmpuint (types[0].tag, ==, 1);
  g_assert_cmpint (types[0].size, ==, 4);
  g_assert_cmpstr (types[0].description, ==, "Run thread");
  g_assert_cmpint (types[1].size, ==, ES_EVENT_SIZE_VARIABLE);
  g_assert_cmpuint (types[2].tag, ==, 150);
  g_assert_cmpstr (es_eventlog_reader_lookup_type (reader, 19)->description, ==, "User message");
  g_assert_null (es_eventlog_reader_lookup_type (reader, 2));
}

/* The extra field after a description is skipped, whatever its length. */
static void
test_header_extra_field (void)
{
  g_autoptr(GByteArray) data = g_byte_array_new ();
  g_autoptr(GArray) events = NULL;
  g_autoptr(GError) error = NULL;

  es_payload_str (data, "hdrbhetb");
  es_payload_u32 (data, 0x65746200);
  es_payload_u16 (data, 1);
  es_payload_u16 (data, 4);
  es_payload_u32 (data, 3);
  es_payload_str (data, "Run");
  es_payload_u32 (data, 5);
  es_payload_str (data, "xxxxx");
  es_payload_u32 (data, 0x65746500);
  es_payload_str (data, "hetehdredatb");
  es_payload_u16 (data, 1);
  es_payload_u64 (data, 77);
  es_payload_u32 (data, 9);
  es_payload_u16 (data, 0xFFFF);

  events = es_test_decode (data->data, data->len, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (events->len, ==, 1);
  g_assert_cmpstr (g_array_index (events, EsTestEvent, 0).text, ==, "77: running thread 9\n");
}

static void
test_scheduler (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new_ghc ();
  const char *expected[] = {
    "10: creating thread 7\n", "20: running thread 7\n",
    "30: stopping thread 7 (blocked on an MVar)\n",
    "31: stopping thread 7 (blocked on black hole owned by thread 3)\n",
    "32: stopping thread 7 (stack overflow, size 1024)\n",
    "33: stopping thread 7 (blocked reading an MVar)\n",
    "34: stopping thread 7 (blocked in throwTo)\n",
    "40: thread 7 is runnable\n", "50: migrating thread 7 to cap 3\n",
    "60: waking up thread 8 on cap 1\n", "70: creating spark thread 9\n", NULL,
  };

  es_test_log_event (log, 0, 10, es_payload_u32 (P, 7));
  es_test_log_event (log, 1, 20, es_payload_u32 (P, 7));
  es_test_log_event (log, 2, 30, es_payload_u32 (es_payload_u16 (es_payload_u32 (P, 7), 7), 0));
  es_test_log_event (log, 2, 31, es_payload_u32 (es_payload_u16 (es_payload_u32 (P, 7), 8), 3));
  es_test_log_event (log, 2, 32, es_payload_u32 (es_payload_u16 (es_payload_u32 (P, 7), 2), 1024));
  es_test_log_event (log, 2, 33, es_payload_u32 (es_payload_u16 (es_payload_u32 (P, 7), 20), 0));
  es_test_log_event (log, 2, 34, es_payload_u32 (es_payload_u16 (es_payload_u32 (P, 7), 18), 0));
  es_test_log_event (log, 3, 40, es_payload_u32 (P, 7));
  es_test_log_event (log, 4, 50, es_payload_u16 (es_payload_u32 (P, 7), 3));
  es_test_log_event (log, 8, 60, es_payload_u16 (es_payload_u32 (P, 8), 1));
  es_test_log_event (log, 15, 70, es_payload_u32 (P, 9));
  es_test_log_end (log);
  es_test_assert_lines (log, expected);
}

static GByteArray *
gc_stats_payload (gboolean balanced)
{
  GByteArray *p = es_payload_u16 (es_payload_u32 (P, 0), 1);

  es_payload_u64 (p, 1000);
  es_payload_u64 (p, 200);
  es_payload_u64 (p, 30);
  es_payload_u32 (p, 2);
  es_payload_u64 (p, 600);
  es_payload_u64 (p, 1000);
  if (balanced)
    es_payload_u64 (p, 900);
  return p;
}

static void
test_gc (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new_ghc ();
  const char *expected[] = {
    "1: requesting sequential GC\n", "2: requesting parallel GC\n", "3: starting GC\n",
    "4: all caps stopped for GC\n", "5: GC working\n", "6: GC idle\n", "7: GC done\n",
    "8: finished GC\n",
    "9: GC stats for heap capset 0: generation 1, 1000 bytes copied, 200 bytes slop, "
    "30 bytes fragmentation, 2 par threads, 600 bytes max par copied, 1000 bytes total par copied, "
    "900 bytes balanced par copied\n", NULL,
  };

  for (guint16 tag = 0; tag < 7; tag++)
    {
      static const guint16 tags[] = { 11, 12, 9, 54, 21, 20, 22 };
      es_test_log_event (log, tags[tag], tag + 1, NULL);
    }
  es_test_log_event (log, 10, 8, NULL);
  es_test_log_event (log, 53, 9, gc_stats_payload (TRUE));
  es_test_log_end (log);
  es_test_assert_lines (log, expected);
}

/* GHC before 8.4 wrote GC_STATS without par_balanced_copied (50 bytes). */
static void
test_gc_stats_50_bytes (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  const char *expected[] = {
    "9: GC stats for heap capset 0: generation 1, 1000 bytes copied, 200 bytes slop, "
    "30 bytes fragmentation, 2 par threads, 600 bytes max par copied, 1000 bytes total par copied\n",
    "10: finished GC\n", NULL,
  };

  es_test_log_declare (log, 53, 50, "GC statistics");
  es_test_log_declare (log, 10, 0, "Finished GC");
  es_test_log_begin_data (log);
  es_test_log_event (log, 53, 9, gc_stats_payload (FALSE));
  es_test_log_event (log, 10, 10, NULL);
  es_test_log_end (log);
  es_test_assert_lines (log, expected);
}

static void
test_heap (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new_ghc ();
  const char *expected[] = {
    "1: allocated on heap capset 0: 123456789012 total bytes till now\n",
    "2: size of heap capset 0: 4194304 bytes\n",
    "3: live data in heap capset 0: 1048576 bytes\n",
    "4: heap stats for heap capset 0: generations 2, 0 bytes max heap size, 4194304 bytes "
    "alloc area size, 1048576 bytes mblock size, 4096 bytes block size\n",
    "5: memory returned (mblocks): current(10) needed(8) returned(2)\n",
    "6: blocks size of heap capset 0: 8192 bytes\n", NULL,
  };
  GByteArray *info = es_payload_u16 (es_payload_u32 (P, 0), 2);

  es_payload_u64 (es_payload_u64 (es_payload_u64 (es_payload_u64 (info, 0), 4194304), 1048576), 4096);
  es_test_log_event (log, 49, 1, es_payload_u64 (es_payload_u32 (P, 0), G_GUINT64_CONSTANT (123456789012)));
  es_test_log_event (log, 50, 2, es_payload_u64 (es_payload_u32 (P, 0), 4194304));
  es_test_log_event (log, 51, 3, es_payload_u64 (es_payload_u32 (P, 0), 1048576));
  es_test_log_event (log, 52, 4, info);
  es_test_log_event (log, 90, 5, es_payload_u32 (es_payload_u32 (es_payload_u32 (es_payload_u32 (P, 0), 10), 8), 2));
  es_test_log_event (log, 91, 6, es_payload_u64 (es_payload_u32 (P, 0), 8192));
  es_test_log_end (log);
  es_test_assert_lines (log, expected);
}

/* SPARK_COUNTERS stores GC'd before fizzled; the text prints them in the
 * other order. */
static void
test_sparks (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new_ghc ();
  const char *expected[] = {
    "1: spark stats: 100 created, 40 converted, 7 remaining (3 overflowed, 2 dud, 5 GC'd, 43 fizzled)\n",
    "2: spark created\n", "3: dud spark discarded\n", "4: overflowed spark discarded\n",
    "5: running a local spark\n", "6: stealing a spark from cap 1\n", "7: spark fizzled\n",
    "8: spark GCed\n", NULL,
  };
  GByteArray *counters = P;
  static const guint64 on_disk[] = { 100, 2, 3, 40, 5, 43, 7 };

  for (guint i = 0; i < G_N_ELEMENTS (on_disk); i++)
    es_payload_u64 (counters, on_disk[i]);
  es_test_log_event (log, 34, 1, counters);
  es_test_log_event (log, 35, 2, NULL);
  es_test_log_event (log, 36, 3, NULL);
  es_test_log_event (log, 37, 4, NULL);
  es_test_log_event (log, 38, 5, NULL);
  es_test_log_event (log, 39, 6, es_payload_u16 (P, 1));
  es_test_log_event (log, 40, 7, NULL);
  es_test_log_event (log, 41, 8, NULL);
  es_test_log_end (log);
  es_test_assert_lines (log, expected);
}

static void
test_capsets_and_caps (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new_ghc ();
  const char *expected[] = {
    "1: created capset 0 of type CapsetOsProcess\n", "2: created capset 1 of type CapsetClockDomain\n",
    "3: assigned cap 1 to capset 0\n", "4: removed cap 1 from capset 0\n",
    "5: capset 0: RTS version \"GHC-9.0.2 rts_thr_l\"\n",
    "6: capset 0: args: [\"./prog\",\"+RTS\",\"-N2\"]\n",
    "7: capset 0: env: [\"A=\\\"q\\\"\\\\\",\"\\233t\\233\",\"\\1234\\&5\",\"\\SO\\&H\\n\"]\n",
    "8: capset 0: pid 4242\n", "9: capset 0: parent pid 1\n",
    "10: capset 1: wall clock time 1700000000s 123456789ns (unix epoch)\n",
    "11: deleted capset 1\n", "12: created cap 2\n", "13: deleted cap 2\n",
    "14: disabled cap 1\n", "15: enabled cap 1\n", NULL,
  };
  GByteArray *env = es_payload_u32 (P, 0);

  es_payload_cstr (env, "A=\"q\"\\");
  es_payload_cstr (env, "\xc3\xa9t\xc3\xa9");   /* é as UTF-8: shown as \233 */
  es_payload_cstr (env, "\xd3\x92" "5");        /* U+04D2 then a digit: needs \& */
  es_payload_cstr (env, "\x0eH\n");
  es_test_log_event (log, 25, 1, es_payload_u16 (es_payload_u32 (P, 0), 2));
  es_test_log_event (log, 25, 2, es_payload_u16 (es_payload_u32 (P, 1), 3));
  es_test_log_event (log, 27, 3, es_payload_u16 (es_payload_u32 (P, 0), 1));
  es_test_log_event (log, 28, 4, es_payload_u16 (es_payload_u32 (P, 0), 1));
  es_test_log_event (log, 29, 5, es_payload_str (es_payload_u32 (P, 0), "GHC-9.0.2 rts_thr_l"));
  es_test_log_event (log, 30, 6, es_payload_cstr (es_payload_cstr (es_payload_cstr (es_payload_u32 (P, 0), "./prog"), "+RTS"), "-N2"));
  es_test_log_event (log, 31, 7, env);
  es_test_log_event (log, 32, 8, es_payload_u32 (es_payload_u32 (P, 0), 4242));
  es_test_log_event (log, 33, 9, es_payload_u32 (es_payload_u32 (P, 0), 1));
  es_test_log_event (log, 43, 10, es_payload_u32 (es_payload_u64 (es_payload_u32 (P, 1), 1700000000), 123456789));
  es_test_log_event (log, 26, 11, es_payload_u32 (P, 1));
  es_test_log_event (log, 45, 12, es_payload_u16 (P, 2));
  es_test_log_event (log, 46, 13, es_payload_u16 (P, 2));
  es_test_log_event (log, 47, 14, es_payload_u16 (P, 1));
  es_test_log_event (log, 48, 15, es_payload_u16 (P, 1));
  es_test_log_end (log);
  es_test_assert_lines (log, expected);
}

static void
test_tasks (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new_ghc ();
  const char *expected[] = {
    "1: task 0x7f00deadbeef created on cap 1 with OS kernel thread 31337\n",
    "2: task 0x7f00deadbeef migrated from cap 1 to cap 0\n",
    "3: task 0x7f00deadbeef deleted\n", NULL,
  };

  es_test_log_event (log, 55, 1, es_payload_u64 (es_payload_u16 (es_payload_u64 (P, G_GUINT64_CONSTANT (0x7f00deadbeef)), 1), 31337));
  es_test_log_event (log, 56, 2, es_payload_u16 (es_payload_u16 (es_payload_u64 (P, G_GUINT64_CONSTANT (0x7f00deadbeef)), 1), 0));
  es_test_log_event (log, 57, 3, es_payload_u64 (P, G_GUINT64_CONSTANT (0x7f00deadbeef)));
  es_test_log_end (log);
  es_test_assert_lines (log, expected);
}

static void
test_user_events (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new_ghc ();
  const char *expected[] = {
    "1: START work\n", "2: marker: phase 1\n", "3: RTS says hi\n",
    "4: thread 5 has label \"worker-A\"\n", "5: binary message a.b..c\n",
    "6: Interned string: \"main\" with id 12\n", NULL,
  };

  es_test_log_event (log, 19, 1, es_payload_str (P, "START work"));
  es_test_log_event (log, 58, 2, es_payload_str (P, "phase 1"));
  es_test_log_event (log, 16, 3, es_payload_str (P, "RTS says hi"));
  es_test_log_event (log, 44, 4, es_payload_str (es_payload_u32 (P, 5), "worker-A"));
  es_test_log_event (log, 181, 5, es_payload_str (P, "a\x01" "b\xff\x7f" "c"));
  es_test_log_event (log, 42, 6, es_payload_u32 (es_payload_str (P, "main"), 12));
  es_test_log_end (log);
  es_test_assert_lines (log, expected);
}

static void
test_heap_profile (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new_ghc ();
  const char *expected[] = {
    "1: start heap profiling 0 at sampling period 100000000 broken down by closure type filtered by Main, T, \n",
    "2: cost centre 3 go in Main at Main.hs:4:1-10 CAF\n",
    "3: start heap prof sample 1\n",
    "4: heap prof sample 0, residency 4096, cost centre stack 3, 2, 1\n",
    "5: heap prof sample 0, residency 512, label ARR_WORDS\n",
    "6: end prof sample 1\n",
    "7: start heap prof sample 2 at time 6500\n", NULL,
  };
  GByteArray *begin = es_payload_u32 (es_payload_u64 (es_payload_u8 (P, 0), 100000000), 7);
  GByteArray *sample = es_payload_u8 (es_payload_u64 (es_payload_u8 (P, 0), 4096), 3);

  es_payload_cstr (begin, "Main");
  for (int i = 0; i < 5; i++)
    es_payload_cstr (begin, i == 2 ? "T" : "");
  es_payload_cstr (begin, "");
  es_payload_u32 (es_payload_u32 (es_payload_u32 (sample, 3), 2), 1);
  es_test_log_event (log, 160, 1, begin);
  es_test_log_event (log, 161, 2, es_payload_u8 (es_payload_cstr (es_payload_cstr (es_payload_cstr (es_payload_u32 (P, 3), "go"), "Main"), "Main.hs:4:1-10"), 1));
  es_test_log_event (log, 162, 3, es_payload_u64 (P, 1));
  es_test_log_event (log, 163, 4, sample);
  es_test_log_event (log, 164, 5, es_payload_cstr (es_payload_u64 (es_payload_u8 (P, 0), 512), "ARR_WORDS"));
  es_test_log_event (log, 165, 6, es_payload_u64 (P, 1));
  es_test_log_event (log, 166, 7, es_payload_u64 (es_payload_u64 (P, 2), 6500));
  es_test_log_end (log);
  es_test_assert_lines (log, expected);
}

static void
test_time_profile_and_ipe (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new_ghc ();
  const char *expected[] = {
    "1: start time profiling, tick interval 1000000 (ns)\n",
    "2: cap no 1, prof sample 42, cost centre stack 7, 8\n",
    "3: Info Table: 409f78:21:sat_s154_info - Test.hs:5:1-30\n", NULL,
  };
  GByteArray *ipe = es_payload_u64 (P, 0x409f78);

  es_payload_cstr (ipe, "sat_s154_info");
  es_payload_cstr (ipe, "21");
  es_payload_cstr (ipe, "Int");
  es_payload_cstr (ipe, "label");
  es_payload_cstr (ipe, "Main");
  es_payload_cstr (ipe, "Test.hs:5:1-30");
  es_test_log_event (log, 168, 1, es_payload_u64 (P, 1000000));
  es_test_log_event (log, 167, 2, es_payload_u32 (es_payload_u32 (es_payload_u8 (es_payload_u64 (es_payload_u32 (P, 1), 42), 2), 7), 8));
  es_test_log_event (log, 169, 3, ipe);
  es_test_log_end (log);
  es_test_assert_lines (log, expected);
}

static void
test_nonmoving (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new_ghc ();
  const char *expected[] = {
    "1: concurrent mark began\n", "2: concurrent mark ended: marked 77 objects\n",
    "3: post-mark synchronization began\n", "4: post-mark synchronization ended\n",
    "5: concurrent sweep began\n", "6: concurrent sweep ended\n",
    "7: update remembered set flushed by 1\n",
    "8: nonmoving heap census 4096: 10 active segments, 5 filled segments, 300 live blocks\n",
    "9: nonmoving segments pruned: 4 pruned segments, 2 free segments retained\n", NULL,
  };

  es_test_log_event (log, 200, 1, NULL);
  es_test_log_event (log, 201, 2, es_payload_u32 (P, 77));
  es_test_log_event (log, 202, 3, NULL);
  es_test_log_event (log, 203, 4, NULL);
  es_test_log_event (log, 204, 5, NULL);
  es_test_log_event (log, 205, 6, NULL);
  es_test_log_event (log, 206, 7, es_payload_u16 (P, 1));
  es_test_log_event (log, 207, 8, es_payload_u32 (es_payload_u32 (es_payload_u32 (es_payload_u16 (P, 4096), 10), 5), 300));
  es_test_log_event (log, 208, 9, es_payload_u32 (es_payload_u32 (P, 4), 2));
  es_test_log_end (log);
  es_test_assert_lines (log, expected);
}

/* Before GHC 9.10 the census gave log2 of the block size in one byte. */
static void
test_census_13_bytes (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  const char *expected[] = {
    "8: nonmoving heap census 64: 10 active segments, 5 filled segments, 300 live blocks\n", NULL,
  };

  es_test_log_declare (log, 207, 13, "Nonmoving heap census");
  es_test_log_begin_data (log);
  es_test_log_event (log, 207, 8, es_payload_u32 (es_payload_u32 (es_payload_u32 (es_payload_u8 (P, 6), 10), 5), 300));
  es_test_log_end (log);
  es_test_assert_lines (log, expected);
}

/* TICKY_COUNTER_DEF grew an info-table field and then a JSON one: present
 * exactly when bytes remain in the payload. */
static void
test_ticky (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new_ghc ();
  const char *expected[] = {
    "1: ticky counter definition 11, arity: 1, def kinds: M, name: go (fun), itbl: 0\n",
    "2: ticky counter definition 12, arity: 0, def kinds: , name: main, itbl: 4050e0\n",
    "3: ticky counter definition 13, arity: 2, def kinds: MM, name: f, itbl: 4051e0\n",
    "4: ticky begin counter sample\n",
    "5: ticky counter sample 11: entry count: 3, 96 allocs, 0 allocd\n", NULL,
  };

  es_test_log_event (log, 210, 1, es_payload_cstr (es_payload_cstr (es_payload_u16 (es_payload_u64 (P, 11), 1), "M"), "go (fun)"));
  es_test_log_event (log, 210, 2, es_payload_u64 (es_payload_cstr (es_payload_cstr (es_payload_u16 (es_payload_u64 (P, 12), 0), ""), "main"), 0x4050e0));
  es_test_log_event (log, 210, 3, es_payload_cstr (es_payload_u64 (es_payload_cstr (es_payload_cstr (es_payload_u16 (es_payload_u64 (P, 13), 2), "MM"), "f"), 0x4051e0), "{\"a\":1}"));
  es_test_log_event (log, 212, 4, NULL);
  es_test_log_event (log, 211, 5, es_payload_u64 (es_payload_u64 (es_payload_u64 (es_payload_u64 (P, 11), 3), 96), 0));
  es_test_log_end (log);
  es_test_assert_lines (log, expected);
}

static void
test_eden (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  const char *expected[] = {
    "1: compiler version is 7.10\n", "2: program invocation: ./par 4\n",
    "3: starting to receive\n", "4: stop receiving\n", "5: creating process 2\n",
    "6: killing process 2\n", "7: assigning thread 9 to process 2\n",
    "8: creating machine 3 at 99\n", "9: killing machine 3\n",
    "10: sending message with tag DataMes from process 1, thread 2 to machine 3, process 4 on inport 5\n",
    "11: receiving message with tag Head at process 1, inport 2 from machine 3, process 4, thread 5 with size 600\n",
    "12: sending/receiving message with tag Ready from process 1, thread 2 to process 3 on inport 4\n", NULL,
  };
  static const struct { guint16 tag; int size; } types[] = {
    { 23, -1 }, { 24, -1 }, { 60, 0 }, { 61, 0 }, { 62, 4 }, { 63, 4 }, { 64, 8 },
    { 65, 10 }, { 66, 2 }, { 67, 19 }, { 68, 23 }, { 69, 17 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    es_test_log_declare (log, types[i].tag, types[i].size, "Eden event");
  es_test_log_begin_data (log);
  es_test_log_event (log, 23, 1, es_payload_str (P, "7.10"));
  es_test_log_event (log, 24, 2, es_payload_str (P, "./par 4"));
  es_test_log_event (log, 60, 3, NULL);
  es_test_log_event (log, 61, 4, NULL);
  es_test_log_event (log, 62, 5, es_payload_u32 (P, 2));
  es_test_log_event (log, 63, 6, es_payload_u32 (P, 2));
  es_test_log_event (log, 64, 7, es_payload_u32 (es_payload_u32 (P, 9), 2));
  es_test_log_event (log, 65, 8, es_payload_u64 (es_payload_u16 (P, 3), 99));
  es_test_log_event (log, 66, 9, es_payload_u16 (P, 3));
  es_test_log_event (log, 67, 10, es_payload_u32 (es_payload_u32 (es_payload_u16 (es_payload_u32 (es_payload_u32 (es_payload_u8 (P, 0x57), 1), 2), 3), 4), 5));
  es_test_log_event (log, 68, 11, es_payload_u32 (es_payload_u32 (es_payload_u32 (es_payload_u16 (es_payload_u32 (es_payload_u32 (es_payload_u8 (P, 0x58), 1), 2), 3), 4), 5), 600));
  es_test_log_event (log, 69, 12, es_payload_u32 (es_payload_u32 (es_payload_u32 (es_payload_u32 (es_payload_u8 (P, 0x50), 1), 2), 3), 4));
  es_test_log_end (log);
  es_test_assert_lines (log, expected);
}

static void
test_mercury_and_perf (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  const char *expected[] = {
    "1: Start a parallel conjunction 0xab, static_id: 4\n", "2: End par conjunction: 0xab\n",
    "3: End par conjunct: 0xab\n", "4: Create spark for conjunction: 0xab spark: 0x1f\n",
    "5: Create future 0xcd named 6\n", "6: Wait didn't suspend for future: 0xcd\n",
    "7: Wait suspended on future: 0xcd\n", "8: Signaled future 0xcd\n",
    "9: Looking for global thread to resume\n", "10: Trying to steal a spark\n",
    "11: Releasing thread 3 to the free pool\n", "12: Capability going to sleep\n",
    "13: Looking for a local spark to execute\n", "14: About to call the program entry point\n",
    "15: perf event 2 named \"cycles\"\n",
    "16: perf event counter 2 incremented by 1001 in OS thread 77\n",
    "17: perf event tracepoint 2 reached in OS thread 77\n", NULL,
  };
  static const struct { guint16 tag; int size; } types[] = {
    { 100, 12 }, { 101, 8 }, { 102, 8 }, { 103, 12 }, { 104, 12 }, { 105, 8 }, { 106, 8 },
    { 107, 8 }, { 108, 0 }, { 109, 0 }, { 110, 4 }, { 111, 0 }, { 112, 0 }, { 113, 0 },
    { 140, -1 }, { 141, 20 }, { 142, 12 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    es_test_log_declare (log, types[i].tag, types[i].size, "Other event");
  es_test_log_begin_data (log);
  es_test_log_event (log, 100, 1, es_payload_u32 (es_payload_u64 (P, 0xab), 4));
  es_test_log_event (log, 101, 2, es_payload_u64 (P, 0xab));
  es_test_log_event (log, 102, 3, es_payload_u64 (P, 0xab));
  es_test_log_event (log, 103, 4, es_payload_u32 (es_payload_u64 (P, 0xab), 0x1f));
  es_test_log_event (log, 104, 5, es_payload_u32 (es_payload_u64 (P, 0xcd), 6));
  es_test_log_event (log, 105, 6, es_payload_u64 (P, 0xcd));
  es_test_log_event (log, 106, 7, es_payload_u64 (P, 0xcd));
  es_test_log_event (log, 107, 8, es_payload_u64 (P, 0xcd));
  es_test_log_event (log, 108, 9, NULL);
  es_test_log_event (log, 109, 10, NULL);
  es_test_log_event (log, 110, 11, es_payload_u32 (P, 3));
  es_test_log_event (log, 111, 12, NULL);
  es_test_log_event (log, 112, 13, NULL);
  es_test_log_event (log, 113, 14, NULL);
  es_test_log_event (log, 140, 15, es_payload_str (es_payload_u32 (P, 2), "cycles"));
  es_test_log_event (log, 141, 16, es_payload_u64 (es_payload_u64 (es_payload_u32 (P, 2), 77), 1000));
  es_test_log_event (log, 142, 17, es_payload_u64 (es_payload_u32 (P, 2), 77));
  es_test_log_end (log);
  es_test_assert_lines (log, expected);
}

/* Every event of @data, read with @fields_unread, each into an event
 * filled with 0xab bytes first. */
static GArray *
read_all (GByteArray *data,
          guint64     fields_unread)
{
  g_autoptr(EsEventlogReader) reader = es_eventlog_reader_new ();
  g_autoptr(GError) error = NULL;
  GArray *events = g_array_new (FALSE, FALSE, sizeof (EsEvent));
  EsEvent event;

  es_eventlog_reader_set_fields_unread (reader, fields_unread);
  es_eventlog_reader_feed (reader, data->data, data->len);
  es_eventlog_reader_finish (reader);
  for (;;)
    {
      EsReadResult r;

      memset (&event, 0xab, sizeof event);
      r = es_eventlog_reader_next (reader, &event, &error);
      g_assert_no_error (error);
      if (r != ES_READ_EVENT)
        break;
      g_array_append_val (events, event);
    }
  return events;
}

/* A reader told which tags' fields are not read (a summary's load) hands
 * those events out with their header only, the same as ever, their fields
 * not decoded; every other event whole, the block markers too (the caps
 * come from them). */
static void
test_fields_unread (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new_ghc ();
  g_autoptr(GArray) whole = NULL;
  g_autoptr(GArray) headers = NULL;
  guint n_wakeups = 0;

  es_test_log_begin_block (log, 10, 1);
  es_test_log_event (log, ES_EVENT_RUN_THREAD, 11, es_payload_u32 (P, 7));
  es_test_log_event (log, ES_EVENT_THREAD_WAKEUP, 12, es_payload_u16 (es_payload_u32 (P, 8), 1));
  es_test_log_event (log, ES_EVENT_STOP_THREAD, 13, es_payload_u32 (es_payload_u16 (es_payload_u32 (P, 7), 3), 0));
  es_test_log_end_block (log, 14);
  es_test_log_event (log, ES_EVENT_THREAD_WAKEUP, 15, es_payload_u16 (es_payload_u32 (P, 9), 0));
  es_test_log_end (log);

  whole = read_all (es_test_log_get_data (log), 0);
  headers = read_all (es_test_log_get_data (log),
                      (G_GUINT64_CONSTANT (1) << ES_EVENT_THREAD_WAKEUP) |
                      (G_GUINT64_CONSTANT (1) << ES_EVENT_BLOCK_MARKER));
  g_assert_cmpuint (whole->len, ==, 5);
  g_assert_cmpuint (headers->len, ==, whole->len);
  for (guint i = 0; i < whole->len; i++)
    {
      const EsEvent *w = &g_array_index (whole, EsEvent, i);
      const EsEvent *h = &g_array_index (headers, EsEvent, i);

      g_assert_cmpuint (h->tag, ==, w->tag);
      g_assert_cmpuint (h->time, ==, w->time);
      g_assert_cmpuint (h->cap, ==, w->cap);
      g_assert_cmpint (h->offset, ==, w->offset);
      g_assert_cmpuint (h->size, ==, w->size);
      g_assert_false (h->unknown);
      if (w->tag == ES_EVENT_THREAD_WAKEUP)
        {
          n_wakeups++;
          g_assert_cmpuint (w->u.thread.thread, ==, w->time == 12 ? 8 : 9);
          g_assert_cmpuint (h->u.thread.thread, ==, 0xababababu);
        }
      else
        g_assert_true (memcmp (&h->u, &w->u, sizeof h->u) == 0);
    }
  g_assert_cmpuint (n_wakeups, ==, 2);
  g_assert_cmpuint (g_array_index (headers, EsEvent, 1).cap, ==, 1);
  g_assert_cmpuint (g_array_index (headers, EsEvent, 4).cap, ==, ES_CAP_NONE);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/reader/header/types", test_header_types);
  g_test_add_func ("/reader/fields-unread-header-only", test_fields_unread);
  g_test_add_func ("/reader/header/extra-field-skipped", test_header_extra_field);
  g_test_add_func ("/reader/family/scheduler", test_scheduler);
  g_test_add_func ("/reader/family/gc", test_gc);
  g_test_add_func ("/reader/family/gc-stats-50-bytes", test_gc_stats_50_bytes);
  g_test_add_func ("/reader/family/heap", test_heap);
  g_test_add_func ("/reader/family/sparks", test_sparks);
  g_test_add_func ("/reader/family/capsets-and-caps", test_capsets_and_caps);
  g_test_add_func ("/reader/family/tasks", test_tasks);
  g_test_add_func ("/reader/family/user-events", test_user_events);
  g_test_add_func ("/reader/family/heap-profile", test_heap_profile);
  g_test_add_func ("/reader/family/time-profile-and-ipe", test_time_profile_and_ipe);
  g_test_add_func ("/reader/family/nonmoving-gc", test_nonmoving);
  g_test_add_func ("/reader/family/census-13-bytes", test_census_13_bytes);
  g_test_add_func ("/reader/family/ticky-optional-fields", test_ticky);
  g_test_add_func ("/reader/family/eden", test_eden);
  g_test_add_func ("/reader/family/mercury-and-perf", test_mercury_and_perf);

  return g_test_run ();
}
