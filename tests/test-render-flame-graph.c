/* test-render-flame-graph.c: the time profile's icicle graph, pixel by pixel
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "es-document-builder.h"
#include "es-flame-graph.h"
#include "es-test-log.h"

#define WIDTH  1000
#define HEIGHT 120

enum { MAIN_ID = 1, GC_ID, CAF_ID, A_ID, B_ID, C_ID };

/* @n samples of one stack (ids innermost first, as the RTS writes them). */
static void
add_samples (EsDocumentBuilder *builder,
             guint64           *time,
             guint              n,
             const guint32     *ids,
             guint              depth)
{
  guint8 stack[16];

  for (guint i = 0; i < depth; i++)
    {
      stack[4 * i] = 0;
      stack[4 * i + 1] = 0;
      stack[4 * i + 2] = 0;
      stack[4 * i + 3] = (guint8) ids[i];
    }
  for (guint k = 0; k < n; k++)
    {
      EsEvent e = { 0 };

      e.tag = ES_EVENT_PROF_SAMPLE_COST_CENTRE;
      e.time = (*time)++ * 1000;
      e.cap = ES_CAP_NONE;
      e.u.cost_centre_sample.depth = depth;
      e.u.cost_centre_sample.stack = stack;
      es_document_builder_add (builder, &e);
    }
}

/* 1000 samples, so that a sample is a pixel at WIDTH:
 *   MAIN 850 (50 of its own) > CAF 800 > a 700 (400 own) > b 200
 *                                                        > c 100
 *                                      > c 100
 *   GC 150 */
static EsDocument *
make_document (void)
{
  EsDocumentBuilder *builder = es_document_builder_new ();
  static const guint32 a[] = { A_ID, CAF_ID }, ab[] = { B_ID, A_ID, CAF_ID }, ac[] = { C_ID, A_ID, CAF_ID },
                       c[] = { C_ID, CAF_ID }, gc[] = { GC_ID };
  EsDocument *document;
  guint64 time = 1;

  es_test_define_cost_centre (builder, MAIN_ID, "MAIN", "MAIN", "<built-in>");
  es_test_define_cost_centre (builder, GC_ID, "GC", "GC", "<built-in>");
  es_test_define_cost_centre (builder, CAF_ID, "CAF", "Main", "<entire-module>");
  es_test_define_cost_centre (builder, A_ID, "a", "Main", "a.hs:1:1-10");
  es_test_define_cost_centre (builder, B_ID, "b", "Main", "a.hs:2:1-10");
  es_test_define_cost_centre (builder, C_ID, "c", "Main", "a.hs:3:1-10");
  /* Interleaved, as a real run is. */
  for (guint round = 0; round < 10; round++)
    {
      add_samples (builder, &time, 40, a, 2);
      add_samples (builder, &time, 20, ab, 3);
      add_samples (builder, &time, 10, ac, 3);
      add_samples (builder, &time, 10, c, 2);
      add_samples (builder, &time, 5, NULL, 0);
      add_samples (builder, &time, 15, gc, 1);
    }
  document = es_document_builder_finish (builder, FALSE, -1);
  es_document_builder_free (builder);
  return document;
}

/* The frame (its node) of cost centre @label whose parent is frame
 * @parent. */
static guint32
find_frame (const EsProfile *profile,
            guint32          parent,
            const char      *label)
{
  for (guint i = 0; i < es_profile_get_frames (profile)->len; i++)
    {
      const EsProfileFrame *f = &g_array_index (es_profile_get_frames (profile), EsProfileFrame, i);
      EsProfileFrame made;

      g_assert_true (es_profile_get_frame (profile, f->node, &made));
      if (made.parent == parent && f->cc != NULL && g_str_equal (f->cc->label, label))
        return f->node;
    }
  g_assert_not_reached ();
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

  memcpy (&pixel, data + (gsize) y * stride + (gsize) x * 4, sizeof pixel);
  return ABS ((int) ((pixel >> 16) & 0xff) - (int) round (want->red * 255)) <= 1 &&
         ABS ((int) ((pixel >> 8) & 0xff) - (int) round (want->green * 255)) <= 1 &&
         ABS ((int) (pixel & 0xff) - (int) round (want->blue * 255)) <= 1;
}

