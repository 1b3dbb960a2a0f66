/* es-pause-index-private.h: the pauses of any run of collections, at once
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-pause-dist.h"

G_BEGIN_DECLS

typedef struct _EsPauseIndex EsPauseIndex;

const EsPauseIndex *es_pause_index_get     (EsDocument         *document);
const EsPauseIndex *es_pause_index_peek    (EsDocument         *document);
void                es_pause_index_dists   (const EsPauseIndex *index,
                                            guint               first,
                                            guint               last,
                                            EsPauseDists       *dists);

G_END_DECLS
