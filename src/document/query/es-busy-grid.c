/* es-busy-grid.c: the caps' running time before each point of a grid
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-busy-grid.h"

/* How many caps were busy in a column, zoomed out, is the difference of
 * two points of this grid over the column's width, linear in between:
 * asking each cap about each column edge instead costs O(width x caps x
 * log n), 16 ms a frame for 64 caps (es_lod_busy_caps()). Inside a step,
 * all the caps may change at once, so a column ES_BUSY_GRID_COLUMN steps
 * wide or more is off by at most 2 / ES_BUSY_GRID_COLUMN of the caps
 * (under 0.6 px of the graph).
 *
 * A finished document's grid has WHOLE_POINTS over its run (2,730 columns
 * across the whole run are wide enough), made in one pass over the
 * activities on first use. A live log's is grown from snapshot to
 * snapshot: its step stays until the run outgrows the points it has room
 * for, then doubles, so that it uses half of them to all. Its room is as
 * many points as half its activities, up to GROWN_POINTS (as many columns
 * as a finished document's): a small log's busy graph is as fast from its
 * caps, and 2^20 points take 12 MB of sums and 4 MB a grid. */
#define WHOLE_POINTS  (1u << 19)
#define GROWN_POINTS  (1u << 20)
#define FEWEST_POINTS (1u << 12)
#define CHECKPOINT    64
#define CHUNK_POINTS  1024

/* 4 kB of points, with what the sums were at its first point: a grid
 * made after a live log's next snapshot shares every chunk before the
 * first step the snapshot changed, and goes on from there. */
struct _EsBusyGridChunk
{
  gatomicrefcount ref;
  guint64         total;                                 /* at its first point */
  gint64          cover;                                 /* runs covering its first step whole */
  guint64         checkpoints[CHUNK_POINTS / CHECKPOINT];
  guint32         offsets[CHUNK_POINTS];
};

static EsBusyGridChunk *
chunk_ref (EsBusyGridChunk *chunk)
{
  g_atomic_ref_count_inc (&chunk->ref);
  return chunk;
}

static void
chunk_unref (EsBusyGridChunk *chunk)
{
  if (g_atomic_ref_count_dec (&chunk->ref))
    g_free (chunk);
}

/* The running time inside each step, before it is summed into points: the
 * ends of a run in their steps, and the steps it covers whole counted in
 * @covering as differences, so that a long run costs no more than a short
 * one. Both in mappings of their own (EsVec), given back to the system
 * when freed rather than kept in a thread's heap. */
typedef struct
{
  guint64 start;
  guint64 step;
  guint   n;                   /* steps it has room for */
  EsVec   in_step;             /* guint64 ns per step */
  EsVec   covering;            /* gint32 per step: +1 where whole steps start, -1 after they end */
  guint   changed_from;        /* the first step changed since the last grid was made */
} Sums;

static void
sums_init (Sums    *sums,
           guint64  start,
           guint64  step,
           guint    n)
{
  *sums = (Sums) { .start = start, .step = step, .n = n, .changed_from = 0 };
  while (sums->in_step.capacity < n)
    es_vec_grow (&sums->in_step, sizeof (guint64));
  /* As many as the steps, not one more: a run ends at the last step at
   * the latest, so the last step it starts whole is before it. One more
   * doubled a vector of 2^20 (4 MB, 6 MB of it in memory in huge pages). */
  while (sums->covering.capacity < n)
    es_vec_grow (&sums->covering, sizeof (gint32));
  memset (sums->in_step.data, 0, (gsize) n * sizeof (guint64));
  memset (sums->covering.data, 0, (gsize) n * sizeof (gint32));
}

static void
sums_clear (Sums *sums)
{
  es_vec_clear (&sums->in_step, sizeof (guint64));
  es_vec_clear (&sums->covering, sizeof (gint32));
}

/* Adds the running time of activities [@from, @to) of a cap, or with
 * @take_back takes it away again, exactly: the same steps get the same
 * amounts. A run past the last step is counted up to it. */
static void
sums_add (Sums             *sums,
          const EsActivity *a,
          guint             from,
          guint             to,
          gboolean          take_back)
{
  guint64 *in_step = sums->in_step.data;
  gint32 *covering = sums->covering.data;
  guint64 start = sums->start, step = sums->step, last = start + (guint64) (sums->n - 1) * step;
  gint32 one = take_back ? -1 : 1;

  for (guint i = from; i < to; i++)
    {
      guint64 s = MAX (a[i].start, start), e, head, tail;
      guint ks, ke;

      if (a[i].kind != ES_ACTIVITY_RUNNING)
        continue;
      e = MIN (es_activity_end (&a[i]), last);
      if (s >= e)
        continue;
      ks = (guint) ((s - start) / step);
      ke = (guint) ((e - start) / step);
      sums->changed_from = MIN (sums->changed_from, ks);
      if (ks == ke)
        {
          head = e - s;
          tail = 0;
        }
      else
        {
          head = start + (ks + 1) * step - s;
          tail = e - (start + ke * step);
          /* ks < ke <= n - 1 */
          covering[ks + 1] += one;
          covering[ke] -= one;
        }
      /* Unsigned: taking back wraps around to what it was. */
      in_step[ks] += take_back ? -head : head;
      in_step[ke] += take_back ? -tail : tail;
    }
}

