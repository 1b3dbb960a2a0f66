/* es-band-cache.h: the timeline's bands of rows kept from one frame to the next
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "es-timeline-painter.h"

G_BEGIN_DECLS

typedef struct _EsBandCache EsBandCache;

EsBandCache   *es_band_cache_new     (void);
void           es_band_cache_free    (EsBandCache          *cache);
void           es_band_cache_forget  (EsBandCache          *cache);
void           es_band_cache_begin   (EsBandCache          *cache,
                                      const EsTimelineView *view,
                                      GArray               *rows);
GskRenderNode *es_band_cache_lookup  (EsBandCache          *cache,
                                      int                   top,
                                      int                   bottom);
void           es_band_cache_keep    (EsBandCache          *cache,
                                      int                   top,
                                      int                   bottom,
                                      GskRenderNode        *node);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsBandCache, es_band_cache_free)

G_END_DECLS
