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
#include <time.h>

#include "es-bench-util.h"
#include "es-document-loader.h"
#include "es-heap-overlay.h"
#include "es-pause-index-private.h"
#include "es-stats-figures.h"
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
static char *compare_path = NULL;
static gboolean bands = FALSE;

static const GOptionEntry entries[] = {
  { "width", 'w', 0, G_OPTION_ARG_INT, &width, "Surface width, gutter included (1600)", "PX" },
  { "height", 'h', 0, G_OPTION_ARG_INT, &height, "Surface height; rows below are clipped (900)", "PX" },
  { "frames", 'n', 0, G_OPTION_ARG_INT, &frames, "Frames timed per zoom level (20)", "N" },
  { "dark", 'd', 0, G_OPTION_ARG_NONE, &dark, "Dark theme colours", NULL },
  { "png", 'p', 0, G_OPTION_ARG_FILENAME, &png_prefix, "Also write each level's frame to PREFIX-N.png", "PREFIX" },
  { "threads-open", 't', 0, G_OPTION_ARG_NONE, &threads_open, "Open the threads' section (a row per thread)", NULL },
  { "at-threads", 'a', 0, G_OPTION_ARG_NONE, &at_threads, "Open the threads' section and scroll it to the top of the frame", NULL },
  { "level", 'l', 0, G_OPTION_ARG_INT, &only_level, "Time zoom level N only (0: the whole run), for profilers", "N" },
  { "bands", 'b', 0, G_OPTION_ARG_NONE, &bands, "Paint in bands of whole rows, a Cairo context each, as the window does", NULL },
  { "compare", 'c', 0, G_OPTION_ARG_FILENAME, &compare_path,
    "Compare with run B: each frame draws both runs on one axis, half the height each", "B.eventlog" },
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

/* Paints the rows from @top down, as the window does scrolled there: with
 * --bands, in its bands of whole rows (es_timeline_band_end()). */
static void
paint (cairo_surface_t      *surface,
       const EsTimelineView *view,
       GArray               *rows,
       int                   top)
{
  int bottom = top + cairo_image_surface_get_height (surface);
  g_autoptr(GPtrArray) crs = g_ptr_array_new_with_free_func ((GDestroyNotify) cairo_destroy);

  for (int band_top = top; band_top < bottom;)
    {
      int band_bottom = bands ? es_timeline_band_end (rows, band_top, bottom) : bottom;
      cairo_t *cr = cairo_create (surface);

      cairo_translate (cr, 0, -top);
      cairo_rectangle (cr, 0, band_top, cairo_image_surface_get_width (surface), band_bottom - band_top);
      cairo_clip (cr);
      g_ptr_array_add (crs, cr);
      band_top = band_bottom;
    }
  es_timeline_paint_bands ((cairo_t *const *) crs->pdata, crs->len, view, rows);
  for (guint i = 0; i < crs->len; i++)
    es_timeline_paint_labels (g_ptr_array_index (crs, i), view, rows);
  g_clear_pointer (&crs, g_ptr_array_unref);
  cairo_surface_flush (surface);
}

/* One run of a frame: its document, rows, view and surface (a comparison
 * has two, above each other). */
typedef struct
{
  EsDocument         *document;
  GArray             *rows;
  EsThreadStateCache *thread_states;
  cairo_surface_t    *surface;
  EsTimelineView      view;
} Run;

static Run runs[2];
static guint n_runs = 1;
static cairo_surface_t *heap_surface;   /* a comparison's Heap (A and B) */
static double heap_ms, heap_worst_ms;    /* its share of the frames */

#define HEAP_HEIGHT 110

static void
paint_heap_overlay (void)
{
  EsHeapOverlay overlay = { .width = width - ES_TIMELINE_GUTTER, .height = HEAP_HEIGHT, .dark = dark };
  cairo_t *cr = cairo_create (heap_surface);
  gint64 t = g_get_monotonic_time ();
  double ms;

  for (guint r = 0; r < 2; r++)
    overlay.runs[r] = (EsHeapOverlayRun) { runs[r].document, runs[r].view.t0, runs[r].view.t1 };
  es_heap_overlay_paint (cr, &overlay);
  cairo_destroy (cr);
  cairo_surface_flush (heap_surface);
  ms = (g_get_monotonic_time () - t) / 1e3;
  heap_ms += ms;
  heap_worst_ms = MAX (heap_worst_ms, ms);
}

/* A frame, every run of it, in milliseconds. */
static double
time_paint (int top)
{
  gint64 t = g_get_monotonic_time ();

  for (guint r = 0; r < n_runs; r++)
    paint (runs[r].surface, &runs[r].view, runs[r].rows, top);
  if (n_runs > 1)
    paint_heap_overlay ();
  return (g_get_monotonic_time () - t) / 1e3;
}

/* The frames of the mean, and a level's first frame, in functions of their
 * own so that a profiler can count them apart: callgrind
 * --collect-atstart=no --toggle-collect=timed_paint --toggle-collect=helper_func
 * (the helpers' share of each level's first frame comes with them). */
static guint n_timed;

static G_GNUC_NO_INLINE double
timed_paint (int top)
{
  n_timed++;
  return time_paint (top);
}

/* The process's CPU time, in ms: a first frame's, the painting thread's
 * and its helpers', on a machine shared with other work. */
static double
process_cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static double first_cpu;   /* the last first_paint()'s CPU time */

static G_GNUC_NO_INLINE double
first_paint (int top)
{
  double cpu = process_cpu_ms (), ms = time_paint (top);

  first_cpu = process_cpu_ms () - cpu;
  return ms;
}

/* A frame's target made and painted once, as the window's surface is
 * before it shows a log: the bench's first frame is not to pay its pages'
 * first touch, which no frame of the window pays. */
static void
clear_surface (cairo_surface_t *surface)
{
  cairo_t *cr = cairo_create (surface);

  cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
}

/* The frame the window paints when it shows the log: the whole run, from
 * the top, the threads' section closed; the frames timed after it follow
 * an action of the user's (opening that section, scrolling to it, zooming). */
static double
paint_opening (guint64 start,
               guint64 end,
               double *cpu)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  double ms;

  for (guint r = 0; r < n_runs; r++)
    {
      g_ptr_array_add (rows, runs[r].rows);
      runs[r].rows = es_timeline_layout (runs[r].document, ((1u << ES_N_ROW_KINDS) - 1) & ~(1u << ES_ROW_THREAD));
      runs[r].view = (EsTimelineView) { runs[r].document, start, end, width - ES_TIMELINE_GUTTER, dark, 0,
                                        runs[r].thread_states };
    }
  ms = first_paint (0);
  *cpu = first_cpu;
  for (guint r = 0; r < n_runs; r++)
    {
      g_array_unref (runs[r].rows);
      runs[r].rows = g_array_ref (g_ptr_array_index (rows, r));
    }
  return ms;
}

