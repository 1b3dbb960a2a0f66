/* es-selection-follower.h: a panel's work for the session's selection
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "es-session.h"

G_BEGIN_DECLS

/* What the Statistics, Pauses and Profile panels share: each computes its
 * figures for the selection (the whole run without one) on a worker
 * thread. A burst of selection changes (a drag) becomes one computation,
 * started from an idle callback; a newer one cancels the one under way;
 * a selection that did not change starts none. Embedded in the panel. */
typedef struct
{
  GCancellable *cancellable;      /* of the computation under way */
  guint         reload_source;
  gboolean      have_requested;
  gboolean      requested_whole_run;
  guint64       requested_t0, requested_t1;
  void        (*reload) (gpointer owner);
  gpointer      owner;
} EsSelectionFollower;

void   es_selection_follower_init   (EsSelectionFollower *self,
                                     void               (*reload) (gpointer owner),
                                     gpointer             owner);
void   es_selection_follower_clear  (EsSelectionFollower *self);
void   es_selection_follower_forget (EsSelectionFollower *self);
void   es_selection_follower_update (EsSelectionFollower *self,
                                     EsSession           *session);
GTask *es_selection_follower_task   (EsSelectionFollower *self,
                                     gpointer             source_object,
                                     GAsyncReadyCallback  callback);

G_END_DECLS
