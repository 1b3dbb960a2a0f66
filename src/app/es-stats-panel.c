/* es-stats-panel.c: the statistics of the selection (or the whole run)
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "es-spans.h"
#include "es-stats-heap-profile.h"
#include "es-stats-panel.h"
#include "es-selection-follower.h"
#include "es-stats.h"
#include "es-time.h"

/* Statistics are computed on a worker thread. A burst of selection changes
 * (a drag) becomes one computation: each change cancels the pending one and
 * schedules a low-priority idle, and only the last result is shown. */

/* HECs listed one by one in the sparks table, span names in the spans
 * table; the rest are counted. */
#define MAX_SPARK_ROWS 64
#define MAX_SPAN_ROWS  64

struct _EsStatsPanel
{
  GtkWidget     parent_instance;

  GtkWidget    *scroller;
  GtkWidget    *content;        /* GtkBox of sections, rebuilt on each result */
  EsSession    *session;
  gulong        selection_handler;
  EsSelectionFollower follower;
  GString      *text;           /* what is shown, as "name: value" lines */

  /* The interval last asked for: a cursor move alone changes nothing. */
};

enum {
  UPDATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (EsStatsPanel, es_stats_panel, GTK_TYPE_WIDGET)

typedef struct
{
  EsDocument *document;
  guint64     t0, t1;
  gboolean    whole_run;
  EsStats     stats;
  GArray     *spans;            /* EsSpanSummary, longest total first */
  EsStatsHeapProfile *heap_profile;   /* NULL without a heap profile */
  EsMonoPauses mono_pauses;           /* Mono logs only */
} Job;

static void
job_free (gpointer data)
{
  Job *job = data;

  es_stats_clear (&job->stats);
  g_clear_pointer (&job->spans, g_array_unref);
  g_clear_pointer (&job->heap_profile, es_stats_heap_profile_free);
  g_object_unref (job->document);
  g_free (job);
}

GtkWidget *
es_stats_panel_new (void)
{
  return g_object_new (ES_TYPE_STATS_PANEL, NULL);
}

/* ---- presentation ------------------------------------------------------ */

static GtkWidget *
add_section (EsStatsPanel *self,
             const char   *title)
{
  GtkWidget *heading = gtk_label_new (title);
  GtkWidget *grid = gtk_grid_new ();

  gtk_widget_add_css_class (heading, "heading");
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_set_margin_top (heading, 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 18);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 2);
  gtk_box_append (GTK_BOX (self->content), heading);
  gtk_box_append (GTK_BOX (self->content), grid);
  g_string_append_printf (self->text, "%s\n", title);
  return grid;
}

/* A cell of a statistics table: numbers right-aligned and selectable,
 * names dim. */
void
es_stats_panel_add_cell (GtkWidget  *grid,
                         int         column,
                         int         row,
                         const char *text,
                         gboolean    numeric)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), numeric ? 1 : 0);
  gtk_label_set_selectable (GTK_LABEL (label), numeric);
  if (numeric)
    gtk_widget_add_css_class (label, "numeric");
  else
    gtk_widget_add_css_class (label, "dim-label");
  gtk_grid_attach (GTK_GRID (grid), label, column, row, 1, 1);
}

static void
add_row (EsStatsPanel *self,
         GtkWidget    *grid,
         int           row,
         const char   *name,
         const char   *value)
{
  es_stats_panel_add_cell (grid, 0, row, name, FALSE);
  es_stats_panel_add_cell (grid, 1, row, value, TRUE);
  g_string_append_printf (self->text, "%s: %s\n", name, value);
}

static void
add_bytes (EsStatsPanel *self,
           GtkWidget    *grid,
           int           row,
           const char   *name,
           guint64       bytes)
{
  g_autofree char *grouped = es_format_count (bytes);
  g_autofree char *value = g_strdup_printf (_("%s bytes"), grouped);

  add_row (self, grid, row, name, value);
}

