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
#include "es-varint.h"

/* Per thread, where its runs and instants are in the caps' arrays: derived
 * data, built once, on the first request (a view opening its thread rows),
 * not on the load path. Packed, as the thread states are: a busy log has
 * millions of runs, and as 8-byte references they were a third of the
 * log's size again. A thread's runs are varints of the activity's index,
 * from its run before on the same cap (shifted left once), or with the
 * low bit set, the index itself and the new cap; its instants likewise,
 * from the one before of the same cap and kind, or the index with the new
 * kind (a byte) and cap. */
typedef struct
{
  gsize   *run_offsets;       /* per thread (by position), n_threads + 1, into run_bytes */
  guint32 *n_runs;
  guint8  *run_bytes;
  gsize   *instant_offsets;
  guint32 *n_instants;
  guint8  *instant_bytes;
} ThreadIndex;

/* Where a thread's references stand while they are packed or read. */
typedef struct
{
  guint32 index;
  guint16 cap;
  guint8  kind;
  guint8  started;
} RefCursor;

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

static inline const guint8 *
unpack_ref (RefCursor    *cursor,
            const guint8 *in)
{
  guint64 v;

  in = es_varint_get (in, &v);
  if (v & 1)
    {
      guint64 cap;

      cursor->kind = *in++;
      in = es_varint_get (in, &cap);
      cursor->cap = (guint16) cap;
      cursor->index = (guint32) (v >> 1);
    }
  else
    cursor->index += (guint32) (v >> 1);
  return in;
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

  index = get_thread_index (self);
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

/* The state an instant of @ref's cap and kind, @in, makes of its thread. */
static inline EsThreadState
instant_state (EsDocument      *self,
               const RefCursor *ref)
{
  guint n;
  const EsInstant *in = &es_cap_timeline_get_instants (g_ptr_array_index (self->caps, ref->cap), ref->kind, &n)[ref->index];
  gboolean sent = ref->kind == ES_INSTANT_THREAD_MIGRATED || ref->kind == ES_INSTANT_THREAD_WOKEN;

  return (EsThreadState) { es_instant_time (in),
                           sent ? es_cap_timeline_get_arg (g_ptr_array_index (self->caps, ref->cap), ref->kind, in) : ref->cap,
                           ref->kind == ES_INSTANT_THREAD_CREATED ? ES_THREAD_STATE_CREATED : ES_THREAD_STATE_RUNNABLE, 0 };
}

/* The states the run @ref points at makes: its start, then its stop (or
 * the end of its cap's data), if it has one. Returns how many (1 or 2). */
static inline guint
run_states (EsDocument      *self,
            const RefCursor *ref,
            EsThreadState   *out)
{
  guint n;
  const EsActivity *a = &es_cap_timeline_get_activities (g_ptr_array_index (self->caps, ref->cap), &n)[ref->index];

  out[0] = (EsThreadState) { a->start, ref->cap, ES_THREAD_STATE_RUNNING, 0 };
  /* A run stored in pieces stops once, at the end of its last. */
  if (!(a->flags & (ES_ACTIVITY_ENDED_BY_LOG_END | ES_ACTIVITY_CONTINUES)))
    {
      out[1] = (EsThreadState) { es_activity_end (a), ref->cap, _es_thread_state_after_stop (a->stop_status),
                                 a->stop_status };
      return 2;
    }
  /* Where its cap's data ends, in a cut log, nothing is known of the
   * thread from then on. */
  if ((a->flags & ES_ACTIVITY_ENDED_BY_LOG_END) &&
      es_cap_timeline_get_data_end (g_ptr_array_index (self->caps, ref->cap)) != G_MAXUINT64)
    {
      out[1] = (EsThreadState) { es_activity_end (a), ref->cap, ES_THREAD_STATE_NO_DATA, 0 };
      return 2;
    }
  return 1;
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

  index = get_thread_index (self);
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
      out[n_out++] = instant_state (self, &ref);
    }
  packed = index->run_bytes + index->run_offsets[t];
  ref = (RefCursor) { 0 };
  for (guint i = 0; i < n_runs; i++)
    {
      packed = unpack_ref (&ref, packed);
      n_out += run_states (self, &ref, &out[n_out]);
    }
  g_array_set_size (states, n_out);
  for (guint i = 0; i < self->orphan_stops->len; i++)
    if (g_array_index (self->orphan_stops, EsOrphanStop, i).thread == thread->id)
      g_array_append_val (states, g_array_index (self->orphan_stops, EsOrphanStop, i).state);

  /* Stable: at equal times, creation comes before running, running
   * before its stop. */
  sort_states_by_time (states);
}

/* Reading a thread's states a few at a time. What
 * es_document_get_thread_timeline() sorts comes as stretches each in time
 * order: each cap's instants of each kind, the runs with their stops, the
 * stops whose run the log lacks. Merged as they are read, the earlier
 * stretch first at equal times, they come out as the stable sort puts
 * them, and a busy thread's million states, 16 bytes each with as many
 * again to sort them, are never all made at once. */
