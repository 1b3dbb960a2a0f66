/* test-window-state.c: what the window remembers, and what it copes with
 * (under Xvfb in CI)
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include <gtk/gtk.h>

#include "es-stats.h"
#include "es-sidebar.h"
#include "es-test-gui.h"
#include "es-test-log.h"
#include "es-timeline-describe.h"
#include "es-window.h"
#include "es-window-export.h"

static gboolean
painted_twice (gpointer data)
{
  return *(guint *) data >= 2;
}

static void
count_paint (GdkFrameClock *clock,
             guint         *paints)
{
  (*paints)++;
}

static guint64
peak_rss_kb (void)
{
  g_autofree char *status = NULL;
  const char *line;

  g_assert_true (g_file_get_contents ("/proc/self/status", &status, NULL, NULL));
  line = strstr (status, "VmHWM:");
  g_assert_nonnull (line);
  return g_ascii_strtoull (line + strlen ("VmHWM:"), NULL, 10);
}

/* A log naming 65,535 capabilities opens and draws: only the rows in view
 * are painted and the sparks table lists the first HECs, so it neither
 * hangs nor takes gigabytes (it took 3 GB and minutes before). */
static void
test_thousands_of_caps_open (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  EsWindow *window;
  guint paints = 0;
  gulong id;

  es_test_log_declare_ghc (log);
  es_test_log_begin_data (log);
  es_test_log_event (log, 17, 1, es_payload_u16 (es_payload_new (), 0xFFFF));
  es_test_log_begin_block (log, 2, 0xFFFE);
  es_test_log_event (log, 1, 3, es_payload_u32 (es_payload_new (), 9));
  es_test_log_end_block (log, 3);
  es_test_log_end (log);
  path = es_test_write_temp_log (es_test_log_get_data (log)->data, es_test_log_get_data (log)->len);

  window = es_test_open_window (path);
  es_test_wait_for_page (window, "timeline");
  g_assert_cmpuint (es_document_get_n_caps (es_session_get_document (es_window_get_session (window))), ==, 0xFFFF);
  id = g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (window)), "after-paint",
                         G_CALLBACK (count_paint), &paints);
  gtk_widget_queue_draw (GTK_WIDGET (window));
  es_test_wait_until (painted_twice, &paints, 60);
  g_signal_handler_disconnect (gtk_widget_get_frame_clock (GTK_WIDGET (window)), id);
  g_test_message ("peak RSS with 65,535 caps drawn: %" G_GUINT64_FORMAT " kB", peak_rss_kb ());
  g_assert_cmpuint (peak_rss_kb (), <, 1024 * 1024);

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
}

static guint
count_recent_rows (GtkWidget *widget)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_LIST_BOX_ROW (child) && g_object_get_data (G_OBJECT (child), "file") != NULL)
        n++;
      n += count_recent_rows (child);
    }
  return n;
}

/* Opened logs go first in the settings' recent list, once each; a new
 * window offers those that still exist. */
static void
test_recent_files_remembered (void)
{
  GSettings *settings = es_application_get_settings (es_test_app);
  g_autofree char *hello = es_test_fixture_path ("hello.eventlog");
  g_autofree char *parfib = es_test_fixture_path ("parfib-N2.eventlog");
  g_autofree char *hello_uri = g_filename_to_uri (hello, NULL, NULL);
  g_autofree char *parfib_uri = g_filename_to_uri (parfib, NULL, NULL);
  const char *stale[] = { "file:///nonexistent/gone.eventlog", NULL };
  g_auto(GStrv) recent = NULL;
  EsWindow *window;

  g_settings_set_strv (settings, "recent-files", stale);
  for (guint i = 0; i < 3; i++)
    {
      window = es_test_open_window (i == 1 ? parfib : hello);
      es_test_wait_for_page (window, "timeline");
      gtk_window_destroy (GTK_WINDOW (window));
    }
  recent = g_settings_get_strv (settings, "recent-files");
  g_assert_cmpuint (g_strv_length (recent), ==, 3);
  g_assert_cmpstr (recent[0], ==, hello_uri);
  g_assert_cmpstr (recent[1], ==, parfib_uri);
  g_assert_cmpstr (recent[2], ==, stale[0]);

  window = es_window_new (es_test_app);
  g_assert_cmpuint (count_recent_rows (GTK_WIDGET (window)), ==, 2);
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "recent-files");
}

