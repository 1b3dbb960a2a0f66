/* es-event-index.h: every event of a log, in time order, decoded on demand
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "es-event.h"
#include "es-eventlog-reader.h"

G_BEGIN_DECLS

typedef struct _EsEventIndex EsEventIndex;

/* Called from the building (or searching) thread with 0 <= @fraction <= 1. */
typedef void (*EsEventIndexProgress) (double   fraction,
                                      gpointer user_data);

EsEventIndex      *es_event_index_build           (const char            *path,
                                                   EsEventIndexProgress   progress,
                                                   gpointer               user_data,
                                                   GCancellable          *cancellable,
                                                   GError               **error);
EsEventIndex      *es_event_index_grow            (EsEventIndex          *self,
                                                   const char            *path,
                                                   EsEventIndexProgress   progress,
                                                   gpointer               user_data,
                                                   GCancellable          *cancellable,
                                                   GError               **error);
EsEventIndex      *es_event_index_ref             (EsEventIndex          *self);
void               es_event_index_unref           (EsEventIndex          *self);
guint              es_event_index_get_n_rows      (EsEventIndex          *self);
guint              es_event_index_count_same_rows (EsEventIndex          *self,
                                                   EsEventIndex          *other);
gsize              es_event_index_get_index_bytes (EsEventIndex          *self);
gboolean           es_event_index_is_truncated    (EsEventIndex          *self,
                                                   gint64                *stop_offset);
guint64            es_event_index_get_time        (EsEventIndex          *self,
                                                   guint                  row);
guint16            es_event_index_get_tag         (EsEventIndex          *self,
                                                   guint                  row);
gboolean           es_event_index_decode          (EsEventIndex          *self,
                                                   guint                  row,
                                                   EsEvent               *event);
void               es_event_index_append_text     (EsEventIndex          *self,
                                                   const EsEvent         *event,
                                                   GString               *out);
void               es_event_index_append_line     (EsEventIndex          *self,
                                                   guint                  row,
                                                   GString               *out);
guint              es_event_index_lower_bound     (EsEventIndex          *self,
                                                   guint64                time);
GArray            *es_event_index_dup_tags        (EsEventIndex          *self);
const char        *es_event_index_get_tag_name    (EsEventIndex          *self,
                                                   guint16                tag);
gboolean           es_event_get_thread            (const EsEvent         *event,
                                                   guint32               *thread);

/* Search: the rows (ascending) whose text contains @text, ignoring ASCII
 * case, and whose tag is one of @tags; %NULL @text or no @tags mean any. */
GArray            *es_event_index_search          (EsEventIndex          *self,
                                                   const char            *text,
                                                   const guint16         *tags,
                                                   guint                  n_tags,
                                                   EsEventIndexProgress   progress,
                                                   gpointer               user_data,
                                                   GCancellable          *cancellable,
                                                   GError               **error);

GArray            *es_event_index_search_from     (EsEventIndex          *self,
                                                   guint                  from,
                                                   const char            *text,
                                                   const guint16         *tags,
                                                   guint                  n_tags,
                                                   EsEventIndexProgress   progress,
                                                   gpointer               user_data,
                                                   GCancellable          *cancellable,
                                                   GError               **error);

/* In the rows es_event_index_search() found: the position of the first
 * one >= @row (matches->len if none). */
guint              es_event_matches_lower_bound   (GArray                *matches,
                                                   guint                  row);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsEventIndex, es_event_index_unref)

G_END_DECLS
