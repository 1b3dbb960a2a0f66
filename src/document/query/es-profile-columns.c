/* es-profile-columns.c: what the timeline's Profile row shows in each
 * pixel column: the samples or call time there, what ran most, and
 * where a chosen function was on the stack
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-profile-private.h"
#include "es-search.h"

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

/* The tree's nodes by cost centre, for finding a chosen one's stacks
 * without walking up each sampled stack (50,000 stacks 200 deep: 70 ms
 * on the first Profile row over the whole run, and again for each cost
 * centre chosen). Made once per document off the main thread
 * (es_profile_prepare()); without it the stacks are walked up. */
typedef struct
{
  guint    n_keys;         /* the document's cost centres, then one for those the log never defined */
  guint32 *offsets;        /* [key]: where its nodes start in @positions; [n_keys] the end */
  guint32 *positions;      /* tree positions, ascending within a key's; MAIN's empty stack left out */
  /* Each sample's stack as its slot among the sampled stacks, and each
   * slot's cost centre (its innermost frame's definition, or n_keys - 1):
   * a walk over a million samples then reads them in order and two small
   * arrays, where the stacks' and their slots' (tens of MB, read at random)
   * cost most of 35 ms. 4 bytes a sample. */
  guint    n_samples;
  guint32 *sample_slots;
  guint32 *slot_cc;
} CostCentreNodes;

#define COST_CENTRE_NODES_KEY "es-profile-cost-centre-nodes"

static void
cost_centre_nodes_free (gpointer data)
{
  CostCentreNodes *index = data;

  g_free (index->offsets);
  g_free (index->positions);
  g_free (index->sample_slots);
  g_free (index->slot_cc);
  g_free (index);
}

/**
 * _es_profile_prepare_columns:
 *
 * Makes the index of @document's tree by cost centre that the Profile
 * row's columns find a chosen cost centre's stacks with: a counting sort
 * of the nodes, two passes over the tree.
 */
void
_es_profile_prepare_columns (EsDocument *document)
{
  CostCentreNodes *index;
  const EsProfTreeNode *tree;
  const EsProfStack *stacks;
  const EsProfSample *samples;
  EsProfSampledStacks sampled;
  guint n_nodes, n_cost_centres, n_stacks, n_samples_of;
  g_autofree guint32 *next = NULL;

  if (g_object_get_data (G_OBJECT (document), COST_CENTRE_NODES_KEY) != NULL)
    return;
  tree = es_document_get_prof_tree (document, ES_PROF_SAMPLES, &n_nodes);
  stacks = es_document_get_prof_stacks (document, ES_PROF_SAMPLES, &n_stacks);
  samples = es_document_get_prof_samples (document, ES_PROF_SAMPLES, &n_samples_of);
  es_document_get_cost_centres (document, &n_cost_centres);
  es_document_get_prof_sampled_stacks (document, ES_PROF_SAMPLES, &sampled);
  index = g_new0 (CostCentreNodes, 1);
  index->n_keys = n_cost_centres + 1;
  index->offsets = g_new0 (guint32, index->n_keys + 1);
  for (guint32 p = 0; p < n_nodes; p++)
    if (tree[p].stack != ES_PROF_EMPTY_STACK)
      index->offsets[MIN (tree[p].cc_index, n_cost_centres) + 1]++;
  for (guint k = 0; k < index->n_keys; k++)
    index->offsets[k + 1] += index->offsets[k];
  index->positions = g_new (guint32, MAX (index->offsets[index->n_keys], 1));
  next = g_memdup2 (index->offsets, index->n_keys * sizeof (guint32));
  for (guint32 p = 0; p < n_nodes; p++)
    if (tree[p].stack != ES_PROF_EMPTY_STACK)
      index->positions[next[MIN (tree[p].cc_index, n_cost_centres)]++] = p;
  index->n_samples = n_samples_of;
  index->sample_slots = g_new (guint32, MAX (n_samples_of, 1));
  for (guint i = 0; i < n_samples_of; i++)
    index->sample_slots[i] = sampled.slot_of[samples[i].stack];
  index->slot_cc = g_new (guint32, MAX (sampled.n_sampled, 1));
  for (guint k = 0; k < sampled.n_sampled; k++)
    {
      guint32 cc_index = stacks[sampled.stacks[k]].cc_index;

      index->slot_cc[k] = cc_index != ES_PROF_NO_STACK ? cc_index : n_cost_centres;
    }
  if (!g_object_replace_data (G_OBJECT (document), COST_CENTRE_NODES_KEY, NULL, index, cost_centre_nodes_free, NULL))
    cost_centre_nodes_free (index);
}

