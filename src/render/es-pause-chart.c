/* es-pause-chart.c: a histogram of GC pause lengths on a logarithmic axis
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "es-pause-chart.h"

/* Each of the fixed buckets (four per decade) is a column of the same
 * width, so the axis is logarithmic in the pause's length. The
 * generations of a run are stacked rather than set side by side: a
 * column's height is then the run's count in that bucket, which is what a
 * click on it lists, and the shares of the generations still show; side by
 * side, three thin bars per bucket would each be hard to read and to hit.
 * Side by side is kept for groups (runs), which are compared column by
 * column.
 *
 * The count axis is linear, which is what people read off a histogram;
 * a bucket that holds any pause is at least MIN_BAR pixels tall, so that
 * the one long pause in the tail, the one that matters, never disappears. */

#define MIN_BAR         2
#define MARGIN_LEFT     8      /* plus the widest count label */
#define MARGIN_RIGHT    12
#define MARGIN_BOTTOM   22     /* the time labels */
#define MARKER_LINES    2      /* rows of marker labels above the plot */
#define MIN_BUCKETS     8      /* two decades at least */
#define GROUP_GAP       1      /* pixels between the groups in a bucket */

static const char *const mark_names[] = { "p50", "p90", "p99", "p99.9", N_("max") };

/* Hues apart from the timeline's GC orange, so the generations read as
 * parts of the same thing and apart from each other; their lightness
 * steps too, for those who see the hues alike. */
static const guint32 generation_colors[][2] = {
  { 0xe07000, 0xf07c10 },   /* the timeline's GC colour */
  { 0x1c5fd0, 0x5b9bff },
  { 0x9030b0, 0xc878e8 },
  { 0x008080, 0x30c0c0 },
};

void
es_pause_chart_generation_color (guint     generation,
                                 gboolean  dark,
                                 EsRgba   *rgba)
{
  es_rgba_from_rgb (generation_colors[generation % G_N_ELEMENTS (generation_colors)][dark ? 1 : 0], rgba);
}

/**
 * es_pause_chart_bucket_range:
 * @lo: (out): the shortest pause in @bucket, ns
 * @hi: (out): the first length past it, ns (G_MAXUINT64 for the last)
 */
void
es_pause_chart_bucket_range (guint    bucket,
                             guint64 *lo,
                             guint64 *hi)
{
  g_return_if_fail (bucket < ES_PAUSE_DIST_N_BUCKETS);

  *lo = bucket == 0 ? 0 : es_pause_dist_edge (bucket - 1);
  *hi = bucket == ES_PAUSE_DIST_N_EDGES ? G_MAXUINT64 : es_pause_dist_edge (bucket);
}

/* A pause length in the unit that keeps it short: "1 µs", "17.8 ms". */
char *
es_pause_chart_format_ns (guint64 ns)
{
  static const struct { double scale; const char *unit; } units[] = {
    { 1e9, "s" }, { 1e6, "ms" }, { 1e3, "µs" }, { 1, "ns" },
  };

  for (guint u = 0; u < G_N_ELEMENTS (units); u++)
    if (ns >= units[u].scale || units[u].scale == 1)
      {
        double v = ns / units[u].scale;

        return g_strdup_printf (v >= 100 || v == floor (v) ? "%.0f %s" : v >= 10 ? "%.1f %s" : "%.2f %s",
                                v, units[u].unit);
      }
  g_return_val_if_reached (NULL);
}

static guint
column_count (const EsPauseChart *chart,
              guint               group,
              guint               bucket)
{
  guint n = 0;

  for (guint s = 0; s < chart->n_series; s++)
    if (chart->series[s].group == group)
      n += chart->series[s].dist->buckets[bucket];
  return n;
}

static guint
n_groups (const EsPauseChart *chart)
{
  guint n = 1;

  for (guint s = 0; s < chart->n_series; s++)
    n = MAX (n, MIN (chart->series[s].group, ES_PAUSE_CHART_MAX_GROUPS - 1) + 1);
  return n;
}

/* The grid's step: 1, 2 or 5 times a power of ten, some four lines. */
static guint
nice_step (guint max)
{
  guint decade = 1;

  for (;;)
    {
      static const guint m[] = { 1, 2, 5 };

      for (guint i = 0; i < G_N_ELEMENTS (m); i++)
        if (max / (m[i] * decade) <= 4)
          return m[i] * decade;
      decade *= 10;
    }
}

