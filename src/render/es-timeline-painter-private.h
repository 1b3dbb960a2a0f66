/* es-timeline-painter-private.h: what the painter's files share
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-lod.h"
#include "es-lod-frame.h"
#include "es-timeline-painter.h"

G_BEGIN_DECLS

typedef struct _EsPaintBatch EsPaintBatch;

#define SMALL_FONT  "Sans 7"
#define LABEL_FONT  "Sans 8"

/* Everything one paint needs, worked out once per frame. */
/* What a thread did in one pixel column, as the row draws it: the share
 * of the column's time in each state, its runs there, and the HEC of the
 * last (es_thread_states_columns()). */
typedef struct
{
  float   share[ES_THREAD_SHARE_NO_DATA];
  guint32 runs;
  guint16 run_cap;
} EsThreadPixel;

typedef struct
{
  cairo_t              *cr;
  const EsTimelineView *view;
  EsDocument           *document;
  guint64               span;             /* t1 - t0, at least 1 */
  double                ns_per_px;
  EsRgba                colors[ES_N_COLORS];
  PangoLayout          *small;            /* small font, for text inside rows */
  double                clip_top;         /* rows outside the clip are skipped */
  double                clip_bottom;
  guint                 first_row;        /* the rows in the clip: [first, end) */
  guint                 end_row;

  /* The level-of-detail columns of the frame, queried once for all the
   * rows that show them (es-timeline-columns.c); NULL where not needed,
   * valid for a row once es_paint_columns_wait() has returned. */
  guint                 n_caps;
  EsActivityColumn    **activity;         /* per cap */
  EsSparkColumn       **sparks;           /* per cap, for its three spark rows */
  EsHeapColumn         *heap;
  float                *busy;
  EsPaintBatch         *batch;            /* the queries under way */
  const EsLodFrame     *lod_frame;        /* (nullable): made before the frame; then
                                           * @activity, @sparks and @heap are its */
  EsThreadStateCache   *thread_states;    /* when the view brings none */
  guint64              *column_edges;     /* (nullable): each pixel column's start, and the last's end */
  double               *column_widths;    /* (nullable): their widths in ns, at least 1 */
  GArray               *rows;             /* the frame's, once its columns are started */
  guint                 thread_rows_first; /* the first row of thread_pixels */
  guint                 n_thread_rows;
  EsThreadPixel       **thread_pixels;    /* per row from thread_rows_first: a thread row's columns, or NULL */
  const EsThreadStates **thread_row_states;

  /* Where bars go (es-timeline-canvas.c): a row's worth of pixels, or
   * Cairo rectangles for vector targets. */
  gboolean              use_canvas;
  guint32              *under_plain;      /* the background of a row, as pixels: idle, ... */
  guint32              *under_grid;       /* ... and with the grid's lines (es_paint_canvas_prepare_under()) */
  const guint32        *canvas_under;     /* (nullable): the canvas is opaque, this line under it */
  cairo_surface_t      *canvas;
  guint8               *canvas_data;
  int                   canvas_stride;
  int                   canvas_top;
  int                   canvas_height;
} EsPaintContext;

/* Neighbouring columns with the same extent, gathered into one rectangle
 * of one colour. */
typedef struct
{
  EsPaintContext *ctx;
  EsColor         color;
  double          alpha;
  EsRgba          rgba;                   /* the colour, for vector targets */
  guint32         pixel;
  int             start;
  int             end;                    /* exclusive; start == end: none */
  int             top;
  int             bottom;
} EsColumnRuns;

void     es_paint_canvas_init     (EsPaintContext       *ctx);
void     es_paint_canvas_clear    (EsPaintContext       *ctx);
void     es_paint_canvas_begin    (EsPaintContext       *ctx,
                                   int                   top,
                                   int                   height);
void     es_paint_canvas_flush    (EsPaintContext       *ctx);
void     es_paint_canvas_prepare_under (EsPaintContext  *ctx,
                                   guint64               step);
gboolean es_paint_canvas_begin_opaque (EsPaintContext   *ctx,
                                   int                   top,
                                   int                   height,
                                   gboolean              grid);
void     es_paint_set_opaque_canvases (gboolean          enabled);
gboolean es_paint_row_is_opaque   (EsPaintContext       *ctx,
                                   const EsTimelineRow  *row,
                                   int                   ruler_bottom);
void     es_paint_clip_out_rows   (EsPaintContext       *ctx,
                                   GArray               *rows,
                                   double                band_top,
                                   double                band_bottom,
                                   guint                 index,
                                   const guint8         *opaque,
                                   const guint          *row_band);
void     es_paint_as_grid_lines   (EsPaintContext       *ctx,
                                   double                top,
                                   double                bottom);
void     es_paint_row_background  (EsPaintContext       *ctx,
                                   const EsTimelineRow  *row,
                                   guint64               step,
                                   int                   ruler_bottom,
                                   double                band_bottom);
PangoLayout *es_paint_gutter_label (cairo_t             *cr,
                                   EsDocument           *document,
                                   const EsTimelineRow  *row);
