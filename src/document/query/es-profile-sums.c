/* es-profile-sums.c: each cost centre's samples in an interval, from the
 * frames walked, or for a long interval from the run's blocks
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "es-profile-private.h"

/* A block's sums take 8 bytes per cost centre: blocks are at least this
 * many samples and at least as many as there are cost centres, so the
 * sums take at most 8 bytes a sample (the samples take 16). The samples
 * at an interval's ends, fewer than two blocks, are walked. */
#define MIN_BLOCK_SAMPLES 4096u
/* A tree of fewer frames is walked in a few ms whatever the interval
 * (about 20 ns a frame): its blocks would cost more to make than they
 * save (a 5,000-stack program's 60,000 frames: 6 ms for the whole run's
 * walk, 60 ms for its blocks). */
#define MIN_BLOCK_NODES   (1u << 18)
/* An interval whose stacks have more frames than this (counted once per
 * stack: more than the walk visits) would cost more than 20 ms walked. */
#define MAX_WALKED_FRAMES (1u << 20)

/* Cost centres by key: a defined one by its index among the document's
 * definitions, then the others (ids the log never defined, MAIN when it
 * did not), as they are found. */
typedef struct
{
  guint       n_defined;
  GHashTable *undefined;      /* id -> key + 1 */
  GArray     *undefined_ids;  /* guint32, by key - n_defined */
} Keys;

/* Individual and inherited samples by key. */
typedef struct
{
  GArray *individual;   /* guint64 */
  GArray *inherited;    /* guint64 */
} Totals;

/* A stack with samples, by its tree position. */
typedef struct
{
  guint32 position;
  guint64 count;
} Entry;

/* Each cost centre's individual and inherited samples before each block
 * of the run's samples, every cap's or one cap's: made once per document
 * and cap, by the first interval that holds half of the samples or more
 * or many frames (but not all), for the intervals after it. A block is of every cap's
 * samples, so that an interval's ends are found as they are for every
 * cap; one cap's blocks count only its samples. */
typedef struct
{
  guint    every;          /* samples a block */
  guint    n_blocks;       /* whole ones */
  guint    n_reused;       /* the first ones, taken from a followed log's document before */
  guint    n_keys;
  Keys     keys;           /* every key the tree has: not written once made */
  guint32 *individual;     /* [j * n_keys + key]: before block j */
  guint32 *inherited;
} Blocks;

static void
keys_init (Keys  *keys,
           guint  n_defined)
{
  keys->n_defined = n_defined;
  keys->undefined = g_hash_table_new (NULL, NULL);
  keys->undefined_ids = g_array_new (FALSE, FALSE, sizeof (guint32));
}

static void
keys_clear (Keys *keys)
{
  g_clear_pointer (&keys->undefined, g_hash_table_unref);
  g_clear_pointer (&keys->undefined_ids, g_array_unref);
}

static guint
keys_count (const Keys *keys)
{
  return keys->n_defined + keys->undefined_ids->len;
}

static guint32
key_of (Keys                  *keys,
        const EsProfileCounts *c,
        guint32                node)
{
  const EsProfTreeNode *n = &c->tree[node];
  guint32 id, key;

  if (n->cc_index != ES_PROF_TREE_NO_CC)
    return n->cc_index;
  id = n->stack == ES_PROF_EMPTY_STACK ? G_MAXUINT32 : c->stacks[n->stack].cost_centre;
  key = GPOINTER_TO_UINT (g_hash_table_lookup (keys->undefined, GUINT_TO_POINTER (id)));
  if (key > 0)
    return key - 1;
  key = keys_count (keys);
  g_hash_table_insert (keys->undefined, GUINT_TO_POINTER (id), GUINT_TO_POINTER (key + 1));
  g_array_append_val (keys->undefined_ids, id);
  return key;
}