static PangoLayout *
make_layout (cairo_t *cr)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans 8");

  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  return layout;
}

static int
text_height (void)
{
  /* A fixed line: the layout must not depend on a surface to measure on,
   * so that hit tests and painting agree without one. */
  return 12;
}

/**
 * es_pause_chart_layout:
 *
 * Where @chart draws: only the buckets that hold pauses, with one bucket
 * more on either side, and at least %MIN_BUCKETS of them.
 */
void
es_pause_chart_layout (const EsPauseChart *chart,
                       EsPauseChartLayout *layout)
{
  int first = -1, last = -1;
  guint groups = n_groups (chart);
  g_autofree char *widest = NULL;
  int label_width;

  *layout = (EsPauseChartLayout) { 0 };
  for (guint b = 0; b < ES_PAUSE_DIST_N_BUCKETS; b++)
    for (guint g = 0; g < groups; g++)
      {
        guint n = column_count (chart, g, b);

        if (n == 0)
          continue;
        if (first < 0)
          first = b;
        last = b;
        layout->max_count = MAX (layout->max_count, n);
      }
  if (first < 0)
    {
      /* Nothing: 10 µs to 10 ms, where a GHC program's pauses usually are. */
      first = 5;
      last = 16;
    }
  first = MAX (first - 1, 0);
  last = MIN (last + 1, ES_PAUSE_DIST_N_BUCKETS - 1);
  while (last - first + 1 < MIN_BUCKETS)
    {
      if (first > 0)
        first--;
      if (last - first + 1 < MIN_BUCKETS && last < ES_PAUSE_DIST_N_BUCKETS - 1)
        last++;
    }
  layout->first = first;
  layout->last = last;

  layout->y_step = nice_step (MAX (layout->max_count, 1));
  /* The count labels' width, estimated from their digits (7 px a digit at
   * 8 pt) so that no surface is needed to lay out. */
  widest = g_strdup_printf ("%u", (MAX (layout->max_count, 1) / layout->y_step + 1) * layout->y_step);
  label_width = 7 * (int) strlen (widest);
  layout->plot_x = MARGIN_LEFT + label_width + 4;
  layout->plot_y = MARKER_LINES * text_height () + 6;
  layout->plot_width = MAX (chart->width - layout->plot_x - MARGIN_RIGHT, 1);
  layout->plot_height = MAX (chart->height - layout->plot_y - MARGIN_BOTTOM, 1);
}

static double
bucket_width (const EsPauseChartLayout *layout)
{
  return layout->plot_width / (layout->last - layout->first + 1);
}

/* The left and right of @bucket's column. */
void
es_pause_chart_bucket_x (const EsPauseChartLayout *layout,
                         guint                     bucket,
                         double                   *x0,
                         double                   *x1)
{
  double w = bucket_width (layout);

  *x0 = layout->plot_x + ((double) bucket - layout->first) * w;
  *x1 = *x0 + w;
}

/* Where @ns lies on the axis: a quarter decade a bucket, so 1 + 4 ×
 * (log10 ns - 3) buckets from the left of bucket 0, kept within its own
 * bucket (the edges are rounded; the first and last are open). */
double
es_pause_chart_value_x (const EsPauseChartLayout *layout,
                        guint64                   ns)
{
  guint bucket = es_pause_dist_bucket_of (ns);
  double position = ns > 0 ? 1 + 4 * (log10 ((double) ns) - 3) : 0;

  position = CLAMP (position, bucket, bucket + 0.999);
  return layout->plot_x + (position - layout->first) * bucket_width (layout);
}

/**
 * es_pause_chart_bucket_at:
 *
 * Returns: the bucket whose column is at @x, @y (within the plot, or the
 *   time labels under it), or -1.
 */
int
es_pause_chart_bucket_at (const EsPauseChart *chart,
                          double              x,
                          double              y)
{
  EsPauseChartLayout layout;
  double b;

  es_pause_chart_layout (chart, &layout);
  if (x < layout.plot_x || x >= layout.plot_x + layout.plot_width ||
      y < layout.plot_y || y >= layout.plot_y + layout.plot_height + MARGIN_BOTTOM)
    return -1;
  b = layout.first + floor ((x - layout.plot_x) / bucket_width (&layout));
  return (int) MIN (b, layout.last);
}

static void
set_color (cairo_t      *cr,
           const EsRgba *c,
           double        alpha)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha * alpha);
}