void     es_paint_grid_columns    (EsPaintContext       *ctx,
                                   guint64               step,
                                   guint8               *grid);
void     es_column_runs_begin     (EsColumnRuns         *runs,
                                   EsPaintContext       *ctx,
                                   EsColor               color,
                                   double                alpha);
void     es_column_runs_begin_rgba (EsColumnRuns        *runs,
                                   EsPaintContext       *ctx,
                                   const EsRgba         *rgba);
void     es_column_runs_add       (EsColumnRuns         *runs,
                                   int                   column,
                                   int                   top,
                                   int                   bottom);
void     es_column_runs_end       (EsColumnRuns         *runs);
void     es_paint_dense_ticks     (EsPaintContext       *ctx,
                                   gconstpointer         items,
                                   gsize                 size,
                                   gsize                 time_offset,
                                   guint                 n,
                                   guint                 first,
                                   guint                 last,
                                   EsColor               color,
                                   int                   top,
                                   int                   bottom);
void     es_paint_set_color       (EsPaintContext       *ctx,
                                   EsColor               color);
void     es_paint_set_color_alpha (EsPaintContext       *ctx,
                                   EsColor               color,
                                   double                alpha);
void     es_paint_no_data         (EsPaintContext       *ctx,
                                   const EsTimelineRow  *row,
                                   guint64               from);
void     es_paint_set_text_color  (EsPaintContext       *ctx,
                                   EsColor               ground);
PangoLayout *es_paint_measuring_layout (gboolean       small);
PangoLayout *es_paint_text_layout (cairo_t            *cr,
                                   const char         *font,
                                   const char         *text,
                                   int                 width,
                                   int                 height);
int      es_paint_text_box        (EsPaintContext       *ctx,
                                   const char           *text,
                                   double                x,
                                   double                y,
                                   int                   max_width,
                                   gboolean              align_right,
                                   EsColor               color);

void     es_paint_frame_edges     (EsPaintContext       *ctx);
guint    es_paint_thread_row_slot (const EsPaintContext *ctx,
                                   const EsTimelineRow  *row);
const EsThreadStates *es_paint_lookup_thread_states (EsPaintContext *ctx,
                                                     guint           thread_index);
void     es_paint_thread_pixels   (EsPaintContext       *ctx,
                                   const EsThreadStates *states,
                                   int                   first,
                                   int                   n,
                                   EsThreadPixel        *pixels);
void     es_paint_columns_start   (EsPaintContext       *ctx,
                                   GArray               *rows);
void     es_paint_columns_wait    (EsPaintContext       *ctx,
                                   const EsTimelineRow  *row);
void     es_paint_columns_clear   (EsPaintContext       *ctx);

void     es_paint_find_rows       (EsPaintContext       *ctx,
                                   GArray               *rows);
gboolean es_paint_row_is_clipped  (const EsPaintContext *ctx,
                                   const EsTimelineRow  *row);
gboolean es_paint_row_is_skipped  (const EsPaintContext *ctx,
                                   const EsTimelineRow  *row);
guint64  es_paint_choose_ticks    (EsPaintContext       *ctx,
                                   guint64              *minor);
void     es_paint_grid_lines      (EsPaintContext       *ctx,
                                   guint64               step,
                                   double                top,
                                   double                bottom);
void     es_paint_ruler           (EsPaintContext       *ctx,
                                   const EsTimelineRow  *row,
                                   guint64               step,
                                   guint64               minor);
void     es_paint_over_rows       (EsPaintContext       *ctx,
                                   GArray               *rows,
                                   int                   height);
void     es_paint_markers         (EsPaintContext       *ctx,
                                   GArray               *rows);
void     es_paint_bookmarks       (EsPaintContext       *ctx,
                                   GArray               *rows);
void     es_paint_activity_row    (EsPaintContext       *ctx,
                                   const EsTimelineRow  *row);
void     es_paint_cap_row         (EsPaintContext       *ctx,
                                   const EsTimelineRow  *row);
void     es_paint_spark_row       (EsPaintContext       *ctx,
                                   const EsTimelineRow  *row);
void     es_paint_counter_row     (EsPaintContext       *ctx,
                                   const EsTimelineRow  *row);
void     es_paint_heap_row        (EsPaintContext       *ctx,
                                   const EsTimelineRow  *row);
void     es_paint_spans_row       (EsPaintContext       *ctx,
                                   const EsTimelineRow  *row);
void     es_paint_threads_header  (EsPaintContext       *ctx,
                                   const EsTimelineRow  *row);
void     es_paint_thread_row      (EsPaintContext       *ctx,
                                   const EsTimelineRow  *row);
void     es_paint_selected_thread_runs (EsPaintContext  *ctx,
                                   GArray               *rows);
char    *es_paint_thread_label    (EsDocument           *document,
                                   guint                 thread_index);
void     es_paint_profile_row     (EsPaintContext       *ctx,
                                   const EsTimelineRow  *row);
void     es_paint_heap_profile_row (EsPaintContext      *ctx,
                                   const EsTimelineRow  *row);

G_END_DECLS
