/* es-event-list.h: every event of the log, searchable, under the timeline
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "es-session.h"

G_BEGIN_DECLS

#define ES_TYPE_EVENT_LIST (es_event_list_get_type ())

G_DECLARE_FINAL_TYPE (EsEventList, es_event_list, ES, EVENT_LIST, GtkWidget)

GtkWidget  *es_event_list_new              (void);
void        es_event_list_set_session      (EsEventList *self,
                                            EsSession   *session,
                                            GFile       *file);
GListModel *es_event_list_get_model        (EsEventList *self);
gboolean    es_event_list_is_busy          (EsEventList *self);
guint       es_event_list_get_selected_row (EsEventList *self);
GArray     *es_event_list_get_matches      (EsEventList *self);
void        es_event_list_activate         (EsEventList *self,
                                            guint        position);
void        es_event_list_step_match       (EsEventList *self,
                                            gboolean     forward);
void        es_event_list_focus_search     (EsEventList *self);

G_END_DECLS
