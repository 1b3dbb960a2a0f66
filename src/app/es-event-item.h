/* es-event-item.h: one event, as a row of the event list
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "es-event-index.h"

G_BEGIN_DECLS

#define ES_TYPE_EVENT_ITEM (es_event_item_get_type ())

G_DECLARE_FINAL_TYPE (EsEventItem, es_event_item, ES, EVENT_ITEM, GObject)

EsEventItem *es_event_item_new         (EsEventIndex *index,
                                        guint         row);
EsEventItem *es_event_item_new_blank   (guint         row);
void         es_event_item_fill        (EsEventItem  *self,
                                        EsEventItem  *from);
guint        es_event_item_get_row     (EsEventItem  *self);
gboolean     es_event_item_is_blank    (EsEventItem  *self);
guint64      es_event_item_get_time    (EsEventItem  *self);
guint16      es_event_item_get_cap     (EsEventItem  *self);
guint16      es_event_item_get_tag     (EsEventItem  *self);
gboolean     es_event_item_get_thread  (EsEventItem  *self,
                                        guint32      *thread);
const char  *es_event_item_get_text    (EsEventItem  *self);
guint        es_event_item_get_n_alive (void);

G_END_DECLS
