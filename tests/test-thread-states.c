/* test-thread-states.c: what a thread did in each pixel column, against
 * brute force, and how many of its states that reads
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-thread-states.h"

/* States and their coarse index, as the cache makes them. */
typedef struct
{
  GArray        *states;     /* EsThreadState */
  GArray        *coarse;     /* guint64 */
  EsThreadStates view;
} States;

static void
states_index (States *s)
{
  s->coarse = g_array_new (FALSE, FALSE, sizeof (guint64));
  for (guint i = 0; i < s->states->len; i += ES_THREAD_STATES_STRIDE)
    g_array_append_val (s->coarse, g_array_index (s->states, EsThreadState, i).time);
  s->view = (EsThreadStates) { (const EsThreadState *) (gpointer) s->states->data, s->states->len,
                               (const guint64 *) (gpointer) s->coarse->data, s->coarse->len };
}

static void
states_clear (States *s)
{
  g_clear_pointer (&s->states, g_array_unref);
  g_clear_pointer (&s->coarse, g_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (States, states_clear)

/* A thread that runs, blocks and is woken over and over: @n states, from
 * time 1000 on, a few nanoseconds to a few microseconds apart, some at the
 * same time as the one before. */
static void
states_random (States *s,
               GRand  *rand,
               guint   n,
               guint   max_gap)
{
  guint64 t = 1000;

  s->states = g_array_sized_new (FALSE, FALSE, sizeof (EsThreadState), n);
  for (guint i = 0; i < n; i++)
    {
      EsThreadState state = { t, (guint16) g_rand_int_range (rand, 0, 4), 0, 0 };

      switch (g_rand_int_range (rand, 0, 4))
        {
        case 0:
          state.state = ES_THREAD_STATE_RUNNING;
          break;
        case 1:
          state.state = ES_THREAD_STATE_RUNNABLE;
          break;
        case 2:
          state.state = ES_THREAD_STATE_BLOCKED;
          state.reason = ES_STOP_BLOCKED_ON_MVAR;
          break;
        default:
          state.state = i == 0 ? ES_THREAD_STATE_CREATED : ES_THREAD_STATE_BLOCKED;
          state.reason = ES_STOP_BLOCKED_ON_DELAY;
          break;
        }
      g_array_append_val (s->states, state);
      if (g_rand_int_range (rand, 0, 8) != 0)
        t += g_rand_int_range (rand, 1, max_gap);
    }
  states_index (s);
}

/* The painter's rule, step by step: the last state at or before each
 * edge, by linear search; busy if it ran in between or changed 16 times. */
static EsThreadColumn
brute_force_column (const EsThreadStates *s,
                    guint64               from,
                    guint64               to)
{
  gssize a = -1, b = -1, first;
  EsThreadColumn col = { ES_THREAD_COLUMN_EMPTY, 0, FALSE, 0 };

  if (to > from)
    to--;
  for (guint i = 0; i < s->n_states; i++)
    {
      if (s->states[i].time <= from)
        a = i;
      if (s->states[i].time <= to)
        b = i;
    }
  if (b < 0)
    return col;
  col.kind = s->states[b].state;
  col.reason = s->states[b].reason;
  first = a + 1;
  if (b > a)
    {
      col.busy = b - first >= 16;
      for (gssize i = first; i < b; i++)
        col.busy = col.busy || s->states[i].state == ES_THREAD_STATE_RUNNING;
    }
  if (col.busy)
    col.kind = ES_THREAD_STATE_RUNNING;
  return col;
}

/* Columns over [t0, t1], split as the painter splits them. */
static guint64 *
make_edges (guint64 t0,
            guint64 t1,
            guint   n_columns)
{
  guint64 *edges = g_new (guint64, n_columns + 1);

  for (guint c = 0; c <= n_columns; c++)
    edges[c] = t0 + (guint64) ((double) (t1 - t0) * c / n_columns + 0.5);
  return edges;
}

/* Every zoom, from many states a column to many columns a nanosecond,
 * and spans that begin before the thread and end after it. */
static void
test_columns_against_brute_force (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (16);

  for (guint round = 0; round < 40; round++)
    {
      g_auto(States) s = { 0 };
      guint n = g_rand_int_range (rand, 0, 3000), n_columns = g_rand_int_range (rand, 1, 400);
      guint64 end;

      states_random (&s, rand, n, round % 2 ? 40 : 3000);
      end = n > 0 ? s.view.states[n - 1].time : 1000;
      for (guint zoom = 0; zoom < 6; zoom++)
        {
          guint64 span = MAX ((end + 2000) >> (zoom * 3), 1);
          guint64 t0 = g_rand_int_range (rand, 0, (gint32) MIN (end + 1000, G_MAXINT32));
          g_autofree guint64 *edges = make_edges (t0, t0 + span, n_columns);
          g_autofree EsThreadColumn *columns = g_new (EsThreadColumn, n_columns);

          es_thread_states_columns (&s.view, edges, n_columns, columns);
          for (guint c = 0; c < n_columns; c++)
            {
              EsThreadColumn want = brute_force_column (&s.view, edges[c], edges[c + 1]);

              g_assert_cmpuint (columns[c].kind, ==, want.kind);
              g_assert_cmpuint (columns[c].busy, ==, want.busy);
              if (!want.busy)
                g_assert_cmpuint (columns[c].reason, ==, want.reason);
            }
        }
    }
}

/* Issue #16: a thread with millions of states, seen whole, costs a frame
 * what a quiet one does. Every column holds hundreds of them, and is
 * decided from the coarse times alone: not one state is read, where a
 * search in the states reads dozens a column, all over megabytes. Zoomed
 * in, a column reads a few. */
static void
test_columns_read_few_states (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (6);
  g_auto(States) s = { 0 };
  const guint n = 1000000, n_columns = 1504;
  guint64 end;

  states_random (&s, rand, n, 100);
  end = s.view.states[n - 1].time;
  for (guint zoom = 0; zoom < 8; zoom++)
    {
      guint64 span = MAX ((end - 1000) >> (zoom * 2), 100);
      guint64 t0 = 1000 + (end - 1000 - MIN (span, end - 1000)) / 2;
      g_autofree guint64 *edges = make_edges (t0, t0 + span, n_columns);
      g_autofree EsThreadColumn *columns = g_new (EsThreadColumn, n_columns);
      gsize reads = es_thread_states_columns (&s.view, edges, n_columns, columns);
      double per_column = (double) n / ((double) (end - 1000) / span) / n_columns;

      g_test_message ("%.1f states a column: %" G_GSIZE_FORMAT " read", per_column, reads);
      if (per_column >= 2 * ES_THREAD_STATES_STRIDE + 2)
        g_assert_cmpuint (reads, <=, n_columns / 10);
      /* Two searches in a stride, the state at the end, the few between. */
      g_assert_cmpuint (reads, <=, (gsize) n_columns * (4 + 4 + 1 + 16));
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/thread-states/columns-against-brute-force", test_columns_against_brute_force);
  g_test_add_func ("/thread-states/columns-read-few-states", test_columns_read_few_states);

  return g_test_run ();
}
