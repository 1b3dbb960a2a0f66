/* es-gen-eventlog.c
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

/*
 * es-gen-eventlog: writes a large, valid and plausible GHC eventlog for
 * benchmarks and tests of the parser and the timeline.
 *
 *   es-gen-eventlog [--size-mb N] [--caps N] [--threads N] [--seed S] OUT.eventlog
 *
 * The output imitates what GHC 9.0.2's threaded RTS writes with +RTS -l:
 * the same event-type header (69 types, GC_STATS_GHC with 58 bytes), a
 * global block (cap 0xFFFF) with the capset/RTS/process events, then
 * per-capability blocks of at most 2 MiB, flushed interleaved as they fill
 * up, with an occasional global block for task events.  Every capability
 * runs a small simulated scheduler: Haskell threads are created, run for a
 * few µs to ms and stop (heap overflow, yield, MVar, black hole, delay,
 * foreign call, finished), get migrated to idle capabilities and woken up;
 * sparks are created, run, stolen, fizzled and GC'd; stop-the-world
 * parallel GCs happen every 1-10 ms of simulated time on all capabilities
 * at once, with GHC's event order and the heap/GC statistics events.
 *
 * By default the program goes through phases of 2, caps + 1 and 6 x caps
 * + 4 live threads; --threads N keeps about N alive all along instead, as
 * a server that forks a thread per request does (the thread rows' worst
 * case: N rows, each busy all the run).
 *
 * Everything is derived from --seed with a private PRNG, so a given
 * command line always writes the same bytes.  The log stops once it holds
 * --size-mb MiB; the open blocks are then closed and DATA_END is written.
 *
 * This file has main(), the header, the start-up and the shutdown;
 * es-gen-output.c the blocks and events, es-gen-schedule.c the scheduler,
 * es-gen-gc.c the GCs, and es-gen-eventlog-private.h what they share.
 */

#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "es-gen-eventlog-private.h"

typedef struct
{
  guint16     tag;
  guint16     size;
  const char *desc;
} EventType;

/* The header GHC 9.0.2 writes (rts_thr_l), in its order. */
static const EventType event_types[] = {
  {   0,  4, "Create thread" },
  {   1,  4, "Run thread" },
  {   2, 10, "Stop thread" },
  {   3,  4, "Thread runnable" },
  {   4,  6, "Migrate thread" },
  {   8,  6, "Wakeup thread" },
  {   9,  0, "Starting GC" },
  {  10,  0, "Finished GC" },
  {  11,  0, "Request sequential GC" },
  {  12,  0, "Request parallel GC" },
  {  15,  4, "Create spark thread" },
  {  16, SIZE_VARIABLE, "Log message" },
  {  18, 14, "Block marker" },
  {  19, SIZE_VARIABLE, "User message" },
  {  20,  0, "GC idle" },
  {  21,  0, "GC working" },
  {  22,  0, "GC done" },
  {  25,  6, "Create capability set" },
  {  26,  4, "Delete capability set" },
  {  27,  6, "Add capability to capability set" },
  {  28,  6, "Remove capability from capability set" },
  {  29, SIZE_VARIABLE, "RTS name and version" },
  {  30, SIZE_VARIABLE, "Program arguments" },
  {  31, SIZE_VARIABLE, "Program environment variables" },
  {  32,  8, "Process ID" },
  {  33,  8, "Parent process ID" },
  {  34, 56, "Spark counters" },
  {  35,  0, "Spark create" },
  {  36,  0, "Spark dud" },
  {  37,  0, "Spark overflow" },
  {  38,  0, "Spark run" },
  {  39,  2, "Spark steal" },
  {  40,  0, "Spark fizzle" },
  {  41,  0, "Spark GC" },
  {  43, 16, "Wall clock time" },
  {  44, SIZE_VARIABLE, "Thread label" },
  {  45,  2, "Create capability" },
  {  46,  2, "Delete capability" },
  {  47,  2, "Disable capability" },
  {  48,  2, "Enable capability" },
  {  49, 12, "Total heap mem ever allocated" },
  {  50, 12, "Current heap size" },
  {  51, 12, "Current heap live data" },
  {  52, 38, "Heap static parameters" },
  {  53, 58, "GC statistics" },
  {  54,  0, "Synchronise stop-the-world GC" },
  {  55, 18, "Task create" },
  {  56, 12, "Task migrate" },
  {  57,  8, "Task delete" },
  {  58, SIZE_VARIABLE, "User marker" },
  {  59,  0, "Empty event for bug #9003" },
  { 160, SIZE_VARIABLE, "Start of heap profile" },
  { 161, SIZE_VARIABLE, "Cost center definition" },
  { 162,  8, "Start of heap profile sample" },
  { 163, SIZE_VARIABLE, "Heap profile cost-centre sample" },
  { 164, SIZE_VARIABLE, "Heap profile string sample" },
  { 165,  8, "End of heap profile sample" },
  { 166, 16, "Start of heap profile (biographical) sample" },
  { 167, SIZE_VARIABLE, "Time profile cost-centre stack" },
  { 168,  8, "Start of a time profile" },
  { 181, SIZE_VARIABLE, "User binary message" },
  { 200,  0, "Begin concurrent mark phase" },
  { 201,  4, "End concurrent mark phase" },
  { 202,  0, "Begin concurrent GC synchronisation" },
  { 203,  0, "End concurrent GC synchronisation" },
  { 204,  0, "Begin concurrent sweep" },
  { 205,  0, "End concurrent sweep" },
  { 206,  2, "Update remembered set flushed" },
  { 207, 13, "Nonmoving heap census" },
};

