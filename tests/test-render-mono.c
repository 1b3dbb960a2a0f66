/* test-render-mono.c: a Mono log's rows, pixel by pixel: the suspend at
 * exit in its own colour and words, and nothing drawn on the threads' rows
 * that the Key does not list
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "es-test-log.h"
#include "es-test-render.h"
#include "es-timeline-key.h"
#include "es-timeline-painter.h"

static EsDocument *
load_gc_threads (void)
{
  return es_test_load_fixture ("mlpd/gc-threads.mlpd");
}

/* The row of the cap labelled @label. */
static const EsTimelineRow *
find_cap_row (GArray     *rows,
              EsDocument *document,
              const char *label)
{
  for (guint c = 0; c < es_document_get_n_caps (document); c++)
    if (g_strcmp0 (es_document_get_cap_label (document, c), label) == 0)
      return find_row (rows, ES_ROW_CAP, c);
  g_assert_not_reached ();
}

/* How many pixels of the row's upper band, over [x0, x1), are neither the
 * suspend's colour nor near it: the words written on it. */
static guint
count_written (cairo_surface_t *surface,
               int              x0,
               int              x1,
               int              y0,
               int              y1,
               gboolean         dark)
{
  EsRgba bar, text;
  guint n = 0;

  es_timeline_color (ES_COLOR_EXIT_SUSPEND, dark, &bar);
  g_assert_true (es_timeline_text_color (ES_COLOR_EXIT_SUSPEND, dark, &text));
  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      {
        guint8 rgb[3];

        get_pixel (surface, x, y, rgb);
        /* Mostly the text's colour: closer to it than to the bar. */
        if (fabs (rgb[0] - text.red * 255) + fabs (rgb[1] - text.green * 255) + fabs (rgb[2] - text.blue * 255) <
            fabs (rgb[0] - bar.red * 255) + fabs (rgb[1] - bar.green * 255) + fabs (rgb[2] - bar.blue * 255))
          n++;
      }
  return n;
}

/* The runtime's wait of a second for the threads to stop at exit is a bar
 * of its own colour in the upper band of every row it held, with its name
 * written on it, in both themes; not GC's orange or its beige. */
static void
test_exit_suspend_in_own_color_and_words (void)
{
  g_autoptr(EsDocument) document = load_gc_threads ();
  const EsMonoSummary *mono = es_document_get_mono_summary (document);
  guint64 middle = (mono->exit_suspend_start + mono->exit_suspend_end) / 2;

  g_assert_cmpuint (mono->exit_suspend_end - mono->exit_suspend_start, >, 900000000);
  for (int dark = 0; dark <= 1; dark++)
    {
      g_auto(Frame) frame = { 0 };
      const EsTimelineRow *row;
      int x, x0, x1, y, height, gc_y, gc_height;

      paint_frame (&frame, document, 0, es_document_get_end_time (document), dark);
      row = find_cap_row (frame.rows, document, "Main");
      g_assert_true (es_timeline_cap_band (row, ES_COLOR_EXIT_SUSPEND, &y, &height));
      g_assert_true (es_timeline_cap_band (row, ES_COLOR_GC, &gc_y, &gc_height));
      x = (int) es_timeline_time_to_x (&frame.view, middle);
      x0 = (int) ceil (es_timeline_time_to_x (&frame.view, mono->exit_suspend_start)) + 2;
      x1 = (int) floor (es_timeline_time_to_x (&frame.view, mono->exit_suspend_end)) - 2;

      g_assert_true (pixel_is (frame.surface, x0, y + 1, ES_COLOR_EXIT_SUSPEND, dark));
      g_assert_true (pixel_is (frame.surface, x1, y + height - 1, ES_COLOR_EXIT_SUSPEND, dark));
      g_assert_false (pixel_matches (frame.surface, x, gc_y + gc_height - 1, ES_COLOR_GC, dark));
      g_assert_false (pixel_matches (frame.surface, x, gc_y + gc_height - 1, ES_COLOR_GC_WAITING, dark));
      g_assert_cmpuint (count_written (frame.surface, x0, x1, y, y + height, dark), >=, 40);
    }
}

static gboolean
same_rgb (EsColor  a,
          EsColor  b,
          gboolean dark)
{
  EsRgba x, y;

  es_timeline_color (a, dark, &x);
  es_timeline_color (b, dark, &y);
  return x.red == y.red && x.green == y.green && x.blue == y.blue;
}

/* Marks in @drawn each palette colour some pixel of a thread's row has
 * (within 2 of each of its channels, as pixel_matches() takes it). */
