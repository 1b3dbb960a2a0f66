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

/* The same, of one cap's samples. */
static void
walk_cap_samples (const EsProfSample        *samples,
                  const EsProfSampledStacks *sampled,
                  guint                      from,
                  guint                      to,
                  guint                      cap,
                  guint64                    sign,
                  guint64                   *counts)
{
  for (guint i = from; i < to; i++)
    if (samples[i].cap == cap)
      counts[sampled->slot_of[samples[i].stack]] += sign;
}

/* Each sampled stack's own samples in [i0, i1), by its slot: the counts
 * before i1 less those before i0, each the counts at the checkpoint at
 * or before it and the samples walked from there. A short interval is
 * walked whole. The checkpoints count every stack of the trie, but only
 * the sampled ones are read: they are few, and read in the order of
 * their indexes. @whole: (nullable): the whole run's counts, by slot. */
static void
count_stacks (EsDocument                *document,
              EsProfKind                 kind,
              const EsProfSampledStacks *sampled,
              guint                      i0,
              guint                      i1,
              guint                      cap,
              const guint64             *whole,
              guint64                   *counts)
{
  guint n_samples, n0 = 0, n1;
  const EsProfSample *samples = es_document_get_prof_samples (document, kind, &n_samples);
  guint every = es_document_get_prof_checkpoint_samples (document, kind);
  guint n_checkpoints = es_document_get_prof_n_checkpoints (document, kind);
  guint j0 = MIN (i0 / every, n_checkpoints), j1 = MIN (i1 / every, n_checkpoints);
  const guint32 *before_i0 = NULL, *before_i1;

  /* An interval holding most samples, walked (one cap's, or without
   * checkpoints between its ends: a program with millions of frames has
   * them further apart than its samples), is the whole run's counts less
   * those outside it. */
  if (whole != NULL && (j0 == j1 || cap != ES_PROFILE_ALL_CAPS) && (guint64) (i1 - i0) * 2 > n_samples)
    {
      memcpy (counts, whole, sampled->n_sampled * sizeof (guint64));
      if (cap == ES_PROFILE_ALL_CAPS)
        {
          walk_samples (samples, sampled, 0, i0, (guint64) -1, counts);
          walk_samples (samples, sampled, i1, n_samples, (guint64) -1, counts);
        }
      else
        {
          walk_cap_samples (samples, sampled, 0, i0, cap, (guint64) -1, counts);
          walk_cap_samples (samples, sampled, i1, n_samples, cap, (guint64) -1, counts);
        }
      return;
    }
  /* One cap's: its samples walked, the checkpoints counting every cap's. */
  if (cap != ES_PROFILE_ALL_CAPS)
    {
      walk_cap_samples (samples, sampled, i0, i1, cap, 1, counts);
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

static void
clear_counts (gpointer data)
{
  EsProfileCounts *c = data;

  g_free (c->counts);
  g_free (c->before);
  g_free (c->counted);
  g_clear_pointer (&c->frames, g_array_unref);
}

/* How many sampled stacks are at tree positions before @position. */
static guint
rank_of (const EsProfileCounts *c,
         guint32                position)
{
  guint lo = 0, hi = c->sampled.n_sampled;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (c->sampled.positions[mid] < position)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* The frame's depth: its stack's, less the root's for the stacks under
 * the RTS's own roots (MAIN, the empty stack, is a frame of its own). */
static guint32
depth_of (const EsProfileCounts *c,
          guint32                node)
{
  return c->stacks[c->tree[node].stack].depth - (node >= c->main_end ? 1 : 0);
}

/* The frame of @node, its individual and inherited samples from the
 * sampled stacks' sums in tree order: two binary searches. */
static void
make_frame (const EsProfileCounts *c,
            guint32                node,
            EsProfileFrame        *f)
{
  const EsProfStack *s = &c->stacks[c->tree[node].stack];
  guint k = rank_of (c, node), k_end = rank_of (c, c->tree[node].end);

  f->cc = s->cc_index != ES_PROF_NO_STACK ? &c->cost_centres[s->cc_index] : NULL;
  f->cost_centre = c->tree[node].stack == ES_PROF_EMPTY_STACK ? (f->cc != NULL ? f->cc->id : G_MAXUINT32)
                                                               : s->cost_centre;
  f->parent = c->tree[node].parent;
  f->end = c->tree[node].end;
  f->depth = depth_of (c, node);
  f->stack = c->tree[node].stack;
  f->individual = k < c->sampled.n_sampled && c->sampled.positions[k] == node ? c->before[k + 1] - c->before[k] : 0;
  f->inherited = c->before[k_end] - c->before[k];
  f->node = node;
}

/* The frames with samples in one array, in the tree's pre-order: the
 * sampled stacks with samples, in tree order, and the frames around each
 * that the one before did not have, as the cost centres' sums walk them
 * (es-profile-sums.c). Without @frames, only counts them, so that they
 * are made in an array of their size. */
static guint
add_frames (const EsProfileCounts *c,
            EsProfileFrame        *frames)
{
  const EsProfSampledStacks *sampled = &c->sampled;
  guint n_frames = 0;
  guint64 seen = 0;
  EsProfilePath path;

  _es_profile_path_init (&path);
  for (guint j = 0; j <= c->n_counted; j++)
    {
      guint32 k = j < c->n_counted ? c->counted[j] : 0;
      guint32 at = j < c->n_counted ? sampled->positions[k] : G_MAXUINT32;
      guint64 count = j < c->n_counted ? c->counts[sampled->in_tree_order[k]] : 0;
      guint n_down;

      for (; path.n_open > 0 && path.open[path.n_open - 1].end <= at; path.n_open--)
        if (frames != NULL)
          {
            EsProfileFrame *f = &frames[path.open[path.n_open - 1].slot];

            f->end = n_frames;
            f->inherited = seen - path.open[path.n_open - 1].seen;
          }
      if (j == c->n_counted)
        break;
      for (n_down = _es_profile_path_down_to (&path, c->tree, at); n_down > 0; n_down--)
        {
          guint32 position = path.way_down[n_down - 1];

          if (frames != NULL)
            {
              const EsProfTreeNode *node = &c->tree[position];
              EsProfileFrame *f = &frames[n_frames];

              f->cc = node->cc_index != ES_PROF_TREE_NO_CC ? &c->cost_centres[node->cc_index] : NULL;
              f->cost_centre = _es_profile_node_cost_centre (c, position);
              f->parent = path.n_open > 0 ? path.open[path.n_open - 1].slot : ES_PROFILE_NO_FRAME;
              f->depth = path.n_open;
              f->stack = node->stack;
              f->individual = position == at ? count : 0;
              f->node = position;
            }
          path.open[path.n_open++] = (EsProfileOpenFrame) { position, c->tree[position].end, seen, n_frames++ };
        }
      seen += count;
    }
  _es_profile_path_clear (&path);
  return n_frames;
}

static void
whole_run_key (char       *key,
               gsize       size,
               EsProfKind  kind,
               guint       cap)
{
  g_snprintf (key, size, "es-profile-whole-run-%d-%u", (int) kind, cap);
}

/* The whole run's counts by slot, if its profile is kept (see
 * whole_run_profile()). */
static const guint64 *
whole_run_counts (EsDocument *document,
                  EsProfKind  kind,
                  guint       cap)
{
  char key[64];
  const EsProfile *kept;

  whole_run_key (key, sizeof key, kind, cap);
  kept = g_object_get_data (G_OBJECT (document), key);
  return kept != NULL && kept->counts != NULL ? kept->counts->counts : NULL;
}

/* @c's tree, stacks and sampled stacks: @document's of @kind. Returns
 * the tree's nodes. */
static guint
counts_init (EsProfileCounts *c,
             EsDocument      *document,
             EsProfKind       kind,
             guint           *n_stacks)
{
  guint n_nodes;

  c->stacks = es_document_get_prof_stacks (document, kind, n_stacks);
  c->tree = es_document_get_prof_tree (document, kind, &n_nodes);
  c->cost_centres = es_document_get_cost_centres (document, &c->n_cost_centres);
  es_document_get_prof_sampled_stacks (document, kind, &c->sampled);
  return n_nodes;
}

/* The profile of samples [@i0, @i1) of @document, or for call time of
 * [@t0, @t1) (samples [@i0, @i1) start in it): each sampled stack's
 * count, their sums in tree order, and each cost centre's. The frames
 * are the document's tree's nodes, made when asked for. */
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
  EsProfileCounts *c;
  guint n_stacks, n_nodes;

  profile->t0 = t0;
  profile->t1 = t1;
  profile->kind = kind;
  profile->cap = cap;
  profile->weighted = weighted;
  profile->cost_centres = g_array_new (FALSE, FALSE, sizeof (EsProfileCostCentre));
  /* A stretch of call time may cover the interval without starting in it. */
  if (document == NULL || (i1 <= i0 && !weighted) || t1 <= t0)
    return profile;

  profile->document = g_object_ref (document);
  profile->counts = c = g_atomic_rc_box_new0 (EsProfileCounts);
  n_nodes = counts_init (c, document, kind, &n_stacks);
  g_return_val_if_fail (c->sampled.n_stacks == n_stacks && n_nodes == n_stacks, profile);
  profile->n_nodes = n_nodes;
  c->main_end = n_nodes > 0 && c->tree[0].stack == ES_PROF_EMPTY_STACK ? c->tree[0].end : 0;

  c->counts = g_new0 (guint64, MAX (c->sampled.n_sampled, 1));
  if (weighted)
    _es_profile_count_time (document, &c->sampled, t0, t1, cap, c->counts);
  else
    count_stacks (document, kind, &c->sampled, i0, i1, cap, whole_run_counts (document, kind, cap), c->counts);

  /* Their sums in tree order, and which have samples. */
  c->before = g_new (guint64, c->sampled.n_sampled + 1);
  c->counted = g_new (guint32, MAX (c->sampled.n_sampled, 1));
  c->before[0] = 0;
  for (guint k = 0; k < c->sampled.n_sampled; k++)
    {
      guint64 count = c->counts[c->sampled.in_tree_order[k]];

      c->before[k + 1] = c->before[k] + count;
      if (count > 0)
        {
          c->counted[c->n_counted++] = k;
          profile->n_rows = MAX (profile->n_rows, c->sampled.depths[k] + 1);
        }
    }
  profile->n_samples = c->before[c->sampled.n_sampled];
  if (c->main_end > 0)
    profile->n_main = es_profile_get_inherited (profile, 0);

  _es_profile_sum_cost_centres (profile, document, i0, i1);
  return profile;
}

/* The same profile, its counts shared (they are never written once
 * made), as the profile of [@t0, @t1). */
static EsProfile *
profile_share (const EsProfile *from,
               EsDocument      *document,
               guint64          t0,
               guint64          t1)
{
  EsProfile *profile = g_new0 (EsProfile, 1);

  *profile = *from;
  profile->t0 = t0;
  profile->t1 = t1;
  profile->document = from->counts != NULL ? g_object_ref (document) : NULL;
  if (from->counts != NULL)
    g_atomic_rc_box_acquire (from->counts);
  g_array_ref (profile->cost_centres);
  return profile;
}

/* The whole run's profile is asked for most (a profile without a
 * selection, the CLI's default) and is the dearest: it is made once per
 * document, kind and cap, and kept with it (without a reference to it:
 * the profiles shared from it have theirs). A document never changes
 * once made (a live log makes a new one per update), so the first one
 * kept stays; two threads asking at once may both make it, and the one
 * that loses the g_object_replace_data() race drops its own. */
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

  whole_run_key (key, sizeof key, kind, cap);
  kept = g_object_get_data (G_OBJECT (document), key);
  if (kept == NULL)
    {
      EsProfile *made = profile_new (document, kind, cap, 0, G_MAXUINT64, 0, n_samples);

      g_clear_object (&made->document);
      if (g_object_replace_data (G_OBJECT (document), key, NULL, made,
                                 (GDestroyNotify) es_profile_free, NULL))
        kept = made;
      else
        {
          es_profile_free (made);
          kept = g_object_get_data (G_OBJECT (document), key);
        }
    }
  return profile_share (kept, document, t0, t1);
}

/**
 * es_profile_prepare:
 * @previous: (nullable): in a followed log, the document shown before
 *   @document (its update), whose prepared state @document grows
 *
 * Makes, on the calling thread, what the first profile queries of
 * @document would otherwise pay for: the blocks of samples a wide
 * interval is counted from (a large tree's: hundreds of ms for millions
 * of frames), the whole run's profile, which the views ask for first and
 * which is then counted from the blocks, and the index the timeline's
 * Profile row finds a chosen cost centre's stacks with. Whatever hands a
 * document to a window calls it first, off the main thread: the loader
 * (es_document_loader_prepare()) and the live follower for each update,
 * which passes the update before so that only the blocks of the samples
 * that came since are walked.
 */
void
es_profile_prepare (EsDocument *document,
                    EsDocument *previous)
{
  EsProfileCounts c = { 0 };
  guint n_samples, n_stacks;

  g_return_if_fail (ES_IS_DOCUMENT (document));
  g_return_if_fail (previous == NULL || ES_IS_DOCUMENT (previous));

  es_document_get_prof_samples (document, ES_PROF_SAMPLES, &n_samples);
  if (n_samples == 0)
    return;
  counts_init (&c, document, ES_PROF_SAMPLES, &n_stacks);
  _es_profile_prepare_blocks (document, &c, previous);
  es_profile_free (es_profile_new_for (document, ES_PROF_SAMPLES, ES_PROFILE_ALL_CAPS, 0, G_MAXUINT64));
  _es_profile_prepare_columns (document);
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
 * The answer is each sampled stack's samples (see
 * es_document_get_prof_sampled_stacks()), counted at the checkpoints, or
 * walked (one cap's; or, holding most samples, as the whole run's less
 * those outside), and their sums in tree order: no frame is made, the
 * frames are the document's tree's nodes, made when asked for
 * (es_profile_get_frame(), es_profile_walk_new()), in O(log stacks).
 * The cost centres' sums walk the frames with samples, or for an interval
 * with blocks of samples inside it (every cap's samples) are those before
 * its last block less those before its first, and the frames of the few
 * samples at its ends (es-profile-sums.c). So the cost is that of the
 * stacks sampled and the cost centres, not of the frames, but for a
 * short interval's (few) and one cap's or call time's. An interval that
 * holds every sample shares the whole run's profile, made once per
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
  if (profile->counts != NULL)
    g_atomic_rc_box_release_full (profile->counts, clear_counts);
  g_clear_object (&profile->document);
  g_array_unref (profile->cost_centres);
  g_free (profile);
}

/**
 * es_profile_get_inherited:
 * @node: a node of the document's tree (see #EsProfileFrame)
 *
 * Returns: the samples (or ns) with @node's frame on their stack: 0 if it
 *   is no frame of the interval
 */
guint64
es_profile_get_inherited (const EsProfile *profile,
                          guint32          node)
{
  const EsProfileCounts *c = profile->counts;

  if (c == NULL || node >= profile->n_nodes)
    return 0;
  return c->before[rank_of (c, c->tree[node].end)] - c->before[rank_of (c, node)];
}

/**
 * es_profile_get_frame:
 * @node: a node of the document's tree
 * @frame: (out caller-allocates): its frame, made on demand: @parent and
 *   @end are nodes too
 *
 * Returns: whether @node is a frame of the interval (has samples)
 */
gboolean
es_profile_get_frame (const EsProfile *profile,
                      guint32          node,
                      EsProfileFrame  *frame)
{
  if (profile->counts == NULL || node >= profile->n_nodes)
    return FALSE;
  make_frame (profile->counts, node, frame);
  return frame->inherited > 0;
}

/**
 * es_profile_next_frame:
 * @from: a node, or profile->n_nodes
 * @end: where to stop (a subtree's end, or profile->n_nodes)
 *
 * The frames in the tree's pre-order: the first frame at or after @from
 * and before @end that is under no other such (its children are then
 * es_profile_next_frame (profile, frame + 1, its end), its next sibling
 * es_profile_next_frame (profile, its end, its parent's end)); a walk
 * of many is quicker with es_profile_walk_new(). The nodes
 * without samples in between are skipped at once, however many: the next
 * sampled stack with samples is found among the sums, and the frame is its
 * outermost ancestor from @from on.
 *
 * Returns: the frame's node, or ES_PROFILE_NO_FRAME
 */
guint32
es_profile_next_frame (const EsProfile *profile,
                       guint32          from,
                       guint32          end)
{
  const EsProfileCounts *c = profile->counts;
  guint k, lo, hi, n;
  guint32 at;

  if (c == NULL || from >= MIN (end, profile->n_nodes))
    return ES_PROFILE_NO_FRAME;
  n = c->sampled.n_sampled;
  k = rank_of (c, from);
  /* The first sampled stack from the k-th on with samples: the first j
   * with before[j + 1] > before[k]. */
  lo = k;
  hi = n;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (c->before[mid + 1] > c->before[k])
        hi = mid;
      else
        lo = mid + 1;
    }
  if (lo >= n || c->sampled.positions[lo] >= end)
    return ES_PROFILE_NO_FRAME;
  at = c->sampled.positions[lo];
  while (c->tree[at].parent != ES_PROF_NO_STACK && c->tree[at].parent >= from)
    at = c->tree[at].parent;
  return at;
}

