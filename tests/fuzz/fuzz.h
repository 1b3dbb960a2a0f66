/* fuzz.h: what a fuzz target provides
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "es-document.h"

int LLVMFuzzerTestOneInput (const guint8 *data,
                            size_t        size);

EsDocument *fuzz_build_document (const guint8 *data,
                                 size_t        size);
void        fuzz_walk_document  (EsDocument   *document);
