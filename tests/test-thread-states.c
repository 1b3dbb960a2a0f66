/* test-thread-states.c: the share of each pixel column a thread spent in
 * each state, against brute force; how many of its states that reads; and
 * that the threads' running never adds up to more than the HECs
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <sys/resource.h>
#ifdef __linux__
# include <sys/syscall.h>
#endif
#include <unistd.h>

#include "es-background.h"
#include "es-document-builder.h"
#include "es-search.h"
#include "es-test-log.h"
#include "es-thread-states.h"

/* States, and the same packed with their indexes, as the cache makes them. */
typedef struct
{
  GArray         *states;     /* EsThreadState */
  EsThreadStates *view;
} States;

static void
states_index (States *s)
{
  const EsThreadState *states = (const EsThreadState *) (gpointer) s->states->data;
  guint64 end = s->states->len > 0 ? states[s->states->len - 1].time + 500 : 1000;

  s->view = es_thread_states_new (states, s->states->len, end);
}

static void
states_clear (States *s)
{
  g_clear_pointer (&s->states, g_array_unref);
  g_clear_pointer (&s->view, es_thread_states_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (States, states_clear)

/* Every state of @s, unpacked. */
static EsThreadState *
unpack (const EsThreadStates *s)
{
  EsThreadState *states = g_new (EsThreadState, MAX (s->n_states, 1));

  es_thread_states_read (s, 0, s->n_states, states);
  return states;
}

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

/* The rule, step by step: each state's overlap with the column, by
 * linear search; the runs begun at or before its end since the state it
 * starts in, and that one if it is a run; an instant's column, a
 * nanosecond of the state then; the HEC of the last run from the state it
 * starts in to the one it ends in, within a stride. */
static EsThreadColumn
brute_force_column (const States *packed,
                    guint64       from,
                    guint64       to)
{
  /* The states as they were before packing. */
  const struct { const EsThreadState *states; guint n_states; guint64 end; } unpacked = {
    (const EsThreadState *) (gpointer) packed->states->data, packed->states->len, packed->view->end
  }, *s = &unpacked;
  EsThreadColumn col = { { { 0 }, 0 }, G_MAXUINT16 };
  gssize a = -1, b = -1;

  from = MIN (from, s->end);
  to = MIN (to, s->end);
  for (guint i = 0; i < s->n_states; i++)
    {
      guint64 start = MAX (s->states[i].time, from);
      guint64 stop = MIN (i + 1 < s->n_states ? s->states[i + 1].time : s->end, to);
      int share = es_thread_state_share (&s->states[i]);

      if (share != ES_THREAD_SHARE_NONE && stop > start)
        col.shares.ns[share] += stop - start;
      if (s->states[i].time <= from)
        a = i;
      if (s->states[i].time <= to)
        b = i;
    }
  for (gssize i = MAX (a, 0); i <= b; i++)
    if (s->states[i].state == ES_THREAD_STATE_RUNNING && (i > a || i == a))
      col.shares.runs++;
  if (to <= from && b >= 0 && from < s->end && es_thread_state_share (&s->states[b]) != ES_THREAD_SHARE_NONE)
    col.shares.ns[es_thread_state_share (&s->states[b])] = 1;
  for (gssize i = b; i >= MAX (a, 0) && i > b - ES_THREAD_STATES_STRIDE; i--)
    if (s->states[i].state == ES_THREAD_STATE_RUNNING)
      {
        col.run_cap = s->states[i].cap;
        break;
      }
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
      end = n > 0 ? g_array_index (s.states, EsThreadState, n - 1).time : 1000;
      for (guint zoom = 0; zoom < 6; zoom++)
        {
          guint64 span = MAX ((end + 2000) >> (zoom * 3), 1);
          guint64 t0 = g_rand_int_range (rand, 0, (gint32) MIN (end + 1000, G_MAXINT32));
          g_autofree guint64 *edges = make_edges (t0, t0 + span, n_columns);
          g_autofree EsThreadColumn *columns = g_new (EsThreadColumn, n_columns);

          es_thread_states_columns (s.view, edges, n_columns, columns);
          for (guint c = 0; c < n_columns; c++)
            {
              EsThreadColumn want = brute_force_column (&s, edges[c], edges[c + 1]);

              for (guint k = 0; k < ES_N_THREAD_SHARES; k++)
                g_assert_cmpuint (columns[c].shares.ns[k], ==, want.shares.ns[k]);
              g_assert_cmpuint (columns[c].shares.runs, ==, want.shares.runs);
              g_assert_cmpuint (columns[c].run_cap, ==, want.run_cap);
            }
        }
    }
}

/* Issue #16: a thread with millions of states, seen whole, costs a frame
 * what a quiet one does: a column holding hundreds of them reads at most a
 * stride and a search at its edge, not the states between. Zoomed in, a
 * column reads a few. */
static void
test_columns_read_few_states (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (6);
  g_auto(States) s = { 0 };
  const guint n = 1000000, n_columns = 1504;
  guint64 end;

  states_random (&s, rand, n, 100);
  end = g_array_index (s.states, EsThreadState, n - 1).time;
  for (guint zoom = 0; zoom < 8; zoom++)
    {
      guint64 span = MAX ((end - 1000) >> (zoom * 2), 100);
      guint64 t0 = 1000 + (end - 1000 - MIN (span, end - 1000)) / 2;
      g_autofree guint64 *edges = make_edges (t0, t0 + span, n_columns);
      g_autofree EsThreadColumn *columns = g_new (EsThreadColumn, n_columns);
      gsize reads = es_thread_states_columns (s.view, edges, n_columns, columns);
      double per_column = (double) n / ((double) (end - 1000) / span) / n_columns;

      g_test_message ("%.1f states a column: %" G_GSIZE_FORMAT " read", per_column, reads);
      /* A search in a stride, the stride's states to the edge, the last
       * run's HEC looked for in it. */
      g_assert_cmpuint (reads, <=, (gsize) n_columns * (4 + 1 + 16 + 16));
      if (per_column < 1)
        g_assert_cmpuint (reads, <=, (gsize) n_columns * 6);
    }
}

/* Issue #37: at every zoom, the running shares of all threads in a pixel
 * column add up to no more than the HECs, and each thread's shares to no
 * more than the column: the ping-pong of a real -N2 program. */
static void
test_running_never_exceeds_the_caps (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("parfib-N2.eventlog");
  g_autoptr(EsThreadStateCache) cache = es_thread_state_cache_new (document, G_MAXSIZE);
  guint64 end = es_document_get_end_time (document);
  guint n_caps = es_document_get_n_caps (document), n_threads = es_document_get_n_threads (document);

  g_assert_cmpuint (n_threads, >, 2);
  for (guint zoom = 0; zoom < 4; zoom++)
    {
      guint n_columns = 300;
      guint64 span = end >> (zoom * 3), t0 = (end - span) / 2;
      g_autofree guint64 *edges = make_edges (t0, t0 + span, n_columns);
      g_autofree double *running = g_new0 (double, n_columns);
      g_autofree EsThreadColumn *columns = g_new (EsThreadColumn, n_columns);
      double peak = 0;

      for (guint t = 0; t < n_threads; t++)
        {
          es_thread_states_columns (es_thread_state_cache_get (cache, t), edges, n_columns, columns);
          for (guint c = 0; c < n_columns; c++)
            {
              double width = (double) MAX (edges[c + 1] - edges[c], 1);
              guint64 sum = 0;

              for (guint k = 0; k < ES_N_THREAD_SHARES; k++)
                sum += columns[c].shares.ns[k];
              g_assert_cmpfloat (sum / width, <=, 1.0 + 1e-9);
              running[c] += columns[c].shares.ns[ES_THREAD_SHARE_RUNNING] / width;
            }
        }
      for (guint c = 0; c < n_columns; c++)
        {
          g_assert_cmpfloat (running[c], <=, n_caps + 1e-9);
          peak = MAX (peak, running[c]);
        }
      g_test_message ("zoom %u: at most %.2f threads running in a column, on %u HECs", zoom, peak, n_caps);
      g_assert_cmpfloat (peak, >, 0.5);
    }
}

/* A runnable thread waits for a GC while one is under way: its row shows
 * that time as GC, not as a wait for a HEC. */
static void
test_runnable_during_a_gc_is_gc (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("alloc-A1m-N2.eventlog");
  g_autoptr(EsThreadStateCache) cache = es_thread_state_cache_new (document, G_MAXSIZE);
  guint n_gcs;
  const EsGc *gcs = es_document_get_gcs (document, &n_gcs);
  guint64 in_gc = 0, gc_total = 0;

  for (guint g = 0; g < n_gcs; g++)
    gc_total += gcs[g].end - gcs[g].start;
  for (guint t = 0; t < es_document_get_n_threads (document); t++)
    {
      const EsThreadStates *s = es_thread_state_cache_get (cache, t);
      guint64 edges[2] = { 0, es_document_get_end_time (document) };
      EsThreadColumn whole;
      g_autofree EsThreadState *states = unpack (s);

      es_thread_states_columns (s, edges, 1, &whole);
      in_gc += whole.shares.ns[ES_THREAD_SHARE_GC];

      for (guint i = 0; i < s->n_states; i++)
        if (states[i].state == ES_THREAD_STATE_GC)
          {
            guint g = es_search_upper_bound (gcs, n_gcs, sizeof (EsGc), G_STRUCT_OFFSET (EsGc, start), states[i].time);

            /* It begins inside a GC. */
            g_assert_cmpuint (g, >, 0);
            g_assert_cmpuint (gcs[g - 1].end, >, states[i].time);
          }
    }
  g_test_message ("threads waited %.1f ms for GCs that took %.1f ms", in_gc / 1e6, gc_total / 1e6);
  /* The main thread, made runnable by each heap check, waits through most. */
  g_assert_cmpuint (in_gc, >, gc_total / 2);
}

/* Checks @packed against the @n states it was packed from: every state
 * back as it was, the running totals of each block as a plain sum of the
 * states before it gives them, and the state at a time as a search of the
 * plain array finds it. */
static void
assert_packed_as_plain (const EsThreadStates *packed,
                        const EsThreadState  *states,
                        guint                 n)
{
  g_autofree EsThreadState *back = g_new (EsThreadState, MAX (n, 1));
  EsThreadShares sum = { { 0 }, 0 };

  g_assert_cmpuint (packed->n_states, ==, n);
  g_assert_cmpuint (packed->n_coarse, ==, (n + ES_THREAD_STATES_STRIDE - 1) / ES_THREAD_STATES_STRIDE);
  es_thread_states_read (packed, 0, n, back);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpuint (back[i].time, ==, states[i].time);
      g_assert_cmpuint (back[i].cap, ==, states[i].cap);
      g_assert_cmpuint (back[i].state, ==, states[i].state);
      g_assert_cmpuint (back[i].reason, ==, states[i].reason);
    }
  for (guint i = 0; i < n; i++)
    {
      int share = es_thread_state_share (&states[i]);

      if (i % ES_THREAD_STATES_STRIDE == 0)
        {
          EsThreadShares totals;

          es_thread_states_get_totals (packed, i / ES_THREAD_STATES_STRIDE, &totals);
          for (guint k = 0; k < ES_N_THREAD_SHARES; k++)
            g_assert_cmpuint (totals.ns[k], ==, sum.ns[k]);
          g_assert_cmpuint (totals.runs, ==, sum.runs);
        }
      if (share != ES_THREAD_SHARE_NONE && i + 1 < n)
        sum.ns[share] += states[i + 1].time - states[i].time;
      sum.runs += states[i].state == ES_THREAD_STATE_RUNNING;
    }
  for (guint i = 0; i < n; i++)
    for (gint64 d = -1; d <= 1; d++)
      {
        guint64 t = states[i].time + (guint64) d;

        g_assert_cmpuint (es_thread_states_find_time (packed, t), ==, es_thread_states_find (states, n, t));
      }
  g_assert_cmpuint (es_thread_states_find_time (packed, 0), ==, n > 0 && states[0].time == 0 ? 0 : G_MAXUINT);
}

