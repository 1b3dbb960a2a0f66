/* test-busy-grid.c: the busy caps' grid, made whole and grown with a live
 * log's snapshots, against brute force
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-busy-grid.h"
#include "es-document-builder.h"
#include "es-lod.h"
#include "es-test-log.h"

/* 64 caps running now and then, for seconds to minutes, over thirty hours:
 * the busy grid's points then count in units of several nanoseconds. */
static EsDocument *
long_run_document (GRand *rand)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new ();
  const guint64 second = 1000000000;

  for (guint cap = 0; cap < 64; cap++)
    {
      guint64 t = g_rand_int_range (rand, 0, 1000);

      while (t < 30 * 3600 * second)
        {
          EsEvent e = { 0 };

          e.cap = cap;
          e.tag = ES_EVENT_RUN_THREAD;
          e.time = t += (guint64) g_rand_int_range (rand, 0, 900) * second;
          e.u.thread.thread = g_rand_int_range (rand, 1, 20);
          es_document_builder_add (builder, &e);
          e.tag = ES_EVENT_STOP_THREAD;
          e.time = t += (guint64) g_rand_int_range (rand, 1, 600) * second + g_rand_int_range (rand, 0, 1000000);
          e.u.stop.status = ES_STOP_HEAP_OVERFLOW;
          es_document_builder_add (builder, &e);
        }
    }
  return es_document_builder_finish (builder, FALSE, 0);
}

/* Issue #16: the activity graph of a 64-cap log, zoomed out, asked each
 * cap about each column edge, 96,000 lookups a frame reading every
 * activity. Wide columns now come from one grid for all caps, within 1%
 * of the caps of the exact average, and ask no cap; narrow ones are
 * exact. The grid keeps 32 bits a point: a thirty-hour run of 64 caps
 * counts in units of nanoseconds and is as close. */
static void
test_busy_caps_grid (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (64);

  for (guint round = 0; round < 4; round++)
    {
      guint n_caps = round >= 2 ? 64 : 8;
      g_autoptr(EsDocument) document = round == 3 ? long_run_document (rand) : es_test_random_document (rand, n_caps);
      guint64 start = es_document_get_start_time (document), end = es_document_get_end_time (document);

      for (guint zoom = 0; zoom < 4; zoom++)
        {
          guint n = zoom == 0 ? 1504 : g_rand_int_range (rand, 1, 400);
          guint64 span = MAX ((end - start) >> (zoom * 4), 1);
          guint64 t0 = zoom == 0 ? start : start + g_rand_int_range (rand, 0, (gint32) MIN (end - start - MIN (span, end - start) + 1, G_MAXINT32));
          g_autofree float *busy = g_new (float, n);
          gsize lookups = es_lod_busy_caps (document, t0, t0 + span, n, busy);
          gboolean wide = span / n >= 192 * ((end - start) / ((1u << 19) - 2) + 1);

          if (zoom == 0)
            g_assert_true (wide);
          g_assert_cmpuint (lookups, ==, wide ? 0 : (gsize) n_caps * (n + 1));
          for (guint i = 0; i < n; i++)
            {
              guint64 a = es_lod_column_start (t0, t0 + span, n, i), b = es_lod_column_start (t0, t0 + span, n, i + 1);
              double exact = 0;

              if (b == a)
                continue;
              for (guint c = 0; c < n_caps; c++)
                exact += es_test_brute_overlap (es_document_get_cap (document, c), ES_ACTIVITY_RUNNING, a, b) / (double) (b - a);
              g_assert_cmpfloat_with_epsilon (busy[i], exact, wide ? n_caps * 2.0 / 192 : 1e-4 * n_caps);
            }
        }
    }
}

/* One cap's runs and GCs from @t up to @until; a run may be left open
 * (the next call stops it), or, once the run is long enough, last longer
 * than one activity record holds (4.29 s). */
static guint64
add_live_runs (EsDocumentBuilder *builder,
               GRand             *rand,
               guint              cap,
               guint64            t,
               guint64            until,
               gboolean          *open)
{
  const guint64 second = 1000000000;
  guint64 scale = MAX (until / 40, 2);
  EsEvent e = { 0 };

  e.cap = cap;
  while (t < until)
    {
      if (*open)
        {
          e.tag = ES_EVENT_STOP_THREAD;
          e.time = t += g_rand_int_range (rand, 1, (gint32) MIN (scale, G_MAXINT32));
          if (until > 20 * second && g_rand_int_range (rand, 0, 40) == 0)
            e.time = t += 5 * second;
          e.u.stop.status = ES_STOP_HEAP_OVERFLOW;
          es_document_builder_add (builder, &e);
          *open = FALSE;
        }
      t += g_rand_int_range (rand, 0, (gint32) MIN (scale, G_MAXINT32));
      if (g_rand_int_range (rand, 0, 5) == 0)
        {
          static const guint16 phases[] = { ES_EVENT_GC_START, ES_EVENT_GC_WORK, ES_EVENT_GC_DONE, ES_EVENT_GC_END };

          for (guint p = 0; p < G_N_ELEMENTS (phases); p++)
            {
              e.tag = phases[p];
              e.time = t += g_rand_int_range (rand, 0, (gint32) MIN (scale / 4 + 1, G_MAXINT32));
              es_document_builder_add (builder, &e);
            }
          continue;
        }
      e.tag = ES_EVENT_RUN_THREAD;
      e.time = t;
      e.u.thread.thread = g_rand_int_range (rand, 1, 20);
      es_document_builder_add (builder, &e);
      *open = TRUE;
    }
  return t;
}

