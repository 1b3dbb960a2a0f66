/* test-window-heapshots.c: a Mono log's heap shots in the window: the
 * Heap Shots tab follows the timeline and its menus, its table sorts, the
 * Heap profile row's tooltip names each class's bytes and objects, and the
 * Key lists the heap profile only for a log with shots
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-heap-census.h"
#include "es-heap-shot-panel.h"
#include "es-heap-shot-row.h"
#include "es-sidebar.h"
#include "es-test-gui.h"
#include "es-test-log.h"
#include "es-timeline-describe.h"
#include "es-timeline-key.h"

static EsHeapShotPanel *
find_panel (EsWindow *window)
{
  GtkWidget *panel = es_test_find_widget_of_type (GTK_WIDGET (window), ES_TYPE_HEAP_SHOT_PANEL);

  g_assert_nonnull (panel);
  return ES_HEAP_SHOT_PANEL (panel);
}

/* The document's censuses in time order: shot N of mprof-report. */
static guint
shot_number (EsDocument *document,
             guint       n)
{
  guint shot = ES_HEAP_CENSUS_NONE;

  for (guint i = 0; i <= n; i++)
    {
      guint best = ES_HEAP_CENSUS_NONE;
      guint64 best_time = G_MAXUINT64;

      for (guint c = 0; c < es_heap_census_get_n (document); c++)
        {
          EsHeapCensusTotals t, s;

          es_heap_census_get_totals (document, c, &t);
          if (shot != ES_HEAP_CENSUS_NONE)
            {
              es_heap_census_get_totals (document, shot, &s);
              if (t.time <= s.time)
                continue;
            }
          if (t.time < best_time)
            {
              best = c;
              best_time = t.time;
            }
        }
      shot = best;
    }
  return shot;
}

static guint64
shot_time (EsDocument *document,
           guint       shot)
{
  EsHeapCensusTotals totals;

  es_heap_census_get_totals (document, shot, &totals);
  return totals.time;
}

/* The table's rows are the comparison's bands, each with its figures. */
static void
assert_rows_are (EsHeapShotPanel *panel,
                 EsDocument      *document,
                 guint            shot,
                 guint            base)
{
  g_autoptr(GArray) bands = es_heap_census_compare (document, shot, base);
  GListModel *rows = es_heap_shot_panel_get_rows (panel);
  guint chosen, chosen_base;

  es_heap_shot_panel_get_chosen (panel, &chosen, &chosen_base);
  g_assert_cmpuint (chosen, ==, shot);
  g_assert_cmpuint (chosen_base, ==, base);
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, bands->len);
  for (guint i = 0; i < bands->len; i++)
    {
      g_autoptr(EsHeapShotRow) row = g_list_model_get_item (rows, i);
      const EsHeapCensusBand *band = es_heap_shot_row_get_band (row);
      const EsHeapCensusBand *want = NULL;

      for (guint k = 0; k < bands->len && want == NULL; k++)
        if (g_array_index (bands, EsHeapCensusBand, k).band == band->band)
          want = &g_array_index (bands, EsHeapCensusBand, k);
      g_assert_nonnull (want);
      g_assert_cmpstr (es_heap_shot_row_get_name (row), ==, es_document_get_heap_band_name (document, band->band));
      g_assert_cmpuint (band->bytes, ==, want->bytes);
      g_assert_cmpuint (band->objects, ==, want->objects);
      g_assert_cmpint (band->bytes_change, ==, want->bytes_change);
      g_assert_cmpint (band->objects_change, ==, want->objects_change);
    }
}

/* A click shows the shot nearest it against the one before; a selection
 * from one shot to another compares those two; the menus choose any two;
 * at first, the last shot against the one before. */
