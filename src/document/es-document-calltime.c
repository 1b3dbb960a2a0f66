/* es-document-calltime.c: call time as a time profile: each stretch of a
 * thread's time between two of its method events is a sample of its
 * stack, weighted by its length, with each stack's time kept at the
 * samples' checkpoints so that any interval's time, its edge stretches
 * cut, costs two checkpoints and the few samples after each
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-document-builder-private.h"
#include "es-document-prof-private.h"

void
_es_prof_data_init_weights (EsProfData *prof)
{
  prof->time_checkpoints = g_ptr_array_new_with_free_func (g_atomic_rc_box_release);
  prof->time_by_stack = g_array_new (FALSE, TRUE, sizeof (guint64));
  prof->open = g_array_new (FALSE, FALSE, sizeof (guint32));
}

void
_es_prof_data_clear_weights (EsProfData *prof)
{
  es_vec_clear (&prof->weights, sizeof (guint64));
  g_ptr_array_unref (prof->time_checkpoints);
  g_array_unref (prof->time_by_stack);
  g_array_unref (prof->open);
}

/* What _es_prof_data_copy_unindexed() copies of the call time: the
 * weights as the samples (mapped, the unsettled ones its own), the time
 * checkpoints by reference, the sums and stretches still open. */
void
_es_prof_data_copy_weights (EsProfData       *copy,
                            const EsProfData *prof)
{
  copy->weighted = prof->weighted;
  if (!prof->weighted)
    return;
  es_vec_copy (&copy->weights, &prof->weights, sizeof (guint64));
  es_vec_own (&copy->weights, prof->settled, sizeof (guint64));
  for (guint j = 0; j < prof->time_checkpoints->len; j++)
    g_ptr_array_add (copy->time_checkpoints, g_atomic_rc_box_acquire (g_ptr_array_index (prof->time_checkpoints, j)));
  g_array_append_vals (copy->time_by_stack, prof->time_by_stack->data, prof->time_by_stack->len);
  g_array_append_vals (copy->open, prof->open->data, prof->open->len);
}

/* Forgets the time counted, for the samples to be counted again. */
void
_es_prof_reset_time (EsProfData *prof)
{
  if (!prof->weighted)
    return;
  es_vec_leave_region (&prof->weights, sizeof (guint64), TRUE);
  g_ptr_array_set_size (prof->time_checkpoints, 0);
  g_array_set_size (prof->time_by_stack, 0);
  g_array_set_size (prof->open, 0);
}

typedef struct
{
  EsProfSample sample;
  guint64      weight;
} Weighted;

static int
compare_weighted (gconstpointer a,
                  gconstpointer b,
                  gpointer      data)
{
  const EsProfSample *x = &((const Weighted *) a)->sample, *y = &((const Weighted *) b)->sample;

  if (x->time != y->time)
    return x->time < y->time ? -1 : 1;
  return (x->cap > y->cap) - (x->cap < y->cap);
}

static gboolean
in_order (const EsProfSample *samples,
          guint               from,
          guint               n)
{
  for (guint i = from + 1; i < n; i++)
    if (samples[i - 1].time > samples[i].time ||
        (samples[i - 1].time == samples[i].time && samples[i - 1].cap > samples[i].cap))
      return FALSE;
  return TRUE;
}

/* Sorts samples [@from, n) with their weights, stably. The loader tells
 * them in order, so this is mostly a check. */
void
_es_prof_sort_weighted (EsProfData *prof,
                        guint       from)
{
  EsProfSample *samples = prof->samples.data;
  guint64 *weights = prof->weights.data;
  guint n = prof->samples.len;
  g_autofree Weighted *pairs = NULL;

  if (from >= n || in_order (samples, from, n))
    return;
  pairs = g_new (Weighted, n - from);
  for (guint i = from; i < n; i++)
    pairs[i - from] = (Weighted) { samples[i], weights[i] };
  g_qsort_with_data (pairs, (gint) (n - from), sizeof (Weighted), compare_weighted, NULL);
  for (guint i = from; i < n; i++)
    {
      samples[i] = pairs[i - from].sample;
      weights[i] = pairs[i - from].weight;
    }
}

/* _es_builder_settle_prof()'s settle_samples() with the weights: moves
 * the samples from @from on that are earlier than @before to just after
 * the settled ones, in order, the others after them as they came. */
guint
_es_prof_settle_weighted (EsProfData *prof,
                          guint       from,
                          guint64     before)
{
  EsProfSample *samples = prof->samples.data;
  guint64 *weights = prof->weights.data;
  guint n = prof->samples.len, n_early = 0, n_rest = 0;
  g_autofree Weighted *early = NULL, *rest = NULL;

  if (from >= n)
    return 0;
  if (in_order (samples, from, n))
    {
      while (from + n_early < n && samples[from + n_early].time < before)
        n_early++;
      return n_early;
    }
  early = g_new (Weighted, n - from);
  rest = g_new (Weighted, n - from);
  for (guint i = from; i < n; i++)
    {
      Weighted pair = { samples[i], weights[i] };

      if (samples[i].time < before)
        early[n_early++] = pair;
      else
        rest[n_rest++] = pair;
    }
  g_qsort_with_data (early, (gint) n_early, sizeof (Weighted), compare_weighted, NULL);
  for (guint i = 0; i < n_early + n_rest; i++)
    {
      const Weighted *pair = i < n_early ? &early[i] : &rest[i - n_early];

      samples[from + i] = pair->sample;
      weights[from + i] = pair->weight;
    }
  return n_early;
}

/* Adds samples [@from, @to) (in order, counted now) to each stack's
 * time, and remembers them as stretches that may reach past the next
 * checkpoint; with @checkpoint, makes the time checkpoint at @to: each
 * stack's time up to the last sample's start, the stretches that go on
 * past it cut there, and those the only ones still open. */
