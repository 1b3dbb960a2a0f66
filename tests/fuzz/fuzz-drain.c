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

#include "es-event-text.h"
#include "es-eventlog-file.h"
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

#define MAX_CAPS 8

/* What a read gave: a `dump` line per event handed out, with its offset,
 * cap and sizes, and per cap the events of the counted tags by number
 * and earliest and latest times (cap ES_CAP_NONE's and caps past MAX_CAPS
 * together), then how it ended. */
typedef struct
{
  EsEventlogReader *reader;
  guint64           counted_tags;
  gboolean          counting;     /* the reader was told to count them only */
  GString          *lines;
  guint64           n_counted[MAX_CAPS + 1];
  guint64           earliest[MAX_CAPS + 1];
  guint64           latest[MAX_CAPS + 1];
} Read;

static void
count (Read    *read,
       guint16  cap,
       guint    n,
       guint64  earliest,
       guint64  latest)
{
  guint at = MIN (cap, (guint16) MAX_CAPS);

  if (read->n_counted[at] == 0)
    {
      read->earliest[at] = earliest;
      read->latest[at] = latest;
    }
  read->n_counted[at] += n;
  read->earliest[at] = MIN (read->earliest[at], earliest);
  read->latest[at] = MAX (read->latest[at], latest);
}

static void
take_event (Read          *read,
            const EsEvent *event)
{
  /* As a batch may count it: the caller's tally is the same either way. */
  if (event->tag < 64 && (read->counted_tags >> event->tag) & 1 && event->cap != ES_CAP_NONE && !event->unknown)
    {
      count (read, event->cap, 1, event->time, event->time);
      return;
    }
  g_string_append_printf (read->lines, "%" G_GINT64_FORMAT " %u %u %u ", event->offset, event->cap, event->size,
                          event->payload_len);
  es_event_append_line (event, es_eventlog_reader_lookup_type (read->reader, event->tag), read->lines);
}

static gboolean
take_batch (const EsEventBatch *batch,
            gpointer            user_data)
{
  Read *read = user_data;

  if (batch->n_events > ES_EVENTLOG_BATCH || (!read->counting && batch->n_counted > 0))
    abort ();
  for (guint i = 0; i < batch->n_events; i++)
    take_event (read, &batch->events[i]);
  if (batch->n_counted > 0)
    count (read, batch->counted_cap, batch->n_counted, batch->counted_earliest, batch->counted_latest);
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

  read->reader = es_eventlog_reader_new ();
  read->counted_tags = counted_tags;
  read->lines = g_string_new (NULL);
  es_eventlog_reader_set_partition (read->reader, n_parts, part);
  read->counting = way == IN_BATCHES_COUNTING;
  if (read->counting)
    es_eventlog_reader_set_counted_only (read->reader, counted_tags);
  for (;;)
    {
      EsReadResult result;

      switch (way)
        {
        case ONE_AT_A_TIME:
          result = es_eventlog_reader_next (read->reader, &events[0], &error);
          if (result == ES_READ_EVENT)
            take_event (read, &events[0]);
          break;
        case IN_BATCHES:
        case IN_BATCHES_COUNTING:
        default:
          result = es_eventlog_reader_drain_batches (read->reader, events, max, take_batch, read, &error);
          break;
        }
      if (result == ES_READ_EVENT)
        continue;
      if (result != ES_READ_NEED_MORE)
        {
          truncated = result == ES_READ_END && es_eventlog_reader_is_truncated (read->reader, &stop, NULL);
          return g_strdup_printf ("%d %s %d %" G_GINT64_FORMAT, result, error != NULL ? error->message : "",
                                  truncated, stop);
        }
      if (fed == size)
        es_eventlog_reader_finish (read->reader);
      else
        {
          gsize n = MIN (chunk, size - fed);

          es_eventlog_reader_feed (read->reader, data + fed, n);
          fed += n;
        }
    }
}

static void
read_clear (Read *read)
{
  es_eventlog_reader_free (read->reader);
  g_string_free (read->lines, TRUE);
}

static void
check_same (const Read *a,
            const char *a_end,
            const Read *b,
            const char *b_end,
            const char *what)
{
  if (g_str_equal (a_end, b_end) && g_str_equal (a->lines->str, b->lines->str) &&
      memcmp (a->n_counted, b->n_counted, sizeof a->n_counted) == 0 &&
      memcmp (a->earliest, b->earliest, sizeof a->earliest) == 0 &&
      memcmp (a->latest, b->latest, sizeof a->latest) == 0)
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
  read_clear (&one);
  read_clear (&batched);
  read_clear (&counting);
  return 0;
}
