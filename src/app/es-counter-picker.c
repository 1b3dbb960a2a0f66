/* es-counter-picker.c: the Traces tab's choice of runtime counters
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "es-counter-picker.h"

/* A Mono log recorded with `counter` has a couple of hundred counters (the
 * JIT's, the GC's, the metadata's, the process's memory and times): too
 * many for a box each on the Traces tab, and most of them of interest to
 * the runtime's authors only. So the tab has one button, whose popover
 * lists the log's counters by section with a search, a box each: a box
 * ticked is a row under Heap (es_timeline_rows_set_counters()). The list
 * is made as the popover opens, from the document shown then: a live log's
 * counters come as it runs. */

#define PICKER_KEY "es-counter-picker-rows"

static void
counter_toggled_cb (GtkCheckButton *check,
                    EsTimelineRows *rows)
{
  const char *key = g_object_get_data (G_OBJECT (check), "counter-key");
  const char * const *shown = es_timeline_rows_get_counters (rows);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) counters = NULL;
  gboolean active = gtk_check_button_get_active (check);

  for (guint i = 0; shown != NULL && shown[i] != NULL; i++)
    if (!g_str_equal (shown[i], key))
      g_strv_builder_add (builder, shown[i]);
  if (active)
    g_strv_builder_add (builder, key);
  counters = g_strv_builder_end (builder);
  es_timeline_rows_set_counters (rows, (const char * const *) counters);
}

static gboolean
filter_row (GtkListBoxRow *row,
            gpointer       data)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (data));
  const char *key = g_object_get_data (G_OBJECT (row), "counter-key");
  g_autofree char *folded_name = NULL, *folded_text = NULL;

  if (text == NULL || *text == '\0')
    return TRUE;
  /* The sections' headings go with a search, which looks at the names:
   * "time" is not to find every counter of "Mono Runtime". */
  if (key == NULL)
    return FALSE;
  folded_name = g_utf8_casefold (strchr (key, '/') + 1, -1);
  folded_text = g_utf8_casefold (text, -1);
  return strstr (folded_name, folded_text) != NULL;
}

static void
search_changed_cb (GtkSearchEntry *entry,
                   GtkListBox     *list)
{
  gtk_list_box_invalidate_filter (list);
}

/* Fills @list with @rows' document's counters, by section in the order
 * the log describes them, ticked as shown. */
static void
fill_list (GtkListBox     *list,
           EsTimelineRows *rows)
{
  EsDocument *document = es_timeline_rows_get_document (rows);
  const char * const *shown = es_timeline_rows_get_counters (rows);
  guint n = document != NULL ? es_document_get_n_counters (document) : 0;
  g_autoptr(GPtrArray) sections = g_ptr_array_new ();
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
  if (n == 0)
    {
      GtkWidget *label = gtk_label_new (_("This log has no runtime counters: record it with Mono’s "
                                          "counter option (--profile=log:counter)"));

      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 36);
      gtk_widget_set_margin_top (label, 12);
      gtk_widget_set_margin_bottom (label, 12);
      gtk_list_box_append (list, label);
      return;
    }
  for (guint i = 0; i < n; i++)
    {
      const char *section = es_document_get_counter (document, i)->section;
      gboolean known = FALSE;

      for (guint s = 0; s < sections->len && !known; s++)
        known = g_str_equal (g_ptr_array_index (sections, s), section);
      if (!known)
        g_ptr_array_add (sections, (gpointer) section);
    }
  for (guint s = 0; s < sections->len; s++)
    {
      GtkWidget *heading = gtk_label_new (g_ptr_array_index (sections, s));

      gtk_label_set_xalign (GTK_LABEL (heading), 0);
      gtk_widget_add_css_class (heading, "heading");
      gtk_widget_set_margin_top (heading, 6);
      gtk_list_box_append (list, heading);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (gtk_widget_get_parent (heading)), FALSE);
      for (guint i = 0; i < n; i++)
        {
          const EsCounter *c = es_document_get_counter (document, i);
          g_autofree char *key = NULL;
          GtkWidget *check, *row;

          if (!g_str_equal (c->section, g_ptr_array_index (sections, s)))
            continue;
          key = es_timeline_counter_key (document, i);
          check = gtk_check_button_new_with_label (c->name);
          gtk_check_button_set_active (GTK_CHECK_BUTTON (check),
                                       shown != NULL && g_strv_contains (shown, key));
          g_object_set_data_full (G_OBJECT (check), "counter-key", g_strdup (key), g_free);
          g_signal_connect_object (check, "toggled", G_CALLBACK (counter_toggled_cb), rows, 0);
          gtk_list_box_append (list, check);
          row = gtk_widget_get_parent (check);
          g_object_set_data_full (G_OBJECT (row), "counter-key", g_steal_pointer (&key), g_free);
        }
    }
}

static void
popover_shown_cb (GtkWidget *popover,
                  GtkWidget *list)
{
  fill_list (GTK_LIST_BOX (list), g_object_get_data (G_OBJECT (popover), PICKER_KEY));
}

/**
 * es_counter_picker_new:
 *
 * The Traces tab's runtime counters: a hint and a button whose popover
 * lists the counters of @rows' log, a box each, ticked for those @rows
 * draws.
 *
 * Returns: (transfer floating): the picker
 */
GtkWidget *
es_counter_picker_new (EsTimelineRows *rows)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *hint = gtk_label_new (_("A Mono log recorded with the counter option has the runtime’s counters: "
                                     "each one chosen is a row under Heap."));
  GtkWidget *button = gtk_menu_button_new ();
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *search = gtk_search_entry_new ();
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *list = gtk_list_box_new ();

  g_return_val_if_fail (ES_IS_TIMELINE_ROWS (rows), box);

  gtk_widget_set_margin_top (box, 12);
  gtk_label_set_wrap (GTK_LABEL (hint), TRUE);
  gtk_label_set_xalign (GTK_LABEL (hint), 0);
  gtk_widget_add_css_class (hint, "dim-label");
  gtk_menu_button_set_label (GTK_MENU_BUTTON (button), _("Runtime counters…"));
  gtk_widget_set_tooltip_text (button, _("Choose the counters drawn as rows"));
  g_object_set (search, "placeholder-text", _("Search counters"), NULL);
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_list_box_set_filter_func (GTK_LIST_BOX (list), filter_row, search, NULL);
  g_signal_connect_object (search, "search-changed", G_CALLBACK (search_changed_cb), list, 0);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scroller), 320);
  gtk_scrolled_window_set_min_content_width (GTK_SCROLLED_WINDOW (scroller), 280);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), list);
  gtk_box_append (GTK_BOX (content), search);
  gtk_box_append (GTK_BOX (content), scroller);
  gtk_popover_set_child (GTK_POPOVER (popover), content);
  g_object_set_data_full (G_OBJECT (popover), PICKER_KEY, g_object_ref (rows), g_object_unref);
  g_signal_connect_object (popover, "show", G_CALLBACK (popover_shown_cb), list, 0);
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (button), popover);
  gtk_widget_set_name (button, "counter-picker");
  gtk_box_append (GTK_BOX (box), hint);
  gtk_box_append (GTK_BOX (box), button);
  return box;
}
