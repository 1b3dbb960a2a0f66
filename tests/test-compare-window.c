/* test-compare-window.c: two runs on one time axis, in a real window
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <glib/gstdio.h>
#include <string.h>

#include "es-bookmark-list.h"
#include "es-bookmarks.h"
#include "es-compare-stats.h"
#include "es-timeline.h"
#include "es-window-drop.h"
#include "es-compare-window.h"
#include "es-stats-figures.h"
#include "es-test-gui.h"
#include "es-test-log.h"

static gboolean
page_is_not_loading (gpointer data)
{
  return g_strcmp0 (es_compare_window_get_page (data), "loading") != 0;
}

static gboolean
stats_are_ready (gpointer data)
{
  EsCompareStats *stats = ES_COMPARE_STATS (es_compare_window_get_stats (data));

  return !es_compare_stats_is_busy (stats);
}

static EsCompareWindow *
open_comparison (const char *a,
                 const char *b)
{
  g_autofree char *path_a = es_test_fixture_path (a);
  g_autofree char *path_b = es_test_fixture_path (b);
  g_autoptr(GFile) file_a = g_file_new_for_path (path_a);
  g_autoptr(GFile) file_b = g_file_new_for_path (path_b);
  EsCompareWindow *window = es_compare_window_new (GTK_APPLICATION (es_test_app), file_a, file_b);

  gtk_window_present (GTK_WINDOW (window));
  es_test_wait_until (page_is_not_loading, window, 60);
  return window;
}

/* The row of @key as the panel shows it, split into its cells: the label,
 * A, B, B - A, B / A and the verdict. */
static GStrv
row_cells (EsCompareWindow *window,
           const char      *key)
{
  g_autofree char *row = NULL;

  es_test_wait_until (stats_are_ready, window, 30);
  row = es_compare_stats_dup_row (ES_COMPARE_STATS (es_compare_window_get_stats (window)), key);
  g_assert_nonnull (row);
  return g_strsplit (row, "\t", -1);
}

static char *
figure_text (EsDocument *document,
             guint64     t0,
             guint64     t1,
             const char *key)
{
  g_auto(EsStatsFigures) figures = { 0 };
  const EsFigure *figure;

  es_stats_figures_compute (document, t0, t1, &figures);
  figure = es_stats_figures_lookup (&figures, key);
  g_assert_nonnull (figure);
  /* Grouped by thousands, as the summary writes it. */
  return es_stats_format_grouped (figure->n);
}

/* The -A1m run against the -A64m run: both timelines show the same span,
 * however either is zoomed or panned; a selection in B is A's too; the
 * panel's columns are each run's own figures for it, the whole runs
 * without one, with the difference and the ratio. */
