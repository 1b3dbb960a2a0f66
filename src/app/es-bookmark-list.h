/* es-bookmark-list.h: the Bookmarks page: named moments of the log
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "es-bookmarks.h"
#include "es-session.h"
#include "es-timeline-rows.h"

G_BEGIN_DECLS

#define ES_TYPE_BOOKMARK_LIST (es_bookmark_list_get_type ())

G_DECLARE_FINAL_TYPE (EsBookmarkList, es_bookmark_list, ES, BOOKMARK_LIST, GtkWidget)

GtkWidget         *es_bookmark_list_new           (EsTimelineRows *rows);
void               es_bookmark_list_set_session   (EsBookmarkList *self,
                                                   EsSession      *session,
                                                   GFile          *file);
EsBookmarks       *es_bookmark_list_get_bookmarks (EsBookmarkList *self);
guint32            es_bookmark_list_add           (EsBookmarkList *self);
void               es_bookmark_list_activate      (EsBookmarkList *self,
                                                   guint           position);
GtkSelectionModel *es_bookmark_list_get_model     (EsBookmarkList *self);
const char        *es_bookmark_list_get_summary   (EsBookmarkList *self);
char              *es_bookmark_list_format_short  (guint64         time);

G_END_DECLS
