/* es-event-list.c: every event of the log, searchable, under the timeline
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "es-event-item.h"
#include "es-event-list-private.h"
#include "es-list-scroll.h"
#include "es-time.h"

/* The events as `eventscope-cli dump` prints them, for logs of millions of
 * events: the index (a few bytes an event) is built on a worker thread the
 * first time the page is shown, not at load, and rows are decoded as they
 * scroll into view. The selected row follows the timeline's cursor;
 * activating a row moves the cursor there. Searches run on worker threads
 * too; each new one cancels the last. */

G_DEFINE_FINAL_TYPE (EsEventList, es_event_list, GTK_TYPE_WIDGET)

static void start_search (EsEventList *self);

/* Showing only matches, every row is one: no need to mark them. */
static gboolean
marks_row (guint    row,
           gpointer user_data)
{
  EsEventList *self = user_data;
  guint pos;

  if (self->matches == NULL || es_event_list_model_is_filtered (self->model))
    return FALSE;
  pos = es_event_matches_lower_bound (self->matches, row);
  return pos < self->matches->len && g_array_index (self->matches, guint32, pos) == row;
}

/* ------------------------------------------------------------------------ */
/* Selection, cursor                                                        */

/* The GtkListView inside the column view: GTK 4.8 has no
 * gtk_column_view_scroll_to(), but its list can be scrolled
 * (es_list_scroll_to_item()). */
static GtkWidget *
get_list_view (EsEventList *self)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->view));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_VIEW (child))
      return child;
  return NULL;
}

static void
select_position (EsEventList *self,
                 guint        position)
{
  GtkWidget *list_view = get_list_view (self);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->model));

  if (n == 0)
    return;
  position = MIN (position, n - 1);
  gtk_single_selection_set_selected (self->selection, position);
  if (list_view != NULL)
    es_list_scroll_to_item (list_view, position);
}

static void
select_row (EsEventList *self,
            guint        row)
{
  select_position (self, es_event_list_model_find_row (self->model, row));
}

/**
 * es_event_list_get_selected_row:
 *
 * Returns: the index row selected (in dump order), or
 *   %GTK_INVALID_LIST_POSITION
 */
guint
es_event_list_get_selected_row (EsEventList *self)
{
  guint position;

  g_return_val_if_fail (ES_IS_EVENT_LIST (self), GTK_INVALID_LIST_POSITION);

  position = gtk_single_selection_get_selected (self->selection);
  if (position == GTK_INVALID_LIST_POSITION)
    return position;
  return es_event_list_model_get_row (self->model, position);
}

void
_es_event_list_follow_cursor (EsEventList *self)
{
  guint64 cursor;

  if (self->moving_cursor || self->session == NULL || !es_session_get_cursor (self->session, &cursor))
    return;
  /* Selection drags emit this too: only a cursor that moved counts. */
  if (self->have_followed && cursor == self->followed_cursor)
    return;
  self->have_followed = TRUE;
  self->followed_cursor = cursor;
  if (_es_event_list_get_index (self) != NULL)
    select_row (self, es_event_index_lower_bound (_es_event_list_get_index (self), cursor));
}

/**
 * es_event_list_activate:
 * @position: a row, in the order shown
 *
 * Puts the timeline's cursor on that event, as activating the row does,
 * and brings it into view (at the same zoom) if it is outside.
 */
void
es_event_list_activate (EsEventList *self,
                        guint        position)
{
  guint64 time, t0, t1, span;

  g_return_if_fail (ES_IS_EVENT_LIST (self));

  if (self->session == NULL || position >= g_list_model_get_n_items (G_LIST_MODEL (self->model)))
    return;
  time = es_event_index_get_time (_es_event_list_get_index (self),
                                  es_event_list_model_get_row (self->model, position));
  self->have_followed = TRUE;
  self->followed_cursor = time;
  self->moving_cursor = TRUE;
  es_session_set_cursor (self->session, time);
  es_session_get_visible (self->session, &t0, &t1);
  if (time < t0 || time > t1)
    {
      span = t1 - t0;
      t0 = time > span / 2 ? time - span / 2 : 0;
      es_session_set_visible (self->session, t0, t0 + span);
    }
  self->moving_cursor = FALSE;
}

static void
activate_cb (GtkColumnView *view,
             guint          position,
             EsEventList   *self)
{
  es_event_list_activate (self, position);
}

/* ------------------------------------------------------------------------ */
/* Search                                                                   */

