/* es-compare-window-align.c: the compared runs kept on one time axis:
 * the offset between them, each run's view, selection and cursor
 * following the other's, "Align at", and Shift+drag of run B
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "es-align.h"
#include "es-compare-stats.h"
#include "es-compare-window-private.h"
#include "es-timeline.h"

/* The selection of each run is its own: B's is A's moved by the offset,
 * so the statistics compare the same aligned interval in both, as
 * eventscope-cli compare --align-marker does. */
void
_es_compare_window_show_stats (EsCompareWindow *self)
{
  guint64 a0 = 0, a1 = 0, b0 = 0, b1 = 0;

  if (es_session_get_selection (self->sessions[0], &a0, &a1) &&
      es_session_get_selection (self->sessions[1], &b0, &b1))
    es_compare_stats_show (ES_COMPARE_STATS (self->stats), self->documents[0], a0, a1,
                           self->documents[1], b0, b1, FALSE);
  else
    es_compare_stats_show (ES_COMPARE_STATS (self->stats),
                           self->documents[0], 0, _es_compare_window_run_end (self, 0),
                           self->documents[1], 0, _es_compare_window_run_end (self, 1), TRUE);
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
  guint64 end = _es_compare_window_run_end (self, 1 - from);
  guint64 t0, t1, cursor;

  if (es_session_get_selection (self->sessions[from], &t0, &t1))
    es_session_select (other, es_align_shift (t0, shift, end), es_align_shift (t1, shift, end));
  else
    es_session_clear_selection (other);
  if (es_session_get_cursor (self->sessions[from], &cursor))
    es_session_set_cursor (other, es_align_shift (cursor, shift, end));
}

void
_es_compare_window_visible_changed_cb (EsSession       *session,
                                      EsCompareWindow *self)
{
  if (self->syncing)
    return;
  self->syncing = TRUE;
  follow_visible (self, session == self->sessions[0] ? 0 : 1);
  self->syncing = FALSE;
}

void
_es_compare_window_selection_changed_cb (EsSession       *session,
                                        EsCompareWindow *self)
{
  if (self->syncing)
    return;
  self->syncing = TRUE;
  follow_selection (self, session == self->sessions[0] ? 0 : 1);
  self->syncing = FALSE;
  _es_compare_window_show_stats (self);
}

/* How far each run's views may go: from where both runs can be shown
 * aligned (the run that reaches the aligned moment later has nothing
 * beside its first moments), as far as the other run reaches on the
 * shared axis. The two spans are then as long, and every view of one
 * maps exactly onto a view of the other. */
static void
set_extents (EsCompareWindow *self)
{
  gint64 shared = MAX ((gint64) _es_compare_window_run_end (self, 0), (gint64) _es_compare_window_run_end (self, 1) - self->offset);

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
  _es_compare_window_show_stats (self);
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

void
_es_compare_window_align_choice_cb (EsCompareWindow *self)
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
void
_es_compare_window_list_align_names (EsCompareWindow *self)
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
  _es_compare_window_list_align_names (self);
}

/* Reads each run's bookmarks, to align at too once they are read. */
void
_es_compare_window_load_bookmarks (EsCompareWindow *self)
{
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
}

/* Shift+drag (or Ctrl+drag) on run B's label slides run B along the axis,
 * a pixel for a pixel of the timelines. */
void
_es_compare_window_shift_drag_begin_cb (GtkGestureDrag  *gesture,
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

void
_es_compare_window_shift_drag_update_cb (GtkGestureDrag  *gesture,
                                         double           dx,
                                         double           dy,
                                         EsCompareWindow *self)
{
  if (gtk_gesture_get_sequence_state (GTK_GESTURE (gesture), gtk_gesture_get_last_updated_sequence (GTK_GESTURE (gesture)))
      != GTK_EVENT_SEQUENCE_CLAIMED)
    return;
  es_compare_window_drag_run_b (self, dx);
}
