/* es-gen-eventlog.c
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

/*
 * es-gen-eventlog: writes a large, valid and plausible GHC eventlog for
 * benchmarks and tests of the parser and the timeline.
 *
 *   es-gen-eventlog [--size-mb N] [--caps N] [--seed S] OUT.eventlog
 *
 * The output imitates what GHC 9.0.2's threaded RTS writes with +RTS -l:
 * the same event-type header (69 types, GC_STATS_GHC with 58 bytes), a
 * global block (cap 0xFFFF) with the capset/RTS/process events, then
 * per-capability blocks of at most 2 MiB, flushed interleaved as they fill
 * up, with an occasional global block for task events.  Every capability
 * runs a small simulated scheduler: Haskell threads are created, run for a
 * few µs to ms and stop (heap overflow, yield, MVar, black hole, delay,
 * foreign call, finished), get migrated to idle capabilities and woken up;
 * sparks are created, run, stolen, fizzled and GC'd; stop-the-world
 * parallel GCs happen every 1-10 ms of simulated time on all capabilities
 * at once, with GHC's event order and the heap/GC statistics events.
 *
 * Everything is derived from --seed with a private PRNG, so a given
 * command line always writes the same bytes.  The log stops once it holds
 * --size-mb MiB; the open blocks are then closed and DATA_END is written.
 */

#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>

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

typedef struct
{
  guint16     tag;
  guint16     size;
  const char *desc;
} EventType;

/* The header GHC 9.0.2 writes (rts_thr_l), in its order. */
static const EventType event_types[] = {
  {   0,  4, "Create thread" },
  {   1,  4, "Run thread" },
  {   2, 10, "Stop thread" },
  {   3,  4, "Thread runnable" },
  {   4,  6, "Migrate thread" },
  {   8,  6, "Wakeup thread" },
  {   9,  0, "Starting GC" },
  {  10,  0, "Finished GC" },
  {  11,  0, "Request sequential GC" },
  {  12,  0, "Request parallel GC" },
  {  15,  4, "Create spark thread" },
  {  16, SIZE_VARIABLE, "Log message" },
  {  18, 14, "Block marker" },
  {  19, SIZE_VARIABLE, "User message" },
  {  20,  0, "GC idle" },
  {  21,  0, "GC working" },
  {  22,  0, "GC done" },
  {  25,  6, "Create capability set" },
  {  26,  4, "Delete capability set" },
  {  27,  6, "Add capability to capability set" },
  {  28,  6, "Remove capability from capability set" },
  {  29, SIZE_VARIABLE, "RTS name and version" },
  {  30, SIZE_VARIABLE, "Program arguments" },
  {  31, SIZE_VARIABLE, "Program environment variables" },
  {  32,  8, "Process ID" },
  {  33,  8, "Parent process ID" },
  {  34, 56, "Spark counters" },
  {  35,  0, "Spark create" },
  {  36,  0, "Spark dud" },
  {  37,  0, "Spark overflow" },
  {  38,  0, "Spark run" },
  {  39,  2, "Spark steal" },
  {  40,  0, "Spark fizzle" },
  {  41,  0, "Spark GC" },
  {  43, 16, "Wall clock time" },
  {  44, SIZE_VARIABLE, "Thread label" },
  {  45,  2, "Create capability" },
  {  46,  2, "Delete capability" },
  {  47,  2, "Disable capability" },
  {  48,  2, "Enable capability" },
  {  49, 12, "Total heap mem ever allocated" },
  {  50, 12, "Current heap size" },
  {  51, 12, "Current heap live data" },
  {  52, 38, "Heap static parameters" },
  {  53, 58, "GC statistics" },
  {  54,  0, "Synchronise stop-the-world GC" },
  {  55, 18, "Task create" },
  {  56, 12, "Task migrate" },
  {  57,  8, "Task delete" },
  {  58, SIZE_VARIABLE, "User marker" },
  {  59,  0, "Empty event for bug #9003" },
  { 160, SIZE_VARIABLE, "Start of heap profile" },
  { 161, SIZE_VARIABLE, "Cost center definition" },
  { 162,  8, "Start of heap profile sample" },
  { 163, SIZE_VARIABLE, "Heap profile cost-centre sample" },
  { 164, SIZE_VARIABLE, "Heap profile string sample" },
  { 165,  8, "End of heap profile sample" },
  { 166, 16, "Start of heap profile (biographical) sample" },
  { 167, SIZE_VARIABLE, "Time profile cost-centre stack" },
  { 168,  8, "Start of a time profile" },
  { 181, SIZE_VARIABLE, "User binary message" },
  { 200,  0, "Begin concurrent mark phase" },
  { 201,  4, "End concurrent mark phase" },
  { 202,  0, "Begin concurrent GC synchronisation" },
  { 203,  0, "End concurrent GC synchronisation" },
  { 204,  0, "Begin concurrent sweep" },
  { 205,  0, "End concurrent sweep" },
  { 206,  2, "Update remembered set flushed" },
  { 207, 13, "Nonmoving heap census" },
};

static const char *phase_names[] = { "parse", "solve", "render", "io" };

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

static void
rng_init (Rng     *r,
          guint64  seed)
{
  guint64 z = seed + G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  z ^= z >> 31;
  r->s = z != 0 ? z : G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
}

static inline guint64
rng_next (Rng *r)
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
rng_below (Rng     *r,
           guint64  n)
{
  return (rng_next (r) >> 8) % n;
}

/* uniform in [lo, hi] */
static inline guint64
rng_range (Rng     *r,
           guint64  lo,
           guint64  hi)
{
  return lo + rng_below (r, hi - lo + 1);
}

static inline gboolean
rng_chance (Rng   *r,
            guint  per_mille)
{
  return rng_below (r, 1000) < per_mille;
}

/* roughly log-uniform in [lo, hi], 0 < lo <= hi: pick an octave, then a
 * uniform value inside it */
static guint64
rng_log_range (Rng     *r,
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
  base = lo << rng_below (r, octaves + 1);
  v = base + rng_below (r, base + 1);
  return MIN (hi, v);
}

/* ----------------------------------------------------------------------- */
/* Big-endian stores                                                       */

static inline guint8 *
put_u16 (guint8  *p,
         guint16  v)
{
  v = GUINT16_TO_BE (v);
  memcpy (p, &v, sizeof v);
  return p + sizeof v;
}

static inline guint8 *
put_u32 (guint8  *p,
         guint32  v)
{
  v = GUINT32_TO_BE (v);
  memcpy (p, &v, sizeof v);
  return p + sizeof v;
}

static inline guint8 *
put_u64 (guint8  *p,
         guint64  v)
{
  v = GUINT64_TO_BE (v);
  memcpy (p, &v, sizeof v);
  return p + sizeof v;
}

/* ----------------------------------------------------------------------- */
/* Thread queues and the sleeper heap                                      */

static void
queue_grow (TidQueue *q)
{
  guint new_alloc = q->alloc != 0 ? q->alloc * 2 : 16;
  guint32 *items = g_new (guint32, new_alloc);
  guint i;

  for (i = 0; i < q->len; i++)
    items[i] = q->items[(q->head + i) & (q->alloc - 1)];
  g_free (q->items);
  q->items = items;
  q->head = 0;
  q->alloc = new_alloc;
}