/* The packed states are the states: every thread of real programs' logs,
 * and made-up ones with what the packing treats apart (HECs and reasons
 * past a byte's small values, gaps of seconds that overflow 32-bit totals,
 * many states at one time). They also take a fraction of the 16-byte
 * records and 96-byte totals they replace. */
static void
test_packed_as_plain (void)
{
  const char *fixtures[] = { "parfib-N2.eventlog", "alloc-A1m-N2.eventlog", "heap-hT-N2.eventlog" };
  g_autoptr(GRand) rand = g_rand_new_with_seed (77);

  for (guint f = 0; f < G_N_ELEMENTS (fixtures); f++)
    {
      g_autoptr(EsDocument) document = es_test_load_fixture (fixtures[f]);
      gsize n_states = 0, size = 0;

      for (guint t = 0; t < es_document_get_n_threads (document); t++)
        {
          g_autoptr(GArray) timeline = g_array_new (FALSE, FALSE, sizeof (EsThreadState));
          g_autoptr(EsThreadStates) packed = NULL;

          es_document_get_thread_timeline (document, es_document_get_thread (document, t), timeline);
          packed = es_thread_states_new ((const EsThreadState *) (gpointer) timeline->data, timeline->len,
                                         es_document_get_end_time (document));
          assert_packed_as_plain (packed, (const EsThreadState *) (gpointer) timeline->data, timeline->len);
          g_assert_cmpuint (packed->end, ==, es_document_get_end_time (document));
          n_states += timeline->len;
          size += packed->size;
          /* A busy thread's, against 16 + 104 / 16 bytes a state before. */
          if (timeline->len >= 1000)
            g_assert_cmpuint (packed->size, <, timeline->len * 8);
        }
      g_test_message ("%s: %" G_GSIZE_FORMAT " states in %" G_GSIZE_FORMAT " bytes", fixtures[f], n_states, size);
      g_assert_cmpuint (n_states, >, 100);
    }

  for (guint round = 0; round < 30; round++)
    {
      guint n = round == 0 ? 0 : g_rand_int_range (rand, 1, 5000);
      g_autofree EsThreadState *states = g_new (EsThreadState, MAX (n, 1));
      g_autoptr(EsThreadStates) packed = NULL;
      guint64 t = round % 3 == 0 ? 0 : g_rand_int_range (rand, 0, G_MAXINT32);

      for (guint i = 0; i < n; i++)
        {
          guint kind = g_rand_int_range (rand, 0, ES_THREAD_STATE_GC + 1);

          states[i] = (EsThreadState) { t, (guint16) (g_rand_boolean (rand) ? g_rand_int_range (rand, 0, 3)
                                                                           : g_rand_int_range (rand, 0, G_MAXUINT16 + 1)),
                                        (guint8) kind, (guint8) g_rand_int_range (rand, 0, 256) };
          switch (g_rand_int_range (rand, 0, 10))
            {
            case 0:       /* at the same time */
              break;
            case 1:       /* seconds later: 32-bit totals overflow */
              t += (guint64) g_rand_int_range (rand, 1, 20) * 1000000000;
              break;
            default:
              t += g_rand_int_range (rand, 1, 5000);
              break;
            }
        }
      packed = es_thread_states_new (states, n, t + 1000);
      assert_packed_as_plain (packed, states, n);
    }
}

