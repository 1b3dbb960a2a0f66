/* es-heap-overlay.h: two runs' heaps on one graph
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>

#include "es-document.h"
#include "es-timeline-painter.h"

G_BEGIN_DECLS

/* The graph is laid out as a timeline row: a gutter of ES_TIMELINE_GUTTER
 * pixels for its name, then @width columns of data. A legend takes the
 * top ES_HEAP_OVERLAY_TOP pixels; the plot goes from there down to
 * ES_HEAP_OVERLAY_BOTTOM pixels above the bottom.
 *
 * Each run draws its heap size (ES_COLOR_HEAP_SIZE) and live data
 * (ES_COLOR_HEAP_LIVE) as lines two pixels thick: run A solid, run B
 * dashed (ES_HEAP_OVERLAY_DASH columns drawn, then as many again minus
 * two left out), so that they tell apart without colour. Column i covers
 * [start (i), start (i + 1)) of the run's own span (es_lod_column_start()
 * over @width columns); its value is the largest sample in it or, with
 * none, the one before it holds; a column before the first sample or
 * past the run's end has none. A value v lies at
 *   y = bottom - round (v / scale × (bottom - top))
 * with the line on the rows y - 2 and y - 1 (and joined upright to the
 * previous column's), where scale is the largest heap size or live data of
 * either whole run, so that zooming and shifting never rescale. */
#define ES_HEAP_OVERLAY_TOP    20
#define ES_HEAP_OVERLAY_BOTTOM 3
#define ES_HEAP_OVERLAY_DASH   6

typedef struct
{
  EsDocument *document;      /* (nullable): a run not drawn */
  guint64     t0, t1;        /* its span, on its own clock */
} EsHeapOverlayRun;

typedef struct
{
  EsHeapOverlayRun runs[2];  /* A, B */
  int              width;    /* data columns, right of the gutter */
  int              height;   /* the whole graph */
  gboolean         dark;
} EsHeapOverlay;

guint64 es_heap_overlay_scale (const EsHeapOverlay *overlay);
void    es_heap_overlay_paint (cairo_t             *cr,
                               const EsHeapOverlay *overlay);

G_END_DECLS
