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

/* Messages and markers come in file order: each cap's in time order, the
 * caps' blocks interleaved. A document has them in time order (stable:
 * equal times keep file order), and spans paired from the messages that
 * say "START name" and "STOP name" (traceEvent's, USER_MSG) in that order,
 * innermost first, as ghc-events-analyze does, kept in the order they
 * start. The messages are the spans' edges: none is kept apart.
 *
 * A live log's builder does this, as it is copied, for what no event to
 * come can be earlier than (settled_before()): those are put in order at
 * the front, and the spans among them paired, once; each copy then orders
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

/* A START not stopped yet: where its span is, for its STOP to end it. */
typedef struct
{
  guint32 span;       /* in the document's spans */
  guint32 position;   /* in its lane */
  guint   lane;
} OpenSpan;

static GHashTable *
open_spans_new (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) g_array_unref);
}

/* The first lane from the top that is free at @start: none of its spans is
 * open, and all ended by then. Else the last, which spans share. */
static guint
choose_lane (const SpanLaneState *lanes,
             guint64              start)
{
  for (guint l = 0; l + 1 < ES_SPAN_LANES; l++)
    if (lanes[l].n_open == 0 && lanes[l].end <= start)
      return l;
  return ES_SPAN_LANES - 1;
}

static void
start_span (EsDocumentBuilder *self,
            const EsUserEvent *edge,
            const char        *name,
            GArray            *starts)
{
  EsDocument *doc = self->doc;
  OpenSpan open = { doc->spans.len, 0, choose_lane (self->span_lanes, edge->time) };
  EsChunks *blocks = &doc->span_blocks[open.lane];
  EsSpan *span = es_chunks_append (&doc->spans);
  EsSpanBlock *block;

  *span = (EsSpan) { edge->time, ES_SPAN_OPEN, name, edge->cap, 0 };
  open.position = doc->span_lanes[open.lane].len;
  *(guint32 *) es_chunks_append (&doc->span_lanes[open.lane]) = open.span;
  if (open.position % ES_SPAN_BLOCK == 0)
    {
      block = es_chunks_append (blocks);
      block->first_start = edge->time;
    }
  else
    block = es_chunks_write (blocks, open.position / ES_SPAN_BLOCK);
  block->last_start = edge->time;
  block->n_open++;
  self->span_lanes[open.lane].n_open++;
  g_array_append_val (starts, open);
}

static void
stop_span (EsDocumentBuilder *self,
           const EsUserEvent *edge,
           const OpenSpan    *open)
{
  EsDocument *doc = self->doc;
  EsSpan *span = es_chunks_write (&doc->spans, open->span);
  EsSpanBlock *block = es_chunks_write (&doc->span_blocks[open->lane], open->position / ES_SPAN_BLOCK);
  SpanLaneState *lane = &self->span_lanes[open->lane];

  /* ES_SPAN_OPEN is no time a span can stop at. */
  span->end = MIN (MAX (edge->time, span->start), ES_SPAN_OPEN - 1);
  block->n_open--;
  block->end = MAX (block->end, span->end);
  lane->n_open--;
  lane->end = MAX (lane->end, span->end);
}

/* Pairs @n messages, in time order, with the STARTs still open: a START
 * begins a span, in the first lane free, and a STOP ends the innermost
 * START of its name. Spans are kept in the order they start, so those
 * earlier than every message to come stay as they are: each copy of a
 * live log's builder goes on from them (its chunks shared), and a span
 * that stops writes only its own chunk and its block's. A span's name is
 * in its START's text, which the document keeps. */
static void
match_edges (EsDocumentBuilder *self,
             const EsUserEvent *messages,
             guint              n)
{
  for (guint i = 0; i < n; i++)
    {
      const EsUserEvent *edge = &messages[i];
      gboolean start;
      const char *name;
      GArray *starts;

      if (edge->tag != ES_EVENT_USER_MSG || edge->text == NULL)
        continue;
      start = g_str_has_prefix (edge->text, "START ");
      if (!start && !g_str_has_prefix (edge->text, "STOP "))
        continue;
      name = edge->text + (start ? 6 : 5);
      starts = g_hash_table_lookup (self->open_spans, name);
      if (start)
        {
          if (starts == NULL)
            {
              starts = g_array_new (FALSE, FALSE, sizeof (OpenSpan));
              g_hash_table_insert (self->open_spans, (gpointer) name, starts);
            }
          start_span (self, edge, name, starts);
        }
      else if (starts != NULL && starts->len > 0)
        {
          stop_span (self, edge, &g_array_index (starts, OpenSpan, starts->len - 1));
          g_array_set_size (starts, starts->len - 1);
        }
    }
}

/**
 * _es_document_init_spans:
 *
 * Makes @self's spans and their lanes empty.
 */
void
_es_document_init_spans (EsDocument *self)
{
  es_chunks_init (&self->spans, sizeof (EsSpan));
  for (guint l = 0; l < ES_SPAN_LANES; l++)
    {
      es_chunks_init (&self->span_lanes[l], sizeof (guint32));
      es_chunks_init (&self->span_blocks[l], sizeof (EsSpanBlock));
    }
}

