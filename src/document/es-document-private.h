/* es-document-private.h: the document's fields, shared by its builder
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document.h"
#include "es-document-prof.h"

#include "es-chunks.h"
#include "es-gc-fold-private.h"
#include "es-thread-table.h"
#include "es-vec.h"

G_BEGIN_DECLS

typedef struct
{
  guint32       thread;
  EsThreadState state;
} EsOrphanStop;

/* Per generation: GCs by start time, with prefix sums for O(log n) sums
 * over any interval and a series of pauses for the maximum. */
typedef struct
{
  EsVec     starts;         /* guint64 */
  EsVec     prefix;         /* EsGenPrefix, one more than starts */
  EsSeries *pauses;
  EsSeries *slops;
} EsGenIndex;

typedef struct
{
  guint64 pause;
  guint64 copied;
  guint64 par_colls;
  guint64 par_tot_copied;
  guint64 par_balanced_copied;
  guint64 par_max_copied;
} EsGenPrefix;

typedef struct _EsProfData EsProfData;

struct _EsDocument
{
  GObject        parent_instance;

  GStringChunk  *strings;
  GBytes        *strings_owner;     /* (nullable): holds @strings when shared with a live builder */
  GPtrArray     *more_strings;      /* GStringChunk of merged builders */
  GPtrArray     *caps;              /* EsCapTimeline, index = cap number */
  EsVec          gcs;               /* EsGc, by start */
  EsVec          gc_pause_prefix;   /* guint64: pauses of gcs[0..i) */
  EsGcFold      *gc_fold;           /* (nullable): loaded for statistics only, its GCs instead of @gcs */
  EsVecFile     *records_file;      /* (nullable): a live log's builder's, which its GCs' index lives in */
  GPtrArray     *gen_index;         /* EsGenIndex *, index = generation */
  guint          gcs_indexed;       /* the first GCs, in start order, in the two above */
  EsThreadTable *threads;           /* by id */
  GArray        *orphan_stops;      /* EsOrphanStop: stops whose run the log lacks */
  gsize          thread_index;      /* EsThreadIndex *, built on first use */
  gsize          run_phases;        /* EsRunPhases *, found on first use (es_run_phases_find()) */
  GArray        *tasks;             /* EsTask */
  GArray        *capsets;           /* EsCapset */
  GArray        *binary_messages;   /* EsBinaryMessage */
  EsSeries      *mem_returned;      /* MEM_RETURN: mblocks returned to the OS */
  EsVec          messages;          /* EsUserEvent: USER_MSG and LOG_MSG */
  EsVec          markers;           /* EsUserEvent: USER_MARKER */
  EsChunks       spans;             /* EsSpan by start, ending at ES_SPAN_OPEN while open (es-document-spans.c) */
  EsChunks       span_lanes[ES_SPAN_LANES];  /* guint32: each lane's spans, by start */
  EsChunks       span_blocks[ES_SPAN_LANES]; /* EsSpanBlock: each ES_SPAN_BLOCK of a lane's spans */
  EsSeries      *heap_size;
  EsSeries      *heap_live;
  EsSeries      *blocks_size;
  EsSeries      *allocated;         /* all caps together */
  GArray        *counters;          /* EsCounter, in the order described (es-document-counters.c) */
  GArray        *allocated_taken;   /* guint per cap: its samples in @allocated so far */
  GArray        *allocated_current; /* guint64 per cap: the last of them */
  guint64        allocated_total;   /* their sum */

  /* Heap profile */
  guint32        heap_prof_breakdown;
  guint64        heap_prof_period;
  EsVec          heap_samples;      /* EsHeapProfSample */
  EsVec          heap_entries;      /* EsHeapProfEntry */
  GPtrArray     *heap_bands;        /* const char * (in strings) */
  GArray        *cost_centres;      /* EsCostCentre */
  GArray        *info_tables;       /* EsInfoTable, by address once built */
  EsProfData    *prof;              /* time-profile samples, see es-document-prof.c */
  EsProfData    *calls;             /* call time, see es-document-calltime.c */

