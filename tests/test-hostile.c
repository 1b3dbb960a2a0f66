/* test-hostile.c: logs made to hurt, read whole and by partition, and built
 * into documents
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "es-document.h"
#include "es-eventlog-error.h"
#include "es-test-log.h"

#define TAG_CREATE_THREAD 0
#define TAG_RUN_THREAD    1
#define TAG_STOP_THREAD   2
#define TAG_STARTUP       17
#define TAG_BLOCK_MARKER  18
#define TAG_THREAD_LABEL  44

/* Writes @data to a temporary file and loads it as the viewer would. */
static EsDocument *
load_bytes (GByteArray  *data,
            GError     **error)
{
  g_autofree char *path = es_test_write_temp_log (data->data, data->len);
  EsDocument *document;

  document = es_document_load_file (path, NULL, NULL, NULL, error);
  g_unlink (path);
  return document;
}

/* Decodes @data as worker @part of @n_parts does. Returns the number of
 * events, or -1 with @error set. */
static gint64
decode_part (GByteArray  *data,
             guint        n_parts,
             guint        part,
             gboolean    *truncated,
             GError     **error)
{
  g_autoptr(EsEventlogReader) reader = es_eventlog_reader_new ();
  gint64 n_events = 0;
  gboolean fed = FALSE;

  es_eventlog_reader_set_partition (reader, n_parts, part);
  for (;;)
    {
      EsEvent event;

      switch (es_eventlog_reader_next (reader, &event, error))
        {
        case ES_READ_EVENT:
          n_events++;
          break;
        case ES_READ_NEED_MORE:
          if (fed)
            es_eventlog_reader_finish (reader);
          else
            es_eventlog_reader_feed (reader, data->data, data->len);
          fed = TRUE;
          break;
        case ES_READ_END:
          *truncated = es_eventlog_reader_is_truncated (reader, NULL, NULL);
          return n_events;
        case ES_READ_ERROR:
        default:
          return -1;
        }
    }
}

static void
put_be32 (guint8  *p,
          guint32  v)
{
  for (int i = 0; i < 4; i++)
    p[i] = (v >> (24 - 8 * i)) & 0xff;
}

/* Two blocks, cap 0's then cap 1's, three thread events in each. Their
 * markers' offsets go to @markers. */
static GByteArray *
two_blocks (guint markers[2])
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  GByteArray *data;

  es_test_log_declare_ghc (log);
  es_test_log_begin_data (log);
  for (guint16 cap = 0; cap < 2; cap++)
    {
      markers[cap] = es_test_log_get_data (log)->len;
      es_test_log_begin_block (log, 100 * cap, cap);
      es_test_log_event (log, TAG_CREATE_THREAD, 100 * cap + 1, es_payload_u32 (es_payload_new (), cap + 1));
      es_test_log_event (log, TAG_RUN_THREAD, 100 * cap + 2, es_payload_u32 (es_payload_new (), cap + 1));
      es_test_log_event (log, TAG_STOP_THREAD, 100 * cap + 3,
                         es_payload_u32 (es_payload_u16 (es_payload_u32 (es_payload_new (), cap + 1), 3), 0));
      es_test_log_end_block (log, 100 * cap + 3);
    }
  es_test_log_end (log);
  data = es_test_log_get_data (log);
  return g_byte_array_ref (data);
}

/* The first block claims to run over the second: an error naming both
 * places, whether read whole or by partition, never a quietly different
 * document. */
static void
test_block_size_covering_the_next_block (void)
{
  guint markers[2];
  g_autoptr(GByteArray) data = two_blocks (markers);
  g_autoptr(GError) error = NULL;
  g_autoptr(EsDocument) document = NULL;
  g_autofree char *where = NULL;
  gboolean truncated;
  gboolean some_part_failed = FALSE;

  put_be32 (data->data + markers[0] + 10, data->len - markers[0] - 2);

  g_assert_cmpint (decode_part (data, 1, 0, &truncated, &error), ==, -1);
  g_assert_error (error, ES_EVENTLOG_ERROR, ES_EVENTLOG_ERROR_BAD_LENGTH);
  where = g_strdup_printf ("byte %u: a block begins inside the block that began at byte %u", markers[1], markers[0]);
  g_assert_true (g_str_has_prefix (error->message, where));
  g_clear_error (&error);

  for (guint part = 0; part < 2; part++)
    {
      if (decode_part (data, 2, part, &truncated, &error) < 0)
        some_part_failed = TRUE;
      g_clear_error (&error);
    }
  g_assert_true (some_part_failed);

  document = load_bytes (data, &error);
  g_assert_null (document);
  g_assert_error (error, ES_EVENTLOG_ERROR, ES_EVENTLOG_ERROR_BAD_LENGTH);
}

/* A block smaller than its own marker. */
static void
test_block_size_smaller_than_its_marker (void)
{
  guint markers[2];
  g_autoptr(GByteArray) data = two_blocks (markers);
  g_autoptr(GError) error = NULL;
  g_autofree char *where = NULL;
  gboolean truncated;

  put_be32 (data->data + markers[1] + 10, 3);
  g_assert_cmpint (decode_part (data, 1, 0, &truncated, &error), ==, -1);
  g_assert_error (error, ES_EVENTLOG_ERROR, ES_EVENTLOG_ERROR_BAD_LENGTH);
  where = g_strdup_printf ("byte %u: block marker gives its block 3 bytes", markers[1]);
  g_assert_true (g_str_has_prefix (error->message, where));
}

/* The last block claims bytes the file does not have, as in a log cut off
 * mid-write: every event there is kept, by every partition, and the log is
 * said to be cut short. */
