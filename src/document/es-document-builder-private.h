/* es-document-builder-private.h: the builder's state, shared by its parts
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-cap-timeline-private.h"
#include "es-document-builder.h"
#include "es-document-private.h"
#include "es-thread-table-private.h"

G_BEGIN_DECLS

/* Events arrive in file order: blocks of different caps interleaved, each
 * cap's own events in time order. So everything per cap is built by a
 * small state machine per cap, with no sorting; only the few things that
 * mix caps (spans, user events, heap samples) are put in time order at the
 * end; a thread's runs and states are not even copied: they live in the
 * caps' activities and instants, indexed per thread only when asked for. Several builders, each fed the blocks of some caps by
 * a partitioned reader, merge into one (es_document_builder_merge()). */

typedef struct
{
  EsCapTimeline *timeline;
  gboolean       running;
  guint32        thread;
  guint64        run_start;
  gboolean       in_gc;
  guint8         gc_phase;        /* EsActivityKind of the open GC phase */
  guint64        gc_phase_start;
  guint64        gc_start;
  guint          pending_gc;      /* index of this cap's GC record awaiting GC_END */
  guint64        last_time;
  gboolean       no_instants;     /* its builder's statistics only: es_document_builder_set_statistics_only() */
} CapState;

/* A lane of spans, as far as they are paired (es-document-spans.c). */
typedef struct
{
  guint   n_open;   /* its spans not stopped yet */
  guint64 end;      /* the latest end among those stopped */
} SpanLaneState;

#define NO_GC G_MAXUINT

/* The events that a builder for statistics only counts and times, and
 * does nothing else with: es_document_builder_add() returns with those of
 * a cap, and add_event() reads no field of those of no cap (the scheduler's
 * and sparks' need a cap, a GC's request makes only an instant). */
#define STATISTICS_READ_NO_FIELDS_CASES \
  case ES_EVENT_CREATE_THREAD: case ES_EVENT_THREAD_RUNNABLE: \
  case ES_EVENT_MIGRATE_THREAD: case ES_EVENT_THREAD_WAKEUP: \
  case ES_EVENT_SPARK_CREATE: case ES_EVENT_SPARK_DUD: case ES_EVENT_SPARK_OVERFLOW: \
  case ES_EVENT_SPARK_RUN: case ES_EVENT_SPARK_STEAL: case ES_EVENT_SPARK_FIZZLE: \
  case ES_EVENT_SPARK_GC: case ES_EVENT_RUN_SPARK: case ES_EVENT_STEAL_SPARK: \
  case ES_EVENT_REQUEST_SEQ_GC: case ES_EVENT_REQUEST_PAR_GC

typedef struct _EsProfBuild EsProfBuild;

typedef enum
{
  ES_HEAP_SERIES_SIZE,
  ES_HEAP_SERIES_LIVE,
  ES_HEAP_SERIES_BLOCKS,
  ES_HEAP_SERIES_RETURNED,
  ES_N_HEAP_SERIES
} EsHeapSeries;

struct _EsDocumentBuilder
{
  EsDocument  *doc;
  GPtrArray   *caps;              /* CapState * */
  EsThreadTable *threads;         /* written in place; its documents' tables share its chunks */
  guint64      last_sync;
  gint32       heap_sample;       /* index of the open heap-profile sample, or -1 */
  GPtrArray   *args;
  GPtrArray   *env;
  GHashTable  *band_ids;          /* band name -> id + 1 */
  gboolean     have_time;
  EsProfBuild *prof;              /* time-profile stacks, see es-document-prof.c */
  EsProfBuild *calls;             /* call time's stacks, see es-document-calltime.c */
  EsVecFile   *records;           /* (nullable): where large records live, shared with snapshots */
  guint64      allocated_before;  /* the caps' allocation is merged up to here (snapshots only) */
  gboolean     allocated_late;    /* a sample came before it: merge again from the start */
  gboolean     threads_written;   /* a copy's: its document has its threads' table */
  gboolean     ongoing;           /* the log is still being written: no cap's data has ended */
  gboolean     rows_are_threads;  /* a Mono log's: no data end per row */
  gboolean     statistics_only;   /* es_document_builder_set_statistics_only() */
  gboolean     gcs_elsewhere;     /* es_document_builder_note_gc_stats_elsewhere() */
  guint64      keep_from;         /* its @keep_from */
  EsSample     heap_size_before;  /* for statistics only: the latest heap size at or before t0 ... */
  gboolean     have_heap_size_before;
  guint64      heap_size_max;     /* ... and the largest in the interval so far */
  gboolean     have_heap_size_max;
  guint64      gcs_before;        /* the GCs starting before this are indexed (snapshots only) */
  gboolean     gcs_late;          /* a GC started before it: index them all again */
  /* In time order already, as the builder was copied (es-document-spans.c) */
  guint        messages_sorted;   /* the first messages of its document, paired into its spans */
  guint        markers_sorted;    /* the first markers */
  GHashTable  *open_spans;        /* (nullable): name -> GArray of OpenSpan, the STARTs they left open */
  SpanLaneState span_lanes[ES_SPAN_LANES];
  EsVec        heap_unsettled[ES_N_HEAP_SERIES]; /* EsSample: a live log's, not in its series yet */
};