static void
add_seconds (EsStatsPanel *self,
             GtkWidget    *grid,
             int           row,
             const char   *name,
             guint64       ns)
{
  g_autofree char *value = g_strdup_printf ("%.6f s", ns / 1e9);

  add_row (self, grid, row, name, value);
}

/* INIT or EXIT: in the interval, or why the log cannot tell (counted in
 * the mutator's time then). */
static void
add_phase (EsStatsPanel *self,
           GtkWidget    *grid,
           int           row,
           const char   *name,
           gboolean      known,
           guint64       ns)
{
  if (known)
    add_seconds (self, grid, row, name, ns);
  else
    add_row (self, grid, row, name, _("not in the log: counted in the mutator’s time"));
}

static void
show_gc_table (EsStatsPanel  *self,
               const EsStats *stats)
{
  GtkWidget *grid = add_section (self, _("Collections"));
  const char *headings[] = { N_("Generation"), N_("Collections"), N_("Parallel"), N_("Elapsed"),
                             N_("Average pause"), N_("Maximum pause") };

  for (guint c = 0; c < G_N_ELEMENTS (headings); c++)
    es_stats_panel_add_cell (grid, c, 0, _(headings[c]), FALSE);
  for (guint g = 0; g < stats->n_generations; g++)
    {
      const EsGenStats *gen = &stats->gen[g];
      g_autofree char *n = g_strdup_printf ("%u", g);
      g_autofree char *colls = es_format_count (gen->collections);
      g_autofree char *par = es_format_count (gen->par_collections);
      /* Each in the unit that shows it: with four decimals of a second,
       * the average of 99 pauses of 23 µs read 0.0000 s. */
      g_autofree char *elapsed = es_format_duration (gen->elapsed);
      g_autofree char *avg = gen->collections > 0 ? es_format_duration ((gen->elapsed + gen->collections / 2) / gen->collections)
                                                  : g_strdup ("\342\200\224");
      g_autofree char *max = gen->collections > 0 ? es_format_duration (gen->max_pause) : g_strdup ("\342\200\224");

      es_stats_panel_add_cell (grid, 0, g + 1, n, TRUE);
      es_stats_panel_add_cell (grid, 1, g + 1, colls, TRUE);
      es_stats_panel_add_cell (grid, 2, g + 1, par, TRUE);
      es_stats_panel_add_cell (grid, 3, g + 1, elapsed, TRUE);
      es_stats_panel_add_cell (grid, 4, g + 1, avg, TRUE);
      es_stats_panel_add_cell (grid, 5, g + 1, max, TRUE);
      g_string_append_printf (self->text, "Gen %u: %s colls, %s par, %s, avg %s, max %s\n",
                              g, colls, par, elapsed, avg, max);
    }
}

