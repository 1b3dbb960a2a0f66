/* test-render-marks.c: the Spans row and the bookmarks, pixel by pixel
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "es-span-lanes.h"
#include "es-test-log.h"
#include "es-test-render.h"
#include "es-timeline-painter.h"

/* The first span lies in the top lane of the Spans row, in its colour;
 * a log without spans has no such row. */
static void
test_spans (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("parfib-N2.eventlog");
  g_autoptr(EsDocument) heap = es_test_load_fixture ("heap-hT-N2.eventlog");
  g_autoptr(GArray) heap_rows = es_timeline_layout (heap, ALL_ROWS);
  g_auto(Frame) frame = { 0 };
  const EsTimelineRow *row;
  g_autofree EsSpan *spans = NULL;
  guint n, matched = 0;
  int x;

  paint_frame (&frame, document, es_document_get_start_time (document),
               es_document_get_end_time (document), FALSE);
  spans = es_test_copy_spans (document, &n);
  g_assert_cmpuint (n, >, 0);
  row = find_row (frame.rows, ES_ROW_SPANS, 0);
  g_assert_nonnull (row);
  x = (int) es_timeline_time_to_x (&frame.view, spans[0].start + (spans[0].end - spans[0].start) / 2);
  for (int y = row->y; y < row->y + 16; y++)
    matched += pixel_matches (frame.surface, x, y, ES_COLOR_SPAN, FALSE);
  g_assert_cmpuint (matched, >=, 4);
  g_assert_true (pixel_is (frame.surface, x, row->y + row->height - 2, ES_COLOR_IDLE, FALSE));

  g_assert_cmpuint (es_document_get_n_spans (heap), ==, 0);
  for (guint i = 0; i < heap_rows->len; i++)
    g_assert_cmpint (g_array_index (heap_rows, EsTimelineRow, i).kind, !=, ES_ROW_SPANS);
}

/* Three spans back to back, as a program's rounds run: 1.29-9.02 ms,
 * 9.03-18.98 ms, 18.98-35.32 ms of a 40 ms run. Each is hundreds of pixels
 * wide at full zoom-out, so each keeps its own edges (a pixel not of the
 * span's colour where one stops and the next starts) and its own name (the
 * white of its label inside its bar), though sub-pixel spans are still
 * merged. */
static EsDocument *
load_rounds (void)
{
  static const char *const messages[] = {
    "START round1", "STOP round1", "START round2", "STOP round2", "START round3", "STOP round3", NULL
  };
  static const guint64 times[] = { 1290000, 9020000, 9030000, 18980000, 18980000, 35320000 };

  return load_one_run (1, 1000000, 40000000, 40000000, messages, times);
}

/* Thousands of spans of every length, overlapping (the last lane piles
 * them up) and some never stopped, seen whole and through random windows:
 * the pixels filled in each lane are exactly those of the spans as the
 * row defines them (lanes given in order of start, the first free from the
 * top; a bar as wide as SPAN_EDGE_MIN_PX keeps a pixel's gap at its end,
 * narrower ones are filled to theirs), computed here span by span. The
 * painter passes over most of them a bisection at a time; nothing it
 * skips may add or lose a pixel. The names are empty or zero-width, so no
 * label covers the bars. */
#define MANY_SPANS        20000
#define BURST_SPANS       20000
#define BURST_START       1200000000
#define TEST_SPAN_LANES   3
#define TEST_LANE_HEIGHT  12
#define TEST_EDGE_MIN_PX  4

typedef struct
{
  guint64     time;
  const char *text;
} Edge;

static int
compare_edges (gconstpointer a,
               gconstpointer b)
{
  const Edge *ea = a, *eb = b;

  return ea->time < eb->time ? -1 : ea->time > eb->time;
}

