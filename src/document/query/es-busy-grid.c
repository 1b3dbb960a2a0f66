/* es-busy-grid.c: the caps' running time before each point of a grid
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-busy-grid-private.h"

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
 * activities on first use, a window of steps at a time. A live log's is
 * grown from snapshot to snapshot (es-busy-grid-grower.c). */
#define WHOLE_POINTS  (1u << 19)
#define CHUNK_POINTS  ES_BUSY_CHUNK_POINTS
#define CHECKPOINT    ES_BUSY_CHECKPOINT

/* Steps summed at once: the sums of a whole run would take 12 bytes a
 * point (6 MB for a finished document's, 12 MB for a live log's). */
#define WINDOW_POINTS (64 * CHUNK_POINTS)

EsBusyGridChunk *
_es_busy_chunk_ref (EsBusyGridChunk *chunk)
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

/* Empty sums for steps [@first, @first + @n), keeping their memory. */
void
_es_busy_sums_reset (EsBusySums *sums,
                     guint64     start,
                     guint64     step,
                     guint       first,
                     guint       n)
{
  sums->start = start;
  sums->step = step;
  sums->first = first;
  sums->n = 0;
  sums->cover_in = 0;
  sums->changed_from = G_MAXUINT;
  _es_busy_sums_extend (sums, first + n);
}

void
_es_busy_sums_clear (EsBusySums *sums)
{
  es_vec_clear (&sums->in_step, sizeof (guint64));
  es_vec_clear (&sums->covering, sizeof (gint32));
  sums->n = 0;
}

/* Makes room for the steps up to @end, empty. */
void
_es_busy_sums_extend (EsBusySums *sums,
                      guint       end)
{
  guint n = end - sums->first, old = sums->n;

  if (end <= sums->first + old)
    return;
  while (sums->in_step.capacity < n)
    es_vec_grow (&sums->in_step, sizeof (guint64));
  while (sums->covering.capacity < n)
    es_vec_grow (&sums->covering, sizeof (gint32));
  memset ((guint64 *) sums->in_step.data + old, 0, (gsize) (n - old) * sizeof (guint64));
  memset ((gint32 *) sums->covering.data + old, 0, (gsize) (n - old) * sizeof (gint32));
  sums->in_step.len = sums->covering.len = sums->n = n;
}

/* Lets go of the steps before @first, whose points are made for good;
 * @cover_in is the runs covering @first whole, counted before it. */
void
_es_busy_sums_drop_before (EsBusySums *sums,
                           guint       first,
                           gint64      cover_in)
{
  guint drop;

  g_return_if_fail (first >= sums->first);

  drop = MIN (first - sums->first, sums->n);

  memmove (sums->in_step.data, (guint64 *) sums->in_step.data + drop, (gsize) (sums->n - drop) * sizeof (guint64));
  memmove (sums->covering.data, (gint32 *) sums->covering.data + drop, (gsize) (sums->n - drop) * sizeof (gint32));
  sums->n -= drop;
  sums->in_step.len = sums->covering.len = sums->n;
  sums->first = first;
  sums->cover_in = cover_in;
  /* Once a grid started over from early on has caught up (not at each
   * snapshot, which drops a chunk or two: giving pages back costs). */
  if (drop >= WINDOW_POINTS)
    {
      es_vec_release_spare (&sums->in_step, sizeof (guint64));
      es_vec_release_spare (&sums->covering, sizeof (gint32));
    }
}

/* When step @k starts: past the end of time (a corrupt timestamp near
 * it), the end of time. */
guint64
_es_busy_sums_step_time (const EsBusySums *sums,
                         guint             k)
{
  guint64 offset;

  if (!g_uint64_checked_mul (&offset, k, sums->step) || !g_uint64_checked_add (&offset, offset, sums->start))
    return G_MAXUINT64;
  return offset;
}

/* Adds the running time of activities [@from, @to) of a cap inside the
 * sums' steps, or with @take_back takes it away again, exactly: the same
 * steps get the same amounts. Returns the first of them that goes on past
 * the last step, or @to. */
