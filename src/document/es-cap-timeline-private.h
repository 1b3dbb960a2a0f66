/* es-cap-timeline-private.h: a capability's timeline, for its builder
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-cap-timeline.h"
#include "es-vec.h"

G_BEGIN_DECLS

/* Activities are stored in time order; every ES_CAP_PREFIX_STRIDE-th one also
 * records the total time of every kind before it (sparse prefix sums). The
 * time of a kind in any span is then a binary search plus at most
 * ES_CAP_PREFIX_STRIDE steps at each edge, whatever the zoom, for 16 + 1 bytes per
 * activity. The entries also hold their activity's start: a search for a
 * time can go through them, a sixty-fourth of the activities' memory,
 * before it reads the activities of one stride. Every 64th, not 32nd: a
 * busy log's prefix sums took 2 bytes an activity (3.3 MB of the 84 MB
 * ping-pong log's), and a frame's walks at the columns' edges (16 bytes a
 * step, in order) cost about as much either way. */
#define ES_CAP_PREFIX_STRIDE 64

/* The start of every ES_CAP_PREFIX_PAGE-th prefix entry (4 kB of them) is
 * kept apart too, so that a search reads a page of entries, not one page
 * per step. */
#define ES_CAP_PREFIX_PAGE (4096 / sizeof (EsCapPrefix))

/* Padded to a power of two, so that a page holds whole entries: entries
 * are let go of, and their memory given back, in whole pages (a fourth
 * kind, Mono's suspend at exit, made them 40 bytes and the pages ragged). */
typedef struct
{
  guint64 before[ES_N_ACTIVITY_KINDS];
  guint64 start;                  /* the start of the activity it is before */
  guint64 padding[8 - ES_N_ACTIVITY_KINDS - 1];
} EsCapPrefix;

G_STATIC_ASSERT (4096 % sizeof (EsCapPrefix) == 0);

/* The arg of an instant that does not fit its 8 bits, found by the
 * instant's time, kind and thread (an index would not survive the sort that
 * repairs a late event). */
typedef struct
{
  guint64 time;
  guint32 thread;
  guint16 kind;
  guint16 arg;
} EsWideArg;

/* A spark sample as kept: its six
 * cumulative counters (created, dud, overflowed, converted, GC'd, fizzled)
 * less its epoch's base, 24 bytes where the whole sample is 64. Its time and
 * the pool's size are the spark pool's sample of the same index. */
typedef struct
{
  guint32 counter[6];
} EsSparkCounters;

/* From spark sample @first on, each counter is its base plus the 32 bits
 * kept. A log whose counters stay under 2^32 has one epoch, of base 0; a
 * counter that would not fit, or goes back, starts another. */
typedef struct
{
  guint32 first;
  guint64 base[6];
} EsSparkEpoch;

struct _EsCapTimeline
{
  guint     cap;
  EsVec     activities;                       /* EsActivity */
  guint     n_final_activities;               /* in a snapshot, the builder's; else G_MAXUINT */
  EsVec     prefix;                           /* EsCapPrefix, one per ES_CAP_PREFIX_STRIDE activities */
  EsVec     prefix_pages;                     /* guint64: prefix[k * ES_CAP_PREFIX_PAGE].start */
  EsCapPrefix    running_total;                    /* totals of everything added so far */
  EsVec     instants[ES_N_INSTANT_KINDS];     /* per kind, by time: EsInstant or EsMark */
  GArray   *instant_epochs[ES_N_INSTANT_KINDS]; /* EsInstantEpoch of the EsInstant kinds, NULL for the others */
  guint     instants_in_order[ES_N_INSTANT_KINDS]; /* how many of the first are known to be in order */
  guint     instants_copied[ES_N_INSTANT_KINDS];   /* how many the last copy took (snapshots read no further) */
  GArray   *wide_args;                        /* EsWideArg: args of ES_INSTANT_WIDE_ARG or more */
  EsVec     sparks;                           /* EsSparkCounters; times and pool sizes in @spark_pool */
  GArray   *spark_epochs;                     /* EsSparkEpoch, by first */
  gboolean  sparks_out_of_order;              /* to be sorted as events are sealed */
  EsSeries *spark_pool;                       /* sparks remaining in the pool, and the samples' times */
  EsSeries *allocated;                        /* cumulative bytes allocated */
  guint64   activities_end;                   /* where the last activity added ends (0 before the first) */
  guint     let_go;                           /* activities let go of before the first kept (a live log's horizon) */
  guint64   first_start;                      /* with some let go of, where the first of them started */
  guint64   data_end;                         /* its last event in a cut log; G_MAXUINT64 otherwise */
  gboolean  fold_samples;                     /* for statistics only: _es_cap_timeline_fold_samples() */
  guint64   keep_samples_from;                /* of the samples up to this, only the last is kept */
  guint64   samples_from;                     /* its samples are whole from here (0: all of them) */
  gboolean  events_sealed;                    /* instants, sparks, series indexed */
  gboolean  sealed;
};

void _es_cap_timeline_add_prefix (EsCapTimeline *self,
                                  guint64        start);
void _es_cap_timeline_fold_samples (EsCapTimeline *self,
                                    guint64        keep_from);
gboolean _es_cap_timeline_replaces_last (EsCapTimeline  *self,
                                         const EsSeries *series,
                                         guint64         time);
guint          _es_cap_timeline_count_in_order (const EsCapTimeline *self,
                                                EsInstantKind        kind,
                                                guint                known);
void           _es_cap_timeline_sort_if_late (EsCapTimeline *self,
                                              EsInstantKind  kind,
                                              guint          known);
