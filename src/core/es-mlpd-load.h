/* es-mlpd-load.h: a Mono log to a document
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document.h"
#include "es-eventlog-file.h"

G_BEGIN_DECLS

EsDocument *es_mlpd_load_document (GBytes         *bytes,
                                   gboolean        cut_short,
                                   EsProgressFunc  progress,
                                   gpointer        progress_data,
                                   GCancellable   *cancellable,
                                   GError        **error);
EsDocument *es_mlpd_load_file     (const char     *path,
                                   EsProgressFunc  progress,
                                   gpointer        progress_data,
                                   GCancellable   *cancellable,
                                   GError        **error);
gboolean    es_mlpd_sniff_file    (const char     *path);

G_END_DECLS
