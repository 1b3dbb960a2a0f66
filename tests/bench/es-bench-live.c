/* es-bench-live.c: following a log that arrives as fast as a socket goes
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Serves a log on a Unix socket, from a process of its own, as fast as the
 * follower takes it, while a follower (the window's own, EsLiveFollower)
 * builds documents from it and the timeline is painted every 16 ms from
 * the newest one, following the whole run as the window does (as when the
 * user pans meanwhile; with --paint-on-update, only when a new document
 * comes, as the window paints while it follows and the user does nothing). Prints the
 * rate the bytes were taken in and turned into the final document, the
 * delay from bytes being sent to their document being painted (p50, p99,
 * worst), the frame times meanwhile, and the peak RSS and PSS (the records
 * a live log's builder shares with its documents are mapped twice, and the
 * RSS counts them twice; the PSS counts their memory file whole); with
 * --load-only, the peaks of loading the same file, to compare; with
 * --updates, what each update costs alone, without a window or a socket
 * (see bench_updates()); with --first-frames, each update's first frame
 * alone, the same every run (see bench_first_frames()).
 *
 *   es-gen-eventlog --caps=8 --size-mb 100 /tmp/big.eventlog
 *   es-bench-live /tmp/big.eventlog
 *   es-bench-live --load-only /tmp/big.eventlog
 *   es-bench-live --rate 10 /tmp/big.eventlog      at a busy program's pace
 *   es-bench-live --paint-on-update /tmp/big.eventlog   as the window paints
 *   es-bench-live --updates /tmp/big.eventlog
 *   es-bench-live --first-frames --step 5 /tmp/big.eventlog
 */

#include "config.h"

#include <stdio.h>
#include <errno.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gio/gunixsocketaddress.h>
#include <glib/gstdio.h>

#include "es-bench-util.h"
#include "es-document-loader.h"
#include "es-live-build.h"
#include "es-live-follower.h"
#include "es-timeline-painter.h"

#define FRAME_MS       16
#define DELAY_BUDGET   250.0
#define RATE_BUDGET    300.0
#define FRAME_BUDGET   8.0

static gboolean load_only = FALSE;
static gboolean updates = FALSE;
static double step_mb = 2;
static double rate_mb = 0;
static int width = 1600;
static int height = 900;
static double limit_mb = -1;
static gboolean paint_on_update = FALSE;
static gboolean first_frames = FALSE;

static const GOptionEntry entries[] = {
  { "load-only", 0, 0, G_OPTION_ARG_NONE, &load_only, "Only load the file, for its peak RSS", NULL },
  { "updates", 'u', 0, G_OPTION_ARG_NONE, &updates, "Only time each update, the log recorded in steps", NULL },
  { "step", 's', 0, G_OPTION_ARG_DOUBLE, &step_mb, "With --updates, record this many MB between updates (2)", "MB" },
  { "rate", 'r', 0, G_OPTION_ARG_DOUBLE, &rate_mb, "Send at most this many MB a second, as a program writes, not as fast as taken", "MB" },
  { "width", 'w', 0, G_OPTION_ARG_INT, &width, "Frame width (1600)", "PX" },
  { "height", 'h', 0, G_OPTION_ARG_INT, &height, "Frame height (900)", "PX" },
  { "paint-on-update", 'p', 0, G_OPTION_ARG_NONE, &paint_on_update, "Paint when a new document comes, as the window does while it follows, not every 16 ms as when the user pans meanwhile", NULL },
  { "first-frames", 'f', 0, G_OPTION_ARG_NONE, &first_frames, "Only paint each update's first frames, the log recorded in steps (--step), without a socket", NULL },
  { "memory-limit", 'm', 0, G_OPTION_ARG_DOUBLE, &limit_mb, "Let go of the oldest detail past this many MB of records (default: a quarter of memory)", "MB" },
  { NULL }
};

/* The server: a process of its own, as the program writing a log is,
 * which sends the file as fast as it is read (or at --rate), and writes
 * when each SENT_GRAIN went into memory it shares with the follower's
 * process. None of its memory counts in the peaks measured: as a thread
 * of the follower's process, it had to give its copy of the log back as
 * it went (madvise), and each time the kernel flushed the TLB of every
 * core the follower's threads ran on. */
