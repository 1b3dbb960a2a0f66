/* es-timeline-heap-profile.c: the Heap profile row, the top bands stacked
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "es-timeline-painter-private.h"

/* A stacked area chart of the profile's bands, the largest at the bottom
 * and "other" on top, under a legend that names them. Like eventlog2html
 * the chart goes in straight lines from one census to the next; columns
 * that hold censuses show the largest of them, so that no peak falls
 * between two pixels. It is drawn a column at a time into the row's
 * canvas, as the other graphs are: O(width x bands + censuses in view). */

#define LEGEND_TOP        3
#define LEGEND_LINE       12     /* pixels per legend line */
#define LEGEND_MAX_LINES  2
#define LEGEND_SWATCH     8
#define LEGEND_NAME_MAX   160    /* a name longer than this is cut short */
#define LEGEND_GAP        12
#define CHART_MARGIN      3
#define LONE_CENSUS_PX    3      /* how far a first or last census reaches out */

/* Eight colours that stay apart in light and in dark (Tableau's ten, less
 * the two closest to "other"), and a grey for "other". */
static const guint32 palette_light[] = {
  0x4e79a7, 0xf28e2b, 0x59a14f, 0xe15759, 0xb07aa1, 0x76b7b2, 0xedc948, 0x9c755f,
};
static const guint32 palette_dark[] = {
  0x6f9fd8, 0xffa64d, 0x7cc46f, 0xff7b7d, 0xd19ccc, 0x8fd6d0, 0xf5d76a, 0xc49a80,
};
#define OTHER_LIGHT 0xbab0ac
#define OTHER_DARK  0x77716e

/**
 * es_timeline_heap_band_color:
 * @index: the band's index in its profile
 *
 * The colour the Heap profile row paints band @index in.
 */
void
es_timeline_heap_band_color (const EsHeapProfileBand *band,
                             guint                    index,
                             gboolean                 dark,
                             EsRgba                  *rgba)
{
  guint32 rgb;

  g_return_if_fail (band != NULL);
  g_return_if_fail (rgba != NULL);

  if (band->is_other)
    rgb = dark ? OTHER_DARK : OTHER_LIGHT;
  else
    rgb = (dark ? palette_dark : palette_light)[index % G_N_ELEMENTS (palette_light)];
  es_rgba_from_rgb (rgb, rgba);
}

/**
 * es_timeline_heap_band_name:
 * @full: the whole cost-centre stack rather than its innermost centre
 *
 * Returns: what to call @band: its name, or "Other" for the bands that
 *   are summed up, or what an empty cost-centre stack means.
 */
const char *
es_timeline_heap_band_name (const EsHeapProfileBand *band,
                            gboolean                 full)
{
  g_return_val_if_fail (band != NULL, NULL);

  if (band->is_other)
    return _("Other");
  if (band->short_name == NULL)
    return _("(no cost centre)");
  return full ? band->full_name : band->short_name;
}

typedef struct
{
  double x;
  int    line;
  int    name_width;
} LegendItem;

/* Where each band's swatch and name go, from the left of the row and as
 * many lines as needed up to LEGEND_MAX_LINES; bands that do not fit are
 * left out (the tooltip and the statistics name them all). Returns the
 * lines used. */
static int
place_legend (EsPaintContext      *ctx,
              const EsHeapProfile *profile,
              double               right,
              LegendItem          *items)
{
  guint n_bands = es_heap_profile_get_n_bands (profile);
  double x = ES_TIMELINE_GUTTER + 6;
  int line = 0;

  pango_layout_set_width (ctx->small, LEGEND_NAME_MAX * PANGO_SCALE);
  pango_layout_set_ellipsize (ctx->small, PANGO_ELLIPSIZE_END);
  for (guint b = 0; b < n_bands; b++)
    {
      const EsHeapProfileBand *band = es_heap_profile_get_band (profile, b);
      int w;
      double item_width;

      pango_layout_set_text (ctx->small, es_timeline_heap_band_name (band, FALSE), -1);
      pango_layout_get_pixel_size (ctx->small, &w, NULL);
      item_width = LEGEND_SWATCH + 3 + w;
      if (x + item_width > right && x > ES_TIMELINE_GUTTER + 6)
        {
          line++;
          x = ES_TIMELINE_GUTTER + 6;
        }
      if (line >= LEGEND_MAX_LINES || x + item_width > right)
        {
          items[b].line = -1;
          continue;
        }
      items[b] = (LegendItem) { x, line, w };
      x += item_width + LEGEND_GAP;
    }
  pango_layout_set_width (ctx->small, -1);
  pango_layout_set_ellipsize (ctx->small, PANGO_ELLIPSIZE_NONE);
  return MIN (line, LEGEND_MAX_LINES - 1) + 1;
}

