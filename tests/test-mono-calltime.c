/* test-mono-calltime.c: a Mono log's calls as a profile of call time:
 * the whole run's total and self time per method are mprof-report's
 * Method call summary, to the nanosecond of the report's own sums and to
 * the millisecond of the real mprof-report's text; adjacent intervals and
 * the threads add up; any interval's time is that of its stretches cut
 * at its ends
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "es-document-builder-private.h"
#include "es-document.h"
#include "es-mlpd-build.h"
#include "es-mlpd-load.h"
#include "es-document-prof.h"
#include "es-mono-profile.h"
#include "es-mono-report.h"
#include "es-profile.h"
#include "es-test-log.h"

static const EsProfileCostCentre *
find_method (const EsProfile *profile,
             guint32          id)
{
  for (guint i = 0; i < profile->cost_centres->len; i++)
    if (g_array_index (profile->cost_centres, EsProfileCostCentre, i).id == id)
      return &g_array_index (profile->cost_centres, EsProfileCostCentre, i);
  return NULL;
}

/* Every method the report's sums give time (the same sums that print
 * the Method call summary, which test-mono-report checks byte for byte
 * against mprof-report) has that total and self time in the whole run's
 * call time, and no other method has any. */
static void
test_whole_run_is_method_call_summary (void)
{
  g_autoptr(EsDocument) doc = es_test_load_fixture ("mlpd/calls-compute.mlpd");
  g_autofree char *path = es_test_fixture_path ("mlpd/calls-compute.mlpd");
  g_autoptr(GError) error = NULL;
  EsMonoProfile *mono = es_mono_profile_load_file (path, &error);
  g_autoptr(EsProfile) profile = es_profile_new_for (doc, ES_PROF_CALL_TIME, ES_PROFILE_ALL_CAPS, 0, G_MAXUINT64);
  EsMonoReportOptions options;
  g_autoptr(GArray) methods = NULL;
  guint n_timed = 0;

  g_assert_no_error (error);
  g_assert_true (es_document_has_call_time (doc));
  es_mono_report_options_init (&options);
  methods = es_mono_report_top_methods (mono, &options, G_MAXUINT);
  g_assert_cmpuint (methods->len, >, 40);
  for (guint i = 0; i < methods->len; i++)
    {
      const EsMonoMethodCalls *m = &g_array_index (methods, EsMonoMethodCalls, i);
      const EsProfileCostCentre *c = find_method (profile, m->method + 1);

      if (m->total == 0)
        {
          g_assert_null (c);
          continue;
        }
      n_timed++;
      if (c == NULL)
        g_error ("method %u has %" G_GUINT64_FORMAT " ns of calls and no call time", m->method, m->total);
      g_assert_cmpuint (c->inherited, ==, m->total);
      g_assert_cmpuint (c->individual, ==, m->self);
    }
  /* and the root, every thread's time in calls, as the samples' MAIN */
  g_assert_cmpuint (profile->cost_centres->len, ==, n_timed + 1);
  {
    const EsProfileCostCentre *root = find_method (profile, G_MAXUINT32);

    g_assert_true (root != NULL && root->individual == 0 && root->inherited == profile->n_samples);
  }
  es_mono_profile_free (mono);
}

/* The fixture's report (the real mprof-report's output): each line of
 * its Method call summary is a method whose whole-run total and self
 * time, in whole milliseconds as it prints them, are the profile's. */