typedef struct
{
  gint64  started;
  guint   n_sent;       /* atomic: how many of @sent are written */
  gint64  sent[];       /* when the first byte of each SENT_GRAIN was sent, in order */
} ServerTimes;

typedef struct
{
  GSocket      *listener;
  const char   *data;      /* the log, mapped before the server's process starts, read only by it */
  gsize         len;
  ServerTimes  *times;     /* shared with the server's process */
  pid_t         pid;
  gboolean      ended;     /* its process ended, with @status */
  int           status;
} Server;

#define SEND_BYTES (1u << 20)
/* A program's pace sends 64 kB at a time: the time a byte was sent is
 * known to that, where timing each megabyte made a byte sent late in its
 * megabyte seem to wait up to 100 ms longer at 10 MB/s. */
#define SENT_GRAIN (SEND_BYTES / 16)

/* In the server's process. */
static void
serve (Server *server)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSocket) client = g_socket_accept (server->listener, NULL, &error);
  gsize done = 0;

  if (client == NULL)
    g_error ("es-bench-live: %s", error->message);
  server->times->started = g_get_monotonic_time ();
  while (done < server->len)
    {
      /* At a program's pace, 64 kB at a time, each when it is due. */
      gsize piece = rate_mb > 0 ? SENT_GRAIN : SEND_BYTES;
      gssize n;
      gint64 now;

      if (rate_mb > 0)
        {
          gint64 due = server->times->started + (gint64) (done / (rate_mb * 1e6) * G_USEC_PER_SEC);

          if (due > g_get_monotonic_time ())
            g_usleep ((gulong) (due - g_get_monotonic_time ()));
        }
      n = g_socket_send (client, server->data + done, MIN (piece, server->len - done), NULL, &error);
      now = g_get_monotonic_time ();

      if (n <= 0)
        g_error ("es-bench-live: %s", error != NULL ? error->message : "sent nothing");
      done += (gsize) n;
      /* Byte k * SENT_GRAIN was sent by now. */
      for (guint k = g_atomic_int_get (&server->times->n_sent); (gsize) k * SENT_GRAIN < done; k++)
        {
          server->times->sent[k] = now;
          g_atomic_int_set (&server->times->n_sent, k + 1);
        }
    }
  g_socket_close (client, NULL);
}

static gsize
times_size (const Server *server)
{
  return sizeof (ServerTimes) + (server->len / SENT_GRAIN + 1) * sizeof (gint64);
}

/* Starts the server's process, before any thread: it only serves, and
 * goes with the benchmark whatever ends it. */
