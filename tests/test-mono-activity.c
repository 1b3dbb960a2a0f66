/* test-mono-activity.c: the calls, allocations, exceptions and lock
 * contentions a Mono log's document keeps are mprof-report's for the whole
 * run, add up across adjacent intervals, and a log followed in pieces ends
 * with the file's
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "es-document.h"
#include "es-mlpd-build.h"
#include "es-mlpd-load.h"
#include "es-mono-activity.h"
#include "es-mono-profile.h"
#include "es-test-log.h"
#include "es-test-mlpd.h"

/* Every fixture with mprof-report's text beside it. */
static const char *fixtures[] = {
  "alloc-frames4", "alloc-full", "alloc-small", "calls-compute", "counter-compute", "gc-threads", "gc-zip",
  "heapshot-gc", "heapshot-shutdown", "legacy-few", "monitor-locks", "nodefaults-locks", "nogc",
  "sample-compute", "sample-real", "zip-sample",
};

static EsDocument *
load_fixture (const char *name)
{
  g_autofree char *log_name = g_strconcat ("mlpd/", name, ".mlpd", NULL);
  g_autofree char *path = es_test_fixture_path (log_name);
  g_autoptr(GError) error = NULL;
  EsDocument *document = es_mlpd_load_file (path, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  return document;
}

static guint64
number_after (const char *text,
              const char *label)
{
  const char *at = strstr (text, label);

  return at != NULL ? g_ascii_strtoull (at + strlen (label), NULL, 10) : 0;
}

/* The lines of @report's section @title, up to the next blank line. */
static char **
section_lines (const char *report,
               const char *title)
{
  const char *at = strstr (report, title);
  const char *end;
  g_autofree char *text = NULL;

  if (at == NULL)
    return g_new0 (char *, 1);
  at += strlen (title);
  end = strstr (at, "\n\n");
  text = g_strndup (at, end != NULL ? (gsize) (end - at) : strlen (at));
  return g_strsplit (text, "\n", -1);
}

/* Each line of the Method call summary is a method of the figures, with
 * its total and self time (in whole ms) and its calls. */
static void
check_calls (EsMonoActivity              *activity,
             const EsMonoActivityFigures *f,
             const char                  *report)
{
  g_auto(GStrv) lines = section_lines (report, "\nMethod call summary\n");
  guint listed = 0;

  g_assert_cmpuint (f->n_calls, ==, number_after (report, "Total calls: "));
  for (guint i = 0; lines[i] != NULL; i++)
    {
      guint64 total, self, calls;
      char name[4096];
      gboolean found = FALSE;

      if (sscanf (lines[i], "%" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %4095[^\n]",
                  &total, &self, &calls, name) != 4)
        continue;
      for (guint m = 0; m < f->methods->len && !found; m++)
        {
          const EsMonoActivityMethod *row = &g_array_index (f->methods, EsMonoActivityMethod, m);

          found = row->total / 1000000 == total && row->self / 1000000 == self && row->calls == calls &&
                  g_str_equal (es_mono_activity_method_name (activity, row->method), name);
        }
      if (!found)
        g_error ("no method of the figures is the report's line \"%s\"", lines[i]);
      listed++;
    }
  /* mprof-report lists only methods of 1 ms or more */
  for (guint m = 0; m < f->methods->len; m++)
    if (g_array_index (f->methods, EsMonoActivityMethod, m).total >= 1000000)
      listed--;
  g_assert_cmpuint (listed, ==, 0);
}

static void
check_allocs (EsMonoActivity              *activity,
              const EsMonoActivityFigures *f,
              const char                  *report)
{
  g_auto(GStrv) lines = section_lines (report, "\nAllocation summary\n");
  const char *total = strstr (report, "Total memory allocated: ");
  guint listed = 0;

  g_assert_cmpuint (f->allocated_bytes, ==, number_after (report, "Total memory allocated: "));
  g_assert_cmpuint (f->n_allocations, ==, total != NULL ? number_after (total, " bytes in ") : 0);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      guint64 bytes, count, average;
      char name[4096];
      gboolean found = FALSE;

      if (sscanf (lines[i], "%" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %4095[^\n]",
                  &bytes, &count, &average, name) != 4)
        continue;
      for (guint k = 0; k < f->classes->len && !found; k++)
        {
          const EsMonoActivityAlloc *row = &g_array_index (f->classes, EsMonoActivityAlloc, k);

          found = row->bytes == bytes && row->count == count && row->bytes / row->count == average &&
                  g_str_equal (es_mono_activity_class_name (activity, row->klass), name);
        }
      if (!found)
        g_error ("no class of the figures is the report's line \"%s\"", lines[i]);
      listed++;
    }
  g_assert_cmpuint (listed, ==, f->classes->len);
}

