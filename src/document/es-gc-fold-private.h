/* es-gc-fold-private.h: the GCs of a document loaded for statistics only
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document-types.h"
#include "es-vec.h"

G_BEGIN_DECLS

/* The rest of a generation's GCs that start in the interval, added up. */
typedef struct
{
  guint64 copied;
  guint64 par_tot_copied;
  guint64 par_balanced_copied;
  guint64 max_slop;
} EsGcFoldGen;

/* The GCs of a document loaded for statistics only, folded for one
 * interval as they come: their spans, in the order EsDocument's gcs would
 * hold them (start order once finished), and what else es_stats_compute()
 * adds up of those starting in [t0, t1]. */
typedef struct
{
  guint64      t0, t1;
  EsVec        spans;               /* EsGcSpan */
  GArray      *gens;                /* EsGcFoldGen, by generation: as many as the document's */
  gboolean     inconsistent;        /* a GC in the interval whose statistics cannot be */
  EsGc         first_inconsistent;  /* the earliest of them, its end once finished */
  guint        inconsistent_span;   /* its span, until finished */
} EsGcFold;

EsGcFold *_es_gc_fold_new       (guint64         t0,
                                 guint64         t1);
void      _es_gc_fold_free      (EsGcFold       *fold);
guint     _es_gc_fold_add       (EsGcFold       *fold,
                                 const EsGc     *gc);
void      _es_gc_fold_merge     (EsGcFold       *into,
                                 const EsGcFold *from);
void      _es_gc_fold_finish    (EsGcFold       *fold);

static inline guint
_es_gc_generation (guint16 generation)
{
  return generation == ES_GC_GENERATION_UNKNOWN ? 0 : generation;
}

G_END_DECLS
