/* es-label-cache.h: one-line labels ellipsized at the end, each text
 * shaped once and cut for every width without Pango laying it out again
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

typedef struct _EsLabelCache EsLabelCache;

EsLabelCache *es_label_cache_new   (const char   *font);
void          es_label_cache_free  (EsLabelCache *cache);
void          es_label_cache_begin (EsLabelCache *cache,
                                    cairo_t      *cr);
gboolean      es_label_cache_has   (EsLabelCache *cache,
                                    const char   *text);
gboolean      es_label_cache_show  (EsLabelCache *cache,
                                    cairo_t      *cr,
                                    const char   *text,
                                    double        x,
                                    double        y,
                                    int           height,
                                    double        max_width);

gboolean      es_label_cache_queue (EsLabelCache *cache,
                                    cairo_t      *cr,
                                    const char   *text,
                                    double        x,
                                    double        y,
                                    int           height,
                                    double        max_width);
guint         es_label_cache_flush (EsLabelCache *cache,
                                    cairo_t      *cr);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsLabelCache, es_label_cache_free)

G_END_DECLS
