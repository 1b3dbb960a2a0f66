/* es-test-gui.h: driving the viewer in a real window, for the GUI tests
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "es-application.h"
#include "es-window.h"

G_BEGIN_DECLS

extern EsApplication *es_test_app;

gboolean   es_test_gui_init            (int          *argc,
                                        char       ***argv);
void       es_test_wait_until          (gboolean    (*done) (gpointer data),
                                        gpointer      data,
                                        double        seconds);
void       es_test_wait_for_page       (EsWindow     *window,
                                        const char   *page);
char      *es_test_wait_for_statistics (EsWindow     *window,
                                        const char   *needle);
typedef gboolean (*EsTestWidgetMatch) (GtkWidget     *widget,
                                       gconstpointer  data);

GtkWidget *es_test_find_widget         (GtkWidget         *widget,
                                        EsTestWidgetMatch  match,
                                        gconstpointer      data);
GtkWidget *es_test_find_widget_of_type (GtkWidget    *widget,
                                        GType         type);
GtkWidget *es_test_find_check_button   (GtkWidget    *widget,
                                        const char   *label);
GtkWidget *es_test_find_label          (GtkWidget    *widget,
                                        const char   *needle);
EsWindow  *es_test_open_window         (const char   *path);
EsWindow  *es_test_follow_in_window    (const char   *source,
                                        const char   *record);
gboolean   es_test_follower_ended      (gpointer      window);
EsDocument *es_test_shown_document     (EsWindow     *window);
GtkEventController *es_test_find_controller (GtkWidget *widget,
                                             GType      type);

G_END_DECLS
