/* es-document-ipe.c: info-table provenance, as the document keeps it
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-document-ipe.h"
#include "es-document-private.h"
#include "es-search.h"

/* The RTS's closure types (rts/include/rts/storage/ClosureTypes.h), as
 * numbered since GHC 8.6, hence in every log that has IPE events (9.2 and
 * later). A heap profile by info table is mostly of these first ones. */
static const char *const closure_types[] = {
  "INVALID_OBJECT", "CONSTR", "CONSTR_1_0", "CONSTR_0_1", "CONSTR_2_0", "CONSTR_1_1", "CONSTR_0_2",
  "CONSTR_NOCAF", "FUN", "FUN_1_0", "FUN_0_1", "FUN_2_0", "FUN_1_1", "FUN_0_2", "FUN_STATIC",
  "THUNK", "THUNK_1_0", "THUNK_0_1", "THUNK_2_0", "THUNK_1_1", "THUNK_0_2", "THUNK_STATIC",
  "THUNK_SELECTOR", "BCO", "AP", "PAP", "AP_STACK", "IND", "IND_STATIC",
};

/**
 * es_closure_type_name:
 *
 * Returns: the RTS's name for a closure type number ("THUNK_STATIC"), or
 *   %NULL for one past the common ones (a stack frame, an array...)
 */
const char *
es_closure_type_name (guint32 closure_type)
{
  return closure_type < G_N_ELEMENTS (closure_types) ? closure_types[closure_type] : NULL;
}

/**
 * es_info_table_parse_address:
 * @text: an info table's address as a heap profile by info table names
 *   its bands: hexadecimal, with or without "0x"
 *
 * Returns: whether @text is such an address, stored in @info
 */
gboolean
es_info_table_parse_address (const char *text,
                             guint64    *info)
{
  g_return_val_if_fail (text != NULL, FALSE);

  if (g_str_has_prefix (text, "0x") || g_str_has_prefix (text, "0X"))
    text += 2;
  return text[0] != '\0' && g_ascii_string_to_unsigned (text, 16, 0, G_MAXUINT64, info, NULL);
}

/* Sorted by address, the first of a table posted twice kept, so that a
 * lookup is a binary search. */
void
_es_document_index_info_tables (EsDocument *self)
{
  EsInfoTable *tables = (EsInfoTable *) (gpointer) self->info_tables->data;
  guint kept = 0;

  g_array_sort_with_data (self->info_tables, es_search_compare_keys, ES_SEARCH_KEY (EsInfoTable, info));
  for (guint i = 0; i < self->info_tables->len; i++)
    if (kept == 0 || tables[kept - 1].info != tables[i].info)
      tables[kept++] = tables[i];
  g_array_set_size (self->info_tables, kept);
}

/**
 * es_document_get_info_tables:
 *
 * Returns: (array length=n_tables): the info tables the log has
 *   provenance for (its IPE events), by address
 */
const EsInfoTable *
es_document_get_info_tables (EsDocument *self,
                             guint      *n_tables)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);

  *n_tables = self->info_tables->len;
  return (const EsInfoTable *) (gpointer) self->info_tables->data;
}

/**
 * es_document_lookup_info_table:
 *
 * Returns: (nullable): the provenance of the info table at @info
 */
const EsInfoTable *
es_document_lookup_info_table (EsDocument *self,
                               guint64     info)
{
  const EsInfoTable *tables;
  guint n, i;

  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);

  tables = es_document_get_info_tables (self, &n);
  i = es_search_lower_bound (tables, n, sizeof (EsInfoTable), G_STRUCT_OFFSET (EsInfoTable, info), info);
  return i < n && tables[i].info == info ? &tables[i] : NULL;
}
