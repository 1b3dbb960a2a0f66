/* test-panes-fit.c: the GC tab and the Pauses tab show every column
 * without scrolling sideways, at the sizes people run the window at
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gtk/gtk.h>

#include "es-gc-list.h"
#include "es-pause-panel.h"
#include "es-test-gui.h"
#include "es-test-log.h"

static void
settle (void)
{
  gint64 until = g_get_monotonic_time () + G_USEC_PER_SEC / 2;

  while (g_get_monotonic_time () < until)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

static gboolean
has_rows (gpointer data)
{
  GtkWidget *view = data;

  return gtk_widget_get_mapped (view) && gtk_column_view_get_model (GTK_COLUMN_VIEW (view)) != NULL &&
         gtk_widget_get_width (view) > 0;
}

static gboolean
pause_panel_shown (gpointer data)
{
  EsPausePanel *panel = data;
  g_autofree char *text = es_pause_panel_dup_text (panel);

  return gtk_widget_get_mapped (GTK_WIDGET (panel)) && g_str_has_prefix (text, "Pauses of the whole run");
}

/* How much wider than @scroller what it holds would like to be, in
 * pixels: more than 0 scrolls sideways. */
static int
overflow (GtkWidget *scroller)
{
  GtkWidget *child = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller));
  int natural;

  if (GTK_IS_VIEWPORT (child))
    child = gtk_viewport_get_child (GTK_VIEWPORT (child));
  gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
  return natural - gtk_widget_get_width (scroller);
}

static void
assert_fits (gconstpointer data)
{
  const int *size = data;
  g_autofree char *path = es_test_fixture_path ("alloc-A1m-N2.eventlog");
  EsWindow *window = es_window_new (es_test_app);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GtkWidget *gc_list, *view, *sidebar_notebook, *panel, *notebook;

  gtk_window_set_default_size (GTK_WINDOW (window), size[0], size[1]);
  gtk_window_present (GTK_WINDOW (window));
  es_window_open_file (window, file);
  es_test_wait_for_page (window, "timeline");

  /* The sidebar as wide as it starts, on its GC page, sorted as it
   * starts (the longest pause first): the sort arrow takes room too. */
  gc_list = es_test_find_widget_of_type (GTK_WIDGET (window), ES_TYPE_GC_LIST);
  sidebar_notebook = gtk_widget_get_ancestor (gc_list, GTK_TYPE_NOTEBOOK);
  gtk_notebook_set_current_page (GTK_NOTEBOOK (sidebar_notebook),
                                 gtk_notebook_page_num (GTK_NOTEBOOK (sidebar_notebook), gc_list));
  view = es_test_find_widget_of_type (gc_list, GTK_TYPE_COLUMN_VIEW);
  es_test_wait_until (has_rows, view, 30);
  settle ();
  g_test_message ("%dx%d: GC list %d px wide, needs %d more", size[0], size[1],
                  gtk_widget_get_width (gc_list), overflow (gtk_widget_get_ancestor (view, GTK_TYPE_SCROLLED_WINDOW)));
  g_assert_cmpint (overflow (gtk_widget_get_ancestor (view, GTK_TYPE_SCROLLED_WINDOW)), <=, 0);

  panel = es_test_find_widget_of_type (GTK_WIDGET (window), ES_TYPE_PAUSE_PANEL);
  notebook = gtk_widget_get_ancestor (panel, GTK_TYPE_NOTEBOOK);
  gtk_notebook_set_current_page (GTK_NOTEBOOK (notebook), gtk_notebook_page_num (GTK_NOTEBOOK (notebook), panel));
  es_test_wait_until (pause_panel_shown, panel, 30);
  settle ();
  g_test_message ("%dx%d: Pauses panel %d px wide, needs %d more", size[0], size[1],
                  gtk_widget_get_width (panel), overflow (gtk_widget_get_first_child (panel)));
  g_assert_cmpint (overflow (gtk_widget_get_first_child (panel)), <=, 0);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  static const int small[] = { 1280, 800 }, large[] = { 1600, 1000 };

  if (!es_test_gui_init (&argc, &argv))
    return 0;
  g_test_add_data_func ("/panes-fit/1280x800", small, assert_fits);
  g_test_add_data_func ("/panes-fit/1600x1000", large, assert_fits);
  return g_test_run ();
}
