/* es-event-text.c: events as text, the way `ghc-events show` prints them
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-event-text.h"

/* The exact wording matters: `eventscope-cli dump` is compared byte for
 * byte with ghc-events' reference output. */

#define U64 "%" G_GUINT64_FORMAT

const char *
es_stop_status_to_string (EsStopStatus status)
{
  switch (status)
    {
    case ES_STOP_HEAP_OVERFLOW: return "heap overflow";
    case ES_STOP_STACK_OVERFLOW: return "stack overflow";
    case ES_STOP_THREAD_YIELDING: return "thread yielding";
    case ES_STOP_THREAD_BLOCKED: return "thread blocked";
    case ES_STOP_THREAD_FINISHED: return "thread finished";
    case ES_STOP_FOREIGN_CALL: return "making a foreign call";
    case ES_STOP_BLOCKED_ON_MVAR: return "blocked on an MVar";
    case ES_STOP_BLOCKED_ON_MVAR_READ: return "blocked reading an MVar";
    case ES_STOP_BLOCKED_ON_BLACK_HOLE: return "blocked on a black hole";
    case ES_STOP_BLOCKED_ON_READ: return "blocked on I/O read";
    case ES_STOP_BLOCKED_ON_WRITE: return "blocked on I/O write";
    case ES_STOP_BLOCKED_ON_DELAY: return "blocked on threadDelay";
    case ES_STOP_BLOCKED_ON_STM: return "blocked in STM retry";
    case ES_STOP_BLOCKED_ON_DO_PROC: return "blocked on asyncDoProc";
    case ES_STOP_BLOCKED_ON_CCALL: return "blocked in a foreign call";
    case ES_STOP_BLOCKED_ON_CCALL_INTERRUPTIBLE: return "blocked in a foreign call";
    case ES_STOP_BLOCKED_ON_MSG_THROW_TO: return "blocked in throwTo";
    case ES_STOP_THREAD_MIGRATING: return "thread migrating";
    case ES_STOP_NO_STATUS:
    default:
      return "No stop thread status";
    }
}

static void
append_bytes (GString *out,
              EsBytes  bytes)
{
  g_string_append_len (out, bytes.data, bytes.len);
}

/* Haskell's `show` of a String: ASCII escapes by name, other code points as
 * decimal escapes, with "\&" where the next character would extend them. */
static void
append_haskell_string (GString    *out,
                       const char *data,
                       gsize       len)
{
  static const char *const control_names[32] = {
    "NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "a", "b", "t", "n", "v", "f", "r",
    "SO", "SI", "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM",
    "SUB", "ESC", "FS", "GS", "RS", "US",
  };
  const char *p = data;
  const char *end = data + len;
  gboolean numeric_pending = FALSE, so_pending = FALSE;

  g_string_append_c (out, '"');
  while (p < end)
    {
      gunichar c = g_utf8_get_char_validated (p, end - p);
      gsize step;

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          /* Not UTF-8: show the byte as the code point of the same value. */
          c = (guchar) *p;
          step = 1;
        }
      else
        step = g_utf8_next_char (p) - p;

      if (numeric_pending && c >= '0' && c <= '9')
        g_string_append (out, "\\&");
      if (so_pending && c == 'H')
        g_string_append (out, "\\&");
      numeric_pending = so_pending = FALSE;

      if (c == '"')
        g_string_append (out, "\\\"");
      else if (c == '\\')
        g_string_append (out, "\\\\");
      else if (c >= 0x20 && c < 0x7F)
        g_string_append_c (out, (char) c);
      else if (c < 0x20)
        {
          g_string_append_printf (out, "\\%s", control_names[c]);
          so_pending = c == 0x0E;
        }
      else if (c == 0x7F)
        g_string_append (out, "\\DEL");
      else
        {
          g_string_append_printf (out, "\\%u", c);
          numeric_pending = TRUE;
        }
      p += step;
    }
  g_string_append_c (out, '"');
}

