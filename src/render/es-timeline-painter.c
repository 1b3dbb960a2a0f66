/* es-timeline-painter.c: the timeline drawn with Cairo, for screen and export
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "es-document-prof.h"
#include "es-timeline-painter-private.h"

/* This file holds colours, the layout of rows, time <-> x, the gutter
 * labels and the order of a frame: es-timeline-columns.c queries the
 * columns, es-timeline-ruler.c draws the ruler and the markers,
 * es-timeline-bookmarks.c the user's bookmarks,
 * es-timeline-graphs.c the data rows, through es-timeline-canvas.c. It is
 * all Cairo and Pango, so that the GTK widget and the command line export
 * draw the same pixels. The colours are es-timeline-palette.c's. */

#define ROW_HEIGHT_RULER     28
#define ROW_HEIGHT_ACTIVITY  60
#define ROW_HEIGHT_CAP       36
#define ROW_HEIGHT_SPARKS    40
#define ROW_HEIGHT_HEAP      80
#define ROW_HEIGHT_SPANS     40
#define ROW_HEIGHT_HEAP_PROFILE 120
#define ROW_HEIGHT_THREADS   22
#define ROW_HEIGHT_THREAD    18
#define ROW_HEIGHT_COUNTER   50

/* Cap row bands, from the row's top: running above, GC below (ThreadScope
 * draws both full height; splitting them keeps a GC visible when it
 * shares a pixel column with running code). */
#define CAP_RUNNING_TOP      5
#define CAP_RUNNING_HEIGHT   19
#define CAP_GC_TOP           24
#define CAP_GC_HEIGHT        9


static void
append_row (GArray    *rows,
            int       *y,
            guint32    visible_kinds,
            EsRowKind  kind,
            guint      cap,
            int        height)
{
  EsTimelineRow row = { kind, cap, *y, height, 0 };

  if (!(visible_kinds & (1u << kind)))
    return;
  g_array_append_val (rows, row);
  *y += height;
}

/**
 * es_timeline_layout:
 * @visible_kinds: a bitmask of 1 << EsRowKind
 *
 * Returns: (transfer full): the visible rows top to bottom, each cap's HEC
 *   row followed by its spark rows; the Spans, Profile and Heap profile
 *   rows only for a log that has spans, cost-centre samples or a heap
 *   profile.
 */
GArray *
es_timeline_layout (EsDocument *document,
                    guint32     visible_kinds)
{
  return es_timeline_layout_with_counters (document, visible_kinds, NULL);
}

/**
 * es_timeline_layout_with_counters:
 * @counters: (nullable) (element-type guint): the runtime counters to show,
 *   as indexes into @document's, each a row under the Heap row in this
 *   order (es_timeline_choose_counters())
 *
 * es_timeline_layout() with a row for each counter of @counters that
 * @document has.
 *
 * Returns: (transfer full): the visible rows top to bottom
 */
