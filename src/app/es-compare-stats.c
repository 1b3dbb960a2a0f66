/* es-compare-stats.c: two runs' statistics side by side
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "es-compare-stats.h"
#include "es-pause-chart.h"
#include "es-stats-figures.h"
#include "es-stats-panel.h"
#include "es-timeline-rows.h"

/* Every +RTS -s figure of run A and run B over the same (aligned) interval,
 * their difference and their ratio, as `eventscope-cli compare` prints them
 * (the figures come from the same es_stats_figures_compute()). Which way is
 * better is marked with an arrow and a word, so it reads without colour.
 * Beside them, both runs' GC pauses on one logarithmic histogram, side by
 * side in each bucket, with their percentiles marked. */

/* The runs' colours in the pause chart: the chart's second and first. */
static const guint run_colors[2] = { 1, 0 };

typedef struct
{
  EsStatsFigures figures[2];
} Result;

struct _EsCompareStats
{
  GtkWidget     parent_instance;

  GtkWidget    *scroller;
  GtkWidget    *grid;
  GtkWidget    *title;
  GtkWidget    *chart;
  GtkWidget    *legend;
  GCancellable *cancellable;
  gboolean      has_pauses;
  EsPauseDist   pauses[2];     /* each run's, all generations together */
  GHashTable   *rows;           /* key -> "label\tA\tB\tdelta\tratio\tverdict" */
  GtkAdjustment *threshold;     /* percent: the least difference marked */
  Result       *shown;          /* the figures shown, marked again when the threshold changes */
};

G_DEFINE_FINAL_TYPE (EsCompareStats, es_compare_stats, GTK_TYPE_WIDGET)

typedef struct
{
  EsDocument *documents[2];
  guint64     t0[2], t1[2];
} Job;


static void
job_free (Job *job)
{
  g_clear_object (&job->documents[0]);
  g_clear_object (&job->documents[1]);
  g_free (job);
}

static void
result_free (Result *result)
{
  es_stats_figures_clear (&result->figures[0]);
  es_stats_figures_clear (&result->figures[1]);
  g_free (result);
}

static void
compute_in_thread (GTask        *task,
                   gpointer      source_object,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  Job *job = task_data;
  Result *result = g_new0 (Result, 1);

  for (guint i = 0; i < 2; i++)
    es_stats_figures_compute (job->documents[i], job->t0[i], job->t1[i], &result->figures[i]);
  g_task_return_pointer (task, result, (GDestroyNotify) result_free);
}

/* As `eventscope-cli compare` writes it. */
static char *
format_value (const EsFigure *figure)
{
  GString *text = g_string_new (NULL);

  es_figure_append_value (text, figure);
  return g_string_free (text, FALSE);
}

static void
add_cell (EsCompareStats *self,
          int             column,
          int             row,
          const char     *text,
          gboolean        numeric)
{
  es_stats_panel_add_cell (self->grid, column, row, text, numeric);
}

static void
clear_grid (EsCompareStats *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->grid)) != NULL)
    gtk_grid_remove (GTK_GRID (self->grid), child);
  g_hash_table_remove_all (self->rows);
}

static void
fill (EsCompareStats *self,
      Result         *result)
{
  const EsStatsFigures *a = &result->figures[0], *b = &result->figures[1];
  static const char *headings[] = { N_("Figure"), N_("A"), N_("B"), N_("B − A"), N_("B ÷ A"), "" };
  int row = 1;

  clear_grid (self);
  for (guint c = 0; c < G_N_ELEMENTS (headings); c++)
    add_cell (self, c, 0, headings[c][0] != '\0' ? _(headings[c]) : "", FALSE);
  for (guint i = 0; i < a->figures->len; i++, row++)
    {
      const EsFigure *fa = &g_array_index (a->figures, EsFigure, i);
      const EsFigure *fb = es_stats_figures_lookup (b, fa->key);
      g_autofree char *va = format_value (fa);
      g_autofree char *vb = fb != NULL ? format_value (fb) : g_strdup ("—");
      g_autofree char *delta = NULL, *ratio_text = NULL;
      const char *verdict = "";
      double ratio;

      if (fb != NULL)
        {
          GString *text = g_string_new (NULL);
          int judged = es_figure_verdict (fa, fb, gtk_adjustment_get_value (self->threshold) / 100);

          es_figure_append_delta (text, fa, fb);
          delta = g_string_free (text, FALSE);
          ratio_text = es_figure_ratio (fa, fb, &ratio) ? g_strdup_printf ("%.3f", ratio) : g_strdup ("n/a");
          if (judged != 0)
            verdict = judged > 0 ? _("▲ better") : _("▼ worse");
        }
      add_cell (self, 0, row, fa->label, FALSE);
      add_cell (self, 1, row, va, TRUE);
      add_cell (self, 2, row, vb, TRUE);
      add_cell (self, 3, row, delta != NULL ? delta : "—", TRUE);
      add_cell (self, 4, row, ratio_text != NULL ? ratio_text : "—", TRUE);
      add_cell (self, 5, row, verdict, FALSE);
      if (verdict[0] != '\0')
        {
          GtkWidget *cell = gtk_grid_get_child_at (GTK_GRID (self->grid), 5, row);

          gtk_widget_remove_css_class (cell, "dim-label");
          gtk_widget_add_css_class (cell, g_str_has_prefix (verdict, "▲") ? "success" : "error");
        }
      g_hash_table_insert (self->rows, g_strdup (fa->key),
                           g_strjoin ("\t", fa->label, va, vb, delta != NULL ? delta : "—",
                                      ratio_text != NULL ? ratio_text : "—", verdict, NULL));
    }
}

