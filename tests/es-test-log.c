/* es-test-log.c: small eventlogs written in memory, the fixtures, and
 * documents described as text (documents built with no log, and the
 * brute-force answers, are in es-test-builder.c; big logs in
 * es-test-busy-log.c)
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include <string.h>
#include <unistd.h>

#include "es-event-text.h"
#include "es-profile.h"
#include "es-stats.h"
#include "es-test-log.h"

struct _EsTestLog
{
  GByteArray *data;
  int         sizes[65536];
  gboolean    header_done;
  guint       block_start;
  gboolean    in_block;
};

GByteArray *
es_payload_new (void)
{
  return g_byte_array_new ();
}

GByteArray *
es_payload_u8 (GByteArray *p,
               guint8      v)
{
  return g_byte_array_append (p, &v, 1);
}

GByteArray *
es_payload_u16 (GByteArray *p,
                guint16     v)
{
  guint8 b[2] = { v >> 8, v & 0xff };

  return g_byte_array_append (p, b, 2);
}

GByteArray *
es_payload_u32 (GByteArray *p,
                guint32     v)
{
  es_payload_u16 (p, v >> 16);
  return es_payload_u16 (p, v & 0xffff);
}

GByteArray *
es_payload_u64 (GByteArray *p,
                guint64     v)
{
  es_payload_u32 (p, v >> 32);
  return es_payload_u32 (p, v & 0xffffffffu);
}

GByteArray *
es_payload_str (GByteArray *p,
                const char *s)
{
  return g_byte_array_append (p, (const guint8 *) s, (guint) strlen (s));
}

GByteArray *
es_payload_cstr (GByteArray *p,
                 const char *s)
{
  return g_byte_array_append (p, (const guint8 *) s, (guint) strlen (s) + 1);
}

EsTestLog *
es_test_log_new (void)
{
  EsTestLog *log = g_new0 (EsTestLog, 1);

  log->data = g_byte_array_new ();
  for (guint i = 0; i < G_N_ELEMENTS (log->sizes); i++)
    log->sizes[i] = -2;
  es_payload_str (log->data, "hdrbhetb");
  return log;
}

void
es_test_log_free (EsTestLog *log)
{
  g_byte_array_unref (log->data);
  g_free (log);
}

void
es_test_log_declare (EsTestLog  *log,
                     guint16     tag,
                     int         size,
                     const char *description)
{
  g_assert_false (log->header_done);
  es_payload_u32 (log->data, 0x65746200);
  es_payload_u16 (log->data, tag);
  es_payload_u16 (log->data, size < 0 ? 0xFFFF : (guint16) size);
  es_payload_u32 (log->data, (guint32) strlen (description));
  es_payload_str (log->data, description);
  es_payload_u32 (log->data, 0);
  es_payload_u32 (log->data, 0x65746500);
  log->sizes[tag] = size;
}

/* The types a GHC 9.x log declares, with their current sizes, plus STARTUP
 * and INTERN_STRING so that every GHC family can be written. */