/* ----------------------------------------------------------------------- */
/* Header, start-up and shutdown                                           */

static void
write_header (Gen *g)
{
  g_autoptr(GByteArray) hdr = g_byte_array_sized_new (4096);
  guint i;

  for (i = 0; i < G_N_ELEMENTS (g->sizes); i++)
    g->sizes[i] = SIZE_UNDECLARED;

  g_byte_array_append (hdr, (const guint8 *) "hdrbhetb", 8);
  for (i = 0; i < G_N_ELEMENTS (event_types); i++)
    {
      const EventType *et = &event_types[i];
      guint32 desc_len = (guint32) strlen (et->desc);
      guint8 buf[12];
      guint8 *p = buf;

      p = es_gen_put_u32 (p, 0x65746200);   /* "etb\0" */
      p = es_gen_put_u16 (p, et->tag);
      p = es_gen_put_u16 (p, et->size);
      es_gen_put_u32 (p, desc_len);
      g_byte_array_append (hdr, buf, 12);
      g_byte_array_append (hdr, (const guint8 *) et->desc, desc_len);
      p = buf;
      p = es_gen_put_u32 (p, 0);            /* no extra info */
      es_gen_put_u32 (p, 0x65746500);       /* "ete\0" */
      g_byte_array_append (hdr, buf, 8);
      g->sizes[et->tag] = et->size;
    }
  g_byte_array_append (hdr, (const guint8 *) "hetehdredatb", 12);

  es_gen_write (g, hdr->data, hdr->len);
  g->bytes_total += hdr->len;
}

