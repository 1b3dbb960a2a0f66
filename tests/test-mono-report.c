/* test-mono-report.c: the Mono report equals mprof-report's, section by
 * section, on every fixture; intervals add up to the whole run
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <glib.h>

#include "es-mlpd-load.h"
#include "es-mono-report.h"
#include "es-test-log.h"

/* A report cut at its section headings: a heading is a line that starts
 * at the margin after an empty line ("JIT summary", "Counters:"). What
 * comes before the first one (mprof-report's "unmatched leave" lines) is a
 * section of its own. */
typedef struct
{
  char    *heading;
  GString *text;
} Section;

static void
section_free (gpointer data)
{
  Section *section = data;

  g_free (section->heading);
  g_string_free (section->text, TRUE);
  g_free (section);
}

static GPtrArray *
split_sections (const char *report)
{
  GPtrArray *sections = g_ptr_array_new_with_free_func (section_free);
  g_auto(GStrv) lines = g_strsplit (report, "\n", -1);
  Section *current = g_new0 (Section, 1);

  current->heading = g_strdup ("(before the first section)");
  current->text = g_string_new (NULL);
  g_ptr_array_add (sections, current);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];

      if (i > 0 && lines[i - 1][0] == '\0' && line[0] != '\0' && line[0] != '\t' && line[0] != ' ')
        {
          current = g_new0 (Section, 1);
          current->heading = g_strdup (line);
          current->text = g_string_new (NULL);
          g_ptr_array_add (sections, current);
        }
      g_string_append (current->text, line);
      if (lines[i + 1] != NULL)
        g_string_append_c (current->text, '\n');
    }
  return sections;
}

/* Fails naming the section and its first line that differs. */
static void
assert_same_report (const char *what,
                    const char *actual,
                    const char *expected)
{
  g_autoptr(GPtrArray) got = split_sections (actual);
  g_autoptr(GPtrArray) want = split_sections (expected);

  for (guint s = 0; s < MAX (got->len, want->len); s++)
    {
      const Section *g = s < got->len ? g_ptr_array_index (got, s) : NULL;
      const Section *w = s < want->len ? g_ptr_array_index (want, s) : NULL;
      g_auto(GStrv) got_lines = NULL;
      g_auto(GStrv) want_lines = NULL;

      if (g == NULL || w == NULL)
        g_error ("%s: section %u is \"%s\" in the report, \"%s\" in mprof-report's", what, s,
                 g != NULL ? g->heading : "(none)", w != NULL ? w->heading : "(none)");
      if (g_str_equal (g->text->str, w->text->str))
        continue;
      got_lines = g_strsplit (g->text->str, "\n", -1);
      want_lines = g_strsplit (w->text->str, "\n", -1);
      for (guint i = 0;; i++)
        if (got_lines[i] == NULL || want_lines[i] == NULL || !g_str_equal (got_lines[i], want_lines[i]))
          g_error ("%s: section \"%s\", line %u: the report has\n  \"%s\"\nmprof-report has\n  \"%s\"",
                   what, w->heading, i + 1,
                   got_lines[i] != NULL ? got_lines[i] : "(the end)",
                   want_lines[i] != NULL ? want_lines[i] : "(the end)");
    }
  /* equal sections, equal text */
  g_assert_cmpstr (actual, ==, expected);
}

/* mprof-report's options as the CLI takes them, for variants.txt. */
static void
parse_options (const char          *line,
               EsMonoReportOptions *options,
               char               **reports)
{
  g_auto(GStrv) words = g_strsplit_set (line, " \t", -1);

  es_mono_report_options_init (options);
  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *w = words[i];

      if (*w == '\0')
        continue;
      if (g_str_equal (w, "--traces"))
        options->traces = TRUE;
      else if (g_str_has_prefix (w, "--maxframes="))
        options->max_frames = (guint) atoi (w + strlen ("--maxframes="));
      else if (g_str_equal (w, "--method-sort=self"))
        options->method_sort = ES_MONO_METHOD_SORT_SELF;
      else if (g_str_equal (w, "--method-sort=calls"))
        options->method_sort = ES_MONO_METHOD_SORT_CALLS;
      else if (g_str_equal (w, "--alloc-sort=count"))
        options->alloc_sort = ES_MONO_ALLOC_SORT_COUNT;
      else if (g_str_has_prefix (w, "--reports="))
        *reports = g_strdup (w + strlen ("--reports="));
      else
        g_error ("variants.txt: an option the test does not know: %s", w);
    }
  options->reports = *reports;
}