static void
test_panel_follows_the_timeline (void)
{
  g_autofree char *path = es_test_fixture_path ("mlpd/heapshot-steps.mlpd");
  EsWindow *window = es_test_open_window (path);
  EsHeapShotPanel *panel;
  EsDocument *document;
  EsSession *session;
  GtkWidget *menu;
  guint n;

  es_test_wait_for_page (window, "timeline");
  panel = find_panel (window);
  document = es_test_shown_document (window);
  session = es_window_get_session (window);
  n = es_heap_census_get_n (document);
  g_assert_cmpuint (n, ==, 11);
  g_assert_true (es_heap_shot_panel_has_shots (panel));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (panel)));
  assert_rows_are (panel, document, shot_number (document, 10), shot_number (document, 9));
  g_assert_nonnull (strstr (es_heap_shot_panel_get_summary (panel), "66 classes"));

  es_session_set_cursor (session, shot_time (document, shot_number (document, 4)) + 1000);
  assert_rows_are (panel, document, shot_number (document, 4), shot_number (document, 3));

  es_session_select (session, shot_time (document, shot_number (document, 1)),
                     shot_time (document, shot_number (document, 7)));
  assert_rows_are (panel, document, shot_number (document, 7), shot_number (document, 1));

  /* The first menu is the shot's; the second's first item is no shot. */
  menu = es_test_find_widget_of_type (GTK_WIDGET (panel), GTK_TYPE_DROP_DOWN);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (menu), 2);
  assert_rows_are (panel, document, shot_number (document, 2), shot_number (document, 1));
  menu = gtk_widget_get_next_sibling (gtk_widget_get_next_sibling (menu));
  g_assert_true (GTK_IS_DROP_DOWN (menu));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (menu), 0);
  assert_rows_are (panel, document, shot_number (document, 2), ES_HEAP_CENSUS_NONE);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (menu), 1 + 9);
  assert_rows_are (panel, document, shot_number (document, 2), shot_number (document, 9));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gint64
row_value (GListModel *rows,
           guint       i,
           guint       column)
{
  g_autoptr(EsHeapShotRow) row = g_list_model_get_item (rows, i);
  const EsHeapCensusBand *band = es_heap_shot_row_get_band (row);

  return column == 2 ? (gint64) band->objects : column == 4 ? band->bytes_change : (gint64) band->bytes;
}