static void
update_status (EsEventList *self)
{
  g_autofree char *text = NULL;

  if (es_event_search_is_running (self->search))
    /* Translators: the search's progress, in percent */
    text = g_strdup_printf (_("Searching… %.0f %%"), 100 * es_event_search_get_fraction (self->search));
  else if (self->matches == NULL)
    text = g_strdup ("");
  else if (self->matches->len == 0)
    text = g_strdup (_("No match"));
  else
    {
      g_autofree char *n = es_format_count (self->matches->len);

      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s match", "%s matches", self->matches->len), n);
    }
  gtk_label_set_text (self->status, text);
  gtk_widget_set_sensitive (self->previous_button, self->matches != NULL && self->matches->len > 0);
  gtk_widget_set_sensitive (self->next_button, self->matches != NULL && self->matches->len > 0);
}

/* Shows the matches, or every row, keeping the selected event in view. */
static void
apply_filter (EsEventList *self)
{
  guint row = es_event_list_get_selected_row (self);
  gboolean only = gtk_check_button_get_active (GTK_CHECK_BUTTON (self->only_matches));

  es_event_list_model_set_filter (self->model, only ? self->matches : NULL);
  if (row != GTK_INVALID_LIST_POSITION)
    select_row (self, row);
  es_event_columns_refresh (self->columns);
}

static gboolean
show_progress_cb (gpointer user_data)
{
  EsEventList *self = user_data;

  gtk_progress_bar_set_fraction (self->progress_bar, es_event_list_model_get_load_fraction (self->model));
  update_status (self);
  return G_SOURCE_CONTINUE;
}

void
_es_event_list_show_progress (EsEventList *self,
                              gboolean     shown)
{
  if (!shown)
    g_clear_handle_id (&self->progress_source, g_source_remove);
  else if (self->progress_source == 0)
    self->progress_source = g_timeout_add (200, show_progress_cb, self);
}

static void
search_finished_cb (EsEventList *self)
{
  GArray *rows = es_event_search_get_matches (self->search);
  guint from, pos;

  _es_event_list_show_progress (self, FALSE);
  g_clear_pointer (&self->matches, g_array_unref);
  self->matches = g_array_ref (rows);

  /* Where an incremental search lands: the first match from here on. */
  from = es_event_list_get_selected_row (self);
  apply_filter (self);
  if (rows->len > 0)
    {
      pos = es_event_matches_lower_bound (rows, from == GTK_INVALID_LIST_POSITION ? 0 : from);
      select_row (self, g_array_index (rows, guint32, pos < rows->len ? pos : 0));
    }
  update_status (self);
}

/* Searches for what the entry and the kind say; in a followed log's index,
 * grown, whose first @same_rows are those searched last, only the rows
 * after them (G_MAXUINT: every row). */
void
_es_event_list_search_from (EsEventList *self,
                            guint        same_rows)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->entry));
  guint kind = gtk_drop_down_get_selected (self->kinds);
  gboolean has_kind = kind > 0 && kind != GTK_INVALID_LIST_POSITION && self->kind_tags != NULL &&
                      kind - 1 < self->kind_tags->len;
  const guint16 *tag = has_kind ? &g_array_index (self->kind_tags, guint16, kind - 1) : NULL;

  if (_es_event_list_get_index (self) == NULL)
    return;
  if (text[0] == '\0' && !has_kind)
    {
      es_event_search_clear (self->search);
      g_clear_pointer (&self->matches, g_array_unref);
      apply_filter (self);
    }
  else
    {
      if (same_rows == G_MAXUINT)
        es_event_search_run (self->search, _es_event_list_get_index (self), text, tag);
      else
        es_event_search_run_grown (self->search, _es_event_list_get_index (self), text, tag, same_rows);
      _es_event_list_show_progress (self, TRUE);
    }
  update_status (self);
}

static void
start_search (EsEventList *self)
{
  _es_event_list_search_from (self, G_MAXUINT);
}

/**
 * es_event_list_step_match:
 * @forward: to the next match after the selected row, or the previous one
 *
 * Selects that match, going round at either end.
 */
void
es_event_list_step_match (EsEventList *self,
                          gboolean     forward)
{
  guint row, pos;

  g_return_if_fail (ES_IS_EVENT_LIST (self));

  if (self->matches == NULL || self->matches->len == 0)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  row = es_event_list_get_selected_row (self);
  if (row == GTK_INVALID_LIST_POSITION)
    pos = forward ? 0 : self->matches->len - 1;
  else if (forward)
    pos = es_event_matches_lower_bound (self->matches, row + 1);
  else
    pos = es_event_matches_lower_bound (self->matches, row) - 1;   /* G_MAXUINT below the first */
  if (pos >= self->matches->len)
    pos = forward ? 0 : self->matches->len - 1;
  select_row (self, g_array_index (self->matches, guint32, pos));
}

static void
next_match_cb (EsEventList *self)
{
  es_event_list_step_match (self, TRUE);
}

static void
previous_match_cb (EsEventList *self)
{
  es_event_list_step_match (self, FALSE);
}

