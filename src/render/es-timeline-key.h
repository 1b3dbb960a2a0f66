/* es-timeline-key.h: which of the painter's colours a log can show, and
 * what they mean there
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-timeline-painter.h"

G_BEGIN_DECLS

gboolean    es_timeline_color_in_log (EsDocument *document,
                                      EsColor     color);
const char *es_timeline_key_name     (EsDocument *document,
                                      EsColor     color);
const char *es_timeline_key_heap_profile (EsDocument *document);

G_END_DECLS