guint
_es_busy_sums_add (EsBusySums       *sums,
                   const EsActivity *a,
                   guint             from,
                   guint             to,
                   gboolean          take_back)
{
  guint64 *in_step = sums->in_step.data;
  gint32 *covering = sums->covering.data;
  guint64 start = sums->start, step = sums->step;
  guint64 lo = _es_busy_sums_step_time (sums, sums->first), hi = _es_busy_sums_step_time (sums, sums->first + sums->n);
  gint32 one = take_back ? -1 : 1;
  guint goes_on = to;

  for (guint i = from; i < to; i++)
    {
      guint64 s = MAX (a[i].start, lo), end = es_activity_end (&a[i]), e, head, tail;
      guint ks, ke;

      if (end > hi && goes_on == to)
        goes_on = i;
      if (a[i].kind != ES_ACTIVITY_RUNNING)
        continue;
      e = MIN (end, hi);
      if (s >= e)
        continue;
      /* The steps of its first and last nanosecond. */
      ks = (guint) ((s - start) / step);
      ke = (guint) ((e - 1 - start) / step);
      sums->changed_from = MIN (sums->changed_from, ks);
      ks -= sums->first;
      ke -= sums->first;
      if (ks == ke)
        {
          head = e - s;
          tail = 0;
        }
      else
        {
          head = lo + (ks + 1) * step - s;
          tail = e - (lo + ke * step);
          covering[ks + 1] += one;
          covering[ke] -= one;
        }
      /* Unsigned: taking back wraps around to what it was. */
      in_step[ks] += take_back ? -head : head;
      in_step[ke] += take_back ? -tail : tail;
    }
  return goes_on;
}

/* Adds the activities of each cap c from @cursors[c] to @ends[c] that
 * start before the sums' last step ends, and moves @cursors[c] to the
 * first of them that goes on past it, or past them all: the next steps
 * start from there. Each is added only for its time inside the steps, so
 * one seen again there (after an earlier one that went on) adds nothing
 * twice. */
void
_es_busy_sums_add_caps (EsBusySums  *sums,
                        EsDocument  *document,
                        guint       *cursors,
                        const guint *ends)
{
  guint64 hi = _es_busy_sums_step_time (sums, sums->first + sums->n);

  for (guint c = 0; c < es_document_get_n_caps (document); c++)
    {
      guint n, i = cursors[c];
      const EsActivity *a = es_cap_timeline_get_activities (es_document_get_cap (document, c), &n);

      /* In start order: those that start before its end. */
      while (i < ends[c] && a[i].start < hi)
        i++;
      cursors[c] = _es_busy_sums_add (sums, a, cursors[c], i, FALSE);
    }
}

/* Each point holds 32 bits over its checkpoint, in units this large. */
guint64
_es_busy_grid_unit (guint64 step,
                    guint   n_caps)
{
  guint64 per_step = (guint64) CHECKPOINT * MAX (n_caps, 1), most;

  /* Steps of days (a corrupt timestamp near the end of time): the same
   * bound, divided first. */
  if (!g_uint64_checked_mul (&most, per_step, step))
    return step / (G_MAXUINT32 / per_step) + 1;
  return most / G_MAXUINT32 + 1;
}

/* A grid of @n points, its chunks not made yet. */
EsBusyGrid *
_es_busy_grid_alloc (guint64 start,
                     guint64 step,
                     guint   n,
                     guint   n_caps)
{
  EsBusyGrid *grid = g_new0 (EsBusyGrid, 1);

  grid->start = start;
  grid->step = step;
  grid->n = n;
  grid->unit = _es_busy_grid_unit (step, n_caps);
  grid->n_chunks = (n + CHUNK_POINTS - 1) / CHUNK_POINTS;
  grid->chunks = g_new0 (EsBusyGridChunk *, grid->n_chunks);
  return grid;
}

/* Makes the chunks of @grid from @first_chunk up to the one of point
 * @end_point - 1 from @sums, which hold their steps; @total and @cover
 * are the sums' at the first chunk's first point, and become those at
 * @end_point. */
