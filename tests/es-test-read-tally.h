/* es-test-read-tally.h: what a read of a GHC log handed out, as text and
 * counts, to hold one way of reading to another
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-eventlog-reader.h"

G_BEGIN_DECLS

#define ES_READ_TALLY_CAPS 64

/* What a read gave: a `dump` line per event handed out, with its offset,
 * cap and sizes, and per cap the events of @counted_tags by number and
 * earliest and latest times, whether a batch only counted them or handed
 * them out. A cap past the last slot fails the test, unless @fold_caps_from
 * is not 0: then it and every cap past it (ES_CAP_NONE too) are counted
 * together in its slot, as a fuzz target must take any cap a log names. */
typedef struct
{
  EsEventlogReader *reader;
  guint64           counted_tags;
  guint             fold_caps_from;
  GString          *lines;
  guint64           n_counted[ES_READ_TALLY_CAPS];
  guint64           earliest[ES_READ_TALLY_CAPS];
  guint64           latest[ES_READ_TALLY_CAPS];
} EsReadTally;

void     es_read_tally_init       (EsReadTally        *tally,
                                   guint64             counted_tags,
                                   guint               fold_caps_from);
void     es_read_tally_clear      (EsReadTally        *tally);
void     es_read_tally_count      (EsReadTally        *tally,
                                   guint16             cap,
                                   guint               n,
                                   guint64             earliest,
                                   guint64             latest);
void     es_read_tally_take_event (EsReadTally        *tally,
                                   const EsEvent      *event);
void     es_read_tally_take_batch (EsReadTally        *tally,
                                   const EsEventBatch *batch);
gboolean es_read_tally_equal      (const EsReadTally  *a,
                                   const EsReadTally  *b);

G_END_DECLS
