/* test-pause-panel.c: the Pauses tab, its table, and a column's pauses in
 * the GC tab
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "es-gc-item.h"
#include "es-gc-list.h"
#include "es-pause-chart.h"
#include "es-pause-panel.h"
#include "es-sidebar.h"
#include "es-test-gui.h"
#include "es-test-log.h"
#include "es-time.h"

/* The distribution of the GCs starting in [t0, t1], by brute force: every
 * pause sorted, the nearest rank read off. */
typedef struct
{
  guint   count;
  guint64 total, p50, p90, p99, p999, max;
} Expected;

static int
compare_u64 (gconstpointer a,
             gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return x < y ? -1 : x > y;
}

static guint64
nearest_rank (GArray *sorted,
              double  p)
{
  gsize rank = (gsize) ceil (sorted->len * p / 100 - 1e-9);

  return g_array_index (sorted, guint64, MAX (rank, 1) - 1);
}

static void
brute_force (EsDocument *document,
             guint64     t0,
             guint64     t1,
             int         generation,   /* -1 for all */
             Expected   *e)
{
  g_autoptr(GArray) pauses = g_array_new (FALSE, FALSE, sizeof (guint64));
  const EsGc *gcs;
  guint n;

  *e = (Expected) { 0 };
  gcs = es_document_get_gcs (document, &n);
  for (guint i = 0; i < n; i++)
    {
      guint64 pause = gcs[i].end - gcs[i].start;

      if (gcs[i].start < t0 || gcs[i].start > t1)
        continue;
      if (generation >= 0 && gcs[i].generation != (guint) generation)
        continue;
      g_array_append_val (pauses, pause);
      e->total += pause;
    }
  e->count = pauses->len;
  if (pauses->len == 0)
    return;
  g_array_sort (pauses, compare_u64);
  e->p50 = nearest_rank (pauses, 50);
  e->p90 = nearest_rank (pauses, 90);
  e->p99 = nearest_rank (pauses, 99);
  e->p999 = nearest_rank (pauses, 99.9);
  e->max = g_array_index (pauses, guint64, pauses->len - 1);
}

static void
assert_dist (const EsPauseDist *dist,
             const Expected    *e)
{
  g_assert_cmpuint (dist->count, ==, e->count);
  g_assert_cmpuint (dist->total, ==, e->total);
  g_assert_cmpuint (dist->p50, ==, e->p50);
  g_assert_cmpuint (dist->p90, ==, e->p90);
  g_assert_cmpuint (dist->p99, ==, e->p99);
  g_assert_cmpuint (dist->p999, ==, e->p999);
  g_assert_cmpuint (dist->max, ==, e->max);
}

/* The table's line for @name holds @e's figures: the count grouped, the
 * times each in the unit that shows it. */
static void
assert_table_line (const char     *text,
                   const char     *name,
                   const Expected *e)
{
  guint64 times[] = { e->total, e->p50, e->p90, e->p99, e->p999, e->max };
  g_autofree char *count = es_format_count (e->count);
  g_autoptr(GString) line = g_string_new (NULL);

  g_string_append_printf (line, "%s: %s", name, count);
  for (guint i = 0; i < G_N_ELEMENTS (times); i++)
    {
      g_autofree char *time = es_format_duration (times[i]);

      g_string_append_printf (line, " %s", time);
    }
  g_string_append_c (line, '\n');

  if (strstr (text, line->str) == NULL)
    g_error ("no line \"%s\" in:\n%s", line->str, text);
}

static gboolean
panel_shows (gpointer data)
{
  EsPausePanel *panel = data;
  g_autofree char *text = es_pause_panel_dup_text (panel);
  const char *needle = g_object_get_data (G_OBJECT (panel), "expected-heading");

  return strstr (text, needle) != NULL;
}

static void
wait_for_heading (EsPausePanel *panel,
                  const char   *needle)
{
  g_object_set_data (G_OBJECT (panel), "expected-heading", (gpointer) needle);
  es_test_wait_until (panel_shows, panel, 30);
}

static gboolean
is_drawn (gpointer data)
{
  return gtk_widget_get_width (data) > 100 && gtk_widget_get_mapped (data);
}

/* "Gen  0       708 colls, ... 0.0003s    0.0111s": the maximum pause of
 * @generation in the RTS's own summary, in s with 4 decimals. */
