/* test-cli-compare.c: eventscope-cli compare, against the RTS's own figures
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "es-test-cli.h"
#include "es-test-log.h"

/* The table's row for @label: its A, B, delta and ratio columns, or NULL.
 * Labels are followed by at least two spaces; cells hold none. */
static GStrv
table_row (const char *out,
           const char *label)
{
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], label) && g_str_has_prefix (lines[i] + strlen (label), "  "))
      {
        g_auto(GStrv) words = g_strsplit_set (lines[i] + strlen (label), " ", -1);
        g_autoptr(GStrvBuilder) cells = g_strv_builder_new ();

        for (guint w = 0; words[w] != NULL; w++)
          if (words[w][0] != '\0')
            g_strv_builder_add (cells, words[w]);
        return g_strv_builder_end (cells);
      }
  return NULL;
}

/* The rows of the table: the lines after its head line, up to the end. */
static guint
check_every_row_unchanged (const char *out)
{
  const char *head = strstr (out, "delta     ratio  marked (past 10%)\n");
  g_auto(GStrv) lines = NULL;
  guint n = 0;

  g_assert_nonnull (head);
  lines = g_strsplit (strchr (head, '\n') + 1, "\n", -1);
  for (guint i = 0; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto(GStrv) words = g_strsplit_set (lines[i], " ", -1);
      g_autoptr(GPtrArray) cells = g_ptr_array_new ();

      for (guint w = 0; words[w] != NULL; w++)
        if (words[w][0] != '\0')
          g_ptr_array_add (cells, words[w]);
      g_assert_cmpuint (cells->len, >=, 5);
      /* A and B alike, delta nothing (in its unit), ratio 1; 0 against 0
       * is equal, with no ratio. */
      g_assert_cmpstr (g_ptr_array_index (cells, cells->len - 4), ==, g_ptr_array_index (cells, cells->len - 3));
      g_assert_true (g_strv_contains ((const char *[]) { "0", "0.000000s", "0.00%", NULL },
                                      g_ptr_array_index (cells, cells->len - 2)));
      if (g_strv_contains ((const char *[]) { "0", "0.000000s", "0.00%", NULL }, g_ptr_array_index (cells, cells->len - 4)))
        g_assert_cmpstr (g_ptr_array_index (cells, cells->len - 1), ==, "n/a");
      else
        g_assert_cmpstr (g_ptr_array_index (cells, cells->len - 1), ==, "1.000");
      n++;
    }
  return n;
}

/* A log set beside itself: every difference 0, every ratio 1, whatever
 * the interval and the kind of log. */
static void
test_self_is_unchanged (void)
{
  const char *names[] = { "heap-hT-N2.eventlog", "alloc-A1m-N2.eventlog", "parfib-N2.eventlog",
                          "hello.eventlog", "mlpd/gc-zip.mlpd" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = es_test_fixture_path (names[i]);
      const char *whole[] = { "compare", path, path, NULL };
      const char *part[] = { "compare", "--from", "20%", "--to", "70%", path, path, NULL };
      g_auto(CliRun) run = { 0 };
      g_auto(CliRun) run_part = { 0 };
      guint rows;

      run_cli_argv (&run, whole);
      g_assert_cmpint (run.exit_code, ==, 0);
      g_assert_cmpstr (run.err, ==, "");
      rows = check_every_row_unchanged (run.out);
      g_test_message ("%s: %u rows", names[i], rows);
      g_assert_cmpuint (rows, >=, 15);
      g_assert_nonnull (strstr (run.out, ", the whole run\n"));

      run_cli_argv (&run_part, part);
      g_assert_cmpint (run_part.exit_code, ==, 0);
      /* Less only by the work balance, where the interval has no parallel
       * GC, and the four TASKS figures, which are the whole run's. */
      g_assert_cmpuint (check_every_row_unchanged (run_part.out), >=,
                        rows - 1 - (strstr (run.out, "peak workers") != NULL ? 4 : 0));
      g_assert_null (strstr (run_part.out, ", the whole run\n"));
    }
}

