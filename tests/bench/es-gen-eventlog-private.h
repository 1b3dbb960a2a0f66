/* es-gen-eventlog-private.h: what es-gen-eventlog's parts share
 *
 * Copyright 2026 The Eventscope authors
 *
 * This program is free software: you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation, either version 3 of the License, or
 * (at your option) any later version.
 *
 * This program is distributed in the hope that it will be useful,
 * but WITHOUT ANY WARRANTY; without even the implied warranty of
 * MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
 * GNU General Public License for more details.
 *
 * You should have received a copy of the GNU General Public License
 * along with this program.  If not, see <https://www.gnu.org/licenses/>.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <stdio.h>
#include <string.h>

#include <glib.h>

G_BEGIN_DECLS

#define EVENT_HEADER_SIZE 10          /* u16 tag + u64 timestamp */
#define BLOCK_MARKER_SIZE 24          /* header + u32 size + u64 end + u16 cap */
#define SIZE_VARIABLE     0xFFFF
#define SIZE_UNDECLARED   (-1)
#define GLOBAL_CAP        0xFFFF
#define MAX_BLOCK_SIZE    (2 * 1024 * 1024)
#define MIN_BLOCK_SIZE    (64 * 1024)
#define OUT_BUFFER_SIZE   (1024 * 1024)
#define SPARK_POOL_SIZE   4096
#define HEAP_CAPSET       0
#define CLOCK_CAPSET      1
#define MAX_CAPS          256
#define MAX_TASKS_PER_CAP 4
#define MEGABYTE          G_GUINT64_CONSTANT (1048576)

#define US(n) ((guint64) (n) * G_GUINT64_CONSTANT (1000))
#define MS(n) ((guint64) (n) * G_GUINT64_CONSTANT (1000000))

enum
{
  EV_CREATE_THREAD       = 0,
  EV_RUN_THREAD          = 1,
  EV_STOP_THREAD         = 2,
  EV_THREAD_RUNNABLE     = 3,
  EV_MIGRATE_THREAD      = 4,
  EV_THREAD_WAKEUP       = 8,
  EV_GC_START            = 9,
  EV_GC_END              = 10,
  EV_REQUEST_PAR_GC      = 12,
  EV_BLOCK_MARKER        = 18,
  EV_USER_MSG            = 19,
  EV_GC_IDLE             = 20,
  EV_GC_WORK             = 21,
  EV_GC_DONE             = 22,
  EV_CAPSET_CREATE       = 25,
  EV_CAPSET_DELETE       = 26,
  EV_CAPSET_ASSIGN_CAP   = 27,
  EV_CAPSET_REMOVE_CAP   = 28,
  EV_RTS_IDENTIFIER      = 29,
  EV_PROGRAM_ARGS        = 30,
  EV_PROGRAM_ENV         = 31,
  EV_OSPROCESS_PID       = 32,
  EV_OSPROCESS_PPID      = 33,
  EV_SPARK_COUNTERS      = 34,
  EV_SPARK_CREATE        = 35,
  EV_SPARK_DUD           = 36,
  EV_SPARK_OVERFLOW      = 37,
  EV_SPARK_RUN           = 38,
  EV_SPARK_STEAL         = 39,
  EV_SPARK_FIZZLE        = 40,
  EV_SPARK_GC            = 41,
  EV_WALL_CLOCK_TIME     = 43,
  EV_THREAD_LABEL        = 44,
  EV_CAP_CREATE          = 45,
  EV_CAP_DELETE          = 46,
  EV_HEAP_ALLOCATED      = 49,
  EV_HEAP_SIZE           = 50,
  EV_HEAP_LIVE           = 51,
  EV_HEAP_INFO_GHC       = 52,
  EV_GC_STATS_GHC        = 53,
  EV_GC_GLOBAL_SYNC      = 54,
  EV_TASK_CREATE         = 55,
  EV_TASK_MIGRATE        = 56,
  EV_TASK_DELETE         = 57,
  EV_USER_MARKER         = 58,
  EV_DATA_END            = 0xFFFF,
};

enum
{
  CAPSET_TYPE_OSPROCESS   = 2,
  CAPSET_TYPE_CLOCKDOMAIN = 3,
};

enum
{
  STOP_HEAP_OVERFLOW = 1,
  STOP_YIELDING      = 3,
  STOP_FINISHED      = 5,
  STOP_FOREIGN_CALL  = 6,
  STOP_BLOCKED_MVAR  = 7,
  STOP_BLACK_HOLE    = 8,
  STOP_DELAY         = 11,
};

typedef enum
{
  THREAD_QUEUED,
  THREAD_BLOCKED,
  THREAD_DEAD,
} ThreadState;

