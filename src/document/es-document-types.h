/* es-document-types.h: the plain records a document is made of
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "es-event-tags.h"

G_BEGIN_DECLS

/* What a capability is doing; time not covered by any activity is idle. */
typedef enum
{
  ES_ACTIVITY_RUNNING,      /* a Haskell thread runs */
  ES_ACTIVITY_GC,           /* GC_START to GC_END, except the waiting part */
  ES_ACTIVITY_GC_WAITING,   /* GC_IDLE: in the GC, waiting for work */
  ES_ACTIVITY_EXIT_SUSPEND, /* Mono's runtime waiting for threads to stop at exit: no GC */
  ES_N_ACTIVITY_KINDS
} EsActivityKind;

/* Whether @kind is time in a collection: the exit suspend stops the world
 * but collects nothing, so it is neither the program's time nor the GC's. */
#define ES_ACTIVITY_KIND_IS_GC(kind) ((kind) == ES_ACTIVITY_GC || (kind) == ES_ACTIVITY_GC_WAITING)

#define ES_ACTIVITY_ENDED_BY_LOG_END  (1 << 0)   /* closed at the log's end */
#define ES_ACTIVITY_CONTINUES         (1 << 1)   /* goes on in the next activity */

/* An activity is 16 bytes, not 24: a big log has tens of millions of them,
 * and they are most of a document's memory. The start has 55 bits (417 days
 * in nanoseconds) and the stored length 32 (4.29 s). A longer run or GC
 * phase takes two records: the first, marked ES_ACTIVITY_CONTINUES, with
 * the length ES_ACTIVITY_LONG, and an empty one where it ends, which holds
 * how it ended. Read the end and the length with es_activity_end() and
 * es_activity_length(), never from the stored length. */
typedef struct
{
  guint64 kind        : 2;   /* EsActivityKind: all four fit */
  guint64 stop_status : 5;   /* EsStopStatus that ended a run */
  guint64 flags       : 2;   /* ES_ACTIVITY_* */
  guint64 start       : 55;
  guint32 stored_length;     /* end - start in nanoseconds, or ES_ACTIVITY_LONG */
  guint32 thread;            /* for ES_ACTIVITY_RUNNING */
} EsActivity;

#define ES_ACTIVITY_MAX_START  ((G_GUINT64_CONSTANT (1) << 55) - 1)
#define ES_ACTIVITY_LONG       G_MAXUINT32

/* @activity must be in its cap's array: a long one ends where the next
 * record starts. */
static inline guint64
es_activity_end (const EsActivity *activity)
{
  if (G_LIKELY (activity->stored_length != ES_ACTIVITY_LONG))
    return activity->start + activity->stored_length;
  return activity[1].start;
}

static inline guint64
es_activity_length (const EsActivity *activity)
{
  return es_activity_end (activity) - activity->start;
}

/* Instant events drawn as ticks on a capability's row. */
typedef enum
{
  ES_INSTANT_THREAD_CREATED,
  ES_INSTANT_THREAD_MIGRATED,     /* arg: the new cap */
  ES_INSTANT_THREAD_WOKEN,        /* arg: the cap it was woken on */
  ES_INSTANT_THREAD_RUNNABLE,
  ES_INSTANT_GC_REQUESTED_SEQ,
  ES_INSTANT_GC_REQUESTED_PAR,
  ES_INSTANT_GC_GLOBAL_SYNC,
  ES_INSTANT_SPARK_CREATED,
  ES_INSTANT_SPARK_DUD,
  ES_INSTANT_SPARK_OVERFLOWED,
  ES_INSTANT_SPARK_RUN,
  ES_INSTANT_SPARK_STOLEN,        /* arg: the victim cap */
  ES_INSTANT_SPARK_FIZZLED,
  ES_INSTANT_SPARK_GCED,
  ES_INSTANT_USER_MESSAGE,        /* the text: es_document_get_messages() at this time */
  ES_INSTANT_USER_MARKER,         /* the text: es_document_get_markers() at this time */
  ES_N_INSTANT_KINDS
} EsInstantKind;

/* An instant of a thread (the kinds up to ES_INSTANT_THREAD_RUNNABLE) is
 * 8 bytes, not 16: a busy log has as many of them as activities (a
 * ping-pong of MVars, a wakeup for each run). Each kind has its own array,
 * so the kind is not stored. Of the time (56 bits) only the low 24 are
 * here; the rest is its epoch's (EsInstantEpoch), which changes at most
 * every 16.8 ms of a cap's instants of one kind. The other cap that
 * MIGRATED and WOKEN name fits in 8 bits on machines with fewer than 255
 * caps and is kept aside otherwise: read them with
 * es_cap_timeline_get_instant_time() and es_cap_timeline_get_arg(). */