static void
test_timelines_and_statistics_follow (void)
{
  EsCompareWindow *window = open_comparison ("alloc-A1m-N2.eventlog", "alloc-A64m-N2.eventlog");
  EsSession *a, *b;
  EsDocument *doc_a, *doc_b;
  guint64 a0, a1, b0, b1, end;
  g_auto(GStrv) whole = NULL;
  g_auto(GStrv) selected = NULL;
  g_autofree char *expected_a = NULL, *expected_b = NULL;

  g_assert_cmpstr (es_compare_window_get_page (window), ==, "compare");
  a = es_compare_window_get_session (window, 0);
  b = es_compare_window_get_session (window, 1);
  doc_a = es_session_get_document (a);
  doc_b = es_session_get_document (b);
  end = MAX (es_document_get_end_time (doc_a), es_document_get_end_time (doc_b));

  /* The longer run sets the axis for both. */
  es_session_get_visible (a, &a0, &a1);
  es_session_get_visible (b, &b0, &b1);
  g_assert_cmpuint (a0, ==, 0);
  g_assert_cmpuint (a1, ==, end);
  g_assert_cmpuint (b1, ==, end);

  es_session_zoom (a, 4, end / 3);
  es_session_get_visible (a, &a0, &a1);
  es_session_get_visible (b, &b0, &b1);
  g_assert_cmpuint (a1 - a0, <, end / 2);
  g_assert_cmpuint (b0, ==, a0);
  g_assert_cmpuint (b1, ==, a1);
  es_session_pan (b, (gint64) (end / 20));
  es_session_get_visible (a, &a0, &a1);
  es_session_get_visible (b, &b0, &b1);
  g_assert_cmpuint (a0, ==, b0);
  g_assert_cmpuint (a1, ==, b1);

  /* The whole runs: bytes allocated as each run's own figures, exactly. */
  whole = row_cells (window, "allocated_bytes");
  expected_a = figure_text (doc_a, 0, es_document_get_end_time (doc_a), "allocated_bytes");
  expected_b = figure_text (doc_b, 0, es_document_get_end_time (doc_b), "allocated_bytes");
  g_assert_cmpstr (whole[1], ==, expected_a);
  g_assert_cmpstr (whole[2], ==, expected_b);
  {
    g_auto(EsStatsFigures) fa = { 0 };
    g_auto(EsStatsFigures) fb = { 0 };
    gint64 d;
    g_autofree char *digits = NULL;
    g_autofree char *delta = NULL;

    es_stats_figures_compute (doc_a, 0, es_document_get_end_time (doc_a), &fa);
    es_stats_figures_compute (doc_b, 0, es_document_get_end_time (doc_b), &fb);
    d = (gint64) es_stats_figures_lookup (&fb, "allocated_bytes")->n -
        (gint64) es_stats_figures_lookup (&fa, "allocated_bytes")->n;
    digits = es_stats_format_grouped (d < 0 ? (guint64) -d : (guint64) d);
    delta = g_strdup_printf ("%s%s", d > 0 ? "+" : d < 0 ? "-" : "", digits);
    g_assert_cmpstr (whole[3], ==, delta);
  }

  /* A selection made in B is A's, and the panel follows it. */
  es_session_select (b, end / 10, end / 2);
  g_assert_true (es_session_get_selection (a, &a0, &a1));
  g_assert_cmpuint (a0, ==, end / 10);
  g_assert_cmpuint (a1, ==, MIN (end / 2, es_document_get_end_time (doc_a)));
  selected = row_cells (window, "gen0_collections");
  g_free (expected_a);
  g_free (expected_b);
  expected_a = figure_text (doc_a, a0, a1, "gen0_collections");
  expected_b = figure_text (doc_b, end / 10, MIN (end / 2, es_document_get_end_time (doc_b)), "gen0_collections");
  g_assert_cmpstr (selected[1], ==, expected_a);
  g_assert_cmpstr (selected[2], ==, expected_b);
  /* Fewer collections is better, and B makes far fewer. */
  g_assert_cmpstr (selected[5], ==, "▲ better");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A run compared with itself: no difference anywhere, every ratio 1. */
static void
test_run_against_itself (void)
{
  EsCompareWindow *window = open_comparison ("heap-hT-N2.eventlog", "heap-hT-N2.eventlog");
  static const char *keys[] = { "allocated_bytes", "copied_bytes", "gen0_collections", "gen1_pause_max_ns",
                                "gc_ns", "productivity" };

  g_assert_cmpstr (es_compare_window_get_page (window), ==, "compare");
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_auto(GStrv) cells = row_cells (window, keys[i]);

      g_assert_cmpstr (cells[1], ==, cells[2]);
      g_assert_true (g_str_equal (cells[3], "0") || g_str_has_prefix (cells[3], "0.0") ||
                     g_str_has_prefix (cells[3], "-0.0"));
      g_assert_cmpstr (cells[4], ==, g_str_equal (cells[1], "0") ? "n/a" : "1.000");
      g_assert_cmpstr (cells[5], ==, "");
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Two runs of the same program with the same flags, back to back: they
 * differ only by noise (the machine, the scheduler), and no figure is
 * marked better or worse. With the threshold at 0, the exact counts that
 * differ at all are marked; the longest pause still is not, as chance
 * alone can make one run's longest pauses longer than the other's. */
static void
test_noise_is_not_marked (void)
{
  EsCompareWindow *window = open_comparison ("alloc-A1m-N1-rerun1.eventlog", "alloc-A1m-N1-rerun2.eventlog");
  EsCompareStats *stats = ES_COMPARE_STATS (es_compare_window_get_stats (window));
  g_autoptr(EsDocument) a = es_test_load_fixture ("alloc-A1m-N1-rerun1.eventlog");
  g_auto(EsStatsFigures) figures = { 0 };
  guint marked_at_zero = 0;

  g_assert_cmpstr (es_compare_window_get_page (window), ==, "compare");
  g_assert_nonnull (es_test_find_label (GTK_WIDGET (window), "Marked better or worse when A and B differ by more than"));
  es_stats_figures_compute (a, 0, es_document_get_end_time (a), &figures);
  for (guint pass = 0; pass < 2; pass++)
    {
      if (pass == 1)
        es_compare_stats_set_threshold (stats, 0);
      for (guint i = 0; i < figures.figures->len; i++)
        {
          const EsFigure *figure = &g_array_index (figures.figures, EsFigure, i);
          g_auto(GStrv) cells = row_cells (window, figure->key);

          g_test_message ("%s: %s against %s: %s", figure->key, cells[1], cells[2], cells[5]);
          if (pass == 0 || g_str_has_suffix (figure->key, "_pause_max_ns"))
            g_assert_cmpstr (cells[5], ==, "");
          else
            marked_at_zero += cells[5][0] != '\0';
          if (pass == 1 && g_str_equal (figure->key, "gen0_collections"))
            g_assert_cmpstr (cells[5], !=, "");
        }
    }
  g_test_message ("%u figures marked at a threshold of 0", marked_at_zero);
  g_assert_cmpuint (marked_at_zero, >, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The earliest marker called @name, by looking at every one. */
static guint64
earliest_marker (EsDocument *document,
                 const char *name)
{
  guint n;
  const EsUserEvent *markers = es_document_get_markers (document, &n);
  guint64 time = G_MAXUINT64;

  for (guint i = 0; i < n; i++)
    if (g_str_equal (markers[i].text, name))
      time = MIN (time, markers[i].time);
  g_assert_cmpuint (time, !=, G_MAXUINT64);
  return time;
}

static gboolean
is_laid_out (gpointer data)
{
  return gtk_widget_get_width (data) > ES_TIMELINE_GUTTER;
}

static void
assert_b_follows (EsSession *a,
                  EsSession *b,
                  gint64     offset)
{
  guint64 a0, a1, b0, b1;

  es_session_get_visible (a, &a0, &a1);
  es_session_get_visible (b, &b0, &b1);
  g_assert_cmpint ((gint64) b0, ==, (gint64) a0 + offset);
  g_assert_cmpint ((gint64) b1, ==, (gint64) a1 + offset);
}

/* Chosen under "Align at", the marker "phase 2" lines the runs up where
 * each reaches it: B's views are A's moved by the difference of the
 * markers' times, a selection in A is the same stretch after the marker in
 * B, and the panel's columns are each run's figures for its own stretch
 * (eventscope-cli compare --align-marker's intervals). A Shift+drag of B's
 * label moves B by the time the pixels show; Start undoes it all. */
static void
test_align_at_marker (void)
{
  EsCompareWindow *window = open_comparison ("alloc-A1m-N2.eventlog", "alloc-A64m-N2.eventlog");
  EsSession *a = es_compare_window_get_session (window, 0);
  EsSession *b = es_compare_window_get_session (window, 1);
  EsDocument *doc_a = es_session_get_document (a);
  EsDocument *doc_b = es_session_get_document (b);
  GtkDropDown *choice = GTK_DROP_DOWN (es_compare_window_get_align_choice (window));
  GListModel *names = gtk_drop_down_get_model (choice);
  guint64 ma = earliest_marker (doc_a, "phase 2");
  guint64 mb = earliest_marker (doc_b, "phase 2");
  gint64 offset = (gint64) mb - (gint64) ma;
  guint position = GTK_INVALID_LIST_POSITION;
  guint64 s0, s1, a0, a1;
  g_auto(GStrv) cells = NULL;
  g_autofree char *expected_a = NULL, *expected_b = NULL;
  gint64 dragged;
  int width;

  /* The markers are far apart, so aligning moves B a long way. */
  g_assert_cmpint (ABS (offset), >, 100000000);
  for (guint i = 0; i < g_list_model_get_n_items (names); i++)
    if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (names), i), "phase 2"))
      position = i;
  g_assert_cmpuint (position, !=, GTK_INVALID_LIST_POSITION);
  g_assert_cmpint (es_compare_window_get_offset (window), ==, 0);
  gtk_drop_down_set_selected (choice, position);
  g_assert_cmpint (es_compare_window_get_offset (window), ==, offset);
  /* Both whole views at once, A's now as long as the axis aligned. */
  assert_b_follows (a, b, offset);

  /* Around A's marker, B shows the same stretch around its own. */
  es_session_set_visible (a, ma - 20000000, ma + 80000000);
  assert_b_follows (a, b, offset);
  es_session_zoom (a, 3, ma);
  assert_b_follows (a, b, offset);
  es_session_pan (b, -5000000);
  assert_b_follows (a, b, offset);
  es_session_get_visible (a, &a0, &a1);
  g_assert_cmpuint (a0, <=, ma);
  g_assert_cmpuint (a1, >, ma);

  /* From 10 ms to 60 ms after the marker, in both. */
  es_session_select (a, ma + 10000000, ma + 60000000);
  g_assert_true (es_session_get_selection (b, &s0, &s1));
  g_assert_cmpuint (s0, ==, mb + 10000000);
  g_assert_cmpuint (s1, ==, mb + 60000000);
  cells = row_cells (window, "allocated_bytes");
  expected_a = figure_text (doc_a, ma + 10000000, ma + 60000000, "allocated_bytes");
  expected_b = figure_text (doc_b, mb + 10000000, mb + 60000000, "allocated_bytes");
  g_assert_cmpstr (cells[1], ==, expected_a);
  g_assert_cmpstr (cells[2], ==, expected_b);
  /* Not what the unshifted interval of B gives. */
  g_free (expected_b);
  expected_b = figure_text (doc_b, ma + 10000000, ma + 60000000, "allocated_bytes");
  g_assert_cmpstr (cells[2], !=, expected_b);

  /* Dragging B's label 40 pixels right moves B 40 pixels' time later. */
  es_session_get_visible (a, &a0, &a1);
  es_test_wait_until (is_laid_out, es_compare_window_get_timeline (window, 1), 10);
  width = gtk_widget_get_width (es_compare_window_get_timeline (window, 1)) - ES_TIMELINE_GUTTER;
  g_assert_cmpint (width, >, 100);
  es_compare_window_drag_run_b (window, 40);
  dragged = es_compare_window_get_offset (window);
  g_assert_cmpint (dragged, ==, offset - (gint64) llround (40.0 * (double) (a1 - a0) / width));
  assert_b_follows (a, b, dragged);
  g_assert_true (es_session_get_selection (b, &s0, &s1));
  g_assert_cmpuint (s0, ==, (guint64) ((gint64) ma + 10000000 + dragged));

  /* Whichever run reaches the moment later, its first moments have
   * nothing beside them: the views begin where both line up, fitted,
   * zoomed or panned to the start. */
  es_session_fit (a);
  es_session_get_visible (a, &a0, &a1);
  g_assert_cmpuint (a0, ==, 0);
  assert_b_follows (a, b, dragged);
  es_compare_window_set_offset (window, -50000000);
  es_session_fit (b);
  es_session_get_visible (a, &a0, &a1);
  g_assert_cmpuint (a0, ==, 50000000);
  assert_b_follows (a, b, -50000000);
  es_session_set_visible (b, 0, 10000000);
  assert_b_follows (a, b, -50000000);
  es_session_pan (a, -1000000000);
  es_session_get_visible (a, &a0, &a1);
  g_assert_cmpuint (a0, ==, 50000000);
  assert_b_follows (a, b, -50000000);
  es_session_zoom (a, 0.01, 0);
  assert_b_follows (a, b, -50000000);

  /* Start: the runs at their starts again. */
  g_assert_true (es_compare_window_align_at (window, NULL));
  g_assert_cmpuint (gtk_drop_down_get_selected (choice), ==, 0);
  g_assert_cmpint (es_compare_window_get_offset (window), ==, 0);
  assert_b_follows (a, b, 0);
  es_session_fit (b);
  es_session_get_visible (a, &a0, &a1);
  g_assert_cmpuint (a0, ==, 0);
  assert_b_follows (a, b, 0);
  g_assert_false (es_compare_window_align_at (window, "no such marker"));
  gtk_window_destroy (GTK_WINDOW (window));
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
offers (gpointer data)
{
  GListModel *names = gtk_drop_down_get_model (GTK_DROP_DOWN (es_compare_window_get_align_choice (data)));

  for (guint i = 0; i < g_list_model_get_n_items (names); i++)
    if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (names), i), "slow part"))
      return TRUE;
  return FALSE;
}