static void
queue_push_back (TidQueue *q,
                 guint32   tid)
{
  if (q->len == q->alloc)
    queue_grow (q);
  q->items[(q->head + q->len) & (q->alloc - 1)] = tid;
  q->len++;
}

static void
queue_push_front (TidQueue *q,
                  guint32   tid)
{
  if (q->len == q->alloc)
    queue_grow (q);
  q->head = (q->head + q->alloc - 1) & (q->alloc - 1);
  q->items[q->head] = tid;
  q->len++;
}

static guint32
queue_pop_front (TidQueue *q)
{
  guint32 tid = q->items[q->head];

  q->head = (q->head + 1) & (q->alloc - 1);
  q->len--;
  return tid;
}

static guint32
queue_pop_back (TidQueue *q)
{
  q->len--;
  return q->items[(q->head + q->len) & (q->alloc - 1)];
}

static void
sleepers_push (SleeperHeap *h,
               guint64      wake,
               guint32      tid)
{
  guint i;

  if (h->len == h->alloc)
    {
      h->alloc = h->alloc != 0 ? h->alloc * 2 : 64;
      h->items = g_renew (Sleeper, h->items, h->alloc);
    }
  i = h->len++;
  while (i > 0)
    {
      guint parent = (i - 1) / 2;

      if (h->items[parent].wake <= wake)
        break;
      h->items[i] = h->items[parent];
      i = parent;
    }
  h->items[i].wake = wake;
  h->items[i].tid = tid;
}

static Sleeper
sleepers_pop (SleeperHeap *h)
{
  Sleeper top = h->items[0];
  Sleeper last = h->items[--h->len];
  guint i = 0;

  for (;;)
    {
      guint child = 2 * i + 1;

      if (child >= h->len)
        break;
      if (child + 1 < h->len && h->items[child + 1].wake < h->items[child].wake)
        child++;
      if (last.wake <= h->items[child].wake)
        break;
      h->items[i] = h->items[child];
      i = child;
    }
  if (h->len > 0)
    h->items[i] = last;
  return top;
}

/* ----------------------------------------------------------------------- */
/* Output: blocks and events                                               */

static void
gen_write (Gen          *g,
           const guint8 *data,
           gsize         len)
{
  if (g->error != NULL)
    return;

  if (fwrite (data, 1, len, g->out) != len)
    {
      int saved_errno = errno;

      g_set_error (&g->error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "Could not write '%s': %s", g->path,
                   saved_errno != 0 ? g_strerror (saved_errno) : "short write");
    }
}

static void
block_open (Gen     *g,
            Block   *b,
            guint64  ts)
{
  guint8 *p = b->data;

  p = put_u16 (p, EV_BLOCK_MARKER);
  p = put_u64 (p, ts);
  p = put_u32 (p, 0);          /* block size, patched on close */
  p = put_u64 (p, 0);          /* end time, patched on close */
  put_u16 (p, b->capno);
  b->len = BLOCK_MARKER_SIZE;
  b->last_ts = ts;
  g->bytes_total += BLOCK_MARKER_SIZE;
  g->n_events++;
  g->n_markers++;
}

/* Writes the block out like GHC's closeBlockMarker + flush: the size counts
 * the marker itself, the end time is the flush time. */
static void
block_close (Gen     *g,
             Block   *b,
             guint64  end_ts)
{
  g_assert (b->len >= BLOCK_MARKER_SIZE);
  g_assert (end_ts >= b->last_ts);

  put_u32 (b->data + EVENT_HEADER_SIZE, (guint32) b->len);
  put_u64 (b->data + EVENT_HEADER_SIZE + 4, end_ts);
  gen_write (g, b->data, b->len);
  b->len = 0;
}

static void
flush_global (Gen     *g,
              guint64  ts)
{
  guint64 end_ts = MAX (ts, g->global.last_ts);

  block_close (g, &g->global, end_ts);
  block_open (g, &g->global, end_ts);
  g->cap_flushes = 0;
  g->global_flush_every = g->n_caps * (guint) rng_range (&g->rng, 1, 4);
}

/* The buffer of block @b is full at time @ts: write it out and start a new
 * one, and now and then also flush the global buffer (GHC flushes every
 * buffer on its own, so the global one shows up between capability blocks
 * whenever it has something in it). */
static void
block_flush (Gen     *g,
             Block   *b,
             guint64  ts)
{
  block_close (g, b, ts);
  block_open (g, b, ts);

  if (b->capno != GLOBAL_CAP &&
      ++g->cap_flushes >= g->global_flush_every &&
      g->global.len > BLOCK_MARKER_SIZE)
    flush_global (g, ts);
}

/* Reserves an event in block @b and returns where its payload goes. */
static inline guint8 *
emit (Gen     *g,
      Block   *b,
      guint16  tag,
      guint64  ts,
      gsize    payload_len)
{
  gboolean variable = g->sizes[tag] == SIZE_VARIABLE;
  gsize total = EVENT_HEADER_SIZE + (variable ? 2 : 0) + payload_len;
  guint8 *p;

  g_assert (g->sizes[tag] != SIZE_UNDECLARED);
  g_assert (variable || (gsize) g->sizes[tag] == payload_len);
  g_assert (payload_len <= G_MAXUINT16);
  g_assert (ts >= b->last_ts);

  if (b->len + total > b->size)
    block_flush (g, b, ts);

  p = b->data + b->len;
  p = put_u16 (p, tag);
  p = put_u64 (p, ts);
  if (variable)
    p = put_u16 (p, (guint16) payload_len);

  b->len += total;
  b->last_ts = ts;
  g->bytes_total += total;
  g->n_events++;
  return p;
}

static void
ev0 (Gen     *g,
     Block   *b,
     guint16  tag,
     guint64  ts)
{
  emit (g, b, tag, ts, 0);
}

static void
ev_u16 (Gen     *g,
        Block   *b,
        guint16  tag,
        guint64  ts,
        guint16  v)
{
  put_u16 (emit (g, b, tag, ts, 2), v);
}

static void
ev_u32 (Gen     *g,
        Block   *b,
        guint16  tag,
        guint64  ts,
        guint32  v)
{
  put_u32 (emit (g, b, tag, ts, 4), v);
}

static void
ev_u32_u16 (Gen     *g,
            Block   *b,
            guint16  tag,
            guint64  ts,
            guint32  a,
            guint16  c)
{
  guint8 *p = emit (g, b, tag, ts, 6);

  p = put_u32 (p, a);
  put_u16 (p, c);
}

static void
ev_u32_u32 (Gen     *g,
            Block   *b,
            guint16  tag,
            guint64  ts,
            guint32  a,
            guint32  c)
{
  guint8 *p = emit (g, b, tag, ts, 8);

  p = put_u32 (p, a);
  put_u32 (p, c);
}

static void
ev_u32_u64 (Gen     *g,
            Block   *b,
            guint16  tag,
            guint64  ts,
            guint32  a,
            guint64  c)
{
  guint8 *p = emit (g, b, tag, ts, 12);

  p = put_u32 (p, a);
  put_u64 (p, c);
}

