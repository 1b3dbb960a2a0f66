/* es-mono-activity-stream.c: records packed in blocks that keep their sums
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "es-mono-activity-private.h"
#include "es-varint.h"

/* A record is four varints: its time less the one before in its block
 * (zigzag: file order is not quite time order), its key, and a and b. A
 * call of a 25 MB calls,alloc log takes 6-7 bytes, an allocation 4-5,
 * where a struct would take 32. */

static inline guint64
get_varint (const guint8 **p)
{
  guint64 v;

  *p = es_varint_get (*p, &v);
  return v;
}

static inline guint64
zigzag (gint64 v)
{
  return ((guint64) v << 1) ^ (guint64) (v >> 63);
}

static inline gint64
unzigzag (guint64 v)
{
  return (gint64) (v >> 1) ^ -(gint64) (v & 1);
}

static void
block_unref (gpointer data)
{
  EsMonoBlock *block = data;

  if (block == NULL || !g_atomic_ref_count_dec (&block->ref))
    return;
  g_free (block->sums);
  g_free (block->bytes);
  g_free (block);
}

static EsMonoBlock *
block_ref (EsMonoBlock *block)
{
  g_atomic_ref_count_inc (&block->ref);
  return block;
}

void
_es_mono_stream_init (EsMonoStream *stream)
{
  memset (stream, 0, sizeof *stream);
  stream->blocks = g_ptr_array_new_with_free_func (block_unref);
  stream->open = g_byte_array_new ();
  stream->open_sums = g_array_new (FALSE, FALSE, sizeof (EsMonoSum));
  stream->open_slots = g_array_new (FALSE, TRUE, sizeof (guint32));
}

void
_es_mono_stream_clear (EsMonoStream *stream)
{
  g_clear_pointer (&stream->blocks, g_ptr_array_unref);
  g_clear_pointer (&stream->open, g_byte_array_unref);
  g_clear_pointer (&stream->open_sums, g_array_unref);
  g_clear_pointer (&stream->open_slots, g_array_unref);
}

static int
compare_sums (gconstpointer a,
              gconstpointer b)
{
  const EsMonoSum *x = a, *y = b;

  return x->key < y->key ? -1 : x->key > y->key;
}

/* The block being filled, as a block of its own. */
static EsMonoBlock *
seal_open (EsMonoStream *stream)
{
  EsMonoBlock *block = g_new0 (EsMonoBlock, 1);

  g_atomic_ref_count_init (&block->ref);
  block->min_time = stream->open_min;
  block->max_time = stream->open_max;
  block->first_time = stream->open_first;
  block->n_records = stream->open_n;
  block->n_sums = stream->open_sums->len;
  block->sums = g_memdup2 (stream->open_sums->data, stream->open_sums->len * sizeof (EsMonoSum));
  qsort (block->sums, block->n_sums, sizeof (EsMonoSum), compare_sums);
  block->n_bytes = stream->open->len;
  block->bytes = g_memdup2 (stream->open->data, stream->open->len);
  return block;
}

void
_es_mono_stream_add (EsMonoStream *stream,
                     guint64       time,
                     guint32       key,
                     guint64       a,
                     guint64       b)
{
  guint index, used = stream->open->len;
  guint8 *end;
  EsMonoSum *sum;

  if (stream->open_n == 0)
    stream->open_min = stream->open_max = stream->open_first = stream->open_last = time;
  stream->open_min = MIN (stream->open_min, time);
  stream->open_max = MAX (stream->open_max, time);
  /* four varints take at most 40 bytes */
  g_byte_array_set_size (stream->open, used + 40);
  end = es_varint_put (stream->open->data + used, zigzag ((gint64) (time - stream->open_last)));
  end = es_varint_put (end, key);
  end = es_varint_put (end, a);
  end = es_varint_put (end, b);
  g_byte_array_set_size (stream->open, (guint) (end - stream->open->data));
  stream->open_last = time;
  stream->open_n++;
  stream->n_keys = MAX (stream->n_keys, key + 1);

  if (key >= stream->open_slots->len)
    g_array_set_size (stream->open_slots, key + 1);
  index = g_array_index (stream->open_slots, guint32, key);
  if (index == 0 || index > stream->open_sums->len ||
      g_array_index (stream->open_sums, EsMonoSum, index - 1).key != key)
    {
      EsMonoSum fresh = { key, 0, 0, 0, 0 };

      g_array_append_val (stream->open_sums, fresh);
      index = stream->open_sums->len;
      g_array_index (stream->open_slots, guint32, key) = index;
    }
  sum = &g_array_index (stream->open_sums, EsMonoSum, index - 1);
  sum->count++;
  sum->sum_a += a;
  sum->sum_b += b;
  sum->max_b = MAX (sum->max_b, b);

  if (stream->open_n == ES_MONO_BLOCK_RECORDS)
    {
      g_ptr_array_add (stream->blocks, seal_open (stream));
      g_byte_array_set_size (stream->open, 0);
      g_array_set_size (stream->open_sums, 0);
      stream->open_n = 0;
    }
}

/* The full blocks, shared, and a copy of the one being filled. */
void
_es_mono_stream_view (EsMonoStream     *stream,
                      EsMonoStreamView *view)
{
  guint n = stream->blocks->len;

  view->n_blocks = n + (stream->open_n > 0);
  view->blocks = g_new (EsMonoBlock *, MAX (view->n_blocks, 1));
  for (guint i = 0; i < n; i++)
    view->blocks[i] = block_ref (g_ptr_array_index (stream->blocks, i));
  if (stream->open_n > 0)
    view->blocks[n] = seal_open (stream);
  view->n_keys = stream->n_keys;
}

void
_es_mono_stream_view_clear (EsMonoStreamView *view)
{
  for (guint i = 0; i < view->n_blocks; i++)
    block_unref (view->blocks[i]);
  g_clear_pointer (&view->blocks, g_free);
  view->n_blocks = 0;
}

static inline void
add_to (EsMonoSum *sum,
        guint64    count,
        guint64    a,
        guint64    b,
        guint64    max_b)
{
  sum->count += count;
  sum->sum_a += a;
  sum->sum_b += b;
  sum->max_b = MAX (sum->max_b, max_b);
}

/**
 * _es_mono_stream_sum:
 * @sums: (array): @view's n_keys sums, zeroed, to add to
 *
 * Adds up the records of [@from, @to) (all of them unless @interval), per
 * key: a block wholly inside by its sums, a block the interval cuts record
 * by record.
 */
void
_es_mono_stream_sum (const EsMonoStreamView *view,
                     gboolean                interval,
                     guint64                 from,
                     guint64                 to,
                     EsMonoSum              *sums)
{
  for (guint i = 0; i < view->n_blocks; i++)
    {
      const EsMonoBlock *block = view->blocks[i];
      const guint8 *p;
      guint64 time;

      if (interval && (block->max_time < from || block->min_time >= to))
        continue;
      if (!interval || (block->min_time >= from && block->max_time < to))
        {
          for (guint32 s = 0; s < block->n_sums; s++)
            {
              const EsMonoSum *sum = &block->sums[s];

              add_to (&sums[sum->key], sum->count, sum->sum_a, sum->sum_b, sum->max_b);
            }
          continue;
        }
      p = block->bytes;
      time = block->first_time;
      for (guint32 r = 0; r < block->n_records; r++)
        {
          guint64 key, a, b;

          time += (guint64) unzigzag (get_varint (&p));
          key = get_varint (&p);
          a = get_varint (&p);
          b = get_varint (&p);
          if (time >= from && time < to)
            add_to (&sums[key], 1, a, b, b);
        }
    }
}
