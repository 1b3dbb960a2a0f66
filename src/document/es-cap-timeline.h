/* es-cap-timeline.h: what one capability did, and queries over any span
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document-types.h"
#include "es-series.h"

G_BEGIN_DECLS

typedef struct _EsCapTimeline EsCapTimeline;

/* A walk forward in time through a cap's activities, for
 * es_cap_timeline_cumulative_walk(): the time of each kind before
 * activity @index. Start it zeroed. */
typedef struct
{
  guint   index;
  guint64 before[ES_N_ACTIVITY_KINDS];
} EsCapCursor;

EsCapTimeline       *es_cap_timeline_new              (guint                 cap);
void                 es_cap_timeline_free             (EsCapTimeline        *self);

/* Building (one thread at a time; activities in time order). */
void                 es_cap_timeline_add_spark_sample (EsCapTimeline        *self,
                                                       const EsSparkSample  *sample);
void                 es_cap_timeline_add_allocated    (EsCapTimeline        *self,
                                                       guint64               time,
                                                       guint64               bytes);
void                 es_cap_timeline_seal_events      (EsCapTimeline        *self);
void                 es_cap_timeline_seal             (EsCapTimeline        *self);

/* Reading (any thread, once sealed). */
guint                es_cap_timeline_get_cap          (const EsCapTimeline  *self);
guint                es_cap_timeline_get_n_final_activities (const EsCapTimeline *self);
guint                es_cap_timeline_get_n_let_go     (const EsCapTimeline  *self);
void                 es_cap_timeline_set_data_end     (EsCapTimeline        *self,
                                                       guint64               time);
guint64              es_cap_timeline_get_samples_from (const EsCapTimeline  *self);
guint64              es_cap_timeline_get_data_end     (const EsCapTimeline  *self);
const EsActivity    *es_cap_timeline_get_activities   (const EsCapTimeline  *self,
                                                       guint                *n_activities);
guint                es_cap_timeline_find_activity    (const EsCapTimeline  *self,
                                                       guint64               time);
guint                es_cap_timeline_whole_activity   (const EsCapTimeline  *self,
                                                       guint                 index,
                                                       guint64              *start,
                                                       guint64              *end);
guint                es_cap_timeline_cumulative       (const EsCapTimeline  *self,
                                                       guint64               time,
                                                       guint                 hint,
                                                       guint64              *totals);
guint                es_cap_timeline_cumulative_walk  (const EsCapTimeline  *self,
                                                       EsCapCursor          *cursor,
                                                       guint64               time,
                                                       guint64              *totals);
guint64              es_cap_timeline_time_in          (const EsCapTimeline  *self,
                                                       EsActivityKind        kind,
                                                       guint64               t0,
                                                       guint64               t1);
const EsInstant     *es_cap_timeline_get_instants     (const EsCapTimeline  *self,
                                                       EsInstantKind         kind,
                                                       guint                *n_instants);
guint16              es_cap_timeline_get_arg          (const EsCapTimeline  *self,
                                                       EsInstantKind         kind,
                                                       const EsInstant      *instant);
const EsMark        *es_cap_timeline_get_marks        (const EsCapTimeline  *self,
                                                       EsInstantKind         kind,
                                                       guint                *n_marks);
guint16              es_cap_timeline_get_mark_arg     (const EsCapTimeline  *self,
                                                       EsInstantKind         kind,
                                                       const EsMark         *mark);
guint                es_cap_timeline_instants_lower_bound (const EsCapTimeline *self,
                                                       EsInstantKind         kind,
                                                       guint                 from,
                                                       guint64               time);
guint                es_cap_timeline_count_instants   (const EsCapTimeline  *self,
                                                       EsInstantKind         kind,
                                                       guint64               t0,
                                                       guint64               t1);
guint                es_cap_timeline_get_n_spark_samples (const EsCapTimeline *self);
void                 es_cap_timeline_get_spark_sample (const EsCapTimeline  *self,
                                                       guint                 index,
                                                       EsSparkSample        *sample);
gboolean             es_cap_timeline_sparks_at        (const EsCapTimeline  *self,
                                                       guint64               time,
                                                       EsSparkSample        *sparks);
const EsSeries      *es_cap_timeline_get_allocated    (const EsCapTimeline  *self);
const EsSeries      *es_cap_timeline_get_spark_pool   (const EsCapTimeline  *self);

/* The first of @items (n of them, @Type in time order, read by @time_of)
 * at or after @time (n if none), searched for from @from on, which only
 * items before @time may precede: by doubling steps then halving, so that
 * a step over k items costs O(log k), as a frame's columns take them. One
 * body for instants and marks, inline in each for the painter's loops. */
#define ES_DEFINE_LOWER_BOUND_FROM(name, Type, time_of)                      \
  static inline guint                                                        \
  name (const Type *items,                                                   \
        guint       n,                                                       \
        guint       from,                                                    \
        guint64     time)                                                    \
  {                                                                          \
    guint lo = from, step = 1, hi;                                           \
                                                                             \
    if (lo > n || (lo > 0 && time_of (&items[lo - 1]) >= time))              \
      lo = 0;                                                                \
    while (lo + step <= n && time_of (&items[lo + step - 1]) < time)         \
      {                                                                      \
        lo += step;                                                          \
        step *= 2;                                                           \
      }                                                                      \
    hi = MIN ((gsize) lo + step - 1, n);                                     \
    while (lo < hi)                                                          \
      {                                                                      \
        guint mid = lo + (hi - lo) / 2;                                      \
                                                                             \
        if (time_of (&items[mid]) < time)                                    \
          lo = mid + 1;                                                      \
        else                                                                 \
          hi = mid;                                                          \
      }                                                                      \
    return lo;                                                               \
  }

ES_DEFINE_LOWER_BOUND_FROM (es_instants_lower_bound_from, EsInstant, es_instant_time)
ES_DEFINE_LOWER_BOUND_FROM (es_marks_lower_bound_from, EsMark, es_mark_time)

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsCapTimeline, es_cap_timeline_free)

G_END_DECLS
