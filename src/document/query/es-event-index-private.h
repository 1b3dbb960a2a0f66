/* es-event-index-private.h: the event index's insides, for its files
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-chunks.h"
#include "es-event-index.h"

G_BEGIN_DECLS

#define NO_BLOCK G_MAXUINT32

/* The merge's state is kept once every this many rows: a row is found by
 * taking the merge up again from there. More costs less memory and more
 * steps per row looked up (a step is a few nanoseconds). */
#define ROWS_PER_CHECKPOINT 256

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

/* Where a sorted run that has started stands: its next event. */
typedef struct
{
  gint64  offset;
  guint32 block;
  guint32 left;         /* events left in the block, this one included */
} RunPosition;

/* The merge before row n * ROWS_PER_CHECKPOINT: the runs under way, and
 * the first that has not started (the others after it in heads). */
typedef struct
{
  guint32 first_position;   /* in positions, up to the next checkpoint's */
  guint32 next_head;
} Checkpoint;

/* A run in the merge's heap: under way, or the next to start. */
typedef struct
{
  guint64  time;
  gint64   offset;
  guint32  block;
  guint32  left;
  gboolean waiting;     /* the next run to start, not yet under way */
} Cursor;

/* The merge, taken up at some row; or, for a sorted index, only the row. */
typedef struct
{
  Cursor  *heap;
  guint    n_heap;
  guint    heap_size;
  guint32  next_head;   /* the first run not in the heap yet */
  guint    row;         /* the row the heap's top is */
  gboolean placed;      /* at @row; not yet placed anywhere if not */
  guint64  bound_time;  /* the least (time, offset) of the runs but the */
  gint64   bound_offset;/* top: before it, the top's run goes on alone */
} EsEventWalker;

struct _EsEventIndex
{
  gatomicrefcount   ref_count;
  GMappedFile      *mapped;
  const guint8     *data;
  gsize             len;
  EsEventlogReader *reader;      /* the header's types, for decoding rows */
  guint16          *event_sizes; /* by tag, the reader's, 0 if in the event */
  guint             n_event_sizes;
  guint             n_rows;
  GArray           *blocks;      /* Block, in file order */
  GArray           *heads;       /* guint32: each run's first block, by (time, offset) */
  GArray           *checkpoints; /* Checkpoint, one every ROWS_PER_CHECKPOINT rows */
  GArray           *positions;   /* RunPosition, the checkpoints' */
  gboolean          sorted;      /* no merge: the rows' offsets, sorted, instead */
  EsChunks          offsets;     /* if sorted, one per row: guint32 below 4 GiB, else guint64 */
  gboolean          wide;        /* guint64 */
  GMutex            recent_lock;
  EsEventWalker     recent;      /* after the last row looked up: the next is a step on */
  guint             recent_row;  /* that row, asked again (its time, its tag, its text), */
  gint64            recent_offset; /* and its offset; -1 if none yet */
  guint8            tags_seen[65536 / 8];
  gboolean          truncated;
  gint64            stop_offset;
  guint64           serial;      /* this index's, unique */
  guint8            head[4096];  /* the log's first bytes, and its last before @len, */
  guint8            tail[4096];  /* as read: its mapping may show them rewritten since */
  guint64           grown_from;  /* the serial of the index it grew from, or 0 */
  guint             kept_rows;   /* the first rows, the same as that one's */
  guint             same_rows;   /* as many or more: that one's rows it has, from the first */
};

guint64  _es_event_index_next_serial   (void);
void     _es_event_index_learn_sizes   (EsEventIndex  *self);

static inline guint64
time_at (EsEventIndex *self,
         gint64        offset)
{
  return es_eventlog_time_at (self->data, offset);
}

/* The event after the one at @offset in its block. The walks step over
 * every row's event: the sizes are the reader's, looked up here. */
static inline gint64
next_event_at (EsEventIndex *self,
               gint64        offset)
{
  guint16 tag = es_eventlog_tag_at (self->data, offset);

  if (G_LIKELY (tag < self->n_event_sizes && self->event_sizes[tag] != 0))
    return offset + self->event_sizes[tag];
  return es_eventlog_reader_next_event_at (self->reader, self->data, offset);
}

static inline void
report (EsEventIndexProgress progress,
        gpointer             user_data,
        double               fraction)
{
  if (progress != NULL)
    progress (CLAMP (fraction, 0, 1), user_data);
}

/* Walking the rows in order (es-event-index-walk.c). */
void     _es_event_walker_start        (EsEventIndex  *self,
                                        EsEventWalker *walker);
void     _es_event_walker_seek         (EsEventIndex  *self,
                                        EsEventWalker *walker,
                                        guint          row);
gint64   _es_event_walker_next         (EsEventIndex  *self,
                                        EsEventWalker *walker);
void     _es_event_walker_clear        (EsEventWalker *walker);
void     _es_event_walker_save         (EsEventIndex  *self,
                                        EsEventWalker *walker);
gint64   _es_event_walker_lowest_offset (EsEventWalker *walker);
gint64   _es_event_index_row_offset    (EsEventIndex  *self,
                                        guint          row);
#define row_offset _es_event_index_row_offset

void     _es_event_walker_reorder      (EsEventWalker *walker);

/* _es_event_walker_next(), for the common case inline: the top's run goes
 * on within its block, and mostly stays before every other run: the heap
 * is then left as it is. */
static inline gint64
_es_event_walker_step (EsEventIndex  *self,
                       EsEventWalker *walker)
{
  Cursor *top = walker->heap;

  if (G_LIKELY (walker->n_heap > 0 && top->left > 1 && !top->waiting))
    {
      gint64 offset = top->offset;
      gint64 next = next_event_at (self, offset);

      if (G_LIKELY (next > 0))
        {
          top->offset = next;
          top->time = es_eventlog_time_at (self->data, next);
          top->left--;
          walker->row++;
          if (top->time > walker->bound_time || (top->time == walker->bound_time && next > walker->bound_offset))
            _es_event_walker_reorder (walker);
          return offset;
        }
    }
  return _es_event_walker_next (self, walker);
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
