/* es-stats.c: the +RTS -s numbers for any interval of a document
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-document-private.h"
#include "es-search.h"
#include "es-stats.h"

/* How an interval [t0, t1] cuts the records at its edges:
 * - a GC belongs to the interval its start lies in: its count, bytes copied,
 *   whole pause (the table's elapsed, average and maximum) and slop;
 * - GC time against MUT time is the overlap of the pauses with [t0, t1],
 *   so MUT + GC = the interval's length exactly;
 * - cumulative counters (bytes allocated, spark counters) are step functions
 *   of time: the interval gets value(t1) - value(t0);
 * - samples count when they lie in [t0, t1] (residency, as the RTS counts
 *   it); the heap size also counts the size held when the interval begins;
 * - a cap's running, GC and idle times are its activities' overlaps;
 *   in a cut log, the time after a cap's last event is none of them;
 * - INIT and EXIT are where the interval covers them (es-run-phases.c),
 *   MUT what is left of it.
 * For the whole run ([0, end]) every number is what the RTS itself adds up. */

static guint
lower_bound_u64 (const EsVec *a,
                 guint64      value)
{
  return es_search_lower_bound (a->data, a->len, sizeof (guint64), 0, value);
}

static guint
upper_bound_u64 (const EsVec *a,
                 guint64      value)
{
  return es_search_upper_bound (a->data, a->len, sizeof (guint64), 0, value);
}

/* The first GC whose start is at or after @time. */
static guint
gc_lower_bound (EsDocument *doc,
                guint64     time)
{
  return es_search_lower_bound (doc->gcs.data, doc->gcs.len, sizeof (EsGc), G_STRUCT_OFFSET (EsGc, start), time);
}

static guint64
overlap (guint64 a0,
         guint64 a1,
         guint64 b0,
         guint64 b1)
{
  guint64 lo = MAX (a0, b0), hi = MIN (a1, b1);

  return hi > lo ? hi - lo : 0;
}

/* gc_time_in() of a document loaded for statistics only: the same sums,
 * over its GCs' spans (es-gc-fold.c), the middle ones added up here
 * rather than taken from prefix sums. */
static guint64
folded_gc_time_in (const EsGcFold *fold,
                   guint64         t0,
                   guint64         t1)
{
  const EsGcSpan *spans = fold->spans.data;
  guint n = fold->spans.len;
  guint first = es_search_lower_bound (spans, n, sizeof (EsGcSpan), G_STRUCT_OFFSET (EsGcSpan, start), t0);
  guint last = es_search_lower_bound (spans, n, sizeof (EsGcSpan), G_STRUCT_OFFSET (EsGcSpan, start), t1 + 1);
  guint64 total = 0;

  if (first > 0)
    total += overlap (spans[first - 1].start, spans[first - 1].end, t0, t1);
  if (last > first)
    {
      for (guint i = first; i + 1 < last; i++)
        total += spans[i].end - spans[i].start;
      total += overlap (spans[last - 1].start, spans[last - 1].end, t0, t1);
    }
  return total;
}

/* GC pauses overlapping [t0, t1], clipped to it. Pauses do not overlap
 * each other, so only the GCs at the two edges need clipping. */
static guint64
gc_time_in (EsDocument *doc,
            guint64     t0,
            guint64     t1)
{
  guint first, last;
  guint64 total = 0;

  if (doc->gc_fold != NULL)
    return folded_gc_time_in (doc->gc_fold, t0, t1);
  first = gc_lower_bound (doc, t0);
  last = gc_lower_bound (doc, t1 + 1);     /* GCs starting in [t0, t1] */
  if (first > 0)
    {
      const EsGc *before = &ES_VEC_AT (&doc->gcs, EsGc, first - 1);
      total += overlap (before->start, before->end, t0, t1);
    }
  if (last > first)
    {
      const EsGc *tail = &ES_VEC_AT (&doc->gcs, EsGc, last - 1);

      total += ES_VEC_AT (&doc->gc_pause_prefix, guint64, last - 1) -
               ES_VEC_AT (&doc->gc_pause_prefix, guint64, first);
      total += overlap (tail->start, tail->end, t0, t1);
    }
  return total;
}