GArray *
es_timeline_layout_with_counters (EsDocument *document,
                                  guint32     visible_kinds,
                                  GArray     *counters)
{
  GArray *rows;
  guint n_caps;
  int y = 0;

  g_return_val_if_fail (ES_IS_DOCUMENT (document), NULL);

  rows = g_array_new (FALSE, FALSE, sizeof (EsTimelineRow));
  n_caps = es_document_get_n_caps (document);
  append_row (rows, &y, visible_kinds, ES_ROW_RULER, 0, ROW_HEIGHT_RULER);
  append_row (rows, &y, visible_kinds, ES_ROW_ACTIVITY, 0, ROW_HEIGHT_ACTIVITY);
  /* Only for a log that has spans: most have none. */
    if (es_document_get_n_spans (document) > 0)
      append_row (rows, &y, visible_kinds, ES_ROW_SPANS, 0, ROW_HEIGHT_SPANS);
  for (guint cap = 0; cap < n_caps; cap++)
    {
      append_row (rows, &y, visible_kinds, ES_ROW_CAP, cap, ROW_HEIGHT_CAP);
      append_row (rows, &y, visible_kinds, ES_ROW_SPARK_CREATION, cap, ROW_HEIGHT_SPARKS);
      append_row (rows, &y, visible_kinds, ES_ROW_SPARK_CONVERSION, cap, ROW_HEIGHT_SPARKS);
      append_row (rows, &y, visible_kinds, ES_ROW_SPARK_POOL, cap, ROW_HEIGHT_SPARKS);
    }
  /* Only for a log with cost-centre samples (a -prof run with +RTS -p -l),
   * or a Mono log's samples or calls. */
  {
    guint n_samples;

    es_document_get_prof_samples (document, ES_PROF_SAMPLES, &n_samples);
    if (n_samples > 0 || es_document_has_call_time (document))
      append_row (rows, &y, visible_kinds, ES_ROW_PROFILE, 0, es_timeline_profile_row_height (document));
  }
  append_row (rows, &y, visible_kinds, ES_ROW_HEAP, 0, ROW_HEIGHT_HEAP);
  for (guint i = 0; counters != NULL && i < counters->len; i++)
    if (g_array_index (counters, guint, i) < es_document_get_n_counters (document))
      append_row (rows, &y, 1u << ES_ROW_COUNTER, ES_ROW_COUNTER, g_array_index (counters, guint, i),
                  ROW_HEIGHT_COUNTER);
  /* Only for a log with a heap profile (+RTS -hT, -hc, ...). */
  {
    guint n_censuses;

    es_document_get_heap_samples (document, &n_censuses);
    if (n_censuses > 0)
      append_row (rows, &y, visible_kinds, ES_ROW_HEAP_PROFILE, 0, ROW_HEIGHT_HEAP_PROFILE);
  }
  /* Last, as it may run to thousands of rows; ES_ROW_THREAD opens it. A
   * Mono log's rows are its threads already. */
  {
    guint n_threads = es_document_get_n_threads (document);

    if (n_threads > 0 && (visible_kinds & (1u << ES_ROW_THREADS)) &&
        es_document_get_format (document) != ES_DOCUMENT_MONO_LOG)
      {
        /* The header's cap says whether the section is open. */
        append_row (rows, &y, visible_kinds, ES_ROW_THREADS,
                    (visible_kinds & (1u << ES_ROW_THREAD)) != 0, ROW_HEIGHT_THREADS);
        g_array_index (rows, EsTimelineRow, rows->len - 1).thread = n_threads;
        for (guint t = 0; t < n_threads && (visible_kinds & (1u << ES_ROW_THREAD)); t++)
          {
            append_row (rows, &y, visible_kinds, ES_ROW_THREAD, 0, ROW_HEIGHT_THREAD);
            g_array_index (rows, EsTimelineRow, rows->len - 1).thread = t;
          }
      }
  }
  return rows;
}

/**
 * es_timeline_layout_pin:
 * @rows: a layout (es_timeline_layout())
 * @pinned_kinds: a bitmask of 1 << EsRowKind: the rows the user keeps in
 *   view, at the top under the ruler, while the rest scroll under them
 *
 * Moves the pinned rows up under the ruler, in their order, and the rest
 * down after them. Thread rows are never pinned: they are the ones
 * scrolled to.
 */
void
es_timeline_layout_pin (GArray  *rows,
                        guint32  pinned_kinds)
{
  g_autoptr(GArray) pinned = NULL;
  g_autoptr(GArray) rest = NULL;
  int y = 0;

  g_return_if_fail (rows != NULL);

  pinned_kinds &= ~((1u << ES_ROW_THREADS) | (1u << ES_ROW_THREAD));
  pinned = g_array_new (FALSE, FALSE, sizeof (EsTimelineRow));
  rest = g_array_new (FALSE, FALSE, sizeof (EsTimelineRow));
  for (guint i = 0; i < rows->len; i++)
    {
      const EsTimelineRow *row = &g_array_index (rows, EsTimelineRow, i);

      g_array_append_val (row->kind == ES_ROW_RULER || (pinned_kinds & (1u << row->kind)) ? pinned : rest, *row);
    }
  g_array_set_size (rows, 0);
  g_array_append_vals (rows, pinned->data, pinned->len);
  g_array_append_vals (rows, rest->data, rest->len);
  for (guint i = 0; i < rows->len; i++)
    {
      EsTimelineRow *row = &g_array_index (rows, EsTimelineRow, i);

      row->y = y;
      y += row->height;
    }
}

