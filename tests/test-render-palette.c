/* test-render-palette.c: the palette's text against what it is written on,
 * by WCAG 2.x's contrast, and the painter writing in it
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "es-test-contrast.h"
#include "es-test-render.h"
#include "es-timeline-painter.h"

/* The contrast of two of the palette's colours. */
static double
contrast (const EsRgba *a,
          const EsRgba *b)
{
  return es_test_contrast ((double[]) { a->red, a->green, a->blue }, (double[]) { b->red, b->green, b->blue });
}

static void
test_contrast_formula (void)
{
  EsRgba black = { 0, 0, 0, 1 }, white = { 1, 1, 1, 1 }, grey = { 0x76 / 255.0, 0x76 / 255.0, 0x76 / 255.0, 1 };

  /* The extremes, and the grey WCAG's examples give as just passing on white. */
  g_assert_cmpfloat_with_epsilon (contrast (&black, &white), 21, 1e-9);
  g_assert_cmpfloat_with_epsilon (contrast (&white, &white), 1, 1e-9);
  g_assert_cmpfloat (contrast (&grey, &white), >=, 4.5);
  g_assert_cmpfloat (contrast (&grey, &white), <, 4.6);
}

/* Every bar the painter writes on, in both themes: thread ids on Running
 * (and the thread rows' HEC numbers, which es-timeline-threads.c writes in
 * white), span names on Span, bookmark names on their flags, what Mono's
 * suspend at exit is on its bar. */
static void
test_text_on_bars (void)
{
  guint n = 0;

  for (int dark = 0; dark <= 1; dark++)
    for (guint c = 0; c < ES_N_COLORS; c++)
      {
        EsRgba text, bar;
        double ratio;

        if (!es_timeline_text_color (c, dark, &text))
          continue;
        es_timeline_color (c, dark, &bar);
        ratio = contrast (&text, &bar);
        g_test_message ("%s, %s theme: %.2f:1", es_timeline_color_name (c), dark ? "dark" : "light", ratio);
        g_assert_cmpfloat (ratio, >=, ES_TEST_MIN_TEXT_CONTRAST);
        n++;
      }
  g_assert_cmpuint (n, ==, 2 * 4);

  /* The thread rows write their HEC numbers in white, in both themes. */
  for (int dark = 0; dark <= 1; dark++)
    {
      EsRgba text;

      g_assert_true (es_timeline_text_color (ES_COLOR_RUNNING, dark, &text));
      g_assert_cmpfloat (text.red + text.green + text.blue, ==, 3);
    }
}

/* What the painter writes in a colour of its own on the background: row
 * names and the ruler (Text), markers' names (Marker), the heap row's
 * legend (in its lines' colours). */
static void
test_text_on_background (void)
{
  static const EsColor written[] = {
    ES_COLOR_TEXT, ES_COLOR_MARKER, ES_COLOR_HEAP_SIZE, ES_COLOR_HEAP_LIVE, ES_COLOR_ALLOC_RATE,
  };

  for (int dark = 0; dark <= 1; dark++)
    for (guint i = 0; i < G_N_ELEMENTS (written); i++)
      {
        EsRgba text, background;
        double ratio;

        es_timeline_color (written[i], dark, &text);
        es_timeline_color (ES_COLOR_IDLE, dark, &background);
        ratio = contrast (&text, &background);
        g_test_message ("%s, %s theme: %.2f:1", es_timeline_color_name (written[i]), dark ? "dark" : "light", ratio);
        g_assert_cmpfloat (ratio, >=, ES_TEST_MIN_TEXT_CONTRAST);
      }
}

/* Thread 1 runs on HEC 0 from 1 ms to 40 ms, a span "round1" from 2 ms
 * to 35 ms: at full zoom-out each is over a thousand pixels wide, with
 * its name written on it. */
static EsDocument *
load_run_and_span (void)
{
  static const char *const messages[] = { "START round1", "STOP round1", NULL };
  static const guint64 times[] = { 2000000, 35000000 };

  return load_one_run (1, 1000000, 40000000, 40000000, messages, times);
}

