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
 *   world; but the runtime's wait of about a second for the threads to stop
 *   at exit is no collection: it is its own state on the rows
 *   (ES_ACTIVITY_EXIT_SUSPEND), and the GC record starts once the world has
 *   stopped;
 * - GC_RESIZE is the heap size, allocations the allocated bytes per row,
 *   and exceptions thrown are messages on their thread's row. */

/* The profiler's own threads have buffers too; they are not the program. */
static gboolean
is_profiler_thread (const MonoThread *t)
{
  return t->name != NULL && g_str_has_prefix (t->name, "Profiler ");
}

static guint64
thread_start (const MonoThread *t)
{
  return t->has_start ? t->started : t->first;
}

/* Whether @t is to have a row, and has none yet. */
static gboolean
may_have_row (const MonoThread *t)
{
  return t->row == -1 && (t->has_start || t->has_events) && !is_profiler_thread (t);
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
  guint32  thread;          /* in the loader's threads */
  guint64  start;           /* when its start was told */
  guint64  end;             /* when its end was told, if it was */
  gboolean end_told;
  char    *label;           /* the name it was told with */
} Row;

/* A log is told in time order, but its buffers come in any order across
 * threads: each stretch told is the records up to a time that no buffer to
 * come can be earlier than (the caller's watermark). Rows are given to
 * threads in the order they started, as their starts are told. */
struct _MonoFeed
{
  Loader            *loader;
  EsDocumentBuilder *builder;
  GArray            *rows;          /* Row */
  guint64            origin;
  guint64            first_time;    /* the loader's, when the process was told */
  gboolean           had_time;
  gboolean           told_process;
  gboolean           in_pause;
  gboolean           world_stopped;
  gboolean           major;
  guint              leader;
  guint64            pause_start;
  guint              n_pauses;
  gint32             shutdown_pause;
  guint64            exit_suspend_start;  /* in the document's time */
  guint64            exit_suspend_end;
  guint              n_fed;         /* the loader's first records, in order, are told */
  Record             last;          /* the last record told */
  gboolean           told_any;
  gboolean           told_a_start;  /* of a row's thread */
  GHashTable        *unnamed;       /* methods a throw was told in, not named then */
  GHashTable        *unnamed_classes; /* of the heap shots told, not named then */
  guint              n_shots_told;
};

#define ROW(feed, r) (&g_array_index ((feed)->rows, Row, (r)))

typedef MonoFeed Feed;

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
  for (guint r = 0; r < feed->rows->len; r++)
    if (ROW (feed, r)->paused)
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
  for (guint i = 0; i < feed->rows->len; i++)
    if (ROW (feed, i)->state == ROW_RUNNING || ROW (feed, i)->state == ROW_BLOCKED)
      ROW (feed, i)->paused = TRUE;
  /* The thread that stops the world leads; if it is not shown, the first
   * thread alive does. */
  if (row >= 0 && ROW (feed, row)->paused)
    feed->leader = row;
  for (guint i = 0; i < feed->rows->len && feed->leader == G_MAXUINT; i++)
    if (ROW (feed, i)->paused)
      feed->leader = i;
  if (feed->leader == G_MAXUINT)
    {
      feed->leader = row >= 0 ? (guint) row : 0;
      ROW (feed, feed->leader)->paused = TRUE;
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
  for (guint i = 0; i < feed->rows->len; i++)
    {
      if (ROW (feed, i)->paused && ROW (feed, i)->state == ROW_RUNNING)
        tell_thread (feed, ES_EVENT_RUN_THREAD, r->time, i);
      ROW (feed, i)->paused = FALSE;
    }
  feed->in_pause = FALSE;
  feed->n_pauses++;
}

/* The one place the suspend at exit is told apart: a stop of the world
 * that took SHUTDOWN_SUSPEND_NS or more to stop the threads. Only now,
 * the world stopped, is that known, so the rows' waiting since the pause
 * began becomes the suspend, and the collection starts afresh from here:
 * the GC record, and every list, tooltip and share made from it, is the
 * collection only. */