int
es_timeline_layout_height (GArray *rows)
{
  const EsTimelineRow *last;

  if (rows == NULL || rows->len == 0)
    return 0;
  last = &g_array_index (rows, EsTimelineRow, rows->len - 1);
  return last->y + last->height;
}

/**
 * es_timeline_row_at:
 *
 * Returns: (nullable): the row covering @y, or NULL.
 */
const EsTimelineRow *
es_timeline_row_at (GArray *rows,
                    int     y)
{
  guint lo = 0, hi;

  g_return_val_if_fail (rows != NULL, NULL);

  hi = rows->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      const EsTimelineRow *row = &g_array_index (rows, EsTimelineRow, mid);

      if (y < row->y)
        hi = mid;
      else if (y >= row->y + row->height)
        lo = mid + 1;
      else
        return row;
    }
  return NULL;
}


gboolean
es_timeline_cap_band (const EsTimelineRow *row,
                      EsColor              color,
                      int                 *y,
                      int                 *height)
{
  int top, h;

  g_return_val_if_fail (row != NULL, FALSE);

  if (row->kind != ES_ROW_CAP)
    return FALSE;
  if (color == ES_COLOR_RUNNING || color == ES_COLOR_EXIT_SUSPEND)
    {
      top = CAP_RUNNING_TOP;
      h = CAP_RUNNING_HEIGHT;
    }
  else if (color == ES_COLOR_GC || color == ES_COLOR_GC_WAITING)
    {
      top = CAP_GC_TOP;
      h = CAP_GC_HEIGHT;
    }
  else
    return FALSE;
  if (y != NULL)
    *y = row->y + top;
  if (height != NULL)
    *height = h;
  return TRUE;
}

static guint64
view_span (const EsTimelineView *view)
{
  return view->t1 > view->t0 ? view->t1 - view->t0 : 1;
}

/* Times become doubles only relative to t0: a 20 ns span 400 s into a run
 * keeps every nanosecond, where absolute times in a double (or Cairo's
 * 24.8 fixed point under a nanosecond scale) would not. */
double
es_timeline_time_to_x (const EsTimelineView *view,
                       guint64               time)
{
  double offset;

  g_return_val_if_fail (view != NULL, 0);

  if (time >= view->t0)
    offset = (double) (time - view->t0);
  else
    offset = -(double) (view->t0 - time);
  return ES_TIMELINE_GUTTER + offset * view->width / (double) view_span (view);
}

/* The time at @x, rounded to the nearest nanosecond and clamped to the
 * view (the gutter maps to t0). */
guint64
es_timeline_x_to_time (const EsTimelineView *view,
                       double                x)
{
  double fraction, offset;
  guint64 span;

  g_return_val_if_fail (view != NULL, 0);

  if (view->width <= 0 || view->t1 <= view->t0)
    return view->t0;
  span = view->t1 - view->t0;
  fraction = (x - ES_TIMELINE_GUTTER) / view->width;
  if (!(fraction > 0))
    return view->t0;
  if (fraction >= 1)
    return view->t1;
  offset = round (fraction * (double) span);
  return view->t0 + MIN (span, (guint64) offset);
}

static PangoLayout *
create_layout (cairo_t    *cr,
               const char *font)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *desc = pango_font_description_from_string (font);

  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  return layout;
}

/**
 * es_paint_measuring_layout:
 * @small: the small font of labels on the data (markers, legends), or the
 *   gutter's
 *
 * A layout that sets text as the painter does, on no surface: to measure,
 * for the tooltips, what a label shows.
 *
 * Returns: (transfer full): the layout
 */
PangoLayout *
es_paint_measuring_layout (gboolean small)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_A8, 1, 1);
  cairo_t *cr = cairo_create (surface);
  PangoLayout *layout = create_layout (cr, small ? SMALL_FONT : LABEL_FONT);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return layout;
}

/* The rows @cr can draw: its clip, within its image if it has one (Cairo
 * does not bound the clip by an image's edges: rows past its bottom would
 * be drawn for nothing). */