/* The statistics list the run's spans by name, with their counts. */
static void
test_spans_in_statistics (void)
{
  g_autofree char *path = es_test_fixture_path ("parfib-N2.eventlog");
  g_autofree char *text = NULL;
  EsWindow *window = es_test_open_window (path);

  es_test_wait_for_page (window, "timeline");
  text = es_test_wait_for_statistics (window, "Span ");
  g_assert_nonnull (strstr (text, "\nSpan work: 2 "));

  /* Hovering the Spans row over the first span names it. */
  {
    EsTimeline *timeline = es_window_get_timeline (window);
    EsTimelineRows *rows = es_timeline_get_rows (timeline);
    GArray *layout = es_timeline_rows_get_layout (rows);
    g_autofree EsSpan *spans = NULL;
    const EsTimelineRow *row = NULL;
    g_autofree char *tip = NULL;
    EsTimelineView view = { 0 };
    double x, y;
    guint n;

    spans = es_test_copy_spans (es_session_get_document (es_window_get_session (window)), &n);
    for (guint i = 0; i < layout->len; i++)
      if (g_array_index (layout, EsTimelineRow, i).kind == ES_ROW_SPANS)
        row = &g_array_index (layout, EsTimelineRow, i);
    g_assert_nonnull (row);
    es_timeline_rows_get_view (rows, &view);
    g_assert_true (gtk_widget_translate_coordinates (GTK_WIDGET (rows), GTK_WIDGET (timeline),
                                                     es_timeline_time_to_x (&view, spans[0].start + (spans[0].end - spans[0].start) / 2),
                                                     row->y + 5, &x, &y));
    tip = es_timeline_describe_at (timeline, x, y);
    g_assert_nonnull (tip);
    g_assert_nonnull (strstr (tip, spans[0].name));
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The statistics list the heap profile's bands, the one with the most
 * residency over the run first (found here from the raw samples), and
 * hovering the Heap profile row gives a census's bands. */
static void
test_heap_profile_in_statistics (void)
{
  g_autofree char *path = es_test_fixture_path ("profiled-hc.eventlog");
  g_autofree char *text = NULL, *expected = NULL;
  EsWindow *window = es_test_open_window (path);
  EsDocument *document;
  const EsHeapProfSample *samples;
  g_autofree guint64 *totals = NULL;
  guint n_samples, n_cc, top = 0;
  const EsCostCentre *cc;
  const char *top_name;
  guint32 innermost;

  es_test_wait_for_page (window, "timeline");
  text = es_test_wait_for_statistics (window, "\nHeap band ");
  document = es_session_get_document (es_window_get_session (window));
  samples = es_document_get_heap_samples (document, &n_samples);
  totals = g_new0 (guint64, es_document_get_n_heap_bands (document));
  for (guint s = 0; s < n_samples; s++)
    {
      const EsHeapProfEntry *entries = es_document_get_heap_entries (document, &samples[s]);

      for (guint e = 0; e < samples[s].n_entries; e++)
        totals[entries[e].band] += entries[e].residency;
    }
  for (guint b = 0; b < es_document_get_n_heap_bands (document); b++)
    if (totals[b] > totals[top])
      top = b;
  /* A -hc band is its cost-centre stack's ids, innermost first. */
  top_name = es_document_get_heap_band_name (document, top);
  innermost = (guint32) g_ascii_strtoull (top_name, NULL, 10);
  cc = es_document_get_cost_centres (document, &n_cc);
  for (guint i = 0; i < n_cc; i++)
    if (cc[i].id == innermost)
      expected = g_strdup_printf ("\nHeap band %s.%s", cc[i].module, cc[i].label);
  g_assert_nonnull (expected);

  g_assert_nonnull (strstr (text, "\nHeap profile\n"));
  g_assert_true (strstr (text, expected) == strstr (text, "\nHeap band "));

  /* Hovering the Heap profile row over the first census names the band. */
  {
    EsTimeline *timeline = es_window_get_timeline (window);
    EsTimelineRows *rows = es_timeline_get_rows (timeline);
    GArray *layout = es_timeline_rows_get_layout (rows);
    const EsTimelineRow *row = NULL;
    g_autofree char *tip = NULL;
    EsTimelineView view = { 0 };
    double x, y;

    for (guint i = 0; i < layout->len; i++)
      if (g_array_index (layout, EsTimelineRow, i).kind == ES_ROW_HEAP_PROFILE)
        row = &g_array_index (layout, EsTimelineRow, i);
    g_assert_nonnull (row);
    es_timeline_rows_get_view (rows, &view);
    g_assert_true (gtk_widget_translate_coordinates (GTK_WIDGET (rows), GTK_WIDGET (timeline),
                                                     es_timeline_time_to_x (&view, samples[0].time),
                                                     row->y + row->height / 2, &x, &y));
    tip = es_timeline_describe_at (timeline, x, y);
    g_assert_nonnull (tip);
    g_assert_nonnull (strstr (tip, "Heap profile census at "));
    g_assert_nonnull (strstr (tip, expected + strlen ("\nHeap band ")));
  }

  /* Shown by default; its Traces box hides it and says so in the settings. */
  {
    GSettings *settings = es_application_get_settings (es_test_app);
    GtkWidget *check = es_test_find_check_button (GTK_WIDGET (window), "Heap profile");
    EsTimelineRows *rows = es_timeline_get_rows (es_window_get_timeline (window));
    g_auto(GStrv) saved = NULL;
    GArray *layout;

    g_assert_nonnull (check);
    g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (check)));
    gtk_check_button_set_active (GTK_CHECK_BUTTON (check), FALSE);
    layout = es_timeline_rows_get_layout (rows);
    for (guint i = 0; i < layout->len; i++)
      g_assert_cmpint (g_array_index (layout, EsTimelineRow, i).kind, !=, ES_ROW_HEAP_PROFILE);
    saved = g_settings_get_strv (settings, "shown-rows");
    g_assert_false (g_strv_contains ((const char * const *) saved, "heap-profile"));
    g_assert_true (g_strv_contains ((const char * const *) saved, "heap"));
    g_settings_reset (settings, "shown-rows");
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
export_done (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  GError **error = user_data;

  if (!es_window_export_finish (result, error) && *error == NULL)
    g_assert_not_reached ();
  g_object_set_data (source, "export-done", GINT_TO_POINTER (1));
}

static gboolean
export_finished (gpointer data)
{
  return g_object_get_data (data, "export-done") != NULL;
}

static gboolean
rows_allocated (gpointer rows)
{
  return gtk_widget_get_width (rows) > 400;
}

/* Export from the window saves the selection, as wide as the rows on
 * screen, with the rows shown. */
static void
test_export_selection (void)
{
  g_autofree char *path = es_test_fixture_path ("heap-hT-N2.eventlog");
  g_autofree char *dir = g_dir_make_tmp ("es-window-export-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "selection.png", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (png);
  g_autoptr(GError) error = NULL;
  EsWindow *window = es_test_open_window (path);
  EsTimeline *timeline;
  cairo_surface_t *surface;
  int rows_width;

  es_test_wait_for_page (window, "timeline");
  timeline = es_window_get_timeline (window);
  es_session_select (es_window_get_session (window), 1000000, 2000000);
  es_test_wait_until (rows_allocated, es_timeline_get_rows (timeline), 30);
  rows_width = gtk_widget_get_width (GTK_WIDGET (es_timeline_get_rows (timeline)));
  es_window_export_to_file (timeline, file, NULL, export_done, &error);
  es_test_wait_until (export_finished, timeline, 30);
  g_assert_no_error (error);

  surface = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, rows_width);
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==,
                   es_timeline_layout_height (es_timeline_rows_get_layout (es_timeline_get_rows (timeline))));
  cairo_surface_destroy (surface);
  g_unlink (png);
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A new window takes the sidebar width and the rows from the settings, and
 * ticking a trace writes the settings back. */
static void
test_layout_and_rows_remembered (void)
{
  GSettings *settings = es_application_get_settings (es_test_app);
  const char *shown[] = { "hecs", "spark-pool", NULL };
  g_autofree char *path = es_test_fixture_path ("hello.eventlog");
  g_auto(GStrv) saved = NULL;
  const GArray *layout;
  EsWindow *window;
  GtkWidget *heap;

  g_settings_set_int (settings, "sidebar-width", 301);
  g_settings_set_strv (settings, "shown-rows", shown);
  window = es_test_open_window (path);
  es_test_wait_for_page (window, "timeline");

  g_assert_cmpint (gtk_paned_get_position (GTK_PANED (es_test_find_widget_of_type (GTK_WIDGET (window), GTK_TYPE_PANED))), ==, 301);
  layout = es_timeline_rows_get_layout (es_timeline_get_rows (es_window_get_timeline (window)));
  g_assert_cmpuint (layout->len, >, 1);
  for (guint i = 1; i < layout->len; i++)
    {
      guint kind = g_array_index (layout, EsTimelineRow, i).kind;

      g_assert_true (kind == ES_ROW_CAP || kind == ES_ROW_SPARK_POOL);
    }

  heap = es_test_find_check_button (GTK_WIDGET (window), "Heap");
  g_assert_nonnull (heap);
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (heap)));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (heap), TRUE);
  saved = g_settings_get_strv (settings, "shown-rows");
  g_assert_true (g_strv_contains ((const char * const *) saved, "heap"));
  g_assert_true (g_strv_contains ((const char * const *) saved, "spark-pool"));
  g_assert_false (g_strv_contains ((const char * const *) saved, "activity"));

  gtk_paned_set_position (GTK_PANED (es_test_find_widget_of_type (GTK_WIDGET (window), GTK_TYPE_PANED)), 250);
  g_assert_cmpint (g_settings_get_int (settings, "sidebar-width"), ==, 250);

  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "sidebar-width");
  g_settings_reset (settings, "shown-rows");
}

