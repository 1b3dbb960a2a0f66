/* es-document-builder.h: turns events into a document
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document.h"
#include "es-event.h"

G_BEGIN_DECLS

typedef struct _EsDocumentBuilder EsDocumentBuilder;

EsDocumentBuilder *es_document_builder_new    (void);
EsDocumentBuilder *es_document_builder_new_for_snapshots (void);
void               es_document_builder_free   (EsDocumentBuilder *self);
void               es_document_builder_prefault          (EsDocumentBuilder *self);
void               es_document_builder_give_back_prefaulted (EsDocumentBuilder *self);
gboolean           es_document_builder_let_go_before     (EsDocumentBuilder *self,
                                                          guint64            time);
gboolean           es_document_builder_keep_within       (EsDocumentBuilder *self,
                                                          guint64            limit);
void               es_document_builder_add    (EsDocumentBuilder *self,
                                               const EsEvent     *event);
void               es_document_builder_add_batch (EsDocumentBuilder *self,
                                                  const EsEvent     *events,
                                                  guint              n_events);
void               es_document_builder_add_counted (EsDocumentBuilder *self,
                                                    guint16            cap,
                                                    guint              n_events,
                                                    guint64            earliest,
                                                    guint64            latest);
void               es_document_builder_rename_thread (EsDocumentBuilder *self,
                                                     guint32            thread,
                                                     const char        *label);
void               es_document_builder_recast_gc_phase (EsDocumentBuilder *self,
                                                       guint16            cap,
                                                       EsActivityKind     kind);
void               es_document_builder_end_of_input (EsDocumentBuilder *self);
guint              es_document_builder_add_counter (EsDocumentBuilder *self,
                                                   const char        *section,
                                                   const char        *name,
                                                   guint8             type,
                                                   guint32            unit,
                                                   guint32            variance);
void               es_document_builder_add_counter_sample (EsDocumentBuilder *self,
                                                          guint              counter,
                                                          guint64            time,
                                                          guint64            key);
void               es_document_builder_merge  (EsDocumentBuilder *self,
                                               EsDocumentBuilder *other);
EsDocument        *es_document_builder_finish (EsDocumentBuilder *self,
                                               gboolean           truncated,
                                               gint64             truncated_at);
EsDocumentBuilder *es_document_builder_copy   (EsDocumentBuilder *self);
void               es_document_builder_set_ongoing (EsDocumentBuilder *self,
                                                    gboolean           ongoing);
void               es_document_builder_set_rows_are_threads (EsDocumentBuilder *self);
void               es_document_builder_set_statistics_only (EsDocumentBuilder *self,
                                                            guint64            t0,
                                                            guint64            t1);
gboolean           es_document_builder_let_go_unread     (EsDocumentBuilder *self);
gboolean           es_document_builder_saw_gc_stats      (EsDocumentBuilder *self);
void               es_document_builder_note_gc_stats_elsewhere (EsDocumentBuilder *self);
guint64            es_document_builder_get_fields_unread (EsDocumentBuilder *self);
EsDocument        *es_document_builder_snapshot (EsDocumentBuilder *self,
                                                 gboolean           truncated,
                                                 gint64             truncated_at);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsDocumentBuilder, es_document_builder_free)

G_END_DECLS
