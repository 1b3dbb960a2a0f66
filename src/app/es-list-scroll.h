/* es-list-scroll.h: scrolling a list view to a row, also before it has a size;
 * a column view given its rows once shown
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void es_list_scroll_to_item (GtkWidget *list_view,
                             guint      position);
void es_column_view_set_model_when_shown (GtkColumnView     *view,
                                          GtkSelectionModel *model);

G_END_DECLS
