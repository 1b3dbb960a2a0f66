/* es-document.c: everything a log says, as immutable arrays
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-document-builder.h"
#include "es-document-private.h"
#include "es-eventlog-file.h"

/* A document is built once, on one thread, by EsDocumentBuilder, and never
 * changes afterwards: any thread may read it. Records are plain structs in
 * arrays; nothing here is an object per event. */

G_DEFINE_FINAL_TYPE (EsDocument, es_document, G_TYPE_OBJECT)

static void
free_gen_index (gpointer data)
{
  EsGenIndex *index = data;

  g_array_unref (index->starts);
  g_array_unref (index->prefix);
  es_series_free (index->pauses);
  es_series_free (index->slops);
  g_free (index);
}

static void
es_document_finalize (GObject *object)
{
  EsDocument *self = (EsDocument *) object;

  g_string_chunk_free (self->strings);
  g_ptr_array_unref (self->caps);
  g_array_unref (self->gcs);
  g_array_unref (self->gc_pause_prefix);
  g_ptr_array_unref (self->gen_index);
  g_array_unref (self->threads);
  g_array_unref (self->thread_states);
  g_array_unref (self->thread_runs);
  g_array_unref (self->tasks);
  g_array_unref (self->messages);
  g_array_unref (self->markers);
  g_array_unref (self->spans);
  es_series_free (self->heap_size);
  es_series_free (self->heap_live);
  es_series_free (self->blocks_size);
  es_series_free (self->allocated);
  g_array_unref (self->heap_samples);
  g_array_unref (self->heap_entries);
  g_ptr_array_unref (self->heap_bands);
  g_array_unref (self->cost_centres);
  g_free (self->process.args);
  g_free (self->process.env);

  G_OBJECT_CLASS (es_document_parent_class)->finalize (object);
}

static void
es_document_class_init (EsDocumentClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = es_document_finalize;
}

static void
es_document_init (EsDocument *self)
{
  self->strings = g_string_chunk_new (4096);
  self->caps = g_ptr_array_new_with_free_func ((GDestroyNotify) es_cap_timeline_free);
  self->gcs = g_array_new (FALSE, FALSE, sizeof (EsGc));
  self->gc_pause_prefix = g_array_new (FALSE, FALSE, sizeof (guint64));
  self->gen_index = g_ptr_array_new_with_free_func (free_gen_index);
  self->threads = g_array_new (FALSE, FALSE, sizeof (EsThread));
  self->thread_states = g_array_new (FALSE, FALSE, sizeof (EsThreadState));
  self->thread_runs = g_array_new (FALSE, FALSE, sizeof (EsThreadRun));
  self->tasks = g_array_new (FALSE, FALSE, sizeof (EsTask));
  self->messages = g_array_new (FALSE, FALSE, sizeof (EsUserEvent));
  self->markers = g_array_new (FALSE, FALSE, sizeof (EsUserEvent));
  self->spans = g_array_new (FALSE, FALSE, sizeof (EsSpan));
  self->heap_size = es_series_new ();
  self->heap_live = es_series_new ();
  self->blocks_size = es_series_new ();
  self->allocated = es_series_new ();
  self->heap_samples = g_array_new (FALSE, FALSE, sizeof (EsHeapProfSample));
  self->heap_entries = g_array_new (FALSE, FALSE, sizeof (EsHeapProfEntry));
  self->heap_bands = g_ptr_array_new ();
  self->cost_centres = g_array_new (FALSE, FALSE, sizeof (EsCostCentre));
}

EsDocument *
_es_document_new (void)
{
  return g_object_new (ES_TYPE_DOCUMENT, NULL);
}

static int
compare_gcs (gconstpointer a,
             gconstpointer b)
{
  const EsGc *ga = a, *gb = b;

  return ga->start < gb->start ? -1 : ga->start > gb->start;
}

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

          if (a[i].kind == ES_ACTIVITY_RUNNING)
            continue;
          gc.start = a[i].start;
          gc.end = a[i].end;
          gc.cap = c;
          gc.generation = ES_GC_GENERATION_UNKNOWN;
          while (i + 1 < n && a[i + 1].kind != ES_ACTIVITY_RUNNING && a[i + 1].start == gc.end)
            gc.end = a[++i].end;
          g_array_append_val (spans, gc);
        }
    }
  g_array_sort (spans, compare_gcs);
  for (guint i = 0; i < spans->len; i++)
    {
      EsGc *gc = &g_array_index (spans, EsGc, i);
      EsGc *last = self->gcs->len ? &g_array_index (self->gcs, EsGc, self->gcs->len - 1) : NULL;

      if (last != NULL && gc->start <= last->end)
        last->end = MAX (last->end, gc->end);
      else
        g_array_append_val (self->gcs, *gc);
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

      index->starts = g_array_new (FALSE, FALSE, sizeof (guint64));
      index->prefix = g_array_new (FALSE, FALSE, sizeof (EsGenPrefix));
      g_array_append_val (index->prefix, zero);
      index->pauses = es_series_new ();
      index->slops = es_series_new ();
      g_ptr_array_add (self->gen_index, index);
    }
  return g_ptr_array_index (self->gen_index, generation);
}

