/* es-cap-timeline-share.c: a timeline still being built, and its copies
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-cap-timeline-private.h"

/* A live log's builder and the snapshots of it (es-document-builder-finish.c)
 * share a timeline's records: the builder's live in a records' file, and a
 * copy maps them copy-on-write (es_vec_copy()). The builder only appends
 * past what its copies read, and whatever a copy changes (the runs it
 * closes, a sort) is its own. */

static guint64
instant_time_at (const EsCapTimeline *self,
                 EsInstantKind        kind,
                 guint                i)
{
  const EsVec *a = &self->instants[kind];

  return ES_INSTANT_KIND_HAS_THREAD (kind) ? es_cap_timeline_get_instant_time (self, kind, i)
                                           : es_mark_time (&((const EsMark *) a->data)[i]);
}

/* The instants of a builder shared with its copies, of which the first
 * @in_order are in order and the first @copied are read by copies: if the
 * late ones all belong after @copied, the tail from there is sorted in
 * place (stably) and every instant is in order; else they are left to each
 * copy to sort (a late instant older than a published one: rare). Returns
 * how many are in order. */
static guint
repair_order (EsCapTimeline *self,
              EsInstantKind  kind,
              guint          in_order,
              guint          copied)
{
  EsVec *a = &self->instants[kind];
  guint64 earliest = G_MAXUINT64;
  guint from = in_order;

  for (guint i = in_order; i < a->len; i++)
    {
      guint64 t = instant_time_at (self, kind, i);

      earliest = MIN (earliest, t);
    }
  /* Back to the first that is later than the earliest late one: the sort
   * moves nothing before it (equal times keep their order). */
  while (from > copied && instant_time_at (self, kind, from - 1) > earliest)
    from--;
  if (from < copied || (from > 0 && instant_time_at (self, kind, from - 1) > earliest))
    return in_order;
  _es_cap_timeline_sort_instants (self, kind, from);
  return a->len;
}

/* Its records, empty, are to live in @file (es_vec_use_file()). */
void
_es_cap_timeline_use_file (EsCapTimeline *self,
                           EsVecFile     *file)
{
  es_vec_use_file (&self->activities, file);
  es_vec_use_file (&self->prefix, file);
  es_vec_use_file (&self->prefix_pages, file);
  for (guint k = 0; k < ES_N_INSTANT_KINDS; k++)
    es_vec_use_file (&self->instants[k], file);
  es_vec_use_file (&self->sparks, file);
  es_series_use_file (self->spark_pool, file);
  es_series_use_file (self->allocated, file);
}

/* A timeline still being built, copied whole, to be closed and sealed apart
 * while the original takes more events (es_document_builder_snapshot()). */
EsCapTimeline *
_es_cap_timeline_copy (EsCapTimeline *self)
{
  EsCapTimeline *copy = g_new0 (EsCapTimeline, 1);

  g_return_val_if_fail (!self->events_sealed && !self->sealed, copy);

  copy->cap = self->cap;
  es_vec_copy (&copy->activities, &self->activities, sizeof (EsActivity));
  copy->n_final_activities = self->activities.len;
  es_vec_copy (&copy->prefix, &self->prefix, sizeof (EsCapPrefix));
  es_vec_copy (&copy->prefix_pages, &self->prefix_pages, sizeof (guint64));
  copy->running_total = self->running_total;
  copy->activities_end = self->activities_end;
  copy->let_go = self->let_go;
  copy->first_start = self->first_start;
  copy->data_end = self->data_end;
  for (guint k = 0; k < ES_N_INSTANT_KINDS; k++)
    {
      /* Checked here, on what came since the last copy, the copy's sealing
       * need not check them all again; a late instant among them is put
       * in its place here, once, where no copy reads. */
      self->instants_in_order[k] = _es_cap_timeline_count_in_order (self, k, self->instants_in_order[k]);
      if (self->instants_in_order[k] < self->instants[k].len)
        self->instants_in_order[k] = repair_order (self, k, self->instants_in_order[k], self->instants_copied[k]);
      self->instants_copied[k] = self->instants[k].len;
      copy->instants_in_order[k] = self->instants_in_order[k];
      es_vec_copy (&copy->instants[k], &self->instants[k], _es_instant_size (k));
      if (self->instant_epochs[k] != NULL)
        copy->instant_epochs[k] = g_array_copy (self->instant_epochs[k]);
    }
  copy->wide_args = g_array_copy (self->wide_args);
  es_vec_copy (&copy->sparks, &self->sparks, sizeof (EsSparkCounters));
  copy->spark_epochs = g_array_copy (self->spark_epochs);
  copy->sparks_out_of_order = self->sparks_out_of_order;
  copy->spark_pool = es_series_copy (self->spark_pool);
  copy->allocated = es_series_copy (self->allocated);
  return copy;
}


/* Activities are let go of in whole pages of their prefix entries (see
 * ES_CAP_PREFIX_PAGE), so that the prefix entries and their pages start
 * with the first activity kept; that is whole pages of them too. */
