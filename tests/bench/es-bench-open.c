/* es-bench-open.c: from "open this file" to the timeline on screen
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Opens a log in a real window (run it under xvfb-run, with
 * GSK_RENDERER=cairo as a machine without a GPU would) and prints the time
 * until the timeline page shows and until its first frame is drawn, and the
 * memory at each step: the window alone, the document loaded, the first
 * frame, a second later (what the window builds after its first frame), and
 * with --events the event list's index. The budget (DESIGN.md) is on the
 * peak RSS (VmHWM) against the file's size. With --threads, it then opens
 * the Threads section and times the frames the main thread paints until
 * the thread rows' states are in: the first, the worst, and when they
 * came (the budget is 16 ms for any frame), with the main thread's CPU
 * time and page faults in each (a frame that paints into memory no frame
 * touched before takes one for each page of it). With --pages, it shows every
 * page of the window's notebooks in turn (the sidebar's and the panels'),
 * times the frames each one's showing costs and the main thread's
 * busiest turn of its main loop (a handler between two frames delays the
 * next as much as a slow frame does), and waits for the Events page's
 * index: the memory at the end is the window's with every page shown,
 * DESIGN.md's case.
 */

/* RUSAGE_THREAD */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#ifdef __GLIBC__
# include <malloc.h>
#endif

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "es-application.h"
#include "es-bench-util.h"
#include "es-event-list.h"
#include "es-timeline.h"
#include "es-timeline-rows.h"
#include "es-window.h"

static gboolean with_events;
static gboolean with_threads;
static gboolean with_pages;
static gboolean memory_each_frame;
static double   settle_seconds = 1;

static const GOptionEntry entries[] = {
  { "events", 'e', 0, G_OPTION_ARG_NONE, &with_events, "Also show the Events page and wait for its index", NULL },
  { "settle", 's', 0, G_OPTION_ARG_DOUBLE, &settle_seconds, "Seconds to run after the first frame (default 1)", "S" },
  { "threads", 't', 0, G_OPTION_ARG_NONE, &with_threads, "Then open the Threads section and time its frames", NULL },
  { "pages", 'p', 0, G_OPTION_ARG_NONE, &with_pages, "Then show every page of the window in turn, timing the frames of each", NULL },
  { "memory-each-frame", 'm', 0, G_OPTION_ARG_NONE, &memory_each_frame,
    "With --threads: where the resident memory is after each frame of the opening, to see where the peak forms", NULL },
  { NULL }
};

typedef struct
{
  gint64     start;
  gint64     shown;
  gint64     drawn;
  GtkWidget *rows;
} Timing;

static double file_mb;

static void
after_paint_cb (GdkFrameClock *clock,
                Timing        *timing)
{
  if (timing->shown != 0 && timing->drawn == 0 && gtk_widget_get_mapped (timing->rows))
    timing->drawn = g_get_monotonic_time ();
}

/* The main thread's frames, from the frame clock's before-paint (layout
 * and painting follow) to its after-paint. */
typedef struct
{
  gboolean timing;
  gint64   frame_start;
  double   frame_start_cpu;
  guint    n_frames;
  double   first_ms, worst_ms;
  double   first_cpu_ms, worst_cpu_ms;   /* the main thread's own, without other processes' turns */
  long     frame_start_faults;
  GString *each;      /* every frame's ms */
  GString *each_cpu;  /* and the main thread's CPU ms in it */
  GString *each_faults;  /* and the main thread's page faults in it */
} FrameTimes;

/* The page faults the calling thread has taken: a frame that paints into
 * memory no frame touched before (a larger buffer, a fresh block of the X
 * server's shared image) takes one for each of its pages. */
static long
thread_page_faults (void)
{
#ifdef RUSAGE_THREAD
  struct rusage usage;

  if (getrusage (RUSAGE_THREAD, &usage) == 0)
    return usage.ru_minflt + usage.ru_majflt;
#endif
  return 0;
}

