/* es-mono-panel.h: a Mono log's calls, allocations, exceptions and lock
 * contentions in the selection (or the whole run)
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "es-mono-table.h"
#include "es-session.h"

G_BEGIN_DECLS

/* The panel's pages, in order. */
typedef enum
{
  ES_MONO_PAGE_CALLS,
  ES_MONO_PAGE_ALLOCATIONS,
  ES_MONO_PAGE_EXCEPTIONS,
  ES_MONO_PAGE_LOCKS,
} EsMonoPage;

/* Its tables. */
typedef enum
{
  ES_MONO_TABLE_METHODS,
  ES_MONO_TABLE_CLASSES,
  ES_MONO_TABLE_BACKTRACES,   /* the allocations of the class selected */
  ES_MONO_TABLE_THROWS,
  ES_MONO_TABLE_CLAUSES,
  ES_MONO_TABLE_LOCKS,
  ES_MONO_N_TABLES,
} EsMonoTableId;

#define ES_TYPE_MONO_PANEL (es_mono_panel_get_type ())

G_DECLARE_FINAL_TYPE (EsMonoPanel, es_mono_panel, ES, MONO_PANEL, GtkWidget)

GtkWidget   *es_mono_panel_new         (void);
void         es_mono_panel_set_session (EsMonoPanel   *self,
                                        EsSession     *session);
void         es_mono_panel_show_page   (EsMonoPanel   *self,
                                        EsMonoPage     page);
EsMonoTable *es_mono_panel_get_table   (EsMonoPanel   *self,
                                        EsMonoTableId  table);
const char  *es_mono_panel_get_heading (EsMonoPanel   *self);
void         es_mono_panel_set_search  (EsMonoPanel   *self,
                                        const char    *text);

G_END_DECLS
