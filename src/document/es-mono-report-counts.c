/* es-mono-report-counts.c: the report's numbers of an interval without its
 * text, for `summary --json` and `compare --json` on a Mono log
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-mono-report-private.h"

/**
 * es_mono_report_count:
 *
 * Counts what the report of @options's interval counts: the hits of the
 * statistical samples, the calls (by their end), the allocations, throws
 * and executed clauses, the lock events with their wait (paired as the
 * Monitor lock summary pairs them), the heap resizes and objects moved.
 * tests/test-mono-report.c holds these to the report's own text.
 */
void
es_mono_report_count (EsMonoProfile             *profile,
                      const EsMonoReportOptions *options,
                      EsMonoReportCounts        *counts)
{
  EsMonoReportOptions untraced = *options;
  EsMonoReport report = { profile, &untraced, NULL };
  EsMonoLockSums locks;

  untraced.traces = FALSE;
  memset (counts, 0, sizeof *counts);
  for (guint i = 0; i < profile->samples->len; i++)
    {
      const EsMonoSample *sample = &g_array_index (profile->samples, EsMonoSample, i);

      if (_es_mono_report_keeps (&report, sample->time))
        counts->samples += sample->n_ips;
    }
  for (guint i = 0; i < profile->calls->len; i++)
    if (_es_mono_report_keeps (&report, g_array_index (profile->calls, EsMonoCall, i).end))
      counts->calls++;
  for (guint i = 0; i < profile->allocs->len; i++)
    {
      const EsMonoAlloc *a = &g_array_index (profile->allocs, EsMonoAlloc, i);

      if (_es_mono_report_keeps (&report, a->time))
        {
          counts->allocations++;
          counts->allocated_bytes += a->size;
        }
    }
  for (guint i = 0; i < profile->throws->len; i++)
    if (_es_mono_report_keeps (&report, g_array_index (profile->throws, EsMonoThrow, i).time))
      counts->throws++;
  for (guint i = 0; i < profile->clauses->len; i++)
    {
      const EsMonoClause *c = &g_array_index (profile->clauses, EsMonoClause, i);

      if (c->type < G_N_ELEMENTS (counts->clauses) && _es_mono_report_keeps (&report, c->time))
        counts->clauses[c->type]++;
    }
  _es_mono_report_sum_locks (&report, &locks);
  counts->lock_contentions = locks.n_contentions;
  counts->locks_acquired = locks.n_acquired;
  counts->lock_failures = locks.n_failed;
  for (guint i = 0; i < profile->locks->len; i++)
    counts->lock_wait += locks.wait[i];
  _es_mono_report_clear_locks (&report, &locks);
  for (guint i = 0; i < profile->resizes->len; i++)
    if (_es_mono_report_keeps (&report, g_array_index (profile->resizes, EsMonoResize, i).time))
      counts->resizes++;
  for (guint i = 0; i < profile->moves->len; i++)
    {
      const EsMonoMoves *m = &g_array_index (profile->moves, EsMonoMoves, i);

      if (_es_mono_report_keeps (&report, m->time))
        counts->objects_moved += m->n_moves;
    }
}

/**
 * es_mono_report_top_methods:
 * @n: how many at most
 *
 * Returns: (transfer full) (element-type EsMonoMethodCalls): the methods
 *   called in the interval, most total time first, ties in the order the
 *   Method call summary lists them
 */
GArray *
es_mono_report_top_methods (EsMonoProfile             *profile,
                            const EsMonoReportOptions *options,
                            guint                      n)
{
  EsMonoReport report = { profile, options, NULL };
  guint n_methods = profile->methods->len;
  g_autoptr(GArray) order = _es_mono_report_methods_by_slot (profile);
  g_autofree guint64 *total = g_new0 (guint64, MAX (n_methods, 1));
  g_autofree guint64 *self = g_new0 (guint64, MAX (n_methods, 1));
  g_autofree guint64 *calls = g_new0 (guint64, MAX (n_methods, 1));
  GArray *top = g_array_new (FALSE, FALSE, sizeof (EsMonoMethodCalls));

  _es_mono_report_sum_calls (&report, calls, total, self);
  _es_mono_report_sort_descending (order, total);
  for (guint i = 0; i < order->len && top->len < n; i++)
    {
      guint32 m = g_array_index (order, guint32, i);
      EsMonoMethodCalls entry = { m, calls[m], total[m], self[m] };

      if (calls[m] > 0)
        g_array_append_val (top, entry);
    }
  return top;
}

/**
 * es_mono_report_top_classes:
 * @n: how many at most
 *
 * Returns: (transfer full) (element-type EsMonoClassAllocs): the classes
 *   allocated in the interval, most bytes first, ties in the order the
 *   Allocation summary lists them
 */
GArray *
es_mono_report_top_classes (EsMonoProfile             *profile,
                            const EsMonoReportOptions *options,
                            guint                      n)
{
  EsMonoReport report = { profile, options, NULL };
  guint n_classes = profile->classes->len;
  g_autoptr(GArray) order = _es_mono_report_classes_by_slot (profile);
  g_autofree guint64 *bytes = g_new0 (guint64, MAX (n_classes, 1));
  g_autofree guint64 *counts = g_new0 (guint64, MAX (n_classes, 1));
  GArray *top = g_array_new (FALSE, FALSE, sizeof (EsMonoClassAllocs));

  for (guint i = 0; i < profile->allocs->len; i++)
    {
      const EsMonoAlloc *a = &g_array_index (profile->allocs, EsMonoAlloc, i);

      if (!_es_mono_report_keeps (&report, a->time))
        continue;
      bytes[a->klass] += a->size;
      counts[a->klass]++;
    }
  _es_mono_report_sort_descending (order, bytes);
  for (guint i = 0; i < order->len && top->len < n; i++)
    {
      guint32 k = g_array_index (order, guint32, i);
      EsMonoClassAllocs entry = { k, counts[k], bytes[k] };

      if (counts[k] > 0)
        g_array_append_val (top, entry);
    }
  return top;
}