#define LET_GO_STEP (ES_CAP_PREFIX_STRIDE * ES_CAP_PREFIX_PAGE)

/* The fewest elements of @size that fill whole pages. */
static guint
page_elements (gsize size)
{
  gsize common = 4096;

  while (size % common != 0)
    common /= 2;
  return (guint) (4096 / common);
}

/**
 * _es_cap_timeline_let_go_before:
 * @vecs: (element-type EsVec): where to add the vectors that let go of
 *   records, to give their memory back (es_vec_file_release_skipped())
 *
 * Lets go of the activities and instants before @time, in whole pages; the
 * prefix sums of those kept still count them. A live log kept for hours
 * this way keeps its newest detail.
 *
 * Returns: the time from which the cap has all its detail, at or before
 *   @time; 0 if nothing was let go of
 */
guint64
_es_cap_timeline_let_go_before (EsCapTimeline *self,
                                guint64        time,
                                GPtrArray     *vecs)
{
  guint n = es_cap_timeline_find_activity (self, time);
  guint64 kept_from = 0;

  g_return_val_if_fail (!self->sealed, 0);

  if (n != G_MAXUINT && n >= LET_GO_STEP)
    {
      n -= n % LET_GO_STEP;
      if (self->let_go == 0)
        self->first_start = ES_VEC_AT (&self->activities, EsActivity, 0).start;
      /* A builder's for statistics only, which no snapshot shares, keeps
       * writing to the same pages. */
      if (self->fold_samples)
        {
          es_vec_drop_front (&self->activities, n, sizeof (EsActivity));
          es_vec_drop_front (&self->prefix, n / ES_CAP_PREFIX_STRIDE, sizeof (EsCapPrefix));
          es_vec_drop_front (&self->prefix_pages, n / LET_GO_STEP, sizeof (guint64));
        }
      else
        {
          es_vec_skip (&self->activities, n, sizeof (EsActivity));
          es_vec_skip (&self->prefix, n / ES_CAP_PREFIX_STRIDE, sizeof (EsCapPrefix));
          es_vec_skip (&self->prefix_pages, n / LET_GO_STEP, sizeof (guint64));
        }
      self->let_go += n;
      g_ptr_array_add (vecs, &self->activities);
      g_ptr_array_add (vecs, &self->prefix);
      kept_from = ES_VEC_AT (&self->activities, EsActivity, 0).start;
    }
  for (guint k = 0; k < ES_N_INSTANT_KINDS; k++)
    {
      EsVec *a = &self->instants[k];
      gsize size = _es_instant_size (k);
      guint in_order = MIN (self->instants_in_order[k], a->len);
      guint m = _es_cap_timeline_lower_bound_in (self, k, in_order, time);
      guint64 first_kept = time;

      m -= m % page_elements (size);
      if (m == 0)
        continue;
      /* Those kept in order from m on start at the first kept, or at
       * @time if that is later (or if none is left in order). */
      if (m < in_order)
        first_kept = MIN (time, instant_time_at (self, k, m));
      es_vec_skip (a, m, size);
      _es_cap_timeline_drop_instant_epochs (self, k, m);
      self->instants_in_order[k] -= m;
      self->instants_copied[k] -= MIN (m, self->instants_copied[k]);
      g_ptr_array_add (vecs, a);
      kept_from = MAX (kept_from, first_kept);
    }
  return kept_from;
}

/**
 * _es_cap_timeline_get_detail_bytes:
 *
 * Returns: the memory its detail holds, which letting go of frees: its
 *   activities, their prefix sums, its instants
 */
guint64
_es_cap_timeline_get_detail_bytes (const EsCapTimeline *self)
{
  guint64 bytes = (guint64) self->activities.len * sizeof (EsActivity) +
                  (guint64) self->prefix.len * sizeof (EsCapPrefix);

  for (guint k = 0; k < ES_N_INSTANT_KINDS; k++)
    bytes += (guint64) self->instants[k].len * _es_instant_size (k) +
             (self->instant_epochs[k] != NULL ? (guint64) self->instant_epochs[k]->len * sizeof (EsInstantEpoch) : 0);
  return bytes;
}

/* Does @visit to each of the vectors its events are written to (see
 * es_document_builder_prefault()). */
void
_es_cap_timeline_visit_records (EsCapTimeline *self,
                                EsVecVisit     visit,
                                gpointer       user_data)
{
  visit (&self->activities, sizeof (EsActivity), user_data);
  for (guint k = 0; k < ES_N_INSTANT_KINDS; k++)
    visit (&self->instants[k], _es_instant_size (k), user_data);
  visit (&self->sparks, sizeof (EsSparkCounters), user_data);
  es_series_visit_records (self->spark_pool, visit, user_data);
  es_series_visit_records (self->allocated, visit, user_data);
}

/**
 * es_cap_timeline_get_n_let_go:
 *
 * Returns: how many activities were let go of before those
 *   es_cap_timeline_get_activities() gives (a live log's oldest detail)
 */
guint
es_cap_timeline_get_n_let_go (const EsCapTimeline *self)
{
  return self->let_go;
}
