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

G_END_DECLS
