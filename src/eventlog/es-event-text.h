/* es-event-text.h: events as text, the way `ghc-events show` prints them
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "es-event.h"
#include "es-eventlog-reader.h"

G_BEGIN_DECLS

void        es_event_type_append_text  (const EsEventType *type,
                                        GString           *out);
void        es_event_append_text       (const EsEvent     *event,
                                        const EsEventType *type,
                                        GString           *out);
void        es_event_append_line       (const EsEvent     *event,
                                        const EsEventType *type,
                                        GString           *out);
const char *es_stop_status_to_string   (EsStopStatus       status);

G_END_DECLS
