/* es-mlpd-feed-records.c: a Mono log's records told to the document
 * builder as the events of a GHC log
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-document-builder.h"
#include "es-mlpd-feed-private.h"

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

void
_es_mlpd_feed_tell (Feed     *feed,
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
  _es_mlpd_feed_tell (feed, &e, tag, time, row);
}

void
_es_mlpd_feed_tell_stop (Feed         *feed,
                         guint64       time,
                         guint         row,
                         EsStopStatus  status)
{
  EsEvent e = { 0 };

  e.u.stop.thread = row + 1;
  e.u.stop.status = status;
  e.u.stop.raw_status = status;
  _es_mlpd_feed_tell (feed, &e, ES_EVENT_STOP_THREAD, time, row);
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

        _es_mlpd_feed_tell (feed, &e, tag, time, r);
      }
}

void
_es_mlpd_feed_tell_process (Feed    *feed,
                            guint64  time)
{
  const EsMlpdHeader *h = &feed->loader->header;
  g_autofree char *identifier = g_strdup_printf ("Mono log profiler %u.%u (data version %u, %s %s)",
                                                 h->major, h->minor, h->data_version,
                                                 h->arch != NULL ? h->arch : "", h->os != NULL ? h->os : "");
  EsEvent e = { 0 };

  e.u.capset_text.text = (EsBytes) { identifier, strlen (identifier) };
  _es_mlpd_feed_tell (feed, &e, ES_EVENT_RTS_IDENTIFIER, time, ES_CAP_NONE);
  if (h->args != NULL)
    {
      memset (&e, 0, sizeof e);
      e.u.capset_text.text = (EsBytes) { h->args, strlen (h->args) + 1 };
      _es_mlpd_feed_tell (feed, &e, ES_EVENT_PROGRAM_ARGS, time, ES_CAP_NONE);
    }
  memset (&e, 0, sizeof e);
  e.u.capset.value = h->pid;
  _es_mlpd_feed_tell (feed, &e, ES_EVENT_OSPROCESS_PID, time, ES_CAP_NONE);
  memset (&e, 0, sizeof e);
  e.u.wall_clock.sec = h->startup_ms / 1000;
  e.u.wall_clock.nsec = (guint32) (h->startup_ms % 1000) * 1000000u;
  _es_mlpd_feed_tell (feed, &e, ES_EVENT_WALL_CLOCK_TIME, time, ES_CAP_NONE);
  /* SGen has a nursery and a major heap. */
  memset (&e, 0, sizeof e);
  e.u.heap_info.generations = 2;
  _es_mlpd_feed_tell (feed, &e, ES_EVENT_HEAP_INFO_GHC, time, ES_CAP_NONE);
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
  _es_mlpd_feed_tell (feed, &e, ES_EVENT_GC_STATS_GHC, r->time, feed->leader);
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
          _es_mlpd_feed_tell (feed, &e, ES_EVENT_GC_GLOBAL_SYNC, r->time, feed->leader);
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
  _es_mlpd_feed_tell (feed, &e, ES_EVENT_THREAD_LABEL, r->time, row);
  g_free (ROW (feed, row)->label);
  ROW (feed, row)->label = g_strdup (name);
  ROW (feed, row)->state = ROW_RUNNING;
  feed->told_a_start = TRUE;
  if (feed->in_pause)
    {
      ROW (feed, row)->paused = TRUE;
      memset (&e, 0, sizeof e);
      _es_mlpd_feed_tell (feed, &e, ES_EVENT_GC_START, r->time, row);
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
        _es_mlpd_feed_tell_stop (feed, r->time, row, ES_STOP_THREAD_BLOCKED);
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
  _es_mlpd_feed_tell (feed, &e, ES_EVENT_USER_MSG, r->time, row);
}

void
_es_mlpd_feed_record (Feed         *feed,
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
        _es_mlpd_feed_tell_stop (feed, r->time, row, ES_STOP_THREAD_FINISHED);
      ROW (feed, row)->state = ROW_ENDED;
      break;
    case REC_GC:
      /* Not before a row's thread started: there is no row to pause. */
      if (feed->told_a_start)
        feed_gc (feed, r, row);
      break;
    case REC_RESIZE:
      e.u.heap.bytes = r->value;
      _es_mlpd_feed_tell (feed, &e, ES_EVENT_HEAP_SIZE, r->time, ES_CAP_NONE);
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
          _es_mlpd_feed_tell (feed, &e, ES_EVENT_HEAP_ALLOCATED, r->time, row);
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
