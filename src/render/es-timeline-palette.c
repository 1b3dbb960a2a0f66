/* es-timeline-palette.c: the timeline's colours, one palette per theme
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "es-timeline-painter.h"

/* The one place the timeline's colours are: the painter draws with them
 * (on screen and in exports), and the Key shows them, in the theme the
 * timeline is drawn in. The dark theme's Running is a deeper green than
 * its other colours are bright: the thread ids and HEC numbers written on
 * it stay white, as they are on the light theme's. */

typedef struct
{
  guint32 light;
  guint32 dark;
  const char *name;
} ColorEntry;

static const ColorEntry colors[ES_N_COLORS] = {
  [ES_COLOR_RUNNING]           = { 0x006600, 0x268426, N_("Running") },
  [ES_COLOR_GC]                = { 0xe07000, 0xf07c10, N_("GC") },
  [ES_COLOR_GC_WAITING]        = { 0xe0d0b0, 0x9a8a68, N_("GC waiting") },
  /* Mono's runtime holding its threads at exit: no GC's orange or beige,
   * and written on (es_paint_cap_row()). */
  [ES_COLOR_EXIT_SUSPEND]      = { 0x5e4fa2, 0x9d8ff0, N_("Runtime suspending threads at exit") },
  /* Idle is not drawn: the background shows through. */
  [ES_COLOR_IDLE]              = { 0xffffff, 0x1e1e1e, N_("Idle") },
  [ES_COLOR_ACTIVITY]          = { 0x006600, 0x268426, N_("Activity") },
  [ES_COLOR_THREAD_CREATED]    = { 0x5aa9f0, 0x7cbcff, N_("Thread created") },
  [ES_COLOR_GC_REQUEST]        = { 0x1020d0, 0x6a86ff, N_("GC requested") },
  [ES_COLOR_MIGRATE]           = { 0x990000, 0xe05050, N_("Thread migrated") },
  [ES_COLOR_WAKEUP]            = { 0x00b000, 0x9cf09c, N_("Thread woken") },
  [ES_COLOR_USER_MESSAGE]      = { 0x8b1a3a, 0xff6f91, N_("User message") },
  /* Its labels are written in it, on the background. */
  [ES_COLOR_MARKER]            = { 0xb000b0, 0xff40ff, N_("Marker") },
  [ES_COLOR_SPARK_CREATED]     = { 0x00a000, 0x40c840, N_("Sparks created") },
  [ES_COLOR_SPARK_DUD]         = { 0x9a9a9a, 0x8a8a8a, N_("Sparks dud") },
  [ES_COLOR_SPARK_OVERFLOWED]  = { 0xe00000, 0xff4848, N_("Sparks overflowed") },
  [ES_COLOR_SPARK_CONVERTED]   = { 0x00a000, 0x40c840, N_("Sparks converted") },
  [ES_COLOR_SPARK_FIZZLED]     = { 0x9a9a9a, 0x8a8a8a, N_("Sparks fizzled") },
  [ES_COLOR_SPARK_GCED]        = { 0xe07000, 0xf07c10, N_("Sparks GC'd") },
  [ES_COLOR_SPARK_POOL]        = { 0xc4c4c4, 0x6a6a6a, N_("Spark pool") },
  [ES_COLOR_HEAP_SIZE]         = { 0x1c5fd0, 0x5b9bff, N_("Heap size") },
  [ES_COLOR_HEAP_LIVE]         = { 0x9030b0, 0xc878e8, N_("Live data") },
  [ES_COLOR_ALLOC_RATE]        = { 0x008080, 0x30c0c0, N_("Allocation rate") },
  [ES_COLOR_COUNTER]           = { 0x9c6d00, 0xe5b85c, N_("Runtime counter") },
  [ES_COLOR_SPAN]              = { 0x4a6fa5, 0x7fa3d9, N_("Span") },
  [ES_COLOR_THREAD_RUNNABLE]   = { 0xb4cce4, 0x4f6a86, N_("Thread runnable") },
  [ES_COLOR_BLOCKED_MVAR]      = { 0xc01c28, 0xf66151, N_("Blocked on an MVar") },
  [ES_COLOR_BLOCKED_BLACK_HOLE] = { 0x3d3846, 0xb0aab8, N_("Blocked on a black hole") },
  [ES_COLOR_BLOCKED_STM]       = { 0x813d9c, 0xc061cb, N_("Blocked in STM") },
  [ES_COLOR_BLOCKED_IO]        = { 0x1a5fb4, 0x62a0ea, N_("Blocked on I/O") },
  [ES_COLOR_BLOCKED_DELAY]     = { 0xc88800, 0xf5c211, N_("Blocked on a delay") },
  [ES_COLOR_BLOCKED_FOREIGN_CALL] = { 0x865e3c, 0xcdab8f, N_("In a foreign call") },
  [ES_COLOR_BLOCKED_OTHER]     = { 0x9a9996, 0x77767b, N_("Blocked, other") },
  [ES_COLOR_THREAD_SELECTED]   = { 0xf6d32d, 0xf8e45c, N_("Selected thread") },
  [ES_COLOR_BOOKMARK]          = { 0xc01c28, 0xff7b63, N_("Bookmark") },
  [ES_COLOR_PROFILE_CHOSEN]    = { 0xe500e5, 0xf66cf6, N_("Chosen cost centre") },
  [ES_COLOR_TEXT]              = { 0x202020, 0xe6e6e6, N_("Text") },
  [ES_COLOR_GRID]              = { 0xd6d6d6, 0x3c3c3c, N_("Grid") },
};

