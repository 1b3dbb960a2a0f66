/* es-document-loader.c: loading a document off the main thread
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-document-loader.h"
#include "es-heap-profile.h"
#include "es-lod.h"
#include "es-lod-frame.h"
#include "es-pause-index-private.h"
#include "es-profile.h"
#include "es-span-lanes.h"

/* The worker reports progress often; the main thread hears about it at most
 * once per main-loop iteration: the fraction is stored under a lock and one
 * low-priority idle notifies "fraction" (as Sysprof's loader does). Nothing
 * is notified from the worker thread. */

struct _EsDocumentLoader
{
  GObject       parent_instance;

  GMutex        mutex;
  double        fraction;          /* under @mutex */
  guint         notify_source;     /* under @mutex */
  GMainContext *context;           /* where the loader was made */
};

enum {
  PROP_0,
  PROP_FRACTION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (EsDocumentLoader, es_document_loader, G_TYPE_OBJECT)

static void
es_document_loader_finalize (GObject *object)
{
  EsDocumentLoader *self = (EsDocumentLoader *) object;

  g_mutex_clear (&self->mutex);
  g_main_context_unref (self->context);
  G_OBJECT_CLASS (es_document_loader_parent_class)->finalize (object);
}

static void
es_document_loader_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  EsDocumentLoader *self = ES_DOCUMENT_LOADER (object);

  switch (prop_id)
    {
    case PROP_FRACTION:
      g_value_set_double (value, es_document_loader_get_fraction (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
es_document_loader_class_init (EsDocumentLoaderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = es_document_loader_finalize;
  object_class->get_property = es_document_loader_get_property;

  /**
   * EsDocumentLoader:fraction:
   *
   * How much of the file the current load has read, 0 to 1.
   */
  properties[PROP_FRACTION] =
    g_param_spec_double ("fraction", NULL, NULL, 0, 1, 0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
es_document_loader_init (EsDocumentLoader *self)
{
  g_mutex_init (&self->mutex);
  self->context = g_main_context_ref_thread_default ();
}

EsDocumentLoader *
es_document_loader_new (void)
{
  return g_object_new (ES_TYPE_DOCUMENT_LOADER, NULL);
}

double
es_document_loader_get_fraction (EsDocumentLoader *self)
{
  double fraction;

  g_return_val_if_fail (ES_IS_DOCUMENT_LOADER (self), 0);

  g_mutex_lock (&self->mutex);
  fraction = self->fraction;
  g_mutex_unlock (&self->mutex);
  return fraction;
}

static gboolean
notify_fraction_in_idle (gpointer data)
{
  EsDocumentLoader *self = data;

  g_mutex_lock (&self->mutex);
  self->notify_source = 0;
  g_mutex_unlock (&self->mutex);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
  return G_SOURCE_REMOVE;
}

static void
set_fraction (EsDocumentLoader *self,
              double            fraction)
{
  g_mutex_lock (&self->mutex);
  self->fraction = fraction;
  if (self->notify_source == 0)
    {
      GSource *source = g_idle_source_new ();

      g_source_set_priority (source, G_PRIORITY_LOW);
      g_source_set_callback (source, notify_fraction_in_idle, g_object_ref (self), g_object_unref);
      g_source_set_static_name (source, "[eventscope] loader progress");
      self->notify_source = g_source_attach (source, self->context);
      g_source_unref (source);
    }
  g_mutex_unlock (&self->mutex);
}

static void
report_progress (guint64  done,
                 guint64  total,
                 gpointer data)
{
  set_fraction (data, total > 0 ? (double) done / (double) total : 1);
}

static void
load_in_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  EsDocumentLoader *self = source_object;
  GFile *file = task_data;
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(GError) error = NULL;
  EsDocument *document;

  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                               "%s is not a local file", uri);
      return;
    }

  document = es_document_load_file (path, report_progress, self, cancellable, &error);
  if (document == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  es_document_loader_prepare (document);
  g_task_return_pointer (task, document, g_object_unref);
}

/**
 * es_document_loader_prepare:
 *
 * Makes, on the calling thread, what a window would otherwise make on its
 * main thread the first time it shows @document: the heap profile's bands
 * the busy caps' grid and the spans' lanes for the first frame, the index of pauses for the
 * first selection's percentiles, the time profile's blocks and whole run
 * (es_profile_prepare()). Whatever hands documents to a window calls it
 * first: the loader, and the live follower (es_document_loader_prepare_update()
 * for each update).
 */
void
es_document_loader_prepare (EsDocument *document)
{
  g_return_if_fail (ES_IS_DOCUMENT (document));

  es_document_loader_prepare_to_show (document);
  es_pause_index_get (document);
  es_profile_prepare (document, NULL);
}

/**
 * es_document_loader_prepare_update:
 * @previous: (nullable): the update shown before
 *
 * es_document_loader_prepare_to_show() and the time profile's preparation
 * (es_profile_prepare()) of a followed log's update: what @previous made
 * and still holds is grown rather than made again, so that an update
 * costs what came since. The columns of its first frame are made too,
 * where @previous was painted following the log's end
 * (es_lod_frame_prepare_after()).
 */
void
es_document_loader_prepare_update (EsDocument *document,
                                   EsDocument *previous)
{
  g_return_if_fail (ES_IS_DOCUMENT (document));

  es_document_loader_prepare_to_show (document);
  es_profile_prepare (document, previous);
  es_lod_frame_prepare_after (document, previous);
}

/**
 * es_document_loader_prepare_to_show:
 *
 * Makes only what the first frame of @document needs (see
 * es_document_loader_prepare()): a live log's updates, each shown a few
 * hundred milliseconds, leave the index of pauses to the statistics'
 * worker threads, which do without it.
 */
void
es_document_loader_prepare_to_show (EsDocument *document)
{
  g_return_if_fail (ES_IS_DOCUMENT (document));

  es_heap_profile_get (document);
  es_lod_prepare (document);
  es_span_lanes_get (document);
}

/**
 * es_document_loader_load_async:
 *
 * Reads and builds @file on a worker thread; "fraction" follows the bytes
 * read. Cancelling @cancellable stops the workers at their next slice.
 */
void
es_document_loader_load_async (EsDocumentLoader    *self,
                               GFile               *file,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (ES_IS_DOCUMENT_LOADER (self));
  g_return_if_fail (G_IS_FILE (file));

  set_fraction (self, 0);
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, es_document_loader_load_async);
  g_task_set_task_data (task, g_object_ref (file), g_object_unref);
  g_task_run_in_thread (task, load_in_thread);
}

/**
 * es_document_loader_load_finish:
 *
 * Returns: (transfer full): the document, or %NULL with @error set
 *   (es_document_is_log_error() for a malformed log, naming the byte offset).
 */
EsDocument *
es_document_loader_load_finish (EsDocumentLoader  *self,
                                GAsyncResult      *result,
                                GError           **error)
{
  g_return_val_if_fail (ES_IS_DOCUMENT_LOADER (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
