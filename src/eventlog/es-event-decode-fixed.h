/* es-event-decode-fixed.h: the fixed-size payload layouts (private to src/eventlog)
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-event-decode.h"

G_BEGIN_DECLS

/* Nearly every event of a log has a fixed-size payload: their decoder is
 * here, inline, so that the reader decodes them without a call per event
 * (es-event-decode.c uses it too, for _es_event_decode_payload()). */

/* Fixed layouts are only decoded when the payload is at least the layout's
 * size, so their fields are read without bounds checks: this is the hot
 * path, run millions of times per log. */
typedef struct
{
  const guint8 *p;
} EsFixedCursor;

G_ALWAYS_INLINE static inline guint8
fx8 (EsFixedCursor *f)
{
  return *f->p++;
}

G_ALWAYS_INLINE static inline guint16
fx16 (EsFixedCursor *f)
{
  guint16 v = (guint16) ((f->p[0] << 8) | f->p[1]);

  f->p += 2;
  return v;
}

G_ALWAYS_INLINE static inline guint32
fx32 (EsFixedCursor *f)
{
  guint32 v = ((guint32) f->p[0] << 24) | ((guint32) f->p[1] << 16) | ((guint32) f->p[2] << 8) | f->p[3];

  f->p += 4;
  return v;
}

G_ALWAYS_INLINE static inline guint64
fx64 (EsFixedCursor *f)
{
  guint64 hi = fx32 (f);

  return (hi << 32) | fx32 (f);
}

static inline EsStopStatus
normalise_stop_status (guint16         raw,
                       EsStopNumbering numbering)
{
  if (numbering == ES_STOP_NUMBERING_GHC_782)
    {
      /* GHC 7.8.2 inserted BlockedOnMVarRead as 8 and shifted the rest. */
      switch (raw)
        {
        case 8: return ES_STOP_BLOCKED_ON_MVAR_READ;
        case 9: return ES_STOP_BLOCKED_ON_BLACK_HOLE;
        case 10: return ES_STOP_BLOCKED_ON_READ;
        case 11: return ES_STOP_BLOCKED_ON_WRITE;
        case 12: return ES_STOP_BLOCKED_ON_DELAY;
        case 13: return ES_STOP_BLOCKED_ON_STM;
        case 14: return ES_STOP_BLOCKED_ON_DO_PROC;
        case 17: return ES_STOP_BLOCKED_ON_CCALL;
        case 18: return ES_STOP_BLOCKED_ON_CCALL_INTERRUPTIBLE;
        case 19: return ES_STOP_BLOCKED_ON_MSG_THROW_TO;
        case 20: return ES_STOP_THREAD_MIGRATING;
        default: break;
        }
      if (raw > 7)
        return ES_STOP_NO_STATUS;
    }

  switch (raw)
    {
    case ES_STOP_HEAP_OVERFLOW: case ES_STOP_STACK_OVERFLOW: case ES_STOP_THREAD_YIELDING:
    case ES_STOP_THREAD_BLOCKED: case ES_STOP_THREAD_FINISHED: case ES_STOP_FOREIGN_CALL:
    case ES_STOP_BLOCKED_ON_MVAR: case ES_STOP_BLOCKED_ON_BLACK_HOLE: case ES_STOP_BLOCKED_ON_READ:
    case ES_STOP_BLOCKED_ON_WRITE: case ES_STOP_BLOCKED_ON_DELAY: case ES_STOP_BLOCKED_ON_STM:
    case ES_STOP_BLOCKED_ON_DO_PROC: case ES_STOP_BLOCKED_ON_CCALL:
    case ES_STOP_BLOCKED_ON_CCALL_INTERRUPTIBLE: case ES_STOP_BLOCKED_ON_MSG_THROW_TO:
    case ES_STOP_THREAD_MIGRATING:
      return (EsStopStatus) raw;
    case ES_STOP_BLOCKED_ON_MVAR_READ:
      return numbering == ES_STOP_NUMBERING_CURRENT ? ES_STOP_BLOCKED_ON_MVAR_READ : ES_STOP_NO_STATUS;
    default:
      return ES_STOP_NO_STATUS;
    }
}

