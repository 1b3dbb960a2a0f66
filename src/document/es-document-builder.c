/* es-document-builder.c: turns events into a document
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-document-builder-private.h"

void
_es_builder_free_cap_state (gpointer data)
{
  CapState *state = data;

  es_cap_timeline_free (state->timeline);
  g_free (state);
}

EsDocumentBuilder *
es_document_builder_new (void)
{
  EsDocumentBuilder *self = g_new0 (EsDocumentBuilder, 1);

  self->doc = _es_document_new ();
  self->caps = g_ptr_array_new_with_free_func (_es_builder_free_cap_state);
  self->threads = es_thread_table_new ();
  self->heap_sample = -1;
  self->args = g_ptr_array_new ();
  self->env = g_ptr_array_new ();
  self->band_ids = g_hash_table_new (g_str_hash, g_str_equal);
  self->prof = _es_prof_build_new ();
  self->calls = _es_prof_build_new ();
  return self;
}

void
es_document_builder_free (EsDocumentBuilder *self)
{
  if (self == NULL)
    return;
  g_clear_object (&self->doc);
  g_ptr_array_unref (self->caps);
  es_thread_table_free (self->threads);
  g_clear_pointer (&self->open_spans, g_hash_table_unref);
  for (guint k = 0; k < ES_N_HEAP_SERIES; k++)
    es_vec_clear (&self->heap_unsettled[k], sizeof (EsSample));
  g_ptr_array_unref (self->args);
  g_ptr_array_unref (self->env);
  g_hash_table_unref (self->band_ids);
  _es_prof_build_free (self->prof);
  _es_prof_build_free (self->calls);
  g_clear_pointer (&self->records, es_vec_file_unref);
  g_free (self);
}

const char *
_es_builder_intern (EsDocumentBuilder *self,
        const char        *data,
        gsize              len)
{
  g_autofree char *copy = NULL;

  /* Everything shown goes through Pango and GTK, which want UTF-8: a log's
   * broken bytes become U+FFFD here, once. */
  if (g_utf8_validate_len (data, len, NULL))
    copy = g_strndup (data, len);
  else
    copy = g_utf8_make_valid (data, len);
  return g_string_chunk_insert_const (self->doc->strings, copy);
}

CapState *
_es_builder_add_caps (EsDocumentBuilder *self,
                      guint              cap)
{
  while (self->caps->len <= cap)
    {
      CapState *state = g_new0 (CapState, 1);

      state->timeline = es_cap_timeline_new (self->caps->len);
      _es_cap_timeline_use_file (state->timeline, self->records);
      state->pending_gc = NO_GC;
      state->no_instants = self->statistics_only;
      if (self->statistics_only)
        _es_cap_timeline_fold_samples (state->timeline, self->keep_from);
      g_ptr_array_add (self->caps, state);
    }
  return g_ptr_array_index (self->caps, cap);
}

/* A stop whose run the log does not have (it began mid-run). */
static void
orphan_stop (EsDocumentBuilder *self,
             const EsEvent     *e)
{
  EsOrphanStop stop = {
    e->u.stop.thread,
    { e->time, e->cap, _es_thread_state_after_stop (e->u.stop.status), e->u.stop.status },
  };

  g_array_append_val (self->doc->orphan_stops, stop);
}

static void
add_instant (CapState      *cap,
             EsInstantKind  kind,
             guint64        time,
             guint32        thread,
             guint16        arg)
{
  /* No statistic counts instants: a summary's builder keeps none. */
  if (G_UNLIKELY (cap->no_instants))
    return;
  _es_cap_timeline_push_instant (cap->timeline, kind, time, thread, arg);
}

static void
open_gc_phase (CapState       *cap,
               guint64         time,
               EsActivityKind  kind)
{
  if (cap->in_gc && cap->gc_phase == kind)
    return;
  _es_builder_close_gc_phase (cap, time, 0);
  cap->in_gc = TRUE;
  cap->gc_phase = kind;
  cap->gc_phase_start = time;
}

