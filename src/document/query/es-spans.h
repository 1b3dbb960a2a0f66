/* es-spans.h: the user's START/STOP spans, summed up by name
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
  const char *name;      /* the document's string */
  guint       count;     /* spans meeting the interval */
  guint64     total;     /* their time inside it, in ns */
  guint64     max;
} EsSpanSummary;

GArray *es_spans_summarize (EsDocument *document,
                            guint64     t0,
                            guint64     t1);

G_END_DECLS
