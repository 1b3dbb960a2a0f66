/* es-profile.c: where the time went in an interval, from the profile's samples
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-profile-private.h"
#include "es-search.h"

/* Adds @sign (1 or -1, as a guint32 that wraps) to each sampled stack's
 * count, by its slot, for samples [@from, @to). */
static void
walk_samples (const EsProfSample        *samples,
              const EsProfSampledStacks *sampled,
              guint                      from,
              guint                      to,
              guint64                    sign,
              guint64                   *counts)
{
  for (guint i = from; i < to; i++)
    counts[sampled->slot_of[samples[i].stack]] += sign;
}

/* Each sampled stack's own samples in [i0, i1), by its slot: the counts
 * before i1 less those before i0, each the counts at the checkpoint at
 * or before it and the samples walked from there. A short interval is
 * walked whole. The checkpoints count every stack of the trie, but only
 * the sampled ones are read: they are few, and read in the order of
 * their indexes. */
static void
count_stacks (EsDocument                *document,
              EsProfKind                 kind,
              const EsProfSampledStacks *sampled,
              guint                      i0,
              guint                      i1,
              guint                      cap,
              guint64                   *counts)
{
  guint n_samples, n0 = 0, n1;
  const EsProfSample *samples = es_document_get_prof_samples (document, kind, &n_samples);
  guint every = es_document_get_prof_checkpoint_samples (document, kind);
  guint n_checkpoints = es_document_get_prof_n_checkpoints (document, kind);
  guint j0 = MIN (i0 / every, n_checkpoints), j1 = MIN (i1 / every, n_checkpoints);
  const guint32 *before_i0 = NULL, *before_i1;

  /* One cap's: its samples walked, the checkpoints counting every cap's. */
  if (cap != ES_PROFILE_ALL_CAPS)
    {
      for (guint i = i0; i < i1; i++)
        if (samples[i].cap == cap)
          counts[sampled->slot_of[samples[i].stack]]++;
      return;
    }
  if (j0 == j1 || i1 - i0 <= 2 * (guint64) every)
    {
      walk_samples (samples, sampled, i0, i1, 1, counts);
      return;
    }
  before_i1 = es_document_get_prof_counts_before (document, kind, j1, &n1);
  if (j0 > 0)
    before_i0 = es_document_get_prof_counts_before (document, kind, j0, &n0);
  for (guint k = 0; k < sampled->n_sampled && sampled->stacks[k] < n1; k++)
    {
      guint32 s = sampled->stacks[k];

      counts[k] += before_i1[s] - (s < n0 ? before_i0[s] : 0);
    }
  walk_samples (samples, sampled, (guint) ((guint64) j1 * every), i1, 1, counts);
  walk_samples (samples, sampled, (guint) ((guint64) j0 * every), i0, (guint64) -1, counts);
}

/**
 * es_profile_is_builtin_root:
 *
 * Whether @cc is one of the RTS's own stacks that are not under MAIN: see
 * es_cost_centre_is_builtin_root().
 */
gboolean
es_profile_is_builtin_root (const EsCostCentre *cc)
{
  return es_cost_centre_is_builtin_root (cc);
}

static int
compare_cost_centres (gconstpointer a,
                      gconstpointer b)
{
  const EsProfileCostCentre *x = a, *y = b;

  if (x->individual != y->individual)
    return x->individual > y->individual ? -1 : 1;
  if (x->inherited != y->inherited)
    return x->inherited > y->inherited ? -1 : 1;
  return (x->id > y->id) - (x->id < y->id);
}

/* Per cost centre: its frames' individual samples, and the inherited
 * samples of its outermost frames on each path (a recursive cost centre's
 * inner frames are inside its outer ones and would count twice). Defined
 * cost centres are counted in an array by their index; the few a log
 * never defined, in a hash table. */
