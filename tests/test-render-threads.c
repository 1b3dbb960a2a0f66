/* test-render-threads.c: thread rows, their states' colours, and the
 * selected thread's runs on the HEC rows
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-document-builder.h"
#include "es-test-log.h"
#include "es-test-render.h"
#include "es-thread-states.h"

#define RUN_END 1000000

/* Thread 7 "worker" on HEC 1: created, runs, blocks on an MVar, is woken,
 * runs again and finishes. Thread 8 on HEC 0: runs, waits in threadDelay,
 * runs, finishes. Thread 9 on HEC 0: @n_flips runs packed into one
 * microsecond. */
static EsDocument *
load_threads_log (guint n_flips)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();

  es_test_log_declare_ghc (log);
  es_test_log_begin_data (log);

  es_test_log_begin_block (log, 1000, 0);
  es_test_log_event (log, ES_EVENT_CREATE_THREAD, 1000, es_payload_u32 (es_payload_new (), 8));
  es_test_log_event (log, ES_EVENT_CREATE_THREAD, 1000, es_payload_u32 (es_payload_new (), 9));
  es_test_log_event (log, ES_EVENT_RUN_THREAD, 100000, es_payload_u32 (es_payload_new (), 8));
  es_test_log_event (log, ES_EVENT_STOP_THREAD, 150000,
                     es_payload_u32 (es_payload_u16 (es_payload_u32 (es_payload_new (), 8), ES_STOP_BLOCKED_ON_DELAY), 0));
  es_test_log_event (log, ES_EVENT_RUN_THREAD, 600000, es_payload_u32 (es_payload_new (), 8));
  es_test_log_event (log, ES_EVENT_STOP_THREAD, 700000,
                     es_payload_u32 (es_payload_u16 (es_payload_u32 (es_payload_new (), 8), ES_STOP_THREAD_FINISHED), 0));
  for (guint i = 0; i < n_flips; i++)
    {
      es_test_log_event (log, ES_EVENT_RUN_THREAD, 800000 + 2 * i, es_payload_u32 (es_payload_new (), 9));
      es_test_log_event (log, ES_EVENT_STOP_THREAD, 800001 + 2 * i,
                         es_payload_u32 (es_payload_u16 (es_payload_u32 (es_payload_new (), 9), ES_STOP_BLOCKED_ON_BLACK_HOLE), 0));
    }
  es_test_log_end_block (log, RUN_END);

  es_test_log_begin_block (log, 1000, 1);
  es_test_log_event (log, ES_EVENT_CREATE_THREAD, 1000, es_payload_u32 (es_payload_new (), 7));
  es_test_log_event (log, ES_EVENT_THREAD_LABEL, 1000, es_payload_str (es_payload_u32 (es_payload_new (), 7), "worker"));
  es_test_log_event (log, ES_EVENT_RUN_THREAD, 100000, es_payload_u32 (es_payload_new (), 7));
  es_test_log_event (log, ES_EVENT_STOP_THREAD, 200000,
                     es_payload_u32 (es_payload_u16 (es_payload_u32 (es_payload_new (), 7), ES_STOP_BLOCKED_ON_MVAR), 0));
  es_test_log_event (log, ES_EVENT_THREAD_WAKEUP, 300000,
                     es_payload_u16 (es_payload_u32 (es_payload_new (), 7), 1));
  es_test_log_event (log, ES_EVENT_RUN_THREAD, 400000, es_payload_u32 (es_payload_new (), 7));
  es_test_log_event (log, ES_EVENT_STOP_THREAD, 500000,
                     es_payload_u32 (es_payload_u16 (es_payload_u32 (es_payload_new (), 7), ES_STOP_THREAD_FINISHED), 0));
  /* Thread 10 is created, made runnable and sent to HEC 0, the last two
   * within one pixel, and never runs. */
  es_test_log_event (log, ES_EVENT_CREATE_THREAD, 900000, es_payload_u32 (es_payload_new (), 10));
  es_test_log_event (log, ES_EVENT_THREAD_RUNNABLE, 900700, es_payload_u32 (es_payload_new (), 10));
  es_test_log_event (log, ES_EVENT_MIGRATE_THREAD, 900800, es_payload_u16 (es_payload_u32 (es_payload_new (), 10), 0));
  es_test_log_end_block (log, RUN_END);
  es_test_log_end (log);

  return es_test_load_log (log);
}

