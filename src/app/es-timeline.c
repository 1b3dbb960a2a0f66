/* es-timeline.c: the timeline: rows, navigation, selection
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "es-timeline.h"
#include "es-timeline-describe.h"

/* The rows live in a vertically scrolled child whose render node GTK
 * caches; this widget draws only what moves with the pointer on top of it
 * (selection shade, cursor, hover line), so hovering and dragging never
 * repaint the rows. */

#define DRAG_THRESHOLD 4       /* pixels: less is a click (cursor), more a selection */
#define WHEEL_ZOOM     1.25

struct _EsTimeline
{
  GtkWidget       parent_instance;

  GtkWidget      *scroller;
  EsTimelineRows *rows;
  EsSession      *session;
  gulong          visible_handler;
  gulong          selection_handler;

  double          hover_x;         /* -1 when the pointer is away */
  gboolean        dragging;
  double          drag_start_x;
  double          drag_start_y;
  double          drag_x;
  guint64         pan_start_t0;
  double          zoom_last_scale;
};

G_DEFINE_FINAL_TYPE (EsTimeline, es_timeline, GTK_TYPE_WIDGET)

GtkWidget *
es_timeline_new (void)
{
  return g_object_new (ES_TYPE_TIMELINE, NULL);
}

EsTimelineRows *
es_timeline_get_rows (EsTimeline *self)
{
  return self->rows;
}

EsSession *
es_timeline_get_session (EsTimeline *self)
{
  return self->session;
}

static void
get_view (EsTimeline     *self,
          EsTimelineView *view)
{
  es_timeline_rows_get_view (self->rows, view);
  view->width = MAX (1, gtk_widget_get_width (GTK_WIDGET (self)) - ES_TIMELINE_GUTTER);
}

static guint64
time_at (EsTimeline *self,
         double      x)
{
  EsTimelineView view;

  get_view (self, &view);
  return es_timeline_x_to_time (&view, x);
}

static void
fill_span (GtkSnapshot   *snapshot,
           double         x0,
           double         x1,
           double         height,
           const GdkRGBA *color)
{
  x0 = MAX (x0, ES_TIMELINE_GUTTER);
  if (x1 > x0)
    gtk_snapshot_append_color (snapshot, color, &GRAPHENE_RECT_INIT (x0, 0, x1 - x0, height));
}

static void
es_timeline_snapshot (GtkWidget   *widget,
                      GtkSnapshot *snapshot)
{
  EsTimeline *self = ES_TIMELINE (widget);
  double height = gtk_widget_get_height (widget);
  static const GdkRGBA selection = { 0.21, 0.52, 0.89, 0.22 };
  static const GdkRGBA selection_edge = { 0.21, 0.52, 0.89, 0.9 };
  static const GdkRGBA cursor = { 0.21, 0.52, 0.89, 1.0 };
  static const GdkRGBA hover = { 0.5, 0.5, 0.5, 0.6 };
  EsTimelineView view;
  guint64 s0, s1, t;

  gtk_widget_snapshot_child (widget, self->scroller, snapshot);
  if (self->session == NULL)
    return;
  get_view (self, &view);

  if (self->dragging && fabs (self->drag_x - self->drag_start_x) >= DRAG_THRESHOLD)
    fill_span (snapshot, MIN (self->drag_start_x, self->drag_x), MAX (self->drag_start_x, self->drag_x), height, &selection);
  else if (es_session_get_selection (self->session, &s0, &s1))
    {
      double x0 = es_timeline_time_to_x (&view, s0), x1 = es_timeline_time_to_x (&view, s1);

      fill_span (snapshot, x0, MAX (x1, x0 + 1), height, &selection);
      fill_span (snapshot, x0, x0 + 1, height, &selection_edge);
      fill_span (snapshot, x1, x1 + 1, height, &selection_edge);
    }
  if (es_session_get_cursor (self->session, &t))
    {
      double x = es_timeline_time_to_x (&view, t);

      fill_span (snapshot, x - 1, x + 2, height, &cursor);
    }
  if (self->hover_x >= ES_TIMELINE_GUTTER)
    fill_span (snapshot, floor (self->hover_x), floor (self->hover_x) + 1, height, &hover);
}

static void
es_timeline_size_allocate (GtkWidget *widget,
                           int        width,
                           int        height,
                           int        baseline)
{
  EsTimeline *self = ES_TIMELINE (widget);

  gtk_widget_allocate (self->scroller, width, height, baseline, NULL);
}

