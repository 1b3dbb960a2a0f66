/* es-pause-panel.c: how long the GC pauses of the selection (or the run) are
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "es-pause-chart.h"
#include "es-pause-panel.h"
#include "es-selection-follower.h"
#include "es-stats-panel.h"
#include "es-time.h"
#include "es-timeline-rows.h"

/* A histogram of the pauses' lengths beside a table of their percentiles,
 * per generation. Like the statistics, they follow the session's selection
 * and are computed on a worker thread (the percentiles select among every
 * pause: 59,000 GCs in a large log), a burst of changes making one
 * computation. Clicking a column lists its pauses in the GC tab. */

#define CHART_HEIGHT 200

struct _EsPausePanel
{
  GtkWidget     parent_instance;

  GtkWidget    *scroller;
  GtkWidget    *heading;
  GtkWidget    *chart;          /* GtkDrawingArea */
  GtkWidget    *table;          /* GtkGrid, rebuilt on each result */
  EsSession    *session;
  gulong        selection_handler;
  EsSelectionFollower follower;
  GString      *text;           /* what the table shows, as lines */

  /* What is shown: the pauses of the collections starting in [t0, t1]. */
  gboolean      have_dists;
  gboolean      mono;
  EsPauseDists  dists;
  guint64       t0, t1;
  int           selected;       /* the bucket listed in the GC tab, or -1 */

};

enum {
  UPDATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (EsPausePanel, es_pause_panel, GTK_TYPE_WIDGET)

typedef struct
{
  EsDocument  *document;
  guint64      t0, t1;
  gboolean     whole_run;
  EsPauseDists dists;
} Job;

static void
job_free (gpointer data)
{
  Job *job = data;

  g_object_unref (job->document);
  g_free (job);
}

GtkWidget *
es_pause_panel_new (void)
{
  return g_object_new (ES_TYPE_PAUSE_PANEL, NULL);
}

/* ---- the chart --------------------------------------------------------- */

/* The series shown: each generation stacked, or the total when the log
 * does not say which generation collected. */
static guint
fill_chart (EsPausePanel  *self,
            gboolean       dark,
            EsPauseSeries  series[ES_STATS_MAX_GENERATIONS],
            EsPauseChart  *chart)
{
  guint n = 0;

  *chart = (EsPauseChart) { .series = series, .dark = dark, .selected = self->selected };
  if (!self->have_dists)
    return 0;
  for (guint g = 0; g < self->dists.n_generations; g++)
    {
      series[n] = (EsPauseSeries) { .dist = &self->dists.gen[g], .group = 0 };
      es_pause_chart_generation_color (g, dark, &series[n].color);
      n++;
    }
  /* Pauses with no generation (older RTSes) would be missing from the
   * stack: then the total alone, in the first generation's colour. */
  {
    guint sum = 0;

    for (guint g = 0; g < self->dists.n_generations; g++)
      sum += self->dists.gen[g].count;
    if (sum != self->dists.all.count)
      {
        n = 1;
        series[0] = (EsPauseSeries) { .dist = &self->dists.all, .group = 0 };
        es_pause_chart_generation_color (0, dark, &series[0].color);
      }
  }
  chart->n_series = n;
  chart->marked[0] = &self->dists.all;
  return n;
}

static void
draw_chart (GtkDrawingArea *area,
            cairo_t        *cr,
            int             width,
            int             height,
            gpointer        data)
{
  EsPausePanel *self = data;
  EsPauseSeries series[ES_STATS_MAX_GENERATIONS];
  EsPauseChart chart;

  if (fill_chart (self, es_timeline_rows_is_dark (GTK_WIDGET (area)), series, &chart) == 0)
    return;
  chart.width = width;
  chart.height = height;
  es_pause_chart_paint (cr, &chart);
}

/**
 * es_pause_panel_bucket_at:
 * @x: in the chart's coordinates
 * @y: in the chart's coordinates
 *
 * Returns: the bucket whose column is there, or -1.
 */
int
es_pause_panel_bucket_at (EsPausePanel *self,
                          double        x,
                          double        y)
{
  EsPauseSeries series[ES_STATS_MAX_GENERATIONS];
  EsPauseChart chart;

  g_return_val_if_fail (ES_IS_PAUSE_PANEL (self), -1);

  if (fill_chart (self, FALSE, series, &chart) == 0)
    return -1;
  chart.width = gtk_widget_get_width (self->chart);
  chart.height = gtk_widget_get_height (self->chart);
  return es_pause_chart_bucket_at (&chart, x, y);
}

static gboolean
query_tooltip_cb (GtkWidget    *widget,
                  int           x,
                  int           y,
                  gboolean      keyboard,
                  GtkTooltip   *tooltip,
                  EsPausePanel *self)
{
  int bucket = es_pause_panel_bucket_at (self, x, y);
  guint64 lo, hi;
  guint n;
  g_autofree char *from = NULL, *to = NULL, *text = NULL, *count = NULL;

  if (bucket < 0)
    return FALSE;
  es_pause_chart_bucket_range (bucket, &lo, &hi);
  n = self->dists.all.buckets[bucket];
  count = es_format_count (n);
  from = es_pause_chart_format_ns (lo);
  if (hi == G_MAXUINT64)
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s pause of %s or more",
                                         "%s pauses of %s or more", n), count, from);
  else
    {
      to = es_pause_chart_format_ns (hi);
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s pause from %s to %s",
                                           "%s pauses from %s to %s", n), count, from, to);
    }
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/**
 * es_pause_panel_select_bucket:
 * @bucket: a bucket, or -1 for none
 *
 * Lists the pauses of @bucket in the GC tab, as clicking its column does.
 */
