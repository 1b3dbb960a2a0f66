/* es-event-columns.c: the event list's columns, their cells and highlights
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "es-event-columns.h"
#include "es-event-item.h"

/* The columns of the event list (EsEventList): time, cap, thread and
 * description, one label a cell. The rows bound are kept, so that the
 * matches of a new search are marked in the rows in view at once. */

typedef enum
{
  COLUMN_TIME,
  COLUMN_CAP,
  COLUMN_THREAD,
  COLUMN_DESCRIPTION,
} Column;

struct _EsEventColumns
{
  EsEventColumnsMarks marks;
  gpointer            user_data;
  GHashTable         *bound;    /* GtkListItem -> its Column + 1 */
};

static void
setup_cell_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  column)
{
  /* Widths for the longest usual values, so columns do not jump as rows
   * scroll by. */
  static const int width_chars[] = { [COLUMN_TIME] = 14, [COLUMN_CAP] = 3, [COLUMN_THREAD] = 6 };
  GtkInscription *label = GTK_INSCRIPTION (gtk_inscription_new (NULL));

  gtk_inscription_set_text_overflow (label, GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
  if (GPOINTER_TO_UINT (column) == COLUMN_DESCRIPTION)
    {
      gtk_inscription_set_xalign (label, 0);
      gtk_inscription_set_nat_chars (label, 60);
    }
  else
    {
      gtk_inscription_set_xalign (label, 1);
      gtk_inscription_set_min_chars (label, width_chars[GPOINTER_TO_UINT (column)]);
      gtk_inscription_set_nat_chars (label, width_chars[GPOINTER_TO_UINT (column)]);
    }
  gtk_widget_add_css_class (GTK_WIDGET (label), "numeric");
  gtk_list_item_set_child (item, GTK_WIDGET (label));
}

static void
highlight_cell (EsEventColumns *self,
                GtkListItem    *item)
{
  EsEventItem *event = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);

  if (event != NULL && self->marks (es_event_item_get_row (event), self->user_data))
    gtk_widget_add_css_class (label, "search-match");
  else
    gtk_widget_remove_css_class (label, "search-match");
}

static void
show_cell (EsEventColumns *self,
           GtkListItem    *item,
           Column          column)
{
  EsEventItem *event = gtk_list_item_get_item (item);
  g_autofree char *text = NULL;
  guint64 time = es_event_item_get_time (event);
  guint32 thread;

  switch (column)
    {
    case COLUMN_TIME:
      /* Seconds to the nanosecond: events a few ns apart stay apart. A
       * blank row (es-event-skeleton.c) has none. */
      if (!es_event_item_is_blank (event))
        text = g_strdup_printf ("%" G_GUINT64_FORMAT ".%09" G_GUINT64_FORMAT,
                                time / G_GUINT64_CONSTANT (1000000000), time % G_GUINT64_CONSTANT (1000000000));
      break;
    case COLUMN_CAP:
      if (es_event_item_get_cap (event) != ES_CAP_NONE)
        text = g_strdup_printf ("%u", es_event_item_get_cap (event));
      break;
    case COLUMN_THREAD:
      if (es_event_item_get_thread (event, &thread))
        text = g_strdup_printf ("%u", thread);
      break;
    case COLUMN_DESCRIPTION:
    default:
      text = g_strdup (es_event_item_get_text (event));
      break;
    }
  gtk_inscription_set_text (GTK_INSCRIPTION (gtk_list_item_get_child (item)), text != NULL ? text : "");
  highlight_cell (self, item);
}

static void
bind_cell_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  column)
{
  EsEventColumns *self = g_object_get_data (G_OBJECT (factory), "event-columns");

  g_hash_table_insert (self->bound, item, GUINT_TO_POINTER (GPOINTER_TO_UINT (column) + 1));
  show_cell (self, item, GPOINTER_TO_UINT (column));
}

static void
unbind_cell_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                gpointer                  column)
{
  EsEventColumns *self = g_object_get_data (G_OBJECT (factory), "event-columns");

  g_hash_table_remove (self->bound, item);
}

static void
add_column (EsEventColumns *self,
            GtkColumnView  *view,
            const char     *title,
            Column          column)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *view_column;

  g_object_set_data (G_OBJECT (factory), "event-columns", self);
  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell_cb), GUINT_TO_POINTER (column));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell_cb), GUINT_TO_POINTER (column));
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_cell_cb), GUINT_TO_POINTER (column));
  view_column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_resizable (view_column, TRUE);
  gtk_column_view_column_set_expand (view_column, column == COLUMN_DESCRIPTION);
  gtk_column_view_append_column (view, view_column);
  g_object_unref (view_column);
}

/**
 * es_event_columns_new:
 * @marks: which rows are marked as matches
 *
 * Adds the event list's columns to @view. The result is to be freed after
 * @view has let go of its rows (its cells are unbound).
 *
 * Returns: (transfer full): the columns
 */
EsEventColumns *
es_event_columns_new (GtkColumnView       *view,
                      EsEventColumnsMarks  marks,
                      gpointer             user_data)
{
  EsEventColumns *self = g_new0 (EsEventColumns, 1);

  g_return_val_if_fail (GTK_IS_COLUMN_VIEW (view) && marks != NULL, NULL);

  self->marks = marks;
  self->user_data = user_data;
  self->bound = g_hash_table_new (NULL, NULL);
  add_column (self, view, _("Time (s)"), COLUMN_TIME);
  add_column (self, view, _("Cap"), COLUMN_CAP);
  add_column (self, view, _("Thread"), COLUMN_THREAD);
  add_column (self, view, _("Description"), COLUMN_DESCRIPTION);
  return self;
}

/* Marks again the rows in view: the matches changed. */
void
es_event_columns_refresh (EsEventColumns *self)
{
  GHashTableIter iter;
  gpointer item;

  g_return_if_fail (self != NULL);

  g_hash_table_iter_init (&iter, self->bound);
  while (g_hash_table_iter_next (&iter, &item, NULL))
    highlight_cell (self, item);
}

/* Shows again what the rows' items say: blank rows (es-event-skeleton.c)
 * were filled in place, the view bound to them knows nothing of it. */
void
es_event_columns_update (EsEventColumns *self)
{
  GHashTableIter iter;
  gpointer item, column;

  g_return_if_fail (self != NULL);

  g_hash_table_iter_init (&iter, self->bound);
  while (g_hash_table_iter_next (&iter, &item, &column))
    show_cell (self, item, GPOINTER_TO_UINT (column) - 1);
}

void
es_event_columns_free (EsEventColumns *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->bound);
  g_free (self);
}
