/* es-pane-fit.c: a vertical pane's divider that follows what is above it
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-pane-fit.h"

/* A fixed divider left a two-capability log's rows in the top third of
 * the timeline pane and the rest of it blank, while the statistics below
 * needed scrolling. So until the user moves the divider, it sits under the
 * last row (the natural height of @content), within limits: the panel
 * below keeps at least PANEL_SHARE of the pane (and LEAST_PANEL pixels),
 * the timeline at least LEAST_TIMELINE. Sixty-four capabilities, or the
 * threads' section opened, fill the allowed share and scroll.
 *
 * Once the user drags the divider, that position is theirs and is kept (in
 * the settings key, 0 meaning "fitted"); a double click on the divider
 * gives it back to the fit. GtkPaned says nothing of who moved it, so a
 * legacy controller in the capture phase watches for a press on the
 * handle and its release: gestures cannot, since the pane's own drag
 * claims the sequence and cancels them. */

#define LEAST_PANEL       180
#define LEAST_TIMELINE    120
#define PANEL_SHARE       0.3
#define DOUBLE_CLICK_US   (400 * 1000)

struct _EsPaneFit
{
  GObject     parent_instance;

  GtkPaned   *paned;
  GtkWidget  *content;
  GSettings  *settings;
  char       *key;
  int         chosen;          /* the user's position, or 0 */
  guint       tick_id;
  guint       frames_to_wait;  /* before the tick places the divider */
  gboolean    pressed_on_handle;
  int         press_position;
  gint64      last_handle_click;
};

G_DEFINE_FINAL_TYPE (EsPaneFit, es_pane_fit, G_TYPE_OBJECT)

static int
fitted_position (EsPaneFit *self,
                 int        pane_height)
{
  int natural = 0, limit;

  gtk_widget_measure (self->content, GTK_ORIENTATION_VERTICAL, -1, NULL, &natural, NULL, NULL);
  limit = pane_height - MAX (LEAST_PANEL, (int) (pane_height * PANEL_SHARE));
  return CLAMP (natural + 2, LEAST_TIMELINE, MAX (limit, LEAST_TIMELINE));
}

static gboolean
refit_tick_cb (GtkWidget     *widget,
               GdkFrameClock *clock,
               gpointer       data)
{
  EsPaneFit *self = data;
  int height = gtk_widget_get_height (GTK_WIDGET (self->paned));
  int position;

  if (self->frames_to_wait > 0)
    {
      self->frames_to_wait--;
      return G_SOURCE_CONTINUE;
    }
  self->tick_id = 0;
  if (height <= 0)
    return G_SOURCE_REMOVE;
  position = self->chosen > 0 ? self->chosen : fitted_position (self, height);
  if (gtk_paned_get_position (self->paned) != position)
    gtk_paned_set_position (self->paned, position);
  return G_SOURCE_REMOVE;
}

/**
 * es_pane_fit_refit:
 *
 * Places the divider again, at the next frame (never in the middle of a
 * size allocation): call it when the content's height may have changed.
 */
void
es_pane_fit_refit (EsPaneFit *self)
{
  g_return_if_fail (ES_IS_PANE_FIT (self));

  self->frames_to_wait = 0;
  if (self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self->paned), refit_tick_cb, self, NULL);
}

/**
 * es_pane_fit_refit_after_frame:
 *
 * Places the divider again one frame later than es_pane_fit_refit()
 * would: call it when the content changes its drawing as well as its
 * height, as the threads' section opening does. A divider that moves has
 * GTK lay out and redraw all of the pane, the panels below too: a
 * window-sized repaint, 7-16 ms under the cairo renderer. Together with
 * the content's first drawing of its new rows, the frame that opened the
 * threads' section on the 86 MB ping-pong log took 17-21 ms (12.6-16.5 ms
 * of CPU), over the 16 ms a frame may take; so the content draws first,
 * in the pane as it was, and the divider follows in the next frame.
 */
void
es_pane_fit_refit_after_frame (EsPaneFit *self)
{
  g_return_if_fail (ES_IS_PANE_FIT (self));

  /* A refit already due (a resize, which redraws everything anyway) is
   * not put off. */
  if (self->tick_id != 0)
    return;
  self->frames_to_wait = 1;
  self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self->paned), refit_tick_cb, self, NULL);
}

static void
store_choice (EsPaneFit *self)
{
  if (self->settings != NULL && g_settings_get_int (self->settings, self->key) != self->chosen)
    g_settings_set_int (self->settings, self->key, self->chosen);
}

/**
 * es_pane_fit_choose:
 * @position: where the user put the divider, in pixels from the top
 *
 * From now on the divider stays there, in this window and the next.
 */
void
es_pane_fit_choose (EsPaneFit *self,
                    int        position)
{
  g_return_if_fail (ES_IS_PANE_FIT (self));
  g_return_if_fail (position > 0);

  self->chosen = position;
  store_choice (self);
  es_pane_fit_refit (self);
}

/**
 * es_pane_fit_reset:
 *
 * Forgets the user's position: the divider follows the content again.
 */
void
es_pane_fit_reset (EsPaneFit *self)
{
  g_return_if_fail (ES_IS_PANE_FIT (self));

  self->chosen = 0;
  store_choice (self);
  es_pane_fit_refit (self);
}

