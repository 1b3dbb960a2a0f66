/* test-reader-chunks.c: the same events, however the input is split
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-test-log.h"

static void
assert_same_events (GArray *a,
                    GArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    {
      const EsTestEvent *ea = &g_array_index (a, EsTestEvent, i);
      const EsTestEvent *eb = &g_array_index (b, EsTestEvent, i);

      g_assert_cmpint (ea->offset, ==, eb->offset);
      g_assert_cmpuint (ea->time, ==, eb->time);
      g_assert_cmpuint (ea->tag, ==, eb->tag);
      g_assert_cmpuint (ea->cap, ==, eb->cap);
      g_assert_cmpstr (ea->text, ==, eb->text);
    }
}

static void
check_chunking (const char *path)
{
  static const gsize chunk_sizes[] = { 1, 7, 4096 };
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GArray) whole = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (path, &contents, &len, &error));
  whole = es_test_decode ((const guint8 *) contents, len, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (whole->len, >, 10);

  for (guint i = 0; i < G_N_ELEMENTS (chunk_sizes); i++)
    {
      g_autoptr(GArray) chunked = NULL;
      g_autoptr(EsEventlogReader) reader = NULL;

      chunked = es_test_decode ((const guint8 *) contents, len, chunk_sizes[i], &reader, &error);
      g_assert_no_error (error);
      assert_same_events (whole, chunked);
      g_assert_true (es_eventlog_reader_saw_end_marker (reader));
    }
}

static void
test_own_fixture (gconstpointer data)
{
  g_autofree char *path = es_test_fixture_path (data);

  check_chunking (path);
}

static void
test_shared_log (gconstpointer data)
{
  g_autofree char *path = es_test_shared_path (data);

  if (path == NULL)
    {
      g_test_skip ("../shared/eventlogs is not beside the checkout");
      return;
    }
  check_chunking (path);
}

/* Pending bytes are exactly what was fed but not yet decoded. */
static void
test_pending_bytes (void)
{
  g_autofree char *path = es_test_fixture_path ("hello.eventlog");
  g_autoptr(EsEventlogReader) reader = es_eventlog_reader_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize len, fed = 0;
  EsEvent event;

  g_assert_true (g_file_get_contents (path, &contents, &len, &error));
  g_assert_cmpuint (es_eventlog_reader_get_pending (reader), ==, 0);

  for (;;)
    {
      EsReadResult r = es_eventlog_reader_next (reader, &event, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (es_eventlog_reader_get_offset (reader) + es_eventlog_reader_get_pending (reader), ==, fed);
      if (r == ES_READ_END)
        break;
      if (r == ES_READ_NEED_MORE)
        {
          gsize n = MIN (100, len - fed);

          g_assert_cmpuint (n, >, 0);
          es_eventlog_reader_feed (reader, (const guint8 *) contents + fed, n);
          fed += n;
          g_assert_cmpuint (es_eventlog_reader_get_offset (reader) + es_eventlog_reader_get_pending (reader), ==, fed);
        }
    }
  g_assert_cmpuint (es_eventlog_reader_get_offset (reader), ==, len);
  g_assert_cmpuint (es_eventlog_reader_get_pending (reader), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  static const char *own[] = { "hello.eventlog", "parfib-N2.eventlog", "profiled-hc.eventlog" };
  static const char *shared[] = {
    "eventlogs/ghc-events/ghc-9.2-events.eventlog",
    "eventlogs/ghc-events/hello-ghc-8.6.5.eventlog",
    "eventlogs/ghc-events/sleep.hd.eventlog",
    "eventlogs/ghc-events/ticky-new.eventlog",
    "eventlogs/ghc-events/historical/queens-ghc-6.12.1.eventlog",
  };

  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (own); i++)
    {
      g_autofree char *name = g_strdup_printf ("/reader/chunks/fixture/%s", own[i]);
      g_test_add_data_func (name, own[i], test_own_fixture);
    }
  for (guint i = 0; i < G_N_ELEMENTS (shared); i++)
    {
      g_autofree char *name = g_strdup_printf ("/reader/chunks/shared/%s", strrchr (shared[i], '/') + 1);
      g_test_add_data_func (name, shared[i], test_shared_log);
    }
  g_test_add_func ("/reader/chunks/pending-bytes", test_pending_bytes);

  return g_test_run ();
}
