/* test-cli-messages.c: what eventscope-cli says where there is nothing to
 * do, a file cannot be written, or a figure cannot be true
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#ifndef _GNU_SOURCE
# define _GNU_SOURCE      /* memmem() */
#endif

#include "config.h"

#include <errno.h>
#include <string.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "es-test-cli.h"
#include "es-test-log.h"

/* What is said when there is nothing to do, or a picture cannot be
 * written: no talk of --from and --to that were not given, and the reason
 * a file could not be made. */
static void
test_plain_messages (void)
{
  g_autofree char *dir = es_test_make_dir ();
  gsize len;
  g_autofree char *contents = es_test_read_fixture ("hello.eventlog", &len);
  g_autofree char *path = es_test_write_file (dir, "hello.eventlog", contents, len);
  g_autofree char *empty = NULL, *into_file = g_build_filename (path, "timeline.png", NULL);
  const char *data_begin = memmem (contents, len, "datb", 4);
  CliChild child = { .stdin_fd = -1 };
  g_autoptr(GByteArray) header_only = g_byte_array_new ();

  /* The header, then no event: the data's begin and end markers. */
  g_assert_nonnull (data_begin);
  g_byte_array_append (header_only, (const guint8 *) contents, (guint) (data_begin + 4 - contents));
  g_byte_array_append (header_only, (const guint8 *) "\xff\xff", 2);
  empty = es_test_write_file (dir, "empty.eventlog", header_only->data, header_only->len);
  {
    const char *profile[] = { "profile", empty, NULL };
    const char *export[] = { "export", empty, "out.png", NULL };
    g_auto(CliRun) run_profile = { 0 };
    g_auto(CliRun) run_export = { 0 };

    run_cli_child (&run_profile, profile, &child);
    g_assert_cmpint (run_profile.exit_code, ==, 1);
    g_assert_nonnull (strstr (run_profile.err, "the log holds no events, so there is no interval to profile"));
    g_assert_null (strstr (run_profile.err, "--to"));
    run_cli_child (&run_export, export, &child);
    g_assert_cmpint (run_export.exit_code, ==, 1);
    g_assert_nonnull (strstr (run_export.err, "the log holds no events, so there is no span to draw"));
  }
  {
    /* A file where a folder should be: "Not a directory", with the path. */
    const char *export[] = { "export", path, into_file, NULL };
    g_auto(CliRun) run = { 0 };

    run_cli_child (&run, export, &child);
    g_assert_cmpint (run.exit_code, ==, 1);
    g_assert_nonnull (strstr (run.err, into_file));
    g_assert_nonnull (strstr (run.err, g_strerror (ENOTDIR)));
  }
  {
    /* A picture past the file size limit: the reason, and no part of it. */
    g_autofree char *picture = g_build_filename (dir, "timeline.svg", NULL);
    const char *export[] = { "export", path, picture, NULL };
    CliChild limited = { .stdin_fd = -1, .file_size_limit = 4096 };
    g_auto(CliRun) run = { 0 };

    run_cli_child (&run, export, &limited);
    g_assert_cmpint (run.exit_code, ==, 1);
    g_assert_nonnull (strstr (run.err, g_strerror (EFBIG)));
    g_assert_false (g_file_test (picture, G_FILE_TEST_EXISTS));
  }
  g_assert_cmpuint (es_test_count_entries (dir), ==, 2);
  es_test_remove_dir (dir);
}

/* A log whose GC statistics cannot be: a parallel GC that "balanced"
 * more bytes than it copied. The work balance is not printed as a share
 * over 100% (before: 602524283634580.75%), but said to be unknown, with
 * the GC at fault; and left out of the JSON. */
static void
test_inconsistent_gc_statistics (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  g_autofree char *dir = es_test_make_dir ();
  g_autofree char *path = NULL;
  const char *text_args[] = { "summary", NULL, NULL };
  const char *json_args[] = { "summary", "--json", NULL, NULL };
  CliChild child = { .stdin_fd = -1 };
  g_auto(CliRun) text = { 0 };
  g_auto(CliRun) json = { 0 };
  GByteArray *data;

  es_test_log_declare_ghc (log);
  es_test_log_begin_data (log);
  es_test_log_begin_block (log, 1000, 0);
  for (guint i = 0; i < 2; i++)
    {
      guint64 t = 2000 + i * 10000;
      /* capset, generation, copied, slop, frag, threads, max, total, balanced */
      GByteArray *stats = es_payload_u16 (es_payload_u32 (es_payload_new (), 0), 1);

      es_payload_u64 (es_payload_u64 (es_payload_u64 (stats, 4096), 0), 0);
      es_payload_u64 (es_payload_u64 (es_payload_u64 (es_payload_u32 (stats, 2), 2048), 4096),
                      i == 1 ? G_GUINT64_CONSTANT (6025242836345807) : 1024);
      es_test_log_event (log, ES_EVENT_GC_START, t, es_payload_new ());
      es_test_log_event (log, ES_EVENT_GC_STATS_GHC, t + 500, stats);
      es_test_log_event (log, ES_EVENT_GC_END, t + 600, es_payload_new ());
    }
  es_test_log_end_block (log, 30000);
  es_test_log_end (log);
  data = es_test_log_get_data (log);
  path = es_test_write_file (dir, "gc.eventlog", data->data, data->len);

  text_args[1] = path;
  json_args[2] = path;
  run_cli_child (&text, text_args, &child);
  run_cli_child (&json, json_args, &child);
  g_assert_cmpint (text.exit_code, ==, 0);
  g_assert_nonnull (strstr (text.out, "Parallel GC work balance: unknown: the log's GC statistics are inconsistent "
                                      "(the GC statistics of the GC at 0.000012600s on cap 0 say "
                                      "6,025,242,836,345,807 bytes balanced of 4,096 copied)"));
  g_assert_null (strstr (text.out, "% (serial 0%"));
  g_assert_cmpint (json.exit_code, ==, 0);
  {
    g_autoptr(JsonNode) root = json_from_string (json.out, NULL);
    JsonObject *figures = json_object_get_object_member (
      json_array_get_object_element (json_object_get_array_member (json_node_get_object (root), "runs"), 0), "figures");

    g_assert_cmpint (json_object_get_int_member (figures, "gen1_collections"), ==, 2);
    g_assert_false (json_object_has_member (figures, "work_balance"));
    g_assert_null (strstr (json.out, "work_balance"));
  }
  es_test_remove_dir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli-messages/plain-messages", test_plain_messages);
  g_test_add_func ("/cli-messages/inconsistent-gc-statistics", test_inconsistent_gc_statistics);

  return g_test_run ();
}
