/* es-list-scroll.c: scrolling a list view to a row, also before it has a size;
 * a column view given its rows once shown
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-list-scroll.h"

/* GTK 4.8 has no gtk_list_view_scroll_to(); its "list.scroll-to-item"
 * action places the row from the rows' laid-out heights, and on a list that
 * has not been given a size yet (built and shown in the same moment, say) it
 * does nothing at all. So a scroll asked of such a list is kept, and made on
 * the first frame that finds the list mapped and sized. The tick runs only
 * while the list is mapped: a list on a hidden page waits for "map" instead
 * of keeping the frame clock busy. What is kept is plain integers on the
 * list view, so there is nothing to free when it goes. */

#define PENDING_KEY "es-list-scroll-pending"   /* position + 1 */
#define TICK_KEY    "es-list-scroll-tick"
#define MAP_KEY     "es-list-scroll-map"

static gboolean
scroll_when_sized_cb (GtkWidget     *list_view,
                      GdkFrameClock *frame_clock,
                      gpointer       user_data)
{
  guint pending = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (list_view), PENDING_KEY));
  gboolean mapped = gtk_widget_get_mapped (list_view);

  if (pending != 0 && mapped && gtk_widget_get_height (list_view) == 0)
    return G_SOURCE_CONTINUE;
  g_object_set_data (G_OBJECT (list_view), TICK_KEY, NULL);
  if (pending != 0 && mapped)
    {
      g_object_set_data (G_OBJECT (list_view), PENDING_KEY, NULL);
      gtk_widget_activate_action (list_view, "list.scroll-to-item", "u", pending - 1);
    }
  return G_SOURCE_REMOVE;
}

static void
wait_for_size (GtkWidget *list_view,
               gpointer   user_data)
{
  guint tick;

  if (g_object_get_data (G_OBJECT (list_view), PENDING_KEY) == NULL ||
      g_object_get_data (G_OBJECT (list_view), TICK_KEY) != NULL || !gtk_widget_get_mapped (list_view))
    return;
  tick = gtk_widget_add_tick_callback (list_view, scroll_when_sized_cb, NULL, NULL);
  g_object_set_data (G_OBJECT (list_view), TICK_KEY, GUINT_TO_POINTER (tick));
}

/**
 * es_list_scroll_to_item:
 * @list_view: a #GtkListView (a column view's is one)
 * @position: the row to bring into view
 *
 * Scrolls @list_view to @position now if it has a size, or as soon as it
 * has one. A later call replaces a scroll still waiting.
 */
void
es_list_scroll_to_item (GtkWidget *list_view,
                        guint      position)
{
  g_return_if_fail (GTK_IS_LIST_VIEW (list_view));
  g_return_if_fail (position != GTK_INVALID_LIST_POSITION);

  if (gtk_widget_get_mapped (list_view) && gtk_widget_get_height (list_view) > 0)
    {
      g_object_set_data (G_OBJECT (list_view), PENDING_KEY, NULL);
      gtk_widget_activate_action (list_view, "list.scroll-to-item", "u", position);
      return;
    }
  g_object_set_data (G_OBJECT (list_view), PENDING_KEY, GUINT_TO_POINTER (position + 1));
  if (g_object_get_data (G_OBJECT (list_view), MAP_KEY) == NULL)
    {
      g_signal_connect (list_view, "map", G_CALLBACK (wait_for_size), NULL);
      g_object_set_data (G_OBJECT (list_view), MAP_KEY, GINT_TO_POINTER (TRUE));
    }
  wait_for_size (list_view, NULL);
}

static void
set_model_on_map_cb (GtkWidget         *view,
                     GtkSelectionModel *model)
{
  if (gtk_column_view_get_model (GTK_COLUMN_VIEW (view)) == NULL)
    gtk_column_view_set_model (GTK_COLUMN_VIEW (view), model);
}

/**
 * es_column_view_set_model_when_shown:
 * @model: the rows, kept by the caller
 *
 * Gives @view @model when it is first mapped, not now. A column view makes
 * the widgets of its first rows whenever its model changes, mapped or not:
 * a table on a page never opened would hold a screenful of rows, and make
 * them again at each of a followed log's updates (3-7 ms of the main
 * thread's each time, beside the new document's first frame).
 */
void
es_column_view_set_model_when_shown (GtkColumnView     *view,
                                     GtkSelectionModel *model)
{
  g_return_if_fail (GTK_IS_COLUMN_VIEW (view));
  g_return_if_fail (GTK_IS_SELECTION_MODEL (model));

  g_signal_connect_object (view, "map", G_CALLBACK (set_model_on_map_cb), model, 0);
}
