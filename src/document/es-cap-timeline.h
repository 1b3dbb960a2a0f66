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
guint64              es_cap_timeline_get_instant_time (const EsCapTimeline  *self,
                                                       EsInstantKind         kind,
                                                       guint                 index);
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

ES_DEFINE_LOWER_BOUND_FROM (es_marks_lower_bound_from, EsMark, es_mark_time)

/* A cap's instants of a kind that names a thread, with their epochs, read
 * in place: es_instant_reader_time() of nearby instants one after the other
 * costs no search. */
typedef struct
{
  const EsInstant      *instants;
  guint                 n;
  const EsInstantEpoch *epochs;
  guint                 n_epochs;
  guint                 epoch;      /* of the last instant read */
} EsInstantReader;

void                 es_cap_timeline_read_instants    (const EsCapTimeline  *self,
                                                       EsInstantKind         kind,
                                                       EsInstantReader      *reader);

/* The epoch of instant @i: the last of @epochs (by first, the first at 0)
 * whose first is at or before @i. */
static inline guint
es_instant_epochs_find (const EsInstantEpoch *epochs,
                        guint                 n_epochs,
                        guint                 i)
{
  guint lo = 0, hi = n_epochs;

  while (hi - lo > 1)
    {
      guint mid = lo + (hi - lo) / 2;

      if (epochs[mid].first <= i)
        lo = mid;
      else
        hi = mid;
    }
  return lo;
}

/* The time of instant @i (< reader->n). */
static inline guint64
es_instant_reader_time (EsInstantReader *reader,
                        guint            i)
{
  const EsInstantEpoch *epochs = reader->epochs;
  guint e = reader->epoch, n = reader->n_epochs;

  if (G_UNLIKELY (epochs[e].first > i || (e + 1 < n && epochs[e + 1].first <= i)))
    {
      /* Mostly the next epoch, as a reader goes forward. */
      if (epochs[e].first <= i && (e + 2 >= n || epochs[e + 2].first > i))
        e++;
      else
        e = es_instant_epochs_find (epochs, n, i);
      reader->epoch = e;
    }
  return (guint64) epochs[e].high << ES_INSTANT_LOW_BITS | reader->instants[i].time_low;
}

/* The first of @reader's first @n instants, which are in time order, at or
 * after @time (@n if none). Their epochs' highs grow with them, so this is
 * a search of the epochs, then of one epoch's low bits. */
static inline guint
es_instant_reader_lower_bound (const EsInstantReader *reader,
                               guint                  n,
                               guint64                time)
{
  const EsInstantEpoch *epochs = reader->epochs;
  guint32 high = (guint32) MIN (time >> ES_INSTANT_LOW_BITS, G_MAXUINT32);
  guint32 low = (guint32) (time & ES_INSTANT_LOW_MASK);
  guint n_epochs, lo = 0, hi, a, b;

  if (n == 0)
    return 0;
  if (time > ES_INSTANT_MAX_TIME)
    return n;
  /* The epochs of those @n. */
  n_epochs = es_instant_epochs_find (epochs, reader->n_epochs, n - 1) + 1;
  hi = n_epochs;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (epochs[mid].high < high)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (lo == n_epochs)
    return n;
  if (epochs[lo].high > high)
    return epochs[lo].first;
  a = epochs[lo].first;
  b = lo + 1 < n_epochs ? MIN (epochs[lo + 1].first, n) : n;
  while (a < b)
    {
      guint mid = a + (b - a) / 2;

      if (reader->instants[mid].time_low < low)
        a = mid + 1;
      else
        b = mid;
    }
  return a;
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsCapTimeline, es_cap_timeline_free)

G_END_DECLS
