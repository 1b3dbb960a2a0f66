/* fuzz-drain.c: the loading paths' reads agree with a read one event at a
 * time, on any bytes
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "es-eventlog-file.h"
#include "es-test-read-tally.h"
#include "fuzz.h"

/* Loads, live builds and es_eventlog_read_file() do not read with
 * es_eventlog_reader_next() but drain the input a batch at a time
 * (es_eventlog_reader_drain_batches()) in loops of their own
 * (drain_chunk_in_batches(), and drain_block() for a block's events of a
 * fixed size, their sizes foretold), a load's with some tags only
 * counted, the others' with every event handed out. Those loops decode
 * untrusted bytes too: each must hand out what next() does, the same
 * events with the same fields, and end the same way, at the same byte,
 * with the same error. */

/* Caps 8 and up (ES_CAP_NONE too) are counted together: a log may name any. */
#define FOLD_CAPS_FROM 8

/* A read's tally, and whether the reader was told to count some tags
 * only: a batch of a read that was not must hand out every event. */
typedef struct
{
  EsReadTally tally;
  gboolean    counting;
} Read;

static gboolean
take_batch (const EsEventBatch *batch,
            gpointer            user_data)
{
  Read *read = user_data;

  if (batch->n_events > ES_EVENTLOG_BATCH || (!read->counting && batch->n_counted > 0))
    abort ();
  es_read_tally_take_batch (&read->tally, batch);
  return TRUE;
}

typedef enum
{
  ONE_AT_A_TIME,
  IN_BATCHES,           /* nothing counted only, as a live build's */
  IN_BATCHES_COUNTING,  /* as a load's */
} Way;

/* Reads @data fed @chunk bytes at a time, one of the three ways (batches
 * of @max events at most), into @read; the end as text. */
static char *
read_log (const guint8 *data,
          gsize         size,
          gsize         chunk,
          Way           way,
          guint         max,
          guint64       counted_tags,
          guint         n_parts,
          guint         part,
          Read         *read)
{
  g_autoptr(GError) error = NULL;
  EsEvent events[ES_EVENTLOG_BATCH];
  gsize fed = 0;
  gint64 stop = -1;
  gboolean truncated;

  es_read_tally_init (&read->tally, counted_tags, FOLD_CAPS_FROM);
  es_eventlog_reader_set_partition (read->tally.reader, n_parts, part);
  read->counting = way == IN_BATCHES_COUNTING;
  if (read->counting)
    es_eventlog_reader_set_counted_only (read->tally.reader, counted_tags);
  for (;;)
    {
      EsReadResult result;

      switch (way)
        {
        case ONE_AT_A_TIME:
          result = es_eventlog_reader_next (read->tally.reader, &events[0], &error);
          if (result == ES_READ_EVENT)
            es_read_tally_take_event (&read->tally, &events[0]);
          break;
        case IN_BATCHES:
        case IN_BATCHES_COUNTING:
        default:
          result = es_eventlog_reader_drain_batches (read->tally.reader, events, max, take_batch, read, &error);
          break;
        }
      if (result == ES_READ_EVENT)
        continue;
      if (result != ES_READ_NEED_MORE)
        {
          truncated = result == ES_READ_END && es_eventlog_reader_is_truncated (read->tally.reader, &stop, NULL);
          return g_strdup_printf ("%d %s %d %" G_GINT64_FORMAT, result, error != NULL ? error->message : "",
                                  truncated, stop);
        }
      if (fed == size)
        es_eventlog_reader_finish (read->tally.reader);
      else
        {
          gsize n = MIN (chunk, size - fed);

          es_eventlog_reader_feed (read->tally.reader, data + fed, n);
          fed += n;
        }
    }
}

static void
check_same (const Read *a,
            const char *a_end,
            const Read *b,
            const char *b_end,
            const char *what)
{
  if (g_str_equal (a_end, b_end) && es_read_tally_equal (&a->tally, &b->tally))
    return;
  fprintf (stderr, "fuzz-drain: read %s differs from one at a time: ended \"%s\" against \"%s\"\n", what, b_end,
           a_end);
  abort ();
}

/* How the input is read comes from a hash of it, not from its first
 * bytes, which a log's format fixes: the chunk size (whole for three
 * inputs in four, as the drains' own loops run only over input fed
 * whole), which of the scheduler's tags a batched read only counts, and
 * the part of the log read (a load's workers each read the blocks of
 * their caps, and step over the others); and how many events a batch
 * holds at most, when nothing is only counted (a batch's end falls
 * anywhere, as a live build's feeds and updates cut its input). */
int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  static const guint16 counted[] = { ES_EVENT_THREAD_WAKEUP, ES_EVENT_THREAD_RUNNABLE, ES_EVENT_CREATE_THREAD,
                                     ES_EVENT_MIGRATE_THREAD, ES_EVENT_REQUEST_PAR_GC, ES_EVENT_RUN_THREAD,
                                     ES_EVENT_STOP_THREAD, ES_EVENT_SPARK_COUNTERS };
  Read one = { 0 }, batched = { 0 }, counting = { 0 };
  g_autofree char *one_end = NULL, *batched_end = NULL, *counting_end = NULL;
  guint32 hash = 2166136261u;
  guint64 counted_tags = 0;
  gsize chunk;
  guint n_parts, part, max;

  for (gsize i = 0; i < size; i++)
    hash = (hash ^ data[i]) * 16777619u;
  chunk = hash % 4 != 0 ? MAX (size, 1) : 1 + (hash >> 2) % 64;
  for (guint i = 0; i < G_N_ELEMENTS (counted); i++)
    if ((hash >> (8 + i)) & 1)
      counted_tags |= G_GUINT64_CONSTANT (1) << counted[i];
  n_parts = 1 + (hash >> 16) % 3;
  part = (hash >> 20) % n_parts;
  max = 1 + (hash >> 26) % ES_EVENTLOG_BATCH;

  one_end = read_log (data, size, chunk, ONE_AT_A_TIME, 1, counted_tags, n_parts, part, &one);
  batched_end = read_log (data, size, chunk, IN_BATCHES, max, counted_tags, n_parts, part, &batched);
  counting_end = read_log (data, size, chunk, IN_BATCHES_COUNTING, ES_EVENTLOG_BATCH, counted_tags, n_parts, part,
                           &counting);
  check_same (&one, one_end, &batched, batched_end, "in batches");
  check_same (&one, one_end, &counting, counting_end, "in batches, some counted only");
  es_read_tally_clear (&one.tally);
  es_read_tally_clear (&batched.tally);
  es_read_tally_clear (&counting.tally);
  return 0;
}
