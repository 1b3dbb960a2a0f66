/* test-profile.c: the time profile of any interval, against the RTS's own
 * .prof report and against brute force over the log's samples
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-document-builder.h"
#include "es-profile.h"
#include "es-test-log.h"
#include "es-test-prof.h"

/* A frame's path, named as es-test-prof.c names the samples' stacks. */
static char *
frame_path (const EsProfile *profile,
            guint            index)
{
  const EsProfileFrame *frames = (const EsProfileFrame *) (gpointer) es_profile_get_frames (profile)->data;
  g_autoptr(GString) path = g_string_new (NULL);

  for (guint32 f = index; f != ES_PROFILE_NO_FRAME; f = frames[f].parent)
    {
      g_autoptr(GString) name = g_string_new (NULL);

      es_profile_append_frame_name (&frames[f], name);
      if (path->len > 0)
        g_string_prepend_c (path, ';');
      g_string_prepend (path, name->str);
    }
  return g_string_free (g_steal_pointer (&path), FALSE);
}

static void
add_count (GHashTable *counts,
           const char *key,
           guint64     n)
{
  guint64 *value = g_hash_table_lookup (counts, key);

  if (value == NULL)
    {
      value = g_new0 (guint64, 1);
      g_hash_table_insert (counts, g_strdup (key), value);
    }
  *value += n;
}

static guint64
get_count (GHashTable *counts,
           const char *key)
{
  guint64 *value = g_hash_table_lookup (counts, key);

  return value != NULL ? *value : 0;
}

static GHashTable *
new_counts (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

/* Checks @profile against every sample of @samples in [t0, t1), counted
 * one by one: each stack's own samples, each frame's inherited ones (every
 * prefix of a sample's stack), each cost centre's (once per sample, however
 * often it recurs on the stack). */
static void
check_against_brute_force (const EsProfile *profile,
                           GArray          *samples,
                           guint64          t0,
                           guint64          t1)
{
  g_autoptr(GHashTable) individual = new_counts ();
  g_autoptr(GHashTable) inherited = new_counts ();
  g_autoptr(GHashTable) cc_individual = new_counts ();
  g_autoptr(GHashTable) cc_inherited = new_counts ();
  g_autoptr(GHashTable) seen_paths = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) seen_ccs = new_counts ();
  const EsProfileFrame *frames = (const EsProfileFrame *) (gpointer) es_profile_get_frames (profile)->data;
  guint64 n = 0, n_main = 0;
  guint32 n_rows = 0;

  for (guint i = 0; i < samples->len; i++)
    {
      const EsTestProfSample *s = &g_array_index (samples, EsTestProfSample, i);
      g_autoptr(GString) prefix = g_string_new (NULL);
      g_autoptr(GHashTable) on_stack = g_hash_table_new (g_str_hash, g_str_equal);
      guint depth = g_strv_length (s->frames);

      if (s->time < t0 || s->time >= t1)
        continue;
      n++;
      n_main += s->under_main;
      add_count (individual, s->path, 1);
      add_count (cc_individual, s->frames[depth - 1], 1);
      for (guint k = 0; k < depth; k++)
        {
          g_string_append_printf (prefix, k > 0 ? ";%s" : "%s", s->frames[k]);
          add_count (inherited, prefix->str, 1);
          if (g_hash_table_add (on_stack, s->frames[k]))
            add_count (cc_inherited, s->frames[k], 1);
        }
    }

  g_assert_cmpuint (profile->n_samples, ==, n);
  g_assert_cmpuint (profile->n_main, ==, n_main);
  for (guint i = 0; i < es_profile_get_frames (profile)->len; i++)
    {
      g_autofree char *path = frame_path (profile, i);
      g_autoptr(GString) name = g_string_new (NULL);

      g_assert_true (g_hash_table_add (seen_paths, g_strdup (path)));
      g_assert_cmpuint (frames[i].individual, ==, get_count (individual, path));
      g_assert_cmpuint (frames[i].inherited, ==, get_count (inherited, path));
      g_assert_cmpuint (frames[i].inherited, >, 0);
      /* Pre-order, with each frame's descendants right after it, and
       * siblings by label: the same order whatever the interval. */
      g_assert_cmpuint (frames[i].end, >, i);
      g_assert_cmpuint (frames[i].end, <=, es_profile_get_frames (profile)->len);
      for (guint c = i + 1; c < frames[i].end; c = frames[c].end)
        {
          g_assert_cmpuint (frames[c].parent, ==, i);
          if (frames[c].end < frames[i].end && frames[c].cc != NULL && frames[frames[c].end].cc != NULL)
            g_assert_cmpint (strcmp (frames[c].cc->label, frames[frames[c].end].cc->label), <=, 0);
        }
    }
  /* Every stack and every prefix of one is a frame. */
  g_assert_cmpuint (g_hash_table_size (seen_paths), ==, g_hash_table_size (inherited));
  /* The rows a flame graph draws: as deep as the deepest frame. */
  for (guint i = 0; i < es_profile_get_frames (profile)->len; i++)
    n_rows = MAX (n_rows, frames[i].depth + 1);
  g_assert_cmpuint (profile->n_rows, ==, n_rows);

  for (guint i = 0; i < profile->cost_centres->len; i++)
    {
      const EsProfileCostCentre *c = &g_array_index (profile->cost_centres, EsProfileCostCentre, i);
      g_autoptr(GString) name = g_string_new (NULL);

      es_profile_append_cost_centre_name (c, name);
      add_count (seen_ccs, name->str, 1);
      g_assert_cmpuint (c->individual, ==, get_count (cc_individual, name->str));
      g_assert_cmpuint (c->inherited, ==, get_count (cc_inherited, name->str));
      if (i > 0)
        g_assert_cmpuint (c->individual, <=, g_array_index (profile->cost_centres, EsProfileCostCentre, i - 1).individual);
    }
  g_assert_cmpuint (g_hash_table_size (seen_ccs), ==, g_hash_table_size (cc_inherited));
}

