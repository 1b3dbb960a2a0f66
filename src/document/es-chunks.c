/* es-chunks.c: an array in chunks that its copies share
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-chunks.h"

static void
release_chunk (gpointer chunk)
{
  g_atomic_rc_box_release (chunk);
}

void
es_chunks_init (EsChunks *self,
                gsize     element_size)
{
  g_return_if_fail (element_size > 0 && element_size <= G_MAXUINT / ES_CHUNK_LEN);

  self->chunks = g_ptr_array_new_with_free_func (release_chunk);
  self->owned = g_byte_array_new ();
  self->len = 0;
  self->element_size = (guint) element_size;
}

/* Lets go of @self's chunks: es_chunks_init() makes it usable again. */
void
es_chunks_clear (EsChunks *self)
{
  g_clear_pointer (&self->chunks, g_ptr_array_unref);
  g_clear_pointer (&self->owned, g_byte_array_unref);
  self->len = 0;
}

/**
 * es_chunks_share:
 * @copy: (out caller-allocates): zeroed, initialized or cleared
 *
 * Makes @copy hold @self's elements, sharing every chunk: from now on,
 * each side copies a chunk before it next writes it.
 */
void
es_chunks_share (EsChunks *copy,
                 EsChunks *self)
{
  guint element_size = self->element_size;

  es_chunks_clear (copy);
  es_chunks_init (copy, element_size);
  for (guint c = 0; c < self->chunks->len; c++)
    g_ptr_array_add (copy->chunks, g_atomic_rc_box_acquire (g_ptr_array_index (self->chunks, c)));
  g_byte_array_set_size (copy->owned, self->chunks->len);
  if (self->chunks->len > 0)
    {
      memset (copy->owned->data, 0, copy->owned->len);
      memset (self->owned->data, 0, self->owned->len);
    }
  copy->len = self->len;
}

/* Chunk @c, copied if another array shares it, to write. */
gpointer
_es_chunks_own (EsChunks *self,
                guint     c)
{
  gsize size = (gsize) ES_CHUNK_LEN * self->element_size;
  gpointer shared = g_ptr_array_index (self->chunks, c);
  gpointer chunk = g_atomic_rc_box_alloc (size);

  memcpy (chunk, shared, size);
  g_ptr_array_index (self->chunks, c) = chunk;
  g_atomic_rc_box_release (shared);
  self->owned->data[c] = TRUE;
  return chunk;
}

/* A new element at the end, zeroed, to write. */
gpointer
es_chunks_append (EsChunks *self)
{
  guint i = self->len;
  gpointer element;

  if ((i & (ES_CHUNK_LEN - 1)) == 0)
    {
      guint8 owned = TRUE;

      g_ptr_array_add (self->chunks, g_atomic_rc_box_alloc ((gsize) ES_CHUNK_LEN * self->element_size));
      g_byte_array_append (self->owned, &owned, 1);
    }
  self->len++;
  element = es_chunks_write (self, i);
  memset (element, 0, self->element_size);
  return element;
}

/* Keeps only the first @len elements (at most as many as @self has). */
void
es_chunks_truncate (EsChunks *self,
                    guint     len)
{
  guint n_chunks = (len + ES_CHUNK_LEN - 1) / ES_CHUNK_LEN;

  g_return_if_fail (len <= self->len);

  g_ptr_array_set_size (self->chunks, n_chunks);
  g_byte_array_set_size (self->owned, n_chunks);
  self->len = len;
}

/* The first element whose guint64 at @key_offset is at least @key (@after:
 * above it), by bisection: the elements are in order of that key. */
guint
es_chunks_bound (const EsChunks *self,
                 gsize           key_offset,
                 guint64         key,
                 gboolean        after)
{
  guint lo = 0, hi = self->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      guint64 k;

      memcpy (&k, (const guint8 *) es_chunks_get (self, mid) + key_offset, sizeof k);
      if (k < key || (after && k == key))
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* The bytes of @self's chunks, shared or not. */
gsize
es_chunks_get_bytes (const EsChunks *self)
{
  return self->chunks != NULL ? (gsize) self->chunks->len * ES_CHUNK_LEN * self->element_size : 0;
}
