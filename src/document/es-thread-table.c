/* es-thread-table.c: a document's threads, in chunks its live snapshots share
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-thread-table.h"

/* The threads in id order, in chunks of a fixed number of them, each chunk
 * shared by reference. A live log's builder writes a table for each of its
 * snapshots (a few a second), and most threads have not changed since the
 * last: a program that ran for a while has tens of thousands of threads,
 * most of them long finished. A chunk whose threads are all as they were
 * is the last table's, not a copy. Fixed sizes also let malloc reuse the
 * chunks of a snapshot gone for the next, where one table of 4 MB that
 * grew each time left holes behind. */
#define CHUNK_THREADS 1024

struct _EsThreadTable
{
  GPtrArray *chunks;        /* EsThread[CHUNK_THREADS] in atomic rc boxes */
  guint      length;
};

static EsThreadTable *
table_new (void)
{
  EsThreadTable *self = g_new0 (EsThreadTable, 1);

  self->chunks = g_ptr_array_new_with_free_func (g_atomic_rc_box_release);
  return self;
}

static gboolean
same_thread (const EsThread *a,
             const EsThread *b)
{
  /* Field by field: the padding need not match. */
  return a->id == b->id && a->n_migrations == b->n_migrations && a->n_wakeups == b->n_wakeups &&
         a->created_cap == b->created_cap && a->label == b->label && a->created == b->created;
}

/**
 * es_thread_table_new:
 * @threads: (array length=n_threads): the threads, in id order
 * @previous: (nullable): a table to share the chunks of that are unchanged
 *
 * Returns: (transfer full): a table of @threads
 */
EsThreadTable *
es_thread_table_new (const EsThread *const *threads,
                     guint                  n_threads,
                     const EsThreadTable   *previous)
{
  EsThreadTable *self = table_new ();

  self->length = n_threads;
  for (guint first = 0; first < n_threads; first += CHUNK_THREADS)
    {
      guint c = first / CHUNK_THREADS, n = MIN (CHUNK_THREADS, n_threads - first);
      EsThread *chunk = NULL;

      /* A chunk shared holds as many threads as this one will. */
      if (previous != NULL && c < previous->chunks->len && MIN (CHUNK_THREADS, previous->length - first) == n)
        {
          const EsThread *old = g_ptr_array_index (previous->chunks, c);
          guint i = 0;

          while (i < n && same_thread (&old[i], threads[first + i]))
            i++;
          if (i == n)
            chunk = g_atomic_rc_box_acquire ((gpointer) old);
        }
      if (chunk == NULL)
        {
          chunk = g_atomic_rc_box_alloc0 (CHUNK_THREADS * sizeof (EsThread));
          for (guint i = 0; i < n; i++)
            chunk[i] = *threads[first + i];
        }
      g_ptr_array_add (self->chunks, chunk);
    }
  return self;
}

/* Another table of the same chunks. */
EsThreadTable *
es_thread_table_share (const EsThreadTable *self)
{
  EsThreadTable *copy = table_new ();

  copy->length = self->length;
  for (guint c = 0; c < self->chunks->len; c++)
    g_ptr_array_add (copy->chunks, g_atomic_rc_box_acquire (g_ptr_array_index (self->chunks, c)));
  return copy;
}

void
es_thread_table_free (EsThreadTable *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->chunks);
  g_free (self);
}

guint
es_thread_table_get_length (const EsThreadTable *self)
{
  return self->length;
}

const EsThread *
es_thread_table_get (const EsThreadTable *self,
                     guint                index)
{
  g_return_val_if_fail (index < self->length, NULL);

  return &((const EsThread *) g_ptr_array_index (self->chunks, index / CHUNK_THREADS))[index % CHUNK_THREADS];
}

/* The position of the thread with @id, or G_MAXUINT. */
guint
es_thread_table_find (const EsThreadTable *self,
                      guint32              id)
{
  guint lo = 0, hi = self->length;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (es_thread_table_get (self, mid)->id < id)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < self->length && es_thread_table_get (self, lo)->id == id ? lo : G_MAXUINT;
}
