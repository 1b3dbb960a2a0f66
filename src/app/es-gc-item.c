/* es-gc-item.c: one garbage collection, as a row of the GC list
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-gc-item.h"

/* A copy of the record: the list's rows then need nothing else alive. */
struct _EsGcItem
{
  GObject parent_instance;
  EsGc    gc;
};

G_DEFINE_FINAL_TYPE (EsGcItem, es_gc_item, G_TYPE_OBJECT)

/* How many items exist: the tests check that a hundred thousand GCs do not
 * make a hundred thousand objects. */
static gint n_alive;

static void
es_gc_item_finalize (GObject *object)
{
  g_atomic_int_add (&n_alive, -1);
  G_OBJECT_CLASS (es_gc_item_parent_class)->finalize (object);
}

static void
es_gc_item_class_init (EsGcItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = es_gc_item_finalize;
}

static void
es_gc_item_init (EsGcItem *self)
{
  g_atomic_int_inc (&n_alive);
}

guint
es_gc_item_get_n_alive (void)
{
  return (guint) g_atomic_int_get (&n_alive);
}

EsGcItem *
es_gc_item_new (const EsGc *gc)
{
  EsGcItem *self = g_object_new (ES_TYPE_GC_ITEM, NULL);

  self->gc = *gc;
  return self;
}

const EsGc *
es_gc_item_get_gc (EsGcItem *self)
{
  g_return_val_if_fail (ES_IS_GC_ITEM (self), NULL);

  return &self->gc;
}

/* For a scratch item, reused for one GC after another. */
void
es_gc_item_set_gc (EsGcItem   *self,
                   const EsGc *gc)
{
  g_return_if_fail (ES_IS_GC_ITEM (self));

  self->gc = *gc;
}

static guint64
column_value (const EsGc *gc,
              EsGcColumn  column)
{
  switch (column)
    {
    case ES_GC_COLUMN_PAUSE:
      return gc->end - gc->start;
    case ES_GC_COLUMN_GENERATION:
      return gc->generation;
    case ES_GC_COLUMN_COPIED:
      return gc->copied;
    case ES_GC_COLUMN_THREADS:
      return gc->par_n_threads;
    case ES_GC_COLUMN_START:
    case ES_N_GC_COLUMNS:
    default:
      return gc->start;
    }
}

/* A GCompareDataFunc for GtkCustomSorter; ties go by start time. */
int
es_gc_item_compare (gconstpointer a,
                    gconstpointer b,
                    gpointer      column)
{
  const EsGc *x = &((const EsGcItem *) a)->gc, *y = &((const EsGcItem *) b)->gc;
  guint64 vx = column_value (x, GPOINTER_TO_UINT (column));
  guint64 vy = column_value (y, GPOINTER_TO_UINT (column));

  if (vx != vy)
    return vx < vy ? -1 : 1;
  return x->start < y->start ? -1 : x->start > y->start;
}
