/* es-document-thread-reader.c: a thread's states read a few at a time
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-document-threads-private.h"

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
  EsInstantReader instants;  /* instants: its cap's of its kind, once its first is read */
  gboolean      has_instants;
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
      /* The same cap and kind throughout the stretch, its instants read
       * forward. */
      if (!s->has_instants)
        {
          es_cap_timeline_read_instants (g_ptr_array_index (self->document->caps, s->ref.cap), s->ref.kind,
                                         &s->instants);
          s->has_instants = TRUE;
        }
      s->head = _es_instant_state_read (self->document, &s->ref, &s->instants);
      break;
    case STRETCH_RUNS:
      {
        EsThreadState both[2];

        s->packed = unpack_ref (&s->ref, s->packed);
        s->has_stop = _es_run_states (&self->activities[s->ref.cap][s->ref.index], s->ref.cap,
                                      self->data_ends[s->ref.cap], both) == 2;
        s->head = both[0];
        s->stop = both[1];
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
      s->has_instants = FALSE;
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

  index = _es_document_get_thread_index (self);
  t = es_thread_table_find (self->threads, thread->id);
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
