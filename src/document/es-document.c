/* es-document.c: everything a log says, as immutable arrays
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-document-private.h"

/* A document is built once, on one thread, by EsDocumentBuilder, and never
 * changes afterwards: any thread may read it. Records are plain structs in
 * arrays; nothing here is an object per event. */

G_DEFINE_FINAL_TYPE (EsDocument, es_document, G_TYPE_OBJECT)

static void
free_gen_index (gpointer data)
{
  EsGenIndex *index = data;

  es_vec_clear (&index->starts, sizeof (guint64));
  es_vec_clear (&index->prefix, sizeof (EsGenPrefix));
  es_series_free (index->pauses);
  es_series_free (index->slops);
  g_free (index);
}

/* A document's records: most of its memory, in mappings. */
typedef struct
{
  GPtrArray    *caps;
  GPtrArray    *gen_index;
  EsVec         gcs;
  EsVec         gc_pause_prefix;
  EsVec         messages;
  EsVec         markers;
  EsVec         heap_samples;
  EsVec         heap_entries;
  EsSeries     *series[5];
  GArray       *counters;
  EsVecFilePin *records_pin;
  EsVecFile    *records_file;
} Records;

static void
free_records (gpointer data,
              gpointer user_data)
{
  Records *records = data;

  g_ptr_array_unref (records->caps);
  g_ptr_array_unref (records->gen_index);
  es_vec_clear (&records->gcs, sizeof (EsGc));
  es_vec_clear (&records->gc_pause_prefix, sizeof (guint64));
  es_vec_clear (&records->messages, sizeof (EsUserEvent));
  es_vec_clear (&records->markers, sizeof (EsUserEvent));
  es_vec_clear (&records->heap_samples, sizeof (EsHeapProfSample));
  es_vec_clear (&records->heap_entries, sizeof (EsHeapProfEntry));
  for (guint i = 0; i < G_N_ELEMENTS (records->series); i++)
    es_series_free (records->series[i]);
  _es_document_free_counters (records->counters);
  /* After the caps: the records it mapped may be given back now. */
  g_clear_pointer (&records->records_pin, es_vec_file_unpin);
  g_clear_pointer (&records->records_file, es_vec_file_unref);
  g_free (records);
}

/* Unmapping a large log's records takes milliseconds, and its page tables'
 * teardown interrupts the other threads: a live log's documents replace
 * one another several times a second, and the last to let go of one is
 * mostly the window, between two frames. So a document let go of on the
 * thread that runs the main loop has its records freed on another. */
static void
let_go_of_records (Records *records)
{
  static GThreadPool *pool;
  static gsize pool_made;

  if (!g_main_context_is_owner (g_main_context_default ()))
    {
      free_records (records, NULL);
      return;
    }
  if (g_once_init_enter (&pool_made))
    {
      pool = g_thread_pool_new (free_records, NULL, 1, FALSE, NULL);
      g_once_init_leave (&pool_made, 1);
    }
  g_thread_pool_push (pool, records, NULL);
}

