/* es-document-threads.c: each thread's runs and states, found in the caps' arrays
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-document-private.h"
#include "es-document-threads-private.h"
#include "es-search.h"
#include "es-varint.h"


static const EsInstantKind thread_instant_kinds[] = {
  ES_INSTANT_THREAD_CREATED, ES_INSTANT_THREAD_RUNNABLE,
  ES_INSTANT_THREAD_MIGRATED, ES_INSTANT_THREAD_WOKEN,
};

void
_es_document_free_thread_index (gpointer data)
{
  ThreadIndex *index = data;

  g_free (index->run_offsets);
  g_free (index->n_runs);
  g_free (index->run_bytes);
  g_free (index->instant_offsets);
  g_free (index->n_instants);
  g_free (index->instant_bytes);
  g_free (index);
}

static guint
thread_position (EsDocument *self,
                 guint32     id)
{
  return es_thread_table_find (self->threads, id);
}

/* The bytes of one reference after @cursor's, written at @out if it is
 * not NULL; @cursor moves on to it. @kind is 0 for runs. */
static inline gsize
pack_ref (RefCursor *cursor,
          guint16    cap,
          guint8     kind,
          guint32    at,
          guint8    *out)
{
  gboolean same = cursor->started && cursor->cap == cap && cursor->kind == kind && at >= cursor->index;
  guint64 v = same ? (guint64) (at - cursor->index) << 1 : (guint64) at << 1 | 1;
  gsize n = es_varint_size (v) + (same ? 0 : 1 + es_varint_size (cap));

  if (out != NULL)
    {
      out = es_varint_put (out, v);
      if (!same)
        {
          *out++ = kind;
          es_varint_put (out, cap);
        }
    }
  *cursor = (RefCursor) { at, cap, kind, TRUE };
  return n;
}

/* Makes the offsets of a packed part from each thread's bytes (in
 * @offsets[t + 1]), and its bytes. */
static guint8 *
allocate_part (gsize *offsets,
               guint  n_threads)
{
  for (guint t = 0; t < n_threads; t++)
    offsets[t + 1] += offsets[t];
  return g_malloc (MAX (offsets[n_threads], 1));
}

/* Each thread's runs, walking the caps' runs in time order (a k-way
 * merge) so each thread's come out in time order. Each cap's activities
 * and the start of its next run are kept at hand: the merge looks at every
 * cap for every run, and a log of 10,000 threads has millions of runs. It
 * runs once: each thread's bytes are written in room for the most they
 * could take (counted cap by cap, without the merge), then moved up
 * behind the thread before. */
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
  g_autofree RefCursor *cursors = g_new0 (RefCursor, MAX (n_threads, 1));
  g_autofree gsize *fill = g_new (gsize, n_threads + 1);
  gsize w = 0;

#define POSITION(id) ((id) < max_dense_id ? position_of_id[id] : thread_position (self, id))

  index->run_offsets = g_new0 (gsize, n_threads + 1);
  index->n_runs = g_new0 (guint32, MAX (n_threads, 1));
  for (guint c = 0; c < n_caps; c++)
    {
      const EsActivity *a = es_cap_timeline_get_activities (g_ptr_array_index (self->caps, c), &n_activities[c]);

      activities[c] = a;
      for (guint i = 0; i < n_activities[c]; i++)
        if (a[i].kind == ES_ACTIVITY_RUNNING && POSITION (a[i].thread) != G_MAXUINT)
          {
            guint t = POSITION (a[i].thread);

            /* A run on a new cap, the most it takes. */
            index->run_offsets[t + 1] += es_varint_size ((guint64) i << 1 | 1) + 1 + es_varint_size (c);
            index->n_runs[t]++;
          }
    }
  index->run_bytes = allocate_part (index->run_offsets, n_threads);
  memcpy (fill, index->run_offsets, (n_threads + 1) * sizeof (gsize));

  /* Each cap at its first run; G_MAXUINT64 once it has no more. */
  for (guint c = 0; c < n_caps; c++)
    {
      for (pos[c] = 0; pos[c] < n_activities[c] && activities[c][pos[c]].kind != ES_ACTIVITY_RUNNING; pos[c]++)
        ;
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
        fill[t] += pack_ref (&cursors[t], (guint16) best, 0, pos[best], index->run_bytes + fill[t]);
      for (pos[best]++; pos[best] < n_activities[best] && a[pos[best]].kind != ES_ACTIVITY_RUNNING; pos[best]++)
        ;
      next_start[best] = pos[best] < n_activities[best] ? a[pos[best]].start : G_MAXUINT64;
    }
