/* es-mlpd-build.h: a Mono log built as it is written
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document-builder.h"
#include "es-document.h"

G_BEGIN_DECLS

typedef struct _EsMlpdBuild EsMlpdBuild;

/* What a Mono document gets after its builder has finished it: the
 * counts mprof-report prints, and the rows' names. */
typedef struct _EsMlpdFinishing EsMlpdFinishing;

EsMlpdBuild       *es_mlpd_build_new              (void);
void               es_mlpd_build_free             (EsMlpdBuild      *self);
gboolean           es_mlpd_build_take             (EsMlpdBuild      *self,
                                                   const guint8     *data,
                                                   gsize             len,
                                                   GError          **error);
gboolean           es_mlpd_build_has_header       (EsMlpdBuild      *self);
EsDocumentBuilder *es_mlpd_build_update           (EsMlpdBuild      *self,
                                                   gboolean          complete);
EsMlpdFinishing   *es_mlpd_build_get_finishing    (EsMlpdBuild      *self);
gint64             es_mlpd_build_get_cut          (EsMlpdBuild      *self);
guint              es_mlpd_build_get_n_restarts   (EsMlpdBuild      *self);

void               es_mlpd_finishing_apply        (EsMlpdFinishing  *finishing,
                                                   EsDocument       *document);
void               es_mlpd_finishing_free         (EsMlpdFinishing  *finishing);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsMlpdBuild, es_mlpd_build_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsMlpdFinishing, es_mlpd_finishing_free)

G_END_DECLS
