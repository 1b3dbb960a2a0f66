/* test-event-list.c: the Events page in a real window (under Xvfb in CI)
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include <gtk/gtk.h>

#include "es-event-item.h"
#include "es-event-list-model.h"
#include "es-event-list.h"
#include "es-event-search.h"
#include "es-event-skeleton.h"
#include "es-test-gui.h"
#include "es-test-log.h"
#include "es-window.h"

/* The cells' text: an inscription each (a label would measure its text
 * at every row bound, which the list's first frame paid for). */
static void
collect_cells (GtkWidget *widget,
               GPtrArray *cells)
{
  if (GTK_IS_INSCRIPTION (widget))
    g_ptr_array_add (cells, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_cells (child, cells);
}

typedef struct
{
  guint rows;       /* shown */
  guint matching;   /* of them, those whose description has the text */
  guint marked;     /* those whose cells are marked as matches */
} ShownRows;

/* What the column view of @list shows of @text (in lower case): each of
 * its rows has four cells, the description last, all marked or none. */
static ShownRows
count_shown_rows (EsEventList *list,
                  const char  *text)
{
  GtkWidget *columns = es_test_find_widget_of_type (GTK_WIDGET (list), GTK_TYPE_COLUMN_VIEW);
  GtkWidget *view = es_test_find_widget_of_type (columns, GTK_TYPE_LIST_VIEW);
  ShownRows shown = { 0 };

  for (GtkWidget *row = gtk_widget_get_first_child (view); row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      g_autoptr(GPtrArray) cells = g_ptr_array_new ();
      g_autofree char *description = NULL;
      guint marked = 0;

      collect_cells (row, cells);
      if (cells->len != 4 || !gtk_widget_get_mapped (row))
        continue;
      for (guint i = 0; i < 4; i++)
        marked += gtk_widget_has_css_class (g_ptr_array_index (cells, i), "search-match");
      g_assert_true (marked == 0 || marked == 4);
      description = g_ascii_strdown (gtk_inscription_get_text (g_ptr_array_index (cells, 3)), -1);
      shown.rows++;
      shown.matching += strstr (description, text) != NULL;
      shown.marked += marked == 4;
    }
  return shown;
}

static GArray *
brute_force_matches (GArray     *rows,
                     const char *text,
                     int         tag)
{
  g_autofree char *folded = g_ascii_strdown (text, -1);
  GArray *found = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (guint32 i = 0; i < rows->len; i++)
    {
      const EsTestEvent *e = &g_array_index (rows, EsTestEvent, i);
      g_autofree char *line = es_test_searched_text (e);

      if ((tag < 0 || e->tag == tag) && strstr (line, folded) != NULL)
        g_array_append_val (found, i);
    }
  return found;
}

static gboolean
list_is_idle (gpointer data)
{
  EsEventList *list = data;

  return !es_event_list_is_busy (list) && g_list_model_get_n_items (es_event_list_get_model (list)) > 0;
}

static gboolean
search_is_done (gpointer data)
{
  EsEventList *list = data;

  return !es_event_list_is_busy (list) && es_event_list_get_matches (list) != NULL;
}

/* Lets GTK lay out and draw what changed. */
static void
settle (void)
{
  gint64 until = g_get_monotonic_time () + 100 * 1000;

  while (g_get_monotonic_time () < until)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

static EsEventList *
open_events_page (const char *path,
                  EsWindow  **window_out)
{
  EsWindow *window = es_test_open_window (path);
  EsEventList *list;

  es_test_wait_for_page (window, "timeline");
  list = ES_EVENT_LIST (es_test_find_widget_of_type (GTK_WIDGET (window), ES_TYPE_EVENT_LIST));
  g_assert_nonnull (list);

  /* Not built at load: only once the page is shown (Ctrl+F shows it). */
  settle ();
  g_assert_cmpuint (g_list_model_get_n_items (es_event_list_get_model (list)), ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.find-event", NULL));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (list)));
  es_test_wait_until (list_is_idle, list, 30);
  settle ();
  *window_out = window;
  return list;
}

typedef struct
{
  const char *wanted;
  gboolean    searched;
} SearchWait;

/* Setting the text first empties the entry, which searches for "" at
 * once: wait for the search of the whole text. */
static void
search_changed_cb (GtkEditable *entry,
                   SearchWait  *wait)
{
  if (g_str_equal (gtk_editable_get_text (entry), wait->wanted))
    wait->searched = TRUE;
}

static gboolean
searched (gpointer data)
{
  return ((SearchWait *) data)->searched;
}

static void
search_for (EsEventList *list,
            const char  *text)
{
  GtkWidget *entry = es_test_find_widget_of_type (GTK_WIDGET (list), GTK_TYPE_SEARCH_ENTRY);
  SearchWait wait = { text, FALSE };
  gulong handler;

  g_assert_nonnull (entry);
  handler = g_signal_connect (entry, "search-changed", G_CALLBACK (search_changed_cb), &wait);
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  /* The entry waits a moment after the last key before it searches. */
  es_test_wait_until (searched, &wait, 30);
  g_signal_handler_disconnect (entry, handler);
  es_test_wait_until (search_is_done, list, 30);
  settle ();
}

static guint
first_at_or_after (GArray *matches,
                   guint   row)
{
  for (guint i = 0; i < matches->len; i++)
    if (g_array_index (matches, guint32, i) >= row)
      return g_array_index (matches, guint32, i);
  return g_array_index (matches, guint32, 0);
}

#define assert_same_rows(a, b) assert_same_rows_at (__LINE__, a, b)

static void
assert_same_rows_at (int     line,
                     GArray *a,
                     GArray *b)
{
  g_test_message ("rows compared at line %d", line);
  g_assert_cmpuint (a->len, ==, b->len);
  g_assert_true (a->len == 0 || memcmp (a->data, b->data, a->len * sizeof (guint32)) == 0);
}

static void
test_search_and_cursor (void)
{
  g_autofree char *path = es_test_fixture_path ("parfib-N2.eventlog");
  g_autoptr(GArray) rows = es_test_decode_in_time_order (path);
  const EsTestEvent *events = (const EsTestEvent *) (gpointer) rows->data;
  EsWindow *window;
  EsEventList *list = open_events_page (path, &window);
  GListModel *model = es_event_list_get_model (list);
  EsSession *session = es_window_get_session (window);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));
  g_autofree char *unique = NULL;
  guint unique_row = 0;

  g_assert_cmpuint (g_list_model_get_n_items (model), ==, rows->len);
  g_assert_nonnull (focus);
  g_assert_true (gtk_widget_is_ancestor (focus, es_test_find_widget_of_type (GTK_WIDGET (list), GTK_TYPE_SEARCH_ENTRY)));

  /* A search lands on the event: a text only one event has, from the
   * second half of the log. */
  for (guint i = rows->len / 2; i < rows->len && unique == NULL; i++)
    {
      g_autofree char *text = es_test_searched_text (&events[i]);
      g_autoptr(GArray) found = brute_force_matches (rows, text, -1);

      if (found->len == 1 && strlen (text) > 12)
        {
          unique = g_ascii_strup (text, -1);    /* case does not matter */
          unique_row = i;
        }
    }
  g_assert_nonnull (unique);
  search_for (list, unique);
  g_assert_cmpuint (es_event_list_get_matches (list)->len, ==, 1);
  g_assert_cmpuint (es_event_list_get_selected_row (list), ==, unique_row);
  {
    g_autoptr(EsEventItem) item = g_list_model_get_item (model, unique_row);

    g_assert_cmpuint (es_event_item_get_time (item), ==, events[unique_row].time);
    g_assert_cmpuint (es_event_item_get_row (item), ==, unique_row);
  }

  /* Next and previous go through the matches in order, round at the ends. */
  {
    g_autoptr(GArray) expected = brute_force_matches (rows, "running thread", -1);
    guint from = es_event_list_get_selected_row (list);
    guint first = first_at_or_after (expected, from);
    guint k = 0;
    GtkWidget *entry = es_test_find_widget_of_type (GTK_WIDGET (list), GTK_TYPE_SEARCH_ENTRY);

    search_for (list, "Running Thread");
    assert_same_rows (es_event_list_get_matches (list), expected);
    g_assert_cmpuint (es_event_list_get_selected_row (list), ==, first);
    while (g_array_index (expected, guint32, k) != first)
      k++;
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-match", NULL));
    g_assert_cmpuint (es_event_list_get_selected_row (list), ==, g_array_index (expected, guint32, (k + 1) % expected->len));
    g_signal_emit_by_name (entry, "activate");   /* Enter */
    g_assert_cmpuint (es_event_list_get_selected_row (list), ==, g_array_index (expected, guint32, (k + 2) % expected->len));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-match", NULL));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-match", NULL));
    g_assert_cmpuint (es_event_list_get_selected_row (list), ==, first);

    gtk_single_selection_set_selected (GTK_SINGLE_SELECTION (gtk_column_view_get_model (
      GTK_COLUMN_VIEW (es_test_find_widget_of_type (GTK_WIDGET (list), GTK_TYPE_COLUMN_VIEW)))),
      g_array_index (expected, guint32, expected->len - 1));
    es_event_list_step_match (list, TRUE);
    g_assert_cmpuint (es_event_list_get_selected_row (list), ==, g_array_index (expected, guint32, 0));
    es_event_list_step_match (list, FALSE);
    g_assert_cmpuint (es_event_list_get_selected_row (list), ==, g_array_index (expected, guint32, expected->len - 1));

    /* Only the matches, then every row again: the same event stays selected. */
    {
      GtkWidget *only = es_test_find_check_button (GTK_WIDGET (list), "Show _only matches");
      guint selected = es_event_list_get_selected_row (list);
      ShownRows shown;

      g_assert_nonnull (only);
      /* The matches in view are marked, and only they. */
      settle ();
      shown = count_shown_rows (list, "running thread");
      g_assert_cmpuint (shown.rows, >, 10);
      g_assert_cmpuint (shown.matching, >, 0);
      g_assert_cmpuint (shown.marked, ==, shown.matching);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (only), TRUE);
      g_assert_cmpuint (g_list_model_get_n_items (model), ==, expected->len);
      g_assert_cmpuint (es_event_list_get_selected_row (list), ==, selected);
      for (guint i = 0; i < expected->len; i += 50)
        {
          g_autoptr(EsEventItem) item = g_list_model_get_item (model, i);

          g_assert_cmpuint (es_event_item_get_row (item), ==, g_array_index (expected, guint32, i));
          g_assert_nonnull (strstr (es_event_item_get_text (item), "running thread"));
        }
      /* Every row is a match: none is marked. */
      settle ();
      shown = count_shown_rows (list, "running thread");
      g_assert_cmpuint (shown.rows, >, 10);
      g_assert_cmpuint (shown.matching, ==, shown.rows);
      g_assert_cmpuint (shown.marked, ==, 0);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (only), FALSE);
      g_assert_cmpuint (g_list_model_get_n_items (model), ==, rows->len);
      g_assert_cmpuint (es_event_list_get_selected_row (list), ==, selected);
      settle ();
      shown = count_shown_rows (list, "running thread");
      g_assert_cmpuint (shown.marked, ==, shown.matching);
      g_assert_cmpuint (shown.marked, >, 0);
    }
  }

  /* The kind as well as the text: "thread 1" among stop events only. */
  {
    GtkDropDown *kinds = GTK_DROP_DOWN (es_test_find_widget_of_type (GTK_WIDGET (list), GTK_TYPE_DROP_DOWN));
    GListModel *names = gtk_drop_down_get_model (kinds);
    g_autoptr(GArray) expected = brute_force_matches (rows, "thread 1", ES_EVENT_STOP_THREAD);
    guint stop = 0;

    g_assert_cmpstr (gtk_string_object_get_string (g_list_model_get_item (names, 0)), ==, "All kinds");
    g_object_unref (g_list_model_get_item (names, 0));
    for (guint i = 1; i < g_list_model_get_n_items (names) && stop == 0; i++)
      {
        g_autoptr(GtkStringObject) name = g_list_model_get_item (names, i);

        if (g_str_equal (gtk_string_object_get_string (name), "Stop thread"))
          stop = i;
      }
    g_assert_cmpuint (stop, >, 0);
    gtk_drop_down_set_selected (kinds, stop);
    search_for (list, "thread 1");
    assert_same_rows (es_event_list_get_matches (list), expected);
    g_assert_cmpuint (expected->len, >, 0);
    gtk_drop_down_set_selected (kinds, 0);
    es_test_wait_until (search_is_done, list, 30);
  }

  /* Activating a row puts the cursor on its event, and shows it if the
   * view is elsewhere (at the same zoom); the list does not move. */
  {
    GtkWidget *view = es_test_find_widget_of_type (GTK_WIDGET (list), GTK_TYPE_COLUMN_VIEW);
    guint target = rows->len - 10;
    guint64 t0, t1, cursor;

    es_session_set_visible (session, 0, 1000);
    gtk_single_selection_set_selected (GTK_SINGLE_SELECTION (gtk_column_view_get_model (GTK_COLUMN_VIEW (view))), target);
    g_signal_emit_by_name (view, "activate", target);
    g_assert_cmpuint (es_event_list_get_selected_row (list), ==, target);
    g_assert_true (es_session_get_cursor (session, &cursor));
    g_assert_cmpuint (cursor, ==, events[target].time);
    es_session_get_visible (session, &t0, &t1);
    g_assert_cmpuint (t1 - t0, ==, 1000);
    g_assert_cmpuint (t0, <=, cursor);
    g_assert_cmpuint (cursor, <=, t1);
  }

  /* Moving the cursor selects the first event at or after it. */
  {
    guint64 times[] = { events[100].time + 1, events[rows->len / 3].time, events[rows->len - 1].time };

    for (guint i = 0; i < G_N_ELEMENTS (times); i++)
      {
        guint want = 0;

        while (want < rows->len && events[want].time < times[i])
          want++;
        es_session_set_cursor (session, times[i]);
        g_assert_cmpuint (es_event_list_get_selected_row (list), ==, want);
      }
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A log of @n_events on two caps, written byte by byte. */
static char *
write_big_log (guint n_events)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  GByteArray *data;
  guint64 t = 1000;

  es_test_log_declare_ghc (log);
  es_test_log_begin_data (log);
  for (guint done = 0; done < n_events; )
    for (guint16 cap = 0; cap < 2; cap++)
      {
        es_test_log_begin_block (log, t, cap);
        for (guint i = 0; i < 1000; i++, done++, t += 7)
          es_test_log_event (log, i % 2 ? ES_EVENT_RUN_THREAD : ES_EVENT_THREAD_RUNNABLE, t,
                             es_payload_u32 (es_payload_new (), i % 97));
        es_test_log_end_block (log, t);
      }
  es_test_log_end (log);
  data = es_test_log_get_data (log);
  return es_test_write_temp_log (data->data, data->len);
}

