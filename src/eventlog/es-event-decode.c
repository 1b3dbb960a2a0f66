/* es-event-decode.c: payload layouts of every known event
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "es-event-decode.h"
#include "es-event-decode-fixed.h"
#include "es-eventlog-error.h"

/* The payload sizes this reader knows for each fixed-size tag. A log may
 * declare a larger size (a newer RTS appended fields): the largest known
 * layout that fits is decoded and the rest skipped, as ghc-events does. */
static int
fixed_layouts (guint16     tag,
               const int **sizes)
{
  static const int s0[] = { 0 }, s2[] = { 2 }, s4[] = { 4 }, s6[] = { 6 };
  static const int s8[] = { 8 }, s10[] = { 10 }, s12[] = { 12 }, s14[] = { 14 };
  static const int s16[] = { 16 }, s17[] = { 17 }, s18[] = { 18 }, s19[] = { 19 };
  static const int s20[] = { 20 }, s23[] = { 23 }, s32[] = { 32 }, s38[] = { 38 };
  static const int s56[] = { 56 };
  static const int stop[] = { 6, 10 }, gc_stats[] = { 50, 58 }, census[] = { 13, 14 };

#define LAYOUT(array) (*sizes = array, (int) G_N_ELEMENTS (array))
  switch (tag)
    {
    case ES_EVENT_SHUTDOWN: case ES_EVENT_GC_START: case ES_EVENT_GC_END:
    case ES_EVENT_REQUEST_SEQ_GC: case ES_EVENT_REQUEST_PAR_GC:
    case ES_EVENT_GC_IDLE: case ES_EVENT_GC_WORK: case ES_EVENT_GC_DONE:
    case ES_EVENT_SPARK_CREATE: case ES_EVENT_SPARK_DUD: case ES_EVENT_SPARK_OVERFLOW:
    case ES_EVENT_SPARK_RUN: case ES_EVENT_SPARK_FIZZLE: case ES_EVENT_SPARK_GC:
    case ES_EVENT_GC_GLOBAL_SYNC: case ES_EVENT_HACK_BUG_T9003:
    case ES_EVENT_EDEN_START_RECEIVE: case ES_EVENT_EDEN_END_RECEIVE:
    case ES_EVENT_MER_LOOKING_FOR_GLOBAL_CONTEXT: case ES_EVENT_MER_WORK_STEALING:
    case ES_EVENT_MER_ENGINE_SLEEPING: case ES_EVENT_MER_LOOKING_FOR_LOCAL_SPARK:
    case ES_EVENT_MER_CALLING_MAIN:
    case ES_EVENT_CONC_MARK_BEGIN: case ES_EVENT_CONC_SYNC_BEGIN: case ES_EVENT_CONC_SYNC_END:
    case ES_EVENT_CONC_SWEEP_BEGIN: case ES_EVENT_CONC_SWEEP_END:
    case ES_EVENT_TICKY_BEGIN_SAMPLE:
      return LAYOUT (s0);
    case ES_EVENT_STARTUP: case ES_EVENT_SPARK_STEAL: case ES_EVENT_CAP_CREATE:
    case ES_EVENT_CAP_DELETE: case ES_EVENT_CAP_DISABLE: case ES_EVENT_CAP_ENABLE:
    case ES_EVENT_KILL_MACHINE: case ES_EVENT_CONC_UPD_REM_SET_FLUSH:
      return LAYOUT (s2);
    case ES_EVENT_CREATE_THREAD: case ES_EVENT_RUN_THREAD: case ES_EVENT_THREAD_RUNNABLE:
    case ES_EVENT_RUN_SPARK: case ES_EVENT_CREATE_SPARK_THREAD: case ES_EVENT_CAPSET_DELETE:
    case ES_EVENT_CREATE_PROCESS: case ES_EVENT_KILL_PROCESS:
    case ES_EVENT_MER_RELEASE_CONTEXT: case ES_EVENT_CONC_MARK_END:
      return LAYOUT (s4);
    case ES_EVENT_MIGRATE_THREAD: case ES_EVENT_STEAL_SPARK: case ES_EVENT_THREAD_WAKEUP:
    case ES_EVENT_CAPSET_CREATE: case ES_EVENT_CAPSET_ASSIGN_CAP: case ES_EVENT_CAPSET_REMOVE_CAP:
      return LAYOUT (s6);
    case ES_EVENT_STOP_THREAD:
      return LAYOUT (stop);
    case ES_EVENT_OSPROCESS_PID: case ES_EVENT_OSPROCESS_PPID: case ES_EVENT_TASK_DELETE:
    case ES_EVENT_ASSIGN_THREAD_TO_PROCESS: case ES_EVENT_MER_STOP_PAR_CONJUNCTION:
    case ES_EVENT_MER_STOP_PAR_CONJUNCT: case ES_EVENT_MER_FUT_WAIT_NOSUSPEND:
    case ES_EVENT_MER_FUT_WAIT_SUSPENDED: case ES_EVENT_MER_FUT_SIGNAL:
    case ES_EVENT_HEAP_PROF_SAMPLE_BEGIN: case ES_EVENT_HEAP_PROF_SAMPLE_END:
    case ES_EVENT_PROF_BEGIN: case ES_EVENT_NONMOVING_PRUNED_SEGMENTS:
      return LAYOUT (s8);
    case ES_EVENT_CREATE_MACHINE:
      return LAYOUT (s10);
    case ES_EVENT_HEAP_ALLOCATED: case ES_EVENT_HEAP_SIZE: case ES_EVENT_HEAP_LIVE:
    case ES_EVENT_TASK_MIGRATE: case ES_EVENT_BLOCKS_SIZE:
    case ES_EVENT_MER_START_PAR_CONJUNCTION: case ES_EVENT_MER_CREATE_SPARK:
    case ES_EVENT_MER_FUT_CREATE: case ES_EVENT_PERF_TRACEPOINT:
      return LAYOUT (s12);
    case ES_EVENT_BLOCK_MARKER:
      return LAYOUT (s14);
    case ES_EVENT_WALL_CLOCK_TIME: case ES_EVENT_MEM_RETURN: case ES_EVENT_HEAP_BIO_PROF_SAMPLE_BEGIN:
      return LAYOUT (s16);
    case ES_EVENT_SEND_RECEIVE_LOCAL_MESSAGE:
      return LAYOUT (s17);
    case ES_EVENT_TASK_CREATE:
      return LAYOUT (s18);
    case ES_EVENT_SEND_MESSAGE:
      return LAYOUT (s19);
    case ES_EVENT_PERF_COUNTER:
      return LAYOUT (s20);
    case ES_EVENT_RECEIVE_MESSAGE:
      return LAYOUT (s23);
    case ES_EVENT_TICKY_COUNTER_SAMPLE:
      return LAYOUT (s32);
    case ES_EVENT_HEAP_INFO_GHC:
      return LAYOUT (s38);
    case ES_EVENT_GC_STATS_GHC:
      return LAYOUT (gc_stats);
    case ES_EVENT_SPARK_COUNTERS:
      return LAYOUT (s56);
    case ES_EVENT_NONMOVING_HEAP_CENSUS:
      return LAYOUT (census);
    default:
      *sizes = NULL;
      return 0;
    }
#undef LAYOUT
}