/* The packing's limits: blocks whose times span just under and just over
 * 16 and 32 bits from their first (each state then read back from its
 * own width), and threads with 256 and 257 different kinds, reasons and
 * HECs (a byte each, then 32 bits). */
static void
test_packed_at_the_limits (void)
{
  const guint64 spans[] = { G_MAXUINT16, (guint64) G_MAXUINT16 + 1, G_MAXUINT32, (guint64) G_MAXUINT32 + 1 };

  for (guint round = 0; round < G_N_ELEMENTS (spans) * 2; round++)
    {
      guint n = 40 + round, n_codes = round % 2 ? 257 : 256;
      guint64 span = spans[round / 2];
      g_autofree EsThreadState *states = g_new (EsThreadState, n_codes);
      g_autoptr(EsThreadStates) packed = NULL;

      /* Each block's last state at @span from its first; the rest close. */
      for (guint i = 0; i < n; i++)
        {
          guint j = i % ES_THREAD_STATES_STRIDE, k = i / ES_THREAD_STATES_STRIDE;
          guint64 start = (guint64) k * (span + 10);

          states[i] = (EsThreadState) { j == ES_THREAD_STATES_STRIDE - 1 ? start + span : start + j,
                                        (guint16) (i % 3), (guint8) (i % (ES_THREAD_STATE_GC + 1)),
                                        (guint8) ES_STOP_BLOCKED_ON_MVAR };
        }
      packed = es_thread_states_new (states, n, states[n - 1].time + 100);
      assert_packed_as_plain (packed, states, n);
      g_assert_nonnull (packed->dict);

      /* Every code different: HECs 0 to 256, in order. */
      g_clear_pointer (&packed, es_thread_states_free);
      for (guint i = 0; i < n_codes; i++)
        states[i] = (EsThreadState) { (guint64) i * span / 8, (guint16) i, ES_THREAD_STATE_RUNNING, 0 };
      packed = es_thread_states_new (states, n_codes, states[n_codes - 1].time + 100);
      assert_packed_as_plain (packed, states, n_codes);
      g_assert_true ((packed->dict != NULL) == (n_codes <= 256));
    }
}

