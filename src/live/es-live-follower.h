/* es-live-follower.h: a document that grows as its program runs
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "es-document.h"

G_BEGIN_DECLS

typedef enum
{
  ES_LIVE_WAITING,        /* nothing received yet: the program has not started writing */
  ES_LIVE_RECEIVING,
  ES_LIVE_FINISHED,       /* the log is whole: GHC's end marker, or a Mono stream closed after whole buffers */
  ES_LIVE_CUT,            /* the stream stopped without an end marker, inside an event or between */
  ES_LIVE_STOPPED,        /* the user stopped following */
  ES_LIVE_FAILED,         /* the source could not be read, or its bytes are not a log */
} EsLiveState;

#define ES_TYPE_LIVE_FOLLOWER (es_live_follower_get_type ())

G_DECLARE_FINAL_TYPE (EsLiveFollower, es_live_follower, ES, LIVE_FOLLOWER, GObject)

EsLiveFollower *es_live_follower_new                  (const char      *source,
                                                       const char      *record_path,
                                                       GError         **error);
void            es_live_follower_set_min_interval     (EsLiveFollower  *self,
                                                       guint            milliseconds);
void            es_live_follower_set_finish_backlog   (EsLiveFollower  *self,
                                                       guint64          bytes);
void            es_live_follower_set_shown_within     (EsLiveFollower  *self,
                                                       guint            milliseconds);
void            es_live_follower_set_frame_width      (EsLiveFollower  *self,
                                                       guint            width,
                                                       guint64          min_span);
void            es_live_follower_set_memory_limit     (EsLiveFollower  *self,
                                                       guint64          bytes);
guint64         es_live_follower_get_default_memory_limit (void);
void            es_live_follower_start                (EsLiveFollower  *self);
void            es_live_follower_stop                 (EsLiveFollower  *self);
EsLiveState     es_live_follower_get_state            (EsLiveFollower  *self);
gboolean        es_live_follower_is_live              (EsLiveFollower  *self);
gboolean        es_live_follower_is_retrying          (EsLiveFollower  *self);
EsDocument     *es_live_follower_get_document         (EsLiveFollower  *self);
guint           es_live_follower_get_n_updates        (EsLiveFollower  *self);
const char     *es_live_follower_get_source           (EsLiveFollower  *self);
gboolean        es_live_follower_serves_runs          (EsLiveFollower  *self);
const char     *es_live_follower_get_address          (EsLiveFollower  *self);
const char     *es_live_follower_get_record_path      (EsLiveFollower  *self);
gboolean        es_live_follower_has_temporary_record (EsLiveFollower  *self);
const char     *es_live_follower_get_kept_path        (EsLiveFollower  *self);
guint64         es_live_follower_get_bytes            (EsLiveFollower  *self);
guint64         es_live_follower_get_document_bytes   (EsLiveFollower  *self);
double          es_live_follower_get_events_per_second (EsLiveFollower *self);
const GError   *es_live_follower_get_error            (EsLiveFollower  *self);
const GError   *es_live_follower_get_stream_error     (EsLiveFollower  *self);

G_END_DECLS
