/* es-heap-overlay.c: two runs' heaps on one graph
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <pango/pangocairo.h>

#include "es-heap-overlay.h"
#include "es-lod.h"
#include "es-series.h"

/* The comparison's "Heap (A and B)": where one run's heap grows or its live
 * data stays higher than the other's, on the same axis as the timelines.
 * Drawn column by column in whole pixels, as the timeline's heap row is,
 * so that a line's place is exact (and testable). */

#define NO_VALUE G_MININT

/* The largest size or live value of either whole run. */
guint64
es_heap_overlay_scale (const EsHeapOverlay *overlay)
{
  guint64 scale = 0, max;

  for (guint r = 0; r < 2; r++)
    {
      EsDocument *document = overlay->runs[r].document;

      if (document == NULL)
        continue;
      if (es_series_max_in (es_document_get_heap_size (document), 0, G_MAXUINT64, &max))
        scale = MAX (scale, max);
      if (es_series_max_in (es_document_get_heap_live (document), 0, G_MAXUINT64, &max))
        scale = MAX (scale, max);
    }
  return scale;
}

/* The y of each column's value, or NO_VALUE. Two searches a column, not
 * a walk over the samples in view: zoomed out, a long run has many more
 * samples than the graph has columns. */
static void
column_ys (const EsHeapOverlayRun *run,
           const EsSeries         *series,
           int                     width,
           int                     top,
           int                     bottom,
           guint64                 scale,
           int                    *ys)
{
  guint64 end = es_document_get_end_time (run->document);

  for (int c = 0; c < width; c++)
    {
      guint64 a = es_lod_column_start (run->t0, run->t1, width, c);
      guint64 b = es_lod_column_start (run->t0, run->t1, width, c + 1);
      guint64 value = 0;
      gboolean has_value;

      /* [a, b), but the last column ends with the span, included. */
      if (c == width - 1)
        has_value = es_series_max_in (series, a, b, &value);
      else
        has_value = b > a && es_series_max_in (series, a, b - 1, &value);
      /* None in the column: the one before it holds. */
      if (!has_value)
        has_value = a > 0 && es_series_value_at (series, a - 1, &value);
      if (!has_value || a > end)
        ys[c] = NO_VALUE;
      else
        ys[c] = bottom - (int) lround ((double) value / scale * (bottom - top));
    }
}

static void
paint_line (cairo_t   *cr,
            const int *ys,
            int        width,
            gboolean   dashed)
{
  for (int c = 0; c < width; c++)
    {
      int y0 = ys[c] - 2, y1 = ys[c];

      if (ys[c] == NO_VALUE || (dashed && c % (2 * ES_HEAP_OVERLAY_DASH - 2) >= ES_HEAP_OVERLAY_DASH))
        continue;
      if (c > 0 && ys[c - 1] != NO_VALUE)
        {
          y0 = MIN (y0, ys[c - 1] - 2);
          y1 = MAX (y1, ys[c - 1]);
        }
      cairo_rectangle (cr, ES_TIMELINE_GUTTER + c, y0, 1, y1 - y0);
    }
  cairo_fill (cr);
}

static void
set_color (cairo_t  *cr,
           EsColor   color,
           gboolean  dark)
{
  EsRgba rgba;

  es_timeline_color (color, dark, &rgba);
  cairo_set_source_rgba (cr, rgba.red, rgba.green, rgba.blue, rgba.alpha);
}

/* Text at (@x, @y); returns its width. */
static int
show_text (cairo_t     *cr,
           PangoLayout *layout,
           const char  *text,
           double       x,
           double       y)
{
  int w, h;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
  return w;
}

/* "A ━━  B ╍╍  ▬ Heap size  ▬ Live data  full scale 134 MB": the line
 * styles in the text colour, then the colours. */