static const EsTimelineRow *
find_thread_row (EsDocument *document,
                 GArray     *rows,
                 guint32     id)
{
  for (guint i = 0; i < rows->len; i++)
    {
      const EsTimelineRow *row = &g_array_index (rows, EsTimelineRow, i);

      if (row->kind == ES_ROW_THREAD && es_document_get_thread (document, row->thread)->id == id)
        return row;
    }
  g_assert_not_reached ();
}

static int
x_of (const Frame *frame,
      guint64      time)
{
  return (int) es_timeline_time_to_x (&frame->view, time);
}

static int
middle (const EsTimelineRow *row)
{
  return row->y + row->height / 2;
}

/* The section is one header until it is opened; then a row per thread, in
 * the order of their ids, named by their labels. */
static void
test_layout (void)
{
  g_autoptr(EsDocument) document = load_threads_log (1);
  guint32 closed = (1u << ES_ROW_CAP) | (1u << ES_ROW_THREADS);
  g_autoptr(GArray) rows = es_timeline_layout (document, closed);
  g_autoptr(GArray) open = es_timeline_layout (document, closed | (1u << ES_ROW_THREAD));
  g_autoptr(GArray) none = es_timeline_layout (document, (1u << ES_ROW_CAP) | (1u << ES_ROW_THREAD));
  const EsTimelineRow *header;
  guint n_threads = es_document_get_n_threads (document);

  g_assert_cmpuint (n_threads, ==, 4);
  g_assert_cmpuint (rows->len, ==, 3);
  header = &g_array_index (rows, EsTimelineRow, 2);
  g_assert_cmpint (header->kind, ==, ES_ROW_THREADS);
  g_assert_cmpuint (header->thread, ==, n_threads);

  g_assert_cmpuint (open->len, ==, 3 + n_threads);
  for (guint i = 0; i < n_threads; i++)
    {
      const EsTimelineRow *row = &g_array_index (open, EsTimelineRow, 3 + i);
      g_autofree char *label = es_timeline_row_label (document, row);
      g_autofree char *id = g_strdup_printf ("%u", es_document_get_thread (document, i)->id);

      g_assert_cmpint (row->kind, ==, ES_ROW_THREAD);
      g_assert_cmpuint (row->thread, ==, i);
      if (i > 0)
        g_assert_cmpuint (es_document_get_thread (document, i - 1)->id, <, es_document_get_thread (document, i)->id);
      if (es_document_get_thread (document, i)->id == 7)
        g_assert_cmpstr (label, ==, "7 worker");
      else
        g_assert_true (g_str_has_suffix (label, id));
    }
  {
    g_autofree char *closed_label = es_timeline_row_label (document, header);
    g_autofree char *open_label = es_timeline_row_label (document, &g_array_index (open, EsTimelineRow, 2));

    g_assert_true (g_str_has_prefix (closed_label, "\342\226\270"));
    g_assert_true (g_str_has_prefix (open_label, "\342\226\276"));
    g_assert_nonnull (strstr (open_label, "(4)"));
  }
  /* No header, no threads: the section is what the Traces box hides. */
  g_assert_cmpuint (none->len, ==, 2);
}