/* Merges each @factor steps into one (a power of two): what covers them
 * whole becomes their time inside. */
static void
sums_coarsen (Sums  *sums,
              guint  factor)
{
  guint64 *in_step = sums->in_step.data;
  gint32 *covering = sums->covering.data;
  gint64 cover = 0;

  for (guint j = 0; j < sums->n / factor; j++)
    {
      guint64 sum = 0;

      for (guint k = j * factor; k < (j + 1) * factor; k++)
        {
          cover += covering[k];
          sum += in_step[k] + (guint64) cover * sums->step;
        }
      in_step[j] = sum;
    }
  memset (in_step + sums->n / factor, 0, (gsize) (sums->n - sums->n / factor) * sizeof (guint64));
  memset (covering, 0, (gsize) sums->n * sizeof (gint32));
  sums->step *= factor;
  sums->changed_from = 0;
}

/* The first @n points of the sums; the chunks of @previous (nullable), a
 * grid of the same sums before they changed, before the first step they
 * changed in are shared. */
static EsBusyGrid *
sums_to_grid (Sums             *sums,
              guint             n,
              guint             n_caps,
              const EsBusyGrid *previous)
{
  EsBusyGrid *grid = g_new0 (EsBusyGrid, 1);
  const guint64 *in_step = sums->in_step.data;
  const gint32 *covering = sums->covering.data;
  guint kept = 0;
  guint64 total = 0;
  gint64 cover = 0;

  g_assert (n > 0 && n <= sums->n);

  grid->start = sums->start;
  grid->step = sums->step;
  grid->n = n;
  grid->unit = (guint64) CHECKPOINT * MAX (n_caps, 1) * grid->step / G_MAXUINT32 + 1;
  grid->n_chunks = (n + CHUNK_POINTS - 1) / CHUNK_POINTS;
  grid->chunks = g_new0 (EsBusyGridChunk *, grid->n_chunks);
  /* A point is the sum of the steps before it: those before the first
   * step changed are as they were. The chunk it is in is made again, from
   * the sums at its first point, which it keeps. */
  if (previous != NULL && previous->start == grid->start && previous->step == grid->step &&
      previous->unit == grid->unit)
    {
      kept = MIN (MIN (sums->changed_from, n - 1), previous->n - 1) / CHUNK_POINTS;
      for (guint c = 0; c < kept; c++)
        grid->chunks[c] = chunk_ref (previous->chunks[c]);
      total = previous->chunks[kept]->total;
      cover = previous->chunks[kept]->cover;
    }
  for (guint c = kept; c < grid->n_chunks; c++)
    {
      EsBusyGridChunk *chunk = g_new (EsBusyGridChunk, 1);
      guint first = c * CHUNK_POINTS, end = MIN (first + CHUNK_POINTS, n);

      g_atomic_ref_count_init (&chunk->ref);
      chunk->total = total;
      chunk->cover = cover;
      for (guint k = first; k < end; k++)
        {
          guint i = k - first;

          cover += covering[k];
          if (i % CHECKPOINT == 0)
            chunk->checkpoints[i / CHECKPOINT] = total;
          chunk->offsets[i] = (guint32) ((total - chunk->checkpoints[i / CHECKPOINT]) / grid->unit);
          total += in_step[k] + (guint64) cover * grid->step;
        }
      grid->chunks[c] = chunk;
    }
  sums->changed_from = G_MAXUINT;
  return grid;
}

/* Points enough for a run from @start to @end: 64 bits, as a step made
 * for a short run may be far too small for a long one. */
static guint64
points_for (guint64 start,
            guint64 end,
            guint64 step)
{
  return (MAX (end, start) - start) / step + 2;
}

/**
 * es_busy_grid_new:
 * @start: the first point's time, at or before the document's start
 * @step: the time between points
 *
 * Returns: (transfer full): the grid of @document's running time, with
 *   points from @start to past its end
 */
