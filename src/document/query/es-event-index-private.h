/* es-event-index-private.h: the event index's insides, for its two files
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <string.h>

#include "es-chunks.h"
#include "es-event-index.h"

G_BEGIN_DECLS

/* A stretch of consecutive events with one cap, in time order: a block,
 * the events between blocks, or a part of a block that steps back in time.
 * Rows find their cap here by offset. */
typedef struct
{
  gint64  start;        /* offset of its first event */
  guint64 first_time;
  guint64 last_time;
  guint32 n_events;
  guint32 next;         /* the next block of its sorted run, or NO_BLOCK */
  guint16 cap;
} Block;

struct _EsEventIndex
{
  gatomicrefcount   ref_count;
  GMappedFile      *mapped;
  const guint8     *data;
  gsize             len;
  EsEventlogReader *reader;      /* the header's types, for decoding rows */
  EsChunks          offsets;     /* one per row: guint32 below 4 GiB, else guint64 */
  gboolean          wide;        /* guint64 */
  guint             n_rows;
  GArray           *blocks;      /* Block, in file order */
  guint8            tags_seen[65536 / 8];
  gboolean          truncated;
  gint64            stop_offset;
  guint64           serial;      /* this index's, unique */
  guint8            head[4096];  /* the log's first bytes, and its last before @len, */
  guint8            tail[4096];  /* as read: its mapping may show them rewritten since */
  guint64           grown_from;  /* the serial of the index it grew from, or 0 */
  guint             kept_rows;   /* the first rows, the same as that one's */
};

guint64  _es_event_index_next_serial   (void);

static inline guint16
be16 (const guint8 *p)
{
  return (guint16) ((p[0] << 8) | p[1]);
}

static inline guint64
be64 (const guint8 *p)
{
  guint64 v;

  memcpy (&v, p, sizeof v);
  return GUINT64_FROM_BE (v);
}

static inline gint64
row_offset (EsEventIndex *self,
            guint         row)
{
  return self->wide ? (gint64) ES_CHUNKS_AT (&self->offsets, guint64, row)
                    : (gint64) ES_CHUNKS_AT (&self->offsets, guint32, row);
}

/* Every event starts with its u16 tag and u64 time. */
static inline guint64
time_at (EsEventIndex *self,
         gint64        offset)
{
  return be64 (self->data + offset + 2);
}

static inline void
report (EsEventIndexProgress progress,
        gpointer             user_data,
        double               fraction)
{
  if (progress != NULL)
    progress (CLAMP (fraction, 0, 1), user_data);
}

void     _es_event_index_drop_pages    (EsEventIndex  *self,
                                       gint64         from,
                                       gint64         to);
guint16  _es_event_index_cap_at        (EsEventIndex  *self,
                                       gint64         offset);
gboolean _es_event_index_decode_offset (EsEventIndex  *self,
                                       gint64         offset,
                                       guint16        cap,
                                       EsEvent       *event,
                                       GError       **error);

G_END_DECLS
