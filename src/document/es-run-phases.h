/* es-run-phases.h: where a GHC program's initialisation and exit are in
 * its log, and its tasks, as +RTS -s counts them
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document.h"

G_BEGIN_DECLS

typedef struct
{
  gboolean    init_known;
  guint64     init_end;         /* INIT is [0, init_end] */
  gboolean    exit_known;
  guint64     exit_start;       /* EXIT is [exit_start, end of the log], less its GC */
  const char *init_unknown;     /* (nullable): why INIT is not known */
  const char *exit_unknown;     /* (nullable): why EXIT is not known */
  gboolean    threaded;         /* the threaded RTS (-threaded): it prints TASKS */
  gboolean    profiled;         /* the profiling RTS (-prof): it prints PROF, its censuses' time */
  gboolean    tasks_known;
  guint       n_tasks;          /* TASKS: n (bound, peak workers (workers total), using -N caps) */
  guint       n_bound;
  guint       peak_workers;
  guint       n_workers;
  guint       n_caps;
} EsRunPhases;

void es_run_phases_find (EsDocument  *document,
                         EsRunPhases *phases);

G_END_DECLS