/* Each state in its colour, where the events put it. */
static void
test_state_colours (void)
{
  g_autoptr(EsDocument) document = load_threads_log (1);
  g_auto(Frame) frame = { 0 };
  const EsTimelineRow *worker, *sleeper;

  for (guint dark = 0; dark < 2; dark++)
    {
      frame_clear (&frame);
      paint_frame (&frame, document, 0, RUN_END, dark);
      worker = find_thread_row (document, frame.rows, 7);
      sleeper = find_thread_row (document, frame.rows, 8);

      g_assert_true (pixel_is (frame.surface, x_of (&frame, 123000), middle (worker), ES_COLOR_RUNNING, dark));
      g_assert_true (pixel_is (frame.surface, x_of (&frame, 257000), middle (worker), ES_COLOR_BLOCKED_MVAR, dark));
      /* Woken: runnable until it runs again. */
      g_assert_true (pixel_is (frame.surface, x_of (&frame, 357000), middle (worker), ES_COLOR_THREAD_RUNNABLE, dark));
      g_assert_true (pixel_is (frame.surface, x_of (&frame, 423000), middle (worker), ES_COLOR_RUNNING, dark));
      /* Created and never run yet: runnable too. */
      g_assert_true (pixel_is (frame.surface, x_of (&frame, 57000), middle (worker), ES_COLOR_THREAD_RUNNABLE, dark));
      /* Finished: nothing. */
      g_assert_true (pixel_is (frame.surface, x_of (&frame, 837000), middle (worker), ES_COLOR_IDLE, dark));

      g_assert_true (pixel_is (frame.surface, x_of (&frame, 407000), middle (sleeper), ES_COLOR_BLOCKED_DELAY, dark));
      /* Changes that are not runs leave a pixel as they found it. */
      g_assert_true (pixel_is (frame.surface, x_of (&frame, 900750), middle (find_thread_row (document, frame.rows, 10)),
                               ES_COLOR_THREAD_RUNNABLE, dark));
      g_assert_true (pixel_is (frame.surface, x_of (&frame, 623000), middle (sleeper), ES_COLOR_RUNNING, dark));
    }
}

/* Selecting a thread paints its runs over the HEC rows in the selection
 * colour, and only its runs. */
static void
test_selected_thread (void)
{
  g_autoptr(EsDocument) document = load_threads_log (1);
  g_auto(Frame) plain = { 0 };
  g_auto(Frame) selected = { 0 };
  const EsTimelineRow *hec0, *hec1;
  int y0, y1;

  paint_frame (&plain, document, 0, RUN_END, FALSE);
  paint_view (&selected, &(EsTimelineView) { document, 0, RUN_END, DATA_WIDTH, FALSE, 7, NULL });
  hec0 = find_row (selected.rows, ES_ROW_CAP, 0);
  hec1 = find_row (selected.rows, ES_ROW_CAP, 1);
  g_assert_true (es_timeline_cap_band (hec0, ES_COLOR_RUNNING, &y0, NULL));
  g_assert_true (es_timeline_cap_band (hec1, ES_COLOR_RUNNING, &y1, NULL));
  y0 += 4;
  y1 += 4;

  g_assert_true (pixel_is (plain.surface, x_of (&plain, 153000), y1, ES_COLOR_RUNNING, FALSE));
  g_assert_true (pixel_is (selected.surface, x_of (&selected, 153000), y1, ES_COLOR_THREAD_SELECTED, FALSE));
  g_assert_true (pixel_is (selected.surface, x_of (&selected, 453000), y1, ES_COLOR_THREAD_SELECTED, FALSE));
  /* Thread 8's run on HEC 0, and the gap on HEC 1 between 7's runs. */
  g_assert_true (pixel_is (selected.surface, x_of (&selected, 127000), y0, ES_COLOR_RUNNING, FALSE));
  g_assert_true (pixel_is (selected.surface, x_of (&selected, 307000), y1, ES_COLOR_IDLE, FALSE));
  /* The thread's own row is shaded, even where it has finished. */
  g_assert_true (pixel_is (plain.surface, x_of (&plain, 837000), middle (find_thread_row (document, plain.rows, 7)),
                           ES_COLOR_IDLE, FALSE));
  g_assert_false (pixel_matches (selected.surface, x_of (&selected, 837000),
                                 middle (find_thread_row (document, selected.rows, 7)), ES_COLOR_IDLE, FALSE));
}

/* A hundred thousand runs inside one pixel column: the column shows the
 * thread running half of it and blocked on a black hole the other half,
 * as it was, and the frame stays as cheap as any. */