/* The whole run's ticks per cost-centre stack are the .prof's ticks
 * column, line by line, and their total its total. The log holds more
 * samples than .prof counts: those of GC and the RTS's other own stacks. */
static void
test_whole_run_matches_prof (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("profiled-long.eventlog");
  g_autofree char *log_path = es_test_fixture_path ("profiled-long.eventlog");
  g_autofree char *prof_path = es_test_fixture_path ("profiled-long.prof");
  g_autoptr(GArray) samples = es_test_prof_read_samples (log_path);
  g_autoptr(EsProfile) profile = es_profile_new (document, 0, G_MAXUINT64);
  g_autoptr(GHashTable) report = NULL;
  g_autoptr(GHashTable) ours = new_counts ();
  const EsProfileFrame *frames = (const EsProfileFrame *) (gpointer) es_profile_get_frames (profile)->data;
  GHashTableIter iter;
  gpointer key, value;
  guint64 total, sum = 0;
  guint n_samples;

  report = es_test_prof_read_report (prof_path, &total);
  es_document_get_prof_samples (document, ES_PROF_SAMPLES, &n_samples);
  g_assert_cmpuint (n_samples, ==, samples->len);
  g_assert_cmpuint (samples->len, >=, 3000);
  g_assert_cmpuint (es_document_get_prof_tick_interval (document, ES_PROF_SAMPLES), ==, 1000000);

  for (guint i = 0; i < es_profile_get_frames (profile)->len; i++)
    if (frames[i].individual > 0)
      {
        g_autofree char *path = frame_path (profile, i);

        add_count (ours, path, frames[i].individual);
      }
  g_hash_table_iter_init (&iter, report);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      guint64 ticks = *(guint64 *) value;

      if (g_test_verbose () && ticks > 0)
        g_test_message ("%s: %" G_GUINT64_FORMAT " ticks", (const char *) key, ticks);
      g_assert_cmpuint (get_count (ours, key), ==, ticks);
      sum += ticks;
    }
  g_assert_cmpuint (sum, ==, total);
  g_assert_cmpuint (profile->n_main, ==, total);
  /* What .prof does not show is outside MAIN. */
  g_hash_table_iter_init (&iter, ours);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (g_hash_table_lookup (report, key) == NULL)
      g_assert_false (g_str_has_prefix (key, "MAIN (MAIN)"));

  check_against_brute_force (profile, samples, 0, G_MAXUINT64);
}

/* The older fixture's .prof was written without -P (no ticks column),
 * but its total is there: the samples under MAIN make it up. */
static void
test_older_fixture_total (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("profiled-hc.eventlog");
  g_autofree char *prof_path = es_test_fixture_path ("profiled-hc.prof");
  g_autoptr(EsProfile) profile = es_profile_new (document, 0, G_MAXUINT64);
  g_autofree char *text = NULL;
  const char *total;

  g_assert_true (g_file_get_contents (prof_path, &text, NULL, NULL));
  total = strstr (text, "total time  =");
  g_assert_nonnull (total);
  g_assert_cmpuint (profile->n_main, ==, g_ascii_strtoull (strchr (total, '(') + 1, NULL, 10));
  g_assert_cmpuint (profile->n_samples, >, profile->n_main);
}