/* A thread's run and its stop, most of the events of a busy log: taken
 * by es_document_builder_add() itself, inline. */
static inline void
run_thread (EsDocumentBuilder *self,
            CapState          *cap,
            const EsEvent     *e)
{
  _es_builder_close_run (cap, e->time, ES_STOP_NO_STATUS, 0);
  _es_builder_close_gc_phase (cap, e->time, 0);
  cap->in_gc = FALSE;
  cap->running = TRUE;
  cap->thread = e->u.thread.thread;
  cap->run_start = e->time;
  if (!cap->no_instants)
    es_thread_table_mention (self->threads, e->u.thread.thread);
}

static inline void
stop_thread (EsDocumentBuilder *self,
             CapState          *cap,
             const EsEvent     *e)
{
  /* A run is stored once, in the cap's activities, stop status
   * included; only a stop without its run (the log began mid-run) is
   * recorded with the thread. */
  if (cap->running && cap->thread == e->u.stop.thread)
    _es_builder_close_run (cap, e->time, e->u.stop.status, 0);
  else
    orphan_stop (self, e);
}

static void
add_scheduler_event (EsDocumentBuilder *self,
                     CapState          *cap,
                     const EsEvent     *e)
{
  guint32 thread = e->u.thread.thread;

  switch (e->tag)
    {
    case ES_EVENT_CREATE_THREAD:
      /* No statistic reads the threads' table either. */
      if (!self->statistics_only)
        {
          EsThread *t = es_thread_table_write (self->threads, thread);

          t->created = e->time;
          t->created_cap = e->cap;
        }
      add_instant (cap, ES_INSTANT_THREAD_CREATED, e->time, thread, 0);
      break;
    case ES_EVENT_THREAD_RUNNABLE:
      add_instant (cap, ES_INSTANT_THREAD_RUNNABLE, e->time, thread, 0);
      break;
    case ES_EVENT_MIGRATE_THREAD:
      if (!self->statistics_only)
        es_thread_table_write (self->threads, thread)->n_migrations++;
      add_instant (cap, ES_INSTANT_THREAD_MIGRATED, e->time, thread, e->u.thread.cap);
      break;
    case ES_EVENT_THREAD_WAKEUP:
      if (!self->statistics_only)
        es_thread_table_write (self->threads, thread)->n_wakeups++;
      add_instant (cap, ES_INSTANT_THREAD_WOKEN, e->time, thread, e->u.thread.cap);
      break;
    default:
      break;
    }
}