/* PROGRAM_ARGS and PROGRAM_ENV: NUL-separated strings, shown as a list. */
static void
append_string_list (GString *out,
                    EsBytes  text)
{
  gsize len = text.len;
  gsize start = 0;

  while (len > 0 && text.data[len - 1] == '\0')
    len--;

  g_string_append_c (out, '[');
  for (gsize i = 0; i <= len; i++)
    {
      if (i == len || text.data[i] == '\0')
        {
          if (start > 0)
            g_string_append_c (out, ',');
          append_haskell_string (out, text.data + start, i - start);
          start = i + 1;
        }
    }
  g_string_append_c (out, ']');
}

static const char *
capset_type_name (guint16 type)
{
  switch (type)
    {
    case ES_CAPSET_TYPE_CUSTOM: return "CapsetCustom";
    case ES_CAPSET_TYPE_OS_PROCESS: return "CapsetOsProcess";
    case ES_CAPSET_TYPE_CLOCK_DOMAIN: return "CapsetClockDomain";
    default: return "CapsetUnknown";
    }
}

static const char *
heap_prof_breakdown_name (guint32 breakdown)
{
  switch (breakdown)
    {
    case ES_HEAP_PROF_BREAKDOWN_COST_CENTRE: return "cost centre";
    case ES_HEAP_PROF_BREAKDOWN_MODULE: return "module";
    case ES_HEAP_PROF_BREAKDOWN_CLOSURE_DESCR: return "closure description";
    case ES_HEAP_PROF_BREAKDOWN_TYPE_DESCR: return "type description";
    case ES_HEAP_PROF_BREAKDOWN_RETAINER: return "retainer";
    case ES_HEAP_PROF_BREAKDOWN_BIOGRAPHY: return "biography";
    case ES_HEAP_PROF_BREAKDOWN_CLOSURE_TYPE: return "closure type";
    case ES_HEAP_PROF_BREAKDOWN_INFO_TABLE: return "info table";
    case ES_HEAP_PROF_BREAKDOWN_ERA: return "era";
    default: return "unknown breakdown";
    }
}

/* Eden message tags start at 0x50. */
static const char *
eden_message_tag_name (guint8 tag)
{
  static const char *const names[] = {
    "Ready", "NewPE", "PETIDS", "Finish", "FailPE", "RFork", "Connect",
    "DataMes", "Head", "Constr", "Part", "Terminate", "Packet",
  };

  if (tag >= 0x50 && tag - 0x50 < (int) G_N_ELEMENTS (names))
    return names[tag - 0x50];
  return "Unknown";
}

static void
append_stack (GString       *out,
              const EsEvent *event)
{
  for (guint i = 0; i < event->u.cost_centre_sample.depth; i++)
    g_string_append_printf (out, i == 0 ? "%u" : ", %u", es_event_get_stack_entry (event, i));
}

/* USER_BINARY_MSG: printable ASCII as is, every other byte as '.'. */
static void
append_binary (GString *out,
               EsBytes  bytes)
{
  for (guint32 i = 0; i < bytes.len; i++)
    {
      guchar c = (guchar) bytes.data[i];
      g_string_append_c (out, c >= 0x20 && c < 0x7F ? (char) c : '.');
    }
}

static void
append_stop (GString       *out,
             const EsEvent *event)
{
  g_string_append_printf (out, "stopping thread %u (", event->u.stop.thread);
  if (event->u.stop.status == ES_STOP_BLOCKED_ON_BLACK_HOLE && event->u.stop.has_info)
    g_string_append_printf (out, "blocked on black hole owned by thread %u", event->u.stop.info);
  else if (event->u.stop.status == ES_STOP_STACK_OVERFLOW && event->u.stop.has_info)
    g_string_append_printf (out, "stack overflow, size %u", event->u.stop.info);
  else
    g_string_append (out, es_stop_status_to_string (event->u.stop.status));
  g_string_append_c (out, ')');
}