void
_es_prof_count_time (EsProfData *prof,
                     guint       from,
                     guint       to,
                     gboolean    checkpoint)
{
  const EsProfSample *samples = prof->samples.data;
  const guint64 *weights = prof->weights.data;
  guint64 *time_by_stack;
  guint32 *open;
  EsProfTimeCheckpoint *at;
  guint n_open = 0;
  guint64 time;

  if (prof->time_by_stack->len < prof->stacks->len)
    g_array_set_size (prof->time_by_stack, prof->stacks->len);
  time_by_stack = (guint64 *) (gpointer) prof->time_by_stack->data;
  for (guint i = from; i < to; i++)
    if (weights[i] > 0)
      {
        time_by_stack[samples[i].stack] += weights[i];
        g_array_append_val (prof->open, i);
      }
  if (!checkpoint || to == 0)
    return;

  time = samples[to - 1].time;
  open = (guint32 *) (gpointer) prof->open->data;
  for (guint k = 0; k < prof->open->len; k++)
    if (samples[open[k]].time + weights[open[k]] > time)
      open[n_open++] = open[k];
  g_array_set_size (prof->open, n_open);

  at = g_atomic_rc_box_alloc (sizeof (EsProfTimeCheckpoint) + prof->time_by_stack->len * sizeof (guint64) +
                              n_open * sizeof (guint32));
  at->time = time;
  at->n_stacks = prof->time_by_stack->len;
  at->n_open = n_open;
  at->time_before = at->data;
  at->open = (guint32 *) (gpointer) (at->data + at->n_stacks);
  memcpy (at->time_before, time_by_stack, at->n_stacks * sizeof (guint64));
  memcpy (at->open, open, n_open * sizeof (guint32));
  for (guint k = 0; k < n_open; k++)
    at->time_before[samples[open[k]].stack] -= samples[open[k]].time + weights[open[k]] - time;
  g_ptr_array_add (prof->time_checkpoints, at);
}

/* Every other time checkpoint goes, as the counts' do. */
void
_es_prof_thin_time_checkpoints (EsProfData *prof)
{
  GPtrArray *kept = g_ptr_array_new_with_free_func (g_atomic_rc_box_release);

  for (guint j = 1; j < prof->time_checkpoints->len; j += 2)
    g_ptr_array_add (kept, g_atomic_rc_box_acquire (g_ptr_array_index (prof->time_checkpoints, j)));
  g_ptr_array_unref (prof->time_checkpoints);
  prof->time_checkpoints = kept;
}

/* The call time's stack @cost_centre inside @parent (ES_PROF_EMPTY_STACK
 * for an outermost call), made on first sight. */
guint32
_es_builder_intern_call_frame (EsDocumentBuilder *self,
                               guint32            parent,
                               guint32            cost_centre)
{
  return _es_prof_intern_frame (self->calls, self->doc->calls, parent, cost_centre);
}

/**
 * _es_builder_add_call_stretch:
 * @cap: the row of the thread it is of
 * @stack: from _es_builder_intern_call_frame()
 * @length: ns
 *
 * A stretch of a thread's time in @stack, from @time on. Stretches come
 * in time order, or are settled as samples are.
 */
void
_es_builder_add_call_stretch (EsDocumentBuilder *self,
                              guint64            time,
                              guint16            cap,
                              guint32            stack,
                              guint64            length)
{
  EsProfData *calls = self->doc->calls;
  EsProfSample sample = { time, stack, cap, 0 };

  calls->weighted = TRUE;
  *ES_VEC_PUSH (&calls->samples, EsProfSample) = sample;
  *ES_VEC_PUSH (&calls->weights, guint64) = length;
}

/**
 * es_document_get_prof_weights:
 *
 * Returns: (nullable): per sample of @kind, the length of its stretch in
 *   ns; %NULL for samples that are not weighted (each a tick)
 */
const guint64 *
es_document_get_prof_weights (EsDocument *self,
                              EsProfKind  kind)
{
  EsProfData *prof;

  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);

  prof = _es_document_prof_data (self, kind);
  return prof->weighted ? prof->weights.data : NULL;
}

/**
 * es_document_get_prof_time_before:
 * @checkpoint: from 1 to es_document_get_prof_n_checkpoints()
 * @time: (out): the checkpoint's time: the start of the last sample
 *   before it
 * @n_stacks: (out): the stacks counted; those after have no time there
 * @open: (out) (array length=n_open): the samples before it whose
 *   stretches go on past @time
 *
 * Returns: (array length=n_stacks): per stack, its time before @time,
 *   for weighted samples (es_document_get_prof_weights())
 */
const guint64 *
es_document_get_prof_time_before (EsDocument     *self,
                                  EsProfKind      kind,
                                  guint           checkpoint,
                                  guint64        *time,
                                  guint          *n_stacks,
                                  const guint32 **open,
                                  guint          *n_open)
{
  EsProfData *prof;
  const EsProfTimeCheckpoint *at;

  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);
  prof = _es_document_prof_data (self, kind);
  g_return_val_if_fail (checkpoint >= 1 && checkpoint <= prof->time_checkpoints->len, NULL);

  at = g_ptr_array_index (prof->time_checkpoints, checkpoint - 1);
  *time = at->time;
  *n_stacks = at->n_stacks;
  *open = at->open;
  *n_open = at->n_open;
  return at->time_before;
}

/**
 * es_document_has_call_time:
 *
 * Returns: whether the log has calls (enter and leave events) whose time
 *   is a profile (ES_PROF_CALL_TIME)
 */
gboolean
es_document_has_call_time (EsDocument *self)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), FALSE);

  return _es_document_prof_data (self, ES_PROF_CALL_TIME)->samples.len > 0;
}