static void
paint_legend (EsPaintContext      *ctx,
              const EsTimelineRow *row,
              const EsHeapProfile *profile,
              const LegendItem    *items)
{
  guint n_bands = es_heap_profile_get_n_bands (profile);

  pango_layout_set_width (ctx->small, LEGEND_NAME_MAX * PANGO_SCALE);
  pango_layout_set_ellipsize (ctx->small, PANGO_ELLIPSIZE_END);
  for (guint b = 0; b < n_bands; b++)
    {
      const EsHeapProfileBand *band = es_heap_profile_get_band (profile, b);
      double y = row->y + LEGEND_TOP + items[b].line * LEGEND_LINE;
      EsRgba c;

      if (items[b].line < 0)
        continue;
      es_timeline_heap_band_color (band, b, ctx->view->dark, &c);
      cairo_set_source_rgb (ctx->cr, c.red, c.green, c.blue);
      cairo_rectangle (ctx->cr, floor (items[b].x), y + 2, LEGEND_SWATCH, LEGEND_SWATCH);
      cairo_fill (ctx->cr);
      pango_layout_set_text (ctx->small, es_timeline_heap_band_name (band, FALSE), -1);
      es_paint_set_color (ctx, ES_COLOR_TEXT);
      cairo_move_to (ctx->cr, floor (items[b].x) + LEGEND_SWATCH + 3, y);
      pango_cairo_show_layout (ctx->cr, ctx->small);
    }
  pango_layout_set_width (ctx->small, -1);
  pango_layout_set_ellipsize (ctx->small, PANGO_ELLIPSIZE_NONE);
}

/* The stack over column [@ta, @tb): the largest census inside it, or the
 * line between the censuses around it. FALSE before the first census and
 * after the last, farther than @reach. @next is the first census at or
 * after @ta, kept by the caller as the columns go right. */
static gboolean
column_stack (const EsHeapProfile *profile,
              guint64              ta,
              guint64              tb,
              guint64              reach,
              guint               *next,
              double              *stack)
{
  guint n = es_heap_profile_get_n_censuses (profile);
  guint n_values = es_heap_profile_get_n_bands (profile) + 1;
  guint best = G_MAXUINT;
  guint64 best_total = 0;
  const guint64 *before, *after;
  guint64 t_before, t_after;
  double f;

  while (*next < n && es_heap_profile_get_census_time (profile, *next) < ta)
    (*next)++;
  for (guint c = *next; c < n && es_heap_profile_get_census_time (profile, c) < tb; c++)
    {
      guint64 total = es_heap_profile_get_stack (profile, c)[n_values - 1];

      if (best == G_MAXUINT || total > best_total)
        {
          best = c;
          best_total = total;
        }
    }
  if (best != G_MAXUINT)
    {
      const guint64 *s = es_heap_profile_get_stack (profile, best);

      for (guint k = 0; k < n_values; k++)
        stack[k] = (double) s[k];
      return TRUE;
    }
  if (*next == 0 || *next >= n)
    {
      /* Beyond the first or the last census: nothing, but for a few
       * pixels next to it, so that a lone census still shows. */
      guint edge = *next == 0 ? 0 : n - 1;
      guint64 t = es_heap_profile_get_census_time (profile, edge);
      const guint64 *s;

      if (n == 0 || (*next == 0 ? t - ta : ta - t) > reach)
        return FALSE;
      s = es_heap_profile_get_stack (profile, edge);
      for (guint k = 0; k < n_values; k++)
        stack[k] = (double) s[k];
      return TRUE;
    }

  /* Between two censuses: cumulative values interpolate into a stack
   * whose bands still lie in order. */
  before = es_heap_profile_get_stack (profile, *next - 1);
  after = es_heap_profile_get_stack (profile, *next);
  t_before = es_heap_profile_get_census_time (profile, *next - 1);
  t_after = es_heap_profile_get_census_time (profile, *next);
  f = t_after > t_before ? ((double) (ta - t_before) + (double) (tb - ta) / 2) / (double) (t_after - t_before) : 0;
  f = CLAMP (f, 0, 1);
  for (guint k = 0; k < n_values; k++)
    stack[k] = before[k] + f * ((double) after[k] - (double) before[k]);
  return TRUE;
}

/* A Mono log's heap shots are far apart, taken when the runtime chose:
 * a tick under the chart at each says where one was, and that the chart
 * between two is a straight line, not a measure. */
static void
paint_shot_ticks (EsPaintContext      *ctx,
                  const EsHeapProfile *profile,
                  int                  bottom)
{
  const EsTimelineView *view = ctx->view;
  guint n = es_heap_profile_get_n_censuses (profile);
  guint c = es_heap_profile_census_at (profile, view->t0);

  for (c = c == G_MAXUINT ? 0 : c; c < n; c++)
    {
      guint64 t = es_heap_profile_get_census_time (profile, c);
      double x;

      if (t > view->t1)
        break;
      if (t < view->t0)
        continue;
      x = floor (es_timeline_time_to_x (view, t)) + 0.5;
      cairo_move_to (ctx->cr, x, bottom);
      cairo_line_to (ctx->cr, x, bottom + CHART_MARGIN);
    }
  es_paint_set_color_alpha (ctx, ES_COLOR_TEXT, 0.6);
  cairo_set_line_width (ctx->cr, 1);
  cairo_stroke (ctx->cr);
}

