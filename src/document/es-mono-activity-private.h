/* es-mono-activity-private.h: the blocks of records an activity keeps
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-mono-activity.h"

G_BEGIN_DECLS

/* Each kind of event is a stream of records (time, key, a, b), in the
 * order the collector makes them (file order: the buffers of different
 * threads interleave, so nearly but not quite in time order). Records are
 * packed, varint-coded, in blocks of BLOCK_RECORDS, and each block keeps
 * its sums per key: an interval takes the sums of the blocks wholly inside
 * it and decodes only the few it cuts. A block, once full, never changes:
 * a live log's snapshots share it. */
#define ES_MONO_BLOCK_RECORDS 4096

typedef struct
{
  guint32 key;
  guint64 count;
  guint64 sum_a;
  guint64 sum_b;
  guint64 max_b;
} EsMonoSum;

typedef struct
{
  gatomicrefcount  ref;
  guint64          min_time;
  guint64          max_time;
  guint64          first_time;
  guint32          n_records;
  guint32          n_sums;
  EsMonoSum       *sums;      /* sorted by key */
  gsize            n_bytes;
  guint8          *bytes;
} EsMonoBlock;

/* What a builder fills: the full blocks, and the one it is filling. */
typedef struct
{
  GPtrArray   *blocks;        /* EsMonoBlock, full */
  GByteArray  *open;
  guint64      open_min, open_max, open_first, open_last;
  guint32      open_n;
  GArray      *open_sums;     /* EsMonoSum */
  GArray      *open_slots;    /* guint32 by key: index + 1 in open_sums, if that sum is the key's */
  guint32      n_keys;        /* 1 + the largest key told */
} EsMonoStream;

/* A snapshot's view of a stream. */
typedef struct
{
  EsMonoBlock **blocks;
  guint         n_blocks;
  guint32       n_keys;
} EsMonoStreamView;

/* The document's call time, to count the calls from (es-call-stream-calls.c) */
void         _es_mono_activity_take_call_time (EsMonoActivity *self,
                                               GPtrArray      *call_streams,
                                               GArray         *call_stacks);

void         _es_mono_stream_init    (EsMonoStream     *stream);
void         _es_mono_stream_clear   (EsMonoStream     *stream);
void         _es_mono_stream_add     (EsMonoStream     *stream,
                                      guint64           time,
                                      guint32           key,
                                      guint64           a,
                                      guint64           b);
void         _es_mono_stream_view    (EsMonoStream     *stream,
                                      EsMonoStreamView *view);
void         _es_mono_stream_view_clear (EsMonoStreamView *view);
void         _es_mono_stream_sum     (const EsMonoStreamView *view,
                                      gboolean          interval,
                                      guint64           from,
                                      guint64           to,
                                      EsMonoSum        *sums);

G_END_DECLS
