/* test-window.c: the viewer in a real window (under Xvfb in CI)
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include <gtk/gtk.h>

#include "es-document-builder.h"
#include "es-gc-item.h"
#include "es-gc-list.h"
#include "es-log-filters.h"
#include "es-pauses.h"
#include "es-stats.h"
#include "es-sidebar.h"
#include "es-test-gui.h"
#include "es-test-log.h"
#include "es-timeline-key.h"
#include "es-timeline-painter.h"
#include "es-window.h"

static gboolean
stats_updated (gpointer data)
{
  gboolean *updated = data;

  return *updated;
}

static void
set_flag (gboolean *flag)
{
  *flag = TRUE;
}

/* The first number after @label in @text (digits grouped with commas). */
static guint64
number_after (const char *text,
              const char *label)
{
  const char *p = strstr (text, label);
  guint64 value = 0;
  gboolean seen = FALSE;

  g_assert_nonnull (p);
  for (p += strlen (label); *p != '\0' && *p != '\n'; p++)
    {
      if (g_ascii_isdigit (*p))
        {
          value = value * 10 + (guint64) (*p - '0');
          seen = TRUE;
        }
      else if (seen && *p != ',')
        break;
    }
  g_assert_true (seen);
  return value;
}

/* The number at the start of the line that contains @label. */
static guint64
number_on_line_of (const char *text,
                   const char *label)
{
  const char *p = strstr (text, label);
  const char *line = p;

  g_assert_nonnull (p);
  while (line > text && line[-1] != '\n')
    line--;
  return number_after (line, "");
}

static char *
cli_summary (const char *path,
             guint64     t0,
             guint64     t1)
{
  g_autofree char *from = g_strdup_printf ("%" G_GUINT64_FORMAT "ns", t0);
  g_autofree char *to = g_strdup_printf ("%" G_GUINT64_FORMAT "ns", t1);
  const char *argv[] = { g_getenv ("ES_CLI"), "summary", "--from", from, "--to", to, path, NULL };
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                               &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  return out;
}

/* Whether the sidebar's Key lists @color, as a visible row. */
static gboolean
key_lists (EsWindow *window,
           EsColor   color)
{
  GtkWidget *sidebar = es_test_find_widget_of_type (GTK_WIDGET (window), ES_TYPE_SIDEBAR);
  const char *name = es_timeline_key_name (es_test_shown_document (window), color);
  GtkWidget *notebook, *label;

  g_assert_nonnull (sidebar);
  notebook = es_test_find_widget_of_type (sidebar, GTK_TYPE_NOTEBOOK);
  g_assert_nonnull (notebook);
  /* The Key is the first page; Traces has boxes of some of the same names. */
  label = es_test_find_label (gtk_notebook_get_nth_page (GTK_NOTEBOOK (notebook), 0), name);
  return label != NULL && g_str_equal (gtk_label_get_text (GTK_LABEL (label)), name);
}

/* Open a log, wait for the timeline, check the rows; zoom, pan and select
 * through the window's actions; the statistics of a selection equal
 * `eventscope-cli summary --from --to`. */
