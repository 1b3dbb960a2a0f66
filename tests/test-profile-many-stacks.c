/* test-profile-many-stacks.c: any interval's profile of a program with
 * 50,000 distinct stacks equals the one counted by brute force
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The profile of an interval is counted over the document's tree, from
 * each sampled stack's count, and a long interval's cost centres from the
 * run's blocks of samples with its ends walked (es-profile-sums.c). Here
 * the same figures are counted the plain way: each sample of the interval
 * taken in turn, its stack walked up the trie, for random intervals of
 * every length, every cap's and one cap's, on generated samples of 50,000
 * distinct stacks (recursive ones, ones under GC, cost centres the log
 * never defined among them). A document prepared at load
 * (es_profile_prepare()) answers as one made on demand, the Profile row's
 * columns too; a followed log's update grows the blocks of the one before
 * into what a fresh build makes.
 */

#include "config.h"

#include <string.h>

#include "es-document-builder.h"
#include "es-profile.h"
#include "es-profile-private.h"
#include "es-test-log.h"

#define N_STACKS       52500   /* of which over 50,000 distinct: a few come out the same */
#define MAX_DEPTH      24
#define N_COST_CENTRES 400      /* ids 1..400 are defined; 401..410 are not */
#define N_UNDEFINED    10
#define N_SAMPLES      120000
#define N_CAPS         3
#define GC_ID          2

/* Stacks outermost first, each grown from a prefix of an earlier one, as
 * real call trees share their outer frames; few cost centres, so that
 * many stacks are recursive. */
static guint32 *
make_stacks (GRand *rand,
             guint *depths)
{
  guint32 *ids = g_new0 (guint32, (gsize) N_STACKS * MAX_DEPTH);

  for (guint s = 0; s < N_STACKS; s++)
    {
      guint32 *own = ids + (gsize) s * MAX_DEPTH;
      guint depth = g_rand_int_range (rand, 1, MAX_DEPTH + 1), shared = 0;

      if (s > 0 && g_rand_int_range (rand, 0, 10) > 0)
        {
          guint from = g_rand_int_range (rand, 0, s);

          shared = MIN ((guint) g_rand_int_range (rand, 1, depths[from] + 1), depth - 1);
          memcpy (own, ids + (gsize) from * MAX_DEPTH, shared * sizeof (guint32));
        }
      /* MAIN (1) and GC (2) are never drawn: the RTS leaves MAIN out of
       * the stacks, and GC is only ever a stack's outermost frame. */
      for (guint k = shared; k < depth; k++)
        own[k] = g_rand_int_range (rand, 3, N_COST_CENTRES + N_UNDEFINED + 1);
      if (shared == 0 && g_rand_int_range (rand, 0, 20) == 0)
        own[0] = GC_ID;
      depths[s] = depth;
    }
  return ids;
}

static void
define_cost_centres (EsDocumentBuilder *builder)
{
  es_test_define_cost_centre (builder, 1, "MAIN", "MAIN", "<built-in>");
  es_test_define_cost_centre (builder, GC_ID, "GC", "GC", "<built-in>");
  for (guint id = 3; id <= N_COST_CENTRES; id++)
    {
      g_autofree char *label = g_strdup_printf ("f%u", id);
      g_autofree char *module = g_strdup_printf ("M%u", id % 13);

      es_test_define_cost_centre (builder, id, label, module, "src/M.hs:1:1-9");
    }
}

/* Samples [@from, @to) of the run, @time the last one's. */
static void
add_samples (EsDocumentBuilder *builder,
             GRand             *rand,
             const guint32     *stacks,
             const guint       *depths,
             guint              from,
             guint              to,
             guint64           *time)
{
  for (guint i = from; i < to; i++)
    {
      /* Every stack once at least, then phases in a few hundred each. */
      guint s = i < N_STACKS ? (guint) ((i * 7919u) % N_STACKS)
                             : (guint) (((i / 5000) * 131 + g_rand_int_range (rand, 0, 300)) % N_STACKS);
      guint32 innermost_first[MAX_DEPTH];

      for (guint k = 0; k < depths[s]; k++)
        innermost_first[k] = stacks[(gsize) s * MAX_DEPTH + depths[s] - 1 - k];
      *time += g_rand_int_range (rand, 1, 3);
      es_test_add_prof_sample (builder, *time, g_rand_int_range (rand, 0, N_CAPS), innermost_first, depths[s]);
    }
}

