/* es-session.c: what part of a document the views show and select
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "es-session.h"

#include "es-pauses.h"
#include "es-profile.h"

/* The single source of truth for the visible span, the selection and the
 * cursor: widgets never keep their own copy, they read the session and
 * listen to its signals. Times are nanoseconds on the log's clock. */

struct _EsSession
{
  GObject     parent_instance;

  EsDocument *document;
  guint64     visible_t0;
  guint64     visible_t1;
  guint64     selection_t0;
  guint64     selection_t1;
  guint64     cursor;
  gboolean    has_selection;
  gboolean    has_cursor;
  guint32     chosen_cost_centre;
  EsProfKind  profile_kind;       /* what the Profile tab and row show */
  gboolean    has_chosen_kind;    /* the user chose what the profile shows: */
  EsProfKind  chosen_kind;        /* ... this, shown where the document has it */
  guint       profile_cap;        /* whose (a thread, a cap), or ES_PROFILE_ALL_CAPS */
  guint64     extent;             /* the span views may show, at least the run */
  guint64     extent_start;       /* ... from here: a comparison's aligned run */
  gboolean    ongoing;            /* the log is still being written */
  gboolean    continuing;         /* made by es_session_new_continuing() */
  /* The GC list shows only the pauses the Pauses panel's chosen bucket
   * holds: those starting in [t0, t1] and lasting [lo, hi). */
  gboolean    has_pause_filter;
  EsPauseFilter pause_filter;
};

