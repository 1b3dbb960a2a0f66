/* es-profile-panel.c: where the time went in the selection (or the whole run)
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "es-document-prof.h"
#include "es-flame-graph.h"
#include "es-list-scroll.h"
#include "es-profile-choices.h"
#include "es-profile-panel-private.h"
#include "es-selection-follower.h"
#include "es-profile-rows.h"
#include "es-stats.h"
#include "es-time.h"
#include "es-timeline-rows.h"

/* The cost-centre samples of the session's selection (the whole run
 * without one): an icicle graph above a table like the RTS's `.prof`.
 *
 * Icicle rather than flame: the outermost frame (MAIN) is the top row and
 * callees hang below it, as the `.prof` tree reads top-down and as the
 * timeline above the tab reads; the rows one looks at first stay at the
 * top of the pane however deep the stacks are, and the pane scrolls down
 * into the depths, not up. The painter is src/render's, so that an export
 * draws the same picture.
 *
 * As the statistics do, the profile is computed on a worker thread, and a
 * burst of selection changes (a drag) becomes one computation. */


enum {
  UPDATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (EsProfilePanel, es_profile_panel, GTK_TYPE_WIDGET)

/* The frames outlined as the chosen cost centre, at most: a cost centre
 * is on a handful of stacks, recursion aside. */
#define MAX_OUTLINED 256

typedef struct
{
  EsDocument *document;
  guint64     t0, t1;
  EsProfKind  kind;
  guint       cap;
  int         width;    /* the flame graph's, when asked: */
  int         shown_height;  /* its scrolled window's */
  int         scale;
  gboolean    dark;
  EsProfile  *profile;
  EsFlameGraphLayout *layout;
} Job;

static void
job_free (gpointer data)
{
  Job *job = data;

  g_clear_pointer (&job->layout, es_flame_graph_layout_free);
  g_clear_pointer (&job->profile, es_profile_free);
  g_object_unref (job->document);
  g_free (job);
}

GtkWidget *
es_profile_panel_new (void)
{
  return g_object_new (ES_TYPE_PROFILE_PANEL, NULL);
}

static void
get_view (EsProfilePanel   *self,
          EsFlameGraphView *view)
{
  es_profile_panel_get_flame_view (self, view);
}

void
es_profile_panel_get_flame_view (EsProfilePanel   *self,
                                 EsFlameGraphView *view)
{
  *view = (EsFlameGraphView) {
    .profile = self->profile,
    .zoom = self->zoom,
    .width = gtk_widget_get_width (self->area),
    .height = gtk_widget_get_height (self->area),
    .dark = es_timeline_rows_is_dark (self->area),
    .search = self->search,
    .scale = gtk_widget_get_scale_factor (self->area),
    .cache = self->cache,
  };
}

/* The frame of node @frame, made on demand (see es_profile_get_frame()). */
static EsProfileFrame
frame_at (EsProfilePanel *self,
          guint32         frame)
{
  EsProfileFrame f = { .parent = ES_PROFILE_NO_FRAME };

  es_profile_get_frame (self->profile, frame, &f);
  return f;
}

static double
percent (guint64 part,
         guint64 whole)
{
  return whole > 0 ? 100.0 * (double) part / (double) whole : 0.0;
}

/* ---- the flame graph --------------------------------------------------- */

static gboolean
draw_again_cb (GtkWidget     *area,
               GdkFrameClock *clock,
               gpointer       data)
{
  gtk_widget_queue_draw (area);
  return G_SOURCE_REMOVE;
}

static void
draw_cb (GtkDrawingArea *area,
         cairo_t        *cr,
         int             width,
         int             height,
         gpointer        data)
{
  EsProfilePanel *self = data;
  guint32 chosen = self->session != NULL ? es_session_get_chosen_cost_centre (self->session) : ES_PROFILE_NO_COST_CENTRE;
  EsFlameGraphView view;
  EsFlameGraphRect rects[MAX_OUTLINED];
  guint outlined;

  if (self->profile == NULL)
    return;
  get_view (self, &view);
  es_flame_graph_paint (cr, &view);
  if (!es_flame_graph_cache_is_complete (self->cache))
    gtk_widget_add_tick_callback (GTK_WIDGET (area), draw_again_cb, NULL, NULL);

  /* The chosen cost centre (a frame clicked, a row selected, or the
   * timeline's choice), outlined wherever it is. */
  if (chosen == ES_PROFILE_NO_COST_CENTRE)
    return;
  cairo_set_source_rgb (cr, view.dark ? 1 : 0, view.dark ? 1 : 0, view.dark ? 1 : 0);
  cairo_set_line_width (cr, 2);
  outlined = es_flame_graph_cost_centre_rects (&view, chosen, rects, MAX_OUTLINED);
  for (guint i = 0; i < outlined; i++)
    cairo_rectangle (cr, rects[i].x + 1, rects[i].y + 1, MAX (rects[i].width - 2, 1), rects[i].height - 2);
  cairo_stroke (cr);
}

static void set_zoom (EsProfilePanel *self,
                      guint32         frame);

static void
breadcrumb_clicked_cb (GtkButton      *button,
                       EsProfilePanel *self)
{
  set_zoom (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "frame")));
}

