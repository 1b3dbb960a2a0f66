/* es-document-threads.c: each thread's runs and states, found in the caps' arrays
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-document-private.h"
#include "es-search.h"

/* Per thread, where its runs and instants are in the caps' arrays: derived
 * data, built once, on the first request (a view opening its thread rows),
 * not on the load path. */
typedef struct
{
  guint16 cap;
  guint8  kind;           /* EsInstantKind */
  guint8  pad;
  guint32 index;
} InstantRef;

typedef struct
{
  guint32     *run_offsets;       /* per thread (by position), n_threads + 1 */
  EsThreadRun *runs;
  guint32     *instant_offsets;
  InstantRef  *instants;
} ThreadIndex;

static const EsInstantKind thread_instant_kinds[] = {
  ES_INSTANT_THREAD_CREATED, ES_INSTANT_THREAD_RUNNABLE,
  ES_INSTANT_THREAD_MIGRATED, ES_INSTANT_THREAD_WOKEN,
};

void
_es_document_free_thread_index (gpointer data)
{
  ThreadIndex *index = data;

  g_free (index->run_offsets);
  g_free (index->runs);
  g_free (index->instant_offsets);
  g_free (index->instants);
  g_free (index);
}

static guint
thread_position (EsDocument *self,
                 guint32     id)
{
  return es_thread_table_find (self->threads, id);
}

/* A counting sort of the runs by thread, walking the caps' runs in time
 * order (a k-way merge) so each thread's slice comes out in time order.
 * Each cap's activities and the start of its next run are kept at hand:
 * the merge looks at every cap for every run, and a log of 10,000 threads
 * has millions of runs. */
static void
index_runs (EsDocument  *self,
            ThreadIndex *index,
            guint32     *position_of_id,
            guint        max_dense_id)
{
  guint n_caps = self->caps->len, n_threads = es_thread_table_get_length (self->threads);
  g_autofree guint *pos = g_new0 (guint, n_caps);
  g_autofree guint *n_activities = g_new0 (guint, n_caps);
  g_autofree const EsActivity **activities = g_new0 (const EsActivity *, n_caps);
  g_autofree guint64 *next_start = g_new (guint64, n_caps);
  g_autofree guint32 *fill = g_new0 (guint32, n_threads);

#define POSITION(id) ((id) < max_dense_id ? position_of_id[id] : thread_position (self, id))

  index->run_offsets = g_new0 (guint32, n_threads + 1);
  for (guint c = 0; c < n_caps; c++)
    {
      const EsActivity *a = es_cap_timeline_get_activities (g_ptr_array_index (self->caps, c), &n_activities[c]);

      activities[c] = a;
      for (guint i = 0; i < n_activities[c]; i++)
        if (a[i].kind == ES_ACTIVITY_RUNNING && POSITION (a[i].thread) != G_MAXUINT)
          index->run_offsets[POSITION (a[i].thread) + 1]++;
    }
  for (guint t = 0; t < n_threads; t++)
    index->run_offsets[t + 1] += index->run_offsets[t];
  index->runs = g_new (EsThreadRun, index->run_offsets[n_threads]);

  /* Each cap at its first run; G_MAXUINT64 once it has no more. */
  for (guint c = 0; c < n_caps; c++)
    {
      while (pos[c] < n_activities[c] && activities[c][pos[c]].kind != ES_ACTIVITY_RUNNING)
        pos[c]++;
      next_start[c] = pos[c] < n_activities[c] ? activities[c][pos[c]].start : G_MAXUINT64;
    }
  for (;;)
    {
      guint best = G_MAXUINT, t;
      guint64 best_start = G_MAXUINT64;
      const EsActivity *a;

      /* The earliest, the first cap on a tie, as the merge always took. */
      for (guint c = 0; c < n_caps; c++)
        if (next_start[c] < best_start || (best == G_MAXUINT && pos[c] < n_activities[c]))
          {
            best = c;
            best_start = next_start[c];
          }
      if (best == G_MAXUINT)
        break;
      a = activities[best];
      t = POSITION (a[pos[best]].thread);
      if (t != G_MAXUINT)
        index->runs[index->run_offsets[t] + fill[t]++] = (EsThreadRun) { pos[best], best, 0 };
      for (pos[best]++; pos[best] < n_activities[best] && a[pos[best]].kind != ES_ACTIVITY_RUNNING; pos[best]++)
        ;
      next_start[best] = pos[best] < n_activities[best] ? a[pos[best]].start : G_MAXUINT64;
    }
#undef POSITION
}