static void
stop_search_cb (EsEventList *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->entry), "");
}

/* The first time the page is shown, not when the log is loaded: the load
 * stays as fast as it was for those who never look at single events. */
static void
es_event_list_map (GtkWidget *widget)
{
  EsEventList *self = ES_EVENT_LIST (widget);
  guint position = gtk_single_selection_get_selected (self->selection);

  GTK_WIDGET_CLASS (es_event_list_parent_class)->map (widget);
  _es_event_list_start_build (self);
  if (position != GTK_INVALID_LIST_POSITION)
    select_position (self, position);
}

/* No frame to wait for: what waits for one is done now. */
static void
es_event_list_unmap (GtkWidget *widget)
{
  _es_event_list_settle_build (ES_EVENT_LIST (widget));
  GTK_WIDGET_CLASS (es_event_list_parent_class)->unmap (widget);
}

/* ------------------------------------------------------------------------ */
/* Window actions                                                           */

static void
show_page (EsEventList *self)
{
  GtkWidget *notebook = gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_NOTEBOOK);
  int page;

  if (notebook != NULL && (page = gtk_notebook_page_num (GTK_NOTEBOOK (notebook), GTK_WIDGET (self))) >= 0)
    gtk_notebook_set_current_page (GTK_NOTEBOOK (notebook), page);
}

/**
 * es_event_list_focus_search:
 *
 * Shows the page (building the index if need be) and puts the keyboard in
 * its search entry.
 */
void
es_event_list_focus_search (EsEventList *self)
{
  g_return_if_fail (ES_IS_EVENT_LIST (self));

  show_page (self);
  gtk_widget_grab_focus (self->entry);
}

static void
find_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  es_event_list_focus_search (user_data);
}

static void
step_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  show_page (user_data);
  es_event_list_step_match (user_data, g_str_equal (g_action_get_name (G_ACTION (action)), "next-match"));
}

static const GActionEntry window_actions[] = {
  { "find-event", find_action },
  { "next-match", step_action },
  { "previous-match", step_action },
};

/* The actions are the window's (win.), so its shortcuts work from the
 * timeline too: EsWindow stays as it was. */
static void
es_event_list_root (GtkWidget *widget)
{
  GtkRoot *root;

  GTK_WIDGET_CLASS (es_event_list_parent_class)->root (widget);
  root = gtk_widget_get_root (widget);
  if (G_IS_ACTION_MAP (root))
    g_action_map_add_action_entries (G_ACTION_MAP (root), window_actions, G_N_ELEMENTS (window_actions), widget);
}

static void
es_event_list_unroot (GtkWidget *widget)
{
  GtkRoot *root = gtk_widget_get_root (widget);

  if (G_IS_ACTION_MAP (root))
    for (guint i = 0; i < G_N_ELEMENTS (window_actions); i++)
      g_action_map_remove_action (G_ACTION_MAP (root), window_actions[i].name);
  GTK_WIDGET_CLASS (es_event_list_parent_class)->unroot (widget);
}

/* ------------------------------------------------------------------------ */
/* Life cycle                                                               */

static void
reset (EsEventList *self)
{
  _es_event_list_stop_build (self);
  es_event_search_clear (self->search);
  _es_event_list_show_progress (self, FALSE);
  g_clear_pointer (&self->matches, g_array_unref);
  es_event_list_model_set_index (self->model, NULL);
  self->have_followed = FALSE;
  self->stale = FALSE;
}

/**
 * es_event_list_set_session:
 * @file: (nullable): the log of @session, read again to list its events
 */
