/* es-bookmark-list.c: the Bookmarks page: named moments of the log
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "es-bookmark-item.h"
#include "es-bookmark-list.h"
#include "es-list-scroll.h"
#include "es-time.h"

/* The page edits the log's EsBookmarks and saves them a moment after each
 * change (and at once when the log or the window goes), so that they are
 * there when the log is opened again. The rows are rebuilt on each change:
 * a person makes tens of bookmarks, not millions. Activating a row jumps
 * there; two selected rows say how far apart they are. */

#define SAVE_DELAY_MS 300

typedef enum
{
  COLUMN_NAME,
  COLUMN_TIME,          /* and under it, the time since the previous one */
} Column;

struct _EsBookmarkList
{
  GtkWidget          parent_instance;

  GtkWidget         *box;
  GtkWidget         *rename_button;
  GtkWidget         *rename_entry;
  GtkColumnView     *view;
  GListStore        *store;
  GtkMultiSelection *selection;
  GtkWidget         *summary;
  GtkWidget         *notice;

  EsTimelineRows    *rows;
  EsSession         *session;
  gulong             cursor_handler;
  char              *log_path;          /* NULL: a log that cannot be saved for */
  EsBookmarks       *bookmarks;         /* NULL while loading */
  gulong             changed_handler;
  GCancellable      *cancellable;
  guint              save_source;
  guint32            renaming;          /* the bookmark in the rename popover */
  gboolean           keep_saved_file;   /* it could not be read: never write over it */
};

G_DEFINE_FINAL_TYPE (EsBookmarkList, es_bookmark_list, GTK_TYPE_WIDGET)

/* Up to @digits significant digits: "1.234568 s", "12.5 ms". */
static char *
format_significant (guint64 time,
                    guint   digits)
{
  guint64 resolution = 1;

  for (guint64 t = time; t >= 10; t /= 10)
    resolution *= 10;
  for (guint i = 1; i < digits && resolution >= 10; i++)
    resolution /= 10;
  return es_timeline_format_time (time, resolution);
}

/**
 * es_bookmark_list_format_short:
 *
 * Returns: (transfer full): @time as the Time column shows it
 */
char *
es_bookmark_list_format_short (guint64 time)
{
  return format_significant (time, 7);
}

static void
setup_cell_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  column)
{
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *box, *since;

  if (GPOINTER_TO_UINT (column) == COLUMN_NAME)
    {
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_width_chars (GTK_LABEL (label), 10);
      gtk_list_item_set_child (item, label);
      return;
    }
  /* Two lines, so that the name keeps the width of a narrow sidebar. */
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  since = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_label_set_xalign (GTK_LABEL (since), 1);
  gtk_widget_add_css_class (label, "numeric");
  gtk_widget_add_css_class (since, "numeric");
  gtk_widget_add_css_class (since, "dim-label");
  gtk_widget_add_css_class (since, "caption");
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), since);
  gtk_list_item_set_child (item, box);
}

static void
bind_cell_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  column)
{
  EsBookmarkItem *row = gtk_list_item_get_item (item);
  const EsBookmark *bookmark = es_bookmark_item_get_bookmark (row);
  GtkWidget *child = gtk_list_item_get_child (item);
  g_autofree char *time = NULL;
  g_autofree char *since = NULL;
  guint64 length;

  if (GPOINTER_TO_UINT (column) == COLUMN_NAME)
    {
      gtk_label_set_text (GTK_LABEL (child), bookmark->name[0] != '\0' ? bookmark->name : _("Unnamed"));
      gtk_widget_set_tooltip_text (child, bookmark->name);
      return;
    }
  time = es_bookmark_list_format_short (bookmark->time);
  gtk_label_set_text (GTK_LABEL (gtk_widget_get_first_child (child)), time);
  if (es_bookmark_item_get_since (row, &length))
    {
      g_autofree char *text = format_significant (length, 5);

      /* Translators: the time since the bookmark above, "+12.5 ms" */
      since = g_strdup_printf (_("+%s"), text);
    }
  gtk_label_set_text (GTK_LABEL (gtk_widget_get_last_child (child)), since != NULL ? since : "");
  gtk_widget_set_visible (gtk_widget_get_last_child (child), since != NULL);
}

static void
add_column (EsBookmarkList *self,
            const char     *title,
            Column          column)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *view_column;

  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell_cb), GUINT_TO_POINTER (column));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell_cb), GUINT_TO_POINTER (column));
  view_column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_expand (view_column, column == COLUMN_NAME);
  gtk_column_view_column_set_resizable (view_column, TRUE);
  gtk_column_view_append_column (self->view, view_column);
  g_object_unref (view_column);
}

