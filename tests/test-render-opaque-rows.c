/* test-render-opaque-rows.c: rows whose canvas starts as the background
 * under them (es_paint_canvas_begin_opaque()) paint the pixels of
 * transparent canvases painted over the background, to the bit: on an
 * image, and in bands recorded and replayed as the window's are, at one
 * and two device pixels a pixel
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-test-log.h"
#include "es-test-render.h"
#include "es-timeline-painter-private.h"

/* @rows of @view painted in bands of whole rows, each recorded on its own
 * and replayed into one image @scale device pixels a pixel, as GTK draws
 * the window's Cairo nodes. */
static cairo_surface_t *
paint_in_bands (const EsTimelineView *view,
                GArray               *rows,
                int                   scale)
{
  int height = es_timeline_layout_height (rows);
  cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, SURFACE_WIDTH * scale, height * scale);
  g_autoptr(GPtrArray) recordings = g_ptr_array_new_with_free_func ((GDestroyNotify) cairo_surface_destroy);
  g_autoptr(GPtrArray) crs = g_ptr_array_new ();
  g_autoptr(GArray) tops = g_array_new (FALSE, FALSE, sizeof (int));
  cairo_t *out;

  /* The first band starts inside a row, as a scrolled window's does. */
  for (int top = 10; top < height;)
    {
      int bottom = es_timeline_band_end (rows, top, height);
      cairo_surface_t *recording = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA,
                                                                   &(cairo_rectangle_t) { 0, top, SURFACE_WIDTH, bottom - top });

      g_ptr_array_add (recordings, recording);
      g_ptr_array_add (crs, cairo_create (recording));
      g_array_append_val (tops, top);
      top = bottom;
    }
  es_timeline_paint_bands ((cairo_t *const *) crs->pdata, crs->len, view, rows);
  for (guint i = 0; i < crs->len; i++)
    {
      es_timeline_paint_labels (g_ptr_array_index (crs, i), view, rows);
      cairo_destroy (g_ptr_array_index (crs, i));
    }
  out = cairo_create (image);
  cairo_scale (out, scale, scale);
  for (guint i = 0; i < recordings->len; i++)
    {
      cairo_set_source_surface (out, g_ptr_array_index (recordings, i), 0, 0);
      cairo_paint (out);
    }
  cairo_destroy (out);
  cairo_surface_flush (image);
  return image;
}

static cairo_surface_t *
paint_whole (const EsTimelineView *view,
             GArray               *rows)
{
  cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, SURFACE_WIDTH,
                                                       es_timeline_layout_height (rows));
  cairo_t *cr = cairo_create (image);

  es_timeline_paint (cr, view, rows);
  es_timeline_paint_labels (cr, view, rows);
  cairo_destroy (cr);
  cairo_surface_flush (image);
  return image;
}

static void
assert_same (cairo_surface_t *a,
             cairo_surface_t *b,
             const char      *what)
{
  int height = cairo_image_surface_get_height (a);
  int stride = cairo_image_surface_get_stride (a);

  g_assert_cmpint (cairo_image_surface_get_height (b), ==, height);
  for (int y = 0; y < height; y++)
    if (memcmp (cairo_image_surface_get_data (a) + (gsize) y * stride,
                cairo_image_surface_get_data (b) + (gsize) y * stride, (gsize) stride) != 0)
      g_error ("%s: line %d differs", what, y);
}

/* Every row of @log (the threads' too) over [@t0, @t1], both ways. */
static void
check (const char *log,
       guint64     t0,
       guint64     t1)
{
  g_autoptr(EsDocument) document = es_test_load_fixture (log);
  g_autoptr(GArray) rows = es_timeline_layout (document, ALL_ROWS);
  guint64 end = es_document_get_end_time (document);

  if (t1 == 0)
    t1 = end;
  for (int dark = 0; dark < 2; dark++)
    {
      EsTimelineView view = { document, t0, t1, DATA_WIDTH, dark, 0, NULL };
      cairo_surface_t *opaque[3], *transparent[3];

      for (int opaque_rows = 0; opaque_rows < 2; opaque_rows++)
        {
          cairo_surface_t **out = opaque_rows ? opaque : transparent;

          es_paint_set_opaque_canvases (opaque_rows);
          out[0] = paint_whole (&view, rows);
          out[1] = paint_in_bands (&view, rows, 1);
          out[2] = paint_in_bands (&view, rows, 2);
        }
      es_paint_set_opaque_canvases (TRUE);
      assert_same (opaque[0], transparent[0], "an image");
      assert_same (opaque[1], transparent[1], "bands");
      assert_same (opaque[2], transparent[2], "bands at scale 2");
      for (int i = 0; i < 3; i++)
        {
          cairo_surface_destroy (opaque[i]);
          cairo_surface_destroy (transparent[i]);
        }
    }
}

static void
test_sparks (void)
{
  check ("parfib-N2.eventlog", 0, 0);
}

static void
test_sparks_zoomed (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("parfib-N2.eventlog");
  guint64 end = es_document_get_end_time (document);

  check ("parfib-N2.eventlog", end / 3, end / 3 + end / 500);
  check ("parfib-N2.eventlog", end - 700, end);
  /* Past the run's end: no data hatched over the rows. */
  check ("parfib-N2.eventlog", 0, end * 2);
}

static void
test_heap_profile (void)
{
  check ("heap-hT-N2.eventlog", 0, 0);
}

static void
test_profile (void)
{
  check ("profiled-hc.eventlog", 0, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/opaque-rows/sparks", test_sparks);
  g_test_add_func ("/render/opaque-rows/sparks-zoomed", test_sparks_zoomed);
  g_test_add_func ("/render/opaque-rows/heap-profile", test_heap_profile);
  g_test_add_func ("/render/opaque-rows/profile", test_profile);
  return g_test_run ();
}