/* The divider between the timeline and the panels sits under the last row
 * (a two-HEC log leaves the rest to the statistics, not blank), grows when
 * the threads' section opens or with 64 HECs up to 70 % of the pane, and
 * stays where the user puts it, in the settings too, until reset. */
typedef struct
{
  EsWindow *window;
  int       position;
} PaneWait;

/* The pane between the timeline and the panels below it. */
static GtkPaned *
inner_paned (EsWindow *window)
{
  return GTK_PANED (gtk_widget_get_parent (GTK_WIDGET (es_window_get_timeline (window))));
}

static gboolean
pane_sized (gpointer data)
{
  return gtk_widget_get_height (data) > 0;
}

static gboolean
divider_at (gpointer data)
{
  PaneWait *wait = data;
  GtkPaned *paned = inner_paned (wait->window);

  return gtk_paned_get_position (paned) == wait->position;
}

static int
fitted_limit (GtkPaned *paned)
{
  int height = gtk_widget_get_height (GTK_WIDGET (paned));

  return height - MAX (180, (int) (height * 0.3));
}

static char *
write_caps_log (guint n_caps)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();

  es_test_log_declare_ghc (log);
  es_test_log_begin_data (log);
  es_test_log_event (log, 17, 1, es_payload_u16 (es_payload_new (), n_caps));
  for (guint16 cap = 0; cap < n_caps; cap++)
    {
      es_test_log_begin_block (log, 2, cap);
      es_test_log_event (log, 1, 3, es_payload_u32 (es_payload_new (), cap + 1));
      es_test_log_end_block (log, 3);
    }
  es_test_log_end (log);
  return es_test_write_temp_log (es_test_log_get_data (log)->data, es_test_log_get_data (log)->len);
}

