/* test-render-time.c: the painter's time axis: times as it writes them,
 * a ruler's labels read as one scale, and times to pixels and back at any
 * zoom
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-test-render.h"
#include "es-timeline-painter.h"

static void
test_format_time (void)
{
  static const struct
  {
    guint64     time;
    guint64     resolution;
    const char *text;
  } cases[] = {
    { 1500000000, 500000000, "1.5 s" },
    { 2000000000, 500000000, "2 s" },
    { 0, 500000000, "0 s" },
    { 200000000, 10000000, "200 ms" },
    { 205000000, 5000000, "205 ms" },
    { 37000, 1000, "37 \302\265s" },
    { 12, 1, "12 ns" },
    { 149855000, 5000, "149.855 ms" },
    { G_GUINT64_CONSTANT (400000000020), 2, "400.00000002 s" },
    { G_GUINT64_CONSTANT (400000000000), 2, "400 s" },
    /* Rounded to the resolution. */
    { 1234567, 1000, "1.235 ms" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = es_timeline_format_time (cases[i].time, cases[i].resolution);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

/* The ticks of a ruler from @t0 to @t1 every @step read as one scale: one
 * unit, one precision, as listed in @labels. */
static void
assert_ruler_labels (guint64            t0,
                     guint64            t1,
                     guint64            step,
                     const char *const *labels)
{
  guint64 last = t1 - t1 % step;
  guint i = 0;

  for (guint64 t = t0; t <= t1; t += step, i++)
    {
      g_autofree char *text = es_timeline_format_tick (t, step, last);

      g_assert_nonnull (labels[i]);
      g_assert_cmpstr (text, ==, labels[i]);
    }
  g_assert_null (labels[i]);
}

/* Labelled one at a time, these read "950 ms, 1 s, 1.05 s" and "201.8,
 * 202, 202.2 ms". */
static void
test_ruler_one_precision (void)
{
  static const char *const across_a_second[] = { "0.90 s", "0.95 s", "1.00 s", "1.05 s", "1.10 s", NULL };
  static const char *const tenths_of_ms[] = { "201.6 ms", "201.8 ms", "202.0 ms", "202.2 ms", "202.4 ms", NULL };
  static const char *const whole_run[] = { "0 ms", "100 ms", "200 ms", "300 ms", "400 ms", "500 ms",
                                           "600 ms", "700 ms", NULL };
  static const char *const past_a_second[] = { "0.0 s", "0.5 s", "1.0 s", "1.5 s", "2.0 s", NULL };

  assert_ruler_labels (900000000, 1100000000, 50000000, across_a_second);
  assert_ruler_labels (201600000, 202400000, 200000, tenths_of_ms);
  assert_ruler_labels (0, 703248000, 100000000, whole_run);
  assert_ruler_labels (0, 2284496000, 500000000, past_a_second);
}

static void
test_time_to_x_extreme_zoom (void)
{
  /* 20 ns at 400 s: a double holding absolute nanoseconds has 1/16 ns
   * steps there, Cairo's fixed point would have none. */
  const guint64 t0 = G_GUINT64_CONSTANT (400000000000);
  EsTimelineView view = { NULL, t0, t0 + 20, DATA_WIDTH, FALSE };
  double px_per_ns = DATA_WIDTH / 20.0;

  g_assert_cmpfloat_with_epsilon (es_timeline_time_to_x (&view, t0), ES_TIMELINE_GUTTER, 1e-9);
  g_assert_cmpfloat_with_epsilon (es_timeline_time_to_x (&view, t0 + 20), ES_TIMELINE_GUTTER + DATA_WIDTH, 1e-9);
  for (guint64 t = t0; t <= t0 + 20; t++)
    {
      double x = es_timeline_time_to_x (&view, t);

      g_assert_cmpfloat_with_epsilon (x, ES_TIMELINE_GUTTER + (t - t0) * px_per_ns, 1e-6);
      g_assert_cmpuint (es_timeline_x_to_time (&view, x), ==, t);
      /* Anywhere within half a nanosecond's pixels maps back to it. */
      g_assert_cmpuint (es_timeline_x_to_time (&view, x + px_per_ns * 0.4), ==, MIN (t, t0 + 20));
      if (t > t0)
        g_assert_cmpuint (es_timeline_x_to_time (&view, x - px_per_ns * 0.4), ==, t);
    }
  /* Before the view, negative x; outside the data area, clamped. */
  g_assert_cmpfloat_with_epsilon (es_timeline_time_to_x (&view, t0 - 1), ES_TIMELINE_GUTTER - px_per_ns, 1e-6);
  g_assert_cmpuint (es_timeline_x_to_time (&view, 0), ==, t0);
  g_assert_cmpuint (es_timeline_x_to_time (&view, ES_TIMELINE_GUTTER + DATA_WIDTH + 500), ==, t0 + 20);

  /* Every pixel of a 400 s view round trips within a pixel. */
  view.t0 = 0;
  view.t1 = t0;
  for (int x = ES_TIMELINE_GUTTER; x <= ES_TIMELINE_GUTTER + DATA_WIDTH; x += 37)
    g_assert_cmpfloat_with_epsilon (es_timeline_time_to_x (&view, es_timeline_x_to_time (&view, x)), x, 1e-3);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/format-time", test_format_time);
  g_test_add_func ("/render/ruler-labels-one-unit-one-precision", test_ruler_one_precision);
  g_test_add_func ("/render/time-to-x/extreme-zoom", test_time_to_x_extreme_zoom);

  return g_test_run ();
}
