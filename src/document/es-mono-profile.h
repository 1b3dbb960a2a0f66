/* es-mono-profile.h: everything a Mono log profiles, in plain arrays with
 * their times
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "es-mlpd-reader.h"
#include "es-mono-activity.h"

G_BEGIN_DECLS

/* Indexes into the profile's arrays; NONE where there is nothing. */
#define ES_MONO_NONE G_MAXUINT32

/* A method, named by its JIT event. @serial is the order in which the log
 * first mentions it (a JIT event, a frame, an enter or leave): mprof-report
 * lists methods in the order of its hash table, which depends on it. */
typedef struct
{
  guint64  pointer;
  char    *name;              /* (nullable): never compiled in the log */
  guint64  code;              /* 0 for a method never compiled */
  guint64  code_size;
  guint64  jit_time;
  guint32  serial;
} EsMonoMethod;

/* A class; @name NULL for one the log never loads (a vtable without its
 * class, or the null class of vtables the log never describes). */
typedef struct
{
  guint64  pointer;
  char    *name;              /* (nullable) */
  guint32  serial;
} EsMonoClass;

typedef struct
{
  guint64  id;                /* pthread_t */
  char    *name;              /* (nullable) */
} EsMonoThread;

typedef struct
{
  guint64  id;
  char    *name;              /* (nullable) */
} EsMonoDomain;

typedef struct
{
  guint64  id;
  guint64  domain;
} EsMonoContext;

/* A stack: @n_frames method indexes from @first in the profile's frame
 * pool, in the order the log gives them. Interned: one per distinct stack. */
typedef struct
{
  guint32  first;
  guint32  n_frames;
} EsMonoStack;

/* A statistical sample: the thread sampled, its managed stack and its
 * native instruction pointers (@n_ips from @first_ip in the ip pool). */
typedef struct
{
  guint64  time;
  guint64  thread_id;         /* the sampled thread (not the buffer's) */
  guint32  stack;
  guint32  first_ip;
  guint32  n_ips;
} EsMonoSample;

/* A finished call, from its enter to its leave on one thread. @self is
 * @end - @start less the time of the calls it made; @caller_stack the
 * calls it was made from, outermost first. */
typedef struct
{
  guint64  start;
  guint64  end;
  guint64  self;
  guint32  method;
  guint32  thread;
  guint32  caller_stack;
  guint32  entered;           /* how many calls were entered before it, in file order */
} EsMonoCall;

typedef struct
{
  guint64  time;
  guint64  size;
  guint32  klass;
  guint32  thread;
  guint32  stack;             /* the log's backtrace, or the calls in progress */
  gboolean has_backtrace;
} EsMonoAlloc;

typedef struct
{
  guint64  time;
  guint32  thread;
  guint32  stack;
  gboolean has_backtrace;
} EsMonoThrow;

typedef struct
{
  guint64  time;
  guint32  method;
  guint8   type;              /* 0 catch, 1 filter, 2 finally, 4 fault */
} EsMonoClause;

/* A monitor event: contention (1), acquired after it (2) or failed (3). */
typedef struct
{
  guint64  time;
  guint32  lock;              /* index into the lock objects */
  guint32  thread;
  guint32  stack;
  guint8   kind;
  gboolean has_backtrace;
} EsMonoMonitorEvent;

typedef struct
{
  guint64  object;
} EsMonoLock;

typedef struct
{
  guint64  time;
  guint32  thread;            /* whose buffer: mprof-report pairs per thread */
  guint8   event;
  guint8   generation;
} EsMonoGcEvent;

typedef struct
{
  guint64  time;
  guint64  heap_size;
} EsMonoResize;

typedef struct
{
  guint64  time;
  guint64  n_moves;
} EsMonoMoves;

typedef struct
{
  guint64  time;
  guint32  thread;
  guint32  stack;
  guint8   handle_type;
  gboolean created;
  gboolean has_backtrace;
} EsMonoHandleEvent;

typedef struct
{
  guint64  time;
  guint64  size;
  guint8   type;
} EsMonoCodeBuffer;

typedef struct
{
  guint32  klass;
  guint64  bytes;
  guint64  count;
} EsMonoHeapClass;