/* Codes in 4 bits up to 16 different ones, a byte from 17: every state
 * read back either way, at even and odd places. */
static void
test_packed_codes_in_4_bits (void)
{
  for (guint n_codes = 15; n_codes <= 18; n_codes++)
    {
      const guint n = 301;
      g_autofree EsThreadState *states = g_new (EsThreadState, n);
      g_autoptr(EsThreadStates) packed = NULL;

      for (guint i = 0; i < n; i++)
        states[i] = (EsThreadState) { 1000 + (guint64) i * 7, (guint16) (i * 7 % n_codes / 4),
                                      (guint8) (i * 7 % n_codes % 4), ES_STOP_BLOCKED_ON_MVAR };
      packed = es_thread_states_new (states, n, states[n - 1].time + 100);
      assert_packed_as_plain (packed, states, n);
      g_assert_cmpuint (packed->n_dict, ==, n_codes);
      g_assert_cmpuint (packed->code_bits, ==, n_codes <= 16 ? 4 : 8);
    }
}

static void
count_ready (gpointer data)
{
  (*(guint *) data)++;
}

/* Until @cache has made every state a frame asked for. */
static void
wait_until_made (EsThreadStateCache *cache)
{
  while (es_thread_state_cache_is_making (cache))
    g_main_context_iteration (NULL, TRUE);
}

