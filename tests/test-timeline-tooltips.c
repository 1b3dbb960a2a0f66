/* test-timeline-tooltips.c: names the timeline cuts short, whole in its
 * tooltip
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "es-heap-profile.h"
#include "es-session.h"
#include "es-test-gui.h"
#include "es-test-log.h"
#include "es-window.h"

#define LONG_MARKER "phase one of the computation"

static gboolean
is_drawn (gpointer data)
{
  return gtk_widget_get_width (data) > 100 && gtk_widget_get_mapped (data);
}

/* What the timeline's tooltip says at (@x, @y) of its rows. */
static char *
describe_at_rows (EsTimeline *timeline,
                  double      x,
                  double      y)
{
  double tx, ty;

  g_assert_true (gtk_widget_translate_coordinates (GTK_WIDGET (es_timeline_get_rows (timeline)),
                                                   GTK_WIDGET (timeline), x, y, &tx, &ty));
  return es_timeline_describe_at (timeline, tx, ty);
}

static const EsTimelineRow *
find_row (EsTimelineRows *rows,
          EsRowKind       kind,
          guint           index)
{
  GArray *layout = es_timeline_rows_get_layout (rows);

  for (guint i = 0; i < layout->len; i++)
    {
      const EsTimelineRow *row = &g_array_index (layout, EsTimelineRow, i);

      if (row->kind == kind && (kind == ES_ROW_THREAD ? row->thread : row->cap) == index)
        return row;
    }
  g_assert_not_reached ();
}

/* "2 IOManager on cap 0" is wider than the gutter, which shows
 * "2 IOManager o…": hovering it gives the whole name; a name shown whole
 * ("HEC 0") has no tooltip. */
static void
test_thread_label_whole (void)
{
  GSettings *settings = es_application_get_settings (es_test_app);
  g_autofree char *path = es_test_fixture_path ("alloc-A1m-N2.eventlog");
  EsWindow *window = es_test_open_window (path);
  EsTimeline *timeline;
  EsTimelineRows *rows;
  EsDocument *document;
  const EsTimelineRow *row;
  guint index = G_MAXUINT;
  g_autofree char *tip = NULL, *none = NULL;

  es_test_wait_for_page (window, "timeline");
  timeline = es_window_get_timeline (window);
  es_test_wait_until (is_drawn, timeline, 30);
  rows = es_timeline_get_rows (timeline);
  document = es_session_get_document (es_window_get_session (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (timeline), "timeline.toggle-threads", NULL));
  for (guint i = 0; i < es_document_get_n_threads (document); i++)
    if (g_strcmp0 (es_document_get_thread (document, i)->label, "IOManager on cap 0") == 0)
      index = i;
  g_assert_cmpuint (index, !=, G_MAXUINT);

  row = find_row (rows, ES_ROW_THREAD, index);
  g_assert_true (es_timeline_row_label_is_cut (document, row));
  tip = describe_at_rows (timeline, 20, row->y + row->height / 2);
  g_assert_cmpstr (tip, ==, "2 IOManager on cap 0");

  row = find_row (rows, ES_ROW_CAP, 0);
  g_assert_false (es_timeline_row_label_is_cut (document, row));
  none = describe_at_rows (timeline, 20, row->y + row->height / 2);
  g_assert_null (none);

  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "shown-rows");
}

/* Two markers some 37 pixels apart: the first's label has room for "ph…" of
 * its text; hovering it gives all of it, and hovering the row below it
 * does not. */
