/* es-live-dialogs.h: naming a live source, and keeping what was received
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "es-live-follower.h"

G_BEGIN_DECLS

/* Called with the source the person named, in the dialog's parent. */
typedef void (*EsLiveSourceChosenFunc) (GtkWindow  *parent,
                                        const char *source);

GtkWindow *es_live_source_dialog_new  (GtkWindow              *parent,
                                       EsLiveSourceChosenFunc  chosen);
void       es_live_save_record        (GtkWindow              *parent,
                                       EsLiveFollower         *follower);

G_END_DECLS
