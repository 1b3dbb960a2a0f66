/* test-reader-robustness.c: truncated, corrupt and hostile input
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-test-log.h"

static GBytes *
load_fixture (const char *name)
{
  g_autofree char *path = es_test_fixture_path (name);
  g_autoptr(GError) error = NULL;
  char *contents;
  gsize len;

  g_assert_true (g_file_get_contents (path, &contents, &len, &error));
  return g_bytes_new_take (contents, len);
}

/* A log cut anywhere after its header yields exactly the events that lie
 * wholly before the cut, and says where the data stops; a cut inside the
 * header is an error that names the offset. */
static void
test_cut_at_every_byte (void)
{
  g_autoptr(GBytes) bytes = load_fixture ("hello.eventlog");
  gsize len;
  const guint8 *data = g_bytes_get_data (bytes, &len);
  g_autoptr(EsEventlogReader) full_reader = NULL;
  g_autoptr(GArray) full = es_test_decode (data, len, 0, &full_reader, NULL);
  gint64 data_offset = es_eventlog_reader_get_data_offset (full_reader);

  g_assert_nonnull (full);
  g_assert_cmpint (data_offset, >, 0);

  for (gsize cut = 0; cut <= len; cut++)
    {
      g_autoptr(EsEventlogReader) reader = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(GArray) events = es_test_decode (data, cut, cut % 2 ? 7 : 0, &reader, &error);
      gint64 stop_offset;
      gsize partial, expected_count = 0;
      gint64 expected_stop = data_offset;

      if ((gint64) cut < data_offset)
        {
          g_autofree char *where = g_strdup_printf ("byte %" G_GSIZE_FORMAT ":", cut);

          g_assert_error (error, ES_EVENTLOG_ERROR, ES_EVENTLOG_ERROR_TRUNCATED_HEADER);
          g_assert_true (g_str_has_prefix (error->message, where));
          g_assert_null (events);
          continue;
        }

      g_assert_no_error (error);
      for (guint i = 0; i < full->len; i++)
        {
          const EsTestEvent *e = &g_array_index (full, EsTestEvent, i);
          gint64 end = i + 1 < full->len ? g_array_index (full, EsTestEvent, i + 1).offset : (gint64) len - 2;

          if (end <= (gint64) cut)
            {
              expected_count = i + 1;
              expected_stop = end;
            }
          (void) e;
        }
      if (cut == len)
        expected_stop = len;

      g_assert_cmpuint (events->len, ==, expected_count);
      for (guint i = 0; i < events->len; i++)
        g_assert_cmpstr (g_array_index (events, EsTestEvent, i).text, ==,
                         g_array_index (full, EsTestEvent, i).text);
      g_assert_cmpint (es_eventlog_reader_is_truncated (reader, &stop_offset, &partial), ==, cut != len);
      g_assert_cmpint (stop_offset, ==, expected_stop);
      g_assert_cmpuint (partial, ==, cut - expected_stop);
    }
}

static void
test_shared_truncated_log (void)
{
  g_autofree char *path = es_test_shared_path ("eventlogs/ghc-events/testlog-part.eventlog");
  g_autofree char *whole_path = es_test_shared_path ("eventlogs/ghc-events/testlog.eventlog");
  g_autoptr(EsEventlogReader) reader = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *part = NULL, *whole = NULL;
  g_autoptr(GArray) part_events = NULL, whole_events = NULL;
  gsize part_len, whole_len, partial;
  gint64 stop_offset;

  if (path == NULL || whole_path == NULL)
    {
      g_test_skip ("../shared/eventlogs is not beside the checkout");
      return;
    }

  g_assert_true (g_file_get_contents (path, &part, &part_len, NULL));
  g_assert_true (g_file_get_contents (whole_path, &whole, &whole_len, NULL));
  part_events = es_test_decode ((const guint8 *) part, part_len, 4096, &reader, &error);
  g_assert_no_error (error);
  whole_events = es_test_decode ((const guint8 *) whole, whole_len, 0, NULL, &error);
  g_assert_no_error (error);

  g_assert_cmpuint (part_len, ==, 10240);
  g_assert_true (es_eventlog_reader_is_truncated (reader, &stop_offset, &partial));
  g_assert_cmpint (stop_offset + (gint64) partial, ==, 10240);
  g_assert_cmpuint (partial, >, 0);
  g_assert_cmpuint (part_events->len, >, 700);
  g_assert_cmpuint (part_events->len, <, whole_events->len);
  for (guint i = 0; i < part_events->len; i++)
    g_assert_cmpstr (g_array_index (part_events, EsTestEvent, i).text, ==,
                     g_array_index (whole_events, EsTestEvent, i).text);
}

static GError *
decode_expecting_error (GByteArray *data)
{
  GError *error = NULL;
  g_autoptr(GArray) events = es_test_decode (data->data, data->len, 0, NULL, &error);

  g_assert_null (events);
  g_assert_nonnull (error);
  return error;
}

