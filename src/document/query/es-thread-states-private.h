/* es-thread-states-private.h: reading packed thread states in place
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <string.h>

#include "es-thread-states.h"

G_BEGIN_DECLS

/* What es-thread-states.c (the columns) and es-thread-states-pack.c (the
 * packing, and reading back) share: the share of a kind and reason, and
 * a packed state's fields read where they are (the layout is described in
 * es-thread-states.h). */

#define N_KINDS 8   /* EsThreadStateKind, and room */

extern gint8 _es_thread_share_table[N_KINDS][256];

void _es_thread_states_ensure_share_table (void);

/* Summing a stretch of states asks this of each: a look-up, not two
 * switches. The table is filled by then
 * (_es_thread_states_ensure_share_table()). */
static inline int
state_share (const EsThreadState *state)
{
  return state->state < N_KINDS ? _es_thread_share_table[state->state][state->reason] : ES_THREAD_SHARE_NONE;
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

  return kind < N_KINDS ? _es_thread_share_table[kind][(code >> 8) & 0xff] : ES_THREAD_SHARE_NONE;
}

/* @width bits (up to 64) at bit @at of @bits, little-endian: the packed
 * arrays end with 8 bytes to spare, so that each read is a load or two. */
static inline guint64
read_bits (const guint8 *bits,
           guint64       at,
           guint         width)
{
  guint64 v;

  if (G_UNLIKELY (width > 56))
    return read_bits (bits, at, 32) | read_bits (bits, at + 32, width - 32) << 32;
  memcpy (&v, bits + at / 8, sizeof v);
  return (GUINT64_FROM_LE (v) >> (at % 8)) & ((G_GUINT64_CONSTANT (1) << width) - 1);
}

/* State @i's time. */
static inline guint64
time_at (const EsThreadStates *s,
         gsize                 i)
{
  gsize k = i / ES_THREAD_STATES_STRIDE, j = i % ES_THREAD_STATES_STRIDE;
  guint32 b;
  guint width;

  if (j == 0)
    return s->coarse[k];
  b = s->blocks[k];
  width = b & ES_THREAD_STATES_WIDTH_MASK;
  return s->coarse[k] + read_bits (s->times, s->groups[k / ES_THREAD_STATES_GROUP].times_at
                                             + (b >> ES_THREAD_STATES_WIDTH_BITS) + (j - 1) * width, width);
}

/* State @i's kind, reason and HEC (code_of()). */
static inline guint32
code_at (const EsThreadStates *s,
         gsize                 i)
{
  guint32 v;

  if (G_LIKELY (s->code_bits == 4))
    return s->dict[(s->codes[i / 2] >> (i % 2 * 4)) & 0xf];
  if (s->code_bits == 8)
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
  const EsThreadStatesGroup *group = &s->groups[k / ES_THREAD_STATES_GROUP];
  guint64 at = group->totals_at + (guint64) (k % ES_THREAD_STATES_GROUP) * group->row_bits;

  *totals = (EsThreadShares) { { 0 }, 0 };
  for (guint j = 0; j < s->n_slots; j++)
    {
      int share = s->share_of_slot[j];
      guint64 v = base[j] + read_bits (s->totals, at, group->width[j]);

      at += group->width[j];
      if (share < 0)
        totals->runs = v;
      else
        totals->ns[share] = v;
    }
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

G_END_DECLS
