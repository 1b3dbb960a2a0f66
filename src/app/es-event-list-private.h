/* es-event-list-private.h: the event list's insides, for its files
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-event-columns.h"
#include "es-event-index.h"
#include "es-event-list-model.h"
#include "es-event-list.h"
#include "es-event-search.h"
#include "es-event-skeleton.h"

G_BEGIN_DECLS

struct _EsEventList
{
  GtkWidget           parent_instance;

  GtkWidget          *box;
  GtkWidget          *entry;
  GtkDropDown        *kinds;
  GtkWidget          *only_matches;
  GtkWidget          *previous_button;
  GtkWidget          *next_button;
  GtkLabel           *status;
  GtkStack           *stack;
  GtkProgressBar     *progress_bar;
  GtkLabel           *error_label;
  GtkColumnView      *view;
  GtkSingleSelection *selection;
  EsEventListModel   *model;
  EsEventSkeleton    *skeleton;          /* the model as the view gets it */
  EsEventColumns     *columns;
  EsEventIndex       *built;             /* built, waiting for the skeleton's rows */
  guint               same_rows;         /* those the index shown has of the last */
  guint               finish_tick;       /* the frame that first shows the rows */
  guint               finish_source;     /* what waits for it to be drawn */

  EsSession          *session;
  gulong              cursor_handler;
  char               *path;
  GCancellable       *build_cancellable;
  gboolean            stale;             /* a followed log grew since its index was built */
  guint               progress_source;   /* shows how a build or search is going */
  GArray             *kind_tags;         /* guint16, the kinds after "All kinds" */

  EsEventSearch      *search;
  GArray             *matches;           /* the search's rows, or NULL without one */

  /* The cursor last followed (or set by activating a row): what keeps the
   * list and the timeline from moving each other back and forth. */
  gboolean            have_followed;
  guint64             followed_cursor;
  gboolean            moving_cursor;
};

static inline EsEventIndex *
_es_event_list_get_index (EsEventList *self)
{
  return es_event_list_model_get_index (self->model);
}

/* es-event-list.c */
void _es_event_list_follow_cursor  (EsEventList *self);
void _es_event_list_search_from    (EsEventList *self,
                                    guint        same_rows);
void _es_event_list_show_progress  (EsEventList *self,
                                    gboolean     shown);

/* es-event-list-build.c */
void _es_event_list_start_build    (EsEventList *self);
void _es_event_list_settle_build   (EsEventList *self);
void _es_event_list_stop_build     (EsEventList *self);

G_END_DECLS
