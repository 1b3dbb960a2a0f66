/* es-mono-report.h: the text mprof-report prints, from a Mono profile
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-mono-profile.h"

G_BEGIN_DECLS

typedef enum
{
  ES_MONO_METHOD_SORT_TOTAL,
  ES_MONO_METHOD_SORT_SELF,
  ES_MONO_METHOD_SORT_CALLS,
} EsMonoMethodSort;

typedef enum
{
  ES_MONO_ALLOC_SORT_BYTES,
  ES_MONO_ALLOC_SORT_COUNT,
} EsMonoAllocSort;

/* mprof-report's default reports, in its order. */
#define ES_MONO_REPORT_DEFAULT \
  "header,jit,gc,sample,alloc,call,metadata,exception,monitor,thread,domain,context,heapshot,counters"

typedef struct
{
  const char       *reports;          /* NULL: ES_MONO_REPORT_DEFAULT */
  EsMonoMethodSort  method_sort;
  EsMonoAllocSort   alloc_sort;
  gboolean          traces;
  guint             max_frames;       /* of a backtrace shown; mprof-report's default is 6 */
  /* The interval, in ns on the log's clock, [from, to); the whole run
   * (and mprof-report's output, messages included) when not @interval. */
  gboolean          interval;
  guint64           from;
  guint64           to;
} EsMonoReportOptions;

/* The report's counts of the interval, for a script or a CI job
 * (`summary --json`): the same numbers its text prints. */
typedef struct
{
  guint64 samples;            /* hits: every instruction pointer of a sample */
  guint64 calls;              /* calls that ended in the interval */
  guint64 allocations;
  guint64 allocated_bytes;
  guint64 throws;
  guint64 clauses[5];         /* executed, by type: catch, filter, finally, (invalid), fault */
  guint64 lock_contentions;
  guint64 locks_acquired;
  guint64 lock_failures;
  guint64 lock_wait;          /* ns */
  guint64 resizes;
  guint64 objects_moved;
} EsMonoReportCounts;

/* A method's calls of the interval (es_mono_report_top_methods()). */
typedef struct
{
  guint32 method;             /* index in the profile's methods */
  guint64 calls;
  guint64 total;              /* ns, callees included */
  guint64 self;               /* ns */
} EsMonoMethodCalls;

/* A class's allocations of the interval (es_mono_report_top_classes()). */
typedef struct
{
  guint32 klass;              /* index in the profile's classes */
  guint64 count;
  guint64 bytes;
} EsMonoClassAllocs;

void      es_mono_report_options_init (EsMonoReportOptions  *options);
void      es_mono_report_count        (EsMonoProfile        *profile,
                                       const EsMonoReportOptions *options,
                                       EsMonoReportCounts   *counts);
GArray   *es_mono_report_top_methods  (EsMonoProfile        *profile,
                                       const EsMonoReportOptions *options,
                                       guint                 n);
GArray   *es_mono_report_top_classes  (EsMonoProfile        *profile,
                                       const EsMonoReportOptions *options,
                                       guint                 n);
gboolean  es_mono_report_check        (const char           *reports,
                                       GError              **error);
void      es_mono_report_write        (EsMonoProfile        *profile,
                                       const EsMonoReportOptions *options,
                                       GString              *out);

G_END_DECLS
