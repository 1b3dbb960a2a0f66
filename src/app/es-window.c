/* es-window.c
 *
 * Copyright 2026 The Eventscope authors
 *
 * This program is free software: you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation, either version 3 of the License, or
 * (at your option) any later version.
 *
 * This program is distributed in the hope that it will be useful,
 * but WITHOUT ANY WARRANTY; without even the implied warranty of
 * MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
 * GNU General Public License for more details.
 *
 * You should have received a copy of the GNU General Public License
 * along with this program.  If not, see <https://www.gnu.org/licenses/>.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "es-compare-window.h"
#include "es-cut-notice.h"
#include "es-give-back.h"
#include "es-log-filters.h"
#include "es-recent-logs.h"
#include "es-window-drop.h"
#include "es-window-export.h"
#include "es-window-private.h"

G_DEFINE_FINAL_TYPE (EsWindow, es_window, GTK_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_SHOW_SIDEBAR,
  PROP_FOLLOWING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

void
_es_window_notify_following (EsWindow *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOLLOWING]);
}

static void es_window_fill_recent (EsWindow *self);

/* Not in constructed(): GObject sets "application", a plain property, only
 * after that, so the settings are not reachable there yet. @settings is
 * %NULL when the schema is not installed (an uninstalled build). */
static void
es_window_restore_settings (EsWindow  *self,
                            GSettings *settings)
{
  if (settings == NULL)
    return;
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (settings, "window-width"),
                               g_settings_get_int (settings, "window-height"));
  if (g_settings_get_boolean (settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  g_settings_bind (settings, "sidebar-width", self->outer_paned, "position", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "sidebar-visible", self, "show-sidebar", G_SETTINGS_BIND_DEFAULT);
  es_pane_fit_bind_settings (self->timeline_fit, settings, "timeline-height");
  es_sidebar_bind_settings (self->sidebar, settings);
}

/**
 * es_window_new:
 * @application: the #EsApplication
 *
 * Returns: (transfer none): a new, empty window owned by @application
 */
EsWindow *
es_window_new (EsApplication *application)
{
  EsWindow *self;

  g_return_val_if_fail (ES_IS_APPLICATION (application), NULL);

  self = g_object_new (ES_TYPE_WINDOW,
                       "application", application,
                       NULL);
  es_window_restore_settings (self, es_application_get_settings (application));
  es_window_fill_recent (self);
  return self;
}

/**
 * es_window_get_file:
 * @self: a #EsWindow
 *
 * Returns: (transfer none) (nullable): the file shown, or %NULL if the
 *   window is empty
 */
GFile *
es_window_get_file (EsWindow *self)
{
  g_return_val_if_fail (ES_IS_WINDOW (self), NULL);

  return self->file;
}

GSettings *
_es_window_get_settings (EsWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  if (!ES_IS_APPLICATION (app))
    return NULL;

  return es_application_get_settings (ES_APPLICATION (app));
}

void
_es_window_set_titles (EsWindow   *self,
                      const char *title,
                      const char *subtitle)
{
  gtk_window_set_title (GTK_WINDOW (self), title);
  gtk_label_set_text (self->title_label, title);
  gtk_label_set_text (self->subtitle_label, subtitle != NULL ? subtitle : "");
  gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label),
                          subtitle != NULL && subtitle[0] != '\0');
}

/* The recent eventlogs that still exist, on the empty page. */
static void
es_window_fill_recent (EsWindow *self)
{
  guint shown = es_recent_logs_fill (self->recent_list, _es_window_get_settings (self));

  gtk_widget_set_visible (self->recent_heading, shown > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->recent_list), shown > 0);
}

static void
es_window_recent_activated_cb (EsWindow      *self,
                               GtkListBoxRow *row)
{
  GFile *file = g_object_get_data (G_OBJECT (row), "file");

  if (file != NULL)
    es_window_open_file (self, file);
}