static void
check_exceptions_and_locks (EsMonoActivity              *activity,
                            const EsMonoActivityFigures *f,
                            const char                  *report)
{
  g_auto(GStrv) lines = section_lines (report, "\nMonitor lock summary\n");
  guint listed = 0;

  g_assert_cmpuint (f->n_throws, ==, number_after (report, "\tThrows: "));
  g_assert_cmpuint (f->n_clauses[0], ==, number_after (report, "\tExecuted catch clauses: "));
  g_assert_cmpuint (f->n_clauses[1], ==, number_after (report, "\tExecuted filter clauses: "));
  g_assert_cmpuint (f->n_clauses[2], ==, number_after (report, "\tExecuted finally clauses: "));
  g_assert_cmpuint (f->n_clauses[4], ==, number_after (report, "\tExecuted fault clauses: "));
  g_assert_cmpuint (f->n_contentions, ==, number_after (report, "\tLock contentions: "));
  g_assert_cmpuint (f->n_acquired, ==, number_after (report, "\tLock acquired: "));
  g_assert_cmpuint (f->n_failures, ==, number_after (report, "\tLock failures: "));
  for (guint i = 0; lines[i] != NULL; i++)
    {
      guint64 object, contentions;
      g_autofree char *expected_wait = NULL;
      gboolean found = FALSE;

      if (sscanf (lines[i], "\tLock object %" G_GINT64_MODIFIER "x: %" G_GUINT64_FORMAT " contentions",
                  &object, &contentions) != 2 || lines[i + 1] == NULL)
        continue;
      for (guint l = 0; l < f->locks->len && !found; l++)
        {
          const EsMonoActivityLock *row = &g_array_index (f->locks, EsMonoActivityLock, l);
          g_autofree char *wait = g_strdup_printf ("\t\t%f secs total wait time, %f max", row->wait / 1e9,
                                                   row->max_wait / 1e9);

          found = es_mono_activity_lock_object (activity, row->lock) == object && row->contentions == contentions &&
                  g_str_has_prefix (lines[i + 1], wait);
        }
      if (!found)
        g_error ("no lock of the figures is the report's \"%s\" \"%s\"", lines[i], lines[i + 1]);
      listed++;
    }
  for (guint l = 0; l < f->locks->len; l++)
    if (g_array_index (f->locks, EsMonoActivityLock, l).contentions > 0)
      listed--;
  g_assert_cmpuint (listed, ==, 0);
}

/* The whole run's figures of every fixture are mprof-report's. */
static void
test_whole_run_is_the_report (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (fixtures); i++)
    {
      g_autoptr(EsDocument) document = load_fixture (fixtures[i]);
      g_autofree char *report_name = g_strconcat ("mlpd/", fixtures[i], ".report.txt", NULL);
      g_autofree char *report_path = es_test_fixture_path (report_name);
      g_autofree char *report = NULL;
      EsMonoActivity *activity = es_document_get_mono_activity (document);
      g_autoptr(EsMonoActivityFigures) f = NULL;

      g_assert_true (g_file_get_contents (report_path, &report, NULL, NULL));
      g_assert_nonnull (activity);
      f = es_mono_activity_compute (activity, FALSE, 0, 0);
      check_calls (activity, f, report);
      check_allocs (activity, f, report);
      check_exceptions_and_locks (activity, f, report);
    }
}

/* The figures as text, every row in order: two computations are the same
 * if their texts are. */
static char *
describe (EsMonoActivity              *activity,
          const EsMonoActivityFigures *f)
{
  GString *text = g_string_new (NULL);

  es_test_describe_mono_figures (activity, f, text);
  return g_string_free (text, FALSE);
}

