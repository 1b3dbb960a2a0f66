/* test-mlpd-build.c: a Mono log built as it is written gives the file's document
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-document.h"
#include "es-mlpd-build.h"
#include "es-mlpd-load.h"
#include "es-mlpd-reader.h"
#include "es-test-log.h"

/* The project's plain Mono fixtures (the packed one is unpacked whole). */
static const char *fixtures[] = {
  "mlpd/alloc-small.mlpd",
  "mlpd/gc-threads.mlpd",
  "mlpd/nogc.mlpd",
};

/* What two documents of one Mono log must share beyond the summary: the
 * rows' names and the threads' labels, and where the log is cut. */
static char *
describe (EsDocument *document)
{
  g_autofree char *summary = es_test_describe_document (document);
  GString *text = g_string_new (summary);
  const EsThread *threads;
  guint n_threads;
  gint64 cut = -1;

  for (guint c = 0; c < es_document_get_n_caps (document); c++)
    g_string_append_printf (text, "row %u: %s\n", c, es_document_get_cap_label (document, c));
  threads = es_document_get_threads (document, &n_threads);
  for (guint t = 0; t < n_threads; t++)
    g_string_append_printf (text, "thread %u: %s\n", threads[t].id, threads[t].label);
  es_document_is_truncated (document, &cut);
  g_string_append_printf (text, "cut at %" G_GINT64_FORMAT "\n", cut);
  return g_string_free (text, FALSE);
}

static EsDocument *
load_bytes (const guint8 *data,
            gsize         len)
{
  g_autoptr(GBytes) bytes = g_bytes_new (data, len);
  g_autoptr(GError) error = NULL;
  EsDocument *document = es_mlpd_load_document (bytes, FALSE, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  return document;
}

/* The document of @build's builder as it stands. */
static EsDocument *
snapshot (EsMlpdBuild *build,
          gboolean     complete)
{
  EsDocumentBuilder *builder = es_mlpd_build_update (build, complete);
  g_autoptr(EsDocumentBuilder) copy = NULL;
  g_autoptr(EsMlpdFinishing) finishing = NULL;
  gint64 cut = es_mlpd_build_get_cut (build);
  EsDocument *document;

  if (builder == NULL)
    return NULL;
  copy = es_document_builder_copy (builder);
  finishing = es_mlpd_build_get_finishing (build);
  document = es_document_builder_finish (copy, cut >= 0, cut);
  es_mlpd_finishing_apply (finishing, document);
  return document;
}

typedef struct
{
  guint n_snapshots;
  guint n_growing;          /* snapshots, before the last, with more events than the one before */
  guint n_restarts;
} Followed;

/* Gives @data to a build in random pieces, a snapshot after each, and
 * checks that each snapshot holds no fewer events than the one before
 * (unless the build restarted);
 * the last, of all the bytes, is the document of a file of them. */
static Followed
follow (const guint8 *data,
        gsize         len,
        GRand        *rand)
{
  g_autoptr(EsMlpdBuild) build = es_mlpd_build_new ();
  g_autoptr(EsDocument) expected = load_bytes (data, len);
  g_autofree char *expected_text = describe (expected);
  g_autoptr(EsDocument) last = NULL;
  g_autofree char *got = NULL;
  Followed followed = { 0 };
  guint64 previous_events = 0, previous_end = 0;
  gsize given = 0;

  while (given < len)
    {
      gsize piece = (gsize) g_rand_int_range (rand, 1, (gint32) MAX (len / 12, 2));
      g_autoptr(GError) error = NULL;
      g_autoptr(EsDocument) document = NULL;

      /* Not in MIN (): it would draw twice. */
      piece = MIN (piece, len - given);
      g_assert_true (es_mlpd_build_take (build, data + given, piece, &error));
      g_assert_no_error (error);
      given += piece;
      document = snapshot (build, given == len);
      if (document == NULL)
        {
          g_assert_null (last);
          continue;
        }
      followed.n_snapshots++;
      /* What was told before a restart was told wrong: only then may a
       * snapshot hold less than the one before. */
      if (es_mlpd_build_get_n_restarts (build) == followed.n_restarts)
        {
          g_assert_cmpuint (es_document_get_n_events (document), >=, previous_events);
          g_assert_cmpuint (es_document_get_end_time (document), >=, previous_end);
        }
      followed.n_restarts = es_mlpd_build_get_n_restarts (build);
      if (given < len && es_document_get_n_events (document) > previous_events)
        followed.n_growing++;
      previous_events = es_document_get_n_events (document);
      previous_end = es_document_get_end_time (document);
      g_set_object (&last, document);
    }
  g_assert_nonnull (last);
  got = describe (last);
  g_assert_cmpstr (got, ==, expected_text);
  return followed;
}

/* Each real Mono log given a piece at a time, cut everywhere (inside its
 * header, its buffers' headers and their events), gives at the end the
 * document of the file; the snapshots before grow as the log's sync
 * points allow, and no buffer ever breaks their rule. */
static void
test_pieces_give_the_file_document (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);

  for (guint f = 0; f < G_N_ELEMENTS (fixtures); f++)
    {
      g_autofree char *path = es_test_fixture_path (fixtures[f]);
      g_autofree char *contents = NULL;
      gsize len;

      g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
      for (guint round = 0; round < 8; round++)
        {
          Followed followed = follow ((const guint8 *) contents, len, rand);

          g_assert_cmpuint (followed.n_restarts, ==, 0);
          /* gc-threads.mlpd has 29 sync points over 14 GCs: its
           * documents grow before it ends. */
          if (strstr (fixtures[f], "gc-threads") != NULL)
            g_assert_cmpuint (followed.n_growing, >=, 3);
          if (round == 0)
            g_test_message ("%s: %u snapshots, %u growing before the end", fixtures[f], followed.n_snapshots,
                            followed.n_growing);
        }
    }
}

