/* test-mlpd.c: Mono log-profiler files become documents
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "es-document.h"
#include "es-mlpd-file.h"
#include "es-mlpd-load.h"
#include "es-mlpd-reader.h"
#include "es-pause-dist.h"
#include "es-stats.h"
#include "es-test-log.h"
#include "es-test-mlpd.h"

/* Main starts at 0, the worker at 100 µs; the Dumper (the profiler's) is
 * hidden. A nursery pause 1000-1400 µs (suspended until 1050, resuming from
 * 1300) is stopped by Main; the worker waits for a lock 2000-2500 µs; a
 * major pause 3000-3600 µs; the heap grows to 8 MiB; the worker throws at
 * 2600 µs in a JIT-named method; the worker ends at 4000 µs, Main's last
 * event is at 5000 µs. */
static GBytes *
synthetic_log (void)
{
  EsTestMlpdWriter *w = es_test_mlpd_writer_new (17);
  GByteArray *a;

  es_test_mlpd_begin_buffer (w, ES_TEST_MLPD_MAIN_THREAD, ES_TEST_MLPD_STARTUP_NS);
  es_test_mlpd_thread_event (w, 0, ES_MLPD_METADATA_END_LOAD, ES_TEST_MLPD_MAIN_THREAD, NULL);
  es_test_mlpd_thread_event (w, 0, ES_MLPD_METADATA_NAME, ES_TEST_MLPD_MAIN_THREAD, "Main");
  a = es_test_mlpd_event (w, ES_MLPD_METHOD, ES_MLPD_METHOD_JIT, 10);
  es_test_mlpd_put_sleb (a, 0x40);                                   /* method = base + 0x40 */
  es_test_mlpd_put_sleb (a, 0x1234);
  es_test_mlpd_put_uleb (a, 99);
  es_test_mlpd_put_string (a, "Worker:Run ()");
  es_test_mlpd_gc_event (w, 1000, ES_MLPD_GC_PRE_STOP_WORLD, 0);
  es_test_mlpd_gc_event (w, 1001, ES_MLPD_GC_PRE_STOP_WORLD_LOCKED, 0);
  es_test_mlpd_gc_event (w, 1050, ES_MLPD_GC_POST_STOP_WORLD, 0);
  es_test_mlpd_gc_event (w, 1060, ES_MLPD_GC_START, 0);
  es_test_mlpd_gc_event (w, 1290, ES_MLPD_GC_END, 0);
  a = es_test_mlpd_event (w, ES_MLPD_GC, ES_MLPD_GC_RESIZE, 1295);
  es_test_mlpd_put_uleb (a, 4u << 20);
  es_test_mlpd_gc_event (w, 1300, ES_MLPD_GC_PRE_START_WORLD, 0);
  es_test_mlpd_gc_event (w, 1400, ES_MLPD_GC_POST_START_WORLD, 0);
  es_test_mlpd_gc_event (w, 1401, ES_MLPD_GC_POST_START_WORLD_UNLOCKED, 0);
  es_test_mlpd_end_buffer (w);

  es_test_mlpd_begin_buffer (w, ES_TEST_MLPD_WORKER_THREAD, ES_TEST_MLPD_STARTUP_NS + 100000);
  es_test_mlpd_thread_event (w, 100, ES_MLPD_METADATA_END_LOAD, ES_TEST_MLPD_WORKER_THREAD, NULL);
  es_test_mlpd_monitor_event (w, 2000, ES_MLPD_MONITOR_CONTENTION);
  es_test_mlpd_monitor_event (w, 2500, ES_MLPD_MONITOR_DONE);
  a = es_test_mlpd_event (w, ES_MLPD_EXCEPTION, 0x80, 2600);
  es_test_mlpd_put_sleb (a, 16);                                     /* the exception object */
  es_test_mlpd_put_uleb (a, 1);
  es_test_mlpd_put_sleb (a, 0x40);                                   /* thrown in Worker:Run */
  es_test_mlpd_end_buffer (w);

  /* A name set from another thread's buffer, and a profiler thread. */
  es_test_mlpd_begin_buffer (w, ES_TEST_MLPD_DUMPER_THREAD, ES_TEST_MLPD_STARTUP_NS + 150000);
  es_test_mlpd_thread_event (w, 150, ES_MLPD_METADATA_NAME, ES_TEST_MLPD_DUMPER_THREAD, "Profiler Dumper");
  es_test_mlpd_thread_event (w, 160, ES_MLPD_METADATA_NAME, ES_TEST_MLPD_WORKER_THREAD, "worker-1");
  es_test_mlpd_end_buffer (w);

  es_test_mlpd_begin_buffer (w, ES_TEST_MLPD_MAIN_THREAD, ES_TEST_MLPD_STARTUP_NS + 3000000);
  es_test_mlpd_gc_event (w, 3000, ES_MLPD_GC_PRE_STOP_WORLD, 1);
  es_test_mlpd_gc_event (w, 3010, ES_MLPD_GC_POST_STOP_WORLD, 1);
  es_test_mlpd_gc_event (w, 3020, ES_MLPD_GC_START, 1);
  es_test_mlpd_gc_event (w, 3500, ES_MLPD_GC_END, 1);
  a = es_test_mlpd_event (w, ES_MLPD_GC, ES_MLPD_GC_RESIZE, 3505);
  es_test_mlpd_put_uleb (a, 8u << 20);
  es_test_mlpd_gc_event (w, 3510, ES_MLPD_GC_PRE_START_WORLD, 0);
  es_test_mlpd_gc_event (w, 3600, ES_MLPD_GC_POST_START_WORLD, 0);
  es_test_mlpd_sync_point (w, 5000);
  es_test_mlpd_end_buffer (w);

  es_test_mlpd_begin_buffer (w, ES_TEST_MLPD_WORKER_THREAD, ES_TEST_MLPD_STARTUP_NS + 4000000);
  es_test_mlpd_thread_event (w, 4000, ES_MLPD_METADATA_END_UNLOAD, ES_TEST_MLPD_WORKER_THREAD, NULL);
  es_test_mlpd_end_buffer (w);
  return es_test_mlpd_writer_finish (w);
}

