/* es-compare-window-private.h: the compare window's state, shared by its
 * parts
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-bookmarks.h"
#include "es-compare-window.h"
#include "es-document-loader.h"

G_BEGIN_DECLS

/* es-compare-window.c reads the runs and shows them; es-compare-window-align.c
 * keeps them on one time axis. */

struct _EsCompareWindow
{
  GtkApplicationWindow parent_instance;

  GFile            *files[2];
  EsDocumentLoader *loaders[2];
  EsDocument       *documents[2];
  EsSession        *sessions[2];
  GCancellable     *cancellable;
  guint             n_loaded;
  gboolean          syncing;        /* one session follows the other */
  gboolean          syncing_rows;   /* one timeline's rows follow the other's */
  gboolean          listing_names;  /* the Align at list is being remade */
  gint64            offset;         /* run B's time minus the shared axis's */
  gint64            drag_offset;    /* at the start of a Shift+drag */
  EsBookmarks      *bookmarks[2];

  GtkWidget        *stack;
  GtkWidget        *progress[2];
  GtkWidget        *error_label;
  GtkWidget        *run_labels[2];
  GtkWidget        *timelines[2];
  GtkWidget        *heap;
  GtkWidget        *stats;
  GtkWidget        *align_choice;
  GtkWidget        *align_box;      /* its label, the choice and the offset: shown together */
  GtkStringList    *align_names;    /* "Start", then the names both runs have */
  GtkWidget        *offset_label;
  GtkWidget        *traces_button;
};

static inline guint64
_es_compare_window_run_end (EsCompareWindow *self,
                            guint            run)
{
  return es_document_get_end_time (self->documents[run]);
}

void _es_compare_window_show_stats            (EsCompareWindow *self);
void _es_compare_window_visible_changed_cb    (EsSession       *session,
                                               EsCompareWindow *self);
void _es_compare_window_selection_changed_cb  (EsSession       *session,
                                               EsCompareWindow *self);
void _es_compare_window_align_choice_cb       (EsCompareWindow *self);
void _es_compare_window_list_align_names      (EsCompareWindow *self);
void _es_compare_window_load_bookmarks        (EsCompareWindow *self);
void _es_compare_window_shift_drag_begin_cb   (GtkGestureDrag  *gesture,
                                               double           x,
                                               double           y,
                                               EsCompareWindow *self);
void _es_compare_window_shift_drag_update_cb  (GtkGestureDrag  *gesture,
                                               double           dx,
                                               double           dy,
                                               EsCompareWindow *self);

G_END_DECLS
