/* es-stats-panel.h: the statistics of the selection (or the whole run)
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "es-session.h"

G_BEGIN_DECLS

#define ES_TYPE_STATS_PANEL (es_stats_panel_get_type ())

G_DECLARE_FINAL_TYPE (EsStatsPanel, es_stats_panel, ES, STATS_PANEL, GtkWidget)

GtkWidget *es_stats_panel_new         (void);
void       es_stats_panel_set_session (EsStatsPanel *self,
                                       EsSession    *session);
char      *es_stats_panel_dup_text    (EsStatsPanel *self);

void es_stats_panel_add_cell (GtkWidget  *grid,
                              int         column,
                              int         row,
                              const char *text,
                              gboolean    numeric);

G_END_DECLS