static void
ev_stop_thread (Gen     *g,
                Block   *b,
                guint64  ts,
                guint32  tid,
                guint16  status,
                guint32  info)
{
  guint8 *p = emit (g, b, EV_STOP_THREAD, ts, 10);

  p = put_u32 (p, tid);
  p = put_u16 (p, status);
  put_u32 (p, info);
}

/* Variable-size event: optional u32 prefix, then raw bytes. */
static void
ev_bytes (Gen         *g,
          Block       *b,
          guint16      tag,
          guint64      ts,
          gboolean     has_prefix,
          guint32      prefix,
          const void  *bytes,
          gsize        len)
{
  guint8 *p = emit (g, b, tag, ts, (has_prefix ? 4 : 0) + len);

  if (has_prefix)
    p = put_u32 (p, prefix);
  memcpy (p, bytes, len);
}

static void
ev_string (Gen        *g,
           Block      *b,
           guint16     tag,
           guint64     ts,
           const char *str)
{
  ev_bytes (g, b, tag, ts, FALSE, 0, str, strlen (str));
}

static void
ev_task_create (Gen        *g,
                guint64     ts,
                const Task *task)
{
  guint8 *p = emit (g, &g->global, EV_TASK_CREATE, ts, 18);

  p = put_u64 (p, task->task_id);
  p = put_u16 (p, task->cap);
  put_u64 (p, task->kernel_tid);
}

static void
ev_spark_counters (Gen     *g,
                   Cap     *c,
                   guint64  ts)
{
  guint8 *p = emit (g, &c->block, EV_SPARK_COUNTERS, ts, 56);

  /* on-disk order: created, dud, overflowed, converted, gcd, fizzled, remaining */
  p = put_u64 (p, c->sparks_created);
  p = put_u64 (p, c->sparks_dud);
  p = put_u64 (p, c->sparks_overflowed);
  p = put_u64 (p, c->sparks_converted);
  p = put_u64 (p, c->sparks_gcd);
  p = put_u64 (p, c->sparks_fizzled);
  put_u64 (p, c->spark_pool);
}

/* Global events are stamped with the capability-local time of whoever
 * posts them, kept monotone. */
static guint64
global_ts (Gen     *g,
           guint64  now)
{
  return MAX (now, g->global.last_ts);
}

/* Spreads the @remaining events left in a span over the rest of it. */
static guint64
cursor_next (Gen    *g,
             Cursor *cur)
{
  guint64 span = cur->end > cur->t ? (cur->end - cur->t) / (cur->remaining + 1) : 0;

  cur->t += span / 2 + rng_below (&g->rng, span / 2 + 1);
  if (cur->remaining > 0)
    cur->remaining--;
  return cur->t;
}

/* ----------------------------------------------------------------------- */
/* Simulation                                                              */

static guint32
new_thread (Gen        *g,
            ThreadKind  kind,
            guint16     cap,
            guint64     ts)
{
  guint32 tid = ++g->n_threads;
  Thread *th;

  if (tid >= g->alloc_threads)
    {
      g->alloc_threads = MAX (1024, g->alloc_threads * 2);
      g->threads = g_renew (Thread, g->threads, g->alloc_threads);
    }
  th = &g->threads[tid];
  memset (th, 0, sizeof *th);
  th->created = ts;
  th->cap = cap;
  th->state = THREAD_QUEUED;
  th->kind = kind;
  th->alloc_rate = (guint32) rng_log_range (&g->rng, 50, 2000);

  if (kind == KIND_NORMAL)
    {
      if (g->n_live == g->alloc_live)
        {
          g->alloc_live = MAX (256, g->alloc_live * 2);
          g->live = g_renew (guint32, g->live, g->alloc_live);
        }
      th->live_idx = g->n_live;
      g->live[g->n_live++] = tid;
    }
  return tid;
}

static void
thread_finished (Gen     *g,
                 guint32  tid)
{
  Thread *th = &g->threads[tid];

  th->state = THREAD_DEAD;
  if (th->kind == KIND_NORMAL)
    {
      guint32 moved = g->live[--g->n_live];

      g->live[th->live_idx] = moved;
      g->threads[moved].live_idx = th->live_idx;
    }
}

static void
thread_block (Gen     *g,
              guint32  tid,
              guint64  wake)
{
  g->threads[tid].state = THREAD_BLOCKED;
  sleepers_push (&g->sleepers, wake, tid);
}

/* Something was put on @c's run queue at @now: an idle capability wakes up
 * shortly after. */
static void
cap_kick (Gen     *g,
          Cap     *c,
          guint64  now)
{
  guint64 wake;

  if (!c->idle || c->gc_wait)
    return;
  wake = now + rng_range (&g->rng, US (2), US (30));
  c->idle = FALSE;
  c->time = MAX (c->block.last_ts, MIN (c->time, wake));
}

static guint64
gc_limit (Gen *g,
          Cap *c)
{
  if (c->no == g->gc_requester)
    return g->next_gc;
  return g->next_gc + c->gc_lat;
}

static guint16
gc_stop_status (Gen *g,
                Cap *c)
{
  if (c->no == g->gc_requester || rng_chance (&g->rng, 200))
    return STOP_HEAP_OVERFLOW;
  return STOP_YIELDING;
}

static void
task_create (Gen     *g,
             guint16  cap,
             guint64  now)
{
  Task *task;

  if (g->n_tasks >= g->n_caps * MAX_TASKS_PER_CAP)
    {
      /* retire the oldest worker first */
      guint64 ts = global_ts (g, now);
      put_u64 (emit (g, &g->global, EV_TASK_DELETE, ts, 8), g->tasks[0].task_id);
      memmove (g->tasks, g->tasks + 1, (g->n_tasks - 1) * sizeof (Task));
      g->n_tasks--;
    }
  task = &g->tasks[g->n_tasks++];
  task->task_id = G_GUINT64_CONSTANT (0x7fb0645006c0) - ((guint64) (g->task_seq & 0xffff) << 23);
  task->kernel_tid = g->pid + 2 + g->task_seq;
  task->cap = cap;
  g->task_seq++;
  ev_task_create (g, global_ts (g, now), task);
}

static void
task_migrate (Gen     *g,
              guint16  to,
              guint64  now)
{
  Task *task = &g->tasks[rng_below (&g->rng, g->n_tasks)];
  guint8 *p;

  if (task->cap == to)
    return;
  p = emit (g, &g->global, EV_TASK_MIGRATE, global_ts (g, now), 12);
  p = put_u64 (p, task->task_id);
  p = put_u16 (p, task->cap);
  put_u16 (p, to);
  task->cap = to;
}

static void
spark_create (Gen     *g,
              Cap     *c,
              guint64  ts)
{
  if (rng_chance (&g->rng, 40))
    {
      ev0 (g, &c->block, EV_SPARK_DUD, ts);
      c->sparks_dud++;
    }
  else if (c->spark_pool >= SPARK_POOL_SIZE)
    {
      ev0 (g, &c->block, EV_SPARK_OVERFLOW, ts);
      c->sparks_overflowed++;
    }
  else
    {
      ev0 (g, &c->block, EV_SPARK_CREATE, ts);
      c->sparks_created++;
      c->spark_pool++;
      g->pending_sparks++;
    }
}

