/* es-cap-timeline.c: what one capability did, and queries over any span
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-cap-timeline-private.h"

#include "es-search.h"

G_STATIC_ASSERT (sizeof (EsActivity) == 16);
G_STATIC_ASSERT (sizeof (EsInstant) == 8);
G_STATIC_ASSERT (sizeof (EsMark) == 8);
G_STATIC_ASSERT (sizeof (EsSparkCounters) == 24);

EsCapTimeline *
es_cap_timeline_new (guint cap)
{
  EsCapTimeline *self = g_new0 (EsCapTimeline, 1);

  self->cap = cap;
  self->n_final_activities = G_MAXUINT;
  self->data_end = G_MAXUINT64;
  self->wide_args = g_array_new (FALSE, FALSE, sizeof (EsWideArg));
  for (guint k = 0; k < ES_N_INSTANT_KINDS; k++)
    if (ES_INSTANT_KIND_HAS_THREAD (k))
      self->instant_epochs[k] = g_array_new (FALSE, FALSE, sizeof (EsInstantEpoch));
  self->spark_epochs = g_array_new (FALSE, FALSE, sizeof (EsSparkEpoch));
  self->spark_pool = es_series_new ();
  self->allocated = es_series_new ();
  return self;
}

void
es_cap_timeline_free (EsCapTimeline *self)
{
  if (self == NULL)
    return;
  es_vec_clear (&self->activities, sizeof (EsActivity));
  es_vec_clear (&self->prefix, sizeof (EsCapPrefix));
  es_vec_clear (&self->prefix_pages, sizeof (guint64));
  for (guint k = 0; k < ES_N_INSTANT_KINDS; k++)
    {
      es_vec_clear (&self->instants[k], _es_instant_size (k));
      g_clear_pointer (&self->instant_epochs[k], g_array_unref);
    }
  g_array_unref (self->wide_args);
  es_vec_clear (&self->sparks, sizeof (EsSparkCounters));
  g_array_unref (self->spark_epochs);
  es_series_free (self->spark_pool);
  es_series_free (self->allocated);
  g_free (self);
}

/* A run or GC phase too long for an activity's stored length: the record
 * that starts it, then an empty one where it ends (see EsActivity). */
void
_es_cap_timeline_push_long_activity (EsCapTimeline    *self,
                                     const EsActivity *activity,
                                     guint64           end)
{
  EsActivity head = *activity, tail = *activity;

  head.stored_length = ES_ACTIVITY_LONG;
  head.stop_status = ES_STOP_NO_STATUS;
  head.flags = ES_ACTIVITY_CONTINUES;
  tail.start = end;
  tail.stored_length = 0;

  if (self->activities.len % ES_CAP_PREFIX_STRIDE == 0)
    _es_cap_timeline_add_prefix (self, head.start);
  self->running_total.before[head.kind] += end - head.start;
  *ES_VEC_PUSH (&self->activities, EsActivity) = head;
  if (self->activities.len % ES_CAP_PREFIX_STRIDE == 0)
    _es_cap_timeline_add_prefix (self, tail.start);
  *ES_VEC_PUSH (&self->activities, EsActivity) = tail;
}

/* The out-of-line part of _es_cap_timeline_push_activity(): one prefix
 * entry every ES_CAP_PREFIX_STRIDE activities. */
void
_es_cap_timeline_add_prefix (EsCapTimeline *self,
                             guint64        start)
{
  EsCapPrefix entry = self->running_total;

  entry.start = start;
  if (self->prefix.len % ES_CAP_PREFIX_PAGE == 0)
    *ES_VEC_PUSH (&self->prefix_pages, guint64) = start;
  *ES_VEC_PUSH (&self->prefix, EsCapPrefix) = entry;
}

void
es_cap_timeline_add_allocated (EsCapTimeline *self,
                               guint64        time,
                               guint64        bytes)
{
  g_return_if_fail (!self->sealed);

  if (G_UNLIKELY (self->fold_samples) && _es_cap_timeline_replaces_last (self, self->allocated, time))
    es_series_drop_last (self->allocated);
  es_series_append (self->allocated, time, bytes);
}