static void
start_server (Server *server)
{
  pid_t parent = getpid (), pid;

  server->times = mmap (NULL, times_size (server), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (server->times == MAP_FAILED)
    g_error ("es-bench-live: no memory for the server's times");
  pid = fork ();
  if (pid < 0)
    g_error ("es-bench-live: cannot start the server: %s", g_strerror (errno));
  if (pid == 0)
    {
      prctl (PR_SET_PDEATHSIG, SIGKILL);
      if (getppid () != parent)
        _exit (1);
      serve (server);
      _exit (0);
    }
  server->pid = pid;
  /* The follower connects to its address; only the server accepts. */
  g_socket_close (server->listener, NULL);
}

/* Why the server's process ended, as a GLib child watch tells it. */
static char *
describe_exit (int status)
{
  if (WIFSIGNALED (status))
    return g_strdup_printf ("killed by signal %d", WTERMSIG (status));
  return g_strdup_printf ("exit status %d", WEXITSTATUS (status));
}

/* A server that ended before sending the log would leave the follower
 * waiting for it for ever. */
static void
server_exited_cb (GPid     pid,
                  int      status,
                  gpointer data)
{
  Server *server = data;

  server->ended = TRUE;
  server->status = status;
  if ((gsize) g_atomic_int_get (&server->times->n_sent) * SENT_GRAIN < server->len)
    {
      g_autofree char *why = describe_exit (status);

      g_error ("es-bench-live: the server ended before sending the log (%s)", why);
    }
}

typedef struct
{
  Server           *server;
  EsLiveFollower   *follower;
  GMainLoop        *loop;
  cairo_surface_t  *surface;
  EsDocument       *laid_out;      /* the document @rows are of */
  GArray           *rows;
  GArray           *frames;        /* double: ms per painted frame */
  GArray           *doc_firsts;    /* double: ms of each new document's first frame, the first document's too */
  GArray           *frames_cpu;    /* double: the painting thread's CPU ms per frame, the process's first apart */
  GArray           *doc_firsts_cpu;
  double            first_cpu;     /* the process's first frame's */
  glong             doc_first_faults;  /* the most page faults of a new document's first frame, on the painting thread */
  GArray           *ticks;         /* double: ms from one frame's start to the next's */
  gint64            last_tick;
  GArray           *delays;        /* double: ms from bytes sent to painted */
  guint64           shown_bytes;
  gboolean          new_bytes;
  gint64            final_at;
} Bench;

/* The whole run of @document painted into @surface, with @rows laid out
 * for it. */
static void
paint_whole_run (cairo_surface_t *surface,
                 EsDocument      *document,
                 GArray          *rows)
{
  EsTimelineView view = { document, 0, MAX (es_document_get_end_time (document), 1), width - ES_TIMELINE_GUTTER,
                          FALSE, 0, NULL };
  cairo_t *cr = cairo_create (surface);

  es_timeline_paint (cr, &view, rows);
  es_timeline_paint_labels (cr, &view, rows);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
}

static GArray *
layout_rows (EsDocument *document)
{
  return es_timeline_layout (document, ((1u << ES_N_ROW_KINDS) - 1) & ~(1u << ES_ROW_THREAD));
}

static void
paint_frame (Bench *bench)
{
  EsDocument *document = es_live_follower_get_document (bench->follower);
  gint64 t;
  gboolean first_of_document;
  double ms, cpu;
  glong faults;

  if (document == NULL)
    return;
  t = g_get_monotonic_time ();
  cpu = es_bench_thread_cpu_ms ();
  faults = es_bench_thread_minor_faults ();
  first_of_document = bench->laid_out != document;
  /* Laid out once a document, as the window does. */
  if (bench->laid_out != document)
    {
      g_clear_pointer (&bench->rows, g_array_unref);
      bench->rows = layout_rows (document);
      bench->laid_out = document;
    }
  paint_whole_run (bench->surface, document, bench->rows);
  ms = (g_get_monotonic_time () - t) / 1e3;
  cpu = es_bench_thread_cpu_ms () - cpu;
  faults = es_bench_thread_minor_faults () - faults;
  g_array_append_val (bench->frames, ms);
  if (bench->frames->len > 1)
    g_array_append_val (bench->frames_cpu, cpu);
  else
    bench->first_cpu = cpu;
  if (first_of_document)
    {
      g_array_append_val (bench->doc_firsts, ms);
      g_array_append_val (bench->doc_firsts_cpu, cpu);
      bench->doc_first_faults = MAX (bench->doc_first_faults, faults);
    }

  /* The oldest byte this document brings was waiting longest: from when
   * it was sent (to SENT_GRAIN) to now, when it is painted. */
  if (bench->new_bytes)
    {
      guint k = (guint) (bench->shown_bytes / SENT_GRAIN);
      double delay;

      if (k < (guint) g_atomic_int_get (&bench->server->times->n_sent))
        {
          delay = (g_get_monotonic_time () - bench->server->times->sent[k]) / 1e3;
          g_array_append_val (bench->delays, delay);
        }
      bench->shown_bytes = es_live_follower_get_document_bytes (bench->follower);
      bench->new_bytes = FALSE;
    }
}

/* A frame every FRAME_MS: what else the main loop does (taking each new
 * document, letting go of the old one) shows as ticks further apart. */
static gboolean
frame_cb (gpointer data)
{
  Bench *bench = data;
  gint64 now = g_get_monotonic_time ();

  /* The window paints when its document changes, at its next frame. */
  if (paint_on_update && !bench->new_bytes)
    return G_SOURCE_CONTINUE;
  if (!paint_on_update && bench->last_tick != 0 && es_live_follower_get_document (bench->follower) != NULL)
    {
      double ms = (now - bench->last_tick) / 1e3;

      g_array_append_val (bench->ticks, ms);
    }
  bench->last_tick = now;
  paint_frame (bench);
  return G_SOURCE_CONTINUE;
}

static void
updated_cb (Bench *bench)
{
  bench->new_bytes = TRUE;
}

static void
state_cb (Bench *bench)
{
  if (es_live_follower_is_live (bench->follower))
    return;
  bench->final_at = g_get_monotonic_time ();
  paint_frame (bench);
  g_main_loop_quit (bench->loop);
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
percentile (GArray *values,
            double  p)
{
  if (values->len == 0)
    return 0;
  g_array_sort (values, compare_doubles);
  return g_array_index (values, double, MIN (values->len - 1, (guint) (p * values->len)));
}

/* Each update alone, as the follower makes it: the log is recorded into a
 * file @step_mb at a time, each step's bytes taken (read and built), then
 * the update made (a snapshot and its grid) and prepared for showing.
 * Prints the update's cost every tenth of the log, which is to stay the
 * same as the log grows (the work of the new events, not of all of them),
 * and the rate the bytes were taken at. */
/* A log written to a record @step bytes at a time and taken by a build
 * as the follower takes it, for the modes that time each update apart. */
typedef struct
{
  GMappedFile  *mapped;
  const guint8 *data;
  gsize         len;
  gsize         step;
  gsize         written;
  char         *dir;
  char         *record;
  FILE         *out;
  EsLiveBuild  *build;
  double        take_cpu;   /* ms of this thread's CPU time in es_live_build_take() */
} Steps;

static gboolean
steps_open (Steps      *steps,
            const char *path)
{
  g_autoptr(GError) error = NULL;

  *steps = (Steps) { .mapped = g_mapped_file_new (path, FALSE, &error) };
  if (steps->mapped == NULL)
    {
      g_printerr ("es-bench-live: %s\n", error->message);
      return FALSE;
    }
  steps->data = (const guint8 *) g_mapped_file_get_contents (steps->mapped);
  steps->len = g_mapped_file_get_length (steps->mapped);
  steps->step = MAX ((gsize) (step_mb * 1e6), 1);
  steps->dir = g_dir_make_tmp ("es-bench-live-XXXXXX", &error);
  g_assert_no_error (error);
  steps->record = g_build_filename (steps->dir, "record.eventlog", NULL);
  steps->out = fopen (steps->record, "wb");
  steps->build = es_live_build_new (steps->record);
  printf ("log: %s, %.1f MB, an update every %.1f MB\n", path, steps->len / 1e6, steps->step / 1e6);
  return TRUE;
}

/* Writes the next step to the record and has the build take it; FALSE
 * once all was written. */
static gboolean
steps_take_next (Steps *steps)
{
  g_autoptr(GError) error = NULL;
  gsize n = MIN (steps->step, steps->len - steps->written);

  if (steps->written == steps->len)
    return FALSE;
  if (fwrite (steps->data + steps->written, 1, n, steps->out) != n || fflush (steps->out) != 0)
    g_error ("es-bench-live: cannot write %s", steps->record);
  steps->written += n;
  steps->take_cpu -= es_bench_thread_cpu_ms ();
  if (!es_live_build_take (steps->build, steps->written, NULL, &error))
    g_error ("es-bench-live: the log is not read once: %s", error->message);
  steps->take_cpu += es_bench_thread_cpu_ms ();
  return TRUE;
}

/* The update of what was taken, or NULL if it makes none. */
static EsDocument *
steps_update (Steps *steps)
{
  EsDocument *document = NULL;

  if (!es_live_build_update (steps->build, steps->written, steps->written == steps->len, NULL, &document, NULL))
    g_clear_object (&document);
  return document;
}

static void
steps_close (Steps *steps)
{
  fclose (steps->out);
  g_clear_pointer (&steps->build, es_live_build_free);
  g_unlink (steps->record);
  g_rmdir (steps->dir);
  g_free (steps->record);
  g_free (steps->dir);
  g_mapped_file_unref (steps->mapped);
}

static int
bench_updates (const char *path)
{
  g_autoptr(GArray) costs = g_array_new (FALSE, FALSE, sizeof (double));
  gint64 taking = 0;
  double peak_pss = 0;
  guint tenth = 1;
  Steps steps;

  if (!steps_open (&steps, path))
    return 1;
  for (;;)
    {
      g_autoptr(EsDocument) document = NULL;
      gint64 t0, t1, t2;
      double cost;

      t0 = g_get_monotonic_time ();
      if (!steps_take_next (&steps))
        break;
      t1 = g_get_monotonic_time ();
      if ((document = steps_update (&steps)) == NULL)
        continue;
      es_document_loader_prepare_to_show (document);
      t2 = g_get_monotonic_time ();
      taking += t1 - t0;
      cost = (t2 - t1) / 1e3;
      g_array_append_val (costs, cost);
      /* Between updates, not while one is timed: reading the PSS walks the
       * process's mappings, holding up any mapping made meanwhile. */
      peak_pss = MAX (peak_pss, es_bench_pss_mb ());
      if (steps.written >= steps.len * tenth / 10)
        {
          printf ("  at %5.1f MB (%" G_GUINT64_FORMAT " events): update %.1f ms\n", steps.written / 1e6,
                  es_document_get_n_events (document), cost);
          while (steps.written >= steps.len * tenth / 10)
            tenth++;
        }
    }
  printf ("updates: %u, p50 %.1f ms, p99 %.1f ms, worst %.1f ms; bytes taken at %.0f MB/s between them\n",
          costs->len, percentile (costs, 0.5), percentile (costs, 0.99), percentile (costs, 1.0),
          steps.len / 1e6 / (taking / 1e6));
  /* What a busy machine leaves alone: the thread's own time, not the
   * clock's (the pages made ready ahead, on another thread, apart). */
  printf ("  CPU time of taking them (reading and building, the record's writes apart): %.0f ms, %.0f MB/s\n",
          steps.take_cpu, steps.len / 1e6 / (steps.take_cpu / 1e3));
  printf ("peak RSS %.1f MB, PSS after an update at most %.1f MB (the log, mapped to be recorded, counts in both)\n",
          es_bench_peak_rss_mb (), peak_pss);
  steps_close (&steps);
  return 0;
}

static double
mean_of (GArray *values)
{
  double total = 0;

  for (guint i = 0; i < values->len; i++)
    total += g_array_index (values, double, i);
  return total / MAX (values->len, 1);
}

/* Each update's first frame alone, the same every run: the log is
 * recorded into a file @step_mb at a time, each step's bytes taken and
 * the update made and prepared as the follower does (from the update
 * before), then the whole run painted twice, as the window paints a new
 * document and the next frame of the same; the painting thread's CPU
 * time of both. The build runs between the frames, on the same thread:
 * on a quiet machine this is what the painting itself costs, which
 * perf can look at (nothing else runs while the frames are painted). */
static int
bench_first_frames (const char *path)
{
  g_autoptr(GArray) firsts = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) firsts_wall = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) seconds = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(EsDocument) previous = NULL;
  cairo_surface_t *surface;
  glong most_faults = 0, most_second_faults = 0;
  Steps steps;

  if (!steps_open (&steps, path))
    return 1;
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  {
    cairo_t *cr = cairo_create (surface);

    cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
    cairo_paint (cr);
    cairo_destroy (cr);
    es_timeline_warm_text ();
  }
  while (steps_take_next (&steps))
    {
      g_autoptr(EsDocument) document = NULL;
      g_autoptr(GArray) rows = NULL;
      double cpu, wall;
      glong faults;

      if ((document = steps_update (&steps)) == NULL)
        continue;
      es_document_loader_prepare_update (document, previous);
      /* The window lays a document out before its first frame. */
      cpu = es_bench_thread_cpu_ms ();
      wall = g_get_monotonic_time ();
      faults = es_bench_thread_minor_faults ();
      rows = layout_rows (document);
      paint_whole_run (surface, document, rows);
      cpu = es_bench_thread_cpu_ms () - cpu;
      most_faults = MAX (most_faults, es_bench_thread_minor_faults () - faults);
      wall = (g_get_monotonic_time () - wall) / 1e3;
      g_array_append_val (firsts, cpu);
      g_array_append_val (firsts_wall, wall);
      cpu = es_bench_thread_cpu_ms ();
      faults = es_bench_thread_minor_faults ();
      paint_whole_run (surface, document, rows);
      cpu = es_bench_thread_cpu_ms () - cpu;
      most_second_faults = MAX (most_second_faults, es_bench_thread_minor_faults () - faults);
      g_array_append_val (seconds, cpu);
      g_set_object (&previous, document);
    }
  printf ("first frames of %u updates, the painting thread's CPU: %.2f ms mean, %.2f ms p50, %.2f ms worst "
          "(wall %.2f ms p50, %.2f ms worst); at most %ld page faults on it\n",
          firsts->len, mean_of (firsts), percentile (firsts, 0.5), percentile (firsts, 1.0),
          percentile (firsts_wall, 0.5), percentile (firsts_wall, 1.0), most_faults);
  printf ("the next frame of each: %.2f ms mean, %.2f ms p50, %.2f ms worst; at most %ld page faults\n",
          mean_of (seconds), percentile (seconds, 0.5), percentile (seconds, 1.0), most_second_faults);
  cairo_surface_destroy (surface);
  steps_close (&steps);
  return 0;
}