static void
tell_exit_suspend (Feed         *feed,
                   const Record *r)
{
  feed->shutdown_pause = (gint32) feed->n_pauses;
  feed->exit_suspend_start = feed->pause_start >= feed->origin ? feed->pause_start - feed->origin : 0;
  feed->exit_suspend_end = r->time >= feed->origin ? r->time - feed->origin : 0;
  for (guint i = 0; i < feed->rows->len; i++)
    if (ROW (feed, i)->paused)
      es_document_builder_recast_gc_phase (feed->builder, (guint16) i, ES_ACTIVITY_EXIT_SUSPEND);
  tell_paused_rows (feed, ES_EVENT_GC_START, r->time);
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
            tell_exit_suspend (feed, r);
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
  g_free (ROW (feed, row)->label);
  ROW (feed, row)->label = g_strdup (name);
  ROW (feed, row)->state = ROW_RUNNING;
  feed->told_a_start = TRUE;
  if (feed->in_pause)
    {
      ROW (feed, row)->paused = TRUE;
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
  Row *state = ROW (feed, row);

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

  /* Its compilation may be in a buffer still to come (see still_holds()). */
  if (r->b && method == NULL)
    g_hash_table_add (feed->unnamed, GSIZE_TO_POINTER (r->value));
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
      if (row < 0)
        break;
      if (ROW (feed, row)->state == ROW_RUNNING && !ROW (feed, row)->paused)
        tell_stop (feed, r->time, row, ES_STOP_THREAD_FINISHED);
      ROW (feed, row)->state = ROW_ENDED;
      break;
    case REC_GC:
      /* Not before a row's thread started: there is no row to pause. */
      if (feed->told_a_start)
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
    case REC_HEAP_SHOT:
      _es_mlpd_tell_heap_shot (feed->loader, feed->builder, (guint32) r->value, feed->origin, r->time,
                               feed->n_shots_told++ == 0, feed->unnamed_classes);
      break;
    default:
      break;
    }
}

static void
clear_row (gpointer data)
{
  g_free (((Row *) data)->label);
}

/**
 * _es_mlpd_feed_new:
 * @loader: what decodes the log: it must outlive the feed
 * @for_snapshots: whether the builder is to be copied as it goes
 *   (es_document_builder_new_for_snapshots())
 *
 * Returns: (transfer full): a feed of what @loader decodes to a new
 *   builder, which has told nothing yet
 */
MonoFeed *
_es_mlpd_feed_new (Loader   *loader,
                   gboolean  for_snapshots)
{
  MonoFeed *feed = g_new0 (MonoFeed, 1);

  feed->loader = loader;
  feed->builder = for_snapshots ? es_document_builder_new_for_snapshots () : es_document_builder_new ();
  es_document_builder_set_rows_are_threads (feed->builder);
  feed->rows = g_array_new (FALSE, TRUE, sizeof (Row));
  g_array_set_clear_func (feed->rows, clear_row);
  feed->shutdown_pause = -1;
  feed->unnamed = g_hash_table_new (NULL, NULL);
  feed->unnamed_classes = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  /* Rows are the feed's to give. */
  for (guint i = 0; i < loader->threads->len; i++)
    _es_mlpd_get_thread (loader, i)->row = -1;
  return feed;
}

void
_es_mlpd_feed_free (MonoFeed *feed)
{
  if (feed == NULL)
    return;
  es_document_builder_free (feed->builder);
  g_array_unref (feed->rows);
  g_hash_table_unref (feed->unnamed);
  g_hash_table_unref (feed->unnamed_classes);
  g_free (feed);
}

EsDocumentBuilder *
_es_mlpd_feed_get_builder (MonoFeed *feed)
{
  return feed->builder;
}

/* The document's zero on the log's clock, once the first events are told. */
guint64
_es_mlpd_feed_get_origin (MonoFeed *feed)
{
  return feed->origin;
}

