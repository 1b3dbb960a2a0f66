/* test-reader-chunks.c: the same events, however the input is split
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "es-eventlog-file.h"
#include "es-event-text.h"
#include "es-test-log.h"

static void
assert_same_events (GArray *a,
                    GArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    {
      const EsTestEvent *ea = &g_array_index (a, EsTestEvent, i);
      const EsTestEvent *eb = &g_array_index (b, EsTestEvent, i);

      g_assert_cmpint (ea->offset, ==, eb->offset);
      g_assert_cmpuint (ea->time, ==, eb->time);
      g_assert_cmpuint (ea->tag, ==, eb->tag);
      g_assert_cmpuint (ea->cap, ==, eb->cap);
      g_assert_cmpstr (ea->text, ==, eb->text);
    }
}

static void
check_chunking (const char *path)
{
  static const gsize chunk_sizes[] = { 1, 7, 4096 };
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GArray) whole = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (path, &contents, &len, &error));
  whole = es_test_decode ((const guint8 *) contents, len, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (whole->len, >, 10);

  for (guint i = 0; i < G_N_ELEMENTS (chunk_sizes); i++)
    {
      g_autoptr(GArray) chunked = NULL;
      g_autoptr(EsEventlogReader) reader = NULL;

      chunked = es_test_decode ((const guint8 *) contents, len, chunk_sizes[i], &reader, &error);
      g_assert_no_error (error);
      assert_same_events (whole, chunked);
      g_assert_true (es_eventlog_reader_saw_end_marker (reader));
    }
}

static void
test_own_fixture (gconstpointer data)
{
  g_autofree char *path = es_test_fixture_path (data);

  check_chunking (path);
}

static void
test_shared_log (gconstpointer data)
{
  g_autofree char *path = es_test_shared_path (data);

  if (path == NULL)
    {
      g_test_skip ("../shared/eventlogs is not beside the checkout");
      return;
    }
  check_chunking (path);
}

/* The batched drain (a load's, a live build's, es_eventlog_read_file()'s)
 * hands out exactly what es_eventlog_reader_next() does, for a partitioned
 * reader too, whatever the chunks and the batches' size, and picks up
 * where it left off when its callback stops it. */
typedef struct
{
  EsEventlogReader *reader;
  GArray           *events;     /* EsTestEvent */
  GString          *line;
  guint             until_stop; /* batches before the callback says stop */
} DrainState;

static void
record_event (DrainState    *state,
              const EsEvent *event)
{
  EsTestEvent record = { event->offset, event->time, event->tag, event->cap, event->unknown, NULL };

  g_string_truncate (state->line, 0);
  es_event_append_line (event, es_eventlog_reader_lookup_type (state->reader, event->tag), state->line);
  record.text = g_strdup (state->line->str);
  g_array_append_val (state->events, record);
}

static gboolean
drain_func (const EsEventBatch *batch,
            gpointer            user_data)
{
  DrainState *state = user_data;

  /* Nothing is counted only: every event is handed out. */
  g_assert_cmpuint (batch->n_counted, ==, 0);
  g_assert_cmpuint (batch->n_events, >, 0);
  g_assert_cmpuint (batch->n_events, <=, 3);
  for (guint i = 0; i < batch->n_events; i++)
    record_event (state, &batch->events[i]);
  if (--state->until_stop == 0)
    {
      state->until_stop = 5;
      return FALSE;
    }
  return TRUE;
}

static void
clear_record (gpointer data)
{
  g_free (((EsTestEvent *) data)->text);
}

static GArray *
decode_partition (const guint8 *data,
                  gsize         len,
                  gsize         chunk_size,
                  guint         n_parts,
                  guint         part,
                  gboolean      drain)
{
  g_autoptr(EsEventlogReader) reader = es_eventlog_reader_new ();
  g_autoptr(GString) line = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  DrainState state = { reader, g_array_new (FALSE, TRUE, sizeof (EsTestEvent)), line, 5 };
  gsize fed = 0;

  g_array_set_clear_func (state.events, clear_record);
  es_eventlog_reader_set_partition (reader, n_parts, part);
  for (;;)
    {
      EsEvent event, batch[3];
      EsReadResult r = drain ? es_eventlog_reader_drain_batches (reader, batch, G_N_ELEMENTS (batch), drain_func, &state,
                                                                 &error)
                             : es_eventlog_reader_next (reader, &event, &error);

      g_assert_no_error (error);
      if (r == ES_READ_END)
        break;
      g_assert_cmpint (r, !=, ES_READ_ERROR);
      if (r == ES_READ_EVENT)
        {
          if (!drain)
            record_event (&state, &event);
          continue;
        }
      if (fed == len)
        es_eventlog_reader_finish (reader);
      else
        {
          gsize n = MIN (chunk_size, len - fed);

          es_eventlog_reader_feed (reader, data + fed, n);
          fed += n;
        }
    }
  return state.events;
}

