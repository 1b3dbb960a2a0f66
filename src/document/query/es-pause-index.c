/* es-pause-index.c: the pauses of any run of collections, at once
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "es-pause-index-private.h"
#include "es-search.h"

/* A comparison recomputes both runs' pause distributions whenever the
 * selection moves; selecting the percentiles among the pauses of the
 * interval takes time in proportion to them (tens of thousands in a
 * long log: milliseconds). Instead, the pauses of each generation, in the
 * order of their collections, are kept once in a wavelet matrix: the
 * k-th smallest of any run of them, and how many lie below a value, then
 * take O(log n) steps of a rank over bits, whatever the run's length.
 *
 * Each pause is replaced by its place in the sorted pauses (ties broken by
 * position, so every code is distinct): "below the pause x" is "below the
 * code of the first pause >= x", and the k-th smallest code is the k-th
 * smallest pause. Level l of the matrix holds bit l of each code, in the
 * order the levels above left them: zeros first, then ones, each stable. */

typedef struct
{
  guint     n;
  guint    *gcs;          /* (nullable) each pause's collection, increasing;
                           * NULL when pause i is collection i */
  guint64  *prefix;       /* n + 1: the pauses before each added up */
  guint64  *sorted;       /* n: the pauses, increasing */
  guint     edge_codes[ES_PAUSE_DIST_N_EDGES]; /* pauses below each edge */
  guint     levels;
  gsize     n_words;      /* 64-bit words a level */
  guint64  *bits;         /* levels × n_words */
  guint32  *ones;         /* levels × (n_words + 1): ones before each word */
  guint    *zeros;        /* levels: the zeros of each */
} PauseList;

struct _EsPauseIndex
{
  guint     n_generations;
  PauseList all;
  PauseList gen[ES_STATS_MAX_GENERATIONS];
};

typedef struct
{
  guint64 pause;
  guint   position;
} Entry;

static int
compare_entries (const void *a,
                 const void *b)
{
  const Entry *x = a, *y = b;

  if (x->pause != y->pause)
    return x->pause < y->pause ? -1 : 1;
  return x->position < y->position ? -1 : x->position > y->position;
}