static void
frame_start_cb (GdkFrameClock *clock,
                FrameTimes    *times)
{
  times->frame_start = g_get_monotonic_time ();
  times->frame_start_cpu = es_bench_thread_cpu_ms ();
  times->frame_start_faults = thread_page_faults ();
}

static void print_where (void);

static void
frame_end_cb (GdkFrameClock *clock,
              FrameTimes    *times)
{
  double ms, cpu_ms;

  if (!times->timing || times->frame_start == 0)
    return;
  ms = (g_get_monotonic_time () - times->frame_start) / 1e3;
  cpu_ms = es_bench_thread_cpu_ms () - times->frame_start_cpu;
  if (times->n_frames++ == 0)
    {
      times->first_ms = ms;
      times->first_cpu_ms = cpu_ms;
    }
  times->worst_cpu_ms = MAX (times->worst_cpu_ms, cpu_ms);
  g_string_append_printf (times->each, "%s%.1f", times->each->len > 0 ? " " : "", ms);
  if (times->each_cpu != NULL)
    g_string_append_printf (times->each_cpu, "%s%.1f", times->each_cpu->len > 0 ? " " : "", cpu_ms);
  if (times->each_faults != NULL)
    g_string_append_printf (times->each_faults, "%s%ld", times->each_faults->len > 0 ? " " : "",
                            thread_page_faults () - times->frame_start_faults);
  times->worst_ms = MAX (times->worst_ms, ms);
  /* After the timing: reading smaps takes a millisecond or two. */
  if (memory_each_frame && times->each_cpu != NULL)
    {
      printf ("    after frame %u: RSS %.1f MB, peak %.1f MB\n", times->n_frames, es_bench_status_mb ("VmRSS"),
              es_bench_status_mb ("VmHWM"));
      print_where ();
    }
}

/* Opens the Threads section and runs until the thread rows' states are
 * in and painted, timing each frame. */
static gboolean
open_threads (EsWindow *window)
{
  EsTimelineRows *rows = es_timeline_get_rows (es_window_get_timeline (window));
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  FrameTimes times = { 0 };
  g_autoptr(GString) each = g_string_new (NULL);
  g_autoptr(GString) each_cpu = g_string_new (NULL);
  g_autoptr(GString) each_faults = g_string_new (NULL);
  gulong start_handler, end_handler;
  guint kinds, frames_when_made = 0;
  gint64 start, made = 0, deadline;

  times.each = each;
  start_handler = g_signal_connect (clock, "before-paint", G_CALLBACK (frame_start_cb), &times);
  end_handler = g_signal_connect (clock, "after-paint", G_CALLBACK (frame_end_cb), &times);
  kinds = es_timeline_rows_get_visible_kinds (rows);
  /* What a frame of this window costs with the section closed: the
   * figures below are against it. */
  times.timing = TRUE;
  for (guint f = 0; f < 3; f++)
    {
      guint before = times.n_frames;

      gtk_widget_queue_draw (GTK_WIDGET (rows));
      for (deadline = g_get_monotonic_time () + G_USEC_PER_SEC; times.n_frames == before && g_get_monotonic_time () < deadline;)
        {
          while (g_main_context_iteration (NULL, FALSE))
            ;
          g_usleep (1000);
        }
    }
  printf ("  the section closed, a frame redrawn: %s ms\n", each->str);
  g_string_truncate (each, 0);
  times = (FrameTimes) { .timing = TRUE, .each = each, .each_cpu = each_cpu, .each_faults = each_faults };
  start = g_get_monotonic_time ();
  deadline = start + 60 * G_USEC_PER_SEC;
  es_timeline_rows_set_visible_kinds (rows, kinds | (1u << ES_ROW_THREAD));
  while (g_get_monotonic_time () < deadline)
    {
      EsThreadStateCache *cache = es_timeline_rows_get_thread_states (rows);

      while (g_main_context_iteration (NULL, FALSE))
        ;
      if (made == 0 && times.n_frames > 0 && !es_thread_state_cache_is_making (cache))
        {
          made = g_get_monotonic_time ();
          frames_when_made = times.n_frames;
        }
      /* The frame that paints them, if one comes within a second. */
      if (made != 0 && (times.n_frames > frames_when_made || g_get_monotonic_time () - made > G_USEC_PER_SEC))
        break;
      g_usleep (1000);
    }
  g_signal_handler_disconnect (clock, start_handler);
  g_signal_handler_disconnect (clock, end_handler);
  printf ("  Threads section opened: first frame %.2f ms (CPU %.2f); %u frames until the states of %u threads were in, "
          "%.0f ms after; worst frame %.2f ms (CPU %.2f; budget 16 ms); each: %s ms (CPU %s; page faults %s)\n",
          times.first_ms, times.first_cpu_ms, frames_when_made,
          es_thread_state_cache_get_n_threads (es_timeline_rows_get_thread_states (rows)),
          made != 0 ? (made - start) / 1e3 : -1.0, times.worst_ms, times.worst_cpu_ms, each->str, each_cpu->str,
          each_faults->str);
  return made != 0;
}

