/* es-series.h: a time series with range minimum and maximum in O(log n)
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document-types.h"
#include "es-vec.h"

G_BEGIN_DECLS

typedef struct _EsSeries EsSeries;

EsSeries       *es_series_new          (void);
EsSeries       *es_series_copy         (EsSeries       *self);
gboolean        es_series_is_in_order  (EsSeries       *self);
void            es_series_free         (EsSeries       *self);
void            es_series_visit_records (EsSeries      *self,
                                         EsVecVisit     visit,
                                         gpointer       user_data);
void            es_series_use_file     (EsSeries       *self,
                                        EsVecFile      *file);
void            es_series_append       (EsSeries       *self,
                                        guint64         time,
                                        guint64         value);
void            es_series_merge        (EsSeries       *self,
                                        const EsSeries *from);
void            es_series_seal         (EsSeries       *self);
void            es_series_put_in_order (EsSeries       *self);
void            es_series_give_back    (EsSeries       *self);
guint           es_series_get_length   (const EsSeries *self);
void            es_series_drop_last    (EsSeries       *self);
const EsSample *es_series_get_samples  (const EsSeries *self);
guint           es_series_lower_bound  (const EsSeries *self,
                                        guint64         time);
guint           es_series_upper_bound  (const EsSeries *self,
                                        guint64         time);
gboolean        es_series_value_at     (const EsSeries *self,
                                        guint64         time,
                                        guint64        *value);
double          es_series_interpolate  (const EsSeries *self,
                                        guint64         time);
guint           es_series_count_in     (const EsSeries *self,
                                        guint64         t0,
                                        guint64         t1);
void            es_series_extremes_of  (const EsSeries *self,
                                        guint           from,
                                        guint           to,
                                        guint64        *min,
                                        guint64        *max);
gboolean        es_series_max_in       (const EsSeries *self,
                                        guint64         t0,
                                        guint64         t1,
                                        guint64        *max);
gboolean        es_series_min_in       (const EsSeries *self,
                                        guint64         t0,
                                        guint64         t1,
                                        guint64        *min);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsSeries, es_series_free)

G_END_DECLS
