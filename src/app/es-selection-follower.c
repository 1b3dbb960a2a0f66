/* es-selection-follower.c: a panel's work for the session's selection
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-selection-follower.h"

/* @reload makes and runs the owner's computation, with a task from
 * es_selection_follower_task(). */
void
es_selection_follower_init (EsSelectionFollower *self,
                            void               (*reload) (gpointer owner),
                            gpointer             owner)
{
  *self = (EsSelectionFollower) { .reload = reload, .owner = owner };
}

/* Cancels what is under way or queued (the owner goes away). */
void
es_selection_follower_clear (EsSelectionFollower *self)
{
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_handle_id (&self->reload_source, g_source_remove);
}

/* The next update computes whatever the selection is (a new session). */
void
es_selection_follower_forget (EsSelectionFollower *self)
{
  self->have_requested = FALSE;
}

static gboolean
reload_in_idle (gpointer data)
{
  EsSelectionFollower *self = data;

  self->reload_source = 0;
  self->reload (self->owner);
  return G_SOURCE_REMOVE;
}

/* For a "selection-changed" of @session: queues a computation unless the
 * selection is the one last asked for. */
void
es_selection_follower_update (EsSelectionFollower *self,
                              EsSession           *session)
{
  guint64 t0 = 0, t1 = 0;
  gboolean whole_run = !es_session_get_selection (session, &t0, &t1);

  if (self->have_requested && whole_run == self->requested_whole_run &&
      (whole_run || (t0 == self->requested_t0 && t1 == self->requested_t1)))
    return;
  self->have_requested = TRUE;
  self->requested_whole_run = whole_run;
  self->requested_t0 = t0;
  self->requested_t1 = t1;
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->reload_source == 0)
    self->reload_source = g_idle_add_full (G_PRIORITY_LOW, reload_in_idle, self, NULL);
}

/**
 * es_selection_follower_task:
 *
 * Returns: (transfer full): a task for the computation @reload starts,
 *   cancelled by the next one; its callback tells a cancelled task by
 *   g_cancellable_is_cancelled() on g_task_get_cancellable().
 */
GTask *
es_selection_follower_task (EsSelectionFollower *self,
                            gpointer             source_object,
                            GAsyncReadyCallback  callback)
{
  GTask *task;

  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  task = g_task_new (source_object, self->cancellable, callback, NULL);
  g_task_set_check_cancellable (task, FALSE);
  return task;
}
