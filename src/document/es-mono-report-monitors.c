/* es-mono-report-monitors.c: mprof-report's "monitor" report, and the
 * pairing of lock waits that `summary --json` counts too
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-mono-report-private.h"

/* Waits are timed per thread from its contention to its next acquired or
 * failed event on any lock, as mprof-report times them. */
void
_es_mono_report_sum_locks (EsMonoReport *report,
                           EsMonoLockSums *sums)
{
  EsMonoProfile *profile = report->profile;
  guint n = profile->locks->len;
  g_autofree guint32 *waiting_on = g_new (guint32, MAX (profile->threads->len, 1));
  g_autofree guint64 *waiting_since = g_new0 (guint64, MAX (profile->threads->len, 1));

  memset (sums, 0, sizeof *sums);
  sums->contentions = g_new0 (guint64, MAX (n, 1));
  sums->wait = g_new0 (guint64, MAX (n, 1));
  sums->max_wait = g_new0 (guint64, MAX (n, 1));
  sums->seen = g_new0 (gboolean, MAX (n, 1));
  sums->stacks = g_new0 (GArray *, MAX (n, 1));
  for (guint i = 0; i < profile->threads->len; i++)
    waiting_on[i] = ES_MONO_NONE;
  for (guint i = 0; i < profile->monitor_events->len; i++)
    {
      const EsMonoMonitorEvent *e = &g_array_index (profile->monitor_events, EsMonoMonitorEvent, i);
      guint32 traced = e->stack | (e->has_backtrace ? 0 : 0x80000000u);

      /* A wait is paired over the whole run and counted where it ends,
       * so an interval has the waits that ended in it, whenever they
       * began, and adjacent intervals add up to the run. */
      gboolean kept = _es_mono_report_keeps (report, e->time);

      if (e->kind == ES_MLPD_MONITOR_CONTENTION)
        {
          waiting_on[e->thread] = e->lock;
          waiting_since[e->thread] = e->time;
        }
      if (!kept)
        {
          if (e->kind == ES_MLPD_MONITOR_DONE || e->kind == ES_MLPD_MONITOR_FAIL)
            {
              waiting_on[e->thread] = ES_MONO_NONE;
              waiting_since[e->thread] = 0;
            }
          continue;
        }
      sums->seen[e->lock] = TRUE;
      if (e->kind == ES_MLPD_MONITOR_CONTENTION)
        {
          sums->n_contentions++;
          sums->contentions[e->lock]++;
        }
      else if (e->kind == ES_MLPD_MONITOR_DONE || e->kind == ES_MLPD_MONITOR_FAIL)
        {
          guint32 lock = waiting_on[e->thread];

          if (e->kind == ES_MLPD_MONITOR_DONE)
            sums->n_acquired++;
          else
            sums->n_failed++;
          if (lock != ES_MONO_NONE && waiting_since[e->thread] != 0)
            {
              guint64 waited = e->time - waiting_since[e->thread];

              sums->max_wait[lock] = MAX (sums->max_wait[lock], waited);
              sums->wait[lock] += waited;
              waiting_on[e->thread] = ES_MONO_NONE;
              waiting_since[e->thread] = 0;
            }
        }
      /* only contentions' own backtraces are traced; stackless events
       * trace the calls in progress whatever they are */
      if (report->options->traces && (!e->has_backtrace || e->kind == ES_MLPD_MONITOR_CONTENTION))
        {
          if (sums->stacks[e->lock] == NULL)
            sums->stacks[e->lock] = g_array_new (FALSE, FALSE, sizeof (guint32));
          g_array_append_val (sums->stacks[e->lock], traced);
        }
    }
}

void
_es_mono_report_clear_locks (EsMonoReport   *report,
                             EsMonoLockSums *sums)
{
  for (guint i = 0; i < report->profile->locks->len; i++)
    if (sums->stacks[i] != NULL)
      g_array_unref (sums->stacks[i]);
  g_free (sums->stacks);
  g_free (sums->contentions);
  g_free (sums->wait);
  g_free (sums->max_wait);
  g_free (sums->seen);
}

void
_es_mono_report_monitors (EsMonoReport *report)
{
  EsMonoProfile *profile = report->profile;
  guint n = profile->locks->len;
  EsMonoLockSums sums;
  const guint64 *contentions, *wait, *max_wait;
  const gboolean *seen;
  GArray **stacks;
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (guint32));
  GString *out = report->out;

  _es_mono_report_sum_locks (report, &sums);
  contentions = sums.contentions;
  wait = sums.wait;
  max_wait = sums.max_wait;
  seen = sums.seen;
  stacks = sums.stacks;

  /* the lock objects as mprof-report's small table walks them */
  for (guint slot = 0; slot < ES_MONO_SMALL_HASH_SIZE; slot++)
    for (guint i = n; i-- > 0;)
      {
        guint64 object = g_array_index (profile->locks, EsMonoLock, i).object;

        if (((object >> 3) & 0xffff) % ES_MONO_SMALL_HASH_SIZE == slot && (seen[i] || !report->options->interval))
          g_array_append_val (order, i);
      }
  if (order->len == 0)
    goto out;
  _es_mono_report_sort_descending (order, wait);
  g_string_append (out, "\nMonitor lock summary\n");
  for (guint i = 0; i < order->len; i++)
    {
      guint32 lock = g_array_index (order, guint32, i);
      volatile double contended = (double) contentions[lock];

      g_string_append (out, "\tLock object ");
      _es_mono_report_pointer (out, g_array_index (profile->locks, EsMonoLock, lock).object);
      g_string_append_printf (out, ": %d contentions\n", (int) contentions[lock]);
      /* a lock with no contention averages 0/0: "-nan", as mprof-report's */
      g_string_append_printf (out, "\t\t%.6f secs total wait time, %.6f max, %.6f average\n",
                              wait[lock] / 1000000000.0, max_wait[lock] / 1000000000.0,
                              wait[lock] / 1000000000.0 / contended);
      if (stacks[lock] != NULL)
        _es_mono_report_traces (report, stacks[lock], NULL, "contentions");
    }
  g_string_append_printf (out, "\tLock contentions: %" G_GUINT64_FORMAT "\n", sums.n_contentions);
  g_string_append_printf (out, "\tLock acquired: %" G_GUINT64_FORMAT "\n", sums.n_acquired);
  g_string_append_printf (out, "\tLock failures: %" G_GUINT64_FORMAT "\n", sums.n_failed);
out:
  _es_mono_report_clear_locks (report, &sums);
}
