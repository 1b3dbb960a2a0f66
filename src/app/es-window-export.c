/* es-window-export.c: saving what the timeline shows as a picture
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "es-timeline-export.h"
#include "es-window-export.h"

/* The selection if there is one, else the visible span, as wide as on
 * screen, with the rows shown, drawn and written on a worker thread by the
 * painter the window uses. */

#define MIN_DATA_WIDTH 200
#define DEFAULT_WIDTH  1600

typedef struct
{
  EsTimelineView view;         /* holds references on view.document and view.bookmarks */
  guint32        kinds;
  GArray        *counters;      /* guint: the counter rows shown */
  char          *path;
} ExportJob;

static void
export_job_free (gpointer data)
{
  ExportJob *job = data;

  g_object_unref (job->view.document);
  g_clear_pointer (&job->view.bookmarks, g_array_unref);
  g_clear_pointer (&job->counters, g_array_unref);
  g_free (job->path);
  g_free (job);
}

static void
export_in_thread (GTask        *task,
                  gpointer      source_object,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  ExportJob *job = task_data;
  GError *error = NULL;

  if (es_timeline_export (&job->view, job->kinds, job->counters, job->path, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/**
 * es_window_export_to_file:
 * @file: a local file ending in .png, .svg or .pdf
 *
 * Draws the selection of @timeline's session (the visible span without
 * one) into @file, off the main thread.
 */
void
es_window_export_to_file (EsTimeline          *timeline,
                          GFile               *file,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  EsTimelineRows *rows = es_timeline_get_rows (timeline);
  EsSession *session = es_timeline_get_session (timeline);
  g_autoptr(GTask) task = g_task_new (timeline, cancellable, callback, user_data);
  ExportJob *job;

  g_return_if_fail (session != NULL);

  job = g_new0 (ExportJob, 1);
  es_timeline_rows_get_view (rows, &job->view);
  /* The rows' cache of thread states belongs to this thread: the worker
   * paints with a cache of its own. */
  job->view.thread_states = NULL;
  g_object_ref (job->view.document);
  if (job->view.bookmarks != NULL)
    g_array_ref (job->view.bookmarks);
  if (!es_session_get_selection (session, &job->view.t0, &job->view.t1) || job->view.t1 <= job->view.t0)
    es_session_get_visible (session, &job->view.t0, &job->view.t1);
  /* A window not drawn yet, or squeezed: a picture of useful width. */
  if (job->view.width < MIN_DATA_WIDTH)
    job->view.width = DEFAULT_WIDTH - ES_TIMELINE_GUTTER;
  job->kinds = es_timeline_rows_get_visible_kinds (rows);
  job->counters = es_timeline_choose_counters (job->view.document, es_timeline_rows_get_counters (rows));
  job->path = g_file_get_path (file);
  g_task_set_task_data (task, job, export_job_free);
  if (job->path == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                               _("Pictures can only be saved to local files"));
      return;
    }
  g_task_run_in_thread (task, export_in_thread);
}

gboolean
es_window_export_finish (GAsyncResult  *result,
                         GError       **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
exported_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(GtkWindow) parent = user_data;
  g_autoptr(GError) error = NULL;
  GtkWidget *dialog;

  if (es_window_export_finish (result, &error))
    return;
  dialog = gtk_message_dialog_new (parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE, _("Could Not Save the Picture"));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", error->message);
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
chosen_cb (GtkNativeDialog *chooser,
           int              response,
           EsTimeline      *timeline)
{
  g_autoptr(GFile) file = NULL;
  GtkWindow *parent = gtk_native_dialog_get_transient_for (chooser);

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  if (file != NULL && es_timeline_get_session (timeline) != NULL)
    es_window_export_to_file (timeline, file, NULL, exported_cb, g_object_ref (parent));
  g_object_unref (timeline);
  g_object_unref (chooser);
}

/**
 * es_window_export_ask:
 * @log: the log shown, for the suggested name
 *
 * Asks where to save the picture (its ending choosing PNG, SVG or PDF),
 * then saves it.
 */
void
es_window_export_ask (GtkWindow  *parent,
                      EsTimeline *timeline,
                      GFile      *log)
{
  static const struct { const char *name; const char *pattern; } formats[] = {
    { N_("PNG image"), "*.png" }, { N_("SVG drawing"), "*.svg" }, { N_("PDF document"), "*.pdf" },
  };
  g_autofree char *basename = log != NULL ? g_file_get_basename (log) : g_strdup ("timeline.eventlog");
  g_autofree char *name = NULL;
  GtkFileChooserNative *chooser;
  char *dot;

  dot = strrchr (basename, '.');
  if (dot != NULL)
    *dot = '\0';
  name = g_strconcat (basename, ".png", NULL);
  chooser = gtk_file_chooser_native_new (_("Save Timeline as Picture"), parent, GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Save"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

      gtk_file_filter_set_name (filter, _(formats[i].name));
      gtk_file_filter_add_pattern (filter, formats[i].pattern);
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
    }
  g_signal_connect (chooser, "response", G_CALLBACK (chosen_cb), g_object_ref (timeline));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}