static void
totals_init (Totals *totals,
             guint   n_keys)
{
  totals->individual = g_array_sized_new (FALSE, TRUE, sizeof (guint64), n_keys);
  totals->inherited = g_array_sized_new (FALSE, TRUE, sizeof (guint64), n_keys);
  g_array_set_size (totals->individual, n_keys);
  g_array_set_size (totals->inherited, n_keys);
}

static void
totals_clear (Totals *totals)
{
  g_array_unref (totals->individual);
  g_array_unref (totals->inherited);
}

void
_es_profile_path_init (EsProfilePath *path)
{
  path->size = 256;
  path->n_open = 0;
  path->open = g_new (EsProfileOpenFrame, path->size);
  path->way_down = g_new (guint32, path->size);
}

void
_es_profile_path_clear (EsProfilePath *path)
{
  g_free (path->open);
  g_free (path->way_down);
}

/* The frames from the innermost open one (excluded) down to @at, in
 * path->way_down innermost first; returns how many. */
guint
_es_profile_path_down_to (EsProfilePath        *path,
                          const EsProfTreeNode *tree,
                          guint32               at)
{
  guint32 anchor = path->n_open > 0 ? path->open[path->n_open - 1].position : ES_PROF_NO_STACK;
  guint n_down = 0;

  for (guint32 up = at; up != anchor; up = tree[up].parent)
    {
      if (path->n_open + n_down >= path->size)
        {
          path->size *= 2;
          path->open = g_renew (EsProfileOpenFrame, path->open, path->size);
          path->way_down = g_renew (guint32, path->way_down, path->size);
        }
      path->way_down[n_down++] = up;
    }
  return n_down;
}

/* Adds the frames of @entries (by tree position, ascending) to their cost
 * centres: walked in the tree's pre-order without being made, each stack
 * and the frames around it that the one before did not have (a frame is
 * on the path to a stack after it in pre-order only if it is on the path
 * to every stack in between). A frame's inherited samples are known as it
 * closes: those walked since it opened. Recursion: a cost centre's
 * inherited samples are its outermost frames' (its inner ones are inside
 * them and would count twice); mprof-report adds each call's time to its
 * method's total, a call inside another of the same method's too. */
static void
walk_frames (const EsProfileCounts *c,
             gboolean               weighted,
             Keys                  *keys,
             Totals                *totals,
             const Entry           *entries,
             guint                  n)
{
  const EsProfTreeNode *tree = c->tree;
  guint64 seen = 0, *inherited = (guint64 *) (gpointer) totals->inherited->data;
  EsProfilePath path;

  _es_profile_path_init (&path);
  for (guint j = 0; j <= n; j++)
    {
      guint32 at = j < n ? entries[j].position : G_MAXUINT32;
      guint n_down;

      for (; path.n_open > 0 && path.open[path.n_open - 1].end <= at; path.n_open--)
        if (path.open[path.n_open - 1].slot != G_MAXUINT32)
          inherited[path.open[path.n_open - 1].slot] += seen - path.open[path.n_open - 1].seen;
      if (j == n)
        break;
      for (n_down = _es_profile_path_down_to (&path, tree, at); n_down > 0; n_down--)
        {
          guint32 position = path.way_down[n_down - 1], key = key_of (keys, c, position);

          if (key >= totals->inherited->len)
            {
              g_array_set_size (totals->individual, keys_count (keys));
              g_array_set_size (totals->inherited, keys_count (keys));
              inherited = (guint64 *) (gpointer) totals->inherited->data;
            }
          if (position == at)
            g_array_index (totals->individual, guint64, key) += entries[j].count;
          path.open[path.n_open++] = (EsProfileOpenFrame) {
            position, tree[position].end, seen, tree[position].repeated && !weighted ? G_MAXUINT32 : key
          };
        }
      seen += entries[j].count;
    }
  _es_profile_path_clear (&path);
}

static int
compare_entries (gconstpointer a,
                 gconstpointer b)
{
  const Entry *x = a, *y = b;

  return (x->position > y->position) - (x->position < y->position);
}

