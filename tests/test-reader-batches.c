/* test-reader-batches.c: a batched read hands out the events a read one
 * at a time does, and counts exactly those it is told only to count
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-eventlog-file.h"
#include "es-test-log.h"
#include "es-test-read-tally.h"

/* The scheduler's events a summary only counts (its builder's
 * es_document_builder_get_fields_unread(), as far as these logs have them). */
#define COUNTED_TAGS ((G_GUINT64_CONSTANT (1) << ES_EVENT_THREAD_WAKEUP) | \
                      (G_GUINT64_CONSTANT (1) << ES_EVENT_THREAD_RUNNABLE) | \
                      (G_GUINT64_CONSTANT (1) << ES_EVENT_CREATE_THREAD) | \
                      (G_GUINT64_CONSTANT (1) << ES_EVENT_MIGRATE_THREAD) | \
                      (G_GUINT64_CONSTANT (1) << ES_EVENT_REQUEST_PAR_GC))

/* What a read gave (its tally: a cap past ES_READ_TALLY_CAPS fails), and
 * how it went. */
typedef struct
{
  EsReadTally       tally;
  guint             n_batches;
  guint             n_only_counted;   /* events a batch counted, not handed out */
  guint             until_stop;       /* batches before the callback says stop (0: never) */
  GArray           *one_at_a_time;    /* (nullable) EsEvent: the same partition read so, to check each batch by */
  guint             next;             /* its first event not in a batch yet */
} ReadResult;

static gboolean
take_one (const EsEvent *event,
          gpointer       user_data)
{
  ReadResult *result = user_data;

  es_read_tally_take_event (&result->tally, event);
  g_array_append_val (result->one_at_a_time, *event);
  return TRUE;
}

static gboolean
take_batch (const EsEventBatch *batch,
            gpointer            user_data)
{
  ReadResult *result = user_data;

  g_assert_cmpuint (batch->n_events, <=, ES_EVENTLOG_BATCH);
  g_assert_true (batch->n_events > 0 || batch->n_counted > 0);
  if (result->one_at_a_time != NULL)
    {
      /* Each event read since the last batch, up to where the reader
       * stands, is in this one: handed out, or counted. */
      gint64 frontier = es_eventlog_reader_get_offset (result->tally.reader);
      guint handed = 0, n_counted = 0;
      guint64 earliest = G_MAXUINT64, latest = 0;

      for (; result->next < result->one_at_a_time->len; result->next++)
        {
          const EsEvent *e = &g_array_index (result->one_at_a_time, EsEvent, result->next);

          if (e->offset >= frontier)
            break;
          if (handed < batch->n_events && batch->events[handed].offset == e->offset)
            {
              handed++;
              continue;
            }
          g_assert_true (e->tag < 64 && (result->tally.counted_tags >> e->tag) & 1);
          g_assert_cmpuint (e->cap, ==, batch->counted_cap);
          n_counted++;
          earliest = MIN (earliest, e->time);
          latest = MAX (latest, e->time);
        }
      g_assert_cmpuint (handed, ==, batch->n_events);
      g_assert_cmpuint (n_counted, ==, batch->n_counted);
      if (n_counted > 0)
        {
          g_assert_cmpuint (earliest, ==, batch->counted_earliest);
          g_assert_cmpuint (latest, ==, batch->counted_latest);
        }
    }
  if (batch->n_counted > 0)
    {
      g_assert_cmpuint (batch->counted_earliest, <=, batch->counted_latest);
      result->n_only_counted += batch->n_counted;
    }
  es_read_tally_take_batch (&result->tally, batch);
  result->n_batches++;
  if (result->until_stop > 0 && result->n_batches % result->until_stop == 0)
    return FALSE;
  return TRUE;
}

static void
assert_same_reads (const ReadResult *expected,
                   const ReadResult *got)
{
  g_assert_cmpstr (got->tally.lines->str, ==, expected->tally.lines->str);
  for (guint c = 0; c < ES_READ_TALLY_CAPS; c++)
    {
      g_assert_cmpuint (got->tally.n_counted[c], ==, expected->tally.n_counted[c]);
      g_assert_cmpuint (got->tally.earliest[c], ==, expected->tally.earliest[c]);
      g_assert_cmpuint (got->tally.latest[c], ==, expected->tally.latest[c]);
    }
}

static void
clear_result (ReadResult *result)
{
  g_clear_pointer (&result->one_at_a_time, g_array_unref);
  es_read_tally_clear (&result->tally);
}

/* @path read one event at a time (es_eventlog_reader_next()), or in
 * batches: with @counted_tags, those counted only; stopped by the
 * callback every @until_stop batches and taken up again. */
