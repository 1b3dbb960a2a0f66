/* es-cap-timeline-instants.c: a capability's instants, their epochs and
 * the searches over them
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-cap-timeline-private.h"

#include "es-search.h"

void
_es_cap_timeline_add_wide_arg (EsCapTimeline *self,
                               EsInstantKind  kind,
                               guint64        time,
                               guint32        thread,
                               guint16        arg)
{
  EsWideArg wide = { time, thread, kind, arg };

  g_array_append_val (self->wide_args, wide);
}

/* An instant with its whole time, as a sort sees it. */
typedef struct
{
  guint64   time;
  EsInstant instant;
} TimedInstant;

static int
compare_timed_instants (gconstpointer a,
                        gconstpointer b,
                        gpointer      user_data)
{
  guint64 x = ((const TimedInstant *) a)->time, y = ((const TimedInstant *) b)->time;

  return x < y ? -1 : x > y;
}

static int
compare_mark_times (gconstpointer a,
                    gconstpointer b,
                    gpointer      user_data)
{
  guint64 x = es_mark_time (a), y = es_mark_time (b);

  return x < y ? -1 : x > y;
}

/* The epochs of @kind from instant @from on are made again by what is
 * written there: those that start there or later go, and the one in
 * force at @from - 1 goes on until the high bits change. */
static void
truncate_epochs (GArray *epochs,
                 guint   from)
{
  guint keep = epochs->len;

  while (keep > 0 && g_array_index (epochs, EsInstantEpoch, keep - 1).first >= from)
    keep--;
  g_array_set_size (epochs, keep);
}

/**
 * _es_cap_timeline_sort_instants:
 * @from: the first of those to sort; the rest of @kind's instants
 *
 * The stable sort by time of @kind's instants or marks from @from on.
 */
void
_es_cap_timeline_sort_instants (EsCapTimeline *self,
                                EsInstantKind  kind,
                                guint          from)
{
  EsVec *a = &self->instants[kind];
  guint n = a->len > from ? a->len - from : 0;
  g_autofree TimedInstant *timed = NULL;
  EsInstantReader reader;
  GArray *epochs;
  EsInstant *instants;

  if (n < 2)
    return;
  if (!ES_INSTANT_KIND_HAS_THREAD (kind))
    {
      g_qsort_with_data ((EsMark *) a->data + from, n, sizeof (EsMark), compare_mark_times, NULL);
      return;
    }
  /* Sorted with their whole times, then written back with the epochs
   * their times make. */
  es_cap_timeline_read_instants (self, kind, &reader);
  timed = g_new (TimedInstant, n);
  for (guint i = 0; i < n; i++)
    timed[i] = (TimedInstant) { es_instant_reader_time (&reader, from + i), reader.instants[from + i] };
  g_qsort_with_data (timed, n, sizeof (TimedInstant), compare_timed_instants, NULL);
  epochs = self->instant_epochs[kind];
  truncate_epochs (epochs, from);
  instants = a->data;
  for (guint i = 0; i < n; i++)
    {
      _es_instant_epochs_note (epochs, from + i, (guint32) (timed[i].time >> ES_INSTANT_LOW_BITS));
      instants[from + i] = timed[i].instant;
      instants[from + i].time_low = (guint32) timed[i].time & ES_INSTANT_LOW_MASK;
    }
}

/**
 * _es_cap_timeline_drop_instant_epochs:
 * @n: how many instants of @kind were let go of, from the front
 *
 * Its epochs then count from the first kept.
 */
void
_es_cap_timeline_drop_instant_epochs (EsCapTimeline *self,
                                      EsInstantKind  kind,
                                      guint          n)
{
  GArray *epochs = self->instant_epochs[kind];
  guint e;

  if (epochs == NULL || n == 0 || epochs->len == 0)
    return;
  e = es_instant_epochs_find ((const EsInstantEpoch *) (gconstpointer) epochs->data, epochs->len, n);
  g_array_remove_range (epochs, 0, e);
  for (guint i = 0; i < epochs->len; i++)
    {
      EsInstantEpoch *epoch = &g_array_index (epochs, EsInstantEpoch, i);

      epoch->first = epoch->first > n ? epoch->first - n : 0;
    }
  /* None kept: the next instant starts an epoch. */
  if (self->instants[kind].len == 0)
    g_array_set_size (epochs, 0);
}