/* Adds @f's figures into @sum, row by row (both in index order). */
static void
add_figures (EsMonoActivityFigures       *sum,
             const EsMonoActivityFigures *f)
{
#define MERGE(array, Type, key_expr, add_expr)                                   \
  for (guint i = 0; i < f->array->len; i++)                                       \
    {                                                                             \
      const Type *b = &g_array_index (f->array, Type, i);                         \
      gboolean merged = FALSE;                                                    \
      for (guint j = 0; j < sum->array->len && !merged; j++)                      \
        {                                                                         \
          Type *a = &g_array_index (sum->array, Type, j);                         \
          if (key_expr) { add_expr; merged = TRUE; }                              \
        }                                                                         \
      if (!merged)                                                                \
        g_array_append_val (sum->array, *b);                                      \
    }
  MERGE (methods, EsMonoActivityMethod, a->method == b->method,
         (a->calls += b->calls, a->total += b->total, a->self += b->self));
  MERGE (classes, EsMonoActivityAlloc, a->klass == b->klass, (a->count += b->count, a->bytes += b->bytes));
  MERGE (sites, EsMonoActivityAlloc, a->klass == b->klass && a->stack == b->stack,
         (a->count += b->count, a->bytes += b->bytes));
  MERGE (throws, EsMonoActivityThrow, a->stack == b->stack, a->count += b->count);
  MERGE (clauses, EsMonoActivityClause, a->method == b->method && a->type == b->type, a->count += b->count);
  MERGE (locks, EsMonoActivityLock, a->lock == b->lock,
         (a->contentions += b->contentions, a->acquired += b->acquired, a->failures += b->failures,
          a->wait += b->wait, a->max_wait = MAX (a->max_wait, b->max_wait)));
#undef MERGE
}

static int
compare_methods (gconstpointer x, gconstpointer y)
{
  guint32 a = ((const EsMonoActivityMethod *) x)->method, b = ((const EsMonoActivityMethod *) y)->method;

  return a < b ? -1 : a > b;
}

static int
compare_allocs (gconstpointer x, gconstpointer y)
{
  const EsMonoActivityAlloc *a = x, *b = y;

  if (a->klass != b->klass)
    return a->klass < b->klass ? -1 : 1;
  return a->stack < b->stack ? -1 : a->stack > b->stack;
}

static int
compare_throws (gconstpointer x, gconstpointer y)
{
  guint32 a = ((const EsMonoActivityThrow *) x)->stack, b = ((const EsMonoActivityThrow *) y)->stack;

  return a < b ? -1 : a > b;
}

static int
compare_clauses (gconstpointer x, gconstpointer y)
{
  const EsMonoActivityClause *a = x, *b = y;
  guint64 ka = (guint64) a->method << 8 | a->type, kb = (guint64) b->method << 8 | b->type;

  return ka < kb ? -1 : ka > kb;
}

static int
compare_locks (gconstpointer x, gconstpointer y)
{
  guint32 a = ((const EsMonoActivityLock *) x)->lock, b = ((const EsMonoActivityLock *) y)->lock;

  return a < b ? -1 : a > b;
}

/* In the order es_mono_activity_compute() gives them. */
static void
sort_figures (EsMonoActivityFigures *f)
{
  g_array_sort (f->methods, compare_methods);
  g_array_sort (f->classes, compare_allocs);
  g_array_sort (f->sites, compare_allocs);
  g_array_sort (f->throws, compare_throws);
  g_array_sort (f->clauses, compare_clauses);
  g_array_sort (f->locks, compare_locks);
}

static int
compare_u64 (gconstpointer x, gconstpointer y)
{
  guint64 a = *(const guint64 *) x, b = *(const guint64 *) y;

  return a < b ? -1 : a > b;
}

/* [a, b) and [b, c) add up to [a, c), and the pieces of the whole run to
 * the whole run, wherever the cuts fall (inside blocks and between). */