void         _es_builder_free_cap_state     (gpointer           data);
const char  *_es_builder_intern             (EsDocumentBuilder *self,
                                             const char        *data,
                                             gsize              len);
CapState    *_es_builder_add_caps           (EsDocumentBuilder *self,
                                             guint              cap);
guint32      _es_builder_band_id            (EsDocumentBuilder *self,
                                             const char        *name);
EsProfBuild *_es_prof_build_new             (void);
void         _es_prof_build_free            (EsProfBuild       *build);
void         _es_builder_add_prof_event     (EsDocumentBuilder *self,
                                             const EsEvent     *e);
void         _es_builder_add_prof_sample    (EsDocumentBuilder *self,
                                             guint64            time,
                                             guint16            cap,
                                             const guint32     *frames,
                                             guint              depth);
void         _es_builder_add_cost_centre    (EsDocumentBuilder *self,
                                             guint32            id,
                                             const char        *label,
                                             const char        *module,
                                             const char        *srcloc);
void         _es_builder_set_prof_tick_interval (EsDocumentBuilder *self,
                                             guint64            tick_interval);
void         _es_builder_merge_prof         (EsDocumentBuilder *self,
                                             EsDocumentBuilder *other);
guint32      _es_prof_intern_frame          (EsProfBuild       *build,
                                             EsProfData        *prof,
                                             guint32            parent,
                                             guint32            cost_centre);
guint32      _es_builder_intern_call_frame  (EsDocumentBuilder *self,
                                             guint32            parent,
                                             guint32            cost_centre);
void         _es_builder_add_call_stream    (EsDocumentBuilder *self,
                                             guint16            cap,
                                             guint64            origin,
                                             GByteArray        *bytes);

/* The changes of stack a piece of a thread's call time holds at most
 * (es-document-calltime.c): a followed log's update indexes one piece a
 * thread, whatever the log's length. */
#define ES_CALL_PIECE_CHANGES 65536u

typedef struct _EsCallPiece EsCallPiece;

EsCallPiece *_es_builder_make_call_piece    (EsDocumentBuilder  *self,
                                             guint64             origin,
                                             guint64             start_abs,
                                             guint32             start_stack,
                                             GByteArray         *bytes,
                                             EsCallPiece        *before);
void         _es_builder_add_call_pieces    (EsDocumentBuilder  *self,
                                             guint16             cap,
                                             guint64             origin,
                                             EsCallPiece *const *pieces,
                                             guint               n_pieces);
EsCallPiece *_es_call_piece_ref             (EsCallPiece        *piece);
void         _es_call_piece_unref           (gpointer            piece);
void         _es_builder_settle_prof        (EsDocumentBuilder *self,
                                             guint64            before);
void         _es_builder_settle_user_events (EsDocumentBuilder *self,
                                             guint64            before);
void         _es_builder_order_user_events  (EsDocumentBuilder *self);
void         _es_builder_copy_user_events   (EsDocumentBuilder *copy,
                                             EsDocumentBuilder *self);
void         _es_builder_begin_heap_census  (EsDocumentBuilder *self,
                                             guint64            time,
                                             guint64            era,
                                             guint64            at);
void         _es_builder_add_heap_census_entry (EsDocumentBuilder *self,
                                             const char        *name,
                                             guint64            residency,
                                             guint64            objects,
                                             guint64            at);
void         _es_builder_end_heap_census    (EsDocumentBuilder *self,
                                             guint64            at);
void         _es_builder_add_heap_profile_event (EsDocumentBuilder *self,
                                             const EsEvent     *e);
void         _es_builder_add_heap_sample    (EsDocumentBuilder *self,
                                             EsHeapSeries       which,
                                             guint64            time,
                                             guint64            value);
void         _es_builder_settle_heap_size   (EsDocumentBuilder *self);
void         _es_builder_settle_heap_samples (EsDocumentBuilder *self,
                                              guint64            before);
void         _es_builder_copy_heap_samples  (EsDocumentBuilder *copy,
                                             EsDocumentBuilder *self);

/* The hot helpers of the per-event code are inline: a call each costs as
 * much as what they do. */

static inline void
_es_builder_close_run (CapState *cap,
                       guint64   time,
                       guint8    status,
                       guint16   flags)
{
  if (!cap->running)
    return;
  _es_cap_timeline_push_activity (cap->timeline, ES_ACTIVITY_RUNNING, cap->run_start, time,
                                  cap->thread, status, flags);
  cap->running = FALSE;
}

static inline void
_es_builder_close_gc_phase (CapState *cap,
                            guint64   time,
                            guint16   flags)
{
  if (!cap->in_gc)
    return;
  _es_cap_timeline_push_activity (cap->timeline, cap->gc_phase, cap->gc_phase_start, time,
                                  0, ES_STOP_NO_STATUS, flags);
}

/* The state of @cap, created (with every cap below it) on first use: asked
 * for once per event, so the common case is inline. */
static inline CapState *
_es_builder_get_cap (EsDocumentBuilder *self,
                     guint              cap)
{
  if (G_LIKELY (cap < self->caps->len))
    return g_ptr_array_index (self->caps, cap);
  return _es_builder_add_caps (self, cap);
}

G_END_DECLS