static EsDocument *
load_bytes (GBytes *bytes, GError **error)
{
  return es_mlpd_load_document (bytes, FALSE, NULL, NULL, NULL, error);
}

static guint64
us (guint64 v)
{
  return v * 1000;
}

/* What fraction of [t0, t1] a row spends in each activity. */
static void
activity_in (EsDocument *doc, guint cap, guint64 t0, guint64 t1, EsCapStats *out)
{
  g_auto(EsStats) stats = { 0 };

  es_stats_compute (doc, t0, t1, &stats);
  g_assert_cmpuint (cap, <, stats.n_caps);
  *out = stats.caps[cap];
}

static void
test_synthetic_threads_become_rows (void)
{
  g_autoptr(GBytes) bytes = synthetic_log ();
  g_autoptr(GError) error = NULL;
  g_autoptr(EsDocument) doc = load_bytes (bytes, &error);
  const EsMonoSummary *mono;

  g_assert_no_error (error);
  g_assert_nonnull (doc);
  g_assert_cmpint (es_document_get_format (doc), ==, ES_DOCUMENT_MONO_LOG);
  g_assert_cmpuint (es_document_get_n_caps (doc), ==, 2);
  g_assert_cmpstr (es_document_get_cap_label (doc, 0), ==, "Main");
  g_assert_cmpstr (es_document_get_cap_label (doc, 1), ==, "worker-1");
  g_assert_cmpuint (es_document_get_start_time (doc), ==, 0);
  g_assert_cmpuint (es_document_get_end_time (doc), ==, us (5000));
  g_assert_false (es_document_is_truncated (doc, NULL));

  g_assert_cmpuint (es_document_get_n_threads (doc), ==, 2);
  g_assert_cmpstr (es_document_lookup_thread (doc, 1)->label, ==, "Main");
  g_assert_cmpstr (es_document_lookup_thread (doc, 2)->label, ==, "worker-1");
  g_assert_cmpuint (es_document_lookup_thread (doc, 2)->created, ==, us (100));

  mono = es_document_get_mono_summary (doc);
  g_assert_nonnull (mono);
  g_assert_cmpuint (mono->n_hidden_threads, ==, 1);
  g_assert_cmpuint (mono->n_contentions, ==, 1);
  g_assert_cmpuint (mono->contention_total, ==, us (500));
  g_assert_cmpuint (mono->n_throws, ==, 1);
  g_assert_cmpuint (mono->n_resizes, ==, 2);
  g_assert_cmpuint (mono->max_heap_size, ==, 8u << 20);
  g_assert_cmpuint (mono->n_collections[0], ==, 1);
  g_assert_cmpuint (mono->n_collections[1], ==, 1);
  g_assert_cmpuint (mono->collection_total[0], ==, us (230));
  g_assert_cmpuint (mono->collection_max[1], ==, us (480));
  g_assert_cmpint (mono->shutdown_pause, ==, -1);

  {
    const EsProcessInfo *p = es_document_get_process (doc);

    g_assert_cmpuint (p->pid, ==, 4242);
    g_assert_cmpuint (p->wall_clock_sec, ==, 1700000000);
    g_assert_cmpuint (p->wall_clock_nsec, ==, 123000000);
    g_assert_nonnull (strstr (p->rts_identifier, "data version 17"));
  }
  {
    guint n;
    const EsUserEvent *messages = es_document_get_messages (doc, &n);

    g_assert_cmpuint (n, ==, 1);
    g_assert_cmpuint (messages[0].time, ==, us (2600));
    g_assert_cmpstr (messages[0].text, ==, "Exception thrown in Worker:Run ()");
  }
}

