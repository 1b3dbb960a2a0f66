/* es-live-source.h: the bytes of a log as they are written
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <glib/gstdio.h>

G_BEGIN_DECLS

typedef enum
{
  ES_LIVE_SOURCE_FILE,     /* a regular file, read to its end or followed as it grows */
  ES_LIVE_SOURCE_FIFO,     /* a named pipe (`prog +RTS -l -ol/tmp/prog.fifo`), or a character device */
  ES_LIVE_SOURCE_STDIN,    /* "-" */
  ES_LIVE_SOURCE_UNIX,     /* "unix:PATH", as eventlog-socket serves it */
  ES_LIVE_SOURCE_TCP,      /* "tcp:HOST:PORT" */
} EsLiveSourceKind;

/* Called on the reading thread while a socket is not there yet, with what
 * is awaited ("/tmp/prog.sock"). */
typedef void (*EsLiveWaitingFunc) (const char *address,
                                   gpointer    user_data);

typedef struct _EsLiveSource EsLiveSource;

void              es_live_source_guard_standard_streams (void);
gboolean          es_live_source_is_stream       (const char         *spec);
EsLiveSource     *es_live_source_new             (const char         *spec,
                                                  GError            **error);
void              es_live_source_close           (EsLiveSource       *self);
void              es_live_source_free            (EsLiveSource       *self);
EsLiveSourceKind  es_live_source_get_kind        (EsLiveSource       *self);
const char       *es_live_source_get_address     (EsLiveSource       *self);
void              es_live_source_set_follow      (EsLiveSource       *self,
                                                  gboolean            follow);
void              es_live_source_set_waiting_func (EsLiveSource      *self,
                                                  EsLiveWaitingFunc   func,
                                                  gpointer            user_data);
gssize            es_live_source_read            (EsLiveSource       *self,
                                                  guint8             *buffer,
                                                  gsize               size,
                                                  GCancellable       *cancellable,
                                                  GError            **error);
gboolean          es_live_source_reads_file      (EsLiveSource       *self,
                                                  const GStatBuf     *st);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsLiveSource, es_live_source_free)

G_END_DECLS