static EsDocument *
make_document (GRand *rand)
{
  EsDocumentBuilder *builder = es_document_builder_new ();
  g_autofree guint *depths = g_new (guint, N_STACKS);
  g_autofree guint32 *stacks = make_stacks (rand, depths);
  EsDocument *document;
  guint64 time = 1000;

  define_cost_centres (builder);
  add_samples (builder, rand, stacks, depths, 0, N_SAMPLES, &time);
  document = es_document_builder_finish (builder, FALSE, -1);
  es_document_builder_free (builder);
  return document;
}

/* The trie's stack a frame is: the cost centre ids from the outermost in. */
static char *
path_of (const EsProfStack *stacks,
         guint32            stack)
{
  GString *path = g_string_new (NULL);

  for (guint32 up = stack; up != ES_PROF_EMPTY_STACK; up = stacks[up].parent)
    {
      g_autofree char *id = g_strdup_printf ("/%u", stacks[up].cost_centre);

      g_string_prepend (path, id);
    }
  return g_string_free (path, FALSE);
}

static void
add_count (GHashTable *table,
           gpointer    key,
           guint64     n)
{
  guint64 *count = g_hash_table_lookup (table, key);

  if (count == NULL)
    {
      count = g_new0 (guint64, 1);
      g_hash_table_insert (table, key, count);
    }
  *count += n;
}

static guint64
get_count (GHashTable *table,
           gconstpointer key)
{
  guint64 *count = g_hash_table_lookup (table, key);

  return count != NULL ? *count : 0;
}

/* [t0, t1) of @cap counted sample by sample, compared with the profile:
 * every frame's individual and inherited samples (each frame a stack of
 * the trie; MAIN, the empty stack, counts only the stacks under it), the
 * frames made on demand and walked in order the same as those in one
 * array, and every cost centre's samples (inherited once per sample
 * however often it is on the stack). */
