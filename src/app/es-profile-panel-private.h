/* es-profile-panel-private.h: the Profile tab's state, for what the
 * tests ask of it (es-profile-panel-inspect.c)
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-flame-graph.h"
#include "es-profile-panel.h"
#include "es-profile-rows.h"
#include "es-selection-follower.h"

G_BEGIN_DECLS

struct _EsProfilePanel
{
  GtkWidget           parent_instance;

  GtkWidget          *stack;          /* "profile" or "empty" */
  GtkWidget          *empty_label;
  GtkWidget          *breadcrumb;     /* GtkBox of buttons, root to zoomed frame */
  GtkWidget          *share_label;
  GtkWidget          *search_entry;
  GtkWidget          *choices;        /* samples or call time, whose */
  GtkColumnViewColumn *columns[5];    /* name, then the numbers: titled by what they count */
  GtkColumnViewColumn *source_column; /* a GHC cost centre's; a Mono method has none */
  GtkWidget          *area;           /* the flame graph */
  GtkColumnView      *view;
  EsProfileRows      *rows;
  GtkSingleSelection *selection;
  gboolean            choosing;       /* the table's selection follows the session */

  EsSession          *session;
  gulong              selection_handler;
  gulong              chosen_handler;
  gulong              view_handler;
  EsSelectionFollower follower;

  EsDocument         *document;       /* of @profile */
  EsProfile          *profile;        /* shown, or NULL */
  guint64             shown_t0;       /* its interval; shown_t1 G_MAXUINT64 for the whole run */
  guint64             shown_t1;
  guint32             zoom;           /* frame, or ES_PROFILE_NO_FRAME */
  char               *search;         /* or NULL */
  EsFlameGraphCache  *cache;          /* what its drawings keep: names shaped, the last picture */

};

void es_profile_panel_get_flame_view (EsProfilePanel   *self,
                                      EsFlameGraphView *view);

G_END_DECLS
