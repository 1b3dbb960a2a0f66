/* test-document.c: documents of real GHC runs against what the RTS said
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "es-document-builder.h"
#include "es-document-private.h"
#include "es-document.h"
#include "es-eventlog-reader.h"
#include "es-lod.h"
#include "es-stats.h"
#include "es-test-log.h"

/* Each fixture's +RTS -s output, from the same run as its eventlog: the
 * truth the document's whole-run statistics must reproduce. */
typedef struct
{
  guint64 allocated, copied, max_residency, max_slop;
  guint   residency_samples;
  guint   colls[2], par[2];
  double  gen_elapsed[2], gen_max_pause[2];
  double  work_balance;                      /* < 0 when not printed */
  guint64 sparks[6];                         /* created, converted, ovf, dud, gcd, fizzled */
  double  init, mut, gc, exit_, total, rp, prof;
} RtsStats;

static guint64
grouped_number (const char *text)
{
  g_autofree char *digits = g_strdup (text);
  char *w = digits;

  for (const char *r = text; *r; r++)
    if (g_ascii_isdigit (*r))
      *w++ = *r;
  *w = '\0';
  return g_ascii_strtoull (digits, NULL, 10);
}

static gboolean
match (const char  *pattern,
       const char  *text,
       GMatchInfo **info)
{
  g_autoptr(GRegex) regex = g_regex_new (pattern, G_REGEX_MULTILINE, 0, NULL);

  g_assert_nonnull (regex);
  return g_regex_match (regex, text, 0, info);
}

static char *
group (GMatchInfo *info,
       int         n)
{
  return g_match_info_fetch (info, n);
}

static void
parse_rts_stats (const char *text,
                 RtsStats   *rts)
{
  GMatchInfo *info = NULL;
  g_autofree char *a = NULL;

#define NUMBER(pattern, field) G_STMT_START {                   \
    g_assert_true (match (pattern, text, &info));               \
    a = group (info, 1); rts->field = grouped_number (a);       \
    g_clear_pointer (&a, g_free); g_match_info_free (info); } G_STMT_END
#define SECONDS(pattern, field) G_STMT_START {                  \
    if (match (pattern, text, &info)) {                         \
      a = group (info, 1); rts->field = g_ascii_strtod (a, NULL); \
      g_clear_pointer (&a, g_free); }                           \
    g_match_info_free (info); } G_STMT_END

  NUMBER ("^ *([0-9,]+) bytes allocated in the heap$", allocated);
  NUMBER ("^ *([0-9,]+) bytes copied during GC$", copied);
  NUMBER ("^ *([0-9,]+) bytes maximum residency", max_residency);
  NUMBER ("bytes maximum residency \\(([0-9]+) sample", residency_samples);
  NUMBER ("^ *([0-9,]+) bytes maximum slop$", max_slop);

  for (int g = 0; g < 2; g++)
    {
      g_autofree char *pattern = g_strdup_printf ("^  Gen  %d +([0-9]+) colls, +([0-9]+) par +[0-9.]+s +([0-9.]+)s +[0-9.]+s +([0-9.]+)s$", g);
      g_autofree char *c = NULL, *p = NULL, *e = NULL, *m = NULL;

      g_assert_true (match (pattern, text, &info));
      c = group (info, 1); p = group (info, 2); e = group (info, 3); m = group (info, 4);
      rts->colls[g] = atoi (c);
      rts->par[g] = atoi (p);
      rts->gen_elapsed[g] = g_ascii_strtod (e, NULL);
      rts->gen_max_pause[g] = g_ascii_strtod (m, NULL);
      g_match_info_free (info);
    }

  rts->work_balance = -1;
  SECONDS ("Parallel GC work balance: ([0-9.]+)%", work_balance);

  /* The non-threaded RTS has no sparks and prints no SPARKS line. */
  if (match ("SPARKS: ([0-9]+) \\(([0-9]+) converted, ([0-9]+) overflowed, ([0-9]+) dud, "
             "([0-9]+) GC'd, ([0-9]+) fizzled\\)", text, &info))
    for (int i = 0; i < 6; i++)
      {
        a = group (info, i + 1);
        rts->sparks[i] = g_ascii_strtoull (a, NULL, 10);
        g_clear_pointer (&a, g_free);
      }
  g_match_info_free (info);

  SECONDS ("^  INIT +time +[0-9.]+s +\\( *([0-9.]+)s elapsed", init);
  SECONDS ("^  MUT +time +[0-9.]+s +\\( *([0-9.]+)s elapsed", mut);
  SECONDS ("^  GC +time +[0-9.]+s +\\( *([0-9.]+)s elapsed", gc);
  SECONDS ("^  RP +time +[0-9.]+s +\\( *([0-9.]+)s elapsed", rp);
  SECONDS ("^  PROF +time +[0-9.]+s +\\( *([0-9.]+)s elapsed", prof);
  SECONDS ("^  EXIT +time +[0-9.]+s +\\( *([0-9.]+)s elapsed", exit_);
  SECONDS ("^  Total +time +[0-9.]+s +\\( *([0-9.]+)s elapsed", total);
#undef NUMBER
#undef SECONDS
}

/* Times: the RTS prints elapsed seconds rounded to 1 ms; the log cannot
 * tell INIT and EXIT from the mutator, and heap profiling (PROF, RP) runs
 * inside GC pauses. So MUT here is INIT + MUT + EXIT there, GC here is
 * GC + RP + PROF there, and each agrees within 2 ms plus 2%. */
#define TIME_TOLERANCE(expected) (0.002 + 0.02 * (expected))

