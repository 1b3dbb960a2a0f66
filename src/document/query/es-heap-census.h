/* es-heap-census.h: one census of a heap profile (a Mono heap shot),
 * class by class, and its change from another
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document.h"

G_BEGIN_DECLS

#define ES_HEAP_CENSUS_NONE G_MAXUINT

/* A band of a census (a class of a heap shot) and its change since the
 * census it is compared with: a band that census did not have changed
 * from nothing; one only that census had is here with nothing left. */
typedef struct
{
  guint32  band;              /* the document's band: the class's name */
  guint64  bytes;
  guint64  objects;           /* 0 where the log counts bytes only (GHC) */
  gint64   bytes_change;      /* since the census compared with (0 without one) */
  gint64   objects_change;
  gboolean in_base;           /* whether the census compared with had it */
  gboolean in_census;         /* whether this census has it */
} EsHeapCensusBand;

typedef struct
{
  guint64 time;
  guint64 bytes;
  guint64 objects;
  guint   n_bands;            /* with bytes in it */
} EsHeapCensusTotals;

guint    es_heap_census_get_n       (EsDocument         *document);
gboolean es_heap_census_counts_objects (EsDocument      *document);
void     es_heap_census_get_totals  (EsDocument         *document,
                                     guint               census,
                                     EsHeapCensusTotals *totals);
guint    es_heap_census_nearest     (EsDocument         *document,
                                     guint64             time);
guint    es_heap_census_before      (EsDocument         *document,
                                     guint               census);
GArray  *es_heap_census_compare     (EsDocument         *document,
                                     guint               census,
                                     guint               base);
char    *es_heap_census_format_change (gint64          bytes);

G_END_DECLS
