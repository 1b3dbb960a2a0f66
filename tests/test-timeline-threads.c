/* test-timeline-threads.c: the threads' section in a real window (under
 * Xvfb in CI): opening it, hovering a thread, selecting one
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <gtk/gtk.h>

#include "es-test-gui.h"
#include "es-test-log.h"
#include "es-timeline-describe.h"
#include "es-window.h"

static guint
count_rows (EsTimelineRows *rows,
            EsRowKind       kind)
{
  GArray *layout = es_timeline_rows_get_layout (rows);
  guint n = 0;

  for (guint i = 0; i < layout->len; i++)
    n += g_array_index (layout, EsTimelineRow, i).kind == kind;
  return n;
}

static const EsTimelineRow *
thread_row (EsTimelineRows *rows,
            guint           thread_index)
{
  GArray *layout = es_timeline_rows_get_layout (rows);

  for (guint i = 0; i < layout->len; i++)
    {
      const EsTimelineRow *row = &g_array_index (layout, EsTimelineRow, i);

      if (row->kind == ES_ROW_THREAD && row->thread == thread_index)
        return row;
    }
  g_assert_not_reached ();
}

/* The section opens from the timeline; the choice is remembered; a
 * thread's row describes its state under the pointer; selecting a thread
 * and Escape. */
