/* es-busy-grid-grower.c: a live log's busy grid, grown from snapshot to snapshot
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-busy-grid-private.h"

/* A live log's snapshots share their first activities with every later
 * one (es_cap_timeline_get_n_final_activities()): those are added to the
 * sums once, for good; the few each snapshot closed at its end are added
 * for its grid, then taken back. A snapshot then costs its new activities
 * and the points since the first step they changed, not a pass over the
 * whole log's activities (17 ms at 100 MB).
 *
 * Its step stays until the run outgrows the points it has room for; it is
 * then summed again from all its activities at a step for twice the run,
 * so that it uses half of its points to all. Its room is as many points as
 * half its activities, up to ES_BUSY_GRID_GROWN_POINTS (as many columns as
 * a finished document's grid, half used): a small log's busy graph is as
 * fast from its caps, and 2^20 points take 4 MB a grid.
 *
 * The sums are kept only from the step of each cap's last activity added
 * for good, the earliest of them, on: no activity to come starts before
 * that, and the points before are made for good (settled). Sums for the
 * whole room would take 12 bytes a point, 12 MB. A cap whose first
 * activities come later and start before the settled points starts the
 * grid over. So does a cap idle since early on, or with a run open since,
 * hold the sums back to there: correct, only larger.
 *
 * Activities let go of past the memory limit stay in the points while the
 * step stays; summed again, the grid has only those kept, as a grid made
 * whole would (the busy graph before the detail kept is hatched). */
struct _EsBusyGridGrower
{
  gatomicrefcount ref;         /* a live log's build, and a snapshot being finished */
  gboolean    started;
  guint       room;            /* points, before the step must grow */
  guint64     unit;            /* the grids' */
  EsBusySums  sums;            /* of the steps from the settled points on */
  guint64     settled_total;   /* the running time before sums.first */
  EsBusyGrid *last;            /* the last grid given (or the settled points only), sharing its chunks */
  GArray     *added;           /* guint per cap: its activities in the sums for good, counting those let go of */
  GArray     *last_added;      /* EsActivity per cap: the last of them */
};

#define FEWEST_POINTS (1u << 12)

EsBusyGridGrower *
es_busy_grid_grower_new (void)
{
  EsBusyGridGrower *self = g_new0 (EsBusyGridGrower, 1);

  g_atomic_ref_count_init (&self->ref);
  self->added = g_array_new (FALSE, TRUE, sizeof (guint));
  self->last_added = g_array_new (FALSE, TRUE, sizeof (EsActivity));
  return self;
}

EsBusyGridGrower *
es_busy_grid_grower_ref (EsBusyGridGrower *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref);
  return self;
}

void
es_busy_grid_grower_unref (EsBusyGridGrower *self)
{
  if (self == NULL || !g_atomic_ref_count_dec (&self->ref))
    return;
  _es_busy_sums_clear (&self->sums);
  es_busy_grid_free (self->last);
  g_array_unref (self->added);
  g_array_unref (self->last_added);
  g_free (self);
}

/**
 * es_busy_grid_grower_get_n_summed:
 *
 * Returns: how many steps the grower keeps sums for (the rest of its
 *   points are made for good), for tests and benchmarks
 */
guint
es_busy_grid_grower_get_n_summed (EsBusyGridGrower *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->sums.n;
}

/* The index in @tl's activities of its first not added for good. */
static guint
first_not_added (EsBusyGridGrower    *self,
                 const EsCapTimeline *tl,
                 guint                cap)
{
  guint added = cap < self->added->len ? g_array_index (self->added, guint, cap) : 0;
  guint let_go = es_cap_timeline_get_n_let_go (tl);

  /* A cap new since the sums started has 0, however many it let go. */
  return MAX (added, let_go) - let_go;
}

/* Whether @snapshot goes on from the activities in the sums: a later
 * snapshot of the same log, which starts no earlier, none of whose
 * activities still to add starts before the steps summed. */
static gboolean
goes_on (EsBusyGridGrower *self,
         EsDocument       *snapshot)
{
  guint64 summed_from = _es_busy_sums_step_time (&self->sums, self->sums.first);

  if (!self->started || es_document_get_start_time (snapshot) < self->sums.start ||
      es_document_get_n_caps (snapshot) < self->added->len)
    return FALSE;
  for (guint c = 0; c < es_document_get_n_caps (snapshot); c++)
    {
      const EsCapTimeline *tl = es_document_get_cap (snapshot, c);
      guint n, next;
      const EsActivity *a = es_cap_timeline_get_activities (tl, &n);

      if (c < self->added->len)
        {
          guint added = g_array_index (self->added, guint, c), let_go = es_cap_timeline_get_n_let_go (tl);
          const EsActivity *last = &g_array_index (self->last_added, EsActivity, c);

          /* Its detail let go of past what the sums have: they start again. */
          if (added < let_go)
            return FALSE;
          added -= let_go;
          if (added > es_cap_timeline_get_n_final_activities (tl) ||
              (added > 0 && memcmp (&a[added - 1], last, sizeof (EsActivity)) != 0))
            return FALSE;
        }
      next = first_not_added (self, tl, c);
      if (next < n && a[next].start < summed_from)
        return FALSE;
    }
  return TRUE;
}

