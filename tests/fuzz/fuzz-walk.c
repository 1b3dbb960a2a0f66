/* fuzz-walk.c: a document built from fuzzed bytes, and every query a view makes on it
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-document-builder.h"
#include "es-eventlog-reader.h"
#include "es-lod.h"
#include "es-stats.h"
#include "fuzz.h"

/* The document of @data as a GHC eventlog, or %NULL where the reader
 * refuses it (the test of damaged logs builds them the same way). */
EsDocument *
fuzz_build_document (const guint8 *data,
                     size_t        size)
{
  g_autoptr(EsEventlogReader) reader = es_eventlog_reader_new ();
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new ();
  EsEvent event;
  gint64 stop;

  es_eventlog_reader_feed (reader, data, size);
  es_eventlog_reader_finish (reader);
  for (;;)
    switch (es_eventlog_reader_next (reader, &event, NULL))
      {
      case ES_READ_EVENT:
        es_document_builder_add (builder, &event);
        break;
      case ES_READ_END:
        {
          gboolean truncated = es_eventlog_reader_is_truncated (reader, &stop, NULL);

          return es_document_builder_finish (builder, truncated, stop);
        }
      case ES_READ_NEED_MORE:
      case ES_READ_ERROR:
      default:
        return NULL;
      }
}

/* Whatever decodes must build a document every query can walk: statistics
 * over a few intervals, the columns of every cap, and thread timelines. */
void
fuzz_walk_document (EsDocument *document)
{
  guint64 end = es_document_get_end_time (document);
  guint n_threads = es_document_get_n_threads (document), n_caps = MIN (es_document_get_n_caps (document), 16u);
  g_autoptr(GArray) timeline = g_array_new (FALSE, FALSE, sizeof (EsThreadState));
  EsActivityColumn activity[32];
  EsSparkColumn sparks[32];
  EsHeapColumn heap[32];
  guint32 counts[32];
  float busy[32];
  const guint64 spans[][2] = { { 0, end }, { end / 3, end / 2 }, { end, end }, { 0, 0 } };

  for (guint s = 0; s < G_N_ELEMENTS (spans); s++)
    {
      g_auto(EsStats) stats = { 0 };

      es_stats_compute (document, spans[s][0], spans[s][1], &stats);
      g_assert (stats.init_elapsed + stats.mut_elapsed + stats.gc_elapsed + stats.exit_elapsed == stats.total_elapsed);
      if (es_document_get_mono_summary (document) != NULL)
        {
          g_autoptr(GString) text = g_string_new (NULL);
          EsMonoPauses pauses;

          es_stats_compute_mono_pauses (&stats, document, &pauses);
          g_assert (pauses.mut + pauses.gc + pauses.exit_suspend == stats.total_elapsed);
          es_stats_append_mono_text (&stats, document, text);
        }
    }
  es_lod_busy_caps (document, 0, end, G_N_ELEMENTS (busy), busy);
  es_lod_heap (document, 0, end, G_N_ELEMENTS (heap), heap);
  for (guint c = 0; c < n_caps; c++)
    {
      es_lod_activity (document, c, 0, end, G_N_ELEMENTS (activity), activity);
      es_lod_sparks (document, c, 0, end, G_N_ELEMENTS (sparks), sparks);
      es_lod_instants (document, c, G_MAXUINT32, 0, end, G_N_ELEMENTS (counts), counts);
    }
  for (guint t = 0; t < MIN (n_threads, 16u); t++)
    es_document_get_thread_timeline (document, es_document_get_thread (document, t), timeline);
}

