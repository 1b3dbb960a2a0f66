/* es-gc-item.h: one garbage collection, as a row of the GC list
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document.h"

G_BEGIN_DECLS

#define ES_TYPE_GC_ITEM (es_gc_item_get_type ())

G_DECLARE_FINAL_TYPE (EsGcItem, es_gc_item, ES, GC_ITEM, GObject)

EsGcItem   *es_gc_item_new    (const EsGc *gc);
const EsGc *es_gc_item_get_gc (EsGcItem   *self);
void        es_gc_item_set_gc (EsGcItem   *self,
                               const EsGc *gc);
guint       es_gc_item_get_n_alive (void);
int         es_gc_item_compare (gconstpointer a,
                                gconstpointer b,
                                gpointer      column);

/* What es_gc_item_compare() compares, passed as GUINT_TO_POINTER. */
typedef enum
{
  ES_GC_COLUMN_START,
  ES_GC_COLUMN_PAUSE,
  ES_GC_COLUMN_GENERATION,
  ES_GC_COLUMN_COPIED,
  ES_GC_COLUMN_THREADS,
  ES_N_GC_COLUMNS
} EsGcColumn;

G_END_DECLS