typedef struct
{
  EsEventList   *list;
  GtkAdjustment *adjustment;
  guint          n_rows;
} ScrollWatch;

/* Where the middle of the visible rows is, as a fraction of the list. */
static double
scrolled_to (GtkAdjustment *adjustment)
{
  return (gtk_adjustment_get_value (adjustment) + gtk_adjustment_get_page_size (adjustment) / 2) /
         gtk_adjustment_get_upper (adjustment);
}

static gboolean
selected_row_in_view (ScrollWatch *watch)
{
  guint row = es_event_list_get_selected_row (watch->list);

  return row != GTK_INVALID_LIST_POSITION &&
         ABS (scrolled_to (watch->adjustment) - (double) row / watch->n_rows) < 0.02;
}

/* The list scrolls on a later frame, which a slow (sanitized) build may not
 * reach within a fixed wait: this waits for it, up to ten seconds, and
 * then the list must show the selected row at about that fraction of its
 * length. */
static void
assert_selected_row_comes_into_view (ScrollWatch *watch)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  guint row;

  while (!selected_row_in_view (watch) && g_get_monotonic_time () < deadline)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  row = es_event_list_get_selected_row (watch->list);
  g_assert_cmpuint (row, !=, GTK_INVALID_LIST_POSITION);
  g_assert_cmpfloat (ABS (scrolled_to (watch->adjustment) - (double) row / watch->n_rows), <, 0.02);
}

