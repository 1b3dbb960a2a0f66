/* test-render-pause-chart.c: the histogram of pause lengths, pixel by pixel
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "es-pause-chart.h"

#define WIDTH  640
#define HEIGHT 240

/* Generation 0: 100 pauses of 20 µs, 30 of 200 µs, 1 of 5 ms; generation
 * 1: 10 of 200 µs. */
typedef struct
{
  EsPauseDist    gen[2];
  EsPauseDist    all;
  EsPauseSeries  series[2];
  EsPauseChart   chart;
  cairo_surface_t *surface;
} Fixture;

static void
add (GArray  *pauses,
     guint    n,
     guint64  ns)
{
  for (guint i = 0; i < n; i++)
    g_array_append_val (pauses, ns);
}

/* The bucket of @ns from the definition (edges listed in the header's
 * comment): the count of edges at or below it, by brute force. */
static guint
bucket_by_definition (guint64 ns)
{
  guint b = 0;

  for (guint k = 0; k < ES_PAUSE_DIST_N_EDGES; k++)
    b += round (1000 * pow (10, k / 4.0)) <= ns;
  return b;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GArray) g0 = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GArray) g1 = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (guint64));
  cairo_t *cr;

  add (g0, 100, 20000);
  add (g0, 30, 200000);
  add (g0, 1, 5000000);
  add (g1, 10, 200000);
  g_array_append_vals (all, g0->data, g0->len);
  g_array_append_vals (all, g1->data, g1->len);
  es_pause_dist_from_pauses ((guint64 *) g0->data, g0->len, &f->gen[0]);
  es_pause_dist_from_pauses ((guint64 *) g1->data, g1->len, &f->gen[1]);
  es_pause_dist_from_pauses ((guint64 *) all->data, all->len, &f->all);

  for (guint g = 0; g < 2; g++)
    {
      f->series[g] = (EsPauseSeries) { .dist = &f->gen[g], .group = 0 };
      es_pause_chart_generation_color (g, FALSE, &f->series[g].color);
    }
  f->chart = (EsPauseChart) { .series = f->series, .n_series = 2, .marked = { &f->all },
                              .width = WIDTH, .height = HEIGHT, .selected = -1 };

  f->surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, WIDTH, HEIGHT);
  cr = cairo_create (f->surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  es_pause_chart_paint (cr, &f->chart);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (f->surface);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  cairo_surface_destroy (f->surface);
}

/* Which generation's colour the pixel is, or -1. */
static int
generation_at (Fixture *f,
               int      x,
               int      y)
{
  const guint8 *data = cairo_image_surface_get_data (f->surface);
  guint32 pixel;

  memcpy (&pixel, data + (gsize) y * cairo_image_surface_get_stride (f->surface) + (gsize) x * 4, sizeof pixel);
  for (guint g = 0; g < 2; g++)
    {
      const EsRgba *c = &f->series[g].color;

      if (ABS ((int) ((pixel >> 16) & 0xff) - c->red * 255) <= 2 &&
          ABS ((int) ((pixel >> 8) & 0xff) - c->green * 255) <= 2 &&
          ABS ((int) (pixel & 0xff) - c->blue * 255) <= 2)
        return g;
    }
  return -1;
}

/* The painted height of a column at @x, and the rows of each generation. */
static int
column_height (Fixture *f,
               int      x,
               int      counts[2])
{
  EsPauseChartLayout layout;
  int bottom, height = 0;

  es_pause_chart_layout (&f->chart, &layout);
  bottom = (int) (layout.plot_y + layout.plot_height) - 1;
  counts[0] = counts[1] = 0;
  for (int y = bottom; y >= 0; y--)
    {
      int g = generation_at (f, x, y);

      if (g >= 0)
        {
          counts[g]++;
          height = bottom - y + 1;
        }
    }
  return height;
}

static int
column_middle (const EsPauseChartLayout *layout,
               guint                     bucket)
{
  double x0, x1;

  es_pause_chart_bucket_x (layout, bucket, &x0, &x1);
  /* A little off the middle: the percentile lines cross the columns at
   * about a fifth of their width. */
  return (int) (x0 + 0.65 * (x1 - x0));
}

/* Only the buckets around the pauses are drawn, with a bucket of margin
 * each side, and each decade is four equal columns. */
static void
test_range (Fixture       *f,
            gconstpointer  data)
{
  EsPauseChartLayout layout;
  double a0, a1, b0, b1;

  g_assert_cmpuint (bucket_by_definition (20000), ==, 6);
  g_assert_cmpuint (bucket_by_definition (5000000), ==, 15);
  es_pause_chart_layout (&f->chart, &layout);
  g_assert_cmpuint (layout.first, ==, bucket_by_definition (20000) - 1);
  g_assert_cmpuint (layout.last, ==, bucket_by_definition (5000000) + 1);
  g_assert_cmpuint (layout.max_count, ==, 100);

  /* A decade is four columns wide, wherever it lies. */
  es_pause_chart_bucket_x (&layout, 6, &a0, &a1);
  es_pause_chart_bucket_x (&layout, 10, &b0, &b1);
  g_assert_cmpfloat (fabs ((b0 - a0) - 4 * (a1 - a0)), <, 1e-6);
  g_assert_cmpfloat (fabs (es_pause_chart_value_x (&layout, 200000) - es_pause_chart_value_x (&layout, 20000) -
                           4 * (a1 - a0)), <, 0.5);
  g_assert_cmpfloat (fabs (es_pause_chart_value_x (&layout, 10000) - (layout.plot_x + (5 - layout.first) * (a1 - a0))),
                     <, 0.5);
  /* The columns fill the plot, first to last. */
  es_pause_chart_bucket_x (&layout, layout.first, &a0, &a1);
  g_assert_cmpfloat (fabs (a0 - layout.plot_x), <, 1e-6);
  es_pause_chart_bucket_x (&layout, layout.last, &a0, &a1);
  g_assert_cmpfloat (fabs (a1 - (layout.plot_x + layout.plot_width)), <, 1e-6);
}

