/* es-mlpd-reader.h: Mono log-profiler (.mlpd) files, event by event
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "es-mlpd-error.h"

G_BEGIN_DECLS

/* Event types: the low nibble of an event's first byte. */
typedef enum
{
  ES_MLPD_ALLOC = 0,
  ES_MLPD_GC = 1,
  ES_MLPD_METADATA = 2,
  ES_MLPD_METHOD = 3,
  ES_MLPD_EXCEPTION = 4,
  ES_MLPD_MONITOR = 5,
  ES_MLPD_HEAP = 6,
  ES_MLPD_SAMPLE = 7,
  ES_MLPD_RUNTIME = 8,
  ES_MLPD_META = 10,
} EsMlpdType;

/* A string inside the log: not NUL-terminated, not validated as UTF-8, and
 * only valid during the event callback that hands it out. */
typedef struct
{
  const char *data;
  guint32     len;
} EsMlpdString;

/* Called now and then with the bytes decoded so far. */
typedef void (*EsMlpdProgressFunc) (guint64  bytes_read,
                                    guint64  bytes_total,
                                    gpointer user_data);

/* Extended info of GC events: the high nibble, shifted. */
enum
{
  ES_MLPD_GC_EVENT = 0x10,
  ES_MLPD_GC_RESIZE = 0x20,
  ES_MLPD_GC_MOVE = 0x30,
  ES_MLPD_GC_HANDLE_CREATED = 0x40,
  ES_MLPD_GC_HANDLE_DESTROYED = 0x50,
  ES_MLPD_GC_HANDLE_CREATED_BT = 0x60,
  ES_MLPD_GC_HANDLE_DESTROYED_BT = 0x70,
  ES_MLPD_GC_FINALIZE_START = 0x80,
  ES_MLPD_GC_FINALIZE_END = 0x90,
  ES_MLPD_GC_FINALIZE_OBJECT_START = 0xA0,
  ES_MLPD_GC_FINALIZE_OBJECT_END = 0xB0,
};

/* What a GC_EVENT says (MonoProfilerGCEvent). */
typedef enum
{
  ES_MLPD_GC_START = 0,
  ES_MLPD_GC_END = 5,
  ES_MLPD_GC_PRE_STOP_WORLD = 6,
  ES_MLPD_GC_POST_STOP_WORLD = 7,
  ES_MLPD_GC_PRE_START_WORLD = 8,
  ES_MLPD_GC_POST_START_WORLD = 9,
  ES_MLPD_GC_PRE_STOP_WORLD_LOCKED = 10,
  ES_MLPD_GC_POST_START_WORLD_UNLOCKED = 11,
} EsMlpdGcEvent;

enum
{
  ES_MLPD_METADATA_NAME = 0x00,
  ES_MLPD_METADATA_END_LOAD = 0x20,
  ES_MLPD_METADATA_END_UNLOAD = 0x40,
};

enum
{
  ES_MLPD_KIND_CLASS = 1,
  ES_MLPD_KIND_IMAGE = 2,
  ES_MLPD_KIND_ASSEMBLY = 3,
  ES_MLPD_KIND_DOMAIN = 4,
  ES_MLPD_KIND_THREAD = 5,
  ES_MLPD_KIND_CONTEXT = 6,
  ES_MLPD_KIND_VTABLE = 7,
};

enum
{
  ES_MLPD_METHOD_LEAVE = 0x10,
  ES_MLPD_METHOD_ENTER = 0x20,
  ES_MLPD_METHOD_EXC_LEAVE = 0x30,
  ES_MLPD_METHOD_JIT = 0x40,
};

enum
{
  ES_MLPD_HEAP_START = 0x00,
  ES_MLPD_HEAP_END = 0x10,
  ES_MLPD_HEAP_OBJECT = 0x20,
  ES_MLPD_HEAP_ROOT = 0x30,
  ES_MLPD_HEAP_ROOT_REGISTER = 0x40,
  ES_MLPD_HEAP_ROOT_UNREGISTER = 0x50,
};

enum
{
  ES_MLPD_MONITOR_CONTENTION = 1,
  ES_MLPD_MONITOR_DONE = 2,
  ES_MLPD_MONITOR_FAIL = 3,
};

enum
{
  ES_MLPD_SAMPLE_HIT = 0x00,
  ES_MLPD_SAMPLE_USYM = 0x10,
  ES_MLPD_SAMPLE_COUNTERS_DESC = 0x30,
  ES_MLPD_SAMPLE_COUNTERS = 0x40,
};

enum
{
  ES_MLPD_RUNTIME_JITHELPER = 0x10,
};