static void
test_synthetic_pauses_stop_every_live_row (void)
{
  g_autoptr(GBytes) bytes = synthetic_log ();
  g_autoptr(EsDocument) doc = load_bytes (bytes, NULL);
  guint n_gcs;
  const EsGc *gcs = es_document_get_gcs (doc, &n_gcs);
  EsCapStats cs;
  guint64 start, end;
  const EsSeries *heap = es_document_get_heap_size (doc);

  g_assert_cmpuint (n_gcs, ==, 2);
  g_assert_cmpuint (gcs[0].start, ==, us (1000));
  g_assert_cmpuint (gcs[0].end, ==, us (1400));
  g_assert_cmpuint (gcs[0].sync_time, ==, us (1050));
  g_assert_cmpuint (gcs[0].generation, ==, 0);
  g_assert_cmpuint (gcs[0].cap, ==, 0);
  g_assert_cmpuint (gcs[1].start, ==, us (3000));
  g_assert_cmpuint (gcs[1].end, ==, us (3600));
  g_assert_cmpuint (gcs[1].generation, ==, 1);

  /* Both rows are in the first pause, waiting while threads suspend
   * (1000-1050) and resume (1300-1400), collecting in between. */
  for (guint cap = 0; cap < 2; cap++)
    {
      g_assert_true (es_document_get_gc_on_cap (doc, &gcs[0], cap, &start, &end));
      g_assert_cmpuint (start, ==, us (1000));
      g_assert_cmpuint (end, ==, us (1400));
      activity_in (doc, cap, us (1000), us (1400), &cs);
      g_assert_cmpuint (cs.gc_waiting, ==, us (50 + 100));
      g_assert_cmpuint (cs.gc, ==, us (250));
      g_assert_cmpuint (cs.running, ==, 0);
    }

  /* The worker runs, then waits for the lock (blocked: neither running nor
   * in GC), then runs until it ends at 4000, outside the second pause. */
  activity_in (doc, 1, us (1400), us (2000), &cs);
  g_assert_cmpuint (cs.running, ==, us (600));
  activity_in (doc, 1, us (2000), us (2500), &cs);
  g_assert_cmpuint (cs.running, ==, 0);
  g_assert_cmpuint (cs.idle, ==, us (500));
  activity_in (doc, 1, us (2500), us (4000), &cs);
  g_assert_cmpuint (cs.running, ==, us (1500 - 600));
  g_assert_cmpuint (cs.gc + cs.gc_waiting, ==, us (600));
  activity_in (doc, 1, us (4000), us (5000), &cs);
  g_assert_cmpuint (cs.running, ==, 0);
  activity_in (doc, 0, us (3600), us (5000), &cs);
  g_assert_cmpuint (cs.running, ==, us (1400));

  g_assert_cmpuint (es_series_get_length (heap), ==, 2);
  g_assert_cmpuint (es_series_get_samples (heap)[1].value, ==, 8u << 20);
  g_assert_cmpuint (es_series_get_samples (heap)[1].time, ==, us (3505));
}

static GBytes *
gzip_bytes (GBytes *bytes)
{
  g_autoptr(GZlibCompressor) gzip = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, 6);
  g_autoptr(GOutputStream) memory = g_memory_output_stream_new_resizable ();
  g_autoptr(GOutputStream) out = g_converter_output_stream_new (memory, G_CONVERTER (gzip));

  g_assert_true (g_output_stream_write_all (out, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                            NULL, NULL, NULL));
  g_assert_true (g_output_stream_close (out, NULL, NULL));
  return g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (memory));
}

