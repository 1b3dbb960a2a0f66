/* fuzz-mlpd.c: the Mono reader and its document on any bytes
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-mlpd-load.h"
#include "es-mono-report.h"
#include "fuzz.h"

/* Whatever loads must be a document every view can walk; whatever does not
 * must say where it went wrong. */
int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (data, size);
  g_autoptr(GError) error = NULL;
  g_autoptr(EsDocument) document = es_mlpd_load_document (bytes, FALSE, NULL, NULL, NULL, &error);

  g_autoptr(GError) profile_error = NULL;
  g_autoptr(EsMonoProfile) profile = NULL;

  g_assert ((document == NULL) == (error != NULL));
  if (document != NULL)
    fuzz_walk_document (document);
  else
    g_assert (g_str_has_prefix (error->message, "byte "));

  /* and mprof-report's text of it, every report with every backtrace, for
   * the whole run and an interval */
  profile = es_mono_profile_load (data, size, &profile_error);
  g_assert ((profile == NULL) == (profile_error != NULL));
  if (profile != NULL)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      EsMonoReportOptions options;

      es_mono_report_options_init (&options);
      options.reports = ES_MONO_REPORT_DEFAULT ",stats,coverage";
      options.traces = TRUE;
      es_mono_report_write (profile, &options, text);
      options.interval = TRUE;
      options.from = profile->min_time + (profile->max_time - profile->min_time) / 3;
      options.to = profile->max_time;
      es_mono_report_write (profile, &options, text);
    }
  else
    g_assert (g_str_has_prefix (profile_error->message, "byte "));
  return 0;
}