  /* Process */
  EsProcessInfo  process;

  EsDocumentFormat format;
  GPtrArray     *cap_labels;        /* const char * (in strings), or NULL: "HEC n" */
  EsMonoSummary *mono;              /* Mono logs only */
  EsMonoActivity *mono_activity;    /* (nullable): a Mono log's calls, allocations, exceptions, locks */

  guint64        start_time;
  guint64        end_time;
  guint64        detail_from;       /* a live log's oldest detail kept (0: all of it) */
  guint64        samples_from;      /* loaded for statistics: its caps' samples are whole from here */
  gboolean       for_statistics;    /* loaded for the statistics of [statistics_t0, statistics_t1] only */
  guint64        statistics_t0, statistics_t1;
  EsVecFilePin  *records_pin;       /* (nullable): a live log's snapshot: its builder's records it maps */
  guint64        n_events;
  guint          n_closed_runs;     /* left open by the log, closed at its end (or their cap's) */
  guint          n_closed_gcs;
  guint          n_closed_spans;
  gboolean       truncated;
  gint64         truncated_at;
  GError        *damage;            /* why a damaged log stops, or NULL */
  GMutex         derived_lock;      /* the slots of es_document_get_derived() */
};

/* A span not stopped yet ends at this; es_document_get_span() gives the
 * log's end instead (and ES_ACTIVITY_ENDED_BY_LOG_END). */
#define ES_SPAN_OPEN G_MAXUINT64

typedef struct
{
  guint64 first_start;
  guint64 last_start;
  guint64 end;      /* the latest end among the block's stopped spans */
  guint32 n_open;   /* its spans not stopped yet */
} EsSpanBlock;

EsDocument        *_es_document_new             (void);
void               _es_document_init_spans      (EsDocument  *self);
void               _es_document_clear_spans     (EsDocument  *self);

/* Span @i of @self, as es_document_get_span() gives it: one not stopped
 * ends at the log's end, with ES_ACTIVITY_ENDED_BY_LOG_END. */
static inline EsSpan
_es_document_read_span (EsDocument *self,
                        guint       i)
{
  EsSpan span = *(const EsSpan *) es_chunks_get (&self->spans, i);

  if (span.end == ES_SPAN_OPEN)
    {
      span.end = MAX (self->end_time, span.start);
      span.flags |= ES_ACTIVITY_ENDED_BY_LOG_END;
    }
  return span;
}
EsDocument        *_es_document_copy_unfinished (EsDocument  *self);
EsThreadStateKind  _es_thread_state_after_stop  (EsStopStatus status);
void               _es_document_set_out_of_memory (GError    **error,
                                                   const char *path,
                                                   guint64     read,
                                                   guint64     in_use,
                                                   gboolean    statistics_only);
gboolean           _es_document_check_memory    (guint64      log_size,
                                                 guint64      available,
                                                 GError     **error);
void        _es_document_build_index  (EsDocument *self);
void        _es_document_init_counters (EsDocument *self);
void        _es_document_free_counters (GArray     *counters);
void        _es_document_copy_counters (EsDocument *copy,
                                        EsDocument *self);
void        _es_document_seal_counters (EsDocument *self);
void        _es_document_index_gcs    (EsDocument *self,
                                       guint       n);
void        _es_document_merge_allocated (EsDocument     *self,
                                          EsCapTimeline **caps,
                                          guint           n_caps,
                                          guint64         before);
void        _es_document_free_thread_index (gpointer data);
void        _es_document_index_info_tables (EsDocument *self);
guint64     _es_document_available_memory (void);
void        _es_document_set_let_go_every (guint       n_events);
EsProfData *_es_prof_data_new         (void);
void        _es_prof_data_free        (EsProfData *prof);
EsProfData *_es_prof_data_copy_unindexed (const EsProfData *prof);
void        _es_prof_data_use_file    (EsProfData *prof,
                                       EsVecFile  *file);
void        _es_document_index_prof   (EsDocument *self);
EsProfData *_es_document_prof_data    (EsDocument *self,
                                       EsProfKind  kind);

G_END_DECLS
