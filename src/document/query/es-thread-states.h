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

/* A thread's states, packed in blocks of ES_THREAD_STATES_STRIDE, with two
 * indexes over them: the time of each block's first state, and the shares
 * of all the states before it. Zoomed out, a pixel column holds hundreds
 * of states; what the thread did there is the difference of the running
 * totals at its edges, each found from its coarse entry and a stride of
 * states at most.
 *
 * A busy thread has millions of states, and a window shows every thread's:
 * as 16-byte records with a 104-byte running total every stride, they took
 * 23 bytes a state, three times the log. Packed, every field of a state
 * is at a place worked out from its index, read without decoding what
 * comes before it (the columns read a few states at each of 1,500 edges
 * a row), in as few bits as its block or group needs (little-endian bit
 * strings, each read in a load):
 * - its time, less its block's coarse time, in as many bits as the
 *   block's last needs (a block's first is its coarse time);
 * - its kind, reason and HEC as an entry of the thread's @dict of the few
 *   it has, in 4 bits if it has 16 at most (two a byte, the first in the
 *   low bits), else a byte; a thread with more than 256 has them in 32
 *   bits each (@dict is NULL);
 * - the running totals keep only the shares the thread is ever in, each
 *   from a 64-bit base every ES_THREAD_STATES_GROUP blocks in as many bits
 *   as the group's last block needs (a base a block where a group's totals
 *   grow past 32 bits).
 * Readers outside: es_thread_states_get(), es_thread_states_read().
 *
 * Blocks of 32, not 16: a block's coarse time, word and running totals
 * took 1.2 bytes a state, now 0.6; with a bit more a time for the longer
 * blocks, the ping-pong log's 16 threads' states take 15.9 MB, not 18.6.
 * The columns' edges read a stride more at most. */
#define ES_THREAD_STATES_STRIDE 32
#define ES_THREAD_STATES_GROUP  16

/* A group of ES_THREAD_STATES_GROUP blocks: where its times and totals
 * are, and the width of each slot of its totals. */
typedef struct
{
  guint64               times_at;   /* in @times, in bits */
  guint64               totals_at;  /* in @totals, in bits */
  guint16               row_bits;   /* a block's totals */
  guint8                width[ES_N_THREAD_SHARES + 1];
} EsThreadStatesGroup;

typedef struct
{
  guint                 n_states;
  guint                 n_coarse;   /* blocks: n_states / ES_THREAD_STATES_STRIDE, rounded up */
  guint64               end;        /* the log's end: the last state lasts until then */
  const guint64        *coarse;     /* the time of block k's first state, states[k * ES_THREAD_STATES_STRIDE] */
  /* Packed (es-thread-states.c); all in one allocation. */
  const guint32        *blocks;     /* block k's times: where from its group's (bits) << ES_THREAD_STATES_WIDTH_BITS | their width */
  const guint8         *times;      /* bits: each block's times but its first's */
  const guint8         *codes;      /* @code_bits a state: into @dict (4 or 8), or the codes (32, @dict NULL) */
  const guint32        *dict;       /* (nullable): kind | reason << 8 | HEC << 16 */
  const guint8         *totals;     /* bits: n_slots a block: the shares of states[0, k * STRIDE) less its base */
  const guint64        *bases;      /* n_slots each */
  const guint32        *base_of;    /* a group's first base in bases; ES_THREAD_STATES_WIDE: one a block */
  const EsThreadStatesGroup *groups;
  guint                 n_dict;
  guint8                code_bits;  /* 4, 8 or 32 */
  guint8                n_slots;    /* the shares it is ever in, and its runs */
  gint8                 share_of_slot[ES_N_THREAD_SHARES + 1];   /* -1: the runs */
  gsize                 size;       /* bytes, all told */
} EsThreadStates;

#define ES_THREAD_STATES_WIDE 0x80000000u
#define ES_THREAD_STATES_WIDTH_BITS 7
#define ES_THREAD_STATES_WIDTH_MASK 0x7fu

/* Where a thread's states come from, a few at a time: @read gives the
 * next ones, up to @max, fewer once there are no more; @rewind starts it
 * again from the first, and says whether the states it gives from then on
 * differ from those it gave (then they are read again to be measured). */
typedef struct
{
  guint    (*read)   (gpointer       data,
                      EsThreadState *out,
                      guint          max);
  gboolean (*rewind) (gpointer       data);
  gpointer data;
} EsThreadStateSource;

EsThreadStates *es_thread_states_new_from_source (const EsThreadStateSource *source,
                                                  guint64                    end);
EsThreadStates *es_thread_states_new       (const EsThreadState  *states,
                                            guint                 n_states,
                                            guint64               end);
void           es_thread_states_free       (EsThreadStates       *states);
void           es_thread_states_get        (const EsThreadStates *states,
                                            guint                 i,
                                            EsThreadState        *state);
void           es_thread_states_read       (const EsThreadStates *states,
                                            guint                 first,
                                            guint                 n,
                                            EsThreadState        *out);
guint          es_thread_states_find_time  (const EsThreadStates *states,
                                            guint64               time);
void           es_thread_states_get_totals (const EsThreadStates *states,
                                            guint                 k,
                                            EsThreadShares       *totals);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsThreadStates, es_thread_states_free)

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
const EsThreadStates *es_thread_state_cache_get   (EsThreadStateCache  *self,
                                                   guint                thread_index);
const EsThreadStates *es_thread_state_cache_get_for_frame (EsThreadStateCache *self,
                                                          guint               thread_index);
const EsThreadStates *es_thread_state_cache_get_if_made (EsThreadStateCache *self,
                                                        guint               thread_index);
gboolean             es_thread_state_cache_is_making (EsThreadStateCache *self);
void                 es_thread_state_cache_get_timeline (EsDocument     *document,
                                                         const EsThread *thread,
                                                         GArray         *states);
guint                es_thread_state_cache_get_n_threads (EsThreadStateCache *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsThreadStateCache, es_thread_state_cache_free)

G_END_DECLS