G_ALWAYS_INLINE static inline void
_es_event_decode_stop (EsEvent         *ev,
                       EsFixedCursor   *c,
                       int              layout,
                       EsStopNumbering  numbering)
{
  ev->u.stop.thread = fx32 (c);
  ev->u.stop.raw_status = fx16 (c);
  ev->u.stop.status = normalise_stop_status (ev->u.stop.raw_status, numbering);
  ev->u.stop.has_info = layout >= 10;
  ev->u.stop.info = layout >= 10 ? fx32 (c) : 0;
}

static inline void
_es_event_decode_fixed (EsEvent         *ev,
                        EsFixedCursor   *c,
                        int              layout,
                        EsStopNumbering  numbering)
{
  switch (ev->tag)
    {
    case ES_EVENT_CREATE_THREAD: case ES_EVENT_RUN_THREAD: case ES_EVENT_THREAD_RUNNABLE:
    case ES_EVENT_RUN_SPARK: case ES_EVENT_CREATE_SPARK_THREAD: case ES_EVENT_MER_RELEASE_CONTEXT:
      ev->u.thread.thread = fx32 (c);
      ev->u.thread.cap = 0;
      break;
    case ES_EVENT_MIGRATE_THREAD: case ES_EVENT_THREAD_WAKEUP:
      ev->u.thread.thread = fx32 (c);
      ev->u.thread.cap = fx16 (c);
      break;
    case ES_EVENT_STOP_THREAD:
      _es_event_decode_stop (ev, c, layout, numbering);
      break;
    case ES_EVENT_STEAL_SPARK:
      ev->u.steal.thread = fx32 (c);
      ev->u.steal.victim = fx16 (c);
      break;
    case ES_EVENT_SPARK_STEAL:
      ev->u.steal.thread = 0;
      ev->u.steal.victim = fx16 (c);
      break;
    case ES_EVENT_STARTUP:
      ev->u.startup.n_caps = fx16 (c);
      break;
    case ES_EVENT_BLOCK_MARKER:
      ev->u.block.size = fx32 (c);
      ev->u.block.end_time = fx64 (c);
      ev->u.block.cap = fx16 (c);
      break;
    case ES_EVENT_CAPSET_CREATE:
      ev->u.capset_create.capset = fx32 (c);
      ev->u.capset_create.type = fx16 (c);
      break;
    case ES_EVENT_CAPSET_DELETE:
      ev->u.capset.capset = fx32 (c);
      ev->u.capset.value = 0;
      break;
    case ES_EVENT_CAPSET_ASSIGN_CAP: case ES_EVENT_CAPSET_REMOVE_CAP:
      ev->u.capset.capset = fx32 (c);
      ev->u.capset.value = fx16 (c);
      break;
    case ES_EVENT_OSPROCESS_PID: case ES_EVENT_OSPROCESS_PPID:
      ev->u.capset.capset = fx32 (c);
      ev->u.capset.value = fx32 (c);
      break;
    case ES_EVENT_WALL_CLOCK_TIME:
      ev->u.wall_clock.capset = fx32 (c);
      ev->u.wall_clock.sec = fx64 (c);
      ev->u.wall_clock.nsec = fx32 (c);
      break;
    case ES_EVENT_SPARK_COUNTERS:
      /* On disk GC'd comes before fizzled. */
      ev->u.spark_counters.created = fx64 (c);
      ev->u.spark_counters.dud = fx64 (c);
      ev->u.spark_counters.overflowed = fx64 (c);
      ev->u.spark_counters.converted = fx64 (c);
      ev->u.spark_counters.gcd = fx64 (c);
      ev->u.spark_counters.fizzled = fx64 (c);
      ev->u.spark_counters.remaining = fx64 (c);
      break;
    case ES_EVENT_CAP_CREATE: case ES_EVENT_CAP_DELETE: case ES_EVENT_CAP_DISABLE:
    case ES_EVENT_CAP_ENABLE: case ES_EVENT_CONC_UPD_REM_SET_FLUSH:
      ev->u.cap.cap = fx16 (c);
      break;
    case ES_EVENT_HEAP_ALLOCATED: case ES_EVENT_HEAP_SIZE: case ES_EVENT_HEAP_LIVE:
    case ES_EVENT_BLOCKS_SIZE:
      ev->u.heap.capset = fx32 (c);
      ev->u.heap.bytes = fx64 (c);
      break;
    case ES_EVENT_HEAP_INFO_GHC:
      ev->u.heap_info.capset = fx32 (c);
      ev->u.heap_info.generations = fx16 (c);
      ev->u.heap_info.max_heap_size = fx64 (c);
      ev->u.heap_info.alloc_area_size = fx64 (c);
      ev->u.heap_info.mblock_size = fx64 (c);
      ev->u.heap_info.block_size = fx64 (c);
      break;
    case ES_EVENT_GC_STATS_GHC:
      ev->u.gc_stats.capset = fx32 (c);
      ev->u.gc_stats.generation = fx16 (c);
      ev->u.gc_stats.copied = fx64 (c);
      ev->u.gc_stats.slop = fx64 (c);
      ev->u.gc_stats.frag = fx64 (c);
      ev->u.gc_stats.par_n_threads = fx32 (c);
      ev->u.gc_stats.par_max_copied = fx64 (c);
      ev->u.gc_stats.par_tot_copied = fx64 (c);
      ev->u.gc_stats.has_balanced = layout >= 58;
      ev->u.gc_stats.par_balanced_copied = layout >= 58 ? fx64 (c) : 0;
      break;
    case ES_EVENT_MEM_RETURN:
      ev->u.mem_return.capset = fx32 (c);
      ev->u.mem_return.current = fx32 (c);
      ev->u.mem_return.needed = fx32 (c);
      ev->u.mem_return.returned = fx32 (c);
      break;
    case ES_EVENT_TASK_CREATE:
      ev->u.task.task = fx64 (c);
      ev->u.task.cap = fx16 (c);
      ev->u.task.new_cap = 0;
      ev->u.task.kernel_tid = fx64 (c);
      break;
    case ES_EVENT_TASK_MIGRATE:
      ev->u.task.task = fx64 (c);
      ev->u.task.cap = fx16 (c);
      ev->u.task.new_cap = fx16 (c);
      ev->u.task.kernel_tid = 0;
      break;
    case ES_EVENT_TASK_DELETE:
      ev->u.task = (typeof (ev->u.task)) { 0 };
      ev->u.task.task = fx64 (c);
      break;
    case ES_EVENT_CREATE_PROCESS: case ES_EVENT_KILL_PROCESS:
      ev->u.eden = (typeof (ev->u.eden)) { 0 };
      ev->u.eden.process = fx32 (c);
      break;
    case ES_EVENT_ASSIGN_THREAD_TO_PROCESS:
      ev->u.eden = (typeof (ev->u.eden)) { 0 };
      ev->u.eden.thread = fx32 (c);
      ev->u.eden.process = fx32 (c);
      break;
    case ES_EVENT_CREATE_MACHINE:
      ev->u.eden = (typeof (ev->u.eden)) { 0 };
      ev->u.eden.machine = fx16 (c);
      ev->u.eden.realtime = fx64 (c);
      break;
    case ES_EVENT_KILL_MACHINE:
      ev->u.eden = (typeof (ev->u.eden)) { 0 };
      ev->u.eden.machine = fx16 (c);
      break;
    case ES_EVENT_SEND_MESSAGE:
      ev->u.message.size = 0;
      ev->u.message.tag = fx8 (c);
      ev->u.message.sender_process = fx32 (c);
      ev->u.message.sender_thread = fx32 (c);
      ev->u.message.machine = fx16 (c);
      ev->u.message.receiver_process = fx32 (c);
      ev->u.message.receiver_inport = fx32 (c);
      break;
    case ES_EVENT_RECEIVE_MESSAGE:
      ev->u.message.tag = fx8 (c);
      ev->u.message.receiver_process = fx32 (c);
      ev->u.message.receiver_inport = fx32 (c);
      ev->u.message.machine = fx16 (c);
      ev->u.message.sender_process = fx32 (c);
      ev->u.message.sender_thread = fx32 (c);
      ev->u.message.size = fx32 (c);
      break;
    case ES_EVENT_SEND_RECEIVE_LOCAL_MESSAGE:
      ev->u.message.machine = 0;
      ev->u.message.size = 0;
      ev->u.message.tag = fx8 (c);
      ev->u.message.sender_process = fx32 (c);
      ev->u.message.sender_thread = fx32 (c);
      ev->u.message.receiver_process = fx32 (c);
      ev->u.message.receiver_inport = fx32 (c);
      break;
    case ES_EVENT_MER_START_PAR_CONJUNCTION: case ES_EVENT_MER_CREATE_SPARK:
    case ES_EVENT_MER_FUT_CREATE:
      ev->u.mercury.id = fx64 (c);
      ev->u.mercury.id2 = fx32 (c);
      break;
    case ES_EVENT_MER_STOP_PAR_CONJUNCTION: case ES_EVENT_MER_STOP_PAR_CONJUNCT:
    case ES_EVENT_MER_FUT_WAIT_NOSUSPEND: case ES_EVENT_MER_FUT_WAIT_SUSPENDED:
    case ES_EVENT_MER_FUT_SIGNAL:
      ev->u.mercury.id = fx64 (c);
      ev->u.mercury.id2 = 0;
      break;
    case ES_EVENT_PERF_COUNTER:
      ev->u.perf.name = (EsBytes) { NULL, 0 };
      ev->u.perf.num = fx32 (c);
      ev->u.perf.kernel_tid = fx64 (c);
      ev->u.perf.period = fx64 (c);
      break;
    case ES_EVENT_PERF_TRACEPOINT:
      ev->u.perf.period = 0;
      ev->u.perf.num = fx32 (c);
      ev->u.perf.kernel_tid = fx64 (c);
      break;
    case ES_EVENT_HEAP_PROF_SAMPLE_BEGIN: case ES_EVENT_HEAP_PROF_SAMPLE_END:
      ev->u.heap_sample.era = fx64 (c);
      ev->u.heap_sample.time = ev->time;
      break;
    case ES_EVENT_HEAP_BIO_PROF_SAMPLE_BEGIN:
      ev->u.heap_sample.era = fx64 (c);
      ev->u.heap_sample.time = fx64 (c);
      break;
    case ES_EVENT_PROF_BEGIN:
      ev->u.prof_begin.tick_interval = fx64 (c);
      break;
    case ES_EVENT_CONC_MARK_END:
      ev->u.conc_mark_end.marked = fx32 (c);
      break;
    case ES_EVENT_NONMOVING_HEAP_CENSUS:
      if (layout >= 14)
        ev->u.census.block_size = fx16 (c);
      else
        {
          guint8 log2_size = fx8 (c);
          ev->u.census.block_size = log2_size < 32 ? 1u << log2_size : 0;
        }
      ev->u.census.active_segs = fx32 (c);
      ev->u.census.filled_segs = fx32 (c);
      ev->u.census.live_blocks = fx32 (c);
      break;
    case ES_EVENT_NONMOVING_PRUNED_SEGMENTS:
      ev->u.pruned.pruned = fx32 (c);
      ev->u.pruned.free = fx32 (c);
      break;
    case ES_EVENT_TICKY_COUNTER_SAMPLE:
      ev->u.ticky_sample.id = fx64 (c);
      ev->u.ticky_sample.entries = fx64 (c);
      ev->u.ticky_sample.allocs = fx64 (c);
      ev->u.ticky_sample.allocd = fx64 (c);
      break;
    default:
      break;  /* no fields */
    }
}

/* _es_event_decode_fixed() with a thread's runs and stops, most of a busy
 * log's events beside its wakeups, decoded inline, not by a call into its
 * switch. */
G_ALWAYS_INLINE static inline void
_es_event_decode_fixed_inline_runs (EsEvent         *ev,
                                    EsFixedCursor   *c,
                                    int              layout,
                                    EsStopNumbering  numbering)
{
  if (ev->tag == ES_EVENT_RUN_THREAD)
    {
      ev->u.thread.thread = fx32 (c);
      ev->u.thread.cap = 0;
    }
  else if (ev->tag == ES_EVENT_STOP_THREAD)
    _es_event_decode_stop (ev, c, layout, numbering);
  else
    _es_event_decode_fixed (ev, c, layout, numbering);
}

G_END_DECLS