static void
es_window_show_empty (EsWindow *self)
{
  g_clear_object (&self->file);
  _es_window_set_titles (self, _("Eventscope"), NULL);
  gtk_widget_set_visible (self->zoom_box, FALSE);
  es_window_fill_recent (self);
  gtk_stack_set_visible_child_name (self->stack, "empty");
}

/* The error in the window itself: what went wrong and where in the file. */
void
_es_window_show_error (EsWindow     *self,
                      const char   *name,
                      const GError *error)
{
  g_autofree char *title = NULL;

  title = es_document_is_log_error (error)
          ? g_strdup_printf (_("“%s” Is Not a Readable Log"), name)
          : g_strdup_printf (_("Could Not Open “%s”"), name);
  gtk_label_set_text (self->error_title, title);
  gtk_label_set_text (self->error_message, error->message);
  gtk_widget_set_visible (self->zoom_box, FALSE);
  gtk_stack_set_visible_child_name (self->stack, "error");
  /* The message stays selectable, to copy, but is not selected: focus goes
   * to what a person does next. */
  gtk_widget_grab_focus (self->error_open_button);
  gtk_label_select_region (self->error_message, 0, 0);
}

static void
es_window_progress_cb (EsWindow *self)
{
  gtk_progress_bar_set_fraction (self->progress_bar, es_document_loader_get_fraction (self->loader));
}

void
_es_window_show_document (EsWindow   *self,
                         EsDocument *document)
{
  g_autofree char *cut_notice = es_cut_notice_describe (document);
  g_autofree char *live_notice = self->live != NULL ? es_live_controller_dup_notice (self->live) : NULL;
  EsSession *previous = self->session;

  /* A followed log's newer document goes on from where the view was. */
  self->session = self->live != NULL && previous != NULL ? es_session_new_continuing (document, previous)
                                                         : es_session_new (document);
  g_clear_object (&previous);
  es_session_set_ongoing (self->session, self->live != NULL &&
                                         es_live_follower_is_live (es_live_controller_get_follower (self->live)));
  es_timeline_set_session (self->timeline, self->session);
  es_pane_fit_refit (self->timeline_fit);
  es_stats_panel_set_session (self->stats_panel, self->session);
  es_pause_panel_set_session (self->pause_panel, self->session);
  es_profile_panel_set_session (self->profile_panel, self->session);
  es_heap_shot_panel_set_session (self->heap_shot_panel, self->session);
  gtk_widget_set_visible (GTK_WIDGET (self->heap_shot_panel), es_heap_shot_panel_has_shots (self->heap_shot_panel));
  es_mono_panel_set_session (self->mono_panel, self->session);
  gtk_widget_set_visible (GTK_WIDGET (self->mono_panel), es_document_get_format (document) == ES_DOCUMENT_MONO_LOG);
  es_sidebar_set_session (self->sidebar, self->session, self->file);
  es_event_list_set_session (self->event_list, self->session, self->file);

  /* A damaged log opens as one cut where the damage shows, with its own
   * words: the reader's message names the place in the packed file. */
  if (live_notice != NULL)
    gtk_label_set_text (self->notice_label, live_notice);
  else if (self->live != NULL)
    ;  /* A followed log's end is only where its program has got to. */
  else if (cut_notice != NULL)
    gtk_label_set_text (self->notice_label, cut_notice);
  gtk_revealer_set_reveal_child (self->notice_revealer,
                                 live_notice != NULL || (self->live == NULL && cut_notice != NULL));
  if (self->live != NULL)
    es_live_controller_set_session (self->live, self->session);
  gtk_widget_set_visible (self->zoom_box, TRUE);
  /* No crossfade into a log: fading a window-sized page into another costs
   * two window-sized surfaces per frame, whose tens of megabytes stay in the
   * heap long after the fade, while a big document already fills it. */
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "timeline") != 0)
    {
      gtk_stack_set_visible_child_full (self->stack, "timeline", GTK_STACK_TRANSITION_TYPE_NONE);
      gtk_widget_grab_focus (GTK_WIDGET (self->timeline));
    }
}