static cairo_surface_t *
paint (const EsFlameGraphView *view)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, view->width, view->height);
  cairo_t *cr = cairo_create (surface);

  es_flame_graph_paint (cr, view);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* Frame @frame is drawn from @x over @width pixels (its last one the gap
 * before its neighbour) in row @row: its colour on its first pixel column
 * (below the text's line: at its bottom), and counted along that line,
 * exactly width - 1 pixels of it. */
static void
check_frame (cairo_surface_t        *surface,
             const EsFlameGraphView *view,
             guint32                 frame,
             int                     row,
             int                     x,
             int                     width)
{
  EsFlameGraphRect rect;
  EsRgba color;
  int y = row * ES_FLAME_GRAPH_ROW_HEIGHT + ES_FLAME_GRAPH_ROW_HEIGHT - 2;
  int run = 0;

  g_assert_true (es_flame_graph_frame_rect (view, frame, &rect));
  g_assert_cmpfloat (fabs (rect.x - x), <, 0.5);
  g_assert_cmpfloat (fabs (rect.width - width), <, 0.5);
  g_assert_cmpfloat (rect.y, ==, row * ES_FLAME_GRAPH_ROW_HEIGHT);

  es_flame_graph_frame_color (view, frame, &color);
  while (x + run < view->width && pixel_is_rgba (surface, x + run, y, &color))
    run++;
  g_assert_cmpint (run, ==, width - 1);
  /* Hit tests agree: its middle is it. */
  g_assert_cmpuint (es_flame_graph_frame_at (view, x + width / 2.0, y), ==, frame);
}

static void
test_frame_widths (void)
{
  g_autoptr(EsDocument) document = make_document ();
  g_autoptr(EsProfile) profile = es_profile_new (document, 0, G_MAXUINT64);
  EsFlameGraphView view = { profile, ES_PROFILE_NO_FRAME, WIDTH, HEIGHT, FALSE, NULL };
  cairo_surface_t *surface;
  guint32 main_f = 0, gc, caf, a, b, ac, c;

  g_assert_cmpuint (profile->n_samples, ==, 1000);
  gc = find_frame (profile, ES_PROFILE_NO_FRAME, "GC");
  caf = find_frame (profile, main_f, "CAF");
  a = find_frame (profile, caf, "a");
  c = find_frame (profile, caf, "c");
  b = find_frame (profile, a, "b");
  ac = find_frame (profile, a, "c");

  surface = paint (&view);
  check_frame (surface, &view, main_f, 0, 0, 850);
  check_frame (surface, &view, gc, 0, 850, 150);
  check_frame (surface, &view, caf, 1, 0, 800);
  check_frame (surface, &view, a, 2, 0, 700);
  check_frame (surface, &view, c, 2, 700, 100);
  check_frame (surface, &view, b, 3, 0, 200);
  check_frame (surface, &view, ac, 3, 200, 100);
  /* Under a frame's own samples, nothing: the background. */
  g_assert_cmpuint (es_flame_graph_frame_at (&view, 500, 3.5 * ES_FLAME_GRAPH_ROW_HEIGHT), ==, ES_PROFILE_NO_FRAME);
  g_assert_cmpint (es_flame_graph_natural_height (profile), ==, 4 * ES_FLAME_GRAPH_ROW_HEIGHT);
  cairo_surface_destroy (surface);
}

/* Zoomed into a: it and its ancestors take the whole width; b is 200 of
 * its 700 samples. */
static void
test_zoom (void)
{
  g_autoptr(EsDocument) document = make_document ();
  g_autoptr(EsProfile) profile = es_profile_new (document, 0, G_MAXUINT64);
  guint32 caf = find_frame (profile, 0, "CAF");
  guint32 a = find_frame (profile, caf, "a");
  EsFlameGraphView view = { profile, a, WIDTH, HEIGHT, TRUE, NULL };
  cairo_surface_t *surface = paint (&view);
  int b_width = (int) round (200.0 * WIDTH / 700.0);

  check_frame (surface, &view, 0, 0, 0, WIDTH);
  check_frame (surface, &view, caf, 1, 0, WIDTH);
  check_frame (surface, &view, a, 2, 0, WIDTH);
  check_frame (surface, &view, find_frame (profile, a, "b"), 3, 0, b_width);
  check_frame (surface, &view, find_frame (profile, a, "c"), 3, b_width, (int) round (300.0 * WIDTH / 700.0) - b_width);
  /* What is outside a is not drawn. */
  g_assert_false (es_flame_graph_frame_rect (&view, find_frame (profile, ES_PROFILE_NO_FRAME, "GC"), &(EsFlameGraphRect) { 0 }));
  cairo_surface_destroy (surface);
}

/* A search marks both c frames, and says they cover 200 samples. */
static void
test_search (void)
{
  g_autoptr(EsDocument) document = make_document ();
  g_autoptr(EsProfile) profile = es_profile_new (document, 0, G_MAXUINT64);
  EsFlameGraphView view = { profile, ES_PROFILE_NO_FRAME, WIDTH, HEIGHT, FALSE, "C (MAIN)" };
  guint32 caf = find_frame (profile, 0, "CAF");
  guint32 a = find_frame (profile, caf, "a");
  EsRgba match, other;
  cairo_surface_t *surface = paint (&view);

  g_assert_true (es_flame_graph_frame_matches (&view, find_frame (profile, caf, "c")));
  g_assert_true (es_flame_graph_frame_matches (&view, find_frame (profile, a, "c")));
  g_assert_false (es_flame_graph_frame_matches (&view, a));
  g_assert_cmpuint (es_flame_graph_count_matches (&view), ==, 200);
  es_flame_graph_frame_color (&view, find_frame (profile, a, "c"), &match);
  es_flame_graph_frame_color (&view, a, &other);
  g_assert_true (pixel_is_rgba (surface, 250, 4 * ES_FLAME_GRAPH_ROW_HEIGHT - 2, &match));
  g_assert_false (pixel_is_rgba (surface, 250, 4 * ES_FLAME_GRAPH_ROW_HEIGHT - 2, &other));
  check_frame (surface, &view, find_frame (profile, caf, "c"), 2, 700, 100);
  cairo_surface_destroy (surface);
}

/* @view drawn as a window draws it: recorded, as a GtkDrawingArea's
 * cairo node records, then replayed onto pixels, @scale a pixel. With
 * @view's scale 0, es_flame_graph_paint() records it as before, box by
 * box and layout by layout, as into any vector surface. */
static cairo_surface_t *
record (const EsFlameGraphView *view)
{
  cairo_rectangle_t extents = { 0, 0, view->width, view->height };
  cairo_surface_t *recording = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, &extents);
  cairo_t *cr = cairo_create (recording);

  es_flame_graph_paint (cr, view);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  return recording;
}

