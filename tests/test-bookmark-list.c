/* test-bookmark-list.c: the Bookmarks page in a real window: edits
 * survive closing and opening the log again
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gstdio.h>

#include <gtk/gtk.h>

#include "es-bookmark-item.h"
#include "es-bookmark-list.h"
#include "es-test-gui.h"
#include "es-test-log.h"
#include "es-timeline-painter.h"
#include "es-window.h"

typedef struct
{
  guint64 time;
  char   *name;
} Expected;

static void
expected_clear (gpointer data)
{
  g_free (((Expected *) data)->name);
}

static gboolean
bookmarks_loaded (gpointer data)
{
  return es_bookmark_list_get_bookmarks (data) != NULL;
}

static gboolean
is_null (gpointer data)
{
  return *(gpointer *) data == NULL;
}

static gboolean
widget_mapped (gpointer data)
{
  return gtk_widget_get_mapped (data);
}

static EsBookmarkList *
open_and_wait (const char  *path,
               EsWindow   **window)
{
  EsBookmarkList *list;

  *window = es_test_open_window (path);
  es_test_wait_for_page (*window, "timeline");
  list = ES_BOOKMARK_LIST (es_test_find_widget_of_type (GTK_WIDGET (*window), ES_TYPE_BOOKMARK_LIST));
  g_assert_nonnull (list);
  es_test_wait_until (bookmarks_loaded, list, 10);
  return list;
}

static const EsBookmark *
row_bookmark (EsBookmarkList *list,
              guint           position)
{
  g_autoptr(EsBookmarkItem) item = g_list_model_get_item (G_LIST_MODEL (es_bookmark_list_get_model (list)), position);

  g_assert_nonnull (item);
  /* The item lives on in the list's model. */
  return es_bookmark_item_get_bookmark (item);
}

static guint
find_row (EsBookmarkList *list,
          const char     *name)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (es_bookmark_list_get_model (list)));

  for (guint i = 0; i < n; i++)
    if (g_str_equal (row_bookmark (list, i)->name, name))
      return i;
  return G_MAXUINT;
}

static void
assert_rows (EsBookmarkList *list,
             GArray         *expected)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (es_bookmark_list_get_model (list)));

  g_assert_cmpuint (n, ==, expected->len);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpuint (row_bookmark (list, i)->time, ==, g_array_index (expected, Expected, i).time);
      g_assert_cmpstr (row_bookmark (list, i)->name, ==, g_array_index (expected, Expected, i).name);
    }
}

static int
compare_expected (gconstpointer a,
                  gconstpointer b)
{
  const Expected *x = a, *y = b;

  return x->time < y->time ? -1 : x->time > y->time;
}

/* Add through the window's action at a set cursor, rename through the
 * popover, remove a marker; close; open again: exactly those bookmarks.
 * Then activating a row jumps there, and two selected rows say how far
 * apart they are. */
