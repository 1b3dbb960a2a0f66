/* es-event-skeleton.c: the event list's rows as its column view gets them
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-event-item.h"
#include "es-event-skeleton.h"

/* The rows of widgets GTK 4.8's list view keeps (GTK_LIST_VIEW_MAX_LIST_ITEMS).
 * Their widgets are made a few rows at a time, for up to TICK_US a frame
 * (half as much again for the first half of them). The frame then styles
 * and measures them (the page hidden in its stack is measured too, the
 * stack being homogeneous), and measures again every cell made before: a
 * new cell has its column queue a resize of all its cells, so the later
 * frames cost more. On the 86 MB log (two cores shared with other jobs),
 * 2 ms a frame throughout gave frames of 5.5-9.5 ms of CPU, 3 ms 9-14 ms;
 * 3 ms then 2 ms, 6-9 ms, and the 200 rows take 13-16 frames. */
#define SKELETON_ROWS 200
#define STEP          5
#define TICK_US       2000

/* GTK 4.8's list view makes the widgets of up to 200 rows at once, the
 * moment its model has them: for the event list, 200 rows of four cells,
 * 30-55 ms of the main thread when the index came in, and a frame of
 * 16-20 ms after, styling and measuring them (the 86 MB log). So while
 * the index is built, this model shows blank rows instead of the none the
 * list has, a few more each frame (es_event_skeleton_grow_on()), and the
 * view makes their widgets then, behind the page that says the index is
 * being built. The rows wait until there are enough blank rows for them
 * (es_event_skeleton_wait()); they then become the first rows in place:
 * the view keeps their widgets, and only their cells are bound again
 * (es_event_columns_update()).
 *
 * Otherwise it shows the list's rows as they are: the same positions, the
 * same changes. */

struct _EsEventSkeleton
{
  GObject     parent_instance;

  GListModel *rows;
  GPtrArray  *blank;     /* EsEventItem, while @rows is empty; or NULL */

  GtkWidget  *widget;    /* whose frames grow it; not a reference, it owns us */
  guint       tick;
  gboolean    started;   /* past the first frame */
  guint       wanted;    /* the blank rows waited for, 0 if none */
  GSourceFunc ready;
  gpointer    ready_data;
  guint       ready_source;
};

static void es_event_skeleton_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (EsEventSkeleton, es_event_skeleton, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, es_event_skeleton_iface_init))

static GType
es_event_skeleton_get_item_type (GListModel *model)
{
  return ES_TYPE_EVENT_ITEM;
}

static guint
es_event_skeleton_get_n_items (GListModel *model)
{
  EsEventSkeleton *self = ES_EVENT_SKELETON (model);

  return self->blank != NULL ? self->blank->len : g_list_model_get_n_items (self->rows);
}

static gpointer
es_event_skeleton_get_item (GListModel *model,
                            guint       position)
{
  EsEventSkeleton *self = ES_EVENT_SKELETON (model);

  if (self->blank == NULL)
    return g_list_model_get_item (self->rows, position);
  return position < self->blank->len ? g_object_ref (g_ptr_array_index (self->blank, position)) : NULL;
}

static void
es_event_skeleton_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = es_event_skeleton_get_item_type;
  iface->get_n_items = es_event_skeleton_get_n_items;
  iface->get_item = es_event_skeleton_get_item;
}

/* The list's rows came (or changed). Blank rows shown: the list had none,
 * and those it has now (if any: an empty log, or none for another log)
 * take their place, the first in the blank rows' items themselves. */
static void
rows_changed_cb (GListModel      *rows,
                 guint            position,
                 guint            removed,
                 guint            added,
                 EsEventSkeleton *self)
{
  g_autoptr(GPtrArray) blank = NULL;
  guint kept;

  if (self->blank == NULL)
    {
      g_list_model_items_changed (G_LIST_MODEL (self), position, removed, added);
      return;
    }
  blank = g_steal_pointer (&self->blank);
  kept = MIN (blank->len, g_list_model_get_n_items (rows));
  for (guint i = 0; i < kept; i++)
    {
      g_autoptr(EsEventItem) item = g_list_model_get_item (rows, i);

      es_event_item_fill (g_ptr_array_index (blank, i), item);
    }
  g_list_model_items_changed (G_LIST_MODEL (self), kept, blank->len - kept, g_list_model_get_n_items (rows) - kept);
}

static void
es_event_skeleton_dispose (GObject *object)
{
  EsEventSkeleton *self = ES_EVENT_SKELETON (object);

  es_event_skeleton_stop (self);
  if (self->rows != NULL)
    g_signal_handlers_disconnect_by_func (self->rows, rows_changed_cb, self);
  g_clear_object (&self->rows);
  g_clear_pointer (&self->blank, g_ptr_array_unref);
  G_OBJECT_CLASS (es_event_skeleton_parent_class)->dispose (object);
}

static void
es_event_skeleton_class_init (EsEventSkeletonClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = es_event_skeleton_dispose;
}

static void
es_event_skeleton_init (EsEventSkeleton *self)
{
}

/**
 * es_event_skeleton_new:
 * @rows: the event list's rows (EsEventItem)
 */
