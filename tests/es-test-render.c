/* es-test-render.c: painting frames and reading their pixels, for tests
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-test-log.h"
#include "es-test-render.h"

void
frame_clear (Frame *frame)
{
  g_clear_pointer (&frame->rows, g_array_unref);
  g_clear_pointer (&frame->surface, cairo_surface_destroy);
}


/* Paints the labels and every row of @view into a fresh surface. */
void
paint_view (Frame                *frame,
            const EsTimelineView *view)
{
  cairo_t *cr;

  frame->view = *view;
  frame->rows = es_timeline_layout (view->document, ALL_ROWS);
  frame->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, SURFACE_WIDTH,
                                               es_timeline_layout_height (frame->rows));
  cr = cairo_create (frame->surface);
  es_timeline_paint (cr, &frame->view, frame->rows);
  es_timeline_paint_labels (cr, &frame->view, frame->rows);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (frame->surface);

  if (g_getenv ("ES_TEST_RENDER_PNG") != NULL)
    {
      static guint n = 0;
      g_autofree char *png = g_strdup_printf ("%s-%u.png", g_getenv ("ES_TEST_RENDER_PNG"), n++);

      cairo_surface_write_to_png (frame->surface, png);
    }
}

/* Every row of [t0, t1], in a frame DATA_WIDTH wide. */
void
paint_frame (Frame      *frame,
             EsDocument *document,
             guint64     t0,
             guint64     t1,
             gboolean    dark)
{
  paint_view (frame, &(EsTimelineView) { document, t0, t1, DATA_WIDTH, dark, 0, NULL });
}

void
get_pixel (cairo_surface_t *surface,
           int              x,
           int              y,
           guint8           rgb[3])
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint32 pixel;

  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, cairo_image_surface_get_width (surface));
  g_assert_cmpint (y, <, cairo_image_surface_get_height (surface));
  memcpy (&pixel, data + (gsize) y * stride + (gsize) x * 4, sizeof pixel);
  rgb[0] = (pixel >> 16) & 0xff;
  rgb[1] = (pixel >> 8) & 0xff;
  rgb[2] = pixel & 0xff;
}

gboolean
pixel_matches (cairo_surface_t *surface,
               int              x,
               int              y,
               EsColor          color,
               gboolean         dark)
{
  EsRgba rgba;
  guint8 rgb[3];
  double want[3];

  es_timeline_color (color, dark, &rgba);
  want[0] = rgba.red * 255;
  want[1] = rgba.green * 255;
  want[2] = rgba.blue * 255;
  get_pixel (surface, x, y, rgb);
  for (guint i = 0; i < 3; i++)
    if (ABS (rgb[i] - want[i]) > 2)
      return FALSE;
  return TRUE;
}

/* pixel_matches(), saying what it found instead when it fails. */
gboolean
pixel_is (cairo_surface_t *surface,
          int              x,
          int              y,
          EsColor          color,
          gboolean         dark)
{
  guint8 rgb[3];

  if (pixel_matches (surface, x, y, color, dark))
    return TRUE;
  get_pixel (surface, x, y, rgb);
  g_test_message ("pixel (%d, %d) is #%02x%02x%02x, not %s", x, y,
                  rgb[0], rgb[1], rgb[2], es_timeline_color_name (color));
  return FALSE;
}

const EsTimelineRow *
find_row (GArray    *rows,
          EsRowKind  kind,
          guint      cap)
{
  for (guint i = 0; i < rows->len; i++)
    {
      const EsTimelineRow *row = &g_array_index (rows, EsTimelineRow, i);

      if (row->kind == kind && row->cap == cap)
        return row;
    }
  g_assert_not_reached ();
}

/* A GHC log of @n_caps capabilities, where thread 1 runs on cap 0 from
 * @start to @stop, writing @messages (NULL-terminated, at @times, in
 * between: START and STOP of spans, say), and which ends at @end. */
EsDocument *
load_one_run (guint               n_caps,
              guint64             start,
              guint64             stop,
              guint64             end,
              const char *const  *messages,
              const guint64      *times)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();

  es_test_log_declare_ghc (log);
  es_test_log_begin_data (log);
  es_test_log_event (log, 17, 0, es_payload_u16 (es_payload_new (), n_caps));
  es_test_log_begin_block (log, 0, 0);
  es_test_log_event (log, 1, start, es_payload_u32 (es_payload_new (), 1));
  for (guint i = 0; messages != NULL && messages[i] != NULL; i++)
    es_test_log_event (log, 19, times[i], es_payload_str (es_payload_new (), messages[i]));
  es_test_log_event (log, 2, stop, es_payload_u32 (es_payload_u16 (es_payload_u32 (es_payload_new (), 1), 5), 0));
  es_test_log_end_block (log, end);
  es_test_log_end (log);
  return es_test_load_log (log);
}

/* A marker line over the pixel under test would fail it for no fault. */
gboolean
marker_near (EsDocument           *document,
             const EsTimelineView *view,
             int                   x)
{
  guint n;
  const EsUserEvent *markers = es_document_get_markers (document, &n);

  for (guint i = 0; i < n; i++)
    if (markers[i].time >= view->t0 && markers[i].time <= view->t1 &&
        ABS (es_timeline_time_to_x (view, markers[i].time) - x) < 3)
      return TRUE;
  return FALSE;
}
