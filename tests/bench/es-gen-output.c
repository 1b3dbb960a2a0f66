/* es-gen-output.c: the eventlog blocks and the encoding of events
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

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "es-gen-eventlog-private.h"

/* ----------------------------------------------------------------------- */
/* Output: blocks and events                                               */

void
es_gen_write (Gen          *g,
              const guint8 *data,
              gsize         len)
{
  if (g->error != NULL)
    return;

  if (fwrite (data, 1, len, g->out) != len)
    {
      int saved_errno = errno;

      g_set_error (&g->error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "Could not write '%s': %s", g->path,
                   saved_errno != 0 ? g_strerror (saved_errno) : "short write");
    }
}

void
es_gen_block_open (Gen     *g,
                   Block   *b,
                   guint64  ts)
{
  guint8 *p = b->data;

  p = es_gen_put_u16 (p, EV_BLOCK_MARKER);
  p = es_gen_put_u64 (p, ts);
  p = es_gen_put_u32 (p, 0);   /* block size, patched on close */
  p = es_gen_put_u64 (p, 0);   /* end time, patched on close */
  es_gen_put_u16 (p, b->capno);
  b->len = BLOCK_MARKER_SIZE;
  b->last_ts = ts;
  g->bytes_total += BLOCK_MARKER_SIZE;
  g->n_events++;
  g->n_markers++;
}

/* Writes the block out like GHC's closeBlockMarker + flush: the size counts
 * the marker itself, the end time is the flush time. */
void
es_gen_block_close (Gen     *g,
                    Block   *b,
                    guint64  end_ts)
{
  g_assert (b->len >= BLOCK_MARKER_SIZE);
  g_assert (end_ts >= b->last_ts);

  es_gen_put_u32 (b->data + EVENT_HEADER_SIZE, (guint32) b->len);
  es_gen_put_u64 (b->data + EVENT_HEADER_SIZE + 4, end_ts);
  es_gen_write (g, b->data, b->len);
  b->len = 0;
}

void
es_gen_flush_global (Gen     *g,
                     guint64  ts)
{
  guint64 end_ts = MAX (ts, g->global.last_ts);

  es_gen_block_close (g, &g->global, end_ts);
  es_gen_block_open (g, &g->global, end_ts);
  g->cap_flushes = 0;
  g->global_flush_every = g->n_caps * (guint) es_gen_rng_range (&g->rng, 1, 4);
}

/* The buffer of block @b is full at time @ts: write it out and start a new
 * one, and now and then also flush the global buffer (GHC flushes every
 * buffer on its own, so the global one shows up between capability blocks
 * whenever it has something in it). */
static void
block_flush (Gen     *g,
             Block   *b,
             guint64  ts)
{
  es_gen_block_close (g, b, ts);
  es_gen_block_open (g, b, ts);

  if (b->capno != GLOBAL_CAP &&
      ++g->cap_flushes >= g->global_flush_every &&
      g->global.len > BLOCK_MARKER_SIZE)
    es_gen_flush_global (g, ts);
}

/* Reserves an event in block @b and returns where its payload goes. */
guint8 *
es_gen_emit (Gen     *g,
             Block   *b,
             guint16  tag,
             guint64  ts,
             gsize    payload_len)
{
  gboolean variable = g->sizes[tag] == SIZE_VARIABLE;
  gsize total = EVENT_HEADER_SIZE + (variable ? 2 : 0) + payload_len;
  guint8 *p;

  g_assert (g->sizes[tag] != SIZE_UNDECLARED);
  g_assert (variable || (gsize) g->sizes[tag] == payload_len);
  g_assert (payload_len <= G_MAXUINT16);
  g_assert (ts >= b->last_ts);

  if (b->len + total > b->size)
    block_flush (g, b, ts);

  p = b->data + b->len;
  p = es_gen_put_u16 (p, tag);
  p = es_gen_put_u64 (p, ts);
  if (variable)
    p = es_gen_put_u16 (p, (guint16) payload_len);

  b->len += total;
  b->last_ts = ts;
  g->bytes_total += total;
  g->n_events++;
  return p;
}

void
es_gen_ev0 (Gen     *g,
            Block   *b,
            guint16  tag,
            guint64  ts)
{
  es_gen_emit (g, b, tag, ts, 0);
}

void
es_gen_ev_u16 (Gen     *g,
               Block   *b,
               guint16  tag,
               guint64  ts,
               guint16  v)
{
  es_gen_put_u16 (es_gen_emit (g, b, tag, ts, 2), v);
}