static void
test_edits_survive_reopening (void)
{
  g_autofree char *fixture = es_test_fixture_path ("parfib-N2.eventlog");
  g_autofree char *contents = NULL;
  g_autofree char *path = NULL;
  g_autofree char *saved_file = NULL;
  g_autoptr(GArray) expected = g_array_new (FALSE, FALSE, sizeof (Expected));
  EsWindow *window;
  EsBookmarkList *list;
  EsSession *session;
  const EsUserEvent *markers;
  GtkWidget *entry;
  guint n_markers, row;
  guint64 cursor, t0, t1, visible_span;
  gsize length;

  g_array_set_clear_func (expected, expected_clear);
  /* A copy of its own: the bookmarks are kept by the log's path. */
  g_assert_true (g_file_get_contents (fixture, &contents, &length, NULL));
  path = es_test_write_temp_log ((const guint8 *) contents, length);

  list = open_and_wait (path, &window);
  session = es_window_get_session (window);
  markers = es_document_get_markers (es_session_get_document (session), &n_markers);
  g_assert_cmpuint (n_markers, >=, 3);
  for (guint i = 0; i < n_markers; i++)
    {
      Expected e = { markers[i].time, g_strdup (markers[i].text) };

      g_array_append_val (expected, e);
    }
  assert_rows (list, expected);

  /* Ctrl+D's action, at a cursor between the first two markers. */
  cursor = markers[0].time + (markers[1].time - markers[0].time) / 3;
  es_session_set_cursor (session, cursor);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.add-bookmark", NULL));
  row = find_row (list, "Bookmark 5");
  g_assert_cmpuint (row, ==, 1);
  g_assert_cmpuint (row_bookmark (list, row)->time, ==, cursor);
  g_assert_true (gtk_selection_model_is_selected (es_bookmark_list_get_model (list), row));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (list)));

  /* F2's action opens the popover on the selected bookmark's name. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "bookmarks.rename", NULL));
  entry = es_test_find_widget_of_type (GTK_WIDGET (list), GTK_TYPE_ENTRY);
  g_assert_nonnull (entry);
  es_test_wait_until (widget_mapped, entry, 5);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "Bookmark 5");
  gtk_editable_set_text (GTK_EDITABLE (entry), "  my moment ");
  g_signal_emit_by_name (entry, "activate");
  g_assert_cmpstr (row_bookmark (list, 1)->name, ==, "my moment");
  {
    Expected e = { cursor, g_strdup ("my moment") };

    g_array_append_val (expected, e);
    g_array_sort (expected, compare_expected);
  }

  /* Delete's action on the second-to-last marker. */
  row = find_row (list, markers[n_markers - 2].text);
  g_assert_cmpuint (row, !=, G_MAXUINT);
  g_assert_true (gtk_selection_model_select_item (es_bookmark_list_get_model (list), row, TRUE));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "bookmarks.remove", NULL));
  for (guint i = 0; i < expected->len; i++)
    if (g_str_equal (g_array_index (expected, Expected, i).name, markers[n_markers - 2].text))
      g_array_remove_index (expected, i);
  assert_rows (list, expected);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (es_bookmark_list_get_model (list))), ==, n_markers);

  /* Close the window at once (no waiting for the delayed save), and wait
   * for the page to be gone. */
  g_object_add_weak_pointer (G_OBJECT (list), (gpointer *) &list);
  gtk_window_destroy (GTK_WINDOW (window));
  es_test_wait_until (is_null, &list, 10);

  list = open_and_wait (path, &window);
  session = es_window_get_session (window);
  assert_rows (list, expected);
  {
    char *resolved = realpath (path, NULL);

    saved_file = es_bookmarks_file_for_log (resolved);
    free (resolved);
  }
  g_assert_true (g_file_test (saved_file, G_FILE_TEST_IS_REGULAR));

  /* Activating a row: the cursor there, the view around it, same zoom. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-in", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-in", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-in", NULL));
  es_session_get_visible (session, &t0, &t1);
  visible_span = t1 - t0;
  row = 2;
  g_signal_emit_by_name (es_test_find_widget_of_type (GTK_WIDGET (list), GTK_TYPE_COLUMN_VIEW), "activate", row);
  g_assert_true (es_session_get_cursor (session, &cursor));
  g_assert_cmpuint (cursor, ==, g_array_index (expected, Expected, row).time);
  es_session_get_visible (session, &t0, &t1);
  g_assert_cmpuint (t1 - t0, ==, visible_span);
  g_assert_cmpuint (t0 + (t1 - t0) / 2 - cursor + 1, <=, 2);

  /* Two selected: the time between them, to the nanosecond. */
  {
    const Expected *a = &g_array_index (expected, Expected, 0);
    const Expected *b = &g_array_index (expected, Expected, 3);
    g_autofree char *length_text = es_timeline_format_time (b->time - a->time, 1);
    g_autofree char *want = g_strdup_printf ("%s between “%s” and “%s”", length_text, a->name, b->name);

    gtk_selection_model_select_item (es_bookmark_list_get_model (list), 0, TRUE);
    gtk_selection_model_select_item (es_bookmark_list_get_model (list), 3, FALSE);
    g_assert_cmpstr (es_bookmark_list_get_summary (list), ==, want);
  }

  /* One selected: the time to the cursor. */
  {
    const Expected *a = &g_array_index (expected, Expected, 0);
    g_autofree char *length_text = es_timeline_format_time (cursor - a->time, 1);
    g_autofree char *want = g_strdup_printf ("%s from “%s” to the cursor", length_text, a->name);

    gtk_selection_model_select_item (es_bookmark_list_get_model (list), 0, TRUE);
    g_assert_cmpstr (es_bookmark_list_get_summary (list), ==, want);
  }

  /* The timeline draws from the same bookmarks. */
  {
    EsTimelineView view;

    es_timeline_rows_get_view (es_timeline_get_rows (es_window_get_timeline (window)), &view);
    g_assert_nonnull (view.bookmarks);
    g_assert_cmpuint (view.bookmarks->len, ==, expected->len);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (saved_file);
  g_unlink (path);
}

