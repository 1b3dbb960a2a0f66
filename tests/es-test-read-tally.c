/* es-test-read-tally.c: what a read of a GHC log handed out, as text and
 * counts, to hold one way of reading to another
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-event-text.h"
#include "es-test-read-tally.h"

/* A fresh reader, whose events are to be tallied. */
void
es_read_tally_init (EsReadTally *tally,
                    guint64      counted_tags,
                    guint        fold_caps_from)
{
  g_assert_cmpuint (fold_caps_from, <, ES_READ_TALLY_CAPS);
  memset (tally, 0, sizeof *tally);
  tally->reader = es_eventlog_reader_new ();
  tally->counted_tags = counted_tags;
  tally->fold_caps_from = fold_caps_from;
  tally->lines = g_string_new (NULL);
}

void
es_read_tally_clear (EsReadTally *tally)
{
  es_eventlog_reader_free (tally->reader);
  g_string_free (tally->lines, TRUE);
}

void
es_read_tally_count (EsReadTally *tally,
                     guint16      cap,
                     guint        n,
                     guint64      earliest,
                     guint64      latest)
{
  guint at = cap;

  if (tally->fold_caps_from != 0)
    at = MIN (cap, tally->fold_caps_from);
  else
    g_assert_cmpuint (cap, <, ES_READ_TALLY_CAPS);
  if (tally->n_counted[at] == 0)
    {
      tally->earliest[at] = earliest;
      tally->latest[at] = latest;
    }
  tally->n_counted[at] += n;
  tally->earliest[at] = MIN (tally->earliest[at], earliest);
  tally->latest[at] = MAX (tally->latest[at], latest);
}

void
es_read_tally_take_event (EsReadTally   *tally,
                          const EsEvent *event)
{
  /* As a batch may count it: the tally is the same either way. */
  if (event->tag < 64 && (tally->counted_tags >> event->tag) & 1 && event->cap != ES_CAP_NONE &&
      !event->unknown)
    {
      es_read_tally_count (tally, event->cap, 1, event->time, event->time);
      return;
    }
  g_string_append_printf (tally->lines, "%" G_GINT64_FORMAT " %u %u %u ", event->offset, event->cap,
                          event->size, event->payload_len);
  es_event_append_line (event, es_eventlog_reader_lookup_type (tally->reader, event->tag), tally->lines);
}

/* The events @batch hands out, and those it only counted. */
void
es_read_tally_take_batch (EsReadTally        *tally,
                          const EsEventBatch *batch)
{
  for (guint i = 0; i < batch->n_events; i++)
    es_read_tally_take_event (tally, &batch->events[i]);
  if (batch->n_counted > 0)
    es_read_tally_count (tally, batch->counted_cap, batch->n_counted, batch->counted_earliest,
                         batch->counted_latest);
}

gboolean
es_read_tally_equal (const EsReadTally *a,
                     const EsReadTally *b)
{
  return g_str_equal (a->lines->str, b->lines->str) &&
         memcmp (a->n_counted, b->n_counted, sizeof a->n_counted) == 0 &&
         memcmp (a->earliest, b->earliest, sizeof a->earliest) == 0 &&
         memcmp (a->latest, b->latest, sizeof a->latest) == 0;
}
