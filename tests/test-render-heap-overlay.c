/* test-render-heap-overlay.c: two runs' heaps on one graph, pixel by pixel
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "es-heap-overlay.h"
#include "es-series.h"
#include "es-test-log.h"
#include "es-test-render.h"

#define WIDTH  800
#define HEIGHT 120
#define NONE   G_MININT

/* Where the header says each column's line lies, from the samples
 * themselves: the largest in the column, or the one before it. */
static void
expected_ys (EsDocument     *document,
             const EsSeries *series,
             guint64         t0,
             guint64         t1,
             guint64         scale,
             int            *ys)
{
  const EsSample *samples = es_series_get_samples (series);
  guint n = es_series_get_length (series);
  int top = ES_HEAP_OVERLAY_TOP, bottom = HEIGHT - ES_HEAP_OVERLAY_BOTTOM;

  for (int c = 0; c < WIDTH; c++)
    {
      guint64 a = t0 + (guint64) ((unsigned __int128) (t1 - t0) * c / WIDTH);
      guint64 b = t0 + (guint64) ((unsigned __int128) (t1 - t0) * (c + 1) / WIDTH);
      gboolean found = FALSE, before = FALSE;
      guint64 value = 0, held = 0;

      for (guint i = 0; i < n; i++)
        {
          if (samples[i].time < a)
            {
              held = samples[i].value;
              before = TRUE;
            }
          else if (samples[i].time < b || (c == WIDTH - 1 && samples[i].time <= b))
            {
              value = found ? MAX (value, samples[i].value) : samples[i].value;
              found = TRUE;
            }
        }
      if (!found)
        value = held;
      if ((!found && !before) || a > es_document_get_end_time (document))
        ys[c] = NONE;
      else
        ys[c] = bottom - (int) lround ((double) value / scale * (bottom - top));
    }
}

/* The rows column @c's line (two pixels, joined to the previous column's)
 * covers. */
static gboolean
covers (const int *ys,
        int        c,
        int        y)
{
  int y0, y1;

  if (ys[c] == NONE)
    return FALSE;
  y0 = ys[c] - 2;
  y1 = ys[c];
  if (c > 0 && ys[c - 1] != NONE)
    {
      y0 = MIN (y0, ys[c - 1] - 2);
      y1 = MAX (y1, ys[c - 1]);
    }
  return y >= y0 && y < y1;
}

static gboolean
is_white (cairo_surface_t *surface,
          int              x,
          int              y)
{
  guint8 rgb[3];

  get_pixel (surface, x, y, rgb);
  return rgb[0] == 255 && rgb[1] == 255 && rgb[2] == 255;
}

static cairo_surface_t *
paint (const EsHeapOverlay *overlay)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, ES_TIMELINE_GUTTER + WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  es_heap_overlay_paint (cr, overlay);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static guint64
largest (EsDocument *document)
{
  const EsSeries *series[] = { es_document_get_heap_size (document), es_document_get_heap_live (document) };
  guint64 max = 0;

  for (guint s = 0; s < 2; s++)
    for (guint i = 0; i < es_series_get_length (series[s]); i++)
      max = MAX (max, es_series_get_samples (series[s])[i].value);
  return max;
}

/* Each run alone in turn, on the scale of both: run A's heap size is a
 * solid line where the samples put it; run B's the same, dashed: every
 * column of a dash's gap is left empty, so the two tell apart without
 * their colour. */
