/* test-cli.c: eventscope-cli's exit codes and messages
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "es-test-cli.h"
#include "es-test-log.h"

static void
run_cli (CliRun     *run,
         const char *command,
         const char *path)
{
  const char *args[] = { command, path, NULL };

  run_cli_argv (run, args);
}

static void
test_dump_whole_log (void)
{
  g_autofree char *path = es_test_fixture_path ("hello.eventlog");
  g_auto(CliRun) run = { 0 };

  run_cli (&run, "dump", path);
  g_assert_cmpint (run.exit_code, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_true (g_str_has_prefix (run.out, "Event Types:\n0: Create thread (size 4)\n"));
  g_assert_nonnull (strstr (run.out, "\nEvents:\n"));
  g_assert_nonnull (strstr (run.out, ": capset 0: RTS version \"GHC-9.0.2 rts_l\"\n"));
  g_assert_true (g_str_has_suffix (run.out, "\n\n"));
}

/* A cut log prints what it has, warns on stderr where it stops, exits 0. */
static void
test_dump_truncated_log (void)
{
  g_autofree char *fixture = es_test_fixture_path ("hello.eventlog");
  g_autofree char *contents = NULL;
  g_autofree char *path = NULL;
  g_auto(CliRun) run = { 0 };
  gsize len;

  g_assert_true (g_file_get_contents (fixture, &contents, &len, NULL));
  path = es_test_write_temp_log ((const guint8 *) contents, len - 5);
  run_cli (&run, "dump", path);
  g_unlink (path);

  g_assert_cmpint (run.exit_code, ==, 0);
  g_assert_nonnull (strstr (run.err, "warning:"));
  g_assert_nonnull (strstr (run.err, "the log is cut short: its data stops at byte "));
  g_assert_nonnull (strstr (run.out, "\nEvents:\n"));

  /* The byte, some 3,550 into the log, grouped by thousands as people
   * read it. */
  {
    const char *byte = strstr (run.err, " at byte ") + strlen (" at byte ");

    g_test_message ("%s", run.err);
    g_assert_true (g_ascii_isdigit (byte[0]) && byte[1] == ',');
    g_assert_true (g_ascii_isdigit (byte[2]) && g_ascii_isdigit (byte[3]) && g_ascii_isdigit (byte[4]));
    g_assert_cmpint (byte[5], ==, ' ');
    g_assert_cmpint ((byte[0] - '0') * 1000 + (byte[2] - '0') * 100 + (byte[3] - '0') * 10 + (byte[4] - '0'),
                     >, (int) len - 5 - 100);
  }
}

/* Malformed input: a message naming the byte offset and the reason, exit 2,
 * nothing on stdout. */
static void
test_dump_malformed_log (void)
{
  g_autofree char *fixture = es_test_fixture_path ("hello.eventlog");
  g_autofree char *contents = NULL;
  g_autofree char *path = NULL;
  g_auto(CliRun) run = { 0 };
  gsize len;

  g_assert_true (g_file_get_contents (fixture, &contents, &len, NULL));
  memcpy (contents, "GIF8", 4);
  path = es_test_write_temp_log ((const guint8 *) contents, len);
  run_cli (&run, "dump", path);
  g_unlink (path);

  g_assert_cmpint (run.exit_code, ==, 2);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_nonnull (strstr (run.err, ": byte 0: expected the header marker \"hdrb\""));
}

static void
test_dump_cut_inside_header (void)
{
  g_autofree char *fixture = es_test_fixture_path ("hello.eventlog");
  g_autofree char *contents = NULL;
  g_autofree char *path = NULL;
  g_auto(CliRun) run = { 0 };
  gsize len;

  g_assert_true (g_file_get_contents (fixture, &contents, &len, NULL));
  path = es_test_write_temp_log ((const guint8 *) contents, 100);
  run_cli (&run, "dump", path);
  g_unlink (path);

  g_assert_cmpint (run.exit_code, ==, 2);
  g_assert_nonnull (strstr (run.err, "byte 100: the log ends inside its header"));
}

