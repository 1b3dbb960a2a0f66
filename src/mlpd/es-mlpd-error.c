/* es-mlpd-error.c
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "es-mlpd-error.h"

G_DEFINE_QUARK (es-mlpd-error-quark, es_mlpd_error)
