/* es-thread-states.c: threads' states over time, for drawing and hovering
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-search.h"
#include "es-thread-states.h"

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

#define N_KINDS 8   /* EsThreadStateKind, and room */

static gint8 share_table[N_KINDS][256];

static gpointer
fill_share_table (gpointer data)
{
  for (guint k = 0; k < N_KINDS; k++)
    for (guint r = 0; r < 256; r++)
      share_table[k][r] = (gint8) share_of (k, r);
  return NULL;
}

static void
ensure_share_table (void)
{
  static GOnce once = G_ONCE_INIT;

  g_once (&once, fill_share_table, NULL);
}

/* Summing a stretch of states asks this of each: a look-up, not two
 * switches. The table is filled by then (ensure_share_table()). */
static inline int
state_share (const EsThreadState *state)
{
  return state->state < N_KINDS ? share_table[state->state][state->reason] : ES_THREAD_SHARE_NONE;
}

int
es_thread_state_share (const EsThreadState *state)
{
  ensure_share_table ();
  return state_share (state);
}

/* Adds @state's time from @from to @to, and its run if it is one and
 * @count_run. */
static inline void
add_time (EsThreadShares      *shares,
          const EsThreadState *state,
          guint64              from,
          guint64              to,
          gboolean             count_run)
{
  int share = state_share (state);

  if (share != ES_THREAD_SHARE_NONE && to > from)
    shares->ns[share] += to - from;
  if (count_run && state->state == ES_THREAD_STATE_RUNNING)
    shares->runs++;
}

/**
 * es_thread_states_index:
 * @states: (array length=n_states): a thread's states in time order
 * @end: the log's end: the last state lasts until then
 * @view: (out): the states with their indexes
 * @coarse: (out) (transfer full): the coarse times, for the caller to free
 * @totals: (out) (transfer full): the running totals, likewise
 */
void
es_thread_states_index (const EsThreadState  *states,
                        guint                 n_states,
                        guint64               end,
                        EsThreadStates       *view,
                        guint64             **coarse,
                        EsThreadShares      **totals)
{
  guint n_coarse = (n_states + ES_THREAD_STATES_STRIDE - 1) / ES_THREAD_STATES_STRIDE;
  EsThreadShares sum = { 0 };

  ensure_share_table ();
  *coarse = g_new (guint64, MAX (n_coarse, 1));
  *totals = g_new (EsThreadShares, MAX (n_coarse, 1));
  for (guint i = 0; i < n_states; i++)
    {
      if (i % ES_THREAD_STATES_STRIDE == 0)
        {
          (*coarse)[i / ES_THREAD_STATES_STRIDE] = states[i].time;
          (*totals)[i / ES_THREAD_STATES_STRIDE] = sum;
        }
      add_time (&sum, &states[i], states[i].time, i + 1 < n_states ? states[i + 1].time : states[i].time, TRUE);
    }
  *view = (EsThreadStates) { states, n_states, *coarse, *totals, n_coarse, end };
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

/* The last state at or before @time and the running totals there, given
 * the last coarse entry at or before it, @k: one pass forward through its
 * stride, summing as it goes. A binary search would read fewer states, but
 * each from a cache line of its own, one after the other; a stride is four
 * lines read in order. */
static gssize
scan_to (const EsThreadStates *s,
         gssize                k,
         guint64               time,
         EsThreadShares       *totals,
         gsize                *reads)
{
  gsize i, end;

  if (k < 0)
    {
      *totals = (EsThreadShares) { 0 };
      return -1;
    }
  *totals = s->totals[k];
  i = (gsize) k * ES_THREAD_STATES_STRIDE;
  end = MIN (i + ES_THREAD_STATES_STRIDE, s->n_states);
  for (; i + 1 < end && (++*reads, s->states[i + 1].time <= time); i++)
    add_time (totals, &s->states[i], s->states[i].time, s->states[i + 1].time, TRUE);
  (*reads)++;
  add_time (totals, &s->states[i], s->states[i].time, MAX (time, s->states[i].time), TRUE);
  return (gssize) i;
}

/* Where the running totals stand at one edge. */
typedef struct
{
  guint64        time;
  gssize         state;     /* the last state at or before it, or -1 */
  EsThreadShares totals;
} Edge;

/* Moves @edge on to @time: through the next few states one by one, adding
 * their time; further, from the coarse entries, galloped through from
 * @cursor. */
static void
edge_advance (const EsThreadStates *s,
              Edge                 *edge,
              guint64               time,
              gssize               *cursor,
              gsize                *reads)
{
  gssize i = edge->state;

  time = MIN (time, s->end);
  /* Walked only where a few states lead there: one read tells. */
  if (time >= edge->time &&
      (i + 4 >= (gssize) s->n_states || (++*reads, s->states[i + 4].time > time)))
    {
      for (guint step = 0; step <= 4; step++)
        {
          if (i + 1 >= (gssize) s->n_states || (++*reads, s->states[i + 1].time > time))
            {
              if (i >= 0)
                add_time (&edge->totals, &s->states[i], edge->time, time, FALSE);
              edge->state = i;
              edge->time = time;
              return;
            }
          if (i >= 0)
            add_time (&edge->totals, &s->states[i], edge->time, s->states[i + 1].time, FALSE);
          i++;
          edge->time = s->states[i].time;
          if (s->states[i].state == ES_THREAD_STATE_RUNNING)
            edge->totals.runs++;
        }
    }
  *cursor = coarse_last_at (s->coarse, s->n_coarse, time >= edge->time ? *cursor : -1, time);
  edge->state = scan_to (s, *cursor, time, &edge->totals, reads);
  edge->time = time;
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
      (*reads)++;
      if (s->states[j].state == ES_THREAD_STATE_RUNNING)
        return s->states[j].cap;
    }
  return G_MAXUINT16;
}

/* Zoomed out, every edge lands in a stride of states far from the last:
 * two cache misses (its totals, its states) that the columns would wait
 * for one after the other. Where each edge lands is found first from the
 * coarse times alone, which are compact, and its lines asked for then, so
 * that the misses overlap. */
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
          const EsThreadState *first = &s->states[(gsize) k * ES_THREAD_STATES_STRIDE];

          __builtin_prefetch (&s->totals[k]);
          __builtin_prefetch (first);
          __builtin_prefetch (first + 4);
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
  Edge edge[2] = { { 0, -1, { { 0 }, 0 } } };
  gssize cursor = -1, columns_state = -2;   /* the state the last column began in */
  gsize reads = 0;

  g_return_val_if_fail (s != NULL, 0);
  g_return_val_if_fail (n_columns == 0 || (edges != NULL && columns != NULL), 0);

  if (n_columns == 0)
    return 0;
  ensure_share_table ();
  prefetch_edges (s, edges, n_columns);
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
      if (a->state >= 0 && s->states[a->state].state == ES_THREAD_STATE_RUNNING)
        col->shares.runs++;
      if (b->time <= a->time && b->state >= 0 && edges[c] < s->end)
        {
          /* An instant's column: the state it is in then. */
          int share = state_share (&s->states[b->state]);

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
