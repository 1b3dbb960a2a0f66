/* es-lod.h: what lies in each pixel column of a span, in O(columns x log n)
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document.h"

G_BEGIN_DECLS

/* Fractions of the column's time, summing to 1. */
typedef struct
{
  float running;
  float gc;
  float gc_waiting;
  float exit_suspend;  /* Mono's runtime waiting for threads to stop at exit */
  float idle;
  float no_data;     /* after the cap's last event, in a log cut short */
} EsActivityColumn;

/* Spark rates are per second, from the cumulative counters interpolated
 * between their samples; the pool is the spark pool's size. */
typedef struct
{
  float    created, dud, overflowed;
  float    converted, fizzled, gcd;
  guint64  pool_min, pool_max;
  gboolean has_pool;
} EsSparkColumn;

typedef struct
{
  guint64  size_min, size_max;     /* HEAP_SIZE */
  guint64  live_min, live_max;     /* HEAP_LIVE */
  double   alloc_rate;             /* bytes per second, all caps */
  gboolean has_size;
  gboolean has_live;
} EsHeapColumn;

guint64 es_lod_column_start (guint64            t0,
                             guint64            t1,
                             guint              n_columns,
                             guint              column);
void    es_lod_prepare      (EsDocument        *document);
void    es_lod_activity     (EsDocument        *document,
                             guint              cap,
                             guint64            t0,
                             guint64            t1,
                             guint              n_columns,
                             EsActivityColumn  *columns);
gsize   es_lod_busy_caps    (EsDocument        *document,
                             guint64            t0,
                             guint64            t1,
                             guint              n_columns,
                             float             *busy);
void    es_lod_sparks       (EsDocument        *document,
                             guint              cap,
                             guint64            t0,
                             guint64            t1,
                             guint              n_columns,
                             EsSparkColumn     *columns);
void    es_lod_heap         (EsDocument        *document,
                             guint64            t0,
                             guint64            t1,
                             guint              n_columns,
                             EsHeapColumn      *columns);
void    es_lod_instants     (EsDocument        *document,
                             guint              cap,
                             guint32            kind_mask,
                             guint64            t0,
                             guint64            t1,
                             guint              n_columns,
                             guint32           *counts);

G_END_DECLS
