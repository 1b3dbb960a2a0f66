/* es-event-list-build.c: the event list's index, built and shown
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "es-event-list-private.h"

static void
fill_kinds (EsEventList *self)
{
  g_autoptr(GArray) tags = es_event_index_dup_tags (_es_event_list_get_index (self));
  GtkStringList *names;
  guint kind = gtk_drop_down_get_selected (self->kinds), selected = 0;

  /* A followed log's index, built again: the same kinds, or more, and the
   * one chosen stays chosen. */
  if (self->kind_tags != NULL && tags->len == self->kind_tags->len &&
      memcmp (tags->data, self->kind_tags->data, tags->len * sizeof (guint16)) == 0)
    return;
  if (self->kind_tags != NULL && kind > 0 && kind != GTK_INVALID_LIST_POSITION && kind - 1 < self->kind_tags->len)
    for (guint i = 0; i < tags->len; i++)
      if (g_array_index (tags, guint16, i) == g_array_index (self->kind_tags, guint16, kind - 1))
        selected = i + 1;
  names = gtk_string_list_new (NULL);

  gtk_string_list_append (names, _("All kinds"));
  for (guint i = 0; i < tags->len; i++)
    {
      guint16 tag = g_array_index (tags, guint16, i);
      const char *name = es_event_index_get_tag_name (_es_event_list_get_index (self), tag);
      g_autofree char *valid = g_utf8_make_valid (name != NULL ? name : "", -1);

      gtk_string_list_append (names, valid);
    }
  g_clear_pointer (&self->kind_tags, g_array_unref);
  self->kind_tags = g_steal_pointer (&tags);
  gtk_drop_down_set_model (self->kinds, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->kinds, selected);
  g_object_unref (names);
}

/* What can wait until the rows are drawn: filling the kinds (their
 * drop-down makes a row of widgets for each, 2-6 ms) and the search. */
static void
finish_build (EsEventList *self)
{
  if (self->finish_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->finish_tick);
  self->finish_tick = 0;
  g_clear_handle_id (&self->finish_source, g_source_remove);

  fill_kinds (self);
  gtk_widget_set_sensitive (GTK_WIDGET (self->kinds), TRUE);
  gtk_widget_set_sensitive (self->only_matches, TRUE);
  /* A search of the log, grown, goes on from the rows the two indexes
   * have the same. */
  _es_event_list_search_from (self, self->same_rows);
  /* The log grew again meanwhile. */
  if (self->stale && gtk_widget_get_mapped (GTK_WIDGET (self)))
    _es_event_list_start_build (self);
}

static gboolean
finish_build_cb (gpointer user_data)
{
  EsEventList *self = user_data;

  self->finish_source = 0;
  finish_build (self);
  return G_SOURCE_REMOVE;
}

/* The frame that shows the rows has begun: the rest once it is drawn. */
static gboolean
finish_tick_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  EsEventList *self = ES_EVENT_LIST (widget);

  self->finish_tick = 0;
  self->finish_source = g_idle_add (finish_build_cb, self);
  return G_SOURCE_REMOVE;
}

/* Shows the rows of the index built: in a new list, in the skeleton's
 * rows (es-event-skeleton.c). */
static void
show_index (EsEventList *self)
{
  g_autoptr(EsEventIndex) index = g_steal_pointer (&self->built);
  gboolean grown = _es_event_list_get_index (self) != NULL;

  es_event_skeleton_stop (self->skeleton);
  self->same_rows = es_event_list_model_show (self->model, index);
  if (!grown)
    {
      es_event_columns_update (self->columns);
      gtk_stack_set_visible_child_name (self->stack, "list");
      self->have_followed = FALSE;
      _es_event_list_follow_cursor (self);
    }
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    self->finish_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), finish_tick_cb, NULL, NULL);
  else
    finish_build (self);
}

static gboolean
skeleton_ready_cb (gpointer user_data)
{
  show_index (user_data);
  return G_SOURCE_REMOVE;
}

static void
build_done_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(EsEventList) self = user_data;
  g_autoptr(GError) error = NULL;
  gboolean grown = _es_event_list_get_index (self) != NULL;
  EsEventIndex *index = es_event_list_model_load_finish (self->model, result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->build_cancellable);
  _es_event_list_show_progress (self, FALSE);
  /* A followed log that could not be indexed again keeps its list. */
  if (error != NULL && grown)
    return;
  if (error != NULL)
    {
      g_autofree char *message = g_strdup_printf (_("The events could not be listed: %s"), error->message);

      es_event_skeleton_stop (self->skeleton);
      gtk_label_set_text (self->error_label, message);
      gtk_stack_set_visible_child_name (self->stack, "error");
      return;
    }

  /* A new list waits, if it must, for the skeleton to have a row for each
   * row the view makes widgets for: it then makes none. */
  g_clear_pointer (&self->built, es_event_index_unref);
  self->built = index;
  if (grown || es_event_skeleton_wait (self->skeleton, es_event_index_get_n_rows (index), skeleton_ready_cb, self))
    show_index (self);
}

/* Indexes the log, or a followed log again once it has grown: the rows
 * shown stay while it is, and those the new index has the same keep
 * their place (es_event_list_model_grow_index()). One build at a time:
 * growth meanwhile is indexed next. */
void
_es_event_list_start_build (EsEventList *self)
{
  if (self->path == NULL || self->build_cancellable != NULL || (_es_event_list_get_index (self) != NULL && !self->stale))
    return;
  if (gtk_stack_get_visible_child_name (self->stack) != NULL &&
      g_str_equal (gtk_stack_get_visible_child_name (self->stack), "error"))
    return;

  self->stale = FALSE;
  self->build_cancellable = g_cancellable_new ();
  if (_es_event_list_get_index (self) == NULL)
    {
      gtk_progress_bar_set_fraction (self->progress_bar, 0);
      gtk_stack_set_visible_child_name (self->stack, "building");
      _es_event_list_show_progress (self, TRUE);
      es_event_skeleton_grow_on (self->skeleton, GTK_WIDGET (self));
    }
  es_event_list_model_load_async (self->model, self->path, self->build_cancellable, build_done_cb,
                                  g_object_ref (self));
}

/* No frame to wait for (the list is hidden): the rows built, and what
 * waits for them to be drawn, are shown now. */
void
_es_event_list_settle_build (EsEventList *self)
{
  if (self->built != NULL)
    show_index (self);
  if (self->finish_tick != 0 || self->finish_source != 0)
    finish_build (self);
}

/* Another log (or none): the build under way, and what waits for one,
 * are for nothing. */
void
_es_event_list_stop_build (EsEventList *self)
{
  g_cancellable_cancel (self->build_cancellable);
  g_clear_object (&self->build_cancellable);
  es_event_skeleton_stop (self->skeleton);
  g_clear_pointer (&self->built, es_event_index_unref);
  if (self->finish_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->finish_tick);
  self->finish_tick = 0;
  g_clear_handle_id (&self->finish_source, g_source_remove);
}
