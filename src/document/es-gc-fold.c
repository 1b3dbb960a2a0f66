/* es-gc-fold.c: the GCs of a document loaded for statistics only
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-document-private.h"
#include "es-gc-fold-private.h"

/* A summary reads each GC for one interval only: what it adds up of them
 * (bytes copied, parallel GCs' bytes, slop) is added up as they come, for
 * the GCs that start in it, as the index of a whole document
 * (_es_document_index_gcs()) would have them added up; the rest of each
 * GC is a span of 24 bytes. es_stats_compute() and the pause
 * distributions read those where a whole document's read its GCs. */

EsGcFold *
_es_gc_fold_new (guint64 t0,
                 guint64 t1)
{
  EsGcFold *fold = g_new0 (EsGcFold, 1);

  fold->t0 = t0;
  fold->t1 = t1;
  fold->gens = g_array_new (FALSE, TRUE, sizeof (EsGcFoldGen));
  return fold;
}

void
_es_gc_fold_free (EsGcFold *fold)
{
  if (fold == NULL)
    return;
  es_vec_clear (&fold->spans, sizeof (EsGcSpan));
  g_array_unref (fold->gens);
  g_free (fold);
}

/* The GC statistics of @gc say more balanced or more copied by one thread
 * than all copied: es_stats_compute() says which GC, the earliest. */
static gboolean
is_inconsistent (const EsGc *gc)
{
  return gc->par_balanced_copied > gc->par_tot_copied || gc->par_max_copied > gc->par_tot_copied;
}

/* Takes @inconsistent as the earliest one if it is (ties: the one there
 * first, as a stable sort keeps it). */
static void
note_inconsistent (EsGcFold   *fold,
                   const EsGc *inconsistent,
                   guint       span)
{
  if (!fold->inconsistent || inconsistent->start < fold->first_inconsistent.start)
    {
      fold->first_inconsistent = *inconsistent;
      fold->inconsistent_span = span;
    }
  fold->inconsistent = TRUE;
}

/**
 * _es_gc_fold_add:
 * @gc: a GC as the builder makes it, its end to come maybe
 *
 * Returns: the index of its span, whose end the builder sets when it comes
 */
guint
_es_gc_fold_add (EsGcFold   *fold,
                 const EsGc *gc)
{
  guint generation = _es_gc_generation (gc->generation);
  EsGcSpan span = { gc->start, gc->end, gc->generation, gc->par_n_threads > 1 };

  /* Every generation of the log, as its index has them. */
  if (fold->gens->len <= generation)
    g_array_set_size (fold->gens, generation + 1);
  if (gc->start >= fold->t0 && gc->start <= fold->t1)
    {
      EsGcFoldGen *g = &g_array_index (fold->gens, EsGcFoldGen, generation);

      g->copied += gc->copied;
      g->max_slop = MAX (g->max_slop, gc->slop);
      if (span.parallel)
        {
          g->par_tot_copied += gc->par_tot_copied;
          g->par_balanced_copied += gc->par_balanced_copied;
        }
      if (is_inconsistent (gc))
        note_inconsistent (fold, gc, fold->spans.len);
    }
  *ES_VEC_PUSH (&fold->spans, EsGcSpan) = span;
  return fold->spans.len - 1;
}

/* Takes in @from's, after @into's (a builder merged into another). */
void
_es_gc_fold_merge (EsGcFold       *into,
                   const EsGcFold *from)
{
  guint offset = into->spans.len;

  es_vec_append (&into->spans, from->spans.data, from->spans.len, sizeof (EsGcSpan));
  if (into->gens->len < from->gens->len)
    g_array_set_size (into->gens, from->gens->len);
  for (guint g = 0; g < from->gens->len; g++)
    {
      EsGcFoldGen *a = &g_array_index (into->gens, EsGcFoldGen, g);
      const EsGcFoldGen *b = &g_array_index (from->gens, EsGcFoldGen, g);

      a->copied += b->copied;
      a->par_tot_copied += b->par_tot_copied;
      a->par_balanced_copied += b->par_balanced_copied;
      a->max_slop = MAX (a->max_slop, b->max_slop);
    }
  if (from->inconsistent && (!into->inconsistent || from->first_inconsistent.start < into->first_inconsistent.start))
    note_inconsistent (into, &from->first_inconsistent, offset + from->inconsistent_span);
}

/* The spans in start order, equal starts in the order they came: as
 * es_document_builder_finish() puts a whole document's GCs. */
void
_es_gc_fold_finish (EsGcFold *fold)
{
  const EsGcSpan *spans = fold->spans.data;

  /* Where its GC_END put it. */
  if (fold->inconsistent)
    fold->first_inconsistent.end = spans[fold->inconsistent_span].end;
  es_vec_sort_runs (&fold->spans, sizeof (EsGcSpan), G_STRUCT_OFFSET (EsGcSpan, start));
}

/**
 * es_document_get_gc_spans:
 *
 * A document loaded for statistics only (es_document_load_for_statistics())
 * keeps of its GCs their spans, in start order, where others have their
 * records (es_document_get_gcs(), then empty): what the statistics read of
 * them one by one.
 *
 * Returns: (nullable): its GCs' spans, or %NULL for a document of whole
 *   GC records
 */
const EsGcSpan *
es_document_get_gc_spans (EsDocument *self,
                          guint      *n)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);

  if (self->gc_fold == NULL)
    {
      *n = 0;
      return NULL;
    }
  *n = self->gc_fold->spans.len;
  return self->gc_fold->spans.data;
}
