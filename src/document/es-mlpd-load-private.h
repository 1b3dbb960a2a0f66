/* es-mlpd-load-private.h: what the Mono loader collects, for its feeder
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document-builder.h"
#include "es-document.h"
#include "es-mlpd-build.h"
#include "es-mlpd-reader.h"
#include "es-mono-profile.h"

G_BEGIN_DECLS

/* Allocations are summed per thread and told every so often: enough for a
 * rate graph, without a record per allocation. */
#define ALLOC_SAMPLE_NS 100000

/* Rows past this many threads are not shown (a thread pool gone wild, or
 * a hostile file): capabilities are numbered in 16 bits. */
#define MAX_ROWS 16384

/* The last pause of a run waits about a second for threads to suspend at
 * exit (format §4.1): not GC work, so it is flagged, not counted. */
#define SHUTDOWN_SUSPEND_NS 500000000

typedef enum
{
  REC_THREAD_START,
  REC_THREAD_END,
  REC_GC,
  REC_RESIZE,
  REC_MONITOR,
  REC_THROW,
  REC_ALLOC,
  REC_HEAP_SHOT,            /* at its end; @value: its index in the heap shots */
} RecordKind;

typedef struct
{
  guint64 time;
  guint64 value;
  guint32 seq;              /* file order, to keep equal times stable */
  guint32 thread;           /* index in threads */
  guint8  kind;             /* RecordKind */
  guint8  a, b;
  guint8  pad;
} Record;

typedef struct
{
  guint64  id;              /* pthread_t */
  char    *name;
  guint64  started, ended, first, last;
  guint64  earliest;        /* its earliest event: the first unless its buffers came out of order */
  guint64  allocated, alloc_told;
  guint64  contention_start;
  gboolean has_start, has_end, has_events, waiting;
  gint     row;             /* capability, or -1 when not shown */
  guint32  heap_shot;       /* index + 1 of the heap shot its buffers are filling, or 0 */
  guint64  gc_start[3];     /* mprof-report's per-thread start slots */
} MonoThread;

/* A counter's value at a time, to be told to the builder in time order. */
typedef struct
{
  guint64 time;
  guint64 key;
  guint32 counter;          /* in the loader's counters */
  guint32 seq;              /* file order, to keep equal times stable */
} CounterSample;
/* A class's objects in a heap shot. */
typedef struct
{
  guint64 klass;            /* the class's pointer: 0 for the null class */
  guint64 bytes;
  guint64 objects;
} MonoShotClass;

/* A heap shot, as mprof-report counts it (es-mlpd-heap.c). */
typedef struct
{
  guint64     start, end;
  GArray     *classes;      /* MonoShotClass, in the order first seen */
  GHashTable *index;        /* class pointer -> index + 1 in @classes, while open */
  gboolean    ended;
} MonoHeapShot;

typedef struct
{
  EsMlpdHeader   header;
  GArray        *records;
  GArray        *threads;   /* MonoThread */
  GHashTable    *thread_ids;/* pthread_t -> index + 1 */
  guint64        last_thread_id;  /* the last looked up: a buffer's events are one thread's */
  guint32        last_thread;     /* its index + 1, 0 for none */
  GHashTable    *methods;   /* method -> name, in strings */
  GStringChunk  *strings;
  EsMonoSummary  summary;
  guint64        min_time;
  guint64        max_time;
  gboolean       have_time;
  EsMlpdProgressFunc progress;
  gpointer       progress_data;
  gsize          decoded_to;  /* where the last buffer decoded whole ends */
  struct _MlpdRelease *release; /* (nullable): a mapped log's pages, handed back behind both passes */
  guint64        sync_times[2]; /* the last sync point's time, and the one before */
  guint          n_syncs;
  guint          memory_failures; /* es_vec_get_failures() when it began */
  char          *domain_name; /* the first domain's friendly name: the program's */
  char          *main_image;  /* the first .exe image loaded, the program's path */
  GArray        *counters;    /* EsMonoCounter, with its value so far, in the order described (es-mlpd-counters.c) */
  GHashTable    *counter_ids; /* the log's index of a counter -> index + 1 in @counters */
  GArray        *counter_samples; /* CounterSample, in file order but those a feed sorted */
  GPtrArray     *heap_shots;  /* MonoHeapShot, in the order they start */
  GHashTable    *vtables;     /* vtable -> class pointer: the first word about each */
  GHashTable    *class_names; /* class pointer -> its name, in strings */
  gint           may_shoot;   /* whether the log may have heap shots: -1 until its first allocation */
} Loader;

