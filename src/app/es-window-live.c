/* es-window-live.c: the window while its log is followed
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-application.h"
#include "es-live-dialogs.h"
#include "es-live-source.h"
#include "es-time.h"
#include "es-window-private.h"

static void es_window_await_next_run (EsWindow       *self,
                                      EsLiveFollower *finished);

void
_es_window_update_live_actions (EsWindow *self)
{
  gboolean live = self->live != NULL && es_live_follower_is_live (es_live_controller_get_follower (self->live));

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.stop-following", live);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-as", self->live != NULL);
  gtk_widget_set_visible (self->follow_button, live);
}

void
_es_window_stop_live (EsWindow *self)
{
  if (self->next_run != NULL)
    g_signal_handlers_disconnect_by_data (self->next_run, self);
  g_clear_object (&self->next_run);
  if (self->live == NULL)
    return;
  g_signal_handlers_disconnect_by_data (es_live_controller_get_follower (self->live), self);
  g_signal_handlers_disconnect_by_data (self->live, self);
  g_clear_object (&self->live);
  _es_window_update_live_actions (self);
  _es_window_notify_following (self);
}

static void
es_window_live_status_cb (EsWindow *self)
{
  const char *status = es_live_controller_get_status (self->live);

  gtk_label_set_text (self->subtitle_label, status);
  gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), TRUE);
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "loading") == 0)
    gtk_label_set_text (self->loading_label, status);
}

static void
es_window_live_updated_cb (EsWindow       *self,
                           EsLiveFollower *follower)
{
  _es_window_show_document (self, es_live_follower_get_document (follower));
}

/* How following ended: a failure before anything could be shown is the
 * window's error; a stream cut short is said in the notice. */
static void
es_window_live_state_cb (EsWindow       *self,
                         GParamSpec     *pspec,
                         EsLiveFollower *follower)
{
  g_autofree char *notice = es_live_controller_dup_notice (self->live);

  _es_window_update_live_actions (self);
  /* Nothing goes on past the end any more. */
  if (self->session != NULL && !es_live_follower_is_live (follower))
    {
      es_session_set_ongoing (self->session, FALSE);
      gtk_widget_queue_draw (GTK_WIDGET (es_timeline_get_rows (self->timeline)));
    }
  if (es_live_follower_get_state (follower) == ES_LIVE_FINISHED || es_live_follower_get_state (follower) == ES_LIVE_CUT)
    es_window_await_next_run (self, follower);
  if (es_live_follower_get_state (follower) == ES_LIVE_FAILED && es_live_follower_get_document (follower) == NULL)
    _es_window_show_error (self, gtk_label_get_text (self->title_label), es_live_follower_get_error (follower));
  if (notice != NULL)
    {
      gtk_label_set_text (self->notice_label, notice);
      gtk_revealer_set_reveal_child (self->notice_revealer, TRUE);
    }
}

static void
es_window_live_following_cb (EsWindow *self)
{
  _es_window_notify_following (self);
}

/**
 * es_window_follow:
 * @source: a log being written: a file, a FIFO, "-", "unix:PATH" or
 *   "tcp:HOST:PORT"
 * @record_path: (nullable): where a stream's bytes are kept; without it, a
 *   temporary file that Save As keeps
 *
 * Shows @source as its program writes it: waiting for it, then ever newer
 * documents, the view keeping the newest events in sight.
 */
void
es_window_follow (EsWindow   *self,
                  const char *source,
                  const char *record_path)
{
  g_return_if_fail (ES_IS_WINDOW (self));
  g_return_if_fail (source != NULL);

  _es_window_follow_full (self, source, record_path, FALSE);
}

/* @keep_shown: the log shown is a prefix of @source's, read before it was
 * known to grow: it stays, and the first update goes on from it. */