/* The stacks of samples [@from0, @to0) and [@from1, @to1), each with its
 * count, by tree position: counted by slot in @scratch (all zero, and
 * left so), the slots seen listed in @touched; only @cap's, unless it is
 * ES_PROFILE_ALL_CAPS. */
static guint
count_samples (const EsProfileCounts *c,
               const EsProfSample    *samples,
               guint                  cap,
               guint                  from0,
               guint                  to0,
               guint                  from1,
               guint                  to1,
               guint64               *scratch,
               guint32               *touched,
               Entry                 *entries)
{
  const EsProfSampledStacks *sampled = &c->sampled;
  guint n = 0;

  for (guint r = 0; r < 2; r++)
    for (guint i = r == 0 ? from0 : from1; i < (r == 0 ? to0 : to1); i++)
      {
        guint32 slot = sampled->slot_of[samples[i].stack];

        if (cap != ES_PROFILE_ALL_CAPS && samples[i].cap != cap)
          continue;
        if (scratch[slot]++ == 0)
          touched[n++] = slot;
      }
  for (guint j = 0; j < n; j++)
    {
      entries[j] = (Entry) { c->stacks[sampled->stacks[touched[j]]].position, scratch[touched[j]] };
      scratch[touched[j]] = 0;
    }
  qsort (entries, n, sizeof (Entry), compare_entries);
  return n;
}

static void
blocks_free (gpointer data)
{
  Blocks *blocks = data;

  keys_clear (&blocks->keys);
  g_free (blocks->individual);
  g_free (blocks->inherited);
  g_free (blocks);
}

/* Whether @old, the blocks of the document before in a followed log,
 * still hold for this one: the same keys, the same stacks under the same
 * ids (the trie only grows), and the same samples in its blocks (those
 * settle: a sample that came late reorders them, and the blocks are then
 * made anew). A block's sums are each key's, whatever the tree's order. */
static gboolean
blocks_fit (const Blocks          *old,
            EsDocument            *previous,
            const Keys            *keys,
            const EsProfileCounts *c,
            const EsProfSample    *samples,
            guint                  n_samples)
{
  const EsProfSample *old_samples;
  const EsProfStack *old_stacks;
  guint n_old_samples, n_old_stacks, n_stacks;

  if (old->keys.n_defined != keys->n_defined || old->keys.undefined_ids->len != keys->undefined_ids->len ||
      memcmp (old->keys.undefined_ids->data, keys->undefined_ids->data, keys->undefined_ids->len * sizeof (guint32)) != 0)
    return FALSE;
  old_samples = es_document_get_prof_samples (previous, ES_PROF_SAMPLES, &n_old_samples);
  if ((guint64) old->n_blocks * old->every > MIN (n_samples, n_old_samples) ||
      memcmp (old_samples, samples, (gsize) old->n_blocks * old->every * sizeof (EsProfSample)) != 0)
    return FALSE;
  old_stacks = es_document_get_prof_stacks (previous, ES_PROF_SAMPLES, &n_old_stacks);
  n_stacks = c->sampled.n_stacks;
  if (n_old_stacks > n_stacks)
    return FALSE;
  if (old_stacks != c->stacks)
    for (guint s = 0; s < n_old_stacks; s++)
      if (old_stacks[s].parent != c->stacks[s].parent || old_stacks[s].cost_centre != c->stacks[s].cost_centre ||
          old_stacks[s].cc_index != c->stacks[s].cc_index || old_stacks[s].repeated != c->stacks[s].repeated)
        return FALSE;
  return TRUE;
}

/* Walks the run a block at a time: each block's stacks, counted, and
 * their frames; the sums before each block kept. Every key the tree has is
 * made first, so that a walk of the blocks' keys never adds one. With
 * @old (nullable: the blocks of @previous, a followed log's document
 * before this one), the blocks it has that still hold are taken as they
 * are, and only those after them walked. */