static void
paint_axes (cairo_t                  *cr,
            const EsPauseChart       *chart,
            const EsPauseChartLayout *layout,
            PangoLayout              *text)
{
  EsRgba fg, grid;
  double bottom = layout->plot_y + layout->plot_height;

  es_timeline_color (ES_COLOR_TEXT, chart->dark, &fg);
  es_timeline_color (ES_COLOR_GRID, chart->dark, &grid);

  /* Counts: grid lines and their labels. */
  cairo_set_line_width (cr, 1);
  for (guint n = 0; layout->max_count > 0 && n <= layout->max_count; n += layout->y_step)
    {
      double y = round (bottom - (double) n / layout->max_count * layout->plot_height) + 0.5;
      g_autofree char *label = g_strdup_printf ("%u", n);
      int w, h;

      set_color (cr, &grid, 1);
      cairo_move_to (cr, layout->plot_x, y);
      cairo_line_to (cr, layout->plot_x + layout->plot_width, y);
      cairo_stroke (cr);
      pango_layout_set_text (text, label, -1);
      pango_layout_get_pixel_size (text, &w, &h);
      set_color (cr, &fg, 0.7);
      cairo_move_to (cr, layout->plot_x - 4 - w, y - h / 2.0);
      pango_cairo_show_layout (cr, text);
    }

  /* Time: a tick at every decade (every fourth edge), labelled. */
  for (guint b = layout->first; b <= layout->last + 1 && b < ES_PAUSE_DIST_N_BUCKETS + 1; b++)
    {
      double x0, x1;
      guint64 edge;
      g_autofree char *label = NULL;
      int w, h;

      if (b == 0 || b > ES_PAUSE_DIST_N_EDGES)
        continue;
      es_pause_chart_bucket_x (layout, b, &x0, &x1);
      x0 = round (x0) + 0.5;
      if ((b - 1) % 4 != 0)
        {
          /* The other edges: a short tick, unlabelled. */
          set_color (cr, &fg, 0.35);
          cairo_move_to (cr, x0, bottom);
          cairo_line_to (cr, x0, bottom + 2);
          cairo_stroke (cr);
          continue;
        }
      edge = es_pause_dist_edge (b - 1);
      set_color (cr, &fg, 0.5);
      cairo_move_to (cr, x0, bottom);
      cairo_line_to (cr, x0, bottom + 4);
      cairo_stroke (cr);
      label = es_pause_chart_format_ns (edge);
      pango_layout_set_text (text, label, -1);
      pango_layout_get_pixel_size (text, &w, &h);
      x0 = CLAMP (x0 - w / 2.0, 0, chart->width - w);
      set_color (cr, &fg, 0.8);
      cairo_move_to (cr, x0, bottom + 5);
      pango_cairo_show_layout (cr, text);
    }

  set_color (cr, &fg, 0.5);
  cairo_move_to (cr, layout->plot_x, bottom + 0.5);
  cairo_line_to (cr, layout->plot_x + layout->plot_width, bottom + 0.5);
  cairo_stroke (cr);
}

static void
paint_columns (cairo_t                  *cr,
               const EsPauseChart       *chart,
               const EsPauseChartLayout *layout)
{
  guint groups = n_groups (chart);
  double bottom = layout->plot_y + layout->plot_height;
  double w = bucket_width (layout);
  /* A pixel of air between columns, when they are wide enough for it. */
  double gap = w >= 6 ? 1 : 0;
  double group_w = (w - 2 * gap - (groups - 1) * GROUP_GAP) / groups;

  if (layout->max_count == 0)
    return;
  for (guint b = layout->first; b <= layout->last; b++)
    for (guint g = 0; g < groups; g++)
      {
        guint total = column_count (chart, g, b), below = 0;
        double x0, x1, column_h;

        if (total == 0)
          continue;
        es_pause_chart_bucket_x (layout, b, &x0, &x1);
        x0 = round (x0 + gap + g * (group_w + GROUP_GAP));
        x1 = round (x0 + group_w);
        column_h = MAX (round ((double) total / layout->max_count * layout->plot_height), MIN_BAR);
        for (guint s = 0; s < chart->n_series; s++)
          {
            const EsPauseSeries *series = &chart->series[s];
            guint n = series->dist->buckets[b];
            double y0, y1;

            if (series->group != g || n == 0)
              continue;
            /* Each part's top from the running sum, so the parts tile the
             * column with no gap or overlap from rounding. */
            y0 = bottom - round (column_h * below / total);
            below += n;
            y1 = bottom - round (column_h * below / total);
            set_color (cr, &series->color, 1);
            cairo_rectangle (cr, x0, y1, x1 - x0, y0 - y1);
            cairo_fill (cr);
          }
      }
}