static void
check_interval (EsDocument *document,
                guint       cap,
                guint64     t0,
                guint64     t1)
{
  g_autoptr(EsProfile) profile = es_profile_new_for (document, ES_PROF_SAMPLES, cap, t0, t1);
  guint n_samples, n_stacks;
  const EsProfSample *samples = es_document_get_prof_samples (document, ES_PROF_SAMPLES, &n_samples);
  const EsProfStack *stacks = es_document_get_prof_stacks (document, ES_PROF_SAMPLES, &n_stacks);
  g_autofree guint64 *own = g_new0 (guint64, n_stacks);
  g_autofree guint64 *under = g_new0 (guint64, n_stacks);
  g_autoptr(GHashTable) individual = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  g_autoptr(GHashTable) inherited = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  g_autoptr(GHashTable) on_stack = g_hash_table_new (NULL, NULL);
  GArray *frames = es_profile_get_frames (profile);
  guint64 total = 0;
  guint32 node;
  guint n_walked = 0, n_cost_centres = 0;

  /* Each stack's own samples, then each stack's own walked up the trie
   * once (the same as each sample walked up, and faster). */
  for (guint i = 0; i < n_samples; i++)
    if (samples[i].time >= t0 && samples[i].time < t1 && (cap == ES_PROFILE_ALL_CAPS || samples[i].cap == cap))
      {
        total++;
        own[samples[i].stack]++;
      }
  for (guint32 s = 0; s < n_stacks; s++)
    {
      guint32 outermost = s;
      GHashTableIter iter;
      gpointer id;

      if (own[s] == 0)
        continue;
      add_count (individual, GUINT_TO_POINTER (s != ES_PROF_EMPTY_STACK ? stacks[s].cost_centre : 1), own[s]);
      g_hash_table_remove_all (on_stack);
      for (guint32 up = s; up != ES_PROF_EMPTY_STACK; up = stacks[up].parent)
        {
          g_hash_table_add (on_stack, GUINT_TO_POINTER (stacks[up].cost_centre));
          under[up] += own[s];
          outermost = up;
        }
      /* Under MAIN unless its outermost frame is GC. */
      if (outermost == ES_PROF_EMPTY_STACK || stacks[outermost].cost_centre != GC_ID)
        {
          under[ES_PROF_EMPTY_STACK] += own[s];
          g_hash_table_add (on_stack, GUINT_TO_POINTER (1));
        }
      g_hash_table_iter_init (&iter, on_stack);
      while (g_hash_table_iter_next (&iter, &id, NULL))
        add_count (inherited, id, own[s]);
    }

  g_assert_cmpuint (profile->n_samples, ==, total);
  /* Every frame: a stack of the trie with samples under it. */
  for (guint i = 0; i < frames->len; i++)
    {
      const EsProfileFrame *f = &g_array_index (frames, EsProfileFrame, i);
      EsProfileFrame made;

      g_assert_cmpuint (f->individual, ==, own[f->stack]);
      g_assert_cmpuint (f->inherited, ==, under[f->stack]);
      g_assert_cmpuint (f->inherited, >, 0);
      g_assert_true (es_profile_get_frame (profile, f->node, &made));
      g_assert_cmpuint (made.individual, ==, f->individual);
      g_assert_cmpuint (made.inherited, ==, f->inherited);
      g_assert_cmpuint (made.depth, ==, f->depth);
      g_assert_cmpuint (made.cost_centre, ==, f->cost_centre);
      g_assert_cmpuint (made.stack, ==, f->stack);
      g_assert_cmpuint (es_profile_get_inherited (profile, f->node), ==, f->inherited);
      under[f->stack] = 0;
    }
  /* ... and no stack with samples is left out. */
  for (guint s = 0; s < n_stacks; s++)
    if (under[s] > 0)
      {
        g_autofree char *path = path_of (stacks, s);

        g_error ("stack %s has %" G_GUINT64_FORMAT " samples and no frame", path, under[s]);
      }
  /* The frames walked one after another are those. */
  for (node = es_profile_next_frame (profile, 0, profile->n_nodes); node != ES_PROFILE_NO_FRAME;
       node = es_profile_next_frame (profile, node + 1, profile->n_nodes))
    {
      g_assert_cmpuint (n_walked, <, frames->len);
      g_assert_cmpuint (node, ==, g_array_index (frames, EsProfileFrame, n_walked).node);
      n_walked++;
    }
  g_assert_cmpuint (n_walked, ==, frames->len);
  /* The same walked as the flame graph walks them: all of them, then the
   * subtree of a frame, then all of them again, some subtrees skipped. */
  for (guint round = 0; round < 3 && frames->len > 0; round++)
    {
      guint from = round != 1 ? 0 : (guint) (((guint64) t0 * 7919 + t1) % frames->len);
      guint end = round != 1 ? frames->len : g_array_index (frames, EsProfileFrame, from).end;
      g_autoptr(EsProfileWalk) walk = es_profile_walk_new (profile, round != 1 ? ES_PROFILE_NO_FRAME
                                                                  : g_array_index (frames, EsProfileFrame, from).node);
      EsProfileFrame made;
      guint i = from;

      while (es_profile_walk_next (walk, &made))
        {
          const EsProfileFrame *f = &g_array_index (frames, EsProfileFrame, i);

          g_assert_cmpuint (i, <, end);
          g_assert_cmpuint (made.node, ==, f->node);
          g_assert_cmpuint (made.individual, ==, f->individual);
          g_assert_cmpuint (made.inherited, ==, f->inherited);
          g_assert_cmpuint (made.depth, ==, f->depth);
          g_assert_cmpuint (made.cost_centre, ==, f->cost_centre);
          /* every third frame with children is skipped, its subtree too */
          if (round > 0 && f->end > i + 1 && i % 3 == 0)
            {
              es_profile_walk_skip_children (walk);
              i = f->end;
            }
          else
            i++;
        }
      g_assert_cmpuint (i, ==, end);
    }

  /* Every cost centre's samples. */
  for (guint i = 0; i < profile->cost_centres->len; i++)
    {
      const EsProfileCostCentre *c = &g_array_index (profile->cost_centres, EsProfileCostCentre, i);

      g_assert_cmpuint (c->individual, ==, get_count (individual, GUINT_TO_POINTER (c->id == G_MAXUINT32 ? 1 : c->id)));
      g_assert_cmpuint (c->inherited, ==, get_count (inherited, GUINT_TO_POINTER (c->id == G_MAXUINT32 ? 1 : c->id)));
      g_assert_true (c->cc != NULL || c->id > N_COST_CENTRES);
      if (i > 0)
        g_assert_cmpuint (c->individual, <=, g_array_index (profile->cost_centres, EsProfileCostCentre, i - 1).individual);
      n_cost_centres++;
    }
  g_assert_cmpuint (n_cost_centres, ==, g_hash_table_size (inherited));
}

