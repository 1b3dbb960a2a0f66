/* es-compare-window.h: two runs on one time axis
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "es-session.h"

G_BEGIN_DECLS

#define ES_TYPE_COMPARE_WINDOW (es_compare_window_get_type ())

G_DECLARE_FINAL_TYPE (EsCompareWindow, es_compare_window, ES, COMPARE_WINDOW, GtkApplicationWindow)

EsCompareWindow *es_compare_window_new          (GtkApplication  *application,
                                                 GFile           *a,
                                                 GFile           *b);
EsSession       *es_compare_window_get_session  (EsCompareWindow *self,
                                                 guint            run);
GtkWidget       *es_compare_window_get_stats    (EsCompareWindow *self);
const char      *es_compare_window_get_page     (EsCompareWindow *self);
const char      *es_compare_window_get_error    (EsCompareWindow *self);
void             es_compare_window_set_offset   (EsCompareWindow *self,
                                                 gint64           offset);
gint64           es_compare_window_get_offset   (EsCompareWindow *self);
gboolean         es_compare_window_align_at     (EsCompareWindow *self,
                                                 const char      *name);
void             es_compare_window_drag_run_b   (EsCompareWindow *self,
                                                 double           dx);
GtkWidget       *es_compare_window_get_align_choice (EsCompareWindow *self);
GtkWidget       *es_compare_window_get_timeline (EsCompareWindow *self,
                                                 guint            run);
GtkWidget       *es_compare_window_get_traces   (EsCompareWindow *self);

G_END_DECLS
