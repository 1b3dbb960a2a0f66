/* es-document-builder-live.c: what a live log's builder shares with its snapshots
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-document-builder-private.h"
#include "es-search.h"

/* A live log is one builder that takes the events as they come, and each
 * update a snapshot of it (es_document_builder_copy()): its records live
 * in a memfd that the snapshots map, it indexes as it is copied what no
 * event to come can change, and past a limit it lets go of its oldest
 * detail. */

/**
 * es_document_builder_new_for_snapshots:
 *
 * A builder whose snapshots (es_document_builder_snapshot()) map its large
 * records (each cap's activities, instants, spark samples and series, and
 * the heap's series) rather than copy them: a live log's updates then cost
 * what they close and index, not a copy of everything read so far, and
 * the records are in memory once however many updates show them. Where
 * the system cannot share memory this way, snapshots copy.
 *
 * Returns: (transfer full): a new builder
 */
EsDocumentBuilder *
es_document_builder_new_for_snapshots (void)
{
  EsDocumentBuilder *self = es_document_builder_new ();

  self->records = es_vec_file_new ();
  if (self->records != NULL)
    {
      self->doc->records_file = es_vec_file_ref (self->records);
      es_vec_use_file (&self->doc->gcs, self->records);
      es_vec_use_file (&self->doc->gc_pause_prefix, self->records);
      es_vec_use_file (&self->doc->messages, self->records);
      es_vec_use_file (&self->doc->markers, self->records);
      es_vec_use_file (&self->doc->heap_samples, self->records);
      es_vec_use_file (&self->doc->heap_entries, self->records);
      _es_prof_data_use_file (self->doc->prof, self->records);
      _es_prof_data_use_file (self->doc->calls, self->records);
    }
  es_series_use_file (self->doc->mem_returned, self->records);
  es_series_use_file (self->doc->heap_size, self->records);
  es_series_use_file (self->doc->heap_live, self->records);
  es_series_use_file (self->doc->blocks_size, self->records);
  es_series_use_file (self->doc->allocated, self->records);
  return self;
}

/* The most memory made ready ahead of a live log's records at any time.
 * When each cap writes large blocks (64 caps, each with its 2 MB buffer),
 * the pages made ready ahead of a cap whose block ended wait for its next:
 * without a bound, 20 MB of them at 100 MB of log. With 8 caps, 1 MB took
 * the bytes at 480 MB/s, 2 MB at 515, 4 MB at 540 and 16 MB no faster
 * (at 455 without prefaulting). */
#define PREFAULT_BUDGET (4u << 20)

static void
visit_records (EsDocumentBuilder *self,
               EsVecVisit         visit,
               gpointer           user_data)
{
  if (self->records == NULL)
    return;
  for (guint i = 0; i < self->caps->len; i++)
    _es_cap_timeline_visit_records (((CapState *) g_ptr_array_index (self->caps, i))->timeline, visit, user_data);
  es_series_visit_records (self->doc->heap_size, visit, user_data);
  es_series_visit_records (self->doc->heap_live, visit, user_data);
  es_series_visit_records (self->doc->blocks_size, visit, user_data);
  es_series_visit_records (self->doc->mem_returned, visit, user_data);
  visit (&self->doc->heap_samples, sizeof (EsHeapProfSample), user_data);
  visit (&self->doc->heap_entries, sizeof (EsHeapProfEntry), user_data);
}

static void
count_ahead (EsVec    *vec,
             gsize     element_size,
             gpointer  user_data)
{
  *(gsize *) user_data += es_vec_get_prefaulted_ahead (vec, element_size);
}

static void
prefault (EsVec    *vec,
          gsize     element_size,
          gpointer  user_data)
{
  es_vec_prefault (vec, element_size, user_data);
}

static void
give_back_prefaulted (EsVec    *vec,
                      gsize     element_size,
                      gpointer  user_data)
{
  es_vec_give_back_prefaulted (vec, element_size);
}

/**
 * es_document_builder_prefault:
 *
 * Has the pages of records that the events to come are likely to be
 * written to made ready on another thread (es_vec_prefault()), in a
 * builder made by es_document_builder_new_for_snapshots(): a page of
 * shared memory first written costs its fault, its allocation and its
 * clearing, which was a quarter of the time a live log's builder took its
 * events in. To be called every few hundred kilobytes of a log. At most
 * PREFAULT_BUDGET is asked for ahead of what was written.
 */
