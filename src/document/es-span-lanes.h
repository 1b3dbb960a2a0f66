/* es-span-lanes.h: the user's spans, in the lanes the builder gave them
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document.h"

G_BEGIN_DECLS

/* A lane of a document's spans (ES_SPAN_LANES of them, top first). Every
 * lane but the last holds spans that do not overlap; the last holds those
 * that found every other taken. A span keeps its lane whatever the view,
 * and as a live log grows. */
typedef struct
{
  EsDocument    *document;
  guint          lane;
  guint          n;        /* its spans */
  gconstpointer  spans;    /* (private) */
  gconstpointer  blocks;   /* (private) */
} EsSpanLane;

/* A block of ES_SPAN_BLOCK spans of a lane (fewer for its last). */
typedef struct
{
  guint64 first_start;
  guint64 last_start;
  guint64 end;         /* the latest end among them */
} EsSpanLaneBlock;

const EsSpanLane *es_span_lanes_get          (EsDocument       *document);
guint             es_span_lane_get_index     (const EsSpanLane *lane,
                                              guint             k);
EsSpan            es_span_lane_get_span      (const EsSpanLane *lane,
                                              guint             k);
EsSpanLaneBlock   es_span_lane_get_block     (const EsSpanLane *lane,
                                              guint             block);
guint             es_span_lane_first_ending  (const EsSpanLane *lane,
                                              guint64           time);
guint             es_span_lanes_find_running (EsDocument       *document,
                                              guint64           time,
                                              guint            *found,
                                              guint             max);

G_END_DECLS