static double
rts_max_pause (const char *name,
               guint       generation)
{
  g_autofree char *path = es_test_fixture_path (name);
  g_autofree char *text = NULL;
  g_autofree char *prefix = g_strdup_printf ("Gen  %u", generation);
  g_auto(GStrv) lines = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = g_strstrip (lines[i]);

      if (g_str_has_prefix (line, prefix))
        {
          const char *last = strrchr (line, ' ');

          return g_ascii_strtod (last + 1, NULL);
        }
    }
  g_assert_not_reached ();
}

/* A press on the chart, as its click gesture reports one. */
static void
click_chart (GtkWidget *chart,
             double     x,
             double     y)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (chart);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_CLICK (controller))
        {
          g_signal_emit_by_name (controller, "pressed", 1, x, y);
          return;
        }
    }
  g_assert_not_reached ();
}

static void
test_table_and_bucket (void)
{
  g_autofree char *path = es_test_fixture_path ("alloc-A1m-N2.eventlog");
  EsWindow *window = es_test_open_window (path);
  EsSession *session;
  EsDocument *document;
  EsPausePanel *panel;
  GtkWidget *notebook, *chart, *sidebar, *sidebar_notebook, *gc_list, *close;
  GListModel *rows;
  EsPauseDists dists;
  Expected e;
  g_autofree char *text = NULL;
  g_autoptr(GArray) listed = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GArray) wanted = g_array_new (FALSE, FALSE, sizeof (guint64));
  int bucket = -1, y, click_x = -1;
  guint best = 0, expected_rows = 0, n_gcs;
  guint64 lo, hi, t0, t1;
  const EsGc *gcs;

  es_test_wait_for_page (window, "timeline");
  session = es_window_get_session (window);
  document = es_session_get_document (session);

  /* The third tab of the lower notebook. */
  panel = ES_PAUSE_PANEL (es_test_find_widget_of_type (GTK_WIDGET (window), ES_TYPE_PAUSE_PANEL));
  g_assert_nonnull (panel);
  notebook = gtk_widget_get_ancestor (GTK_WIDGET (panel), GTK_TYPE_NOTEBOOK);
  g_assert_cmpint (gtk_notebook_page_num (GTK_NOTEBOOK (notebook), GTK_WIDGET (panel)), ==, 2);
  gtk_notebook_set_current_page (GTK_NOTEBOOK (notebook), 2);
  wait_for_heading (panel, "whole run");

  /* Each generation and the total, as brute force finds them, and as the
   * RTS's own -s summary has their counts and longest pauses. */
  g_assert_true (es_pause_panel_get_dists (panel, &dists));
  g_assert_cmpuint (dists.n_generations, ==, 2);
  text = es_pause_panel_dup_text (panel);
  for (int g = -1; g < 2; g++)
    {
      g_autofree char *name = g >= 0 ? g_strdup_printf ("Generation %d", g) : g_strdup ("All");

      brute_force (document, 0, G_MAXUINT64, g, &e);
      g_assert_cmpuint (e.count, >, 10);
      assert_dist (g >= 0 ? &dists.gen[g] : &dists.all, &e);
      assert_table_line (text, name, &e);
      if (g >= 0)
        g_assert_cmpfloat (fabs (round (e.max / 1e5) / 1e4 - rts_max_pause ("alloc-A1m-N2.rts-s.txt", g)), <, 1e-9);
    }
  g_assert_cmpuint (dists.gen[0].count, ==, 708);
  g_assert_cmpuint (dists.gen[1].count, ==, 77);

  /* The column with the most pauses, found by where the chart draws it. */
  chart = es_pause_panel_get_chart (panel);
  es_test_wait_until (is_drawn, chart, 30);
  y = gtk_widget_get_height (chart) - 30;
  for (int x = 0; x < gtk_widget_get_width (chart); x++)
    {
      int b = es_pause_panel_bucket_at (panel, x, y);

      if (b >= 0 && dists.all.buckets[b] > best)
        {
          best = dists.all.buckets[b];
          bucket = b;
          click_x = x + 2;
        }
    }
  g_assert_cmpint (bucket, >=, 0);
  for (guint b = 0; b < ES_PAUSE_DIST_N_BUCKETS; b++)
    g_assert_cmpuint (dists.all.buckets[b], <=, best);

  /* Chosen: the GC tab is shown, and lists exactly the pauses in it. */
  sidebar = es_test_find_widget_of_type (GTK_WIDGET (window), ES_TYPE_SIDEBAR);
  sidebar_notebook = es_test_find_widget_of_type (sidebar, GTK_TYPE_NOTEBOOK);
  gc_list = es_test_find_widget_of_type (sidebar, ES_TYPE_GC_LIST);
  g_assert_cmpint (gtk_notebook_get_current_page (GTK_NOTEBOOK (sidebar_notebook)), !=,
                   gtk_notebook_page_num (GTK_NOTEBOOK (sidebar_notebook), gc_list));
  g_assert_null (es_gc_list_get_filter_text (ES_GC_LIST (gc_list)));
  click_chart (chart, click_x, y);
  g_assert_cmpint (gtk_notebook_get_current_page (GTK_NOTEBOOK (sidebar_notebook)), ==,
                   gtk_notebook_page_num (GTK_NOTEBOOK (sidebar_notebook), gc_list));
  g_assert_nonnull (es_gc_list_get_filter_text (ES_GC_LIST (gc_list)));
  g_assert_true (g_str_has_prefix (es_gc_list_get_filter_text (ES_GC_LIST (gc_list)), "Pauses from "));

  es_pause_chart_bucket_range (bucket, &lo, &hi);
  /* The bucket's edges from the header's definition, round (1000 ×
   * 10^(k/4)) ns. */
  g_assert_cmpuint (lo, ==, (guint64) round (1000 * pow (10, (bucket - 1) / 4.0)));
  g_assert_cmpuint (hi, ==, (guint64) round (1000 * pow (10, bucket / 4.0)));
  gcs = es_document_get_gcs (document, &n_gcs);
  for (guint i = 0; i < n_gcs; i++)
    if (gcs[i].end - gcs[i].start >= lo && gcs[i].end - gcs[i].start < hi)
      g_array_append_val (wanted, gcs[i].start);
  expected_rows = wanted->len;
  g_assert_cmpuint (expected_rows, ==, best);
  rows = es_gc_list_get_model (ES_GC_LIST (gc_list));
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, expected_rows);
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(EsGcItem) item = g_list_model_get_item (rows, i);
      const EsGc *gc = es_gc_item_get_gc (item);

      g_assert_cmpuint (gc->end - gc->start, >=, lo);
      g_assert_cmpuint (gc->end - gc->start, <, hi);
      g_array_append_val (listed, gc->start);
    }
  /* The same collections (by their start), each once. */
  g_array_sort (listed, compare_u64);
  g_assert_cmpmem (listed->data, listed->len * sizeof (guint64), wanted->data, wanted->len * sizeof (guint64));

  /* The bar's close button lists every GC again. */
  close = es_test_find_widget_of_type (gc_list, GTK_TYPE_BUTTON);
  g_assert_nonnull (close);
  g_signal_emit_by_name (close, "clicked");
  g_assert_null (es_gc_list_get_filter_text (ES_GC_LIST (gc_list)));
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, n_gcs);

  /* A selection: the pauses of the collections that start in it. */
  t0 = es_document_get_start_time (document) + (es_document_get_end_time (document) - es_document_get_start_time (document)) / 4;
  t1 = es_document_get_start_time (document) + (es_document_get_end_time (document) - es_document_get_start_time (document)) / 2;
  es_session_select (session, t0, t1);
  wait_for_heading (panel, "starting from");
  g_clear_pointer (&text, g_free);
  text = es_pause_panel_dup_text (panel);
  g_assert_true (es_pause_panel_get_dists (panel, &dists));
  brute_force (document, t0, t1, -1, &e);
  g_assert_cmpuint (e.count, >, 0);
  g_assert_cmpuint (e.count, <, dists.gen[0].count + 77);
  assert_dist (&dists.all, &e);
  assert_table_line (text, "All", &e);

  /* A bucket of the selection lists only the selection's pauses. */
  for (bucket = 0; dists.all.buckets[bucket] == 0; bucket++)
    ;
  es_pause_panel_select_bucket (panel, bucket);
  es_pause_chart_bucket_range (bucket, &lo, &hi);
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, dists.all.buckets[bucket]);
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(EsGcItem) item = g_list_model_get_item (rows, i);
      const EsGc *gc = es_gc_item_get_gc (item);

      g_assert_cmpuint (gc->start, >=, t0);
      g_assert_cmpuint (gc->start, <=, t1);
      g_assert_cmpuint (gc->end - gc->start, >=, lo);
      g_assert_cmpuint (gc->end - gc->start, <, hi);
    }

  /* Escape in the list shows every GC again. */
  gtk_widget_activate_action (gc_list, "pause-filter.clear", NULL);
  g_assert_null (es_gc_list_get_filter_text (ES_GC_LIST (gc_list)));
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, n_gcs);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A Mono log: the nursery and the major heap, as the distributions
 * compute them, and a column lists exactly its pauses so measured. The
 * runtime's wait of a second for the threads at exit is in no pause: the
 * longest is a collection's millisecond, and the longest column's GCs are
 * all that short. */