static void
test_open_navigate_select (void)
{
  g_autofree char *path = es_test_fixture_path ("heap-hT-N2.eventlog");
  EsWindow *window = es_test_open_window (path);
  EsSession *session;
  EsTimelineRows *rows;
  GArray *layout;
  guint64 t0, t1, s0, s1, end;
  gboolean updated = FALSE;
  g_autofree char *panel = NULL;
  g_autofree char *cli = NULL;

  es_test_wait_for_page (window, "timeline");
  session = es_window_get_session (window);
  g_assert_nonnull (session);
  end = es_document_get_end_time (es_session_get_document (session));

  /* Ruler, activity, a row per HEC, heap, heap profile (the log has -hT),
   * the threads' header. */
  rows = es_timeline_get_rows (es_window_get_timeline (window));
  layout = es_timeline_rows_get_layout (rows);
  g_assert_cmpuint (layout->len, ==, 7);
  g_assert_cmpuint (g_array_index (layout, EsTimelineRow, 5).kind, ==, ES_ROW_HEAP_PROFILE);
  g_assert_cmpuint (g_array_index (layout, EsTimelineRow, 6).kind, ==, ES_ROW_THREADS);
  g_assert_cmpuint (g_array_index (layout, EsTimelineRow, 2).kind, ==, ES_ROW_CAP);
  g_assert_cmpuint (g_array_index (layout, EsTimelineRow, 3).cap, ==, 1);

  /* The Key of a GHC log with threads and sparks, and no spans. */
  g_assert_true (key_lists (window, ES_COLOR_SPARK_CREATED));
  g_assert_true (key_lists (window, ES_COLOR_BLOCKED_MVAR));
  g_assert_true (key_lists (window, ES_COLOR_HEAP_LIVE));
  g_assert_false (key_lists (window, ES_COLOR_SPAN));

  /* The Traces tab: spark creation rows appear for each HEC, then go. */
  {
    GtkWidget *sparks = es_test_find_check_button (GTK_WIDGET (window), "Spark creation");

    g_assert_nonnull (sparks);
    gtk_check_button_set_active (GTK_CHECK_BUTTON (sparks), TRUE);
    g_assert_cmpuint (es_timeline_rows_get_layout (rows)->len, ==, 9);
    gtk_check_button_set_active (GTK_CHECK_BUTTON (sparks), FALSE);
    layout = es_timeline_rows_get_layout (rows);
    g_assert_cmpuint (layout->len, ==, 7);
  }

  es_session_get_visible (session, &t0, &t1);
  g_assert_cmpuint (t0, ==, 0);
  g_assert_cmpuint (t1, ==, end);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-in", NULL));
  es_session_get_visible (session, &t0, &t1);
  g_assert_cmpuint (t1 - t0, ==, (end + 1) / 2);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.go-end", NULL));
  es_session_get_visible (session, &s0, &s1);
  g_assert_cmpuint (s1, ==, end);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.go-start", NULL));
  es_session_get_visible (session, &s0, &s1);
  g_assert_cmpuint (s0, ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-fit", NULL));
  es_session_get_visible (session, &s0, &s1);
  g_assert_cmpuint (s1 - s0, ==, end);

  /* ] shows the next long GC pause with the cursor at its start, [ the
   * previous one. */
  {
    const EsGc *first;
    guint64 cursor;

    es_session_set_cursor (session, 0);
    first = es_pauses_find_long (es_session_get_document (session), 0, TRUE);
    g_assert_nonnull (first);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-long-pause", NULL));
    g_assert_true (es_session_get_cursor (session, &cursor));
    g_assert_cmpuint (cursor, ==, first->start);
    es_session_get_visible (session, &s0, &s1);
    g_assert_cmpuint (s0, <, first->start);
    g_assert_cmpuint (s1, >, first->end);
    g_assert_cmpuint (s1 - s0, <, end / 10);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-long-pause", NULL));
    g_assert_true (es_session_get_cursor (session, &cursor));
    g_assert_cmpuint (cursor, >, first->start);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-long-pause", NULL));
    g_assert_true (es_session_get_cursor (session, &cursor));
    g_assert_cmpuint (cursor, ==, first->start);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-fit", NULL));
  }

  /* The GC tab lists every collection, longest pause first; activating a
   * row shows that pause. */
  {
    GtkWidget *list = es_test_find_widget_of_type (GTK_WIDGET (window), ES_TYPE_GC_LIST);
    GListModel *model;
    guint n_gcs;
    const EsGc *gcs = es_document_get_gcs (es_session_get_document (session), &n_gcs);
    g_autoptr(EsGcItem) first = NULL;
    guint64 longest = 0, cursor;

    g_assert_nonnull (list);
    model = es_gc_list_get_model (ES_GC_LIST (list));
    g_assert_cmpuint (g_list_model_get_n_items (model), ==, n_gcs);
    for (guint i = 0; i < n_gcs; i++)
      longest = MAX (longest, gcs[i].end - gcs[i].start);
    first = g_list_model_get_item (model, 0);
    g_assert_cmpuint (es_gc_item_get_gc (first)->end - es_gc_item_get_gc (first)->start, ==, longest);
    es_gc_list_activate (ES_GC_LIST (list), 0);
    g_assert_true (es_session_get_cursor (session, &cursor));
    g_assert_cmpuint (cursor, ==, es_gc_item_get_gc (first)->start);
    es_session_get_visible (session, &s0, &s1);
    g_assert_cmpuint (s0, <, es_gc_item_get_gc (first)->start);
    g_assert_cmpuint (s1, >, es_gc_item_get_gc (first)->end);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-fit", NULL));
  }

  /* Select the middle fifth, as a drag would, and zoom to it. */
  g_signal_connect_swapped (es_window_get_stats_panel (window), "updated", G_CALLBACK (set_flag), &updated);
  es_session_select (session, end * 2 / 5, end * 3 / 5);
  es_test_wait_until (stats_updated, &updated, 30);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-selection", NULL));
  es_session_get_visible (session, &s0, &s1);
  g_assert_cmpuint (s0, <, end * 2 / 5);
  g_assert_cmpuint (s1, >, end * 3 / 5);
  g_assert_cmpuint (s1 - s0, <, end / 4);

  panel = es_stats_panel_dup_text (es_window_get_stats_panel (window));
  cli = cli_summary (path, end * 2 / 5, end * 3 / 5);
  g_assert_cmpuint (number_after (panel, "Allocated: "), ==, number_on_line_of (cli, " bytes allocated in the heap"));
  g_assert_cmpuint (number_after (panel, "Copied: "), ==, number_on_line_of (cli, " bytes copied during GC"));
  g_assert_cmpuint (number_after (panel, "Maximum residency: "), ==, number_on_line_of (cli, " bytes maximum residency"));
  g_assert_cmpuint (number_after (panel, "Gen 0: "), ==, number_after (cli, "  Gen  0 "));
  g_assert_cmpuint (number_after (panel, "Gen 1: "), ==, number_after (cli, "  Gen  1 "));
  g_assert_nonnull (strstr (panel, "Program: ./heap"));

  /* Moving the cursor leaves the interval, so nothing is recomputed;
   * another interval is. */
  updated = FALSE;
  es_session_set_cursor (session, end / 2);
  {
    gint64 until = g_get_monotonic_time () + G_USEC_PER_SEC / 2;

    while (g_get_monotonic_time () < until)
      g_main_context_iteration (NULL, FALSE);
  }
  g_assert_false (updated);
  es_session_select (session, end / 5, end * 2 / 5);
  es_test_wait_until (stats_updated, &updated, 30);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A pinch zooms the timeline; spreading the fingers zooms in. */
static void
test_pinch_zooms (void)
{
  g_autofree char *path = es_test_fixture_path ("parfib-N2.eventlog");
  EsWindow *window = es_test_open_window (path);
  GtkEventController *zoom;
  guint64 t0, t1;

  es_test_wait_for_page (window, "timeline");
  zoom = es_test_find_controller (GTK_WIDGET (es_window_get_timeline (window)), GTK_TYPE_GESTURE_ZOOM);
  g_assert_nonnull (zoom);
  g_signal_emit_by_name (zoom, "begin", NULL);
  g_signal_emit_by_name (zoom, "scale-changed", 2.0);
  g_signal_emit_by_name (zoom, "scale-changed", 4.0);
  es_session_get_visible (es_window_get_session (window), &t0, &t1);
  /* Two steps, x2 then x2 more, each rounded to the nanosecond. */
  g_assert_cmpfloat_with_epsilon ((double) (t1 - t0),
                                  es_document_get_end_time (es_session_get_document (es_window_get_session (window))) / 4.0, 1.0);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_drawn (gpointer data)
{
  return gtk_widget_get_width (data) > 0 && gtk_widget_get_mapped (data);
}

/* The timeline as the window draws it, read back: running where a thread
 * ran, GC where a collection was. */
static void
test_rendered_bands (void)
{
  g_autofree char *path = es_test_fixture_path ("heap-hT-N2.eventlog");
  EsWindow *window = es_test_open_window (path);
  EsSession *session;
  EsTimelineRows *rows;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  const EsGc *gcs, *longest = NULL;
  const EsTimelineRow *cap_row = NULL;
  EsTimelineView view;
  GArray *layout;
  guint n_gcs;
  int width, height;
  guchar *px;
  EsRgba gc_color;

  es_test_wait_for_page (window, "timeline");
  session = es_window_get_session (window);
  rows = es_timeline_get_rows (es_window_get_timeline (window));
  es_test_wait_until (is_drawn, rows, 10);

  /* Zoom onto the longest pause of a GC led by cap 0. */
  gcs = es_document_get_gcs (es_session_get_document (session), &n_gcs);
  for (guint i = 0; i < n_gcs; i++)
    if (gcs[i].cap == 0 && (longest == NULL || gcs[i].end - gcs[i].start > longest->end - longest->start))
      longest = &gcs[i];
  g_assert_nonnull (longest);
  es_session_set_visible (session, longest->start - (longest->end - longest->start),
                          longest->end + (longest->end - longest->start));

  width = gtk_widget_get_width (GTK_WIDGET (rows));
  height = gtk_widget_get_height (GTK_WIDGET (rows));
  /* Exactly the node GTK composites for the rows. */
  snapshot = gtk_snapshot_new ();
  GTK_WIDGET_GET_CLASS (rows)->snapshot (GTK_WIDGET (rows), snapshot);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (surface);
  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  layout = es_timeline_rows_get_layout (rows);
  for (guint i = 0; i < layout->len; i++)
    if (g_array_index (layout, EsTimelineRow, i).kind == ES_ROW_CAP && g_array_index (layout, EsTimelineRow, i).cap == 0)
      cap_row = &g_array_index (layout, EsTimelineRow, i);
  g_assert_nonnull (cap_row);
  es_timeline_rows_get_view (rows, &view);

  /* In the middle of HEC 0's longest GC-work phase of that pause, in its
   * GC band: the GC colour (not GC waiting). */
  {
    guint n;
    const EsActivity *a = es_cap_timeline_get_activities (es_document_get_cap (es_session_get_document (session), 0), &n);
    const EsActivity *work = NULL;
    int x, band_y, band_height, y;

    for (guint i = 0; i < n; i++)
      if (a[i].kind == ES_ACTIVITY_GC && a[i].start >= longest->start && es_activity_end (&a[i]) <= longest->end &&
          (work == NULL || es_activity_length (&a[i]) > es_activity_length (work)))
        work = &a[i];
    g_assert_nonnull (work);
    x = (int) es_timeline_time_to_x (&view, work->start + (es_activity_length (work)) / 2);

    g_assert_true (es_timeline_cap_band (cap_row, ES_COLOR_GC, &band_y, &band_height));
    y = band_y + band_height / 2;

    px = cairo_image_surface_get_data (surface) + y * cairo_image_surface_get_stride (surface) + x * 4;
    es_timeline_color (ES_COLOR_GC, view.dark, &gc_color);
    g_assert_cmpint (ABS ((int) px[2] - (int) (gc_color.red * 255)), <=, 40);
    g_assert_cmpint (ABS ((int) px[1] - (int) (gc_color.green * 255)), <=, 40);
    g_assert_cmpint (ABS ((int) px[0] - (int) (gc_color.blue * 255)), <=, 40);
  }
  cairo_surface_destroy (surface);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
collect_cairo_nodes (GskRenderNode *node,
                     GPtrArray     *out)
{
  if (gsk_render_node_get_node_type (node) == GSK_CAIRO_NODE)
    g_ptr_array_add (out, node);
  else if (gsk_render_node_get_node_type (node) == GSK_CONTAINER_NODE)
    for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
      collect_cairo_nodes (gsk_container_node_get_child (node, i), out);
}

/* GSK's Cairo renderer replays each Cairo node into an image of its size:
 * the rows come as bands of whole rows, each a node a few hundred pixels
 * tall, not one node the size of the view, and together they draw exactly
 * what one pass of the painter draws. */
static void
test_rows_drawn_in_bands (void)
{
  g_autofree char *path = es_test_fixture_path ("parfib-N2.eventlog");
  EsWindow *window = es_test_open_window (path);
  EsTimelineRows *rows;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GPtrArray) cairo_nodes = g_ptr_array_new ();
  graphene_rect_t bounds;
  EsTimelineView view;
  GArray *layout;
  cairo_surface_t *banded, *whole;
  cairo_t *cr;
  int width, tallest_row = 0, top, bottom, differing = 0;

  es_test_wait_for_page (window, "timeline");
  rows = es_timeline_get_rows (es_window_get_timeline (window));
  es_timeline_rows_set_visible_kinds (rows, G_MAXUINT32);
  es_test_wait_until (is_drawn, rows, 10);
  layout = es_timeline_rows_get_layout (rows);
  for (guint i = 0; i < layout->len; i++)
    tallest_row = MAX (tallest_row, g_array_index (layout, EsTimelineRow, i).height);

  snapshot = gtk_snapshot_new ();
  GTK_WIDGET_GET_CLASS (rows)->snapshot (GTK_WIDGET (rows), snapshot);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  collect_cairo_nodes (node, cairo_nodes);
  gsk_render_node_get_bounds (node, &bounds);
  top = (int) bounds.origin.y;
  bottom = (int) (bounds.origin.y + bounds.size.height);
  g_assert_cmpint (bottom - top, >, 400);
  g_assert_cmpuint (cairo_nodes->len, >=, 2);
  for (guint i = 0; i < cairo_nodes->len; i++)
    {
      graphene_rect_t b;

      gsk_render_node_get_bounds (g_ptr_array_index (cairo_nodes, i), &b);
      g_assert_cmpfloat (b.size.height, <=, ES_TIMELINE_BAND_HEIGHT + tallest_row);
    }

  width = gtk_widget_get_width (GTK_WIDGET (rows));
  banded = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, bottom - top);
  cr = cairo_create (banded);
  cairo_translate (cr, 0, -top);
  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  whole = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, bottom - top);
  cr = cairo_create (whole);
  cairo_translate (cr, 0, -top);
  cairo_rectangle (cr, 0, top, width, bottom - top);
  cairo_clip (cr);
  es_timeline_rows_get_view (rows, &view);
  es_timeline_paint (cr, &view, layout);
  es_timeline_paint_labels (cr, &view, layout);
  cairo_destroy (cr);
  cairo_surface_flush (banded);
  cairo_surface_flush (whole);
  for (int y = 0; y < bottom - top; y++)
    {
      const guint8 *a = cairo_image_surface_get_data (banded) + y * cairo_image_surface_get_stride (banded);
      const guint8 *b = cairo_image_surface_get_data (whole) + y * cairo_image_surface_get_stride (whole);

      for (int x = 0; x < width * 4; x++)
        differing += ABS ((int) a[x] - (int) b[x]) > 8;
    }
  g_assert_cmpint (differing, ==, 0);
  cairo_surface_destroy (banded);
  cairo_surface_destroy (whole);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The open dialog's filters: each format by name and by type (a renamed
 * file), and the gzip-compressed Mono log, which only its name gives away. */
static void
test_open_filters (void)
{
  static const struct {
    const char *name;
    const char *content_type;
    const char *matches;  /* one letter per filter: all logs, GHC, Mono, any */
  } files[] = {
    { "parfib-N2.eventlog", "application/x-ghc-eventlog", "yyny" },
    { "run.eventlog", "application/octet-stream", "yyny" },
    { "renamed-eventlog", "application/x-ghc-eventlog", "yyny" },
    { "gc-threads.mlpd", "application/x-mono-log-profile", "ynyy" },
    { "gc-zip.mlpd", "application/gzip", "ynyy" },
    { "renamed-mlpd", "application/x-mono-log-profile", "ynyy" },
    { "notes.txt", "text/plain", "nnny" },
    { "archive.gz", "application/gzip", "nnny" },
  };
  static const char *names[] = {
    "All Supported Logs", "GHC Eventlogs", "Mono Log Profiles", "All Files",
  };
  g_autoptr(GListModel) filters = es_log_filters_new ();

  g_assert_cmpuint (g_list_model_get_item_type (filters), ==, GTK_TYPE_FILE_FILTER);
  g_assert_cmpuint (g_list_model_get_n_items (filters), ==, G_N_ELEMENTS (names));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(GtkFileFilter) filter = g_list_model_get_item (filters, i);

      g_assert_cmpstr (gtk_file_filter_get_name (filter), ==, names[i]);
      for (guint f = 0; f < G_N_ELEMENTS (files); f++)
        {
          g_autoptr(GFileInfo) info = g_file_info_new ();
          gboolean expected = files[f].matches[i] == 'y';

          g_file_info_set_display_name (info, files[f].name);
          g_file_info_set_content_type (info, files[f].content_type);
          if (gtk_filter_match (GTK_FILTER (filter), info) != expected)
            g_error ("filter “%s” %s “%s” (%s)", names[i],
                     expected ? "does not match" : "matches",
                     files[f].name, files[f].content_type);
        }
    }
}

