/* es-document-load.c: a log file to a document, on every core
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "es-document-builder.h"
#include "es-document-private.h"
#include "es-eventlog-file.h"
#include "es-mlpd-error.h"
#include "es-mlpd-file.h"
#include "es-mlpd-load.h"
#include "es-vec.h"

/* Capabilities' blocks are independent, so the log is built by several
 * workers at once: each maps the file, decodes only the blocks of its caps
 * (stepping over the others by their size) into a builder of its own, and
 * the builders are merged at the end. Worker 0 also takes the global blocks
 * and runs on the calling thread, reporting progress. */

#define MAX_WORKERS          4
#define PARALLEL_ABOVE_BYTES (4u << 20)

typedef struct
{
  const char          *path;
  guint                part;
  guint                n_parts;
  EsEventlogReader    *reader;
  EsDocumentBuilder   *builder;
  GCancellable        *cancellable;
  void               (*progress) (guint64 done, guint64 total, gpointer data);
  gpointer             progress_data;
  GError              *error;
  gboolean             ok;
  guint                memory_failures;   /* es_vec_get_failures() when it began */
  guint64              in_use;            /* the address space in use when it ran out of memory */
  gboolean             statistics_only;   /* es_document_load_for_statistics() */
  guint64              t0, t1;            /* the statistics' interval */
  guint                until_let_go;      /* events before it lets go of detail again */
  gint                *gc_stats_seen;     /* atomic, shared: a worker's builder took a GC_STATS */
  /* Each worker writes its own fields, reader and builder at every event:
   * on cache lines of their own (the workers are an array), in memory of
   * their own thread (made there), not another's. A worker's line shared
   * with its neighbour's made each event of the second worker a miss. */
} __attribute__ ((aligned (128))) Worker;

/* How often a builder for statistics lets go of its caps' detail: each
 * cap keeps at most this many runs and GC phases more than the few pages
 * it must (a run is 24 bytes), so its memory stays flat however long the
 * log, for a search per cap every 64 K events. Tests make it often, so
 * that their small logs are let go of too. */
static guint let_go_every_events = 64u * 1024;

/* For tests: how often (in events) a builder for statistics lets go of its
 * caps' detail; 0 for the default. */
void
_es_document_set_let_go_every (guint n_events)
{
  let_go_every_events = n_events > 0 ? n_events : 64u * 1024;
}

static gboolean
add_to_builder (const EsEventBatch *batch,
                gpointer            user_data)
{
  Worker *worker = user_data;
  const EsEvent *events = batch->events;
  guint n_events = batch->n_events;

  /* Out of memory: the load stops here and fails (see es_vec_grow()). */
  if (G_UNLIKELY (es_vec_get_failures () != worker->memory_failures))
    {
      worker->in_use = es_vec_get_address_space (NULL);
      return FALSE;
    }
  if (!worker->statistics_only)
    {
      es_document_builder_add_batch (worker->builder, events, n_events);
      return TRUE;
    }
  /* In any order: a builder for statistics only does nothing with the
   * events it counts but count them and their times. */
  es_document_builder_add_counted (worker->builder, batch->counted_cap, batch->n_counted,
                                   batch->counted_earliest, batch->counted_latest);
  /* Let go every so many events (those counted too), wherever the
   * batches end. */
  worker->until_let_go -= MIN (worker->until_let_go, batch->n_counted);
  while (n_events > 0 || worker->until_let_go == 0)
    {
      guint n = MIN (n_events, worker->until_let_go);

      es_document_builder_add_batch (worker->builder, events, n);
      events += n;
      n_events -= n;
      worker->until_let_go -= n;
      if (worker->until_let_go == 0)
        {
          /* The log's GCs are made from its GC_STATS once any worker has
           * one: a worker whose caps lead no GC lets go of their runs and
           * GC phases all the same (the 84 MB ping-pong log's cap 1 kept
           * every run, 14 MB, where GC_STATS came from cap 0 only). */
          if (g_atomic_int_get (worker->gc_stats_seen))
            es_document_builder_note_gc_stats_elsewhere (worker->builder);
          else if (es_document_builder_saw_gc_stats (worker->builder))
            g_atomic_int_set (worker->gc_stats_seen, TRUE);
          es_document_builder_let_go_unread (worker->builder);
          worker->until_let_go = let_go_every_events;
        }
    }
  return TRUE;
}

