/* es-gen-gc.c: the simulated stop-the-world parallel GCs
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

/* ----------------------------------------------------------------------- */
/* Garbage collection                                                      */

void
es_gen_gc_schedule_next (Gen     *g,
                         guint64  after)
{
  guint i;

  g->next_gc = after + es_gen_rng_log_range (&g->rng, MS (1), MS (10));
  g->gc_requester = (guint) es_gen_rng_below (&g->rng, g->n_caps);
  for (i = 0; i < g->n_caps; i++)
    g->caps[i].gc_lat = es_gen_rng_log_range (&g->rng, US (1), US (40));
}

/* Returns the time of the capability's GC_END. */
static guint64
gc_on_cap (Gen           *g,
           Cap           *c,
           guint64        g0,
           guint64        g1,
           const GcStats *st)
{
  gboolean leader = c->no == g->gc_requester;
  guint rounds = (guint) es_gen_rng_below (&g->rng, 3);
  guint extra = leader ? MIN (g->n_caps, 3) - 1 : 0;
  guint pruned = 0;
  guint64 t = g0 + es_gen_rng_range (&g->rng, 0, US (3));
  guint64 gc_end;
  Cursor cur;
  guint i;

  es_gen_ev0 (g, &c->block, EV_GC_START, t);
  t += es_gen_rng_range (&g->rng, 300, US (3));
  es_gen_ev0 (g, &c->block, EV_GC_WORK, t);

  if (c->spark_pool > 0 && es_gen_rng_chance (&g->rng, 300))
    pruned = 1 + (guint) es_gen_rng_below (&g->rng, MIN (c->spark_pool, 64));

  cur.t = t;
  cur.end = g1 - US (1);
  cur.remaining = pruned + 2 * rounds + 2 + 2 * extra;

  for (i = 0; i < pruned; i++)
    {
      if (es_gen_rng_chance (&g->rng, 200))
        {
          es_gen_ev0 (g, &c->block, EV_SPARK_FIZZLE, es_gen_cursor_next (g, &cur));
          c->sparks_fizzled++;
        }
      else
        {
          es_gen_ev0 (g, &c->block, EV_SPARK_GC, es_gen_cursor_next (g, &cur));
          c->sparks_gcd++;
        }
      c->spark_pool--;
      g->pending_sparks--;
    }

  for (i = 0; i < rounds; i++)
    {
      es_gen_ev0 (g, &c->block, EV_GC_IDLE, es_gen_cursor_next (g, &cur));
      es_gen_ev0 (g, &c->block, EV_GC_WORK, es_gen_cursor_next (g, &cur));
    }
  es_gen_ev0 (g, &c->block, EV_GC_IDLE, es_gen_cursor_next (g, &cur));
  es_gen_ev0 (g, &c->block, EV_GC_DONE, es_gen_cursor_next (g, &cur));
  for (i = 0; i < extra; i++)
    {
      es_gen_ev0 (g, &c->block, EV_GC_IDLE, es_gen_cursor_next (g, &cur));
      es_gen_ev0 (g, &c->block, EV_GC_DONE, es_gen_cursor_next (g, &cur));
    }

  t = MAX (c->block.last_ts, g1) + es_gen_rng_range (&g->rng, 200, US (3));
  es_gen_ev_u32_u64 (g, &c->block, EV_HEAP_ALLOCATED, t, HEAP_CAPSET, c->allocated);

  if (leader)
    {
      guint8 *p;

      t += es_gen_rng_range (&g->rng, 200, 1500);
      es_gen_ev0 (g, &c->block, EV_GC_GLOBAL_SYNC, t);
      t += es_gen_rng_range (&g->rng, 30, 300);
      p = es_gen_emit (g, &c->block, EV_GC_STATS_GHC, t, 58);
      p = es_gen_put_u32 (p, HEAP_CAPSET);
      p = es_gen_put_u16 (p, st->major ? 1 : 0);
      p = es_gen_put_u64 (p, st->copied);
      p = es_gen_put_u64 (p, st->slop);
      p = es_gen_put_u64 (p, st->frag);
      p = es_gen_put_u32 (p, g->n_caps);
      p = es_gen_put_u64 (p, st->par_max);
      p = es_gen_put_u64 (p, st->copied);
      es_gen_put_u64 (p, st->par_balanced);
    }

  t += es_gen_rng_range (&g->rng, 100, 2500);
  es_gen_ev0 (g, &c->block, EV_GC_END, t);
  gc_end = t;

  if (leader)
    {
      if (st->major)
        {
          t += es_gen_rng_range (&g->rng, 30, 3000);
          es_gen_ev_u32_u64 (g, &c->block, EV_HEAP_LIVE, t, HEAP_CAPSET, g->heap_live);
        }
      t += es_gen_rng_range (&g->rng, 30, 300);
      es_gen_ev_u32_u64 (g, &c->block, EV_HEAP_SIZE, t, HEAP_CAPSET, g->heap_size);
    }

  t += es_gen_rng_range (&g->rng, 60, 600);
  es_gen_ev_spark_counters (g, c, t);

  c->gc_wait = FALSE;
  c->idle = FALSE;
  c->time = t;
  return gc_end;
}