static void
add_gc_event (EsDocumentBuilder *self,
              CapState          *cap,
              const EsEvent     *e)
{
  EsDocument *doc = self->doc;

  switch (e->tag)
    {
    case ES_EVENT_REQUEST_SEQ_GC: case ES_EVENT_REQUEST_PAR_GC:
      add_instant (cap, e->tag == ES_EVENT_REQUEST_SEQ_GC ? ES_INSTANT_GC_REQUESTED_SEQ
                                                          : ES_INSTANT_GC_REQUESTED_PAR, e->time, 0, 0);
      break;
    case ES_EVENT_GC_START:
      /* A phase still open here (a malformed log: no GC_END) ends now,
       * and a new one starts even if it is of the same kind. */
      _es_builder_close_run (cap, e->time, ES_STOP_NO_STATUS, 0);
      _es_builder_close_gc_phase (cap, e->time, 0);
      cap->in_gc = FALSE;
      open_gc_phase (cap, e->time, ES_ACTIVITY_GC);
      cap->gc_start = e->time;
      break;
    case ES_EVENT_GC_WORK: case ES_EVENT_GC_DONE:
      if (cap->in_gc)
        open_gc_phase (cap, e->time, ES_ACTIVITY_GC);
      break;
    case ES_EVENT_GC_IDLE:
      if (cap->in_gc)
        open_gc_phase (cap, e->time, ES_ACTIVITY_GC_WAITING);
      break;
    case ES_EVENT_GC_END:
      _es_builder_close_gc_phase (cap, e->time, 0);
      cap->in_gc = FALSE;
      if (cap->pending_gc != NO_GC && doc->gc_fold != NULL)
        ES_VEC_AT (&doc->gc_fold->spans, EsGcSpan, cap->pending_gc).end = e->time;
      else if (cap->pending_gc != NO_GC)
        ES_VEC_AT (&doc->gcs, EsGc, cap->pending_gc).end = e->time;
      cap->pending_gc = NO_GC;
      break;
    case ES_EVENT_GC_GLOBAL_SYNC:
      self->last_sync = e->time;
      add_instant (cap, ES_INSTANT_GC_GLOBAL_SYNC, e->time, 0, 0);
      break;
    case ES_EVENT_GC_STATS_GHC:
      {
        EsGc gc = { 0 };

        /* GC_STATS comes from the cap that led the GC, between its
         * GC_START and GC_END: exactly the pause +RTS -s times. */
        gc.start = cap->in_gc ? cap->gc_start : e->time;
        gc.end = e->time;
        gc.sync_time = self->last_sync >= gc.start ? self->last_sync : 0;
        gc.copied = e->u.gc_stats.copied;
        gc.slop = e->u.gc_stats.slop;
        gc.frag = e->u.gc_stats.frag;
        gc.par_n_threads = e->u.gc_stats.par_n_threads;
        gc.par_max_copied = e->u.gc_stats.par_max_copied;
        gc.par_tot_copied = e->u.gc_stats.par_tot_copied;
        gc.par_balanced_copied = e->u.gc_stats.par_balanced_copied;
        gc.cap = e->cap;
        gc.generation = e->u.gc_stats.generation;
        /* For statistics only, folded as it comes (es-gc-fold.c). */
        if (doc->gc_fold != NULL)
          {
            guint index = _es_gc_fold_add (doc->gc_fold, &gc);

            if (cap->in_gc)
              cap->pending_gc = index;
            break;
          }
        if (G_UNLIKELY (gc.start < self->gcs_before))
          self->gcs_late = TRUE;
        *ES_VEC_PUSH (&doc->gcs, EsGc) = gc;
        if (cap->in_gc)
          cap->pending_gc = doc->gcs.len - 1;
      }
      break;
    default:
      break;
    }
}

static EsInstantKind
spark_instant_kind (guint16 tag)
{
  switch (tag)
    {
    case ES_EVENT_SPARK_CREATE: return ES_INSTANT_SPARK_CREATED;
    case ES_EVENT_SPARK_DUD: return ES_INSTANT_SPARK_DUD;
    case ES_EVENT_SPARK_OVERFLOW: return ES_INSTANT_SPARK_OVERFLOWED;
    case ES_EVENT_SPARK_RUN: case ES_EVENT_RUN_SPARK: return ES_INSTANT_SPARK_RUN;
    case ES_EVENT_SPARK_STEAL: case ES_EVENT_STEAL_SPARK: return ES_INSTANT_SPARK_STOLEN;
    case ES_EVENT_SPARK_FIZZLE: return ES_INSTANT_SPARK_FIZZLED;
    case ES_EVENT_SPARK_GC: return ES_INSTANT_SPARK_GCED;
    default: return ES_N_INSTANT_KINDS;
    }
}

static void
add_spark_event (CapState      *cap,
                 const EsEvent *e)
{
  EsInstantKind kind;

  if (e->tag == ES_EVENT_SPARK_COUNTERS)
    {
      EsSparkSample s = {
        e->time, e->u.spark_counters.created, e->u.spark_counters.dud,
        e->u.spark_counters.overflowed, e->u.spark_counters.converted,
        e->u.spark_counters.gcd, e->u.spark_counters.fizzled, e->u.spark_counters.remaining,
      };

      es_cap_timeline_add_spark_sample (cap->timeline, &s);
      return;
    }

  kind = spark_instant_kind (e->tag);
  if (kind != ES_N_INSTANT_KINDS)
    add_instant (cap, kind, e->time, 0, kind == ES_INSTANT_SPARK_STOLEN ? e->u.steal.victim : 0);
}

