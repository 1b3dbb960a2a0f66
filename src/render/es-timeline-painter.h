/* es-timeline-painter.h: the timeline drawn with Cairo, for screen and export
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <pango/pangocairo.h>

#include "es-bookmarks.h"
#include "es-document.h"
#include "es-document-prof.h"
#include "es-heap-profile.h"
#include "es-thread-states.h"

G_BEGIN_DECLS

/* The rows of a timeline, top to bottom. Every row kind but the ruler and
 * the activity and heap graphs exists once per capability. */
typedef enum
{
  ES_ROW_RULER,             /* time axis with adaptive units */
  ES_ROW_ACTIVITY,          /* how many caps are busy */
  ES_ROW_CAP,               /* running / GC / GC waiting / idle, instant ticks */
  ES_ROW_SPARK_CREATION,    /* created, dud, overflowed rates */
  ES_ROW_SPARK_CONVERSION,  /* converted, fizzled, GC'd rates */
  ES_ROW_SPARK_POOL,        /* pool size */
  ES_ROW_HEAP,              /* heap size, live data, allocation rate */
  ES_ROW_SPANS,             /* the user's START/STOP spans, as labelled bars */
  ES_ROW_HEAP_PROFILE,      /* the heap profile's top bands, stacked */
  ES_ROW_THREADS,           /* the header of the threads' section */
  ES_ROW_THREAD,            /* one Haskell thread's states (the section open) */
  ES_ROW_PROFILE,           /* where the cost-centre samples fall, per cap */
  ES_ROW_COUNTER,           /* one runtime counter's values (a Mono log's
                             * `counter`): @cap is its index in the document */
  ES_N_ROW_KINDS
} EsRowKind;

/* What is shown until the user chooses: everything but the spark rows,
 * with the threads' section closed. */
#define ES_TIMELINE_DEFAULT_ROWS ((1u << ES_ROW_RULER) | (1u << ES_ROW_ACTIVITY) | (1u << ES_ROW_CAP) | \
                                  (1u << ES_ROW_SPANS) | (1u << ES_ROW_HEAP) | \
                                  (1u << ES_ROW_HEAP_PROFILE) | (1u << ES_ROW_PROFILE) | \
                                  (1u << ES_ROW_THREADS))

typedef struct
{
  EsRowKind kind;
  guint     cap;            /* for per-cap rows */
  int       y;              /* top, in pixels from the painter's origin */
  int       height;
  guint     thread;         /* ES_ROW_THREAD: an index into the document's
                             * threads; ES_ROW_THREADS: how many there are */
} EsTimelineRow;

/* What to draw: the span [t0, t1] of @document over @width pixels of data
 * area, to the right of a label gutter of ES_TIMELINE_GUTTER pixels. */
typedef struct
{
  EsDocument *document;
  guint64     t0;
  guint64     t1;
  int         width;        /* data area width, without the gutter */
  gboolean    dark;         /* colours for a dark theme */
  guint32     selected_thread;          /* its runs stand out; 0 for none */
  EsThreadStateCache *thread_states;    /* (nullable): kept between frames; used
                                         * only on the thread that owns it */
  GArray     *bookmarks;    /* EsBookmark by time, or NULL; not owned, never
                             * changed (es_bookmarks_get_array()) */
  gboolean    profile_chosen;           /* the Profile row marks where ... */
  guint32     profile_cost_centre;      /* ... this cost centre (a log id) ran */
  EsProfKind  profile_kind;             /* the samples or the call time (0: samples) */
  gboolean    profile_one_cap;          /* the Profile row shows only ... */
  guint       profile_cap;              /* ... this thread's (a Mono row) or cap's */
  gboolean    ongoing;      /* the log is still being written: its end is
                             * "now", and what is open there goes on */
} EsTimelineView;

#define ES_TIMELINE_GUTTER 96

/* The height of a band of rows painted as one (es_timeline_band_end()). */
#define ES_TIMELINE_BAND_HEIGHT 200

