/* es-mlpd-counters.c: a Mono log's counters, told to the document builder
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>

#include "es-mlpd-load-private.h"

/* The runtime's counters (`counter`) are sampled about every second, by
 * the profiler's helper thread and once more at exit: each sample says
 * which counters changed and by how much. The loader adds the changes up
 * in the order they were written, as mprof-report does, and keeps each
 * counter's value at each sample; a feed tells them to its builder in
 * time order, up to its watermark, as it tells the records. A live log
 * and its recorded file thus decode and add up the same bytes in the same
 * order, and their documents' counters are the same. */

/* Takes a COUNTERS_DESC or COUNTERS event. */
void
_es_mlpd_take_counters (Loader            *self,
                        const EsMlpdEvent *e)
{
  if (e->exinfo == ES_MLPD_SAMPLE_COUNTERS_DESC)
    {
      for (guint32 i = 0; i < e->u.counters_desc.n_descs; i++)
        {
          const EsMlpdCounterDesc *desc = &e->u.counters_desc.descs[i];
          EsMonoCounter counter;

          /* A counter described twice keeps its first description, as
           * mprof-report keeps it. */
          if (g_hash_table_contains (self->counter_ids, &desc->index))
            continue;
          es_mono_counter_describe (&counter, desc);
          g_array_append_val (self->counters, counter);
          g_hash_table_insert (self->counter_ids, g_memdup2 (&desc->index, sizeof desc->index),
                               GUINT_TO_POINTER (self->counters->len));
        }
      return;
    }

  for (guint32 i = 0; i < e->u.counters.n_values; i++)
    {
      const EsMlpdCounterValue *value = &e->u.counters.values[i];
      guint32 found = GPOINTER_TO_UINT (g_hash_table_lookup (self->counter_ids, &value->index));
      EsMonoCounter *counter;
      CounterSample sample;

      if (found == 0)
        continue;
      counter = &g_array_index (self->counters, EsMonoCounter, found - 1);
      es_mono_counter_take (counter, value, e->time);
      /* A string has no number to draw. */
      if (value->type == ES_MLPD_COUNTER_STRING)
        continue;
      sample = (CounterSample) { e->time, counter->last, found - 1, self->counter_samples->len };
      g_array_append_val (self->counter_samples, sample);
    }
}

void
_es_mlpd_clear_counters (Loader *self)
{
  for (guint i = 0; self->counters != NULL && i < self->counters->len; i++)
    es_mono_counter_clear (&g_array_index (self->counters, EsMonoCounter, i));
  g_clear_pointer (&self->counters, g_array_unref);
  g_clear_pointer (&self->counter_ids, g_hash_table_unref);
  g_clear_pointer (&self->counter_samples, g_array_unref);
}

static int
compare_samples (gconstpointer a,
                 gconstpointer b)
{
  const CounterSample *x = a, *y = b;

  if (x->time != y->time)
    return x->time < y->time ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/**
 * _es_mlpd_tell_counters:
 * @origin: the document's time 0, on the log's clock
 * @watermark: no sample still to be decoded is earlier than this
 * @n_counters_told: (inout): the counters @builder has
 * @n_samples_told: (inout): the first samples it has
 *
 * Tells @builder the counters described since, and their samples up to
 * @watermark, in time order.
 */
void
_es_mlpd_tell_counters (Loader            *self,
                        EsDocumentBuilder *builder,
                        guint64            origin,
                        guint64            watermark,
                        guint             *n_counters_told,
                        guint             *n_samples_told)
{
  GArray *samples = self->counter_samples;
  guint n_due;

  for (; *n_counters_told < self->counters->len; (*n_counters_told)++)
    {
      const EsMonoCounter *c = &g_array_index (self->counters, EsMonoCounter, *n_counters_told);

      es_document_builder_add_counter (builder, c->section, c->name, c->type, c->unit, c->variance);
    }
  if (samples->len > *n_samples_told)
    qsort (&g_array_index (samples, CounterSample, *n_samples_told), samples->len - *n_samples_told,
           sizeof (CounterSample), compare_samples);
  for (n_due = *n_samples_told; n_due < samples->len; n_due++)
    {
      const CounterSample *s = &g_array_index (samples, CounterSample, n_due);

      if (s->time > watermark)
        break;
      es_document_builder_add_counter_sample (builder, s->counter, s->time >= origin ? s->time - origin : 0, s->key);
    }
  *n_samples_told = n_due;
}
