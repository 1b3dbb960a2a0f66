/* es-profile-walk.c: an interval's frames in the tree's pre-order, made
 * as they are reached, a subtree skipped at once
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-profile-private.h"

/* The walk goes from one sampled stack with samples to the next, in tree
 * order (profile->counts->counted), and yields the frames on the way
 * down to each that the one before did not have, outermost first: a
 * frame is on the path to a stack after it in pre-order only if it is on
 * the path to every stack in between. A frame's samples are those of the
 * stacks from the one it was reached for up to the first past its subtree,
 * found by galloping from there (its subtree's stacks, few for most
 * frames): no frame without samples is ever looked at. */
struct _EsProfileWalk
{
  const EsProfile       *profile;
  const EsProfileCounts *c;
  guint                  j, j_end;      /* the next stack with samples, by its index in c->counted; the last + 1 */
  guint                  n_down;        /* frames still to yield on the way down to it, in down[] */
  guint32               *down;          /* innermost first */
  EsProfileOpenFrame    *open;          /* .slot is the frame's depth; .seen its stacks' end */
  guint                  n_open, size;
  guint                  depth0;        /* the depth of the frames at the top of the walk */
  guint32                skipped_end;   /* the end of the subtree skipped last: where its next
                                         * sibling would be, or ES_PROF_NO_STACK */
};

/* The rank in tree order of the @j-th sampled stack with samples. */
static guint
rank_at (const EsProfileCounts *c,
         guint                  j)
{
  return j < c->n_counted ? c->counted[j] : c->sampled.n_sampled;
}

static guint32
position_at (const EsProfileCounts *c,
             guint                  j)
{
  return c->sampled.positions[c->counted[j]];
}

/* The first of the stacks with samples from @j on (and before @limit)
 * at or after tree position @position: a gallop, then a binary search. */
static guint
first_from (const EsProfileCounts *c,
            guint                  j,
            guint                  limit,
            guint32                position)
{
  guint lo = j, hi, step = 1;

  while (lo < limit && position_at (c, lo) < position)
    {
      hi = MIN (lo + step, limit);
      if (hi == limit || position_at (c, hi) >= position)
        {
          /* the answer is in (lo, hi] */
          lo++;
          while (lo < hi)
            {
              guint mid = lo + (hi - lo) / 2;

              if (position_at (c, mid) < position)
                lo = mid + 1;
              else
                hi = mid;
            }
          return lo;
        }
      lo = hi;
      step *= 2;
    }
  return lo;
}

static void
grow (EsProfileWalk *walk,
      guint          needed)
{
  if (needed <= walk->size)
    return;
  while (walk->size < needed)
    walk->size *= 2;
  walk->open = g_renew (EsProfileOpenFrame, walk->open, walk->size);
  walk->down = g_renew (guint32, walk->down, walk->size);
}

/**
 * es_profile_walk_new:
 * @root: the frame whose subtree is walked (it first), or
 *   ES_PROFILE_NO_FRAME for every frame
 *
 * Returns: (transfer full): a walk of the profile's frames in the tree's
 *   pre-order (see es_profile_walk_next()); the profile is to outlive it
 */
EsProfileWalk *
es_profile_walk_new (const EsProfile *profile,
                     guint32          root)
{
  EsProfileWalk *walk = g_new0 (EsProfileWalk, 1);
  const EsProfileCounts *c = profile->counts;

  walk->profile = profile;
  walk->c = c;
  walk->size = 256;
  walk->open = g_new (EsProfileOpenFrame, walk->size);
  walk->down = g_new (guint32, walk->size);
  walk->skipped_end = ES_PROF_NO_STACK;
  if (c == NULL)
    return walk;
  walk->j_end = c->n_counted;
  if (root != ES_PROFILE_NO_FRAME && es_profile_get_inherited (profile, root) > 0)
    {
      EsProfileFrame f;

      es_profile_get_frame (profile, root, &f);
      walk->j = first_from (c, 0, c->n_counted, root);
      walk->j_end = first_from (c, walk->j, c->n_counted, f.end);
      walk->depth0 = f.depth;
      /* The way down to each stack stops at the root's parent, open for
       * good. */
      if (f.parent != ES_PROFILE_NO_FRAME)
        walk->open[walk->n_open++] = (EsProfileOpenFrame) { f.parent, G_MAXUINT32, walk->j_end, f.depth - 1 };
    }
  else if (root != ES_PROFILE_NO_FRAME)
    walk->j = walk->j_end;
  return walk;
}

