/* es-document-ipe.h: info-table provenance, as the document keeps it
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document.h"

G_BEGIN_DECLS

const EsInfoTable *es_document_get_info_tables   (EsDocument  *self,
                                                  guint       *n_tables);
const EsInfoTable *es_document_lookup_info_table (EsDocument  *self,
                                                  guint64      info);
const char        *es_closure_type_name          (guint32      closure_type);
gboolean           es_info_table_parse_address   (const char  *text,
                                                  guint64     *info);

G_END_DECLS
