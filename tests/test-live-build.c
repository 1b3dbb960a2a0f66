/* test-live-build.c: a live build takes its record as it grows, once,
 * whatever comes at a time, and gives the document of the file
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "es-live-build.h"
#include "es-test-log.h"

/* A GHC log and a plain Mono log are read once as their record grows:
 * every update is taken, never left to a load of the whole record, and the
 * last gives the document of the file, with no Mono log told again from
 * its start; a packed Mono log, or a GHC log the reader refuses, is left
 * to the caller from the first bytes that tell. */
static void
test_build_reads_logs_once (void)
{
  g_autofree char *dir = g_dir_make_tmp ("es-live-build-XXXXXX", NULL);
  g_autofree char *record = g_build_filename (dir, "record", NULL);
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);

  for (guint f = 0; f < G_N_ELEMENTS (es_test_fixtures) + 1; f++)
    {
      gboolean broken = f == G_N_ELEMENTS (es_test_fixtures);
      const char *name = broken ? es_test_fixtures[1] : es_test_fixtures[f];
      /* Read once: a GHC log, or a Mono log not packed. */
      gboolean once = !g_str_has_suffix (name, "-zip.mlpd");
      g_autofree char *path = es_test_fixture_path (name);
      g_autofree char *contents = NULL;
      g_autoptr(EsLiveBuild) build = es_live_build_new (record);
      g_autoptr(EsDocument) last = NULL;
      gsize len, written = 0;
      guint taken = 0, refused = 0;
      int fd;

      g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
      /* Broken: a GHC log's first bytes, then no header but words. */
      if (broken)
        for (gsize i = 4; i < len; i++)
          contents[i] = "not a header "[i % 13];
      fd = g_open (record, O_WRONLY | O_CREAT | O_TRUNC, 0600);
      g_assert_cmpint (fd, >=, 0);
      while (written < len)
        {
          gsize piece = (gsize) g_rand_int_range (rand, 1, (gint32) MAX (len / 8, 2));
          g_autoptr(EsDocument) document = NULL;
          g_autoptr(GError) error = NULL;

          /* Not in MIN (): it would draw twice. */
          piece = MIN (piece, len - written);

          g_assert_cmpint (write (fd, contents + written, piece), ==, (gssize) piece);
          written += piece;
          if (es_live_build_update (build, written, written == len, NULL, &document, &error))
            {
              taken++;
              if (document != NULL)
                g_set_object (&last, document);
            }
          else
            refused++;
          g_assert_no_error (error);
        }
      close (fd);

      if (once && !broken)
        {
          g_autofree char *expected = es_test_describe_file (path);
          g_autofree char *got = NULL;

          g_assert_cmpuint (refused, ==, 0);
          g_assert_nonnull (last);
          got = es_test_describe_document (last);
          g_assert_cmpstr (got, ==, expected);
        }
      else
        {
          /* Once refused, always: the caller loads the record instead. */
          g_assert_cmpuint (refused, >, 0);
          g_assert_false (es_live_build_update (build, written, TRUE, NULL, &last, NULL));
          g_assert_null (last);
        }
      g_test_message ("%s%s: %u updates taken, %u left to the caller", name, broken ? " (broken)" : "", taken,
                      refused);
    }
  g_unlink (record);
  g_rmdir (dir);
}

/* The bytes of the records' memory files alive (a live build's, shared
 * with its documents), from /proc/self/fd; -1 where there is no /proc. */
static gint64
records_file_bytes (void)
{
  g_autoptr(GDir) fds = g_dir_open ("/proc/self/fd", 0, NULL);
  const char *name;
  gint64 bytes = 0;

  if (fds == NULL)
    return -1;
  while ((name = g_dir_read_name (fds)) != NULL)
    {
      g_autofree char *link = g_build_filename ("/proc/self/fd", name, NULL);
      g_autofree char *target = g_file_read_link (link, NULL);
      struct stat st;

      if (target != NULL && g_str_has_prefix (target, "/memfd:eventscope-records") && stat (link, &st) == 0)
        bytes += (gint64) st.st_blocks * 512;
    }
  return bytes;
}

/* A log built from a record of @len bytes, taken @step bytes at a time;
 * its records' memory in @records. */
static EsDocument *
build_in_steps (const char *record,
                gsize       len,
                gsize       step,
                gint64     *records)
{
  g_autoptr(EsLiveBuild) build = es_live_build_new (record);
  g_autoptr(EsDocument) document = NULL;
  g_autoptr(GError) error = NULL;

  for (gsize taken = MIN (step, len); taken < len; taken = MIN (taken + step, len))
    g_assert_true (es_live_build_take (build, taken, NULL, &error));
  g_assert_true (es_live_build_update (build, len, TRUE, NULL, &document, &error));
  g_assert_no_error (error);
  g_assert_nonnull (document);
  *records = records_file_bytes ();
  return g_steal_pointer (&document);
}

