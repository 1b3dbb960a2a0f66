/* es-live-record.h: the file a stream's bytes are kept in
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "es-live-source.h"

G_BEGIN_DECLS

typedef struct _EsLiveRecord EsLiveRecord;

EsLiveRecord *es_live_record_new            (EsLiveSource   *source,
                                             const char     *keep_path,
                                             GError        **error);
void          es_live_record_free           (EsLiveRecord   *self);
const char   *es_live_record_get_path       (EsLiveRecord   *self);
const char   *es_live_record_get_kept_path  (EsLiveRecord   *self);
guint64       es_live_record_get_bytes      (EsLiveRecord   *self);
gboolean      es_live_record_is_refused     (EsLiveRecord   *self);
gssize        es_live_record_take           (EsLiveRecord   *self,
                                             EsLiveSource   *source,
                                             guint8         *buffer,
                                             gsize           size,
                                             GCancellable   *cancellable,
                                             GError        **error);
gboolean      es_live_record_take_all       (EsLiveRecord   *self,
                                             EsLiveSource   *source,
                                             GCancellable   *cancellable,
                                             GError        **refusal,
                                             GError        **error);
gboolean      es_live_record_keep           (EsLiveRecord   *self,
                                             GError        **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsLiveRecord, es_live_record_free)

G_END_DECLS
