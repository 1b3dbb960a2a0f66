/* test-render-warm-text.c: warming the painter's fonts before any frame
 * (es_timeline_warm_text(), as a window does after its first frame)
 * changes no pixel of the frames after it
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "es-test-render.h"
#include "es-timeline-painter.h"

#define PIXELS_ENV "ES_TEST_WARM_TEXT_PIXELS"

/* A frame whose labels, ruler and data all carry text: two caps, spans
 * with names on them. */
static void
paint_labelled (Frame *frame)
{
  static const char *const messages[] = { "START first span", "STOP first span", NULL };
  static const guint64 times[] = { 2000000, 8000000 };
  g_autoptr(EsDocument) document = load_one_run (2, 1000000, 9000000, 10000000, messages, times);

  paint_frame (frame, document, 0, 10000000, FALSE);
}

/* In a process of its own, whose fonts no frame loaded before: the
 * frame's pixels, written where the parent said, warmed first or not. */
static void
paint_in_subprocess (gboolean warm)
{
  g_auto(Frame) frame = { 0 };
  g_autoptr(GError) error = NULL;
  const char *path = g_getenv (PIXELS_ENV);

  if (!g_test_subprocess ())
    {
      g_test_skip ("run in a process of its own by /render/warm-text/same-pixels");
      return;
    }
  g_assert_nonnull (path);
  if (warm)
    es_timeline_warm_text ();
  paint_labelled (&frame);
  g_file_set_contents (path, (const char *) cairo_image_surface_get_data (frame.surface),
                       (gssize) cairo_image_surface_get_stride (frame.surface) *
                         cairo_image_surface_get_height (frame.surface),
                       &error);
  g_assert_no_error (error);
}

static void
test_cold_subprocess (void)
{
  paint_in_subprocess (FALSE);
}

static void
test_warm_subprocess (void)
{
  paint_in_subprocess (TRUE);
}

/* What the subprocess @name painted, as bytes. */
static GBytes *
pixels_of (const char *name,
           const char *path)
{
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  g_setenv (PIXELS_ENV, path, TRUE);
  g_test_trap_subprocess (name, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_unsetenv (PIXELS_ENV);
  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  g_assert_no_error (error);
  g_unlink (path);
  return g_bytes_new_take (g_steal_pointer (&contents), length);
}

/* The same frame painted first in a process, with its fonts warmed before
 * or not: the same bytes, text and all (a glyph cache filled with other
 * options would show in the labels' anti-aliasing). */
static void
test_same_pixels (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("es-test-warm-text-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autoptr(GBytes) cold = NULL, warm = NULL;
  g_auto(Frame) frame = { 0 };
  const guint8 *data;
  gsize n, inked = 0;

  g_assert_no_error (error);
  path = g_build_filename (dir, "pixels", NULL);
  cold = pixels_of ("/render/warm-text/subprocess/cold", path);
  warm = pixels_of ("/render/warm-text/subprocess/warm", path);
  g_rmdir (dir);

  /* The frame has text: some of the gutter's pixels are its labels'. */
  paint_labelled (&frame);
  data = g_bytes_get_data (cold, &n);
  g_assert_cmpuint (n, ==, (gsize) cairo_image_surface_get_stride (frame.surface) *
                             cairo_image_surface_get_height (frame.surface));
  for (int y = 0; y < cairo_image_surface_get_height (frame.surface); y++)
    for (int x = 0; x < ES_TIMELINE_GUTTER; x++)
      {
        guint8 rgb[3];

        get_pixel (frame.surface, x, y, rgb);
        inked += rgb[0] < 128 && rgb[1] < 128 && rgb[2] < 128;
      }
  g_assert_cmpuint (inked, >, 50);

  g_assert_true (g_bytes_equal (cold, warm));
  /* And a frame painted later in this process, warmed or not. */
  g_assert_cmpmem (data, n, cairo_image_surface_get_data (frame.surface), n);
}

/* Warming twice, or after frames, does nothing more. */
static void
test_warm_again (void)
{
  g_auto(Frame) before = { 0 };
  g_auto(Frame) after = { 0 };
  gsize n;

  paint_labelled (&before);
  es_timeline_warm_text ();
  es_timeline_warm_text ();
  paint_labelled (&after);
  n = (gsize) cairo_image_surface_get_stride (before.surface) * cairo_image_surface_get_height (before.surface);
  g_assert_cmpmem (cairo_image_surface_get_data (before.surface), n, cairo_image_surface_get_data (after.surface), n);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/warm-text/same-pixels", test_same_pixels);
  g_test_add_func ("/render/warm-text/again", test_warm_again);
  g_test_add_func ("/render/warm-text/subprocess/cold", test_cold_subprocess);
  g_test_add_func ("/render/warm-text/subprocess/warm", test_warm_subprocess);
  return g_test_run ();
}
