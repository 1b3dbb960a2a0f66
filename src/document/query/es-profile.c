/* es-profile.c: where the time went in an interval, from the profile's samples
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-profile.h"
#include "es-search.h"

/* Adds @sign (1 or -1, as a guint32 that wraps) to each sampled stack's
 * count, by its slot, for samples [@from, @to). */
static void
walk_samples (const EsProfSample        *samples,
              const EsProfSampledStacks *sampled,
              guint                      from,
              guint                      to,
              guint32                    sign,
              guint32                   *counts)
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
              const EsProfSampledStacks *sampled,
              guint                      i0,
              guint                      i1,
              guint32                   *counts)
{
  guint n_samples, n0 = 0, n1;
  const EsProfSample *samples = es_document_get_prof_samples (document, &n_samples);
  guint every = es_document_get_prof_checkpoint_samples (document);
  guint n_checkpoints = es_document_get_prof_n_checkpoints (document);
  guint j0 = MIN (i0 / every, n_checkpoints), j1 = MIN (i1 / every, n_checkpoints);
  const guint32 *before_i0 = NULL, *before_i1;

  if (j0 == j1 || i1 - i0 <= 2 * (guint64) every)
    {
      walk_samples (samples, sampled, i0, i1, 1, counts);
      return;
    }
  before_i1 = es_document_get_prof_counts_before (document, j1, &n1);
  if (j0 > 0)
    before_i0 = es_document_get_prof_counts_before (document, j0, &n0);
  for (guint k = 0; k < sampled->n_sampled && sampled->stacks[k] < n1; k++)
    {
      guint32 s = sampled->stacks[k];

      counts[k] += before_i1[s] - (s < n0 ? before_i0[s] : 0);
    }
  walk_samples (samples, sampled, (guint) ((guint64) j1 * every), i1, 1, counts);
  walk_samples (samples, sampled, (guint) ((guint64) j0 * every), i0, (guint32) -1, counts);
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
      if (!stacks[f->stack].repeated)
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
            const guint32             *counts,
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
                const guint32             *counts,
                const EsProfStack         *stacks,
                const EsProfTreeNode      *tree,
                guint                      n_nodes,
                const EsCostCentre        *cost_centres)
{
  g_autofree guint32 *individual = g_new0 (guint32, n_nodes);
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

/* The profile of samples [@i0, @i1) of @document. */
static EsProfile *
profile_new (EsDocument *document,
             guint64     t0,
             guint64     t1,
             guint       i0,
             guint       i1)
{
  EsProfile *profile = g_new0 (EsProfile, 1);
  g_autofree guint32 *counts = NULL;
  EsProfSampledStacks sampled;
  const EsProfStack *stacks;
  const EsProfTreeNode *tree;
  const EsCostCentre *cost_centres;
  guint n_stacks, n_nodes, n_cost_centres, n_counted = 0;
  EsProfileFrame *frames;

  profile->t0 = t0;
  profile->t1 = t1;
  profile->frames = g_array_new (FALSE, FALSE, sizeof (EsProfileFrame));
  profile->cost_centres = g_array_new (FALSE, FALSE, sizeof (EsProfileCostCentre));
  if (i1 <= i0)
    return profile;

  stacks = es_document_get_prof_stacks (document, &n_stacks);
  tree = es_document_get_prof_tree (document, &n_nodes);
  cost_centres = es_document_get_cost_centres (document, &n_cost_centres);
  es_document_get_prof_sampled_stacks (document, &sampled);
  g_return_val_if_fail (sampled.n_stacks == n_stacks && n_nodes == n_stacks, profile);
  counts = g_new0 (guint32, MAX (sampled.n_sampled, 1));
  count_stacks (document, &sampled, i0, i1, counts);
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

#define WHOLE_RUN_KEY "es-profile-whole-run"

/* The whole run's profile is asked for most (a profile without a
 * selection, the CLI's default) and is the dearest: it is made once per
 * document and kept with it. A document never changes once made (a live
 * log makes a new one per update), so the first one kept stays; two
 * threads asking at once may both make it, and the one that loses the
 * g_object_replace_data() race drops its own. */
static EsProfile *
whole_run_profile (EsDocument *document,
                   guint64     t0,
                   guint64     t1,
                   guint       n_samples)
{
  EsProfile *kept = g_object_get_data (G_OBJECT (document), WHOLE_RUN_KEY);

  if (kept == NULL)
    {
      EsProfile *made = profile_new (document, 0, 0, 0, n_samples);

      if (g_object_replace_data (G_OBJECT (document), WHOLE_RUN_KEY, NULL, made,
                                 (GDestroyNotify) es_profile_free, NULL))
        kept = made;
      else
        {
          es_profile_free (made);
          kept = g_object_get_data (G_OBJECT (document), WHOLE_RUN_KEY);
        }
    }
  return profile_share (kept, t0, t1);
}

/**
 * es_profile_new:
 *
 * The profile of the samples taken in [@t0, @t1): each frame's individual
 * and inherited samples, and each cost centre's. Counting costs
 * O(min (samples in the interval, sampled stacks × log samples)): the
 * checkpoints count every stack's samples, so a long interval is counted
 * per stack, not per sample. The frames with samples are then reached
 * from the sampled stacks (see es_document_get_prof_sampled_stacks()),
 * in pre-order, and summed up in one backward pass over them: the cost
 * is that of the frames found, not of the document's whole tree. An
 * interval that holds every sample shares the whole run's profile, made
 * once per document.
 *
 * Returns: (transfer full): the profile
 */
EsProfile *
es_profile_new (EsDocument *document,
                guint64     t0,
                guint64     t1)
{
  const EsProfSample *samples;
  guint n_samples, i0, i1;

  g_return_val_if_fail (ES_IS_DOCUMENT (document), profile_new (NULL, t0, t1, 0, 0));

  samples = es_document_get_prof_samples (document, &n_samples);
  if (n_samples == 0 || t1 <= t0)
    return profile_new (document, t0, t1, 0, 0);
  i0 = es_search_lower_bound (samples, n_samples, sizeof (EsProfSample), G_STRUCT_OFFSET (EsProfSample, time), t0);
  i1 = es_search_lower_bound (samples, n_samples, sizeof (EsProfSample), G_STRUCT_OFFSET (EsProfSample, time), t1);
  if (i0 == 0 && i1 == n_samples)
    return whole_run_profile (document, t0, t1, n_samples);
  return profile_new (document, t0, t1, i0, i1);
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

/* Whether cost centre @chosen is on stack @s: its own frame or one around
 * it, remembered per stack in @memo (0 not yet known, 1 no, 2 yes). */
static gboolean
stack_has (const EsProfStack *stacks,
           guint8            *memo,
           guint32            s,
           guint32            chosen)
{
  guint32 up = s;
  gboolean found = FALSE;

  while (up != ES_PROF_NO_STACK && up != ES_PROF_EMPTY_STACK && memo[up] == 0)
    {
      if (stacks[up].cost_centre == chosen)
        {
          found = TRUE;
          break;
        }
      up = stacks[up].parent;
    }
  if (!found && up != ES_PROF_NO_STACK && up != ES_PROF_EMPTY_STACK)
    found = memo[up] == 2;
  /* Everything below @up on the way from @s has the same answer. */
  for (guint32 down = s; down != up && down != ES_PROF_EMPTY_STACK; down = stacks[down].parent)
    memo[down] = found ? 2 : 1;
  if (up != ES_PROF_EMPTY_STACK && up != ES_PROF_NO_STACK)
    memo[up] = found ? 2 : 1;
  return found;
}

/* The column of a time @d after the span's start: floor (d * n / span), in
 * 128 bits' worth of care (d * n does not fit 64 bits for spans of days). */
static guint
column_of (guint64 d,
           guint64 span,
           guint   n)
{
  guint64 q = d / span, r = d % span;
  guint64 c = q * n + (r <= G_MAXUINT64 / n ? r * n / span : (guint64) ((double) r / (double) span * n));

  return (guint) MIN (c, (guint64) n - 1);
}

/* ceil (c * span / n): where column @c starts. */
static guint64
column_start (guint   c,
              guint64 span,
              guint   n)
{
  guint64 q = span / n, r = span % n;

  /* c * span / n = c * q + c * r / n, with c * r < n * n: no overflow. */
  return c * q + ((guint64) c * r + n - 1) / n;
}

/* es_profile_columns() for one capability or all (@n_lanes 1), or for
 * each of the first @n_lanes capabilities at once, in @n_lanes rows of
 * @n_columns: one walk over the samples either way. */
static void
fill_columns (EsDocument      *document,
              guint64          t0,
              guint64          t1,
              guint            cap,
              guint            n_lanes,
              guint32          chosen,
              EsProfileColumn *columns,
              guint            n_columns)
{
  guint n_samples, n_stacks, n_cost_centres, i0, i1, n_slots;
  const EsProfSample *samples;
  const EsProfStack *stacks;
  const EsCostCentre *cost_centres;
  g_autofree guint32 *tally = NULL, *touched = NULL;
  g_autofree guint *n_touched = NULL;
  g_autofree guint8 *memo = NULL;
  guint64 span;

  if (n_columns == 0)
    return;
  memset (columns, 0, (gsize) n_lanes * n_columns * sizeof (EsProfileColumn));
  for (guint c = 0; c < n_lanes * n_columns; c++)
    columns[c].top = ES_PROFILE_NO_COST_CENTRE;
  samples = es_document_get_prof_samples (document, &n_samples);
  if (n_samples == 0 || t1 <= t0)
    return;
  stacks = es_document_get_prof_stacks (document, &n_stacks);
  cost_centres = es_document_get_cost_centres (document, &n_cost_centres);
  i0 = es_search_lower_bound (samples, n_samples, sizeof (EsProfSample), G_STRUCT_OFFSET (EsProfSample, time), t0);
  i1 = es_search_lower_bound (samples, n_samples, sizeof (EsProfSample), G_STRUCT_OFFSET (EsProfSample, time), t1);
  span = t1 - t0;

  /* Per column and lane, samples are counted by the innermost frame's
   * definition (slot n_cost_centres for all frames without one: a column
   * they win has no top). */
  n_slots = n_cost_centres + 1;
  tally = g_new0 (guint32, (gsize) n_lanes * n_slots);
  touched = g_new (guint32, (gsize) n_lanes * n_slots);
  n_touched = g_new0 (guint, n_lanes);
  if (chosen != ES_PROFILE_NO_COST_CENTRE)
    memo = g_new0 (guint8, n_stacks);
  for (guint i = i0; i < i1; )
    {
      guint c = column_of (samples[i].time - t0, span, n_columns);
      /* The first time of the next column: the smallest d with
       * column_of (d) > c, that is ceil ((c + 1) * span / n_columns). */
      guint64 next = c + 1 < n_columns ? t0 + column_start (c + 1, span, n_columns) : G_MAXUINT64;

      for (; i < i1 && samples[i].time < next; i++)
        {
          const EsProfStack *s = &stacks[samples[i].stack];
          guint lane = n_lanes > 1 ? samples[i].cap : 0, slot;
          EsProfileColumn *column;

          if (n_lanes == 1 ? cap != ES_PROFILE_ALL_CAPS && samples[i].cap != cap : lane >= n_lanes)
            continue;
          column = &columns[lane * n_columns + c];
          column->n_samples++;
          if (memo != NULL && stack_has (stacks, memo, samples[i].stack, chosen))
            column->n_chosen++;
          slot = s->cc_index != ES_PROF_NO_STACK ? s->cc_index : n_cost_centres;
          if (tally[lane * n_slots + slot]++ == 0)
            touched[lane * n_slots + n_touched[lane]++] = slot;
        }
      for (guint lane = 0; lane < n_lanes; lane++)
        {
          EsProfileColumn *column = &columns[lane * n_columns + c];
          guint32 best = 0, best_slot = G_MAXUINT32;

          for (guint k = 0; k < n_touched[lane]; k++)
            {
              guint32 slot = touched[lane * n_slots + k];
              guint32 id = slot < n_cost_centres ? cost_centres[slot].id : G_MAXUINT32;
              guint32 *count = &tally[lane * n_slots + slot];

              if (*count > best || (*count == best && id < column->top))
                {
                  best = *count;
                  best_slot = slot;
                  column->top = id;
                }
              *count = 0;
            }
          if (n_touched[lane] == 0)
            continue;
          n_touched[lane] = 0;
          column->top_samples = best;
          if (best_slot == n_cost_centres)
            column->top = ES_PROFILE_NO_COST_CENTRE;
        }
    }
}

/**
 * es_profile_columns:
 * @cap: the capability whose samples count, or ES_PROFILE_ALL_CAPS
 * @chosen: a cost centre's log id to find on the stacks, or
 *   ES_PROFILE_NO_COST_CENTRE
 * @columns: (out caller-allocates) (array length=n_columns):
 *
 * Cuts [@t0, @t1) into @n_columns equal columns (a time t falls in column
 * floor ((t - t0) * n_columns / (t1 - t0))) and says, for each, how
 * many samples fall in it, which cost centre most of them were in (its
 * innermost frame; the lowest id on a tie; MAIN for an empty stack) and
 * how many had @chosen on their stack: the timeline's Profile row, tinted
 * by what ran and marked where the chosen function did. MAIN is not looked
 * for on the stacks (the log leaves it out of them). Costs a walk over the
 * samples in the span.
 */
void
es_profile_columns (EsDocument      *document,
                    guint64          t0,
                    guint64          t1,
                    guint            cap,
                    guint32          chosen,
                    EsProfileColumn *columns,
                    guint            n_columns)
{
  g_return_if_fail (ES_IS_DOCUMENT (document));
  g_return_if_fail (columns != NULL || n_columns == 0);

  fill_columns (document, t0, t1, cap, 1, chosen, columns, n_columns);
}

/**
 * es_profile_columns_by_cap:
 * @columns: (out caller-allocates) (array length=n_caps * n_columns): cap
 *   c's columns from @columns[c * @n_columns]
 *
 * es_profile_columns() for each of the capabilities 0 to @n_caps - 1, in
 * one walk over the samples in the span rather than one per capability:
 * the Profile row's lanes.
 */
void
es_profile_columns_by_cap (EsDocument      *document,
                           guint64          t0,
                           guint64          t1,
                           guint            n_caps,
                           guint32          chosen,
                           EsProfileColumn *columns,
                           guint            n_columns)
{
  g_return_if_fail (ES_IS_DOCUMENT (document));
  g_return_if_fail (n_caps > 0);
  g_return_if_fail (columns != NULL || n_columns == 0);

  fill_columns (document, t0, t1, 0, n_caps, chosen, columns, n_columns);
}
