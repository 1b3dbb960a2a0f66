/* es-gen-schedule.c: the simulated scheduler: threads, sparks and tasks
 *
 * Copyright 2026 The Eventscope authors
 *
 * This program is free software: you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation, either version 3 of the License, or
 * (at your option) any later version.
 *
 * This program is distributed in the hope that it will be useful,
 * but WITHOUT ANY WARRANTY; without even the implied warranty of
 * MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
 * GNU General Public License for more details.
 *
 * You should have received a copy of the GNU General Public License
 * along with this program.  If not, see <https://www.gnu.org/licenses/>.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include <glib.h>

#include "es-gen-eventlog-private.h"

static const char *phase_names[] = { "parse", "solve", "render", "io" };

/* ----------------------------------------------------------------------- */
/* Thread queues and the sleeper heap                                      */

static void
queue_grow (TidQueue *q)
{
  guint new_alloc = q->alloc != 0 ? q->alloc * 2 : 16;
  guint32 *items = g_new (guint32, new_alloc);
  guint i;

  for (i = 0; i < q->len; i++)
    items[i] = q->items[(q->head + i) & (q->alloc - 1)];
  g_free (q->items);
  q->items = items;
  q->head = 0;
  q->alloc = new_alloc;
}

void
es_gen_queue_push_back (TidQueue *q,
                        guint32   tid)
{
  if (q->len == q->alloc)
    queue_grow (q);
  q->items[(q->head + q->len) & (q->alloc - 1)] = tid;
  q->len++;
}

static void
queue_push_front (TidQueue *q,
                  guint32   tid)
{
  if (q->len == q->alloc)
    queue_grow (q);
  q->head = (q->head + q->alloc - 1) & (q->alloc - 1);
  q->items[q->head] = tid;
  q->len++;
}

static guint32
queue_pop_front (TidQueue *q)
{
  guint32 tid = q->items[q->head];

  q->head = (q->head + 1) & (q->alloc - 1);
  q->len--;
  return tid;
}

static guint32
queue_pop_back (TidQueue *q)
{
  q->len--;
  return q->items[(q->head + q->len) & (q->alloc - 1)];
}

static void
sleepers_push (SleeperHeap *h,
               guint64      wake,
               guint32      tid)
{
  guint i;

  if (h->len == h->alloc)
    {
      h->alloc = h->alloc != 0 ? h->alloc * 2 : 64;
      h->items = g_renew (Sleeper, h->items, h->alloc);
    }
  i = h->len++;
  while (i > 0)
    {
      guint parent = (i - 1) / 2;

      if (h->items[parent].wake <= wake)
        break;
      h->items[i] = h->items[parent];
      i = parent;
    }
  h->items[i].wake = wake;
  h->items[i].tid = tid;
}

static Sleeper
sleepers_pop (SleeperHeap *h)
{
  Sleeper top = h->items[0];
  Sleeper last = h->items[--h->len];
  guint i = 0;

  for (;;)
    {
      guint child = 2 * i + 1;

      if (child >= h->len)
        break;
      if (child + 1 < h->len && h->items[child + 1].wake < h->items[child].wake)
        child++;
      if (last.wake <= h->items[child].wake)
        break;
      h->items[i] = h->items[child];
      i = child;
    }
  if (h->len > 0)
    h->items[i] = last;
  return top;
}

/* ----------------------------------------------------------------------- */
/* Simulation                                                              */

guint32
es_gen_new_thread (Gen        *g,
                   ThreadKind  kind,
                   guint16     cap,
                   guint64     ts)
{
  guint32 tid = ++g->n_threads;
  Thread *th;

  if (tid >= g->alloc_threads)
    {
      g->alloc_threads = MAX (1024, g->alloc_threads * 2);
      g->threads = g_renew (Thread, g->threads, g->alloc_threads);
    }
  th = &g->threads[tid];
  memset (th, 0, sizeof *th);
  th->created = ts;
  th->cap = cap;
  th->state = THREAD_QUEUED;
  th->kind = kind;
  th->alloc_rate = (guint32) es_gen_rng_log_range (&g->rng, 50, 2000);

  if (kind == KIND_NORMAL)
    {
      if (g->n_live == g->alloc_live)
        {
          g->alloc_live = MAX (256, g->alloc_live * 2);
          g->live = g_renew (guint32, g->live, g->alloc_live);
        }
      th->live_idx = g->n_live;
      g->live[g->n_live++] = tid;
    }
  return tid;
}