static void
test_intervals_add_up (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (35);

  for (guint i = 0; i < G_N_ELEMENTS (fixtures); i++)
    {
      g_autoptr(EsDocument) document = load_fixture (fixtures[i]);
      EsMonoActivity *activity = es_document_get_mono_activity (document);
      guint64 end = es_document_get_end_time (document) + 1;
      g_autoptr(EsMonoActivityFigures) whole = es_mono_activity_compute (activity, FALSE, 0, 0);
      g_autofree char *expected = NULL;

      sort_figures (whole);
      expected = describe (activity, whole);

      for (guint round = 0; round < 4; round++)
        {
          guint n_cuts = 1 + round * 3;
          g_autofree guint64 *cuts = g_new (guint64, n_cuts + 2);
          g_autoptr(EsMonoActivityFigures) sum = es_mono_activity_compute (activity, TRUE, 0, 0);
          g_autofree char *got = NULL;

          cuts[0] = 0;
          cuts[n_cuts + 1] = G_MAXUINT64 / 2;
          for (guint c = 1; c <= n_cuts; c++)
            cuts[c] = (guint64) g_rand_double_range (rand, 0, (double) end);
          qsort (cuts, n_cuts + 2, sizeof (guint64), compare_u64);
          for (guint c = 0; c + 1 < n_cuts + 2; c++)
            {
              g_autoptr(EsMonoActivityFigures) piece = es_mono_activity_compute (activity, TRUE, cuts[c], cuts[c + 1]);

              add_figures (sum, piece);
            }
          sort_figures (sum);
          got = describe (activity, sum);
          g_assert_cmpstr (got, ==, expected);
        }
    }
}

/* The calls of @activity that end in [@t0, @t1), per method, equal those
 * of the report's own collector (the calls it keeps one by one, whose
 * whole run test-mono-report compares with mprof-report's text), to the
 * ns. */
static void
check_interval_calls (EsMonoActivity *activity,
                      EsMonoProfile  *report,
                      guint64         t0,
                      guint64         t1)
{
  g_autoptr(EsMonoActivityFigures) f = es_mono_activity_compute (activity, TRUE, t0, t1);
  guint n = report->methods->len;
  g_autofree guint64 *calls = g_new0 (guint64, n), *total = g_new0 (guint64, n), *self = g_new0 (guint64, n);
  guint64 origin = es_mono_activity_get_origin (activity), n_calls = 0;
  guint n_methods = 0;

  for (guint i = 0; i < report->calls->len; i++)
    {
      const EsMonoCall *call = &g_array_index (report->calls, EsMonoCall, i);

      if (call->end < origin + t0 || call->end >= origin + t1)
        continue;
      calls[call->method]++;
      total[call->method] += call->end - call->start;
      self[call->method] += call->self;
      n_calls++;
    }
  for (guint m = 0; m < n; m++)
    n_methods += calls[m] > 0;
  g_assert_cmpuint (f->n_calls, ==, n_calls);
  g_assert_cmpuint (f->methods->len, ==, n_methods);
  for (guint i = 0; i < f->methods->len; i++)
    {
      const EsMonoActivityMethod *row = &g_array_index (f->methods, EsMonoActivityMethod, i);

      g_assert_cmpuint (row->calls, ==, calls[row->method]);
      g_assert_cmpuint (row->total, ==, total[row->method]);
      g_assert_cmpuint (row->self, ==, self[row->method]);
    }
}

/* Any interval's calls, counted from the call time's changes of stack,
 * are the report collector's calls that end in it; so they are with the
 * call time cut in pieces of a few changes. The fixture's calls, and
 * ../shared's log of calls with exceptions (calls left by a throw). */
