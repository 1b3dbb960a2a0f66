/* test-cli-report.c: eventscope-cli report, as a user runs it
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include <glib.h>

#include "es-test-cli.h"
#include "es-test-log.h"

static char *
read_fixture (const char *name)
{
  g_autofree char *path = es_test_fixture_path (name);
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  g_assert_no_error (error);
  return contents;
}

/* The whole report, byte for byte, with an option of mprof-report's, from
 * a packed log. */
static void
test_report_packed (void)
{
  g_autofree char *path = es_test_fixture_path ("mlpd/zip-sample.mlpd");
  g_autofree char *expected = read_fixture ("mlpd/zip-sample.report.txt");
  const char *args[] = { "report", path, NULL };
  g_auto(CliRun) run = { 0 };

  run_cli_argv (&run, args);
  g_assert_cmpint (run.exit_code, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpstr (run.out, ==, expected);
}

/* As mprof-report reads "-": standard input, to its end. */
static void
test_report_stdin (void)
{
  g_autofree char *path = es_test_fixture_path ("mlpd/calls-compute.mlpd");
  g_autofree char *expected = read_fixture ("mlpd/calls-compute.report.txt");
  const char *args[] = { "report", "-", NULL };
  g_auto(CliRun) run = { 0 };
  CliChild child = { .stdin_fd = open (path, O_RDONLY) };

  g_assert_cmpint (child.stdin_fd, >=, 0);
  run_cli_child (&run, args, &child);
  close (child.stdin_fd);
  g_assert_cmpint (run.exit_code, ==, 0);
  g_assert_cmpstr (run.out, ==, expected);
}

static void
test_report_options (void)
{
  g_autofree char *path = es_test_fixture_path ("mlpd/calls-compute.mlpd");
  g_autofree char *expected = read_fixture ("mlpd/calls-compute.maxframes2.txt");
  const char *args[] = { "report", "--traces", "--maxframes=2", path, NULL };
  g_auto(CliRun) run = { 0 };

  run_cli_argv (&run, args);
  g_assert_cmpint (run.exit_code, ==, 0);
  g_assert_cmpstr (run.out, ==, expected);
}

/* An interval drops what is outside it: the first tenth of a run that
 * allocates at its end has fewer allocations than the whole. */
static void
test_report_interval (void)
{
  g_autofree char *path = es_test_fixture_path ("mlpd/alloc-full.mlpd");
  const char *whole_args[] = { "report", "--reports=alloc", path, NULL };
  const char *part_args[] = { "report", "--reports=alloc", "--from", "0", "--to", "10%", path, NULL };
  g_auto(CliRun) whole = { 0 };
  g_auto(CliRun) part = { 0 };
  const char *whole_total, *part_total;

  run_cli_argv (&whole, whole_args);
  run_cli_argv (&part, part_args);
  g_assert_cmpint (whole.exit_code, ==, 0);
  g_assert_cmpint (part.exit_code, ==, 0);
  whole_total = strstr (whole.out, "bytes in ");
  part_total = strstr (part.out, "bytes in ");
  g_assert_nonnull (whole_total);
  if (part_total != NULL)
    g_assert_cmpint (g_ascii_strtoll (part_total + 9, NULL, 10), <, g_ascii_strtoll (whole_total + 9, NULL, 10));
}

/* A GHC log, a file that is no log, unknown reports and sorts: a message
 * that says what is wrong (with the byte offset for a log), and a failure. */
static void
test_report_refuses (void)
{
  g_autofree char *ghc = es_test_fixture_path ("hello.eventlog");
  g_autofree char *dir = es_test_make_dir ();
  static const char not_a_log[] = "\x01ZPM\x03\x00\x11\x08 not a log";
  g_autofree char *junk = es_test_write_file (dir, "junk.mlpd", not_a_log, sizeof not_a_log - 1);
  const char *ghc_args[] = { "report", ghc, NULL };
  const char *junk_args[] = { "report", junk, NULL };
  const char *reports_args[] = { "report", "--reports=gc,flames", ghc, NULL };
  const char *sort_args[] = { "report", "--method-sort=name", ghc, NULL };
  g_auto(CliRun) run = { 0 };

  run_cli_argv (&run, ghc_args);
  g_assert_cmpint (run.exit_code, ==, 2);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_nonnull (strstr (run.err, "byte 0: a GHC eventlog"));
  g_assert_nonnull (strstr (run.err, "not a Mono log-profiler file"));
  cli_run_clear (&run);

  run_cli_argv (&run, junk_args);
  g_assert_cmpint (run.exit_code, ==, 2);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_nonnull (strstr (run.err, "byte "));
  cli_run_clear (&run);

  run_cli_argv (&run, reports_args);
  g_assert_cmpint (run.exit_code, ==, 1);
  g_assert_nonnull (strstr (run.err, "unknown report \"flames\""));
  cli_run_clear (&run);

  run_cli_argv (&run, sort_args);
  g_assert_cmpint (run.exit_code, ==, 1);
  g_assert_nonnull (strstr (run.err, "--method-sort must be total, self or calls"));
  es_test_remove_dir (dir);
}

int
main (int    argc,
      char **argv)
{
  /* the references were made in UTC: their "Program startup" is local */
  g_setenv ("TZ", "UTC", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli-report/packed", test_report_packed);
  g_test_add_func ("/cli-report/options", test_report_options);
  g_test_add_func ("/cli-report/stdin", test_report_stdin);
  g_test_add_func ("/cli-report/interval", test_report_interval);
  g_test_add_func ("/cli-report/refuses", test_report_refuses);
  return g_test_run ();
}