void
es_document_builder_prefault (EsDocumentBuilder *self)
{
  gsize ahead = 0, budget;

  g_return_if_fail (self != NULL);

  visit_records (self, count_ahead, &ahead);
  if (ahead >= PREFAULT_BUDGET)
    return;
  budget = PREFAULT_BUDGET - ahead;
  visit_records (self, prefault, &budget);
}

/**
 * es_document_builder_give_back_prefaulted:
 *
 * Gives back the pages that es_document_builder_prefault() made ready and
 * no event was written to: once the builder is to take no more, or has no
 * backlog any more.
 */
void
es_document_builder_give_back_prefaulted (EsDocumentBuilder *self)
{
  g_return_if_fail (self != NULL);

  visit_records (self, give_back_prefaulted, NULL);
}

/**
 * es_document_builder_let_go_before:
 *
 * Lets go of the detail before @time (each cap's runs, GC phases and
 * instants, in whole pages) in a builder made by
 * es_document_builder_new_for_snapshots(), or one for statistics only
 * (es_document_builder_set_statistics_only(), whose memory goes back at
 * once), to bound a live log's memory:
 * its snapshots from now on have all their detail from the latest time a
 * cap kept it from (es_document_get_detail_start()), at or before @time,
 * and the memory is given back once the documents of earlier snapshots are
 * gone. What the statistics of the whole run need stays: the prefix sums
 * of what was let go of, the GCs, series, sparks, threads and spans.
 *
 * Returns: whether anything was let go of (a cap has it in whole pages)
 */
gboolean
es_document_builder_let_go_before (EsDocumentBuilder *self,
                                   guint64            time)
{
  g_autoptr(GPtrArray) vecs = g_ptr_array_new ();
  guint64 kept_from = 0;

  g_return_val_if_fail (self != NULL && (self->records != NULL || self->statistics_only), FALSE);

  if (time <= self->doc->detail_from)
    return FALSE;
  for (guint i = 0; i < self->caps->len; i++)
    {
      CapState *cap = g_ptr_array_index (self->caps, i);
      guint64 cap_kept_from = _es_cap_timeline_let_go_before (cap->timeline, time, vecs);

      kept_from = MAX (kept_from, cap_kept_from);
    }
  if (vecs->len == 0)
    return FALSE;
  self->doc->detail_from = MAX (self->doc->detail_from, kept_from);
  /* A builder's own mappings gave their pages back as they skipped them. */
  if (self->records != NULL)
    es_vec_file_release_skipped (self->records, (EsVec **) vecs->pdata, vecs->len);
  return TRUE;
}

/**
 * es_document_builder_keep_within:
 * @limit: bytes of detail to keep at most, or 0 for no limit
 *
 * Lets go of the older half of the detail kept (by time) while the caps'
 * detail in a builder made by es_document_builder_new_for_snapshots()
 * (their runs, GC phases and instants: most of a log's memory) takes more
 * than @limit: it then stays under the limit, with what was let go of given
 * back once the documents that may read it are gone, however long a live
 * log is followed. The rest (GCs, series, threads, spans) is kept whole.
 *
 * Returns: whether any detail was let go of
 */
gboolean
es_document_builder_keep_within (EsDocumentBuilder *self,
                                 guint64            limit)
{
  EsDocument *doc;
  guint64 from, detail = 0;

  g_return_val_if_fail (self != NULL, FALSE);

  doc = self->doc;
  /* A log without GC_STATS (GHC before 7.6) has its GCs made from the
   * caps' GC phases: letting go of them would lose GCs. */
  if (limit == 0 || self->records == NULL || !self->have_time || doc->gcs.len == 0)
    return FALSE;
  for (guint i = 0; i < self->caps->len; i++)
    detail += _es_cap_timeline_get_detail_bytes (((CapState *) g_ptr_array_index (self->caps, i))->timeline);
  if (detail <= limit)
    return FALSE;
  from = MAX (doc->detail_from, doc->start_time);
  if (doc->end_time - from < 2)
    return FALSE;
  return es_document_builder_let_go_before (self, from + (doc->end_time - from) / 2);
}

/* The heap's series of a live log's builder, which its snapshots map: the
 * samples come in file order (each cap's in time order, the caps' blocks
 * interleaved), and are added to the series in time order once no sample
 * to come can be earlier (_es_builder_settle_heap_samples()). A series in
 * order is indexed once, by the builder; one out of order would be sorted
 * and indexed whole by every snapshot. */
