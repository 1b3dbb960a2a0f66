/* es-cli-report.h: eventscope-cli report
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

int es_cli_run_report (int    argc,
                       char **argv);

G_END_DECLS
