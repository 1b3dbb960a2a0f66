/* es-timeline.h: the timeline: rows, navigation, selection
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "es-session.h"
#include "es-timeline-rows.h"

G_BEGIN_DECLS

#define ES_TYPE_TIMELINE (es_timeline_get_type ())

G_DECLARE_FINAL_TYPE (EsTimeline, es_timeline, ES, TIMELINE, GtkWidget)

GtkWidget      *es_timeline_new          (void);
void            es_timeline_set_session  (EsTimeline *self,
                                          EsSession  *session);
EsSession      *es_timeline_get_session  (EsTimeline *self);
EsTimelineRows *es_timeline_get_rows     (EsTimeline *self);
char           *es_timeline_describe_at  (EsTimeline *self,
                                          double      x,
                                          double      y);

G_END_DECLS
