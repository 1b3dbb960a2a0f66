/* es-mono-row.h: a row of a Mono log's tables of calls, allocations,
 * exceptions and locks
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define ES_MONO_ROW_N_VALUES 6

#define ES_TYPE_MONO_ROW (es_mono_row_get_type ())

G_DECLARE_FINAL_TYPE (EsMonoRow, es_mono_row, ES, MONO_ROW, GObject)

/* What a row holds: a name (a method, a class, a lock object), a detail
 * (a backtrace, a clause's kind) and up to ES_MONO_ROW_N_VALUES numbers,
 * each table saying what they mean; @id is the thing's index in the
 * document's activity (a class's, for its backtraces). */
EsMonoRow     *es_mono_row_new        (guint32         id,
                                       const char     *name,
                                       const char     *detail);
guint32        es_mono_row_get_id     (EsMonoRow      *self);
const char    *es_mono_row_get_name   (EsMonoRow      *self);
const char    *es_mono_row_get_detail (EsMonoRow      *self);
guint64        es_mono_row_get_value  (EsMonoRow      *self,
                                       guint           index);
void           es_mono_row_set_value  (EsMonoRow      *self,
                                       guint           index,
                                       guint64         value);

G_END_DECLS
