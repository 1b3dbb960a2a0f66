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
#include "es-eventlog-reader-private.h"
#include "es-test-read-tally.h"
#include "fuzz.h"

/* Loads do not read with es_eventlog_reader_next() but drain the input in
 * loops of their own (drain_chunk(), and drain_block() for a block's
 * events of a fixed size, their sizes foretold), one call per event or a
 * batch at a time, some tags only counted. Those loops decode untrusted
 * bytes too: each must hand out what next() does, the same events with
 * the same fields, and end the same way, at the same byte, with the same
 * error. */

/* Caps 8 and up (ES_CAP_NONE too) are counted together: a log may name any. */
#define FOLD_CAPS_FROM 8

static gboolean
take_one (const EsEvent *event,
          gpointer       user_data)
{
  es_read_tally_take_event (user_data, event);
  return TRUE;
}

static gboolean
take_batch (const EsEventBatch *batch,
            gpointer            user_data)
{
  if (batch->n_events > ES_EVENTLOG_BATCH)
    abort ();
  es_read_tally_take_batch (user_data, batch);
  return TRUE;
}

typedef enum
{
  ONE_AT_A_TIME,
  DRAINED,
  IN_BATCHES,
} Way;

/* Reads @data fed @chunk bytes at a time, one of the three ways, into
 * @read; the end as text. */
static char *
read_log (const guint8 *data,
          gsize         size,
          gsize         chunk,
          Way           way,
          guint64       counted_tags,
          guint         n_parts,
          guint         part,
          EsReadTally  *read)
{
  g_autoptr(GError) error = NULL;
  EsEvent events[ES_EVENTLOG_BATCH];
  gsize fed = 0;
  gint64 stop = -1;
  gboolean truncated;

  es_read_tally_init (read, counted_tags, FOLD_CAPS_FROM);
  es_eventlog_reader_set_partition (read->reader, n_parts, part);
  if (way == IN_BATCHES)
    es_eventlog_reader_set_counted_only (read->reader, counted_tags);
  for (;;)
    {
      EsReadResult result;

      switch (way)
        {
        case ONE_AT_A_TIME:
          result = es_eventlog_reader_next (read->reader, &events[0], &error);
          if (result == ES_READ_EVENT)
            es_read_tally_take_event (read, &events[0]);
          break;
        case DRAINED:
          result = _es_eventlog_reader_drain (read->reader, &events[0], take_one, read, &error);
          break;
        case IN_BATCHES:
        default:
          result = _es_eventlog_reader_drain_batches (read->reader, events, G_N_ELEMENTS (events), take_batch,
                                                      read, &error);
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
check_same (const EsReadTally *a,
            const char        *a_end,
            const EsReadTally *b,
            const char        *b_end,
            const char        *what)
{
  if (g_str_equal (a_end, b_end) && es_read_tally_equal (a, b))
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
 * their caps, and step over the others). */
int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  static const guint16 counted[] = { ES_EVENT_THREAD_WAKEUP, ES_EVENT_THREAD_RUNNABLE, ES_EVENT_CREATE_THREAD,
                                     ES_EVENT_MIGRATE_THREAD, ES_EVENT_REQUEST_PAR_GC, ES_EVENT_RUN_THREAD,
                                     ES_EVENT_STOP_THREAD, ES_EVENT_SPARK_COUNTERS };
  EsReadTally one, drained, batched;
  g_autofree char *one_end = NULL, *drained_end = NULL, *batched_end = NULL;
  guint32 hash = 2166136261u;
  guint64 counted_tags = 0;
  gsize chunk;
  guint n_parts, part;

  for (gsize i = 0; i < size; i++)
    hash = (hash ^ data[i]) * 16777619u;
  chunk = hash % 4 != 0 ? MAX (size, 1) : 1 + (hash >> 2) % 64;
  for (guint i = 0; i < G_N_ELEMENTS (counted); i++)
    if ((hash >> (8 + i)) & 1)
      counted_tags |= G_GUINT64_CONSTANT (1) << counted[i];
  n_parts = 1 + (hash >> 16) % 3;
  part = (hash >> 20) % n_parts;

  one_end = read_log (data, size, chunk, ONE_AT_A_TIME, counted_tags, n_parts, part, &one);
  drained_end = read_log (data, size, chunk, DRAINED, counted_tags, n_parts, part, &drained);
  batched_end = read_log (data, size, chunk, IN_BATCHES, counted_tags, n_parts, part, &batched);
  check_same (&one, one_end, &drained, drained_end, "drained");
  check_same (&one, one_end, &batched, batched_end, "in batches");
  es_read_tally_clear (&one);
  es_read_tally_clear (&drained);
  es_read_tally_clear (&batched);
  return 0;
}