static void
test_random_intervals (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (2026);
  g_autoptr(EsDocument) document = make_document (rand);
  guint n_samples, n_stacks;
  const EsProfSample *samples = es_document_get_prof_samples (document, ES_PROF_SAMPLES, &n_samples);
  guint64 end = samples[n_samples - 1].time + 1;
  guint n_distinct = 0;
  const EsProfStack *stacks = es_document_get_prof_stacks (document, ES_PROF_SAMPLES, &n_stacks);
  g_autofree gboolean *seen = g_new0 (gboolean, n_stacks);

  for (guint i = 0; i < n_samples; i++)
    if (!seen[samples[i].stack])
      {
        seen[samples[i].stack] = TRUE;
        n_distinct++;
      }
  g_test_message ("%u samples of %u distinct stacks, %u frames in the tree", n_samples, n_distinct, n_stacks);
  g_assert_cmpuint (n_distinct, >=, 50000);
  (void) stacks;

  /* A short interval first and the whole run (walked), then intervals of
   * every length: the first of 95% of the run makes the blocks that the
   * long ones after it are counted from. */
  check_interval (document, ES_PROFILE_ALL_CAPS, end / 3, end / 3 + end / 50);
  check_interval (document, ES_PROFILE_ALL_CAPS, 0, G_MAXUINT64);
  check_interval (document, 1, 0, G_MAXUINT64);
  for (guint round = 0; round < 16; round++)
    {
      double fraction = round % 4 == 0 ? 0.95 : g_rand_double_range (rand, 0.0005, 0.9);
      guint64 length = (guint64) (fraction * (double) end);
      guint64 t0 = (guint64) (g_rand_double (rand) * (double) (end - length));
      guint cap = round % 3 == 0 ? (guint) g_rand_int_range (rand, 0, N_CAPS) : ES_PROFILE_ALL_CAPS;

      check_interval (document, cap, t0, t0 + length);
    }
  /* One cap's most of the run: its own blocks made, then used. */
  check_interval (document, 2, end / 20, end - end / 20);
  check_interval (document, 2, end / 10, end - end / 7);
  /* (es-profile-sums.c's names for them: the blocks were made, and used) */
  g_assert_nonnull (g_object_get_data (G_OBJECT (document), "es-profile-blocks"));
  g_assert_nonnull (g_object_get_data (G_OBJECT (document), "es-profile-blocks-0-2"));
}

/* The two profiles of [t0, t1) of @cap are the same in every figure:
 * each cost centre's, each frame's. */
static void
assert_same_profile (EsDocument *a,
                     EsDocument *b,
                     guint       cap,
                     guint64     t0,
                     guint64     t1)
{
  g_autoptr(EsProfile) pa = es_profile_new_for (a, ES_PROF_SAMPLES, cap, t0, t1);
  g_autoptr(EsProfile) pb = es_profile_new_for (b, ES_PROF_SAMPLES, cap, t0, t1);
  GArray *fa, *fb;

  g_assert_cmpuint (pa->n_samples, ==, pb->n_samples);
  g_assert_cmpuint (pa->n_main, ==, pb->n_main);
  g_assert_cmpuint (pa->n_rows, ==, pb->n_rows);
  g_assert_cmpuint (pa->cost_centres->len, ==, pb->cost_centres->len);
  for (guint i = 0; i < pa->cost_centres->len; i++)
    {
      const EsProfileCostCentre *x = &g_array_index (pa->cost_centres, EsProfileCostCentre, i);
      const EsProfileCostCentre *y = &g_array_index (pb->cost_centres, EsProfileCostCentre, i);

      g_assert_cmpuint (x->id, ==, y->id);
      g_assert_cmpuint (x->individual, ==, y->individual);
      g_assert_cmpuint (x->inherited, ==, y->inherited);
    }
  fa = es_profile_get_frames (pa);
  fb = es_profile_get_frames (pb);
  g_assert_cmpuint (fa->len, ==, fb->len);
  for (guint i = 0; i < fa->len; i++)
    {
      const EsProfileFrame *x = &g_array_index (fa, EsProfileFrame, i);
      const EsProfileFrame *y = &g_array_index (fb, EsProfileFrame, i);

      g_assert_cmpuint (x->cost_centre, ==, y->cost_centre);
      g_assert_cmpuint (x->parent, ==, y->parent);
      g_assert_cmpuint (x->end, ==, y->end);
      g_assert_cmpuint (x->depth, ==, y->depth);
      g_assert_cmpuint (x->individual, ==, y->individual);
      g_assert_cmpuint (x->inherited, ==, y->inherited);
    }
}

