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
#include "es-varint.h"

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

/* Packing: a state is a byte of kind (3 bits) and reason (5 bits, or
 * REASON_ESCAPE and the reason in the next byte), then a varint of the
 * time since the state before (the block's first: since its coarse time)
 * shifted left once, the low bit set if its HEC differs from the one
 * before (always for a block's first), then the HEC as a varint. */
#define REASON_ESCAPE 31

static inline guint
varint_size (guint64 v)
{
  guint n = 1;

  while (v >= 0x80)
    {
      v >>= 7;
      n++;
    }
  return n;
}

static inline const guint8 *
get_varint (const guint8 *in,
            guint64      *v)
{
  guint64 x = 0;
  guint shift = 0;

  while (*in & 0x80)
    {
      x |= (guint64) (*in++ & 0x7f) << shift;
      shift += 7;
    }
  *v = x | (guint64) *in++ << shift;
  return in;
}

/* The bytes state @i takes, after @before (NULL for a block's first), or
 * written at @out if it is not NULL. */
static inline gsize
pack_state (const EsThreadState *state,
            const EsThreadState *before,
            guint64              base,
            guint8              *out)
{
  guint64 delta = state->time - (before != NULL ? before->time : base);
  gboolean new_cap = before == NULL || before->cap != state->cap;
  guint64 v = delta << 1 | (new_cap ? 1 : 0);
  gboolean escape = state->reason >= REASON_ESCAPE;
  gsize n = 1 + (escape ? 1 : 0) + varint_size (v) + (new_cap ? varint_size (state->cap) : 0);

  if (out != NULL)
    {
      *out++ = (guint8) (state->state | (escape ? REASON_ESCAPE : state->reason) << 3);
      if (escape)
        *out++ = state->reason;
      out = es_varint_put (out, v);
      if (new_cap)
        es_varint_put (out, state->cap);
    }
  return n;
}

/* Block @k's states into @out (ES_THREAD_STATES_STRIDE at most). */
static guint
unpack_block (const EsThreadStates *s,
              guint                 k,
              EsThreadState        *out)
{
  const guint8 *in = s->bytes + s->offsets[k];
  guint n = MIN (ES_THREAD_STATES_STRIDE, s->n_states - k * ES_THREAD_STATES_STRIDE);
  guint64 time = s->coarse[k];
  guint16 cap = 0;

  for (guint j = 0; j < n; j++)
    {
      guint8 head = *in++;
      guint8 reason = head >> 3;
      guint64 v;

      if (reason == REASON_ESCAPE)
        reason = *in++;
      in = get_varint (in, &v);
      time += v >> 1;
      if (v & 1)
        {
          guint64 c;

          in = get_varint (in, &c);
          cap = (guint16) c;
        }
      out[j] = (EsThreadState) { time, cap, head & 7, reason };
    }
  return n;
}

/* Where block @k's running totals are based. */
static inline const guint64 *
block_base (const EsThreadStates *s,
            guint                 k)
{
  guint32 b = s->base_of[k / ES_THREAD_STATES_GROUP];

  if (b & ES_THREAD_STATES_WIDE)
    b = (b & ~ES_THREAD_STATES_WIDE) + k % ES_THREAD_STATES_GROUP;
  return &s->bases[(gsize) b * s->n_slots];
}

/**
 * es_thread_states_get_totals:
 * @k: a block, below @states' n_coarse
 * @totals: (out): the shares of the states before block @k
 */
void
es_thread_states_get_totals (const EsThreadStates *s,
                             guint                 k,
                             EsThreadShares       *totals)
{
  const guint64 *base = block_base (s, k);
  const guint32 *offset = &s->totals[(gsize) k * s->n_slots];

  *totals = (EsThreadShares) { { 0 }, 0 };
  for (guint j = 0; j < s->n_slots; j++)
    {
      int share = s->share_of_slot[j];

      if (share < 0)
        totals->runs = base[j] + offset[j];
      else
        totals->ns[share] = base[j] + offset[j];
    }
}

/* The running totals as slots. */
static inline void
totals_to_slots (const EsThreadStates *s,
                 const EsThreadShares *totals,
                 guint64              *slots)
{
  for (guint j = 0; j < s->n_slots; j++)
    slots[j] = s->share_of_slot[j] < 0 ? totals->runs : totals->ns[s->share_of_slot[j]];
}

