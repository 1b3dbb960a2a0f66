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

/* Where Cairo writes a picture: the file's stream, and the first error. */
typedef struct
{
  GOutputStream *out;
  GError        *error;
} PictureWriter;

static cairo_status_t
write_picture (void                *closure,
               const unsigned char *data,
               unsigned int         length)
{
  PictureWriter *writer = closure;

  if (writer->error != NULL ||
      !g_output_stream_write_all (writer->out, data, length, NULL, NULL, &writer->error))
    return CAIRO_STATUS_WRITE_ERROR;
  return CAIRO_STATUS_SUCCESS;
}

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
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFileOutputStream) out = NULL;
  g_autoptr(GCancellable) abandon = NULL;
  PictureWriter writer = { NULL, NULL };
  cairo_surface_t *surface;
  cairo_status_t status;
  gboolean png = g_str_has_suffix (path, ".png");
  gboolean existed;
  cairo_t *cr;

  if (!png && !g_str_has_suffix (path, ".svg") && !g_str_has_suffix (path, ".pdf"))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "%s: the file name must end in .png, .svg or .pdf", path);
      return FALSE;
    }
  /* Written beside the file and put in its place once whole: a picture
   * that fails leaves the one that was there. GIO says why a file cannot
   * be written (Cairo only that it could not). */
  file = g_file_new_for_path (path);
  existed = g_file_query_exists (file, NULL);
  out = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_NONE, NULL, error);
  if (out == NULL)
    return FALSE;
  writer.out = G_OUTPUT_STREAM (out);

  if (png)
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  else if (g_str_has_suffix (path, ".svg"))
    surface = cairo_svg_surface_create_for_stream (write_picture, &writer, width, height);
  else
    surface = cairo_pdf_surface_create_for_stream (write_picture, &writer, width, height);

  cr = cairo_create (surface);
  paint (cr, data);
  cairo_destroy (cr);
  status = cairo_surface_status (surface);
  if (status == CAIRO_STATUS_SUCCESS && png)
    status = cairo_surface_write_to_png_stream (surface, write_picture, &writer);
  /* Vector surfaces write the rest of their file as they finish. */
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  if (status != CAIRO_STATUS_SUCCESS || writer.error != NULL)
    {
      /* Closed cancelled, the replacement is abandoned. */
      abandon = g_cancellable_new ();
      g_cancellable_cancel (abandon);
      g_output_stream_close (G_OUTPUT_STREAM (out), abandon, NULL);
      /* A new file is written in place: what was written of it goes. */
      if (!existed)
        g_file_delete (file, NULL, NULL);
      if (writer.error != NULL)
        g_set_error (error, writer.error->domain, writer.error->code, "%s: %s", path, writer.error->message);
      else
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: cannot draw the picture: %s", path,
                     cairo_status_to_string (status));
      g_clear_error (&writer.error);
      return FALSE;
    }
  if (!g_output_stream_close (G_OUTPUT_STREAM (out), NULL, &writer.error))
    {
      g_set_error (error, writer.error->domain, writer.error->code, "%s: %s", path, writer.error->message);
      g_clear_error (&writer.error);
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
 * @counters: (nullable) (element-type guint): the runtime counters drawn,
 *   each a row (es_timeline_layout_with_counters())
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
                    GArray                *counters,
                    const char            *path,
                    GError               **error)
{
  g_autoptr(GArray) rows = NULL;
  int width, height;

  g_return_val_if_fail (view != NULL && view->document != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  rows = es_timeline_layout_with_counters (view->document, visible_kinds, counters);
  /* A picture has a height Cairo can make: thousands of threads' rows go
   * (their header stays, saying how many), then the picture fails plainly. */
  if (es_timeline_layout_height (rows) > MAX_HEIGHT && (visible_kinds & (1u << ES_ROW_THREAD)))
    {
      g_array_unref (rows);
      rows = es_timeline_layout_with_counters (view->document, visible_kinds & ~(1u << ES_ROW_THREAD), counters);
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