static void
test_whole_run_matches_rts (gconstpointer data)
{
  const char *name = data;
  g_autofree char *log_name = g_strconcat (name, ".eventlog", NULL);
  g_autofree char *s_name = g_strconcat (name, ".rts-s.txt", NULL);
  g_autofree char *s_path = es_test_fixture_path (s_name);
  g_autofree char *s_text = NULL;
  g_autoptr(EsDocument) document = es_test_load_fixture (log_name);
  g_auto(EsStats) stats = { 0 };
  RtsStats rts = { 0 };

  g_assert_true (g_file_get_contents (s_path, &s_text, NULL, NULL));
  parse_rts_stats (s_text, &rts);
  es_stats_compute (document, 0, es_document_get_end_time (document), &stats);

  /* Sums and maxima of events: exactly equal. */
  g_assert_cmpuint (stats.allocated, ==, rts.allocated);
  g_assert_cmpuint (stats.copied, ==, rts.copied);
  g_assert_cmpuint (stats.max_residency, ==, rts.max_residency);
  g_assert_cmpuint (stats.residency_samples, ==, rts.residency_samples);
  g_assert_cmpuint (stats.max_slop, ==, rts.max_slop);
  g_assert_cmpuint (stats.n_generations, ==, 2);
  for (int g = 0; g < 2; g++)
    {
      g_assert_cmpuint (stats.gen[g].collections, ==, rts.colls[g]);
      g_assert_cmpuint (stats.gen[g].par_collections, ==, rts.par[g]);
      /* The pauses are the RTS's own GC_START/GC_END timestamps. */
      g_assert_cmpfloat_with_epsilon (stats.gen[g].elapsed / 1e9, rts.gen_elapsed[g], 0.0011);
      g_assert_cmpfloat_with_epsilon (stats.gen[g].max_pause / 1e9, rts.gen_max_pause[g], 0.00011);
    }
  if (rts.work_balance >= 0)
    g_assert_cmpfloat_with_epsilon (100 * stats.work_balance, rts.work_balance, 0.006);
  else
    g_assert_cmpfloat (stats.work_balance, <, 0);
  g_assert_cmpuint (stats.sparks_created, ==, rts.sparks[0]);
  g_assert_cmpuint (stats.sparks_converted, ==, rts.sparks[1]);
  g_assert_cmpuint (stats.sparks_overflowed, ==, rts.sparks[2]);
  g_assert_cmpuint (stats.sparks_dud, ==, rts.sparks[3]);
  g_assert_cmpuint (stats.sparks_gcd, ==, rts.sparks[4]);
  g_assert_cmpuint (stats.sparks_fizzled, ==, rts.sparks[5]);

  g_assert_cmpfloat_with_epsilon (stats.total_elapsed / 1e9, rts.total, TIME_TOLERANCE (rts.total));
  g_assert_cmpfloat_with_epsilon (stats.gc_elapsed / 1e9, rts.gc + rts.rp + rts.prof,
                                  TIME_TOLERANCE (rts.gc + rts.rp + rts.prof));
  g_assert_cmpfloat_with_epsilon (stats.mut_elapsed / 1e9, rts.init + rts.mut + rts.exit_,
                                  TIME_TOLERANCE (rts.init + rts.mut + rts.exit_));
  g_assert_cmpuint (stats.mut_elapsed + stats.gc_elapsed, ==, stats.total_elapsed);
}

static void
test_parfib_threads_spans_markers (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("parfib-N2.eventlog");
  const EsProcessInfo *process = es_document_get_process (document);
  guint n_threads = es_document_get_n_threads (document);
  guint n_spans, n_markers, labelled = 0, blocked_on_mvar = 0, work_spans = 0;
  g_autofree EsSpan *spans = es_test_copy_spans (document, &n_spans);
  const EsUserEvent *markers = es_document_get_markers (document, &n_markers);
  g_autoptr(GArray) timeline = g_array_new (FALSE, FALSE, sizeof (EsThreadState));
  guint runs_total = 0, runs_in_caps = 0;

  g_assert_cmpstr (process->program, ==, "./parfib");
  g_assert_cmpstr (process->rts_identifier, ==, "GHC-9.0.2 rts_thr_l");
  g_assert_cmpuint (process->pid, >, 0);
  g_assert_cmpuint (process->n_generations, ==, 2);
  g_assert_cmpuint (es_document_get_n_caps (document), ==, 2);

  for (guint i = 0; i < n_threads; i++)
    {
      const EsThreadState *states;
      guint n_runs;
      const EsThreadRun *runs = es_document_get_thread_runs (document, es_document_get_thread (document, i), &n_runs);
      guint n_running = 0;

      if (i > 0)
        g_assert_cmpuint (es_document_get_thread (document, i - 1)->id, <, es_document_get_thread (document, i)->id);
      g_assert_true (es_document_lookup_thread (document, es_document_get_thread (document, i)->id) == es_document_get_thread (document, i));
      for (guint r = 0; r < n_runs; r++)
        {
          guint n;
          const EsActivity *a = es_cap_timeline_get_activities (es_document_get_cap (document, runs[r].cap), &n);

          g_assert_cmpuint (runs[r].activity, <, n);
          g_assert_cmpuint (a[runs[r].activity].kind, ==, ES_ACTIVITY_RUNNING);
          g_assert_cmpuint (a[runs[r].activity].thread, ==, es_document_get_thread (document, i)->id);
          if (r > 0)
            g_assert_cmpuint (a[runs[r].activity].start, >=,
                              es_activity_end (&es_cap_timeline_get_activities (es_document_get_cap (document, runs[r - 1].cap), &n)[runs[r - 1].activity]));
        }
      runs_total += n_runs;

      es_document_get_thread_timeline (document, es_document_get_thread (document, i), timeline);
      states = (const EsThreadState *) (gpointer) timeline->data;
      for (guint s = 1; s < timeline->len; s++)
        g_assert_cmpuint (states[s - 1].time, <=, states[s].time);
      for (guint s = 0; s < timeline->len; s++)
        {
          blocked_on_mvar += states[s].state == ES_THREAD_STATE_BLOCKED &&
                             states[s].reason == ES_STOP_BLOCKED_ON_MVAR;
          n_running += states[s].state == ES_THREAD_STATE_RUNNING;
        }
      g_assert_cmpuint (n_running, ==, n_runs);
      if (es_document_get_thread (document, i)->label != NULL &&
          (g_str_equal (es_document_get_thread (document, i)->label, "worker-A") || g_str_equal (es_document_get_thread (document, i)->label, "worker-B")))
        labelled++;
    }
  for (guint c = 0; c < es_document_get_n_caps (document); c++)
    {
      guint n;
      const EsActivity *a = es_cap_timeline_get_activities (es_document_get_cap (document, c), &n);

      for (guint i = 0; i < n; i++)
        runs_in_caps += a[i].kind == ES_ACTIVITY_RUNNING;
    }
  g_assert_cmpuint (runs_total, ==, runs_in_caps);
  g_assert_cmpuint (labelled, ==, 2);
  g_assert_cmpuint (blocked_on_mvar, >, 0);

  /* programs/parfib.hs: "work" twice, and four rounds of each worker. */
  g_assert_cmpuint (n_spans, ==, 10);
  for (guint i = 0; i < n_spans; i++)
    {
      work_spans += g_str_equal (spans[i].name, "work");
      g_assert_cmpuint (spans[i].start, <=, spans[i].end);
      g_assert_cmpuint (spans[i].flags, ==, 0);
      if (i > 0)
        g_assert_cmpuint (spans[i - 1].start, <=, spans[i].start);
    }
  g_assert_cmpuint (work_spans, ==, 2);
  g_assert_cmpuint (n_markers, ==, 4);
  g_assert_cmpstr (markers[0].text, ==, "phase 1");
  g_assert_cmpstr (markers[3].text, ==, "done");
}

