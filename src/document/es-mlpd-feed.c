/* es-mlpd-feed.c: a Mono log told to the document builder
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-document-builder.h"
#include "es-document-private.h"
#include "es-mlpd-load-private.h"

/* A Mono log has no capabilities and no scheduler events, so it is told to
 * the builder in the builder's own terms (reference/mlpd-format.md §7):
 *
 * - every managed thread is a row (a "capability" labelled with the
 *   thread's name) and a thread of the same number plus one; it runs from
 *   its start to its end, except while it waits for a contended lock
 *   (blocked) or the world is stopped;
 * - a stop-the-world pause, PRE_STOP_WORLD to POST_START_WORLD, is a GC on
 *   every live row: waiting while the threads are suspended and resumed,
 *   working in between, and a GC record (generation 1 if a major collection
 *   started or ended inside it) on the row of the thread that stopped the
 *   world;
 * - GC_RESIZE is the heap size, allocations the allocated bytes per row,
 *   and exceptions thrown are messages on their thread's row. */

static int
compare_thread_starts (gconstpointer a,
                       gconstpointer b)
{
  const MonoThread *x = *(MonoThread * const *) a, *y = *(MonoThread * const *) b;
  guint64 tx = x->has_start ? x->started : x->first;
  guint64 ty = y->has_start ? y->started : y->first;

  return tx < ty ? -1 : tx > ty;
}

/* The profiler's own threads have buffers too; they are not the program. */
static gboolean
is_profiler_thread (const MonoThread *t)
{
  return t->name != NULL && g_str_has_prefix (t->name, "Profiler ");
}

typedef enum
{
  ROW_UNBORN,
  ROW_RUNNING,
  ROW_BLOCKED,
  ROW_ENDED,
} RowState;

typedef struct
{
  RowState state;
  gboolean paused;          /* in the GC of the current pause */
} Row;

typedef struct
{
  Loader            *loader;
  EsDocumentBuilder *builder;
  Row               *rows;
  guint              n_rows;
  guint64            origin;
  gboolean           in_pause;
  gboolean           world_stopped;
  gboolean           major;
  guint              leader;
  guint64            pause_start;
  guint              n_pauses;
} Feed;

static void
tell (Feed     *feed,
      EsEvent  *e,
      guint16   tag,
      guint64   time,
      guint16   cap)
{
  e->tag = tag;
  e->time = time >= feed->origin ? time - feed->origin : 0;
  e->cap = cap;
  e->offset = -1;
  es_document_builder_add (feed->builder, e);
}

static void
tell_thread (Feed    *feed,
             guint16  tag,
             guint64  time,
             guint    row)
{
  EsEvent e = { 0 };

  e.u.thread.thread = row + 1;
  e.u.thread.cap = row;
  tell (feed, &e, tag, time, row);
}

static void
tell_stop (Feed         *feed,
           guint64       time,
           guint         row,
           EsStopStatus  status)
{
  EsEvent e = { 0 };

  e.u.stop.thread = row + 1;
  e.u.stop.status = status;
  e.u.stop.raw_status = status;
  tell (feed, &e, ES_EVENT_STOP_THREAD, time, row);
}

static void
tell_paused_rows (Feed    *feed,
                  guint16  tag,
                  guint64  time)
{
  for (guint r = 0; r < feed->n_rows; r++)
    if (feed->rows[r].paused)
      {
        EsEvent e = { 0 };

        tell (feed, &e, tag, time, r);
      }
}