/* 1234567 -> "1,234,567", with a sign unless 0: written here again so
 * that the test does not take the program's word for it. */
static char *
grouped (gint64 value,
         gboolean sign)
{
  g_autofree char *digits = g_strdup_printf ("%" G_GUINT64_FORMAT, value < 0 ? -(guint64) value : (guint64) value);
  GString *out = g_string_new (sign && value > 0 ? "+" : value < 0 ? "-" : "");
  gsize n = strlen (digits);

  for (gsize i = 0; i < n; i++)
    {
      if (i > 0 && (n - i) % 3 == 0)
        g_string_append_c (out, ',');
      g_string_append_c (out, digits[i]);
    }
  return g_string_free (out, FALSE);
}

static guint64
parse_grouped (const char *text)
{
  g_autoptr(GString) digits = g_string_new (NULL);

  while (*text == ' ')
    text++;
  for (const char *p = text; *p != '\0' && (g_ascii_isdigit (*p) || *p == ','); p++)
    if (*p != ',')
      g_string_append_c (digits, *p);
  g_assert_cmpuint (digits->len, >, 0);
  return g_ascii_strtoull (digits->str, NULL, 10);
}

/* The exact figures of a +RTS -s file, by the compare table's labels. */
static GHashTable *
read_rts_s (const char *name)
{
  g_autofree char *path = es_test_fixture_path (name);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  GHashTable *figures = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *l = g_strchug (lines[i]);
      const char *byte_labels[] = { "bytes allocated in the heap", "bytes copied during GC",
                                    "bytes maximum residency", "bytes maximum slop", "MiB total memory in use" };
      guint gen, colls, par;
      char balance[16];

      for (guint b = 0; b < G_N_ELEMENTS (byte_labels); b++)
        if (strstr (l, byte_labels[b]) != NULL)
          {
            g_hash_table_insert (figures, g_strdup (byte_labels[b]), grouped (parse_grouped (l), FALSE));
            if (strstr (l, " sample(s))") != NULL)
              g_hash_table_insert (figures, g_strdup ("residency samples"),
                                   grouped (parse_grouped (strchr (l, '(') + 1), FALSE));
          }
      if (sscanf (l, "Gen %u %u colls, %u par", &gen, &colls, &par) == 3)
        {
          g_hash_table_insert (figures, g_strdup_printf ("Gen %u collections", gen), grouped (colls, FALSE));
          g_hash_table_insert (figures, g_strdup_printf ("Gen %u parallel collections", gen), grouped (par, FALSE));
        }
      if (sscanf (l, "Parallel GC work balance: %15[0-9.]%%", balance) == 1)
        g_hash_table_insert (figures, g_strdup ("Parallel GC work balance"), g_strdup_printf ("%s%%", balance));
      if (g_str_has_prefix (l, "SPARKS: "))
        {
          guint64 created, converted, overflowed, dud, gcd, fizzled;

          g_assert_cmpint (sscanf (l, "SPARKS: %" G_GUINT64_FORMAT " (%" G_GUINT64_FORMAT " converted, %"
                                   G_GUINT64_FORMAT " overflowed, %" G_GUINT64_FORMAT " dud, %" G_GUINT64_FORMAT
                                   " GC'd, %" G_GUINT64_FORMAT " fizzled)",
                                   &created, &converted, &overflowed, &dud, &gcd, &fizzled), ==, 6);
          g_hash_table_insert (figures, g_strdup ("sparks created"), grouped (created, FALSE));
          g_hash_table_insert (figures, g_strdup ("sparks converted"), grouped (converted, FALSE));
          g_hash_table_insert (figures, g_strdup ("sparks overflowed"), grouped (overflowed, FALSE));
          g_hash_table_insert (figures, g_strdup ("sparks dud"), grouped (dud, FALSE));
          g_hash_table_insert (figures, g_strdup ("sparks GC'd"), grouped (gcd, FALSE));
          g_hash_table_insert (figures, g_strdup ("sparks fizzled"), grouped (fizzled, FALSE));
        }
    }
  return figures;
}

