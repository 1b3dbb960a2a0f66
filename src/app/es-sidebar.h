/* es-sidebar.h: the Key and Traces pages beside the timeline
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "es-session.h"
#include "es-timeline.h"

G_BEGIN_DECLS

#define ES_TYPE_SIDEBAR (es_sidebar_get_type ())

G_DECLARE_FINAL_TYPE (EsSidebar, es_sidebar, ES, SIDEBAR, GtkWidget)

void es_sidebar_set_timeline   (EsSidebar  *self,
                                EsTimeline *timeline);
void es_sidebar_bind_settings  (EsSidebar  *self,
                                GSettings  *settings);
void es_sidebar_set_session    (EsSidebar  *self,
                                EsSession  *session,
                                GFile      *file);
void es_sidebar_add_bookmark   (EsSidebar  *self);

GtkWidget *es_sidebar_new_traces (EsTimelineRows *rows);

G_END_DECLS