static Blocks *
blocks_new (const EsProfileCounts *c,
            const EsProfSample    *samples,
            guint                  n_samples,
            guint                  cap,
            guint                  n_nodes,
            const Blocks          *old,
            EsDocument            *previous)
{
  Blocks *blocks = g_new0 (Blocks, 1);
  g_autofree guint64 *scratch = g_new0 (guint64, MAX (c->sampled.n_sampled, 1));
  g_autofree guint32 *touched = NULL;
  g_autofree Entry *entries = NULL;
  Totals running;
  guint j_first = 0;

  keys_init (&blocks->keys, c->n_cost_centres);
  for (guint32 node = 0; node < n_nodes; node++)
    if (c->tree[node].cc_index == ES_PROF_TREE_NO_CC)
      key_of (&blocks->keys, c, node);
  blocks->n_keys = keys_count (&blocks->keys);
  blocks->every = MAX (MIN_BLOCK_SAMPLES, blocks->n_keys);
  blocks->n_blocks = n_samples / blocks->every;
  blocks->individual = g_new0 (guint32, (gsize) (blocks->n_blocks + 1) * blocks->n_keys);
  blocks->inherited = g_new0 (guint32, (gsize) (blocks->n_blocks + 1) * blocks->n_keys);
  touched = g_new (guint32, blocks->every);
  entries = g_new (Entry, blocks->every);
  totals_init (&running, blocks->n_keys);
  if (old != NULL && blocks_fit (old, previous, &blocks->keys, c, samples, n_samples))
    {
      gsize n = (gsize) (old->n_blocks + 1) * blocks->n_keys;

      memcpy (blocks->individual, old->individual, n * sizeof (guint32));
      memcpy (blocks->inherited, old->inherited, n * sizeof (guint32));
      for (guint key = 0; key < blocks->n_keys; key++)
        {
          g_array_index (running.individual, guint64, key) = old->individual[n - blocks->n_keys + key];
          g_array_index (running.inherited, guint64, key) = old->inherited[n - blocks->n_keys + key];
        }
      j_first = blocks->n_reused = old->n_blocks;
    }
  for (guint j = j_first; j < blocks->n_blocks; j++)
    {
      guint from = j * blocks->every;
      guint n = count_samples (c, samples, cap, from, from + blocks->every, 0, 0, scratch, touched, entries);
      guint32 *individual = blocks->individual + (gsize) (j + 1) * blocks->n_keys;
      guint32 *inherited = blocks->inherited + (gsize) (j + 1) * blocks->n_keys;

      walk_frames (c, FALSE, &blocks->keys, &running, entries, n);
      for (guint key = 0; key < blocks->n_keys; key++)
        {
          individual[key] = (guint32) g_array_index (running.individual, guint64, key);
          inherited[key] = (guint32) g_array_index (running.inherited, guint64, key);
        }
    }
  totals_clear (&running);
  return blocks;
}

/* The document's blocks of @kind, made now if the interval [@i0, @i1)
 * holds half of the samples or more or has many frames to walk
 * (MAX_WALKED_FRAMES), and not all of the samples, and the tree is large
 * (MIN_BLOCK_NODES): the blocks cost a few such walks (each block walks
 * the frames of its own stacks: 330 ms for a million samples over 2.9
 * million frames), and every interval after them costs its cost centres
 * and two blocks' samples. A document never changes once made, so the
 * first blocks kept stay (as the whole run's profile does). */
