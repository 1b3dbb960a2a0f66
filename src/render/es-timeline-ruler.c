/* es-timeline-ruler.c: the time axis, its grid, and the user's markers
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "es-search.h"
#include "es-timeline-painter-private.h"

/* A major tick label needs this much room beyond its own width. */
#define TICK_LABEL_PADDING   18
#define TICK_MIN_SPACING     50

#define MAX_MARKER_LINES     40
#define DENSE_MARKER_TICK    6

static const struct
{
  guint64     ns;
  const char *name;
} units[] = {
  { G_GUINT64_CONSTANT (1000000000), "s" },
  { 1000000, "ms" },
  { 1000, "\302\265s" },
  { 1, "ns" },
};

/* The unit a time of @magnitude is said in, and the decimals (and the
 * nanoseconds of the last one, @quantum) that make @resolution a whole
 * number of the last digit. */
static guint
choose_unit (guint64  magnitude,
             guint64  resolution,
             guint64 *quantum,
             int     *decimals)
{
  guint u = 0;

  while (u + 1 < G_N_ELEMENTS (units) && magnitude < units[u].ns)
    u++;
  *decimals = 0;
  for (*quantum = units[u].ns; *quantum > 1 && resolution % *quantum != 0; *quantum /= 10)
    (*decimals)++;
  return u;
}

/**
 * es_timeline_format_time:
 * @resolution: the smallest difference worth showing (a tick spacing, or
 *   the time of a pixel), in nanoseconds
 *
 * Formats @time with the unit its size calls for and just the decimals
 * @resolution needs: "1.5 s", "200 ms", "37 µs", "12 ns". The unit comes
 * from the larger of @time and ten times @resolution. For a time on its
 * own (a tooltip, a length); a ruler labels its ticks with
 * es_timeline_format_tick(), one unit and precision for all.
 *
 * Returns: (transfer full): the text
 */
char *
es_timeline_format_time (guint64 time,
                         guint64 resolution)
{
  guint64 magnitude, unit, quantum, whole, fraction;
  guint u;
  int decimals;
  char *text;

  if (resolution == 0)
    resolution = 1;
  magnitude = MAX (time, resolution > G_MAXUINT64 / 10 ? resolution : resolution * 10);
  u = choose_unit (magnitude, resolution, &quantum, &decimals);
  unit = units[u].ns;
  if (time <= G_MAXUINT64 - quantum / 2)
    time = (time + quantum / 2) / quantum * quantum;

  whole = time / unit;
  fraction = (time % unit) / quantum;
  if (decimals > 0 && fraction > 0)
    {
      g_autofree char *digits = g_strdup_printf ("%0*" G_GUINT64_FORMAT, decimals, fraction);
      int len = decimals;

      /* "1.50 s" reads as "1.5 s" */
      while (len > 0 && digits[len - 1] == '0')
        digits[--len] = '\0';
      text = g_strdup_printf ("%" G_GUINT64_FORMAT ".%s %s", whole, digits, units[u].name);
    }
  else
    text = g_strdup_printf ("%" G_GUINT64_FORMAT " %s", whole, units[u].name);
  return text;
}

/**
 * es_timeline_format_tick:
 * @time: a tick of the ruler, a multiple of @step
 * @step: the ruler's step
 * @last: the ruler's largest tick
 *
 * Labels a ruler's ticks with one unit and one precision, so that they
 * read as one scale: the unit that @last calls for, the decimals that
 * @step needs, trailing zeros kept: "0.95 s, 1.00 s, 1.05 s" and
 * "201.8 ms, 202.0 ms, 202.2 ms" (each label on its own read "950 ms,
 * 1 s, 1.05 s" and "201.8, 202, 202.2 ms").
 *
 * Returns: (transfer full): the text
 */
char *
es_timeline_format_tick (guint64 time,
                         guint64 step,
                         guint64 last)
{
  guint64 unit, quantum;
  guint u;
  int decimals;

  if (step == 0)
    step = 1;
  u = choose_unit (MAX (MAX (last, time), step), step, &quantum, &decimals);
  unit = units[u].ns;
  if (decimals == 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " %s", time / unit, units[u].name);
  /* Ticks are multiples of @step, so of @quantum: nothing to round. */
  return g_strdup_printf ("%" G_GUINT64_FORMAT ".%0*" G_GUINT64_FORMAT " %s",
                          time / unit, decimals, (time % unit) / quantum, units[u].name);
}

