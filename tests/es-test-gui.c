/* es-test-gui.c: driving the viewer in a real window, for the GUI tests
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-live-follower.h"
#include "es-session.h"
#include "es-stats-panel.h"
#include "es-test-gui.h"

EsApplication *es_test_app;

/* Runs the main loop until @done says so, failing after @seconds. */
void
es_test_wait_until (gboolean   (*done) (gpointer data),
            gpointer     data,
            double       seconds)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);

  while (!done (data))
    {
      g_main_context_iteration (NULL, FALSE);
      if (g_get_monotonic_time () > deadline)
        g_error ("timed out after %.0f s", seconds);
      g_usleep (1000);
    }
}

static gboolean
page_is (gpointer data)
{
  EsWindow *window = data;
  GtkWidget *stack = g_object_get_data (G_OBJECT (window), "expected-page-stack");
  const char *expected = g_object_get_data (G_OBJECT (window), "expected-page");

  return g_strcmp0 (gtk_stack_get_visible_child_name (GTK_STACK (stack)), expected) == 0;
}

static gboolean
statistics_mention (gpointer data)
{
  EsWindow *window = data;
  g_autofree char *text = es_stats_panel_dup_text (es_window_get_stats_panel (window));

  return strstr (text, g_object_get_data (G_OBJECT (window), "expected-statistics")) != NULL;
}

/**
 * es_test_wait_for_statistics:
 *
 * Waits until the statistics panel's text contains @needle.
 *
 * Returns: (transfer full): the panel's text then.
 */
char *
es_test_wait_for_statistics (EsWindow   *window,
                             const char *needle)
{
  g_object_set_data (G_OBJECT (window), "expected-statistics", (gpointer) needle);
  es_test_wait_until (statistics_mention, window, 30);
  return es_stats_panel_dup_text (es_window_get_stats_panel (window));
}

/**
 * es_test_find_widget:
 * @match: whether a widget is the one sought, given @data
 *
 * Returns: (nullable): the first widget under @widget (not @widget
 *   itself), depth first, that @match says is the one
 */
GtkWidget *
es_test_find_widget (GtkWidget         *widget,
                     EsTestWidgetMatch  match,
                     gconstpointer      data)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (match (child, data))
        return child;
      if ((found = es_test_find_widget (child, match, data)) != NULL)
        return found;
    }
  return NULL;
}

static gboolean
is_of_type (GtkWidget     *widget,
            gconstpointer  type)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, GPOINTER_TO_SIZE (type));
}

GtkWidget *
es_test_find_widget_of_type (GtkWidget *widget,
                     GType      type)
{
  return es_test_find_widget (widget, is_of_type, GSIZE_TO_POINTER (type));
}

void
es_test_wait_for_page (EsWindow   *window,
               const char *page)
{
  g_object_set_data (G_OBJECT (window), "expected-page-stack", es_test_find_widget_of_type (GTK_WIDGET (window), GTK_TYPE_STACK));
  g_object_set_data (G_OBJECT (window), "expected-page", (gpointer) page);
  es_test_wait_until (page_is, window, 30);
}

static gboolean
is_check_button_labelled (GtkWidget     *widget,
                          gconstpointer  label)
{
  return GTK_IS_CHECK_BUTTON (widget) && g_strcmp0 (gtk_check_button_get_label (GTK_CHECK_BUTTON (widget)), label) == 0;
}

GtkWidget *
es_test_find_check_button (GtkWidget  *widget,
                   const char *label)
{
  return es_test_find_widget (widget, is_check_button_labelled, label);
}

/* The first label under @widget whose text holds @needle, and that is
 * visible with all its parents up to @widget. */
GtkWidget *
es_test_find_label (GtkWidget  *widget,
                    const char *needle)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (!gtk_widget_get_visible (child))
        continue;
      if (GTK_IS_LABEL (child) &&
          strstr (gtk_label_get_text (GTK_LABEL (child)), needle) != NULL)
        return child;
      if ((found = es_test_find_label (child, needle)) != NULL)
        return found;
    }
  return NULL;
}

EsWindow *
es_test_open_window (const char *path)
{
  EsWindow *window = es_window_new (es_test_app);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  gtk_window_present (GTK_WINDOW (window));
  es_window_open_file (window, file);
  return window;
}


/* A window following @source (recording it in @record, or not), shown as
 * es_test_open_window() shows a file. */
EsWindow *
es_test_follow_in_window (const char *source,
                          const char *record)
{
  EsWindow *window = es_window_new (es_test_app);

  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  gtk_window_present (GTK_WINDOW (window));
  es_window_follow (window, source, record);
  g_assert_nonnull (es_window_get_live_follower (window));
  return window;
}

/* For es_test_wait_until(): whether @window's follower has stopped. */
gboolean
es_test_follower_ended (gpointer window)
{
  return !es_live_follower_is_live (es_window_get_live_follower (window));
}

/* The document @window shows, or NULL. */
EsDocument *
es_test_shown_document (EsWindow *window)
{
  EsSession *session = es_window_get_session (window);

  return session != NULL ? es_session_get_document (session) : NULL;
}

/* Xvfb without a D-Bus session: GTK says so, harmlessly. */
static gboolean
tolerate_missing_session_bus (const char     *domain,
                              GLogLevelFlags  level,
                              const char     *message,
                              gpointer        data)
{
  return strstr (message, "session bus") == NULL;
}

/**
 * es_test_gui_init:
 *
 * Sets up gtest and GTK, and es_test_app. Without a display it prints a
 * visible TAP skip and returns %FALSE: the program should exit 0 then.
 */
gboolean
es_test_gui_init (int    *argc,
                  char ***argv)
{
  g_test_init (argc, argv, NULL);
  g_test_log_set_fatal_handler (tolerate_missing_session_bus, NULL);
  if (!gtk_init_check ())
    {
      /* A visible skip in TAP, which meson reports as SKIP. */
      g_print ("1..0 # SKIP no display: run the GUI tests under xvfb-run\n");
      return FALSE;
    }
  es_test_app = es_application_new ();
  /* Each test program its own instance: with a D-Bus session (a
   * developer's desktop), the application's name would otherwise be
   * another's (a test running beside, or Eventscope itself), and this
   * one a remote of it, with no windows of its own. */
  g_application_set_flags (G_APPLICATION (es_test_app),
                           g_application_get_flags (G_APPLICATION (es_test_app)) | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (es_test_app), NULL, NULL);
  return TRUE;
}

/* The first of @widget's controllers of @type, or %NULL. */
GtkEventController *
es_test_find_controller (GtkWidget *widget,
                         GType      type)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (controller, type))
        return controller;
    }
  return NULL;
}
