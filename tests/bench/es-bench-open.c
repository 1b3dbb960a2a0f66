/* es-bench-open.c: from "open this file" to the timeline on screen
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Opens a log in a real window (run it under xvfb-run) and prints the time
 * until the timeline page shows and until its first frame is drawn.
 */

#include "config.h"

#include <stdio.h>

#include <gtk/gtk.h>

#include "es-application.h"
#include "es-window.h"

typedef struct
{
  gint64     start;
  gint64     shown;
  gint64     drawn;
  GtkWidget *rows;
} Timing;

static void
after_paint_cb (GdkFrameClock *clock,
                Timing        *timing)
{
  if (timing->shown != 0 && timing->drawn == 0 && gtk_widget_get_mapped (timing->rows))
    timing->drawn = g_get_monotonic_time ();
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(EsApplication) app = NULL;
  g_autoptr(GFile) file = NULL;
  Timing timing = { 0 };
  EsWindow *window;
  gint64 deadline;

  if (argc != 2)
    {
      g_printerr ("Usage: xvfb-run es-bench-open FILE.eventlog\n");
      return 1;
    }
  if (!gtk_init_check ())
    {
      g_printerr ("es-bench-open: no display (run it under xvfb-run)\n");
      return 1;
    }
  app = es_application_new ();
  g_application_register (G_APPLICATION (app), NULL, NULL);
  window = es_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1600, 1000);
  gtk_window_present (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;

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
        timing.shown = g_get_monotonic_time ();
    }

  printf ("%s: timeline shown after %.0f ms, first frame drawn after %.0f ms\n", argv[1],
          (timing.shown - timing.start) / 1e3, (timing.drawn - timing.start) / 1e3);
  gtk_window_destroy (GTK_WINDOW (window));
  return timing.drawn != 0 ? 0 : 1;
}
