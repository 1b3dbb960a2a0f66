/* es-window-drop.h: a log dropped on a window that shows one
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The dialog's answers, beside GTK's own (cancel, close). */
typedef enum
{
  ES_DROP_OPEN = 1,       /* in a window of its own */
  ES_DROP_COMPARE = 2,    /* with the log shown, as run B */
} EsDropChoice;

GtkWidget *es_window_drop_ask    (GtkWindow       *parent,
                                  GFile           *shown,
                                  GFile           *dropped,
                                  GdkModifierType  modifiers);
void       es_window_drop_choose (GtkWindow       *parent,
                                  GFile           *shown,
                                  GFile           *dropped,
                                  EsDropChoice     choice);

G_END_DECLS
