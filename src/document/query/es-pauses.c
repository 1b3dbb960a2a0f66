/* es-pauses.c: finding the long GC pauses, to step through them
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>

#include "es-pauses.h"
#include "es-search.h"

/* The longest tenth of the pauses are the long ones: what stands out in a
 * run, whatever its scale. */
#define LONG_PERCENTILE 0.9

static int
compare_u64 (gconstpointer a,
             gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return x < y ? -1 : x > y;
}

/**
 * es_pauses_long_threshold:
 *
 * Returns: the shortest pause that counts as long (at least 1 ns), or 0 if
 *   the log has no collections.
 */
guint64
es_pauses_long_threshold (EsDocument *document)
{
  guint n;
  const EsGc *gcs = es_document_get_gcs (document, &n);
  g_autofree guint64 *lengths = NULL;

  g_return_val_if_fail (ES_IS_DOCUMENT (document), 0);

  if (n == 0)
    return 0;
  lengths = g_new (guint64, n);
  for (guint i = 0; i < n; i++)
    lengths[i] = gcs[i].end - gcs[i].start;
  qsort (lengths, n, sizeof (guint64), compare_u64);
  return MAX (lengths[(gsize) ((n - 1) * LONG_PERCENTILE)], 1);
}

/**
 * es_pauses_find_long:
 * @time: where to look from
 * @forward: the first long pause starting after @time, or else the last one
 *   starting before it
 *
 * Returns: (nullable): that pause, or %NULL if there is none that way.
 */
const EsGc *
es_pauses_find_long (EsDocument *document,
                     guint64     time,
                     gboolean    forward)
{
  guint n;
  const EsGc *gcs = es_document_get_gcs (document, &n);
  guint64 threshold = es_pauses_long_threshold (document);
  guint i = es_search_upper_bound (gcs, n, sizeof (EsGc), G_STRUCT_OFFSET (EsGc, start), time);

  /* gcs[i] is the first to start after @time: the document keeps them in
   * order of start. */
  if (forward)
    {
      for (; i < n; i++)
        if (gcs[i].end - gcs[i].start >= threshold)
          return &gcs[i];
      return NULL;
    }
  while (i > 0)
    {
      i--;
      if (gcs[i].start < time && gcs[i].end - gcs[i].start >= threshold)
        return &gcs[i];
    }
  return NULL;
}
