/* es-live-header-check.h: whether a stream's first bytes are a log's
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  ES_LIVE_HEADER_UNDECIDED,  /* a valid beginning so far: give more */
  ES_LIVE_HEADER_GOOD,       /* a whole header of a log this program reads */
  ES_LIVE_HEADER_BAD,        /* not a log: the error says at which byte */
} EsLiveHeaderVerdict;

/* Past this many bytes without a whole header, a stream is not a log (a
 * GHC 9 header is 10-20 kB, a Mono header under 1 kB). */
#define ES_LIVE_HEADER_MOST (256u << 10)

typedef struct _EsLiveHeaderCheck EsLiveHeaderCheck;

EsLiveHeaderCheck   *es_live_header_check_new     (void);
void                 es_live_header_check_free    (EsLiveHeaderCheck  *self);
EsLiveHeaderVerdict  es_live_header_check_feed    (EsLiveHeaderCheck  *self,
                                                   const guint8       *data,
                                                   gsize               len,
                                                   GError            **error);
EsLiveHeaderVerdict  es_live_header_check_get_verdict (EsLiveHeaderCheck *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsLiveHeaderCheck, es_live_header_check_free)

G_END_DECLS
