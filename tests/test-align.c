/* test-align.c: the moment a name means in each run of a comparison
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-align.h"
#include "es-bookmarks.h"
#include "es-test-log.h"

/* The earliest marker of @name, found by looking at every one. */
static gboolean
earliest_marker (EsDocument *document,
                 const char *name,
                 guint64    *time)
{
  guint n;
  const EsUserEvent *markers = es_document_get_markers (document, &n);
  gboolean found = FALSE;

  *time = G_MAXUINT64;
  for (guint i = 0; i < n; i++)
    if (g_str_equal (markers[i].text, name))
      {
        *time = MIN (*time, markers[i].time);
        found = TRUE;
      }
  return found;
}

/* The two alloc runs mark the same phases at different times: each name
 * is found at each run's own earliest marker of it, and the names both
 * have come in run A's order. */
static void
test_markers_of_both_runs (void)
{
  g_autoptr(EsDocument) a = es_test_load_fixture ("alloc-A1m-N2.eventlog");
  g_autoptr(EsDocument) b = es_test_load_fixture ("alloc-A64m-N2.eventlog");
  g_autoptr(EsDocument) hello = es_test_load_fixture ("hello.eventlog");
  g_auto(GStrv) names = es_align_common_names (a, NULL, b, NULL);
  g_auto(GStrv) none = es_align_common_names (a, NULL, hello, NULL);
  guint64 last = 0;

  g_assert_cmpuint (g_strv_length (names), ==, 3);
  g_assert_true (g_strv_contains ((const char * const *) names, "phase 1"));
  g_assert_true (g_strv_contains ((const char * const *) names, "phase 2"));
  g_assert_true (g_strv_contains ((const char * const *) names, "done"));
  for (guint i = 0; names[i] != NULL; i++)
    {
      guint64 in_a, in_b, expected_a, expected_b;

      g_assert_true (earliest_marker (a, names[i], &expected_a));
      g_assert_true (earliest_marker (b, names[i], &expected_b));
      g_assert_true (es_align_find (a, NULL, names[i], &in_a));
      g_assert_true (es_align_find (b, NULL, names[i], &in_b));
      g_assert_cmpuint (in_a, ==, expected_a);
      g_assert_cmpuint (in_b, ==, expected_b);
      g_assert_cmpuint (in_a, >=, last);
      last = in_a;
    }
  g_assert_null (none[0]);
  g_assert_false (es_align_find (hello, NULL, "phase 2", &last));
}

/* A bookmark counts when no marker has its name; a marker wins over a
 * bookmark of the same name. */
static void
test_bookmarks_count_too (void)
{
  g_autoptr(EsDocument) a = es_test_load_fixture ("alloc-A1m-N2.eventlog");
  g_autoptr(EsDocument) b = es_test_load_fixture ("alloc-A64m-N2.eventlog");
  g_autoptr(EsBookmarks) in_a = es_bookmarks_new ();
  g_autoptr(EsBookmarks) in_b = es_bookmarks_new ();
  g_auto(GStrv) names = NULL;
  guint64 time, marker;

  es_bookmarks_add (in_a, 5000, "slow part");
  es_bookmarks_add (in_a, 7000, "only in A");
  es_bookmarks_add (in_a, 9000, "phase 2");
  es_bookmarks_add (in_b, 123456, "slow part");
  names = es_align_common_names (a, es_bookmarks_get_array (in_a), b, es_bookmarks_get_array (in_b));
  g_assert_true (g_strv_contains ((const char * const *) names, "slow part"));
  g_assert_false (g_strv_contains ((const char * const *) names, "only in A"));
  /* "slow part" is the earliest moment in A. */
  g_assert_cmpstr (names[0], ==, "slow part");

  g_assert_true (es_align_find (b, es_bookmarks_get_array (in_b), "slow part", &time));
  g_assert_cmpuint (time, ==, 123456);
  g_assert_false (es_align_find (b, NULL, "slow part", &time));
  g_assert_true (es_align_find (a, es_bookmarks_get_array (in_a), "phase 2", &time));
  g_assert_true (earliest_marker (a, "phase 2", &marker));
  g_assert_cmpuint (time, ==, marker);
}

/* Shifting keeps a time in [0, end]. */
static void
test_shift (void)
{
  g_assert_cmpuint (es_align_shift (100, 50, 1000), ==, 150);
  g_assert_cmpuint (es_align_shift (100, -50, 1000), ==, 50);
  g_assert_cmpuint (es_align_shift (100, -150, 1000), ==, 0);
  g_assert_cmpuint (es_align_shift (980, 50, 1000), ==, 1000);
  g_assert_cmpuint (es_align_shift (0, 5000, 1000), ==, 1000);
  g_assert_cmpuint (es_align_shift (0, 0, 1000), ==, 0);
  g_assert_cmpuint (es_align_shift (G_MAXUINT64 / 2, G_MININT64 / 4, G_MAXUINT64),
                    ==, G_MAXUINT64 / 2 - (guint64) (G_MAXINT64 / 4) - 1);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/align/markers-of-both-runs", test_markers_of_both_runs);
  g_test_add_func ("/align/bookmarks-count-too", test_bookmarks_count_too);
  g_test_add_func ("/align/shift-stays-in-the-run", test_shift);

  return g_test_run ();
}
