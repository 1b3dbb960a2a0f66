/* test-render.c: the timeline painter, pixel by pixel, on real logs
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include <math.h>
#include <string.h>

#include "es-document-builder.h"
#include "es-test-log.h"
#include "es-test-render.h"
#include "es-timeline-export.h"
#include "es-timeline-painter.h"

/* cairo.h, above, says which backends there are. */
#ifdef CAIRO_HAS_SVG_SURFACE
#include <cairo-svg.h>
#endif

static void
test_colors (void)
{
  EsRgba c;

  es_timeline_color (ES_COLOR_RUNNING, FALSE, &c);
  g_assert_cmpfloat_with_epsilon (c.red, 0, 1e-9);
  g_assert_cmpfloat_with_epsilon (c.green, 0x66 / 255.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (c.blue, 0, 1e-9);
  es_timeline_color (ES_COLOR_GC, FALSE, &c);
  g_assert_cmpfloat_with_epsilon (c.red, 0xe0 / 255.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (c.green, 0x70 / 255.0, 1e-9);
  /* Magenta, deep enough for its labels on white (test-render-palette). */
  es_timeline_color (ES_COLOR_MARKER, FALSE, &c);
  g_assert_cmpfloat_with_epsilon (c.red, c.blue, 1e-9);
  g_assert_cmpfloat_with_epsilon (c.green, 0, 1e-9);

  /* The dark theme's running green is brighter. */
  {
    EsRgba light, dark;

    es_timeline_color (ES_COLOR_RUNNING, FALSE, &light);
    es_timeline_color (ES_COLOR_RUNNING, TRUE, &dark);
    g_assert_cmpfloat (dark.green, >, light.green);
  }

  for (guint i = 0; i < ES_N_COLORS; i++)
    {
      g_assert_nonnull (es_timeline_color_name (i));
      g_assert_cmpstr (es_timeline_color_name (i), !=, "");
    }
  g_assert_cmpstr (es_timeline_color_name (ES_COLOR_RUNNING), ==, "Running");
  g_assert_cmpstr (es_timeline_color_name (ES_COLOR_GC_WAITING), ==, "GC waiting");
}

static void
test_layout (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("parfib-N2.eventlog");
  /* The threads' section: test-render-threads.c. */
  g_autoptr(GArray) rows = es_timeline_layout (document, ALL_ROWS & ~((1u << ES_ROW_THREADS) | (1u << ES_ROW_THREAD)));
  g_autoptr(GArray) some = NULL;
  static const struct
  {
    EsRowKind kind;
    guint     cap;
    int       height;
  } expected[] = {
    { ES_ROW_RULER, 0, 28 },
    { ES_ROW_ACTIVITY, 0, 60 },
    { ES_ROW_SPANS, 0, 40 },
    { ES_ROW_CAP, 0, 36 },
    { ES_ROW_SPARK_CREATION, 0, 40 },
    { ES_ROW_SPARK_CONVERSION, 0, 40 },
    { ES_ROW_SPARK_POOL, 0, 40 },
    { ES_ROW_CAP, 1, 36 },
    { ES_ROW_SPARK_CREATION, 1, 40 },
    { ES_ROW_SPARK_CONVERSION, 1, 40 },
    { ES_ROW_SPARK_POOL, 1, 40 },
    { ES_ROW_HEAP, 0, 80 },
  };
  int y = 0;

  g_assert_cmpuint (es_document_get_n_caps (document), ==, 2);
  g_assert_cmpuint (rows->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < rows->len; i++)
    {
      const EsTimelineRow *row = &g_array_index (rows, EsTimelineRow, i);

      g_assert_cmpint (row->kind, ==, expected[i].kind);
      g_assert_cmpuint (row->cap, ==, expected[i].cap);
      g_assert_cmpint (row->height, ==, expected[i].height);
      g_assert_cmpint (row->y, ==, y);
      g_assert_true (es_timeline_row_at (rows, row->y) == row);
      g_assert_true (es_timeline_row_at (rows, row->y + row->height - 1) == row);
      y += row->height;
    }
  g_assert_cmpint (es_timeline_layout_height (rows), ==, y);
  g_assert_cmpint (y, ==, 28 + 60 + 40 + 2 * (36 + 3 * 40) + 80);
  g_assert_null (es_timeline_row_at (rows, -1));
  g_assert_null (es_timeline_row_at (rows, y));

  /* Hidden kinds leave no gap. */
  some = es_timeline_layout (document, (1u << ES_ROW_RULER) | (1u << ES_ROW_CAP) | (1u << ES_ROW_HEAP));
  g_assert_cmpuint (some->len, ==, 4);
  g_assert_cmpint (g_array_index (some, EsTimelineRow, 1).kind, ==, ES_ROW_CAP);
  g_assert_cmpint (g_array_index (some, EsTimelineRow, 1).y, ==, 28);
  g_assert_cmpint (g_array_index (some, EsTimelineRow, 2).cap, ==, 1);
  g_assert_cmpint (g_array_index (some, EsTimelineRow, 2).y, ==, 28 + 36);
  g_assert_cmpint (g_array_index (some, EsTimelineRow, 3).kind, ==, ES_ROW_HEAP);
  g_assert_cmpint (es_timeline_layout_height (some), ==, 28 + 2 * 36 + 80);
  g_clear_pointer (&some, g_array_unref);
  some = es_timeline_layout (document, 0);
  g_assert_cmpuint (some->len, ==, 0);
  g_assert_cmpint (es_timeline_layout_height (some), ==, 0);

  {
    g_autofree char *hec = es_timeline_row_label (document, find_row (rows, ES_ROW_CAP, 1));
    g_autofree char *created = es_timeline_row_label (document, find_row (rows, ES_ROW_SPARK_CREATION, 0));
    g_autofree char *heap = es_timeline_row_label (document, find_row (rows, ES_ROW_HEAP, 0));

    g_assert_cmpstr (hec, ==, "HEC 1");
    g_assert_cmpstr (created, ==, "Sparks 0 created");
    g_assert_cmpstr (heap, ==, "Heap");
  }
}

/* The longest activity of @kind on @cap within [from, to). */
static const EsActivity *
longest_activity (EsDocument     *document,
                  guint           cap,
                  EsActivityKind  kind,
                  guint64         from,
                  guint64         to)
{
  const EsCapTimeline *timeline = es_document_get_cap (document, cap);
  const EsActivity *activities, *best = NULL;
  guint n, i;

  activities = es_cap_timeline_get_activities (timeline, &n);
  i = es_cap_timeline_find_activity (timeline, from);
  for (i = i == G_MAXUINT ? 0 : i; i < n && activities[i].start < to; i++)
    if (activities[i].kind == kind &&
        (best == NULL || es_activity_length (&activities[i]) > es_activity_length (best)))
      best = &activities[i];
  return best;
}

static void
check_running (gboolean dark)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("parfib-N2.eventlog");
  g_auto(Frame) frame = { 0 };
  guint64 start = es_document_get_start_time (document);
  guint64 end = es_document_get_end_time (document);
  const EsActivity *run = longest_activity (document, 0, ES_ACTIVITY_RUNNING, start, end);
  const EsTimelineRow *row;
  double x0, x1;
  int band_y, band_h, x;

  /* The whole run: the longest run of cap 0 is many columns wide. */
  g_assert_nonnull (run);
  paint_frame (&frame, document, start, end, dark);
  x0 = es_timeline_time_to_x (&frame.view, run->start);
  x1 = es_timeline_time_to_x (&frame.view, es_activity_end (run));
  g_assert_cmpfloat (x1 - x0, >=, 5);

  /* A quarter in, clear of the thread id written at its middle, on the
   * band's bottom line, clear of the instant ticks at its top. */
  row = find_row (frame.rows, ES_ROW_CAP, 0);
  g_assert_true (es_timeline_cap_band (row, ES_COLOR_RUNNING, &band_y, &band_h));
  g_assert_cmpint (band_y, >, row->y);
  g_assert_cmpint (band_y + band_h, <=, row->y + row->height);
  x = (int) (x0 + (x1 - x0) / 4);
  if (marker_near (document, &frame.view, x))
    x = (int) (x0 + (x1 - x0) * 3 / 4);
  g_assert_false (marker_near (document, &frame.view, x));
  g_assert_true (pixel_is (frame.surface, x, band_y + band_h - 1, ES_COLOR_RUNNING, dark));
  g_assert_true (pixel_is (frame.surface, x, band_y + band_h / 2 + 6, ES_COLOR_RUNNING, dark));
  /* No GC while running. */
  g_assert_true (es_timeline_cap_band (row, ES_COLOR_GC, &band_y, &band_h));
  g_assert_true (pixel_is (frame.surface, x, band_y + band_h - 1, ES_COLOR_IDLE, dark));

  /* The activity graph is full there too (one of two caps, at least). */
  row = find_row (frame.rows, ES_ROW_ACTIVITY, 0);
  g_assert_true (pixel_is (frame.surface, x, row->y + row->height - 3, ES_COLOR_ACTIVITY, dark));
}

/* Whether the cap's running band at column @x shows a run anywhere in it. */
static gboolean
column_shows_running (Frame *frame,
                      guint  cap,
                      int    x)
{
  const EsTimelineRow *row = find_row (frame->rows, ES_ROW_CAP, cap);
  int band_y, band_h;

  g_assert_true (es_timeline_cap_band (row, ES_COLOR_RUNNING, &band_y, &band_h));
  for (int y = band_y; y < band_y + band_h; y++)
    if (pixel_is (frame->surface, x, y, ES_COLOR_RUNNING, FALSE))
      return TRUE;
  return FALSE;
}

/* Whether the cap's row is hatched (not all idle) in columns [@x, @x + 16). */
static gboolean
row_is_hatched (Frame *frame,
                guint  cap,
                int    x)
{
  const EsTimelineRow *row = find_row (frame->rows, ES_ROW_CAP, cap);

  for (int i = x; i < x + 16; i++)
    for (int y = row->y + 1; y < row->y + row->height - 2; y++)
      if (!pixel_is (frame->surface, i, y, ES_COLOR_IDLE, FALSE))
        return TRUE;
  return FALSE;
}

/* A live log that let go of its oldest detail past its memory limit
 * (es_document_builder_let_go_before()) has the caps' rows hatched before
 * its detail start, not drawn idle: runs are shown after it only. */
static void
test_detail_let_go (void)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new_for_snapshots ();
  g_autoptr(EsDocument) document = NULL;
  g_auto(Frame) frame = { 0 };
  guint64 end, from;
  double edge;

  for (guint i = 0; i < 30000; i++)
    for (guint c = 0; c < 2; c++)
      {
        EsEvent e = { 0 };

        e.cap = c;
        e.time = 1000 + (guint64) i * 1000 + c * 10;
        e.tag = ES_EVENT_RUN_THREAD;
        e.u.thread.thread = 1 + c;
        es_document_builder_add (builder, &e);
        e.time += 900;
        e.tag = ES_EVENT_STOP_THREAD;
        e.u.stop.thread = 1 + c;
        e.u.stop.status = ES_STOP_THREAD_YIELDING;
        es_document_builder_add (builder, &e);
      }
  end = 1000 + 30000 * 1000;
  from = end / 2;
  es_document_builder_let_go_before (builder, from);
  document = es_document_builder_snapshot (builder, FALSE, -1);
  if (es_document_get_detail_start (document) != from)
    {
      g_test_skip ("this system has no memfd: nothing is let go of");
      return;
    }

  paint_frame (&frame, document, 0, end, FALSE);
  edge = es_timeline_time_to_x (&frame.view, from);
  for (guint c = 0; c < 2; c++)
    {
      g_assert_false (column_shows_running (&frame, c, ES_TIMELINE_GUTTER + 10));
      g_assert_false (column_shows_running (&frame, c, (int) edge / 2));
      g_assert_true (row_is_hatched (&frame, c, (int) edge / 2));
      g_assert_true (column_shows_running (&frame, c, (int) edge + 20));
      g_assert_true (column_shows_running (&frame, c, ES_TIMELINE_GUTTER + DATA_WIDTH - 20));
    }
}

