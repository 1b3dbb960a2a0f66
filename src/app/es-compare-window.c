/* es-compare-window.c: two runs on one time axis
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "es-align.h"
#include "es-bookmarks.h"
#include "es-compare-heap.h"
#include "es-compare-stats.h"
#include "es-application.h"
#include "es-compare-window.h"
#include "es-document-loader.h"
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
 * two views always show the same moments of both. */

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
  gboolean          syncing_rows;   /* one timeline's rows follow the other's */
  gboolean          listing_names;  /* the Align at list is being remade */
  gint64            offset;         /* run B's time minus the shared axis's */
  gint64            drag_offset;    /* at the start of a Shift+drag */
  EsBookmarks      *bookmarks[2];

  GtkWidget        *stack;
  GtkWidget        *progress[2];
  GtkWidget        *error_label;
  GtkWidget        *run_labels[2];
  GtkWidget        *timelines[2];
  GtkWidget        *heap;
  GtkWidget        *stats;
  GtkWidget        *align_choice;
  GtkWidget        *align_box;      /* its label, the choice and the offset: shown together */
  GtkStringList    *align_names;    /* "Start", then the names both runs have */
  GtkWidget        *offset_label;
  GtkWidget        *traces_button;
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

static guint64
run_end (EsCompareWindow *self,
         guint            run)
{
  return es_document_get_end_time (self->documents[run]);
}

/* The selection of each run is its own: B's is A's moved by the offset,
 * so the statistics compare the same aligned interval in both, as
 * eventscope-cli compare --align-marker does. */
static void
show_stats (EsCompareWindow *self)
{
  guint64 a0 = 0, a1 = 0, b0 = 0, b1 = 0;

  if (es_session_get_selection (self->sessions[0], &a0, &a1) &&
      es_session_get_selection (self->sessions[1], &b0, &b1))
    es_compare_stats_show (ES_COMPARE_STATS (self->stats), self->documents[0], a0, a1,
                           self->documents[1], b0, b1, FALSE);
  else
    es_compare_stats_show (ES_COMPARE_STATS (self->stats), self->documents[0], 0, run_end (self, 0),
                           self->documents[1], 0, run_end (self, 1), TRUE);
}

/* From run @from's clock to the other's. */
static gint64
shift_from (EsCompareWindow *self,
            guint            from)
{
  return from == 0 ? self->offset : -self->offset;
}

/* The other run's view shows the same span, moved by the offset (within
 * its extent, by set_extents(); the clamp is for safety). */
static void
follow_visible (EsCompareWindow *self,
                guint            from)
{
  gint64 shift = shift_from (self, from);
  guint64 t0, t1;

  es_session_get_visible (self->sessions[from], &t0, &t1);
  t1 -= t0;
  t0 = shift < 0 && t0 < (guint64) -shift ? 0 : (guint64) ((gint64) t0 + shift);
  es_session_set_visible (self->sessions[1 - from], t0, t0 + t1);
}

static void
follow_selection (EsCompareWindow *self,
                  guint            from)
{
  EsSession *other = self->sessions[1 - from];
  gint64 shift = shift_from (self, from);
  guint64 end = run_end (self, 1 - from);
  guint64 t0, t1, cursor;

  if (es_session_get_selection (self->sessions[from], &t0, &t1))
    es_session_select (other, es_align_shift (t0, shift, end), es_align_shift (t1, shift, end));
  else
    es_session_clear_selection (other);
  if (es_session_get_cursor (self->sessions[from], &cursor))
    es_session_set_cursor (other, es_align_shift (cursor, shift, end));
}

static void
visible_changed_cb (EsSession       *session,
                    EsCompareWindow *self)
{
  if (self->syncing)
    return;
  self->syncing = TRUE;
  follow_visible (self, session == self->sessions[0] ? 0 : 1);
  self->syncing = FALSE;
}

static void
selection_changed_cb (EsSession       *session,
                      EsCompareWindow *self)
{
  if (self->syncing)
    return;
  self->syncing = TRUE;
  follow_selection (self, session == self->sessions[0] ? 0 : 1);
  self->syncing = FALSE;
  show_stats (self);
}

/* How far each run's views may go: from where both runs can be shown
 * aligned (the run that reaches the aligned moment later has nothing
 * beside its first moments), as far as the other run reaches on the
 * shared axis. The two spans are then as long, and every view of one
 * maps exactly onto a view of the other. */