/* The Profile row's columns of [t0, t1) are the same in both, for cost
 * centres chosen among the defined, the undefined, GC and MAIN. */
static void
assert_same_columns (EsDocument *a,
                     EsDocument *b,
                     guint       cap,
                     guint64     t0,
                     guint64     t1)
{
  static const guint32 chosen[] = { ES_PROFILE_NO_COST_CENTRE, 1, GC_ID, 3, 17, 200, N_COST_CENTRES,
                                    N_COST_CENTRES + 1, N_COST_CENTRES + N_UNDEFINED, 9999 };
  EsProfileColumn ca[300], cb[300];

  for (guint i = 0; i < G_N_ELEMENTS (chosen); i++)
    {
      guint64 n_chosen = 0;

      es_profile_columns (a, t0, t1, cap, chosen[i], ca, G_N_ELEMENTS (ca));
      es_profile_columns (b, t0, t1, cap, chosen[i], cb, G_N_ELEMENTS (cb));
      for (guint c = 0; c < G_N_ELEMENTS (ca); c++)
        {
          g_assert_cmpuint (ca[c].n_samples, ==, cb[c].n_samples);
          g_assert_cmpuint (ca[c].top, ==, cb[c].top);
          g_assert_cmpuint (ca[c].top_samples, ==, cb[c].top_samples);
          g_assert_cmpuint (ca[c].n_chosen, ==, cb[c].n_chosen);
          n_chosen += ca[c].n_chosen;
        }
      /* (the choices find something, but for those nowhere on a stack) */
      if (chosen[i] >= 3 && chosen[i] <= N_COST_CENTRES + N_UNDEFINED && t1 - t0 > 10000)
        g_assert_cmpuint (n_chosen, >, 0);
    }
}

/* A document prepared at load (es_profile_prepare(): the blocks, the
 * whole run's profile and the Profile row's index made before any query)
 * answers every query as the same document made on demand does. */
static void
test_prepared_equals_on_demand (void)
{
  g_autoptr(GRand) rand_a = g_rand_new_with_seed (77);
  g_autoptr(GRand) rand_b = g_rand_new_with_seed (77);
  g_autoptr(EsDocument) prepared = make_document (rand_a);
  g_autoptr(EsDocument) on_demand = make_document (rand_b);
  guint n_samples;
  const EsProfSample *samples = es_document_get_prof_samples (prepared, ES_PROF_SAMPLES, &n_samples);
  guint64 end = samples[n_samples - 1].time + 1;

  es_profile_prepare (prepared, NULL);
  /* (es-profile-sums.c's name for them: made at once) */
  g_assert_nonnull (g_object_get_data (G_OBJECT (prepared), "es-profile-blocks"));
  g_assert_null (g_object_get_data (G_OBJECT (on_demand), "es-profile-blocks"));

  /* The columns first, while the other has neither blocks nor index. */
  assert_same_columns (prepared, on_demand, ES_PROFILE_ALL_CAPS, 0, end);
  assert_same_columns (prepared, on_demand, 1, end / 5, end / 2);
  assert_same_columns (prepared, on_demand, ES_PROFILE_ALL_CAPS, end / 3, end / 3 + end / 100);
  assert_same_profile (prepared, on_demand, ES_PROFILE_ALL_CAPS, 0, G_MAXUINT64);
  assert_same_profile (prepared, on_demand, ES_PROFILE_ALL_CAPS, end / 10, end - end / 10);
  assert_same_profile (prepared, on_demand, ES_PROFILE_ALL_CAPS, end / 3, end / 3 + end / 50);
  assert_same_profile (prepared, on_demand, 2, end / 20, end - end / 20);
  assert_same_profile (prepared, on_demand, 0, 0, G_MAXUINT64);
  /* and both as counted sample by sample */
  check_interval (prepared, ES_PROFILE_ALL_CAPS, 0, G_MAXUINT64);
  check_interval (prepared, ES_PROFILE_ALL_CAPS, end / 7, end - end / 9);
}