static void
test_dense_states (void)
{
  g_autoptr(EsDocument) document = load_threads_log (100000);
  g_auto(Frame) frame = { 0 };
  g_autoptr(GTimer) timer = g_timer_new ();
  const EsTimelineRow *row;
  guint64 end = 800000 + 2 * 100000;

  paint_frame (&frame, document, 0, end * 2, FALSE);
  row = find_thread_row (document, frame.rows, 9);
  g_assert_true (pixel_is (frame.surface, x_of (&frame, 800000 + 100000), row->y + row->height - 3, ES_COLOR_RUNNING, FALSE));
  g_assert_true (pixel_is (frame.surface, x_of (&frame, 800000 + 100000), row->y + 3, ES_COLOR_BLOCKED_BLACK_HOLE, FALSE));
  /* Past the log's last event nothing is known: nothing is drawn. */
  g_assert_cmpuint (es_document_get_end_time (document), <, end + 237000);
  g_assert_true (pixel_is (frame.surface, x_of (&frame, end + 237000), middle (row), ES_COLOR_IDLE, FALSE));
  g_test_message ("frame with 200k states in view: %.1f ms", g_timer_elapsed (timer, NULL) * 1e3);
}

/* Selected, a thread that ran half of each column is marked on its HEC's
 * running band half as tall: where it ran, at the scale the rows draw. */
static void
test_selected_thread_at_its_share (void)
{
  g_autoptr(EsDocument) document = load_threads_log (100000);
  g_auto(Frame) frame = { 0 };
  guint64 end = 800000 + 2 * 100000;
  const EsTimelineRow *hec0;
  int y, h, x;

  paint_view (&frame, &(EsTimelineView) { document, 0, end * 2, DATA_WIDTH, FALSE, 9, NULL });
  hec0 = find_row (frame.rows, ES_ROW_CAP, 0);
  g_assert_true (es_timeline_cap_band (hec0, ES_COLOR_RUNNING, &y, &h));
  x = x_of (&frame, 900000);
  g_assert_true (pixel_is (frame.surface, x, y + h - 2, ES_COLOR_THREAD_SELECTED, FALSE));
  g_assert_false (pixel_matches (frame.surface, x, y + 2, ES_COLOR_THREAD_SELECTED, FALSE));
}

/* In a log cut short, HEC 1's data ends at 300 while HEC 0's goes on: its
 * row, and the row of the thread it ran, are hatched after it, with
 * nothing drawn as running there. */
static void
test_cut_log_hatched_after_caps_data (void)
{
  g_autoptr(EsDocumentBuilder) builder = es_test_cut_log_builder ();
  g_autoptr(EsDocument) document = es_document_builder_finish (builder, TRUE, 4096);
  g_auto(Frame) frame = { 0 };
  const EsTimelineRow *hec1, *thread2;
  guint hatched = 0;

  paint_frame (&frame, document, 0, 1000, FALSE);
  hec1 = find_row (frame.rows, ES_ROW_CAP, 1);
  thread2 = find_thread_row (document, frame.rows, 2);

  g_assert_true (pixel_is (frame.surface, x_of (&frame, 130), middle (thread2), ES_COLOR_RUNNING, FALSE));
  for (const EsTimelineRow *row = hec1; row != NULL; row = row == hec1 ? thread2 : NULL)
    for (int x = x_of (&frame, 320); x < x_of (&frame, 1000); x++)
      for (int y = row->y + 1; y < row->y + row->height - 1; y++)
        {
          g_assert_false (pixel_matches (frame.surface, x, y, ES_COLOR_RUNNING, FALSE));
          hatched += !pixel_matches (frame.surface, x, y, ES_COLOR_IDLE, FALSE);
        }
  /* Hatching: a good part of the area, far from all of it. */
  g_test_message ("%u pixels hatched", hatched);
  g_assert_cmpuint (hatched, >, 2000);
  g_assert_true (pixel_is (frame.surface, x_of (&frame, 130), middle (thread2), ES_COLOR_RUNNING, FALSE));
}