static void
paint_marks (cairo_t                  *cr,
             const EsPauseChart       *chart,
             const EsPauseChartLayout *layout,
             PangoLayout              *text)
{
  EsRgba fg;
  double bottom = layout->plot_y + layout->plot_height;
  double line_end[MARKER_LINES];

  es_timeline_color (ES_COLOR_TEXT, chart->dark, &fg);
  for (guint g = 0; g < ES_PAUSE_CHART_MAX_GROUPS; g++)
    {
      const EsPauseDist *dist = chart->marked[g];
      guint64 values[G_N_ELEMENTS (mark_names)];

      if (dist == NULL || dist->count == 0)
        continue;
      values[0] = dist->p50;
      values[1] = dist->p90;
      values[2] = dist->p99;
      values[3] = dist->p999;
      values[4] = dist->max;
      for (guint l = 0; l < MARKER_LINES; l++)
        line_end[l] = -G_MAXDOUBLE;
      for (guint m = 0; m < G_N_ELEMENTS (mark_names); m++)
        {
          double x = round (es_pause_chart_value_x (layout, values[m])) + 0.5;
          g_autoptr(GString) name = g_string_new (NULL);
          guint line = 0;
          int w, h;

          /* Equal values (p99.9 of few pauses is the max) share a line
           * and a label: "p99.9, max". */
          if (m > 0 && values[m] == values[m - 1])
            continue;
          for (guint e = m; e < G_N_ELEMENTS (mark_names) && values[e] == values[m]; e++)
            g_string_append_printf (name, "%s%s", e > m ? ", " : "", e == 4 ? _(mark_names[e]) : mark_names[e]);
          set_color (cr, &fg, 0.75);
          cairo_set_line_width (cr, 1);
          cairo_set_dash (cr, (double[]) { 3, 2 }, 2, 0);
          cairo_move_to (cr, x, layout->plot_y);
          cairo_line_to (cr, x, bottom);
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);

          /* Each label takes the first row where it clears the one
           * before; when no row is free, the lowest. */
          pango_layout_set_text (text, name->str, -1);
          pango_layout_get_pixel_size (text, &w, &h);
          while (line < MARKER_LINES - 1 && line_end[line] > x - w / 2.0 - 2)
            line++;
          line_end[line] = x + w / 2.0;
          cairo_move_to (cr, CLAMP (x - w / 2.0, 0, chart->width - w),
                         layout->plot_y - 3 - (MARKER_LINES - line) * text_height ());
          pango_cairo_show_layout (cr, text);
        }
    }
}

static void
paint_selected (cairo_t                  *cr,
                const EsPauseChart       *chart,
                const EsPauseChartLayout *layout)
{
  EsRgba fg;
  double x0, x1;

  if (chart->selected < (int) layout->first || chart->selected > (int) layout->last)
    return;
  es_timeline_color (ES_COLOR_TEXT, chart->dark, &fg);
  es_pause_chart_bucket_x (layout, chart->selected, &x0, &x1);
  set_color (cr, &fg, 0.15);
  cairo_rectangle (cr, round (x0), layout->plot_y, round (x1) - round (x0), layout->plot_height);
  cairo_fill (cr);
  /* A tall column hides the shade: a bar under the axis shows it too. */
  set_color (cr, &fg, 0.8);
  cairo_rectangle (cr, round (x0), layout->plot_y + layout->plot_height + 1, round (x1) - round (x0), 3);
  cairo_fill (cr);
}

/**
 * es_pause_chart_paint:
 *
 * Paints @chart from (0, 0) to (width, height) on @cr, over what is there
 * (the caller paints the background).
 */
void
es_pause_chart_paint (cairo_t            *cr,
                      const EsPauseChart *chart)
{
  EsPauseChartLayout layout;
  g_autoptr(PangoLayout) text = NULL;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (chart != NULL);

  es_pause_chart_layout (chart, &layout);
  text = make_layout (cr);
  cairo_save (cr);
  paint_selected (cr, chart, &layout);
  paint_axes (cr, chart, &layout, text);
  paint_columns (cr, chart, &layout);
  paint_marks (cr, chart, &layout, text);
  cairo_restore (cr);
}
