/* es-thread-states.c: threads' states over time, for drawing and hovering
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-search.h"
#include "es-thread-states-private.h"

EsBlockReason
es_block_reason_from_stop (guint8 stop_status)
{
  switch (stop_status)
    {
    case ES_STOP_BLOCKED_ON_MVAR: case ES_STOP_BLOCKED_ON_MVAR_READ:
      return ES_BLOCK_MVAR;
    case ES_STOP_BLOCKED_ON_BLACK_HOLE:
      return ES_BLOCK_BLACK_HOLE;
    case ES_STOP_BLOCKED_ON_STM:
      return ES_BLOCK_STM;
    case ES_STOP_BLOCKED_ON_READ: case ES_STOP_BLOCKED_ON_WRITE: case ES_STOP_BLOCKED_ON_DO_PROC:
      return ES_BLOCK_IO;
    case ES_STOP_BLOCKED_ON_DELAY:
      return ES_BLOCK_DELAY;
    case ES_STOP_FOREIGN_CALL: case ES_STOP_BLOCKED_ON_CCALL: case ES_STOP_BLOCKED_ON_CCALL_INTERRUPTIBLE:
      return ES_BLOCK_FOREIGN_CALL;
    default:
      return ES_BLOCK_OTHER;
    }
}

/* The index of the state in effect at @time (the last one at or before
 * it), or G_MAXUINT before the first. */
guint
es_thread_states_find (const EsThreadState *states,
                       guint                n_states,
                       guint64              time)
{
  guint i = es_search_upper_bound (states, n_states, sizeof (EsThreadState),
                                   G_STRUCT_OFFSET (EsThreadState, time), time);

  return i == 0 ? G_MAXUINT : i - 1;
}

/**
 * es_thread_state_share:
 *
 * Returns: the EsThreadShare a thread in @state spends its time in, or
 *   ES_THREAD_SHARE_NONE before it exists and once it has finished
 */
static int
share_of (guint8 state,
          guint8 reason)
{
  switch (state)
    {
    case ES_THREAD_STATE_RUNNING:
      return ES_THREAD_SHARE_RUNNING;
    case ES_THREAD_STATE_GC:
      return ES_THREAD_SHARE_GC;
    case ES_THREAD_STATE_CREATED: case ES_THREAD_STATE_RUNNABLE:
      return ES_THREAD_SHARE_RUNNABLE;
    case ES_THREAD_STATE_BLOCKED:
      return ES_THREAD_SHARE_BLOCKED + es_block_reason_from_stop (reason);
    case ES_THREAD_STATE_NO_DATA:
      return ES_THREAD_SHARE_NO_DATA;
    case ES_THREAD_STATE_FINISHED:
    default:
      return ES_THREAD_SHARE_NONE;
    }
}

gint8 _es_thread_share_table[N_KINDS][256];

static gpointer
fill_share_table (gpointer data)
{
  for (guint k = 0; k < N_KINDS; k++)
    for (guint r = 0; r < 256; r++)
      _es_thread_share_table[k][r] = (gint8) share_of (k, r);
  return NULL;
}

void
_es_thread_states_ensure_share_table (void)
{
  static GOnce once = G_ONCE_INIT;

  g_once (&once, fill_share_table, NULL);
}

int
es_thread_state_share (const EsThreadState *state)
{
  _es_thread_states_ensure_share_table ();
  return state_share (state);
}

/* The last of @coarse at or before @time, or -1 if none, galloping on
 * from @from: an index at or before the answer, or -1. */
static gssize
coarse_last_at (const guint64 *coarse,
                guint          n,
                gssize         from,
                guint64        time)
{
  return (gssize) es_search_upper_bound_from (coarse, n, sizeof (guint64), 0, from < 0 ? 0 : (guint) from + 1,
                                              time) - 1;
}

/* Where the running totals stand at one edge, with what an edge after it
 * in the same state needs: zoomed out on a log of many threads, most
 * edges of a row fall in the state the last one did, and then cost no
 * read at all. */
typedef struct
{
  guint64        time;
  gssize         state;     /* the last state at or before it, or -1 */
  guint64        next;      /* the time of the state after it, or G_MAXUINT64 */
  guint32        code;      /* its code_of(), or NO_CODE before the first */
  EsThreadShares totals;
} Edge;

#define NO_CODE 0xffu   /* a kind past N_KINDS: no share, not running */

/* The time of the state after @i (-1: the first), or G_MAXUINT64. */
static inline guint64
next_time (const EsThreadStates *s,
           gssize                i)
{
  return i + 1 < (gssize) s->n_states ? time_at (s, (gsize) (i + 1)) : G_MAXUINT64;
}