void
es_pause_panel_select_bucket (EsPausePanel *self,
                              int           bucket)
{
  EsPauseFilter filter;

  g_return_if_fail (ES_IS_PAUSE_PANEL (self));
  g_return_if_fail (bucket < ES_PAUSE_DIST_N_BUCKETS);

  self->selected = bucket;
  gtk_widget_queue_draw (self->chart);
  if (self->session == NULL)
    return;
  if (bucket < 0)
    {
      es_session_set_pause_filter (self->session, NULL);
      return;
    }
  filter.t0 = self->t0;
  filter.t1 = self->t1;
  es_pause_chart_bucket_range (bucket, &filter.lo, &filter.hi);
  es_session_set_pause_filter (self->session, &filter);
}

static void
pressed_cb (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            EsPausePanel    *self)
{
  int bucket = es_pause_panel_bucket_at (self, x, y);

  gtk_widget_grab_focus (self->chart);
  if (bucket >= 0 && self->dists.all.buckets[bucket] > 0)
    es_pause_panel_select_bucket (self, bucket);
}

/* Left and Right step through the columns that hold pauses, each listed
 * as a click would; the chart takes the focus before the table's cells. */
static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                EsPausePanel          *self)
{
  int step, b;

  if (keyval == GDK_KEY_Left || keyval == GDK_KEY_KP_Left)
    step = -1;
  else if (keyval == GDK_KEY_Right || keyval == GDK_KEY_KP_Right)
    step = 1;
  else
    return FALSE;
  if (!self->have_dists || self->dists.all.count == 0)
    return FALSE;
  b = self->selected >= 0 ? self->selected + step : step > 0 ? 0 : ES_PAUSE_DIST_N_BUCKETS - 1;
  for (; b >= 0 && b < ES_PAUSE_DIST_N_BUCKETS; b += step)
    if (self->dists.all.buckets[b] > 0)
      {
        es_pause_panel_select_bucket (self, b);
        return TRUE;
      }
  gtk_widget_error_bell (GTK_WIDGET (self));
  return TRUE;
}

/* The GC list shows every pause again (its bar closed): nothing chosen. */
static void
pause_filter_changed_cb (EsPausePanel *self)
{
  if (!es_session_get_pause_filter (self->session, NULL) && self->selected >= 0)
    {
      self->selected = -1;
      gtk_widget_queue_draw (self->chart);
    }
}

