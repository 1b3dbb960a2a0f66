/* es-bench-util.h: what every benchmark prints its figures with
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

double es_bench_median      (double *values,
                             int     n);
double es_bench_peak_rss_mb (void);
double es_bench_thread_cpu_ms (void);
glong  es_bench_thread_minor_faults (void);
guint64 es_bench_step_over_events (const guint8 *data,
                                   gsize         len);

/* The bare walks over a log in the page cache, medians of their runs. */
typedef struct
{
  double  mb;               /* the log's size */
  double  floor_s;          /* stepping over every event */
  double  reader_s;         /* the reader decoding every field, in batches, on one core */
  guint64 floor_events;
  guint64 reader_events;
} EsBenchWalks;

gboolean es_bench_time_walks (const char   *path,
                              int           runs,
                              EsBenchWalks *walks,
                              GError      **error);
double   es_bench_time_reader (const char  *path,
                               double      *cpu_s,
                               guint64     *n_events,
                               GError     **error);
double es_bench_status_mb   (const char *field);
double es_bench_pss_mb      (void);

typedef struct _EsBenchPssSampler EsBenchPssSampler;

/* The PSS at its peak, in MB, and what it was made of; a live log's
 * records' file counts whole, mapped or not. */
typedef struct
{
  double pss;
  double shared;            /* memory files: a live log's records */
  double malloc_in_use;     /* 0 without glibc */
  double malloc_free;       /* held by malloc's arenas, not in use */
} EsBenchPssPeak;

EsBenchPssSampler *es_bench_pss_sampler_start (void);
double             es_bench_pss_sampler_stop  (EsBenchPssSampler *sampler,
                                                EsBenchPssPeak    *at_peak);

G_END_DECLS