/* Shows what @follower follows (started or not, with a document or not). */
static void
es_window_adopt (EsWindow       *self,
                 EsLiveFollower *follower,
                 gboolean        keep_shown)
{
  g_autofree char *name = g_path_get_basename (es_live_follower_get_address (follower));

  _es_window_set_titles (self, name, NULL);
  g_clear_object (&self->file);
  self->file = g_file_new_for_path (es_live_follower_get_record_path (follower));
  self->live = es_live_controller_new (follower);
  g_signal_connect_object (self->live, "notify::status", G_CALLBACK (es_window_live_status_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->live, "notify::following", G_CALLBACK (es_window_live_following_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (follower, "updated", G_CALLBACK (es_window_live_updated_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (follower, "notify::state", G_CALLBACK (es_window_live_state_cb), self, G_CONNECT_SWAPPED);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.compare-with", TRUE);
  if (self->session != NULL && keep_shown)
    es_live_controller_set_session (self->live, self->session);
  else if (es_live_follower_get_document (follower) != NULL)
    _es_window_show_document (self, es_live_follower_get_document (follower));
  else
    {
      /* No share of a whole to show: the program has only begun. */
      gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), FALSE);
      gtk_widget_set_visible (self->zoom_box, FALSE);
      gtk_stack_set_visible_child_name (self->stack, "loading");
    }
  es_window_live_status_cb (self);
  _es_window_update_live_actions (self);
  _es_window_notify_following (self);
}

/* The memory limit the person set (live-memory-limit), or a quarter of
 * the machine's memory. */
static void
es_window_limit_memory (EsWindow       *self,
                        EsLiveFollower *follower)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  GSettings *settings = ES_IS_APPLICATION (app) ? es_application_get_settings (ES_APPLICATION (app)) : NULL;
  guint64 whole = es_live_follower_get_default_memory_limit () * 4, limit;
  g_autofree char *text = settings != NULL ? g_settings_get_string (settings, "live-memory-limit") : NULL;
  g_autoptr(GError) error = NULL;

  if (text == NULL)
    return;
  if (!es_size_parse (text, whole, &limit, &error))
    {
      g_message ("live-memory-limit: %s; a quarter of the memory it is", error->message);
      return;
    }
  es_live_follower_set_memory_limit (follower, limit);
}

void
_es_window_follow_full (EsWindow   *self,
                        const char *source,
                        const char *record_path,
                        gboolean    keep_shown)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(EsLiveFollower) follower = NULL;

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  _es_window_stop_live (self);
  if (!keep_shown)
    g_clear_object (&self->session);

  follower = es_live_follower_new (source, record_path, &error);
  if (follower == NULL)
    {
      g_autofree char *name = g_path_get_basename (source);

      _es_window_set_titles (self, name, NULL);
      _es_window_show_error (self, name, error);
      return;
    }
  es_window_limit_memory (self, follower);
  /* The first document's first frame made for the timeline's width, if
   * it was ever shown: the whole run, as a log begun to follow is shown. */
  {
    int width = gtk_widget_get_width (GTK_WIDGET (es_timeline_get_rows (self->timeline))) - ES_TIMELINE_GUTTER;

    if (width > 0)
      es_live_follower_set_frame_width (follower, (guint) width, ES_SESSION_MIN_SPAN);
  }
  es_window_adopt (self, follower, keep_shown);
  es_live_follower_start (follower);
}

/* The next run has begun: it goes to a window of its own. */
static void
es_window_next_run_cb (EsWindow       *self,
                       EsLiveFollower *follower)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  g_autoptr(EsLiveFollower) next = g_steal_pointer (&self->next_run);
  EsWindow *window;

  g_signal_handlers_disconnect_by_data (next, self);
  if (!ES_IS_APPLICATION (app))
    return;
  window = es_window_new (ES_APPLICATION (app));
  es_window_adopt (window, next, FALSE);
  gtk_window_present (GTK_WINDOW (window));
}

