/* es-timeline-profile.c: the Profile row, where the cost-centre samples fall
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-document-prof.h"
#include "es-flame-graph.h"
#include "es-timeline-painter-private.h"

/* One lane per capability, up to this many; a program run on more shows
 * all its capabilities in one lane (each lane walks the samples in view). */
#define PROFILE_MAX_LANES 8
#define PROFILE_LANE_HEIGHT 8

static guint
n_lanes (EsDocument *document)
{
  guint n_caps = es_document_get_n_caps (document);

  return n_caps >= 1 && n_caps <= PROFILE_MAX_LANES ? n_caps : 1;
}

/**
 * es_timeline_profile_row_height:
 *
 * Returns: the Profile row's height for @document: a lane per capability.
 */
int
es_timeline_profile_row_height (EsDocument *document)
{
  return MAX (24, (int) n_lanes (document) * PROFILE_LANE_HEIGHT + 4);
}

/* What a column with samples is painted in: the cost centre most of them
 * were in (greys for MAIN itself and the RTS's own stacks), stronger the
 * more of them it holds; or, with a cost centre chosen, the chosen colour
 * where it was on the stacks and a faint grey where it was not. */
static void
column_color (EsPaintContext        *ctx,
              const EsProfileColumn *column,
              EsRgba                *rgba)
{
  const EsTimelineView *view = ctx->view;
  const EsCostCentre *cc;

  if (view->profile_chosen)
    {
      if (column->n_chosen > 0)
        {
          *rgba = ctx->colors[ES_COLOR_PROFILE_CHOSEN];
          rgba->alpha = 0.35 + 0.65 * column->n_chosen / column->n_samples;
        }
      else
        {
          *rgba = ctx->colors[ES_COLOR_TEXT];
          rgba->alpha = 0.15;
        }
      return;
    }
  cc = column->top == ES_PROFILE_NO_COST_CENTRE ? NULL : es_document_lookup_cost_centre (ctx->document, column->top);
  if (cc == NULL || g_strcmp0 (cc->label, "MAIN") == 0)
    *rgba = (EsRgba) { 0.70, 0.70, 0.70, 1.0 };
  else if (es_cost_centre_is_builtin_root (cc))
    *rgba = (EsRgba) { 0.55, 0.62, 0.72, 1.0 };
  else
    es_flame_graph_cost_centre_color (column->top, view->dark, rgba);
  rgba->alpha = 0.4 + 0.6 * column->top_samples / column->n_samples;
}

static gboolean
same_color (const EsRgba *a,
            const EsRgba *b)
{
  return a->red == b->red && a->green == b->green && a->blue == b->blue && a->alpha == b->alpha;
}

void
es_paint_profile_row (EsPaintContext      *ctx,
                      const EsTimelineRow *row)
{
  const EsTimelineView *view = ctx->view;
  guint lanes = n_lanes (ctx->document);
  int lane_height = (row->height - 4) / (int) lanes;
  g_autofree EsProfileColumn *columns = g_new (EsProfileColumn, (gsize) lanes * view->width);
  guint32 chosen = view->profile_chosen ? view->profile_cost_centre : ES_PROFILE_NO_COST_CENTRE;

  /* One walk over the samples in view for all the lanes; one thread's in
   * its own lane, the others' blank. */
  if (view->profile_one_cap)
    {
      memset (columns, 0, (gsize) lanes * view->width * sizeof (EsProfileColumn));
      es_profile_columns_for (ctx->document, view->profile_kind, view->t0, view->t1, view->profile_cap, 1, chosen,
                              &columns[(gsize) (lanes > 1 ? MIN (view->profile_cap, lanes - 1) : 0) * view->width],
                              view->width);
    }
  else if (lanes > 1 || es_document_get_n_caps (ctx->document) == 1)
    es_profile_columns_for (ctx->document, view->profile_kind, view->t0, view->t1, ES_PROFILE_ALL_CAPS, lanes, chosen,
                            columns, view->width);
  else
    es_profile_columns_for (ctx->document, view->profile_kind, view->t0, view->t1, ES_PROFILE_ALL_CAPS, 1, chosen,
                            columns, view->width);

  for (guint lane = 0; lane < lanes; lane++)
    {
      const EsProfileColumn *lane_columns = &columns[(gsize) lane * view->width];
      int top = row->y + 2 + (int) lane * lane_height;
      int bottom = top + lane_height - (lanes > 1 ? 1 : 0);
      EsColumnRuns runs;
      EsRgba current = { 0 };
      gboolean open = FALSE;

      for (int x = 0; x < view->width; x++)
        {
          EsRgba rgba;

          if (lane_columns[x].n_samples == 0)
            continue;
          column_color (ctx, &lane_columns[x], &rgba);
          if (!open || !same_color (&rgba, &current))
            {
              if (open)
                es_column_runs_end (&runs);
              es_column_runs_begin_rgba (&runs, ctx, &rgba);
              current = rgba;
              open = TRUE;
            }
          es_column_runs_add (&runs, x, top, bottom);
        }
      if (open)
        es_column_runs_end (&runs);
    }
}