typedef struct
{
  guint32 time_low : 24;     /* the time's low ES_INSTANT_LOW_BITS bits */
  guint32 short_arg : 8;     /* the arg, or ES_INSTANT_WIDE_ARG */
  guint32 thread;
} EsInstant;

#define ES_INSTANT_MAX_TIME  ((G_GUINT64_CONSTANT (1) << 56) - 1)
#define ES_INSTANT_WIDE_ARG  0xFF
#define ES_INSTANT_LOW_BITS  24
#define ES_INSTANT_LOW_MASK  ((1u << ES_INSTANT_LOW_BITS) - 1)

/* From instant @first of an array on, the time's bits above
 * ES_INSTANT_LOW_BITS are @high, up to the next epoch's first. An array's
 * epochs are by @first, the first of them at 0; in an array in time order
 * their @high grow too. */
typedef struct
{
  guint32 first;
  guint32 high;
} EsInstantEpoch;

/* Whether instants of @kind name a thread (EsInstant); the others (GC
 * requests, sparks, messages) are EsMarks. */
#define ES_INSTANT_KIND_HAS_THREAD(kind) ((kind) <= ES_INSTANT_THREAD_RUNNABLE)

/* An instant of a kind that names no thread: 8 bytes, the time (56 bits)
 * and the 8-bit arg (the victim cap of a SPARK_STOLEN, kept aside from 255
 * on), read with es_mark_time() and es_cap_timeline_get_mark_arg(). Spark
 * events are the most common of these. */
typedef struct
{
  guint64 time_arg;          /* time << 8 | short arg */
} EsMark;

static inline guint64
es_mark_time (const EsMark *mark)
{
  return mark->time_arg >> 8;
}

/* One garbage collection, as the capability that led it saw it. */
typedef struct
{
  guint64  start;          /* GC_START on the leading cap (what +RTS -s times) */
  guint64  end;            /* GC_END on the leading cap */
  guint64  sync_time;      /* GC_GLOBAL_SYNC, or 0 */
  guint64  copied;
  guint64  slop;
  guint64  frag;
  guint64  par_max_copied;
  guint64  par_tot_copied;
  guint64  par_balanced_copied;
  guint32  par_n_threads;
  guint16  cap;            /* the leading cap */
  guint16  generation;     /* ES_GC_GENERATION_UNKNOWN without GC_STATS */
} EsGc;

#define ES_GC_GENERATION_UNKNOWN G_MAXUINT16

/* Of each GC, what the statistics read of it one by one: its pause (the
 * time of the pauses in any span, INIT's and EXIT's among them, in
 * es-stats.c; their distribution, in es-pause-dist.c), whether it was
 * parallel, its generation. 24 bytes where its whole record is 80 and its
 * index about 90: a log of allocation-heavy code has a GC every 300-500
 * bytes. */
typedef struct
{
  guint64 start;
  guint64 end;
  guint16 generation;     /* as EsGc's: ES_GC_GENERATION_UNKNOWN counts as 0 */
  guint8  parallel;       /* par_n_threads > 1 */
} EsGcSpan;

/* A thread's state from @time until its next state change. */
typedef enum
{
  ES_THREAD_STATE_CREATED,        /* created, never run yet */
  ES_THREAD_STATE_RUNNING,
  ES_THREAD_STATE_RUNNABLE,
  ES_THREAD_STATE_BLOCKED,        /* reason: the EsStopStatus */
  ES_THREAD_STATE_FINISHED,
  ES_THREAD_STATE_NO_DATA,        /* its cap's data ended while it ran, in a cut log */
  ES_THREAD_STATE_GC,             /* runnable while the RTS collects garbage (es-thread-states.c) */
} EsThreadStateKind;

typedef struct
{
  guint64 time;
  guint16 cap;
  guint8  state;           /* EsThreadStateKind */
  guint8  reason;          /* EsStopStatus for BLOCKED (and RUNNABLE after a yield) */
} EsThreadState;

/* One run of a thread: the cap and the index of the RUNNING activity in
 * that cap's timeline (which holds the times and the stop status). */
typedef struct
{
  guint32 activity;
  guint16 cap;
  guint16 pad;
} EsThreadRun;

/* A thread, as the log introduces it; its runs and states over time come
 * from es_document_get_thread_runs() and es_document_get_thread_timeline(). */
typedef struct
{
  guint32      id;
  guint32      n_migrations;
  guint32      n_wakeups;
  guint16      created_cap;
  const char  *label;            /* THREAD_LABEL, or NULL */
  guint64      created;
} EsThread;

/* The cumulative spark counters of one capability at one moment. */
typedef struct
{
  guint64 time;
  guint64 created, dud, overflowed, converted, gcd, fizzled, remaining;
} EsSparkSample;