EsBusyGrid *
es_busy_grid_new (EsDocument *document,
                  guint64     start,
                  guint64     step)
{
  guint n_caps = es_document_get_n_caps (document);
  guint64 n_points;
  Sums sums;
  EsBusyGrid *grid;

  g_return_val_if_fail (ES_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (step > 0 && start <= es_document_get_start_time (document), NULL);

  n_points = points_for (start, es_document_get_end_time (document), step);
  g_return_val_if_fail (n_points <= 2 * GROWN_POINTS, NULL);
  sums_init (&sums, start, step, (guint) n_points);
  for (guint c = 0; c < n_caps; c++)
    {
      guint n;
      const EsActivity *a = es_cap_timeline_get_activities (es_document_get_cap (document, c), &n);

      sums_add (&sums, a, 0, n, FALSE);
    }
  grid = sums_to_grid (&sums, sums.n, n_caps, NULL);
  sums_clear (&sums);
  return grid;
}

void
es_busy_grid_free (EsBusyGrid *grid)
{
  if (grid == NULL)
    return;
  for (guint c = 0; c < grid->n_chunks; c++)
    chunk_unref (grid->chunks[c]);
  g_free (grid->chunks);
  g_free (grid);
}

/* Another grid of the same points, sharing its chunks. */
static EsBusyGrid *
share_grid (const EsBusyGrid *grid)
{
  EsBusyGrid *copy = g_memdup2 (grid, sizeof *grid);

  copy->chunks = g_new (EsBusyGridChunk *, grid->n_chunks);
  for (guint c = 0; c < grid->n_chunks; c++)
    copy->chunks[c] = chunk_ref (grid->chunks[c]);
  return copy;
}

static GQuark
busy_grid_quark (void)
{
  return g_quark_from_static_string ("es-busy-grid");
}

/* The step a finished document's grid has. */
static guint64
whole_step (EsDocument *document)
{
  guint64 start = es_document_get_start_time (document), end = MAX (es_document_get_end_time (document), start);

  return (end - start) / (WHOLE_POINTS - 2) + 1;
}

static gpointer
make_whole_grid (EsDocument *document)
{
  return es_busy_grid_new (document, es_document_get_start_time (document), whole_step (document));
}

/**
 * es_busy_grid_get:
 *
 * Returns: (transfer none): @document's grid, made by whichever thread asks
 *   first, unless a live log's was given it
 */
const EsBusyGrid *
es_busy_grid_get (EsDocument *document)
{
  return es_document_get_derived (document, busy_grid_quark (), make_whole_grid,
                                  (GDestroyNotify) es_busy_grid_free);
}

/**
 * es_busy_grid_get_step:
 *
 * Returns: the step of @document's grid, known before the grid is made
 */
guint64
es_busy_grid_get_step (EsDocument *document)
{
  const EsBusyGrid *grid = es_document_peek_derived (document, busy_grid_quark ());

  return grid != NULL ? grid->step : whole_step (document);
}

guint64
es_busy_grid_point (const EsBusyGrid *grid,
                    guint             k)
{
  const EsBusyGridChunk *chunk = grid->chunks[k / CHUNK_POINTS];
  guint i = k % CHUNK_POINTS;

  return chunk->checkpoints[i / CHECKPOINT] + (guint64) chunk->offsets[i] * grid->unit;
}

/**
 * es_busy_grid_running_before:
 *
 * Returns: the caps' running time before @time, linear between points
 */
double
es_busy_grid_running_before (const EsBusyGrid *grid,
                             guint64           time)
{
  guint64 k;

  if (time <= grid->start)
    return 0;
  k = (time - grid->start) / grid->step;
  if (k + 1 >= grid->n)
    return (double) es_busy_grid_point (grid, grid->n - 1);
  {
    guint64 here = es_busy_grid_point (grid, (guint) k), next = es_busy_grid_point (grid, (guint) k + 1);

    return here + (double) (next - here) * (double) (time - grid->start - k * grid->step) / (double) grid->step;
  }
}

/* A live log's snapshots share their first activities with every later
 * one (es_cap_timeline_get_n_final_activities()): those are added to the
 * sums once, for good; the few each snapshot closed at its end are added
 * for its grid, then taken back. A snapshot then costs its new activities
 * and one pass over the points, not a pass over the whole log's
 * activities (17 ms at 100 MB). */
struct _EsBusyGridGrower
{
  gatomicrefcount ref;         /* a live log's build, and a snapshot being finished */
  gboolean    started;
  Sums        sums;
  EsBusyGrid *last;            /* (nullable): the last grid given, sharing its chunks */
  GArray     *added;           /* guint per cap: its activities in the sums for good, counting those let go of */
  GArray     *last_added;      /* EsActivity per cap: the last of them */
};

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
  sums_clear (&self->sums);
  es_busy_grid_free (self->last);
  g_array_unref (self->added);
  g_array_unref (self->last_added);
  g_free (self);
}

