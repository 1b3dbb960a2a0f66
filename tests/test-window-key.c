/* test-window-key.c: the Key beside the timeline, in the timeline's palette
 * and words, in both themes
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-sidebar.h"
#include "es-test-contrast.h"
#include "es-test-gui.h"
#include "es-test-log.h"
#include "es-timeline-key.h"

/* What @widget draws now, once it is allocated (a widget still to be laid
 * out draws nothing). */
static gboolean
take_node (gpointer data)
{
  GtkWidget *widget = ((gpointer *) data)[0];
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();

  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), gtk_widget_get_width (widget),
                          gtk_widget_get_height (widget));
  ((gpointer *) data)[1] = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  return ((gpointer *) data)[1] != NULL;
}

/* The pixels of @widget as it draws itself, 0xAARRGGBB. */
static guint32 *
draw_widget (GtkWidget *widget,
             int       *width,
             int       *height)
{
  gpointer taken[2] = { widget, NULL };
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  guint32 *pixels;

  es_test_wait_until (take_node, taken, 10);
  node = taken[1];
  *width = gtk_widget_get_width (widget);
  *height = gtk_widget_get_height (widget);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, *width, *height));
  pixels = g_new (guint32, (gsize) *width * *height);
  gdk_texture_download (texture, (guchar *) pixels, *width * 4);
  return pixels;
}

static void
pixel_to_rgb (guint32 pixel,
              double  rgb[3])
{
  rgb[0] = ((pixel >> 16) & 0xff) / 255.0;
  rgb[1] = ((pixel >> 8) & 0xff) / 255.0;
  rgb[2] = (pixel & 0xff) / 255.0;
}

static GtkWidget *
key_page (EsWindow   *window,
          GtkWidget **notebook)
{
  GtkWidget *sidebar = es_test_find_widget_of_type (GTK_WIDGET (window), ES_TYPE_SIDEBAR);

  g_assert_nonnull (sidebar);
  *notebook = es_test_find_widget_of_type (sidebar, GTK_TYPE_NOTEBOOK);
  g_assert_nonnull (*notebook);
  /* The Key is the first page. */
  return gtk_notebook_get_nth_page (GTK_NOTEBOOK (*notebook), 0);
}

/* The visible label under @widget whose text is @name, or NULL. */
static GtkWidget *
find_exact_label (GtkWidget  *widget,
                  const char *name)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (!gtk_widget_get_visible (child))
        continue;
      if (GTK_IS_LABEL (child) && g_str_equal (gtk_label_get_text (GTK_LABEL (child)), name))
        return child;
      if ((found = find_exact_label (child, name)) != NULL)
        return found;
    }
  return NULL;
}

/* The swatch of the Key's row that says @name, or NULL if none shows it. */
static GtkWidget *
find_swatch (GtkWidget  *page,
             const char *name)
{
  GtkWidget *label = find_exact_label (page, name);

  return label != NULL ? gtk_widget_get_first_child (gtk_widget_get_parent (label)) : NULL;
}

/* The colour of the Key's page around its rows. */
static void
page_background (GtkWidget *notebook,
                 GtkWidget *page,
                 double     rgb[3])
{
  g_autofree guint32 *pixels = NULL;
  graphene_rect_t bounds;
  int width, height;

  pixels = draw_widget (notebook, &width, &height);
  g_assert_true (gtk_widget_compute_bounds (page, notebook, &bounds));
  /* Inside the Key's margin, above its first row. */
  pixel_to_rgb (pixels[((int) bounds.origin.y + 4) * width + (int) bounds.origin.x + 4], rgb);
}

/* Each colour @window's timeline can show has its row in the Key, its
 * swatch drawn in the colour the timeline draws it in (the theme's
 * palette), and standing out from the page: no swatch is its background.
 * Returns how many rows the Key shows. */
static guint
check_key (EsWindow *window,
           gboolean  dark)
{
  EsDocument *document = es_test_shown_document (window);
  GtkWidget *notebook, *page = key_page (window, &notebook);
  EsTimelineView view;
  double background[3];
  guint n_shown = 0;

  es_timeline_rows_get_view (es_timeline_get_rows (es_window_get_timeline (window)), &view);
  g_assert_cmpint (view.dark, ==, dark);
  page_background (notebook, page, background);

  for (guint c = 0; c < ES_COLOR_TEXT; c++)
    {
      GtkWidget *swatch = find_swatch (page, es_timeline_key_name (document, c));
      g_autofree guint32 *pixels = NULL;
      double centre[3], most = 1;
      EsRgba want;
      int width, height;

      if (!es_timeline_color_in_log (document, c))
        {
          g_assert_null (swatch);
          continue;
        }
      g_assert_nonnull (swatch);
      n_shown++;
      pixels = draw_widget (swatch, &width, &height);

      es_timeline_color (c, view.dark, &want);
      pixel_to_rgb (pixels[height / 2 * width + width / 2], centre);
      if (ABS (centre[0] - want.red) > 2 / 255.0 || ABS (centre[1] - want.green) > 2 / 255.0 ||
          ABS (centre[2] - want.blue) > 2 / 255.0)
        g_error ("%s theme: the Key's %s is #%02x%02x%02x, the timeline's #%02x%02x%02x",
                 dark ? "dark" : "light", es_timeline_color_name (c),
                 (guint) (centre[0] * 255), (guint) (centre[1] * 255), (guint) (centre[2] * 255),
                 (guint) (want.red * 255), (guint) (want.green * 255), (guint) (want.blue * 255));

      for (int i = 0; i < width * height; i++)
        if ((pixels[i] >> 24) == 0xff)
          {
            double rgb[3];

            pixel_to_rgb (pixels[i], rgb);
            most = MAX (most, es_test_contrast (rgb, background));
          }
      g_test_message ("%s theme, %s: %.2f:1 against the page", dark ? "dark" : "light",
                      es_timeline_color_name (c), most);
      g_assert_cmpfloat (most, >=, ES_TEST_MIN_SHAPE_CONTRAST);
    }
  return n_shown;
}