/* Marks in @has, by slot, the sampled stacks under the nodes
 * @positions[@from, @to) (ascending) of cost centre @chosen: each node's
 * subtree is a range of the sampled stacks in tree order. */
static void
mark_subtrees (const EsProfTreeNode      *tree,
               const EsProfStack         *stacks,
               const EsProfSampledStacks *sampled,
               const guint32             *positions,
               guint32                    from,
               guint32                    to,
               guint32                    chosen,
               guint8                    *has)
{
  guint32 end = 0;

  for (guint32 i = from; i < to; i++)
    {
      guint32 p = positions[i];
      guint lo = 0, hi = sampled->n_sampled;

      /* inside one marked already (recursion), or another cost centre
       * the log never defined */
      if (p < end || stacks[tree[p].stack].cost_centre != chosen)
        continue;
      end = tree[p].end;
      while (lo < hi)
        {
          guint mid = lo + (hi - lo) / 2;

          if (sampled->positions[mid] < p)
            lo = mid + 1;
          else
            hi = mid;
        }
      for (; lo < sampled->n_sampled && sampled->positions[lo] < end; lo++)
        has[sampled->in_tree_order[lo]] = 1;
    }
}

/* Whether each sampled stack, by slot, has cost centre @chosen on it, as
 * stack_has() says, from the index of the tree by cost centre: NULL
 * without the index (the stacks are then walked up). */
