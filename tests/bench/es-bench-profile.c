/* es-bench-profile.c: how fast an interval's time profile is ready
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Builds a document from synthetic time-profile samples (by default a
 * million, over 5,000 cost-centre stacks up to 40 deep, on 4 capabilities,
 * each phase of the run in its own few hundred stacks), then prints the
 * time es_profile_new() takes: the first query (the whole run's, which
 * the document then keeps), the first long one (which makes the
 * document's blocks of samples), random intervals, short and long, and the
 * whole run again (every tenth query, kept); and (with the painters) the
 * time to draw its flame graph at 1600x900: min, median, mean, 99th
 * percentile and worst of each. The budgets are 10 ms and 8 ms.
 *
 * With --log FILE, the same of a real log (with --calls, of a Mono log's
 * call time; with --thread N, of one thread's), after timing its load.
 *
 * With --snapshots, the samples are taken as a live log's are (each cap's
 * runs beside them say how far its samples have come), and an update's
 * snapshot of the builder is timed every tenth of them: what the time
 * profile adds to an update, which is to stay the same as the run grows.
 */

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "es-bench-util.h"
#include "es-document-builder.h"
#include "es-profile.h"
#include "es-profile-private.h"
#if ES_BENCH_HAVE_RENDER
#include "es-flame-graph.h"
#endif

static int n_samples = 1000000;
static int n_stacks = 5000;
static int max_depth = 40;
static int n_queries = 500;
static gboolean snapshots;
static char *log_path;
static gboolean calls;
static int thread = -1;
static gboolean unprepared;
static char *png_prefix;
static gboolean window;

static const GOptionEntry entries[] = {
  { "samples", 's', 0, G_OPTION_ARG_INT, &n_samples, "Samples (default 1,000,000)", "N" },
  { "stacks", 0, 0, G_OPTION_ARG_INT, &n_stacks, "Distinct stacks (default 5,000)", "N" },
  { "depth", 0, 0, G_OPTION_ARG_INT, &max_depth, "Deepest stack (default 40, at most 255)", "N" },
  { "queries", 'q', 0, G_OPTION_ARG_INT, &n_queries, "Random intervals timed (default 500)", "N" },
  { "snapshots", 0, 0, G_OPTION_ARG_NONE, &snapshots, "Build as a live log is, timing a snapshot every tenth of the samples", NULL },
  { "log", 0, 0, G_OPTION_ARG_FILENAME, &log_path, "Time the profile of a real log (its load too) instead", "FILE" },
  { "calls", 0, 0, G_OPTION_ARG_NONE, &calls, "With --log: a Mono log's call time instead of its samples", NULL },
  { "thread", 0, 0, G_OPTION_ARG_INT, &thread, "With --log: only this row's (thread's or cap's) samples", "N" },
  { "png", 0, 0, G_OPTION_ARG_FILENAME, &png_prefix, "Write the first 20 drawings to PREFIX-NN.png (to check that a painter's change keeps its pixels)", "PREFIX" },
  { "window", 0, 0, G_OPTION_ARG_NONE, &window, "Draw the flame graph as the Profile page does: its frames walked beforehand (its worker thread, timed apart), into a recording surface (GTK 4's cairo node), then replayed", NULL },
  { "unprepared", 0, 0, G_OPTION_ARG_NONE, &unprepared, "Leave out es_profile_prepare(): the first queries pay for it", NULL },
  { NULL }
};

#define N_COST_CENTRES 2000
#define N_CAPS 4
#define TICK_NS 1000000u
#define N_PHASES 50
#define HOT_STACKS 300

static EsBytes
bytes_of (const char *text)
{
  EsBytes b = { text, strlen (text) };

  return b;
}