static void
sum_cost_centres (EsProfile          *profile,
                  const EsProfStack  *stacks,
                  const EsCostCentre *cost_centres,
                  guint               n_cost_centres)
{
  g_autofree guint32 *slot = g_new (guint32, n_cost_centres);
  g_autoptr(GHashTable) undefined = g_hash_table_new (NULL, NULL);

  if (n_cost_centres > 0)
    memset (slot, 0xff, n_cost_centres * sizeof (guint32));
  for (guint i = 0; i < profile->frames->len; i++)
    {
      const EsProfileFrame *f = &g_array_index (profile->frames, EsProfileFrame, i);
      guint32 at;
      EsProfileCostCentre *c;

      if (f->cc != NULL)
        at = slot[f->cc - cost_centres];
      else
        at = GPOINTER_TO_UINT (g_hash_table_lookup (undefined, GUINT_TO_POINTER (f->cost_centre))) - 1;
      if (at == G_MAXUINT32)
        {
          EsProfileCostCentre fresh = { f->cost_centre, f->cc, 0, 0 };

          at = profile->cost_centres->len;
          g_array_append_val (profile->cost_centres, fresh);
          if (f->cc != NULL)
            slot[f->cc - cost_centres] = at;
          else
            g_hash_table_insert (undefined, GUINT_TO_POINTER (f->cost_centre), GUINT_TO_POINTER (at + 1));
        }
      c = &g_array_index (profile->cost_centres, EsProfileCostCentre, at);
      c->individual += f->individual;
      /* mprof-report adds each call's time to its method's total, a
       * call inside another of the same method's too */
      if (!stacks[f->stack].repeated || profile->weighted)
        c->inherited += f->inherited;
    }
  g_array_sort (profile->cost_centres, compare_cost_centres);
}

/* A frame of the tree open while its descendants are placed. */
typedef struct
{
  guint32 position;   /* in es_document_get_prof_tree() */
  guint32 end;        /* where its subtree ends there */
  guint32 frame;      /* its index among the profile's frames */
} OpenFrame;

/* The frames with samples in the interval, in the tree's pre-order: the
 * sampled stacks with counts, in tree order, and the frames around each
 * that the one before did not have. A frame is on the path to a stack
 * after it in pre-order only if it is on the path to every stack in
 * between, so the frames come out in pre-order, each once: the cost is
 * the frames found, not those of the whole tree. Without @profile, only
 * counts them, so that the frames are made in an array of their size
 * (grown as they come, the array of a million frames was copied a few
 * times over, which cost more than making them). */
static guint
add_frames (EsProfile                 *profile,
            const EsProfSampledStacks *sampled,
            const guint64             *counts,
            const EsProfStack         *stacks,
            const EsProfTreeNode      *tree,
            const EsCostCentre        *cost_centres)
{
  g_autofree OpenFrame *open = NULL;
  g_autofree guint32 *way_down = NULL;
  EsProfileFrame *frames = profile != NULL ? (EsProfileFrame *) (gpointer) profile->frames->data : NULL;
  guint n_frames = 0, n_open = 0, deepest = 0;

  /* A frame's depth in the tree is at most its stack's depth + 1 (MAIN
   * is the empty stack's). */
  for (guint k = 0; k < sampled->n_sampled; k++)
    deepest = MAX (deepest, stacks[sampled->stacks[k]].depth + 1);
  open = g_new (OpenFrame, deepest + 1);
  way_down = g_new (guint32, deepest + 1);
  for (guint k = 0; k < sampled->n_sampled; k++)
    {
      guint32 slot = sampled->in_tree_order[k], at = stacks[sampled->stacks[slot]].position, anchor;
      guint n_down = 0;

      if (counts[slot] == 0)
        continue;
      /* Close the frames whose subtrees end before it. */
      for (; n_open > 0 && open[n_open - 1].end <= at; n_open--)
        if (frames != NULL)
          frames[open[n_open - 1].frame].end = n_frames;
      anchor = n_open > 0 ? open[n_open - 1].position : ES_PROF_NO_STACK;
      for (guint32 up = at; up != anchor; up = tree[up].parent)
        way_down[n_down++] = up;
      for (; n_down > 0; n_down--)
        {
          guint32 position = way_down[n_down - 1];

          if (frames != NULL)
            {
              const EsProfStack *s = &stacks[tree[position].stack];
              EsProfileFrame *f = &frames[n_frames];

              f->cc = s->cc_index != ES_PROF_NO_STACK ? &cost_centres[s->cc_index] : NULL;
              f->cost_centre = tree[position].stack == ES_PROF_EMPTY_STACK
                               ? (f->cc != NULL ? f->cc->id : G_MAXUINT32) : s->cost_centre;
              f->parent = n_open > 0 ? open[n_open - 1].frame : ES_PROFILE_NO_FRAME;
              f->end = 0;
              f->depth = n_open;
              f->stack = tree[position].stack;
              f->individual = position == at ? counts[slot] : 0;
              f->inherited = 0;
              profile->n_rows = MAX (profile->n_rows, f->depth + 1);
            }
          open[n_open++] = (OpenFrame) { position, tree[position].end, n_frames++ };
        }
    }
  for (; n_open > 0 && frames != NULL; n_open--)
    frames[open[n_open - 1].frame].end = n_frames;
  return n_frames;
}

