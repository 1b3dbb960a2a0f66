/* test-mlpd-mprof.c: a Mono log's document counts what mprof-report's own
 * summary of the same log says, on every log that has one
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-document.h"
#include "es-test-log.h"

static gboolean
report_number (const char *report, const char *label, guint64 *value)
{
  const char *at = strstr (report, label);

  *value = 0;
  if (at == NULL)
    return FALSE;
  *value = g_ascii_strtoull (at + strlen (label), NULL, 10);
  return TRUE;
}

static void
check_against_report (const char *mlpd_path)
{
  g_autofree char *stem = g_strndup (mlpd_path, strlen (mlpd_path) - strlen (".mlpd"));
  g_autofree char *report_path = g_strconcat (stem, ".report.txt", NULL);
  g_autofree char *report = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(EsDocument) doc = es_document_load_file (mlpd_path, NULL, NULL, NULL, &error);
  const EsMonoSummary *mono;
  guint64 v = 0;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  g_assert_no_error (error);
  mono = es_document_get_mono_summary (doc);
  g_assert_nonnull (mono);
  g_assert_true (g_file_get_contents (report_path, &report, NULL, NULL));
  g_test_message ("%s", mlpd_path);

  g_assert_true (report_number (report, "GC resizes: ", &v));
  g_assert_cmpuint (mono->n_resizes, ==, v);
  g_assert_true (report_number (report, "Max heap size: ", &v));
  g_assert_cmpuint (mono->max_heap_size, ==, v);
  g_assert_true (report_number (report, "Object moves: ", &v));
  g_assert_cmpuint (mono->n_moves, ==, v);
  for (guint g = 0; g < 2; g++)
    {
      g_autofree char *label = g_strdup_printf ("Gen%u collections: ", g);
      const char *line = strstr (report, label);

      if (line == NULL)
        {
          g_assert_cmpuint (mono->n_collections[g], ==, 0);
          continue;
        }
      g_assert_cmpuint (mono->n_collections[g], ==, g_ascii_strtoull (line + strlen (label), NULL, 10));
      g_assert_true (report_number (line, "max time: ", &v));
      g_assert_cmpuint (mono->collection_max[g] / 1000, ==, v);
      g_assert_true (report_number (line, "total time: ", &v));
      g_assert_cmpuint (mono->collection_total[g] / 1000, ==, v);
    }
  if (report_number (report, "Throws: ", &v))
    g_assert_cmpuint (mono->n_throws, ==, v);
  if (report_number (report, "Executed catch clauses: ", &v))
    g_assert_cmpuint (mono->n_clauses[0], ==, v);
  if (report_number (report, "Executed filter clauses: ", &v))
    g_assert_cmpuint (mono->n_clauses[1], ==, v);
  if (report_number (report, "Lock contentions: ", &v))
    {
      const char *line = strstr (report, "Monitor lock summary");
      double total = 0, max = 0;
      guint n_locks = 0;

      g_assert_cmpuint (mono->n_contentions, ==, v);
      /* "\t\t0.350558 secs total wait time, 0.009622 max, ..." per lock
       * object: the document's are their sum and their largest */
      g_assert_nonnull (line);
      while ((line = strstr (line, " secs total wait time, ")) != NULL)
        {
          const char *start = line;

          while (start[-1] != '\t')
            start--;
          total += g_ascii_strtod (start, NULL);
          max = MAX (max, g_ascii_strtod (line + strlen (" secs total wait time, "), NULL));
          n_locks++;
          line++;
        }
      g_assert_cmpuint (n_locks, >, 0);
      g_assert_cmpfloat_with_epsilon (mono->contention_total / 1e9, total, 1e-6 * n_locks);
      g_assert_cmpfloat_with_epsilon (mono->contention_max / 1e9, max, 1e-6);
    }
  else
    g_assert_cmpuint (mono->n_contentions, ==, 0);

  /* Every thread the report names is a row, except the profiler's own. */
  lines = g_strsplit (report, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *name = strstr (lines[i], "name: \"");

      if (g_str_has_prefix (lines[i], "\tThread: ") && name != NULL)
        {
          char *n = g_strdup (name + strlen ("name: \""));

          *strrchr (n, '"') = '\0';
          if (g_str_has_prefix (n, "Profiler "))
            g_free (n);
          else
            g_ptr_array_add (names, n);
        }
    }
  g_assert_cmpuint (names->len, >, 0);
  for (guint i = 0; i < names->len; i++)
    {
      gboolean found = FALSE;

      for (guint c = 0; c < es_document_get_n_caps (doc); c++)
        found |= g_strcmp0 (es_document_get_cap_label (doc, c), g_ptr_array_index (names, i)) == 0;
      g_assert_true (found);
    }
}

static void
check_directory (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".mlpd"))
      {
        g_autofree char *path = g_build_filename (dir, name, NULL);

        check_against_report (path);
        n++;
      }
  g_assert_cmpuint (n, >, 0);
}

static void
test_shared_logs_match_mprof_report (void)
{
  g_autofree char *dir = es_test_shared_path ("mlpd");

  if (dir == NULL)
    {
      g_test_skip ("../shared/mlpd is not there");
      return;
    }
  check_directory (dir);
}

static void
test_fixtures_match_mprof_report (void)
{
  g_autofree char *dir = es_test_fixture_path ("mlpd");

  check_directory (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/mlpd/shared-logs-match-mprof-report", test_shared_logs_match_mprof_report);
  g_test_add_func ("/mlpd/fixtures-match-mprof-report", test_fixtures_match_mprof_report);

  return g_test_run ();
}
