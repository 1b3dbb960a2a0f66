/* es-flame-graph-walk.h: the walk of the frames a flame graph draws,
 * which es-flame-graph.c and its layout share
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-flame-graph-private.h"

G_BEGIN_DECLS

/* Walks the frames drawn, left to right within each row, in pre-order:
 * a frame starts where its previous sibling ends, or at its parent's x for
 * the first child; a frame too narrow to draw is skipped with everything
 * under it, so a walk costs at most a few frames per pixel column and row
 * whatever the size of the profile. The frames are made as they are
 * reached (es_profile_walk_next()), and the nodes of the document's tree
 * without samples in the interval are never looked at. */
typedef struct
{
  const EsFlameGraphView *view;
  const EsProfile        *profile;
  EsProfileWalk          *frames;
  guint32                 n_ancestors;  /* of the zoomed frame, drawn full width first */
  guint32                *ancestors;
  double                  scale;        /* pixels per sample */
  double                 *cursor;       /* per depth: where the next frame starts */
} Walk;

typedef struct
{
  guint32        frame;
  double         x, width;
  int            row;
  EsProfileFrame f;
} WalkStep;

/* A frame a walk gave, as a layout keeps it: where es_flame_graph_frame_at()
 * and its kin find it without a walk. */
typedef struct
{
  double  x, width;
  guint32 frame;
  guint32 cost_centre;
  int     row;
} EsFlameGraphStep;

void     _es_flame_graph_walk_init  (Walk                   *walk,
                                     const EsFlameGraphView *view);
void     _es_flame_graph_walk_clear (Walk                   *walk);
gboolean _es_flame_graph_walk_next  (Walk                   *walk,
                                     WalkStep               *step);
const EsFlameGraphStep *_es_flame_graph_layout_steps (const EsFlameGraphView *view,
                                                     guint                  *n_steps);

G_END_DECLS
