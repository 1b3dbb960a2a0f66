/* es-document-calltime.c: call time as a time profile: each thread's
 * changes of call stack as one stream of varints, with each stack's time
 * kept at checkpoints along it, so that any interval's time per stack
 * costs a search and a few thousand changes decoded per thread
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-call-stream-private.h"
#include "es-document-builder-private.h"
#include "es-document-prof-private.h"
#include "es-search.h"
#include "es-varint.h"

/* A thread's stack changes at each of its method events: a stream holds,
 * per change, the time since the one before (the first: the log's clock)
 * and the stack after it, each an unsigned LEB128 varint: 3-4 bytes a
 * change, where a sample of the stretch between two changes took 24. The
 * stream starts and ends outside any call (stack 0). */
#define FIRST_CHECKPOINT_CHANGES 4096u

/* A drawing of a long span (the Profile row of the whole run) wants each
 * column's time per stack, and a column holds thousands of changes: each
 * BLOCK_CHANGES changes also keep their time per stack, so that a block
 * inside a column is taken whole (es_document_walk_call_time_blocks()).
 * A checkpoint is always at a block's start. */
#define BLOCK_CHANGES 256u

static void
call_piece_clear (gpointer data)
{
  EsCallPiece *piece = data;

  g_free (piece->bytes);
  g_ptr_array_unref (piece->checkpoints);
  g_array_unref (piece->local);
  g_array_unref (piece->blocks);
  g_array_unref (piece->entries);
  g_free (piece->end_sums);
  g_array_unref (piece->sum_blocks);
  g_array_unref (piece->call_frames);
  g_array_unref (piece->call_sums);
  g_array_unref (piece->piece_sums);
  g_array_unref (piece->end_frames);
}

EsCallPiece *
_es_call_piece_ref (EsCallPiece *piece)
{
  return g_atomic_rc_box_acquire (piece);
}

void
_es_call_piece_unref (gpointer piece)
{
  g_atomic_rc_box_release_full (piece, call_piece_clear);
}

EsCallStream *
_es_call_stream_ref (EsCallStream *stream)
{
  return g_atomic_rc_box_acquire (stream);
}

static void
call_stream_clear (gpointer data)
{
  EsCallStream *stream = data;

  g_ptr_array_unref (stream->pieces);
}

void
_es_call_stream_unref (gpointer stream)
{
  g_atomic_rc_box_release_full (stream, call_stream_clear);
}

/**
 * es_call_stream_read_varint:
 * @at: (inout): where it starts; moved past it
 *
 * Returns: the unsigned LEB128 varint at @at
 */
guint64
es_call_stream_read_varint (const guint8 *bytes,
                            gsize        *at)
{
  guint64 value;

  *at = (gsize) (es_varint_get (bytes + *at, &value) - bytes);
  return value;
}

/**
 * es_call_stream_append_varint:
 *
 * Appends @value to @out as an unsigned LEB128 varint, as a call stream
 * holds it.
 */
void
es_call_stream_append_varint (GByteArray *out,
                              guint64     value)
{
  guint8 buffer[10];

  g_byte_array_append (out, buffer, (guint) (es_varint_put (buffer, value) - buffer));
}

static guint64
to_document (guint64 origin,
             guint64 abs)
{
  return abs >= origin ? abs - origin : 0;
}

static void
add_checkpoint (EsCallPiece   *piece,
                guint64        abs,
                guint64        since,
                gsize          offset,
                guint32        stack,
                const guint64 *sums)
{
  CallCheckpoint *at = g_malloc (sizeof (CallCheckpoint) + piece->local->len * sizeof (guint64));

  at->abs = abs;
  at->since = since;
  at->offset = offset;
  at->stack = stack;
  at->n_sums = piece->local->len;
  if (at->n_sums > 0)
    memcpy (at->sums, sums, at->n_sums * sizeof (guint64));
  g_ptr_array_add (piece->checkpoints, at);
}

/* Marks the stacks @piece spends time in as counted in @calls. */
static void
count_piece (EsProfData        *calls,
             const EsCallPiece *piece)
{
  for (guint l = 0; l < piece->local->len; l++)
    {
      guint32 stack = g_array_index (piece->local, guint32, l);

      if (piece->end_sums[l] == 0)
        continue;
      if (calls->counted_by_stack->len <= stack)
        g_array_set_size (calls->counted_by_stack, stack + 1);
      g_array_index (calls->counted_by_stack, guint32, stack) = 1;
    }
}

