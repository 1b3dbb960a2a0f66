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

/* A thread row is a strip per pixel column in the colour of the thread's
 * state: a full bar while it runs (with the HEC's number when there is
 * room), a thin one while runnable, a middle one in the reason's colour
 * while blocked, nothing before it exists or once finished. A column
 * where the thread changed state more than once shows it running: that
 * is what a busy thread does between two blocks. The columns come from
 * es_thread_states_columns(): O(width x log states) per row at any zoom,
 * and zoomed out, without reading the states a column is crowded with. */

#define CAP_TEXT_MIN_PX 14
#define STATES_CACHED   (4u << 20)   /* about 64 MB of states for a frame */

enum
{
  CODE_NONE,
  CODE_RUNNING,
  CODE_RUNNABLE,
  CODE_BLOCKED,          /* + EsBlockReason */
  N_CODES = CODE_BLOCKED + ES_N_BLOCK_REASONS
};

static guint8
state_code (const EsThreadState *state)
{
  switch (state->state)
    {
    case ES_THREAD_STATE_RUNNING:
      return CODE_RUNNING;
    case ES_THREAD_STATE_CREATED: case ES_THREAD_STATE_RUNNABLE:
      return CODE_RUNNABLE;
    case ES_THREAD_STATE_BLOCKED:
      return CODE_BLOCKED + es_block_reason_from_stop (state->reason);
    case ES_THREAD_STATE_FINISHED:
    default:
      return CODE_NONE;
    }
}

static EsColor
code_color (guint code)
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

  if (code == CODE_RUNNING)
    return ES_COLOR_RUNNING;
  if (code == CODE_RUNNABLE)
    return ES_COLOR_THREAD_RUNNABLE;
  return blocked[code - CODE_BLOCKED];
}