static void
thread_finished (Gen     *g,
                 guint32  tid)
{
  Thread *th = &g->threads[tid];

  th->state = THREAD_DEAD;
  if (th->kind == KIND_NORMAL)
    {
      guint32 moved = g->live[--g->n_live];

      g->live[th->live_idx] = moved;
      g->threads[moved].live_idx = th->live_idx;
    }
}

static void
thread_block (Gen     *g,
              guint32  tid,
              guint64  wake)
{
  g->threads[tid].state = THREAD_BLOCKED;
  sleepers_push (&g->sleepers, wake, tid);
}

/* Something was put on @c's run queue at @now: an idle capability wakes up
 * shortly after. */
static void
cap_kick (Gen     *g,
          Cap     *c,
          guint64  now)
{
  guint64 wake;

  if (!c->idle || c->gc_wait)
    return;
  wake = now + es_gen_rng_range (&g->rng, US (2), US (30));
  c->idle = FALSE;
  c->time = MAX (c->block.last_ts, MIN (c->time, wake));
}

static guint64
gc_limit (Gen *g,
          Cap *c)
{
  if (c->no == g->gc_requester)
    return g->next_gc;
  return g->next_gc + c->gc_lat;
}

static guint16
gc_stop_status (Gen *g,
                Cap *c)
{
  if (c->no == g->gc_requester || es_gen_rng_chance (&g->rng, 200))
    return STOP_HEAP_OVERFLOW;
  return STOP_YIELDING;
}

void
es_gen_task_create (Gen     *g,
                    guint16  cap,
                    guint64  now)
{
  Task *task;

  if (g->n_tasks >= g->n_caps * MAX_TASKS_PER_CAP)
    {
      /* retire the oldest worker first */
      guint64 ts = es_gen_global_ts (g, now);
      es_gen_put_u64 (es_gen_emit (g, &g->global, EV_TASK_DELETE, ts, 8), g->tasks[0].task_id);
      memmove (g->tasks, g->tasks + 1, (g->n_tasks - 1) * sizeof (Task));
      g->n_tasks--;
    }
  task = &g->tasks[g->n_tasks++];
  task->task_id = G_GUINT64_CONSTANT (0x7fb0645006c0) - ((guint64) (g->task_seq & 0xffff) << 23);
  task->kernel_tid = g->pid + 2 + g->task_seq;
  task->cap = cap;
  g->task_seq++;
  es_gen_ev_task_create (g, es_gen_global_ts (g, now), task);
}

static void
task_migrate (Gen     *g,
              guint16  to,
              guint64  now)
{
  Task *task = &g->tasks[es_gen_rng_below (&g->rng, g->n_tasks)];
  guint8 *p;

  if (task->cap == to)
    return;
  p = es_gen_emit (g, &g->global, EV_TASK_MIGRATE, es_gen_global_ts (g, now), 12);
  p = es_gen_put_u64 (p, task->task_id);
  p = es_gen_put_u16 (p, task->cap);
  es_gen_put_u16 (p, to);
  task->cap = to;
}

static void
spark_create (Gen     *g,
              Cap     *c,
              guint64  ts)
{
  if (es_gen_rng_chance (&g->rng, 40))
    {
      es_gen_ev0 (g, &c->block, EV_SPARK_DUD, ts);
      c->sparks_dud++;
    }
  else if (c->spark_pool >= SPARK_POOL_SIZE)
    {
      es_gen_ev0 (g, &c->block, EV_SPARK_OVERFLOW, ts);
      c->sparks_overflowed++;
    }
  else
    {
      es_gen_ev0 (g, &c->block, EV_SPARK_CREATE, ts);
      c->sparks_created++;
      c->spark_pool++;
      g->pending_sparks++;
    }
}

static Cap *
find_spark_victim (Gen *g,
                   Cap *thief)
{
  guint start = (guint) es_gen_rng_below (&g->rng, g->n_caps);
  guint i;

  for (i = 0; i < g->n_caps; i++)
    {
      Cap *v = &g->caps[(start + i) % g->n_caps];

      if (v != thief && v->spark_pool > 0)
        return v;
    }
  return NULL;
}

static Cap *
find_idle_cap (Gen *g,
               Cap *from)
{
  guint start = (guint) es_gen_rng_below (&g->rng, g->n_caps);
  guint i;

  for (i = 0; i < g->n_caps; i++)
    {
      Cap *d = &g->caps[(start + i) % g->n_caps];

      if (d != from && d->runq.len == 0 && !d->gc_wait)
        return d;
    }
  return NULL;
}

/* Duration of one run of a Haskell thread: mostly short, sometimes until
 * the 20 ms context-switch timer. */
