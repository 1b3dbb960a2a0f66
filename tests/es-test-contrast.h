/* es-test-contrast.h: WCAG 2.x's contrast ratio, for the tests of colours
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <math.h>

#include <glib.h>

G_BEGIN_DECLS

/* WCAG 2.x's AA level for text of normal size, and for what is not text
 * (a swatch against its page). */
#define ES_TEST_MIN_TEXT_CONTRAST  4.5
#define ES_TEST_MIN_SHAPE_CONTRAST 3.0

/* WCAG 2.x's relative luminance of an sRGB colour, channels in [0, 1]. */
static inline double
es_test_relative_luminance (double red,
                            double green,
                            double blue)
{
  double c[3] = { red, green, blue };

  for (guint i = 0; i < 3; i++)
    c[i] = c[i] <= 0.04045 ? c[i] / 12.92 : pow ((c[i] + 0.055) / 1.055, 2.4);
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

/* The contrast ratio of two sRGB colours, from 1 (the same) to 21. */
static inline double
es_test_contrast (const double a[3],
                  const double b[3])
{
  double la = es_test_relative_luminance (a[0], a[1], a[2]);
  double lb = es_test_relative_luminance (b[0], b[1], b[2]);

  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

G_END_DECLS