/* Where the resident memory is, from /proc/self/smaps: the main heap,
 * the heaps glibc gives other threads (64 MB-aligned reservations), other
 * anonymous mappings (the document's large vectors and big blocks), shared
 * memory (the X server's image of the window) and mapped files (libraries,
 * the log while read). */
static void
print_where (void)
{
  g_autofree char *smaps = NULL;
  g_auto(GStrv) lines = NULL;
  double heap = 0, thread_heaps = 0, mappings = 0, shared = 0, files = 0, *into = &files;

  if (!g_file_get_contents ("/proc/self/smaps", &smaps, NULL, NULL))
    return;
  lines = g_strsplit (smaps, "\n", -1);
  for (char **line = lines; *line != NULL; line++)
    {
      guint64 start, end;
      char name[256] = "";

      if (sscanf (*line, "%" G_GINT64_MODIFIER "x-%" G_GINT64_MODIFIER "x %*s %*s %*s %*s %255s",
                  &start, &end, name) >= 2 && strchr (*line, '-') < strchr (*line, ' '))
        {
          if (g_str_equal (name, "[heap]"))
            into = &heap;
          else if (name[0] == '\0' && start % (64 << 20) == 0 && end - start <= (64 << 20))
            into = &thread_heaps;
          else if (name[0] == '\0')
            into = &mappings;
          else if (g_str_has_prefix (name, "/SYSV"))
            into = &shared;
          else
            into = &files;
        }
      else if (g_str_has_prefix (*line, "Rss:"))
        *into += g_ascii_strtod (*line + 4, NULL) * 1024 / 1e6;
    }
  printf ("  %-28s heap %5.1f, thread heaps %5.1f, mappings %5.1f, shared %4.1f, files %5.1f MB\n", "",
          heap, thread_heaps, mappings, shared, files);
#ifdef __GLIBC__
  {
    /* What malloc's arenas hold: in use (chunks and its own mappings), and
     * free but kept, resident where it was touched. */
    struct mallinfo2 info = mallinfo2 ();

    printf ("  %-28s malloc: %5.1f MB in use, %5.1f MB held free\n", "", (info.uordblks + info.hblkhd) / 1e6,
            info.fordblks / 1e6);
  }
#endif
}

/* One line of the breakdown: resident now (anonymous and mapped files
 * apart) and the peak so far, then where it is. */
static void
print_memory (const char *step)
{
  printf ("  %-28s RSS %6.1f MB (anon %6.1f, file %6.1f)   peak %6.1f MB = %.2f x the log\n", step,
          es_bench_status_mb ("VmRSS"), es_bench_status_mb ("RssAnon"), es_bench_status_mb ("RssFile"),
          es_bench_status_mb ("VmHWM"), es_bench_status_mb ("VmHWM") / file_mb);
  print_where ();
  if (g_getenv ("ES_BENCH_SMAPS") != NULL)
    {
      g_autofree char *smaps = NULL;
      g_autofree char *name = g_strdup_printf ("%s/%s.smaps", g_getenv ("ES_BENCH_SMAPS"), step);

      if (g_file_get_contents ("/proc/self/smaps", &smaps, NULL, NULL))
        g_file_set_contents (name, smaps, -1, NULL);
    }
}

