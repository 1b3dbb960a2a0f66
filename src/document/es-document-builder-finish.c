/* es-document-builder-finish.c: merging partial builds, and the last pass
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-document-builder-private.h"
#include "es-search.h"

/* @from's threads, in id order, into @doc: a frozen table of the
 * builder's, sharing its chunks. Their runs and states stay where they are
 * (the caps' activities and instants) until a view asks for them. */
static void
write_threads (EsDocument        *doc,
               EsDocumentBuilder *from)
{
  es_thread_table_free (doc->threads);
  doc->threads = es_thread_table_freeze (from->threads);
}

static void
merge_threads (EsDocumentBuilder *self,
               EsDocumentBuilder *other)
{
  g_autoptr(EsThreadTable) threads = es_thread_table_freeze (other->threads);

  for (guint i = 0; i < es_thread_table_get_length (threads); i++)
    {
      const EsThread *from = es_thread_table_get (threads, i);
      EsThread *into = es_thread_table_write (self->threads, from->id);

      if (into->created_cap == ES_CAP_NONE && from->created_cap != ES_CAP_NONE)
        {
          into->created = from->created;
          into->created_cap = from->created_cap;
        }
      if (from->label != NULL)
        into->label = from->label;
      into->n_migrations += from->n_migrations;
      into->n_wakeups += from->n_wakeups;
    }
}

static void
merge_heap_profile (EsDocumentBuilder *self,
                    EsDocumentBuilder *other)
{
  EsDocument *into = self->doc, *from = other->doc;
  guint first_entry = into->heap_entries.len;

  if (from->heap_prof_breakdown != 0)
    {
      into->heap_prof_breakdown = from->heap_prof_breakdown;
      into->heap_prof_period = from->heap_prof_period;
    }
  for (guint i = 0; i < from->heap_entries.len; i++)
    {
      EsHeapProfEntry entry = ES_VEC_AT (&from->heap_entries, EsHeapProfEntry, i);

      entry.band = _es_builder_band_id (self, g_ptr_array_index (from->heap_bands, entry.band));
      *ES_VEC_PUSH (&into->heap_entries, EsHeapProfEntry) = entry;
    }
  for (guint i = 0; i < from->heap_samples.len; i++)
    {
      EsHeapProfSample sample = ES_VEC_AT (&from->heap_samples, EsHeapProfSample, i);

      sample.first_entry += first_entry;
      *ES_VEC_PUSH (&into->heap_samples, EsHeapProfSample) = sample;
    }
  g_array_append_vals (into->cost_centres, from->cost_centres->data, from->cost_centres->len);
  g_array_append_vals (into->info_tables, from->info_tables->data, from->info_tables->len);
}

static void
merge_process (EsDocumentBuilder *self,
               EsDocumentBuilder *other)
{
  EsProcessInfo *into = &self->doc->process;
  const EsProcessInfo *from = &other->doc->process;

  /* Field by field: a part that saw none of these events (most do not, as
   * they are global) must not wipe what part 0 found. */
#define TAKE_IF_UNSET(field) if (!into->field) into->field = from->field
  TAKE_IF_UNSET (rts_identifier);
  TAKE_IF_UNSET (pid);
  TAKE_IF_UNSET (ppid);
  if (into->wall_clock_sec == 0 && into->wall_clock_nsec == 0)
    {
      into->wall_clock_sec = from->wall_clock_sec;
      into->wall_clock_nsec = from->wall_clock_nsec;
    }
  TAKE_IF_UNSET (n_generations);
  TAKE_IF_UNSET (max_heap_size);
  TAKE_IF_UNSET (alloc_area_size);
  TAKE_IF_UNSET (mblock_size);
  TAKE_IF_UNSET (block_size);
#undef TAKE_IF_UNSET
  if (self->args->len == 0)
    g_ptr_array_extend (self->args, other->args, NULL, NULL);
  if (self->env->len == 0)
    g_ptr_array_extend (self->env, other->env, NULL, NULL);
  into->program = self->args->len > 0 ? g_ptr_array_index (self->args, 0) : NULL;
}

