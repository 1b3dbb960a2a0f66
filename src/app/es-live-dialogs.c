/* es-live-dialogs.c: naming a live source, and keeping what was received
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "es-live-dialogs.h"
#include "es-live-source.h"

/* The last source named, offered again: a person restarting their
 * program follows the same address over and over. */
static char *last_source;

typedef struct
{
  GtkWindow              *dialog;
  GtkWindow              *parent;
  GtkEntry               *entry;
  GtkLabel               *problem;
  EsLiveSourceChosenFunc  chosen;
} SourceDialog;

static void
source_dialog_free (gpointer data)
{
  g_free (data);
}

/* Refuses, in the dialog, what cannot be followed (a malformed address, a
 * missing file); a socket that is not there yet is fine: it is waited for. */
static void
follow_clicked_cb (SourceDialog *dialog)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (dialog->entry));
  g_autofree char *source = g_strstrip (g_strdup (text));
  g_autoptr(EsLiveSource) check = NULL;
  g_autoptr(GError) error = NULL;
  GtkWindow *parent = dialog->parent;
  EsLiveSourceChosenFunc chosen = dialog->chosen;

  if (source[0] == '\0')
    return;
  if (g_str_equal (source, "-"))
    {
      gtk_label_set_text (dialog->problem, _("The window has no standard input: start eventscope with “-” on its command line instead."));
      gtk_widget_set_visible (GTK_WIDGET (dialog->problem), TRUE);
      return;
    }
  check = es_live_source_new (source, &error);
  if (check == NULL)
    {
      gtk_label_set_text (dialog->problem, error->message);
      gtk_widget_set_visible (GTK_WIDGET (dialog->problem), TRUE);
      return;
    }
  g_clear_pointer (&check, es_live_source_free);
  g_free (last_source);
  last_source = g_strdup (source);
  gtk_window_destroy (dialog->dialog);
  chosen (parent, source);
}

/**
 * es_live_source_dialog_new:
 * @chosen: called with the source named, once the dialog is gone
 *
 * The "Open Live Source" dialog: a FIFO, a socket or a file being written.
 *
 * Returns: (transfer none): the dialog, presented
 */