/* How many pixels of the bottom @band rows of @widget, drawn now, are not
 * the colour near its top right corner (the ruler's background). */
static guint
count_drawn_at_bottom (GtkWidget *widget,
                       int        band)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree guint32 *pixels = NULL;
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  guint drawn = 0;

  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  pixels = g_new (guint32, (gsize) width * height);
  gdk_texture_download (texture, (guchar *) pixels, width * 4);
  for (int y = height - band; y < height; y++)
    for (int x = 0; x < width; x++)
      drawn += pixels[y * width + x] != pixels[2 * width + width - 3];
  return drawn;
}

static gboolean
painted_once (gpointer data)
{
  return *(guint *) data >= 1;
}

/* Waits for a frame of the window, redrawn. */
static void
wait_for_paints (EsWindow *window)
{
  guint paints = 0;
  gulong id = g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (window)), "after-paint",
                                G_CALLBACK (count_paint), &paints);

  gtk_widget_queue_draw (GTK_WIDGET (window));
  es_test_wait_until (painted_once, &paints, 10);
  g_signal_handler_disconnect (gtk_widget_get_frame_clock (GTK_WIDGET (window)), id);
}

static void
test_divider_follows_rows (void)
{
  GSettings *settings = es_application_get_settings (es_test_app);
  g_autofree char *path = es_test_fixture_path ("parfib-N2.eventlog");
  g_autofree char *many = write_caps_log (64);
  EsTimelineRows *rows;
  EsWindow *window;
  GtkPaned *paned;
  PaneWait wait;
  int natural, pane_height;

  g_settings_reset (settings, "timeline-height");
  window = es_test_open_window (path);
  es_test_wait_for_page (window, "timeline");
  paned = inner_paned (window);
  rows = es_timeline_get_rows (es_window_get_timeline (window));
  es_timeline_rows_set_visible_kinds (rows, es_timeline_rows_get_visible_kinds (rows) & ~(1u << ES_ROW_THREAD));

  /* Two HECs: under the last row, and most of the pane for the panels. */
  gtk_widget_measure (GTK_WIDGET (rows), GTK_ORIENTATION_VERTICAL, -1, NULL, &natural, NULL, NULL);
  wait = (PaneWait) { window, natural + 2 };
  es_test_wait_until (divider_at, &wait, 10);
  pane_height = gtk_widget_get_height (GTK_WIDGET (paned));
  g_assert_cmpint (natural, >, 100);
  g_assert_cmpint (natural + 2, <, pane_height / 2);
  g_assert_cmpint (gtk_widget_get_height (gtk_paned_get_end_child (paned)), >, pane_height / 2);

  /* The threads' section open: more rows than room, so the most allowed. */
  es_timeline_rows_set_visible_kinds (rows, es_timeline_rows_get_visible_kinds (rows) | (1u << ES_ROW_THREAD));
  wait.position = fitted_limit (paned);
  es_test_wait_until (divider_at, &wait, 10);
  /* A divider moved down over the same rows (a drag) has them drawn to
   * its new place. (The window on screen kept the rows' shorter drawing
   * before they redrew on the viewport's "changed"; a widget paintable
   * draws them afresh, so this holds either way, and only screenshots
   * showed that.) */
  es_pane_fit_choose (es_window_get_timeline_fit (window), 200);
  wait.position = 200;
  es_test_wait_until (divider_at, &wait, 10);
  wait_for_paints (window);
  es_pane_fit_choose (es_window_get_timeline_fit (window), fitted_limit (paned));
  wait.position = fitted_limit (paned);
  es_test_wait_until (divider_at, &wait, 10);
  wait_for_paints (window);
  g_assert_cmpuint (count_drawn_at_bottom (GTK_WIDGET (es_window_get_timeline (window)), 40), >, 500);

  /* The user's place is kept through layout changes, and saved; reset
   * gives the divider back to the rows. */
  es_pane_fit_choose (es_window_get_timeline_fit (window), 222);
  g_assert_cmpint (g_settings_get_int (settings, "timeline-height"), ==, 222);
  es_timeline_rows_set_visible_kinds (rows, es_timeline_rows_get_visible_kinds (rows) & ~(1u << ES_ROW_THREAD));
  wait.position = 222;
  es_test_wait_until (divider_at, &wait, 10);
  g_assert_true (es_pane_fit_get_chosen (es_window_get_timeline_fit (window)));
  es_pane_fit_reset (es_window_get_timeline_fit (window));
  g_assert_cmpint (g_settings_get_int (settings, "timeline-height"), ==, 0);
  wait.position = natural + 2;
  es_test_wait_until (divider_at, &wait, 10);

  gtk_window_destroy (GTK_WINDOW (window));

  /* 64 HECs: the most allowed, and the rows scroll. */
  window = es_test_open_window (many);
  es_test_wait_for_page (window, "timeline");
  paned = inner_paned (window);
  wait = (PaneWait) { window, 0 };
  gtk_widget_measure (GTK_WIDGET (es_timeline_get_rows (es_window_get_timeline (window))),
                      GTK_ORIENTATION_VERTICAL, -1, NULL, &natural, NULL, NULL);
  g_assert_cmpint (natural, >, 64 * 30);
  es_test_wait_until (pane_sized, paned, 10);
  wait.position = fitted_limit (paned);
  es_test_wait_until (divider_at, &wait, 10);
  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (many);
}

