/* test-cli-rts.c: `eventscope-cli summary` against the RTS's own +RTS -s,
 * line by line, on every fixture; and the heap profile it prints
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "es-heap-profile.h"
#include "es-stats.h"
#include "es-test-cli.h"
#include "es-test-log.h"

/* The first of @lines that starts with @prefix after its spaces, or NULL. */
static const char *
find_line (char       **lines,
           const char  *prefix)
{
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *text = lines[i];

      while (*text == ' ')
        text++;
      if (g_str_has_prefix (text, prefix))
        return lines[i];
    }
  return NULL;
}

/* The elapsed seconds of a "NAME time ... (  0.123s elapsed)" line. */
static double
elapsed_of (const char *line)
{
  const char *open = line != NULL ? strrchr (line, '(') : NULL;

  g_assert_nonnull (open);
  return g_ascii_strtod (open + 1, NULL);
}

static gboolean
has_line (char       **lines,
          const char  *line)
{
  return g_strv_contains ((const char * const *) lines, line);
}

/* Every line the RTS printed that a log determines is in `summary`'s
 * output: byte and spark counts, work balance and TASKS as the RTS wrote
 * them, the collections exactly and their times within a millisecond,
 * INIT, MUT, GC, PROF, EXIT and Total within a millisecond (and half a printed
 * one), productivity of total elapsed within a point (or a millisecond of
 * rounding of a very short run). */