static void
show_sparks (EsStatsPanel  *self,
             const EsStats *stats,
             gboolean       whole_run)
{
  GtkWidget *grid = add_section (self, _("Sparks"));
  const char *headings[] = { N_("HEC"), N_("Created"), N_("Converted"), N_("Overflowed"),
                             N_("Dud"), N_("GC'd"), N_("Fizzled") };

  guint shown = MIN (stats->n_caps, MAX_SPARK_ROWS);
  guint row = 1;

  /* A run without parallelism: a table of zeros says nothing a line
   * cannot. Every spark is created, overflowed or dud first, so none of
   * those three means none at all. */
  if (stats->sparks_created == 0 && stats->sparks_overflowed == 0 && stats->sparks_dud == 0 &&
      stats->sparks_converted == 0 && stats->sparks_gcd == 0 && stats->sparks_fizzled == 0)
    {
      const char *none = whole_run ? _("None: the program made no sparks") : _("None in this interval");

      es_stats_panel_add_cell (grid, 0, 0, none, FALSE);
      g_string_append_printf (self->text, "Sparks: %s\n", none);
      return;
    }
  for (guint c = 0; c < G_N_ELEMENTS (headings); c++)
    es_stats_panel_add_cell (grid, c, 0, _(headings[c]), FALSE);
  for (guint i = 0; i <= stats->n_caps; i++)
    {
      gboolean total = i == stats->n_caps;
      guint64 v[6];
      g_autofree char *name = NULL;

      if (!total && i >= shown)
        {
          /* A label per cell: tens of thousands of HECs would be hundreds
           * of thousands of widgets. The total still counts them all. */
          if (i == shown)
            {
              g_autofree char *n = es_format_count (stats->n_caps - shown);
              g_autofree char *more = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s more HEC",
                                                                    "%s more HECs", stats->n_caps - shown),
                                                       n);

              es_stats_panel_add_cell (grid, 0, row++, more, FALSE);
              g_string_append_printf (self->text, "Sparks: %s\n", more);
            }
          continue;
        }
      name = total ? g_strdup (_("Total")) : g_strdup_printf ("%u", i);

      if (total)
        {
          guint64 t[6] = { stats->sparks_created, stats->sparks_converted, stats->sparks_overflowed,
                           stats->sparks_dud, stats->sparks_gcd, stats->sparks_fizzled };
          memcpy (v, t, sizeof v);
        }
      else
        {
          const EsCapStats *cs = &stats->caps[i];
          guint64 t[6] = { cs->sparks_created, cs->sparks_converted, cs->sparks_overflowed,
                           cs->sparks_dud, cs->sparks_gcd, cs->sparks_fizzled };
          memcpy (v, t, sizeof v);
        }
      es_stats_panel_add_cell (grid, 0, row, name, !total);
      g_string_append_printf (self->text, "Sparks %s:", name);
      for (guint c = 0; c < 6; c++)
        {
          g_autofree char *value = es_format_count (v[c]);

          es_stats_panel_add_cell (grid, c + 1, row, value, TRUE);
          g_string_append_printf (self->text, " %s", value);
        }
      g_string_append_c (self->text, '\n');
      row++;
    }
}

/* The START/STOP spans met by the interval, per name. */
static void
show_spans (EsStatsPanel *self,
            GArray       *spans)
{
  const char *headings[] = { N_("Span"), N_("Count"), N_("Total"), N_("Mean"), N_("Longest") };
  GtkWidget *grid;
  guint shown;

  if (spans == NULL || spans->len == 0)
    return;
  grid = add_section (self, _("Spans"));
  for (guint c = 0; c < G_N_ELEMENTS (headings); c++)
    es_stats_panel_add_cell (grid, c, 0, _(headings[c]), FALSE);
  shown = MIN (spans->len, MAX_SPAN_ROWS);
  for (guint i = 0; i < shown; i++)
    {
      const EsSpanSummary *span = &g_array_index (spans, EsSpanSummary, i);
      g_autofree char *count = es_format_count (span->count);
      g_autofree char *total = es_format_duration (span->total);
      g_autofree char *mean = es_format_duration ((span->total + MAX (span->count, 1) / 2) / MAX (span->count, 1));
      g_autofree char *longest = es_format_duration (span->max);

      es_stats_panel_add_cell (grid, 0, i + 1, span->name, FALSE);
      es_stats_panel_add_cell (grid, 1, i + 1, count, TRUE);
      es_stats_panel_add_cell (grid, 2, i + 1, total, TRUE);
      es_stats_panel_add_cell (grid, 3, i + 1, mean, TRUE);
      es_stats_panel_add_cell (grid, 4, i + 1, longest, TRUE);
      g_string_append_printf (self->text, "Span %s: %s %s %s %s\n", span->name, count, total, mean, longest);
    }
  if (spans->len > shown)
    {
      g_autofree char *n = es_format_count (spans->len - shown);
      g_autofree char *more = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s more span name",
                                                            "%s more span names", spans->len - shown),
                                               n);

      es_stats_panel_add_cell (grid, 0, shown + 1, more, FALSE);
    }
}