/* Colours (ThreadScope's key where people know it), es-timeline-palette.c's. */
typedef enum
{
  ES_COLOR_RUNNING,
  ES_COLOR_GC,
  ES_COLOR_GC_WAITING,
  ES_COLOR_EXIT_SUSPEND,
  ES_COLOR_IDLE,
  ES_COLOR_ACTIVITY,
  ES_COLOR_THREAD_CREATED,
  ES_COLOR_GC_REQUEST,
  ES_COLOR_MIGRATE,
  ES_COLOR_WAKEUP,
  ES_COLOR_USER_MESSAGE,
  ES_COLOR_MARKER,
  ES_COLOR_SPARK_CREATED,
  ES_COLOR_SPARK_DUD,
  ES_COLOR_SPARK_OVERFLOWED,
  ES_COLOR_SPARK_CONVERTED,
  ES_COLOR_SPARK_FIZZLED,
  ES_COLOR_SPARK_GCED,
  ES_COLOR_SPARK_POOL,
  ES_COLOR_HEAP_SIZE,
  ES_COLOR_HEAP_LIVE,
  ES_COLOR_ALLOC_RATE,
  ES_COLOR_COUNTER,
  ES_COLOR_SPAN,
  ES_COLOR_THREAD_RUNNABLE,
  ES_COLOR_BLOCKED_MVAR,
  ES_COLOR_BLOCKED_BLACK_HOLE,
  ES_COLOR_BLOCKED_STM,
  ES_COLOR_BLOCKED_IO,
  ES_COLOR_BLOCKED_DELAY,
  ES_COLOR_BLOCKED_FOREIGN_CALL,
  ES_COLOR_BLOCKED_OTHER,
  ES_COLOR_THREAD_SELECTED,
  ES_COLOR_BOOKMARK,
  ES_COLOR_PROFILE_CHOSEN,
  ES_COLOR_TEXT,
  ES_COLOR_GRID,
  ES_N_COLORS
} EsColor;

typedef struct
{
  double red, green, blue, alpha;
} EsRgba;

void        es_rgba_from_rgb           (guint32                rgb,
                                        EsRgba                *rgba);
void        es_timeline_color          (EsColor                color,
                                        gboolean               dark,
                                        EsRgba                *rgba);
gboolean    es_timeline_text_color     (EsColor                ground,
                                        gboolean               dark,
                                        EsRgba                *rgba);
const char *es_timeline_color_name     (EsColor                color);
GArray     *es_timeline_layout         (EsDocument            *document,
                                        guint32                visible_kinds);
GArray     *es_timeline_layout_with_counters (EsDocument      *document,
                                        guint32                visible_kinds,
                                        GArray                *counters);
guint       es_timeline_find_counter   (EsDocument            *document,
                                        const char            *name);
GArray     *es_timeline_choose_counters (EsDocument           *document,
                                        const char * const    *names);
char       *es_timeline_counter_key    (EsDocument            *document,
                                        guint                  counter);
gboolean    es_timeline_counter_value_at (EsDocument          *document,
                                        guint                  counter,
                                        guint64                time,
                                        double                *value_in_unit);
void        es_timeline_layout_pin     (GArray                *rows,
                                        guint32                pinned_kinds);
int         es_timeline_layout_height  (GArray                *rows);
int         es_timeline_band_end       (GArray                *rows,
                                        int                    top,
                                        int                    bottom);
int         es_timeline_profile_row_height (EsDocument        *document);
void        es_timeline_paint          (cairo_t               *cr,
                                        const EsTimelineView  *view,
                                        GArray                *rows);
void        es_timeline_paint_bands    (cairo_t *const        *crs,
                                        guint                  n_bands,
                                        const EsTimelineView  *view,
                                        GArray                *rows);
void        es_timeline_paint_labels   (cairo_t               *cr,
                                        const EsTimelineView  *view,
                                        GArray                *rows);
void        es_timeline_warm_text      (void);
double      es_timeline_time_to_x      (const EsTimelineView  *view,
                                        guint64                time);
guint64     es_timeline_x_to_time      (const EsTimelineView  *view,
                                        double                 x);
char       *es_timeline_format_time    (guint64                time,
                                        guint64                resolution);
char       *es_timeline_format_tick    (guint64                time,
                                        guint64                step,
                                        guint64                last);

/* Where a cap row draws @color: ES_COLOR_RUNNING and ES_COLOR_EXIT_SUSPEND
 * in the upper band, ES_COLOR_GC and ES_COLOR_GC_WAITING in the lower one
 * (for hit tests). */
gboolean    es_timeline_cap_band       (const EsTimelineRow   *row,
                                        EsColor                color,
                                        int                   *y,
                                        int                   *height);
char       *es_timeline_cap_name       (EsDocument            *document,
                                        guint                  cap);
char       *es_timeline_row_label      (EsDocument            *document,
                                        const EsTimelineRow   *row);
gboolean    es_timeline_row_label_is_cut (EsDocument          *document,
                                        const EsTimelineRow   *row);
gboolean    es_timeline_marker_label_at (const EsTimelineView *view,
                                        GArray                *rows,
                                        double                 x,
                                        double                 y,
                                        guint                 *marker);
const EsTimelineRow *es_timeline_row_at (GArray               *rows,
                                        int                    y);

/* The heap profile row (es-timeline-heap-profile.c): its bands' colours
 * and names, for the legend, the tooltip and the statistics. */
void        es_timeline_heap_band_color (const EsHeapProfileBand *band,
                                        guint                  index,
                                        gboolean               dark,
                                        EsRgba                *rgba);
const char *es_timeline_heap_band_name (const EsHeapProfileBand *band,
                                        gboolean               full);

G_END_DECLS
