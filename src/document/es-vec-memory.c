/* es-vec-memory.c: what vectors do when memory runs short
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif

#include "config.h"

#include <stdlib.h>
#ifdef __GLIBC__
# include <malloc.h>
#endif
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include "es-vec-private.h"

/* Running out of memory while a log is read is the user's trouble (a
 * big log, a memory limit), not a bug: it must end in an error, not an
 * abort. A vector that cannot double is counted as a failure (the loads
 * watch the count, es_vec_get_failures(), and stop at their next event
 * with an error), the address space held back for this is given back,
 * and it grows by a small step instead, so that the record being added
 * has its place and the load stops cleanly. Two spares: other threads
 * (a live log's finishing thread, a load's other workers) may still be
 * adding records until they see the count change. */
#define SPARE_BYTES (64u << 20)
#define N_SPARES    2

gint _es_vec_failures;
/* Set once a vector could not grow as it should (es_vec_grow()), until
 * the next load keeps its spare: no address space is kept ahead. */
static gint austerity;
static GMutex spare_mutex;
static gpointer spares[N_SPARES];

/**
 * es_vec_keep_spare:
 *
 * Holds back address space (not memory) for a load that runs out of
 * memory to end cleanly (see es_vec_get_failures()): called as a load
 * begins.
 */
void
es_vec_keep_spare (void)
{
#if CAN_MAP
  g_mutex_lock (&spare_mutex);
  g_atomic_int_set (&austerity, FALSE);
  for (guint i = 0; i < N_SPARES; i++)
    if (spares[i] == NULL)
      {
        spares[i] = mmap (NULL, SPARE_BYTES, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (spares[i] == MAP_FAILED)
          spares[i] = NULL;
      }
  g_mutex_unlock (&spare_mutex);
#endif
}

/* Gives back one spare. Returns whether there was one. */
gboolean
_es_vec_give_back_spare (void)
{
  gboolean gave = FALSE;

#if CAN_MAP
  g_mutex_lock (&spare_mutex);
  for (guint i = 0; i < N_SPARES && !gave; i++)
    if (spares[i] != NULL)
      {
        munmap (spares[i], SPARE_BYTES);
        spares[i] = NULL;
        gave = TRUE;
      }
  g_mutex_unlock (&spare_mutex);
#endif
  return gave;
}

/**
 * es_vec_fit_address_space_limit:
 *
 * To be called first in main(). Under a limit on the address space
 * (ulimit -v), which counts what is kept as well as what is used, glibc's
 * malloc keeps 64 MB for each thread that allocates (its arena): a
 * follower's five threads took 300 MB of a 600 MB limit before the first
 * event. Two arenas are then shared by all.
 */
void
es_vec_fit_address_space_limit (void)
{
#ifdef ES_GLIBC_HEAP
  if (es_vec_get_address_space_limit () > 0)
    mallopt (M_ARENA_MAX, 2);
#endif
}

/**
 * es_vec_get_address_space_limit:
 *
 * Returns: the most address space the process may use (ulimit -v), in
 *   bytes, or 0 for no limit
 */
guint64
es_vec_get_address_space_limit (void)
{
  struct rlimit space;

  if (getrlimit (RLIMIT_AS, &space) == 0 && space.rlim_cur != RLIM_INFINITY)
    return (guint64) space.rlim_cur;
  return 0;
}

/**
 * es_vec_get_address_space:
 * @limit: (out) (optional): the most the process may use (ulimit -v), or
 *   0 for no limit
 *
 * What a limit on memory counts, read without allocating (this is asked
 * when memory runs short).
 *
 * Returns: the bytes of address space the process uses, or 0 if unknown
 */
guint64
es_vec_get_address_space (guint64 *limit)
{
  char statm[64];
  gssize n = -1;
  int fd;

  if (limit != NULL)
    *limit = es_vec_get_address_space_limit ();
  fd = open ("/proc/self/statm", O_RDONLY | O_CLOEXEC);
  if (fd >= 0)
    {
      n = read (fd, statm, sizeof statm - 1);
      close (fd);
    }
  if (n <= 0)
    return 0;
  statm[n] = '\0';
  return g_ascii_strtoull (statm, NULL, 10) * (guint64) sysconf (_SC_PAGESIZE);
}

/* A vector could not double: loads see the count change, and no address
 * space is kept ahead of vectors until the next load. */
void
_es_vec_count_failure (void)
{
  g_atomic_int_inc (&_es_vec_failures);
  g_atomic_int_set (&austerity, TRUE);
}

gboolean
_es_vec_is_austere (void)
{
  return g_atomic_int_get (&austerity);
}

/* Loads under way that map their large blocks, and the lock under which
 * a load counts itself and sets the thresholds: the compare window loads
 * two logs at once, and the first to end must not take the thresholds
 * from the second while it still grows its arrays. */
static GMutex large_blocks_lock;
static guint large_block_loads;

static void
set_large_block_thresholds (gboolean loading)
{
#ifdef ES_GLIBC_HEAP
  mallopt (M_MMAP_THRESHOLD, loading ? 128 * 1024 : 32 * 1024 * 1024);
  /* Fixing the threshold also stops glibc from raising the trim threshold
   * with it: the heap's top would then be given back and faulted in again
   * every frame, as each frame's buffers come and go. Raised as glibc
   * raises it, to twice the mmap threshold, once loading is done. */
  mallopt (M_TRIM_THRESHOLD, loading ? 128 * 1024 : 64 * 1024 * 1024);
#else
  (void) loading;
#endif
}

/**
 * es_vec_map_large_blocks_begin:
 *
 * A load begins that is to map every block of 128 kB or more on its own,
 * until es_vec_map_large_blocks_end(). glibc raises its mmap threshold
 * each time a mapped block is freed (GTK frees window-sized surfaces
 * before any log opens), up to 32 MB: a document's arrays would then grow
 * inside the loading threads' heaps, each doubling leaving the old copy
 * behind where only smaller blocks fit. Once no load is under way, the
 * threshold is where it would have risen to, so that the window-sized
 * surfaces of each frame are reused, not mapped afresh.
 */
void
es_vec_map_large_blocks_begin (void)
{
  g_mutex_lock (&large_blocks_lock);
  if (large_block_loads++ == 0)
    set_large_block_thresholds (TRUE);
  g_mutex_unlock (&large_blocks_lock);
}

/**
 * es_vec_map_large_blocks_end:
 *
 * A load that called es_vec_map_large_blocks_begin() is done: the last
 * under way sets the thresholds back for the frames to come.
 */
void
es_vec_map_large_blocks_end (void)
{
  g_mutex_lock (&large_blocks_lock);
  g_assert (large_block_loads > 0);
  if (--large_block_loads == 0)
    set_large_block_thresholds (FALSE);
  g_mutex_unlock (&large_blocks_lock);
}

/**
 * es_give_back_freed_memory:
 *
 * Gives the free pages of every malloc heap back to the system. glibc
 * keeps what is freed inside a heap, and the top of it once a log is
 * loaded (es_vec_map_large_blocks_end()), resident until
 * asked: after work that made and dropped megabytes (a load, a live
 * update, a busy thread's states, a page's first frames), this asks.
 * Takes well under a millisecond for a window's heaps.
 */
void
es_give_back_freed_memory (void)
{
#ifdef ES_GLIBC_HEAP
  malloc_trim (0);
#endif
}