void
_es_busy_grid_write_chunks (EsBusyGrid       *grid,
                            const EsBusySums *sums,
                            guint             first_chunk,
                            guint             end_point,
                            guint64          *total,
                            gint64           *cover)
{
  const guint64 *in_step = sums->in_step.data;
  const gint32 *covering = sums->covering.data;

  g_assert (first_chunk * CHUNK_POINTS >= sums->first && end_point <= sums->first + sums->n);
  g_assert (end_point <= grid->n);

  for (guint c = first_chunk; c * CHUNK_POINTS < end_point; c++)
    {
      EsBusyGridChunk *chunk = g_new (EsBusyGridChunk, 1);
      guint first = c * CHUNK_POINTS, end = MIN (first + CHUNK_POINTS, end_point);

      g_atomic_ref_count_init (&chunk->ref);
      chunk->total = *total;
      chunk->cover = *cover;
      for (guint k = first; k < end; k++)
        {
          guint i = k - first;

          *cover += covering[k - sums->first];
          if (i % CHECKPOINT == 0)
            chunk->checkpoints[i / CHECKPOINT] = *total;
          chunk->offsets[i] = (guint32) ((*total - chunk->checkpoints[i / CHECKPOINT]) / grid->unit);
          *total += in_step[k - sums->first] + (guint64) *cover * grid->step;
        }
      grid->chunks[c] = chunk;
    }
}

/* Makes the chunks of @grid up to point @end_point (a multiple of the
 * chunks' size, or the grid's last) from each cap's activities
 * [@cursors[c], @ends[c]), a window of steps at a time; @total goes from
 * the running time before the first point to that before @end_point. */
void
_es_busy_grid_sum_caps (EsBusyGrid  *grid,
                        EsDocument  *document,
                        guint       *cursors,
                        const guint *ends,
                        guint        end_point,
                        guint64     *total)
{
  EsBusySums sums = { 0 };

  for (guint first = 0; first < end_point; first += WINDOW_POINTS)
    {
      gint64 cover = 0;

      _es_busy_sums_reset (&sums, grid->start, grid->step, first, MIN (WINDOW_POINTS, end_point - first));
      _es_busy_sums_add_caps (&sums, document, cursors, ends);
      _es_busy_grid_write_chunks (grid, &sums, first / CHUNK_POINTS, first + sums.n, total, &cover);
    }
  _es_busy_sums_clear (&sums);
}

/* Points enough for a run from @start to @end: 64 bits, as a step made
 * for a short run may be far too small for a long one. */
guint64
_es_busy_grid_points_for (guint64 start,
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
  g_autofree guint *cursors = g_new0 (guint, MAX (n_caps, 1));
  g_autofree guint *ends = g_new0 (guint, MAX (n_caps, 1));
  guint64 n_points, total = 0;
  EsBusyGrid *grid;

  g_return_val_if_fail (ES_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (step > 0 && start <= es_document_get_start_time (document), NULL);

  n_points = _es_busy_grid_points_for (start, es_document_get_end_time (document), step);
  g_return_val_if_fail (n_points <= 2 * ES_BUSY_GRID_GROWN_POINTS, NULL);
  for (guint c = 0; c < n_caps; c++)
    es_cap_timeline_get_activities (es_document_get_cap (document, c), &ends[c]);
  grid = _es_busy_grid_alloc (start, step, (guint) n_points, n_caps);
  _es_busy_grid_sum_caps (grid, document, cursors, ends, grid->n, &total);
  return grid;
}

void
es_busy_grid_free (EsBusyGrid *grid)
{
  if (grid == NULL)
    return;
  for (guint c = 0; c < grid->n_chunks; c++)
    if (grid->chunks[c] != NULL)
      chunk_unref (grid->chunks[c]);
  g_free (grid->chunks);
  g_free (grid);
}

/* Another grid of the same points, sharing its chunks. */
EsBusyGrid *
_es_busy_grid_share (const EsBusyGrid *grid)
{
  EsBusyGrid *copy = g_memdup2 (grid, sizeof *grid);

  copy->chunks = g_new (EsBusyGridChunk *, grid->n_chunks);
  for (guint c = 0; c < grid->n_chunks; c++)
    copy->chunks[c] = _es_busy_chunk_ref (grid->chunks[c]);
  return copy;
}

GQuark
_es_busy_grid_quark (void)
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
  return es_document_get_derived (document, _es_busy_grid_quark (), make_whole_grid,
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
  const EsBusyGrid *grid = es_document_peek_derived (document, _es_busy_grid_quark ());

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