typedef enum
{
  STRETCH_INSTANTS,
  STRETCH_RUNS,
  STRETCH_ORPHANS,
} StretchKind;

typedef struct
{
  StretchKind   kind;
  const guint8 *start;       /* its first reference (instants, runs) */
  guint         n;           /* its references, or orphan stops */
  /* Where it stands: */
  const guint8 *packed;
  guint         left;
  RefCursor     ref;
  EsThreadState head;        /* its next state */
  EsThreadState stop;        /* runs: the stop of the run at @head, if @has_stop */
  gboolean      has_head, has_stop;
  const EsInstant *instants; /* instants: its cap's of its kind, once its first is read */
} Stretch;

struct _EsThreadTimelineReader
{
  EsDocument *document;
  Stretch    *stretches;
  guint       n_stretches;
  GArray     *orphans;       /* EsThreadState: the thread's orphan stops */
  const EsActivity **activities;   /* per cap: a run's state read without a call */
  guint64    *data_ends;     /* per cap */
  guint      *heap;          /* stretches with a head, the earliest first */
  guint       n_heap;
  gboolean    sorted;
};

/* Moves @s on to its next state, if it has one. */
static void
stretch_advance (EsThreadTimelineReader *self,
                 Stretch                *s)
{
  if (s->has_stop)
    {
      s->head = s->stop;
      s->has_stop = FALSE;
      return;
    }
  if (s->left == 0)
    {
      s->has_head = FALSE;
      return;
    }
  s->left--;
  s->has_head = TRUE;
  switch (s->kind)
    {
    case STRETCH_INSTANTS:
      s->packed = unpack_ref (&s->ref, s->packed);
      if (s->ref.kind == ES_INSTANT_THREAD_MIGRATED || s->ref.kind == ES_INSTANT_THREAD_WOKEN)
        s->head = instant_state (self->document, &s->ref);
      else
        {
          /* The same cap and kind throughout the stretch. */
          if (s->instants == NULL)
            {
              guint n;

              s->instants = es_cap_timeline_get_instants (g_ptr_array_index (self->document->caps, s->ref.cap),
                                                          s->ref.kind, &n);
            }
          s->head = (EsThreadState) { es_instant_time (&s->instants[s->ref.index]), s->ref.cap,
                                      s->ref.kind == ES_INSTANT_THREAD_CREATED ? ES_THREAD_STATE_CREATED
                                                                               : ES_THREAD_STATE_RUNNABLE, 0 };
        }
      break;
    case STRETCH_RUNS:
      {
        const EsActivity *a;

        s->packed = unpack_ref (&s->ref, s->packed);
        a = &self->activities[s->ref.cap][s->ref.index];
        s->head = (EsThreadState) { a->start, s->ref.cap, ES_THREAD_STATE_RUNNING, 0 };
        /* As run_states() has them. */
        s->has_stop = TRUE;
        if (!(a->flags & (ES_ACTIVITY_ENDED_BY_LOG_END | ES_ACTIVITY_CONTINUES)))
          s->stop = (EsThreadState) { es_activity_end (a), s->ref.cap, _es_thread_state_after_stop (a->stop_status),
                                      a->stop_status };
        else if ((a->flags & ES_ACTIVITY_ENDED_BY_LOG_END) && self->data_ends[s->ref.cap] != G_MAXUINT64)
          s->stop = (EsThreadState) { es_activity_end (a), s->ref.cap, ES_THREAD_STATE_NO_DATA, 0 };
        else
          s->has_stop = FALSE;
      }
      break;
    case STRETCH_ORPHANS:
    default:
      s->head = g_array_index (self->orphans, EsThreadState, s->n - s->left - 1);
      break;
    }
}

/* Whether stretch @a's head comes before @b's: the earlier stretch first
 * at equal times. */
static inline gboolean
heap_before (EsThreadTimelineReader *self,
             guint                   a,
             guint                   b)
{
  guint64 x = self->stretches[a].head.time, y = self->stretches[b].head.time;

  return x < y || (x == y && a < b);
}

static void
heap_sift_down (EsThreadTimelineReader *self,
                guint                   i)
{
  for (;;)
    {
      guint least = i, l = 2 * i + 1, r = 2 * i + 2, swap;

      if (l < self->n_heap && heap_before (self, self->heap[l], self->heap[least]))
        least = l;
      if (r < self->n_heap && heap_before (self, self->heap[r], self->heap[least]))
        least = r;
      if (least == i)
        return;
      swap = self->heap[i];
      self->heap[i] = self->heap[least];
      self->heap[least] = swap;
      i = least;
    }
}

/**
 * es_thread_timeline_reader_rewind:
 *
 * Starts @self again at the thread's first state.
 */
