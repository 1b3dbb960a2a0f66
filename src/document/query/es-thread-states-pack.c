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

/* The bits @v takes: 0 for 0. */
static inline guint
bits_of (guint64 v)
{
  return v == 0 ? 0 : 64 - (guint) __builtin_clzll (v);
}

/* Writes @v in @width bits (up to 64) at bit @at of @bits, zeroed there:
 * read_bits() reads it back. */
static inline void
write_bits (guint8  *bits,
            guint64  at,
            guint    width,
            guint64  v)
{
  while (width > 0)
    {
      guint n = MIN (width, 32);
      guint64 word;

      memcpy (&word, bits + at / 8, sizeof word);
      word = GUINT64_FROM_LE (word) | (v & ((G_GUINT64_CONSTANT (1) << n) - 1)) << (at % 8);
      word = GUINT64_TO_LE (word);
      memcpy (bits + at / 8, &word, sizeof word);
      v = n < 64 ? v >> n : 0;
      at += n;
      width -= n;
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
 * used, and per group its bits of times, whether its totals grow past 32
 * bits, and the bits each share's totals take in it. */
typedef struct
{
  guint64  times_bits;
  gboolean wide;
  guint8   width[ES_N_THREAD_SHARES + 1];   /* each share's, then the runs' */
} GroupMeasure;

typedef struct
{
  guint    n_states;
  gboolean used[ES_N_THREAD_SHARES];
  gboolean whole_codes;
  GArray  *groups;         /* GroupMeasure */
} Measure;

/* The bits a block's times take, past its first. */
static inline guint
block_time_width (const EsThreadState *states,
                  guint                n)
{
  return bits_of (states[n - 1].time - states[0].time);
}

static gboolean
measure (const EsThreadStateSource *source,
         Dict                      *dict,
         Measure                   *m)
{
  EsThreadShares sum = { { 0 }, 0 }, group_start = { { 0 }, 0 };
  BlockReader reader;
  GroupMeasure *group = NULL;

  memset (dict->index, 0xff, sizeof dict->index);
  dict->n = 0;
  m->n_states = 0;
  m->whole_codes = FALSE;
  memset (m->used, 0, sizeof m->used);
  g_array_set_size (m->groups, 0);
  for (block_reader_start (&reader, source); block_length (&reader) > 0; block_reader_next (&reader))
    {
      guint k = m->n_states / ES_THREAD_STATES_STRIDE, n = block_length (&reader);
      const EsThreadState *states = reader.states;

      if (k % ES_THREAD_STATES_GROUP == 0)
        {
          group_start = sum;
          g_array_set_size (m->groups, m->groups->len + 1);
        }
      group = &g_array_index (m->groups, GroupMeasure, m->groups->len - 1);
      /* The totals only grow: the group's last block tells how wide
       * they are in it, and whether they pass 32 bits. */
      for (guint j = 0; j < ES_N_THREAD_SHARES; j++)
        {
          group->width[j] = (guint8) bits_of (sum.ns[j] - group_start.ns[j]);
          if (group->width[j] > 32)
            group->wide = TRUE;
        }
      group->width[ES_N_THREAD_SHARES] = (guint8) bits_of (sum.runs - group_start.runs);
      group->times_bits += (guint64) (n - 1) * block_time_width (states, n);
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
  g_autoptr(GArray) group_measures = g_array_new (FALSE, TRUE, sizeof (GroupMeasure));
  Measure m = { .groups = group_measures };
  g_autofree Dict *dict = g_new (Dict, 1);
  guint n_coarse, n_groups, n_states, n_slots = 0, n_wide = 0, n_dict, code_bits;
  const GroupMeasure *measured;
  EsThreadShares sum = { { 0 }, 0 };
  gsize n_bases = 0, code_size, times_size, totals_size, size;
  guint64 times_bits = 0, totals_bits = 0, block_at = 0;
  gboolean whole_codes;
  EsThreadStates *s;
  guint8 *times, *codes, *totals;
  guint64 *coarse, *bases, slots[ES_N_THREAD_SHARES + 1];
  guint32 *blocks, *base_of, *dict_codes;
  EsThreadStatesGroup *groups;
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
  g_assert (group_measures->len == n_groups);
  measured = (const GroupMeasure *) (gconstpointer) group_measures->data;
  whole_codes = m.whole_codes;
  for (guint g = 0; g < n_groups; g++)
    n_wide += measured[g].wide;
  for (guint j = 0; j < ES_N_THREAD_SHARES; j++)
    n_slots += m.used[j];
  n_slots++;
  n_bases = (gsize) (n_groups - n_wide) + (gsize) n_wide * ES_THREAD_STATES_GROUP;
  n_dict = whole_codes ? 0 : dict->n;
  /* A thread in a few states on a few HECs (most) has its codes in 4 bits. */
  code_bits = whole_codes ? 32 : n_dict <= 16 ? 4 : 8;
  code_size = ((gsize) n_states * code_bits + 7) / 8;

  /* The groups: where their times and totals begin, and each slot's
   * width (none in a group with a base a block). */
  groups = g_new0 (EsThreadStatesGroup, MAX (n_groups, 1));
  for (guint g = 0; g < n_groups; g++)
    {
      guint n_blocks = MIN (ES_THREAD_STATES_GROUP, n_coarse - g * ES_THREAD_STATES_GROUP);

      groups[g].times_at = times_bits;
      groups[g].totals_at = totals_bits;
      times_bits += measured[g].times_bits;
      for (guint j = 0, slot = 0; j <= ES_N_THREAD_SHARES; j++)
        if (j == ES_N_THREAD_SHARES || m.used[j])
          {
            /* The runs are the last slot. */
            groups[g].width[slot] = measured[g].wide ? 0 : measured[g].width[j];
            groups[g].row_bits += groups[g].width[slot];
            slot++;
          }
      totals_bits += (guint64) n_blocks * groups[g].row_bits;
    }
  /* Each bit string read a 64-bit load at a time, to its last bit. */
  times_size = (gsize) ((times_bits + 7) / 8) + sizeof (guint64);
  totals_size = (gsize) ((totals_bits + 7) / 8) + sizeof (guint64);

  /* One allocation: the widest arrays first, each aligned. */
  size = sizeof (EsThreadStates)
         + (gsize) n_coarse * sizeof (guint64) + n_bases * n_slots * sizeof (guint64)
         + (gsize) n_groups * sizeof (EsThreadStatesGroup)
         + (gsize) n_coarse * sizeof (guint32) + (gsize) n_groups * sizeof (guint32)
         + (gsize) n_dict * sizeof (guint32)
         + code_size + times_size + totals_size;
  s = states_alloc (size);
  coarse = (guint64 *) (gpointer) (s + 1);
  bases = coarse + n_coarse;
  memcpy (bases + n_bases * n_slots, groups, n_groups * sizeof (EsThreadStatesGroup));
  g_free (groups);
  groups = (EsThreadStatesGroup *) (gpointer) (bases + n_bases * n_slots);
  blocks = (guint32 *) (gpointer) (groups + n_groups);
  base_of = blocks + n_coarse;
  dict_codes = base_of + n_groups;
  codes = (guint8 *) (dict_codes + n_dict);
  times = codes + code_size;
  totals = times + times_size;
  *s = (EsThreadStates) { n_states, n_coarse, end, coarse, blocks, times, codes, whole_codes ? NULL : dict_codes,
                          totals, bases, base_of, groups, n_dict, (guint8) code_bits, (guint8) n_slots, { 0 }, size };
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
      guint64 at;

      g_assert (n == MIN (ES_THREAD_STATES_STRIDE, n_states - first));
      if (k % ES_THREAD_STATES_GROUP == 0)
        block_at = 0;
      w = block_time_width (states, n);
      coarse[k] = states[0].time;
      /* GROUP blocks of STRIDE - 1 times of 64 bits at most from the group's
       * first: 31,744 bits, well within the 25 bits left. */
      blocks[k] = (guint32) block_at << ES_THREAD_STATES_WIDTH_BITS | w;
      at = groups[g].times_at + block_at;
      block_at += (guint64) (n - 1) * w;
      totals_to_slots (s, &sum, slots);
      if (k % ES_THREAD_STATES_GROUP == 0)
        base_of[g] = (guint32) n_bases | (measured[g].wide ? ES_THREAD_STATES_WIDE : 0);
      if (k % ES_THREAD_STATES_GROUP == 0 || measured[g].wide)
        memcpy (&bases[n_bases++ * n_slots], slots, n_slots * sizeof (guint64));
      base = block_base (s, k);
      {
        guint64 totals_at = groups[g].totals_at + (guint64) (k % ES_THREAD_STATES_GROUP) * groups[g].row_bits;

        for (guint j = 0; j < n_slots; j++)
          {
            g_assert (bits_of (slots[j] - base[j]) <= groups[g].width[j]);
            write_bits (totals, totals_at, groups[g].width[j], slots[j] - base[j]);
            totals_at += groups[g].width[j];
          }
      }

      for (guint j = 0; j < n; j++)
        {
          guint32 code = code_of (&states[j]);

          if (j > 0)
            write_bits (times, at + (guint64) (j - 1) * w, w, states[j].time - states[0].time);
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
  g_assert (totals + totals_size == (guint8 *) s + size);
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
