/* es-test-cli.h: running eventscope-cli from a test
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What a run of the CLI gave: its exit code and both outputs. */
typedef struct
{
  int   exit_code;
  char *out;
  char *err;
} CliRun;

void cli_run_clear (CliRun      *run);
void run_cli_argv  (CliRun      *run,
                    const char **args);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CliRun, cli_run_clear)

G_END_DECLS
