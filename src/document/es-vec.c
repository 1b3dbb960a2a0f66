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
#include <fcntl.h>
#include <unistd.h>
#if defined(__linux__)
# include <sys/mman.h>
# include <sys/stat.h>
#endif

#include "es-search.h"
#include "es-vec-private.h"

/* Vectors of more than a few hundred kilobytes (a big log's activities,
 * instants, samples and series) live in their own mappings on Linux. They
 * grow with mremap, which moves page tables instead of copying (a live
 * log's builder's grow in place: see RESERVE_BYTES), and they leave no
 * holes: in the heap, each doubling would free the old copy where
 * only smaller allocations fit, and glibc's adaptive threshold puts arrays
 * of up to 32 MB there once any large block has been freed. From 2 MB on
 * they ask for transparent huge pages, which cuts the page faults of a
 * fresh load by hundreds. */
#define MAPPED_ABOVE_BYTES (64u << 10)
/* A vector of a live log's records moves into the records' file sooner:
 * until it does, each snapshot copies it. With many caps, each with many
 * small vectors, the copies were most of what a document held of its own
 * (a 64-cap log's peak PSS: 1.29 times the log at 64 kB, 1.05 at 16). */
#define FILE_ABOVE_BYTES   (16u << 10)
#define HUGE_PAGE_BYTES    (2u << 20)

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
/* Address space kept after a builder's vector in its file, for it to grow
 * into (at least this, and three times what it holds): it then maps more
 * of its region where it is. Moving it (mremap()) made the kernel flush the
 * TLB of every core running one of the process's threads, by an
 * interrupt each, which a virtual machine makes costly: with the
 * prefaulting thread on the other core, a 64-cap log's bytes were taken
 * at 295 MB/s moving, 377 in place (8 caps: 431 and 476). Kept, it costs
 * no memory. */
#define RESERVE_BYTES (64u << 20)
/* ... but under a limit on the address space (ulimit -v), which counts
 * what is kept, only this much, and once a vector could not grow (see
 * es_vec_get_failures()) none: the address space is then what there is
 * to finish with. */
#define LIMITED_RESERVE_BYTES (256u << 10)

static gsize
reserve_beyond (gsize held)
{
  static gsize checked = 0;
  static gboolean limited;

  if (g_once_init_enter (&checked))
    {
      limited = es_vec_get_address_space_limit () > 0;
      g_once_init_leave (&checked, 1);
    }
  if (_es_vec_is_austere ())
    return 0;
  if (limited)
    return MAX ((gsize) LIMITED_RESERVE_BYTES, held);
  return MAX ((gsize) RESERVE_BYTES, 3 * held);
}

/* Address space for a vector mapping @mapped bytes now, of which it holds
 * @held (the rest it skipped, which a long follow past its memory limit
 * makes most), inaccessible until it maps more, or MAP_FAILED. */
