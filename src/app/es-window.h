/* es-window.h
 *
 * Copyright 2026 The Eventscope authors
 *
 * This program is free software: you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation, either version 3 of the License, or
 * (at your option) any later version.
 *
 * This program is distributed in the hope that it will be useful,
 * but WITHOUT ANY WARRANTY; without even the implied warranty of
 * MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
 * GNU General Public License for more details.
 *
 * You should have received a copy of the GNU General Public License
 * along with this program.  If not, see <https://www.gnu.org/licenses/>.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-application.h"
#include "es-live-follower.h"
#include "es-session.h"
#include "es-stats-panel.h"
#include "es-pane-fit.h"
#include "es-timeline.h"

G_BEGIN_DECLS

#define ES_TYPE_WINDOW (es_window_get_type ())

G_DECLARE_FINAL_TYPE (EsWindow, es_window, ES, WINDOW, GtkApplicationWindow)

EsWindow *es_window_new       (EsApplication *application);
GFile    *es_window_get_file  (EsWindow      *self);
void      es_window_open_file (EsWindow      *self,
                               GFile         *file);
void      es_window_follow    (EsWindow      *self,
                               const char    *source,
                               const char    *record_path);
gboolean        es_window_get_following     (EsWindow *self);
EsLiveFollower *es_window_get_live_follower (EsWindow *self);
EsSession    *es_window_get_session     (EsWindow *self);
EsTimeline   *es_window_get_timeline    (EsWindow *self);
EsPaneFit    *es_window_get_timeline_fit (EsWindow *self);
EsStatsPanel *es_window_get_stats_panel (EsWindow *self);

G_END_DECLS