/**
 * es_pane_fit_get_chosen:
 *
 * Returns: whether the divider is where the user put it
 */
gboolean
es_pane_fit_get_chosen (EsPaneFit *self)
{
  g_return_val_if_fail (ES_IS_PANE_FIT (self), FALSE);

  return self->chosen > 0;
}

/**
 * es_pane_fit_bind_settings:
 * @settings: (nullable): where the user's position is kept, under @key
 */
void
es_pane_fit_bind_settings (EsPaneFit  *self,
                           GSettings  *settings,
                           const char *key)
{
  g_return_if_fail (ES_IS_PANE_FIT (self));

  g_set_object (&self->settings, settings);
  g_free (self->key);
  self->key = g_strdup (key);
  self->chosen = settings != NULL ? MAX (g_settings_get_int (settings, key), 0) : 0;
  es_pane_fit_refit (self);
}

/* Whether @y, in the pane's coordinates, is on the handle between its
 * children (GTK grows a thin handle's target by a few pixels). */
static gboolean
on_handle (EsPaneFit *self,
           double     y)
{
  GtkWidget *start = gtk_paned_get_start_child (self->paned);
  GtkWidget *end = gtk_paned_get_end_child (self->paned);
  graphene_rect_t a, b;

  if (start == NULL || end == NULL ||
      !gtk_widget_compute_bounds (start, GTK_WIDGET (self->paned), &a) ||
      !gtk_widget_compute_bounds (end, GTK_WIDGET (self->paned), &b))
    return FALSE;
  return y >= a.origin.y + a.size.height - 8 && y <= b.origin.y + 8;
}

static gboolean
handle_event_cb (GtkEventControllerLegacy *controller,
                 GdkEvent                 *event,
                 EsPaneFit                *self)
{
  GdkEventType type = gdk_event_get_event_type (event);
  double x, y;

  if (type == GDK_BUTTON_PRESS || type == GDK_TOUCH_BEGIN)
    {
      GtkNative *native = gtk_widget_get_native (GTK_WIDGET (self->paned));
      graphene_point_t in_native, in_pane;
      double nx, ny;

      if (!gdk_event_get_position (event, &x, &y) || native == NULL)
        return FALSE;
      gtk_native_get_surface_transform (native, &nx, &ny);
      in_native = GRAPHENE_POINT_INIT (x - nx, y - ny);
      if (!gtk_widget_compute_point (GTK_WIDGET (native), GTK_WIDGET (self->paned), &in_native, &in_pane))
        return FALSE;
      self->pressed_on_handle = on_handle (self, in_pane.y);
      self->press_position = gtk_paned_get_position (self->paned);
    }
  else if ((type == GDK_BUTTON_RELEASE || type == GDK_TOUCH_END) && self->pressed_on_handle)
    {
      int position = gtk_paned_get_position (self->paned);
      gint64 now = g_get_monotonic_time ();

      self->pressed_on_handle = FALSE;
      if (position != self->press_position)
        es_pane_fit_choose (self, position);
      else if (now - self->last_handle_click < DOUBLE_CLICK_US)
        es_pane_fit_reset (self);
      self->last_handle_click = position == self->press_position ? now : 0;
    }
  return FALSE;
}

/**
 * es_pane_fit_new:
 * @paned: a vertical pane
 * @content: what the divider should sit under: its natural height counts
 *
 * Returns: (transfer full): the fit, for as long as @paned lives
 */
EsPaneFit *
es_pane_fit_new (GtkPaned  *paned,
                 GtkWidget *content)
{
  EsPaneFit *self;
  GtkEventController *legacy;

  g_return_val_if_fail (GTK_IS_PANED (paned), NULL);
  g_return_val_if_fail (GTK_IS_WIDGET (content), NULL);

  self = g_object_new (ES_TYPE_PANE_FIT, NULL);
  self->paned = g_object_ref (paned);
  self->content = g_object_ref (content);
  legacy = gtk_event_controller_legacy_new ();
  gtk_event_controller_set_propagation_phase (legacy, GTK_PHASE_CAPTURE);
  g_signal_connect_object (legacy, "event", G_CALLBACK (handle_event_cb), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (paned), legacy);
  /* The pane's allowed range changes with its height: that is a resize. */
  g_signal_connect_object (paned, "notify::max-position", G_CALLBACK (es_pane_fit_refit), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (paned, "map", G_CALLBACK (es_pane_fit_refit), self, G_CONNECT_SWAPPED);
  return self;
}

static void
es_pane_fit_dispose (GObject *object)
{
  EsPaneFit *self = ES_PANE_FIT (object);

  if (self->tick_id != 0 && self->paned != NULL)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->paned), self->tick_id);
  self->tick_id = 0;
  g_clear_object (&self->paned);
  g_clear_object (&self->content);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (es_pane_fit_parent_class)->dispose (object);
}

static void
es_pane_fit_finalize (GObject *object)
{
  EsPaneFit *self = ES_PANE_FIT (object);

  g_free (self->key);
  G_OBJECT_CLASS (es_pane_fit_parent_class)->finalize (object);
}

static void
es_pane_fit_class_init (EsPaneFitClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = es_pane_fit_dispose;
  G_OBJECT_CLASS (klass)->finalize = es_pane_fit_finalize;
}

static void
es_pane_fit_init (EsPaneFit *self)
{
}
