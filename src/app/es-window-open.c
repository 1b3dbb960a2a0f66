/* es-window-open.c: how a log comes to the window: the Open and Compare
 * With dialogs, a file dropped on it, the sample log
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "es-compare-window.h"
#include "es-log-filters.h"
#include "es-window-drop.h"
#include "es-window-private.h"

void
_es_window_open_sample_action (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *parameter)
{
  EsWindow *self = ES_WINDOW (widget);
  const char *candidates[] = { g_getenv ("EVENTSCOPE_SAMPLE"), SAMPLE_LOG_INSTALLED, SAMPLE_LOG_SOURCE };

  for (guint i = 0; i < G_N_ELEMENTS (candidates); i++)
    if (candidates[i] != NULL && g_file_test (candidates[i], G_FILE_TEST_IS_REGULAR))
      {
        g_autoptr(GFile) file = g_file_new_for_path (candidates[i]);

        es_window_open_file (self, file);
        return;
      }
}

gboolean
_es_window_drop_cb (GtkDropTarget *target,
                    const GValue  *value,
                    double         x,
                    double         y,
                    EsWindow      *self)
{
  GSList *files = g_value_get_boxed (value);

  if (files == NULL)
    return FALSE;
  if (self->file == NULL || gtk_stack_get_visible_child_name (self->stack) == NULL ||
      g_str_equal (gtk_stack_get_visible_child_name (self->stack), "error"))
    es_window_open_file (self, files->data);
  else
    es_window_drop_ask (GTK_WINDOW (self), self->file, files->data,
                        gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (target)));
  return TRUE;
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
      GSettings *settings = _es_window_get_settings (self);
      g_autoptr(GFile) folder = g_file_get_parent (file);

      if (settings != NULL && folder != NULL)
        {
          g_autofree char *uri = g_file_get_uri (folder);

          g_settings_set_string (settings, "last-folder", uri);
        }

      if (self->chooser_compares && self->file != NULL)
        {
          GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

          gtk_window_present (GTK_WINDOW (es_compare_window_new (app, self->file, file)));
        }
      else if (self->file == NULL)
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

/* The Open dialog, for a log to show or (@compare) to compare the one
 * shown with. */
static void
es_window_show_chooser (EsWindow *self,
                        gboolean  compare)
{
  GtkFileChooserNative *chooser;

  if (self->chooser != NULL)
    return;
  chooser = es_log_chooser_new (GTK_WINDOW (self), compare ? _("Compare With") : _("Open Log"),
                                compare ? _("_Compare") : _("_Open"), _es_window_get_settings (self));
  self->chooser_compares = compare;
  g_signal_connect_object (chooser, "response",
                           G_CALLBACK (es_window_chooser_response_cb),
                           self, 0);
  self->chooser = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (self->chooser);
}

void
_es_window_open_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  es_window_show_chooser (ES_WINDOW (widget), FALSE);
}

/* "Compare With…": the log shown is run A, the one chosen run B. */
void
_es_window_compare_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  EsWindow *self = ES_WINDOW (widget);

  if (self->file != NULL)
    es_window_show_chooser (self, TRUE);
}