/* The selected bookmarks, by time. */
static GArray *
dup_selected (EsBookmarkList *self)
{
  GArray *selected = g_array_new (FALSE, FALSE, sizeof (EsBookmark));
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->store));

  for (guint i = 0; i < n; i++)
    if (gtk_selection_model_is_selected (GTK_SELECTION_MODEL (self->selection), i))
      {
        g_autoptr(EsBookmarkItem) item = g_list_model_get_item (G_LIST_MODEL (self->store), i);

        /* The names stay the item's: the array lives shorter. */
        g_array_append_val (selected, *es_bookmark_item_get_bookmark (item));
      }
  return selected;
}

static void
update_summary (EsBookmarkList *self)
{
  g_autoptr(GArray) selected = dup_selected (self);
  g_autofree char *text = NULL;
  guint64 cursor;

  if (selected->len >= 2)
    {
      const EsBookmark *a = &g_array_index (selected, EsBookmark, 0);
      const EsBookmark *b = &g_array_index (selected, EsBookmark, selected->len - 1);
      g_autofree char *length = es_timeline_format_time (b->time - a->time, 1);

      /* Translators: "12.5 ms between “start” and “end”" */
      text = g_strdup_printf (_("%s between “%s” and “%s”"), length, a->name, b->name);
    }
  else if (selected->len == 1 && self->session != NULL && es_session_get_cursor (self->session, &cursor))
    {
      const EsBookmark *a = &g_array_index (selected, EsBookmark, 0);
      g_autofree char *length = es_timeline_format_time (cursor > a->time ? cursor - a->time : a->time - cursor, 1);

      if (cursor == a->time)
        text = g_strdup_printf (_("“%s” is at the cursor"), a->name);
      else
        text = cursor > a->time ? g_strdup_printf (_("%s from “%s” to the cursor"), length, a->name)
                                : g_strdup_printf (_("%s from the cursor to “%s”"), length, a->name);
    }
  else if (self->bookmarks != NULL && g_list_model_get_n_items (G_LIST_MODEL (self->store)) == 0)
    text = g_strdup (_("No bookmarks yet: Ctrl+D adds one at the cursor."));
  else if (self->bookmarks != NULL)
    text = g_strdup (_("Select two bookmarks to see the time between them."));
  else
    text = g_strdup ("");
  gtk_label_set_text (GTK_LABEL (self->summary), text);
}

static void
update_actions (EsBookmarkList *self)
{
  g_autoptr(GtkBitset) bits = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  guint64 n_selected = gtk_bitset_get_size (bits);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "bookmarks.add", self->bookmarks != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "bookmarks.rename", n_selected == 1);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "bookmarks.remove", n_selected > 0);
  gtk_widget_set_sensitive (self->rename_button, n_selected == 1);
}

static void
select_ids (EsBookmarkList *self,
            const guint32  *ids,
            guint           n_ids)
{
  g_autoptr(GtkBitset) bits = gtk_bitset_new_empty ();
  g_autoptr(GtkBitset) all = NULL;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->store));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(EsBookmarkItem) item = g_list_model_get_item (G_LIST_MODEL (self->store), i);

      for (guint k = 0; k < n_ids; k++)
        if (es_bookmark_item_get_bookmark (item)->id == ids[k])
          gtk_bitset_add (bits, i);
    }
  all = gtk_bitset_new_range (0, n);
  gtk_selection_model_set_selection (GTK_SELECTION_MODEL (self->selection), bits, all);
}

/* The rows anew, keeping the selection by id. */
static void
rebuild_rows (EsBookmarkList *self)
{
  g_autoptr(GArray) selected = dup_selected (self);
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  const EsBookmark *bookmarks = NULL;
  guint n = 0;

  for (guint i = 0; i < selected->len; i++)
    g_array_append_val (ids, g_array_index (selected, EsBookmark, i).id);
  if (self->bookmarks != NULL)
    bookmarks = es_bookmarks_get (self->bookmarks, &n);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (items, es_bookmark_item_new (&bookmarks[i], i > 0 ? &bookmarks[i - 1] : NULL));
  g_list_store_splice (self->store, 0, g_list_model_get_n_items (G_LIST_MODEL (self->store)),
                       items->pdata, items->len);
  select_ids (self, (const guint32 *) (gconstpointer) ids->data, ids->len);
  update_summary (self);
  update_actions (self);
}