static void
test_summary_agrees_with_rts (gconstpointer data)
{
  const char *name = data;
  g_autofree char *log_name = g_strconcat (name, ".eventlog", NULL);
  g_autofree char *s_name = g_strconcat (name, ".rts-s.txt", NULL);
  g_autofree char *path = es_test_fixture_path (log_name);
  g_autofree char *s_path = es_test_fixture_path (s_name);
  g_autofree char *rts = NULL;
  g_auto(GStrv) rts_lines = NULL, our_lines = NULL;
  const char *args[] = { "summary", path, NULL };
  const char *exact[] = { " bytes allocated in the heap", " bytes copied during GC", " bytes maximum residency",
                          " bytes maximum slop", "SPARKS: ", "Parallel GC work balance", "TASKS: " };
  const char *phases[] = { "INIT", "MUT", "GC", "PROF", "EXIT", "Total" };
  g_auto(CliRun) run = { 0 };
  double total = 0, retainer = 0;

  run_cli_argv (&run, args);
  g_assert_cmpint (run.exit_code, ==, 0);
  g_assert_true (g_file_get_contents (s_path, &rts, NULL, NULL));
  rts_lines = g_strsplit (rts, "\n", -1);
  our_lines = g_strsplit (run.out, "\n", -1);

  for (guint i = 0; rts_lines[i] != NULL; i++)
    for (guint k = 0; k < G_N_ELEMENTS (exact); k++)
      if (strstr (rts_lines[i], exact[k]) != NULL)
        {
          g_test_message ("%s: %s", name, rts_lines[i]);
          g_assert_true (has_line (our_lines, rts_lines[i]));
        }
  /* "3 MiB total memory in use (0 MB lost due to fragmentation)": the log
   * does not say what fragmentation lost. */
  for (guint i = 0; rts_lines[i] != NULL; i++)
    if (strstr (rts_lines[i], " total memory in use ") != NULL)
      {
        g_autofree char *ours = g_strndup (rts_lines[i], strstr (rts_lines[i], " (") - rts_lines[i]);

        g_assert_true (has_line (our_lines, ours));
      }

  /* The RTS: "  Gen  0   9 colls,   9 par    0.000s   0.000s     0.0000s    0.0001s";
   * here: "  Gen  0   9 colls,   9 par        0.000s    0.0000s    0.0001s". */
  for (guint g = 0; g < 2; g++)
    {
      g_autofree char *prefix = g_strdup_printf ("Gen  %u ", g);
      g_autofree char *theirs = g_strdup (find_line (rts_lines, prefix));
      g_autofree char *mine = g_strdup (find_line (our_lines, prefix));
      g_auto(GStrv) t = NULL, m = NULL;

      g_assert_nonnull (theirs);
      g_assert_nonnull (mine);
      t = g_strsplit_set (g_strstrip (theirs), " ,", -1);
      m = g_strsplit_set (g_strstrip (mine), " ,", -1);
      {
        g_autoptr(GPtrArray) tw = g_ptr_array_new (), mw = g_ptr_array_new ();

        for (guint i = 0; t[i] != NULL; i++)
          if (t[i][0] != '\0')
            g_ptr_array_add (tw, t[i]);
        for (guint i = 0; m[i] != NULL; i++)
          if (m[i][0] != '\0')
            g_ptr_array_add (mw, m[i]);
        /* Gen N colls, par: exactly; elapsed, average and longest pause. */
        g_assert_cmpstr (g_ptr_array_index (tw, 2), ==, g_ptr_array_index (mw, 2));
        g_assert_cmpstr (g_ptr_array_index (tw, 4), ==, g_ptr_array_index (mw, 4));
        for (guint i = 0; i < 3; i++)
          g_assert_cmpfloat_with_epsilon (g_ascii_strtod (g_ptr_array_index (tw, tw->len - 3 + i), NULL),
                                          g_ascii_strtod (g_ptr_array_index (mw, mw->len - 3 + i), NULL), 0.0011);
      }
    }

  /* A profiling RTS takes heap censuses inside GC pauses and prints their
   * time apart, as PROF; retainer profiling (RP) is not told apart here, so
   * it stays in GC. */
  for (guint i = 0; rts_lines[i] != NULL; i++)
    if (g_str_has_prefix (rts_lines[i], "  RP "))
      retainer += elapsed_of (rts_lines[i]);
  for (guint k = 0; k < G_N_ELEMENTS (phases); k++)
    {
      g_autofree char *prefix = g_strdup_printf ("%s ", phases[k]);
      const char *theirs = find_line (rts_lines, prefix);
      const char *mine = find_line (our_lines, prefix);
      double expected;

      if (theirs == NULL && g_str_equal (phases[k], "PROF"))
        {
          g_assert_null (mine);
          continue;
        }
      g_assert_nonnull (theirs);
      g_assert_nonnull (mine);
      expected = elapsed_of (theirs) + (g_str_equal (phases[k], "GC") ? retainer : 0);
      g_test_message ("%s: %s | %s", name, theirs, mine);
      g_assert_cmpfloat_with_epsilon (elapsed_of (mine), expected, 0.0015);
      if (g_str_equal (phases[k], "Total"))
        total = expected;
    }

  {
    const char *theirs = strstr (rts, "% of total elapsed");
    const char *mine = find_line (our_lines, "Productivity ");
    const char *start = theirs;
    double rts_productivity, ours;

    g_assert_nonnull (theirs);
    g_assert_nonnull (mine);
    while (start > rts && start[-1] != ' ')
      start--;
    rts_productivity = g_ascii_strtod (start, NULL);
    ours = g_ascii_strtod (strstr (mine, "Productivity") + strlen ("Productivity"), NULL);
    g_assert_cmpfloat_with_epsilon (ours, rts_productivity, MAX (1.0, 100 * 0.0005 / MAX (total, 0.0005)));
  }
  /* Of total user, and the RTS's rate per MUT CPU second: not in a log. */
  g_assert_null (strstr (run.out, "of total user"));
  g_assert_null (strstr (run.out, "bytes per MUT second"));
  g_assert_nonnull (strstr (run.out, " bytes per MUT elapsed second\n"));
}

/* The heap profile of the whole run and of an interval, in the text and
 * in the JSON: each band's largest and mean residency over the censuses
 * of the interval, from the log's own census samples. */