/* Prefix sums per generation, and over all GCs, so that interval
 * statistics cost O(log n). */
static void
index_gcs (EsDocument *self)
{
  guint64 pauses = 0;

  if (self->gcs->len == 0)
    derive_gcs_from_activity (self);
  g_array_sort (self->gcs, compare_gcs);

  g_array_append_val (self->gc_pause_prefix, pauses);
  for (guint i = 0; i < self->gcs->len; i++)
    {
      const EsGc *gc = &g_array_index (self->gcs, EsGc, i);
      guint generation = gc->generation == ES_GC_GENERATION_UNKNOWN ? 0 : gc->generation;
      EsGenIndex *index = get_gen_index (self, generation);
      EsGenPrefix p = g_array_index (index->prefix, EsGenPrefix, index->prefix->len - 1);
      guint64 pause = gc->end - gc->start;

      pauses += pause;
      g_array_append_val (self->gc_pause_prefix, pauses);

      p.pause += pause;
      p.copied += gc->copied;
      if (gc->par_n_threads > 1)
        {
          p.par_colls++;
          p.par_tot_copied += gc->par_tot_copied;
          p.par_balanced_copied += gc->par_balanced_copied;
          p.par_max_copied += gc->par_max_copied;
        }
      g_array_append_val (index->starts, gc->start);
      g_array_append_val (index->prefix, p);
      es_series_append (index->pauses, gc->start, pause);
      es_series_append (index->slops, gc->start, gc->slop);
    }
  for (guint g = 0; g < self->gen_index->len; g++)
    {
      EsGenIndex *index = g_ptr_array_index (self->gen_index, g);

      es_series_seal (index->pauses);
      es_series_seal (index->slops);
    }
}

/* All caps' cumulative allocation as one step function: a k-way walk over
 * the per-cap series, which are each in time order. */
static void
merge_allocated (EsDocument *self)
{
  guint n_caps = self->caps->len;
  g_autofree guint *pos = g_new0 (guint, n_caps);
  g_autofree guint64 *current = g_new0 (guint64, n_caps);
  guint64 total = 0;

  for (;;)
    {
      guint best = G_MAXUINT;
      guint64 best_time = 0;

      for (guint c = 0; c < n_caps; c++)
        {
          const EsSeries *s = es_cap_timeline_get_allocated (g_ptr_array_index (self->caps, c));

          if (pos[c] < es_series_get_length (s) &&
              (best == G_MAXUINT || es_series_get_samples (s)[pos[c]].time < best_time))
            {
              best = c;
              best_time = es_series_get_samples (s)[pos[c]].time;
            }
        }
      if (best == G_MAXUINT)
        break;
      {
        const EsSeries *s = es_cap_timeline_get_allocated (g_ptr_array_index (self->caps, best));
        guint64 value = es_series_get_samples (s)[pos[best]++].value;

        total = total - current[best] + value;
        current[best] = value;
        es_series_append (self->allocated, best_time, total);
      }
    }
}

void
_es_document_build_index (EsDocument *self)
{
  index_gcs (self);
  merge_allocated (self);
  es_series_seal (self->allocated);
  es_series_seal (self->heap_size);
  es_series_seal (self->heap_live);
  es_series_seal (self->blocks_size);
}

guint
es_document_get_n_caps (EsDocument *self)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), 0);

  return self->caps->len;
}

const EsCapTimeline *
es_document_get_cap (EsDocument *self,
                     guint       cap)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);
  g_return_val_if_fail (cap < self->caps->len, NULL);

  return g_ptr_array_index (self->caps, cap);
}

guint64
es_document_get_start_time (EsDocument *self)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), 0);

  return self->start_time;
}

guint64
es_document_get_end_time (EsDocument *self)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), 0);

  return self->end_time;
}

guint64
es_document_get_n_events (EsDocument *self)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), 0);

  return self->n_events;
}

gboolean
es_document_is_truncated (EsDocument *self,
                          gint64     *stop_offset)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), FALSE);

  if (stop_offset != NULL)
    *stop_offset = self->truncated_at;
  return self->truncated;
}

/* How many runs, GCs and spans the log left open, closed at its end. */
guint
es_document_get_n_closed_at_end (EsDocument *self)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), 0);

  return self->n_closed_at_end;
}

#define ARRAY_GETTER(name, type, field)                     \
  const type *                                              \
  es_document_get_##name (EsDocument *self,                 \
                          guint      *n)                    \
  {                                                         \
    g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);     \
    *n = self->field->len;                                  \
    return (const type *) (gpointer) self->field->data;     \
  }

ARRAY_GETTER (gcs, EsGc, gcs)
ARRAY_GETTER (threads, EsThread, threads)
ARRAY_GETTER (messages, EsUserEvent, messages)
ARRAY_GETTER (markers, EsUserEvent, markers)
ARRAY_GETTER (spans, EsSpan, spans)
ARRAY_GETTER (heap_samples, EsHeapProfSample, heap_samples)
ARRAY_GETTER (cost_centres, EsCostCentre, cost_centres)

