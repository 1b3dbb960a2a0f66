/* es-profile-time.c: each stack's call time in an interval, its edge
 * stretches cut at the interval's ends
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-profile-private.h"

/* The part of the stretch of @start and @length before @t. */
static guint64
before (guint64 start,
        guint64 length,
        guint64 t)
{
  return start >= t ? 0 : MIN (start + length, t) - start;
}

/* Adds @sign (1 or -1, wrapping) times each sampled stack's time before
 * @t to @counts: @i the first sample starting at or after @t. That is
 * the time at the last checkpoint at or before @i, the stretches open
 * there up to @t, and the samples from the checkpoint to @i up to @t:
 * at most a checkpoint's worth of samples walked. */
static void
add_time_before (EsDocument                *document,
                 EsProfKind                 kind,
                 const EsProfSampledStacks *sampled,
                 guint64                    t,
                 guint                      i,
                 guint64                    sign,
                 guint64                   *counts)
{
  guint n_samples;
  const EsProfSample *samples = es_document_get_prof_samples (document, kind, &n_samples);
  const guint64 *weights = es_document_get_prof_weights (document, kind);
  guint every = es_document_get_prof_checkpoint_samples (document, kind);
  guint j = MIN (i / every, es_document_get_prof_n_checkpoints (document, kind));
  guint from = 0;

  if (j > 0)
    {
      guint64 at;
      guint n_stacks, n_open;
      const guint32 *open;
      const guint64 *time_before = es_document_get_prof_time_before (document, kind, j, &at, &n_stacks, &open, &n_open);

      for (guint k = 0; k < sampled->n_sampled && sampled->stacks[k] < n_stacks; k++)
        counts[k] += sign * time_before[sampled->stacks[k]];
      /* each open one from the checkpoint's time on */
      for (guint k = 0; k < n_open; k++)
        {
          guint32 o = open[k];

          counts[sampled->slot_of[samples[o].stack]] +=
            sign * (before (samples[o].time, weights[o], t) - before (samples[o].time, weights[o], at));
        }
      from = (guint) ((guint64) j * every);
    }
  for (guint k = from; k < i; k++)
    counts[sampled->slot_of[samples[k].stack]] += sign * before (samples[k].time, weights[k], t);
}

/* Cap @cap's time in [@t0, @t1): its stretches that reach into the
 * interval, cut at its ends. Those that start before @t0 and reach past
 * it are open at the checkpoint before @i0 or after it. */
static void
add_cap_time (EsDocument                *document,
              EsProfKind                 kind,
              const EsProfSampledStacks *sampled,
              guint64                    t0,
              guint64                    t1,
              guint                      i0,
              guint                      i1,
              guint                      cap,
              guint64                   *counts)
{
  guint n_samples;
  const EsProfSample *samples = es_document_get_prof_samples (document, kind, &n_samples);
  const guint64 *weights = es_document_get_prof_weights (document, kind);
  guint every = es_document_get_prof_checkpoint_samples (document, kind);
  guint j = MIN (i0 / every, es_document_get_prof_n_checkpoints (document, kind));
  guint from = 0;

  if (j > 0)
    {
      guint64 at;
      guint n_stacks, n_open;
      const guint32 *open;

      es_document_get_prof_time_before (document, kind, j, &at, &n_stacks, &open, &n_open);
      for (guint k = 0; k < n_open; k++)
        if (samples[open[k]].cap == cap)
          counts[sampled->slot_of[samples[open[k]].stack]] +=
            before (samples[open[k]].time, weights[open[k]], t1) - before (samples[open[k]].time, weights[open[k]], t0);
      from = (guint) ((guint64) j * every);
    }
  for (guint k = from; k < i1; k++)
    if (samples[k].cap == cap)
      counts[sampled->slot_of[samples[k].stack]] +=
        before (samples[k].time, weights[k], t1) - before (samples[k].time, weights[k], t0);
}

/**
 * _es_profile_count_time:
 * @i0: the first sample starting at or after @t0
 * @i1: the first sample starting at or after @t1
 * @cap: the one cap (a Mono log's thread row) counted, or
 *   ES_PROFILE_ALL_CAPS
 * @counts: per sampled stack, by slot: its time in [@t0, @t1) is added
 *
 * For weighted samples (call time): the time before @t1 less the time
 * before @t0, each from a checkpoint and the samples after it; a cap's
 * from the checkpoint before @t0 on.
 */
void
_es_profile_count_time (EsDocument                *document,
                        EsProfKind                 kind,
                        const EsProfSampledStacks *sampled,
                        guint64                    t0,
                        guint64                    t1,
                        guint                      i0,
                        guint                      i1,
                        guint                      cap,
                        guint64                   *counts)
{
  if (cap != ES_PROFILE_ALL_CAPS)
    {
      add_cap_time (document, kind, sampled, t0, t1, i0, i1, cap, counts);
      return;
    }
  add_time_before (document, kind, sampled, t1, i1, 1, counts);
  add_time_before (document, kind, sampled, t0, i0, (guint64) -1, counts);
}