static void
add_breadcrumb_button (EsProfilePanel *self,
                       const char     *label,
                       guint32         frame,
                       gboolean        current)
{
  GtkWidget *button = gtk_button_new_with_label (label);

  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_sensitive (button, !current);
  g_object_set_data (G_OBJECT (button), "frame", GUINT_TO_POINTER (frame));
  g_signal_connect (button, "clicked", G_CALLBACK (breadcrumb_clicked_cb), self);
  gtk_box_append (GTK_BOX (self->breadcrumb), button);
}

/* "12.1 ms to 30.0 ms, 20 samples", or "Whole run, 2,301 samples" (or
 * "..., 100.8 ms of call time"): what the profile shown covers, to the
 * precision its length calls for. */
static char *
describe_interval (EsProfilePanel *self)
{
  guint64 n = self->profile != NULL ? self->profile->n_samples : 0;
  g_autofree char *samples = es_profile_format_amount (self->profile, n);
  g_autofree char *from = NULL, *to = NULL;
  guint64 resolution = 1;

  if (self->shown_t1 == G_MAXUINT64)
    /* TRANSLATORS: the profile's root, "Whole run, 2,301 samples" */
    return g_strdup_printf (_("Whole run, %s"), samples);
  while (resolution * 10 <= (self->shown_t1 - self->shown_t0) / 100)
    resolution *= 10;
  from = es_timeline_format_time (self->shown_t0, resolution);
  to = es_timeline_format_time (self->shown_t1, resolution);
  /* TRANSLATORS: the profile's root, "12.1 ms to 30.0 ms, 20 samples" */
  return g_strdup_printf (_("%s to %s, %s"), from, to, samples);
}

/* "12.1 ms to 30.0 ms, 20 samples › main (Main) › parse (Parser)": a
 * button per frame from the root down to the zoomed one. */
static void
update_breadcrumb (EsProfilePanel *self)
{
  GtkWidget *child;
  g_autoptr(GArray) path = g_array_new (FALSE, FALSE, sizeof (guint32));

  while ((child = gtk_widget_get_first_child (self->breadcrumb)) != NULL)
    gtk_box_remove (GTK_BOX (self->breadcrumb), child);
  {
    g_autofree char *root = describe_interval (self);

    add_breadcrumb_button (self, root, ES_PROFILE_NO_FRAME, self->zoom == ES_PROFILE_NO_FRAME);
  }
  if (self->profile != NULL)
    for (guint32 f = self->zoom; f != ES_PROFILE_NO_FRAME; f = frame_at (self, f).parent)
      g_array_prepend_val (path, f);
  for (guint i = 0; i < path->len; i++)
    {
      guint32 f = g_array_index (path, guint32, i);
      EsProfileFrame frame = frame_at (self, f);
      g_autoptr(GString) name = g_string_new (NULL);

      GtkWidget *separator = gtk_label_new ("›");

      gtk_widget_add_css_class (separator, "dim-label");
      gtk_box_append (GTK_BOX (self->breadcrumb), separator);
      es_profile_append_frame_name (&frame, name);
      add_breadcrumb_button (self, name->str, f, f == self->zoom);
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "profile.zoom-out", self->zoom != ES_PROFILE_NO_FRAME);
}

