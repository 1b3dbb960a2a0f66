/* es-bench-frame.c: how long the timeline takes to paint, zoom by zoom
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Loads a log, then paints every row of every cap (the labels too) into an
 * image surface at zoom levels from the whole run down to 100 ns, centred,
 * and prints the mean and worst milliseconds per frame of each level. The
 * painter's budget is 8 ms a frame at any zoom, for any size of log.
 */

#include "config.h"

#include <stdio.h>

#include "es-timeline-painter.h"

#define BUDGET_MS 8.0

static int width = 1600;
static int height = 900;
static int frames = 20;
static gboolean dark = FALSE;
static char *png_prefix = NULL;
static gboolean threads_open = FALSE;
static gboolean at_threads = FALSE;
static int only_level = -1;

static const GOptionEntry entries[] = {
  { "width", 'w', 0, G_OPTION_ARG_INT, &width, "Surface width, gutter included (1600)", "PX" },
  { "height", 'h', 0, G_OPTION_ARG_INT, &height, "Surface height; rows below are clipped (900)", "PX" },
  { "frames", 'n', 0, G_OPTION_ARG_INT, &frames, "Frames timed per zoom level (20)", "N" },
  { "dark", 'd', 0, G_OPTION_ARG_NONE, &dark, "Dark theme colours", NULL },
  { "png", 'p', 0, G_OPTION_ARG_FILENAME, &png_prefix, "Also write each level's frame to PREFIX-N.png", "PREFIX" },
  { "threads-open", 't', 0, G_OPTION_ARG_NONE, &threads_open, "Open the threads' section (a row per thread)", NULL },
  { "at-threads", 'a', 0, G_OPTION_ARG_NONE, &at_threads, "Open the threads' section and scroll it to the top of the frame", NULL },
  { "level", 'l', 0, G_OPTION_ARG_INT, &only_level, "Time zoom level N only (0: the whole run), for profilers", "N" },
  { NULL }
};

/* The whole run, then a tenth of it at a time down to a microsecond, then
 * 100 ns: every level-of-detail regime from many events per pixel to many
 * pixels per nanosecond. */
static GArray *
zoom_spans (guint64 run)
{
  GArray *spans = g_array_new (FALSE, FALSE, sizeof (guint64));
  guint64 span;

  for (span = run; span > 1000; span /= 10)
    g_array_append_val (spans, span);
  span = 1000;
  g_array_append_val (spans, span);
  span = 100;
  g_array_append_val (spans, span);
  return spans;
}

/* Paints the rows from @top down, as the window does scrolled there. */
static void
paint (cairo_surface_t      *surface,
       const EsTimelineView *view,
       GArray               *rows,
       int                   top)
{
  cairo_t *cr = cairo_create (surface);

  cairo_translate (cr, 0, -top);
  es_timeline_paint (cr, view, rows);
  es_timeline_paint_labels (cr, view, rows);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
}

/* A frame, in milliseconds. */
static double
time_paint (cairo_surface_t      *surface,
            const EsTimelineView *view,
            GArray               *rows,
            int                   top)
{
  gint64 t = g_get_monotonic_time ();

  paint (surface, view, rows, top);
  return (g_get_monotonic_time () - t) / 1e3;
}

/* The frames of the mean, and a level's first frame, in functions of their
 * own so that a profiler can count them apart: callgrind
 * --collect-atstart=no --toggle-collect=timed_paint --toggle-collect=helper_func
 * (the helpers' share of each level's first frame comes with them). */
static guint n_timed;

static G_GNUC_NO_INLINE double
timed_paint (cairo_surface_t      *surface,
             const EsTimelineView *view,
             GArray               *rows,
             int                   top)
{
  n_timed++;
  return time_paint (surface, view, rows, top);
}

