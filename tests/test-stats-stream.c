/* test-stats-stream.c: a log loaded for its statistics only (the summary's
 * bounded memory) gives exactly the figures of the whole document
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include "es-document-private.h"
#include "es-stats-figures.h"
#include "es-test-log.h"

/* Everything a summary prints of [@t0, @t1], text and JSON figures alike,
 * and what the CLI warns of: two documents with the same description
 * give `summary`, `summary --json` and `compare` the same bytes. */
static char *
describe_statistics (EsDocument *document,
                     guint64     t0,
                     guint64     t1)
{
  g_auto(EsStatsFigures) figures = { 0 };
  GString *out = g_string_new (NULL);
  guint runs, gcs, spans;

  es_stats_figures_compute (document, t0, t1, &figures);
  es_stats_append_text (&figures.stats, document, out);
  for (guint i = 0; i < figures.figures->len; i++)
    {
      const EsFigure *f = &g_array_index (figures.figures, EsFigure, i);

      g_string_append_printf (out, "%s %d %" G_GUINT64_FORMAT " %.17g %.17g %.17g\n", f->key, f->exact, f->n,
                              f->x, f->low, f->high);
    }
  for (guint g = 0; g < figures.pauses.n_generations; g++)
    for (guint b = 0; b < ES_PAUSE_DIST_N_BUCKETS; b++)
      g_string_append_printf (out, "%u", figures.pauses.gen[g].buckets[b]);
  es_document_get_closed_at_end (document, &runs, &gcs, &spans);
  g_string_append_printf (out, "\nclosed %u %u %u, truncated %d\n", runs, gcs, spans,
                          es_document_is_truncated (document, NULL));
  return g_string_free (out, FALSE);
}

/* @path loaded for the statistics of [@t0, @t1] as the CLI loads it when
 * the interval is a percentage, known only once the log is read: for the
 * whole run, then read again for the interval if it is another, and
 * whole if that is not enough (es_cli_cover_interval()). Sets @read_again
 * if it was read again. */