static void
test_whole_run_is_mprof_report_text (void)
{
  g_autoptr(EsDocument) doc = es_test_load_fixture ("mlpd/calls-compute.mlpd");
  g_autofree char *report = es_test_read_fixture ("mlpd/calls-compute.report.txt", NULL);
  g_autoptr(EsProfile) profile = es_profile_new_for (doc, ES_PROF_CALL_TIME, ES_PROFILE_ALL_CAPS, 0, G_MAXUINT64);
  g_auto(GStrv) lines = g_strsplit (strstr (report, "Method call summary\n"), "\n", -1);
  guint n_lines = 0;

  for (guint i = 2; lines[i] != NULL && !g_str_has_prefix (lines[i], "Total calls:"); i++)
    {
      guint64 total = g_ascii_strtoull (lines[i], NULL, 10);
      guint64 self = g_ascii_strtoull (lines[i] + 9, NULL, 10);
      const char *name = lines[i] + 9 + 9 + 11;
      gboolean found = FALSE;

      /* Two methods may have the same name (two wrappers): one of them. */
      for (guint k = 0; k < profile->cost_centres->len && !found; k++)
        {
          const EsProfileCostCentre *c = &g_array_index (profile->cost_centres, EsProfileCostCentre, k);

          found = c->cc != NULL && g_str_equal (c->cc->label, name) &&
                  c->inherited / 1000000 == total && c->individual / 1000000 == self;
        }
      if (!found)
        g_error ("no method \"%s\" with %" G_GUINT64_FORMAT " ms total, %" G_GUINT64_FORMAT " ms self", name, total, self);
      n_lines++;
    }
  g_assert_cmpuint (n_lines, ==, 16);
}

static void
assert_same_times (const EsProfile *sum_of,
                   GHashTable      *sums)
{
  g_assert_cmpuint (g_hash_table_size (sums), ==, sum_of->cost_centres->len);
  for (guint i = 0; i < sum_of->cost_centres->len; i++)
    {
      const EsProfileCostCentre *c = &g_array_index (sum_of->cost_centres, EsProfileCostCentre, i);
      guint64 *got = g_hash_table_lookup (sums, GUINT_TO_POINTER (c->id + 1));

      if (got == NULL)
        g_error ("cost centre %u is not in the sum of the pieces", c->id);
      g_assert_cmpuint (got[0], ==, c->individual);
      g_assert_cmpuint (got[1], ==, c->inherited);
    }
}

static void
add_times (GHashTable      *sums,
           const EsProfile *profile)
{
  for (guint i = 0; i < profile->cost_centres->len; i++)
    {
      const EsProfileCostCentre *c = &g_array_index (profile->cost_centres, EsProfileCostCentre, i);
      guint64 *sum = g_hash_table_lookup (sums, GUINT_TO_POINTER (c->id + 1));

      if (sum == NULL)
        {
          sum = g_new0 (guint64, 2);
          g_hash_table_insert (sums, GUINT_TO_POINTER (c->id + 1), sum);
        }
      sum[0] += c->individual;
      sum[1] += c->inherited;
    }
}

/* Cut at points that fall inside calls, the whole run's time per method
 * is the sum of the pieces'; and the threads' own profiles add up to it. */
static void
test_intervals_and_threads_add_up (void)
{
  g_autoptr(EsDocument) doc = es_test_load_fixture ("mlpd/calls-compute.mlpd");
  g_autoptr(EsProfile) whole = es_profile_new_for (doc, ES_PROF_CALL_TIME, ES_PROFILE_ALL_CAPS, 0, G_MAXUINT64);
  guint64 end = es_document_get_end_time (doc);
  guint n_caps = es_document_get_n_caps (doc);

  for (guint pieces = 2; pieces <= 37; pieces += 7)
    {
      g_autoptr(GHashTable) sums = g_hash_table_new_full (NULL, NULL, NULL, g_free);
      guint64 from = 0;

      for (guint p = 1; p <= pieces; p++)
        {
          guint64 to = p == pieces ? G_MAXUINT64 : end / pieces * p + 12345;
          g_autoptr(EsProfile) piece = es_profile_new_for (doc, ES_PROF_CALL_TIME, ES_PROFILE_ALL_CAPS, from, to);

          add_times (sums, piece);
          from = to;
        }
      assert_same_times (whole, sums);
    }
  {
    g_autoptr(GHashTable) sums = g_hash_table_new_full (NULL, NULL, NULL, g_free);

    g_assert_cmpuint (n_caps, >=, 2);
    for (guint cap = 0; cap < n_caps; cap++)
      {
        g_autoptr(EsProfile) one = es_profile_new_for (doc, ES_PROF_CALL_TIME, cap, 0, G_MAXUINT64);

        add_times (sums, one);
      }
    assert_same_times (whole, sums);
  }
}

