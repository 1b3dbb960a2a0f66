/* es-heap-profile.h: a heap profile's top bands over time, ready to stack
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document.h"

G_BEGIN_DECLS

/* As many bands as a legend can name and a palette can tell apart. */
#define ES_HEAP_PROFILE_DEFAULT_TOP 8

/* One band of the chart: one of the document's bands, or every other band
 * summed up ("other", always the last). */
typedef struct
{
  guint32      band;          /* the document's band, unused for "other" */
  gboolean     is_other;
  guint64      total;         /* residency summed over every census: the rank */
  const char  *short_name;    /* for a legend: "Main.fib", "GHC.Types.I#"; NULL for
                               * "other" and for an empty cost-centre stack */
  const char  *full_name;     /* the whole cost-centre stack, innermost first, or
                               * the sample string; NULL where short_name is */
} EsHeapProfileBand;

/* A band's residency over the censuses of an interval. */
typedef struct
{
  guint    band;              /* index into the profile's bands */
  double   mean;              /* bytes */
  guint64  max;
} EsHeapBandStats;

typedef struct _EsHeapProfile EsHeapProfile;
typedef struct _EsHeapProfileGrower EsHeapProfileGrower;

EsHeapProfile           *es_heap_profile_new             (EsDocument          *document,
                                                          guint                n_top);
void                     es_heap_profile_free            (EsHeapProfile       *self);
const EsHeapProfile     *es_heap_profile_get             (EsDocument          *document);

guint                    es_heap_profile_get_n_bands     (const EsHeapProfile *self);
const EsHeapProfileBand *es_heap_profile_get_band        (const EsHeapProfile *self,
                                                          guint                band);
guint                    es_heap_profile_get_n_censuses  (const EsHeapProfile *self);
guint64                  es_heap_profile_get_census_time (const EsHeapProfile *self,
                                                          guint                census);
const guint64           *es_heap_profile_get_stack       (const EsHeapProfile *self,
                                                          guint                census);
guint64                  es_heap_profile_get_residency   (const EsHeapProfile *self,
                                                          guint                census,
                                                          guint                band);
guint64                  es_heap_profile_get_max_total   (const EsHeapProfile *self);
guint                    es_heap_profile_census_at       (const EsHeapProfile *self,
                                                          guint64              time);
guint                    es_heap_profile_nearest_census  (const EsHeapProfile *self,
                                                          guint64              time);
GArray                  *es_heap_profile_summarize       (const EsHeapProfile *self,
                                                          guint64              t0,
                                                          guint64              t1,
                                                          guint               *n_censuses);

EsHeapProfileGrower     *es_heap_profile_grower_new      (guint                n_top);
EsHeapProfileGrower     *es_heap_profile_grower_ref      (EsHeapProfileGrower *self);
void                     es_heap_profile_grower_unref    (EsHeapProfileGrower *self);
void                     es_heap_profile_grower_give     (EsHeapProfileGrower *self,
                                                          EsDocument          *snapshot);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsHeapProfile, es_heap_profile_free)

G_END_DECLS