/* What the painter writes on a bar of a colour, in each theme: at least
 * 4.5:1 against it (WCAG 2.x, AA for text; test-render-palette computes
 * it), which white on the dark theme's lighter bars is not. */
static const struct
{
  EsColor ground;
  guint32 light;
  guint32 dark;
} text_on[] = {
  { ES_COLOR_RUNNING, 0xffffff, 0xffffff },     /* thread ids, HEC numbers */
  { ES_COLOR_SPAN, 0xffffff, 0x1e1e1e },        /* span names */
  { ES_COLOR_BOOKMARK, 0xffffff, 0x1e1e1e },    /* bookmark names on their flags */
  { ES_COLOR_EXIT_SUSPEND, 0xffffff, 0x1e1e1e }, /* what the suspend at exit is */
};

/* 0xRRGGBB, opaque: how the painters' tables write their colours. */
void
es_rgba_from_rgb (guint32  rgb,
                  EsRgba  *rgba)
{
  rgba->red = ((rgb >> 16) & 0xff) / 255.0;
  rgba->green = ((rgb >> 8) & 0xff) / 255.0;
  rgba->blue = (rgb & 0xff) / 255.0;
  rgba->alpha = 1.0;
}

void
es_timeline_color (EsColor   color,
                   gboolean  dark,
                   EsRgba   *rgba)
{
  g_return_if_fail (color < ES_N_COLORS);
  g_return_if_fail (rgba != NULL);

  es_rgba_from_rgb (dark ? colors[color].dark : colors[color].light, rgba);
}

/**
 * es_timeline_text_color:
 * @ground: the colour of a bar
 *
 * The colour of what the painter writes on a bar of @ground.
 *
 * Returns: %FALSE (and @rgba untouched) if it writes nothing on @ground
 */
gboolean
es_timeline_text_color (EsColor   ground,
                        gboolean  dark,
                        EsRgba   *rgba)
{
  g_return_val_if_fail (ground < ES_N_COLORS, FALSE);
  g_return_val_if_fail (rgba != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (text_on); i++)
    if (text_on[i].ground == ground)
      {
        es_rgba_from_rgb (dark ? text_on[i].dark : text_on[i].light, rgba);
        return TRUE;
      }
  return FALSE;
}

/* For a Key panel: what the colour means, in a few words. */
const char *
es_timeline_color_name (EsColor color)
{
  g_return_val_if_fail (color < ES_N_COLORS, NULL);

  return _(colors[color].name);
}