/* A builder told long streams of changes on a few threads (enough for
 * dozens of checkpoints each, with stretches that span many of them):
 * any interval's time per stack, all threads' or one's, is that of a walk
 * over every stretch cut at the interval's ends. */
static void
test_intervals_equal_a_walk (void)
{
  EsDocumentBuilder *builder = es_document_builder_new ();
  g_autoptr(EsDocument) doc = NULL;
  GRand *rand = g_rand_new_with_seed (35);
  const guint64 origin = 1000000;
  guint32 stacks[12];
  GArray *times[3], *at[3];
  guint64 end = 0;

  for (guint s = 0; s < G_N_ELEMENTS (stacks); s++)
    stacks[s] = _es_builder_intern_call_frame (builder, s < 3 ? ES_PROF_EMPTY_STACK : stacks[s % 3], s + 1);
  for (guint t = 0; t < 3; t++)
    {
      GByteArray *bytes = g_byte_array_new ();
      guint64 clock = origin + 500 * t, last = 0;

      times[t] = g_array_new (FALSE, FALSE, sizeof (guint64));
      at[t] = g_array_new (FALSE, FALSE, sizeof (guint32));
      for (guint i = 0; i < 100000; i++)
        {
          /* the last change leaves every call */
          guint32 stack = i == 99999 || g_rand_int_range (rand, 0, 20) == 0 ? ES_PROF_EMPTY_STACK
                                                                               : stacks[g_rand_int_range (rand, 0, 12)];
          guint64 doc_time = clock - origin;

          es_call_stream_append_varint (bytes, clock - last);
          es_call_stream_append_varint (bytes, stack);
          g_array_append_val (times[t], doc_time);
          g_array_append_val (at[t], stack);
          last = clock;
          /* mostly short, a few long ones */
          clock += g_rand_int_range (rand, 0, 200) == 0 ? g_rand_int_range (rand, 1, 5000000) : g_rand_int_range (rand, 0, 300);
        }
      end = MAX (end, last - origin);
      _es_builder_add_call_stream (builder, (guint16) t, origin, bytes);
    }
  for (guint s = 0; s < G_N_ELEMENTS (stacks); s++)
    {
      char name[16];

      g_snprintf (name, sizeof name, "m%u", s + 1);
      _es_builder_add_cost_centre (builder, s + 1, name, "", "");
    }
  es_document_builder_end_of_input (builder);
  doc = es_document_builder_finish (builder, FALSE, -1);
  es_document_builder_free (builder);

  g_assert_cmpuint (es_document_get_n_call_streams (doc), ==, 3);
  for (guint q = 0; q < 80; q++)
    {
      guint64 t0 = (guint64) (g_rand_double (rand) * (double) end);
      guint64 t1 = t0 + (q % 3 == 0 ? (guint64) g_rand_int_range (rand, 1, 1000) : (guint64) (g_rand_double (rand) * (double) end));
      guint cap = q % 4 == 3 ? (guint) (q % 3) : ES_PROFILE_ALL_CAPS;
      g_autoptr(EsProfile) profile = es_profile_new_for (doc, ES_PROF_CALL_TIME, cap, t0, q == 0 ? G_MAXUINT64 : t1);
      guint64 self[13] = { 0 }, total = 0;

      if (q == 0)
        t1 = G_MAXUINT64;
      for (guint t = 0; t < 3; t++)
        for (guint i = 0; i + 1 < times[t]->len; i++)
          {
            guint64 from = MAX (g_array_index (times[t], guint64, i), t0);
            guint64 to = MIN (g_array_index (times[t], guint64, i + 1), t1);
            guint32 stack = g_array_index (at[t], guint32, i);

            if (to > from && stack != ES_PROF_EMPTY_STACK && (cap == ES_PROFILE_ALL_CAPS || t == cap))
              {
                /* stacks[s] has cost centre s + 1 */
                for (guint32 k = 0; k < G_N_ELEMENTS (stacks); k++)
                  if (stacks[k] == stack)
                    self[k + 1] += to - from;
                total += to - from;
              }
          }
      g_assert_cmpuint (profile->n_samples, ==, total);
      for (guint32 id = 1; id <= 12; id++)
        {
          const EsProfileCostCentre *c = find_method (profile, id);

          g_assert_cmpuint (c != NULL ? c->individual : 0, ==, self[id]);
        }
    }
  /* The Profile row's columns (blocks of changes taken whole where they
   * fit in one) hold each column's time as a walk over the stretches. */
  for (guint q = 0; q < 6; q++)
    {
      guint64 t0 = q == 0 ? 0 : (guint64) (g_rand_double (rand) * (double) end / 2);
      guint64 t1 = q == 0 ? end : t0 + (guint64) (g_rand_double (rand) * (double) end / (q == 1 ? 1000 : 2)) + 1;
      guint n_columns = 1600;
      g_autofree EsProfileColumn *columns = g_new (EsProfileColumn, n_columns);
      g_autofree guint64 *ns = g_new0 (guint64, n_columns);

      es_profile_columns_for (doc, ES_PROF_CALL_TIME, t0, t1, ES_PROFILE_ALL_CAPS, 1, ES_PROFILE_NO_COST_CENTRE,
                              columns, n_columns);
      for (guint t = 0; t < 3; t++)
        for (guint i = 0; i + 1 < times[t]->len; i++)
          {
            guint64 from = MAX (g_array_index (times[t], guint64, i), t0);
            guint64 to = MIN (g_array_index (times[t], guint64, i + 1), t1);
            guint first;

            if (g_array_index (at[t], guint32, i) == ES_PROF_EMPTY_STACK)
              continue;
            /* column c is [t0 + ceil (c * span / n), ...) */
            if (from >= to)
              continue;
            /* from a column that starts at or before it, on */
            first = (guint) MIN ((from - t0) / ((t1 - t0) / n_columns + 1), (guint64) n_columns - 1);
            while (first > 0 && t0 + (first * (t1 - t0) + n_columns - 1) / n_columns > from)
              first--;
            for (guint c = first; c < n_columns && t0 + (c * (t1 - t0) + n_columns - 1) / n_columns < to; c++)
              {
                guint64 start_c = t0 + (c * (t1 - t0) + n_columns - 1) / n_columns;
                guint64 end_c = c + 1 < n_columns ? t0 + ((c + 1) * (t1 - t0) + n_columns - 1) / n_columns : t1;

                if (end_c > from && start_c < to)
                  ns[c] += MIN (to, end_c) - MAX (from, start_c);
              }
          }
      for (guint c = 0; c < n_columns; c++)
        g_assert_cmpuint (columns[c].n_samples, ==, MAX (ns[c] / 1000, ns[c] > 0));
    }
  for (guint t = 0; t < 3; t++)
    {
      g_array_unref (times[t]);
      g_array_unref (at[t]);
    }
  g_rand_free (rand);
}

