/* es-bookmarks.h: named moments of a log, kept between sessions
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "es-document.h"

G_BEGIN_DECLS

typedef struct
{
  guint64  time;          /* on the log's clock, nanoseconds */
  char    *name;          /* valid UTF-8, one line */
  guint32  id;            /* stable while the set lives: rows follow it */
} EsBookmark;

#define ES_BOOKMARKS_ERROR (es_bookmarks_error_quark ())

typedef enum
{
  ES_BOOKMARKS_ERROR_INVALID,        /* not a bookmarks file, or a bad value in it */
  ES_BOOKMARKS_ERROR_TOO_LARGE,      /* more bytes or bookmarks than a person makes */
  ES_BOOKMARKS_ERROR_NEWER_VERSION,  /* written by a later Eventscope */
  ES_BOOKMARKS_ERROR_OTHER_LOG,      /* saved for another run now replaced at that path */
} EsBookmarksError;

/* Where a set came from, once loaded. */
typedef enum
{
  ES_BOOKMARKS_FROM_MARKERS,         /* nothing usable was saved: the log's markers */
  ES_BOOKMARKS_FROM_SAVED,           /* the saved set, the truth once the user edited */
} EsBookmarksOrigin;

/* A log with more markers than this marks iterations, not phases: its
 * markers stay in the Markers row and the Events list, and no bookmark is
 * made of them (thousands of lines would bury the data they mark). */
#define ES_BOOKMARKS_MAX_SEEDED_MARKERS 200
/* More is not a set of bookmarks but a hostile file. */
#define ES_BOOKMARKS_MAX_COUNT     10000
/* Room for the most bookmarks with the longest names, in any script: what
 * this writes, it reads back. */
#define ES_BOOKMARKS_MAX_FILE_SIZE (16 * 1024 * 1024)
#define ES_BOOKMARKS_MAX_NAME      200

#define ES_TYPE_BOOKMARKS (es_bookmarks_get_type ())

G_DECLARE_FINAL_TYPE (EsBookmarks, es_bookmarks, ES, BOOKMARKS, GObject)

GQuark             es_bookmarks_error_quark      (void);

EsBookmarks       *es_bookmarks_new              (void);
EsBookmarks       *es_bookmarks_new_from_markers (EsDocument          *document);
GArray            *es_bookmarks_get_array        (EsBookmarks         *self);
const EsBookmark  *es_bookmarks_get              (EsBookmarks         *self,
                                                  guint               *n_bookmarks);
const EsBookmark  *es_bookmarks_lookup           (EsBookmarks         *self,
                                                  guint32              id,
                                                  guint               *index);
guint32            es_bookmarks_add              (EsBookmarks         *self,
                                                  guint64              time,
                                                  const char          *name);
gboolean           es_bookmarks_rename           (EsBookmarks         *self,
                                                  guint32              id,
                                                  const char          *name);
gboolean           es_bookmarks_remove           (EsBookmarks         *self,
                                                  guint32              id);
char              *es_bookmarks_make_name_valid  (const char          *name,
                                                  gssize               length);

char              *es_bookmarks_to_data          (EsBookmarks         *self,
                                                  gsize               *length);
gboolean           es_bookmarks_parse            (EsBookmarks         *self,
                                                  const char          *data,
                                                  gsize                length,
                                                  GError             **error);

char              *es_bookmarks_file_for_log     (const char          *canonical_path);
const char        *es_bookmarks_get_log_path     (EsBookmarks         *self);
guint64            es_bookmarks_get_log_size     (EsBookmarks         *self);
EsBookmarksOrigin  es_bookmarks_get_origin       (EsBookmarks         *self);
const GError      *es_bookmarks_get_load_problem (EsBookmarks         *self);

void               es_bookmarks_load_async       (EsDocument          *document,
                                                  const char          *log_path,
                                                  GCancellable        *cancellable,
                                                  GAsyncReadyCallback  callback,
                                                  gpointer             user_data);
EsBookmarks       *es_bookmarks_load_finish      (GAsyncResult        *result,
                                                  GError             **error);
void               es_bookmarks_save_async       (EsBookmarks         *self,
                                                  GCancellable        *cancellable,
                                                  GAsyncReadyCallback  callback,
                                                  gpointer             user_data);
void               es_bookmarks_wait_for_io      (void);
gboolean           es_bookmarks_save_finish      (EsBookmarks         *self,
                                                  GAsyncResult        *result,
                                                  GError             **error);

G_END_DECLS
