/* es-heap-profile-private.h: what a heap profile is made of, for its grower
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-chunks.h"
#include "es-heap-profile.h"

G_BEGIN_DECLS

struct _EsHeapProfile
{
  GArray       *bands;       /* EsHeapProfileBand, by total, "other" last */
  GStringChunk *names;
  guint         stride;      /* values in a census's stack: n_bands + 1 */
  EsChunks      censuses;    /* guint64 x (1 + stride) per census, by time: its time, then its stack */
  guint64       max_total;
};

EsHeapProfile *_es_heap_profile_new_empty (guint stride);
void           _es_heap_profile_add_band  (EsHeapProfile *self,
                                           EsDocument    *document,
                                           GHashTable    *cost_centres,
                                           const EsHeapProfileBand *band);
GHashTable    *_es_heap_profile_cost_centres (EsDocument *document);
EsHeapProfile *_es_heap_profile_grower_make  (EsHeapProfileGrower *self,
                                              EsDocument          *document,
                                              gboolean             finished);

static inline guint64
_es_heap_add_saturated (guint64 a,
                        guint64 b)
{
  return a > G_MAXUINT64 - b ? G_MAXUINT64 : a + b;
}

G_END_DECLS