static Cap *
find_spark_victim (Gen *g,
                   Cap *thief)
{
  guint start = (guint) rng_below (&g->rng, g->n_caps);
  guint i;

  for (i = 0; i < g->n_caps; i++)
    {
      Cap *v = &g->caps[(start + i) % g->n_caps];

      if (v != thief && v->spark_pool > 0)
        return v;
    }
  return NULL;
}

static Cap *
find_idle_cap (Gen *g,
               Cap *from)
{
  guint start = (guint) rng_below (&g->rng, g->n_caps);
  guint i;

  for (i = 0; i < g->n_caps; i++)
    {
      Cap *d = &g->caps[(start + i) % g->n_caps];

      if (d != from && d->runq.len == 0 && !d->gc_wait)
        return d;
    }
  return NULL;
}

/* Duration of one run of a Haskell thread: mostly short, sometimes until
 * the 20 ms context-switch timer. */
static guint64
slice_length (Gen *g)
{
  guint r = (guint) rng_below (&g->rng, 100);

  if (r < 70)
    return rng_log_range (&g->rng, US (3), US (120));
  if (r < 96)
    return rng_log_range (&g->rng, US (120), MS (2));
  return rng_log_range (&g->rng, MS (2), MS (20));
}

static void
run_normal (Gen     *g,
            Cap     *c,
            guint32  tid,
            guint64  now)
{
  guint64 limit = gc_limit (g, c);
  guint64 end = now + slice_length (g);
  gboolean clipped = FALSE;
  guint n_spawn = 0, n_sparks = 0, n_msg = 0, n_marker = 0;
  guint16 status;
  guint32 info = 0;
  Cursor cur;
  guint i;

  if (end >= limit)
    {
      end = MAX (limit, now + 200);
      clipped = TRUE;
    }

  if (g->n_live < g->target_threads ? rng_chance (&g->rng, 300) : rng_chance (&g->rng, 5))
    n_spawn = 1 + (guint) rng_below (&g->rng, 2);
  if (rng_chance (&g->rng, 60))
    n_sparks = 1 + (guint) rng_below (&g->rng, 8);
  if (rng_chance (&g->rng, 10))
    n_msg = 1;
  if (rng_chance (&g->rng, 2))
    n_marker = 1;

  ev_u32 (g, &c->block, EV_RUN_THREAD, now, tid);

  cur.t = now;
  cur.end = end;
  cur.remaining = n_spawn * 2 + n_sparks + n_msg + n_marker;

  if (n_msg)
    {
      Thread *th = &g->threads[tid];
      char msg[32];

      if (th->phase == 0)
        {
          th->phase = 1 + (guint8) rng_below (&g->rng, G_N_ELEMENTS (phase_names));
          g_snprintf (msg, sizeof msg, "START %s", phase_names[th->phase - 1]);
        }
      else
        {
          g_snprintf (msg, sizeof msg, "STOP %s", phase_names[th->phase - 1]);
          th->phase = 0;
        }
      ev_string (g, &c->block, EV_USER_MSG, cursor_next (g, &cur), msg);
    }

  if (n_marker)
    {
      char msg[32];

      g_snprintf (msg, sizeof msg, "iteration %u", g->n_gcs);
      ev_string (g, &c->block, EV_USER_MARKER, cursor_next (g, &cur), msg);
    }

  for (i = 0; i < n_spawn; i++)
    {
      guint64 ts = cursor_next (g, &cur);
      guint32 child = new_thread (g, KIND_NORMAL, c->no, ts);

      ev_u32 (g, &c->block, EV_CREATE_THREAD, ts, child);
      if (rng_chance (&g->rng, 300))
        {
          char label[32];

          g_snprintf (label, sizeof label, "worker-%u", child);
          ev_bytes (g, &c->block, EV_THREAD_LABEL, cursor_next (g, &cur),
                    TRUE, child, label, strlen (label));
        }
      else
        ev_u32 (g, &c->block, EV_THREAD_RUNNABLE, cursor_next (g, &cur), child);
      queue_push_back (&c->runq, child);
    }

  for (i = 0; i < n_sparks; i++)
    spark_create (g, c, cursor_next (g, &cur));

  c->allocated += (end - now) * g->threads[tid].alloc_rate / 1000;

  if (clipped)
    {
      status = gc_stop_status (g, c);
      c->gc_wait = TRUE;
    }
  else
    {
      guint r = (guint) rng_below (&g->rng, 1000);

      /* tid 1 is the main thread: it never finishes */
      if (tid != 1 && g->n_live > g->target_threads && r < 150)
        status = STOP_FINISHED;
      else if (r < 300)
        status = STOP_HEAP_OVERFLOW;
      else if (r < 560)
        status = STOP_YIELDING;
      else if (r < 730)
        status = STOP_BLOCKED_MVAR;
      else if (r < 800)
        status = STOP_BLACK_HOLE;
      else if (r < 900)
        status = STOP_DELAY;
      else if (r < 930)
        status = STOP_FOREIGN_CALL;
      else if (r < 970 && tid != 1 && g->n_live > g->target_threads / 2)
        status = STOP_FINISHED;
      else
        status = STOP_YIELDING;

      if (status == STOP_BLACK_HOLE)
        {
          guint32 owner = g->live[rng_below (&g->rng, g->n_live)];

          /* capabilities run ahead of each other a little: the owner
           * must already exist at this time */
          if (owner != tid && g->threads[owner].created <= end)
            info = owner;
          else
            status = STOP_BLOCKED_MVAR;
        }
    }

  ev_stop_thread (g, &c->block, end, tid, status, info);

  switch (status)
    {
    case STOP_HEAP_OVERFLOW:
      queue_push_front (&c->runq, tid);
      break;
    case STOP_YIELDING:
      if (clipped)
        queue_push_front (&c->runq, tid);
      else
        queue_push_back (&c->runq, tid);
      break;
    case STOP_FINISHED:
      thread_finished (g, tid);
      break;
    case STOP_BLOCKED_MVAR:
      thread_block (g, tid, end + rng_log_range (&g->rng, US (2), MS (2)));
      break;
    case STOP_BLACK_HOLE:
      thread_block (g, tid, end + rng_log_range (&g->rng, US (1), US (200)));
      break;
    case STOP_DELAY:
      thread_block (g, tid, end + rng_log_range (&g->rng, US (100), MS (20)));
      break;
    case STOP_FOREIGN_CALL:
      thread_block (g, tid, end + rng_log_range (&g->rng, US (5), MS (1)));
      if (rng_chance (&g->rng, 150))
        task_create (g, c->no, end);
      break;
    default:
      g_assert_not_reached ();
    }

  c->time = end + rng_range (&g->rng, 150, 3000);
}

/* The capability's spark thread ("spark evaluator"): runs local sparks,
 * steals from others, and finishes when there are none left. */
