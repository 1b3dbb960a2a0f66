/* es-timeline-threads.c: a row per Haskell thread, and the selected
 * thread's runs on the HEC rows
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "es-search.h"
#include "es-timeline-painter-private.h"

/* A thread row is a stacked graph of its pixel columns, as the Activity
 * row is: in each, the share of the column's time the thread spent
 * running (at the bottom), waiting for a GC, runnable, and blocked for
 * each reason, each as tall as its share. Zoomed out, a column holds
 * hundreds of runs and blocks, and a thread that ran 2% of it is 2% tall:
 * the running of all threads in a column never adds up to more than the
 * HECs. After its HEC's data ends in a cut log, it is hatched. The
 * columns come from es_thread_states_columns(), O(width x stride) per row
 * at any zoom, worked out with the frame's other columns on every core
 * (es-timeline-columns.c). */

#define CAP_TEXT_MIN_PX 14
#define STATES_CACHED   (4u << 20)   /* some 20 MB of packed states for a frame */

static EsColor
share_color (guint share)
{
  static const EsColor blocked[ES_N_BLOCK_REASONS] = {
    [ES_BLOCK_MVAR] = ES_COLOR_BLOCKED_MVAR,
    [ES_BLOCK_BLACK_HOLE] = ES_COLOR_BLOCKED_BLACK_HOLE,
    [ES_BLOCK_STM] = ES_COLOR_BLOCKED_STM,
    [ES_BLOCK_IO] = ES_COLOR_BLOCKED_IO,
    [ES_BLOCK_DELAY] = ES_COLOR_BLOCKED_DELAY,
    [ES_BLOCK_FOREIGN_CALL] = ES_COLOR_BLOCKED_FOREIGN_CALL,
    [ES_BLOCK_OTHER] = ES_COLOR_BLOCKED_OTHER,
  };

  switch (share)
    {
    case ES_THREAD_SHARE_RUNNING:
      return ES_COLOR_RUNNING;
    case ES_THREAD_SHARE_GC:
      return ES_COLOR_GC;
    case ES_THREAD_SHARE_RUNNABLE:
      return ES_COLOR_THREAD_RUNNABLE;
    default:
      return blocked[share - ES_THREAD_SHARE_BLOCKED];
    }
}

char *
es_paint_thread_label (EsDocument *document,
                       guint       thread_index)
{
  const EsThread *thread;

  g_return_val_if_fail (thread_index < es_document_get_n_threads (document), g_strdup (""));

  thread = es_document_get_thread (document, thread_index);
  if (thread->label != NULL)
    return g_strdup_printf ("%u %s", thread->id, thread->label);
  return g_strdup_printf (_("Thread %u"), thread->id);
}

void
es_paint_threads_header (EsPaintContext      *ctx,
                         const EsTimelineRow *row)
{
  es_paint_canvas_flush (ctx);
  es_paint_set_color_alpha (ctx, ES_COLOR_GRID, 0.35);
  cairo_rectangle (ctx->cr, ES_TIMELINE_GUTTER, row->y, ctx->view->width, row->height);
  cairo_fill (ctx->cr);
}

const EsThreadStates *
es_paint_lookup_thread_states (EsPaintContext *ctx,
                               guint           thread_index)
{
  EsThreadStateCache *cache = ctx->view->thread_states;

  if (cache == NULL || es_thread_state_cache_get_document (cache) != ctx->document)
    {
      /* Export paints once: a cache for this frame only. */
      if (ctx->thread_states == NULL)
        ctx->thread_states = es_thread_state_cache_new (ctx->document, STATES_CACHED);
      cache = ctx->thread_states;
    }
  return es_thread_state_cache_get_for_frame (cache, thread_index);
}

/* The HEC numbers on runs wide enough to hold one, in the palette's
 * colour for text on running; skipped when the view holds more changes
 * than pixels (no run could be wide enough). */
static void
paint_cap_numbers (EsPaintContext       *ctx,
                   const EsTimelineRow  *row,
                   const EsThreadStates *packed)
{
  const EsTimelineView *view = ctx->view;
  guint first = es_thread_states_find_time (packed, view->t0);
  guint last = es_thread_states_find_time (packed, view->t1);
  guint n = packed->n_states;
  g_autofree EsThreadState *read = NULL;
  const EsThreadState *states;

  /* The states shown, and the one after the last (its end), read once. */
  first = first == G_MAXUINT ? 0 : first;
  last = last == G_MAXUINT ? 0 : last + 1;
  if (last - first > (guint) view->width / CAP_TEXT_MIN_PX || last == first)
    return;
  read = g_new (EsThreadState, MIN (last + 1, n) - first);
  es_thread_states_read (packed, first, MIN (last + 1, n) - first, read);
  /* states[j] is state first + j. */
  states = read;
  es_paint_set_text_color (ctx, ES_COLOR_RUNNING);
  for (guint j = 0, i = first; i < last; i++, j++)
    {
      double x0, x1;
      char text[8];
      int w, h;

      if (states[j].state != ES_THREAD_STATE_RUNNING)
        continue;
      x0 = MAX (es_timeline_time_to_x (view, states[j].time), ES_TIMELINE_GUTTER);
      x1 = MIN (i + 1 < n ? es_timeline_time_to_x (view, states[j + 1].time) : G_MAXDOUBLE,
                ES_TIMELINE_GUTTER + view->width);
      if (x1 - x0 < CAP_TEXT_MIN_PX)
        continue;
      g_snprintf (text, sizeof text, "%u", states[j].cap);
      pango_layout_set_text (ctx->small, text, -1);
      pango_layout_get_pixel_size (ctx->small, &w, &h);
      if (w + 4 > x1 - x0)
        continue;
      cairo_move_to (ctx->cr, floor ((x0 + x1 - w) / 2), row->y + floor ((row->height - h) / 2.0));
      pango_cairo_show_layout (ctx->cr, ctx->small);
    }
}

