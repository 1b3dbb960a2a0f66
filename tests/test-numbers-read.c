/* test-numbers-read.c: the statistics and the Pauses panel write numbers
 * as people read them
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <gtk/gtk.h>

#include "es-pause-panel.h"
#include "es-session.h"
#include "es-test-gui.h"
#include "es-test-log.h"

static gboolean
pause_panel_mentions (gpointer data)
{
  EsPausePanel *panel = data;
  g_autofree char *text = es_pause_panel_dup_text (panel);

  return strstr (text, g_object_get_data (G_OBJECT (panel), "expected")) != NULL;
}

static char *
wait_for_pause_panel (EsPausePanel *panel,
                      const char   *needle)
{
  g_object_set_data (G_OBJECT (panel), "expected", (gpointer) needle);
  es_test_wait_until (pause_panel_mentions, panel, 30);
  return es_pause_panel_dup_text (panel);
}

/* parfib's 9 collections of generation 0 took 146 µs: "+RTS -s" prints
 * their average as 0.0000s, the panel in microseconds. Its 4909 sparks
 * are grouped by thousands. */
static void
test_statistics_in_units_that_show_them (void)
{
  g_autofree char *path = es_test_fixture_path ("parfib-N2.eventlog");
  EsWindow *window = es_test_open_window (path);
  g_autofree char *text = NULL;

  es_test_wait_for_page (window, "timeline");
  text = es_test_wait_for_statistics (window, "\nGen 0: ");
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "\nGen 0: 9 colls, 9 par, 146 \302\265s, avg 16.2 \302\265s, max 50.0 \302\265s\n"));
  g_assert_nonnull (strstr (text, "\nSparks Total: 4,909 63 0 0 7 4,839\n"));
  g_assert_null (strstr (text, "0.0000 s"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A run without sparks says so, where it had a table of zeros. */
static void
test_no_sparks_said (void)
{
  g_autofree char *path = es_test_fixture_path ("alloc-A1m-N2.eventlog");
  EsWindow *window = es_test_open_window (path);
  g_autofree char *text = NULL;

  es_test_wait_for_page (window, "timeline");
  text = es_test_wait_for_statistics (window, "\nSparks");
  g_assert_nonnull (strstr (text, "\nSparks\nSparks: None: the program made no sparks\n"));
  g_assert_null (strstr (text, "Sparks Total"));
  g_assert_null (strstr (text, "Sparks 0:"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A Mono log's major collection alone: its nursery row says it has no
 * pauses, where it had a 0 and six times 0. */
static void
test_nursery_without_pauses_said (void)
{
  g_autofree char *path = es_test_fixture_path ("mlpd/alloc-small.mlpd");
  EsWindow *window = es_test_open_window (path);
  EsSession *session;
  EsPausePanel *panel;
  const EsGc *gcs, *major = NULL;
  g_autofree char *text = NULL;
  guint n_gcs;

  es_test_wait_for_page (window, "timeline");
  session = es_window_get_session (window);
  gcs = es_document_get_gcs (es_session_get_document (session), &n_gcs);
  for (guint i = 0; i < n_gcs; i++)
    if (gcs[i].generation == 1)
      major = &gcs[i];
  g_assert_nonnull (major);
  panel = ES_PAUSE_PANEL (es_test_find_widget_of_type (GTK_WIDGET (window), ES_TYPE_PAUSE_PANEL));
  g_free (wait_for_pause_panel (panel, "whole run"));
  es_session_select (session, major->start, major->end);
  text = wait_for_pause_panel (panel, "starting from");
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "\nNursery: no pauses\n"));
  g_assert_nonnull (strstr (text, "\nMajor heap: 1 "));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  if (!es_test_gui_init (&argc, &argv))
    return 0;
  g_test_add_func ("/numbers/statistics-in-units-that-show-them", test_statistics_in_units_that_show_them);
  g_test_add_func ("/numbers/no-sparks-said", test_no_sparks_said);
  g_test_add_func ("/numbers/nursery-without-pauses-said", test_nursery_without_pauses_said);
  return g_test_run ();
}