static GtkAdjustment *
get_list_adjustment (EsEventList *list)
{
  GtkWidget *view = es_test_find_widget_of_type (GTK_WIDGET (list), GTK_TYPE_COLUMN_VIEW);

  return gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (view, GTK_TYPE_SCROLLED_WINDOW)));
}

/* Hundreds of thousands of rows, a few dozen objects; following the cursor
 * scrolls the row into view. */
static void
test_many_rows_few_objects (void)
{
  g_autofree char *path = write_big_log (300000);
  EsWindow *window;
  EsEventList *list = open_events_page (path, &window);
  GListModel *model = es_event_list_get_model (list);
  EsSession *session = es_window_get_session (window);
  guint n = g_list_model_get_n_items (model);
  ScrollWatch watch = { list, get_list_adjustment (list), n };

  g_assert_cmpuint (n, >=, 300000);
  g_assert_cmpuint (es_event_item_get_n_alive (), <, 500);

  for (guint k = 1; k <= 4; k++)
    {
      guint64 cursor = 1000 + (guint64) 7 * (n / 5 * k);

      es_session_set_cursor (session, cursor);
      assert_selected_row_comes_into_view (&watch);
      g_assert_cmpuint (es_event_index_get_time (es_event_list_model_get_index ((EsEventListModel *) model),
                                                 es_event_list_get_selected_row (list)), >=, cursor);
      g_assert_cmpuint (es_event_item_get_n_alive (), <, 500);
    }

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
}