/* Random intervals, short ones (counted by a walk over their samples) and
 * long ones (counted per stack), against brute force. */
static void
test_random_intervals (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("profiled-long.eventlog");
  g_autofree char *log_path = es_test_fixture_path ("profiled-long.eventlog");
  g_autoptr(GArray) samples = es_test_prof_read_samples (log_path);
  g_autoptr(GRand) rand = g_rand_new_with_seed (15);
  guint64 end = es_document_get_end_time (document);

  for (guint round = 0; round < 120; round++)
    {
      guint64 t0, t1;
      g_autoptr(EsProfile) profile = NULL;

      if (round % 3 == 0)
        {
          /* Exactly at sample times: the edges are [t0, t1). */
          guint a = g_rand_int_range (rand, 0, samples->len), b = g_rand_int_range (rand, 0, samples->len);

          t0 = g_array_index (samples, EsTestProfSample, MIN (a, b)).time;
          t1 = g_array_index (samples, EsTestProfSample, MAX (a, b)).time;
        }
      else
        {
          t0 = (guint64) (g_rand_double (rand) * (double) end);
          t1 = t0 + (guint64) (g_rand_double (rand) * g_rand_double (rand) * (double) (end - t0 + 1));
        }
      profile = es_profile_new (document, t0, t1);
      check_against_brute_force (profile, samples, t0, t1);
    }
}

/* The whole run's profile is made once per document and shared by every
 * interval that holds all of its samples, each with its own edges; a
 * profile freed leaves the kept one whole. */
static void
test_whole_run_kept (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("profiled-long.eventlog");
  g_autofree char *log_path = es_test_fixture_path ("profiled-long.eventlog");
  g_autoptr(GArray) samples = es_test_prof_read_samples (log_path);
  guint64 end = es_document_get_end_time (document);
  g_autoptr(EsProfile) first = es_profile_new (document, 0, G_MAXUINT64);
  g_autoptr(EsProfile) again = NULL;

  es_profile_free (es_profile_new (document, 0, end + 1));
  again = es_profile_new (document, 0, end + 1);
  g_assert_true (es_profile_get_frames (again) == es_profile_get_frames (first) && again->cost_centres == first->cost_centres);
  g_assert_cmpuint (again->t1, ==, end + 1);
  g_assert_cmpuint (first->t1, ==, G_MAXUINT64);
  check_against_brute_force (again, samples, 0, end + 1);
}

/* The Profile row's columns against the samples binned one by one: how
 * many, how many had the chosen cost centre on the stack, and the top one
 * is as common as the commonest. */
static void
test_columns (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("profiled-long.eventlog");
  g_autofree char *log_path = es_test_fixture_path ("profiled-long.eventlog");
  g_autoptr(GArray) samples = es_test_prof_read_samples (log_path);
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  guint64 end = es_document_get_end_time (document);
  const char *chosen_names[] = { "scramble", "isEven'", "treePhase", NULL };
  guint n_cost_centres;
  const EsCostCentre *ccs = es_document_get_cost_centres (document, &n_cost_centres);

  for (guint round = 0; round < 30; round++)
    {
      const char *label = chosen_names[round % 3];
      g_autofree char *chosen_name = g_strdup_printf ("%s (Main)", label);
      guint32 chosen = ES_PROFILE_NO_COST_CENTRE;
      guint n = 1 + g_rand_int_range (rand, 0, 400);
      guint64 t0 = round == 0 ? 0 : (guint64) (g_rand_double (rand) * end);
      guint64 t1 = round == 0 ? end + 1 : t0 + 1 + (guint64) (g_rand_double (rand) * (end - t0));
      guint cap = round % 5 == 4 ? 1 : round % 5 == 3 ? ES_PROFILE_ALL_CAPS : 0;
      g_autofree EsProfileColumn *columns = g_new (EsProfileColumn, n);
      g_autoptr(GPtrArray) tops = g_ptr_array_new_with_free_func ((GDestroyNotify) g_hash_table_unref);
      g_autofree guint *count = g_new0 (guint, n);
      g_autofree guint *with_chosen = g_new0 (guint, n);

      for (guint i = 0; i < n_cost_centres; i++)
        if (g_str_equal (ccs[i].label, label))
          chosen = ccs[i].id;
      g_assert_cmpuint (chosen, !=, ES_PROFILE_NO_COST_CENTRE);
      for (guint c = 0; c < n; c++)
        g_ptr_array_add (tops, new_counts ());

      for (guint i = 0; i < samples->len; i++)
        {
          const EsTestProfSample *s = &g_array_index (samples, EsTestProfSample, i);
          guint depth = g_strv_length (s->frames);
          guint c;

          if (s->time < t0 || s->time >= t1 || (cap != ES_PROFILE_ALL_CAPS && s->cap != cap))
            continue;
          /* Small spans and counts: the product fits. */
          c = (guint) ((s->time - t0) * n / (t1 - t0));
          count[c]++;
          add_count (g_ptr_array_index (tops, c), s->frames[depth - 1], 1);
          if (g_strv_contains ((const char * const *) s->frames, chosen_name))
            with_chosen[c]++;
        }

      es_profile_columns (document, t0, t1, cap, chosen, columns, n);
      for (guint c = 0; c < n; c++)
        {
          GHashTableIter iter;
          gpointer value;
          guint64 most = 0;

          g_assert_cmpuint (columns[c].n_samples, ==, count[c]);
          g_assert_cmpuint (columns[c].n_chosen, ==, with_chosen[c]);
          g_hash_table_iter_init (&iter, g_ptr_array_index (tops, c));
          while (g_hash_table_iter_next (&iter, NULL, &value))
            most = MAX (most, *(guint64 *) value);
          g_assert_cmpuint (columns[c].top_samples, ==, most);
          if (count[c] == 0)
            g_assert_cmpuint (columns[c].top, ==, ES_PROFILE_NO_COST_CENTRE);
          else
            {
              const EsCostCentre *top = es_document_lookup_cost_centre (document, columns[c].top);
              g_autofree char *top_name = NULL;

              g_assert_nonnull (top);
              top_name = g_strdup_printf ("%s (%s)", top->label, top->module);
              g_assert_cmpuint (get_count (g_ptr_array_index (tops, c), top_name), ==, most);
            }
        }
    }
}

