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

/* Adds @share's time from @from to @to. */
static inline void
add_share (EsThreadShares *shares,
           int             share,
           guint64         from,
           guint64         to)
{
  if (share != ES_THREAD_SHARE_NONE && to > from)
    shares->ns[share] += to - from;
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
  add_share (shares, state_share (state), from, to);
  if (count_run && state->state == ES_THREAD_STATE_RUNNING)
    shares->runs++;
}

/* Packing. A state's kind, reason and HEC as one 32-bit code. */
static inline guint32
code_of (const EsThreadState *state)
{
  return state->state | (guint32) state->reason << 8 | (guint32) state->cap << 16;
}

static inline guint8
code_kind (guint32 code)
{
  return code & 0xff;
}

static inline int
code_share (guint32 code)
{
  guint8 kind = code & 0xff;

  return kind < N_KINDS ? share_table[kind][(code >> 8) & 0xff] : ES_THREAD_SHARE_NONE;
}

/* A thread's codes, numbered in a small open-addressed table while they
 * are packed: DICT_MAX of them at most, or none (the codes kept whole). */
#define DICT_MAX   256
#define DICT_SLOTS 1024

typedef struct
{
  guint32 keys[DICT_SLOTS];
  gint16  index[DICT_SLOTS];  /* -1: empty */
  guint32 codes[DICT_MAX];
  guint   n;
} Dict;

/* @code's number, added if new; -1 once there would be more than DICT_MAX. */
static int
dict_add (Dict    *dict,
          guint32  code)
{
  guint slot = (code * 2654435761u) >> 22;

  for (;; slot = (slot + 1) % DICT_SLOTS)
    {
      if (dict->index[slot] < 0)
        {
          if (dict->n == DICT_MAX)
            return -1;
          dict->keys[slot] = code;
          dict->index[slot] = (gint16) dict->n;
          dict->codes[dict->n] = code;
          return (int) dict->n++;
        }
      if (dict->keys[slot] == code)
        return dict->index[slot];
    }
}

/* A block's times less its first, in 2, 4 or 8 bytes: the width code. */
static inline guint
width_code (guint64 span)
{
  return span <= G_MAXUINT16 ? 0 : span <= G_MAXUINT32 ? 1 : 2;
}

/* State @i's time. */
static inline guint64
time_at (const EsThreadStates *s,
         gsize                 i)
{
  gsize k = i / ES_THREAD_STATES_STRIDE, j = i % ES_THREAD_STATES_STRIDE;
  guint32 b = s->blocks[k];
  const guint8 *p = s->times + (gsize) (b >> 2) * 2;

  switch (b & 3)
    {
    case 0:
      {
        guint16 v;

        memcpy (&v, p + j * 2, sizeof v);
        return s->coarse[k] + v;
      }
    case 1:
      {
        guint32 v;

        memcpy (&v, p + j * 4, sizeof v);
        return s->coarse[k] + v;
      }
    default:
      {
        guint64 v;

        memcpy (&v, p + j * 8, sizeof v);
        return s->coarse[k] + v;
      }
    }
}

/* State @i's kind, reason and HEC (code_of()). */
static inline guint32
code_at (const EsThreadStates *s,
         gsize                 i)
{
  guint32 v;

  if (G_LIKELY (s->dict != NULL))
    return s->dict[s->codes[i]];
  memcpy (&v, s->codes + i * 4, sizeof v);
  return v;
}