/* ---- the table --------------------------------------------------------- */

static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        data)
{
  EsRgba c;

  es_pause_chart_generation_color (GPOINTER_TO_UINT (data), es_timeline_rows_is_dark (GTK_WIDGET (area)), &c);
  cairo_set_source_rgb (cr, c.red, c.green, c.blue);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);
}

static void
add_dist_row (EsPausePanel      *self,
              int                row,
              const char        *name,
              int                swatch,
              const EsPauseDist *dist)
{
  GtkWidget *grid = self->table;
  guint64 values[] = { dist->total, dist->p50, dist->p90, dist->p99, dist->p999, dist->max };
  g_autofree char *count = es_format_count (dist->count);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (name);

  if (swatch >= 0)
    {
      GtkWidget *area = gtk_drawing_area_new ();

      gtk_widget_set_size_request (area, 10, 10);
      gtk_widget_set_valign (area, GTK_ALIGN_CENTER);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_swatch, GUINT_TO_POINTER (swatch), NULL);
      gtk_box_append (GTK_BOX (box), area);
    }
  gtk_widget_add_css_class (label, "dim-label");
  gtk_box_append (GTK_BOX (box), label);
  gtk_grid_attach (GTK_GRID (grid), box, 0, row, 1, 1);
  /* A generation that did not collect here (the nursery of a log whose
   * only GC was a major one) says so, not with a 0 and six 0 s. */
  if (dist->count == 0)
    {
      GtkWidget *none = gtk_label_new (_("no pauses"));

      gtk_label_set_xalign (GTK_LABEL (none), 0);
      gtk_widget_add_css_class (none, "dim-label");
      gtk_grid_attach (GTK_GRID (grid), none, 1, row, 1 + G_N_ELEMENTS (values), 1);
      g_string_append_printf (self->text, "%s: %s\n", name, _("no pauses"));
      return;
    }
  es_stats_panel_add_cell (grid, 1, row, count, TRUE);
  g_string_append_printf (self->text, "%s: %s", name, count);
  for (guint c = 0; c < G_N_ELEMENTS (values); c++)
    {
      /* In the unit that shows each, "23.2 µs" or "11.1 ms": seconds with
       * six decimals made the table wider than its pane at 1280x800. */
      g_autofree char *value = es_format_duration (values[c]);

      es_stats_panel_add_cell (grid, c + 2, row, value, TRUE);
      g_string_append_printf (self->text, " %s", value);
    }
  g_string_append_c (self->text, '\n');
}

static void
show_dists (EsPausePanel *self,
            Job          *job)
{
  const char *headings[] = { N_("Generation"), N_("Pauses"), N_("Total"), "p50", "p90", "p99", "p99.9",
                             N_("Longest") };
  GtkWidget *child;
  g_autofree char *about = NULL;
  gboolean stacked;
  guint sum = 0;

  self->dists = job->dists;
  self->have_dists = TRUE;
  self->t0 = job->t0;
  self->t1 = job->t1;
  self->mono = es_document_get_format (job->document) == ES_DOCUMENT_MONO_LOG;
  /* The GC list keeps its bucket when the selection moves (showing one of
   * its pauses selects it): so does the chart. */
  {
    EsPauseFilter filter;

    self->selected = self->session != NULL && es_session_get_pause_filter (self->session, &filter)
                     ? (int) es_pause_dist_bucket_of (filter.lo)
                     : -1;
  }

  about = job->whole_run ? g_strdup (_("Pauses of the whole run"))
                         : g_strdup_printf (_("Pauses of the collections starting from %.6f s to %.6f s"),
                                            job->t0 / 1e9, job->t1 / 1e9);
  gtk_label_set_text (GTK_LABEL (self->heading), about);
  g_string_truncate (self->text, 0);
  g_string_append_printf (self->text, "%s\n", about);

  while ((child = gtk_widget_get_first_child (self->table)) != NULL)
    gtk_grid_remove (GTK_GRID (self->table), child);
  for (guint c = 0; c < G_N_ELEMENTS (headings); c++)
    es_stats_panel_add_cell (self->table, c, 0, c == 0 || c == 1 || c == 2 || c == 7 ? _(headings[c]) : headings[c],
                             FALSE);
  for (guint g = 0; g < self->dists.n_generations; g++)
    sum += self->dists.gen[g].count;
  stacked = sum == self->dists.all.count;
  for (guint g = 0; g < self->dists.n_generations; g++)
    {
      g_autofree char *name = NULL;

      if (self->mono)
        name = g_strdup (g == 0 ? _("Nursery") : _("Major heap"));
      else
        name = g_strdup_printf (_("Generation %u"), g);
      add_dist_row (self, g + 1, name, stacked ? (int) g : -1, &self->dists.gen[g]);
    }
  add_dist_row (self, self->dists.n_generations + 1, _("All"), stacked ? -1 : 0, &self->dists.all);
  gtk_widget_set_visible (self->chart, self->dists.all.count > 0);

  gtk_widget_queue_draw (self->chart);
  g_signal_emit (self, signals[UPDATED], 0);
}

