/* test-pauses.c: stepping through the long GC pauses of a real run
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-document-builder.h"
#include "es-pauses.h"
#include "es-test-log.h"

/* The threshold takes the longest tenth; stepping forward from the start
 * and back from the end meets exactly those pauses, in order. */
static void
test_steps_visit_every_long_pause (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("heap-hT-N2.eventlog");
  guint n, n_long = 0, forward = 0, backward = 0;
  const EsGc *gcs = es_document_get_gcs (document, &n);
  guint64 threshold = es_pauses_long_threshold (document);
  guint64 time = 0;
  const EsGc *gc;

  g_assert_cmpuint (n, >, 100);
  for (guint i = 0; i < n; i++)
    if (gcs[i].end - gcs[i].start >= threshold)
      n_long++;
  g_test_message ("%u collections, %u of at least %" G_GUINT64_FORMAT " ns", n, n_long, threshold);
  g_assert_cmpuint (n_long, >=, n / 10);
  g_assert_cmpuint (n_long, <, n / 2);

  while ((gc = es_pauses_find_long (document, time, TRUE)) != NULL)
    {
      g_assert_cmpuint (gc->start, >, time);
      g_assert_cmpuint (gc->end - gc->start, >=, threshold);
      time = gc->start;
      forward++;
    }
  g_assert_cmpuint (forward, ==, n_long);

  time = G_MAXUINT64;
  while ((gc = es_pauses_find_long (document, time, FALSE)) != NULL)
    {
      g_assert_cmpuint (gc->start, <, time);
      time = gc->start;
      backward++;
    }
  g_assert_cmpuint (backward, ==, n_long);
}

/* A run without collections has no long pause either way. */
static void
test_no_collections (void)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new ();
  g_autoptr(EsDocument) document = NULL;
  EsEvent e = { 0 };
  guint n;

  e.tag = ES_EVENT_RUN_THREAD;
  e.time = 10;
  e.u.thread.thread = 1;
  es_document_builder_add (builder, &e);
  e.tag = ES_EVENT_STOP_THREAD;
  e.time = 20;
  es_document_builder_add (builder, &e);
  document = es_document_builder_finish (builder, FALSE, -1);

  es_document_get_gcs (document, &n);
  g_assert_cmpuint (n, ==, 0);
  g_assert_cmpuint (es_pauses_long_threshold (document), ==, 0);
  g_assert_null (es_pauses_find_long (document, 0, TRUE));
  g_assert_null (es_pauses_find_long (document, G_MAXUINT64, FALSE));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/pauses/steps-visit-every-long-pause", test_steps_visit_every_long_pause);
  g_test_add_func ("/pauses/no-collections", test_no_collections);

  return g_test_run ();
}
