/* test-mono-counts.c: the report's counts without its text (what
 * `summary --json` gives of a Mono log) are the numbers mprof-report
 * prints, on every fixture; an interval's add up to the run's
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-mono-report.h"
#include "es-test-log.h"

/* The number after @label on a line of @report (mprof-report's output),
 * or 0 where it prints no such line (it leaves out what it did not see). */
static guint64
number_after (const char *report,
              const char *label)
{
  const char *at = strstr (report, label);

  return at != NULL ? g_ascii_strtoull (at + strlen (label), NULL, 10) : 0;
}

static void
check_fixture (const char *name)
{
  g_autofree char *log_name = g_strconcat ("mlpd/", name, ".mlpd", NULL);
  g_autofree char *report_name = g_strconcat ("mlpd/", name, ".report.txt", NULL);
  g_autofree char *log_path = es_test_fixture_path (log_name);
  g_autofree char *report_path = es_test_fixture_path (report_name);
  g_autofree char *report = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(EsMonoProfile) profile = es_mono_profile_load_file (log_path, &error);
  g_autoptr(GArray) methods = NULL;
  g_autoptr(GArray) classes = NULL;
  EsMonoReportOptions options;
  EsMonoReportCounts counts;
  const char *allocated;

  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (report_path, &report, NULL, NULL));
  es_mono_report_options_init (&options);
  es_mono_report_count (profile, &options, &counts);

  g_assert_cmpuint (counts.samples, ==, number_after (report, "\tUnmanaged hits:") +
                                        number_after (report, "\tManaged hits:"));
  g_assert_cmpuint (counts.calls, ==, number_after (report, "Total calls: "));
  allocated = strstr (report, "Total memory allocated: ");
  g_assert_cmpuint (counts.allocated_bytes, ==, number_after (report, "Total memory allocated: "));
  g_assert_cmpuint (counts.allocations, ==, allocated != NULL ? number_after (allocated, " bytes in ") : 0);
  g_assert_cmpuint (counts.throws, ==, number_after (report, "\tThrows: "));
  g_assert_cmpuint (counts.clauses[0], ==, number_after (report, "\tExecuted catch clauses: "));
  g_assert_cmpuint (counts.clauses[1], ==, number_after (report, "\tExecuted filter clauses: "));
  g_assert_cmpuint (counts.clauses[2], ==, number_after (report, "\tExecuted finally clauses: "));
  g_assert_cmpuint (counts.lock_contentions, ==, number_after (report, "\tLock contentions: "));
  g_assert_cmpuint (counts.locks_acquired, ==, number_after (report, "\tLock acquired: "));
  g_assert_cmpuint (counts.lock_failures, ==, number_after (report, "\tLock failures: "));
  g_assert_cmpuint (counts.resizes, ==, number_after (report, "\tGC resizes: "));
  g_assert_cmpuint (counts.objects_moved, ==, number_after (report, "\tObject moves: "));

  /* The first of each list is the report's first line of its table. */
  methods = es_mono_report_top_methods (profile, &options, 3);
  classes = es_mono_report_top_classes (profile, &options, 3);
  g_assert_cmpuint (methods->len > 0, ==, counts.calls > 0);
  g_assert_cmpuint (classes->len > 0, ==, counts.allocations > 0);
  if (methods->len > 0)
    {
      const EsMonoMethodCalls *m = &g_array_index (methods, EsMonoMethodCalls, 0);
      char buffer[64];
      g_autofree char *line = g_strdup_printf ("%8" G_GUINT64_FORMAT " %8" G_GUINT64_FORMAT " %10" G_GUINT64_FORMAT " %s\n",
                                               m->total / 1000000, m->self / 1000000, m->calls,
                                               es_mono_profile_method_name (profile, m->method, buffer));
      /* The call summary's table, not the samples' (which also ends its
       * heading with "Method name") */
      const char *heading = "Total(ms) Self(ms)      Calls Method name\n";
      const char *table = strstr (report, heading);

      g_assert_nonnull (table);
      g_assert_true (g_str_has_prefix (table + strlen (heading), line));
    }
  if (classes->len > 0)
    {
      const EsMonoClassAllocs *c = &g_array_index (classes, EsMonoClassAllocs, 0);
      char buffer[64];
      g_autofree char *line = g_strdup_printf ("%10" G_GUINT64_FORMAT " %10" G_GUINT64_FORMAT " %8" G_GUINT64_FORMAT " %s\n",
                                               c->bytes, c->count, c->bytes / c->count,
                                               es_mono_profile_class_name (profile, c->klass, buffer));
      const char *table = strstr (report, "Type name\n");

      g_assert_nonnull (table);
      g_assert_true (g_str_has_prefix (table + strlen ("Type name\n"), line));
    }
}

static void
test_counts_are_the_reports (void)
{
  g_autofree char *dir_path = es_test_fixture_path ("mlpd");
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *file;
  guint n = 0;

  g_assert_nonnull (dir);
  while ((file = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (file, ".mlpd"))
      {
        g_autofree char *name = g_strndup (file, strlen (file) - strlen (".mlpd"));

        check_fixture (name);
        n++;
      }
  g_assert_cmpuint (n, >=, 10);
}

/* Adjacent intervals' counts add up to the whole run's. */
static void
test_intervals_add_up (void)
{
  const char *names[] = { "mlpd/calls-compute.mlpd", "mlpd/alloc-full.mlpd", "mlpd/monitor-locks.mlpd" };

  for (guint f = 0; f < G_N_ELEMENTS (names); f++)
    {
      g_autofree char *path = es_test_fixture_path (names[f]);
      g_autoptr(EsMonoProfile) profile = es_mono_profile_load_file (path, NULL);
      EsMonoReportOptions options;
      EsMonoReportCounts whole, sum = { 0 };
      guint64 span = profile->max_time + 1 - profile->min_time;

      es_mono_report_options_init (&options);
      es_mono_report_count (profile, &options, &whole);
      g_assert_cmpuint (whole.calls + whole.allocations + whole.lock_contentions, >, 0);
      for (guint k = 0; k < 5; k++)
        {
          EsMonoReportCounts part;

          options.interval = TRUE;
          options.from = profile->min_time + span / 5 * k;
          options.to = k == 4 ? profile->max_time + 1 : profile->min_time + span / 5 * (k + 1);
          es_mono_report_count (profile, &options, &part);
          sum.calls += part.calls;
          sum.allocations += part.allocations;
          sum.allocated_bytes += part.allocated_bytes;
          sum.lock_contentions += part.lock_contentions;
          sum.lock_wait += part.lock_wait;
          sum.throws += part.throws;
        }
      g_assert_cmpuint (sum.calls, ==, whole.calls);
      g_assert_cmpuint (sum.allocations, ==, whole.allocations);
      g_assert_cmpuint (sum.allocated_bytes, ==, whole.allocated_bytes);
      g_assert_cmpuint (sum.lock_contentions, ==, whole.lock_contentions);
      g_assert_cmpuint (sum.throws, ==, whole.throws);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/mono-counts/counts-are-the-reports", test_counts_are_the_reports);
  g_test_add_func ("/mono-counts/intervals-add-up", test_intervals_add_up);

  return g_test_run ();
}