/* Lets go of @self's spans and their lanes. */
void
_es_document_clear_spans (EsDocument *self)
{
  es_chunks_clear (&self->spans);
  for (guint l = 0; l < ES_SPAN_LANES; l++)
    {
      es_chunks_clear (&self->span_lanes[l]);
      es_chunks_clear (&self->span_blocks[l]);
    }
}

/* Forgets every pairing: the messages are to be paired again from the
 * first. Returns 0, the messages paired now. */
static guint
forget_spans (EsDocumentBuilder *self)
{
  g_clear_pointer (&self->open_spans, g_hash_table_unref);
  _es_document_clear_spans (self->doc);
  _es_document_init_spans (self->doc);
  memset (self->span_lanes, 0, sizeof self->span_lanes);
  return 0;
}

/* Pairs the messages from the @from-th (those before it are paired, and
 * in order) to the @to-th, in order too. */
static void
match_more (EsDocumentBuilder *self,
            guint              from,
            guint              to)
{
  if (self->open_spans == NULL)
    self->open_spans = open_spans_new ();
  match_edges (self, &ES_VEC_AT (&self->doc->messages, EsUserEvent, from), to - from);
}

/* The spans never stopped, which es_document_get_span() ends at the log's
 * end. */
static guint
count_open_spans (EsDocumentBuilder *self)
{
  GHashTableIter iter;
  gpointer starts;
  guint n = 0;

  g_hash_table_iter_init (&iter, self->open_spans);
  while (g_hash_table_iter_next (&iter, NULL, &starts))
    n += ((GArray *) starts)->len;
  return n;
}

/**
 * _es_builder_settle_user_events:
 * @before: no event to come is earlier than this
 *
 * Puts the messages and markers earlier than @before in time order at the
 * front of the builder's, and pairs those messages into the document's
 * spans, for the copies to go on from.
 */
void
_es_builder_settle_user_events (EsDocumentBuilder *self,
                                guint64            before)
{
  EsDocument *doc = self->doc;
  gboolean late, markers_late;
  /* The messages in order are those paired. */
  guint paired = self->messages_sorted;

  self->messages_sorted = settle (&doc->messages, sizeof (EsUserEvent), self->messages_sorted,
                                  G_STRUCT_OFFSET (EsUserEvent, time), before, &late);
  self->markers_sorted = settle (&doc->markers, sizeof (EsUserEvent), self->markers_sorted,
                                 G_STRUCT_OFFSET (EsUserEvent, time), before, &markers_late);
  if (late)
    paired = forget_spans (self);
  match_more (self, paired, self->messages_sorted);
}

/**
 * _es_builder_order_user_events:
 *
 * Puts the document's messages and markers in time order, and its spans,
 * paired from the messages, in order of start, going on from what
 * _es_builder_settle_user_events() did.
 */
void
_es_builder_order_user_events (EsDocumentBuilder *self)
{
  EsDocument *doc = self->doc;
  guint paired = self->messages_sorted;

  if (!sort_rest (&doc->messages, sizeof (EsUserEvent), self->messages_sorted, G_STRUCT_OFFSET (EsUserEvent, time)))
    paired = forget_spans (self);
  sort_rest (&doc->markers, sizeof (EsUserEvent), self->markers_sorted, G_STRUCT_OFFSET (EsUserEvent, time));
  match_more (self, paired, doc->messages.len);
  doc->n_closed_spans += count_open_spans (self);
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

  /* What the builder orders next it rewrites in place: the copy keeps its
   * own pages of those (its document's messages and markers, copied with
   * it). */
  es_vec_own (&copy->doc->messages, self->messages_sorted, sizeof (EsUserEvent));
  es_vec_own (&copy->doc->markers, self->markers_sorted, sizeof (EsUserEvent));
  copy->messages_sorted = self->messages_sorted;
  copy->markers_sorted = self->markers_sorted;
  memcpy (copy->span_lanes, self->span_lanes, sizeof self->span_lanes);
  if (self->open_spans == NULL)
    return;
  copy->open_spans = open_spans_new ();
  g_hash_table_iter_init (&iter, self->open_spans);
  while (g_hash_table_iter_next (&iter, &name, &value))
    g_hash_table_insert (copy->open_spans, name, g_array_copy (value));
}

guint
es_document_get_n_spans (EsDocument *self)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), 0);

  return self->spans.len;
}

/**
 * es_document_get_span:
 * @i: below es_document_get_n_spans()
 *
 * The @i-th of @self's spans by start. One never stopped ends at the
 * log's end, with ES_ACTIVITY_ENDED_BY_LOG_END: for a live log, one still
 * running.
 */
EsSpan
es_document_get_span (EsDocument *self,
                      guint       i)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self) && i < self->spans.len, (EsSpan) { 0 });

  return _es_document_read_span (self, i);
}

/* The first of @self's spans that starts after @time (by bisection). */
guint
es_document_find_span_after (EsDocument *self,
                             guint64     time)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), 0);

  return es_chunks_bound (&self->spans, G_STRUCT_OFFSET (EsSpan, start), time, TRUE);
}
