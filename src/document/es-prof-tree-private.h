/* es-prof-tree-private.h: the time profile's stacks as one tree, grown as
 * stacks come
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What the tree of a builder's stacks was last made of: each stack's cost
 * centre and the children of each stack in name order. A live log's
 * snapshots are indexed one after another, each with the stacks of the
 * one before and a few more: each places only its new stacks, and shares
 * the tree of the one before outright when there are none. A loaded log
 * makes its tree the same way, all of its stacks being new. */
typedef struct _EsProfTree EsProfTree;

EsProfTree *_es_prof_tree_new   (void);
EsProfTree *_es_prof_tree_ref   (EsProfTree *tree);
void        _es_prof_tree_unref (EsProfTree *tree);
GArray     *_es_prof_tree_share_stacks (EsProfTree *tree,
                                        guint       n_stacks);
void        _es_prof_tree_grow  (EsProfTree  *tree,
                                 GArray      *cost_centres,
                                 GArray     **stacks,
                                 gboolean     shared,
                                 GArray     **nodes,
                                 GHashTable **ids);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsProfTree, _es_prof_tree_unref)

G_END_DECLS