static void
show_process (EsStatsPanel *self,
              EsDocument   *document)
{
  const EsProcessInfo *p = es_document_get_process (document);
  GtkWidget *grid = add_section (self, _("Process"));
  int row = 0;

  if (p->program != NULL)
    add_row (self, grid, row++, _("Program"), p->program);
  if (p->args != NULL && p->args[0] != NULL && p->args[1] != NULL)
    {
      g_autofree char *args = g_strjoinv (" ", (char **) p->args + 1);

      add_row (self, grid, row++, _("Arguments"), args);
    }
  if (p->rts_identifier != NULL)
    add_row (self, grid, row++, _("RTS"), p->rts_identifier);
  if (p->pid != 0)
    {
      g_autofree char *pid = g_strdup_printf ("%u", p->pid);

      add_row (self, grid, row++, _("Process ID"), pid);
    }
  if (p->wall_clock_sec != 0)
    {
      g_autoptr(GDateTime) start = g_date_time_new_from_unix_local ((gint64) p->wall_clock_sec);
      g_autofree char *when = start != NULL ? g_date_time_format (start, "%Y-%m-%d %H:%M:%S") : NULL;

      if (when != NULL)
        add_row (self, grid, row++, _("Started"), when);
    }
  if (p->env != NULL && p->env[0] != NULL)
    {
      g_autofree char *n = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u variable", "%u variables",
                                                         g_strv_length ((char **) p->env)),
                                            g_strv_length ((char **) p->env));

      add_row (self, grid, row++, _("Environment"), n);
    }
  /* A GHC program's details are in the RTS's global buffer, written
   * when it fills or at exit: a log cut short, or followed while the
   * program runs, may not have them yet. Said, not an empty heading. */
  if (row == 0)
    add_row (self, grid, row++, _("Details"),
             self->session != NULL && es_session_get_ongoing (self->session)
               ? _("not in the log yet: the RTS writes them when the program exits")
               : _("not in the log: it ends before the RTS wrote them (at exit)"));
}

static void
add_count (EsStatsPanel *self,
           GtkWidget    *grid,
           int           row,
           const char   *name,
           guint64       n)
{
  g_autofree char *value = es_format_count (n);

  add_row (self, grid, row, name, value);
}

/* A link in the panel to a page of the user guide goes through the app's
 * help-page action, not gtk_show_uri() directly, so it opens as F1 does
 * (and a test can see it). */
static gboolean
help_link_cb (GtkLabel   *label,
              const char *uri,
              gpointer    user_data)
{
  const char *prefix = "help:" HELP_ID "/";

  if (!g_str_has_prefix (uri, prefix))
    return FALSE;
  gtk_widget_activate_action (GTK_WIDGET (label), "app.help-page", "s", uri + strlen (prefix));
  return TRUE;
}

/* A log without one collection was nearly always recorded without them
 * (Mono's profiler without its "gc" option, a GHC run without -l's
 * default classes): a table of zeros does not say so, the guide does. */
static void
add_gc_help (EsStatsPanel *self,
             EsDocument   *document)
{
  const char *page = es_document_get_format (document) == ES_DOCUMENT_MONO_LOG ? "mono" : "gc-statistics";
  g_autofree char *uri = g_strconcat ("help:" HELP_ID "/", page, NULL);
  g_autofree char *markup = NULL;
  GtkWidget *label;
  guint n_gcs = 0;

  es_document_get_gcs (document, &n_gcs);
  if (n_gcs > 0)
    return;

  /* TRANSLATORS: %s is a link target; keep the <a> markup as it is. */
  markup = g_strdup_printf (_("No GC statistics in this log: <a href=\"%s\">how to get them</a>"), uri);
  label = gtk_label_new (NULL);
  gtk_label_set_markup (GTK_LABEL (label), markup);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_margin_top (label, 6);
  g_signal_connect (label, "activate-link", G_CALLBACK (help_link_cb), NULL);
  gtk_box_append (GTK_BOX (self->content), label);
  g_string_append_printf (self->text, "%s\n", gtk_label_get_text (GTK_LABEL (label)));
}