static void
tell_process (Feed    *feed,
              guint64  time)
{
  const EsMlpdHeader *h = &feed->loader->header;
  g_autofree char *identifier = g_strdup_printf ("Mono log profiler %u.%u (data version %u, %s %s)",
                                                 h->major, h->minor, h->data_version,
                                                 h->arch != NULL ? h->arch : "", h->os != NULL ? h->os : "");
  EsEvent e = { 0 };

  e.u.capset_text.text = (EsBytes) { identifier, strlen (identifier) };
  tell (feed, &e, ES_EVENT_RTS_IDENTIFIER, time, ES_CAP_NONE);
  if (h->args != NULL)
    {
      memset (&e, 0, sizeof e);
      e.u.capset_text.text = (EsBytes) { h->args, strlen (h->args) + 1 };
      tell (feed, &e, ES_EVENT_PROGRAM_ARGS, time, ES_CAP_NONE);
    }
  memset (&e, 0, sizeof e);
  e.u.capset.value = h->pid;
  tell (feed, &e, ES_EVENT_OSPROCESS_PID, time, ES_CAP_NONE);
  memset (&e, 0, sizeof e);
  e.u.wall_clock.sec = h->startup_ms / 1000;
  e.u.wall_clock.nsec = (guint32) (h->startup_ms % 1000) * 1000000u;
  tell (feed, &e, ES_EVENT_WALL_CLOCK_TIME, time, ES_CAP_NONE);
  /* SGen has a nursery and a major heap. */
  memset (&e, 0, sizeof e);
  e.u.heap_info.generations = 2;
  tell (feed, &e, ES_EVENT_HEAP_INFO_GHC, time, ES_CAP_NONE);
  for (guint r = 0; r < feed->n_rows; r++)
    {
      memset (&e, 0, sizeof e);
      e.u.cap.cap = r;
      tell (feed, &e, ES_EVENT_CAP_CREATE, time, ES_CAP_NONE);
    }
}

static void
begin_pause (Feed         *feed,
             const Record *r,
             gint          row)
{
  feed->in_pause = TRUE;
  feed->world_stopped = FALSE;
  feed->major = FALSE;
  feed->pause_start = r->time;
  feed->leader = G_MAXUINT;
  for (guint i = 0; i < feed->n_rows; i++)
    if (feed->rows[i].state == ROW_RUNNING || feed->rows[i].state == ROW_BLOCKED)
      feed->rows[i].paused = TRUE;
  /* The thread that stops the world leads; if it is not shown, the first
   * thread alive does. */
  if (row >= 0 && feed->rows[row].paused)
    feed->leader = row;
  for (guint i = 0; i < feed->n_rows && feed->leader == G_MAXUINT; i++)
    if (feed->rows[i].paused)
      feed->leader = i;
  if (feed->leader == G_MAXUINT)
    {
      feed->leader = row >= 0 ? (guint) row : 0;
      feed->rows[feed->leader].paused = TRUE;
    }
  /* Suspending the threads is waiting, not collecting. */
  tell_paused_rows (feed, ES_EVENT_GC_START, r->time);
  tell_paused_rows (feed, ES_EVENT_GC_IDLE, r->time);
}

static void
end_pause (Feed         *feed,
           const Record *r)
{
  EsEvent e = { 0 };

  e.u.gc_stats.generation = feed->major ? 1 : 0;
  tell (feed, &e, ES_EVENT_GC_STATS_GHC, r->time, feed->leader);
  tell_paused_rows (feed, ES_EVENT_GC_END, r->time);
  for (guint i = 0; i < feed->n_rows; i++)
    {
      if (feed->rows[i].paused && feed->rows[i].state == ROW_RUNNING)
        tell_thread (feed, ES_EVENT_RUN_THREAD, r->time, i);
      feed->rows[i].paused = FALSE;
    }
  feed->in_pause = FALSE;
  feed->n_pauses++;
}