/* The first of @n increasing @values at or above @value (n if none). */
static guint
lower_bound_uint (const guint *values,
                  guint        n,
                  guint        value)
{
  guint lo = 0, hi = n;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (values[mid] < value)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* Ones in level @l before position @i. */
static inline gsize
rank1 (const PauseList *list,
       guint            l,
       gsize            i)
{
  const guint64 *bits = list->bits + l * list->n_words;
  gsize rank = list->ones[l * (list->n_words + 1) + i / 64];

  if (i % 64 != 0)
    rank += __builtin_popcountll (bits[i / 64] & ((G_GUINT64_CONSTANT (1) << (i % 64)) - 1));
  return rank;
}

/* @pauses (@n of them, taken): each with its collection in @gcs (taken,
 * or NULL). */
static void
list_init (PauseList *list,
           guint64   *pauses,
           guint     *gcs,
           guint      n)
{
  g_autofree Entry *entries = g_new (Entry, MAX (n, 1));
  g_autofree guint *codes = g_new (guint, MAX (n, 1));
  g_autofree guint *next = g_new (guint, MAX (n, 1));

  list->n = n;
  list->gcs = gcs;
  list->prefix = g_new (guint64, n + 1);
  list->sorted = g_new (guint64, MAX (n, 1));
  list->prefix[0] = 0;
  for (guint i = 0; i < n; i++)
    {
      list->prefix[i + 1] = list->prefix[i] + pauses[i];
      entries[i] = (Entry) { pauses[i], i };
    }
  qsort (entries, n, sizeof (Entry), compare_entries);
  for (guint r = 0; r < n; r++)
    {
      list->sorted[r] = entries[r].pause;
      codes[entries[r].position] = r;
    }
  for (guint k = 0; k < ES_PAUSE_DIST_N_EDGES; k++)
    list->edge_codes[k] = es_search_lower_bound (list->sorted, n, sizeof (guint64), 0, es_pause_dist_edge (k));
  g_free (pauses);

  list->levels = 1;
  while (list->levels < 32 && (G_GUINT64_CONSTANT (1) << list->levels) < n)
    list->levels++;
  list->n_words = (n + 63) / 64;
  list->bits = g_new0 (guint64, list->levels * list->n_words + 1);
  list->ones = g_new0 (guint32, list->levels * (list->n_words + 1));
  list->zeros = g_new0 (guint, list->levels);
  for (guint l = list->levels; l-- > 0; )
    {
      guint64 *bits = list->bits + l * list->n_words;
      guint32 *ones = list->ones + l * (list->n_words + 1);
      guint z = 0, o;

      for (guint i = 0; i < n; i++)
        if (codes[i] >> l & 1)
          bits[i / 64] |= G_GUINT64_CONSTANT (1) << (i % 64);
        else
          z++;
      for (gsize w = 0; w < list->n_words; w++)
        ones[w + 1] = ones[w] + __builtin_popcountll (bits[w]);
      list->zeros[l] = z;
      /* Stable: zeros, then ones, for the level below. */
      o = z;
      z = 0;
      for (guint i = 0; i < n; i++)
        next[codes[i] >> l & 1 ? o++ : z++] = codes[i];
      memcpy (codes, next, n * sizeof (guint));
    }
}

static void
list_clear (PauseList *list)
{
  g_free (list->gcs);
  g_free (list->prefix);
  g_free (list->sorted);
  g_free (list->bits);
  g_free (list->ones);
  g_free (list->zeros);
}

/* The (0-based) @k-th smallest pause among positions [s, e). */
static guint64
list_select (const PauseList *list,
             gsize            s,
             gsize            e,
             gsize            k)
{
  guint code = 0;

  for (guint l = list->levels; l-- > 0; )
    {
      gsize zs = s - rank1 (list, l, s), ze = e - rank1 (list, l, e);

      if (k < ze - zs)
        {
          s = zs;
          e = ze;
        }
      else
        {
          k -= ze - zs;
          s = list->zeros[l] + (s - zs);
          e = list->zeros[l] + (e - ze);
          code |= 1u << l;
        }
    }
  return list->sorted[code];
}

/* How many codes below @code among positions [s, e). */
static gsize
list_count_below (const PauseList *list,
                  gsize            s,
                  gsize            e,
                  guint            code)
{
  gsize below = 0;

  if (code >= list->n)
    return e - s;
  for (guint l = list->levels; l-- > 0 && e > s; )
    {
      gsize zs = s - rank1 (list, l, s), ze = e - rank1 (list, l, e);

      if (code >> l & 1)
        {
          below += ze - zs;
          s = list->zeros[l] + (s - zs);
          e = list->zeros[l] + (e - ze);
        }
      else
        {
          s = zs;
          e = ze;
        }
    }
  return below;
}

/* As es_pause_dist_from_pauses() of the pauses at positions [s, e). */
static void
list_dist (const PauseList *list,
           gsize            s,
           gsize            e,
           EsPauseDist     *dist)
{
  static const guint per_mille[] = { 500, 900, 990, 999 };
  guint64 *out[] = { &dist->p50, &dist->p90, &dist->p99, &dist->p999 };
  gsize n = e - s, before = 0;

  *dist = (EsPauseDist) { 0 };
  if (n == 0)
    return;
  dist->count = n;
  dist->total = list->prefix[e] - list->prefix[s];
  for (guint p = 0; p < G_N_ELEMENTS (per_mille); p++)
    {
      gsize low, high;

      *out[p] = list_select (list, s, e, es_pause_dist_rank (n, per_mille[p]) - 1);
      es_pause_dist_range_ranks (n, per_mille[p], &low, &high);
      dist->low[p] = list_select (list, s, e, low - 1);
      dist->high[p] = list_select (list, s, e, high - 1);
    }
  dist->max = list_select (list, s, e, n - 1);
  dist->max_low = list_select (list, s, e, es_pause_dist_max_low_rank (n) - 1);
  for (guint k = 0; k < ES_PAUSE_DIST_N_EDGES && before < n; k++)
    {
      gsize below = list_count_below (list, s, e, list->edge_codes[k]);

      dist->buckets[k] = below - before;
      before = below;
    }
  dist->buckets[ES_PAUSE_DIST_N_EDGES] = n - before;
}

static EsPauseIndex *
index_new (EsDocument *document)
{
  EsPauseIndex *index = g_new0 (EsPauseIndex, 1);
  guint n_gcs;
  const EsGc *gcs = es_document_get_gcs (document, &n_gcs);
  gboolean mono = es_document_get_format (document) == ES_DOCUMENT_MONO_LOG;
  guint64 *all = g_new (guint64, MAX (n_gcs, 1));
  guint64 *pauses[ES_STATS_MAX_GENERATIONS];
  guint *positions[ES_STATS_MAX_GENERATIONS];
  guint n[ES_STATS_MAX_GENERATIONS] = { 0 };

  /* The generations es_pause_dists_compute() shows: a Mono log's are the
   * nursery and the major heap. */
  index->n_generations = MIN (mono ? 2 : es_document_get_n_gc_generations (document), ES_STATS_MAX_GENERATIONS);
  for (guint g = 0; g < index->n_generations; g++)
    {
      pauses[g] = g_new (guint64, MAX (n_gcs, 1));
      positions[g] = g_new (guint, MAX (n_gcs, 1));
    }
  for (guint i = 0; i < n_gcs; i++)
    {
      guint g = gcs[i].generation == ES_GC_GENERATION_UNKNOWN ? 0 : gcs[i].generation;

      if (mono)
        g = gcs[i].generation == 1;
      all[i] = es_pause_dist_gc_pause (document, i);
      if (g < index->n_generations)
        {
          pauses[g][n[g]] = all[i];
          positions[g][n[g]++] = i;
        }
    }
  list_init (&index->all, all, NULL, n_gcs);
  for (guint g = 0; g < index->n_generations; g++)
    list_init (&index->gen[g], pauses[g], positions[g], n[g]);
  return index;
}

static void
index_free (EsPauseIndex *index)
{
  list_clear (&index->all);
  for (guint g = 0; g < index->n_generations; g++)
    list_clear (&index->gen[g]);
  g_free (index);
}

static gpointer
make_index (EsDocument *document)
{
  return index_new (document);
}

/**
 * es_pause_index_get:
 *
 * The index of @document's pauses, made on first use (O(n log n)) and kept
 * with the document: the panels ask from worker threads.
 *
 * Returns: (transfer none): the index
 */
const EsPauseIndex *
es_pause_index_get (EsDocument *document)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (document), NULL);

  return es_document_get_derived (document, g_quark_from_static_string ("es-pause-index"), make_index,
                                  (GDestroyNotify) index_free);
}

/* Returns: (transfer none) (nullable): the index, if made already. */
const EsPauseIndex *
es_pause_index_peek (EsDocument *document)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (document), NULL);

  return es_document_peek_derived (document, g_quark_try_string ("es-pause-index"));
}

/* The distributions of collections [first, last) (indexes into the
 * document's collections), as es_pause_dists_compute() defines them. */
void
es_pause_index_dists (const EsPauseIndex *index,
                      guint               first,
                      guint               last,
                      EsPauseDists       *dists)
{
  *dists = (EsPauseDists) { 0 };
  dists->n_generations = index->n_generations;
  last = MAX (first, last);
  list_dist (&index->all, first, last, &dists->all);
  for (guint g = 0; g < index->n_generations; g++)
    {
      const PauseList *list = &index->gen[g];
      guint s = lower_bound_uint (list->gcs, list->n, first);
      guint e = lower_bound_uint (list->gcs, list->n, last);

      list_dist (list, s, e, &dists->gen[g]);
    }
}