static void
print_pss_peak (const EsBenchPssPeak *at_peak)
{
  printf ("at the peak of PSS: %.1f MB shared (a live log's records, counted whole), malloc %.1f MB in use and %.1f MB held free\n",
          at_peak->shared, at_peak->malloc_in_use, at_peak->malloc_free);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("FILE");
  g_autoptr(GError) error = NULL;
  g_autoptr(GMappedFile) mapped = NULL;
  g_autofree char *dir = NULL, *socket_path = NULL, *spec = NULL, *record = NULL;
  g_autoptr(GSocketAddress) address = NULL;
  g_autoptr(GSocket) listener = NULL;
  g_autoptr(EsLiveFollower) follower = NULL;
  Server server = { 0 };
  Bench bench = { 0 };
  double frame_total = 0, frame_worst = 0, frame_mean, first_frame, seconds, rate, peak_pss;
  EsBenchPssSampler *pss;
  EsBenchPssPeak at_peak = { 0 };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 2)
    {
      g_printerr ("Usage: es-bench-live [--load-only|--updates] FILE%s%s\n", error ? ": " : "", error ? error->message : "");
      return 1;
    }
  if (updates)
    return bench_updates (argv[1]);
  if (first_frames)
    return bench_first_frames (argv[1]);
  if (load_only)
    {
      gint64 t;
      g_autoptr(EsDocument) document = NULL;
      cairo_surface_t *surface;
      g_autoptr(GArray) rows = NULL;

      pss = es_bench_pss_sampler_start ();
      t = g_get_monotonic_time ();
      document = es_document_load_file (argv[1], NULL, NULL, NULL, &error);

      if (document == NULL)
        {
          g_printerr ("es-bench-live: %s\n", error->message);
          return 1;
        }
      t = g_get_monotonic_time () - t;
      /* Shown, as the window shows it: the painter's memory counts in the
       * live figures too. */
      es_document_loader_prepare (document);
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
      rows = layout_rows (document);
      paint_whole_run (surface, document, rows);
      peak_pss = es_bench_pss_sampler_stop (pss, &at_peak);
      printf ("loaded from the file in %.0f ms and painted; peak RSS %.1f MB, peak PSS %.1f MB\n",
              t / 1e3, es_bench_peak_rss_mb (), peak_pss);
      print_pss_peak (&at_peak);
      cairo_surface_destroy (surface);
      return 0;
    }

  /* Mapped here, where its pages are never touched: only the server's
   * process reads them. */
  mapped = g_mapped_file_new (argv[1], FALSE, &error);
  if (mapped == NULL || g_mapped_file_get_length (mapped) == 0)
    {
      g_printerr ("es-bench-live: %s\n", mapped == NULL ? error->message : "the log is empty");
      return 1;
    }
  server.data = g_mapped_file_get_contents (mapped);
  server.len = g_mapped_file_get_length (mapped);

  dir = g_dir_make_tmp ("es-bench-live-XXXXXX", &error);
  g_assert_no_error (error);
  socket_path = g_build_filename (dir, "prog.sock", NULL);
  record = g_build_filename (dir, "record.eventlog", NULL);
  spec = g_strconcat ("unix:", socket_path, NULL);
  address = g_unix_socket_address_new (socket_path);
  listener = g_socket_new (G_SOCKET_FAMILY_UNIX, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_DEFAULT, &error);
  g_assert_no_error (error);
  if (!g_socket_bind (listener, address, TRUE, &error) || !g_socket_listen (listener, &error))
    g_error ("es-bench-live: %s", error->message);
  server.listener = listener;
  start_server (&server);
  g_child_watch_add (server.pid, server_exited_cb, &server);
  pss = es_bench_pss_sampler_start ();

  follower = es_live_follower_new (spec, record, &error);
  g_assert_no_error (error);
  if (limit_mb >= 0)
    es_live_follower_set_memory_limit (follower, (guint64) (limit_mb * (1 << 20)));
  /* As the window tells it the width it will show the log at. */
  es_live_follower_set_frame_width (follower, width - ES_TIMELINE_GUTTER, 1);
  bench = (Bench) { .server = &server, .follower = follower, .loop = g_main_loop_new (NULL, FALSE),
                    .surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height),
                    .frames = g_array_new (FALSE, FALSE, sizeof (double)),
                    .doc_firsts = g_array_new (FALSE, FALSE, sizeof (double)),
                    .frames_cpu = g_array_new (FALSE, FALSE, sizeof (double)),
                    .doc_firsts_cpu = g_array_new (FALSE, FALSE, sizeof (double)),
                    .ticks = g_array_new (FALSE, FALSE, sizeof (double)),
                    .delays = g_array_new (FALSE, FALSE, sizeof (double)) };
  /* What the window did before any log came: it was shown, its surface
   * drawn, and the painter's fonts warmed after its first frame. */
  {
    cairo_t *cr = cairo_create (bench.surface);

    cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
    cairo_paint (cr);
    cairo_destroy (cr);
    es_timeline_warm_text ();
  }
  g_signal_connect_swapped (follower, "updated", G_CALLBACK (updated_cb), &bench);
  g_signal_connect_swapped (follower, "notify::state", G_CALLBACK (state_cb), &bench);
  g_timeout_add (FRAME_MS, frame_cb, &bench);
  es_live_follower_start (follower);
  g_main_loop_run (bench.loop);
  /* A follower that failed may leave the server blocked on a full socket. */
  if (es_live_follower_get_state (follower) != ES_LIVE_FINISHED)
    {
      const GError *failure = es_live_follower_get_error (follower);

      kill (server.pid, SIGKILL);
      g_error ("es-bench-live: following did not finish%s%s", failure != NULL ? ": " : "",
               failure != NULL ? failure->message : "");
    }
  while (!server.ended)
    g_main_context_iteration (NULL, TRUE);
  if (!g_spawn_check_wait_status (server.status, NULL))
    {
      g_autofree char *why = describe_exit (server.status);

      g_error ("es-bench-live: the server failed (%s)", why);
    }
  peak_pss = es_bench_pss_sampler_stop (pss, &at_peak);

  /* The process's first frame apart, as es-bench-frame shows it: it pays
   * what no later frame does (the painter's helper threads started, the
   * heap grown for the frame's columns). The window warmed the painter's
   * fonts before any log came, and so did main(). */
  first_frame = bench.frames->len > 0 ? g_array_index (bench.frames, double, 0) : 0;
  if (bench.frames->len > 0)
    g_array_remove_index (bench.frames, 0);
  for (guint i = 0; i < bench.frames->len; i++)
    {
      frame_total += g_array_index (bench.frames, double, i);
      frame_worst = MAX (frame_worst, g_array_index (bench.frames, double, i));
    }
  frame_mean = frame_total / MAX (bench.frames->len, 1);
  seconds = (bench.final_at - server.times->started) / 1e6;
  rate = server.len / 1e6 / seconds;
  printf ("log: %s, %.1f MB, %" G_GUINT64_FORMAT " events; %u documents built while it came\n", argv[1],
          server.len / 1e6, es_document_get_n_events (es_live_follower_get_document (follower)),
          es_live_follower_get_n_updates (follower));
  printf ("ingest: %.1f MB/s, from the first byte sent to the last document (%.2f s, the last byte sent at %.2f s); "
          "budget %.0f MB/s: %s\n",
          rate, seconds, (server.times->sent[server.times->n_sent - 1] - server.times->started) / 1e6,
          RATE_BUDGET, rate >= RATE_BUDGET ? "met" : "MISSED");
  printf ("delay from bytes sent to painted: p50 %.0f ms, p99 %.0f ms, worst %.0f ms over %u updates; "
          "budget p99 %.0f ms: %s\n",
          percentile (bench.delays, 0.5), percentile (bench.delays, 0.99), percentile (bench.delays, 1.0),
          bench.delays->len, DELAY_BUDGET, percentile (bench.delays, 0.99) <= DELAY_BUDGET ? "met" : "MISSED");
  printf ("frames while it came (whole run, %d x %d, %s): %.2f ms mean, %.2f ms p99, %.2f ms worst over %u, "
          "after a first of %.2f ms; budget %.0f ms mean, %.0f ms worst: %s\n",
          width, height, paint_on_update ? "painted as each document came" : "painted every 16 ms", frame_mean, percentile (bench.frames, 0.99), frame_worst, bench.frames->len, first_frame,
          FRAME_BUDGET, 2 * FRAME_BUDGET, frame_mean <= FRAME_BUDGET && frame_worst <= 2 * FRAME_BUDGET ? "met" : "MISSED");
  printf ("  CPU time of the painting thread (its helpers' apart): %.2f ms mean, %.2f ms worst, the first %.2f ms\n",
          mean_of (bench.frames_cpu), percentile (bench.frames_cpu, 1.0), bench.first_cpu);
  printf ("first frame of each new document while following (the first document's included): %.2f ms p50, %.2f ms worst over %u; budget %.0f ms: %s\n"
          "  CPU time of the painting thread %.2f ms p50, %.2f ms worst; at most %ld page faults on it\n",
          percentile (bench.doc_firsts, 0.5), percentile (bench.doc_firsts, 1.0), bench.doc_firsts->len,
          2 * FRAME_BUDGET, percentile (bench.doc_firsts, 1.0) <= 2 * FRAME_BUDGET ? "met" : "MISSED",
          percentile (bench.doc_firsts_cpu, 0.5), percentile (bench.doc_firsts_cpu, 1.0), bench.doc_first_faults);
  if (!paint_on_update)
    printf ("frame ticks (one every %d ms, later when the main loop is busy between frames): p99 %.1f ms, worst %.1f ms\n",
            FRAME_MS, percentile (bench.ticks, 0.99), percentile (bench.ticks, 1.0));
  printf ("peak RSS %.1f MB (%.2f times the log), peak PSS %.1f MB (%.2f times); compare: es-bench-live --load-only %s\n",
          es_bench_peak_rss_mb (), es_bench_peak_rss_mb () / (server.len / 1e6), peak_pss,
          peak_pss / (server.len / 1e6), argv[1]);
  print_pss_peak (&at_peak);

  g_clear_object (&follower);
  g_unlink (record);
  g_unlink (socket_path);
  g_rmdir (dir);
  munmap (server.times, times_size (&server));
  return 0;
}