/* Time 0 is when the profiler started, on the buffers' clock. The
 * process is told at the first event's time. */
static void
tell_beginning (Feed *feed)
{
  Loader *loader = feed->loader;

  feed->origin = loader->header.startup_ns != 0 && loader->header.startup_ns <= loader->min_time
                 ? loader->header.startup_ns : loader->min_time;
  feed->first_time = loader->min_time;
  feed->had_time = loader->have_time;
  tell_process (feed, loader->have_time ? loader->min_time : feed->origin);
  feed->told_process = TRUE;
}

/* Whether what was told of the log still holds: the earliest event and the
 * rows' threads are as they were. A buffer that comes late (one of a
 * thread that had written nothing until then, say) can change them. */
static gboolean
still_holds (Feed *feed)
{
  Loader *loader = feed->loader;
  GHashTableIter iter;
  gpointer method;

  if (loader->have_time != feed->had_time || loader->min_time != feed->first_time)
    return FALSE;
  g_hash_table_iter_init (&iter, feed->unnamed);
  while (g_hash_table_iter_next (&iter, &method, NULL))
    if (g_hash_table_contains (loader->methods, method))
      return FALSE;
  if (!_es_mlpd_heap_names_hold (loader, feed->unnamed_classes))
    return FALSE;
  for (guint r = 0; r < feed->rows->len; r++)
    {
      const Row *row = ROW (feed, r);
      const MonoThread *t = _es_mlpd_get_thread (loader, row->thread);

      if (thread_start (t) != row->start || is_profiler_thread (t))
        return FALSE;
      if (row->end_told && (!t->has_end || t->ended != row->end))
        return FALSE;
    }
  return TRUE;
}

static int
compare_thread_starts (gconstpointer a,
                       gconstpointer b)
{
  const MonoThread *x = *(MonoThread * const *) a, *y = *(MonoThread * const *) b;
  guint64 tx = thread_start (x), ty = thread_start (y);

  return tx < ty ? -1 : tx > ty;
}

/* The threads that started by @watermark and have no row yet, in the order
 * they started (then in the order they were seen). */
static GPtrArray *
threads_started_by (Feed    *feed,
                    guint64  watermark)
{
  Loader *loader = feed->loader;
  GPtrArray *started = g_ptr_array_new ();

  for (guint i = 0; i < loader->threads->len; i++)
    {
      MonoThread *t = _es_mlpd_get_thread (loader, i);

      if (may_have_row (t) && thread_start (t) <= watermark)
        g_ptr_array_add (started, t);
    }
  g_ptr_array_sort (started, compare_thread_starts);
  return started;
}

/* A thread's row is given when its start is told, but what it did before
 * its start (its first events may come before it was said to start) is
 * told on its row too, as in a log read whole: so nothing is told from the
 * earliest event of a thread whose start is not due yet. */
static guint64
hold_for_unstarted (Feed    *feed,
                    guint64  watermark)
{
  Loader *loader = feed->loader;

  for (;;)
    {
      guint64 held = watermark;

      for (guint i = 0; i < loader->threads->len; i++)
        {
          const MonoThread *t = _es_mlpd_get_thread (loader, i);

          if (may_have_row (t) && t->has_events && thread_start (t) > watermark && t->earliest <= watermark)
            held = MIN (held, t->earliest > 0 ? t->earliest - 1 : 0);
        }
      if (held == watermark)
        return watermark;
      watermark = held;
    }
}

/* Gives rows to the threads in @started, in order, as far as there are
 * rows; each gets a start record (before anything else it did) in @batch. */