/* Puts the GCs in start order, equal starts keeping their order, as the
 * index wants them: they come as one sorted run per loading worker (each
 * led its caps' GCs in time order), merged (es_vec_sort_runs()). */
static void
sort_gcs (EsDocument *doc)
{
  guint n = doc->gcs.len;

  /* A live log's copy: the first are in order, and before all the rest
   * (see index_gcs_so_far()). g_qsort_with_data() is stable. */
  if (doc->gcs_indexed > 0)
    {
      g_qsort_with_data (&ES_VEC_AT (&doc->gcs, EsGc, doc->gcs_indexed), n - doc->gcs_indexed, sizeof (EsGc),
                         es_search_compare_keys, ES_SEARCH_KEY (EsGc, start));
      return;
    }
  es_vec_sort_runs (&doc->gcs, sizeof (EsGc), G_STRUCT_OFFSET (EsGc, start));
}

/**
 * es_document_builder_end_of_input:
 *
 * Says that this builder has seen all its events: it indexes what is
 * complete already (per cap: instants, spark samples, series), so that
 * loading workers do it in parallel before they merge. Optional.
 */
void
es_document_builder_end_of_input (EsDocumentBuilder *self)
{
  g_return_if_fail (self != NULL);
  /* Sealing sorts and packs in place, under published snapshots. */
  g_return_if_fail (self->records == NULL);

  for (guint i = 0; i < self->caps->len; i++)
    {
      CapState *cap = g_ptr_array_index (self->caps, i);

      es_cap_timeline_seal_events (cap->timeline);
    }
}

/**
 * es_document_builder_merge:
 * @other: (transfer full): a builder fed other caps of the same log
 *
 * Takes in what @other built from its share of the log's blocks (see
 * es_eventlog_reader_set_partition()): its caps, GCs, threads, series,
 * messages and spans. @other is spent; its strings move over too.
 */
void
es_document_builder_merge (EsDocumentBuilder *self,
                           EsDocumentBuilder *other)
{
  EsDocument *into = self->doc, *from = other->doc;
  guint gc_offset = into->gc_fold != NULL ? into->gc_fold->spans.len : into->gcs.len;

  g_return_if_fail (self != NULL && other != NULL);

  for (guint c = 0; c < other->caps->len; c++)
    {
      CapState *theirs = g_ptr_array_index (other->caps, c);
      CapState *ours;
      guint n_ours, n_theirs;

      _es_builder_get_cap (self, c);
      ours = g_ptr_array_index (self->caps, c);
      es_cap_timeline_get_activities (ours->timeline, &n_ours);
      es_cap_timeline_get_activities (theirs->timeline, &n_theirs);
      /* A cap's blocks all went to one builder: keep the one that has them. */
      if (n_theirs > n_ours || theirs->last_time > ours->last_time)
        {
          if (theirs->pending_gc != NO_GC)
            theirs->pending_gc += gc_offset;
          g_ptr_array_index (self->caps, c) = theirs;
          g_ptr_array_index (other->caps, c) = ours;
        }
    }

  _es_builder_settle_heap_size (other);
  es_vec_append (&into->gcs, from->gcs.data, from->gcs.len, sizeof (EsGc));
  if (into->gc_fold != NULL && from->gc_fold != NULL)
    _es_gc_fold_merge (into->gc_fold, from->gc_fold);
  es_vec_append (&into->messages, from->messages.data, from->messages.len, sizeof (EsUserEvent));
  es_vec_append (&into->markers, from->markers.data, from->markers.len, sizeof (EsUserEvent));
  g_array_append_vals (into->tasks, from->tasks->data, from->tasks->len);
  g_array_append_vals (into->capsets, from->capsets->data, from->capsets->len);
  g_array_append_vals (into->binary_messages, from->binary_messages->data, from->binary_messages->len);
  es_series_merge (into->mem_returned, from->mem_returned);
  g_array_append_vals (into->orphan_stops, from->orphan_stops->data, from->orphan_stops->len);
  es_series_merge (into->heap_size, from->heap_size);
  es_series_merge (into->heap_live, from->heap_live);
  es_series_merge (into->blocks_size, from->blocks_size);
  merge_threads (self, other);
  merge_heap_profile (self, other);
  _es_builder_merge_prof (self, other);
  merge_process (self, other);

  if (other->have_time)
    {
      into->start_time = self->have_time ? MIN (into->start_time, from->start_time) : from->start_time;
      into->end_time = self->have_time ? MAX (into->end_time, from->end_time) : from->end_time;
      self->have_time = TRUE;
    }
  into->n_events += from->n_events;
  /* Its caps' detail starts where the latest of them kept it from. */
  into->detail_from = MAX (into->detail_from, from->detail_from);

  /* Everything above points into @other's strings: keep them. */
  g_ptr_array_add (into->more_strings, g_steal_pointer (&from->strings));
  from->strings = g_string_chunk_new (16);
  es_document_builder_free (other);
}

