/* es-live-build.h: a live GHC log read once, a snapshot per update
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "es-document.h"

G_BEGIN_DECLS

typedef struct _EsLiveBuild EsLiveBuild;
typedef struct _EsLiveSnapshot EsLiveSnapshot;

EsLiveBuild *es_live_build_new    (const char    *record_path);
void         es_live_build_free   (EsLiveBuild   *self);
gboolean     es_live_build_holds_back (EsLiveBuild *self);
const GError *es_live_build_get_refusal (EsLiveBuild *self);
gboolean     es_live_build_ran_out_of_memory (EsLiveBuild *self);
void         es_live_build_set_memory_limit (EsLiveBuild *self,
                                             guint64      bytes);
gboolean     es_live_build_take   (EsLiveBuild   *self,
                                   guint64        recorded,
                                   GCancellable  *cancellable,
                                   GError       **error);
gboolean     es_live_build_take_some (EsLiveBuild   *self,
                                      guint64        recorded,
                                      guint64        most,
                                      guint64       *taken,
                                      GCancellable  *cancellable,
                                      GError       **error);
gboolean     es_live_build_update (EsLiveBuild   *self,
                                   guint64        recorded,
                                   gboolean       complete,
                                   GCancellable  *cancellable,
                                   EsDocument   **document,
                                   GError       **error);
gboolean     es_live_build_copy   (EsLiveBuild     *self,
                                   guint64          recorded,
                                   gboolean         complete,
                                   GCancellable    *cancellable,
                                   EsLiveSnapshot **snapshot,
                                   GError         **error);

EsDocument  *es_live_snapshot_finish (EsLiveSnapshot *snapshot);
void         es_live_snapshot_free   (EsLiveSnapshot *snapshot);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsLiveBuild, es_live_build_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsLiveSnapshot, es_live_snapshot_free)

G_END_DECLS
