/* es-align.h: two runs put on one time axis at a moment both have
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document.h"

G_BEGIN_DECLS

/* Most names a comparison offers to align at: more are iterations, not
 * phases, and the earliest ones are kept. */
#define ES_ALIGN_MAX_NAMES 200

gboolean  es_align_find          (EsDocument *document,
                                  GArray     *bookmarks,
                                  const char *name,
                                  guint64    *time);
GStrv     es_align_common_names  (EsDocument *a,
                                  GArray     *a_bookmarks,
                                  EsDocument *b,
                                  GArray     *b_bookmarks);
guint64   es_align_shift         (guint64     time,
                                  gint64      offset,
                                  guint64     end);

G_END_DECLS