void
es_gen_ev_u32 (Gen     *g,
               Block   *b,
               guint16  tag,
               guint64  ts,
               guint32  v)
{
  es_gen_put_u32 (es_gen_emit (g, b, tag, ts, 4), v);
}

void
es_gen_ev_u32_u16 (Gen     *g,
                   Block   *b,
                   guint16  tag,
                   guint64  ts,
                   guint32  a,
                   guint16  c)
{
  guint8 *p = es_gen_emit (g, b, tag, ts, 6);

  p = es_gen_put_u32 (p, a);
  es_gen_put_u16 (p, c);
}

void
es_gen_ev_u32_u32 (Gen     *g,
                   Block   *b,
                   guint16  tag,
                   guint64  ts,
                   guint32  a,
                   guint32  c)
{
  guint8 *p = es_gen_emit (g, b, tag, ts, 8);

  p = es_gen_put_u32 (p, a);
  es_gen_put_u32 (p, c);
}

void
es_gen_ev_u32_u64 (Gen     *g,
                   Block   *b,
                   guint16  tag,
                   guint64  ts,
                   guint32  a,
                   guint64  c)
{
  guint8 *p = es_gen_emit (g, b, tag, ts, 12);

  p = es_gen_put_u32 (p, a);
  es_gen_put_u64 (p, c);
}

void
es_gen_ev_stop_thread (Gen     *g,
                       Block   *b,
                       guint64  ts,
                       guint32  tid,
                       guint16  status,
                       guint32  info)
{
  guint8 *p = es_gen_emit (g, b, EV_STOP_THREAD, ts, 10);

  p = es_gen_put_u32 (p, tid);
  p = es_gen_put_u16 (p, status);
  es_gen_put_u32 (p, info);
}

/* Variable-size event: optional u32 prefix, then raw bytes. */
void
es_gen_ev_bytes (Gen         *g,
                 Block       *b,
                 guint16      tag,
                 guint64      ts,
                 gboolean     has_prefix,
                 guint32      prefix,
                 const void  *bytes,
                 gsize        len)
{
  guint8 *p = es_gen_emit (g, b, tag, ts, (has_prefix ? 4 : 0) + len);

  if (has_prefix)
    p = es_gen_put_u32 (p, prefix);
  memcpy (p, bytes, len);
}

void
es_gen_ev_string (Gen        *g,
                  Block      *b,
                  guint16     tag,
                  guint64     ts,
                  const char *str)
{
  es_gen_ev_bytes (g, b, tag, ts, FALSE, 0, str, strlen (str));
}

void
es_gen_ev_task_create (Gen        *g,
                       guint64     ts,
                       const Task *task)
{
  guint8 *p = es_gen_emit (g, &g->global, EV_TASK_CREATE, ts, 18);

  p = es_gen_put_u64 (p, task->task_id);
  p = es_gen_put_u16 (p, task->cap);
  es_gen_put_u64 (p, task->kernel_tid);
}

void
es_gen_ev_spark_counters (Gen     *g,
                          Cap     *c,
                          guint64  ts)
{
  guint8 *p = es_gen_emit (g, &c->block, EV_SPARK_COUNTERS, ts, 56);

  /* on-disk order: created, dud, overflowed, converted, gcd, fizzled, remaining */
  p = es_gen_put_u64 (p, c->sparks_created);
  p = es_gen_put_u64 (p, c->sparks_dud);
  p = es_gen_put_u64 (p, c->sparks_overflowed);
  p = es_gen_put_u64 (p, c->sparks_converted);
  p = es_gen_put_u64 (p, c->sparks_gcd);
  p = es_gen_put_u64 (p, c->sparks_fizzled);
  es_gen_put_u64 (p, c->spark_pool);
}

/* Global events are stamped with the capability-local time of whoever
 * posts them, kept monotone. */
guint64
es_gen_global_ts (Gen     *g,
                  guint64  now)
{
  return MAX (now, g->global.last_ts);
}

/* Spreads the @remaining events left in a span over the rest of it. */
guint64
es_gen_cursor_next (Gen    *g,
                    Cursor *cur)
{
  guint64 span = cur->end > cur->t ? (cur->end - cur->t) / (cur->remaining + 1) : 0;

  cur->t += span / 2 + es_gen_rng_below (&g->rng, span / 2 + 1);
  if (cur->remaining > 0)
    cur->remaining--;
  return cur->t;
}
