/* es-heap-profile-grower.c: a heap profile, grown from snapshot to snapshot
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "es-heap-profile-private.h"

/* A profile ranks the bands by their residency summed over every census,
 * and stacks each census in that order. A live log's snapshots have the
 * censuses of the one before, and one or a few more: the grower keeps the
 * sums and the stacked censuses, and a snapshot adds its new censuses to
 * both and shares the stacks of the others (EsChunks), as long as the top
 * bands stay the same. When they change (early in a run, mostly) every
 * census is stacked again. The log's last census may still be getting its
 * entries: it is counted and stacked for each snapshot, never kept.
 *
 * A finished document's profile is made the same way, every census
 * settled at once (es_heap_profile_new()). */
struct _EsHeapProfileGrower
{
  gatomicrefcount ref;         /* a live log's build, and a snapshot being finished */
  guint      n_top;
  guint      n_settled;        /* the log's first censuses, summed in @totals and stacked */
  guint64    last_settled_time; /* the last of them's: a snapshot without it is another log's */
  GArray    *totals;           /* guint64 per band of the log: over the settled censuses */
  GArray    *top;              /* guint32: the bands the stacks have, largest first */
  gboolean   other;            /* and "other" above them */
  EsChunks   censuses;         /* the settled censuses stacked (a profile's rows), in time order */
  guint64    max_total;        /* the largest of them */
};

typedef struct
{
  guint32 band;
  guint64 total;
} Ranked;

EsHeapProfileGrower *
es_heap_profile_grower_new (guint n_top)
{
  EsHeapProfileGrower *self = g_new0 (EsHeapProfileGrower, 1);

  g_atomic_ref_count_init (&self->ref);
  self->n_top = n_top;
  self->totals = g_array_new (FALSE, TRUE, sizeof (guint64));
  self->top = g_array_new (FALSE, FALSE, sizeof (guint32));
  es_chunks_init (&self->censuses, 2 * sizeof (guint64));
  return self;
}

EsHeapProfileGrower *
es_heap_profile_grower_ref (EsHeapProfileGrower *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref);
  return self;
}

void
es_heap_profile_grower_unref (EsHeapProfileGrower *self)
{
  if (self == NULL || !g_atomic_ref_count_dec (&self->ref))
    return;
  g_array_unref (self->totals);
  g_array_unref (self->top);
  es_chunks_clear (&self->censuses);
  g_free (self);
}

static int
compare_ranked (gconstpointer a,
                gconstpointer b)
{
  const Ranked *x = a, *y = b;

  if (x->total != y->total)
    return x->total > y->total ? -1 : 1;
  return x->band < y->band ? -1 : x->band > y->band;
}

static void
add_census (guint64                *totals,
            guint                   n_bands,
            EsDocument             *document,
            const EsHeapProfSample *sample)
{
  const EsHeapProfEntry *entries = es_document_get_heap_entries (document, sample);

  for (guint e = 0; e < sample->n_entries; e++)
    if (entries[e].band < n_bands)
      totals[entries[e].band] = _es_heap_add_saturated (totals[entries[e].band], entries[e].residency);
}

/* Forgets the stacked censuses, to stack them again @stride values each. */
static void
forget_stacks (EsHeapProfileGrower *self,
               guint                stride)
{
  es_chunks_clear (&self->censuses);
  es_chunks_init (&self->censuses, (1 + stride) * sizeof (guint64));
  self->max_total = 0;
}

/* Forgets every census: the next are another log's. */
static void
start_over (EsHeapProfileGrower *self)
{
  self->n_settled = 0;
  self->last_settled_time = 0;
  g_array_set_size (self->totals, 0);
  g_array_set_size (self->top, 0);
  self->other = FALSE;
  forget_stacks (self, 1);
}

/* Whether @ranked's top bands (and "other" if @other) are those stacked. */
static gboolean
same_top (const EsHeapProfileGrower *self,
          const Ranked              *ranked,
          guint                      n_top,
          gboolean                   other)
{
  if (self->top->len != n_top || self->other != other)
    return FALSE;
  for (guint r = 0; r < n_top; r++)
    if (g_array_index (self->top, guint32, r) != ranked[r].band)
      return FALSE;
  return TRUE;
}

/* Stacks @sample into @row: its time, then [0] 0 and [k + 1] the
 * residency of the bands ranked 0 to k together. */
