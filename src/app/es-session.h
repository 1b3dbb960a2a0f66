/* es-session.h: what part of a document the views show and select
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "es-document.h"
#include "es-document-prof.h"

G_BEGIN_DECLS

#define ES_TYPE_SESSION (es_session_get_type ())

G_DECLARE_FINAL_TYPE (EsSession, es_session, ES, SESSION, GObject)

/* The narrowest span a view can zoom to: a few nanoseconds across. */
#define ES_SESSION_MIN_SPAN 10

/* Pauses of a length in [lo, hi) in collections starting in [t0, t1]. */
typedef struct
{
  guint64 t0, t1;
  guint64 lo, hi;
} EsPauseFilter;

EsSession  *es_session_new                (EsDocument *document);
EsSession  *es_session_new_continuing     (EsDocument *document,
                                           EsSession  *previous);
gboolean    es_session_is_continuing      (EsSession  *self);
EsDocument *es_session_get_document       (EsSession  *self);
void        es_session_get_visible        (EsSession  *self,
                                           guint64    *t0,
                                           guint64    *t1);
void        es_session_set_visible        (EsSession  *self,
                                           guint64     t0,
                                           guint64     t1);
void        es_session_zoom               (EsSession  *self,
                                           double      factor,
                                           guint64     anchor);
void        es_session_pan                (EsSession  *self,
                                           gint64      delta);
void        es_session_fit                (EsSession  *self);
gboolean    es_session_get_selection      (EsSession  *self,
                                           guint64    *t0,
                                           guint64    *t1);
void        es_session_select             (EsSession  *self,
                                           guint64     t0,
                                           guint64     t1);
void        es_session_clear_selection    (EsSession  *self);
void        es_session_zoom_to_selection  (EsSession  *self);
gboolean    es_session_get_cursor         (EsSession  *self,
                                           guint64    *time);
void        es_session_set_cursor         (EsSession  *self,
                                           guint64     time);
gboolean    es_session_show_long_pause    (EsSession  *self,
                                           gboolean    forward);
void        es_session_show_gc            (EsSession  *self,
                                           const EsGc *gc);
void        es_session_set_ongoing        (EsSession  *self,
                                           gboolean    ongoing);
gboolean    es_session_get_ongoing        (EsSession  *self);
void        es_session_set_extent         (EsSession  *self,
                                           guint64     end);
void        es_session_set_extent_start   (EsSession  *self,
                                           guint64     start);
guint32     es_session_get_chosen_cost_centre (EsSession *self);
void        es_session_get_profile_view   (EsSession  *self,
                                           EsProfKind *kind,
                                           guint      *cap);
void        es_session_set_profile_view   (EsSession  *self,
                                           EsProfKind  kind,
                                           guint       cap);
void        es_session_choose_cost_centre (EsSession  *self,
                                           guint32     cost_centre);
void        es_session_set_pause_filter   (EsSession  *self,
                                           const EsPauseFilter *filter);
gboolean    es_session_get_pause_filter   (EsSession  *self,
                                           EsPauseFilter *filter);

G_END_DECLS