static void
es_timeline_measure (GtkWidget      *widget,
                     GtkOrientation  orientation,
                     int             for_size,
                     int            *minimum,
                     int            *natural,
                     int            *minimum_baseline,
                     int            *natural_baseline)
{
  EsTimeline *self = ES_TIMELINE (widget);

  gtk_widget_measure (self->scroller, orientation, for_size, minimum, natural, NULL, NULL);
}

/* ---- pointer ----------------------------------------------------------- */

static void
motion_cb (EsTimeline *self,
           double      x,
           double      y)
{
  if (self->hover_x == x)
    return;
  self->hover_x = x;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
leave_cb (EsTimeline *self)
{
  self->hover_x = -1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The row under (@x, @y) of this widget, or NULL. */
static const EsTimelineRow *
row_at (EsTimeline *self,
        double      x,
        double      y)
{
  double rows_x, rows_y;

  if (!gtk_widget_translate_coordinates (GTK_WIDGET (self), GTK_WIDGET (self->rows), x, y, &rows_x, &rows_y))
    return NULL;
  return es_timeline_rows_row_at (self->rows, rows_y);
}

static guint32
thread_id_of_row (EsTimeline          *self,
                  const EsTimelineRow *row)
{
  EsDocument *document = es_session_get_document (self->session);

  return row != NULL && row->kind == ES_ROW_THREAD && row->thread < es_document_get_n_threads (document)
         ? es_document_get_thread (document, row->thread)->id : 0;
}

/* timeline.toggle-threads: opens or closes the threads' section. */
static void
toggle_threads_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  EsTimelineRows *rows = ES_TIMELINE (widget)->rows;
  guint32 kinds = es_timeline_rows_get_visible_kinds (rows);

  /* With the section hidden under Traces, there is nothing to open. */
  if (kinds & (1u << ES_ROW_THREADS))
    es_timeline_rows_set_visible_kinds (rows, kinds ^ (1u << ES_ROW_THREAD));
}

/* timeline.select-thread(u): a thread id, or 0 for none. */
static void
select_thread_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  es_timeline_rows_set_selected_thread (ES_TIMELINE (widget)->rows, g_variant_get_uint32 (parameter));
}

/* A press on a row's name: the threads' header opens or closes the
 * section, a thread's name selects it or, selected, drops it. */
static void
gutter_pressed (EsTimeline *self,
                double      x,
                double      y)
{
  const EsTimelineRow *row = row_at (self, x, y);
  guint32 thread = thread_id_of_row (self, row);

  if (row != NULL && row->kind == ES_ROW_THREADS)
    gtk_widget_activate_action (GTK_WIDGET (self), "timeline.toggle-threads", NULL);
  else if (thread != 0)
    gtk_widget_activate_action (GTK_WIDGET (self), "timeline.select-thread", "u",
                                es_timeline_rows_get_selected_thread (self->rows) == thread ? 0 : thread);
}

static void
select_drag_begin_cb (GtkGestureDrag *gesture,
                      double          x,
                      double          y,
                      EsTimeline     *self)
{
  if (self->session != NULL && x < ES_TIMELINE_GUTTER)
    gutter_pressed (self, x, y);
  if (self->session == NULL || x < ES_TIMELINE_GUTTER)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  self->dragging = TRUE;
  self->drag_start_x = self->drag_x = x;
  self->drag_start_y = y;
  gtk_widget_grab_focus (GTK_WIDGET (self));
}

