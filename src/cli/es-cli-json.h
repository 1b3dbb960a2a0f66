/* es-cli-json.h: summary and compare as JSON, for scripts and CI jobs
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document.h"
#include "es-heap-profile.h"
#include "es-mono-profile.h"
#include "es-stats-figures.h"

G_BEGIN_DECLS

/* One run and its interval, as a JSON object holds it. */
typedef struct
{
  const char           *path;
  EsDocument           *document;
  const EsStatsFigures *figures;
  const char           *align_marker;   /* or NULL */
  guint64               marker_time;    /* ns, when @align_marker */
  EsMonoProfile        *mono_profile;   /* (nullable): a Mono log's, for "mono" */
} EsCliJsonRun;

EsMonoProfile *es_cli_json_load_mono_profile (const char *source,
                                              EsDocument *document);

const char *es_cli_heap_band_name (const EsHeapProfileBand *band);
void es_cli_json_append_summary (GString            *out,
                                 const EsCliJsonRun *run);
void es_cli_json_append_compare (GString            *out,
                                 const EsCliJsonRun *a,
                                 const EsCliJsonRun *b,
                                 double              threshold);

G_END_DECLS