static void
clip_rows (cairo_t *cr,
           double  *top,
           double  *bottom)
{
  double x1, x2;

  cairo_clip_extents (cr, &x1, top, &x2, bottom);
  if (cairo_surface_get_type (cairo_get_target (cr)) == CAIRO_SURFACE_TYPE_IMAGE)
    {
      double top_x = 0, top_y = 0, bottom_x = 0;
      double bottom_y = cairo_image_surface_get_height (cairo_get_target (cr));

      cairo_device_to_user (cr, &top_x, &top_y);
      cairo_device_to_user (cr, &bottom_x, &bottom_y);
      *top = MAX (*top, MIN (top_y, bottom_y));
      *bottom = MIN (*bottom, MAX (top_y, bottom_y));
    }
}

static void
context_init (EsPaintContext       *ctx,
              cairo_t              *cr,
              const EsTimelineView *view)
{
  ctx->cr = cr;
  ctx->view = view;
  ctx->document = view->document;
  ctx->span = view_span (view);
  ctx->ns_per_px = (double) ctx->span / view->width;
  for (guint c = 0; c < ES_N_COLORS; c++)
    es_timeline_color (c, view->dark, &ctx->colors[c]);
  ctx->small = create_layout (cr, SMALL_FONT);
  es_paint_canvas_init (ctx);
  clip_rows (cr, &ctx->clip_top, &ctx->clip_bottom);
}

static void
context_clear (EsPaintContext *ctx)
{
  es_paint_columns_clear (ctx);
  es_paint_canvas_clear (ctx);
  g_clear_pointer (&ctx->thread_states, es_thread_state_cache_free);
  g_clear_pointer (&ctx->column_edges, g_free);
  g_clear_pointer (&ctx->column_widths, g_free);
  g_clear_object (&ctx->small);
}

/* The rows the clip shows, found by binary search: the loops over rows
 * then cost nothing for the thousands of thread or cap rows out of view. */
void
es_paint_find_rows (EsPaintContext *ctx,
                    GArray         *rows)
{
  guint lo = 0, hi = rows->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      const EsTimelineRow *row = &g_array_index (rows, EsTimelineRow, mid);

      if (row->y + row->height <= ctx->clip_top)
        lo = mid + 1;
      else
        hi = mid;
    }
  ctx->first_row = lo;
  hi = rows->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (rows, EsTimelineRow, mid).y < ctx->clip_bottom)
        lo = mid + 1;
      else
        hi = mid;
    }
  ctx->end_row = lo;
}

gboolean
es_paint_row_is_clipped (const EsPaintContext *ctx,
                         const EsTimelineRow  *row)
{
  return row->y >= ctx->clip_bottom || row->y + row->height <= ctx->clip_top;
}

/* Rows with nothing to draw: out of the clip, or a cap's row for a cap this
 * document lacks (a layout made for another document may name one). */
gboolean
es_paint_row_is_skipped (const EsPaintContext *ctx,
                         const EsTimelineRow  *row)
{
  gboolean per_cap = row->kind == ES_ROW_CAP || row->kind == ES_ROW_SPARK_CREATION ||
                     row->kind == ES_ROW_SPARK_CONVERSION || row->kind == ES_ROW_SPARK_POOL;

  return es_paint_row_is_clipped (ctx, row) || (per_cap && row->cap >= ctx->n_caps) ||
         (row->kind == ES_ROW_COUNTER && row->cap >= es_document_get_n_counters (ctx->document));
}

/**
 * es_timeline_paint:
 *
 * Paints the data area of @rows, [ES_TIMELINE_GUTTER, ES_TIMELINE_GUTTER +
 * width) from the origin of @cr, leaving the gutter to
 * es_timeline_paint_labels(). Rows outside @cr's clip are skipped. The
 * cost is O(width x rows x log events), whatever the zoom.
 */
void
es_timeline_paint (cairo_t              *cr,
                   const EsTimelineView *view,
                   GArray               *rows)
{
  g_return_if_fail (cr != NULL);

  es_timeline_paint_bands (&cr, 1, view, rows);
}

typedef struct
{
  double top;
  double bottom;
} Band;


/**
 * es_timeline_paint_bands:
 * @crs: (array length=n_bands): one Cairo context per band, top down, each
 *   clipped to its band of whole rows (es_timeline_band_end())
 *
 * es_timeline_paint() for a frame drawn in bands, a Cairo node each (as
 * the window draws them): the same pixels, and the queries of all of them
 * made at once, as for one band.
 */
