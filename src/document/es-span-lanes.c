/* es-span-lanes.c: the user's spans, in the lanes the builder gave them
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "es-document-private.h"
#include "es-span-lanes.h"

/* The builder lays spans out in lanes as it pairs them (es-document-spans.c),
 * and keeps the latest end of each block of ES_SPAN_BLOCK spans of a lane:
 * a frame finds the spans it shows by bisection in the lanes whose spans do
 * not overlap, and a block at a time in the last. */

typedef struct
{
  EsSpanLane lanes[ES_SPAN_LANES];
} SpanLanes;

static gpointer
make_span_lanes (EsDocument *document)
{
  SpanLanes *lanes = g_new0 (SpanLanes, 1);

  for (guint l = 0; l < ES_SPAN_LANES; l++)
    lanes->lanes[l] = (EsSpanLane) {
      document, l, document->span_lanes[l].len, &document->span_lanes[l], &document->span_blocks[l],
    };
  return lanes;
}

/**
 * es_span_lanes_get:
 *
 * The lanes of @document's spans.
 *
 * Returns: (transfer none) (array fixed-size=3): the lanes, top first
 */
const EsSpanLane *
es_span_lanes_get (EsDocument *document)
{
  const SpanLanes *lanes;

  g_return_val_if_fail (ES_IS_DOCUMENT (document), NULL);

  lanes = es_document_get_derived (document, g_quark_from_static_string ("es-span-lanes"), make_span_lanes, g_free);
  return lanes->lanes;
}

/* The index in the document's spans of @lane's @k-th. */
guint
es_span_lane_get_index (const EsSpanLane *lane,
                        guint             k)
{
  return ES_CHUNKS_AT ((const EsChunks *) lane->spans, guint32, k);
}

/* @lane's @k-th span (es_document_get_span(), without its checks: a frame
 * reads thousands). */
EsSpan
es_span_lane_get_span (const EsSpanLane *lane,
                       guint             k)
{
  return _es_document_read_span (lane->document, es_span_lane_get_index (lane, k));
}

/* @lane's spans from @block * ES_SPAN_BLOCK on (at most ES_SPAN_BLOCK of
 * them): their first and last start, and their latest end, the log's end
 * while one of them runs. */
EsSpanLaneBlock
es_span_lane_get_block (const EsSpanLane *lane,
                        guint             block)
{
  const EsSpanBlock *b = es_chunks_get (lane->blocks, block);

  return (EsSpanLaneBlock) {
    b->first_start, b->last_start, b->n_open > 0 ? MAX (MAX (b->end, lane->document->end_time), b->last_start) : b->end,
  };
}

static guint64
span_end (const EsSpanLane *lane,
          guint             k)
{
  return es_span_lane_get_span (lane, k).end;
}

/* The first of @lane's spans that are not all over before @time: every
 * span before it ended before @time. In a lane of spans that do not
 * overlap, ends only grow, block after block; in the last, blocks are
 * passed one by one. */
guint
es_span_lane_first_ending (const EsSpanLane *lane,
                           guint64           time)
{
  guint n_blocks = (lane->n + ES_SPAN_BLOCK - 1) / ES_SPAN_BLOCK, block = 0, k;

  if (lane->lane + 1 < ES_SPAN_LANES)
    {
      guint hi = n_blocks;

      while (block < hi)
        {
          guint mid = block + (hi - block) / 2;

          if (es_span_lane_get_block (lane, mid).end < time)
            block = mid + 1;
          else
            hi = mid;
        }
    }
  else
    while (block < n_blocks && es_span_lane_get_block (lane, block).end < time)
      block++;
  k = block * ES_SPAN_BLOCK;
  while (k < lane->n && span_end (lane, k) < time)
    k++;
  return k;
}

/* How many of @lane's spans start at or before @time. */
static guint
count_started (const EsSpanLane *lane,
               guint64           time)
{
  guint lo = 0, hi = lane->n;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (es_span_lane_get_span (lane, mid).start <= time)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

static int
compare_latest_first (gconstpointer a,
                      gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x > y ? -1 : x < y;
}

/**
 * es_span_lanes_find_running:
 * @found: (out caller-allocates) (array length=max): indexes in the
 *   document's spans
 * @max: how many to find at most
 *
 * The spans running at @time (started at or before it, ending at or after
 * it), the latest started first, as a walk back over the spans started by
 * then would find them. A lane whose spans do not overlap has one at most,
 * its last started by then; the last lane is walked back a block at a
 * time, passing over those all over before @time. A walk over the spans
 * themselves passed every span since the start of the log when fewer than
 * @max were running.
 *
 * Returns: how many were found, at most @max
 */
guint
es_span_lanes_find_running (EsDocument *document,
                            guint64     time,
                            guint      *found,
                            guint       max)
{
  const EsSpanLane *lanes = es_span_lanes_get (document);
  g_autofree guint *running = g_new (guint, max + ES_SPAN_LANES);
  guint n = 0;

  for (guint l = 0; l < ES_SPAN_LANES; l++)
    {
      const EsSpanLane *lane = &lanes[l];
      guint k = count_started (lane, time), in_lane = 0;

      if (l + 1 < ES_SPAN_LANES)
        {
          if (k > 0 && es_span_lane_get_span (lane, k - 1).end >= time)
            running[n++] = es_span_lane_get_index (lane, k - 1);
          continue;
        }
      while (k > 0 && in_lane < max)
        {
          guint block = (k - 1) / ES_SPAN_BLOCK;

          if (es_span_lane_get_block (lane, block).end < time)
            {
              k = block * ES_SPAN_BLOCK;
              continue;
            }
          k--;
          if (es_span_lane_get_span (lane, k).end >= time)
            {
              running[n++] = es_span_lane_get_index (lane, k);
              in_lane++;
            }
        }
    }
  /* The document's spans are in the order they start. */
  qsort (running, n, sizeof (guint), compare_latest_first);
  n = MIN (n, max);
  if (n > 0)
    memcpy (found, running, n * sizeof (guint));
  return n;
}
