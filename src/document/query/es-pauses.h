/* es-pauses.h: finding the long GC pauses, to step through them
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document.h"

G_BEGIN_DECLS

guint64     es_pauses_long_threshold (EsDocument *document);
const EsGc *es_pauses_find_long      (EsDocument *document,
                                      guint64     time,
                                      gboolean    forward);

G_END_DECLS
