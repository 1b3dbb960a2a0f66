/* es-heap-shot-row.h: one class of a heap shot, as a row of the Heap
 * Shots tab
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-heap-census.h"

G_BEGIN_DECLS

#define ES_TYPE_HEAP_SHOT_ROW (es_heap_shot_row_get_type ())

G_DECLARE_FINAL_TYPE (EsHeapShotRow, es_heap_shot_row, ES, HEAP_SHOT_ROW, GObject)

/* What es_heap_shot_row_compare() compares, passed as GUINT_TO_POINTER. */
typedef enum
{
  ES_HEAP_SHOT_COLUMN_CLASS,
  ES_HEAP_SHOT_COLUMN_BYTES,
  ES_HEAP_SHOT_COLUMN_OBJECTS,
  ES_HEAP_SHOT_COLUMN_AVERAGE,
  ES_HEAP_SHOT_COLUMN_BYTES_CHANGE,
  ES_HEAP_SHOT_COLUMN_OBJECTS_CHANGE,
  ES_N_HEAP_SHOT_COLUMNS
} EsHeapShotColumn;

EsHeapShotRow          *es_heap_shot_row_new      (const char             *name,
                                                   const EsHeapCensusBand *band);
const char             *es_heap_shot_row_get_name (EsHeapShotRow          *self);
const EsHeapCensusBand *es_heap_shot_row_get_band (EsHeapShotRow          *self);
char                   *es_heap_shot_row_format   (EsHeapShotRow          *self,
                                                   EsHeapShotColumn        column,
                                                   gboolean                compared);
int                     es_heap_shot_row_compare  (gconstpointer           a,
                                                   gconstpointer           b,
                                                   gpointer                column);

G_END_DECLS