static inline void
state_at (const EsThreadStates *s,
          gsize                 i,
          EsThreadState        *state)
{
  guint32 code = code_at (s, i);

  *state = (EsThreadState) { time_at (s, i), (guint16) (code >> 16), code & 0xff, (code >> 8) & 0xff };
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

/* The shares of the states before block @k. */
static inline void
get_totals (const EsThreadStates *s,
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
  g_return_if_fail (k < s->n_coarse);

  get_totals (s, k, totals);
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

/* The states of block @k: its first and the one past its last. */
static inline void
block_range (guint  n_states,
             guint  k,
             guint *first,
             guint *last)
{
  *first = k * ES_THREAD_STATES_STRIDE;
  *last = MIN (*first + ES_THREAD_STATES_STRIDE, n_states);
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
  gboolean used[ES_N_THREAD_SHARES] = { FALSE }, whole_codes = FALSE;
  EsThreadShares sum = { { 0 }, 0 }, group_start = { { 0 }, 0 };
  gsize n_time_units = 0, n_bases = 0, code_size, size;
  guint n_slots = 0, n_wide = 0, n_dict;
  g_autofree gboolean *wide = g_new0 (gboolean, MAX (n_groups, 1));
  g_autofree Dict *dict = g_new (Dict, 1);
  EsThreadStates *s;
  guint8 *times, *codes;
  guint64 *coarse, *bases, slots[ES_N_THREAD_SHARES + 1];
  guint32 *blocks, *totals, *base_of, *dict_codes;

  ensure_share_table ();
  memset (dict->index, 0xff, sizeof dict->index);
  dict->n = 0;
  /* First pass: the codes, the times' widths, the shares used, and the
   * groups whose totals grow past 32 bits (the totals only grow: the
   * last block tells). */
  for (guint i = 0; i < n_states; i++)
    {
      int share = state_share (&states[i]);

      g_return_val_if_fail (states[i].state < N_KINDS, NULL);
      if (i % ES_THREAD_STATES_STRIDE == 0)
        {
          guint k = i / ES_THREAD_STATES_STRIDE, first, last;

          if (k % ES_THREAD_STATES_GROUP == 0)
            group_start = sum;
          else
            for (guint j = 0; j < ES_N_THREAD_SHARES; j++)
              if (sum.ns[j] - group_start.ns[j] > G_MAXUINT32)
                wide[k / ES_THREAD_STATES_GROUP] = TRUE;
          block_range (n_states, k, &first, &last);
          n_time_units += (gsize) (last - first) << width_code (states[last - 1].time - states[first].time);
        }
      if (!whole_codes && dict_add (dict, code_of (&states[i])) < 0)
        whole_codes = TRUE;
      if (share != ES_THREAD_SHARE_NONE)
        used[share] = TRUE;
      add_time (&sum, &states[i], states[i].time, i + 1 < n_states ? states[i + 1].time : states[i].time, TRUE);
    }
  /* The blocks say where their times are in 30 bits of 2-byte units: a
   * thread's states would take 16 GB before that is short. */
  g_return_val_if_fail (n_time_units < (1u << 30), NULL);
  for (guint g = 0; g < n_groups; g++)
    n_wide += wide[g];
  for (guint j = 0; j < ES_N_THREAD_SHARES; j++)
    n_slots += used[j];
  n_slots++;
  n_bases = (gsize) (n_groups - n_wide) + (gsize) n_wide * ES_THREAD_STATES_GROUP;
  n_dict = whole_codes ? 0 : dict->n;
  code_size = (gsize) n_states * (whole_codes ? sizeof (guint32) : 1);

  /* One allocation: the widest arrays first, each aligned. */
  size = sizeof (EsThreadStates)
         + (gsize) n_coarse * sizeof (guint64) + n_bases * n_slots * sizeof (guint64)
         + (gsize) n_coarse * sizeof (guint32) + (gsize) n_coarse * n_slots * sizeof (guint32)
         + (gsize) n_groups * sizeof (guint32) + (gsize) n_dict * sizeof (guint32)
         + code_size + n_time_units * 2;
  s = g_malloc0 (size);
  coarse = (guint64 *) (gpointer) (s + 1);
  bases = coarse + n_coarse;
  blocks = (guint32 *) (gpointer) (bases + n_bases * n_slots);
  totals = blocks + n_coarse;
  base_of = totals + (gsize) n_coarse * n_slots;
  dict_codes = base_of + n_groups;
  codes = (guint8 *) (dict_codes + n_dict);
  times = codes + code_size;
  *s = (EsThreadStates) { n_states, n_coarse, end, coarse, blocks, times, codes, whole_codes ? NULL : dict_codes,
                          totals, bases, base_of, n_dict, (guint8) n_slots, { 0 }, size };
  for (guint j = 0, slot = 0; j < ES_N_THREAD_SHARES; j++)
    if (used[j])
      s->share_of_slot[slot++] = (gint8) j;
  s->share_of_slot[n_slots - 1] = -1;
  memcpy (dict_codes, dict->codes, n_dict * sizeof (guint32));

  /* Second pass: the same, written. */
  memset (&sum, 0, sizeof sum);
  n_time_units = 0;
  n_bases = 0;
  for (guint k = 0; k < n_coarse; k++)
    {
      guint g = k / ES_THREAD_STATES_GROUP, first, last, w;
      const guint64 *base;
      guint8 *at = times + n_time_units * 2;

      block_range (n_states, k, &first, &last);
      w = width_code (states[last - 1].time - states[first].time);
      coarse[k] = states[first].time;
      blocks[k] = (guint32) n_time_units << 2 | w;
      n_time_units += (gsize) (last - first) << w;
      totals_to_slots (s, &sum, slots);
      if (k % ES_THREAD_STATES_GROUP == 0)
        base_of[g] = (guint32) n_bases | (wide[g] ? ES_THREAD_STATES_WIDE : 0);
      if (k % ES_THREAD_STATES_GROUP == 0 || wide[g])
        memcpy (&bases[n_bases++ * n_slots], slots, n_slots * sizeof (guint64));
      base = block_base (s, k);
      for (guint j = 0; j < n_slots; j++)
        totals[(gsize) k * n_slots + j] = (guint32) (slots[j] - base[j]);

      for (guint i = first; i < last; i++)
        {
          guint64 offset = states[i].time - states[first].time;
          guint32 code = code_of (&states[i]);

          if (w == 0)
            {
              guint16 v = (guint16) offset;

              memcpy (at + (i - first) * 2, &v, sizeof v);
            }
          else if (w == 1)
            {
              guint32 v = (guint32) offset;

              memcpy (at + (i - first) * 4, &v, sizeof v);
            }
          else
            memcpy (at + (i - first) * 8, &offset, sizeof offset);
          if (whole_codes)
            memcpy (codes + (gsize) i * 4, &code, sizeof code);
          else
            codes[i] = (guint8) dict_add (dict, code);
          add_time (&sum, &states[i], states[i].time, i + 1 < n_states ? states[i + 1].time : states[i].time, TRUE);
        }
    }
  g_assert (times + n_time_units * 2 == (guint8 *) s + size);
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
  g_return_if_fail (n <= s->n_states && first <= s->n_states - n);

  for (guint i = 0; i < n; i++)
    state_at (s, first + i, &out[i]);
}

/* State @i of @s (below its n_states). */
void
es_thread_states_get (const EsThreadStates *s,
                      guint                 i,
                      EsThreadState        *state)
{
  g_return_if_fail (i < s->n_states);

  state_at (s, i, state);
}

/* The index of the state in effect at @time (the last one at or before
 * it), or G_MAXUINT before the first: es_thread_states_find() on the
 * packed states. */
guint
es_thread_states_find_time (const EsThreadStates *s,
                            guint64               time)
{
  guint k = es_search_upper_bound (s->coarse, s->n_coarse, sizeof (guint64), 0, time), i, last;

  if (k == 0)
    return G_MAXUINT;
  block_range (s->n_states, k - 1, &i, &last);
  while (i + 1 < last && time_at (s, i + 1) <= time)
    i++;
  return i;
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
          __builtin_prefetch (&s->totals[(gsize) k * s->n_slots]);
          __builtin_prefetch (block_base (s, (guint) k));
          __builtin_prefetch (s->codes + (gsize) k * ES_THREAD_STATES_STRIDE * (s->dict != NULL ? 1 : 4));
          /* Where its times are is a miss of its own, but those of the
           * next edges overlap it. */
          __builtin_prefetch (s->times + (gsize) (s->blocks[k] >> 2) * 2);
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
  ensure_share_table ();
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
