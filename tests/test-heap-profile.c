/* test-heap-profile.c: the heap profile's top bands, against the raw samples
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "es-document-builder.h"
#include "es-document-ipe.h"
#include "es-heap-profile.h"
#include "es-test-log.h"

#define P es_payload_new ()

/* ---- brute force, straight from the document's entries ----------------- */

typedef struct
{
  guint32 band;
  guint64 total;
} Total;

static int
compare_totals (gconstpointer a,
                gconstpointer b)
{
  const Total *x = a, *y = b;

  if (x->total != y->total)
    return x->total > y->total ? -1 : 1;
  return x->band < y->band ? -1 : x->band > y->band;
}

/* Every band's residency summed over every census, largest first. */
static GArray *
brute_totals (EsDocument *document)
{
  GArray *totals = g_array_new (FALSE, TRUE, sizeof (Total));
  guint n_samples;
  const EsHeapProfSample *samples = es_document_get_heap_samples (document, &n_samples);

  g_array_set_size (totals, es_document_get_n_heap_bands (document));
  for (guint b = 0; b < totals->len; b++)
    g_array_index (totals, Total, b).band = b;
  for (guint s = 0; s < n_samples; s++)
    {
      const EsHeapProfEntry *entries = es_document_get_heap_entries (document, &samples[s]);

      for (guint e = 0; e < samples[s].n_entries; e++)
        g_array_index (totals, Total, entries[e].band).total += entries[e].residency;
    }
  g_array_sort (totals, compare_totals);
  return totals;
}

/* The profile's band @p_band, for one census of the document: the entries
 * of that band, or of every band not in the top for "other". */
static guint64
brute_residency (EsDocument              *document,
                 const EsHeapProfile     *profile,
                 const EsHeapProfSample  *sample,
                 guint                    p_band)
{
  const EsHeapProfileBand *band = es_heap_profile_get_band (profile, p_band);
  const EsHeapProfEntry *entries = es_document_get_heap_entries (document, sample);
  guint n_bands = es_heap_profile_get_n_bands (profile);
  guint64 sum = 0;

  for (guint e = 0; e < sample->n_entries; e++)
    {
      gboolean in_top = FALSE;

      for (guint b = 0; b < n_bands; b++)
        {
          const EsHeapProfileBand *other = es_heap_profile_get_band (profile, b);

          in_top |= !other->is_other && other->band == entries[e].band;
        }
      if (band->is_other ? !in_top : entries[e].band == band->band)
        sum += entries[e].residency;
    }
  return sum;
}

/* The top @n_top bands and "other", and every census's stack. */
static void
check_profile (EsDocument *document,
               guint       n_top)
{
  g_autoptr(EsHeapProfile) profile = es_heap_profile_new (document, n_top);
  g_autoptr(GArray) totals = brute_totals (document);
  guint n_samples, n_nonzero = 0, n_bands, expected_bands;
  const EsHeapProfSample *samples = es_document_get_heap_samples (document, &n_samples);
  guint64 other_total = 0, max_total = 0;

  for (guint i = 0; i < totals->len; i++)
    n_nonzero += g_array_index (totals, Total, i).total > 0;
  n_bands = es_heap_profile_get_n_bands (profile);
  expected_bands = MIN (n_top, n_nonzero) + (n_nonzero > n_top);
  g_assert_cmpuint (n_bands, ==, expected_bands);
  for (guint i = 0; i < MIN (n_top, n_nonzero); i++)
    {
      const EsHeapProfileBand *band = es_heap_profile_get_band (profile, i);

      g_assert_false (band->is_other);
      g_assert_cmpuint (band->band, ==, g_array_index (totals, Total, i).band);
      g_assert_cmpuint (band->total, ==, g_array_index (totals, Total, i).total);
    }
  for (guint i = n_top; i < totals->len; i++)
    other_total += g_array_index (totals, Total, i).total;
  if (n_nonzero > n_top)
    {
      g_assert_true (es_heap_profile_get_band (profile, n_bands - 1)->is_other);
      g_assert_cmpuint (es_heap_profile_get_band (profile, n_bands - 1)->total, ==, other_total);
    }

  /* Censuses in time order, each stack adding up to the census's total. */
  g_assert_cmpuint (es_heap_profile_get_n_censuses (profile), ==, n_samples);
  for (guint c = 0; c < n_samples; c++)
    {
      const EsHeapProfEntry *entries = es_document_get_heap_entries (document, &samples[c]);
      const guint64 *stack = es_heap_profile_get_stack (profile, c);
      guint64 census_total = 0;

      g_assert_cmpuint (es_heap_profile_get_census_time (profile, c), ==, samples[c].time);
      for (guint e = 0; e < samples[c].n_entries; e++)
        census_total += entries[e].residency;
      g_assert_cmpuint (stack[0], ==, 0);
      g_assert_cmpuint (stack[n_bands], ==, census_total);
      for (guint b = 0; b < n_bands; b++)
        {
          g_assert_cmpuint (stack[b + 1], >=, stack[b]);
          g_assert_cmpuint (es_heap_profile_get_residency (profile, c, b), ==,
                            brute_residency (document, profile, &samples[c], b));
        }
      max_total = MAX (max_total, census_total);
    }
  g_assert_cmpuint (es_heap_profile_get_max_total (profile), ==, max_total);
}

