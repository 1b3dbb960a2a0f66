/* es-give-back.h: the memory a page's first frames freed, given back
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void es_give_back_after_frame       (GtkWidget   *widget);
void es_give_back_on_page_switches  (GtkNotebook *notebook);

G_END_DECLS