/* What is wrong with @gc's statistics. */
static char *
describe_gc_statistics (const EsGc *gc)
{
  g_autofree char *balanced = es_stats_format_grouped (MAX (gc->par_balanced_copied, gc->par_max_copied));
  g_autofree char *copied = es_stats_format_grouped (gc->par_tot_copied);

  return g_strdup_printf ("the GC statistics of the GC at %.9fs on cap %u say %s bytes %s of %s copied",
                          gc->end / 1e9, gc->cap, balanced,
                          gc->par_balanced_copied > gc->par_tot_copied ? "balanced" : "copied by one thread",
                          copied);
}

/* A share over 100% cannot be: a damaged log's GC statistics say so
 * (a parallel GC that balanced more bytes than it copied). Which GC, for
 * the person to look at: only then is [t0, t1] searched. */
static char *
describe_inconsistent_gc (EsDocument *doc,
                          guint64     t0,
                          guint64     t1)
{
  /* Folded, the earliest such GC was kept aside. */
  if (doc->gc_fold != NULL && doc->gc_fold->inconsistent)
    return describe_gc_statistics (&doc->gc_fold->first_inconsistent);
  for (guint i = doc->gc_fold != NULL ? doc->gcs.len : gc_lower_bound (doc, t0); i < doc->gcs.len; i++)
    {
      const EsGc *gc = &ES_VEC_AT (&doc->gcs, EsGc, i);

      if (gc->start > t1)
        break;
      if (gc->par_balanced_copied > gc->par_tot_copied || gc->par_max_copied > gc->par_tot_copied)
        return describe_gc_statistics (gc);
    }
  return g_strdup ("the GC statistics say more bytes balanced than copied");
}

/* compute_generations() of a document loaded for statistics only: the
 * same figures, from its GCs' spans and what was added up of the rest
 * (es-gc-fold.c) for the interval es_document_covers_statistics() checked. */
static void
compute_folded_generations (const EsGcFold *fold,
                            EsStats        *stats,
                            guint64        *par_tot,
                            guint64        *par_balanced)
{
  const EsGcSpan *spans = fold->spans.data;
  guint n = fold->spans.len;
  guint first = es_search_lower_bound (spans, n, sizeof (EsGcSpan), G_STRUCT_OFFSET (EsGcSpan, start), stats->t0);
  guint last = es_search_upper_bound (spans, n, sizeof (EsGcSpan), G_STRUCT_OFFSET (EsGcSpan, start), stats->t1);

  stats->n_generations = MIN (fold->gens->len, ES_STATS_MAX_GENERATIONS);
  for (guint i = first; i < last; i++)
    {
      guint g = _es_gc_generation (spans[i].generation);
      guint64 pause = spans[i].end - spans[i].start;

      if (g >= stats->n_generations)
        continue;
      stats->gen[g].collections++;
      stats->gen[g].par_collections += spans[i].parallel;
      stats->gen[g].elapsed += pause;
      stats->gen[g].max_pause = MAX (stats->gen[g].max_pause, pause);
    }
  for (guint g = 0; g < fold->gens->len; g++)
    {
      const EsGcFoldGen *gen = &g_array_index (fold->gens, EsGcFoldGen, g);

      stats->copied += gen->copied;
      *par_tot += gen->par_tot_copied;
      *par_balanced += gen->par_balanced_copied;
    }
  /* Like the RTS, slop is only sampled at major (oldest-generation) GCs. */
  if (fold->gens->len > 0)
    stats->max_slop = g_array_index (fold->gens, EsGcFoldGen, fold->gens->len - 1).max_slop;
}