static void
stack_census (guint64                *row,
              guint                   stride,
              const guint            *rank_of,
              guint                   n_doc_bands,
              EsDocument             *document,
              const EsHeapProfSample *sample)
{
  const EsHeapProfEntry *entries = es_document_get_heap_entries (document, sample);
  guint64 *stack = row + 1;

  memset (row, 0, (1 + stride) * sizeof (guint64));
  row[0] = sample->time;
  /* Each band's residency one slot up, then summed from the bottom. */
  for (guint e = 0; e < sample->n_entries; e++)
    {
      guint r = entries[e].band < n_doc_bands ? rank_of[entries[e].band] : stride;

      if (r + 1 < stride)
        stack[r + 1] = _es_heap_add_saturated (stack[r + 1], entries[e].residency);
    }
  for (guint k = 1; k < stride; k++)
    stack[k] = _es_heap_add_saturated (stack[k], stack[k - 1]);
}

static guint64
last_time (const EsChunks *censuses)
{
  return censuses->len > 0 ? ES_CHUNKS_AT (censuses, guint64, censuses->len - 1) : 0;
}

static int
compare_census_times (gconstpointer a,
                      gconstpointer b,
                      gpointer      samples)
{
  guint64 ta = ((const EsHeapProfSample *) samples)[*(const guint *) a].time;
  guint64 tb = ((const EsHeapProfSample *) samples)[*(const guint *) b].time;

  return ta < tb ? -1 : ta > tb;
}

/* Stacks the settled censuses not stacked yet, from the @n_stacked-th to
 * the @n_settle-th, in time order; all again, sorted, if one is earlier
 * than those stacked (a log need not keep them in time order). */
static void
stack_settled (EsHeapProfileGrower    *self,
               EsDocument             *document,
               const EsHeapProfSample *samples,
               guint                   n_stacked,
               guint                   n_settle,
               guint                   stride,
               const guint            *rank_of)
{
  guint n_doc_bands = es_document_get_n_heap_bands (document);
  g_autofree guint *order = NULL;

  for (guint s = n_stacked; s < n_settle; s++)
    if (s > 0 && samples[s].time < (s == n_stacked ? last_time (&self->censuses) : samples[s - 1].time))
      {
        forget_stacks (self, stride);
        n_stacked = 0;
        order = g_new (guint, MAX (n_settle, 1));
        for (guint i = 0; i < n_settle; i++)
          order[i] = i;
        g_qsort_with_data (order, n_settle, sizeof (guint), compare_census_times, (gpointer) samples);
        break;
      }
  for (guint s = n_stacked; s < n_settle; s++)
    {
      guint64 *row = es_chunks_append (&self->censuses);

      stack_census (row, stride, rank_of, n_doc_bands, document, &samples[order != NULL ? order[s] : s]);
      self->max_total = MAX (self->max_total, row[stride]);
    }
}

/**
 * _es_heap_profile_grower_make:
 * @finished: whether @document's last census is whole (a finished log's)
 *
 * The profile of @document, going on from the censuses of the documents
 * given before if it has them.
 *
 * Returns: (transfer full): the profile
 */
