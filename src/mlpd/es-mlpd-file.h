/* es-mlpd-file.h: a Mono log's bytes from a file, packed or not
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

gboolean  es_mlpd_sniff_file  (const char     *path);
gboolean  es_mlpd_file_is_packed (const char  *path);
GBytes   *es_mlpd_read_file   (const char     *path,
                               guint64         max_unpacked,
                               gboolean       *cut_short,
                               GError        **damage,
                               GCancellable   *cancellable,
                               GError        **error);

G_END_DECLS