void
es_event_list_set_session (EsEventList *self,
                           EsSession   *session,
                           GFile       *file)
{
  g_return_if_fail (ES_IS_EVENT_LIST (self));

  /* A followed log's newer document: the list goes on as it is, and the
   * log, grown, is indexed again when the list is shown. */
  if (session != NULL && self->session != NULL && es_session_get_ongoing (self->session) && self->path != NULL &&
      file != NULL)
    {
      g_autofree char *path = g_file_get_path (file);

      if (g_strcmp0 (path, self->path) == 0)
        {
          g_clear_signal_handler (&self->cursor_handler, self->session);
          g_set_object (&self->session, session);
          self->cursor_handler = g_signal_connect_object (session, "selection-changed",
                                                          G_CALLBACK (_es_event_list_follow_cursor), self, G_CONNECT_SWAPPED);
          self->stale = TRUE;
          if (gtk_widget_get_mapped (GTK_WIDGET (self)))
            _es_event_list_start_build (self);
          return;
        }
    }
  reset (self);
  if (self->session != NULL)
    g_clear_signal_handler (&self->cursor_handler, self->session);
  g_set_object (&self->session, session);
  g_clear_pointer (&self->path, g_free);
  if (session == NULL)
    return;

  self->cursor_handler = g_signal_connect_object (session, "selection-changed",
                                                  G_CALLBACK (_es_event_list_follow_cursor), self, G_CONNECT_SWAPPED);
  self->path = file != NULL ? g_file_get_path (file) : NULL;
  /* One can type while the index is built: the search starts once it is. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->kinds), FALSE);
  gtk_widget_set_sensitive (self->only_matches, FALSE);
  update_status (self);
  if (self->path == NULL)
    {
      gtk_label_set_text (self->error_label, _("Only local files can list their events."));
      gtk_stack_set_visible_child_name (self->stack, "error");
      return;
    }
  gtk_stack_set_visible_child_name (self->stack, "building");
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    _es_event_list_start_build (self);
}

/**
 * es_event_list_get_model:
 *
 * Returns: (transfer none): the rows shown (#EsEventItem)
 */
GListModel *
es_event_list_get_model (EsEventList *self)
{
  g_return_val_if_fail (ES_IS_EVENT_LIST (self), NULL);

  return G_LIST_MODEL (self->model);
}

/* Building the index, or searching. */
gboolean
es_event_list_is_busy (EsEventList *self)
{
  g_return_val_if_fail (ES_IS_EVENT_LIST (self), FALSE);

  return self->build_cancellable != NULL || self->built != NULL || self->finish_tick != 0 ||
         self->finish_source != 0 || es_event_search_is_running (self->search);
}

/**
 * es_event_list_get_matches:
 *
 * Returns: (transfer none) (nullable): the rows (guint32) the search
 *   found, or %NULL without a search
 */
GArray *
es_event_list_get_matches (EsEventList *self)
{
  g_return_val_if_fail (ES_IS_EVENT_LIST (self), NULL);

  return self->matches;
}

GtkWidget *
es_event_list_new (void)
{
  return g_object_new (ES_TYPE_EVENT_LIST, NULL);
}

static void
es_event_list_dispose (GObject *object)
{
  EsEventList *self = ES_EVENT_LIST (object);

  es_event_list_set_session (self, NULL, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), ES_TYPE_EVENT_LIST);
  g_clear_object (&self->skeleton);
  g_clear_object (&self->model);
  g_clear_object (&self->search);
  g_clear_pointer (&self->columns, es_event_columns_free);
  g_clear_pointer (&self->kind_tags, g_array_unref);
  G_OBJECT_CLASS (es_event_list_parent_class)->dispose (object);
}

static void
es_event_list_class_init (EsEventListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = es_event_list_dispose;
  widget_class->map = es_event_list_map;
  widget_class->unmap = es_event_list_unmap;
  widget_class->root = es_event_list_root;
  widget_class->unroot = es_event_list_unroot;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "event-list");

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/es-event-list.ui");
  gtk_widget_class_bind_template_child (widget_class, EsEventList, box);
  gtk_widget_class_bind_template_child (widget_class, EsEventList, entry);
  gtk_widget_class_bind_template_child (widget_class, EsEventList, kinds);
  gtk_widget_class_bind_template_child (widget_class, EsEventList, only_matches);
  gtk_widget_class_bind_template_child (widget_class, EsEventList, previous_button);
  gtk_widget_class_bind_template_child (widget_class, EsEventList, next_button);
  gtk_widget_class_bind_template_child (widget_class, EsEventList, status);
  gtk_widget_class_bind_template_child (widget_class, EsEventList, stack);
  gtk_widget_class_bind_template_child (widget_class, EsEventList, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, EsEventList, error_label);
  gtk_widget_class_bind_template_child (widget_class, EsEventList, view);
  gtk_widget_class_bind_template_callback (widget_class, start_search);
  gtk_widget_class_bind_template_callback (widget_class, next_match_cb);
  gtk_widget_class_bind_template_callback (widget_class, previous_match_cb);
  gtk_widget_class_bind_template_callback (widget_class, stop_search_cb);
  gtk_widget_class_bind_template_callback (widget_class, apply_filter);
  gtk_widget_class_bind_template_callback (widget_class, activate_cb);
}

static void
es_event_list_init (EsEventList *self)
{
  /* Before the template: its signals may call back at once. */
  self->search = es_event_search_new ();
  g_signal_connect_object (self->search, "finished", G_CALLBACK (search_finished_cb), self, G_CONNECT_SWAPPED);
  self->model = es_event_list_model_new ();
  gtk_widget_init_template (GTK_WIDGET (self));

  self->skeleton = es_event_skeleton_new (G_LIST_MODEL (self->model));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->skeleton)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_column_view_set_model (self->view, GTK_SELECTION_MODEL (self->selection));
  g_object_unref (self->selection);
  self->columns = es_event_columns_new (self->view, marks_row, self);
  update_status (self);
}
