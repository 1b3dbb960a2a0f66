/* es-thread-table.c: a document's threads, in chunks its live snapshots share
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-thread-table-private.h"

/* The builder keeps its threads in the table it gives its document: in
 * chunks of a fixed range of ids, each chunk shared by reference and
 * holding the threads of its range it has. A live log's builder gives a
 * table to each of its snapshots (a few a second), and a program that ran
 * for a while has tens of thousands of threads, most of them long
 * finished: freezing the table shares every chunk, and the builder copies
 * a chunk only when it next changes a thread in it. So a snapshot costs a
 * reference per chunk, not a copy of every thread, and the builder keeps
 * no threads of its own beside its documents'.
 *
 * GHC numbers its threads densely from 1, so most chunks are full. Other
 * runtimes' ids (a Mono thread's is an address) are far larger and few:
 * those are kept in a hash table, and each frozen table has its own sorted
 * copy of them. */

static void
release_chunk (gpointer chunk)
{
  if (chunk != NULL)
    g_atomic_rc_box_release (chunk);
}

/* A chunk with room for @capacity threads, holding @from's if not %NULL.
 * The threads are in the chunk, not behind a pointer: the builder finds a
 * thread with one load less for each scheduler event. */
static EsThreadChunk *
chunk_new (const EsThreadChunk *from,
           guint                capacity)
{
  EsThreadChunk *chunk;

  if (from == NULL)
    chunk = g_atomic_rc_box_alloc0 (sizeof (EsThreadChunk) + capacity * sizeof (EsThread));
  else
    {
      chunk = g_atomic_rc_box_alloc (sizeof (EsThreadChunk) + capacity * sizeof (EsThread));
      memcpy (chunk, from, sizeof (EsThreadChunk) + from->n_present * sizeof (EsThread));
    }
  chunk->capacity = capacity;
  return chunk;
}

static EsThreadTable *
table_new (void)
{
  EsThreadTable *self = g_new0 (EsThreadTable, 1);

  self->chunks = g_ptr_array_new_with_free_func (release_chunk);
  return self;
}

/**
 * es_thread_table_new:
 *
 * Returns: (transfer full): an empty table, to be written
 *   (es_thread_table_write()) and frozen for documents
 *   (es_thread_table_freeze()).
 */
EsThreadTable *
es_thread_table_new (void)
{
  EsThreadTable *self = table_new ();

  self->owned = g_byte_array_new ();
  self->sparse = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  return self;
}

static EsThread *
add_sparse (EsThreadTable *self,
            guint32        id)
{
  EsThread *thread = g_hash_table_lookup (self->sparse, GUINT_TO_POINTER (id));

  if (thread == NULL)
    {
      thread = g_new0 (EsThread, 1);
      thread->id = id;
      thread->created_cap = ES_CAP_NONE;
      g_hash_table_insert (self->sparse, GUINT_TO_POINTER (id), thread);
      self->length++;
    }
  return thread;
}

/* Chunk @c, the builder's alone: made if there is none, copied if a
 * frozen table shares it. */
static EsThreadChunk *
own_chunk (EsThreadTable *self,
           guint          c)
{
  EsThreadChunk *chunk;

  if (c >= self->chunks->len)
    {
      guint had = self->owned->len;

      g_ptr_array_set_size (self->chunks, c + 1);
      /* Its new bytes are not cleared. */
      g_byte_array_set_size (self->owned, c + 1);
      memset (self->owned->data + had, 0, c + 1 - had);
    }
  chunk = g_ptr_array_index (self->chunks, c);
  if (chunk != NULL && self->owned->data[c])
    return chunk;
  if (chunk == NULL)
    chunk = chunk_new (NULL, 4);
  else
    {
      EsThreadChunk *copy = chunk_new (chunk, MAX (chunk->n_present, 4));

      release_chunk (chunk);
      chunk = copy;
    }
  g_ptr_array_index (self->chunks, c) = chunk;
  self->owned->data[c] = TRUE;
  return chunk;
}

/* Puts thread @id, new, in its place among chunk @c's (the builder's
 * own), which grows into a new one if it is full. */
static EsThread *
insert_thread (EsThreadTable *self,
               guint          c,
               guint32        id)
{
  EsThreadChunk *chunk = g_ptr_array_index (self->chunks, c);
  guint slot = id % ES_THREAD_CHUNK_THREADS, rank = _es_thread_chunk_rank (chunk, slot);
  EsThread *thread;

  if (chunk->n_present == chunk->capacity)
    {
      EsThreadChunk *grown = chunk_new (chunk, MIN (chunk->capacity * 2, ES_THREAD_CHUNK_THREADS));

      release_chunk (chunk);
      g_ptr_array_index (self->chunks, c) = chunk = grown;
    }
  memmove (&chunk->threads[rank + 1], &chunk->threads[rank], (chunk->n_present - rank) * sizeof (EsThread));
  chunk->present[slot / 64] |= G_GUINT64_CONSTANT (1) << (slot % 64);
  for (guint w = slot / 64 + 1; w < G_N_ELEMENTS (chunk->before); w++)
    chunk->before[w]++;
  chunk->n_present++;
  thread = &chunk->threads[rank];
  memset (thread, 0, sizeof *thread);
  thread->id = id;
  thread->created_cap = ES_CAP_NONE;
  return thread;
}