/**
 * _es_builder_make_call_piece:
 * @origin: the document's zero, on the log's clock
 * @start_abs: where the piece starts, on the log's clock (0 for a
 *   thread's first: its first change's time is then the log's clock)
 * @start_stack: the stack there (ES_PROF_EMPTY_STACK for a thread's first)
 * @bytes: (transfer full): at most ES_CALL_PIECE_CHANGES changes of stack
 *   (see above), whose stacks are those of _es_builder_intern_call_frame()
 * @before: (nullable): the thread's piece before, whose last change
 *   @start_abs and @start_stack are
 *
 * Indexes a piece of a thread's call time: one pass over its changes
 * makes the checkpoints, each stack's time up to them, kept far enough
 * apart that they take at most a byte a change.
 *
 * Returns: (transfer full): the piece, for _es_builder_add_call_pieces()
 */
EsCallPiece *
_es_builder_make_call_piece (EsDocumentBuilder *self,
                             guint64            origin,
                             guint64            start_abs,
                             guint32            start_stack,
                             GByteArray        *bytes,
                             EsCallPiece       *before)
{
  EsProfData *calls = self->doc->calls;
  EsCallCounter *counter;
  EsCallPiece *piece = g_atomic_rc_box_new0 (EsCallPiece);
  guint n_stacks = calls->stacks->len;
  g_autofree guint32 *local_of = g_new (guint32, n_stacks);
  g_autoptr(GArray) sums = g_array_new (FALSE, TRUE, sizeof (guint64));
  g_autofree guint64 *block_of = NULL;   /* per stack: its time in the block being made */
  g_autoptr(GArray) in_block = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint64 abs = start_abs, since = to_document (origin, start_abs);
  guint32 stack = start_stack < n_stacks ? start_stack : ES_PROF_EMPTY_STACK;
  gsize at = 0;

  piece->start_abs = abs;
  piece->start_since = since;
  piece->start_stack = stack;
  piece->len = bytes->len;
  piece->bytes = g_realloc (g_byte_array_free (bytes, FALSE), MAX (piece->len, 1));
  piece->every = FIRST_CHECKPOINT_CHANGES;
  piece->checkpoints = g_ptr_array_new_with_free_func (g_free);
  piece->local = g_array_new (FALSE, FALSE, sizeof (guint32));
  piece->blocks = g_array_new (FALSE, FALSE, sizeof (CallBlock));
  piece->entries = g_array_new (FALSE, FALSE, sizeof (EsCallBlockEntry));
  memset (local_of, 0xff, n_stacks * sizeof (guint32));
  block_of = g_new0 (guint64, n_stacks);

  add_checkpoint (piece, abs, since, 0, stack, NULL);
  counter = _es_call_counter_new (calls, piece, before);
  while (at < piece->len)
    {
      gsize change_at = at;
      guint64 next_abs = abs + es_call_stream_read_varint (piece->bytes, &at);
      guint32 next = (guint32) es_call_stream_read_varint (piece->bytes, &at);
      guint64 next_since = to_document (origin, next_abs);

      if (next >= n_stacks)
        {
          g_critical ("call piece: stack %u of %u", next, n_stacks);
          next = ES_PROF_EMPTY_STACK;
        }
      _es_call_counter_change (counter, change_at, abs, stack, next_abs, next);
      /* a piece starting in a stack has it among its own */
      if (stack != ES_PROF_EMPTY_STACK && local_of[stack] == G_MAXUINT32)
        {
          local_of[stack] = piece->local->len;
          g_array_append_val (piece->local, stack);
          g_array_set_size (sums, piece->local->len);
        }
      if (stack != ES_PROF_EMPTY_STACK && next_since > since)
        {
          g_array_index (sums, guint64, local_of[stack]) += next_since - since;
          if (block_of[stack] == 0)
            g_array_append_val (in_block, stack);
          block_of[stack] += next_since - since;
        }
      if (local_of[next] == G_MAXUINT32)
        {
          local_of[next] = piece->local->len;
          g_array_append_val (piece->local, next);
          g_array_set_size (sums, piece->local->len);
        }
      abs = next_abs;
      since = next_since;
      stack = next;
      piece->n_changes++;
      if (piece->n_changes % BLOCK_CHANGES == 0 || at >= piece->len)
        {
          CallBlock block = { abs, since, at, stack, piece->entries->len, in_block->len };

          for (guint e = 0; e < in_block->len; e++)
            {
              guint32 s = g_array_index (in_block, guint32, e);
              EsCallBlockEntry entry = { s, block_of[s] };

              g_array_append_val (piece->entries, entry);
              block_of[s] = 0;
            }
          g_array_set_size (in_block, 0);
          g_array_append_val (piece->blocks, block);
        }
      /* At most a byte a change for the sums: every other checkpoint goes. */
      while (piece->local->len * sizeof (guint64) > piece->every)
        {
          GPtrArray *kept = g_ptr_array_new_with_free_func (g_free);

          g_ptr_array_set_free_func (piece->checkpoints, NULL);
          for (guint j = 0; j < piece->checkpoints->len; j++)
            if (j % 2 == 0)
              g_ptr_array_add (kept, g_ptr_array_index (piece->checkpoints, j));
            else
              g_free (g_ptr_array_index (piece->checkpoints, j));
          g_ptr_array_unref (piece->checkpoints);
          piece->checkpoints = kept;
          piece->every *= 2;
        }
      if (piece->n_changes % piece->every == 0 && at < piece->len)
        add_checkpoint (piece, abs, since, at, stack, (const guint64 *) (gpointer) sums->data);
    }
  _es_call_counter_finish (counter, abs);
  piece->end_abs = abs;
  piece->end_since = since;
  piece->end_stack = stack;
  piece->end_sums = (guint64 *) (gpointer) g_array_free (g_steal_pointer (&sums), FALSE);
  count_piece (calls, piece);
  return piece;
}

