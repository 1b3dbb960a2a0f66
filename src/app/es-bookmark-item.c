/* es-bookmark-item.c: one bookmark, as a row of the Bookmarks page
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-bookmark-item.h"

/* A copy of the bookmark and of its distance to the one before: the page
 * rebuilds its few rows whenever the set changes. */
struct _EsBookmarkItem
{
  GObject     parent_instance;
  EsBookmark  bookmark;
  guint64     since;
  gboolean    has_previous;
};

G_DEFINE_FINAL_TYPE (EsBookmarkItem, es_bookmark_item, G_TYPE_OBJECT)

static void
es_bookmark_item_finalize (GObject *object)
{
  EsBookmarkItem *self = ES_BOOKMARK_ITEM (object);

  g_free (self->bookmark.name);
  G_OBJECT_CLASS (es_bookmark_item_parent_class)->finalize (object);
}

static void
es_bookmark_item_class_init (EsBookmarkItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = es_bookmark_item_finalize;
}

static void
es_bookmark_item_init (EsBookmarkItem *self)
{
}

/**
 * es_bookmark_item_new:
 * @previous: (nullable): the bookmark before it in time
 */
EsBookmarkItem *
es_bookmark_item_new (const EsBookmark *bookmark,
                      const EsBookmark *previous)
{
  EsBookmarkItem *self;

  g_return_val_if_fail (bookmark != NULL, NULL);

  self = g_object_new (ES_TYPE_BOOKMARK_ITEM, NULL);
  self->bookmark = *bookmark;
  self->bookmark.name = g_strdup (bookmark->name);
  self->has_previous = previous != NULL;
  if (previous != NULL)
    self->since = bookmark->time - previous->time;
  return self;
}

const EsBookmark *
es_bookmark_item_get_bookmark (EsBookmarkItem *self)
{
  g_return_val_if_fail (ES_IS_BOOKMARK_ITEM (self), NULL);

  return &self->bookmark;
}

/**
 * es_bookmark_item_get_since:
 * @since: (out): the time since the previous bookmark
 *
 * Returns: %FALSE for the first bookmark
 */
gboolean
es_bookmark_item_get_since (EsBookmarkItem *self,
                            guint64        *since)
{
  g_return_val_if_fail (ES_IS_BOOKMARK_ITEM (self), FALSE);

  *since = self->since;
  return self->has_previous;
}
