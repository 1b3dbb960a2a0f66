/* es-compare-window.c: two runs on one time axis
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "es-compare-stats.h"
#include "es-compare-window.h"
#include "es-document-loader.h"
#include "es-timeline.h"

/* Run A's timeline above run B's, each with its own session, kept on one
 * time axis: zooming, panning, selecting or moving the cursor in either
 * does the same in the other, and both may show as far as the longer run
 * goes. The runs are aligned at their starts. Below, the statistics of
 * both for the selection (the whole runs without one), side by side. */

struct _EsCompareWindow
{
  GtkApplicationWindow parent_instance;

  GFile            *files[2];
  EsDocumentLoader *loaders[2];
  EsDocument       *documents[2];
  EsSession        *sessions[2];
  GCancellable     *cancellable;
  guint             n_loaded;
  gboolean          syncing;        /* one session follows the other */

  GtkWidget        *stack;
  GtkWidget        *progress[2];
  GtkWidget        *error_label;
  GtkWidget        *run_labels[2];
  GtkWidget        *timelines[2];
  GtkWidget        *stats;
};

G_DEFINE_FINAL_TYPE (EsCompareWindow, es_compare_window, GTK_TYPE_APPLICATION_WINDOW)

static void
show_error (EsCompareWindow *self,
            const char      *message)
{
  gtk_label_set_text (GTK_LABEL (self->error_label), message);
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "error");
}

/* The file, program and RTS options of a run, and when it ran. */
static char *
describe_run (EsCompareWindow *self,
              guint            run)
{
  const EsProcessInfo *process = es_document_get_process (self->documents[run]);
  g_autofree char *name = g_file_get_basename (self->files[run]);
  g_autoptr(GString) text = g_string_new (NULL);

  g_string_append_printf (text, "%s  %s", run == 0 ? "A" : "B", name);
  /* The command line as the RTS saw it: the program and its options. */
  if (process != NULL && process->args != NULL)
    {
      g_string_append (text, "  ·  ");
      for (guint i = 0; process->args[i] != NULL; i++)
        g_string_append_printf (text, i > 0 ? " %s" : "%s", process->args[i]);
    }
  if (process != NULL && process->wall_clock_sec > 0)
    {
      g_autoptr(GDateTime) when = g_date_time_new_from_unix_local ((gint64) process->wall_clock_sec);
      g_autofree char *date = g_date_time_format (when, "%Y-%m-%d %H:%M:%S");

      g_string_append_printf (text, "  ·  %s", date);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
show_stats (EsCompareWindow *self)
{
  guint64 t0 = 0, t1 = 0;
  gboolean selected = es_session_get_selection (self->sessions[0], &t0, &t1);
  guint64 a_end = es_document_get_end_time (self->documents[0]);
  guint64 b_end = es_document_get_end_time (self->documents[1]);

  if (selected)
    es_compare_stats_show (ES_COMPARE_STATS (self->stats), self->documents[0], t0, t1,
                           self->documents[1], MIN (t0, b_end), MIN (t1, b_end), FALSE);
  else
    es_compare_stats_show (ES_COMPARE_STATS (self->stats), self->documents[0], 0, a_end,
                           self->documents[1], 0, b_end, TRUE);
}

static void
visible_changed_cb (EsSession       *session,
                    EsCompareWindow *self)
{
  guint from = session == self->sessions[0] ? 0 : 1;
  guint64 t0, t1;

  if (self->syncing)
    return;
  self->syncing = TRUE;
  es_session_get_visible (session, &t0, &t1);
  es_session_set_visible (self->sessions[1 - from], t0, t1);
  self->syncing = FALSE;
}

static void
selection_changed_cb (EsSession       *session,
                      EsCompareWindow *self)
{
  guint from = session == self->sessions[0] ? 0 : 1;
  EsSession *other = self->sessions[1 - from];
  guint64 t0, t1, cursor;

  if (self->syncing)
    return;
  self->syncing = TRUE;
  if (es_session_get_selection (session, &t0, &t1))
    es_session_select (other, t0, t1);
  else
    es_session_clear_selection (other);
  if (es_session_get_cursor (session, &cursor))
    es_session_set_cursor (other, cursor);
  self->syncing = FALSE;
  show_stats (self);
}

static void
show_comparison (EsCompareWindow *self)
{
  guint64 end = MAX (es_document_get_end_time (self->documents[0]), es_document_get_end_time (self->documents[1]));
  g_autofree char *title = NULL;

  if (es_document_get_format (self->documents[0]) != es_document_get_format (self->documents[1]))
    {
      show_error (self, _("One of these logs is a GHC eventlog and the other a Mono log: "
                          "compare GHC runs with GHC runs and Mono runs with Mono runs."));
      return;
    }
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *label = describe_run (self, i);

      self->sessions[i] = es_session_new (self->documents[i]);
      es_session_set_extent (self->sessions[i], end);
      es_session_set_visible (self->sessions[i], 0, end);
      gtk_label_set_text (GTK_LABEL (self->run_labels[i]), label);
      es_timeline_set_session (ES_TIMELINE (self->timelines[i]), self->sessions[i]);
      g_signal_connect_object (self->sessions[i], "visible-changed", G_CALLBACK (visible_changed_cb), self, 0);
      g_signal_connect_object (self->sessions[i], "selection-changed", G_CALLBACK (selection_changed_cb), self, 0);
    }
  {
    g_autofree char *a = g_file_get_basename (self->files[0]);
    g_autofree char *b = g_file_get_basename (self->files[1]);

    title = g_strdup_printf (_("%s and %s"), a, b);
    gtk_window_set_title (GTK_WINDOW (self), title);
  }
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "compare");
  show_stats (self);
}

