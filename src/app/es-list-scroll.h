/* es-list-scroll.h: scrolling a list view to a row, also before it has a size
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

G_END_DECLS