/* A Mono log opens like an eventlog: its threads are the rows, by name
 * (no threads' section: it would repeat them), and the statistics are its
 * pauses and mprof-report's counts. */
static void
test_mono_log_opens (void)
{
  g_autofree char *path = es_test_fixture_path ("mlpd/gc-threads.mlpd");
  EsWindow *window = es_test_open_window (path);
  EsDocument *document;
  GArray *layout;
  g_autofree char *text = NULL;
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);

  es_test_wait_for_page (window, "timeline");
  document = es_session_get_document (es_window_get_session (window));
  g_assert_cmpint (es_document_get_format (document), ==, ES_DOCUMENT_MONO_LOG);
  layout = es_timeline_rows_get_layout (es_timeline_get_rows (es_window_get_timeline (window)));
  for (guint i = 0; i < layout->len; i++)
    g_assert_cmpuint (g_array_index (layout, EsTimelineRow, i).kind, !=, ES_ROW_THREADS);
  for (guint i = 0; i < layout->len; i++)
    if (g_array_index (layout, EsTimelineRow, i).kind == ES_ROW_CAP)
      g_ptr_array_add (labels, es_timeline_row_label (document, &g_array_index (layout, EsTimelineRow, i)));
  g_assert_cmpuint (labels->len, ==, 6);
  g_assert_true (g_ptr_array_find_with_equal_func (labels, "Main", g_str_equal, NULL));
  g_assert_true (g_ptr_array_find_with_equal_func (labels, "worker-3", g_str_equal, NULL));

  text = es_test_wait_for_statistics (window, "GC (world stopped): ");
  g_assert_nonnull (strstr (text, "Lock contentions: 492\n"));
  g_assert_nonnull (strstr (text, "Collections, nursery: 10\n"));
  g_assert_null (strstr (text, "Sparks"));

  /* The Key lists what a Mono log draws, and none of GHC's own. */
  g_assert_true (key_lists (window, ES_COLOR_RUNNING));
  g_assert_true (key_lists (window, ES_COLOR_GC_WAITING));
  g_assert_true (key_lists (window, ES_COLOR_HEAP_SIZE));
  g_assert_false (key_lists (window, ES_COLOR_SPARK_CREATED));
  g_assert_false (key_lists (window, ES_COLOR_SPARK_POOL));
  g_assert_false (key_lists (window, ES_COLOR_BLOCKED_MVAR));
  g_assert_false (key_lists (window, ES_COLOR_WAKEUP));
  g_assert_false (key_lists (window, ES_COLOR_SPAN));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A GC of every length from 1 to @n microseconds, in a scrambled order,
 * each starting 100 ms after the one before. */
