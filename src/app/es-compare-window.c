/* es-compare-window.c: two runs on one time axis
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "es-compare-heap.h"
#include "es-compare-stats.h"
#include "es-application.h"
#include "es-compare-window-private.h"
#include "es-sidebar.h"
#include "es-timeline.h"

/* Run A's timeline above run B's, each with its own session, kept on one
 * time axis: zooming, panning, selecting or moving the cursor in either
 * does the same in the other, and both may show as far as the longer run
 * goes. Below them, both runs' heaps on one graph; below that, the
 * statistics of both for the selection (the whole runs without one), side
 * by side.
 *
 * The runs are aligned at their starts, or at a marker or bookmark both
 * have (the header's "Align at"), or wherever the user drags run B's label
 * with Shift held: run B's time is then run A's plus an offset. Run A's
 * clock is the shared axis. The sessions hold unsigned times, and a view
 * cannot begin before its run: so the views of the run that reaches the
 * aligned moment later begin that much into it (set_extents()), and the
 * two views always show the same moments of both. That is all in
 * es-compare-window-align.c. */

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


/* The Traces boxes act on A's rows, and B's follow (and A's follow B's,
 * whose threads' section may be opened on B's timeline), but for the
 * ruler: one ruler, above both. */
static void
rows_changed_cb (EsTimelineRows  *rows,
                 GParamSpec      *pspec,
                 EsCompareWindow *self)
{
  EsTimelineRows *a = es_timeline_get_rows (ES_TIMELINE (self->timelines[0]));
  EsTimelineRows *b = es_timeline_get_rows (ES_TIMELINE (self->timelines[1]));

  if (self->syncing_rows)
    return;
  self->syncing_rows = TRUE;
  /* Each timeline keeps its own ruler or none (es_timeline_rows_set_has_ruler()). */
  if (rows == a)
    {
      es_timeline_rows_set_visible_kinds (b, es_timeline_rows_get_visible_kinds (a));
      es_timeline_rows_set_pinned_kinds (b, es_timeline_rows_get_pinned_kinds (a));
      es_timeline_rows_set_counters (b, es_timeline_rows_get_counters (a));
    }
  else
    {
      es_timeline_rows_set_visible_kinds (a, es_timeline_rows_get_visible_kinds (b));
      es_timeline_rows_set_pinned_kinds (a, es_timeline_rows_get_pinned_kinds (b));
      es_timeline_rows_set_counters (a, es_timeline_rows_get_counters (b));
    }
  self->syncing_rows = FALSE;
}

static void
show_comparison (EsCompareWindow *self)
{
  guint64 end = MAX (_es_compare_window_run_end (self, 0), _es_compare_window_run_end (self, 1));
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
      g_signal_connect_object (self->sessions[i], "visible-changed", G_CALLBACK (_es_compare_window_visible_changed_cb), self, 0);
      g_signal_connect_object (self->sessions[i], "selection-changed", G_CALLBACK (_es_compare_window_selection_changed_cb), self, 0);
    }
  {
    g_autofree char *a = g_file_get_basename (self->files[0]);
    g_autofree char *b = g_file_get_basename (self->files[1]);

    title = g_strdup_printf (_("%s and %s"), a, b);
    gtk_window_set_title (GTK_WINDOW (self), title);
  }
  es_compare_heap_set_sessions (ES_COMPARE_HEAP (self->heap), self->sessions[0], self->sessions[1]);
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "compare");
  gtk_widget_set_visible (self->align_box, TRUE);
  gtk_widget_set_visible (self->traces_button, TRUE);
  _es_compare_window_list_align_names (self);
  _es_compare_window_load_bookmarks (self);
  _es_compare_window_show_stats (self);
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
  static const char *const synced[] = { "notify::visible-kinds", "notify::pinned-kinds", "notify::counters" };
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_VERTICAL);
  GtkWidget *runs = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkGesture *drag;

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
      /* The runtime counters by name: each run draws those it has. */
      for (guint k = 0; k < G_N_ELEMENTS (synced); k++)
        g_signal_connect_object (es_timeline_get_rows (ES_TIMELINE (self->timelines[i])), synced[k],
                                 G_CALLBACK (rows_changed_cb), self, 0);
    }
  es_timeline_rows_set_has_ruler (es_timeline_get_rows (ES_TIMELINE (self->timelines[1])), FALSE);
  /* "Heap (A and B)" shows both heaps on one scale: each run's own row
   * would say it again, in room the two timelines lack. Traces shows it. */
  {
    EsTimelineRows *rows = es_timeline_get_rows (ES_TIMELINE (self->timelines[0]));

    es_timeline_rows_set_visible_kinds (rows, es_timeline_rows_get_visible_kinds (rows) & ~(1u << ES_ROW_HEAP));
  }

  gtk_widget_set_tooltip_text (self->run_labels[1], _("Shift+drag to slide run B along the time axis"));
  drag = gtk_gesture_drag_new ();
  g_signal_connect (drag, "drag-begin", G_CALLBACK (_es_compare_window_shift_drag_begin_cb), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (_es_compare_window_shift_drag_update_cb), self);
  gtk_widget_add_controller (self->run_labels[1], GTK_EVENT_CONTROLLER (drag));

  self->heap = es_compare_heap_new ();
  gtk_box_append (GTK_BOX (runs), self->heap);

  self->stats = es_compare_stats_new ();
  gtk_paned_set_start_child (GTK_PANED (paned), runs);
  gtk_paned_set_end_child (GTK_PANED (paned), self->stats);
  gtk_paned_set_resize_end_child (GTK_PANED (paned), FALSE);
  gtk_widget_set_size_request (self->stats, -1, 320);
  return paned;
}

