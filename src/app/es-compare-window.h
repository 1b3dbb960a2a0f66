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

G_END_DECLS