static void
add_user_event (EsDocumentBuilder *self,
                CapState          *cap,
                const EsEvent     *e)
{
  /* `traceEvent "START name"` / `"STOP name"` messages are paired into
   * spans in time order, as they are put in order (es-document-spans.c). */
  EsUserEvent u = { e->time, e->cap, e->tag, _es_builder_intern (self, e->u.text.data, e->u.text.len) };

  if (e->tag == ES_EVENT_USER_MARKER)
    {
      *ES_VEC_PUSH (&self->doc->markers, EsUserEvent) = u;
      if (cap != NULL)
        add_instant (cap, ES_INSTANT_USER_MARKER, e->time, 0, 0);
      return;
    }

  *ES_VEC_PUSH (&self->doc->messages, EsUserEvent) = u;
  if (cap != NULL)
    add_instant (cap, ES_INSTANT_USER_MESSAGE, e->time, 0, 0);
}

/* NUL-separated strings (PROGRAM_ARGS, PROGRAM_ENV) into @list. */
static void
split_strings (EsDocumentBuilder *self,
               EsBytes            text,
               GPtrArray         *list)
{
  gsize start = 0;

  g_ptr_array_set_size (list, 0);
  for (gsize i = 0; i <= text.len; i++)
    if (i == text.len || text.data[i] == '\0')
      {
        if (i > start)
          g_ptr_array_add (list, (gpointer) _es_builder_intern (self, text.data + start, i - start));
        start = i + 1;
      }
}

static void
add_process_event (EsDocumentBuilder *self,
                   const EsEvent     *e)
{
  EsProcessInfo *p = &self->doc->process;

  switch (e->tag)
    {
    case ES_EVENT_RTS_IDENTIFIER:
      p->rts_identifier = _es_builder_intern (self, e->u.capset_text.text.data, e->u.capset_text.text.len);
      break;
    case ES_EVENT_PROGRAM_ARGS:
      split_strings (self, e->u.capset_text.text, self->args);
      p->program = self->args->len > 0 ? g_ptr_array_index (self->args, 0) : NULL;
      break;
    case ES_EVENT_PROGRAM_ENV:
      split_strings (self, e->u.capset_text.text, self->env);
      break;
    case ES_EVENT_OSPROCESS_PID:
      p->pid = e->u.capset.value;
      break;
    case ES_EVENT_OSPROCESS_PPID:
      p->ppid = e->u.capset.value;
      break;
    case ES_EVENT_WALL_CLOCK_TIME:
      p->wall_clock_sec = e->u.wall_clock.sec;
      p->wall_clock_nsec = e->u.wall_clock.nsec;
      break;
    case ES_EVENT_HEAP_INFO_GHC:
      p->n_generations = e->u.heap_info.generations;
      p->max_heap_size = e->u.heap_info.max_heap_size;
      p->alloc_area_size = e->u.heap_info.alloc_area_size;
      p->mblock_size = e->u.heap_info.mblock_size;
      p->block_size = e->u.heap_info.block_size;
      break;
    case ES_EVENT_TASK_CREATE:
      {
        EsTask task = { e->u.task.task, e->u.task.kernel_tid, e->time, 0, e->u.task.cap };

        g_array_append_val (self->doc->tasks, task);
      }
      break;
    case ES_EVENT_CAPSET_CREATE:
      {
        EsCapset capset = { e->u.capset_create.capset, e->u.capset_create.type, 0, 0, e->time };

        g_array_append_val (self->doc->capsets, capset);
      }
      break;
    case ES_EVENT_CAPSET_ASSIGN_CAP: case ES_EVENT_CAPSET_REMOVE_CAP:
      for (guint i = 0; i < self->doc->capsets->len; i++)
        {
          EsCapset *capset = &g_array_index (self->doc->capsets, EsCapset, i);

          if (capset->id != e->u.capset.capset)
            continue;
          if (e->tag == ES_EVENT_CAPSET_ASSIGN_CAP)
            {
              capset->assigned++;
              capset->n_caps = MAX (capset->n_caps, capset->assigned);
            }
          else if (capset->assigned > 0)
            capset->assigned--;
        }
      break;
    case ES_EVENT_TASK_DELETE:
      for (guint i = self->doc->tasks->len; i > 0; i--)
        {
          EsTask *task = &g_array_index (self->doc->tasks, EsTask, i - 1);

          if (task->task == e->u.task.task && task->deleted == 0)
            {
              task->deleted = e->time;
              break;
            }
        }
      break;
    default:
      break;
    }
}