/* Each band's mean and maximum over [t0, t1], by the documented rule: the
 * censuses inside, or else the last one before t0, or else nothing. */
static void
check_interval (EsDocument          *document,
                const EsHeapProfile *profile,
                guint64              t0,
                guint64              t1)
{
  guint n_samples, n_used = 0, n_reported;
  const EsHeapProfSample *samples = es_document_get_heap_samples (document, &n_samples);
  g_autoptr(GArray) stats = es_heap_profile_summarize (profile, t0, t1, &n_reported);
  g_autofree gboolean *used = g_new0 (gboolean, MAX (n_samples, 1));
  guint lo = MIN (t0, t1) == t0 ? 0 : 1;
  guint64 a = lo == 0 ? t0 : t1, b = lo == 0 ? t1 : t0;

  for (guint c = 0; c < n_samples; c++)
    if (samples[c].time >= a && samples[c].time <= b)
      {
        used[c] = TRUE;
        n_used++;
      }
  if (n_used == 0)
    for (guint c = n_samples; c > 0; c--)
      if (samples[c - 1].time < a)
        {
          used[c - 1] = TRUE;
          n_used = 1;
          break;
        }
  g_assert_cmpuint (n_reported, ==, n_used);
  if (n_used == 0)
    {
      g_assert_cmpuint (stats->len, ==, 0);
      return;
    }
  g_assert_cmpuint (stats->len, ==, es_heap_profile_get_n_bands (profile));
  for (guint i = 0; i < stats->len; i++)
    {
      const EsHeapBandStats *s = &g_array_index (stats, EsHeapBandStats, i);
      guint64 sum = 0, max = 0;

      for (guint c = 0; c < n_samples; c++)
        if (used[c])
          {
            guint64 r = brute_residency (document, profile, &samples[c], s->band);

            sum += r;
            max = MAX (max, r);
          }
      g_assert_cmpfloat_with_epsilon (s->mean, (double) sum / n_used, 1e-6);
      g_assert_cmpuint (s->max, ==, max);
      if (i > 0)
        g_assert_cmpfloat (g_array_index (stats, EsHeapBandStats, i - 1).mean, >=, s->mean);
    }
}

