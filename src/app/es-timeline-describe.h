/* es-timeline-describe.h: what the timeline's rows show at a moment, for
 * its tooltip
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-timeline-painter.h"

G_BEGIN_DECLS

gboolean es_timeline_describe_row (GString              *out,
                                   const EsTimelineView *view,
                                   const EsTimelineRow  *row,
                                   guint64               t,
                                   double                x);

G_END_DECLS