/* Puts @edge at @time in state @i. */
static inline void
edge_set (const EsThreadStates *s,
          Edge                 *edge,
          guint64               time,
          gssize                i,
          guint64               next)
{
  edge->time = time;
  edge->state = i;
  edge->next = next;
  edge->code = i >= 0 ? code_at (s, (gsize) i) : NO_CODE;
}

/* @edge at @time, the last state at or before it and the running totals
 * there, given the last coarse entry at or before it, @k: one pass
 * forward through its stride, summing as it goes. A binary search would
 * read fewer states, but each from a cache line of its own, one after the
 * other; a stride's times and codes are a line or two read in order. */
static void
scan_to (const EsThreadStates *s,
         gssize                k,
         guint64               time,
         Edge                 *edge,
         gsize                *reads)
{
  EsThreadShares *totals = &edge->totals;
  guint i, end;
  guint64 at, next = G_MAXUINT64;
  guint32 code;

  if (k < 0)
    {
      *totals = (EsThreadShares) { { 0 }, 0 };
      edge_set (s, edge, time, -1, s->n_states > 0 ? s->coarse[0] : G_MAXUINT64);
      return;
    }
  get_totals (s, (guint) k, totals);
  block_range (s->n_states, (guint) k, &i, &end);
  at = s->coarse[k];
  code = code_at (s, i);
  for (; i + 1 < end; i++)
    {
      ++*reads;
      next = time_at (s, i + 1);
      if (next > time)
        break;
      add_share (totals, code_share (code), at, next);
      totals->runs += code_kind (code) == ES_THREAD_STATE_RUNNING;
      at = next;
      code = code_at (s, i + 1);
    }
  /* At the block's end, the next state is the next block's first. */
  if (i + 1 == end)
    next = (gsize) k + 1 < s->n_coarse ? s->coarse[k + 1] : G_MAXUINT64;
  (*reads)++;
  add_share (totals, code_share (code), at, MAX (time, at));
  totals->runs += code_kind (code) == ES_THREAD_STATE_RUNNING;
  edge->time = time;
  edge->state = i;
  edge->next = next;
  edge->code = code;
}

/* Moves @edge on to @time: within its state, at no read; through the next
 * few states one by one, adding their time; further, from the coarse
 * entries, galloped through from @cursor. */
static void
edge_advance (const EsThreadStates *s,
              Edge                 *edge,
              guint64               time,
              gssize               *cursor,
              gsize                *reads)
{
  gssize i = edge->state;

  time = MIN (time, s->end);
  if (time >= edge->time && (time < edge->next || i + 1 >= (gssize) s->n_states))
    {
      add_share (&edge->totals, code_share (edge->code), edge->time, time);
      edge->time = time;
      return;
    }
  /* Walked only where a few states lead there: one read tells. */
  if (time >= edge->time &&
      (i + 4 >= (gssize) s->n_states || (++*reads, time_at (s, (gsize) (i + 4)) > time)))
    {
      guint64 next = edge->next;

      /* The state after @i is there, and begins at @next, at or before
       * @time. */
      for (guint step = 0; step <= 4; step++)
        {
          add_share (&edge->totals, code_share (edge->code), edge->time, next);
          i++;
          edge_set (s, edge, next, i, next_time (s, i));
          if (code_kind (edge->code) == ES_THREAD_STATE_RUNNING)
            edge->totals.runs++;
          ++*reads;
          next = edge->next;
          if (next > time || i + 1 >= (gssize) s->n_states)
            {
              add_share (&edge->totals, code_share (edge->code), edge->time, time);
              edge->time = time;
              return;
            }
        }
    }
  *cursor = coarse_last_at (s->coarse, s->n_coarse, time >= edge->time ? *cursor : -1, time);
  scan_to (s, *cursor, time, edge, reads);
}

/* The HEC of the last run among states (@from, @to], or @to's if @from is
 * before it, looked for in a stride at most: where a column with running
 * in it ran last. G_MAXUINT16 if none is there. */
static guint16
last_run_cap (const EsThreadStates *s,
              gssize                from,
              gssize                to,
              gsize                *reads)
{
  for (gssize j = to; j >= MAX (from, 0) && j > to - ES_THREAD_STATES_STRIDE; j--)
    {
      guint32 code = code_at (s, (gsize) j);

      (*reads)++;
      if (code_kind (code) == ES_THREAD_STATE_RUNNING)
        return (guint16) (code >> 16);
    }
  return G_MAXUINT16;
}

