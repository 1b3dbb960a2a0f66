/* es-prof-tree.c: the time profile's stacks as one tree, grown as stacks
 * come
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-document-prof.h"
#include "es-prof-tree-private.h"

#define ROOT G_MAXUINT32
#define NONE G_MAXUINT32

struct _EsProfTree
{
  GMutex      lock;            /* snapshots may be indexed on any thread */
  guint       n_cost_centres;  /* the definitions the stacks were named with */
  GHashTable *ids;             /* (nullable): cost-centre id -> index + 1 among those */
  guint32     main_cc;         /* MAIN's index, the empty stack's, or ES_PROF_NO_STACK */
  GArray     *cc_of;           /* guint32 per stack placed: its cost centre's index */
  guint32     first_root;      /* the top stacks, in name order: the first, */
  GArray     *first_child;     /* guint32 per stack placed: its first child, or NONE */
  GArray     *next_sibling;    /* guint32 per stack placed: the next in name order, or NONE */
  GArray     *stacks;          /* (nullable): the stacks last given their places */
  GArray     *nodes;           /* (nullable): the tree made of them */
};

typedef struct
{
  const EsProfStack *stacks;
  const guint32     *cc_of;
  GArray            *cost_centres;
} Naming;

typedef struct
{
  guint32 parent;      /* ROOT at the top */
  guint32 stack;
} Placing;

EsProfTree *
_es_prof_tree_new (void)
{
  EsProfTree *tree = g_atomic_rc_box_new0 (EsProfTree);

  g_mutex_init (&tree->lock);
  tree->cc_of = g_array_new (FALSE, FALSE, sizeof (guint32));
  tree->first_root = NONE;
  tree->first_child = g_array_new (FALSE, FALSE, sizeof (guint32));
  tree->next_sibling = g_array_new (FALSE, FALSE, sizeof (guint32));
  return tree;
}

EsProfTree *
_es_prof_tree_ref (EsProfTree *tree)
{
  return g_atomic_rc_box_acquire (tree);
}

static void
clear_tree (gpointer data)
{
  EsProfTree *tree = data;

  g_clear_pointer (&tree->ids, g_hash_table_unref);
  g_array_unref (tree->cc_of);
  g_array_unref (tree->first_child);
  g_array_unref (tree->next_sibling);
  g_clear_pointer (&tree->stacks, g_array_unref);
  g_clear_pointer (&tree->nodes, g_array_unref);
  g_mutex_clear (&tree->lock);
}

void
_es_prof_tree_unref (EsProfTree *tree)
{
  if (tree != NULL)
    g_atomic_rc_box_release_full (tree, clear_tree);
}

/**
 * _es_prof_tree_share_stacks:
 * @n_stacks: how many stacks a builder has
 *
 * Returns: (transfer full) (nullable): the stacks last given their places,
 *   if there are @n_stacks of them (a builder's stacks only ever grow, so
 *   they are then its own, placed), for a snapshot to share
 */
GArray *
_es_prof_tree_share_stacks (EsProfTree *tree,
                            guint       n_stacks)
{
  GArray *stacks = NULL;

  g_mutex_lock (&tree->lock);
  if (tree->stacks != NULL && tree->stacks->len == n_stacks)
    stacks = g_array_ref (tree->stacks);
  g_mutex_unlock (&tree->lock);
  return stacks;
}

static const EsCostCentre *
named (const Naming *naming,
       guint32       stack)
{
  guint32 index = naming->cc_of[stack];

  return index != ES_PROF_NO_STACK ? &g_array_index (naming->cost_centres, EsCostCentre, index) : NULL;
}

/* Siblings by label, then module, then id; MAIN (the empty stack) first
 * among the roots. No two siblings have the same cost centre. */
static int
compare_by_name (const Naming *naming,
                 guint32       a,
                 guint32       b)
{
  const EsProfStack *x = &naming->stacks[a], *y = &naming->stacks[b];
  const EsCostCentre *cx = named (naming, a), *cy = named (naming, b);
  int order;

  if ((x->depth == 0) != (y->depth == 0))
    return x->depth == 0 ? -1 : 1;
  order = g_strcmp0 (cx != NULL ? cx->label : NULL, cy != NULL ? cy->label : NULL);
  if (order == 0)
    order = g_strcmp0 (cx != NULL ? cx->module : NULL, cy != NULL ? cy->module : NULL);
  if (order == 0)
    order = (x->cost_centre > y->cost_centre) - (x->cost_centre < y->cost_centre);
  return order;
}

