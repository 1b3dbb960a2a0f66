/* test-event-index-grown.c: the index of a log that grew, or was written again
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
#include "es-test-event-index.h"
#include "es-test-log.h"

/* A log cut short, then grown, as a followed log is between two updates:
 * the rows the two indexes have the same from the first are the same
 * events, line for line (a list keeps them where they are). Mostly they
 * are most of the shorter one's; not when a cap's first buffer comes late,
 * or GHC's global one (the capsets, the first events), written at the
 * end: those go before nearly every row. */
static void
test_grown_log_keeps_first_rows (void)
{
  g_autofree char *fixture = es_test_fixture_path ("heap-hT-N2.eventlog");
  g_autofree char *data = NULL;
  gsize len;

  gboolean most_kept = FALSE;

  g_assert_true (g_file_get_contents (fixture, &data, &len, NULL));
  for (guint part = 1; part < 4; part++)
    {
      g_autofree char *shorter_path = es_test_write_temp_log ((const guint8 *) data, len * part / 5);
      g_autofree char *longer_path = es_test_write_temp_log ((const guint8 *) data, len * (part + 1) / 5);
      g_autoptr(GError) error = NULL;
      g_autoptr(EsEventIndex) shorter = es_event_index_build (shorter_path, NULL, NULL, NULL, &error);
      g_autoptr(EsEventIndex) longer = es_event_index_build (longer_path, NULL, NULL, NULL, &error);
      guint same;

      g_assert_no_error (error);
      same = es_event_index_count_same_rows (shorter, longer);
      g_test_message ("cut at %u/5 and %u/5: %u of %u rows the same", part, part + 1, same,
                      es_event_index_get_n_rows (shorter));
      g_assert_cmpuint (same, ==, es_event_index_count_same_rows (longer, shorter));
      most_kept |= same > es_event_index_get_n_rows (shorter) * 3 / 4;
      g_assert_cmpuint (same, <=, es_event_index_get_n_rows (shorter));
      for (guint row = 0; row < same; row++)
        {
          g_autoptr(GString) a = g_string_new (NULL), b = g_string_new (NULL);

          es_event_index_append_line (shorter, row, a);
          es_event_index_append_line (longer, row, b);
          g_assert_cmpstr (a->str, ==, b->str);
        }
      g_assert_cmpuint (es_event_index_count_same_rows (longer, longer), ==, es_event_index_get_n_rows (longer));
      /* A search of the longer one from there finds what the whole search
       * finds after it. */
      {
        g_autoptr(GArray) all = es_event_index_search (longer, "thread", NULL, 0, NULL, NULL, NULL, &error);
        g_autoptr(GArray) after = es_event_index_search_from (longer, same, "thread", NULL, 0, NULL, NULL, NULL, &error);
        guint first = es_event_matches_lower_bound (all, same);

        g_assert_no_error (error);
        g_assert_cmpuint (after->len, ==, all->len - first);
        g_assert_cmpuint (after->len, >, 0);
        g_assert_cmpmem (after->data, after->len * sizeof (guint32), &g_array_index (all, guint32, first),
                         (all->len - first) * sizeof (guint32));
      }
      g_unlink (shorter_path);
      g_unlink (longer_path);
    }
  g_assert_true (most_kept);
}

/* A log written in pieces of random size (the header, events and blocks
 * cut anywhere), its index grown from the one before after each: every
 * grown index is the index built from the same bytes, and keeps the rows
 * the one before has the same (count_same_rows() says as many as a
 * comparison from the first row does). The real logs' caps write their
 * blocks out of time order, so rows are merged, not only added. */