void
es_test_log_declare_ghc (EsTestLog *log)
{
  static const struct { guint16 tag; int size; const char *desc; } types[] = {
    { 0, 4, "Create thread" }, { 1, 4, "Run thread" }, { 2, 10, "Stop thread" },
    { 3, 4, "Thread runnable" }, { 4, 6, "Migrate thread" }, { 8, 6, "Wakeup thread" },
    { 9, 0, "Starting GC" }, { 10, 0, "Finished GC" }, { 11, 0, "Request sequential GC" },
    { 12, 0, "Request parallel GC" }, { 15, 4, "Create spark thread" }, { 17, 2, "Startup" }, { 42, -1, "Intern string" }, { 16, -1, "Log message" },
    { 18, 14, "Block marker" }, { 19, -1, "User message" }, { 20, 0, "GC idle" },
    { 21, 0, "GC working" }, { 22, 0, "GC done" }, { 25, 6, "Create capability set" },
    { 26, 4, "Delete capability set" }, { 27, 6, "Add capability to capability set" },
    { 28, 6, "Remove capability from capability set" }, { 29, -1, "RTS name and version" },
    { 30, -1, "Program arguments" }, { 31, -1, "Program environment variables" },
    { 32, 8, "Process ID" }, { 33, 8, "Parent process ID" }, { 34, 56, "Spark counters" },
    { 35, 0, "Spark create" }, { 36, 0, "Spark dud" }, { 37, 0, "Spark overflow" },
    { 38, 0, "Spark run" }, { 39, 2, "Spark steal" }, { 40, 0, "Spark fizzle" },
    { 41, 0, "Spark GC" }, { 43, 16, "Wall clock time" }, { 44, -1, "Thread label" },
    { 45, 2, "Create capability" }, { 46, 2, "Delete capability" },
    { 47, 2, "Disable capability" }, { 48, 2, "Enable capability" },
    { 49, 12, "Total heap memory ever allocated" }, { 50, 12, "Current heap size" },
    { 51, 12, "Current heap live data" }, { 52, 38, "Heap static parameters" },
    { 53, 58, "GC statistics" }, { 54, 0, "Synchronise stop-the-world GC" },
    { 55, 18, "Task create" }, { 56, 12, "Task migrate" }, { 57, 8, "Task delete" },
    { 58, -1, "User marker" }, { 59, 0, "Empty event for bug #9003" },
    { 90, 16, "The RTS attempted to return heap memory to the OS" },
    { 91, 12, "Report the size of the heap in blocks" },
    { 160, -1, "Start of heap profile" }, { 161, -1, "Cost center definition" },
    { 162, 8, "Start of heap profile sample" }, { 163, -1, "Heap profile cost-centre sample" },
    { 164, -1, "Heap profile string sample" }, { 165, 8, "End of heap profile sample" },
    { 166, 16, "Start of heap profile (biographical) sample" },
    { 167, -1, "Time profile cost-centre stack" }, { 168, 8, "Start of a time profile" },
    { 169, -1, "An IPE entry" }, { 181, -1, "User binary message" },
    { 200, 0, "Begin concurrent mark phase" }, { 201, 4, "End concurrent mark phase" },
    { 202, 0, "Begin concurrent GC synchronisation" }, { 203, 0, "End concurrent mark synchronisation" },
    { 204, 0, "Begin concurrent sweep phase" }, { 205, 0, "End concurrent sweep phase" },
    { 206, 2, "Update remembered set flushed" }, { 207, 14, "Nonmoving heap census" },
    { 208, 8, "Report the amount of segments pruned and remaining on the free list." },
    { 210, -1, "Ticky-ticky entry counter definition" }, { 211, 32, "Ticky-ticky entry counter sample" },
    { 212, 0, "Ticky-ticky entry counter begin sample" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    es_test_log_declare (log, types[i].tag, types[i].size, types[i].desc);
}

/* A log declaring GHC 9.x's types (es_test_log_declare_ghc()), its
 * events to come. */
EsTestLog *
es_test_log_new_ghc (void)
{
  EsTestLog *log = es_test_log_new ();

  es_test_log_declare_ghc (log);
  es_test_log_begin_data (log);
  return log;
}

void
es_test_log_begin_data (EsTestLog *log)
{
  es_payload_str (log->data, "hetehdredatb");
  log->header_done = TRUE;
}

void
es_test_log_event (EsTestLog  *log,
                   guint16     tag,
                   guint64     time,
                   GByteArray *payload)
{
  g_assert_true (log->header_done);
  es_payload_u16 (log->data, tag);
  es_payload_u64 (log->data, time);
  if (log->sizes[tag] == -1)
    es_payload_u16 (log->data, payload != NULL ? (guint16) payload->len : 0);
  if (payload != NULL)
    {
      g_byte_array_append (log->data, payload->data, payload->len);
      g_byte_array_unref (payload);
    }
}

void
es_test_log_begin_block (EsTestLog *log,
                         guint64    time,
                         guint16    cap)
{
  GByteArray *p = es_payload_new ();

  g_assert_false (log->in_block);
  log->block_start = log->data->len;
  log->in_block = TRUE;
  es_payload_u32 (p, 0);
  es_payload_u64 (p, 0);
  es_payload_u16 (p, cap);
  es_test_log_event (log, 18, time, p);
}

/* Patches the marker as the RTS does when it flushes the buffer: the size
 * covers the whole block, the marker included. */
void
es_test_log_end_block (EsTestLog *log,
                       guint64    end_time)
{
  guint8 *m = log->data->data + log->block_start + 10;
  guint32 size = log->data->len - log->block_start;

  g_assert_true (log->in_block);
  for (int i = 0; i < 4; i++)
    m[i] = (size >> (24 - 8 * i)) & 0xff;
  for (int i = 0; i < 8; i++)
    m[4 + i] = (end_time >> (56 - 8 * i)) & 0xff;
  log->in_block = FALSE;
}

void
es_test_log_end (EsTestLog *log)
{
  es_payload_u16 (log->data, 0xFFFF);
}

GByteArray *
es_test_log_get_data (EsTestLog *log)
{
  return log->data;
}

static void
clear_test_event (gpointer data)
{
  EsTestEvent *event = data;

  g_free (event->text);
}

/**
 * es_test_decode:
 * @chunk_size: feed this many bytes at a time (0: all at once)
 *
 * Decodes a whole log into owned records, so the result does not depend
 * on how the input was split.
 */
GArray *
es_test_decode (const guint8      *data,
                gsize              len,
                gsize              chunk_size,
                EsEventlogReader **reader_out,
                GError           **error)
{
  g_autoptr(EsEventlogReader) reader = es_eventlog_reader_new ();
  g_autoptr(GArray) events = g_array_new (FALSE, TRUE, sizeof (EsTestEvent));
  g_autoptr(GString) line = g_string_new (NULL);
  gsize fed = 0;

  g_array_set_clear_func (events, clear_test_event);
  if (chunk_size == 0)
    chunk_size = MAX (len, 1);

  for (;;)
    {
      EsEvent event;
      EsTestEvent record;

      switch (es_eventlog_reader_next (reader, &event, error))
        {
        case ES_READ_EVENT:
          g_string_truncate (line, 0);
          es_event_append_line (&event, es_eventlog_reader_lookup_type (reader, event.tag), line);
          record.offset = event.offset;
          record.time = event.time;
          record.tag = event.tag;
          record.cap = event.cap;
          record.unknown = event.unknown;
          record.text = g_strdup (line->str);
          g_array_append_val (events, record);
          break;
        case ES_READ_NEED_MORE:
          if (fed == len)
            es_eventlog_reader_finish (reader);
          else
            {
              gsize n = MIN (chunk_size, len - fed);

              es_eventlog_reader_feed (reader, data + fed, n);
              fed += n;
            }
          break;
        case ES_READ_END:
          if (reader_out != NULL)
            *reader_out = g_steal_pointer (&reader);
          return g_steal_pointer (&events);
        case ES_READ_ERROR:
        default:
          if (reader_out != NULL)
            *reader_out = g_steal_pointer (&reader);
          return NULL;
        }
    }
}

/* @log's events, decoded whole; fails the test if they cannot be. */
GArray *
es_test_decode_log (EsTestLog *log)
{
  GByteArray *data = es_test_log_get_data (log);
  g_autoptr(GError) error = NULL;
  GArray *events = es_test_decode (data->data, data->len, 0, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (events);
  return events;
}

/* Decodes @log and checks the text of every event, in file order. */
void
es_test_assert_lines (EsTestLog          *log,
                      const char * const *expected)
{
  g_autoptr(GArray) events = es_test_decode_log (log);
  guint n = g_strv_length ((char **) expected);

  for (guint i = 0; i < MIN (n, events->len); i++)
    g_assert_cmpstr (g_array_index (events, EsTestEvent, i).text, ==, expected[i]);
  g_assert_cmpuint (events->len, ==, n);
}

/* Writes @data to a new temporary .eventlog; returns its path (the caller
 * removes it). */
char *
es_test_write_temp_log (const guint8 *data,
                        gsize         len)
{
  g_autoptr(GError) error = NULL;
  char *path = NULL;
  int fd = g_file_open_tmp ("eventscope-XXXXXX.eventlog", &path, &error);

  g_assert_no_error (error);
  close (fd);
  g_assert_true (g_file_set_contents (path, (const char *) data, (gssize) len, &error));
  g_assert_no_error (error);
  return path;
}

/* Material from ../shared (beside the checkout), or NULL when it is not
 * there: tests then skip, visibly. */
char *
es_test_shared_path (const char *relative)
{
  const char *shared = g_getenv ("ES_SHARED_DIR");
  g_autofree char *path = NULL;

  if (shared == NULL)
    return NULL;
  path = g_build_filename (shared, relative, NULL);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return NULL;
  return g_steal_pointer (&path);
}

/* Every fixture the project made: GHC logs of every shape, and Mono logs,
 * plain and gzip-packed. */
const char *const es_test_fixtures[ES_TEST_N_FIXTURES] = {
  "hello.eventlog",
  "parfib-N2.eventlog",
  "heap-hT-N2.eventlog",
  "profiled-hc.eventlog",
  "profiled-long.eventlog",
  "alloc-A1m-N2.eventlog",
  "alloc-A64m-N2.eventlog",
  "mlpd/alloc-small.mlpd",
  "mlpd/gc-threads.mlpd",
  "mlpd/gc-zip.mlpd",
  "mlpd/nogc.mlpd",
};

char *
es_test_fixture_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "fixtures", name, NULL);
}

static void
skip_scale_test (void)
{
  g_test_skip ("a test of scale, which valgrind makes minutes long: the plain and AddressSanitizer runs check it, "
               "and the tests of small logs run the same code under valgrind");
}

/* g_test_add_func() for a test of scale (a log of millions of rows, a
 * profile of 50,000 stacks), skipped under build-aux/test.sh's valgrind
 * stage (ES_TEST_UNDER_VALGRIND), where it takes a minute or two of the
 * twenty CI has for everything. */
void
es_test_add_scale_func (const char *path,
                        GTestFunc   func)
{
  g_test_add_func (path, g_getenv ("ES_TEST_UNDER_VALGRIND") != NULL ? skip_scale_test : func);
}

/* A fixture's bytes, @len of them; fails the test if it cannot read it. */
char *
es_test_read_fixture (const char *name,
                      gsize      *len)
{
  g_autofree char *path = es_test_fixture_path (name);
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, len, NULL));
  return contents;
}

