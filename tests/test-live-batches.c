/* test-live-batches.c: a live build's documents are those of its bytes
 * read one event at a time, record for record, and it refuses a damaged
 * log at the byte and with the words of such a read
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include "es-live-build.h"
#include "es-test-log.h"
#include "es-test-records.h"

/* A live log built as its build did before it drained the reader in
 * batches: one reader and one builder for snapshots, each event taken
 * with es_eventlog_reader_next() and es_document_builder_add() as soon as
 * its bytes are fed, and each update a copy of the builder kept within
 * the memory limit, finished as the document of the bytes so far. */
typedef struct
{
  EsEventlogReader  *reader;
  EsDocumentBuilder *builder;
  GError            *error;
} OneAtATime;

static void
one_at_a_time_clear (OneAtATime *self)
{
  g_clear_pointer (&self->reader, es_eventlog_reader_free);
  g_clear_pointer (&self->builder, es_document_builder_free);
  g_clear_error (&self->error);
}

static gboolean
one_at_a_time_drain (OneAtATime *self)
{
  EsEvent event;
  EsReadResult result;

  while ((result = es_eventlog_reader_next (self->reader, &event, &self->error)) == ES_READ_EVENT)
    es_document_builder_add (self->builder, &event);
  return result != ES_READ_ERROR;
}

/* The document of the bytes fed so far, @data[@fed..@upto] fed first; or
 * %NULL, with self->error, if the reader refuses them, or without, if
 * they hold no whole header yet. */
static EsDocument *
one_at_a_time_update (OneAtATime   *self,
                      const guint8 *data,
                      gsize         fed,
                      gsize         upto,
                      gboolean      complete,
                      guint64       memory_limit)
{
  g_autoptr(EsDocumentBuilder) copy = NULL;
  gint64 stop = -1;
  gboolean cut;

  if (self->error != NULL)
    return NULL;
  if (upto > fed)
    {
      es_eventlog_reader_feed (self->reader, data + fed, upto - fed);
      if (!one_at_a_time_drain (self))
        return NULL;
    }
  if (complete)
    {
      es_eventlog_reader_finish (self->reader);
      if (!one_at_a_time_drain (self))
        return NULL;
    }
  if (!es_eventlog_reader_has_header (self->reader))
    return NULL;
  cut = !es_eventlog_reader_saw_end_marker (self->reader);
  es_eventlog_reader_is_truncated (self->reader, &stop, NULL);
  es_document_builder_keep_within (self->builder, memory_limit);
  copy = es_document_builder_copy (self->builder);
  es_document_builder_set_ongoing (copy, !complete);
  return es_document_builder_finish (copy, cut, cut ? stop : -1);
}

/* Follows @data (@len bytes, recorded at @record) with a live build, taken
 * in random pieces (cut anywhere in events and blocks) and in steps of at
 * most a random size, and with an update now and then, each checked
 * against the read one event at a time; with @memory_limit, detail is let
 * go of at each. Returns how many updates were compared; @refusal (out)
 * is the live build's, if it refused the log. */