static void
test_marker_label_whole (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  g_autofree char *path = NULL;
  g_autofree char *tip = NULL, *below = NULL;
  EsTimeline *timeline;
  EsTimelineRows *rows;
  EsTimelineView view;
  EsWindow *window;
  const EsTimelineRow *row;
  double x;

  es_test_log_declare_ghc (log);
  es_test_log_begin_data (log);
  es_test_log_begin_block (log, 5, 0);
  es_test_log_event (log, 1, 5, es_payload_u32 (es_payload_new (), 1));
  es_test_log_event (log, 58, 100000, es_payload_str (es_payload_new (), LONG_MARKER));
  es_test_log_event (log, 58, 100000 + 7500, es_payload_str (es_payload_new (), "phase two"));
  es_test_log_event (log, 1, 200000, es_payload_u32 (es_payload_new (), 1));
  es_test_log_end_block (log, 200000);
  es_test_log_end (log);
  path = es_test_write_temp_log (es_test_log_get_data (log)->data, es_test_log_get_data (log)->len);

  window = es_test_open_window (path);
  es_test_wait_for_page (window, "timeline");
  timeline = es_window_get_timeline (window);
  es_test_wait_until (is_drawn, timeline, 30);
  rows = es_timeline_get_rows (timeline);
  es_session_set_visible (es_window_get_session (window), 0, 200000);
  es_timeline_rows_get_view (rows, &view);
  row = find_row (rows, ES_ROW_CAP, 0);
  x = es_timeline_time_to_x (&view, 100000);
  g_test_message ("markers %.1f px apart", es_timeline_time_to_x (&view, 107500) - x);
  g_assert_cmpfloat (es_timeline_time_to_x (&view, 107500) - x, >, 24 + 6);
  g_assert_cmpfloat (es_timeline_time_to_x (&view, 107500) - x, <, 60);

  tip = describe_at_rows (timeline, x + 8, row->y + 5);
  g_test_message ("%s", tip);
  g_assert_nonnull (strstr (tip, "\nMarker “" LONG_MARKER "”\n"));
  below = describe_at_rows (timeline, x + 8, row->y + row->height - 3);
  g_assert_null (strstr (below, "Marker"));

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
}

/* Across the heap-profile row, the tooltip names the census nearest the
 * pointer, found here by brute force among all of them, at fit and
 * zoomed in. */
static void
test_heap_profile_names_nearest_census (void)
{
  g_autofree char *path = es_test_fixture_path ("heap-hT-N2.eventlog");
  EsWindow *window = es_test_open_window (path);
  EsTimeline *timeline;
  EsTimelineRows *rows;
  EsDocument *document;
  const EsHeapProfile *profile;
  const EsTimelineRow *row;
  guint checked = 0;

  es_test_wait_for_page (window, "timeline");
  timeline = es_window_get_timeline (window);
  es_test_wait_until (is_drawn, timeline, 30);
  rows = es_timeline_get_rows (timeline);
  document = es_session_get_document (es_window_get_session (window));
  profile = es_heap_profile_get (document);
  g_assert_nonnull (profile);
  g_assert_cmpuint (es_heap_profile_get_n_censuses (profile), >=, 10);
  row = find_row (rows, ES_ROW_HEAP_PROFILE, 0);

  for (guint zoom = 0; zoom < 2; zoom++)
    {
      EsTimelineView view;

      if (zoom == 1)
        es_session_set_visible (es_window_get_session (window), es_document_get_end_time (document) / 3,
                                es_document_get_end_time (document) / 3 + es_document_get_end_time (document) / 20);
      es_timeline_rows_get_view (rows, &view);
      for (int x = ES_TIMELINE_GUTTER + 3; x < ES_TIMELINE_GUTTER + view.width; x += 37)
        {
          guint64 t = es_timeline_x_to_time (&view, x);
          guint64 best = G_MAXUINT64, nearest = 0;
          g_autofree char *tip = describe_at_rows (timeline, x, row->y + row->height / 2);
          g_autofree char *when = NULL, *expected = NULL;

          for (guint c = 0; c < es_heap_profile_get_n_censuses (profile); c++)
            {
              guint64 at = es_heap_profile_get_census_time (profile, c);
              guint64 distance = at > t ? at - t : t - at;

              if (distance < best)
                {
                  best = distance;
                  nearest = at;
                }
            }
          when = es_timeline_format_time (nearest, 1);
          expected = g_strdup_printf ("Heap profile census at %s", when);
          g_assert_nonnull (tip);
          if (strstr (tip, expected) == NULL)
            g_error ("at %" G_GUINT64_FORMAT " ns: “%s”, not “%s”", t, tip, expected);
          checked++;
        }
    }
  g_test_message ("%u places checked", checked);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  if (!es_test_gui_init (&argc, &argv))
    return 0;
  g_test_add_func ("/timeline-tooltips/thread-label-whole", test_thread_label_whole);
  g_test_add_func ("/timeline-tooltips/marker-label-whole", test_marker_label_whole);
  g_test_add_func ("/timeline-tooltips/heap-profile-names-nearest-census", test_heap_profile_names_nearest_census);
  return g_test_run ();
}