static void
compute_indexed_generations (EsDocument *doc,
                             EsStats    *stats,
                             guint64    *par_tot,
                             guint64    *par_balanced)
{
  /* Every generation counts in the totals; the table has the first few. */
  stats->n_generations = MIN (doc->gen_index->len, ES_STATS_MAX_GENERATIONS);
  for (guint g = 0; g < doc->gen_index->len; g++)
    {
      EsGenIndex *index = g_ptr_array_index (doc->gen_index, g);
      guint lo = lower_bound_u64 (&index->starts, stats->t0);
      guint hi = upper_bound_u64 (&index->starts, stats->t1);
      const EsGenPrefix *a = &ES_VEC_AT (&index->prefix, EsGenPrefix, lo);
      const EsGenPrefix *b = &ES_VEC_AT (&index->prefix, EsGenPrefix, hi);
      guint64 slop;

      if (g < stats->n_generations)
        {
          stats->gen[g].collections = hi - lo;
          stats->gen[g].par_collections = (guint) (b->par_colls - a->par_colls);
          stats->gen[g].elapsed = b->pause - a->pause;
          es_series_max_in (index->pauses, stats->t0, stats->t1, &stats->gen[g].max_pause);
        }
      stats->copied += b->copied - a->copied;
      *par_tot += b->par_tot_copied - a->par_tot_copied;
      *par_balanced += b->par_balanced_copied - a->par_balanced_copied;
      /* Like the RTS, slop is only sampled at major (oldest-generation) GCs. */
      if (g + 1 == doc->gen_index->len && es_series_max_in (index->slops, stats->t0, stats->t1, &slop))
        stats->max_slop = slop;
    }
}

static void
compute_generations (EsDocument *doc,
                     EsStats    *stats)
{
  guint64 par_tot = 0, par_balanced = 0;

  if (doc->gc_fold != NULL)
    compute_folded_generations (doc->gc_fold, stats, &par_tot, &par_balanced);
  else
    compute_indexed_generations (doc, stats, &par_tot, &par_balanced);

  /* GHC's Note [Work Balance]: balanced bytes over all bytes copied by
   * parallel GCs; 0 is serial, 1 perfectly balanced. */
  stats->work_balance = par_tot > 0 ? (double) par_balanced / (double) par_tot : -1;
  if (stats->work_balance > 1)
    stats->gc_inconsistency = describe_inconsistent_gc (doc, stats->t0, stats->t1);
}

static void
compute_caps (EsDocument *doc,
              EsStats    *stats)
{
  stats->n_caps = doc->caps->len;
  stats->caps = g_new0 (EsCapStats, stats->n_caps);

  for (guint c = 0; c < stats->n_caps; c++)
    {
      const EsCapTimeline *tl = g_ptr_array_index (doc->caps, c);
      EsCapStats *cs = &stats->caps[c];
      EsSparkSample s0, s1;
      guint64 a0, a1;
      guint64 before[ES_N_ACTIVITY_KINDS], until[ES_N_ACTIVITY_KINDS];
      guint at_t0;

      /* Every kind's time from two searches, the second from the first's
       * place: with many caps, a selection's figures are mostly these
       * searches' cache misses. */
      at_t0 = es_cap_timeline_cumulative (tl, stats->t0, 0, before);
      es_cap_timeline_cumulative (tl, stats->t1, at_t0, until);
      cs->running = until[ES_ACTIVITY_RUNNING] - before[ES_ACTIVITY_RUNNING];
      cs->gc = until[ES_ACTIVITY_GC] - before[ES_ACTIVITY_GC];
      cs->gc_waiting = until[ES_ACTIVITY_GC_WAITING] - before[ES_ACTIVITY_GC_WAITING];
      cs->exit_suspend = until[ES_ACTIVITY_EXIT_SUSPEND] - before[ES_ACTIVITY_EXIT_SUSPEND];
      /* Past its last event in a cut log, a cap is neither idle nor busy. */
      cs->no_data = stats->total_elapsed - overlap (stats->t0, stats->t1, stats->t0, es_cap_timeline_get_data_end (tl));
      cs->idle = stats->total_elapsed - cs->no_data;
      cs->idle -= MIN (cs->idle, cs->running + cs->gc + cs->gc_waiting + cs->exit_suspend);

      es_cap_timeline_sparks_at (tl, stats->t0 > 0 ? stats->t0 - 1 : 0, &s0);
      if (stats->t0 == 0)
        s0 = (EsSparkSample) { 0 };
      es_cap_timeline_sparks_at (tl, stats->t1, &s1);
      cs->sparks_created = s1.created - MIN (s1.created, s0.created);
      cs->sparks_converted = s1.converted - MIN (s1.converted, s0.converted);
      cs->sparks_overflowed = s1.overflowed - MIN (s1.overflowed, s0.overflowed);
      cs->sparks_dud = s1.dud - MIN (s1.dud, s0.dud);
      cs->sparks_gcd = s1.gcd - MIN (s1.gcd, s0.gcd);
      cs->sparks_fizzled = s1.fizzled - MIN (s1.fizzled, s0.fizzled);
      stats->sparks_created += cs->sparks_created;
      stats->sparks_converted += cs->sparks_converted;
      stats->sparks_overflowed += cs->sparks_overflowed;
      stats->sparks_dud += cs->sparks_dud;
      stats->sparks_gcd += cs->sparks_gcd;
      stats->sparks_fizzled += cs->sparks_fizzled;

      es_series_value_at (es_cap_timeline_get_allocated (tl), stats->t1, &a1);
      if (stats->t0 == 0 || !es_series_value_at (es_cap_timeline_get_allocated (tl), stats->t0 - 1, &a0))
        a0 = 0;
      stats->allocated += a1 - MIN (a1, a0);
    }
}

