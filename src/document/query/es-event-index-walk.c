/* es-event-index-walk.c: the rows of the event index, taken up anywhere
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-event-index-private.h"

/* The rows are the merge of sorted runs of blocks by (time, offset), and
 * the index keeps no offset per row: a list of a gigabyte's 66 million
 * events would take a quarter of the log's size again. It keeps the
 * merge's state every ROWS_PER_CHECKPOINT rows instead (the few runs under
 * way, where each stands, and the next to start), and a row is found by
 * taking the merge up at the checkpoint before it. Runs start in the order
 * of their first events, so only the next to start waits in the heap: the
 * heap holds the runs under way, a handful (one per cap, and one more for a
 * while after a GC), however many runs the log has. */

static inline gboolean
cursor_before (const Cursor *a,
               const Cursor *b)
{
  return a->time < b->time || (a->time == b->time && a->offset < b->offset);
}

static void
sift_down (Cursor *heap,
           guint   n,
           guint   i)
{
  Cursor moving = heap[i];

  for (;;)
    {
      guint child = 2 * i + 1;

      if (child >= n)
        break;
      if (child + 1 < n && cursor_before (&heap[child + 1], &heap[child]))
        child++;
      if (!cursor_before (&heap[child], &moving))
        break;
      heap[i] = heap[child];
      i = child;
    }
  heap[i] = moving;
}

static void
push (EsEventWalker *walker,
      const Cursor  *cursor)
{
  guint i;

  if (walker->n_heap == walker->heap_size)
    {
      walker->heap_size = MAX (8, walker->heap_size * 2);
      walker->heap = g_renew (Cursor, walker->heap, walker->heap_size);
    }
  i = walker->n_heap++;
  while (i > 0 && cursor_before (cursor, &walker->heap[(i - 1) / 2]))
    {
      walker->heap[i] = walker->heap[(i - 1) / 2];
      i = (i - 1) / 2;
    }
  walker->heap[i] = *cursor;
}

/* The next run to start waits in the heap at its first event. */
static void
push_next_head (EsEventIndex  *self,
                EsEventWalker *walker)
{
  const Block *block;
  guint32 b;

  if (walker->next_head >= self->heads->len)
    return;
  b = g_array_index (self->heads, guint32, walker->next_head++);
  block = &g_array_index (self->blocks, Block, b);
  push (walker, &(Cursor) { block->first_time, block->start, b, block->n_events, TRUE });
}

/* What the top's run goes on alone before. */
static void
update_bound (EsEventWalker *walker)
{
  const Cursor *least = NULL;

  if (walker->n_heap > 1)
    least = &walker->heap[1];
  if (walker->n_heap > 2 && cursor_before (&walker->heap[2], least))
    least = &walker->heap[2];
  walker->bound_time = least != NULL ? least->time : G_MAXUINT64;
  walker->bound_offset = least != NULL ? least->offset : G_MAXINT64;
}

/* The top moved on behind another run: it goes down the heap. */
void
_es_event_walker_reorder (EsEventWalker *walker)
{
  sift_down (walker->heap, walker->n_heap, 0);
  update_bound (walker);
}

/* At the first row, no run started yet. */
void
_es_event_walker_start (EsEventIndex  *self,
                        EsEventWalker *walker)
{
  walker->n_heap = 0;
  walker->next_head = 0;
  walker->row = 0;
  walker->placed = TRUE;
  if (!self->sorted)
    push_next_head (self, walker);
  update_bound (walker);
}

/* At the checkpoint before @row. */
static void
restore (EsEventIndex  *self,
         EsEventWalker *walker,
         guint          row)
{
  guint n = row / ROWS_PER_CHECKPOINT;
  const Checkpoint *checkpoint = &g_array_index (self->checkpoints, Checkpoint, n);
  guint end = n + 1 < self->checkpoints->len
              ? g_array_index (self->checkpoints, Checkpoint, n + 1).first_position
              : self->positions->len;

  walker->n_heap = 0;
  for (guint i = checkpoint->first_position; i < end; i++)
    {
      const RunPosition *at = &g_array_index (self->positions, RunPosition, i);

      push (walker, &(Cursor) { time_at (self, at->offset), at->offset, at->block, at->left, FALSE });
    }
  walker->next_head = checkpoint->next_head;
  push_next_head (self, walker);
  walker->row = n * ROWS_PER_CHECKPOINT;
  walker->placed = TRUE;
  update_bound (walker);
}

