/* es-bookmarks-io.c: loading and saving bookmarks, off the main thread
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <stdlib.h>

#include <glib/gstdio.h>

#include "es-bookmarks-private.h"

/* Which saved set a log gets is explained at the top of es-bookmarks.c.
 * All file I/O runs on one worker, in the order asked, so a save started
 * when a window closes lands before a load started by the next window. */

typedef struct
{
  GTask          *task;
  GTaskThreadFunc func;
} IoJob;

/* The jobs asked and not done, for es_bookmarks_wait_for_io(). */
static GMutex io_mutex;
static GCond  io_done;
static guint  io_pending;

static void
io_worker (gpointer data,
           gpointer user_data)
{
  IoJob *job = data;

  job->func (job->task, g_task_get_source_object (job->task), g_task_get_task_data (job->task),
             g_task_get_cancellable (job->task));
  g_object_unref (job->task);
  g_free (job);
  g_mutex_lock (&io_mutex);
  io_pending--;
  g_cond_broadcast (&io_done);
  g_mutex_unlock (&io_mutex);
}

/**
 * es_bookmarks_wait_for_io:
 *
 * Blocks until every load and save asked so far is done: for the end of
 * the program, so that the bookmarks saved as the last window closed are
 * on disk before it exits.
 */
void
es_bookmarks_wait_for_io (void)
{
  g_mutex_lock (&io_mutex);
  while (io_pending > 0)
    g_cond_wait (&io_done, &io_mutex);
  g_mutex_unlock (&io_mutex);
}

/* Like g_task_run_in_thread(), on the one worker that keeps file I/O in
 * the order asked. */
static void
run_in_io_thread (GTask          *task,
                  GTaskThreadFunc func)
{
  static GThreadPool *pool;
  IoJob *job = g_new0 (IoJob, 1);

  if (g_once_init_enter (&pool))
    g_once_init_leave (&pool, g_thread_pool_new (io_worker, NULL, 1, FALSE, NULL));
  job->task = g_object_ref (task);
  job->func = func;
  g_mutex_lock (&io_mutex);
  io_pending++;
  g_mutex_unlock (&io_mutex);
  g_thread_pool_push (pool, job, NULL);
}

typedef struct
{
  EsDocument *document;
  char       *path;
} LoadJob;

static void
load_job_free (gpointer data)
{
  LoadJob *job = data;

  g_clear_object (&job->document);
  g_free (job->path);
  g_free (job);
}

/* Reads at most the largest bookmarks file and one byte more; a missing
 * file gives NULL without an error. */
static char *
read_saved (const char  *path,
            gsize       *length,
            GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GFileInputStream) stream = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *data = NULL;

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE, G_FILE_QUERY_INFO_NONE, NULL, &local_error);
  if (info == NULL)
    {
      if (!g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  /* A FIFO would block the worker for good. */
  if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
    {
      g_set_error (error, ES_BOOKMARKS_ERROR, ES_BOOKMARKS_ERROR_INVALID,
                   "%s is not a regular file", path);
      return NULL;
    }
  stream = g_file_read (file, NULL, error);
  if (stream == NULL)
    return NULL;
  data = g_malloc (ES_BOOKMARKS_MAX_FILE_SIZE + 2);
  if (!g_input_stream_read_all (G_INPUT_STREAM (stream), data, ES_BOOKMARKS_MAX_FILE_SIZE + 1, length, NULL, error))
    return NULL;
  data[*length] = '\0';
  return g_steal_pointer (&data);
}

static char *
canonical_path (const char *path)
{
  char *resolved = realpath (path, NULL);
  char *result;

  if (resolved == NULL)
    return g_canonicalize_filename (path, NULL);
  result = g_strdup (resolved);
  free (resolved);
  return result;
}

static gboolean
same_run (const LogIdentity *a,
          const LogIdentity *b)
{
  gboolean a_known = a->pid != 0 || a->wall_clock_sec != 0;
  gboolean b_known = b->pid != 0 || b->wall_clock_sec != 0;

  if (!a_known || !b_known)
    return TRUE;
  return a->pid == b->pid && a->wall_clock_sec == b->wall_clock_sec && a->wall_clock_nsec == b->wall_clock_nsec;
}

/* Decides between the saved set and the markers, as the comment at the
 * top says. */
static void
choose_saved_or_markers (EsBookmarks *self,
                         EsDocument  *document,
                         const char  *file_path)
{
  g_autoptr(GArray) items = es_bookmarks_items_new (0);
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *display = NULL;
  LogIdentity saved = { 0 };
  guint64 end = es_document_get_end_time (document);
  guint n_skipped = 0, n_dropped = 0;
  gsize length = 0;

  es_bookmarks_seed_from_markers (self, document);
  data = read_saved (file_path, &length, &error);
  if (data == NULL || !es_bookmarks_parse_data (self, data, length, items, &saved, &n_skipped, &error))
    {
      if (error != NULL)
        g_propagate_prefixed_error (&self->load_problem, g_steal_pointer (&error),
                                    "The saved bookmarks in %s were not read: ", file_path);
      es_bookmarks_log_identity_clear (&saved);
      return;
    }
  display = g_filename_display_name (self->log.path);
  if (g_strcmp0 (saved.path, display) != 0 ||
      (saved.size != self->log.size && !same_run (&saved, &self->log)))
    {
      g_set_error (&self->load_problem, ES_BOOKMARKS_ERROR, ES_BOOKMARKS_ERROR_OTHER_LOG,
                   "The bookmarks saved for %s belong to another run of the program: "
                   "they are set aside for the markers of this one",
                   display);
      es_bookmarks_log_identity_clear (&saved);
      return;
    }
  if (saved.size != self->log.size)
    for (guint i = items->len; i > 0; i--)
      if (g_array_index (items, EsBookmark, i - 1).time > end)
        {
          g_array_remove_index (items, i - 1);
          n_dropped++;
        }
  if (n_skipped > 0 || n_dropped > 0)
    g_set_error (&self->load_problem, ES_BOOKMARKS_ERROR, ES_BOOKMARKS_ERROR_INVALID,
                 "%u saved bookmarks had no readable time and %u fell past the end of the run: "
                 "they were left out", n_skipped, n_dropped);
  g_clear_pointer (&self->items, g_array_unref);
  self->items = g_steal_pointer (&items);
  self->origin = ES_BOOKMARKS_FROM_SAVED;
  es_bookmarks_log_identity_clear (&saved);
}

static void
load_in_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  LoadJob *job = task_data;
  g_autoptr(EsBookmarks) self = NULL;
  g_autofree char *file_path = NULL;
  const EsProcessInfo *process = es_document_get_process (job->document);
  GStatBuf st;

  if (g_task_return_error_if_cancelled (task))
    return;
  self = es_bookmarks_new ();
  self->log.path = canonical_path (job->path);
  if (g_stat (self->log.path, &st) == 0)
    self->log.size = (guint64) st.st_size;
  self->log.pid = process->pid;
  self->log.wall_clock_sec = process->wall_clock_sec;
  self->log.wall_clock_nsec = process->wall_clock_nsec;
  file_path = es_bookmarks_file_for_log (self->log.path);
  choose_saved_or_markers (self, job->document, file_path);
  g_task_return_pointer (task, g_steal_pointer (&self), g_object_unref);
}