/**
 * _es_builder_add_call_pieces:
 * @cap: the row of the thread
 * @origin: the document's zero, on the log's clock, as the pieces were made
 * @pieces: (array length=n_pieces): a thread's call time, each piece
 *   starting where the one before ends, the last ending outside any call
 *
 * Takes in a thread's call time, sharing its pieces.
 */
void
_es_builder_add_call_pieces (EsDocumentBuilder  *self,
                             guint16             cap,
                             guint64             origin,
                             EsCallPiece *const *pieces,
                             guint               n_pieces)
{
  EsProfData *calls = self->doc->calls;
  EsCallStream *stream = g_atomic_rc_box_new0 (EsCallStream);

  stream->cap = cap;
  stream->origin = origin;
  stream->pieces = g_ptr_array_new_full (n_pieces, _es_call_piece_unref);
  for (guint i = 0; i < n_pieces; i++)
    {
      count_piece (calls, pieces[i]);
      g_ptr_array_add (stream->pieces, _es_call_piece_ref (pieces[i]));
    }
  /* the thread's calls end with it: its last change leaves them all */
  g_warn_if_fail (n_pieces == 0 || pieces[n_pieces - 1]->end_stack == ES_PROF_EMPTY_STACK);
  if (calls->counted_by_stack->len < calls->stacks->len)
    g_array_set_size (calls->counted_by_stack, calls->stacks->len);
  g_ptr_array_add (calls->call_streams, stream);
}

/**
 * _es_builder_add_call_stream:
 * @cap: the row of the thread
 * @origin: the document's zero, on the log's clock
 * @bytes: (transfer full): the thread's changes of stack (see above),
 *   whose stacks are those of _es_builder_intern_call_frame()
 *
 * Takes in a thread's call time as one piece, however long.
 */
void
_es_builder_add_call_stream (EsDocumentBuilder *self,
                             guint16            cap,
                             guint64            origin,
                             GByteArray        *bytes)
{
  EsCallPiece *piece = _es_builder_make_call_piece (self, origin, 0, ES_PROF_EMPTY_STACK, bytes, NULL);

  _es_builder_add_call_pieces (self, cap, origin, &piece, 1);
  _es_call_piece_unref (piece);
}

/* The last checkpoint of @piece at or before @t, and its index. */
static const CallCheckpoint *
checkpoint_index_before (const EsCallPiece *piece,
                         guint64            t,
                         guint             *index)
{
  guint lo = 0, hi = piece->checkpoints->len;

  /* the first is at the piece's start */
  while (hi - lo > 1)
    {
      guint mid = lo + (hi - lo) / 2;

      if (((const CallCheckpoint *) g_ptr_array_index (piece->checkpoints, mid))->since <= t)
        lo = mid;
      else
        hi = mid;
    }
  *index = lo;
  return g_ptr_array_index (piece->checkpoints, lo);
}

/* Where a walk along a stream is: after a change, in the stack it made. */
typedef struct
{
  guint64 abs;            /* the change's time, on the log's clock */
  guint64 since;          /* the same, in the document's time */
  guint32 stack;
  gsize   offset;         /* where the next change starts */
} Cursor;

