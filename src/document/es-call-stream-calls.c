/* es-call-stream-calls.c: the calls of a thread's call time, counted as
 * mprof-report's Method call summary counts them, for any interval
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-call-stream-private.h"

/* A thread's changes of stack are its calls: a change into a child of the
 * stack enters a call, a change to an ancestor leaves the calls between
 * (one, or every call still open when the thread's calls end). So the
 * Calls & Allocations tab's figures (calls, total and self time per
 * method of the calls that end in an interval) come from the call time,
 * and the calls are not kept a second time. Each piece keeps, every
 * ES_CALL_SUM_BLOCK_CHANGES changes, the sums per method of the calls
 * ending there and the calls open at the block's start (when each was
 * entered, and the time of its callees so far): the calls ending before
 * an instant are the whole pieces and blocks before it, and the changes
 * of one block decoded from the calls open at its start. Times only go
 * forward in a stream; a log whose times go back keeps its calls apart
 * (es_mono_profile_get_activity()), where they wrap as mprof-report's. */

struct _EsCallCounter
{
  const EsProfStack *stacks;
  guint              n_stacks;
  guint              n_methods;
  EsCallPiece       *piece;
  GArray            *frames;       /* EsCallFrame: the calls open now */
  guint32           *block_slot;   /* per method: its sum in the block + 1, if >= the block's first */
  guint32           *piece_slot;   /* per method: its sum in the piece + 1 */
  guint              n_changes;
};

static guint
n_methods_of (const EsProfStack *stacks,
              guint              n_stacks)
{
  guint n = 1;

  for (guint s = 1; s < n_stacks; s++)
    n = MAX (n, stacks[s].cost_centre);
  return n;
}

/* Starts counting @piece's calls, those open at its start being the ones
 * @before (its thread's piece before it, or %NULL) ends with. */
EsCallCounter *
_es_call_counter_new (const EsProfData  *calls,
                      EsCallPiece       *piece,
                      const EsCallPiece *before)
{
  EsCallCounter *counter = g_new0 (EsCallCounter, 1);
  guint depth;

  counter->stacks = (const EsProfStack *) (gpointer) calls->stacks->data;
  counter->n_stacks = calls->stacks->len;
  counter->n_methods = n_methods_of (counter->stacks, counter->n_stacks);
  counter->piece = piece;
  counter->block_slot = g_new0 (guint32, counter->n_methods);
  counter->piece_slot = g_new0 (guint32, counter->n_methods);
  piece->sum_blocks = g_array_new (FALSE, FALSE, sizeof (EsCallSumBlock));
  piece->call_frames = g_array_new (FALSE, FALSE, sizeof (EsCallFrame));
  piece->call_sums = g_array_new (FALSE, FALSE, sizeof (EsCallSum));
  piece->piece_sums = g_array_new (FALSE, FALSE, sizeof (EsCallSum));
  depth = piece->start_stack < counter->n_stacks ? counter->stacks[piece->start_stack].depth : 0;
  if (before != NULL && before->end_frames != NULL && before->end_frames->len == depth)
    counter->frames = g_array_copy (before->end_frames);
  else
    {
      /* a thread's first piece: no call open */
      EsCallFrame unknown = { piece->start_abs, 0 };

      counter->frames = g_array_new (FALSE, FALSE, sizeof (EsCallFrame));
      for (guint d = 0; d < depth; d++)
        g_array_append_val (counter->frames, unknown);
    }
  return counter;
}

static void
add_sum (GArray   *sums,
         guint32  *slot,
         guint     first,
         guint32   method,
         guint64   total,
         guint64   callee)
{
  EsCallSum *sum;

  if (slot[method] == 0 || slot[method] - 1 < first)
    {
      EsCallSum fresh = { method, 0, 0, 0 };

      g_array_append_val (sums, fresh);
      slot[method] = sums->len;
    }
  sum = &g_array_index (sums, EsCallSum, slot[method] - 1);
  sum->count++;
  sum->total += total;
  sum->callee += callee;
}

/* The calls of @frames left as the stack goes from @stack to @next at
 * @time, each given to @func; a change into a child of @stack enters
 * one. */
typedef void (*CallEndedFunc) (guint32  method,
                               guint64  total,
                               guint64  callee,
                               gpointer data);

static void
step (const EsProfStack *stacks,
      guint              n_stacks,
      GArray            *frames,
      guint32            stack,
      guint32            next,
      guint64            time,
      CallEndedFunc      func,
      gpointer           data)
{
  if (next == stack)
    return;
  if (next != ES_PROF_EMPTY_STACK && next < n_stacks && stacks[next].parent == stack)
    {
      EsCallFrame entered = { time, 0 };

      g_array_append_val (frames, entered);
      return;
    }
  while (stack != next && stack != ES_PROF_EMPTY_STACK && stack < n_stacks && frames->len > 0)
    {
      EsCallFrame left = g_array_index (frames, EsCallFrame, frames->len - 1);
      guint64 total = time - left.enter;

      g_array_set_size (frames, frames->len - 1);
      if (stacks[stack].cost_centre > 0)
        func (stacks[stack].cost_centre - 1, total, left.callee, data);
      if (frames->len > 0)
        g_array_index (frames, EsCallFrame, frames->len - 1).callee += total;
      stack = stacks[stack].parent;
    }
  /* Not a change the collector makes: the calls open are those of @next,
   * entered now. */
  if (stack != next)
    {
      EsCallFrame unknown = { time, 0 };
      guint depth = next < n_stacks ? stacks[next].depth : 0;

      g_array_set_size (frames, 0);
      for (guint d = 0; d < depth; d++)
        g_array_append_val (frames, unknown);
    }
}