static void
define_cost_centres (EsDocumentBuilder *builder)
{
  for (guint id = 1; id <= N_COST_CENTRES; id++)
    {
      g_autofree char *label = g_strdup_printf ("function%u", id);
      g_autofree char *module = g_strdup_printf ("Module%u", id % 97);
      g_autofree char *srcloc = g_strdup_printf ("src/Module%u.hs:%u:1-40", id % 97, id);
      EsEvent e = { 0 };

      e.tag = ES_EVENT_HEAP_PROF_COST_CENTRE;
      e.cap = ES_CAP_NONE;
      e.u.cost_centre.id = id;
      e.u.cost_centre.label = bytes_of (label);
      e.u.cost_centre.module = bytes_of (module);
      e.u.cost_centre.srcloc = bytes_of (srcloc);
      es_document_builder_add (builder, &e);
    }
}

/* Stacks as the RTS writes them: big-endian ids, innermost first. Each
 * one grows from a prefix of an earlier one, as real call trees share
 * their outer frames. */
static GPtrArray *
make_stacks (GRand *rand)
{
  GPtrArray *stacks = g_ptr_array_new_with_free_func ((GDestroyNotify) g_byte_array_unref);
  g_autofree guint32 *ids = g_new (guint32, max_depth);

  for (int s = 0; s < n_stacks; s++)
    {
      GByteArray *raw = g_byte_array_new ();
      guint depth = g_rand_int_range (rand, 1, max_depth + 1), shared = 0;

      if (s > 0 && g_rand_int_range (rand, 0, 10) > 0)
        {
          GByteArray *from = g_ptr_array_index (stacks, g_rand_int_range (rand, 0, s));
          guint from_depth = from->data[0];

          shared = MIN ((guint) g_rand_int_range (rand, 1, from_depth + 1), depth - 1);
          /* outermost frames are at the end of the innermost-first list */
          for (guint k = 0; k < shared; k++)
            {
              const guint8 *p = from->data + 1 + 4 * (from_depth - 1 - k);

              ids[k] = ((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3];
            }
        }
      for (guint k = shared; k < depth; k++)
        ids[k] = g_rand_int_range (rand, 1, N_COST_CENTRES + 1);
      g_byte_array_append (raw, (const guint8 *) &(guint8) { depth }, 1);
      for (guint k = depth; k > 0; k--)
        {
          guint8 be[4] = { ids[k - 1] >> 24, ids[k - 1] >> 16, ids[k - 1] >> 8, ids[k - 1] };

          g_byte_array_append (raw, be, 4);
        }
      g_ptr_array_add (stacks, raw);
    }
  return stacks;
}

static EsDocument *
make_document (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);
  g_autoptr(GPtrArray) stacks = make_stacks (rand);
  g_autofree guint *hot = g_new (guint, HOT_STACKS);
  EsDocumentBuilder *builder = snapshots ? es_document_builder_new_for_snapshots () : es_document_builder_new ();
  EsDocument *document;
  g_autoptr(EsDocument) previous = NULL;
  gint64 start = g_get_monotonic_time ();
  int per_phase = MAX (n_samples / N_PHASES, 1);

  define_cost_centres (builder);
  for (int i = 0; i < n_samples; i++)
    {
      EsEvent e = { 0 };
      GByteArray *raw;

      /* Each phase runs mostly in its own few hundred stacks, the first
       * ones of them most of the time. */
      if (i % per_phase == 0)
        for (guint h = 0; h < HOT_STACKS; h++)
          hot[h] = g_rand_int_range (rand, 0, n_stacks);
      if (g_rand_int_range (rand, 0, 10) > 0)
        {
          double r = g_rand_double (rand);

          raw = g_ptr_array_index (stacks, hot[(guint) (r * r * r * HOT_STACKS)]);
        }
      else
        raw = g_ptr_array_index (stacks, g_rand_int_range (rand, 0, n_stacks));

      e.tag = ES_EVENT_PROF_SAMPLE_COST_CENTRE;
      e.time = (guint64) (i / N_CAPS) * TICK_NS + 1000;
      e.cap = ES_CAP_NONE;
      e.u.cost_centre_sample.cap = i % N_CAPS;
      e.u.cost_centre_sample.residency_or_ticks = i / N_CAPS;
      e.u.cost_centre_sample.depth = raw->data[0];
      e.u.cost_centre_sample.stack = raw->data + 1;
      es_document_builder_add (builder, &e);
      if (snapshots)
        {
          EsEvent run = { 0 };

          run.tag = ES_EVENT_THREAD_RUNNABLE;
          run.time = e.time;
          run.cap = i % N_CAPS;
          run.u.thread.thread = 1 + i % N_CAPS;
          es_document_builder_add (builder, &run);
          if ((i + 1) % MAX (n_samples / 10, 1) == 0)
            {
              gint64 t0 = g_get_monotonic_time (), t1;
              EsDocument *snapshot = es_document_builder_snapshot (builder, FALSE, -1);

              t1 = g_get_monotonic_time ();
              /* as the live follower's finishing thread prepares each update */
              es_profile_prepare (snapshot, previous);
              printf ("  snapshot at %7d samples: %.1f ms; its profile prepared, grown from the one before: %.1f ms"
                      " (%d blocks reused)\n", i + 1, (double) (t1 - t0) / 1000.0,
                      (double) (g_get_monotonic_time () - t1) / 1000.0, _es_profile_blocks_reused (snapshot));
              g_clear_object (&previous);
              previous = snapshot;
            }
        }
    }
  /* A live log's builder is never finished: its last snapshot is. */
  document = snapshots ? es_document_builder_snapshot (builder, FALSE, -1) : es_document_builder_finish (builder, FALSE, -1);
  es_document_builder_free (builder);
  printf ("built: %d samples over %d stacks up to %d deep, on %d caps, in %.0f ms (peak RSS %.0f MB)\n",
          n_samples, n_stacks, max_depth, N_CAPS, (double) (g_get_monotonic_time () - start) / 1000.0,
          es_bench_peak_rss_mb ());
  if (snapshots && !unprepared)
    {
      gint64 t0 = g_get_monotonic_time ();

      es_profile_prepare (document, previous);
      printf ("last snapshot's profile prepared, grown from the one before: %.1f ms (%d blocks reused)\n",
              (double) (g_get_monotonic_time () - t0) / 1000.0, _es_profile_blocks_reused (document));
    }
  return document;
}

