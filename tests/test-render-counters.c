/* test-render-counters.c: a runtime counter's row, pixel by pixel: its
 * line where its values put it, nothing before its first sample, and the
 * rows where the layout puts them
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-test-log.h"
#include "es-test-render.h"
#include "es-timeline-painter.h"

#define FIXTURE "mlpd/counter-compute.mlpd"

/* The first and last y of @row's column @x drawn in the counter's line
 * colour (G_MAXINT and -1 if none). */
static void
line_extent (cairo_surface_t     *surface,
             const EsTimelineRow *row,
             int                  x,
             int                 *first,
             int                 *last)
{
  *first = G_MAXINT;
  *last = -1;
  for (int y = row->y; y < row->y + row->height; y++)
    if (pixel_is (surface, x, y, ES_COLOR_COUNTER, FALSE))
      {
        *first = MIN (*first, y);
        *last = y;
      }
}

static void
paint_counters (Frame      *frame,
                EsDocument *document,
                GArray     *counters)
{
  cairo_t *cr;

  frame->view = (EsTimelineView) { document, 0, es_document_get_end_time (document), DATA_WIDTH, FALSE };
  frame->rows = es_timeline_layout_with_counters (document, ES_TIMELINE_DEFAULT_ROWS, counters);
  frame->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, SURFACE_WIDTH,
                                               es_timeline_layout_height (frame->rows));
  cr = cairo_create (frame->surface);
  es_timeline_paint (cr, &frame->view, frame->rows);
  es_timeline_paint_labels (cr, &frame->view, frame->rows);
  cairo_destroy (cr);
  cairo_surface_flush (frame->surface);
}

/* Two counters chosen are two rows under Heap, in the order chosen, each
 * named after its counter; names the log lacks make none. */
static void
test_rows_under_heap (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture (FIXTURE);
  const char *names[] = { "Mono JIT/Methods JITted using mono JIT", "No such/counter", "Working Set", NULL };
  g_autoptr(GArray) counters = es_timeline_choose_counters (document, names);
  g_autoptr(GArray) rows = es_timeline_layout_with_counters (document, ES_TIMELINE_DEFAULT_ROWS, counters);
  guint heap = G_MAXUINT;

  g_assert_cmpuint (counters->len, ==, 2);
  for (guint i = 0; i < rows->len; i++)
    if (g_array_index (rows, EsTimelineRow, i).kind == ES_ROW_HEAP)
      heap = i;
  g_assert_cmpuint (heap + 2, <, rows->len);
  for (guint k = 0; k < 2; k++)
    {
      const EsTimelineRow *row = &g_array_index (rows, EsTimelineRow, heap + 1 + k);
      g_autofree char *label = es_timeline_row_label (document, row);

      g_assert_cmpint (row->kind, ==, ES_ROW_COUNTER);
      g_assert_cmpuint (row->cap, ==, g_array_index (counters, guint, k));
      g_assert_cmpstr (label, ==, k == 0 ? "Methods JITted using mono JIT" : "Working Set");
    }
  /* None chosen, none drawn. */
  g_clear_pointer (&rows, g_array_unref);
  rows = es_timeline_layout (document, ES_TIMELINE_DEFAULT_ROWS);
  for (guint i = 0; i < rows->len; i++)
    g_assert_cmpint (g_array_index (rows, EsTimelineRow, i).kind, !=, ES_ROW_COUNTER);
}

/* Working Set goes up and down, so its row spans its least to its most:
 * held at its least from its first sample (a line at the row's bottom),
 * up to the top at its last; nothing before its first sample. The JIT's
 * count, which only grows, is drawn from zero: near the top all along. */
static void
test_line_where_the_values_are (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture (FIXTURE);
  const char *names[] = { "Working Set", "Methods JITted using mono JIT", NULL };
  g_autoptr(GArray) counters = es_timeline_choose_counters (document, names);
  const EsCounter *working_set = es_document_get_counter (document, g_array_index (counters, guint, 0));
  const EsSample *samples = es_series_get_samples (working_set->series);
  g_auto(Frame) frame = { 0 };
  const EsTimelineRow *ws_row, *jit_row;
  int first_x, middle_x, first, last;

  g_assert_cmpuint (es_series_get_length (working_set->series), ==, 3);
  g_assert_cmpuint (samples[0].value, <, samples[2].value);
  paint_counters (&frame, document, counters);
  ws_row = find_row (frame.rows, ES_ROW_COUNTER, g_array_index (counters, guint, 0));
  jit_row = find_row (frame.rows, ES_ROW_COUNTER, g_array_index (counters, guint, 1));
  first_x = (int) es_timeline_time_to_x (&frame.view, samples[0].time);
  middle_x = (first_x + SURFACE_WIDTH) / 2;

  /* Before the first sample, no line. */
  line_extent (frame.surface, ws_row, first_x - 5, &first, &last);
  g_assert_cmpint (last, ==, -1);
  /* Held at its least: a line 2 or 3 pixels thick at the row's bottom. */
  line_extent (frame.surface, ws_row, middle_x, &first, &last);
  g_assert_cmpint (first, >=, ws_row->y + ws_row->height - 6);
  g_assert_cmpint (last, <=, ws_row->y + ws_row->height - 1);
  /* Its last value, its most, is the row's top (under the legend). */
  line_extent (frame.surface, ws_row, SURFACE_WIDTH - 1, &first, &last);
  g_assert_cmpint (first, <=, ws_row->y + 16);
  /* The count near the top (76 or 77 of 77), filled under. */
  line_extent (frame.surface, jit_row, middle_x, &first, &last);
  g_assert_cmpint (first, <=, jit_row->y + 17);
  g_assert_cmpint (last, <=, jit_row->y + 20);
  g_assert_false (pixel_is (frame.surface, middle_x, jit_row->y + jit_row->height - 4, ES_COLOR_IDLE, FALSE));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render-counters/rows-under-heap", test_rows_under_heap);
  g_test_add_func ("/render-counters/line-where-the-values-are", test_line_where_the_values_are);

  return g_test_run ();
}
