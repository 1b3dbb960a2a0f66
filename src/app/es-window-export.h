/* es-window-export.h: saving what the timeline shows as a picture
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "es-timeline.h"

G_BEGIN_DECLS

void     es_window_export_ask      (GtkWindow           *parent,
                                    EsTimeline          *timeline,
                                    GFile               *log);
void     es_window_export_to_file  (EsTimeline          *timeline,
                                    GFile               *file,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data);
gboolean es_window_export_finish   (GAsyncResult        *result,
                                    GError             **error);

G_END_DECLS