/* The 1-2-5 step whose labels fit: at least TICK_MIN_SPACING pixels apart
 * and wider than the widest label (the one at t1) with some room. */
guint64
es_paint_choose_ticks (EsPaintContext *ctx,
                       guint64        *minor)
{
  static const guint mantissas[] = { 1, 2, 5 };
  const EsTimelineView *view = ctx->view;
  guint64 decade = 1;

  for (;;)
    {
      for (guint m = 0; m < G_N_ELEMENTS (mantissas); m++)
        {
          guint64 step = mantissas[m] * decade;
          double px = step / ctx->ns_per_px;
          g_autofree char *label = NULL;
          guint parts;
          int w;

          if (px < TICK_MIN_SPACING)
            continue;
          label = es_timeline_format_tick (view->t1 - view->t1 % step, step, view->t1 - view->t1 % step);
          pango_layout_get_pixel_size (es_paint_text_layout (ctx->cr, SMALL_FONT, label, -1, -1), &w, NULL);
          if (px < w + TICK_LABEL_PADDING && decade < G_GUINT64_CONSTANT (1000000000000000000))
            continue;

          /* Minor ticks split the step in round numbers of nanoseconds. */
          parts = mantissas[m] == 2 ? 4 : 5;
          if (step % parts != 0)
            parts = step % 2 == 0 ? 2 : 1;
          *minor = parts > 1 && px / parts >= 5 ? step / parts : 0;
          return step;
        }
      if (decade >= G_GUINT64_CONSTANT (1000000000000000000))
        {
          *minor = 0;
          return decade;
        }
      decade *= 10;
    }
}

static guint64
first_tick (guint64 t0,
            guint64 step)
{
  guint64 t = t0 - t0 % step;

  return t < t0 ? t + step : t;
}

/* The columns of the data area es_paint_grid_lines() draws down: 1 in
 * @grid (view->width of them) for each. */
void
es_paint_grid_columns (EsPaintContext *ctx,
                       guint64         step,
                       guint8         *grid)
{
  const EsTimelineView *view = ctx->view;

  for (guint64 t = first_tick (view->t0, step); t <= view->t1; t += step)
    {
      double x = floor (es_timeline_time_to_x (view, t)) - ES_TIMELINE_GUTTER;

      if (x >= 0 && x < view->width)
        grid[(int) x] = 1;
      if (t > G_MAXUINT64 - step)
        break;
    }
}