static void
give_rows (Feed      *feed,
           GPtrArray *started,
           GArray    *batch)
{
  Loader *loader = feed->loader;

  for (guint i = 0; i < started->len; i++)
    {
      MonoThread *t = g_ptr_array_index (started, i);
      guint32 index = (guint32) (t - _es_mlpd_get_thread (loader, 0));
      Record start = { thread_start (t), 0, 0, index, REC_THREAD_START, 0, 0, 0 };
      Row row = { ROW_UNBORN, FALSE, index, thread_start (t), 0, FALSE, NULL };
      EsEvent e = { 0 };

      if (feed->rows->len >= MAX_ROWS)
        {
          /* Never to be shown. */
          t->row = -2;
          continue;
        }
      t->row = (gint) feed->rows->len;
      if (t->name == NULL)
        t->name = g_strdup_printf ("Thread 0x%" G_GINT64_MODIFIER "x", t->id);
      g_array_append_val (feed->rows, row);
      e.u.cap.cap = (guint16) t->row;
      tell (feed, &e, ES_EVENT_CAP_CREATE, feed->first_time, ES_CAP_NONE);
      g_array_append_val (batch, start);
    }
}

/* An end record in @batch for each row whose thread ended by @watermark. */
static void
add_ends (Feed    *feed,
          guint64  watermark,
          GArray  *batch)
{
  for (guint r = 0; r < feed->rows->len; r++)
    {
      Row *row = ROW (feed, r);
      const MonoThread *t = _es_mlpd_get_thread (feed->loader, row->thread);
      Record end = { t->ended, 0, G_MAXUINT32, row->thread, REC_THREAD_END, 0, 0, 0 };

      if (row->end_told || !t->has_end || t->ended > watermark)
        continue;
      row->end_told = TRUE;
      row->end = t->ended;
      g_array_append_val (batch, end);
    }
}

/* Whether telling @r changes anything: a thread's records do nothing if it
 * has no row, and is to have none. */
static gboolean
matters (Feed         *feed,
         const Record *r)
{
  const MonoThread *t = _es_mlpd_get_thread (feed->loader, r->thread);

  switch (r->kind)
    {
    case REC_MONITOR: case REC_THROW: case REC_ALLOC:
      return t->row >= 0 || may_have_row (t);
    default:
      return TRUE;
    }
}

/* Whether @batch, in order, comes after what was told. */
static gboolean
comes_after (Feed   *feed,
             GArray *batch)
{
  if (!feed->told_any)
    return TRUE;
  for (guint i = 0; i < batch->len; i++)
    {
      const Record *r = &g_array_index (batch, Record, i);

      if (matters (feed, r))
        return _es_mlpd_compare_records (r, &feed->last) > 0;
    }
  return TRUE;
}

/* A row's thread named since its start is renamed. */
static void
rename_rows (Feed *feed)
{
  for (guint r = 0; r < feed->rows->len; r++)
    {
      Row *row = ROW (feed, r);
      const char *name = _es_mlpd_get_thread (feed->loader, row->thread)->name;

      if (row->label != NULL && strcmp (row->label, name) != 0)
        {
          es_document_builder_rename_thread (feed->builder, r + 1, name);
          g_free (row->label);
          row->label = g_strdup (name);
        }
    }
}

/**
 * _es_mlpd_feed_until:
 * @watermark: a time no record still to be decoded can be earlier than
 *   (G_MAXUINT64 once the log is all decoded)
 *
 * Tells the records decoded up to @watermark that were not told yet.
 *
 * Returns: %FALSE if what the loader decoded since the last call changes
 *   what was told (a record or a thread's start earlier than the last
 *   told, a row's thread started earlier or named the profiler's): the
 *   feed is then spent, and the log to be told again from a new one.
 */
