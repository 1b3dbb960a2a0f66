/* es-pause-panel.h: how long the GC pauses of the selection (or the run) are
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "es-pause-dist.h"
#include "es-session.h"

G_BEGIN_DECLS

#define ES_TYPE_PAUSE_PANEL (es_pause_panel_get_type ())

G_DECLARE_FINAL_TYPE (EsPausePanel, es_pause_panel, ES, PAUSE_PANEL, GtkWidget)

GtkWidget *es_pause_panel_new           (void);
void       es_pause_panel_set_session   (EsPausePanel *self,
                                         EsSession    *session);
gboolean   es_pause_panel_get_dists     (EsPausePanel *self,
                                         EsPauseDists *dists);
char      *es_pause_panel_dup_text      (EsPausePanel *self);
GtkWidget *es_pause_panel_get_chart     (EsPausePanel *self);
int        es_pause_panel_bucket_at     (EsPausePanel *self,
                                         double        x,
                                         double        y);
void       es_pause_panel_select_bucket (EsPausePanel *self,
                                         int           bucket);

G_END_DECLS