/**
 * es_document_builder_finish:
 * @truncated: whether the log ended without its end marker
 *
 * Closes what the log left open (a thread still running, a GC in progress,
 * a span never stopped) at the last timestamp, flagging each, then builds
 * the indexes.
 *
 * A builder made for snapshots is only snapshotted: finishing sorts and
 * packs its records in place, under the snapshots that map them.
 *
 * Returns: (transfer full): the document. The builder is spent: free it,
 *   and do not use it otherwise.
 */
EsDocument *
es_document_builder_finish (EsDocumentBuilder *self,
                            gboolean           truncated,
                            gint64             truncated_at)
{
  EsDocument *doc;
  guint64 end;

  g_return_val_if_fail (self != NULL && self->records == NULL, NULL);

  doc = self->doc;
  for (guint i = 0; i < self->caps->len; i++)
    {
      CapState *cap = g_ptr_array_index (self->caps, i);

      /* A cut log holds each cap's buffers up to a different time: what
       * a cap was doing ends with its last event, not at another cap's. */
      end = doc->end_time;
      if (truncated && !self->ongoing && !self->rows_are_threads && cap->last_time < end)
        {
          end = cap->last_time;
          es_cap_timeline_set_data_end (cap->timeline, end);
        }
      if (cap->running)
        {
          _es_builder_close_run (cap, end, ES_STOP_NO_STATUS, ES_ACTIVITY_ENDED_BY_LOG_END);
          doc->n_closed_runs++;
        }
      if (cap->in_gc)
        {
          _es_builder_close_gc_phase (cap, end, ES_ACTIVITY_ENDED_BY_LOG_END);
          cap->in_gc = FALSE;
          doc->n_closed_gcs++;
        }
      if (cap->pending_gc != NO_GC && doc->gc_fold != NULL)
        ES_VEC_AT (&doc->gc_fold->spans, EsGcSpan, cap->pending_gc).end = end;
      else if (cap->pending_gc != NO_GC)
        ES_VEC_AT (&doc->gcs, EsGc, cap->pending_gc).end = end;
      doc->samples_from = MAX (doc->samples_from, es_cap_timeline_get_samples_from (cap->timeline));
      es_cap_timeline_seal (cap->timeline);
      g_ptr_array_add (doc->caps, g_steal_pointer (&cap->timeline));
    }

  /* A copy's were written as it was made. */
  if (!self->threads_written)
    write_threads (doc, self);
  _es_builder_order_user_events (self);

  g_ptr_array_add (self->args, NULL);
  g_ptr_array_add (self->env, NULL);
  doc->process.args = g_memdup2 (self->args->pdata, self->args->len * sizeof (gpointer));
  doc->process.env = g_memdup2 (self->env->pdata, self->env->len * sizeof (gpointer));

  doc->truncated = truncated;
  doc->truncated_at = truncated_at;
  sort_gcs (doc);
  _es_builder_settle_heap_size (self);
  /* A log without GC_STATS has its GCs made from its caps' GC phases
   * (which were then all kept), as any document's. */
  if (doc->gc_fold != NULL && doc->gc_fold->spans.len == 0)
    g_clear_pointer (&doc->gc_fold, _es_gc_fold_free);
  if (doc->gc_fold != NULL)
    _es_gc_fold_finish (doc->gc_fold);
  _es_builder_settle_heap_samples (self, G_MAXUINT64);
  _es_document_build_index (doc);
  _es_document_index_prof (doc);
  _es_document_index_info_tables (doc);

  return g_steal_pointer (&self->doc);
}