/* How many pixels of [x0, x1) x [y0, y1), a bar of @bar with text on it,
 * are mostly text: each pixel that is not the bar's colour must be a blend
 * of it and @text (antialiasing covers a glyph's pixels in part), or the
 * text was written in another colour. */
static guint
count_text (cairo_surface_t *surface,
            const EsRgba    *bar,
            const EsRgba    *text,
            int              x0,
            int              x1,
            int              y0,
            int              y1)
{
  double from[3] = { bar->red * 255, bar->green * 255, bar->blue * 255 };
  double to[3] = { text->red * 255, text->green * 255, text->blue * 255 };
  guint widest = 0, n = 0;

  for (guint i = 1; i < 3; i++)
    if (ABS (to[i] - from[i]) > ABS (to[widest] - from[widest]))
      widest = i;
  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      {
        guint8 rgb[3];
        double share;

        get_pixel (surface, x, y, rgb);
        if (ABS (rgb[0] - from[0]) <= 3 && ABS (rgb[1] - from[1]) <= 3 && ABS (rgb[2] - from[2]) <= 3)
          continue;
        share = (rgb[widest] - from[widest]) / (to[widest] - from[widest]);
        for (guint i = 0; i < 3; i++)
          if (ABS (rgb[i] - (from[i] + share * (to[i] - from[i]))) > 12)
            g_error ("pixel (%d, %d) #%02x%02x%02x is no blend of #%02x%02x%02x and #%02x%02x%02x",
                     x, y, rgb[0], rgb[1], rgb[2], (guint) from[0], (guint) from[1], (guint) from[2],
                     (guint) to[0], (guint) to[1], (guint) to[2]);
        n += share >= 0.5;
      }
  return n;
}

/* The painter writes on its bars in the palette's colours, in both
 * themes: a thread's id on its run, a span's name on its bar. */
static void
test_text_drawn_in_palette_colors (void)
{
  g_autoptr(EsDocument) document = load_run_and_span ();

  for (int dark = 0; dark <= 1; dark++)
    {
      g_auto(Frame) frame = { 0 };
      const EsTimelineRow *row;
      EsRgba text, bar;
      int x0, x1, y, height;

      paint_frame (&frame, document, 0, 40000000, dark);

      row = find_row (frame.rows, ES_ROW_CAP, 0);
      g_assert_true (es_timeline_cap_band (row, ES_COLOR_RUNNING, &y, &height));
      x0 = (int) ceil (es_timeline_time_to_x (&frame.view, 1000000));
      x1 = (int) floor (es_timeline_time_to_x (&frame.view, 40000000));
      g_assert_true (pixel_is (frame.surface, x0 + 4, y + 1, ES_COLOR_RUNNING, dark));
      es_timeline_color (ES_COLOR_RUNNING, dark, &bar);
      g_assert_true (es_timeline_text_color (ES_COLOR_RUNNING, dark, &text));
      g_assert_cmpuint (count_text (frame.surface, &bar, &text, x0 + 2, x1 - 2, y, y + height), >=, 4);

      /* The name, at the bar's start, inside its top lane. */
      row = find_row (frame.rows, ES_ROW_SPANS, 0);
      x0 = (int) ceil (es_timeline_time_to_x (&frame.view, 2000000));
      g_assert_true (pixel_is (frame.surface, x0 + 200, row->y + 8, ES_COLOR_SPAN, dark));
      es_timeline_color (ES_COLOR_SPAN, dark, &bar);
      g_assert_true (es_timeline_text_color (ES_COLOR_SPAN, dark, &text));
      g_assert_cmpuint (count_text (frame.surface, &bar, &text, x0 + 1, x0 + 60, row->y + 3, row->y + 13), >=, 10);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/palette/contrast-formula", test_contrast_formula);
  g_test_add_func ("/palette/text-on-bars-at-least-4.5-to-1", test_text_on_bars);
  g_test_add_func ("/palette/text-on-background-at-least-4.5-to-1", test_text_on_background);
  g_test_add_func ("/render/pixels/text-on-bars-in-palette-colors", test_text_drawn_in_palette_colors);
  return g_test_run ();
}