/* A fixture loaded as the viewer loads it; fails the test if it cannot. */
EsDocument *
es_test_load_fixture (const char *name)
{
  g_autofree char *path = es_test_fixture_path (name);
  g_autoptr(GError) error = NULL;
  EsDocument *document = es_document_load_file (path, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (document);
  return document;
}

/* The row (cap) of @document labelled @name: a Mono log's thread; fails
 * the test if there is none. */
guint
es_test_cap_named (EsDocument *document,
                   const char *name)
{
  for (guint cap = 0; cap < es_document_get_n_caps (document); cap++)
    if (g_strcmp0 (es_document_get_cap_label (document, cap), name) == 0)
      return cap;
  g_error ("no row %s", name);
}

/* @log, ended, loaded from a temporary file as the viewer loads a log;
 * fails the test if it cannot be. */
EsDocument *
es_test_load_log (EsTestLog *log)
{
  GByteArray *data = es_test_log_get_data (log);
  g_autofree char *path = es_test_write_temp_log (data->data, data->len);
  g_autoptr(GError) error = NULL;
  EsDocument *document = es_document_load_file (path, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (document);
  g_unlink (path);
  return document;
}

static int
compare_times (gconstpointer a,
               gconstpointer b)
{
  const EsTestEvent *x = a, *y = b;

  return x->time < y->time ? -1 : x->time > y->time;
}

/**
 * es_test_decode_in_time_order:
 *
 * The events of the log at @path in the order `dump` prints them, found
 * without the event index: decoded in file order, then stably sorted by
 * time (g_array_sort is a merge sort).
 */
GArray *
es_test_decode_in_time_order (const char *path)
{
  g_autofree char *data = NULL;
  gsize len;
  g_autoptr(GError) error = NULL;
  GArray *events;

  g_assert_true (g_file_get_contents (path, &data, &len, &error));
  events = es_test_decode ((const guint8 *) data, len, 0, NULL, &error);
  g_assert_no_error (error);
  g_array_sort (events, compare_times);
  return events;
}

/**
 * es_test_searched_text:
 *
 * What an event search looks at for @event: its dump line without the
 * time and the newline, ASCII lower-cased.
 */
char *
es_test_searched_text (const EsTestEvent *event)
{
  const char *colon = strchr (event->text, ':');
  char *text;

  g_assert_nonnull (colon);
  text = g_ascii_strdown (colon + 2, -1);
  text[strlen (text) - 1] = '\0';
  return text;
}

/* @document's spans, by start, in an array of their own. */
EsSpan *
es_test_copy_spans (EsDocument *document,
                    guint      *n_spans)
{
  guint n = es_document_get_n_spans (document);
  EsSpan *spans = g_new0 (EsSpan, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    spans[i] = es_document_get_span (document, i);
  *n_spans = n;
  return spans;
}

/**
 * es_test_describe_mono_figures:
 *
 * Appends @f to @text, every row in the order computed: two figures are
 * the same if their texts are.
 */
void
es_test_describe_mono_figures (EsMonoActivity              *activity,
                               const EsMonoActivityFigures *f,
                               GString                     *text)
{
  for (guint i = 0; i < f->methods->len; i++)
    {
      const EsMonoActivityMethod *m = &g_array_index (f->methods, EsMonoActivityMethod, i);

      g_string_append_printf (text, "  call %s: %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT "\n",
                              es_mono_activity_method_name (activity, m->method), m->calls, m->total, m->self);
    }
  for (guint i = 0; i < f->classes->len; i++)
    {
      const EsMonoActivityAlloc *a = &g_array_index (f->classes, EsMonoActivityAlloc, i);

      g_string_append_printf (text, "  alloc %s: %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT "\n",
                              es_mono_activity_class_name (activity, a->klass), a->count, a->bytes);
    }
  for (guint i = 0; i < f->sites->len; i++)
    {
      const EsMonoActivityAlloc *a = &g_array_index (f->sites, EsMonoActivityAlloc, i);
      guint32 n_frames;
      const guint32 *frames = es_mono_activity_stack (activity, a->stack, &n_frames);

      g_string_append_printf (text, "  site %s: %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT ":",
                              es_mono_activity_class_name (activity, a->klass), a->count, a->bytes);
      for (guint32 j = 0; j < n_frames; j++)
        g_string_append_printf (text, " %s", es_mono_activity_method_name (activity, frames[j]));
      g_string_append_c (text, '\n');
    }
  for (guint i = 0; i < f->throws->len; i++)
    g_string_append_printf (text, "  throw %u: %" G_GUINT64_FORMAT "\n",
                            g_array_index (f->throws, EsMonoActivityThrow, i).stack,
                            g_array_index (f->throws, EsMonoActivityThrow, i).count);
  for (guint i = 0; i < f->clauses->len; i++)
    {
      const EsMonoActivityClause *c = &g_array_index (f->clauses, EsMonoActivityClause, i);

      g_string_append_printf (text, "  clause %u %u: %" G_GUINT64_FORMAT "\n", c->method, c->type, c->count);
    }
  for (guint i = 0; i < f->locks->len; i++)
    {
      const EsMonoActivityLock *l = &g_array_index (f->locks, EsMonoActivityLock, i);

      g_string_append_printf (text, "  lock %" G_GINT64_MODIFIER "x: %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT
                              " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT "\n",
                              es_mono_activity_lock_object (activity, l->lock), l->contentions, l->acquired,
                              l->failures, l->wait, l->max_wait);
    }
}

/* A Mono log's calls, allocations, exceptions and locks (what its
 * Calls & Allocations tab shows), of the whole run and its middle half. */
static void
describe_mono_activity (EsDocument *document,
                        GString    *text)
{
  EsMonoActivity *activity = es_document_get_mono_activity (document);
  guint64 end = es_document_get_end_time (document);

  if (activity == NULL)
    return;
  for (guint middle = 0; middle < 2; middle++)
    {
      g_autoptr(EsMonoActivityFigures) f = es_mono_activity_compute (activity, middle, end / 4, end / 4 * 3);

      g_string_append_printf (text, "mono %s: %" G_GUINT64_FORMAT " calls, %" G_GUINT64_FORMAT " objects of %"
                              G_GUINT64_FORMAT " bytes, %" G_GUINT64_FORMAT " throws\n", middle ? "middle" : "run",
                              f->n_calls, f->n_allocations, f->allocated_bytes, f->n_throws);
      es_test_describe_mono_figures (activity, f, text);
    }
}

/**
 * es_test_describe_document:
 *
 * Returns: what `summary` prints for the whole run of @document (GHC or
 *   Mono), and the counts beneath it: two documents of one log give the
 *   same text, however they were read
 */
char *
es_test_describe_document (EsDocument *document)
{
  g_auto(EsStats) stats = { 0 };
  g_autoptr(GString) text = g_string_new (NULL);
  guint n_gcs, n_threads;

  es_stats_compute (document, es_document_get_start_time (document), es_document_get_end_time (document), &stats);
  if (es_document_get_format (document) == ES_DOCUMENT_MONO_LOG)
    es_stats_append_mono_text (&stats, document, text);
  else
    es_stats_append_text (&stats, document, text);
  es_document_get_gcs (document, &n_gcs);
  n_threads = es_document_get_n_threads (document);
  g_string_append_printf (text, "events %" G_GUINT64_FORMAT ", caps %u, GCs %u, threads %u, %" G_GUINT64_FORMAT
                          "-%" G_GUINT64_FORMAT "\n",
                          es_document_get_n_events (document), es_document_get_n_caps (document), n_gcs, n_threads,
                          es_document_get_start_time (document), es_document_get_end_time (document));
  /* The time profile of the whole run and of its middle half, frame by
   * frame (by cost centre: stacks are numbered as they were first met,
   * which differs between a log read in parallel and one followed). */
  for (guint middle = 0; middle < 2; middle++)
    {
      guint64 start = es_document_get_start_time (document), end = es_document_get_end_time (document);
      guint64 t0 = middle ? start + (end - start) / 4 : start, t1 = middle ? end - (end - start) / 4 : end + 1;
      g_autoptr(EsProfile) profile = es_profile_new (document, t0, t1);

      if (profile->n_samples == 0)
        continue;
      g_string_append_printf (text, "profile of %" G_GUINT64_FORMAT "-%" G_GUINT64_FORMAT ": %" G_GUINT64_FORMAT
                              " samples, %" G_GUINT64_FORMAT " under MAIN\n",
                              t0, t1, profile->n_samples, profile->n_main);
      for (guint f = 0; f < es_profile_get_frames (profile)->len; f++)
        {
          const EsProfileFrame *frame = &g_array_index (es_profile_get_frames (profile), EsProfileFrame, f);

          g_string_append_printf (text, "  %u:%u %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT "\n", frame->depth,
                                  frame->cost_centre, frame->individual, frame->inherited);
        }
    }
  describe_mono_activity (document, text);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The document of the first @len bytes of the log @data as a live log's
 * update shows them while it is still being written: each cap's run goes
 * on to the latest event (a file cut there ends each at its own). */
char *
es_test_describe_ongoing_prefix (const char *data,
                                 gsize       len)
{
  g_autoptr(EsEventlogReader) reader = es_eventlog_reader_new ();
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new ();
  g_autoptr(EsDocument) document = NULL;
  EsEvent event;
  gint64 stop;
  EsReadResult result;

  es_eventlog_reader_feed (reader, (const guint8 *) data, len);
  es_eventlog_reader_finish (reader);
  while ((result = es_eventlog_reader_next (reader, &event, NULL)) == ES_READ_EVENT)
    es_document_builder_add (builder, &event);
  g_assert_cmpint (result, ==, ES_READ_END);
  es_document_builder_set_ongoing (builder, TRUE);
  document = es_document_builder_finish (builder, es_eventlog_reader_is_truncated (reader, &stop, NULL),
                                         stop);
  return es_test_describe_document (document);
}

/* es_test_describe_document() of the log at @path, read as a file. */
char *
es_test_describe_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(EsDocument) document = es_document_load_file (path, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  return es_test_describe_document (document);
}
