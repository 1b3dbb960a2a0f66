/* es-eventlog-reader.h
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <string.h>

#include <glib.h>

#include "es-event.h"
#include "es-eventlog-error.h"

G_BEGIN_DECLS

#define ES_EVENT_SIZE_VARIABLE (-1)

/* One entry of the log's header: what the file itself declares. */
typedef struct
{
  guint16  tag;
  gint32   size;          /* payload bytes, or ES_EVENT_SIZE_VARIABLE */
  char    *description;   /* as written in the file (UTF-8, not validated) */
} EsEventType;

typedef enum
{
  ES_READ_EVENT,       /* an event was decoded into the caller's EsEvent */
  ES_READ_NEED_MORE,   /* every complete event is out: feed more, or finish */
  ES_READ_END,         /* no more events: the end marker, or the input ended */
  ES_READ_ERROR,       /* malformed input; the reader stays in this state */
} EsReadResult;

typedef struct _EsEventlogReader EsEventlogReader;

/**
 * EsEventBatch:
 * @events: events in file order
 * @n_counted: events of the tags es_eventlog_reader_set_counted_only()
 *   names, read since the last batch and not in @events: all of
 *   @counted_cap, the earliest at @counted_earliest, the latest at
 *   @counted_latest
 *
 * What a batched read (es_eventlog_reader_drain_batches(),
 * es_eventlog_read_file_in_batches()) hands out at a time.
 */
typedef struct
{
  const EsEvent *events;
  guint          n_events;
  guint          n_counted;
  guint16        counted_cap;
  guint64        counted_earliest;
  guint64        counted_latest;
} EsEventBatch;

/* Called with each batch of events; return FALSE to stop reading early. */
typedef gboolean (*EsEventBatchFunc) (const EsEventBatch *batch,
                                      gpointer            user_data);

/* The most events a batched read of a file hands out at once: 64 of them
 * are 11 kB, in the first level's cache beside the log's bytes. */
#define ES_EVENTLOG_BATCH 64

EsEventlogReader  *es_eventlog_reader_new              (void);
void               es_eventlog_reader_free             (EsEventlogReader  *self);
EsEventlogReader  *es_eventlog_reader_copy             (EsEventlogReader  *self);
void               es_eventlog_reader_feed             (EsEventlogReader  *self,
                                                        const guint8      *data,
                                                        gsize              len);
void               es_eventlog_reader_finish           (EsEventlogReader  *self);
EsReadResult       es_eventlog_reader_next             (EsEventlogReader  *self,
                                                        EsEvent           *event,
                                                        GError           **error);
EsReadResult       es_eventlog_reader_drain_batches    (EsEventlogReader  *self,
                                                        EsEvent           *events,
                                                        guint              max,
                                                        EsEventBatchFunc   func,
                                                        gpointer           user_data,
                                                        GError           **error);
gsize              es_eventlog_reader_get_pending      (EsEventlogReader  *self);
gint64             es_eventlog_reader_get_offset       (EsEventlogReader  *self);
gboolean           es_eventlog_reader_has_header       (EsEventlogReader  *self);
const EsEventType *es_eventlog_reader_get_event_types  (EsEventlogReader  *self,
                                                        guint             *n_types);
const EsEventType *es_eventlog_reader_lookup_type      (EsEventlogReader  *self,
                                                        guint16            tag);
gboolean           es_eventlog_reader_saw_end_marker   (EsEventlogReader  *self);
gboolean           es_eventlog_reader_is_truncated     (EsEventlogReader  *self,
                                                        gint64            *stop_offset,
                                                        gsize             *partial_bytes);
gint64             es_eventlog_reader_get_data_offset  (EsEventlogReader  *self);
void               es_eventlog_reader_set_partition    (EsEventlogReader  *self,
                                                        guint              n_parts,
                                                        guint              part);
void               es_eventlog_reader_set_fields_unread (EsEventlogReader *self,
                                                         guint64           tags);
void               es_eventlog_reader_set_counted_only (EsEventlogReader *self,
                                                        guint64           tags);
gboolean           es_eventlog_reader_decode_at        (EsEventlogReader  *self,
                                                        const guint8      *log,
                                                        gsize              log_len,
                                                        gint64             offset,
                                                        guint16            cap,
                                                        EsEvent           *event,
                                                        GError           **error);
gint64             es_eventlog_reader_next_event_at    (EsEventlogReader  *self,
                                                        const guint8      *log,
                                                        gint64             offset);
guint              es_eventlog_reader_get_event_size   (EsEventlogReader  *self,
                                                        guint16            tag);

/* The tag and time of the event at @offset of @log, without decoding it:
 * every event starts with its u16 tag and u64 time, big-endian. For
 * events a reader has checked already (an index's, read again). */
static inline guint16
es_eventlog_tag_at (const guint8 *log,
                    gint64        offset)
{
  return (guint16) ((log[offset] << 8) | log[offset + 1]);
}

static inline guint64
es_eventlog_time_at (const guint8 *log,
                     gint64        offset)
{
  guint64 time;

  memcpy (&time, log + offset + 2, sizeof time);
  return GUINT64_FROM_BE (time);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsEventlogReader, es_eventlog_reader_free)

G_END_DECLS
