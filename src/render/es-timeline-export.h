/* es-timeline-export.h: the timeline as a PNG, SVG or PDF file
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-timeline-painter.h"

G_BEGIN_DECLS

typedef void (*EsExportPaint) (cairo_t       *cr,
                               gconstpointer  data);

gboolean es_export_picture  (const char            *path,
                             int                    width,
                             int                    height,
                             EsExportPaint          paint,
                             gconstpointer          data,
                             GError               **error);
gboolean es_timeline_export (const EsTimelineView  *view,
                             guint32                visible_kinds,
                             GArray                *counters,
                             const char            *path,
                             GError               **error);

G_END_DECLS
