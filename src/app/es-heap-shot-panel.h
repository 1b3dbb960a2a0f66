/* es-heap-shot-panel.h: a Mono heap shot's classes, compared with another
 * shot's
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "es-session.h"

G_BEGIN_DECLS

#define ES_TYPE_HEAP_SHOT_PANEL (es_heap_shot_panel_get_type ())

G_DECLARE_FINAL_TYPE (EsHeapShotPanel, es_heap_shot_panel, ES, HEAP_SHOT_PANEL, GtkWidget)

GtkWidget  *es_heap_shot_panel_new         (void);
void        es_heap_shot_panel_set_session (EsHeapShotPanel *self,
                                            EsSession       *session);
gboolean    es_heap_shot_panel_has_shots   (EsHeapShotPanel *self);
void        es_heap_shot_panel_choose      (EsHeapShotPanel *self,
                                            guint            shot,
                                            guint            base);
void        es_heap_shot_panel_get_chosen  (EsHeapShotPanel *self,
                                            guint           *shot,
                                            guint           *base);
GListModel *es_heap_shot_panel_get_rows    (EsHeapShotPanel *self);
const char *es_heap_shot_panel_get_summary (EsHeapShotPanel *self);

G_END_DECLS