static void
set_zoom (EsProfilePanel *self,
          guint32         frame)
{
  self->zoom = frame;
  update_breadcrumb (self);
  gtk_widget_queue_draw (self->area);
}

/* Escape: one frame back up. */
static void
zoom_out_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  EsProfilePanel *self = ES_PROFILE_PANEL (widget);

  if (self->profile != NULL && self->zoom != ES_PROFILE_NO_FRAME)
    set_zoom (self, frame_at (self, self->zoom).parent);
}

/* Escape goes on to the window (dropping the selection) when there is no
 * zoom to go back from. */
static gboolean
zoom_out_binding (GtkWidget *widget,
                  GVariant  *args,
                  gpointer   data)
{
  EsProfilePanel *self = ES_PROFILE_PANEL (widget);

  if (self->profile == NULL || self->zoom == ES_PROFILE_NO_FRAME)
    return FALSE;
  zoom_out_action (widget, "profile.zoom-out", NULL);
  return TRUE;
}

/**
 * es_profile_panel_activate_frame:
 * @frame: a frame of the profile shown
 *
 * What clicking the frame does: zooms into it, and chooses its cost centre
 * for the timeline (and the table) to mark.
 */
void
es_profile_panel_activate_frame (EsProfilePanel *self,
                                 guint32         frame)
{
  g_return_if_fail (ES_IS_PROFILE_PANEL (self));
  g_return_if_fail (self->profile != NULL && es_profile_get_inherited (self->profile, frame) > 0);

  set_zoom (self, frame);
  if (self->session != NULL)
    es_session_choose_cost_centre (self->session, frame_at (self, frame).cost_centre);
}

static void
pressed_cb (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            EsProfilePanel  *self)
{
  EsFlameGraphView view;
  guint32 frame;

  if (self->profile == NULL)
    return;
  gtk_widget_grab_focus (self->area);
  get_view (self, &view);
  frame = es_flame_graph_frame_at (&view, x, y);
  if (frame != ES_PROFILE_NO_FRAME)
    es_profile_panel_activate_frame (self, frame);
}

/**
 * es_profile_panel_dup_tooltip_at:
 * @x: (in the flame graph's coordinates)
 *
 * Returns: (transfer full) (nullable): what hovering @x, @y shows: the
 *   frame's name, samples, inherited and individual shares and source
 */
char *
es_profile_panel_dup_tooltip_at (EsProfilePanel *self,
                                 double          x,
                                 double          y)
{
  EsFlameGraphView view;
  EsProfileFrame made, *f = &made;
  guint32 frame;
  GString *text;
  g_autofree char *count = NULL;

  g_return_val_if_fail (ES_IS_PROFILE_PANEL (self), NULL);

  if (self->profile == NULL)
    return NULL;
  get_view (self, &view);
  frame = es_flame_graph_frame_at (&view, x, y);
  if (frame == ES_PROFILE_NO_FRAME)
    return NULL;
  made = frame_at (self, frame);
  text = g_string_new (NULL);
  es_profile_append_frame_name (f, text);
  count = es_profile_format_amount (self->profile, f->inherited);
  g_string_append_c (text, '\n');
  g_string_append (text, count);
  g_string_append_c (text, '\n');
  g_string_append_printf (text, _("%.1f %% inherited, %.1f %% individual"),
                          percent (f->inherited, self->profile->n_samples),
                          percent (f->individual, self->profile->n_samples));
  if (f->cc != NULL && f->cc->srcloc != NULL && f->cc->srcloc[0] != '\0')
    g_string_append_printf (text, "\n%s", f->cc->srcloc);
  return g_string_free (text, FALSE);
}

