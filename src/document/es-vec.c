/* es-vec.c: a growable array of plain structs with an inline append
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* mremap() is a GNU extension. */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif

#include "config.h"

#include <errno.h>
#include <string.h>
#if defined(__linux__)
# include <sys/mman.h>
# include <sys/resource.h>
# include <sys/stat.h>
# include <unistd.h>
#endif

#include "es-vec.h"

/* Vectors of more than a few hundred kilobytes (a big log's activities,
 * instants, samples and series) live in their own mappings on Linux. They
 * grow with mremap, which moves page tables instead of copying, and they
 * leave no holes: in the heap, each doubling would free the old copy where
 * only smaller allocations fit, and glibc's adaptive threshold puts arrays
 * of up to 32 MB there once any large block has been freed. From 2 MB on
 * they ask for transparent huge pages, which cuts the page faults of a
 * fresh load by hundreds. */
#define MAPPED_ABOVE_BYTES (64u << 10)
#define HUGE_PAGE_BYTES    (2u << 20)
#define PAGE_BYTES         4096u

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
 * every snapshot, so a snapshot never sees a record change under it. */
struct _EsVecFile
{
  gint    ref_count;
  int     fd;
  guint64 n_regions;
};

/**
 * es_vec_file_new:
 *
 * Returns: (transfer full) (nullable): a new, empty file for vectors to be
 *   shared with copies of them (es_vec_use_file()), or %NULL where the
 *   system has none (the vectors are then copied).
 */
EsVecFile *
es_vec_file_new (void)
{
#if CAN_SHARE
  struct rlimit limit;
  EsVecFile *file;
  int fd;

  /* The file is sparse, but its size counts against a limit on file sizes
   * (SIGXFSZ past it), and a 32-bit system's files are too small for the
   * regions: vectors are then copied. */
  if (sizeof (gpointer) < 8 || getrlimit (RLIMIT_FSIZE, &limit) != 0 || limit.rlim_cur != RLIM_INFINITY)
    return NULL;
  fd = memfd_create ("eventscope-records", MFD_CLOEXEC);
  if (fd < 0)
    return NULL;
  file = g_new0 (EsVecFile, 1);
  file->ref_count = 1;
  file->fd = fd;
  return file;
#else
  return NULL;
#endif
}

EsVecFile *
es_vec_file_ref (EsVecFile *file)
{
  g_return_val_if_fail (file != NULL, NULL);

  g_atomic_int_inc (&file->ref_count);
  return file;
}

void
es_vec_file_unref (EsVecFile *file)
{
  if (file == NULL || !g_atomic_int_dec_and_test (&file->ref_count))
    return;
#if CAN_SHARE
  /* The memory lives on in whatever still maps it. */
  close (file->fd);
#endif
  g_free (file);
}

/**
 * es_vec_use_file:
 * @file: (nullable): where @vec is to be mapped from, or %NULL
 *
 * Says that @vec, empty, is to live in @file once it is large enough to
 * have a mapping of its own, so that es_vec_copy() maps it rather than
 * copying it. With %NULL, nothing changes.
 */
void
es_vec_use_file (EsVec     *vec,
                 EsVecFile *file)
{
  g_return_if_fail (vec->len == 0 && vec->mapped == 0 && vec->file == NULL);

  if (file == NULL)
    return;
  vec->file = es_vec_file_ref (file);
  vec->offset = file->n_regions++ << FILE_REGION_BITS;
}

static gsize
round_up (gsize bytes,
          gsize to)
{
  return (bytes + to - 1) & ~(to - 1);
}

static gsize
mapping_size (gsize bytes)
{
  return round_up (bytes, bytes >= HUGE_PAGE_BYTES ? HUGE_PAGE_BYTES : PAGE_BYTES);
}

#if CAN_MAP
/* Anonymous memory at an address that is a multiple of @align, so that a
 * mapping of whole huge pages can be backed by them: mmap() aligns to 4 KB
 * only, and a huge page must also start on a 2 MB boundary. A vector
 * searched at random (a selection's figures bisect every cap's activities)
 * otherwise pays a TLB miss per step, which in a virtual machine costs
 * far more than the cache miss. */