typedef struct
{
  GtkPaned *paned;
  guint     paints;
  int       position_at_first;
} FirstFrame;

static void
note_first_frame (GdkFrameClock *clock,
                  FirstFrame    *first)
{
  if (first->paints++ == 0)
    first->position_at_first = gtk_paned_get_position (first->paned);
}

/* The frame that draws the threads' section opened leaves the divider
 * where it was (moving it has the whole pane below redrawn, which would
 * make that frame too slow); the next one fits it to the rows. */
static void
test_divider_waits_a_frame (void)
{
  GSettings *settings = es_application_get_settings (es_test_app);
  g_autofree char *path = es_test_fixture_path ("parfib-N2.eventlog");
  EsTimelineRows *rows;
  EsWindow *window;
  FirstFrame first = { 0 };
  PaneWait wait;
  GdkFrameClock *clock;
  gulong handler;
  int natural;

  g_settings_reset (settings, "timeline-height");
  window = es_test_open_window (path);
  es_test_wait_for_page (window, "timeline");
  first.paned = inner_paned (window);
  rows = es_timeline_get_rows (es_window_get_timeline (window));
  es_timeline_rows_set_visible_kinds (rows, es_timeline_rows_get_visible_kinds (rows) & ~(1u << ES_ROW_THREAD));
  gtk_widget_measure (GTK_WIDGET (rows), GTK_ORIENTATION_VERTICAL, -1, NULL, &natural, NULL, NULL);
  wait = (PaneWait) { window, natural + 2 };
  es_test_wait_until (divider_at, &wait, 10);

  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (note_first_frame), &first);
  es_timeline_rows_set_visible_kinds (rows, es_timeline_rows_get_visible_kinds (rows) | (1u << ES_ROW_THREAD));
  wait.position = fitted_limit (first.paned);
  es_test_wait_until (divider_at, &wait, 10);
  g_signal_handler_disconnect (clock, handler);
  g_assert_cmpuint (first.paints, >=, 2);
  g_assert_cmpint (first.position_at_first, ==, natural + 2);

  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "shown-rows");
}