static void
assert_same_states (const EsThreadStates *a,
                    const EsThreadStates *b)
{
  g_assert_nonnull (a);
  g_assert_nonnull (b);
  g_assert_cmpuint (a->n_states, ==, b->n_states);
  {
    g_autofree EsThreadState *x = unpack (a), *y = unpack (b);

    /* Field by field: a state's padding is not written. */
    for (guint i = 0; i < a->n_states; i++)
      {
        g_assert_cmpuint (x[i].time, ==, y[i].time);
        g_assert_cmpuint (x[i].cap, ==, y[i].cap);
        g_assert_cmpuint (x[i].state, ==, y[i].state);
        g_assert_cmpuint (x[i].reason, ==, y[i].reason);
      }
  }
  g_assert_cmpuint (a->n_coarse, ==, b->n_coarse);
  g_assert_cmpuint (a->size, ==, b->size);
  g_assert_cmpmem (a + 1, a->size - sizeof *a, b + 1, b->size - sizeof *b);
  g_assert_cmpuint (a->end, ==, b->end);
}

/* A window's cache makes the states a frame asks for in a worker: the
 * frame gets none (nothing of the document before is given), the view is
 * told once they are in, and they are those made on the spot. */
static void
test_made_in_a_worker (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("parfib-N2.eventlog");
  g_autoptr(EsThreadStateCache) now = es_thread_state_cache_new (document, G_MAXSIZE);
  g_autoptr(EsThreadStateCache) cache = NULL;
  guint n_threads = es_document_get_n_threads (document), n_ready = 0;

  g_assert_cmpuint (n_threads, >, 1);
  cache = es_thread_state_cache_new_async (document, G_MAXSIZE, NULL, count_ready, &n_ready);
  g_assert_false (es_thread_state_cache_is_making (cache));
  es_thread_state_cache_begin_frame (cache);
  for (guint t = 0; t < n_threads; t++)
    g_assert_null (es_thread_state_cache_get_for_frame (cache, t));
  /* Asked twice in a frame, made once. */
  g_assert_null (es_thread_state_cache_get_for_frame (cache, 0));
  g_assert_true (es_thread_state_cache_is_making (cache));
  g_assert_cmpuint (es_thread_state_cache_get_n_threads (cache), ==, 0);
  wait_until_made (cache);
  g_assert_cmpuint (n_ready, >=, 1);
  g_assert_cmpuint (es_thread_state_cache_get_n_threads (cache), ==, n_threads);

  es_thread_state_cache_begin_frame (cache);
  for (guint t = 0; t < n_threads; t++)
    assert_same_states (es_thread_state_cache_get_for_frame (cache, t), es_thread_state_cache_get (now, t));
  g_assert_false (es_thread_state_cache_is_making (cache));
}