static void *
reserve (gsize  mapped,
         gsize  held,
         gsize *reserved)
{
  void *at;

  *reserved = round_up (mapped + reserve_beyond (held), PAGE_BYTES);
  at = mmap (NULL, *reserved, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (at == MAP_FAILED)
    *reserved = 0;
  return at;
}

/* Maps @bytes of @vec's region from @from at @at, in its reservation. */
static void *
map_region (EsVec  *vec,
            guint8 *at,
            gsize   from,
            gsize   bytes)
{
  return mmap (at, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | (at != NULL ? MAP_FIXED : 0), vec->file->fd,
               (off_t) (vec->offset + from));
}

/* Moves @vec's mapping into new address space kept for @mapped bytes and
 * more, and maps them there. Returns the mapping's new start, or
 * MAP_FAILED. */
static void *
move_in_file (EsVec *vec,
              gsize  mapped)
{
  gsize reserved;
  void *at = reserve (mapped, mapped - vec->skipped, &reserved);
  void *data;

  _es_vec_file_begin_mapping_change (vec->file);
  if (at != MAP_FAILED)
    data = mremap (mapping_base (vec), vec->mapped, vec->mapped, MREMAP_MAYMOVE | MREMAP_FIXED, at);
  else
    data = mremap (mapping_base (vec), vec->mapped, mapped, MREMAP_MAYMOVE);
  if (data != MAP_FAILED && vec->reserved > vec->mapped)
    munmap (mapping_base (vec) + vec->mapped, vec->reserved - vec->mapped);
  _es_vec_file_end_mapping_change (vec->file);
  if (data == MAP_FAILED)
    {
      if (at != MAP_FAILED)
        munmap (at, reserved);
      return MAP_FAILED;
    }
  vec->reserved = at != MAP_FAILED ? reserved : 0;
  if (at != MAP_FAILED &&
      map_region (vec, (guint8 *) data + vec->mapped, vec->mapped, mapped - vec->mapped) == MAP_FAILED)
    {
      /* Moved, not grown: it is where it moved, as big as it was. */
      vec->data = (guint8 *) data + vec->skipped;
      return MAP_FAILED;
    }
  return data;
}

typedef enum
{
  GREW,
  NOT_IN_FILE,      /* it cannot move into its file: it grows as any other */
  NO_MEMORY,        /* it stays as it was */
} Growth;

/* A vector of a file is shared: no huge pages (a memfd has them only where
 * the system says so for all shared memory), and it grows by mapping more
 * of its region, where its records already are, after the part mapped if
 * it has address space kept there, else moving. NOT_IN_FILE, with
 * nothing changed, if the vector cannot move into its file: it then lives
 * in the heap or a mapping of its own, and copies of it are copies. */
static Growth
grow_in_file (EsVec *vec,
              gsize  element_size,
              gsize  bytes)
{
  gsize mapped = round_up (vec->skipped + bytes, PAGE_BYTES);
  guint64 region_end = vec->offset + ((guint64) 1 << FILE_REGION_BITS);
  void *data;

  if (mapped > ((gsize) 1 << FILE_REGION_BITS))
    {
      if (vec->mapped == 0)
        return NOT_IN_FILE;
      g_error ("es_vec_grow: a vector outgrew its region of the records' file");
    }
  if (vec->mapped == 0)
    {
      struct stat st;
      gsize reserved;
      void *at;

      /* Regions are handed out in order: the file ends at the last one. */
      if (fstat (vec->file->fd, &st) != 0 ||
          ((guint64) st.st_size < region_end && ftruncate (vec->file->fd, (off_t) region_end) != 0))
        return NOT_IN_FILE;
      at = reserve (mapped, mapped - vec->skipped, &reserved);
      data = map_region (vec, at != MAP_FAILED ? at : NULL, 0, mapped);
      if (data == MAP_FAILED)
        {
          if (at != MAP_FAILED)
            munmap (at, reserved);
          return NOT_IN_FILE;
        }
      vec->reserved = reserved;
      /* A vector of large elements goes to the file at its first growth,
       * with nothing to bring. */
      if (vec->len > 0)
        memcpy (data, vec->data, (gsize) vec->len * element_size);
      g_free (vec->data);
    }
  else
    {
      /* Where nothing was mapped: no page tables change but new ones. */
      if (mapped <= vec->reserved &&
          map_region (vec, mapping_base (vec) + vec->mapped, vec->mapped, mapped - vec->mapped) != MAP_FAILED)
        data = mapping_base (vec);
      else
        data = move_in_file (vec, mapped);
      if (data == MAP_FAILED)
        return NO_MEMORY;
    }
  vec->data = (guint8 *) data + vec->skipped;
  vec->mapped = mapped;
  vec->capacity = (guint) MIN ((mapped - vec->skipped) / element_size, G_MAXUINT);
  return GREW;
}
#endif

/* Grows @vec to @capacity elements. Returns %FALSE, @vec as it was, if
 * there is not the memory (or address space) for it. */
static gboolean
grow_to (EsVec *vec,
         gsize  element_size,
         guint  capacity)
{
  gsize bytes = (gsize) capacity * element_size;
  gpointer grown;

#if CAN_SHARE
  /* A mapped vector stays mapped, however few elements it kept after
   * skipping most (es_vec_skip()). */
  if (vec->file != NULL && (bytes >= FILE_ABOVE_BYTES || vec->mapped != 0))
    {
      Growth growth = grow_in_file (vec, element_size, bytes);

      if (growth != NOT_IN_FILE)
        return growth == GREW;
      g_clear_pointer (&vec->file, es_vec_file_unref);
    }
#endif
#if CAN_MAP
  if (bytes >= MAPPED_ABOVE_BYTES || vec->mapped != 0)
    {
      gsize mapped = mapping_size (vec->skipped + bytes);
      void *data;

      if (vec->mapped != 0)
        data = remap (mapping_base (vec), vec->mapped, mapped, used_bytes (vec, element_size));
      else
        {
          data = map (mapped);
          if (data != MAP_FAILED)
            {
              if (vec->len > 0)
                memcpy (data, vec->data, (gsize) vec->len * element_size);
              g_free (vec->data);
            }
        }
      /* From 2 MB on, map() asked for huge pages, and remap() keeps the
       * mapping's advice wherever it moves it. */
      if (data == MAP_FAILED)
        return FALSE;
      vec->data = (guint8 *) data + vec->skipped;
      vec->mapped = mapped;
      vec->capacity = (guint) MIN ((mapped - vec->skipped) / element_size, G_MAXUINT);
      return TRUE;
    }
#endif

  grown = g_try_realloc_n (vec->data, capacity, element_size);
  if (grown == NULL)
    return FALSE;
  vec->data = grown;
  vec->capacity = capacity;
  return TRUE;
}

void
es_vec_grow (EsVec *vec,
             gsize  element_size)
{
  guint capacity = MAX (vec->capacity * 2, 256u);
  gboolean gave;

  g_return_if_fail (capacity > vec->capacity);

  if (G_LIKELY (grow_to (vec, element_size, capacity)))
    return;
  _es_vec_count_failure ();
  capacity = vec->capacity + MAX (256u, vec->capacity / 64);
  do
    {
      gave = _es_vec_give_back_spare ();
      if (grow_to (vec, element_size, capacity))
        return;
    }
  while (gave);
  g_error ("es_vec_grow: out of memory for %" G_GSIZE_FORMAT " bytes, even after giving back the spares",
           (gsize) capacity * element_size);
}

/**
 * es_vec_reserve:
 *
 * Makes room for @n elements in all. A small vector in the heap grows to
 * what it needs, not to a few hundred elements at least as it does when
 * pushed to: a series' range index has a dozen levels of a few elements
 * each, in the builder of each of a log's series.
 */
void
es_vec_reserve (EsVec *vec,
                guint  n,
                gsize  element_size)
{
  if (n <= vec->capacity)
    return;
  if (vec->mapped == 0 && (gsize) n * element_size < FILE_ABOVE_BYTES)
    {
      guint capacity = MAX (n, MIN (vec->capacity * 2, (guint) ((FILE_ABOVE_BYTES - 1) / element_size)));

      vec->data = g_realloc_n (vec->data, capacity, element_size);
      vec->capacity = capacity;
      return;
    }
  while (vec->capacity < n)
    es_vec_grow (vec, element_size);
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
  if (vec->mapped != 0 && vec->file != NULL)
    {
      _es_vec_file_begin_mapping_change (vec->file);
      munmap (mapping_base (vec), MAX (vec->mapped, vec->reserved));
      _es_vec_file_end_mapping_change (vec->file);
    }
  else if (vec->mapped != 0)
    munmap (mapping_base (vec), vec->mapped);
  else
#endif
    g_free (vec->data);
  vec->data = NULL;
  vec->len = vec->capacity = 0;
  vec->mapped = 0;
  vec->skipped = 0;
  vec->released = 0;
  vec->reserved = 0;
  vec->prefaulted = 0;
  vec->prefault_mark = 0;
  vec->prefault_epoch = 0;
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
  gsize used = round_up (used_bytes (vec, element_size), PAGE_BYTES);

  if (vec->mapped != 0)
    {
      if (used < vec->mapped)
        madvise (mapping_base (vec) + used, vec->mapped - used, MADV_DONTNEED);
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
      /* From the first page it kept: the pages it skipped may be given
       * back, and neither a read nor a copy of them must bring them back. */
      gsize from = src->skipped & ~(gsize) (PAGE_BYTES - 1);
      void *data = mmap (NULL, src->mapped - from, PROT_READ | PROT_WRITE, MAP_PRIVATE, src->file->fd,
                         (off_t) (src->offset + from));

      /* Out of mappings, say (vm.max_map_count): a copy will do. */
      if (data != MAP_FAILED)
        {
          gsize skipped = src->skipped - from;

          /* Its page tables are left to be made as pages are read: a
           * snapshot's finishing reads the newest records, and a frame
           * the few it draws. Populating them all (MADV_POPULATE_READ)
           * cost an update time in proportion to the whole log, half of
           * it at 100 MB, for frames about 0.3 ms faster on average. */
          g_free (dest->data);
          dest->data = (guint8 *) data + skipped;
          dest->skipped = skipped;
          dest->mapped = src->mapped - from;
          dest->capacity = src->capacity;
          dest->len = src->len;
          return;
        }
    }
#endif

  /* A heap vector at its length, in one allocation: a live log's every
   * snapshot copies its small vectors, and doubling up to it left holes
   * in the builder's heap for each. */
  if (src->len > 0 && (gsize) src->len * element_size < MAPPED_ABOVE_BYTES)
    {
      g_free (dest->data);
      dest->data = g_memdup2 (src->data, (gsize) src->len * element_size);
      dest->capacity = src->len;
      dest->len = src->len;
      return;
    }
  while (dest->capacity < src->len)
    es_vec_grow (dest, element_size);
  if (src->len > 0)
    memcpy (dest->data, src->data, (gsize) src->len * element_size);
  dest->len = src->len;
}

/**
 * es_vec_skip:
 * @n: how many of its first elements to let go of
 *
 * @vec then starts @n elements later: its length and capacity are @n
 * less, and what it appends goes where it went. A mapped vector of a file
 * gives the memory back with es_vec_file_release_skipped(), once no copy
 * made before is alive to read it; one in the heap moves its elements.
 */
void
es_vec_skip (EsVec *vec,
             guint  n,
             gsize  element_size)
{
  g_return_if_fail (n <= vec->len);

  /* A small vector in the heap moves down; it has no copies to share with. */
  if (vec->mapped == 0)
    {
      memmove (vec->data, (guint8 *) vec->data + (gsize) n * element_size, (gsize) (vec->len - n) * element_size);
      vec->len -= n;
      return;
    }
  vec->data = (guint8 *) vec->data + (gsize) n * element_size;
  vec->skipped += (gsize) n * element_size;
  vec->len -= n;
  vec->capacity -= n;
#if CAN_MAP
  /* A mapping of its own (a vector that could not live in its file) has
   * no copies sharing it: its pages go back now. */
  if (vec->file == NULL && (vec->skipped & ~(gsize) (PAGE_BYTES - 1)) > 0)
    madvise (mapping_base (vec), vec->skipped & ~(gsize) (PAGE_BYTES - 1), MADV_DONTNEED);
#endif
}

/* The first element from @from on whose key is below the one before it:
 * the end of a sorted run. */
static guint
run_end (const guint8 *data,
         guint         n,
         gsize         element_size,
         gsize         key_offset,
         guint         from)
{
  guint i = from + 1;

  while (i < n && *(const guint64 *) (data + (gsize) i * element_size + key_offset) >=
                  *(const guint64 *) (data + (gsize) (i - 1) * element_size + key_offset))
    i++;
  return MIN (i, n);
}

#define MAX_SORTED_RUNS 8

/**
 * es_vec_sort_runs:
 * @key_offset: where each element's guint64 key is (G_STRUCT_OFFSET())
 *
 * Sorts @vec by key, equal keys keeping their order, as a vector made of a
 * few sorted runs is (the GCs of several loading workers, one run each):
 * the runs are merged pairwise in linear passes rather than sorted from
 * scratch; many runs (an unordered log) fall back to a stable sort.
 */
void
es_vec_sort_runs (EsVec *vec,
                  gsize  element_size,
                  gsize  key_offset)
{
  guint n = vec->len, n_runs = 0;
  guint bounds[MAX_SORTED_RUNS + 1];
  EsVec to = { 0 };

  bounds[0] = 0;
  for (guint i = 0; i < n; i = bounds[n_runs])
    {
      if (n_runs == MAX_SORTED_RUNS)
        {
          g_qsort_with_data (vec->data, (gint) n, element_size, es_search_compare_keys, GSIZE_TO_POINTER (key_offset));
          return;
        }
      bounds[n_runs + 1] = run_end (vec->data, n, element_size, key_offset, i);
      n_runs++;
    }
  if (n_runs <= 1)
    return;

  while (to.capacity < n)
    es_vec_grow (&to, element_size);
  to.len = n;
  while (n_runs > 1)
    {
      const guint8 *in = vec->data;
      guint8 *out = to.data;
      EsVec swap;
      guint kept = 0;

#define KEY(i) (*(const guint64 *) (in + (gsize) (i) * element_size + key_offset))
#define TAKE(i) (memcpy (out + (gsize) k++ * element_size, in + (gsize) (i) * element_size, element_size))
      for (guint r = 0; r < n_runs; r += 2)
        {
          guint a = bounds[r], a_end = bounds[r + 1];
          guint b = a_end, b_end = r + 2 <= n_runs ? bounds[r + 2] : a_end;
          guint k = a;

          /* Stable: the earlier run wins ties, as in a stable sort. */
          while (a < a_end && b < b_end)
            {
              if (KEY (b) < KEY (a))
                TAKE (b++);
              else
                TAKE (a++);
            }
          while (a < a_end)
            TAKE (a++);
          while (b < b_end)
            TAKE (b++);
          bounds[kept++] = bounds[r];
        }
#undef KEY
#undef TAKE
      bounds[kept] = n;
      n_runs = kept;
      swap = *vec;
      *vec = to;
      to = swap;
    }
  es_vec_clear (&to, element_size);
}

/**
 * es_vec_drop_front:
 * @n: how many of its first elements to let go of
 *
 * Moves the rest of @vec down to its start, where es_vec_skip() would
 * move its start up: a vector no copy shares (a builder's for statistics
 * only) goes on writing to the pages it has, warm in the caches, where
 * skipping would fault in and clear new ones as it grows.
 */
void
es_vec_drop_front (EsVec *vec,
                   guint  n,
                   gsize  element_size)
{
  g_return_if_fail (n <= vec->len);

  memmove (vec->data, (guint8 *) vec->data + (gsize) n * element_size, (gsize) (vec->len - n) * element_size);
  vec->len -= n;
}

/**
 * es_vec_settle:
 * @from: the first element to look at
 * @key_offset: where each element's guint64 key is (G_STRUCT_OFFSET())
 * @before: those with a key below this move; G_MAXUINT64 moves them all
 *
 * Moves @vec's elements from @from on whose key is below @before to
 * @from, in key order (a stable sort: equal keys keep their order), and
 * the others after them, in the order they were: what a builder does with
 * records that come in file order once none to come can be earlier.
 *
 * Returns: how many moved to @from
 */
guint
es_vec_settle (EsVec   *vec,
               gsize    element_size,
               guint    from,
               gsize    key_offset,
               guint64  before)
{
  guint n = vec->len, n_early = 0, n_rest = 0;
  g_autofree guint8 *early = NULL, *rest = NULL;

  if (from >= n)
    return 0;
  early = g_malloc ((gsize) (n - from) * element_size);
  rest = g_malloc ((gsize) (n - from) * element_size);
  for (guint i = from; i < n; i++)
    {
      const guint8 *element = (const guint8 *) vec->data + (gsize) i * element_size;

      if (es_search_key (vec->data, element_size, key_offset, i) < before || before == G_MAXUINT64)
        memcpy (early + (gsize) n_early++ * element_size, element, element_size);
      else
        memcpy (rest + (gsize) n_rest++ * element_size, element, element_size);
    }
  if (n_early == 0)
    return 0;
  g_qsort_with_data (early, (gint) n_early, element_size, es_search_compare_keys, GSIZE_TO_POINTER (key_offset));
  memcpy ((guint8 *) vec->data + (gsize) from * element_size, early, (gsize) n_early * element_size);
  memcpy ((guint8 *) vec->data + (gsize) (from + n_early) * element_size, rest, (gsize) n_rest * element_size);
  return n_early;
}

/**
 * es_vec_own:
 * @from: the first element to make its own
 *
 * Makes the pages of @vec, a copy (es_vec_copy()), that hold its elements
 * from @from on its own, now: a copy mapped from a file then no longer
 * sees what its original writes over them, as when a builder reorders or
 * completes records the copy has too. A copy in memory of its own is its
 * own already.
 */
void
es_vec_own (EsVec *vec,
            guint  from,
            gsize  element_size)
{
#if CAN_SHARE
  guint8 *first, *end;

  if (vec->mapped == 0 || from >= vec->len)
    return;
  first = (guint8 *) ((gsize) ((guint8 *) vec->data + (gsize) from * element_size) & ~(gsize) (PAGE_BYTES - 1));
  end = (guint8 *) vec->data + (gsize) vec->len * element_size;
  /* A write copies a page of a private mapping; the same value keeps it. */
  for (volatile guint8 *page = first; page < end; page += PAGE_BYTES)
    *page = *page;
#endif
}

/**
 * es_vec_leave_region:
 * @keep: whether to keep the elements, or leave @vec empty
 *
 * Moves @vec, which is to change what copies of it read, to a new region
 * of its file: the copies go on reading the old one as it was, and its
 * pages are given back once they are gone. A vector in the heap, or in a
 * mapping of its own, has no copies sharing it, and stays.
 */
void
es_vec_leave_region (EsVec    *vec,
                     gsize     element_size,
                     gboolean  keep)
{
  EsVec fresh = { 0 };

  if (vec->file == NULL || vec->mapped == 0)
    {
      if (!keep)
        vec->len = 0;
      return;
    }
  es_vec_use_file (&fresh, vec->file);
  if (keep)
    es_vec_append (&fresh, vec->data, vec->len, element_size);
  /* Its mapping goes first: a prefault asked for is then not carried out
   * into the pages given back. */
  {
    g_autoptr(EsVecFile) file = es_vec_file_ref (vec->file);
    guint64 offset = vec->offset;
    gsize released = vec->released;

    es_vec_clear (vec, element_size);
    _es_vec_file_release_region (file, offset, released);
  }
  *vec = fresh;
}