typedef struct
{
  guint64      time;
  guint16      cap;
  guint16      tag;       /* ES_EVENT_USER_MSG (a span's START or STOP if it says so), LOG_MSG, USER_MARKER */
  const char  *text;
} EsUserEvent;

/* A `traceEvent "START name"` ... `"STOP name"` pair, as ghc-events-analyze
 * reads them. Spans that overlap are laid out in lanes, the first free one
 * from the top; one that finds every lane taken shares the last. So every
 * lane but the last holds spans that do not overlap. */
#define ES_SPAN_LANES 3
/* Each lane keeps the latest end of each block of this many of its spans. */
#define ES_SPAN_BLOCK 32
typedef struct
{
  guint64      start;
  guint64      end;
  const char  *name;
  guint16      cap;
  guint16      flags;     /* ES_ACTIVITY_ENDED_BY_LOG_END when never stopped */
} EsSpan;

typedef struct
{
  guint64 time;
  guint64 value;
} EsSample;

/* One heap-profile census and where its bands are. */
typedef struct
{
  guint64 time;
  guint64 era;
  guint32 first_entry;
  guint32 n_entries;
  guint64 census_start;    /* its BEGIN event (its samples are written as it ends) */
  guint64 census_end;      /* its END event, or its last sample */
} EsHeapProfSample;

/* @objects lies in what was @band's padding: a GHC census, which counts
 * bytes only, pays nothing for a Mono heap shot's count of objects (at
 * most 4,294,967,295 of a class in a shot: 64 GB of the smallest). */
typedef struct
{
  guint32 band;            /* index into the document's band names */
  guint32 objects;         /* how many objects (a Mono heap shot's class), or 0 */
  guint64 residency;       /* bytes */
} EsHeapProfEntry;

G_STATIC_ASSERT (sizeof (EsHeapProfEntry) == 16);

typedef struct
{
  guint32      id;
  const char  *label;
  const char  *module;
  const char  *srcloc;
  gboolean     is_caf;
} EsCostCentre;

/* An info table's provenance (the IPE event of GHC 9.2 and later, for a
 * program built with -finfo-table-map): what a heap profile by info table
 * (+RTS -hi) names only by its address. */
typedef struct
{
  guint64      info;              /* the info table's address */
  guint32      closure_type;      /* the RTS's closure type number (THUNK_STATIC...) */
  const char  *table_name;        /* "sat_s154_info" */
  const char  *type_desc;         /* the Haskell type, when known */
  const char  *label;
  const char  *module;
  const char  *srcloc;            /* "Test.hs:5:1-30" */
} EsInfoTable;

/* An RTS task (an OS thread running Haskell code) and its kernel thread. */
typedef struct
{
  guint64 task;
  guint64 kernel_tid;
  guint64 created;
  guint64 deleted;          /* 0 while alive */
  guint16 cap;
} EsTask;

typedef struct
{
  guint32 id;
  guint16 type;             /* EsCapsetType */
  guint16 n_caps;           /* the most caps assigned to it at once */
  guint16 assigned;         /* caps assigned at the end of the log */
  guint64 created;
} EsCapset;

/* traceBinaryEvent: raw bytes, which may hold NULs. */
typedef struct
{
  guint64       time;
  const guint8 *data;
  guint32       len;
  guint16       cap;
} EsBinaryMessage;

/* Which runtime wrote the log. */
typedef enum
{
  ES_DOCUMENT_GHC_EVENTLOG,
  ES_DOCUMENT_MONO_LOG,      /* a capability is a managed thread */
} EsDocumentFormat;

/* What a Mono log says beyond threads, pauses and heap size, counted as
 * mprof-report counts it so the two can be compared. */
typedef struct
{
  guint32 n_collections[2];  /* GC START events per generation (0 nursery, 1 major) */
  guint64 collection_max[2]; /* the longest START..END, ns */
  guint64 collection_total[2];
  guint32 n_resizes;
  guint64 max_heap_size;
  guint64 n_moves;           /* objects moved */
  guint32 n_contentions;     /* contended Monitor.Enter */
  guint64 contention_total;  /* ns waited for locks */
  guint64 contention_max;
  guint32 n_throws;
  guint32 n_clauses[3];      /* handlers that ran: catch, filter, finally */
  guint32 n_samples;         /* statistical samples */
  guint64 n_allocations;
  guint32 n_hidden_threads;  /* not shown: the profiler's own, and any past 16384 */
  gint32  shutdown_pause;    /* index in the GC records of the collection after the suspend at exit, or -1 */
  guint64 exit_suspend_start; /* the suspend at exit (ES_ACTIVITY_EXIT_SUSPEND), when there is one */
  guint64 exit_suspend_end;   /* when the world had stopped: where that collection starts */
  guint8  data_version;
} EsMonoSummary;

G_END_DECLS
