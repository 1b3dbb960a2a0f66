/* es-compare-stats.h: two runs' statistics side by side
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "es-document.h"

G_BEGIN_DECLS

#define ES_TYPE_COMPARE_STATS (es_compare_stats_get_type ())

G_DECLARE_FINAL_TYPE (EsCompareStats, es_compare_stats, ES, COMPARE_STATS, GtkWidget)

GtkWidget *es_compare_stats_new        (void);
void       es_compare_stats_show       (EsCompareStats *self,
                                        EsDocument     *a,
                                        guint64         a_t0,
                                        guint64         a_t1,
                                        EsDocument     *b,
                                        guint64         b_t0,
                                        guint64         b_t1,
                                        gboolean        whole_runs);
gboolean   es_compare_stats_is_busy    (EsCompareStats *self);
void       es_compare_stats_set_settings  (EsCompareStats *self,
                                           GSettings      *settings);
void       es_compare_stats_set_threshold (EsCompareStats *self,
                                           double          percent);
char      *es_compare_stats_dup_row    (EsCompareStats *self,
                                        const char     *key);

G_END_DECLS