/* A bookmark the user made in each run, of the same name, is offered
 * under "Align at" once the runs' saved bookmarks are read, and aligns
 * the runs there. */
static void
test_align_at_bookmark (void)
{
  const char *fixtures[] = { "alloc-A1m-N2.eventlog", "alloc-A64m-N2.eventlog" };
  const guint64 at[] = { 123456789, 45678901 };
  char *paths[2] = { NULL, NULL };
  g_autoptr(GFile) file_a = NULL;
  g_autoptr(GFile) file_b = NULL;
  EsCompareWindow *window;

  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *fixture = es_test_fixture_path (fixtures[i]);
      g_autofree char *contents = NULL;
      EsBookmarkList *list;
      EsWindow *single;
      gsize length;

      /* Copies of their own: bookmarks are kept by the log's path. */
      g_assert_true (g_file_get_contents (fixture, &contents, &length, NULL));
      paths[i] = es_test_write_temp_log ((const guint8 *) contents, length);
      single = es_test_open_window (paths[i]);
      es_test_wait_for_page (single, "timeline");
      list = ES_BOOKMARK_LIST (es_test_find_widget_of_type (GTK_WIDGET (single), ES_TYPE_BOOKMARK_LIST));
      es_test_wait_until (bookmarks_loaded, list, 10);
      es_bookmarks_add (es_bookmark_list_get_bookmarks (list), at[i], "slow part");
      /* Saved as the window closes. */
      g_object_add_weak_pointer (G_OBJECT (list), (gpointer *) &list);
      gtk_window_destroy (GTK_WINDOW (single));
      es_test_wait_until (is_null, &list, 10);
    }
  es_bookmarks_wait_for_io ();

  file_a = g_file_new_for_path (paths[0]);
  file_b = g_file_new_for_path (paths[1]);
  window = es_compare_window_new (GTK_APPLICATION (es_test_app), file_a, file_b);
  gtk_window_present (GTK_WINDOW (window));
  es_test_wait_until (page_is_not_loading, window, 60);
  es_test_wait_until (offers, window, 10);
  g_assert_true (es_compare_window_align_at (window, "slow part"));
  g_assert_cmpint (es_compare_window_get_offset (window), ==, (gint64) at[1] - (gint64) at[0]);
  assert_b_follows (es_compare_window_get_session (window, 0), es_compare_window_get_session (window, 1),
                    (gint64) at[1] - (gint64) at[0]);
  gtk_window_destroy (GTK_WINDOW (window));
  for (guint i = 0; i < 2; i++)
    {
      g_unlink (paths[i]);
      g_free (paths[i]);
    }
}

