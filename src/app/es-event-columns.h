/* es-event-columns.h: the event list's columns, their cells and highlights
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Whether the row @row of the log's events is to be marked (a match). */
typedef gboolean (*EsEventColumnsMarks) (guint    row,
                                         gpointer user_data);

typedef struct _EsEventColumns EsEventColumns;

EsEventColumns *es_event_columns_new     (GtkColumnView       *view,
                                          EsEventColumnsMarks  marks,
                                          gpointer             user_data);
void            es_event_columns_refresh (EsEventColumns      *self);
void            es_event_columns_update  (EsEventColumns      *self);
void            es_event_columns_free    (EsEventColumns      *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsEventColumns, es_event_columns_free)

G_END_DECLS
