/* es-window.c
 *
 * Copyright 2026 The Eventscope authors
 *
 * This program is free software: you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation, either version 3 of the License, or
 * (at your option) any later version.
 *
 * This program is distributed in the hope that it will be useful,
 * but WITHOUT ANY WARRANTY; without even the implied warranty of
 * MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
 * GNU General Public License for more details.
 *
 * You should have received a copy of the GNU General Public License
 * along with this program.  If not, see <https://www.gnu.org/licenses/>.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "es-window.h"

/* Only what the placeholder page shows; the timeline will parse the file
 * on a worker thread through the core library. */
#define ES_WINDOW_FILE_ATTRIBUTES              \
  G_FILE_ATTRIBUTE_STANDARD_DISPLAY_NAME ","   \
  G_FILE_ATTRIBUTE_STANDARD_SIZE ","           \
  G_FILE_ATTRIBUTE_STANDARD_TYPE

struct _EsWindow
{
  GtkApplicationWindow  parent_instance;

  /* Template widgets */
  GtkLabel             *title_label;
  GtkLabel             *subtitle_label;
  GtkStack             *stack;
  GtkLabel             *file_name_label;
  GtkLabel             *file_size_label;
  GtkSpinner           *spinner;

  /* The file shown, or NULL while the window is empty */
  GFile                *file;
  /* Cancels the pending query of @file when another file or the window
   * replaces it */
  GCancellable         *cancellable;
  /* The open dialog while it is shown */
  GtkNativeDialog      *chooser;
};

G_DEFINE_FINAL_TYPE (EsWindow, es_window, GTK_TYPE_APPLICATION_WINDOW)

/**
 * es_window_new:
 * @application: the #EsApplication
 *
 * Returns: (transfer none): a new, empty window owned by @application
 */
EsWindow *
es_window_new (EsApplication *application)
{
  g_return_val_if_fail (ES_IS_APPLICATION (application), NULL);

  return g_object_new (ES_TYPE_WINDOW,
                       "application", application,
                       NULL);
}

/**
 * es_window_get_file:
 * @self: a #EsWindow
 *
 * Returns: (transfer none) (nullable): the file shown, or %NULL if the
 *   window is empty
 */
GFile *
es_window_get_file (EsWindow *self)
{
  g_return_val_if_fail (ES_IS_WINDOW (self), NULL);

  return self->file;
}

static GSettings *
es_window_get_settings (EsWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  if (!ES_IS_APPLICATION (app))
    return NULL;

  return es_application_get_settings (ES_APPLICATION (app));
}

static void
es_window_set_titles (EsWindow   *self,
                      const char *title,
                      const char *subtitle)
{
  gtk_window_set_title (GTK_WINDOW (self), title);
  gtk_label_set_text (self->title_label, title);
  gtk_label_set_text (self->subtitle_label, subtitle != NULL ? subtitle : "");
  gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label),
                          subtitle != NULL && subtitle[0] != '\0');
}

/* The folder of @file for the header bar, with the home folder as "~".
 * Only path arithmetic: no I/O. */
static char *
es_window_dup_folder_label (GFile *file)
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

static void
es_window_show_empty (EsWindow *self)
{
  g_clear_object (&self->file);
  gtk_spinner_stop (self->spinner);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), FALSE);
  es_window_set_titles (self, _("Eventscope"), NULL);
  gtk_stack_set_visible_child_name (self->stack, "empty");
}

static void
es_window_show_error (EsWindow     *self,
                      GFile        *file,
                      const GError *error)
{
  g_autofree char *name = NULL;
  GtkWidget *dialog;

  name = g_file_get_parse_name (file);

  es_window_show_empty (self);

  dialog = gtk_message_dialog_new (GTK_WINDOW (self),
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_ERROR,
                                   GTK_BUTTONS_CLOSE,
                                   _("Could not open “%s”"),
                                   name);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog),
                                            "%s", error->message);
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
es_window_query_info_cb (GObject      *object,
                         GAsyncResult *result,
                         gpointer      user_data)
{
  GFile *file = G_FILE (object);
  g_autoptr(EsWindow) self = user_data;
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *size_text = NULL;
  g_autofree char *folder = NULL;
  const char *display_name;

  info = g_file_query_info_finish (file, result, &error);

  /* Cancelled, or finished just as another file replaced this one */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) ||
      self->file != file)
    return;

  gtk_spinner_stop (self->spinner);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), FALSE);

  if (info == NULL)
    {
      es_window_show_error (self, file, error);
      return;
    }

  if (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
    {
      g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY,
                           _("This is a folder, not an eventlog file."));
      es_window_show_error (self, file, error);
      return;
    }

  display_name = g_file_info_get_display_name (info);
  folder = es_window_dup_folder_label (file);
  es_window_set_titles (self, display_name, folder);
  gtk_label_set_text (self->file_name_label, display_name);

  /* "2.9 kB (2,959 bytes)" */
  size_text = g_format_size_full (g_file_info_get_size (info),
                                  G_FORMAT_SIZE_LONG_FORMAT);
  gtk_label_set_text (self->file_size_label, size_text);
}

/**
 * es_window_open_file:
 * @self: a #EsWindow
 * @file: the eventlog to show
 *
 * Shows @file in @self. The file is only inspected asynchronously, so
 * this returns at once.
 */