/* A Mono log: the world-stopped pauses for the interval (the suspend at exit
 * apart), then the whole run's counts in mprof-report's terms. Nothing of
 * copying, residency or sparks: Mono's log does not have them. */
static void
show_mono_stats (EsStatsPanel *self,
                 Job          *job,
                 GtkWidget    *time_grid)
{
  const EsStats *s = &job->stats;
  const EsMonoSummary *mono = es_document_get_mono_summary (job->document);
  const EsMonoPauses *p = &job->mono_pauses;
  EsStats by_pause = *s;
  GtkWidget *grid = time_grid;
  int row = 2;
  g_autofree char *productivity = NULL, *wait = NULL;

  add_seconds (self, grid, row++, _("Mutator"), p->mut);
  add_seconds (self, grid, row++, _("GC (world stopped)"), p->gc);
  if (p->exit_suspend > 0)
    add_seconds (self, grid, row++, _("Suspending at exit"), p->exit_suspend);
  productivity = g_strdup_printf ("%.1f %%", 100 * p->productivity);
  add_row (self, grid, row++, _("Productivity"), productivity);

  grid = add_section (self, _("Heap"));
  row = 0;
  if (mono->n_allocations > 0)
    add_bytes (self, grid, row++, _("Allocated"), s->allocated);
  add_bytes (self, grid, row++, _("Maximum heap size"), s->max_heap_size);

  by_pause.n_generations = 2;
  for (guint g = 0; g < 2; g++)
    by_pause.gen[g] = (EsGenStats) { p->n[g], 0, p->total[g], p->max[g] };
  show_gc_table (self, &by_pause);
  add_gc_help (self, job->document);

  grid = add_section (self, _("Whole run"));
  row = 0;
  add_count (self, grid, row++, _("Collections, nursery"), mono->n_collections[0]);
  add_count (self, grid, row++, _("Collections, major"), mono->n_collections[1]);
  add_count (self, grid, row++, _("Heap resizes"), mono->n_resizes);
  add_count (self, grid, row++, _("Objects moved"), mono->n_moves);
  add_count (self, grid, row++, _("Lock contentions"), mono->n_contentions);
  if (mono->n_contentions > 0)
    {
      wait = g_strdup_printf (_("%.6f s, longest %.6f s"), mono->contention_total / 1e9, mono->contention_max / 1e9);
      add_row (self, grid, row++, _("Waiting for locks"), wait);
    }
  add_count (self, grid, row++, _("Exceptions thrown"), mono->n_throws);
  add_count (self, grid, row++, _("Catch clauses run"), mono->n_clauses[0]);
  if (mono->n_samples > 0)
    add_count (self, grid, row++, _("Samples"), mono->n_samples);
  if (mono->n_hidden_threads > 0)
    add_count (self, grid, row++, _("Profiler threads not shown"), mono->n_hidden_threads);
}