static void *
map_aligned (gsize bytes,
             gsize align)
{
  gsize span = bytes + align;
  guint8 *raw = mmap (NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  guint8 *aligned;

  if (raw == MAP_FAILED)
    return MAP_FAILED;
  aligned = (guint8 *) round_up ((gsize) raw, align);
  if (aligned > raw)
    munmap (raw, aligned - raw);
  if (raw + span > aligned + bytes)
    munmap (aligned + bytes, raw + span - (aligned + bytes));
  return aligned;
}

/* Memory for a vector of @bytes: from 2 MB on, aligned and asked to be
 * backed by huge pages before any of it is written (a page written first
 * is a small page for good). */
static void *
map (gsize bytes)
{
  void *data;

  if (bytes < HUGE_PAGE_BYTES)
    return mmap (NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  data = map_aligned (bytes, HUGE_PAGE_BYTES);
# ifdef MADV_HUGEPAGE
  if (data != MAP_FAILED)
    madvise (data, bytes, MADV_HUGEPAGE);
# endif
  return data;
}

/* Grows a mapping of which @used bytes are written. Below 2 MB, mremap()
 * moves its small pages; the step to 2 MB copies them into huge ones; a
 * mapping of huge pages grows in place if it can, else its page tables
 * move, whole huge pages, to a new aligned address. */
static void *
remap (void  *data,
       gsize  old_bytes,
       gsize  new_bytes,
       gsize  used)
{
  void *grown, *target;

  if (new_bytes < HUGE_PAGE_BYTES)
    return mremap (data, old_bytes, new_bytes, MREMAP_MAYMOVE);
  if (old_bytes < HUGE_PAGE_BYTES)
    {
      target = map (new_bytes);
      if (target != MAP_FAILED)
        {
          memcpy (target, data, used);
          munmap (data, old_bytes);
        }
      return target;
    }
  grown = mremap (data, old_bytes, new_bytes, 0);
  if (grown != MAP_FAILED)
    return grown;
  target = map_aligned (new_bytes, HUGE_PAGE_BYTES);
  if (target == MAP_FAILED)
    return MAP_FAILED;
  grown = mremap (data, old_bytes, new_bytes, MREMAP_MAYMOVE | MREMAP_FIXED, target);
  if (grown == MAP_FAILED)
    munmap (target, new_bytes);
  return grown;
}
#endif

#if CAN_SHARE
/* A vector of a file is shared: no huge pages (a memfd has them only where
 * the system says so for all shared memory), and it grows by mapping more
 * of its region, where its records already are. Returns %FALSE, with
 * nothing changed, if the vector cannot move into its file: it then lives
 * in the heap or a mapping of its own, and copies of it are copies. */
static gboolean
grow_in_file (EsVec *vec,
              gsize  element_size,
              gsize  bytes)
{
  gsize mapped = round_up (bytes, PAGE_BYTES);
  guint64 region_end = vec->offset + ((guint64) 1 << FILE_REGION_BITS);
  void *data;

  if (mapped > ((gsize) 1 << FILE_REGION_BITS))
    {
      if (vec->mapped == 0)
        return FALSE;
      g_error ("es_vec_grow: a vector outgrew its region of the records' file");
    }
  if (vec->mapped == 0)
    {
      struct stat st;

      /* Regions are handed out in order: the file ends at the last one. */
      if (fstat (vec->file->fd, &st) != 0 ||
          ((guint64) st.st_size < region_end && ftruncate (vec->file->fd, (off_t) region_end) != 0))
        return FALSE;
      data = mmap (NULL, mapped, PROT_READ | PROT_WRITE, MAP_SHARED, vec->file->fd, (off_t) vec->offset);
      if (data == MAP_FAILED)
        return FALSE;
      memcpy (data, vec->data, (gsize) vec->len * element_size);
      g_free (vec->data);
    }
  else
    {
      data = mremap (vec->data, vec->mapped, mapped, MREMAP_MAYMOVE);
      if (data == MAP_FAILED)
        g_error ("es_vec_grow: out of memory for %" G_GSIZE_FORMAT " bytes", mapped);
    }
  vec->data = data;
  vec->mapped = mapped;
  vec->capacity = (guint) MIN (mapped / element_size, G_MAXUINT);
  return TRUE;
}
#endif

void
es_vec_grow (EsVec *vec,
             gsize  element_size)
{
  guint capacity = MAX (vec->capacity * 2, 256u);
  gsize bytes = (gsize) capacity * element_size;

  g_return_if_fail (capacity > vec->capacity);

#if CAN_SHARE
  if (vec->file != NULL && bytes >= MAPPED_ABOVE_BYTES)
    {
      if (grow_in_file (vec, element_size, bytes))
        return;
      g_clear_pointer (&vec->file, es_vec_file_unref);
    }
#endif
#if CAN_MAP
  if (bytes >= MAPPED_ABOVE_BYTES)
    {
      gsize mapped = mapping_size (bytes);
      void *data;

      if (vec->mapped != 0)
        data = remap (vec->data, vec->mapped, mapped, (gsize) vec->len * element_size);
      else
        {
          data = map (mapped);
          if (data != MAP_FAILED)
            {
              memcpy (data, vec->data, (gsize) vec->len * element_size);
              g_free (vec->data);
            }
        }
      /* From 2 MB on, map() asked for huge pages, and remap() keeps the
       * mapping's advice wherever it moves it. */
      if (data == MAP_FAILED)
        g_error ("es_vec_grow: out of memory for %" G_GSIZE_FORMAT " bytes", mapped);
      vec->data = data;
      vec->mapped = mapped;
      vec->capacity = (guint) MIN (mapped / element_size, G_MAXUINT);
      return;
    }
#endif

  vec->data = g_realloc_n (vec->data, capacity, element_size);
  vec->capacity = capacity;
}

void
es_vec_append (EsVec         *vec,
               gconstpointer  data,
               guint          n,
               gsize          element_size)
{
  while (vec->capacity - vec->len < n)
    es_vec_grow (vec, element_size);
  if (n > 0)
    memcpy ((guint8 *) vec->data + (gsize) vec->len * element_size, data, (gsize) n * element_size);
  vec->len += n;
}

void
es_vec_clear (EsVec *vec,
              gsize  element_size)
{
#if CAN_MAP
  if (vec->mapped != 0)
    munmap (vec->data, vec->mapped);
  else
#endif
    g_free (vec->data);
  vec->data = NULL;
  vec->len = vec->capacity = 0;
  vec->mapped = 0;
  g_clear_pointer (&vec->file, es_vec_file_unref);
  vec->offset = 0;
}

/* A mapped vector may be backed by huge pages, so up to 2 MB past its end
 * are resident though never written: once it is complete, give back every page
 * after its last element. It can still grow; the pages come back, zeroed,
 * when written again. A vector in the heap is cut to its length: after
 * its doublings, up to half of its block is spare, and with a few thousand
 * small vectors (16 kinds of instant for each of 64 caps) that was megabytes
 * that malloc_trim() can then give back. */
void
es_vec_release_spare (EsVec *vec,
                      gsize  element_size)
{
#if CAN_MAP
  gsize used = round_up ((gsize) vec->len * element_size, PAGE_BYTES);

  if (vec->mapped != 0)
    {
      if (used < vec->mapped)
        madvise ((guint8 *) vec->data + used, vec->mapped - used, MADV_DONTNEED);
      return;
    }
#endif
  if (vec->len > 0 && vec->capacity > vec->len)
    {
      vec->data = g_realloc_n (vec->data, vec->len, element_size);
      vec->capacity = vec->len;
    }
}

/* Fills @dest, empty, with @src's elements: a private mapping of them if
 * @src is in its file (see EsVecFile), else a copy. */
void
es_vec_copy (EsVec       *dest,
             const EsVec *src,
             gsize        element_size)
{
  g_return_if_fail (dest->len == 0 && dest->mapped == 0 && dest->file == NULL);

#if CAN_SHARE
  if (src->file != NULL && src->mapped != 0)
    {
      void *data = mmap (NULL, src->mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE, src->file->fd, (off_t) src->offset);

      /* Out of mappings, say (vm.max_map_count): a copy will do. */
      if (data != MAP_FAILED)
        {
# ifdef MADV_POPULATE_READ
          /* The pages are there; what is missing is this mapping's page
           * tables. Made now, on the thread that snapshots, they are not a
           * minor fault per page in the first frames of the document.
           * Read only: writing would copy them. Older kernels refuse it. */
          madvise (data, round_up ((gsize) src->len * element_size, PAGE_BYTES), MADV_POPULATE_READ);
# endif
          g_free (dest->data);
          dest->data = data;
          dest->mapped = src->mapped;
          dest->capacity = src->capacity;
          dest->len = src->len;
          return;
        }
    }
#endif

  while (dest->capacity < src->len)
    es_vec_grow (dest, element_size);
  if (src->len > 0)
    memcpy (dest->data, src->data, (gsize) src->len * element_size);
  dest->len = src->len;
}