static void
collect_row_colors (const Frame *frame,
                    EsDocument  *document,
                    gboolean     dark,
                    gboolean     drawn[ES_N_COLORS])
{
  int palette[ES_COLOR_TEXT][3];

  for (guint k = 0; k < ES_COLOR_TEXT; k++)
    {
      EsRgba rgba;

      es_timeline_color (k, dark, &rgba);
      palette[k][0] = (int) lround (rgba.red * 255);
      palette[k][1] = (int) lround (rgba.green * 255);
      palette[k][2] = (int) lround (rgba.blue * 255);
    }
  for (guint c = 0; c < es_document_get_n_caps (document); c++)
    {
      const EsTimelineRow *row = find_row (frame->rows, ES_ROW_CAP, c);

      for (int y = row->y; y < row->y + row->height; y++)
        for (int x = ES_TIMELINE_GUTTER; x < SURFACE_WIDTH; x++)
          {
            guint8 rgb[3];

            get_pixel (frame->surface, x, y, rgb);
            for (guint k = 0; k < ES_COLOR_TEXT; k++)
              if (ABS (rgb[0] - palette[k][0]) <= 2 && ABS (rgb[1] - palette[k][1]) <= 2 &&
                  ABS (rgb[2] - palette[k][2]) <= 2)
                drawn[k] = TRUE;
          }
    }
}

/* What the rows of a Mono log's threads draw is exactly what its Key
 * lists of them: alive, GC, GC waiting, the suspend at exit, the blank
 * (waiting for a lock, or not alive, framed in the Key) and the
 * exceptions' ticks; none of GHC's colours. The frames: the whole run,
 * a first collection, and a first exception, where ticks are drawn. */
static void
test_rows_draw_what_the_key_lists (void)
{
  g_autoptr(EsDocument) document = load_gc_threads ();
  guint n_gcs, n_messages;
  const EsGc *gcs = es_document_get_gcs (document, &n_gcs);
  const EsUserEvent *messages = es_document_get_messages (document, &n_messages);
  const guint64 spans[][2] = {
    { 0, es_document_get_end_time (document) },
    { gcs[0].start - 20000, gcs[0].end + 20000 },
    { messages[0].time - 2000000, messages[0].time + 2000000 },
  };

  g_assert_cmpuint (n_gcs, >, 0);
  g_assert_cmpuint (n_messages, >, 0);
  for (int dark = 0; dark <= 1; dark++)
    {
      gboolean drawn[ES_N_COLORS] = { FALSE };

      for (guint s = 0; s < G_N_ELEMENTS (spans); s++)
        {
          g_auto(Frame) frame = { 0 };

          paint_frame (&frame, document, spans[s][0], spans[s][1], dark);
          collect_row_colors (&frame, document, dark, drawn);
        }
      for (guint c = 0; c < ES_COLOR_TEXT; c++)
        {
          gboolean listed = es_timeline_color_in_log (document, c);

          g_test_message ("%s theme, %s: %s, %s", dark ? "dark" : "light", es_timeline_key_name (document, c),
                          drawn[c] ? "drawn" : "not drawn", listed ? "listed" : "not listed");
          /* Nothing drawn that the Key does not explain (a colour the
           * palette gives twice is explained once). */
          if (drawn[c] && !listed)
            for (guint k = 0; k < ES_COLOR_TEXT && !listed; k++)
              listed = es_timeline_color_in_log (document, k) && same_rgb (c, k, dark);
          g_assert_true (!drawn[c] || listed);
        }
      /* And what the Key lists of a thread's row is drawn. */
      g_assert_true (drawn[ES_COLOR_RUNNING]);
      g_assert_true (drawn[ES_COLOR_GC]);
      g_assert_true (drawn[ES_COLOR_GC_WAITING]);
      g_assert_true (drawn[ES_COLOR_EXIT_SUSPEND]);
      g_assert_true (drawn[ES_COLOR_IDLE]);
      g_assert_true (drawn[ES_COLOR_USER_MESSAGE]);
    }
}

/* A run that never collected: its rows draw no GC, and the Key does not
 * list it (nor the wait for one), whole run and every frame alike. */
static void
test_key_without_collections (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("mlpd/nogc.mlpd");
  gboolean drawn[ES_N_COLORS] = { FALSE };
  g_auto(Frame) frame = { 0 };
  guint n_gcs;

  es_document_get_gcs (document, &n_gcs);
  g_assert_cmpuint (n_gcs, ==, 0);
  paint_frame (&frame, document, 0, es_document_get_end_time (document), FALSE);
  collect_row_colors (&frame, document, FALSE, drawn);
  g_assert_true (drawn[ES_COLOR_RUNNING]);
  g_assert_false (drawn[ES_COLOR_GC]);
  g_assert_false (es_timeline_color_in_log (document, ES_COLOR_GC));
  g_assert_false (es_timeline_color_in_log (document, ES_COLOR_GC_WAITING));
  g_assert_true (es_timeline_color_in_log (document, ES_COLOR_RUNNING));
  /* and a Mono log's profile is of methods, not cost centres */
  g_assert_cmpstr (es_timeline_key_name (document, ES_COLOR_PROFILE_CHOSEN), ==, "Chosen method");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/mono/exit-suspend-in-own-color-and-words", test_exit_suspend_in_own_color_and_words);
  g_test_add_func ("/render/mono/rows-draw-what-the-key-lists", test_rows_draw_what_the_key_lists);
  g_test_add_func ("/render/mono/key-without-collections", test_key_without_collections);
  return g_test_run ();
}
