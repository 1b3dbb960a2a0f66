/* es-mono-report-private.h: what the files of the Mono report share
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-mono-report.h"

G_BEGIN_DECLS

/* mprof-report's hash tables: lists are made by walking the table's slots
 * in order, each slot's chain newest first, then sorted with a stable
 * sort (glibc's qsort merges), so ties keep that walk's order. */
#define ES_MONO_HASH_SIZE       9371
#define ES_MONO_SMALL_HASH_SIZE 31

typedef struct
{
  EsMonoProfile             *profile;
  const EsMonoReportOptions *options;
  GString                   *out;
} EsMonoReport;

static inline gboolean
_es_mono_report_keeps (const EsMonoReport *report,
                       guint64             time)
{
  return !report->options->interval || (time >= report->options->from && time < report->options->to);
}

/* The lock events of the interval, per lock object and in all. */
typedef struct
{
  guint64  *contentions;      /* per lock */
  guint64  *wait;             /* ns, per lock */
  guint64  *max_wait;
  gboolean *seen;             /* has an event in the interval */
  GArray  **stacks;           /* per lock, with --traces: the backtraces traced */
  guint64   n_contentions;
  guint64   n_acquired;
  guint64   n_failed;
} EsMonoLockSums;

void    _es_mono_report_sum_locks       (EsMonoReport   *report,
                                         EsMonoLockSums *sums);
void    _es_mono_report_clear_locks     (EsMonoReport   *report,
                                         EsMonoLockSums *sums);
GArray *_es_mono_report_methods_by_slot (EsMonoProfile *profile);
void    _es_mono_report_sum_calls       (const EsMonoReport *report,
                                         guint64       *calls,
                                         guint64       *total,
                                         guint64       *self);
void    _es_mono_report_sort_descending (GArray        *order,
                                         const guint64 *values);
GArray *_es_mono_report_classes_by_slot (EsMonoProfile *profile);
void    _es_mono_report_pointer         (GString       *out,
                                         guint64        pointer);
void    _es_mono_report_traces          (EsMonoReport  *report,
                                         GArray        *stacks,
                                         GArray        *weights,
                                         const char    *what);

void    _es_mono_report_samples         (EsMonoReport  *report);
void    _es_mono_report_heap_shots      (EsMonoReport  *report);
void    _es_mono_report_counters        (EsMonoReport  *report);
void    _es_mono_report_stats           (EsMonoReport  *report);
void    _es_mono_report_monitors        (EsMonoReport  *report);

G_END_DECLS
