/* es-run-phases.c: where a GHC program's initialisation and exit are in
 * its log, and its tasks, as +RTS -s counts them
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-document-private.h"
#include "es-run-phases.h"

/* +RTS -s splits the run into INIT, MUT, GC and EXIT (rts/Stats.c): INIT
 * ends at stat_endInit(), the last thing hs_init_ghc() does; EXIT begins
 * at stat_startExit(), the first thing hs_exit_() does once main has
 * returned, and its GC (the last collection, as the program shuts down)
 * is counted as GC, not EXIT. The log has no event for either, but the
 * program's main thread (its kernel thread id is the process's id) runs
 * Haskell code as a bound task, and the log says when each of its tasks
 * is created and deleted (rts/Task.c):
 *
 * - the threaded RTS starts its I/O manager at the end of hs_init_ghc()
 *   (rts_lock() and rts_unlock(): a task created and deleted): INIT ends
 *   as that first task is deleted. The non-threaded RTS has no such task:
 *   INIT ends as main's task is created;
 * - main runs in a task of its own (created by rts_lock() in hs_main(),
 *   deleted by rts_unlock() as main returns), then hs_exit_() flushes
 *   stdout and stderr by Haskell code, in one more task: EXIT begins as
 *   main's task is deleted, the one before that last.
 *
 * On the project's seven fixtures (GHC 9.0.2, threaded and not, -prof)
 * INIT and EXIT so found are the RTS's own within 1 ms. The log's clock
 * starts inside the RTS's initialisation (when the eventlog is set up),
 * a few tens of microseconds after the RTS starts timing it. */

typedef struct
{
  guint64 time;
  int     step;     /* +1 a worker more, -1 one less */
} Change;

static int
compare_tasks_by_creation (gconstpointer a,
                           gconstpointer b)
{
  const EsTask *x = a, *y = b;

  return x->created < y->created ? -1 : x->created > y->created;
}

static int
compare_changes (gconstpointer a,
                 gconstpointer b)
{
  const Change *x = a, *y = b;

  if (x->time != y->time)
    return x->time < y->time ? -1 : 1;
  /* At the same time, one that goes before one that comes: not a peak. */
  return x->step - y->step;
}

/* TASKS as the RTS counts them: each task once, those of the main thread
 * bound, the others workers, and the most workers alive at once. */
static void
count_tasks (const EsTask *tasks,
             guint         n_tasks,
             guint32       pid,
             EsRunPhases  *phases)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GArray) changes = g_array_new (FALSE, FALSE, sizeof (Change));
  int alive = 0;

  for (guint i = 0; i < n_tasks; i++)
    {
      const EsTask *t = &tasks[i];
      gboolean main_thread = t->kernel_tid == pid;

      if (g_hash_table_add (seen, (gpointer) &t->task))
        {
          phases->n_tasks++;
          if (main_thread)
            phases->n_bound++;
          else
            phases->n_workers++;
        }
      if (!main_thread)
        {
          Change came = { t->created, +1 }, went = { t->deleted, -1 };

          g_array_append_val (changes, came);
          if (t->deleted != 0)
            g_array_append_val (changes, went);
        }
    }
  g_array_sort (changes, compare_changes);
  for (guint i = 0; i < changes->len; i++)
    {
      alive += g_array_index (changes, Change, i).step;
      phases->peak_workers = MAX (phases->peak_workers, (guint) MAX (alive, 0));
    }
  phases->tasks_known = phases->n_tasks > 0;
}

/* "GHC-9.0.2 rts_p", "rts_thr_p", "rts_thr_debug_p": the RTS's way, its
 * parts after "rts", has "p". */
static gboolean
is_profiling_rts (const char *identifier)
{
  const char *way = identifier != NULL ? strstr (identifier, "rts_") : NULL;
  g_auto(GStrv) parts = NULL;

  if (way == NULL)
    return FALSE;
  parts = g_strsplit (way, "_", -1);
  return g_strv_contains ((const char * const *) parts, "p");
}

static void
find_phases (EsDocument  *document,
             EsRunPhases *phases)
{
  const EsProcessInfo *process;
  const EsTask *tasks;
  guint n_tasks, n_main;
  g_autoptr(GArray) main_tasks = g_array_new (FALSE, FALSE, sizeof (EsTask));
  const EsTask *stints;

  *phases = (EsRunPhases) { 0 };
  phases->n_caps = es_document_get_n_caps (document);
  if (es_document_get_format (document) != ES_DOCUMENT_GHC_EVENTLOG)
    {
      phases->init_unknown = phases->exit_unknown = "a Mono log has no such phases";
      return;
    }
  process = es_document_get_process (document);
  phases->threaded = process->rts_identifier != NULL && strstr (process->rts_identifier, "_thr") != NULL;
  phases->profiled = is_profiling_rts (process->rts_identifier);
  tasks = es_document_get_tasks (document, &n_tasks);
  if (process->pid == 0 || n_tasks == 0)
    {
      phases->init_unknown = phases->exit_unknown = "the log has no task events";
      return;
    }
  count_tasks (tasks, n_tasks, process->pid, phases);

  for (guint i = 0; i < n_tasks; i++)
    if (tasks[i].kernel_tid == process->pid)
      g_array_append_val (main_tasks, tasks[i]);
  g_array_sort (main_tasks, compare_tasks_by_creation);
  n_main = main_tasks->len;
  stints = (const EsTask *) main_tasks->data;
  if (n_main == 0)
    {
      phases->init_unknown = phases->exit_unknown = "the log has no task of the program's main thread";
      return;
    }

  if (!phases->threaded)
    phases->init_end = stints[0].created, phases->init_known = TRUE;
  else if (stints[0].deleted != 0)
    phases->init_end = stints[0].deleted, phases->init_known = TRUE;
  else
    phases->init_unknown = "the main thread's first task never ended";

  if (es_document_is_truncated (document, NULL) || es_document_get_damage (document) != NULL)
    phases->exit_unknown = "the log ends before the program did";
  else if (n_main < (phases->threaded ? 3u : 2u) || stints[n_main - 2].deleted == 0 ||
           stints[n_main - 2].deleted > stints[n_main - 1].created ||
           (phases->init_known && stints[n_main - 2].deleted < phases->init_end))
    phases->exit_unknown = "the main thread's tasks do not show where main returned";
  else
    phases->exit_start = stints[n_main - 2].deleted, phases->exit_known = TRUE;
}

/**
 * es_run_phases_find:
 *
 * Finds where INIT ends and EXIT begins in a GHC log (see above), and the
 * program's tasks. Where the log cannot tell (no task events of the main
 * thread, a log cut before the program ended), says why, and the times are
 * not known: they are then counted in MUT, as before.
 *
 * Found once a document: every interval's statistics ask, and counting the
 * tasks sorts all of them (4,700 in a generated 8-cap log: 1.2 ms of each
 * selection's figures, where DESIGN's budget is 1 ms).
 */
void
es_run_phases_find (EsDocument  *document,
                    EsRunPhases *phases)
{
  g_return_if_fail (ES_IS_DOCUMENT (document));
  g_return_if_fail (phases != NULL);

  if (g_once_init_enter (&document->run_phases))
    {
      EsRunPhases *found = g_new (EsRunPhases, 1);

      find_phases (document, found);
      g_once_init_leave (&document->run_phases, (gsize) found);
    }
  *phases = *(const EsRunPhases *) document->run_phases;
}