typedef struct
{
  char *log;                  /* NAME.mlpd */
  char *expected;             /* mprof-report's text of it */
  char *options;              /* mprof-report's options, "" for none */
} Case;

static void
case_free (gpointer data)
{
  Case *c = data;

  g_free (c->log);
  g_free (c->expected);
  g_free (c->options);
  g_free (c);
}

static void
test_report_equals_mprof_report (gconstpointer data)
{
  const Case *c = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(EsMonoProfile) profile = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *expected = NULL;
  g_autofree char *reports = NULL;
  g_autofree char *what = NULL;
  EsMonoReportOptions options;

  if (!g_file_test (c->log, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the log is not there (../shared/mlpd is only beside a work tree)");
      return;
    }
  g_assert_true (g_file_get_contents (c->expected, &expected, NULL, &error));
  g_assert_no_error (error);
  profile = es_mono_profile_load_file (c->log, &error);
  g_assert_no_error (error);
  g_assert_nonnull (profile);
  parse_options (c->options, &options, &reports);
  es_mono_report_write (profile, &options, text);
  what = g_strdup_printf ("%s %s", c->expected, c->options);
  assert_same_report (what, text->str, expected);
}

static gint64
count_of (const char *report,
          const char *prefix)
{
  const char *at = strstr (report, prefix);

  g_assert_nonnull (at);
  return g_ascii_strtoll (at + strlen (prefix), NULL, 10);
}

static gint64
sum_of_column (const char *report,
               const char *heading,
               guint       column)
{
  const char *at = strstr (report, heading);
  g_auto(GStrv) lines = NULL;
  gint64 sum = 0;

  if (at == NULL)
    return 0;
  lines = g_strsplit (at, "\n", -1);
  /* the heading, the column titles, then the rows until a blank line or
   * the total */
  for (guint i = 2; lines[i] != NULL && lines[i][0] != '\0' && !g_str_has_prefix (lines[i], "Total"); i++)
    {
      g_auto(GStrv) cells = g_strsplit_set (g_strstrip (lines[i]), " ", -1);
      guint n = 0;

      for (guint k = 0; cells[k] != NULL; k++)
        if (cells[k][0] != '\0' && n++ == column)
          sum += g_ascii_strtoll (cells[k], NULL, 10);
    }
  return sum;
}

/* Cut at three points, the four reports' samples, calls, allocations,
 * throws and contentions add up to the whole run's. */
static void
check_intervals_add_up (const char *name,
                        const char *reports)
{
  g_autofree char *path = es_test_fixture_path (name);
  g_autoptr(GError) error = NULL;
  g_autoptr(EsMonoProfile) profile = es_mono_profile_load_file (path, &error);
  g_autoptr(GString) whole = g_string_new (NULL);
  guint64 cuts[5];
  gint64 sums[5] = { 0 };
  gint64 wanted[5];
  EsMonoReportOptions options;

  g_assert_no_error (error);
  es_mono_report_options_init (&options);
  options.reports = reports;
  es_mono_report_write (profile, &options, whole);
  wanted[0] = strstr (whole->str, "Total calls: ") != NULL ? count_of (whole->str, "Total calls: ") : 0;
  wanted[1] = strstr (whole->str, "bytes in ") != NULL ? count_of (whole->str, "bytes in ") : 0;
  wanted[2] = count_of (whole->str, "Throws: ");
  wanted[3] = strstr (whole->str, "Lock contentions: ") != NULL ? count_of (whole->str, "Lock contentions: ") : 0;
  wanted[4] = (gint64) profile->samples->len;

  cuts[0] = profile->min_time;
  cuts[4] = profile->max_time + 1;
  for (guint i = 1; i < 4; i++)
    cuts[i] = profile->min_time + (profile->max_time - profile->min_time) * i / 4;
  for (guint i = 0; i < 4; i++)
    {
      g_autoptr(GString) part = g_string_new (NULL);

      options.interval = TRUE;
      options.from = cuts[i];
      options.to = cuts[i + 1];
      es_mono_report_write (profile, &options, part);
      if (strstr (part->str, "Total calls: ") != NULL)
        sums[0] += count_of (part->str, "Total calls: ");
      if (strstr (part->str, "bytes in ") != NULL)
        sums[1] += count_of (part->str, "bytes in ");
      sums[2] += count_of (part->str, "Throws: ");
      if (strstr (part->str, "Lock contentions: ") != NULL)
        sums[3] += count_of (part->str, "Lock contentions: ");
      if (strstr (part->str, "Managed hits:") != NULL)
        sums[4] += count_of (part->str, "Managed hits:") + count_of (part->str, "Unmanaged hits:");
    }
  /* a sample of several instruction pointers is several hits: compare
   * hits with hits */
  if (wanted[4] > 0)
    wanted[4] = count_of (whole->str, "Managed hits:") + count_of (whole->str, "Unmanaged hits:");
  for (guint k = 0; k < G_N_ELEMENTS (sums); k++)
    g_assert_cmpint (sums[k], ==, wanted[k]);
}

static void
test_intervals_add_up (void)
{
  check_intervals_add_up ("mlpd/calls-compute.mlpd", "call,exception");
  check_intervals_add_up ("mlpd/alloc-full.mlpd", "alloc,exception");
  check_intervals_add_up ("mlpd/monitor-locks.mlpd", "monitor,exception");
  check_intervals_add_up ("mlpd/sample-compute.mlpd", "sample,exception");
}

/* The whole run's calls are those of the interval from before the first
 * event to after the last: nothing is lost at the ends, and the interval
 * really filters (its first half has fewer calls). */
static void
test_interval_filters (void)
{
  g_autofree char *path = es_test_fixture_path ("mlpd/calls-compute.mlpd");
  g_autoptr(GError) error = NULL;
  g_autoptr(EsMonoProfile) profile = es_mono_profile_load_file (path, &error);
  g_autoptr(GString) whole = g_string_new (NULL);
  g_autoptr(GString) half = g_string_new (NULL);
  EsMonoReportOptions options;

  g_assert_no_error (error);
  es_mono_report_options_init (&options);
  options.reports = "call";
  es_mono_report_write (profile, &options, whole);
  options.interval = TRUE;
  options.from = profile->min_time;
  options.to = profile->min_time + (profile->max_time - profile->min_time) / 2;
  es_mono_report_write (profile, &options, half);
  g_assert_cmpint (count_of (half->str, "Total calls: "), <, count_of (whole->str, "Total calls: "));
  g_assert_cmpint (count_of (half->str, "Total calls: "), >, 0);
  g_assert_cmpint (sum_of_column (half->str, "Method call summary", 2), >, 0);
}

/* A log cut inside a buffer (a program killed while it writes): the whole
 * buffers before the cut are reported as mprof-report reports them, with
 * the thread of the cut buffer, and the cut is known. */
static void
test_cut_log (void)
{
  g_autofree char *path = es_test_fixture_path ("mlpd/nogc.mlpd");
  g_autofree char *expected_path = es_test_fixture_path ("mlpd/nogc.cut-20000.txt");
  g_autofree char *data = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(EsMonoProfile) profile = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  EsMonoReportOptions options;
  gsize len;

  g_assert_true (g_file_get_contents (path, &data, &len, &error));
  g_assert_true (g_file_get_contents (expected_path, &expected, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (len, >, 20000);
  profile = es_mono_profile_load ((const guint8 *) data, 20000, &error);
  g_assert_no_error (error);
  g_assert_cmpint (profile->truncated_at, >, 0);
  g_assert_cmpint (profile->truncated_at, <, 20000);
  es_mono_report_options_init (&options);
  es_mono_report_write (profile, &options, text);
  assert_same_report ("nogc.mlpd cut at byte 20000", text->str, expected);
}

/* What the reader hands out, added up by hand, against the numbers of
 * mprof-report's own reports of the same files. */
typedef struct
{
  guint64 alloc_bytes, n_allocs, n_alloc_frames;
  guint64 heap_bytes, n_heap_objects, n_heap_refs;
  guint64 n_ips, n_sample_frames, n_symbols;
  guint64 n_counter_descs;
  gint64  aot_methods;
  guint64 aot_index;
  guint64 n_weak_handles;
} Tally;

static gboolean
tally_event (const EsMlpdEvent *e,
             gpointer           data)
{
  Tally *t = data;

  switch (e->type)
    {
    case ES_MLPD_ALLOC:
      t->alloc_bytes += e->u.alloc.size;
      t->n_allocs++;
      t->n_alloc_frames += e->n_frames;
      g_assert_cmpuint (e->n_frames, ==, e->u.alloc.n_frames);
      if (e->n_frames > 0)
        g_assert_cmpuint (e->frames[e->n_frames - 1], ==, e->u.alloc.top_method);
      break;
    case ES_MLPD_HEAP:
      if (e->exinfo == ES_MLPD_HEAP_OBJECT && e->u.heap_object.size != 0)
        {
          t->heap_bytes += e->u.heap_object.size;
          t->n_heap_objects++;
        }
      if (e->exinfo == ES_MLPD_HEAP_OBJECT)
        t->n_heap_refs += e->u.heap_object.n_refs;
      break;
    case ES_MLPD_SAMPLE:
      if (e->exinfo == ES_MLPD_SAMPLE_HIT)
        {
          t->n_ips += e->u.sample.n_ips;
          t->n_sample_frames += e->n_frames;
          if (e->n_frames > 0)
            g_assert_cmpuint (e->frames[0], ==, e->u.sample.top_method);
        }
      else if (e->exinfo == ES_MLPD_SAMPLE_USYM)
        {
          g_assert_cmpuint (e->u.usym.name.len, >, 0);
          t->n_symbols++;
        }
      else if (e->exinfo == ES_MLPD_SAMPLE_COUNTERS_DESC)
        for (guint32 i = 0; i < e->u.counters_desc.n_descs; i++)
          {
            const EsMlpdCounterDesc *d = &e->u.counters_desc.descs[i];

            t->n_counter_descs++;
            if (d->name.len == strlen ("Methods from AOT") && memcmp (d->name.data, "Methods from AOT", d->name.len) == 0)
              t->aot_index = d->index;
          }
      else if (e->exinfo == ES_MLPD_SAMPLE_COUNTERS)
        for (guint32 i = 0; i < e->u.counters.n_values; i++)
          if (t->aot_index != 0 && e->u.counters.values[i].index == t->aot_index)
            t->aot_methods += e->u.counters.values[i].v.signed_delta;
      break;
    case ES_MLPD_GC:
      if ((e->exinfo == ES_MLPD_GC_HANDLE_CREATED || e->exinfo == ES_MLPD_GC_HANDLE_CREATED_BT) &&
          e->u.handle.handle_type == 0)
        t->n_weak_handles++;
      break;
    default:
      break;
    }
  g_assert_cmpuint (e->size, >, 1);
  return TRUE;
}

static Tally
tally_fixture (const char *name,
               char      **report)
{
  g_autofree char *path = es_test_fixture_path (name);
  g_autofree char *stem = NULL;
  g_autofree char *report_path = NULL;
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  EsMlpdHeader header = { 0 };
  Tally tally = { 0 };
  gint64 truncated_at;
  gsize len;

  g_assert_true (g_file_get_contents (path, &data, &len, &error));
  g_assert_true (es_mlpd_decode ((const guint8 *) data, len, &header, tally_event, NULL, &tally,
                                 &truncated_at, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (truncated_at, ==, -1);
  es_mlpd_header_clear (&header);
  stem = g_strndup (path, strlen (path) - strlen (".mlpd"));
  report_path = g_strconcat (stem, ".report.txt", NULL);
  g_assert_true (g_file_get_contents (report_path, report, NULL, &error));
  return tally;
}

static void
test_reader_hands_out_everything (void)
{
  g_autofree char *alloc_report = NULL, *heap_report = NULL, *sample_report = NULL, *counter_report = NULL;
  g_autofree char *handle_report = NULL;
  Tally alloc = tally_fixture ("mlpd/alloc-full.mlpd", &alloc_report);
  Tally heap = tally_fixture ("mlpd/heapshot-shutdown.mlpd", &heap_report);
  Tally sample = tally_fixture ("mlpd/sample-compute.mlpd", &sample_report);
  Tally counter = tally_fixture ("mlpd/counter-compute.mlpd", &counter_report);
  Tally handles = tally_fixture ("mlpd/nodefaults-locks.mlpd", &handle_report);

  /* "Total memory allocated: B bytes in N objects" */
  g_assert_cmpint (alloc.alloc_bytes, ==, count_of (alloc_report, "Total memory allocated: "));
  g_assert_cmpint (alloc.n_allocs, ==, count_of (alloc_report, "bytes in "));
  g_assert_cmpuint (alloc.n_alloc_frames, >, alloc.n_allocs);
  /* "Heap shot 0 at T secs: size: B, object count: N" */
  g_assert_cmpint (heap.heap_bytes, ==, count_of (heap_report, " secs: size: "));
  g_assert_cmpint (heap.n_heap_objects, ==, count_of (heap_report, "object count: "));
  g_assert_cmpuint (heap.n_heap_refs, >, 0);
  /* every instruction pointer is a hit */
  g_assert_cmpint (sample.n_ips, ==,
                   count_of (sample_report, "Managed hits:") + count_of (sample_report, "Unmanaged hits:"));
  g_assert_cmpuint (sample.n_sample_frames, >, 0);
  g_assert_cmpuint (sample.n_symbols, >, 0);
  /* the counter's deltas add up to its last value */
  g_assert_cmpuint (counter.n_counter_descs, >, 10);
  g_assert_cmpint (counter.aot_methods, ==, count_of (counter_report, "Methods from AOT               : "));
  /* "GC handles weak: created: N" */
  g_assert_cmpint (handles.n_weak_handles, ==, count_of (handle_report, "GC handles weak: created: "));
}

/* Every NAME.report.txt of @dir (mprof-report's default output), and, with
 * @variants, every line of its variants.txt. */
static void
add_cases (const char *dir,
           const char *prefix,
           GPtrArray  *cases)
{
  g_autoptr(GDir) listing = dir != NULL ? g_dir_open (dir, 0, NULL) : NULL;
  g_autofree char *variants_path = dir != NULL ? g_build_filename (dir, "variants.txt", NULL) : NULL;
  g_autofree char *variants = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *entry;

  if (listing == NULL)
    {
      /* said by the test, visibly skipped, rather than by nobody */
      Case *c = g_new0 (Case, 1);
      g_autofree char *test_path = g_strdup_printf ("/mono-report/%s/absent", prefix);

      c->log = g_strdup ("");
      c->expected = g_strdup ("");
      c->options = g_strdup ("");
      g_ptr_array_add (cases, c);
      g_test_add_data_func (test_path, c, test_report_equals_mprof_report);
      return;
    }
  while ((entry = g_dir_read_name (listing)) != NULL)
    if (g_str_has_suffix (entry, ".report.txt"))
      g_ptr_array_add (names, g_strndup (entry, strlen (entry) - strlen (".report.txt")));
  g_ptr_array_sort (names, (GCompareFunc) (void (*) (void)) g_strcmp0);
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      Case *c = g_new0 (Case, 1);
      g_autofree char *test_path = NULL;

      c->log = g_strdup_printf ("%s/%s.mlpd", dir, name);
      c->expected = g_strdup_printf ("%s/%s.report.txt", dir, name);
      c->options = g_strdup ("");
      g_ptr_array_add (cases, c);
      test_path = g_strdup_printf ("/mono-report/%s/%s", prefix, name);
      g_test_add_data_func (test_path, c, test_report_equals_mprof_report);
    }
  if (variants_path != NULL && g_file_get_contents (variants_path, &variants, NULL, NULL))
    {
      g_auto(GStrv) lines = g_strsplit (variants, "\n", -1);

      for (guint i = 0; lines[i] != NULL; i++)
        {
          g_auto(GStrv) fields = NULL;
          g_autofree char *file = NULL;
          g_autofree char *test_path = NULL;
          const char *options;
          Case *c;

          g_strstrip (lines[i]);
          if (lines[i][0] == '\0' || lines[i][0] == '#')
            continue;
          fields = g_strsplit_set (lines[i], " \t", 2);
          file = g_strdup (fields[0]);
          options = fields[1] != NULL ? g_strstrip (fields[1]) : "";
          c = g_new0 (Case, 1);
          c->log = g_strdup_printf ("%s/%.*s.mlpd", dir, (int) strcspn (file, "."), file);
          c->expected = g_build_filename (dir, file, NULL);
          c->options = g_strdup (options);
          g_ptr_array_add (cases, c);
          test_path = g_strdup_printf ("/mono-report/%s/%s", prefix, file);
          g_test_add_data_func (test_path, c, test_report_equals_mprof_report);
        }
    }
}

/* Mono 5's logs: log version 2.0 (its header has no monotonic startup
 * time: the 8 bytes at offset 16 are not there) and data version 16, whose
 * events are laid out as 17's (17 only stopped writing two kinds of code
 * buffer). Each plain fixture rewritten so reads as Mono 5 wrote it: the
 * report is the committed one but for its two version lines, as the
 * installed mprof-report prints it for the rewritten file (checked by hand
 * for all of them, 2026-11-28), and the document has the same end. */
static void
test_mono5_layout (void)
{
  g_autofree char *dir_path = es_test_fixture_path ("mlpd");
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *entry;
  guint n_read = 0;

  g_assert_nonnull (dir);
  while ((entry = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *name = NULL;
      g_autofree char *log_path = NULL;
      g_autofree char *report_path = NULL;
      g_autofree char *contents = NULL;
      g_autofree char *expected = NULL;
      g_autoptr(GByteArray) mono5 = NULL;
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GBytes) bytes17 = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(EsMonoProfile) profile = NULL;
      g_autoptr(EsDocument) document = NULL;
      g_autoptr(EsDocument) document17 = NULL;
      g_autoptr(GString) text = g_string_new (NULL);
      g_autoptr(GString) wanted = NULL;
      EsMonoReportOptions options;
      gsize len;

      if (!g_str_has_suffix (entry, ".report.txt"))
        continue;
      name = g_strndup (entry, strlen (entry) - strlen (".report.txt"));
      log_path = g_strdup_printf ("%s/%s.mlpd", dir_path, name);
      report_path = g_strdup_printf ("%s/%s", dir_path, entry);
      g_assert_true (g_file_get_contents (log_path, &contents, &len, NULL));
      /* packed logs are gzip: their header is inside */
      if (len < 24 || memcmp (contents, "\x01\x5a\x50\x4d", 4) != 0)
        continue;
      g_assert_cmpuint ((guint8) contents[4], ==, 3);
      g_assert_cmpuint ((guint8) contents[6], ==, 17);
      mono5 = g_byte_array_new ();
      g_byte_array_append (mono5, (const guint8 *) contents, 16);
      g_byte_array_append (mono5, (const guint8 *) contents + 24, (guint) (len - 24));
      mono5->data[4] = 2;
      mono5->data[6] = 16;

      profile = es_mono_profile_load (mono5->data, mono5->len, &error);
      g_assert_no_error (error);
      es_mono_report_options_init (&options);
      es_mono_report_write (profile, &options, text);
      g_assert_true (g_file_get_contents (report_path, &expected, NULL, NULL));
      wanted = g_string_new (expected);
      g_assert_cmpuint (g_string_replace (wanted, "\tProfiler version: 3.0\n\tData version: 17\n",
                                          "\tProfiler version: 2.0\n\tData version: 16\n", 1), ==, 1);
      assert_same_report (name, text->str, wanted->str);

      bytes = g_byte_array_free_to_bytes (g_steal_pointer (&mono5));
      document = es_mlpd_load_document (bytes, FALSE, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      bytes17 = g_bytes_new_take (g_steal_pointer (&contents), len);
      document17 = es_mlpd_load_document (bytes17, FALSE, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (es_document_get_end_time (document), ==, es_document_get_end_time (document17));
      g_assert_cmpuint (es_document_get_n_threads (document), ==, es_document_get_n_threads (document17));
      n_read++;
    }
  g_test_message ("%u fixtures read as Mono 5 wrote them", n_read);
  g_assert_cmpuint (n_read, >=, 10);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GPtrArray) cases = g_ptr_array_new_with_free_func (case_free);
  g_autofree char *fixtures = NULL;
  g_autofree char *shared = NULL;
  int result;

  /* the references were made in UTC: their "Program startup" is local */
  g_setenv ("TZ", "UTC", TRUE);
  tzset ();
  g_test_init (&argc, &argv, NULL);
  fixtures = es_test_fixture_path ("mlpd");
  shared = es_test_shared_path ("mlpd");
  add_cases (fixtures, "fixtures", cases);
  add_cases (shared, "shared", cases);
  g_test_add_func ("/mono-report/intervals-add-up", test_intervals_add_up);
  g_test_add_func ("/mono-report/interval-filters", test_interval_filters);
  g_test_add_func ("/mono-report/cut-log", test_cut_log);
  g_test_add_func ("/mono-report/mono5-layout", test_mono5_layout);
  g_test_add_func ("/mlpd-reader/hands-out-everything", test_reader_hands_out_everything);
  result = g_test_run ();
  return result;
}