static void
test_interval_calls_are_the_collectors (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (36);
  g_autofree char *fixture = es_test_fixture_path ("mlpd/calls-compute.mlpd");
  g_autofree char *shared = es_test_shared_path ("mlpd/exc-calls.mlpd");
  const char *paths[] = { fixture, shared };

  if (shared == NULL)
    g_test_message ("../shared/mlpd/exc-calls.mlpd is not there: only the fixture's calls");
  for (guint cut = 0; cut < 2; cut++)
    for (guint i = 0; i < G_N_ELEMENTS (paths) && paths[i] != NULL; i++)
      {
        g_autoptr(EsDocument) document = NULL;
        g_autoptr(GError) error = NULL;
        EsMonoProfile *report = es_mono_profile_load_file (paths[i], &error);
        EsMonoActivity *activity;
        guint64 end;

        g_assert_no_error (error);
        es_mono_profile_set_call_piece_changes (cut == 1 ? 7 : 0);
        document = es_mlpd_load_file (paths[i], NULL, NULL, NULL, &error);
        es_mono_profile_set_call_piece_changes (0);
        g_assert_no_error (error);
        activity = es_document_get_mono_activity (document);
        end = es_document_get_end_time (document) + 1;
        g_assert_cmpuint (report->calls->len, >, 1000);
        check_interval_calls (activity, report, 0, G_MAXUINT64 / 2);
        for (guint q = 0; q < 60; q++)
          {
            guint64 a = (guint64) g_rand_double_range (rand, 0, (double) end);
            guint64 b = q % 2 == 0 ? a + (guint64) g_rand_int_range (rand, 0, 100000)
                                   : (guint64) g_rand_double_range (rand, 0, (double) end);

            check_interval_calls (activity, report, MIN (a, b), MAX (a, b));
          }
        /* cut where calls end: a call counts in the interval it ends in */
        for (guint q = 0; q < 40; q++)
          {
            const EsMonoCall *call = &g_array_index (report->calls, EsMonoCall,
                                                     g_rand_int_range (rand, 0, (gint32) report->calls->len));
            guint64 at = call->end - es_mono_activity_get_origin (activity);

            check_interval_calls (activity, report, at, at + (guint64) g_rand_int_range (rand, 1, 50000));
            check_interval_calls (activity, report, at > 50000 ? at - 50000 : 0, at);
          }
        es_mono_profile_free (report);
      }
}

/* Makes buffer @k of the log @data start ten seconds earlier than it
 * does; FALSE if the log has no such buffer. */
static gboolean
shift_buffer (guint8 *data,
              gsize   len,
              guint   k)
{
  gsize pos = 0;
  guint n = 0;

  /* the header ends where the first buffer's magic is (format §1.2) */
  while (pos + 4 <= len && !(data[pos] == 0x01 && data[pos + 1] == 0x4c && data[pos + 2] == 0x50 && data[pos + 3] == 0x4d))
    pos++;
  while (pos + 48 <= len)
    {
      guint32 buffer_len = (guint32) data[pos + 4] | (guint32) data[pos + 5] << 8 | (guint32) data[pos + 6] << 16 |
                           (guint32) data[pos + 7] << 24;

      if (n++ == k)
        {
          guint64 base = 0;

          for (guint b = 0; b < 8; b++)
            base |= (guint64) data[pos + 8 + b] << (8 * b);
          g_assert_cmpuint (base, >, G_GUINT64_CONSTANT (10000000000));
          base -= G_GUINT64_CONSTANT (10000000000);
          for (guint b = 0; b < 8; b++)
            data[pos + 8 + b] = (guint8) (base >> (8 * b));
          return TRUE;
        }
      pos += 48 + buffer_len;
    }
  return FALSE;
}

static gboolean
went_backwards (EsMonoProfile *report)
{
  for (guint i = 0; i < report->decode_messages->len; i++)
    if (strstr (g_ptr_array_index (report->decode_messages, i), "time went backwards") != NULL)
      return TRUE;
  return FALSE;
}

/* A log whose times go back (a buffer of calls-compute.mlpd, one that ends
 * calls an earlier one entered, made to start ten seconds earlier) keeps
 * its calls apart from the call time, whose stretches never run
 * backwards, and they wrap as the report collector's do: any interval's
 * are its. */
