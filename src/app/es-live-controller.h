/* es-live-controller.h: what a window does while its log is followed
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "es-live-follower.h"
#include "es-session.h"

G_BEGIN_DECLS

#define ES_TYPE_LIVE_CONTROLLER (es_live_controller_get_type ())

G_DECLARE_FINAL_TYPE (EsLiveController, es_live_controller, ES, LIVE_CONTROLLER, GObject)

EsLiveController *es_live_controller_new           (EsLiveFollower   *follower);
EsLiveFollower   *es_live_controller_get_follower  (EsLiveController *self);
void              es_live_controller_set_session   (EsLiveController *self,
                                                    EsSession        *session);
gboolean          es_live_controller_get_following (EsLiveController *self);
void              es_live_controller_set_following (EsLiveController *self,
                                                    gboolean          following);
const char       *es_live_controller_get_status    (EsLiveController *self);
char             *es_live_controller_dup_notice    (EsLiveController *self);

G_END_DECLS