/* A live log's snapshots are given a grid grown from the snapshots before
 * (es_busy_grid_grower_give()), reading only their new activities. Its
 * points are exactly those of a grid made from all the snapshot's
 * activities at the same step, as its run grows a millionfold (the step
 * doubling, or starting over), with runs left open at a snapshot, runs too
 * long for one record, and a cap whose first events come late and before
 * the log's start so far; the grid has room for half the activities (a
 * small log's takes little memory). While the step stays, a grid shares
 * the points before the first step that changed with the grid before it. */
static void
test_busy_grid_grows_with_snapshots (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (13);
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new_for_snapshots ();
  g_autoptr(EsBusyGridGrower) grower = es_busy_grid_grower_new ();
  const guint n_caps = 6, late_cap = 5, late_round = 8;
  guint64 t[6] = { 0 }, until = 20000, previous_step = 0;
  gboolean open[6] = { FALSE };
  guint doublings = 0, kept = 0, last_n = 0, summed_half_or_less = 0;

  for (guint c = 0; c < n_caps; c++)
    t[c] = 5000 + g_rand_int_range (rand, 0, 1000);
  for (guint round = 0; round < 30; round++)
    {
      g_autoptr(EsDocument) snapshot = NULL;
      g_autoptr(EsBusyGrid) fresh = NULL;
      const EsBusyGrid *grid;
      guint64 start, end, n_activities;

      /* Doubling, then slower: the step stays, and grids share points. */
      until = round < 20 ? until * 2 + g_rand_int_range (rand, 0, 1000) : until + until / 16;
      for (guint c = 0; c < n_caps; c++)
        {
          if (c == late_cap && round < late_round)
            continue;
          if (c == late_cap && round == late_round)
            {
              EsEvent e = { .cap = c, .tag = ES_EVENT_RUN_THREAD, .time = 100 };

              e.u.thread.thread = 1;
              es_document_builder_add (builder, &e);
              open[c] = TRUE;
              t[c] = 100;
            }
          t[c] = add_live_runs (builder, rand, c, t[c], until, &open[c]);
        }
      snapshot = es_document_builder_snapshot (builder, TRUE, -1);
      es_busy_grid_grower_give (grower, snapshot);
      grid = es_busy_grid_get (snapshot);
      /* Sums are kept only for the points activities to come may change:
       * from each cap's last one added for good, the earliest. */
      g_assert_cmpuint (es_busy_grid_grower_get_n_summed (grower), <, grid->n);
      if (es_busy_grid_grower_get_n_summed (grower) <= grid->n / 2)
        summed_half_or_less++;
      start = es_document_get_start_time (snapshot);
      end = es_document_get_end_time (snapshot);
      g_assert_cmpuint (grid->start, ==, start);
      g_assert_cmpuint (grid->n, <=, 1u << 20);
      /* Room for half its activities, at least 4096 points: a small log
       * does not take a grid of 2^20. */
      n_activities = 0;
      for (guint c = 0; c < es_document_get_n_caps (snapshot); c++)
        {
          guint n;

          es_cap_timeline_get_activities (es_document_get_cap (snapshot, c), &n);
          n_activities += n;
        }
      g_assert_cmpuint (grid->n, <=, MAX (n_activities, 1u << 12) + 2);
      /* Its last point is past the run's end. */
      g_assert_cmpuint (grid->start + (guint64) (grid->n - 1) * grid->step, >, end);

      fresh = es_busy_grid_new (snapshot, grid->start, grid->step);
      g_assert_cmpuint (fresh->n, ==, grid->n);
      for (guint k = 0; k < grid->n; k++)
        if (es_busy_grid_point (grid, k) != es_busy_grid_point (fresh, k))
          g_error ("round %u, point %u of %u: grown %" G_GUINT64_FORMAT ", made whole %" G_GUINT64_FORMAT, round, k,
                   grid->n, es_busy_grid_point (grid, k), es_busy_grid_point (fresh, k));
      if (previous_step != 0 && grid->step > previous_step)
        doublings++;
      else if (previous_step == grid->step)
        kept++;
      previous_step = grid->step;
      last_n = grid->n;
    }
  g_test_message ("the step grew %u times and stayed %u times; %u points at the end; sums for half of them or less "
                  "%u times", doublings, kept, last_n, summed_half_or_less);
  g_assert_cmpuint (doublings, >=, 3);
  g_assert_cmpuint (kept, >=, 8);
  g_assert_cmpuint (summed_half_or_less, >=, 10);
}

