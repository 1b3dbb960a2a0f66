/* es-chunks.h: an array in chunks that its copies share, each chunk copied
 * when next written
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A live log's builder writes old elements as well as new ones (a span
 * that closes, long after it started), and gives a copy of everything to
 * each of its snapshots, a few a second. Here a copy shares every chunk by
 * reference, and whichever side writes a shared chunk next copies it
 * first: a snapshot costs a reference per chunk and a copy of each chunk
 * written since the last one, not a copy of the whole. */

#define ES_CHUNK_BITS 10u
#define ES_CHUNK_LEN  (1u << ES_CHUNK_BITS)

typedef struct
{
  GPtrArray  *chunks;     /* ES_CHUNK_LEN elements each, in atomic rc boxes */
  GByteArray *owned;      /* per chunk: no copy shares it, so it is written in place */
  guint       len;
  guint       element_size;
} EsChunks;

void     es_chunks_init      (EsChunks       *self,
                              gsize           element_size);
void     es_chunks_clear     (EsChunks       *self);
void     es_chunks_share     (EsChunks       *copy,
                              EsChunks       *self);
gpointer es_chunks_append    (EsChunks       *self);
void     es_chunks_truncate  (EsChunks       *self,
                              guint           len);
gpointer _es_chunks_own      (EsChunks       *self,
                              guint           chunk);
gsize    es_chunks_get_bytes (const EsChunks *self);
guint    es_chunks_bound     (const EsChunks *self,
                              gsize           key_offset,
                              guint64         key,
                              gboolean        after);

/* Element @i, to read; good until @self is next written. */
static inline gconstpointer
es_chunks_get (const EsChunks *self,
               guint           i)
{
  const guint8 *chunk = g_ptr_array_index (self->chunks, i >> ES_CHUNK_BITS);

  return chunk + (gsize) (i & (ES_CHUNK_LEN - 1)) * self->element_size;
}

/* Element @i, to change: its chunk copied first if a copy shares it. The
 * pointer is good until @self is next shared or written. */
static inline gpointer
es_chunks_write (EsChunks *self,
                 guint     i)
{
  guint c = i >> ES_CHUNK_BITS;
  guint8 *chunk = G_LIKELY (self->owned->data[c]) ? g_ptr_array_index (self->chunks, c) : _es_chunks_own (self, c);

  return chunk + (gsize) (i & (ES_CHUNK_LEN - 1)) * self->element_size;
}

#define ES_CHUNKS_AT(self, type, i) (*(const type *) es_chunks_get ((self), (i)))

G_END_DECLS
