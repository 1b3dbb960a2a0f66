/* es-busy-grid.h: the caps' running time before each point of a grid
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document.h"

G_BEGIN_DECLS

/* Columns at least this many steps of the grid wide are answered from it
 * (see es_lod_busy_caps()). */
#define ES_BUSY_GRID_COLUMN 192

typedef struct _EsBusyGridChunk EsBusyGridChunk;

/* Points start + k * step, k < n, in chunks that a live log's successive
 * grids share where they are the same. Each point holds the running time
 * of all the caps before it as 32 bits over its checkpoint (every 64
 * points, 64 bits), in units of @unit ns: 1 unless the caps' time over a
 * checkpoint's points passes 2^32 ns (64 caps and a run of ten minutes). */
typedef struct
{
  guint64           start;
  guint64           step;
  guint             n;
  guint64           unit;
  guint             n_chunks;
  EsBusyGridChunk **chunks;
} EsBusyGrid;

EsBusyGrid       *es_busy_grid_new            (EsDocument       *document,
                                               guint64           start,
                                               guint64           step);
void              es_busy_grid_free           (EsBusyGrid       *grid);
const EsBusyGrid *es_busy_grid_get            (EsDocument       *document);
guint64           es_busy_grid_get_step       (EsDocument       *document);
guint64           es_busy_grid_point          (const EsBusyGrid *grid,
                                               guint             k);
double            es_busy_grid_running_before (const EsBusyGrid *grid,
                                               guint64           time);

/* The grid of a live log's snapshots, grown from one to the next. */
typedef struct _EsBusyGridGrower EsBusyGridGrower;

EsBusyGridGrower *es_busy_grid_grower_new     (void);
EsBusyGridGrower *es_busy_grid_grower_ref     (EsBusyGridGrower *self);
void              es_busy_grid_grower_unref   (EsBusyGridGrower *self);
void              es_busy_grid_grower_give    (EsBusyGridGrower *self,
                                               EsDocument       *snapshot);
guint             es_busy_grid_grower_get_n_summed (EsBusyGridGrower *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsBusyGrid, es_busy_grid_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsBusyGridGrower, es_busy_grid_grower_unref)

G_END_DECLS
