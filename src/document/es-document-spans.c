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
 * in time order (a STOP closes the innermost START of its name, as
 * ghc-events-analyze does), in order of start.
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

/* A span whose STOP has not come yet: its place among the spans is kept
 * from its START on, so that closing it changes that span only (see
 * count_fixed_spans()). Never in a finished document. */
#define SPAN_OPEN (1u << 15)

/* Spans by start, then cap: equal starts keep the order of their STARTs
 * in a cap, which is the same however the log was read. */
static int
compare_span_starts (gconstpointer a,
                     gconstpointer b)
{
  const EsSpan *x = a, *y = b;

  if (x->start != y->start)
    return x->start < y->start ? -1 : 1;
  return x->cap < y->cap ? -1 : x->cap > y->cap;
}

/* Adds @more, spans whose STARTs came after those of @spans (which are in
 * order of start), to them: in order of start, then cap, and after those
 * of @spans at the same start. */
static void
merge_spans (EsVec  *spans,
             GArray *more)
{
  guint n = spans->len, n_more = more->len, i, j, k;
  const EsSpan *b;
  EsSpan *out;

  if (n_more == 0)
    return;
  g_array_sort (more, compare_span_starts);
  while (spans->capacity < n + n_more)
    es_vec_grow (spans, sizeof (EsSpan));
  spans->len = n + n_more;
  out = spans->data;
  b = (const EsSpan *) (gconstpointer) more->data;
  /* From the end: spans start in time order, so most come after all those
   * in order already. */
  i = n;
  j = n_more;
  k = n + n_more;
  while (j > 0 && i > 0)
    out[--k] = compare_span_starts (&out[i - 1], &b[j - 1]) > 0 ? out[--i] : b[--j];
  while (j > 0)
    out[--k] = b[--j];
}

/* The place among @spans of the open span that @start began: of those
 * open at its start of its name and cap, the last (the innermost). A
 * place among the first @fixed spans, which no longer move, is kept in
 * @start, not searched again: a log may leave thousands of spans open. */
static guint
find_open_span (const EsVec *spans,
                SpanEdge    *start,
                guint        fixed)
{
  const EsSpan *s = spans->data;
  guint lo = 0, hi = spans->len, found = G_MAXUINT, n_found = 0;

  if (start->at < MIN (fixed, spans->len))
    return start->at;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (s[mid].start < start->time)
        lo = mid + 1;
      else
        hi = mid;
    }
  for (; lo < spans->len && s[lo].start == start->time; lo++)
    if ((s[lo].flags & SPAN_OPEN) && s[lo].name == start->name && s[lo].cap == start->cap)
      {
        n_found++;
        found = lo;
      }
  /* Not if another START of the name began at the same time: the last is
   * that of the innermost only while that one is open. */
  if (found < fixed && n_found == 1)
    start->at = found;
  return found;
}

/* Pairs @n edges, in time order, with the STARTs still open in @open,
 * whose spans are in @spans already: a START adds its span, open, to
 * @more (to be merged into @spans), and a STOP closes the innermost START
 * of its name, where its span is. */
static void
match_edges (GHashTable     *open,
             EsVec          *spans,
             guint           fixed,
             const SpanEdge *edges,
             guint           n,
             GArray         *more)
{
  for (guint i = 0; i < n; i++)
    {
      const SpanEdge *edge = &edges[i];
      GArray *starts = g_hash_table_lookup (open, edge->name);

      if (edge->start)
        {
          EsSpan span = { edge->time, edge->time, edge->name, edge->cap, SPAN_OPEN };

          if (starts == NULL)
            {
              starts = g_array_new (FALSE, FALSE, sizeof (SpanEdge));
              g_hash_table_insert (open, (gpointer) edge->name, starts);
            }
          g_array_append_val (starts, *edge);
          g_array_append_val (more, span);
        }
      else if (starts != NULL && starts->len > 0)
        {
          SpanEdge *start = &g_array_index (starts, SpanEdge, starts->len - 1);
          guint at;

          /* Its span is in @spans once the STARTs before this STOP are. */
          merge_spans (spans, more);
          g_array_set_size (more, 0);
          at = find_open_span (spans, start, fixed);
          g_assert (at != G_MAXUINT);
          ES_VEC_AT (spans, EsSpan, at).end = MAX (edge->time, start->time);
          ES_VEC_AT (spans, EsSpan, at).flags = 0;
          g_array_set_size (starts, starts->len - 1);
        }
    }
}

