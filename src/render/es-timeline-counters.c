/* es-timeline-counters.c: a runtime counter's row
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "es-timeline-painter-private.h"

/* A counter of a Mono log (`counter`) is sampled about once a second, and
 * written only when it changed: between two samples it held the first's
 * value. Its row draws that step function against the extremes of the
 * whole run (so that zooming does not rescale it): a count that only grows
 * from zero, one that goes up and down (a process's memory) from its
 * least, whose changes would be lost against zero, and the legend says
 * which. Each pixel column is read from the series' range index: the
 * value held at the column's start and the extremes of the samples in
 * it. */

/* When @counter's values end: its last sample, or the log's end. */
static guint64
counter_end (EsDocument      *document,
             const EsCounter *counter)
{
  guint n = es_series_get_length (counter->series);
  guint64 last = n > 0 ? es_series_get_samples (counter->series)[n - 1].time : 0;

  return MAX (last, es_document_get_end_time (document));
}

/**
 * es_timeline_counter_value_at:
 * @counter: an index into @document's counters
 * @value_in_unit: (out): its value at @time, in its unit's base
 *   (es_counter_key_in_unit()): bytes, nanoseconds, a count
 *
 * Returns: whether @counter had a value at @time: not before its first
 *   sample, nor after the log's end
 */
gboolean
es_timeline_counter_value_at (EsDocument *document,
                              guint       counter,
                              guint64     time,
                              double     *value_in_unit)
{
  const EsCounter *c;
  guint64 key;

  g_return_val_if_fail (ES_IS_DOCUMENT (document), FALSE);

  *value_in_unit = 0;
  if (counter >= es_document_get_n_counters (document))
    return FALSE;
  c = es_document_get_counter (document, counter);
  if (time > counter_end (document, c) || !es_series_value_at (c->series, time, &key))
    return FALSE;
  *value_in_unit = es_counter_key_in_unit (c, key);
  return TRUE;
}

/**
 * es_timeline_find_counter:
 * @name: "Section/Name" ("Mono System/Working Set"), as the settings
 *   keep it, or a name alone ("Working Set"): the first of that name
 *
 * Returns: the index of the counter @name in @document, or G_MAXUINT
 */
guint
es_timeline_find_counter (EsDocument *document,
                          const char *name)
{
  const char *slash;

  g_return_val_if_fail (ES_IS_DOCUMENT (document), G_MAXUINT);
  g_return_val_if_fail (name != NULL, G_MAXUINT);

  /* Sections have no slash; names may ("JIT/codegen"). */
  slash = strchr (name, '/');
  if (slash != NULL)
    {
      g_autofree char *section = g_strndup (name, slash - name);
      guint index = es_document_find_counter (document, section, slash + 1);

      if (index != G_MAXUINT)
        return index;
    }
  for (guint i = 0; i < es_document_get_n_counters (document); i++)
    if (g_str_equal (es_document_get_counter (document, i)->name, name))
      return i;
  return G_MAXUINT;
}

/**
 * es_timeline_choose_counters:
 * @names: (array zero-terminated=1) (nullable): counters
 *   (es_timeline_find_counter())
 *
 * Returns: (transfer full) (element-type guint): the indexes in
 *   @document of those of @names it has, in the order of @names
 */
GArray *
es_timeline_choose_counters (EsDocument         *document,
                             const char * const *names)
{
  GArray *chosen = g_array_new (FALSE, FALSE, sizeof (guint));

  g_return_val_if_fail (ES_IS_DOCUMENT (document), chosen);

  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    {
      guint index = es_timeline_find_counter (document, names[i]);

      if (index != G_MAXUINT)
        g_array_append_val (chosen, index);
    }
  return chosen;
}

/**
 * es_timeline_counter_key:
 *
 * Returns: (transfer full): what the settings call counter @counter of
 *   @document: "Section/Name"
 */