static void
set_extents (EsCompareWindow *self)
{
  gint64 shared = MAX ((gint64) run_end (self, 0), (gint64) run_end (self, 1) - self->offset);

  es_session_set_extent_start (self->sessions[0], (guint64) MAX (-self->offset, 0));
  es_session_set_extent_start (self->sessions[1], (guint64) MAX (self->offset, 0));
  es_session_set_extent (self->sessions[0], (guint64) MAX (shared, 0));
  es_session_set_extent (self->sessions[1], (guint64) MAX (shared + self->offset, 0));
}

static void
show_offset (EsCompareWindow *self)
{
  g_autofree char *amount = NULL;
  g_autofree char *text = NULL;

  if (self->offset == 0)
    {
      gtk_label_set_text (GTK_LABEL (self->offset_label), "");
      return;
    }
  amount = es_timeline_format_time ((guint64) ABS (self->offset), 1000);
  /* TRANSLATORS: run B's clock against run A's, e.g. "B: A + 1.25 s" */
  text = g_strdup_printf (self->offset > 0 ? _("B: A + %s") : _("B: A − %s"), amount);
  gtk_label_set_text (GTK_LABEL (self->offset_label), text);
}

static void
set_offset (EsCompareWindow *self,
            gint64           offset)
{
  guint64 t0, t1;

  self->offset = offset;
  set_extents (self);
  self->syncing = TRUE;
  /* A's view may now reach past the axis's new end: brought back in
   * first, or B's would slide at its end and not line up. */
  es_session_get_visible (self->sessions[0], &t0, &t1);
  es_session_set_visible (self->sessions[0], t0, t1);
  follow_visible (self, 0);
  follow_selection (self, 0);
  self->syncing = FALSE;
  show_offset (self);
  show_stats (self);
}

/**
 * es_compare_window_set_offset:
 * @offset: run B's time minus run A's at the same place on the axis
 *
 * Shifts run B against run A: B's views, selection and cursor follow A's
 * moved by @offset, and the statistics compare the moved intervals. A
 * drag of B's label starts from there.
 */
void
es_compare_window_set_offset (EsCompareWindow *self,
                              gint64           offset)
{
  g_return_if_fail (ES_IS_COMPARE_WINDOW (self));
  g_return_if_fail (self->sessions[0] != NULL);

  set_offset (self, offset);
  self->drag_offset = offset;
}

gint64
es_compare_window_get_offset (EsCompareWindow *self)
{
  g_return_val_if_fail (ES_IS_COMPARE_WINDOW (self), 0);

  return self->offset;
}

static GArray *
bookmarks_of (EsCompareWindow *self,
              guint            run)
{
  return self->bookmarks[run] != NULL ? es_bookmarks_get_array (self->bookmarks[run]) : NULL;
}

/* Aligns the runs at the moment @name means in each (es_align_find), or
 * at their starts for NULL. */
static gboolean
align_at (EsCompareWindow *self,
          const char      *name)
{
  guint64 a = 0, b = 0;

  if (name != NULL &&
      (!es_align_find (self->documents[0], bookmarks_of (self, 0), name, &a) ||
       !es_align_find (self->documents[1], bookmarks_of (self, 1), name, &b)))
    return FALSE;
  es_compare_window_set_offset (self, (gint64) b - (gint64) a);
  return TRUE;
}

static void
align_choice_cb (EsCompareWindow *self)
{
  guint position = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->align_choice));

  if (self->listing_names || position == GTK_INVALID_LIST_POSITION || self->sessions[0] == NULL)
    return;
  align_at (self, position == 0 ? NULL : gtk_string_list_get_string (self->align_names, position));
}

/* Chooses @name (a marker or bookmark both runs have, or NULL for the
 * starts) under "Align at"; FALSE if there is no such choice. */
gboolean
es_compare_window_align_at (EsCompareWindow *self,
                            const char      *name)
{
  guint n;

  g_return_val_if_fail (ES_IS_COMPARE_WINDOW (self), FALSE);
  g_return_val_if_fail (self->sessions[0] != NULL, FALSE);

  n = g_list_model_get_n_items (G_LIST_MODEL (self->align_names));
  for (guint i = 0; i < n; i++)
    if (i == 0 ? name == NULL : g_strcmp0 (gtk_string_list_get_string (self->align_names, i), name) == 0)
      {
        /* Chosen again after a drag, it aligns again. */
        if (gtk_drop_down_get_selected (GTK_DROP_DOWN (self->align_choice)) == i)
          return align_at (self, name);
        gtk_drop_down_set_selected (GTK_DROP_DOWN (self->align_choice), i);
        return TRUE;
      }
  return FALSE;
}