static void
feed_gc (Feed         *feed,
         const Record *r,
         gint          row)
{
  switch (r->a)
    {
    case ES_MLPD_GC_PRE_STOP_WORLD: case ES_MLPD_GC_PRE_STOP_WORLD_LOCKED:
      if (!feed->in_pause)
        begin_pause (feed, r, row);
      break;
    case ES_MLPD_GC_POST_STOP_WORLD:
      if (feed->in_pause && !feed->world_stopped)
        {
          EsEvent e = { 0 };

          feed->world_stopped = TRUE;
          if (r->time - feed->pause_start >= SHUTDOWN_SUSPEND_NS)
            feed->loader->summary.shutdown_pause = (gint32) feed->n_pauses;
          tell (feed, &e, ES_EVENT_GC_GLOBAL_SYNC, r->time, feed->leader);
          tell_paused_rows (feed, ES_EVENT_GC_WORK, r->time);
        }
      break;
    case ES_MLPD_GC_START: case ES_MLPD_GC_END:
      /* A concurrent major collection starts in one pause and ends in a
       * later one: both pauses are major. */
      if (feed->in_pause && r->b == 1)
        feed->major = TRUE;
      break;
    case ES_MLPD_GC_PRE_START_WORLD:
      if (feed->in_pause)
        tell_paused_rows (feed, ES_EVENT_GC_IDLE, r->time);
      break;
    case ES_MLPD_GC_POST_START_WORLD: case ES_MLPD_GC_POST_START_WORLD_UNLOCKED:
      if (feed->in_pause)
        end_pause (feed, r);
      break;
    default:
      break;
    }
}

static void
feed_thread_start (Feed         *feed,
                   const Record *r,
                   guint         row)
{
  const char *name = _es_mlpd_get_thread (feed->loader, r->thread)->name;
  EsEvent e = { 0 };

  tell_thread (feed, ES_EVENT_CREATE_THREAD, r->time, row);
  e.u.thread_label.thread = row + 1;
  e.u.thread_label.label = (EsBytes) { name, strlen (name) };
  tell (feed, &e, ES_EVENT_THREAD_LABEL, r->time, row);
  feed->rows[row].state = ROW_RUNNING;
  if (feed->in_pause)
    {
      feed->rows[row].paused = TRUE;
      memset (&e, 0, sizeof e);
      tell (feed, &e, ES_EVENT_GC_START, r->time, row);
    }
  else
    tell_thread (feed, ES_EVENT_RUN_THREAD, r->time, row);
}

static void
feed_monitor (Feed         *feed,
              const Record *r,
              guint         row)
{
  Row *state = &feed->rows[row];

  if (r->a == ES_MLPD_MONITOR_CONTENTION && state->state == ROW_RUNNING)
    {
      state->state = ROW_BLOCKED;
      if (!state->paused)
        tell_stop (feed, r->time, row, ES_STOP_THREAD_BLOCKED);
    }
  else if (r->a != ES_MLPD_MONITOR_CONTENTION && state->state == ROW_BLOCKED)
    {
      state->state = ROW_RUNNING;
      if (!state->paused)
        tell_thread (feed, ES_EVENT_RUN_THREAD, r->time, row);
    }
}

static void
feed_throw (Feed         *feed,
            const Record *r,
            guint         row)
{
  const char *method = r->b ? g_hash_table_lookup (feed->loader->methods, GSIZE_TO_POINTER (r->value)) : NULL;
  g_autofree char *text = method != NULL ? g_strdup_printf ("Exception thrown in %s", method)
                                         : g_strdup ("Exception thrown");
  EsEvent e = { 0 };

  e.u.text = (EsBytes) { text, strlen (text) };
  tell (feed, &e, ES_EVENT_USER_MSG, r->time, row);
}

static void
feed_record (Feed         *feed,
             const Record *r)
{
  gint row = _es_mlpd_get_thread (feed->loader, r->thread)->row;
  EsEvent e = { 0 };

  switch (r->kind)
    {
    case REC_THREAD_START:
      feed_thread_start (feed, r, row);
      break;
    case REC_THREAD_END:
      if (feed->rows[row].state == ROW_RUNNING && !feed->rows[row].paused)
        tell_stop (feed, r->time, row, ES_STOP_THREAD_FINISHED);
      feed->rows[row].state = ROW_ENDED;
      break;
    case REC_GC:
      if (feed->n_rows > 0)
        feed_gc (feed, r, row);
      break;
    case REC_RESIZE:
      e.u.heap.bytes = r->value;
      tell (feed, &e, ES_EVENT_HEAP_SIZE, r->time, ES_CAP_NONE);
      break;
    case REC_MONITOR:
      if (row >= 0)
        feed_monitor (feed, r, row);
      break;
    case REC_THROW:
      if (row >= 0)
        feed_throw (feed, r, row);
      break;
    case REC_ALLOC:
      if (row >= 0)
        {
          e.u.heap.bytes = r->value;
          tell (feed, &e, ES_EVENT_HEAP_ALLOCATED, r->time, row);
        }
      break;
    default:
      break;
    }
}

