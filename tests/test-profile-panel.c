/* test-profile-panel.c: the Profile tab in a real window (under Xvfb in CI)
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <gtk/gtk.h>

#include "es-flame-graph.h"
#include "es-profile-panel.h"
#include "es-profile-rows.h"
#include "es-stats.h"
#include "es-test-cli.h"
#include "es-test-gui.h"
#include "es-window.h"

/* The panel shows the profile of [t0, t1). */
typedef struct
{
  EsProfilePanel *panel;
  guint64         t0, t1;
} Wanted;

static gboolean
panel_shows (gpointer data)
{
  Wanted *wanted = data;
  const EsProfile *profile = es_profile_panel_get_profile (wanted->panel);

  return profile != NULL && profile->t0 == wanted->t0 && profile->t1 == wanted->t1;
}

static gboolean
share_is (gpointer data)
{
  Wanted *wanted = data;

  return g_str_has_prefix (es_profile_panel_get_share_text (wanted->panel), "Phase:");
}

static gboolean
panel_is_empty (gpointer data)
{
  return es_profile_panel_get_empty_text (data) != NULL;
}

static gboolean
is_allocated (gpointer data)
{
  return gtk_widget_get_width (data) > 100;
}

static EsProfilePanel *
show_profile_tab (EsWindow *window)
{
  GtkWidget *panel = es_test_find_widget_of_type (GTK_WIDGET (window), ES_TYPE_PROFILE_PANEL);
  GtkWidget *notebook = gtk_widget_get_ancestor (panel, GTK_TYPE_NOTEBOOK);

  g_assert_nonnull (panel);
  g_assert_nonnull (notebook);
  gtk_notebook_set_current_page (GTK_NOTEBOOK (notebook), gtk_notebook_page_num (GTK_NOTEBOOK (notebook), panel));
  return ES_PROFILE_PANEL (panel);
}

/* The index in es_profile_get_frames() of the frame the panel knows by
 * its node. */
static guint
index_of_node (const EsProfile *profile,
               guint32          node)
{
  GArray *frames = es_profile_get_frames (profile);

  for (guint i = 0; i < frames->len; i++)
    if (g_array_index (frames, EsProfileFrame, i).node == node)
      return i;
  g_assert_not_reached ();
}

static char *
name_of (const EsProfileFrame *frame)
{
  GString *name = g_string_new (NULL);

  es_profile_append_frame_name (frame, name);
  return g_string_free (name, FALSE);
}

static char *
run_cli_profile (const char *path,
                 guint64     t0,
                 guint64     t1)
{
  g_autofree char *from = g_strdup_printf ("%" G_GUINT64_FORMAT "ns", t0);
  g_autofree char *to = g_strdup_printf ("%" G_GUINT64_FORMAT "ns", t1);
  const char *args[] = { "profile", "--from", from, "--to", to, path, NULL };
  g_auto(CliRun) run = { 0 };

  run_cli_argv (&run, args);
  g_assert_cmpint (run.exit_code, ==, 0);
  return g_steal_pointer (&run.out);
}

/* The lines of the CLI's two tables: the cost centres (with ticks), then
 * the tree; each split on blanks, with its indentation in [0]. */
static void
parse_cli_tables (const char *out,
                  GPtrArray  *flat,
                  GPtrArray  *tree)
{
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  int table = -1;
  gboolean accepting = FALSE, in_rows = FALSE;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];
      g_autoptr(GPtrArray) fields = NULL;
      g_auto(GStrv) words = NULL;
      guint indent = 0;

      if (g_str_has_prefix (line, "COST CENTRE"))
        {
          table++;
          accepting = TRUE;
          in_rows = FALSE;
          continue;
        }
      if (line[0] == '\0')
        {
          if (in_rows)
            accepting = FALSE;
          continue;
        }
      if (!accepting || table > 1)
        continue;
      in_rows = TRUE;
      while (line[indent] == ' ')
        indent++;
      words = g_strsplit_set (line + indent, " ", -1);
      fields = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (fields, g_strdup_printf ("%u", indent));
      for (guint w = 0; words[w] != NULL; w++)
        if (words[w][0] != '\0')
          g_ptr_array_add (fields, g_strdup (words[w]));
      g_ptr_array_add (table == 0 ? flat : tree, g_steal_pointer (&fields));
    }
  g_assert_cmpuint (flat->len, >, 0);
  g_assert_cmpuint (tree->len, >, 0);
}