/* Profile @a is @b, cost centre by cost centre. */
static void
assert_same_cost_centres (const EsProfile *a,
                          const EsProfile *b)
{
  g_assert_cmpuint (a->n_samples, ==, b->n_samples);
  g_assert_cmpuint (es_profile_get_frames (a)->len, ==, es_profile_get_frames (b)->len);
  g_assert_cmpuint (a->cost_centres->len, ==, b->cost_centres->len);
  for (guint i = 0; i < a->cost_centres->len; i++)
    {
      const EsProfileCostCentre *x = &g_array_index (a->cost_centres, EsProfileCostCentre, i);
      const EsProfileCostCentre *y = &g_array_index (b->cost_centres, EsProfileCostCentre, i);

      g_assert_cmpuint (x->id, ==, y->id);
      g_assert_cmpuint (x->individual, ==, y->individual);
      g_assert_cmpuint (x->inherited, ==, y->inherited);
      g_assert_cmpstr (x->cc != NULL ? x->cc->label : "", ==, y->cc != NULL ? y->cc->label : "");
    }
}

/* The whole run's profile of @kind of @got is @expected's, cost centre
 * by cost centre, every thread's and (@each_thread) each one's. */
static void
assert_same_profiles (EsDocument *got,
                      EsDocument *expected,
                      EsProfKind  kind,
                      gboolean    each_thread)
{
  guint n_caps = es_document_get_n_caps (expected);

  if (each_thread)
    g_assert_cmpuint (es_document_get_n_caps (got), ==, n_caps);
  for (guint cap = each_thread ? 0 : n_caps; cap <= n_caps; cap++)
    {
      guint which = cap == n_caps ? ES_PROFILE_ALL_CAPS : cap;
      g_autoptr(EsProfile) a = es_profile_new_for (got, kind, which, 0, G_MAXUINT64);
      g_autoptr(EsProfile) b = es_profile_new_for (expected, kind, which, 0, G_MAXUINT64);

      assert_same_cost_centres (a, b);
    }
}

