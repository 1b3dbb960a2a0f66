/* es-gc-rows.c: the rows of the GC list, sorted, made on demand
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-gc-item.h"
#include "es-gc-rows.h"
#include "es-pause-dist.h"

/* A log can have a hundred thousand GCs. A GListStore of an item per GC
 * under a GtkSortListModel kept all of them as objects, with the sort
 * model's keys: 18 MB of the window's peak for the 59,000 GCs of an 84 MB
 * log, on the main thread at load. Here the order is an array of indexes
 * into the document's GCs, sorted with the column view's own sorter, and
 * an item is made only when the view asks for its position (a screenful,
 * which the view keeps while it shows them). */

struct _EsGcRows
{
  GObject     parent_instance;

  EsDocument *document;
  GtkSorter  *sorter;
  guint32    *order;         /* indexes into the document's GCs, as shown */
  guint       n_gcs;         /* shown: all, or those the filter lets by */
  gboolean    has_filter;
  EsPauseFilter filter;
  EsGcItem   *scratch[2];    /* what the sorter compares */
};

static void es_gc_rows_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (EsGcRows, es_gc_rows, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, es_gc_rows_iface_init))

static GType
es_gc_rows_get_item_type (GListModel *model)
{
  return ES_TYPE_GC_ITEM;
}

static guint
es_gc_rows_get_n_items (GListModel *model)
{
  return ES_GC_ROWS (model)->n_gcs;
}

static gpointer
es_gc_rows_get_item (GListModel *model,
                     guint       position)
{
  EsGcRows *self = ES_GC_ROWS (model);
  const EsGc *gcs;
  guint n;

  if (position >= self->n_gcs)
    return NULL;
  gcs = es_document_get_gcs (self->document, &n);
  return es_gc_item_new (&gcs[self->order[position]]);
}

static void
es_gc_rows_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = es_gc_rows_get_item_type;
  iface->get_n_items = es_gc_rows_get_n_items;
  iface->get_item = es_gc_rows_get_item;
}

/* The sorter compares items: two scratch ones take the GCs compared in
 * turn. Ties keep the document's order (by start), as GtkSortListModel's
 * stable sort did. */
static int
compare_gcs (gconstpointer a,
             gconstpointer b,
             gpointer      user_data)
{
  EsGcRows *self = user_data;
  guint32 x = *(const guint32 *) a, y = *(const guint32 *) b;
  const EsGc *gcs;
  guint n;
  GtkOrdering order;

  gcs = es_document_get_gcs (self->document, &n);
  es_gc_item_set_gc (self->scratch[0], &gcs[x]);
  es_gc_item_set_gc (self->scratch[1], &gcs[y]);
  order = gtk_sorter_compare (self->sorter, self->scratch[0], self->scratch[1]);
  if (order != GTK_ORDERING_EQUAL)
    return order;
  return x < y ? -1 : x > y;
}

/* The pause is measured as the Pauses panel's buckets measure it, so the
 * list holds exactly what the chosen bucket counts. */
static void
sort_rows (EsGcRows *self)
{
  const EsGc *gcs;
  guint n;

  self->n_gcs = 0;
  if (self->document == NULL)
    return;
  gcs = es_document_get_gcs (self->document, &n);
  for (guint i = 0; i < n; i++)
    {
      if (self->has_filter)
        {
          guint64 pause;

          if (gcs[i].start < self->filter.t0 || gcs[i].start > self->filter.t1)
            continue;
          pause = es_pause_dist_gc_pause (self->document, i);
          if (pause < self->filter.lo || pause >= self->filter.hi)
            continue;
        }
      self->order[self->n_gcs++] = i;
    }
  if (self->sorter != NULL && gtk_sorter_get_order (self->sorter) != GTK_SORTER_ORDER_NONE)
    g_qsort_with_data (self->order, (gint) self->n_gcs, sizeof (guint32), compare_gcs, self);
}

static void
sorter_changed_cb (GtkSorter       *sorter,
                   GtkSorterChange  change,
                   EsGcRows        *self)
{
  sort_rows (self);
  if (self->n_gcs > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, self->n_gcs, self->n_gcs);
}

/**
 * es_gc_rows_set_filter:
 * @filter: (nullable): the pauses to show, or %NULL for every GC
 */
void
es_gc_rows_set_filter (EsGcRows            *self,
                       const EsPauseFilter *filter)
{
  guint old_n;

  g_return_if_fail (ES_IS_GC_ROWS (self));

  old_n = self->n_gcs;
  self->has_filter = filter != NULL;
  self->filter = filter != NULL ? *filter : (EsPauseFilter) { 0 };
  sort_rows (self);
  if (old_n > 0 || self->n_gcs > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, old_n, self->n_gcs);
}

static void
es_gc_rows_dispose (GObject *object)
{
  EsGcRows *self = ES_GC_ROWS (object);

  if (self->sorter != NULL)
    g_signal_handlers_disconnect_by_func (self->sorter, sorter_changed_cb, self);
  g_clear_object (&self->sorter);
  g_clear_object (&self->document);
  g_clear_pointer (&self->order, g_free);
  self->n_gcs = 0;
  g_clear_object (&self->scratch[0]);
  g_clear_object (&self->scratch[1]);
  G_OBJECT_CLASS (es_gc_rows_parent_class)->dispose (object);
}

static void
es_gc_rows_class_init (EsGcRowsClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = es_gc_rows_dispose;
}

static void
es_gc_rows_init (EsGcRows *self)
{
  static const EsGc none = { 0 };

  self->scratch[0] = es_gc_item_new (&none);
  self->scratch[1] = es_gc_item_new (&none);
}

/**
 * es_gc_rows_new:
 * @sorter: (nullable): the order of the rows; they follow its changes
 */
EsGcRows *
es_gc_rows_new (GtkSorter *sorter)
{
  EsGcRows *self = g_object_new (ES_TYPE_GC_ROWS, NULL);

  if (sorter != NULL)
    {
      self->sorter = g_object_ref (sorter);
      g_signal_connect (sorter, "changed", G_CALLBACK (sorter_changed_cb), self);
    }
  return self;
}

/* Replaces the rows with the GCs of @document (none if %NULL). */
void
es_gc_rows_set_document (EsGcRows   *self,
                         EsDocument *document)
{
  guint old_n;

  g_return_if_fail (ES_IS_GC_ROWS (self));

  old_n = self->n_gcs;
  g_set_object (&self->document, document);
  g_clear_pointer (&self->order, g_free);
  self->n_gcs = 0;
  if (document != NULL)
    {
      guint n;

      es_document_get_gcs (document, &n);
      self->order = g_new (guint32, MAX (n, 1));
      sort_rows (self);
    }
  if (old_n > 0 || self->n_gcs > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, old_n, self->n_gcs);
}
