/* test-mono-heapshots.c: a Mono log's heap shots are the document's heap
 * profile, with mprof-report's figures, whether the log is read whole or
 * followed as it is written
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "es-document.h"
#include "es-heap-census.h"
#include "es-heap-profile.h"
#include "es-live-build.h"
#include "es-mlpd-build.h"
#include "es-mono-profile.h"
#include "es-test-log.h"

/* The fixtures made with `heapshot=1gc` (four shots, and eleven whose
 * classes grow, shrink and go) and `heapshot-on-shutdown` (one), each
 * beside its `mprof-report` output. */
static const char *fixtures[] = {
  "mlpd/heapshot-gc",
  "mlpd/heapshot-shutdown",
  "mlpd/heapshot-steps",
};

typedef struct
{
  char    *name;
  guint64  bytes;
  guint64  count;
  gboolean has_change;
  gint64   bytes_change;
  gint64   count_change;
} ReportClass;

typedef struct
{
  guint64    bytes;
  guint64    count;
  guint      n_classes;
  GPtrArray *classes;       /* ReportClass, as listed (the 30 largest at most) */
} ReportShot;

static void
report_class_free (gpointer data)
{
  ReportClass *c = data;

  g_free (c->name);
  g_free (c);
}

static void
report_shot_free (gpointer data)
{
  ReportShot *s = data;

  g_ptr_array_unref (s->classes);
  g_free (s);
}

/* The "Heap shot summary" of mprof-report's text, shot by shot. */
static GPtrArray *
parse_report (const char *text)
{
  GPtrArray *shots = g_ptr_array_new_with_free_func (report_shot_free);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr(GRegex) header = g_regex_new ("^\tHeap shot \\d+ at [0-9.]+ secs: size: (\\d+), object count: (\\d+), "
                                          "class count: (\\d+), roots: \\d+$", 0, 0, NULL);
  g_autoptr(GRegex) row = g_regex_new ("^\t +(\\d+) +(\\d+) +\\d+ (.*?)( \\(bytes: ([-+]\\d+), count: ([-+]\\d+)\\))?$",
                                       0, 0, NULL);
  gboolean in_summary = FALSE;
  ReportShot *shot = NULL;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(GMatchInfo) match = NULL;
      g_autoptr(GMatchInfo) row_match = NULL;

      if (g_str_equal (lines[i], "Heap shot summary"))
        {
          in_summary = TRUE;
          continue;
        }
      if (!in_summary)
        continue;
      /* The next section's heading ends it. */
      if (lines[i][0] != '\0' && lines[i][0] != '\t')
        break;
      if (g_regex_match (header, lines[i], 0, &match))
        {
          g_autofree char *bytes = g_match_info_fetch (match, 1);
          g_autofree char *count = g_match_info_fetch (match, 2);
          g_autofree char *classes = g_match_info_fetch (match, 3);

          shot = g_new0 (ReportShot, 1);
          shot->bytes = g_ascii_strtoull (bytes, NULL, 10);
          shot->count = g_ascii_strtoull (count, NULL, 10);
          shot->n_classes = (guint) g_ascii_strtoull (classes, NULL, 10);
          shot->classes = g_ptr_array_new_with_free_func (report_class_free);
          g_ptr_array_add (shots, shot);
        }
      else if (shot != NULL && g_regex_match (row, lines[i], 0, &row_match))
        {
          ReportClass *c = g_new0 (ReportClass, 1);
          g_autofree char *bytes = g_match_info_fetch (row_match, 1);
          g_autofree char *count = g_match_info_fetch (row_match, 2);
          g_autofree char *change = g_match_info_fetch (row_match, 5);
          g_autofree char *count_change = g_match_info_fetch (row_match, 6);

          c->name = g_match_info_fetch (row_match, 3);
          c->bytes = g_ascii_strtoull (bytes, NULL, 10);
          c->count = g_ascii_strtoull (count, NULL, 10);
          c->has_change = change != NULL && change[0] != '\0';
          if (c->has_change)
            {
              c->bytes_change = g_ascii_strtoll (change, NULL, 10);
              c->count_change = g_ascii_strtoll (count_change, NULL, 10);
            }
          g_ptr_array_add (shot->classes, c);
        }
    }
  return shots;
}

static EsDocument *
load_fixture (const char *name)
{
  g_autofree char *file = g_strconcat (name, ".mlpd", NULL);

  return es_test_load_fixture (file);
}

