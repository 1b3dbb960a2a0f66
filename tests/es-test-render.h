/* es-test-render.h: painting frames and reading their pixels, for tests
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-timeline-painter.h"

G_BEGIN_DECLS

#define ALL_ROWS ((1u << ES_N_ROW_KINDS) - 1)
#define SURFACE_WIDTH 1600
#define DATA_WIDTH (SURFACE_WIDTH - ES_TIMELINE_GUTTER)

typedef struct
{
  EsTimelineView   view;
  GArray          *rows;
  cairo_surface_t *surface;
} Frame;

void                 frame_clear    (Frame                *frame);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Frame, frame_clear)

void                 paint_view     (Frame                *frame,
                                     const EsTimelineView *view);
void                 paint_frame    (Frame                *frame,
                                     EsDocument           *document,
                                     guint64               t0,
                                     guint64               t1,
                                     gboolean              dark);
void                 get_pixel      (cairo_surface_t      *surface,
                                     int                   x,
                                     int                   y,
                                     guint8                rgb[3]);
gboolean             pixel_matches  (cairo_surface_t      *surface,
                                     int                   x,
                                     int                   y,
                                     EsColor               color,
                                     gboolean              dark);
gboolean             pixel_is       (cairo_surface_t      *surface,
                                     int                   x,
                                     int                   y,
                                     EsColor               color,
                                     gboolean              dark);
const EsTimelineRow *find_row       (GArray               *rows,
                                     EsRowKind             kind,
                                     guint                 cap);
EsDocument          *load_one_run   (guint                 n_caps,
                                     guint64               start,
                                     guint64               stop,
                                     guint64               end,
                                     const char *const    *messages,
                                     const guint64        *times);
gboolean             marker_near    (EsDocument           *document,
                                     const EsTimelineView *view,
                                     int                   x);

G_END_DECLS