static cairo_surface_t *
replay (cairo_surface_t *recording,
        int              width,
        int              height,
        int              scale)
{
  cairo_surface_t *pixels = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * scale, height * scale);
  cairo_t *cr;

  cairo_surface_set_device_scale (pixels, scale, scale);
  cr = cairo_create (pixels);
  cairo_set_source_surface (cr, recording, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_flush (pixels);
  return pixels;
}

static cairo_surface_t *
paint_recorded (const EsFlameGraphView *view,
                int                     scale)
{
  cairo_surface_t *recording = record (view);
  cairo_surface_t *pixels = replay (recording, view->width, view->height, scale);

  cairo_surface_destroy (recording);
  return pixels;
}

static void
assert_same_pixels (cairo_surface_t *a,
                    cairo_surface_t *b)
{
  g_assert_cmpint (cairo_image_surface_get_height (a), ==, cairo_image_surface_get_height (b));
  g_assert_cmpint (cairo_image_surface_get_stride (a), ==, cairo_image_surface_get_stride (b));
  g_assert_true (memcmp (cairo_image_surface_get_data (a), cairo_image_surface_get_data (b),
                         (gsize) cairo_image_surface_get_stride (a) * cairo_image_surface_get_height (a)) == 0);
}

/* The window's drawing goes through a picture of its pixels: the pixels
 * of the boxes and labels recorded one by one, and of a drawing straight
 * onto pixels; at twice the pixels too. Wide and narrow, so that labels
 * are whole and cut; with the label cache of a window and without. */