void
es_thread_timeline_reader_rewind (EsThreadTimelineReader *self)
{
  self->n_heap = 0;
  self->sorted = TRUE;
  for (guint i = 0; i < self->n_stretches; i++)
    {
      Stretch *s = &self->stretches[i];

      s->packed = s->start;
      s->left = s->n;
      s->ref = (RefCursor) { 0 };
      s->has_stop = FALSE;
      s->instants = NULL;
      stretch_advance (self, s);
      if (s->has_head)
        self->heap[self->n_heap++] = i;
    }
  for (guint i = self->n_heap / 2; i-- > 0;)
    heap_sift_down (self, i);
}

/**
 * es_document_read_thread_timeline:
 *
 * A reader of @thread's states, in the order es_document_get_thread_timeline()
 * gives them as long as es_thread_timeline_reader_is_sorted() says so (a
 * damaged log's may not be), without making them all at once.
 *
 * Returns: (transfer full): the reader, at the thread's first state
 */
EsThreadTimelineReader *
es_document_read_thread_timeline (EsDocument     *self,
                                  const EsThread *thread)
{
  EsThreadTimelineReader *reader;
  ThreadIndex *index;
  const guint8 *packed;
  GArray *stretches = g_array_new (FALSE, FALSE, sizeof (Stretch));
  Stretch s = { 0 };
  guint t;

  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);

  index = get_thread_index (self);
  t = thread_position (self, thread->id);
  reader = g_new0 (EsThreadTimelineReader, 1);
  reader->document = g_object_ref (self);
  reader->orphans = g_array_new (FALSE, FALSE, sizeof (EsThreadState));
  reader->activities = g_new (const EsActivity *, MAX (self->caps->len, 1));
  reader->data_ends = g_new (guint64, MAX (self->caps->len, 1));
  for (guint c = 0; c < self->caps->len; c++)
    {
      guint n;

      reader->activities[c] = es_cap_timeline_get_activities (g_ptr_array_index (self->caps, c), &n);
      reader->data_ends[c] = es_cap_timeline_get_data_end (g_ptr_array_index (self->caps, c));
    }
  if (t != G_MAXUINT)
    {
      /* A stretch of instants from each reference that names its cap and
       * kind: the first of each cap's, of each kind. */
      packed = index->instant_bytes + index->instant_offsets[t];
      for (guint i = 0; i < index->n_instants[t]; i++)
        {
          guint64 v;
          RefCursor ignored = { 0 };

          es_varint_get (packed, &v);
          if (v & 1 || i == 0)
            {
              if (s.n > 0)
                g_array_append_val (stretches, s);
              s = (Stretch) { STRETCH_INSTANTS, packed, 0 };
            }
          s.n++;
          packed = unpack_ref (&ignored, packed);
        }
      if (s.n > 0)
        g_array_append_val (stretches, s);
      s = (Stretch) { STRETCH_RUNS, index->run_bytes + index->run_offsets[t], index->n_runs[t] };
      g_array_append_val (stretches, s);
    }
  for (guint i = 0; i < self->orphan_stops->len; i++)
    if (g_array_index (self->orphan_stops, EsOrphanStop, i).thread == thread->id)
      g_array_append_val (reader->orphans, g_array_index (self->orphan_stops, EsOrphanStop, i).state);
  s = (Stretch) { STRETCH_ORPHANS, NULL, reader->orphans->len };
  g_array_append_val (stretches, s);
  reader->n_stretches = stretches->len;
  reader->stretches = (Stretch *) (gpointer) g_array_free (stretches, FALSE);
  reader->heap = g_new (guint, reader->n_stretches);
  es_thread_timeline_reader_rewind (reader);
  return reader;
}

/**
 * es_thread_timeline_reader_read:
 * @out: (out caller-allocates) (array length=max): the next states
 *
 * Returns: how many states were read into @out: fewer than @max once the
 *   thread's are all read
 */
guint
es_thread_timeline_reader_read (EsThreadTimelineReader *self,
                                EsThreadState          *out,
                                guint                   max)
{
  guint n = 0;

  while (n < max && self->n_heap > 0)
    {
      Stretch *s = &self->stretches[self->heap[0]];
      guint64 time = s->head.time;

      out[n++] = s->head;
      stretch_advance (self, s);
      if (!s->has_head)
        self->heap[0] = self->heap[--self->n_heap];
      else if (s->head.time < time)
        self->sorted = FALSE;
      heap_sift_down (self, 0);
    }
  return n;
}

/**
 * es_thread_timeline_reader_is_sorted:
 *
 * Returns: whether the stretches read so far each came in time order: if
 *   not, the states read are not those es_document_get_thread_timeline()
 *   gives (a damaged log's)
 */
gboolean
es_thread_timeline_reader_is_sorted (EsThreadTimelineReader *self)
{
  return self->sorted;
}

void
es_thread_timeline_reader_free (EsThreadTimelineReader *self)
{
  if (self == NULL)
    return;
  g_object_unref (self->document);
  g_array_unref (self->orphans);
  g_free (self->activities);
  g_free (self->data_ends);
  g_free (self->stretches);
  g_free (self->heap);
  g_free (self);
}
