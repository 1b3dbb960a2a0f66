/* es-event-skeleton.h: the event list's rows as its column view gets them
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ES_TYPE_EVENT_SKELETON (es_event_skeleton_get_type ())

G_DECLARE_FINAL_TYPE (EsEventSkeleton, es_event_skeleton, ES, EVENT_SKELETON, GObject)

EsEventSkeleton *es_event_skeleton_new     (GListModel      *rows);
guint            es_event_skeleton_grow    (EsEventSkeleton *self,
                                            guint            n);
void             es_event_skeleton_grow_on (EsEventSkeleton *self,
                                            GtkWidget       *widget);
gboolean         es_event_skeleton_wait    (EsEventSkeleton *self,
                                            guint            n_rows,
                                            GSourceFunc      ready,
                                            gpointer         user_data);
void             es_event_skeleton_stop    (EsEventSkeleton *self);

G_END_DECLS
