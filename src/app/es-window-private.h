/* es-window-private.h: the window's state, shared by its parts
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document-loader.h"
#include "es-event-list.h"
#include "es-live-controller.h"
#include "es-pane-fit.h"
#include "es-pause-panel.h"
#include "es-profile-panel.h"
#include "es-heap-shot-panel.h"
#include "es-mono-panel.h"
#include "es-session.h"
#include "es-sidebar.h"
#include "es-stats-panel.h"
#include "es-timeline.h"
#include "es-window.h"

G_BEGIN_DECLS

/* es-window.c shows logs; es-window-open.c asks which (the Open and
 * Compare With dialogs, a drop, the sample); es-window-live.c follows one
 * while its program writes it. */

struct _EsWindow
{
  GtkApplicationWindow  parent_instance;

  /* Template widgets */
  GtkLabel             *title_label;
  GtkLabel             *subtitle_label;
  GtkStack             *stack;
  GtkLabel             *loading_label;
  GtkProgressBar       *progress_bar;
  GtkLabel             *error_title;
  GtkLabel             *error_message;
  GtkWidget            *error_open_button;
  GtkRevealer          *notice_revealer;
  GtkLabel             *notice_label;
  EsSidebar            *sidebar;
  GtkPaned             *outer_paned;
  GtkPaned             *inner_paned;
  /* Keeps the divider under the timeline's last row, until the user moves it */
  EsPaneFit            *timeline_fit;
  GtkWidget            *recent_heading;
  GtkListBox           *recent_list;
  GtkWidget            *zoom_box;
  GtkWidget            *follow_button;
  EsTimeline           *timeline;
  EsStatsPanel         *stats_panel;
  EsPausePanel         *pause_panel;
  EsEventList          *event_list;
  EsProfilePanel       *profile_panel;
  EsHeapShotPanel      *heap_shot_panel;
  EsMonoPanel          *mono_panel;     /* shown for a Mono log only */

  /* The file shown or loading, or NULL while the window is empty */
  GFile                *file;
  EsDocumentLoader     *loader;
  EsSession            *session;
  /* While the log is followed as its program writes it */
  EsLiveController     *live;
  /* Waits for the program's next run at the same socket, for a window of
   * its own */
  EsLiveFollower       *next_run;
  /* Cancels the load of @file when the user, another file or closing the
   * window replaces it */
  GCancellable         *cancellable;
  /* The open dialog while it is shown */
  GtkNativeDialog      *chooser;
  gboolean              chooser_compares;   /* the chosen log is run B */
};

GSettings *_es_window_get_settings        (EsWindow     *self);
void     _es_window_set_titles            (EsWindow     *self,
                                           const char   *title,
                                           const char   *subtitle);
void     _es_window_show_error            (EsWindow     *self,
                                           const char   *name,
                                           const GError *error);
void     _es_window_show_document         (EsWindow     *self,
                                           EsDocument   *document);
void     _es_window_notify_following      (EsWindow     *self);

void     _es_window_update_live_actions   (EsWindow     *self);
void     _es_window_stop_live             (EsWindow     *self);
void     _es_window_follow_full           (EsWindow     *self,
                                           const char   *source,
                                           const char   *record_path,
                                           gboolean      keep_shown);
gboolean _es_window_follow_if_stream      (EsWindow     *self,
                                           GFile        *file);
gboolean _es_window_log_is_being_written  (GFile        *file,
                                           EsDocument   *document);
void     _es_window_live_action           (GtkWidget    *widget,
                                           const char   *action_name,
                                           GVariant     *parameter);

void     _es_window_open_action           (GtkWidget     *widget,
                                           const char    *action_name,
                                           GVariant      *parameter);
void     _es_window_compare_action        (GtkWidget     *widget,
                                           const char    *action_name,
                                           GVariant      *parameter);
void     _es_window_open_sample_action    (GtkWidget     *widget,
                                           const char    *action_name,
                                           GVariant      *parameter);
gboolean _es_window_drop_cb               (GtkDropTarget *target,
                                           const GValue  *value,
                                           double         x,
                                           double         y,
                                           EsWindow      *self);

G_END_DECLS