#ifdef __linux__
static int
own_niceness (void)
{
  return getpriority (PRIO_PROCESS, (id_t) syscall (SYS_gettid));
}

static gpointer
tell_niceness (gpointer data)
{
  return GINT_TO_POINTER (own_niceness () + 100);
}
#endif

/* The workers that make the states run in threads of their own that
 * yield to the window's (the Threads section's frames waited for them),
 * and the thread that starts one keeps its own priority. */
static void
test_workers_yield_to_the_window (void)
{
#ifdef __linux__
  int before = own_niceness ();
  GThread *thread = es_background_thread_new ("es-test", tell_niceness, NULL);

  g_assert_cmpint (before, <, ES_BACKGROUND_NICENESS);
  g_assert_nonnull (thread);
  g_assert_cmpint (GPOINTER_TO_INT (g_thread_join (thread)) - 100, ==, ES_BACKGROUND_NICENESS);
  g_assert_cmpint (own_niceness (), ==, before);
#else
  g_test_skip ("a thread's own nice value is Linux's");
#endif
}

/* A followed log's newer document shows the states of the one before for
 * the same thread until its own are made; then the one before goes. A
 * cache dropped while its worker is at work drops what it makes. */
static void
test_previous_shown_meanwhile (void)
{
  g_autoptr(EsDocument) before = es_test_load_fixture ("parfib-N2.eventlog");
  g_autoptr(EsDocument) after = es_test_load_fixture ("parfib-N2.eventlog");
  g_autoptr(EsThreadStateCache) cache = NULL;
  EsThreadStateCache *previous;
  guint n_threads = es_document_get_n_threads (before), n_ready = 0;
  g_autofree const EsThreadStates **shown = g_new0 (const EsThreadStates *, n_threads);

  previous = es_thread_state_cache_new_async (before, G_MAXSIZE, NULL, count_ready, &n_ready);
  for (guint t = 0; t < n_threads; t++)
    es_thread_state_cache_get_for_frame (previous, t);
  wait_until_made (previous);
  for (guint t = 0; t < n_threads; t++)
    shown[t] = es_thread_state_cache_get_for_frame (previous, t);

  cache = es_thread_state_cache_new_async (after, G_MAXSIZE, previous, count_ready, &n_ready);
  for (guint t = 0; t < n_threads; t++)
    g_assert_true (es_thread_state_cache_get_for_frame (cache, t) == shown[t]);
  wait_until_made (cache);
  for (guint t = 0; t < n_threads; t++)
    {
      const EsThreadStates *made = es_thread_state_cache_get_for_frame (cache, t);

      g_assert_true (made != shown[t]);
      assert_same_states (made, shown[t] = es_thread_state_cache_get (cache, t));
    }

  /* Dropped while making: its worker's states go with nothing told. */
  {
    g_autoptr(EsDocument) third = es_test_load_fixture ("parfib-N2.eventlog");
    EsThreadStateCache *dropped = es_thread_state_cache_new_async (third, G_MAXSIZE, NULL, count_ready, &n_ready);
    guint told = n_ready;

    for (guint t = 0; t < n_threads; t++)
      es_thread_state_cache_get_for_frame (dropped, t);
    g_main_context_iteration (NULL, FALSE);
    es_thread_state_cache_free (dropped);
    while (g_main_context_iteration (NULL, FALSE))
      ;
    g_usleep (G_USEC_PER_SEC / 10);
    while (g_main_context_iteration (NULL, FALSE))
      ;
    g_assert_cmpuint (n_ready, ==, told);
  }
}

