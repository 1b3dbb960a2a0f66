/* es-background.c: threads that work beside the window yield to it
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <sys/resource.h>
#ifdef __linux__
# include <sys/syscall.h>
#endif
#include <unistd.h>

#include "es-background.h"

/**
 * es_background_yield:
 *
 * The calling thread yields to the window's: on a machine of two cores,
 * a frame waited for CPU time while two workers ran beside it at the
 * window's priority (the Threads section's opening, 4 ms slices lost
 * twice in one frame). Linux's nice value is per thread, and the threads
 * this one starts inherit it. Lowering it needs no privilege; raising it
 * back would, so only threads of their own call this, never a pool's.
 */
void
es_background_yield (void)
{
#ifdef __linux__
  setpriority (PRIO_PROCESS, (id_t) syscall (SYS_gettid), ES_BACKGROUND_NICENESS);
#endif
}

typedef struct
{
  GThreadFunc func;
  gpointer    data;
} Start;

static gpointer
background_thread (gpointer data)
{
  Start start = *(Start *) data;

  g_free (data);
  es_background_yield ();
  return start.func (start.data);
}

/**
 * es_background_thread_new:
 *
 * Like g_thread_try_new(), for a thread that yields to the window from
 * its start.
 *
 * Returns: (transfer full) (nullable): the thread, or %NULL if the
 *   system had none to give
 */
GThread *
es_background_thread_new (const char  *name,
                          GThreadFunc  func,
                          gpointer     data)
{
  Start *start = g_new (Start, 1);
  GThread *thread;

  g_return_val_if_fail (func != NULL, NULL);

  *start = (Start) { func, data };
  thread = g_thread_try_new (name, background_thread, start, NULL);
  if (thread == NULL)
    g_free (start);
  return thread;
}