static gboolean
is_variable_tag (guint16 tag)
{
  switch (tag)
    {
    case ES_EVENT_LOG_MSG: case ES_EVENT_USER_MSG: case ES_EVENT_VERSION:
    case ES_EVENT_PROGRAM_INVOCATION: case ES_EVENT_RTS_IDENTIFIER:
    case ES_EVENT_PROGRAM_ARGS: case ES_EVENT_PROGRAM_ENV: case ES_EVENT_INTERN_STRING:
    case ES_EVENT_THREAD_LABEL: case ES_EVENT_USER_MARKER: case ES_EVENT_PERF_NAME:
    case ES_EVENT_HEAP_PROF_BEGIN: case ES_EVENT_HEAP_PROF_COST_CENTRE:
    case ES_EVENT_HEAP_PROF_SAMPLE_COST_CENTRE: case ES_EVENT_HEAP_PROF_SAMPLE_STRING:
    case ES_EVENT_PROF_SAMPLE_COST_CENTRE: case ES_EVENT_IPE: case ES_EVENT_USER_BINARY_MSG:
    case ES_EVENT_TICKY_COUNTER_DEF:
      return TRUE;
    default:
      return FALSE;
    }
}

/**
 * _es_event_layout_for:
 * @tag: an event tag
 * @declared_size: the payload size the log's header declares, or -1 (variable)
 *
 * Returns: the payload layout to decode: a fixed size, %ES_LAYOUT_VARIABLE,
 *   or %ES_LAYOUT_UNKNOWN when no known layout fits (the event is then
 *   skipped by its declared size and handed out as unknown).
 */
int
_es_event_layout_for (guint16 tag,
                      int     declared_size)
{
  const int *sizes;
  int n = fixed_layouts (tag, &sizes);
  int best = ES_LAYOUT_UNKNOWN;

  if (declared_size < 0)
    return is_variable_tag (tag) ? ES_LAYOUT_VARIABLE : ES_LAYOUT_UNKNOWN;

  for (int i = 0; i < n; i++)
    if (sizes[i] <= declared_size && sizes[i] > best)
      best = sizes[i];

  return best;
}