static void
es_window_load_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(EsWindow) self = user_data;
  g_autoptr(EsDocument) document = NULL;
  g_autoptr(GError) error = NULL;

  document = es_document_loader_load_finish (ES_DOCUMENT_LOADER (object), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->cancellable);
  if (document == NULL)
    {
      g_autofree char *name = g_file_get_basename (self->file);

      _es_window_show_error (self, name, error);
      return;
    }

  es_recent_logs_remember (_es_window_get_settings (self), self->file);
  _es_window_show_document (self, document);
  if (_es_window_log_is_being_written (self->file, document))
    {
      g_autofree char *path = g_file_get_path (self->file);

      _es_window_follow_full (self, path, NULL, TRUE);
    }
}

/**
 * es_window_open_file:
 * @self: a #EsWindow
 * @file: the eventlog to show
 *
 * Shows @file in @self. The log is read and built on worker threads while
 * the window shows a progress bar; this returns at once.
 */
void
es_window_open_file (EsWindow *self,
                     GFile    *file)
{
  g_autofree char *name = NULL;
  g_autofree char *folder = NULL;

  g_return_if_fail (ES_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  if (_es_window_follow_if_stream (self, file))
    return;

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();

  _es_window_stop_live (self);
  g_set_object (&self->file, file);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.compare-with", TRUE);
  name = g_file_get_basename (file);
  folder = es_recent_logs_dup_folder_label (file);
  _es_window_set_titles (self, name, folder);
  gtk_label_set_text (self->loading_label, name);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), TRUE);
  gtk_widget_set_visible (self->zoom_box, FALSE);
  gtk_stack_set_visible_child_name (self->stack, "loading");

  es_document_loader_load_async (self->loader, file, self->cancellable,
                                 es_window_load_cb, g_object_ref (self));
}


/**
 * es_window_get_session:
 *
 * Returns: (transfer none) (nullable): the session of the log shown
 */
EsSession *
es_window_get_session (EsWindow *self)
{
  g_return_val_if_fail (ES_IS_WINDOW (self), NULL);

  return self->session;
}

EsTimeline *
es_window_get_timeline (EsWindow *self)
{
  return self->timeline;
}

EsStatsPanel *
es_window_get_stats_panel (EsWindow *self)
{
  return self->stats_panel;
}

EsPaneFit *
es_window_get_timeline_fit (EsWindow *self)
{
  return self->timeline_fit;
}

static void
es_window_cancel_load_action (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *parameter)
{
  EsWindow *self = ES_WINDOW (widget);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  _es_window_stop_live (self);
  es_window_show_empty (self);
}

/* Zoom, pan and selection keys act on the session, around the cursor (or
 * the middle of the view) as ThreadScope does. */
static guint64
es_window_zoom_anchor (EsWindow *self)
{
  guint64 t0, t1, cursor;

  es_session_get_visible (self->session, &t0, &t1);
  if (es_session_get_cursor (self->session, &cursor) && cursor >= t0 && cursor <= t1)
    return cursor;
  return t0 + (t1 - t0) / 2;
}

