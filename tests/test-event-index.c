/* test-event-index.c: the event list's index is the dump, row by row
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "es-event-index.h"
#include "es-event-index-private.h"
#include "es-eventlog-dump.h"
#include "es-test-event-index.h"
#include "es-test-log.h"

static void
append_to_string (const char *data,
                  gsize       len,
                  gpointer    user_data)
{
  g_string_append_len (user_data, data, (gssize) len);
}

/* The events part of `dump` for @path: after "Events:\n", without the final
 * blank line. */
static GString *
dump_events (const char *path,
             guint64    *n_events)
{
  GString *out = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  EsDumpStatus status;
  const char *start;

  g_assert_true (es_eventlog_dump (path, append_to_string, out, &status, NULL, &error));
  g_assert_no_error (error);
  start = strstr (out->str, "\nEvents:\n");
  g_assert_nonnull (start);
  g_string_erase (out, 0, start + strlen ("\nEvents:\n") - out->str);
  g_assert_true (g_str_has_suffix (out->str, "\n"));
  g_string_truncate (out, out->len - 1);
  *n_events = status.n_events;
  return out;
}

/* The rows, as text, are the dump byte for byte; and each row's time and
 * tag are those of the same event as the reader decodes it. */
static void
assert_index_is_dump (const char *path)
{
  g_autoptr(EsEventIndex) index = es_test_build_index (path);
  g_autoptr(GArray) expected = es_test_decode_in_time_order (path);
  g_autoptr(GString) rows = g_string_new (NULL);
  g_autoptr(GString) dump = NULL;
  guint64 n_events;

  dump = dump_events (path, &n_events);
  g_assert_cmpuint (es_event_index_get_n_rows (index), ==, n_events);
  g_assert_cmpuint (es_event_index_get_n_rows (index), ==, expected->len);
  for (guint row = 0; row < es_event_index_get_n_rows (index); row++)
    {
      const EsTestEvent *e = &g_array_index (expected, EsTestEvent, row);
      gsize before = rows->len;

      es_event_index_append_line (index, row, rows);
      g_assert_cmpstr (rows->str + before, ==, e->text);
      g_assert_cmpuint (es_event_index_get_time (index, row), ==, e->time);
      g_assert_cmpuint (es_event_index_get_tag (index, row), ==, e->tag);
    }
  g_assert_cmpuint (rows->len, ==, dump->len);
  g_assert_true (memcmp (rows->str, dump->str, dump->len) == 0);
  /* Four bytes a row (in chunks of 1,024), a small table of blocks, and
   * the log's first and last 4 kB, kept to tell it grown. */
  g_assert_cmpuint (es_event_index_get_index_bytes (index), <=, 4 * n_events + 4096 + 65536 + 8192);
}

static void
test_fixtures_in_dump_order (void)
{
  for (guint i = 0; i < ES_TEST_N_INDEX_FIXTURES; i++)
    {
      g_autofree char *path = es_test_fixture_path (es_test_index_fixtures[i]);

      g_test_message ("%s", es_test_index_fixtures[i]);
      assert_index_is_dump (path);
    }
}

/* Every real log of ../shared (GHC 6.12 to 9.x, Eden, Mercury, MPI): the
 * index is its dump, or fails as the dump does. */
static void
assert_real_logs_in (const char *folder,
                     guint      *n_logs)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);
      g_autoptr(GError) index_error = NULL;
      g_autoptr(GError) dump_error = NULL;
      g_autoptr(GString) sink = g_string_new (NULL);
      g_autoptr(EsEventIndex) index = NULL;

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          assert_real_logs_in (path, n_logs);
          continue;
        }
      if (!g_str_has_suffix (name, ".eventlog"))
        continue;
      g_test_message ("%s", path);
      (*n_logs)++;
      index = es_event_index_build (path, NULL, NULL, NULL, &index_error);
      if (es_eventlog_dump (path, append_to_string, sink, NULL, NULL, &dump_error))
        assert_index_is_dump (path);
      else
        {
          g_assert_null (index);
          g_assert_nonnull (index_error);
          g_assert_cmpstr (index_error->message, ==, dump_error->message);
        }
    }
}