#undef POSITION

  /* Each thread's bytes moved up to the end of the one before's. */
  for (guint t = 0; t < n_threads; t++)
    {
      gsize n = fill[t] - index->run_offsets[t];

      memmove (index->run_bytes + w, index->run_bytes + index->run_offsets[t], n);
      index->run_offsets[t] = w;
      w += n;
    }
  index->run_offsets[n_threads] = w;
  index->run_bytes = g_realloc (index->run_bytes, MAX (w, 1));
}

static void
index_instants (EsDocument  *self,
                ThreadIndex *index,
                guint32     *position_of_id,
                guint        max_dense_id)
{
  guint n_threads = es_thread_table_get_length (self->threads);
  g_autofree RefCursor *cursors = g_new (RefCursor, MAX (n_threads, 1));
  g_autofree gsize *fill = g_new (gsize, n_threads + 1);

  index->instant_offsets = g_new0 (gsize, n_threads + 1);
  index->n_instants = g_new0 (guint32, MAX (n_threads, 1));
  for (guint pass = 0; pass < 2; pass++)
    {
      if (pass == 1)
        {
          index->instant_bytes = allocate_part (index->instant_offsets, n_threads);
          memcpy (fill, index->instant_offsets, (n_threads + 1) * sizeof (gsize));
        }
      memset (cursors, 0, MAX (n_threads, 1) * sizeof (RefCursor));
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
                  {
                    index->instant_offsets[t + 1] += pack_ref (&cursors[t], (guint16) c, (guint8) thread_instant_kinds[k], i, NULL);
                    index->n_instants[t]++;
                  }
                else
                  fill[t] += pack_ref (&cursors[t], (guint16) c, (guint8) thread_instant_kinds[k], i,
                                       index->instant_bytes + fill[t]);
              }
          }
    }
}

ThreadIndex *
_es_document_get_thread_index (EsDocument *self)
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
 *
 * Returns: (transfer full) (element-type EsThreadRun): @thread's runs in
 *   time order, as references to the RUNNING activities in the caps'
 *   timelines.
 */
GArray *
es_document_get_thread_runs (EsDocument     *self,
                             const EsThread *thread)
{
  ThreadIndex *index;
  GArray *runs = g_array_new (FALSE, FALSE, sizeof (EsThreadRun));
  RefCursor cursor = { 0 };
  const guint8 *in;
  guint t;

  g_return_val_if_fail (ES_IS_DOCUMENT (self), runs);

  index = _es_document_get_thread_index (self);
  t = thread_position (self, thread->id);
  g_return_val_if_fail (t != G_MAXUINT, runs);
  g_array_set_size (runs, index->n_runs[t]);
  in = index->run_bytes + index->run_offsets[t];
  for (guint i = 0; i < runs->len; i++)
    {
      in = unpack_ref (&cursor, in);
      g_array_index (runs, EsThreadRun, i) = (EsThreadRun) { cursor.index, cursor.cap, 0 };
    }
  return runs;
}

/* Merges the stretches of @from that @starts bounds (@n_stretches of
 * them, @starts[n_stretches] their end) in pairs, back and forth with @to,
 * until one is left; the earlier stretch first at equal times. Returns
 * where the merged states are: @from or @to. */
static EsThreadState *
merge_stretches (EsThreadState *from,
                 EsThreadState *to,
                 guint         *starts,
                 guint          n_stretches)
{
  guint n = starts[n_stretches];

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
  return from;
}