static inline MonoThread *
_es_mlpd_get_thread (Loader  *self,
                     guint32  index)
{
  return &g_array_index (self->threads, MonoThread, index);
}

struct _EsMlpdFinishing
{
  EsMonoSummary  summary;
  GPtrArray     *labels;    /* char *, a row's */
  char          *program;   /* or NULL, if the log does not say */
  guint64        origin;    /* the document's zero, on the log's clock */
  EsMonoActivity *activity; /* (nullable): the calls, allocations, exceptions and locks */
  EsDocument    *profiles;  /* (nullable): a followed log's samples and call time so far
                             * (_es_mlpd_profiles_of()), given to the document */
};

/* What tells a Mono log's records to a document builder, a stretch at a
 * time (es-mlpd-feed.c). */
typedef struct _MonoFeed MonoFeed;

void        _es_mlpd_loader_init          (Loader        *self);
void        _es_mlpd_loader_clear         (Loader        *self);
gboolean    _es_mlpd_take_event           (const EsMlpdEvent *e,
                                           gpointer       user_data);
int         _es_mlpd_compare_records      (gconstpointer  a,
                                           gconstpointer  b);
void        _es_mlpd_take_counters        (Loader            *self,
                                           const EsMlpdEvent *e);
void        _es_mlpd_clear_counters       (Loader            *self);
void        _es_mlpd_tell_counters        (Loader            *self,
                                           EsDocumentBuilder *builder,
                                           guint64            origin,
                                           guint64            watermark,
                                           guint             *n_counters_told,
                                           guint             *n_samples_told);
void        _es_mlpd_add_samples          (Loader            *loader,
                                           EsDocumentBuilder *builder,
                                           EsMonoProfile     *profile,
                                           guint64            origin);
gboolean    _es_mlpd_may_have_profile     (const EsMlpdHeader *header);
/* The call time's pieces a followed log's updates made already: full
 * pieces never change, so each update makes only the last (and those
 * that filled since). Made for one origin and the collector's stacks as
 * they are numbered (see add_call_time() in es-mlpd-prof.c). */
typedef struct
{
  guint64    origin;
  GPtrArray *threads;      /* per collector thread: a GPtrArray of EsCallPiece, or NULL */
} EsMlpdCallCache;

EsMlpdCallCache *_es_mlpd_call_cache_new  (void);
void             _es_mlpd_call_cache_free (EsMlpdCallCache *cache);

EsDocument *_es_mlpd_profiles_of          (Loader            *loader,
                                           EsMonoProfile     *profile,
                                           guint64            origin,
                                           EsMlpdCallCache   *cache);

void        _es_mlpd_heap_init            (Loader        *self);
void        _es_mlpd_heap_clear           (Loader        *self);
void        _es_mlpd_take_heap            (Loader            *self,
                                           guint32            thread,
                                           const EsMlpdEvent *e);
void        _es_mlpd_take_class_metadata  (Loader            *self,
                                           const EsMlpdEvent *e);
void        _es_mlpd_take_alloc_vtable    (Loader        *self,
                                           guint64        vtable);
void        _es_mlpd_tell_heap_shot       (Loader            *self,
                                           EsDocumentBuilder *builder,
                                           guint32            shot,
                                           guint64            origin,
                                           guint64            at,
                                           gboolean           first,
                                           GHashTable        *unnamed);
gboolean    _es_mlpd_heap_names_hold      (Loader        *self,
                                           GHashTable    *unnamed);

MonoFeed          *_es_mlpd_feed_new           (Loader     *loader,
                                                gboolean    for_snapshots);
void               _es_mlpd_feed_free          (MonoFeed   *feed);
gboolean           _es_mlpd_feed_until         (MonoFeed   *feed,
                                                guint64     watermark);
void               _es_mlpd_feed_end           (MonoFeed   *feed);
EsDocumentBuilder *_es_mlpd_feed_get_builder   (MonoFeed   *feed);
EsMlpdFinishing   *_es_mlpd_feed_get_finishing (MonoFeed   *feed);
guint64            _es_mlpd_feed_get_origin    (MonoFeed   *feed);

G_END_DECLS