/* Thread CPU time in µs: the machines these run on are shared, and wall
 * time counts other processes' turns too (both are printed). */
static gint64
cpu_now (void)
{
  return (gint64) (es_bench_thread_cpu_ms () * 1000.0);
}

typedef struct
{
  const char *name;
  double      total_ms, worst_ms;   /* CPU */
  double      wall_ms, wall_worst_ms;
  double      cpu[4096];            /* each one's CPU time, for the 99th percentile */
  guint64     frames, samples;
  int         n;
  int         more;                 /* drawings that left labels to the next */
} Figures;

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* The frames with samples, as a view's walk makes them. */
static guint
count_frames (const EsProfile *profile)
{
  EsProfileWalk *walk = es_profile_walk_new (profile, ES_PROFILE_NO_FRAME);
  EsProfileFrame frame;
  guint n = 0;

  while (es_profile_walk_next (walk, &frame))
    n++;
  es_profile_walk_free (walk);
  return n;
}

static void
add_time (Figures *f,
          double   cpu_ms,
          double   wall_ms)
{
  if (f->n < (int) G_N_ELEMENTS (f->cpu))
    f->cpu[f->n] = cpu_ms;
  f->n++;
  f->total_ms += cpu_ms;
  f->worst_ms = MAX (f->worst_ms, cpu_ms);
  f->wall_ms += wall_ms;
  f->wall_worst_ms = MAX (f->wall_worst_ms, wall_ms);
}

