/* test-cli-profile.c: eventscope-cli profile, against the log's samples
 * read one by one and against the RTS's .prof
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <sys/wait.h>

#include <glib/gstdio.h>

#include "es-test-cli.h"
#include "es-test-log.h"
#include "es-test-prof.h"

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* The folded lines of the samples in [t0, t1), computed from the events
 * one sample at a time, in byte order. */
static GPtrArray *
expected_folded (GArray  *samples,
                 guint64  t0,
                 guint64  t1)
{
  g_autoptr(GHashTable) counts = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  GHashTableIter iter;
  gpointer key, value;

  for (guint i = 0; i < samples->len; i++)
    {
      const EsTestProfSample *s = &g_array_index (samples, EsTestProfSample, i);

      if (s->time >= t0 && s->time < t1)
        g_hash_table_insert (counts, s->path, GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counts, s->path)) + 1));
    }
  g_hash_table_iter_init (&iter, counts);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_ptr_array_add (lines, g_strdup_printf ("%s %u", (const char *) key, GPOINTER_TO_UINT (value)));
  g_ptr_array_sort (lines, compare_strings);
  return lines;
}

static void
check_folded (const char *out,
              GPtrArray  *expected)
{
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  guint n = g_strv_length (lines);

  g_assert_cmpuint (n, ==, expected->len + 1);
  g_assert_cmpstr (lines[n - 1], ==, "");
  for (guint i = 0; i < expected->len; i++)
    g_assert_cmpstr (lines[i], ==, g_ptr_array_index (expected, i));
}