static void
test_real_logs_in_dump_order (void)
{
  g_autofree char *folder = es_test_shared_path ("eventlogs");
  guint n_logs = 0;

  if (folder == NULL || !g_file_test (folder, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("../shared/eventlogs is not beside the checkout");
      return;
    }
  assert_real_logs_in (folder, &n_logs);
  g_test_message ("%u real logs", n_logs);
  g_assert_cmpuint (n_logs, >, 0);
}

static void
test_multi_cap_blocks_in_dump_order (void)
{
  for (guint shuffle = 0; shuffle < 2; shuffle++)
    {
      g_autofree char *path = es_test_write_multi_cap_log (shuffle);

      assert_index_is_dump (path);
      g_unlink (path);
    }
}

/* Blocks that step back in time at each GC, as GHC's do: cut into
 * stretches and merged. A block in reverse order is more stretches than
 * events over sixteen: that log is sorted instead. Both are the dump. */
static void
test_blocks_stepping_back_in_dump_order (void)
{
  g_autofree char *busy = es_test_write_busy_log (40);
  g_autoptr(EsTestLog) log = es_test_log_new ();
  g_autofree char *reversed = NULL;
  GByteArray *data;

  assert_index_is_dump (busy);
  g_unlink (busy);

  es_test_log_declare_ghc (log);
  es_test_log_begin_data (log);
  es_test_log_begin_block (log, 0, 0);
  for (guint i = 0; i < 6000; i++)
    es_test_log_event (log, ES_EVENT_RUN_THREAD, 6000 - i, es_payload_u32 (es_payload_new (), i % 5));
  es_test_log_end_block (log, 6000);
  es_test_log_end (log);
  data = es_test_log_get_data (log);
  reversed = es_test_write_temp_log (data->data, data->len);
  assert_index_is_dump (reversed);
  g_unlink (reversed);
}

static void
test_lower_bound_by_time (void)
{
  g_autofree char *path = es_test_fixture_path ("parfib-N2.eventlog");
  g_autoptr(EsEventIndex) index = es_test_build_index (path);
  g_autoptr(GArray) expected = es_test_decode_in_time_order (path);
  const EsTestEvent *events = (const EsTestEvent *) (gpointer) expected->data;
  guint64 end = events[expected->len - 1].time;
  guint64 probes[] = { 0, 1, events[0].time, events[17].time, events[17].time + 1, end / 3, end / 2, end - 1, end, end + 1 };

  for (guint i = 0; i < G_N_ELEMENTS (probes); i++)
    {
      guint want = 0;

      while (want < expected->len && events[want].time < probes[i])
        want++;
      g_assert_cmpuint (es_event_index_lower_bound (index, probes[i]), ==, want);
    }
}

/* The index keeps no offset per row, only the merge's state now and
 * then: a row looked up anywhere, in any order (a list scrolled back, a
 * search's match, a jump to a time), is the same event as in a walk from
 * the first row, on every fixture and in a log whose blocks step back. */
static void
test_rows_found_anywhere (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (38);

  for (guint f = 0; f < ES_TEST_N_INDEX_FIXTURES + 1; f++)
    {
      g_autofree char *path = f < ES_TEST_N_INDEX_FIXTURES ? es_test_fixture_path (es_test_index_fixtures[f])
                                                           : es_test_write_busy_log (40);
      g_autoptr(EsEventIndex) index = es_test_build_index (path);
      g_autoptr(EsEventIndex) again = es_test_build_index (path);
      guint n = es_event_index_get_n_rows (index);
      g_autofree gint64 *offsets = g_new (gint64, MAX (n, 1));

      for (guint row = 0; row < n; row++)
        offsets[row] = row_offset (index, row);
      /* Backwards over a few checkpoints, then at random: each taken up
       * at its checkpoint (a few hundred: valgrind runs this too). */
      for (guint row = n; row > 0 && row + 3 * ROWS_PER_CHECKPOINT > n; row--)
        g_assert_cmpint (row_offset (again, row - 1), ==, offsets[row - 1]);
      for (guint i = 0; i < 300 && n > 0; i++)
        {
          guint row = (guint) g_rand_int_range (rand, 0, (gint32) n);

          g_assert_cmpint (row_offset (again, row), ==, offsets[row]);
          g_assert_cmpuint (es_event_index_get_time (again, row), ==, es_eventlog_time_at (again->data, offsets[row]));
          g_assert_cmpuint (es_event_index_get_tag (again, row), ==, es_eventlog_tag_at (again->data, offsets[row]));
        }
      if (f == ES_TEST_N_INDEX_FIXTURES)
        g_unlink (path);
    }
}

/* The brute force: the dump line without its time, lower-cased. */
static gboolean
line_matches (const EsTestEvent *event,
              const char        *text)
{
  g_autofree char *searched = es_test_searched_text (event);

  return strstr (searched, text) != NULL;
}

static void
assert_search (EsEventIndex  *index,
               GArray        *expected,
               const char    *text,
               const guint16 *tags,
               guint          n_tags)
{
  g_autoptr(GArray) found = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *folded = text != NULL ? g_ascii_strdown (text, -1) : NULL;
  guint k = 0;

  found = es_event_index_search (index, text, tags, n_tags, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  for (guint row = 0; row < expected->len; row++)
    {
      const EsTestEvent *e = &g_array_index (expected, EsTestEvent, row);
      gboolean kind_ok = n_tags == 0;

      for (guint t = 0; t < n_tags; t++)
        kind_ok |= e->tag == tags[t];
      if (kind_ok && (folded == NULL || line_matches (e, folded)))
        {
          g_assert_cmpuint (k, <, found->len);
          g_assert_cmpuint (g_array_index (found, guint32, k), ==, row);
          k++;
        }
    }
  g_assert_cmpuint (k, ==, found->len);

  /* Stepping from any row lands on the next match. */
  for (guint row = 0; row < expected->len; row += 97)
    {
      guint pos = es_event_matches_lower_bound (found, row);

      g_assert_true (pos == found->len || g_array_index (found, guint32, pos) >= row);
      g_assert_true (pos == 0 || g_array_index (found, guint32, pos - 1) < row);
    }
}

static void
test_search_against_brute_force (void)
{
  static const char *texts[] = { "running thread 1", "CAP 1: stopping", "gc", "heap", "no event says this", "" };
  static const guint16 gc_kinds[] = { ES_EVENT_GC_START, ES_EVENT_GC_END };
  static const guint16 run_kind[] = { ES_EVENT_RUN_THREAD };

  for (guint f = 0; f < ES_TEST_N_INDEX_FIXTURES; f++)
    {
      g_autofree char *path = es_test_fixture_path (es_test_index_fixtures[f]);
      g_autoptr(EsEventIndex) index = es_test_build_index (path);
      g_autoptr(GArray) expected = es_test_decode_in_time_order (path);

      for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
        {
          assert_search (index, expected, texts[i], NULL, 0);
          assert_search (index, expected, texts[i], gc_kinds, G_N_ELEMENTS (gc_kinds));
        }
      assert_search (index, expected, NULL, run_kind, 1);
      assert_search (index, expected, NULL, NULL, 0);
    }
}

static void
test_kinds_present (void)
{
  g_autofree char *path = es_test_fixture_path ("parfib-N2.eventlog");
  g_autoptr(EsEventIndex) index = es_test_build_index (path);
  g_autoptr(GArray) expected = es_test_decode_in_time_order (path);
  g_autoptr(GArray) tags = es_event_index_dup_tags (index);
  gboolean seen[65536] = { FALSE };
  guint n_seen = 0;

  for (guint i = 0; i < expected->len; i++)
    {
      guint16 tag = g_array_index (expected, EsTestEvent, i).tag;

      n_seen += !seen[tag];
      seen[tag] = TRUE;
    }
  g_assert_cmpuint (tags->len, ==, n_seen);
  for (guint i = 0; i < tags->len; i++)
    {
      g_assert_true (seen[g_array_index (tags, guint16, i)]);
      g_assert_true (i == 0 || g_array_index (tags, guint16, i - 1) < g_array_index (tags, guint16, i));
    }
  g_assert_cmpstr (es_event_index_get_tag_name (index, ES_EVENT_RUN_THREAD), ==, "Run thread");
}

/* Cut anywhere, a log gives the dump of what is left, or the same error. */
static void
test_truncated_logs (void)
{
  g_autofree char *fixture = es_test_fixture_path ("parfib-N2.eventlog");
  g_autofree char *data = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (fixture, &data, &len, NULL));
  for (gsize cut = 0; cut < len; cut += cut < 2000 ? 37 : 3001)
    {
      g_autofree char *path = es_test_write_temp_log ((const guint8 *) data, cut);
      g_autoptr(GError) error = NULL;
      g_autoptr(GString) sink = g_string_new (NULL);
      g_autoptr(EsEventIndex) index = es_event_index_build (path, NULL, NULL, NULL, &error);
      gboolean dumped = es_eventlog_dump (path, append_to_string, sink, NULL, NULL, NULL);

      if (index == NULL)
        {
          g_assert_false (dumped);
          g_assert_error (error, ES_EVENTLOG_ERROR, ES_EVENTLOG_ERROR_TRUNCATED_HEADER);
          g_assert_nonnull (strstr (error->message, "byte "));
        }
      else
        {
          g_assert_true (dumped);
          g_assert_true (es_event_index_is_truncated (index, NULL));
          assert_index_is_dump (path);
        }
      g_unlink (path);
    }
}

/* Corrupt bytes: the index fails exactly as the dump does, or is the dump. */
static void
test_corrupt_logs (void)
{
  g_autofree char *fixture = es_test_fixture_path ("heap-hT-N2.eventlog");
  g_autofree char *data = NULL;
  gsize len;
  guint32 seed = 12345;
  guint n_errors = 0, n_grown = 0;

  g_assert_true (g_file_get_contents (fixture, &data, &len, NULL));
  for (guint trial = 0; trial < 40; trial++)
    {
      g_autofree char *copy = g_memdup2 (data, len);
      g_autofree char *path = NULL;
      g_autoptr(GError) index_error = NULL;
      g_autoptr(GError) dump_error = NULL;
      g_autoptr(GString) sink = g_string_new (NULL);
      g_autoptr(EsEventIndex) index = NULL;

      for (guint k = 0; k < 4; k++)
        {
          seed = seed * 1103515245u + 12345u;
          copy[2000 + (seed >> 8) % (len - 2000)] ^= (char) (1 + (seed & 0x7f));
        }
      path = es_test_write_temp_log ((const guint8 *) copy, len);
      index = es_event_index_build (path, NULL, NULL, NULL, &index_error);
      if (!es_eventlog_dump (path, append_to_string, sink, NULL, NULL, &dump_error))
        {
          g_assert_null (index);
          g_assert_nonnull (index_error);
          g_assert_cmpstr (index_error->message, ==, dump_error->message);
          g_assert_nonnull (strstr (index_error->message, "byte "));
          n_errors++;
        }
      else
        {
          g_assert_no_error (index_error);
          assert_index_is_dump (path);
        }
      /* Grown from the index of its first third, to the end: the same
       * error, or the same index. */
      {
        g_autofree char *grown_path = es_test_write_temp_log ((const guint8 *) copy, len / 3);
        g_autoptr(EsEventIndex) shorter = es_event_index_build (grown_path, NULL, NULL, NULL, NULL);
        g_autoptr(EsEventIndex) grown = NULL;
        g_autoptr(GError) grow_error = NULL;

        if (shorter != NULL)
          {
            g_assert_true (g_file_set_contents (grown_path, copy, (gssize) len, NULL));
            grown = es_event_index_grow (shorter, grown_path, NULL, NULL, NULL, &grow_error);
            if (index == NULL)
              {
                g_assert_null (grown);
                g_assert_nonnull (grow_error);
                g_assert_cmpstr (grow_error->message, ==, index_error->message);
              }
            else
              {
                g_assert_no_error (grow_error);
                es_test_assert_same_index (grown, index);
              }
            n_grown++;
          }
        g_unlink (grown_path);
      }
      g_unlink (path);
    }
  g_test_message ("%u of 40 corrupted logs were errors, %u grown from their first third", n_errors, n_grown);
  g_assert_cmpuint (n_errors, >, 0);
  g_assert_cmpuint (n_grown, >, 20);
}

static void
test_missing_and_cancelled (void)
{
  g_autofree char *path = es_test_fixture_path ("parfib-N2.eventlog");
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(EsEventIndex) index = NULL;
  g_autoptr(EsEventIndex) missing = es_event_index_build ("/nonexistent/x.eventlog", NULL, NULL, NULL, &error);
  g_autoptr(GArray) found = NULL;

  g_assert_null (missing);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_clear_error (&error);

  g_cancellable_cancel (cancellable);
  index = es_event_index_build (path, NULL, NULL, cancellable, &error);
  /* A small log may be indexed before the first check: both are fine. */
  if (index == NULL)
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  g_clear_pointer (&index, es_event_index_unref);

  index = es_test_build_index (path);
  found = es_event_index_search (index, "thread", NULL, 0, NULL, NULL, cancellable, &error);
  g_assert_null (found);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* The most of a file resident in the process's mappings while something
 * runs, sampled from another thread every 4 ms (making /proc/self/smaps
 * is slow, and under valgrind, which runs one thread at a time, a sampler
 * that never rests took most of the test's four minutes). */
typedef struct
{
  const char *path;
  gint64      most;
  gboolean    done;
} ResidentSampler;

static gpointer
sample_resident (gpointer data)
{
  ResidentSampler *sampler = data;

  while (!g_atomic_int_get (&sampler->done))
    {
      sampler->most = MAX (sampler->most, es_test_resident_bytes_of (sampler->path));
      g_usleep (4000);
    }
  return NULL;
}

/* The index keeps under a byte a row, not the log: the pages of the mapped
 * log read while indexing or searching are handed back, and rows read
 * after that still decode (from the page cache). The kernel maps a log's
 * pages in folios of up to 2 MB, so what stays is a few of those around
 * each place being read, whatever the log's size: a third of 25 MB is a
 * bound that a log kept whole breaks. */
static void
test_log_pages_handed_back (void)
{
  static const guint16 run_kind[] = { ES_EVENT_RUN_THREAD };
  gint64 size = 0;
  g_autofree char *path = es_test_write_watched_log (&size);
  g_autoptr(EsEventIndex) index = NULL;
  g_autoptr(GArray) found = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) line = g_string_new (NULL);

  if (path == NULL)
    return;

  /* Built with the pages handed back as it goes, not only at its end: its
   * blocks step back in time at each GC, as GHC's do, and are still merged
   * (a sort would read every page at once). */
  {
    ResidentSampler sampler = { path, 0, FALSE };
    GThread *thread = g_thread_new ("resident-sampler", sample_resident, &sampler);

    index = es_test_build_index (path);
    g_atomic_int_set (&sampler.done, TRUE);
    g_thread_join (thread);
    g_assert_cmpint (sampler.most, <, size / 3);
  }
  /* The events and a marker per block; the merge's state now and then,
   * not an offset a row. */
  g_assert_cmpuint (es_event_index_get_n_rows (index), ==, 1800000 + 1800);
  g_assert_cmpuint (es_event_index_get_index_bytes (index), <, es_event_index_get_n_rows (index) / 2);
  g_assert_cmpint (es_test_resident_bytes_of (path), <, size / 3);

  found = es_event_index_search (index, "running thread 3", NULL, 0, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (found->len, >, 0);
  g_clear_pointer (&found, g_array_unref);
  found = es_event_index_search (index, NULL, run_kind, 1, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (found->len, ==, 900000);
  g_assert_cmpint (es_test_resident_bytes_of (path), <, size / 3);

  /* Block b starts at 1000 + 500 b: the first row, and the last one. */
  g_assert_cmpuint (es_event_index_get_time (index, 0), ==, 1000);
  g_assert_cmpuint (es_event_index_get_time (index, 1801799), ==, 1000 + 500 * 1799 + 999);
  es_event_index_append_line (index, 1801799, line);
  g_assert_true (strstr (line->str, "running thread 5") != NULL);
  g_unlink (path);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/event-index/fixtures-in-dump-order", test_fixtures_in_dump_order);
  g_test_add_func ("/event-index/multi-cap-blocks-in-dump-order", test_multi_cap_blocks_in_dump_order);
  g_test_add_func ("/event-index/real-logs-in-dump-order", test_real_logs_in_dump_order);
  g_test_add_func ("/event-index/blocks-stepping-back-in-dump-order", test_blocks_stepping_back_in_dump_order);
  g_test_add_func ("/event-index/lower-bound-by-time", test_lower_bound_by_time);
  g_test_add_func ("/event-index/rows-found-anywhere", test_rows_found_anywhere);
  g_test_add_func ("/event-index/search-against-brute-force", test_search_against_brute_force);
  g_test_add_func ("/event-index/kinds-present", test_kinds_present);
  g_test_add_func ("/event-index/truncated-logs", test_truncated_logs);
  g_test_add_func ("/event-index/corrupt-logs", test_corrupt_logs);
  g_test_add_func ("/event-index/missing-and-cancelled", test_missing_and_cancelled);
  es_test_add_scale_func ("/event-index/log-pages-handed-back", test_log_pages_handed_back);

  return g_test_run ();
}
