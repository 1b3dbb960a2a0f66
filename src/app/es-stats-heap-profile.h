/* es-stats-heap-profile.h: the heap profile's bands in the statistics panel
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "es-document.h"

G_BEGIN_DECLS

typedef struct _EsStatsHeapProfile EsStatsHeapProfile;

EsStatsHeapProfile *es_stats_heap_profile_compute (EsDocument         *document,
                                                   guint64             t0,
                                                   guint64             t1);
void                es_stats_heap_profile_free    (EsStatsHeapProfile *self);
void                es_stats_heap_profile_show    (EsStatsHeapProfile *self,
                                                   GtkWidget          *content,
                                                   GString            *text);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsStatsHeapProfile, es_stats_heap_profile_free)

G_END_DECLS