static void
test_running (void)
{
  check_running (FALSE);
  check_running (TRUE);
}

/* The longest GC's activity on its leading cap: the pause less its
 * waiting. */
static const EsActivity *
longest_gc_activity (EsDocument  *document,
                     const EsGc **leader)
{
  const EsGc *gcs, *longest;
  const EsActivity *gc;
  guint n_gcs;

  gcs = es_document_get_gcs (document, &n_gcs);
  g_assert_cmpuint (n_gcs, >, 0);
  longest = &gcs[0];
  for (guint i = 1; i < n_gcs; i++)
    if (gcs[i].end - gcs[i].start > longest->end - longest->start)
      longest = &gcs[i];
  gc = longest_activity (document, longest->cap, ES_ACTIVITY_GC, longest->start, longest->end);
  g_assert_nonnull (gc);
  g_assert_cmpuint (es_activity_length (gc), >, 1000);
  *leader = longest;
  return gc;
}

/* Checks @surface, painted with @view and @rows, shows the GC across the
 * middle of @gc on @cap's row, and nothing running there. */
static void
check_gc_band (cairo_surface_t      *surface,
               EsDocument           *document,
               const EsTimelineView *view,
               GArray               *rows,
               guint                 cap,
               const EsActivity     *gc)
{
  guint64 length = es_activity_length (gc);
  const EsTimelineRow *row = find_row (rows, ES_ROW_CAP, cap);
  int band_y, band_h;
  int x = (int) es_timeline_time_to_x (view, gc->start + length / 2);

  if (marker_near (document, view, x))
    x = (int) es_timeline_time_to_x (view, gc->start + length / 4);
  g_assert_true (es_timeline_cap_band (row, ES_COLOR_GC, &band_y, &band_h));
  g_assert_true (pixel_is (surface, x, band_y + band_h - 1, ES_COLOR_GC, FALSE));
  g_assert_true (pixel_is (surface, x, band_y + 1, ES_COLOR_GC, FALSE));
  g_assert_true (es_timeline_cap_band (row, ES_COLOR_RUNNING, &band_y, &band_h));
  g_assert_true (pixel_is (surface, x, band_y + band_h - 1, ES_COLOR_IDLE, FALSE));
}

