/* es-lod-frame.h: a frame's level-of-detail columns, made before the frame
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-lod.h"

G_BEGIN_DECLS

/* The columns the timeline's queries fill, one query each (es-timeline-columns.c). */
typedef enum
{
  ES_LOD_HEAP,
  ES_LOD_BUSY,
  ES_LOD_ACTIVITY,
  ES_LOD_SPARKS,
} EsLodKind;

typedef struct _EsLodFrame EsLodFrame;

void     es_lod_columns_fill       (EsDocument         *document,
                                    EsLodKind           kind,
                                    guint               cap,
                                    guint64             t0,
                                    guint64             t1,
                                    guint               width,
                                    guint               first,
                                    guint               n,
                                    gpointer            columns);
gboolean es_lod_has_sparks         (EsDocument         *document,
                                    guint               cap);
gboolean es_lod_has_heap           (EsDocument         *document);

guint    es_lod_frame_helpers      (void);
guint    es_lod_frame_n_parts      (guint64             t0,
                                    guint64             t1,
                                    guint               width);
void     es_lod_frame_prepare      (EsDocument         *document,
                                    guint64             t0,
                                    guint64             t1,
                                    guint               width);
void     es_lod_frame_note_view    (EsDocument         *document,
                                    guint64             t0,
                                    guint64             t1,
                                    guint               width,
                                    guint               n_parts);
void     es_lod_frame_prepare_after (EsDocument        *document,
                                    EsDocument         *previous);
const EsLodFrame *es_lod_frame_find (EsDocument        *document,
                                    guint64             t0,
                                    guint64             t1,
                                    guint               width,
                                    guint               n_parts);
const EsLodFrame *es_lod_frame_get (EsDocument        *document);
void     es_lod_frame_get_view     (const EsLodFrame   *frame,
                                    guint64            *t0,
                                    guint64            *t1,
                                    guint              *width);
EsActivityColumn *es_lod_frame_get_activity (const EsLodFrame *frame,
                                    guint               cap);
EsSparkColumn    *es_lod_frame_get_sparks (const EsLodFrame *frame,
                                    guint               cap);
EsHeapColumn     *es_lod_frame_get_heap (const EsLodFrame *frame);
const float      *es_lod_frame_get_busy (const EsLodFrame *frame);

G_END_DECLS