static void
test_grown_indexes_are_built (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (9);
  guint n_grown = 0, n_merged = 0, n_kept = 0;

  for (guint f = 0; f < ES_TEST_N_INDEX_FIXTURES + 1; f++)
    {
      g_autofree char *fixture = f < ES_TEST_N_INDEX_FIXTURES ? es_test_fixture_path (es_test_index_fixtures[f]) : es_test_write_multi_cap_log (TRUE);
      g_autofree char *data = NULL;
      g_autofree char *path = NULL;
      g_autoptr(EsEventIndex) index = NULL;
      gsize len, written = 0;
      FILE *out;

      g_assert_true (g_file_get_contents (fixture, &data, &len, NULL));
      path = es_test_write_temp_log ((const guint8 *) data, 0);
      out = fopen (path, "ab");
      g_assert_nonnull (out);
      while (written < len)
        {
          gsize n = MIN (len - written, (gsize) g_rand_int_range (rand, 1, (gint) MAX (len / 6, 2)));
          g_autoptr(GError) error = NULL;
          g_autoptr(EsEventIndex) built = NULL;
          EsEventIndex *grown;

          g_assert_cmpuint (fwrite (data + written, 1, n, out), ==, n);
          g_assert_cmpint (fflush (out), ==, 0);
          written += n;
          built = es_event_index_build (path, NULL, NULL, NULL, &error);
          if (built == NULL)
            {
              /* Cut inside the header: nothing to grow from yet. */
              g_assert_null (index);
              continue;
            }
          if (index == NULL)
            {
              index = g_steal_pointer (&built);
              continue;
            }
          grown = es_event_index_grow (index, path, NULL, NULL, NULL, &error);
          g_assert_no_error (error);
          es_test_assert_same_index (grown, built);
          g_assert_cmpuint (grown->grown_from, ==, index->serial);
          {
            guint same = 0;

            while (same < MIN (index->n_rows, grown->n_rows) && row_offset (index, same) == row_offset (grown, same))
              same++;
            g_assert_cmpuint (es_event_index_count_same_rows (index, grown), ==, same);
            g_assert_cmpuint (grown->kept_rows, <=, same);
          }
          n_grown++;
          n_merged += grown->kept_rows < index->n_rows;
          n_kept += grown->kept_rows >= index->n_rows / 2;
          es_event_index_unref (index);
          index = grown;
        }
      fclose (out);
      g_unlink (path);
      if (f == ES_TEST_N_INDEX_FIXTURES)
        g_unlink (fixture);
    }
  g_test_message ("%u indexes grown, %u merging rows of the one before, %u keeping half of them or more", n_grown,
                  n_merged, n_kept);
  g_assert_cmpuint (n_grown, >, 15);
  g_assert_cmpuint (n_merged, >, 3);
  g_assert_cmpuint (n_kept, >, n_grown / 2);
}

/* A log rewritten in place (a program run again truncates its log and
 * writes it anew), longer than the one indexed, and the one indexed cut
 * shorter: the index is built whole, not grown from rows of another log. */
static void
test_rewritten_log_built_whole (void)
{
  g_autofree char *first = es_test_fixture_path ("hello.eventlog");
  g_autofree char *second = es_test_fixture_path ("alloc-A64m-N2.eventlog");
  g_autofree char *a = NULL, *b = NULL, *path = NULL;
  g_autoptr(EsEventIndex) index = NULL;
  gsize len_a, len_b;

  g_assert_true (g_file_get_contents (first, &a, &len_a, NULL));
  g_assert_true (g_file_get_contents (second, &b, &len_b, NULL));
  g_assert_cmpuint (len_b, >, len_a);
  path = es_test_write_temp_log ((const guint8 *) a, len_a);
  index = es_test_build_index (path);
  for (guint round = 0; round < 2; round++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(EsEventIndex) grown = NULL;
      g_autoptr(EsEventIndex) whole = NULL;
      /* The same inode, truncated and written again. */
      FILE *out = fopen (path, "w");
      gsize len = round == 0 ? len_b : len_a - 10;

      g_assert_nonnull (out);
      g_assert_cmpuint (fwrite (round == 0 ? b : a, 1, len, out), ==, len);
      fclose (out);
      grown = es_event_index_grow (index, path, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      whole = es_test_build_index (path);
      g_assert_cmpuint (grown->grown_from, ==, 0);
      es_test_assert_same_index (grown, whole);
    }
  g_unlink (path);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/event-index/grown-log-keeps-first-rows", test_grown_log_keeps_first_rows);
  g_test_add_func ("/event-index/grown-indexes-are-built", test_grown_indexes_are_built);
  g_test_add_func ("/event-index/rewritten-log-built-whole", test_rewritten_log_built_whole);
  return g_test_run ();
}