/**
 * es_thread_states_new:
 * @states: (array length=n_states): a thread's states in time order
 * @end: the log's end: the last state lasts until then
 *
 * Packs @states with their indexes, in one allocation of the size they
 * take (two passes: one to measure, one to write).
 *
 * Returns: (transfer full): the states, to free with es_thread_states_free()
 */
EsThreadStates *
es_thread_states_new (const EsThreadState *states,
                      guint                n_states,
                      guint64              end)
{
  guint n_coarse = (n_states + ES_THREAD_STATES_STRIDE - 1) / ES_THREAD_STATES_STRIDE;
  guint n_groups = (n_coarse + ES_THREAD_STATES_GROUP - 1) / ES_THREAD_STATES_GROUP;
  gboolean used[ES_N_THREAD_SHARES] = { FALSE };
  EsThreadShares sum = { { 0 }, 0 }, group_start = { { 0 }, 0 };
  gsize n_bytes = 0, n_bases = 0, size;
  guint n_slots = 0, n_wide = 0;
  g_autofree gboolean *wide = g_new0 (gboolean, MAX (n_groups, 1));
  EsThreadStates *s;
  guint8 *at, *bytes;
  guint64 *coarse, *bases, slots[ES_N_THREAD_SHARES + 1];
  guint32 *offsets, *totals, *base_of;

  ensure_share_table ();
  /* First pass: the bytes, the shares used, and the groups whose totals
   * grow past 32 bits (the totals only grow: the last block tells). */
  for (guint i = 0; i < n_states; i++)
    {
      int share = state_share (&states[i]);

      g_return_val_if_fail (states[i].state < 8, NULL);
      if (i % ES_THREAD_STATES_STRIDE == 0)
        {
          guint k = i / ES_THREAD_STATES_STRIDE;

          if (k % ES_THREAD_STATES_GROUP == 0)
            group_start = sum;
          else
            for (guint j = 0; j < ES_N_THREAD_SHARES; j++)
              if (sum.ns[j] - group_start.ns[j] > G_MAXUINT32)
                wide[k / ES_THREAD_STATES_GROUP] = TRUE;
        }
      n_bytes += pack_state (&states[i], i % ES_THREAD_STATES_STRIDE ? &states[i - 1] : NULL, states[i].time, NULL);
      if (share != ES_THREAD_SHARE_NONE)
        used[share] = TRUE;
      add_time (&sum, &states[i], states[i].time, i + 1 < n_states ? states[i + 1].time : states[i].time, TRUE);
    }
  for (guint g = 0; g < n_groups; g++)
    n_wide += wide[g];
  for (guint j = 0; j < ES_N_THREAD_SHARES; j++)
    n_slots += used[j];
  n_slots++;
  n_bases = (gsize) (n_groups - n_wide) + (gsize) n_wide * ES_THREAD_STATES_GROUP;

  /* One allocation: the widest arrays first, each aligned. */
  size = sizeof (EsThreadStates)
         + (gsize) n_coarse * sizeof (guint64) + n_bases * n_slots * sizeof (guint64)
         + ((gsize) n_coarse + 1) * sizeof (guint32) + (gsize) n_coarse * n_slots * sizeof (guint32)
         + (gsize) n_groups * sizeof (guint32) + n_bytes;
  s = g_malloc0 (size);
  coarse = (guint64 *) (gpointer) (s + 1);
  bases = coarse + n_coarse;
  offsets = (guint32 *) (gpointer) (bases + n_bases * n_slots);
  totals = offsets + n_coarse + 1;
  base_of = totals + (gsize) n_coarse * n_slots;
  bytes = (guint8 *) (base_of + n_groups);
  *s = (EsThreadStates) { n_states, n_coarse, end, coarse, offsets, bytes, totals, bases, base_of, n_slots, { 0 }, size };
  for (guint j = 0, slot = 0; j < ES_N_THREAD_SHARES; j++)
    if (used[j])
      s->share_of_slot[slot++] = (gint8) j;
  s->share_of_slot[n_slots - 1] = -1;

  /* Second pass: the same, written. */
  memset (&sum, 0, sizeof sum);
  at = bytes;
  n_bases = 0;
  for (guint i = 0; i < n_states; i++)
    {
      if (i % ES_THREAD_STATES_STRIDE == 0)
        {
          guint k = i / ES_THREAD_STATES_STRIDE, g = k / ES_THREAD_STATES_GROUP;
          const guint64 *base;

          coarse[k] = states[i].time;
          offsets[k] = (guint32) (at - bytes);
          totals_to_slots (s, &sum, slots);
          if (k % ES_THREAD_STATES_GROUP == 0)
            base_of[g] = (guint32) n_bases | (wide[g] ? ES_THREAD_STATES_WIDE : 0);
          if (k % ES_THREAD_STATES_GROUP == 0 || wide[g])
            memcpy (&bases[n_bases++ * n_slots], slots, n_slots * sizeof (guint64));
          base = block_base (s, k);
          for (guint j = 0; j < n_slots; j++)
            totals[(gsize) k * n_slots + j] = (guint32) (slots[j] - base[j]);
        }
      at += pack_state (&states[i], i % ES_THREAD_STATES_STRIDE ? &states[i - 1] : NULL, states[i].time, at);
      add_time (&sum, &states[i], states[i].time, i + 1 < n_states ? states[i + 1].time : states[i].time, TRUE);
    }
  offsets[n_coarse] = (guint32) (at - bytes);
  g_assert ((gsize) (at - bytes) == n_bytes);
  return s;
}

