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

/* A thread's states with a coarse index over them: the time of every
 * ES_THREAD_STATES_STRIDE-th state, an array a thirty-second of the
 * states' size. Zoomed out, a pixel column holds hundreds of states, and
 * binary searches in the states themselves touch cache lines all over
 * megabytes of them each frame; the coarse times answer most columns
 * alone and keep the rest to one short stretch of states. */
#define ES_THREAD_STATES_STRIDE 16

typedef struct
{
  const EsThreadState *states;
  guint                n_states;
  const guint64       *coarse;     /* states[i * ES_THREAD_STATES_STRIDE].time */
  guint                n_coarse;
} EsThreadStates;

/* What a thread did in one pixel column [edge, next edge). */
typedef struct
{
  guint8 kind;      /* EsThreadStateKind at the column's end, or ES_THREAD_COLUMN_EMPTY */
  guint8 reason;    /* its EsStopStatus */
  guint8 busy;      /* it ran inside the column, or changed state at least 16 times there */
  guint8 pad;
} EsThreadColumn;

#define ES_THREAD_COLUMN_EMPTY 0xff  /* before the thread's first state */

gsize          es_thread_states_columns    (const EsThreadStates *states,
                                            const guint64        *edges,
                                            guint                 n_columns,
                                            EsThreadColumn       *columns);

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
const EsThreadStates *es_thread_state_cache_get   (EsThreadStateCache  *self,
                                                   guint                thread_index);
guint                es_thread_state_cache_get_n_threads (EsThreadStateCache *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsThreadStateCache, es_thread_state_cache_free)

G_END_DECLS