static GByteArray *
copy_fixture (const char *name)
{
  g_autoptr(GBytes) bytes = load_fixture (name);
  gsize len;
  const guint8 *data = g_bytes_get_data (bytes, &len);

  return g_byte_array_append (g_byte_array_new (), data, (guint) len);
}

static void
test_wrong_magic (void)
{
  g_autoptr(GByteArray) data = copy_fixture ("hello.eventlog");
  g_autoptr(GError) error = NULL;

  memcpy (data->data, "PK\x03\x04", 4);
  error = decode_expecting_error (data);
  g_assert_error (error, ES_EVENTLOG_ERROR, ES_EVENTLOG_ERROR_BAD_MAGIC);
  g_assert_true (g_str_has_prefix (error->message, "byte 0: "));
  g_assert_nonnull (strstr (error->message, "not a GHC eventlog"));
}

static void
test_broken_header_marker (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  g_autoptr(GError) error = NULL;
  GByteArray *data;

  es_test_log_declare (log, 1, 4, "Run thread");
  es_test_log_begin_data (log);
  data = es_test_log_get_data (log);
  /* The first type's end marker "ete\0" sits 4 bytes before "hete". */
  memcpy (data->data + 8 + 4 + 4 + 4 + 10 + 4, "XXXX", 4);
  error = decode_expecting_error (data);
  g_assert_error (error, ES_EVENTLOG_ERROR, ES_EVENTLOG_ERROR_BAD_MAGIC);
  g_assert_cmpstr (error->message, ==,
                   "byte 34: expected the end of an event type (\"ete\\0\"), found 0x58585858 \"XXXX\"");
}

static void
test_implausible_description_length (void)
{
  g_autoptr(GByteArray) data = g_byte_array_new ();
  g_autoptr(GError) error = NULL;

  es_payload_str (data, "hdrbhetb");
  es_payload_u32 (data, 0x65746200);
  es_payload_u16 (data, 1);
  es_payload_u16 (data, 4);
  es_payload_u32 (data, 0x7fffffff);
  error = decode_expecting_error (data);
  g_assert_error (error, ES_EVENTLOG_ERROR, ES_EVENTLOG_ERROR_BAD_LENGTH);
  g_assert_true (g_str_has_prefix (error->message, "byte 16: "));
}

static void
test_undeclared_tag (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = NULL;
  GByteArray *data;
  guint offset;

  es_test_log_declare (log, 1, 4, "Run thread");
  es_test_log_begin_data (log);
  es_test_log_event (log, 1, 5, es_payload_u32 (es_payload_new (), 1));
  data = es_test_log_get_data (log);
  offset = data->len;
  es_payload_u32 (es_payload_u64 (es_payload_u16 (data, 77), 6), 1);
  es_test_log_end (log);

  error = decode_expecting_error (data);
  g_assert_error (error, ES_EVENTLOG_ERROR, ES_EVENTLOG_ERROR_UNDECLARED_EVENT);
  expected = g_strdup_printf ("byte %u: event type 77 is not declared in the header, so its size "
                              "is unknown and nothing after it can be read", offset);
  g_assert_cmpstr (error->message, ==, expected);
}

/* A variable-size event whose length runs past the end of its block. */
static void
test_length_past_block_end (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = NULL;
  GByteArray *data;
  guint offset;

  es_test_log_declare (log, 18, 14, "Block marker");
  es_test_log_declare (log, 19, -1, "User message");
  es_test_log_begin_data (log);
  es_test_log_begin_block (log, 1, 0);
  data = es_test_log_get_data (log);
  offset = data->len;
  es_test_log_event (log, 19, 2, es_payload_str (es_payload_new (), "hello"));
  es_test_log_end_block (log, 3);
  es_test_log_event (log, 19, 4, es_payload_str (es_payload_new (), "0123456789"));
  es_test_log_end (log);
  /* Claim 60000 bytes: far past the block (and the file). */
  data->data[offset + 10] = 0xEA;
  data->data[offset + 11] = 0x60;

  error = decode_expecting_error (data);
  g_assert_error (error, ES_EVENTLOG_ERROR, ES_EVENTLOG_ERROR_BAD_LENGTH);
  expected = g_strdup_printf ("byte %u: event of type 19 (User message) is 60012 bytes long, "
                              "past the end of its block at byte %u", offset, offset + 17);
  g_assert_cmpstr (error->message, ==, expected);
}

/* A payload too short for the fields its own layout requires. */
static void
test_malformed_variable_payload (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = NULL;
  GByteArray *data;
  guint offset;

  es_test_log_declare (log, 161, -1, "Cost centre definition");
  es_test_log_begin_data (log);
  offset = es_test_log_get_data (log)->len;
  /* The source location string has no NUL terminator, and no flags follow. */
  es_test_log_event (log, 161, 9, es_payload_str (es_payload_cstr (es_payload_cstr (es_payload_u32 (es_payload_new (), 1), "f"), "M"), "M.hs"));
  es_test_log_end (log);
  data = es_test_log_get_data (log);

  error = decode_expecting_error (data);
  g_assert_error (error, ES_EVENTLOG_ERROR, ES_EVENTLOG_ERROR_MALFORMED_EVENT);
  expected = g_strdup_printf ("byte %u: event of type 161 has a 12-byte payload that ends "
                              "inside its source location", offset);
  g_assert_cmpstr (error->message, ==, expected);
}