/**
 * es_document_builder_rename_thread:
 *
 * Gives @thread the label @label, as a THREAD_LABEL event would, without
 * being an event of the log: for a log whose threads are named after the
 * fact (a Mono thread named when it had already run).
 */
void
es_document_builder_rename_thread (EsDocumentBuilder *self,
                                   guint32            thread,
                                   const char        *label)
{
  g_return_if_fail (self != NULL && label != NULL);

  es_thread_table_write (self->threads, thread)->label = _es_builder_intern (self, label, strlen (label));
}

/**
 * es_document_builder_recast_gc_phase:
 * @cap: a cap in a GC
 * @kind: what its open GC phase turned out to be, from its start
 *
 * For a log that says what a wait was only once it is over: Mono's
 * suspend at exit is a stop of the world like a collection's until the
 * threads took a second to stop (es-mlpd-feed.c). Nothing is done if
 * @cap is not in a GC.
 */
void
es_document_builder_recast_gc_phase (EsDocumentBuilder *self,
                                     guint16            cap,
                                     EsActivityKind     kind)
{
  CapState *state;

  g_return_if_fail (self != NULL && kind != ES_ACTIVITY_RUNNING && kind < ES_N_ACTIVITY_KINDS);

  state = _es_builder_get_cap (self, cap);
  if (state->in_gc)
    state->gc_phase = kind;
}

/* Every event but a cap's runs and stops, which es_document_builder_add()
 * takes itself (and, for statistics only, the scheduler's others): out of
 * line, so that the common case takes no stack frame for this switch's
 * cases. */