static void
run_spark_thread (Gen     *g,
                  Cap     *c,
                  guint32  tid,
                  guint64  now)
{
  guint64 limit = gc_limit (g, c);
  guint64 budget = now + rng_log_range (&g->rng, US (200), MS (20));
  guint64 t = now;
  guint16 status;

  ev_u32 (g, &c->block, EV_RUN_THREAD, now, tid);

  for (;;)
    {
      guint64 work;
      Cap *victim;

      if (t >= limit)
        {
          status = gc_stop_status (g, c);
          c->gc_wait = TRUE;
          break;
        }
      if (t >= budget)
        {
          status = STOP_YIELDING;
          break;
        }

      t += rng_range (&g->rng, 80, 600);
      if (c->spark_pool > 0)
        {
          c->spark_pool--;
          g->pending_sparks--;
          if (rng_chance (&g->rng, 80))
            {
              ev0 (g, &c->block, EV_SPARK_FIZZLE, t);
              c->sparks_fizzled++;
              continue;
            }
          ev0 (g, &c->block, EV_SPARK_RUN, t);
        }
      else if ((victim = find_spark_victim (g, c)) != NULL)
        {
          victim->spark_pool--;
          g->pending_sparks--;
          ev_u16 (g, &c->block, EV_SPARK_STEAL, t, victim->no);
        }
      else
        {
          status = STOP_FINISHED;
          break;
        }
      c->sparks_converted++;

      /* evaluate it: divide-and-conquer code sparks more work */
      work = rng_log_range (&g->rng, US (2), US (400));
      if (rng_chance (&g->rng, 350))
        {
          guint n = 1 + (guint) rng_below (&g->rng, 2);
          Cursor cur = { t, MIN (t + work, limit), n };
          guint i;

          for (i = 0; i < n; i++)
            spark_create (g, c, cursor_next (g, &cur));
        }
      c->allocated += work * g->threads[tid].alloc_rate / 1000;
      t = MAX (c->block.last_ts, MIN (t + work, MAX (limit, t)));
    }

  t = MAX (t, c->block.last_ts);
  ev_stop_thread (g, &c->block, t, tid, status, 0);
  if (status == STOP_FINISHED)
    {
      thread_finished (g, tid);
      c->spark_thread = 0;
    }
  else if (status == STOP_YIELDING && !c->gc_wait)
    queue_push_back (&c->runq, tid);
  else
    queue_push_front (&c->runq, tid);

  c->time = t + rng_range (&g->rng, 150, 3000);
}

/* IO/timer manager threads: short runs, then back into a foreign call. */
static void
run_iomgr (Gen     *g,
           Cap     *c,
           guint32  tid,
           guint64  now)
{
  guint64 limit = gc_limit (g, c);
  guint64 end = now + rng_log_range (&g->rng, US (1), US (15));

  ev_u32 (g, &c->block, EV_RUN_THREAD, now, tid);
  if (end >= limit)
    {
      end = MAX (limit, now + 200);
      ev_stop_thread (g, &c->block, end, tid, gc_stop_status (g, c), 0);
      c->gc_wait = TRUE;
      queue_push_front (&c->runq, tid);
    }
  else
    {
      ev_stop_thread (g, &c->block, end, tid, STOP_FOREIGN_CALL, 0);
      thread_block (g, tid, end + rng_log_range (&g->rng, US (200), MS (20)));
    }
  c->time = end + rng_range (&g->rng, 150, 3000);
}

static void
cap_step (Gen *g,
          Cap *c)
{
  guint64 now = c->time;
  guint woken = 0;

  c->idle = FALSE;

  /* wake up threads whose MVar/black hole/delay/foreign call is done */
  while (g->sleepers.len > 0 && g->sleepers.items[0].wake <= now && woken < 4)
    {
      Sleeper s = sleepers_pop (&g->sleepers);
      Thread *th = &g->threads[s.tid];
      Cap *owner = &g->caps[th->cap];

      ev_u32_u16 (g, &c->block, EV_THREAD_WAKEUP, now, s.tid, th->cap);
      th->state = THREAD_QUEUED;
      queue_push_back (&owner->runq, s.tid);
      if (owner != c)
        cap_kick (g, owner, now);
      now += rng_range (&g->rng, 100, 600);
      woken++;
    }

  /* push surplus threads to capabilities with nothing to do */
  if (c->runq.len >= 2 && g->n_caps > 1 && rng_chance (&g->rng, 500))
    {
      Cap *d = find_idle_cap (g, c);
      guint n = c->runq.len / 2;

      while (d != NULL && n-- > 0)
        {
          guint32 tid = queue_pop_back (&c->runq);

          /* spark and IO manager threads stay on their capability */
          if (g->threads[tid].kind != KIND_NORMAL)
            {
              queue_push_back (&c->runq, tid);
              break;
            }
          ev_u32_u16 (g, &c->block, EV_MIGRATE_THREAD, now, tid, d->no);
          g->threads[tid].cap = d->no;
          queue_push_back (&d->runq, tid);
          now += rng_range (&g->rng, 60, 400);
        }
      if (d != NULL)
        {
          cap_kick (g, d, now);
          if (rng_chance (&g->rng, 200))
            task_migrate (g, d->no, now);
        }
    }

  if (c->runq.len > 0)
    {
      guint32 tid = queue_pop_front (&c->runq);

      switch ((ThreadKind) g->threads[tid].kind)
        {
        case KIND_NORMAL:
          run_normal (g, c, tid, now);
          break;
        case KIND_SPARK:
          run_spark_thread (g, c, tid, now);
          break;
        case KIND_IOMGR:
          run_iomgr (g, c, tid, now);
          break;
        default:
          g_assert_not_reached ();
        }
    }
  else if (g->pending_sparks > 0 && c->spark_thread == 0)
    {
      guint32 tid = new_thread (g, KIND_SPARK, c->no, now);
      static const char label[] = "spark evaluator";

      ev_u32 (g, &c->block, EV_CREATE_THREAD, now, tid);
      now += rng_range (&g->rng, 50, 1500);
      ev_bytes (g, &c->block, EV_THREAD_LABEL, now, TRUE, tid, label, sizeof label - 1);
      now += rng_range (&g->rng, 50, 400);
      c->spark_thread = tid;
      run_spark_thread (g, c, tid, now);
    }
  else
    {
      /* nothing to do: sleep until kicked or until the timeout */
      c->idle = TRUE;
      c->time = now + rng_log_range (&g->rng, US (20), MS (2));
    }
}

static void
gc_schedule_next (Gen     *g,
                  guint64  after)
{
  guint i;

  g->next_gc = after + rng_log_range (&g->rng, MS (1), MS (10));
  g->gc_requester = (guint) rng_below (&g->rng, g->n_caps);
  for (i = 0; i < g->n_caps; i++)
    g->caps[i].gc_lat = rng_log_range (&g->rng, US (1), US (40));
}