/* A thread's states read a few at a time are those made all at once: the
 * document's in the order its sort puts them, read again after a rewind;
 * and a cache's packed states, cut at GCs as they are read, are the whole
 * timeline's packed, byte for byte, for every thread of real programs'
 * logs. */
static void
test_read_a_few_at_a_time_as_made_whole (void)
{
  const char *fixtures[] = { "parfib-N2.eventlog", "alloc-A1m-N2.eventlog", "heap-hT-N2.eventlog",
                             "alloc-A64m-N2.eventlog", "hello.eventlog" };
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);

  for (guint f = 0; f < G_N_ELEMENTS (fixtures); f++)
    {
      g_autoptr(EsDocument) document = es_test_load_fixture (fixtures[f]);
      g_autoptr(EsThreadStateCache) cache = es_thread_state_cache_new (document, G_MAXSIZE);
      guint64 end = es_document_get_end_time (document);
      gsize n_cut = 0;

      for (guint t = 0; t < es_document_get_n_threads (document); t++)
        {
          const EsThread *thread = es_document_get_thread (document, t);
          g_autoptr(GArray) whole = g_array_new (FALSE, FALSE, sizeof (EsThreadState));
          g_autoptr(GArray) cut = g_array_new (FALSE, FALSE, sizeof (EsThreadState));
          g_autoptr(EsThreadStates) packed = NULL;
          EsThreadTimelineReader *reader = es_document_read_thread_timeline (document, thread);
          const EsThreadStates *made;

          es_document_get_thread_timeline (document, thread, whole);
          for (guint pass = 0; pass < 2; pass++)
            {
              g_autofree EsThreadState *read = g_new (EsThreadState, whole->len + 40);
              guint n = 0, got;

              /* In stretches of 1 to 40, ending with a short one. */
              do
                {
                  guint max = g_rand_int_range (rand, 1, 41);

                  got = es_thread_timeline_reader_read (reader, read + n, max);
                  g_assert_cmpuint (got, <=, max);
                  n += got;
                  if (got < max)
                    break;
                }
              while (TRUE);
              g_assert_true (es_thread_timeline_reader_is_sorted (reader));
              g_assert_cmpuint (n, ==, whole->len);
              for (guint i = 0; i < n; i++)
                {
                  const EsThreadState *want = &g_array_index (whole, EsThreadState, i);

                  g_assert_cmpuint (read[i].time, ==, want->time);
                  g_assert_cmpuint (read[i].cap, ==, want->cap);
                  g_assert_cmpuint (read[i].state, ==, want->state);
                  g_assert_cmpuint (read[i].reason, ==, want->reason);
                }
              es_thread_timeline_reader_rewind (reader);
            }
          es_thread_timeline_reader_free (reader);

          es_thread_state_cache_get_timeline (document, thread, cut);
          n_cut += cut->len - whole->len;
          packed = es_thread_states_new ((const EsThreadState *) (gpointer) cut->data, cut->len, end);
          made = es_thread_state_cache_get (cache, t);
          g_assert_cmpuint (made->n_states, ==, packed->n_states);
          g_assert_cmpuint (made->size, ==, packed->size);
          g_assert_cmpmem (made + 1, made->size - sizeof *made, packed + 1, packed->size - sizeof *packed);
        }
      g_test_message ("%s: %" G_GSIZE_FORMAT " states added by GCs", fixtures[f], n_cut);
    }
}

/* A damaged log where a thread runs on two caps at once: its runs, in the
 * order they start, stop after the next starts, and the states read a few
 * at a time would not be those sorted whole; the reader says so, and the
 * cache packs the states sorted whole, as before. */