/* Zoomed out, every edge lands in a stride of states far from the last:
 * cache misses (its totals, its times, its codes) that the columns would
 * wait for one after the other. Where each edge lands is found first from
 * the coarse times alone, which are compact, and its lines asked for
 * then, so that the misses overlap. */
static void
prefetch_edges (const EsThreadStates *s,
                const guint64        *edges,
                guint                 n_columns)
{
  gssize cursor = -1;

  if (s->n_coarse < 2 * (gsize) n_columns)
    return;
  for (guint c = 0; c <= n_columns; c++)
    {
      gssize k = coarse_last_at (s->coarse, s->n_coarse, cursor, edges[c]);

      if (k >= 0 && k != cursor)
        {
          const EsThreadStatesGroup *group = &s->groups[k / ES_THREAD_STATES_GROUP];

          __builtin_prefetch (s->totals + (group->totals_at + (guint64) (k % ES_THREAD_STATES_GROUP) * group->row_bits) / 8);
          __builtin_prefetch (block_base (s, (guint) k));
          __builtin_prefetch (s->codes + (gsize) k * ES_THREAD_STATES_STRIDE * s->code_bits / 8);
          /* Where its times are is a miss of its own, but those of the
           * next edges overlap it. */
          __builtin_prefetch (s->times + (group->times_at + (s->blocks[k] >> ES_THREAD_STATES_WIDTH_BITS)) / 8);
        }
      cursor = k;
    }
}

/**
 * es_thread_states_columns:
 * @edges: (array length=n_columns+1): the columns' edges, in time order:
 *   column i is [edges[i], edges[i + 1]), or the instant edges[i] if
 *   they are equal
 * @columns: (out caller-allocates) (array length=n_columns): what the
 *   thread did in each: its time in each share (an instant's column: a
 *   nanosecond of the state it is in then), the runs that touch it, and
 *   the HEC of the last run in it (or G_MAXUINT16 if it did not run there,
 *   or its last stride of states holds no run)
 *
 * Each column is the difference of the running totals at its edges. Left
 * to right, an edge inside the state the last one was in costs a read;
 * others gallop through the coarse times and read at most a stride and a
 * search of states. The cost is O(columns x stride) whatever the zoom,
 * however many states a column holds.
 *
 * Returns: how many states were read (for tests and benchmarks)
 */
gsize
es_thread_states_columns (const EsThreadStates *s,
                          const guint64        *edges,
                          guint                 n_columns,
                          EsThreadColumn       *columns)
{
  Edge edge[2] = { { 0, -1, 0, NO_CODE, { { 0 }, 0 } } };
  gssize cursor = -1, columns_state = -2;   /* the state the last column began in */
  gsize reads = 0;

  g_return_val_if_fail (s != NULL, 0);
  g_return_val_if_fail (n_columns == 0 || (edges != NULL && columns != NULL), 0);

  if (n_columns == 0)
    return 0;
  _es_thread_states_ensure_share_table ();
  prefetch_edges (s, edges, n_columns);
  edge[0].next = s->n_states > 0 ? s->coarse[0] : G_MAXUINT64;
  edge_advance (s, &edge[0], edges[0], &cursor, &reads);
  for (guint c = 0; c < n_columns; c++)
    {
      EsThreadColumn *col = &columns[c];
      /* The column's start, and its end: the next one's start. */
      const Edge *a = &edge[c % 2];
      Edge *b = &edge[(c + 1) % 2];

      *b = *a;
      edge_advance (s, b, edges[c + 1], &cursor, &reads);
      for (guint k = 0; k < ES_N_THREAD_SHARES; k++)
        col->shares.ns[k] = b->totals.ns[k] - a->totals.ns[k];
      /* The runs begun inside, and the one under way at its start. */
      col->shares.runs = b->totals.runs - a->totals.runs;
      if (code_kind (a->code) == ES_THREAD_STATE_RUNNING)
        col->shares.runs++;
      if (b->time <= a->time && b->state >= 0 && edges[c] < s->end)
        {
          /* An instant's column: the state it is in then. */
          int share = code_share (b->code);

          if (share != ES_THREAD_SHARE_NONE)
            col->shares.ns[share] = 1;
        }
      /* Zoomed in, most columns end in the state the last one ended in. */
      if (c > 0 && b->state == a->state && a->state == columns_state)
        col->run_cap = columns[c - 1].run_cap;
      else
        col->run_cap = b->state >= 0 ? last_run_cap (s, a->state, b->state, &reads) : G_MAXUINT16;
      columns_state = a->state;
    }
  return reads;
}