static void
show_stats (EsStatsPanel *self,
            Job          *job)
{
  const EsStats *s = &job->stats;
  GtkWidget *child, *grid;
  g_autofree char *span = NULL, *rate = NULL, *productivity = NULL, *balance = NULL;
  g_autofree char *residency = NULL, *grouped = NULL;
  guint64 detail_start = es_document_get_detail_start (job->document);
  int row = 0;

  while ((child = gtk_widget_get_first_child (self->content)) != NULL)
    gtk_box_remove (GTK_BOX (self->content), child);
  g_string_truncate (self->text, 0);

  span = job->whole_run ? g_strdup_printf (_("The whole run, %.6f s"), s->total_elapsed / 1e9)
                        : g_strdup_printf (_("%.6f s to %.6f s (%.6f s)"), s->t0 / 1e9, s->t1 / 1e9, s->total_elapsed / 1e9);
  grid = add_section (self, _("Time"));
  add_row (self, grid, row++, _("Interval"), span);
  add_seconds (self, grid, row++, _("Total"), s->total_elapsed);
  if (es_document_get_format (job->document) == ES_DOCUMENT_MONO_LOG)
    {
      show_mono_stats (self, job, grid);
      show_process (self, job->document);
      g_signal_emit (self, signals[UPDATED], 0);
      return;
    }
  /* As +RTS -s splits the run: INIT, MUT, GC, PROF, EXIT. */
  add_phase (self, grid, row++, _("Initialisation"), s->phases.init_known, s->init_elapsed);
  add_seconds (self, grid, row++, _("Mutator"), s->mut_elapsed);
  add_seconds (self, grid, row++, _("GC"), s->gc_elapsed - s->prof_elapsed);
  if (s->phases.profiled)
    add_seconds (self, grid, row++, _("Heap censuses (PROF)"), s->prof_elapsed);
  add_phase (self, grid, row++, _("Exit"), s->phases.exit_known, s->exit_elapsed);
  productivity = g_strdup_printf (_("%.1f %% of total elapsed"), 100 * s->productivity);
  add_row (self, grid, row++, _("Productivity"), productivity);
  if (s->phases.threaded && s->phases.tasks_known && job->whole_run)
    {
      g_autofree char *tasks = g_strdup_printf (_("%u (%u bound, %u peak workers (%u total), using -N%u)"),
                                                s->phases.n_tasks, s->phases.n_bound, s->phases.peak_workers,
                                                s->phases.n_workers, s->phases.n_caps);

      add_row (self, grid, row++, _("Tasks"), tasks);
    }
  /* A live log past its memory limit: the whole run's figures are exact,
   * a stretch's before the detail kept are estimated. */
  if (!job->whole_run && s->t0 < detail_start && detail_start > es_document_get_start_time (job->document))
    {
      g_autofree char *note =
        g_strdup_printf (_("let go before %.6f s: the times before it are spread evenly; GCs, heap and sparks are exact"),
                         detail_start / 1e9);

      add_row (self, grid, row++, _("Detail"), note);
    }

  grid = add_section (self, _("Heap"));
  add_bytes (self, grid, 0, _("Allocated"), s->allocated);
  grouped = es_format_count ((guint64) s->alloc_rate);
  rate = g_strdup_printf (_("%s bytes per MUT elapsed second"), grouped);
  add_row (self, grid, 1, _("Allocation rate"), rate);
  add_bytes (self, grid, 2, _("Maximum heap size"), s->max_heap_size);
  g_clear_pointer (&grouped, g_free);
  grouped = es_format_count (s->max_residency);
  {
    g_autofree char *samples = es_format_count (s->residency_samples);

    residency = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s bytes (%s sample)", "%s bytes (%s samples)",
                                              s->residency_samples),
                                 grouped, samples);
  }
  add_row (self, grid, 3, _("Maximum residency"), residency);
  add_bytes (self, grid, 4, _("Maximum slop"), s->max_slop);

  grid = add_section (self, _("GC"));
  add_bytes (self, grid, 0, _("Copied"), s->copied);
  if (s->gc_inconsistency != NULL)
    balance = g_strdup (_("unknown: the log’s GC statistics are inconsistent"));
  else
    balance = s->work_balance >= 0 ? g_strdup_printf ("%.2f %%", 100 * s->work_balance) : g_strdup (_("no parallel GC"));
  add_row (self, grid, 1, _("Parallel work balance"), balance);
  show_gc_table (self, s);
  add_gc_help (self, job->document);
  show_sparks (self, s, job->whole_run);
  show_spans (self, job->spans);
  es_stats_heap_profile_show (job->heap_profile, self->content, self->text);
  show_process (self, job->document);

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

  es_stats_compute (job->document, job->t0, job->t1, &job->stats);
  job->spans = es_spans_summarize (job->document, job->stats.t0, job->stats.t1);
  job->heap_profile = es_stats_heap_profile_compute (job->document, job->stats.t0, job->stats.t1);
  if (es_document_get_format (job->document) == ES_DOCUMENT_MONO_LOG)
    es_stats_compute_mono_pauses (&job->stats, job->document, &job->mono_pauses);
  g_task_return_boolean (task, TRUE);
}

