/* es-mono-profile-activity.c: the collector's calls, allocations,
 * exceptions and lock events, packed for the window
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-mono-profile-private.h"

G_STATIC_ASSERT (sizeof (EsMonoStack) == 2 * sizeof (guint32));

/**
 * es_mono_profile_set_window:
 *
 * Makes @profile, before it is told any event, keep what a document shows
 * of a log: the samples and names, and the calls, allocations, exceptions
 * and lock events packed (es_mono_profile_get_activity()). The call stacks
 * the report's traces need are not made: interning one at each enter cost
 * a 25 MB calls,alloc log seconds and several times its size.
 */
void
es_mono_profile_set_window (EsMonoProfile *profile)
{
  g_return_if_fail (profile != NULL && profile->activity == NULL);

  profile->samples_only = TRUE;
  profile->activity = es_mono_activity_builder_new ();
}

/* The calls still open on each thread, ended at its last event as
 * es_mono_profile_finish() ends them (and as a log cut there would have
 * them), without ending them: the log goes on. */
static GArray *
open_calls (EsMonoProfile *profile)
{
  State *state = profile->state;
  GArray *calls = g_array_new (FALSE, FALSE, sizeof (guint64));

  if (state == NULL)
    return calls;
  for (guint t = profile->threads->len; t-- > 0;)
    {
      ThreadState *ts = _es_mono_thread_state (profile, t);
      guint64 carried = 0;    /* the duration of the call it made, ended just now */

      for (guint i = ts->stack->len; i-- > 0;)
        {
          const Frame *frame = &g_array_index (ts->stack, Frame, i);
          guint64 duration = ts->last_time - frame->start;
          guint64 call[4] = { frame->start, ts->last_time, duration - (frame->callee + carried), frame->method };

          g_array_append_vals (calls, call, 4);
          carried = duration;
        }
    }
  return calls;
}

/* Whether a thread's calls still open would end before they started:
 * its last event is earlier than its last method event. */
static gboolean
open_calls_go_back (EsMonoProfile *profile)
{
  if (profile->state == NULL)
    return FALSE;
  for (guint t = 0; t < profile->threads->len; t++)
    {
      ThreadState *ts = _es_mono_thread_state (profile, t);

      if (ts->stack->len > 0 && ts->last_time < ts->call_since)
        return TRUE;
    }
  return FALSE;
}

/**
 * es_mono_profile_get_activity:
 * @profile: a profile of es_mono_profile_set_window()
 * @origin: the document's zero, on the log's clock
 *
 * The calls are counted from the document's call time (the same changes
 * of stack, made beside them) unless a thread's times went back, where
 * mprof-report's durations wrap and the call time's do not: then they
 * are the activity's own.
 *
 * Returns: (transfer full): what @profile was told so far, as a log cut
 *   there would have it; @profile may go on being told the log's events
 */
EsMonoActivity *
es_mono_profile_get_activity (EsMonoProfile *profile,
                              guint64        origin)
{
  EsMonoActivityNames names = { 0 };

  g_return_val_if_fail (profile != NULL && profile->activity != NULL, NULL);

  names.origin = origin;
  names.method_names = g_ptr_array_new_full (profile->methods->len, g_free);
  for (guint m = 0; m < profile->methods->len; m++)
    {
      char buffer[64];

      g_ptr_array_add (names.method_names, g_strdup (es_mono_profile_method_name (profile, m, buffer)));
    }
  names.class_names = g_ptr_array_new_full (profile->classes->len, g_free);
  for (guint k = 0; k < profile->classes->len; k++)
    {
      char buffer[64];

      g_ptr_array_add (names.class_names, g_strdup (es_mono_profile_class_name (profile, k, buffer)));
    }
  names.lock_objects = g_array_sized_new (FALSE, FALSE, sizeof (guint64), profile->locks->len);
  for (guint l = 0; l < profile->locks->len; l++)
    g_array_append_val (names.lock_objects, g_array_index (profile->locks, EsMonoLock, l).object);
  /* EsMonoStack is two guint32s: first and n_frames */
  names.stacks = g_array_sized_new (FALSE, FALSE, sizeof (guint32), profile->stacks->len * 2);
  g_array_append_vals (names.stacks, profile->stacks->data, profile->stacks->len * 2);
  names.frames = g_array_copy (profile->frames);
  names.calls_in_call_time = !profile->call_time_went_back && !open_calls_go_back (profile);
  names.open_calls = names.calls_in_call_time ? NULL : open_calls (profile);
  return es_mono_activity_builder_snapshot (profile->activity, &names);
}