static void
print_figures (Figures    *f,
               const char *what)
{
  int n = MIN (f->n, (int) G_N_ELEMENTS (f->cpu));

  if (f->n == 0)
    return;
  qsort (f->cpu, n, sizeof (double), compare_doubles);
  printf ("%-24s %4d: CPU min %5.2f ms, median %5.2f, mean %5.2f, 99%% %5.2f, worst %5.2f;"
          " wall mean %5.2f, worst %5.2f (%s; %.0f samples, %.0f frames)\n",
          f->name, f->n, f->cpu[0], f->cpu[(n - 1) / 2], f->total_ms / f->n, f->cpu[(int) (0.99 * (n - 1))],
          f->worst_ms, f->wall_ms / f->n, f->wall_worst_ms, what, (double) f->samples / f->n,
          (double) f->frames / f->n);
}

#if ES_BENCH_HAVE_RENDER
/* As the window draws it (--window): a GtkDrawingArea's cairo_t draws
 * into a recording surface, which GSK replays onto the window's; both
 * are in the frame's time. */
static void
draw_flame_graph (cairo_t                *cr,
                  const EsFlameGraphView *view)
{
  cairo_surface_t *recording;
  cairo_t *recorder;

  if (!window)
    {
      es_flame_graph_paint (cr, view);
      return;
    }
  recording = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA,
                                              &(cairo_rectangle_t) { 0, 0, view->width, view->height });
  recorder = cairo_create (recording);
  es_flame_graph_paint (recorder, view);
  cairo_destroy (recorder);
  cairo_save (cr);
  cairo_set_source_surface (cr, recording, 0, 0);
  cairo_paint (cr);
  cairo_restore (cr);
  cairo_surface_destroy (recording);
}
#endif

int
main (int    argc,
      char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(EsDocument) document = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  static Figures kinds[3] = { { "short (< 1% of the run)" }, { "medium (1% to 30%)" }, { "long (> 30% of the run)" } };
  static Figures whole = { "whole run (kept)" };
#if ES_BENCH_HAVE_RENDER
  static Figures draw = { "flame graph, 1600x900" };
  static Figures layout = { "flame graph's layout" };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1600, 900);
  cairo_t *cr = cairo_create (surface);
  g_autoptr(EsFlameGraphCache) cache = es_flame_graph_cache_new ();  /* the window's, kept */
#endif
  guint64 end;
  EsProfKind kind;
  guint cap;
  guint32 chosen = 1;

  g_option_context_set_summary (context, "Times the time profile of random intervals over synthetic samples.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || n_samples < 1 || n_stacks < 1
      || max_depth < 2 || max_depth > 255 || n_queries < 1)
    {
      g_printerr ("es-bench-profile: %s\n", error != NULL ? error->message : "bad option value");
      return 1;
    }
#if ES_BENCH_HAVE_RENDER
  /* The window's panel shapes new names for so long a frame. */
  if (window)
    es_flame_graph_cache_set_shaping_budget (cache, ES_FLAME_GRAPH_SHAPING_BUDGET_US);
