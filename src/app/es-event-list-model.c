/* es-event-list-model.c: the rows of the event list, made on demand
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-event-item.h"
#include "es-event-list-model.h"

/* A GListModel of every event of an index (or of the rows a filter kept)
 * that never holds more than a screenful of objects: an item is decoded
 * when the view asks for its position, and a small cache spares decoding
 * the same rows again while they stay on screen. */

#define CACHE_SIZE 128

struct _EsEventListModel
{
  GObject       parent_instance;

  EsEventIndex *index;
  GArray       *filter;               /* guint32 rows, ascending; or NULL */
  gint         *load_permille;        /* g_atomic_rc_box, shared with the loading thread */
  EsEventItem  *cache[CACHE_SIZE];    /* by row % CACHE_SIZE */
};

static void es_event_list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (EsEventListModel, es_event_list_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, es_event_list_model_iface_init))

static GType
es_event_list_model_get_item_type (GListModel *model)
{
  return ES_TYPE_EVENT_ITEM;
}

static guint
es_event_list_model_get_n_items (GListModel *model)
{
  EsEventListModel *self = ES_EVENT_LIST_MODEL (model);

  if (self->index == NULL)
    return 0;
  return self->filter != NULL ? self->filter->len : es_event_index_get_n_rows (self->index);
}

static gpointer
es_event_list_model_get_item (GListModel *model,
                              guint       position)
{
  EsEventListModel *self = ES_EVENT_LIST_MODEL (model);
  EsEventItem **slot;
  guint row;

  if (position >= es_event_list_model_get_n_items (model))
    return NULL;
  row = es_event_list_model_get_row (self, position);
  slot = &self->cache[row % CACHE_SIZE];
  if (*slot == NULL || es_event_item_get_row (*slot) != row)
    {
      g_clear_object (slot);
      *slot = es_event_item_new (self->index, row);
    }
  return g_object_ref (*slot);
}

static void
es_event_list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = es_event_list_model_get_item_type;
  iface->get_n_items = es_event_list_model_get_n_items;
  iface->get_item = es_event_list_model_get_item;
}

static void
clear_cache (EsEventListModel *self)
{
  for (guint i = 0; i < CACHE_SIZE; i++)
    g_clear_object (&self->cache[i]);
}

static void
es_event_list_model_finalize (GObject *object)
{
  EsEventListModel *self = ES_EVENT_LIST_MODEL (object);

  clear_cache (self);
  g_clear_pointer (&self->filter, g_array_unref);
  g_clear_pointer (&self->index, es_event_index_unref);
  g_clear_pointer (&self->load_permille, g_atomic_rc_box_release);
  G_OBJECT_CLASS (es_event_list_model_parent_class)->finalize (object);
}

static void
es_event_list_model_class_init (EsEventListModelClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = es_event_list_model_finalize;
}

static void
es_event_list_model_init (EsEventListModel *self)
{
}

EsEventListModel *
es_event_list_model_new (void)
{
  return g_object_new (ES_TYPE_EVENT_LIST_MODEL, NULL);
}

/* Replaces every row with those of @index (or none), unfiltered. */
void
es_event_list_model_set_index (EsEventListModel *self,
                               EsEventIndex     *index)
{
  guint removed;

  g_return_if_fail (ES_IS_EVENT_LIST_MODEL (self));

  removed = es_event_list_model_get_n_items (G_LIST_MODEL (self));
  clear_cache (self);
  g_clear_pointer (&self->filter, g_array_unref);
  g_clear_pointer (&self->index, es_event_index_unref);
  if (index != NULL)
    self->index = es_event_index_ref (index);
  g_list_model_items_changed (G_LIST_MODEL (self), 0, removed,
                              es_event_list_model_get_n_items (G_LIST_MODEL (self)));
}

/**
 * es_event_list_model_grow_index:
 * @index: an index of the same log as the one shown, grown since
 *
 * Shows @index's rows, unfiltered, in place of the rows shown: those the
 * two have the same from the first stay where they are (a followed log's
 * list keeps its place and its selection), and only the rest change.
 *
 * Returns: how many rows, from the first, the two indexes have the same
 */
guint
es_event_list_model_grow_index (EsEventListModel *self,
                                EsEventIndex     *index)
{
  guint same, removed;

  g_return_val_if_fail (ES_IS_EVENT_LIST_MODEL (self), 0);
  g_return_val_if_fail (index != NULL, 0);

  if (self->index == NULL)
    {
      es_event_list_model_set_index (self, index);
      return 0;
    }
  same = es_event_index_count_same_rows (self->index, index);
  if (self->filter != NULL)
    {
      es_event_list_model_set_index (self, index);
      return same;
    }
  removed = es_event_index_get_n_rows (self->index) - same;
  /* The items cached for the rows kept stay good: they hold the index
   * they were made from, and those rows read the same bytes. */
  for (guint i = 0; i < CACHE_SIZE; i++)
    if (self->cache[i] != NULL && es_event_item_get_row (self->cache[i]) >= same)
      g_clear_object (&self->cache[i]);
  g_clear_pointer (&self->index, es_event_index_unref);
  self->index = es_event_index_ref (index);
  g_list_model_items_changed (G_LIST_MODEL (self), same, removed, es_event_index_get_n_rows (index) - same);
  return same;
}

