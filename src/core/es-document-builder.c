/* es-document-builder.c: turns events into a document
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-document-builder.h"
#include "es-document-private.h"

/* Events arrive in file order: blocks of different caps interleaved, each
 * cap's own events in time order. So everything per cap is built by a
 * small state machine per cap, with no sorting; only the few things that
 * mix caps (a thread's states, heap samples) are put in time order at the
 * end, per thread or per series. */

typedef struct
{
  EsCapTimeline *timeline;
  gboolean       running;
  guint32        thread;
  guint64        run_start;
  gboolean       in_gc;
  guint8         gc_phase;        /* EsActivityKind of the open GC phase */
  guint64        gc_phase_start;
  guint64        gc_start;
  guint          pending_gc;      /* index of this cap's GC record awaiting GC_END */
  guint64        last_time;
} CapState;

typedef struct
{
  EsThread  info;
  GArray   *states;               /* EsThreadState other than runs, file order */
  guint32   runs_filled;
} ThreadBuild;

/* GHC numbers threads densely from 1; ids up to this index an array, any
 * larger ones (other runtimes) a hash table. */
#define DENSE_THREAD_IDS (1u << 22)

typedef struct
{
  GArray *open_starts;            /* guint64 start times, innermost last */
  guint16 cap;
} OpenSpans;

#define NO_GC G_MAXUINT

struct _EsDocumentBuilder
{
  EsDocument  *doc;
  GPtrArray   *caps;              /* CapState * */
  GPtrArray   *dense_threads;     /* ThreadBuild *, index = id */
  GHashTable  *sparse_threads;    /* id -> ThreadBuild, ids >= DENSE_THREAD_IDS */
  GHashTable  *open_spans;        /* name (interned) -> OpenSpans */
  GArray      *span_order;        /* spans in the order they opened */
  guint64      last_sync;
  gint32       heap_sample;       /* index of the open heap-profile sample, or -1 */
  GPtrArray   *args;
  GPtrArray   *env;
  GHashTable  *band_ids;          /* band name -> id + 1 */
  gboolean     have_time;
};

static void
free_cap_state (gpointer data)
{
  CapState *state = data;

  es_cap_timeline_free (state->timeline);
  g_free (state);
}

static void
free_thread_build (gpointer data)
{
  ThreadBuild *thread = data;

  if (thread == NULL)
    return;
  g_array_unref (thread->states);
  g_free (thread);
}

static void
free_open_spans (gpointer data)
{
  OpenSpans *spans = data;

  g_array_unref (spans->open_starts);
  g_free (spans);
}

EsDocumentBuilder *
es_document_builder_new (void)
{
  EsDocumentBuilder *self = g_new0 (EsDocumentBuilder, 1);

  self->doc = _es_document_new ();
  self->caps = g_ptr_array_new_with_free_func (free_cap_state);
  self->dense_threads = g_ptr_array_new_with_free_func (free_thread_build);
  self->sparse_threads = g_hash_table_new_full (NULL, NULL, NULL, free_thread_build);
  self->open_spans = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, free_open_spans);
  self->heap_sample = -1;
  self->args = g_ptr_array_new ();
  self->env = g_ptr_array_new ();
  self->band_ids = g_hash_table_new (g_str_hash, g_str_equal);
  return self;
}

void
es_document_builder_free (EsDocumentBuilder *self)
{
  if (self == NULL)
    return;
  g_clear_object (&self->doc);
  g_ptr_array_unref (self->caps);
  g_ptr_array_unref (self->dense_threads);
  g_hash_table_unref (self->sparse_threads);
  g_hash_table_unref (self->open_spans);
  g_ptr_array_unref (self->args);
  g_ptr_array_unref (self->env);
  g_hash_table_unref (self->band_ids);
  g_free (self);
}

static const char *
intern (EsDocumentBuilder *self,
        const char        *data,
        gsize              len)
{
  g_autofree char *copy = g_strndup (data, len);

  return g_string_chunk_insert_const (self->doc->strings, copy);
}

static CapState *
get_cap (EsDocumentBuilder *self,
         guint              cap)
{
  while (self->caps->len <= cap)
    {
      CapState *state = g_new0 (CapState, 1);

      state->timeline = es_cap_timeline_new (self->caps->len);
      state->pending_gc = NO_GC;
      g_ptr_array_add (self->caps, state);
    }
  return g_ptr_array_index (self->caps, cap);
}