void
es_paint_grid_lines (EsPaintContext *ctx,
                     guint64         step,
                     double          top,
                     double          bottom)
{
  const EsTimelineView *view = ctx->view;
  cairo_t *cr = ctx->cr;

  if (bottom <= top)
    return;
  for (guint64 t = first_tick (view->t0, step); t <= view->t1; t += step)
    {
      double x = floor (es_timeline_time_to_x (view, t)) + 0.5;

      cairo_move_to (cr, x, top);
      cairo_line_to (cr, x, bottom);
      if (t > G_MAXUINT64 - step)
        break;
    }
  es_paint_set_color_alpha (ctx, ES_COLOR_GRID, 0.6);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

void
es_paint_ruler (EsPaintContext      *ctx,
                const EsTimelineRow *row,
                guint64              step,
                guint64              minor)
{
  const EsTimelineView *view = ctx->view;
  cairo_t *cr = ctx->cr;
  double bottom = row->y + row->height;

  cairo_set_line_width (cr, 1);
  if (minor > 0)
    {
      for (guint64 t = first_tick (view->t0, minor); t <= view->t1; t += minor)
        {
          double x = floor (es_timeline_time_to_x (view, t)) + 0.5;

          cairo_move_to (cr, x, bottom - 4);
          cairo_line_to (cr, x, bottom);
          if (t > G_MAXUINT64 - minor)
            break;
        }
      es_paint_set_color_alpha (ctx, ES_COLOR_TEXT, 0.35);
      cairo_stroke (cr);
    }

  for (guint64 t = first_tick (view->t0, step); t <= view->t1; t += step)
    {
      double x = floor (es_timeline_time_to_x (view, t)) + 0.5;

      cairo_move_to (cr, x, bottom - 10);
      cairo_line_to (cr, x, bottom);
      if (t > G_MAXUINT64 - step)
        break;
    }
  es_paint_set_color_alpha (ctx, ES_COLOR_TEXT, 0.7);
  cairo_stroke (cr);

  es_paint_set_color (ctx, ES_COLOR_TEXT);
  for (guint64 t = first_tick (view->t0, step); t <= view->t1; t += step)
    {
      g_autofree char *label = es_timeline_format_tick (t, step, view->t1 - view->t1 % step);
      double x = floor (es_timeline_time_to_x (view, t));
      PangoLayout *layout = es_paint_text_layout (cr, SMALL_FONT, label, -1, -1);
      int w;

      /* A label cut by the right edge reads as a wrong number. */
      pango_layout_get_pixel_size (layout, &w, NULL);
      if (x + 3 + w <= ES_TIMELINE_GUTTER + view->width)
        {
          cairo_move_to (cr, x + 3, row->y + 4);
          pango_cairo_show_layout (cr, layout);
        }
      if (t > G_MAXUINT64 - step)
        break;
    }

  cairo_move_to (cr, ES_TIMELINE_GUTTER, bottom - 0.5);
  cairo_line_to (cr, ES_TIMELINE_GUTTER + view->width, bottom - 0.5);
  es_paint_set_color_alpha (ctx, ES_COLOR_TEXT, 0.5);
  cairo_stroke (cr);
}

static guint
lower_bound_user_event (const EsUserEvent *events,
                        guint              n,
                        guint64            time)
{
  return es_search_lower_bound (events, n, sizeof (EsUserEvent), G_STRUCT_OFFSET (EsUserEvent, time), time);
}

/**
 * es_paint_dense_ticks:
 * @items: an array of @n structs of @size bytes, by the guint64 time at
 *   @time_offset in each
 *
 * Paints a tick from @top to @bottom in every pixel column that holds any
 * of @items[@first, @last), found by a binary search past each column, so
 * that millions of them cost O(width log n).
 */
void
es_paint_dense_ticks (EsPaintContext *ctx,
                      gconstpointer   items,
                      gsize           size,
                      gsize           time_offset,
                      guint           n,
                      guint           first,
                      guint           last,
                      EsColor         color,
                      int             top,
                      int             bottom)
{
  const EsTimelineView *view = ctx->view;
  const guint8 *base = items;
  EsColumnRuns runs;

  es_paint_canvas_begin (ctx, top, bottom - top);
  es_column_runs_begin (&runs, ctx, color, 1);
  for (guint i = first; i < last;)
    {
      guint64 time = *(const guint64 *) (gconstpointer) (base + (gsize) i * size + time_offset);
      int column = CLAMP ((int) floor (es_timeline_time_to_x (view, time) - ES_TIMELINE_GUTTER), 0, view->width - 1);

      es_column_runs_add (&runs, column, top, bottom);
      i = MAX (i + 1, es_search_lower_bound (items, n, size, time_offset,
                                             es_lod_column_start (view->t0, view->t1, view->width, column + 1)));
    }
  es_column_runs_end (&runs);
  es_paint_canvas_flush (ctx);
}

/* The width marker @i's label may take, up to the next marker in view
 * (@last is past the last) or the edge, at most 160 px; 0 for no label
 * where there is less than 24. */
static int
marker_label_room (const EsTimelineView *view,
                   const EsUserEvent    *markers,
                   guint                 i,
                   guint                 last)
{
  double x = floor (es_timeline_time_to_x (view, markers[i].time)) + 0.5;
  double room = (i + 1 < last ? es_timeline_time_to_x (view, markers[i + 1].time)
                              : ES_TIMELINE_GUTTER + view->width) - x - 6;

  room = MIN (room, 160);
  return room >= 24 && markers[i].text != NULL ? (int) room : 0;
}

/* Markers are lines across every row but the ruler, labelled in the
 * first cap row as far as the next marker leaves room. More than
 * MAX_MARKER_LINES in view would be a curtain of lines: they become ticks
 * under the ruler's scale, one per pixel column that has any, found by
 * binary search past each column, so that millions of markers still cost
 * O(width); zooming in brings the lines and labels back. */
void
es_paint_markers (EsPaintContext *ctx,
                  GArray         *rows)
{
  const EsTimelineView *view = ctx->view;
  const EsTimelineRow *label_row = NULL, *ruler = NULL;
  const EsUserEvent *markers;
  cairo_t *cr = ctx->cr;
  double top = -1, bottom = es_timeline_layout_height (rows);
  guint n, first, last;

  markers = es_document_get_markers (ctx->document, &n);
  first = lower_bound_user_event (markers, n, view->t0);
  last = view->t1 == G_MAXUINT64 ? n : lower_bound_user_event (markers, n, view->t1 + 1);
  if (first >= last)
    return;
  /* The ruler and HEC 0 come first: the walk stops long before the
   * thousands of rows a log may have. */
  for (guint r = 0; r < rows->len && label_row == NULL; r++)
    {
      const EsTimelineRow *row = &g_array_index (rows, EsTimelineRow, r);

      if (row->kind == ES_ROW_RULER)
        ruler = row;
      else if (top < 0)
        top = row->y;
      if (row->kind == ES_ROW_CAP)
        label_row = row;
    }

  if (last - first > MAX_MARKER_LINES)
    {
      int tick_bottom;

      if (ruler == NULL || es_paint_row_is_clipped (ctx, ruler))
        return;
      tick_bottom = ruler->y + ruler->height - 1;
      es_paint_dense_ticks (ctx, markers, sizeof (EsUserEvent), G_STRUCT_OFFSET (EsUserEvent, time),
                            n, first, last, ES_COLOR_MARKER, tick_bottom - DENSE_MARKER_TICK, tick_bottom);
      return;
    }

  if (top < 0)
    return;
  for (guint i = first; i < last; i++)
    {
      double x = floor (es_timeline_time_to_x (view, markers[i].time)) + 0.5;

      cairo_move_to (cr, x, top);
      cairo_line_to (cr, x, bottom);
    }
  cairo_set_line_width (cr, 1);
  es_paint_set_color (ctx, ES_COLOR_MARKER);
  cairo_stroke (cr);

  if (label_row == NULL || es_paint_row_is_clipped (ctx, label_row))
    return;
  for (guint i = first; i < last; i++)
    {
      double x = floor (es_timeline_time_to_x (view, markers[i].time)) + 0.5;
      int room = marker_label_room (view, markers, i, last);

      if (room > 0)
        es_paint_text_box (ctx, markers[i].text, x + 3, label_row->y + 1, room, FALSE, ES_COLOR_MARKER);
    }
}

/**
 * es_timeline_marker_label_at:
 * @rows: the layout @view is drawn with
 * @x: in the rows' coordinates
 * @y: in the rows' coordinates
 * @marker: (out): the marker whose label is there
 *
 * Whether (@x, @y) is on a marker's label, as es_paint_markers() draws it
 * in the first HEC row, cut short ("ph…") or not: for the tooltip that
 * gives its whole text.
 */
gboolean
es_timeline_marker_label_at (const EsTimelineView *view,
                             GArray               *rows,
                             double                x,
                             double                y,
                             guint                *marker)
{
  const EsTimelineRow *label_row = NULL;
  const EsUserEvent *markers;
  g_autoptr(PangoLayout) layout = NULL;
  guint n, first, last;

  g_return_val_if_fail (view != NULL && rows != NULL && marker != NULL, FALSE);

  if (view->document == NULL)
    return FALSE;
  markers = es_document_get_markers (view->document, &n);
  first = lower_bound_user_event (markers, n, view->t0);
  last = view->t1 == G_MAXUINT64 ? n : lower_bound_user_event (markers, n, view->t1 + 1);
  if (first >= last || last - first > MAX_MARKER_LINES)
    return FALSE;
  for (guint r = 0; r < rows->len && label_row == NULL; r++)
    if (g_array_index (rows, EsTimelineRow, r).kind == ES_ROW_CAP)
      label_row = &g_array_index (rows, EsTimelineRow, r);
  if (label_row == NULL || y < floor (label_row->y + 1))
    return FALSE;

  layout = es_paint_measuring_layout (TRUE);
  for (guint i = first; i < last; i++)
    {
      double left = floor (floor (es_timeline_time_to_x (view, markers[i].time)) + 0.5 + 3);
      int room = marker_label_room (view, markers, i, last), w, h;

      if (room <= 0 || x < left - 2)
        continue;
      /* As es_paint_text_box() sets it, its patch 2 px wider a side. */
      pango_layout_set_text (layout, markers[i].text, -1);
      pango_layout_set_width (layout, room * PANGO_SCALE);
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
      pango_layout_get_pixel_size (layout, &w, &h);
      if (x < left + w + 2 && y < floor (label_row->y + 1) + h)
        {
          *marker = i;
          return TRUE;
        }
    }
  return FALSE;
}