static void
show_notice (EsBookmarkList *self,
             const char     *text)
{
  gtk_label_set_text (GTK_LABEL (self->notice), text != NULL ? text : "");
  gtk_widget_set_visible (self->notice, text != NULL);
}

static void
save_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(EsBookmarkList) self = user_data;
  g_autoptr(GError) error = NULL;
  GApplication *app = g_application_get_default ();

  if (!es_bookmarks_save_finish (ES_BOOKMARKS (object), result, &error))
    {
      g_autofree char *text = g_strdup_printf (_("The bookmarks could not be saved: %s"), error->message);

      g_message ("%s", text);
      if (self->notice != NULL)
        show_notice (self, text);
    }
  if (app != NULL)
    g_application_release (app);
}

static gboolean
save_now_cb (gpointer data)
{
  EsBookmarkList *self = data;
  GApplication *app = g_application_get_default ();

  self->save_source = 0;
  if (self->bookmarks == NULL || self->log_path == NULL || self->keep_saved_file)
    return G_SOURCE_REMOVE;
  /* Quitting waits for the file to be written. */
  if (app != NULL)
    g_application_hold (app);
  es_bookmarks_save_async (self->bookmarks, NULL, save_cb, g_object_ref (self));
  return G_SOURCE_REMOVE;
}

static void
flush_save (EsBookmarkList *self)
{
  if (self->save_source == 0)
    return;
  g_clear_handle_id (&self->save_source, g_source_remove);
  save_now_cb (self);
}

static void
bookmarks_changed_cb (EsBookmarkList *self)
{
  rebuild_rows (self);
  if (self->log_path != NULL && !self->keep_saved_file && self->save_source == 0)
    self->save_source = g_timeout_add (SAVE_DELAY_MS, save_now_cb, self);
}

static void
set_bookmarks (EsBookmarkList *self,
               EsBookmarks    *bookmarks)
{
  if (self->bookmarks != NULL)
    g_clear_signal_handler (&self->changed_handler, self->bookmarks);
  g_set_object (&self->bookmarks, bookmarks);
  if (bookmarks != NULL)
    self->changed_handler = g_signal_connect_object (bookmarks, "changed", G_CALLBACK (bookmarks_changed_cb),
                                                     self, G_CONNECT_SWAPPED);
  if (self->rows != NULL)
    es_timeline_rows_set_bookmarks (self->rows, bookmarks);
  rebuild_rows (self);
}

/* Says why a log with thousands of markers starts with no bookmarks. */
static void
explain_unseeded_markers (EsBookmarkList *self,
                          EsBookmarks    *bookmarks)
{
  guint n_markers;
  g_autofree char *text = NULL, *n = NULL;

  if (self->session == NULL || es_bookmarks_get_origin (bookmarks) != ES_BOOKMARKS_FROM_MARKERS)
    return;
  es_document_get_markers (es_session_get_document (self->session), &n_markers);
  if (n_markers <= ES_BOOKMARKS_MAX_SEEDED_MARKERS)
    return;
  n = es_format_count (n_markers);
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "This log has %s marker, too many to make bookmarks of: "
                                       "they are in the timeline's ruler and the Events list.",
                                       "This log has %s markers, too many to make bookmarks of: "
                                       "they are in the timeline's ruler and the Events list.",
                                       n_markers),
                          n);
  show_notice (self, text);
}

static void
load_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(EsBookmarkList) self = user_data;
  g_autoptr(EsBookmarks) bookmarks = NULL;
  g_autoptr(GError) error = NULL;
  const GError *problem;

  bookmarks = es_bookmarks_load_finish (result, &error);
  if (bookmarks == NULL)
    return;   /* cancelled: another log, or the window went */
  problem = es_bookmarks_get_load_problem (bookmarks);
  /* A file that is there but unreadable (or from a later Eventscope) may
   * be all the user's work: edits here stay unsaved rather than replace it.
   * Another run's set is meant to be replaced. */
  self->keep_saved_file = problem != NULL &&
                          !g_error_matches (problem, ES_BOOKMARKS_ERROR, ES_BOOKMARKS_ERROR_OTHER_LOG);
  if (problem != NULL)
    {
      g_autofree char *text = NULL;

      g_message ("%s", problem->message);
      text = self->keep_saved_file ? g_strdup_printf (_("%s. Changes are not saved, so as not to replace that file."),
                                                      problem->message)
                                   : g_strdup (problem->message);
      show_notice (self, text);
    }
  else
    explain_unseeded_markers (self, bookmarks);
  set_bookmarks (self, bookmarks);
}