static EsDocument *
load_many_spans (GRand *rand)
{
  static const char *starts[] = { "START ", "START \u200b", "START \u200b\u200b" };
  static const char *stops[] = { "STOP ", "STOP \u200b", "STOP \u200b\u200b" };
  g_autoptr(EsTestLog) log = es_test_log_new ();
  g_autoptr(GArray) edges = g_array_new (FALSE, FALSE, sizeof (Edge));
  const guint64 end = 2000000000;

  for (guint i = 0; i < MANY_SPANS; i++)
    {
      guint name = g_rand_int_range (rand, 0, G_N_ELEMENTS (starts));
      guint64 start = 1000000 + (guint64) g_rand_double_range (rand, 0, 1e9);
      /* 10 ns to 100 ms, as many of each order of magnitude. */
      guint64 length = (guint64) pow (10, g_rand_double_range (rand, 1, 8));
      Edge edge = { start, starts[name] };

      /* A few never stopped, after the loop below: each holds a lane to
       * the end, piling up all that comes after it. */
      if (i % 200 == 0)
        {
          edge.time = BURST_START + 600000000 + (guint64) g_rand_double_range (rand, 0, 1e8);
          g_array_append_val (edges, edge);
          continue;
        }
      g_array_append_val (edges, edge);
      edge = (Edge) { MIN (start + length, end - 1), stops[name] };
      g_array_append_val (edges, edge);
    }
  /* And, later, a loop of short requests one after another, dozens to a
   * pixel zoomed out: the top lane, passed a pixel at a time. */
  for (guint i = 0, t = BURST_START; i < BURST_SPANS; i++)
    {
      Edge edge = { t, "START \u200b\u200b\u200b" };

      g_array_append_val (edges, edge);
      t += (guint) g_rand_int_range (rand, 10, 5000);
      edge = (Edge) { t, "STOP \u200b\u200b\u200b" };
      g_array_append_val (edges, edge);
      t += (guint) g_rand_int_range (rand, 0, 5000);
    }
  g_array_sort (edges, compare_edges);

  es_test_log_declare_ghc (log);
  es_test_log_begin_data (log);
  es_test_log_event (log, 17, 0, es_payload_u16 (es_payload_new (), 1));
  es_test_log_begin_block (log, 0, 0);
  es_test_log_event (log, 1, 1000, es_payload_u32 (es_payload_new (), 1));
  for (guint i = 0; i < edges->len; i++)
    {
      const Edge *edge = &g_array_index (edges, Edge, i);

      es_test_log_event (log, 19, edge->time, es_payload_str (es_payload_new (), edge->text));
    }
  es_test_log_event (log, 2, end,
                     es_payload_u32 (es_payload_u16 (es_payload_u32 (es_payload_new (), 1), 5), 0));
  es_test_log_end_block (log, end);
  es_test_log_end (log);
  return es_test_load_log (log);
}

/* The lane of each of @document's spans, checking that the builder gave
 * it the first from the top that was free: every span in it before ended
 * by its start (the last lane excepted, which the others share), and each
 * lane above held one that had not (or ended just then: a STOP and a
 * START at the same time are taken in log order). */
static guint *
lanes_of (EsDocument *document)
{
  guint n = es_document_get_n_spans (document);
  guint *lanes = g_new (guint, MAX (n, 1));
  const EsSpanLane *lane = es_span_lanes_get (document);
  guint64 lane_end[TEST_SPAN_LANES] = { 0 };
  g_autofree EsSpan *spans = es_test_copy_spans (document, &n);

  for (guint l = 0; l < TEST_SPAN_LANES; l++)
    for (guint k = 0; k < lane[l].n; k++)
      lanes[es_span_lane_get_index (&lane[l], k)] = l;
  for (guint i = 0; i < n; i++)
    {
      for (guint l = 0; l < lanes[i]; l++)
        g_assert_cmpuint (lane_end[l], >=, spans[i].start);
      if (lanes[i] + 1 < TEST_SPAN_LANES)
        g_assert_cmpuint (lane_end[lanes[i]], <=, spans[i].start);
      lane_end[lanes[i]] = MAX (lane_end[lanes[i]], spans[i].end);
    }
  return lanes;
}

/* What the row should fill: for each lane, whether each column is the
 * span colour. */
