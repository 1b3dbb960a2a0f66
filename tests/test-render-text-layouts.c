/* test-render-text-layouts.c: the painter sets each of its texts once a
 * thread (es_paint_text_layout()), and again for a context whose font
 * options or scale differ
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-test-render.h"
#include "es-timeline-painter-private.h"

/* The size a new layout of @text gets on @cr. */
static void
fresh_size (cairo_t    *cr,
            const char *text,
            int        *width,
            int        *height)
{
  g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);
  PangoFontDescription *desc = pango_font_description_from_string (SMALL_FONT);

  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, width, height);
}

static void
test_set_once (void)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 200, 40);
  cairo_t *cr = cairo_create (surface);
  cairo_t *other = cairo_create (surface);
  PangoLayout *first = es_paint_text_layout (cr, SMALL_FONT, "12.5 s", -1, -1);
  PangoLayout *again;
  guint serial;
  int w, h, fresh_w, fresh_h;

  pango_layout_get_pixel_size (first, NULL, NULL);
  serial = pango_layout_get_serial (first);
  /* The same text on the same target, through another context: the
   * layout kept, not set again. */
  again = es_paint_text_layout (other, SMALL_FONT, "12.5 s", -1, -1);
  g_assert_true (again == first);
  g_assert_cmpuint (pango_layout_get_serial (again), ==, serial);
  g_assert_true (es_paint_text_layout (cr, SMALL_FONT, "25 s", -1, -1) != first);

  /* Another text, width or font is another layout. */
  g_assert_true (es_paint_text_layout (cr, SMALL_FONT, "12.5 s", 10 * PANGO_SCALE, -1) !=
                 es_paint_text_layout (cr, SMALL_FONT, "12.5 s", -1, -1));
  g_assert_true (es_paint_text_layout (cr, LABEL_FONT, "12.5 s", -1, -1) !=
                 es_paint_text_layout (cr, SMALL_FONT, "12.5 s", -1, -1));

  /* A context scaled twice: set for it, as a new layout would be. */
  cairo_scale (other, 2, 2);
  pango_layout_get_pixel_size (es_paint_text_layout (other, SMALL_FONT, "12.5 s", -1, -1), &w, &h);
  fresh_size (other, "12.5 s", &fresh_w, &fresh_h);
  g_assert_cmpint (w, ==, fresh_w);
  g_assert_cmpint (h, ==, fresh_h);

  cairo_destroy (other);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* Other font options (hinting, antialiasing) are another layout. */
static void
test_font_options (void)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 200, 40);
  cairo_t *cr = cairo_create (surface);
  cairo_t *other = cairo_create (surface);
  cairo_font_options_t *options = cairo_font_options_create ();
  PangoLayout *plain = es_paint_text_layout (cr, SMALL_FONT, "3.2 k/s", -1, -1);

  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_antialias (options, CAIRO_ANTIALIAS_NONE);
  cairo_set_font_options (other, options);
  g_assert_true (es_paint_text_layout (other, SMALL_FONT, "3.2 k/s", -1, -1) != plain);
  /* And back: set again for the plain context. */
  g_assert_nonnull (es_paint_text_layout (cr, SMALL_FONT, "3.2 k/s", -1, -1));

  cairo_font_options_destroy (options);
  cairo_destroy (other);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* A frame painted after another frame of the same texts is the frame
 * painted first, pixel for pixel. */
static void
test_same_frames (void)
{
  static const char *const messages[] = { "START first span", "STOP first span", NULL };
  static const guint64 times[] = { 2000000, 8000000 };
  g_autoptr(EsDocument) document = load_one_run (2, 1000000, 9000000, 10000000, messages, times);
  g_auto(Frame) first = { 0 };
  g_auto(Frame) second = { 0 };
  int stride, height;

  paint_frame (&first, document, 0, 10000000, FALSE);
  paint_frame (&second, document, 0, 10000000, FALSE);
  stride = cairo_image_surface_get_stride (first.surface);
  height = cairo_image_surface_get_height (first.surface);
  g_assert_cmpmem (cairo_image_surface_get_data (first.surface), stride * height,
                   cairo_image_surface_get_data (second.surface), stride * height);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/text-layouts/set-once", test_set_once);
  g_test_add_func ("/render/text-layouts/font-options", test_font_options);
  g_test_add_func ("/render/text-layouts/same-frames", test_same_frames);
  return g_test_run ();
}