/* Whether @snapshot goes on from the activities in the sums: a later
 * snapshot of the same log, which starts no earlier. */
static gboolean
goes_on (EsBusyGridGrower *self,
         EsDocument       *snapshot)
{
  if (!self->started || es_document_get_start_time (snapshot) < self->sums.start ||
      es_document_get_n_caps (snapshot) < self->added->len)
    return FALSE;
  for (guint c = 0; c < self->added->len; c++)
    {
      const EsCapTimeline *tl = es_document_get_cap (snapshot, c);
      guint added = g_array_index (self->added, guint, c), let_go = es_cap_timeline_get_n_let_go (tl), n;
      const EsActivity *a = es_cap_timeline_get_activities (tl, &n);
      const EsActivity *last = &g_array_index (self->last_added, EsActivity, c);

      /* Its detail let go of past what the sums have: they start again. */
      if (added < let_go)
        return FALSE;
      added -= let_go;
      if (added > es_cap_timeline_get_n_final_activities (tl) ||
          (added > 0 && memcmp (&a[added - 1], last, sizeof (EsActivity)) != 0))
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

  while (room < GROWN_POINTS && room < n_activities / 2)
    room *= 2;
  return room;
}

/* Starts again from @snapshot's start, with room for its activities, at a
 * step leaving room for the run to double. */
static void
start_over (EsBusyGridGrower *self,
            EsDocument       *snapshot,
            guint64           n_activities)
{
  guint64 start = es_document_get_start_time (snapshot);
  guint64 end = MAX (es_document_get_end_time (snapshot), start);
  guint room = room_for (n_activities);

  sums_clear (&self->sums);
  sums_init (&self->sums, start, (end - start) / (room / 2 - 2) + 1, room);
  g_array_set_size (self->added, 0);
  g_array_set_size (self->last_added, 0);
  self->started = TRUE;
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
  guint64 end;
  guint64 n_points, n_activities;
  EsBusyGrid *grid;

  g_return_if_fail (self != NULL && ES_IS_DOCUMENT (snapshot));

  /* A single cap's busy graph is its own activities (es_lod_busy_caps()). */
  if (n_caps <= 1)
    return;
  /* Also once the log has four times the activities its room is for: at
   * most eight times in a session, each summing what came before. */
  n_activities = count_activities (snapshot);
  if (!goes_on (self, snapshot) || (self->sums.n < GROWN_POINTS && n_activities / 4 > self->sums.n))
    start_over (self, snapshot, n_activities);
  end = es_document_get_end_time (snapshot);
  n_points = points_for (self->sums.start, end, self->sums.step);
  if (n_points > self->sums.n)
    {
      guint factor = 2;

      while (factor < self->sums.n &&
             points_for (self->sums.start, end, self->sums.step * factor) > self->sums.n)
        factor *= 2;
      /* A run that grew a thousandfold at once (the first snapshots) is
       * summed again rather than merged down to a few steps. */
      if (factor >= self->sums.n / 64)
        start_over (self, snapshot, n_activities);
      else
        sums_coarsen (&self->sums, factor);
      n_points = points_for (self->sums.start, end, self->sums.step);
    }

  g_array_set_size (self->added, n_caps);
  g_array_set_size (self->last_added, n_caps);
  for (guint c = 0; c < n_caps; c++)
    {
      const EsCapTimeline *tl = es_document_get_cap (snapshot, c);
      guint *added = &g_array_index (self->added, guint, c), n;
      guint final = es_cap_timeline_get_n_final_activities (tl), let_go = es_cap_timeline_get_n_let_go (tl);
      const EsActivity *a = es_cap_timeline_get_activities (tl, &n);

      /* A cap new since the sums started has 0, however many it let go. */
      sums_add (&self->sums, a, MAX (*added, let_go) - let_go, final, FALSE);
      if (final > 0)
        g_array_index (self->last_added, EsActivity, c) = a[final - 1];
      *added = final + let_go;
      sums_add (&self->sums, a, final, n, FALSE);
    }
  grid = sums_to_grid (&self->sums, (guint) n_points, n_caps, self->last);
  es_busy_grid_free (self->last);
  self->last = share_grid (grid);
  es_document_set_derived (snapshot, busy_grid_quark (), grid, (GDestroyNotify) es_busy_grid_free);
  for (guint c = 0; c < n_caps; c++)
    {
      guint n;
      const EsActivity *a = es_cap_timeline_get_activities (es_document_get_cap (snapshot, c), &n);

      sums_add (&self->sums, a, g_array_index (self->added, guint, c) - es_cap_timeline_get_n_let_go (es_document_get_cap (snapshot, c)), n, TRUE);
    }
}