static gboolean
query_tooltip_cb (GtkWidget      *widget,
                  int             x,
                  int             y,
                  gboolean        keyboard,
                  GtkTooltip     *tooltip,
                  EsProfilePanel *self)
{
  g_autofree char *text = keyboard ? NULL : es_profile_panel_dup_tooltip_at (self, x, y);

  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/* ---- search and the table ---------------------------------------------- */

/* "parse: 23.4 % of samples": the samples with a matching frame on their
 * stack, each counted once. */
static void
update_share (EsProfilePanel *self)
{
  EsFlameGraphView view;
  g_autofree char *text = NULL;

  if (self->profile == NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->share_label), "");
      return;
    }
  /* Without a search, how many samples the shares are of. */
  if (self->search == NULL)
    {
      text = es_profile_format_amount (self->profile, self->profile->n_samples);
      gtk_label_set_text (GTK_LABEL (self->share_label), text);
      return;
    }
  get_view (self, &view);
  text = g_strdup_printf (self->profile->weighted ? _("%s: %.1f %% of call time") : _("%s: %.1f %% of samples"),
                          self->search, percent (es_flame_graph_count_matches (&view), self->profile->n_samples));
  gtk_label_set_text (GTK_LABEL (self->share_label), text);
}

static void
select_chosen_row (EsProfilePanel *self)
{
  guint32 chosen = self->session != NULL ? es_session_get_chosen_cost_centre (self->session) : ES_PROFILE_NO_COST_CENTRE;

  self->choosing = TRUE;
  gtk_single_selection_set_selected (self->selection, es_profile_rows_find (self->rows, chosen));
  self->choosing = FALSE;
}

static void
search_changed_cb (GtkSearchEntry *entry,
                   EsProfilePanel *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));

  g_free (self->search);
  self->search = text[0] != '\0' ? g_strdup (text) : NULL;
  es_profile_rows_set_search (self->rows, self->search);
  select_chosen_row (self);
  update_share (self);
  gtk_widget_queue_draw (self->area);
}

static void
row_selected_cb (GtkSingleSelection *selection,
                 GParamSpec         *pspec,
                 EsProfilePanel     *self)
{
  EsProfileRow *row = gtk_single_selection_get_selected_item (selection);

  if (self->choosing || row == NULL || self->session == NULL)
    return;
  es_session_choose_cost_centre (self->session, es_profile_row_get_cost_centre (row)->id);
}

static void
chosen_changed_cb (EsProfilePanel *self)
{
  select_chosen_row (self);
  gtk_widget_queue_draw (self->area);
}

/* ---- computation ------------------------------------------------------- */

/* A method's self and total time in ms for call time, a cost centre's
 * individual and inherited ticks for samples. */
static void
set_column_titles (EsProfilePanel *self,
                   gboolean        in_time,
                   gboolean        mono)
{
  const char *titles[2][5] = {
    { _("Cost centre"), _("Individual %"), _("Inherited %"), _("Ticks"), _("Inherited ticks") },
    { _("Method"), _("Self %"), _("Total %"), _("Self (ms)"), _("Total (ms)") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (self->columns); i++)
    gtk_column_view_column_set_title (self->columns[i], titles[in_time ? 1 : 0][i]);
  /* A Mono sample's frame is a method (or, for native code, a symbol in
   * the "unmanaged" module), and none has a source position. */
  if (mono)
    gtk_column_view_column_set_title (self->columns[0], _("Method"));
  gtk_column_view_column_set_visible (self->source_column, !mono);
}

static void
show_profile (EsProfilePanel *self,
              Job            *job)
{
  guint n_log_samples = 0;

  g_clear_pointer (&self->profile, es_profile_free);
  g_set_object (&self->document, job->document);
  self->profile = g_steal_pointer (&job->profile);
  self->shown_t0 = job->t0;
  self->shown_t1 = job->t1;
  self->zoom = ES_PROFILE_NO_FRAME;
  es_flame_graph_cache_set_layout (self->cache, g_steal_pointer (&job->layout));

  es_document_get_prof_samples (job->document, ES_PROF_SAMPLES, &n_log_samples);
  if (job->kind == ES_PROF_CALL_TIME)
    gtk_label_set_text (GTK_LABEL (self->empty_label), _("No calls in the selection"));
  else if (n_log_samples == 0 && es_document_get_format (job->document) == ES_DOCUMENT_MONO_LOG)
    gtk_label_set_text (GTK_LABEL (self->empty_label),
                        _("This Mono log has no statistical samples: run the program with "
                          "mono --profile=log:sample"));
  else if (n_log_samples == 0)
    gtk_label_set_text (GTK_LABEL (self->empty_label),
                        _("This log has no cost-centre samples: build the program with -prof "
                          "and run it with +RTS -p -l"));
  else
    gtk_label_set_text (GTK_LABEL (self->empty_label),
                        es_document_get_format (job->document) == ES_DOCUMENT_MONO_LOG
                        ? _("No samples in the selection") : _("No cost-centre samples in the selection"));
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack),
                                    self->profile->n_samples > 0 ? "profile" : "empty");

  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->area),
                                       es_flame_graph_natural_height (self->profile));
  es_profile_rows_set_profile (self->rows, self->document, self->profile->cost_centres, self->profile->n_samples,
                               self->profile->weighted);
  set_column_titles (self, self->profile->weighted, es_document_get_format (job->document) == ES_DOCUMENT_MONO_LOG);
  select_chosen_row (self);
  update_breadcrumb (self);
  update_share (self);
  gtk_widget_queue_draw (self->area);
  g_signal_emit (self, signals[UPDATED], 0);
}

