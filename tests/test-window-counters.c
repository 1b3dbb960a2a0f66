/* test-window-counters.c: a Mono log's runtime counters picked in the
 * Traces tab are rows of the window, remembered
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-test-gui.h"
#include "es-test-log.h"
#include "es-timeline-describe.h"

#define FIXTURE "mlpd/counter-compute.mlpd"

static gboolean
is_named (GtkWidget     *widget,
          gconstpointer  name)
{
  return g_strcmp0 (gtk_widget_get_name (widget), name) == 0;
}

/* The row of counter @counter in @rows' layout, or NULL. */
static const EsTimelineRow *
counter_row (EsTimelineRows *rows,
             guint           counter)
{
  GArray *layout = es_timeline_rows_get_layout (rows);

  for (guint i = 0; i < layout->len; i++)
    {
      const EsTimelineRow *row = &g_array_index (layout, EsTimelineRow, i);

      if (row->kind == ES_ROW_COUNTER && row->cap == counter)
        return row;
    }
  return NULL;
}

static guint
count_counter_rows (EsTimelineRows *rows)
{
  GArray *layout = es_timeline_rows_get_layout (rows);
  guint n = 0;

  for (guint i = 0; i < layout->len; i++)
    n += g_array_index (layout, EsTimelineRow, i).kind == ES_ROW_COUNTER;
  return n;
}

/* By default the memory's and the JIT's counters are shown;
 * a counter ticked in the Traces tab's popover is a row, whose tooltip
 * tells its value, and stays one when the log is opened again; unticked,
 * it goes. */
static void
test_picked_counter_is_a_row (void)
{
  GSettings *settings = es_application_get_settings (es_test_app);
  g_autofree char *path = es_test_fixture_path (FIXTURE);
  EsWindow *window = es_test_open_window (path);
  EsTimelineRows *rows;
  EsDocument *document;
  GtkWidget *picker, *check;
  GtkPopover *popover;
  g_auto(GStrv) saved = NULL;
  g_autoptr(GString) tooltip = g_string_new (NULL);
  EsTimelineView view;
  guint faults;

  es_test_wait_for_page (window, "timeline");
  rows = es_timeline_get_rows (es_window_get_timeline (window));
  document = es_timeline_rows_get_document (rows);
  faults = es_document_find_counter (document, "Mono System", "Page Faults");
  g_assert_cmpuint (faults, !=, G_MAXUINT);
  g_assert_nonnull (counter_row (rows, es_document_find_counter (document, "Mono System", "Working Set")));
  g_assert_cmpuint (count_counter_rows (rows), ==, 2);
  g_assert_null (counter_row (rows, faults));

  picker = es_test_find_widget (GTK_WIDGET (window), is_named, "counter-picker");
  g_assert_nonnull (picker);
  gtk_menu_button_popup (GTK_MENU_BUTTON (picker));
  popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (picker));
  check = es_test_find_check_button (GTK_WIDGET (popover), "Page Faults");
  g_assert_nonnull (check);
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (check)));
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (es_test_find_check_button (GTK_WIDGET (popover),
                                                                                           "Working Set"))));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
  gtk_popover_popdown (popover);

  g_assert_nonnull (counter_row (rows, faults));
  g_assert_cmpuint (count_counter_rows (rows), ==, 3);
  saved = g_settings_get_strv (settings, "shown-counters");
  g_assert_true (g_strv_contains ((const char * const *) saved, "Mono System/Page Faults"));
  es_timeline_rows_get_view (rows, &view);
  g_assert_true (es_timeline_describe_row (tooltip, &view, counter_row (rows, faults),
                                          es_document_get_end_time (document), 0));
  g_assert_true (g_str_has_prefix (tooltip->str, "Mono System: Page Faults\n3"));
  g_assert_true (g_str_has_suffix (tooltip->str, "364"));
  gtk_window_destroy (GTK_WINDOW (window));

  /* Opened again, it is still there; unticked, gone. */
  window = es_test_open_window (path);
  es_test_wait_for_page (window, "timeline");
  rows = es_timeline_get_rows (es_window_get_timeline (window));
  g_assert_nonnull (counter_row (rows, faults));
  picker = es_test_find_widget (GTK_WIDGET (window), is_named, "counter-picker");
  gtk_menu_button_popup (GTK_MENU_BUTTON (picker));
  popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (picker));
  check = es_test_find_check_button (GTK_WIDGET (popover), "Page Faults");
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (check)));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), FALSE);
  gtk_popover_popdown (popover);
  g_assert_null (counter_row (rows, faults));
  g_assert_cmpuint (count_counter_rows (rows), ==, 2);
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "shown-counters");
}

/* A log without counters (recorded with nodefaults, and not counter)
 * says how to get them, in the popover. */
static void
test_log_without_counters_says_how (void)
{
  g_autofree char *path = es_test_fixture_path ("mlpd/nodefaults-locks.mlpd");
  EsWindow *window = es_test_open_window (path);
  GtkWidget *picker;

  es_test_wait_for_page (window, "timeline");
  g_assert_cmpuint (count_counter_rows (es_timeline_get_rows (es_window_get_timeline (window))), ==, 0);
  picker = es_test_find_widget (GTK_WIDGET (window), is_named, "counter-picker");
  gtk_menu_button_popup (GTK_MENU_BUTTON (picker));
  g_assert_nonnull (es_test_find_label (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (picker))),
                                        "--profile=log:counter"));
  gtk_popover_popdown (gtk_menu_button_get_popover (GTK_MENU_BUTTON (picker)));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  int status;

  if (!es_test_gui_init (&argc, &argv))
    return 0;

  g_test_add_func ("/counters-window/picked-counter-is-a-row", test_picked_counter_is_a_row);
  g_test_add_func ("/counters-window/log-without-counters-says-how", test_log_without_counters_says_how);

  status = g_test_run ();
  g_object_unref (es_test_app);
  return status;
}