void
es_paint_heap_profile_row (EsPaintContext      *ctx,
                           const EsTimelineRow *row)
{
  const EsTimelineView *view = ctx->view;
  const EsHeapProfile *profile = es_heap_profile_get (ctx->document);
  g_autofree LegendItem *items = NULL;
  g_autofree int *ys = NULL;
  g_autofree double *stack = NULL;
  g_autofree char *scale = NULL;
  guint n_bands, n_values, next = 0;
  guint64 max_total, reach;
  int lines, top, bottom, height, scale_width;

  if (profile == NULL || es_heap_profile_get_n_bands (profile) == 0 ||
      es_heap_profile_get_max_total (profile) == 0)
    {
      int h;

      pango_layout_set_text (ctx->small, _("No heap profile"), -1);
      pango_layout_get_pixel_size (ctx->small, NULL, &h);
      es_paint_set_color_alpha (ctx, ES_COLOR_TEXT, 0.5);
      cairo_move_to (ctx->cr, ES_TIMELINE_GUTTER + 8, row->y + floor ((row->height - h) / 2.0));
      pango_cairo_show_layout (ctx->cr, ctx->small);
      return;
    }
  n_bands = es_heap_profile_get_n_bands (profile);
  n_values = n_bands + 1;
  max_total = es_heap_profile_get_max_total (profile);
  reach = (guint64) (LONE_CENSUS_PX * ctx->ns_per_px);

  /* The scale goes at the right of the legend's first line. */
  scale = g_format_size (max_total);
  pango_layout_set_text (ctx->small, scale, -1);
  pango_layout_get_pixel_size (ctx->small, &scale_width, NULL);
  items = g_new0 (LegendItem, n_bands);
  lines = place_legend (ctx, profile, ES_TIMELINE_GUTTER + view->width - scale_width - 2 * LEGEND_GAP, items);
  top = row->y + LEGEND_TOP + lines * LEGEND_LINE + 2;
  bottom = row->y + row->height - CHART_MARGIN;
  height = bottom - top;

  /* Each column's band edges in pixels, from the cumulative values, so
   * that the bands meet without gaps; G_MININT where there is no census. */
  ys = g_new (int, (gsize) view->width * n_values);
  stack = g_new (double, n_values);
  next = 0;
  {
    guint64 ta = view->t0;

    next = es_heap_profile_census_at (profile, ta);
    next = next == G_MAXUINT ? 0 : next;
    for (int i = 0; i < view->width; i++)
      {
        guint64 tb = view->t0 + (guint64) ((i + 1) * ctx->ns_per_px);
        int *column = &ys[(gsize) i * n_values];

        if (i + 1 == view->width || tb < ta)
          tb = MAX (view->t1, ta);
        if (height > 0 && column_stack (profile, ta, MAX (tb, ta + 1), reach, &next, stack))
          for (guint k = 0; k < n_values; k++)
            column[k] = bottom - (int) (stack[k] / max_total * height + 0.5);
        else
          column[0] = G_MININT;
        ta = tb;
      }
  }
  for (guint b = 0; b < n_bands; b++)
    {
      EsColumnRuns runs;
      EsRgba c;

      es_timeline_heap_band_color (es_heap_profile_get_band (profile, b), b, view->dark, &c);
      es_column_runs_begin_rgba (&runs, ctx, &c);
      for (int i = 0; i < view->width; i++)
        {
          const int *column = &ys[(gsize) i * n_values];

          if (column[0] != G_MININT)
            es_column_runs_add (&runs, i, column[b + 1], column[b]);
        }
      es_column_runs_end (&runs);
    }

  es_paint_canvas_flush (ctx);
  paint_legend (ctx, row, profile, items);
  es_paint_text_box (ctx, scale, ES_TIMELINE_GUTTER + view->width - 6, row->y + LEGEND_TOP,
                     -1, TRUE, ES_COLOR_TEXT);
  /* The scale's line: the largest census of the run reaches it. */
  cairo_move_to (ctx->cr, ES_TIMELINE_GUTTER, top - 0.5);
  cairo_line_to (ctx->cr, ES_TIMELINE_GUTTER + view->width, top - 0.5);
  es_paint_set_color_alpha (ctx, ES_COLOR_TEXT, 0.15);
  cairo_set_line_width (ctx->cr, 1);
  cairo_stroke (ctx->cr);
  if (es_document_get_format (ctx->document) == ES_DOCUMENT_MONO_LOG)
    paint_shot_ticks (ctx, profile, bottom);
}