/* Random damage anywhere: decoding always ends, in an error or a clean end,
 * never a crash or a hang. Errors always name a byte offset. */
static void
test_random_corruption (void)
{
  g_autoptr(GBytes) bytes = load_fixture ("parfib-N2.eventlog");
  gsize len;
  const guint8 *original = g_bytes_get_data (bytes, &len);
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261122);
  guint errors = 0, iterations = g_test_slow () ? 5000 : 400;

  for (guint iteration = 0; iteration < iterations; iteration++)
    {
      g_autofree guint8 *data = g_memdup2 (original, len);
      g_autoptr(GError) error = NULL;
      g_autoptr(GArray) events = NULL;
      guint n_flips = g_rand_int_range (rand, 1, 8);

      for (guint i = 0; i < n_flips; i++)
        data[g_rand_int_range (rand, 0, (gint32) len)] = (guint8) g_rand_int (rand);

      events = es_test_decode (data, len, g_rand_int_range (rand, 0, 3) * 1000, NULL, &error);
      if (events == NULL)
        {
          g_assert_nonnull (error);
          g_assert_true (g_str_has_prefix (error->message, "byte "));
          errors++;
        }
    }
  g_test_message ("%u of %u damaged logs were rejected with an error", errors, iterations);
  g_assert_cmpuint (errors, >, 0);
}

/* A header declaring every tag there is: parsed, bounded, and the events
 * after it decode. */
static void
test_header_with_every_tag (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  g_autoptr(GArray) events = NULL;
  g_autoptr(EsEventlogReader) reader = NULL;
  g_autoptr(GError) error = NULL;
  GByteArray *data;
  guint n_types;

  for (guint tag = 0; tag < 0xFFFF; tag++)
    es_test_log_declare (log, (guint16) tag, tag == 19 ? -1 : tag == 1 ? 4 : (int) (tag % 64), "x");
  es_test_log_begin_data (log);
  es_test_log_event (log, 1, 5, es_payload_u32 (es_payload_new (), 3));
  es_test_log_event (log, 19, 6, es_payload_str (es_payload_new (), "still here"));
  es_test_log_end (log);
  data = es_test_log_get_data (log);

  events = es_test_decode (data->data, data->len, 4096, &reader, &error);
  g_assert_no_error (error);
  es_eventlog_reader_get_event_types (reader, &n_types);
  g_assert_cmpuint (n_types, ==, 0xFFFF);
  g_assert_cmpuint (events->len, ==, 2);
  g_assert_cmpstr (g_array_index (events, EsTestEvent, 1).text, ==, "6: still here\n");
}

/* A variable event at the end claiming 64 KB it does not have: the log is
 * cut short there, everything before it is kept. */
static void
test_huge_claim_at_the_end (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  g_autoptr(GArray) events = NULL;
  g_autoptr(EsEventlogReader) reader = NULL;
  g_autoptr(GError) error = NULL;
  GByteArray *data;
  gint64 stop;
  gsize partial;

  es_test_log_declare (log, 19, -1, "User message");
  es_test_log_begin_data (log);
  es_test_log_event (log, 19, 1, es_payload_str (es_payload_new (), "first"));
  data = es_test_log_get_data (log);
  es_payload_u16 (es_payload_u64 (es_payload_u16 (data, 19), 2), 0xFFFF);
  es_payload_str (data, "only this much");

  events = es_test_decode (data->data, data->len, 0, &reader, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (events->len, ==, 1);
  g_assert_true (es_eventlog_reader_is_truncated (reader, &stop, &partial));
  g_assert_cmpuint (stop + partial, ==, data->len);
  g_assert_cmpuint (partial, ==, 12 + strlen ("only this much"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/reader/truncated/cut-at-every-byte", test_cut_at_every_byte);
  g_test_add_func ("/reader/truncated/testlog-part", test_shared_truncated_log);
  g_test_add_func ("/reader/malformed/wrong-magic", test_wrong_magic);
  g_test_add_func ("/reader/malformed/broken-header-marker", test_broken_header_marker);
  g_test_add_func ("/reader/malformed/implausible-description-length", test_implausible_description_length);
  g_test_add_func ("/reader/malformed/undeclared-tag", test_undeclared_tag);
  g_test_add_func ("/reader/malformed/length-past-block-end", test_length_past_block_end);
  g_test_add_func ("/reader/malformed/variable-payload-too-short", test_malformed_variable_payload);
  g_test_add_func ("/reader/malformed/random-corruption-never-crashes", test_random_corruption);
  g_test_add_func ("/reader/hostile/header-with-every-tag", test_header_with_every_tag);
  g_test_add_func ("/reader/hostile/huge-claim-at-the-end", test_huge_claim_at_the_end);

  return g_test_run ();
}