typedef enum
{
  KIND_NORMAL,
  KIND_SPARK,
  KIND_IOMGR,
} ThreadKind;

typedef struct
{
  guint64 created;        /* creation time */
  guint32 live_idx;       /* position in Gen.live, normal threads only */
  guint32 alloc_rate;     /* bytes allocated per µs of running */
  guint16 cap;
  guint8  state;
  guint8  kind;
  guint8  phase;          /* 0: none, else 1 + index in phase_names */
} Thread;

typedef struct
{
  guint64 s;
} Rng;

/* FIFO/LIFO of thread ids (a ring, power-of-two sized) */
typedef struct
{
  guint32 *items;
  guint    head;
  guint    len;
  guint    alloc;
} TidQueue;

typedef struct
{
  guint64 wake;
  guint32 tid;
} Sleeper;

/* min-heap of blocked threads, by wake-up time */
typedef struct
{
  Sleeper *items;
  guint    len;
  guint    alloc;
} SleeperHeap;

typedef struct
{
  guint8  *data;
  gsize    len;           /* 0 when closed */
  gsize    size;
  guint64  last_ts;
  guint16  capno;
} Block;

typedef struct
{
  Block    block;
  TidQueue runq;
  guint64  time;          /* when this capability acts next */
  guint64  gc_lat;        /* how late it notices the pending GC */
  guint64  allocated;     /* cumulative bytes */
  guint64  sparks_created;
  guint64  sparks_dud;
  guint64  sparks_overflowed;
  guint64  sparks_converted;
  guint64  sparks_gcd;
  guint64  sparks_fizzled;
  guint32  spark_pool;
  guint32  spark_thread;  /* 0 when none */
  guint16  no;
  gboolean idle;
  gboolean gc_wait;       /* stopped, waiting for the pending GC */
} Cap;

typedef struct
{
  guint64 task_id;
  guint64 kernel_tid;
  guint16 cap;
} Task;

typedef struct
{
  gboolean major;
  guint64  copied;
  guint64  slop;
  guint64  frag;
  guint64  par_max;
  guint64  par_balanced;
} GcStats;

typedef struct
{
  guint64 t;
  guint64 end;
  guint   remaining;
} Cursor;

typedef struct
{
  FILE        *out;
  const char  *path;
  GError      *error;
  Rng          rng;

  gint32       sizes[256];
  guint64      target;
  guint64      bytes_total;   /* everything produced, written or pending */
  guint64      n_events;
  gsize        block_size;

  guint        n_caps;
  Cap         *caps;
  Block        global;
  guint        cap_flushes;
  guint        global_flush_every;

  Thread      *threads;       /* indexed by thread id, 0 unused */
  guint32      n_threads;     /* highest id handed out */
  guint32      alloc_threads;
  guint32     *live;          /* normal threads not finished */
  guint32      n_live;
  guint32      alloc_live;
  guint32      target_threads;
  guint32      fixed_threads; /* --threads: the target, for good; 0: by phase */
  guint        message_per_mille; /* --messages: runs that START or STOP a span, per 1000 */
  SleeperHeap  sleepers;
  guint64      pending_sparks;

  Task        *tasks;
  guint        n_tasks;
  guint        task_seq;
  guint32      pid;

  guint64      next_gc;
  guint        gc_requester;
  guint        n_gcs;
  guint64      heap_live;
  guint64      heap_size;
  guint64      alloc_at_last_gc;
  guint        n_markers;
  guint64      first_ts;
} Gen;

/* ----------------------------------------------------------------------- */
/* PRNG: splitmix64 seeding, xorshift64* stream                            */

static inline void
es_gen_rng_init (Rng     *r,
                 guint64  seed)
{
  guint64 z = seed + G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  z ^= z >> 31;
  r->s = z != 0 ? z : G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
}

static inline guint64
es_gen_rng_next (Rng *r)
{
  guint64 x = r->s;

  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  r->s = x;
  return x * G_GUINT64_CONSTANT (0x2545F4914F6CDD1D);
}

/* uniform in [0, n), n > 0 */
static inline guint64
es_gen_rng_below (Rng     *r,
                  guint64  n)
{
  return (es_gen_rng_next (r) >> 8) % n;
}

/* uniform in [lo, hi] */
static inline guint64
es_gen_rng_range (Rng     *r,
                  guint64  lo,
                  guint64  hi)
{
  return lo + es_gen_rng_below (r, hi - lo + 1);
}

static inline gboolean
es_gen_rng_chance (Rng   *r,
                   guint  per_mille)
{
  return es_gen_rng_below (r, 1000) < per_mille;
}