static void
check_intervals (EsDocument *document)
{
  const EsHeapProfile *profile = es_heap_profile_get (document);
  guint n_samples;
  const EsHeapProfSample *samples = es_document_get_heap_samples (document, &n_samples);
  guint64 first, last, end = es_document_get_end_time (document);

  g_assert_nonnull (profile);
  g_assert_true (es_heap_profile_get (document) == profile);
  g_assert_cmpuint (n_samples, >=, 3);
  first = samples[0].time;
  last = samples[n_samples - 1].time;

  check_interval (document, profile, 0, G_MAXUINT64);
  check_interval (document, profile, 0, end);
  check_interval (document, profile, end / 3, end * 2 / 3);
  /* Exactly one census, and the interval's edges on censuses. */
  check_interval (document, profile, samples[1].time, samples[1].time);
  check_interval (document, profile, samples[1].time, samples[2].time);
  /* Between two censuses: the one before. */
  check_interval (document, profile, samples[1].time + 1, samples[2].time - 1);
  /* Before the first census: nothing; after the last: the last. */
  check_interval (document, profile, 0, first - 1);
  check_interval (document, profile, last + 1, G_MAXUINT64);
  /* Backwards is the same interval. */
  check_interval (document, profile, end * 2 / 3, end / 3);

  /* The census at or before a time, and the nearest, against a walk. */
  for (guint64 t = 0; t <= end + end / 10; t += end / 97 + 1)
    {
      guint at = G_MAXUINT, nearest = 0;

      for (guint c = 0; c < n_samples; c++)
        {
          guint64 d = samples[c].time > t ? samples[c].time - t : t - samples[c].time;
          guint64 dn = samples[nearest].time > t ? samples[nearest].time - t : t - samples[nearest].time;

          if (samples[c].time <= t)
            at = c;
          if (d < dn)
            nearest = c;
        }
      g_assert_cmpuint (es_heap_profile_census_at (profile, t), ==, at);
      g_assert_cmpuint (es_heap_profile_nearest_census (profile, t), ==, nearest);
    }
}

/* ---- the fixtures ------------------------------------------------------ */

static void
test_closure_types (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("heap-hT-N2.eventlog");
  const EsHeapProfile *profile;

  check_profile (document, ES_HEAP_PROFILE_DEFAULT_TOP);
  check_profile (document, 1);
  check_profile (document, 0);
  check_profile (document, 1000);
  check_intervals (document);

  /* -hT bands are the sample strings; the legend drops the package. */
  profile = es_heap_profile_get (document);
  for (guint b = 0; b < es_heap_profile_get_n_bands (profile); b++)
    {
      const EsHeapProfileBand *band = es_heap_profile_get_band (profile, b);
      const char *name;

      if (band->is_other)
        continue;
      name = es_document_get_heap_band_name (document, band->band);
      g_assert_cmpstr (band->full_name, ==, name);
      g_assert_true (g_str_has_suffix (name, band->short_name));
      if (g_str_equal (name, "ghc-prim:GHC.Types.I#"))
        g_assert_cmpstr (band->short_name, ==, "GHC.Types.I#");
    }
}

static const EsCostCentre *
find_cost_centre (EsDocument *document,
                  guint32     id)
{
  guint n;
  const EsCostCentre *cc = es_document_get_cost_centres (document, &n);

  for (guint i = 0; i < n; i++)
    if (cc[i].id == id)
      return &cc[i];
  return NULL;
}

static void
test_cost_centre_stacks (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("profiled-hc.eventlog");
  const EsHeapProfile *profile;
  gboolean saw_words_of = FALSE;

  check_profile (document, ES_HEAP_PROFILE_DEFAULT_TOP);
  check_profile (document, 3);
  check_profile (document, 1000);
  check_intervals (document);

  /* The innermost cost centre names a band, "Module.label"; the whole
   * stack, innermost first, is its full name. */
  profile = es_heap_profile_get (document);
  for (guint b = 0; b < es_heap_profile_get_n_bands (profile); b++)
    {
      const EsHeapProfileBand *band = es_heap_profile_get_band (profile, b);
      g_auto(GStrv) ids = NULL;
      g_auto(GStrv) names = NULL;
      const EsCostCentre *innermost;
      g_autofree char *expected = NULL;

      if (band->is_other)
        continue;
      ids = g_strsplit (es_document_get_heap_band_name (document, band->band), "/", -1);
      if (ids[0] == NULL)
        {
          g_assert_null (band->short_name);
          continue;
        }
      innermost = find_cost_centre (document, (guint32) g_ascii_strtoull (ids[0], NULL, 10));
      g_assert_nonnull (innermost);
      if (innermost == NULL)
        continue;
      expected = g_strdup_printf ("%s.%s", innermost->module, innermost->label);
      g_assert_cmpstr (band->short_name, ==, expected);
      g_assert_true (g_str_has_prefix (band->full_name, expected));
      names = g_strsplit (band->full_name, " \342\206\220 ", -1);
      g_assert_cmpuint (g_strv_length (names), ==, g_strv_length (ids));
      saw_words_of |= g_str_equal (band->short_name, "Main.wordsOf");
    }
  /* programs/profiled.hs: the words of the input are the largest band. */
  g_assert_true (saw_words_of);
  g_assert_cmpstr (es_heap_profile_get_band (profile, 0)->short_name, ==, "Main.wordsOf");
}