/* Shown threads become rows in the order they started; each gets a start
 * record (before anything else it did) and an end record if it ended. */
static guint
assign_rows (Loader *self)
{
  g_autoptr(GPtrArray) shown = g_ptr_array_new ();

  for (guint i = 0; i < self->threads->len; i++)
    {
      MonoThread *t = _es_mlpd_get_thread (self, i);

      if (is_profiler_thread (t))
        self->summary.n_hidden_threads++;
      else if (t->has_start || t->has_events)
        g_ptr_array_add (shown, t);
    }
  g_ptr_array_sort (shown, compare_thread_starts);
  if (shown->len > MAX_ROWS)
    {
      self->summary.n_hidden_threads += shown->len - MAX_ROWS;
      g_ptr_array_set_size (shown, MAX_ROWS);
    }
  for (guint r = 0; r < shown->len; r++)
    {
      MonoThread *t = g_ptr_array_index (shown, r);
      guint32 index = (guint32) (t - _es_mlpd_get_thread (self, 0));
      Record start = { t->has_start ? t->started : t->first, 0, 0, index, REC_THREAD_START, 0, 0, 0 };
      Record end = { t->ended, 0, G_MAXUINT32, index, REC_THREAD_END, 0, 0, 0 };

      t->row = (gint) r;
      if (t->name == NULL)
        t->name = g_strdup_printf ("Thread 0x%" G_GINT64_MODIFIER "x", t->id);
      g_array_append_val (self->records, start);
      if (t->has_end)
        g_array_append_val (self->records, end);
    }
  return shown->len;
}

EsDocument *
_es_mlpd_feed_document (Loader *self,
                        gint64  truncated_at)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new ();
  Feed feed = { self, builder, NULL, 0, 0, FALSE, FALSE, FALSE, 0, 0, 0 };
  EsDocument *doc;
  guint64 last = self->max_time;

  feed.n_rows = assign_rows (self);
  g_array_sort (self->records, _es_mlpd_compare_records);
  feed.rows = g_new0 (Row, MAX (feed.n_rows, 1));
  /* Time 0 is when the profiler started, on the buffers' clock. */
  feed.origin = self->header.startup_ns != 0 && self->header.startup_ns <= self->min_time
                ? self->header.startup_ns : self->min_time;
  tell_process (&feed, self->have_time ? self->min_time : feed.origin);
  for (guint i = 0; i < self->records->len; i++)
    feed_record (&feed, &g_array_index (self->records, Record, i));
  /* A thread still alive when the log ends was not seen to finish. */
  for (guint r = 0; r < feed.n_rows; r++)
    if (feed.rows[r].state == ROW_RUNNING && !feed.rows[r].paused)
      tell_stop (&feed, last, r, ES_STOP_NO_STATUS);
  g_free (feed.rows);

  es_document_builder_end_of_input (builder);
  doc = es_document_builder_finish (builder, truncated_at >= 0, truncated_at);
  doc->format = ES_DOCUMENT_MONO_LOG;
  doc->mono = g_memdup2 (&self->summary, sizeof self->summary);
  doc->cap_labels = g_ptr_array_new ();
  for (guint i = 0; i < self->threads->len; i++)
    {
      const MonoThread *t = _es_mlpd_get_thread (self, i);

      if (t->row < 0)
        continue;
      if ((guint) t->row >= doc->cap_labels->len)
        g_ptr_array_set_size (doc->cap_labels, t->row + 1);
      g_ptr_array_index (doc->cap_labels, t->row) = g_string_chunk_insert (doc->strings, t->name);
    }
  return doc;
}