static void
counted (guint32  method,
         guint64  total,
         guint64  callee,
         gpointer data)
{
  EsCallCounter *counter = data;
  EsCallPiece *piece = counter->piece;
  const EsCallSumBlock *block = &g_array_index (piece->sum_blocks, EsCallSumBlock, piece->sum_blocks->len - 1);

  if (method >= counter->n_methods)
    return;
  add_sum (piece->call_sums, counter->block_slot, block->first_sum, method, total, callee);
  add_sum (piece->piece_sums, counter->piece_slot, 0, method, total, callee);
}

static void
close_block (EsCallPiece *piece,
             guint64      end_abs)
{
  EsCallSumBlock *block;

  if (piece->sum_blocks->len == 0)
    return;
  block = &g_array_index (piece->sum_blocks, EsCallSumBlock, piece->sum_blocks->len - 1);
  block->end_abs = end_abs;
  block->n_sums = piece->call_sums->len - block->first_sum;
}

/* The change at @offset: from @stack, made at @abs, to @next at @next_abs. */
void
_es_call_counter_change (EsCallCounter *counter,
                         gsize          offset,
                         guint64        abs,
                         guint32        stack,
                         guint64        next_abs,
                         guint32        next)
{
  EsCallPiece *piece = counter->piece;

  if (counter->n_changes++ % ES_CALL_SUM_BLOCK_CHANGES == 0)
    {
      EsCallSumBlock block = { offset, abs, stack, piece->call_frames->len, counter->frames->len, abs,
                               piece->call_sums->len, 0 };

      close_block (piece, abs);
      g_array_append_vals (piece->call_frames, counter->frames->data, counter->frames->len);
      g_array_append_val (piece->sum_blocks, block);
    }
  step (counter->stacks, counter->n_stacks, counter->frames, stack, next, next_abs, counted, counter);
}

/* Ends the count at the piece's last change, at @end_abs. */
void
_es_call_counter_finish (EsCallCounter *counter,
                         guint64        end_abs)
{
  EsCallPiece *piece = counter->piece;

  close_block (piece, end_abs);
  piece->end_frames = counter->frames;
  g_free (counter->block_slot);
  g_free (counter->piece_slot);
  g_free (counter);
}

static void
add_totals (const EsCallSum *sums,
            guint            n_sums,
            EsCallTotals    *totals,
            guint            n_methods)
{
  for (guint i = 0; i < n_sums; i++)
    if (sums[i].method < n_methods)
      {
        totals[sums[i].method].count += sums[i].count;
        totals[sums[i].method].total += sums[i].total;
        totals[sums[i].method].callee += sums[i].callee;
      }
}

typedef struct
{
  EsCallTotals *totals;
  guint         n_methods;
} Adding;

static void
add_call (guint32  method,
          guint64  total,
          guint64  callee,
          gpointer data)
{
  Adding *adding = data;

  if (method >= adding->n_methods)
    return;
  adding->totals[method].count++;
  adding->totals[method].total += total;
  adding->totals[method].callee += callee;
}

/**
 * _es_call_stream_count_calls:
 * @stacks: (array length=n_stacks): the document's call-time stacks
 * @before: on the log's clock
 * @totals: (array length=n_methods): per method (a cost centre less one),
 *   to add to
 *
 * Adds the calls of @stream that end before @before: whole pieces and
 * blocks by their sums, then one block's changes.
 */
void
_es_call_stream_count_calls (const EsCallStream *stream,
                             const EsProfStack  *stacks,
                             guint               n_stacks,
                             guint64             before,
                             EsCallTotals       *totals,
                             guint               n_methods)
{
  for (guint p = 0; p < stream->pieces->len; p++)
    {
      const EsCallPiece *piece = g_ptr_array_index (stream->pieces, p);
      const EsCallSum *sums = (const EsCallSum *) (gpointer) piece->call_sums->data;

      if (piece->start_abs >= before)
        break;
      if (piece->end_abs < before)
        {
          add_totals ((const EsCallSum *) (gpointer) piece->piece_sums->data, piece->piece_sums->len, totals, n_methods);
          continue;
        }
      for (guint k = 0; k < piece->sum_blocks->len; k++)
        {
          const EsCallSumBlock *block = &g_array_index (piece->sum_blocks, EsCallSumBlock, k);
          g_autoptr(GArray) frames = NULL;
          Adding adding = { totals, n_methods };
          guint64 abs = block->start_abs;
          guint32 stack = block->start_stack;
          gsize at = block->offset;

          if (block->end_abs < before)
            {
              add_totals (&sums[block->first_sum], block->n_sums, totals, n_methods);
              continue;
            }
          frames = g_array_sized_new (FALSE, FALSE, sizeof (EsCallFrame), block->n_frames + 16);
          g_array_append_vals (frames, &g_array_index (piece->call_frames, EsCallFrame, block->first_frame),
                               block->n_frames);
          while (at < piece->len)
            {
              guint64 next_abs = abs + es_call_stream_read_varint (piece->bytes, &at);
              guint32 next = (guint32) es_call_stream_read_varint (piece->bytes, &at);

              if (next_abs >= before)
                break;
              step (stacks, n_stacks, frames, stack, next, next_abs, add_call, &adding);
              abs = next_abs;
              stack = next;
            }
          break;
        }
      break;
    }
}