/* Returns the time of the capability's GC_END. */
static guint64
gc_on_cap (Gen           *g,
           Cap           *c,
           guint64        g0,
           guint64        g1,
           const GcStats *st)
{
  gboolean leader = c->no == g->gc_requester;
  guint rounds = (guint) rng_below (&g->rng, 3);
  guint extra = leader ? MIN (g->n_caps, 3) - 1 : 0;
  guint pruned = 0;
  guint64 t = g0 + rng_range (&g->rng, 0, US (3));
  guint64 gc_end;
  Cursor cur;
  guint i;

  ev0 (g, &c->block, EV_GC_START, t);
  t += rng_range (&g->rng, 300, US (3));
  ev0 (g, &c->block, EV_GC_WORK, t);

  if (c->spark_pool > 0 && rng_chance (&g->rng, 300))
    pruned = 1 + (guint) rng_below (&g->rng, MIN (c->spark_pool, 64));

  cur.t = t;
  cur.end = g1 - US (1);
  cur.remaining = pruned + 2 * rounds + 2 + 2 * extra;

  for (i = 0; i < pruned; i++)
    {
      if (rng_chance (&g->rng, 200))
        {
          ev0 (g, &c->block, EV_SPARK_FIZZLE, cursor_next (g, &cur));
          c->sparks_fizzled++;
        }
      else
        {
          ev0 (g, &c->block, EV_SPARK_GC, cursor_next (g, &cur));
          c->sparks_gcd++;
        }
      c->spark_pool--;
      g->pending_sparks--;
    }

  for (i = 0; i < rounds; i++)
    {
      ev0 (g, &c->block, EV_GC_IDLE, cursor_next (g, &cur));
      ev0 (g, &c->block, EV_GC_WORK, cursor_next (g, &cur));
    }
  ev0 (g, &c->block, EV_GC_IDLE, cursor_next (g, &cur));
  ev0 (g, &c->block, EV_GC_DONE, cursor_next (g, &cur));
  for (i = 0; i < extra; i++)
    {
      ev0 (g, &c->block, EV_GC_IDLE, cursor_next (g, &cur));
      ev0 (g, &c->block, EV_GC_DONE, cursor_next (g, &cur));
    }

  t = MAX (c->block.last_ts, g1) + rng_range (&g->rng, 200, US (3));
  ev_u32_u64 (g, &c->block, EV_HEAP_ALLOCATED, t, HEAP_CAPSET, c->allocated);

  if (leader)
    {
      guint8 *p;

      t += rng_range (&g->rng, 200, 1500);
      ev0 (g, &c->block, EV_GC_GLOBAL_SYNC, t);
      t += rng_range (&g->rng, 30, 300);
      p = emit (g, &c->block, EV_GC_STATS_GHC, t, 58);
      p = put_u32 (p, HEAP_CAPSET);
      p = put_u16 (p, st->major ? 1 : 0);
      p = put_u64 (p, st->copied);
      p = put_u64 (p, st->slop);
      p = put_u64 (p, st->frag);
      p = put_u32 (p, g->n_caps);
      p = put_u64 (p, st->par_max);
      p = put_u64 (p, st->copied);
      put_u64 (p, st->par_balanced);
    }

  t += rng_range (&g->rng, 100, 2500);
  ev0 (g, &c->block, EV_GC_END, t);
  gc_end = t;

  if (leader)
    {
      if (st->major)
        {
          t += rng_range (&g->rng, 30, 3000);
          ev_u32_u64 (g, &c->block, EV_HEAP_LIVE, t, HEAP_CAPSET, g->heap_live);
        }
      t += rng_range (&g->rng, 30, 300);
      ev_u32_u64 (g, &c->block, EV_HEAP_SIZE, t, HEAP_CAPSET, g->heap_size);
    }

  t += rng_range (&g->rng, 60, 600);
  ev_spark_counters (g, c, t);

  c->gc_wait = FALSE;
  c->idle = FALSE;
  c->time = t;
  return gc_end;
}

/* A stop-the-world parallel GC on every capability. */
static void
gen_gc (Gen *g)
{
  Cap *req = &g->caps[g->gc_requester];
  guint64 tgc = g->next_gc;
  guint64 total_alloc = 0, since, g0, g1, dur, needed, released = 0;
  GcStats st;
  guint i;

  g0 = MAX (req->block.last_ts, tgc) + rng_range (&g->rng, 300, 2000);
  ev0 (g, &req->block, EV_REQUEST_PAR_GC, g0);
  for (i = 0; i < g->n_caps; i++)
    {
      Cap *c = &g->caps[i];

      g0 = MAX (g0, MAX (c->block.last_ts, tgc + c->gc_lat));
      total_alloc += c->allocated;
    }
  g0 += rng_range (&g->rng, US (1), US (8));

  /* heap model: minor GCs copy a few % of the nursery and promote some of
   * it; every ~10th GC is major and copies (and shrinks) the live data */
  since = total_alloc - g->alloc_at_last_gc;
  g->alloc_at_last_gc = total_alloc;
  memset (&st, 0, sizeof st);
  st.major = rng_chance (&g->rng, 100);
  if (st.major)
    {
      st.copied = g->heap_live;
      g->heap_live = g->heap_live * rng_range (&g->rng, 40, 95) / 100 + 64 * 1024;
      dur = US (150) + st.copied * 3 / g->n_caps + rng_below (&g->rng, US (300));
    }
  else
    {
      st.copied = since * rng_range (&g->rng, 1, 8) / 100 + rng_range (&g->rng, 200, 8192);
      g->heap_live += st.copied * rng_range (&g->rng, 5, 40) / 100;
      dur = US (15) + st.copied * 2 / g->n_caps + rng_below (&g->rng, US (60));
    }
  st.copied &= ~G_GUINT64_CONSTANT (7);
  st.slop = rng_range (&g->rng, 8 * 1024, 256 * 1024) & ~G_GUINT64_CONSTANT (7);
  st.frag = rng_range (&g->rng, 256, 2048) * 4096;
  st.par_max = st.copied / g->n_caps * rng_range (&g->rng, 100, 180) / 100;
  st.par_max = MIN (st.copied, st.par_max);
  st.par_balanced = st.copied * rng_range (&g->rng, 20, 100) / 100;
  st.par_balanced &= ~G_GUINT64_CONSTANT (7);

  needed = (g->heap_live * 3 + (g->n_caps + 1) * MEGABYTE + MEGABYTE - 1) / MEGABYTE * MEGABYTE;
  if (needed > g->heap_size || (st.major && needed < g->heap_size * 3 / 4))
    g->heap_size = needed;

  g1 = g0 + dur;
  for (i = 0; i < g->n_caps; i++)
    {
      guint64 gc_end = gc_on_cap (g, &g->caps[i], g0, g1, &st);

      released = MAX (released, gc_end);
    }

  /* mutators resume once the last GC thread has finished */
  for (i = 0; i < g->n_caps; i++)
    {
      Cap *c = &g->caps[i];

      c->time = MAX (c->time, released) + rng_range (&g->rng, 200, 2000);
    }

  /* the program goes through phases of more or less parallelism, so that
   * the capabilities are sometimes idle */
  if (rng_chance (&g->rng, 30))
    {
      guint r = (guint) rng_below (&g->rng, 10);

      if (r < 4)
        g->target_threads = 2;
      else if (r < 7)
        g->target_threads = g->n_caps + 1;
      else
        g->target_threads = 6 * g->n_caps + 4;
    }

  g->n_gcs++;
  gc_schedule_next (g, g1);
}

static Cap *
next_cap (Gen *g)
{
  Cap *best = NULL;
  guint i;

  for (i = 0; i < g->n_caps; i++)
    {
      Cap *c = &g->caps[i];

      if (!c->gc_wait && (best == NULL || c->time < best->time))
        best = c;
    }
  return best;
}