/* Per cap: activities ordered and disjoint, runs name real threads. */
static void
test_activities_are_ordered (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("heap-hT-N2.eventlog");
  guint n_gcs;
  const EsGc *gcs = es_document_get_gcs (document, &n_gcs);

  for (guint c = 0; c < es_document_get_n_caps (document); c++)
    {
      guint n;
      const EsActivity *a = es_cap_timeline_get_activities (es_document_get_cap (document, c), &n);

      g_assert_cmpuint (n, >, 100);
      for (guint i = 0; i < n; i++)
        {
          g_assert_cmpuint (a[i].start, <=, es_activity_end (&a[i]));
          g_assert_cmpuint (es_activity_end (&a[i]), <=, es_document_get_end_time (document));
          if (i > 0)
            g_assert_cmpuint (es_activity_end (&a[i - 1]), <=, a[i].start);
          if (a[i].kind == ES_ACTIVITY_RUNNING)
            g_assert_nonnull (es_document_lookup_thread (document, a[i].thread));
        }
    }
  g_assert_cmpuint (n_gcs, ==, 588);
  for (guint i = 0; i < n_gcs; i++)
    {
      guint64 start, end;

      g_assert_cmpuint (gcs[i].start, <=, gcs[i].end);
      if (i > 0)
        g_assert_cmpuint (gcs[i - 1].end, <=, gcs[i].start);
      /* The leader's own pause, found in its timeline, is the record's. */
      g_assert_true (es_document_get_gc_on_cap (document, &gcs[i], gcs[i].cap, &start, &end));
      g_assert_cmpuint (start, ==, gcs[i].start);
      g_assert_cmpuint (end, ==, gcs[i].end);
      /* A parallel GC stopped both caps. */
      if (gcs[i].par_n_threads == 2)
        g_assert_true (es_document_get_gc_on_cap (document, &gcs[i], 1 - gcs[i].cap, &start, &end));
    }
}

static void
test_process_tasks_capsets (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("heap-hT-N2.eventlog");
  guint n_tasks, n_capsets;
  const EsTask *tasks = es_document_get_tasks (document, &n_tasks);
  const EsCapset *capsets = es_document_get_capsets (document, &n_capsets);
  const EsProcessInfo *process = es_document_get_process (document);

  g_autoptr(GHashTable) distinct = g_hash_table_new (g_int64_hash, g_int64_equal);

  /* +RTS -s said "TASKS: 6 (1 bound, 5 peak workers (5 total), using -N2)";
   * the bound task is created again each time it re-enters Haskell. */
  for (guint i = 0; i < n_tasks; i++)
    {
      g_assert_cmpuint (tasks[i].kernel_tid, >, 0);
      g_assert_cmpuint (tasks[i].deleted, >=, tasks[i].created);
      g_hash_table_add (distinct, (gpointer) &tasks[i].task);
    }
  g_assert_cmpuint (g_hash_table_size (distinct), ==, 6);
  g_assert_cmpuint (n_capsets, ==, 2);
  g_assert_cmpuint (capsets[0].type, ==, ES_CAPSET_TYPE_OS_PROCESS);
  g_assert_cmpuint (capsets[1].type, ==, ES_CAPSET_TYPE_CLOCK_DOMAIN);
  g_assert_cmpuint (capsets[0].n_caps, ==, 2);
  g_assert_cmpuint (process->wall_clock_sec, >, 1700000000);
  g_assert_nonnull (process->env);
  g_assert_cmpstr (process->args[1], ==, "+RTS");
}

static void
test_heap_profile (void)
{
  g_autoptr(EsDocument) hT = es_test_load_fixture ("heap-hT-N2.eventlog");
  g_autoptr(EsDocument) hc = es_test_load_fixture ("profiled-hc.eventlog");
  guint n_samples, n_cc;
  const EsHeapProfSample *samples = es_document_get_heap_samples (hT, &n_samples);
  gboolean saw_arr_words = FALSE;

  g_assert_cmpuint (es_document_get_heap_breakdown (hT), ==, ES_HEAP_PROF_BREAKDOWN_CLOSURE_TYPE);
  g_assert_cmpuint (n_samples, >=, 5);
  for (guint i = 0; i < n_samples; i++)
    {
      const EsHeapProfEntry *entries = es_document_get_heap_entries (hT, &samples[i]);

      for (guint e = 0; e < samples[i].n_entries; e++)
        saw_arr_words |= g_str_equal (es_document_get_heap_band_name (hT, entries[e].band), "ARR_WORDS");
    }
  g_assert_true (saw_arr_words);

  g_assert_cmpuint (es_document_get_heap_breakdown (hc), ==, ES_HEAP_PROF_BREAKDOWN_COST_CENTRE);
  es_document_get_cost_centres (hc, &n_cc);
  g_assert_cmpuint (n_cc, >, 50);
  es_document_get_heap_samples (hc, &n_samples);
  g_assert_cmpuint (n_samples, >, 3);
}