static void
es_document_finalize (GObject *object)
{
  EsDocument *self = (EsDocument *) object;
  Records *records = g_new0 (Records, 1);

  g_mutex_clear (&self->derived_lock);
  if (self->strings_owner != NULL)
    g_bytes_unref (self->strings_owner);
  else
    g_string_chunk_free (self->strings);
  g_ptr_array_unref (self->more_strings);
  records->caps = self->caps;
  records->gen_index = self->gen_index;
  records->gcs = self->gcs;
  records->gc_pause_prefix = self->gc_pause_prefix;
  records->messages = self->messages;
  records->markers = self->markers;
  records->heap_samples = self->heap_samples;
  records->heap_entries = self->heap_entries;
  records->series[0] = self->mem_returned;
  records->series[1] = self->heap_size;
  records->series[2] = self->heap_live;
  records->series[3] = self->blocks_size;
  records->series[4] = self->allocated;
  records->counters = self->counters;
  records->records_pin = self->records_pin;
  records->records_file = self->records_file;
  let_go_of_records (records);
  es_thread_table_free (self->threads);
  g_array_unref (self->orphan_stops);
  if (self->thread_index != 0)
    _es_document_free_thread_index ((gpointer) self->thread_index);
  g_free ((gpointer) self->run_phases);
  g_array_unref (self->tasks);
  g_array_unref (self->capsets);
  g_array_unref (self->binary_messages);
  _es_document_clear_spans (self);
  g_array_unref (self->allocated_taken);
  g_array_unref (self->allocated_current);
  g_ptr_array_unref (self->heap_bands);
  g_array_unref (self->cost_centres);
  g_array_unref (self->info_tables);
  _es_prof_data_free (self->prof);
  _es_prof_data_free (self->calls);
  g_free (self->process.args);
  g_free (self->process.env);
  g_clear_pointer (&self->cap_labels, g_ptr_array_unref);
  g_free (self->mono);
  g_clear_pointer (&self->mono_activity, es_mono_activity_unref);
  g_clear_error (&self->damage);
  _es_gc_fold_free (self->gc_fold);

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
  g_mutex_init (&self->derived_lock);
  self->strings = g_string_chunk_new (4096);
  self->more_strings = g_ptr_array_new_with_free_func ((GDestroyNotify) g_string_chunk_free);
  self->caps = g_ptr_array_new_with_free_func ((GDestroyNotify) es_cap_timeline_free);
  self->gen_index = g_ptr_array_new_with_free_func (free_gen_index);
  {
    g_autoptr(EsThreadTable) none = es_thread_table_new ();

    self->threads = es_thread_table_freeze (none);
  }
  self->orphan_stops = g_array_new (FALSE, FALSE, sizeof (EsOrphanStop));
  self->tasks = g_array_new (FALSE, FALSE, sizeof (EsTask));
  self->capsets = g_array_new (FALSE, FALSE, sizeof (EsCapset));
  self->binary_messages = g_array_new (FALSE, FALSE, sizeof (EsBinaryMessage));
  self->mem_returned = es_series_new ();
  _es_document_init_spans (self);
  self->heap_size = es_series_new ();
  self->heap_live = es_series_new ();
  self->blocks_size = es_series_new ();
  self->allocated = es_series_new ();
  _es_document_init_counters (self);
  self->allocated_taken = g_array_new (FALSE, TRUE, sizeof (guint));
  self->allocated_current = g_array_new (FALSE, TRUE, sizeof (guint64));
  self->heap_bands = g_ptr_array_new ();
  self->cost_centres = g_array_new (FALSE, FALSE, sizeof (EsCostCentre));
  self->info_tables = g_array_new (FALSE, FALSE, sizeof (EsInfoTable));
  self->prof = _es_prof_data_new ();
  self->calls = _es_prof_data_new ();
}

EsDocument *
_es_document_new (void)
{
  return g_object_new (ES_TYPE_DOCUMENT, NULL);
}

/**
 * _es_document_copy_unfinished:
 *
 * A copy of a document that a builder is still filling (its arrays of
 * records, before any index is made), to be finished apart while the
 * builder goes on. The strings are not copied: they are shared, and kept
 * until the last of the two goes; the builder only ever adds to them, on
 * its own thread, and a string once added never moves.
 *
 * Returns: (transfer full): the copy
 */