/* The cache hands out what the document says, however small it is. */
static void
test_state_cache (void)
{
  g_autoptr(EsDocument) document = load_threads_log (50);
  g_autoptr(EsThreadStateCache) cache = es_thread_state_cache_new (document, 1);
  guint n_threads = es_document_get_n_threads (document);

  for (guint round = 0; round < 3; round++)
    for (guint t = 0; t < n_threads; t++)
      {
        g_autoptr(GArray) expected = g_array_new (FALSE, FALSE, sizeof (EsThreadState));
        const EsThreadStates *packed = es_thread_state_cache_get (cache, t);
        guint n = packed->n_states;
        g_autofree EsThreadState *states = g_new (EsThreadState, MAX (n, 1));

        es_thread_states_read (packed, 0, n, states);
        es_document_get_thread_timeline (document, es_document_get_thread (document, t), expected);
        g_assert_cmpuint (n, ==, expected->len);
        /* Field by field: the records' padding is not set. */
        for (guint i = 0; i < n; i++)
          {
            const EsThreadState *want = &g_array_index (expected, EsThreadState, i);

            g_assert_cmpuint (states[i].time, ==, want->time);
            g_assert_cmpuint (states[i].cap, ==, want->cap);
            g_assert_cmpuint (states[i].state, ==, want->state);
            g_assert_cmpuint (states[i].reason, ==, want->reason);
          }
        for (guint i = 0; i < n; i++)
          {
            g_assert_cmpuint (es_thread_states_find (states, n, states[i].time), >=, i);
            g_assert_cmpuint (states[es_thread_states_find (states, n, states[i].time)].time, ==, states[i].time);
            g_assert_cmpuint (es_thread_states_find_time (packed, states[i].time), ==,
                              es_thread_states_find (states, n, states[i].time));
          }
        g_assert_cmpuint (es_thread_states_find (states, n, 0), ==, G_MAXUINT);
        g_assert_cmpuint (es_thread_states_find_time (packed, 0), ==, G_MAXUINT);
      }
  /* Within a frame, what was handed out stays, however small the cache. */
  es_thread_state_cache_begin_frame (cache);
  {
    const EsThreadStates *first = es_thread_state_cache_get (cache, 0);
    guint n0 = first->n_states;

    for (guint t = 1; t < n_threads; t++)
      es_thread_state_cache_get (cache, t);
    g_assert_true (es_thread_state_cache_get (cache, 0) == first);
    g_assert_cmpuint (first->n_states, ==, n0);
  }
  g_assert_cmpint (es_block_reason_from_stop (ES_STOP_BLOCKED_ON_MVAR_READ), ==, ES_BLOCK_MVAR);
  g_assert_cmpint (es_block_reason_from_stop (ES_STOP_BLOCKED_ON_CCALL), ==, ES_BLOCK_FOREIGN_CALL);
  g_assert_cmpint (es_block_reason_from_stop (ES_STOP_BLOCKED_ON_WRITE), ==, ES_BLOCK_IO);
}

/* Issue #16: a server that forks a thread per request. With 10,000 thread
 * rows, a frame scrolled into the middle of them builds the states of the
 * rows it shows and of no other, and draws them. */