/* ---- a log written byte by byte, with known bands ---------------------- */

static EsDocument *
load_log (EsTestLog *log)
{
  GByteArray *data = es_test_log_get_data (log);
  g_autofree char *path = es_test_write_temp_log (data->data, data->len);
  g_autoptr(GError) error = NULL;
  EsDocument *document = es_document_load_file (path, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  g_unlink (path);
  return document;
}

static void
add_census (EsTestLog         *log,
            guint64            time,
            const char *const *names,
            const guint64     *residencies)
{
  es_test_log_event (log, 162, time, es_payload_u64 (P, 0));
  for (guint i = 0; names[i] != NULL; i++)
    es_test_log_event (log, 164, time + 1 + i,
                       es_payload_cstr (es_payload_u64 (es_payload_u8 (P, 0), residencies[i]), names[i]));
  es_test_log_event (log, 165, time + 50, es_payload_u64 (P, 0));
}

/* Four bands over three censuses, two kept: A (sum 600) and C (500); B
 * (90) and D (40) are "other". */
static void
test_synthetic_bands (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  g_autoptr(EsDocument) document = NULL;
  g_autoptr(EsHeapProfile) profile = NULL;
  g_autoptr(GArray) stats = NULL;
  const char *const first[] = { "A", "B", "C", NULL };
  const char *const second[] = { "B", "A", "D", "C", NULL };
  const char *const third[] = { "pkg:T.C", "A", "C", NULL };
  const guint64 r1[] = { 100, 50, 200 }, r2[] = { 40, 200, 40, 100 }, r3[] = { 7, 300, 200 };
  GByteArray *begin = es_payload_u32 (es_payload_u64 (es_payload_u8 (P, 0), 1000), ES_HEAP_PROF_BREAKDOWN_CLOSURE_TYPE);
  const EsHeapProfileBand *band;
  guint n;

  for (int i = 0; i < 7; i++)
    es_payload_cstr (begin, "");
  es_test_log_declare_ghc (log);
  es_test_log_begin_data (log);
  es_test_log_event (log, 160, 1, begin);
  add_census (log, 1000, first, r1);
  add_census (log, 2000, second, r2);
  add_census (log, 3000, third, r3);
  es_test_log_end (log);
  document = load_log (log);

  profile = es_heap_profile_new (document, 2);
  g_assert_cmpuint (es_heap_profile_get_n_censuses (profile), ==, 3);
  g_assert_cmpuint (es_heap_profile_get_n_bands (profile), ==, 3);
  band = es_heap_profile_get_band (profile, 0);
  g_assert_cmpstr (band->short_name, ==, "A");
  g_assert_cmpuint (band->total, ==, 600);
  band = es_heap_profile_get_band (profile, 1);
  g_assert_cmpstr (band->short_name, ==, "C");
  g_assert_cmpuint (band->total, ==, 500);
  band = es_heap_profile_get_band (profile, 2);
  g_assert_true (band->is_other);
  g_assert_cmpuint (band->total, ==, 50 + 40 + 40 + 7);

  /* Census two, stacked: A 200, C 100, other 40 + 40. */
  {
    const guint64 *stack = es_heap_profile_get_stack (profile, 1);

    g_assert_cmpuint (stack[0], ==, 0);
    g_assert_cmpuint (stack[1], ==, 200);
    g_assert_cmpuint (stack[2], ==, 300);
    g_assert_cmpuint (stack[3], ==, 380);
  }
  g_assert_cmpuint (es_heap_profile_get_max_total (profile), ==, 507);
  g_assert_cmpuint (es_heap_profile_census_at (profile, 999), ==, G_MAXUINT);
  g_assert_cmpuint (es_heap_profile_census_at (profile, 2000), ==, 1);
  g_assert_cmpuint (es_heap_profile_nearest_census (profile, 2600), ==, 2);
  g_assert_cmpuint (es_heap_profile_nearest_census (profile, 2400), ==, 1);

  /* [1000, 2000]: A mean 150 max 200; C 150, 200; other 65, 80. */
  stats = es_heap_profile_summarize (profile, 1000, 2000, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (stats->len, ==, 3);
  g_assert_cmpuint (g_array_index (stats, EsHeapBandStats, 0).band, ==, 0);
  g_assert_cmpfloat (g_array_index (stats, EsHeapBandStats, 0).mean, ==, 150);
  g_assert_cmpuint (g_array_index (stats, EsHeapBandStats, 0).max, ==, 200);
  g_assert_cmpuint (g_array_index (stats, EsHeapBandStats, 1).band, ==, 1);
  g_assert_cmpfloat (g_array_index (stats, EsHeapBandStats, 1).mean, ==, 150);
  g_assert_cmpuint (g_array_index (stats, EsHeapBandStats, 2).band, ==, 2);
  g_assert_cmpfloat (g_array_index (stats, EsHeapBandStats, 2).mean, ==, 65);
  g_assert_cmpuint (g_array_index (stats, EsHeapBandStats, 2).max, ==, 80);
  g_clear_pointer (&stats, g_array_unref);

  /* (2000, 3000) holds no census: census two's values. */
  stats = es_heap_profile_summarize (profile, 2100, 2900, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpuint (g_array_index (stats, EsHeapBandStats, 0).max, ==, 200);
  g_assert_cmpfloat (g_array_index (stats, EsHeapBandStats, 2).mean, ==, 80);
  g_clear_pointer (&stats, g_array_unref);
  stats = es_heap_profile_summarize (profile, 0, 999, &n);
  g_assert_cmpuint (n, ==, 0);
  g_assert_cmpuint (stats->len, ==, 0);
  g_clear_pointer (&stats, g_array_unref);

  /* A package goes from a legend's name, not from the full one. */
  g_clear_pointer (&profile, es_heap_profile_free);
  profile = es_heap_profile_new (document, 8);
  g_assert_cmpuint (es_heap_profile_get_n_bands (profile), ==, 5);
  band = es_heap_profile_get_band (profile, 4);
  g_assert_cmpstr (band->full_name, ==, "pkg:T.C");
  g_assert_cmpstr (band->short_name, ==, "T.C");
  check_profile (document, 2);
  check_intervals (document);
}

/* Both profiles are the same: bands, names, totals and every census. */
static void
assert_same_profile (const EsHeapProfile *got,
                     const EsHeapProfile *want)
{
  guint n_bands = es_heap_profile_get_n_bands (want);

  g_assert_cmpuint (es_heap_profile_get_n_bands (got), ==, n_bands);
  for (guint b = 0; b < n_bands; b++)
    {
      const EsHeapProfileBand *x = es_heap_profile_get_band (got, b), *y = es_heap_profile_get_band (want, b);

      g_assert_cmpuint (x->band, ==, y->band);
      g_assert_cmpint (x->is_other, ==, y->is_other);
      g_assert_cmpuint (x->total, ==, y->total);
      g_assert_cmpstr (x->short_name, ==, y->short_name);
      g_assert_cmpstr (x->full_name, ==, y->full_name);
    }
  g_assert_cmpuint (es_heap_profile_get_n_censuses (got), ==, es_heap_profile_get_n_censuses (want));
  for (guint c = 0; c < es_heap_profile_get_n_censuses (want); c++)
    {
      g_assert_cmpuint (es_heap_profile_get_census_time (got, c), ==, es_heap_profile_get_census_time (want, c));
      g_assert_cmpmem (es_heap_profile_get_stack (got, c), (n_bands + 1) * sizeof (guint64),
                       es_heap_profile_get_stack (want, c), (n_bands + 1) * sizeof (guint64));
    }
  g_assert_cmpuint (es_heap_profile_get_max_total (got), ==, es_heap_profile_get_max_total (want));
}

static void
add_heap_event (EsDocumentBuilder *builder,
                EsEventTag         tag,
                guint64            time,
                const char        *label,
                guint64            residency)
{
  EsEvent e = { 0 };

  e.tag = tag;
  e.cap = ES_CAP_NONE;
  e.time = time;
  if (tag == ES_EVENT_HEAP_PROF_SAMPLE_BEGIN)
    {
      e.u.heap_sample.time = time;
      e.u.heap_sample.era = time / 100;
    }
  else if (tag == ES_EVENT_HEAP_PROF_SAMPLE_STRING)
    {
      e.u.string_sample.residency = residency;
      e.u.string_sample.label.data = label;
      e.u.string_sample.label.len = strlen (label);
    }
  es_document_builder_add (builder, &e);
}

/* A live log's profiles, grown from snapshot to snapshot, are those made
 * whole from the same document: with the top bands changing as censuses
 * come (each band's residency drifts), a census still getting entries as
 * a snapshot is taken, and in one round a census earlier than the one
 * before. Where the top stayed, the grower stacked each census once: the
 * profiles of successive snapshots share their first chunk of censuses
 * once it is full. */
static void
test_grown_profiles_are_made_whole (void)
{
  static const char *const names[] = { "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N" };
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new_for_snapshots ();
  EsHeapProfileGrower *grower = es_heap_profile_grower_new (ES_HEAP_PROFILE_DEFAULT_TOP);
  g_autoptr(EsDocument) previous = NULL;
  guint64 time = 1000;
  guint shared = 0, top_changes = 0, open_entries = 0, n_censuses = 0;
  gboolean open = FALSE;

  for (guint round = 0; round < 100; round++)
    {
      guint n = g_rand_int_range (rand, 1, 60);
      g_autoptr(EsDocument) snapshot = NULL;
      g_autoptr(EsHeapProfile) whole = NULL;
      const EsHeapProfile *grown;
      guint n_samples;

      for (guint c = 0; c <= n; c++)
        {
          /* The last census of a round is left open, half done, in some. */
          guint n_entries = round == 50 && c == n ? 10 : g_rand_int_range (rand, 1, G_N_ELEMENTS (names));

          if (!open)
            {
              time += round == 50 && c == n ? -150 : 100;
              add_heap_event (builder, ES_EVENT_HEAP_PROF_SAMPLE_BEGIN, time, NULL, 0);
              open_entries = 0;
              n_censuses++;
            }
          for (guint e = open_entries; e < n_entries; e++)
            {
              /* Band k grows with the rounds at its own pace: the top changes. */
              guint k = (e * 5 + round) % G_N_ELEMENTS (names);
              guint64 residency = 1000 + k * 100 + (guint64) g_rand_int_range (rand, 0, 50) * (round % (k + 2));

              add_heap_event (builder, ES_EVENT_HEAP_PROF_SAMPLE_STRING, time, names[k], residency);
              if (c == n && n_entries > 3 && e == n_entries / 2 && (round == 50 || g_rand_boolean (rand)))
                {
                  open_entries = e + 1;
                  break;
                }
              open_entries = n_entries;
            }
          open = open_entries < n_entries;
          if (!open)
            add_heap_event (builder, ES_EVENT_HEAP_PROF_SAMPLE_END, time, NULL, 0);
        }

      snapshot = es_document_builder_snapshot (builder, FALSE, -1);
      es_heap_profile_grower_give (grower, snapshot);
      grown = es_heap_profile_get (snapshot);
      whole = es_heap_profile_new (snapshot, ES_HEAP_PROFILE_DEFAULT_TOP);
      g_assert_nonnull (grown);
      assert_same_profile (grown, whole);
      /* In time order, whatever the order the log has them in. */
      es_document_get_heap_samples (snapshot, &n_samples);
      g_assert_cmpuint (es_heap_profile_get_n_censuses (whole), ==, n_samples);
      for (guint c = 1; c < n_samples; c++)
        g_assert_cmpuint (es_heap_profile_get_census_time (whole, c - 1), <=, es_heap_profile_get_census_time (whole, c));
      if (previous != NULL && es_heap_profile_get_n_censuses (grown) > 2048)
        shared += es_heap_profile_get_stack (grown, 0) == es_heap_profile_get_stack (es_heap_profile_get (previous), 0);
      if (previous != NULL)
        top_changes += es_heap_profile_get_band (grown, 0)->band !=
                       es_heap_profile_get_band (es_heap_profile_get (previous), 0)->band;
      g_set_object (&previous, snapshot);
    }
  g_assert_cmpuint (n_censuses, >, 2200);
  g_assert_cmpuint (top_changes, >=, 3);
  g_assert_cmpuint (shared, >=, 10);
  es_heap_profile_grower_unref (grower);
}

/* A log without a heap profile has none, and an empty profile answers. */
static void
test_no_profile (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("parfib-N2.eventlog");
  g_autoptr(EsHeapProfile) profile = es_heap_profile_new (document, 8);
  g_autoptr(GArray) stats = es_heap_profile_summarize (profile, 0, G_MAXUINT64, NULL);

  g_assert_null (es_heap_profile_get (document));
  g_assert_cmpuint (es_heap_profile_get_n_bands (profile), ==, 0);
  g_assert_cmpuint (es_heap_profile_get_n_censuses (profile), ==, 0);
  g_assert_cmpuint (es_heap_profile_census_at (profile, 5), ==, G_MAXUINT);
  g_assert_cmpuint (es_heap_profile_nearest_census (profile, 5), ==, G_MAXUINT);
  g_assert_cmpuint (stats->len, ==, 0);
}

static void
add_info_table (EsTestLog  *log,
                guint64     time,
                guint64     info,
                const char *table_name,
                guint       closure_type,
                const char *type_desc,
                const char *module,
                const char *srcloc)
{
  g_autofree char *closure_desc = g_strdup_printf ("%u", closure_type);
  GByteArray *p = es_payload_u64 (P, info);

  es_payload_cstr (p, table_name);
  es_payload_cstr (p, closure_desc);
  es_payload_cstr (p, type_desc);
  es_payload_cstr (p, "");
  es_payload_cstr (p, module);
  es_payload_cstr (p, srcloc);
  es_test_log_event (log, 169, time, p);
}

/* A heap profile by info table (-hi) of a program built with
 * -finfo-table-map: its bands, named by address, are named by where the
 * closures come from and what they are; an address the log has no
 * provenance for keeps its address. The same profile by closure type
 * (-hT) names nothing after the tables, though its bands look alike. */
static void
check_info_table_bands (guint32 breakdown)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  g_autoptr(EsDocument) document = NULL;
  g_autoptr(EsHeapProfile) profile = NULL;
  const char *const census[] = { "0x409f78", "409fd8", "0x7777", NULL };
  const guint64 residencies[] = { 300, 200, 100 };
  GByteArray *begin = es_payload_u32 (es_payload_u64 (es_payload_u8 (P, 0), 1000), breakdown);
  const EsInfoTable *table;
  guint n;

  for (int i = 0; i < 7; i++)
    es_payload_cstr (begin, "");
  es_test_log_declare_ghc (log);
  es_test_log_begin_data (log);
  es_test_log_event (log, 160, 1, begin);
  /* Posted twice, as a program that loads the same table again would. */
  add_info_table (log, 2, 0x409fd8, "sat_s157_info", 21, "", "Main", "Test.hs:5:1-30");
  add_info_table (log, 3, 0x409f78, "go_info", 8, "[Int] -> Int", "Lib", "src/Lib.hs:12:3-40");
  add_info_table (log, 4, 0x409fd8, "sat_s157_info", 21, "", "Main", "Test.hs:5:1-30");
  add_census (log, 1000, census, residencies);
  es_test_log_end (log);
  document = load_log (log);

  es_document_get_info_tables (document, &n);
  g_assert_cmpuint (n, ==, 2);
  table = es_document_lookup_info_table (document, 0x409fd8);
  g_assert_nonnull (table);
  g_assert_cmpstr (table->table_name, ==, "sat_s157_info");
  g_assert_cmpuint (table->closure_type, ==, 21);
  g_assert_null (es_document_lookup_info_table (document, 0x7777));

  profile = es_heap_profile_new (document, 3);
  g_assert_cmpuint (es_heap_profile_get_n_bands (profile), ==, 3);
  if (breakdown == ES_HEAP_PROF_BREAKDOWN_INFO_TABLE)
    {
      g_assert_cmpstr (es_heap_profile_get_band (profile, 0)->short_name, ==, "src/Lib.hs:12:3-40 ([Int] -> Int)");
      g_assert_cmpstr (es_heap_profile_get_band (profile, 0)->full_name, ==,
                       "go_info: FUN :: [Int] -> Int, Lib src/Lib.hs:12:3-40 (0x409f78)");
      g_assert_cmpstr (es_heap_profile_get_band (profile, 1)->short_name, ==, "Test.hs:5:1-30 (THUNK_STATIC)");
      g_assert_cmpstr (es_heap_profile_get_band (profile, 1)->full_name, ==,
                       "sat_s157_info: THUNK_STATIC, Main Test.hs:5:1-30 (0x409fd8)");
    }
  else
    {
      g_assert_cmpstr (es_heap_profile_get_band (profile, 0)->short_name, ==, "0x409f78");
      g_assert_cmpstr (es_heap_profile_get_band (profile, 1)->short_name, ==, "409fd8");
    }
  g_assert_cmpstr (es_heap_profile_get_band (profile, 2)->short_name, ==, "0x7777");
}

static void
test_info_table_bands (void)
{
  check_info_table_bands (ES_HEAP_PROF_BREAKDOWN_INFO_TABLE);
  check_info_table_bands (ES_HEAP_PROF_BREAKDOWN_CLOSURE_TYPE);
}

/* GHC 9.2's own log (../shared): its four IPE events, as `ghc-events show`
 * prints them ("Info Table: 409f78:21:sat_s154_info - Test.hs:5:1-30"). */
static void
test_info_tables_of_ghc_9_2 (void)
{
  g_autofree char *path = es_test_shared_path ("eventlogs/ghc-events/ghc-9.2-events.eventlog");
  g_autofree char *reference_path = NULL;
  g_autofree char *reference = NULL;
  g_autoptr(EsDocument) document = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  guint n, found = 0;

  if (path == NULL)
    {
      g_test_skip ("../shared/eventlogs is not beside the checkout");
      return;
    }
  reference_path = g_strconcat (path, ".reference", NULL);
  document = es_document_load_file (path, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (reference_path, &reference, NULL, NULL));
  lines = g_strsplit (reference, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *at = strstr (lines[i], ": Info Table: ");
      g_auto(GStrv) fields = NULL;
      g_auto(GStrv) name_and_place = NULL;
      const EsInfoTable *table;
      guint64 info;

      if (at == NULL)
        continue;
      fields = g_strsplit (at + strlen (": Info Table: "), ":", 3);
      g_assert_true (es_info_table_parse_address (fields[0], &info));
      table = es_document_lookup_info_table (document, info);
      g_assert_nonnull (table);
      g_assert_cmpuint (table->closure_type, ==, g_ascii_strtoull (fields[1], NULL, 10));
      name_and_place = g_strsplit (fields[2], " - ", 2);
      g_assert_cmpstr (table->table_name, ==, name_and_place[0]);
      g_assert_cmpstr (table->srcloc, ==, name_and_place[1]);
      found++;
    }
  es_document_get_info_tables (document, &n);
  g_assert_cmpuint (found, ==, 4);
  g_assert_cmpuint (n, ==, found);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/heap-profile/closure-types-match-the-samples", test_closure_types);
  g_test_add_func ("/heap-profile/cost-centre-stacks-match-the-samples", test_cost_centre_stacks);
  g_test_add_func ("/heap-profile/synthetic-bands", test_synthetic_bands);
  g_test_add_func ("/heap-profile/no-profile", test_no_profile);
  g_test_add_func ("/heap-profile/grown-profiles-are-made-whole", test_grown_profiles_are_made_whole);
  g_test_add_func ("/heap-profile/info-table-bands", test_info_table_bands);
  g_test_add_func ("/heap-profile/info-tables-of-ghc-9.2", test_info_tables_of_ghc_9_2);

  return g_test_run ();
}