static void
select_drag_update_cb (GtkGestureDrag *gesture,
                       double          dx,
                       double          dy,
                       EsTimeline     *self)
{
  if (!self->dragging)
    return;
  self->drag_x = self->drag_start_x + dx;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
select_drag_end_cb (GtkGestureDrag *gesture,
                    double          dx,
                    double          dy,
                    EsTimeline     *self)
{
  double x = self->drag_start_x + dx;

  /* A denied press (in the gutter) still ends the gesture: not a click. */
  if (!self->dragging)
    return;
  self->dragging = FALSE;
  if (fabs (dx) < DRAG_THRESHOLD)
    {
      /* A click: the cursor, and no selection (the whole run); on a
       * thread's row, that thread too. */
      guint32 thread = thread_id_of_row (self, row_at (self, self->drag_start_x, self->drag_start_y));

      es_session_clear_selection (self->session);
      es_session_set_cursor (self->session, time_at (self, self->drag_start_x));
      if (thread != 0)
        gtk_widget_activate_action (GTK_WIDGET (self), "timeline.select-thread", "u", thread);
    }
  else
    es_session_select (self->session, time_at (self, self->drag_start_x), time_at (self, x));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
pan_drag_begin_cb (GtkGestureDrag *gesture,
                   double          x,
                   double          y,
                   EsTimeline     *self)
{
  guint64 t1;

  if (self->session == NULL)
    return;
  es_session_get_visible (self->session, &self->pan_start_t0, &t1);
}

static void
pan_drag_update_cb (GtkGestureDrag *gesture,
                    double          dx,
                    double          dy,
                    EsTimeline     *self)
{
  EsTimelineView view;
  guint64 t0, t1;

  if (self->session == NULL)
    return;
  get_view (self, &view);
  es_session_get_visible (self->session, &t0, &t1);
  es_session_pan (self->session, (gint64) self->pan_start_t0 - (gint64) t0 -
                  (gint64) llround (dx * (double) (t1 - t0) / view.width));
}

static gboolean
scroll_cb (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           EsTimeline               *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  EsTimelineView view;
  guint64 t0, t1;

  if (self->session == NULL)
    return FALSE;
  get_view (self, &view);
  es_session_get_visible (self->session, &t0, &t1);

  if (state & GDK_CONTROL_MASK)
    {
      double x = self->hover_x >= ES_TIMELINE_GUTTER ? self->hover_x : ES_TIMELINE_GUTTER + view.width / 2.0;

      es_session_zoom (self->session, pow (WHEEL_ZOOM, -dy), time_at (self, x));
      return TRUE;
    }
  if (state & GDK_SHIFT_MASK)
    dx = dy;
  if (dx != 0)
    {
      /* A wheel notch or a touchpad swipe moves about a tenth of the view. */
      double per_unit = gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_WHEEL
                        ? (t1 - t0) / 10.0 : (double) (t1 - t0) / view.width;

      es_session_pan (self->session, (gint64) llround (dx * per_unit));
      return TRUE;
    }
  /* Plain vertical scrolling moves the rows (the scrolled window). */
  return FALSE;
}

static void
zoom_begin_cb (GtkGesture *gesture,
               GdkEventSequence *sequence,
               EsTimeline *self)
{
  self->zoom_last_scale = 1;
}

static void
zoom_scale_changed_cb (GtkGestureZoom *gesture,
                       double          scale,
                       EsTimeline     *self)
{
  double x, y;

  if (self->session == NULL || scale <= 0)
    return;
  /* Zoom at the fingers, or at the middle when the centre is unknown. */
  if (!gtk_gesture_is_recognized (GTK_GESTURE (gesture)) ||
      !gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y))
    x = ES_TIMELINE_GUTTER + (gtk_widget_get_width (GTK_WIDGET (self)) - ES_TIMELINE_GUTTER) / 2.0;
  es_session_zoom (self->session, scale / self->zoom_last_scale, time_at (self, x));
  self->zoom_last_scale = scale;
}

/* ---- tooltip ----------------------------------------------------------- */

/* A row's name, whole, where the gutter cuts it short ("6 spark evalu…"). */
static char *
describe_label_at (EsTimeline *self,
                   double      x,
                   double      y)
{
  const EsTimelineRow *row = row_at (self, x, y);
  EsDocument *document = es_session_get_document (self->session);

  if (row == NULL || !es_timeline_row_label_is_cut (document, row))
    return NULL;
  return es_timeline_row_label (document, row);
}

/**
 * es_timeline_describe_at:
 *
 * Returns: (transfer full) (nullable): what lies under (@x, @y): the time,
 *   the marker whose label is there, whole, and what the row there shows
 *   at that time (es-timeline-describe.c); in the gutter, a row's name
 *   where it is cut short there.
 */
char *
es_timeline_describe_at (EsTimeline *self,
                         double      x,
                         double      y)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char *when = NULL;
  const EsTimelineRow *row;
  EsTimelineView view;
  double rows_x, rows_y;
  guint64 t;
  guint marker;

  if (self->session == NULL)
    return NULL;
  if (x < ES_TIMELINE_GUTTER)
    return describe_label_at (self, x, y);
  t = time_at (self, x);
  when = es_timeline_format_time (t, 1);
  g_string_append (out, when);
  if (!gtk_widget_translate_coordinates (GTK_WIDGET (self), GTK_WIDGET (self->rows), x, y, &rows_x, &rows_y))
    return g_string_free (g_steal_pointer (&out), FALSE);
  row = es_timeline_rows_row_at (self->rows, rows_y);
  if (row == NULL)
    return g_string_free (g_steal_pointer (&out), FALSE);

  /* A marker's label may be cut short ("ph…"): its whole text. */
  es_timeline_rows_get_view (self->rows, &view);
  if (es_timeline_marker_label_at (&view, es_timeline_rows_get_layout (self->rows), rows_x, rows_y, &marker))
    {
      guint n;

      g_string_append_c (out, '\n');
      g_string_append_printf (out, _("Marker “%s”"), es_document_get_markers (view.document, &n)[marker].text);
    }

  get_view (self, &view);
  g_string_append_c (out, '\n');
  if (!es_timeline_describe_row (out, &view, row, t, x))
    g_string_truncate (out, out->len - 1);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static gboolean
query_tooltip_cb (EsTimeline *self,
                  int         x,
                  int         y,
                  gboolean    keyboard,
                  GtkTooltip *tooltip)
{
  g_autofree char *text = es_timeline_describe_at (self, x, y);

  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  /* Next to the pointer, not under the whole (tall) widget. */
  gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle) { x - 8, y - 8, 16, 16 });
  return TRUE;
}