/* A log cut mid-run loads: what was running is closed at the last
 * timestamp and flagged, and the document says where the log stops. */
static void
test_truncated_log_closes_intervals (void)
{
  g_autofree char *fixture = es_test_fixture_path ("parfib-N2.eventlog");
  g_autofree char *contents = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(EsDocument) document = NULL;
  gsize len;
  gint64 stop;
  guint flagged = 0;

  g_assert_true (g_file_get_contents (fixture, &contents, &len, NULL));
  path = es_test_write_temp_log ((const guint8 *) contents, len * 6 / 10);

  document = es_document_load_file (path, NULL, NULL, NULL, &error);
  g_unlink (path);
  g_assert_no_error (error);
  g_assert_true (es_document_is_truncated (document, &stop));
  g_assert_cmpint (stop, <=, (gint64) (len * 6 / 10));
  g_assert_cmpint (stop, >, (gint64) (len / 2));

  for (guint c = 0; c < es_document_get_n_caps (document); c++)
    {
      guint n;
      const EsActivity *a = es_cap_timeline_get_activities (es_document_get_cap (document, c), &n);

      for (guint i = 0; i < n; i++)
        {
          g_assert_cmpuint (es_activity_end (&a[i]), <=, es_document_get_end_time (document));
          if (a[i].flags & ES_ACTIVITY_ENDED_BY_LOG_END)
            {
              g_assert_cmpuint (es_activity_end (&a[i]), ==, es_document_get_end_time (document));
              flagged++;
            }
        }
    }
  g_assert_cmpuint (es_document_get_n_closed_at_end (document), >=, flagged);
}

/* The reader over a buffer, straight into a builder. */
static EsDocument *
build_from_memory (const guint8 *data,
                   gsize         len)
{
  g_autoptr(EsEventlogReader) reader = es_eventlog_reader_new ();
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new ();
  EsEvent event;
  gint64 stop;

  es_eventlog_reader_feed (reader, data, len);
  es_eventlog_reader_finish (reader);
  for (;;)
    switch (es_eventlog_reader_next (reader, &event, NULL))
      {
      case ES_READ_EVENT:
        es_document_builder_add (builder, &event);
        break;
      case ES_READ_END:
        {
          gboolean truncated = es_eventlog_reader_is_truncated (reader, &stop, NULL);
          return es_document_builder_finish (builder, truncated, stop);
        }
      case ES_READ_NEED_MORE:
      case ES_READ_ERROR:
      default:
        return NULL;
      }
}

/* Damaged logs that still decode give documents every query can walk. */
static void
test_random_corruption_builds_sane_documents (void)
{
  g_autofree char *path = es_test_fixture_path ("parfib-N2.eventlog");
  g_autofree char *original = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);
  g_autoptr(GArray) timeline = g_array_new (FALSE, FALSE, sizeof (EsThreadState));
  gsize len;
  guint built = 0;

  g_assert_true (g_file_get_contents (path, &original, &len, NULL));
  for (guint iteration = 0; iteration < 150; iteration++)
    {
      g_autofree guint8 *data = g_memdup2 (original, len);
      g_autoptr(EsDocument) document = NULL;
      g_auto(EsStats) stats = { 0 };
      EsActivityColumn columns[64];
      guint n_threads;

      for (guint i = g_rand_int_range (rand, 1, 6); i > 0; i--)
        data[g_rand_int_range (rand, 0, (gint32) len)] = (guint8) g_rand_int (rand);
      document = build_from_memory (data, len);
      if (document == NULL)
        continue;
      built++;
      es_stats_compute (document, 0, es_document_get_end_time (document), &stats);
      g_assert_cmpuint (stats.mut_elapsed + stats.gc_elapsed, ==, stats.total_elapsed);
      for (guint c = 0; c < MIN (es_document_get_n_caps (document), 8u); c++)
        es_lod_activity (document, c, 0, es_document_get_end_time (document), G_N_ELEMENTS (columns), columns);
      n_threads = es_document_get_n_threads (document);
      for (guint t = 0; t < MIN (n_threads, 50u); t++)
        es_document_get_thread_timeline (document, es_document_get_thread (document, t), timeline);
    }
  g_test_message ("%u of 150 damaged logs still built a document", built);
  g_assert_cmpuint (built, >, 0);
}

/* Time running backwards, then jumping to the end of time: the document
 * stays ordered and every query answers. */
static void
test_extreme_timestamps (void)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new ();
  g_autoptr(EsDocument) document = NULL;
  g_auto(EsStats) stats = { 0 };
  EsActivityColumn columns[16];
  static const guint64 times[] = { 1000, 500, 2000, G_MAXUINT64 - 1, 3000, G_MAXUINT64 };
  const EsActivity *a;
  guint n;

  for (guint i = 0; i < G_N_ELEMENTS (times); i++)
    {
      EsEvent e = { 0 };

      e.cap = 0;
      e.time = times[i];
      e.tag = i % 2 ? ES_EVENT_STOP_THREAD : ES_EVENT_RUN_THREAD;
      e.u.stop.thread = 7;
      e.u.stop.status = ES_STOP_THREAD_YIELDING;
      es_document_builder_add (builder, &e);
    }
  document = es_document_builder_finish (builder, TRUE, 100);

  g_assert_cmpuint (es_document_get_end_time (document), ==, G_MAXUINT64);
  a = es_cap_timeline_get_activities (es_document_get_cap (document, 0), &n);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpuint (a[i].start, <=, es_activity_end (&a[i]));
      if (i > 0)
        g_assert_cmpuint (es_activity_end (&a[i - 1]), <=, a[i].start);
    }
  es_stats_compute (document, 0, G_MAXUINT64, &stats);
  g_assert_cmpuint (stats.mut_elapsed + stats.gc_elapsed, ==, stats.total_elapsed);
  g_assert_cmpuint (stats.caps[0].running, <=, stats.total_elapsed);
  es_lod_activity (document, 0, 0, G_MAXUINT64, G_N_ELEMENTS (columns), columns);
  es_lod_activity (document, 0, G_MAXUINT64 - 20, G_MAXUINT64, G_N_ELEMENTS (columns), columns);
  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    g_assert_cmpfloat (columns[i].running + columns[i].gc + columns[i].gc_waiting + columns[i].idle, <=, 1.0001);
}