/* Sets @before to the time no event to come can be earlier than: the
 * earliest of the caps' last events (each cap's events come in time
 * order) and, with @gcs_under_way, of the starts of the GCs they are in;
 * a cap with no events yet, which would hold everything back, aside (what
 * it brings earlier is then late, and indexed again). FALSE if no cap has
 * any. */
static gboolean
settled_before (EsDocumentBuilder *self,
                gboolean           gcs_under_way,
                guint64           *before)
{
  gboolean any = FALSE;

  *before = G_MAXUINT64;
  for (guint c = 0; c < self->caps->len; c++)
    {
      const CapState *cap = g_ptr_array_index (self->caps, c);

      if (cap->last_time == 0)
        continue;
      any = TRUE;
      *before = MIN (*before, cap->last_time);
      if (gcs_under_way && cap->in_gc)
        *before = MIN (*before, cap->gc_start);
      /* A GC whose end is still to come (a GC_END after a GC_START or a
       * run that closed its phase, in a malformed log) stays unindexed. */
      if (gcs_under_way && cap->pending_gc != NO_GC)
        *before = MIN (*before, ES_VEC_AT (&self->doc->gcs, EsGc, cap->pending_gc).start);
    }
  return any;
}

/* Merges the caps' allocation as far as no later sample can come before,
 * for the copies to go on from. A sample that does come before (a cap's
 * first events, late) has it all merged again, in a series of its own:
 * the copies map the old one. While a cap's series is out of order (a
 * sample without a cap, which goes to cap 0's), nothing is merged here:
 * each copy sorts the caps' series and merges them all. */
static void
merge_allocated_so_far (EsDocumentBuilder *self)
{
  EsDocument *doc = self->doc;
  guint n_caps = self->caps->len;
  g_autofree EsCapTimeline **timelines = g_new (EsCapTimeline *, MAX (n_caps, 1));
  guint64 before;
  gboolean in_order = TRUE;

  for (guint c = 0; c < n_caps; c++)
    {
      CapState *cap = g_ptr_array_index (self->caps, c);

      timelines[c] = cap->timeline;
      in_order &= es_series_is_in_order (cap->timeline->allocated);
    }
  if (self->allocated_late || (!in_order && doc->allocated_taken->len > 0))
    {
      es_series_give_back (doc->allocated);
      doc->allocated = es_series_new ();
      es_series_use_file (doc->allocated, self->records);
      g_array_set_size (doc->allocated_taken, 0);
      g_array_set_size (doc->allocated_current, 0);
      doc->allocated_total = 0;
      self->allocated_before = 0;
      self->allocated_late = FALSE;
    }
  if (!in_order || !settled_before (self, FALSE, &before))
    return;
  _es_document_merge_allocated (doc, timelines, n_caps, before);
  self->allocated_before = MAX (self->allocated_before, before);
}

/* Puts the GCs that no later one can start before (settled_before()) at
 * the front of the builder's, in start order, and indexes them, for the
 * copies to go on from; the others stay after them in the order they
 * came, and the caps' pending GCs (always among those) are followed. A GC
 * that does start before (a cap's first events, late) has them all
 * indexed again. */