/**
 * es_profile_get_frames:
 *
 * The frames with samples in one array, in the tree's pre-order (MAIN
 * first, siblings by label), their @parent and @end indexes into it: for
 * the CLI and the tests, which read every frame. Made on the first call
 * and kept (a profile that shares the whole run's shares them too): the
 * views make only the frames they show, with es_profile_get_frame().
 *
 * Returns: (transfer none): EsProfileFrame
 */
GArray *
es_profile_get_frames (const EsProfile *profile)
{
  static GArray *none;
  EsProfileCounts *c = profile->counts;

  if (c == NULL)
    {
      if (g_once_init_enter (&none))
        g_once_init_leave (&none, g_array_new (FALSE, FALSE, sizeof (EsProfileFrame)));
      return none;
    }
  if (g_once_init_enter (&c->frames_made))
    {
      GArray *frames = g_array_new (FALSE, FALSE, sizeof (EsProfileFrame));

      g_array_set_size (frames, add_frames (c, NULL));
      add_frames (c, (EsProfileFrame *) (gpointer) frames->data);
      c->frames = frames;
      g_once_init_leave (&c->frames_made, 1);
    }
  return c->frames;
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
    {
      /* Not a printf: a flame graph names each of its hundreds of labels
       * at every drawing. */
      g_string_append (out, frame->cc->label);
      g_string_append (out, " (");
      g_string_append (out, frame->cc->module);
      g_string_append_c (out, ')');
    }
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