void           _es_cap_timeline_sort_instants (EsCapTimeline *self,
                                               EsInstantKind  kind,
                                               guint          from);
guint          _es_cap_timeline_lower_bound_in (const EsCapTimeline *self,
                                                EsInstantKind        kind,
                                                guint                n,
                                                guint64              time);
void           _es_cap_timeline_drop_instant_epochs (EsCapTimeline *self,
                                                     EsInstantKind  kind,
                                                     guint          n);
/* es-cap-timeline-sparks.c */
void           _es_cap_timeline_sort_spark_samples (EsCapTimeline *self);

/* Shared with the snapshots of a live log (es-cap-timeline-share.c). */
void           _es_cap_timeline_use_file (EsCapTimeline *self,
                                          EsVecFile     *file);
EsCapTimeline *_es_cap_timeline_copy (EsCapTimeline *self);
guint64        _es_cap_timeline_let_go_before (EsCapTimeline *self,
                                               guint64        time,
                                               GPtrArray     *vecs);
guint64        _es_cap_timeline_get_detail_bytes (const EsCapTimeline *self);
void           _es_cap_timeline_visit_records (EsCapTimeline *self,
                                               EsVecVisit     visit,
                                               gpointer       user_data);

static inline gsize
_es_instant_size (EsInstantKind kind)
{
  return ES_INSTANT_KIND_HAS_THREAD (kind) ? sizeof (EsInstant) : sizeof (EsMark);
}

/* The builder adds millions of activities and instants per log: these are
 * es_cap_timeline_add_activity() and _add_instant(), inlined into its
 * per-event code (a call per event costs as much as the append). */
void _es_cap_timeline_push_long_activity (EsCapTimeline    *self,
                                          const EsActivity *activity,
                                          guint64           end);

static inline void
_es_cap_timeline_push_activity (EsCapTimeline  *self,
                                EsActivityKind  kind,
                                guint64         start,
                                guint64         end,
                                guint32         thread,
                                guint           stop_status,
                                guint           flags)
{
  guint64 length;

  g_return_if_fail (!self->sealed);
  g_return_if_fail (kind < ES_N_ACTIVITY_KINDS);

  /* Keep the array ordered and disjoint even if the log is slightly out of
   * order: a late activity starts where the previous one ended (kept
   * apart: the last activity's end is a read of its bit-fields, and of the
   * next record's for a long one). */
  start = MAX (start, self->activities_end);
  start = MIN (start, ES_ACTIVITY_MAX_START);
  end = CLAMP (end, start, ES_ACTIVITY_MAX_START);
  self->activities_end = end;

  length = end - start;
  if (G_UNLIKELY (length >= ES_ACTIVITY_LONG))
    {
      EsActivity a = { .kind = kind, .stop_status = stop_status, .flags = flags,
                       .start = start, .stored_length = ES_ACTIVITY_LONG, .thread = thread };

      _es_cap_timeline_push_long_activity (self, &a, end);
      return;
    }

  if (self->activities.len % ES_CAP_PREFIX_STRIDE == 0)
    _es_cap_timeline_add_prefix (self, start);
  self->running_total.before[kind] += length;
  /* Made in place: made on the stack and copied, its two halves were
   * stored apart and loaded back as one, which the CPU cannot forward
   * (a stall of a dozen cycles, a fifth of the builder's time). */
  *ES_VEC_PUSH (&self->activities, EsActivity) = (EsActivity) {
    .kind = kind, .stop_status = stop_status, .flags = flags,
    .start = start, .stored_length = (guint32) length, .thread = thread
  };
}

void _es_cap_timeline_add_wide_arg (EsCapTimeline *self,
                                    EsInstantKind  kind,
                                    guint64        time,
                                    guint32        thread,
                                    guint16        arg);

/* Instant @index of an array, whose time's high bits are @high, starts an
 * epoch if the instant before it had others. */
static inline void
_es_instant_epochs_note (GArray  *epochs,
                         guint    index,
                         guint32  high)
{
  if (G_UNLIKELY (epochs->len == 0 || g_array_index (epochs, EsInstantEpoch, epochs->len - 1).high != high))
    {
      EsInstantEpoch epoch = { index, high };

      g_array_append_val (epochs, epoch);
    }
}

static inline void
_es_cap_timeline_push_instant (EsCapTimeline *self,
                               EsInstantKind  kind,
                               guint64        time,
                               guint32        thread,
                               guint16        arg)
{
  g_return_if_fail (!self->events_sealed);
  g_return_if_fail (kind < ES_N_INSTANT_KINDS);

  time = MIN (time, ES_INSTANT_MAX_TIME);
  if (G_UNLIKELY (arg >= ES_INSTANT_WIDE_ARG))
    _es_cap_timeline_add_wide_arg (self, kind, time, thread, arg);
  if (ES_INSTANT_KIND_HAS_THREAD (kind))
    {
      EsInstant *instant;

      _es_instant_epochs_note (self->instant_epochs[kind], self->instants[kind].len,
                               (guint32) (time >> ES_INSTANT_LOW_BITS));
      instant = ES_VEC_PUSH (&self->instants[kind], EsInstant);
      instant->time_low = (guint32) time & ES_INSTANT_LOW_MASK;
      instant->short_arg = MIN (arg, ES_INSTANT_WIDE_ARG);
      instant->thread = thread;
    }
  else
    ES_VEC_PUSH (&self->instants[kind], EsMark)->time_arg = time << 8 | MIN (arg, ES_INSTANT_WIDE_ARG);
}

G_END_DECLS