static void
test_mono (void)
{
  g_autofree char *path = es_test_fixture_path ("mlpd/gc-threads.mlpd");
  EsWindow *window = es_test_open_window (path);
  EsDocument *document;
  EsPausePanel *panel;
  GtkWidget *gc_list;
  EsPauseDists shown, direct;
  GListModel *rows;
  g_autofree char *text = NULL;
  guint bucket, n_gcs, wanted = 0;
  guint64 lo, hi;

  es_test_wait_for_page (window, "timeline");
  document = es_session_get_document (es_window_get_session (window));
  panel = ES_PAUSE_PANEL (es_test_find_widget_of_type (GTK_WIDGET (window), ES_TYPE_PAUSE_PANEL));
  wait_for_heading (panel, "whole run");
  g_assert_true (es_pause_panel_get_dists (panel, &shown));
  es_pause_dists_compute (document, 0, G_MAXUINT64, &direct);
  g_assert_cmpuint (direct.all.count, >, 0);
  g_assert_cmpuint (shown.n_generations, ==, 2);
  g_assert_cmpuint (direct.n_generations, ==, 2);
  for (guint g = 0; g <= 2; g++)
    {
      const EsPauseDist *a = g < 2 ? &shown.gen[g] : &shown.all, *b = g < 2 ? &direct.gen[g] : &direct.all;
      Expected e = { b->count, b->total, b->p50, b->p90, b->p99, b->p999, b->max };

      assert_dist (a, &e);
      g_assert_cmpmem (a->buckets, sizeof a->buckets, b->buckets, sizeof b->buckets);
    }
  text = es_pause_panel_dup_text (panel);
  g_assert_nonnull (strstr (text, "Nursery: "));
  g_assert_nonnull (strstr (text, "Major heap: "));

  for (bucket = ES_PAUSE_DIST_N_BUCKETS - 1; shown.all.buckets[bucket] == 0; bucket--)
    ;
  es_pause_panel_select_bucket (panel, bucket);
  es_pause_chart_bucket_range (bucket, &lo, &hi);
  es_document_get_gcs (document, &n_gcs);
  for (guint i = 0; i < n_gcs; i++)
    {
      guint64 pause = es_pause_dist_gc_pause (document, i);

      wanted += pause >= lo && pause < hi;
    }
  gc_list = es_test_find_widget_of_type (GTK_WIDGET (window), ES_TYPE_GC_LIST);
  rows = es_gc_list_get_model (ES_GC_LIST (gc_list));
  g_assert_cmpuint (wanted, ==, shown.all.buckets[bucket]);
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, wanted);

  g_assert_cmpuint (shown.all.count, ==, 13);
  g_assert_cmpuint (shown.all.max, <, 10000000);
  g_assert_cmpuint (shown.gen[1].total, <, 10000000);
  g_assert_cmpuint (hi, <=, 100000000);
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(EsGcItem) item = g_list_model_get_item (rows, i);
      const EsGc *gc = es_gc_item_get_gc (item);

      g_assert_cmpuint (gc->end - gc->start, <, 10000000);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  int status;

  if (!es_test_gui_init (&argc, &argv))
    return 0;

  g_test_add_func ("/pause-panel/table-and-bucket", test_table_and_bucket);
  g_test_add_func ("/pause-panel/mono", test_mono);

  status = g_test_run ();
  g_object_unref (es_test_app);
  return status;
}
