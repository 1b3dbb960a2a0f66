/* es-eventlog-reader-private.h: the reader's state, shared by its files
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-event-decode.h"
#include "es-eventlog-reader.h"

G_BEGIN_DECLS

/* The reader's files share these: the header's (es-eventlog-reader-header.c)
 * and the events' (es-eventlog-reader.c). */
#define EVENT_HEADER_BYTES  10           /* u16 tag + u64 time */
#define BLOCK_MARKER_BYTES  24
#define WIRE_UNDECLARED     (-2)
#define WIRE_VARIABLE       (-1)

typedef enum
{
  STEP_OK,
  STEP_NEED_MORE,
  STEP_END,
  STEP_ERROR,
} StepResult;

static inline guint16
be16 (const guint8 *p)
{
  return (guint16) ((p[0] << 8) | p[1]);
}

static inline guint32
be32 (const guint8 *p)
{
  return ((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3];
}

static inline guint64
be64 (const guint8 *p)
{
  return ((guint64) be32 (p) << 32) | be32 (p + 4);
}

typedef struct
{
  gint32 wire_size;   /* bytes on disk, WIRE_VARIABLE or WIRE_UNDECLARED */
  gint32 layout;      /* see _es_event_layout_for(), with LAYOUT_FIELDS_UNREAD */
} TagInfo;

/* Added to the fixed layout of a tag whose fields its reader's caller does
 * not read (es_eventlog_reader_set_fields_unread()): still a layout >= 0,
 * and no fixed layout is this large. */
#define LAYOUT_FIELDS_UNREAD (1 << 30)

struct _EsEventlogReader
{
  /* What the header declared. */
  GArray          *types;          /* EsEventType, in file order */
  TagInfo         *tags;
  guint            n_tags;
  EsStopNumbering  numbering;
  gboolean         have_header;
  gsize            header_need;    /* no point re-parsing before this many bytes */
  gsize            header_parsed;  /* the header's bytes up to its last whole event type in @types */

  /* Input: bytes not yet consumed are carry[carry_pos..] then chunk[chunk_pos..].
   * The carry holds only what straddles two feeds, so a whole file fed at
   * once is decoded in place, without a copy. */
  GByteArray      *carry;
  gsize            carry_pos;
  const guint8    *chunk;
  gsize            chunk_len;
  gsize            chunk_pos;
  gboolean         finished;

  gint64           offset;         /* log offset of the next unconsumed byte */
  gint64           data_offset;    /* where the events begin */

  /* Capability attribution, exactly as ghc-events does it. */
  gint64           block_remaining;
  guint16          block_cap;
  gint64           block_start;
  gint64           block_end;

  /* Partition: this reader hands out only the blocks of caps with
   * cap % n_parts == part (part 0 also takes the global blocks and events
   * outside blocks) and steps over the others without decoding them. */
  guint            n_parts;
  guint            part;
  gint64           skip_remaining;
  guint64          fields_unread;    /* es_eventlog_reader_set_fields_unread() */
  guint64          counted_only;     /* es_eventlog_reader_set_counted_only() */
  guint32          owner_cache_cap;  /* the last cap asked about, and its answer: */
  gboolean         owner_cache;      /* spares a division per event */

  gboolean         saw_end_marker;
  gboolean         at_end;
  GError          *error;
};

StepResult   _es_eventlog_reader_parse_header (EsEventlogReader  *self,
                                              const guint8      *p,
                                              gsize              avail,
                                              gsize             *consumed,
                                              gsize             *need,
                                              GError           **error);

G_END_DECLS