static void
gen_startup (Gen *g)
{
  Block *gb = &g->global;
  guint64 t = US (450) + es_gen_rng_below (&g->rng, US (50));
  g_autoptr(GString) args = g_string_new (NULL);
  static const char env[] =
    "HOME=/home/bench\0LANG=C.UTF-8\0PATH=/usr/local/bin:/usr/bin:/bin\0"
    "TERM=xterm-256color\0USER=bench\0";
  static const char rts_id[] = "GHC-9.0.2 rts_thr_l";
  guint8 *p;
  guint i;

  g->first_ts = t;
  es_gen_block_open (g, gb, t);
  for (i = 0; i < g->n_caps; i++)
    {
      Cap *c = &g->caps[i];

      c->no = (guint16) i;
      c->block.capno = (guint16) i;
      es_gen_block_open (g, &c->block, t + 230 * (i + 1));
    }

  t += US (120) + es_gen_rng_below (&g->rng, US (20));
  es_gen_ev_u32_u16 (g, gb, EV_CAPSET_CREATE, t, HEAP_CAPSET, CAPSET_TYPE_OSPROCESS);
  t += 120;
  es_gen_ev_u32_u16 (g, gb, EV_CAPSET_CREATE, t, CLOCK_CAPSET, CAPSET_TYPE_CLOCKDOMAIN);
  for (i = 0; i < g->n_caps; i++)
    {
      t += es_gen_rng_range (&g->rng, 1000, 8000);
      es_gen_ev_u16 (g, gb, EV_CAP_CREATE, t, (guint16) i);
      t += 90;
      es_gen_ev_u32_u16 (g, gb, EV_CAPSET_ASSIGN_CAP, t, HEAP_CAPSET, (guint16) i);
      t += 70;
      es_gen_ev_u32_u16 (g, gb, EV_CAPSET_ASSIGN_CAP, t, CLOCK_CAPSET, (guint16) i);
    }

  t += US (90);
  p = es_gen_emit (g, gb, EV_WALL_CLOCK_TIME, t, 16);
  p = es_gen_put_u32 (p, CLOCK_CAPSET);
  p = es_gen_put_u64 (p, G_GUINT64_CONSTANT (1767225600) +
                         es_gen_rng_below (&g->rng, 86400 * 365));
  es_gen_put_u32 (p, (guint32) es_gen_rng_below (&g->rng, 1000000) * 1000);
  t += 800;
  g->pid = 4000 + (guint32) es_gen_rng_below (&g->rng, 60000);
  es_gen_ev_u32_u32 (g, gb, EV_OSPROCESS_PID, t, HEAP_CAPSET, g->pid);
  t += 950;
  es_gen_ev_u32_u32 (g, gb, EV_OSPROCESS_PPID, t, HEAP_CAPSET, g->pid - 1);
  t += 2100;
  es_gen_ev_bytes (g, gb, EV_RTS_IDENTIFIER, t, TRUE, HEAP_CAPSET, rts_id, sizeof rts_id - 1);

  g_string_append (args, "./bench");
  g_string_append_c (args, '\0');
  g_string_append (args, "+RTS");
  g_string_append_c (args, '\0');
  g_string_append_printf (args, "-N%u", g->n_caps);
  g_string_append_c (args, '\0');
  g_string_append (args, "-l");
  g_string_append_c (args, '\0');
  t += 600;
  es_gen_ev_bytes (g, gb, EV_PROGRAM_ARGS, t, TRUE, HEAP_CAPSET, args->str, args->len);
  t += 400;
  es_gen_ev_bytes (g, gb, EV_PROGRAM_ENV, t, TRUE, HEAP_CAPSET, env, sizeof env - 1);

  t += US (30);
  p = es_gen_emit (g, gb, EV_HEAP_INFO_GHC, t, 38);
  p = es_gen_put_u32 (p, HEAP_CAPSET);
  p = es_gen_put_u16 (p, 2);          /* generations */
  p = es_gen_put_u64 (p, 0);          /* max heap size: unlimited */
  p = es_gen_put_u64 (p, MEGABYTE);   /* -A1m */
  p = es_gen_put_u64 (p, MEGABYTE);   /* mblock */
  es_gen_put_u64 (p, 4096);           /* block */

  g->tasks = g_new0 (Task, g->n_caps * MAX_TASKS_PER_CAP);
  for (i = 0; i < g->n_caps; i++)
    {
      t += es_gen_rng_range (&g->rng, US (5), US (40));
      es_gen_task_create (g, (guint16) i, t);
    }

  /* the start-up block is written at once, ahead of everything else */
  es_gen_flush_global (g, t + US (1));

  g->heap_live = 200 * 1024;
  g->heap_size = (g->n_caps + 2) * MEGABYTE;

  for (i = 0; i < g->n_caps; i++)
    {
      Cap *c = &g->caps[i];
      guint64 ct = t + US (20) + es_gen_rng_below (&g->rng, US (60));
      guint32 tid;
      char label[32];

      es_gen_ev_spark_counters (g, c, ct);
      if (i == 0)
        {
          /* the main thread */
          tid = es_gen_new_thread (g, KIND_NORMAL, 0, ct);
          ct += US (3);
          es_gen_ev_u32 (g, &c->block, EV_CREATE_THREAD, ct, tid);
          ct += 400;
          es_gen_ev_u32 (g, &c->block, EV_THREAD_RUNNABLE, ct, tid);
          ct += 600;
          es_gen_ev_bytes (g, &c->block, EV_THREAD_LABEL, ct, TRUE, tid, "main", 4);
          es_gen_queue_push_back (&c->runq, tid);

          tid = es_gen_new_thread (g, KIND_IOMGR, 0, ct);
          ct += US (2);
          es_gen_ev_u32 (g, &c->block, EV_CREATE_THREAD, ct, tid);
          ct += 500;
          es_gen_ev_bytes (g, &c->block, EV_THREAD_LABEL, ct, TRUE, tid, "TimerManager", 12);
          es_gen_queue_push_back (&c->runq, tid);
        }

      tid = es_gen_new_thread (g, KIND_IOMGR, (guint16) i, ct);
      g_snprintf (label, sizeof label, "IOManager on cap %u", i);
      ct += US (4);
      es_gen_ev_u32 (g, &c->block, EV_CREATE_THREAD, ct, tid);
      ct += 700;
      es_gen_ev_bytes (g, &c->block, EV_THREAD_LABEL, ct, TRUE, tid, label, strlen (label));
      es_gen_queue_push_back (&c->runq, tid);
      c->time = ct + US (2);
    }

  es_gen_gc_schedule_next (g, t + US (500));
}