/* A followed log's update grows the blocks of the update before (only
 * the new samples' blocks are walked), and they are what a fresh build of
 * the same samples makes: its profiles the same as that one's, and as
 * counted sample by sample. */
static void
test_live_update_grows (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (91);
  g_autoptr(GRand) rand_fresh = g_rand_new_with_seed (91);
  g_autofree guint *depths = g_new (guint, N_STACKS);
  g_autofree guint32 *stacks = make_stacks (rand, depths);
  EsDocumentBuilder *live = es_document_builder_new_for_snapshots ();
  EsDocumentBuilder *fresh = es_document_builder_new ();
  g_autoptr(EsDocument) first = NULL, second = NULL, rebuilt = NULL;
  guint64 time = 1000, fresh_time = 1000;
  guint n_samples;
  const EsProfSample *samples;
  guint64 end;

  /* (the same stacks for the fresh build, from the same seed) */
  g_free (make_stacks (rand_fresh, g_newa (guint, N_STACKS)));
  define_cost_centres (live);
  define_cost_centres (fresh);
  add_samples (live, rand, stacks, depths, 0, N_SAMPLES * 2 / 3, &time);
  first = es_document_builder_snapshot (live, FALSE, -1);
  es_profile_prepare (first, NULL);
  g_assert_cmpint (_es_profile_blocks_reused (first), ==, 0);
  add_samples (live, rand, stacks, depths, N_SAMPLES * 2 / 3, N_SAMPLES, &time);
  second = es_document_builder_snapshot (live, FALSE, -1);
  es_profile_prepare (second, first);
  /* every whole block of the first update taken as it was */
  es_document_get_prof_samples (first, ES_PROF_SAMPLES, &n_samples);
  g_assert_cmpint (_es_profile_blocks_reused (second), >=, (int) (n_samples / 4096) / 2);
  g_assert_cmpint (_es_profile_blocks_reused (second), >, 0);

  add_samples (fresh, rand_fresh, stacks, depths, 0, N_SAMPLES, &fresh_time);
  rebuilt = es_document_builder_finish (fresh, FALSE, -1);
  es_profile_prepare (rebuilt, NULL);
  g_assert_cmpuint (time, ==, fresh_time);

  samples = es_document_get_prof_samples (second, ES_PROF_SAMPLES, &n_samples);
  g_assert_cmpuint (n_samples, ==, N_SAMPLES);
  end = samples[n_samples - 1].time + 1;
  assert_same_profile (second, rebuilt, ES_PROFILE_ALL_CAPS, 0, G_MAXUINT64);
  assert_same_profile (second, rebuilt, ES_PROFILE_ALL_CAPS, end / 10, end - end / 10);
  assert_same_profile (second, rebuilt, ES_PROFILE_ALL_CAPS, end / 4, end - end / 20);
  assert_same_profile (second, rebuilt, ES_PROFILE_ALL_CAPS, end / 2, end / 2 + end / 30);
  assert_same_columns (second, rebuilt, ES_PROFILE_ALL_CAPS, 0, end);
  check_interval (second, ES_PROFILE_ALL_CAPS, 0, G_MAXUINT64);
  check_interval (second, ES_PROFILE_ALL_CAPS, end / 5, end - end / 8);
  es_document_builder_free (live);
  es_document_builder_free (fresh);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  es_test_add_scale_func ("/profile/many-stacks/random-intervals", test_random_intervals);
  es_test_add_scale_func ("/profile/many-stacks/prepared-equals-on-demand", test_prepared_equals_on_demand);
  es_test_add_scale_func ("/profile/many-stacks/live-update-grows", test_live_update_grows);
  return g_test_run ();
}
