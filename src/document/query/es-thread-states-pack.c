/* es-thread-states-pack.c: threads' states packed, and read back
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#if defined(__linux__)
# include <sys/mman.h>
# define HAVE_MMAP_STATES 1
#endif

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

/* Reads a source's states a block at a time, with the state after the
 * block, whose time ends the block's last. */
typedef struct
{
  const EsThreadStateSource *source;
  EsThreadState              states[ES_THREAD_STATES_STRIDE + 1];
  guint                      n;      /* in @states: the block, and the next state if there is one */
} BlockReader;

static void
block_reader_start (BlockReader               *reader,
                    const EsThreadStateSource *source)
{
  reader->source = source;
  reader->n = source->read (source->data, reader->states, ES_THREAD_STATES_STRIDE + 1);
}

/* The states of the block at hand: 0 once all are read. */
static inline guint
block_length (const BlockReader *reader)
{
  return MIN (reader->n, ES_THREAD_STATES_STRIDE);
}

/* The time state @j of the block lasts until: the next one's, or its own
 * for the thread's last. */
static inline guint64
block_next_time (const BlockReader *reader,
                 guint              j)
{
  return j + 1 < reader->n ? reader->states[j + 1].time : reader->states[j].time;
}

static void
block_reader_next (BlockReader *reader)
{
  if (reader->n <= ES_THREAD_STATES_STRIDE)
    {
      reader->n = 0;
      return;
    }
  reader->states[0] = reader->states[ES_THREAD_STATES_STRIDE];
  reader->n = 1 + reader->source->read (reader->source->data, reader->states + 1, ES_THREAD_STATES_STRIDE);
}

/* What the first pass finds: the codes, the times' widths, the shares
 * used, and the groups whose totals grow past 32 bits. */
typedef struct
{
  guint    n_states;
  gsize    n_time_units;
  gboolean used[ES_N_THREAD_SHARES];
  gboolean whole_codes;
  GArray  *wide;           /* gboolean, per group */
} Measure;

static gboolean
measure (const EsThreadStateSource *source,
         Dict                      *dict,
         Measure                   *m)
{
  EsThreadShares sum = { { 0 }, 0 }, group_start = { { 0 }, 0 };
  BlockReader reader;

  memset (dict->index, 0xff, sizeof dict->index);
  dict->n = 0;
  m->n_states = 0;
  m->n_time_units = 0;
  m->whole_codes = FALSE;
  memset (m->used, 0, sizeof m->used);
  g_array_set_size (m->wide, 0);
  /* The totals only grow: a group's last block tells whether they pass
   * 32 bits. */
  for (block_reader_start (&reader, source); block_length (&reader) > 0; block_reader_next (&reader))
    {
      guint k = m->n_states / ES_THREAD_STATES_STRIDE, n = block_length (&reader);
      const EsThreadState *states = reader.states;

      if (k % ES_THREAD_STATES_GROUP == 0)
        {
          gboolean narrow = FALSE;

          group_start = sum;
          g_array_append_val (m->wide, narrow);
        }
      else
        for (guint j = 0; j < ES_N_THREAD_SHARES; j++)
          if (sum.ns[j] - group_start.ns[j] > G_MAXUINT32)
            g_array_index (m->wide, gboolean, k / ES_THREAD_STATES_GROUP) = TRUE;
      m->n_time_units += (gsize) n << width_code (states[n - 1].time - states[0].time);
      for (guint j = 0; j < n; j++)
        {
          int share = state_share (&states[j]);

          g_return_val_if_fail (states[j].state < N_KINDS, FALSE);
          if (!m->whole_codes && dict_add (dict, code_of (&states[j])) < 0)
            m->whole_codes = TRUE;
          if (share != ES_THREAD_SHARE_NONE)
            m->used[share] = TRUE;
          add_time (&sum, &states[j], states[j].time, block_next_time (&reader, j), TRUE);
        }
      g_return_val_if_fail (m->n_states <= G_MAXUINT - n, FALSE);
      m->n_states += n;
    }
  return TRUE;
}

/* Large packed states are mapped apart: freed, they go back to the
 * system at once, and a worker's heap never holds them between smaller
 * blocks. */
#define MAPPED_ABOVE_BYTES (128u << 10)