/* A followed log (es-mlpd-build.c) given a fixture's bytes in random
 * pieces has, at each update, the samples and call time a file of the
 * bytes so far has (the calls still open ending at their thread's last
 * event), growing as they come; at the end, the file's, thread by
 * thread. */
static void
follow_fixtures (guint32 seed)
{
  static const char *fixtures[] = { "mlpd/calls-compute.mlpd", "mlpd/sample-compute.mlpd" };
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);

  for (guint f = 0; f < G_N_ELEMENTS (fixtures); f++)
    {
      g_autofree char *path = es_test_fixture_path (fixtures[f]);
      g_autofree char *contents = NULL;
      g_autoptr(EsMlpdBuild) build = es_mlpd_build_new ();
      EsProfKind kind = f == 0 ? ES_PROF_CALL_TIME : ES_PROF_SAMPLES;
      guint n_growing = 0;
      guint64 previous = 0;
      gsize len, given = 0;

      g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
      while (given < len)
        {
          gsize piece = MIN ((gsize) g_rand_int_range (rand, 1, (gint32) (len / 10)), len - given);
          EsDocumentBuilder *builder;
          g_autoptr(EsDocumentBuilder) copy = NULL;
          g_autoptr(EsMlpdFinishing) finishing = NULL;
          g_autoptr(EsDocument) document = NULL, file = NULL;
          g_autoptr(GBytes) prefix = NULL;
          g_autoptr(GError) error = NULL;
          gint64 cut;

          g_assert_true (es_mlpd_build_take (build, (const guint8 *) contents + given, piece, &error));
          given += piece;
          builder = es_mlpd_build_update (build, given == len);
          if (builder == NULL)
            continue;
          cut = es_mlpd_build_get_cut (build);
          copy = es_document_builder_copy (builder);
          finishing = es_mlpd_build_get_finishing (build);
          document = es_document_builder_finish (copy, cut >= 0, cut);
          es_mlpd_finishing_apply (finishing, document);

          prefix = g_bytes_new (contents, given);
          file = es_mlpd_load_document (prefix, FALSE, NULL, NULL, NULL, &error);
          g_assert_no_error (error);
          /* The rows are the threads told so far (up to the sync
           * point before the last): each thread's only at the end. */
          assert_same_profiles (document, file, kind, given == len);
          {
            g_autoptr(EsProfile) whole = es_profile_new_for (document, kind, ES_PROFILE_ALL_CAPS, 0, G_MAXUINT64);

            g_assert_cmpuint (whole->n_samples, >=, previous);
            if (given < len && whole->n_samples > previous)
              n_growing++;
            previous = whole->n_samples;
          }
        }
      g_assert_cmpuint (previous, >, 0);
      g_test_message ("%s: %u updates grew", fixtures[f], n_growing);
      /* The calls are in each thread's buffers, written as they fill;
       * the samples mostly in the sampler's, written at its end. */
      if (kind == ES_PROF_CALL_TIME)
        g_assert_cmpuint (n_growing, >=, 3);
    }
}

