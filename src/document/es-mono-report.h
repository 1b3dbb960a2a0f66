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

void      es_mono_report_options_init (EsMonoReportOptions  *options);
gboolean  es_mono_report_check        (const char           *reports,
                                       GError              **error);
void      es_mono_report_write        (EsMonoProfile        *profile,
                                       const EsMonoReportOptions *options,
                                       GString              *out);

G_END_DECLS