gboolean
_es_mlpd_feed_until (MonoFeed *feed,
                     guint64   watermark)
{
  Loader *loader = feed->loader;
  GArray *records = loader->records;
  g_autoptr(GArray) batch = NULL;
  g_autoptr(GPtrArray) started = NULL;
  guint n_due;

  if (feed->told_process && !still_holds (feed))
    return FALSE;
  /* The earliest event is known once nothing to come can be earlier. */
  if (!loader->have_time || loader->min_time > watermark)
    return TRUE;
  if (!feed->told_process)
    tell_beginning (feed);
  watermark = hold_for_unstarted (feed, watermark);

  /* The records not told, in order; those due now first. */
  if (records->len > feed->n_fed)
    qsort (&g_array_index (records, Record, feed->n_fed), records->len - feed->n_fed, sizeof (Record),
           _es_mlpd_compare_records);
  for (n_due = feed->n_fed; n_due < records->len; n_due++)
    if (g_array_index (records, Record, n_due).time > watermark)
      break;

  started = threads_started_by (feed, watermark);
  batch = g_array_sized_new (FALSE, FALSE, sizeof (Record), n_due - feed->n_fed + 2 * started->len);
  g_array_append_vals (batch, &g_array_index (records, Record, feed->n_fed), n_due - feed->n_fed);
  give_rows (feed, started, batch);
  add_ends (feed, watermark, batch);
  g_array_sort (batch, _es_mlpd_compare_records);
  /* A start among them no later than what was told came late too: its
   * row would be out of the order of starts. */
  if (!comes_after (feed, batch))
    return FALSE;

  for (guint i = 0; i < batch->len; i++)
    feed_record (feed, &g_array_index (batch, Record, i));
  /* Only forward: a batch of records that change nothing may be earlier
   * than what was told (its buffer came late, harmlessly). */
  if (batch->len > 0 &&
      (!feed->told_any || _es_mlpd_compare_records (&g_array_index (batch, Record, batch->len - 1), &feed->last) > 0))
    {
      feed->last = g_array_index (batch, Record, batch->len - 1);
      feed->told_any = TRUE;
    }
  feed->n_fed = n_due;
  rename_rows (feed);
  return TRUE;
}

/**
 * _es_mlpd_feed_end:
 *
 * Tells the end of the log, once all of it was told: a thread still alive
 * when the log ends was not seen to finish.
 */
void
_es_mlpd_feed_end (MonoFeed *feed)
{
  if (!feed->told_process)
    tell_beginning (feed);
  for (guint r = 0; r < feed->rows->len; r++)
    if (ROW (feed, r)->state == ROW_RUNNING && !ROW (feed, r)->paused)
      tell_stop (feed, feed->loader->max_time, r, ES_STOP_NO_STATUS);
  /* mprof-report reports a shot the log ends in with what it listed. */
  for (guint s = 0; s < feed->loader->heap_shots->len; s++)
    if (!((MonoHeapShot *) g_ptr_array_index (feed->loader->heap_shots, s))->ended)
      _es_mlpd_tell_heap_shot (feed->loader, feed->builder, s, feed->origin, feed->loader->max_time,
                               feed->n_shots_told++ == 0, NULL);
}

/**
 * _es_mlpd_feed_get_finishing:
 *
 * Returns: (transfer full): what a document of what was told gets after
 *   its builder finishes it
 */
EsMlpdFinishing *
_es_mlpd_feed_get_finishing (MonoFeed *feed)
{
  Loader *loader = feed->loader;
  EsMlpdFinishing *finishing = g_new0 (EsMlpdFinishing, 1);

  finishing->summary = loader->summary;
  finishing->summary.data_version = loader->header.data_version;
  finishing->summary.shutdown_pause = feed->shutdown_pause;
  finishing->summary.exit_suspend_start = feed->exit_suspend_start;
  finishing->summary.exit_suspend_end = feed->exit_suspend_end;
  finishing->summary.n_hidden_threads = 0;
  /* The profiler's, and those past the last row: each once. */
  for (guint i = 0; i < loader->threads->len; i++)
    if (is_profiler_thread (_es_mlpd_get_thread (loader, i)) || _es_mlpd_get_thread (loader, i)->row == -2)
      finishing->summary.n_hidden_threads++;
  finishing->program = g_strdup (loader->domain_name != NULL ? loader->domain_name : loader->main_image);
  finishing->origin = feed->origin;
  finishing->labels = g_ptr_array_new_full (feed->rows->len, g_free);
  for (guint r = 0; r < feed->rows->len; r++)
    g_ptr_array_add (finishing->labels, g_strdup (ROW (feed, r)->label));
  return finishing;
}