/* The table sorts by bytes, largest first, and by any column asked. */
static void
test_table_sorts (void)
{
  g_autofree char *path = es_test_fixture_path ("mlpd/heapshot-steps.mlpd");
  EsWindow *window = es_test_open_window (path);
  EsHeapShotPanel *panel;
  GtkColumnView *view;
  GListModel *rows, *columns;
  const guint sorted_by[] = { 2, 4 };

  es_test_wait_for_page (window, "timeline");
  panel = find_panel (window);
  rows = es_heap_shot_panel_get_rows (panel);
  g_assert_cmpuint (g_list_model_get_n_items (rows), >, 30);
  for (guint i = 1; i < g_list_model_get_n_items (rows); i++)
    g_assert_cmpint (row_value (rows, i - 1, 1), >=, row_value (rows, i, 1));

  view = GTK_COLUMN_VIEW (es_test_find_widget_of_type (GTK_WIDGET (panel), GTK_TYPE_COLUMN_VIEW));
  columns = gtk_column_view_get_columns (view);
  for (guint s = 0; s < G_N_ELEMENTS (sorted_by); s++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, sorted_by[s]);

      gtk_column_view_sort_by_column (view, column, GTK_SORT_ASCENDING);
      for (guint i = 1; i < g_list_model_get_n_items (rows); i++)
        g_assert_cmpint (row_value (rows, i - 1, sorted_by[s]), <=, row_value (rows, i, sorted_by[s]));
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* What the Heap profile row's tooltip says at @t. */
static char *
describe_heap_profile_at (EsDocument *document,
                          guint64     t)
{
  g_autoptr(GArray) rows = es_timeline_layout (document, ES_TIMELINE_DEFAULT_ROWS | (1u << ES_ROW_HEAP_PROFILE));
  GString *out = g_string_new (NULL);
  EsTimelineView view = { document, 0, es_document_get_end_time (document), 1000, FALSE };

  for (guint i = 0; i < rows->len; i++)
    if (g_array_index (rows, EsTimelineRow, i).kind == ES_ROW_HEAP_PROFILE)
      g_assert_true (es_timeline_describe_row (out, &view, &g_array_index (rows, EsTimelineRow, i), t, 0));
  g_assert_cmpuint (out->len, >, 0);
  return g_string_free (out, FALSE);
}

/* The tooltip at a shot names it, its bytes and objects, and its largest
 * classes with theirs and their change since the shot before, in the
 * report's figures (heapshot-gc.report.txt, shot 1). */
static void
test_tooltip_names_classes (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("mlpd/heapshot-gc.mlpd");
  g_autofree char *text = describe_heap_profile_at (document, shot_time (document, shot_number (document, 1)));
  g_autofree char *size = g_format_size (40080);
  g_autofree char *int_arrays = g_format_size (18672);
  g_autofree char *nodes = g_format_size (9600);
  g_autofree char *first = NULL, *int_line = NULL, *node_line = NULL;

  g_test_message ("%s", text);
  first = g_strdup_printf (" %s in 788 objects\n", size);
  int_line = g_strdup_printf ("\nSystem.Int32[]: %s, 301 objects (+", int_arrays);
  node_line = g_strdup_printf ("\nNode: %s, 300 objects (+", nodes);
  g_assert_true (g_str_has_prefix (text, "Heap shot at "));
  g_assert_nonnull (strstr (text, first));
  g_assert_nonnull (strstr (text, int_line));
  g_assert_nonnull (strstr (text, node_line));
  g_assert_nonnull (strstr (text, ", +200)"));
  g_assert_nonnull (strstr (text, "\nand 11 more classes"));
}

typedef struct
{
  EsWindow   *window;
  EsDocument *before;
} Loading;

static gboolean
shows_another_document (gpointer data)
{
  Loading *loading = data;
  EsDocument *shown = es_window_get_session (loading->window) != NULL
                      ? es_test_shown_document (loading->window) : NULL;

  return shown != NULL && shown != loading->before;
}

/* Whether the Heap Shots tab shows in the notebook, as @shots says. */
static gboolean
tab_is (EsWindow *window,
        gboolean  shots)
{
  GtkWidget *panel = GTK_WIDGET (find_panel (window));
  GtkWidget *notebook = gtk_widget_get_ancestor (panel, GTK_TYPE_NOTEBOOK);
  GtkWidget *tab = gtk_notebook_get_tab_label (GTK_NOTEBOOK (notebook), panel);

  return gtk_widget_get_visible (panel) == shots && gtk_widget_get_mapped (tab) == shots;
}

static gboolean
tab_shown (gpointer window)
{
  return tab_is (window, TRUE);
}

static gboolean
tab_hidden (gpointer window)
{
  return tab_is (window, FALSE);
}

/* The Key lists the heap profile for a Mono log with heap shots, and
 * nothing of it for one without; the Heap Shots tab is there only with
 * shots too, however the logs follow each other in one window (GTK 4.8
 * would not show the tab of a page hidden in the window's template). */
static void
test_key_and_tab_only_with_shots (void)
{
  static const struct { const char *fixture; gboolean shots; } logs[] = {
    { "mlpd/heapshot-gc.mlpd", TRUE },
    { "mlpd/gc-threads.mlpd", FALSE },
    { "heap-hT-N2.eventlog", FALSE },
    { "mlpd/heapshot-shutdown.mlpd", TRUE },
  };
  EsWindow *window = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (logs); i++)
    {
      g_autofree char *path = es_test_fixture_path (logs[i].fixture);
      GtkWidget *sidebar;
      const char *name;

      if (window == NULL)
        {
          g_autoptr(GFile) file = g_file_new_for_path (path);

          /* As `eventscope FILE` opens it: the file first, then the window. */
          window = es_window_new (es_test_app);
          gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
          es_window_open_file (window, file);
          gtk_window_present (GTK_WINDOW (window));
          es_test_wait_for_page (window, "timeline");
        }
      else
        {
          g_autoptr(GFile) file = g_file_new_for_path (path);
          Loading loading = { window, es_test_shown_document (window) };

          es_window_open_file (window, file);
          es_test_wait_until (shows_another_document, &loading, 10);
        }
      sidebar = es_test_find_widget_of_type (GTK_WIDGET (window), ES_TYPE_SIDEBAR);
      name = es_timeline_key_heap_profile (es_test_shown_document (window));
      if (es_document_get_format (es_test_shown_document (window)) == ES_DOCUMENT_MONO_LOG)
        g_assert_true ((name != NULL) == logs[i].shots);
      if (name != NULL)
        g_assert_nonnull (es_test_find_label (sidebar, name));
      g_assert_true ((es_test_find_label (sidebar, "Heap shots:") != NULL) == logs[i].shots);
      es_test_wait_until (logs[i].shots ? tab_shown : tab_hidden, window, 10);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  int status;

  if (!es_test_gui_init (&argc, &argv))
    return 0;

  g_test_add_func ("/heapshots-window/panel-follows-the-timeline", test_panel_follows_the_timeline);
  g_test_add_func ("/heapshots-window/table-sorts", test_table_sorts);
  g_test_add_func ("/heapshots-window/tooltip-names-classes", test_tooltip_names_classes);
  g_test_add_func ("/heapshots-window/key-and-tab-only-with-shots", test_key_and_tab_only_with_shots);

  status = g_test_run ();
  g_object_unref (es_test_app);
  return status;
}