/* ----------------------------------------------------------------------- */
/* Header, start-up and shutdown                                           */

static void
write_header (Gen *g)
{
  g_autoptr(GByteArray) hdr = g_byte_array_sized_new (4096);
  guint i;

  for (i = 0; i < G_N_ELEMENTS (g->sizes); i++)
    g->sizes[i] = SIZE_UNDECLARED;

  g_byte_array_append (hdr, (const guint8 *) "hdrbhetb", 8);
  for (i = 0; i < G_N_ELEMENTS (event_types); i++)
    {
      const EventType *et = &event_types[i];
      guint32 desc_len = (guint32) strlen (et->desc);
      guint8 buf[12];
      guint8 *p = buf;

      p = put_u32 (p, 0x65746200);          /* "etb\0" */
      p = put_u16 (p, et->tag);
      p = put_u16 (p, et->size);
      put_u32 (p, desc_len);
      g_byte_array_append (hdr, buf, 12);
      g_byte_array_append (hdr, (const guint8 *) et->desc, desc_len);
      p = buf;
      p = put_u32 (p, 0);                   /* no extra info */
      put_u32 (p, 0x65746500);              /* "ete\0" */
      g_byte_array_append (hdr, buf, 8);
      g->sizes[et->tag] = et->size;
    }
  g_byte_array_append (hdr, (const guint8 *) "hetehdredatb", 12);

  gen_write (g, hdr->data, hdr->len);
  g->bytes_total += hdr->len;
}

static void
gen_startup (Gen *g)
{
  Block *gb = &g->global;
  guint64 t = US (450) + rng_below (&g->rng, US (50));
  g_autoptr(GString) args = g_string_new (NULL);
  static const char env[] =
    "HOME=/home/bench\0LANG=C.UTF-8\0PATH=/usr/local/bin:/usr/bin:/bin\0"
    "TERM=xterm-256color\0USER=bench\0";
  static const char rts_id[] = "GHC-9.0.2 rts_thr_l";
  guint8 *p;
  guint i;

  g->first_ts = t;
  block_open (g, gb, t);
  for (i = 0; i < g->n_caps; i++)
    {
      Cap *c = &g->caps[i];

      c->no = (guint16) i;
      c->block.capno = (guint16) i;
      block_open (g, &c->block, t + 230 * (i + 1));
    }

  t += US (120) + rng_below (&g->rng, US (20));
  ev_u32_u16 (g, gb, EV_CAPSET_CREATE, t, HEAP_CAPSET, CAPSET_TYPE_OSPROCESS);
  t += 120;
  ev_u32_u16 (g, gb, EV_CAPSET_CREATE, t, CLOCK_CAPSET, CAPSET_TYPE_CLOCKDOMAIN);
  for (i = 0; i < g->n_caps; i++)
    {
      t += rng_range (&g->rng, 1000, 8000);
      ev_u16 (g, gb, EV_CAP_CREATE, t, (guint16) i);
      t += 90;
      ev_u32_u16 (g, gb, EV_CAPSET_ASSIGN_CAP, t, HEAP_CAPSET, (guint16) i);
      t += 70;
      ev_u32_u16 (g, gb, EV_CAPSET_ASSIGN_CAP, t, CLOCK_CAPSET, (guint16) i);
    }

  t += US (90);
  p = emit (g, gb, EV_WALL_CLOCK_TIME, t, 16);
  p = put_u32 (p, CLOCK_CAPSET);
  p = put_u64 (p, G_GUINT64_CONSTANT (1767225600) + rng_below (&g->rng, 86400 * 365));
  put_u32 (p, (guint32) rng_below (&g->rng, 1000000) * 1000);
  t += 800;
  g->pid = 4000 + (guint32) rng_below (&g->rng, 60000);
  ev_u32_u32 (g, gb, EV_OSPROCESS_PID, t, HEAP_CAPSET, g->pid);
  t += 950;
  ev_u32_u32 (g, gb, EV_OSPROCESS_PPID, t, HEAP_CAPSET, g->pid - 1);
  t += 2100;
  ev_bytes (g, gb, EV_RTS_IDENTIFIER, t, TRUE, HEAP_CAPSET, rts_id, sizeof rts_id - 1);

  g_string_append (args, "./bench");
  g_string_append_c (args, '\0');
  g_string_append (args, "+RTS");
  g_string_append_c (args, '\0');
  g_string_append_printf (args, "-N%u", g->n_caps);
  g_string_append_c (args, '\0');
  g_string_append (args, "-l");
  g_string_append_c (args, '\0');
  t += 600;
  ev_bytes (g, gb, EV_PROGRAM_ARGS, t, TRUE, HEAP_CAPSET, args->str, args->len);
  t += 400;
  ev_bytes (g, gb, EV_PROGRAM_ENV, t, TRUE, HEAP_CAPSET, env, sizeof env - 1);

  t += US (30);
  p = emit (g, gb, EV_HEAP_INFO_GHC, t, 38);
  p = put_u32 (p, HEAP_CAPSET);
  p = put_u16 (p, 2);                 /* generations */
  p = put_u64 (p, 0);                 /* max heap size: unlimited */
  p = put_u64 (p, MEGABYTE);          /* -A1m */
  p = put_u64 (p, MEGABYTE);          /* mblock */
  put_u64 (p, 4096);                  /* block */

  g->tasks = g_new0 (Task, g->n_caps * MAX_TASKS_PER_CAP);
  for (i = 0; i < g->n_caps; i++)
    {
      t += rng_range (&g->rng, US (5), US (40));
      task_create (g, (guint16) i, t);
    }

  /* the start-up block is written at once, ahead of everything else */
  flush_global (g, t + US (1));

  g->heap_live = 200 * 1024;
  g->heap_size = (g->n_caps + 2) * MEGABYTE;

  for (i = 0; i < g->n_caps; i++)
    {
      Cap *c = &g->caps[i];
      guint64 ct = t + US (20) + rng_below (&g->rng, US (60));
      guint32 tid;
      char label[32];

      ev_spark_counters (g, c, ct);
      if (i == 0)
        {
          /* the main thread */
          tid = new_thread (g, KIND_NORMAL, 0, ct);
          ct += US (3);
          ev_u32 (g, &c->block, EV_CREATE_THREAD, ct, tid);
          ct += 400;
          ev_u32 (g, &c->block, EV_THREAD_RUNNABLE, ct, tid);
          ct += 600;
          ev_bytes (g, &c->block, EV_THREAD_LABEL, ct, TRUE, tid, "main", 4);
          queue_push_back (&c->runq, tid);

          tid = new_thread (g, KIND_IOMGR, 0, ct);
          ct += US (2);
          ev_u32 (g, &c->block, EV_CREATE_THREAD, ct, tid);
          ct += 500;
          ev_bytes (g, &c->block, EV_THREAD_LABEL, ct, TRUE, tid, "TimerManager", 12);
          queue_push_back (&c->runq, tid);
        }

      tid = new_thread (g, KIND_IOMGR, (guint16) i, ct);
      g_snprintf (label, sizeof label, "IOManager on cap %u", i);
      ct += US (4);
      ev_u32 (g, &c->block, EV_CREATE_THREAD, ct, tid);
      ct += 700;
      ev_bytes (g, &c->block, EV_THREAD_LABEL, ct, TRUE, tid, label, strlen (label));
      queue_push_back (&c->runq, tid);
      c->time = ct + US (2);
    }

  gc_schedule_next (g, t + US (500));
}