char *
es_timeline_counter_key (EsDocument *document,
                         guint       counter)
{
  const EsCounter *c;

  g_return_val_if_fail (ES_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (counter < es_document_get_n_counters (document), NULL);

  c = es_document_get_counter (document, counter);
  return g_strdup_printf ("%s/%s", c->section, c->name);
}

/* The y of @value in a row whose [base, top] is [bottom, bottom - height]. */
static int
value_y (double value,
         double base,
         double top,
         int    bottom,
         int    height)
{
  double fraction = (value - base) / (top - base);

  return bottom - (int) (CLAMP (fraction, 0, 1) * height + 0.5);
}

void
es_paint_counter_row (EsPaintContext      *ctx,
                      const EsTimelineRow *row)
{
  const EsTimelineView *view = ctx->view;
  const EsCounter *counter = es_document_get_counter (ctx->document, row->cap);
  const EsSeries *series = counter->series;
  guint n = es_series_get_length (series);
  guint64 end = counter_end (ctx->document, counter);
  int top = row->y + 16, bottom = row->y + row->height - 3;
  int height = bottom - top;
  guint64 min_key, max_key;
  double lo, hi, base, ceiling;
  g_autofree char *scale = NULL;
  g_autofree char *text = NULL;
  g_autofree int *ys = NULL;
  EsColumnRuns runs;

  if (n == 0)
    {
      es_paint_text_box (ctx, _("Never sampled"), ES_TIMELINE_GUTTER + 8, row->y + (row->height - 12) / 2.0, -1,
                         FALSE, ES_COLOR_TEXT);
      return;
    }
  es_series_extremes_of (series, 0, n, &min_key, &max_key);
  lo = es_counter_key_in_unit (counter, min_key);
  hi = es_counter_key_in_unit (counter, max_key);
  base = (counter->variance & ES_COUNTER_MONOTONIC) || lo == hi ? MIN (lo, 0) : lo;
  ceiling = hi > base ? hi : base + 1;

  /* Each column's highest and lowest value, and the last it holds. */
  ys = g_new (int, 3 * (gsize) view->width);
  for (int i = 0; i < view->width; i++)
    {
      guint64 t0 = es_timeline_x_to_time (view, ES_TIMELINE_GUTTER + i);
      guint64 t1 = es_timeline_x_to_time (view, ES_TIMELINE_GUTTER + i + 1);
      guint first = es_series_upper_bound (series, t0), last = es_series_upper_bound (series, t1);
      guint64 k_lo = G_MAXUINT64, k_hi = 0;

      ys[3 * i] = G_MININT;
      if (t0 > end || last == 0)
        continue;
      /* The value held from before the column, and those it takes in it. */
      if (first > 0)
        k_lo = k_hi = es_series_get_samples (series)[first - 1].value;
      if (last > first)
        {
          guint64 a, b;

          es_series_extremes_of (series, first, last, &a, &b);
          k_lo = MIN (k_lo, a);
          k_hi = MAX (k_hi, b);
        }
      ys[3 * i] = value_y (es_counter_key_in_unit (counter, k_hi), base, ceiling, bottom, height);
      ys[3 * i + 1] = value_y (es_counter_key_in_unit (counter, k_lo), base, ceiling, bottom, height);
      ys[3 * i + 2] = value_y (es_counter_key_in_unit (counter, es_series_get_samples (series)[last - 1].value),
                               base, ceiling, bottom, height);
    }

  /* A light fill under it, then the line, joined to the column before so
   * that its steps are drawn. */
  es_column_runs_begin (&runs, ctx, ES_COLOR_COUNTER, 0.15);
  for (int i = 0; i < view->width; i++)
    if (ys[3 * i] != G_MININT)
      es_column_runs_add (&runs, i, ys[3 * i], bottom);
  es_column_runs_end (&runs);
  es_column_runs_begin (&runs, ctx, ES_COLOR_COUNTER, 1);
  for (int i = 0; i < view->width; i++)
    {
      int y_top, y_bottom;

      if (ys[3 * i] == G_MININT)
        continue;
      y_top = ys[3 * i] - 1;
      y_bottom = ys[3 * i + 1] + 1;
      if (i > 0 && ys[3 * (i - 1)] != G_MININT)
        {
          y_top = MIN (y_top, ys[3 * (i - 1) + 2] - 1);
          y_bottom = MAX (y_bottom, ys[3 * (i - 1) + 2] + 1);
        }
      es_column_runs_add (&runs, i, y_top, y_bottom);
    }
  es_column_runs_end (&runs);
  es_paint_canvas_flush (ctx);

  /* The legend: the run's range, in the counter's unit. */
  scale = es_counter_format (counter, hi);
  if (base != 0)
    {
      g_autofree char *least = es_counter_format (counter, lo);

      text = g_strdup_printf (_("%s to %s"), least, scale);
    }
  else
    text = g_strdup_printf (_("max %s"), scale);
  es_paint_text_box (ctx, text, ES_TIMELINE_GUTTER + 6, row->y + 2, -1, FALSE, ES_COLOR_COUNTER);
}
