/* es-spans.c: the user's START/STOP spans, summed up by name
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-search.h"
#include "es-spans.h"

static int
compare_by_total (gconstpointer a,
                  gconstpointer b)
{
  const EsSpanSummary *x = a, *y = b;

  if (x->total != y->total)
    return x->total > y->total ? -1 : 1;
  return g_strcmp0 (x->name, y->name);
}

/**
 * es_spans_summarize:
 *
 * Sums up, per name, the spans that meet [@t0, @t1]: how many, and how long
 * they ran inside it (a span that crosses an edge counts its part within).
 * Costs O(spans starting before @t1).
 *
 * Returns: (transfer full) (element-type EsSpanSummary): by total time,
 *   longest first
 */
GArray *
es_spans_summarize (EsDocument *document,
                    guint64     t0,
                    guint64     t1)
{
  GArray *summaries = g_array_new (FALSE, TRUE, sizeof (EsSpanSummary));
  g_autoptr(GHashTable) by_name = g_hash_table_new (g_str_hash, g_str_equal);
  guint last;

  g_return_val_if_fail (ES_IS_DOCUMENT (document), summaries);

  /* Spans are kept by start: none after this one can meet the interval. */
  last = es_document_find_span_after (document, t1);
  for (guint i = 0; i < last; i++)
    {
      EsSpan span = es_document_get_span (document, i);
      const char *name = span.name != NULL ? span.name : "";
      guint64 inside;
      gpointer index;

      if (span.end < t0)
        continue;
      inside = MIN (span.end, t1) - MAX (span.start, t0);
      if (!g_hash_table_lookup_extended (by_name, name, NULL, &index))
        {
          EsSpanSummary fresh = { name, 0, 0, 0 };

          index = GUINT_TO_POINTER (summaries->len);
          g_array_append_val (summaries, fresh);
          g_hash_table_insert (by_name, (gpointer) name, index);
        }
      {
        EsSpanSummary *summary = &g_array_index (summaries, EsSpanSummary, GPOINTER_TO_UINT (index));

        summary->count++;
        summary->total += inside;
        summary->max = MAX (summary->max, inside);
      }
    }
  g_array_sort (summaries, compare_by_total);
  return summaries;
}