void
es_thread_states_free (EsThreadStates *s)
{
  g_free (s);
}

/**
 * es_thread_states_read:
 * @first: the first state to read
 * @n: how many, up to @states' n_states from @first
 * @out: (out caller-allocates) (array length=n): the states
 */
void
es_thread_states_read (const EsThreadStates *s,
                       guint                 first,
                       guint                 n,
                       EsThreadState        *out)
{
  EsThreadState block[ES_THREAD_STATES_STRIDE];

  g_return_if_fail (n <= s->n_states && first <= s->n_states - n);

  while (n > 0)
    {
      guint k = first / ES_THREAD_STATES_STRIDE, j = first % ES_THREAD_STATES_STRIDE;
      guint m = MIN (n, ES_THREAD_STATES_STRIDE - j);

      unpack_block (s, k, block);
      memcpy (out, &block[j], m * sizeof (EsThreadState));
      out += m;
      first += m;
      n -= m;
    }
}

/* State @i of @s (below its n_states). */
void
es_thread_states_get (const EsThreadStates *s,
                      guint                 i,
                      EsThreadState        *state)
{
  es_thread_states_read (s, i, 1, state);
}

/* The index of the state in effect at @time (the last one at or before
 * it), or G_MAXUINT before the first: es_thread_states_find() on the
 * packed states. */
guint
es_thread_states_find_time (const EsThreadStates *s,
                            guint64               time)
{
  EsThreadState block[ES_THREAD_STATES_STRIDE];
  guint k = es_search_upper_bound (s->coarse, s->n_coarse, sizeof (guint64), 0, time), n;

  if (k == 0)
    return G_MAXUINT;
  n = unpack_block (s, --k, block);
  return k * ES_THREAD_STATES_STRIDE + es_thread_states_find (block, n, time);
}

/* The columns read states through a few decoded blocks: an edge moves on
 * through one, a column's HEC looks back through one or two. */
#define N_DECODED 4

typedef struct
{
  const EsThreadStates *s;
  guint                 block[N_DECODED];
  EsThreadState         states[N_DECODED][ES_THREAD_STATES_STRIDE];
} Reader;

