/* es-stats-text.c: interval statistics in the +RTS -s layout
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-stats.h"

/* 1234567 -> "1,234,567", as the RTS prints byte counts. */
static void
append_grouped (GString *out,
                guint64  value,
                int      width)
{
  char digits[32];
  char grouped[48];
  int n = g_snprintf (digits, sizeof digits, "%" G_GUINT64_FORMAT, value);
  int j = 0;

  for (int i = 0; i < n; i++)
    {
      if (i > 0 && (n - i) % 3 == 0)
        grouped[j++] = ',';
      grouped[j++] = digits[i];
    }
  grouped[j] = '\0';
  g_string_append_printf (out, "%*s", width, grouped);
}

/* 1234567 -> "1,234,567". */
char *
es_stats_format_grouped (guint64 value)
{
  g_autoptr(GString) out = g_string_new (NULL);

  append_grouped (out, value, 0);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static double
seconds (guint64 ns)
{
  return ns / 1e9;
}

/* An INIT or EXIT line: its time in the interval, or why the log cannot
 * tell it (then MUT holds it, as it did before the phases were found). */
static void
append_phase (GString    *out,
              const char *name,
              gboolean    known,
              const char *unknown,
              guint64     elapsed)
{
  if (known)
    g_string_append_printf (out, "  %-4s    time  (%7.3fs elapsed)\n", name, seconds (elapsed));
  else
    g_string_append_printf (out, "  %-4s    time  (unknown: %s; counted in MUT)\n", name, unknown);
}

/**
 * es_stats_append_text:
 *
 * The statistics with the line labels of `+RTS -s`. Only elapsed times
 * exist in a log (no CPU times), so only those columns are printed, and
 * the allocation rate is per MUT elapsed second (the RTS's is per MUT CPU
 * second), said on the MUT line.
 */
void
es_stats_append_text (const EsStats *stats,
                      EsDocument    *document,
                      GString       *out)
{
  const EsProcessInfo *process = es_document_get_process (document);
  const EsRunPhases *phases = &stats->phases;
  guint64 balanced_mib;

  if (process->program != NULL)
    {
      g_string_append_printf (out, "%s", process->program);
      for (guint i = 1; process->args[i] != NULL; i++)
        g_string_append_printf (out, " %s", process->args[i]);
      g_string_append_c (out, '\n');
    }
  g_string_append_printf (out, "Interval %.6fs to %.6fs (%.6fs)%s\n",
                          seconds (stats->t0), seconds (stats->t1), seconds (stats->total_elapsed),
                          stats->t0 == 0 && stats->t1 >= es_document_get_end_time (document) ? ", the whole run" : "");

  append_grouped (out, stats->allocated, 16);
  g_string_append (out, " bytes allocated in the heap\n");
  append_grouped (out, stats->copied, 16);
  g_string_append (out, " bytes copied during GC\n");
  append_grouped (out, stats->max_residency, 16);
  g_string_append_printf (out, " bytes maximum residency (%u sample(s))\n", stats->residency_samples);
  append_grouped (out, stats->max_slop, 16);
  g_string_append (out, " bytes maximum slop\n");
  balanced_mib = stats->max_heap_size / (1024 * 1024);
  append_grouped (out, balanced_mib, 16);
  g_string_append (out, " MiB total memory in use\n\n");

  g_string_append (out, "                                      Tot elapsed  Avg pause  Max pause\n");
  for (guint g = 0; g < stats->n_generations; g++)
    {
      const EsGenStats *gen = &stats->gen[g];

      g_string_append_printf (out, "  Gen %2u     %5u colls, %5u par      %7.3fs    %3.4fs    %3.4fs\n",
                              g, gen->collections, gen->par_collections, seconds (gen->elapsed),
                              gen->collections ? seconds (gen->elapsed) / gen->collections : 0.0,
                              seconds (gen->max_pause));
    }
  if (stats->gc_inconsistency != NULL)
    g_string_append_printf (out, "\n  Parallel GC work balance: unknown: the log's GC statistics are inconsistent "
                            "(%s)\n", stats->gc_inconsistency);
  else if (stats->work_balance >= 0)
    g_string_append_printf (out, "\n  Parallel GC work balance: %.2f%% (serial 0%%, perfect 100%%)\n",
                            100 * stats->work_balance);

  /* As the threaded RTS prints it (the other prints none): the whole
   * run's, so only for the whole run. */
  if (phases->threaded && phases->tasks_known && stats->t0 == 0 && stats->t1 >= es_document_get_end_time (document))
    g_string_append_printf (out, "\n  TASKS: %u (%u bound, %u peak workers (%u total), using -N%u)\n",
                            phases->n_tasks, phases->n_bound, phases->peak_workers, phases->n_workers,
                            phases->n_caps);

  g_string_append_printf (out, "\n  SPARKS: %" G_GUINT64_FORMAT " (%" G_GUINT64_FORMAT " converted, %" G_GUINT64_FORMAT
                          " overflowed, %" G_GUINT64_FORMAT " dud, %" G_GUINT64_FORMAT " GC'd, %" G_GUINT64_FORMAT
                          " fizzled)\n\n",
                          stats->sparks_created, stats->sparks_converted, stats->sparks_overflowed,
                          stats->sparks_dud, stats->sparks_gcd, stats->sparks_fizzled);

  append_phase (out, "INIT", phases->init_known, phases->init_unknown, stats->init_elapsed);
  /* The RTS divides by MUT's CPU time, which a log does not have: the rate
   * is said beside the line it is of, per elapsed second, so that it is
   * not read as the RTS's. */
  g_string_append_printf (out, "  MUT     time  (%7.3fs elapsed)   alloc rate ", seconds (stats->mut_elapsed));
  append_grouped (out, (guint64) stats->alloc_rate, 0);
  g_string_append (out, " bytes per MUT elapsed second\n");
  /* A profiling RTS prints its censuses' time apart from GC's. */
  g_string_append_printf (out, "  GC      time  (%7.3fs elapsed)\n", seconds (stats->gc_elapsed - stats->prof_elapsed));
  if (phases->profiled)
    g_string_append_printf (out, "  PROF    time  (%7.3fs elapsed)\n", seconds (stats->prof_elapsed));
  append_phase (out, "EXIT", phases->exit_known, phases->exit_unknown, stats->exit_elapsed);
  g_string_append_printf (out, "  Total   time  (%7.3fs elapsed)\n\n", seconds (stats->total_elapsed));

  g_string_append_printf (out, "  Productivity  %.1f%% of total elapsed\n\n", 100 * stats->productivity);

  g_string_append (out, "  Cap    running        GC   GC wait      idle   sparks created/converted\n");
  for (guint c = 0; c < stats->n_caps; c++)
    {
      const EsCapStats *cs = &stats->caps[c];
      double total = stats->total_elapsed > 0 ? (double) stats->total_elapsed : 1;

      g_string_append_printf (out, "  %3u    %6.1f%%   %6.1f%%   %6.1f%%   %6.1f%%   %" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT "\n",
                              c, 100 * cs->running / total, 100 * cs->gc / total,
                              100 * cs->gc_waiting / total, 100 * cs->idle / total,
                              cs->sparks_created, cs->sparks_converted);
    }
  /* What the table's rows leave out: each cap's buffer is written on its
   * own, and a cut log stops at a different time in each. */
  for (guint c = 0; c < stats->n_caps; c++)
    if (stats->caps[c].no_data > 0)
      g_string_append_printf (out, "  %3u    no data after %.6fs (%.1f%%): its events stop there in this cut log\n", c,
                              seconds (es_cap_timeline_get_data_end (es_document_get_cap (document, c))),
                              100.0 * stats->caps[c].no_data / MAX (stats->total_elapsed, 1));
}
