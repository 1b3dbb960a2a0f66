/* es-heap-census.c: one census of a heap profile (a Mono heap shot),
 * class by class, and its change from another
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>

#include "es-heap-census.h"

/* The Heap profile row sums a run's bands up into a few, for a chart; a
 * person comparing two heap shots wants every class of both, with what
 * changed, as mprof-report lists them (bytes, objects, and the change in
 * both since the shot before). A census is a few hundred bands at most,
 * so each answer is made when asked, in O(bands of both). Censuses are
 * numbered as the document keeps them; "before" and "nearest" go by their
 * times, whatever order a log wrote them in. */

/**
 * es_heap_census_get_n:
 *
 * Returns: how many censuses (heap shots) @document has
 */
guint
es_heap_census_get_n (EsDocument *document)
{
  guint n;

  g_return_val_if_fail (ES_IS_DOCUMENT (document), 0);

  es_document_get_heap_samples (document, &n);
  return n;
}

/**
 * es_heap_census_counts_objects:
 *
 * Returns: whether @document's censuses count objects as well as bytes
 *   (a Mono log's heap shots; GHC's censuses count bytes only)
 */
gboolean
es_heap_census_counts_objects (EsDocument *document)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (document), FALSE);

  return es_document_get_format (document) == ES_DOCUMENT_MONO_LOG && es_heap_census_get_n (document) > 0;
}

void
es_heap_census_get_totals (EsDocument         *document,
                           guint               census,
                           EsHeapCensusTotals *totals)
{
  guint n;
  const EsHeapProfSample *samples = es_document_get_heap_samples (document, &n);
  const EsHeapProfEntry *entries;

  g_return_if_fail (totals != NULL);
  *totals = (EsHeapCensusTotals) { 0 };
  g_return_if_fail (census < n);

  entries = es_document_get_heap_entries (document, &samples[census]);
  totals->time = samples[census].time;
  for (guint e = 0; e < samples[census].n_entries; e++)
    {
      totals->bytes += entries[e].residency;
      totals->objects += entries[e].objects;
      totals->n_bands += entries[e].residency > 0 || entries[e].objects > 0;
    }
}

/**
 * es_heap_census_nearest:
 *
 * Returns: the census closest to @time (the earlier on a tie), or
 *   ES_HEAP_CENSUS_NONE without censuses
 */
guint
es_heap_census_nearest (EsDocument *document,
                        guint64     time)
{
  guint n, best = ES_HEAP_CENSUS_NONE;
  const EsHeapProfSample *samples = es_document_get_heap_samples (document, &n);
  guint64 best_distance = G_MAXUINT64;

  for (guint c = 0; c < n; c++)
    {
      guint64 d = samples[c].time > time ? samples[c].time - time : time - samples[c].time;

      if (best == ES_HEAP_CENSUS_NONE || d < best_distance ||
          (d == best_distance && samples[c].time < samples[best].time))
        {
          best = c;
          best_distance = d;
        }
    }
  return best;
}

/**
 * es_heap_census_before:
 *
 * Returns: the census just before @census in time (of two at one time,
 *   the one the document keeps first), or ES_HEAP_CENSUS_NONE for the first
 */
guint
es_heap_census_before (EsDocument *document,
                       guint       census)
{
  guint n, best = ES_HEAP_CENSUS_NONE;
  const EsHeapProfSample *samples = es_document_get_heap_samples (document, &n);

  g_return_val_if_fail (census < n, ES_HEAP_CENSUS_NONE);

  for (guint c = 0; c < n; c++)
    {
      gboolean earlier = samples[c].time < samples[census].time ||
                         (samples[c].time == samples[census].time && c < census);

      if (earlier && (best == ES_HEAP_CENSUS_NONE || samples[c].time >= samples[best].time))
        best = c;
    }
  return best;
}

/* Adds the entries of @census to @by_band (band -> index + 1 in @bands):
 * into each band's bytes and objects, or its base's. */
static void
add_entries (EsDocument *document,
             guint       census,
             gboolean    base,
             GHashTable *by_band,
             GArray     *bands)
{
  guint n;
  const EsHeapProfSample *samples = es_document_get_heap_samples (document, &n);
  const EsHeapProfEntry *entries = es_document_get_heap_entries (document, &samples[census]);

  for (guint e = 0; e < samples[census].n_entries; e++)
    {
      guint index = GPOINTER_TO_UINT (g_hash_table_lookup (by_band, GUINT_TO_POINTER (entries[e].band + 1)));
      EsHeapCensusBand *band;

      if (index == 0)
        {
          EsHeapCensusBand fresh = { entries[e].band, 0, 0, 0, 0, FALSE, FALSE };

          g_array_append_val (bands, fresh);
          index = bands->len;
          g_hash_table_insert (by_band, GUINT_TO_POINTER (entries[e].band + 1), GUINT_TO_POINTER (index));
        }
      band = &g_array_index (bands, EsHeapCensusBand, index - 1);
      if (base)
        {
          band->in_base = TRUE;
          band->bytes_change -= (gint64) entries[e].residency;
          band->objects_change -= (gint64) entries[e].objects;
        }
      else
        {
          band->in_census = TRUE;
          band->bytes += entries[e].residency;
          band->objects += entries[e].objects;
          band->bytes_change += (gint64) entries[e].residency;
          band->objects_change += (gint64) entries[e].objects;
        }
    }
}

static int
compare_bytes (gconstpointer a,
               gconstpointer b)
{
  const EsHeapCensusBand *x = a, *y = b;

  if (x->bytes != y->bytes)
    return x->bytes > y->bytes ? -1 : 1;
  if (x->bytes_change != y->bytes_change)
    return x->bytes_change < y->bytes_change ? -1 : 1;
  return x->band < y->band ? -1 : x->band > y->band;
}

/**
 * es_heap_census_compare:
 * @census: a census of @document
 * @base: the census to compare it with, or ES_HEAP_CENSUS_NONE
 *
 * Every band of @census, and of @base, with its bytes and objects in
 * @census and their change since @base; without @base, no change.
 *
 * Returns: (transfer full) (element-type EsHeapCensusBand): the bands,
 *   the most bytes first (those @census no longer has last, the largest
 *   fall first)
 */
GArray *
es_heap_census_compare (EsDocument *document,
                        guint       census,
                        guint       base)
{
  GArray *bands = g_array_new (FALSE, TRUE, sizeof (EsHeapCensusBand));
  g_autoptr(GHashTable) by_band = g_hash_table_new (NULL, NULL);
  guint n = es_heap_census_get_n (document);

  g_return_val_if_fail (census < n, bands);
  g_return_val_if_fail (base < n || base == ES_HEAP_CENSUS_NONE, bands);

  add_entries (document, census, FALSE, by_band, bands);
  if (base != ES_HEAP_CENSUS_NONE)
    add_entries (document, base, TRUE, by_band, bands);
  else
    for (guint i = 0; i < bands->len; i++)
      {
        g_array_index (bands, EsHeapCensusBand, i).bytes_change = 0;
        g_array_index (bands, EsHeapCensusBand, i).objects_change = 0;
      }
  g_array_sort (bands, compare_bytes);
  return bands;
}

/**
 * es_heap_census_format_change:
 *
 * Returns: (transfer full): a change of @bytes, signed as mprof-report
 *   signs it: "+1.2 kB", "-512 bytes", "+0 bytes"
 */
char *
es_heap_census_format_change (gint64 bytes)
{
  g_autofree char *size = g_format_size (bytes < 0 ? -(guint64) bytes : (guint64) bytes);

  return g_strdup_printf ("%s%s", bytes < 0 ? "-" : "+", size);
}