static void
index_instants (EsDocument  *self,
                ThreadIndex *index,
                guint32     *position_of_id,
                guint        max_dense_id)
{
  guint n_threads = es_thread_table_get_length (self->threads);
  g_autofree guint32 *fill = g_new0 (guint32, n_threads);

  index->instant_offsets = g_new0 (guint32, n_threads + 1);
  for (guint pass = 0; pass < 2; pass++)
    {
      if (pass == 1)
        {
          for (guint t = 0; t < n_threads; t++)
            index->instant_offsets[t + 1] += index->instant_offsets[t];
          index->instants = g_new (InstantRef, index->instant_offsets[n_threads]);
        }
      for (guint c = 0; c < self->caps->len; c++)
        for (guint k = 0; k < G_N_ELEMENTS (thread_instant_kinds); k++)
          {
            guint n;
            const EsInstant *in = es_cap_timeline_get_instants (g_ptr_array_index (self->caps, c),
                                                                thread_instant_kinds[k], &n);

            for (guint i = 0; i < n; i++)
              {
                guint t = in[i].thread < max_dense_id ? position_of_id[in[i].thread]
                                                      : thread_position (self, in[i].thread);

                if (t == G_MAXUINT)
                  continue;
                if (pass == 0)
                  index->instant_offsets[t + 1]++;
                else
                  index->instants[index->instant_offsets[t] + fill[t]++] =
                    (InstantRef) { c, thread_instant_kinds[k], 0, i };
              }
          }
    }
}

static ThreadIndex *
get_thread_index (EsDocument *self)
{
  if (g_once_init_enter (&self->thread_index))
    {
      ThreadIndex *index = g_new0 (ThreadIndex, 1);
      guint n_threads = es_thread_table_get_length (self->threads);
      /* In 64 bits: the last id may be G_MAXUINT32. */
      guint max_id = n_threads > 0 ? (guint) MIN ((guint64) es_thread_table_get (self->threads, n_threads - 1)->id + 1,
                                                  1u << 22)
                                   : 0;
      g_autofree guint32 *position_of_id = g_new (guint32, MAX (max_id, 1));

      for (guint i = 0; i < max_id; i++)
        position_of_id[i] = G_MAXUINT;
      for (guint t = 0; t < n_threads && es_thread_table_get (self->threads, t)->id < max_id; t++)
        position_of_id[es_thread_table_get (self->threads, t)->id] = t;
      index_runs (self, index, position_of_id, max_id);
      index_instants (self, index, position_of_id, max_id);
      g_once_init_leave (&self->thread_index, (gsize) index);
    }
  return (ThreadIndex *) self->thread_index;
}

/**
 * es_document_get_thread_runs:
 * @n_runs: (out): how many
 *
 * Returns: (array length=n_runs): @thread's runs in time order, as
 *   references to the RUNNING activities in the caps' timelines.
 */
const EsThreadRun *
es_document_get_thread_runs (EsDocument     *self,
                             const EsThread *thread,
                             guint          *n_runs)
{
  ThreadIndex *index;
  guint t;

  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);

  index = get_thread_index (self);
  t = thread_position (self, thread->id);
  *n_runs = 0;
  g_return_val_if_fail (t != G_MAXUINT, NULL);
  *n_runs = index->run_offsets[t + 1] - index->run_offsets[t];
  return &index->runs[index->run_offsets[t]];
}

/* Sorts @states by time, stably, the way g_array_sort_with_data() would,
 * at a fraction of its cost: they come as a few stretches already in
 * order (each cap's instants of each kind, then the runs and their stops),
 * so the stretches are found and merged in pairs, the earlier stretch
 * first at equal times, with the times compared inline. A thread of a
 * busy program has a million states: sorting them with a comparison
 * function call each was most of the first frame of its row. */
static void
sort_states_by_time (GArray *states)
{
  guint n = states->len, n_stretches = 0;
  g_autofree guint *starts = NULL;
  g_autofree EsThreadState *spare = NULL;
  EsThreadState *from = (EsThreadState *) (gpointer) states->data, *to;

  for (guint i = 1; i < n; i++)
    n_stretches += from[i].time < from[i - 1].time;
  if (n_stretches == 0)
    return;
  starts = g_new (guint, n_stretches + 2);
  starts[0] = 0;
  n_stretches = 1;
  for (guint i = 1; i < n; i++)
    if (from[i].time < from[i - 1].time)
      starts[n_stretches++] = i;
  starts[n_stretches] = n;
  spare = g_new (EsThreadState, n);
  to = spare;
  while (n_stretches > 1)
    {
      guint merged = 0;

      for (guint k = 0; k < n_stretches; k += 2)
        {
          guint a = starts[k], a_end = starts[MIN (k + 1, n_stretches)], b = a_end;
          guint b_end = k + 1 < n_stretches ? starts[k + 2] : a_end, w = a;

          while (a < a_end && b < b_end)
            to[w++] = from[b].time < from[a].time ? from[b++] : from[a++];
          memcpy (&to[w], &from[a], (a_end - a) * sizeof (EsThreadState));
          w += a_end - a;
          memcpy (&to[w], &from[b], (b_end - b) * sizeof (EsThreadState));
          starts[merged++] = starts[k];
        }
      starts[merged] = n;
      n_stretches = merged;
      /* The merged stretches are in @to now: merge them from there. */
      {
        EsThreadState *swap = from;

        from = to;
        to = swap;
      }
    }
  if (from != (EsThreadState *) (gpointer) states->data)
    memcpy (states->data, from, n * sizeof (EsThreadState));
}

