/* es-vec-private.h: what vectors share with the file of records they live in
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

/* mremap() and fallocate() are GNU extensions: who includes this defines
 * _GNU_SOURCE before any header. */

#include <glib.h>
#if defined(__linux__)
# include <fcntl.h>
# include <sys/mman.h>
#endif

#include "es-vec.h"

G_BEGIN_DECLS

/* es-vec-memory.c: running short of memory */
void     _es_vec_count_failure   (void);
gboolean _es_vec_is_austere      (void);
gboolean _es_vec_give_back_spare (void);

#define PAGE_BYTES 4096u

#if defined(__linux__) && defined(MREMAP_MAYMOVE)
# define CAN_MAP 1
#else
# define CAN_MAP 0
#endif

#if CAN_MAP && defined(MFD_CLOEXEC)
# define CAN_SHARE 1
#else
# define CAN_SHARE 0
#endif

/* Each vector that uses a file has a region of it this large, most of it
 * never written: a memfd is sparse, and the region only has to be larger
 * than any vector of records can grow (G_MAXUINT elements of at most 64
 * bytes; a larger one leaves the file). */
#define FILE_REGION_BITS 38

/* Memory that a builder's vectors and the snapshots of them map at once:
 * the builder's mapping is shared, a snapshot's is private, so the records
 * exist once however many documents show them, and what a snapshot writes
 * (the runs it closes, a sort it repairs) stays its own, copied a page at
 * a time by the kernel. The builder only ever appends, past the length of
 * every snapshot, so a snapshot never sees a record change under it. (A
 * series' range index also rewrites the last block of each level, which
 * no copy reads: see es-series.c.) */
struct _EsVecFile
{
  gint    ref_count;
  int     fd;
  guint64 n_regions;
  GMutex  lock;         /* for what follows: pins come and go on any thread */
  guint   generation;   /* how many times vectors were let go of (es_vec_skip()) */
  GArray *pins;         /* guint per generation: the copies made in it still alive */
  GArray *to_release;   /* Release: what may be given back once no copy older than it is alive */
  /* Prefaulting (es_vec_prefault()): */
  GMutex       map_lock;   /* held while the builder's mappings change, and while they are prefaulted */
  gint         map_epoch;  /* atomic, changed under @map_lock: how many times they changed */
  gint         cannot_prefault; /* atomic */
  GAsyncQueue *prefaults;  /* (nullable): Prefault, for @prefaulter */
  GThread     *prefaulter; /* (nullable): started by the builder's thread on its first ask */
};

static inline gsize
round_up (gsize bytes,
          gsize to)
{
  return (bytes + to - 1) & ~(to - 1);
}

/* Where @vec's mapping starts: @skipped bytes before its first element. */
static inline guint8 *
mapping_base (const EsVec *vec)
{
  return (guint8 *) vec->data - vec->skipped;
}

/* The bytes of @vec's mapping up to its last element: those it skipped
 * and those it holds. */
static inline gsize
used_bytes (const EsVec *vec,
            gsize        element_size)
{
  return vec->skipped + (gsize) vec->len * element_size;
}

void _es_vec_file_begin_mapping_change (EsVecFile *file);
void _es_vec_file_end_mapping_change   (EsVecFile *file);
void _es_vec_file_release_region       (EsVecFile *file,
                                        guint64    offset,
                                        gsize      released);

G_END_DECLS