static inline const EsThreadState *
state_at (Reader *r,
          gsize   i)
{
  guint k = (guint) (i / ES_THREAD_STATES_STRIDE), slot = k % N_DECODED;

  if (r->block[slot] != k)
    {
      unpack_block (r->s, k, r->states[slot]);
      r->block[slot] = k;
    }
  return &r->states[slot][i % ES_THREAD_STATES_STRIDE];
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
scan_to (Reader               *r,
         gssize                k,
         guint64               time,
         EsThreadShares       *totals,
         gsize                *reads)
{
  const EsThreadStates *s = r->s;
  const EsThreadState *states;
  gsize i, n;

  if (k < 0)
    {
      *totals = (EsThreadShares) { { 0 }, 0 };
      return -1;
    }
  es_thread_states_get_totals (s, (guint) k, totals);
  /* The stride is one block: decoded once, read in place. */
  states = state_at (r, (gsize) k * ES_THREAD_STATES_STRIDE);
  n = MIN (ES_THREAD_STATES_STRIDE, s->n_states - (gsize) k * ES_THREAD_STATES_STRIDE);
  for (i = 0; i + 1 < n && (++*reads, states[i + 1].time <= time); i++)
    add_time (totals, &states[i], states[i].time, states[i + 1].time, TRUE);
  (*reads)++;
  add_time (totals, &states[i], states[i].time, MAX (time, states[i].time), TRUE);
  return (gssize) ((gsize) k * ES_THREAD_STATES_STRIDE + i);
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
edge_advance (Reader               *r,
              Edge                 *edge,
              guint64               time,
              gssize               *cursor,
              gsize                *reads)
{
  const EsThreadStates *s = r->s;
  gssize i = edge->state;

  time = MIN (time, s->end);
  /* Walked only where a few states lead there: one read tells. */
  if (time >= edge->time &&
      (i + 4 >= (gssize) s->n_states || (++*reads, state_at (r, i + 4)->time > time)))
    {
      for (guint step = 0; step <= 4; step++)
        {
          const EsThreadState *next = i + 1 < (gssize) s->n_states ? state_at (r, i + 1) : NULL;

          if (next == NULL || (++*reads, next->time > time))
            {
              if (i >= 0)
                add_time (&edge->totals, state_at (r, i), edge->time, time, FALSE);
              edge->state = i;
              edge->time = time;
              return;
            }
          if (i >= 0)
            add_time (&edge->totals, state_at (r, i), edge->time, next->time, FALSE);
          i++;
          edge->time = next->time;
          if (next->state == ES_THREAD_STATE_RUNNING)
            edge->totals.runs++;
        }
    }
  *cursor = coarse_last_at (s->coarse, s->n_coarse, time >= edge->time ? *cursor : -1, time);
  edge->state = scan_to (r, *cursor, time, &edge->totals, reads);
  edge->time = time;
}

/* The HEC of the last run among states (@from, @to], or @to's if @from is
 * before it, looked for in a stride at most: where a column with running
 * in it ran last. G_MAXUINT16 if none is there. */
static guint16
last_run_cap (Reader               *r,
              gssize                from,
              gssize                to,
              gsize                *reads)
{
  for (gssize j = to; j >= MAX (from, 0) && j > to - ES_THREAD_STATES_STRIDE; j--)
    {
      const EsThreadState *state = state_at (r, (gsize) j);

      (*reads)++;
      if (state->state == ES_THREAD_STATE_RUNNING)
        return state->cap;
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
          __builtin_prefetch (&s->totals[(gsize) k * s->n_slots]);
          __builtin_prefetch (&s->offsets[k]);
          __builtin_prefetch (block_base (s, (guint) k));
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
  Reader r;
  gssize cursor = -1, columns_state = -2;   /* the state the last column began in */
  gsize reads = 0;

  g_return_val_if_fail (s != NULL, 0);
  g_return_val_if_fail (n_columns == 0 || (edges != NULL && columns != NULL), 0);

  if (n_columns == 0)
    return 0;
  ensure_share_table ();
  r.s = s;
  for (guint k = 0; k < N_DECODED; k++)
    r.block[k] = G_MAXUINT;
  prefetch_edges (s, edges, n_columns);
  edge_advance (&r, &edge[0], edges[0], &cursor, &reads);
  for (guint c = 0; c < n_columns; c++)
    {
      EsThreadColumn *col = &columns[c];
      /* The column's start, and its end: the next one's start. */
      const Edge *a = &edge[c % 2];
      Edge *b = &edge[(c + 1) % 2];

      *b = *a;
      edge_advance (&r, b, edges[c + 1], &cursor, &reads);
      for (guint k = 0; k < ES_N_THREAD_SHARES; k++)
        col->shares.ns[k] = b->totals.ns[k] - a->totals.ns[k];
      /* The runs begun inside, and the one under way at its start. */
      col->shares.runs = b->totals.runs - a->totals.runs;
      if (a->state >= 0 && state_at (&r, (gsize) a->state)->state == ES_THREAD_STATE_RUNNING)
        col->shares.runs++;
      if (b->time <= a->time && b->state >= 0 && edges[c] < s->end)
        {
          /* An instant's column: the state it is in then. */
          int share = state_share (state_at (&r, (gsize) b->state));

          if (share != ES_THREAD_SHARE_NONE)
            col->shares.ns[share] = 1;
        }
      /* Zoomed in, most columns end in the state the last one ended in. */
      if (c > 0 && b->state == a->state && a->state == columns_state)
        col->run_cap = columns[c - 1].run_cap;
      else
        col->run_cap = b->state >= 0 ? last_run_cap (&r, a->state, b->state, &reads) : G_MAXUINT16;
      columns_state = a->state;
    }
  return reads;
}