/* The cursor placed before the list is first shown: the list is built and
 * shown at once, before it has a size, and must still open at the cursor's
 * row, not at its top. */
static void
test_list_opens_at_the_cursor (void)
{
  g_autofree char *path = write_big_log (300000);
  EsWindow *window = es_test_open_window (path);
  guint64 cursor = 1000 + (guint64) 7 * 180000;
  EsEventList *list;
  ScrollWatch watch;

  es_test_wait_for_page (window, "timeline");
  es_session_set_cursor (es_window_get_session (window), cursor);
  list = ES_EVENT_LIST (es_test_find_widget_of_type (GTK_WIDGET (window), ES_TYPE_EVENT_LIST));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.find-event", NULL));
  es_test_wait_until (list_is_idle, list, 30);

  watch = (ScrollWatch) { list, get_list_adjustment (list), g_list_model_get_n_items (es_event_list_get_model (list)) };
  g_assert_cmpuint (watch.n_rows, >=, 300000);
  assert_selected_row_comes_into_view (&watch);
  g_assert_cmpfloat (scrolled_to (watch.adjustment), >, 0.5);

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
}

static void
set_done (gboolean *done)
{
  *done = TRUE;
}

/* Runs the main loop until @search says it finished. */
static GArray *
wait_for_matches (EsEventSearch *search)
{
  gboolean done = FALSE;
  gulong handler = g_signal_connect_swapped (search, "finished", G_CALLBACK (set_done), &done);

  while (!done)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (search, handler);
  return es_event_search_get_matches (search);
}

