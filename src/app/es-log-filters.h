/* es-log-filters.h: the file types the open dialog offers
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

GListModel           *es_log_filters_new (void);
GtkFileChooserNative *es_log_chooser_new (GtkWindow  *parent,
                                          const char *title,
                                          const char *accept_label,
                                          GSettings  *settings);

G_END_DECLS