static const char *
field (GPtrArray *fields,
       int        i)
{
  return g_ptr_array_index (fields, i < 0 ? (int) fields->len + i : i);
}

static void
test_profile_of_selection (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "profiled-long.eventlog", NULL);
  EsWindow *window = es_test_open_window (path);
  EsSession *session;
  EsDocument *document;
  EsProfilePanel *panel;
  const EsProfile *shown;
  g_autoptr(EsProfile) direct = NULL;
  const EsProfileFrame *frames;
  GtkWidget *area, *view, *entry;
  GtkSingleSelection *selection;
  GListModel *rows;
  Wanted wanted;
  guint64 end;
  g_autofree char *top = NULL, *cli = NULL, *expected_top = NULL, *expected_share = NULL;
  g_autoptr(GString) expected = g_string_new (NULL);
  g_autoptr(GPtrArray) flat = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GPtrArray) tree = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  guint n_rows_with_ticks = 0, n_matching = 0;
  guint64 matching_samples = 0;
  guint32 zoom = ES_PROFILE_NO_FRAME;

  es_test_wait_for_page (window, "timeline");
  session = es_window_get_session (window);
  document = es_session_get_document (session);
  panel = show_profile_tab (window);
  area = es_test_find_widget_of_type (GTK_WIDGET (panel), GTK_TYPE_DRAWING_AREA);
  view = es_test_find_widget_of_type (GTK_WIDGET (panel), GTK_TYPE_COLUMN_VIEW);
  g_assert_nonnull (area);
  g_assert_nonnull (view);

  /* The middle of the run, not on a sample's edge of any kind. */
  end = es_document_get_end_time (document);
  wanted = (Wanted) { panel, end / 3 + 12345, 2 * (end / 3) + 678 };
  es_session_select (session, wanted.t0, wanted.t1);
  es_test_wait_until (panel_shows, &wanted, 30);
  es_test_wait_until (is_allocated, area, 30);
  shown = es_profile_panel_get_profile (panel);
  g_assert_null (es_profile_panel_get_empty_text (panel));

  /* The same profile as the query's, computed here. */
  direct = es_profile_new (document, wanted.t0, wanted.t1);
  g_assert_cmpuint (direct->n_samples, >, 500);
  g_assert_cmpuint (shown->n_samples, ==, direct->n_samples);
  g_assert_cmpuint (es_profile_get_frames (shown)->len, ==, es_profile_get_frames (direct)->len);
  frames = (const EsProfileFrame *) (gpointer) es_profile_get_frames (direct)->data;
  /* The root says which interval it is: its ends, and its samples. */
  {
    guint64 resolution = 1;
    g_autofree char *from = NULL, *to = NULL, *count = es_stats_format_grouped (direct->n_samples);
    g_autofree char *root = NULL;

    while (resolution * 10 <= (wanted.t1 - wanted.t0) / 100)
      resolution *= 10;
    from = es_timeline_format_time (wanted.t0, resolution);
    to = es_timeline_format_time (wanted.t1, resolution);
    root = g_strdup_printf ("%s to %s, %s samples", from, to, count);
    g_test_message ("%s", root);
    g_assert_nonnull (es_test_find_label (GTK_WIDGET (panel), root));
    g_assert_null (es_test_find_label (GTK_WIDGET (panel), "All samples"));
  }

  /* The graph's top rows: every frame wide enough to draw, its samples,
   * and its width: its share of the area. */
  for (guint depth = 0; depth <= 2; depth++)
    for (guint i = 0; i < es_profile_get_frames (direct)->len; i++)
      {
        double width = (double) frames[i].inherited * gtk_widget_get_width (area) / (double) direct->n_samples;
        g_autofree char *name = name_of (&frames[i]);

        if (frames[i].depth != depth || width < ES_FLAME_GRAPH_MIN_WIDTH)
          continue;
        g_string_append_printf (expected, "%u\t%s\t%" G_GUINT64_FORMAT "\t%.0f\n", depth, name, frames[i].inherited, width);
      }
  top = es_profile_panel_dup_top_frames (panel, 2);
  g_test_message ("top frames:\n%s", top);
  g_assert_cmpstr (top, ==, expected->str);

  /* Hovering the frame with the most samples of its own. */
  {
    EsFlameGraphView fv = { .profile = direct, .zoom = ES_PROFILE_NO_FRAME,
                            .width = gtk_widget_get_width (area), .height = gtk_widget_get_height (area) };
    EsFlameGraphRect rect;
    guint32 busiest = 0;
    g_autofree char *tip = NULL, *name = NULL, *count = NULL, *expected_tip = NULL;

    for (guint i = 1; i < es_profile_get_frames (direct)->len; i++)
      if (frames[i].individual > frames[busiest].individual)
        busiest = i;
    g_assert_nonnull (frames[busiest].cc);
    g_assert_true (es_flame_graph_frame_rect (&fv, frames[busiest].node, &rect));
    tip = es_profile_panel_dup_tooltip_at (panel, rect.x + rect.width / 2, rect.y + rect.height / 2);
    name = name_of (&frames[busiest]);
    count = es_stats_format_grouped (frames[busiest].inherited);
    expected_tip = g_strdup_printf ("%s\n%s samples\n%.1f %% inherited, %.1f %% individual\n%s", name, count,
                                    100.0 * (double) frames[busiest].inherited / (double) direct->n_samples,
                                    100.0 * (double) frames[busiest].individual / (double) direct->n_samples,
                                    frames[busiest].cc->srcloc);
    g_assert_cmpstr (tip, ==, expected_tip);
  }

  /* Against the CLI's `profile --from --to`: the tree, frame by frame, as
   * "label module [src] %ind ticks %inh ticks". */
  cli = run_cli_profile (path, wanted.t0, wanted.t1);
  parse_cli_tables (cli, flat, tree);
  g_assert_cmpuint (tree->len, ==, es_profile_get_frames (shown)->len);
  for (guint i = 0; i < tree->len; i++)
    {
      GPtrArray *line = g_ptr_array_index (tree, i);
      const EsProfileFrame *f = &g_array_index (es_profile_get_frames (shown), EsProfileFrame, i);
      g_autofree char *name = name_of (f);
      g_autofree char *cli_name = g_strdup_printf ("%s (%s)", field (line, 1), field (line, 2));

      g_assert_cmpuint (g_ascii_strtoull (field (line, 0), NULL, 10), ==, f->depth);
      if (f->cc != NULL)
        g_assert_cmpstr (cli_name, ==, name);
      g_assert_cmpuint (g_ascii_strtoull (field (line, -3), NULL, 10), ==, f->individual);
      g_assert_cmpuint (g_ascii_strtoull (field (line, -1), NULL, 10), ==, f->inherited);
    }

  /* The table, as sorted at first (individual time, most first), against
   * the CLI's cost-centre table: label, module, share and ticks. */
  selection = GTK_SINGLE_SELECTION (gtk_column_view_get_model (GTK_COLUMN_VIEW (view)));
  rows = gtk_single_selection_get_model (selection);
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, direct->cost_centres->len);
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(EsProfileRow) row = g_list_model_get_item (rows, i);
      g_autofree char *label = es_profile_row_dup_text (row, ES_PROFILE_COLUMN_NAME);
      g_autofree char *module = es_profile_row_dup_text (row, ES_PROFILE_COLUMN_MODULE);
      g_autofree char *share = es_profile_row_dup_text (row, ES_PROFILE_COLUMN_INDIVIDUAL);
      g_autofree char *ticks = es_profile_row_dup_text (row, ES_PROFILE_COLUMN_TICKS);
      GPtrArray *line;

      if (es_profile_row_get_cost_centre (row)->individual == 0)
        continue;
      g_assert_cmpuint (n_rows_with_ticks, <, flat->len);
      line = g_ptr_array_index (flat, n_rows_with_ticks++);
      g_assert_cmpstr (label, ==, field (line, 1));
      g_assert_cmpstr (module, ==, field (line, 2));
      g_assert_cmpstr (share, ==, field (line, -2));
      g_assert_cmpstr (ticks, ==, field (line, -1));
    }
  g_assert_cmpuint (n_rows_with_ticks, ==, flat->len);

  /* Selecting a row chooses its cost centre for the timeline. */
  {
    g_autoptr(EsProfileRow) row = g_list_model_get_item (rows, 1);

    gtk_single_selection_set_selected (selection, 1);
    g_assert_cmpuint (es_session_get_chosen_cost_centre (session), ==, es_profile_row_get_cost_centre (row)->id);
  }

  /* Sortable: by inherited ticks, fewest first; the chosen row stays
   * selected. */
  {
    g_autoptr(GtkColumnViewColumn) inherited_ticks = g_list_model_get_item (gtk_column_view_get_columns (GTK_COLUMN_VIEW (view)), 6);
    g_autoptr(GtkColumnViewColumn) individual = g_list_model_get_item (gtk_column_view_get_columns (GTK_COLUMN_VIEW (view)), 3);
    guint64 last = 0;

    gtk_column_view_sort_by_column (GTK_COLUMN_VIEW (view), inherited_ticks, GTK_SORT_ASCENDING);
    g_assert_cmpuint (g_list_model_get_n_items (rows), ==, direct->cost_centres->len);
    for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
      {
        g_autoptr(EsProfileRow) row = g_list_model_get_item (rows, i);

        g_assert_cmpuint (es_profile_row_get_cost_centre (row)->inherited, >=, last);
        last = es_profile_row_get_cost_centre (row)->inherited;
      }
    g_assert_cmpuint (es_profile_row_get_cost_centre (gtk_single_selection_get_selected_item (selection))->id, ==,
                      es_session_get_chosen_cost_centre (session));
    gtk_column_view_sort_by_column (GTK_COLUMN_VIEW (view), individual, GTK_SORT_DESCENDING);
  }

  /* Clicking a frame (the widest under the root) zooms into it and
   * chooses it; the breadcrumb names it; Escape goes back up. */
  for (guint i = 1; i < es_profile_get_frames (direct)->len; i++)
    if (frames[i].depth == 1 && (zoom == ES_PROFILE_NO_FRAME || frames[i].inherited > frames[zoom].inherited))
      zoom = i;
  g_assert_cmpuint (zoom, !=, ES_PROFILE_NO_FRAME);
  es_profile_panel_activate_frame (panel, frames[zoom].node);
  g_assert_cmpuint (es_profile_panel_get_zoom (panel), ==, frames[zoom].node);
  g_assert_cmpuint (es_session_get_chosen_cost_centre (session), ==, frames[zoom].cost_centre);
  {
    g_autofree char *name = name_of (&frames[zoom]);

    g_assert_nonnull (es_test_find_label (GTK_WIDGET (panel), name));
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (panel), "profile.zoom-out", NULL));
  g_assert_cmpuint (es_profile_panel_get_zoom (panel), ==, frames[frames[zoom].parent].node);

  /* Deeper, then back to the whole interval by the breadcrumb's first
   * button. */
  {
    GtkWidget *all;

    for (guint i = zoom; i < frames[zoom].end; i++)
      if (frames[i].depth == frames[zoom].depth + 2)
        {
          es_profile_panel_activate_frame (panel, frames[i].node);
          break;
        }
    g_assert_cmpuint (frames[index_of_node (direct, es_profile_panel_get_zoom (panel))].depth, ==, frames[zoom].depth + 2);
    all = gtk_widget_get_ancestor (es_test_find_label (GTK_WIDGET (panel), " to "), GTK_TYPE_BUTTON);
    g_assert_nonnull (all);
    g_assert_true (gtk_widget_get_sensitive (all));
    g_signal_emit_by_name (all, "clicked");
    g_assert_cmpuint (es_profile_panel_get_zoom (panel), ==, ES_PROFILE_NO_FRAME);
    gtk_widget_activate_action (GTK_WIDGET (panel), "profile.zoom-out", NULL);
    g_assert_cmpuint (es_profile_panel_get_zoom (panel), ==, ES_PROFILE_NO_FRAME);
  }

  /* The search: its share is the samples with a matching frame anywhere
   * on their stack, each once, counted here over the tree by brute force;
   * the table keeps the matching cost centres. */
  for (guint i = 0; i < es_profile_get_frames (direct)->len; i++)
    {
      gboolean match = FALSE;

      for (guint32 up = i; up != ES_PROFILE_NO_FRAME && !match; up = frames[up].parent)
        {
          g_autofree char *name = name_of (&frames[up]);
          g_autofree char *folded = g_utf8_casefold (name, -1);

          match = strstr (folded, "phase") != NULL;
        }
      if (match)
        matching_samples += frames[i].individual;
    }
  for (guint i = 0; i < direct->cost_centres->len; i++)
    {
      g_autoptr(GString) name = g_string_new (NULL);
      g_autofree char *folded = NULL;

      es_profile_append_cost_centre_name (&g_array_index (direct->cost_centres, EsProfileCostCentre, i), name);
      folded = g_utf8_casefold (name->str, -1);
      n_matching += strstr (folded, "phase") != NULL;
    }
  g_assert_cmpuint (matching_samples, >, 0);
  g_assert_cmpuint (n_matching, >, 0);
  entry = es_test_find_widget_of_type (GTK_WIDGET (panel), GTK_TYPE_SEARCH_ENTRY);
  gtk_editable_set_text (GTK_EDITABLE (entry), "Phase");
  es_test_wait_until (share_is, &wanted, 10);
  expected_share = g_strdup_printf ("Phase: %.1f %% of samples", 100.0 * (double) matching_samples / (double) direct->n_samples);
  g_assert_cmpstr (es_profile_panel_get_share_text (panel), ==, expected_share);
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, n_matching);

  /* An interval before the first sample: no graph, and why. */
  {
    guint n_samples;
    const EsProfSample *samples = es_document_get_prof_samples (document, ES_PROF_SAMPLES, &n_samples);

    g_assert_cmpuint (samples[0].time, >, 1000);
    wanted.t0 = 0;
    wanted.t1 = samples[0].time - 1;
    es_session_select (session, wanted.t0, wanted.t1);
    es_test_wait_until (panel_shows, &wanted, 30);
    g_assert_cmpstr (es_profile_panel_get_empty_text (panel), ==, "No cost-centre samples in the selection");
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A log without samples says why, and how to get them. */
static void
test_empty_state (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "hello.eventlog", NULL);
  EsWindow *window = es_test_open_window (path);
  EsProfilePanel *panel;

  es_test_wait_for_page (window, "timeline");
  panel = show_profile_tab (window);
  es_test_wait_until (panel_is_empty, panel, 30);
  g_assert_nonnull (strstr (es_profile_panel_get_empty_text (panel), "+RTS -p -l"));
  g_assert_false (gtk_widget_get_mapped (es_test_find_widget_of_type (GTK_WIDGET (panel), GTK_TYPE_DRAWING_AREA)));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  if (!es_test_gui_init (&argc, &argv))
    return 0;
  g_test_add_func ("/profile-panel/selection", test_profile_of_selection);
  g_test_add_func ("/profile-panel/empty", test_empty_state);
  return g_test_run ();
}