static ThreadBuild *
get_thread (EsDocumentBuilder *self,
            guint32            id)
{
  ThreadBuild *thread;

  if (id < DENSE_THREAD_IDS)
    {
      if (id >= self->dense_threads->len)
        g_ptr_array_set_size (self->dense_threads, MAX (id + 1, self->dense_threads->len * 2));
      thread = g_ptr_array_index (self->dense_threads, id);
    }
  else
    thread = g_hash_table_lookup (self->sparse_threads, GUINT_TO_POINTER (id));

  if (G_UNLIKELY (thread == NULL))
    {
      thread = g_new0 (ThreadBuild, 1);
      thread->info.id = id;
      thread->info.created_cap = ES_CAP_NONE;
      thread->states = g_array_new (FALSE, FALSE, sizeof (EsThreadState));
      if (id < DENSE_THREAD_IDS)
        g_ptr_array_index (self->dense_threads, id) = thread;
      else
        g_hash_table_insert (self->sparse_threads, GUINT_TO_POINTER (id), thread);
    }
  return thread;
}

static void
thread_state (EsDocumentBuilder *self,
              guint32            id,
              guint64            time,
              guint16            cap,
              EsThreadStateKind  state,
              guint8             reason)
{
  EsThreadState s = { time, cap, state, reason };

  g_array_append_val (get_thread (self, id)->states, s);
}

static void
add_instant (CapState      *cap,
             EsInstantKind  kind,
             guint64        time,
             guint32        thread,
             guint16        arg)
{
  EsInstant instant = { time, thread, arg, kind, 0 };

  es_cap_timeline_add_instant (cap->timeline, &instant);
}

static void
close_run (CapState *cap,
           guint64   time,
           guint8    status,
           guint16   flags)
{
  EsActivity a = { cap->run_start, time, cap->thread, ES_ACTIVITY_RUNNING, status, flags };

  if (!cap->running)
    return;
  es_cap_timeline_add_activity (cap->timeline, &a);
  cap->running = FALSE;
}

static void
close_gc_phase (CapState *cap,
                guint64   time,
                guint16   flags)
{
  EsActivity a = { cap->gc_phase_start, time, 0, cap->gc_phase, 0, flags };

  if (!cap->in_gc)
    return;
  es_cap_timeline_add_activity (cap->timeline, &a);
}

static void
open_gc_phase (CapState       *cap,
               guint64         time,
               EsActivityKind  kind)
{
  if (cap->in_gc && cap->gc_phase == kind)
    return;
  close_gc_phase (cap, time, 0);
  cap->in_gc = TRUE;
  cap->gc_phase = kind;
  cap->gc_phase_start = time;
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
      {
        ThreadBuild *t = get_thread (self, thread);

        t->info.created = e->time;
        t->info.created_cap = e->cap;
        thread_state (self, thread, e->time, e->cap, ES_THREAD_STATE_CREATED, 0);
        add_instant (cap, ES_INSTANT_THREAD_CREATED, e->time, thread, 0);
      }
      break;
    case ES_EVENT_RUN_THREAD:
      close_run (cap, e->time, ES_STOP_NO_STATUS, 0);
      close_gc_phase (cap, e->time, 0);
      cap->in_gc = FALSE;
      cap->running = TRUE;
      cap->thread = thread;
      cap->run_start = e->time;
      break;
    case ES_EVENT_STOP_THREAD:
      /* A run is stored once, in the cap's activities, stop status
       * included; only a stop without its run (the log began mid-run) is
       * recorded with the thread. */
      if (cap->running && cap->thread == e->u.stop.thread)
        close_run (cap, e->time, e->u.stop.status, 0);
      else
        thread_state (self, e->u.stop.thread, e->time, e->cap,
                      _es_thread_state_after_stop (e->u.stop.status), e->u.stop.status);
      break;
    case ES_EVENT_THREAD_RUNNABLE:
      thread_state (self, thread, e->time, e->cap, ES_THREAD_STATE_RUNNABLE, 0);
      add_instant (cap, ES_INSTANT_THREAD_RUNNABLE, e->time, thread, 0);
      break;
    case ES_EVENT_MIGRATE_THREAD:
      get_thread (self, thread)->info.n_migrations++;
      thread_state (self, thread, e->time, e->u.thread.cap, ES_THREAD_STATE_RUNNABLE, 0);
      add_instant (cap, ES_INSTANT_THREAD_MIGRATED, e->time, thread, e->u.thread.cap);
      break;
    case ES_EVENT_THREAD_WAKEUP:
      get_thread (self, thread)->info.n_wakeups++;
      thread_state (self, thread, e->time, e->u.thread.cap, ES_THREAD_STATE_RUNNABLE, 0);
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
      close_run (cap, e->time, ES_STOP_NO_STATUS, 0);
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
      close_gc_phase (cap, e->time, 0);
      cap->in_gc = FALSE;
      if (cap->pending_gc != NO_GC)
        {
          g_array_index (doc->gcs, EsGc, cap->pending_gc).end = e->time;
          cap->pending_gc = NO_GC;
        }
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
        g_array_append_val (doc->gcs, gc);
        if (cap->in_gc)
          cap->pending_gc = doc->gcs->len - 1;
      }
      break;
    default:
      break;
    }
}