static void
gen_shutdown (Gen *g)
{
  Block *gb = &g->global;
  guint64 t = gb->last_ts;
  guint i;

  for (i = 0; i < g->n_caps; i++)
    {
      Cap *c = &g->caps[i];
      guint64 ct = c->block.last_ts + es_gen_rng_range (&g->rng, US (5), US (50));

      es_gen_ev_spark_counters (g, c, ct);
      t = MAX (t, ct);
    }

  t += US (200);
  for (i = 0; i < g->n_tasks; i++)
    {
      t += es_gen_rng_range (&g->rng, US (2), US (40));
      es_gen_put_u64 (es_gen_emit (g, gb, EV_TASK_DELETE, t, 8), g->tasks[i].task_id);
    }
  t += US (500);
  for (i = 0; i < g->n_caps; i++)
    {
      t += es_gen_rng_range (&g->rng, 50, 600);
      es_gen_ev_u32_u16 (g, gb, EV_CAPSET_REMOVE_CAP, t, HEAP_CAPSET, (guint16) i);
      t += 90;
      es_gen_ev_u32_u16 (g, gb, EV_CAPSET_REMOVE_CAP, t, CLOCK_CAPSET, (guint16) i);
      t += 200;
      es_gen_ev_u16 (g, gb, EV_CAP_DELETE, t, (guint16) i);
    }
  t += 170;
  es_gen_ev_u32 (g, gb, EV_CAPSET_DELETE, t, HEAP_CAPSET);
  t += 150;
  es_gen_ev_u32 (g, gb, EV_CAPSET_DELETE, t, CLOCK_CAPSET);

  /* flush: every capability's buffer, then the global one, then DATA_END
   * (as GHC 9.0 does: the last block's size does not include it) */
  for (i = 0; i < g->n_caps; i++)
    {
      Cap *c = &g->caps[i];

      es_gen_block_close (g, &c->block, c->block.last_ts + es_gen_rng_range (&g->rng, 100, 2000));
    }
  es_gen_block_close (g, gb, t + es_gen_rng_range (&g->rng, 100, 2000));

  {
    guint8 end[2];

    es_gen_put_u16 (end, EV_DATA_END);
    es_gen_write (g, end, 2);
    g->bytes_total += 2;
  }
}

static guint64
gen_span_end (Gen *g)
{
  guint64 last = g->global.last_ts;
  guint i;

  for (i = 0; i < g->n_caps; i++)
    last = MAX (last, g->caps[i].block.last_ts);
  return last;
}

static void
gen_free (Gen *g)
{
  guint i;

  for (i = 0; i < g->n_caps; i++)
    {
      g_free (g->caps[i].block.data);
      g_free (g->caps[i].runq.items);
    }
  g_free (g->caps);
  g_free (g->global.data);
  g_free (g->threads);
  g_free (g->live);
  g_free (g->sleepers.items);
  g_free (g->tasks);
  g_clear_error (&g->error);
}