/* META events: a sync point flushes every thread's buffer. */
enum
{
  ES_MLPD_META_SYNC_POINT = 0x00,
  ES_MLPD_META_AOT_ID = 0x10,
};

typedef struct
{
  guint8   major;
  guint8   minor;
  guint8   data_version;
  guint8   pointer_size;
  guint64  startup_ms;        /* wall clock, ms since the Unix epoch */
  guint64  startup_ns;        /* on the buffers' clock; 0 before log 3.0 */
  guint32  timer_overhead;
  guint32  pid;
  guint16  port;
  char    *args;              /* "log:gc,alloc,output=..." */
  char    *arch;
  char    *os;
} EsMlpdHeader;

/* What the profiler was asked to record, from the header's options
 * ("log:sample=1000,alloc,heapshot=1gc,output=..."). From data version 17
 * (Mono 6) a log holds only what its options name, with `nodefaults` or
 * without; an older log's options are not to be trusted that way:
 * @trusted is then FALSE, and its readers look at everything. */
typedef struct
{
  gboolean trusted;
  gboolean nodefaults;
  gboolean sample;            /* `sample` or `sample-real`, any =FREQ */
  gboolean calls;
  gboolean alloc;
  gboolean exception;
  gboolean monitor;
  gboolean legacy;
  gboolean heapshot;          /* `heapshot`, `heapshot=MODE` or `heapshot-on-shutdown` */
  gboolean sample_hz_given;
  guint64  sample_hz;         /* the sampling frequency asked, if given */
} EsMlpdOptions;

void     es_mlpd_header_get_options (const EsMlpdHeader *header,
                                     EsMlpdOptions      *options);

/* One counter of a COUNTERS_DESC event. @section_name only for
 * perf counters (section 1 << 15); the others are named by their number. */
typedef struct
{
  guint64       section;
  EsMlpdString  section_name;
  EsMlpdString  name;
  guint64       type;
  guint64       unit;
  guint64       variance;
  guint64       index;
} EsMlpdCounterDesc;

/* Counter types (MonoCounterType), as COUNTERS events tag their values. */
enum
{
  ES_MLPD_COUNTER_INT = 0,
  ES_MLPD_COUNTER_UINT = 1,
  ES_MLPD_COUNTER_WORD = 2,
  ES_MLPD_COUNTER_LONG = 3,
  ES_MLPD_COUNTER_ULONG = 4,
  ES_MLPD_COUNTER_DOUBLE = 5,
  ES_MLPD_COUNTER_STRING = 6,
  ES_MLPD_COUNTER_TIME_INTERVAL = 7,
};

/* One value of a COUNTERS event, as written: numbers are *deltas* from the
 * same counter's previous sample (the profiler writes changes), which the
 * reader cannot add up because it does not keep state across events. */
typedef struct
{
  guint64       index;
  guint64       type;
  union {
    gint64        signed_delta;     /* INT, WORD, LONG, TIME_INTERVAL */
    guint64       unsigned_delta;   /* UINT, ULONG */
    double        number;           /* DOUBLE: the value itself */
  } v;
  gboolean      has_string;         /* STRING: FALSE for a null string */
  EsMlpdString  string;
} EsMlpdCounterValue;

/**
 * EsMlpdEvent:
 *
 * One decoded event with everything the log says, but the addresses of
 * moved objects and the offsets of heap references (stepped over: nothing
 * uses them). Pointers are the runtime's, resolved from the buffer's bases;
 * strings and arrays point into the log or the decoder's scratch space and
 * are only valid during the callback.
 */