/* The Profile row's lanes, every capability's columns from one walk,
 * equal each capability's own es_profile_columns(), on random samples of
 * three capabilities (and a fourth the lanes leave out). */
static void
test_columns_by_cap (void)
{
  EsDocumentBuilder *builder = es_document_builder_new ();
  static const guint32 stacks[][3] = { { 2, 1 }, { 3, 2, 1 }, { 4, 1 }, { 5, 4, 1 } };
  static const guint depths[] = { 2, 3, 2, 3 };
  g_autoptr(EsDocument) document = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  guint64 time = 0;

  for (guint i = 0; i < 5000; i++)
    {
      guint k = g_rand_int_range (rand, 0, G_N_ELEMENTS (stacks));

      time += g_rand_int_range (rand, 1, 1000);
      es_test_add_prof_sample (builder, time, g_rand_int_range (rand, 0, 4), stacks[k], depths[k]);
    }
  document = es_document_builder_finish (builder, FALSE, -1);
  es_document_builder_free (builder);

  for (guint round = 0; round < 40; round++)
    {
      guint n = 1 + g_rand_int_range (rand, 0, 300), n_caps = 3;
      guint64 t0 = g_rand_int_range (rand, 0, time), t1 = t0 + 1 + g_rand_int_range (rand, 0, time);
      guint32 chosen = round % 2 ? 2 : ES_PROFILE_NO_COST_CENTRE;
      g_autofree EsProfileColumn *lanes = g_new (EsProfileColumn, n_caps * n);
      g_autofree EsProfileColumn *one = g_new (EsProfileColumn, n);

      es_profile_columns_by_cap (document, t0, t1, n_caps, chosen, lanes, n);
      for (guint cap = 0; cap < n_caps; cap++)
        {
          es_profile_columns (document, t0, t1, cap, chosen, one, n);
          for (guint c = 0; c < n; c++)
            {
              const EsProfileColumn *a = &lanes[cap * n + c], *b = &one[c];

              g_assert_cmpuint (a->n_samples, ==, b->n_samples);
              g_assert_cmpuint (a->n_chosen, ==, b->n_chosen);
              g_assert_cmpuint (a->top, ==, b->top);
              g_assert_cmpuint (a->top_samples, ==, b->top_samples);
            }
        }
    }
}

/* Builders loading parts of a log in parallel each intern their own
 * stacks: merged, the same stack is one, wherever it was first seen. */