static void
load_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(EsCompareWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  guint run = ES_DOCUMENT_LOADER (object) == self->loaders[0] ? 0 : 1;
  EsDocument *document = es_document_loader_load_finish (ES_DOCUMENT_LOADER (object), result, &error);

  if (document == NULL)
    {
      g_autofree char *name = NULL;
      g_autofree char *message = NULL;

      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      /* One run that cannot be read ends the comparison: stop the other. */
      g_cancellable_cancel (self->cancellable);
      name = g_file_get_basename (self->files[run]);
      message = g_strdup_printf (_("%s cannot be compared: %s"), name, error->message);
      show_error (self, message);
      return;
    }
  self->documents[run] = document;
  if (++self->n_loaded == 2)
    show_comparison (self);
}

static void
fraction_cb (EsDocumentLoader *loader,
             GParamSpec       *pspec,
             EsCompareWindow  *self)
{
  guint run = loader == self->loaders[0] ? 0 : 1;

  gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->progress[run]), es_document_loader_get_fraction (loader));
}

static void
cancel_clicked_cb (EsCompareWindow *self)
{
  gtk_window_close (GTK_WINDOW (self));
}

static GtkWidget *
build_loading_page (EsCompareWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_("_Cancel"));

  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  gtk_widget_set_halign (box, GTK_ALIGN_CENTER);
  gtk_widget_set_size_request (box, 360, -1);
  for (guint i = 0; i < 2; i++)
    {
      self->progress[i] = gtk_progress_bar_new ();
      gtk_progress_bar_set_show_text (GTK_PROGRESS_BAR (self->progress[i]), TRUE);
      gtk_box_append (GTK_BOX (box), self->progress[i]);
    }
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (cancel_clicked_cb), self);
  gtk_widget_set_halign (cancel, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), cancel);
  return box;
}

static GtkWidget *
build_compare_page (EsCompareWindow *self)
{
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_VERTICAL);
  GtkWidget *runs = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  for (guint i = 0; i < 2; i++)
    {
      self->run_labels[i] = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (self->run_labels[i]), 0);
      gtk_label_set_ellipsize (GTK_LABEL (self->run_labels[i]), PANGO_ELLIPSIZE_END);
      gtk_widget_add_css_class (self->run_labels[i], "heading");
      gtk_widget_set_margin_start (self->run_labels[i], 6);
      gtk_widget_set_margin_top (self->run_labels[i], 4);
      gtk_widget_set_margin_bottom (self->run_labels[i], 4);
      self->timelines[i] = es_timeline_new ();
      gtk_widget_set_vexpand (self->timelines[i], TRUE);
      gtk_box_append (GTK_BOX (runs), self->run_labels[i]);
      gtk_box_append (GTK_BOX (runs), self->timelines[i]);
    }
  self->stats = es_compare_stats_new ();
  gtk_paned_set_start_child (GTK_PANED (paned), runs);
  gtk_paned_set_end_child (GTK_PANED (paned), self->stats);
  gtk_paned_set_resize_end_child (GTK_PANED (paned), FALSE);
  gtk_widget_set_size_request (self->stats, -1, 320);
  return paned;
}

