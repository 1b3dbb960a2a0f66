/* es-document-loader.h: loading a document off the main thread
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "es-document.h"

G_BEGIN_DECLS

#define ES_TYPE_DOCUMENT_LOADER (es_document_loader_get_type ())

G_DECLARE_FINAL_TYPE (EsDocumentLoader, es_document_loader, ES, DOCUMENT_LOADER, GObject)

EsDocumentLoader *es_document_loader_new          (void);
double            es_document_loader_get_fraction (EsDocumentLoader     *self);
void              es_document_loader_load_async   (EsDocumentLoader     *self,
                                                   GFile                *file,
                                                   GCancellable         *cancellable,
                                                   GAsyncReadyCallback   callback,
                                                   gpointer              user_data);
EsDocument       *es_document_loader_load_finish  (EsDocumentLoader     *self,
                                                   GAsyncResult         *result,
                                                   GError              **error);
void              es_document_loader_prepare      (EsDocument           *document);
void              es_document_loader_prepare_to_show (EsDocument        *document);
void              es_document_loader_prepare_update (EsDocument         *document,
                                                     EsDocument         *previous);

G_END_DECLS