/* How many of @kind's first instants or marks are in time order, knowing
 * that the first @known are. */
guint
_es_cap_timeline_count_in_order (const EsCapTimeline *self,
                                 EsInstantKind        kind,
                                 guint                known)
{
  const EsVec *a = &self->instants[kind];
  guint i = MAX (known, 1);

  if (a->len == 0)
    return 0;
  if (ES_INSTANT_KIND_HAS_THREAD (kind))
    {
      EsInstantReader reader;
      guint64 last;

      es_cap_timeline_read_instants (self, kind, &reader);
      last = es_instant_reader_time (&reader, i - 1);
      while (i < a->len)
        {
          guint64 t = es_instant_reader_time (&reader, i);

          if (t < last)
            break;
          last = t;
          i++;
        }
    }
  else
    {
      const EsMark *in = a->data;

      while (i < a->len && es_mark_time (&in[i]) >= es_mark_time (&in[i - 1]))
        i++;
    }
  return i;
}

/* The stable sort of @kind's instants or marks by time, when they are out
 * of order; the first @known are. */
void
_es_cap_timeline_sort_if_late (EsCapTimeline *self,
                               EsInstantKind  kind,
                               guint          known)
{
  if (_es_cap_timeline_count_in_order (self, kind, known) >= self->instants[kind].len)
    return;
  _es_cap_timeline_sort_instants (self, kind, 0);
}

/**
 * es_cap_timeline_get_instants:
 * @kind: a kind that names a thread (ES_INSTANT_KIND_HAS_THREAD())
 *
 * Returns: the cap's instants of @kind, by time: their threads and args;
 *   their times from es_cap_timeline_get_instant_time() or an
 *   EsInstantReader
 */
const EsInstant *
es_cap_timeline_get_instants (const EsCapTimeline *self,
                              EsInstantKind        kind,
                              guint               *n_instants)
{
  *n_instants = 0;
  g_return_val_if_fail (ES_INSTANT_KIND_HAS_THREAD (kind), NULL);

  *n_instants = self->instants[kind].len;
  return self->instants[kind].data;
}

/**
 * es_cap_timeline_read_instants:
 * @kind: a kind that names a thread (ES_INSTANT_KIND_HAS_THREAD())
 * @reader: (out caller-allocates): set to read the cap's instants of @kind
 */
void
es_cap_timeline_read_instants (const EsCapTimeline *self,
                               EsInstantKind        kind,
                               EsInstantReader     *reader)
{
  static const EsInstantEpoch none = { 0, 0 };
  const GArray *epochs;

  *reader = (EsInstantReader) { NULL, 0, &none, 1, 0 };
  g_return_if_fail (ES_INSTANT_KIND_HAS_THREAD (kind));

  epochs = self->instant_epochs[kind];
  reader->instants = self->instants[kind].data;
  reader->n = self->instants[kind].len;
  if (reader->n > 0)
    {
      reader->epochs = (const EsInstantEpoch *) (gconstpointer) epochs->data;
      reader->n_epochs = epochs->len;
    }
}

/**
 * es_cap_timeline_get_instant_time:
 * @index: one of es_cap_timeline_get_instants() of @kind
 *
 * Returns: the time of the cap's instant @index of @kind
 */
guint64
es_cap_timeline_get_instant_time (const EsCapTimeline *self,
                                  EsInstantKind        kind,
                                  guint                index)
{
  EsInstantReader reader;

  es_cap_timeline_read_instants (self, kind, &reader);
  g_return_val_if_fail (index < reader.n, 0);

  return es_instant_reader_time (&reader, index);
}

/**
 * es_cap_timeline_get_marks:
 * @kind: a kind that names no thread
 *
 * Returns: the cap's instants of @kind, by time
 */
const EsMark *
es_cap_timeline_get_marks (const EsCapTimeline *self,
                           EsInstantKind        kind,
                           guint               *n_marks)
{
  *n_marks = 0;
  g_return_val_if_fail (kind < ES_N_INSTANT_KINDS && !ES_INSTANT_KIND_HAS_THREAD (kind), NULL);

  *n_marks = self->instants[kind].len;
  return self->instants[kind].data;
}

