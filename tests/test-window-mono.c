/* test-window-mono.c: what the window says of a Mono log is what the log
 * records: its program, no heap size before its first, no bytes copied
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-gc-list.h"
#include "es-series.h"
#include "es-test-gui.h"
#include "es-test-log.h"
#include "es-time.h"
#include "es-timeline-describe.h"

/* The statistics name the program (its root domain), not the profiler's
 * options. */
static void
test_program_is_named (void)
{
  g_autofree char *path = es_test_fixture_path ("mlpd/gc-threads.mlpd");
  EsWindow *window = es_test_open_window (path);
  g_autofree char *text = es_test_wait_for_statistics (window, "Program: ");

  g_assert_nonnull (strstr (text, "Program: workers.exe\n"));
  g_assert_null (strstr (text, "log:gc"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* What the Heap row's tooltip says at @t. */
static char *
describe_heap_at (EsDocument *document,
                  guint64     t)
{
  g_autoptr(GArray) rows = es_timeline_layout (document, ES_TIMELINE_DEFAULT_ROWS);
  GString *out = g_string_new (NULL);
  EsTimelineView view = { document, 0, es_document_get_end_time (document), 1000, FALSE };

  for (guint i = 0; i < rows->len; i++)
    if (g_array_index (rows, EsTimelineRow, i).kind == ES_ROW_HEAP)
      g_assert_true (es_timeline_describe_row (out, &view, &g_array_index (rows, EsTimelineRow, i), t, 0));
  g_assert_cmpuint (out->len, >, 0);
  return g_string_free (out, FALSE);
}

/* Before a log's first heap size there is none to tell, not "0.0 MB";
 * a Mono log, which has no live data, tells none. */
static void
test_heap_tooltip_before_first_size (void)
{
  static const struct { const char *fixture; gboolean has_live; } logs[] = {
    { "mlpd/gc-threads.mlpd", FALSE },
    { "heap-hT-N2.eventlog", TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (logs); i++)
    {
      g_autoptr(EsDocument) document = es_test_load_fixture (logs[i].fixture);
      const EsSeries *size = es_document_get_heap_size (document);
      guint64 first = es_series_get_samples (size)[0].time;
      g_autofree char *before = NULL, *after = NULL, *expected = NULL;

      g_assert_cmpuint (first, >, 0);
      before = describe_heap_at (document, first - 1);
      after = describe_heap_at (document, first);
      expected = g_strdup_printf ("Heap size %.1f MB", es_series_get_samples (size)[0].value / 1e6);
      g_test_message ("%s: “%s”, then “%s”", logs[i].fixture, before, after);
      g_assert_true (g_str_has_prefix (before, "No heap size yet"));
      g_assert_null (strstr (before, "0.0 MB"));
      g_assert_true (g_str_has_prefix (after, expected));
      g_assert_true ((strstr (after, "live data") != NULL) == logs[i].has_live);
      g_assert_true ((strstr (before, "live data") != NULL) == logs[i].has_live);
    }
}

static void
collect_labels (GtkWidget *widget,
                GPtrArray *texts)
{
  if (GTK_IS_LABEL (widget))
    g_ptr_array_add (texts, (gpointer) gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_labels (child, texts);
}

static gboolean
has_rows (gpointer list)
{
  g_autoptr(GPtrArray) texts = g_ptr_array_new ();

  collect_labels (list, texts);
  return texts->len > 5 * 5;
}

/* How many of the GC list's cells for @fixture's collections say @text. */
static guint
count_cells (const char *fixture,
             const char *text)
{
  g_autoptr(EsDocument) document = es_test_load_fixture (fixture);
  g_autoptr(EsSession) session = es_session_new (document);
  g_autoptr(GPtrArray) texts = g_ptr_array_new ();
  GtkWidget *list = es_gc_list_new ();
  GtkWidget *window = gtk_window_new ();
  guint n = 0;

  gtk_window_set_child (GTK_WINDOW (window), list);
  gtk_window_set_default_size (GTK_WINDOW (window), 600, 800);
  es_gc_list_set_session (ES_GC_LIST (list), session);
  gtk_window_present (GTK_WINDOW (window));
  es_test_wait_until (has_rows, list, 10);
  collect_labels (list, texts);
  for (guint i = 0; i < texts->len; i++)
    n += g_str_equal (g_ptr_array_index (texts, i), text);
  gtk_window_destroy (GTK_WINDOW (window));
  return n;
}

/* Mono's log does not record the bytes a collection copied: the GC
 * list's Copied cells say "—" for each of its 13 pauses, not "0 bytes";
 * a GHC log's say what GC_STATS recorded. */
static void
test_gc_list_copied_unknown (void)
{
  g_assert_cmpuint (count_cells ("mlpd/gc-threads.mlpd", "—"), ==, 13);
  g_assert_cmpuint (count_cells ("mlpd/gc-threads.mlpd", "0 bytes"), ==, 0);
  g_assert_cmpuint (count_cells ("parfib-N2.eventlog", "—"), ==, 0);
}

/* What the row of the thread labelled @label says at @t. */
static char *
describe_thread_at (EsDocument *document,
                    const char *label,
                    guint64     t)
{
  g_autoptr(GArray) rows = es_timeline_layout (document, ES_TIMELINE_DEFAULT_ROWS);
  GString *out = g_string_new (NULL);
  EsTimelineView view = { document, 0, es_document_get_end_time (document), 1000, FALSE };

  for (guint i = 0; i < rows->len; i++)
    {
      const EsTimelineRow *row = &g_array_index (rows, EsTimelineRow, i);

      if (row->kind == ES_ROW_CAP && g_strcmp0 (es_document_get_cap_label (document, row->cap), label) == 0)
        g_assert_true (es_timeline_describe_row (out, &view, row, t, 0));
    }
  g_assert_cmpuint (out->len, >, 0);
  return g_string_free (out, FALSE);
}

/* The runtime's wait of a second for the threads at exit is said to be
 * what it is, with its length, and no GC; the collection after it is the
 * millisecond the world then stayed stopped. */
static void
test_exit_suspend_tooltip_is_no_gc (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("mlpd/gc-threads.mlpd");
  const EsMonoSummary *mono = es_document_get_mono_summary (document);
  guint n_gcs;
  const EsGc *gcs = es_document_get_gcs (document, &n_gcs);
  const EsGc *after = &gcs[mono->shutdown_pause];
  g_autofree char *pause = es_timeline_format_time (after->end - after->start, 1);
  g_autofree char *suspended = describe_thread_at (document, "Main", (mono->exit_suspend_start + mono->exit_suspend_end) / 2);
  g_autofree char *collecting = describe_thread_at (document, "Main", (after->start + after->end) / 2);
  g_autofree char *expected_gc = g_strdup_printf ("(major collection, world stopped for %s)", pause);

  g_test_message ("“%s”, then “%s”", suspended, collecting);
  /* As the statistics say it: "the suspend at exit, 1.0014s". */
  g_assert_cmpstr (suspended, ==, "Main: runtime suspending threads at exit, 1.0014 s");
  g_assert_null (strstr (suspended, "GC"));
  g_assert_null (strstr (suspended, "collection"));
  g_assert_true (g_str_has_prefix (collecting, "Main: "));
  g_assert_nonnull (strstr (collecting, expected_gc));
  g_assert_cmpuint (after->end - after->start, <, 10000000);
}

/* The GC list has the collection after the suspend at exit at its own
 * length, and no row as long as the suspend, or as the suspend and the
 * collection together (what it said of it before). */
static void
test_gc_list_has_no_exit_suspend (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("mlpd/gc-threads.mlpd");
  const EsMonoSummary *mono = es_document_get_mono_summary (document);
  guint n_gcs;
  const EsGc *gcs = es_document_get_gcs (document, &n_gcs);
  const EsGc *after = &gcs[mono->shutdown_pause];
  g_autofree char *collection = es_format_duration (after->end - after->start);
  g_autofree char *suspend = es_format_duration (mono->exit_suspend_end - mono->exit_suspend_start);
  g_autofree char *both = es_format_duration (after->end - mono->exit_suspend_start);

  g_assert_cmpuint (count_cells ("mlpd/gc-threads.mlpd", collection), >=, 1);
  g_assert_cmpuint (count_cells ("mlpd/gc-threads.mlpd", suspend), ==, 0);
  g_assert_cmpuint (count_cells ("mlpd/gc-threads.mlpd", both), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  int status;

  if (!es_test_gui_init (&argc, &argv))
    return 0;

  g_test_add_func ("/mono-window/program-is-named", test_program_is_named);
  g_test_add_func ("/mono-window/heap-tooltip-before-first-size", test_heap_tooltip_before_first_size);
  g_test_add_func ("/mono-window/gc-list-copied-unknown", test_gc_list_copied_unknown);
  g_test_add_func ("/mono-window/exit-suspend-tooltip-is-no-gc", test_exit_suspend_tooltip_is_no_gc);
  g_test_add_func ("/mono-window/gc-list-has-no-exit-suspend", test_gc_list_has_no_exit_suspend);

  status = g_test_run ();
  g_object_unref (es_test_app);
  return status;
}