void
es_timeline_paint_bands (cairo_t *const       *crs,
                         guint                 n_bands,
                         const EsTimelineView *view,
                         GArray               *rows)
{
  EsPaintContext ctx = { 0 };
  int height = es_timeline_layout_height (rows);
  guint64 step = 0, minor = 0;
  int ruler_bottom = 0;
  g_autofree guint8 *opaque = NULL;
  g_autofree guint *row_band = NULL;
  Band *bands;
  guint b = 0;

  g_return_if_fail (crs != NULL && n_bands > 0);
  g_return_if_fail (view != NULL);
  g_return_if_fail (rows != NULL);

  if (view->document == NULL || view->width <= 0 || height == 0)
    return;

  bands = g_newa (Band, n_bands);
  for (guint i = 0; i < n_bands; i++)
    {
      cairo_save (crs[i]);
      cairo_rectangle (crs[i], ES_TIMELINE_GUTTER, 0, view->width, height);
      cairo_clip (crs[i]);
      clip_rows (crs[i], &bands[i].top, &bands[i].bottom);
    }
  context_init (&ctx, crs[0], view);
  ctx.clip_top = bands[0].top;
  ctx.clip_bottom = MAX (bands[n_bands - 1].bottom, ctx.clip_top);
  es_paint_find_rows (&ctx, rows);
  if (view->thread_states != NULL)
    es_thread_state_cache_begin_frame (view->thread_states);
  /* The queries run while the background and the ruler are drawn. */
  es_paint_columns_start (&ctx, rows);

  step = es_paint_choose_ticks (&ctx, &minor);
  for (guint r = ctx.first_row; r < ctx.end_row; r++)
    {
      const EsTimelineRow *row = &g_array_index (rows, EsTimelineRow, r);

      if (row->kind == ES_ROW_RULER)
        ruler_bottom = MAX (ruler_bottom, row->y + row->height);
    }
  /* The rows whose canvas starts as their background, and the band each
   * is painted on. */
  es_paint_canvas_prepare_under (&ctx, step);
  opaque = g_new0 (guint8, MAX (ctx.end_row - ctx.first_row, 1));
  row_band = g_new0 (guint, MAX (ctx.end_row - ctx.first_row, 1));
  for (guint r = ctx.first_row; r < ctx.end_row; r++)
    {
      const EsTimelineRow *row = &g_array_index (rows, EsTimelineRow, r);

      while (b + 1 < n_bands && row->y >= bands[b].bottom)
        b++;
      row_band[r - ctx.first_row] = b;
      opaque[r - ctx.first_row] = es_paint_row_is_opaque (&ctx, row, ruler_bottom);
    }
  b = 0;
  for (guint i = 0; i < n_bands; i++)
    {
      ctx.cr = crs[i];
      cairo_save (ctx.cr);
      es_paint_clip_out_rows (&ctx, rows, bands[i].top, bands[i].bottom, i, opaque, row_band);
      es_paint_set_color (&ctx, ES_COLOR_IDLE);
      cairo_paint (ctx.cr);
      /* Faint lines down from the major ticks, under the data. */
      es_paint_grid_lines (&ctx, step, MAX (bands[i].top, ruler_bottom), MIN (bands[i].bottom, height));
      cairo_restore (ctx.cr);
      /* What painting the band whole left set, for the rows. */
      es_paint_as_grid_lines (&ctx, MAX (bands[i].top, ruler_bottom), MIN (bands[i].bottom, height));
    }

  for (guint r = ctx.first_row; r < ctx.end_row; r++)
    {
      const EsTimelineRow *row = &g_array_index (rows, EsTimelineRow, r);

      if (es_paint_row_is_skipped (&ctx, row))
        continue;
      while (b + 1 < n_bands && row->y >= bands[b].bottom)
        b++;
      ctx.cr = crs[b];
      es_paint_columns_wait (&ctx, row);
      if (!opaque[r - ctx.first_row] ||
          !es_paint_canvas_begin_opaque (&ctx, row->y, row->height, row->y >= ruler_bottom))
        {
          if (opaque[r - ctx.first_row])
            es_paint_row_background (&ctx, row, step, ruler_bottom, MIN (bands[b].bottom, height));
          es_paint_canvas_begin (&ctx, row->y, row->height);
        }
      switch (row->kind)
        {
        case ES_ROW_RULER:
          es_paint_ruler (&ctx, row, step, minor);
          break;
        case ES_ROW_ACTIVITY:
          es_paint_activity_row (&ctx, row);
          break;
        case ES_ROW_CAP:
          es_paint_cap_row (&ctx, row);
          break;
        case ES_ROW_SPARK_CREATION:
        case ES_ROW_SPARK_CONVERSION:
        case ES_ROW_SPARK_POOL:
          es_paint_spark_row (&ctx, row);
          break;
        case ES_ROW_HEAP:
          es_paint_heap_row (&ctx, row);
          break;
        case ES_ROW_SPANS:
          es_paint_spans_row (&ctx, row);
          break;
        case ES_ROW_HEAP_PROFILE:
          es_paint_heap_profile_row (&ctx, row);
          break;
        case ES_ROW_PROFILE:
          es_paint_profile_row (&ctx, row);
          break;
        case ES_ROW_COUNTER:
          es_paint_counter_row (&ctx, row);
          break;
        case ES_ROW_THREADS:
          es_paint_threads_header (&ctx, row);
          break;
        case ES_ROW_THREAD:
          es_paint_thread_row (&ctx, row);
          break;
        case ES_N_ROW_KINDS:
        default:
          g_warn_if_reached ();
          break;
        }
      es_paint_canvas_flush (&ctx);
    }

  for (guint i = 0; i < n_bands; i++)
    {
      ctx.cr = crs[i];
      ctx.clip_top = bands[i].top;
      ctx.clip_bottom = bands[i].bottom;
      es_paint_find_rows (&ctx, rows);
      es_paint_over_rows (&ctx, rows, height);
    }

  context_clear (&ctx);
  for (guint i = 0; i < n_bands; i++)
    cairo_restore (crs[i]);
}


