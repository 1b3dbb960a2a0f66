/* test-live-record.c: a stream's first bytes are judged as loading them
 * would judge them, and its record keeps every byte, never replaces a file
 * with what is not a log, and leaves nothing behind
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "es-eventlog-reader.h"
#include "es-live-header-check.h"
#include "es-live-record.h"
#include "es-live-source.h"
#include "es-mlpd-error.h"
#include "es-mlpd-reader.h"
#include "es-test-cli.h"
#include "es-test-log.h"
#include "es-test-writer.h"

/* Whether the first @len bytes of a GHC log end inside its header, as the
 * reader that loads them says. */
static gboolean
ghc_header_cut (const guint8 *data,
                gsize         len)
{
  g_autoptr(EsEventlogReader) reader = es_eventlog_reader_new ();
  g_autoptr(GError) error = NULL;
  EsEvent event;
  EsReadResult result;

  es_eventlog_reader_feed (reader, data, len);
  es_eventlog_reader_finish (reader);
  while ((result = es_eventlog_reader_next (reader, &event, &error)) == ES_READ_EVENT)
    ;
  return g_error_matches (error, ES_EVENTLOG_ERROR, ES_EVENTLOG_ERROR_TRUNCATED_HEADER);
}

/* Whether the first @len bytes of a plain Mono log end inside its header. */
static gboolean
mono_header_cut (const guint8 *data,
                 gsize         len)
{
  EsMlpdHeader header;
  gsize header_len;
  g_autoptr(GError) error = NULL;

  if (es_mlpd_read_header (data, len, &header, &header_len, &error))
    es_mlpd_header_clear (&header);
  return g_error_matches (error, ES_MLPD_ERROR, ES_MLPD_ERROR_TRUNCATED_HEADER) || len < 4;
}

/* Fed a log a byte at a time, the check waits exactly as long as the bytes
 * so far end inside the header (as loading them would say), then finds it
 * good; never bad. A packed Mono log is found good before its end. */
static void
test_header_check_waits_for_the_whole_header (void)
{
  const char *names[] = { "hello.eventlog", "profiled-hc.eventlog", "mlpd/gc-threads.mlpd", "mlpd/gc-zip.mlpd" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      gsize len;
      g_autofree char *contents = es_test_read_fixture (names[i], &len);
      const guint8 *data = (const guint8 *) contents;
      g_autoptr(EsLiveHeaderCheck) check = es_live_header_check_new ();
      gboolean packed = es_mlpd_is_packed (data, len);
      gboolean mono = es_mlpd_looks_like (data, len);
      gsize good_at = 0;

      for (gsize fed = 1; fed <= len && good_at == 0; fed++)
        {
          g_autoptr(GError) error = NULL;
          EsLiveHeaderVerdict verdict = es_live_header_check_feed (check, data + fed - 1, 1, &error);

          g_assert_no_error (error);
          g_assert_cmpint (verdict, !=, ES_LIVE_HEADER_BAD);
          if (verdict == ES_LIVE_HEADER_GOOD)
            good_at = fed;
          else if (!packed)
            g_assert_true (mono ? mono_header_cut (data, fed) : ghc_header_cut (data, fed));
        }
      g_test_message ("%s: its header is whole at byte %" G_GSIZE_FORMAT " of %" G_GSIZE_FORMAT, names[i], good_at, len);
      g_assert_cmpuint (good_at, >, 0);
      g_assert_cmpuint (good_at, <, len);
      if (!packed)
        g_assert_false (mono ? mono_header_cut (data, good_at) : ghc_header_cut (data, good_at));
      g_assert_cmpint (es_live_header_check_get_verdict (check), ==, ES_LIVE_HEADER_GOOD);
    }
}

/* Bytes that are no log are found bad at once, with the message loading
 * them gives; a header that never ends, after ES_LIVE_HEADER_MOST. */