static void
test_gc (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("parfib-N2.eventlog");
  g_auto(Frame) frame = { 0 };
  const EsGc *longest;
  const EsActivity *gc = longest_gc_activity (document, &longest);
  guint64 length = es_activity_length (gc);

  /* The GC across the middle third of the view. */
  paint_frame (&frame, document, gc->start - length, es_activity_end (gc) + length, FALSE);
  g_assert_cmpfloat (es_timeline_time_to_x (&frame.view, es_activity_end (gc)) - es_timeline_time_to_x (&frame.view, gc->start), >, 400);
  check_gc_band (frame.surface, document, &frame.view, frame.rows, longest->cap, gc);
}

/* The exported PNG is the window's picture: the same bands in the same
 * places; SVG and PDF come out as such, and other endings are refused. */
static void
test_export (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("parfib-N2.eventlog");
  g_autoptr(GArray) rows = es_timeline_layout (document, ES_TIMELINE_DEFAULT_ROWS);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("es-export-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "gc.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "gc.svg", NULL);
  g_autofree char *pdf = g_build_filename (dir, "gc.pdf", NULL);
  g_autofree char *gif = g_build_filename (dir, "gc.gif", NULL);
  g_autofree char *contents = NULL;
  const EsGc *longest;
  const EsActivity *gc = longest_gc_activity (document, &longest);
  guint64 length = es_activity_length (gc);
  EsTimelineView view = { document, gc->start - length, es_activity_end (gc) + length, DATA_WIDTH, FALSE };
  cairo_surface_t *surface;

  g_assert_true (es_timeline_export (&view, ES_TIMELINE_DEFAULT_ROWS, NULL, png, &error));
  g_assert_no_error (error);
  surface = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, SURFACE_WIDTH);
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, es_timeline_layout_height (rows));
  check_gc_band (surface, document, &view, rows, longest->cap, gc);
  cairo_surface_destroy (surface);

  g_assert_true (es_timeline_export (&view, ES_TIMELINE_DEFAULT_ROWS, NULL, svg, &error));
  g_assert_true (g_file_get_contents (svg, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "<svg"));
  g_clear_pointer (&contents, g_free);
  g_assert_true (es_timeline_export (&view, ES_TIMELINE_DEFAULT_ROWS, NULL, pdf, &error));
  g_assert_true (g_file_get_contents (pdf, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "%PDF"));

  g_assert_false (es_timeline_export (&view, ES_TIMELINE_DEFAULT_ROWS, NULL, gif, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_false (g_file_test (gif, G_FILE_TEST_EXISTS));

  g_unlink (png);
  g_unlink (svg);
  g_unlink (pdf);
  g_rmdir (dir);
}

static void
test_idle (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("parfib-N2.eventlog");
  g_auto(Frame) frame = { 0 };
  const EsCapTimeline *timeline = es_document_get_cap (document, 0);
  const EsActivity *activities;
  const EsTimelineRow *row;
  guint n, best = 0;
  guint64 gap_start, gap_end;
  int band_y, band_h, x;

  /* The longest stretch between two activities of cap 0. */
  activities = es_cap_timeline_get_activities (timeline, &n);
  g_assert_cmpuint (n, >, 2);
  for (guint i = 1; i + 1 < n; i++)
    if (activities[i + 1].start - es_activity_end (&activities[i]) > activities[best + 1].start - es_activity_end (&activities[best]))
      best = i;
  gap_start = es_activity_end (&activities[best]);
  gap_end = activities[best + 1].start;
  g_assert_cmpuint (gap_end - gap_start, >, 10000);

  paint_frame (&frame, document, gap_start - (gap_end - gap_start) / 10,
               gap_end + (gap_end - gap_start) / 10, FALSE);
  row = find_row (frame.rows, ES_ROW_CAP, 0);
  x = (int) es_timeline_time_to_x (&frame.view, gap_start + (gap_end - gap_start) / 2);
  if (marker_near (document, &frame.view, x))
    x = (int) es_timeline_time_to_x (&frame.view, gap_start + (gap_end - gap_start) / 3);
  g_assert_true (es_timeline_cap_band (row, ES_COLOR_RUNNING, &band_y, &band_h));
  g_assert_true (pixel_is (frame.surface, x, band_y + band_h - 1, ES_COLOR_IDLE, FALSE));
  g_assert_true (pixel_is (frame.surface, x, band_y + band_h / 2, ES_COLOR_IDLE, FALSE));
  g_assert_true (es_timeline_cap_band (row, ES_COLOR_GC, &band_y, &band_h));
  g_assert_true (pixel_is (frame.surface, x, band_y + band_h - 1, ES_COLOR_IDLE, FALSE));
  /* Just after the gap, the activity that ends it is drawn (if it is a
   * few pixels wide: it starts at the view's last tenth). */
  if (es_timeline_time_to_x (&frame.view, MIN (es_activity_end (&activities[best + 1]), frame.view.t1)) -
      es_timeline_time_to_x (&frame.view, gap_end) > 6)
    {
      EsColor color = activities[best + 1].kind == ES_ACTIVITY_RUNNING ? ES_COLOR_RUNNING : ES_COLOR_GC;

      x = (int) es_timeline_time_to_x (&frame.view, gap_end) + 3;
      g_assert_true (es_timeline_cap_band (row, color, &band_y, &band_h));
      g_assert_false (pixel_matches (frame.surface, x, band_y + band_h - 1, ES_COLOR_IDLE, FALSE));
    }
}

/* Pixels darker than half way: text (and ticks) on the light theme. */
static guint
count_dark_pixels (cairo_surface_t *surface,
                   int              x0,
                   int              y0,
                   int              x1,
                   int              y1)
{
  guint count = 0;

  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      {
        guint8 rgb[3];

        get_pixel (surface, x, y, rgb);
        if (rgb[0] + rgb[1] + rgb[2] < 3 * 128)
          count++;
      }
  return count;
}

static void
test_ruler_and_labels (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("parfib-N2.eventlog");
  g_auto(Frame) frame = { 0 };
  const EsTimelineRow *ruler, *hec;
  guint64 t0 = G_GUINT64_CONSTANT (100000000);

  /* From milliseconds down to 20 ns: labels at every zoom. */
  for (guint64 span = 100000000; span >= 20; span /= 10)
    {
      frame_clear (&frame);
      paint_frame (&frame, document, t0, t0 + span, FALSE);
      ruler = find_row (frame.rows, ES_ROW_RULER, 0);
      g_assert_cmpint (ruler->y, ==, 0);
      /* The label band, above the ticks. */
      g_assert_cmpuint (count_dark_pixels (frame.surface, ES_TIMELINE_GUTTER, 2,
                                           SURFACE_WIDTH, ruler->height - 12), >, 100);
    }

  hec = find_row (frame.rows, ES_ROW_CAP, 0);
  g_assert_cmpuint (count_dark_pixels (frame.surface, 2, hec->y + 4,
                                       ES_TIMELINE_GUTTER - 2, hec->y + hec->height - 4), >, 20);
}

static void
test_heap (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("heap-hT-N2.eventlog");
  g_auto(Frame) frame = { 0 };
  const EsTimelineRow *heap;
  guint heap_pixels = 0, live_pixels = 0;

  paint_frame (&frame, document, es_document_get_start_time (document),
               es_document_get_end_time (document), FALSE);
  heap = find_row (frame.rows, ES_ROW_HEAP, 0);
  for (int y = heap->y; y < heap->y + heap->height; y++)
    for (int x = ES_TIMELINE_GUTTER; x < SURFACE_WIDTH; x++)
      {
        heap_pixels += pixel_matches (frame.surface, x, y, ES_COLOR_HEAP_SIZE, FALSE);
        live_pixels += pixel_matches (frame.surface, x, y, ES_COLOR_HEAP_LIVE, FALSE);
      }
  g_assert_cmpuint (heap_pixels, >, DATA_WIDTH / 2);
  g_assert_cmpuint (live_pixels, >, DATA_WIDTH / 2);
}

/* Rows outside the clip are skipped, and the rows inside come out as in a
 * whole frame (the activity graph then asks for the busy caps itself). */
/* Paints @frame's view again with only [top, bottom) of it clipped in, on
 * black, and counts the pixels there that differ from the whole frame's;
 * outside, the black must be untouched. */
static guint
count_clipped_differences (Frame *frame,
                           int    top,
                           int    bottom)
{
  int height = es_timeline_layout_height (frame->rows);
  cairo_surface_t *clipped = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, SURFACE_WIDTH, height);
  cairo_t *cr = cairo_create (clipped);
  guint n_differ = 0;

  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_paint (cr);
  cairo_rectangle (cr, 0, top, SURFACE_WIDTH, bottom - top);
  cairo_clip (cr);
  es_timeline_paint (cr, &frame->view, frame->rows);
  es_timeline_paint_labels (cr, &frame->view, frame->rows);
  cairo_destroy (cr);
  cairo_surface_flush (clipped);

  for (int y = 0; y < height; y++)
    for (int x = 0; x < SURFACE_WIDTH; x += 3)
      {
        guint8 a[3], b[3];

        get_pixel (frame->surface, x, y, a);
        get_pixel (clipped, x, y, b);
        if (y < top || y >= bottom)
          g_assert_true (b[0] == 0 && b[1] == 0 && b[2] == 0);
        else if (memcmp (a, b, 3) != 0)
          n_differ++;
      }
  cairo_surface_destroy (clipped);
  return n_differ;
}

