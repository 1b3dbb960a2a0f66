/* es-profile-private.h: what es-profile.c shares with the call time's
 * counting (es-profile-time.c) and the Profile row's columns
 * (es-profile-columns.c)
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-profile.h"

G_BEGIN_DECLS

void _es_profile_count_time (EsDocument                *document,
                             const EsProfSampledStacks *sampled,
                             guint64                    t0,
                             guint64                    t1,
                             guint                      cap,
                             guint64                   *counts);

G_END_DECLS