/**
 * es_paint_frame_edges:
 *
 * Makes the pixel columns' edges in time and their widths, once a frame
 * for all its thread rows.
 */
void
es_paint_frame_edges (EsPaintContext *ctx)
{
  const EsTimelineView *view = ctx->view;

  if (ctx->column_edges != NULL)
    return;
  ctx->column_edges = g_new (guint64, view->width + 1);
  ctx->column_widths = g_new (double, MAX (view->width, 1));
  for (int c = 0; c <= view->width; c++)
    ctx->column_edges[c] = es_timeline_x_to_time (view, ES_TIMELINE_GUTTER + c);
  for (int c = 0; c < view->width; c++)
    ctx->column_widths[c] = ctx->column_edges[c + 1] > ctx->column_edges[c]
                              ? (double) (ctx->column_edges[c + 1] - ctx->column_edges[c]) : 1;
}

#define PIXELS_AT_ONCE 64

/**
 * es_paint_thread_pixels:
 * @pixels: (array): the frame's columns; [@first, @first + @n) are set
 *
 * What @states did in columns [@first, @first + @n) of the frame (its
 * edges made), as shares of each column's time. Reads only the document
 * and the states: the frame's helper threads run it too.
 */
void
es_paint_thread_pixels (EsPaintContext       *ctx,
                        const EsThreadStates *states,
                        int                   first,
                        int                   n,
                        EsThreadPixel        *pixels)
{
  EsThreadColumn columns[PIXELS_AT_ONCE];

  for (int at = first; at < first + n; at += PIXELS_AT_ONCE)
    {
      int m = MIN (PIXELS_AT_ONCE, first + n - at);

      es_thread_states_columns (states, ctx->column_edges + at, m, columns);
      for (int c = 0; c < m; c++)
        {
          EsThreadPixel *pixel = &pixels[at + c];
          double width = ctx->column_widths[at + c];

          for (guint k = 0; k < ES_THREAD_SHARE_NO_DATA; k++)
            pixel->share[k] = (float) (columns[c].shares.ns[k] / width);
          pixel->runs = (guint32) MIN (columns[c].shares.runs, G_MAXUINT32);
          pixel->run_cap = columns[c].run_cap;
        }
    }
}

/* What @states did in each of the view's pixel columns: the frame's, for
 * a row its columns were started for, else worked out now into @own. */
static const EsThreadPixel *
row_pixels (EsPaintContext       *ctx,
            const EsTimelineRow  *row,
            const EsThreadStates *states,
            EsThreadPixel       **own)
{
  guint at = es_paint_thread_row_slot (ctx, row);

  if (at != G_MAXUINT && ctx->thread_pixels[at] != NULL)
    return ctx->thread_pixels[at];
  es_paint_frame_edges (ctx);
  *own = g_new (EsThreadPixel, MAX (ctx->view->width, 1));
  es_paint_thread_pixels (ctx, states, 0, ctx->view->width, *own);
  return *own;
}

/* Adds column @c's bars to @runs: each share's over the shares below it,
 * as tall as its share of the column, a share too small for a pixel still
 * a pixel. With @only below ES_THREAD_SHARE_NO_DATA, only that share's, to
 * its one @runs; else every share's, to @runs[share]. */
static inline void
stack_column (const EsThreadPixel *pixel,
              int                  bottom,
              int                  height,
              EsColumnRuns        *runs,
              guint                only,
              int                  c)
{
  double below = 0;
  int from = bottom;

  for (guint share = 0; share < ES_THREAD_SHARE_NO_DATA; share++)
    {
      int to;

      if (pixel->share[share] <= 0)
        continue;
      below += pixel->share[share];
      to = bottom - (int) lround (MIN (below, 1) * height);
      if (to == from && from > bottom - height)
        to = from - 1;
      if (only == ES_THREAD_SHARE_NO_DATA)
        es_column_runs_add (&runs[share], c, to, from);
      else if (share == only)
        es_column_runs_add (runs, c, to, from);
      from = to;
    }
}

