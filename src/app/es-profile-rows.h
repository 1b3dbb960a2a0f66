/* es-profile-rows.h: the Profile tab's table of cost centres, made on demand
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "es-profile.h"

G_BEGIN_DECLS

/* What es_profile_row_compare() compares, passed as GUINT_TO_POINTER. */
typedef enum
{
  ES_PROFILE_COLUMN_NAME,
  ES_PROFILE_COLUMN_MODULE,
  ES_PROFILE_COLUMN_SOURCE,
  ES_PROFILE_COLUMN_INDIVIDUAL,
  ES_PROFILE_COLUMN_INHERITED,
  ES_PROFILE_COLUMN_TICKS,
  ES_PROFILE_COLUMN_INHERITED_TICKS,
  ES_N_PROFILE_COLUMNS
} EsProfileColumnId;

#define ES_TYPE_PROFILE_ROW (es_profile_row_get_type ())

G_DECLARE_FINAL_TYPE (EsProfileRow, es_profile_row, ES, PROFILE_ROW, GObject)

const EsProfileCostCentre *es_profile_row_get_cost_centre (EsProfileRow *self);
guint64     es_profile_row_get_total   (EsProfileRow  *self);
char       *es_profile_row_dup_text    (EsProfileRow  *self,
                                        EsProfileColumnId column);
int         es_profile_row_compare     (gconstpointer  a,
                                        gconstpointer  b,
                                        gpointer       column);

GtkColumnViewColumn *es_profile_rows_add_column (GtkColumnView     *view,
                                                 const char        *title,
                                                 EsProfileColumnId  column);

#define ES_TYPE_PROFILE_ROWS (es_profile_rows_get_type ())

G_DECLARE_FINAL_TYPE (EsProfileRows, es_profile_rows, ES, PROFILE_ROWS, GObject)

EsProfileRows *es_profile_rows_new         (GtkSorter     *sorter);
void           es_profile_rows_set_profile (EsProfileRows *self,
                                            EsDocument    *document,
                                            GArray        *cost_centres,
                                            guint64        total,
                                            gboolean       in_time);
void           es_profile_rows_set_search  (EsProfileRows *self,
                                            const char    *search);
guint          es_profile_rows_find        (EsProfileRows *self,
                                            guint32        cost_centre);

G_END_DECLS
