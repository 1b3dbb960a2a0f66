/* es-pane-fit.h: a vertical pane's divider that follows what is above it
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ES_TYPE_PANE_FIT (es_pane_fit_get_type ())

G_DECLARE_FINAL_TYPE (EsPaneFit, es_pane_fit, ES, PANE_FIT, GObject)

EsPaneFit *es_pane_fit_new             (GtkPaned   *paned,
                                        GtkWidget  *content);
void       es_pane_fit_bind_settings   (EsPaneFit  *self,
                                        GSettings  *settings,
                                        const char *key);
void       es_pane_fit_refit           (EsPaneFit  *self);
void       es_pane_fit_refit_after_frame (EsPaneFit *self);
void       es_pane_fit_choose          (EsPaneFit  *self,
                                        int         position);
void       es_pane_fit_reset           (EsPaneFit  *self);
gboolean   es_pane_fit_get_chosen      (EsPaneFit  *self);

G_END_DECLS