static guint64
slice_length (Gen *g)
{
  guint r = (guint) es_gen_rng_below (&g->rng, 100);

  if (r < 70)
    return es_gen_rng_log_range (&g->rng, US (3), US (120));
  if (r < 96)
    return es_gen_rng_log_range (&g->rng, US (120), MS (2));
  return es_gen_rng_log_range (&g->rng, MS (2), MS (20));
}

static void
run_normal (Gen     *g,
            Cap     *c,
            guint32  tid,
            guint64  now)
{
  guint64 limit = gc_limit (g, c);
  guint64 end = now + slice_length (g);
  gboolean clipped = FALSE;
  guint n_spawn = 0, n_sparks = 0, n_msg = 0, n_marker = 0;
  guint16 status;
  guint32 info = 0;
  Cursor cur;
  guint i;

  if (end >= limit)
    {
      end = MAX (limit, now + 200);
      clipped = TRUE;
    }

  if (g->n_live < g->target_threads ? es_gen_rng_chance (&g->rng, 300)
                                    : es_gen_rng_chance (&g->rng, 5))
    n_spawn = 1 + (guint) es_gen_rng_below (&g->rng, 2);
  if (es_gen_rng_chance (&g->rng, 60))
    n_sparks = 1 + (guint) es_gen_rng_below (&g->rng, 8);
  if (es_gen_rng_chance (&g->rng, g->message_per_mille))
    n_msg = 1;
  if (es_gen_rng_chance (&g->rng, 2))
    n_marker = 1;

  es_gen_ev_u32 (g, &c->block, EV_RUN_THREAD, now, tid);

  cur.t = now;
  cur.end = end;
  cur.remaining = n_spawn * 2 + n_sparks + n_msg + n_marker;

  if (n_msg)
    {
      Thread *th = &g->threads[tid];
      char msg[32];

      if (th->phase == 0)
        {
          th->phase = 1 + (guint8) es_gen_rng_below (&g->rng, G_N_ELEMENTS (phase_names));
          g_snprintf (msg, sizeof msg, "START %s", phase_names[th->phase - 1]);
        }
      else
        {
          g_snprintf (msg, sizeof msg, "STOP %s", phase_names[th->phase - 1]);
          th->phase = 0;
        }
      es_gen_ev_string (g, &c->block, EV_USER_MSG, es_gen_cursor_next (g, &cur), msg);
    }

  if (n_marker)
    {
      char msg[32];

      g_snprintf (msg, sizeof msg, "iteration %u", g->n_gcs);
      es_gen_ev_string (g, &c->block, EV_USER_MARKER, es_gen_cursor_next (g, &cur), msg);
    }

  for (i = 0; i < n_spawn; i++)
    {
      guint64 ts = es_gen_cursor_next (g, &cur);
      guint32 child = es_gen_new_thread (g, KIND_NORMAL, c->no, ts);

      es_gen_ev_u32 (g, &c->block, EV_CREATE_THREAD, ts, child);
      if (es_gen_rng_chance (&g->rng, 300))
        {
          char label[32];

          g_snprintf (label, sizeof label, "worker-%u", child);
          es_gen_ev_bytes (g, &c->block, EV_THREAD_LABEL, es_gen_cursor_next (g, &cur),
                           TRUE, child, label, strlen (label));
        }
      else
        es_gen_ev_u32 (g, &c->block, EV_THREAD_RUNNABLE, es_gen_cursor_next (g, &cur), child);
      es_gen_queue_push_back (&c->runq, child);
    }

  for (i = 0; i < n_sparks; i++)
    spark_create (g, c, es_gen_cursor_next (g, &cur));

  c->allocated += (end - now) * g->threads[tid].alloc_rate / 1000;

  if (clipped)
    {
      status = gc_stop_status (g, c);
      c->gc_wait = TRUE;
    }
  else
    {
      guint r = (guint) es_gen_rng_below (&g->rng, 1000);

      /* tid 1 is the main thread: it never finishes */
      if (tid != 1 && g->n_live > g->target_threads && r < 150)
        status = STOP_FINISHED;
      else if (r < 300)
        status = STOP_HEAP_OVERFLOW;
      else if (r < 560)
        status = STOP_YIELDING;
      else if (r < 730)
        status = STOP_BLOCKED_MVAR;
      else if (r < 800)
        status = STOP_BLACK_HOLE;
      else if (r < 900)
        status = STOP_DELAY;
      else if (r < 930)
        status = STOP_FOREIGN_CALL;
      else if (r < 970 && tid != 1 && g->n_live > g->target_threads / 2)
        status = STOP_FINISHED;
      else
        status = STOP_YIELDING;

      if (status == STOP_BLACK_HOLE)
        {
          guint32 owner = g->live[es_gen_rng_below (&g->rng, g->n_live)];

          /* capabilities run ahead of each other a little: the owner
           * must already exist at this time */
          if (owner != tid && g->threads[owner].created <= end)
            info = owner;
          else
            status = STOP_BLOCKED_MVAR;
        }
    }

  es_gen_ev_stop_thread (g, &c->block, end, tid, status, info);

  switch (status)
    {
    case STOP_HEAP_OVERFLOW:
      queue_push_front (&c->runq, tid);
      break;
    case STOP_YIELDING:
      if (clipped)
        queue_push_front (&c->runq, tid);
      else
        es_gen_queue_push_back (&c->runq, tid);
      break;
    case STOP_FINISHED:
      thread_finished (g, tid);
      break;
    case STOP_BLOCKED_MVAR:
      thread_block (g, tid, end + es_gen_rng_log_range (&g->rng, US (2), MS (2)));
      break;
    case STOP_BLACK_HOLE:
      thread_block (g, tid, end + es_gen_rng_log_range (&g->rng, US (1), US (200)));
      break;
    case STOP_DELAY:
      thread_block (g, tid, end + es_gen_rng_log_range (&g->rng, US (100), MS (20)));
      break;
    case STOP_FOREIGN_CALL:
      thread_block (g, tid, end + es_gen_rng_log_range (&g->rng, US (5), MS (1)));
      if (es_gen_rng_chance (&g->rng, 150))
        es_gen_task_create (g, c->no, end);
      break;
    default:
      g_assert_not_reached ();
    }

  c->time = end + es_gen_rng_range (&g->rng, 150, 3000);
}

