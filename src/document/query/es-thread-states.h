/* es-thread-states.h: threads' states over time, for drawing and hovering
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document.h"

G_BEGIN_DECLS

/* Why a blocked thread waits, in the groups people reason about. */
typedef enum
{
  ES_BLOCK_MVAR,          /* takeMVar, putMVar, readMVar */
  ES_BLOCK_BLACK_HOLE,    /* a thunk another thread evaluates */
  ES_BLOCK_STM,
  ES_BLOCK_IO,            /* the I/O manager: reads, writes, processes */
  ES_BLOCK_DELAY,         /* threadDelay */
  ES_BLOCK_FOREIGN_CALL,  /* a safe foreign call */
  ES_BLOCK_OTHER,         /* throwTo and the rest */
  ES_N_BLOCK_REASONS
} EsBlockReason;

EsBlockReason  es_block_reason_from_stop   (guint8               stop_status);
guint          es_thread_states_find       (const EsThreadState *states,
                                            guint                n_states,
                                            guint64              time);

/* es_document_get_thread_timeline() sorts a thread's states on each call;
 * views that draw the same threads frame after frame keep them here, within
 * a bound the current frame may exceed. Not thread-safe: one per user. */
typedef struct _EsThreadStateCache EsThreadStateCache;

EsThreadStateCache  *es_thread_state_cache_new    (EsDocument          *document,
                                                   gsize                max_states);
void                 es_thread_state_cache_free   (EsThreadStateCache  *self);
void                 es_thread_state_cache_begin_frame (EsThreadStateCache *self);
EsDocument          *es_thread_state_cache_get_document (EsThreadStateCache *self);
const EsThreadState *es_thread_state_cache_lookup (EsThreadStateCache  *self,
                                                   guint                thread_index,
                                                   guint               *n_states);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsThreadStateCache, es_thread_state_cache_free)

G_END_DECLS
