/* es-profile-panel.h: where the time went in the selection (or the whole run)
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "es-profile.h"
#include "es-session.h"

G_BEGIN_DECLS

#define ES_TYPE_PROFILE_PANEL (es_profile_panel_get_type ())

G_DECLARE_FINAL_TYPE (EsProfilePanel, es_profile_panel, ES, PROFILE_PANEL, GtkWidget)

GtkWidget       *es_profile_panel_new            (void);
void             es_profile_panel_set_session    (EsProfilePanel *self,
                                                  EsSession      *session);
void             es_profile_panel_activate_frame (EsProfilePanel *self,
                                                  guint32         frame);
char            *es_profile_panel_dup_tooltip_at (EsProfilePanel *self,
                                                  double          x,
                                                  double          y);

/* For the tests: what is shown. */
const EsProfile *es_profile_panel_get_profile    (EsProfilePanel *self);
guint32          es_profile_panel_get_zoom       (EsProfilePanel *self);
char            *es_profile_panel_dup_top_frames (EsProfilePanel *self,
                                                  guint           max_depth);
const char      *es_profile_panel_get_share_text (EsProfilePanel *self);
const char      *es_profile_panel_get_empty_text (EsProfilePanel *self);

G_END_DECLS
