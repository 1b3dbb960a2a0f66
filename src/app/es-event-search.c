/* es-event-search.c: the event list's searches, on worker threads
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gio.h>

#include "es-event-search.h"

/* A search formats every row of the log (a second or more for a large one),
 * so it runs on worker threads; typing again cancels it and starts anew,
 * and only the last one's result is kept. */

struct _EsEventSearch
{
  GObject       parent_instance;

  GCancellable *cancellable;    /* while a search runs */
  gint         *permille;       /* g_atomic_rc_box, shared with the thread */
  GArray       *matches;        /* the last result: rows (guint32), ascending */
  char         *matched_text;   /* what it was of */
  gboolean      matched_has_tag;
  guint16       matched_tag;
};

enum {
  FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (EsEventSearch, es_event_search, G_TYPE_OBJECT)

typedef struct
{
  EsEventIndex *index;
  char         *text;
  gboolean      has_tag;
  guint16       tag;
  gint         *permille;
  guint         from;           /* the first row looked at... */
  GArray       *kept;           /* ...after these matches, of rows before it */
} Job;

static void
job_free (Job *job)
{
  es_event_index_unref (job->index);
  g_free (job->text);
  g_clear_pointer (&job->kept, g_array_unref);
  g_atomic_rc_box_release (job->permille);
  g_free (job);
}

static void
progress_cb (double   fraction,
             gpointer user_data)
{
  g_atomic_int_set ((gint *) user_data, (gint) (fraction * 1000));
}

static void
search_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  Job *job = task_data;
  GError *error = NULL;
  GArray *rows = es_event_index_search_from (job->index, job->from, job->text, job->has_tag ? &job->tag : NULL,
                                             job->has_tag ? 1 : 0, progress_cb, job->permille, cancellable, &error);

  if (rows == NULL)
    g_task_return_error (task, error);
  else
    {
      if (job->kept != NULL)
        g_array_prepend_vals (rows, job->kept->data, job->kept->len);
      g_task_return_pointer (task, rows, (GDestroyNotify) g_array_unref);
    }
}

static void
stop (EsEventSearch *self)
{
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->permille, g_atomic_rc_box_release);
}

static void
search_done_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  EsEventSearch *self = ES_EVENT_SEARCH (object);
  g_autoptr(GError) error = NULL;
  GArray *rows = g_task_propagate_pointer (G_TASK (result), &error);
  Job *job = g_task_get_task_data (G_TASK (result));

  /* Cancelled (GTask then drops any result): a newer search took over. */
  if (rows == NULL)
    return;
  stop (self);
  g_clear_pointer (&self->matches, g_array_unref);
  self->matches = rows;
  g_free (self->matched_text);
  self->matched_text = g_strdup (job->text);
  self->matched_has_tag = job->has_tag;
  self->matched_tag = job->tag;
  g_signal_emit (self, signals[FINISHED], 0);
}

static void
run (EsEventSearch *self,
     EsEventIndex  *index,
     const char    *text,
     const guint16 *tag,
     guint          from,
     GArray        *kept)
{
  g_autoptr(GTask) task = NULL;
  Job *job = g_new0 (Job, 1);

  stop (self);
  job->index = es_event_index_ref (index);
  job->text = g_strdup (text);
  job->has_tag = tag != NULL;
  job->tag = tag != NULL ? *tag : 0;
  job->from = from;
  job->kept = kept;
  self->permille = g_atomic_rc_box_new0 (gint);
  job->permille = g_atomic_rc_box_acquire (self->permille);
  self->cancellable = g_cancellable_new ();
  task = g_task_new (self, self->cancellable, search_done_cb, NULL);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, search_thread);
}

/**
 * es_event_search_run:
 * @text: (nullable): what the rows' text must contain
 * @tag: (nullable): the one kind of event wanted
 *
 * Cancels the search running, if any, and starts this one; ::finished says
 * when its matches are there.
 */
void
es_event_search_run (EsEventSearch *self,
                     EsEventIndex  *index,
                     const char    *text,
                     const guint16 *tag)
{
  g_return_if_fail (ES_IS_EVENT_SEARCH (self));
  g_return_if_fail (index != NULL);

  run (self, index, text, tag, 0, NULL);
}

/**
 * es_event_search_run_grown:
 * @index: a followed log's index, grown from the one searched last
 * @same_rows: how many rows, from the first, the two have the same
 *
 * As es_event_search_run(), but if the last search finished was this one,
 * its matches among the first @same_rows stay and only the rows after
 * them are searched: a followed log's list keeps its search as it grows,
 * at the cost of what came.
 */
void
es_event_search_run_grown (EsEventSearch *self,
                           EsEventIndex  *index,
                           const char    *text,
                           const guint16 *tag,
                           guint          same_rows)
{
  GArray *kept;
  guint n_kept;

  g_return_if_fail (ES_IS_EVENT_SEARCH (self));
  g_return_if_fail (index != NULL);

  if (self->cancellable != NULL || self->matches == NULL || g_strcmp0 (self->matched_text, text) != 0 ||
      self->matched_has_tag != (tag != NULL) || (tag != NULL && self->matched_tag != *tag))
    {
      run (self, index, text, tag, 0, NULL);
      return;
    }
  n_kept = es_event_matches_lower_bound (self->matches, same_rows);
  kept = g_array_sized_new (FALSE, FALSE, sizeof (guint32), n_kept);
  g_array_append_vals (kept, self->matches->data, n_kept);
  run (self, index, text, tag, same_rows, kept);
}

/* No search: cancels the one running and forgets the matches. */
void
es_event_search_clear (EsEventSearch *self)
{
  g_return_if_fail (ES_IS_EVENT_SEARCH (self));

  stop (self);
  g_clear_pointer (&self->matches, g_array_unref);
  g_clear_pointer (&self->matched_text, g_free);
}

gboolean
es_event_search_is_running (EsEventSearch *self)
{
  g_return_val_if_fail (ES_IS_EVENT_SEARCH (self), FALSE);

  return self->cancellable != NULL;
}

double
es_event_search_get_fraction (EsEventSearch *self)
{
  g_return_val_if_fail (ES_IS_EVENT_SEARCH (self), 0);

  return self->permille != NULL ? g_atomic_int_get (self->permille) / 1000.0 : 0;
}

/**
 * es_event_search_get_matches:
 *
 * Returns: (transfer none) (nullable): the rows the last finished search
 *   found, or %NULL
 */
GArray *
es_event_search_get_matches (EsEventSearch *self)
{
  g_return_val_if_fail (ES_IS_EVENT_SEARCH (self), NULL);

  return self->matches;
}

EsEventSearch *
es_event_search_new (void)
{
  return g_object_new (ES_TYPE_EVENT_SEARCH, NULL);
}

static void
es_event_search_finalize (GObject *object)
{
  EsEventSearch *self = ES_EVENT_SEARCH (object);

  es_event_search_clear (self);
  G_OBJECT_CLASS (es_event_search_parent_class)->finalize (object);
}

static void
es_event_search_class_init (EsEventSearchClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = es_event_search_finalize;

  /**
   * EsEventSearch::finished:
   *
   * The last search started has its matches.
   */
  signals[FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
es_event_search_init (EsEventSearch *self)
{
}
