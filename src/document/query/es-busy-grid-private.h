/* es-busy-grid-private.h: the sums a busy grid's points are made from
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-busy-grid.h"
#include "es-vec.h"

G_BEGIN_DECLS

/* A live log's grid has room for as many points as half its activities,
 * up to this many (es-busy-grid-grower.c). */
#define ES_BUSY_GRID_GROWN_POINTS (1u << 20)
#define ES_BUSY_CHUNK_POINTS 1024
#define ES_BUSY_CHECKPOINT   64

/* 4 kB of points, with what the sums were at its first point: a grid
 * made after a live log's next snapshot shares every chunk before the
 * first step the snapshot changed, and goes on from there. */
struct _EsBusyGridChunk
{
  gatomicrefcount ref;
  guint64         total;                                   /* at its first point */
  gint64          cover;                                   /* runs covering its first step whole, before it */
  guint64         checkpoints[ES_BUSY_CHUNK_POINTS / ES_BUSY_CHECKPOINT];
  guint32         offsets[ES_BUSY_CHUNK_POINTS];
};

/* The running time inside steps [first, first + n), before it is summed
 * into points: the ends of a run in their steps, and the steps it covers
 * whole counted in @covering as differences, so that a long run costs no
 * more than a short one. A run that started before @first counts from
 * there; @cover_in is the runs covering @first whole that were counted
 * before it. */
typedef struct
{
  guint64 start;            /* the time of step 0 */
  guint64 step;
  guint   first;
  guint   n;
  gint64  cover_in;
  EsVec   in_step;          /* guint64 ns per step */
  EsVec   covering;         /* gint32 per step: +1 where whole steps start, -1 where they end */
  guint   changed_from;     /* the first step changed since the last grid was made */
} EsBusySums;

void         _es_busy_sums_reset        (EsBusySums       *sums,
                                         guint64           start,
                                         guint64           step,
                                         guint             first,
                                         guint             n);
void         _es_busy_sums_clear        (EsBusySums       *sums);
void         _es_busy_sums_extend       (EsBusySums       *sums,
                                         guint             end);
guint64      _es_busy_sums_step_time    (const EsBusySums *sums,
                                         guint             k);
void         _es_busy_sums_drop_before  (EsBusySums       *sums,
                                         guint             first,
                                         gint64            cover_in);
guint        _es_busy_sums_add          (EsBusySums       *sums,
                                         const EsActivity *a,
                                         guint             from,
                                         guint             to,
                                         gboolean          take_back);
void         _es_busy_sums_add_caps     (EsBusySums       *sums,
                                         EsDocument       *document,
                                         guint            *cursors,
                                         const guint      *ends);
EsBusyGrid  *_es_busy_grid_alloc        (guint64           start,
                                         guint64           step,
                                         guint             n,
                                         guint             n_caps);
guint64      _es_busy_grid_unit         (guint64           step,
                                         guint             n_caps);
void         _es_busy_grid_write_chunks (EsBusyGrid       *grid,
                                         const EsBusySums *sums,
                                         guint             first_chunk,
                                         guint             end_point,
                                         guint64          *total,
                                         gint64           *cover);
void         _es_busy_grid_sum_caps     (EsBusyGrid       *grid,
                                         EsDocument       *document,
                                         guint            *cursors,
                                         const guint      *ends,
                                         guint             end_point,
                                         guint64          *total);
guint64      _es_busy_grid_points_for   (guint64           start,
                                         guint64           end,
                                         guint64           step);
EsBusyGrid  *_es_busy_grid_share        (const EsBusyGrid *grid);
GQuark       _es_busy_grid_quark        (void);
EsBusyGridChunk *_es_busy_chunk_ref     (EsBusyGridChunk  *chunk);

G_END_DECLS
