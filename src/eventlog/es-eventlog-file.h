/* es-eventlog-file.h: reading a whole log from a file
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "es-eventlog-reader.h"

G_BEGIN_DECLS

/* Called for every event; return FALSE to stop reading early. */
typedef gboolean (*EsEventFunc)            (const EsEvent *event,
                                            gpointer       user_data);

/* Called now and then with the bytes read so far. */
typedef void     (*EsEventlogProgressFunc) (guint64  bytes_read,
                                            guint64  bytes_total,
                                            gpointer user_data);

GMappedFile *es_eventlog_map_file (const char  *path,
                                   GError     **error);
gboolean es_eventlog_read_file (EsEventlogReader        *reader,
                                const char              *path,
                                EsEventFunc              event_func,
                                EsEventlogProgressFunc   progress_func,
                                gpointer                 user_data,
                                GCancellable            *cancellable,
                                GError                 **error);
gboolean es_eventlog_read_file_in_batches (EsEventlogReader        *reader,
                                           const char              *path,
                                           EsEventBatchFunc         batch_func,
                                           EsEventlogProgressFunc   progress_func,
                                           gpointer                 user_data,
                                           GCancellable            *cancellable,
                                           GError                 **error);

G_END_DECLS