/* The thread's colour for each state: its top and bottom in the row. */
static void
code_extent (guint                code,
             const EsTimelineRow *row,
             int                 *top,
             int                 *bottom)
{
  int inset = code == CODE_RUNNING ? 2 : code == CODE_RUNNABLE ? 7 : 5;

  *top = row->y + inset;
  *bottom = row->y + row->height - inset;
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

static const EsThreadStates *
lookup_states (EsPaintContext  *ctx,
               guint            thread_index)
{
  EsThreadStateCache *cache = ctx->view->thread_states;

  if (cache == NULL || es_thread_state_cache_get_document (cache) != ctx->document)
    {
      /* Export paints once: a cache for this frame only. */
      if (ctx->thread_states == NULL)
        ctx->thread_states = es_thread_state_cache_new (ctx->document, STATES_CACHED);
      cache = ctx->thread_states;
    }
  return es_thread_state_cache_get (cache, thread_index);
}

/* The HEC numbers on runs wide enough to hold one; skipped when the view
 * holds more changes than pixels (no run could be wide enough). */
static void
paint_cap_numbers (EsPaintContext      *ctx,
                   const EsTimelineRow *row,
                   const EsThreadState *states,
                   guint                n)
{
  const EsTimelineView *view = ctx->view;
  guint first = es_thread_states_find (states, n, view->t0);
  guint last = es_search_upper_bound (states, n, sizeof (EsThreadState),
                                      G_STRUCT_OFFSET (EsThreadState, time), view->t1);

  first = first == G_MAXUINT ? 0 : first;
  if (last - first > (guint) view->width / CAP_TEXT_MIN_PX)
    return;
  cairo_set_source_rgb (ctx->cr, 1, 1, 1);
  for (guint i = first; i < last; i++)
    {
      double x0, x1;
      char text[8];
      int w, h;

      if (states[i].state != ES_THREAD_STATE_RUNNING)
        continue;
      x0 = MAX (es_timeline_time_to_x (view, states[i].time), ES_TIMELINE_GUTTER);
      x1 = MIN (i + 1 < n ? es_timeline_time_to_x (view, states[i + 1].time) : G_MAXDOUBLE,
                ES_TIMELINE_GUTTER + view->width);
      if (x1 - x0 < CAP_TEXT_MIN_PX)
        continue;
      g_snprintf (text, sizeof text, "%u", states[i].cap);
      pango_layout_set_text (ctx->small, text, -1);
      pango_layout_get_pixel_size (ctx->small, &w, &h);
      if (w + 4 > x1 - x0)
        continue;
      cairo_move_to (ctx->cr, floor ((x0 + x1 - w) / 2), row->y + floor ((row->height - h) / 2.0));
      pango_cairo_show_layout (ctx->cr, ctx->small);
    }
}

void
es_paint_thread_row (EsPaintContext      *ctx,
                     const EsTimelineRow *row)
{
  const EsTimelineView *view = ctx->view;
  g_autofree guint8 *codes = g_new0 (guint8, view->width);
  g_autofree guint64 *edges = NULL;
  g_autofree EsThreadColumn *columns = NULL;
  const EsThreadStates *states;

  if (row->thread >= es_document_get_n_threads (ctx->document) || (states = lookup_states (ctx, row->thread)) == NULL)
    return;

  if (view->selected_thread != 0 && es_document_get_thread (ctx->document, row->thread)->id == view->selected_thread)
    {
      EsColumnRuns band;

      es_column_runs_begin (&band, ctx, ES_COLOR_THREAD_SELECTED, 0.3);
      for (int c = 0; c < view->width; c++)
        es_column_runs_add (&band, c, row->y, row->y + row->height - 1);
      es_column_runs_end (&band);
    }

  edges = g_new (guint64, view->width + 1);
  columns = g_new (EsThreadColumn, view->width);
  for (int c = 0; c <= view->width; c++)
    edges[c] = es_timeline_x_to_time (view, ES_TIMELINE_GUTTER + c);
  es_thread_states_columns (states, edges, view->width, columns);
  for (int c = 0; c < view->width; c++)
    {
      const EsThreadColumn *col = &columns[c];

      if (col->kind == ES_THREAD_COLUMN_EMPTY)
        continue;
      codes[c] = col->busy ? CODE_RUNNING : state_code (&(EsThreadState) { 0, 0, col->kind, col->reason });
    }

  for (guint code = CODE_RUNNING; code < N_CODES; code++)
    {
      EsColumnRuns runs;
      int top, bottom;

      code_extent (code, row, &top, &bottom);
      es_column_runs_begin (&runs, ctx, code_color (code), 1);
      for (int c = 0; c < view->width; c++)
        if (codes[c] == code)
          es_column_runs_add (&runs, c, top, bottom);
      es_column_runs_end (&runs);
    }

  es_paint_canvas_flush (ctx);
  paint_cap_numbers (ctx, row, states->states, states->n_states);
}

static const EsActivity *
run_activity (EsDocument        *document,
              const EsThreadRun *run)
{
  guint n;

  return &es_cap_timeline_get_activities (es_document_get_cap (document, run->cap), &n)[run->activity];
}

/* The first of @runs (which follow each other in time) from @i on that
 * ends at or after @time, if @ends, or starts at or after it. */
static guint
find_run (EsDocument        *document,
          const EsThreadRun *runs,
          guint              i,
          guint              n_runs,
          guint64            time,
          gboolean           ends)
{
  guint hi = n_runs;

  while (i < hi)
    {
      guint mid = i + (hi - i) / 2;
      const EsActivity *a = run_activity (document, &runs[mid]);

      if ((ends ? es_activity_end (a) : a->start) < time)
        i = mid + 1;
      else
        hi = mid;
    }
  return i;
}

/* The selected thread's runs over the HEC rows' running band, so where it
 * ran (and where it did not) stands out. Past eight runs a pixel, runs
 * that start inside a pixel already filled are skipped by a binary search,
 * so a thread with a million runs costs O(width x log runs). */
void
es_paint_selected_thread_runs (EsPaintContext *ctx,
                               GArray         *rows)
{
  const EsTimelineView *view = ctx->view;
  const EsThread *thread;
  const EsThreadRun *runs;
  g_autofree const EsTimelineRow **cap_rows = NULL;
  g_autofree double *cap_right = NULL;
  guint n_runs;
  gboolean any = FALSE;

  if (view->selected_thread == 0 ||
      (thread = es_document_lookup_thread (ctx->document, view->selected_thread)) == NULL)
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
  if (!any)
    return;

  runs = es_document_get_thread_runs (ctx->document, thread, &n_runs);
  cap_right = g_new0 (double, ctx->n_caps);
  es_paint_set_color (ctx, ES_COLOR_THREAD_SELECTED);
  for (guint i = find_run (ctx->document, runs, 0, n_runs, view->t0, TRUE), visited = 0; i < n_runs; visited++)
    {
      const EsActivity *a = run_activity (ctx->document, &runs[i]);
      guint cap = runs[i].cap;
      const EsTimelineRow *row = cap < ctx->n_caps ? cap_rows[cap] : NULL;
      double x0, x1;
      int y, h;

      if (a->start > view->t1)
        break;
      x0 = MAX (floor (es_timeline_time_to_x (view, a->start)), ES_TIMELINE_GUTTER);
      x1 = MIN (ceil (es_timeline_time_to_x (view, es_activity_end (a))), ES_TIMELINE_GUTTER + view->width);
      x1 = MAX (x1, x0 + 1);
      if (row != NULL && x1 > cap_right[cap] && es_timeline_cap_band (row, ES_COLOR_RUNNING, &y, &h))
        {
          x0 = MAX (x0, cap_right[cap]);
          cairo_rectangle (ctx->cr, x0, y, x1 - x0, h);
          cap_right[cap] = x1;
        }
      /* Every run on every HEC, up to a few per pixel; past that, a jump
       * to the next pixel, where a run on another HEC may be missed. */
      i++;
      if (visited > 8 * (guint) view->width)
        i = MAX (i, find_run (ctx->document, runs, i, n_runs, es_timeline_x_to_time (view, x1), FALSE));
    }
  cairo_fill (ctx->cr);
}
