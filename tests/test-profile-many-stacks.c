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
 * never defined among them).
 */

#include "config.h"

#include <string.h>

#include "es-document-builder.h"
#include "es-profile.h"
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

static EsDocument *
make_document (GRand *rand)
{
  EsDocumentBuilder *builder = es_document_builder_new ();
  g_autofree guint *depths = g_new (guint, N_STACKS);
  g_autofree guint32 *stacks = make_stacks (rand, depths);
  EsDocument *document;
  guint64 time = 1000;

  es_test_define_cost_centre (builder, 1, "MAIN", "MAIN", "<built-in>");
  es_test_define_cost_centre (builder, GC_ID, "GC", "GC", "<built-in>");
  for (guint id = 3; id <= N_COST_CENTRES; id++)
    {
      g_autofree char *label = g_strdup_printf ("f%u", id);
      g_autofree char *module = g_strdup_printf ("M%u", id % 13);

      es_test_define_cost_centre (builder, id, label, module, "src/M.hs:1:1-9");
    }
  for (guint i = 0; i < N_SAMPLES; i++)
    {
      /* Every stack once at least, then phases in a few hundred each. */
      guint s = i < N_STACKS ? (guint) ((i * 7919u) % N_STACKS)
                             : (guint) (((i / 5000) * 131 + g_rand_int_range (rand, 0, 300)) % N_STACKS);
      guint32 innermost_first[MAX_DEPTH];

      for (guint k = 0; k < depths[s]; k++)
        innermost_first[k] = stacks[(gsize) s * MAX_DEPTH + depths[s] - 1 - k];
      time += g_rand_int_range (rand, 1, 3);
      es_test_add_prof_sample (builder, time, g_rand_int_range (rand, 0, N_CAPS), innermost_first, depths[s]);
    }
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
   * subtree of a frame, some subtrees skipped. */
  for (guint round = 0; round < 2 && frames->len > 0; round++)
    {
      guint from = round == 0 ? 0 : (guint) (((guint64) t0 * 7919 + t1) % frames->len);
      guint end = round == 0 ? frames->len : g_array_index (frames, EsProfileFrame, from).end;
      g_autoptr(EsProfileWalk) walk = es_profile_walk_new (profile, round == 0 ? ES_PROFILE_NO_FRAME
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
          if (round == 1 && f->end > i + 1 && i % 3 == 0)
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

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/profile/many-stacks/random-intervals", test_random_intervals);
  return g_test_run ();
}
