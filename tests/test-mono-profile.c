/* test-mono-profile.c: a Mono log's statistical samples as the document's
 * time profile: each name's own samples are mprof-report's hits, adjacent
 * intervals add up, each sample is on its thread's row
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "es-document.h"
#include "es-document-prof.h"
#include "es-profile.h"
#include "es-test-log.h"

static const char *sampled_fixtures[] = {
  "mlpd/sample-compute",
  "mlpd/sample-real",
  "mlpd/zip-sample",
};

static EsDocument *
load_fixture (const char *name)
{
  g_autofree char *file = g_strconcat (name, ".mlpd", NULL);

  return es_test_load_fixture (file);
}

/* The own samples of the cost centre named @name, or -1 if none is. */
static gint64
individual_of (const EsProfile *profile,
               const char      *name)
{
  for (guint i = 0; i < profile->cost_centres->len; i++)
    {
      const EsProfileCostCentre *c = &g_array_index (profile->cost_centres, EsProfileCostCentre, i);

      if (c->cc != NULL && g_str_equal (c->cc->label, name))
        return (gint64) c->individual;
    }
  return -1;
}

/* mprof-report's "Statistical samples summary" of the fixture (the
 * committed output of the real mprof-report on the same file): every
 * method or symbol it lists has as many own samples in the profile as it
 * has hits there; the unresolved hits are the "unresolved" frame's; all
 * hits are the profile's samples. */
static void
test_leaves_are_mprof_report_hits (void)
{
  for (guint f = 0; f < G_N_ELEMENTS (sampled_fixtures); f++)
    {
      g_autofree char *report_name = g_strconcat (sampled_fixtures[f], ".report.txt", NULL);
      g_autofree char *report_path = es_test_fixture_path (report_name);
      g_autofree char *text = NULL;
      g_auto(GStrv) lines = NULL;
      g_autoptr(EsDocument) doc = load_fixture (sampled_fixtures[f]);
      g_autoptr(EsProfile) profile = es_profile_new (doc, 0, G_MAXUINT64);
      gboolean in_summary = FALSE, in_table = FALSE;
      guint64 managed = 0, unmanaged = 0, unresolved = 0;
      guint n_checked = 0;

      g_assert_true (g_file_get_contents (report_path, &text, NULL, NULL));
      lines = g_strsplit (text, "\n", -1);
      for (guint i = 0; lines[i] != NULL; i++)
        {
          const char *line = lines[i];

          if (g_str_equal (line, "Statistical samples summary"))
            in_summary = TRUE;
          else if (!in_summary)
            continue;
          else if (line[0] != '\t')
            break;
          else if (g_str_has_prefix (line, "\tUnmanaged hits:"))
            unmanaged = g_ascii_strtoull (line + strlen ("\tUnmanaged hits:"), NULL, 10);
          else if (g_str_has_prefix (line, "\tManaged hits:"))
            managed = g_ascii_strtoull (line + strlen ("\tManaged hits:"), NULL, 10);
          else if (g_str_has_prefix (line, "\tUnresolved hits:"))
            unresolved = g_ascii_strtoull (line + strlen ("\tUnresolved hits:"), NULL, 10);
          else if (g_str_has_prefix (line, "\t  Hits"))
            in_table = TRUE;
          else if (in_table)
            {
              /* "\t%6d %6.2f NAME" */
              char *end;
              guint64 hits = g_ascii_strtoull (line + 1, &end, 10);
              const char *name = end;

              /* past the hits, the percentage and the spaces around it */
              while (*name == ' ')
                name++;
              while (*name != ' ' && *name != '\0')
                name++;
              while (*name == ' ')
                name++;
              g_assert_cmpint (individual_of (profile, name), ==, (gint64) hits);
              n_checked++;
            }
        }
      g_assert_true (in_table);
      g_assert_cmpuint (n_checked, >, 5);
      g_assert_cmpuint (profile->n_samples, ==, managed + unmanaged);
      g_assert_cmpint (individual_of (profile, "unresolved"), ==, unresolved > 0 ? (gint64) unresolved : -1);
    }
}

/* Any cut splits the samples, and each name's own, into two that add up
 * to the whole run's. */
