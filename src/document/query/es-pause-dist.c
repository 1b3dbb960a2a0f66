/* es-pause-dist.c: how GC pause lengths are distributed, per generation
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "es-pause-dist.h"
#include "es-pause-index-private.h"
#include "es-search.h"

/* round (1000 × 10^(k/4)) ns: written out rather than computed, so that
 * no libm rounding can ever move an edge between two builds. */
static const guint64 edges[ES_PAUSE_DIST_N_EDGES] = {
  G_GUINT64_CONSTANT (1000), G_GUINT64_CONSTANT (1778), G_GUINT64_CONSTANT (3162), G_GUINT64_CONSTANT (5623),
  G_GUINT64_CONSTANT (10000), G_GUINT64_CONSTANT (17783), G_GUINT64_CONSTANT (31623), G_GUINT64_CONSTANT (56234),
  G_GUINT64_CONSTANT (100000), G_GUINT64_CONSTANT (177828), G_GUINT64_CONSTANT (316228), G_GUINT64_CONSTANT (562341),
  G_GUINT64_CONSTANT (1000000), G_GUINT64_CONSTANT (1778279), G_GUINT64_CONSTANT (3162278), G_GUINT64_CONSTANT (5623413),
  G_GUINT64_CONSTANT (10000000), G_GUINT64_CONSTANT (17782794), G_GUINT64_CONSTANT (31622777), G_GUINT64_CONSTANT (56234133),
  G_GUINT64_CONSTANT (100000000), G_GUINT64_CONSTANT (177827941), G_GUINT64_CONSTANT (316227766), G_GUINT64_CONSTANT (562341325),
  G_GUINT64_CONSTANT (1000000000), G_GUINT64_CONSTANT (1778279410), G_GUINT64_CONSTANT (3162277660), G_GUINT64_CONSTANT (5623413252),
  G_GUINT64_CONSTANT (10000000000), G_GUINT64_CONSTANT (17782794100), G_GUINT64_CONSTANT (31622776602), G_GUINT64_CONSTANT (56234132519),
  G_GUINT64_CONSTANT (100000000000),
};

/**
 * es_pause_dist_edge:
 * @k: 0 .. %ES_PAUSE_DIST_N_EDGES - 1
 *
 * Returns: the lower edge of bucket @k + 1, in ns.
 */
guint64
es_pause_dist_edge (guint k)
{
  g_return_val_if_fail (k < ES_PAUSE_DIST_N_EDGES, 0);

  return edges[k];
}

/* The number of edges at or below @pause. */
guint
es_pause_dist_bucket_of (guint64 pause)
{
  guint lo = 0, n = ES_PAUSE_DIST_N_EDGES;

  /* es_search_upper_bound(), written out: this runs once per pause. */
  while (n > 0)
    {
      guint half = n / 2;

      if (edges[lo + half] <= pause)
        {
          lo += half + 1;
          n -= half + 1;
        }
      else
        n = half;
    }
  return lo;
}

/**
 * es_pause_dist_rank:
 * @n: how many pauses
 * @per_mille: which percentile, in tenths of a percent (999 for p99.9)
 *
 * Returns: the nearest-rank percentile's rank, ceil (@n × @per_mille /
 *   1000), from 1 (0 if @n is 0).
 */
gsize
es_pause_dist_rank (gsize n,
                    guint per_mille)
{
  g_return_val_if_fail (per_mille >= 1 && per_mille <= 1000, 0);

  /* In integers: a double would make 0.999 × 1000 a hair above 999, and
   * the rank one too far. */
  return (n / 1000) * per_mille + ((n % 1000) * per_mille + 999) / 1000;
}

static inline void
swap (guint64 *v,
      gssize   i,
      gssize   j)
{
  guint64 t = v[i];

  v[i] = v[j];
  v[j] = t;
}

/* Hoare's FIND, as Wirth writes it, pivoting on a median of three: puts
 * the value of (0-based) rank @k at v[k], none larger before it and none
 * smaller after. Expected O(n), where a sort would be O(n log n). */
