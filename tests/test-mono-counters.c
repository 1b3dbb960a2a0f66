/* test-mono-counters.c: a Mono log's counters in the document are what
 * mprof-report reports of them, read whole or followed
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "es-mlpd-build.h"
#include "es-mono-profile.h"
#include "es-test-cli.h"
#include "es-test-log.h"
#include "es-test-mlpd.h"

#define FIXTURE "mlpd/counter-compute.mlpd"

/* The "Counters:" section of the report at @path, its head left out. */
static char *
report_counters_of (const char *path)
{
  g_autofree char *report = NULL;
  const char *section;

  g_assert_true (g_file_get_contents (path, &report, NULL, NULL));
  section = strstr (report, "\nCounters:\n");
  g_assert_nonnull (section);
  return g_strdup (section + strlen ("\nCounters:\n"));
}

static char *
report_counters (void)
{
  g_autofree char *path = es_test_fixture_path ("mlpd/counter-compute.report.txt");

  return report_counters_of (path);
}

/* mprof-report's "Counters:" lines made from @document's counters. */
static char *
document_counters (EsDocument *document)
{
  guint n = es_document_get_n_counters (document);
  g_autofree EsCounterLast *lasts = g_new0 (EsCounterLast, MAX (n, 1));
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      const EsCounter *c = es_document_get_counter (document, i);

      lasts[i] = (EsCounterLast) { c->section, c->name, c->type, c->unit, FALSE, 0, NULL };
      lasts[i].has_value = es_counter_get_last (c, &lasts[i].key);
    }
  es_counter_append_report (out, lasts, n);
  return g_string_free (out, FALSE);
}

/* Every Mono log the project and ../shared keep with mprof-report's
 * output, plain or packed, Mono 5's and 6's: the counters of its document
 * print as the report prints them. */
static void
test_every_log_is_its_report (void)
{
  static const char *fixtures[] = {
    "alloc-frames4", "alloc-full", "alloc-small", "calls-compute", "counter-compute", "gc-threads", "gc-zip",
    "heapshot-gc", "heapshot-shutdown", "legacy-few", "monitor-locks", "nodefaults-locks", "nogc",
    "sample-compute", "sample-real", "zip-sample",
  };
  static const char *shared[] = {
    "alloc-default", "alloc-gc-alloc", "alloc-heapshot", "exc-calls", "threads-legacy",
  };
  guint n_lines = 0;

  for (guint i = 0; i < G_N_ELEMENTS (fixtures) + G_N_ELEMENTS (shared); i++)
    {
      gboolean in_shared = i >= G_N_ELEMENTS (fixtures);
      const char *name = in_shared ? shared[i - G_N_ELEMENTS (fixtures)] : fixtures[i];
      g_autofree char *log = g_strdup_printf ("mlpd/%s.mlpd", name);
      g_autofree char *report = g_strdup_printf ("mlpd/%s.report.txt", name);
      g_autofree char *log_path = in_shared ? es_test_shared_path (log) : es_test_fixture_path (log);
      g_autofree char *report_path = in_shared ? es_test_shared_path (report) : es_test_fixture_path (report);
      g_autoptr(EsDocument) document = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *expected = NULL, *got = NULL;

      if (log_path == NULL || !g_file_test (log_path, G_FILE_TEST_EXISTS))
        {
          g_test_message ("%s: no ../shared, not compared", name);
          continue;
        }
      document = es_document_load_file (log_path, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      expected = report_counters_of (report_path);
      got = document_counters (document);
      g_assert_cmpstr (got, ==, expected);
      for (const char *c = got; *c != '\0'; c++)
        n_lines += *c == '\n';
    }
  g_test_message ("%u lines of counters compared", n_lines);
  /* 15 lines (two heads, 13 counters) in each but nodefaults-locks. */
  g_assert_cmpuint (n_lines, >=, 15 * 15);
}

static gboolean
count_values (const EsMlpdEvent *e,
              gpointer           data)
{
  GHashTable *counts = data;

  if (e->type == ES_MLPD_SAMPLE && e->exinfo == ES_MLPD_SAMPLE_COUNTERS)
    for (guint32 i = 0; i < e->u.counters.n_values; i++)
      {
        guint64 index = e->u.counters.values[i].index;
        guint n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, &index));

        g_hash_table_insert (counts, g_memdup2 (&index, sizeof index), GUINT_TO_POINTER (n + 1));
      }
  return TRUE;
}

/* Each counter the document keeps is the report's: its names, type, unit
 * and variance, its last value (what mprof-report prints of it), and a
 * sample for each time the log wrote a value of it; the report's section
 * made from the document is the committed one, byte for byte. */