static void
test_intervals_add_up (void)
{
  g_autoptr(EsDocument) doc = load_fixture ("mlpd/sample-compute");
  g_autoptr(EsProfile) whole = es_profile_new (doc, 0, G_MAXUINT64);
  guint64 end = es_document_get_end_time (doc);

  g_assert_cmpuint (whole->n_samples, >, 100);
  for (guint k = 1; k < 8; k++)
    {
      guint64 cut = end / 8 * k;
      g_autoptr(EsProfile) before = es_profile_new (doc, 0, cut);
      g_autoptr(EsProfile) after = es_profile_new (doc, cut, G_MAXUINT64);

      g_assert_cmpuint (before->n_samples + after->n_samples, ==, whole->n_samples);
      for (guint i = 0; i < whole->cost_centres->len; i++)
        {
          const EsProfileCostCentre *c = &g_array_index (whole->cost_centres, EsProfileCostCentre, i);
          gint64 a, b;

          if (c->cc == NULL)   /* the root: no sample's own */
            {
              g_assert_cmpuint (c->individual, ==, 0);
              continue;
            }
          a = individual_of (before, c->cc->label);
          b = individual_of (after, c->cc->label);
          g_assert_cmpint (MAX (a, 0) + MAX (b, 0), ==, (gint64) c->individual);
        }
    }
}

/* Each sample is on the row of the thread sampled: the worker's own
 * method is sampled on its row only, and never before the worker starts. */
static void
test_samples_on_their_threads (void)
{
  g_autoptr(EsDocument) doc = load_fixture ("mlpd/sample-compute");
  guint n_samples, n_caps = es_document_get_n_caps (doc), n_on_hasher = 0;
  const EsProfSample *samples = es_document_get_prof_samples (doc, ES_PROF_SAMPLES, &n_samples);
  guint n_stacks;
  const EsProfStack *stacks = es_document_get_prof_stacks (doc, ES_PROF_SAMPLES, &n_stacks);
  gint hasher = -1;

  for (guint cap = 0; cap < n_caps; cap++)
    if (g_strcmp0 (es_document_get_cap_label (doc, cap), "hasher") == 0)
      hasher = (gint) cap;
  g_assert_cmpint (hasher, >=, 0);
  for (guint i = 0; i < n_samples; i++)
    {
      gboolean hashing = FALSE;

      g_assert_cmpuint (samples[i].cap, <, n_caps);
      for (guint32 s = samples[i].stack; s != ES_PROF_EMPTY_STACK && !hashing; s = stacks[s].parent)
        {
          const EsCostCentre *cc = es_document_lookup_cost_centre (doc, stacks[s].cost_centre);

          hashing = cc != NULL && g_str_equal (cc->label, "Compute:HashMany (object)");
        }
      if (hashing)
        {
          g_assert_cmpint (samples[i].cap, ==, hasher);
          n_on_hasher++;
        }
    }
  g_assert_cmpuint (n_on_hasher, >, 10);
}

/* A log without `sample` has no samples, though it has calls: their time
 * is its other profile (test-mono-calltime), whose methods are its only
 * names; and a log without `calls` has no call time. */
static void
test_unsampled_log_has_no_profile (void)
{
  g_autoptr(EsDocument) doc = load_fixture ("mlpd/calls-compute");
  g_autoptr(EsDocument) sampled = load_fixture ("mlpd/sample-compute");
  g_autoptr(EsProfile) calls = es_profile_new_for (doc, ES_PROF_CALL_TIME, ES_PROFILE_ALL_CAPS, 0, G_MAXUINT64);
  guint n_samples, n_cost_centres;

  es_document_get_prof_samples (doc, ES_PROF_SAMPLES, &n_samples);
  es_document_get_cost_centres (doc, &n_cost_centres);
  g_assert_cmpuint (n_samples, ==, 0);
  /* every method called but the root, which is none */
  g_assert_cmpuint (n_cost_centres, ==, calls->cost_centres->len - 1);
  g_assert_false (es_document_has_call_time (sampled));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/mono-profile/leaves-are-mprof-report-hits", test_leaves_are_mprof_report_hits);
  g_test_add_func ("/mono-profile/intervals-add-up", test_intervals_add_up);
  g_test_add_func ("/mono-profile/samples-on-their-threads", test_samples_on_their_threads);
  g_test_add_func ("/mono-profile/unsampled-log-has-no-profile", test_unsampled_log_has_no_profile);

  return g_test_run ();
}
