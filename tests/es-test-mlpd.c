/* es-test-mlpd.c: a small writer of Mono logs, for the tests
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-mlpd-reader.h"
#include "es-test-mlpd.h"

/* Times are in µs from the startup (ES_TEST_MLPD_STARTUP_NS); events of a
 * buffer are in time order, as the profiler writes them. */
void
es_test_mlpd_put_u8 (GByteArray *a, guint8 v)
{
  g_byte_array_append (a, &v, 1);
}

void
es_test_mlpd_put_le (GByteArray *a, guint64 v, guint n)
{
  for (guint i = 0; i < n; i++)
    es_test_mlpd_put_u8 (a, (guint8) (v >> (8 * i)));
}

void
es_test_mlpd_put_uleb (GByteArray *a, guint64 v)
{
  do
    {
      guint8 b = v & 0x7f;

      v >>= 7;
      es_test_mlpd_put_u8 (a, b | (v != 0 ? 0x80 : 0));
    }
  while (v != 0);
}

void
es_test_mlpd_put_sleb (GByteArray *a, gint64 v)
{
  gboolean more = TRUE;

  while (more)
    {
      guint8 b = v & 0x7f;

      v >>= 7;
      more = !((v == 0 && (b & 0x40) == 0) || (v == -1 && (b & 0x40) != 0));
      es_test_mlpd_put_u8 (a, b | (more ? 0x80 : 0));
    }
}

void
es_test_mlpd_put_string (GByteArray *a, const char *s)
{
  g_byte_array_append (a, (const guint8 *) s, strlen (s) + 1);
}

static void
put_header_string (GByteArray *a, const char *s)
{
  es_test_mlpd_put_le (a, strlen (s) + 1, 4);
  es_test_mlpd_put_string (a, s);
}

EsTestMlpdWriter *
es_test_mlpd_writer_new (guint8 data_version)
{
  EsTestMlpdWriter *w = g_new0 (EsTestMlpdWriter, 1);

  w->file = g_byte_array_new ();
  es_test_mlpd_put_le (w->file, 0x4D505A01u, 4);
  es_test_mlpd_put_u8 (w->file, 3);
  es_test_mlpd_put_u8 (w->file, 0);
  es_test_mlpd_put_u8 (w->file, data_version);
  es_test_mlpd_put_u8 (w->file, 8);
  es_test_mlpd_put_le (w->file, 1700000000123ull, 8);      /* startup, ms since the epoch */
  es_test_mlpd_put_le (w->file, ES_TEST_MLPD_STARTUP_NS, 8);
  es_test_mlpd_put_le (w->file, 20, 4);                    /* timer overhead */
  es_test_mlpd_put_le (w->file, 0, 4);                     /* flags */
  es_test_mlpd_put_le (w->file, 4242, 4);                  /* pid */
  es_test_mlpd_put_le (w->file, 0, 2);                     /* port */
  put_header_string (w->file, "log:gc,monitor,output=test.mlpd");
  put_header_string (w->file, "x86-64");
  put_header_string (w->file, "linux");
  return w;
}

void
es_test_mlpd_begin_buffer (EsTestMlpdWriter *w, guint64 thread, guint64 time_base)
{
  w->events = g_byte_array_new ();
  w->thread = thread;
  w->time_base = w->last_time = time_base;
}

void
es_test_mlpd_end_buffer (EsTestMlpdWriter *w)
{
  es_test_mlpd_put_le (w->file, 0x4D504C01u, 4);
  es_test_mlpd_put_le (w->file, w->events->len, 4);
  es_test_mlpd_put_le (w->file, w->time_base, 8);
  es_test_mlpd_put_le (w->file, 0x7f0000000000ull, 8);     /* ptr_base */
  es_test_mlpd_put_le (w->file, 0x1000, 8);                /* obj_base */
  es_test_mlpd_put_le (w->file, w->thread, 8);
  es_test_mlpd_put_le (w->file, 0x500000, 8);              /* method_base */
  g_byte_array_append (w->file, w->events->data, w->events->len);
  g_clear_pointer (&w->events, g_byte_array_unref);
}

/* The event byte and the time delta; the payload follows. */
GByteArray *
es_test_mlpd_event (EsTestMlpdWriter *w, guint8 type, guint8 exinfo, guint64 time_us)
{
  guint64 t = ES_TEST_MLPD_STARTUP_NS + time_us * 1000;

  g_assert_cmpuint (t, >=, w->last_time);
  es_test_mlpd_put_u8 (w->events, type | exinfo);
  es_test_mlpd_put_uleb (w->events, t - w->last_time);
  w->last_time = t;
  return w->events;
}

void
es_test_mlpd_thread_event (EsTestMlpdWriter *w, guint64 us, guint8 exinfo, guint64 thread, const char *name)
{
  GByteArray *a = es_test_mlpd_event (w, ES_MLPD_METADATA, exinfo, us);

  es_test_mlpd_put_u8 (a, ES_MLPD_KIND_THREAD);
  es_test_mlpd_put_sleb (a, (gint64) (thread - 0x7f0000000000ull));
  if (name != NULL)
    es_test_mlpd_put_string (a, name);
}

void
es_test_mlpd_gc_event (EsTestMlpdWriter *w, guint64 us, guint8 what, guint8 generation)
{
  GByteArray *a = es_test_mlpd_event (w, ES_MLPD_GC, ES_MLPD_GC_EVENT, us);

  es_test_mlpd_put_u8 (a, what);
  es_test_mlpd_put_u8 (a, generation);
}

void
es_test_mlpd_monitor_event (EsTestMlpdWriter *w, guint64 us, guint8 what)
{
  GByteArray *a = es_test_mlpd_event (w, ES_MLPD_MONITOR, 0x80, us);

  es_test_mlpd_put_u8 (a, what);
  es_test_mlpd_put_sleb (a, 8);               /* the lock object */
  es_test_mlpd_put_uleb (a, 1);               /* one frame: method base + 0 */
  es_test_mlpd_put_sleb (a, 0);
}

GBytes *
es_test_mlpd_writer_finish (EsTestMlpdWriter *w)
{
  GBytes *bytes = g_byte_array_free_to_bytes (w->file);

  g_free (w);
  return bytes;
}

/* A sync point (META, SYNC_POINT, periodic): every buffer before it is
 * written, as the profiler's flush promises. */
void
es_test_mlpd_sync_point (EsTestMlpdWriter *w,
                         guint64           us)
{
  GByteArray *a = es_test_mlpd_event (w, ES_MLPD_META, ES_MLPD_META_SYNC_POINT, us);

  es_test_mlpd_put_u8 (a, 0);
}

/**
 * es_test_mlpd_snapshot:
 * @complete: whether the bytes given are all the log will have
 *
 * Returns: (transfer full) (nullable): the document of @build's builder
 *   as it stands, as a live log's update makes it, or %NULL before the
 *   log's header is all there
 */
EsDocument *
es_test_mlpd_snapshot (EsMlpdBuild *build,
                       gboolean     complete)
{
  EsDocumentBuilder *builder = es_mlpd_build_update (build, complete);
  g_autoptr(EsDocumentBuilder) copy = NULL;
  g_autoptr(EsMlpdFinishing) finishing = NULL;
  gint64 cut = es_mlpd_build_get_cut (build);
  EsDocument *document;

  if (builder == NULL)
    return NULL;
  copy = es_document_builder_copy (builder);
  finishing = es_mlpd_build_get_finishing (build);
  document = es_document_builder_finish (copy, cut >= 0, cut);
  es_mlpd_finishing_apply (finishing, document);
  return document;
}