static void
test_merged_builders (void)
{
  EsDocumentBuilder *a = es_document_builder_new (), *b = es_document_builder_new ();
  static const guint32 fg[] = { 3, 2, 1 }, f[] = { 2, 1 }, h[] = { 4, 1 }, rec[] = { 2, 3, 2, 1 };
  g_autoptr(EsDocument) document = NULL;
  g_autoptr(EsProfile) whole = NULL, late = NULL;
  guint n_stacks;

  es_test_add_prof_sample (a, 100, 0, fg, 3);
  es_test_add_prof_sample (a, 300, 0, f, 2);
  es_test_add_prof_sample (a, 500, 0, NULL, 0);
  es_test_add_prof_sample (b, 200, 1, h, 2);
  es_test_add_prof_sample (b, 400, 1, fg, 3);
  es_test_add_prof_sample (b, 600, 1, rec, 4);
  es_document_builder_merge (a, b);
  document = es_document_builder_finish (a, FALSE, -1);
  es_document_builder_free (a);

  /* empty, 1, 1>2, 1>2>3, 1>4, 1>2>3>2 */
  es_document_get_prof_stacks (document, ES_PROF_SAMPLES, &n_stacks);
  g_assert_cmpuint (n_stacks, ==, 6);

  whole = es_profile_new (document, 0, 1000);
  g_assert_cmpuint (whole->n_samples, ==, 6);
  /* No definitions: every stack is under MAIN, named by its ids. */
  g_assert_cmpuint (whole->n_main, ==, 6);
  {
    const EsProfileFrame *frames = (const EsProfileFrame *) (gpointer) es_profile_get_frames (whole)->data;
    g_autofree char *top = frame_path (whole, 1);
    g_autofree char *deepest = NULL;

    g_assert_cmpuint (frames[0].inherited, ==, 6);
    g_assert_cmpuint (frames[0].individual, ==, 1);
    g_assert_cmpstr (top, ==, "MAIN;#1");
    g_assert_cmpuint (frames[1].inherited, ==, 5);
    g_assert_cmpuint (frames[2].cost_centre, ==, 2);    /* 1>2 has 4, 1>4 has 1 */
    g_assert_cmpuint (frames[2].inherited, ==, 4);
    deepest = frame_path (whole, 4);
    g_assert_cmpstr (deepest, ==, "MAIN;#1;#2;#3;#2");
  }
  /* 2 recurs in 1>2>3>2: it counts once in cost centre 2's inherited. */
  for (guint i = 0; i < whole->cost_centres->len; i++)
    {
      const EsProfileCostCentre *c = &g_array_index (whole->cost_centres, EsProfileCostCentre, i);

      if (c->id == 2)
        {
          g_assert_cmpuint (c->inherited, ==, 4);
          g_assert_cmpuint (c->individual, ==, 2);
        }
    }

  late = es_profile_new (document, 300, 600);
  g_assert_cmpuint (late->n_samples, ==, 3);
}

static void
test_no_samples (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("hello.eventlog");
  g_autoptr(EsProfile) profile = es_profile_new (document, 0, G_MAXUINT64);
  guint n;

  es_document_get_prof_samples (document, ES_PROF_SAMPLES, &n);
  g_assert_cmpuint (n, ==, 0);
  g_assert_cmpuint (profile->n_samples, ==, 0);
  g_assert_cmpuint (es_profile_get_frames (profile)->len, ==, 0);
  g_assert_cmpuint (profile->cost_centres->len, ==, 0);
}

/* The samples of a program with many stacks, in blocks as caps write
 * them, followed as a live log is (each update a snapshot of the
 * builder). Every snapshot's profile of random intervals, short and long,
 * counts each stack as the samples added so far do, one by one; the
 * checkpoints the builder made are the same memory in the snapshots after
 * it; and a cap whose samples start late, earlier than those settled,
 * has them all counted again. */
