/* es-stats-mono.c: the statistics of a Mono log, as text
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-stats.h"

static double
seconds (guint64 ns)
{
  return ns / 1e9;
}

static void
append_pause_line (GString    *out,
                   const char *label,
                   guint       n,
                   guint64     total,
                   guint64     max)
{
  g_string_append_printf (out, "  %-8s %5u pauses          %7.3fs    %3.4fs    %3.4fs\n",
                          label, n, seconds (total), n > 0 ? seconds (total) / n : 0.0, seconds (max));
}

/**
 * es_stats_compute_mono_pauses:
 *
 * The pauses of a Mono log in [@stats->t0, @stats->t1]: the world stopped,
 * PRE_STOP_WORLD to POST_START_WORLD, clipped to the interval, by
 * generation (0 nursery, 1 major). The suspend at exit waits about a second
 * for threads to stop and collects nothing: the document holds it apart
 * (ES_ACTIVITY_EXIT_SUSPEND, es-mlpd-feed.c), its collection a GC record
 * from when the world had stopped, and the wait is @pauses->exit_suspend,
 * neither the program's time nor the GC's.
 */
void
es_stats_compute_mono_pauses (const EsStats *stats,
                              EsDocument    *document,
                              EsMonoPauses  *pauses)
{
  const EsMonoSummary *mono = es_document_get_mono_summary (document);
  guint n_gcs;
  const EsGc *gcs = es_document_get_gcs (document, &n_gcs);
  guint64 suspend_from, suspend_to;

  memset (pauses, 0, sizeof *pauses);
  g_return_if_fail (mono != NULL);

  for (guint i = 0; i < n_gcs; i++)
    {
      guint64 start = MAX (gcs[i].start, stats->t0), end = MIN (gcs[i].end, stats->t1);
      guint g = gcs[i].generation == 1;

      if (gcs[i].start > stats->t1 || gcs[i].end < stats->t0)
        continue;
      end = MAX (end, start);
      pauses->n[g]++;
      pauses->total[g] += end - start;
      pauses->max[g] = MAX (pauses->max[g], end - start);
    }

  pauses->gc = MIN (pauses->total[0] + pauses->total[1], stats->total_elapsed);
  suspend_from = MAX (mono->exit_suspend_start, stats->t0);
  suspend_to = MIN (mono->exit_suspend_end, stats->t1);
  if (mono->exit_suspend_end > mono->exit_suspend_start && suspend_to > suspend_from)
    {
      pauses->exit_suspend = MIN (suspend_to - suspend_from, stats->total_elapsed - pauses->gc);
      pauses->exit_suspend_in = TRUE;
    }
  pauses->mut = stats->total_elapsed - pauses->gc - pauses->exit_suspend;
  pauses->productivity = stats->total_elapsed > pauses->exit_suspend
                         ? (double) pauses->mut / (stats->total_elapsed - pauses->exit_suspend) : 1.0;
}

static void
append_pauses (const EsStats *stats,
               EsDocument    *document,
               GString       *out)
{
  EsMonoPauses p;

  es_stats_compute_mono_pauses (stats, document, &p);
  g_string_append (out, "GC pauses (world stopped)             Tot elapsed  Avg pause  Max pause\n");
  append_pause_line (out, "Nursery", p.n[0], p.total[0], p.max[0]);
  append_pause_line (out, "Major", p.n[1], p.total[1], p.max[1]);
  if (p.exit_suspend_in)
    {
      const EsMonoSummary *mono = es_document_get_mono_summary (document);

      g_string_append_printf (out, "  Not counted: the suspend at exit, %.4fs from %.6fs (waiting for threads to stop)\n",
                              seconds (mono->exit_suspend_end - mono->exit_suspend_start),
                              seconds (mono->exit_suspend_start));
    }

  g_string_append_printf (out, "\n  MUT     time  (%7.3fs elapsed)\n", seconds (p.mut));
  g_string_append_printf (out, "  GC      time  (%7.3fs elapsed, the pauses above)\n", seconds (p.gc));
  if (p.exit_suspend > 0)
    g_string_append_printf (out, "  Suspend time  (%7.3fs elapsed, at exit)\n", seconds (p.exit_suspend));
  g_string_append_printf (out, "  Total   time  (%7.3fs elapsed)\n", seconds (stats->total_elapsed));
  g_string_append_printf (out, "  Productivity  %.1f%% of total elapsed%s\n\n", 100 * p.productivity,
                          p.exit_suspend > 0 ? ", the suspend at exit left out" : "");
}

/* What mprof-report prints, counted as it counts (whole run), so the two can
 * be set side by side. */
