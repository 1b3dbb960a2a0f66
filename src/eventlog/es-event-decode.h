/* es-event-decode.h: payload layouts of every known event (private to src/eventlog)
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-event.h"

G_BEGIN_DECLS

#define ES_LAYOUT_VARIABLE (-1)
#define ES_LAYOUT_UNKNOWN  (-2)

/* Which stop-status numbering the log uses (decided from its header). */
typedef enum
{
  ES_STOP_NUMBERING_CURRENT,
  ES_STOP_NUMBERING_PRE_77,
  ES_STOP_NUMBERING_GHC_782,
} EsStopNumbering;

int      _es_event_layout_for     (guint16          tag,
                                   int              declared_size);
gboolean _es_event_decode_payload (EsEvent         *event,
                                   int              layout,
                                   EsStopNumbering  numbering,
                                   GError         **error);

G_END_DECLS