/* Align at [Start ▾] and the offset, then the Traces. */
static GtkWidget *
build_header (EsCompareWindow *self)
{
  GtkWidget *header = gtk_header_bar_new ();
  GtkWidget *align = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new_with_mnemonic (_("_Align at"));
  GtkWidget *popover = gtk_popover_new ();
  const char *start[] = { _("Start"), NULL };

  self->align_names = gtk_string_list_new (start);
  self->align_choice = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (self->align_names)), NULL);
  gtk_widget_set_tooltip_text (self->align_choice,
                               _("Line the runs up at their starts, or at a marker or bookmark both have"));
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), self->align_choice);
  g_signal_connect_swapped (self->align_choice, "notify::selected", G_CALLBACK (_es_compare_window_align_choice_cb), self);
  self->offset_label = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->offset_label, "dim-label");
  gtk_widget_add_css_class (self->offset_label, "numeric");
  gtk_box_append (GTK_BOX (align), label);
  gtk_box_append (GTK_BOX (align), self->align_choice);
  gtk_box_append (GTK_BOX (align), self->offset_label);
  gtk_header_bar_pack_start (GTK_HEADER_BAR (header), align);
  /* Until both runs are shown: a label without its control is no use. */
  self->align_box = align;
  gtk_widget_set_visible (align, FALSE);

  gtk_popover_set_child (GTK_POPOVER (popover), es_sidebar_new_traces (es_timeline_get_rows (ES_TIMELINE (self->timelines[0]))));
  self->traces_button = gtk_menu_button_new ();
  gtk_menu_button_set_label (GTK_MENU_BUTTON (self->traces_button), _("Traces"));
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (self->traces_button), popover);
  gtk_widget_set_tooltip_text (self->traces_button, _("Show or hide rows in both runs"));
  gtk_widget_set_visible (self->traces_button, FALSE);
  gtk_header_bar_pack_end (GTK_HEADER_BAR (header), self->traces_button);
  return header;
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
      g_clear_object (&self->bookmarks[i]);
    }
  g_clear_object (&self->align_names);
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
  gtk_window_set_titlebar (GTK_WINDOW (self), build_header (self));
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
  if (ES_IS_APPLICATION (application))
    es_compare_stats_set_settings (ES_COMPARE_STATS (self->stats),
                                   es_application_get_settings (ES_APPLICATION (application)));
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

/* The "Align at" choice (a GtkDropDown of strings). */
GtkWidget *
es_compare_window_get_align_choice (EsCompareWindow *self)
{
  g_return_val_if_fail (ES_IS_COMPARE_WINDOW (self), NULL);

  return self->align_choice;
}

GtkWidget *
es_compare_window_get_timeline (EsCompareWindow *self,
                                guint            run)
{
  g_return_val_if_fail (ES_IS_COMPARE_WINDOW (self), NULL);
  g_return_val_if_fail (run < 2, NULL);

  return self->timelines[run];
}

/* The traces' check buttons, in the header's Traces popover. */
GtkWidget *
es_compare_window_get_traces (EsCompareWindow *self)
{
  g_return_val_if_fail (ES_IS_COMPARE_WINDOW (self), NULL);

  return gtk_popover_get_child (GTK_POPOVER (gtk_menu_button_get_popover (GTK_MENU_BUTTON (self->traces_button))));
}