static void
draw_chart (GtkDrawingArea *area,
            cairo_t        *cr,
            int             width,
            int             height,
            gpointer        user_data)
{
  EsCompareStats *self = user_data;
  gboolean dark = es_timeline_rows_is_dark (GTK_WIDGET (area));
  EsPauseSeries series[2];
  EsPauseChart chart;

  if (!self->has_pauses || (self->pauses[0].count == 0 && self->pauses[1].count == 0))
    return;
  for (guint i = 0; i < 2; i++)
    {
      series[i] = (EsPauseSeries) { &self->pauses[i], i, { 0 } };
      es_pause_chart_generation_color (run_colors[i], dark, &series[i].color);
    }
  chart = (EsPauseChart) { .series = series, .n_series = 2, .width = width, .height = height,
                           .dark = dark, .selected = -1 };
  /* No percentile lines: two runs' would cross; the table has them. */
  es_pause_chart_paint (cr, &chart);
}

static void
show_pauses (EsCompareStats *self,
             Result         *result)
{
  g_autoptr(GString) legend = g_string_new (NULL);

  for (guint i = 0; i < 2; i++)
    {
      EsRgba rgba;

      self->pauses[i] = result->figures[i].pauses.all;
      es_pause_chart_generation_color (run_colors[i], FALSE, &rgba);
      g_string_append_printf (legend, "%s<span foreground=\"#%02x%02x%02x\">\342\226\240</span> %s",
                              i > 0 ? "    " : "", (int) (rgba.red * 255), (int) (rgba.green * 255),
                              (int) (rgba.blue * 255), i == 0 ? "A" : "B");
    }
  g_string_append_printf (legend, "    %s", _("GC pauses by length, A and B side by side in each column"));
  gtk_label_set_markup (GTK_LABEL (self->legend), legend->str);
  self->has_pauses = TRUE;
  gtk_widget_queue_draw (self->chart);
}

static void
computed_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  Result *figures = g_task_propagate_pointer (G_TASK (result), &error);
  EsCompareStats *self;

  if (figures == NULL)
    return;   /* cancelled: a newer interval is on its way */
  self = ES_COMPARE_STATS (user_data);
  fill (self, figures);
  show_pauses (self, figures);
  g_clear_pointer (&self->shown, result_free);
  self->shown = figures;
  g_clear_object (&self->cancellable);
}

static void
threshold_changed_cb (EsCompareStats *self)
{
  if (self->shown != NULL)
    fill (self, self->shown);
}

/**
 * es_compare_stats_set_settings:
 * @settings: (nullable): the application's, %NULL without its schema
 *
 * Keeps the threshold of the marks in @settings (compare-threshold), where
 * the person set it last.
 */
void
es_compare_stats_set_settings (EsCompareStats *self,
                               GSettings      *settings)
{
  g_autoptr(GSettingsSchema) schema = NULL;

  g_return_if_fail (ES_IS_COMPARE_STATS (self));
  g_return_if_fail (settings == NULL || G_IS_SETTINGS (settings));

  /* No schema installed (run from the build tree), or an older one. */
  if (settings == NULL)
    return;
  g_object_get (settings, "settings-schema", &schema, NULL);
  if (!g_settings_schema_has_key (schema, "compare-threshold"))
    return;
  g_settings_bind (settings, "compare-threshold", self->threshold, "value", G_SETTINGS_BIND_DEFAULT);
}

/* For tests: the threshold of the marks, in percent. */
void
es_compare_stats_set_threshold (EsCompareStats *self,
                                double          percent)
{
  g_return_if_fail (ES_IS_COMPARE_STATS (self));

  gtk_adjustment_set_value (self->threshold, percent);
}

/**
 * es_compare_stats_show:
 * @whole_runs: the intervals are the whole runs (the title says so)
 *
 * Computes, off the main thread, A's figures over [@a_t0, @a_t1] and B's
 * over [@b_t0, @b_t1], and shows them side by side.
 */