/* ---- computation ------------------------------------------------------- */

static void
compute_in_thread (GTask        *task,
                   gpointer      source_object,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  Job *job = task_data;

  es_pause_dists_compute (job->document, job->t0, job->t1, &job->dists);
  g_task_return_boolean (task, TRUE);
}

static void
computed_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  EsPausePanel *self = ES_PAUSE_PANEL (object);
  GTask *task = G_TASK (result);

  /* A newer selection has replaced this one. */
  if (g_task_had_error (task) || g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    return;
  if (g_task_propagate_boolean (task, NULL))
    show_dists (self, g_task_get_task_data (task));
}

static void
reload (gpointer data)
{
  EsPausePanel *self = data;
  g_autoptr(GTask) task = NULL;
  Job *job;

  if (self->session == NULL)
    return;

  job = g_new0 (Job, 1);
  job->document = g_object_ref (es_session_get_document (self->session));
  job->whole_run = !es_session_get_selection (self->session, &job->t0, &job->t1);
  if (job->whole_run)
    {
      job->t0 = 0;
      job->t1 = G_MAXUINT64;
    }

  task = es_selection_follower_task (&self->follower, self, computed_cb);
  g_task_set_task_data (task, job, job_free);
  g_task_run_in_thread (task, compute_in_thread);
}

static void
selection_changed_cb (EsPausePanel *self)
{
  es_selection_follower_update (&self->follower, self->session);
}

void
es_pause_panel_set_session (EsPausePanel *self,
                            EsSession    *session)
{
  g_return_if_fail (ES_IS_PAUSE_PANEL (self));

  if (self->session != NULL)
    {
      g_clear_signal_handler (&self->selection_handler, self->session);
      g_signal_handlers_disconnect_by_func (self->session, pause_filter_changed_cb, self);
    }
  g_set_object (&self->session, session);
  self->have_dists = FALSE;
  self->selected = -1;
  gtk_widget_queue_draw (self->chart);
  if (session != NULL)
    {
      self->selection_handler = g_signal_connect_object (session, "selection-changed",
                                                         G_CALLBACK (selection_changed_cb), self,
                                                         G_CONNECT_SWAPPED);
      g_signal_connect_object (session, "pause-filter-changed",
                               G_CALLBACK (pause_filter_changed_cb), self, G_CONNECT_SWAPPED);
      es_selection_follower_forget (&self->follower);
      selection_changed_cb (self);
    }
}

/**
 * es_pause_panel_get_dists:
 * @dists: (out): what the panel shows
 *
 * Returns: whether it shows anything yet.
 */
gboolean
es_pause_panel_get_dists (EsPausePanel *self,
                          EsPauseDists *dists)
{
  g_return_val_if_fail (ES_IS_PAUSE_PANEL (self), FALSE);

  *dists = self->dists;
  return self->have_dists;
}