/* The time of [a, b] in [t0, t1], less the GC pauses in it: a collection
 * during INIT or EXIT is GC time, as the RTS counts it. */
static guint64
phase_time_in (EsDocument *doc,
               guint64     a,
               guint64     b,
               guint64     t0,
               guint64     t1)
{
  guint64 from = MAX (a, t0), to = MIN (b, t1), span;

  if (to <= from)
    return 0;
  span = to - from;
  return span - MIN (span, gc_time_in (doc, from, to));
}

/* Where the census begun (its BEGIN event) at @begin started: a census is
 * taken once a GC's copying is done, and its samples are written as it
 * ends, so it began with the GC phase it is in on the caps (each cap's
 * last GC_DONE opens one), at the latest. */
static guint64
census_start (EsDocument *doc,
              guint64     begin)
{
  guint64 start = 0;

  for (guint c = 0; c < doc->caps->len; c++)
    {
      const EsCapTimeline *tl = g_ptr_array_index (doc->caps, c);
      guint i = es_cap_timeline_find_activity (tl, begin);
      guint n_activities;
      const EsActivity *activities = es_cap_timeline_get_activities (tl, &n_activities);
      guint64 a0, a1;

      if (i == G_MAXUINT)
        continue;
      i = es_cap_timeline_whole_activity (tl, i, &a0, &a1);
      if (activities[i].kind == ES_ACTIVITY_GC && a1 >= begin)
        start = MAX (start, a0);
    }
  return start > 0 ? start : begin;
}

/* The heap censuses' time in [t0, t1] (inside GC pauses): a profiling
 * RTS prints it apart, as PROF. */
static guint64
census_time_in (EsDocument *doc,
                guint64     t0,
                guint64     t1)
{
  guint n;
  const EsHeapProfSample *censuses = es_document_get_heap_samples (doc, &n);
  guint64 total = 0;

  for (guint i = 0; i < n; i++)
    if (censuses[i].census_end >= t0 && censuses[i].census_start <= t1)
      total += overlap (census_start (doc, censuses[i].census_start), censuses[i].census_end, t0, t1);
  return total;
}

/* INIT and EXIT where [t0, t1] covers them (es-run-phases.c); EXIT's GC
 * is GC time, as the RTS counts it. */
static void
compute_phases (EsDocument *doc,
                EsStats    *stats)
{
  es_run_phases_find (doc, &stats->phases);
  if (stats->phases.profiled)
    stats->prof_elapsed = census_time_in (doc, stats->t0, stats->t1);
  if (stats->phases.init_known)
    stats->init_elapsed = phase_time_in (doc, 0, stats->phases.init_end, stats->t0, stats->t1);
  if (stats->phases.exit_known)
    stats->exit_elapsed = phase_time_in (doc, stats->phases.exit_start, G_MAXUINT64, stats->t0, stats->t1);
}

/**
 * es_stats_compute:
 * @t0: start of the interval, ns (inclusive)
 * @t1: end of the interval, ns (inclusive)
 *
 * Fills @stats in O(caps + generations) x O(log n). Clear it with
 * es_stats_clear().
 */