EsHeapProfile *
_es_heap_profile_grower_make (EsHeapProfileGrower *self,
                              EsDocument          *document,
                              gboolean             finished)
{
  guint n, n_doc_bands = es_document_get_n_heap_bands (document), n_nonzero = 0, n_top, stride, n_stacked;
  const EsHeapProfSample *samples = es_document_get_heap_samples (document, &n);
  guint n_settle = finished || n == 0 ? n : n - 1;
  const EsHeapProfSample *open = n_settle < n ? &samples[n - 1] : NULL;
  g_autofree Ranked *ranked = g_new0 (Ranked, MAX (n_doc_bands, 1));
  g_autofree guint *rank_of = g_new (guint, MAX (n_doc_bands, 1));
  g_autofree guint64 *with_open = NULL;
  g_autoptr(GHashTable) cost_centres = NULL;
  EsHeapProfile *profile;
  gboolean other;

  if (self->n_settled > n_settle || (self->n_settled > 0 && samples[self->n_settled - 1].time != self->last_settled_time))
    start_over (self);
  g_array_set_size (self->totals, MAX (self->totals->len, n_doc_bands));
  for (guint s = self->n_settled; s < n_settle; s++)
    add_census ((guint64 *) (gpointer) self->totals->data, n_doc_bands, document, &samples[s]);

  /* Ranked with the census still open. */
  with_open = g_new (guint64, MAX (n_doc_bands, 1));
  if (n_doc_bands > 0)
    memcpy (with_open, self->totals->data, n_doc_bands * sizeof (guint64));
  if (open != NULL)
    add_census (with_open, n_doc_bands, document, open);
  for (guint b = 0; b < n_doc_bands; b++)
    ranked[b] = (Ranked) { b, with_open[b] };
  qsort (ranked, n_doc_bands, sizeof (Ranked), compare_ranked);
  while (n_nonzero < n_doc_bands && ranked[n_nonzero].total > 0)
    n_nonzero++;
  /* Bands that never hold a byte are nobody's top band, nor worth an
   * "other" of their own. */
  n_top = MIN (self->n_top, n_nonzero);
  other = n_nonzero > n_top;
  stride = n_top + (other ? 1 : 0) + 1;
  for (guint b = 0; b < n_doc_bands; b++)
    rank_of[b] = n_top;
  for (guint r = 0; r < n_top; r++)
    rank_of[ranked[r].band] = r;

  n_stacked = self->n_settled;
  if (!same_top (self, ranked, n_top, other) || self->censuses.element_size != (1 + stride) * sizeof (guint64))
    {
      g_array_set_size (self->top, n_top);
      for (guint r = 0; r < n_top; r++)
        g_array_index (self->top, guint32, r) = ranked[r].band;
      self->other = other;
      forget_stacks (self, stride);
      n_stacked = 0;
    }
  stack_settled (self, document, samples, n_stacked, n_settle, stride, rank_of);
  self->n_settled = n_settle;
  self->last_settled_time = n_settle > 0 ? samples[n_settle - 1].time : 0;

  if (open != NULL && open->time < last_time (&self->censuses))
    {
      /* An open census earlier than those settled: this profile alone is
       * made whole, sorted. */
      EsHeapProfileGrower *whole = es_heap_profile_grower_new (self->n_top);

      profile = _es_heap_profile_grower_make (whole, document, TRUE);
      es_heap_profile_grower_unref (whole);
      return profile;
    }

  profile = _es_heap_profile_new_empty (stride);
  if (es_document_get_heap_breakdown (document) == ES_HEAP_PROF_BREAKDOWN_COST_CENTRE)
    cost_centres = _es_heap_profile_cost_centres (document);
  for (guint r = 0; r < n_top; r++)
    {
      EsHeapProfileBand band = { ranked[r].band, FALSE, ranked[r].total, NULL, NULL };

      _es_heap_profile_add_band (profile, document, cost_centres, &band);
    }
  if (other)
    {
      EsHeapProfileBand band = { 0, TRUE, 0, NULL, NULL };

      for (guint r = n_top; r < n_nonzero; r++)
        band.total = _es_heap_add_saturated (band.total, ranked[r].total);
      _es_heap_profile_add_band (profile, document, cost_centres, &band);
    }
  es_chunks_share (&profile->censuses, &self->censuses);
  profile->max_total = self->max_total;
  if (open != NULL)
    {
      guint64 *row = es_chunks_append (&profile->censuses);

      stack_census (row, stride, rank_of, n_doc_bands, document, open);
      profile->max_total = MAX (profile->max_total, row[stride]);
    }
  return profile;
}

/**
 * es_heap_profile_grower_give:
 * @snapshot: the latest snapshot of a live log (es_document_builder_snapshot())
 *
 * Gives @snapshot its heap profile (es_heap_profile_get()), grown from the
 * snapshots before it: their censuses are not read again while the top
 * bands stay. A snapshot of another log starts over.
 */
void
es_heap_profile_grower_give (EsHeapProfileGrower *self,
                             EsDocument          *snapshot)
{
  guint n_samples;

  g_return_if_fail (self != NULL && ES_IS_DOCUMENT (snapshot));

  es_document_get_heap_samples (snapshot, &n_samples);
  if (n_samples == 0)
    return;
  es_document_set_derived (snapshot, g_quark_from_static_string ("es-heap-profile"),
                           _es_heap_profile_grower_make (self, snapshot, FALSE), (GDestroyNotify) es_heap_profile_free);
}