/* Column heights are the counts, to the pixel; the generations stack, the
 * first at the bottom; an empty bucket has no bar. */
static void
test_columns (Fixture       *f,
              gconstpointer  data)
{
  EsPauseChartLayout layout;
  int counts[2], tallest = 0, tallest_bucket = -1;

  es_pause_chart_layout (&f->chart, &layout);
  for (guint b = layout.first; b <= layout.last; b++)
    {
      int h = column_height (f, column_middle (&layout, b), counts);
      guint n = f->all.buckets[b];

      if (n == 0)
        {
          g_assert_cmpint (h, ==, 0);
          continue;
        }
      g_assert_cmpint (ABS (h - MAX (round (n * layout.plot_height / 100), 2)), <=, 1);
      g_assert_cmpint (ABS (counts[0] - (int) round ((double) h * f->gen[0].buckets[b] / n)), <=, 1);
      g_assert_cmpint (ABS (counts[1] - (int) round ((double) h * f->gen[1].buckets[b] / n)), <=, 1);
      if (h > tallest)
        {
          tallest = h;
          tallest_bucket = b;
        }
    }
  /* The tallest is where the most pauses are: 100 of 20 µs. */
  g_assert_cmpint (tallest_bucket, ==, bucket_by_definition (20000));
  g_assert_cmpint (ABS (tallest - (int) layout.plot_height), <=, 1);

  /* 200 µs: 30 of generation 0 under 10 of generation 1. */
  {
    int x = column_middle (&layout, bucket_by_definition (200000));
    int bottom = (int) (layout.plot_y + layout.plot_height) - 1;
    int h = column_height (f, x, counts);

    g_assert_cmpint (generation_at (f, x, bottom), ==, 0);
    g_assert_cmpint (generation_at (f, x, bottom - h + 1), ==, 1);
    g_assert_cmpint (counts[0], >, counts[1]);
  }
  /* The lone 5 ms pause still shows. */
  g_assert_cmpint (column_height (f, column_middle (&layout, bucket_by_definition (5000000)), counts), >=, 2);
}

/* A click finds the bucket under it, and nothing outside the plot. */
static void
test_hit (Fixture       *f,
          gconstpointer  data)
{
  EsPauseChartLayout layout;
  double y;

  es_pause_chart_layout (&f->chart, &layout);
  y = layout.plot_y + layout.plot_height - 3;
  for (guint b = layout.first; b <= layout.last; b++)
    g_assert_cmpint (es_pause_chart_bucket_at (&f->chart, column_middle (&layout, b), y), ==, b);
  g_assert_cmpint (es_pause_chart_bucket_at (&f->chart, layout.plot_x - 2, y), ==, -1);
  g_assert_cmpint (es_pause_chart_bucket_at (&f->chart, WIDTH - 1, y), ==, -1);
  g_assert_cmpint (es_pause_chart_bucket_at (&f->chart, column_middle (&layout, 6), 0), ==, -1);
}

/* The percentiles' lines: p50 inside the 20 µs column (left of its
 * middle), dark on it. */
static void
test_marks (Fixture       *f,
            gconstpointer  data)
{
  EsPauseChartLayout layout;
  const guint8 *pixels = cairo_image_surface_get_data (f->surface);
  int stride = cairo_image_surface_get_stride (f->surface);
  double x0, x1;
  int x, dark = 0;

  g_assert_cmpuint (f->all.p50, ==, 20000);
  es_pause_chart_layout (&f->chart, &layout);
  x = (int) round (es_pause_chart_value_x (&layout, f->all.p50));
  es_pause_chart_bucket_x (&layout, 6, &x0, &x1);
  g_assert_cmpint (x, >, x0);
  g_assert_cmpint (x, <, column_middle (&layout, 6));
  for (int y = layout.plot_y; y < layout.plot_y + layout.plot_height; y++)
    {
      guint32 pixel;

      memcpy (&pixel, pixels + (gsize) y * stride + (gsize) x * 4, sizeof pixel);
      dark += ((pixel >> 16) & 0xff) < 0x80 && ((pixel >> 8) & 0xff) < 0x80 && generation_at (f, x, y) < 0;
    }
  g_assert_cmpint (dark, >, layout.plot_height / 4);
}

/* Nothing to draw: a frame with no column and no crash. */
static void
test_empty (void)
{
  EsPauseDist none = { 0 };
  EsPauseSeries series = { .dist = &none };
  EsPauseChart chart = { .series = &series, .n_series = 1, .marked = { &none }, .width = 200, .height = 100,
                         .selected = -1 };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 200, 100);
  cairo_t *cr = cairo_create (surface);
  EsPauseChartLayout layout;

  es_pause_chart_paint (cr, &chart);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  es_pause_chart_layout (&chart, &layout);
  g_assert_cmpuint (layout.max_count, ==, 0);
  g_assert_cmpuint (layout.last - layout.first + 1, >=, 8);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/pause-chart/range", Fixture, NULL, fixture_set_up, test_range, fixture_tear_down);
  g_test_add ("/pause-chart/columns", Fixture, NULL, fixture_set_up, test_columns, fixture_tear_down);
  g_test_add ("/pause-chart/hit", Fixture, NULL, fixture_set_up, test_hit, fixture_tear_down);
  g_test_add ("/pause-chart/marks", Fixture, NULL, fixture_set_up, test_marks, fixture_tear_down);
  g_test_add_func ("/pause-chart/empty", test_empty);
  return g_test_run ();
}