static void
index_gcs_so_far (EsDocumentBuilder *self)
{
  EsDocument *doc = self->doc;
  guint from, n = doc->gcs.len, n_early = 0, n_late = 0;
  guint64 before;
  g_autoptr(GArray) early = NULL, late = NULL;
  g_autofree guint *moved_to = NULL;

  if (self->gcs_late)
    {
      /* The snapshots map them: they are rewritten elsewhere. */
      es_vec_leave_region (&doc->gcs, sizeof (EsGc), TRUE);
      es_vec_leave_region (&doc->gc_pause_prefix, sizeof (guint64), FALSE);
      for (guint g = 0; g < doc->gen_index->len; g++)
        {
          EsGenIndex *index = g_ptr_array_index (doc->gen_index, g);

          es_vec_leave_region (&index->starts, sizeof (guint64), FALSE);
          es_vec_leave_region (&index->prefix, sizeof (EsGenPrefix), FALSE);
          es_series_give_back (g_steal_pointer (&index->pauses));
          es_series_give_back (g_steal_pointer (&index->slops));
        }
      g_ptr_array_set_size (doc->gen_index, 0);
      doc->gcs_indexed = 0;
      self->gcs_before = 0;
      self->gcs_late = FALSE;
    }
  from = doc->gcs_indexed;
  if (!settled_before (self, TRUE, &before) || from == n)
    return;

  early = g_array_new (FALSE, FALSE, sizeof (EsGc));
  late = g_array_new (FALSE, FALSE, sizeof (EsGc));
  moved_to = g_new (guint, n - from);
  for (guint i = from; i < n; i++)
    {
      const EsGc *gc = &ES_VEC_AT (&doc->gcs, EsGc, i);

      if (gc->start < before)
        {
          moved_to[i - from] = G_MAXUINT;
          g_array_append_val (early, *gc);
        }
      else
        {
          moved_to[i - from] = n_late++;
          g_array_append_val (late, *gc);
        }
    }
  n_early = early->len;
  if (n_early == 0)
    return;
  g_array_sort_with_data (early, es_search_compare_keys, ES_SEARCH_KEY (EsGc, start));
  memcpy (&ES_VEC_AT (&doc->gcs, EsGc, from), early->data, (gsize) n_early * sizeof (EsGc));
  if (n_late > 0)
    memcpy (&ES_VEC_AT (&doc->gcs, EsGc, from + n_early), late->data, (gsize) n_late * sizeof (EsGc));
  for (guint c = 0; c < self->caps->len; c++)
    {
      CapState *cap = g_ptr_array_index (self->caps, c);

      /* A pending GC is never indexed (settled_before()): it is among the
       * late, which the copies have as their own. */
      if (cap->pending_gc != NO_GC && cap->pending_gc >= from)
        {
          g_assert (moved_to[cap->pending_gc - from] != G_MAXUINT);
          cap->pending_gc = from + n_early + moved_to[cap->pending_gc - from];
        }
    }
  _es_document_index_gcs (doc, from + n_early);
  self->gcs_before = MAX (self->gcs_before, before);
}

/**
 * es_document_builder_copy:
 *
 * A copy of @self as it stands, to be finished (es_document_builder_finish())
 * on any thread while @self goes on taking events: every record, the state
 * of each cap's runs and GCs, the threads' table, the spans' edges; not
 * the time profile's interning, which only adding more samples needs. The
 * records of a builder made by es_document_builder_new_for_snapshots()
 * are mapped, not copied.
 *
 * Returns: (transfer full): the copy, to be finished and freed
 */
