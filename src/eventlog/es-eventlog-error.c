/* es-eventlog-error.c
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "es-eventlog-error.h"

G_DEFINE_QUARK (es-eventlog-error-quark, es_eventlog_error)