enum {
  VISIBLE_CHANGED,
  SELECTION_CHANGED,
  CHOSEN_COST_CENTRE_CHANGED,
  PROFILE_VIEW_CHANGED,
  PAUSE_FILTER_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (EsSession, es_session, G_TYPE_OBJECT)

static void
es_session_dispose (GObject *object)
{
  EsSession *self = (EsSession *) object;

  g_clear_object (&self->document);
  G_OBJECT_CLASS (es_session_parent_class)->dispose (object);
}

static void
es_session_class_init (EsSessionClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = es_session_dispose;

  /**
   * EsSession::visible-changed:
   *
   * The visible span changed (zoom, pan, fit).
   */
  signals[VISIBLE_CHANGED] =
    g_signal_new ("visible-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * EsSession::selection-changed:
   *
   * The selected interval or the cursor changed.
   */
  signals[SELECTION_CHANGED] =
    g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * EsSession::chosen-cost-centre-changed:
   *
   * The cost centre chosen in the profile (a frame or a table row) changed:
   * the timeline's Profile row marks where it was on the stack.
   */
  signals[CHOSEN_COST_CENTRE_CHANGED] =
    g_signal_new ("chosen-cost-centre-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * EsSession::profile-view-changed:
   *
   * What the profile shows changed: the samples or the call time, and
   * whose (es_session_set_profile_view()).
   */
  signals[PROFILE_VIEW_CHANGED] =
    g_signal_new ("profile-view-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * EsSession::pause-filter-changed:
   *
   * The pauses the GC list is asked to show changed (set or cleared).
   */
  signals[PAUSE_FILTER_CHANGED] =
    g_signal_new ("pause-filter-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
es_session_init (EsSession *self)
{
  self->chosen_cost_centre = ES_PROFILE_NO_COST_CENTRE;
  self->profile_cap = ES_PROFILE_ALL_CAPS;
}

/* What a document's Profile tab and row show until the user chooses: its
 * samples, or, for a log with calls and no samples, its call time. */
static EsProfKind
default_profile_kind (EsDocument *document)
{
  guint n_samples;

  es_document_get_prof_samples (document, ES_PROF_SAMPLES, &n_samples);
  return n_samples == 0 && es_document_has_call_time (document) ? ES_PROF_CALL_TIME : ES_PROF_SAMPLES;
}

EsSession *
es_session_new (EsDocument *document)
{
  EsSession *self;

  g_return_val_if_fail (ES_IS_DOCUMENT (document), NULL);

  self = g_object_new (ES_TYPE_SESSION, NULL);
  self->document = g_object_ref (document);
  self->visible_t0 = 0;
  self->visible_t1 = MAX (es_document_get_end_time (document), ES_SESSION_MIN_SPAN);
  self->profile_kind = default_profile_kind (document);
  return self;
}

/**
 * es_session_is_continuing:
 *
 * Returns: whether @self goes on from a session on an older document of
 *   the same log (es_session_new_continuing())
 */
gboolean
es_session_is_continuing (EsSession *self)
{
  g_return_val_if_fail (ES_IS_SESSION (self), FALSE);

  return self->continuing;
}

/**
 * es_session_new_continuing:
 * @document: a newer document of the same log, that @previous showed a
 *   prefix of (a log followed while its program runs)
 *
 * A session on @document that goes on where @previous was: the same view,
 * cursor, chosen cost centre and pause filter. A selection that reached the
 * end of the run is open-ended and reaches the new end; any other keeps its
 * interval, so that its figures stay as they were.
 *
 * Returns: (transfer full): the session
 */
EsSession *
es_session_new_continuing (EsDocument *document,
                           EsSession  *previous)
{
  EsSession *self;
  guint64 old_end;

  g_return_val_if_fail (ES_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (ES_IS_SESSION (previous), NULL);

  self = es_session_new (document);
  self->continuing = TRUE;
  old_end = es_document_get_end_time (previous->document);
  self->visible_t0 = previous->visible_t0;
  self->visible_t1 = previous->visible_t1;
  self->cursor = previous->cursor;
  self->has_cursor = previous->has_cursor;
  self->chosen_cost_centre = previous->chosen_cost_centre;
  /* What the user chose, where the new document has it; otherwise the
   * new document's default, as the file would open: a followed log's
   * first documents may have calls before its first samples come. */
  self->has_chosen_kind = previous->has_chosen_kind;
  self->chosen_kind = previous->chosen_kind;
  if (self->has_chosen_kind)
    {
      guint n_samples;

      es_document_get_prof_samples (document, ES_PROF_SAMPLES, &n_samples);
      if (self->chosen_kind == ES_PROF_CALL_TIME ? es_document_has_call_time (document) : n_samples > 0)
        self->profile_kind = self->chosen_kind;
    }
  self->profile_cap = previous->profile_cap;
  self->has_pause_filter = previous->has_pause_filter;
  self->pause_filter = previous->pause_filter;
  self->extent = previous->extent;
  self->extent_start = previous->extent_start;
  self->has_selection = previous->has_selection;
  self->selection_t0 = previous->selection_t0;
  self->selection_t1 = previous->selection_t1;
  if (self->has_selection && previous->selection_t1 >= old_end)
    self->selection_t1 = MAX (es_document_get_end_time (document), previous->selection_t1);
  return self;
}

EsDocument *
es_session_get_document (EsSession *self)
{
  g_return_val_if_fail (ES_IS_SESSION (self), NULL);

  return self->document;
}

static guint64
run_end (EsSession *self)
{
  return MAX (MAX (es_document_get_end_time (self->document), self->extent), ES_SESSION_MIN_SPAN);
}

void
es_session_get_visible (EsSession *self,
                        guint64   *t0,
                        guint64   *t1)
{
  g_return_if_fail (ES_IS_SESSION (self));

  *t0 = self->visible_t0;
  *t1 = self->visible_t1;
}

/* Keeps the span within the run (never wider than it, never narrower than
 * ES_SESSION_MIN_SPAN), sliding rather than shrinking at the edges. */
void
es_session_set_visible (EsSession *self,
                        guint64    t0,
                        guint64    t1)
{
  guint64 end = run_end (self);
  guint64 start = MIN (self->extent_start, end - ES_SESSION_MIN_SPAN);
  guint64 span;

  g_return_if_fail (ES_IS_SESSION (self));

  if (t1 < t0)
    {
      guint64 tmp = t0;
      t0 = t1;
      t1 = tmp;
    }
  span = CLAMP (t1 - t0, ES_SESSION_MIN_SPAN, end - start);
  t0 = MAX (t0, start);
  if (t0 > end - span)
    t0 = end - span;
  t1 = t0 + span;

  if (t0 == self->visible_t0 && t1 == self->visible_t1)
    return;
  self->visible_t0 = t0;
  self->visible_t1 = t1;
  g_signal_emit (self, signals[VISIBLE_CHANGED], 0);
}

/**
 * es_session_zoom:
 * @factor: > 1 zooms in, < 1 zooms out
 * @anchor: the time that stays under the same pixel (the pointer)
 */
void
es_session_zoom (EsSession *self,
                 double     factor,
                 guint64    anchor)
{
  double span, new_span, before;
  gint64 t0;

  g_return_if_fail (ES_IS_SESSION (self));
  g_return_if_fail (factor > 0);

  span = (double) (self->visible_t1 - self->visible_t0);
  new_span = MAX (span / factor, ES_SESSION_MIN_SPAN);
  anchor = CLAMP (anchor, self->visible_t0, self->visible_t1);
  before = (double) (anchor - self->visible_t0) / span;
  t0 = (gint64) anchor - (gint64) llround (before * new_span);
  es_session_set_visible (self, (guint64) MAX (t0, 0), (guint64) MAX (t0, 0) + (guint64) llround (new_span));
}

void
es_session_pan (EsSession *self,
                gint64     delta)
{
  guint64 span;
  gint64 t0;

  g_return_if_fail (ES_IS_SESSION (self));

  span = self->visible_t1 - self->visible_t0;
  t0 = (gint64) self->visible_t0 + delta;
  t0 = CLAMP (t0, (gint64) MIN (self->extent_start, run_end (self) - span), (gint64) (run_end (self) - span));
  es_session_set_visible (self, (guint64) t0, (guint64) t0 + span);
}

void
es_session_fit (EsSession *self)
{
  g_return_if_fail (ES_IS_SESSION (self));

  es_session_set_visible (self, self->extent_start, run_end (self));
}

gboolean
es_session_get_selection (EsSession *self,
                          guint64   *t0,
                          guint64   *t1)
{
  g_return_val_if_fail (ES_IS_SESSION (self), FALSE);

  if (self->has_selection)
    {
      *t0 = self->selection_t0;
      *t1 = self->selection_t1;
    }
  else
    {
      *t0 = 0;
      *t1 = es_document_get_end_time (self->document);
    }
  return self->has_selection;
}

/* Orders and clamps the interval to the run. */
void
es_session_select (EsSession *self,
                   guint64    t0,
                   guint64    t1)
{
  guint64 end = es_document_get_end_time (self->document);

  g_return_if_fail (ES_IS_SESSION (self));

  if (t1 < t0)
    {
      guint64 tmp = t0;
      t0 = t1;
      t1 = tmp;
    }
  t0 = MIN (t0, end);
  t1 = MIN (t1, end);
  if (self->has_selection && self->selection_t0 == t0 && self->selection_t1 == t1)
    return;
  self->has_selection = TRUE;
  self->selection_t0 = t0;
  self->selection_t1 = t1;
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

void
es_session_clear_selection (EsSession *self)
{
  g_return_if_fail (ES_IS_SESSION (self));

  if (!self->has_selection)
    return;
  self->has_selection = FALSE;
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

/* Zooms so the selection fills the view, with a little context around. */
void
es_session_zoom_to_selection (EsSession *self)
{
  guint64 margin;

  g_return_if_fail (ES_IS_SESSION (self));

  if (!self->has_selection)
    return;
  margin = (self->selection_t1 - self->selection_t0) / 20;
  es_session_set_visible (self, self->selection_t0 > margin ? self->selection_t0 - margin : 0,
                          self->selection_t1 + margin);
}

gboolean
es_session_get_cursor (EsSession *self,
                       guint64   *time)
{
  g_return_val_if_fail (ES_IS_SESSION (self), FALSE);

  *time = self->cursor;
  return self->has_cursor;
}

void
es_session_set_cursor (EsSession *self,
                       guint64    time)
{
  g_return_if_fail (ES_IS_SESSION (self));

  time = MIN (time, es_document_get_end_time (self->document));
  if (self->has_cursor && self->cursor == time)
    return;
  self->has_cursor = TRUE;
  self->cursor = time;
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

/**
 * es_session_show_long_pause:
 * @forward: the next long pause after the cursor, or else the previous one
 *
 * Puts the cursor at the start of that pause and shows it with as much
 * again on each side. Without a cursor, it looks from the view's start
 * (forward) or end (backward).
 *
 * Returns: %FALSE, changing nothing, if there is no long pause that way.
 */
gboolean
es_session_show_long_pause (EsSession *self,
                            gboolean   forward)
{
  guint64 from;
  const EsGc *gc;

  g_return_val_if_fail (ES_IS_SESSION (self), FALSE);

  if (!self->has_cursor)
    from = forward ? (self->visible_t0 > 0 ? self->visible_t0 - 1 : 0) : self->visible_t1;
  else
    from = self->cursor;
  gc = es_pauses_find_long (self->document, from, forward);
  if (gc == NULL)
    return FALSE;
  es_session_show_gc (self, gc);
  return TRUE;
}

/**
 * es_session_show_gc:
 * @gc: a collection of this session's document
 *
 * Shows @gc with as much again on each side, the cursor at its start.
 */
void
es_session_show_gc (EsSession  *self,
                    const EsGc *gc)
{
  guint64 length;

  g_return_if_fail (ES_IS_SESSION (self));
  g_return_if_fail (gc != NULL);

  length = MAX (gc->end - gc->start, ES_SESSION_MIN_SPAN);
  es_session_set_visible (self, gc->start > length ? gc->start - length : 0, gc->end + length);
  es_session_set_cursor (self, gc->start);
}

/**
 * es_session_get_chosen_cost_centre:
 *
 * Returns: the log's id of the cost centre chosen in the profile, or
 *   ES_PROFILE_NO_COST_CENTRE
 */
guint32
es_session_get_chosen_cost_centre (EsSession *self)
{
  g_return_val_if_fail (ES_IS_SESSION (self), ES_PROFILE_NO_COST_CENTRE);

  return self->chosen_cost_centre;
}

/**
 * es_session_choose_cost_centre:
 * @cost_centre: the log's id of a cost centre, or ES_PROFILE_NO_COST_CENTRE
 *   to choose none
 */
void
es_session_choose_cost_centre (EsSession *self,
                               guint32    cost_centre)
{
  g_return_if_fail (ES_IS_SESSION (self));

  if (self->chosen_cost_centre == cost_centre)
    return;
  self->chosen_cost_centre = cost_centre;
  g_signal_emit (self, signals[CHOSEN_COST_CENTRE_CHANGED], 0);
}

/**
 * es_session_get_profile_view:
 * @kind: (out): the samples or the call time
 * @cap: (out): the one thread (a Mono log's row) or capability whose
 *   samples the profile shows, or ES_PROFILE_ALL_CAPS
 */
void
es_session_get_profile_view (EsSession  *self,
                             EsProfKind *kind,
                             guint      *cap)
{
  g_return_if_fail (ES_IS_SESSION (self));

  *kind = self->profile_kind;
  *cap = self->profile_cap;
}

/**
 * es_session_set_profile_view:
 *
 * Shows the samples or the call time of one thread or all in the
 * Profile tab and the timeline's Profile row.
 */
void
es_session_set_profile_view (EsSession  *self,
                             EsProfKind  kind,
                             guint       cap)
{
  g_return_if_fail (ES_IS_SESSION (self));

  if (self->profile_kind == kind && self->profile_cap == cap)
    return;
  if (self->profile_kind != kind)
    {
      self->has_chosen_kind = TRUE;
      self->chosen_kind = kind;
    }
  self->profile_kind = kind;
  self->profile_cap = cap;
  g_signal_emit (self, signals[PROFILE_VIEW_CHANGED], 0);
}

/**
 * es_session_set_pause_filter:
 * @filter: (nullable): the pauses to list, or %NULL for all of them
 *
 * Asks the GC list to show only the pauses @filter names.
 */
void
es_session_set_pause_filter (EsSession           *self,
                             const EsPauseFilter *filter)
{
  g_return_if_fail (ES_IS_SESSION (self));

  if (filter == NULL && !self->has_pause_filter)
    return;
  self->has_pause_filter = filter != NULL;
  self->pause_filter = filter != NULL ? *filter : (EsPauseFilter) { 0 };
  g_signal_emit (self, signals[PAUSE_FILTER_CHANGED], 0);
}

/* Returns: whether there is a filter, then copied into @filter. */
gboolean
es_session_get_pause_filter (EsSession     *self,
                             EsPauseFilter *filter)
{
  g_return_val_if_fail (ES_IS_SESSION (self), FALSE);

  if (filter != NULL)
    *filter = self->pause_filter;
  return self->has_pause_filter;
}

/**
 * es_session_set_ongoing:
 * @ongoing: whether the log is still being written (followed live): its
 *   end is "now", and what is open there goes on
 */
void
es_session_set_ongoing (EsSession *self,
                        gboolean   ongoing)
{
  g_return_if_fail (ES_IS_SESSION (self));

  self->ongoing = ongoing;
}

gboolean
es_session_get_ongoing (EsSession *self)
{
  g_return_val_if_fail (ES_IS_SESSION (self), FALSE);

  return self->ongoing;
}

/**
 * es_session_set_extent:
 * @end: how far the views may go, on the log's clock; the run's end counts
 *   whatever is given
 *
 * A comparison shows two runs on one time axis: the shorter one's views
 * must go as far as the longer one's, past its own end.
 */
void
es_session_set_extent (EsSession *self,
                       guint64    end)
{
  g_return_if_fail (ES_IS_SESSION (self));

  self->extent = end;
}

/**
 * es_session_set_extent_start:
 * @start: where the views may begin, on the log's clock
 *
 * Two runs aligned at a moment each reaches at its own time: the one that
 * reaches it later has nothing the other can show beside its start, so
 * its views begin that much later.
 */
void
es_session_set_extent_start (EsSession *self,
                             guint64    start)
{
  g_return_if_fail (ES_IS_SESSION (self));

  self->extent_start = start;
}
