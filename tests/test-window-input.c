/* test-window-input.c: what the window does with broken, cut and damaged logs, and with files dropped on it
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include <gtk/gtk.h>

#include "es-test-gui.h"
#include "es-test-log.h"
#include "es-window.h"
#include "es-window-drop.h"

static void
test_broken_file_shows_error (void)
{
  g_autofree char *fixture = es_test_fixture_path ("hello.eventlog");
  g_autofree char *contents = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  EsWindow *window;
  GtkWidget *stack;
  gsize len;

  g_assert_true (g_file_get_contents (fixture, &contents, &len, NULL));
  memcpy (contents, "%PDF", 4);
  path = es_test_write_temp_log ((const guint8 *) contents, len);

  window = es_test_open_window (path);
  es_test_wait_for_page (window, "error");
  stack = es_test_find_widget_of_type (GTK_WIDGET (window), GTK_TYPE_STACK);
  g_assert_nonnull (stack);
  g_assert_null (es_window_get_session (window));
  /* Its words, not selected as if to be typed over. */
  {
    GtkWidget *message = es_test_find_label (GTK_WIDGET (window), "byte");
    int start = 0, end = 0;

    for (guint i = 0; i < 20; i++)
      g_main_context_iteration (NULL, FALSE);
    g_assert_nonnull (message);
    g_assert_true (gtk_label_get_selectable (GTK_LABEL (message)));
    if (gtk_label_get_selection_bounds (GTK_LABEL (message), &start, &end))
      g_assert_cmpint (start, ==, end);
    g_assert_false (gtk_widget_has_focus (message));
  }
  g_unlink (path);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A log cut short opens, with a notice of where it ends. */
static void
test_truncated_log_opens_with_notice (void)
{
  g_autofree char *fixture = es_test_fixture_path ("parfib-N2.eventlog");
  g_autofree char *contents = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  EsWindow *window;
  gint64 stop;
  gsize len;

  g_assert_true (g_file_get_contents (fixture, &contents, &len, NULL));
  path = es_test_write_temp_log ((const guint8 *) contents, len / 2);

  window = es_test_open_window (path);
  es_test_wait_for_page (window, "timeline");
  g_assert_true (es_document_is_truncated (es_session_get_document (es_window_get_session (window)), &stop));
  g_assert_cmpint (stop, <=, (gint64) (len / 2));
  g_unlink (path);
  gtk_window_destroy (GTK_WINDOW (window));
}

