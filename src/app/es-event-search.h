/* es-event-search.h: the event list's searches, on worker threads
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "es-event-index.h"

G_BEGIN_DECLS

#define ES_TYPE_EVENT_SEARCH (es_event_search_get_type ())

G_DECLARE_FINAL_TYPE (EsEventSearch, es_event_search, ES, EVENT_SEARCH, GObject)

EsEventSearch *es_event_search_new          (void);
void           es_event_search_run          (EsEventSearch *self,
                                             EsEventIndex  *index,
                                             const char    *text,
                                             const guint16 *tag);
void           es_event_search_run_grown    (EsEventSearch *self,
                                             EsEventIndex  *index,
                                             const char    *text,
                                             const guint16 *tag,
                                             guint          same_rows);
void           es_event_search_clear        (EsEventSearch *self);
gboolean       es_event_search_is_running   (EsEventSearch *self);
double         es_event_search_get_fraction (EsEventSearch *self);
GArray        *es_event_search_get_matches  (EsEventSearch *self);

G_END_DECLS