static void
gen_shutdown (Gen *g)
{
  Block *gb = &g->global;
  guint64 t = gb->last_ts;
  guint i;

  for (i = 0; i < g->n_caps; i++)
    {
      Cap *c = &g->caps[i];
      guint64 ct = c->block.last_ts + rng_range (&g->rng, US (5), US (50));

      ev_spark_counters (g, c, ct);
      t = MAX (t, ct);
    }

  t += US (200);
  for (i = 0; i < g->n_tasks; i++)
    {
      t += rng_range (&g->rng, US (2), US (40));
      put_u64 (emit (g, gb, EV_TASK_DELETE, t, 8), g->tasks[i].task_id);
    }
  t += US (500);
  for (i = 0; i < g->n_caps; i++)
    {
      t += rng_range (&g->rng, 50, 600);
      ev_u32_u16 (g, gb, EV_CAPSET_REMOVE_CAP, t, HEAP_CAPSET, (guint16) i);
      t += 90;
      ev_u32_u16 (g, gb, EV_CAPSET_REMOVE_CAP, t, CLOCK_CAPSET, (guint16) i);
      t += 200;
      ev_u16 (g, gb, EV_CAP_DELETE, t, (guint16) i);
    }
  t += 170;
  ev_u32 (g, gb, EV_CAPSET_DELETE, t, HEAP_CAPSET);
  t += 150;
  ev_u32 (g, gb, EV_CAPSET_DELETE, t, CLOCK_CAPSET);

  /* flush: every capability's buffer, then the global one, then DATA_END
   * (as GHC 9.0 does: the last block's size does not include it) */
  for (i = 0; i < g->n_caps; i++)
    {
      Cap *c = &g->caps[i];

      block_close (g, &c->block, c->block.last_ts + rng_range (&g->rng, 100, 2000));
    }
  block_close (g, gb, t + rng_range (&g->rng, 100, 2000));

  {
    guint8 end[2];

    put_u16 (end, EV_DATA_END);
    gen_write (g, end, 2);
    g->bytes_total += 2;
  }
}

static guint64
gen_span_end (Gen *g)
{
  guint64 last = g->global.last_ts;
  guint i;

  for (i = 0; i < g->n_caps; i++)
    last = MAX (last, g->caps[i].block.last_ts);
  return last;
}

static void
gen_free (Gen *g)
{
  guint i;

  for (i = 0; i < g->n_caps; i++)
    {
      g_free (g->caps[i].block.data);
      g_free (g->caps[i].runq.items);
    }
  g_free (g->caps);
  g_free (g->global.data);
  g_free (g->threads);
  g_free (g->live);
  g_free (g->sleepers.items);
  g_free (g->tasks);
  g_clear_error (&g->error);
}

static gboolean
generate (const char  *path,
          guint        size_mb,
          guint        n_caps,
          guint64      seed,
          GError     **error)
{
  Gen g;
  guint i;

  memset (&g, 0, sizeof g);
  g.path = path;
  g.n_caps = n_caps;
  g.target = (guint64) size_mb * MEGABYTE;
  g.target_threads = 6 * n_caps + 4;
  g.global_flush_every = n_caps * 2;
  rng_init (&g.rng, seed);

  /* GHC's buffers are 2 MiB; small logs get smaller blocks so that they
   * still have several interleaved blocks per capability */
  g.block_size = (gsize) CLAMP (g.target / (n_caps * 8), MIN_BLOCK_SIZE, MAX_BLOCK_SIZE);

  g.out = fopen (path, "wb");
  if (g.out == NULL)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "Could not create '%s': %s", path, g_strerror (saved_errno));
      return FALSE;
    }
  setvbuf (g.out, NULL, _IOFBF, OUT_BUFFER_SIZE);

  g.caps = g_new0 (Cap, n_caps);
  for (i = 0; i < n_caps; i++)
    {
      g.caps[i].block.data = g_malloc (g.block_size);
      g.caps[i].block.size = g.block_size;
    }
  g.global.data = g_malloc (g.block_size);
  g.global.size = g.block_size;
  g.global.capno = GLOBAL_CAP;

  write_header (&g);
  gen_startup (&g);

  while (g.bytes_total < g.target && g.error == NULL)
    {
      Cap *c = next_cap (&g);

      if (c == NULL || c->time >= g.next_gc)
        gen_gc (&g);
      else
        cap_step (&g, c);
    }

  gen_shutdown (&g);

  if (g.error == NULL && fflush (g.out) != 0)
    {
      int saved_errno = errno;

      g_set_error (&g.error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "Could not write '%s': %s", path, g_strerror (saved_errno));
    }
  if (fclose (g.out) != 0 && g.error == NULL)
    {
      int saved_errno = errno;

      g_set_error (&g.error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "Could not close '%s': %s", path, g_strerror (saved_errno));
    }

  if (g.error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&g.error));
      gen_free (&g);
      return FALSE;
    }

  g_print ("%s: %" G_GUINT64_FORMAT " bytes, %" G_GUINT64_FORMAT " events, %u caps, "
           "span %.3f s\n",
           path, g.bytes_total, g.n_events, n_caps,
           (double) (gen_span_end (&g) - g.first_ts) / 1e9);
  gen_free (&g);
  return TRUE;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  gint size_mb = 100;
  gint n_caps = 2;
  gint64 seed = 1;
  GOptionEntry entries[] = {
    { "size-mb", 0, 0, G_OPTION_ARG_INT, &size_mb, "Stop once the log holds N MiB (default 100)", "N" },
    { "caps", 0, 0, G_OPTION_ARG_INT, &n_caps, "Number of capabilities, like +RTS -N (default 2)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "Seed of the pseudo-random generator (default 1)", "S" },
    G_OPTION_ENTRY_NULL
  };

  setlocale (LC_ALL, "");

  context = g_option_context_new ("OUT.eventlog");
  g_option_context_set_summary (context,
                                "Write a large, valid, deterministic GHC eventlog for benchmarks and tests.");
  g_option_context_add_main_entries (context, entries, NULL);

  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("es-gen-eventlog: %s\n", error->message);
      return 2;
    }
  if (argc != 2)
    {
      g_printerr ("es-gen-eventlog: expected exactly one output file\n"
                  "Usage: es-gen-eventlog [--size-mb N] [--caps N] [--seed S] OUT.eventlog\n");
      return 2;
    }
  if (size_mb < 1 || size_mb > 1024 * 1024)
    {
      g_printerr ("es-gen-eventlog: --size-mb must be between 1 and 1048576\n");
      return 2;
    }
  if (n_caps < 1 || n_caps > MAX_CAPS)
    {
      g_printerr ("es-gen-eventlog: --caps must be between 1 and %d\n", MAX_CAPS);
      return 2;
    }

  if (!generate (argv[1], (guint) size_mb, (guint) n_caps, (guint64) seed, &error))
    {
      g_printerr ("es-gen-eventlog: %s\n", error->message);
      return 1;
    }

  return 0;
}