void
es_window_open_file (EsWindow *self,
                     GFile    *file)
{
  g_autofree char *name = NULL;
  g_autofree char *folder = NULL;

  g_return_if_fail (ES_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();

  g_set_object (&self->file, file);

  /* The basename is a good guess until the display name arrives. */
  name = g_file_get_basename (file);
  folder = es_window_dup_folder_label (file);
  es_window_set_titles (self, name, folder);
  gtk_label_set_text (self->file_name_label, name);
  gtk_label_set_text (self->file_size_label, _("Reading file information…"));
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), TRUE);
  gtk_spinner_start (self->spinner);
  gtk_stack_set_visible_child_name (self->stack, "file");

  g_file_query_info_async (file,
                           ES_WINDOW_FILE_ATTRIBUTES,
                           G_FILE_QUERY_INFO_NONE,
                           G_PRIORITY_DEFAULT,
                           self->cancellable,
                           es_window_query_info_cb,
                           g_object_ref (self));
}

static void
es_window_chooser_response_cb (GtkNativeDialog *chooser,
                               int              response,
                               gpointer         user_data)
{
  EsWindow *self = user_data;
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

  if (file != NULL)
    {
      GSettings *settings = es_window_get_settings (self);
      g_autoptr(GFile) folder = g_file_get_parent (file);

      if (settings != NULL && folder != NULL)
        {
          g_autofree char *uri = g_file_get_uri (folder);

          g_settings_set_string (settings, "last-folder", uri);
        }

      if (self->file == NULL)
        {
          es_window_open_file (self, file);
        }
      else
        {
          GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
          GFile *files[] = { file };

          /* This window already shows a file: one window per file. */
          if (app != NULL)
            g_application_open (G_APPLICATION (app), files, G_N_ELEMENTS (files), "");
        }
    }

  /* Dropping the last reference from the handler is what GTK's own
   * GtkFileChooserNative example does. */
  g_clear_object (&self->chooser);
}

static void
es_window_open_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  EsWindow *self = ES_WINDOW (widget);
  g_autoptr(GtkFileFilter) eventlogs = NULL;
  g_autoptr(GtkFileFilter) all_files = NULL;
  g_autofree char *last_folder = NULL;
  GtkFileChooserNative *chooser;
  GSettings *settings;

  if (self->chooser != NULL)
    return;

  /* GtkFileChooserNative goes through the file-chooser portal inside a
   * Flatpak. GtkFileDialog would replace it, but needs GTK 4.10. */
  chooser = gtk_file_chooser_native_new (_("Open Eventlog"),
                                         GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_OPEN,
                                         _("_Open"),
                                         _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);

  eventlogs = gtk_file_filter_new ();
  gtk_file_filter_set_name (eventlogs, _("GHC Eventlogs"));
  gtk_file_filter_add_pattern (eventlogs, "*.eventlog");
  gtk_file_filter_add_mime_type (eventlogs, "application/x-ghc-eventlog");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), eventlogs);

  all_files = gtk_file_filter_new ();
  gtk_file_filter_set_name (all_files, _("All Files"));
  gtk_file_filter_add_pattern (all_files, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), all_files);

  gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (chooser), eventlogs);

  settings = es_window_get_settings (self);
  if (settings != NULL)
    last_folder = g_settings_get_string (settings, "last-folder");

  if (last_folder != NULL && last_folder[0] != '\0')
    {
      g_autoptr(GFile) folder = g_file_new_for_uri (last_folder);

      /* A folder that has gone away is no reason to fail. */
      gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
    }

  g_signal_connect_object (chooser, "response",
                           G_CALLBACK (es_window_chooser_response_cb),
                           self, 0);

  self->chooser = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (self->chooser);
}

static void
es_window_save_state (EsWindow *self)
{
  GSettings *settings = es_window_get_settings (self);
  gboolean maximized;
  int width;
  int height;

  if (settings == NULL)
    return;

  maximized = gtk_window_is_maximized (GTK_WINDOW (self));
  g_settings_set_boolean (settings, "window-maximized", maximized);

  /* The default size follows the unmaximized size in GTK 4. */
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  if (width > 0 && height > 0)
    {
      g_settings_set_int (settings, "window-width", width);
      g_settings_set_int (settings, "window-height", height);
    }
}

static gboolean
es_window_close_request (GtkWindow *window)
{
  es_window_save_state (ES_WINDOW (window));

  if (GTK_WINDOW_CLASS (es_window_parent_class)->close_request != NULL)
    return GTK_WINDOW_CLASS (es_window_parent_class)->close_request (window);

  return FALSE;
}

static void
es_window_constructed (GObject *object)
{
  EsWindow *self = ES_WINDOW (object);
  GSettings *settings;

  G_OBJECT_CLASS (es_window_parent_class)->constructed (object);

  /* The application is only known once construct properties are set. */
  settings = es_window_get_settings (self);
  if (settings != NULL)
    {
      gtk_window_set_default_size (GTK_WINDOW (self),
                                   g_settings_get_int (settings, "window-width"),
                                   g_settings_get_int (settings, "window-height"));
      if (g_settings_get_boolean (settings, "window-maximized"))
        gtk_window_maximize (GTK_WINDOW (self));
    }
}

static void
es_window_dispose (GObject *object)
{
  EsWindow *self = ES_WINDOW (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);

  g_clear_object (&self->file);

  G_OBJECT_CLASS (es_window_parent_class)->dispose (object);
}

static void
es_window_class_init (EsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = es_window_constructed;
  object_class->dispose = es_window_dispose;

  window_class->close_request = es_window_close_request;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/es-window.ui");
  gtk_widget_class_bind_template_child (widget_class, EsWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, EsWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, EsWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, EsWindow, file_name_label);
  gtk_widget_class_bind_template_child (widget_class, EsWindow, file_size_label);
  gtk_widget_class_bind_template_child (widget_class, EsWindow, spinner);

  gtk_widget_class_install_action (widget_class, "win.open", NULL, es_window_open_action);
}

static void
es_window_init (EsWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