static int
compare_census_times (gconstpointer a,
                      gconstpointer b,
                      gpointer      document)
{
  guint n;
  const EsHeapProfSample *samples = es_document_get_heap_samples (document, &n);
  guint x = *(const guint *) a, y = *(const guint *) b;

  if (samples[x].time != samples[y].time)
    return samples[x].time < samples[y].time ? -1 : 1;
  return x < y ? -1 : x > y;
}

/* The document's censuses in time order, as the report numbers its shots. */
static GArray *
censuses_in_time_order (EsDocument *document)
{
  guint n = es_heap_census_get_n (document);
  GArray *order = g_array_sized_new (FALSE, FALSE, sizeof (guint), n);

  for (guint c = 0; c < n; c++)
    g_array_append_val (order, c);
  g_array_sort_with_data (order, compare_census_times, document);
  return order;
}

static const EsHeapCensusBand *
find_band (EsDocument *document,
           GArray     *bands,
           const char *name)
{
  for (guint i = 0; i < bands->len; i++)
    {
      const EsHeapCensusBand *band = &g_array_index (bands, EsHeapCensusBand, i);

      if (g_str_equal (es_document_get_heap_band_name (document, band->band), name))
        return band;
    }
  return NULL;
}

/* Each shot of each fixture: its bytes, objects and classes, and each
 * class's bytes and objects and their change since the shot before, are
 * what `mprof-report` printed of that file. */
static void
test_shots_are_the_reports (void)
{
  for (guint f = 0; f < G_N_ELEMENTS (fixtures); f++)
    {
      g_autofree char *report_name = g_strconcat (fixtures[f], ".report.txt", NULL);
      g_autofree char *report = es_test_read_fixture (report_name, NULL);
      g_autoptr(GPtrArray) shots = parse_report (report);
      g_autoptr(EsDocument) document = load_fixture (fixtures[f]);
      g_autoptr(GArray) order = censuses_in_time_order (document);
      guint n_classes = 0;

      g_assert_cmpuint (shots->len, >, 0);
      g_assert_cmpuint (order->len, ==, shots->len);
      g_assert_true (es_heap_census_counts_objects (document));
      for (guint s = 0; s < shots->len; s++)
        {
          const ReportShot *shot = g_ptr_array_index (shots, s);
          guint census = g_array_index (order, guint, s);
          guint before = es_heap_census_before (document, census);
          g_autoptr(GArray) bands = es_heap_census_compare (document, census, before);
          EsHeapCensusTotals totals;

          g_assert_cmpuint (before, ==, s > 0 ? g_array_index (order, guint, s - 1) : ES_HEAP_CENSUS_NONE);
          es_heap_census_get_totals (document, census, &totals);
          g_assert_cmpuint (totals.bytes, ==, shot->bytes);
          g_assert_cmpuint (totals.objects, ==, shot->count);
          /* No two classes of these logs share a name. */
          g_assert_cmpuint (totals.n_bands, ==, shot->n_classes);
          g_assert_cmpuint (shot->classes->len, ==, MIN (shot->n_classes, 30));
          for (guint k = 0; k < shot->classes->len; k++)
            {
              const ReportClass *c = g_ptr_array_index (shot->classes, k);
              const EsHeapCensusBand *band = find_band (document, bands, c->name);

              if (band == NULL)
                g_error ("%s, shot %u: no band %s", fixtures[f], s, c->name);
              g_assert_true (band->in_census);
              g_assert_cmpuint (band->bytes, ==, c->bytes);
              g_assert_cmpuint (band->objects, ==, c->count);
              /* The report gives the change of a class the shot before had. */
              g_assert_cmpint (band->in_base, ==, c->has_change);
              if (c->has_change)
                {
                  g_assert_cmpint (band->bytes_change, ==, c->bytes_change);
                  g_assert_cmpint (band->objects_change, ==, c->count_change);
                }
              n_classes++;
            }
        }
      g_test_message ("%s: %u shots, %u classes compared", fixtures[f], shots->len, n_classes);
    }
}

/* Every class of every shot, not only the thirty the report prints, is
 * what the report's own collector (es-mono-profile, whose text
 * test-mono-report checks byte for byte) counts, in the project's
 * fixtures and in ../shared's log with a heap shot. */
