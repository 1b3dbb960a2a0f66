/* es-recent-logs.h: the eventlogs opened lately, kept in the settings
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

char  *es_recent_logs_dup_folder_label (GFile      *file);
void   es_recent_logs_remember         (GSettings  *settings,
                                        GFile      *file);
guint  es_recent_logs_fill             (GtkListBox *list,
                                        GSettings  *settings);

G_END_DECLS
