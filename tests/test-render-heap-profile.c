/* test-render-heap-profile.c: the Heap profile row, pixel by pixel
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "es-heap-profile.h"
#include "es-test-log.h"
#include "es-test-render.h"

static cairo_surface_t *
paint (EsTimelineView *view,
       GArray         *rows)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, SURFACE_WIDTH,
                                                         es_timeline_layout_height (rows));
  cairo_t *cr = cairo_create (surface);

  es_timeline_paint (cr, view, rows);
  es_timeline_paint_labels (cr, view, rows);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static gboolean
pixel_is_rgba (cairo_surface_t *surface,
               int              x,
               int              y,
               const EsRgba    *want)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint32 pixel;
  int rgb[3];

  memcpy (&pixel, data + (gsize) y * stride + (gsize) x * 4, sizeof pixel);
  rgb[0] = (pixel >> 16) & 0xff;
  rgb[1] = (pixel >> 8) & 0xff;
  rgb[2] = pixel & 0xff;
  return ABS (rgb[0] - want->red * 255) <= 2 && ABS (rgb[1] - want->green * 255) <= 2 &&
         ABS (rgb[2] - want->blue * 255) <= 2;
}

/* Which of the profile's bands @x, @y is painted in, or -1. */
static int
band_at (cairo_surface_t     *surface,
         const EsHeapProfile *profile,
         gboolean             dark,
         int                  x,
         int                  y)
{
  for (guint b = 0; b < es_heap_profile_get_n_bands (profile); b++)
    {
      EsRgba c;

      es_timeline_heap_band_color (es_heap_profile_get_band (profile, b), b, dark, &c);
      if (pixel_is_rgba (surface, x, y, &c))
        return (int) b;
    }
  return -1;
}

/* The row of @kind, or NULL. */
static const EsTimelineRow *
find_kind (GArray    *rows,
           EsRowKind  kind)
{
  for (guint i = 0; i < rows->len; i++)
    if (g_array_index (rows, EsTimelineRow, i).kind == kind)
      return &g_array_index (rows, EsTimelineRow, i);
  return NULL;
}

/* At the census where the top band holds the most, the column over it is
 * the bands in order from the bottom, the top band's colour first, each
 * as tall as its share of the census. */