typedef struct
{
  guint64  time;              /* ns on the profiler's clock */
  guint64  buffer_thread;     /* the thread whose buffer holds the event */
  gint64   offset;            /* of the event's first byte in the (unpacked) log */
  guint8   type;              /* EsMlpdType */
  guint8   exinfo;            /* the high nibble, shifted */
  guint32  size;              /* bytes of the event, its first byte included */

  /* The backtrace of ALLOC (0x10), GC handle (_BT), THROW (0x80) and
   * MONITOR (0x80) events, in the order written (the outermost frame
   * first), and the managed frames of a SAMPLE HIT (innermost first, as
   * the sampler walks). Method pointers, resolved; valid only during the
   * callback. */
  const guint64 *frames;
  guint32        n_frames;

  union {
    /* ALLOC */
    struct { guint64 vtable, object, size, top_method; guint32 n_frames; } alloc;
    /* GC, GC_EVENT */
    struct { guint8 event, generation; } gc;
    /* GC, GC_RESIZE */
    struct { guint64 heap_size; } resize;
    /* GC, GC_MOVE: pairs of old and new addresses */
    struct { guint64 n_moves; } move;
    /* METADATA: @pointer is the thread id for threads; @name for names,
     * images, assemblies and classes; @parent a class's or an assembly's
     * image, a context's domain, a vtable's class (and @domain its
     * domain) */
    struct { guint8 kind; guint64 pointer, parent, domain; EsMlpdString name; } metadata;
    /* METHOD: @name, @code and @code_size only for JIT */
    struct { guint64 method, code, code_size; EsMlpdString name; } method;
    /* EXCEPTION: a throw, or the clause (@is_clause) that handled it */
    struct {
      guint64  object, method, top_method;
      guint32  n_frames;
      guint8   clause_type;
      guint64  clause_index;
      gboolean is_clause;
    } exception;
    /* MONITOR */
    struct { guint8 event; guint64 object, top_method; guint32 n_frames; } monitor;
    /* SAMPLE, HIT: @ips are the native instruction pointers, innermost
     * first; the managed frames are in @frames */
    struct {
      guint64        thread, top_method;
      guint32        n_methods;
      const guint64 *ips;
      guint32        n_ips;
    } sample;
    /* SAMPLE, USYM: an unmanaged symbol */
    struct { guint64 address, size; EsMlpdString name; } usym;
    /* SAMPLE, COUNTERS_DESC */
    struct { const EsMlpdCounterDesc *descs; guint32 n_descs; } counters_desc;
    /* SAMPLE, COUNTERS */
    struct { const EsMlpdCounterValue *values; guint32 n_values; } counters;
    /* HEAP, HEAP_OBJECT: @size 0 continues the references of an object
     * already listed; @refs are object addresses */
    struct {
      guint64        object, vtable, size;
      guint8         generation;
      const guint64 *refs;
      guint32        n_refs;
    } heap_object;
    /* HEAP, HEAP_ROOT: pairs of root address and object */
    struct { const guint64 *addresses, *objects; guint32 n_roots; } heap_roots;
    /* HEAP, ROOT_REGISTER / ROOT_UNREGISTER (@start only) */
    struct { guint64 start, size, key; guint8 source; EsMlpdString name; } root;
    /* GC, HANDLE_CREATED[_BT] / HANDLE_DESTROYED[_BT] (no @object) */
    struct { guint64 handle_type, handle, object; } handle;
    /* GC, FINALIZE_OBJECT_START / _END */
    struct { guint64 object; } finalize;
    /* RUNTIME, JITHELPER: a code buffer; @name only for specific
     * trampolines (type 5) */
    struct { guint8 type; guint64 code, size; EsMlpdString name; } code_buffer;
    /* META, SYNC_POINT */
    struct { guint8 type; } sync;
    /* META, AOT_ID */
    struct { EsMlpdString id; } aot;
  } u;
} EsMlpdEvent;

typedef gboolean (*EsMlpdEventFunc) (const EsMlpdEvent *event,
                                     gpointer           user_data);

/* What a buffer's header tells (format §1.2): the length of the events
 * that follow it, the bases their times, pointers, objects and methods
 * are deltas from, and the thread that wrote them. */
typedef struct
{
  guint32 events_len;
  guint64 time_base;
  guint64 ptr_base;
  guint64 obj_base;
  guint64 thread_id;
  guint64 method_base;
} EsMlpdBufferHeader;

#define ES_MLPD_BUFFER_HEADER_LEN 48u

gboolean  es_mlpd_looks_like      (const guint8        *data,
                                   gsize                len);
gboolean  es_mlpd_is_packed       (const guint8        *data,
                                   gsize                len);
gboolean  es_mlpd_read_header     (const guint8        *data,
                                   gsize                len,
                                   EsMlpdHeader        *header,
                                   gsize               *header_len,
                                   GError             **error);
void      es_mlpd_header_clear    (EsMlpdHeader        *header);
gboolean  es_mlpd_read_buffer_header (const guint8     *data,
                                   gsize                len,
                                   EsMlpdBufferHeader  *buffer);
gboolean  es_mlpd_decode          (const guint8        *data,
                                   gsize                len,
                                   EsMlpdHeader        *header,
                                   EsMlpdEventFunc      event_func,
                                   EsMlpdProgressFunc   progress_func,
                                   gpointer             user_data,
                                   gint64              *truncated_at,
                                   GCancellable        *cancellable,
                                   GError             **error);
gboolean  es_mlpd_decode_buffers  (const guint8        *data,
                                   gsize                len,
                                   guint64              offset,
                                   guint8               data_version,
                                   EsMlpdEventFunc      event_func,
                                   gpointer             user_data,
                                   gsize               *decoded,
                                   GError             **error);

G_END_DECLS