static EsSeries *
heap_series (EsDocument   *doc,
             EsHeapSeries  which)
{
  switch (which)
    {
    case ES_HEAP_SERIES_SIZE:
      return doc->heap_size;
    case ES_HEAP_SERIES_LIVE:
      return doc->heap_live;
    case ES_HEAP_SERIES_BLOCKS:
      return doc->blocks_size;
    case ES_HEAP_SERIES_RETURNED:
    case ES_N_HEAP_SERIES:
    default:
      return doc->mem_returned;
    }
}

/* A heap size, for statistics only: what es_stats_compute() reads of the
 * heap's size is its largest in the interval and its size as the interval
 * begins (the latest at or before t0). So of the samples in the interval
 * only those larger than all before them are kept, and of those up to t0
 * only the latest, added at the end (_es_builder_settle_heap_size()): a
 * big log has one per GC. */
static void
thin_heap_size (EsDocumentBuilder *self,
                EsSample           sample)
{
  EsDocument *doc = self->doc;

  if (sample.time <= doc->statistics_t0 &&
      (!self->have_heap_size_before || sample.time >= self->heap_size_before.time))
    {
      self->heap_size_before = sample;
      self->have_heap_size_before = TRUE;
    }
  if (sample.time >= doc->statistics_t0 && sample.time <= doc->statistics_t1 &&
      (!self->have_heap_size_max || sample.value > self->heap_size_max))
    {
      self->heap_size_max = sample.value;
      self->have_heap_size_max = TRUE;
      es_series_append (doc->heap_size, sample.time, sample.value);
    }
}

/* Adds the heap size thin_heap_size() kept aside: once all are in. */
void
_es_builder_settle_heap_size (EsDocumentBuilder *self)
{
  if (!self->have_heap_size_before)
    return;
  es_series_append (self->doc->heap_size, self->heap_size_before.time, self->heap_size_before.value);
  self->have_heap_size_before = FALSE;
}

void
_es_builder_add_heap_sample (EsDocumentBuilder *self,
                             EsHeapSeries       which,
                             guint64            time,
                             guint64            value)
{
  EsSample sample = { time, value };

  if (G_UNLIKELY (self->statistics_only) && which == ES_HEAP_SERIES_SIZE)
    {
      thin_heap_size (self, sample);
      return;
    }
  if (self->records == NULL)
    {
      es_series_append (heap_series (self->doc, which), time, value);
      return;
    }
  *ES_VEC_PUSH (&self->heap_unsettled[which], EsSample) = sample;
}

/* Adds to @series @samples earlier than @before (all with G_MAXUINT64), in
 * time order (stable: equal times keep the order they came in), and keeps
 * the others in @samples. */
static void
add_in_order (EsSeries *series,
              EsVec    *samples,
              guint64   before)
{
  guint n = es_vec_settle (samples, sizeof (EsSample), 0, G_STRUCT_OFFSET (EsSample, time), before);

  if (n == 0)
    return;
  for (guint i = 0; i < n; i++)
    es_series_append (series, ES_VEC_AT (samples, EsSample, i).time, ES_VEC_AT (samples, EsSample, i).value);
  memmove (samples->data, &ES_VEC_AT (samples, EsSample, n), (gsize) (samples->len - n) * sizeof (EsSample));
  samples->len -= n;
  /* One came late (a cap whose first events came late): all in order
   * again, once, rather than by every snapshot from now on. */
  es_series_put_in_order (series);
}

/**
 * _es_builder_settle_heap_samples:
 * @before: no sample to come is earlier than this; G_MAXUINT64 for all
 *
 * Adds the heap samples earlier than @before to the document's series, in
 * time order: as a live log's builder is copied, for what no sample to
 * come can precede; and as a copy is finished, for the rest.
 */
void
_es_builder_settle_heap_samples (EsDocumentBuilder *self,
                                 guint64            before)
{
  for (guint k = 0; k < ES_N_HEAP_SERIES; k++)
    add_in_order (heap_series (self->doc, k), &self->heap_unsettled[k], before);
}

/* Gives @copy @self's heap samples not in its series yet. */
void
_es_builder_copy_heap_samples (EsDocumentBuilder *copy,
                               EsDocumentBuilder *self)
{
  for (guint k = 0; k < ES_N_HEAP_SERIES; k++)
    es_vec_copy (&copy->heap_unsettled[k], &self->heap_unsettled[k], sizeof (EsSample));
}
