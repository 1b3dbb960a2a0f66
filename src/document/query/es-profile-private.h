/* es-profile-private.h: what es-profile.c shares with the call time's
 * counting (es-profile-time.c), the cost centres' sums
 * (es-profile-sums.c) and the Profile row's columns (es-profile-columns.c)
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-profile.h"

G_BEGIN_DECLS

/* An interval's counts over the document's tree of stacks: what makes
 * any of its frames on demand. Shared by the profiles that share the
 * whole run's, and never written once made, but for the frames in one
 * array, made on the first es_profile_get_frames(). */
struct _EsProfileCounts
{
  const EsProfStack    *stacks;
  const EsProfTreeNode *tree;
  const EsCostCentre   *cost_centres;
  guint                 n_cost_centres;
  EsProfSampledStacks   sampled;
  guint32               main_end;   /* MAIN's subtree is [0, main_end): the RTS's own roots come after */
  guint64              *counts;     /* per sampled stack, by slot: its own samples in the interval */
  guint64              *before;     /* [k]: the samples of the sampled stacks before the k-th in tree order */
  guint                 n_counted;  /* the sampled stacks with samples in the interval: */
  guint32              *counted;    /* their ranks in tree order, ascending */
  gsize                 frames_made;
  GArray               *frames;     /* (nullable): EsProfileFrame, made once */
};

/* The log id of node @node's cost centre (G_MAXUINT32 for a MAIN the log
 * never defined): its definition's, which a walk reads beside the node,
 * or for one without, its stack's (a read at random among millions, which
 * was most of the cost of a flame graph's walk). A stack is named by the
 * definition of its own id, so the two are the same. */
static inline guint32
_es_profile_node_cost_centre (const EsProfileCounts *c,
                              guint32                node)
{
  const EsProfTreeNode *n = &c->tree[node];

  if (n->cc_index != ES_PROF_TREE_NO_CC)
    return c->cost_centres[n->cc_index].id;
  return n->stack == ES_PROF_EMPTY_STACK ? G_MAXUINT32 : c->stacks[n->stack].cost_centre;
}

/* A frame open while a walk is inside its subtree. */
typedef struct
{
  guint32 position;   /* in es_document_get_prof_tree() */
  guint32 end;        /* where its subtree ends there */
  guint64 seen;       /* the samples walked before it */
  guint32 slot;       /* what the walk adds its inherited samples to, or G_MAXUINT32 */
} EsProfileOpenFrame;

/* The frames open in a walk of the tree in pre-order, and the way down
 * to the next stack: as deep as the deepest stack walked, grown as the
 * walk finds one deeper. */
typedef struct
{
  EsProfileOpenFrame *open;
  guint32            *way_down;
  guint               size, n_open;
} EsProfilePath;

void  _es_profile_path_init    (EsProfilePath        *path);
void  _es_profile_path_clear   (EsProfilePath        *path);
guint _es_profile_path_down_to (EsProfilePath        *path,
                                const EsProfTreeNode *tree,
                                guint32               at);

void _es_profile_count_time (EsDocument                *document,
                             const EsProfSampledStacks *sampled,
                             guint64                    t0,
                             guint64                    t1,
                             guint                      cap,
                             guint64                   *counts);
void _es_profile_sum_cost_centres (EsProfile  *profile,
                                   EsDocument *document,
                                   guint       i0,
                                   guint       i1);

void _es_profile_prepare_blocks (EsDocument            *document,
                                 const EsProfileCounts *c,
                                 EsDocument            *previous);
int  _es_profile_blocks_reused  (EsDocument            *document);
void _es_profile_prepare_columns (EsDocument          *document);

G_END_DECLS