/* The names both runs have, once their markers (and later their
 * bookmarks) are known; what was chosen stays chosen. */
static void
list_align_names (EsCompareWindow *self)
{
  g_auto(GStrv) names = es_align_common_names (self->documents[0], bookmarks_of (self, 0),
                                               self->documents[1], bookmarks_of (self, 1));
  guint chosen = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->align_choice));
  g_autofree char *chosen_name = NULL;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->align_names));

  if (chosen != GTK_INVALID_LIST_POSITION && chosen > 0)
    chosen_name = g_strdup (gtk_string_list_get_string (self->align_names, chosen));
  self->listing_names = TRUE;
  gtk_string_list_splice (self->align_names, 1, n - 1, (const char * const *) names);
  chosen = 0;
  for (guint i = 0; chosen_name != NULL && names[i] != NULL; i++)
    if (g_str_equal (names[i], chosen_name))
      chosen = i + 1;
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->align_choice), chosen);
  self->listing_names = FALSE;
  gtk_widget_set_sensitive (self->align_choice, names[0] != NULL);
}

typedef struct
{
  EsCompareWindow *window;
  guint            run;
} BookmarksLoad;

static void
bookmarks_loaded_cb (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  BookmarksLoad *load = user_data;
  g_autoptr(EsCompareWindow) self = load->window;
  guint run = load->run;
  g_autoptr(EsBookmarks) bookmarks = es_bookmarks_load_finish (result, NULL);

  g_free (load);
  /* Without them, the markers are still there to align at. */
  if (bookmarks == NULL || self->sessions[0] == NULL)
    return;
  g_set_object (&self->bookmarks[run], bookmarks);
  list_align_names (self);
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
  guint64 end = MAX (run_end (self, 0), run_end (self, 1));
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
  es_compare_heap_set_sessions (ES_COMPARE_HEAP (self->heap), self->sessions[0], self->sessions[1]);
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "compare");
  gtk_widget_set_visible (self->align_box, TRUE);
  gtk_widget_set_visible (self->traces_button, TRUE);
  list_align_names (self);
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *path = g_file_get_path (self->files[i]);
      BookmarksLoad *load;

      if (path == NULL)
        continue;
      load = g_new (BookmarksLoad, 1);
      load->window = g_object_ref (self);
      load->run = i;
      es_bookmarks_load_async (self->documents[i], path, self->cancellable, bookmarks_loaded_cb, load);
    }
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

/* Shift+drag (or Ctrl+drag) on run B's label slides run B along the axis,
 * a pixel for a pixel of the timelines. */
static void
shift_drag_begin_cb (GtkGestureDrag  *gesture,
                     double           x,
                     double           y,
                     EsCompareWindow *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));

  if (self->sessions[0] == NULL || !(state & (GDK_SHIFT_MASK | GDK_CONTROL_MASK)))
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  self->drag_offset = self->offset;
}

/* What a Shift+drag of @dx pixels (right: later) does: run B moves right,
 * from where the drag began (or the offset last set), by as much time as
 * @dx pixels of the timelines show. */
void
es_compare_window_drag_run_b (EsCompareWindow *self,
                              double           dx)
{
  guint64 t0, t1;
  int width;

  g_return_if_fail (ES_IS_COMPARE_WINDOW (self));
  g_return_if_fail (self->sessions[0] != NULL);

  es_session_get_visible (self->sessions[0], &t0, &t1);
  width = MAX (1, gtk_widget_get_width (self->timelines[1]) - ES_TIMELINE_GUTTER);
  /* B drawn further right means B's moments sit at later shared times. */
  set_offset (self, self->drag_offset - (gint64) llround (dx * (double) (t1 - t0) / width));
}

static void
shift_drag_update_cb (GtkGestureDrag  *gesture,
                      double           dx,
                      double           dy,
                      EsCompareWindow *self)
{
  if (gtk_gesture_get_sequence_state (GTK_GESTURE (gesture), gtk_gesture_get_last_updated_sequence (GTK_GESTURE (gesture)))
      != GTK_EVENT_SEQUENCE_CLAIMED)
    return;
  es_compare_window_drag_run_b (self, dx);
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
  g_signal_connect (drag, "drag-begin", G_CALLBACK (shift_drag_begin_cb), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (shift_drag_update_cb), self);
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
  g_signal_connect_swapped (self->align_choice, "notify::selected", G_CALLBACK (align_choice_cb), self);
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