/* A stop-the-world parallel GC on every capability. */
void
es_gen_gc (Gen *g)
{
  Cap *req = &g->caps[g->gc_requester];
  guint64 tgc = g->next_gc;
  guint64 total_alloc = 0, since, g0, g1, dur, needed, released = 0;
  GcStats st;
  guint i;

  g0 = MAX (req->block.last_ts, tgc) + es_gen_rng_range (&g->rng, 300, 2000);
  es_gen_ev0 (g, &req->block, EV_REQUEST_PAR_GC, g0);
  for (i = 0; i < g->n_caps; i++)
    {
      Cap *c = &g->caps[i];

      g0 = MAX (g0, MAX (c->block.last_ts, tgc + c->gc_lat));
      total_alloc += c->allocated;
    }
  g0 += es_gen_rng_range (&g->rng, US (1), US (8));

  /* heap model: minor GCs copy a few % of the nursery and promote some of
   * it; every ~10th GC is major and copies (and shrinks) the live data */
  since = total_alloc - g->alloc_at_last_gc;
  g->alloc_at_last_gc = total_alloc;
  memset (&st, 0, sizeof st);
  st.major = es_gen_rng_chance (&g->rng, 100);
  if (st.major)
    {
      st.copied = g->heap_live;
      g->heap_live = g->heap_live * es_gen_rng_range (&g->rng, 40, 95) / 100 + 64 * 1024;
      dur = US (150) + st.copied * 3 / g->n_caps + es_gen_rng_below (&g->rng, US (300));
    }
  else
    {
      st.copied = since * es_gen_rng_range (&g->rng, 1, 8) / 100 +
                  es_gen_rng_range (&g->rng, 200, 8192);
      g->heap_live += st.copied * es_gen_rng_range (&g->rng, 5, 40) / 100;
      dur = US (15) + st.copied * 2 / g->n_caps + es_gen_rng_below (&g->rng, US (60));
    }
  st.copied &= ~G_GUINT64_CONSTANT (7);
  st.slop = es_gen_rng_range (&g->rng, 8 * 1024, 256 * 1024) & ~G_GUINT64_CONSTANT (7);
  st.frag = es_gen_rng_range (&g->rng, 256, 2048) * 4096;
  st.par_max = st.copied / g->n_caps * es_gen_rng_range (&g->rng, 100, 180) / 100;
  st.par_max = MIN (st.copied, st.par_max);
  st.par_balanced = st.copied * es_gen_rng_range (&g->rng, 20, 100) / 100;
  st.par_balanced &= ~G_GUINT64_CONSTANT (7);

  needed = (g->heap_live * 3 + (g->n_caps + 1) * MEGABYTE + MEGABYTE - 1) / MEGABYTE * MEGABYTE;
  if (needed > g->heap_size || (st.major && needed < g->heap_size * 3 / 4))
    g->heap_size = needed;

  g1 = g0 + dur;
  for (i = 0; i < g->n_caps; i++)
    {
      guint64 gc_end = gc_on_cap (g, &g->caps[i], g0, g1, &st);

      released = MAX (released, gc_end);
    }

  /* mutators resume once the last GC thread has finished */
  for (i = 0; i < g->n_caps; i++)
    {
      Cap *c = &g->caps[i];

      c->time = MAX (c->time, released) + es_gen_rng_range (&g->rng, 200, 2000);
    }

  /* the program goes through phases of more or less parallelism, so that
   * the capabilities are sometimes idle */
  if (es_gen_rng_chance (&g->rng, 30) && g->fixed_threads == 0)
    {
      guint r = (guint) es_gen_rng_below (&g->rng, 10);

      if (r < 4)
        g->target_threads = 2;
      else if (r < 7)
        g->target_threads = g->n_caps + 1;
      else
        g->target_threads = 6 * g->n_caps + 4;
    }

  g->n_gcs++;
  es_gen_gc_schedule_next (g, g1);
}