static void
test_synthetic_packed_log_is_the_same (void)
{
  g_autoptr(GBytes) bytes = synthetic_log ();
  g_autoptr(GBytes) packed = gzip_bytes (bytes);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr(EsDocument) doc = NULL;
  gsize len;
  const guint8 *data;

  data = g_bytes_get_data (packed, &len);
  g_assert_cmpuint (data[0], ==, 0x1f);
  path = es_test_write_temp_log (data, len);

  doc = es_document_load_file (path, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (es_document_get_format (doc), ==, ES_DOCUMENT_MONO_LOG);
  g_assert_cmpuint (es_document_get_n_caps (doc), ==, 2);
  g_assert_false (es_document_is_truncated (doc, NULL));
  g_clear_object (&doc);

  /* Cut the packed stream: a log cut short, with what came before. */
  g_unlink (path);
  g_free (path);
  path = es_test_write_temp_log (data, len - 20);
  doc = es_document_load_file (path, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (es_document_is_truncated (doc, NULL));
  g_unlink (path);
}

/* The reader unpacks a packed log up to the size it is given and refuses
 * more, so the caller decides what the machine can hold. */
static void
test_packed_log_past_the_limit_is_refused (void)
{
  g_autoptr(GBytes) bytes = synthetic_log ();
  g_autoptr(GBytes) packed = gzip_bytes (bytes);
  g_autofree char *path = es_test_write_temp_log (g_bytes_get_data (packed, NULL), g_bytes_get_size (packed));
  gsize len = g_bytes_get_size (bytes);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) within = NULL;
  g_autoptr(GBytes) past = NULL;
  gboolean cut_short = TRUE;

  within = es_mlpd_read_file (path, len, &cut_short, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (cut_short);
  g_assert_true (g_bytes_equal (within, bytes));

  past = es_mlpd_read_file (path, len - 1, &cut_short, NULL, NULL, &error);
  g_assert_null (past);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
  g_assert_true (g_str_has_prefix (error->message, "this packed log unpacks to more than "));
  g_unlink (path);
}

static void
test_cut_log_keeps_whole_buffers (void)
{
  g_autoptr(GBytes) bytes = synthetic_log ();
  gsize len;
  const guint8 *data = g_bytes_get_data (bytes, &len);
  g_autoptr(GBytes) cut = g_bytes_new (data, len - 3);
  g_autoptr(GError) error = NULL;
  g_autoptr(EsDocument) doc = load_bytes (cut, &error);
  gint64 at;
  gsize last_buffer = len - 4;
  guint n_gcs;

  while (memcmp (data + last_buffer, "\x01LPM", 4) != 0)
    last_buffer--;

  /* The last buffer (the worker's end) is lost; the rest is there. */
  g_assert_no_error (error);
  g_assert_true (es_document_is_truncated (doc, &at));
  g_assert_cmpint (at, ==, (gint64) last_buffer);
  es_document_get_gcs (doc, &n_gcs);
  g_assert_cmpuint (n_gcs, ==, 2);
}

static void
assert_fails_at (GBytes *bytes, int code, const char *offset_text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(EsDocument) doc = load_bytes (bytes, &error);

  g_assert_null (doc);
  g_assert_error (error, ES_MLPD_ERROR, code);
  g_assert_true (g_str_has_prefix (error->message, offset_text));
}

static void
test_bad_logs_say_where (void)
{
  g_autoptr(GBytes) bytes = synthetic_log ();
  gsize len, header_len;
  const guint8 *data = g_bytes_get_data (bytes, &len);
  EsMlpdHeader header;
  g_autofree guint8 *copy = g_memdup2 (data, len);
  g_autofree char *at = NULL;

  g_assert_true (es_mlpd_read_header (data, len, &header, &header_len, NULL));
  es_mlpd_header_clear (&header);

  /* A data version from the future. */
  copy[6] = 18;
  {
    g_autoptr(GBytes) b = g_bytes_new (copy, len);
    assert_fails_at (b, ES_MLPD_ERROR_UNSUPPORTED_VERSION, "byte 6:");
  }
  copy[6] = 17;

  /* A buffer whose signature is wrong. */
  copy[header_len] = 0x77;
  {
    g_autoptr(GBytes) b = g_bytes_new (copy, len);
    at = g_strdup_printf ("byte %" G_GSIZE_FORMAT ":", header_len);
    assert_fails_at (b, ES_MLPD_ERROR_BAD_MAGIC, at);
  }
  copy[header_len] = 0x01;

  /* An unknown event type (9 was removed in data version 16). */
  copy[header_len + 48] = 0x09;
  {
    g_autoptr(GBytes) b = g_bytes_new (copy, len);
    g_free (at);
    at = g_strdup_printf ("byte %" G_GSIZE_FORMAT ":", header_len + 48);
    assert_fails_at (b, ES_MLPD_ERROR_MALFORMED_EVENT, at);
  }

  /* A header cut short. */
  {
    g_autoptr(GBytes) b = g_bytes_new (data, 30);
    assert_fails_at (b, ES_MLPD_ERROR_TRUNCATED_HEADER, "byte 30:");
  }
}

/* Every prefix and many corruptions of a real log load or fail with a
 * message naming a byte offset, never crash. */
static void
test_hostile_bytes_never_crash (void)
{
  g_autofree char *path = es_test_shared_path ("mlpd/threads-legacy.mlpd");
  g_autoptr(GBytes) bytes = NULL;
  gsize len;
  const guint8 *data;
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261122);
  gboolean cut_short;

  if (path == NULL)
    {
      g_test_skip ("../shared/mlpd is not there");
      return;
    }
  bytes = es_mlpd_read_file (path, 0, &cut_short, NULL, NULL, NULL);
  data = g_bytes_get_data (bytes, &len);
  for (guint i = 0; i < 150; i++)
    {
      g_autofree guint8 *copy = g_memdup2 (data, len);
      gsize cut = g_rand_int_range (rand, 0, (gint32) len);
      g_autoptr(GBytes) b = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(EsDocument) doc = NULL;

      for (guint j = 0; j < 4; j++)
        copy[g_rand_int_range (rand, 0, (gint32) len)] ^= (guint8) g_rand_int_range (rand, 1, 256);
      b = g_bytes_new (copy, i % 2 == 0 ? len : cut);
      doc = load_bytes (b, &error);
      g_assert_true ((doc != NULL) != (error != NULL));
      if (error != NULL)
        g_assert_true (g_str_has_prefix (error->message, "byte "));
    }
}

/* Main's thread, and before it @images loaded and the root domain named
 * @domain (either may be NULL). */
static GBytes *
log_with_metadata (const char *const *images,
                   const char        *domain)
{
  EsTestMlpdWriter *w = es_test_mlpd_writer_new (17);
  GByteArray *a;
  guint64 t = 0;

  es_test_mlpd_begin_buffer (w, ES_TEST_MLPD_MAIN_THREAD, ES_TEST_MLPD_STARTUP_NS);
  es_test_mlpd_thread_event (w, 0, ES_MLPD_METADATA_END_LOAD, ES_TEST_MLPD_MAIN_THREAD, NULL);
  for (guint i = 0; images != NULL && images[i] != NULL; i++)
    {
      a = es_test_mlpd_event (w, ES_MLPD_METADATA, ES_MLPD_METADATA_END_LOAD, ++t);
      es_test_mlpd_put_u8 (a, ES_MLPD_KIND_IMAGE);
      es_test_mlpd_put_sleb (a, 0x100 * (i + 1));
      es_test_mlpd_put_string (a, images[i]);
      es_test_mlpd_put_string (a, "");              /* its mvid */
    }
  if (domain != NULL)
    {
      a = es_test_mlpd_event (w, ES_MLPD_METADATA, ES_MLPD_METADATA_NAME, ++t);
      es_test_mlpd_put_u8 (a, ES_MLPD_KIND_DOMAIN);
      es_test_mlpd_put_sleb (a, 0);
      es_test_mlpd_put_string (a, domain);
    }
  es_test_mlpd_sync_point (w, 1000);
  es_test_mlpd_end_buffer (w);
  return es_test_mlpd_writer_finish (w);
}

/* A Mono log's program is what the log says of it: the root domain's
 * name, or else the program's image (the first .exe loaded), or nothing;
 * never the profiler's options, which are the header's arguments and stay
 * the log's one argument, for the summary. */
static void
test_program_is_the_domain_or_its_image (void)
{
  static const char *const images[] = {
    "/usr/lib/mono/4.5/mscorlib.dll", "/home/ann/work/Prog.exe", "/home/ann/work/Plugin.exe", NULL
  };
  static const struct
  {
    const char *const *images;
    const char        *domain;
    const char        *program;
  } cases[] = {
    { images, "Prog.exe", "Prog.exe" },
    { images, NULL, "/home/ann/work/Prog.exe" },
    { NULL, NULL, NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GBytes) bytes = log_with_metadata (cases[i].images, cases[i].domain);
      g_autoptr(GError) error = NULL;
      g_autoptr(EsDocument) doc = load_bytes (bytes, &error);
      g_autoptr(GString) text = g_string_new (NULL);
      g_auto(EsStats) stats = { 0 };
      const EsProcessInfo *p;

      g_assert_no_error (error);
      p = es_document_get_process (doc);
      g_assert_cmpstr (p->program, ==, cases[i].program);
      g_assert_cmpstr (p->args[0], ==, "log:gc,monitor,output=test.mlpd");
      g_assert_null (p->args[1]);
      es_stats_compute (doc, 0, es_document_get_end_time (doc), &stats);
      es_stats_append_mono_text (&stats, doc, text);
      g_assert_nonnull (strstr (text->str, ", profiler options log:gc,monitor,output=test.mlpd\n"));
    }

  /* A real one: Mono names the root domain after the program's file. */
  {
    g_autofree char *path = es_test_fixture_path ("mlpd/gc-threads.mlpd");
    g_autoptr(GError) error = NULL;
    g_autoptr(EsDocument) doc = es_document_load_file (path, NULL, NULL, NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (es_document_get_process (doc)->program, ==, "workers.exe");
    g_assert_cmpstr (es_document_get_process (doc)->args[0], ==, "log:gc,monitor,output=gc-threads.mlpd");
  }
}

/* The fixture's README gives what an independent decoder found: 13
 * world-stopped pauses, 3 of them major (the last the suspend at exit), and
 * the worker threads by name. */
static void
test_fixture_pauses_and_threads (void)
{
  g_autofree char *path = es_test_fixture_path ("mlpd/gc-threads.mlpd");
  g_autoptr(GError) error = NULL;
  g_autoptr(EsDocument) doc = es_document_load_file (path, NULL, NULL, NULL, &error);
  const char *expected[] = { "Main", "Finalizer", "worker-1", "worker-2", "worker-3", "worker-4" };
  guint n_gcs, n_major = 0;
  const EsGc *gcs;
  const EsMonoSummary *mono;

  g_assert_no_error (error);
  gcs = es_document_get_gcs (doc, &n_gcs);
  for (guint i = 0; i < n_gcs; i++)
    n_major += gcs[i].generation == 1;
  g_assert_cmpuint (n_gcs, ==, 13);
  g_assert_cmpuint (n_major, ==, 3);
  mono = es_document_get_mono_summary (doc);
  g_assert_cmpint (mono->shutdown_pause, ==, 12);
  g_assert_cmpuint (mono->exit_suspend_end - mono->exit_suspend_start, >, 900000000);
  g_assert_cmpuint (es_document_get_n_caps (doc), ==, G_N_ELEMENTS (expected));
  for (guint c = 0; c < G_N_ELEMENTS (expected); c++)
    {
      gboolean found = FALSE;

      for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
        found |= g_strcmp0 (es_document_get_cap_label (doc, c), expected[i]) == 0;
      g_assert_true (found);
    }
}

/* The runtime's wait of about a second for the threads to stop at exit is
 * no collection: the GC record after it starts once the world had stopped,
 * so the GC lists, the pause distributions and the statistics' pauses all
 * have it as the short collection it is; the wait is the rows' own state,
 * ES_ACTIVITY_EXIT_SUSPEND, and the statistics' "suspend" time. */
static void
test_exit_suspend_is_no_collection (void)
{
  g_autofree char *path = es_test_fixture_path ("mlpd/gc-threads.mlpd");
  g_autoptr(GError) error = NULL;
  g_autoptr(EsDocument) doc = es_document_load_file (path, NULL, NULL, NULL, &error);
  g_auto(EsStats) stats = { 0 };
  const EsMonoSummary *mono;
  EsPauseDists dists;
  EsMonoPauses pauses;
  guint64 suspend, longest = 0;
  const EsGc *gcs;
  guint n_gcs, n_rows_suspended = 0;

  g_assert_no_error (error);
  mono = es_document_get_mono_summary (doc);
  gcs = es_document_get_gcs (doc, &n_gcs);
  suspend = mono->exit_suspend_end - mono->exit_suspend_start;
  g_assert_cmpuint (suspend, >, 900000000);
  g_assert_cmpuint (suspend, <, 1100000000);

  /* No GC record holds any of the wait; the one after it starts where
   * it ends and is a major collection of about a millisecond. */
  for (guint i = 0; i < n_gcs; i++)
    {
      g_assert_true (gcs[i].end <= mono->exit_suspend_start || gcs[i].start >= mono->exit_suspend_end);
      g_assert_cmpuint (es_pause_dist_gc_pause (doc, i), <, 10000000);
      longest = MAX (longest, gcs[i].end - gcs[i].start);
    }
  g_assert_cmpuint (gcs[12].start, ==, mono->exit_suspend_end);
  g_assert_cmpuint (gcs[12].generation, ==, 1);
  g_assert_cmpuint (gcs[12].end - gcs[12].start, <, 10000000);
  g_assert_cmpuint (longest, <, 10000000);

  es_pause_dists_compute (doc, 0, es_document_get_end_time (doc), &dists);
  g_assert_cmpuint (dists.all.count, ==, 13);
  g_assert_cmpuint (dists.all.max, <, 10000000);
  g_assert_cmpuint (dists.all.total, <, 100000000);

  es_stats_compute (doc, 0, es_document_get_end_time (doc), &stats);
  g_assert_cmpuint (stats.gc_elapsed, <, 100000000);
  es_stats_compute_mono_pauses (&stats, doc, &pauses);
  g_assert_cmpuint (pauses.exit_suspend, ==, suspend);
  g_assert_cmpuint (MAX (pauses.max[0], pauses.max[1]), <, 10000000);
  g_assert_cmpuint (pauses.mut + pauses.gc + pauses.exit_suspend, ==, stats.total_elapsed);

  /* Every thread alive then is seen suspended, for all of the wait. */
  for (guint c = 0; c < es_document_get_n_caps (doc); c++)
    {
      guint n;
      const EsActivity *a = es_cap_timeline_get_activities (es_document_get_cap (doc, c), &n);

      for (guint i = 0; i < n; i++)
        if (a[i].kind == ES_ACTIVITY_EXIT_SUSPEND)
          {
            g_assert_cmpuint (a[i].start, >=, mono->exit_suspend_start);
            g_assert_cmpuint (es_activity_end (&a[i]), ==, mono->exit_suspend_end);
            n_rows_suspended += a[i].start == mono->exit_suspend_start;
          }
      g_assert_cmpuint (stats.caps[c].exit_suspend, <=, suspend);
    }
  g_assert_cmpuint (n_rows_suspended, >, 0);
}

/* Every log of ../shared/mlpd that ends with the suspend at exit (those
 * made with gc) has it in no GC record: no collection there is longer than
 * 100 ms, nor overlaps the wait. threads-sample.mlpd, where the GC list
 * once said 1002.6 ms, is named when it is missing. */
static void
test_shared_logs_exit_suspend_in_no_pause (void)
{
  g_autofree char *dir = es_test_shared_path ("mlpd");
  g_autofree char *sample = NULL;
  g_autoptr(GDir) d = NULL;
  const char *name;
  guint n_suspends = 0;

  if (dir == NULL)
    {
      g_test_skip ("../shared/mlpd is not there");
      return;
    }
  sample = g_build_filename (dir, "threads-sample.mlpd", NULL);
  if (!g_file_test (sample, G_FILE_TEST_EXISTS))
    g_test_message ("%s is not there: the other logs only", sample);
  d = g_dir_open (dir, 0, NULL);
  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(EsDocument) doc = NULL;
      const EsMonoSummary *mono;
      const EsGc *gcs;
      guint n_gcs;

      if (!g_str_has_suffix (name, ".mlpd"))
        continue;
      path = g_build_filename (dir, name, NULL);
      doc = es_document_load_file (path, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      mono = es_document_get_mono_summary (doc);
      gcs = es_document_get_gcs (doc, &n_gcs);
      g_test_message ("%s: %u collections, suspend at exit %.1f ms", name, n_gcs,
                      (mono->exit_suspend_end - mono->exit_suspend_start) / 1e6);
      for (guint i = 0; i < n_gcs; i++)
        {
          g_assert_cmpuint (gcs[i].end - gcs[i].start, <, 100000000);
          g_assert_true (gcs[i].end <= mono->exit_suspend_start || gcs[i].start >= mono->exit_suspend_end);
        }
      if (mono->shutdown_pause >= 0)
        {
          g_assert_cmpuint (mono->exit_suspend_end - mono->exit_suspend_start, >, 900000000);
          g_assert_cmpuint (gcs[mono->shutdown_pause].start, ==, mono->exit_suspend_end);
          n_suspends++;
        }
      else
        g_assert_cmpuint (mono->exit_suspend_end, ==, mono->exit_suspend_start);
    }
  g_assert_cmpuint (n_suspends, >, 0);
}

/* The profiler's options, as its own parser reads them: by each option's
 * start, never by a value. */
static void
test_options_say_what_the_log_holds (void)
{
  static const struct
  {
    guint8      data_version;
    const char *args;
    gboolean    trusted, nodefaults, sample, calls, alloc, heapshot, monitor;
    gboolean    hz_given;
    guint64     hz;
  } cases[] = {
    { 17, "log:calls,alloc,output=/tmp/x.mlpd", TRUE, FALSE, FALSE, TRUE, TRUE, FALSE, FALSE, FALSE, 0 },
    { 17, "log:sample=1000,nodefaults", TRUE, TRUE, TRUE, FALSE, FALSE, FALSE, FALSE, TRUE, 1000 },
    { 17, "log:sample-real", TRUE, FALSE, TRUE, FALSE, FALSE, FALSE, FALSE, FALSE, 0 },
    { 17, "log:sample=cycles/250", TRUE, FALSE, TRUE, FALSE, FALSE, FALSE, FALSE, TRUE, 250 },
    { 17, "log:sample=0", TRUE, FALSE, TRUE, FALSE, FALSE, FALSE, FALSE, TRUE, 0 },
    { 17, "log:heapshot=1gc,monitor", TRUE, FALSE, FALSE, FALSE, FALSE, TRUE, TRUE, FALSE, 0 },
    { 17, "log:heapshot-on-shutdown", TRUE, FALSE, FALSE, FALSE, FALSE, TRUE, FALSE, FALSE, 0 },
    { 17, "log:gc,output=heapshot-calls.mlpd", TRUE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, 0 },
    { 17, "log:calldepth=10,maxframes=8", TRUE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, 0 },
    { 17, NULL, TRUE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, 0 },
    { 16, "log:nodefaults,gc", FALSE, TRUE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      EsMlpdHeader header = { .data_version = cases[i].data_version, .args = (char *) cases[i].args };
      EsMlpdOptions options;

      g_test_message ("%u: %s", cases[i].data_version, cases[i].args != NULL ? cases[i].args : "(none)");
      es_mlpd_header_get_options (&header, &options);
      g_assert_cmpint (options.trusted, ==, cases[i].trusted);
      g_assert_cmpint (options.nodefaults, ==, cases[i].nodefaults);
      g_assert_cmpint (options.sample, ==, cases[i].sample);
      g_assert_cmpint (options.calls, ==, cases[i].calls);
      g_assert_cmpint (options.alloc, ==, cases[i].alloc);
      g_assert_cmpint (options.heapshot, ==, cases[i].heapshot);
      g_assert_cmpint (options.monitor, ==, cases[i].monitor);
      g_assert_cmpint (options.sample_hz_given, ==, cases[i].hz_given);
      if (cases[i].hz_given)
        g_assert_cmpuint (options.sample_hz, ==, cases[i].hz);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/mlpd/synthetic/threads-become-rows", test_synthetic_threads_become_rows);
  g_test_add_func ("/mlpd/synthetic/pauses-stop-every-live-row", test_synthetic_pauses_stop_every_live_row);
  g_test_add_func ("/mlpd/synthetic/packed-log-is-the-same", test_synthetic_packed_log_is_the_same);
  g_test_add_func ("/mlpd/packed-log-past-the-limit-is-refused", test_packed_log_past_the_limit_is_refused);
  g_test_add_func ("/mlpd/cut-log-keeps-whole-buffers", test_cut_log_keeps_whole_buffers);
  g_test_add_func ("/mlpd/bad-logs-say-where", test_bad_logs_say_where);
  g_test_add_func ("/mlpd/hostile-bytes-never-crash", test_hostile_bytes_never_crash);
  g_test_add_func ("/mlpd/fixture-pauses-and-threads", test_fixture_pauses_and_threads);
  g_test_add_func ("/mlpd/exit-suspend-is-no-collection", test_exit_suspend_is_no_collection);
  g_test_add_func ("/mlpd/shared-logs-exit-suspend-in-no-pause", test_shared_logs_exit_suspend_in_no_pause);
  g_test_add_func ("/mlpd/program-is-the-domain-or-its-image", test_program_is_the_domain_or_its_image);
  g_test_add_func ("/mlpd/options-say-what-the-log-holds", test_options_say_what_the_log_holds);

  return g_test_run ();
}