static void
test_threads_section (void)
{
  GSettings *settings = es_application_get_settings (es_test_app);
  g_autofree char *path = es_test_fixture_path ("parfib-N2.eventlog");
  g_auto(GStrv) saved = NULL;
  EsWindow *window;
  EsTimeline *timeline;
  EsTimelineRows *rows;
  EsDocument *document;
  const EsThread *main_thread = NULL;
  g_autoptr(GArray) runs = NULL;
  const EsActivity *run;
  const EsTimelineRow *row;
  EsTimelineView view;
  GtkAdjustment *vadjustment;
  guint n_threads, n_runs, main_index = 0, n;
  double x, y;
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;

  g_settings_reset (settings, "shown-rows");
  window = es_test_open_window (path);
  es_test_wait_for_page (window, "timeline");
  timeline = es_window_get_timeline (window);
  rows = es_timeline_get_rows (timeline);
  document = es_session_get_document (es_window_get_session (window));
  n_threads = es_document_get_n_threads (document);

  /* Closed at first: a header naming how many there are. */
  g_assert_cmpuint (count_rows (rows, ES_ROW_THREADS), ==, 1);
  g_assert_cmpuint (count_rows (rows, ES_ROW_THREAD), ==, 0);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (timeline), "timeline.toggle-threads", NULL));
  g_assert_cmpuint (count_rows (rows, ES_ROW_THREAD), ==, n_threads);
  saved = g_settings_get_strv (settings, "shown-rows");
  g_assert_true (g_strv_contains ((const char * const *) saved, "thread-rows"));
  g_assert_true (g_strv_contains ((const char * const *) saved, "threads"));

  /* The main thread's first run, hovered on its own row. */
  for (guint i = 0; i < n_threads; i++)
    if (es_document_get_thread (document, i)->label != NULL && g_str_equal (es_document_get_thread (document, i)->label, "main"))
      {
        main_thread = es_document_get_thread (document, i);
        main_index = i;
      }
  g_assert_nonnull (main_thread);
  runs = es_document_get_thread_runs (document, main_thread);
  n_runs = runs->len;
  g_assert_cmpuint (n_runs, >, 0);
  run = &es_cap_timeline_get_activities (es_document_get_cap (document, g_array_index (runs, EsThreadRun, 0).cap),
                                         &n)[g_array_index (runs, EsThreadRun, 0).activity];

  row = thread_row (rows, main_index);
  vadjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (gtk_widget_get_parent (GTK_WIDGET (rows))));
  gtk_adjustment_set_value (vadjustment, row->y);
  /* Zoomed in to the run: a pixel holds one state. */
  es_session_set_visible (es_window_get_session (window), run->start, es_activity_end (run));
  es_timeline_rows_get_view (rows, &view);
  g_assert_true (gtk_widget_translate_coordinates (GTK_WIDGET (rows), GTK_WIDGET (timeline),
                                                   es_timeline_time_to_x (&view, run->start + (es_activity_length (run)) / 2),
                                                   row->y + row->height / 2, &x, &y));
  /* No frame has asked for the thread yet: the tooltip does not make its
   * states on the main thread, it says they are coming, and is right once
   * the worker has made them. */
  text = es_timeline_describe_at (timeline, x, y);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "“main”: working out its states…"));
  for (gint64 give_up = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
       strstr (text, "working out") != NULL && g_get_monotonic_time () < give_up;)
    {
      g_main_context_iteration (NULL, TRUE);
      g_free (text);
      text = es_timeline_describe_at (timeline, x, y);
    }
  expected = g_strdup_printf ("Thread %u “main”: running on HEC %u", main_thread->id, g_array_index (runs, EsThreadRun, 0).cap);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, expected));

  /* Zoomed out, a pixel holds many of its runs and waits: the tooltip
   * tells their mix, shares that add up to at most the whole pixel. */
  {
    g_autoptr(GRegex) mix = g_regex_new ("^Thread [0-9]+ “main”: ([a-zA-Z ]+ (<1|[0-9]+)%(, )?)+, ([0-9]+) runs?$",
                                         0, 0, NULL);
    gboolean found = FALSE;

    es_session_fit (es_window_get_session (window));
    es_timeline_rows_get_view (rows, &view);
    for (double column = 0; column < view.width && !found; column += 1)
      {
        g_autoptr(GString) hover = g_string_new (NULL);
        g_autoptr(GMatchInfo) match = NULL;

        g_assert_true (es_timeline_describe_row (hover, &view, row, es_timeline_x_to_time (&view, ES_TIMELINE_GUTTER + column),
                                                 ES_TIMELINE_GUTTER + column + 0.5));
        if (g_regex_match (mix, hover->str, 0, &match))
          {
            g_autofree char *runs_text = g_match_info_fetch (match, 4);
            g_autoptr(GRegex) percent = g_regex_new (" ([0-9]+)%", 0, 0, NULL);
            g_autoptr(GMatchInfo) each = NULL;
            guint sum = 0;

            g_test_message ("%s", hover->str);
            for (g_regex_match (percent, hover->str, 0, &each); g_match_info_matches (each); g_match_info_next (each, NULL))
              {
                g_autofree char *value = g_match_info_fetch (each, 1);

                sum += (guint) g_ascii_strtoull (value, NULL, 10);
              }
            g_assert_cmpuint (sum, <=, 101);
            g_assert_cmpuint (g_ascii_strtoull (runs_text, NULL, 10), >=, 1);
            found = TRUE;
          }
      }
    g_assert_true (found);
  }

  /* Selected, then dropped with the selection. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (timeline), "timeline.select-thread", "u", main_thread->id));
  g_assert_cmpuint (es_timeline_rows_get_selected_thread (rows), ==, main_thread->id);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.clear-selection", NULL));
  g_assert_cmpuint (es_timeline_rows_get_selected_thread (rows), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));

  /* Opened again, the section is open. */
  window = es_test_open_window (path);
  es_test_wait_for_page (window, "timeline");
  rows = es_timeline_get_rows (es_window_get_timeline (window));
  g_assert_cmpuint (count_rows (rows, ES_ROW_THREAD), ==, n_threads);
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "shown-rows");
}

/* Whether @widget is the Traces tab's pin for the rows of @key. */
static gboolean
is_pin_of (GtkWidget     *widget,
           gconstpointer  key)
{
  return GTK_IS_TOGGLE_BUTTON (widget) && g_strcmp0 (g_object_get_data (G_OBJECT (widget), "pin-key"), key) == 0;
}

/* Scrolled down to the threads, the ruler and the Activity row stay at
 * the top of the view: the rows under the pointer there are theirs, and
 * the rows below them pass beneath. */