static void
test_header_check_refuses_what_is_no_log (void)
{
  static const struct
  {
    const char *bytes;
    gsize       len;
    const char *said;
  } cases[] = {
    { "y\ny\ny\ny\n", 8, "byte 0: expected the header marker \"hdrb\", found 0x790a790a" },
    { "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03garbage that is not deflate", 37, "the gzip-packed log cannot be unpacked" },
    { "\x01\x5a\x50\x4d\x06\x00\x63\x08", 8, "byte 6: data version 99 of the Mono log format is not supported" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(EsLiveHeaderCheck) check = es_live_header_check_new ();
      g_autoptr(GError) error = NULL;

      g_assert_cmpint (es_live_header_check_feed (check, (const guint8 *) cases[i].bytes, cases[i].len, &error), ==,
                       ES_LIVE_HEADER_BAD);
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, cases[i].said));
    }

  {
    /* A GHC header whose event types never end: each a valid one. */
    g_autoptr(EsLiveHeaderCheck) check = es_live_header_check_new ();
    g_autoptr(GError) error = NULL;
    EsLiveHeaderVerdict verdict;
    gsize fed;

    /* Fed as a stream's record feeds it: 4 kB at a time. */
    g_autoptr(GByteArray) header = es_payload_new ();

    g_byte_array_append (header, (const guint8 *) "hdrbhetb", 8);
    for (guint16 tag = 0; header->len < ES_LIVE_HEADER_MOST + 4096; tag++)
      {
        es_payload_u32 (header, 0x65746200);         /* "etb\0" */
        es_payload_u16 (header, tag);
        es_payload_u16 (header, 0);                  /* no payload */
        es_payload_u32 (header, 1);
        es_payload_u8 (header, 'x');
        es_payload_u32 (header, 0);
        es_payload_u32 (header, 0x65746500);         /* "ete\0" */
      }
    verdict = ES_LIVE_HEADER_UNDECIDED;
    for (fed = 0; verdict == ES_LIVE_HEADER_UNDECIDED && fed < header->len; fed += 4096)
      verdict = es_live_header_check_feed (check, header->data + fed, MIN (4096, header->len - fed), &error);
    g_assert_cmpint (verdict, ==, ES_LIVE_HEADER_BAD);
    g_assert_cmpuint (fed, >=, ES_LIVE_HEADER_MOST);
    g_assert_cmpuint (fed, <=, ES_LIVE_HEADER_MOST + 4096);
    g_assert_nonnull (strstr (error->message, "no whole header in the first"));
  }
}

/* A source reading what a writer thread writes into a FIFO. */
typedef struct
{
  char         *dir;
  char         *fifo;
  EsLiveSource *source;
  EsTestWriter  writer;
  GThread      *thread;
} Fed;

static void
fed_start (Fed          *fed,
           const guint8 *data,
           gsize         len)
{
  g_autoptr(GError) error = NULL;

  fed->dir = es_test_make_dir ();
  fed->fifo = g_build_filename (fed->dir, "prog.fifo", NULL);
  g_assert_cmpint (mkfifo (fed->fifo, 0600), ==, 0);
  fed->source = es_live_source_new (fed->fifo, &error);
  g_assert_no_error (error);
  fed->writer = (EsTestWriter) { .path = fed->fifo, .data = data, .len = len, .n_pieces = 4, .pause_ms = 5,
                                 .reader_may_go = TRUE };
  fed->thread = g_thread_new ("writer", es_test_writer_run, &fed->writer);
}

static void
fed_finish (Fed *fed)
{
  es_live_source_free (fed->source);
  g_thread_join (fed->thread);
  g_unlink (fed->fifo);
  g_free (fed->fifo);
  es_test_remove_dir (fed->dir);
  g_free (fed->dir);
}

/* A temporary record has no name at any time: it is read back through
 * its descriptor, holds every byte, and nothing of it is in the
 * temporary folder (TMPDIR, set by main()). */