static void
test_states_out_of_order_made_whole (void)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new ();
  g_autoptr(EsDocument) document = NULL;
  g_autoptr(EsThreadStateCache) cache = NULL;
  g_autoptr(GArray) whole = g_array_new (FALSE, FALSE, sizeof (EsThreadState));
  g_autoptr(EsThreadStates) packed = NULL;
  static const struct { guint16 tag; guint16 cap; guint64 time; guint16 status; } events[] = {
    { ES_EVENT_CREATE_THREAD, 0, 100, 0 },
    { ES_EVENT_RUN_THREAD, 1, 200, 0 },
    { ES_EVENT_RUN_THREAD, 0, 300, 0 },          /* on two caps at once */
    { ES_EVENT_STOP_THREAD, 0, 400, ES_STOP_BLOCKED_ON_MVAR },
    { ES_EVENT_THREAD_WAKEUP, 0, 500, 0 },
    { ES_EVENT_STOP_THREAD, 1, 900, ES_STOP_THREAD_FINISHED },
  };
  EsThreadTimelineReader *reader;
  EsThreadState read[16];
  const EsThreadStates *made;
  const EsThread *thread;

  for (guint i = 0; i < G_N_ELEMENTS (events); i++)
    {
      EsEvent e = { 0 };

      e.tag = events[i].tag;
      e.cap = events[i].cap;
      e.time = events[i].time;
      if (e.tag == ES_EVENT_STOP_THREAD)
        {
          e.u.stop.thread = 5;
          e.u.stop.status = events[i].status;
        }
      else
        {
          e.u.thread.thread = 5;
          e.u.thread.cap = 0;     /* woken on cap 0 */
        }
      es_document_builder_add (builder, &e);
    }
  document = es_document_builder_finish (builder, FALSE, -1);
  thread = es_document_lookup_thread (document, 5);
  g_assert_nonnull (thread);
  reader = es_document_read_thread_timeline (document, thread);
  g_assert_cmpuint (es_thread_timeline_reader_read (reader, read, G_N_ELEMENTS (read)), <, G_N_ELEMENTS (read));
  g_assert_false (es_thread_timeline_reader_is_sorted (reader));
  es_thread_timeline_reader_free (reader);

  cache = es_thread_state_cache_new (document, G_MAXSIZE);
  made = es_thread_state_cache_get (cache, es_document_find_thread (document, 5));
  es_thread_state_cache_get_timeline (document, thread, whole);
  packed = es_thread_states_new ((const EsThreadState *) (gpointer) whole->data, whole->len,
                                 es_document_get_end_time (document));
  g_assert_cmpuint (made->n_states, ==, whole->len);
  g_assert_cmpuint (made->size, ==, packed->size);
  g_assert_cmpmem (made + 1, made->size - sizeof *made, packed + 1, packed->size - sizeof *packed);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/thread-states/columns-against-brute-force", test_columns_against_brute_force);
  g_test_add_func ("/thread-states/columns-read-few-states", test_columns_read_few_states);
  g_test_add_func ("/thread-states/running-never-exceeds-the-caps", test_running_never_exceeds_the_caps);
  g_test_add_func ("/thread-states/runnable-during-a-gc-is-gc", test_runnable_during_a_gc_is_gc);
  g_test_add_func ("/thread-states/packed-as-plain", test_packed_as_plain);
  g_test_add_func ("/thread-states/read-a-few-at-a-time-as-made-whole", test_read_a_few_at_a_time_as_made_whole);
  g_test_add_func ("/thread-states/states-out-of-order-made-whole", test_states_out_of_order_made_whole);
  g_test_add_func ("/thread-states/packed-at-the-limits", test_packed_at_the_limits);
  g_test_add_func ("/thread-states/packed-codes-in-4-bits", test_packed_codes_in_4_bits);
  g_test_add_func ("/thread-states/made-in-a-worker", test_made_in_a_worker);
  g_test_add_func ("/thread-states/workers-yield-to-the-window", test_workers_yield_to_the_window);
  g_test_add_func ("/thread-states/previous-shown-meanwhile", test_previous_shown_meanwhile);

  return g_test_run ();
}
