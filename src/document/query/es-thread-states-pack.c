/* es-thread-states-pack.c: threads' states packed, and read back
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-search.h"
#include "es-thread-states-private.h"

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

  _es_thread_states_ensure_share_table ();
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