static void
es_window_view_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  EsWindow *self = ES_WINDOW (widget);
  guint64 t0, t1;

  if (self->session == NULL)
    return;
  es_session_get_visible (self->session, &t0, &t1);

  if (g_str_equal (action_name, "win.zoom-in"))
    es_session_zoom (self->session, 2, es_window_zoom_anchor (self));
  else if (g_str_equal (action_name, "win.zoom-out"))
    es_session_zoom (self->session, 0.5, es_window_zoom_anchor (self));
  else if (g_str_equal (action_name, "win.zoom-fit"))
    es_session_fit (self->session);
  else if (g_str_equal (action_name, "win.zoom-selection"))
    es_session_zoom_to_selection (self->session);
  else if (g_str_equal (action_name, "win.pan-left"))
    es_session_pan (self->session, -(gint64) ((t1 - t0) / 2));
  else if (g_str_equal (action_name, "win.pan-right"))
    es_session_pan (self->session, (gint64) ((t1 - t0) / 2));
  else if (g_str_equal (action_name, "win.go-start"))
    es_session_pan (self->session, -(gint64) t0);
  else if (g_str_equal (action_name, "win.go-end") && es_window_get_following (self) == FALSE &&
           self->live != NULL && es_live_follower_is_live (es_live_controller_get_follower (self->live)))
    es_live_controller_set_following (self->live, TRUE);
  else if (g_str_equal (action_name, "win.go-end"))
    es_session_pan (self->session, G_MAXINT64 / 2);
  else if (g_str_equal (action_name, "win.add-bookmark"))
    es_sidebar_add_bookmark (self->sidebar);
  else if (g_str_equal (action_name, "win.clear-selection"))
    {
      es_session_clear_selection (self->session);
      es_timeline_rows_set_selected_thread (es_timeline_get_rows (self->timeline), 0);
    }
  else if (g_str_equal (action_name, "win.next-long-pause") ||
           g_str_equal (action_name, "win.previous-long-pause"))
    {
      if (!es_session_show_long_pause (self->session, g_str_equal (action_name, "win.next-long-pause")))
        gtk_widget_error_bell (widget);
    }
}

static void
es_window_export_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  EsWindow *self = ES_WINDOW (widget);

  EsLiveFollower *follower = es_window_get_live_follower (self);
  g_autoptr(GFile) named = NULL;

  if (self->session == NULL)
    {
      gtk_widget_error_bell (widget);
      return;
    }
  /* A stream's record has no name of its own: the picture is named after
   * the source (prog.fifo.png, not 5.png after /proc/self/fd/5). */
  if (follower != NULL && es_live_follower_get_kept_path (follower) == NULL)
    named = g_file_new_for_path (es_live_follower_get_address (follower));
  es_window_export_ask (GTK_WINDOW (self), self->timeline, named != NULL ? named : self->file);
}

static void
es_window_save_state (EsWindow *self)
{
  GSettings *settings = _es_window_get_settings (self);
  gboolean maximized;
  int width;
  int height;

  if (settings == NULL)
    return;

  maximized = gtk_window_is_maximized (GTK_WINDOW (self));
  g_settings_set_boolean (settings, "window-maximized", maximized);

  /* The default size follows the unmaximized size in GTK 4. */
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  if (width > 0 && height > 0)
    {
      g_settings_set_int (settings, "window-width", width);
      g_settings_set_int (settings, "window-height", height);
    }
}

static gboolean
es_window_close_request (GtkWindow *window)
{
  es_window_save_state (ES_WINDOW (window));

  if (GTK_WINDOW_CLASS (es_window_parent_class)->close_request != NULL)
    return GTK_WINDOW_CLASS (es_window_parent_class)->close_request (window);

  return FALSE;
}

static void
es_window_dispose (GObject *object)
{
  EsWindow *self = ES_WINDOW (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);

  _es_window_stop_live (self);
  g_clear_object (&self->file);
  g_clear_object (&self->session);
  g_clear_object (&self->loader);
  g_clear_object (&self->timeline_fit);

  G_OBJECT_CLASS (es_window_parent_class)->dispose (object);
}

