/* es-gc-list.h: every garbage collection, longest pause first
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "es-session.h"

G_BEGIN_DECLS

#define ES_TYPE_GC_LIST (es_gc_list_get_type ())

G_DECLARE_FINAL_TYPE (EsGcList, es_gc_list, ES, GC_LIST, GtkWidget)

GtkWidget  *es_gc_list_new         (void);
void        es_gc_list_set_session (EsGcList  *self,
                                    EsSession *session);
GListModel *es_gc_list_get_model   (EsGcList  *self);
void        es_gc_list_activate    (EsGcList  *self,
                                    guint      position);
void        es_gc_list_clear_filter (EsGcList *self);
const char *es_gc_list_get_filter_text (EsGcList *self);

G_END_DECLS