/* The same program under -A1m and -A64m: each exact figure's A and B are
 * what each run's own +RTS -s says, and the delta is their difference. */
static void
test_columns_equal_rts_s (void)
{
  g_autofree char *a = es_test_fixture_path ("alloc-A1m-N2.eventlog");
  g_autofree char *b = es_test_fixture_path ("alloc-A64m-N2.eventlog");
  const char *args[] = { "compare", a, b, NULL };
  g_autoptr(GHashTable) rts_a = read_rts_s ("alloc-A1m-N2.rts-s.txt");
  g_autoptr(GHashTable) rts_b = read_rts_s ("alloc-A64m-N2.rts-s.txt");
  g_auto(CliRun) run = { 0 };
  GHashTableIter iter;
  const char *label, *value_a;
  guint checked = 0;

  run_cli_argv (&run, args);
  g_assert_cmpint (run.exit_code, ==, 0);
  g_assert_cmpstr (run.err, ==, "");

  g_hash_table_iter_init (&iter, rts_a);
  while (g_hash_table_iter_next (&iter, (gpointer *) &label, (gpointer *) &value_a))
    {
      const char *value_b = g_hash_table_lookup (rts_b, label);
      g_auto(GStrv) row = table_row (run.out, label);

      g_test_message ("%s: %s, %s", label, value_a, value_b);
      g_assert_nonnull (value_b);
      g_assert_nonnull (row);
      /* A, B, delta, ratio, and maybe a mark. */
      g_assert_cmpuint (g_strv_length (row), >=, 4);
      g_assert_cmpuint (g_strv_length (row), <=, 5);
      if (row[4] != NULL)
        g_assert_true (g_str_equal (row[4], "better") || g_str_equal (row[4], "worse"));
      g_assert_cmpstr (row[0], ==, value_a);
      g_assert_cmpstr (row[1], ==, value_b);
      if (g_str_has_suffix (value_a, "%"))
        {
          /* A ratio, printed rounded by both: the difference of the
           * rounded values is the rounded difference to within 0.01. */
          double delta = g_ascii_strtod (value_b, NULL) - g_ascii_strtod (value_a, NULL);

          g_assert_true (g_str_has_suffix (row[2], "%"));
          g_assert_cmpfloat_with_epsilon (g_ascii_strtod (row[2], NULL), delta, 0.0100001);
        }
      else
        {
          g_autofree char *expected = grouped ((gint64) (parse_grouped (value_b) - parse_grouped (value_a)), TRUE);

          g_assert_cmpstr (row[2], ==, expected);
        }
      checked++;
    }
  /* 5 byte lines, samples, 2 x 2 generation counts, balance, 6 sparks. */
  g_assert_cmpuint (checked, ==, 17);
  /* The nursery size shows where it should: far fewer, longer pauses;
   * more memory in use; no mark for what is neither better nor worse. */
  g_assert_cmpstr (g_hash_table_lookup (rts_b, "Gen 0 collections"), !=, g_hash_table_lookup (rts_a, "Gen 0 collections"));
  {
    g_auto(GStrv) collections = table_row (run.out, "Gen 0 collections");
    g_auto(GStrv) p50 = table_row (run.out, "Gen 0 pause p50");
    g_auto(GStrv) memory = table_row (run.out, "MiB total memory in use");
    g_auto(GStrv) samples = table_row (run.out, "residency samples");

    g_assert_cmpstr (collections[4], ==, "better");
    g_assert_cmpstr (p50[4], ==, "worse");
    g_assert_cmpstr (memory[4], ==, "worse");
    g_assert_null (samples[4]);
  }
}