static guint
follow_and_compare (const guint8  *data,
                    gsize          len,
                    const char    *record,
                    GRand         *rand,
                    guint64        memory_limit,
                    GError       **refusal)
{
  g_autoptr(EsLiveBuild) build = es_live_build_new (record);
  OneAtATime reference = { es_eventlog_reader_new (), es_document_builder_new_for_snapshots (), NULL };
  gsize recorded = 0, compared_upto = 0;
  guint n_updates = 0;

  g_assert_true (g_file_set_contents (record, (const char *) data, (gssize) len, NULL));
  es_live_build_set_memory_limit (build, memory_limit);
  while (recorded < len)
    {
      gsize piece = (gsize) g_rand_int_range (rand, 1, (gint32) MAX (len / 6, 2));
      guint64 most = (guint64) g_rand_int_range (rand, 1, (gint32) MAX (len / 4, 2));
      gboolean complete;
      guint64 taken = 0;
      g_autoptr(GError) error = NULL;

      /* Not in MIN (): it would draw twice. */
      piece = MIN (piece, len - recorded);
      recorded += piece;
      complete = recorded == len;

      /* A backlog taken a step at a time, as the follower takes one. */
      if (!es_live_build_take_some (build, recorded, most, &taken, NULL, &error))
        break;
      g_assert_no_error (error);
      g_assert_cmpuint (taken, <=, recorded);

      /* An update one time in three, and at the end. */
      if (complete || g_rand_int_range (rand, 0, 3) == 0)
        {
          g_autoptr(EsDocument) got = NULL, expected = NULL;
          g_autofree char *got_text = NULL, *expected_text = NULL;

          if (!es_live_build_update (build, recorded, complete, NULL, &got, &error))
            break;
          g_assert_no_error (error);
          expected = one_at_a_time_update (&reference, data, compared_upto, recorded, complete, memory_limit);
          compared_upto = recorded;
          g_assert_no_error (reference.error);
          g_assert_true ((got == NULL) == (expected == NULL));
          if (got == NULL)
            continue;
          got_text = es_test_digest_records (got);
          expected_text = es_test_digest_records (expected);
          g_assert_cmpstr (got_text, ==, expected_text);
          n_updates++;
        }
    }

  /* Refused: at the same byte, with the same words, as the read one
   * event at a time, fed all that the build was. */
  *refusal = NULL;
  if (es_live_build_get_refusal (build) != NULL)
    {
      g_autoptr(EsDocument) none = one_at_a_time_update (&reference, data, compared_upto, recorded, FALSE, 0);

      g_assert_null (none);
      g_assert_nonnull (reference.error);
      g_assert_error (es_live_build_get_refusal (build), reference.error->domain, reference.error->code);
      g_assert_cmpstr (es_live_build_get_refusal (build)->message, ==, reference.error->message);
      *refusal = g_error_copy (es_live_build_get_refusal (build));
    }
  else
    g_assert_cmpuint (recorded, ==, len);
  one_at_a_time_clear (&reference);
  g_unlink (record);
  return n_updates;
}

static char *
record_path (char **dir)
{
  *dir = g_dir_make_tmp ("es-live-batches-XXXXXX", NULL);
  g_assert_nonnull (*dir);
  return g_build_filename (*dir, "record", NULL);
}

/* Each fixture, followed three times in different pieces: the documents
 * of its updates are those of the same bytes read one event at a time. */
static void
test_fixture_same_as_one_at_a_time (gconstpointer data)
{
  g_autofree char *dir = NULL;
  g_autofree char *record = record_path (&dir);
  gsize len;
  g_autofree char *contents = es_test_read_fixture (data, &len);
  g_autoptr(GRand) rand = g_rand_new_with_seed (g_str_hash (data));
  guint n_updates = 0;

  for (guint run = 0; run < 3; run++)
    {
      g_autoptr(GError) refusal = NULL;

      n_updates += follow_and_compare ((const guint8 *) contents, len, record, rand, 0, &refusal);
      g_assert_no_error (refusal);
    }
  g_assert_cmpuint (n_updates, >=, 3);
  g_rmdir (dir);
}

/* A busy log of several MB (blocks of a fixed size, the batched read's
 * tighter loop, and a backlog read in many steps), followed without a
 * limit and with one that lets go of detail at its updates. */
static void
test_busy_log_same_as_one_at_a_time (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *record = record_path (&dir);
  gsize len;
  g_autofree char *contents = es_test_busy_log_with_gc_stats (300, &len);
  g_autoptr(GRand) rand = g_rand_new_with_seed (300);

  g_assert_cmpuint (len, >, 2 << 20);
  for (guint limited = 0; limited < 2; limited++)
    {
      g_autoptr(GError) refusal = NULL;

      g_assert_cmpuint (follow_and_compare ((const guint8 *) contents, len, record, rand,
                                            limited ? 256 << 10 : 0, &refusal), >=, 2);
      g_assert_no_error (refusal);
    }
  g_rmdir (dir);
}

