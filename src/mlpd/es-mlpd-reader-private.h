/* es-mlpd-reader-private.h: what the reader's files share: decoding the
 * events of one buffer
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-mlpd-reader.h"

G_BEGIN_DECLS

/* Where the arrays an event hands out live (es-mlpd-events.c). */
typedef struct _EsMlpdScratch EsMlpdScratch;

EsMlpdScratch *_es_mlpd_scratch_new   (void);
void           _es_mlpd_scratch_free  (EsMlpdScratch   *scratch);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsMlpdScratch, _es_mlpd_scratch_free)

gboolean       _es_mlpd_decode_buffer (const guint8             *data,
                                       gint64                    base,
                                       const guint8             *buffer,
                                       const EsMlpdBufferHeader *header,
                                       guint8                    version,
                                       EsMlpdScratch            *scratch,
                                       EsMlpdEventFunc           event_func,
                                       gpointer                  user_data,
                                       GError                  **error);

G_END_DECLS