/* ---- session ----------------------------------------------------------- */

static void
redraw_overlay_cb (EsTimeline *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
es_timeline_set_session (EsTimeline *self,
                         EsSession  *session)
{
  g_return_if_fail (ES_IS_TIMELINE (self));

  if (self->session != NULL)
    {
      g_clear_signal_handler (&self->visible_handler, self->session);
      g_clear_signal_handler (&self->selection_handler, self->session);
    }
  g_set_object (&self->session, session);
  if (session != NULL)
    {
      self->visible_handler = g_signal_connect_object (session, "visible-changed",
                                                       G_CALLBACK (redraw_overlay_cb), self, G_CONNECT_SWAPPED);
      self->selection_handler = g_signal_connect_object (session, "selection-changed",
                                                         G_CALLBACK (redraw_overlay_cb), self, G_CONNECT_SWAPPED);
    }
  es_timeline_rows_set_session (self->rows, session);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
es_timeline_dispose (GObject *object)
{
  EsTimeline *self = ES_TIMELINE (object);

  es_timeline_set_session (self, NULL);
  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  G_OBJECT_CLASS (es_timeline_parent_class)->dispose (object);
}

static void
es_timeline_class_init (EsTimelineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = es_timeline_dispose;
  widget_class->snapshot = es_timeline_snapshot;
  widget_class->measure = es_timeline_measure;
  widget_class->size_allocate = es_timeline_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "timeline");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);

  gtk_widget_class_install_action (widget_class, "timeline.toggle-threads", NULL, toggle_threads_action);
  gtk_widget_class_install_action (widget_class, "timeline.select-thread", "u", select_thread_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_t, 0, "timeline.toggle-threads", NULL);
}

static void
es_timeline_init (EsTimeline *self)
{
  GtkEventController *motion, *scroll;
  GtkGesture *select, *pan, *zoom;

  self->hover_x = -1;
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);

  self->rows = ES_TIMELINE_ROWS (es_timeline_rows_new ());
  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), GTK_WIDGET (self->rows));
  /* The rows draw only what the viewport shows, so scrolling redraws, and
   * so does a taller viewport (the divider moved): the rows' own size does
   * not change then, and GTK would keep their shorter drawing. */
  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller)),
                           "value-changed", G_CALLBACK (gtk_widget_queue_draw), self->rows, G_CONNECT_SWAPPED);
  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller)),
                           "changed", G_CALLBACK (gtk_widget_queue_draw), self->rows, G_CONNECT_SWAPPED);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));

  motion = gtk_event_controller_motion_new ();
  g_signal_connect_swapped (motion, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect_swapped (motion, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  select = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (select), GDK_BUTTON_PRIMARY);
  g_signal_connect (select, "drag-begin", G_CALLBACK (select_drag_begin_cb), self);
  g_signal_connect (select, "drag-update", G_CALLBACK (select_drag_update_cb), self);
  g_signal_connect (select, "drag-end", G_CALLBACK (select_drag_end_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (select));

  pan = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (pan), GDK_BUTTON_MIDDLE);
  g_signal_connect (pan, "drag-begin", G_CALLBACK (pan_drag_begin_cb), self);
  g_signal_connect (pan, "drag-update", G_CALLBACK (pan_drag_update_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (pan));

  scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  gtk_event_controller_set_propagation_phase (scroll, GTK_PHASE_CAPTURE);
  g_signal_connect (scroll, "scroll", G_CALLBACK (scroll_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);

  zoom = gtk_gesture_zoom_new ();
  g_signal_connect (zoom, "begin", G_CALLBACK (zoom_begin_cb), self);
  g_signal_connect (zoom, "scale-changed", G_CALLBACK (zoom_scale_changed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (zoom));

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Timeline"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("Capabilities, sparks and heap over time; drag to select an interval"), -1);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (query_tooltip_cb), NULL);
}
