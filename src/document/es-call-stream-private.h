/* es-call-stream-private.h: how a thread's call time is kept, for the
 * files that make and read it
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document-builder-private.h"
#include "es-document-prof-private.h"

G_BEGIN_DECLS

typedef struct
{
  guint64 end_abs;        /* its last change, on the log's clock */
  guint64 end_since;      /* the same, in the document's time */
  gsize   end_offset;     /* where the change after it starts */
  guint32 end_stack;      /* the stack its last change makes */
  guint32 first_entry;    /* its stacks' time: @n_entries from here in the entries */
  guint32 n_entries;
} CallBlock;

typedef struct
{
  guint64 abs;            /* the last change before it, on the log's clock */
  guint64 since;          /* the same, in the document's time */
  gsize   offset;         /* where the change after it starts */
  guint32 stack;          /* the stack since then */
  guint   n_sums;
  guint64 sums[];         /* per stack of the piece's @local: its time up to @since */
} CallCheckpoint;

/* A thread's changes are kept in pieces of at most ES_CALL_PIECE_CHANGES
 * changes, each indexed on its own and never changed once made: a
 * followed log's snapshots share the pieces made before, and each
 * update indexes only the changes of the last piece (see
 * _es_mlpd_profiles_of()). A piece starts where the one before ended, in
 * the stack that one's last change made; the first at 0, outside any
 * call. */
struct _EsCallPiece
{
  guint64    start_abs;   /* on the log's clock: its first change's time is from here */
  guint64    start_since;
  guint32    start_stack;
  guint64    end_abs;     /* its last change */
  guint64    end_since;
  guint32    end_stack;
  guint8    *bytes;
  gsize      len;
  guint      n_changes;
  guint      every;       /* changes between checkpoints */
  GPtrArray *checkpoints; /* CallCheckpoint, [j] before change j * @every */
  GArray    *local;       /* guint32: its stacks, in the order first met */
  GArray    *blocks;      /* CallBlock: [k] the changes from k * BLOCK_CHANGES */
  GArray    *entries;     /* EsCallBlockEntry */
  guint64   *end_sums;    /* per stack of @local: its time in the piece */
  /* The calls that end in it (es-call-stream-calls.c) */
  GArray    *sum_blocks;  /* EsCallSumBlock: [k] the changes from k * ES_CALL_SUM_BLOCK_CHANGES */
  GArray    *call_frames; /* EsCallFrame: the calls open at each sum block's start */
  GArray    *call_sums;   /* EsCallSum: each sum block's */
  GArray    *piece_sums;  /* EsCallSum: the piece's, by method */
  GArray    *end_frames;  /* EsCallFrame: the calls open after its last change */
};

struct _EsCallStream
{
  guint16    cap;
  guint64    origin;      /* the document's zero on the log's clock */
  GPtrArray *pieces;      /* EsCallPiece, in time order */
};

/* A call open on a thread's stack: when it was entered, and the time of
 * the calls it made that have ended. */
typedef struct
{
  guint64 enter;
  guint64 callee;
} EsCallFrame;

/* The calls of a method that end in a stretch of changes: how many, their
 * time (leave less enter) and the time of the calls they made, as
 * mprof-report's Method call summary adds them up. */
typedef struct
{
  guint32 method;
  guint32 count;
  guint64 total;
  guint64 callee;
} EsCallSum;

#define ES_CALL_SUM_BLOCK_CHANGES 4096u

typedef struct
{
  gsize   offset;         /* where its first change starts */
  guint64 start_abs;      /* the change before it, on the log's clock */
  guint32 start_stack;    /* the stack that one made */
  guint32 first_frame;    /* the calls open then: @n_frames from here, outermost first */
  guint32 n_frames;
  guint64 end_abs;        /* its last change */
  guint32 first_sum;      /* the calls ending in it: @n_sums from here */
  guint32 n_sums;
} EsCallSumBlock;

/* What a piece's pass counts of the calls as it goes. */
typedef struct _EsCallCounter EsCallCounter;

EsCallCounter *_es_call_counter_new    (const EsProfData  *calls,
                                        EsCallPiece       *piece,
                                        const EsCallPiece *before);
void           _es_call_counter_change (EsCallCounter     *counter,
                                        gsize              offset,
                                        guint64            abs,
                                        guint32            stack,
                                        guint64            next_abs,
                                        guint32            next);
void           _es_call_counter_finish (EsCallCounter     *counter,
                                        guint64            end_abs);

/* A method's calls that end before an instant. */
typedef struct
{
  guint64 count;
  guint64 total;
  guint64 callee;
} EsCallTotals;

void _es_call_stream_count_calls (const EsCallStream *stream,
                                  const EsProfStack  *stacks,
                                  guint               n_stacks,
                                  guint64             before,
                                  EsCallTotals       *totals,
                                  guint               n_methods);

G_END_DECLS
