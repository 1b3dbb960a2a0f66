/* es-test-prof.h: a time profile's samples read straight from the events,
 * and the RTS's .prof report, for checking the document against both
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* One PROF_SAMPLE_COST_CENTRE, its stack named outermost first, each frame
 * "label (Module)", with MAIN put back in front as `.prof` shows it. */
typedef struct
{
  guint64  time;
  guint16  cap;
  gboolean under_main;
  char   **frames;        /* NULL-terminated */
  char    *path;          /* the frames joined by ';' */
} EsTestProfSample;

GArray     *es_test_prof_read_samples (const char *eventlog_path);
GHashTable *es_test_prof_read_report  (const char *prof_path,
                                       guint64    *total_ticks);

G_END_DECLS