/* The offsets of the events @data holds inside blocks, other than the
 * block markers, of a fixed size or (@variable) of a variable one. */
static GArray *
events_in_blocks (const guint8 *data,
                  gsize         len,
                  gboolean      variable)
{
  g_autoptr(EsEventlogReader) reader = es_eventlog_reader_new ();
  GArray *offsets = g_array_new (FALSE, FALSE, sizeof (gint64));
  EsEvent event;

  es_eventlog_reader_feed (reader, data, len);
  es_eventlog_reader_finish (reader);
  while (es_eventlog_reader_next (reader, &event, NULL) == ES_READ_EVENT)
    if (event.cap != ES_CAP_NONE && event.tag != ES_EVENT_BLOCK_MARKER &&
        (es_eventlog_reader_lookup_type (reader, event.tag)->size == ES_EVENT_SIZE_VARIABLE) == variable)
      g_array_append_val (offsets, event.offset);
  return offsets;
}

/* A log damaged two ways, at events a third, a half and four fifths in:
 * an event's tag that the header does not declare, and a variable event's
 * length past its block's end. The build refuses it where and as a read
 * one event at a time does (whose error names the byte), and each update
 * before is the same document. */
static void
test_damaged_log_refused_as_one_at_a_time (void)
{
  static const double where[] = { 0.33, 0.5, 0.8 };
  g_autofree char *dir = NULL;
  g_autofree char *record = record_path (&dir);
  gsize len;
  g_autofree char *contents = es_test_read_fixture ("parfib-N2.eventlog", &len);
  g_autoptr(GRand) rand = g_rand_new_with_seed (13);

  for (guint variable = 0; variable < 2; variable++)
    for (guint w = 0; w < G_N_ELEMENTS (where); w++)
      {
        g_autofree guint8 *data = g_memdup2 (contents, len);
        g_autoptr(GArray) offsets = events_in_blocks (data, len, variable);
        g_autoptr(GError) refusal = NULL;
        g_autofree char *byte = NULL;
        gint64 at;

        g_assert_cmpuint (offsets->len, >, 10);
        at = g_array_index (offsets, gint64, (guint) (offsets->len * where[w]));
        if (variable)
          {
            /* Its u16 length, after its tag and time. */
            data[at + 10] = 0xff;
            data[at + 11] = 0xff;
          }
        else
          {
            /* A tag no log declares. */
            data[at] = 0xff;
            data[at + 1] = 0xf0;
          }
        follow_and_compare (data, len, record, rand, 0, &refusal);
        if (variable)
          g_assert_error (refusal, ES_EVENTLOG_ERROR, ES_EVENTLOG_ERROR_BAD_LENGTH);
        else
          g_assert_error (refusal, ES_EVENTLOG_ERROR, ES_EVENTLOG_ERROR_UNDECLARED_EVENT);
        byte = g_strdup_printf ("byte %" G_GINT64_FORMAT ": ", at);
        g_assert_true (g_str_has_prefix (refusal->message, byte));
      }
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  /* Every GHC fixture: the Mono ones are not read by the eventlog reader. */
  for (guint i = 0; i < ES_TEST_N_FIXTURES; i++)
    {
      g_autofree char *name = NULL;

      if (!g_str_has_suffix (es_test_fixtures[i], ".eventlog"))
        continue;
      name = g_strdup_printf ("/live/batches/same-as-one-at-a-time/%s", es_test_fixtures[i]);
      g_test_add_data_func (name, es_test_fixtures[i], test_fixture_same_as_one_at_a_time);
    }
  g_test_add_func ("/live/batches/busy-log-same-as-one-at-a-time", test_busy_log_same_as_one_at_a_time);
  g_test_add_func ("/live/batches/damaged-log-refused-as-one-at-a-time", test_damaged_log_refused_as_one_at_a_time);
  return g_test_run ();
}