static guint8 *
chosen_by_slot (EsDocument                *document,
                guint32                    chosen,
                const EsProfSampledStacks *sampled)
{
  const CostCentreNodes *index = g_object_get_data (G_OBJECT (document), COST_CENTRE_NODES_KEY);
  const EsCostCentre *cc, *cost_centres;
  const EsProfTreeNode *tree;
  const EsProfStack *stacks;
  guint n_nodes, n_stacks, n_cost_centres;
  guint8 *has;

  if (index == NULL)
    return NULL;
  tree = es_document_get_prof_tree (document, ES_PROF_SAMPLES, &n_nodes);
  stacks = es_document_get_prof_stacks (document, ES_PROF_SAMPLES, &n_stacks);
  cost_centres = es_document_get_cost_centres (document, &n_cost_centres);
  if (index->n_keys != n_cost_centres + 1 || n_nodes != n_stacks)
    return NULL;
  has = g_new0 (guint8, MAX (sampled->n_sampled, 1));
  /* The nodes of its definition, if the samples name it by one, and those
   * of the cost centres without one. */
  cc = es_document_lookup_cost_centre (document, chosen);
  if (cc != NULL && cc >= cost_centres && cc < cost_centres + n_cost_centres)
    {
      guint k = (guint) (cc - cost_centres);

      mark_subtrees (tree, stacks, sampled, index->positions, index->offsets[k], index->offsets[k + 1], chosen, has);
    }
  mark_subtrees (tree, stacks, sampled, index->positions, index->offsets[n_cost_centres],
                 index->offsets[n_cost_centres + 1], chosen, has);
  return has;
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

/* A walk over one thread's call time, into a lane's columns. */
typedef struct
{
  guint64             t0, t1, span;
  guint               n_columns;
  const EsProfStack  *stacks;
  const EsCostCentre *cost_centres;
  guint               n_cost_centres;
  guint8             *memo;
  guint32             chosen;
  guint64            *ns;          /* the lane's columns: time */
  guint64            *chosen_ns;   /* time with @chosen on the stack */
  guint64            *top_ns;      /* the top's time, on one thread */
  EsProfileColumn    *columns;     /* the lane's */
  guint64            *tally;       /* per cost-centre slot, the thread's in @current */
  guint32            *touched;
  guint               n_touched;
  guint               current;     /* the column tallied, or G_MAXUINT */
  guint64             current_start, current_end; /* its times */
} TimeWalk;

/* The thread's top in the column it leaves, if it beats the others'. */
static void
flush_column (TimeWalk *w)
{
  EsProfileColumn *column;

  if (w->current == G_MAXUINT)
    return;
  column = &w->columns[w->current];
  for (guint q = 0; q < w->n_touched; q++)
    {
      guint32 slot = w->touched[q];
      guint32 id = slot < w->n_cost_centres ? w->cost_centres[slot].id : ES_PROFILE_NO_COST_CENTRE;

      if (w->tally[slot] > w->top_ns[w->current] ||
          (w->tally[slot] == w->top_ns[w->current] && id < column->top))
        {
          w->top_ns[w->current] = w->tally[slot];
          column->top = id;
        }
      w->tally[slot] = 0;
    }
  w->n_touched = 0;
  w->current = G_MAXUINT;
}

/* @ns of @stack in column @c. */
static void
add_to_column (TimeWalk *w,
               guint     c,
               guint64   start_c,
               guint64   end_c,
               guint32   stack,
               guint64   ns)
{
  const EsProfStack *s = &w->stacks[stack];
  guint slot = s->cc_index != ES_PROF_NO_STACK ? s->cc_index : w->n_cost_centres;

  if (c != w->current)
    {
      flush_column (w);
      w->current = c;
      w->current_start = start_c;
      w->current_end = end_c;
    }
  w->ns[c] += ns;
  if (w->memo != NULL && stack_has (w->stacks, w->memo, stack, w->chosen))
    w->chosen_ns[c] += ns;
  if (w->tally[slot] == 0)
    w->touched[w->n_touched++] = slot;
  w->tally[slot] += ns;
}

/* Whether a block of changes from @start to @end lies in one column: it
 * is then taken whole. */
static gboolean
block_in_one_column (guint64  start,
                     guint64  end,
                     gpointer data)
{
  TimeWalk *w = data;

  if (start < w->t0 || end > w->t1 || end <= start)
    return FALSE;
  return column_of (start - w->t0, w->span, w->n_columns) == column_of (end - 1 - w->t0, w->span, w->n_columns);
}

static void
walk_block (guint64                 start,
            guint64                 end,
            const EsCallBlockEntry *entries,
            guint                   n_entries,
            gpointer                data)
{
  TimeWalk *w = data;
  guint c = column_of (start - w->t0, w->span, w->n_columns);
  guint64 start_c = w->t0 + column_start (c, w->span, w->n_columns);
  guint64 end_c = c + 1 < w->n_columns ? w->t0 + column_start (c + 1, w->span, w->n_columns) : w->t1;

  for (guint e = 0; e < n_entries; e++)
    add_to_column (w, c, start_c, end_c, entries[e].stack, entries[e].ns);
}

/* A stretch counts in every column it covers, for its time there. */
static void
walk_stretch (guint64  start,
              guint64  length,
              guint32  stack,
              gpointer data)
{
  TimeWalk *w = data;
  guint64 from = MAX (start, w->t0), to = MIN (start + length, w->t1);
  guint first, last;

  if (to <= from)
    return;
  /* Most stretches are far shorter than a column: within the one
   * tallied, no division. */
  if (w->current != G_MAXUINT && from >= w->current_start && to <= w->current_end)
    {
      add_to_column (w, w->current, w->current_start, w->current_end, stack, to - from);
      return;
    }
  first = column_of (from - w->t0, w->span, w->n_columns);
  last = column_of (to - 1 - w->t0, w->span, w->n_columns);
  for (guint c = first; c <= last; c++)
    {
      guint64 start_c = w->t0 + column_start (c, w->span, w->n_columns);
      guint64 end_c = c + 1 < w->n_columns ? w->t0 + column_start (c + 1, w->span, w->n_columns) : w->t1;

      add_to_column (w, c, start_c, end_c, stack, MIN (to, end_c) - MAX (from, start_c));
    }
}

/* fill_columns() for call time: each thread's stretches walked from the
 * checkpoint before @t0 (es_document_walk_call_time()), each counted in
 * the columns it covers for its time there. A column's counts are in
 * microseconds (at least one where there was any time); its top is the
 * method on top of one thread's stacks longest. */
static void
fill_time_columns (EsDocument      *document,
                   guint64          t0,
                   guint64          t1,
                   guint            cap,
                   guint            n_lanes,
                   guint32          chosen,
                   EsProfileColumn *columns,
                   guint            n_columns)
{
  guint n_stacks, n_streams = es_document_get_n_call_streams (document);
  gsize n = (gsize) n_lanes * n_columns;
  g_autofree guint64 *ns = g_new0 (guint64, n), *chosen_ns = g_new0 (guint64, n), *top_ns = g_new0 (guint64, n);
  g_autofree guint64 *tally = NULL;
  g_autofree guint32 *touched = NULL;
  g_autofree guint8 *memo = NULL;
  TimeWalk w = { t0, t1, t1 - t0, n_columns, NULL, NULL, 0, NULL, chosen };

  w.stacks = es_document_get_prof_stacks (document, ES_PROF_CALL_TIME, &n_stacks);
  w.cost_centres = es_document_get_cost_centres (document, &w.n_cost_centres);
  tally = g_new0 (guint64, w.n_cost_centres + 1);
  touched = g_new (guint32, w.n_cost_centres + 1);
  w.tally = tally;
  w.touched = touched;
  if (chosen != ES_PROFILE_NO_COST_CENTRE)
    memo = g_new0 (guint8, n_stacks);
  w.memo = memo;
  for (guint s = 0; s < n_streams; s++)
    {
      guint stream_cap = es_document_get_call_stream_cap (document, s);
      guint lane = n_lanes > 1 ? stream_cap : 0;

      if (n_lanes == 1 ? cap != ES_PROFILE_ALL_CAPS && stream_cap != cap : lane >= n_lanes)
        continue;
      w.ns = &ns[(gsize) lane * n_columns];
      w.chosen_ns = &chosen_ns[(gsize) lane * n_columns];
      w.top_ns = &top_ns[(gsize) lane * n_columns];
      w.columns = &columns[(gsize) lane * n_columns];
      w.current = G_MAXUINT;
      es_document_walk_call_time_blocks (document, s, t0, t1, block_in_one_column, walk_block, walk_stretch, &w);
      flush_column (&w);
    }
  for (gsize c = 0; c < n; c++)
    {
      columns[c].n_samples = (guint32) MIN (MAX (ns[c] / 1000, ns[c] > 0), G_MAXUINT32);
      columns[c].top_samples = (guint32) MIN (MAX (top_ns[c] / 1000, top_ns[c] > 0), columns[c].n_samples);
      columns[c].n_chosen = (guint32) MIN (MAX (chosen_ns[c] / 1000, chosen_ns[c] > 0), columns[c].n_samples);
      if (ns[c] == 0)
        columns[c].top = ES_PROFILE_NO_COST_CENTRE;
    }
}

/* es_profile_columns() for one capability or all (@n_lanes 1), or for
 * each of the first @n_lanes capabilities at once, in @n_lanes rows of
 * @n_columns: one walk over the samples either way. */
static void
fill_columns (EsDocument      *document,
              EsProfKind       kind,
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
  g_autofree guint8 *memo = NULL, *chosen_slots = NULL;
  EsProfSampledStacks sampled = { 0 };
  const CostCentreNodes *index;
  guint64 span;

  if (n_columns == 0)
    return;
  memset (columns, 0, (gsize) n_lanes * n_columns * sizeof (EsProfileColumn));
  for (guint c = 0; c < n_lanes * n_columns; c++)
    columns[c].top = ES_PROFILE_NO_COST_CENTRE;
  if (kind == ES_PROF_CALL_TIME)
    {
      if (t1 > t0)
        fill_time_columns (document, t0, t1, cap, n_lanes, chosen, columns, n_columns);
      return;
    }
  samples = es_document_get_prof_samples (document, kind, &n_samples);
  if (n_samples == 0 || t1 <= t0)
    return;
  stacks = es_document_get_prof_stacks (document, kind, &n_stacks);
  cost_centres = es_document_get_cost_centres (document, &n_cost_centres);
  i0 = es_search_lower_bound (samples, n_samples, sizeof (EsProfSample), G_STRUCT_OFFSET (EsProfSample, time), t0);
  i1 = es_search_lower_bound (samples, n_samples, sizeof (EsProfSample), G_STRUCT_OFFSET (EsProfSample, time), t1);
  span = t1 - t0;

  /* Per column and lane, samples are counted by the innermost frame's
   * definition (slot n_cost_centres for all frames without one: a column
   * they win has no top). */
  n_slots = n_cost_centres + 1;
  tally = g_new0 (guint32, (gsize) n_lanes * n_slots);
  /* (one more: the walk below writes a slot there before it knows it is new) */
  touched = g_new (guint32, (gsize) n_lanes * n_slots + 1);
  n_touched = g_new0 (guint, n_lanes);
  index = g_object_get_data (G_OBJECT (document), COST_CENTRE_NODES_KEY);
  if (index != NULL && (index->n_samples != n_samples || index->n_keys != n_slots))
    index = NULL;
  if (chosen != ES_PROFILE_NO_COST_CENTRE)
    {
      es_document_get_prof_sampled_stacks (document, kind, &sampled);
      chosen_slots = index != NULL ? chosen_by_slot (document, chosen, &sampled) : NULL;
      if (chosen_slots == NULL)
        memo = g_new0 (guint8, n_stacks);
    }
  for (guint i = i0; i < i1; )
    {
      guint c = column_of (samples[i].time - t0, span, n_columns);
      /* The first time of the next column: the smallest d with
       * column_of (d) > c, that is ceil ((c + 1) * span / n_columns). */
      guint64 next = c + 1 < n_columns ? t0 + column_start (c + 1, span, n_columns) : G_MAXUINT64;

      /* The Profile row's own case, a walk over the samples in order and
       * small arrays without a branch that the data decides. */
      if (index != NULL && n_lanes == 1 && memo == NULL)
        {
          guint32 n = 0, n_chosen = 0, n_seen = n_touched[0];

          for (; i < i1 && samples[i].time < next; i++)
            {
              guint32 sampled_slot, slot;

              if (cap != ES_PROFILE_ALL_CAPS && samples[i].cap != cap)
                continue;
              sampled_slot = index->sample_slots[i];
              slot = index->slot_cc[sampled_slot];
              n++;
              if (chosen_slots != NULL)
                n_chosen += chosen_slots[sampled_slot];
              touched[n_seen] = slot;
              n_seen += tally[slot]++ == 0;
            }
          columns[c].n_samples += n;
          columns[c].n_chosen += n_chosen;
          n_touched[0] = n_seen;
        }
      else
        for (; i < i1 && samples[i].time < next; i++)
          {
            guint lane = n_lanes > 1 ? samples[i].cap : 0, slot;
            EsProfileColumn *column;

            if (n_lanes == 1 ? cap != ES_PROFILE_ALL_CAPS && samples[i].cap != cap : lane >= n_lanes)
              continue;
            column = &columns[lane * n_columns + c];
            column->n_samples++;
            if (index != NULL)
              {
                guint32 sampled_slot = index->sample_slots[i];

                if (chosen_slots != NULL ? chosen_slots[sampled_slot]
                                         : memo != NULL && stack_has (stacks, memo, samples[i].stack, chosen))
                  column->n_chosen++;
                slot = index->slot_cc[sampled_slot];
              }
            else
              {
                const EsProfStack *s = &stacks[samples[i].stack];

                if (memo != NULL && stack_has (stacks, memo, samples[i].stack, chosen))
                  column->n_chosen++;
                slot = s->cc_index != ES_PROF_NO_STACK ? s->cc_index : n_cost_centres;
              }
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

  fill_columns (document, ES_PROF_SAMPLES, t0, t1, cap, 1, chosen, columns, n_columns);
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

  fill_columns (document, ES_PROF_SAMPLES, t0, t1, 0, n_caps, chosen, columns, n_columns);
}

/**
 * es_profile_columns_for:
 * @kind: the samples, or the call time
 * @cap: the one cap whose samples count, or ES_PROFILE_ALL_CAPS
 * @n_lanes: 1, or that many caps' columns from cap 0 (@cap is then
 *   ignored), as es_profile_columns_by_cap() does
 * @columns: (out caller-allocates) (array length=n_lanes * n_columns):
 *
 * es_profile_columns() and es_profile_columns_by_cap() for either kind:
 * for call time a column's counts are microseconds of call time in it
 * (a thread's time in a call stack), its top the method on top of the
 * stacks longest, and its chosen count the time with @chosen on them.
 */
void
es_profile_columns_for (EsDocument      *document,
                        EsProfKind       kind,
                        guint64          t0,
                        guint64          t1,
                        guint            cap,
                        guint            n_lanes,
                        guint32          chosen,
                        EsProfileColumn *columns,
                        guint            n_columns)
{
  g_return_if_fail (ES_IS_DOCUMENT (document));
  g_return_if_fail (n_lanes > 0);
  g_return_if_fail (columns != NULL || n_columns == 0);

  fill_columns (document, kind, t0, t1, n_lanes > 1 ? 0 : cap, n_lanes, chosen, columns, n_columns);
}