/* Every point of @grid is that of a grid made whole from @snapshot. */
static void
assert_grid_made_whole (EsDocument       *snapshot,
                        const EsBusyGrid *grid)
{
  g_autoptr(EsBusyGrid) fresh = es_busy_grid_new (snapshot, grid->start, grid->step);

  g_assert_cmpuint (fresh->n, ==, grid->n);
  for (guint k = 0; k < grid->n; k++)
    if (es_busy_grid_point (grid, k) != es_busy_grid_point (fresh, k))
      g_error ("point %u of %u: grown %" G_GUINT64_FORMAT ", made whole %" G_GUINT64_FORMAT, k, grid->n,
               es_busy_grid_point (grid, k), es_busy_grid_point (fresh, k));
}

/* A cap whose first runs come late (its buffer written seconds after the
 * others'), starting after the log's start but long before the points the
 * grower made for good and keeps no sums for: it starts the grid over,
 * and every snapshot's points are those of a grid made whole. */
static void
test_busy_grid_cap_late_within_the_run (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (29);
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new_for_snapshots ();
  g_autoptr(EsBusyGridGrower) grower = es_busy_grid_grower_new ();
  guint64 t[3] = { 1000, 1000, 0 }, until = 1000000;
  gboolean open[3] = { FALSE };

  for (guint round = 0; round < 12; round++)
    {
      g_autoptr(EsDocument) snapshot = NULL;

      until += 200000;
      for (guint c = 0; c < 3; c++)
        {
          if (c == 2 && round < 4)
            continue;
          /* Its first run, from a third of the way through the run. */
          if (c == 2 && round == 4)
            t[c] = until / 3;
          t[c] = add_live_runs (builder, rand, c, t[c], until, &open[c]);
        }
      snapshot = es_document_builder_snapshot (builder, TRUE, -1);
      es_busy_grid_grower_give (grower, snapshot);
      if (round == 3)
        /* Sums only for the last points: the first half, where the late
         * cap's runs will start, is settled. */
        g_assert_cmpuint (es_busy_grid_grower_get_n_summed (grower), <=, es_busy_grid_get (snapshot)->n / 2);
      assert_grid_made_whole (snapshot, es_busy_grid_get (snapshot));
    }
}

/* A finished document's grid, summed a window of 2^16 steps at a time,
 * has at each checkpoint (every 64 points, where a point is exact) the
 * caps' running time before it, counted run by run: with runs crossing
 * the windows' edges and many windows. */
static void
test_busy_grid_made_whole_exact (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (37);

  for (guint n_caps = 2; n_caps <= 7; n_caps += 5)
    {
      g_autoptr(EsDocument) document = es_test_random_document (rand, n_caps);
      guint64 start = es_document_get_start_time (document), step = 8;
      g_autoptr(EsBusyGrid) grid = es_busy_grid_new (document, start, step);

      g_assert_cmpuint (grid->n, >, 4 * 65536);
      for (guint k = 0; k < grid->n; k += 64)
        {
          guint64 before = 0;

          for (guint c = 0; c < n_caps; c++)
            before += es_test_brute_overlap (es_document_get_cap (document, c), ES_ACTIVITY_RUNNING, start, start + k * step);
          if (es_busy_grid_point (grid, k) != before)
            g_error ("%u caps, point %u of %u: %" G_GUINT64_FORMAT ", counted %" G_GUINT64_FORMAT, n_caps, k, grid->n,
                     es_busy_grid_point (grid, k), before);
        }
    }
}

/* A corrupt timestamp near the end of time (2^64 - 1000 ns) after runs
 * far from it: the grid's steps reach past the end of time, and the runs
 * are still counted, not lost to a time that wrapped around. */