static int
compare_placings (gconstpointer a,
                  gconstpointer b,
                  gpointer      data)
{
  const Placing *x = a, *y = b;

  if (x->parent != y->parent)
    return x->parent < y->parent ? -1 : 1;
  return compare_by_name (data, x->stack, y->stack);
}

/* Its parent in the tree: the empty stack and those that start at one of
 * the RTS's own cost centres are at the top. */
static guint32
parent_of (const Naming *naming,
           guint32       stack)
{
  const EsProfStack *s = &naming->stacks[stack];

  if (stack == ES_PROF_EMPTY_STACK ||
      (s->parent == ES_PROF_EMPTY_STACK && es_cost_centre_is_builtin_root (named (naming, stack))))
    return ROOT;
  return s->parent;
}

/* Named with other definitions: every stack is placed again. */
static void
start_again (EsProfTree *tree,
             GArray     *cost_centres)
{
  g_clear_pointer (&tree->ids, g_hash_table_unref);
  tree->ids = g_hash_table_new (NULL, NULL);
  tree->main_cc = ES_PROF_NO_STACK;
  for (guint i = 0; i < cost_centres->len; i++)
    {
      const EsCostCentre *cc = &g_array_index (cost_centres, EsCostCentre, i);

      g_hash_table_insert (tree->ids, GUINT_TO_POINTER (cc->id), GUINT_TO_POINTER (i + 1));
      if (g_strcmp0 (cc->label, "MAIN") == 0 && g_strcmp0 (cc->module, "MAIN") == 0)
        tree->main_cc = i;
    }
  tree->n_cost_centres = cost_centres->len;
  g_array_set_size (tree->cc_of, 0);
  tree->first_root = NONE;
  g_array_set_size (tree->first_child, 0);
  g_array_set_size (tree->next_sibling, 0);
  g_clear_pointer (&tree->stacks, g_array_unref);
  g_clear_pointer (&tree->nodes, g_array_unref);
}

/* Links the @n placings' stacks, in name order, into the list of
 * siblings from *@first, in name order too: one walk of both. */
static void
merge_siblings (const Naming  *naming,
                guint32       *first,
                guint32       *next_sibling,
                const Placing *placings,
                guint          n)
{
  guint32 *link = first;

  for (guint j = 0; j < n; j++)
    {
      guint32 stack = placings[j].stack;

      while (*link != NONE && compare_by_name (naming, *link, stack) < 0)
        link = &next_sibling[*link];
      next_sibling[stack] = *link;
      *link = stack;
      link = &next_sibling[stack];
    }
}

/* Places the stacks from @from on among their siblings. */
static void
place_new_stacks (EsProfTree   *tree,
                  const Naming *naming,
                  guint         from,
                  guint         n)
{
  g_autofree Placing *placings = g_new (Placing, n - from);
  guint32 *first_child, *next_sibling;

  g_array_set_size (tree->first_child, n);
  g_array_set_size (tree->next_sibling, n);
  first_child = (guint32 *) (gpointer) tree->first_child->data;
  next_sibling = (guint32 *) (gpointer) tree->next_sibling->data;
  for (guint s = from; s < n; s++)
    {
      placings[s - from] = (Placing) { parent_of (naming, s), s };
      first_child[s] = NONE;
    }
  g_qsort_with_data (placings, (gint) (n - from), sizeof (Placing), compare_placings, (gpointer) naming);
  for (guint i = 0, end; i < n - from; i = end)
    {
      guint32 parent = placings[i].parent;

      for (end = i + 1; end < n - from && placings[end].parent == parent; end++)
        ;
      merge_siblings (naming, parent == ROOT ? &tree->first_root : &first_child[parent], next_sibling,
                      placings + i, end - i);
    }
}

