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

#include <string.h>
#if defined(__linux__)
# include <sys/mman.h>
#endif

#include "es-vec.h"

/* Large vectors (the per-cap activities and instants of a big log, tens of
 * megabytes) live in their own mappings on Linux: they grow with mremap,
 * which moves page tables instead of copying, and ask for transparent huge
 * pages, which cuts the page faults of a fresh load by hundreds. */
#define MAPPED_ABOVE_BYTES (2u << 20)

#if defined(__linux__) && defined(MREMAP_MAYMOVE)
# define CAN_MAP 1
#else
# define CAN_MAP 0
#endif

static gsize
round_to_huge_page (gsize bytes)
{
  return (bytes + MAPPED_ABOVE_BYTES - 1) & ~((gsize) MAPPED_ABOVE_BYTES - 1);
}

void
es_vec_grow (EsVec *vec,
             gsize  element_size)
{
  guint capacity = MAX (vec->capacity * 2, 256u);
  gsize old_bytes = (gsize) vec->capacity * element_size;
  gsize bytes = (gsize) capacity * element_size;

  g_return_if_fail (capacity > vec->capacity);

#if CAN_MAP
  if (bytes >= MAPPED_ABOVE_BYTES)
    {
      gsize mapped = round_to_huge_page (bytes);
      void *data;

      if (vec->mapped)
        data = mremap (vec->data, round_to_huge_page (old_bytes), mapped, MREMAP_MAYMOVE);
      else
        {
          data = mmap (NULL, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
          if (data != MAP_FAILED)
            {
              memcpy (data, vec->data, (gsize) vec->len * element_size);
              g_free (vec->data);
            }
        }
      if (data == MAP_FAILED)
        g_error ("es_vec_grow: out of memory for %" G_GSIZE_FORMAT " bytes", mapped);
# ifdef MADV_HUGEPAGE
      madvise (data, mapped, MADV_HUGEPAGE);
# endif
      vec->data = data;
      vec->mapped = TRUE;
      vec->capacity = (guint) (mapped / element_size);
      return;
    }
#endif

  vec->data = g_realloc_n (vec->data, capacity, element_size);
  vec->capacity = capacity;
}

void
es_vec_clear (EsVec *vec,
              gsize  element_size)
{
#if CAN_MAP
  if (vec->mapped)
    munmap (vec->data, round_to_huge_page ((gsize) vec->capacity * element_size));
  else
#endif
    g_free (vec->data);
  vec->data = NULL;
  vec->len = vec->capacity = 0;
  vec->mapped = FALSE;
}

/* A mapped vector is backed by huge pages, so up to 2 MB past its end are
 * resident though never written: once it is complete, give back every page
 * after its last element. It can still grow; the pages come back, zeroed,
 * when written again. */
void
es_vec_release_spare (EsVec *vec,
                      gsize  element_size)
{
#if CAN_MAP
  gsize page = 4096, used, mapped;

  if (!vec->mapped)
    return;
  used = ((gsize) vec->len * element_size + page - 1) & ~(page - 1);
  mapped = round_to_huge_page ((gsize) vec->capacity * element_size);
  if (used < mapped)
    madvise ((guint8 *) vec->data + used, mapped - used, MADV_DONTNEED);
#endif
}