static void
test_summary_heap_profile (void)
{
  g_autofree char *path = es_test_fixture_path ("heap-hT-N2.eventlog");
  g_autoptr(EsDocument) document = es_test_load_fixture ("heap-hT-N2.eventlog");
  guint n_samples;
  const EsHeapProfSample *samples = es_document_get_heap_samples (document, &n_samples);
  guint64 t0 = samples[2].time, t1 = samples[5].time;
  g_autofree char *from = g_strdup_printf ("%" G_GUINT64_FORMAT "ns", t0);
  g_autofree char *to = g_strdup_printf ("%" G_GUINT64_FORMAT "ns", t1);
  const char *text_args[] = { "summary", "--from", from, "--to", to, path, NULL };
  const char *json_args[] = { "summary", "--json", "--from", from, "--to", to, path, NULL };
  g_auto(CliRun) text = { 0 };
  g_auto(CliRun) json = { 0 };
  guint64 i_max = 0, i_sum = 0;
  guint n_in = 0;
  g_autofree char *i_line = NULL;

  g_assert_cmpuint (n_samples, ==, 10);
  /* GHC.Types.I#, by the samples themselves: censuses 2 to 5. */
  for (guint c = 0; c < n_samples; c++)
    {
      const EsHeapProfEntry *entries = es_document_get_heap_entries (document, &samples[c]);

      if (samples[c].time < t0 || samples[c].time > t1)
        continue;
      n_in++;
      for (guint e = 0; e < samples[c].n_entries; e++)
        if (g_str_equal (es_document_get_heap_band_name (document, entries[e].band), "ghc-prim:GHC.Types.I#"))
          {
            i_max = MAX (i_max, entries[e].residency);
            i_sum += entries[e].residency;
          }
    }
  g_assert_cmpuint (n_in, ==, 4);

  run_cli_argv (&text, text_args);
  g_assert_cmpint (text.exit_code, ==, 0);
  g_assert_nonnull (strstr (text.out, "\n  Heap profile: 4 censuses\n"));
  {
    g_autofree char *max = es_stats_format_grouped (i_max);
    g_autofree char *mean = es_stats_format_grouped ((guint64) ((double) i_sum / n_in + 0.5));

    i_line = g_strdup_printf ("  %16s %16s   ghc-prim:GHC.Types.I#\n", max, mean);
    g_assert_nonnull (strstr (text.out, i_line));
  }

  run_cli_argv (&json, json_args);
  g_assert_cmpint (json.exit_code, ==, 0);
  {
    g_autoptr(JsonNode) root = json_from_string (json.out, NULL);
    JsonObject *heap = json_object_get_object_member (
      json_array_get_object_element (json_object_get_array_member (json_node_get_object (root), "runs"), 0),
      "heap_profile");
    JsonArray *bands = json_object_get_array_member (heap, "bands");
    JsonObject *i_band = NULL;

    g_assert_cmpint (json_object_get_int_member (heap, "censuses"), ==, 4);
    for (guint i = 0; i < json_array_get_length (bands); i++)
      if (g_str_equal (json_object_get_string_member (json_array_get_object_element (bands, i), "name"),
                       "ghc-prim:GHC.Types.I#"))
        i_band = json_array_get_object_element (bands, i);
    g_assert_nonnull (i_band);
    g_assert_cmpint (json_object_get_int_member (i_band, "max_bytes"), ==, (gint64) i_max);
    g_assert_cmpfloat_with_epsilon (json_object_get_double_member (i_band, "mean_bytes"), (double) i_sum / n_in, 0.5);
  }

  /* A log without censuses says nothing of them, and null in JSON. */
  {
    g_autofree char *plain = es_test_fixture_path ("parfib-N2.eventlog");
    const char *plain_text[] = { "summary", plain, NULL };
    const char *plain_json[] = { "summary", "--json", plain, NULL };
    g_auto(CliRun) a = { 0 };
    g_auto(CliRun) b = { 0 };

    run_cli_argv (&a, plain_text);
    run_cli_argv (&b, plain_json);
    g_assert_null (strstr (a.out, "Heap profile"));
    {
      g_autoptr(JsonNode) root = json_from_string (b.out, NULL);
      JsonObject *run = json_array_get_object_element (
        json_object_get_array_member (json_node_get_object (root), "runs"), 0);

      g_assert_true (json_object_has_member (run, "heap_profile"));
      g_assert_true (json_object_get_null_member (run, "heap_profile"));
    }
  }
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(char * const *) a, *(char * const *) b);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *folder = NULL;
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) fixtures = g_ptr_array_new_with_free_func (g_free);
  const char *entry;

  g_test_init (&argc, &argv, NULL);

  /* Each GHC fixture kept with the +RTS -s output of the run that wrote it. */
  folder = es_test_fixture_path ("");
  dir = g_dir_open (folder, 0, NULL);
  g_assert_nonnull (dir);
  while ((entry = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (entry, ".rts-s.txt"))
      g_ptr_array_add (fixtures, g_strndup (entry, strlen (entry) - strlen (".rts-s.txt")));
  g_ptr_array_sort (fixtures, compare_names);
  g_assert_cmpuint (fixtures->len, >=, 7);
  for (guint i = 0; i < fixtures->len; i++)
    {
      const char *fixture = g_ptr_array_index (fixtures, i);
      g_autofree char *name = g_strdup_printf ("/cli-rts/summary-agrees-with-rts/%s", fixture);

      g_test_add_data_func (name, fixture, test_summary_agrees_with_rts);
    }
  g_test_add_func ("/cli-rts/summary-heap-profile", test_summary_heap_profile);

  return g_test_run ();
}