static guint64
count_activities (EsDocument *snapshot)
{
  guint64 total = 0;

  for (guint c = 0; c < es_document_get_n_caps (snapshot); c++)
    {
      guint n;

      es_cap_timeline_get_activities (es_document_get_cap (snapshot, c), &n);
      total += n;
    }
  return total;
}

/* The points a grid of @n_activities has room for. */
static guint
room_for (guint64 n_activities)
{
  guint room = FEWEST_POINTS;

  while (room < ES_BUSY_GRID_GROWN_POINTS && room < n_activities / 2)
    room *= 2;
  return room;
}

/* The first point that activities to come may change (a chunk's first,
 * before @n_points): that of the step where each cap's last activity
 * added for good starts, or its first not added yet, whichever cap's is
 * earliest. */
static guint
settled_before (EsBusyGridGrower *self,
                EsDocument       *snapshot,
                guint64           n_points)
{
  guint64 earliest = G_MAXUINT64;
  guint point;

  for (guint c = 0; c < es_document_get_n_caps (snapshot); c++)
    {
      const EsCapTimeline *tl = es_document_get_cap (snapshot, c);
      guint n, next = first_not_added (self, tl, c);
      const EsActivity *a = es_cap_timeline_get_activities (tl, &n);

      if (next > 0)
        earliest = MIN (earliest, a[next - 1].start);
      else if (n > 0)
        earliest = MIN (earliest, a[0].start);
    }
  point = (guint) MIN ((MAX (earliest, self->sums.start) - self->sums.start) / self->sums.step, n_points - 1);
  return point / ES_BUSY_CHUNK_POINTS * ES_BUSY_CHUNK_POINTS;
}

/* Starts again from @snapshot's start, with room for its activities, at a
 * step leaving room for the run to double: sums its activities final so
 * far into the settled points and the sums after them. */
static void
start_over (EsBusyGridGrower *self,
            EsDocument       *snapshot,
            guint64           n_activities)
{
  guint n_caps = es_document_get_n_caps (snapshot);
  guint64 start = es_document_get_start_time (snapshot);
  guint64 end = MAX (es_document_get_end_time (snapshot), start);
  g_autofree guint *cursors = g_new0 (guint, MAX (n_caps, 1));
  g_autofree guint *ends = g_new0 (guint, MAX (n_caps, 1));
  guint64 step, n_points;
  guint first;
  EsBusyGrid *settled;

  self->room = room_for (n_activities);
  step = (end - start) / (self->room / 2 - 2) + 1;
  n_points = _es_busy_grid_points_for (start, end, step);
  self->unit = _es_busy_grid_unit (step, n_caps);
  g_array_set_size (self->added, 0);
  g_array_set_size (self->last_added, 0);
  _es_busy_sums_reset (&self->sums, start, step, 0, 0);
  self->started = TRUE;

  /* Every cap's final activities go in for good. */
  g_array_set_size (self->added, n_caps);
  g_array_set_size (self->last_added, n_caps);
  for (guint c = 0; c < n_caps; c++)
    {
      const EsCapTimeline *tl = es_document_get_cap (snapshot, c);
      guint n, final = es_cap_timeline_get_n_final_activities (tl);
      const EsActivity *a = es_cap_timeline_get_activities (tl, &n);

      ends[c] = final;
      g_array_index (self->added, guint, c) = final + es_cap_timeline_get_n_let_go (tl);
      if (final > 0)
        g_array_index (self->last_added, EsActivity, c) = a[final - 1];
    }
  first = settled_before (self, snapshot, n_points);
  settled = _es_busy_grid_alloc (start, step, first, n_caps);
  self->settled_total = 0;
  _es_busy_grid_sum_caps (settled, snapshot, cursors, ends, first, &self->settled_total);
  _es_busy_sums_reset (&self->sums, start, step, first, (guint) n_points - first);
  _es_busy_sums_add_caps (&self->sums, snapshot, cursors, ends);
  es_busy_grid_free (self->last);
  self->last = settled;
}

/* The grid of the sums' points up to @n_points: the settled ones and
 * those before the first step changed are the last grid's. */
