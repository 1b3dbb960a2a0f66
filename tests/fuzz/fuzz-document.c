/* fuzz-document.c: reader, builder, statistics and level of detail on any bytes
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "fuzz.h"

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(EsDocument) document = fuzz_build_document (data, size);

  if (document != NULL)
    fuzz_walk_document (document);
  return 0;
}