static void
test_document_is_the_report (void)
{
  g_autofree char *path = es_test_fixture_path (FIXTURE);
  g_autoptr(EsDocument) document = es_test_load_fixture (FIXTURE);
  g_autoptr(EsMonoProfile) profile = es_mono_profile_load_file (path, NULL);
  g_autoptr(GHashTable) counts = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autofree char *data = NULL;
  g_autofree char *expected = report_counters ();
  g_autoptr(GString) made = g_string_new (NULL);
  g_autofree EsCounterLast *lasts = NULL;
  EsMlpdHeader header = { 0 };
  gsize len;
  gint64 cut;
  guint n = es_document_get_n_counters (document), n_samples = 0;

  g_assert_nonnull (profile);
  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  g_assert_true (es_mlpd_decode ((const guint8 *) data, len, &header, count_values, NULL, counts, &cut, NULL, NULL));
  es_mlpd_header_clear (&header);

  g_assert_cmpuint (n, ==, 241);
  g_assert_cmpuint (profile->counters->len, ==, n);
  lasts = g_new0 (EsCounterLast, n);
  for (guint i = 0; i < n; i++)
    {
      const EsCounter *c = es_document_get_counter (document, i);
      const EsMonoCounter *p = &g_array_index (profile->counters, EsMonoCounter, i);
      guint written = GPOINTER_TO_UINT (g_hash_table_lookup (counts, &p->index));
      guint64 key;

      g_assert_cmpstr (c->section, ==, p->section);
      g_assert_cmpstr (c->name, ==, p->name);
      g_assert_cmpuint (c->type, ==, p->type);
      g_assert_cmpuint (c->unit, ==, p->unit);
      g_assert_cmpuint (c->variance, ==, p->variance);
      g_assert_cmpuint (es_series_get_length (c->series), ==, written);
      g_assert_true (es_counter_get_last (c, &key) == p->has_value);
      if (p->has_value)
        g_assert_cmpuint (key, ==, p->last);
      n_samples += written;
      lasts[i] = (EsCounterLast) { c->section, c->name, c->type, c->unit, TRUE, key, NULL };
    }
  /* Four samplings: all 241 at the start, 18 at a second, 107 and 1 at
   * exit. */
  g_assert_cmpuint (n_samples, ==, 241 + 18 + 107 + 1);
  es_counter_append_report (made, lasts, n);
  g_assert_cmpstr (made->str, ==, expected);
}

