/* es-cli-source.h: a log named as a SOURCE, made a file the commands read
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

int  es_cli_source_open     (const char  *source,
                             const char  *record,
                             char       **path);
const char *es_cli_source_get_file (const char *source);
void es_cli_source_say_kept (const char  *source);
void es_cli_source_say_kept_aside (const char *source,
                                   const char *record,
                                   const char *kept_path,
                                   guint64     bytes);
int  es_cli_source_finish   (int          exit_code);

G_END_DECLS
