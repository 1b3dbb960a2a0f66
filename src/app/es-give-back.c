/* es-give-back.c: the memory a page's first frames freed, given back
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-give-back.h"
#include "es-vec.h"

/* A page shown for the first time makes its rows' widgets, then styles,
 * measures and draws them; what that allocates and frees on the way (the
 * Events page's first frames, some 7 MB) stays in glibc's main heap,
 * resident: once a log is loaded, the heap's top is not trimmed on its own
 * (es-document-load.c raises the trim threshold, so that each frame's
 * buffers are not faulted in afresh), and frees within the heap never are.
 * The next page then grows the heap from there. So once a page has drawn
 * its first frame, the free pages are given back, at low priority after
 * the frame: on the 86 MB ping-pong log with every page shown, the peak
 * goes from 1.48-1.50 to 1.45-1.47 times the log. A trim costs a walk over the
 * heap's free blocks: 0.15-0.9 ms for the window's. */

#define WAITING_KEY "es-give-back-waiting"
#define SETTLE_MS   700

static guint trim_source;

static gboolean
trim_cb (gpointer data)
{
  trim_source = 0;
  es_give_back_freed_memory ();
  return G_SOURCE_REMOVE;
}

static void
schedule_trim (void)
{
  if (trim_source == 0)
    trim_source = g_idle_add_full (G_PRIORITY_LOW, trim_cb, NULL, NULL);
}

static void
after_paint_cb (GdkFrameClock *clock,
                gpointer       data)
{
  g_signal_handlers_disconnect_by_func (clock, after_paint_cb, data);
  g_object_set_data (G_OBJECT (clock), WAITING_KEY, NULL);
  schedule_trim ();
}

/**
 * es_give_back_after_frame:
 *
 * Gives the heap's free pages back to the system once @widget's next frame
 * is drawn (at once if it has no frame clock): after a first frame that
 * made and dropped much, as a page's first showing does.
 */
void
es_give_back_after_frame (GtkWidget *widget)
{
  GdkFrameClock *clock;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  clock = gtk_widget_get_frame_clock (widget);
  if (clock == NULL)
    {
      schedule_trim ();
      return;
    }
  /* Once per frame, however many pages changed before it. */
  if (g_object_get_data (G_OBJECT (clock), WAITING_KEY) != NULL)
    return;
  g_object_set_data (G_OBJECT (clock), WAITING_KEY, GINT_TO_POINTER (TRUE));
  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), NULL);
}

static guint settle_source;

static gboolean
settled_cb (gpointer data)
{
  settle_source = 0;
  schedule_trim ();
  return G_SOURCE_REMOVE;
}

static void
switch_page_cb (GtkNotebook *notebook,
                GtkWidget   *page,
                guint        page_num,
                gpointer     data)
{
  es_give_back_after_frame (GTK_WIDGET (notebook));
  /* A page's rows may come over many frames (the Events page's, as its
   * index is built): what those freed goes back once it has settled. */
  g_clear_handle_id (&settle_source, g_source_remove);
  settle_source = g_timeout_add_full (G_PRIORITY_LOW, SETTLE_MS, settled_cb, NULL, NULL);
}

/* Each page of @notebook, once shown and drawn, gives back what it freed. */
void
es_give_back_on_page_switches (GtkNotebook *notebook)
{
  g_return_if_fail (GTK_IS_NOTEBOOK (notebook));

  g_signal_connect (notebook, "switch-page", G_CALLBACK (switch_page_cb), NULL);
}
