/* es-log-filters.c: the file types the open dialog offers
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "es-log-filters.h"

/* Each format both by name and by type: a name is all a file chooser
 * portal may match on, and the type (data/eventscope-mime.xml) also finds a
 * log saved under another name by its first bytes. A gzip-compressed Mono
 * log has only its name to go by. */
static void
append_filter (GListStore *store,
               const char *name,
               gboolean    ghc,
               gboolean    mono)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  if (ghc)
    {
      gtk_file_filter_add_pattern (filter, "*.eventlog");
      gtk_file_filter_add_mime_type (filter, "application/x-ghc-eventlog");
    }
  if (mono)
    {
      gtk_file_filter_add_pattern (filter, "*.mlpd");
      gtk_file_filter_add_mime_type (filter, "application/x-mono-log-profile");
    }
  if (!ghc && !mono)
    gtk_file_filter_add_pattern (filter, "*");
  g_list_store_append (store, filter);
}

/**
 * es_log_filters_new:
 *
 * The filters of the open dialog, in the order it lists them: every log
 * Eventscope reads, GHC eventlogs, Mono log profiles, any file. The first
 * one is the dialog's default.
 *
 * Returns: (transfer full): a list of #GtkFileFilter
 */
GListModel *
es_log_filters_new (void)
{
  GListStore *store = g_list_store_new (GTK_TYPE_FILE_FILTER);

  append_filter (store, _("All Supported Logs"), TRUE, TRUE);
  append_filter (store, _("GHC Eventlogs"), TRUE, FALSE);
  append_filter (store, _("Mono Log Profiles"), FALSE, TRUE);
  append_filter (store, _("All Files"), FALSE, FALSE);

  return G_LIST_MODEL (store);
}

/**
 * es_log_chooser_new:
 * @settings: (nullable): where the folder a log was last opened from is
 *
 * Returns: (transfer full): a modal dialog to choose a log with, every
 *   supported log its default filter, starting in the last folder
 */
GtkFileChooserNative *
es_log_chooser_new (GtkWindow  *parent,
                    const char *title,
                    const char *accept_label,
                    GSettings  *settings)
{
  g_autoptr(GListModel) filters = es_log_filters_new ();
  g_autofree char *last_folder = NULL;
  GtkFileChooserNative *chooser;

  /* GtkFileChooserNative goes through the file-chooser portal inside a
   * Flatpak. GtkFileDialog would replace it, but needs GTK 4.10. */
  chooser = gtk_file_chooser_native_new (title, parent, GTK_FILE_CHOOSER_ACTION_OPEN, accept_label, _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  for (guint i = 0; i < g_list_model_get_n_items (filters); i++)
    {
      g_autoptr(GtkFileFilter) filter = g_list_model_get_item (filters, i);

      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
      if (i == 0)
        gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (chooser), filter);
    }
  if (settings != NULL)
    last_folder = g_settings_get_string (settings, "last-folder");
  if (last_folder != NULL && last_folder[0] != '\0')
    {
      g_autoptr(GFile) folder = g_file_new_for_uri (last_folder);

      /* A folder that has gone away is no reason to fail. */
      gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
    }
  return chooser;
}