static void
test_recorded (void)
{
  g_autoptr(EsDocument) document = make_document ();
  g_autoptr(EsProfile) profile = es_profile_new (document, 0, G_MAXUINT64);
  g_autoptr(EsFlameGraphCache) cache = es_flame_graph_cache_new ();
  static const int widths[] = { WIDTH, 180, 97 };

  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    for (guint cached = 0; cached < 2; cached++)
      {
        EsFlameGraphView view = { profile, ES_PROFILE_NO_FRAME, widths[w], HEIGHT, w == 1, NULL, 0,
                                  cached ? cache : NULL };
        cairo_surface_t *direct = paint (&view), *boxes, *picture, *direct2, *boxes2, *picture2;
        cairo_t *cr;

        boxes = paint_recorded (&view, 1);
        view.scale = 1;
        picture = paint_recorded (&view, 1);
        assert_same_pixels (direct, boxes);
        assert_same_pixels (direct, picture);

        direct2 = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, view.width * 2, view.height * 2);
        cairo_surface_set_device_scale (direct2, 2, 2);
        cr = cairo_create (direct2);
        es_flame_graph_paint (cr, &view);
        cairo_destroy (cr);
        cairo_surface_flush (direct2);
        view.scale = 0;
        boxes2 = paint_recorded (&view, 2);
        view.scale = 2;
        picture2 = paint_recorded (&view, 2);
        assert_same_pixels (direct2, boxes2);
        assert_same_pixels (direct2, picture2);

        cairo_surface_destroy (direct);
        cairo_surface_destroy (boxes);
        cairo_surface_destroy (picture);
        cairo_surface_destroy (direct2);
        cairo_surface_destroy (boxes2);
        cairo_surface_destroy (picture2);
      }
}

/* One widget's drawings one after the other, each recorded as the window
 * records it: the same view again shows the picture kept, any change a
 * new one, never the one before; and the recording before, alive while
 * the next is drawn, as a window's is, shows what it showed (its picture
 * is not drawn into). */
static void
test_cache_follows_view (void)
{
  g_autoptr(EsDocument) document = make_document ();
  g_autoptr(EsProfile) whole = es_profile_new (document, 0, G_MAXUINT64);
  g_autoptr(EsProfile) part = es_profile_new (document, 0, 500000);
  g_autoptr(EsFlameGraphCache) cache = es_flame_graph_cache_new ();
  guint32 caf = find_frame (whole, 0, "CAF");
  EsFlameGraphView views[] = {
    { whole, ES_PROFILE_NO_FRAME, 300, HEIGHT, FALSE, NULL, 1, cache },
    { whole, ES_PROFILE_NO_FRAME, 300, HEIGHT, FALSE, NULL, 1, cache },
    { whole, ES_PROFILE_NO_FRAME, 300, HEIGHT, TRUE, NULL, 1, cache },
    { whole, ES_PROFILE_NO_FRAME, 300, HEIGHT, TRUE, "a (", 1, cache },
    { whole, caf, 300, HEIGHT, TRUE, "a (", 1, cache },
    { part, caf, 300, HEIGHT, TRUE, "a (", 1, cache },
    { part, ES_PROFILE_NO_FRAME, 300, HEIGHT, FALSE, NULL, 1, cache },
    { part, ES_PROFILE_NO_FRAME, 301, HEIGHT, FALSE, NULL, 1, cache },
    { whole, ES_PROFILE_NO_FRAME, 300, HEIGHT, FALSE, NULL, 1, cache },
    { whole, ES_PROFILE_NO_FRAME, 300, HEIGHT, FALSE, NULL, 1, cache },
  };

  cairo_surface_t *previous = NULL, *previous_direct = NULL;

  g_assert_cmpuint (part->n_samples, <, whole->n_samples);
  for (guint round = 0; round < 2; round++)
    for (guint i = 0; i < G_N_ELEMENTS (views); i++)
      {
        EsFlameGraphView uncached = views[i];
        cairo_surface_t *direct, *recording, *recorded;

        uncached.cache = NULL;
        direct = paint (&uncached);
        recording = record (&views[i]);
        recorded = replay (recording, views[i].width, views[i].height, 1);
        assert_same_pixels (direct, recorded);
        cairo_surface_destroy (recorded);
        if (previous != NULL)
          {
            recorded = replay (previous, cairo_image_surface_get_width (previous_direct),
                               cairo_image_surface_get_height (previous_direct), 1);
            assert_same_pixels (previous_direct, recorded);
            cairo_surface_destroy (recorded);
          }
        /* The first round as a window: the last recording alive; the
         * second as a PNG export, never. */
        g_clear_pointer (&previous, cairo_surface_destroy);
        g_clear_pointer (&previous_direct, cairo_surface_destroy);
        if (round == 0)
          {
            previous = recording;
            previous_direct = direct;
          }
        else
          {
            cairo_surface_destroy (recording);
            cairo_surface_destroy (direct);
          }
      }
}