static void
expected_fill (EsDocument           *document,
               const EsTimelineView *view,
               gboolean              filled[TEST_SPAN_LANES][DATA_WIDTH])
{
  double right = ES_TIMELINE_GUTTER + view->width;
  guint n;
  g_autofree EsSpan *spans = es_test_copy_spans (document, &n);
  g_autofree guint *lanes = lanes_of (document);

  memset (filled, 0, sizeof (gboolean) * TEST_SPAN_LANES * DATA_WIDTH);
  for (guint i = 0; i < n; i++)
    {
      guint lane = lanes[i];
      double x0, x1, fill_end;

      if (spans[i].start > view->t1 || spans[i].end < view->t0)
        continue;
      x0 = MAX (round (es_timeline_time_to_x (view, spans[i].start)), ES_TIMELINE_GUTTER);
      x1 = MAX (MIN (round (es_timeline_time_to_x (view, spans[i].end)), right), x0 + 1);
      /* A span starting at the view's end starts on the pixel past it. */
      fill_end = MIN (x1 - x0 >= TEST_EDGE_MIN_PX ? x1 - 1 : x1, right);
      for (int x = (int) x0; x < (int) fill_end; x++)
        filled[lane][x - ES_TIMELINE_GUTTER] = TRUE;
    }
}

/* The spans running at a time, found through the lanes (for the row's
 * tooltip), are those a walk back over every span started by then finds,
 * in its order: the latest started first. Times are taken all over the
 * run, where the never-stopped spans pile up and in the loop of short
 * ones, and at spans' own starts and ends. */
static void
test_running_spans_found_through_lanes (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (13);
  g_autoptr(EsDocument) document = load_many_spans (rand);
  guint n;
  g_autofree EsSpan *spans = es_test_copy_spans (document, &n);
  guint max_seen = 0;

  for (guint q = 0; q < 3000; q++)
    {
      const EsSpan *at = &spans[g_rand_int_range (rand, 0, (gint32) n)];
      guint64 t = q % 3 == 0 ? (guint64) g_rand_double_range (rand, 0, 2.1e9) : q % 3 == 1 ? at->start : at->end;
      guint max = q % 2 ? 4 : 64, want[64], got[64], n_want = 0, n_got;

      for (guint i = n; i > 0 && n_want < max; i--)
        if (spans[i - 1].start <= t && spans[i - 1].end >= t)
          want[n_want++] = i - 1;
      n_got = es_span_lanes_find_running (document, t, got, max);
      g_assert_cmpmem (got, n_got * sizeof (guint), want, n_want * sizeof (guint));
      max_seen = MAX (max_seen, n_got);
    }
  /* Some times have more than a tooltip shows. */
  g_assert_cmpuint (max_seen, >, 4);
}

static void
test_spans_every_pixel (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  g_autoptr(EsDocument) document = load_many_spans (rand);
  static gboolean filled[TEST_SPAN_LANES][DATA_WIDTH];
  guint64 start = es_document_get_start_time (document), end = es_document_get_end_time (document);
  guint n, views_with_pile = 0;

  n = es_document_get_n_spans (document);
  g_assert_cmpuint (n, ==, MANY_SPANS + BURST_SPANS);
  for (guint v = 0; v < 60; v++)
    {
      g_auto(Frame) frame = { 0 };
      /* Every other view inside the loop of requests. */
      guint64 from = v % 2 == 1 ? BURST_START : start;
      guint64 width = v == 0 ? end - start : (guint64) pow (10, g_rand_double_range (rand, 3, log10 ((double) (end - from))));
      guint64 t0 = v == 0 ? start : from + (guint64) g_rand_double_range (rand, 0, (double) (end - from - width));
      const EsTimelineRow *row;
      guint pile = 0;

      paint_frame (&frame, document, t0, t0 + width, FALSE);
      row = find_row (frame.rows, ES_ROW_SPANS, 0);
      g_assert_nonnull (row);
      expected_fill (document, &frame.view, filled);
      for (guint l = 0; l < TEST_SPAN_LANES; l++)
        for (int x = ES_TIMELINE_GUTTER; x < ES_TIMELINE_GUTTER + frame.view.width; x++)
          {
            int y = row->y + 3 + (int) l * TEST_LANE_HEIGHT + 5;
            gboolean painted = pixel_matches (frame.surface, x, y, ES_COLOR_SPAN, FALSE);

            if (painted != filled[l][x - ES_TIMELINE_GUTTER])
              g_error ("view %u [%" G_GUINT64_FORMAT ", %" G_GUINT64_FORMAT "], lane %u, x %d: painted %d, expected %d",
                       v, t0, t0 + width, l, x, painted, filled[l][x - ES_TIMELINE_GUTTER]);
            pile += l == TEST_SPAN_LANES - 1 && painted;
          }
      views_with_pile += pile > 0;
    }
  /* The spans overlap enough that the last lane is used, in most views. */
  g_assert_cmpuint (views_with_pile, >=, 30);
}

