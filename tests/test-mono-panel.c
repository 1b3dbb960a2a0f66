/* test-mono-panel.c: the Calls & Allocations tab of a Mono log in a real
 * window (under Xvfb in CI): the document's figures of the selection, its
 * sorting, search and empty states
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * With ES_TEST_SCREENSHOTS=DIR, it also saves a picture of each window,
 * with its selection, as DIR/mono-NAME.png.
 */

#include "config.h"

#include <string.h>

#include <gtk/gtk.h>

#include "es-document.h"
#include "es-mono-panel.h"
#include "es-test-gui.h"
#include "es-test-log.h"

typedef struct
{
  EsMonoPanel *panel;
  const char  *heading_prefix;
} Wanted;

static gboolean
heading_is (gpointer data)
{
  Wanted *wanted = data;

  return g_str_has_prefix (es_mono_panel_get_heading (wanted->panel), wanted->heading_prefix);
}

static gboolean
has_document (gpointer window)
{
  return es_test_shown_document (window) != NULL;
}

static EsWindow *
open_fixture (const char *name)
{
  g_autofree char *path = es_test_fixture_path (name);
  EsWindow *window = es_test_open_window (path);

  es_test_wait_until (has_document, window, 30);
  return window;
}

static EsMonoPanel *
show_tab (EsWindow *window)
{
  GtkWidget *panel = es_test_find_widget_of_type (GTK_WIDGET (window), ES_TYPE_MONO_PANEL);
  GtkWidget *notebook;

  g_assert_nonnull (panel);
  g_assert_true (gtk_widget_get_visible (panel));
  notebook = gtk_widget_get_ancestor (panel, GTK_TYPE_NOTEBOOK);
  gtk_notebook_set_current_page (GTK_NOTEBOOK (notebook), gtk_notebook_page_num (GTK_NOTEBOOK (notebook), panel));
  return ES_MONO_PANEL (panel);
}

/* Waits for the panel to show [t0, t1) (the whole run if t1 is 0). */
static void
select_and_wait (EsWindow    *window,
                 EsMonoPanel *panel,
                 guint64      t0,
                 guint64      t1)
{
  g_autofree char *prefix = t1 > 0 ? g_strdup_printf ("%.6f s to %.6f s:", t0 / 1e9, t1 / 1e9)
                                   : g_strdup ("The whole run:");
  Wanted wanted = { panel, prefix };

  if (t1 > 0)
    es_session_select (es_window_get_session (window), t0, t1);
  es_test_wait_until (heading_is, &wanted, 30);
}

/* The methods table holds exactly the figures of the interval: a row per
 * method called, with its calls, total and self time, biggest total
 * first. */
static void
check_methods (EsMonoPanel    *panel,
               EsMonoActivity *activity,
               gboolean        interval,
               guint64         t0,
               guint64         t1)
{
  EsMonoTable *table = es_mono_panel_get_table (panel, ES_MONO_TABLE_METHODS);
  g_autoptr(EsMonoActivityFigures) f = es_mono_activity_compute (activity, interval, t0, t1);
  guint n = es_mono_table_get_n_shown (table);
  guint64 previous_total = G_MAXUINT64;

  g_assert_cmpuint (n, ==, f->methods->len);
  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n; i++)
    {
      EsMonoRow *row = es_mono_table_get_shown (table, i);
      gboolean found = FALSE;

      g_assert_cmpuint (es_mono_row_get_value (row, 1), <=, previous_total);
      previous_total = es_mono_row_get_value (row, 1);
      for (guint m = 0; m < f->methods->len && !found; m++)
        {
          const EsMonoActivityMethod *method = &g_array_index (f->methods, EsMonoActivityMethod, m);

          if (method->method != es_mono_row_get_id (row))
            continue;
          g_assert_cmpstr (es_mono_row_get_name (row), ==, es_mono_activity_method_name (activity, method->method));
          g_assert_cmpuint (es_mono_row_get_value (row, 0), ==, method->calls);
          g_assert_cmpuint (es_mono_row_get_value (row, 1), ==, method->total);
          g_assert_cmpuint (es_mono_row_get_value (row, 2), ==, method->self);
          found = TRUE;
        }
      g_assert_true (found);
    }
}

static gboolean
is_drawn (gpointer data)
{
  return gtk_widget_get_width (data) > 100 && gtk_widget_get_mapped (data);
}

