/* es-document-counters.c: a log's runtime counters, each a series
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-document-builder-private.h"

/* A Mono log recorded with `counter` samples the runtime's counters (the
 * JIT's, the GC's, the process's memory and time...) every second or so,
 * writing those that changed. Each is a series of the document, as the
 * heap's size is: samples in time order with their range index, so that a
 * row draws any span of it at any zoom in O(width x log n), and, in a live
 * log's builder, in the records' file its snapshots map. The values are
 * keys (es-counter.c), which order as the values do. */

void
_es_document_init_counters (EsDocument *self)
{
  self->counters = g_array_new (FALSE, TRUE, sizeof (EsCounter));
}

/* Frees @counters (EsCounter), the series with it. */
void
_es_document_free_counters (GArray *counters)
{
  if (counters == NULL)
    return;
  for (guint i = 0; i < counters->len; i++)
    es_series_free (g_array_index (counters, EsCounter, i).series);
  g_array_unref (counters);
}

/* Gives @copy, a copy of a document a builder fills, its counters: their
 * names shared (the strings are), their series copied to be sealed apart. */
void
_es_document_copy_counters (EsDocument *copy,
                            EsDocument *self)
{
  g_array_set_size (copy->counters, self->counters->len);
  for (guint i = 0; i < self->counters->len; i++)
    {
      EsCounter *to = &g_array_index (copy->counters, EsCounter, i);

      *to = g_array_index (self->counters, EsCounter, i);
      to->series = es_series_copy (to->series);
    }
}

void
_es_document_seal_counters (EsDocument *self)
{
  for (guint i = 0; i < self->counters->len; i++)
    es_series_seal (g_array_index (self->counters, EsCounter, i).series);
}

guint
es_document_get_n_counters (EsDocument *self)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), 0);

  return self->counters->len;
}

/**
 * es_document_get_counter:
 *
 * Returns: (transfer none): counter @i, in the order the log describes
 *   them
 */
const EsCounter *
es_document_get_counter (EsDocument *self,
                         guint       i)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);
  g_return_val_if_fail (i < self->counters->len, NULL);

  return &g_array_index (self->counters, EsCounter, i);
}

/**
 * es_document_find_counter:
 *
 * Returns: the index of the counter @name of @section, or G_MAXUINT if
 *   @self has none
 */
guint
es_document_find_counter (EsDocument *self,
                          const char *section,
                          const char *name)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), G_MAXUINT);
  g_return_val_if_fail (section != NULL && name != NULL, G_MAXUINT);

  for (guint i = 0; i < self->counters->len; i++)
    {
      const EsCounter *c = &g_array_index (self->counters, EsCounter, i);

      if (strcmp (c->name, name) == 0 && strcmp (c->section, section) == 0)
        return i;
    }
  return G_MAXUINT;
}

/**
 * es_document_builder_add_counter:
 * @type: its values' (ES_MLPD_COUNTER_INT...)
 * @unit: ES_COUNTER_UNIT_*
 * @variance: ES_COUNTER_MONOTONIC, _CONSTANT or _VARIABLE
 *
 * Returns: the new counter's index, for its samples
 */
guint
es_document_builder_add_counter (EsDocumentBuilder *self,
                                 const char        *section,
                                 const char        *name,
                                 guint8             type,
                                 guint32            unit,
                                 guint32            variance)
{
  g_autofree char *valid_section = NULL, *valid_name = NULL;
  EsCounter counter = { 0 };

  g_return_val_if_fail (self != NULL && section != NULL && name != NULL, 0);

  /* The log's bytes: the window shows them as text. */
  valid_section = g_utf8_make_valid (section, -1);
  valid_name = g_utf8_make_valid (name, -1);
  counter.section = g_string_chunk_insert (self->doc->strings, valid_section);
  counter.name = g_string_chunk_insert (self->doc->strings, valid_name);
  counter.type = type;
  counter.unit = unit;
  counter.variance = variance;
  counter.series = es_series_new ();
  es_series_use_file (counter.series, self->records);
  g_array_append_val (self->doc->counters, counter);
  return self->doc->counters->len - 1;
}

/**
 * es_document_builder_add_counter_sample:
 * @key: the value, as a key (es_counter_key_from_signed()...)
 *
 * Adds a sample of @counter. Samples come in time order; one that comes
 * late (a buffer written out of order) puts the series in order again, so
 * that snapshots go on finding it in order.
 */
void
es_document_builder_add_counter_sample (EsDocumentBuilder *self,
                                        guint              counter,
                                        guint64            time,
                                        guint64            key)
{
  EsSeries *series;

  g_return_if_fail (self != NULL && counter < self->doc->counters->len);

  series = g_array_index (self->doc->counters, EsCounter, counter).series;
  es_series_append (series, time, key);
  es_series_put_in_order (series);
}