/* What a thread is once a run ends with @status. */
EsThreadStateKind
_es_thread_state_after_stop (EsStopStatus status)
{
  switch (status)
    {
    case ES_STOP_THREAD_FINISHED:
      return ES_THREAD_STATE_FINISHED;
    case ES_STOP_HEAP_OVERFLOW: case ES_STOP_STACK_OVERFLOW: case ES_STOP_THREAD_YIELDING:
    case ES_STOP_THREAD_MIGRATING: case ES_STOP_NO_STATUS:
      return ES_THREAD_STATE_RUNNABLE;
    default:
      return ES_THREAD_STATE_BLOCKED;
    }
}

/**
 * es_document_get_thread_timeline:
 * @states: (element-type EsThreadState): receives the states, in time order
 *
 * Every state change of @thread: created; each run (RUNNING on its cap,
 * then what its stop status means: runnable, blocked with the reason, or
 * finished); woken, migrated or made runnable (RUNNABLE, on the cap it was
 * sent to). Assembled from the caps' activities and instants, where each of
 * these is stored once.
 */
void
es_document_get_thread_timeline (EsDocument     *self,
                                 const EsThread *thread,
                                 GArray         *states)
{
  ThreadIndex *index;
  const EsThreadRun *runs;
  EsThreadState *out;
  guint t, n_runs, n_out = 0;

  g_return_if_fail (ES_IS_DOCUMENT (self));
  g_return_if_fail (g_array_get_element_size (states) == sizeof (EsThreadState));

  runs = es_document_get_thread_runs (self, thread, &n_runs);
  index = get_thread_index (self);
  t = thread_position (self, thread->id);
  g_array_set_size (states, 0);
  g_return_if_fail (t != G_MAXUINT);
  /* Written in place, at most one per instant and two per run (a busy
   * thread has a million: an append each was a copy call each). */
  g_array_set_size (states, index->instant_offsets[t + 1] - index->instant_offsets[t] + 2 * n_runs);
  out = (EsThreadState *) (gpointer) states->data;

  for (guint i = index->instant_offsets[t]; i < index->instant_offsets[t + 1]; i++)
    {
      const InstantRef *ref = &index->instants[i];
      guint n;
      const EsInstant *in = &es_cap_timeline_get_instants (g_ptr_array_index (self->caps, ref->cap), ref->kind, &n)[ref->index];
      gboolean sent = ref->kind == ES_INSTANT_THREAD_MIGRATED || ref->kind == ES_INSTANT_THREAD_WOKEN;

      out[n_out++] = (EsThreadState) { es_instant_time (in),
                                       sent ? es_cap_timeline_get_arg (g_ptr_array_index (self->caps, ref->cap), ref->kind, in) : ref->cap,
                                       ref->kind == ES_INSTANT_THREAD_CREATED ? ES_THREAD_STATE_CREATED : ES_THREAD_STATE_RUNNABLE, 0 };
    }
  for (guint i = 0; i < n_runs; i++)
    {
      guint n;
      const EsActivity *a = &es_cap_timeline_get_activities (g_ptr_array_index (self->caps, runs[i].cap), &n)[runs[i].activity];

      out[n_out++] = (EsThreadState) { a->start, runs[i].cap, ES_THREAD_STATE_RUNNING, 0 };
      /* A run stored in pieces stops once, at the end of its last. */
      if (!(a->flags & (ES_ACTIVITY_ENDED_BY_LOG_END | ES_ACTIVITY_CONTINUES)))
        out[n_out++] = (EsThreadState) { es_activity_end (a), runs[i].cap, _es_thread_state_after_stop (a->stop_status),
                                         a->stop_status };
      /* Where its cap's data ends, in a cut log, nothing is known of the
       * thread from then on. */
      else if ((a->flags & ES_ACTIVITY_ENDED_BY_LOG_END) &&
               es_cap_timeline_get_data_end (g_ptr_array_index (self->caps, runs[i].cap)) != G_MAXUINT64)
        out[n_out++] = (EsThreadState) { es_activity_end (a), runs[i].cap, ES_THREAD_STATE_NO_DATA, 0 };
    }
  g_array_set_size (states, n_out);
  for (guint i = 0; i < self->orphan_stops->len; i++)
    if (g_array_index (self->orphan_stops, EsOrphanStop, i).thread == thread->id)
      g_array_append_val (states, g_array_index (self->orphan_stops, EsOrphanStop, i).state);

  /* Stable: at equal times, creation comes before running, running
   * before its stop. */
  sort_states_by_time (states);
}