static void
test_folded_whole_run (void)
{
  g_autofree char *path = es_test_fixture_path ("profiled-long.eventlog");
  g_autoptr(GArray) samples = es_test_prof_read_samples (path);
  g_autoptr(GPtrArray) expected = expected_folded (samples, 0, G_MAXUINT64);
  const char *args[] = { "profile", "--folded", path, NULL };
  g_auto(CliRun) run = { 0 };

  run_cli_argv (&run, args);
  g_assert_cmpint (run.exit_code, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpuint (expected->len, >=, 10);
  check_folded (run.out, expected);
}

/* --from and --to in ns, at sample times: the interval is [from, to). */
static void
test_folded_interval (void)
{
  g_autofree char *path = es_test_fixture_path ("profiled-long.eventlog");
  g_autoptr(GArray) samples = es_test_prof_read_samples (path);
  guint64 t0 = g_array_index (samples, EsTestProfSample, samples->len / 5).time;
  guint64 t1 = g_array_index (samples, EsTestProfSample, samples->len / 2).time;
  g_autoptr(GPtrArray) expected = expected_folded (samples, t0, t1);
  g_autofree char *from = g_strdup_printf ("%" G_GUINT64_FORMAT "ns", t0);
  g_autofree char *to = g_strdup_printf ("%" G_GUINT64_FORMAT "ns", t1);
  const char *args[] = { "profile", "--folded", "--from", from, "--to", to, path, NULL };
  g_auto(CliRun) run = { 0 };

  run_cli_argv (&run, args);
  g_assert_cmpint (run.exit_code, ==, 0);
  check_folded (run.out, expected);
}

/* The table's tree, read back by its indentation: each stack's individual
 * ticks are the .prof's ticks column. */
static void
test_table_matches_prof (void)
{
  g_autofree char *path = es_test_fixture_path ("profiled-long.eventlog");
  g_autofree char *prof_path = es_test_fixture_path ("profiled-long.prof");
  g_autoptr(GHashTable) report = NULL;
  g_autoptr(GHashTable) ours = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) stack = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) lines = NULL;
  g_auto(CliRun) run = { 0 };
  const char *args[] = { "profile", path, NULL };
  GHashTableIter iter;
  gpointer key, value;
  gboolean in_tree = FALSE;
  guint64 total;
  g_autofree char *total_line = NULL;

  report = es_test_prof_read_report (prof_path, &total);
  run_cli_argv (&run, args);
  g_assert_cmpint (run.exit_code, ==, 0);
  total_line = g_strdup_printf ("(%" G_GUINT64_FORMAT " under MAIN, as the RTS's .prof counts;", total);
  g_assert_nonnull (strstr (run.out, total_line));

  lines = g_strsplit (run.out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = NULL;
      guint indent = 0, n;

      if (g_str_has_prefix (lines[i], "COST CENTRE") && in_tree == FALSE && strstr (lines[i + 0], "ticks") != NULL
          && i > 0 && strstr (lines[i - 1], "individual") != NULL)
        {
          in_tree = TRUE;
          continue;
        }
      if (!in_tree || lines[i][0] == '\0')
        continue;
      while (lines[i][indent] == ' ')
        indent++;
      fields = g_strsplit_set (lines[i] + indent, " ", -1);
      n = 0;
      for (guint k = 0; fields[k] != NULL; k++)
        if (fields[k][0] != '\0')
          n++;
      g_assert_cmpuint (n, >=, 6);
      g_ptr_array_set_size (stack, indent);
      {
        const char *label = fields[0], *module = NULL;
        g_autoptr(GString) key_path = g_string_new (NULL);
        g_autoptr(GPtrArray) nonempty = g_ptr_array_new ();

        for (guint k = 0; fields[k] != NULL; k++)
          if (fields[k][0] != '\0')
            g_ptr_array_add (nonempty, fields[k]);
        module = g_ptr_array_index (nonempty, 1);
        g_ptr_array_add (stack, g_strdup_printf ("%s (%s)", label, module));
        for (guint k = 0; k < stack->len; k++)
          g_string_append_printf (key_path, k > 0 ? ";%s" : "%s", (const char *) g_ptr_array_index (stack, k));
        /* ... %time ticks %time ticks: the individual ticks are 3rd from the end. */
        g_hash_table_insert (ours, g_strdup (key_path->str),
                             GSIZE_TO_POINTER (g_ascii_strtoull (g_ptr_array_index (nonempty, nonempty->len - 3), NULL, 10)));
      }
    }
  g_assert_true (in_tree);

  g_hash_table_iter_init (&iter, report);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (*(guint64 *) value > 0)
      g_assert_cmpuint (GPOINTER_TO_SIZE (g_hash_table_lookup (ours, key)), ==, *(guint64 *) value);
}