static void
read_log (const char *path,
          guint       n_parts,
          guint       part,
          gboolean    in_batches,
          guint64     counted_tags,
          guint       until_stop,
          GArray     *one_at_a_time,
          ReadResult *result)
{
  g_autoptr(GError) error = NULL;

  memset (result, 0, sizeof *result);
  /* Read one at a time, it keeps its events (their bytes are the
   * mapping's, gone with it: only their offsets, tags, caps and times
   * are read); in batches, it checks each batch by them. */
  result->one_at_a_time = in_batches ? g_array_ref (one_at_a_time) : g_array_new (FALSE, FALSE, sizeof (EsEvent));
  es_read_tally_init (&result->tally, COUNTED_TAGS, 0);
  result->until_stop = until_stop;
  es_eventlog_reader_set_partition (result->tally.reader, n_parts, part);
  es_eventlog_reader_set_counted_only (result->tally.reader, counted_tags);
  if (!in_batches)
    {
      g_autoptr(GMappedFile) mapped = g_mapped_file_new (path, FALSE, &error);
      EsEvent event;
      EsReadResult r;

      g_assert_no_error (error);
      es_eventlog_reader_feed (result->tally.reader, (const guint8 *) g_mapped_file_get_contents (mapped),
                               g_mapped_file_get_length (mapped));
      es_eventlog_reader_finish (result->tally.reader);
      while ((r = es_eventlog_reader_next (result->tally.reader, &event, &error)) == ES_READ_EVENT)
        take_one (&event, result);
      g_assert_no_error (error);
      g_assert_cmpint (r, ==, ES_READ_END);
      return;
    }
  /* es_eventlog_read_file_in_batches() returns when the callback stops
   * it: the rest is the reader's still, in slices as it reads them. */
  if (until_stop == 0)
    {
      g_assert_true (es_eventlog_read_file_in_batches (result->tally.reader, path, take_batch, NULL, result, NULL, &error));
      g_assert_no_error (error);
      return;
    }
  {
    g_autoptr(GMappedFile) mapped = g_mapped_file_new (path, FALSE, &error);
    const guint8 *data = (const guint8 *) g_mapped_file_get_contents (mapped);
    gsize len = g_mapped_file_get_length (mapped), fed = 0;
    EsEvent events[ES_EVENTLOG_BATCH];

    g_assert_no_error (error);
    for (;;)
      {
        EsReadResult r = es_eventlog_reader_drain_batches (result->tally.reader, events, G_N_ELEMENTS (events),
                                                           take_batch, result, &error);

        g_assert_no_error (error);
        g_assert_cmpint (r, !=, ES_READ_ERROR);
        if (r == ES_READ_END)
          break;
        if (r == ES_READ_EVENT)
          continue;
        if (fed == len)
          es_eventlog_reader_finish (result->tally.reader);
        else
          {
            /* Odd slices: events cut by a slice's end, and blocks. */
            gsize n = MIN (4093, len - fed);

            es_eventlog_reader_feed (result->tally.reader, data + fed, n);
            fed += n;
          }
      }
  }
}

/* Every partition of the log, read in batches with and without counting,
 * whole or stopped now and then: the same events, and the same counts and
 * times of those counted only, as a read one at a time. */
static void
test_same_as_one_at_a_time (gconstpointer data)
{
  static const guint partitions[][2] = { { 1, 0 }, { 2, 0 }, { 2, 1 }, { 3, 1 } };
  g_autofree char *path = es_test_fixture_path (data);
  guint only_counted = 0;

  for (guint p = 0; p < G_N_ELEMENTS (partitions); p++)
    {
      ReadResult expected, got;

      read_log (path, partitions[p][0], partitions[p][1], FALSE, 0, 0, NULL, &expected);
      for (guint counting = 0; counting < 2; counting++)
        for (guint stop = 0; stop < 2; stop++)
          {
            read_log (path, partitions[p][0], partitions[p][1], TRUE, counting ? COUNTED_TAGS : 0,
                      stop ? 3 : 0, expected.one_at_a_time, &got);
            g_assert_cmpuint (got.next, ==, expected.one_at_a_time->len);
            assert_same_reads (&expected, &got);
            if (!counting)
              g_assert_cmpuint (got.n_only_counted, ==, 0);
            only_counted += got.n_only_counted;
            clear_result (&got);
          }
      clear_result (&expected);
    }
  /* The counting was done, not only agreed with. */
  g_assert_cmpuint (only_counted, >, 0);
}

int
main (int    argc,
      char **argv)
{
  static const char *own[] = {
    "hello.eventlog", "parfib-N2.eventlog", "profiled-hc.eventlog", "alloc-A1m-N2.eventlog",
  };

  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (own); i++)
    {
      g_autofree char *name = g_strdup_printf ("/reader/batches/same-as-one-at-a-time/%s", own[i]);
      g_test_add_data_func (name, own[i], test_same_as_one_at_a_time);
    }
  return g_test_run ();
}