/* The window as it is drawn, to DIR/NAME.png if ES_TEST_SCREENSHOTS=DIR. */
static void
maybe_save_picture (EsWindow   *window,
                    const char *name)
{
  const char *dir = g_getenv ("ES_TEST_SCREENSHOTS");
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  int width, height;
  gint64 until = g_get_monotonic_time () + G_USEC_PER_SEC;

  if (dir == NULL)
    return;
  /* a second of frames, for every table to be laid out and drawn */
  while (g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
  width = gtk_widget_get_width (GTK_WIDGET (window));
  height = gtk_widget_get_height (GTK_WIDGET (window));
  paintable = gtk_widget_paintable_new (GTK_WIDGET (window));
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  path = g_strdup_printf ("%s/mono-%s.png", dir, name);
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

/* calls-compute.mlpd: the methods of the whole run, then of a selection,
 * are the document's; a search keeps the methods that match. */
static void
test_calls_follow_the_selection (void)
{
  EsWindow *window = open_fixture ("mlpd/calls-compute.mlpd");
  EsDocument *document = es_test_shown_document (window);
  EsMonoActivity *activity = es_document_get_mono_activity (document);
  guint64 end = es_document_get_end_time (document);
  EsMonoPanel *panel = show_tab (window);
  EsMonoTable *methods = es_mono_panel_get_table (panel, ES_MONO_TABLE_METHODS);

  g_assert_nonnull (activity);
  select_and_wait (window, panel, 0, 0);
  check_methods (panel, activity, FALSE, 0, 0);
  /* the calls are in its first fifth: the rest is the runtime's exit */
  select_and_wait (window, panel, end / 20, end / 10);
  check_methods (panel, activity, TRUE, end / 20, end / 10);

  /* "compute:" is the program's own methods, in any case */
  {
    g_autoptr(EsMonoActivityFigures) f = es_mono_activity_compute (activity, TRUE, end / 20, end / 10);
    guint expected = 0;

    for (guint m = 0; m < f->methods->len; m++)
      if (g_str_has_prefix (es_mono_activity_method_name (activity, g_array_index (f->methods,
                                                                                   EsMonoActivityMethod, m).method),
                            "Compute:"))
        expected++;
    es_mono_panel_set_search (panel, "compute:");
    g_assert_cmpuint (expected, >, 0);
    g_assert_cmpuint (es_mono_table_get_n_shown (methods), ==, expected);
    g_assert_nonnull (strstr (es_mono_row_get_name (es_mono_table_get_shown (methods, 0)), "Compute:"));
  }
  es_mono_panel_set_search (panel, "no method is called this");
  g_assert_true (es_mono_table_is_empty_shown (methods));
  g_assert_cmpstr (es_mono_table_get_empty_text (methods), ==, "Nothing here matches the search.");
  es_mono_panel_set_search (panel, "");
  g_assert_false (es_mono_table_is_empty_shown (methods));

  /* Sorted by name from the keyboard, then the other way */
  es_mono_table_sort_by (methods, 0, GTK_SORT_ASCENDING);
  g_assert_cmpint (g_utf8_collate (es_mono_row_get_name (es_mono_table_get_shown (methods, 0)),
                                   es_mono_row_get_name (es_mono_table_get_shown (methods, 1))), <=, 0);
  es_mono_table_sort_by (methods, 2, GTK_SORT_DESCENDING);

  es_test_wait_until (is_drawn, methods, 10);
  maybe_save_picture (window, "calls-compute");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* monitor-locks.mlpd: no calls nor allocations, and the tables say which
 * option records them; its two lock objects with mprof-report's
 * contentions (74 and 5). */
static void
test_locks_and_empty_states (void)
{
  EsWindow *window = open_fixture ("mlpd/monitor-locks.mlpd");
  EsMonoPanel *panel = show_tab (window);
  EsMonoTable *methods = es_mono_panel_get_table (panel, ES_MONO_TABLE_METHODS);
  EsMonoTable *classes = es_mono_panel_get_table (panel, ES_MONO_TABLE_CLASSES);
  EsMonoTable *locks = es_mono_panel_get_table (panel, ES_MONO_TABLE_LOCKS);
  EsDocument *document = es_test_shown_document (window);
  guint64 end = es_document_get_end_time (document);

  select_and_wait (window, panel, 0, 0);
  g_assert_true (es_mono_table_is_empty_shown (methods));
  g_assert_nonnull (strstr (es_mono_table_get_empty_text (methods), "mono --profile=log:calls"));
  g_assert_true (es_mono_table_is_empty_shown (classes));
  g_assert_nonnull (strstr (es_mono_table_get_empty_text (classes), "mono --profile=log:alloc"));
  g_assert_cmpuint (es_mono_table_get_n_shown (locks), ==, 2);
  g_assert_cmpuint (es_mono_row_get_value (es_mono_table_get_shown (locks, 0), 0), ==, 74);
  g_assert_cmpuint (es_mono_row_get_value (es_mono_table_get_shown (locks, 1), 0), ==, 5);

  /* mprof-report's Exception summary: 10 throws, 10 catch and 206 finally
   * clauses run */
  {
    EsMonoTable *throws = es_mono_panel_get_table (panel, ES_MONO_TABLE_THROWS);
    EsMonoTable *clauses = es_mono_panel_get_table (panel, ES_MONO_TABLE_CLAUSES);
    guint64 n_throws = 0, n_catch = 0, n_finally = 0;

    for (guint i = 0; i < es_mono_table_get_n_shown (throws); i++)
      n_throws += es_mono_row_get_value (es_mono_table_get_shown (throws, i), 0);
    for (guint i = 0; i < es_mono_table_get_n_shown (clauses); i++)
      {
        EsMonoRow *row = es_mono_table_get_shown (clauses, i);

        if (g_str_equal (es_mono_row_get_detail (row), "catch"))
          n_catch += es_mono_row_get_value (row, 0);
        else if (g_str_equal (es_mono_row_get_detail (row), "finally"))
          n_finally += es_mono_row_get_value (row, 0);
      }
    g_assert_cmpuint (n_throws, ==, 10);
    g_assert_cmpuint (n_catch, ==, 10);
    g_assert_cmpuint (n_finally, ==, 206);
    es_mono_panel_show_page (panel, ES_MONO_PAGE_EXCEPTIONS);
    es_test_wait_until (is_drawn, throws, 10);
    maybe_save_picture (window, "monitor-locks-exceptions");
  }

  /* the lockers' run, about 20 ms to 60 ms into its 1.1 s */
  es_mono_panel_show_page (panel, ES_MONO_PAGE_LOCKS);
  select_and_wait (window, panel, end / 50, end / 18);
  g_assert_cmpuint (es_mono_table_get_n_shown (locks), >, 0);
  es_test_wait_until (is_drawn, locks, 10);
  maybe_save_picture (window, "monitor-locks");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* alloc-frames4.mlpd: the class selected shows where its objects were
 * allocated, its backtraces adding up to its bytes. */
static void
test_allocation_backtraces (void)
{
  EsWindow *window = open_fixture ("mlpd/alloc-frames4.mlpd");
  EsMonoPanel *panel = show_tab (window);
  EsMonoTable *classes = es_mono_panel_get_table (panel, ES_MONO_TABLE_CLASSES);
  EsMonoTable *backtraces = es_mono_panel_get_table (panel, ES_MONO_TABLE_BACKTRACES);
  EsDocument *document = es_test_shown_document (window);
  guint64 end = es_document_get_end_time (document), bytes = 0;
  EsMonoRow *top;

  es_mono_panel_show_page (panel, ES_MONO_PAGE_ALLOCATIONS);
  select_and_wait (window, panel, 0, 0);
  g_assert_true (es_mono_table_is_empty_shown (backtraces));
  g_assert_nonnull (strstr (es_mono_table_get_empty_text (backtraces), "Select a class"));
  /* mprof-report's first line: System.Byte[], 22328 bytes */
  top = es_mono_table_get_shown (classes, 0);
  g_assert_cmpstr (es_mono_row_get_name (top), ==, "System.Byte[]");
  g_assert_cmpuint (es_mono_row_get_value (top, 0), ==, 22328);
  es_mono_table_select_id (classes, es_mono_row_get_id (top));
  g_assert_cmpuint (es_mono_table_get_n_shown (backtraces), >, 1);
  for (guint i = 0; i < es_mono_table_get_n_shown (backtraces); i++)
    {
      EsMonoRow *row = es_mono_table_get_shown (backtraces, i);

      bytes += es_mono_row_get_value (row, 0);
      g_assert_nonnull (strstr (es_mono_row_get_detail (row), " \342\206\220 "));
    }
  g_assert_cmpuint (bytes, ==, 22328);

  select_and_wait (window, panel, end / 50, end / 2);
  g_assert_cmpuint (es_mono_table_get_n_shown (classes), >, 0);
  es_mono_table_select_id (classes, es_mono_row_get_id (es_mono_table_get_shown (classes, 0)));
  es_test_wait_until (is_drawn, backtraces, 10);
  maybe_save_picture (window, "alloc-frames4");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  if (!es_test_gui_init (&argc, &argv))
    return 0;
  g_test_add_func ("/mono-panel/calls-follow-the-selection", test_calls_follow_the_selection);
  g_test_add_func ("/mono-panel/locks-and-empty-states", test_locks_and_empty_states);
  g_test_add_func ("/mono-panel/allocation-backtraces", test_allocation_backtraces);
  return g_test_run ();
}