/* A backlog (a record far ahead of the build, as when a log comes faster
 * than it is built) is taken with the pages of its records made ready on
 * another thread: the document is the file's, and what was made ready and
 * not written is given back (here, cap 1's, whose events stop halfway; the
 * log is complete before the build catches up), so that its records hold
 * what the same log taken a little at a time holds. */
static void
test_build_takes_a_backlog (void)
{
  g_autofree char *path = es_test_write_busy_log_cap_1_until (900, 450);
  g_autofree char *expected = es_test_describe_file (path);
  g_autofree char *at_once = NULL, *in_steps = NULL;
  gint64 records_at_once, records_in_steps;
  GStatBuf st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_size, >, 8 << 20);
  {
    g_autoptr(EsDocument) document = build_in_steps (path, (gsize) st.st_size, (gsize) st.st_size, &records_at_once);

    at_once = es_test_describe_document (document);
  }
  {
    g_autoptr(EsDocument) document = build_in_steps (path, (gsize) st.st_size, 64 << 10, &records_in_steps);

    in_steps = es_test_describe_document (document);
  }
  g_unlink (path);
  g_assert_cmpstr (at_once, ==, expected);
  g_assert_cmpstr (in_steps, ==, expected);
  if (records_at_once < 0)
    {
      g_test_skip ("no /proc/self/fd: the records' memory is not checked");
      return;
    }
  g_assert_cmpint (records_at_once, >, 4 << 20);
  g_assert_cmpint (records_at_once, ==, records_in_steps);
}

/* A backlog taken a step at a time (es_live_build_take_some()), as the
 * follower takes one that would take long to build: each step takes just
 * what it was allowed, whatever was recorded beyond; an update of what was
 * taken is the document of those bytes, not of all that was recorded; and
 * the steps end in the whole file's document. */
static void
test_build_takes_a_backlog_in_steps (void)
{
  g_autofree char *path = es_test_write_busy_log (400);
  g_autofree char *expected = es_test_describe_file (path);
  g_autofree char *contents = NULL;
  g_autoptr(EsLiveBuild) build = es_live_build_new (path);
  g_autoptr(EsDocument) whole = NULL;
  g_autoptr(GError) error = NULL;
  const gsize step = 1 << 20;
  guint64 taken = 0, before;
  guint n_steps = 0, n_updates = 0;
  GStatBuf st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_size, >, 3 * step);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  do
    {
      before = taken;
      g_assert_true (es_live_build_take_some (build, (guint64) st.st_size, step, &taken, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (taken, ==, MIN (before + step, (guint64) st.st_size));
      n_steps++;
      /* An update after the first step, and after the third: cut in the
       * middle of the log, ahead of the bytes recorded. */
      if (n_steps == 1 || n_steps == 3)
        {
          EsLiveSnapshot *snapshot = NULL;
          g_autoptr(EsDocument) document = NULL;
          g_autofree char *got = NULL;
          g_autofree char *prefix = es_test_describe_ongoing_prefix (contents, (gsize) taken);

          g_assert_true (es_live_build_copy (build, taken, FALSE, NULL, &snapshot, &error));
          g_assert_no_error (error);
          g_assert_nonnull (snapshot);
          document = es_live_snapshot_finish (snapshot);
          g_assert_cmpuint (es_document_get_n_events (document), >, 0);
          got = es_test_describe_document (document);
          g_assert_cmpstr (got, ==, prefix);
          g_assert_cmpstr (got, !=, expected);
          n_updates++;
        }
    }
  while (taken < (guint64) st.st_size);
  g_assert_cmpuint (n_updates, ==, 2);
  g_assert_cmpuint (n_steps, ==, (st.st_size + step - 1) / step);

  g_assert_true (es_live_build_update (build, (guint64) st.st_size, TRUE, NULL, &whole, &error));
  g_assert_no_error (error);
  {
    g_autofree char *got = es_test_describe_document (whole);

    g_assert_cmpstr (got, ==, expected);
  }
  g_unlink (path);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/live/build/reads-logs-once", test_build_reads_logs_once);
  g_test_add_func ("/live/build/takes-a-backlog", test_build_takes_a_backlog);
  g_test_add_func ("/live/build/takes-a-backlog-in-steps", test_build_takes_a_backlog_in_steps);

  return g_test_run ();
}