EsThread *
_es_thread_table_write_slow (EsThreadTable *self,
                             guint32        id)
{
  EsThreadChunk *chunk;
  guint slot = id % ES_THREAD_CHUNK_THREADS;

  g_return_val_if_fail (self->owned != NULL, NULL);

  if (id >= ES_THREAD_TABLE_DENSE_IDS)
    return add_sparse (self, id);
  chunk = own_chunk (self, id / ES_THREAD_CHUNK_THREADS);
  if (_es_thread_chunk_has (chunk, slot))
    return &chunk->threads[_es_thread_chunk_rank (chunk, slot)];
  self->length++;
  return insert_thread (self, id / ES_THREAD_CHUNK_THREADS, id);
}

static int
compare_ids (gconstpointer a,
             gconstpointer b)
{
  guint32 ia = ((const EsThread *) a)->id, ib = ((const EsThread *) b)->id;

  return ia < ib ? -1 : ia > ib;
}

/**
 * es_thread_table_freeze:
 *
 * Returns: (transfer full): a table of @self's threads as they are now,
 *   never to change, which only reads. It shares @self's chunks: the next
 *   write to one of them copies it.
 */
EsThreadTable *
es_thread_table_freeze (EsThreadTable *self)
{
  EsThreadTable *frozen = table_new ();
  GHashTableIter iter;
  gpointer value;
  guint n = 0;

  g_return_val_if_fail (self->owned != NULL, frozen);

  frozen->length = self->length;
  frozen->before = g_new (guint, self->chunks->len + 1);
  for (guint c = 0; c < self->chunks->len; c++)
    {
      EsThreadChunk *chunk = g_ptr_array_index (self->chunks, c);

      frozen->before[c] = n;
      g_ptr_array_add (frozen->chunks, chunk != NULL ? g_atomic_rc_box_acquire (chunk) : NULL);
      n += chunk != NULL ? chunk->n_present : 0;
      self->owned->data[c] = FALSE;
    }
  frozen->before[self->chunks->len] = n;

  frozen->n_sparse = g_hash_table_size (self->sparse);
  frozen->sparse_sorted = g_new (EsThread, MAX (frozen->n_sparse, 1));
  g_hash_table_iter_init (&iter, self->sparse);
  for (guint i = 0; g_hash_table_iter_next (&iter, NULL, &value); i++)
    frozen->sparse_sorted[i] = *(const EsThread *) value;
  qsort (frozen->sparse_sorted, frozen->n_sparse, sizeof (EsThread), compare_ids);
  g_assert (n + frozen->n_sparse == frozen->length);
  return frozen;
}

void
es_thread_table_free (EsThreadTable *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->chunks);
  if (self->owned != NULL)
    g_byte_array_unref (self->owned);
  g_clear_pointer (&self->sparse, g_hash_table_unref);
  g_free (self->before);
  g_free (self->sparse_sorted);
  g_free (self);
}

/* The memory of @self's threads, shared ones included. */
gsize
es_thread_table_get_bytes (const EsThreadTable *self)
{
  gsize bytes = sizeof *self + self->chunks->len * (sizeof (gpointer) + sizeof (guint));

  for (guint c = 0; c < self->chunks->len; c++)
    {
      const EsThreadChunk *chunk = g_ptr_array_index (self->chunks, c);

      if (chunk != NULL)
        bytes += sizeof *chunk + chunk->capacity * sizeof (EsThread);
    }
  return bytes + (self->n_sparse + (self->sparse != NULL ? g_hash_table_size (self->sparse) : 0)) * sizeof (EsThread);
}

guint
es_thread_table_get_length (const EsThreadTable *self)
{
  return self->length;
}

/* The thread at @index of a frozen table, in id order. */
const EsThread *
es_thread_table_get (const EsThreadTable *self,
                     guint                index)
{
  guint n_chunks = self->chunks->len, lo = 0, hi = n_chunks;

  g_return_val_if_fail (self->owned == NULL, NULL);
  g_return_val_if_fail (index < self->length, NULL);

  if (index >= self->before[n_chunks])
    return &self->sparse_sorted[index - self->before[n_chunks]];
  /* The last chunk with no more than @index threads before it: @index is
   * in it (chunks with no thread have the count of the chunk after). */
  while (hi - lo > 1)
    {
      guint mid = lo + (hi - lo) / 2;

      if (self->before[mid] <= index)
        lo = mid;
      else
        hi = mid;
    }
  return &((const EsThreadChunk *) g_ptr_array_index (self->chunks, lo))->threads[index - self->before[lo]];
}

/* The position of the thread with @id in a frozen table, or G_MAXUINT. */
guint
es_thread_table_find (const EsThreadTable *self,
                      guint32              id)
{
  g_return_val_if_fail (self->owned == NULL, G_MAXUINT);

  if (id < ES_THREAD_TABLE_DENSE_IDS)
    {
      guint c = id / ES_THREAD_CHUNK_THREADS, slot = id % ES_THREAD_CHUNK_THREADS;
      const EsThreadChunk *chunk = c < self->chunks->len ? g_ptr_array_index (self->chunks, c) : NULL;
      if (chunk == NULL || !_es_thread_chunk_has (chunk, slot))
        return G_MAXUINT;
      return self->before[c] + _es_thread_chunk_rank (chunk, slot);
    }
  else
    {
      guint lo = 0, hi = self->n_sparse;

      while (lo < hi)
        {
          guint mid = lo + (hi - lo) / 2;

          if (self->sparse_sorted[mid].id < id)
            lo = mid + 1;
          else
            hi = mid;
        }
      return lo < self->n_sparse && self->sparse_sorted[lo].id == id ? self->before[self->chunks->len] + lo
                                                                      : G_MAXUINT;
    }
}