static void
select_rank (guint64 *v,
             gssize   n,
             gssize   k)
{
  gssize lo = 0, hi = n - 1;

  while (lo < hi)
    {
      gssize mid = lo + (hi - lo) / 2, i = lo, j = hi;
      guint64 pivot;

      if (v[mid] < v[lo])
        swap (v, mid, lo);
      if (v[hi] < v[lo])
        swap (v, hi, lo);
      if (v[hi] < v[mid])
        swap (v, hi, mid);
      pivot = v[mid];
      do
        {
          while (v[i] < pivot)
            i++;
          while (pivot < v[j])
            j--;
          if (i <= j)
            swap (v, i++, j--);
        }
      while (i <= j);
      if (j < k)
        lo = i;
      if (k < i)
        hi = j;
    }
}

/**
 * es_pause_dist_range_ranks:
 * @n: how many pauses
 * @per_mille: which percentile, in tenths of a percent
 * @low: (out): the rank of the range's low end, from 1
 * @high: (out): the rank of its high end, from 1
 *
 * The order statistics that hold the percentile's 95% confidence interval,
 * distribution-free: how many of @n pauses fall below the true percentile
 * is binomial (n, p), taken here as normal, ranks n·p ± 1.96·√(n·p·(1−p)),
 * clamped to the pauses there are. Few pauses give a wide range: a p99 of
 * a hundred pauses ranges up to the longest, and then down as far as the
 * longest's does (es_pause_dist_max_low_rank()).
 */
void
es_pause_dist_range_ranks (gsize  n,
                           guint  per_mille,
                           gsize *low,
                           gsize *high)
{
  double p = per_mille / 1000.0, centre = n * p, half = 1.96 * sqrt (n * p * (1 - p));

  g_return_if_fail (per_mille >= 1 && per_mille <= 1000);

  *low = (gsize) CLAMP (floor (centre - half), 1, MAX (n, 1));
  *high = (gsize) CLAMP (ceil (centre + half), 1, MAX (n, 1));
  /* So far in the tail (p99.9 of a few hundred pauses), the percentile is
   * the longest pause or next to it: it is as uncertain as the longest. */
  if (*high == MAX (n, 1))
    *low = MIN (*low, es_pause_dist_max_low_rank (n));
}

/**
 * es_pause_dist_max_low_rank:
 * @n: how many pauses
 *
 * Where the longest of @n pauses could as well have been: down to the
 * sixth longest. Of two runs alike, the six longest pauses of both
 * together all come from one run with a chance of 2 × 2⁻⁶, 3%; and a
 * percentile whose range reaches the longest pause reaches down as far.
 *
 * Returns: the sixth longest's rank, from 1 (with fewer, the shortest's)
 */
gsize
es_pause_dist_max_low_rank (gsize n)
{
  return n > 6 ? n - 5 : 1;
}

static int
compare_ranks (gconstpointer a,
               gconstpointer b)
{
  gsize x = *(const gsize *) a, y = *(const gsize *) b;

  return (x > y) - (x < y);
}

/**
 * es_pause_dist_from_pauses:
 * @pauses: (inout): @n pause lengths in ns, reordered
 *
 * Fills @dist from the pauses given.
 */