/* Files that are no eventlog at all: a clear word, an exit code, no hang. */
static void
test_not_eventlogs (void)
{
  g_autofree char *dir = g_dir_make_tmp ("eventscope-hostile-XXXXXX", NULL);
  g_autofree char *empty = g_build_filename (dir, "empty.eventlog", NULL);
  g_auto(CliRun) on_empty = { 0 };
  g_auto(CliRun) on_dir = { 0 };

  g_assert_true (g_file_set_contents (empty, "", 0, NULL));

  run_cli (&on_empty, "dump", empty);
  g_assert_cmpint (on_empty.exit_code, ==, 2);
  g_assert_nonnull (strstr (on_empty.err, "byte 0: the file is empty"));

  run_cli (&on_dir, "summary", dir);
  g_assert_cmpint (on_dir.exit_code, ==, 1);
  g_assert_nonnull (strstr (on_dir.err, "is a folder"));

  g_unlink (empty);
  g_rmdir (dir);
}

static void
test_missing_file (void)
{
  g_auto(CliRun) run = { 0 };

  run_cli (&run, "dump", "/nonexistent/prog.eventlog");
  g_assert_cmpint (run.exit_code, ==, 1);
  g_assert_nonnull (strstr (run.err, "/nonexistent/prog.eventlog"));
}

static void
test_unknown_command (void)
{
  g_auto(CliRun) run = { 0 };

  run_cli (&run, "frobnicate", "x");
  g_assert_cmpint (run.exit_code, ==, 1);
  g_assert_nonnull (strstr (run.err, "unknown command \"frobnicate\""));
}