/**
 * es_bookmarks_load_async:
 * @log_path: where @document was read from
 *
 * Finds the bookmarks of the log at @log_path: those saved for it, or
 * else its markers. Runs on a worker thread; only a cancellation fails.
 */
void
es_bookmarks_load_async (EsDocument          *document,
                         const char          *log_path,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  LoadJob *job;

  g_return_if_fail (ES_IS_DOCUMENT (document));
  g_return_if_fail (log_path != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, es_bookmarks_load_async);
  job = g_new0 (LoadJob, 1);
  job->document = g_object_ref (document);
  job->path = g_strdup (log_path);
  g_task_set_task_data (task, job, load_job_free);
  run_in_io_thread (task, load_in_thread);
}

/**
 * es_bookmarks_load_finish:
 *
 * Returns: (transfer full): the bookmarks, or NULL if cancelled; see
 *   es_bookmarks_get_load_problem() for a saved set that could not be used
 */
EsBookmarks *
es_bookmarks_load_finish (GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == es_bookmarks_load_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

typedef struct
{
  char  *data;
  gsize  length;
  char  *file_path;
} SaveJob;

static void
save_job_free (gpointer data)
{
  SaveJob *job = data;

  g_free (job->data);
  g_free (job->file_path);
  g_free (job);
}

static void
save_in_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  SaveJob *job = task_data;
  g_autofree char *folder = g_path_get_dirname (job->file_path);
  g_autoptr(GError) error = NULL;

  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int saved_errno = errno;

      g_task_return_new_error (task, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                               "Could not make the folder %s: %s", folder, g_strerror (saved_errno));
      return;
    }
  if (!g_file_set_contents_full (job->file_path, job->data, (gssize) job->length,
                                 G_FILE_SET_CONTENTS_CONSISTENT, 0600, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  g_task_return_boolean (task, TRUE);
}

/**
 * es_bookmarks_save_async:
 *
 * Saves the bookmarks as they are now for the log they were loaded for,
 * on a worker thread, after any load or save asked before.
 */
void
es_bookmarks_save_async (EsBookmarks         *self,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  SaveJob *job;

  g_return_if_fail (ES_IS_BOOKMARKS (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, es_bookmarks_save_async);
  if (self->log.path == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                               "These bookmarks belong to no file");
      return;
    }
  job = g_new0 (SaveJob, 1);
  job->data = es_bookmarks_to_data (self, &job->length);
  job->file_path = es_bookmarks_file_for_log (self->log.path);
  g_task_set_task_data (task, job, save_job_free);
  /* Once written, the file is the truth, not the markers. */
  self->origin = ES_BOOKMARKS_FROM_SAVED;
  run_in_io_thread (task, save_in_thread);
}

gboolean
es_bookmarks_save_finish (EsBookmarks   *self,
                          GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (ES_IS_BOOKMARKS (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