static void
report_progress (guint64  done,
                 guint64  total,
                 gpointer user_data)
{
  Worker *worker = user_data;

  if (worker->progress != NULL)
    worker->progress (done, total, worker->progress_data);
}

static gpointer
run_worker (gpointer data)
{
  Worker *worker = data;

  worker->reader = es_eventlog_reader_new ();
  worker->builder = es_document_builder_new ();
  if (worker->statistics_only)
    es_document_builder_set_statistics_only (worker->builder, worker->t0, worker->t1);
  es_eventlog_reader_set_fields_unread (worker->reader, es_document_builder_get_fields_unread (worker->builder));
  es_eventlog_reader_set_counted_only (worker->reader, es_document_builder_get_fields_unread (worker->builder));
  es_eventlog_reader_set_partition (worker->reader, worker->n_parts, worker->part);
  worker->ok = es_eventlog_read_file_in_batches (worker->reader, worker->path, add_to_builder,
                                                 worker->part == 0 ? report_progress : NULL,
                                                 worker, worker->cancellable, &worker->error);
  /* One worker failing dooms the load: stop the others early. */
  if (!worker->ok)
    g_cancellable_cancel (worker->cancellable);
  else
    es_document_builder_end_of_input (worker->builder);
  return NULL;
}

/* A document takes about 0.9 times its log in memory (measured: 1.39 times
 * the file's size in peak RSS, of which up to half a gigabyte of mapped
 * slices). A log that cannot fit is refused up front, not swapped in. */
#define DOCUMENT_BYTES_PER_LOG_BYTE 0.9

/* A document loaded for statistics only keeps what grows with the log in
 * its GCs' spans: 24 bytes each, twice while they are put in order at the
 * end; the densest logs measured have a GC every 300 bytes (the rest is a
 * few pages per cap, and the log's messages). */
#define STATISTICS_BYTES_PER_LOG_BYTE (2 * 24 / 300.0)

guint64
_es_document_available_memory (void)
{
  g_autofree char *meminfo = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/meminfo", &meminfo, NULL, NULL))
    return 0;
  line = strstr (meminfo, "MemAvailable:");
  if (line == NULL)
    return 0;
  return g_ascii_strtoull (line + strlen ("MemAvailable:"), NULL, 10) * 1024;
}

/**
 * _es_document_check_memory:
 * @available: bytes of memory available, or 0 if unknown
 *
 * Returns: %FALSE, with an error saying how much is needed, if a log of
 *   @log_size bytes cannot be opened in @available bytes.
 */
gboolean
_es_document_check_memory (guint64   log_size,
                           guint64   available,
                           GError  **error)
{
  double needed = log_size * DOCUMENT_BYTES_PER_LOG_BYTE;

  if (available == 0 || needed <= available)
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
               "this log (%.1f GB) needs about %.1f GB of memory to open, and only %.1f GB are available",
               log_size / 1e9, needed / 1e9, available / 1e9);
  return FALSE;
}

static guint
count_workers (const char *path)
{
  GStatBuf st;

  if (g_stat (path, &st) != 0 || st.st_size < PARALLEL_ABOVE_BYTES)
    return 1;
  return CLAMP (g_get_num_processors (), 1, MAX_WORKERS);
}

/* The address space a process uses before a log: its libraries, threads'
 * stacks, the spare es_vec_keep_spare() holds. */
#define BASE_ADDRESS_SPACE (200u << 20)

/**
 * _es_document_set_out_of_memory:
 * @read: the bytes of the log read when memory ran out, or 0 if unknown
 * @in_use: the address space in use then, or 0 for now
 * @statistics_only: whether it was loaded for statistics only
 *   (es_document_load_for_statistics()), which needs less
 *
 * Sets @error to say that loading @path ran out of memory: how much was in
 * use, how much the whole log would need (from how far it got), and what
 * to try. Running out of memory on a big log is the user's trouble, told
 * as an error like any other.
 */
