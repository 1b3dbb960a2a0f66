/* es-timeline-export.c: the timeline as a PNG, SVG or PDF file
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <gio/gio.h>

#include "es-timeline-export.h"

/* Cairo's largest image side. */
#define MAX_HEIGHT 32767

/**
 * es_export_picture:
 * @path: where to write; its ending (.png, .svg or .pdf) says the format
 * @paint: draws the picture on the Cairo context it is given
 *
 * The one way the painters' pictures become files: the timeline, the
 * flame graph.
 *
 * Returns: %FALSE with @error set if the format is unknown or the file
 *   cannot be written.
 */
gboolean
es_export_picture (const char      *path,
                   int              width,
                   int              height,
                   EsExportPaint    paint,
                   gconstpointer    data,
                   GError         **error)
{
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;

  if (g_str_has_suffix (path, ".png"))
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  else if (g_str_has_suffix (path, ".svg"))
    surface = cairo_svg_surface_create (path, width, height);
  else if (g_str_has_suffix (path, ".pdf"))
    surface = cairo_pdf_surface_create (path, width, height);
  else
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "%s: the file name must end in .png, .svg or .pdf", path);
      return FALSE;
    }

  cr = cairo_create (surface);
  paint (cr, data);
  cairo_destroy (cr);
  status = cairo_surface_status (surface);
  if (status == CAIRO_STATUS_SUCCESS && g_str_has_suffix (path, ".png"))
    status = cairo_surface_write_to_png (surface, path);
  /* Vector surfaces write their file as they finish. */
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: cannot write: %s", path,
                   cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}

typedef struct
{
  const EsTimelineView *view;
  GArray               *rows;
} TimelinePicture;

/* The rows of the view, with the window's painter, on the theme's
 * background. */
static void
paint_timeline (cairo_t       *cr,
                gconstpointer  data)
{
  const TimelinePicture *picture = data;
  EsRgba background;

  es_timeline_color (ES_COLOR_IDLE, picture->view->dark, &background);
  cairo_set_source_rgb (cr, background.red, background.green, background.blue);
  cairo_paint (cr);
  es_timeline_paint (cr, picture->view, picture->rows);
  es_timeline_paint_labels (cr, picture->view, picture->rows);
}

/**
 * es_timeline_export:
 * @view: what to draw; @view->width is the data area, without the gutter
 * @visible_kinds: the rows, as a mask of 1 << #EsRowKind
 * @path: where to write; its ending (.png, .svg or .pdf) says the format
 *
 * Draws the rows of @view with the window's painter, on the theme's
 * background, and writes them to @path.
 *
 * Returns: %FALSE with @error set if the format is unknown or the file
 *   cannot be written.
 */
gboolean
es_timeline_export (const EsTimelineView  *view,
                    guint32                visible_kinds,
                    const char            *path,
                    GError               **error)
{
  g_autoptr(GArray) rows = NULL;
  int width, height;

  g_return_val_if_fail (view != NULL && view->document != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  rows = es_timeline_layout (view->document, visible_kinds);
  /* A picture has a height Cairo can make: thousands of threads' rows go
   * (their header stays, saying how many), then the picture fails plainly. */
  if (es_timeline_layout_height (rows) > MAX_HEIGHT && (visible_kinds & (1u << ES_ROW_THREAD)))
    {
      g_array_unref (rows);
      rows = es_timeline_layout (view->document, visible_kinds & ~(1u << ES_ROW_THREAD));
    }
  width = ES_TIMELINE_GUTTER + view->width;
  height = MAX (es_timeline_layout_height (rows), 1);
  if (height > MAX_HEIGHT)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "%s: the picture would be %d pixels tall, more than %d: show fewer rows",
                   path, height, MAX_HEIGHT);
      return FALSE;
    }
  return es_export_picture (path, width, height, paint_timeline,
                            &(TimelinePicture) { view, rows }, error);
}