/* The frames with samples when most sampled stacks have some: as many as
 * the tree has, near enough, and then one pass over the whole tree in
 * order costs less than reaching each frame from its stacks. Each node's
 * samples, and its subtree's, by position; the frames are the nodes
 * whose subtrees have some, a subtree without skipped whole. */
static void
add_all_frames (EsProfile                 *profile,
                const EsProfSampledStacks *sampled,
                const guint64             *counts,
                const EsProfStack         *stacks,
                const EsProfTreeNode      *tree,
                guint                      n_nodes,
                const EsCostCentre        *cost_centres)
{
  g_autofree guint64 *individual = g_new0 (guint64, n_nodes);
  g_autofree guint64 *inherited = g_new0 (guint64, n_nodes);
  g_autofree guint32 *frame_at = g_new (guint32, n_nodes);
  EsProfileFrame *frames;
  guint n_frames = 0;

  for (guint k = 0; k < sampled->n_sampled; k++)
    individual[stacks[sampled->stacks[k]].position] = counts[k];
  for (guint i = n_nodes; i > 0; i--)
    {
      inherited[i - 1] += individual[i - 1];
      if (tree[i - 1].parent != ES_PROF_NO_STACK)
        inherited[tree[i - 1].parent] += inherited[i - 1];
    }
  for (guint i = 0; i < n_nodes; )
    if (inherited[i] == 0)
      i = tree[i].end;
    else
      {
        n_frames++;
        i++;
      }
  g_array_set_size (profile->frames, n_frames);
  frames = (EsProfileFrame *) (gpointer) profile->frames->data;
  n_frames = 0;
  for (guint i = 0; i < n_nodes; )
    {
      const EsProfStack *s = &stacks[tree[i].stack];
      EsProfileFrame *f;

      if (inherited[i] == 0)
        {
          i = tree[i].end;
          continue;
        }
      f = &frames[n_frames];
      frame_at[i] = n_frames++;
      f->cc = s->cc_index != ES_PROF_NO_STACK ? &cost_centres[s->cc_index] : NULL;
      f->cost_centre = tree[i].stack == ES_PROF_EMPTY_STACK ? (f->cc != NULL ? f->cc->id : G_MAXUINT32) : s->cost_centre;
      f->parent = tree[i].parent != ES_PROF_NO_STACK ? frame_at[tree[i].parent] : ES_PROFILE_NO_FRAME;
      f->depth = f->parent != ES_PROFILE_NO_FRAME ? frames[f->parent].depth + 1 : 0;
      f->stack = tree[i].stack;
      f->individual = individual[i];
      f->inherited = 0;
      profile->n_rows = MAX (profile->n_rows, f->depth + 1);
      i++;
    }
  for (guint i = n_frames; i > 0; i--)
    {
      guint32 end = i;

      while (end < n_frames && frames[end].parent == i - 1)
        end = frames[end].end;
      frames[i - 1].end = end;
    }
}

/* The profile of samples [@i0, @i1) of @document, or for call time of
 * [@t0, @t1) (samples [@i0, @i1) start in it). */
