/* es-profile-time.c: each stack's call time in an interval, the stretches
 * at its ends cut there
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-profile-private.h"

/**
 * _es_profile_count_time:
 * @cap: the one cap (a Mono log's thread row) counted, or
 *   ES_PROFILE_ALL_CAPS
 * @counts: per sampled stack, by slot: its time in [@t0, @t1) is added
 *
 * Per thread of the call time, each stack's time before @t1 less its
 * time before @t0: each from a checkpoint and the few changes after it
 * (es_document_add_call_time_before()).
 */
void
_es_profile_count_time (EsDocument                *document,
                        const EsProfSampledStacks *sampled,
                        guint64                    t0,
                        guint64                    t1,
                        guint                      cap,
                        guint64                   *counts)
{
  guint n_streams = es_document_get_n_call_streams (document);

  for (guint s = 0; s < n_streams; s++)
    {
      if (cap != ES_PROFILE_ALL_CAPS && es_document_get_call_stream_cap (document, s) != cap)
        continue;
      es_document_add_call_time_before (document, s, t1, sampled->slot_of, 1, counts);
      if (t0 > 0)
        es_document_add_call_time_before (document, s, t0, sampled->slot_of, (guint64) -1, counts);
    }
}
