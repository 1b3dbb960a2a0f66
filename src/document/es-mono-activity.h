/* es-mono-activity.h: a Mono log's calls, allocations, exceptions and lock
 * contentions, kept by its document for the figures of any interval
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What the window shows of a Mono log besides its timeline and samples: an
 * immutable snapshot, read by any thread, that a document keeps
 * (es_document_get_mono_activity()). It is made by the log's collector
 * (es_mono_profile_load_window(), or a live log's build), which tells it
 * each event as it decodes the log (EsMonoActivityBuilder). */
typedef struct _EsMonoActivity        EsMonoActivity;
typedef struct _EsMonoActivityBuilder EsMonoActivityBuilder;

/* What the activity can hold, each the events of one profiler option. */
typedef enum
{
  ES_MONO_ACTIVITY_CALLS,       /* `calls`: each method's enter and leave */
  ES_MONO_ACTIVITY_ALLOCS,      /* `alloc` */
  ES_MONO_ACTIVITY_THROWS,      /* `exception` */
  ES_MONO_ACTIVITY_CLAUSES,     /* `exception` */
  ES_MONO_ACTIVITY_MONITOR,     /* `monitor` */
  ES_MONO_ACTIVITY_N_KINDS,
} EsMonoActivityKind;

/* A method's calls that ended in the interval: mprof-report's Method call
 * summary's columns. */
typedef struct
{
  guint32 method;
  guint64 calls;
  guint64 total;              /* ns, callees included */
  guint64 self;               /* ns */
} EsMonoActivityMethod;

/* A class's allocations, or those of one of its backtraces. */
typedef struct
{
  guint32 klass;
  guint32 stack;              /* ES_MONO_ACTIVITY_NONE: all of the class's, or no backtrace */
  guint64 count;
  guint64 bytes;
} EsMonoActivityAlloc;

/* The exceptions thrown from one backtrace (the log names no exception's
 * type: its throw event has the object and the stack, not the class). */
typedef struct
{
  guint32 stack;              /* ES_MONO_ACTIVITY_NONE: thrown without a backtrace */
  guint64 count;
} EsMonoActivityThrow;

/* The clauses of one kind run in one method. */
typedef struct
{
  guint32 method;             /* ES_MONO_ACTIVITY_NONE: a method the log never names */
  guint8  type;               /* 0 catch, 1 filter, 2 finally, 4 fault */
  guint64 count;
} EsMonoActivityClause;

/* A lock object's contentions, each wait counted where it ends (the lock
 * acquired, or given up): so the waits of adjacent intervals add up. */
typedef struct
{
  guint32 lock;
  guint64 contentions;
  guint64 acquired;
  guint64 failures;
  guint64 wait;               /* ns */
  guint64 max_wait;           /* ns */
} EsMonoActivityLock;

/* The figures of an interval (es_mono_activity_compute()). */
typedef struct
{
  GArray  *methods;           /* EsMonoActivityMethod, each method called */
  GArray  *classes;           /* EsMonoActivityAlloc, per class (stack NONE) */
  GArray  *sites;             /* EsMonoActivityAlloc, per class and backtrace, where the log has them */
  GArray  *throws;            /* EsMonoActivityThrow */
  GArray  *clauses;           /* EsMonoActivityClause */
  GArray  *locks;             /* EsMonoActivityLock */
  guint64  n_calls;
  guint64  n_allocations;
  guint64  allocated_bytes;
  guint64  n_throws;
  guint64  n_clauses[5];      /* by type */
  guint64  n_contentions;
  guint64  n_acquired;
  guint64  n_failures;
} EsMonoActivityFigures;

#define ES_MONO_ACTIVITY_NONE G_MAXUINT32

EsMonoActivityBuilder *es_mono_activity_builder_new      (void);
void                   es_mono_activity_builder_free     (EsMonoActivityBuilder *self);
void                   es_mono_activity_builder_add_call (EsMonoActivityBuilder *self,
                                                          guint64                start,
                                                          guint64                end,
                                                          guint64                self_time,
                                                          guint32                method);
void                   es_mono_activity_builder_add_alloc (EsMonoActivityBuilder *self,
                                                           guint64                time,
                                                           guint32                klass,
                                                           guint32                stack,
                                                           guint64                size);
void                   es_mono_activity_builder_add_throw (EsMonoActivityBuilder *self,
                                                           guint64                time,
                                                           guint32                stack);
void                   es_mono_activity_builder_add_clause (EsMonoActivityBuilder *self,
                                                            guint64                time,
                                                            guint32                method,
                                                            guint8                 type);
void                   es_mono_activity_builder_add_monitor (EsMonoActivityBuilder *self,
                                                             guint64                time,
                                                             guint32                thread,
                                                             guint32                lock,
                                                             guint8                 kind);

/* The names a snapshot keeps, and the calls still open at its end. */
typedef struct
{
  guint64        origin;      /* the document's zero, on the log's clock */
  GPtrArray     *method_names;  /* char *, by method index */
  GPtrArray     *class_names;   /* char *, by class index */
  GArray        *lock_objects;  /* guint64, by lock index */
  GArray        *stacks;        /* guint32 pairs (first, n_frames), by stack index */
  GArray        *frames;        /* guint32 method indexes */
  GArray        *open_calls;    /* guint64 quads (start, end, self, method): ended at the cut */
  /* The calls are counted from the document's call time, not kept
   * (_es_mono_activity_take_call_time()): its times only go forward */
  gboolean       calls_in_call_time;
} EsMonoActivityNames;

EsMonoActivity *es_mono_activity_builder_snapshot (EsMonoActivityBuilder *self,
                                                   EsMonoActivityNames   *names);

EsMonoActivity *es_mono_activity_ref        (EsMonoActivity *self);
void            es_mono_activity_unref      (EsMonoActivity *self);
gboolean        es_mono_activity_has        (EsMonoActivity *self,
                                             EsMonoActivityKind kind);
guint64         es_mono_activity_get_origin (EsMonoActivity *self);
gsize           es_mono_activity_get_size   (EsMonoActivity *self,
                                             guint64        *n_records);
const char     *es_mono_activity_method_name (EsMonoActivity *self,
                                              guint32         method);
const char     *es_mono_activity_class_name (EsMonoActivity *self,
                                             guint32         klass);
guint64         es_mono_activity_lock_object (EsMonoActivity *self,
                                              guint32         lock);
const guint32  *es_mono_activity_stack      (EsMonoActivity *self,
                                             guint32         stack,
                                             guint32        *n_frames);

EsMonoActivityFigures *es_mono_activity_compute      (EsMonoActivity *self,
                                                      gboolean        interval,
                                                      guint64         from,
                                                      guint64         to);
void                   es_mono_activity_figures_free (EsMonoActivityFigures *figures);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsMonoActivity, es_mono_activity_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsMonoActivityBuilder, es_mono_activity_builder_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsMonoActivityFigures, es_mono_activity_figures_free)

G_END_DECLS
