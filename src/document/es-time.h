/* es-time.h: times and sizes as people write them
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean es_time_parse (const char  *text,
                        guint64      run_start,
                        guint64      run_end,
                        guint64     *time,
                        GError     **error);
gboolean es_size_parse (const char  *text,
                        guint64      whole,
                        guint64     *bytes,
                        GError     **error);
char    *es_format_count    (guint64      n);
char    *es_format_duration (guint64      ns);

G_END_DECLS
