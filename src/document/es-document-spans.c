/* es-document-spans.c: a builder's user events in time order, and its spans
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-document-builder-private.h"
#include "es-search.h"

/* Messages, markers and span edges come in file order: each cap's in time
 * order, the caps' blocks interleaved. A document has them in time order
 * (stable: equal times keep file order), and spans paired from the edges
 * in time order, innermost first, as ghc-events-analyze does.
 *
 * A live log's builder does this, as it is copied, for what no event to
 * come can be earlier than (settled_before()): those are put in order at
 * the front, and the edges among them paired, once; each copy then orders
 * and pairs only the rest. A stable sort of (what is in order, then the
 * rest as it came) is that of file order, so the document is the same as
 * if everything were sorted at once. */

static guint64
key_of (const EsVec *array,
        gsize        size,
        gsize        key_offset,
        guint        i)
{
  return es_search_key (array->data, size, key_offset, i);
}

/* Moves @array's elements after its first @sorted (in key order, earlier
 * than any to come) whose key is below @before to just after them, in key
 * order, and the others after those in the order they came
 * (es_vec_settle()). Returns how many are in order now, and sets @late if
 * one of them is earlier than the first @sorted (a cap whose first events
 * came late): all are then ordered again, from the start, in a new region
 * of the records' file if @array is in one (the snapshots map the old). A
 * snapshot makes its own the pages of those not in order yet, which this
 * rewrites (_es_builder_copy_user_events()). */
static guint
settle (EsVec    *array,
        gsize     size,
        guint     sorted,
        gsize     key_offset,
        guint64   before,
        gboolean *late)
{
  guint n_early = es_vec_settle (array, size, sorted, key_offset, before);

  *late = n_early > 0 && sorted > 0 &&
          key_of (array, size, key_offset, sorted) < key_of (array, size, key_offset, sorted - 1);
  if (!*late)
    return sorted + n_early;
  es_vec_leave_region (array, size, TRUE);
  return es_vec_settle (array, size, 0, key_offset, before);
}

/* Puts @array, whose first @sorted are in key order and earlier than any
 * to come, in key order. Returns %FALSE if one of the others was earlier
 * than them after all (late), and all were sorted again. */
static gboolean
sort_rest (EsVec *array,
           gsize  size,
           guint  sorted,
           gsize  key_offset)
{
  guint n = array->len;

  if (sorted >= n)
    return TRUE;
  g_qsort_with_data ((guint8 *) array->data + (gsize) sorted * size, (gint) (n - sorted), size,
                     es_search_compare_keys, GSIZE_TO_POINTER (key_offset));
  if (sorted == 0 || key_of (array, size, key_offset, sorted) >= key_of (array, size, key_offset, sorted - 1))
    return TRUE;
  g_qsort_with_data (array->data, (gint) n, size, es_search_compare_keys, GSIZE_TO_POINTER (key_offset));
  return FALSE;
}

static GHashTable *
open_spans_new (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) g_array_unref);
}

/* Pairs @n edges, in time order, with the STARTs still open in @open:
 * a STOP closes the innermost START of its name; the spans made are
 * added to @matched in the order they close. */
static void
match_edges (GHashTable     *open,
             const SpanEdge *edges,
             guint           n,
             GArray         *matched)
{
  for (guint i = 0; i < n; i++)
    {
      const SpanEdge *edge = &edges[i];
      GArray *starts = g_hash_table_lookup (open, edge->name);

      if (edge->start)
        {
          if (starts == NULL)
            {
              starts = g_array_new (FALSE, FALSE, sizeof (SpanEdge));
              g_hash_table_insert (open, (gpointer) edge->name, starts);
            }
          g_array_append_val (starts, *edge);
        }
      else if (starts != NULL && starts->len > 0)
        {
          const SpanEdge *start = &g_array_index (starts, SpanEdge, starts->len - 1);
          EsSpan span = { start->time, MAX (edge->time, start->time), edge->name, start->cap, 0 };

          g_array_append_val (matched, span);
          g_array_set_size (starts, starts->len - 1);
        }
    }
}

/* Spans by start, then name: the spans a log's end closes are in this
 * order whatever the order their names were met in. */
static int
compare_open_spans (gconstpointer a,
                    gconstpointer b)
{
  const EsSpan *x = a, *y = b;

  if (x->start != y->start)
    return x->start < y->start ? -1 : 1;
  return strcmp (x->name, y->name);
}

/* A START never stopped runs to the log's end. */
static void
close_open_spans (GHashTable *open,
                  EsDocument *doc,
                  GArray     *matched)
{
  g_autoptr(GArray) closed = g_array_new (FALSE, FALSE, sizeof (EsSpan));
  GHashTableIter iter;
  gpointer name, value;

  g_hash_table_iter_init (&iter, open);
  while (g_hash_table_iter_next (&iter, &name, &value))
    {
      GArray *starts = value;

      for (guint i = 0; i < starts->len; i++)
        {
          const SpanEdge *start = &g_array_index (starts, SpanEdge, i);
          EsSpan span = { start->time, doc->end_time, name, start->cap, ES_ACTIVITY_ENDED_BY_LOG_END };

          g_array_append_val (closed, span);
        }
    }
  /* Stable: a name's STARTs at the same time stay in the order they came. */
  g_array_sort (closed, compare_open_spans);
  g_array_append_vals (matched, closed->data, closed->len);
  doc->n_closed_at_end += closed->len;
}

