/* es-thread-table.h: a document's threads, in chunks its live snapshots share
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document-types.h"

G_BEGIN_DECLS

typedef struct _EsThreadTable EsThreadTable;

EsThreadTable  *es_thread_table_new           (void);
EsThreadTable  *es_thread_table_freeze        (EsThreadTable         *self);
void            es_thread_table_free          (EsThreadTable         *self);
guint           es_thread_table_get_length    (const EsThreadTable   *self);
gsize           es_thread_table_get_bytes     (const EsThreadTable   *self);
const EsThread *es_thread_table_get           (const EsThreadTable   *self,
                                               guint                  index);
guint           es_thread_table_find          (const EsThreadTable   *self,
                                               guint32                id);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsThreadTable, es_thread_table_free)

G_END_DECLS