static EsDocument *
load_for_statistics (const char *path,
                     guint64     t0,
                     guint64     t1,
                     gboolean   *read_again)
{
  g_autoptr(GError) error = NULL;
  EsDocument *document = es_document_load_for_statistics (path, 0, G_MAXUINT64, NULL, &error);

  g_assert_no_error (error);
  *read_again = !es_document_covers_statistics (document, t0, t1);
  if (*read_again)
    {
      g_object_unref (document);
      document = es_document_load_for_statistics (path, t0, t1, NULL, &error);
      g_assert_no_error (error);
    }
  /* A profiled run's heap censuses read the runs and GC phases where
   * they began, which the loaders let go of: the whole document then. */
  if (!es_document_covers_statistics (document, t0, t1))
    {
      g_object_unref (document);
      document = es_document_load_file (path, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (es_document_covers_statistics (document, t0, t1));
    }
  return document;
}

/* Whether @document let go of anything its statistics could have read:
 * runs and GC phases, or the caps' samples. */
static gboolean
let_go_of_any (EsDocument *document)
{
  if (es_document_get_detail_start (document) > es_document_get_start_time (document))
    return TRUE;
  for (guint c = 0; c < es_document_get_n_caps (document); c++)
    if (es_cap_timeline_get_samples_from (es_document_get_cap (document, c)) > 0)
      return TRUE;
  return FALSE;
}

/* The whole run and a few intervals of @path: the same description from
 * the whole document and from one loaded for statistics. Returns how many
 * of them let go of something (and so were not trivially the same). */
static guint
assert_same_statistics (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(EsDocument) whole = es_document_load_file (path, NULL, NULL, NULL, &error);
  guint64 end, intervals[][2] = { { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 } };
  guint n_let_go = 0;

  g_assert_no_error (error);
  end = es_document_get_end_time (whole);
  /* The whole run, its first third, its middle half, its last half, and
   * one of its last instant. */
  intervals[0][1] = end;
  intervals[1][1] = end / 3;
  intervals[2][0] = end / 4, intervals[2][1] = end / 4 * 3;
  intervals[3][0] = end / 2, intervals[3][1] = end;
  intervals[4][0] = end, intervals[4][1] = end;
  for (guint i = 0; i < G_N_ELEMENTS (intervals); i++)
    {
      guint64 t0 = intervals[i][0], t1 = intervals[i][1];
      gboolean read_again;
      g_autoptr(EsDocument) streamed = load_for_statistics (path, t0, t1, &read_again);
      g_autofree char *expected = describe_statistics (whole, t0, t1);
      g_autofree char *got = describe_statistics (streamed, t0, t1);

      if (let_go_of_any (streamed))
        n_let_go++;
      g_test_message ("%s [%" G_GUINT64_FORMAT ", %" G_GUINT64_FORMAT "]: detail from %" G_GUINT64_FORMAT "%s",
                      path, t0, t1, es_document_get_detail_start (streamed), read_again ? ", read again" : "");
      g_assert_cmpstr (got, ==, expected);
    }
  return n_let_go;
}

/* Two caps taking turns, thousands of runs each and a GC in every block:
 * each cap's runs are let go of as the log is read, whole-run and
 * interval figures alike stay exact, and an interval whose start was let
 * go of has the log read again. */
static void
test_busy_log_let_go_of_exactly (void)
{
  gsize len;
  g_autofree char *data = es_test_busy_log_with_gc_stats (60, &len);
  g_autofree char *path = es_test_write_temp_log ((const guint8 *) data, len);
  gboolean read_again;
  g_autoptr(EsDocument) whole_run = load_for_statistics (path, 0, G_MAXUINT64, &read_again);
  g_autoptr(EsDocument) middle = NULL;

  /* The whole run needs no detail: nearly all of it was let go of. */
  g_assert_false (read_again);
  g_assert_cmpuint (es_document_get_detail_start (whole_run), >,
                    es_document_get_end_time (whole_run) / 2);
  g_assert_cmpuint (assert_same_statistics (path), >=, 3);

  /* An interval whose start was let go of is read again, from it. */
  middle = load_for_statistics (path, es_document_get_end_time (whole_run) / 4, es_document_get_end_time (whole_run),
                                &read_again);
  g_assert_true (read_again);
  g_assert_cmpuint (es_document_get_detail_start (middle), <=, es_document_get_end_time (whole_run) / 4);
  g_unlink (path);
}

/* The same log cut short inside an event: each cap's data ends at its own
 * last event ("no data after"), and what was open is closed there, as in
 * the whole document. */
static void
test_cut_log_let_go_of_exactly (void)
{
  gsize len;
  g_autofree char *data = es_test_busy_log_with_gc_stats (60, &len);
  g_autofree char *path = es_test_write_temp_log ((const guint8 *) data, len * 3 / 5 + 3);
  g_autoptr(GError) error = NULL;
  g_autoptr(EsDocument) document = es_document_load_for_statistics (path, 0, G_MAXUINT64, NULL, &error);

  g_assert_no_error (error);
  g_assert_true (es_document_is_truncated (document, NULL));
  g_assert_cmpuint (assert_same_statistics (path), >=, 3);
  g_unlink (path);
}

/* Every fixture made by GHC (with a +RTS -s reference beside it): the
 * same figures; those with allocation and spark samples on every GC keep
 * only the last of them before each interval. */
static void
test_fixtures_the_same (void)
{
  static const char *names[] = {
    "alloc-A1m-N1-rerun1.eventlog", "alloc-A1m-N2.eventlog", "alloc-A64m-N2.eventlog", "heap-hT-N2.eventlog",
    "hello.eventlog", "parfib-N2.eventlog", "profiled-hc.eventlog", "profiled-long.eventlog",
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = es_test_fixture_path (names[i]);
      guint n_let_go = assert_same_statistics (path);

      /* The whole run's at least, and the last instant's. */
      if (g_str_has_prefix (names[i], "alloc-A1m") || g_str_has_prefix (names[i], "parfib"))
        g_assert_cmpuint (n_let_go, >=, 2);
    }
}

/* Every GHC log of ../shared (old and new GHCs, heap profiles, the
 * non-moving collector, logs without GC statistics): the same figures. */
static void
test_shared_logs_the_same (void)
{
  static const char *dirs[] = { "eventlogs/ghc-events", "eventlogs/ghc-events/historical" };
  guint found = 0;

  for (guint d = 0; d < G_N_ELEMENTS (dirs); d++)
    {
      g_autofree char *dir_path = es_test_shared_path (dirs[d]);
      g_autoptr(GDir) dir = dir_path != NULL ? g_dir_open (dir_path, 0, NULL) : NULL;
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *path = g_build_filename (dir_path, name, NULL);
          g_autoptr(GError) error = NULL;
          g_autoptr(EsDocument) whole = NULL;

          if (!g_str_has_suffix (name, ".eventlog"))
            continue;
          /* One that does not open, does not open either way. */
          whole = es_document_load_file (path, NULL, NULL, NULL, &error);
          if (whole == NULL)
            {
              g_autoptr(GError) again = NULL;
              g_autoptr(EsDocument) streamed = es_document_load_for_statistics (path, 0, G_MAXUINT64, NULL, &again);

              g_assert_null (streamed);
              g_assert_cmpstr (again->message, ==, error->message);
              continue;
            }
          found++;
          assert_same_statistics (path);
        }
    }
  if (found == 0)
    g_test_skip ("../shared/eventlogs is not there");
}

/* A log big enough to be read by a worker for each core, whose GCs all
 * have their GC_STATS on cap 0: the worker reading cap 1's blocks takes
 * none, and lets go of cap 1's runs all the same, once another took one
 * (it kept them all, its memory growing with the log's); the figures
 * stay exact. */
static void
test_cap_leading_no_gc_let_go_of (void)
{
  g_autofree char *path = es_test_write_busy_log_gcs_led_by_cap_0 (400);
  g_autoptr(GError) error = NULL;
  g_autoptr(EsDocument) streamed = es_document_load_for_statistics (path, 0, G_MAXUINT64, NULL, &error);
  guint n;

  g_assert_no_error (error);
  g_assert_cmpuint (es_document_get_n_caps (streamed), ==, 2);
  es_cap_timeline_get_activities (es_document_get_cap (streamed, 1), &n);
  g_assert_cmpuint (es_cap_timeline_get_n_let_go (es_document_get_cap (streamed, 1)), >, 10 * n);
  g_assert_cmpuint (assert_same_statistics (path), >=, 3);
  g_unlink (path);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  /* Let go as often as can be, so that small logs are let go of too. */
  _es_document_set_let_go_every (16);

  g_test_add_func ("/stats-stream/busy-log-let-go-of-exactly", test_busy_log_let_go_of_exactly);
  g_test_add_func ("/stats-stream/cut-log-let-go-of-exactly", test_cut_log_let_go_of_exactly);
  g_test_add_func ("/stats-stream/cap-leading-no-gc-let-go-of", test_cap_leading_no_gc_let_go_of);
  g_test_add_func ("/stats-stream/fixtures-the-same", test_fixtures_the_same);
  g_test_add_func ("/stats-stream/shared-logs-the-same", test_shared_logs_the_same);
  return g_test_run ();
}