/* Builds @data as a load with @n_parts workers does, one after another. */
static EsDocument *
build_in_parts (GByteArray *data,
                guint       n_parts)
{
  g_autoptr(EsDocumentBuilder) first = NULL;

  for (guint part = 0; part < n_parts; part++)
    {
      g_autoptr(EsEventlogReader) reader = es_eventlog_reader_new ();
      g_autoptr(EsDocumentBuilder) builder = es_document_builder_new ();
      g_autoptr(GError) error = NULL;
      EsEvent event;
      EsReadResult r;

      es_eventlog_reader_set_partition (reader, n_parts, part);
      es_eventlog_reader_feed (reader, data->data, data->len);
      es_eventlog_reader_finish (reader);
      while ((r = es_eventlog_reader_next (reader, &event, &error)) == ES_READ_EVENT)
        es_document_builder_add (builder, &event);
      g_assert_no_error (error);
      g_assert_cmpint (r, ==, ES_READ_END);
      if (first == NULL)
        first = g_steal_pointer (&builder);
      else
        es_document_builder_merge (first, g_steal_pointer (&builder));
    }
  return es_document_builder_finish (first, FALSE, -1);
}

/* Process facts are global events, which only part 0 sees: merging the
 * other parts keeps them, with or without an RTS identifier. */
static void
test_process_info_survives_parts (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  g_autoptr(EsDocument) whole = NULL;
  g_autoptr(EsDocument) parts = NULL;
  GByteArray *data;
  const EsProcessInfo *a, *b;

  es_test_log_declare_ghc (log);
  es_test_log_begin_data (log);
  es_test_log_event (log, 32, 1, es_payload_u32 (es_payload_u32 (es_payload_new (), 0), 4242));
  es_test_log_event (log, 43, 2, es_payload_u32 (es_payload_u64 (es_payload_u32 (es_payload_new (), 0), 1795360519), 5));
  for (guint16 cap = 0; cap < 2; cap++)
    {
      es_test_log_begin_block (log, 10 + cap, cap);
      es_test_log_event (log, 1, 10 + cap, es_payload_u32 (es_payload_new (), cap + 1));
      es_test_log_end_block (log, 10 + cap);
    }
  es_test_log_end (log);
  data = es_test_log_get_data (log);

  whole = build_in_parts (data, 1);
  parts = build_in_parts (data, 2);
  a = es_document_get_process (whole);
  b = es_document_get_process (parts);
  g_assert_null (a->rts_identifier);
  g_assert_cmpuint (a->pid, ==, 4242);
  g_assert_cmpuint (a->wall_clock_sec, ==, 1795360519);
  g_assert_cmpuint (b->pid, ==, a->pid);
  g_assert_cmpuint (b->wall_clock_sec, ==, a->wall_clock_sec);
  g_assert_cmpuint (b->wall_clock_nsec, ==, a->wall_clock_nsec);
}

typedef struct
{
  GCancellable *cancellable;
  guint         calls_after_cancel;
} CancelAtFirstReport;

static void
cancel_at_first_report (guint64  done,
                        guint64  total,
                        gpointer data)
{
  CancelAtFirstReport *state = data;

  if (g_cancellable_is_cancelled (state->cancellable))
    state->calls_after_cancel++;
  g_cancellable_cancel (state->cancellable);
}

/* Cancelling stops every worker at its next slice and leaves no document,
 * rather than reading the rest of the log for nothing. */
static void
test_cancelled_load_stops (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  CancelAtFirstReport state = { cancellable, 0 };
  EsDocument *document;
  GByteArray *data;

  es_test_log_declare_ghc (log);
  es_test_log_begin_data (log);
  for (guint block = 0; block < 3000; block++)
    {
      es_test_log_begin_block (log, block * 1000, block % 2);
      for (guint i = 0; i < 1000; i++)
        es_test_log_event (log, 0, block * 1000 + i, es_payload_u32 (es_payload_new (), block * 1000 + i));
      es_test_log_end_block (log, block * 1000 + 999);
    }
  es_test_log_end (log);
  data = es_test_log_get_data (log);
  g_assert_cmpuint (data->len, >, 5 * (8u << 20));

  path = es_test_write_temp_log (data->data, data->len);
  document = es_document_load_file (path, cancel_at_first_report, &state, cancellable, &error);
  g_unlink (path);

  g_assert_null (document);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (state.calls_after_cancel, <=, 1);
}

/* A GC that starts again before it ended (a malformed log) keeps the
 * phase that was open, ended where the new one starts. */
static void
test_gc_restarted_keeps_open_phase (void)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new ();
  g_autoptr(EsDocument) document = NULL;
  static const struct { guint16 tag; guint64 time; } events[] = {
    { ES_EVENT_GC_START, 100 }, { ES_EVENT_GC_IDLE, 150 }, { ES_EVENT_GC_START, 200 }, { ES_EVENT_GC_END, 300 },
  };
  const EsActivity *a;
  gboolean found = FALSE;
  guint n;

  for (guint i = 0; i < G_N_ELEMENTS (events); i++)
    {
      EsEvent e = { 0 };

      e.cap = 0;
      e.tag = events[i].tag;
      e.time = events[i].time;
      es_document_builder_add (builder, &e);
    }
  document = es_document_builder_finish (builder, FALSE, -1);
  a = es_cap_timeline_get_activities (es_document_get_cap (document, 0), &n);
  for (guint i = 0; i < n; i++)
    if (a[i].kind == ES_ACTIVITY_GC_WAITING)
      {
        g_assert_cmpuint (a[i].start, ==, 150);
        g_assert_cmpuint (es_activity_end (&a[i]), ==, 200);
        found = TRUE;
      }
  g_assert_true (found);
  g_assert_cmpuint (a[n - 1].kind, ==, ES_ACTIVITY_GC);
  g_assert_cmpuint (a[n - 1].start, ==, 200);
  g_assert_cmpuint (es_activity_end (&a[n - 1]), ==, 300);
}