/* Adds @more, spans paired after all of @spans (which are in order of
 * start), to them: in order of start, and after those of @spans at the
 * same time, as a stable sort of both in that order would. */
static void
merge_spans (GArray *spans,
             GArray *more)
{
  guint n = spans->len, n_more = more->len, i, j, k;
  const EsSpan *b;
  EsSpan *out;

  if (n_more == 0)
    return;
  g_array_sort_with_data (more, es_search_compare_keys, ES_SEARCH_KEY (EsSpan, start));
  g_array_set_size (spans, n + n_more);
  out = (EsSpan *) (gpointer) spans->data;
  b = (const EsSpan *) (gconstpointer) more->data;
  /* From the end: spans close in time order, so most come after all those
   * in order already, and only those after one that starts earlier (a
   * long one, closing now) move. */
  i = n;
  j = n_more;
  k = n + n_more;
  while (j > 0 && i > 0)
    out[--k] = out[i - 1].start > b[j - 1].start ? out[--i] : b[--j];
  while (j > 0)
    out[--k] = b[--j];
}

/* Forgets every pairing: the edges are to be paired again from the first. */
static void
forget_spans (EsDocumentBuilder *self)
{
  g_clear_pointer (&self->open_spans, g_hash_table_unref);
  g_array_set_size (self->doc->spans, 0);
  self->edges_matched = 0;
}

/* Pairs the span edges from the first not paired yet up to @matched, and
 * adds the spans they close to the document's. */
static void
match_more (EsDocumentBuilder *self,
            guint              matched)
{
  g_autoptr(GArray) spans = g_array_new (FALSE, FALSE, sizeof (EsSpan));

  if (self->open_spans == NULL)
    self->open_spans = open_spans_new ();
  match_edges (self->open_spans, &ES_VEC_AT (&self->span_edges, SpanEdge, self->edges_matched),
               matched - self->edges_matched, spans);
  self->edges_matched = matched;
  merge_spans (self->doc->spans, spans);
}

/**
 * _es_builder_settle_user_events:
 * @before: no event to come is earlier than this
 *
 * Puts the messages, markers and span edges earlier than @before in time
 * order at the front of the builder's, and pairs those edges into the
 * document's spans, for the copies to go on from.
 */
void
_es_builder_settle_user_events (EsDocumentBuilder *self,
                                guint64            before)
{
  EsDocument *doc = self->doc;
  gboolean late;
  guint matched;

  self->messages_sorted = settle (&doc->messages, sizeof (EsUserEvent), self->messages_sorted,
                                  G_STRUCT_OFFSET (EsUserEvent, time), before, &late);
  self->markers_sorted = settle (&doc->markers, sizeof (EsUserEvent), self->markers_sorted,
                                 G_STRUCT_OFFSET (EsUserEvent, time), before, &late);
  matched = settle (&self->span_edges, sizeof (SpanEdge), self->edges_matched, G_STRUCT_OFFSET (SpanEdge, time),
                    before, &late);
  if (late)
    forget_spans (self);
  match_more (self, matched);
}

/**
 * _es_builder_order_user_events:
 *
 * Puts the document's messages and markers in time order, and its spans,
 * paired from the edges, in order of start, going on from what
 * _es_builder_settle_user_events() did.
 */
void
_es_builder_order_user_events (EsDocumentBuilder *self)
{
  EsDocument *doc = self->doc;
  g_autoptr(GArray) open = g_array_new (FALSE, FALSE, sizeof (EsSpan));

  sort_rest (&doc->messages, sizeof (EsUserEvent), self->messages_sorted, G_STRUCT_OFFSET (EsUserEvent, time));
  sort_rest (&doc->markers, sizeof (EsUserEvent), self->markers_sorted, G_STRUCT_OFFSET (EsUserEvent, time));
  if (!sort_rest (&self->span_edges, sizeof (SpanEdge), self->edges_matched, G_STRUCT_OFFSET (SpanEdge, time)))
    forget_spans (self);
  match_more (self, self->span_edges.len);
  close_open_spans (self->open_spans, doc, open);
  merge_spans (doc->spans, open);
}

/**
 * _es_builder_copy_user_events:
 *
 * Gives @copy, whose document is a copy of @self's, what @self has
 * ordered and paired of its user events.
 */
void
_es_builder_copy_user_events (EsDocumentBuilder *copy,
                              EsDocumentBuilder *self)
{
  GHashTableIter iter;
  gpointer name, value;

  es_vec_copy (&copy->span_edges, &self->span_edges, sizeof (SpanEdge));
  /* What the builder orders next it rewrites in place: the copy keeps its
   * own pages of those (its document's messages and markers, copied with
   * it, likewise). */
  es_vec_own (&copy->span_edges, self->edges_matched, sizeof (SpanEdge));
  es_vec_own (&copy->doc->messages, self->messages_sorted, sizeof (EsUserEvent));
  es_vec_own (&copy->doc->markers, self->markers_sorted, sizeof (EsUserEvent));
  copy->messages_sorted = self->messages_sorted;
  copy->markers_sorted = self->markers_sorted;
  copy->edges_matched = self->edges_matched;
  if (self->open_spans == NULL)
    return;
  copy->open_spans = open_spans_new ();
  g_hash_table_iter_init (&iter, self->open_spans);
  while (g_hash_table_iter_next (&iter, &name, &value))
    g_hash_table_insert (copy->open_spans, name, g_array_copy (value));
}