static void
paint_legend (cairo_t             *cr,
              const EsHeapOverlay *overlay,
              guint64              scale)
{
  g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans 8");
  g_autofree char *full = g_format_size (scale);
  g_autofree char *scale_text = g_strdup_printf (_("full scale %s"), full);
  const EsColor colors[] = { ES_COLOR_HEAP_SIZE, ES_COLOR_HEAP_LIVE };
  double x = ES_TIMELINE_GUTTER + 6, y = 3;

  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);

  set_color (cr, ES_COLOR_TEXT, overlay->dark);
  show_text (cr, layout, _("Heap"), 6, y);
  show_text (cr, layout, _("A and B"), 6, y + 14);
  for (guint r = 0; r < 2; r++)
    {
      set_color (cr, ES_COLOR_TEXT, overlay->dark);
      x += show_text (cr, layout, r == 0 ? "A" : "B", x, y) + 4;
      for (int c = 0; c < 24; c++)
        if (r == 0 || c % (2 * ES_HEAP_OVERLAY_DASH - 2) < ES_HEAP_OVERLAY_DASH)
          cairo_rectangle (cr, x + c, y + 6, 1, 2);
      cairo_fill (cr);
      x += 24 + 14;
    }
  for (guint i = 0; i < G_N_ELEMENTS (colors); i++)
    {
      set_color (cr, colors[i], overlay->dark);
      cairo_rectangle (cr, x, y + 3, 10, 8);
      cairo_fill (cr);
      set_color (cr, ES_COLOR_TEXT, overlay->dark);
      x += 14 + show_text (cr, layout, es_timeline_color_name (colors[i]), x + 14, y) + 14;
    }
  x += show_text (cr, layout, scale_text, x, y) + 14;
  /* One run's heap may dwarf the other's: each one's peak, in words. */
  for (guint r = 0; r < 2; r++)
    {
      guint64 peak;
      g_autofree char *size = NULL;
      g_autofree char *text = NULL;

      if (overlay->runs[r].document == NULL ||
          !es_series_max_in (es_document_get_heap_size (overlay->runs[r].document), 0, G_MAXUINT64, &peak))
        continue;
      size = g_format_size (peak);
      /* TRANSLATORS: the largest heap of run A (or B), e.g. "A peak 7.3 MB" */
      text = g_strdup_printf (r == 0 ? _("A peak %s") : _("B peak %s"), size);
      x += show_text (cr, layout, text, x, y) + 14;
    }
}

void
es_heap_overlay_paint (cairo_t             *cr,
                       const EsHeapOverlay *overlay)
{
  int top = ES_HEAP_OVERLAY_TOP, bottom = overlay->height - ES_HEAP_OVERLAY_BOTTOM;
  guint64 scale = es_heap_overlay_scale (overlay);
  g_autofree int *ys = NULL;

  g_return_if_fail (overlay->width > 0);

  cairo_save (cr);
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  set_color (cr, ES_COLOR_GRID, overlay->dark);
  cairo_rectangle (cr, ES_TIMELINE_GUTTER, bottom, overlay->width, 1);
  cairo_fill (cr);
  if (scale > 0 && bottom > top)
    {
      ys = g_new (int, overlay->width);
      for (guint r = 0; r < 2; r++)
        {
          const EsHeapOverlayRun *run = &overlay->runs[r];

          if (run->document == NULL || run->t1 <= run->t0)
            continue;
          set_color (cr, ES_COLOR_HEAP_SIZE, overlay->dark);
          column_ys (run, es_document_get_heap_size (run->document), overlay->width, top, bottom, scale, ys);
          paint_line (cr, ys, overlay->width, r == 1);
          set_color (cr, ES_COLOR_HEAP_LIVE, overlay->dark);
          column_ys (run, es_document_get_heap_live (run->document), overlay->width, top, bottom, scale, ys);
          paint_line (cr, ys, overlay->width, r == 1);
        }
    }
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_DEFAULT);
  paint_legend (cr, overlay, scale);
  cairo_restore (cr);
}