/* An object of a heap shot: @klass indexes the shot's classes. */
typedef struct
{
  guint64  address;
  guint32  klass;
} EsMonoHeapObject;

/* A reference of a heap-shot object (@from indexes its objects). */
typedef struct
{
  guint32  from;
  guint64  to;                /* the address referred to */
} EsMonoHeapRef;

/* A heap shot: bytes and objects per class. @slots holds its classes as
 * mprof-report's table of the shot holds them (index + 1 into @classes,
 * 0 for an empty slot), for the order of its listing. */
typedef struct
{
  guint64  time;
  guint32  thread;
  GArray  *classes;           /* EsMonoHeapClass */
  guint32 *slots;
  guint32  n_slots;
  GArray  *objects;           /* EsMonoHeapObject, in the order listed */
  GArray  *refs;              /* EsMonoHeapRef, in the order listed */
  GArray  *roots;             /* guint64: objects the roots of its thread held */
  gboolean open;
} EsMonoHeapShot;

typedef struct
{
  guint64  index;
  char    *section;
  char    *name;
  guint8   type;
  guint32  unit;
  guint32  variance;
  gboolean has_value;
  /* the last value: the log's changes added up, at the type's width, as a
   * key (es_counter_accumulate()) */
  guint64  last;
  char    *last_string;       /* (nullable) */
  guint64  last_time;
} EsMonoCounter;

typedef struct
{
  guint64  address;
  guint64  size;
  char    *name;
} EsMonoSymbol;

/* How many events of one kind (first byte) the log has, and their sizes. */
typedef struct
{
  guint32  count;
  guint32  min_size;
  guint32  max_size;
  guint64  bytes;
} EsMonoEventStat;

/* A call stack of the call time: @method called in stack @parent. */
typedef struct
{
  guint32  parent;
  guint32  method;
} EsMonoCallNode;

/* A piece of a thread's changes of call stack: at most
 * ES_CALL_PIECE_CHANGES of them, the first's time from @start_abs, in the
 * stack @start_node (the one before's last), as a document keeps them
 * (_es_builder_make_call_piece()). */
typedef struct
{
  GByteArray *bytes;          /* NULL once taken */
  guint64     start_abs;
  guint32     start_node;
  guint32     n_changes;
} EsMonoCallPiece;

typedef struct _EsMonoProfile EsMonoProfile;

struct _EsMonoProfile
{
  EsMlpdHeader header;
  guint64      first_buffer_time;     /* mprof-report's zero */
  guint64      origin;                /* the document's zero: see es-mlpd-feed.c */
  guint64      min_time;
  guint64      max_time;
  gboolean     have_time;
  gint64       truncated_at;          /* where the log is cut short, or -1 */

  GArray *methods;            /* EsMonoMethod */
  GArray *classes;            /* EsMonoClass */
  GArray *threads;            /* EsMonoThread, in the order first seen */
  GArray *domains;            /* EsMonoDomain, in the order first seen */
  GArray *contexts;           /* EsMonoContext, in the order first seen */
  guint   n_images;
  guint   n_assemblies;

  GArray *stacks;             /* EsMonoStack */
  GArray *frames;             /* guint32 method indexes */
  GArray *ips;                /* guint64 */

  GArray *samples;            /* EsMonoSample */
  GArray *calls;              /* EsMonoCall, in the order they end */
  GArray *allocs;             /* EsMonoAlloc */
  GArray *throws;             /* EsMonoThrow */
  GArray *clauses;            /* EsMonoClause */
  GArray *locks;              /* EsMonoLock, in the order first seen */
  GArray *monitor_events;     /* EsMonoMonitorEvent, in file order */
  GArray *gc_events;          /* EsMonoGcEvent, in file order */
  GArray *resizes;            /* EsMonoResize */
  GArray *moves;              /* EsMonoMoves */
  GArray *handle_events;      /* EsMonoHandleEvent */
  GArray *code_buffers;       /* EsMonoCodeBuffer */
  GPtrArray *heap_shots;      /* EsMonoHeapShot, in the order they start */
  GArray *counters;           /* EsMonoCounter, in the order described */
  GArray *symbols;            /* EsMonoSymbol */