EsDocument *
_es_document_copy_unfinished (EsDocument *self)
{
  EsDocument *copy = _es_document_new ();

  g_return_val_if_fail (self->caps->len == 0 && self->more_strings->len == 0, copy);
  g_return_val_if_fail (self->mono == NULL && self->cap_labels == NULL && self->damage == NULL, copy);

  if (self->strings_owner == NULL)
    self->strings_owner = g_bytes_new_with_free_func (NULL, 0, (GDestroyNotify) g_string_chunk_free, self->strings);
  g_string_chunk_free (copy->strings);
  copy->strings = self->strings;
  copy->strings_owner = g_bytes_ref (self->strings_owner);
  copy->detail_from = self->detail_from;

#define COPY_ARRAY(field) g_array_unref (copy->field); copy->field = g_array_copy (self->field)
#define COPY_SERIES(field) es_series_free (copy->field); copy->field = es_series_copy (self->field)
  es_vec_copy (&copy->gcs, &self->gcs, sizeof (EsGc));
  COPY_ARRAY (orphan_stops);
  COPY_ARRAY (tasks);
  COPY_ARRAY (capsets);
  COPY_ARRAY (binary_messages);
  es_vec_copy (&copy->messages, &self->messages, sizeof (EsUserEvent));
  es_vec_copy (&copy->markers, &self->markers, sizeof (EsUserEvent));
  es_chunks_share (&copy->spans, &self->spans);
  for (guint l = 0; l < ES_SPAN_LANES; l++)
    {
      es_chunks_share (&copy->span_lanes[l], &self->span_lanes[l]);
      es_chunks_share (&copy->span_blocks[l], &self->span_blocks[l]);
    }
  es_vec_copy (&copy->heap_samples, &self->heap_samples, sizeof (EsHeapProfSample));
  es_vec_copy (&copy->heap_entries, &self->heap_entries, sizeof (EsHeapProfEntry));
  COPY_ARRAY (cost_centres);
  COPY_ARRAY (info_tables);
  COPY_SERIES (mem_returned);
  COPY_SERIES (heap_size);
  COPY_SERIES (heap_live);
  COPY_SERIES (blocks_size);
  COPY_SERIES (allocated);
  _es_document_copy_counters (copy, self);
  es_vec_copy (&copy->gc_pause_prefix, &self->gc_pause_prefix, sizeof (guint64));
  copy->gcs_indexed = self->gcs_indexed;
  for (guint g = 0; g < self->gen_index->len; g++)
    {
      const EsGenIndex *from = g_ptr_array_index (self->gen_index, g);
      EsGenIndex *index = g_new0 (EsGenIndex, 1);

      es_vec_copy (&index->starts, &from->starts, sizeof (guint64));
      es_vec_copy (&index->prefix, &from->prefix, sizeof (EsGenPrefix));
      index->pauses = es_series_copy (from->pauses);
      index->slops = es_series_copy (from->slops);
      g_ptr_array_add (copy->gen_index, index);
    }
  COPY_ARRAY (allocated_taken);
  COPY_ARRAY (allocated_current);
  copy->allocated_total = self->allocated_total;
#undef COPY_ARRAY
#undef COPY_SERIES
  g_ptr_array_extend (copy->heap_bands, self->heap_bands, NULL, NULL);
  _es_prof_data_free (copy->prof);
  copy->prof = _es_prof_data_copy_unindexed (self->prof);
  _es_prof_data_free (copy->calls);
  copy->calls = _es_prof_data_copy_unindexed (self->calls);

  copy->heap_prof_breakdown = self->heap_prof_breakdown;
  copy->heap_prof_period = self->heap_prof_period;
  copy->process = self->process;
  copy->format = self->format;
  copy->start_time = self->start_time;
  copy->end_time = self->end_time;
  copy->n_events = self->n_events;
  copy->n_closed_runs = self->n_closed_runs;
  copy->n_closed_gcs = self->n_closed_gcs;
  copy->n_closed_spans = self->n_closed_spans;
  copy->truncated = self->truncated;
  copy->truncated_at = self->truncated_at;
  return copy;
}

guint
es_document_get_n_caps (EsDocument *self)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), 0);

  return self->caps->len;
}

/* The generations the collections name (a collection without GC_STATS
 * counts as generation 0's): one more than the highest, 0 without any. */
guint
es_document_get_n_gc_generations (EsDocument *self)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), 0);

  if (self->gc_fold != NULL)
    return self->gc_fold->gens->len;
  return self->gen_index->len;
}

const EsCapTimeline *
es_document_get_cap (EsDocument *self,
                     guint       cap)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);
  g_return_val_if_fail (cap < self->caps->len, NULL);

  return g_ptr_array_index (self->caps, cap);
}

/**
 * es_document_get_detail_start:
 *
 * A live log followed for long lets go of its oldest detail, past a limit
 * on its memory (see es_document_builder_let_go_before()): its runs, GC
 * phases and instants before this time may be gone, while its GCs, heap,
 * allocation, sparks and the statistics of the whole run stay complete.
 *
 * Returns: the time from which @self has all its detail: its start, but
 *   for such a log
 */
guint64
es_document_get_detail_start (EsDocument *self)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), 0);

  return MAX (self->detail_from, self->start_time);
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

  return self->n_closed_runs + self->n_closed_gcs + self->n_closed_spans;
}

/**
 * es_document_get_closed_at_end:
 * @runs: (out) (optional): threads still running where their cap's data
 *   ends, or the log's
 * @gcs: (out) (optional): caps still in a GC there
 * @spans: (out) (optional): spans never stopped
 *
 * What the log left open, closed where it ends, by kind.
 */
void
es_document_get_closed_at_end (EsDocument *self,
                               guint      *runs,
                               guint      *gcs,
                               guint      *spans)
{
  g_return_if_fail (ES_IS_DOCUMENT (self));

  if (runs != NULL)
    *runs = self->n_closed_runs;
  if (gcs != NULL)
    *gcs = self->n_closed_gcs;
  if (spans != NULL)
    *spans = self->n_closed_spans;
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

const EsGc *
es_document_get_gcs (EsDocument *self,
                     guint      *n)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);
  *n = self->gcs.len;
  return self->gcs.data;
}

#define VEC_GETTER(name, type, field)                       \
  const type *                                              \
  es_document_get_##name (EsDocument *self,                 \
                          guint      *n)                    \
  {                                                         \
    g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);     \
    *n = self->field.len;                                   \
    return self->field.data;                                \
  }