/**
 * _es_cap_timeline_fold_samples:
 * @keep_from: the earliest time (but 0) the cap's samples will be asked
 *   about: G_MAXUINT64 for a whole run's statistics
 *
 * For a builder for statistics only: of the cap's allocation and spark
 * samples up to @keep_from, only the last is kept, each replacing the one
 * before (a big log has one of each per cap per GC). What they are asked,
 * their value at a time at or after @keep_from (es_stats_compute() takes
 * the difference of two), stays exact; es_cap_timeline_get_samples_from()
 * says from when.
 */
void
_es_cap_timeline_fold_samples (EsCapTimeline *self,
                               guint64        keep_from)
{
  self->fold_samples = TRUE;
  self->keep_samples_from = keep_from;
}

/* Whether a sample at @time, to be added to @series (the cap's own), is
 * to replace the last one (_es_cap_timeline_fold_samples()): both are at
 * or before the time kept from, in order. */
gboolean
_es_cap_timeline_replaces_last (EsCapTimeline  *self,
                                const EsSeries *series,
                                guint64         time)
{
  guint n = es_series_get_length (series);
  guint64 last;

  if (!self->fold_samples || n == 0)
    return FALSE;
  last = es_series_get_samples (series)[n - 1].time;
  if (last > time || time > self->keep_samples_from)
    return FALSE;
  self->samples_from = MAX (self->samples_from, time);
  return TRUE;
}

/**
 * es_cap_timeline_get_samples_from:
 *
 * Returns: the time from which the cap's allocation and spark samples are
 *   all there: 0 but in a document loaded for statistics only
 *   (_es_cap_timeline_fold_samples())
 */
guint64
es_cap_timeline_get_samples_from (const EsCapTimeline *self)
{
  return self->samples_from;
}

/**
 * es_cap_timeline_seal_events:
 *
 * Indexes the instants, spark samples and series, which are complete once
 * the cap's events are all read; activities may still be added (what the
 * log left open is closed only when every cap's end is known). Lets each
 * loading worker do this part in parallel.
 */
void
es_cap_timeline_seal_events (EsCapTimeline *self)
{
  g_return_if_fail (!self->events_sealed);

  /* A cap's stream is time ordered within its blocks; these sorts only
   * repair the rare event posted at a past timestamp. */
  for (guint k = 0; k < ES_N_INSTANT_KINDS; k++)
    _es_cap_timeline_sort_if_late (self, k, self->instants_in_order[k]);
  if (self->sparks_out_of_order)
    _es_cap_timeline_sort_spark_samples (self);
  g_array_sort_with_data (self->wide_args, es_search_compare_keys, ES_SEARCH_KEY (EsWideArg, time));
  es_series_seal (self->spark_pool);
  es_series_seal (self->allocated);
  for (guint k = 0; k < ES_N_INSTANT_KINDS; k++)
    es_vec_release_spare (&self->instants[k], _es_instant_size (k));
  es_vec_release_spare (&self->sparks, sizeof (EsSparkCounters));
  self->events_sealed = TRUE;
}

void
es_cap_timeline_seal (EsCapTimeline *self)
{
  g_return_if_fail (!self->sealed);

  if (!self->events_sealed)
    es_cap_timeline_seal_events (self);
  es_vec_release_spare (&self->activities, sizeof (EsActivity));
  es_vec_release_spare (&self->prefix, sizeof (EsCapPrefix));
  es_vec_release_spare (&self->prefix_pages, sizeof (guint64));
  self->sealed = TRUE;
}

guint
es_cap_timeline_get_cap (const EsCapTimeline *self)
{
  return self->cap;
}

/**
 * es_cap_timeline_set_data_end:
 * @time: the cap's last event, in a log cut short
 *
 * Each cap writes its events into its own buffer, flushed when full: a
 * log cut short holds each cap's events up to a different time, and
 * after its last one nothing is known of the cap, which is neither
 * running nor idle there.
 */