static EsBusyGrid *
make_grid (EsBusyGridGrower *self,
           guint             n_points,
           guint             n_caps)
{
  EsBusySums *sums = &self->sums;
  const EsBusyGrid *previous = self->last;
  EsBusyGrid *grid = _es_busy_grid_alloc (sums->start, sums->step, n_points, n_caps);
  guint settled = sums->first / ES_BUSY_CHUNK_POINTS, kept = settled;
  guint64 total = self->settled_total;
  gint64 cover = sums->cover_in;

  g_assert (previous->n_chunks >= settled && previous->unit == grid->unit);

  for (guint c = 0; c < settled; c++)
    grid->chunks[c] = _es_busy_chunk_ref (previous->chunks[c]);
  if (previous->start == grid->start && previous->step == grid->step && previous->n > 0)
    {
      guint share_to = MIN (MIN (sums->changed_from, n_points - 1), previous->n - 1) / ES_BUSY_CHUNK_POINTS;

      if (share_to > settled)
        {
          for (guint c = settled; c < share_to; c++)
            grid->chunks[c] = _es_busy_chunk_ref (previous->chunks[c]);
          total = previous->chunks[share_to]->total;
          cover = previous->chunks[share_to]->cover;
          kept = share_to;
        }
    }
  _es_busy_grid_write_chunks (grid, sums, kept, n_points, &total, &cover);
  sums->changed_from = G_MAXUINT;
  return grid;
}

/**
 * es_busy_grid_grower_give:
 * @snapshot: the latest snapshot of a live log (es_document_builder_snapshot())
 *
 * Gives @snapshot its grid, grown from the snapshots before it: the
 * activities they had in common with it are not read again. A snapshot
 * of another log, or one starting earlier, starts the grid over.
 */
void
es_busy_grid_grower_give (EsBusyGridGrower *self,
                          EsDocument       *snapshot)
{
  guint n_caps = es_document_get_n_caps (snapshot);
  guint64 n_points, n_activities;
  EsBusyGrid *grid;
  guint settled;

  g_return_if_fail (self != NULL && ES_IS_DOCUMENT (snapshot));

  /* A single cap's busy graph is its own activities (es_lod_busy_caps()). */
  if (n_caps <= 1)
    return;
  /* Also once the log has four times the activities its room is for: at
   * most eight times in a session, each summing what came before; and
   * when the run outgrows the room, or a new cap changes the points' unit,
   * or it ends before the points made for good (not a later snapshot). */
  n_activities = count_activities (snapshot);
  /* 0 if it does not go on (before the first, there is no step to count by). */
  n_points = goes_on (self, snapshot)
             ? _es_busy_grid_points_for (self->sums.start, es_document_get_end_time (snapshot), self->sums.step) : 0;
  if (n_points == 0 || (self->room < ES_BUSY_GRID_GROWN_POINTS && n_activities / 4 > self->room) ||
      _es_busy_grid_unit (self->sums.step, n_caps) != self->unit || n_points > self->room || n_points <= self->sums.first)
    {
      start_over (self, snapshot, n_activities);
      n_points = _es_busy_grid_points_for (self->sums.start, es_document_get_end_time (snapshot), self->sums.step);
    }
  _es_busy_sums_extend (&self->sums, (guint) n_points);

  g_array_set_size (self->added, n_caps);
  g_array_set_size (self->last_added, n_caps);
  for (guint c = 0; c < n_caps; c++)
    {
      const EsCapTimeline *tl = es_document_get_cap (snapshot, c);
      guint n, final = es_cap_timeline_get_n_final_activities (tl), let_go = es_cap_timeline_get_n_let_go (tl);
      const EsActivity *a = es_cap_timeline_get_activities (tl, &n);

      _es_busy_sums_add (&self->sums, a, first_not_added (self, tl, c), final, FALSE);
      if (final > 0)
        g_array_index (self->last_added, EsActivity, c) = a[final - 1];
      g_array_index (self->added, guint, c) = final + let_go;
      _es_busy_sums_add (&self->sums, a, final, n, FALSE);
    }
  grid = make_grid (self, (guint) n_points, n_caps);
  es_busy_grid_free (self->last);
  self->last = _es_busy_grid_share (grid);
  es_document_set_derived (snapshot, _es_busy_grid_quark (), grid, (GDestroyNotify) es_busy_grid_free);
  for (guint c = 0; c < n_caps; c++)
    {
      guint n, final = es_cap_timeline_get_n_final_activities (es_document_get_cap (snapshot, c));
      const EsActivity *a = es_cap_timeline_get_activities (es_document_get_cap (snapshot, c), &n);

      _es_busy_sums_add (&self->sums, a, final, n, TRUE);
    }

  /* The points before every cap's last final activity are made for good. */
  settled = settled_before (self, snapshot, n_points);
  if (settled > self->sums.first)
    {
      const EsBusyGridChunk *chunk = self->last->chunks[settled / ES_BUSY_CHUNK_POINTS];

      self->settled_total = chunk->total;
      _es_busy_sums_drop_before (&self->sums, settled, chunk->cover);
    }
}