/* A followed log's search, its index grown, keeps the matches of the rows
 * the two indexes have the same from the first and searches the rest: it
 * finds what searching the grown index from scratch finds, whether the
 * log only grew at its end (2/5 to 3/5 of it) or a cap's first buffer came
 * late and moved nearly every row (3/5 to 4/5). */
static void
test_grown_search_goes_on (void)
{
  g_autofree char *fixture = es_test_fixture_path ("heap-hT-N2.eventlog");
  g_autofree char *data = NULL;
  g_autoptr(EsEventSearch) search = es_event_search_new ();
  gsize len;

  g_assert_true (g_file_get_contents (fixture, &data, &len, NULL));
  for (guint part = 2; part < 4; part++)
    {
      g_autofree char *shorter_path = es_test_write_temp_log ((const guint8 *) data, len * part / 5);
      g_autofree char *longer_path = es_test_write_temp_log ((const guint8 *) data, len * (part + 1) / 5);
      g_autoptr(GError) error = NULL;
      g_autoptr(EsEventIndex) shorter = es_event_index_build (shorter_path, NULL, NULL, NULL, &error);
      g_autoptr(EsEventIndex) longer = es_event_index_build (longer_path, NULL, NULL, NULL, &error);
      g_autoptr(GArray) expected = NULL;
      GArray *found;
      guint same = es_event_index_count_same_rows (shorter, longer);

      g_assert_no_error (error);
      es_event_search_run (search, shorter, "heap", NULL);
      g_assert_cmpuint (wait_for_matches (search)->len, >, 0);
      es_event_search_run_grown (search, longer, "heap", NULL, same);
      found = wait_for_matches (search);
      expected = es_event_index_search (longer, "heap", NULL, 0, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_test_message ("%u rows the same; %u matches", same, expected->len);
      g_assert_cmpmem (found->data, found->len * sizeof (guint32), expected->data, expected->len * sizeof (guint32));
      g_unlink (shorter_path);
      g_unlink (longer_path);
    }
}

/* The number of matches reads as a number: "2,508 matches". */
static void
test_match_count_grouped (void)
{
  g_autofree char *path = es_test_fixture_path ("alloc-A1m-N2.eventlog");
  g_autoptr(GArray) rows = es_test_decode_in_time_order (path);
  g_autoptr(GArray) expected = brute_force_matches (rows, "thread", -1);
  EsWindow *window;
  EsEventList *list = open_events_page (path, &window);
  g_autofree char *said = NULL;

  search_for (list, "thread");
  g_assert_cmpuint (es_event_list_get_matches (list)->len, ==, expected->len);
  g_assert_cmpuint (expected->len, >=, 1000);
  g_assert_cmpuint (expected->len, <, 1000000);
  said = g_strdup_printf ("%u,%03u matches", expected->len / 1000, expected->len % 1000);
  g_test_message ("%s", said);
  g_assert_nonnull (es_test_find_label (GTK_WIDGET (list), said));
  gtk_window_destroy (GTK_WINDOW (window));
}

typedef struct
{
  guint position, removed, added;
  guint n_changes;
} Change;

static void
record_change_cb (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  Change     *change)
{
  *change = (Change) { position, removed, added, change->n_changes + 1 };
}

/* Blank rows while the list has none; its rows then take their place,
 * the first in the blank rows' items themselves (the view keeps their
 * widgets), and the rest are added after them; blank rows beyond the
 * list's are removed. */
static void
test_skeleton (void)
{
  g_autofree char *path = write_big_log (2000);
  g_autoptr(GError) error = NULL;
  g_autoptr(EsEventIndex) index = es_event_index_build (path, NULL, NULL, NULL, &error);
  guint n = es_event_index_get_n_rows (index);

  g_assert_no_error (error);
  g_assert_cmpuint (n, >=, 2000);   /* and the blocks' markers */
  for (guint blank = 10; blank <= 2500; blank += 2490)   /* fewer rows than the list, more */
    {
      g_autoptr(EsEventListModel) model = es_event_list_model_new ();
      g_autoptr(EsEventSkeleton) skeleton = es_event_skeleton_new (G_LIST_MODEL (model));
      g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
      Change change = { 0 };

      g_signal_connect (skeleton, "items-changed", G_CALLBACK (record_change_cb), &change);
      g_assert_cmpuint (es_event_skeleton_grow (skeleton, 4), ==, 4);
      g_assert_cmpuint (es_event_skeleton_grow (skeleton, blank), ==, blank);
      g_assert_true (change.position == 4 && change.removed == 0 && change.added == blank - 4);
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (skeleton)), ==, blank);
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 0);
      for (guint i = 0; i < blank; i++)
        {
          EsEventItem *item = g_list_model_get_item (G_LIST_MODEL (skeleton), i);

          g_assert_true (es_event_item_is_blank (item));
          g_assert_cmpstr (es_event_item_get_text (item), ==, "");
          g_ptr_array_add (items, item);
        }

      es_event_list_model_show (model, index);
      g_assert_cmpuint (change.n_changes, ==, 3);
      g_assert_cmpuint (change.position, ==, MIN (blank, n));
      g_assert_cmpuint (change.removed, ==, blank - MIN (blank, n));
      g_assert_cmpuint (change.added, ==, n - MIN (blank, n));
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (skeleton)), ==, n);
      for (guint i = 0; i < MIN (blank, n); i++)
        {
          EsEventItem *filled = g_ptr_array_index (items, i);
          g_autoptr(EsEventItem) item = g_list_model_get_item (G_LIST_MODEL (skeleton), i);

          g_assert_false (es_event_item_is_blank (filled));
          g_assert_cmpuint (es_event_item_get_row (filled), ==, i);
          g_assert_cmpuint (es_event_item_get_time (filled), ==, es_event_index_get_time (index, i));
          g_assert_cmpuint (es_event_item_get_cap (filled), ==, es_event_item_get_cap (item));
          g_assert_cmpstr (es_event_item_get_text (filled), ==, es_event_item_get_text (item));
          g_assert_cmpstr (es_event_item_get_text (filled), !=, "");
        }
      /* With rows, none is blank: the skeleton grows no more. */
      g_assert_cmpuint (es_event_skeleton_grow (skeleton, n + 10), ==, 0);
      g_assert_cmpuint (change.n_changes, ==, 3);
    }

  /* No rows after all (an empty log, another log): no blank row stays. */
  {
    g_autoptr(EsEventListModel) model = es_event_list_model_new ();
    g_autoptr(EsEventSkeleton) skeleton = es_event_skeleton_new (G_LIST_MODEL (model));
    Change change = { 0 };

    g_signal_connect (skeleton, "items-changed", G_CALLBACK (record_change_cb), &change);
    es_event_skeleton_grow (skeleton, 30);
    es_event_list_model_set_index (model, NULL);
    g_assert_true (change.n_changes == 2 && change.position == 0 && change.removed == 30 && change.added == 0);
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (skeleton)), ==, 0);
  }
  g_unlink (path);
}