/* A bounds-checked big-endian cursor over one payload. Reading past the end
 * sets @overrun and yields zeros, so decoders check once at the end. */
typedef struct
{
  const guint8 *p;
  const guint8 *end;
  const char   *overrun;   /* the first field that did not fit */
} Cursor;

static inline gboolean
cursor_take (Cursor     *c,
             gsize       n,
             const char *field)
{
  if ((gsize) (c->end - c->p) < n)
    {
      if (c->overrun == NULL)
        c->overrun = field;
      c->p = c->end;
      return FALSE;
    }
  return TRUE;
}

static guint8
get_u8 (Cursor     *c,
        const char *field)
{
  if (!cursor_take (c, 1, field))
    return 0;
  return *c->p++;
}

static guint16
get_u16 (Cursor     *c,
         const char *field)
{
  guint16 v;

  if (!cursor_take (c, 2, field))
    return 0;
  v = (guint16) ((c->p[0] << 8) | c->p[1]);
  c->p += 2;
  return v;
}

static guint32
get_u32 (Cursor     *c,
         const char *field)
{
  guint32 v;

  if (!cursor_take (c, 4, field))
    return 0;
  v = ((guint32) c->p[0] << 24) | ((guint32) c->p[1] << 16) | ((guint32) c->p[2] << 8) | c->p[3];
  c->p += 4;
  return v;
}

static guint64
get_u64 (Cursor     *c,
         const char *field)
{
  guint64 hi, lo;

  if ((gsize) (c->end - c->p) < 8)
    return cursor_take (c, 8, field), 0;
  hi = get_u32 (c, field);
  lo = get_u32 (c, field);
  return (hi << 32) | lo;
}

/* The rest of the payload as one string (length-prefixed strings). */
static EsBytes
get_rest (Cursor *c)
{
  EsBytes b = { (const char *) c->p, (guint32) (c->end - c->p) };

  c->p = c->end;
  return b;
}

/* A NUL-terminated string inside a variable-size payload. */
static EsBytes
get_cstr (Cursor     *c,
          const char *field)
{
  const guint8 *nul = memchr (c->p, '\0', c->end - c->p);
  EsBytes b = { (const char *) c->p, 0 };

  if (nul == NULL)
    {
      if (c->overrun == NULL)
        c->overrun = field;
      b.len = (guint32) (c->end - c->p);
      c->p = c->end;
      return b;
    }
  b.len = (guint32) (nul - c->p);
  c->p = nul + 1;
  return b;
}


static guint32
parse_decimal (EsBytes b)
{
  guint32 v = 0;

  for (guint32 i = 0; i < b.len && g_ascii_isdigit (b.data[i]); i++)
    v = v * 10 + (guint32) (b.data[i] - '0');
  return v;
}