static void
test_temporary_record_has_no_name (void)
{
  gsize len;
  g_autofree char *contents = es_test_read_fixture ("parfib-N2.eventlog", &len);
  g_autofree char *back = NULL;
  gsize back_len;
  g_autoptr(GError) error = NULL;
  EsLiveRecord *record;
  Fed fed = { 0 };

  fed_start (&fed, (const guint8 *) contents, len);
  record = es_live_record_new (fed.source, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (es_live_record_get_kept_path (record));
  g_assert_true (g_str_has_prefix (es_live_record_get_path (record), "/proc/self/fd/"));
  g_assert_true (es_live_record_take_all (record, fed.source, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (es_live_record_get_bytes (record), ==, len);
  g_assert_true (es_live_record_keep (record, &error));
  g_assert_true (g_file_get_contents (es_live_record_get_path (record), &back, &back_len, NULL));
  g_assert_cmpuint (back_len, ==, len);
  g_assert_true (memcmp (back, contents, len) == 0);
  /* The temporary folder holds the FIFO's folder, and nothing else. */
  g_assert_cmpuint (es_test_count_entries (g_get_tmp_dir ()), ==, 1);
  es_live_record_free (record);
  fed_finish (&fed);
}

/* A record the user named: the file that was there stays until the
 * stream's header is known to be a log's, then the record has its name
 * and every byte; a stream that is not a log leaves the file as it was,
 * and nothing beside it. */
static void
test_named_record_replaces_only_with_a_log (void)
{
  gsize len;
  g_autofree char *contents = es_test_read_fixture ("parfib-N2.eventlog", &len);
  static const char garbage[] = "this is not a log, and the record must not replace the file with it\n";
  g_autofree char *keep_dir = es_test_make_dir ();
  g_autofree char *kept = es_test_write_file (keep_dir, "kept.eventlog", "old", 3);
  g_autofree char *back = NULL;
  gsize back_len;

  for (guint good = 0; good < 2; good++)
    {
      g_autoptr(GError) error = NULL;
      guint8 buffer[4096];
      EsLiveRecord *record;
      Fed fed = { 0 };
      gssize n;

      fed_start (&fed, good ? (const guint8 *) contents : (const guint8 *) garbage,
                 good ? len : sizeof garbage - 1);
      record = es_live_record_new (fed.source, kept, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (es_live_record_get_kept_path (record), ==, kept);
      /* Nothing replaced yet, nothing beside it. */
      g_assert_true (g_file_get_contents (kept, &back, &back_len, NULL));
      g_assert_cmpstr (back, ==, "old");
      g_clear_pointer (&back, g_free);
      g_assert_cmpuint (es_test_count_entries (keep_dir), ==, 1);

      while ((n = es_live_record_take (record, fed.source, buffer, sizeof buffer, NULL, &error)) > 0)
        ;
      if (good)
        {
          g_assert_cmpint (n, ==, 0);
          g_assert_no_error (error);
        }
      else
        {
          g_assert_cmpint (n, ==, -1);
          g_assert_true (es_live_record_is_refused (record));
          g_assert_true (error->domain == ES_EVENTLOG_ERROR);
        }
      g_assert_true (es_live_record_keep (record, NULL));
      es_live_record_free (record);
      fed_finish (&fed);

      g_assert_cmpuint (es_test_count_entries (keep_dir), ==, 1);
      g_assert_true (g_file_get_contents (kept, &back, &back_len, NULL));
      if (good)
        {
          g_assert_cmpuint (back_len, ==, len);
          g_assert_true (memcmp (back, contents, len) == 0);
        }
      else
        g_assert_cmpstr (back, ==, "old");
      g_clear_pointer (&back, g_free);
    }
  es_test_remove_dir (keep_dir);
}

int
main (int    argc,
      char **argv)
{
  /* Not g_dir_make_tmp(): that would fix the temporary folder to the
   * one it is made in before TMPDIR says this one. */
  g_autofree char *tmpdir = g_build_filename (g_getenv ("TMPDIR") != NULL ? g_getenv ("TMPDIR") : "/tmp",
                                              "es-live-record-XXXXXX", NULL);
  int status;

  g_assert_nonnull (g_mkdtemp (tmpdir));
  /* The temporary folder every record of these tests would go to, to see
   * that none does; set before anything asks for it. */
  g_setenv ("TMPDIR", tmpdir, TRUE);
  g_test_init (&argc, &argv, NULL);
  /* A writer whose reader refused the stream sees EPIPE, not death. */
  signal (SIGPIPE, SIG_IGN);

  g_test_add_func ("/live-record/header-check-waits-for-the-whole-header", test_header_check_waits_for_the_whole_header);
  g_test_add_func ("/live-record/header-check-refuses-what-is-no-log", test_header_check_refuses_what_is_no_log);
  g_test_add_func ("/live-record/temporary-record-has-no-name", test_temporary_record_has_no_name);
  g_test_add_func ("/live-record/named-record-replaces-only-with-a-log", test_named_record_replaces_only_with_a_log);

  status = g_test_run ();
  g_rmdir (tmpdir);
  return status;
}