/* The capability's spark thread ("spark evaluator"): runs local sparks,
 * steals from others, and finishes when there are none left. */
static void
run_spark_thread (Gen     *g,
                  Cap     *c,
                  guint32  tid,
                  guint64  now)
{
  guint64 limit = gc_limit (g, c);
  guint64 budget = now + es_gen_rng_log_range (&g->rng, US (200), MS (20));
  guint64 t = now;
  guint16 status;

  es_gen_ev_u32 (g, &c->block, EV_RUN_THREAD, now, tid);

  for (;;)
    {
      guint64 work;
      Cap *victim;

      if (t >= limit)
        {
          status = gc_stop_status (g, c);
          c->gc_wait = TRUE;
          break;
        }
      if (t >= budget)
        {
          status = STOP_YIELDING;
          break;
        }

      t += es_gen_rng_range (&g->rng, 80, 600);
      if (c->spark_pool > 0)
        {
          c->spark_pool--;
          g->pending_sparks--;
          if (es_gen_rng_chance (&g->rng, 80))
            {
              es_gen_ev0 (g, &c->block, EV_SPARK_FIZZLE, t);
              c->sparks_fizzled++;
              continue;
            }
          es_gen_ev0 (g, &c->block, EV_SPARK_RUN, t);
        }
      else if ((victim = find_spark_victim (g, c)) != NULL)
        {
          victim->spark_pool--;
          g->pending_sparks--;
          es_gen_ev_u16 (g, &c->block, EV_SPARK_STEAL, t, victim->no);
        }
      else
        {
          status = STOP_FINISHED;
          break;
        }
      c->sparks_converted++;

      /* evaluate it: divide-and-conquer code sparks more work */
      work = es_gen_rng_log_range (&g->rng, US (2), US (400));
      if (es_gen_rng_chance (&g->rng, 350))
        {
          guint n = 1 + (guint) es_gen_rng_below (&g->rng, 2);
          Cursor cur = { t, MIN (t + work, limit), n };
          guint i;

          for (i = 0; i < n; i++)
            spark_create (g, c, es_gen_cursor_next (g, &cur));
        }
      c->allocated += work * g->threads[tid].alloc_rate / 1000;
      t = MAX (c->block.last_ts, MIN (t + work, MAX (limit, t)));
    }

  t = MAX (t, c->block.last_ts);
  es_gen_ev_stop_thread (g, &c->block, t, tid, status, 0);
  if (status == STOP_FINISHED)
    {
      thread_finished (g, tid);
      c->spark_thread = 0;
    }
  else if (status == STOP_YIELDING && !c->gc_wait)
    es_gen_queue_push_back (&c->runq, tid);
  else
    queue_push_front (&c->runq, tid);

  c->time = t + es_gen_rng_range (&g->rng, 150, 3000);
}

