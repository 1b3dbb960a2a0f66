/* es-cli-compare.h: eventscope-cli compare, two runs side by side
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "es-document.h"

G_BEGIN_DECLS

int es_cli_run_compare       (int           argc,
                              char        **argv);

/* From es-cli.c, shared by the commands: the exit code for a failed load
 * (said on stderr), and the warnings once a document is printed. */
int es_cli_report_error      (const char   *path,
                              const GError *error);
int es_cli_finish_document   (const char   *path,
                              EsDocument   *document);

G_END_DECLS