/* Two runs of one program back to back differ only by noise: nothing is
 * marked, unless the threshold is 0; a threshold is a percentage. */
static void
test_noise_is_not_marked (void)
{
  g_autofree char *a = es_test_fixture_path ("alloc-A1m-N1-rerun1.eventlog");
  g_autofree char *b = es_test_fixture_path ("alloc-A1m-N1-rerun2.eventlog");
  const char *plain[] = { "compare", a, b, NULL };
  const char *zero[] = { "compare", "--threshold", "0", a, b, NULL };
  const char *too_much[] = { "compare", "--threshold", "150", a, b, NULL };
  g_auto(CliRun) run = { 0 };
  g_auto(CliRun) at_zero = { 0 };
  g_auto(CliRun) refused = { 0 };

  run_cli_argv (&run, plain);
  g_assert_cmpint (run.exit_code, ==, 0);
  g_assert_nonnull (strstr (run.out, "marked (past 10%)\n"));
  g_assert_null (strstr (run.out, "  better\n"));
  g_assert_null (strstr (run.out, "  worse\n"));

  run_cli_argv (&at_zero, zero);
  g_assert_cmpint (at_zero.exit_code, ==, 0);
  g_assert_nonnull (strstr (at_zero.out, "marked (past 0%)\n"));
  g_assert_true (strstr (at_zero.out, "  better\n") != NULL || strstr (at_zero.out, "  worse\n") != NULL);
  {
    /* The longest pause differs, but not past what chance makes of it. */
    g_auto(GStrv) longest = table_row (at_zero.out, "Gen 0 pause max");

    g_assert_cmpstr (longest[0], !=, longest[1]);
    g_assert_null (longest[4]);
  }

  run_cli_argv (&refused, too_much);
  g_assert_cmpint (refused.exit_code, ==, 1);
  g_assert_nonnull (strstr (refused.err, "--threshold is a percentage from 0 to 100"));
}

static guint64
first_marker (const char *fixture,
              const char *name)
{
  g_autoptr(EsDocument) document = es_test_load_fixture (fixture);
  guint n;
  const EsUserEvent *markers = es_document_get_markers (document, &n);
  guint64 time = G_MAXUINT64;

  for (guint i = 0; i < n; i++)
    if (g_str_equal (markers[i].text, name))
      time = MIN (time, markers[i].time);
  g_assert_cmpuint (time, !=, G_MAXUINT64);
  return time;
}

/* With --align-marker, --from and --to count from the marker in each run:
 * each run's column is then its summary of that shifted interval. */
static void
test_align_marker (void)
{
  const char *fixtures[] = { "alloc-A1m-N2.eventlog", "alloc-A64m-N2.eventlog" };
  g_autofree char *a = es_test_fixture_path (fixtures[0]);
  g_autofree char *b = es_test_fixture_path (fixtures[1]);
  const char *args[] = { "compare", "--align-marker", "phase 2", "--from", "10ms", "--to", "60ms", a, b, NULL };
  g_auto(CliRun) run = { 0 };
  g_auto(GStrv) row = NULL;

  run_cli_argv (&run, args);
  g_assert_cmpint (run.exit_code, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  row = table_row (run.out, "bytes allocated in the heap");
  g_assert_nonnull (row);

  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *path = es_test_fixture_path (fixtures[i]);
      guint64 marker = first_marker (fixtures[i], "phase 2");
      g_autofree char *from = g_strdup_printf ("%" G_GUINT64_FORMAT "ns", marker + 10000000);
      g_autofree char *to = g_strdup_printf ("%" G_GUINT64_FORMAT "ns", marker + 60000000);
      g_autofree char *head = g_strdup_printf ("%s: %s (", i == 0 ? "A" : "B", path);
      g_autofree char *interval = g_strdup_printf ("   Interval %.6fs to %.6fs (0.050000s), from the marker “phase 2” at %.6fs\n",
                                                   (marker + 10000000) / 1e9, (marker + 60000000) / 1e9, marker / 1e9);
      const char *summary_args[] = { "summary", "--from", from, "--to", to, path, NULL };
      g_auto(CliRun) summary = { 0 };
      g_autofree char *allocated = NULL;
      const char *line;

      g_assert_cmpuint (marker, >, 0);
      g_assert_nonnull (strstr (run.out, head));
      g_assert_nonnull (strstr (run.out, interval));

      run_cli_argv (&summary, summary_args);
      g_assert_cmpint (summary.exit_code, ==, 0);
      line = strstr (summary.out, " bytes allocated in the heap\n");
      g_assert_nonnull (line);
      while (line > summary.out && line[-1] != '\n')
        line--;
      allocated = grouped (parse_grouped (line), FALSE);
      g_assert_cmpstr (row[i], ==, allocated);
    }
  /* The runs' markers are far apart: aligning moved B's interval. */
  g_assert_cmpuint (first_marker (fixtures[1], "phase 2") - first_marker (fixtures[0], "phase 2"), >, 100000000);
}

