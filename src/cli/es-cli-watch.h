/* es-cli-watch.h: eventscope-cli watch, a running program in a terminal
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

int es_cli_run_watch (int    argc,
                      char **argv);

G_END_DECLS