/* The rows first shown are the log's first events, in order: the
 * skeleton's rows, made while the index was built, show them, and none
 * is left blank. */
static void
test_first_rows_shown (void)
{
  g_autofree char *path = es_test_fixture_path ("parfib-N2.eventlog");
  g_autoptr(GArray) rows = es_test_decode_in_time_order (path);
  const EsTestEvent *events = (const EsTestEvent *) (gpointer) rows->data;
  EsWindow *window;
  EsEventList *list = open_events_page (path, &window);
  GtkWidget *columns = es_test_find_widget_of_type (GTK_WIDGET (list), GTK_TYPE_COLUMN_VIEW);
  GtkWidget *view = es_test_find_widget_of_type (columns, GTK_TYPE_LIST_VIEW);
  guint shown = 0;

  for (GtkWidget *row = gtk_widget_get_first_child (view); row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      g_autoptr(GPtrArray) cells = g_ptr_array_new ();
      g_autofree char *time = NULL;

      collect_cells (row, cells);
      if (cells->len != 4 || !gtk_widget_get_mapped (row))
        continue;
      time = g_strdup_printf ("%" G_GUINT64_FORMAT ".%09" G_GUINT64_FORMAT, events[shown].time / 1000000000,
                              events[shown].time % 1000000000);
      g_assert_cmpstr (gtk_inscription_get_text (g_ptr_array_index (cells, 0)), ==, time);
      g_assert_cmpstr (gtk_inscription_get_text (g_ptr_array_index (cells, 3)), !=, "");
      shown++;
    }
  g_test_message ("%u rows shown", shown);
  g_assert_cmpuint (shown, >=, 10);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  int status;

  if (!es_test_gui_init (&argc, &argv))
    return 0;

  g_test_add_func ("/event-list/search-and-cursor", test_search_and_cursor);
  g_test_add_func ("/event-list/match-count-grouped", test_match_count_grouped);
  g_test_add_func ("/event-list/grown-search-goes-on", test_grown_search_goes_on);
  g_test_add_func ("/event-list/many-rows-few-objects", test_many_rows_few_objects);
  g_test_add_func ("/event-list/list-opens-at-the-cursor", test_list_opens_at_the_cursor);
  g_test_add_func ("/event-list/skeleton", test_skeleton);
  g_test_add_func ("/event-list/first-rows-shown", test_first_rows_shown);

  status = g_test_run ();
  g_object_unref (es_test_app);
  return status;
}