void
es_compare_stats_show (EsCompareStats *self,
                       EsDocument     *a,
                       guint64         a_t0,
                       guint64         a_t1,
                       EsDocument     *b,
                       guint64         b_t0,
                       guint64         b_t1,
                       gboolean        whole_runs)
{
  g_autoptr(GTask) task = NULL;
  Job *job;

  g_return_if_fail (ES_IS_COMPARE_STATS (self));
  g_return_if_fail (ES_IS_DOCUMENT (a) && ES_IS_DOCUMENT (b));

  if (whole_runs)
    gtk_label_set_text (GTK_LABEL (self->title), _("The whole runs"));
  else
    {
      /* Aligned runs have the selection at different times of their own. */
      g_autofree char *text = a_t0 == b_t0 && a_t1 == b_t1
                              ? g_strdup_printf (_("The selection: %.6f s to %.6f s"), a_t0 / 1e9, a_t1 / 1e9)
                              : g_strdup_printf (_("The selection: A %.6f s to %.6f s, B %.6f s to %.6f s"),
                                                 a_t0 / 1e9, a_t1 / 1e9, b_t0 / 1e9, b_t1 / 1e9);

      gtk_label_set_text (GTK_LABEL (self->title), text);
    }
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  job = g_new0 (Job, 1);
  job->documents[0] = g_object_ref (a);
  job->documents[1] = g_object_ref (b);
  job->t0[0] = a_t0;
  job->t1[0] = a_t1;
  job->t0[1] = b_t0;
  job->t1[1] = b_t1;
  task = g_task_new (NULL, self->cancellable, computed_cb, self);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, compute_in_thread);
}

/* For tests: whether figures are on their way. */
gboolean
es_compare_stats_is_busy (EsCompareStats *self)
{
  g_return_val_if_fail (ES_IS_COMPARE_STATS (self), FALSE);

  return self->cancellable != NULL;
}

/**
 * es_compare_stats_dup_row:
 * @key: a figure's key, as in `eventscope-cli compare --json`
 *
 * Returns: (nullable): its row as shown, the cells separated by tabs
 */
char *
es_compare_stats_dup_row (EsCompareStats *self,
                          const char     *key)
{
  g_return_val_if_fail (ES_IS_COMPARE_STATS (self), NULL);

  return g_strdup (g_hash_table_lookup (self->rows, key));
}

static void
es_compare_stats_dispose (GObject *object)
{
  EsCompareStats *self = ES_COMPARE_STATS (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  g_clear_pointer (&self->rows, g_hash_table_unref);
  g_clear_pointer (&self->shown, result_free);
  G_OBJECT_CLASS (es_compare_stats_parent_class)->dispose (object);
}

static void
es_compare_stats_class_init (EsCompareStatsClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = es_compare_stats_dispose;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
}

/* "Marked better or worse when they differ by more than [10.0] %", what
 * the marks mean, in sight and set there. */
static GtkWidget *
threshold_row (EsCompareStats *self)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *before = gtk_label_new_with_mnemonic (_("_Marked better or worse when A and B differ by more than"));
  GtkWidget *spin, *after = gtk_label_new (_("% (and more than the figure’s resolution)"));

  self->threshold = gtk_adjustment_new (100 * ES_FIGURE_DEFAULT_THRESHOLD, 0, 100, 0.5, 5, 0);
  spin = gtk_spin_button_new (self->threshold, 0.5, 1);
  gtk_label_set_mnemonic_widget (GTK_LABEL (before), spin);
  gtk_widget_add_css_class (before, "dim-label");
  gtk_widget_add_css_class (after, "dim-label");
  gtk_box_append (GTK_BOX (row), before);
  gtk_box_append (GTK_BOX (row), spin);
  gtk_box_append (GTK_BOX (row), after);
  g_signal_connect_object (self->threshold, "value-changed", G_CALLBACK (threshold_changed_cb), self,
                           G_CONNECT_SWAPPED);
  return row;
}

static void
es_compare_stats_init (EsCompareStats *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  self->rows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->title = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->title), 0);
  gtk_widget_add_css_class (self->title, "heading");
  self->grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (self->grid), 18);
  gtk_grid_set_row_spacing (GTK_GRID (self->grid), 2);
  {
    GtkWidget *columns = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 24);
    GtkWidget *pauses = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

    self->chart = gtk_drawing_area_new ();
    gtk_widget_set_size_request (self->chart, 520, 240);
    gtk_widget_set_valign (self->chart, GTK_ALIGN_START);
    gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->chart), draw_chart, self, NULL);
    self->legend = gtk_label_new (NULL);
    gtk_label_set_xalign (GTK_LABEL (self->legend), 0);
    gtk_box_append (GTK_BOX (pauses), self->chart);
    gtk_box_append (GTK_BOX (pauses), self->legend);
    gtk_widget_set_valign (self->grid, GTK_ALIGN_START);
    gtk_box_append (GTK_BOX (columns), self->grid);
    gtk_box_append (GTK_BOX (columns), pauses);
    gtk_box_append (GTK_BOX (box), self->title);
    gtk_box_append (GTK_BOX (box), threshold_row (self));
    gtk_box_append (GTK_BOX (box), columns);
  }
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 12);
  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), box);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
}

GtkWidget *
es_compare_stats_new (void)
{
  return g_object_new (ES_TYPE_COMPARE_STATS, NULL);
}
