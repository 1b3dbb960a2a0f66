/* es-span-lanes.c: the user's spans, laid out in lanes once per document
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-search.h"
#include "es-span-lanes.h"

/* A span's lane depends on every span that started before it, so a painter
 * that gave lanes as it drew went over all of them from the log's start
 * each frame: a log with a span per request (hundreds of thousands) took
 * 17 ms a frame zoomed out. Given once, a frame finds the spans it shows
 * by bisection in each lane. */

typedef struct
{
  EsSpanLane lanes[ES_SPAN_LANES];
  GArray    *spans[ES_SPAN_LANES];    /* guint32 */
  GArray    *reach[ES_SPAN_LANES];    /* guint64 */
  GArray    *block_end[ES_SPAN_LANES]; /* guint64 */
} SpanLanes;

static void
span_lanes_free (gpointer data)
{
  SpanLanes *lanes = data;

  for (guint l = 0; l < ES_SPAN_LANES; l++)
    {
      g_array_unref (lanes->spans[l]);
      g_array_unref (lanes->reach[l]);
      g_array_unref (lanes->block_end[l]);
    }
  g_free (lanes);
}

static SpanLanes *
span_lanes_new (EsDocument *document)
{
  SpanLanes *lanes = g_new0 (SpanLanes, 1);
  guint64 lane_end[ES_SPAN_LANES] = { 0 };
  gboolean lane_used[ES_SPAN_LANES] = { FALSE };
  guint n;
  const EsSpan *spans = es_document_get_spans (document, &n);

  for (guint l = 0; l < ES_SPAN_LANES; l++)
    {
      lanes->spans[l] = g_array_new (FALSE, FALSE, sizeof (guint32));
      lanes->reach[l] = g_array_new (FALSE, FALSE, sizeof (guint64));
      lanes->block_end[l] = g_array_new (FALSE, TRUE, sizeof (guint64));
    }
  for (guint i = 0; i < n; i++)
    {
      guint lane = ES_SPAN_LANES - 1;
      guint32 index = i;
      guint64 *block_end;

      for (guint l = 0; l < ES_SPAN_LANES; l++)
        if (!lane_used[l] || lane_end[l] <= spans[i].start)
          {
            lane = l;
            break;
          }
      lane_used[lane] = TRUE;
      lane_end[lane] = MAX (lane_end[lane], spans[i].end);
      g_array_append_val (lanes->spans[lane], index);
      g_array_append_val (lanes->reach[lane], lane_end[lane]);
      /* A new block starts zeroed. */
      if ((lanes->spans[lane]->len - 1) % ES_SPAN_BLOCK == 0)
        g_array_set_size (lanes->block_end[lane], lanes->block_end[lane]->len + 1);
      block_end = &g_array_index (lanes->block_end[lane], guint64, lanes->block_end[lane]->len - 1);
      *block_end = MAX (*block_end, spans[i].end);
    }
  for (guint l = 0; l < ES_SPAN_LANES; l++)
    {
      lanes->lanes[l].n = lanes->spans[l]->len;
      lanes->lanes[l].spans = (const guint32 *) (gconstpointer) lanes->spans[l]->data;
      lanes->lanes[l].reach = (const guint64 *) (gconstpointer) lanes->reach[l]->data;
      lanes->lanes[l].block_end = (const guint64 *) (gconstpointer) lanes->block_end[l]->data;
    }
  return lanes;
}

static gpointer
make_span_lanes (EsDocument *document)
{
  return span_lanes_new (document);
}

/**
 * es_span_lanes_get:
 *
 * The lanes of @document's spans, made on first use (O(n)) and kept with
 * the document; es_document_loader_prepare() makes them.
 *
 * Returns: (transfer none) (array fixed-size=3): the lanes, top first
 */
const EsSpanLane *
es_span_lanes_get (EsDocument *document)
{
  const SpanLanes *lanes;

  g_return_val_if_fail (ES_IS_DOCUMENT (document), NULL);

  lanes = es_document_get_derived (document, g_quark_from_static_string ("es-span-lanes"), make_span_lanes,
                                   span_lanes_free);
  return lanes->lanes;
}

/* The first of @lane's spans that are not all over before @time: every
 * span before it ended before @time. */
guint
es_span_lane_first_ending (const EsSpanLane *lane,
                           guint64           time)
{
  return es_search_lower_bound (lane->reach, lane->n, sizeof (guint64), 0, time);
}