static Cursor
cursor_at_checkpoint (const CallCheckpoint *at)
{
  return (Cursor) { at->abs, at->since, at->stack, at->offset };
}

static Cursor
cursor_at_block_end (const CallBlock *b)
{
  return (Cursor) { b->end_abs, b->end_since, b->end_stack, b->end_offset };
}

/* The change after @at: the stretch in @at's stack ends at its since. */
static Cursor
next_change (const EsCallStream *stream,
             const EsCallPiece  *piece,
             const Cursor       *at)
{
  Cursor next;

  next.offset = at->offset;
  next.abs = at->abs + es_call_stream_read_varint (piece->bytes, &next.offset);
  next.since = to_document (stream->origin, next.abs);
  next.stack = (guint32) es_call_stream_read_varint (piece->bytes, &next.offset);
  return next;
}

/* The block the walk from checkpoint @index starts in. */
static guint
first_block (const EsCallPiece *piece,
             guint              index)
{
  return (guint) ((guint64) index * piece->every / BLOCK_CHANGES);
}

/**
 * es_document_get_n_call_streams:
 *
 * Returns: how many threads have call time (ES_PROF_CALL_TIME): a
 *   stream of changes of stack each
 */
guint
es_document_get_n_call_streams (EsDocument *self)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), 0);

  return self->calls->call_streams->len;
}

/**
 * es_document_get_call_stream_cap:
 *
 * Returns: the row (a Mono log's thread) of call stream @stream
 */
guint
es_document_get_call_stream_cap (EsDocument *self,
                                 guint       stream)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), 0);
  g_return_val_if_fail (stream < self->calls->call_streams->len, 0);

  return ((const EsCallStream *) g_ptr_array_index (self->calls->call_streams, stream))->cap;
}

/**
 * es_document_add_call_time_before:
 * @slot_of: per stack, where it is counted in @counts, or
 *   ES_PROF_NO_STACK for a stack that is not
 * @sign: 1, or -1 (wrapping) to take away
 *
 * Adds @sign times each stack's time before @t in call stream @stream to
 * @counts: the time at the checkpoint before @t, and the changes from
 * there decoded up to @t, the stretch open at @t cut there.
 */
void
es_document_add_call_time_before (EsDocument    *self,
                                  guint          stream_index,
                                  guint64        t,
                                  const guint32 *slot_of,
                                  guint64        sign,
                                  guint64       *counts)
{
  const EsCallStream *stream;

  g_return_if_fail (ES_IS_DOCUMENT (self));
  g_return_if_fail (stream_index < self->calls->call_streams->len);

  stream = g_ptr_array_index (self->calls->call_streams, stream_index);
  for (guint p = 0; p < stream->pieces->len; p++)
    {
      const EsCallPiece *piece = g_ptr_array_index (stream->pieces, p);
      const CallCheckpoint *at;
      const CallBlock *blocks = (const CallBlock *) (gpointer) piece->blocks->data;
      const EsCallBlockEntry *entries = (const EsCallBlockEntry *) (gpointer) piece->entries->data;
      const guint32 *local = (const guint32 *) (gpointer) piece->local->data;
      gboolean last = p + 1 == stream->pieces->len;
      Cursor cursor;
      guint index;

      if (piece->start_since > t)
        break;
      /* A piece wholly before @t: its time; the stack it ends in goes on
       * in the next piece (the last ends outside any call). */
      if (piece->end_since <= t && !(last && piece->end_stack != ES_PROF_EMPTY_STACK))
        {
          for (guint l = 0; l < piece->local->len; l++)
            if (piece->end_sums[l] > 0 && slot_of[local[l]] != ES_PROF_NO_STACK)
              counts[slot_of[local[l]]] += sign * piece->end_sums[l];
          continue;
        }
      at = checkpoint_index_before (piece, t, &index);
      for (guint l = 0; l < at->n_sums; l++)
        if (at->sums[l] > 0 && slot_of[local[l]] != ES_PROF_NO_STACK)
          counts[slot_of[local[l]]] += sign * at->sums[l];
      cursor = cursor_at_checkpoint (at);
      /* whole blocks that end before @t, then the changes of the one it is in */
      for (guint k = first_block (piece, index); k < piece->blocks->len; k++)
        {
          const CallBlock *b = &blocks[k];

          if (b->end_since > t)
            break;
          for (guint e = 0; e < b->n_entries; e++)
            if (slot_of[entries[b->first_entry + e].stack] != ES_PROF_NO_STACK)
              counts[slot_of[entries[b->first_entry + e].stack]] += sign * entries[b->first_entry + e].ns;
          cursor = cursor_at_block_end (b);
        }
      while (cursor.offset < piece->len)
        {
          Cursor next = next_change (stream, piece, &cursor);

          if (next.since > t)
            break;
          if (cursor.stack != ES_PROF_EMPTY_STACK && slot_of[cursor.stack] != ES_PROF_NO_STACK)
            counts[slot_of[cursor.stack]] += sign * (next.since - cursor.since);
          cursor = next;
        }
      if (cursor.stack != ES_PROF_EMPTY_STACK && t > cursor.since && slot_of[cursor.stack] != ES_PROF_NO_STACK)
        counts[slot_of[cursor.stack]] += sign * (t - cursor.since);
      break;
    }
}