/**
 * es_event_list_model_get_index:
 *
 * Returns: (transfer none) (nullable): the index shown
 */
EsEventIndex *
es_event_list_model_get_index (EsEventListModel *self)
{
  g_return_val_if_fail (ES_IS_EVENT_LIST_MODEL (self), NULL);

  return self->index;
}

/**
 * es_event_list_model_set_filter:
 * @rows: (nullable): the rows to show (guint32, ascending), or %NULL for all
 */
void
es_event_list_model_set_filter (EsEventListModel *self,
                                GArray           *rows)
{
  guint removed;

  g_return_if_fail (ES_IS_EVENT_LIST_MODEL (self));

  if (rows == self->filter)
    return;
  removed = es_event_list_model_get_n_items (G_LIST_MODEL (self));
  g_clear_pointer (&self->filter, g_array_unref);
  if (rows != NULL)
    self->filter = g_array_ref (rows);
  g_list_model_items_changed (G_LIST_MODEL (self), 0, removed,
                              es_event_list_model_get_n_items (G_LIST_MODEL (self)));
}

gboolean
es_event_list_model_is_filtered (EsEventListModel *self)
{
  g_return_val_if_fail (ES_IS_EVENT_LIST_MODEL (self), FALSE);

  return self->filter != NULL;
}

/* The index row shown at @position. */
guint
es_event_list_model_get_row (EsEventListModel *self,
                             guint             position)
{
  g_return_val_if_fail (ES_IS_EVENT_LIST_MODEL (self), 0);

  return self->filter != NULL ? g_array_index (self->filter, guint32, position) : position;
}

/* The position of the first row shown that is @row or after it (the
 * number of items if none). */
guint
es_event_list_model_find_row (EsEventListModel *self,
                              guint             row)
{
  g_return_val_if_fail (ES_IS_EVENT_LIST_MODEL (self), 0);

  if (self->filter != NULL)
    return es_event_matches_lower_bound (self->filter, row);
  return MIN (row, es_event_list_model_get_n_items (G_LIST_MODEL (self)));
}

typedef struct
{
  char         *path;
  EsEventIndex *shown;      /* (nullable): the index shown, of the same log, to grow */
  gint         *permille;
} LoadJob;

static void
load_job_free (LoadJob *job)
{
  g_free (job->path);
  g_clear_pointer (&job->shown, es_event_index_unref);
  g_atomic_rc_box_release (job->permille);
  g_free (job);
}

static void
load_progress_cb (double   fraction,
                  gpointer user_data)
{
  g_atomic_int_set ((gint *) user_data, (gint) (fraction * 1000));
}

static void
load_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  LoadJob *job = task_data;
  GError *error = NULL;
  EsEventIndex *index = job->shown != NULL
                        ? es_event_index_grow (job->shown, job->path, load_progress_cb, job->permille, cancellable, &error)
                        : es_event_index_build (job->path, load_progress_cb, job->permille, cancellable, &error);

  if (index == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, index, (GDestroyNotify) es_event_index_unref);
}

/**
 * es_event_list_model_load_async:
 * @path: the log to index (read on a worker thread)
 *
 * Indexes every event of @path; es_event_list_model_load_finish() gives
 * the index, es_event_list_model_show() then shows its rows. With an
 * index shown, @path is its log grown since (a followed log's record):
 * the index is grown from it (es_event_index_grow()).
 */
void
es_event_list_model_load_async (EsEventListModel    *self,
                                const char          *path,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  LoadJob *job = g_new0 (LoadJob, 1);

  g_return_if_fail (ES_IS_EVENT_LIST_MODEL (self));
  g_return_if_fail (path != NULL);

  job->path = g_strdup (path);
  job->shown = self->index != NULL ? es_event_index_ref (self->index) : NULL;
  g_clear_pointer (&self->load_permille, g_atomic_rc_box_release);
  self->load_permille = g_atomic_rc_box_new0 (gint);
  job->permille = g_atomic_rc_box_acquire (self->load_permille);
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, es_event_list_model_load_async);
  g_task_set_task_data (task, job, (GDestroyNotify) load_job_free);
  g_task_run_in_thread (task, load_thread);
}

/* The index built, for es_event_list_model_show(); %NULL if none, with
 * @error saying why. */
EsEventIndex *
es_event_list_model_load_finish (EsEventListModel  *self,
                                 GAsyncResult      *result,
                                 GError           **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* Shows the rows of @index. An index shown already is of the same log,
 * grown since (a followed log's): the rows both have stay where they are
 * (es_event_list_model_grow_index()), and the return says how many they
 * are; G_MAXUINT if none was shown. */
guint
es_event_list_model_show (EsEventListModel *self,
                          EsEventIndex     *index)
{
  g_return_val_if_fail (ES_IS_EVENT_LIST_MODEL (self), G_MAXUINT);
  g_return_val_if_fail (index != NULL, G_MAXUINT);

  if (self->index != NULL)
    return es_event_list_model_grow_index (self, index);
  es_event_list_model_set_index (self, index);
  return G_MAXUINT;
}

/* How far the load running (or last run) has come, 0 to 1. */
double
es_event_list_model_get_load_fraction (EsEventListModel *self)
{
  g_return_val_if_fail (ES_IS_EVENT_LIST_MODEL (self), 0);

  return self->load_permille != NULL ? g_atomic_int_get (self->load_permille) / 1000.0 : 0;
}