EsDocumentBuilder *
es_document_builder_copy (EsDocumentBuilder *self)
{
  EsDocumentBuilder *copy;
  GHashTableIter iter;
  gpointer key, value;
  guint64 before;

  g_return_val_if_fail (self != NULL, NULL);

  copy = g_new0 (EsDocumentBuilder, 1);
  merge_allocated_so_far (self);
  index_gcs_so_far (self);
  if (settled_before (self, FALSE, &before))
    {
      _es_builder_settle_user_events (self, before);
      _es_builder_settle_heap_samples (self, before);
      _es_builder_settle_prof (self, before);
    }
  copy->doc = _es_document_copy_unfinished (self->doc);
  /* The builder goes on reordering and completing the GCs not indexed yet
   * (index_gcs_so_far(), a pending GC's end): the copy keeps its own. */
  es_vec_own (&copy->doc->gcs, copy->doc->gcs_indexed, sizeof (EsGc));
  /* And the census it is in: each entry to come counts in it. */
  if (self->heap_sample >= 0)
    es_vec_own (&copy->doc->heap_samples, (guint) self->heap_sample, sizeof (EsHeapProfSample));
  if (self->records != NULL)
    copy->doc->records_pin = es_vec_file_pin (self->records);
  copy->caps = g_ptr_array_new_with_free_func (_es_builder_free_cap_state);
  for (guint i = 0; i < self->caps->len; i++)
    {
      const CapState *cap = g_ptr_array_index (self->caps, i);
      CapState *state = g_memdup2 (cap, sizeof *cap);

      state->timeline = _es_cap_timeline_copy (cap->timeline);
      g_ptr_array_add (copy->caps, state);
    }
  copy->threads = es_thread_table_new ();
  /* What finishing does with them, now: closing what is open adds none. */
  write_threads (copy->doc, self);
  copy->threads_written = TRUE;
  _es_builder_copy_user_events (copy, self);
  _es_builder_copy_heap_samples (copy, self);
  copy->last_sync = self->last_sync;
  copy->heap_sample = self->heap_sample;
  copy->args = g_ptr_array_copy (self->args, NULL, NULL);
  copy->env = g_ptr_array_copy (self->env, NULL, NULL);
  copy->band_ids = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_iter_init (&iter, self->band_ids);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_insert (copy->band_ids, key, value);
  copy->have_time = self->have_time;
  copy->rows_are_threads = self->rows_are_threads;
  copy->prof = _es_prof_build_new ();
  copy->calls = _es_prof_build_new ();
  return copy;
}

/**
 * es_document_builder_set_ongoing:
 * @ongoing: whether the log is still being written
 *
 * A log still being written ends where its program has got to: finishing
 * it (es_document_builder_finish(), truncated) closes what is open at its
 * latest event, for every cap, as still under way. A log that will get no
 * more (the default) and is cut short ends, for each cap, at the cap's
 * last event.
 */
void
es_document_builder_set_ongoing (EsDocumentBuilder *self,
                                 gboolean           ongoing)
{
  g_return_if_fail (self != NULL);

  self->ongoing = ongoing;
}

/**
 * es_document_builder_set_statistics_only:
 * @t0: the start of the interval whose statistics will be asked for
 * @t1: its end: G_MAXUINT64 for the end of the run
 *
 * Says that only the statistics of [@t0, @t1] will be asked of the
 * document (the summary's, es_stats_compute() and
 * es_stats_figures_compute()), not its pictures: the builder keeps no
 * instants (no statistic counts them); of each GC only its span, the rest
 * added up for the interval as it comes (es-gc-fold.c); of the heap's
 * size, its largest in the interval and what it was at its start; of each cap's
 * allocation and spark samples before what is read of them only the last
 * (_es_cap_timeline_fold_samples()); and its caps' runs and GC phases may
 * be let go of as the log is read (es_document_builder_let_go_unread()),
 * so that a log of any size is summarized in little memory. Nor does it keep the threads' table
 * (their counts of wakeups and migrations, when each was created, their labels), nor the time profile's samples, which
 * no statistic reads either. Every event still goes through the same
 * state machines: the figures are those of a whole document. To be called
 * before the first event.
 */
void
es_document_builder_set_statistics_only (EsDocumentBuilder *self,
                                         guint64            t0,
                                         guint64            t1)
{
  g_return_if_fail (self != NULL && self->caps->len == 0 && self->doc->gcs.len == 0);

  self->statistics_only = TRUE;
  /* Read at @t1, and just before @t0 (the counters there). */
  self->keep_from = MIN (t0 > 0 ? t0 - 1 : G_MAXUINT64, t1);
  self->doc->gc_fold = _es_gc_fold_new (t0, t1);
  self->doc->for_statistics = TRUE;
  self->doc->statistics_t0 = t0;
  self->doc->statistics_t1 = t1;
}

