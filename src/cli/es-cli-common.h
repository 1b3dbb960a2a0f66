/* es-cli-common.h: what eventscope-cli's commands share
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "es-document.h"

G_BEGIN_DECLS

/* Exit codes: 0 success (also for a log cut short, with a warning), 1 for
 * usage and I/O problems, 2 for a log that cannot be decoded (also for a
 * damaged one, once what came before the damage is printed). */
enum
{
  EXIT_OK = 0,
  EXIT_USAGE = 1,
  EXIT_BAD_LOG = 2,
};

/* The exit code for a failed load (said on stderr), the warnings once a
 * document is printed, a log loaded with its --from/--to interval, and
 * the summary as `summary` prints it (in es-cli.c). */
int es_cli_report_error      (const char   *path,
                              const GError *error);
int es_cli_finish_document   (const char   *path,
                              EsDocument   *document);
int es_cli_load_interval     (const char   *command,
                              const char   *what,
                              const char   *source,
                              const char   *record,
                              const char   *from,
                              const char   *to,
                              gboolean      allow_empty,
                              gboolean      statistics,
                              EsDocument  **document,
                              guint64      *t0,
                              guint64      *t1);
EsDocument *es_cli_load_statistics (const char   *path,
                                    const char   *from,
                                    const char   *to,
                                    GError      **error);
gboolean es_cli_cover_interval (const char   *path,
                                EsDocument  **document,
                                guint64       t0,
                                guint64       t1,
                                GError      **error);
int es_cli_print_summary     (const char   *source,
                              EsDocument   *document,
                              guint64       t0,
                              guint64       t1,
                              gboolean      json);

G_END_DECLS