static void
cursor_changed_cb (EsBookmarkList *self)
{
  update_summary (self);
}

/**
 * es_bookmark_list_set_session:
 * @file: (nullable): where the log was read from: the bookmarks are
 *   saved for it
 *
 * Saves the bookmarks of the log shown before, and loads those of
 * @session's log (off the main thread).
 */
void
es_bookmark_list_set_session (EsBookmarkList *self,
                              EsSession      *session,
                              GFile          *file)
{
  g_return_if_fail (ES_IS_BOOKMARK_LIST (self));

  flush_save (self);
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->session != NULL)
    g_clear_signal_handler (&self->cursor_handler, self->session);
  g_set_object (&self->session, session);
  g_clear_pointer (&self->log_path, g_free);
  show_notice (self, NULL);
  set_bookmarks (self, NULL);
  if (session == NULL)
    return;

  self->cursor_handler = g_signal_connect_object (session, "selection-changed", G_CALLBACK (cursor_changed_cb),
                                                  self, G_CONNECT_SWAPPED);
  self->log_path = file != NULL ? g_file_get_path (file) : NULL;
  self->keep_saved_file = FALSE;
  if (self->log_path == NULL)
    {
      g_autoptr(EsBookmarks) markers = es_bookmarks_new_from_markers (es_session_get_document (session));

      show_notice (self, _("The bookmarks of this log are not saved: it is not a local file."));
      set_bookmarks (self, markers);
      return;
    }
  self->cancellable = g_cancellable_new ();
  es_bookmarks_load_async (es_session_get_document (session), self->log_path, self->cancellable,
                           load_cb, g_object_ref (self));
}

/**
 * es_bookmark_list_get_bookmarks:
 *
 * Returns: (transfer none) (nullable): the bookmarks, or NULL while they
 *   load
 */
EsBookmarks *
es_bookmark_list_get_bookmarks (EsBookmarkList *self)
{
  g_return_val_if_fail (ES_IS_BOOKMARK_LIST (self), NULL);

  return self->bookmarks;
}

/**
 * es_bookmark_list_get_model:
 *
 * Returns: (transfer none): the rows (#EsBookmarkItem) and their selection
 */
GtkSelectionModel *
es_bookmark_list_get_model (EsBookmarkList *self)
{
  g_return_val_if_fail (ES_IS_BOOKMARK_LIST (self), NULL);

  return GTK_SELECTION_MODEL (self->selection);
}

const char *
es_bookmark_list_get_summary (EsBookmarkList *self)
{
  g_return_val_if_fail (ES_IS_BOOKMARK_LIST (self), NULL);

  return gtk_label_get_text (GTK_LABEL (self->summary));
}

/**
 * es_bookmark_list_add:
 *
 * Adds a bookmark at the cursor, or at the middle of the view when there
 * is no cursor, and selects it.
 *
 * Returns: its id, or 0 if no log is shown yet
 */
guint32
es_bookmark_list_add (EsBookmarkList *self)
{
  g_autofree char *name = NULL;
  guint64 time, t0, t1;
  guint n, number;
  const EsBookmark *bookmarks;
  guint32 id;

  g_return_val_if_fail (ES_IS_BOOKMARK_LIST (self), 0);

  if (self->session == NULL || self->bookmarks == NULL)
    return 0;
  es_session_get_visible (self->session, &t0, &t1);
  if (!es_session_get_cursor (self->session, &time))
    time = t0 + (t1 - t0) / 2;

  /* "Bookmark 3": the first number after the count not already a name. */
  bookmarks = es_bookmarks_get (self->bookmarks, &n);
  for (number = n + 1;; number++)
    {
      gboolean taken = FALSE;

      g_free (name);
      name = g_strdup_printf (_("Bookmark %u"), number);
      for (guint i = 0; i < n && !taken; i++)
        taken = g_str_equal (bookmarks[i].name, name);
      if (!taken)
        break;
    }
  id = es_bookmarks_add (self->bookmarks, time, name);
  if (id == 0)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      show_notice (self, _("There are as many bookmarks as a log can keep: remove some to add more."));
      return 0;
    }
  select_ids (self, &id, 1);
  return id;
}

/**
 * es_bookmark_list_activate:
 * @position: a row
 *
 * Puts the cursor at that bookmark and centres the view on it, at the
 * same zoom, as activating the row does.
 */
