/* es-document-builder-heap.c: the heap profile's censuses, GHC's and a
 * Mono log's heap shots alike
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-document-builder-private.h"

guint32
_es_builder_band_id (EsDocumentBuilder *self,
         const char        *name)
{
  gpointer id = g_hash_table_lookup (self->band_ids, name);

  if (id == NULL)
    {
      const char *interned = g_string_chunk_insert_const (self->doc->strings, name);

      g_ptr_array_add (self->doc->heap_bands, (gpointer) interned);
      id = GUINT_TO_POINTER (self->doc->heap_bands->len);
      g_hash_table_insert (self->band_ids, (gpointer) interned, id);
    }
  return GPOINTER_TO_UINT (id) - 1;
}

/**
 * _es_builder_begin_heap_census:
 * @time: when the census was, the time the profile draws it at
 * @era: its era (a GHC census's) or its number (a Mono heap shot's)
 * @at: when it began (its BEGIN event, for its time in PROF: es-stats.c)
 *
 * Opens a census of the heap profile: the entries to come are its own,
 * until _es_builder_end_heap_census(). GHC's HEAP_PROF_SAMPLE_* events and
 * a Mono log's heap shots (es-mlpd-feed.c) both come this way.
 */
void
_es_builder_begin_heap_census (EsDocumentBuilder *self,
                               guint64            time,
                               guint64            era,
                               guint64            at)
{
  EsDocument *doc = self->doc;
  EsHeapProfSample sample = { time, era, doc->heap_entries.len, 0, at, at };

  *ES_VEC_PUSH (&doc->heap_samples, EsHeapProfSample) = sample;
  self->heap_sample = (gint32) doc->heap_samples.len - 1;
}

/**
 * _es_builder_add_heap_census_entry:
 * @name: the band's name (a closure type, a class, a cost-centre stack's ids)
 * @objects: how many objects, where the log counts them (a Mono heap shot;
 *   0 for GHC's, whose censuses count bytes only)
 * @at: when it was written
 *
 * Adds a band's residency to the open census; nothing without one.
 */
void
_es_builder_add_heap_census_entry (EsDocumentBuilder *self,
                                   const char        *name,
                                   guint64            residency,
                                   guint64            objects,
                                   guint64            at)
{
  EsDocument *doc = self->doc;
  EsHeapProfEntry entry = { 0 };

  if (self->heap_sample < 0)
    return;
  entry.band = _es_builder_band_id (self, name);
  entry.objects = (guint32) MIN (objects, G_MAXUINT32);
  entry.residency = residency;
  *ES_VEC_PUSH (&doc->heap_entries, EsHeapProfEntry) = entry;
  ES_VEC_AT (&doc->heap_samples, EsHeapProfSample, self->heap_sample).n_entries++;
  ES_VEC_AT (&doc->heap_samples, EsHeapProfSample, self->heap_sample).census_end = at;
}

void
_es_builder_end_heap_census (EsDocumentBuilder *self,
                             guint64            at)
{
  if (self->heap_sample >= 0)
    ES_VEC_AT (&self->doc->heap_samples, EsHeapProfSample, self->heap_sample).census_end = at;
  self->heap_sample = -1;
}

void
_es_builder_add_heap_profile_event (EsDocumentBuilder *self,
                        const EsEvent     *e)
{
  EsDocument *doc = self->doc;

  switch (e->tag)
    {
    case ES_EVENT_HEAP_PROF_BEGIN:
      doc->heap_prof_breakdown = e->u.heap_prof_begin.breakdown;
      doc->heap_prof_period = e->u.heap_prof_begin.sampling_period;
      break;
    case ES_EVENT_HEAP_PROF_COST_CENTRE:
      {
        EsCostCentre cc = {
          e->u.cost_centre.id,
          _es_builder_intern (self, e->u.cost_centre.label.data, e->u.cost_centre.label.len),
          _es_builder_intern (self, e->u.cost_centre.module.data, e->u.cost_centre.module.len),
          _es_builder_intern (self, e->u.cost_centre.srcloc.data, e->u.cost_centre.srcloc.len),
          (e->u.cost_centre.flags & 1) != 0,
        };

        g_array_append_val (doc->cost_centres, cc);
      }
      break;
    case ES_EVENT_IPE:
      {
        EsInfoTable table = {
          e->u.ipe.info,
          e->u.ipe.closure_type,
          _es_builder_intern (self, e->u.ipe.table_name.data, e->u.ipe.table_name.len),
          _es_builder_intern (self, e->u.ipe.type_desc.data, e->u.ipe.type_desc.len),
          _es_builder_intern (self, e->u.ipe.label.data, e->u.ipe.label.len),
          _es_builder_intern (self, e->u.ipe.module.data, e->u.ipe.module.len),
          _es_builder_intern (self, e->u.ipe.srcloc.data, e->u.ipe.srcloc.len),
        };

        g_array_append_val (doc->info_tables, table);
      }
      break;
    case ES_EVENT_HEAP_PROF_SAMPLE_BEGIN: case ES_EVENT_HEAP_BIO_PROF_SAMPLE_BEGIN:
      _es_builder_begin_heap_census (self, e->u.heap_sample.time, e->u.heap_sample.era, e->time);
      break;
    case ES_EVENT_HEAP_PROF_SAMPLE_END:
      _es_builder_end_heap_census (self, e->time);
      break;
    case ES_EVENT_HEAP_PROF_SAMPLE_STRING:
      {
        g_autofree char *name = g_strndup (e->u.string_sample.label.data, e->u.string_sample.label.len);

        _es_builder_add_heap_census_entry (self, name, e->u.string_sample.residency, 0, e->time);
      }
      break;
    case ES_EVENT_HEAP_PROF_SAMPLE_COST_CENTRE:
      {
        g_autoptr(GString) name = g_string_new (NULL);

        /* A cost-centre stack, innermost first: named by its ids. */
        for (guint i = 0; i < e->u.cost_centre_sample.depth; i++)
          g_string_append_printf (name, i ? "/%u" : "%u", es_event_get_stack_entry (e, i));
        _es_builder_add_heap_census_entry (self, name->str, e->u.cost_centre_sample.residency_or_ticks, 0, e->time);
      }
      break;
    default:
      break;
    }
}