/**
 * es_document_builder_get_fields_unread:
 *
 * Returns: a bit for each tag below 64 whose fields the builder does not
 *   read: for es_eventlog_reader_set_fields_unread(). A builder for
 *   statistics only reads no more than the header of most events.
 */
guint64
es_document_builder_get_fields_unread (EsDocumentBuilder *self)
{
  guint64 tags = 0;

  g_return_val_if_fail (self != NULL, 0);

  if (!self->statistics_only)
    return 0;
  for (guint tag = 0; tag < 64; tag++)
    switch (tag)
      {
      STATISTICS_READ_NO_FIELDS_CASES:
        tags |= G_GUINT64_CONSTANT (1) << tag;
        break;
      default:
        break;
      }
  return tags;
}

/**
 * es_document_builder_saw_gc_stats:
 *
 * Returns: whether a builder for statistics only has taken a GC_STATS
 *   event: its log's GCs are then made from those, not from the caps' GC
 *   phases
 */
gboolean
es_document_builder_saw_gc_stats (EsDocumentBuilder *self)
{
  g_return_val_if_fail (self != NULL && self->statistics_only, FALSE);

  return self->doc->gc_fold->spans.len > 0;
}

/**
 * es_document_builder_note_gc_stats_elsewhere:
 *
 * Says that another builder of the same log, for statistics only, has
 * taken a GC_STATS event (es_document_builder_saw_gc_stats()): the log's
 * GCs are made from those, and this one's caps' GC phases may be let go of
 * before it takes one itself, or if it never does (its caps lead no GC).
 */
void
es_document_builder_note_gc_stats_elsewhere (EsDocumentBuilder *self)
{
  g_return_if_fail (self != NULL && self->statistics_only);

  self->gcs_elsewhere = TRUE;
}

/**
 * es_document_builder_let_go_unread:
 *
 * Lets go of the runs and GC phases of a builder for statistics only that
 * they will not read (es_document_builder_set_statistics_only()): a
 * loader calls it every so many events. Not before the log's first
 * GC_STATS, here or in another builder of the log: a log without GC_STATS
 * (GHC before 7.6) has its GCs made from the caps' GC phases.
 *
 * Returns: whether anything was let go of
 */
gboolean
es_document_builder_let_go_unread (EsDocumentBuilder *self)
{
  g_return_val_if_fail (self != NULL && self->statistics_only, FALSE);

  if (self->doc->gc_fold->spans.len == 0 && !self->gcs_elsewhere)
    return FALSE;
  return es_document_builder_let_go_before (self, self->keep_from);
}

/**
 * es_document_builder_set_rows_are_threads:
 *
 * Says the "caps" added are a Mono log's threads: the last event of one
 * is as often where it stopped being alive as where its data ends, and a
 * cut log's rows all end at its end, not each at its own.
 */
void
es_document_builder_set_rows_are_threads (EsDocumentBuilder *self)
{
  g_return_if_fail (self != NULL);

  self->rows_are_threads = TRUE;
}

/**
 * es_document_builder_snapshot:
 *
 * The document of the events added so far, as es_document_builder_finish()
 * would give it, made from a copy (es_document_builder_copy()): @self goes
 * on taking events. A live log is built this way, each event read once;
 * each snapshot costs its closing and indexes, and a copy of the records,
 * which is a private mapping of them for a builder made by
 * es_document_builder_new_for_snapshots(), not the reading and building
 * again.
 *
 * Returns: (transfer full): the document
 */
EsDocument *
es_document_builder_snapshot (EsDocumentBuilder *self,
                              gboolean           truncated,
                              gint64             truncated_at)
{
  EsDocumentBuilder *copy;
  EsDocument *document;

  g_return_val_if_fail (self != NULL, NULL);

  copy = es_document_builder_copy (self);
  document = es_document_builder_finish (copy, truncated, truncated_at);
  es_document_builder_free (copy);
  return document;
}