/* A run or GC phase longer than an activity's 32-bit length (4.29 s)
 * takes two records, whatever its length (a hostile log's year-long run
 * costs no more than a 5 s one), and reads back exactly: its end, its
 * length, the totals, the whole run, and one stop in its thread's states. */
static void
test_long_activities_read_back_exactly (void)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new ();
  g_autoptr(EsDocument) document = NULL;
  g_autoptr(GArray) states = g_array_new (FALSE, FALSE, sizeof (EsThreadState));
  g_auto(EsStats) stats = { 0 };
  const guint64 second = 1000000000, year = 365 * 24 * 3600 * second;
  static const guint64 ends_in_s[] = { 5, 12 };
  const EsCapTimeline *tl;
  const EsActivity *a;
  const EsThread *thread;
  guint64 total_running = 0, start, end;
  guint n, stops = 0;
  struct { guint16 tag; guint64 time; } events[] = {
    { ES_EVENT_RUN_THREAD, 1000 },                         /* 1 µs: short */
    { ES_EVENT_STOP_THREAD, 2000 },
    { ES_EVENT_RUN_THREAD, 3000 },                         /* 5 s: long */
    { ES_EVENT_STOP_THREAD, 3000 + ends_in_s[0] * second },
    { ES_EVENT_GC_START, ends_in_s[1] * second },          /* a 6 s GC */
    { ES_EVENT_GC_END, (ends_in_s[1] + 6) * second },
    { ES_EVENT_RUN_THREAD, 20 * second },                  /* a year: hostile */
    { ES_EVENT_STOP_THREAD, 20 * second + year },
  };

  for (guint i = 0; i < G_N_ELEMENTS (events); i++)
    {
      EsEvent e = { 0 };

      e.cap = 0;
      e.tag = events[i].tag;
      e.time = events[i].time;
      e.u.stop.thread = 7;
      e.u.stop.status = ES_STOP_THREAD_BLOCKED;
      es_document_builder_add (builder, &e);
    }
  document = es_document_builder_finish (builder, FALSE, -1);
  tl = es_document_get_cap (document, 0);
  a = es_cap_timeline_get_activities (tl, &n);

  /* 1 + 2 + 2 + 2 records, not thousands of 4.29 s pieces. */
  g_assert_cmpuint (n, ==, 7);
  g_assert_cmpuint (es_activity_length (&a[0]), ==, 1000);
  g_assert_cmpuint (a[1].start, ==, 3000);
  g_assert_cmpuint (es_activity_end (&a[1]), ==, 3000 + 5 * second);
  g_assert_true (a[1].flags & ES_ACTIVITY_CONTINUES);
  g_assert_cmpuint (es_activity_length (&a[2]), ==, 0);
  g_assert_cmpuint (a[2].stop_status, ==, ES_STOP_THREAD_BLOCKED);
  g_assert_cmpuint (a[3].kind, ==, ES_ACTIVITY_GC);
  g_assert_cmpuint (es_activity_length (&a[3]), ==, 6 * second);
  g_assert_cmpuint (es_activity_end (&a[5]), ==, 20 * second + year);

  for (guint i = 0; i < n; i++)
    if (a[i].kind == ES_ACTIVITY_RUNNING)
      total_running += es_activity_length (&a[i]);
  g_assert_cmpuint (total_running, ==, 1000 + 5 * second + year);
  es_stats_compute (document, 0, G_MAXUINT64, &stats);
  g_assert_cmpuint (stats.caps[0].running, ==, total_running);
  g_assert_cmpuint (es_cap_timeline_time_in (tl, ES_ACTIVITY_RUNNING, 4 * second, 30 * second), ==,
                    (3000 + 5 * second - 4 * second) + 10 * second);
  g_assert_cmpuint (es_cap_timeline_time_in (tl, ES_ACTIVITY_GC, 0, G_MAXUINT64), ==, 6 * second);

  /* A time inside the year-long run finds its first record, and that the
   * whole run, ended by the second record's status. */
  g_assert_cmpuint (es_cap_timeline_find_activity (tl, 100 * second), ==, 5);
  g_assert_cmpuint (es_cap_timeline_whole_activity (tl, 5, &start, &end), ==, 6);
  g_assert_cmpuint (start, ==, 20 * second);
  g_assert_cmpuint (end, ==, 20 * second + year);

  thread = es_document_lookup_thread (document, 7);
  g_assert_nonnull (thread);
  es_document_get_thread_timeline (document, thread, states);
  for (guint i = 0; i < states->len; i++)
    {
      const EsThreadState *state = &g_array_index (states, EsThreadState, i);

      if (state->state != ES_THREAD_STATE_RUNNING)
        {
          g_assert_cmpuint (state->state, ==, ES_THREAD_STATE_BLOCKED);
          g_assert_true (state->time == 2000 || state->time == 3000 + 5 * second ||
                         state->time == 20 * second + year);
          stops++;
        }
    }
  g_assert_cmpuint (stops, ==, 3);
}

/* A thread that migrates to cap 280 and is woken on cap 3 and on cap 299,
 * on a machine of 300 caps: the caps of 255 and more do not fit an
 * instant's 8 bits and are kept aside, and the thread's states name them
 * all, whatever else happens at the same times. */
