/* es-event-list-model.h: the rows of the event list, made on demand
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "es-event-index.h"

G_BEGIN_DECLS

#define ES_TYPE_EVENT_LIST_MODEL (es_event_list_model_get_type ())

G_DECLARE_FINAL_TYPE (EsEventListModel, es_event_list_model, ES, EVENT_LIST_MODEL, GObject)

EsEventListModel *es_event_list_model_new          (void);
void              es_event_list_model_set_index    (EsEventListModel *self,
                                                    EsEventIndex     *index);
guint             es_event_list_model_grow_index   (EsEventListModel *self,
                                                    EsEventIndex     *index);
EsEventIndex     *es_event_list_model_get_index    (EsEventListModel *self);
void              es_event_list_model_load_async   (EsEventListModel    *self,
                                                    const char          *path,
                                                    GCancellable        *cancellable,
                                                    GAsyncReadyCallback  callback,
                                                    gpointer             user_data);
EsEventIndex     *es_event_list_model_load_finish  (EsEventListModel    *self,
                                                    GAsyncResult        *result,
                                                    GError             **error);
guint             es_event_list_model_show         (EsEventListModel    *self,
                                                    EsEventIndex        *index);
double            es_event_list_model_get_load_fraction (EsEventListModel *self);
void              es_event_list_model_set_filter   (EsEventListModel *self,
                                                    GArray           *rows);
gboolean          es_event_list_model_is_filtered  (EsEventListModel *self);
guint             es_event_list_model_get_row      (EsEventListModel *self,
                                                    guint             position);
guint             es_event_list_model_find_row     (EsEventListModel *self,
                                                    guint             row);

G_END_DECLS
