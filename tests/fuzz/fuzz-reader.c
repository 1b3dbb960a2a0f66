/* fuzz-reader.c: the reader on any bytes, fed in chunks of any size
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-event-text.h"
#include "es-eventlog-reader.h"
#include "fuzz.h"

/* The first byte picks the chunk size, so the fuzzer explores the carry
 * between feeds as well as the decoding. Every event is also formatted,
 * which reads every field of every layout. */
int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(EsEventlogReader) reader = es_eventlog_reader_new ();
  g_autoptr(GString) line = g_string_new (NULL);
  gsize chunk = size > 0 ? 1 + data[0] % 64 : 1;
  gsize fed = 0;
  EsEvent event;

  if (size > 0 && data[0] >= 192)
    chunk = size;   /* a quarter of the inputs: all at once, decoded in place */

  for (;;)
    {
      switch (es_eventlog_reader_next (reader, &event, NULL))
        {
        case ES_READ_EVENT:
          g_string_truncate (line, 0);
          es_event_append_line (&event, es_eventlog_reader_lookup_type (reader, event.tag), line);
          break;
        case ES_READ_NEED_MORE:
          if (fed == size)
            es_eventlog_reader_finish (reader);
          else
            {
              gsize n = MIN (chunk, size - fed);

              es_eventlog_reader_feed (reader, data + fed, n);
              fed += n;
            }
          break;
        case ES_READ_END:
        case ES_READ_ERROR:
        default:
          return 0;
        }
    }
}