static void
append_heap_prof_begin (GString       *out,
                        const EsEvent *event)
{
  gboolean any_filter = FALSE;

  g_string_append_printf (out, "start heap profiling %u at sampling period " U64 " broken down by %s",
                          event->u.heap_prof_begin.profile_id,
                          event->u.heap_prof_begin.sampling_period,
                          heap_prof_breakdown_name (event->u.heap_prof_begin.breakdown));
  for (guint i = 0; i < ES_HEAP_PROF_N_FILTERS; i++)
    {
      EsBytes filter = event->u.heap_prof_begin.filters[i];

      if (filter.len == 0)
        continue;
      if (!any_filter)
        g_string_append (out, " filtered by ");
      any_filter = TRUE;
      append_bytes (out, filter);
      g_string_append (out, ", ");
    }
}

/* The events of the GHC runtime proper. Returns FALSE for other tags. */
static gboolean
append_ghc_text (const EsEvent *e,
                 GString       *out)
{
  switch (e->tag)
    {
    case ES_EVENT_CREATE_THREAD:
      g_string_append_printf (out, "creating thread %u", e->u.thread.thread); break;
    case ES_EVENT_RUN_THREAD:
      g_string_append_printf (out, "running thread %u", e->u.thread.thread); break;
    case ES_EVENT_STOP_THREAD:
      append_stop (out, e); break;
    case ES_EVENT_THREAD_RUNNABLE:
      g_string_append_printf (out, "thread %u is runnable", e->u.thread.thread); break;
    case ES_EVENT_MIGRATE_THREAD:
      g_string_append_printf (out, "migrating thread %u to cap %u", e->u.thread.thread, e->u.thread.cap); break;
    case ES_EVENT_THREAD_WAKEUP:
      g_string_append_printf (out, "waking up thread %u on cap %u", e->u.thread.thread, e->u.thread.cap); break;
    case ES_EVENT_RUN_SPARK: case ES_EVENT_SPARK_RUN:
      g_string_append (out, "running a local spark"); break;
    case ES_EVENT_STEAL_SPARK: case ES_EVENT_SPARK_STEAL:
      g_string_append_printf (out, "stealing a spark from cap %u", e->u.steal.victim); break;
    case ES_EVENT_SHUTDOWN:
      g_string_append (out, "shutting down"); break;
    case ES_EVENT_GC_START: g_string_append (out, "starting GC"); break;
    case ES_EVENT_GC_END: g_string_append (out, "finished GC"); break;
    case ES_EVENT_REQUEST_SEQ_GC: g_string_append (out, "requesting sequential GC"); break;
    case ES_EVENT_REQUEST_PAR_GC: g_string_append (out, "requesting parallel GC"); break;
    case ES_EVENT_GC_IDLE: g_string_append (out, "GC idle"); break;
    case ES_EVENT_GC_WORK: g_string_append (out, "GC working"); break;
    case ES_EVENT_GC_DONE: g_string_append (out, "GC done"); break;
    case ES_EVENT_GC_GLOBAL_SYNC: g_string_append (out, "all caps stopped for GC"); break;
    case ES_EVENT_CREATE_SPARK_THREAD:
      g_string_append_printf (out, "creating spark thread %u", e->u.thread.thread); break;
    case ES_EVENT_LOG_MSG: case ES_EVENT_USER_MSG:
      append_bytes (out, e->u.text); break;
    case ES_EVENT_USER_MARKER:
      g_string_append (out, "marker: "); append_bytes (out, e->u.text); break;
    case ES_EVENT_STARTUP:
      g_string_append_printf (out, "startup: %u capabilities", e->u.startup.n_caps); break;
    case ES_EVENT_BLOCK_MARKER:
      g_string_append_printf (out, "event block: cap %u, end time: " U64 "\n", e->u.block.cap, e->u.block.end_time); break;
    case ES_EVENT_CAPSET_CREATE:
      g_string_append_printf (out, "created capset %u of type %s", e->u.capset_create.capset,
                              capset_type_name (e->u.capset_create.type)); break;
    case ES_EVENT_CAPSET_DELETE:
      g_string_append_printf (out, "deleted capset %u", e->u.capset.capset); break;
    case ES_EVENT_CAPSET_ASSIGN_CAP:
      g_string_append_printf (out, "assigned cap %u to capset %u", e->u.capset.value, e->u.capset.capset); break;
    case ES_EVENT_CAPSET_REMOVE_CAP:
      g_string_append_printf (out, "removed cap %u from capset %u", e->u.capset.value, e->u.capset.capset); break;
    case ES_EVENT_RTS_IDENTIFIER:
      g_string_append_printf (out, "capset %u: RTS version \"", e->u.capset_text.capset);
      append_bytes (out, e->u.capset_text.text);
      g_string_append_c (out, '"');
      break;
    case ES_EVENT_PROGRAM_ARGS: case ES_EVENT_PROGRAM_ENV:
      g_string_append_printf (out, "capset %u: %s: ", e->u.capset_text.capset,
                              e->tag == ES_EVENT_PROGRAM_ARGS ? "args" : "env");
      append_string_list (out, e->u.capset_text.text);
      break;
    case ES_EVENT_OSPROCESS_PID:
      g_string_append_printf (out, "capset %u: pid %u", e->u.capset.capset, e->u.capset.value); break;
    case ES_EVENT_OSPROCESS_PPID:
      g_string_append_printf (out, "capset %u: parent pid %u", e->u.capset.capset, e->u.capset.value); break;
    case ES_EVENT_WALL_CLOCK_TIME:
      g_string_append_printf (out, "capset %u: wall clock time " U64 "s %uns (unix epoch)",
                              e->u.wall_clock.capset, e->u.wall_clock.sec, e->u.wall_clock.nsec); break;
    case ES_EVENT_SPARK_COUNTERS:
      g_string_append_printf (out, "spark stats: " U64 " created, " U64 " converted, " U64 " remaining ("
                              U64 " overflowed, " U64 " dud, " U64 " GC'd, " U64 " fizzled)",
                              e->u.spark_counters.created, e->u.spark_counters.converted,
                              e->u.spark_counters.remaining, e->u.spark_counters.overflowed,
                              e->u.spark_counters.dud, e->u.spark_counters.gcd, e->u.spark_counters.fizzled);
      break;
    case ES_EVENT_SPARK_CREATE: g_string_append (out, "spark created"); break;
    case ES_EVENT_SPARK_DUD: g_string_append (out, "dud spark discarded"); break;
    case ES_EVENT_SPARK_OVERFLOW: g_string_append (out, "overflowed spark discarded"); break;
    case ES_EVENT_SPARK_FIZZLE: g_string_append (out, "spark fizzled"); break;
    case ES_EVENT_SPARK_GC: g_string_append (out, "spark GCed"); break;
    case ES_EVENT_INTERN_STRING:
      g_string_append (out, "Interned string: \"");
      append_bytes (out, e->u.intern.str);
      g_string_append_printf (out, "\" with id %u", e->u.intern.id);
      break;
    case ES_EVENT_THREAD_LABEL:
      g_string_append_printf (out, "thread %u has label \"", e->u.thread_label.thread);
      append_bytes (out, e->u.thread_label.label);
      g_string_append_c (out, '"');
      break;
    case ES_EVENT_CAP_CREATE: g_string_append_printf (out, "created cap %u", e->u.cap.cap); break;
    case ES_EVENT_CAP_DELETE: g_string_append_printf (out, "deleted cap %u", e->u.cap.cap); break;
    case ES_EVENT_CAP_DISABLE: g_string_append_printf (out, "disabled cap %u", e->u.cap.cap); break;
    case ES_EVENT_CAP_ENABLE: g_string_append_printf (out, "enabled cap %u", e->u.cap.cap); break;
    case ES_EVENT_HEAP_ALLOCATED:
      g_string_append_printf (out, "allocated on heap capset %u: " U64 " total bytes till now", e->u.heap.capset, e->u.heap.bytes); break;
    case ES_EVENT_HEAP_SIZE:
      g_string_append_printf (out, "size of heap capset %u: " U64 " bytes", e->u.heap.capset, e->u.heap.bytes); break;
    case ES_EVENT_BLOCKS_SIZE:
      g_string_append_printf (out, "blocks size of heap capset %u: " U64 " bytes", e->u.heap.capset, e->u.heap.bytes); break;
    case ES_EVENT_HEAP_LIVE:
      g_string_append_printf (out, "live data in heap capset %u: " U64 " bytes", e->u.heap.capset, e->u.heap.bytes); break;
    case ES_EVENT_HEAP_INFO_GHC:
      g_string_append_printf (out, "heap stats for heap capset %u: generations %u, " U64 " bytes max heap size, "
                              U64 " bytes alloc area size, " U64 " bytes mblock size, " U64 " bytes block size",
                              e->u.heap_info.capset, e->u.heap_info.generations, e->u.heap_info.max_heap_size,
                              e->u.heap_info.alloc_area_size, e->u.heap_info.mblock_size, e->u.heap_info.block_size);
      break;
    case ES_EVENT_GC_STATS_GHC:
      g_string_append_printf (out, "GC stats for heap capset %u: generation %u, " U64 " bytes copied, "
                              U64 " bytes slop, " U64 " bytes fragmentation, %u par threads, "
                              U64 " bytes max par copied, " U64 " bytes total par copied",
                              e->u.gc_stats.capset, e->u.gc_stats.generation, e->u.gc_stats.copied,
                              e->u.gc_stats.slop, e->u.gc_stats.frag, e->u.gc_stats.par_n_threads,
                              e->u.gc_stats.par_max_copied, e->u.gc_stats.par_tot_copied);
      if (e->u.gc_stats.has_balanced)
        g_string_append_printf (out, ", " U64 " bytes balanced par copied", e->u.gc_stats.par_balanced_copied);
      break;
    case ES_EVENT_MEM_RETURN:
      g_string_append_printf (out, "memory returned (mblocks): current(%u) needed(%u) returned(%u)",
                              e->u.mem_return.current, e->u.mem_return.needed, e->u.mem_return.returned); break;
    case ES_EVENT_TASK_CREATE:
      g_string_append_printf (out, "task 0x%" G_GINT64_MODIFIER "x created on cap %u with OS kernel thread " U64,
                              e->u.task.task, e->u.task.cap, e->u.task.kernel_tid); break;
    case ES_EVENT_TASK_MIGRATE:
      g_string_append_printf (out, "task 0x%" G_GINT64_MODIFIER "x migrated from cap %u to cap %u",
                              e->u.task.task, e->u.task.cap, e->u.task.new_cap); break;
    case ES_EVENT_TASK_DELETE:
      g_string_append_printf (out, "task 0x%" G_GINT64_MODIFIER "x deleted", e->u.task.task); break;
    default:
      return FALSE;
    }
  return TRUE;
}