/* A log that marks every iteration opens with no bookmarks, and the page
 * says why and where its markers are, their number grouped by thousands. */
static void
test_dense_markers_explained (void)
{
  guint n_markers = 1250;
  g_autoptr(EsTestLog) log = es_test_log_new ();
  g_autofree char *path = NULL;
  g_autofree char *saved_file = NULL;
  g_autofree char *resolved = NULL;
  const char *needle = "This log has 1,250 markers, too many";
  EsBookmarkList *list;
  EsWindow *window;

  es_test_log_declare_ghc (log);
  es_test_log_begin_data (log);
  es_test_log_begin_block (log, 5, 0);
  es_test_log_event (log, 1, 5, es_payload_u32 (es_payload_new (), 1));
  for (guint i = 0; i < n_markers; i++)
    {
      g_autofree char *text = g_strdup_printf ("iteration %u", i);

      es_test_log_event (log, 58, 10 + 10 * (guint64) i, es_payload_str (es_payload_new (), text));
    }
  es_test_log_event (log, 1, 20 + 10 * (guint64) n_markers, es_payload_u32 (es_payload_new (), 1));
  es_test_log_end_block (log, 20 + 10 * (guint64) n_markers);
  es_test_log_end (log);
  g_assert_cmpuint (n_markers, >, ES_BOOKMARKS_MAX_SEEDED_MARKERS);
  path = es_test_write_temp_log (es_test_log_get_data (log)->data, es_test_log_get_data (log)->len);
  resolved = realpath (path, NULL);
  saved_file = es_bookmarks_file_for_log (resolved);

  list = open_and_wait (path, &window);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (es_bookmark_list_get_model (list))), ==, 0);
  g_assert_nonnull (es_test_find_label (GTK_WIDGET (list), needle));

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (saved_file);
  g_unlink (path);
}

/* The Bookmarks page, hidden, gives its view no rows (a followed log's
 * every update would make and drop their widgets on the main thread);
 * shown, the view has them all. */
static void
test_hidden_page_makes_no_rows (void)
{
  g_autofree char *fixture = es_test_fixture_path ("parfib-N2.eventlog");
  g_autofree char *contents = NULL;
  g_autofree char *path = NULL;
  g_autofree char *resolved = NULL;
  g_autofree char *saved_file = NULL;
  EsBookmarkList *list;
  EsWindow *window;
  GtkColumnView *view;
  GtkWidget *notebook;
  gsize length;

  g_assert_true (g_file_get_contents (fixture, &contents, &length, NULL));
  path = es_test_write_temp_log ((const guint8 *) contents, length);
  resolved = realpath (path, NULL);
  saved_file = es_bookmarks_file_for_log (resolved);

  list = open_and_wait (path, &window);
  view = GTK_COLUMN_VIEW (es_test_find_widget_of_type (GTK_WIDGET (list), GTK_TYPE_COLUMN_VIEW));
  g_assert_nonnull (view);
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (list)));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (es_bookmark_list_get_model (list))), >=, 3);
  g_assert_null (gtk_column_view_get_model (view));

  notebook = gtk_widget_get_ancestor (GTK_WIDGET (list), GTK_TYPE_NOTEBOOK);
  g_assert_nonnull (notebook);
  gtk_notebook_set_current_page (GTK_NOTEBOOK (notebook),
                                 gtk_notebook_page_num (GTK_NOTEBOOK (notebook), GTK_WIDGET (list)));
  es_test_wait_until (widget_mapped, list, 5);
  g_assert_true (gtk_column_view_get_model (view) == es_bookmark_list_get_model (list));

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (saved_file);
  g_unlink (path);
}

int
main (int    argc,
      char **argv)
{
  int status;

  if (!es_test_gui_init (&argc, &argv))
    return 0;

  g_test_add_func ("/bookmark-list/edits-survive-reopening", test_edits_survive_reopening);
  g_test_add_func ("/bookmark-list/dense-markers-explained", test_dense_markers_explained);
  g_test_add_func ("/bookmark-list/hidden-page-makes-no-rows", test_hidden_page_makes_no_rows);

  status = g_test_run ();
  g_object_unref (es_test_app);
  return status;
}
