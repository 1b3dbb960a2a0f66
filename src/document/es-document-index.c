/* es-document-index.c: a document's indexes, made as it is finished
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-document-private.h"
#include "es-search.h"

/* What a document's queries need beyond its records: the GCs' prefix sums
 * per generation, the caps' allocation as one series, the series' min/max
 * levels. A live log's builder makes the first two as far as they cannot
 * change, as it is copied, and each snapshot goes on from there. */

/* Logs older than GHC 7.6 have no GC_STATS: a GC is then any stretch in
 * which some cap is in its GC, merged across caps. */
static void
derive_gcs_from_activity (EsDocument *self)
{
  g_autoptr(GArray) spans = g_array_new (FALSE, FALSE, sizeof (EsGc));

  for (guint c = 0; c < self->caps->len; c++)
    {
      guint n;
      const EsActivity *a = es_cap_timeline_get_activities (g_ptr_array_index (self->caps, c), &n);

      for (guint i = 0; i < n; i++)
        {
          EsGc gc = { 0 };

          if (!ES_ACTIVITY_KIND_IS_GC (a[i].kind))
            continue;
          gc.start = a[i].start;
          gc.end = es_activity_end (&a[i]);
          gc.cap = c;
          gc.generation = ES_GC_GENERATION_UNKNOWN;
          while (i + 1 < n && ES_ACTIVITY_KIND_IS_GC (a[i + 1].kind) && a[i + 1].start == gc.end)
            gc.end = es_activity_end (&a[++i]);
          g_array_append_val (spans, gc);
        }
    }
  g_array_sort_with_data (spans, es_search_compare_keys, ES_SEARCH_KEY (EsGc, start));
  for (guint i = 0; i < spans->len; i++)
    {
      EsGc *gc = &g_array_index (spans, EsGc, i);
      EsGc *last = self->gcs.len ? &ES_VEC_AT (&self->gcs, EsGc, self->gcs.len - 1) : NULL;

      if (last != NULL && gc->start <= last->end)
        last->end = MAX (last->end, gc->end);
      else
        *ES_VEC_PUSH (&self->gcs, EsGc) = *gc;
    }
}

static EsGenIndex *
get_gen_index (EsDocument *self,
               guint       generation)
{
  while (self->gen_index->len <= generation)
    {
      EsGenIndex *index = g_new0 (EsGenIndex, 1);
      EsGenPrefix zero = { 0 };

      index->pauses = es_series_new ();
      index->slops = es_series_new ();
      /* A live log's builder's, in its records' file, shared with its
       * snapshots: it only appends to them. */
      if (self->records_file != NULL)
        {
          es_vec_use_file (&index->starts, self->records_file);
          es_vec_use_file (&index->prefix, self->records_file);
          es_series_use_file (index->pauses, self->records_file);
          es_series_use_file (index->slops, self->records_file);
        }
      *ES_VEC_PUSH (&index->prefix, EsGenPrefix) = zero;
      g_ptr_array_add (self->gen_index, index);
    }
  return g_ptr_array_index (self->gen_index, generation);
}

/**
 * _es_document_index_gcs:
 * @n: how many of the first GCs to index, in start order after those
 *   indexed already
 *
 * Prefix sums per generation, and over all GCs, so that interval
 * statistics cost O(log n), extended from the GCs indexed already: a live
 * log's builder indexes, as it is copied, the GCs no later one can start
 * before, and each copy only the rest.
 */
void
_es_document_index_gcs (EsDocument *self,
                        guint       n)
{
  guint64 *pause_prefix;
  guint64 pauses;

  g_return_if_fail (n >= self->gcs_indexed && n <= self->gcs.len);

  while (self->gc_pause_prefix.capacity < n + 1)
    es_vec_grow (&self->gc_pause_prefix, sizeof (guint64));
  self->gc_pause_prefix.len = n + 1;
  pause_prefix = self->gc_pause_prefix.data;
  if (self->gcs_indexed == 0)
    pause_prefix[0] = 0;
  pauses = pause_prefix[self->gcs_indexed];
  for (guint i = self->gcs_indexed; i < n; i++)
    {
      const EsGc *gc = &ES_VEC_AT (&self->gcs, EsGc, i);
      guint generation = gc->generation == ES_GC_GENERATION_UNKNOWN ? 0 : gc->generation;
      EsGenIndex *index = get_gen_index (self, generation);
      EsGenPrefix p = ES_VEC_AT (&index->prefix, EsGenPrefix, index->prefix.len - 1);
      guint64 pause = gc->end - gc->start;

      pauses += pause;
      pause_prefix[i + 1] = pauses;

      p.pause += pause;
      p.copied += gc->copied;
      if (gc->par_n_threads > 1)
        {
          p.par_colls++;
          p.par_tot_copied += gc->par_tot_copied;
          p.par_balanced_copied += gc->par_balanced_copied;
          p.par_max_copied += gc->par_max_copied;
        }
      *ES_VEC_PUSH (&index->starts, guint64) = gc->start;
      *ES_VEC_PUSH (&index->prefix, EsGenPrefix) = p;
      es_series_append (index->pauses, gc->start, pause);
      es_series_append (index->slops, gc->start, gc->slop);
    }
  self->gcs_indexed = n;
}

/* Lets go of the GCs' index, to index them all again. */
static void
clear_gc_index (EsDocument *self)
{
  g_ptr_array_set_size (self->gen_index, 0);
  self->gc_pause_prefix.len = 0;
  self->gcs_indexed = 0;
}