/* Profiling, nonmoving GC, ticky and the other runtimes' events. */
static gboolean
append_other_text (const EsEvent *e,
                   GString       *out)
{
  switch (e->tag)
    {
    case ES_EVENT_HEAP_PROF_BEGIN:
      append_heap_prof_begin (out, e); break;
    case ES_EVENT_HEAP_PROF_COST_CENTRE:
      g_string_append_printf (out, "cost centre %u ", e->u.cost_centre.id);
      append_bytes (out, e->u.cost_centre.label);
      g_string_append (out, " in ");
      append_bytes (out, e->u.cost_centre.module);
      g_string_append (out, " at ");
      append_bytes (out, e->u.cost_centre.srcloc);
      if (e->u.cost_centre.flags & 1)
        g_string_append (out, " CAF");
      break;
    case ES_EVENT_HEAP_PROF_SAMPLE_BEGIN:
      g_string_append_printf (out, "start heap prof sample " U64, e->u.heap_sample.era); break;
    case ES_EVENT_HEAP_PROF_SAMPLE_END:
      g_string_append_printf (out, "end prof sample " U64, e->u.heap_sample.era); break;
    case ES_EVENT_HEAP_BIO_PROF_SAMPLE_BEGIN:
      g_string_append_printf (out, "start heap prof sample " U64 " at time " U64, e->u.heap_sample.era, e->u.heap_sample.time); break;
    case ES_EVENT_HEAP_PROF_SAMPLE_COST_CENTRE:
      g_string_append_printf (out, "heap prof sample %u, residency " U64 ", cost centre stack ",
                              e->u.cost_centre_sample.profile_id, e->u.cost_centre_sample.residency_or_ticks);
      append_stack (out, e);
      break;
    case ES_EVENT_HEAP_PROF_SAMPLE_STRING:
      g_string_append_printf (out, "heap prof sample %u, residency " U64 ", label ",
                              e->u.string_sample.profile_id, e->u.string_sample.residency);
      append_bytes (out, e->u.string_sample.label);
      break;
    case ES_EVENT_PROF_SAMPLE_COST_CENTRE:
      g_string_append_printf (out, "cap no %u, prof sample " U64 ", cost centre stack ",
                              e->u.cost_centre_sample.cap & 0xFFFF, e->u.cost_centre_sample.residency_or_ticks);
      append_stack (out, e);
      break;
    case ES_EVENT_PROF_BEGIN:
      g_string_append_printf (out, "start time profiling, tick interval " U64 " (ns)", e->u.prof_begin.tick_interval); break;
    case ES_EVENT_IPE:
      g_string_append_printf (out, "Info Table: %" G_GINT64_MODIFIER "x:%u:", e->u.ipe.info, e->u.ipe.closure_type);
      append_bytes (out, e->u.ipe.table_name);
      g_string_append (out, " - ");
      append_bytes (out, e->u.ipe.srcloc);
      break;
    case ES_EVENT_USER_BINARY_MSG:
      g_string_append (out, "binary message ");
      append_binary (out, e->u.text);
      break;
    case ES_EVENT_CONC_MARK_BEGIN: g_string_append (out, "concurrent mark began"); break;
    case ES_EVENT_CONC_MARK_END:
      g_string_append_printf (out, "concurrent mark ended: marked %u objects", e->u.conc_mark_end.marked); break;
    case ES_EVENT_CONC_SYNC_BEGIN: g_string_append (out, "post-mark synchronization began"); break;
    case ES_EVENT_CONC_SYNC_END: g_string_append (out, "post-mark synchronization ended"); break;
    case ES_EVENT_CONC_SWEEP_BEGIN: g_string_append (out, "concurrent sweep began"); break;
    case ES_EVENT_CONC_SWEEP_END: g_string_append (out, "concurrent sweep ended"); break;
    case ES_EVENT_CONC_UPD_REM_SET_FLUSH:
      g_string_append_printf (out, "update remembered set flushed by %u", e->u.cap.cap); break;
    case ES_EVENT_NONMOVING_HEAP_CENSUS:
      g_string_append_printf (out, "nonmoving heap census %u: %u active segments, %u filled segments, %u live blocks",
                              e->u.census.block_size, e->u.census.active_segs, e->u.census.filled_segs,
                              e->u.census.live_blocks); break;
    case ES_EVENT_NONMOVING_PRUNED_SEGMENTS:
      g_string_append_printf (out, "nonmoving segments pruned: %u pruned segments, %u free segments retained",
                              e->u.pruned.pruned, e->u.pruned.free); break;
    case ES_EVENT_TICKY_COUNTER_DEF:
      g_string_append_printf (out, "ticky counter definition " U64 ", arity: %u, def kinds: ",
                              e->u.ticky_def.id, e->u.ticky_def.arity);
      append_bytes (out, e->u.ticky_def.kinds);
      g_string_append (out, ", name: ");
      append_bytes (out, e->u.ticky_def.name);
      g_string_append_printf (out, ", itbl: %" G_GINT64_MODIFIER "x", e->u.ticky_def.info_table);
      break;
    case ES_EVENT_TICKY_COUNTER_SAMPLE:
      g_string_append_printf (out, "ticky counter sample " U64 ": entry count: " U64 ", " U64 " allocs, " U64 " allocd",
                              e->u.ticky_sample.id, e->u.ticky_sample.entries, e->u.ticky_sample.allocs,
                              e->u.ticky_sample.allocd); break;
    case ES_EVENT_TICKY_BEGIN_SAMPLE: g_string_append (out, "ticky begin counter sample"); break;
    case ES_EVENT_PERF_NAME:
      g_string_append_printf (out, "perf event %u named \"", e->u.perf.num);
      append_bytes (out, e->u.perf.name);
      g_string_append_c (out, '"');
      break;
    case ES_EVENT_PERF_COUNTER:
      g_string_append_printf (out, "perf event counter %u incremented by " U64 " in OS thread " U64,
                              e->u.perf.num, e->u.perf.period + 1, e->u.perf.kernel_tid); break;
    case ES_EVENT_PERF_TRACEPOINT:
      g_string_append_printf (out, "perf event tracepoint %u reached in OS thread " U64, e->u.perf.num, e->u.perf.kernel_tid); break;
    default:
      return FALSE;
    }
  return TRUE;
}

