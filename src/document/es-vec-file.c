/* es-vec-file.c: the file a live log's records live in, shared with its snapshots
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* fallocate() is a GNU extension. */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif

#include "config.h"

#include <errno.h>

#include "es-vec-private.h"

#if defined(__linux__)
# include <sys/resource.h>
# include <sys/stat.h>
# include <unistd.h>
#endif

typedef struct
{
  guint   epoch;        /* the mappings' epoch the address is of */
  guint8 *start;        /* NULL to stop the thread */
  gsize   bytes;
} Prefault;

typedef struct
{
  guint   generation;   /* copies of this generation on do not read it */
  guint64 offset;
  guint64 bytes;
} Release;

struct _EsVecFilePin
{
  EsVecFile *file;
  guint      generation;
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
  g_mutex_init (&file->lock);
  g_mutex_init (&file->map_lock);
  file->pins = g_array_new (FALSE, TRUE, sizeof (guint));
  file->to_release = g_array_new (FALSE, FALSE, sizeof (Release));
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
  /* The prefaulting thread holds no reference: it is told to end after
   * what it was asked, and joined. */
  if (file->prefaulter != NULL)
    {
      g_async_queue_push (file->prefaults, g_new0 (Prefault, 1));
      g_thread_join (file->prefaulter);
    }
  g_clear_pointer (&file->prefaults, g_async_queue_unref);
  g_mutex_clear (&file->map_lock);
#if CAN_SHARE
  /* The memory lives on in whatever still maps it. */
  close (file->fd);
#endif
  g_mutex_clear (&file->lock);
  g_array_unref (file->pins);
  g_array_unref (file->to_release);
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

/* Under @file's lock: gives back what no copy alive can read. */
static void
release_ready_locked (EsVecFile *file)
{
  guint oldest = file->generation;

  for (guint g = 0; g < file->pins->len; g++)
    if (g_array_index (file->pins, guint, g) > 0)
      {
        oldest = g;
        break;
      }
  for (guint i = 0; i < file->to_release->len;)
    {
      const Release *r = &g_array_index (file->to_release, Release, i);

      if (r->generation > oldest)
        {
          i++;
          continue;
        }
#if CAN_SHARE && defined(FALLOC_FL_PUNCH_HOLE)
      /* A hole in a memfd is memory given back; the copies made since do
       * not read it, and the builder only appends. */
      fallocate (file->fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, (off_t) r->offset, (off_t) r->bytes);
#endif
      g_array_remove_index_fast (file->to_release, i);
    }
}

/* Under @file's lock: @bytes at @offset are to be given back once no copy
 * made before now is alive. The caller then calls release_ready_locked(). */
static void
queue_release_locked (EsVecFile *file,
                      guint64    offset,
                      guint64    bytes)
{
  Release r = { file->generation, offset, bytes };

  g_array_append_val (file->to_release, r);
}

/**
 * es_vec_file_pin:
 *
 * Says that a copy of @file's vectors, made now, is alive: what its
 * vectors skip from now on is not given back before es_vec_file_unpin().
 *
 * Returns: (transfer full): the pin
 */
EsVecFilePin *
es_vec_file_pin (EsVecFile *file)
{
  EsVecFilePin *pin = g_new (EsVecFilePin, 1);

  g_mutex_lock (&file->lock);
  pin->file = es_vec_file_ref (file);
  pin->generation = file->generation;
  if (file->pins->len <= pin->generation)
    g_array_set_size (file->pins, pin->generation + 1);
  g_array_index (file->pins, guint, pin->generation)++;
  g_mutex_unlock (&file->lock);
  return pin;
}

void
es_vec_file_unpin (EsVecFilePin *pin)
{
  EsVecFile *file;

  if (pin == NULL)
    return;
  file = pin->file;
  g_mutex_lock (&file->lock);
  g_array_index (file->pins, guint, pin->generation)--;
  release_ready_locked (file);
  g_mutex_unlock (&file->lock);
  es_vec_file_unref (file);
  g_free (pin);
}

/**
 * es_vec_file_release_skipped:
 * @vecs: (array length=n_vecs): vectors of @file that skipped elements
 *
 * Gives back the whole pages each of @vecs skipped, now if no copy made
 * before is alive, else once the last of those is unpinned.
 */
void
es_vec_file_release_skipped (EsVecFile  *file,
                             EsVec     **vecs,
                             guint       n_vecs)
{
  /* A prefault of these pages asked for long ago, and not carried out yet,
   * would bring them back. */
  _es_vec_file_begin_mapping_change (file);
  g_mutex_lock (&file->lock);
  file->generation++;
  for (guint i = 0; i < n_vecs; i++)
    {
      gsize upto = vecs[i]->skipped & ~(gsize) (PAGE_BYTES - 1);

      if (vecs[i]->file == file && vecs[i]->mapped != 0 && upto > vecs[i]->released)
        {
          queue_release_locked (file, vecs[i]->offset + vecs[i]->released, upto - vecs[i]->released);
          vecs[i]->released = upto;
        }
    }
  release_ready_locked (file);
  g_mutex_unlock (&file->lock);
  _es_vec_file_end_mapping_change (file);
}

/* Gives back the region of a vector at @offset of @file, from @released
 * on, once no copy made before may read it: past its length too, where
 * copies that grew wrote pages of their own into holes of the file. */
void
_es_vec_file_release_region (EsVecFile *file,
                             guint64    offset,
                             gsize      released)
{
  guint64 region = (guint64) 1 << FILE_REGION_BITS;

  g_mutex_lock (&file->lock);
  file->generation++;
  queue_release_locked (file, offset + released, region - MIN (region, released));
  release_ready_locked (file);
  g_mutex_unlock (&file->lock);
}

/**
 * es_vec_file_get_bytes:
 * @releasing: (out) (optional): of them, those to be given back once the
 *   copies that may read them are gone
 *
 * Returns: the memory @file's vectors hold, in bytes
 */
guint64
es_vec_file_get_bytes (EsVecFile *file,
                       guint64   *releasing)
{
  guint64 held = 0, to_release = 0;
#if CAN_SHARE
  struct stat st;

  if (fstat (file->fd, &st) == 0)
    held = (guint64) st.st_blocks * 512;
#endif
  g_mutex_lock (&file->lock);
  /* Each release starts where the vector's last one ended. */
  for (guint i = 0; i < file->to_release->len; i++)
    to_release += g_array_index (file->to_release, Release, i).bytes;
  g_mutex_unlock (&file->lock);
  if (releasing != NULL)
    *releasing = MIN (held, to_release);
  return held;
}

#if CAN_SHARE && defined(MADV_POPULATE_WRITE)
# define CAN_PREFAULT 1
#else
# define CAN_PREFAULT 0
#endif

/* A builder's vectors are written at their end, a page at a time, and a
 * page of shared memory first written costs a fault, its allocation and
 * its clearing: a quarter of a live log's building, on the thread that
 * takes its events. Another thread makes ready the pages each vector is
 * likely to write next, as far ahead as it grew since it was last asked
 * (es_vec_prefault(), every few hundred kilobytes of a log), times
 * PREFAULT_AHEAD; the pages not written in the end are given back
 * (es_vec_give_back_prefaulted()). A vector growing less than a page
 * between two asks faults its pages itself: rarely. */
#define PREFAULT_AHEAD 4
#define PREFAULT_PIECE (256u << 10)

#if CAN_PREFAULT
static gpointer
prefault_thread (gpointer data)
{
  EsVecFile *file = data;

  for (;;)
    {
      g_autofree Prefault *request = g_async_queue_pop (file->prefaults);

      if (request->start == NULL)
        return NULL;
      /* The builder's mappings do not move or go meanwhile, and the
       * request is dropped if they did since it was made. A piece at a
       * time: the kernel's lock of the process's mappings is held while
       * pages are populated, and the builder's own mapping calls wait for
       * it (a piece is 0.2 ms). */
      for (gsize done = 0; done < request->bytes; done += PREFAULT_PIECE)
        {
          gboolean dropped;

          g_mutex_lock (&file->map_lock);
          dropped = request->epoch != (guint) g_atomic_int_get (&file->map_epoch);
          if (!dropped && madvise (request->start + done, MIN (PREFAULT_PIECE, request->bytes - done),
                                   MADV_POPULATE_WRITE) != 0 && errno == EINVAL)
            {
              g_atomic_int_set (&file->cannot_prefault, TRUE);   /* a kernel before 5.14 */
              dropped = TRUE;
            }
          g_mutex_unlock (&file->map_lock);
          if (dropped)
            break;
        }
    }
}
#endif

/**
 * es_vec_file_can_prefault:
 *
 * Returns: whether es_vec_prefault() makes pages ready here (Linux 5.14
 *   on); where it cannot, it does nothing
 */
gboolean
es_vec_file_can_prefault (EsVecFile *file)
{
#if CAN_PREFAULT
  return !g_atomic_int_get (&file->cannot_prefault);
#else
  return FALSE;
#endif
}

/**
 * es_vec_prefault:
 * @budget: (inout): how many bytes may be made ready ahead, less those
 *   this call asks for
 *
 * Has the pages that @vec, a builder's vector in its file (es_vec_use_file()),
 * is likely to write next made ready on another thread, as far ahead as
 * it grew since the last call, times PREFAULT_AHEAD, within @budget. Out
 * of budget, what it grew counts at the next call.
 *
 * Its prefaulted bytes are how far it asked: what es_vec_give_back_prefaulted()
 * punches out, whether or not all of it was populated. Only the builder's
 * thread changes its mappings and asks, so it reads their epoch without the
 * lock (which a populate running holds); after a change, what it asked
 * before may have been dropped, and it is asked for again (populating a
 * page in memory already costs a look at its page table entry).
 */
void
es_vec_prefault (EsVec *vec,
                 gsize  element_size,
                 gsize *budget)
{
#if CAN_PREFAULT
  EsVecFile *file = vec->file;
  guint epoch;
  gsize used, grew, written, asked, want, from;
  Prefault *request;

  if (file == NULL || vec->mapped == 0 || *budget < PAGE_BYTES || g_atomic_int_get (&file->cannot_prefault))
    return;
  used = used_bytes (vec, element_size);
  grew = used > vec->prefault_mark ? used - vec->prefault_mark : 0;
  vec->prefault_mark = used;
  /* The page it writes in now is in memory already. */
  written = round_up (used, PAGE_BYTES);
  asked = MAX (vec->prefaulted, written);
  want = MIN (vec->mapped, round_up (used + PREFAULT_AHEAD * grew, PAGE_BYTES));
  if (grew < PAGE_BYTES || want <= asked)
    return;
  want = asked + MIN (want - asked, *budget & ~(gsize) (PAGE_BYTES - 1));
  epoch = (guint) g_atomic_int_get (&file->map_epoch);
  from = vec->prefault_epoch == epoch ? asked : written;
  /* Started by the first ask: on the builder's thread, whose priority it
   * then has. */
  if (file->prefaulter == NULL)
    {
      file->prefaults = g_async_queue_new ();
      file->prefaulter = g_thread_try_new ("eventscope-prefault", prefault_thread, file, NULL);
      if (file->prefaulter == NULL)
        {
          g_atomic_int_set (&file->cannot_prefault, TRUE);
          return;
        }
    }
  request = g_new (Prefault, 1);
  request->epoch = epoch;
  request->start = mapping_base (vec) + from;
  request->bytes = want - from;
  *budget -= want - asked;
  vec->prefaulted = want;
  vec->prefault_epoch = epoch;
  g_async_queue_push (file->prefaults, request);
#endif
}

/**
 * es_vec_get_prefaulted_ahead:
 *
 * Returns: the bytes es_vec_prefault() asked for past the page @vec
 *   writes in
 */
gsize
es_vec_get_prefaulted_ahead (const EsVec *vec,
                             gsize        element_size)
{
  gsize written;

  if (vec->file == NULL || vec->mapped == 0)
    return 0;
  written = round_up (used_bytes (vec, element_size), PAGE_BYTES);
  return vec->prefaulted > written ? vec->prefaulted - written : 0;
}

/**
 * es_vec_give_back_prefaulted:
 *
 * Gives back the pages past @vec's end that es_vec_prefault() asked to be
 * made ready, as a builder is done or has no backlog any more. It may
 * grow after: its pages are then faulted as they are written.
 */
void
es_vec_give_back_prefaulted (EsVec *vec,
                             gsize  element_size)
{
#if CAN_PREFAULT && defined(FALLOC_FL_PUNCH_HOLE)
  gsize used;

  if (vec->file == NULL || vec->mapped == 0)
    return;
  used = round_up (used_bytes (vec, element_size), PAGE_BYTES);
  if (vec->prefaulted > used)
    {
      /* What is still to be prefaulted is not to be, and what is being
       * is done before the hole is punched. */
      _es_vec_file_begin_mapping_change (vec->file);
      fallocate (vec->file->fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, (off_t) (vec->offset + used),
                 (off_t) (vec->prefaulted - used));
      _es_vec_file_end_mapping_change (vec->file);
    }
  vec->prefaulted = MIN (vec->prefaulted, used);
  vec->prefault_mark = used_bytes (vec, element_size);
#endif
}

/* Around a change to a builder's mappings (a move, an unmapping) or to
 * its pages (a hole punched): a prefault running is done first, and those
 * asked for before are dropped, not carried out at an address that may
 * be another mapping's by then, or into pages given back. */
void
_es_vec_file_begin_mapping_change (EsVecFile *file)
{
  /* Before the lock: a populate running sees it at its next piece and
   * stops, where a mutex would let it take the lock back piece after
   * piece. */
  g_atomic_int_inc (&file->map_epoch);
  g_mutex_lock (&file->map_lock);
}

void
_es_vec_file_end_mapping_change (EsVecFile *file)
{
  g_mutex_unlock (&file->map_lock);
}
