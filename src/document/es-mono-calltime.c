/* es-mono-calltime.c: a Mono log's calls as stretches of each thread's
 * time in one call stack, for the document's call-time profile
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-mono-profile-private.h"

/* mprof-report's Method call summary adds to a method, at each of its
 * leaves, the time since its enter (total) less that of the calls it made
 * (self). Between two method events of a thread its stack does not
 * change, so the same sums are those of the stretches between them: a
 * method's self time is the stretches with it on top, its total the
 * stretches with it anywhere on the stack, once per frame (a method
 * inside itself counts again, as mprof-report counts each call). The
 * stack changes as mprof-report's does: an enter pushes, a leave (or an
 * exception's, EXC_LEAVE) pops the call on top if it is of that method,
 * and any other leave is dropped; the calls a thread still has at the
 * end end at its last event. */

static guint32
call_node (EsMonoProfile *profile,
           guint32        parent,
           guint32        method)
{
  State *state = profile->state;
  guint64 key = (guint64) parent << 32 | method;
  guint32 found = _es_mono_find (state->call_nodes, key);
  EsMonoCallNode node = { parent, method };

  if (found != 0)
    return found - 1;
  g_array_append_val (profile->call_nodes, node);
  _es_mono_remember (state->call_nodes, key, profile->call_nodes->len - 1);
  return profile->call_nodes->len - 1;
}

/* Ends @thread's stretch in its stack at @time, if it is in one. Times
 * going backwards (mprof-report wraps them) add nothing. */
static void
end_stretch (EsMonoProfile *profile,
             guint32        thread,
             ThreadState   *ts,
             guint64        time)
{
  EsMonoStretch stretch = { ts->call_since, time - ts->call_since, ts->call_node, thread };

  if (ts->call_node != 0 && time > ts->call_since)
    g_array_append_val (profile->stretches, stretch);
  ts->call_since = time;
}

void
_es_mono_add_call_stretch (EsMonoProfile *profile,
                           guint32        thread,
                           guint32        method,
                           gboolean       enter,
                           guint64        time)
{
  ThreadState *ts = _es_mono_thread_state (profile, thread);
  const EsMonoCallNode *top = &g_array_index (profile->call_nodes, EsMonoCallNode, ts->call_node);

  if (!enter && (ts->call_node == 0 || top->method != method))
    return;
  end_stretch (profile, thread, ts, time);
  ts->call_node = enter ? call_node (profile, ts->call_node, method) : top->parent;
}

static int
compare_stretches (gconstpointer a,
                   gconstpointer b)
{
  const EsMonoStretch *x = a, *y = b;

  if (x->start != y->start)
    return x->start < y->start ? -1 : 1;
  return (x->thread > y->thread) - (x->thread < y->thread);
}

/* The calls still in progress end at their thread's last event, and the
 * stretches are put in order of their starts: the profile's thread makes
 * that order, not the loader. */
void
_es_mono_finish_call_time (EsMonoProfile *profile)
{
  for (guint t = 0; t < profile->threads->len; t++)
    {
      ThreadState *ts = _es_mono_thread_state (profile, t);

      end_stretch (profile, t, ts, ts->last_time);
      ts->call_node = 0;
    }
  g_array_sort (profile->stretches, compare_stretches);
}