void
es_bookmark_list_activate (EsBookmarkList *self,
                           guint           position)
{
  g_autoptr(EsBookmarkItem) item = NULL;
  guint64 time, t0, t1, half;

  g_return_if_fail (ES_IS_BOOKMARK_LIST (self));

  item = g_list_model_get_item (G_LIST_MODEL (self->store), position);
  if (item == NULL || self->session == NULL)
    return;
  time = es_bookmark_item_get_bookmark (item)->time;
  es_session_get_visible (self->session, &t0, &t1);
  half = (t1 - t0) / 2;
  es_session_set_visible (self->session, time > half ? time - half : 0, (time > half ? time - half : 0) + (t1 - t0));
  es_session_set_cursor (self->session, time);
}

static void
activate_cb (GtkColumnView  *view,
             guint           position,
             EsBookmarkList *self)
{
  es_bookmark_list_activate (self, position);
}

static void
selection_changed_cb (EsBookmarkList *self)
{
  update_summary (self);
  update_actions (self);
}

static void
add_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  if (es_bookmark_list_add (ES_BOOKMARK_LIST (widget)) == 0)
    gtk_widget_error_bell (widget);
}

static void
rename_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  EsBookmarkList *self = ES_BOOKMARK_LIST (widget);

  gtk_menu_button_popup (GTK_MENU_BUTTON (self->rename_button));
}

static void
remove_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  EsBookmarkList *self = ES_BOOKMARK_LIST (widget);
  g_autoptr(GArray) selected = dup_selected (self);
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (guint32));

  /* The ids first: each removal rebuilds the rows. */
  for (guint i = 0; i < selected->len; i++)
    g_array_append_val (ids, g_array_index (selected, EsBookmark, i).id);
  g_clear_pointer (&selected, g_array_unref);
  for (guint i = 0; i < ids->len && self->bookmarks != NULL; i++)
    es_bookmarks_remove (self->bookmarks, g_array_index (ids, guint32, i));
}

/* The popover opens on the one selected bookmark's name. */
static void
rename_popover_show_cb (EsBookmarkList *self)
{
  g_autoptr(GArray) selected = dup_selected (self);

  if (selected->len != 1)
    {
      self->renaming = 0;
      gtk_editable_set_text (GTK_EDITABLE (self->rename_entry), "");
      return;
    }
  self->renaming = g_array_index (selected, EsBookmark, 0).id;
  gtk_editable_set_text (GTK_EDITABLE (self->rename_entry), g_array_index (selected, EsBookmark, 0).name);
  gtk_widget_grab_focus (self->rename_entry);
  gtk_editable_select_region (GTK_EDITABLE (self->rename_entry), 0, -1);
}

static void
rename_commit_cb (EsBookmarkList *self)
{
  g_autofree char *name = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->rename_entry)));

  g_strstrip (name);
  if (name[0] == '\0' || self->bookmarks == NULL || self->renaming == 0)
    {
      gtk_widget_error_bell (self->rename_entry);
      return;
    }
  es_bookmarks_rename (self->bookmarks, self->renaming, name);
  gtk_menu_button_popdown (GTK_MENU_BUTTON (self->rename_button));
}

static GtkWidget *
icon_button (const char *icon,
             const char *tooltip,
             const char *label,
             const char *action)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_widget_add_css_class (button, "flat");
  return button;
}