static void
compute_in_thread (GTask        *task,
                   gpointer      source_object,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  Job *job = task_data;

  job->profile = es_profile_new_for (job->document, job->kind, job->cap, job->t0, job->t1);
  /* The flame graph's frames walked and its boxes filled here, not in
   * its first frame: for a profile of millions of frames, milliseconds. */
  if (job->width > 0 && job->profile->n_samples > 0)
    {
      /* The area is as high as the rows, or as its scrolled window. */
      EsFlameGraphView view = {
        .profile = job->profile,
        .zoom = ES_PROFILE_NO_FRAME,
        .width = job->width,
        .height = MAX (es_flame_graph_natural_height (job->profile), job->shown_height),
        .dark = job->dark,
        .scale = job->scale,
      };

      job->layout = es_flame_graph_layout_new (&view);
    }
  g_task_return_boolean (task, TRUE);
}

static void
computed_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  EsProfilePanel *self = ES_PROFILE_PANEL (object);
  GTask *task = G_TASK (result);

  /* A newer selection has replaced this one. */
  if (g_task_had_error (task) || g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    return;
  if (g_task_propagate_boolean (task, NULL))
    show_profile (self, g_task_get_task_data (task));
}

static void
reload (gpointer data)
{
  EsProfilePanel *self = data;
  g_autoptr(GTask) task = NULL;
  Job *job;

  if (self->session == NULL)
    return;

  job = g_new0 (Job, 1);
  job->document = g_object_ref (es_session_get_document (self->session));
  es_session_get_profile_view (self->session, &job->kind, &job->cap);
  job->width = gtk_widget_get_width (self->area);
  job->shown_height = gtk_widget_get_height (gtk_widget_get_ancestor (self->area, GTK_TYPE_SCROLLED_WINDOW));
  job->scale = gtk_widget_get_scale_factor (self->area);
  job->dark = es_timeline_rows_is_dark (self->area);
  /* The whole run without a selection, a sample at its last instant too. */
  if (!es_session_get_selection (self->session, &job->t0, &job->t1))
    {
      job->t0 = 0;
      job->t1 = G_MAXUINT64;
    }

  task = es_selection_follower_task (&self->follower, self, computed_cb);
  g_task_set_task_data (task, job, job_free);
  g_task_run_in_thread (task, compute_in_thread);
}

static void
selection_changed_cb (EsProfilePanel *self)
{
  es_selection_follower_update (&self->follower, self->session);
}

/* Another profile of the same selection: samples or call time, whose. */
static void
profile_view_changed_cb (EsProfilePanel *self)
{
  es_selection_follower_forget (&self->follower);
  es_selection_follower_update (&self->follower, self->session);
}