void
_es_document_set_out_of_memory (GError     **error,
                                const char  *path,
                                guint64      read,
                                guint64      in_use,
                                gboolean     statistics_only)
{
  g_autoptr(GString) message = g_string_new (NULL);
  guint64 limit, size = 0, now = es_vec_get_address_space (&limit);
  GStatBuf st;

  if (in_use == 0)
    in_use = now;
  if (g_stat (path, &st) == 0)
    size = (guint64) st.st_size;
  /* Said after the name the user gave the log (a stream's record has
   * none of its own). */
  g_string_assign (message, "Out of memory while loading the log");
  if (read > 0 && size > 0)
    g_string_append_printf (message, " (at byte %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT ")", read, size);
  g_string_append_printf (message, ": %.1f GB in use", in_use / 1e9);
  if (limit > 0)
    g_string_append_printf (message, " of the %.1f GB the process may use (ulimit -v)", limit / 1e9);
  /* Each loading thread maps the whole log, beside the document's own
   * memory: measured, a 300 MB log on 2 threads loaded under a limit of
   * 1.1 GB and not under 1.0 GB. */
  if (size > 0)
    g_string_append_printf (message, "; loading it needs about %.1f GB",
                            ((count_workers (path) + (statistics_only ? STATISTICS_BYTES_PER_LOG_BYTE
                                                                      : DOCUMENT_BYTES_PER_LOG_BYTE)) * size +
                             BASE_ADDRESS_SPACE) / 1e9);
  g_string_append (message, limit > 0 ? ". Raise the limit, or open the log on a machine with more memory"
                                      : ". Open the log on a machine with more memory");
  g_set_error_literal (error, G_FILE_ERROR, G_FILE_ERROR_NOMEM, message->str);
}

/* A "cancelled" handler gets the emitter first: this forwards the caller's
 * cancellation to the one the workers watch. */
static void
cancel_workers (GCancellable *caller,
                GCancellable *workers)
{
  g_cancellable_cancel (workers);
}

