/* es-pause-dist.h: how GC pause lengths are distributed, per generation
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document.h"
#include "es-stats.h"

G_BEGIN_DECLS

/* The histogram's buckets are fixed, 4 per decade from 1 µs to 100 s, so
 * that two runs (or two intervals) always share them and can be overlaid
 * or subtracted bucket by bucket. The 33 edges are
 * round (1000 × 10^(k/4)) ns for k = 0..32 (1000, 1778, 3162, 5623,
 * 10000, ... 100000000000), listed in es-pause-dist.c. Bucket 0 holds the
 * pauses shorter than 1 µs, bucket k (1..32) those from edge k-1 up to but
 * not including edge k, and bucket 33 those of 100 s or more. */
#define ES_PAUSE_DIST_N_EDGES   33
#define ES_PAUSE_DIST_N_BUCKETS (ES_PAUSE_DIST_N_EDGES + 1)

/* The percentiles are nearest-rank: the p-th percentile of n pauses is the
 * smallest pause x such that at least p % of the n pauses are <= x, that
 * is the pause of rank ceil (n × p / 100) in increasing order (counted
 * from 1). It is always one of the pauses, never an interpolation; with no
 * pause every field is 0. p99.9 of fewer than 1000 pauses is the maximum. */
typedef struct
{
  guint   count;
  guint64 total;                             /* ns, the pauses added up */
  guint64 p50, p90, p99, p999;               /* ns */
  guint64 max;                               /* ns */
  /* Where each of p50, p90, p99 and p99.9 could as well have been, by
   * chance, in another run like this one: the pauses of the ranks
   * es_pause_dist_range_ranks() gives. The maximum's low is the sixth
   * longest pause (es_pause_dist_max_low_rank()): a longest pause alone
   * tells little of a run. */
  guint64 low[4], high[4];                   /* ns */
  guint64 max_low;                           /* ns */
  guint   buckets[ES_PAUSE_DIST_N_BUCKETS];
} EsPauseDist;

/* Which pauses: the collections that start in [t0, t1], each with its
 * whole pause (GC_START to GC_END on the leading capability, as +RTS -s
 * times it), exactly those es_stats_compute() counts: so a generation's
 * count, total and max are its EsGenStats' collections, elapsed and
 * max_pause. A Mono log has two generations, the nursery (0) and the
 * major heap (1), and its suspend at exit counts from when the world had
 * stopped, as es_stats_compute_mono_pauses() counts it (which also counts
 * the parts of pauses that straddle t0). */
typedef struct
{
  guint       n_generations;                 /* as EsStats: at most ES_STATS_MAX_GENERATIONS */
  EsPauseDist gen[ES_STATS_MAX_GENERATIONS];
  EsPauseDist all;                           /* every generation, and GCs without one */
} EsPauseDists;

guint64  es_pause_dist_edge        (guint           k);
guint    es_pause_dist_bucket_of   (guint64         pause);
gsize    es_pause_dist_rank        (gsize           n,
                                    guint           per_mille);
void     es_pause_dist_range_ranks (gsize           n,
                                    guint           per_mille,
                                    gsize          *low,
                                    gsize          *high);
gsize    es_pause_dist_max_low_rank (gsize          n);
void     es_pause_dist_from_pauses (guint64        *pauses,
                                    gsize           n,
                                    EsPauseDist    *dist);
guint64  es_pause_dist_gc_pause    (EsDocument     *document,
                                    guint           index);
void     es_pause_dists_compute    (EsDocument     *document,
                                    guint64         t0,
                                    guint64         t1,
                                    EsPauseDists   *dists);

G_END_DECLS