static void
test_many_threads_rows_in_view (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  g_autoptr(EsDocument) document = NULL;
  g_autoptr(EsThreadStateCache) cache = NULL;
  g_autoptr(GArray) rows = NULL;
  const EsTimelineRow *middle_row;
  cairo_surface_t *surface;
  cairo_t *cr;
  EsTimelineView view = { 0 };
  const int height = 900;
  int top;

  es_test_log_declare_ghc (log);
  es_test_log_begin_data (log);
  es_test_log_begin_block (log, 1000, 0);
  for (guint32 t = 1; t <= 10000; t++)
    {
      es_test_log_event (log, ES_EVENT_CREATE_THREAD, 1000 + t, es_payload_u32 (es_payload_new (), t));
      es_test_log_event (log, ES_EVENT_RUN_THREAD, 20000 + 2 * t, es_payload_u32 (es_payload_new (), t));
      es_test_log_event (log, ES_EVENT_STOP_THREAD, 20001 + 2 * t,
                         es_payload_u32 (es_payload_u16 (es_payload_u32 (es_payload_new (), t), ES_STOP_THREAD_FINISHED), 0));
    }
  es_test_log_end_block (log, RUN_END);
  es_test_log_end (log);
  document = es_test_load_log (log);

  rows = es_timeline_layout (document, ALL_ROWS);
  g_assert_cmpuint (rows->len, >, 10000);
  middle_row = &g_array_index (rows, EsTimelineRow, rows->len - 5000);
  top = middle_row->y;
  cache = es_thread_state_cache_new (document, 1u << 20);
  view = (EsTimelineView) { document, 0, 40000, DATA_WIDTH, FALSE, 0, cache };
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, SURFACE_WIDTH, height);
  cr = cairo_create (surface);
  cairo_translate (cr, 0, -top);
  es_timeline_paint (cr, &view, rows);
  cairo_destroy (cr);

  /* The rows the frame shows, whole or in part, and none else. */
  g_assert_cmpuint (es_thread_state_cache_get_n_threads (cache), <=, height / middle_row->height + 2);
  g_assert_cmpuint (es_thread_state_cache_get_n_threads (cache), >=, height / middle_row->height);
  /* Thread 5001's run of a nanosecond, drawn in its row as the pixel's
   * share it is: its bottom line, under the wait for a HEC before it. */
  {
    int x = (int) es_timeline_time_to_x (&view, 20000 + 2 * es_document_get_thread (document, middle_row->thread)->id);

    g_assert_true (pixel_is (surface, x, middle_row->height - 2, ES_COLOR_RUNNING, FALSE));
    g_assert_false (pixel_matches (surface, x, middle_row->height / 2, ES_COLOR_RUNNING, FALSE));
  }
  cairo_surface_destroy (surface);
}

/* The window paints a frame in bands of rows, a Cairo node each
 * (es_timeline_paint_bands()): one frame to the cache, which keeps the
 * threads of every band (a tiny cache drops, at each new frame, what the
 * last frame did not ask for: a call per band would rebuild all but the
 * last two bands' threads at every frame), and the same pixels as one
 * context. */
static void
test_bands_are_one_frame (void)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  g_autoptr(EsDocument) document = NULL;
  g_autoptr(EsThreadStateCache) cache = NULL;
  g_autoptr(GArray) rows = NULL;
  const EsTimelineRow *first_thread;
  cairo_surface_t *surface, *whole;
  cairo_t *crs[4], *cr;
  EsTimelineView view = { 0 };
  const int n_bands = G_N_ELEMENTS (crs);
  int band_top, bottom;

  es_test_log_declare_ghc (log);
  es_test_log_begin_data (log);
  es_test_log_begin_block (log, 1000, 0);
  for (guint32 t = 1; t <= 500; t++)
    {
      es_test_log_event (log, ES_EVENT_CREATE_THREAD, 1000 + t, es_payload_u32 (es_payload_new (), t));
      es_test_log_event (log, ES_EVENT_RUN_THREAD, 20000 + 2 * t, es_payload_u32 (es_payload_new (), t));
      es_test_log_event (log, ES_EVENT_STOP_THREAD, 20001 + 2 * t,
                         es_payload_u32 (es_payload_u16 (es_payload_u32 (es_payload_new (), t), ES_STOP_THREAD_FINISHED), 0));
    }
  es_test_log_end_block (log, RUN_END);
  es_test_log_end (log);
  document = es_test_load_log (log);

  rows = es_timeline_layout (document, ALL_ROWS);
  {
    guint first = 0;

    while (first < rows->len && g_array_index (rows, EsTimelineRow, first).kind != ES_ROW_THREAD)
      first++;
    g_assert_cmpuint (first, <, rows->len);
    first_thread = &g_array_index (rows, EsTimelineRow, first);
  }
  cache = es_thread_state_cache_new (document, 1);
  view = (EsTimelineView) { document, 0, 40000, DATA_WIDTH, FALSE, 0, cache };
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, SURFACE_WIDTH, n_bands * ES_TIMELINE_BAND_HEIGHT);
  bottom = first_thread->y + cairo_image_surface_get_height (surface);
  band_top = first_thread->y;
  for (int b = 0; b < n_bands; b++)
    {
      int band_bottom = b + 1 == n_bands ? bottom : es_timeline_band_end (rows, band_top, bottom);

      g_assert_cmpint (band_bottom, >, band_top);
      crs[b] = cairo_create (surface);
      cairo_translate (crs[b], 0, -first_thread->y);
      cairo_rectangle (crs[b], 0, band_top, SURFACE_WIDTH, band_bottom - band_top);
      cairo_clip (crs[b]);
      band_top = band_bottom;
    }
  es_timeline_paint_bands (crs, n_bands, &view, rows);
  for (int b = 0; b < n_bands; b++)
    cairo_destroy (crs[b]);
  /* Every row of the four bands, whole or in part. */
  g_assert_cmpuint (es_thread_state_cache_get_n_threads (cache), >=,
                    (guint) (n_bands * ES_TIMELINE_BAND_HEIGHT / first_thread->height));

  whole = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, SURFACE_WIDTH, n_bands * ES_TIMELINE_BAND_HEIGHT);
  cr = cairo_create (whole);
  cairo_translate (cr, 0, -first_thread->y);
  es_timeline_paint (cr, &view, rows);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  cairo_surface_flush (whole);
  g_assert_cmpmem (cairo_image_surface_get_data (surface),
                   cairo_image_surface_get_stride (surface) * cairo_image_surface_get_height (surface),
                   cairo_image_surface_get_data (whole),
                   cairo_image_surface_get_stride (whole) * cairo_image_surface_get_height (whole));
  cairo_surface_destroy (whole);
  cairo_surface_destroy (surface);
}

