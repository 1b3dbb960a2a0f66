/* es-live-controller.c: what a window does while its log is followed
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "es-live-controller.h"
#include "es-time.h"

/* While a log is followed, the view keeps its right edge at the newest
 * event: showing the whole run while the person has not zoomed, or the
 * last stretch at their zoom once they have and pressed End. Any zoom or
 * pan of theirs stops that (their view is theirs), and End resumes it. The
 * controller also says in words what the follower is doing, for the
 * header. */

struct _EsLiveController
{
  GObject         parent_instance;

  EsLiveFollower *follower;
  EsSession      *session;
  gulong          visible_handler;
  gboolean        following;
  gboolean        shows_whole_run;   /* while following: fit, not slide */
  gboolean        moving;            /* the view moves because of us */
  char           *status;
};

enum {
  PROP_0,
  PROP_FOLLOWING,
  PROP_STATUS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (EsLiveController, es_live_controller, G_TYPE_OBJECT)

/* "310 k" events a second: a rate is read at a glance, not to the unit. */
static char *
format_rate (double per_second)
{
  if (per_second >= 1e6)
    return g_strdup_printf ("%.1f M", per_second / 1e6);
  if (per_second >= 1e3)
    return g_strdup_printf ("%.0f k", per_second / 1e3);
  return g_strdup_printf ("%.0f", per_second);
}

static char *
describe (EsLiveController *self)
{
  EsLiveFollower *follower = self->follower;
  const GError *error;

  switch (es_live_follower_get_state (follower))
    {
    case ES_LIVE_WAITING:
      if (es_live_follower_is_retrying (follower))
        return g_strdup_printf (_("Waiting for %s"), es_live_follower_get_address (follower));
      return g_strdup (_("Waiting for the program"));

    case ES_LIVE_RECEIVING:
      {
        g_autofree char *size = g_format_size (es_live_follower_get_bytes (follower));
        g_autofree char *rate = format_rate (es_live_follower_get_events_per_second (follower));

        /* Translators: "Live: 12.4 MB, 310 k events/s" */
        return g_strdup_printf (_("Live: %s, %s events/s"), size, rate);
      }

    case ES_LIVE_FINISHED:
      return g_strdup (_("The program finished"));

    case ES_LIVE_CUT:
      error = es_live_follower_get_error (follower);
      if (error != NULL)
        return g_strdup_printf (_("Following stopped: %s"), error->message);
      return g_strdup (_("The stream stopped without an end marker (the program may have been killed)"));

    case ES_LIVE_STOPPED:
      return g_strdup (_("Following stopped"));

    case ES_LIVE_FAILED:
    default:
      error = es_live_follower_get_error (follower);
      return g_strdup_printf (_("Following failed: %s"), error != NULL ? error->message : "");
    }
}

static void
update_status (EsLiveController *self)
{
  g_autofree char *status = describe (self);

  if (g_strcmp0 (status, self->status) == 0)
    return;
  g_free (self->status);
  self->status = g_steal_pointer (&status);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATUS]);
}

static void
show_newest (EsLiveController *self)
{
  EsDocument *document;
  guint64 t0, t1, end;

  if (self->session == NULL || !self->following)
    return;
  document = es_session_get_document (self->session);
  end = es_document_get_end_time (document);
  self->moving = TRUE;
  if (self->shows_whole_run)
    es_session_fit (self->session);
  else
    {
      es_session_get_visible (self->session, &t0, &t1);
      es_session_set_visible (self->session, end > t1 - t0 ? end - (t1 - t0) : 0, end);
    }
  self->moving = FALSE;
}

static void
visible_changed_cb (EsLiveController *self)
{
  if (!self->moving && self->following)
    es_live_controller_set_following (self, FALSE);
}

static void
follower_changed_cb (EsLiveController *self)
{
  update_status (self);
  /* Nothing more will come: the view is the person's again. */
  if (!es_live_follower_is_live (self->follower) && self->following)
    {
      self->following = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOLLOWING]);
    }
}

static void
es_live_controller_dispose (GObject *object)
{
  EsLiveController *self = (EsLiveController *) object;

  if (self->session != NULL)
    g_clear_signal_handler (&self->visible_handler, self->session);
  g_clear_object (&self->session);
  g_clear_object (&self->follower);

  G_OBJECT_CLASS (es_live_controller_parent_class)->dispose (object);
}

static void
es_live_controller_finalize (GObject *object)
{
  EsLiveController *self = (EsLiveController *) object;

  g_free (self->status);

  G_OBJECT_CLASS (es_live_controller_parent_class)->finalize (object);
}