static void
decode_variable (EsEvent *ev,
                 Cursor  *c)
{
  switch (ev->tag)
    {
    case ES_EVENT_LOG_MSG: case ES_EVENT_USER_MSG: case ES_EVENT_USER_MARKER:
    case ES_EVENT_USER_BINARY_MSG: case ES_EVENT_VERSION: case ES_EVENT_PROGRAM_INVOCATION:
      ev->u.text = get_rest (c);
      break;
    case ES_EVENT_RTS_IDENTIFIER: case ES_EVENT_PROGRAM_ARGS: case ES_EVENT_PROGRAM_ENV:
      ev->u.capset_text.capset = get_u32 (c, "capset");
      ev->u.capset_text.text = get_rest (c);
      break;
    case ES_EVENT_THREAD_LABEL:
      ev->u.thread_label.thread = get_u32 (c, "thread id");
      ev->u.thread_label.label = get_rest (c);
      break;
    case ES_EVENT_INTERN_STRING:
      if (cursor_take (c, 4, "string id"))
        {
          ev->u.intern.str.data = (const char *) c->p;
          ev->u.intern.str.len = (guint32) (c->end - c->p - 4);
          c->p += ev->u.intern.str.len;
          ev->u.intern.id = get_u32 (c, "string id");
        }
      break;
    case ES_EVENT_PERF_NAME:
      ev->u.perf.num = get_u32 (c, "perf event");
      ev->u.perf.name = get_rest (c);
      break;
    case ES_EVENT_HEAP_PROF_BEGIN:
      ev->u.heap_prof_begin.profile_id = get_u8 (c, "profile id");
      ev->u.heap_prof_begin.sampling_period = get_u64 (c, "sampling period");
      ev->u.heap_prof_begin.breakdown = get_u32 (c, "breakdown");
      for (guint i = 0; i < ES_HEAP_PROF_N_FILTERS; i++)
        ev->u.heap_prof_begin.filters[i] = get_cstr (c, "filter string");
      break;
    case ES_EVENT_HEAP_PROF_COST_CENTRE:
      ev->u.cost_centre.id = get_u32 (c, "cost centre id");
      ev->u.cost_centre.label = get_cstr (c, "label");
      ev->u.cost_centre.module = get_cstr (c, "module");
      ev->u.cost_centre.srcloc = get_cstr (c, "source location");
      ev->u.cost_centre.flags = get_u8 (c, "flags");
      break;
    case ES_EVENT_HEAP_PROF_SAMPLE_COST_CENTRE: case ES_EVENT_PROF_SAMPLE_COST_CENTRE:
      if (ev->tag == ES_EVENT_HEAP_PROF_SAMPLE_COST_CENTRE)
        ev->u.cost_centre_sample.profile_id = get_u8 (c, "profile id");
      else
        ev->u.cost_centre_sample.cap = get_u32 (c, "capability");
      ev->u.cost_centre_sample.residency_or_ticks = get_u64 (c, "residency");
      ev->u.cost_centre_sample.depth = get_u8 (c, "stack depth");
      ev->u.cost_centre_sample.stack = c->p;
      cursor_take (c, 4u * ev->u.cost_centre_sample.depth, "cost centre stack");
      c->p += MIN ((gsize) (c->end - c->p), 4u * ev->u.cost_centre_sample.depth);
      break;
    case ES_EVENT_HEAP_PROF_SAMPLE_STRING:
      ev->u.string_sample.profile_id = get_u8 (c, "profile id");
      ev->u.string_sample.residency = get_u64 (c, "residency");
      ev->u.string_sample.label = get_cstr (c, "label");
      break;
    case ES_EVENT_IPE:
      ev->u.ipe.info = get_u64 (c, "info table pointer");
      ev->u.ipe.table_name = get_cstr (c, "table name");
      ev->u.ipe.closure_desc = get_cstr (c, "closure description");
      ev->u.ipe.closure_type = parse_decimal (ev->u.ipe.closure_desc);
      ev->u.ipe.type_desc = get_cstr (c, "type description");
      ev->u.ipe.label = get_cstr (c, "label");
      ev->u.ipe.module = get_cstr (c, "module");
      ev->u.ipe.srcloc = get_cstr (c, "source location");
      break;
    case ES_EVENT_TICKY_COUNTER_DEF:
      ev->u.ticky_def.id = get_u64 (c, "counter id");
      ev->u.ticky_def.arity = get_u16 (c, "arity");
      ev->u.ticky_def.kinds = get_cstr (c, "argument kinds");
      ev->u.ticky_def.name = get_cstr (c, "name");
      /* Later GHCs appended optional fields: present iff bytes remain. */
      if (c->p < c->end)
        ev->u.ticky_def.info_table = get_u64 (c, "info table pointer");
      if (c->p < c->end)
        {
          ev->u.ticky_def.has_json = TRUE;
          ev->u.ticky_def.json = get_cstr (c, "JSON description");
        }
      break;
    default:
      break;
    }
}

/**
 * _es_event_decode_payload:
 * @event: an event whose header fields and raw payload are set
 * @layout: the layout from _es_event_layout_for()
 * @numbering: the log's stop-status numbering
 *
 * Fills @event->u from @event->payload. Unknown layouts leave the event
 * flagged unknown. Returns %FALSE, with @error naming the event's byte
 * offset, when a variable-size payload is too short for its own fields.
 */
gboolean
_es_event_decode_payload (EsEvent         *event,
                          int              layout,
                          EsStopNumbering  numbering,
                          GError         **error)
{
  Cursor c = { event->payload, event->payload + event->payload_len, NULL };

  event->unknown = layout == ES_LAYOUT_UNKNOWN;
  if (G_LIKELY (layout >= 0))
    {
      /* Each fixed decoder sets every field of its member. */
      EsFixedCursor f = { event->payload };

      _es_event_decode_fixed (event, &f, layout, numbering);
      return TRUE;
    }

  /* Variable payloads are rare: clearing the union keeps their optional
   * fields simple. */
  memset (&event->u, 0, sizeof event->u);
  if (event->unknown)
    return TRUE;
  decode_variable (event, &c);

  if (c.overrun != NULL)
    {
      g_set_error (error, ES_EVENTLOG_ERROR, ES_EVENTLOG_ERROR_MALFORMED_EVENT,
                   "byte %" G_GINT64_FORMAT ": event of type %u has a %u-byte payload "
                   "that ends inside its %s",
                   event->offset, event->tag, event->payload_len, c.overrun);
      return FALSE;
    }

  return TRUE;
}