/* The tree in pre-order, each stack told its place and its cost centre. */
static GArray *
make_nodes (EsProfTree   *tree,
            const Naming *naming,
            EsProfStack  *stacks,
            guint         n)
{
  GArray *nodes = g_array_sized_new (FALSE, FALSE, sizeof (EsProfTreeNode), n);
  const guint32 *first_child = (const guint32 *) (gpointer) tree->first_child->data;
  const guint32 *next_sibling = (const guint32 *) (gpointer) tree->next_sibling->data;
  g_autofree Placing *todo = g_new (Placing, n);    /* a stack, and its parent's place */
  EsProfTreeNode *tree_nodes;
  guint n_todo = 0;

  g_array_set_size (nodes, n);
  tree_nodes = (EsProfTreeNode *) (gpointer) nodes->data;
  if (tree->first_root != NONE)
    todo[n_todo++] = (Placing) { ES_PROF_NO_STACK, tree->first_root };
  /* A stack, then its children's subtrees, then its next sibling's. */
  for (guint at = 0; n_todo > 0; at++)
    {
      Placing next = todo[--n_todo];
      guint32 s = next.stack;

      stacks[s].position = at;
      stacks[s].cc_index = naming->cc_of[s];
      tree_nodes[at].stack = s;
      tree_nodes[at].parent = next.parent;
      tree_nodes[at].cc_index = naming->cc_of[s] != ES_PROF_NO_STACK ? MIN (naming->cc_of[s], ES_PROF_TREE_NO_CC)
                                                                      : ES_PROF_TREE_NO_CC;
      tree_nodes[at].repeated = stacks[s].repeated;
      if (next_sibling[s] != NONE)
        todo[n_todo++] = (Placing) { next.parent, next_sibling[s] };
      if (first_child[s] != NONE)
        todo[n_todo++] = (Placing) { at, first_child[s] };
    }
  /* A node's subtree ends where the next node at its depth or above starts. */
  for (guint i = n; i > 0; i--)
    {
      guint32 end = i;

      while (end < n && tree_nodes[end].parent == i - 1)
        end = tree_nodes[end].end;
      tree_nodes[i - 1].end = end;
    }
  return nodes;
}

/**
 * _es_prof_tree_grow:
 * @cost_centres: the document's definitions
 * @stacks: (inout) (transfer full): the document's stacks, a builder's
 *   trie: replaced by the same stacks told their place and cost centre
 * @shared: whether @stacks came from _es_prof_tree_share_stacks(), and
 *   are not to be written
 * @nodes: (inout) (transfer full): replaced by the tree of @stacks in
 *   pre-order (see es_document_get_prof_tree())
 * @ids: (inout) (transfer full): replaced by each cost-centre id's index
 *   + 1 in @cost_centres
 *
 * Gives a document the tree of its stacks: those that the last one given
 * did not have are placed among their siblings, and the rest is walked
 * again; the same stacks, named by the same definitions, share the last
 * document's tree.
 */
void
_es_prof_tree_grow (EsProfTree  *tree,
                    GArray      *cost_centres,
                    GArray     **stacks,
                    gboolean     shared,
                    GArray     **nodes,
                    GHashTable **ids)
{
  guint n = (*stacks)->len, placed;
  Naming naming;

  g_mutex_lock (&tree->lock);
  if (tree->ids == NULL || tree->n_cost_centres != cost_centres->len || n < tree->cc_of->len)
    start_again (tree, cost_centres);
  placed = tree->cc_of->len;
  if (placed == n && tree->stacks != NULL)
    {
      g_array_unref (*stacks);
      *stacks = g_array_ref (tree->stacks);
      g_array_unref (*nodes);
      *nodes = g_array_ref (tree->nodes);
      g_hash_table_unref (*ids);
      *ids = g_hash_table_ref (tree->ids);
      g_mutex_unlock (&tree->lock);
      return;
    }
  if (shared)
    {
      GArray *own = g_array_copy (*stacks);

      g_array_unref (*stacks);
      *stacks = own;
    }

  g_array_set_size (tree->cc_of, n);
  naming = (Naming) { (const EsProfStack *) (gpointer) (*stacks)->data, (const guint32 *) (gpointer) tree->cc_of->data,
                      cost_centres };
  for (guint s = placed; s < n; s++)
    {
      guint index = GPOINTER_TO_UINT (g_hash_table_lookup (
        tree->ids, GUINT_TO_POINTER (g_array_index (*stacks, EsProfStack, s).cost_centre)));

      g_array_index (tree->cc_of, guint32, s) = s == ES_PROF_EMPTY_STACK ? tree->main_cc
                                                : index > 0 ? index - 1 : ES_PROF_NO_STACK;
    }
  place_new_stacks (tree, &naming, placed, n);

  g_array_unref (*nodes);
  *nodes = make_nodes (tree, &naming, (EsProfStack *) (gpointer) (*stacks)->data, n);
  g_hash_table_unref (*ids);
  *ids = g_hash_table_ref (tree->ids);
  g_clear_pointer (&tree->stacks, g_array_unref);
  tree->stacks = g_array_ref (*stacks);
  g_clear_pointer (&tree->nodes, g_array_unref);
  tree->nodes = g_array_ref (*nodes);
  g_mutex_unlock (&tree->lock);
}
