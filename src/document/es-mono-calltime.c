/* es-mono-calltime.c: a Mono log's calls as each thread's changes of call
 * stack, for the document's call-time profile
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-document-prof.h"
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
 * end end at its last event, of any kind (mprof-report's flush at the
 * end of the log). */

static guint32
call_node (EsMonoProfile *profile,
           guint32        parent,
           guint32        method)
{
  State *state = profile->state;
  guint64 key = (guint64) parent << 32 | method;
  guint32 *last = &g_array_index (state->last_child, guint32, parent);
  guint32 found;
  EsMonoCallNode node = { parent, method };

  /* A loop calls the same method from the same stack over and over. */
  if (*last != 0 && g_array_index (profile->call_nodes, EsMonoCallNode, *last).method == method)
    return *last;
  found = _es_mono_find (state->call_nodes, key);
  if (found == 0)
    {
      g_array_append_val (profile->call_nodes, node);
      g_array_set_size (state->last_child, profile->call_nodes->len);
      found = profile->call_nodes->len;
      _es_mono_remember (state->call_nodes, key, found - 1);
    }
  g_array_index (state->last_child, guint32, parent) = found - 1;
  return found - 1;
}

/* @thread's stack becomes @node at @time: the time since its last change
 * (times going backwards, which mprof-report wraps, count none) and the
 * node, as varints (see _es_builder_add_call_stream()). */
static void
change (EsMonoProfile *profile,
        guint32        thread,
        ThreadState   *ts,
        guint32        node,
        guint64        time)
{
  GByteArray *stream;

  while (profile->call_streams->len <= thread)
    g_ptr_array_add (profile->call_streams, NULL);
  stream = g_ptr_array_index (profile->call_streams, thread);
  if (stream == NULL)
    {
      stream = g_byte_array_new ();
      g_ptr_array_index (profile->call_streams, thread) = stream;
    }
  if (time < ts->call_since)
    time = ts->call_since;
  es_call_stream_append_varint (stream, time - ts->call_since);
  es_call_stream_append_varint (stream, node);
  ts->call_since = time;
  ts->call_node = node;
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

  if (enter)
    change (profile, thread, ts, call_node (profile, ts->call_node, method), time);
  else if (ts->call_node != 0 && top->method == method)
    change (profile, thread, ts, top->parent, time);
}

/* The calls still in progress end at their thread's last event. */
void
_es_mono_finish_call_time (EsMonoProfile *profile)
{
  for (guint t = 0; t < profile->threads->len; t++)
    {
      ThreadState *ts = _es_mono_thread_state (profile, t);

      if (ts->call_node != 0)
        change (profile, t, ts, 0, ts->last_time);
    }
}

/**
 * es_mono_profile_dup_call_stream:
 *
 * Returns: (transfer full) (nullable): a copy of thread @thread's changes
 *   of stack so far, its calls still open ended at its last event, as
 *   _es_mono_finish_call_time() ends them; %NULL if it has none
 */
GByteArray *
es_mono_profile_dup_call_stream (EsMonoProfile *profile,
                                 guint32        thread)
{
  GByteArray *stream = thread < profile->call_streams->len ? g_ptr_array_index (profile->call_streams, thread) : NULL;
  ThreadState *ts;
  GByteArray *copy;

  if (stream == NULL)
    return NULL;
  copy = g_byte_array_sized_new (stream->len + 20);
  g_byte_array_append (copy, stream->data, stream->len);
  ts = profile->state != NULL ? _es_mono_thread_state (profile, thread) : NULL;
  if (ts != NULL && ts->call_node != 0)
    {
      es_call_stream_append_varint (copy, ts->last_time > ts->call_since ? ts->last_time - ts->call_since : 0);
      es_call_stream_append_varint (copy, 0);
    }
  return copy;
}