/**
 * es_pause_panel_dup_text:
 *
 * Returns: (transfer full): the table, a line per row: the name, then its
 *   cells as shown.
 */
char *
es_pause_panel_dup_text (EsPausePanel *self)
{
  g_return_val_if_fail (ES_IS_PAUSE_PANEL (self), NULL);

  return g_strdup (self->text->str);
}

/* Returns: (transfer none): the chart's drawing area */
GtkWidget *
es_pause_panel_get_chart (EsPausePanel *self)
{
  g_return_val_if_fail (ES_IS_PAUSE_PANEL (self), NULL);

  return self->chart;
}

static void
es_pause_panel_dispose (GObject *object)
{
  EsPausePanel *self = ES_PAUSE_PANEL (object);

  es_selection_follower_clear (&self->follower);
  if (self->session != NULL)
    es_pause_panel_set_session (self, NULL);
  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  G_OBJECT_CLASS (es_pause_panel_parent_class)->dispose (object);
}

static void
es_pause_panel_finalize (GObject *object)
{
  EsPausePanel *self = ES_PAUSE_PANEL (object);

  g_string_free (self->text, TRUE);
  G_OBJECT_CLASS (es_pause_panel_parent_class)->finalize (object);
}

static void
es_pause_panel_class_init (EsPausePanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = es_pause_panel_dispose;
  object_class->finalize = es_pause_panel_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "pause-panel");

  /**
   * EsPausePanel::updated:
   *
   * The panel shows the pauses of the session's current selection.
   */
  signals[UPDATED] = g_signal_new ("updated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
es_pause_panel_init (EsPausePanel *self)
{
  GtkWidget *content, *right;
  GtkGesture *click;
  GtkEventController *key;

  es_selection_follower_init (&self->follower, reload, self);
  self->text = g_string_new (NULL);
  self->selected = -1;

  self->chart = gtk_drawing_area_new ();
  gtk_widget_set_size_request (self->chart, 320, CHART_HEIGHT);
  gtk_widget_set_hexpand (self->chart, TRUE);
  gtk_widget_set_valign (self->chart, GTK_ALIGN_START);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->chart), draw_chart, self, NULL);
  gtk_widget_set_has_tooltip (self->chart, TRUE);
  g_signal_connect_object (self->chart, "query-tooltip", G_CALLBACK (query_tooltip_cb), self, 0);
  gtk_widget_set_focusable (self->chart, TRUE);
  key = gtk_event_controller_key_new ();
  g_signal_connect_object (key, "key-pressed", G_CALLBACK (key_pressed_cb), self, 0);
  gtk_widget_add_controller (self->chart, key);
  click = gtk_gesture_click_new ();
  g_signal_connect_object (click, "pressed", G_CALLBACK (pressed_cb), self, 0);
  gtk_widget_add_controller (self->chart, GTK_EVENT_CONTROLLER (click));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->chart), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Histogram of the pauses' lengths"), -1);

  self->heading = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->heading, "heading");
  gtk_label_set_xalign (GTK_LABEL (self->heading), 0);
  gtk_label_set_wrap (GTK_LABEL (self->heading), TRUE);
  self->table = gtk_grid_new ();
  /* Eight columns beside the chart: closer than the statistics' two, so
   * that they fit a 1280-pixel window with the sidebar open. */
  gtk_grid_set_column_spacing (GTK_GRID (self->table), 12);
  gtk_grid_set_row_spacing (GTK_GRID (self->table), 2);

  right = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_box_append (GTK_BOX (right), self->heading);
  gtk_box_append (GTK_BOX (right), self->table);

  content = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 18);
  gtk_widget_set_margin_start (content, 12);
  gtk_widget_set_margin_end (content, 12);
  gtk_widget_set_margin_top (content, 6);
  gtk_widget_set_margin_bottom (content, 12);
  gtk_box_append (GTK_BOX (content), self->chart);
  gtk_box_append (GTK_BOX (content), right);

  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), content);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Lengths of the GC pauses"), -1);
}
