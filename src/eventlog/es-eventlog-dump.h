/* es-eventlog-dump.h: the `ghc-events show` text of a whole log
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef void (*EsWriteFunc) (const char *data,
                             gsize       len,
                             gpointer    user_data);

typedef struct
{
  guint64  n_events;
  gboolean truncated;       /* no end marker: killed, or still being written */
  gint64   stop_offset;     /* where the complete events stop */
  gsize    partial_bytes;   /* bytes of an incomplete event after that */
} EsDumpStatus;

gboolean es_eventlog_dump (const char    *path,
                           EsWriteFunc    write_func,
                           gpointer       user_data,
                           EsDumpStatus  *status,
                           GCancellable  *cancellable,
                           GError       **error);

G_END_DECLS