static void
computed_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  EsStatsPanel *self = ES_STATS_PANEL (object);
  GTask *task = G_TASK (result);

  /* A newer selection has replaced this one. */
  if (g_task_had_error (task) || g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    return;
  if (g_task_propagate_boolean (task, NULL))
    show_stats (self, g_task_get_task_data (task));
}

static void
reload (gpointer data)
{
  EsStatsPanel *self = data;
  g_autoptr(GTask) task = NULL;
  Job *job;

  if (self->session == NULL)
    return;

  job = g_new0 (Job, 1);
  job->document = g_object_ref (es_session_get_document (self->session));
  job->whole_run = !es_session_get_selection (self->session, &job->t0, &job->t1);

  task = es_selection_follower_task (&self->follower, self, computed_cb);
  g_task_set_task_data (task, job, job_free);
  g_task_run_in_thread (task, compute_in_thread);
}

static void
selection_changed_cb (EsStatsPanel *self)
{
  es_selection_follower_update (&self->follower, self->session);
}

void
es_stats_panel_set_session (EsStatsPanel *self,
                            EsSession    *session)
{
  g_return_if_fail (ES_IS_STATS_PANEL (self));

  if (self->session != NULL)
    g_clear_signal_handler (&self->selection_handler, self->session);
  g_set_object (&self->session, session);
  if (session != NULL)
    {
      self->selection_handler = g_signal_connect_object (session, "selection-changed",
                                                         G_CALLBACK (selection_changed_cb), self,
                                                         G_CONNECT_SWAPPED);
      es_selection_follower_forget (&self->follower);
      selection_changed_cb (self);
    }
}

/**
 * es_stats_panel_dup_text:
 *
 * Returns: (transfer full): what the panel shows, as "name: value" lines.
 */
char *
es_stats_panel_dup_text (EsStatsPanel *self)
{
  g_return_val_if_fail (ES_IS_STATS_PANEL (self), NULL);

  return g_strdup (self->text->str);
}

static void
es_stats_panel_dispose (GObject *object)
{
  EsStatsPanel *self = ES_STATS_PANEL (object);

  es_selection_follower_clear (&self->follower);
  es_stats_panel_set_session (self, NULL);
  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  G_OBJECT_CLASS (es_stats_panel_parent_class)->dispose (object);
}

static void
es_stats_panel_finalize (GObject *object)
{
  EsStatsPanel *self = ES_STATS_PANEL (object);

  g_string_free (self->text, TRUE);
  G_OBJECT_CLASS (es_stats_panel_parent_class)->finalize (object);
}

static void
es_stats_panel_class_init (EsStatsPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = es_stats_panel_dispose;
  object_class->finalize = es_stats_panel_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "stats-panel");

  /**
   * EsStatsPanel::updated:
   *
   * The panel shows the statistics of the session's current selection.
   */
  signals[UPDATED] = g_signal_new ("updated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
es_stats_panel_init (EsStatsPanel *self)
{
  es_selection_follower_init (&self->follower, reload, self);
  self->text = g_string_new (NULL);
  self->content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_set_margin_start (self->content, 12);
  gtk_widget_set_margin_end (self->content, 12);
  gtk_widget_set_margin_top (self->content, 6);
  gtk_widget_set_margin_bottom (self->content, 12);
  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), self->content);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Statistics of the selection"), -1);
}