static void
es_window_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  EsWindow *self = ES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SHOW_SIDEBAR:
      /* Asked for by the action before the template has made the sidebar. */
      g_value_set_boolean (value, self->sidebar == NULL || gtk_widget_get_visible (GTK_WIDGET (self->sidebar)));
      break;

    case PROP_FOLLOWING:
      g_value_set_boolean (value, es_window_get_following (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
es_window_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  EsWindow *self = ES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SHOW_SIDEBAR:
      if (self->sidebar != NULL && gtk_widget_get_visible (GTK_WIDGET (self->sidebar)) != g_value_get_boolean (value))
        {
          gtk_widget_set_visible (GTK_WIDGET (self->sidebar), g_value_get_boolean (value));
          g_object_notify_by_pspec (object, pspec);
        }
      break;

    case PROP_FOLLOWING:
      if (self->live != NULL)
        es_live_controller_set_following (self->live, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* Keys as in ThreadScope: + and - zoom, 0 fits, Home/End jump, arrows
 * pan half a view, Z zooms to the selection, Escape drops it. */
static const struct
{
  const char     *name;
  guint           keys[3];
  GdkModifierType mods;
} view_actions[] = {
  { "win.zoom-in", { GDK_KEY_plus, GDK_KEY_equal, GDK_KEY_KP_Add }, 0 },
  { "win.zoom-out", { GDK_KEY_minus, GDK_KEY_KP_Subtract, 0 }, 0 },
  { "win.zoom-fit", { GDK_KEY_0, GDK_KEY_KP_0, 0 }, 0 },
  { "win.zoom-selection", { GDK_KEY_z, 0, 0 }, 0 },
  { "win.pan-left", { GDK_KEY_Left, 0, 0 }, 0 },
  { "win.pan-right", { GDK_KEY_Right, 0, 0 }, 0 },
  { "win.go-start", { GDK_KEY_Home, 0, 0 }, 0 },
  { "win.go-end", { GDK_KEY_End, 0, 0 }, 0 },
  { "win.clear-selection", { GDK_KEY_Escape, 0, 0 }, 0 },
  { "win.next-long-pause", { GDK_KEY_bracketright, 0, 0 }, 0 },
  { "win.previous-long-pause", { GDK_KEY_bracketleft, 0, 0 }, 0 },
  { "win.add-bookmark", { GDK_KEY_d, 0, 0 }, GDK_CONTROL_MASK },
};

static void
es_window_class_init (EsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = es_window_dispose;
  object_class->get_property = es_window_get_property;
  object_class->set_property = es_window_set_property;
  window_class->close_request = es_window_close_request;

  /**
   * EsWindow:show-sidebar:
   *
   * Whether the sidebar is beside the timeline: in a narrow window the
   * timeline may want all the width (F9, as in GNOME's apps).
   */
  properties[PROP_SHOW_SIDEBAR] =
    g_param_spec_boolean ("show-sidebar", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * EsWindow:following:
   *
   * While the log is followed, whether the view keeps the newest events in
   * sight (End, or the Follow button, turns it on again after a zoom).
   */
  properties[PROP_FOLLOWING] =
    g_param_spec_boolean ("following", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (ES_TYPE_TIMELINE);
  g_type_ensure (ES_TYPE_SIDEBAR);
  g_type_ensure (ES_TYPE_STATS_PANEL);
  g_type_ensure (ES_TYPE_EVENT_LIST);
  g_type_ensure (ES_TYPE_PAUSE_PANEL);
  g_type_ensure (ES_TYPE_PROFILE_PANEL);
  g_type_ensure (ES_TYPE_HEAP_SHOT_PANEL);
  g_type_ensure (ES_TYPE_MONO_PANEL);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/es-window.ui");
  gtk_widget_class_bind_template_child (widget_class, EsWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, EsWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, EsWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, EsWindow, loading_label);
  gtk_widget_class_bind_template_child (widget_class, EsWindow, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, EsWindow, error_title);
  gtk_widget_class_bind_template_child (widget_class, EsWindow, error_message);
  gtk_widget_class_bind_template_child (widget_class, EsWindow, error_open_button);
  gtk_widget_class_bind_template_child (widget_class, EsWindow, notice_revealer);
  gtk_widget_class_bind_template_child (widget_class, EsWindow, notice_label);
  gtk_widget_class_bind_template_child (widget_class, EsWindow, sidebar);
  gtk_widget_class_bind_template_child (widget_class, EsWindow, outer_paned);
  gtk_widget_class_bind_template_child (widget_class, EsWindow, inner_paned);
  gtk_widget_class_bind_template_child (widget_class, EsWindow, recent_heading);
  gtk_widget_class_bind_template_child (widget_class, EsWindow, recent_list);
  gtk_widget_class_bind_template_callback (widget_class, es_window_recent_activated_cb);
  gtk_widget_class_bind_template_child (widget_class, EsWindow, zoom_box);
  gtk_widget_class_bind_template_child (widget_class, EsWindow, follow_button);
  gtk_widget_class_bind_template_child (widget_class, EsWindow, timeline);
  gtk_widget_class_bind_template_child (widget_class, EsWindow, stats_panel);
  gtk_widget_class_bind_template_child (widget_class, EsWindow, pause_panel);
  gtk_widget_class_bind_template_child (widget_class, EsWindow, event_list);
  gtk_widget_class_bind_template_child (widget_class, EsWindow, profile_panel);
  gtk_widget_class_bind_template_child (widget_class, EsWindow, heap_shot_panel);
  gtk_widget_class_bind_template_child (widget_class, EsWindow, mono_panel);

  gtk_widget_class_install_action (widget_class, "win.open", NULL, _es_window_open_action);
  gtk_widget_class_install_action (widget_class, "win.compare-with", NULL, _es_window_compare_action);
  gtk_widget_class_install_action (widget_class, "win.export", NULL, es_window_export_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK, "win.export", NULL);
  gtk_widget_class_install_action (widget_class, "win.open-sample", NULL, _es_window_open_sample_action);
  gtk_widget_class_install_action (widget_class, "win.cancel-load", NULL, es_window_cancel_load_action);
  gtk_widget_class_install_property_action (widget_class, "win.show-sidebar", "show-sidebar");
  gtk_widget_class_install_property_action (widget_class, "win.follow", "following");
  gtk_widget_class_install_action (widget_class, "win.open-live", NULL, _es_window_live_action);
  gtk_widget_class_install_action (widget_class, "win.stop-following", NULL, _es_window_live_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, _es_window_live_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "win.save-as", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_l, GDK_CONTROL_MASK, "win.open-live", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F9, 0, "win.show-sidebar", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (view_actions); i++)
    gtk_widget_class_install_action (widget_class, view_actions[i].name, NULL, es_window_view_action);
  for (guint i = 0; i < G_N_ELEMENTS (view_actions); i++)
    for (guint k = 0; k < G_N_ELEMENTS (view_actions[i].keys) && view_actions[i].keys[k] != 0; k++)
      gtk_widget_class_add_binding_action (widget_class, view_actions[i].keys[k], view_actions[i].mods,
                                           view_actions[i].name, NULL);
}

static void
es_window_init (EsWindow *self)
{
  GtkDropTarget *drop;

  gtk_widget_init_template (GTK_WIDGET (self));
  /* Only a log shown can be compared with another. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.compare-with", FALSE);
  _es_window_update_live_actions (self);

  self->loader = es_document_loader_new ();
  g_signal_connect_object (self->loader, "notify::fraction",
                           G_CALLBACK (es_window_progress_cb), self, G_CONNECT_SWAPPED);
  es_sidebar_set_timeline (self->sidebar, self->timeline);
  self->timeline_fit = es_pane_fit_new (self->inner_paned, GTK_WIDGET (es_timeline_get_rows (self->timeline)));
  /* Opening the threads' section, or hiding rows or counters, changes
   * their height: the divider follows a frame after the rows redraw. */
  g_signal_connect_object (es_timeline_get_rows (self->timeline), "notify::visible-kinds",
                           G_CALLBACK (es_pane_fit_refit_after_frame), self->timeline_fit, G_CONNECT_SWAPPED);
  g_signal_connect_object (es_timeline_get_rows (self->timeline), "notify::counters",
                           G_CALLBACK (es_pane_fit_refit_after_frame), self->timeline_fit, G_CONNECT_SWAPPED);
  es_give_back_on_page_switches (GTK_NOTEBOOK (gtk_widget_get_ancestor (GTK_WIDGET (self->stats_panel), GTK_TYPE_NOTEBOOK)));

  drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect (drop, "drop", G_CALLBACK (_es_window_drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
}