/* The frames walked beforehand (a widget's worker walks them beside the
 * profile): drawings of the view they were walked for take them, the
 * same pixels as a walk's, on pixels, recorded and exported; a view they
 * were not walked for (another profile, width, zoom, colours, rows, or a
 * search) walks its own. */
static void
test_layout_walked_beforehand (void)
{
  g_autoptr(EsDocument) document = make_document ();
  g_autoptr(EsProfile) whole = es_profile_new (document, 0, G_MAXUINT64);
  g_autoptr(EsProfile) part = es_profile_new (document, 0, 500000);
  g_autoptr(EsFlameGraphCache) cache = es_flame_graph_cache_new ();
  guint32 caf = find_frame (whole, 0, "CAF");
  int rows = es_flame_graph_natural_height (whole);
  EsFlameGraphView walked = { whole, ES_PROFILE_NO_FRAME, 300, G_MAXINT, FALSE, NULL, 1, NULL };
  struct
  {
    EsFlameGraphView view;
    gboolean         takes_it;
  } views[] = {
    { { whole, ES_PROFILE_NO_FRAME, 300, HEIGHT, FALSE, NULL, 1, cache }, TRUE },
    { { whole, ES_PROFILE_NO_FRAME, 300, rows, FALSE, NULL, 1, cache }, TRUE },
    { { whole, ES_PROFILE_NO_FRAME, 300, rows - ES_FLAME_GRAPH_ROW_HEIGHT + 1, FALSE, NULL, 1, cache }, TRUE },
    { { whole, ES_PROFILE_NO_FRAME, 300, rows - ES_FLAME_GRAPH_ROW_HEIGHT, FALSE, NULL, 1, cache }, FALSE },
    { { whole, ES_PROFILE_NO_FRAME, 300, HEIGHT, FALSE, NULL, 2, cache }, TRUE },
    { { whole, ES_PROFILE_NO_FRAME, 300, HEIGHT, FALSE, NULL, 0, cache }, TRUE },
    { { whole, ES_PROFILE_NO_FRAME, 301, HEIGHT, FALSE, NULL, 1, cache }, FALSE },
    { { whole, ES_PROFILE_NO_FRAME, 300, HEIGHT, TRUE, NULL, 1, cache }, FALSE },
    { { whole, ES_PROFILE_NO_FRAME, 300, HEIGHT, FALSE, "a (", 1, cache }, FALSE },
    { { whole, ES_PROFILE_NO_FRAME, 300, HEIGHT, FALSE, "", 1, cache }, TRUE },
    { { whole, caf, 300, HEIGHT, FALSE, NULL, 1, cache }, FALSE },
    { { part, ES_PROFILE_NO_FRAME, 300, HEIGHT, FALSE, NULL, 1, cache }, FALSE },
  };

  g_assert_cmpint (rows, <, HEIGHT);
  es_flame_graph_cache_set_layout (cache, es_flame_graph_layout_new (&walked));
  for (guint i = 0; i < G_N_ELEMENTS (views); i++)
    {
      EsFlameGraphView *view = &views[i].view, uncached = *view;
      int scale = MAX (view->scale, 1);
      cairo_surface_t *direct, *recorded, *exported;
      cairo_t *cr;

      g_assert_cmpint (es_flame_graph_cache_has_layout_for (cache, view), ==, views[i].takes_it);
      uncached.cache = NULL;
      /* What the pointer finds and the chosen cost centre's outline: the
       * walk's, from the frames walked beforehand or not. */
      for (double y = 0.5; y < view->height && y < 8 * ES_FLAME_GRAPH_ROW_HEIGHT; y += 4.25)
        for (double x = -0.5; x < view->width + 1; x += 0.75)
          g_assert_cmpuint (es_flame_graph_frame_at (view, x, y), ==, es_flame_graph_frame_at (&uncached, x, y));
      for (guint32 cc = 0; cc <= C_ID + 1; cc++)
        {
          EsFlameGraphRect mine[8], theirs[8];
          guint n = es_flame_graph_cost_centre_rects (view, cc, mine, G_N_ELEMENTS (mine));

          g_assert_cmpuint (n, ==, es_flame_graph_cost_centre_rects (&uncached, cc, theirs, G_N_ELEMENTS (theirs)));
          g_assert_true (n == 0 || memcmp (mine, theirs, n * sizeof *mine) == 0);
          g_assert_cmpuint (es_flame_graph_cost_centre_rects (view, cc, mine, 1), ==, MIN (n, 1));
        }
      for (guint32 frame = 0; frame < 16; frame++)
        {
          EsFlameGraphRect mine = { 0 }, theirs = { 0 };

          g_assert_cmpint (es_flame_graph_frame_rect (view, frame, &mine), ==,
                           es_flame_graph_frame_rect (&uncached, frame, &theirs));
          g_assert_true (memcmp (&mine, &theirs, sizeof mine) == 0);
        }
      direct = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, view->width * scale, view->height * scale);
      cairo_surface_set_device_scale (direct, scale, scale);
      cr = cairo_create (direct);
      es_flame_graph_paint (cr, &uncached);
      cairo_destroy (cr);
      cairo_surface_flush (direct);
      recorded = paint_recorded (view, scale);
      assert_same_pixels (direct, recorded);
      exported = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, view->width * scale, view->height * scale);
      cairo_surface_set_device_scale (exported, scale, scale);
      cr = cairo_create (exported);
      es_flame_graph_paint (cr, view);
      cairo_destroy (cr);
      cairo_surface_flush (exported);
      assert_same_pixels (direct, exported);
      cairo_surface_destroy (direct);
      cairo_surface_destroy (recorded);
      cairo_surface_destroy (exported);
    }
  es_flame_graph_cache_set_layout (cache, NULL);
  g_assert_false (es_flame_graph_cache_has_layout_for (cache, &views[0].view));

  /* With the view's height and scale, the boxes are filled beforehand
   * too, in a picture its first recorded drawing takes: the pixels of
   * one filled then, and of the drawings after it, of that view or not. */
  for (int scale = 1; scale <= 2; scale++)
    {
      EsFlameGraphView filled = { whole, ES_PROFILE_NO_FRAME, 300, HEIGHT, FALSE, NULL, scale, NULL };
      EsFlameGraphView drawn[] = {
        { whole, ES_PROFILE_NO_FRAME, 300, HEIGHT + 1, FALSE, NULL, scale, cache },
        { whole, ES_PROFILE_NO_FRAME, 300, HEIGHT, FALSE, NULL, 3 - scale, cache },
        { whole, ES_PROFILE_NO_FRAME, 300, HEIGHT, FALSE, NULL, scale, cache },
        { whole, ES_PROFILE_NO_FRAME, 300, HEIGHT, FALSE, NULL, scale, cache },
        { whole, ES_PROFILE_NO_FRAME, 300, HEIGHT, TRUE, NULL, scale, cache },
        { whole, ES_PROFILE_NO_FRAME, 300, HEIGHT, FALSE, NULL, scale, cache },
      };

      es_flame_graph_cache_set_layout (cache, es_flame_graph_layout_new (&filled));
      for (guint i = 0; i < G_N_ELEMENTS (drawn); i++)
        {
          EsFlameGraphView uncached = drawn[i];
          cairo_surface_t *direct, *recorded;
          cairo_t *cr;

          uncached.cache = NULL;
          direct = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, drawn[i].width * drawn[i].scale,
                                               drawn[i].height * drawn[i].scale);
          cairo_surface_set_device_scale (direct, drawn[i].scale, drawn[i].scale);
          cr = cairo_create (direct);
          es_flame_graph_paint (cr, &uncached);
          cairo_destroy (cr);
          cairo_surface_flush (direct);
          recorded = paint_recorded (&drawn[i], drawn[i].scale);
          assert_same_pixels (direct, recorded);
          cairo_surface_destroy (direct);
          cairo_surface_destroy (recorded);
        }
    }
}

