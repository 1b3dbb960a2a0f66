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
#include "es-mlpd-feed-private.h"

/* Which threads have rows, and when each stretch of records is told: the
 * records themselves are told in the builder's terms by
 * es-mlpd-feed-records.c. */

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
  _es_mlpd_feed_tell_process (feed, loader->have_time ? loader->min_time : feed->origin);
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
      _es_mlpd_feed_tell (feed, &e, ES_EVENT_CAP_CREATE, feed->first_time, ES_CAP_NONE);
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
    _es_mlpd_feed_record (feed, &g_array_index (batch, Record, i));
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
  _es_mlpd_tell_counters (loader, feed->builder, feed->origin, watermark, &feed->n_counters,
                          &feed->n_counter_samples);
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
      _es_mlpd_feed_tell_stop (feed, feed->loader->max_time, r, ES_STOP_NO_STATUS);
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