/* eventlog-socket serves each run of its program at the same address:
 * once one has ended, the next is waited for, and opens as a log of its
 * own, never mixed into this one. */
static void
es_window_await_next_run (EsWindow       *self,
                          EsLiveFollower *finished)
{
  if (self->next_run != NULL || !es_live_follower_serves_runs (finished))
    return;
  self->next_run = es_live_follower_new (es_live_follower_get_source (finished), NULL, NULL);
  if (self->next_run == NULL)
    return;
  g_signal_connect_object (self->next_run, "updated", G_CALLBACK (es_window_next_run_cb), self, G_CONNECT_SWAPPED);
  es_window_limit_memory (self, self->next_run);
  es_live_follower_start (self->next_run);
}

/* A FIFO or a socket chosen in the Open dialog or dropped is a program
 * writing its log: it is followed, not read once (which would wait for
 * the writer's end). */
gboolean
_es_window_follow_if_stream (EsWindow *self,
                             GFile    *file)
{
  g_autofree char *path = g_file_get_path (file);

  if (path == NULL || !es_live_source_is_stream (path))
    return FALSE;
  es_window_follow (self, path, NULL);
  return TRUE;
}

/**
 * es_window_get_live_follower:
 *
 * Returns: (transfer none) (nullable): the follower of the log shown, if
 *   it is followed
 */
EsLiveFollower *
es_window_get_live_follower (EsWindow *self)
{
  g_return_val_if_fail (ES_IS_WINDOW (self), NULL);

  return self->live != NULL ? es_live_controller_get_follower (self->live) : NULL;
}

/* One window per log: a window that shows one follows the new source in
 * a window of its own. */
static void
es_window_live_source_chosen (GtkWindow  *parent,
                              const char *source)
{
  EsWindow *self = ES_WINDOW (parent);
  GtkApplication *app = gtk_window_get_application (parent);

  if (self->file != NULL && ES_IS_APPLICATION (app))
    {
      self = es_window_new (ES_APPLICATION (app));
      gtk_window_present (GTK_WINDOW (self));
    }
  es_window_follow (self, source, NULL);
}

void
_es_window_live_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  EsWindow *self = ES_WINDOW (widget);

  if (g_str_equal (action_name, "win.open-live"))
    es_live_source_dialog_new (GTK_WINDOW (self), es_window_live_source_chosen);
  else if (self->live == NULL)
    gtk_widget_error_bell (widget);
  else if (g_str_equal (action_name, "win.stop-following"))
    es_live_follower_stop (es_live_controller_get_follower (self->live));
  else if (g_str_equal (action_name, "win.save-as"))
    es_live_save_record (GTK_WINDOW (self), es_live_controller_get_follower (self->live));
}

/* A GHC log without its end marker, written to in the last seconds, is
 * most likely still being written: it is followed, as with --follow. */
#define STILL_WRITTEN_SECONDS 5

gboolean
_es_window_log_is_being_written (GFile      *file,
                                EsDocument *document)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GDateTime) modified = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();

  if (es_document_get_format (document) != ES_DOCUMENT_GHC_EVENTLOG ||
      !es_document_is_truncated (document, NULL) || es_document_get_damage (document) != NULL ||
      !g_file_is_native (file))
    return FALSE;
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_TIME_MODIFIED, G_FILE_QUERY_INFO_NONE, NULL, NULL);
  if (info == NULL || (modified = g_file_info_get_modification_date_time (info)) == NULL)
    return FALSE;
  return g_date_time_difference (now, modified) < STILL_WRITTEN_SECONDS * G_TIME_SPAN_SECOND;
}


/**
 * es_window_get_following:
 *
 * Returns: whether the log is followed and the view keeps its newest
 *   events in sight
 */
gboolean
es_window_get_following (EsWindow *self)
{
  g_return_val_if_fail (ES_IS_WINDOW (self), FALSE);

  return self->live != NULL && es_live_controller_get_following (self->live);
}