void
es_profile_panel_set_session (EsProfilePanel *self,
                              EsSession      *session)
{
  g_return_if_fail (ES_IS_PROFILE_PANEL (self));

  if (self->session != NULL)
    {
      g_clear_signal_handler (&self->selection_handler, self->session);
      g_clear_signal_handler (&self->chosen_handler, self->session);
      g_clear_signal_handler (&self->view_handler, self->session);
    }
  g_set_object (&self->session, session);
  es_profile_choices_set_session (ES_PROFILE_CHOICES (self->choices), session);
  if (session != NULL)
    {
      self->selection_handler = g_signal_connect_object (session, "selection-changed",
                                                         G_CALLBACK (selection_changed_cb), self,
                                                         G_CONNECT_SWAPPED);
      self->chosen_handler = g_signal_connect_object (session, "chosen-cost-centre-changed",
                                                      G_CALLBACK (chosen_changed_cb), self,
                                                      G_CONNECT_SWAPPED);
      self->view_handler = g_signal_connect_object (session, "profile-view-changed",
                                                    G_CALLBACK (profile_view_changed_cb), self,
                                                    G_CONNECT_SWAPPED);
      es_selection_follower_forget (&self->follower);
      selection_changed_cb (self);
    }
}

/* ---- the widget -------------------------------------------------------- */

static void
es_profile_panel_dispose (GObject *object)
{
  EsProfilePanel *self = ES_PROFILE_PANEL (object);

  es_selection_follower_clear (&self->follower);
  es_profile_panel_set_session (self, NULL);
  g_clear_pointer (&self->stack, gtk_widget_unparent);
  g_clear_object (&self->selection);
  g_clear_object (&self->rows);
  g_clear_pointer (&self->profile, es_profile_free);
  g_clear_object (&self->document);
  g_clear_pointer (&self->search, g_free);
  g_clear_pointer (&self->cache, es_flame_graph_cache_free);
  G_OBJECT_CLASS (es_profile_panel_parent_class)->dispose (object);
}

static void
es_profile_panel_class_init (EsProfilePanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = es_profile_panel_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "profile-panel");
  gtk_widget_class_install_action (widget_class, "profile.zoom-out", NULL, zoom_out_action);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, zoom_out_binding, NULL);

  /**
   * EsProfilePanel::updated:
   *
   * The panel shows the profile of the session's current selection.
   */
  signals[UPDATED] = g_signal_new ("updated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static GtkWidget *
build_table (EsProfilePanel *self)
{
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkColumnViewColumn *name, *individual;

  self->view = GTK_COLUMN_VIEW (gtk_column_view_new (NULL));
  gtk_column_view_set_show_column_separators (self->view, TRUE);
  name = es_profile_rows_add_column (self->view, _("Cost centre"), ES_PROFILE_COLUMN_NAME);
  gtk_column_view_column_set_expand (name, TRUE);
  self->columns[0] = name;
  es_profile_rows_add_column (self->view, _("Module"), ES_PROFILE_COLUMN_MODULE);
  self->source_column = es_profile_rows_add_column (self->view, _("Source"), ES_PROFILE_COLUMN_SOURCE);
  individual = es_profile_rows_add_column (self->view, _("Individual %"), ES_PROFILE_COLUMN_INDIVIDUAL);
  self->columns[1] = individual;
  self->columns[2] = es_profile_rows_add_column (self->view, _("Inherited %"), ES_PROFILE_COLUMN_INHERITED);
  self->columns[3] = es_profile_rows_add_column (self->view, _("Ticks"), ES_PROFILE_COLUMN_TICKS);
  self->columns[4] = es_profile_rows_add_column (self->view, _("Inherited ticks"), ES_PROFILE_COLUMN_INHERITED_TICKS);

  self->rows = es_profile_rows_new (gtk_column_view_get_sorter (self->view));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->rows)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  es_column_view_set_model_when_shown (self->view, GTK_SELECTION_MODEL (self->selection));
  gtk_column_view_sort_by_column (self->view, individual, GTK_SORT_DESCENDING);
  g_signal_connect_object (self->selection, "notify::selected", G_CALLBACK (row_selected_cb), self, 0);
  /* A new order or a search replaces the rows, and the selection with them.
   * After the view's own handler: the view, given its model once shown,
   * must have taken the new rows before a row is selected among them. */
  g_signal_connect_object (self->selection, "items-changed", G_CALLBACK (select_chosen_row), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Cost centres"), -1);

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->view));
  return scroller;
}