VEC_GETTER (messages, EsUserEvent, messages)
VEC_GETTER (markers, EsUserEvent, markers)
VEC_GETTER (heap_samples, EsHeapProfSample, heap_samples)
ARRAY_GETTER (binary_messages, EsBinaryMessage, binary_messages)
ARRAY_GETTER (tasks, EsTask, tasks)
ARRAY_GETTER (capsets, EsCapset, capsets)
ARRAY_GETTER (cost_centres, EsCostCentre, cost_centres)

#undef ARRAY_GETTER

/* The threads are in id order, from 0 to es_document_get_n_threads(). */
guint
es_document_get_n_threads (EsDocument *self)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), 0);

  return es_thread_table_get_length (self->threads);
}

const EsThread *
es_document_get_thread (EsDocument *self,
                        guint       index)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);

  return es_thread_table_get (self->threads, index);
}

/* The index of the thread @id (es_document_get_thread()), or G_MAXUINT. */
guint
es_document_find_thread (EsDocument *self,
                         guint32     id)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), G_MAXUINT);

  return es_thread_table_find (self->threads, id);
}

const EsThread *
es_document_lookup_thread (EsDocument *self,
                           guint32     id)
{
  guint index;

  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);

  index = es_thread_table_find (self->threads, id);
  return index != G_MAXUINT ? es_thread_table_get (self->threads, index) : NULL;
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

const EsSeries *
es_document_get_mem_returned (EsDocument *self)
{
  return self->mem_returned;
}

/**
 * es_document_get_gc_on_cap:
 * @start: (out): when @cap stopped for @gc (its GC_START)
 * @end: (out): when it went back to work (its GC_END)
 *
 * A GC record holds the times of the cap that led it; every other cap has
 * its own pause for the same collection, found here in its timeline.
 *
 * Returns: %FALSE if @cap took no part in @gc.
 */
gboolean
es_document_get_gc_on_cap (EsDocument *self,
                           const EsGc *gc,
                           guint       cap,
                           guint64    *start,
                           guint64    *end)
{
  const EsCapTimeline *tl;
  const EsActivity *a;
  guint n, i;

  g_return_val_if_fail (ES_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (cap < self->caps->len, FALSE);

  tl = g_ptr_array_index (self->caps, cap);
  a = es_cap_timeline_get_activities (tl, &n);
  /* Back from the end of the leader's pause to a GC phase of this cap that
   * overlaps it... */
  for (i = es_cap_timeline_find_activity (tl, gc->end); i != G_MAXUINT; i = i > 0 ? i - 1 : G_MAXUINT)
    {
      if (es_activity_end (&a[i]) < gc->start)
        return FALSE;
      if (ES_ACTIVITY_KIND_IS_GC (a[i].kind))
        break;
    }
  if (i == G_MAXUINT)
    return FALSE;
  /* ...widened to the contiguous GC phases around it. */
  *start = a[i].start;
  *end = es_activity_end (&a[i]);
  for (guint j = i; j > 0 && ES_ACTIVITY_KIND_IS_GC (a[j - 1].kind) && es_activity_end (&a[j - 1]) == a[j].start; j--)
    *start = a[j - 1].start;
  for (guint j = i; j + 1 < n && ES_ACTIVITY_KIND_IS_GC (a[j + 1].kind) && a[j + 1].start == es_activity_end (&a[j]); j++)
    *end = es_activity_end (&a[j + 1]);
  return TRUE;
}

const EsHeapProfEntry *
es_document_get_heap_entries (EsDocument             *self,
                              const EsHeapProfSample *sample)
{
  return &ES_VEC_AT (&self->heap_entries, EsHeapProfEntry, sample->first_entry);
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

EsDocumentFormat
es_document_get_format (EsDocument *self)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), ES_DOCUMENT_GHC_EVENTLOG);

  return self->format;
}

/**
 * es_document_get_cap_label:
 *
 * Returns: (nullable): what a capability's row is called when it is not a
 *   GHC capability (a Mono thread's name), or %NULL for "HEC n".
 */
const char *
es_document_get_cap_label (EsDocument *self,
                           guint       cap)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);

  if (self->cap_labels == NULL || cap >= self->cap_labels->len)
    return NULL;
  return g_ptr_array_index (self->cap_labels, cap);
}

/**
 * es_document_get_mono_summary:
 *
 * Returns: (nullable): the Mono-only counts, or %NULL for a GHC eventlog.
 */
const EsMonoSummary *
es_document_get_mono_summary (EsDocument *self)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);

  return self->mono;
}