static gpointer
states_alloc (gsize size)
{
#ifdef HAVE_MMAP_STATES
  if (size >= MAPPED_ABOVE_BYTES)
    {
      void *data = mmap (NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

      if (data != MAP_FAILED)
        return data;
      g_error ("%s: failed to map %" G_GSIZE_FORMAT " bytes", G_STRLOC, size);
    }
#endif
  return g_malloc0 (size);
}

/**
 * es_thread_states_new_from_source:
 * @source: a thread's states in time order, read twice (or more: see
 *   EsThreadStateSource)
 * @end: the log's end: the last state lasts until then
 *
 * Packs the states @source gives with their indexes, in one allocation of
 * the size they take (two passes: one to measure, one to write), holding
 * a block of them at a time.
 *
 * Returns: (transfer full) (nullable): the states, to free with
 *   es_thread_states_free(); NULL if a state's kind is not one
 */
EsThreadStates *
es_thread_states_new_from_source (const EsThreadStateSource *source,
                                  guint64                    end)
{
  g_autoptr(GArray) wide_groups = g_array_new (FALSE, FALSE, sizeof (gboolean));
  Measure m = { .wide = wide_groups };
  g_autofree Dict *dict = g_new (Dict, 1);
  guint n_coarse, n_groups, n_states, n_slots = 0, n_wide = 0, n_dict;
  const gboolean *wide;
  EsThreadShares sum = { { 0 }, 0 };
  gsize n_time_units = 0, n_bases = 0, code_size, size;
  guint code_bits;
  gboolean whole_codes;
  EsThreadStates *s;
  guint8 *times, *codes;
  guint64 *coarse, *bases, slots[ES_N_THREAD_SHARES + 1];
  guint32 *blocks, *totals, *base_of, *dict_codes;
  BlockReader reader;

  _es_thread_states_ensure_share_table ();
  /* Measured again if the source says its states change (its rewind). */
  do
    if (!measure (source, dict, &m))
      return NULL;
  while (source->rewind (source->data));
  n_states = m.n_states;
  n_coarse = (n_states + ES_THREAD_STATES_STRIDE - 1) / ES_THREAD_STATES_STRIDE;
  n_groups = (n_coarse + ES_THREAD_STATES_GROUP - 1) / ES_THREAD_STATES_GROUP;
  wide = (const gboolean *) (gconstpointer) wide_groups->data;
  whole_codes = m.whole_codes;
  /* The blocks say where their times are in 30 bits of 2-byte units: a
   * thread's states would take 16 GB before that is short. */
  g_return_val_if_fail (m.n_time_units < (1u << 30), NULL);
  for (guint g = 0; g < n_groups; g++)
    n_wide += wide[g];
  for (guint j = 0; j < ES_N_THREAD_SHARES; j++)
    n_slots += m.used[j];
  n_slots++;
  n_bases = (gsize) (n_groups - n_wide) + (gsize) n_wide * ES_THREAD_STATES_GROUP;
  n_dict = whole_codes ? 0 : dict->n;
  /* A thread in a few states on a few HECs (most) has its codes in 4 bits. */
  code_bits = whole_codes ? 32 : n_dict <= 16 ? 4 : 8;
  code_size = ((gsize) n_states * code_bits + 7) / 8;

  /* One allocation: the widest arrays first, each aligned. */
  size = sizeof (EsThreadStates)
         + (gsize) n_coarse * sizeof (guint64) + n_bases * n_slots * sizeof (guint64)
         + (gsize) n_coarse * sizeof (guint32) + (gsize) n_coarse * n_slots * sizeof (guint32)
         + (gsize) n_groups * sizeof (guint32) + (gsize) n_dict * sizeof (guint32)
         + code_size + m.n_time_units * 2;
  s = states_alloc (size);
  coarse = (guint64 *) (gpointer) (s + 1);
  bases = coarse + n_coarse;
  blocks = (guint32 *) (gpointer) (bases + n_bases * n_slots);
  totals = blocks + n_coarse;
  base_of = totals + (gsize) n_coarse * n_slots;
  dict_codes = base_of + n_groups;
  codes = (guint8 *) (dict_codes + n_dict);
  times = codes + code_size;
  *s = (EsThreadStates) { n_states, n_coarse, end, coarse, blocks, times, codes, whole_codes ? NULL : dict_codes,
                          totals, bases, base_of, n_dict, (guint8) code_bits, (guint8) n_slots, { 0 }, size };
  for (guint j = 0, slot = 0; j < ES_N_THREAD_SHARES; j++)
    if (m.used[j])
      s->share_of_slot[slot++] = (gint8) j;
  s->share_of_slot[n_slots - 1] = -1;
  memcpy (dict_codes, dict->codes, n_dict * sizeof (guint32));

  /* Second pass: the same, written. */
  n_bases = 0;
  block_reader_start (&reader, source);
  for (guint k = 0; k < n_coarse; k++, block_reader_next (&reader))
    {
      guint g = k / ES_THREAD_STATES_GROUP, first = k * ES_THREAD_STATES_STRIDE, n = block_length (&reader), w;
      const EsThreadState *states = reader.states;
      const guint64 *base;
      guint8 *at = times + n_time_units * 2;

      g_assert (n == MIN (ES_THREAD_STATES_STRIDE, n_states - first));
      w = width_code (states[n - 1].time - states[0].time);
      coarse[k] = states[0].time;
      blocks[k] = (guint32) n_time_units << 2 | w;
      n_time_units += (gsize) n << w;
      totals_to_slots (s, &sum, slots);
      if (k % ES_THREAD_STATES_GROUP == 0)
        base_of[g] = (guint32) n_bases | (wide[g] ? ES_THREAD_STATES_WIDE : 0);
      if (k % ES_THREAD_STATES_GROUP == 0 || wide[g])
        memcpy (&bases[n_bases++ * n_slots], slots, n_slots * sizeof (guint64));
      base = block_base (s, k);
      for (guint j = 0; j < n_slots; j++)
        totals[(gsize) k * n_slots + j] = (guint32) (slots[j] - base[j]);

      for (guint j = 0; j < n; j++)
        {
          guint64 offset = states[j].time - states[0].time;
          guint32 code = code_of (&states[j]);

          if (w == 0)
            {
              guint16 v = (guint16) offset;

              memcpy (at + j * 2, &v, sizeof v);
            }
          else if (w == 1)
            {
              guint32 v = (guint32) offset;

              memcpy (at + j * 4, &v, sizeof v);
            }
          else
            memcpy (at + j * 8, &offset, sizeof offset);
          if (code_bits == 32)
            memcpy (codes + (gsize) (first + j) * 4, &code, sizeof code);
          else if (code_bits == 8)
            codes[first + j] = (guint8) dict_add (dict, code);
          else
            codes[(first + j) / 2] |= (guint8) (dict_add (dict, code) << ((first + j) % 2 * 4));
          add_time (&sum, &states[j], states[j].time, block_next_time (&reader, j), TRUE);
        }
    }
  g_assert (block_length (&reader) == 0);
  g_assert (times + n_time_units * 2 == (guint8 *) s + size);
  return s;
}

typedef struct
{
  const EsThreadState *states;
  guint                n, at;
} ArraySource;

static guint
array_read (gpointer       data,
            EsThreadState *out,
            guint          max)
{
  ArraySource *array = data;
  guint n = MIN (max, array->n - array->at);

  memcpy (out, array->states + array->at, n * sizeof (EsThreadState));
  array->at += n;
  return n;
}

static gboolean
array_rewind (gpointer data)
{
  ((ArraySource *) data)->at = 0;
  return FALSE;
}

/**
 * es_thread_states_new:
 * @states: (array length=n_states): a thread's states in time order
 * @end: the log's end: the last state lasts until then
 *
 * es_thread_states_new_from_source() of an array.
 *
 * Returns: (transfer full): the states, to free with es_thread_states_free()
 */
EsThreadStates *
es_thread_states_new (const EsThreadState *states,
                      guint                n_states,
                      guint64              end)
{
  ArraySource array = { states, n_states, 0 };
  EsThreadStateSource source = { array_read, array_rewind, &array };

  return es_thread_states_new_from_source (&source, end);
}

void
es_thread_states_free (EsThreadStates *s)
{
  if (s == NULL)
    return;
#ifdef HAVE_MMAP_STATES
  if (s->size >= MAPPED_ABOVE_BYTES)
    {
      munmap (s, s->size);
      return;
    }
#endif
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