#undef ARRAY_GETTER

const EsThread *
es_document_lookup_thread (EsDocument *self,
                           guint32     id)
{
  const EsThread *t;
  guint lo = 0, hi;

  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);

  t = (const EsThread *) (gpointer) self->threads->data;
  hi = self->threads->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (t[mid].id < id)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < self->threads->len && t[lo].id == id ? &t[lo] : NULL;
}

const EsThreadState *
es_document_get_thread_states (EsDocument     *self,
                               const EsThread *thread)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);

  return &g_array_index (self->thread_states, EsThreadState, thread->first_state);
}

const EsThreadRun *
es_document_get_thread_runs (EsDocument     *self,
                             const EsThread *thread)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);

  return &g_array_index (self->thread_runs, EsThreadRun, thread->first_run);
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

static int
compare_states (gconstpointer a,
                gconstpointer b)
{
  const EsThreadState *sa = a, *sb = b;

  return sa->time < sb->time ? -1 : sa->time > sb->time;
}

/**
 * es_document_get_thread_timeline:
 * @states: (element-type EsThreadState): receives the states, in time order
 *
 * Every state change of @thread: each run (RUNNING on its cap, then what
 * its stop status means: runnable, blocked with the reason, finished) merged
 * with its other states (created, woken, migrated, made runnable). Runs are
 * kept once, in the caps' timelines, so this is assembled on demand.
 */
void
es_document_get_thread_timeline (EsDocument     *self,
                                 const EsThread *thread,
                                 GArray         *states)
{
  const EsThreadRun *runs = es_document_get_thread_runs (self, thread);

  g_return_if_fail (ES_IS_DOCUMENT (self));
  g_return_if_fail (g_array_get_element_size (states) == sizeof (EsThreadState));

  g_array_set_size (states, 0);
  g_array_append_vals (states, es_document_get_thread_states (self, thread), thread->n_states);
  for (guint i = 0; i < thread->n_runs; i++)
    {
      guint n;
      const EsActivity *a = &es_cap_timeline_get_activities (g_ptr_array_index (self->caps, runs[i].cap), &n)[runs[i].activity];
      EsThreadState run = { a->start, runs[i].cap, ES_THREAD_STATE_RUNNING, 0 };
      EsThreadState stop = { a->end, runs[i].cap, _es_thread_state_after_stop (a->stop_status), a->stop_status };

      g_array_append_val (states, run);
      if (!(a->flags & ES_ACTIVITY_ENDED_BY_LOG_END))
        g_array_append_val (states, stop);
    }
  /* A stable sort: at equal times the run's own order is kept. */
  g_array_sort (states, compare_states);
}

const EsSeries *
es_document_get_heap_size (EsDocument *self)
{
  return self->heap_size;
}

const EsSeries *
es_document_get_heap_live (EsDocument *self)
{
  return self->heap_live;
}

const EsSeries *
es_document_get_blocks_size (EsDocument *self)
{
  return self->blocks_size;
}

const EsSeries *
es_document_get_allocated (EsDocument *self)
{
  return self->allocated;
}

const EsHeapProfEntry *
es_document_get_heap_entries (EsDocument             *self,
                              const EsHeapProfSample *sample)
{
  return &g_array_index (self->heap_entries, EsHeapProfEntry, sample->first_entry);
}

const char *
es_document_get_heap_band_name (EsDocument *self,
                                guint32     band)
{
  g_return_val_if_fail (band < self->heap_bands->len, NULL);

  return g_ptr_array_index (self->heap_bands, band);
}

guint
es_document_get_n_heap_bands (EsDocument *self)
{
  return self->heap_bands->len;
}

guint32
es_document_get_heap_breakdown (EsDocument *self)
{
  return self->heap_prof_breakdown;
}

const EsProcessInfo *
es_document_get_process (EsDocument *self)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);

  return &self->process;
}

static gboolean
add_to_builder (const EsEvent *event,
                gpointer       user_data)
{
  es_document_builder_add (user_data, event);
  return TRUE;
}

/**
 * es_document_load_file:
 * @progress: (nullable): called now and then with the bytes read so far
 *
 * Reads @path and builds its document. A log cut short loads: the document
 * says where it stops (es_document_is_truncated()).
 *
 * Returns: (transfer full): the document, or %NULL with @error set.
 */
EsDocument *
es_document_load_file (const char     *path,
                       void          (*progress) (guint64 done, guint64 total, gpointer data),
                       gpointer        progress_data,
                       GCancellable   *cancellable,
                       GError        **error)
{
  g_autoptr(EsEventlogReader) reader = es_eventlog_reader_new ();
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new ();
  gint64 stop_offset;
  gboolean truncated;

  g_return_val_if_fail (path != NULL, NULL);

  if (!es_eventlog_read_file (reader, path, add_to_builder, progress, builder, cancellable, error))
    return NULL;

  truncated = es_eventlog_reader_is_truncated (reader, &stop_offset, NULL);
  return es_document_builder_finish (builder, truncated, stop_offset);
}