/**
 * es_document_get_mono_activity:
 *
 * Returns: (transfer none) (nullable): a Mono log's calls, allocations,
 *   exceptions and lock contentions, for the figures of any interval
 *   (es_mono_activity_compute()), or %NULL for a GHC eventlog
 */
EsMonoActivity *
es_document_get_mono_activity (EsDocument *self)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);

  return self->mono_activity;
}

/* One per kind of derived data: made under its own lock, so that making
 * one never holds up a thread that wants another. */
typedef struct
{
  GMutex          lock;
  gpointer        data;
  GDestroyNotify  free_func;
} DerivedSlot;

static void
derived_slot_free (gpointer data)
{
  DerivedSlot *slot = data;

  if (slot->data != NULL && slot->free_func != NULL)
    slot->free_func (slot->data);
  g_mutex_clear (&slot->lock);
  g_free (slot);
}

/* @key's slot; with @create, made if there is none yet. */
static DerivedSlot *
lookup_derived_slot (EsDocument     *self,
                     GQuark          key,
                     gboolean        create,
                     GDestroyNotify  free_func)
{
  DerivedSlot *slot;

  g_mutex_lock (&self->derived_lock);
  slot = g_object_get_qdata (G_OBJECT (self), key);
  if (slot == NULL && create)
    {
      slot = g_new0 (DerivedSlot, 1);
      g_mutex_init (&slot->lock);
      slot->free_func = free_func;
      g_object_set_qdata_full (G_OBJECT (self), key, slot, derived_slot_free);
    }
  g_mutex_unlock (&self->derived_lock);
  return slot;
}

/**
 * es_document_get_derived:
 * @key: what is derived, as a quark
 * @make: makes it, on first use
 * @free_func: frees it with the document
 *
 * Data derived from @self (an index, a grid, a profile) made once, by
 * whichever thread asks first, and kept with the document, which never
 * changes. A thread asking while another makes it waits for it; threads
 * asking for anything else never wait: a live log's next document is
 * prepared on its own thread while the window paints the one before (a
 * lock shared by all documents made each frame wait for that), and the
 * last one is given its index of pauses while its first frame is painted.
 *
 * Returns: (transfer none): the derived data
 */
gpointer
es_document_get_derived (EsDocument             *self,
                         GQuark                  key,
                         EsDocumentDeriveFunc    make,
                         GDestroyNotify          free_func)
{
  DerivedSlot *slot;
  gpointer data;

  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);
  g_return_val_if_fail (key != 0 && make != NULL, NULL);

  slot = lookup_derived_slot (self, key, TRUE, free_func);
  /* Once made, read without the slot's lock: painters ask every frame. */
  data = g_atomic_pointer_get (&slot->data);
  if (data != NULL)
    return data;
  g_mutex_lock (&slot->lock);
  data = slot->data;
  if (data == NULL)
    {
      data = make (self);
      g_atomic_pointer_set (&slot->data, data);
    }
  g_mutex_unlock (&slot->lock);
  return data;
}

/**
 * es_document_set_derived:
 * @key: what is derived, as a quark
 * @data: (transfer full): what es_document_get_derived() would make for
 *   @key, made another way (a live log's grid, grown from the document
 *   before)
 * @free_func: frees it with the document
 *
 * Gives @self its derived data for @key, before anything asks for it; if
 * something was made already, that is kept and @data is freed.
 */
void
es_document_set_derived (EsDocument     *self,
                         GQuark          key,
                         gpointer        data,
                         GDestroyNotify  free_func)
{
  DerivedSlot *slot;

  g_return_if_fail (ES_IS_DOCUMENT (self));
  g_return_if_fail (key != 0 && data != NULL && free_func != NULL);

  slot = lookup_derived_slot (self, key, TRUE, free_func);
  g_mutex_lock (&slot->lock);
  if (slot->data == NULL)
    g_atomic_pointer_set (&slot->data, g_steal_pointer (&data));
  g_mutex_unlock (&slot->lock);
  if (data != NULL)
    free_func (data);
}

/**
 * es_document_peek_derived:
 * @key: what is derived, as a quark
 *
 * Returns: (transfer none) (nullable): what es_document_get_derived() made
 *   for @key, or %NULL if it is not made yet (never waiting for it)
 */
gpointer
es_document_peek_derived (EsDocument *self,
                          GQuark      key)
{
  DerivedSlot *slot;

  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);

  if (key == 0)
    return NULL;
  slot = lookup_derived_slot (self, key, FALSE, NULL);
  return slot != NULL ? g_atomic_pointer_get (&slot->data) : NULL;
}