static void
test_followed_log_has_the_file_profiles (void)
{
  follow_fixtures (358);
}

/* The same, each thread's call time cut in pieces of 40 changes (a
 * real log's are of 65,536): the updates share the full pieces they
 * made before, and make only the last, with the calls still open ended
 * in it or, when it is full, in one of their own. */
static void
test_followed_log_in_small_pieces (void)
{
  es_mono_profile_set_call_piece_changes (40);
  follow_fixtures (359);
  es_mono_profile_set_call_piece_changes (0);
}

/* A log's call time cut in pieces of a few changes has, for the whole run
 * and any interval, every thread's and each one's, the time per cost
 * centre it has in one piece a thread: a piece starts in the stack the
 * one before ends in, and its stretches are neither lost nor counted
 * twice at the cut. */
static void
test_small_pieces_give_the_same_times (void)
{
  g_autoptr(EsDocument) whole = es_test_load_fixture ("mlpd/calls-compute.mlpd");
  g_autoptr(EsDocument) cut = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (360);
  guint64 end = es_document_get_end_time (whole);
  guint n_caps = es_document_get_n_caps (whole);

  es_mono_profile_set_call_piece_changes (7);
  cut = es_test_load_fixture ("mlpd/calls-compute.mlpd");
  es_mono_profile_set_call_piece_changes (0);
  g_assert_cmpuint (es_document_get_n_call_streams (cut), ==, es_document_get_n_call_streams (whole));
  for (guint q = 0; q < 120; q++)
    {
      guint64 t0 = q == 0 ? 0 : (guint64) (g_rand_double (rand) * (double) end);
      guint64 t1 = q == 0 ? G_MAXUINT64
                          : t0 + (q % 2 == 0 ? (guint64) g_rand_int_range (rand, 1, 200000)
                                             : (guint64) (g_rand_double (rand) * (double) (end - t0)) + 1);
      guint cap = q % 3 == 0 ? ES_PROFILE_ALL_CAPS : (guint) g_rand_int_range (rand, 0, (gint32) n_caps);
      g_autoptr(EsProfile) a = es_profile_new_for (cut, ES_PROF_CALL_TIME, cap, t0, t1);
      g_autoptr(EsProfile) b = es_profile_new_for (whole, ES_PROF_CALL_TIME, cap, t0, t1);

      assert_same_cost_centres (a, b);
    }
}

/* The timeline's Profile row marks a chosen method where it was on a
 * stack: for call time, its columns' chosen microseconds add up to the
 * method's total (each column rounds down, but to at least one), only
 * in columns with call time, and none on a thread that never calls it;
 * for a Mono log's samples, only in its thread's lane. */