/* The first of @kind's first @n instants or marks, which are in time
 * order, at or after @time (@n if none). */
guint
_es_cap_timeline_lower_bound_in (const EsCapTimeline *self,
                                 EsInstantKind        kind,
                                 guint                n,
                                 guint64              time)
{
  if (ES_INSTANT_KIND_HAS_THREAD (kind))
    {
      EsInstantReader reader;

      es_cap_timeline_read_instants (self, kind, &reader);
      return es_instant_reader_lower_bound (&reader, MIN (n, reader.n), time);
    }
  return es_marks_lower_bound_from (self->instants[kind].data, MIN (n, self->instants[kind].len), 0, time);
}

/* The first instant of @kind at or after @time: of marks, from @from on
 * (see es_marks_lower_bound_from()); instants are searched by their
 * epochs. */
guint
es_cap_timeline_instants_lower_bound (const EsCapTimeline *self,
                                      EsInstantKind        kind,
                                      guint                from,
                                      guint64              time)
{
  const EsVec *a = &self->instants[kind];

  if (ES_INSTANT_KIND_HAS_THREAD (kind))
    return _es_cap_timeline_lower_bound_in (self, kind, a->len, time);
  return es_marks_lower_bound_from (a->data, a->len, from, time);
}

static guint16
wide_arg (const EsCapTimeline *self,
          EsInstantKind        kind,
          guint64              time,
          guint32              thread)
{
  const EsWideArg *wide = (const EsWideArg *) (gconstpointer) self->wide_args->data;
  guint i;

  /* Never more than a few at one time: the first with its kind and thread. */
  for (i = es_search_lower_bound (wide, self->wide_args->len, sizeof (EsWideArg), G_STRUCT_OFFSET (EsWideArg, time), time);
       i < self->wide_args->len && wide[i].time == time; i++)
    if (wide[i].kind == kind && wide[i].thread == thread)
      return wide[i].arg;
  g_return_val_if_reached (ES_INSTANT_WIDE_ARG);
}

/**
 * es_cap_timeline_get_arg:
 * @instant: one of es_cap_timeline_get_instants() of @kind
 *
 * Returns: the other cap of a THREAD_MIGRATED (where the thread went) or
 *   THREAD_WOKEN (where it was woken), or 0
 */
guint16
es_cap_timeline_get_arg (const EsCapTimeline *self,
                         EsInstantKind        kind,
                         const EsInstant     *instant)
{
  if (G_LIKELY (instant->short_arg != ES_INSTANT_WIDE_ARG))
    return instant->short_arg;
  return wide_arg (self, kind,
                   es_cap_timeline_get_instant_time (self, kind, (guint) (instant - (const EsInstant *) self->instants[kind].data)),
                   instant->thread);
}

/**
 * es_cap_timeline_get_mark_arg:
 * @mark: one of es_cap_timeline_get_marks() of @kind
 *
 * Returns: the victim cap of a SPARK_STOLEN, or 0
 */
guint16
es_cap_timeline_get_mark_arg (const EsCapTimeline *self,
                              EsInstantKind        kind,
                              const EsMark        *mark)
{
  guint8 arg = mark->time_arg & 0xFF;

  if (G_LIKELY (arg != ES_INSTANT_WIDE_ARG))
    return arg;
  return wide_arg (self, kind, es_mark_time (mark), 0);
}

/* Instants of @kind with t0 <= time < t1. */
guint
es_cap_timeline_count_instants (const EsCapTimeline *self,
                                EsInstantKind        kind,
                                guint64              t0,
                                guint64              t1)
{
  g_return_val_if_fail (kind < ES_N_INSTANT_KINDS, 0);

  if (t1 <= t0)
    return 0;
  return es_cap_timeline_instants_lower_bound (self, kind, 0, t1) -
         es_cap_timeline_instants_lower_bound (self, kind, 0, t0);
}

const EsSeries *
es_cap_timeline_get_allocated (const EsCapTimeline *self)
{
  return self->allocated;
}
