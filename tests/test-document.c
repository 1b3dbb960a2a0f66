/* test-document.c: documents of real GHC runs against what the RTS said
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>

#include "es-document-builder.h"
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
  double  productivity;                      /* "% of total elapsed" */
  guint   tasks[5];                          /* TASKS: n (bound, peak workers (total), -N); [0] 0 if not printed */
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
  SECONDS ("^  Productivity .*, +([0-9.]+)% of total elapsed", productivity);
  if (match ("^  TASKS: ([0-9]+) \\(([0-9]+) bound, ([0-9]+) peak workers \\(([0-9]+) total\\), using -N([0-9]+)\\)",
             text, &info))
    for (int i = 0; i < 5; i++)
      {
        a = group (info, i + 1);
        rts->tasks[i] = atoi (a);
        g_clear_pointer (&a, g_free);
      }
  g_match_info_free (info);
#undef NUMBER
#undef SECONDS
}

/* Times: the RTS prints elapsed seconds rounded to 1 ms; INIT and EXIT are
 * found from the main thread's tasks (es-run-phases.c), each within 1 ms of
 * the RTS's, and so MUT; a profiled run's heap censuses run inside GC
 * pauses, and are told apart as PROF, as the RTS prints them; retainer
 * profiling (RP) is not, so GC here is GC + RP there. Totals agree within
 * 2 ms plus 2%. */
#define TIME_TOLERANCE(expected) (0.002 + 0.02 * (expected))
/* 1 ms, and half a printed millisecond of rounding. */
#define PHASE_TOLERANCE 0.0015

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
  g_assert_cmpfloat_with_epsilon ((stats.gc_elapsed - stats.prof_elapsed) / 1e9, rts.gc + rts.rp,
                                  TIME_TOLERANCE (rts.gc + rts.rp));
  g_assert_cmpfloat_with_epsilon (stats.prof_elapsed / 1e9, rts.prof, PHASE_TOLERANCE);
  g_assert_true (stats.phases.init_known);
  g_assert_true (stats.phases.exit_known);
  g_assert_cmpfloat_with_epsilon (stats.init_elapsed / 1e9, rts.init, PHASE_TOLERANCE);
  g_assert_cmpfloat_with_epsilon (stats.exit_elapsed / 1e9, rts.exit_, PHASE_TOLERANCE);
  g_assert_cmpfloat_with_epsilon (stats.mut_elapsed / 1e9, rts.mut, PHASE_TOLERANCE);
  g_assert_cmpuint (stats.init_elapsed + stats.mut_elapsed + stats.gc_elapsed + stats.exit_elapsed, ==,
                    stats.total_elapsed);
  /* Productivity of total elapsed: within a point, or what a millisecond
   * of the RTS's rounding of a very short run moves it. The RTS counts
   * heap censuses (PROF) as productive, and so does this. */
  g_assert_cmpfloat_with_epsilon (100 * stats.productivity, rts.productivity,
                                    MAX (1.0, 100 * 0.0005 / MAX (rts.total, 0.0005)));
  if (rts.tasks[0] > 0)
    {
      g_assert_true (stats.phases.threaded);
      g_assert_cmpuint (stats.phases.n_tasks, ==, rts.tasks[0]);
      g_assert_cmpuint (stats.phases.n_bound, ==, rts.tasks[1]);
      g_assert_cmpuint (stats.phases.peak_workers, ==, rts.tasks[2]);
      g_assert_cmpuint (stats.phases.n_workers, ==, rts.tasks[3]);
      g_assert_cmpuint (stats.phases.n_caps, ==, rts.tasks[4]);
    }
  else
    g_assert_false (stats.phases.threaded);
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
      g_autoptr(GArray) thread_runs = es_document_get_thread_runs (document, es_document_get_thread (document, i));
      guint n_runs = thread_runs->len;
      const EsThreadRun *runs = (const EsThreadRun *) (gpointer) thread_runs->data;
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

  return g_test_run ();
}