/* Every GC indexed, and the index sealed. */
static void
index_gcs (EsDocument *self)
{
  /* A document loaded for statistics has its GCs folded (es-gc-fold.c). */
  if (self->gc_fold != NULL)
    return;
  if (self->gcs.len == 0)
    derive_gcs_from_activity (self);
  /* The builder hands them over in order already (a sort of sorted records
   * costs as much as any other). */
  for (guint i = MAX (self->gcs_indexed, 1); i < self->gcs.len; i++)
    if (ES_VEC_AT (&self->gcs, EsGc, i).start < ES_VEC_AT (&self->gcs, EsGc, i - 1).start)
      {
        g_qsort_with_data (self->gcs.data, (gint) self->gcs.len, sizeof (EsGc), es_search_compare_keys,
                           ES_SEARCH_KEY (EsGc, start));
        clear_gc_index (self);
        break;
      }
  _es_document_index_gcs (self, self->gcs.len);
  for (guint g = 0; g < self->gen_index->len; g++)
    {
      EsGenIndex *index = g_ptr_array_index (self->gen_index, g);

      es_series_seal (index->pauses);
      es_series_seal (index->slops);
    }
}

/* Whether cap @a's next sample comes before cap @b's (or with it, for a
 * lower cap). */
static inline gboolean
merges_first (guint                a,
              guint                b,
              const EsSample     **samples,
              const guint         *pos)
{
  guint64 ta = samples[a][pos[a]].time, tb = samples[b][pos[b]].time;

  return ta < tb || (ta == tb && a < b);
}

static void
sift_up (guint           *heap,
         guint            i,
         const EsSample **samples,
         const guint     *pos)
{
  while (i > 0 && merges_first (heap[i], heap[(i - 1) / 2], samples, pos))
    {
      guint parent = (i - 1) / 2, swap = heap[i];

      heap[i] = heap[parent];
      heap[parent] = swap;
      i = parent;
    }
}

static void
sift_down (guint           *heap,
           guint            n,
           const EsSample **samples,
           const guint     *pos)
{
  guint i = 0;

  for (;;)
    {
      guint first = i, left = 2 * i + 1, right = left + 1, swap;

      if (left < n && merges_first (heap[left], heap[first], samples, pos))
        first = left;
      if (right < n && merges_first (heap[right], heap[first], samples, pos))
        first = right;
      if (first == i)
        return;
      swap = heap[i];
      heap[i] = heap[first];
      heap[first] = swap;
      i = first;
    }
}

/**
 * _es_document_merge_allocated:
 * @caps: the caps' timelines, whose allocation series are each in time
 *   order
 * @before: merge only the samples earlier than this (G_MAXUINT64: all)
 *
 * All caps' cumulative allocation as one step function, in
 * es_document_get_allocated(): a k-way walk over the per-cap series, on
 * from where the last merge stopped. A live log's builder merges, as it is
 * copied, the samples no later one can come before (each cap's events are
 * in time order), so that each copy merges only the rest.
 */
void
_es_document_merge_allocated (EsDocument     *self,
                              EsCapTimeline **caps,
                              guint           n_caps,
                              guint64         before)
{
  g_autofree guint *len = g_new0 (guint, n_caps);
  g_autofree const EsSample **samples = g_new0 (const EsSample *, n_caps);
  g_autofree guint *heap = NULL;
  guint *pos, n_heap = 0;
  guint64 *current;

  if (self->allocated_taken->len < n_caps)
    {
      g_array_set_size (self->allocated_taken, n_caps);
      g_array_set_size (self->allocated_current, n_caps);
    }
  pos = (guint *) (gpointer) self->allocated_taken->data;
  current = (guint64 *) (gpointer) self->allocated_current->data;
  for (guint c = 0; c < n_caps; c++)
    {
      const EsSeries *s = es_cap_timeline_get_allocated (caps[c]);

      samples[c] = es_series_get_samples (s);
      len[c] = es_series_get_length (s);
    }

  /* The caps with samples left, in a heap by (next time, cap): a merge
   * step costs O(log caps), not O(caps), which on 64 caps was 5% of a live
   * log's building. Ties go to the lower cap, as a walk over them would. */
  heap = g_new (guint, MAX (n_caps, 1));
  for (guint c = 0; c < n_caps; c++)
    if (pos[c] < len[c])
      {
        heap[n_heap] = c;
        sift_up (heap, n_heap++, samples, pos);
      }
  while (n_heap > 0)
    {
      guint best = heap[0];
      guint64 best_time = samples[best][pos[best]].time, value;

      if (best_time >= before && before != G_MAXUINT64)
        break;
      value = samples[best][pos[best]++].value;
      self->allocated_total = self->allocated_total - current[best] + value;
      current[best] = value;
      es_series_append (self->allocated, best_time, self->allocated_total);
      if (pos[best] == len[best])
        heap[0] = heap[--n_heap];
      sift_down (heap, n_heap, samples, pos);
    }
}

void
_es_document_build_index (EsDocument *self)
{
  index_gcs (self);
  _es_document_merge_allocated (self, (EsCapTimeline **) self->caps->pdata, self->caps->len, G_MAXUINT64);
  es_series_seal (self->allocated);
  es_series_seal (self->heap_size);
  es_series_seal (self->heap_live);
  es_series_seal (self->blocks_size);
  es_series_seal (self->mem_returned);
  _es_document_seal_counters (self);
}