/* Sorts @states by time, stably, the way g_array_sort_with_data() would,
 * at a fraction of its cost: they come as a few stretches already in
 * order (each cap's instants of each kind, then the runs and their stops),
 * so the stretches are found and merged in pairs, the earlier stretch
 * first at equal times, with the times compared inline. A thread of a
 * busy program has a million states: sorting them with a comparison
 * function call each was most of the first frame of its row.
 *
 * The spare array holds all but the last stretch, most often the runs
 * and their stops, two thirds of the states: the others are merged there,
 * then with the last from the front, in place (the merged states written
 * never pass the last stretch's still to be read). Two workers sort at
 * once, and a thread's states are megabytes. */
static void
sort_states_by_time (GArray *states)
{
  guint n = states->len, n_stretches = 0, head;
  g_autofree guint *starts = NULL;
  g_autofree EsThreadState *spare = NULL;
  EsThreadState *all = (EsThreadState *) (gpointer) states->data, *merged;

  for (guint i = 1; i < n; i++)
    n_stretches += all[i].time < all[i - 1].time;
  if (n_stretches == 0)
    return;
  starts = g_new (guint, n_stretches + 2);
  starts[0] = 0;
  n_stretches = 1;
  for (guint i = 1; i < n; i++)
    if (all[i].time < all[i - 1].time)
      starts[n_stretches++] = i;
  /* All but the last, merged into one in the spare. */
  head = starts[n_stretches - 1];
  spare = g_new (EsThreadState, head);
  merged = merge_stretches (all, spare, starts, n_stretches - 1);
  if (merged != spare)
    memcpy (spare, merged, head * sizeof (EsThreadState));
  /* Then with the last: the head first at equal times. */
  {
    guint a = 0, b = head, w = 0;

    while (a < head && b < n)
      all[w++] = all[b].time < spare[a].time ? all[b++] : spare[a++];
    memcpy (&all[w], &spare[a], (head - a) * sizeof (EsThreadState));
  }
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
 * these is stored once. es_document_read_thread_timeline() gives the same
 * states a few at a time, without making them all.
 */
void
es_document_get_thread_timeline (EsDocument     *self,
                                 const EsThread *thread,
                                 GArray         *states)
{
  ThreadIndex *index;
  EsThreadState *out;
  RefCursor ref = { 0 };
  const guint8 *packed;
  guint t, n_runs, n_out = 0;

  g_return_if_fail (ES_IS_DOCUMENT (self));
  g_return_if_fail (g_array_get_element_size (states) == sizeof (EsThreadState));

  index = _es_document_get_thread_index (self);
  t = thread_position (self, thread->id);
  g_array_set_size (states, 0);
  g_return_if_fail (t != G_MAXUINT);
  n_runs = index->n_runs[t];
  /* Written in place, at most one per instant and two per run (a busy
   * thread has a million: an append each was a copy call each). */
  g_array_set_size (states, index->n_instants[t] + 2 * n_runs);
  out = (EsThreadState *) (gpointer) states->data;

  packed = index->instant_bytes + index->instant_offsets[t];
  for (guint i = 0; i < index->n_instants[t]; i++)
    {
      packed = unpack_ref (&ref, packed);
      out[n_out++] = _es_instant_state (self, &ref);
    }
  packed = index->run_bytes + index->run_offsets[t];
  ref = (RefCursor) { 0 };
  for (guint i = 0; i < n_runs; i++)
    {
      guint n;
      const EsActivity *a;

      packed = unpack_ref (&ref, packed);
      a = &es_cap_timeline_get_activities (g_ptr_array_index (self->caps, ref.cap), &n)[ref.index];
      n_out += _es_run_states (a, ref.cap, es_cap_timeline_get_data_end (g_ptr_array_index (self->caps, ref.cap)),
                               &out[n_out]);
    }
  g_array_set_size (states, n_out);
  for (guint i = 0; i < self->orphan_stops->len; i++)
    if (g_array_index (self->orphan_stops, EsOrphanStop, i).thread == thread->id)
      g_array_append_val (states, g_array_index (self->orphan_stops, EsOrphanStop, i).state);

  /* Stable: at equal times, creation comes before running, running
   * before its stop. */
  sort_states_by_time (states);
}