/* A START never stopped runs to the log's end. Returns how many. */
static guint
close_open_spans (GHashTable *open,
                  EsVec      *spans,
                  guint       fixed,
                  guint64     end)
{
  GHashTableIter iter;
  gpointer value;
  guint n = 0;

  g_hash_table_iter_init (&iter, open);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      GArray *starts = value;

      /* Innermost first, as STOPs would. */
      for (guint i = starts->len; i > 0; i--)
        {
          guint at = find_open_span (spans, &g_array_index (starts, SpanEdge, i - 1), fixed);

          g_assert (at != G_MAXUINT);
          ES_VEC_AT (spans, EsSpan, at).end = end;
          ES_VEC_AT (spans, EsSpan, at).flags = ES_ACTIVITY_ENDED_BY_LOG_END;
          n++;
        }
      g_array_set_size (starts, 0);
    }
  return n;
}

/* Forgets every pairing: the edges are to be paired again from the first. */
static void
forget_spans (EsDocumentBuilder *self)
{
  g_clear_pointer (&self->open_spans, g_hash_table_unref);
  /* Its copies map the spans it has: it writes them again elsewhere. */
  es_vec_leave_region (&self->doc->spans, sizeof (EsSpan), FALSE);
  self->doc->spans.len = 0;
  self->edges_matched = 0;
  self->spans_fixed = 0;
}

/* Pairs the span edges from the first not paired yet up to @matched, in
 * the document's spans. */
static void
match_more (EsDocumentBuilder *self,
            guint              matched)
{
  g_autoptr(GArray) more = g_array_new (FALSE, FALSE, sizeof (EsSpan));

  if (self->open_spans == NULL)
    self->open_spans = open_spans_new ();
  match_edges (self->open_spans, &self->doc->spans, self->spans_fixed,
               &ES_VEC_AT (&self->span_edges, SpanEdge, self->edges_matched), matched - self->edges_matched, more);
  self->edges_matched = matched;
  merge_spans (&self->doc->spans, more);
}

/* How many of the first spans never move: those that start before
 * @before, from which on the edges are not all read yet. A span still
 * open has its place already, and closing it changes it alone. */
static guint
count_fixed_spans (EsDocumentBuilder *self,
                   guint64            before)
{
  const EsSpan *spans = self->doc->spans.data;
  guint lo = 0, hi = self->doc->spans.len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (spans[mid].start < before)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
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
  self->spans_fixed = count_fixed_spans (self, before);
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

  sort_rest (&doc->messages, sizeof (EsUserEvent), self->messages_sorted, G_STRUCT_OFFSET (EsUserEvent, time));
  sort_rest (&doc->markers, sizeof (EsUserEvent), self->markers_sorted, G_STRUCT_OFFSET (EsUserEvent, time));
  if (!sort_rest (&self->span_edges, sizeof (SpanEdge), self->edges_matched, G_STRUCT_OFFSET (SpanEdge, time)))
    forget_spans (self);
  match_more (self, self->span_edges.len);
  doc->n_closed_at_end += close_open_spans (self->open_spans, &doc->spans, self->spans_fixed, doc->end_time);
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
  /* And the spans that a span paired later may go before, and those still
   * open, which their STOP changes. */
  es_vec_own (&copy->doc->spans, self->spans_fixed, sizeof (EsSpan));
  copy->spans_fixed = self->spans_fixed;
  copy->messages_sorted = self->messages_sorted;
  copy->markers_sorted = self->markers_sorted;
  copy->edges_matched = self->edges_matched;
  if (self->open_spans == NULL)
    return;
  copy->open_spans = open_spans_new ();
  g_hash_table_iter_init (&iter, self->open_spans);
  while (g_hash_table_iter_next (&iter, &name, &value))
    {
      GArray *starts = value;

      for (guint i = 0; i < starts->len; i++)
        {
          const EsSpan *spans = self->doc->spans.data;
          SpanEdge *start = &g_array_index (starts, SpanEdge, i);
          guint last = find_open_span (&self->doc->spans, start, self->spans_fixed), first = last;

          /* With the spans before it at the same start: another START of
           * its name then may be the one found. */
          while (first > 0 && spans[first - 1].start == start->time)
            first--;
          if (first < self->spans_fixed)
            es_vec_own_range (&copy->doc->spans, first, last + 1 - first, sizeof (EsSpan));
        }
      /* With the places found. */
      g_hash_table_insert (copy->open_spans, name, g_array_copy (starts));
    }
}