/* IO/timer manager threads: short runs, then back into a foreign call. */
static void
run_iomgr (Gen     *g,
           Cap     *c,
           guint32  tid,
           guint64  now)
{
  guint64 limit = gc_limit (g, c);
  guint64 end = now + es_gen_rng_log_range (&g->rng, US (1), US (15));

  es_gen_ev_u32 (g, &c->block, EV_RUN_THREAD, now, tid);
  if (end >= limit)
    {
      end = MAX (limit, now + 200);
      es_gen_ev_stop_thread (g, &c->block, end, tid, gc_stop_status (g, c), 0);
      c->gc_wait = TRUE;
      queue_push_front (&c->runq, tid);
    }
  else
    {
      es_gen_ev_stop_thread (g, &c->block, end, tid, STOP_FOREIGN_CALL, 0);
      thread_block (g, tid, end + es_gen_rng_log_range (&g->rng, US (200), MS (20)));
    }
  c->time = end + es_gen_rng_range (&g->rng, 150, 3000);
}

void
es_gen_cap_step (Gen *g,
                 Cap *c)
{
  guint64 now = c->time;
  guint woken = 0;

  c->idle = FALSE;

  /* wake up threads whose MVar/black hole/delay/foreign call is done */
  while (g->sleepers.len > 0 && g->sleepers.items[0].wake <= now && woken < 4)
    {
      Sleeper s = sleepers_pop (&g->sleepers);
      Thread *th = &g->threads[s.tid];
      Cap *owner = &g->caps[th->cap];

      es_gen_ev_u32_u16 (g, &c->block, EV_THREAD_WAKEUP, now, s.tid, th->cap);
      th->state = THREAD_QUEUED;
      es_gen_queue_push_back (&owner->runq, s.tid);
      if (owner != c)
        cap_kick (g, owner, now);
      now += es_gen_rng_range (&g->rng, 100, 600);
      woken++;
    }

  /* push surplus threads to capabilities with nothing to do */
  if (c->runq.len >= 2 && g->n_caps > 1 && es_gen_rng_chance (&g->rng, 500))
    {
      Cap *d = find_idle_cap (g, c);
      guint n = c->runq.len / 2;

      while (d != NULL && n-- > 0)
        {
          guint32 tid = queue_pop_back (&c->runq);

          /* spark and IO manager threads stay on their capability */
          if (g->threads[tid].kind != KIND_NORMAL)
            {
              es_gen_queue_push_back (&c->runq, tid);
              break;
            }
          es_gen_ev_u32_u16 (g, &c->block, EV_MIGRATE_THREAD, now, tid, d->no);
          g->threads[tid].cap = d->no;
          es_gen_queue_push_back (&d->runq, tid);
          now += es_gen_rng_range (&g->rng, 60, 400);
        }
      if (d != NULL)
        {
          cap_kick (g, d, now);
          if (es_gen_rng_chance (&g->rng, 200))
            task_migrate (g, d->no, now);
        }
    }

  if (c->runq.len > 0)
    {
      guint32 tid = queue_pop_front (&c->runq);

      switch ((ThreadKind) g->threads[tid].kind)
        {
        case KIND_NORMAL:
          run_normal (g, c, tid, now);
          break;
        case KIND_SPARK:
          run_spark_thread (g, c, tid, now);
          break;
        case KIND_IOMGR:
          run_iomgr (g, c, tid, now);
          break;
        default:
          g_assert_not_reached ();
        }
    }
  else if (g->pending_sparks > 0 && c->spark_thread == 0)
    {
      guint32 tid = es_gen_new_thread (g, KIND_SPARK, c->no, now);
      static const char label[] = "spark evaluator";

      es_gen_ev_u32 (g, &c->block, EV_CREATE_THREAD, now, tid);
      now += es_gen_rng_range (&g->rng, 50, 1500);
      es_gen_ev_bytes (g, &c->block, EV_THREAD_LABEL, now, TRUE, tid, label, sizeof label - 1);
      now += es_gen_rng_range (&g->rng, 50, 400);
      c->spark_thread = tid;
      run_spark_thread (g, c, tid, now);
    }
  else
    {
      /* nothing to do: sleep until kicked or until the timeout */
      c->idle = TRUE;
      c->time = now + es_gen_rng_log_range (&g->rng, US (20), MS (2));
    }
}

Cap *
es_gen_next_cap (Gen *g)
{
  Cap *best = NULL;
  guint i;

  for (i = 0; i < g->n_caps; i++)
    {
      Cap *c = &g->caps[i];

      if (!c->gc_wait && (best == NULL || c->time < best->time))
        best = c;
    }
  return best;
}