#endif

  if (log_path != NULL)
    {
      gint64 start = g_get_monotonic_time ();

      document = es_document_load_file (log_path, NULL, NULL, NULL, &error);
      if (document == NULL)
        {
          g_printerr ("es-bench-profile: %s\n", error->message);
          return 1;
        }
      printf ("loaded %s in %.0f ms (wall; peak RSS %.0f MB)\n", log_path,
              (double) (g_get_monotonic_time () - start) / 1000.0, es_bench_status_mb ("VmHWM"));
    }
  else
    document = make_document ();
  kind = calls ? ES_PROF_CALL_TIME : ES_PROF_SAMPLES;
  cap = thread >= 0 ? (guint) thread : ES_PROFILE_ALL_CAPS;
  end = es_document_get_end_time (document) + 1;

  /* What a window's loader (es_document_loader_prepare()) or a live
   * follower's finishing thread makes before the document is shown: the
   * blocks of samples, the whole run's profile, the Profile row's index.
   * (A --log was loaded with es_document_load_file(), which does not.) */
  if (!unprepared && !snapshots)
    {
      gint64 start = g_get_monotonic_time (), cpu = cpu_now ();

      es_profile_prepare (document, NULL);
      printf ("prepared at load (es_profile_prepare(), on the loader's thread, not the main one): CPU %.2f ms,"
              " wall %.2f ms\n", (double) (cpu_now () - cpu) / 1000.0,
              (double) (g_get_monotonic_time () - start) / 1000.0);
    }

  /* The first query and drawing pay for page faults and, for the drawing,
   * loading the fonts: timed apart. The first is the whole run's, which
   * the document keeps once made (at load, unless --unprepared): the
   * queries of the whole run after it are timed apart too. */
  {
    gint64 start = g_get_monotonic_time (), cpu = cpu_now ();
    g_autoptr(EsProfile) profile = es_profile_new_for (document, kind, cap, 0, G_MAXUINT64);
    double cpu_ms = (double) (cpu_now () - cpu) / 1000.0, wall_ms = (double) (g_get_monotonic_time () - start) / 1000.0;

    /* the cost centre the Profile row marks: the biggest after the root */
    if (log_path != NULL && profile->cost_centres->len > 0)
      for (guint i = 0; i < profile->cost_centres->len && chosen == 1; i++)
        if (g_array_index (profile->cost_centres, EsProfileCostCentre, i).id != G_MAXUINT32)
          chosen = g_array_index (profile->cost_centres, EsProfileCostCentre, i).id;
    printf ("first profile, the whole run's, as the window asks for it%s: CPU %.2f ms, wall %.2f ms\n",
            unprepared ? " (unprepared: made and kept)" : "", cpu_ms, wall_ms);
    start = g_get_monotonic_time ();
    printf ("  its every frame in one array, as the CLI asks (not the views): %u frames",
            es_profile_get_frames (profile)->len);
    printf (" in %.2f ms\n", (double) (g_get_monotonic_time () - start) / 1000.0);
#if ES_BENCH_HAVE_RENDER
    {
      EsFlameGraphView view = { profile, ES_PROFILE_NO_FRAME, 1600, 900, FALSE, NULL, 1, cache };

      start = g_get_monotonic_time ();
      draw_flame_graph (cr, &view);
      cairo_surface_flush (surface);
      printf ("first drawing (loads the fonts): %.2f ms\n", (double) (g_get_monotonic_time () - start) / 1000.0);
    }
#endif
  }

  /* The first interval holding most of the run makes the document's
   * blocks of samples, which the long intervals after it are counted
   * from: timed apart too. */
  {
    gint64 start = g_get_monotonic_time (), cpu = cpu_now ();
    g_autoptr(EsProfile) profile = es_profile_new_for (document, kind, cap, end / 4, end);

    printf ("first long interval (3/4 of the run%s): CPU %.2f ms, wall %.2f ms\n",
            unprepared ? "; makes a large tree's blocks" : "", (double) (cpu_now () - cpu) / 1000.0,
            (double) (g_get_monotonic_time () - start) / 1000.0);
  }

  for (int q = 0; q <= n_queries; q++)
    {
      /* Lengths spread evenly on a log scale, from a tick to the run. */
      gboolean whole_run = q % 10 == 9 || q == n_queries;
      double fraction = whole_run ? 1.0 : pow (10.0, -4.0 * g_rand_double (rand));
      guint64 length = (guint64) (fraction * (double) end);
      guint64 t0 = whole_run ? 0 : (guint64) (g_rand_double (rand) * (double) (end - length));
      Figures *f = whole_run ? &whole : &kinds[fraction < 0.01 ? 0 : fraction < 0.3 ? 1 : 2];
      gint64 start = g_get_monotonic_time (), cpu = cpu_now ();
      g_autoptr(EsProfile) profile = es_profile_new_for (document, kind, cap, t0, whole_run ? G_MAXUINT64 : t0 + length);
      double ms = (double) (cpu_now () - cpu) / 1000.0, wall = (double) (g_get_monotonic_time () - start) / 1000.0;

      add_time (f, ms, wall);
      f->samples += profile->n_samples;

#if ES_BENCH_HAVE_RENDER
      {
        EsFlameGraphView view = { profile, ES_PROFILE_NO_FRAME, 1600, 900, FALSE, NULL, 1, cache };

        /* The window's panel walks the frames the flame graph draws, and
         * fills its boxes, on its worker thread, beside the profile: timed
         * apart. */
        if (window)
          {
            EsFlameGraphView ahead = { profile, ES_PROFILE_NO_FRAME, 1600, 900, FALSE, NULL, 1, NULL };

            start = g_get_monotonic_time ();
            cpu = cpu_now ();
            es_flame_graph_cache_set_layout (cache, es_flame_graph_layout_new (&ahead));
            add_time (&layout, (double) (cpu_now () - cpu) / 1000.0, (double) (g_get_monotonic_time () - start) / 1000.0);
          }
        /* As the window's panel draws: labels whose names are new wait
         * for the next frames once a drawing has shaped for its budget;
         * each of those frames is a drawing timed. */
        do
          {
            start = g_get_monotonic_time ();
            cpu = cpu_now ();
            draw_flame_graph (cr, &view);
            cairo_surface_flush (surface);
            ms = (double) (cpu_now () - cpu) / 1000.0;
            wall = (double) (g_get_monotonic_time () - start) / 1000.0;
            add_time (&draw, ms, wall);
            if (!es_flame_graph_cache_is_complete (cache))
              draw.more++;
          }
        while (!es_flame_graph_cache_is_complete (cache));
        draw.samples += profile->n_samples;
        if (png_prefix != NULL && q < 20)
          {
            g_autofree char *path = g_strdup_printf ("%s-%02d.png", png_prefix, q);

            cairo_surface_write_to_png (surface, path);
          }
      }
#endif
      /* Its frames counted, not timed, with a walk as the views make
       * them: the CLI's array of every frame (es_profile_get_frames())
       * would be tens of MB made and freed between the timed queries,
       * which the window never makes, and the next query would pay for
       * its page faults and the caches it emptied. */
      {
        guint n_frames = count_frames (profile);

        f->frames += n_frames;
#if ES_BENCH_HAVE_RENDER
        draw.frames += n_frames;
#endif
      }
    }

  /* The timeline's Profile row: 1600 columns, a cost centre chosen. */
  {
    static Figures row = { "Profile row, 1600 columns" };
    g_autofree EsProfileColumn *columns = g_new (EsProfileColumn, 1600);

    for (int q = 0; q < 100; q++)
      {
        double fraction = q == 0 ? 1.0 : pow (10.0, -4.0 * g_rand_double (rand));
        guint64 length = (guint64) (fraction * (double) end);
        guint64 t0 = q == 0 ? 0 : (guint64) (g_rand_double (rand) * (double) (end - length));
        gint64 start = g_get_monotonic_time (), cpu = cpu_now ();

        es_profile_columns_for (document, kind, t0, t0 + length, q % 2 ? 0 : ES_PROFILE_ALL_CAPS, 1,
                                log_path != NULL ? chosen : 1 + q % N_COST_CENTRES, columns, 1600);
        add_time (&row, (double) (cpu_now () - cpu) / 1000.0, (double) (g_get_monotonic_time () - start) / 1000.0);
      }
    print_figures (&row, "es_profile_columns, the first over the whole run");
  }

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    print_figures (&kinds[k], "es_profile_new");
  print_figures (&whole, "es_profile_new");
#if ES_BENCH_HAVE_RENDER
  if (draw.more > 0)
    printf ("  (%d of the %d drawings below left the labels of names new to them to the next drawing, "
            "as the window does past %d µs of shaping in a frame)\n", draw.more, draw.n, ES_FLAME_GRAPH_SHAPING_BUDGET_US);
  print_figures (&draw, "drawing");
  print_figures (&layout, "es_flame_graph_layout_new, as the panel's worker makes it beside the profile");
#endif
  printf ("budget: 10 ms per profile%s (the first few after start pay for page faults)\n",
          ES_BENCH_HAVE_RENDER ? ", 8 ms per drawing" : "");
#if ES_BENCH_HAVE_RENDER
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
#endif
  return 0;
}