/* Rows outside the clip are skipped, and the rows inside come out as in a
 * whole frame, even the activity graph, which without the caps' rows asks
 * for the busy caps itself. */
static void
test_clip (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("parfib-N2.eventlog");
  g_auto(Frame) frame = { 0 };
  const EsTimelineRow *hec1, *activity;
  guint64 start = es_document_get_start_time (document);
  guint64 end = es_document_get_end_time (document);

  paint_frame (&frame, document, start + (end - start) / 3, end, FALSE);
  hec1 = find_row (frame.rows, ES_ROW_CAP, 1);
  activity = find_row (frame.rows, ES_ROW_ACTIVITY, 0);
  g_assert_cmpuint (count_clipped_differences (&frame, hec1->y, es_timeline_layout_height (frame.rows)), ==, 0);
  g_assert_cmpuint (count_clipped_differences (&frame, activity->y, activity->y + activity->height), ==, 0);
}

#ifdef CAIRO_HAS_SVG_SURFACE
static cairo_status_t
discard (void                *closure,
         const unsigned char *data,
         unsigned int         length)
{
  return CAIRO_STATUS_SUCCESS;
}

/* Vector targets get rectangles instead of the pixel canvas. */
static void
test_vector_target (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("heap-hT-N2.eventlog");
  g_autoptr(GArray) rows = es_timeline_layout (document, ALL_ROWS);
  cairo_surface_t *surface;
  cairo_t *cr;
  EsTimelineView view = { document, es_document_get_start_time (document),
                          es_document_get_end_time (document), DATA_WIDTH, FALSE };

  surface = cairo_svg_surface_create_for_stream (discard, NULL, SURFACE_WIDTH,
                                                 es_timeline_layout_height (rows));
  cr = cairo_create (surface);
  es_timeline_paint (cr, &view, rows);
  es_timeline_paint_labels (cr, &view, rows);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
}
#endif

