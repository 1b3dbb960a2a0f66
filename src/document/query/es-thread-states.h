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

/* Where a thread's time goes, in the groups a thread row stacks, bottom
 * up: what it spends running first, as the Activity row does. */
typedef enum
{
  ES_THREAD_SHARE_RUNNING,
  ES_THREAD_SHARE_GC,           /* runnable while the RTS collects garbage */
  ES_THREAD_SHARE_RUNNABLE,     /* created or runnable, waiting for a HEC */
  ES_THREAD_SHARE_BLOCKED,      /* + EsBlockReason */
  ES_THREAD_SHARE_NO_DATA = ES_THREAD_SHARE_BLOCKED + ES_N_BLOCK_REASONS,
  ES_N_THREAD_SHARES
} EsThreadShare;

#define ES_THREAD_SHARE_NONE (-1)   /* not created yet, or finished */

int            es_thread_state_share       (const EsThreadState *state);

/* Nanoseconds in each share, and runs: over a stretch of time, the runs
 * that touch it; as a running total, the runs begun so far. */
typedef struct
{
  guint64 ns[ES_N_THREAD_SHARES];
  guint64 runs;
} EsThreadShares;

/* A thread's states with two indexes over them: the time of every
 * ES_THREAD_STATES_STRIDE-th state, and the shares of all the states
 * before it. Zoomed out, a pixel column holds hundreds of states; what the
 * thread did there is the difference of the running totals at its edges,
 * each found from its coarse entry and a stride of states at most. */
#define ES_THREAD_STATES_STRIDE 16

typedef struct
{
  const EsThreadState  *states;
  guint                 n_states;
  const guint64        *coarse;     /* states[k * ES_THREAD_STATES_STRIDE].time */
  const EsThreadShares *totals;     /* the shares of states[0, k * ES_THREAD_STATES_STRIDE) */
  guint                 n_coarse;
  guint64               end;        /* the log's end: the last state lasts until then */
} EsThreadStates;

void           es_thread_states_index      (const EsThreadState  *states,
                                            guint                 n_states,
                                            guint64               end,
                                            EsThreadStates       *view,
                                            guint64             **coarse,
                                            EsThreadShares      **totals);

/* What a thread did in one pixel column [edge, next edge). */
typedef struct
{
  EsThreadShares shares;    /* its time there in each share, and its runs */
  guint16        run_cap;   /* the HEC of its last run up to the column's end, or G_MAXUINT16 */
} EsThreadColumn;

gsize          es_thread_states_columns    (const EsThreadStates *states,
                                            const guint64        *edges,
                                            guint                 n_columns,
                                            EsThreadColumn       *columns);

/* es_document_get_thread_timeline() sorts a thread's states on each call;
 * views that draw the same threads frame after frame keep them here, within
 * a bound the current frame may exceed. Not thread-safe: one per user, on
 * the thread that made it; one made with es_thread_state_cache_new_async()
 * makes the states frames ask for in a worker of its own. */
typedef struct _EsThreadStateCache EsThreadStateCache;

typedef void (*EsThreadStatesReady) (gpointer user_data);

EsThreadStateCache  *es_thread_state_cache_new    (EsDocument          *document,
                                                   gsize                max_states);
EsThreadStateCache  *es_thread_state_cache_new_async (EsDocument         *document,
                                                      gsize               max_states,
                                                      EsThreadStateCache *previous,
                                                      EsThreadStatesReady ready,
                                                      gpointer            ready_data);
void                 es_thread_state_cache_free   (EsThreadStateCache  *self);
void                 es_thread_state_cache_begin_frame (EsThreadStateCache *self);
EsDocument          *es_thread_state_cache_get_document (EsThreadStateCache *self);
const EsThreadState *es_thread_state_cache_lookup (EsThreadStateCache  *self,
                                                   guint                thread_index,
                                                   guint               *n_states);
const EsThreadStates *es_thread_state_cache_get   (EsThreadStateCache  *self,
                                                   guint                thread_index);
const EsThreadStates *es_thread_state_cache_get_for_frame (EsThreadStateCache *self,
                                                          guint               thread_index);
const EsThreadStates *es_thread_state_cache_get_if_made (EsThreadStateCache *self,
                                                        guint               thread_index);
gboolean             es_thread_state_cache_is_making (EsThreadStateCache *self);
guint                es_thread_state_cache_get_n_threads (EsThreadStateCache *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsThreadStateCache, es_thread_state_cache_free)

G_END_DECLS
