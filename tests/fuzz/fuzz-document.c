/* fuzz-document.c: reader, builder, statistics and level of detail on any bytes
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-document-builder.h"
#include "es-eventlog-reader.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(EsEventlogReader) reader = es_eventlog_reader_new ();
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new ();
  g_autoptr(EsDocument) document = NULL;
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
        document = es_document_builder_finish (builder, es_eventlog_reader_is_truncated (reader, &stop, NULL), stop);
        fuzz_walk_document (document);
        return 0;
      case ES_READ_NEED_MORE:
      case ES_READ_ERROR:
      default:
        return 0;
      }
}
