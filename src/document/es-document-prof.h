/* es-document-prof.h: the time profile's samples, as the document keeps them
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document.h"

G_BEGIN_DECLS

/* A profiled program run with `+RTS -p -l` writes, at every profiling tick
 * and for every capability, the cost-centre stack it was in
 * (PROF_SAMPLE_COST_CENTRE). The document interns those stacks in a trie:
 * a stack is its innermost cost centre and the stack around it (@parent),
 * so stacks sharing outer frames share records, and a parent's index is
 * always below its children's. Stack 0 is the empty stack: the RTS leaves
 * MAIN out of every stack under it, so a tick spent in MAIN itself is an
 * empty stack, and `GC`, `SYSTEM` and the other built-in roots are
 * outermost frames of their own. */
#define ES_PROF_EMPTY_STACK 0u
#define ES_PROF_NO_STACK    G_MAXUINT32

typedef struct
{
  guint32 parent;        /* ES_PROF_NO_STACK for the empty stack only */
  guint32 cost_centre;   /* the log's cost-centre id (see es_document_lookup_cost_centre()) */
  guint32 depth;         /* frames in the stack, 0 for the empty stack */
  guint32 cc_index;      /* its definition's index in es_document_get_cost_centres()
                          * (MAIN's for the empty stack), or ES_PROF_NO_STACK when
                          * the log has none */
  guint32 position;      /* its place in es_document_get_prof_tree() */
  gboolean repeated;     /* @cost_centre is on the stack around it too (recursion) */
} EsProfStack;

/* Every stack as a frame of one tree, in pre-order, for drawing and
 * summing: the empty stack is MAIN, the root of every stack except those
 * that start at one of the RTS's own built-in cost centres (GC, SYSTEM,
 * OVERHEAD_of, IDLE, PINNED, DONT_CARE), which are roots of their own
 * after it, as the RTS's `.prof` report sees them. Siblings are in the
 * order of their labels, then modules: fixed once for all, so that a frame
 * keeps its place whatever the interval (flamegraph.pl orders them so). */
typedef struct
{
  guint32 stack;         /* index into es_document_get_prof_stacks() */
  guint32 parent;        /* position of its parent, or ES_PROF_NO_STACK for a root */
  guint32 end;           /* positions (its own, end) are its descendants */
  /* Its stack's cc_index and repeated, here too: a query that walks
   * millions of nodes in order reads them beside the rest rather than
   * from the stacks, in trie order. */
  guint32 cc_index : 31; /* or ES_PROF_TREE_NO_CC */
  guint32 repeated : 1;
} EsProfTreeNode;

#define ES_PROF_TREE_NO_CC 0x7fffffffu

/* The stacks that have samples of their own: a few among the trie's
 * stacks, which count every outer frame too. A query counts into these
 * and reaches the tree's frames from them (es-profile.c). */
typedef struct
{
  guint          n_sampled;
  const guint32 *stacks;         /* the sampled stacks, by index into es_document_get_prof_stacks() */
  const guint32 *in_tree_order;  /* indexes into @stacks, in the order of their tree positions */
  const guint32 *positions;      /* their tree positions, in that order (ascending) */
  const guint32 *depths;         /* their frames' depths in the tree (0 for a root), in that order */
  guint          n_stacks;       /* every stack, sampled or not */
  const guint32 *slot_of;        /* per stack: its index in @stacks, or ES_PROF_NO_STACK */
} EsProfSampledStacks;

typedef struct
{
  guint64 time;
  guint32 stack;         /* index into es_document_get_prof_stacks() */
  guint16 cap;
  guint16 pad;
} EsProfSample;

/* The document has two time profiles: the statistical samples (a GHC
 * program's cost-centre samples, a Mono log's `sample` hits), each a tick,
 * and a Mono log's call time (`calls`): each thread's time in each call
 * stack, kept as the thread's changes of stack (es_document_walk_call_time()),
 * with the same stacks, tree and names as samples. */
typedef enum
{
  ES_PROF_SAMPLES,
  ES_PROF_CALL_TIME,
} EsProfKind;

const EsProfSample *es_document_get_prof_samples        (EsDocument *self,
                                                         EsProfKind  kind,
                                                         guint      *n_samples);
const EsProfStack  *es_document_get_prof_stacks         (EsDocument *self,
                                                         EsProfKind  kind,
                                                         guint      *n_stacks);
guint               es_document_get_prof_checkpoint_samples (EsDocument *self,
                                                         EsProfKind  kind);
guint               es_document_get_prof_n_checkpoints  (EsDocument *self,
                                                         EsProfKind  kind);
const guint32      *es_document_get_prof_counts_before  (EsDocument *self,
                                                         EsProfKind  kind,
                                                         guint       checkpoint,
                                                         guint      *n_stacks);
const EsProfTreeNode *es_document_get_prof_tree        (EsDocument *self,
                                                         EsProfKind  kind,
                                                         guint      *n_nodes);
void                es_document_get_prof_sampled_stacks (EsDocument          *self,
                                                         EsProfKind           kind,
                                                         EsProfSampledStacks *sampled);
guint64             es_document_get_prof_tick_interval  (EsDocument *self,
                                                         EsProfKind  kind);
/* Call time: a stretch of a thread's time in one call stack. */
typedef void (*EsCallStretchFunc) (guint64  start,
                                   guint64  length,
                                   guint32  stack,
                                   gpointer data);

/* A block of a thread's changes of stack taken whole: a stack's time in it. */
typedef struct
{
  guint32 stack;
  guint64 ns;
} EsCallBlockEntry;

typedef gboolean (*EsCallBlockWholeFunc) (guint64  start,
                                          guint64  end,
                                          gpointer data);
typedef void     (*EsCallBlockFunc)      (guint64                 start,
                                          guint64                 end,
                                          const EsCallBlockEntry *entries,
                                          guint                   n_entries,
                                          gpointer                data);

guint               es_document_get_n_call_streams      (EsDocument *self);
guint               es_document_get_call_stream_cap     (EsDocument *self,
                                                         guint       stream);
void                es_document_add_call_time_before    (EsDocument    *self,
                                                         guint          stream,
                                                         guint64        t,
                                                         const guint32 *slot_of,
                                                         guint64        sign,
                                                         guint64       *counts);
void                es_document_walk_call_time          (EsDocument        *self,
                                                         guint              stream,
                                                         guint64            t0,
                                                         guint64            t1,
                                                         EsCallStretchFunc  func,
                                                         gpointer           data);
void                es_document_walk_call_time_blocks   (EsDocument           *self,
                                                         guint                 stream,
                                                         guint64               t0,
                                                         guint64               t1,
                                                         EsCallBlockWholeFunc  whole,
                                                         EsCallBlockFunc       block_func,
                                                         EsCallStretchFunc     func,
                                                         gpointer              data);
void                es_call_stream_append_varint        (GByteArray *out,
                                                         guint64     value);
guint64             es_call_stream_read_varint          (const guint8 *bytes,
                                                         gsize        *at);
gboolean            es_document_has_call_time           (EsDocument *self);
gboolean            es_cost_centre_is_builtin_root      (const EsCostCentre *cc);
const EsCostCentre *es_document_lookup_cost_centre      (EsDocument *self,
                                                         guint32     id);

G_END_DECLS
