/* test-render-lod-frame.c: a followed log's update comes with its first
 * frame's columns made (es_lod_frame_prepare_after()), and the frame
 * painted from them is the frame painted without, pixel for pixel
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-document-loader.h"
#include "es-lod-frame.h"
#include "es-test-log.h"
#include "es-test-render.h"

static void
assert_same_pixels (cairo_surface_t *a,
                    cairo_surface_t *b)
{
  int height = cairo_image_surface_get_height (a);
  int stride = cairo_image_surface_get_stride (a);

  g_assert_cmpint (cairo_image_surface_get_height (b), ==, height);
  g_assert_cmpint (cairo_image_surface_get_stride (b), ==, stride);
  for (int y = 0; y < height; y++)
    if (memcmp (cairo_image_surface_get_data (a) + (gsize) y * stride,
                cairo_image_surface_get_data (b) + (gsize) y * stride, (gsize) stride) != 0)
      g_error ("line %d differs", y);
}

/* @update's frame of [@t0, @t1], made after @previous was painted at
 * [@previous_t0, @previous_t1], against the same log's frame with nothing
 * made before. */
static void
check_update (const char *previous_log,
              guint64     previous_t0,
              guint64     previous_t1,
              const char *update_log,
              gboolean    made)
{
  g_autoptr(EsDocument) previous = es_test_load_fixture (previous_log);
  g_autoptr(EsDocument) update = es_test_load_fixture (update_log);
  g_autoptr(EsDocument) alone = es_test_load_fixture (update_log);
  g_auto(Frame) previous_frame = { 0 };
  g_auto(Frame) frame = { 0 };
  g_auto(Frame) expected = { 0 };
  const EsLodFrame *columns;
  guint64 t0 = previous_t0, t1, end = es_document_get_end_time (update);
  guint width;

  paint_frame (&previous_frame, previous, previous_t0, previous_t1, FALSE);
  es_document_loader_prepare_update (update, previous);
  columns = es_lod_frame_get (update);
  if (!made)
    {
      g_assert_null (columns);
      return;
    }
  g_assert_nonnull (columns);
  /* The view the window follows the log with: the same start and width,
   * to the new end (or the old view's, past it). */
  es_lod_frame_get_view (columns, &t0, &t1, &width);
  g_assert_cmpuint (t0, ==, previous_t0);
  g_assert_cmpuint (t1, ==, MAX (previous_t1, end));
  g_assert_cmpuint (width, ==, DATA_WIDTH);

  paint_frame (&frame, update, t0, t1, FALSE);
  paint_frame (&expected, alone, t0, t1, FALSE);
  g_assert_null (es_lod_frame_get (alone));
  assert_same_pixels (frame.surface, expected.surface);
}

/* The whole run followed: the previous update (a shorter log) painted
 * whole, the next one's columns made to its own end, split into parts as
 * the painter splits a zoomed-out view. Sparks, heap and every cap. */
static void
test_whole_run (void)
{
  g_autoptr(EsDocument) shorter = es_test_load_fixture ("hello.eventlog");

  check_update ("hello.eventlog", 0, es_document_get_end_time (shorter), "parfib-N2.eventlog", TRUE);
}

/* A view past the run's end (a window's shortest span) stays past it. */
static void
test_past_the_end (void)
{
  g_autoptr(EsDocument) log = es_test_load_fixture ("parfib-N2.eventlog");

  check_update ("parfib-N2.eventlog", 0, es_document_get_end_time (log) * 2, "parfib-N2.eventlog", TRUE);
}

/* Zoomed in to under a nanosecond a pixel at the end: the columns whose
 * instants hold the rates of the next. */
static void
test_nanoseconds (void)
{
  g_autoptr(EsDocument) log = es_test_load_fixture ("parfib-N2.eventlog");
  guint64 end = es_document_get_end_time (log);

  check_update ("parfib-N2.eventlog", end - 600, end, "parfib-N2.eventlog", TRUE);
}

/* A view that stops short of the end is the person's, not the log's to
 * follow: nothing is made for the next update. */
static void
test_not_following (void)
{
  g_autoptr(EsDocument) log = es_test_load_fixture ("parfib-N2.eventlog");

  check_update ("parfib-N2.eventlog", 0, es_document_get_end_time (log) / 2, "parfib-N2.eventlog", FALSE);
}

/* A frame of another width does not take the columns made. */
static void
test_other_width (void)
{
  g_autoptr(EsDocument) previous = es_test_load_fixture ("parfib-N2.eventlog");
  g_autoptr(EsDocument) update = es_test_load_fixture ("parfib-N2.eventlog");
  g_autoptr(EsDocument) alone = es_test_load_fixture ("parfib-N2.eventlog");
  guint64 end = es_document_get_end_time (previous);
  g_auto(Frame) previous_frame = { 0 };
  g_auto(Frame) frame = { 0 };
  g_auto(Frame) expected = { 0 };

  paint_frame (&previous_frame, previous, 0, end, FALSE);
  es_document_loader_prepare_update (update, previous);
  g_assert_nonnull (es_lod_frame_get (update));
  paint_view (&frame, &(EsTimelineView) { update, 0, end, DATA_WIDTH - 100, FALSE, 0, NULL });
  paint_view (&expected, &(EsTimelineView) { alone, 0, end, DATA_WIDTH - 100, FALSE, 0, NULL });
  assert_same_pixels (frame.surface, expected.surface);
}

/* The top of @document's rows, [@t0, @t1], painted into an image too low
 * for every cap's: the activity graph is then the busy caps' columns. */
static cairo_surface_t *
paint_top (EsDocument *document,
           guint64     t0,
           guint64     t1)
{
  EsTimelineView view = { document, t0, t1, DATA_WIDTH, FALSE, 0, NULL };
  g_autoptr(GArray) rows = es_timeline_layout (document, ALL_ROWS);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, SURFACE_WIDTH, 120);
  cairo_t *cr = cairo_create (surface);

  es_timeline_paint (cr, &view, rows);
  es_timeline_paint_labels (cr, &view, rows);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* A frame that shows some caps' rows only (the activity graph from the
 * busy caps' columns, made before it too) is the frame painted without. */
static void
test_some_caps (void)
{
  g_autoptr(EsDocument) previous = es_test_load_fixture ("parfib-N2.eventlog");
  g_autoptr(EsDocument) update = es_test_load_fixture ("parfib-N2.eventlog");
  g_autoptr(EsDocument) alone = es_test_load_fixture ("parfib-N2.eventlog");
  guint64 end = es_document_get_end_time (previous);
  cairo_surface_t *frame, *expected;

  cairo_surface_destroy (paint_top (previous, 0, end));
  es_document_loader_prepare_update (update, previous);
  g_assert_nonnull (es_lod_frame_get (update));
  frame = paint_top (update, 0, end);
  expected = paint_top (alone, 0, end);
  assert_same_pixels (frame, expected);
  cairo_surface_destroy (frame);
  cairo_surface_destroy (expected);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/lod-frame/whole-run", test_whole_run);
  g_test_add_func ("/render/lod-frame/past-the-end", test_past_the_end);
  g_test_add_func ("/render/lod-frame/nanoseconds", test_nanoseconds);
  g_test_add_func ("/render/lod-frame/not-following", test_not_following);
  g_test_add_func ("/render/lod-frame/other-width", test_other_width);
  g_test_add_func ("/render/lod-frame/some-caps", test_some_caps);
  return g_test_run ();
}
