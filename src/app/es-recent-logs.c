/* es-recent-logs.c: the eventlogs opened lately, kept in the settings
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-recent-logs.h"

/* The settings keep the list (GtkRecentManager is the fallback when the
 * schema is not installed), and GtkRecentManager gets every log too, so
 * that the file chooser's Recent shows it. */

/* The folder of @file for the header bar, with the home folder as "~".
 * Only path arithmetic: no I/O. */
char *
es_recent_logs_dup_folder_label (GFile *file)
{
  g_autoptr(GFile) parent = NULL;
  g_autoptr(GFile) home = NULL;
  g_autofree char *relative = NULL;

  parent = g_file_get_parent (file);
  if (parent == NULL)
    return NULL;

  home = g_file_new_for_path (g_get_home_dir ());
  if (g_file_equal (parent, home))
    return g_strdup ("~");

  relative = g_file_get_relative_path (home, parent);
  if (relative != NULL)
    return g_build_filename ("~", relative, NULL);

  return g_file_get_parse_name (parent);
}

#define MAX_RECENT 6   /* shown on the empty page */
#define MAX_STORED 10  /* kept in the settings */

static int
compare_recent (gconstpointer a,
                gconstpointer b)
{
  GtkRecentInfo *ia = *(GtkRecentInfo * const *) a, *ib = *(GtkRecentInfo * const *) b;
  g_autoptr(GDateTime) ta = g_date_time_ref (gtk_recent_info_get_modified (ia));
  g_autoptr(GDateTime) tb = g_date_time_ref (gtk_recent_info_get_modified (ib));

  return g_date_time_compare (tb, ta);
}

/* The logs opened lately, newest first: the settings' list, or
 * GtkRecentManager's when the schema is not installed. */
static GStrv
dup_recent_uris (GSettings *settings)
{
  GList *items;
  g_autoptr(GPtrArray) logs = g_ptr_array_new ();
  g_autoptr(GStrvBuilder) uris = g_strv_builder_new ();

  if (settings != NULL)
    return g_settings_get_strv (settings, "recent-files");

  items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  for (GList *l = items; l != NULL; l = l->next)
    if (g_str_has_suffix (gtk_recent_info_get_uri (l->data), ".eventlog") ||
        g_str_has_suffix (gtk_recent_info_get_uri (l->data), ".mlpd"))
      g_ptr_array_add (logs, l->data);
  g_ptr_array_sort (logs, compare_recent);
  for (guint i = 0; i < logs->len; i++)
    g_strv_builder_add (uris, gtk_recent_info_get_uri (g_ptr_array_index (logs, i)));
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
  return g_strv_builder_end (uris);
}

/* Records @file first in the settings' list and in GtkRecentManager's (so
 * the file chooser's Recent has it too). */
void
es_recent_logs_remember (GSettings *settings,
                         GFile     *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  g_auto(GStrv) old = NULL;
  g_autoptr(GStrvBuilder) uris = NULL;
  g_auto(GStrv) updated = NULL;
  guint n = 1;

  gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
  if (settings == NULL)
    return;
  old = g_settings_get_strv (settings, "recent-files");
  uris = g_strv_builder_new ();
  g_strv_builder_add (uris, uri);
  for (guint i = 0; old[i] != NULL && n < MAX_STORED; i++)
    if (g_strcmp0 (old[i], uri) != 0)
      {
        g_strv_builder_add (uris, old[i]);
        n++;
      }
  updated = g_strv_builder_end (uris);
  g_settings_set_strv (settings, "recent-files", (const char * const *) updated);
}

/* Lists in @list the recent eventlogs that still exist, as rows whose
 * "file" is the GFile. Returns: how many. */
guint
es_recent_logs_fill (GtkListBox *list,
                     GSettings  *settings)
{
  g_auto(GStrv) uris = dup_recent_uris (settings);
  GtkWidget *child;
  guint shown = 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);

  for (guint i = 0; uris[i] != NULL && shown < MAX_RECENT; i++)
    {
      g_autoptr(GFile) file = g_file_new_for_uri (uris[i]);
      g_autofree char *folder = NULL;
      g_autofree char *basename = NULL;
      GtkWidget *row, *name, *where;

      /* A stat of a few local files: cheap enough for the main thread. */
      if (!g_file_is_native (file) || !g_file_query_exists (file, NULL))
        continue;
      folder = es_recent_logs_dup_folder_label (file);
      basename = g_file_get_basename (file);
      row = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      name = gtk_label_new (basename);
      where = gtk_label_new (folder);
      gtk_label_set_xalign (GTK_LABEL (name), 0);
      gtk_label_set_xalign (GTK_LABEL (where), 0);
      gtk_label_set_ellipsize (GTK_LABEL (where), PANGO_ELLIPSIZE_START);
      gtk_widget_add_css_class (where, "dim-label");
      gtk_widget_add_css_class (where, "caption");
      gtk_widget_set_margin_start (row, 12);
      gtk_widget_set_margin_end (row, 12);
      gtk_widget_set_margin_top (row, 6);
      gtk_widget_set_margin_bottom (row, 6);
      gtk_box_append (GTK_BOX (row), name);
      gtk_box_append (GTK_BOX (row), where);
      gtk_list_box_append (list, row);
      g_object_set_data_full (G_OBJECT (gtk_widget_get_parent (row)), "file", g_steal_pointer (&file), g_object_unref);
      shown++;
    }
  return shown;
}
