/* es-gc-rows.h: the rows of the GC list, sorted, made on demand
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "es-document.h"
#include "es-session.h"

G_BEGIN_DECLS

#define ES_TYPE_GC_ROWS (es_gc_rows_get_type ())

G_DECLARE_FINAL_TYPE (EsGcRows, es_gc_rows, ES, GC_ROWS, GObject)

EsGcRows *es_gc_rows_new          (GtkSorter  *sorter);
void      es_gc_rows_set_document (EsGcRows   *self,
                                   EsDocument *document);
void      es_gc_rows_set_filter   (EsGcRows   *self,
                                   const EsPauseFilter *filter);

G_END_DECLS
