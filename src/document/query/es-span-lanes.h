/* es-span-lanes.h: the user's spans, laid out in lanes once per document
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document.h"

G_BEGIN_DECLS

/* Spans that overlap go in lanes, the first free one from the top; one that
 * finds every lane taken shares the last. So every lane but the last holds
 * spans that do not overlap, and a span keeps its lane whatever the view. */
#define ES_SPAN_LANES 3

/* The latest end of each block of this many spans of a lane. */
#define ES_SPAN_BLOCK 32

typedef struct
{
  guint          n;
  const guint32 *spans;   /* indexes into es_document_get_spans(), by start */
  const guint64 *reach;   /* the latest end among spans[0..i]: never decreases */
  const guint64 *block_end; /* the latest end among spans[b * ES_SPAN_BLOCK..][..ES_SPAN_BLOCK] */
} EsSpanLane;

const EsSpanLane *es_span_lanes_get         (EsDocument       *document);
guint             es_span_lane_first_ending (const EsSpanLane *lane,
                                             guint64           time);

G_END_DECLS
