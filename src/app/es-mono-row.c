/* es-mono-row.c: a row of a Mono log's tables of calls, allocations,
 * exceptions and locks
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-mono-row.h"

/* Plain fields, no properties: the tables sort and filter with custom
 * functions, and a row is made only for what an interval has. */
struct _EsMonoRow
{
  GObject  parent_instance;
  guint32  id;
  char    *name;
  char    *detail;
  guint64  values[ES_MONO_ROW_N_VALUES];
};

G_DEFINE_FINAL_TYPE (EsMonoRow, es_mono_row, G_TYPE_OBJECT)

static void
es_mono_row_finalize (GObject *object)
{
  EsMonoRow *self = ES_MONO_ROW (object);

  g_free (self->name);
  g_free (self->detail);
  G_OBJECT_CLASS (es_mono_row_parent_class)->finalize (object);
}

static void
es_mono_row_class_init (EsMonoRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = es_mono_row_finalize;
}

static void
es_mono_row_init (EsMonoRow *self)
{
}

EsMonoRow *
es_mono_row_new (guint32     id,
                 const char *name,
                 const char *detail)
{
  EsMonoRow *self = g_object_new (ES_TYPE_MONO_ROW, NULL);

  self->id = id;
  self->name = g_strdup (name != NULL ? name : "");
  self->detail = g_strdup (detail != NULL ? detail : "");
  return self;
}

guint32
es_mono_row_get_id (EsMonoRow *self)
{
  g_return_val_if_fail (ES_IS_MONO_ROW (self), 0);

  return self->id;
}

const char *
es_mono_row_get_name (EsMonoRow *self)
{
  g_return_val_if_fail (ES_IS_MONO_ROW (self), NULL);

  return self->name;
}

const char *
es_mono_row_get_detail (EsMonoRow *self)
{
  g_return_val_if_fail (ES_IS_MONO_ROW (self), NULL);

  return self->detail;
}

guint64
es_mono_row_get_value (EsMonoRow *self,
                       guint      index)
{
  g_return_val_if_fail (ES_IS_MONO_ROW (self) && index < ES_MONO_ROW_N_VALUES, 0);

  return self->values[index];
}

void
es_mono_row_set_value (EsMonoRow *self,
                       guint      index,
                       guint64    value)
{
  g_return_if_fail (ES_IS_MONO_ROW (self) && index < ES_MONO_ROW_N_VALUES);

  self->values[index] = value;
}