static const Blocks *
get_blocks (EsDocument            *document,
            EsProfKind             kind,
            guint                  cap,
            const EsProfileCounts *c,
            guint                  i0,
            guint                  i1,
            guint                  n_nodes)
{
  guint64 frames = 0;
  char key[64];
  const EsProfSample *samples;
  guint n_samples;
  Blocks *kept, *made;

  if (cap == ES_PROFILE_ALL_CAPS)
    g_strlcpy (key, kind == ES_PROF_CALL_TIME ? "es-profile-blocks-calls" : "es-profile-blocks", sizeof key);
  else
    g_snprintf (key, sizeof key, "es-profile-blocks-%d-%u", (int) kind, cap);
  kept = g_object_get_data (G_OBJECT (document), key);

  if (kept != NULL)
    return kept;
  samples = es_document_get_prof_samples (document, kind, &n_samples);
  /* The whole run's is walked: it is kept, and it is what a live log's
   * every update shows without a selection, where the blocks would be
   * made again for each update's document. */
  if (n_samples < 2 * MIN_BLOCK_SAMPLES || (i0 == 0 && i1 == n_samples) || n_nodes < MIN_BLOCK_NODES)
    return NULL;
  for (guint j = 0; j < c->n_counted && frames <= MAX_WALKED_FRAMES; j++)
    frames += c->sampled.depths[c->counted[j]] + 1;
  if ((guint64) (i1 - i0) * 2 < n_samples && frames <= MAX_WALKED_FRAMES)
    return NULL;
  made = blocks_new (c, samples, n_samples, cap, n_nodes, NULL, NULL);
  if (g_object_replace_data (G_OBJECT (document), key, NULL, made, blocks_free, NULL))
    return made;
  blocks_free (made);
  return g_object_get_data (G_OBJECT (document), key);
}

/**
 * _es_profile_prepare_blocks:
 * @c: the whole run's counts (its tree and sampled stacks are read)
 * @previous: (nullable): a followed log's document before @document
 *
 * Makes @document's blocks of every cap's samples now, whatever the
 * interval asked for first, if they are worth making (a large tree, two
 * blocks of samples or more): at load, on the loader's thread, so that no
 * query pays for them. Those of @previous that still hold are taken as
 * they are: a followed log's update walks only its new blocks.
 */
void
_es_profile_prepare_blocks (EsDocument            *document,
                            const EsProfileCounts *c,
                            EsDocument            *previous)
{
  const EsProfSample *samples;
  const Blocks *old = NULL;
  guint n_samples, n_nodes;
  Blocks *made;

  if (g_object_get_data (G_OBJECT (document), "es-profile-blocks") != NULL)
    return;
  samples = es_document_get_prof_samples (document, ES_PROF_SAMPLES, &n_samples);
  es_document_get_prof_tree (document, ES_PROF_SAMPLES, &n_nodes);
  if (n_samples < 2 * MIN_BLOCK_SAMPLES || n_nodes < MIN_BLOCK_NODES)
    return;
  if (previous != NULL)
    old = g_object_get_data (G_OBJECT (previous), "es-profile-blocks");
  made = blocks_new (c, samples, n_samples, ES_PROFILE_ALL_CAPS, n_nodes, old, previous);
  if (!g_object_replace_data (G_OBJECT (document), "es-profile-blocks", NULL, made, blocks_free, NULL))
    blocks_free (made);
}

/**
 * _es_profile_blocks_reused:
 *
 * Returns: how many of @document's blocks of every cap's samples were
 *   taken from the document before it (for the tests), or -1 without blocks
 */
