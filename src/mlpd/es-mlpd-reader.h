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
  ES_MLPD_KIND_DOMAIN = 4,
  ES_MLPD_KIND_THREAD = 5,
};

enum
{
  ES_MLPD_METHOD_JIT = 0x40,
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

/**
 * EsMlpdEvent:
 *
 * One decoded event with everything a timeline needs; the fields a timeline
 * does not use (object addresses of moves, heap-shot references, counter
 * values, ...) are stepped over. Pointers are the runtime's, resolved from
 * the buffer's bases; @name strings point into the log and are only valid
 * during the callback.
 */
typedef struct
{
  guint64  time;              /* ns on the profiler's clock */
  guint64  buffer_thread;     /* the thread whose buffer holds the event */
  gint64   offset;            /* of the event's first byte in the (unpacked) log */
  guint8   type;              /* EsMlpdType */
  guint8   exinfo;            /* the high nibble, shifted */

  union {
    /* ALLOC */
    struct { guint64 vtable, object, size, top_method; guint32 n_frames; } alloc;
    /* GC, GC_EVENT */
    struct { guint8 event, generation; } gc;
    /* GC, GC_RESIZE */
    struct { guint64 heap_size; } resize;
    /* GC, GC_MOVE: pairs of old and new addresses */
    struct { guint64 n_moves; } move;
    /* METADATA: @pointer is the thread id for threads; @name for names and
     * classes, @parent a class's image */
    struct { guint8 kind; guint64 pointer, parent; EsMlpdString name; } metadata;
    /* METHOD: @name, @code and @code_size only for JIT */
    struct { guint64 method, code, code_size; EsMlpdString name; } method;
    /* EXCEPTION: a throw, or the clause (@is_clause) that handled it */
    struct {
      guint64  object, method, top_method;
      guint32  n_frames;
      guint8   clause_type;
      gboolean is_clause;
    } exception;
    /* MONITOR */
    struct { guint8 event; guint64 object, top_method; guint32 n_frames; } monitor;
    /* SAMPLE, HIT */
    struct { guint64 thread, top_method; guint32 n_methods; } sample;
    /* META, SYNC_POINT */
    struct { guint8 type; } sync;
  } u;
} EsMlpdEvent;

typedef gboolean (*EsMlpdEventFunc) (const EsMlpdEvent *event,
                                     gpointer           user_data);

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