/* The main thread's longest turn of the main loop (its CPU time) while
 * pages are shown: a frame, or what runs between two, such as a handler
 * that a frame then waits for. Frames alone do not show those. */
static double busiest_turn_ms;

static gboolean
turn (gboolean may_block)
{
  double cpu = es_bench_thread_cpu_ms ();
  gboolean dispatched = g_main_context_iteration (NULL, may_block);

  busiest_turn_ms = MAX (busiest_turn_ms, es_bench_thread_cpu_ms () - cpu);
  return dispatched;
}

static void
run_for (double seconds)
{
  gint64 until = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);

  while (g_get_monotonic_time () < until)
    {
      while (turn (FALSE))
        ;
      g_usleep (2000);
    }
}

static GtkWidget *
find_widget_of_type (GtkWidget *widget,
                     GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget_of_type (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
wait_for_events (EsWindow *window)
{
  GtkWidget *list = find_widget_of_type (GTK_WIDGET (window), ES_TYPE_EVENT_LIST);
  gint64 start = g_get_monotonic_time ();
  gint64 deadline = start + 120 * G_USEC_PER_SEC;

  if (list == NULL || !gtk_widget_activate_action (GTK_WIDGET (window), "win.find-event", NULL))
    return FALSE;
  while (g_list_model_get_n_items (es_event_list_get_model (ES_EVENT_LIST (list))) == 0 &&
         g_get_monotonic_time () < deadline)
    turn (TRUE);
  run_for (0.2);
  printf ("  events listed after %.0f ms (%u rows)\n", (g_get_monotonic_time () - start) / 1e3,
          g_list_model_get_n_items (es_event_list_get_model (ES_EVENT_LIST (list))));
  return g_list_model_get_n_items (es_event_list_get_model (ES_EVENT_LIST (list))) > 0;
}

static void
collect_notebooks (GtkWidget *widget,
                   GPtrArray *notebooks)
{
  if (GTK_IS_NOTEBOOK (widget))
    g_ptr_array_add (notebooks, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_notebooks (child, notebooks);
}

static const char *
page_title (GtkNotebook *notebook,
            GtkWidget   *page)
{
  GtkWidget *tab = gtk_notebook_get_tab_label (notebook, page);

  return GTK_IS_LABEL (tab) ? gtk_label_get_text (GTK_LABEL (tab)) : "(page)";
}

/* Shows each page of each notebook the window has, as a click on its tab
 * does, and runs for a second (until the Events page's index is in, for
 * that one), timing every frame painted meanwhile. Returns the worst. */
static double
visit_pages (EsWindow *window)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  g_autoptr(GPtrArray) notebooks = g_ptr_array_new ();
  g_autoptr(GString) each = g_string_new (NULL);
  FrameTimes times = { 0 };
  gulong start_handler, end_handler;
  double worst = 0, busiest = 0;

  collect_notebooks (GTK_WIDGET (window), notebooks);
  start_handler = g_signal_connect (clock, "before-paint", G_CALLBACK (frame_start_cb), &times);
  end_handler = g_signal_connect (clock, "after-paint", G_CALLBACK (frame_end_cb), &times);
  for (guint n = 0; n < notebooks->len; n++)
    {
      GtkNotebook *notebook = g_ptr_array_index (notebooks, n);

      for (int i = 0; i < gtk_notebook_get_n_pages (notebook); i++)
        {
          GtkWidget *page = gtk_notebook_get_nth_page (notebook, i);
          gboolean is_events = find_widget_of_type (page, ES_TYPE_EVENT_LIST) != NULL;

          if (!gtk_widget_get_visible (page))
            continue;
          g_string_truncate (each, 0);
          times = (FrameTimes) { .timing = TRUE, .each = each };
          busiest_turn_ms = 0;
          gtk_notebook_set_current_page (notebook, i);
          if (is_events)
            wait_for_events (window);
          run_for (1.0);
          printf ("  page %-18s %3u frames, first %6.2f ms (CPU %6.2f), worst %6.2f ms (CPU %6.2f; budget 16 ms); "
                  "busiest main-loop turn %.2f ms CPU; RSS %.1f MB, peak %.1f MB; each: %s ms\n",
                  page_title (notebook, page), times.n_frames, times.first_ms, times.first_cpu_ms, times.worst_ms,
                  times.worst_cpu_ms, busiest_turn_ms, es_bench_status_mb ("VmRSS"), es_bench_status_mb ("VmHWM"), each->str);
          worst = MAX (worst, times.worst_ms);
          busiest = MAX (busiest, busiest_turn_ms);
        }
    }
  g_signal_handler_disconnect (clock, start_handler);
  g_signal_handler_disconnect (clock, end_handler);
  printf ("busiest main-loop turn of a page shown: %.2f ms CPU\n", busiest);
  return worst;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("FILE.eventlog");
  g_autoptr(GError) error = NULL;
  g_autoptr(EsApplication) app = NULL;
  g_autoptr(GFile) file = NULL;
  Timing timing = { 0 };
  EsWindow *window;
  gint64 deadline;
  gboolean ok;
  GStatBuf st;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 2)
    {
      g_printerr ("Usage: GSK_RENDERER=cairo xvfb-run -a es-bench-open [--events] [--threads [--memory-each-frame]] [--pages] FILE.eventlog%s%s\n",
                  error ? ": " : "", error ? error->message : "");
      return 1;
    }
  if (g_stat (argv[1], &st) != 0 || st.st_size == 0)
    {
      g_printerr ("es-bench-open: cannot stat %s\n", argv[1]);
      return 1;
    }
  file_mb = st.st_size / 1e6;
  /* As main() does: the application first, which chooses how GTK starts. */
  app = es_application_new ();
  if (!gtk_init_check ())
    {
      g_printerr ("es-bench-open: no display (run it under xvfb-run)\n");
      return 1;
    }
  g_application_register (G_APPLICATION (app), NULL, NULL);
  window = es_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1600, 1000);
  gtk_window_present (GTK_WINDOW (window));
  run_for (0.2);

  printf ("%s: %.1f MB\n", argv[1], file_mb);
  print_memory ("window, no log");

  timing.rows = GTK_WIDGET (es_timeline_get_rows (es_window_get_timeline (window)));
  g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (window)), "after-paint",
                    G_CALLBACK (after_paint_cb), &timing);

  file = g_file_new_for_commandline_arg (argv[1]);
  timing.start = g_get_monotonic_time ();
  es_window_open_file (window, file);
  deadline = timing.start + 60 * G_USEC_PER_SEC;
  while (timing.drawn == 0 && g_get_monotonic_time () < deadline)
    {
      g_main_context_iteration (NULL, TRUE);
      if (timing.shown == 0 && es_window_get_session (window) != NULL)
        {
          timing.shown = g_get_monotonic_time ();
          print_memory ("document loaded");
        }
    }
  ok = timing.drawn != 0;
  if (ok)
    print_memory ("first frame");
  run_for (settle_seconds);
  print_memory ("first frame + settle");
  if (ok && with_threads)
    {
      ok = open_threads (window);
      print_memory ("threads open");
    }
  if (ok && with_pages)
    {
      double worst = visit_pages (window);

      print_memory ("every page shown");
      printf ("worst frame of a page shown: %.2f ms; budget 16 ms: %s\n", worst, worst <= 16 ? "met" : "MISSED");
    }
  if (ok && with_events && !with_pages)
    {
      ok = wait_for_events (window);
      print_memory ("events listed");
    }

  printf ("timeline shown after %.0f ms, first frame drawn after %.0f ms\n",
          (timing.shown - timing.start) / 1e3, (timing.drawn - timing.start) / 1e3);
  printf ("peak RSS: %.1f MB = %.2f x the log\n", es_bench_status_mb ("VmHWM"),
          es_bench_status_mb ("VmHWM") / file_mb);
  gtk_window_destroy (GTK_WINDOW (window));
  return ok ? 0 : 1;
}