/* One counter of each unit, as the report and a person read it. */
static void
test_values_in_their_units (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture (FIXTURE);
  static const struct { const char *section, *name; double in_unit; const char *text; guint n; } cases[] = {
    { "Mono System", "Working Set", 19623936, "19.6\302\240MB", 3 },  /* g_format_size()'s space */
    { "Mono System", "User Time", 30e6, "30.0 ms", 1 },          /* 100 ns ticks */
    { "Mono JIT", "Methods JITted using mono JIT", 77, "77", 2 },
    { "Mono System", "CPU Load Average - 1min", 6.56, "6.56 %", 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      guint index = es_document_find_counter (document, cases[i].section, cases[i].name);
      const EsCounter *c;
      g_autofree char *text = NULL;
      guint64 key;
      double value;

      g_assert_cmpuint (index, !=, G_MAXUINT);
      c = es_document_get_counter (document, index);
      g_assert_true (es_counter_get_last (c, &key));
      value = es_counter_key_in_unit (c, key);
      g_assert_cmpfloat_with_epsilon (value, cases[i].in_unit, 1e-9);
      text = es_counter_format (c, value);
      g_assert_cmpstr (text, ==, cases[i].text);
      g_assert_cmpuint (es_series_get_length (c->series), ==, cases[i].n);
    }
  g_assert_cmpuint (es_document_find_counter (document, "Mono System", "No such counter"), ==, G_MAXUINT);
}

/* Keys order as the values do, so that a series' extremes are the
 * values': signed values across zero, doubles across zero and infinity;
 * a 32-bit counter wraps as mprof-report adds it. */
static void
test_keys_keep_the_order (void)
{
  const gint64 ints[] = { G_MININT64, -5, -1, 0, 1, 7, G_MAXINT64 };
  const double doubles[] = { -INFINITY, -1e300, -2.5, -0.0, 0.0, 1e-300, 3.25, 1e300, INFINITY };
  EsMlpdCounterValue delta = { 0 };
  guint64 key;

  for (guint i = 0; i + 1 < G_N_ELEMENTS (ints); i++)
    {
      g_assert_cmpuint (es_counter_key_from_signed (ints[i]), <, es_counter_key_from_signed (ints[i + 1]));
      g_assert_cmpfloat (es_counter_key_to_number (ES_MLPD_COUNTER_LONG, es_counter_key_from_signed (ints[i])), ==,
                         (double) ints[i]);
    }
  for (guint i = 0; i + 1 < G_N_ELEMENTS (doubles); i++)
    {
      g_assert_cmpuint (es_counter_key_from_double (doubles[i]), <=, es_counter_key_from_double (doubles[i + 1]));
      g_assert_cmpfloat (es_counter_key_to_number (ES_MLPD_COUNTER_DOUBLE, es_counter_key_from_double (doubles[i])),
                         ==, doubles[i]);
    }
  delta.type = ES_MLPD_COUNTER_INT;
  delta.v.signed_delta = G_MAXINT32;
  key = es_counter_accumulate (ES_MLPD_COUNTER_INT, FALSE, 0, &delta);
  delta.v.signed_delta = 2;
  key = es_counter_accumulate (ES_MLPD_COUNTER_INT, TRUE, key, &delta);
  g_assert_cmpfloat (es_counter_key_to_number (ES_MLPD_COUNTER_INT, key), ==, (double) G_MININT32 + 1);
}

/* `summary` prints the counters' last values as the report does, and
 * --json lists each counter. */
static void
test_summary_prints_them (void)
{
  g_autofree char *path = es_test_fixture_path (FIXTURE);
  g_autofree char *expected = report_counters ();
  g_autofree char *block = g_strconcat ("Counters, the last values of the whole run, as mprof-report prints them:\n",
                                        expected, "  (241 counters in the log; summary --json lists each)\n", NULL);
  const char *text_args[] = { "summary", path, NULL };
  const char *json_args[] = { "summary", "--json", path, NULL };
  g_auto(CliRun) text = { 0 };
  g_auto(CliRun) json = { 0 };

  run_cli_argv (&text, text_args);
  g_assert_cmpint (text.exit_code, ==, 0);
  g_assert_nonnull (strstr (text.out, block));

  run_cli_argv (&json, json_args);
  g_assert_cmpint (json.exit_code, ==, 0);
  g_assert_nonnull (strstr (json.out,
                            "        \"counters\" : [\n"
                            "          {\n"
                            "            \"section\" : \"Mono System\",\n"
                            "            \"name\" : \"User Time\",\n"
                            "            \"type\" : \"long\",\n"
                            "            \"unit\" : \"time\",\n"
                            "            \"variance\" : \"monotonic\",\n"
                            "            \"samples\" : 1,\n"
                            "            \"last\" : 300000,\n"
                            "            \"last_text\" : \"30.000ms\"\n"
                            "          },\n"));
  g_assert_nonnull (strstr (json.out,
                            "            \"name\" : \"Working Set\",\n"
                            "            \"type\" : \"long\",\n"
                            "            \"unit\" : \"bytes\",\n"
                            "            \"variance\" : \"variable\",\n"
                            "            \"samples\" : 3,\n"
                            "            \"last\" : 19623936,\n"
                            "            \"last_text\" : \"19623936\"\n"));
}

/* Followed as it is written (the live build, a few kilobytes at a time),
 * the log has its counters once the sync points let them be told: the
 * first sampling before its end, and at its end those of the file. */
static void
test_followed_log_gets_them_as_they_come (void)
{
  g_autofree char *path = es_test_fixture_path (FIXTURE);
  g_autoptr(EsDocument) whole = es_test_load_fixture (FIXTURE);
  g_autoptr(EsMlpdBuild) build = es_mlpd_build_new ();
  g_autofree char *data = NULL;
  guint index = es_document_find_counter (whole, "Mono System", "Working Set");
  guint early = 0;
  gsize len, given = 0;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  while (given < len)
    {
      gsize piece = MIN (4096, len - given);
      g_autoptr(GError) error = NULL;
      g_autoptr(EsDocument) document = NULL;

      g_assert_true (es_mlpd_build_take (build, (const guint8 *) data + given, piece, &error));
      g_assert_no_error (error);
      given += piece;
      document = es_test_mlpd_snapshot (build, given == len);
      if (document == NULL)
        continue;
      if (given < len && es_document_get_n_counters (document) > index &&
          es_series_get_length (es_document_get_counter (document, index)->series) > 0)
        early++;
      if (given == len)
        {
          g_assert_cmpuint (es_document_get_n_counters (document), ==, es_document_get_n_counters (whole));
          for (guint i = 0; i < es_document_get_n_counters (whole); i++)
            {
              const EsSeries *a = es_document_get_counter (document, i)->series;
              const EsSeries *b = es_document_get_counter (whole, i)->series;

              g_assert_cmpstr (es_document_get_counter (document, i)->name, ==, es_document_get_counter (whole, i)->name);
              g_assert_cmpuint (es_series_get_length (a), ==, es_series_get_length (b));
              g_assert_cmpmem (es_series_get_samples (a), es_series_get_length (a) * sizeof (EsSample),
                               es_series_get_samples (b), es_series_get_length (b) * sizeof (EsSample));
            }
        }
    }
  /* The first sampling is at 77 kB of 86: told from the next sync but one. */
  g_test_message ("%u snapshots before the end with Working Set", early);
  g_assert_cmpuint (early, >=, 1);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/mono-counters/document-is-the-report", test_document_is_the_report);
  g_test_add_func ("/mono-counters/every-log-is-its-report", test_every_log_is_its_report);
  g_test_add_func ("/mono-counters/values-in-their-units", test_values_in_their_units);
  g_test_add_func ("/mono-counters/keys-keep-the-order", test_keys_keep_the_order);
  g_test_add_func ("/mono-counters/summary-prints-them", test_summary_prints_them);
  g_test_add_func ("/mono-counters/followed-log-gets-them-as-they-come", test_followed_log_gets_them_as_they_come);

  return g_test_run ();
}
