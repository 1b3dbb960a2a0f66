/* es-thread-table-private.h: a builder's threads, written in place
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-thread-table.h"

G_BEGIN_DECLS

/* Threads numbered below this (GHC's, from 1) are in the chunks, each
 * chunk a range of ids; larger ids (other runtimes' addresses) are kept
 * apart. */
#define ES_THREAD_TABLE_DENSE_IDS (1u << 22)
#define ES_THREAD_CHUNK_THREADS   1024u

/* A chunk of ES_THREAD_CHUNK_THREADS ids holds only the threads it has, in
 * id order: memory goes with the threads, not with how far apart their
 * ids are (a log may number them sparsely). A thread's place among them
 * is its rank in the bitmap of ids present. */
typedef struct
{
  guint     n_present;
  guint     capacity;
  guint64   present[ES_THREAD_CHUNK_THREADS / 64];      /* a bit per id */
  guint16   before[ES_THREAD_CHUNK_THREADS / 64];       /* threads in the words before each */
  EsThread  threads[];                                   /* n_present of @capacity, by id */
} EsThreadChunk;

struct _EsThreadTable
{
  GPtrArray  *chunks;         /* EsThreadChunk in atomic rc boxes, or NULL where no id is used */
  guint       length;         /* threads, dense and sparse */
  /* A writable table's (es_thread_table_new()): */
  GByteArray *owned;          /* per chunk: no frozen table shares it, so it is written in place */
  GHashTable *sparse;         /* id -> EsThread, ids from ES_THREAD_TABLE_DENSE_IDS on */
  /* A frozen table's (es_thread_table_freeze()): */
  guint      *before;         /* per chunk: the threads in the chunks before it */
  EsThread   *sparse_sorted;  /* in id order, after every dense one */
  guint       n_sparse;
};

EsThread *_es_thread_table_write_slow (EsThreadTable *self,
                                       guint32        id);

static inline gboolean
_es_thread_chunk_has (const EsThreadChunk *chunk,
                      guint                slot)
{
  return (chunk->present[slot / 64] >> (slot % 64)) & 1;
}

/* Where the thread of @slot is among @chunk's, or would go. */
static inline guint
_es_thread_chunk_rank (const EsThreadChunk *chunk,
                       guint                slot)
{
  guint64 below = (G_GUINT64_CONSTANT (1) << (slot % 64)) - 1;

  return chunk->before[slot / 64] + (guint) __builtin_popcountll (chunk->present[slot / 64] & below);
}

/* Thread @id of a writable table, to change: added if it is not there
 * (with only its id, and ES_CAP_NONE for where it was created); its chunk
 * copied first if a frozen table shares it. The pointer is good until the
 * table is next frozen or written. */
static inline EsThread *
es_thread_table_write (EsThreadTable *self,
                       guint32        id)
{
  guint c = id / ES_THREAD_CHUNK_THREADS, slot = id % ES_THREAD_CHUNK_THREADS;

  if (G_LIKELY (c < self->owned->len && self->owned->data[c]))
    {
      EsThreadChunk *chunk = g_ptr_array_index (self->chunks, c);

      if (G_LIKELY (_es_thread_chunk_has (chunk, slot)))
        return &chunk->threads[_es_thread_chunk_rank (chunk, slot)];
    }
  return _es_thread_table_write_slow (self, id);
}

/* Adds thread @id to a writable table if it is not there, changing
 * nothing else: a thread that runs again copies no chunk. */
static inline void
es_thread_table_mention (EsThreadTable *self,
                         guint32        id)
{
  guint c = id / ES_THREAD_CHUNK_THREADS;

  if (G_LIKELY (c < self->chunks->len))
    {
      const EsThreadChunk *chunk = g_ptr_array_index (self->chunks, c);

      if (G_LIKELY (chunk != NULL && _es_thread_chunk_has (chunk, id % ES_THREAD_CHUNK_THREADS)))
        return;
    }
  _es_thread_table_write_slow (self, id);
}

G_END_DECLS