static GtkWidget *
build_graph (EsProfilePanel *self)
{
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkGesture *click = gtk_gesture_click_new ();

  self->area = gtk_drawing_area_new ();
  gtk_widget_set_hexpand (self->area, TRUE);
  gtk_widget_set_focusable (self->area, TRUE);
  gtk_widget_set_has_tooltip (self->area, TRUE);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->area), draw_cb, self, NULL);
  g_signal_connect (self->area, "query-tooltip", G_CALLBACK (query_tooltip_cb), self);
  g_signal_connect (click, "pressed", G_CALLBACK (pressed_cb), self);
  gtk_widget_add_controller (self->area, GTK_EVENT_CONTROLLER (click));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->area), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Flame graph of the cost-centre samples"), -1);

  /* The rows scroll; the width is always the whole interval's. */
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), self->area);
  return scroller;
}

static void
es_profile_panel_init (EsProfilePanel *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_VERTICAL);
  GtkWidget *graph, *crumbs;

  es_selection_follower_init (&self->follower, reload, self);
  self->zoom = ES_PROFILE_NO_FRAME;
  self->cache = es_flame_graph_cache_new ();
  /* At most ES_FLAME_GRAPH_SHAPING_BUDGET_US of a frame shapes names new
   * to the graph: the rest of its labels come in the next frames. */
  es_flame_graph_cache_set_shaping_budget (self->cache, ES_FLAME_GRAPH_SHAPING_BUDGET_US);

  self->breadcrumb = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_set_hexpand (self->breadcrumb, TRUE);
  self->share_label = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->share_label, "numeric");
  self->search_entry = gtk_search_entry_new ();
  g_object_set (self->search_entry, "placeholder-text", _("Search cost centres"), NULL);
  g_signal_connect (self->search_entry, "search-changed", G_CALLBACK (search_changed_cb), self);
  gtk_widget_set_margin_start (bar, 6);
  gtk_widget_set_margin_end (bar, 6);
  gtk_widget_set_margin_top (bar, 3);
  gtk_widget_set_margin_bottom (bar, 3);
  /* A deep path scrolls rather than widening the window. */
  crumbs = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (crumbs), GTK_POLICY_EXTERNAL, GTK_POLICY_NEVER);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (crumbs), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (crumbs), self->breadcrumb);
  gtk_widget_set_hexpand (crumbs, TRUE);
  gtk_box_append (GTK_BOX (bar), crumbs);
  gtk_box_append (GTK_BOX (bar), self->share_label);
  gtk_box_append (GTK_BOX (bar), self->search_entry);
  self->choices = es_profile_choices_new ();
  gtk_box_append (GTK_BOX (bar), self->choices);

  graph = build_graph (self);
  gtk_paned_set_start_child (GTK_PANED (paned), graph);
  gtk_paned_set_end_child (GTK_PANED (paned), build_table (self));
  gtk_paned_set_resize_start_child (GTK_PANED (paned), TRUE);
  gtk_paned_set_shrink_start_child (GTK_PANED (paned), FALSE);
  gtk_widget_set_size_request (graph, -1, 3 * ES_FLAME_GRAPH_ROW_HEIGHT);
  gtk_paned_set_position (GTK_PANED (paned), 12 * ES_FLAME_GRAPH_ROW_HEIGHT);
  gtk_widget_set_vexpand (paned, TRUE);
  gtk_box_append (GTK_BOX (box), bar);
  gtk_box_append (GTK_BOX (box), paned);

  self->empty_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->empty_label), TRUE);
  gtk_label_set_justify (GTK_LABEL (self->empty_label), GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (self->empty_label, "dim-label");
  gtk_widget_set_margin_start (self->empty_label, 24);
  gtk_widget_set_margin_end (self->empty_label, 24);

  self->stack = gtk_stack_new ();
  gtk_stack_add_named (GTK_STACK (self->stack), self->empty_label, "empty");
  gtk_stack_add_named (GTK_STACK (self->stack), box, "profile");
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "empty");
  gtk_widget_set_parent (self->stack, GTK_WIDGET (self));
  update_breadcrumb (self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Profile of the selection"), -1);
}