/* With a budget for shaping, the window's first drawing of a graph shows
 * the labels whose names it had time for, and says it lacks the rest;
 * the drawings after it shape more, at least one each, until the last
 * has the pixels of a drawing without a budget. */
static void
test_shaping_budget (void)
{
  g_autoptr(EsDocument) document = make_document ();
  g_autoptr(EsProfile) profile = es_profile_new (document, 0, G_MAXUINT64);
  g_autoptr(EsFlameGraphCache) cache = es_flame_graph_cache_new ();
  EsFlameGraphView view = { profile, ES_PROFILE_NO_FRAME, WIDTH, HEIGHT, FALSE, NULL, 1, cache };
  EsFlameGraphView uncached = view;
  cairo_surface_t *direct, *recorded = NULL, *first = NULL;
  guint n_drawings = 0;

  uncached.cache = NULL;
  direct = paint (&uncached);
  /* A microsecond: a name is shaped in tens of them. */
  es_flame_graph_cache_set_shaping_budget (cache, 1);
  do
    {
      g_clear_pointer (&recorded, cairo_surface_destroy);
      recorded = paint_recorded (&view, 1);
      if (first == NULL)
        first = cairo_surface_reference (recorded);
      n_drawings++;
      g_assert_cmpuint (n_drawings, <, 20);
    }
  while (!es_flame_graph_cache_is_complete (cache));

  /* Six names (MAIN, CAF, a, b, c, GC) with room for a label. */
  g_assert_cmpuint (n_drawings, >=, 2);
  g_assert_true (memcmp (cairo_image_surface_get_data (first), cairo_image_surface_get_data (direct),
                         (gsize) cairo_image_surface_get_stride (direct) * cairo_image_surface_get_height (direct)) != 0);
  assert_same_pixels (direct, recorded);
  /* Complete, the same view again is the picture kept. */
  cairo_surface_destroy (recorded);
  recorded = paint_recorded (&view, 1);
  g_assert_true (es_flame_graph_cache_is_complete (cache));
  assert_same_pixels (direct, recorded);

  cairo_surface_destroy (first);
  cairo_surface_destroy (recorded);
  cairo_surface_destroy (direct);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flame-graph/frame-widths", test_frame_widths);
  g_test_add_func ("/flame-graph/zoom", test_zoom);
  g_test_add_func ("/flame-graph/search", test_search);
  g_test_add_func ("/flame-graph/recorded", test_recorded);
  g_test_add_func ("/flame-graph/cache-follows-view", test_cache_follows_view);
  g_test_add_func ("/flame-graph/labels-come-within-a-shaping-budget", test_shaping_budget);
  g_test_add_func ("/flame-graph/layout-walked-beforehand", test_layout_walked_beforehand);
  return g_test_run ();
}