void
es_profile_walk_free (EsProfileWalk *walk)
{
  if (walk == NULL)
    return;
  g_free (walk->open);
  g_free (walk->down);
  g_free (walk);
}

/**
 * es_profile_walk_next:
 * @frame: (out caller-allocates): the next frame, made (as
 *   es_profile_get_frame() makes it: @parent and @end are nodes)
 *
 * Returns: FALSE once every frame was walked
 */
gboolean
es_profile_walk_next (EsProfileWalk  *walk,
                      EsProfileFrame *frame)
{
  const EsProfileCounts *c = walk->c;
  const EsProfTreeNode *tree;
  guint32 node, at;
  guint j_past;
  EsProfileOpenFrame *parent;

  if (c == NULL)
    return FALSE;
  tree = c->tree;
  if (walk->n_down == 0)
    {
      guint32 anchor, sibling = ES_PROF_NO_STACK, skipped_end = walk->skipped_end;

      walk->skipped_end = ES_PROF_NO_STACK;
      if (walk->j >= walk->j_end)
        return FALSE;
      at = position_at (c, walk->j);
      /* Close the frames whose subtrees end before it: the last one closed
       * ends where its next sibling starts. */
      while (walk->n_open > 0 && walk->open[walk->n_open - 1].end <= at)
        sibling = walk->open[--walk->n_open].end;
      anchor = walk->n_open > 0 ? walk->open[walk->n_open - 1].position : ES_PROF_NO_STACK;
      /* Or, none closed, a frame just skipped was the anchor's child: its
       * next sibling is where to look, not the anchor's first child (a
       * flame graph skips most frames, and the way up from a stack under
       * a deep one costs a cache miss a frame). */
      if (sibling == ES_PROF_NO_STACK)
        sibling = skipped_end != ES_PROF_NO_STACK ? skipped_end : anchor != ES_PROF_NO_STACK ? anchor + 1 : 0;
      /* The next frame is the anchor's child that holds the stack: a few
       * siblings on from the last, most often (the next is it unless the
       * interval has no samples in those between), where the way up from
       * the stack is as long as the stack is deep, and each frame too
       * narrow to draw would pay it. The way up, past a few, and then the
       * frames under it are on it already. */
      for (guint hops = 0; hops < 8 && sibling <= at; hops++, sibling = tree[sibling].end)
        if (tree[sibling].end > at)
          {
            walk->down[walk->n_down++] = sibling;
            break;
          }
      if (walk->n_down == 0)
        for (guint32 up = at; up != anchor; up = tree[up].parent)
          {
            grow (walk, walk->n_open + walk->n_down + 2);
            walk->down[walk->n_down++] = up;
          }
    }
  else
    at = position_at (c, walk->j);

  node = walk->down[--walk->n_down];
  parent = walk->n_open > 0 ? &walk->open[walk->n_open - 1] : NULL;
  /* Its subtree's stacks end at its parent's end at the latest. */
  j_past = first_from (c, walk->j, parent != NULL ? MIN ((guint) parent->seen, walk->j_end) : walk->j_end,
                       tree[node].end);

  frame->cc = tree[node].cc_index != ES_PROF_TREE_NO_CC ? &c->cost_centres[tree[node].cc_index] : NULL;
  frame->cost_centre = _es_profile_node_cost_centre (c, node);
  frame->parent = tree[node].parent;
  frame->end = tree[node].end;
  frame->depth = parent != NULL ? parent->slot + 1 : walk->depth0;
  frame->stack = tree[node].stack;
  frame->individual = node == at ? c->counts[c->sampled.in_tree_order[c->counted[walk->j]]] : 0;
  frame->inherited = c->before[rank_at (c, j_past)] - c->before[rank_at (c, walk->j)];
  frame->node = node;

  grow (walk, walk->n_open + walk->n_down + 2);
  walk->open[walk->n_open++] = (EsProfileOpenFrame) { node, tree[node].end, j_past, frame->depth };
  if (node == at)
    walk->j++;
  return TRUE;
}

/**
 * es_profile_walk_skip_children:
 *
 * Leaves out the frames under the one es_profile_walk_next() gave last:
 * the walk goes on after its subtree.
 */
void
es_profile_walk_skip_children (EsProfileWalk *walk)
{
  if (walk->c == NULL || walk->n_open == 0)
    return;
  walk->n_down = 0;
  walk->j = MAX (walk->j, (guint) walk->open[walk->n_open - 1].seen);
  walk->skipped_end = walk->open[walk->n_open - 1].end;
  walk->n_open--;
}