static G_GNUC_NO_INLINE void
add_event (EsDocumentBuilder *self,
           CapState          *cap,
           const EsEvent     *e)
{
  EsDocument *doc = self->doc;

  switch (e->tag)
    {
    case ES_EVENT_RUN_THREAD: case ES_EVENT_STOP_THREAD:
      /* A cap's runs and stops es_document_builder_add() took itself; one
       * without a cap has nothing to belong to. */
      break;
    case ES_EVENT_CREATE_THREAD: case ES_EVENT_THREAD_RUNNABLE: case ES_EVENT_MIGRATE_THREAD:
    case ES_EVENT_THREAD_WAKEUP:
      if (cap != NULL)
        add_scheduler_event (self, cap, e);
      break;
    case ES_EVENT_REQUEST_SEQ_GC: case ES_EVENT_REQUEST_PAR_GC: case ES_EVENT_GC_START:
    case ES_EVENT_GC_WORK: case ES_EVENT_GC_IDLE: case ES_EVENT_GC_DONE: case ES_EVENT_GC_END:
    case ES_EVENT_GC_GLOBAL_SYNC: case ES_EVENT_GC_STATS_GHC:
      add_gc_event (self, cap != NULL ? cap : _es_builder_get_cap (self, 0), e);
      break;
    case ES_EVENT_SPARK_COUNTERS: case ES_EVENT_SPARK_CREATE: case ES_EVENT_SPARK_DUD:
    case ES_EVENT_SPARK_OVERFLOW: case ES_EVENT_SPARK_RUN: case ES_EVENT_SPARK_STEAL:
    case ES_EVENT_SPARK_FIZZLE: case ES_EVENT_SPARK_GC: case ES_EVENT_RUN_SPARK:
    case ES_EVENT_STEAL_SPARK:
      if (cap != NULL)
        add_spark_event (cap, e);
      break;
    case ES_EVENT_THREAD_LABEL:
      es_thread_table_write (self->threads, e->u.thread_label.thread)->label =
        _es_builder_intern (self, e->u.thread_label.label.data, e->u.thread_label.label.len);
      break;
    case ES_EVENT_HEAP_ALLOCATED:
      if (G_UNLIKELY (e->time < self->allocated_before))
        self->allocated_late = TRUE;
      es_cap_timeline_add_allocated ((cap != NULL ? cap : _es_builder_get_cap (self, 0))->timeline, e->time, e->u.heap.bytes);
      break;
    case ES_EVENT_HEAP_SIZE:
      _es_builder_add_heap_sample (self, ES_HEAP_SERIES_SIZE, e->time, e->u.heap.bytes);
      break;
    case ES_EVENT_HEAP_LIVE:
      _es_builder_add_heap_sample (self, ES_HEAP_SERIES_LIVE, e->time, e->u.heap.bytes);
      break;
    case ES_EVENT_BLOCKS_SIZE:
      _es_builder_add_heap_sample (self, ES_HEAP_SERIES_BLOCKS, e->time, e->u.heap.bytes);
      break;
    case ES_EVENT_MEM_RETURN:
      _es_builder_add_heap_sample (self, ES_HEAP_SERIES_RETURNED, e->time, e->u.mem_return.returned);
      break;
    case ES_EVENT_USER_BINARY_MSG:
      {
        EsBinaryMessage m = {
          e->time,
          (const guint8 *) g_string_chunk_insert_len (doc->strings, e->u.text.data, e->u.text.len),
          e->u.text.len, e->cap,
        };

        g_array_append_val (doc->binary_messages, m);
      }
      break;
    case ES_EVENT_USER_MSG: case ES_EVENT_LOG_MSG: case ES_EVENT_USER_MARKER:
      add_user_event (self, cap, e);
      break;
    case ES_EVENT_CAP_CREATE:
      _es_builder_get_cap (self, e->u.cap.cap);
      break;
    case ES_EVENT_STARTUP:
      if (e->u.startup.n_caps > 0)
        _es_builder_get_cap (self, e->u.startup.n_caps - 1u);
      break;
    default:
      add_process_event (self, e);
      _es_builder_add_heap_profile_event (self, e);
      /* No statistic reads the time profile: its stacks' interning was
       * a tenth of a profiled log's summary. */
      if (!self->statistics_only)
        _es_builder_add_prof_event (self, e);
      break;
    }
}

/* What es_document_builder_add() keeps of every event, kept in registers
 * through a batch of them and stored once at its end: stored at each event,
 * it was a read-modify-write of the document and of the cap per event,
 * which a store to either could not tell from one to the event. */
typedef struct
{
  guint64   n_events;
  gboolean  have_time;
  guint64   start_time;
  guint64   end_time;
  guint16   cap_index;   /* @cap's, or ES_CAP_NONE */
  CapState *cap;
  guint64   cap_last_time;
} Tally;

static inline void
tally_store (EsDocumentBuilder *self,
             Tally             *tally)
{
  EsDocument *doc = self->doc;

  doc->n_events += tally->n_events;
  tally->n_events = 0;
  self->have_time = tally->have_time;
  doc->start_time = tally->start_time;
  doc->end_time = tally->end_time;
  if (tally->cap != NULL)
    tally->cap->last_time = tally->cap_last_time;
}

/* The tally's cap is @cap_index's, whose state is in memory. */
static inline void
tally_switch_cap (EsDocumentBuilder *self,
                  Tally             *tally,
                  guint16            cap_index)
{
  if (tally->cap != NULL)
    tally->cap->last_time = tally->cap_last_time;
  tally->cap_index = cap_index;
  tally->cap = cap_index != ES_CAP_NONE ? _es_builder_get_cap (self, cap_index) : NULL;
  tally->cap_last_time = tally->cap != NULL ? tally->cap->last_time : 0;
}