static void
test_every_class_is_the_collectors (void)
{
  const char *logs[] = { "mlpd/heapshot-gc", "mlpd/heapshot-shutdown", "mlpd/heapshot-steps", "shared" };

  for (guint f = 0; f < G_N_ELEMENTS (logs); f++)
    {
      g_autofree char *file = g_strconcat (logs[f], ".mlpd", NULL);
      g_autofree char *path = g_str_equal (logs[f], "shared") ? es_test_shared_path ("mlpd/alloc-heapshot.mlpd")
                                                              : es_test_fixture_path (file);
      g_autoptr(GError) error = NULL;
      g_autoptr(EsMonoProfile) profile = NULL;
      g_autoptr(EsDocument) document = NULL;
      g_autoptr(GArray) order = NULL;
      guint n_classes = 0;

      if (path == NULL || !g_file_test (path, G_FILE_TEST_EXISTS))
        {
          g_test_message ("skipped %s: ../shared is not beside the checkout", logs[f]);
          continue;
        }
      profile = es_mono_profile_load_file (path, &error);
      g_assert_no_error (error);
      document = es_document_load_file (path, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      order = censuses_in_time_order (document);
      g_assert_cmpuint (order->len, ==, profile->heap_shots->len);
      for (guint s = 0; s < order->len; s++)
        {
          const EsMonoHeapShot *shot = g_ptr_array_index (profile->heap_shots, s);
          g_autoptr(GArray) bands = es_heap_census_compare (document, g_array_index (order, guint, s),
                                                            ES_HEAP_CENSUS_NONE);
          EsHeapCensusTotals totals;

          es_heap_census_get_totals (document, g_array_index (order, guint, s), &totals);
          g_assert_cmpuint (totals.n_bands, ==, shot->classes->len);
          for (guint k = 0; k < shot->classes->len; k++)
            {
              const EsMonoHeapClass *c = &g_array_index (shot->classes, EsMonoHeapClass, k);
              char buffer[64];
              const char *name = es_mono_profile_class_name (profile, c->klass, buffer);
              const EsHeapCensusBand *band = find_band (document, bands, name);

              if (band == NULL)
                g_error ("%s, shot %u: no band %s", logs[f], s, name);
              g_assert_cmpuint (band->bytes, ==, c->bytes);
              g_assert_cmpuint (band->objects, ==, c->count);
              n_classes++;
            }
        }
      g_test_message ("%s: %u shots, %u classes", logs[f], order->len, n_classes);
    }
}

/* A shot is a census of the heap profile at its start, its classes the
 * bands, and the Heap profile row's stacks add up to each shot's bytes. */
static void
test_shots_are_the_heap_profile (void)
{
  g_autoptr(EsDocument) document = load_fixture ("mlpd/heapshot-gc");
  const EsHeapProfile *profile = es_heap_profile_get (document);
  guint n_bands;

  g_assert_nonnull (profile);
  g_assert_cmpuint (es_heap_profile_get_n_censuses (profile), ==, 4);
  n_bands = es_heap_profile_get_n_bands (profile);
  /* Eight classes, and the others summed up. */
  g_assert_cmpuint (n_bands, ==, ES_HEAP_PROFILE_DEFAULT_TOP + 1);
  g_assert_true (es_heap_profile_get_band (profile, n_bands - 1)->is_other);
  g_assert_cmpstr (es_heap_profile_get_band (profile, 0)->full_name, ==, "System.Int32[]");
  for (guint c = 0; c < 4; c++)
    {
      guint census = es_heap_census_nearest (document, es_heap_profile_get_census_time (profile, c));
      EsHeapCensusTotals totals;

      es_heap_census_get_totals (document, census, &totals);
      g_assert_cmpuint (totals.time, ==, es_heap_profile_get_census_time (profile, c));
      g_assert_cmpuint (es_heap_profile_get_stack (profile, c)[n_bands], ==, totals.bytes);
    }
}

/* A Mono log without heap shots has no heap profile at all. */
static void
test_no_shots_no_profile (void)
{
  g_autoptr(EsDocument) document = load_fixture ("mlpd/gc-threads");

  g_assert_cmpuint (es_heap_census_get_n (document), ==, 0);
  g_assert_false (es_heap_census_counts_objects (document));
  g_assert_null (es_heap_profile_get (document));
}

/* Every census, band by band, as text. */
static char *
describe_censuses (EsDocument *document)
{
  GString *text = g_string_new (NULL);
  guint n;
  const EsHeapProfSample *samples = es_document_get_heap_samples (document, &n);

  g_string_append_printf (text, "breakdown %u\n", es_document_get_heap_breakdown (document));
  for (guint c = 0; c < n; c++)
    {
      const EsHeapProfEntry *entries = es_document_get_heap_entries (document, &samples[c]);

      g_string_append_printf (text, "census %" G_GUINT64_FORMAT " era %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT
                              "-%" G_GUINT64_FORMAT ":", samples[c].time, samples[c].era, samples[c].census_start,
                              samples[c].census_end);
      for (guint e = 0; e < samples[c].n_entries; e++)
        g_string_append_printf (text, " %s=%" G_GUINT64_FORMAT "/%u",
                                es_document_get_heap_band_name (document, entries[e].band), entries[e].residency,
                                entries[e].objects);
      g_string_append_c (text, '\n');
    }
  return g_string_free (text, FALSE);
}

/* Whether @prefix's censuses are the first of @whole's. */
static gboolean
censuses_begin (const char *whole,
                const char *prefix)
{
  const char *first_census = strstr (prefix, "\ncensus ");

  /* Only the censuses: the first line (the breakdown) is there once the
   * first shot is. */
  return first_census == NULL || strstr (whole, first_census + 1) != NULL;
}

/* Each fixture written piece by piece into a record that a live build
 * follows (src/live, as a followed log is read): the shots show as they
 * come, each update's are the first of the file's, and the last update's
 * document has the file's censuses, band by band. */
static void
test_followed_log_shows_the_shots (void)
{
  g_autofree char *dir = g_dir_make_tmp ("es-heapshots-XXXXXX", NULL);
  g_autofree char *record = g_build_filename (dir, "record", NULL);
  g_autoptr(GRand) rand = g_rand_new_with_seed (35);

  for (guint f = 0; f < G_N_ELEMENTS (fixtures); f++)
    for (guint round = 0; round < 4; round++)
      {
        g_autofree char *file = g_strconcat (fixtures[f], ".mlpd", NULL);
        g_autofree char *path = es_test_fixture_path (file);
        g_autoptr(EsDocument) whole = load_fixture (fixtures[f]);
        g_autofree char *expected = describe_censuses (whole);
        g_autofree char *contents = NULL;
        g_autoptr(EsLiveBuild) build = es_live_build_new (record);
        g_autoptr(EsDocument) last = NULL;
        g_autofree char *got = NULL;
        guint n_updates = 0, previous = 0, n_growing = 0;
        gsize len, written = 0;
        int fd;

        g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
        fd = g_open (record, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        g_assert_cmpint (fd, >=, 0);
        while (written < len)
          {
            gsize piece = (gsize) g_rand_int_range (rand, 1, (gint32) MAX (len / 16, 2));
            g_autoptr(EsDocument) document = NULL;
            g_autoptr(GError) error = NULL;

            /* Not in MIN (): it would draw twice. */
            piece = MIN (piece, len - written);
            g_assert_cmpint (write (fd, contents + written, piece), ==, (gssize) piece);
            written += piece;
            g_assert_true (es_live_build_update (build, written, written == len, NULL, &document, &error));
            g_assert_no_error (error);
            if (document == NULL)
              continue;
            {
              g_autofree char *censuses = describe_censuses (document);
              guint n = es_heap_census_get_n (document);

              g_assert_true (censuses_begin (expected, censuses));
              g_assert_cmpuint (n, >=, previous);
              n_growing += written < len && n > previous;
              previous = n;
            }
            n_updates++;
            g_set_object (&last, document);
          }
        close (fd);
        g_assert_nonnull (last);
        got = describe_censuses (last);
        g_assert_cmpstr (got, ==, expected);
        /* heapshot-gc.mlpd's first three shots are in the first tenth of
         * its run: they show before its end. */
        if (g_str_has_suffix (fixtures[f], "heapshot-gc"))
          g_assert_cmpuint (n_growing, >, 0);
        if (round == 0)
          g_test_message ("%s: %u updates, the shots grew in %u", fixtures[f], n_updates, n_growing);
      }
  g_unlink (record);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/mono-heapshots/shots-are-the-reports", test_shots_are_the_reports);
  g_test_add_func ("/mono-heapshots/every-class-is-the-collectors", test_every_class_is_the_collectors);
  g_test_add_func ("/mono-heapshots/shots-are-the-heap-profile", test_shots_are_the_heap_profile);
  g_test_add_func ("/mono-heapshots/no-shots-no-profile", test_no_shots_no_profile);
  g_test_add_func ("/mono-heapshots/followed-log-shows-the-shots", test_followed_log_shows_the_shots);
  return g_test_run ();
}