static void
test_refusals (void)
{
  g_autofree char *ghc = es_test_fixture_path ("alloc-A1m-N2.eventlog");
  g_autofree char *hello = es_test_fixture_path ("hello.eventlog");
  g_autofree char *mono = es_test_fixture_path ("mlpd/gc-zip.mlpd");
  const char *mixed[] = { "compare", ghc, mono, NULL };
  const char *mixed_back[] = { "compare", "--json", mono, ghc, NULL };
  const char *no_marker[] = { "compare", "--align-marker", "phase 2", ghc, hello, NULL };
  const char *one[] = { "compare", ghc, NULL };
  const char *backwards[] = { "compare", "--from", "20ms", "--to", "10ms", ghc, ghc, NULL };

  {
    g_auto(CliRun) run = { 0 };

    run_cli_argv (&run, mixed);
    g_assert_cmpint (run.exit_code, ==, 1);
    g_assert_cmpstr (run.out, ==, "");
    g_assert_nonnull (strstr (run.err, "is a GHC eventlog and "));
    g_assert_nonnull (strstr (run.err, "a Mono log: compare two GHC eventlogs or two Mono logs"));
  }
  {
    g_auto(CliRun) run = { 0 };

    run_cli_argv (&run, mixed_back);
    g_assert_cmpint (run.exit_code, ==, 1);
    g_assert_cmpstr (run.out, ==, "");
    g_assert_nonnull (strstr (run.err, "is a Mono log and "));
  }
  {
    g_auto(CliRun) run = { 0 };
    g_autofree char *message = g_strdup_printf ("%s has no marker “phase 2” to align on", hello);

    run_cli_argv (&run, no_marker);
    g_assert_cmpint (run.exit_code, ==, 1);
    g_assert_cmpstr (run.out, ==, "");
    g_assert_nonnull (strstr (run.err, message));
  }
  {
    g_auto(CliRun) run = { 0 };

    run_cli_argv (&run, one);
    g_assert_cmpint (run.exit_code, ==, 1);
    g_assert_nonnull (strstr (run.err, "Usage: eventscope-cli compare"));
  }
  {
    g_auto(CliRun) run = { 0 };

    run_cli_argv (&run, backwards);
    g_assert_cmpint (run.exit_code, ==, 1);
    g_assert_nonnull (strstr (run.err, "ends (--to) before it starts"));
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/compare/self-has-no-difference", test_self_is_unchanged);
  g_test_add_func ("/cli/compare/columns-equal-rts-s", test_columns_equal_rts_s);
  g_test_add_func ("/cli/compare/align-marker-shifts-each-run", test_align_marker);
  g_test_add_func ("/cli/compare/noise-is-not-marked", test_noise_is_not_marked);
  g_test_add_func ("/cli/compare/refusals-exit-1", test_refusals);

  return g_test_run ();
}
