/* es-search.h: binary search over arrays of records keyed by time
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Every sorted array in a document (samples, instants, activities, GCs) is
 * searched by a guint64 time inside each record: these two serve them all.
 * @key_offset is G_STRUCT_OFFSET (Record, time_field). */

static inline guint64
es_search_key (gconstpointer base,
               gsize         stride,
               gsize         key_offset,
               guint         i)
{
  return *(const guint64 *) (gconstpointer) ((const guint8 *) base + (gsize) i * stride + key_offset);
}

/* The first record whose key is >= @value (n if none). */
static inline guint
es_search_lower_bound (gconstpointer base,
                       guint         n,
                       gsize         stride,
                       gsize         key_offset,
                       guint64       value)
{
  guint lo = 0, hi = n;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (es_search_key (base, stride, key_offset, mid) < value)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* The first record whose key is > @value (n if none): the one before it is
 * the last at or before @value. */
static inline guint
es_search_upper_bound (gconstpointer base,
                       guint         n,
                       gsize         stride,
                       gsize         key_offset,
                       guint64       value)
{
  guint lo = 0, hi = n;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (es_search_key (base, stride, key_offset, mid) <= value)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* es_search_upper_bound() (@upper) or es_search_lower_bound() through
 * @pages, the key of every @per_page-th record: a bisection of the pages,
 * then of one page's records. A bisection of the records themselves reads
 * a different page of memory for each of its first dozen steps; on a cold
 * cache, and in a virtual machine where a page missing from the TLB costs
 * microseconds, that is most of a search. With fewer than two pages (an
 * array too small, or not indexed yet), a plain search. */
static inline guint
es_search_paged (const guint64 *pages,
                 guint          n_pages,
                 guint          per_page,
                 gconstpointer  base,
                 guint          n,
                 gsize          stride,
                 gsize          key_offset,
                 guint64        value,
                 gboolean       upper)
{
  guint page, lo;

  if (n_pages >= 2)
    {
      /* The pages whose first record is before the answer: the answer is
       * past the first record of the last of them, and at most the first
       * of the next. */
      page = upper ? es_search_upper_bound (pages, n_pages, sizeof (guint64), 0, value)
                   : es_search_lower_bound (pages, n_pages, sizeof (guint64), 0, value);
      if (page == 0)
        return 0;
      lo = (page - 1) * per_page;
      n = MIN (page * per_page, n) - lo;
      base = (const guint8 *) base + (gsize) lo * stride;
    }
  else
    lo = 0;
  return lo + (upper ? es_search_upper_bound (base, n, stride, key_offset, value)
                     : es_search_lower_bound (base, n, stride, key_offset, value));
}

/* es_search_upper_bound() for searches that go forward, as a frame's
 * column edges do: on from @from, known to follow only records at or
 * before @value (else a search of them all), by doubling steps then
 * halving, so a step over k records costs O(log k). */
static inline guint
es_search_upper_bound_from (gconstpointer base,
                            guint         n,
                            gsize         stride,
                            gsize         key_offset,
                            guint         from,
                            guint64       value)
{
  guint lo = from, step = 1, hi;

  if (lo > n || (lo > 0 && es_search_key (base, stride, key_offset, lo - 1) > value))
    return es_search_upper_bound (base, n, stride, key_offset, value);
  while (lo + step <= n && es_search_key (base, stride, key_offset, lo + step - 1) <= value)
    {
      lo += step;
      step *= 2;
    }
  hi = MIN ((gsize) lo + step - 1, n);
  return lo + es_search_upper_bound ((const guint8 *) base + (gsize) lo * stride, hi - lo, stride, key_offset, value);
}

/* es_search_lower_bound() likewise: from @from, known to follow only
 * records before @value. */
static inline guint
es_search_lower_bound_from (gconstpointer base,
                            guint         n,
                            gsize         stride,
                            gsize         key_offset,
                            guint         from,
                            guint64       value)
{
  guint lo = from, step = 1, hi;

  if (lo > n || (lo > 0 && es_search_key (base, stride, key_offset, lo - 1) >= value))
    return es_search_lower_bound (base, n, stride, key_offset, value);
  while (lo + step <= n && es_search_key (base, stride, key_offset, lo + step - 1) < value)
    {
      lo += step;
      step *= 2;
    }
  hi = MIN ((gsize) lo + step - 1, n);
  return lo + es_search_lower_bound ((const guint8 *) base + (gsize) lo * stride, hi - lo, stride, key_offset, value);
}

/* A GCompareDataFunc for g_array_sort_with_data() and g_qsort_with_data():
 * orders records by the guint64 key at GSIZE_TO_POINTER (key_offset).
 * Both sorts are stable, so records with equal keys keep their order. */
static inline int
es_search_compare_keys (gconstpointer a,
                        gconstpointer b,
                        gpointer      key_offset)
{
  guint64 ka = es_search_key (a, 0, GPOINTER_TO_SIZE (key_offset), 0);
  guint64 kb = es_search_key (b, 0, GPOINTER_TO_SIZE (key_offset), 0);

  return ka < kb ? -1 : ka > kb;
}

#define ES_SEARCH_KEY(type, field) GSIZE_TO_POINTER (G_STRUCT_OFFSET (type, field))

G_END_DECLS