/* A real run: every running state of every thread row is drawn where that
 * thread's run is on its HEC row. */
static void
test_real_log (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("parfib-N2.eventlog");
  g_auto(Frame) frame = { 0 };
  guint n_threads, checked = 0;
  guint64 t0, t1;

  if (document == NULL)
    return;
  n_threads = es_document_get_n_threads (document);
  t0 = es_document_get_start_time (document);
  t1 = es_document_get_end_time (document);
  paint_frame (&frame, document, t0, t1, FALSE);
  for (guint t = 0; t < n_threads; t++)
    {
      const EsTimelineRow *row = find_thread_row (document, frame.rows, es_document_get_thread (document, t)->id);
      g_autoptr(GArray) thread_runs = es_document_get_thread_runs (document, es_document_get_thread (document, t));
      guint n_runs = thread_runs->len;
      const EsThreadRun *runs = (const EsThreadRun *) (gpointer) thread_runs->data;

      for (guint r = 0; r < n_runs; r++)
        {
          guint n;
          const EsActivity *a = &es_cap_timeline_get_activities (es_document_get_cap (document, runs[r].cap), &n)[runs[r].activity];

          /* Wide enough to have a pixel all its own. */
          if (es_timeline_time_to_x (&frame.view, es_activity_end (a)) - es_timeline_time_to_x (&frame.view, a->start) < 4)
            continue;
          g_assert_true (pixel_is (frame.surface, (int) es_timeline_time_to_x (&frame.view, a->start) + 2,
                                   row->y + 3, ES_COLOR_RUNNING, FALSE));
          checked++;
        }
    }
  g_assert_cmpuint (checked, >, 10);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/threads/layout", test_layout);
  g_test_add_func ("/render/threads/state-colours", test_state_colours);
  g_test_add_func ("/render/threads/selected-thread", test_selected_thread);
  g_test_add_func ("/render/threads/bands-are-one-frame", test_bands_are_one_frame);
  g_test_add_func ("/render/threads/dense-states", test_dense_states);
  g_test_add_func ("/render/threads/state-cache", test_state_cache);
  g_test_add_func ("/render/threads/real-log", test_real_log);
  g_test_add_func ("/render/threads/many-threads-rows-in-view", test_many_threads_rows_in_view);
  g_test_add_func ("/render/threads/selected-thread-at-its-share", test_selected_thread_at_its_share);
  g_test_add_func ("/render/threads/cut-log-hatched-after-caps-data", test_cut_log_hatched_after_caps_data);

  return g_test_run ();
}