static gboolean
generate (const char  *path,
          guint        size_mb,
          guint        n_caps,
          guint        n_threads,
          guint        message_per_mille,
          guint64      seed,
          GError     **error)
{
  Gen g;
  guint i;

  memset (&g, 0, sizeof g);
  g.path = path;
  g.n_caps = n_caps;
  g.target = (guint64) size_mb * MEGABYTE;
  g.fixed_threads = n_threads;
  g.message_per_mille = message_per_mille;
  g.target_threads = n_threads > 0 ? n_threads : 6 * n_caps + 4;
  g.global_flush_every = n_caps * 2;
  es_gen_rng_init (&g.rng, seed);

  /* GHC's buffers are 2 MiB; small logs get smaller blocks so that they
   * still have several interleaved blocks per capability */
  g.block_size = (gsize) CLAMP (g.target / (n_caps * 8), MIN_BLOCK_SIZE, MAX_BLOCK_SIZE);

  g.out = fopen (path, "wb");
  if (g.out == NULL)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "Could not create '%s': %s", path, g_strerror (saved_errno));
      return FALSE;
    }
  setvbuf (g.out, NULL, _IOFBF, OUT_BUFFER_SIZE);

  g.caps = g_new0 (Cap, n_caps);
  for (i = 0; i < n_caps; i++)
    {
      g.caps[i].block.data = g_malloc (g.block_size);
      g.caps[i].block.size = g.block_size;
    }
  g.global.data = g_malloc (g.block_size);
  g.global.size = g.block_size;
  g.global.capno = GLOBAL_CAP;

  write_header (&g);
  gen_startup (&g);

  while (g.bytes_total < g.target && g.error == NULL)
    {
      Cap *c = es_gen_next_cap (&g);

      if (c == NULL || c->time >= g.next_gc)
        es_gen_gc (&g);
      else
        es_gen_cap_step (&g, c);
    }

  gen_shutdown (&g);

  if (g.error == NULL && fflush (g.out) != 0)
    {
      int saved_errno = errno;

      g_set_error (&g.error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "Could not write '%s': %s", path, g_strerror (saved_errno));
    }
  if (fclose (g.out) != 0 && g.error == NULL)
    {
      int saved_errno = errno;

      g_set_error (&g.error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "Could not close '%s': %s", path, g_strerror (saved_errno));
    }

  if (g.error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&g.error));
      gen_free (&g);
      return FALSE;
    }

  g_print ("%s: %" G_GUINT64_FORMAT " bytes, %" G_GUINT64_FORMAT " events, %u caps, "
           "span %.3f s\n",
           path, g.bytes_total, g.n_events, n_caps,
           (double) (gen_span_end (&g) - g.first_ts) / 1e9);
  gen_free (&g);
  return TRUE;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  gint size_mb = 100;
  gint n_caps = 2;
  gint n_threads = 0;
  gint messages = 10;
  gint64 seed = 1;
  GOptionEntry entries[] = {
    { "size-mb", 0, 0, G_OPTION_ARG_INT, &size_mb, "Stop once the log holds N MiB (default 100)", "N" },
    { "caps", 0, 0, G_OPTION_ARG_INT, &n_caps, "Number of capabilities, like +RTS -N (default 2)", "N" },
    { "threads", 0, 0, G_OPTION_ARG_INT, &n_threads, "Keep about N threads alive (default: by phase, up to 6 per cap + 4)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "Seed of the pseudo-random generator (default 1)", "S" },
    { "messages", 0, 0, G_OPTION_ARG_INT, &messages, "Thread runs in 1000 that start or stop a span (default 10)", "N" },
    G_OPTION_ENTRY_NULL
  };

  setlocale (LC_ALL, "");

  context = g_option_context_new ("OUT.eventlog");
  g_option_context_set_summary (context,
                                "Write a large, valid, deterministic GHC eventlog for benchmarks and tests.");
  g_option_context_add_main_entries (context, entries, NULL);

  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("es-gen-eventlog: %s\n", error->message);
      return 2;
    }
  if (argc != 2)
    {
      g_printerr ("es-gen-eventlog: expected exactly one output file\n"
                  "Usage: es-gen-eventlog [--size-mb N] [--caps N] [--threads N] [--messages N] [--seed S] OUT.eventlog\n");
      return 2;
    }
  if (size_mb < 1 || size_mb > 1024 * 1024)
    {
      g_printerr ("es-gen-eventlog: --size-mb must be between 1 and 1048576\n");
      return 2;
    }
  if (n_caps < 1 || n_caps > MAX_CAPS)
    {
      g_printerr ("es-gen-eventlog: --caps must be between 1 and %d\n", MAX_CAPS);
      return 2;
    }

  if (n_threads < 0 || n_threads > 1000000)
    {
      g_printerr ("es-gen-eventlog: --threads must be between 0 (by phase) and 1000000\n");
      return 2;
    }

  if (messages < 0 || messages > 1000)
    {
      g_printerr ("es-gen-eventlog: --messages must be between 0 and 1000\n");
      return 2;
    }

  if (!generate (argv[1], (guint) size_mb, (guint) n_caps, (guint) n_threads, (guint) messages, (guint64) seed, &error))
    {
      g_printerr ("es-gen-eventlog: %s\n", error->message);
      return 1;
    }

  return 0;
}
