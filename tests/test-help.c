/* test-help.c: F1, the menu's Help and the statistics panel's link open the
 * user guide, at the page that answers
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-application.h"
#include "es-test-gui.h"
#include "es-test-log.h"

/* The URIs asked for, in order: the test has no Yelp to open them. */
static GPtrArray *launched;

static void
record_launch (GtkWindow  *parent,
               const char *uri,
               gpointer    user_data)
{
  g_ptr_array_add (launched, g_strdup (uri));
}

/* Every help: URI the app builds names a page that help/C has: a link to a
 * page renamed or never written would open Yelp on "not found". */
static void
assert_page_exists (const char *uri)
{
  const char *page;
  g_autofree char *file = NULL;
  g_autofree char *path = NULL;

  g_assert_true (g_str_has_prefix (uri, "help:" HELP_ID));
  page = uri + strlen ("help:" HELP_ID);
  if (*page == '\0')
    page = "/index";
  g_assert_cmpint (*page, ==, '/');
  file = g_strconcat (page + 1, ".page", NULL);
  path = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "..", "help", "C", file, NULL);
  g_test_message ("%s: %s", uri, path);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
}

static void
test_action_and_accel (void)
{
  g_auto(GStrv) accels = NULL;
  GAction *action;

  action = g_action_map_lookup_action (G_ACTION_MAP (es_test_app), "help");
  g_assert_nonnull (action);
  g_assert_null (g_action_get_parameter_type (action));
  g_assert_true (g_action_get_enabled (action));

  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (es_test_app), "app.help");
  g_assert_nonnull (accels);
  g_assert_cmpstr (accels[0], ==, "F1");

  action = g_action_map_lookup_action (G_ACTION_MAP (es_test_app), "help-page");
  g_assert_nonnull (action);
  g_assert_true (g_variant_type_equal (g_action_get_parameter_type (action), G_VARIANT_TYPE_STRING));
}

/* The action F1 is bound to, activated from a window as its shortcut
 * controller does, asks for the guide's front page. */
static void
test_f1_opens_the_guide (void)
{
  g_autofree char *path = es_test_fixture_path ("parfib-N2.eventlog");
  EsWindow *window = es_test_open_window (path);

  g_ptr_array_set_size (launched, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "app.help", NULL));
  g_assert_cmpuint (launched->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (launched, 0), ==, "help:" HELP_ID);
  assert_page_exists (g_ptr_array_index (launched, 0));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
has_menu_model (GtkWidget     *widget,
                gconstpointer  unused)
{
  return GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)) != NULL;
}

/* The menu of the first menu button under @widget that has one. */
static GMenuModel *
find_menu_model (GtkWidget *widget)
{
  GtkWidget *button = es_test_find_widget (widget, has_menu_model, NULL);

  return button != NULL ? gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button)) : NULL;
}

static gboolean
menu_has_action (GMenuModel *menu,
                 const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *name = NULL;
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);

      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &name) &&
          g_strcmp0 (name, action) == 0)
        return TRUE;
      if (section != NULL && menu_has_action (section, action))
        return TRUE;
    }
  return FALSE;
}

/* The primary menu has Help, and the shortcuts window lists F1. */
static void
test_menu_and_shortcuts_window (void)
{
  EsWindow *window = es_window_new (es_test_app);
  /* The primary menu is the window's only menu button with a model. */
  GMenuModel *menu = find_menu_model (GTK_WIDGET (window));
  GtkShortcutsWindow *overlay;
  gboolean found = FALSE;

  g_assert_nonnull (menu);
  g_assert_true (menu_has_action (menu, "app.help"));

  overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  g_assert_nonnull (overlay);
  for (GtkWidget *w = GTK_WIDGET (overlay); w != NULL && !found;)
    {
      /* Depth-first over the window's widgets, for the shortcut with F1. */
      if (GTK_IS_SHORTCUTS_SHORTCUT (w))
        {
          g_autofree char *accel = NULL;

          g_object_get (w, "accelerator", &accel, NULL);
          found = g_strcmp0 (accel, "F1") == 0;
        }
      if (gtk_widget_get_first_child (w) != NULL)
        w = gtk_widget_get_first_child (w);
      else
        {
          while (w != NULL && w != GTK_WIDGET (overlay) && gtk_widget_get_next_sibling (w) == NULL)
            w = gtk_widget_get_parent (w);
          w = (w == NULL || w == GTK_WIDGET (overlay)) ? NULL : gtk_widget_get_next_sibling (w);
        }
    }
  g_assert_true (found);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A log without a collection says so in the statistics, with a link to
 * the page that tells how to record them: Mono's options for a Mono log. */
static void
test_no_gc_statistics_links_to_the_guide (void)
{
  g_autofree char *path = es_test_fixture_path ("mlpd/nogc.mlpd");
  EsWindow *window = es_test_open_window (path);
  g_autofree char *text = es_test_wait_for_statistics (window, "No GC statistics in this log");
  GtkWidget *label = es_test_find_label (GTK_WIDGET (window), "No GC statistics in this log");
  gboolean handled = FALSE;

  g_assert_nonnull (label);
  g_ptr_array_set_size (launched, 0);
  g_signal_emit_by_name (label, "activate-link", "help:" HELP_ID "/mono", &handled);
  g_assert_true (handled);
  g_assert_cmpuint (launched->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (launched, 0), ==, "help:" HELP_ID "/mono");
  assert_page_exists (g_ptr_array_index (launched, 0));
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (label)), "href=\"help:" HELP_ID "/mono\""));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A log with collections has no such line; the GHC page the line would
 * name exists too. */
static void
test_gc_statistics_no_link (void)
{
  g_autofree char *path = es_test_fixture_path ("parfib-N2.eventlog");
  EsWindow *window = es_test_open_window (path);
  g_autofree char *text = es_test_wait_for_statistics (window, "Program: ");
  g_autofree char *ghc_uri = es_application_help_uri ("gc-statistics");

  g_assert_null (strstr (text, "No GC statistics"));
  assert_page_exists (ghc_uri);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  int status;

  if (!es_test_gui_init (&argc, &argv))
    return 0;

  launched = g_ptr_array_new_with_free_func (g_free);
  es_application_set_help_launcher (es_test_app, record_launch, NULL);

  g_test_add_func ("/help/action-and-accel", test_action_and_accel);
  g_test_add_func ("/help/f1-opens-the-guide", test_f1_opens_the_guide);
  g_test_add_func ("/help/menu-and-shortcuts-window", test_menu_and_shortcuts_window);
  g_test_add_func ("/help/no-gc-statistics-links-to-the-guide", test_no_gc_statistics_links_to_the_guide);
  g_test_add_func ("/help/gc-statistics-no-link", test_gc_statistics_no_link);

  status = g_test_run ();
  g_ptr_array_unref (launched);
  g_object_unref (es_test_app);
  return status;
}