static void
states_made (gpointer data)
{
}

/* Whether some thread rows' states are still being made in a worker. */
static gboolean
making_states (void)
{
  for (guint r = 0; r < n_runs; r++)
    if (es_thread_state_cache_is_making (runs[r].thread_states))
      return TRUE;
  return FALSE;
}

/* What the comparison's statistics panel computes for a selection: every
 * figure of both runs over the same interval. */
static void
time_side_by_side_statistics (guint64 end)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);
  const guint n = 200;
  double total = 0, worst = 0, first = 0, cpu_total = 0, cpu_worst = 0, again;
  guint64 worst_span = 0, worst_t0 = 0, worst_t1 = 0;

  /* A first computation apart: its page faults, its caches. */
  for (guint i = 0; i <= n; i++)
    {
      guint64 t0 = (guint64) (g_rand_double (rand) * end), t1 = t0 + (guint64) (g_rand_double (rand) * (end - t0));
      gint64 t = g_get_monotonic_time ();
      double cpu = es_bench_thread_cpu_ms (), ms;

      for (guint r = 0; r < n_runs; r++)
        {
          g_auto(EsStatsFigures) figures = { 0 };

          es_stats_figures_compute (runs[r].document, t0, MIN (t1, es_document_get_end_time (runs[r].document)),
                                    &figures);
        }
      ms = (g_get_monotonic_time () - t) / 1e3;
      cpu = es_bench_thread_cpu_ms () - cpu;
      if (i == 0)
        {
          first = ms;
          continue;
        }
      total += ms;
      cpu_total += cpu;
      cpu_worst = MAX (cpu_worst, cpu);
      if (ms > worst)
        {
          worst = ms;
          worst_span = t1 - t0;
          worst_t0 = t0;
          worst_t1 = t1;
        }
    }
  /* The worst interval once more: dear every time, or only the first? */
  {
    gint64 t = g_get_monotonic_time ();

    for (guint r = 0; r < n_runs; r++)
      {
        g_auto(EsStatsFigures) figures = { 0 };

        es_stats_figures_compute (runs[r].document, worst_t0, MIN (worst_t1, es_document_get_end_time (runs[r].document)),
                                  &figures);
      }
    again = (g_get_monotonic_time () - t) / 1e3;
  }
  printf ("side-by-side statistics (every figure of both runs, percentiles included), over %u random intervals:\n"
          "  %.3f ms mean, %.3f ms worst (an interval of %.1f%% of the axis); CPU time %.3f ms mean, %.3f ms worst;\n"
          "  the first %.2f ms; the worst interval again %.2f ms; budget 1 ms: %s\n",
          n, total / n, worst, 100.0 * worst_span / end, cpu_total / n, cpu_worst, first, again,
          worst <= 1 ? "met" : cpu_worst <= 1 ? "met in CPU time (the worst wall time waited for the CPU)" : "MISSED");
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("FILE.eventlog");
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) spans = NULL;
  guint64 start, end;
  double worst_mean = 0, worst_frame = 0, worst_first = 0;
  gint64 load_start, prepare_start;
  double prepare_ms = 0;
  int top = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 2 ||
      width <= ES_TIMELINE_GUTTER || height < 1 || frames < 1)
    {
      g_printerr ("Usage: es-bench-frame [--width 1600] [--height 900] [--frames 20] [--dark] [--png PREFIX] [--threads-open] [--compare B.eventlog] FILE.eventlog%s%s\n",
                  error ? ": " : "", error ? error->message : "");
      return 1;
    }
  threads_open = threads_open || at_threads;
  n_runs = compare_path != NULL ? 2 : 1;

  /* What the window does once it is shown, before any log. */
  {
    gint64 t = g_get_monotonic_time ();

    es_timeline_warm_text ();
    printf ("the painter's fonts warmed in %.1f ms, as the window does after its first frame\n",
            (g_get_monotonic_time () - t) / 1e3);
  }

  load_start = g_get_monotonic_time ();
  start = G_MAXUINT64;
  end = 0;
  for (guint r = 0; r < n_runs; r++)
    {
      const char *path = r == 0 ? argv[1] : compare_path;

      runs[r].document = es_document_load_file (path, NULL, NULL, NULL, &error);
      if (runs[r].document == NULL)
        {
          g_printerr ("es-bench-frame: %s\n", error->message);
          return 1;
        }
      /* What the window's loader makes before it shows a document. */
      prepare_start = g_get_monotonic_time ();
      es_document_loader_prepare (runs[r].document);
      prepare_ms += (g_get_monotonic_time () - prepare_start) / 1e3;
      /* A comparison's axis starts at 0 and goes as far as the longer run. */
      start = MIN (start, n_runs > 1 ? 0 : es_document_get_start_time (runs[r].document));
      end = MAX (end, es_document_get_end_time (runs[r].document));
      /* Every row; the threads' section closed, as it opens, unless asked. */
      runs[r].rows = es_timeline_layout (runs[r].document,
                                         ((1u << ES_N_ROW_KINDS) - 1) & ~(threads_open ? 0 : 1u << ES_ROW_THREAD));
      runs[r].surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, n_runs > 1 ? height / 2 : height);
      clear_surface (runs[r].surface);
      /* As the window's: the thread rows' states made in a worker. */
      runs[r].thread_states = es_thread_state_cache_new_async (runs[r].document, 4u << 20, NULL, states_made, NULL);
      printf ("log %c: %s, %" G_GUINT64_FORMAT " events, %u caps, %.3f s, %u rows, %d px tall\n", 'A' + r, path,
              es_document_get_n_events (runs[r].document), es_document_get_n_caps (runs[r].document),
              es_document_get_end_time (runs[r].document) / 1e9, runs[r].rows->len,
              es_timeline_layout_height (runs[r].rows));
    }
  end = MAX (end, start + 1);
  if (n_runs > 1)
    {
      heap_surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, HEAP_HEIGHT);
      clear_surface (heap_surface);
    }
  for (guint r = 0; r < runs[0].rows->len && at_threads; r++)
    if (g_array_index (runs[0].rows, EsTimelineRow, r).kind == ES_ROW_THREADS)
      top = g_array_index (runs[0].rows, EsTimelineRow, r).y;
  printf ("loaded in %.0f ms, of which %.0f ms preparing what the first frame and selection need (as the window's loader does)\n",
          (g_get_monotonic_time () - load_start) / 1e3, prepare_ms);
  {
    double cpu, ms = paint_opening (start, end, &cpu);

    printf ("the log's first frame, as the window shows it (whole run, threads' section closed): %.2f ms, CPU %.2f ms\n",
            ms, cpu);
    worst_first = ms;
  }
  printf ("frame: %d x %d (%d px of data)%s, threads' section %s%s\n",
          width, height, width - ES_TIMELINE_GUTTER,
          n_runs > 1 ? ", both runs, half the height each, and both heaps on one graph" : "",
          threads_open ? "open" : "closed", top > 0 ? ", at the top of the frame" : "");
  /* "first ms" is the first frame of a level, as the window paints it:
   * thread rows whose states are not made yet are left blank, and a
   * worker makes them; "made ms" is how long after that frame they are in
   * (0: none was missing), and "filled ms" the frame painted then;
   * "first cpu" is the CPU time of the worse of those two (the painting
   * thread's and its helpers'). */
  printf ("%14s  %12s  %9s  %9s  %9s  %9s  %9s  %9s\n", "span", "per pixel", "mean ms", "worst ms", "first ms", "made ms",
          "filled ms", "first cpu");

  spans = zoom_spans (end - start);
  for (guint level = 0; level < spans->len; level++)
    {
      guint64 span = g_array_index (spans, guint64, level);
      guint64 t0 = start + (end - start - span) / 2;
      g_autofree char *span_text = es_timeline_format_time (span, span / 100 ? span / 100 : 1);
      g_autofree char *px_text = NULL;
      double total = 0, worst = 0, first, made = 0, filled = 0, cpu, per_px = (double) span / (width - ES_TIMELINE_GUTTER);

      if (only_level >= 0 && level != (guint) only_level)
        continue;
      /* The states of the thread rows in view are kept between frames, as
       * the window keeps them. */
      for (guint r = 0; r < n_runs; r++)
        runs[r].view = (EsTimelineView) { runs[r].document, t0, t0 + span, width - ES_TIMELINE_GUTTER, dark, 0,
                                          runs[r].thread_states };
      /* One frame apart: page faults in the indexes, Pango's font cache,
       * the thread rows' states; shown, but not in the mean. */
      first = first_paint (top);
      cpu = first_cpu;
      if (making_states ())
        {
          gint64 t = g_get_monotonic_time ();

          while (making_states ())
            g_main_context_iteration (NULL, TRUE);
          made = (g_get_monotonic_time () - t) / 1e3;
          filled = first_paint (top);
          cpu = MAX (cpu, first_cpu);
        }
      worst_first = MAX (worst_first, MAX (first, filled));
      for (int f = 0; f < frames; f++)
        {
          double ms = timed_paint (top);

          total += ms;
          worst = MAX (worst, ms);
        }
      if (png_prefix != NULL)
        for (guint r = 0; r < n_runs; r++)
          {
            g_autofree char *png = g_strdup_printf ("%s-%u%s.png", png_prefix, level, r == 0 ? "" : "-b");

            cairo_surface_write_to_png (runs[r].surface, png);
          }

      if (per_px >= 1)
        px_text = es_timeline_format_time ((guint64) per_px, (guint64) per_px / 100 ? (guint64) per_px / 100 : 1);
      else
        px_text = g_strdup_printf ("%.3f ns", per_px);
      printf ("%14s  %12s  %9.2f  %9.2f  %9.2f  %9.2f  %9.2f  %9.2f\n", span_text, px_text, total / frames, worst, first,
              made, filled, cpu);
      worst_mean = MAX (worst_mean, total / frames);
      worst_frame = MAX (worst_frame, worst);
    }

  printf ("%u frames timed\n", n_timed);
  printf ("worst level: %.2f ms per frame (mean), worst single frame %.2f ms; budget %.0f ms: %s\n",
          worst_mean, worst_frame, BUDGET_MS, worst_mean <= BUDGET_MS ? "met" : "MISSED");
  printf ("worst first frame of a level (filled ones and the log's first included): %.2f ms; budget %.0f ms: %s\n", worst_first,
          2 * BUDGET_MS, worst_first <= 2 * BUDGET_MS ? "met" : "MISSED");
  if (n_runs > 1)
    {
      /* Every frame's, the levels' first frames and the log's opening one included. */
      printf ("of which the heap graph of both runs: %.2f ms mean, %.2f ms worst\n",
              heap_ms / (n_timed + spans->len + 1), heap_worst_ms);
      time_side_by_side_statistics (end);
    }
  for (guint r = 0; r < n_runs; r++)
    {
      cairo_surface_destroy (runs[r].surface);
      es_thread_state_cache_free (runs[r].thread_states);
      g_array_unref (runs[r].rows);
      g_object_unref (runs[r].document);
    }
  g_clear_pointer (&heap_surface, cairo_surface_destroy);
  g_free (png_prefix);
  g_free (compare_path);
  return 0;
}