static EsDocument *
new_document_with_gcs (guint n)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new ();

  for (guint i = 0; i < n; i++)
    {
      EsEvent e = { 0 };

      e.tag = ES_EVENT_GC_START;
      e.time = (guint64) i * 100000000;
      es_document_builder_add (builder, &e);
      e.tag = ES_EVENT_GC_END;
      e.time += 1000 * (1 + (guint64) i * 7919 % n);
      es_document_builder_add (builder, &e);
    }
  return es_document_builder_finish (builder, FALSE, -1);
}

/* Each row of the GC list is made when asked for: tens of thousands of
 * GCs are the few hundred objects the view keeps, not one each, sorted as
 * the columns say, longest pause first. */
static void
test_gc_list_many_gcs_few_objects (void)
{
  const guint n = 20000;
  g_autoptr(EsDocument) document = new_document_with_gcs (n);
  g_autoptr(EsSession) session = es_session_new (document);
  GtkWidget *list = g_object_ref_sink (es_gc_list_new ());
  GtkColumnView *view = GTK_COLUMN_VIEW (es_test_find_widget_of_type (list, GTK_TYPE_COLUMN_VIEW));
  g_autoptr(GtkColumnViewColumn) start_column = NULL;
  GListModel *model;
  guint64 last = G_MAXUINT64;

  es_gc_list_set_session (ES_GC_LIST (list), session);
  model = es_gc_list_get_model (ES_GC_LIST (list));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, n);
  g_assert_cmpuint (es_gc_item_get_n_alive (), <, 500);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(EsGcItem) item = g_list_model_get_item (model, i);
      const EsGc *gc = es_gc_item_get_gc (item);

      g_assert_cmpuint (gc->end - gc->start, ==, (guint64) (n - i) * 1000);
      last = gc->end - gc->start;
    }
  g_assert_cmpuint (last, ==, 1000);
  g_assert_cmpuint (es_gc_item_get_n_alive (), <, 500);

  /* A click on "Start": the rows follow the view's sorter. */
  start_column = g_list_model_get_item (gtk_column_view_get_columns (view), 0);
  gtk_column_view_sort_by_column (view, start_column, GTK_SORT_ASCENDING);
  for (guint i = 0; i < n; i += 997)
    {
      g_autoptr(EsGcItem) item = g_list_model_get_item (model, i);

      g_assert_cmpuint (es_gc_item_get_gc (item)->start, ==, (guint64) i * 100000000);
    }
  g_assert_cmpuint (es_gc_item_get_n_alive (), <, 500);
  g_object_unref (list);
}

