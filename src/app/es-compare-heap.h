/* es-compare-heap.h: two runs' heaps on one graph, in a comparison
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "es-session.h"

G_BEGIN_DECLS

#define ES_TYPE_COMPARE_HEAP (es_compare_heap_get_type ())

G_DECLARE_FINAL_TYPE (EsCompareHeap, es_compare_heap, ES, COMPARE_HEAP, GtkWidget)

GtkWidget *es_compare_heap_new          (void);
void       es_compare_heap_set_sessions (EsCompareHeap *self,
                                         EsSession     *a,
                                         EsSession     *b);

G_END_DECLS