static G_GNUC_NO_INLINE double
first_paint (cairo_surface_t      *surface,
             const EsTimelineView *view,
             GArray               *rows,
             int                   top)
{
  return time_paint (surface, view, rows, top);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("FILE.eventlog");
  g_autoptr(GError) error = NULL;
  g_autoptr(EsDocument) document = NULL;
  g_autoptr(GArray) rows = NULL;
  g_autoptr(GArray) spans = NULL;
  cairo_surface_t *surface;
  EsThreadStateCache *thread_states;
  guint64 start, end;
  double worst_mean = 0, worst_frame = 0;
  gint64 load_start;
  int top = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 2 ||
      width <= ES_TIMELINE_GUTTER || height < 1 || frames < 1)
    {
      g_printerr ("Usage: es-bench-frame [--width 1600] [--height 900] [--frames 20] [--dark] [--png PREFIX] [--threads-open] FILE.eventlog%s%s\n",
                  error ? ": " : "", error ? error->message : "");
      return 1;
    }
  threads_open = threads_open || at_threads;

  load_start = g_get_monotonic_time ();
  document = es_document_load_file (argv[1], NULL, NULL, NULL, &error);
  if (document == NULL)
    {
      g_printerr ("es-bench-frame: %s\n", error->message);
      return 1;
    }
  start = es_document_get_start_time (document);
  end = MAX (es_document_get_end_time (document), start + 1);
  /* Every row; the threads' section closed, as it opens, unless asked. */
  rows = es_timeline_layout (document, ((1u << ES_N_ROW_KINDS) - 1) & ~(threads_open ? 0 : 1u << ES_ROW_THREAD));
  for (guint r = 0; r < rows->len && at_threads; r++)
    if (g_array_index (rows, EsTimelineRow, r).kind == ES_ROW_THREADS)
      top = g_array_index (rows, EsTimelineRow, r).y;
  printf ("log: %s, %" G_GUINT64_FORMAT " events, %u caps, %.3f s, loaded in %.0f ms\n",
          argv[1], es_document_get_n_events (document), es_document_get_n_caps (document),
          (end - start) / 1e9, (g_get_monotonic_time () - load_start) / 1e3);
  printf ("frame: %d x %d (%d px of data), %u rows, %d px tall (%s), threads' section %s%s\n",
          width, height, width - ES_TIMELINE_GUTTER, rows->len, es_timeline_layout_height (rows),
          es_timeline_layout_height (rows) > height ? "rows out of the frame clipped" : "all rows in the frame",
          threads_open ? "open" : "closed", top > 0 ? ", at the top of the frame" : "");
  printf ("%14s  %12s  %9s  %9s  %9s\n", "span", "per pixel", "mean ms", "worst ms", "first ms");

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  thread_states = es_thread_state_cache_new (document, 4u << 20);
  spans = zoom_spans (end - start);
  for (guint level = 0; level < spans->len; level++)
    {
      guint64 span = g_array_index (spans, guint64, level);
      guint64 t0 = start + (end - start - span) / 2;
      /* The states of the thread rows in view are kept between frames, as
       * the window keeps them. */
      EsTimelineView view = { document, t0, t0 + span, width - ES_TIMELINE_GUTTER, dark, 0, thread_states };
      g_autofree char *span_text = es_timeline_format_time (span, span / 100 ? span / 100 : 1);
      g_autofree char *px_text = NULL;
      double total = 0, worst = 0, first, per_px = (double) span / view.width;

      if (only_level >= 0 && level != (guint) only_level)
        continue;
      /* One frame apart: page faults in the indexes, Pango's font cache,
       * the thread rows' states; shown, but not in the mean. */
      first = first_paint (surface, &view, rows, top);
      for (int f = 0; f < frames; f++)
        {
          double ms = timed_paint (surface, &view, rows, top);

          total += ms;
          worst = MAX (worst, ms);
        }
      if (png_prefix != NULL)
        {
          g_autofree char *png = g_strdup_printf ("%s-%u.png", png_prefix, level);

          cairo_surface_write_to_png (surface, png);
        }

      if (per_px >= 1)
        px_text = es_timeline_format_time ((guint64) per_px, (guint64) per_px / 100 ? (guint64) per_px / 100 : 1);
      else
        px_text = g_strdup_printf ("%.3f ns", per_px);
      printf ("%14s  %12s  %9.2f  %9.2f  %9.2f\n", span_text, px_text, total / frames, worst, first);
      worst_mean = MAX (worst_mean, total / frames);
      worst_frame = MAX (worst_frame, worst);
    }
  cairo_surface_destroy (surface);
  es_thread_state_cache_free (thread_states);

  printf ("%u frames timed\n", n_timed);
  printf ("worst level: %.2f ms per frame (mean), worst single frame %.2f ms; budget %.0f ms: %s\n",
          worst_mean, worst_frame, BUDGET_MS, worst_mean <= BUDGET_MS ? "met" : "MISSED");
  g_free (png_prefix);
  return 0;
}