static void
test_followed_profile_counts (void)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new_for_snapshots ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (21);
  g_autoptr(GArray) added = g_array_new (FALSE, FALSE, sizeof (EsProfSample));
  g_autoptr(EsDocument) earlier = NULL;
  guint64 cap_time[3] = { 0, 0, 0 };
  const guint n_ids = 7000, n_blocks = 240, per_block = 600;
  guint n_shared = 0;

  for (guint b = 0; b < n_blocks; b++)
    {
      /* Cap 2 writes nothing until half way, then its samples from the
       * start of the run: earlier than those settled. */
      guint16 cap = b < n_blocks / 2 ? b % 2 : b % 3;

      for (guint i = 0; i < per_block; i++)
        {
          guint32 id = 1 + (g_rand_boolean (rand) ? g_rand_int_range (rand, 0, 40) : g_rand_int_range (rand, 0, n_ids));
          EsProfSample sample = { 0 };
          EsEvent e = { 0 };

          /* Cap 2 catches up soon with the others. */
          cap_time[cap] += g_rand_int_range (rand, 1, 2000) * (cap == 2 ? 8 : 1);
          es_test_add_prof_sample (builder, cap_time[cap], cap, &id, 1);
          sample.time = cap_time[cap];
          sample.stack = id;
          g_array_append_val (added, sample);
          /* A cap's event: what says its samples have come this far. */
          e.tag = ES_EVENT_THREAD_RUNNABLE;
          e.time = cap_time[cap];
          e.cap = cap;
          e.u.thread.thread = 1;
          es_document_builder_add (builder, &e);
        }
      if (b % 30 == 29)
        {
          g_autoptr(EsDocument) snapshot = es_document_builder_snapshot (builder, FALSE, -1);
          guint n_samples;
          guint64 end = es_document_get_end_time (snapshot) + 1;

          es_document_get_prof_samples (snapshot, ES_PROF_SAMPLES, &n_samples);
          g_assert_cmpuint (n_samples, ==, added->len);
          /* Far enough apart for the counts of 7,000 stacks. */
          g_assert_cmpuint (es_document_get_prof_checkpoint_samples (snapshot, ES_PROF_SAMPLES), >=, 4 * 7000);
          g_assert_cmpuint (es_document_get_prof_n_checkpoints (snapshot, ES_PROF_SAMPLES), ==,
                            n_samples / es_document_get_prof_checkpoint_samples (snapshot, ES_PROF_SAMPLES));
          for (guint round = 0; round < 30; round++)
            {
              guint64 t0 = g_rand_int_range (rand, 0, (gint32) end);
              guint64 t1 = round % 2 ? end : t0 + g_rand_int_range (rand, 0, (gint32) (end - t0 + 1));
              g_autoptr(EsProfile) profile = es_profile_new (snapshot, t0, t1);
              g_autofree guint64 *want = g_new0 (guint64, n_ids + 2);
              guint64 n = 0;
              const EsProfileFrame *frames = (const EsProfileFrame *) (gpointer) es_profile_get_frames (profile)->data;

              for (guint i = 0; i < added->len; i++)
                {
                  const EsProfSample *s = &g_array_index (added, EsProfSample, i);

                  if (s->time >= t0 && s->time < t1)
                    want[s->stack]++, n++;
                }
              g_assert_cmpuint (profile->n_samples, ==, n);
              for (guint f = 0; f < es_profile_get_frames (profile)->len; f++)
                if (frames[f].depth == 1)
                  {
                    g_assert_cmpuint (frames[f].individual, ==, want[frames[f].cost_centre]);
                    want[frames[f].cost_centre] = 0;
                  }
              for (guint id = 0; id < n_ids + 2; id++)
                g_assert_cmpuint (want[id], ==, 0);
            }
          /* The first checkpoint is the builder's, shared, once the late
           * cap's samples were counted again. */
          if (b > n_blocks / 2 + 30)
            {
              guint n_a, n_b;

              g_assert_true (es_document_get_prof_counts_before (earlier, ES_PROF_SAMPLES, 1, &n_a) ==
                             es_document_get_prof_counts_before (snapshot, ES_PROF_SAMPLES, 1, &n_b));
              n_shared++;
            }
          g_clear_object (&earlier);
          earlier = g_steal_pointer (&snapshot);
        }
    }
  g_assert_cmpuint (n_shared, ==, 3);

  /* A cap whose only event so far is a sample earlier than those settled,
   * and no later than what is settled now (its own time). */
  {
    guint32 id = 5;
    EsProfSample sample = { 10, 5, 3, 0 };
    EsEvent e = { 0 };
    g_autoptr(EsDocument) snapshot = NULL;
    g_autoptr(EsProfile) profile = NULL;
    guint64 n = 0;
    guint n_samples;

    es_test_add_prof_sample (builder, 10, 3, &id, 1);
    g_array_append_val (added, sample);
    e.tag = ES_EVENT_THREAD_RUNNABLE;
    e.time = 10;
    e.cap = 3;
    e.u.thread.thread = 1;
    es_document_builder_add (builder, &e);
    snapshot = es_document_builder_snapshot (builder, FALSE, -1);
    profile = es_profile_new (snapshot, 0, 20000);
    for (guint i = 0; i < added->len; i++)
      n += g_array_index (added, EsProfSample, i).time < 20000;
    g_assert_cmpuint (profile->n_samples, ==, n);
    g_assert_cmpuint (es_document_get_prof_samples (snapshot, ES_PROF_SAMPLES, &n_samples)[0].time, ==, 10);
  }
}