static EsProfile *
profile_new (EsDocument *document,
             EsProfKind  kind,
             guint       cap,
             guint64     t0,
             guint64     t1,
             guint       i0,
             guint       i1)
{
  EsProfile *profile = g_new0 (EsProfile, 1);
  gboolean weighted = kind == ES_PROF_CALL_TIME;
  g_autofree guint64 *counts = NULL;
  EsProfSampledStacks sampled;
  const EsProfStack *stacks;
  const EsProfTreeNode *tree;
  const EsCostCentre *cost_centres;
  guint n_stacks, n_nodes, n_cost_centres, n_counted = 0;
  EsProfileFrame *frames;

  profile->t0 = t0;
  profile->t1 = t1;
  profile->kind = kind;
  profile->cap = cap;
  profile->weighted = weighted;
  profile->frames = g_array_new (FALSE, FALSE, sizeof (EsProfileFrame));
  profile->cost_centres = g_array_new (FALSE, FALSE, sizeof (EsProfileCostCentre));
  /* A stretch of call time may cover the interval without starting in it. */
  if (document == NULL || (i1 <= i0 && !weighted) || t1 <= t0)
    return profile;

  stacks = es_document_get_prof_stacks (document, kind, &n_stacks);
  tree = es_document_get_prof_tree (document, kind, &n_nodes);
  cost_centres = es_document_get_cost_centres (document, &n_cost_centres);
  es_document_get_prof_sampled_stacks (document, kind, &sampled);
  g_return_val_if_fail (sampled.n_stacks == n_stacks && n_nodes == n_stacks, profile);
  counts = g_new0 (guint64, MAX (sampled.n_sampled, 1));
  if (weighted)
    _es_profile_count_time (document, &sampled, t0, t1, cap, counts);
  else
    count_stacks (document, kind, &sampled, i0, i1, cap, counts);
  for (guint k = 0; k < sampled.n_sampled; k++)
    n_counted += counts[k] > 0;
  if (n_counted > sampled.n_sampled / 2)
    add_all_frames (profile, &sampled, counts, stacks, tree, n_nodes, cost_centres);
  else
    {
      g_array_set_size (profile->frames, add_frames (NULL, &sampled, counts, stacks, tree, cost_centres));
      add_frames (profile, &sampled, counts, stacks, tree, cost_centres);
    }

  /* Pre-order: children after their parents, so one backward pass sums
   * them up. */
  frames = (EsProfileFrame *) (gpointer) profile->frames->data;
  for (guint i = profile->frames->len; i > 0; i--)
    {
      EsProfileFrame *f = &frames[i - 1];

      f->inherited += f->individual;
      profile->n_samples += f->individual;
      if (f->parent != ES_PROFILE_NO_FRAME)
        frames[f->parent].inherited += f->inherited;
    }
  if (profile->frames->len > 0 && frames[0].stack == ES_PROF_EMPTY_STACK)
    profile->n_main = frames[0].inherited;

  sum_cost_centres (profile, stacks, cost_centres, n_cost_centres);
  return profile;
}

/* The same profile, its arrays shared (they are never written once made),
 * as the profile of [@t0, @t1). */
static EsProfile *
profile_share (const EsProfile *from,
               guint64          t0,
               guint64          t1)
{
  EsProfile *profile = g_new0 (EsProfile, 1);

  *profile = *from;
  profile->t0 = t0;
  profile->t1 = t1;
  g_array_ref (profile->frames);
  g_array_ref (profile->cost_centres);
  return profile;
}

/* The whole run's profile is asked for most (a profile without a
 * selection, the CLI's default) and is the dearest: it is made once per
 * document, kind and cap, and kept with it. A document never changes once
 * made (a live log makes a new one per update), so the first one kept
 * stays; two threads asking at once may both make it, and the one that
 * loses the g_object_replace_data() race drops its own. */
static EsProfile *
whole_run_profile (EsDocument *document,
                   EsProfKind  kind,
                   guint       cap,
                   guint64     t0,
                   guint64     t1,
                   guint       n_samples)
{
  char key[64];
  EsProfile *kept;

  g_snprintf (key, sizeof key, "es-profile-whole-run-%d-%u", (int) kind, cap);
  kept = g_object_get_data (G_OBJECT (document), key);
  if (kept == NULL)
    {
      EsProfile *made = profile_new (document, kind, cap, 0, G_MAXUINT64, 0, n_samples);

      if (g_object_replace_data (G_OBJECT (document), key, NULL, made,
                                 (GDestroyNotify) es_profile_free, NULL))
        kept = made;
      else
        {
          es_profile_free (made);
          kept = g_object_get_data (G_OBJECT (document), key);
        }
    }
  return profile_share (kept, t0, t1);
}

/**
 * es_profile_new:
 *
 * es_profile_new_for() of the samples, every cap's.
 *
 * Returns: (transfer full): the profile
 */
EsProfile *
es_profile_new (EsDocument *document,
                guint64     t0,
                guint64     t1)
{
  return es_profile_new_for (document, ES_PROF_SAMPLES, ES_PROFILE_ALL_CAPS, t0, t1);
}