  /* What mprof-report says while it reads the log (unmatched leaves, time
   * going backwards), in order: it prints them before the report. */
  GPtrArray *decode_messages;

  guint32          n_buffers;         /* whole buffers decoded */
  EsMonoEventStat  event_stats[256];  /* by an event's first byte */

  /* What a document shows of the calls (es_mono_profile_load_samples()):
   * their stacks as a trie, and per thread its changes of stack
   * (es-mono-calltime.c). */
  GArray    *call_nodes;      /* EsMonoCallNode, [0] the empty stack */
  GPtrArray *call_streams;    /* per thread: a GArray of EsMonoCallPiece, or NULL */
  gboolean   call_time_went_back; /* a thread's method events went back in time: see es_mono_profile_get_activity() */
  gboolean   calls_not_kept;  /* the activity takes no calls: they are the call time's (es_mono_profile_load_window()) */

  gpointer state;             /* the collector's, while it reads */
  gboolean samples_only;      /* es_mono_profile_load_samples(): nothing but samples and names */
  /* es_mono_profile_load_window(): the calls, allocations, exceptions and
   * lock events go here, packed, rather than into the arrays above */
  EsMonoActivityBuilder *activity;
};

EsMonoProfile *es_mono_profile_new          (void);
void           es_mono_profile_free         (EsMonoProfile  *profile);
gboolean       es_mono_profile_add_event    (const EsMlpdEvent *event,
                                             gpointer        profile);
void           es_mono_profile_finish       (EsMonoProfile  *profile);
void           es_mono_profile_set_call_piece_changes (guint n);
gboolean       es_mono_profile_call_piece_is_full (const EsMonoCallPiece *piece);
gboolean       es_mono_profile_get_call_close (EsMonoProfile *profile,
                                               guint32        thread,
                                               guint64       *since,
                                               guint32       *node,
                                               guint64       *delta);
EsMonoProfile *es_mono_profile_load         (const guint8   *data,
                                             gsize           len,
                                             GError        **error);
EsMonoProfile *es_mono_profile_load_samples (const guint8   *data,
                                             gsize           len,
                                             GError        **error);
EsMonoProfile *es_mono_profile_load_file    (const char     *path,
                                             GError        **error);
EsMonoProfile *es_mono_profile_load_window  (const guint8   *data,
                                             gsize           len,
                                             GError        **error);
EsMonoProfile *es_mono_profile_load_window_full (const guint8        *data,
                                                 gsize                len,
                                                 EsMlpdProgressFunc   progress,
                                                 gpointer             progress_data,
                                                 GError             **error);
void           es_mono_profile_set_window   (EsMonoProfile  *profile);
EsMonoActivity *es_mono_profile_get_activity (EsMonoProfile *profile,
                                              guint64        origin);

void           es_mono_counter_describe     (EsMonoCounter  *counter,
                                             const EsMlpdCounterDesc *desc);
void           es_mono_counter_take         (EsMonoCounter  *counter,
                                             const EsMlpdCounterValue *value,
                                             guint64         time);
void           es_mono_counter_clear        (EsMonoCounter  *counter);

const char    *es_mono_profile_method_name  (EsMonoProfile  *profile,
                                             guint32         method,
                                             char            buffer[64]);
const char    *es_mono_profile_class_name   (EsMonoProfile  *profile,
                                             guint32         klass,
                                             char            buffer[64]);

/* Where a sample's instruction pointer was (es_mono_ip_resolver_find()). */
typedef enum
{
  ES_MONO_IP_UNRESOLVED,
  ES_MONO_IP_METHOD,
  ES_MONO_IP_SYMBOL,
} EsMonoIpKind;

typedef struct _EsMonoIpResolver EsMonoIpResolver;

EsMonoIpResolver *es_mono_ip_resolver_new  (EsMonoProfile    *profile,
                                            GArray           *preference);
void              es_mono_ip_resolver_free (EsMonoIpResolver *self);
EsMonoIpKind      es_mono_ip_resolver_find (EsMonoIpResolver *self,
                                            guint64           ip,
                                            guint32          *index);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsMonoProfile, es_mono_profile_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsMonoIpResolver, es_mono_ip_resolver_free)

G_END_DECLS