static guint
count_white (cairo_surface_t *surface,
             int              x0,
             int              x1,
             int              y0,
             int              y1)
{
  guint n = 0;

  for (int x = x0; x < x1; x++)
    for (int y = y0; y < y1; y++)
      {
        guint8 rgb[3];

        get_pixel (surface, x, y, rgb);
        n += rgb[0] > 0xe0 && rgb[1] > 0xe0 && rgb[2] > 0xe0;
      }
  return n;
}

static void
test_spans_back_to_back (void)
{
  g_autoptr(EsDocument) document = load_rounds ();
  g_auto(Frame) frame = { 0 };
  const EsTimelineRow *row;
  g_autofree EsSpan *spans = NULL;
  guint n;
  int top;

  spans = es_test_copy_spans (document, &n);
  g_assert_cmpuint (n, ==, 3);
  paint_frame (&frame, document, 0, 40000000, FALSE);
  row = find_row (frame.rows, ES_ROW_SPANS, 0);
  g_assert_nonnull (row);
  top = row->y + 3;
  for (guint i = 0; i < n; i++)
    {
      int x0 = (int) round (es_timeline_time_to_x (&frame.view, spans[i].start));
      int x1 = (int) round (es_timeline_time_to_x (&frame.view, spans[i].end));
      guint edge = 0;

      g_assert_cmpint (x1 - x0, >, 100);
      /* The bar itself, in the top lane, away from its label. */
      g_assert_true (pixel_matches (frame.surface, x1 - 3, top + 8, ES_COLOR_SPAN, FALSE));
      /* Its last pixel column is a gap in the lane. */
      for (int y = top; y < top + 8; y++)
        edge += !pixel_matches (frame.surface, x1 - 1, y, ES_COLOR_SPAN, FALSE);
      g_assert_cmpuint (edge, ==, 8);
      /* Its name, in white, inside its own bar. */
      g_assert_cmpuint (count_white (frame.surface, x0 + 1, MIN (x0 + 60, x1 - 1), top, top + 10), >, 10);
    }
}

/* A bookmark is a line of its colour down every row under the ruler, and
 * a flag of that colour at the ruler's foot; in light and dark; and
 * nothing of it without bookmarks. */
static void
test_bookmarks (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("heap-hT-N2.eventlog");
  g_autoptr(EsBookmarks) bookmarks = es_bookmarks_new ();
  guint64 start = es_document_get_start_time (document), end = es_document_get_end_time (document);
  guint64 times[2] = { start + (end - start) / 3, start + (end - start) * 2 / 3 };

  es_bookmarks_add (bookmarks, times[0], "first");
  es_bookmarks_add (bookmarks, times[1], "");
  for (guint pass = 0; pass < 3; pass++)
    {
      gboolean dark = pass == 1, with_bookmarks = pass < 2;
      g_autoptr(GArray) rows = es_timeline_layout (document, ALL_ROWS);
      EsTimelineView view = { document, start, end, DATA_WIDTH, dark,
                              .bookmarks = with_bookmarks ? es_bookmarks_get_array (bookmarks) : NULL };
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, SURFACE_WIDTH,
                                                             es_timeline_layout_height (rows));
      cairo_t *cr = cairo_create (surface);
      const EsTimelineRow *ruler = find_row (rows, ES_ROW_RULER, 0);

      es_timeline_paint (cr, &view, rows);
      cairo_destroy (cr);
      cairo_surface_flush (surface);
      for (guint b = 0; b < G_N_ELEMENTS (times); b++)
        {
          int x = (int) floor (es_timeline_time_to_x (&view, times[b]));

          for (guint r = 0; r < rows->len; r++)
            {
              const EsTimelineRow *row = &g_array_index (rows, EsTimelineRow, r);

              if (row->kind == ES_ROW_RULER)
                continue;
              g_assert_true (pixel_matches (surface, x, row->y + row->height / 2, ES_COLOR_BOOKMARK, dark) ==
                             with_bookmarks);
            }
          /* The flag (or the pennant of a bookmark without a name), just
           * right of the line, near its top. */
          g_assert_true (pixel_matches (surface, x + 1, ruler->y + ruler->height - 10, ES_COLOR_BOOKMARK, dark) ==
                         with_bookmarks);
        }
      cairo_surface_destroy (surface);
    }
}