static void
test_instants_name_caps_beyond_255 (void)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new ();
  g_autoptr(EsDocument) document = NULL;
  g_autoptr(GArray) states = g_array_new (FALSE, FALSE, sizeof (EsThreadState));
  static const struct { guint16 tag; guint16 cap; guint64 time; guint32 thread; guint16 other; } events[] = {
    { ES_EVENT_CREATE_THREAD, 0, 100, 5, 0 },
    { ES_EVENT_CREATE_THREAD, 0, 100, 6, 0 },
    { ES_EVENT_MIGRATE_THREAD, 0, 200, 6, 281 },    /* the same time, another thread */
    { ES_EVENT_MIGRATE_THREAD, 0, 200, 5, 280 },
    { ES_EVENT_THREAD_WAKEUP, 280, 300, 5, 3 },
    { ES_EVENT_THREAD_WAKEUP, 7, 400, 5, 299 },
  };
  static const struct { guint64 time; guint16 cap; } expected[] = {
    { 100, 0 }, { 200, 280 }, { 300, 3 }, { 400, 299 },
  };
  const EsThread *thread;

  for (guint i = 0; i < G_N_ELEMENTS (events); i++)
    {
      EsEvent e = { 0 };

      e.tag = events[i].tag;
      e.cap = events[i].cap;
      e.time = events[i].time;
      e.u.thread.thread = events[i].thread;
      e.u.thread.cap = events[i].other;
      es_document_builder_add (builder, &e);
    }
  document = es_document_builder_finish (builder, FALSE, -1);
  thread = es_document_lookup_thread (document, 5);
  g_assert_nonnull (thread);
  es_document_get_thread_timeline (document, thread, states);
  g_assert_cmpuint (states->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < states->len; i++)
    {
      g_assert_cmpuint (g_array_index (states, EsThreadState, i).time, ==, expected[i].time);
      g_assert_cmpuint (g_array_index (states, EsThreadState, i).cap, ==, expected[i].cap);
    }
}

/* Spark events name no thread and are kept in 8 bytes (EsMark): their
 * times, in order even when one comes late, the victim of a steal (beyond
 * 255 too), and their counts per column, against a count of the events. */
static void
test_spark_events_as_marks (void)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new ();
  g_autoptr(EsDocument) document = NULL;
  static const struct { guint16 tag; guint64 time; guint16 victim; } events[] = {
    { ES_EVENT_SPARK_CREATE, 100, 0 },
    { ES_EVENT_SPARK_STEAL, 150, 299 },
    { ES_EVENT_SPARK_CREATE, 300, 0 },
    { ES_EVENT_SPARK_CREATE, 200, 0 },                  /* late */
    { ES_EVENT_SPARK_STEAL, 150, 7 },                   /* the same time, another victim */
    { ES_EVENT_SPARK_STEAL, 900, 300 },
    { ES_EVENT_SPARK_RUN, 950, 0 },
  };
  static const guint64 created[] = { 100, 200, 300 };
  static const struct { guint64 time; guint16 victim; } stolen[] = { { 150, 299 }, { 150, 7 }, { 900, 300 } };
  const EsCapTimeline *tl;
  const EsMark *marks;
  guint n;
  guint32 counts[10];

  for (guint i = 0; i < G_N_ELEMENTS (events); i++)
    {
      EsEvent e = { 0 };

      e.tag = events[i].tag;
      e.cap = 2;
      e.time = events[i].time;
      e.u.steal.victim = events[i].victim;
      es_document_builder_add (builder, &e);
    }
  document = es_document_builder_finish (builder, FALSE, -1);
  tl = es_document_get_cap (document, 2);

  marks = es_cap_timeline_get_marks (tl, ES_INSTANT_SPARK_CREATED, &n);
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (created));
  for (guint i = 0; i < n; i++)
    g_assert_cmpuint (es_mark_time (&marks[i]), ==, created[i]);
  marks = es_cap_timeline_get_marks (tl, ES_INSTANT_SPARK_STOLEN, &n);
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (stolen));
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpuint (es_mark_time (&marks[i]), ==, stolen[i].time);
      if (stolen[i].victim < ES_INSTANT_WIDE_ARG)
        g_assert_cmpuint (es_cap_timeline_get_mark_arg (tl, ES_INSTANT_SPARK_STOLEN, &marks[i]), ==, stolen[i].victim);
    }
  /* Two wide victims at different times each come back. */
  g_assert_cmpuint (es_cap_timeline_get_mark_arg (tl, ES_INSTANT_SPARK_STOLEN, &marks[0]), ==, 299);
  g_assert_cmpuint (es_cap_timeline_get_mark_arg (tl, ES_INSTANT_SPARK_STOLEN, &marks[2]), ==, 300);

  /* Ten columns of 100 ns over [0, 1000): every spark event but the run. */
  es_lod_instants (document, 2, 1u << ES_INSTANT_SPARK_CREATED | 1u << ES_INSTANT_SPARK_STOLEN, 0, 999,
                   G_N_ELEMENTS (counts), counts);
  for (guint c = 0; c < G_N_ELEMENTS (counts); c++)
    {
      guint expected = 0;

      for (guint i = 0; i < G_N_ELEMENTS (events); i++)
        expected += events[i].tag != ES_EVENT_SPARK_RUN && events[i].time / 100 == c;
      g_assert_cmpuint (counts[c], ==, expected);
    }
  g_assert_cmpuint (es_cap_timeline_count_instants (tl, ES_INSTANT_SPARK_RUN, 0, 1000), ==, 1);
  g_assert_cmpuint (es_cap_timeline_count_instants (tl, ES_INSTANT_SPARK_CREATED, 150, 300), ==, 1);
}

/* Spark counters are kept as 32 bits over a base: counters past 2^32, one
 * that goes back, and a sample posted late all read back exactly as the
 * log gave them, in time order, with the pool's size and the interval's
 * figures from them. */