void
es_pause_dist_from_pauses (guint64     *pauses,
                           gsize        n,
                           EsPauseDist *dist)
{
  static const guint per_mille[] = { 500, 900, 990, 999 };
  guint64 *out[] = { &dist->p50, &dist->p90, &dist->p99, &dist->p999 };
  /* Each percentile's rank and its range's two, and the maximum's low. */
  gsize ranks[3 * G_N_ELEMENTS (per_mille) + 1], wanted[G_N_ELEMENTS (ranks)];
  gsize done = 0;

  *dist = (EsPauseDist) { 0 };
  if (n == 0)
    return;

  dist->count = n;
  for (gsize i = 0; i < n; i++)
    {
      dist->total += pauses[i];
      dist->max = MAX (dist->max, pauses[i]);
      dist->buckets[es_pause_dist_bucket_of (pauses[i])]++;
    }
  for (guint p = 0; p < G_N_ELEMENTS (per_mille); p++)
    {
      ranks[3 * p] = es_pause_dist_rank (n, per_mille[p]) - 1;
      es_pause_dist_range_ranks (n, per_mille[p], &ranks[3 * p + 1], &ranks[3 * p + 2]);
      ranks[3 * p + 1]--;
      ranks[3 * p + 2]--;
    }
  ranks[G_N_ELEMENTS (ranks) - 1] = es_pause_dist_max_low_rank (n) - 1;
  /* Each rank is selected among what lies above the one before it: in
   * increasing order, the ranks only grow. */
  memcpy (wanted, ranks, sizeof ranks);
  qsort (wanted, G_N_ELEMENTS (wanted), sizeof wanted[0], compare_ranks);
  for (guint i = 0; i < G_N_ELEMENTS (wanted); i++)
    {
      select_rank (pauses + done, n - done, wanted[i] - done);
      done = wanted[i];
    }
  for (guint p = 0; p < G_N_ELEMENTS (per_mille); p++)
    {
      *out[p] = pauses[ranks[3 * p]];
      dist->low[p] = pauses[ranks[3 * p + 1]];
      dist->high[p] = pauses[ranks[3 * p + 2]];
    }
  dist->max_low = pauses[ranks[G_N_ELEMENTS (ranks) - 1]];
}

/**
 * es_pause_dist_gc_pause:
 * @index: a collection, an index into es_document_get_gcs()
 *
 * Returns: the pause of that collection as the distributions count it, in
 *   ns: so that a list of the pauses in a bucket finds exactly those the
 *   bucket counts.
 */
guint64
es_pause_dist_gc_pause (EsDocument *document,
                        guint       index)
{
  const EsGc *gcs;
  guint n_gcs;

  g_return_val_if_fail (ES_IS_DOCUMENT (document), 0);

  gcs = es_document_get_gcs (document, &n_gcs);
  g_return_val_if_fail (index < n_gcs, 0);

  /* Mono's suspend at exit is no part of its collection's record
   * (es-mlpd-feed.c). */
  return gcs[index].end > gcs[index].start ? gcs[index].end - gcs[index].start : 0;
}

/* Collection @i's generation as the distributions have them (a Mono
 * log's: nursery 0, major 1), and its pause: of its record, or of its span
 * in a document loaded for statistics only (@spans not NULL). */
static inline guint64
gc_pause_at (EsDocument     *document,
             const EsGc     *gcs,
             const EsGcSpan *spans,
             gboolean        mono,
             guint           i,
             guint          *g)
{
  if (spans != NULL)
    {
      *g = spans[i].generation == ES_GC_GENERATION_UNKNOWN ? 0 : spans[i].generation;
      return spans[i].end > spans[i].start ? spans[i].end - spans[i].start : 0;
    }
  *g = gcs[i].generation == ES_GC_GENERATION_UNKNOWN ? 0 : gcs[i].generation;
  if (mono)
    *g = gcs[i].generation == 1;
  return es_pause_dist_gc_pause (document, i);
}

/* The pauses of collections [first, last) copied, and their percentiles
 * selected among them: O(last - first). */
