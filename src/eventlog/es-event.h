/* es-event.h
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "es-event-tags.h"

G_BEGIN_DECLS

/* Bytes inside an event's payload: not NUL-terminated, not validated as
 * UTF-8, and only valid until the reader is asked for the next event. */
typedef struct
{
  const char *data;
  guint32     len;
} EsBytes;

#define ES_HEAP_PROF_N_FILTERS 7

/**
 * EsEvent:
 *
 * One decoded event, as the reader hands it out: a plain struct that the
 * caller copies what it needs from. Which member of @u is valid depends on
 * @tag (the comments list the tags); @unknown events (a tag the reader has
 * no layout for, or a layout that does not fit the declared size) carry only
 * their raw payload.
 */
typedef struct
{
  guint64        time;
  gint64         offset;      /* byte offset of the event in the log */
  const guint8  *payload;     /* the raw payload (after any length field) */
  guint32        payload_len;
  guint32        size;        /* bytes the event occupies in the log */
  guint16        tag;
  guint16        cap;         /* ES_CAP_NONE outside capability blocks */
  gboolean       unknown;

  union {
    /* 0 1 3 5 15 110: thread; 4 8: thread, cap (new / other cap) */
    struct { guint32 thread; guint16 cap; } thread;
    /* 2 */
    struct {
      guint32      thread;
      guint16      raw_status;
      EsStopStatus status;
      guint32      info;       /* blocking thread or stack size */
      gboolean     has_info;
    } stop;
    /* 6 39: victim cap */
    struct { guint32 thread; guint16 victim; } steal;
    /* 17 */
    struct { guint16 n_caps; } startup;
    /* 18 */
    struct { guint32 size; guint64 end_time; guint16 cap; } block;
    /* 16 19 58 181 23 24 */
    EsBytes text;
    /* 44 */
    struct { guint32 thread; EsBytes label; } thread_label;
    /* 42 */
    struct { EsBytes str; guint32 id; } intern;
    /* 25 */
    struct { guint32 capset; guint16 type; } capset_create;
    /* 26 27 28 32 33: capset and a cap or a pid */
    struct { guint32 capset; guint32 value; } capset;
    /* 29 30 31: capset and text (NUL-separated strings for 30 and 31) */
    struct { guint32 capset; EsBytes text; } capset_text;
    /* 43 */
    struct { guint32 capset; guint64 sec; guint32 nsec; } wall_clock;
    /* 34 */
    struct {
      guint64 created, dud, overflowed, converted, gcd, fizzled, remaining;
    } spark_counters;
    /* 45 46 47 48 206 */
    struct { guint16 cap; } cap;
    /* 49 50 51 91 */
    struct { guint32 capset; guint64 bytes; } heap;
    /* 52 */
    struct {
      guint32 capset;
      guint16 generations;
      guint64 max_heap_size, alloc_area_size, mblock_size, block_size;
    } heap_info;
    /* 53 */
    struct {
      guint32  capset;
      guint16  generation;
      guint64  copied, slop, frag;
      guint32  par_n_threads;
      guint64  par_max_copied, par_tot_copied, par_balanced_copied;
      gboolean has_balanced;
    } gc_stats;
    /* 90 */
    struct { guint32 capset, current, needed, returned; } mem_return;
    /* 55 56 57 */
    struct { guint64 task; guint16 cap, new_cap; guint64 kernel_tid; } task;
    /* 62 63 64 65 66 */
    struct { guint32 process, thread; guint16 machine; guint64 realtime; } eden;
    /* 67 68 69 */
    struct {
      guint8  tag;
      guint32 sender_process, sender_thread, receiver_process, receiver_inport;
      guint16 machine;             /* receiver (67) or sender (68) machine */
      guint32 size;                /* 68 */
    } message;
    /* 100-107 */
    struct { guint64 id; guint32 id2; } mercury;
    /* 140 141 142 */
    struct { guint32 num; guint64 kernel_tid, period; EsBytes name; } perf;
    /* 160 */
    struct {
      guint8  profile_id;
      guint64 sampling_period;
      guint32 breakdown;
      EsBytes filters[ES_HEAP_PROF_N_FILTERS];
    } heap_prof_begin;
    /* 161 */
    struct { guint32 id; EsBytes label, module, srcloc; guint8 flags; } cost_centre;
    /* 162 165 166 */
    struct { guint64 era, time; } heap_sample;
    /* 163 167: stack is depth big-endian u32s, see es_event_get_stack_entry() */
    struct {
      guint8        profile_id;
      guint32       cap;
      guint64       residency_or_ticks;
      guint8        depth;
      const guint8 *stack;
    } cost_centre_sample;
    /* 164 */
    struct { guint8 profile_id; guint64 residency; EsBytes label; } string_sample;
    /* 168 */
    struct { guint64 tick_interval; } prof_begin;
    /* 169 */
    struct {
      guint64 info;
      guint32 closure_type;
      EsBytes table_name, closure_desc, type_desc, label, module, srcloc;
    } ipe;
    /* 201 */
    struct { guint32 marked; } conc_mark_end;
    /* 207 */
    struct { guint32 block_size, active_segs, filled_segs, live_blocks; } census;
    /* 208 */
    struct { guint32 pruned, free; } pruned;
    /* 210 */
    struct {
      guint64  id;
      guint16  arity;
      EsBytes  kinds, name, json;
      guint64  info_table;
      gboolean has_json;
    } ticky_def;
    /* 211 */
    struct { guint64 id, entries, allocs, allocd; } ticky_sample;
  } u;
} EsEvent;

static inline guint32
es_event_get_stack_entry (const EsEvent *event,
                          guint          i)
{
  const guint8 *p = event->u.cost_centre_sample.stack + 4 * i;

  return ((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3];
}

G_END_DECLS