G_ALWAYS_INLINE static inline void
add_events (EsDocumentBuilder *self,
            const EsEvent     *events,
            guint              n)
{
  EsDocument *doc = self->doc;
  Tally tally = { 0, self->have_time, doc->start_time, doc->end_time, ES_CAP_NONE, NULL, 0 };

  for (guint i = 0; i < n; i++)
    {
      const EsEvent *e = &events[i];
      guint64 time = e->time;
      guint16 tag = e->tag;

      if (e->unknown || tag == ES_EVENT_BLOCK_MARKER)
        continue;

      /* Branches, not MIN and MAX: a cap's events come in time order,
       * so they are foretold right, and the two are not made a vector
       * operation, in and out of vector registers at every event. */
      tally.n_events++;
      if (G_UNLIKELY (!tally.have_time))
        {
          tally.start_time = tally.end_time = time;
          tally.have_time = TRUE;
        }
      else if (time > tally.end_time)
        tally.end_time = time;
      else if (time < tally.start_time)
        tally.start_time = time;

      /* A block's events are of one cap: its state is looked up once. */
      if (G_UNLIKELY (e->cap != tally.cap_index))
        tally_switch_cap (self, &tally, e->cap);
      if (tally.cap != NULL)
        {
          CapState *cap = tally.cap;

          if (time > tally.cap_last_time)
            tally.cap_last_time = time;
          switch (tag)
            {
            case ES_EVENT_RUN_THREAD:
              run_thread (self, cap, e);
              continue;
            case ES_EVENT_STOP_THREAD:
              stop_thread (self, cap, e);
              continue;
            STATISTICS_READ_NO_FIELDS_CASES:
            case ES_EVENT_THREAD_LABEL:
              /* For statistics only, that is all: these make instants and
               * the threads' table, which no statistic reads. In a busy log,
               * a third or more of its events. */
              if (cap->no_instants)
                continue;
              break;
            default:
              break;
            }
        }
      /* Everything else, out of line, sees the document as it would
       * after this event. */
      tally_store (self, &tally);
      add_event (self, tally.cap, e);
    }
  tally_store (self, &tally);
}

/**
 * es_document_builder_add:
 *
 * Takes one event, in file order. Nothing in @event is kept by reference.
 */
void
es_document_builder_add (EsDocumentBuilder *self,
                         const EsEvent     *e)
{
  add_events (self, e, 1);
}

/**
 * es_document_builder_add_batch:
 * @events: (array length=n_events): events, in file order
 *
 * es_document_builder_add() of each of @events, in a loop that keeps
 * what every event updates in registers: a loader's, handed events in
 * batches (es_eventlog_read_file_in_batches()).
 */
void
es_document_builder_add_batch (EsDocumentBuilder *self,
                               const EsEvent     *events,
                               guint              n_events)
{
  add_events (self, events, n_events);
}

/**
 * es_document_builder_add_counted:
 * @cap: the cap whose block they were in
 * @n_events: how many events
 * @earliest: the earliest of their times
 * @latest: the latest
 *
 * Takes @n_events events of the tags es_document_builder_get_fields_unread()
 * names, all of @cap, known only by their count and times (a batched
 * read's, es_eventlog_reader_set_counted_only()): a builder for statistics
 * only counts them and their times, and does nothing else with them.
 */
void
es_document_builder_add_counted (EsDocumentBuilder *self,
                                 guint16            cap,
                                 guint              n_events,
                                 guint64            earliest,
                                 guint64            latest)
{
  EsDocument *doc = self->doc;
  CapState *state;

  if (n_events == 0)
    return;
  g_return_if_fail (self->statistics_only && cap != ES_CAP_NONE && earliest <= latest);

  doc->n_events += n_events;
  if (!self->have_time)
    {
      doc->start_time = earliest;
      doc->end_time = latest;
      self->have_time = TRUE;
    }
  doc->start_time = MIN (doc->start_time, earliest);
  doc->end_time = MAX (doc->end_time, latest);
  state = _es_builder_get_cap (self, cap);
  state->last_time = MAX (state->last_time, latest);
}
