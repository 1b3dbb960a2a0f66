/* es-mlpd-load.h: a Mono log to a document
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document.h"
#include "es-mlpd-reader.h"

G_BEGIN_DECLS

EsDocument *es_mlpd_load_document (GBytes              *bytes,
                                   gboolean             cut_short,
                                   EsMlpdProgressFunc   progress,
                                   gpointer             progress_data,
                                   GCancellable        *cancellable,
                                   GError             **error);
EsDocument *es_mlpd_load_file     (const char          *path,
                                   EsMlpdProgressFunc   progress,
                                   gpointer             progress_data,
                                   GCancellable        *cancellable,
                                   GError             **error);

G_END_DECLS