/* The Traces boxes show and hide a row in both runs; B's timeline follows
 * A's (the threads' section opened in B opens in A), and only A's has the
 * ruler: one axis above both. */
static void
test_traces_act_on_both (void)
{
  EsCompareWindow *window = open_comparison ("alloc-A1m-N2.eventlog", "alloc-A64m-N2.eventlog");
  EsTimelineRows *rows_a = es_timeline_get_rows (ES_TIMELINE (es_compare_window_get_timeline (window, 0)));
  EsTimelineRows *rows_b = es_timeline_get_rows (ES_TIMELINE (es_compare_window_get_timeline (window, 1)));
  GtkWidget *heap = NULL, *heap_pin = NULL;
  guint32 threads;

  g_assert_true (es_timeline_rows_get_visible_kinds (rows_a) & (1u << ES_ROW_RULER));
  g_assert_false (es_timeline_rows_get_visible_kinds (rows_b) & (1u << ES_ROW_RULER));
  /* Each run's own Heap row starts hidden: "Heap (A and B)" shows both. */
  g_assert_false (es_timeline_rows_get_visible_kinds (rows_a) & (1u << ES_ROW_HEAP));
  g_assert_false (es_timeline_rows_get_visible_kinds (rows_b) & (1u << ES_ROW_HEAP));
  g_assert_true (es_timeline_rows_get_visible_kinds (rows_b) & (1u << ES_ROW_ACTIVITY));

  /* A row of a box and a pin per trace. */
  for (GtkWidget *row = gtk_widget_get_first_child (es_compare_window_get_traces (window));
       row != NULL; row = gtk_widget_get_next_sibling (row))
    for (GtkWidget *button = gtk_widget_get_first_child (row); button != NULL; button = gtk_widget_get_next_sibling (button))
      if (GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "row-kind")) == ES_ROW_HEAP)
        {
          if (GTK_IS_CHECK_BUTTON (button))
            heap = button;
          else
            heap_pin = button;
        }
  g_assert_nonnull (heap);
  g_assert_nonnull (heap_pin);
  /* Pinned in A's Traces, pinned in both. */
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (heap_pin), TRUE);
  g_assert_true (es_timeline_rows_get_pinned_kinds (rows_a) & (1u << ES_ROW_HEAP));
  g_assert_true (es_timeline_rows_get_pinned_kinds (rows_b) & (1u << ES_ROW_HEAP));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (heap_pin), FALSE);
  g_assert_false (es_timeline_rows_get_pinned_kinds (rows_b) & (1u << ES_ROW_HEAP));
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (heap)));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (heap), TRUE);
  g_assert_true (es_timeline_rows_get_visible_kinds (rows_a) & (1u << ES_ROW_HEAP));
  g_assert_true (es_timeline_rows_get_visible_kinds (rows_b) & (1u << ES_ROW_HEAP));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (heap), FALSE);
  g_assert_false (es_timeline_rows_get_visible_kinds (rows_a) & (1u << ES_ROW_HEAP));
  g_assert_false (es_timeline_rows_get_visible_kinds (rows_b) & (1u << ES_ROW_HEAP));

  threads = es_timeline_rows_get_visible_kinds (rows_a) & (1u << ES_ROW_THREAD);
  g_assert_true (gtk_widget_activate_action (es_compare_window_get_timeline (window, 1), "timeline.toggle-threads", NULL));
  g_assert_cmpuint (es_timeline_rows_get_visible_kinds (rows_a) & (1u << ES_ROW_THREAD), !=, threads);
  g_assert_true (es_timeline_rows_get_visible_kinds (rows_a) & (1u << ES_ROW_RULER));
  g_assert_false (es_timeline_rows_get_visible_kinds (rows_b) & (1u << ES_ROW_RULER));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A GHC run and a Mono run are not compared: the window says why. */
