/* es-flame-graph-private.h: what es-flame-graph.c and its boxes' filling
 * share
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-flame-graph.h"

G_BEGIN_DECLS

/* A frame drawn: its box in whole pixels, before the one-pixel gaps on its
 * right and under it. */
typedef struct
{
  double              x, y, width;
  guint32             key;      /* the colour, 8 bits a channel: boxes are filled by colour */
  guint32             stack;    /* what names it (es_profile_append_frame_name()) */
  guint32             cost_centre;
  const EsCostCentre *cc;
} EsFlameGraphBox;

void     _es_flame_graph_fill        (cairo_t                  *cr,
                                     const EsFlameGraphView   *view,
                                     GArray                   *boxes);
void     _es_flame_graph_frame_color (const EsFlameGraphView   *view,
                                     const EsProfileFrame     *f,
                                     EsRgba                   *rgba);
GArray  *_es_flame_graph_make_boxes  (const EsFlameGraphView   *view,
                                     GArray                   *steps);
gboolean _es_flame_graph_layout_fits (const EsFlameGraphLayout *layout,
                                     const EsFlameGraphView   *view);
GArray  *_es_flame_graph_layout_get_boxes (const EsFlameGraphLayout *layout);
const EsFlameGraphLayout *_es_flame_graph_cache_get_layout (const EsFlameGraphCache *cache);
cairo_surface_t *_es_flame_graph_layout_take_picture (EsFlameGraphLayout     *layout,
                                                      const EsFlameGraphView *view);

G_END_DECLS