static void
test_spark_counters_past_32_bits (void)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new ();
  g_autoptr(EsDocument) document = NULL;
  g_auto(EsStats) stats = { 0 };
  const guint64 big = G_GUINT64_CONSTANT (1) << 32;
  /* time, created, dud, overflowed, converted, gcd, fizzled, remaining */
  static EsSparkSample samples[] = {
    { 100, 5, 0, 0, 1, 0, 0, 4 },
    { 300, 0xFFFFFFF0u, 1, 2, 3, 4, 5, 6 },
    { 200, 7, 0, 0, 2, 0, 1, 3 },                          /* late */
    { 400, 0, 1, 2, 3, 4, 5, 7 },                          /* set below: past 2^32 */
    { 500, 0, 9, 9, 9, 9, 9, 1 },
    { 600, 3, 9, 9, 9, 9, 9, 0 },                          /* back down */
  };
  static const guint order[] = { 0, 2, 1, 3, 4, 5 };
  const EsCapTimeline *tl;

  samples[3].created = big + 17;
  samples[4].created = 3 * big + 1;
  samples[4].converted = 5 * big;
  for (guint i = 0; i < G_N_ELEMENTS (samples); i++)
    {
      EsEvent e = { 0 };

      e.tag = ES_EVENT_SPARK_COUNTERS;
      e.time = samples[i].time;
      e.u.spark_counters.created = samples[i].created;
      e.u.spark_counters.dud = samples[i].dud;
      e.u.spark_counters.overflowed = samples[i].overflowed;
      e.u.spark_counters.converted = samples[i].converted;
      e.u.spark_counters.gcd = samples[i].gcd;
      e.u.spark_counters.fizzled = samples[i].fizzled;
      e.u.spark_counters.remaining = samples[i].remaining;
      es_document_builder_add (builder, &e);
    }
  document = es_document_builder_finish (builder, FALSE, -1);
  tl = es_document_get_cap (document, 0);
  g_assert_cmpuint (es_cap_timeline_get_n_spark_samples (tl), ==, G_N_ELEMENTS (samples));
  g_assert_cmpuint (es_series_get_length (es_cap_timeline_get_spark_pool (tl)), ==, G_N_ELEMENTS (samples));
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      const EsSparkSample *want = &samples[order[i]];
      EsSparkSample got, at;

      es_cap_timeline_get_spark_sample (tl, i, &got);
      g_assert_true (es_cap_timeline_sparks_at (tl, want->time, &at));
      g_assert_cmpmem (&got, sizeof got, want, sizeof *want);
      g_assert_cmpmem (&at, sizeof at, want, sizeof *want);
      g_assert_cmpuint (es_series_get_samples (es_cap_timeline_get_spark_pool (tl))[i].value, ==, want->remaining);
    }
  es_stats_compute (document, 250, 500, &stats);
  g_assert_cmpuint (stats.sparks_created, ==, 3 * big + 1 - 7);
  g_assert_cmpuint (stats.sparks_converted, ==, 5 * big - 2);
}

/* A log with ten generations: the table shows the first eight, the totals
 * and the slop (sampled at the oldest) count them all. */
static void
test_more_generations_than_the_table (void)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new ();
  g_autoptr(EsDocument) document = NULL;
  g_auto(EsStats) stats = { 0 };
  static const struct { guint16 generation; guint64 copied, slop; } gcs[] = {
    { 0, 10, 5 }, { 9, 1000, 77 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (gcs); i++)
    {
      EsEvent e = { 0 };

      e.tag = ES_EVENT_GC_START;
      e.time = 100 * (i + 1);
      es_document_builder_add (builder, &e);
      e.tag = ES_EVENT_GC_STATS_GHC;
      e.time += 10;
      e.u.gc_stats.generation = gcs[i].generation;
      e.u.gc_stats.copied = gcs[i].copied;
      e.u.gc_stats.slop = gcs[i].slop;
      es_document_builder_add (builder, &e);
      e.tag = ES_EVENT_GC_END;
      e.time += 10;
      es_document_builder_add (builder, &e);
    }
  document = es_document_builder_finish (builder, FALSE, -1);
  es_stats_compute (document, 0, G_MAXUINT64, &stats);

  g_assert_cmpuint (stats.n_generations, ==, ES_STATS_MAX_GENERATIONS);
  g_assert_cmpuint (stats.gen[0].collections, ==, 1);
  g_assert_cmpuint (stats.copied, ==, 1010);
  g_assert_cmpuint (stats.max_slop, ==, 77);
}

/* A log that cannot fit is refused with how much it needs, up front. */
static void
test_memory_check (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (_es_document_check_memory (G_GUINT64_CONSTANT (1) << 30, G_GUINT64_CONSTANT (8) << 30, NULL));
  g_assert_true (_es_document_check_memory (G_GUINT64_CONSTANT (30) << 30, 0, NULL));
  g_assert_false (_es_document_check_memory (G_GUINT64_CONSTANT (30) << 30, G_GUINT64_CONSTANT (24) << 30, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
  g_assert_nonnull (strstr (error->message, "needs about 29.0 GB of memory to open, and only 25.8 GB are available"));
}

int
main (int    argc,
      char **argv)
{
  static const char *fixtures[] = { "parfib-N2", "heap-hT-N2", "profiled-hc", "hello" };

  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (fixtures); i++)
    {
      g_autofree char *name = g_strdup_printf ("/document/whole-run-matches-rts-s/%s", fixtures[i]);
      g_test_add_data_func (name, fixtures[i], test_whole_run_matches_rts);
    }
  g_test_add_func ("/document/parfib/threads-spans-markers", test_parfib_threads_spans_markers);
  g_test_add_func ("/document/activities-ordered-and-disjoint", test_activities_are_ordered);
  g_test_add_func ("/document/heap-profile", test_heap_profile);
  g_test_add_func ("/document/spark-counters-past-32-bits", test_spark_counters_past_32_bits);
  g_test_add_func ("/document/spark-events-as-marks", test_spark_events_as_marks);
  g_test_add_func ("/document/process-tasks-capsets", test_process_tasks_capsets);
  g_test_add_func ("/document/random-corruption-builds-sane-documents", test_random_corruption_builds_sane_documents);
  g_test_add_func ("/document/extreme-timestamps", test_extreme_timestamps);
  g_test_add_func ("/document/gc-restarted-keeps-open-phase", test_gc_restarted_keeps_open_phase);
  g_test_add_func ("/document/long-activities-read-back-exactly", test_long_activities_read_back_exactly);
  g_test_add_func ("/document/instants-name-caps-beyond-255", test_instants_name_caps_beyond_255);
  g_test_add_func ("/document/more-generations-than-the-table", test_more_generations_than_the_table);
  g_test_add_func ("/document/too-big-for-memory-is-refused", test_memory_check);
  g_test_add_func ("/document/cancelled-load-stops", test_cancelled_load_stops);
  g_test_add_func ("/document/process-info-survives-parts", test_process_info_survives_parts);
  g_test_add_func ("/document/truncated-log-closes-open-intervals", test_truncated_log_closes_intervals);

  return g_test_run ();
}