static void
append_mprof_counts (const EsMonoSummary *mono,
                     GString             *out)
{
  static const char *clause_names[] = { "catch", "filter", "finally" };

  g_string_append (out, "Whole run, as mprof-report counts it:\n");
  g_string_append_printf (out, "  GC resizes: %u\n  Max heap size: %" G_GUINT64_FORMAT "\n  Object moves: %" G_GUINT64_FORMAT "\n",
                          mono->n_resizes, mono->max_heap_size, mono->n_moves);
  for (guint g = 0; g < 2; g++)
    if (mono->n_collections[g] > 0)
      g_string_append_printf (out, "  Gen%u collections: %u, max time: %" G_GUINT64_FORMAT "us, total time: %"
                              G_GUINT64_FORMAT "us, average: %" G_GUINT64_FORMAT "us\n",
                              g, mono->n_collections[g], mono->collection_max[g] / 1000,
                              mono->collection_total[g] / 1000,
                              mono->collection_total[g] / mono->n_collections[g] / 1000);
  g_string_append_printf (out, "  Throws: %u\n", mono->n_throws);
  for (guint c = 0; c < G_N_ELEMENTS (clause_names); c++)
    if (mono->n_clauses[c] > 0)
      g_string_append_printf (out, "  Executed %s clauses: %u\n", clause_names[c], mono->n_clauses[c]);
  if (mono->n_contentions > 0)
    g_string_append_printf (out, "  Lock contentions: %u\n  \t%.6f secs total wait time, %.6f max, %.6f average\n",
                            mono->n_contentions, seconds (mono->contention_total), seconds (mono->contention_max),
                            seconds (mono->contention_total) / mono->n_contentions);
  if (mono->n_samples > 0)
    g_string_append_printf (out, "  Samples: %u\n", mono->n_samples);
  g_string_append_c (out, '\n');
}

/* The counters' last values (`counter`), as mprof-report lists them: the
 * whole run's, as it prints them whatever the interval. */
static void
append_counters (EsDocument *document,
                 GString    *out)
{
  guint n = es_document_get_n_counters (document);
  g_autofree EsCounterLast *lasts = NULL;

  if (n == 0)
    return;
  lasts = g_new0 (EsCounterLast, n);
  for (guint i = 0; i < n; i++)
    {
      const EsCounter *c = es_document_get_counter (document, i);

      lasts[i] = (EsCounterLast) { c->section, c->name, c->type, c->unit, FALSE, 0, NULL };
      lasts[i].has_value = es_counter_get_last (c, &lasts[i].key);
    }
  g_string_append (out, "Counters, the last values of the whole run, as mprof-report prints them:\n");
  es_counter_append_report (out, lasts, n);
  g_string_append_printf (out, "  (%u counters in the log; summary --json lists each)\n\n", n);
}

/**
 * es_stats_append_mono_text:
 *
 * The statistics of a Mono log: pauses and time for the interval, then the
 * whole run's counts in mprof-report's words, then each thread's time.
 */
void
es_stats_append_mono_text (const EsStats *stats,
                           EsDocument    *document,
                           GString       *out)
{
  const EsProcessInfo *process = es_document_get_process (document);
  const EsMonoSummary *mono = es_document_get_mono_summary (document);
  /* The log's one argument (es-mlpd-feed.c). */
  const char *options = process->args != NULL && process->args[0] != NULL ? process->args[0] : "";
  g_autofree char *allocated = es_stats_format_grouped (stats->allocated);
  g_autofree char *heap = es_stats_format_grouped (stats->max_heap_size);

  g_return_if_fail (mono != NULL);

  g_string_append_printf (out, "%s, pid %u, profiler options %s\n",
                          process->rts_identifier != NULL ? process->rts_identifier : "Mono log",
                          process->pid, options);
  g_string_append_printf (out, "Interval %.6fs to %.6fs (%.6fs)%s\n",
                          seconds (stats->t0), seconds (stats->t1), seconds (stats->total_elapsed),
                          stats->t0 == 0 && stats->t1 >= es_document_get_end_time (document) ? ", the whole run" : "");
  g_string_append_printf (out, "Threads: %u shown, %u not shown (the profiler's own)\n\n",
                          es_document_get_n_caps (document), mono->n_hidden_threads);

  if (mono->n_allocations > 0)
    g_string_append_printf (out, "%16s bytes allocated in the heap\n", allocated);
  else
    g_string_append (out, "      (no allocations recorded: profile with the alloc option)\n");
  g_string_append_printf (out, "%16s bytes largest heap size\n\n", heap);

  append_pauses (stats, document, out);
  append_mprof_counts (mono, out);
  append_counters (document, out);

  /* The suspend at exit stops the threads alive then for about a second:
   * its own column, as it is neither GC nor the program's. */
  g_string_append (out, "  Thread               running        GC   GC wait  suspended   blocked or not alive\n");
  for (guint c = 0; c < stats->n_caps; c++)
    {
      const EsCapStats *cs = &stats->caps[c];
      double total = stats->total_elapsed > 0 ? (double) stats->total_elapsed : 1;
      const char *label = es_document_get_cap_label (document, c);

      g_string_append_printf (out, "  %-18.18s  %6.1f%%   %6.1f%%   %6.1f%%    %6.1f%%   %6.1f%%\n",
                              label != NULL ? label : "", 100 * cs->running / total, 100 * cs->gc / total,
                              100 * cs->gc_waiting / total, 100 * cs->exit_suspend / total, 100 * cs->idle / total);
    }
}