static void
add_spark_event (CapState      *cap,
                 const EsEvent *e)
{
  static const struct { guint16 tag; EsInstantKind kind; } kinds[] = {
    { ES_EVENT_SPARK_CREATE, ES_INSTANT_SPARK_CREATED },
    { ES_EVENT_SPARK_DUD, ES_INSTANT_SPARK_DUD },
    { ES_EVENT_SPARK_OVERFLOW, ES_INSTANT_SPARK_OVERFLOWED },
    { ES_EVENT_SPARK_RUN, ES_INSTANT_SPARK_RUN },
    { ES_EVENT_RUN_SPARK, ES_INSTANT_SPARK_RUN },
    { ES_EVENT_SPARK_STEAL, ES_INSTANT_SPARK_STOLEN },
    { ES_EVENT_STEAL_SPARK, ES_INSTANT_SPARK_STOLEN },
    { ES_EVENT_SPARK_FIZZLE, ES_INSTANT_SPARK_FIZZLED },
    { ES_EVENT_SPARK_GC, ES_INSTANT_SPARK_GCED },
  };

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

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (kinds[i].tag == e->tag)
      add_instant (cap, kinds[i].kind, e->time, 0,
                   kinds[i].kind == ES_INSTANT_SPARK_STOLEN ? e->u.steal.victim : 0);
}

/* `traceEvent "START name"` / `"STOP name"`, nested per name. */
static void
track_span (EsDocumentBuilder *self,
            const EsEvent     *e,
            const char        *text)
{
  gboolean start = g_str_has_prefix (text, "START ");
  const char *name;
  OpenSpans *open;

  if (!start && !g_str_has_prefix (text, "STOP "))
    return;
  name = g_string_chunk_insert_const (self->doc->strings, text + (start ? 6 : 5));
  open = g_hash_table_lookup (self->open_spans, name);
  if (start)
    {
      if (open == NULL)
        {
          open = g_new0 (OpenSpans, 1);
          open->open_starts = g_array_new (FALSE, FALSE, sizeof (guint64));
          g_hash_table_insert (self->open_spans, (gpointer) name, open);
        }
      open->cap = e->cap;
      g_array_append_val (open->open_starts, e->time);
    }
  else if (open != NULL && open->open_starts->len > 0)
    {
      EsSpan span = { 0 };

      span.start = g_array_index (open->open_starts, guint64, open->open_starts->len - 1);
      span.end = MAX (e->time, span.start);
      span.name = name;
      span.cap = e->cap;
      g_array_set_size (open->open_starts, open->open_starts->len - 1);
      g_array_append_val (self->doc->spans, span);
    }
}

