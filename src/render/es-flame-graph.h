/* es-flame-graph.h: an interval's time profile drawn as an icicle graph
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>

#include "es-label-cache.h"
#include "es-profile.h"
#include "es-timeline-painter.h"

G_BEGIN_DECLS

/* Icicle, not flame: the outermost frame is the top row and callees hang
 * below it, as the `.prof` tree reads top-down and as the timeline above
 * it does; the rows a reader looks at first (MAIN, the phases) stay put
 * whatever the depth of the stacks under them. A frame's width is its
 * share of the samples. */
#define ES_FLAME_GRAPH_ROW_HEIGHT 17
/* How long a frame of the window spends shaping names new to the graph
 * (es_flame_graph_cache_set_shaping_budget()). */
#define ES_FLAME_GRAPH_SHAPING_BUDGET_US 2000
/* Frames narrower than this are not drawn, nor is anything under them. */
#define ES_FLAME_GRAPH_MIN_WIDTH  1.0

typedef struct _EsFlameGraphCache EsFlameGraphCache;
typedef struct _EsFlameGraphLayout EsFlameGraphLayout;

typedef struct
{
  const EsProfile *profile;
  guint32          zoom;      /* the frame drawn full width, or ES_PROFILE_NO_FRAME */
  int              width;
  int              height;
  gboolean         dark;
  const char      *search;    /* frames whose name has it (any case) stand out; or NULL */
  int              scale;     /* device pixels a pixel where it is shown (a window's scale
                               * factor): a recording surface is drawn through a picture
                               * of them (es_flame_graph_paint()); 0: unknown */
  EsFlameGraphCache *cache;  /* (nullable): what the drawings before kept, from
                               * es_flame_graph_cache_new(); NULL: this drawing's own */
} EsFlameGraphView;

typedef struct
{
  double x, y, width, height;
} EsFlameGraphRect;

EsFlameGraphCache *es_flame_graph_cache_new (void);
void     es_flame_graph_cache_free    (EsFlameGraphCache      *cache);
void     es_flame_graph_cache_set_shaping_budget (EsFlameGraphCache *cache,
                                       gint64                  microseconds);
gboolean es_flame_graph_cache_is_complete (const EsFlameGraphCache *cache);
void     es_flame_graph_cache_set_layout (EsFlameGraphCache    *cache,
                                       EsFlameGraphLayout     *layout);
gboolean es_flame_graph_cache_has_layout_for (const EsFlameGraphCache *cache,
                                       const EsFlameGraphView  *view);
EsFlameGraphLayout *es_flame_graph_layout_new (const EsFlameGraphView *view);
void     es_flame_graph_layout_free   (EsFlameGraphLayout     *layout);
void     es_flame_graph_paint         (cairo_t                *cr,
                                       const EsFlameGraphView *view);
gboolean es_flame_graph_export        (const EsFlameGraphView *view,
                                       const char             *path,
                                       GError                **error);
int      es_flame_graph_natural_height (const EsProfile       *profile);
gboolean es_flame_graph_frame_rect    (const EsFlameGraphView *view,
                                       guint32                 frame,
                                       EsFlameGraphRect       *rect);
guint    es_flame_graph_cost_centre_rects (const EsFlameGraphView *view,
                                       guint32                 cost_centre,
                                       EsFlameGraphRect       *rects,
                                       guint                   max_rects);
guint32  es_flame_graph_frame_at      (const EsFlameGraphView *view,
                                       double                  x,
                                       double                  y);
void     es_flame_graph_cost_centre_color (guint32           cost_centre,
                                       gboolean                dark,
                                       EsRgba                 *rgba);
void     es_flame_graph_frame_color   (const EsFlameGraphView *view,
                                       guint32                 frame,
                                       EsRgba                 *rgba);
gboolean es_flame_graph_frame_matches (const EsFlameGraphView *view,
                                       guint32                 frame);
guint64  es_flame_graph_count_matches (const EsFlameGraphView *view);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsFlameGraphCache, es_flame_graph_cache_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsFlameGraphLayout, es_flame_graph_layout_free)

G_END_DECLS