static GtkLabel *
find_label_starting (GtkWidget  *widget,
                     const char *prefix)
{
  if (GTK_IS_LABEL (widget) && g_str_has_prefix (gtk_label_get_label (GTK_LABEL (widget)), prefix))
    return GTK_LABEL (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = find_label_starting (child, prefix);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A damaged packed Mono log opens as one cut where the damage shows, with
 * a notice that says where the packed file is damaged. */
static void
test_damaged_packed_log_opens_with_notice (void)
{
  g_autofree char *fixture = es_test_fixture_path ("mlpd/gc-zip.mlpd");
  g_autofree char *contents = NULL;
  g_autofree char *path = NULL;
  EsWindow *window;
  EsDocument *document;
  GtkLabel *notice;
  gsize len;

  g_assert_true (g_file_get_contents (fixture, &contents, &len, NULL));
  contents[len - 7] ^= 0xff;   /* the gzip checksum */
  path = es_test_write_temp_log ((const guint8 *) contents, len);

  window = es_test_open_window (path);
  es_test_wait_for_page (window, "timeline");
  document = es_session_get_document (es_window_get_session (window));
  g_assert_nonnull (es_document_get_damage (document));
  g_assert_true (es_document_is_truncated (document, NULL));
  notice = find_label_starting (GTK_WIDGET (window), "This log is damaged: bytes ");
  g_assert_nonnull (notice);
  g_assert_nonnull (strstr (gtk_label_get_label (notice), " of the packed file: the gzip checksum does not match"));
  g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (gtk_widget_get_ancestor (GTK_WIDGET (notice),
                                                                                       GTK_TYPE_REVEALER))));
  g_unlink (path);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Dropping a file on an empty window opens it there. */
static void
test_drop_opens_file (void)
{
  g_autofree char *path = es_test_fixture_path ("hello.eventlog");
  EsWindow *window = es_window_new (es_test_app);
  GtkEventController *drop = es_test_find_controller (GTK_WIDGET (window), GTK_TYPE_DROP_TARGET);
  g_auto(GValue) value = G_VALUE_INIT;
  GSList *files;
  gboolean accepted = FALSE;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_nonnull (drop);
  files = g_slist_prepend (NULL, g_file_new_for_path (path));
  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, files);
  g_signal_emit_by_name (drop, "drop", &value, 100.0, 100.0, &accepted);
  g_assert_true (accepted);
  es_test_wait_for_page (window, "timeline");
  g_assert_cmpstr (es_document_get_process (es_session_get_document (es_window_get_session (window)))->program, ==, "./hello");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A broken file dropped on a window showing a log, and opened rather than
 * compared, opens in a window of its own, which says what is wrong; the
 * log that was open stays as it was. */
static void
test_broken_drop_keeps_open_log (void)
{
  g_autofree char *path = es_test_fixture_path ("hello.eventlog");
  g_autofree char *contents = NULL;
  g_autofree char *broken = NULL;
  EsWindow *window = es_test_open_window (path);
  GtkEventController *drop = es_test_find_controller (GTK_WIDGET (window), GTK_TYPE_DROP_TARGET);
  g_auto(GValue) value = G_VALUE_INIT;
  EsDocument *document;
  EsWindow *other = NULL;
  gboolean accepted = FALSE;
  gsize len;

  es_test_wait_for_page (window, "timeline");
  document = es_session_get_document (es_window_get_session (window));
  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  memcpy (contents + len / 2, "\xff\xff\xff\xff\xff\xff", 6);
  broken = es_test_write_temp_log ((const guint8 *) contents, len);

  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, g_slist_prepend (NULL, g_file_new_for_path (broken)));
  g_signal_emit_by_name (drop, "drop", &value, 100.0, 100.0, &accepted);
  g_assert_true (accepted);
  /* Asked whether to open it or compare it, the user opens it. */
  {
    GListModel *toplevels = gtk_window_get_toplevels ();
    GtkWidget *dialog = NULL;

    for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
      {
        g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

        if (GTK_IS_DIALOG (toplevel) && gtk_window_get_transient_for (toplevel) == GTK_WINDOW (window))
          dialog = GTK_WIDGET (toplevel);
      }
    g_assert_nonnull (dialog);
    gtk_dialog_response (GTK_DIALOG (dialog), ES_DROP_OPEN);
  }
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (es_test_app)); l != NULL; l = l->next)
    if (l->data != (gpointer) window && ES_IS_WINDOW (l->data))
      other = l->data;
  g_assert_nonnull (other);
  es_test_wait_for_page (other, "error");
  g_unlink (broken);

  g_assert_true (es_session_get_document (es_window_get_session (window)) == document);
  es_test_wait_for_page (window, "timeline");
  gtk_window_destroy (GTK_WINDOW (other));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  if (!es_test_gui_init (&argc, &argv))
    return 0;

  g_test_add_func ("/window/broken-file-shows-error", test_broken_file_shows_error);
  g_test_add_func ("/window/truncated-log-opens-with-notice", test_truncated_log_opens_with_notice);
  g_test_add_func ("/window/damaged-packed-log-opens-with-notice", test_damaged_packed_log_opens_with_notice);
  g_test_add_func ("/window/drop-opens-file", test_drop_opens_file);
  g_test_add_func ("/window/broken-drop-keeps-open-log", test_broken_drop_keeps_open_log);

  return g_test_run ();
}