/* F9 and the header's button hide and show the sidebar, and the choice is
 * kept in the settings for the next window. */
static void
test_sidebar_toggles (void)
{
  GSettings *settings = es_application_get_settings (es_test_app);
  g_autofree char *path = es_test_fixture_path ("hello.eventlog");
  EsWindow *window;
  GtkWidget *sidebar;

  g_settings_reset (settings, "sidebar-visible");
  window = es_test_open_window (path);
  es_test_wait_for_page (window, "timeline");
  sidebar = es_test_find_widget_of_type (GTK_WIDGET (window), ES_TYPE_SIDEBAR);
  g_assert_true (gtk_widget_get_visible (sidebar));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-sidebar", NULL));
  g_assert_false (gtk_widget_get_visible (sidebar));
  g_assert_false (g_settings_get_boolean (settings, "sidebar-visible"));
  gtk_window_destroy (GTK_WINDOW (window));

  window = es_test_open_window (path);
  es_test_wait_for_page (window, "timeline");
  sidebar = es_test_find_widget_of_type (GTK_WIDGET (window), ES_TYPE_SIDEBAR);
  g_assert_false (gtk_widget_get_visible (sidebar));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-sidebar", NULL);
  g_assert_true (gtk_widget_get_visible (sidebar));
  g_assert_true (g_settings_get_boolean (settings, "sidebar-visible"));
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "sidebar-visible");
}

