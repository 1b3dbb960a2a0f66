/* es-cli-profile.h: eventscope-cli profile
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "es-document.h"

G_BEGIN_DECLS

int es_cli_run_profile    (int         argc,
                           char      **argv);
#if ES_HAVE_EXPORT
int es_cli_export_profile (EsDocument *document,
                           const char *log_path,
                           guint64     t0,
                           guint64     t1,
                           int         width,
                           gboolean    dark,
                           const char *out);
#endif

G_END_DECLS
