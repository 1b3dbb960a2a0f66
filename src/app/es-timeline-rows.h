/* es-timeline-rows.h: the rows of the timeline, drawn by the painter
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "es-session.h"
#include "es-timeline-painter.h"

G_BEGIN_DECLS

#define ES_TYPE_TIMELINE_ROWS (es_timeline_rows_get_type ())

G_DECLARE_FINAL_TYPE (EsTimelineRows, es_timeline_rows, ES, TIMELINE_ROWS, GtkWidget)

GtkWidget           *es_timeline_rows_new              (void);
void                 es_timeline_rows_set_session      (EsTimelineRows *self,
                                                        EsSession      *session);
void                 es_timeline_rows_set_visible_kinds (EsTimelineRows *self,
                                                        guint32         kinds);
guint32              es_timeline_rows_get_visible_kinds (EsTimelineRows *self);
void                 es_timeline_rows_set_pinned_kinds (EsTimelineRows *self,
                                                        guint32         kinds);
guint32              es_timeline_rows_get_pinned_kinds (EsTimelineRows *self);
void                 es_timeline_rows_set_counters     (EsTimelineRows *self,
                                                        const char * const *counters);
const char * const  *es_timeline_rows_get_counters     (EsTimelineRows *self);
EsDocument          *es_timeline_rows_get_document     (EsTimelineRows *self);
void                 es_timeline_rows_set_has_ruler    (EsTimelineRows *self,
                                                        gboolean        has_ruler);
GArray              *es_timeline_rows_get_layout       (EsTimelineRows *self);
void                 es_timeline_rows_get_view         (EsTimelineRows *self,
                                                        EsTimelineView *view);
void                 es_timeline_rows_set_bookmarks    (EsTimelineRows *self,
                                                        EsBookmarks    *bookmarks);
const EsTimelineRow *es_timeline_rows_row_at           (EsTimelineRows *self,
                                                        double          y);
void                 es_timeline_rows_set_selected_thread (EsTimelineRows *self,
                                                        guint32         thread);
guint32              es_timeline_rows_get_selected_thread (EsTimelineRows *self);
EsThreadStateCache  *es_timeline_rows_get_thread_states (EsTimelineRows *self);

gboolean             es_timeline_rows_is_dark          (GtkWidget      *widget);

G_END_DECLS