static void
check_census_column (const char *fixture,
                     gboolean    dark)
{
  g_autoptr(EsDocument) document = es_test_load_fixture (fixture);
  g_autoptr(GArray) rows = es_timeline_layout (document, ALL_ROWS);
  const EsHeapProfile *profile = es_heap_profile_get (document);
  EsTimelineView view = { document, es_document_get_start_time (document),
                          es_document_get_end_time (document), DATA_WIDTH, dark, 0, NULL };
  const EsTimelineRow *row = find_kind (rows, ES_ROW_HEAP_PROFILE);
  cairo_surface_t *surface;
  guint n_censuses, n_bands, best = 0;
  const guint64 *stack;
  int x, bottom, band_px[64] = { 0 }, total_px = 0, last_band = 0;

  g_assert_nonnull (profile);
  g_assert_nonnull (row);
  if (profile == NULL || row == NULL)
    return;
  g_assert_cmpint (row->height, >, 80);
  n_censuses = es_heap_profile_get_n_censuses (profile);
  n_bands = es_heap_profile_get_n_bands (profile);
  g_assert_cmpuint (n_bands, <=, G_N_ELEMENTS (band_px));
  for (guint c = 0; c < n_censuses; c++)
    {
      double cx = es_timeline_time_to_x (&view, es_heap_profile_get_census_time (profile, c));

      if (!marker_near (document, &view, (int) floor (cx)) &&
          es_heap_profile_get_residency (profile, c, 0) > es_heap_profile_get_residency (profile, best, 0))
        best = c;
    }
  g_assert_false (marker_near (document, &view, (int) floor (es_timeline_time_to_x (&view, es_heap_profile_get_census_time (profile, best)))));

  surface = paint (&view, rows);
  x = (int) floor (es_timeline_time_to_x (&view, es_heap_profile_get_census_time (profile, best)));
  bottom = row->y + row->height - 4;
  g_assert_cmpint (band_at (surface, profile, dark, x, bottom), ==, 0);

  /* Up the column: bands in their order, none after a gap. */
  for (int y = bottom; y > row->y; y--)
    {
      int b = band_at (surface, profile, dark, x, y);

      if (b < 0)
        break;
      g_assert_cmpint (b, >=, last_band);
      last_band = b;
      band_px[b]++;
      total_px++;
    }
  stack = es_heap_profile_get_stack (profile, best);
  g_assert_cmpint (total_px, >, 20);
  for (guint b = 0; b < n_bands; b++)
    {
      double expected = (double) (stack[b + 1] - stack[b]) / stack[n_bands] * total_px;

      g_assert_cmpfloat (fabs (band_px[b] - expected), <=, 2.5);
    }

  /* Nothing before the first census. */
  if (es_heap_profile_get_census_time (profile, 0) > view.t0 + 4 * (view.t1 - view.t0) / DATA_WIDTH)
    g_assert_cmpint (band_at (surface, profile, dark, ES_TIMELINE_GUTTER + 1, bottom), ==, -1);

  /* The legend shows the top band's colour in the row's first line. */
  {
    EsRgba c;
    guint found = 0;

    es_timeline_heap_band_color (es_heap_profile_get_band (profile, 0), 0, dark, &c);
    for (int y = row->y; y < row->y + 14; y++)
      for (int lx = ES_TIMELINE_GUTTER; lx < ES_TIMELINE_GUTTER + 40; lx++)
        found += pixel_is_rgba (surface, lx, y, &c);
    g_assert_cmpuint (found, >=, 36);
  }
  cairo_surface_destroy (surface);
}

static void
test_closure_types_light (void)
{
  check_census_column ("heap-hT-N2.eventlog", FALSE);
}

static void
test_cost_centres_dark (void)
{
  check_census_column ("profiled-hc.eventlog", TRUE);
}

/* Only a log with a heap profile has the row; the palette tells the bands
 * apart, in both themes. */
static void
test_row_and_palette (void)
{
  g_autoptr(EsDocument) parfib = es_test_load_fixture ("parfib-N2.eventlog");
  g_autoptr(GArray) rows = es_timeline_layout (parfib, ALL_ROWS);
  EsHeapProfileBand band = { 0 }, other = { .is_other = TRUE };
  EsTimelineRow row = { ES_ROW_HEAP_PROFILE, 0, 0, 100, 0 };
  g_autofree char *label = es_timeline_row_label (parfib, &row);

  g_assert_null (find_kind (rows, ES_ROW_HEAP_PROFILE));
  g_assert_cmpstr (label, ==, "Heap profile");
  g_assert_true (ES_TIMELINE_DEFAULT_ROWS & (1u << ES_ROW_HEAP_PROFILE));
  for (int dark = 0; dark < 2; dark++)
    for (guint i = 0; i <= ES_HEAP_PROFILE_DEFAULT_TOP; i++)
      for (guint j = 0; j < i; j++)
        {
          EsRgba a, b;

          es_timeline_heap_band_color (i == ES_HEAP_PROFILE_DEFAULT_TOP ? &other : &band, i, dark, &a);
          es_timeline_heap_band_color (&band, j, dark, &b);
          g_assert_cmpfloat (fabs (a.red - b.red) + fabs (a.green - b.green) + fabs (a.blue - b.blue), >, 0.15);
        }
  g_assert_cmpstr (es_timeline_heap_band_name (&other, TRUE), ==, "Other");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/heap-profile/closure-types-light", test_closure_types_light);
  g_test_add_func ("/render/heap-profile/cost-centres-dark", test_cost_centres_dark);
  g_test_add_func ("/render/heap-profile/row-and-palette", test_row_and_palette);

  return g_test_run ();
}