static gboolean
append_eden_mercury_text (const EsEvent *e,
                          GString       *out)
{
  switch (e->tag)
    {
    case ES_EVENT_VERSION:
      g_string_append (out, "compiler version is "); append_bytes (out, e->u.text); break;
    case ES_EVENT_PROGRAM_INVOCATION:
      g_string_append (out, "program invocation: "); append_bytes (out, e->u.text); break;
    case ES_EVENT_EDEN_START_RECEIVE: g_string_append (out, "starting to receive"); break;
    case ES_EVENT_EDEN_END_RECEIVE: g_string_append (out, "stop receiving"); break;
    case ES_EVENT_CREATE_PROCESS: g_string_append_printf (out, "creating process %u", e->u.eden.process); break;
    case ES_EVENT_KILL_PROCESS: g_string_append_printf (out, "killing process %u", e->u.eden.process); break;
    case ES_EVENT_ASSIGN_THREAD_TO_PROCESS:
      g_string_append_printf (out, "assigning thread %u to process %u", e->u.eden.thread, e->u.eden.process); break;
    case ES_EVENT_CREATE_MACHINE:
      g_string_append_printf (out, "creating machine %u at " U64, e->u.eden.machine, e->u.eden.realtime); break;
    case ES_EVENT_KILL_MACHINE: g_string_append_printf (out, "killing machine %u", e->u.eden.machine); break;
    case ES_EVENT_SEND_MESSAGE:
      g_string_append_printf (out, "sending message with tag %s from process %u, thread %u to machine %u, process %u on inport %u",
                              eden_message_tag_name (e->u.message.tag), e->u.message.sender_process,
                              e->u.message.sender_thread, e->u.message.machine, e->u.message.receiver_process,
                              e->u.message.receiver_inport); break;
    case ES_EVENT_RECEIVE_MESSAGE:
      g_string_append_printf (out, "receiving message with tag %s at process %u, inport %u from machine %u, process %u, thread %u with size %u",
                              eden_message_tag_name (e->u.message.tag), e->u.message.receiver_process,
                              e->u.message.receiver_inport, e->u.message.machine, e->u.message.sender_process,
                              e->u.message.sender_thread, e->u.message.size); break;
    case ES_EVENT_SEND_RECEIVE_LOCAL_MESSAGE:
      g_string_append_printf (out, "sending/receiving message with tag %s from process %u, thread %u to process %u on inport %u",
                              eden_message_tag_name (e->u.message.tag), e->u.message.sender_process,
                              e->u.message.sender_thread, e->u.message.receiver_process, e->u.message.receiver_inport); break;
    case ES_EVENT_MER_START_PAR_CONJUNCTION:
      g_string_append_printf (out, "Start a parallel conjunction 0x%" G_GINT64_MODIFIER "x, static_id: %u", e->u.mercury.id, e->u.mercury.id2); break;
    case ES_EVENT_MER_STOP_PAR_CONJUNCTION:
      g_string_append_printf (out, "End par conjunction: 0x%" G_GINT64_MODIFIER "x", e->u.mercury.id); break;
    case ES_EVENT_MER_STOP_PAR_CONJUNCT:
      g_string_append_printf (out, "End par conjunct: 0x%" G_GINT64_MODIFIER "x", e->u.mercury.id); break;
    case ES_EVENT_MER_CREATE_SPARK:
      g_string_append_printf (out, "Create spark for conjunction: 0x%" G_GINT64_MODIFIER "x spark: 0x%x", e->u.mercury.id, e->u.mercury.id2); break;
    case ES_EVENT_MER_FUT_CREATE:
      g_string_append_printf (out, "Create future 0x%" G_GINT64_MODIFIER "x named %u", e->u.mercury.id, e->u.mercury.id2); break;
    case ES_EVENT_MER_FUT_WAIT_NOSUSPEND:
      g_string_append_printf (out, "Wait didn't suspend for future: 0x%" G_GINT64_MODIFIER "x", e->u.mercury.id); break;
    case ES_EVENT_MER_FUT_WAIT_SUSPENDED:
      g_string_append_printf (out, "Wait suspended on future: 0x%" G_GINT64_MODIFIER "x", e->u.mercury.id); break;
    case ES_EVENT_MER_FUT_SIGNAL:
      g_string_append_printf (out, "Signaled future 0x%" G_GINT64_MODIFIER "x", e->u.mercury.id); break;
    case ES_EVENT_MER_LOOKING_FOR_GLOBAL_CONTEXT: g_string_append (out, "Looking for global thread to resume"); break;
    case ES_EVENT_MER_WORK_STEALING: g_string_append (out, "Trying to steal a spark"); break;
    case ES_EVENT_MER_RELEASE_CONTEXT:
      g_string_append_printf (out, "Releasing thread %u to the free pool", e->u.thread.thread); break;
    case ES_EVENT_MER_ENGINE_SLEEPING: g_string_append (out, "Capability going to sleep"); break;
    case ES_EVENT_MER_LOOKING_FOR_LOCAL_SPARK: g_string_append (out, "Looking for a local spark to execute"); break;
    case ES_EVENT_MER_CALLING_MAIN: g_string_append (out, "About to call the program entry point"); break;
    default:
      return FALSE;
    }
  return TRUE;
}