static void
test_busy_grid_near_the_end_of_time (void)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new ();
  g_autoptr(EsDocument) document = NULL;
  const guint64 base = G_GUINT64_CONSTANT (1) << 54;
  EsEvent e = { 0 };
  guint64 last;

  for (guint c = 0; c < 2; c++)
    for (guint i = 0; i < 5; i++)
      {
        e.cap = c;
        e.tag = ES_EVENT_RUN_THREAD;
        e.time = base + 1000 + i * 20000;
        e.u.thread.thread = 1 + c;
        es_document_builder_add (builder, &e);
        e.tag = ES_EVENT_STOP_THREAD;
        e.time += 10000;
        e.u.stop.status = ES_STOP_HEAP_OVERFLOW;
        es_document_builder_add (builder, &e);
      }
  e.cap = 1;
  e.tag = ES_EVENT_CREATE_THREAD;
  e.time = G_MAXUINT64 - 1000;
  e.u.thread.thread = 9;
  es_document_builder_add (builder, &e);
  document = es_document_builder_finish (builder, TRUE, -1);

  /* A finished document's grid, and a live log's. */
  for (guint live = 0; live < 2; live++)
    {
      g_autoptr(EsBusyGridGrower) grower = es_busy_grid_grower_new ();
      g_autoptr(EsBusyGrid) made = NULL;
      const EsBusyGrid *grid;

      if (live)
        {
          es_busy_grid_grower_give (grower, document);
          grid = es_busy_grid_get (document);
        }
      else
        grid = made = es_busy_grid_new (document, es_document_get_start_time (document), G_GUINT64_CONSTANT (1) << 45);
      last = es_busy_grid_point (grid, grid->n - 1);
      g_test_message ("%s: %u points of %" G_GUINT64_FORMAT " ns, the last %" G_GUINT64_FORMAT,
                      live ? "grown" : "made whole", grid->n, grid->step, last);
      /* Exact: the runs are all long before its checkpoint. */
      g_assert_cmpuint (last, ==, 100000);
    }
}

/* A live log whose first snapshot spans a few microseconds (a grid step
 * of 1 ns) and whose next comes seconds later, past 2^32 steps: the grid
 * is summed again at a step for the whole run, every point as a grid made
 * whole, and every run counted. */
static void
test_busy_grid_after_a_long_silence (void)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new_for_snapshots ();
  g_autoptr(EsBusyGridGrower) grower = es_busy_grid_grower_new ();
  /* The last run ends 3 * 2^32 + 201 ns after the first starts: counted in
   * 32 bits, those steps would seem to be 203 points. */
  static const guint64 times[] = { 1000, 3000, 5000, 9000,
                                   G_GUINT64_CONSTANT (3) << 32, (G_GUINT64_CONSTANT (3) << 32) + 1200 };

  for (guint round = 0; round < 2; round++)
    {
      g_autoptr(EsDocument) snapshot = NULL;
      g_autoptr(EsBusyGrid) fresh = NULL;
      const EsBusyGrid *grid;
      double running = 0;

      for (guint c = 0; c < 2; c++)
        for (guint i = round * 4; i < MIN (round * 4 + 4, G_N_ELEMENTS (times)); i += 2)
          {
            EsEvent e = { .cap = c, .tag = ES_EVENT_RUN_THREAD, .time = times[i] + c };

            e.u.thread.thread = c + 1;
            es_document_builder_add (builder, &e);
            e.tag = ES_EVENT_STOP_THREAD;
            e.time = times[i + 1] + c;
            e.u.stop.status = ES_STOP_HEAP_OVERFLOW;
            es_document_builder_add (builder, &e);
          }
      snapshot = es_document_builder_snapshot (builder, TRUE, -1);
      es_busy_grid_grower_give (grower, snapshot);
      grid = es_busy_grid_get (snapshot);
      fresh = es_busy_grid_new (snapshot, grid->start, grid->step);
      g_assert_cmpuint (grid->n, ==, fresh->n);
      for (guint k = 0; k < grid->n; k++)
        g_assert_cmpuint (es_busy_grid_point (grid, k), ==, es_busy_grid_point (fresh, k));
      /* Both caps' runs, all of them counted. */
      for (guint i = 0; i < MIN (round * 4 + 4, G_N_ELEMENTS (times)); i += 2)
        running += 2.0 * (times[i + 1] - times[i]);
      g_assert_cmpfloat (es_busy_grid_running_before (grid, grid->start + (guint64) grid->n * grid->step), ==, running);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lod/busy-caps-grid", test_busy_caps_grid);
  g_test_add_func ("/lod/busy-caps-grid/grows-with-snapshots", test_busy_grid_grows_with_snapshots);
  g_test_add_func ("/lod/busy-caps-grid/after-a-long-silence", test_busy_grid_after_a_long_silence);
  g_test_add_func ("/lod/busy-caps-grid/cap-late-within-the-run", test_busy_grid_cap_late_within_the_run);
  g_test_add_func ("/lod/busy-caps-grid/near-the-end-of-time", test_busy_grid_near_the_end_of_time);
  g_test_add_func ("/lod/busy-caps-grid/made-whole-exact", test_busy_grid_made_whole_exact);

  return g_test_run ();
}