static void
dists_by_selection (EsDocument   *document,
                    guint         first,
                    guint         last,
                    EsPauseDists *dists)
{
  const EsMonoSummary *mono = NULL;
  guint n_gcs, n_spans, n_gens = 0;
  const EsGc *gcs;
  const EsGcSpan *spans;
  g_autofree guint64 *all = NULL;
  g_autofree guint64 *by_gen = NULL;
  gsize n_by_gen[ES_STATS_MAX_GENERATIONS] = { 0 };
  gsize at[ES_STATS_MAX_GENERATIONS] = { 0 };
  gsize n_all = 0;

  *dists = (EsPauseDists) { 0 };
  gcs = es_document_get_gcs (document, &n_gcs);
  spans = es_document_get_gc_spans (document, &n_spans);

  /* The generations es_stats_compute() shows. A Mono log's are the
   * nursery and the major heap, as its summary has them. */
  if (es_document_get_format (document) == ES_DOCUMENT_MONO_LOG)
    {
      mono = es_document_get_mono_summary (document);
      n_gens = 2;
    }
  else
    n_gens = es_document_get_n_gc_generations (document);
  dists->n_generations = MIN (n_gens, ES_STATS_MAX_GENERATIONS);

  /* Each generation's pauses side by side in one array, where a first
   * pass over the collections has counted them. */
  for (guint i = first; i < last; i++)
    {
      guint g;

      gc_pause_at (document, gcs, spans, mono != NULL, i, &g);
      if (g < dists->n_generations)
        n_by_gen[g]++;
    }
  for (guint g = 1; g < dists->n_generations; g++)
    at[g] = at[g - 1] + n_by_gen[g - 1];
  all = g_new (guint64, MAX (last - first, 1));
  by_gen = g_new (guint64, MAX (last - first, 1));
  for (guint i = first; i < last; i++)
    {
      guint g;
      guint64 pause = gc_pause_at (document, gcs, spans, mono != NULL, i, &g);

      all[n_all++] = pause;
      if (g < dists->n_generations)
        by_gen[at[g]++] = pause;
    }

  es_pause_dist_from_pauses (all, n_all, &dists->all);
  for (guint g = 0; g < dists->n_generations; g++)
    es_pause_dist_from_pauses (by_gen + at[g] - n_by_gen[g], n_by_gen[g], &dists->gen[g]);
}

/**
 * es_pause_dists_compute:
 * @t0: start of the interval, ns (inclusive)
 * @t1: end of the interval, ns (inclusive)
 *
 * The distributions of the pauses of the collections that start in
 * [@t0, @t1], per generation and all together: O(log n) for n
 * collections in the run once the document has its index of pauses
 * (es_pause_index_get(), which the loader makes for the window, where
 * the selection moves often); else O(k) for k collections in the interval
 * (expected: the percentiles are selected, not sorted), which a single
 * question (the CLI's) needs no index for.
 */
void
es_pause_dists_compute (EsDocument   *document,
                        guint64       t0,
                        guint64       t1,
                        EsPauseDists *dists)
{
  const EsPauseIndex *index;
  guint n_gcs, first, last;
  const EsGc *gcs;
  const EsGcSpan *spans;

  g_return_if_fail (ES_IS_DOCUMENT (document));
  g_return_if_fail (dists != NULL);

  t1 = MAX (t0, t1);
  /* A document loaded for statistics only has its GCs' spans. */
  spans = es_document_get_gc_spans (document, &n_gcs);
  if (spans != NULL)
    {
      first = es_search_lower_bound (spans, n_gcs, sizeof (EsGcSpan), G_STRUCT_OFFSET (EsGcSpan, start), t0);
      last = es_search_upper_bound (spans, n_gcs, sizeof (EsGcSpan), G_STRUCT_OFFSET (EsGcSpan, start), t1);
      dists_by_selection (document, first, last, dists);
      return;
    }
  gcs = es_document_get_gcs (document, &n_gcs);
  first = es_search_lower_bound (gcs, n_gcs, sizeof (EsGc), G_STRUCT_OFFSET (EsGc, start), t0);
  last = es_search_upper_bound (gcs, n_gcs, sizeof (EsGc), G_STRUCT_OFFSET (EsGc, start), t1);
  index = es_pause_index_peek (document);
  if (index != NULL)
    es_pause_index_dists (index, first, last, dists);
  else
    dists_by_selection (document, first, last, dists);
}
