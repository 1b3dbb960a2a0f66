/* es-heap-shot-row.c: one class of a heap shot, as a row of the Heap
 * Shots tab
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "es-heap-shot-row.h"
#include "es-time.h"

/* A copy of the class's figures and name: the rows need nothing else
 * alive, so a followed log's next document can replace the last. */
struct _EsHeapShotRow
{
  GObject          parent_instance;
  char            *name;
  EsHeapCensusBand band;
};

G_DEFINE_FINAL_TYPE (EsHeapShotRow, es_heap_shot_row, G_TYPE_OBJECT)

static void
es_heap_shot_row_finalize (GObject *object)
{
  g_free (ES_HEAP_SHOT_ROW (object)->name);
  G_OBJECT_CLASS (es_heap_shot_row_parent_class)->finalize (object);
}

static void
es_heap_shot_row_class_init (EsHeapShotRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = es_heap_shot_row_finalize;
}

static void
es_heap_shot_row_init (EsHeapShotRow *self)
{
}

EsHeapShotRow *
es_heap_shot_row_new (const char             *name,
                      const EsHeapCensusBand *band)
{
  EsHeapShotRow *self = g_object_new (ES_TYPE_HEAP_SHOT_ROW, NULL);

  self->name = g_strdup (name);
  self->band = *band;
  return self;
}

const char *
es_heap_shot_row_get_name (EsHeapShotRow *self)
{
  g_return_val_if_fail (ES_IS_HEAP_SHOT_ROW (self), NULL);

  return self->name;
}

const EsHeapCensusBand *
es_heap_shot_row_get_band (EsHeapShotRow *self)
{
  g_return_val_if_fail (ES_IS_HEAP_SHOT_ROW (self), NULL);

  return &self->band;
}

/* Bytes per object, as mprof-report's Average (0 without objects). */
static guint64
average (const EsHeapCensusBand *band)
{
  return band->objects > 0 ? band->bytes / band->objects : 0;
}

/**
 * es_heap_shot_row_format:
 * @compared: whether the shot is compared with another: without, the
 *   changes say nothing
 *
 * Returns: (transfer full): the text of @self's cell in @column
 */
char *
es_heap_shot_row_format (EsHeapShotRow    *self,
                         EsHeapShotColumn  column,
                         gboolean          compared)
{
  const EsHeapCensusBand *band;

  g_return_val_if_fail (ES_IS_HEAP_SHOT_ROW (self), NULL);

  band = &self->band;
  switch (column)
    {
    case ES_HEAP_SHOT_COLUMN_CLASS:
      return g_strdup (self->name);
    case ES_HEAP_SHOT_COLUMN_BYTES:
      return band->in_census ? g_format_size (band->bytes) : g_strdup (_("gone"));
    case ES_HEAP_SHOT_COLUMN_OBJECTS:
      return es_format_count (band->objects);
    case ES_HEAP_SHOT_COLUMN_AVERAGE:
      return band->objects > 0 ? g_format_size (average (band)) : g_strdup ("\342\200\224");
    case ES_HEAP_SHOT_COLUMN_BYTES_CHANGE:
      if (!compared)
        return g_strdup ("\342\200\224");
      /* A class the other shot did not have is new: all of it is change. */
      return band->in_base ? es_heap_census_format_change (band->bytes_change) : g_strdup (_("new"));
    case ES_HEAP_SHOT_COLUMN_OBJECTS_CHANGE:
    case ES_N_HEAP_SHOT_COLUMNS:
    default:
      if (!compared)
        return g_strdup ("\342\200\224");
      return g_strdup_printf ("%+" G_GINT64_FORMAT, band->objects_change);
    }
}

/* A GCompareDataFunc for GtkCustomSorter; ties go by name. */
int
es_heap_shot_row_compare (gconstpointer a,
                          gconstpointer b,
                          gpointer      column)
{
  const EsHeapShotRow *x = a, *y = b;
  gint64 vx = 0, vy = 0;

  switch ((EsHeapShotColumn) GPOINTER_TO_UINT (column))
    {
    case ES_HEAP_SHOT_COLUMN_BYTES:
      vx = (gint64) x->band.bytes;
      vy = (gint64) y->band.bytes;
      break;
    case ES_HEAP_SHOT_COLUMN_OBJECTS:
      vx = (gint64) x->band.objects;
      vy = (gint64) y->band.objects;
      break;
    case ES_HEAP_SHOT_COLUMN_AVERAGE:
      vx = (gint64) average (&x->band);
      vy = (gint64) average (&y->band);
      break;
    case ES_HEAP_SHOT_COLUMN_BYTES_CHANGE:
      vx = x->band.bytes_change;
      vy = y->band.bytes_change;
      break;
    case ES_HEAP_SHOT_COLUMN_OBJECTS_CHANGE:
      vx = x->band.objects_change;
      vy = y->band.objects_change;
      break;
    case ES_HEAP_SHOT_COLUMN_CLASS:
    case ES_N_HEAP_SHOT_COLUMNS:
    default:
      break;
    }
  if (vx != vy)
    return vx < vy ? -1 : 1;
  return g_strcmp0 (x->name, y->name);
}