/**
 * es_document_walk_call_time:
 * @func: called for each stretch of call stream @stream in a stack (not
 *   outside calls) that reaches into [@t0, @t1), in order, whole (not
 *   cut at @t0 or @t1)
 *
 * Walks a thread's call time from the checkpoint before @t0.
 */
static gboolean
never_whole (guint64  start,
             guint64  end,
             gpointer data)
{
  return FALSE;
}

void
es_document_walk_call_time (EsDocument        *self,
                            guint              stream_index,
                            guint64            t0,
                            guint64            t1,
                            EsCallStretchFunc  func,
                            gpointer           data)
{
  es_document_walk_call_time_blocks (self, stream_index, t0, t1, never_whole, NULL, func, data);
}

/* The call time's stack @cost_centre inside @parent (ES_PROF_EMPTY_STACK
 * for an outermost call), made on first sight. */
guint32
_es_builder_intern_call_frame (EsDocumentBuilder *self,
                               guint32            parent,
                               guint32            cost_centre)
{
  return _es_prof_intern_frame (self->calls, self->doc->calls, parent, cost_centre);
}

/**
 * es_document_has_call_time:
 *
 * Returns: whether the log has calls (enter and leave events) whose time
 *   is a profile (ES_PROF_CALL_TIME)
 */
gboolean
es_document_has_call_time (EsDocument *self)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), FALSE);

  return self->calls->call_streams->len > 0;
}

/**
 * es_document_walk_call_time_blocks:
 * @whole: asked, for each block of changes that reaches into [@t0, @t1),
 *   whether to take it whole (its time from @start to @end, per stack, to
 *   @block_func); if not, its stretches go to @func one by one
 *
 * es_document_walk_call_time(), for a drawing of a long span: a block
 * that falls inside one of its columns costs its few stacks, not its
 * changes. Blocks before @t0 are stepped over whole.
 */
void
es_document_walk_call_time_blocks (EsDocument           *self,
                                   guint                 stream_index,
                                   guint64               t0,
                                   guint64               t1,
                                   EsCallBlockWholeFunc  whole,
                                   EsCallBlockFunc       block_func,
                                   EsCallStretchFunc     func,
                                   gpointer              data)
{
  const EsCallStream *stream;

  g_return_if_fail (ES_IS_DOCUMENT (self));
  g_return_if_fail (stream_index < self->calls->call_streams->len);

  stream = g_ptr_array_index (self->calls->call_streams, stream_index);
  for (guint p = 0; p < stream->pieces->len; p++)
    {
      const EsCallPiece *piece = g_ptr_array_index (stream->pieces, p);
      const CallBlock *blocks = (const CallBlock *) (gpointer) piece->blocks->data;
      const EsCallBlockEntry *entries = (const EsCallBlockEntry *) (gpointer) piece->entries->data;
      Cursor cursor;
      guint index;

      if (piece->start_since >= t1)
        break;
      /* its stretches end by its last change */
      if (piece->end_since <= t0)
        continue;
      cursor = cursor_at_checkpoint (checkpoint_index_before (piece, t0, &index));
      for (guint k = first_block (piece, index); k < piece->blocks->len && cursor.since < t1; k++)
        {
          const CallBlock *b = &blocks[k];

          if (b->end_since > t0 && whole (cursor.since, b->end_since, data))
            block_func (cursor.since, b->end_since, &entries[b->first_entry], b->n_entries, data);
          else if (b->end_since > t0)
            while (cursor.offset < b->end_offset)
              {
                Cursor next = next_change (stream, piece, &cursor);

                if (cursor.stack != ES_PROF_EMPTY_STACK && next.since > t0 && next.since > cursor.since && cursor.since < t1)
                  func (cursor.since, next.since - cursor.since, cursor.stack, data);
                cursor = next;
              }
          cursor = cursor_at_block_end (b);
        }
    }
}