int
_es_profile_blocks_reused (EsDocument *document)
{
  const Blocks *blocks = g_object_get_data (G_OBJECT (document), "es-profile-blocks");

  return blocks != NULL ? (int) blocks->n_reused : -1;
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

/* The cost centres with samples, from the totals by key. */
static void
add_cost_centres (EsProfile             *profile,
                  const EsProfileCounts *c,
                  const Keys            *keys,
                  const Totals          *totals)
{
  for (guint key = 0; key < totals->inherited->len; key++)
    {
      guint64 inherited = g_array_index (totals->inherited, guint64, key);
      guint64 individual = g_array_index (totals->individual, guint64, key);
      const EsCostCentre *cc = key < keys->n_defined ? &c->cost_centres[key] : NULL;
      EsProfileCostCentre sum = {
        cc != NULL ? cc->id : g_array_index (keys->undefined_ids, guint32, key - keys->n_defined),
        cc, individual, inherited,
      };

      if (inherited > 0 || individual > 0)
        g_array_append_val (profile->cost_centres, sum);
    }
  g_array_sort (profile->cost_centres, compare_cost_centres);
}

/**
 * _es_profile_sum_cost_centres:
 * @i0: (for samples) the interval's first sample
 * @i1: and the sample after its last
 *
 * Fills profile->cost_centres from its counts (profile->counts): each
 * cost centre's individual and inherited samples. The samples (every
 * cap's or one cap's) of an interval with a block or more inside it are
 * the sums before its last block less those before its first, with the
 * samples at its ends walked (fewer than two blocks); otherwise (a short
 * interval, call time) every frame with samples is walked.
 */
void
_es_profile_sum_cost_centres (EsProfile  *profile,
                              EsDocument *document,
                              guint       i0,
                              guint       i1)
{
  const EsProfileCounts *c = profile->counts;
  const Blocks *blocks = NULL;
  guint n_nodes;
  Keys own_keys = { 0 };
  const Keys *keys;
  Totals totals;

  es_document_get_prof_tree (document, profile->kind, &n_nodes);
  if (!profile->weighted)
    blocks = get_blocks (document, profile->kind, profile->cap, c, i0, i1, n_nodes);
  if (blocks != NULL && (i0 + blocks->every - 1) / blocks->every < MIN (i1 / blocks->every, blocks->n_blocks))
    {
      guint j0 = (i0 + blocks->every - 1) / blocks->every, j1 = MIN (i1 / blocks->every, blocks->n_blocks);
      const guint32 *ind0 = blocks->individual + (gsize) j0 * blocks->n_keys;
      const guint32 *ind1 = blocks->individual + (gsize) j1 * blocks->n_keys;
      const guint32 *inh0 = blocks->inherited + (gsize) j0 * blocks->n_keys;
      const guint32 *inh1 = blocks->inherited + (gsize) j1 * blocks->n_keys;
      guint n_edges = j0 * blocks->every - i0 + (i1 - j1 * blocks->every), n_entries;
      g_autofree guint64 *scratch = g_new0 (guint64, MAX (c->sampled.n_sampled, 1));
      g_autofree guint32 *touched = g_new (guint32, MAX (n_edges, 1));
      g_autofree Entry *entries = g_new (Entry, MAX (n_edges, 1));
      const EsProfSample *samples;
      guint n_samples;

      keys = &blocks->keys;
      totals_init (&totals, blocks->n_keys);
      for (guint key = 0; key < blocks->n_keys; key++)
        {
          g_array_index (totals.individual, guint64, key) = ind1[key] - ind0[key];
          g_array_index (totals.inherited, guint64, key) = inh1[key] - inh0[key];
        }
      samples = es_document_get_prof_samples (document, profile->kind, &n_samples);
      n_entries = count_samples (c, samples, profile->cap, i0, j0 * blocks->every, j1 * blocks->every, i1, scratch,
                                 touched, entries);
      walk_frames (c, FALSE, (Keys *) keys, &totals, entries, n_entries);
    }
  else
    {
      g_autofree Entry *entries = g_new (Entry, MAX (c->n_counted, 1));

      for (guint j = 0; j < c->n_counted; j++)
        entries[j] = (Entry) { c->sampled.positions[c->counted[j]],
                               c->counts[c->sampled.in_tree_order[c->counted[j]]] };
      keys_init (&own_keys, c->n_cost_centres);
      keys = &own_keys;
      totals_init (&totals, c->n_cost_centres);
      walk_frames (c, profile->weighted, &own_keys, &totals, entries, c->n_counted);
    }
  add_cost_centres (profile, c, keys, &totals);
  totals_clear (&totals);
  if (keys == &own_keys)
    keys_clear (&own_keys);
}