static GtkWidget *
build_rename_button (EsBookmarkList *self)
{
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *apply = gtk_button_new_with_mnemonic (_("_Rename"));

  self->rename_button = gtk_menu_button_new ();
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (self->rename_button), "document-edit-symbolic");
  gtk_widget_set_tooltip_text (self->rename_button, _("Rename the selected bookmark (F2)"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->rename_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Rename Bookmark"), -1);
  gtk_menu_button_set_has_frame (GTK_MENU_BUTTON (self->rename_button), FALSE);

  self->rename_entry = gtk_entry_new ();
  gtk_entry_set_max_length (GTK_ENTRY (self->rename_entry), ES_BOOKMARKS_MAX_NAME);
  gtk_entry_set_activates_default (GTK_ENTRY (self->rename_entry), FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->rename_entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Bookmark name"), -1);
  g_signal_connect_object (self->rename_entry, "activate", G_CALLBACK (rename_commit_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_css_class (apply, "suggested-action");
  g_signal_connect_object (apply, "clicked", G_CALLBACK (rename_commit_cb), self, G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (box), self->rename_entry);
  gtk_box_append (GTK_BOX (box), apply);
  gtk_popover_set_child (GTK_POPOVER (popover), box);
  g_signal_connect_object (popover, "show", G_CALLBACK (rename_popover_show_cb), self, G_CONNECT_SWAPPED);
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (self->rename_button), popover);
  return self->rename_button;
}

GtkWidget *
es_bookmark_list_new (EsTimelineRows *rows)
{
  EsBookmarkList *self = g_object_new (ES_TYPE_BOOKMARK_LIST, NULL);

  g_set_object (&self->rows, rows);
  return GTK_WIDGET (self);
}

static void
es_bookmark_list_dispose (GObject *object)
{
  EsBookmarkList *self = ES_BOOKMARK_LIST (object);

  /* Closing the window saves what the user just did. */
  flush_save (self);
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->session != NULL)
    g_clear_signal_handler (&self->cursor_handler, self->session);
  if (self->bookmarks != NULL)
    g_clear_signal_handler (&self->changed_handler, self->bookmarks);
  g_clear_object (&self->bookmarks);
  g_clear_object (&self->session);
  g_clear_object (&self->rows);
  g_clear_pointer (&self->log_path, g_free);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  self->notice = NULL;
  g_clear_object (&self->store);
  G_OBJECT_CLASS (es_bookmark_list_parent_class)->dispose (object);
}

static void
es_bookmark_list_class_init (EsBookmarkListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = es_bookmark_list_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_install_action (widget_class, "bookmarks.add", NULL, add_action);
  gtk_widget_class_install_action (widget_class, "bookmarks.rename", NULL, rename_action);
  gtk_widget_class_install_action (widget_class, "bookmarks.remove", NULL, remove_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F2, 0, "bookmarks.rename", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "bookmarks.remove", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Delete, 0, "bookmarks.remove", NULL);
}

static void
es_bookmark_list_init (EsBookmarkList *self)
{
  GtkWidget *toolbar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
  GtkWidget *scroller = gtk_scrolled_window_new ();

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  gtk_widget_add_css_class (toolbar, "toolbar");
  gtk_box_append (GTK_BOX (toolbar), icon_button ("bookmark-new-symbolic", _("Add a bookmark at the cursor (Ctrl+D)"),
                                                  _("Add Bookmark"), "bookmarks.add"));
  gtk_box_append (GTK_BOX (toolbar), build_rename_button (self));
  gtk_box_append (GTK_BOX (toolbar), icon_button ("list-remove-symbolic", _("Remove the selected bookmarks (Delete)"),
                                                  _("Remove Bookmarks"), "bookmarks.remove"));
  gtk_box_append (GTK_BOX (self->box), toolbar);

  self->store = g_list_store_new (ES_TYPE_BOOKMARK_ITEM);
  self->selection = gtk_multi_selection_new (G_LIST_MODEL (g_object_ref (self->store)));
  /* A followed log's every update empties the rows and fills them again
   * (up to 200 bookmarks from its markers): a hidden page need not make
   * their widgets. */
  self->view = GTK_COLUMN_VIEW (gtk_column_view_new (NULL));
  es_column_view_set_model_when_shown (self->view, GTK_SELECTION_MODEL (self->selection));
  gtk_column_view_set_show_column_separators (self->view, TRUE);
  add_column (self, _("Name"), COLUMN_NAME);
  add_column (self, _("Time"), COLUMN_TIME);
  g_signal_connect_object (self->view, "activate", G_CALLBACK (activate_cb), self, 0);
  g_signal_connect_object (self->selection, "selection-changed", G_CALLBACK (selection_changed_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->view), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Bookmarks"), -1);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->view));
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_box_append (GTK_BOX (self->box), scroller);

  self->summary = gtk_label_new (NULL);
  self->notice = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->summary), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->summary), 0);
  gtk_label_set_selectable (GTK_LABEL (self->summary), TRUE);
  gtk_widget_add_css_class (self->summary, "numeric");
  gtk_label_set_wrap (GTK_LABEL (self->notice), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->notice), 0);
  gtk_widget_add_css_class (self->notice, "dim-label");
  gtk_widget_add_css_class (self->notice, "caption");
  gtk_widget_set_visible (self->notice, FALSE);
  for (GtkWidget *label = self->summary; label != NULL; label = label == self->summary ? self->notice : NULL)
    {
      gtk_widget_set_margin_start (label, 12);
      gtk_widget_set_margin_end (label, 12);
      gtk_widget_set_margin_top (label, 6);
      gtk_widget_set_margin_bottom (label, 6);
      gtk_box_append (GTK_BOX (self->box), label);
    }
  update_actions (self);
}