void
es_cap_timeline_set_data_end (EsCapTimeline *self,
                              guint64        time)
{
  self->data_end = time;
}

/**
 * es_cap_timeline_get_data_end:
 *
 * Returns: where the cap's data ends (es_cap_timeline_set_data_end()),
 *   or G_MAXUINT64 if it goes on to the log's end
 */
guint64
es_cap_timeline_get_data_end (const EsCapTimeline *self)
{
  return self->data_end;
}

const EsActivity *
es_cap_timeline_get_activities (const EsCapTimeline *self,
                                guint               *n_activities)
{
  *n_activities = self->activities.len;
  return self->activities.data;
}

/**
 * es_cap_timeline_get_n_final_activities:
 *
 * Returns: how many of its first activities every later document of the
 *   same log has too, unchanged: all of a finished log's; of a live log's
 *   snapshot, those its builder had (what the snapshot closed at its end
 *   may yet go on)
 */
guint
es_cap_timeline_get_n_final_activities (const EsCapTimeline *self)
{
  return MIN (self->n_final_activities, self->activities.len);
}

/* es_search_upper_bound() for activities, whose start is a bit-field:
 * the number of activities starting at or before @time. */
static guint
activity_upper_bound (const EsActivity *a,
                      guint             n,
                      guint64           time)
{
  guint lo = 0, hi = n;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (a[mid].start <= time)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* The number of activities starting at or before @time, from @from on (an
 * index known to start at or before it). The search goes through the prefix
 * entries first, a thirty-second of the activities' memory, then bisects
 * one stride: on a cold cache (a selection's figures search every cap
 * once) that is about half the random reads of bisecting the activities. */
static guint
activity_count_until (const EsCapTimeline *self,
                      guint                from,
                      guint64              time)
{
  const EsActivity *a = self->activities.data;
  guint n = self->activities.len, block, lo, hi;

  if (n == 0 || a[0].start > time)
    return 0;
  /* prefix[0] is a[0], which starts at or before @time: block >= 1. */
  block = es_search_paged (self->prefix_pages.data, self->prefix_pages.len, ES_CAP_PREFIX_PAGE, self->prefix.data,
                           self->prefix.len, sizeof (EsCapPrefix), G_STRUCT_OFFSET (EsCapPrefix, start), time, TRUE);
  /* prefix[block - 1] is the last stride that starts at or before @time. */
  lo = MAX (from, (block - 1) * ES_CAP_PREFIX_STRIDE);
  hi = MIN (block * ES_CAP_PREFIX_STRIDE, n);
  if (lo >= hi)
    return hi;
  return lo + activity_upper_bound (&a[lo], hi - lo, time);
}

/**
 * es_cap_timeline_find_activity:
 *
 * Returns: the index of the last activity starting at or before @time, or
 *   G_MAXUINT if there is none. It covers @time only if its end is later.
 */
guint
es_cap_timeline_find_activity (const EsCapTimeline *self,
                               guint64              time)
{
  guint after = activity_count_until (self, 0, time);

  return after == 0 ? G_MAXUINT : after - 1;
}

/**
 * es_cap_timeline_whole_activity:
 * @index: an activity's index
 * @start: (out): where the run or GC phase it is part of starts
 * @end: (out): where it ends
 *
 * A run or GC phase longer than an activity holds is stored in pieces (see
 * ES_ACTIVITY_CONTINUES): this gives the whole of the one @index is in.
 *
 * Returns: the index of its last piece, whose stop status and flags say
 *   how it ended
 */
guint
es_cap_timeline_whole_activity (const EsCapTimeline *self,
                                guint                index,
                                guint64             *start,
                                guint64             *end)
{
  const EsActivity *a = self->activities.data;
  guint first = index, last = index;

  g_return_val_if_fail (index < self->activities.len, index);

  while (first > 0 && (a[first - 1].flags & ES_ACTIVITY_CONTINUES))
    first--;
  while ((a[last].flags & ES_ACTIVITY_CONTINUES) && last + 1 < self->activities.len)
    last++;
  *start = a[first].start;
  *end = es_activity_end (&a[last]);
  return last;
}

/* The time of each kind before @time, earlier than the first activity
 * kept: none before the first there was; at the first kept, everything
 * let go of (its prefix entry); in between, where the detail is let go
 * of, as if spread evenly. So a whole run's figures stay exact. */
static void
totals_let_go (const EsCapTimeline *self,
               guint64              time,
               guint64             *totals)
{
  const EsCapPrefix *kept = self->prefix.data;
  guint64 first_kept;

  for (guint k = 0; k < ES_N_ACTIVITY_KINDS; k++)
    totals[k] = 0;
  if (self->let_go == 0 || self->prefix.len == 0 || self->activities.len == 0 || time <= self->first_start)
    return;
  first_kept = ES_VEC_AT (&self->activities, EsActivity, 0).start;
  for (guint k = 0; k < ES_N_ACTIVITY_KINDS; k++)
    totals[k] = time >= first_kept ? kept->before[k]
                                   : (guint64) ((double) kept->before[k] * (double) (time - self->first_start) /
                                                (double) (first_kept - self->first_start));
}

/* Total time of @kind before @time. */
static guint64
cumulative (const EsCapTimeline *self,
            EsActivityKind       kind,
            guint64              time)
{
  guint i = es_cap_timeline_find_activity (self, time);
  const EsActivity *a = self->activities.data;
  guint64 total;

  if (i == G_MAXUINT)
    {
      guint64 totals[ES_N_ACTIVITY_KINDS];

      totals_let_go (self, time, totals);
      return totals[kind];
    }
  total = ES_VEC_AT (&self->prefix, EsCapPrefix, i / ES_CAP_PREFIX_STRIDE).before[kind];
  for (guint j = i - i % ES_CAP_PREFIX_STRIDE; j < i; j++)
    if (a[j].kind == kind)
      total += es_activity_length (&a[j]);
  if (a[i].kind == kind)
    total += MIN (time, es_activity_end (&a[i])) - a[i].start;
  return total;
}

/**
 * es_cap_timeline_cumulative:
 * @hint: an activity index at or before the answer (0 if unknown): callers
 *   walking forward in time pass the previous result and search less
 * @totals: (out caller-allocates) (array fixed-size=4): the time of each
 *   EsActivityKind before @time
 *
 * Returns: the index to pass as the next @hint.
 */
guint
es_cap_timeline_cumulative (const EsCapTimeline *self,
                            guint64              time,
                            guint                hint,
                            guint64             *totals)
{
  const EsActivity *a = self->activities.data;
  guint from = MIN (hint, self->activities.len), lo, i;

  if (from < self->activities.len && a[from].start > time)
    from = 0;
  lo = activity_count_until (self, from, time);
  if (lo == 0)
    {
      totals_let_go (self, time, totals);
      return 0;
    }
  i = lo - 1;
  for (guint k = 0; k < ES_N_ACTIVITY_KINDS; k++)
    totals[k] = ES_VEC_AT (&self->prefix, EsCapPrefix, i / ES_CAP_PREFIX_STRIDE).before[k];
  for (guint j = i - i % ES_CAP_PREFIX_STRIDE; j < i; j++)
    totals[a[j].kind] += es_activity_length (&a[j]);
  totals[a[i].kind] += MIN (time, es_activity_end (&a[i])) - a[i].start;
  return i;
}

/**
 * es_cap_timeline_cumulative_walk:
 * @cursor: where the last call left off (zeroed for the first)
 * @totals: (out caller-allocates) (array fixed-size=4): the time of each
 *   EsActivityKind before @time, as es_cap_timeline_cumulative() gives
 *
 * The same totals for times that go forward, as a frame's column edges
 * do: the activity is found from the last one (a few steps, or a gallop
 * through the prefix entries and a search in one stride), and the totals
 * are carried on from there, or taken from the nearer prefix entry when
 * the step is longer. A step over k activities costs O(log k +
 * min (k, ES_CAP_PREFIX_STRIDE / 2)), where es_cap_timeline_cumulative()
 * bisects the rest of the cap's activities and adds up to a stride each
 * time. A time earlier than the last starts the walk over.
 *
 * Returns: es_cap_timeline_find_activity() of @time, found on the way
 */
guint
es_cap_timeline_cumulative_walk (const EsCapTimeline *self,
                                 EsCapCursor         *cursor,
                                 guint64              time,
                                 guint64             *totals)
{
  const EsActivity *a = self->activities.data;
  const EsCapPrefix *prefix = self->prefix.data;
  guint n = self->activities.len, n_prefix = self->prefix.len, lo, hi, block;

  if (n == 0 || a[0].start > time)
    {
      totals_let_go (self, time, totals);
      return G_MAXUINT;
    }
  /* Before activity 0 is what was let go of (prefix[0]), not nothing. */
  if (cursor->index >= n || a[cursor->index].start > time || cursor->index == 0)
    {
      cursor->index = 0;
      memcpy (cursor->before, prefix[0].before, sizeof cursor->before);
    }
  lo = cursor->index;

  /* A few activities on, the answer is found where the totals are summed;
   * further, the prefix entries' starts lead to its stride, so that a
   * column of hundreds of activities reads a few of them, not a gallop's
   * worth spread over all. */
  for (guint i = 0; i < 4 && lo + 1 < n && a[lo + 1].start <= time; i++)
    lo++;
  if (lo + 1 < n && a[lo + 1].start <= time)
    {
      /* prefix[lo / stride] and a[lo] start at or before @time, so each
       * search finds at least the first record of its range. */
      block = es_search_upper_bound_from (prefix, n_prefix, sizeof (EsCapPrefix), G_STRUCT_OFFSET (EsCapPrefix, start),
                                          lo / ES_CAP_PREFIX_STRIDE + 1, time) - 1;
      /* The answer is in this stride, at or after lo. */
      lo = MAX (lo, block * ES_CAP_PREFIX_STRIDE);
      hi = MIN ((block + 1) * ES_CAP_PREFIX_STRIDE, n);
      lo += activity_upper_bound (&a[lo], hi - lo, time) - 1;
    }
  /* lo: the last activity starting at or before @time. The totals before
   * it: carried on from the cursor, or from the nearer end of its stride. */
  if (lo - cursor->index > ES_CAP_PREFIX_STRIDE / 2)
    {
      guint base = lo - lo % ES_CAP_PREFIX_STRIDE, next = base + ES_CAP_PREFIX_STRIDE;

      if (lo - base > ES_CAP_PREFIX_STRIDE / 2 && next / ES_CAP_PREFIX_STRIDE < n_prefix)
        {
          memcpy (cursor->before, prefix[next / ES_CAP_PREFIX_STRIDE].before, sizeof cursor->before);
          for (guint j = lo; j < next; j++)
            cursor->before[a[j].kind] -= es_activity_length (&a[j]);
          cursor->index = lo;
        }
      else if (base > cursor->index)
        {
          memcpy (cursor->before, prefix[base / ES_CAP_PREFIX_STRIDE].before, sizeof cursor->before);
          cursor->index = base;
        }
    }
  for (guint j = cursor->index; j < lo; j++)
    cursor->before[a[j].kind] += es_activity_length (&a[j]);
  cursor->index = lo;
  memcpy (totals, cursor->before, sizeof cursor->before);
  totals[a[lo].kind] += MIN (time, es_activity_end (&a[lo])) - a[lo].start;
  return lo;
}

/* Nanoseconds of @kind within [t0, t1]. */
guint64
es_cap_timeline_time_in (const EsCapTimeline *self,
                         EsActivityKind       kind,
                         guint64              t0,
                         guint64              t1)
{
  g_return_val_if_fail (kind < ES_N_ACTIVITY_KINDS, 0);

  if (t1 <= t0)
    return 0;
  return cumulative (self, kind, t1) - cumulative (self, kind, t0);
}