static void
test_calls_going_back_are_the_collectors (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (37);
  gsize len;
  g_autofree char *contents = es_test_read_fixture ("mlpd/calls-compute.mlpd", &len);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(EsDocument) document = NULL;
  g_autoptr(GError) error = NULL;
  EsMonoProfile *report = NULL;
  EsMonoActivity *activity;
  guint64 end;

  for (guint k = 2; report == NULL; k++)
    {
      g_autofree guint8 *data = g_memdup2 (contents, len);

      g_assert_true (shift_buffer (data, len, k));
      report = es_mono_profile_load (data, len, &error);
      g_assert_no_error (error);
      if (!went_backwards (report))
        g_clear_pointer (&report, es_mono_profile_free);
      else
        memcpy (contents, data, len);
    }
  bytes = g_bytes_new_static (contents, len);
  document = es_mlpd_load_document (bytes, FALSE, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  activity = es_document_get_mono_activity (document);
  end = es_document_get_end_time (document) + 1;
  check_interval_calls (activity, report, 0, G_MAXUINT64 / 2);
  for (guint q = 0; q < 40; q++)
    {
      guint64 a = (guint64) g_rand_double_range (rand, 0, (double) end);
      guint64 b = (guint64) g_rand_double_range (rand, 0, (double) end);

      check_interval_calls (activity, report, MIN (a, b), MAX (a, b));
    }
  es_mono_profile_free (report);
}

/* Each plain fixture followed in pieces through the live path: every
 * snapshot shows the calls and allocations told so far (never fewer than
 * the one before), and the last, of all the bytes, has the file's figures,
 * for the whole run and for an interval. */
static void
test_followed_log_ends_with_the_files (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (8);
  static const char *plain[] = { "calls-compute", "alloc-frames4", "monitor-locks", "nogc", "gc-threads" };

  for (guint i = 0; i < G_N_ELEMENTS (plain); i++)
    {
      g_autoptr(EsDocument) file = load_fixture (plain[i]);
      g_autofree char *log_name = g_strconcat ("mlpd/", plain[i], ".mlpd", NULL);
      g_autofree char *path = es_test_fixture_path (log_name);
      g_autofree char *contents = NULL;
      g_autoptr(EsMlpdBuild) build = es_mlpd_build_new ();
      g_autoptr(EsDocument) last = NULL;
      guint64 end = es_document_get_end_time (file), calls = 0, allocations = 0;
      gsize len, given = 0;
      guint n_snapshots = 0;

      g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
      while (given < len)
        {
          gsize piece = (gsize) g_rand_int_range (rand, 1, (gint32) MAX (len / 10, 2));
          g_autoptr(GError) error = NULL;
          g_autoptr(EsDocument) document = NULL;
          g_autoptr(EsMonoActivityFigures) f = NULL;

          /* Not in MIN (): it would draw twice. */
          piece = MIN (piece, len - given);
          g_assert_true (es_mlpd_build_take (build, (const guint8 *) contents + given, piece, &error));
          g_assert_no_error (error);
          given += piece;
          document = es_test_mlpd_snapshot (build, given == len);
          if (document == NULL || es_document_get_mono_activity (document) == NULL)
            continue;
          n_snapshots++;
          f = es_mono_activity_compute (es_document_get_mono_activity (document), FALSE, 0, 0);
          g_assert_cmpuint (f->n_calls, >=, calls);
          g_assert_cmpuint (f->n_allocations, >=, allocations);
          calls = f->n_calls;
          allocations = f->n_allocations;
          g_set_object (&last, document);
        }
      g_assert_cmpuint (n_snapshots, >, 1);
      for (guint k = 0; k < 2; k++)
        {
          EsMonoActivity *a = es_document_get_mono_activity (file);
          EsMonoActivity *b = es_document_get_mono_activity (last);
          g_autoptr(EsMonoActivityFigures) fa = es_mono_activity_compute (a, k == 1, end / 3, end / 3 * 2);
          g_autoptr(EsMonoActivityFigures) fb = es_mono_activity_compute (b, k == 1, end / 3, end / 3 * 2);
          g_autofree char *expected = describe (a, fa);
          g_autofree char *got = describe (b, fb);

          g_assert_cmpstr (got, ==, expected);
          g_assert_cmpuint (es_mono_activity_get_origin (a), ==, es_mono_activity_get_origin (b));
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/mono-activity/whole-run-is-the-report", test_whole_run_is_the_report);
  g_test_add_func ("/mono-activity/intervals-add-up", test_intervals_add_up);
  g_test_add_func ("/mono-activity/interval-calls-are-the-collectors", test_interval_calls_are_the_collectors);
  g_test_add_func ("/mono-activity/calls-going-back-are-the-collectors", test_calls_going_back_are_the_collectors);
  g_test_add_func ("/mono-activity/followed-log-ends-with-the-files", test_followed_log_ends_with_the_files);
  return g_test_run ();
}
