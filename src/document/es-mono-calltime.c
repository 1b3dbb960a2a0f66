/* es-mono-calltime.c: a Mono log's calls as each thread's changes of call
 * stack, for the document's call-time profile
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-document-builder-private.h"
#include "es-document-prof.h"
#include "es-mono-profile-private.h"
#include "es-varint.h"

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

/* The changes a piece holds: ES_CALL_PIECE_CHANGES but in tests, which
 * cut pieces short to try their edges on small logs. */
static guint piece_changes = ES_CALL_PIECE_CHANGES;

/**
 * es_mono_profile_set_call_piece_changes:
 * @n: changes a piece of call time holds, or 0 for ES_CALL_PIECE_CHANGES
 *
 * For tests, before any log is read: how often each thread's call time
 * starts a new piece.
 */
void
es_mono_profile_set_call_piece_changes (guint n)
{
  piece_changes = n > 0 ? MIN (n, ES_CALL_PIECE_CHANGES) : ES_CALL_PIECE_CHANGES;
}

/**
 * es_mono_profile_call_piece_is_full:
 *
 * Returns: whether @piece takes no more changes: one that does not is
 *   its thread's last
 */
gboolean
es_mono_profile_call_piece_is_full (const EsMonoCallPiece *piece)
{
  return piece->n_changes >= piece_changes;
}

/* A thread's pieces (EsMonoCallPiece), or NULL for a thread without calls. */
void
_es_mono_call_pieces_free (gpointer data)
{
  GArray *pieces = data;

  if (pieces == NULL)
    return;
  for (guint i = 0; i < pieces->len; i++)
    g_clear_pointer (&g_array_index (pieces, EsMonoCallPiece, i).bytes, g_byte_array_unref);
  g_array_unref (pieces);
}

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
 * node, as varints (see _es_builder_make_call_piece()), in the thread's
 * last piece, or a new one once that is full. */
static void
change (EsMonoProfile *profile,
        guint32        thread,
        ThreadState   *ts,
        guint32        node,
        guint64        time)
{
  GArray *pieces;
  EsMonoCallPiece *piece;

  while (profile->call_streams->len <= thread)
    g_ptr_array_add (profile->call_streams, NULL);
  pieces = g_ptr_array_index (profile->call_streams, thread);
  if (pieces == NULL)
    {
      pieces = g_array_new (FALSE, FALSE, sizeof (EsMonoCallPiece));
      g_ptr_array_index (profile->call_streams, thread) = pieces;
    }
  if (pieces->len == 0 || g_array_index (pieces, EsMonoCallPiece, pieces->len - 1).n_changes >= piece_changes)
    {
      EsMonoCallPiece fresh = { g_byte_array_new (), ts->call_since, ts->call_node, 0 };

      g_array_append_val (pieces, fresh);
    }
  piece = &g_array_index (pieces, EsMonoCallPiece, pieces->len - 1);
  if (time < ts->call_since)
    {
      profile->call_time_went_back = TRUE;
      time = ts->call_since;
    }
  /* both varints at once: this runs at every method event */
  {
    guint8 buffer[20];
    guint8 *end = es_varint_put (es_varint_put (buffer, time - ts->call_since), node);

    g_byte_array_append (piece->bytes, buffer, (guint) (end - buffer));
  }
  piece->n_changes++;
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
 * es_mono_profile_get_call_close:
 * @since: (out): the time of @thread's last change, on the log's clock
 * @node: (out): the stack it made
 * @delta: (out): the time from then to @thread's last event
 *
 * Whether @thread has calls still open, which a log cut here would end
 * at its last event with one more change, to the empty stack, as
 * _es_mono_finish_call_time() ends them.
 */
gboolean
es_mono_profile_get_call_close (EsMonoProfile *profile,
                                guint32        thread,
                                guint64       *since,
                                guint32       *node,
                                guint64       *delta)
{
  ThreadState *ts = profile->state != NULL && thread < profile->threads->len ? _es_mono_thread_state (profile, thread) : NULL;

  if (ts == NULL || ts->call_node == 0)
    return FALSE;
  *since = ts->call_since;
  *node = ts->call_node;
  *delta = ts->last_time > ts->call_since ? ts->last_time - ts->call_since : 0;
  return TRUE;
}