static void
test_block_size_past_the_end (void)
{
  guint markers[2];
  g_autoptr(GByteArray) data = two_blocks (markers);
  g_autoptr(GError) error = NULL;
  g_autoptr(EsDocument) document = NULL;
  gboolean truncated = FALSE;
  gint64 whole, parts = 0;

  g_byte_array_set_size (data, data->len - 2);   /* no end marker */
  put_be32 (data->data + markers[1] + 10, 1u << 20);

  whole = decode_part (data, 1, 0, &truncated, &error);
  g_assert_no_error (error);
  g_assert_true (truncated);
  g_assert_cmpint (whole, ==, 8);
  for (guint part = 0; part < 2; part++)
    {
      gint64 n = decode_part (data, 2, part, &truncated, &error);

      g_assert_no_error (error);
      parts += n;
    }
  g_assert_cmpint (parts, ==, whole);

  document = load_bytes (data, &error);
  g_assert_no_error (error);
  g_assert_true (es_document_is_truncated (document, NULL));
  /* The document does not count the two block markers. */
  g_assert_cmpuint (es_document_get_n_events (document), ==, whole - 2);
}

/* Event data where the header should still be declaring event types. */
static void
test_events_before_the_header_ends (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) events = NULL;
  g_autofree char *where = NULL;
  GByteArray *data;
  guint types_end;

  es_test_log_declare (log, TAG_RUN_THREAD, 4, "Run thread");
  data = es_test_log_get_data (log);
  types_end = data->len;
  es_payload_u32 (es_payload_u64 (es_payload_u16 (data, TAG_RUN_THREAD), 5), 1);
  es_payload_u16 (data, 0xFFFF);

  events = es_test_decode (data->data, data->len, 0, NULL, &error);
  g_assert_null (events);
  g_assert_error (error, ES_EVENTLOG_ERROR, ES_EVENTLOG_ERROR_BAD_MAGIC);
  where = g_strdup_printf ("byte %u:", types_end);
  g_assert_true (g_str_has_prefix (error->message, where));
}

/* Startup with 65,535 capabilities and events on the last one: the
 * document holds them all, and stays small. */
static void
test_the_most_capabilities (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(EsDocument) document = NULL;
  gint64 started = g_get_monotonic_time ();
  guint n_activities;

  es_test_log_declare_ghc (log);
  es_test_log_begin_data (log);
  es_test_log_event (log, TAG_STARTUP, 1, es_payload_u16 (es_payload_new (), 0xFFFF));
  es_test_log_begin_block (log, 2, 0xFFFE);
  es_test_log_event (log, TAG_RUN_THREAD, 3, es_payload_u32 (es_payload_new (), 9));
  es_test_log_event (log, TAG_STOP_THREAD, 4,
                     es_payload_u32 (es_payload_u16 (es_payload_u32 (es_payload_new (), 9), 3), 0));
  es_test_log_end_block (log, 4);
  es_test_log_end (log);

  document = load_bytes (es_test_log_get_data (log), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (es_document_get_n_caps (document), ==, 0xFFFF);
  es_cap_timeline_get_activities (es_document_get_cap (document, 0xFFFE), &n_activities);
  g_assert_cmpuint (n_activities, >=, 1);
  g_test_message ("65,535 capabilities loaded in %.0f ms",
                  (g_get_monotonic_time () - started) / 1000.0);
}

/* A million threads with ids spread over all 32 bits, one of them
 * labelled with 60,000 bytes, broken UTF-8 among them, and no terminating
 * NUL. */
static void
test_a_million_threads_and_an_endless_label (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(EsDocument) document = NULL;
  g_autofree char *endless = g_malloc (60001);
  const guint n_threads = 1000000;
  const EsThread *labelled;
  guint n;

  memset (endless, 'x', 60000);
  endless[60000] = '\0';
  /* Broken UTF-8 too: what is shown must be valid. */
  endless[100] = (char) 0xC3;
  endless[101] = '(';
  endless[30000] = (char) 0xFF;
  es_test_log_declare_ghc (log);
  es_test_log_begin_data (log);
  es_test_log_begin_block (log, 0, 0);
  for (guint i = 0; i < n_threads; i++)
    es_test_log_event (log, TAG_CREATE_THREAD, i, es_payload_u32 (es_payload_new (), i * 4294u + 1u));
  es_test_log_event (log, TAG_THREAD_LABEL, n_threads,
                     es_payload_str (es_payload_u32 (es_payload_new (), G_MAXUINT32), endless));
  es_test_log_end_block (log, n_threads);
  es_test_log_end (log);

  document = load_bytes (es_test_log_get_data (log), &error);
  g_assert_no_error (error);
  n = es_document_get_n_threads (document);
  g_assert_cmpuint (n, ==, n_threads + 1);
  g_assert_nonnull (es_document_lookup_thread (document, (n_threads - 1) * 4294u + 1u));
  labelled = es_document_lookup_thread (document, G_MAXUINT32);
  g_assert_nonnull (labelled);
  g_assert_true (g_utf8_validate (labelled->label, -1, NULL));
  g_assert_cmpuint (g_utf8_strlen (labelled->label, -1), ==, 60000);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/hostile/block-size-covering-the-next-block", test_block_size_covering_the_next_block);
  g_test_add_func ("/hostile/block-size-smaller-than-its-marker", test_block_size_smaller_than_its_marker);
  g_test_add_func ("/hostile/block-size-past-the-end", test_block_size_past_the_end);
  g_test_add_func ("/hostile/events-before-the-header-ends", test_events_before_the_header_ends);
  g_test_add_func ("/hostile/the-most-capabilities", test_the_most_capabilities);
  g_test_add_func ("/hostile/a-million-threads-and-an-endless-label", test_a_million_threads_and_an_endless_label);

  return g_test_run ();
}