/* The rule holds in the real logs ../shared keeps too, made with other
 * profiler options (allocations with backtraces, heapshots, method calls,
 * the legacy set, samples), up to 2.7 MB. */
static void
test_shared_logs_never_restart (void)
{
  const char *names[] = {
    "alloc-default", "alloc-gc-alloc", "alloc-heapshot", "exc-calls", "threads-legacy",
  };
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  guint n_read = 0;

  for (guint n = 0; n < G_N_ELEMENTS (names); n++)
    {
      g_autofree char *relative = g_strdup_printf ("mlpd/%s.mlpd", names[n]);
      g_autofree char *path = es_test_shared_path (relative);
      g_autofree char *contents = NULL;
      Followed followed;
      gsize len;

      if (path == NULL)
        continue;
      g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
      followed = follow ((const guint8 *) contents, len, rand);
      g_test_message ("%s: %u snapshots, %u growing before the end, %u restarts", names[n],
                      followed.n_snapshots, followed.n_growing, followed.n_restarts);
      g_assert_cmpuint (followed.n_restarts, ==, 0);
      n_read++;
    }
  if (n_read == 0)
    g_test_skip ("../shared/mlpd is not beside the checkout");
}

/* The start of each buffer of @data, a Mono log, and where it ends. */
static GArray *
list_buffers (const guint8 *data,
              gsize         len)
{
  GArray *starts = g_array_new (FALSE, FALSE, sizeof (gsize));
  EsMlpdHeader header;
  gsize pos;

  g_assert_true (es_mlpd_read_header (data, len, &header, &pos, NULL));
  es_mlpd_header_clear (&header);
  while (pos < len)
    {
      guint32 n = GUINT32_FROM_LE (*(const guint32 *) (data + pos + 4));

      g_array_append_val (starts, pos);
      pos += 48 + n;
    }
  g_assert_cmpuint (pos, ==, len);
  g_array_append_val (starts, pos);
  return starts;
}

/* A buffer held back to the end of the log breaks the sync points' rule:
 * the build notices that what it told no longer holds, tells the log again
 * from the start, and still gives the document of the reordered file. */
static void
test_late_buffer_restarts (void)
{
  g_autofree char *path = es_test_fixture_path ("mlpd/gc-threads.mlpd");
  g_autofree char *contents = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  g_autoptr(GArray) starts = NULL;
  const guint8 *data;
  gsize len;
  guint moved = 0, restarted = 0;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  data = (const guint8 *) contents;
  starts = list_buffers (data, len);
  /* Each buffer of the first half of the log, one at a time. */
  for (guint b = 0; b + 1 < starts->len / 2; b++)
    {
      gsize start = g_array_index (starts, gsize, b), end = g_array_index (starts, gsize, b + 1);
      g_autoptr(GByteArray) reordered = g_byte_array_new ();
      Followed followed;

      g_byte_array_append (reordered, data, (guint) start);
      g_byte_array_append (reordered, data + end, (guint) (len - end));
      g_byte_array_append (reordered, data + start, (guint) (end - start));
      followed = follow (reordered->data, reordered->len, rand);
      moved++;
      restarted += followed.n_restarts > 0;
    }
  /* A buffer of only what makes no record (methods compiled, say) may
   * come late without harm; most do not. */
  g_test_message ("%u buffers moved, %u made the build restart", moved, restarted);
  g_assert_cmpuint (restarted, >=, 2);
}

/* A log's bytes are decoded a whole buffer at a time: a header not all
 * there yet gives no builder, and a malformed buffer fails the build as
 * it fails the file, naming its offset. */
static void
test_header_and_malformed_buffer (void)
{
  g_autofree char *path = es_test_fixture_path ("mlpd/nogc.mlpd");
  g_autofree char *contents = NULL;
  g_autoptr(EsMlpdBuild) build = es_mlpd_build_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) starts = NULL;
  g_autofree char *where = NULL;
  gsize len, second;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  starts = list_buffers ((const guint8 *) contents, len);
  g_assert_true (es_mlpd_build_take (build, (const guint8 *) contents, 20, &error));
  g_assert_no_error (error);
  g_assert_false (es_mlpd_build_has_header (build));
  g_assert_null (es_mlpd_build_update (build, FALSE));
  g_assert_cmpint (es_mlpd_build_get_cut (build), ==, 0);

  /* The second buffer's signature broken. */
  second = g_array_index (starts, gsize, 1);
  contents[second] = 'X';
  g_assert_true (es_mlpd_build_take (build, (const guint8 *) contents + 20, second - 20, &error));
  g_assert_true (es_mlpd_build_has_header (build));
  g_assert_cmpint (es_mlpd_build_get_cut (build), ==, -1);
  g_assert_false (es_mlpd_build_take (build, (const guint8 *) contents + second, 4, &error));
  g_assert_error (error, ES_MLPD_ERROR, ES_MLPD_ERROR_BAD_MAGIC);
  where = g_strdup_printf ("byte %" G_GSIZE_FORMAT ":", second);
  g_assert_true (g_str_has_prefix (error->message, where));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/mlpd-build/pieces-give-the-file-document", test_pieces_give_the_file_document);
  g_test_add_func ("/mlpd-build/shared-logs-never-restart", test_shared_logs_never_restart);
  g_test_add_func ("/mlpd-build/late-buffer-restarts", test_late_buffer_restarts);
  g_test_add_func ("/mlpd-build/header-and-malformed-buffer", test_header_and_malformed_buffer);
  return g_test_run ();
}