static void
es_live_controller_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  EsLiveController *self = ES_LIVE_CONTROLLER (object);

  switch (prop_id)
    {
    case PROP_FOLLOWING:
      g_value_set_boolean (value, self->following);
      break;
    case PROP_STATUS:
      g_value_set_string (value, self->status);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
es_live_controller_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  EsLiveController *self = ES_LIVE_CONTROLLER (object);

  switch (prop_id)
    {
    case PROP_FOLLOWING:
      es_live_controller_set_following (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
es_live_controller_class_init (EsLiveControllerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = es_live_controller_dispose;
  object_class->finalize = es_live_controller_finalize;
  object_class->get_property = es_live_controller_get_property;
  object_class->set_property = es_live_controller_set_property;

  /**
   * EsLiveController:following:
   *
   * Whether the view keeps the newest events in sight.
   */
  properties[PROP_FOLLOWING] =
    g_param_spec_boolean ("following", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * EsLiveController:status:
   *
   * What is happening, in a few words: "Live: 12.4 MB, 310 k events/s".
   */
  properties[PROP_STATUS] =
    g_param_spec_string ("status", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
es_live_controller_init (EsLiveController *self)
{
  self->following = TRUE;
  self->shows_whole_run = TRUE;
}

/**
 * es_live_controller_new:
 * @follower: the follower of the window's log, started or not
 *
 * Returns: (transfer full): a controller following the newest events
 */
EsLiveController *
es_live_controller_new (EsLiveFollower *follower)
{
  EsLiveController *self;

  g_return_val_if_fail (ES_IS_LIVE_FOLLOWER (follower), NULL);

  self = g_object_new (ES_TYPE_LIVE_CONTROLLER, NULL);
  self->follower = g_object_ref (follower);
  g_signal_connect_object (follower, "notify::state", G_CALLBACK (follower_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (follower, "notify::retrying", G_CALLBACK (update_status), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (follower, "notify::events-per-second", G_CALLBACK (update_status), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (follower, "updated", G_CALLBACK (update_status), self, G_CONNECT_SWAPPED);
  update_status (self);
  return self;
}

EsLiveFollower *
es_live_controller_get_follower (EsLiveController *self)
{
  g_return_val_if_fail (ES_IS_LIVE_CONTROLLER (self), NULL);

  return self->follower;
}

/**
 * es_live_controller_set_session:
 * @session: the window's session on the newest document
 *
 * Moves @session's view to the newest events while following, and
 * watches it for the person's own zooms and pans.
 */
void
es_live_controller_set_session (EsLiveController *self,
                                EsSession        *session)
{
  g_return_if_fail (ES_IS_LIVE_CONTROLLER (self));
  g_return_if_fail (ES_IS_SESSION (session));

  if (self->session != NULL)
    g_clear_signal_handler (&self->visible_handler, self->session);
  g_set_object (&self->session, session);
  show_newest (self);
  self->visible_handler = g_signal_connect_object (session, "visible-changed",
                                                   G_CALLBACK (visible_changed_cb), self, G_CONNECT_SWAPPED);
}

gboolean
es_live_controller_get_following (EsLiveController *self)
{
  g_return_val_if_fail (ES_IS_LIVE_CONTROLLER (self), FALSE);

  return self->following;
}

/**
 * es_live_controller_set_following:
 *
 * Starts or stops keeping the newest events in sight. Started, the view
 * shows the whole run if it did, or slides to the end at its zoom.
 */
void
es_live_controller_set_following (EsLiveController *self,
                                  gboolean          following)
{
  g_return_if_fail (ES_IS_LIVE_CONTROLLER (self));

  following = following && es_live_follower_is_live (self->follower);
  if (following == self->following)
    return;
  self->following = following;
  if (following && self->session != NULL)
    {
      guint64 t0, t1;

      es_session_get_visible (self->session, &t0, &t1);
      self->shows_whole_run = t0 == 0 && t1 >= es_document_get_end_time (es_session_get_document (self->session));
      show_newest (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOLLOWING]);
}

const char *
es_live_controller_get_status (EsLiveController *self)
{
  g_return_val_if_fail (ES_IS_LIVE_CONTROLLER (self), NULL);

  return self->status;
}

/**
 * es_live_controller_dup_notice:
 *
 * Returns: (nullable): what the window's notice says about how following
 *   ended, when there is something to say: a stream cut short, or a
 *   failure after some data was shown
 */
char *
es_live_controller_dup_notice (EsLiveController *self)
{
  EsDocument *document;
  const GError *error;
  gint64 stop;

  g_return_val_if_fail (ES_IS_LIVE_CONTROLLER (self), NULL);

  document = es_live_follower_get_document (self->follower);
  error = es_live_follower_get_error (self->follower);
  if (document == NULL)
    return NULL;
  /* The log is damaged (or not a log) past what was shown: reading
   * stopped there, and what was shown stays. */
  if (es_live_follower_get_state (self->follower) == ES_LIVE_FAILED && error != NULL)
    return g_strdup_printf (_("Following stopped: %s. What was shown before stays."), error->message);
  if (es_live_follower_get_state (self->follower) != ES_LIVE_CUT || !es_document_is_truncated (document, &stop))
    return NULL;
  {
    g_autofree char *byte = es_format_count ((guint64) MAX (stop, 0));

    /* The stream broke (a reset, a record that could not be written,
     * memory run out): why, and that nothing received is lost. */
    if (error != NULL)
      return g_strdup_printf (_("Following stopped: %s. The data shown stops at byte %s; everything received "
                                "before is kept."), error->message, byte);
    return g_strdup_printf (_("The stream stopped without an end marker: the program may have been killed. "
                              "Its data stops at byte %s; everything before is kept and shown."), byte);
  }
}