/* Views no log fills: past its end, a pixel wide, a nanosecond long. */
static void
test_odd_views (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("heap-hT-N2.eventlog");
  g_autoptr(GArray) rows = es_timeline_layout (document, ALL_ROWS);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 400, es_timeline_layout_height (rows));
  cairo_t *cr = cairo_create (surface);
  guint64 end = es_document_get_end_time (document);
  const EsTimelineView views[] = {
    { document, end + 1000, end + 100000000, 300, FALSE },
    { document, 0, end, 1, TRUE },
    { document, end / 2, end / 2, 300, FALSE },
    { document, end / 2, end / 2 + 1, 300, FALSE },
    { document, G_MAXUINT64 - 1000, G_MAXUINT64, 300, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (views); i++)
    {
      es_timeline_paint (cr, &views[i], rows);
      es_timeline_paint_labels (cr, &views[i], rows);
      g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
    }
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* @n_caps, with one thread running on cap 0 from 1 to 2 ms of 40: the
 * Activity row is empty for most of its width. */
static EsDocument *
load_idle_caps (guint n_caps)
{
  return load_one_run (n_caps, 1000000, 2000000, 40000000, NULL, NULL);
}

/* The Activity row's lines across it, one a cap where there is room, are
 * fewer as the caps get more (a line every 2, 4, 8... caps), never closer
 * than 10 pixels, and always there for two caps or more. */
static void
test_activity_grid_thins_out (void)
{
  static const struct { guint n_caps; guint n_lines; } cases[] = {
    { 1, 0 }, { 2, 1 }, { 4, 3 }, { 6, 2 }, { 16, 3 }, { 64, 3 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(EsDocument) document = load_idle_caps (cases[i].n_caps);
      g_auto(Frame) frame = { 0 };
      const EsTimelineRow *row;
      int x0, last = -1;
      guint n_lines = 0;

      paint_frame (&frame, document, 0, 40000000, FALSE);
      row = find_row (frame.rows, ES_ROW_ACTIVITY, 0);
      x0 = (int) es_timeline_time_to_x (&frame.view, 10000000);
      for (int y = row->y; y < row->y + row->height - 1; y++)
        {
          gboolean across = TRUE;

          /* A line across, not a tick's line down. */
          for (int x = x0; x < x0 + 40 && across; x++)
            across = pixel_matches (frame.surface, x, y, ES_COLOR_GRID, FALSE);
          if (!across)
            continue;
          if (last >= 0)
            g_assert_cmpint (y - last, >=, 10);
          last = y;
          n_lines++;
        }
      g_test_message ("%u caps: %u lines", cases[i].n_caps, n_lines);
      g_assert_cmpuint (n_lines, ==, cases[i].n_lines);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/colors", test_colors);
  g_test_add_func ("/render/layout", test_layout);
  g_test_add_func ("/render/pixels/running", test_running);
  g_test_add_func ("/render/pixels/gc", test_gc);
  g_test_add_func ("/render/pixels/idle", test_idle);
  g_test_add_func ("/render/pixels/detail-let-go", test_detail_let_go);
  g_test_add_func ("/render/pixels/ruler-and-labels", test_ruler_and_labels);
  g_test_add_func ("/render/pixels/heap", test_heap);
  g_test_add_func ("/render/pixels/activity-grid-thins-out", test_activity_grid_thins_out);
  g_test_add_func ("/render/export", test_export);
  g_test_add_func ("/render/clip", test_clip);
#ifdef CAIRO_HAS_SVG_SURFACE
  g_test_add_func ("/render/vector-target", test_vector_target);
#endif
  g_test_add_func ("/render/odd-views", test_odd_views);

  return g_test_run ();
}