void
es_stats_compute (EsDocument *document,
                  guint64     t0,
                  guint64     t1,
                  EsStats    *stats)
{
  g_return_if_fail (ES_IS_DOCUMENT (document));
  g_return_if_fail (stats != NULL);

  *stats = (EsStats) { 0 };
  stats->t0 = t0;
  stats->t1 = MAX (t0, t1);
  stats->total_elapsed = stats->t1 - stats->t0;

  compute_generations (document, stats);
  compute_caps (document, stats);

  stats->residency_samples = es_series_count_in (document->heap_live, stats->t0, stats->t1);
  es_series_max_in (document->heap_live, stats->t0, stats->t1, &stats->max_residency);
  /* The heap size is a state: the size held when the interval begins
   * counts too, or an interval between two GCs would have no heap at all. */
  if (!es_series_max_in (document->heap_size, stats->t0, stats->t1, &stats->max_heap_size) || stats->t0 > 0)
    {
      guint64 held;

      if (es_series_value_at (document->heap_size, stats->t0, &held))
        stats->max_heap_size = MAX (stats->max_heap_size, held);
    }

  stats->gc_elapsed = MIN (gc_time_in (document, stats->t0, stats->t1), stats->total_elapsed);
  compute_phases (document, stats);
  /* INIT + MUT + GC + EXIT is the interval, even where a damaged log's
   * pauses overlap each other or the phases. */
  stats->init_elapsed = MIN (stats->init_elapsed, stats->total_elapsed - stats->gc_elapsed);
  stats->exit_elapsed = MIN (stats->exit_elapsed, stats->total_elapsed - stats->gc_elapsed - stats->init_elapsed);
  stats->mut_elapsed = stats->total_elapsed - stats->gc_elapsed - stats->init_elapsed - stats->exit_elapsed;
  stats->prof_elapsed = MIN (stats->prof_elapsed, stats->gc_elapsed);
  stats->alloc_rate = stats->mut_elapsed > 0 ? stats->allocated / (stats->mut_elapsed / 1e9) : 0;
  /* As the RTS reckons it: what is not GC, INIT or EXIT, where a
   * profiled run's censuses are not GC (rts/Stats.c takes PROF out of GC
   * time before it divides). */
  stats->productivity = stats->total_elapsed > 0
                        ? (double) (stats->mut_elapsed + stats->prof_elapsed) / stats->total_elapsed : 0;
}

void
es_stats_clear (EsStats *stats)
{
  g_clear_pointer (&stats->caps, g_free);
  g_clear_pointer (&stats->gc_inconsistency, g_free);
}

/**
 * es_document_covers_statistics:
 *
 * Whether @document, loaded for its statistics only, still has the detail
 * that the statistics of [@t0, @t1] read: each cap's runs and GC phases at
 * the interval's two ends (after 0) and its counters (allocation, sparks)
 * at @t1 and before @t0, and, in a profiled run, its runs and GC phases at
 * the start of each of its heap censuses (PROF's time, census_time_in()).
 * and the GCs starting in the interval, as it was loaded for
 * (es_document_load_for_statistics()). A document loaded whole has all of
 * it; one loaded for statistics of another interval is loaded again for
 * this one.
 *
 * Returns: %TRUE if es_stats_compute() of [@t0, @t1] is exactly that of
 *   the whole document
 */
gboolean
es_document_covers_statistics (EsDocument *document,
                               guint64     t0,
                               guint64     t1)
{
  guint64 need = G_MAXUINT64;
  EsRunPhases phases;

  g_return_val_if_fail (ES_IS_DOCUMENT (document), FALSE);

  /* What was added up of its GCs and kept of the heap's size is of the
   * interval it was loaded for: the same ends, where they are in the run. */
  if (document->for_statistics &&
      (t0 != document->statistics_t0 ||
       (t1 != document->statistics_t1 && MIN (t1, document->statistics_t1) < document->end_time)))
    return FALSE;
  /* Nothing before 0: the totals there are none, let go of or not. */
  if (t0 > 0)
    need = MIN (need, t0 - 1);
  need = MIN (need, t1);
  es_run_phases_find (document, &phases);
  if (phases.profiled)
    {
      guint n;
      const EsHeapProfSample *censuses = es_document_get_heap_samples (document, &n);

      for (guint i = 0; i < n; i++)
        if (censuses[i].census_end >= t0 && censuses[i].census_start <= t1)
          need = MIN (need, censuses[i].census_start);
    }
  return need >= MAX (document->detail_from, document->samples_from);
}