static void
test_drain (gconstpointer data)
{
  static const gsize chunk_sizes[] = { 1, 7, 4096, G_MAXSIZE };
  static const guint partitions[][2] = { { 1, 0 }, { 2, 0 }, { 2, 1 }, { 3, 2 } };
  g_autofree char *path = es_test_fixture_path (data);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (path, &contents, &len, &error));
  for (guint p = 0; p < G_N_ELEMENTS (partitions); p++)
    for (guint i = 0; i < G_N_ELEMENTS (chunk_sizes); i++)
      {
        g_autoptr(GArray) next = decode_partition ((const guint8 *) contents, len, chunk_sizes[i],
                                                   partitions[p][0], partitions[p][1], FALSE);
        g_autoptr(GArray) drained = decode_partition ((const guint8 *) contents, len, chunk_sizes[i],
                                                      partitions[p][0], partitions[p][1], TRUE);

        if (partitions[p][1] == 0)
          g_assert_cmpuint (next->len, >, 10);
        assert_same_events (next, drained);
      }
}

/* Pending bytes are exactly what was fed but not yet decoded. */
static void
test_pending_bytes (void)
{
  g_autofree char *path = es_test_fixture_path ("hello.eventlog");
  g_autoptr(EsEventlogReader) reader = es_eventlog_reader_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize len, fed = 0;
  EsEvent event;

  g_assert_true (g_file_get_contents (path, &contents, &len, &error));
  g_assert_cmpuint (es_eventlog_reader_get_pending (reader), ==, 0);

  for (;;)
    {
      EsReadResult r = es_eventlog_reader_next (reader, &event, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (es_eventlog_reader_get_offset (reader) + es_eventlog_reader_get_pending (reader), ==, fed);
      if (r == ES_READ_END)
        break;
      if (r == ES_READ_NEED_MORE)
        {
          gsize n = MIN (100, len - fed);

          g_assert_cmpuint (n, >, 0);
          es_eventlog_reader_feed (reader, (const guint8 *) contents + fed, n);
          fed += n;
          g_assert_cmpuint (es_eventlog_reader_get_offset (reader) + es_eventlog_reader_get_pending (reader), ==, fed);
        }
    }
  g_assert_cmpuint (es_eventlog_reader_get_offset (reader), ==, len);
  g_assert_cmpuint (es_eventlog_reader_get_pending (reader), ==, 0);
}

typedef struct
{
  const char *path;
  guint64     n_events;
  gint64      most;      /* the most of the log resident while reading */
} ResidentWatch;

static gboolean
watch_resident_cb (const EsEvent *event,
                   gpointer       user_data)
{
  ResidentWatch *watch = user_data;

  /* /proc/self/smaps is slow to make (under ASan, with its shadow's
   * mappings, a tenth of a second): 27 looks over the 1.8 million events
   * see a log kept whole grow past the bound by the second. */
  if (++watch->n_events % 65536 == 0)
    watch->most = MAX (watch->most, es_test_resident_bytes_of (watch->path));
  return TRUE;
}

/* The file is mapped whole but read a slice at a time, each slice's pages
 * handed back before the next: the log costs the reader a slice or two of
 * resident memory (the kernel maps folios of up to 2 MB), whatever its
 * size; the window reads with two such readers while it holds the
 * document as well. */
static void
test_file_slices_resident (void)
{
  gint64 size = 0;
  g_autofree char *path = es_test_write_watched_log (&size);
  g_autoptr(EsEventlogReader) reader = es_eventlog_reader_new ();
  g_autoptr(GError) error = NULL;
  ResidentWatch watch = { path, 0, 0 };

  if (path == NULL)
    return;
  g_assert_true (es_eventlog_read_file (reader, path, watch_resident_cb, NULL, &watch, NULL, &error));
  g_assert_no_error (error);
  /* The events and a marker per block. */
  g_assert_cmpuint (watch.n_events, ==, 1800 * 1001);
  g_assert_cmpint (watch.most, <, 5 << 20);
  g_unlink (path);
}

/* Reads what @reader has to give, fed @data (if not %NULL), as `dump`
 * lines; with @finish, to the end. */
static GString *
read_lines (EsEventlogReader *reader,
            const guint8     *data,
            gsize             len,
            gboolean          finish)
{
  GString *out = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  EsEvent event;
  EsReadResult r;

  if (data != NULL)
    es_eventlog_reader_feed (reader, data, len);
  if (finish)
    es_eventlog_reader_finish (reader);
  while ((r = es_eventlog_reader_next (reader, &event, &error)) == ES_READ_EVENT)
    {
      g_string_append_printf (out, "%" G_GINT64_FORMAT " ", event.offset);
      es_event_append_line (&event, es_eventlog_reader_lookup_type (reader, event.tag), out);
    }
  g_assert_no_error (error);
  g_assert_cmpint (r, ==, finish ? ES_READ_END : ES_READ_NEED_MORE);
  return out;
}

/* A copy of a reader stopped anywhere (in the header, in an event, in a
 * block) goes on as the reader would: the same events from the same
 * bytes, the original freed first, and the original unchanged by it. */
static void
test_copy_goes_on_alike (void)
{
  g_autofree char *path = es_test_fixture_path ("parfib-N2.eventlog");
  g_autofree char *contents = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (4);
  gsize len;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  for (guint i = 0; i < 12; i++)
    {
      gsize cut = i == 0 ? 20 : (gsize) g_rand_int_range (rand, 1, (gint32) len);
      EsEventlogReader *reader = es_eventlog_reader_new ();
      EsEventlogReader *copy;
      g_autoptr(GString) before = read_lines (reader, (const guint8 *) contents, cut, FALSE);
      g_autoptr(GString) rest = NULL, copied_rest = NULL;
      g_autofree guint8 *again = g_memdup2 (contents + cut, len - cut);

      copy = es_eventlog_reader_copy (reader);
      rest = read_lines (reader, (const guint8 *) contents + cut, len - cut, TRUE);
      g_assert_true (es_eventlog_reader_saw_end_marker (reader));
      es_eventlog_reader_free (reader);
      copied_rest = read_lines (copy, again, len - cut, TRUE);
      g_assert_cmpstr (copied_rest->str, ==, rest->str);
      g_assert_true (es_eventlog_reader_saw_end_marker (copy));
      g_assert_cmpuint (rest->len, >, 0);
      es_eventlog_reader_free (copy);
    }
}

int
main (int    argc,
      char **argv)
{
  static const char *own[] = { "hello.eventlog", "parfib-N2.eventlog", "profiled-hc.eventlog" };
  static const char *shared[] = {
    "eventlogs/ghc-events/ghc-9.2-events.eventlog",
    "eventlogs/ghc-events/hello-ghc-8.6.5.eventlog",
    "eventlogs/ghc-events/sleep.hd.eventlog",
    "eventlogs/ghc-events/ticky-new.eventlog",
    "eventlogs/ghc-events/historical/queens-ghc-6.12.1.eventlog",
  };

  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (own); i++)
    {
      g_autofree char *name = g_strdup_printf ("/reader/chunks/fixture/%s", own[i]);
      g_test_add_data_func (name, own[i], test_own_fixture);
    }
  for (guint i = 0; i < G_N_ELEMENTS (shared); i++)
    {
      g_autofree char *name = g_strdup_printf ("/reader/chunks/shared/%s", strrchr (shared[i], '/') + 1);
      g_test_add_data_func (name, shared[i], test_shared_log);
    }
  for (guint i = 0; i < G_N_ELEMENTS (own); i++)
    {
      g_autofree char *name = g_strdup_printf ("/reader/chunks/drain/%s", own[i]);
      g_test_add_data_func (name, own[i], test_drain);
    }
  g_test_add_func ("/reader/chunks/pending-bytes", test_pending_bytes);
  g_test_add_func ("/reader/chunks/copy-goes-on-alike", test_copy_goes_on_alike);
  g_test_add_func ("/reader/chunks/file-slices-resident", test_file_slices_resident);

  return g_test_run ();
}
