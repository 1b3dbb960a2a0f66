/* es-bookmark-item.h: one bookmark, as a row of the Bookmarks page
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-bookmarks.h"

G_BEGIN_DECLS

#define ES_TYPE_BOOKMARK_ITEM (es_bookmark_item_get_type ())

G_DECLARE_FINAL_TYPE (EsBookmarkItem, es_bookmark_item, ES, BOOKMARK_ITEM, GObject)

EsBookmarkItem   *es_bookmark_item_new          (const EsBookmark *bookmark,
                                                 const EsBookmark *previous);
const EsBookmark *es_bookmark_item_get_bookmark (EsBookmarkItem   *self);
gboolean          es_bookmark_item_get_since    (EsBookmarkItem   *self,
                                                 guint64          *since);

G_END_DECLS