static void
test_chosen_method_on_the_timeline (void)
{
  g_autoptr(EsDocument) calls = es_test_load_fixture ("mlpd/calls-compute.mlpd");
  g_autoptr(EsDocument) sampled = es_test_load_fixture ("mlpd/sample-compute.mlpd");
  g_autoptr(EsProfile) whole = es_profile_new_for (calls, ES_PROF_CALL_TIME, ES_PROFILE_ALL_CAPS, 0, G_MAXUINT64);
  g_autofree EsProfileColumn *columns = g_new (EsProfileColumn, 4 * 1600);
  guint64 end = es_document_get_end_time (calls), chosen_us = 0, total_us = 0, is_prime = 0, hash_many = 0;
  guint n_chosen = 0, n_caps = es_document_get_n_caps (sampled), hasher = es_test_cap_named (sampled, "hasher");
  guint32 is_prime_id = 0, hash_many_id = 0;

  for (guint i = 0; i < whole->cost_centres->len; i++)
    {
      const EsProfileCostCentre *c = &g_array_index (whole->cost_centres, EsProfileCostCentre, i);

      if (c->cc != NULL && g_str_equal (c->cc->label, "Compute:IsPrime (int)"))
        {
          is_prime = c->inherited;
          is_prime_id = c->id;
        }
    }
  g_assert_cmpuint (is_prime, >, 1000000);
  es_profile_columns_for (calls, ES_PROF_CALL_TIME, 0, end, ES_PROFILE_ALL_CAPS, 1, is_prime_id, columns, 1600);
  for (guint c = 0; c < 1600; c++)
    {
      g_assert_cmpuint (columns[c].n_chosen, <=, columns[c].n_samples);
      chosen_us += columns[c].n_chosen;
      total_us += columns[c].n_samples;
      n_chosen += columns[c].n_chosen > 0;
    }
  g_assert_cmpuint (n_chosen, >, 0);
  g_assert_cmpuint (chosen_us, <=, is_prime / 1000 + n_chosen);
  g_assert_cmpuint (chosen_us + n_chosen, >=, is_prime / 1000);
  g_assert_cmpuint (total_us + 1600, >=, whole->n_samples / 1000);
  es_profile_columns_for (calls, ES_PROF_CALL_TIME, 0, end, es_test_cap_named (calls, "hasher"), 1, is_prime_id, columns, 1600);
  for (guint c = 0; c < 1600; c++)
    g_assert_cmpuint (columns[c].n_chosen, ==, 0);

  {
    g_autoptr(EsProfile) samples = es_profile_new (sampled, 0, G_MAXUINT64);

    for (guint i = 0; i < samples->cost_centres->len; i++)
      {
        const EsProfileCostCentre *c = &g_array_index (samples->cost_centres, EsProfileCostCentre, i);

        if (c->cc != NULL && g_str_equal (c->cc->label, "Compute:HashMany (object)"))
          {
            hash_many = c->inherited;
            hash_many_id = c->id;
          }
      }
  }
  g_assert_cmpuint (n_caps, <=, 4);
  es_profile_columns_for (sampled, ES_PROF_SAMPLES, 0, es_document_get_end_time (sampled), 0, n_caps, hash_many_id,
                          columns, 1600);
  {
    guint64 in_lane = 0;

    for (guint lane = 0; lane < n_caps; lane++)
      for (guint c = 0; c < 1600; c++)
        if (lane == hasher)
          in_lane += columns[lane * 1600 + c].n_chosen;
        else
          g_assert_cmpuint (columns[lane * 1600 + c].n_chosen, ==, 0);
    g_assert_cmpuint (in_lane, ==, hash_many);
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/mono-calltime/whole-run-is-method-call-summary", test_whole_run_is_method_call_summary);
  g_test_add_func ("/mono-calltime/whole-run-is-mprof-report-text", test_whole_run_is_mprof_report_text);
  g_test_add_func ("/mono-calltime/intervals-and-threads-add-up", test_intervals_and_threads_add_up);
  g_test_add_func ("/mono-calltime/intervals-equal-a-walk", test_intervals_equal_a_walk);
  g_test_add_func ("/mono-calltime/followed-log-has-the-file-profiles", test_followed_log_has_the_file_profiles);
  g_test_add_func ("/mono-calltime/followed-log-in-small-pieces", test_followed_log_in_small_pieces);
  g_test_add_func ("/mono-calltime/small-pieces-give-the-same-times", test_small_pieces_give_the_same_times);
  g_test_add_func ("/mono-calltime/chosen-method-on-the-timeline", test_chosen_method_on_the_timeline);
  return g_test_run ();
}