/* Places @walker at @row: a step or a few on from where it is, or taken
 * up at the checkpoint before. */
void
_es_event_walker_seek (EsEventIndex  *self,
                       EsEventWalker *walker,
                       guint          row)
{
  if (self->sorted || row >= self->n_rows)
    {
      walker->n_heap = 0;
      walker->row = row;
      walker->placed = TRUE;
      return;
    }
  if (!walker->placed || walker->row > row || row - walker->row >= ROWS_PER_CHECKPOINT)
    restore (self, walker, row);
  while (walker->row < row)
    _es_event_walker_step (self, walker);
}

/* The offset of @walker's row, and on to the next; -1 after the last. */
gint64
_es_event_walker_next (EsEventIndex  *self,
                       EsEventWalker *walker)
{
  const Block *blocks = (const Block *) (gpointer) self->blocks->data;
  Cursor *top;
  gint64 offset;
  gboolean started = FALSE;

  if (self->sorted)
    {
      guint row = walker->row;

      if (row >= self->n_rows)
        return -1;
      walker->row++;
      return self->wide ? (gint64) ES_CHUNKS_AT (&self->offsets, guint64, row)
                        : (gint64) ES_CHUNKS_AT (&self->offsets, guint32, row);
    }
  if (walker->n_heap == 0)
    return -1;

  top = &walker->heap[0];
  offset = top->offset;
  walker->row++;
  if (top->waiting)
    {
      top->waiting = FALSE;
      started = TRUE;
    }
  if (--top->left > 0)
    {
      /* The scan read every event of the block with this reader: it steps
       * over them again by their sizes alone. */
      top->offset = next_event_at (self, top->offset);
      if (G_LIKELY (top->offset > 0))
        top->time = time_at (self, top->offset);
      else
        walker->heap[0] = walker->heap[--walker->n_heap];
    }
  else if (blocks[top->block].next != NO_BLOCK)
    {
      const Block *next = &blocks[blocks[top->block].next];

      top->block = blocks[top->block].next;
      top->offset = next->start;
      top->left = next->n_events;
      top->time = next->first_time;
    }
  else
    walker->heap[0] = walker->heap[--walker->n_heap];
  if (walker->n_heap > 1)
    sift_down (walker->heap, walker->n_heap, 0);
  if (started)
    push_next_head (self, walker);
  update_bound (walker);
  return offset;
}

void
_es_event_walker_clear (EsEventWalker *walker)
{
  g_clear_pointer (&walker->heap, g_free);
  walker->n_heap = walker->heap_size = 0;
  walker->placed = FALSE;
}

/* Keeps @walker's state as the next checkpoint. */
void
_es_event_walker_save (EsEventIndex  *self,
                       EsEventWalker *walker)
{
  Checkpoint checkpoint = { self->positions->len, walker->next_head };

  for (guint i = 0; i < walker->n_heap; i++)
    {
      const Cursor *c = &walker->heap[i];

      /* The waiting run is taken up again as the next to start. */
      if (c->waiting)
        checkpoint.next_head--;
      else
        g_array_append_val (self->positions, ((RunPosition) { c->offset, c->block, c->left }));
    }
  g_array_append_val (self->checkpoints, checkpoint);
}

/* The lowest offset the heap will read: the runs not in it aside. */
gint64
_es_event_walker_lowest_offset (EsEventWalker *walker)
{
  gint64 lowest = G_MAXINT64;

  for (guint i = 0; i < walker->n_heap; i++)
    lowest = MIN (lowest, walker->heap[i].offset);
  return lowest;
}

/* The offset of @row's event. Rows are mostly looked up in order (a list
 * scrolled, a search's rows shown), so the walker stays where it was left
 * for the next: a step on. */
gint64
_es_event_index_row_offset (EsEventIndex *self,
                            guint         row)
{
  gint64 offset;

  g_mutex_lock (&self->recent_lock);
  if (self->recent_offset >= 0 && self->recent_row == row)
    offset = self->recent_offset;
  else
    {
      _es_event_walker_seek (self, &self->recent, row);
      offset = _es_event_walker_step (self, &self->recent);
      self->recent_row = row;
      self->recent_offset = offset;
    }
  g_mutex_unlock (&self->recent_lock);
  return offset;
}