/**
 * es_profile_new_for:
 * @kind: the samples, or the call time
 * @cap: the one cap whose samples count (a Mono log's thread row), or
 *   ES_PROFILE_ALL_CAPS
 *
 * The profile of the samples taken in [@t0, @t1): each frame's individual
 * and inherited samples, and each cost centre's; for call time, the time
 * of each stack in [@t0, @t1) in ns, the stretches at its edges cut.
 * Counting costs O(min (samples in the interval, sampled stacks × log
 * samples)): the checkpoints count every stack's samples (and time), so
 * a long interval is counted per stack, not per sample; one cap's
 * samples are walked. The frames with samples are then reached from the
 * sampled stacks (see es_document_get_prof_sampled_stacks()), in
 * pre-order, and summed up in one backward pass over them: the cost is
 * that of the frames found, not of the document's whole tree. An interval
 * that holds every sample shares the whole run's profile, made once per
 * document.
 *
 * Returns: (transfer full): the profile
 */
EsProfile *
es_profile_new_for (EsDocument *document,
                    EsProfKind  kind,
                    guint       cap,
                    guint64     t0,
                    guint64     t1)
{
  const EsProfSample *samples;
  guint n_samples, i0, i1;

  g_return_val_if_fail (ES_IS_DOCUMENT (document), profile_new (NULL, kind, cap, t0, t1, 0, 0));

  /* Call time has no samples, but each thread's stack changes. */
  if (kind == ES_PROF_CALL_TIME)
    {
      if (!es_document_has_call_time (document) || t1 <= t0)
        return profile_new (document, kind, cap, t0, t1, 0, 0);
      if (t0 == 0 && t1 == G_MAXUINT64)
        return whole_run_profile (document, kind, cap, t0, t1, 0);
      return profile_new (document, kind, cap, t0, t1, 0, 0);
    }
  samples = es_document_get_prof_samples (document, kind, &n_samples);
  if (n_samples == 0 || t1 <= t0)
    return profile_new (document, kind, cap, t0, t1, 0, 0);
  i0 = es_search_lower_bound (samples, n_samples, sizeof (EsProfSample), G_STRUCT_OFFSET (EsProfSample, time), t0);
  i1 = es_search_lower_bound (samples, n_samples, sizeof (EsProfSample), G_STRUCT_OFFSET (EsProfSample, time), t1);
  if (i0 == 0 && i1 == n_samples)
    return whole_run_profile (document, kind, cap, t0, t1, n_samples);
  return profile_new (document, kind, cap, t0, t1, i0, i1);
}

void
es_profile_free (EsProfile *profile)
{
  if (profile == NULL)
    return;
  g_array_unref (profile->frames);
  g_array_unref (profile->cost_centres);
  g_free (profile);
}

/**
 * es_profile_append_frame_name:
 *
 * Appends "label (Module)", or what is known of it: "MAIN" for a MAIN the
 * log never defined, "#id" for a cost centre without its definition, the
 * label alone without a module (a Mono method's whole name).
 */
void
es_profile_append_frame_name (const EsProfileFrame *frame,
                              GString              *out)
{
  if (frame->cc != NULL && frame->cc->module[0] == '\0')
    g_string_append (out, frame->cc->label);
  else if (frame->cc != NULL)
    g_string_append_printf (out, "%s (%s)", frame->cc->label, frame->cc->module);
  else if (frame->stack == ES_PROF_EMPTY_STACK)
    g_string_append (out, "MAIN");
  else
    g_string_append_printf (out, "#%u", frame->cost_centre);
}

/**
 * es_profile_append_cost_centre_name:
 *
 * Appends "label (Module)", as es_profile_append_frame_name() does.
 */
void
es_profile_append_cost_centre_name (const EsProfileCostCentre *cost_centre,
                                    GString                   *out)
{
  if (cost_centre->cc != NULL && cost_centre->cc->module[0] == '\0')
    g_string_append (out, cost_centre->cc->label);
  else if (cost_centre->cc != NULL)
    g_string_append_printf (out, "%s (%s)", cost_centre->cc->label, cost_centre->cc->module);
  else if (cost_centre->id == G_MAXUINT32)
    g_string_append (out, "MAIN");
  else
    g_string_append_printf (out, "#%u", cost_centre->id);
}