/* Ten thousand bookmarks (a program that marks every iteration) do not
 * bury the data: at full zoom-out no row under the ruler has a pixel of the
 * bookmarks' colour, and the ruler's foot has a tick in every column that
 * holds one; zoomed in to thirty of them, each is a line again. */
static void
test_dense_bookmarks (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("parfib-N2.eventlog");
  g_autoptr(EsBookmarks) bookmarks = es_bookmarks_new ();
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  guint64 start = es_document_get_start_time (document), end = es_document_get_end_time (document);
  guint64 step = (end - start) / 10000;
  gsize length;

  g_key_file_set_integer (file, "Log", "version", 1);
  g_key_file_set_uint64 (file, "Log", "size", 0);
  for (guint i = 0; i < 10000; i++)
    {
      g_autofree char *group = g_strdup_printf ("Bookmark %u", i + 1);

      g_key_file_set_uint64 (file, group, "time", start + i * step);
      g_key_file_set_string (file, group, "name", "iteration");
    }
  data = g_key_file_to_data (file, &length, NULL);
  g_assert_true (es_bookmarks_parse (bookmarks, data, length, &error));
  g_assert_no_error (error);

  for (guint zoom = 0; zoom < 2; zoom++)
    {
      g_autoptr(GArray) rows = es_timeline_layout (document, ALL_ROWS);
      guint64 t0 = zoom == 0 ? start : start + 5000 * step;
      guint64 t1 = zoom == 0 ? end : t0 + 30 * step;
      EsTimelineView view = { document, t0, t1, DATA_WIDTH, FALSE,
                              .bookmarks = es_bookmarks_get_array (bookmarks) };
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, SURFACE_WIDTH,
                                                             es_timeline_layout_height (rows));
      cairo_t *cr = cairo_create (surface);
      const EsTimelineRow *ruler = find_row (rows, ES_ROW_RULER, 0);
      const EsTimelineRow *hec0 = find_row (rows, ES_ROW_CAP, 0);
      guint in_rows = 0, ticks = 0;

      es_timeline_paint (cr, &view, rows);
      cairo_destroy (cr);
      cairo_surface_flush (surface);
      for (int x = ES_TIMELINE_GUTTER; x < SURFACE_WIDTH; x++)
        {
          in_rows += pixel_matches (surface, x, hec0->y + hec0->height / 2, ES_COLOR_BOOKMARK, FALSE);
          ticks += pixel_matches (surface, x, ruler->y + ruler->height - 10, ES_COLOR_BOOKMARK, FALSE);
        }
      if (zoom == 0)
        {
          g_assert_cmpuint (in_rows, ==, 0);
          g_assert_cmpuint (ticks, >=, DATA_WIDTH * 9 / 10);
        }
      else
        g_assert_cmpuint (in_rows, >=, 30);
      cairo_surface_destroy (surface);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/pixels/spans", test_spans);
  g_test_add_func ("/render/pixels/spans-back-to-back", test_spans_back_to_back);
  g_test_add_func ("/render/pixels/spans-every-pixel", test_spans_every_pixel);
  g_test_add_func ("/spans/running-spans-found-through-lanes", test_running_spans_found_through_lanes);
  g_test_add_func ("/render/pixels/bookmarks", test_bookmarks);
  g_test_add_func ("/render/pixels/dense-bookmarks", test_dense_bookmarks);

  return g_test_run ();
}