static void
es_compare_window_dispose (GObject *object)
{
  EsCompareWindow *self = ES_COMPARE_WINDOW (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  for (guint i = 0; i < 2; i++)
    {
      g_clear_object (&self->files[i]);
      g_clear_object (&self->loaders[i]);
      g_clear_object (&self->documents[i]);
      g_clear_object (&self->sessions[i]);
    }
  G_OBJECT_CLASS (es_compare_window_parent_class)->dispose (object);
}

static void
es_compare_window_class_init (EsCompareWindowClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = es_compare_window_dispose;
}

static void
es_compare_window_init (EsCompareWindow *self)
{
  self->stack = gtk_stack_new ();
  gtk_stack_add_named (GTK_STACK (self->stack), build_loading_page (self), "loading");
  self->error_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->error_label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (self->error_label), 60);
  gtk_stack_add_named (GTK_STACK (self->stack), self->error_label, "error");
  gtk_stack_add_named (GTK_STACK (self->stack), build_compare_page (self), "compare");
  gtk_window_set_child (GTK_WINDOW (self), self->stack);
  gtk_window_set_titlebar (GTK_WINDOW (self), gtk_header_bar_new ());
  gtk_window_set_default_size (GTK_WINDOW (self), 1280, 900);
  self->cancellable = g_cancellable_new ();
}

/**
 * es_compare_window_new:
 *
 * A window comparing run @a with run @b; both are read on worker threads.
 */
EsCompareWindow *
es_compare_window_new (GtkApplication *application,
                       GFile          *a,
                       GFile          *b)
{
  EsCompareWindow *self;

  g_return_val_if_fail (G_IS_FILE (a) && G_IS_FILE (b), NULL);

  self = g_object_new (ES_TYPE_COMPARE_WINDOW, "application", application, NULL);
  self->files[0] = g_object_ref (a);
  self->files[1] = g_object_ref (b);
  gtk_window_set_title (GTK_WINDOW (self), _("Comparing two runs"));
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *name = g_file_get_basename (self->files[i]);

      gtk_progress_bar_set_text (GTK_PROGRESS_BAR (self->progress[i]), name);
      self->loaders[i] = es_document_loader_new ();
      g_signal_connect_object (self->loaders[i], "notify::fraction", G_CALLBACK (fraction_cb), self, 0);
      es_document_loader_load_async (self->loaders[i], self->files[i], self->cancellable,
                                     load_cb, g_object_ref (self));
    }
  return self;
}

/**
 * es_compare_window_get_session:
 * @run: 0 for A, 1 for B
 *
 * Returns: (transfer none) (nullable): that run's session, once both are
 *   read
 */
EsSession *
es_compare_window_get_session (EsCompareWindow *self,
                               guint            run)
{
  g_return_val_if_fail (ES_IS_COMPARE_WINDOW (self), NULL);
  g_return_val_if_fail (run < 2, NULL);

  return self->sessions[run];
}

/* The side-by-side statistics (an EsCompareStats). */
GtkWidget *
es_compare_window_get_stats (EsCompareWindow *self)
{
  g_return_val_if_fail (ES_IS_COMPARE_WINDOW (self), NULL);

  return self->stats;
}

/* "loading", "error" or "compare". */
const char *
es_compare_window_get_page (EsCompareWindow *self)
{
  g_return_val_if_fail (ES_IS_COMPARE_WINDOW (self), NULL);

  return gtk_stack_get_visible_child_name (GTK_STACK (self->stack));
}

const char *
es_compare_window_get_error (EsCompareWindow *self)
{
  g_return_val_if_fail (ES_IS_COMPARE_WINDOW (self), NULL);

  return gtk_label_get_text (GTK_LABEL (self->error_label));
}