static void
test_lines_where_the_samples_are (void)
{
  g_autoptr(EsDocument) a = es_test_load_fixture ("alloc-A1m-N2.eventlog");
  g_autoptr(EsDocument) b = es_test_load_fixture ("alloc-A64m-N2.eventlog");
  EsDocument *documents[] = { a, b };
  guint64 scale = MAX (largest (a), largest (b));
  int size_ys[WIDTH], live_ys[WIDTH];

  g_assert_cmpuint (es_heap_overlay_scale (&(EsHeapOverlay) { { { a, 0, 1 }, { b, 0, 1 } }, WIDTH, HEIGHT, FALSE }),
                    ==, scale);
  for (guint run = 0; run < 2; run++)
    {
      EsDocument *document = documents[run];
      guint64 t1 = es_document_get_end_time (document);
      EsHeapOverlay overlay = { .width = WIDTH, .height = HEIGHT };
      cairo_surface_t *surface;
      guint drawn = 0, checked = 0, gaps = 0;

      /* Both runs set the scale; only @run has a span to draw. */
      overlay.runs[0].document = a;
      overlay.runs[1].document = b;
      overlay.runs[run].t1 = t1;
      surface = paint (&overlay);
      expected_ys (document, es_document_get_heap_size (document), 0, t1, scale, size_ys);
      expected_ys (document, es_document_get_heap_live (document), 0, t1, scale, live_ys);

      for (int c = 0; c < WIDTH; c++)
        {
          int x = ES_TIMELINE_GUTTER + c;
          gboolean gap = run == 1 && c % (2 * ES_HEAP_OVERLAY_DASH - 2) >= ES_HEAP_OVERLAY_DASH;

          if (gap)
            {
              for (int y = ES_HEAP_OVERLAY_TOP; y < HEIGHT - ES_HEAP_OVERLAY_BOTTOM; y++)
                g_assert_true (is_white (surface, x, y));
              gaps++;
              continue;
            }
          if (size_ys[c] == NONE)
            continue;
          drawn++;
          /* Where the live data's line crosses, it is on top. */
          if (covers (live_ys, c, size_ys[c] - 1))
            continue;
          g_assert_true (pixel_is (surface, x, size_ys[c] - 1, ES_COLOR_HEAP_SIZE, FALSE));
          g_assert_true (pixel_is (surface, x, size_ys[c] - 2, ES_COLOR_HEAP_SIZE, FALSE));
          /* Nothing of the line two rows above, unless a join runs there. */
          if (!covers (size_ys, c, size_ys[c] - 4) && !covers (live_ys, c, size_ys[c] - 4))
            g_assert_true (is_white (surface, x, size_ys[c] - 4));
          checked++;
        }
      g_test_message ("run %u: %u columns drawn, %u checked, %u left out", run, drawn, checked, gaps);
      g_assert_cmpuint (checked, >, drawn / 2);
      if (run == 1)
        g_assert_cmpuint (gaps, >, WIDTH / 4);
      cairo_surface_destroy (surface);
    }
}

/* The live data's line too, and a run's columns past its end stay empty
 * when the axis goes further (the shorter run on the longer's axis). */
static void
test_live_data_and_the_end (void)
{
  g_autoptr(EsDocument) a = es_test_load_fixture ("alloc-A1m-N2.eventlog");
  guint64 end = es_document_get_end_time (a);
  EsHeapOverlay overlay = { { { a, 0, end * 2 } }, WIDTH, HEIGHT, FALSE };
  cairo_surface_t *surface = paint (&overlay);
  guint64 scale = largest (a);
  int size_ys[WIDTH], live_ys[WIDTH];
  guint checked = 0;

  expected_ys (a, es_document_get_heap_size (a), 0, end * 2, scale, size_ys);
  expected_ys (a, es_document_get_heap_live (a), 0, end * 2, scale, live_ys);
  for (int c = 0; c < WIDTH; c++)
    {
      int x = ES_TIMELINE_GUTTER + c;

      if (c > WIDTH / 2 + 1)
        {
          g_assert_cmpint (live_ys[c], ==, NONE);
          for (int y = ES_HEAP_OVERLAY_TOP; y < HEIGHT - ES_HEAP_OVERLAY_BOTTOM; y++)
            g_assert_true (is_white (surface, x, y));
          continue;
        }
      if (live_ys[c] == NONE)
        continue;
      g_assert_true (pixel_is (surface, x, live_ys[c] - 1, ES_COLOR_HEAP_LIVE, FALSE));
      checked++;
    }
  g_assert_cmpuint (checked, >, WIDTH / 3);
  cairo_surface_destroy (surface);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/heap-overlay/lines-where-the-samples-are", test_lines_where_the_samples_are);
  g_test_add_func ("/render/heap-overlay/live-data-and-the-end", test_live_data_and_the_end);

  return g_test_run ();
}