/* roughly log-uniform in [lo, hi], 0 < lo <= hi: pick an octave, then a
 * uniform value inside it */
static inline guint64
es_gen_rng_log_range (Rng     *r,
                      guint64  lo,
                      guint64  hi)
{
  guint64 base = lo;
  guint64 v;
  guint octaves = 0;

  while (base * 2 <= hi)
    {
      base *= 2;
      octaves++;
    }
  base = lo << es_gen_rng_below (r, octaves + 1);
  v = base + es_gen_rng_below (r, base + 1);
  return MIN (hi, v);
}

/* ----------------------------------------------------------------------- */
/* Big-endian stores                                                       */

static inline guint8 *
es_gen_put_u16 (guint8  *p,
                guint16  v)
{
  v = GUINT16_TO_BE (v);
  memcpy (p, &v, sizeof v);
  return p + sizeof v;
}

static inline guint8 *
es_gen_put_u32 (guint8  *p,
                guint32  v)
{
  v = GUINT32_TO_BE (v);
  memcpy (p, &v, sizeof v);
  return p + sizeof v;
}

static inline guint8 *
es_gen_put_u64 (guint8  *p,
                guint64  v)
{
  v = GUINT64_TO_BE (v);
  memcpy (p, &v, sizeof v);
  return p + sizeof v;
}

/* es-gen-output.c */
void     es_gen_write             (Gen          *g,
                                   const guint8 *data,
                                   gsize         len);
void     es_gen_block_open        (Gen          *g,
                                   Block        *b,
                                   guint64       ts);
void     es_gen_block_close       (Gen          *g,
                                   Block        *b,
                                   guint64       end_ts);
void     es_gen_flush_global      (Gen          *g,
                                   guint64       ts);
guint8  *es_gen_emit              (Gen          *g,
                                   Block        *b,
                                   guint16       tag,
                                   guint64       ts,
                                   gsize         payload_len);
void     es_gen_ev0               (Gen          *g,
                                   Block        *b,
                                   guint16       tag,
                                   guint64       ts);
void     es_gen_ev_u16            (Gen          *g,
                                   Block        *b,
                                   guint16       tag,
                                   guint64       ts,
                                   guint16       v);
void     es_gen_ev_u32            (Gen          *g,
                                   Block        *b,
                                   guint16       tag,
                                   guint64       ts,
                                   guint32       v);
void     es_gen_ev_u32_u16        (Gen          *g,
                                   Block        *b,
                                   guint16       tag,
                                   guint64       ts,
                                   guint32       a,
                                   guint16       c);
void     es_gen_ev_u32_u32        (Gen          *g,
                                   Block        *b,
                                   guint16       tag,
                                   guint64       ts,
                                   guint32       a,
                                   guint32       c);
void     es_gen_ev_u32_u64        (Gen          *g,
                                   Block        *b,
                                   guint16       tag,
                                   guint64       ts,
                                   guint32       a,
                                   guint64       c);
void     es_gen_ev_stop_thread    (Gen          *g,
                                   Block        *b,
                                   guint64       ts,
                                   guint32       tid,
                                   guint16       status,
                                   guint32       info);
void     es_gen_ev_bytes          (Gen          *g,
                                   Block        *b,
                                   guint16       tag,
                                   guint64       ts,
                                   gboolean      has_prefix,
                                   guint32       prefix,
                                   const void   *bytes,
                                   gsize         len);
void     es_gen_ev_string         (Gen          *g,
                                   Block        *b,
                                   guint16       tag,
                                   guint64       ts,
                                   const char   *str);
void     es_gen_ev_task_create    (Gen          *g,
                                   guint64       ts,
                                   const Task   *task);
void     es_gen_ev_spark_counters (Gen          *g,
                                   Cap          *c,
                                   guint64       ts);
guint64  es_gen_global_ts         (Gen          *g,
                                   guint64       now);
guint64  es_gen_cursor_next       (Gen          *g,
                                   Cursor       *cur);

/* es-gen-schedule.c */
void     es_gen_queue_push_back (TidQueue   *q,
                                 guint32     tid);
guint32  es_gen_new_thread      (Gen        *g,
                                 ThreadKind  kind,
                                 guint16     cap,
                                 guint64     ts);
void     es_gen_task_create     (Gen        *g,
                                 guint16     cap,
                                 guint64     now);
void     es_gen_cap_step        (Gen        *g,
                                 Cap        *c);
Cap     *es_gen_next_cap        (Gen        *g);

/* es-gen-gc.c */
void es_gen_gc_schedule_next (Gen     *g,
                              guint64  after);
void es_gen_gc               (Gen     *g);

G_END_DECLS