static guint
count_labels (GtkWidget *widget)
{
  guint n = GTK_IS_LABEL (widget) ? 1 : 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_labels (child);
  return n;
}

static gboolean
has_row_labels (gpointer data)
{
  return count_labels (data) > 50;
}

/* The GC list on a page nobody opened makes no rows: a column view builds
 * a couple of hundred rows' widgets whenever its model changes, shown or
 * not. Its model has every GC all the same, and the rows come once the
 * list is shown. */
static void
test_gc_list_rows_made_when_shown (void)
{
  const guint n = 20000;
  g_autoptr(EsDocument) document = new_document_with_gcs (n);
  g_autoptr(EsSession) session = es_session_new (document);
  guint n_items_before = es_gc_item_get_n_alive ();
  GtkWidget *list = es_gc_list_new ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = es_test_find_widget_of_type (list, GTK_TYPE_COLUMN_VIEW);
  guint n_before = count_labels (view);

  gtk_window_set_child (GTK_WINDOW (window), list);
  gtk_window_set_default_size (GTK_WINDOW (window), 600, 800);
  es_gc_list_set_session (ES_GC_LIST (list), session);
  g_assert_cmpuint (g_list_model_get_n_items (es_gc_list_get_model (ES_GC_LIST (list))), ==, n);
  g_assert_cmpuint (count_labels (view), ==, n_before);
  g_assert_cmpuint (es_gc_item_get_n_alive (), <=, n_items_before + 2);   /* the sorter's two */

  gtk_window_present (GTK_WINDOW (window));
  es_test_wait_until (has_row_labels, view, 10);
  g_assert_cmpuint (count_labels (view), >, 50);
  g_assert_cmpuint (es_gc_item_get_n_alive (), >, n_items_before + 10);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_image_of_icon (GtkWidget     *widget,
                  gconstpointer  icon_name)
{
  return GTK_IS_IMAGE (widget) && g_strcmp0 (gtk_image_get_icon_name (GTK_IMAGE (widget)), icon_name) == 0;
}

/* The icons an empty window draws, and the one X11 window managers get,
 * come as the bundled PNGs (data/icons/make-pngs.sh): as SVGs, GTK loads
 * librsvg to draw them, 6 MB of library and more of heap in every
 * window. Each is looked up as the window does, at scale 1, and is a PNG
 * of the bundle; the empty window shows the symbolic one. */
static void
test_start_icons_are_pngs (void)
{
  static const struct { const char *name; int size; const char *path; } icons[] = {
    { "es-empty-window-symbolic", 128, "/io/github/eventscope/Eventscope/icons/128x128/status/es-empty-window-symbolic.symbolic.png" },
    { APPLICATION_ID, 48, "/io/github/eventscope/Eventscope/icons/48x48/apps/" APPLICATION_ID ".png" },
  };
  EsWindow *window = es_window_new (es_test_app);
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gtk_widget_get_display (GTK_WIDGET (window)));
  GtkWidget *image = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (icons); i++)
    {
      g_autoptr(GtkIconPaintable) icon = gtk_icon_theme_lookup_icon (theme, icons[i].name, NULL, icons[i].size, 1,
                                                                     GTK_TEXT_DIR_LTR, 0);
      g_autoptr(GFile) file = gtk_icon_paintable_get_file (icon);
      g_autofree char *uri = file != NULL ? g_file_get_uri (file) : NULL;
      g_autofree char *expected = g_strconcat ("resource://", icons[i].path, NULL);

      g_assert_cmpstr (uri, ==, expected);
      g_assert_true (g_resources_get_info (icons[i].path, 0, NULL, NULL, NULL));
    }

  gtk_window_present (GTK_WINDOW (window));
  image = es_test_find_widget (GTK_WIDGET (window), is_image_of_icon, "es-empty-window-symbolic");
  g_assert_nonnull (image);
  g_assert_cmpint (gtk_image_get_pixel_size (GTK_IMAGE (image)), ==, 128);
  es_test_wait_until ((gboolean (*) (gpointer)) gtk_widget_get_mapped, image, 10);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  int status;

  if (!es_test_gui_init (&argc, &argv))
    return 0;

  g_test_add_func ("/window/open-navigate-select-matches-cli", test_open_navigate_select);
  g_test_add_func ("/window/gc-list-rows-made-when-shown", test_gc_list_rows_made_when_shown);
  g_test_add_func ("/window/rendered-bands", test_rendered_bands);
  g_test_add_func ("/window/rows-drawn-in-bands", test_rows_drawn_in_bands);
  g_test_add_func ("/window/pinch-zooms", test_pinch_zooms);
  g_test_add_func ("/window/open-filters", test_open_filters);
  g_test_add_func ("/window/mono-log-opens", test_mono_log_opens);
  g_test_add_func ("/window/gc-list-many-gcs-few-objects", test_gc_list_many_gcs_few_objects);
  g_test_add_func ("/window/start-icons-are-pngs", test_start_icons_are_pngs);

  status = g_test_run ();
  g_object_unref (es_test_app);
  return status;
}