/* The byte-count lines are the RTS's own lines, character for character. */
static void
test_summary_whole_run (void)
{
  g_autofree char *path = es_test_fixture_path ("heap-hT-N2.eventlog");
  g_autofree char *s_path = es_test_fixture_path ("heap-hT-N2.rts-s.txt");
  g_autofree char *rts = NULL;
  g_auto(GStrv) rts_lines = NULL;
  g_auto(CliRun) run = { 0 };
  guint checked = 0;

  run_cli (&run, "summary", path);
  g_assert_cmpint (run.exit_code, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_true (g_file_get_contents (s_path, &rts, NULL, NULL));
  rts_lines = g_strsplit (rts, "\n", -1);
  for (guint i = 0; rts_lines[i] != NULL; i++)
    if (strstr (rts_lines[i], " bytes allocated in the heap") || strstr (rts_lines[i], " bytes copied during GC") ||
        strstr (rts_lines[i], " bytes maximum residency") || strstr (rts_lines[i], " bytes maximum slop") ||
        strstr (rts_lines[i], "SPARKS: ") || strstr (rts_lines[i], "Parallel GC work balance"))
      {
        g_autofree char *line = g_strconcat ("\n", rts_lines[i], "\n", NULL);

        g_assert_nonnull (strstr (run.out, line));
        checked++;
      }
  g_assert_cmpuint (checked, ==, 6);
  g_assert_nonnull (strstr (run.out, "  Gen  0       544 colls,   544 par"));
  g_assert_nonnull (strstr (run.out, "  MUT     time  ("));
  g_assert_nonnull (strstr (run.out, "  Productivity  "));
  g_assert_nonnull (strstr (run.out, ", the whole run\n"));
}

/* A Mono log's summary prints mprof-report's own GC and lock lines, word
 * for word; dump refuses it and says why. */
static void
test_summary_mono (void)
{
  const char *names[] = { "gc-threads", "gc-zip", "alloc-small", "nogc" };

  for (guint n = 0; n < G_N_ELEMENTS (names); n++)
    {
      g_autofree char *mlpd = g_strdup_printf ("mlpd/%s.mlpd", names[n]);
      g_autofree char *txt = g_strdup_printf ("mlpd/%s.report.txt", names[n]);
      g_autofree char *path = es_test_fixture_path (mlpd);
      g_autofree char *report_path = es_test_fixture_path (txt);
      g_autofree char *report = NULL;
      g_auto(GStrv) lines = NULL;
      g_auto(CliRun) run = { 0 };
      g_auto(CliRun) dump = { 0 };
      guint checked = 0;

      run_cli (&run, "summary", path);
      g_assert_cmpint (run.exit_code, ==, 0);
      g_assert_nonnull (strstr (run.out, "GC pauses (world stopped)"));
      g_assert_true (g_file_get_contents (report_path, &report, NULL, NULL));
      lines = g_strsplit (report, "\n", -1);
      for (guint i = 0; lines[i] != NULL; i++)
        if (g_str_has_prefix (lines[i], "\tGC resizes: ") || g_str_has_prefix (lines[i], "\tMax heap size: ") ||
            g_str_has_prefix (lines[i], "\tObject moves: ") || g_str_has_prefix (lines[i], "\tGen0 collections: ") ||
            g_str_has_prefix (lines[i], "\tGen1 collections: ") || g_str_has_prefix (lines[i], "\tLock contentions: ") ||
            g_str_has_prefix (lines[i], "\tThrows: "))
          {
            g_autofree char *line = g_strconcat ("\n  ", lines[i] + 1, "\n", NULL);

            g_assert_nonnull (strstr (run.out, line));
            checked++;
          }
      g_assert_cmpuint (checked, >=, 4);

      run_cli (&dump, "dump", path);
      g_assert_cmpint (dump.exit_code, ==, 2);
      g_assert_nonnull (strstr (dump.err, "is a Mono log"));
    }
}

static void
test_summary_interval (void)
{
  g_autofree char *path = es_test_fixture_path ("heap-hT-N2.eventlog");
  const char *percent[] = { "summary", "--from", "10%", "--to", "50%", path, NULL };
  const char *units[] = { "summary", "--from", "100ms", "--to", "0.2s", path, NULL };
  g_auto(CliRun) by_percent = { 0 };
  g_auto(CliRun) by_units = { 0 };

  run_cli_argv (&by_percent, percent);
  g_assert_cmpint (by_percent.exit_code, ==, 0);
  g_assert_nonnull (strstr (by_percent.out, "Interval 0.0500"));
  g_assert_null (strstr (by_percent.out, "the whole run"));

  run_cli_argv (&by_units, units);
  g_assert_cmpint (by_units.exit_code, ==, 0);
  g_assert_nonnull (strstr (by_units.out, "Interval 0.100000s to 0.200000s (0.100000s)\n"));
}

static void
test_summary_bad_times (void)
{
  g_autofree char *path = es_test_fixture_path ("hello.eventlog");
  const char *unitless[] = { "summary", "--from", "soon", path, NULL };
  const char *backwards[] = { "summary", "--from", "2ms", "--to", "1ms", path, NULL };
  g_auto(CliRun) bad = { 0 };
  g_auto(CliRun) reversed = { 0 };

  run_cli_argv (&bad, unitless);
  g_assert_cmpint (bad.exit_code, ==, 1);
  g_assert_nonnull (strstr (bad.err, "“soon” is not a time"));

  run_cli_argv (&reversed, backwards);
  g_assert_cmpint (reversed.exit_code, ==, 1);
  g_assert_nonnull (strstr (reversed.err, "ends (--to) before it starts"));
}

static void
test_summary_malformed_log (void)
{
  g_autofree char *fixture = es_test_fixture_path ("hello.eventlog");
  g_autofree char *contents = NULL;
  g_autofree char *path = NULL;
  g_auto(CliRun) run = { 0 };
  gsize len;

  g_assert_true (g_file_get_contents (fixture, &contents, &len, NULL));
  memcpy (contents, "\x7f" "ELF", 4);
  path = es_test_write_temp_log ((const guint8 *) contents, len);
  run_cli (&run, "summary", path);
  g_unlink (path);

  g_assert_cmpint (run.exit_code, ==, 2);
  g_assert_nonnull (strstr (run.err, "byte 0: expected the header marker"));
}

/* A malformed Mono log is the log's fault as much as a malformed eventlog:
 * exit 2, with the byte offset, not the exit code of a usage error. */
static void
test_summary_malformed_mono_log (void)
{
  g_autofree char *fixture = es_test_fixture_path ("mlpd/gc-threads.mlpd");
  g_autofree char *contents = NULL;
  g_autofree char *path = NULL;
  g_auto(CliRun) run = { 0 };
  gsize len;

  g_assert_true (g_file_get_contents (fixture, &contents, &len, NULL));
  contents[6] = 18;   /* a data version from the future */
  path = es_test_write_temp_log ((const guint8 *) contents, len);
  run_cli (&run, "summary", path);
  g_unlink (path);

  g_assert_cmpint (run.exit_code, ==, 2);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_nonnull (strstr (run.err, ": byte 6: data version 18 of the Mono log format is not supported"));
}

/* Runs summary on the packed fixture with byte @pos changed by @flip. */
static void
run_damaged_summary (CliRun *run,
                     gsize   pos,
                     guint8  flip,
                     gsize  *len)
{
  g_autofree char *fixture = es_test_fixture_path ("mlpd/gc-zip.mlpd");
  g_autofree char *contents = NULL;
  g_autofree char *path = NULL;

  g_assert_true (g_file_get_contents (fixture, &contents, len, NULL));
  g_assert_cmpuint (pos, <, *len);
  contents[pos] ^= flip;
  path = es_test_write_temp_log ((const guint8 *) contents, *len);
  run_cli (run, "summary", path);
  g_unlink (path);
}

/* The packed offset the message names after "PATH: ". */
static guint64
named_packed_offset (const char *err)
{
  const char *at = strstr (err, ".eventlog: byte");

  g_assert_nonnull (at);
  at += strlen (".eventlog: byte");
  if (*at == 's')
    at++;
  g_assert_nonnull (strstr (at, " of the packed file: "));
  return g_ascii_strtoull (at, NULL, 10);
}

/* A damaged packed Mono log is the log's fault, not an I/O error: what came
 * before the damage is printed, as for a log cut there, then where the
 * damage is, in the packed file, and the exit code is 2. */
static void
test_summary_damaged_packed_mono_log (void)
{
  g_autofree char *fixture = es_test_fixture_path ("mlpd/gc-zip.mlpd");
  g_auto(CliRun) whole = { 0 };
  g_auto(CliRun) header = { 0 };
  g_auto(CliRun) middle = { 0 };
  g_auto(CliRun) checksum = { 0 };
  gsize len;
  guint64 at;

  run_cli (&whole, "summary", fixture);
  g_assert_cmpint (whole.exit_code, ==, 0);

  /* The gzip header's method: nothing can be unpacked, nothing printed. */
  run_damaged_summary (&header, 2, 0xff, &len);
  g_assert_cmpint (header.exit_code, ==, 2);
  g_assert_cmpstr (header.out, ==, "");
  g_assert_nonnull (strstr (header.err, " of the packed file: its gzip header is damaged"));
  at = named_packed_offset (header.err);
  g_assert_cmpuint (at, >=, 2);
  g_assert_cmpuint (at, <, 10);

  /* The middle: found where it shows, at the latest at the checksum; the
   * log before it is summed up. */
  run_damaged_summary (&middle, len / 2, 0xff, &len);
  g_assert_cmpint (middle.exit_code, ==, 2);
  g_assert_nonnull (strstr (middle.out, "GC pauses (world stopped)"));
  g_assert_nonnull (strstr (middle.err, "; what came before it is shown (the first "));
  at = named_packed_offset (middle.err);
  g_assert_cmpuint (at, >=, len / 2);
  g_assert_cmpuint (at, <, len);

  /* The checksum itself: every buffer unpacked, so the very same summary
   * as the undamaged log's, and still exit 2. */
  run_damaged_summary (&checksum, len - 7, 0xff, &len);
  g_assert_cmpint (checksum.exit_code, ==, 2);
  g_assert_cmpstr (checksum.out, ==, whole.out);
  g_assert_nonnull (strstr (checksum.err, " of the packed file: the gzip checksum does not match the "));
  g_assert_cmpuint (named_packed_offset (checksum.err), ==, len - 8);
}

/* export writes the picture in the format its name says; a bad name, a
 * bad span or a broken log each fail with their own exit code. */
static void
test_export (void)
{
  g_autofree char *fixture = es_test_fixture_path ("parfib-N2.eventlog");
  g_autofree char *dir = g_dir_make_tmp ("es-cli-export-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "run.png", NULL);
  g_autofree char *pdf = g_build_filename (dir, "run.pdf", NULL);
  g_autofree char *gif = g_build_filename (dir, "run.gif", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *broken = NULL;
  gsize len;

  {
    g_auto(CliRun) help = { 0 };
    const char *args[] = { "--help", NULL };

    run_cli_argv (&help, args);
    if (strstr (help.out, "export") == NULL)
      {
        g_test_skip ("eventscope-cli was built without Cairo: no export");
        return;
      }
  }
  {
    g_auto(CliRun) run = { 0 };
    const char *args[] = { "export", "--width", "800", fixture, png, NULL };

    run_cli_argv (&run, args);
    g_assert_cmpint (run.exit_code, ==, 0);
    g_assert_true (g_file_get_contents (png, &contents, &len, NULL));
    g_assert_cmpuint (len, >, 8);
    g_assert_cmpmem (contents, 8, "\x89PNG\r\n\x1a\n", 8);
    /* The IHDR chunk: the width asked for. */
    g_assert_cmpuint (((guint8) contents[16] << 24 | (guint8) contents[17] << 16 |
                       (guint8) contents[18] << 8 | (guint8) contents[19]), ==, 800);
  }
  {
    g_auto(CliRun) run = { 0 };
    const char *args[] = { "export", "--from", "10ms", "--to", "20ms", fixture, pdf, NULL };

    run_cli_argv (&run, args);
    g_assert_cmpint (run.exit_code, ==, 0);
    g_clear_pointer (&contents, g_free);
    g_assert_true (g_file_get_contents (pdf, &contents, NULL, NULL));
    g_assert_true (g_str_has_prefix (contents, "%PDF"));
  }
  {
    g_auto(CliRun) run = { 0 };
    const char *args[] = { "export", fixture, gif, NULL };

    run_cli_argv (&run, args);
    g_assert_cmpint (run.exit_code, ==, 1);
    g_assert_nonnull (strstr (run.err, ".png, .svg or .pdf"));
  }
  {
    g_auto(CliRun) run = { 0 };
    const char *args[] = { "export", "--from", "20ms", "--to", "10ms", fixture, png, NULL };

    run_cli_argv (&run, args);
    g_assert_cmpint (run.exit_code, ==, 1);
  }
  {
    g_auto(CliRun) run = { 0 };
    const char *args[] = { "export", NULL, png, NULL };

    g_clear_pointer (&contents, g_free);
    g_assert_true (g_file_get_contents (fixture, &contents, &len, NULL));
    memcpy (contents, "\x7f" "ELF", 4);
    broken = es_test_write_temp_log ((const guint8 *) contents, len);
    args[1] = broken;
    run_cli_argv (&run, args);
    g_unlink (broken);
    g_assert_cmpint (run.exit_code, ==, 2);
  }
  g_unlink (png);
  g_unlink (pdf);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/dump/whole-log", test_dump_whole_log);
  g_test_add_func ("/cli/dump/truncated-log-warns-and-exits-0", test_dump_truncated_log);
  g_test_add_func ("/cli/dump/malformed-log-exits-2", test_dump_malformed_log);
  g_test_add_func ("/cli/dump/cut-inside-header-exits-2", test_dump_cut_inside_header);
  g_test_add_func ("/cli/summary/whole-run-lines-equal-rts", test_summary_whole_run);
  g_test_add_func ("/cli/summary/interval", test_summary_interval);
  g_test_add_func ("/cli/summary/mono-lines-equal-mprof-report", test_summary_mono);
  g_test_add_func ("/cli/summary/bad-times-exit-1", test_summary_bad_times);
  g_test_add_func ("/cli/summary/malformed-log-exits-2", test_summary_malformed_log);
  g_test_add_func ("/cli/summary/malformed-mono-log-exits-2", test_summary_malformed_mono_log);
  g_test_add_func ("/cli/summary/damaged-packed-mono-log-exits-2", test_summary_damaged_packed_mono_log);
  g_test_add_func ("/cli/export/png-pdf-and-failures", test_export);
  g_test_add_func ("/cli/missing-file-exits-1", test_missing_file);
  g_test_add_func ("/cli/empty-file-and-folder-are-refused", test_not_eventlogs);
  g_test_add_func ("/cli/unknown-command-exits-1", test_unknown_command);

  return g_test_run ();
}
