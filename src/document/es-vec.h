/* es-vec.h: a growable array of plain structs with an inline append
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

/* Whether glibc's malloc is the heap in use, to be tuned and trimmed. A
 * sanitizer replaces it with its own: glibc's heap then stays unset up,
 * and trimming it from two threads at once races in its lazy set-up
 * (a load's malloc_trim() crashed in mtrim() under ASan). */
#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
# if defined(__has_feature)
#  if !__has_feature(address_sanitizer) && !__has_feature(thread_sanitizer) && !__has_feature(memory_sanitizer)
#   define ES_GLIBC_HEAP 1
#  endif
# else
#  define ES_GLIBC_HEAP 1
# endif
#endif

G_BEGIN_DECLS

typedef struct _EsVecFile EsVecFile;

/* GArray's append is a function call and a memcpy per element; the hot
 * per-event paths of the builder append millions of small records, so they
 * use this instead: a capacity check and a struct store. */
typedef struct
{
  gpointer   data;
  guint      len;
  guint      capacity;
  gsize      mapped;      /* bytes of its own mapping, or 0 in the heap */
  gsize      reserved;    /* bytes of address space from its mapping's start kept for it (a builder's, in its file) */
  EsVecFile *file;        /* (nullable): where it is mapped from once it outgrows the heap; see es_vec_use_file() */
  guint64    offset;      /* its place in @file */
  gsize      skipped;     /* bytes of its mapping before @data: elements let go (es_vec_skip()) */
  gsize      released;    /* of them, those handed to es_vec_file_release_skipped() */
  gsize      prefaulted;  /* bytes of its mapping asked to be prefaulted, from its start (es_vec_prefault()) */
  gsize      prefault_mark; /* bytes it used when last asked */
  guint      prefault_epoch; /* its file's mappings' epoch when it last asked */
} EsVec;

EsVecFile *es_vec_file_new   (void);
EsVecFile *es_vec_file_ref   (EsVecFile *file);
void       es_vec_file_unref (EsVecFile *file);
void       es_vec_use_file   (EsVec     *vec,
                              EsVecFile *file);

void es_vec_grow  (EsVec *vec,
                   gsize  element_size);

/* es_vec_get_failures()'s count: read at every event of a load, so read
 * inline. */
extern gint _es_vec_failures;

/**
 * es_vec_get_failures:
 *
 * Returns: how many times a vector could not grow as it should have, for
 *   want of memory, since the program started: a load that sees it change
 *   is out of memory
 */
static inline guint
es_vec_get_failures (void)
{
  return (guint) g_atomic_int_get (&_es_vec_failures);
}

void  es_vec_keep_spare   (void);
void  es_give_back_freed_memory (void);
void  es_vec_map_large_blocks_begin (void);
void  es_vec_map_large_blocks_end   (void);
void  es_vec_fit_address_space_limit (void);
guint64 es_vec_get_address_space_limit (void);
guint64 es_vec_get_address_space (guint64 *limit);
void es_vec_reserve (EsVec *vec,
                     guint  n,
                     gsize  element_size);
void es_vec_clear (EsVec *vec,
                   gsize  element_size);
void es_vec_release_spare (EsVec *vec,
                           gsize  element_size);
void es_vec_skip          (EsVec *vec,
                           guint  n,
                           gsize  element_size);
void es_vec_sort_runs     (EsVec *vec,
                          gsize  element_size,
                          gsize  key_offset);
void es_vec_drop_front    (EsVec *vec,
                          guint  n,
                          gsize  element_size);
guint es_vec_settle       (EsVec   *vec,
                           gsize    element_size,
                           guint    from,
                           gsize    key_offset,
                           guint64  before);
void es_vec_own           (EsVec *vec,
                           guint  from,
                           gsize  element_size);
void es_vec_prefault      (EsVec *vec,
                           gsize  element_size,
                           gsize *budget);
gsize es_vec_get_prefaulted_ahead (const EsVec *vec,
                                   gsize        element_size);
gboolean es_vec_file_can_prefault (EsVecFile *file);
void es_vec_give_back_prefaulted (EsVec *vec,
                                  gsize  element_size);
void es_vec_leave_region  (EsVec    *vec,
                           gsize     element_size,
                           gboolean  keep);

/* Memory of a file's vectors that may be given back once no copy made
 * before them may read it (see es_vec_skip()). */
typedef struct _EsVecFilePin EsVecFilePin;

EsVecFilePin *es_vec_file_pin           (EsVecFile    *file);
void          es_vec_file_unpin         (EsVecFilePin *pin);
void          es_vec_file_release_skipped (EsVecFile  *file,
                                           EsVec     **vecs,
                                           guint       n_vecs);
guint64       es_vec_file_get_bytes     (EsVecFile    *file,
                                         guint64      *releasing);

/* Something done to each of a set of vectors (of records, say). */
typedef void (*EsVecVisit) (EsVec    *vec,
                            gsize     element_size,
                            gpointer  user_data);

/* Appends one element of @type and returns a pointer to it. */
#define ES_VEC_PUSH(vec, type) \
  (G_UNLIKELY ((vec)->len == (vec)->capacity) ? es_vec_grow ((vec), sizeof (type)) : (void) 0, \
   &((type *) (vec)->data)[(vec)->len++])

#define ES_VEC_AT(vec, type, i) (((type *) (vec)->data)[i])

/* Appends @n elements of @element_size from @data. */
void es_vec_append (EsVec         *vec,
                    gconstpointer  data,
                    guint          n,
                    gsize          element_size);
void es_vec_copy   (EsVec         *dest,
                    const EsVec   *src,
                    gsize          element_size);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsVecFile, es_vec_file_unref)

G_END_DECLS
