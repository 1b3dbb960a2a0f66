/* test-translation.c: the app in German, through the whole gettext path
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <string.h>

#include <glib/gi18n.h>
#include <gtk/gtk.h>

#include "es-application.h"
#include "es-timeline-painter.h"
#include "es-window.h"

static EsApplication *app;

static gboolean
has_label (GtkWidget  *widget,
           const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (has_label (child, text))
      return TRUE;
  return FALSE;
}

static GtkWidget *
find_menu_button (GtkWidget *widget)
{
  if (GTK_IS_MENU_BUTTON (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_menu_button (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The window's own strings, its menu, and the painter's words. */
static void
test_window_in_german (void)
{
  EsWindow *window = es_window_new (app);
  GtkWidget *titlebar, *menu_button;
  GMenuModel *menu;
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);

  g_assert_cmpstr (_("No Log Open"), ==, "Kein Log geöffnet");
  g_assert_true (has_label (GTK_WIDGET (window), "Kein Log geöffnet"));

  titlebar = gtk_window_get_titlebar (GTK_WINDOW (window));
  menu_button = find_menu_button (titlebar);
  g_assert_nonnull (menu_button);
  menu = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (menu_button));
  g_assert_nonnull (menu);
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);
      GMenuModel *items = section != NULL ? section : menu;

      for (int j = 0; j < g_menu_model_get_n_items (items); j++)
        {
          char *label = NULL;

          if (g_menu_model_get_item_attribute (items, j, G_MENU_ATTRIBUTE_LABEL, "s", &label))
            g_ptr_array_add (labels, label);
        }
      if (section == NULL)
        break;
    }
  g_assert_true (g_ptr_array_find_with_equal_func (labels, "_Beenden", g_str_equal, NULL));
  g_assert_true (g_ptr_array_find_with_equal_func (labels, "_Tastenkürzel", g_str_equal, NULL));

  g_assert_cmpstr (es_timeline_color_name (ES_COLOR_RUNNING), ==, "Läuft");
  /* Counts are formatted apart (es_format_count()): the messages take them
   * as text. */
  g_assert_cmpstr (g_dngettext (GETTEXT_PACKAGE, "%s match", "%s matches", 2), ==, "%s Treffer");
  g_assert_cmpstr (_("no pauses"), ==, "keine Pausen");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  int status;

  /* C.UTF-8 is built into glibc, and unlike "C" it lets LANGUAGE choose. */
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_setenv ("LANGUAGE", "de", TRUE);
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("ES_LOCALE_DIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display: run the GUI tests under xvfb-run\n");
      return 0;
    }
  app = es_application_new ();
  g_application_register (G_APPLICATION (app), NULL, NULL);
  g_test_add_func ("/translation/window-in-german", test_window_in_german);
  status = g_test_run ();
  g_object_unref (app);
  return status;
}