/* The tree against its definition (es_document_get_prof_tree()): every
 * stack once, in pre-order, each under its parent or at the top (the
 * empty stack and those that start at one of the RTS's own cost centres),
 * siblings in the order of their names, and each stack told its place and
 * its cost centre's definition. */
static void
check_prof_tree (EsDocument *document)
{
  guint n_stacks, n_nodes, n_ccs;
  const EsProfStack *stacks = es_document_get_prof_stacks (document, ES_PROF_SAMPLES, &n_stacks);
  const EsProfTreeNode *nodes = es_document_get_prof_tree (document, ES_PROF_SAMPLES, &n_nodes);
  const EsCostCentre *ccs = es_document_get_cost_centres (document, &n_ccs);
  g_autofree guint32 *seen = g_new0 (guint32, n_stacks);

  g_assert_cmpuint (n_nodes, ==, n_stacks);
  for (guint i = 0; i < n_nodes; i++)
    {
      guint32 s = nodes[i].stack;
      const EsCostCentre *cc = stacks[s].cc_index != ES_PROF_NO_STACK ? &ccs[stacks[s].cc_index] : NULL;
      gboolean top = s == ES_PROF_EMPTY_STACK ||
                     (stacks[s].parent == ES_PROF_EMPTY_STACK && es_cost_centre_is_builtin_root (cc));
      const EsCostCentre *want = NULL;

      g_assert_cmpuint (seen[s]++, ==, 0);
      g_assert_cmpuint (stacks[s].position, ==, i);
      /* The last definition of its id; MAIN's for the empty stack. */
      for (guint c = 0; c < n_ccs; c++)
        if (s == ES_PROF_EMPTY_STACK ? g_strcmp0 (ccs[c].label, "MAIN") == 0 && g_strcmp0 (ccs[c].module, "MAIN") == 0
                                     : ccs[c].id == stacks[s].cost_centre)
          want = &ccs[c];
      g_assert_true (cc == want);
      if (s != ES_PROF_EMPTY_STACK)
        g_assert_true (es_document_lookup_cost_centre (document, stacks[s].cost_centre) == want);
      if (top)
        g_assert_cmpuint (nodes[i].parent, ==, ES_PROF_NO_STACK);
      else
        g_assert_cmpuint (nodes[i].parent, ==, stacks[stacks[s].parent].position);
      g_assert_cmpuint (nodes[i].end, >, i);
      g_assert_cmpuint (nodes[i].end, <=, n_nodes);
      /* Its descendants follow it; its next sibling comes after them. */
      for (guint c = i + 1; c < nodes[i].end; c++)
        g_assert_cmpuint (nodes[c].parent, >=, i);
      if (nodes[i].end < n_nodes && nodes[nodes[i].end].parent == nodes[i].parent)
        {
          guint32 t = nodes[nodes[i].end].stack;
          const EsCostCentre *next = stacks[t].cc_index != ES_PROF_NO_STACK ? &ccs[stacks[t].cc_index] : NULL;
          int order = (stacks[s].depth == 0) != (stacks[t].depth == 0) ? (stacks[s].depth == 0 ? -1 : 1) : 0;

          if (order == 0)
            order = g_strcmp0 (cc != NULL ? cc->label : NULL, next != NULL ? next->label : NULL);
          if (order == 0)
            order = g_strcmp0 (cc != NULL ? cc->module : NULL, next != NULL ? next->module : NULL);
          if (order == 0)
            order = stacks[s].cost_centre < stacks[t].cost_centre ? -1 : 1;
          g_assert_cmpint (order, <, 0);
        }
    }
}

/* The log of test_followed_tree_grows_in_name_order() up to @round, into
 * @builder: definitions first, some late, and samples of random stacks,
 * rounds that are multiples of 3 plus 2 only with stacks seen before. */