/**
 * es_event_append_text:
 * @type: (nullable): the event's declared type, for unknown events
 *
 * Appends what `ghc-events show` prints after the time and cap prefix.
 * Unknown events print their declared description, as ghc-events does.
 */
void
es_event_append_text (const EsEvent     *event,
                      const EsEventType *type,
                      GString           *out)
{
  if (!event->unknown &&
      (append_ghc_text (event, out) || append_other_text (event, out) ||
       append_eden_mercury_text (event, out)))
    return;

  if (type != NULL)
    g_string_append (out, type->description);
}

/* One line of `ghc-events show`: "<time>: [cap <c>: ]<text>\n". */
void
es_event_append_line (const EsEvent     *event,
                      const EsEventType *type,
                      GString           *out)
{
  g_string_append_printf (out, U64 ": ", event->time);
  if (event->cap != ES_CAP_NONE)
    g_string_append_printf (out, "cap %u: ", event->cap);
  es_event_append_text (event, type, out);
  g_string_append_c (out, '\n');
}

void
es_event_type_append_text (const EsEventType *type,
                           GString           *out)
{
  if (type->size == ES_EVENT_SIZE_VARIABLE)
    g_string_append_printf (out, "%u: %s (size variable)", type->tag, type->description);
  else
    g_string_append_printf (out, "%u: %s (size %d)", type->tag, type->description, type->size);
}