/* A span never stopped: while its log is followed, its tooltip says it
 * runs on; once the log has ended, that it never stopped; a span that
 * stopped, only its length. Innermost first. */
static void
test_span_tooltips_say_running (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  g_autoptr(EsDocument) document = NULL;
  g_autoptr(GArray) rows = NULL;
  const EsTimelineRow *row = NULL;
  EsTimelineView view = { 0 };

  es_test_log_declare_ghc (log);
  es_test_log_begin_data (log);
  es_test_log_begin_block (log, 0, 0);
  es_test_log_event (log, ES_EVENT_RUN_THREAD, 1000000, es_payload_u32 (es_payload_new (), 1));
  es_test_log_event (log, ES_EVENT_USER_MSG, 2000000, es_payload_str (es_payload_new (), "START serve"));
  es_test_log_event (log, ES_EVENT_USER_MSG, 3000000, es_payload_str (es_payload_new (), "START request"));
  es_test_log_event (log, ES_EVENT_USER_MSG, 5000000, es_payload_str (es_payload_new (), "STOP request"));
  es_test_log_event (log, ES_EVENT_STOP_THREAD, 9000000,
                     es_payload_u32 (es_payload_u16 (es_payload_u32 (es_payload_new (), 1), 5), 0));
  es_test_log_end_block (log, 9000000);
  document = es_test_load_log (log);
  rows = es_timeline_layout (document, G_MAXUINT32);
  for (guint i = 0; i < rows->len; i++)
    if (g_array_index (rows, EsTimelineRow, i).kind == ES_ROW_SPANS)
      row = &g_array_index (rows, EsTimelineRow, i);
  g_assert_nonnull (row);
  view.document = document;

  for (guint ongoing = 0; ongoing < 2; ongoing++)
    {
      g_autoptr(GString) inside = g_string_new (NULL), after = g_string_new (NULL);

      view.ongoing = ongoing;
      g_assert_true (es_timeline_describe_row (inside, &view, row, 4000000, 0));
      g_assert_true (es_timeline_describe_row (after, &view, row, 8000000, 0));
      /* "request: 2 ms", then the span around it. */
      g_assert_true (g_str_has_prefix (inside->str, "request: 2"));
      g_assert_null (strstr (inside->str, "request: 2 ms so far"));
      g_assert_nonnull (strstr (inside->str, "\nserve: 7"));
      g_assert_nonnull (strstr (after->str, ongoing ? "serve: 7 ms so far, and runs on"
                                                     : "serve: 7 ms, never stopped before the log ended"));
      g_assert_null (strstr (after->str, "request"));
    }
}

int
main (int    argc,
      char **argv)
{
  int status;

  if (!es_test_gui_init (&argc, &argv))
    return 0;

  g_test_add_func ("/window/layout-and-rows-remembered", test_layout_and_rows_remembered);
  g_test_add_func ("/window/thousands-of-caps-open", test_thousands_of_caps_open);
  g_test_add_func ("/window/divider-follows-rows", test_divider_follows_rows);
  g_test_add_func ("/window/divider-waits-a-frame", test_divider_waits_a_frame);
  g_test_add_func ("/window/sidebar-toggles", test_sidebar_toggles);
  g_test_add_func ("/window/recent-files-remembered", test_recent_files_remembered);
  g_test_add_func ("/window/spans-in-statistics", test_spans_in_statistics);
  g_test_add_func ("/window/span-tooltips-say-running", test_span_tooltips_say_running);
  g_test_add_func ("/window/heap-profile-in-statistics", test_heap_profile_in_statistics);
  g_test_add_func ("/window/export-selection", test_export_selection);

  status = g_test_run ();
  g_object_unref (es_test_app);
  return status;
}