EsEventSkeleton *
es_event_skeleton_new (GListModel *rows)
{
  EsEventSkeleton *self;

  g_return_val_if_fail (G_IS_LIST_MODEL (rows), NULL);
  g_return_val_if_fail (g_list_model_get_item_type (rows) == ES_TYPE_EVENT_ITEM, NULL);

  self = g_object_new (ES_TYPE_EVENT_SKELETON, NULL);
  self->rows = g_object_ref (rows);
  g_signal_connect (rows, "items-changed", G_CALLBACK (rows_changed_cb), self);
  return self;
}

/**
 * es_event_skeleton_grow:
 * @n: how many blank rows to show at most
 *
 * Shows blank rows, up to @n of them, while the list has none.
 *
 * Returns: how many blank rows are shown
 */
guint
es_event_skeleton_grow (EsEventSkeleton *self,
                        guint            n)
{
  guint before;

  g_return_val_if_fail (ES_IS_EVENT_SKELETON (self), 0);

  if (g_list_model_get_n_items (self->rows) > 0)
    return 0;
  if (self->blank == NULL)
    self->blank = g_ptr_array_new_with_free_func (g_object_unref);
  before = self->blank->len;
  while (self->blank->len < n)
    g_ptr_array_add (self->blank, es_event_item_new_blank (self->blank->len));
  if (self->blank->len > before)
    g_list_model_items_changed (G_LIST_MODEL (self), before, 0, self->blank->len - before);
  return self->blank->len;
}

static gboolean
ready_cb (gpointer user_data)
{
  EsEventSkeleton *self = user_data;
  GSourceFunc ready = self->ready;

  self->ready_source = 0;
  self->ready = NULL;
  self->wanted = 0;
  return ready (self->ready_data);
}

static gboolean
grow_cb (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       user_data)
{
  EsEventSkeleton *self = user_data;
  guint before = self->blank != NULL ? self->blank->len : 0;
  gint64 until = g_get_monotonic_time () + (before < SKELETON_ROWS / 2 ? TICK_US * 3 / 2 : TICK_US);
  guint shown;

  /* Not in the frame that shows the page: it has enough to do. */
  if (!self->started)
    {
      self->started = TRUE;
      return G_SOURCE_CONTINUE;
    }
  do
    shown = es_event_skeleton_grow (self, (self->blank != NULL ? self->blank->len : 0) + STEP);
  while (shown > 0 && shown < SKELETON_ROWS && g_get_monotonic_time () < until);

  /* What waits for these rows, once this frame is drawn. */
  if (self->wanted > 0 && shown >= self->wanted && self->ready_source == 0)
    self->ready_source = g_idle_add (ready_cb, self);
  if (shown > 0 && shown < SKELETON_ROWS && self->ready_source == 0)
    return G_SOURCE_CONTINUE;
  self->tick = 0;
  return G_SOURCE_REMOVE;
}

/**
 * es_event_skeleton_grow_on:
 * @widget: the widget whose frames grow it, mapped; it outlives @self
 *
 * Adds blank rows a few each frame of @widget from its next frame on,
 * while the list has none, up to as many rows as the view keeps widgets
 * for.
 */
void
es_event_skeleton_grow_on (EsEventSkeleton *self,
                           GtkWidget       *widget)
{
  g_return_if_fail (ES_IS_EVENT_SKELETON (self));
  g_return_if_fail (GTK_IS_WIDGET (widget));

  if (self->tick != 0)
    return;
  self->widget = widget;
  self->started = FALSE;
  self->tick = gtk_widget_add_tick_callback (widget, grow_cb, self, NULL);
}

/**
 * es_event_skeleton_wait:
 * @n_rows: how many rows the list is about to have
 * @ready: called, once, when there are enough blank rows for them
 *
 * Whether the skeleton can take @n_rows rows now: it has a blank row for
 * each (up to as many as the view keeps widgets for), or is not growing.
 * If not, @ready is called from an idle after the frame that makes the
 * last of them; es_event_skeleton_stop() cancels it.
 *
 * Returns: %TRUE if the rows can be shown now
 */
gboolean
es_event_skeleton_wait (EsEventSkeleton *self,
                        guint            n_rows,
                        GSourceFunc      ready,
                        gpointer         user_data)
{
  guint shown;

  g_return_val_if_fail (ES_IS_EVENT_SKELETON (self), TRUE);
  g_return_val_if_fail (ready != NULL, TRUE);

  shown = self->blank != NULL ? self->blank->len : 0;
  if (self->tick == 0 || shown >= MIN (n_rows, SKELETON_ROWS))
    {
      es_event_skeleton_stop (self);
      return TRUE;
    }
  self->wanted = MIN (n_rows, SKELETON_ROWS);
  self->ready = ready;
  self->ready_data = user_data;
  return FALSE;
}

/* Grows no more; what waited for it is not called. */
void
es_event_skeleton_stop (EsEventSkeleton *self)
{
  g_return_if_fail (ES_IS_EVENT_SKELETON (self));

  if (self->tick != 0)
    gtk_widget_remove_tick_callback (self->widget, self->tick);
  self->tick = 0;
  g_clear_handle_id (&self->ready_source, g_source_remove);
  self->ready = NULL;
  self->wanted = 0;
}