void
es_paint_thread_row (EsPaintContext      *ctx,
                     const EsTimelineRow *row)
{
  const EsTimelineView *view = ctx->view;
  g_autofree EsThreadPixel *own = NULL;
  const EsThreadPixel *pixels;
  const EsThreadStates *states;
  int bottom = row->y + row->height - 1, height = row->height - 2;

  if (row->thread >= es_document_get_n_threads (ctx->document) ||
      (states = es_paint_lookup_thread_states (ctx, row->thread)) == NULL)
    return;

  if (view->selected_thread != 0 && es_document_get_thread (ctx->document, row->thread)->id == view->selected_thread)
    {
      EsColumnRuns band;

      es_column_runs_begin (&band, ctx, ES_COLOR_THREAD_SELECTED, 0.3);
      for (int c = 0; c < view->width; c++)
        es_column_runs_add (&band, c, row->y, row->y + row->height - 1);
      es_column_runs_end (&band);
    }

  pixels = row_pixels (ctx, row, states, &own);
  /* Each share stacked on those below it, their tops rounded once each,
   * so that neighbours never leave a gap or overlap. On the frame's
   * pixels, every share's bars are gathered in one pass over the columns;
   * for vector targets, one share at a time (a path has one colour). */
  if (ctx->use_canvas)
    {
      EsColumnRuns runs[ES_THREAD_SHARE_NO_DATA];

      for (guint share = 0; share < ES_THREAD_SHARE_NO_DATA; share++)
        es_column_runs_begin (&runs[share], ctx, share_color (share), 1);
      for (int c = 0; c < view->width; c++)
        stack_column (&pixels[c], bottom, height, runs, G_N_ELEMENTS (runs), c);
      for (guint share = 0; share < ES_THREAD_SHARE_NO_DATA; share++)
        es_column_runs_end (&runs[share]);
    }
  else
    for (guint share = 0; share < ES_THREAD_SHARE_NO_DATA; share++)
      {
        EsColumnRuns runs;

        es_column_runs_begin (&runs, ctx, share_color (share), 1);
        for (int c = 0; c < view->width; c++)
          stack_column (&pixels[c], bottom, height, &runs, share, c);
        es_column_runs_end (&runs);
      }

  es_paint_canvas_flush (ctx);
  if (states->n_states > 0)
    {
      EsThreadState last;

      es_thread_states_get (states, states->n_states - 1, &last);
      if (last.state == ES_THREAD_STATE_NO_DATA)
        es_paint_no_data (ctx, row, last.time);
    }
  paint_cap_numbers (ctx, row, states);
}

/* The selected thread's running share of each column over the HEC rows'
 * running band, as tall as the share, on the HEC of its last run up to the
 * column's end: where it ran, and how much, stand out at the scale the
 * rows draw. A column where it ran on two HECs shows it on the later
 * one, for the share of both. */
void
es_paint_selected_thread_runs (EsPaintContext *ctx,
                               GArray         *rows)
{
  const EsTimelineView *view = ctx->view;
  g_autofree const EsTimelineRow **cap_rows = NULL;
  g_autofree EsThreadPixel *own = NULL;
  const EsThreadPixel *pixels;
  const EsThreadStates *states;
  guint thread_index;
  gboolean any = FALSE;

  if (view->selected_thread == 0 ||
      (thread_index = es_document_find_thread (ctx->document, view->selected_thread)) == G_MAXUINT)
    return;

  cap_rows = g_new0 (const EsTimelineRow *, ctx->n_caps);
  for (guint r = ctx->first_row; r < ctx->end_row; r++)
    {
      const EsTimelineRow *row = &g_array_index (rows, EsTimelineRow, r);

      if (row->kind == ES_ROW_CAP && row->cap < ctx->n_caps && !es_paint_row_is_clipped (ctx, row))
        {
          cap_rows[row->cap] = row;
          any = TRUE;
        }
    }
  if (!any || (states = es_paint_lookup_thread_states (ctx, thread_index)) == NULL)
    return;

  pixels = row_pixels (ctx, NULL, states, &own);
  es_paint_set_color (ctx, ES_COLOR_THREAD_SELECTED);
  for (int c = 0; c < view->width; c++)
    {
      guint cap = pixels[c].run_cap;
      double share = pixels[c].share[ES_THREAD_SHARE_RUNNING];
      int y, h, top;

      if (share <= 0 || cap >= ctx->n_caps || cap_rows[cap] == NULL ||
          !es_timeline_cap_band (cap_rows[cap], ES_COLOR_RUNNING, &y, &h))
        continue;
      top = y + h - MAX (1, (int) lround (MIN (share, 1) * h));
      cairo_rectangle (ctx->cr, ES_TIMELINE_GUTTER + c, top, 1, y + h - top);
    }
  cairo_fill (ctx->cr);
}