static void
feed_tree_round (EsDocumentBuilder *builder,
                 GRand             *rand,
                 guint              round,
                 guint64           *t)
{
  static const char *const labels[] = { "go", "map", "fold", "zip", "sort", "main", "loop", "step", "emit", "read" };

  if (round == 0)
    {
      es_test_define_cost_centre (builder, 1, "MAIN", "MAIN", "<built-in>");
      es_test_define_cost_centre (builder, 2, "GC", "GC", "<built-in>");
      es_test_define_cost_centre (builder, 3, "SYSTEM", "SYSTEM", "<built-in>");
      for (guint32 id = 4; id < 40; id++)
        es_test_define_cost_centre (builder, id, labels[id % G_N_ELEMENTS (labels)], id % 3 ? "Main" : "Data.List",
                            "src/Main.hs:1:1");
    }
  /* An id the stacks already name, then one defined before, again. */
  if (round == 25 || round == 32)
    es_test_define_cost_centre (builder, round == 25 ? 45 : 7, "late", "Late", "src/Late.hs:1:1");
  for (guint i = 0; i < 200; i++)
    {
      guint32 ids[6];
      guint depth = g_rand_int_range (rand, 0, 5);

      for (guint k = 0; k < depth; k++)
        ids[k] = round % 3 != 2 ? (guint32) g_rand_int_range (rand, 2, 46) : 4 + k;
      *t += g_rand_int_range (rand, 1, 1000);
      es_test_add_prof_sample (builder, *t, 0, ids, depth);
    }
}

/* A followed log's snapshots each place only the stacks new since the one
 * before, among siblings placed before. Every snapshot's tree is what its
 * definition says and the tree of the same log loaded, and stays so while
 * later ones are made; snapshots with no new stack or definition share
 * the tree before. Definitions that come late place every stack again. */
static void
test_followed_tree_grows_in_name_order (void)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new_for_snapshots ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (31);
  g_autoptr(GPtrArray) snapshots = g_ptr_array_new_with_free_func (g_object_unref);
  guint n_shared = 0, n_grown = 0;
  guint64 t = 0;

  for (guint round = 0; round < 40; round++)
    {
      g_autoptr(GRand) again = g_rand_new_with_seed (31);
      EsDocumentBuilder *loader = es_document_builder_new ();
      g_autoptr(EsDocument) whole = NULL;
      EsDocument *snapshot;
      const EsProfTreeNode *nodes, *whole_nodes;
      guint n_before = 0, n_stacks, n_whole, n_nodes, n_whole_nodes;
      guint64 t_again = 0;

      if (snapshots->len > 0)
        es_document_get_prof_stacks (g_ptr_array_index (snapshots, snapshots->len - 1), ES_PROF_SAMPLES, &n_before);
      feed_tree_round (builder, rand, round, &t);
      snapshot = es_document_builder_snapshot (builder, FALSE, -1);
      check_prof_tree (snapshot);

      for (guint r = 0; r <= round; r++)
        feed_tree_round (loader, again, r, &t_again);
      whole = es_document_builder_finish (loader, FALSE, -1);
      es_document_builder_free (loader);
      nodes = es_document_get_prof_tree (snapshot, ES_PROF_SAMPLES, &n_nodes);
      whole_nodes = es_document_get_prof_tree (whole, ES_PROF_SAMPLES, &n_whole_nodes);
      es_document_get_prof_stacks (snapshot, ES_PROF_SAMPLES, &n_stacks);
      es_document_get_prof_stacks (whole, ES_PROF_SAMPLES, &n_whole);
      g_assert_cmpuint (n_stacks, ==, n_whole);
      g_assert_cmpmem (nodes, n_nodes * sizeof *nodes, whole_nodes, n_whole_nodes * sizeof *whole_nodes);

      if (snapshots->len > 0 && n_stacks == n_before && round != 25 && round != 32)
        {
          guint n;

          g_assert_true (nodes == es_document_get_prof_tree (g_ptr_array_index (snapshots, snapshots->len - 1), ES_PROF_SAMPLES, &n));
          n_shared++;
        }
      else
        n_grown++;
      g_ptr_array_add (snapshots, snapshot);
    }
  g_assert_cmpuint (n_shared, >=, 10);
  g_assert_cmpuint (n_grown, >=, 10);
  /* What later snapshots placed changed nothing of the earlier ones. */
  for (guint i = 0; i < snapshots->len; i++)
    check_prof_tree (g_ptr_array_index (snapshots, i));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/profile/whole-run-matches-prof", test_whole_run_matches_prof);
  g_test_add_func ("/profile/older-fixture-total", test_older_fixture_total);
  g_test_add_func ("/profile/random-intervals", test_random_intervals);
  g_test_add_func ("/profile/whole-run-kept", test_whole_run_kept);
  g_test_add_func ("/profile/columns", test_columns);
  g_test_add_func ("/profile/columns-by-cap", test_columns_by_cap);
  g_test_add_func ("/profile/merged-builders", test_merged_builders);
  g_test_add_func ("/profile/no-samples", test_no_samples);
  g_test_add_func ("/profile/followed-profile-counts", test_followed_profile_counts);
  g_test_add_func ("/profile/followed-tree-grows-in-name-order", test_followed_tree_grows_in_name_order);
  return g_test_run ();
}