/**
 * es_timeline_paint_labels:
 *
 * Paints the gutter, [0, ES_TIMELINE_GUTTER): each row's name and the
 * separators between rows and against the data.
 */
void
es_timeline_paint_labels (cairo_t              *cr,
                          const EsTimelineView *view,
                          GArray               *rows)
{
  EsPaintContext ctx = { 0 };
  int height = es_timeline_layout_height (rows);

  g_return_if_fail (cr != NULL);
  g_return_if_fail (view != NULL);
  g_return_if_fail (rows != NULL);

  if (view->document == NULL || view->width <= 0 || height == 0)
    return;

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, ES_TIMELINE_GUTTER, height);
  cairo_clip (cr);
  context_init (&ctx, cr, view);
  es_paint_find_rows (&ctx, rows);

  es_paint_set_color (&ctx, ES_COLOR_IDLE);
  cairo_paint (cr);

  es_paint_set_color (&ctx, ES_COLOR_TEXT);
  for (guint r = ctx.first_row; r < ctx.end_row; r++)
    {
      const EsTimelineRow *row = &g_array_index (rows, EsTimelineRow, r);
      PangoLayout *layout;
      int h;

      if (es_paint_row_is_clipped (&ctx, row))
        continue;
      layout = es_paint_gutter_label (cr, ctx.document, row);
      pango_layout_get_pixel_size (layout, NULL, &h);
      cairo_move_to (cr, 6, row->y + floor ((row->height - h) / 2.0));
      pango_cairo_show_layout (cr, layout);
    }

  cairo_set_line_width (cr, 1);
  for (guint r = ctx.first_row; r < ctx.end_row; r++)
    {
      const EsTimelineRow *row = &g_array_index (rows, EsTimelineRow, r);

      if (es_paint_row_is_clipped (&ctx, row))
        continue;
      cairo_move_to (cr, 0, row->y + row->height - 0.5);
      cairo_line_to (cr, ES_TIMELINE_GUTTER, row->y + row->height - 0.5);
    }
  es_paint_set_color (&ctx, ES_COLOR_GRID);
  cairo_stroke (cr);

  cairo_move_to (cr, ES_TIMELINE_GUTTER - 0.5, 0);
  cairo_line_to (cr, ES_TIMELINE_GUTTER - 0.5, height);
  es_paint_set_color_alpha (&ctx, ES_COLOR_TEXT, 0.5);
  cairo_stroke (cr);

  context_clear (&ctx);
  cairo_restore (cr);
}