static void
add_user_event (EsDocumentBuilder *self,
                CapState          *cap,
                const EsEvent     *e)
{
  EsUserEvent u = { e->time, e->cap, intern (self, e->u.text.data, e->u.text.len) };

  if (e->tag == ES_EVENT_USER_MARKER)
    {
      g_array_append_val (self->doc->markers, u);
      if (cap != NULL)
        add_instant (cap, ES_INSTANT_USER_MARKER, e->time, 0, 0);
      return;
    }

  g_array_append_val (self->doc->messages, u);
  if (cap != NULL)
    add_instant (cap, ES_INSTANT_USER_MESSAGE, e->time, 0, 0);
  if (e->tag == ES_EVENT_USER_MSG)
    track_span (self, e, u.text);
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
          g_ptr_array_add (list, (gpointer) intern (self, text.data + start, i - start));
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
      p->rts_identifier = intern (self, e->u.capset_text.text.data, e->u.capset_text.text.len);
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

static guint32
band_id (EsDocumentBuilder *self,
         const char        *name)
{
  gpointer id = g_hash_table_lookup (self->band_ids, name);

  if (id == NULL)
    {
      const char *interned = g_string_chunk_insert_const (self->doc->strings, name);

      g_ptr_array_add (self->doc->heap_bands, (gpointer) interned);
      id = GUINT_TO_POINTER (self->doc->heap_bands->len);
      g_hash_table_insert (self->band_ids, (gpointer) interned, id);
    }
  return GPOINTER_TO_UINT (id) - 1;
}

static void
add_heap_profile_event (EsDocumentBuilder *self,
                        const EsEvent     *e)
{
  EsDocument *doc = self->doc;

  switch (e->tag)
    {
    case ES_EVENT_HEAP_PROF_BEGIN:
      doc->heap_prof_breakdown = e->u.heap_prof_begin.breakdown;
      doc->heap_prof_period = e->u.heap_prof_begin.sampling_period;
      break;
    case ES_EVENT_HEAP_PROF_COST_CENTRE:
      {
        EsCostCentre cc = {
          e->u.cost_centre.id,
          intern (self, e->u.cost_centre.label.data, e->u.cost_centre.label.len),
          intern (self, e->u.cost_centre.module.data, e->u.cost_centre.module.len),
          intern (self, e->u.cost_centre.srcloc.data, e->u.cost_centre.srcloc.len),
          (e->u.cost_centre.flags & 1) != 0,
        };

        g_array_append_val (doc->cost_centres, cc);
      }
      break;
    case ES_EVENT_HEAP_PROF_SAMPLE_BEGIN: case ES_EVENT_HEAP_BIO_PROF_SAMPLE_BEGIN:
      {
        EsHeapProfSample sample = { e->u.heap_sample.time, e->u.heap_sample.era, doc->heap_entries->len, 0 };

        g_array_append_val (doc->heap_samples, sample);
        self->heap_sample = (gint32) doc->heap_samples->len - 1;
      }
      break;
    case ES_EVENT_HEAP_PROF_SAMPLE_END:
      self->heap_sample = -1;
      break;
    case ES_EVENT_HEAP_PROF_SAMPLE_STRING: case ES_EVENT_HEAP_PROF_SAMPLE_COST_CENTRE:
      if (self->heap_sample >= 0)
        {
          EsHeapProfEntry entry;
          g_autoptr(GString) name = g_string_new (NULL);

          if (e->tag == ES_EVENT_HEAP_PROF_SAMPLE_STRING)
            {
              g_string_append_len (name, e->u.string_sample.label.data, e->u.string_sample.label.len);
              entry.residency = e->u.string_sample.residency;
            }
          else
            {
              /* A cost-centre stack, innermost first: named by its ids. */
              for (guint i = 0; i < e->u.cost_centre_sample.depth; i++)
                g_string_append_printf (name, i ? "/%u" : "%u", es_event_get_stack_entry (e, i));
              entry.residency = e->u.cost_centre_sample.residency_or_ticks;
            }
          entry.band = band_id (self, name->str);
          g_array_append_val (doc->heap_entries, entry);
          g_array_index (doc->heap_samples, EsHeapProfSample, self->heap_sample).n_entries++;
        }
      break;
    default:
      break;
    }
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
  EsDocument *doc = self->doc;
  CapState *cap = NULL;

  if (e->unknown || e->tag == ES_EVENT_BLOCK_MARKER)
    return;

  doc->n_events++;
  if (!self->have_time || e->time < doc->start_time)
    doc->start_time = e->time;
  if (!self->have_time || e->time > doc->end_time)
    doc->end_time = e->time;
  self->have_time = TRUE;

  if (e->cap != ES_CAP_NONE)
    {
      cap = get_cap (self, e->cap);
      cap->last_time = MAX (cap->last_time, e->time);
    }

  switch (e->tag)
    {
    case ES_EVENT_CREATE_THREAD: case ES_EVENT_RUN_THREAD: case ES_EVENT_STOP_THREAD:
    case ES_EVENT_THREAD_RUNNABLE: case ES_EVENT_MIGRATE_THREAD: case ES_EVENT_THREAD_WAKEUP:
      if (cap != NULL)
        add_scheduler_event (self, cap, e);
      break;
    case ES_EVENT_REQUEST_SEQ_GC: case ES_EVENT_REQUEST_PAR_GC: case ES_EVENT_GC_START:
    case ES_EVENT_GC_WORK: case ES_EVENT_GC_IDLE: case ES_EVENT_GC_DONE: case ES_EVENT_GC_END:
    case ES_EVENT_GC_GLOBAL_SYNC: case ES_EVENT_GC_STATS_GHC:
      add_gc_event (self, cap != NULL ? cap : get_cap (self, 0), e);
      break;
    case ES_EVENT_SPARK_COUNTERS: case ES_EVENT_SPARK_CREATE: case ES_EVENT_SPARK_DUD:
    case ES_EVENT_SPARK_OVERFLOW: case ES_EVENT_SPARK_RUN: case ES_EVENT_SPARK_STEAL:
    case ES_EVENT_SPARK_FIZZLE: case ES_EVENT_SPARK_GC: case ES_EVENT_RUN_SPARK:
    case ES_EVENT_STEAL_SPARK:
      if (cap != NULL)
        add_spark_event (cap, e);
      break;
    case ES_EVENT_THREAD_LABEL:
      get_thread (self, e->u.thread_label.thread)->info.label =
        intern (self, e->u.thread_label.label.data, e->u.thread_label.label.len);
      break;
    case ES_EVENT_HEAP_ALLOCATED:
      es_cap_timeline_add_allocated ((cap != NULL ? cap : get_cap (self, 0))->timeline, e->time, e->u.heap.bytes);
      break;
    case ES_EVENT_HEAP_SIZE:
      es_series_append (doc->heap_size, e->time, e->u.heap.bytes);
      break;
    case ES_EVENT_HEAP_LIVE:
      es_series_append (doc->heap_live, e->time, e->u.heap.bytes);
      break;
    case ES_EVENT_BLOCKS_SIZE:
      es_series_append (doc->blocks_size, e->time, e->u.heap.bytes);
      break;
    case ES_EVENT_USER_MSG: case ES_EVENT_LOG_MSG: case ES_EVENT_USER_MARKER:
      add_user_event (self, cap, e);
      break;
    case ES_EVENT_CAP_CREATE:
      get_cap (self, e->u.cap.cap);
      break;
    case ES_EVENT_STARTUP:
      if (e->u.startup.n_caps > 0)
        get_cap (self, e->u.startup.n_caps - 1u);
      break;
    default:
      add_process_event (self, e);
      add_heap_profile_event (self, e);
      break;
    }
}

static int
compare_thread_states (gconstpointer a,
                       gconstpointer b)
{
  const EsThreadState *sa = a, *sb = b;

  return sa->time < sb->time ? -1 : sa->time > sb->time;
}

static int
compare_threads (gconstpointer a,
                 gconstpointer b)
{
  const ThreadBuild *ta = *(ThreadBuild * const *) a, *tb = *(ThreadBuild * const *) b;

  return ta->info.id < tb->info.id ? -1 : ta->info.id > tb->info.id;
}

static guint64
run_start (EsDocument        *doc,
           const EsThreadRun *run)
{
  guint n;

  return es_cap_timeline_get_activities (g_ptr_array_index (doc->caps, run->cap), &n)[run->activity].start;
}

static int
compare_runs (gconstpointer a,
              gconstpointer b,
              gpointer      doc)
{
  guint64 ta = run_start (doc, a), tb = run_start (doc, b);

  return ta < tb ? -1 : ta > tb;
}

/* Every thread, in id order, with its runs indexed (a counting sort over
 * the caps' RUNNING activities) and its other states in time order. */
static void
finish_threads (EsDocumentBuilder *self)
{
  g_autoptr(GPtrArray) threads = g_ptr_array_new ();
  EsDocument *doc = self->doc;
  GHashTableIter iter;
  gpointer value;
  guint total_runs = 0;

  for (guint c = 0; c < doc->caps->len; c++)
    {
      guint n;
      const EsActivity *a = es_cap_timeline_get_activities (g_ptr_array_index (doc->caps, c), &n);

      for (guint i = 0; i < n; i++)
        if (a[i].kind == ES_ACTIVITY_RUNNING)
          get_thread (self, a[i].thread)->info.n_runs++;
    }

  for (guint i = 0; i < self->dense_threads->len; i++)
    if (g_ptr_array_index (self->dense_threads, i) != NULL)
      g_ptr_array_add (threads, g_ptr_array_index (self->dense_threads, i));
  g_hash_table_iter_init (&iter, self->sparse_threads);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_ptr_array_add (threads, value);
  g_ptr_array_sort (threads, compare_threads);

  for (guint i = 0; i < threads->len; i++)
    {
      ThreadBuild *t = g_ptr_array_index (threads, i);

      t->info.first_run = total_runs;
      total_runs += t->info.n_runs;
    }
  g_array_set_size (doc->thread_runs, total_runs);
  for (guint c = 0; c < doc->caps->len; c++)
    {
      guint n;
      const EsActivity *a = es_cap_timeline_get_activities (g_ptr_array_index (doc->caps, c), &n);

      for (guint i = 0; i < n; i++)
        if (a[i].kind == ES_ACTIVITY_RUNNING)
          {
            ThreadBuild *t = get_thread (self, a[i].thread);
            EsThreadRun run = { i, c, 0 };

            g_array_index (doc->thread_runs, EsThreadRun, t->info.first_run + t->runs_filled++) = run;
          }
    }

  for (guint i = 0; i < threads->len; i++)
    {
      ThreadBuild *t = g_ptr_array_index (threads, i);
      EsThreadRun *runs = &g_array_index (doc->thread_runs, EsThreadRun, t->info.first_run);

      /* Filled cap by cap: a thread that moved between caps needs its runs
       * merged into time order. */
      for (guint r = 1; r < t->info.n_runs; r++)
        if (runs[r].cap != runs[0].cap)
          {
            g_qsort_with_data (runs, t->info.n_runs, sizeof (EsThreadRun), compare_runs, doc);
            break;
          }
      g_array_sort (t->states, compare_thread_states);
      t->info.first_state = doc->thread_states->len;
      t->info.n_states = t->states->len;
      g_array_append_vals (doc->thread_states, t->states->data, t->states->len);
      g_array_append_val (doc->threads, t->info);
    }
}

static int
compare_spans (gconstpointer a,
               gconstpointer b)
{
  const EsSpan *sa = a, *sb = b;

  return sa->start < sb->start ? -1 : sa->start > sb->start;
}

static void
close_open_spans (EsDocumentBuilder *self)
{
  GHashTableIter iter;
  gpointer name, value;

  g_hash_table_iter_init (&iter, self->open_spans);
  while (g_hash_table_iter_next (&iter, &name, &value))
    {
      OpenSpans *open = value;

      for (guint i = 0; i < open->open_starts->len; i++)
        {
          EsSpan span = { g_array_index (open->open_starts, guint64, i), self->doc->end_time,
                          name, open->cap, ES_ACTIVITY_ENDED_BY_LOG_END };

          g_array_append_val (self->doc->spans, span);
          self->doc->n_closed_at_end++;
        }
    }
  g_array_sort (self->doc->spans, compare_spans);
}

/**
 * es_document_builder_finish:
 * @truncated: whether the log ended without its end marker
 *
 * Closes what the log left open (a thread still running, a GC in progress,
 * a span never stopped) at the last timestamp, flagging each, then builds
 * the indexes.
 *
 * Returns: (transfer full): the document; the builder is spent.
 */
EsDocument *
es_document_builder_finish (EsDocumentBuilder *self,
                            gboolean           truncated,
                            gint64             truncated_at)
{
  EsDocument *doc = self->doc;
  guint64 end = doc->end_time;

  for (guint i = 0; i < self->caps->len; i++)
    {
      CapState *cap = g_ptr_array_index (self->caps, i);

      if (cap->running)
        {
          close_run (cap, end, ES_STOP_NO_STATUS, ES_ACTIVITY_ENDED_BY_LOG_END);
          doc->n_closed_at_end++;
        }
      if (cap->in_gc)
        {
          close_gc_phase (cap, end, ES_ACTIVITY_ENDED_BY_LOG_END);
          cap->in_gc = FALSE;
          doc->n_closed_at_end++;
        }
      if (cap->pending_gc != NO_GC)
        g_array_index (doc->gcs, EsGc, cap->pending_gc).end = end;
      es_cap_timeline_seal (cap->timeline);
      g_ptr_array_add (doc->caps, g_steal_pointer (&cap->timeline));
    }

  finish_threads (self);
  close_open_spans (self);

  g_ptr_array_add (self->args, NULL);
  g_ptr_array_add (self->env, NULL);
  doc->process.args = g_memdup2 (self->args->pdata, self->args->len * sizeof (gpointer));
  doc->process.env = g_memdup2 (self->env->pdata, self->env->len * sizeof (gpointer));

  doc->truncated = truncated;
  doc->truncated_at = truncated_at;
  _es_document_build_index (doc);

  return g_steal_pointer (&self->doc);
}
