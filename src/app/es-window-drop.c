/* es-window-drop.c: a log dropped on a window that shows one
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "es-compare-window.h"
#include "es-window-drop.h"

/* A second log dropped on a window may be one to look at on its own or
 * one to compare with the log shown: with Shift or Ctrl held it is
 * compared at once; without, a small dialog asks. */

/**
 * es_window_drop_choose:
 *
 * Opens @dropped in a window of its own, or a comparison of @shown (run A)
 * with @dropped (run B).
 */
void
es_window_drop_choose (GtkWindow    *parent,
                       GFile        *shown,
                       GFile        *dropped,
                       EsDropChoice  choice)
{
  GtkApplication *app = gtk_window_get_application (parent);

  g_return_if_fail (G_IS_FILE (shown) && G_IS_FILE (dropped));

  if (app == NULL)
    return;
  if (choice == ES_DROP_COMPARE)
    gtk_window_present (GTK_WINDOW (es_compare_window_new (app, shown, dropped)));
  else if (choice == ES_DROP_OPEN)
    g_application_open (G_APPLICATION (app), &dropped, 1, "");
}

static void
response_cb (GtkDialog *dialog,
             int        response,
             gpointer   user_data)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (dialog));
  GFile *shown = g_object_get_data (G_OBJECT (dialog), "shown");
  GFile *dropped = g_object_get_data (G_OBJECT (dialog), "dropped");

  if (parent != NULL && (response == ES_DROP_OPEN || response == ES_DROP_COMPARE))
    es_window_drop_choose (parent, shown, dropped, response);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/**
 * es_window_drop_ask:
 * @shown: the log @parent shows
 * @modifiers: the keys held when it was dropped
 *
 * Compares at once with Shift or Ctrl held; otherwise asks whether to open
 * @dropped or compare the logs.
 *
 * Returns: (transfer none) (nullable): the dialog asking, or NULL
 */
GtkWidget *
es_window_drop_ask (GtkWindow       *parent,
                    GFile           *shown,
                    GFile           *dropped,
                    GdkModifierType  modifiers)
{
  g_autofree char *shown_name = NULL;
  g_autofree char *dropped_name = NULL;
  GtkWidget *dialog;

  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (G_IS_FILE (shown) && G_IS_FILE (dropped), NULL);

  if (modifiers & (GDK_SHIFT_MASK | GDK_CONTROL_MASK))
    {
      es_window_drop_choose (parent, shown, dropped, ES_DROP_COMPARE);
      return NULL;
    }
  shown_name = g_file_get_basename (shown);
  dropped_name = g_file_get_basename (dropped);
  dialog = gtk_message_dialog_new (parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   _("Open %s or Compare It With %s?"), dropped_name, shown_name);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog),
                                            _("Comparing shows both runs on one time axis, %s as run A. "
                                              "Hold Shift while dropping to compare without asking."),
                                            shown_name);
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL,
                          _("_Open"), ES_DROP_OPEN, _("_Compare"), ES_DROP_COMPARE, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), ES_DROP_COMPARE);
  g_object_set_data_full (G_OBJECT (dialog), "shown", g_object_ref (shown), g_object_unref);
  g_object_set_data_full (G_OBJECT (dialog), "dropped", g_object_ref (dropped), g_object_unref);
  g_signal_connect (dialog, "response", G_CALLBACK (response_cb), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}