static void
test_ruler_and_activity_stay_in_view (void)
{
  GSettings *settings = es_application_get_settings (es_test_app);
  g_autofree char *path = es_test_fixture_path ("parfib-N2.eventlog");
  EsWindow *window;
  EsTimelineRows *rows;
  GtkAdjustment *vadjustment;
  GArray *layout;
  const EsTimelineRow *ruler, *activity, *under;
  EsTimelineRow activity_row;
  double top;

  g_settings_reset (settings, "shown-rows");
  g_settings_reset (settings, "pinned-rows");
  window = es_window_new (es_test_app);
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 500);
  gtk_window_present (GTK_WINDOW (window));
  {
    g_autoptr(GFile) file = g_file_new_for_path (path);

    es_window_open_file (window, file);
  }
  es_test_wait_for_page (window, "timeline");
  rows = es_timeline_get_rows (es_window_get_timeline (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (es_window_get_timeline (window)), "timeline.toggle-threads", NULL));
  layout = es_timeline_rows_get_layout (rows);
  ruler = &g_array_index (layout, EsTimelineRow, 0);
  activity = &g_array_index (layout, EsTimelineRow, 1);
  g_assert_cmpint (ruler->kind, ==, ES_ROW_RULER);
  g_assert_cmpint (activity->kind, ==, ES_ROW_ACTIVITY);
  /* The layout is made again when a row is pinned: its rows by value. */
  activity_row = *activity;

  vadjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (gtk_widget_get_parent (GTK_WIDGET (rows))));
  /* Let the window settle its size, then scroll to the last thread. */
  for (guint i = 0; i < 50 && gtk_adjustment_get_upper (vadjustment) <= gtk_adjustment_get_page_size (vadjustment) + 100; i++)
    g_main_context_iteration (NULL, FALSE);
  gtk_adjustment_set_value (vadjustment, gtk_adjustment_get_upper (vadjustment));
  top = gtk_adjustment_get_value (vadjustment);
  g_test_message ("scrolled to %.0f of %.0f", top, gtk_adjustment_get_upper (vadjustment));
  g_assert_cmpfloat (top, >, activity->y + activity->height);

  g_assert_true (es_timeline_rows_row_at (rows, top + 3) == ruler);
  g_assert_true (es_timeline_rows_row_at (rows, top + activity->y + 3) == activity);
  under = es_timeline_rows_row_at (rows, top + activity->y + activity->height + 3);
  g_assert_nonnull (under);
  g_assert_cmpint (under->kind, !=, ES_ROW_ACTIVITY);
  g_assert_cmpint (under->y, >, activity->y + activity->height);
  /* Back at the top, every row is where the layout puts it. */
  gtk_adjustment_set_value (vadjustment, 0);
  g_assert_true (es_timeline_rows_row_at (rows, activity->y + activity->height + 3) ==
                 &g_array_index (layout, EsTimelineRow, 2));

  /* Heap pinned in the Traces tab: it moves up under Activity, stays in
   * view scrolled, and is remembered. */
  {
    GtkWidget *pin = es_test_find_widget (GTK_WIDGET (window), is_pin_of, "heap");
    g_auto(GStrv) pinned = NULL;
    const EsTimelineRow *heap;

    g_assert_nonnull (pin);
    g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (pin)));
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (pin), TRUE);
    layout = es_timeline_rows_get_layout (rows);
    heap = &g_array_index (layout, EsTimelineRow, 2);
    g_assert_cmpint (heap->kind, ==, ES_ROW_HEAP);
    g_assert_cmpint (heap->y, ==, activity_row.y + activity_row.height);
    pinned = g_settings_get_strv (settings, "pinned-rows");
    g_assert_true (g_strv_contains ((const char * const *) pinned, "heap"));
    g_assert_true (g_strv_contains ((const char * const *) pinned, "activity"));

    gtk_adjustment_set_value (vadjustment, gtk_adjustment_get_upper (vadjustment));
    top = gtk_adjustment_get_value (vadjustment);
    g_assert_cmpfloat (top, >, heap->y + heap->height);
    g_assert_true (es_timeline_rows_row_at (rows, top + heap->y + 3) == heap);
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (pin), FALSE);
    g_assert_cmpint (g_array_index (es_timeline_rows_get_layout (rows), EsTimelineRow, 2).kind, !=, ES_ROW_HEAP);
  }
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "shown-rows");
  g_settings_reset (settings, "pinned-rows");
}

int
main (int    argc,
      char **argv)
{
  int status;

  if (!es_test_gui_init (&argc, &argv))
    return 0;

  g_test_add_func ("/timeline/threads-section", test_threads_section);
  g_test_add_func ("/timeline/ruler-and-activity-stay-in-view", test_ruler_and_activity_stay_in_view);

  status = g_test_run ();
  g_object_unref (es_test_app);
  return status;
}
