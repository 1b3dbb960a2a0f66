/* fuzz-mlpd.c: the Mono reader and its document on any bytes
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-mlpd-load.h"
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

  g_assert ((document == NULL) == (error != NULL));
  if (document != NULL)
    fuzz_walk_document (document);
  else
    g_assert (g_str_has_prefix (error->message, "byte "));
  return 0;
}