/* @statistics_only: es_document_load_for_statistics(), of [@t0, @t1] */
static EsDocument *
load_eventlog (const char     *path,
               gboolean        statistics_only,
               guint64         t0,
               guint64         t1,
               void          (*progress) (guint64 done, guint64 total, gpointer data),
               gpointer        progress_data,
               GCancellable   *cancellable,
               GError        **error)
{
  g_autoptr(GCancellable) all = g_cancellable_new ();
  guint n_workers = count_workers (path);
  Worker workers[MAX_WORKERS] = { { 0 } };
  GThread *threads[MAX_WORKERS] = { NULL };
  gulong cancel_id = 0;
  gboolean truncated = FALSE;
  gint64 truncated_at = G_MAXINT64;
  EsDocument *document = NULL;
  gint gc_stats_seen = FALSE;

  {
    GStatBuf st;

    /* Statistics take memory of their own, not the log's. */
    if (!statistics_only && g_stat (path, &st) == 0 && S_ISREG (st.st_mode) &&
        !_es_document_check_memory ((guint64) st.st_size, _es_document_available_memory (), error))
      return NULL;
  }

  if (cancellable != NULL)
    cancel_id = g_cancellable_connect (cancellable, G_CALLBACK (cancel_workers), all, NULL);

  for (guint i = 0; i < n_workers; i++)
    {
      workers[i] = (Worker) { path, i, n_workers, NULL, NULL,
                              all, progress, progress_data, NULL, FALSE, es_vec_get_failures (), 0,
                              statistics_only, t0, t1, let_go_every_events, &gc_stats_seen };
      /* Out of memory for a thread's stack, say (ulimit -v): its part
       * is read on this thread instead, after the first. */
      if (i > 0)
        threads[i] = g_thread_try_new ("eventscope-load", run_worker, &workers[i], NULL);
    }
  run_worker (&workers[0]);
  for (guint i = 1; i < n_workers; i++)
    if (threads[i] != NULL)
      g_thread_join (threads[i]);
    else
      run_worker (&workers[i]);
  g_cancellable_disconnect (cancellable, cancel_id);

  for (guint i = 0; i < n_workers; i++)
    if (!workers[i].ok && document == NULL && error != NULL && *error == NULL)
      {
        /* The caller's cancellation wins; otherwise the real failure, not a
         * worker that was only stopped because another failed. */
        if (g_cancellable_set_error_if_cancelled (cancellable, error))
          break;
        if (!g_error_matches (workers[i].error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
          g_propagate_error (error, g_steal_pointer (&workers[i].error));
      }

  /* Workers that finished before the cancellation still leave no document. */
  if (g_cancellable_is_cancelled (cancellable) && workers[0].ok)
    {
      workers[0].ok = FALSE;
      if (error == NULL || *error == NULL)
        g_cancellable_set_error_if_cancelled (cancellable, error);
    }

  if (es_vec_get_failures () != workers[0].memory_failures)
    {
      guint64 read = G_MAXUINT64, in_use = 0;

      for (guint i = 0; i < n_workers; i++)
        {
          read = MIN (read, (guint64) MAX (es_eventlog_reader_get_offset (workers[i].reader), 0));
          in_use = MAX (in_use, workers[i].in_use);
          workers[i].ok = FALSE;
        }
      g_clear_error (error);
      _es_document_set_out_of_memory (error, path, read, in_use, statistics_only);
    }

  if (workers[0].ok)
    {
      gboolean all_ok = TRUE;

      for (guint i = 0; i < n_workers; i++)
        all_ok &= workers[i].ok;
      if (all_ok)
        {
          for (guint i = 0; i < n_workers; i++)
            {
              gint64 stop;

              if (es_eventlog_reader_is_truncated (workers[i].reader, &stop, NULL))
                {
                  truncated = TRUE;
                  truncated_at = MIN (truncated_at, stop);
                }
            }
          for (guint i = 1; i < n_workers; i++)
            es_document_builder_merge (workers[0].builder, g_steal_pointer (&workers[i].builder));
          document = es_document_builder_finish (workers[0].builder, truncated, truncated ? truncated_at : -1);
        }
    }

  for (guint i = 0; i < n_workers; i++)
    {
      es_eventlog_reader_free (workers[i].reader);
      es_document_builder_free (workers[i].builder);
      g_clear_error (&workers[i].error);
    }
  return document;
}

/* es_document_load_file_full(), or with @statistics_only
 * es_document_load_for_statistics() (for a GHC log). */
static EsDocument *
load_file (const char     *path,
           EsLoadFlags     flags,
           gboolean        statistics_only,
           guint64         t0,
           guint64         t1,
           void          (*progress) (guint64 done, guint64 total, gpointer data),
           gpointer        progress_data,
           GCancellable   *cancellable,
           GError        **error)
{
  gboolean tune = !(flags & ES_LOAD_BESIDE_VIEWS);
  gboolean mono;
  EsDocument *document;
  guint failures;

  failures = es_vec_get_failures ();
  es_vec_keep_spare ();
  if (tune)
    es_vec_map_large_blocks_begin ();
  mono = es_mlpd_sniff_file (path);
  if (mono)
    document = es_mlpd_load_file (path, progress, progress_data, cancellable, error);
  else
    document = load_eventlog (path, statistics_only, t0, t1, progress, progress_data, cancellable, error);
  /* Out of memory after the events (in the indexes, say), or in a Mono
   * log's: the document may be whole, but the memory held back for this
   * is spent, and the next allocation could abort. */
  if (es_vec_get_failures () != failures && (document != NULL || error == NULL || *error == NULL ||
                                             !g_error_matches (*error, G_FILE_ERROR, G_FILE_ERROR_NOMEM)))
    {
      g_clear_object (&document);
      g_clear_error (error);
      _es_document_set_out_of_memory (error, path, 0, 0, statistics_only && !mono);
    }
  if (tune)
    {
      es_vec_map_large_blocks_end ();
      /* Loading leaves megabytes free in the heaps of its threads (the
       * builders' parts, merged and freed, and the reader's buffers),
       * which would count against the window's memory for as long as
       * the log stays open. */
      es_give_back_freed_memory ();
    }
  return document;
}

/**
 * es_document_load_file:
 * @progress: (nullable): called now and then with the bytes read so far
 *
 * Reads @path and builds its document, using up to four cores. A log cut
 * short loads: the document says where it stops (es_document_is_truncated()).
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
  return es_document_load_file_full (path, ES_LOAD_DEFAULT, progress, progress_data, cancellable, error);
}

/**
 * es_document_load_file_full:
 *
 * es_document_load_file(), told by @flags what else runs meanwhile. The
 * allocator's settings belong to the whole process: set for a load while
 * a window paints a live log several times a second, they made each
 * frame's buffers fresh mappings, faulted in page by page, and the trim
 * at the end took the allocator's locks from under the frame. A live view
 * painted frames of 25-50 ms while its log was rebuilt (es-bench-live
 * --rate 10); left alone, 5 ms, the 16 ms worst within budget.
 */
EsDocument *
es_document_load_file_full (const char     *path,
                            EsLoadFlags     flags,
                            void          (*progress) (guint64 done, guint64 total, gpointer data),
                            gpointer        progress_data,
                            GCancellable   *cancellable,
                            GError        **error)
{
  g_return_val_if_fail (path != NULL, NULL);

  return load_file (path, flags, FALSE, 0, 0, progress, progress_data, cancellable, error);
}

/**
 * es_document_load_for_statistics:
 * @t0: the start of the interval whose statistics will be asked for
 * @t1: its end: G_MAXUINT64 for the end of the run
 *
 * Reads @path, on every core, into a document whose statistics of
 * [@t0, @t1] only are asked for (es_stats_compute(),
 * es_stats_figures_compute()): a summary's. A GHC log is built by the same
 * builders as es_document_load_file()'s, which keep what those statistics
 * read and let go of the rest as they go
 * (es_document_builder_set_statistics_only()): no instants, no threads'
 * table, of each GC its span (24 bytes) and of each cap its runs, GC phases
 * and samples only around the interval's ends. Its memory is that of its
 * GCs' spans and the heap's samples, a few percent of the log. The
 * statistics of an interval are exactly those of the whole document when
 * what they read is there: es_document_covers_statistics() (es-stats.h)
 * says whether it is. A Mono log is loaded whole.
 *
 * Returns: (transfer full): the document, or %NULL with @error set.
 */
EsDocument *
es_document_load_for_statistics (const char    *path,
                                 guint64        t0,
                                 guint64        t1,
                                 GCancellable  *cancellable,
                                 GError       **error)
{
  g_return_val_if_fail (path != NULL, NULL);

  return load_file (path, ES_LOAD_DEFAULT, TRUE, t0, t1, NULL, NULL, cancellable, error);
}

/**
 * es_document_is_log_error:
 *
 * Returns: whether @error says the log itself is malformed (in either
 *   format), rather than that it could not be read or opened.
 */
gboolean
es_document_is_log_error (const GError *error)
{
  g_return_val_if_fail (error != NULL, FALSE);

  return error->domain == ES_EVENTLOG_ERROR || error->domain == ES_MLPD_ERROR;
}

/**
 * es_document_get_damage:
 *
 * A damaged log (a gzip-packed Mono log whose packing is broken) still
 * opens, with what came before the damage, as a log cut short there does:
 * es_document_is_truncated() says where its data stops. Unlike a cut, the
 * damage is a fault of the log, told as one.
 *
 * Returns: (nullable) (transfer none): the log error saying where the log
 *   is damaged (es_document_is_log_error() holds for it), or %NULL.
 */
const GError *
es_document_get_damage (EsDocument *self)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);

  return self->damage;
}
