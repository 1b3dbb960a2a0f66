/* es-mono-table.h: a sortable, searchable table of EsMonoRows, with a
 * sentence where it has none
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "es-mono-row.h"

G_BEGIN_DECLS

/* How a column shows its field. */
typedef enum
{
  ES_MONO_COLUMN_NAME,        /* the row's name */
  ES_MONO_COLUMN_DETAIL,      /* the row's detail */
  ES_MONO_COLUMN_COUNT,       /* a value, as a count: "1,234" */
  ES_MONO_COLUMN_DURATION,    /* a value in ns: "12.3 ms" */
  ES_MONO_COLUMN_PERCENT,     /* a value in millionths: "12.3 %" */
} EsMonoColumnKind;

typedef struct
{
  const char       *title;    /* translated */
  EsMonoColumnKind  kind;
  guint             value;    /* the value shown, for a number */
} EsMonoColumn;

#define ES_TYPE_MONO_TABLE (es_mono_table_get_type ())

G_DECLARE_FINAL_TYPE (EsMonoTable, es_mono_table, ES, MONO_TABLE, GtkWidget)

GtkWidget *es_mono_table_new            (const char         *label,
                                         const EsMonoColumn *columns,
                                         guint               n_columns,
                                         guint               sort_column);
void       es_mono_table_set_rows       (EsMonoTable        *self,
                                         GPtrArray          *rows);
void       es_mono_table_set_empty_text (EsMonoTable        *self,
                                         const char         *text);
void       es_mono_table_set_search     (EsMonoTable        *self,
                                         const char         *text);
void       es_mono_table_sort_by        (EsMonoTable        *self,
                                         guint               column,
                                         GtkSortType         order);
EsMonoRow *es_mono_table_get_selected   (EsMonoTable        *self);
void       es_mono_table_select_id      (EsMonoTable        *self,
                                         guint32             id);
guint      es_mono_table_get_n_shown    (EsMonoTable        *self);
EsMonoRow *es_mono_table_get_shown      (EsMonoTable        *self,
                                         guint               position);
gboolean   es_mono_table_is_empty_shown (EsMonoTable        *self);
const char *es_mono_table_get_empty_text (EsMonoTable       *self);

G_END_DECLS
