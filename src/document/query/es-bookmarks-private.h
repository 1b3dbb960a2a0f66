/* es-bookmarks-private.h: what the bookmarks' set and their files share
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-bookmarks.h"

G_BEGIN_DECLS

typedef struct
{
  char    *path;              /* canonical; NULL for a set of no file */
  guint64  size;
  guint32  pid;               /* 0: not known */
  guint64  wall_clock_sec;    /* 0: not known */
  guint32  wall_clock_nsec;
} LogIdentity;

struct _EsBookmarks
{
  GObject            parent_instance;

  GArray            *items;           /* EsBookmark, by time, then by id */
  guint32            next_id;
  LogIdentity        log;
  EsBookmarksOrigin  origin;
  GError            *load_problem;
};

GArray   *es_bookmarks_items_new          (guint         reserve);
void      es_bookmarks_log_identity_clear (LogIdentity  *log);
void      es_bookmarks_seed_from_markers  (EsBookmarks  *self,
                                           EsDocument   *document);
gboolean  es_bookmarks_parse_data         (EsBookmarks  *self,
                                           const char   *data,
                                           gsize         length,
                                           GArray       *items,
                                           LogIdentity  *saved,
                                           guint        *n_skipped,
                                           GError      **error);

G_END_DECLS