/* speedscope's format: the samples of each capability, in time order. */
static void
test_speedscope (void)
{
  g_autofree char *path = es_test_fixture_path ("profiled-long.eventlog");
  g_autoptr(GArray) samples = es_test_prof_read_samples (path);
  g_autofree char *dir = g_dir_make_tmp ("es-profile-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (dir, "out.json", NULL);
  g_autofree char *json = NULL;
  const char *args[] = { "profile", "--speedscope", out, path, NULL };
  g_auto(CliRun) run = { 0 };
  const char *at, *end;
  guint n = 0;

  run_cli_argv (&run, args);
  g_assert_cmpint (run.exit_code, ==, 0);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_true (g_file_get_contents (out, &json, NULL, NULL));
  g_unlink (out);
  g_rmdir (dir);
  g_assert_true (g_str_has_prefix (json, "{\"$schema\":\"https://www.speedscope.app/file-format-schema.json\""));
  g_assert_nonnull (strstr (json, "{\"name\":\"mapPhase.\\\\ (Main)\",\"file\":\"programs/profiled-long.hs\",\"line\":38,\"col\":46}"));
  /* One cap: a sample is a "[...]" in the samples list, a weight a tick. */
  at = strstr (json, "\"samples\":[");
  g_assert_nonnull (at);
  at += strlen ("\"samples\":[");
  end = strstr (at, "],\"weights\":[");
  g_assert_nonnull (end);
  for (; at < end; at++)
    n += *at == '[';
  g_assert_cmpuint (n, ==, samples->len);
  g_assert_nonnull (strstr (json, "\"unit\":\"nanoseconds\""));
}

static guint32
read_be32 (const guint8 *p)
{
  return ((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3];
}

/* export --view profile: a PNG as wide as asked and a row tall per frame
 * of the deepest stack (MAIN included). */
static void
test_export_flame_graph (void)
{
  g_autofree char *path = es_test_fixture_path ("profiled-long.eventlog");
  g_autoptr(GArray) samples = es_test_prof_read_samples (path);
  g_autofree char *dir = g_dir_make_tmp ("es-profile-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "flame.png", NULL);
  g_autofree char *data = NULL;
  const char *help_args[] = { "--help", NULL };
  const char *args[] = { "export", "--view", "profile", "--width", "900", path, png, NULL };
  const char *bad[] = { "export", "--view", "flame", path, png, NULL };
  g_auto(CliRun) help = { 0 };
  g_auto(CliRun) run = { 0 };
  g_auto(CliRun) refused = { 0 };
  guint deepest = 0;
  gsize len;

  run_cli_argv (&help, help_args);
  if (strstr (help.out, "export") == NULL)
    {
      g_rmdir (dir);
      g_test_skip ("eventscope-cli was built without Cairo: no export");
      return;
    }
  for (guint i = 0; i < samples->len; i++)
    deepest = MAX (deepest, g_strv_length (g_array_index (samples, EsTestProfSample, i).frames));

  run_cli_argv (&run, args);
  g_assert_cmpint (run.exit_code, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_true (g_file_get_contents (png, &data, &len, NULL));
  g_assert_cmpuint (len, >, 24);
  g_assert_cmpmem (data, 8, "\x89PNG\r\n\x1a\n", 8);
  g_assert_cmpuint (read_be32 ((const guint8 *) data + 16), ==, 900);
  g_assert_cmpuint (read_be32 ((const guint8 *) data + 20), ==, deepest * 17);

  run_cli_argv (&refused, bad);
  g_assert_cmpint (refused.exit_code, ==, 1);
  g_assert_nonnull (strstr (refused.err, "--view must be timeline or profile"));
  g_unlink (png);
  g_rmdir (dir);
}

static void
test_errors (void)
{
  g_autofree char *hello = es_test_fixture_path ("hello.eventlog");
  g_autofree char *path = es_test_fixture_path ("profiled-long.eventlog");
  const char *no_samples[] = { "profile", hello, NULL };
  const char *backwards[] = { "profile", "--from", "2s", "--to", "1s", path, NULL };
  const char *bad_time[] = { "profile", "--from", "soon", path, NULL };
  const char *both[] = { "profile", "--folded", "--speedscope", "x.json", path, NULL };
  const char *missing[] = { "profile", "/nonexistent/x.eventlog", NULL };
  g_auto(CliRun) a = { 0 };
  g_auto(CliRun) b = { 0 };
  g_auto(CliRun) c = { 0 };
  g_auto(CliRun) d = { 0 };
  g_auto(CliRun) e = { 0 };

  run_cli_argv (&a, no_samples);
  g_assert_cmpint (a.exit_code, ==, 1);
  g_assert_nonnull (strstr (a.err, "has no time-profile samples"));
  g_assert_cmpstr (a.out, ==, "");
  run_cli_argv (&b, backwards);
  g_assert_cmpint (b.exit_code, ==, 1);
  g_assert_nonnull (strstr (b.err, "ends (--to) before it starts (--from)"));
  run_cli_argv (&c, bad_time);
  g_assert_cmpint (c.exit_code, ==, 1);
  g_assert_true (g_str_has_prefix (c.err, "eventscope-cli profile: "));
  run_cli_argv (&d, both);
  g_assert_cmpint (d.exit_code, ==, 1);
  g_assert_nonnull (strstr (d.err, "Usage: eventscope-cli profile"));
  run_cli_argv (&e, missing);
  g_assert_cmpint (e.exit_code, ==, 1);
  g_assert_nonnull (strstr (e.err, "/nonexistent/x.eventlog"));
}

/* The folded lines' own ns of the stacks whose innermost frame is @method. */
static guint64
folded_self (const char *out,
             const char *method)
{
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  guint64 sum = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *space = strrchr (lines[i], ' ');
      char *leaf;

      if (space == NULL)
        continue;
      *space = '\0';
      leaf = strrchr (lines[i], ';') != NULL ? strrchr (lines[i], ';') + 1 : lines[i];
      if (g_str_equal (leaf, method))
        sum += g_ascii_strtoull (space + 1, NULL, 10);
    }
  return sum;
}

/* A Mono log's call time: --folded weighs each stack by its ns, and the
 * methods' self times are mprof-report's (its Method call summary in
 * calls-compute.report.txt, in whole ms); --thread keeps one thread's;
 * a log without calls, or a thread it does not have, is refused. */
static void
test_mono_call_time (void)
{
  g_autofree char *path = es_test_fixture_path ("mlpd/calls-compute.mlpd");
  g_autofree char *sampled = es_test_fixture_path ("mlpd/sample-compute.mlpd");
  const char *folded[] = { "profile", "--calls", "--folded", path, NULL };
  const char *hasher[] = { "profile", "--calls", "--thread", "hasher", "--folded", path, NULL };
  const char *no_calls[] = { "profile", "--calls", sampled, NULL };
  const char *no_thread[] = { "profile", "--calls", "--thread", "nobody", path, NULL };
  g_auto(CliRun) a = { 0 };
  g_auto(CliRun) b = { 0 };
  g_auto(CliRun) c = { 0 };
  g_auto(CliRun) d = { 0 };

  run_cli_argv (&a, folded);
  g_assert_cmpint (a.exit_code, ==, 0);
  /* "Total(ms) Self(ms)": 3 3 IsPrime, 4 1 SumPrimes, 47 4 HashMany, 44 44 JoinInternal */
  g_assert_cmpuint (folded_self (a.out, "Compute:IsPrime (int)") / 1000000, ==, 3);
  g_assert_cmpuint (folded_self (a.out, "Compute:SumPrimes (int)") / 1000000, ==, 1);
  g_assert_cmpuint (folded_self (a.out, "Compute:HashMany (object)") / 1000000, ==, 4);
  g_assert_cmpuint (folded_self (a.out, "(wrapper managed-to-native) System.Threading.Thread:JoinInternal "
                                         "(System.Threading.Thread,int)") / 1000000, ==, 44);
  run_cli_argv (&b, hasher);
  g_assert_cmpint (b.exit_code, ==, 0);
  g_assert_cmpuint (folded_self (b.out, "Compute:HashMany (object)"), ==, folded_self (a.out, "Compute:HashMany (object)"));
  g_assert_null (strstr (b.out, "SumPrimes"));
  run_cli_argv (&c, no_calls);
  g_assert_cmpint (c.exit_code, ==, 1);
  g_assert_nonnull (strstr (c.err, "has no calls"));
  run_cli_argv (&d, no_thread);
  g_assert_cmpint (d.exit_code, ==, 1);
  g_assert_nonnull (strstr (d.err, "no thread or capability \"nobody\""));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/profile/folded-whole-run", test_folded_whole_run);
  g_test_add_func ("/cli/profile/folded-interval", test_folded_interval);
  g_test_add_func ("/cli/profile/table-matches-prof", test_table_matches_prof);
  g_test_add_func ("/cli/profile/speedscope", test_speedscope);
  g_test_add_func ("/cli/profile/export-flame-graph", test_export_flame_graph);
  g_test_add_func ("/cli/profile/errors", test_errors);
  g_test_add_func ("/cli/profile/mono-call-time", test_mono_call_time);
  return g_test_run ();
}