GtkWindow *
es_live_source_dialog_new (GtkWindow              *parent,
                           EsLiveSourceChosenFunc  chosen)
{
  SourceDialog *dialog = g_new0 (SourceDialog, 1);
  GtkWidget *header, *cancel, *follow, *box, *hint;

  dialog->parent = parent;
  dialog->chosen = chosen;
  dialog->dialog = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_title (dialog->dialog, _("Open Live Source"));
  gtk_window_set_transient_for (dialog->dialog, parent);
  gtk_window_set_modal (dialog->dialog, TRUE);
  gtk_window_set_destroy_with_parent (dialog->dialog, TRUE);
  gtk_window_set_default_size (dialog->dialog, 520, -1);
  g_object_set_data_full (G_OBJECT (dialog->dialog), "es-source-dialog", dialog, source_dialog_free);

  header = gtk_header_bar_new ();
  gtk_header_bar_set_show_title_buttons (GTK_HEADER_BAR (header), FALSE);
  cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (gtk_window_destroy), dialog->dialog);
  follow = gtk_button_new_with_mnemonic (_("_Follow"));
  gtk_widget_add_css_class (follow, "suggested-action");
  g_signal_connect_swapped (follow, "clicked", G_CALLBACK (follow_clicked_cb), dialog);
  gtk_header_bar_pack_start (GTK_HEADER_BAR (header), cancel);
  gtk_header_bar_pack_end (GTK_HEADER_BAR (header), follow);
  gtk_window_set_titlebar (dialog->dialog, header);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  hint = gtk_label_new (_("Follow a program’s log while it runs: a FIFO it writes with "
                          "+RTS -l -ol/tmp/prog.fifo, a log file still being written, or the socket "
                          "eventlog-socket serves (unix:/tmp/prog.sock or tcp:127.0.0.1:4242). "
                          "A socket that is not there yet is waited for."));
  gtk_label_set_wrap (GTK_LABEL (hint), TRUE);
  gtk_label_set_xalign (GTK_LABEL (hint), 0);
  gtk_label_set_max_width_chars (GTK_LABEL (hint), 60);
  gtk_box_append (GTK_BOX (box), hint);

  dialog->entry = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_placeholder_text (dialog->entry, "/tmp/prog.fifo");
  gtk_editable_set_text (GTK_EDITABLE (dialog->entry), last_source != NULL ? last_source : "");
  gtk_entry_set_activates_default (dialog->entry, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (dialog->entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Live source"), -1);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (dialog->entry));

  dialog->problem = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (dialog->problem, TRUE);
  gtk_label_set_xalign (dialog->problem, 0);
  gtk_widget_add_css_class (GTK_WIDGET (dialog->problem), "error");
  gtk_widget_set_visible (GTK_WIDGET (dialog->problem), FALSE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (dialog->problem));

  gtk_window_set_child (dialog->dialog, box);
  gtk_window_set_default_widget (dialog->dialog, follow);
  gtk_window_present (dialog->dialog);
  return dialog->dialog;
}

/* A copy in progress holds the follower, whose temporary record would
 * otherwise go with a window closed meanwhile. */
typedef struct
{
  GtkWindow      *parent;
  EsLiveFollower *follower;
} RecordCopy;

static void
record_copy_free (RecordCopy *copy)
{
  g_object_unref (copy->parent);
  g_object_unref (copy->follower);
  g_free (copy);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RecordCopy, record_copy_free)

static void
copied_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(RecordCopy) copy = user_data;
  g_autoptr(GError) error = NULL;
  GtkWidget *dialog;

  if (g_file_copy_finish (G_FILE (source), result, &error))
    return;
  dialog = gtk_message_dialog_new (copy->parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE, _("Could Not Save the Log"));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", error->message);
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
save_chosen_cb (GtkNativeDialog *chooser,
                int              response,
                EsLiveFollower  *follower)
{
  g_autoptr(GFile) file = NULL;
  GtkWindow *parent = gtk_native_dialog_get_transient_for (chooser);

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  if (file != NULL)
    {
      g_autoptr(GFile) record = g_file_new_for_path (es_live_follower_get_record_path (follower));
      RecordCopy *copy = g_new (RecordCopy, 1);

      copy->parent = g_object_ref (parent);
      copy->follower = g_object_ref (follower);
      /* What has come so far: a copy made while the program runs has the
       * bytes received until now, and can be saved again at the end. */
      g_file_copy_async (record, file, G_FILE_COPY_OVERWRITE, G_PRIORITY_DEFAULT, NULL, NULL, NULL,
                         copied_cb, copy);
    }
  g_object_unref (follower);
  g_object_unref (chooser);
}

/**
 * es_live_save_record:
 *
 * Asks where to keep the bytes received from @follower's source, then
 * copies them there: a stream is otherwise only in a temporary file.
 */
void
es_live_save_record (GtkWindow      *parent,
                     EsLiveFollower *follower)
{
  EsDocument *document = es_live_follower_get_document (follower);
  g_autofree char *base = g_path_get_basename (es_live_follower_get_address (follower));
  g_autofree char *name = NULL;
  GtkFileChooserNative *chooser;
  char *dot = strrchr (base, '.');

  if (dot != NULL && dot != base)
    *dot = '\0';
  name = g_strconcat (base, document != NULL && es_document_get_format (document) == ES_DOCUMENT_MONO_LOG
                            ? ".mlpd" : ".eventlog", NULL);
  chooser = gtk_file_chooser_native_new (_("Save the Log"), parent, GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Save"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_signal_connect (chooser, "response", G_CALLBACK (save_chosen_cb), g_object_ref (follower));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}
