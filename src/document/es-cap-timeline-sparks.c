/* es-cap-timeline-sparks.c: a capability's spark counters, packed as they come
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-cap-timeline-private.h"

#include "es-search.h"

static void
spark_counters (const EsSparkSample *s,
                guint64              counter[6])
{
  counter[0] = s->created;
  counter[1] = s->dud;
  counter[2] = s->overflowed;
  counter[3] = s->converted;
  counter[4] = s->gcd;
  counter[5] = s->fizzled;
}

static gboolean
spark_counters_fit (const guint64 base[6],
                    const guint64 counter[6])
{
  for (guint k = 0; k < 6; k++)
    if (counter[k] < base[k] || counter[k] - base[k] > G_MAXUINT32)
      return FALSE;
  return TRUE;
}

/* A sample is kept as its counters (EsSparkCounters) and its time and
 * pool size in the pool series: the whole sample was 64 bytes and the
 * pool repeated its time, 84 bytes a sample in all, now 44 (a big log has
 * one per cap per GC). Packed as it comes, so that a live log's snapshots
 * share the packed samples rather than pack them all again each. */
static void
push_spark_sample (EsCapTimeline       *self,
                   const EsSparkSample *sample)
{
  guint64 counter[6];
  EsSparkCounters *out;
  const EsSparkEpoch *epoch;

  spark_counters (sample, counter);
  if (self->spark_epochs->len == 0 ||
      !spark_counters_fit (g_array_index (self->spark_epochs, EsSparkEpoch, self->spark_epochs->len - 1).base, counter))
    {
      static const guint64 zero[6] = { 0 };
      EsSparkEpoch next = { self->sparks.len, { 0 } };

      if (self->spark_epochs->len > 0 || !spark_counters_fit (zero, counter))
        memcpy (next.base, counter, sizeof next.base);
      g_array_append_val (self->spark_epochs, next);
    }
  epoch = &g_array_index (self->spark_epochs, EsSparkEpoch, self->spark_epochs->len - 1);
  out = ES_VEC_PUSH (&self->sparks, EsSparkCounters);
  for (guint k = 0; k < 6; k++)
    out->counter[k] = (guint32) (counter[k] - epoch->base[k]);
  es_series_append (self->spark_pool, sample->time, sample->remaining);
}

void
es_cap_timeline_add_spark_sample (EsCapTimeline       *self,
                                  const EsSparkSample *sample)
{
  guint n = self->sparks.len;

  g_return_if_fail (!self->events_sealed);

  if (n > 0 && sample->time < es_series_get_samples (self->spark_pool)[n - 1].time)
    self->sparks_out_of_order = TRUE;
  /* For statistics only, it may take the last one's place: the epoch that
   * began with that one goes too, and the values stay what they were. */
  if (G_UNLIKELY (self->fold_samples) && _es_cap_timeline_replaces_last (self, self->spark_pool, sample->time))
    {
      self->sparks.len--;
      if (self->spark_epochs->len > 0 &&
          g_array_index (self->spark_epochs, EsSparkEpoch, self->spark_epochs->len - 1).first == self->sparks.len)
        g_array_set_size (self->spark_epochs, self->spark_epochs->len - 1);
      es_series_drop_last (self->spark_pool);
    }
  push_spark_sample (self, sample);
}

/* Spark sample @index, of epoch @epoch. */
static void
unpack_spark_sample (const EsCapTimeline *self,
                     guint                index,
                     guint                epoch,
                     EsSparkSample       *sample)
{
  const EsSparkEpoch *e = &g_array_index (self->spark_epochs, EsSparkEpoch, epoch);
  const EsSparkCounters *c = &ES_VEC_AT (&self->sparks, EsSparkCounters, index);
  const EsSample *pool = &es_series_get_samples (self->spark_pool)[index];

  *sample = (EsSparkSample) {
    pool->time,
    e->base[0] + c->counter[0], e->base[1] + c->counter[1],
    e->base[2] + c->counter[2], e->base[3] + c->counter[3],
    e->base[4] + c->counter[4], e->base[5] + c->counter[5],
    pool->value,
  };
}

/* Samples that came out of time order (rare: a cap's stream is in order
 * within its blocks) are unpacked, sorted stably and packed again. */
void
_es_cap_timeline_sort_spark_samples (EsCapTimeline *self)
{
  guint n = self->sparks.len, epoch = 0;
  EsSparkSample *samples = g_new (EsSparkSample, n);

  for (guint i = 0; i < n; i++)
    {
      while (epoch + 1 < self->spark_epochs->len &&
             g_array_index (self->spark_epochs, EsSparkEpoch, epoch + 1).first <= i)
        epoch++;
      unpack_spark_sample (self, i, epoch, &samples[i]);
    }
  g_qsort_with_data (samples, n, sizeof (EsSparkSample), es_search_compare_keys, ES_SEARCH_KEY (EsSparkSample, time));
  es_vec_clear (&self->sparks, sizeof (EsSparkCounters));
  g_array_set_size (self->spark_epochs, 0);
  es_series_free (self->spark_pool);
  self->spark_pool = es_series_new ();
  for (guint i = 0; i < n; i++)
    push_spark_sample (self, &samples[i]);
  self->sparks_out_of_order = FALSE;
  g_free (samples);
}

guint
es_cap_timeline_get_n_spark_samples (const EsCapTimeline *self)
{
  return self->events_sealed ? self->sparks.len : 0;
}

/**
 * es_cap_timeline_get_spark_sample:
 * @index: below es_cap_timeline_get_n_spark_samples()
 *
 * The spark counters of one SPARK_COUNTERS event, in time order. Its time
 * is that of the pool's sample of the same index
 * (es_cap_timeline_get_spark_pool()), which searches go through.
 */
void
es_cap_timeline_get_spark_sample (const EsCapTimeline *self,
                                  guint                index,
                                  EsSparkSample       *sample)
{
  const EsSparkEpoch *epochs = (const EsSparkEpoch *) (gconstpointer) self->spark_epochs->data;
  guint e = 0;

  g_return_if_fail (self->events_sealed && index < self->sparks.len);

  if (G_UNLIKELY (self->spark_epochs->len > 1))
    {
      guint lo = 0, hi = self->spark_epochs->len;

      while (hi - lo > 1)
        {
          guint mid = lo + (hi - lo) / 2;

          if (epochs[mid].first <= index)
            lo = mid;
          else
            hi = mid;
        }
      e = lo;
    }
  unpack_spark_sample (self, index, e, sample);
}

/* The cumulative counters as of @time (the last sample at or before it);
 * all zero before the first sample. */
gboolean
es_cap_timeline_sparks_at (const EsCapTimeline *self,
                           guint64              time,
                           EsSparkSample       *sparks)
{
  guint n = es_cap_timeline_get_n_spark_samples (self);
  guint lo = n > 0 ? MIN (es_series_upper_bound (self->spark_pool, time), n) : 0;

  if (lo == 0)
    {
      *sparks = (EsSparkSample) { 0 };
      return FALSE;
    }
  es_cap_timeline_get_spark_sample (self, lo - 1, sparks);
  return TRUE;
}

const EsSeries *
es_cap_timeline_get_spark_pool (const EsCapTimeline *self)
{
  return self->spark_pool;
}