static void
count_paint (GdkFrameClock *clock,
             guint         *paints)
{
  (*paints)++;
}

static gboolean
painted_twice (gpointer data)
{
  return *(guint *) data >= 2;
}

/* Waits until @window is drawn in the theme @dark says, all of it: a
 * widget's style is worked out as it is asked for, the others' when the
 * next frame is drawn. */
static void
wait_for_theme (EsWindow *window,
                gboolean  dark)
{
  GtkWidget *rows = GTK_WIDGET (es_timeline_get_rows (es_window_get_timeline (window)));
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  guint paints = 0;
  gulong id = g_signal_connect (clock, "after-paint", G_CALLBACK (count_paint), &paints);

  gtk_widget_queue_draw (GTK_WIDGET (window));
  es_test_wait_until (painted_twice, &paints, 10);
  g_signal_handler_disconnect (clock, id);
  g_assert_cmpint (es_timeline_rows_is_dark (rows), ==, dark);
}

/* The Key shows the palette the timeline is drawn in: the light one, and
 * after a switch to the dark theme the dark one (not the light one kept);
 * Idle, the timeline's background, stands out from the Key's page in
 * both. */
static void
test_key_in_timeline_palette (void)
{
  g_autofree char *path = es_test_fixture_path ("parfib-N2.eventlog");
  GtkSettings *settings = gtk_settings_get_default ();
  EsWindow *window;

  g_object_set (settings, "gtk-application-prefer-dark-theme", FALSE, NULL);
  window = es_test_open_window (path);
  es_test_wait_for_page (window, "timeline");
  wait_for_theme (window, FALSE);
  g_assert_cmpuint (check_key (window, FALSE), >, 20);

  g_object_set (settings, "gtk-application-prefer-dark-theme", TRUE, NULL);
  wait_for_theme (window, TRUE);
  g_assert_cmpuint (check_key (window, TRUE), >, 20);

  g_object_set (settings, "gtk-application-prefer-dark-theme", FALSE, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A Mono log's Key lists what its rows draw, in its words: the blank of a
 * thread waiting for a lock (or not alive) as its own framed entry, green
 * as alive and not waiting, the suspend at exit, its messages as the
 * exceptions they are; and nothing of GHC's. That the rows draw exactly
 * these is test-render-mono's. */
static void
test_mono_key_lists_what_it_draws (void)
{
  g_autofree char *path = es_test_fixture_path ("mlpd/gc-threads.mlpd");
  EsWindow *window = es_test_open_window (path);
  GtkWidget *notebook, *page;

  es_test_wait_for_page (window, "timeline");
  page = key_page (window, &notebook);
  g_assert_nonnull (find_swatch (page, "Waiting for a lock, or not alive"));
  g_assert_nonnull (find_swatch (page, "Alive, not waiting for a lock"));
  g_assert_nonnull (find_swatch (page, "Exception thrown"));
  g_assert_nonnull (find_swatch (page, "GC"));
  g_assert_nonnull (find_swatch (page, "Heap size"));
  g_assert_nonnull (find_swatch (page, "Runtime suspending threads at exit"));
  /* Mono 6 samples its counters unless told not to: their rows. */
  g_assert_nonnull (find_swatch (page, "Runtime counter"));
  g_assert_null (find_swatch (page, "Idle"));
  g_assert_null (find_swatch (page, "Running"));
  g_assert_null (find_swatch (page, "User message"));
  g_assert_null (find_swatch (page, "Sparks created"));
  g_assert_null (find_swatch (page, "Thread runnable"));
  /* Those seven, Activity, GC waiting, Bookmark: nothing more. */
  g_assert_cmpuint (check_key (window, FALSE), ==, 10);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The suspend at exit has a Key entry only in a log that has one: a run
 * that made no collection ends without stopping the world. */
static void
test_mono_key_without_exit_suspend (void)
{
  g_autofree char *path = es_test_fixture_path ("mlpd/nogc.mlpd");
  EsWindow *window = es_test_open_window (path);
  GtkWidget *notebook, *page;
  const EsMonoSummary *mono;

  es_test_wait_for_page (window, "timeline");
  mono = es_document_get_mono_summary (es_test_shown_document (window));
  g_assert_cmpuint (mono->exit_suspend_end, ==, mono->exit_suspend_start);
  page = key_page (window, &notebook);
  g_assert_null (find_swatch (page, "Runtime suspending threads at exit"));
  g_assert_nonnull (find_swatch (page, "Waiting for a lock, or not alive"));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  int status;

  if (!es_test_gui_init (&argc, &argv))
    return 0;

  g_test_add_func ("/key/in-timeline-palette-light-and-dark", test_key_in_timeline_palette);
  g_test_add_func ("/key/mono-lists-what-it-draws", test_mono_key_lists_what_it_draws);
  g_test_add_func ("/key/mono-without-exit-suspend", test_mono_key_without_exit_suspend);

  status = g_test_run ();
  g_object_unref (es_test_app);
  return status;
}