static void
test_mixed_formats_are_refused (void)
{
  EsCompareWindow *window = open_comparison ("hello.eventlog", "mlpd/gc-threads.mlpd");

  g_assert_cmpstr (es_compare_window_get_page (window), ==, "error");
  g_assert_nonnull (strstr (es_compare_window_get_error (window), "Mono"));
  g_assert_null (es_compare_window_get_session (window, 0));
  /* No "Align at" in the header without its control. */
  g_assert_null (es_test_find_label (GTK_WIDGET (window), "Align at"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static guint
count_windows (void)
{
  return g_list_model_get_n_items (gtk_window_get_toplevels ());
}

static gboolean
has_more_windows (gpointer data)
{
  return count_windows () > GPOINTER_TO_UINT (data);
}

/* Compare With… asks for run B only when a log is shown: it opens the
 * Open dialog then, and does nothing in an empty window. */
static void
test_compare_with_asks_for_run_b (void)
{
  g_autofree char *path = es_test_fixture_path ("hello.eventlog");
  EsWindow *empty = es_window_new (es_test_app);
  EsWindow *window;
  guint before;

  gtk_window_present (GTK_WINDOW (empty));
  before = count_windows ();
  gtk_widget_activate_action (GTK_WIDGET (empty), "win.compare-with", NULL);
  for (gint64 until = g_get_monotonic_time () + G_USEC_PER_SEC / 3; g_get_monotonic_time () < until; )
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (count_windows (), ==, before);

  window = es_test_open_window (path);
  es_test_wait_for_page (window, "timeline");
  before = count_windows ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.compare-with", NULL));
  es_test_wait_until (has_more_windows, GUINT_TO_POINTER (before), 10);
  g_assert_cmpuint (count_windows (), >, before);
  gtk_window_destroy (GTK_WINDOW (window));
  gtk_window_destroy (GTK_WINDOW (empty));
}

/* The comparison windows open now, newest first. */
static GList *
compare_windows (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  GList *found = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (ES_IS_COMPARE_WINDOW (window))
        found = g_list_prepend (found, window);
    }
  return found;
}

static gboolean
has_more_comparisons (gpointer data)
{
  g_autoptr(GList) now = compare_windows ();

  return g_list_length (now) > GPOINTER_TO_UINT (data);
}

static gboolean
has_no_more_comparisons (gpointer data)
{
  return !has_more_comparisons (data);
}

/* The comparison that opened since there were @before, once read. */
static EsCompareWindow *
new_comparison (guint before)
{
  g_autoptr(GList) now = NULL;
  EsCompareWindow *window = NULL;

  es_test_wait_until (has_more_comparisons, GUINT_TO_POINTER (before), 10);
  now = compare_windows ();
  g_assert_cmpuint (g_list_length (now), ==, before + 1);
  for (GList *l = now; l != NULL; l = l->next)
    if (g_strcmp0 (es_compare_window_get_page (l->data), "compare") != 0 || window == NULL)
      window = l->data;
  es_test_wait_until (page_is_not_loading, window, 60);
  return window;
}

/* A second log dropped on a window showing one: the dialog asks, and
 * Compare opens a comparison with the shown log as run A; with Shift
 * held, no question; Cancel does nothing. */
static void
test_drop_second_log (void)
{
  g_autofree char *path_a = es_test_fixture_path ("alloc-A1m-N2.eventlog");
  g_autofree char *path_b = es_test_fixture_path ("alloc-A64m-N2.eventlog");
  g_autoptr(GFile) file_b = g_file_new_for_path (path_b);
  EsWindow *window = es_test_open_window (path_a);
  GtkWidget *dialog;
  EsCompareWindow *comparison;
  g_autoptr(GList) before = NULL;
  g_autoptr(GList) after = NULL;

  es_test_wait_for_page (window, "timeline");
  before = compare_windows ();

  dialog = es_window_drop_ask (GTK_WINDOW (window), es_window_get_file (window), file_b, 0);
  g_assert_true (GTK_IS_DIALOG (dialog));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (window));
  gtk_dialog_response (GTK_DIALOG (dialog), ES_DROP_COMPARE);
  comparison = new_comparison (g_list_length (before));
  g_assert_cmpstr (es_compare_window_get_page (comparison), ==, "compare");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (comparison)), ==,
                   "alloc-A1m-N2.eventlog and alloc-A64m-N2.eventlog");
  gtk_window_destroy (GTK_WINDOW (comparison));
  es_test_wait_until (has_no_more_comparisons, GUINT_TO_POINTER (g_list_length (before)), 10);

  g_assert_null (es_window_drop_ask (GTK_WINDOW (window), es_window_get_file (window), file_b, GDK_SHIFT_MASK));
  comparison = new_comparison (g_list_length (before));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (comparison)), ==,
                   "alloc-A1m-N2.eventlog and alloc-A64m-N2.eventlog");
  gtk_window_destroy (GTK_WINDOW (comparison));
  es_test_wait_until (has_no_more_comparisons, GUINT_TO_POINTER (g_list_length (before)), 10);

  dialog = es_window_drop_ask (GTK_WINDOW (window), es_window_get_file (window), file_b, 0);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  for (gint64 until = g_get_monotonic_time () + G_USEC_PER_SEC / 3; g_get_monotonic_time () < until; )
    g_main_context_iteration (NULL, FALSE);
  g_assert_null (dialog);
  after = compare_windows ();
  g_assert_cmpuint (g_list_length (after), ==, g_list_length (before));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  if (!es_test_gui_init (&argc, &argv))
    return 0;

  g_test_add_func ("/compare-window/timelines-and-statistics-follow", test_timelines_and_statistics_follow);
  g_test_add_func ("/compare-window/run-against-itself", test_run_against_itself);
  g_test_add_func ("/compare-window/noise-is-not-marked", test_noise_is_not_marked);
  g_test_add_func ("/compare-window/align-at-marker", test_align_at_marker);
  g_test_add_func ("/compare-window/align-at-bookmark", test_align_at_bookmark);
  g_test_add_func ("/compare-window/traces-act-on-both", test_traces_act_on_both);
  g_test_add_func ("/compare-window/mixed-formats-are-refused", test_mixed_formats_are_refused);
  g_test_add_func ("/compare-window/compare-with-asks-for-run-b", test_compare_with_asks_for_run_b);
  g_test_add_func ("/compare-window/drop-second-log", test_drop_second_log);

  return g_test_run ();
}
