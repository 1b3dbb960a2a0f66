/* es-flame-graph.c: an interval's time profile drawn as an icicle graph
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <gio/gio.h>

#include "es-flame-graph-private.h"
#include "es-flame-graph-walk.h"
#include "es-timeline-export.h"

#define LABEL_FONT      "Sans 8"
#define MIN_LABEL_WIDTH 24.0

/**
 * es_flame_graph_natural_height:
 *
 * Returns: the height in pixels that shows every row of @profile
 */
int
es_flame_graph_natural_height (const EsProfile *profile)
{
  return (int) profile->n_rows * ES_FLAME_GRAPH_ROW_HEIGHT;
}

static char *
frame_name (const EsProfileFrame *frame)
{
  GString *name = g_string_new (NULL);

  es_profile_append_frame_name (frame, name);
  return g_string_free (name, FALSE);
}

/**
 * es_flame_graph_frame_matches:
 *
 * Whether the view's search text is in the frame's "label (Module)",
 * ignoring case. FALSE without a search.
 */
static gboolean
frame_matches (const EsFlameGraphView *view,
               const EsProfileFrame   *f)
{
  g_autofree char *name = NULL, *folded = NULL, *needle = NULL;

  if (view->search == NULL || view->search[0] == '\0')
    return FALSE;
  name = frame_name (f);
  folded = g_utf8_casefold (name, -1);
  needle = g_utf8_casefold (view->search, -1);
  return strstr (folded, needle) != NULL;
}

gboolean
es_flame_graph_frame_matches (const EsFlameGraphView *view,
                              guint32                 frame)
{
  EsProfileFrame f;

  return es_profile_get_frame (view->profile, frame, &f) && frame_matches (view, &f);
}

/**
 * es_flame_graph_count_matches:
 *
 * Returns: the samples with a matching frame on their stack, each once
 *   (a match inside a match adds nothing): the share the search covers
 */
guint64
es_flame_graph_count_matches (const EsFlameGraphView *view)
{
  g_autoptr(EsProfileWalk) walk = es_profile_walk_new (view->profile, ES_PROFILE_NO_FRAME);
  guint64 n = 0;
  EsProfileFrame f;

  while (es_profile_walk_next (walk, &f))
    if (frame_matches (view, &f))
      {
        n += f.inherited;
        es_profile_walk_skip_children (walk);
      }
  return n;
}

/**
 * es_flame_graph_cost_centre_color:
 * @cost_centre: the log's id of a cost centre (not MAIN, nor one of the
 *   RTS's own roots, which are grey)
 *
 * A cost centre's warm colour, as flamegraph.pl paints: the same wherever
 * it is drawn, in the flame graph and in the timeline's Profile row.
 */
void
es_flame_graph_cost_centre_color (guint32  cost_centre,
                                  gboolean dark,
                                  EsRgba  *rgba)
{
  guint32 hash;
  double a, b;

  /* Mixed so that neighbouring ids differ. */
  hash = cost_centre * 2654435761u;
  hash ^= hash >> 15;
  hash *= 2246822519u;
  hash ^= hash >> 13;
  a = (double) (hash & 0xffff) / 0xffff;
  b = (double) ((hash >> 16) & 0xffff) / 0xffff;
  *rgba = (EsRgba) { (205 + 50 * a) / 255.0, (230 * b) / 255.0, (55 * a * b) / 255.0, 1.0 };
  if (dark)
    {
      rgba->red *= 0.85;
      rgba->green *= 0.85;
      rgba->blue *= 0.85;
    }
}

/**
 * es_flame_graph_frame_color:
 *
 * The colour @frame is filled with: warm colours, as flamegraph.pl paints,
 * by cost centre, the same for one wherever it is; the RTS's own stacks
 * (GC, SYSTEM...) and MAIN in greys; with a search, matches in magenta and
 * the others faded.
 */
void
_es_flame_graph_frame_color (const EsFlameGraphView *view,
                             const EsProfileFrame   *f,
                             EsRgba                 *rgba)
{
  gboolean searching = view->search != NULL && view->search[0] != '\0';

  if (searching && frame_matches (view, f))
    {
      *rgba = (EsRgba) { 0.90, 0.0, 0.90, 1.0 };
      return;
    }
  if (f->stack == ES_PROF_EMPTY_STACK)
    *rgba = (EsRgba) { 0.70, 0.70, 0.70, 1.0 };
  else if (f->parent == ES_PROFILE_NO_FRAME)   /* GC, SYSTEM...: only they are roots besides MAIN */
    *rgba = (EsRgba) { 0.55, 0.62, 0.72, 1.0 };
  else
    es_flame_graph_cost_centre_color (f->cost_centre, FALSE, rgba);
  if (view->dark)
    {
      rgba->red *= 0.85;
      rgba->green *= 0.85;
      rgba->blue *= 0.85;
    }
  if (searching)
    {
      double grey = 0.3 * rgba->red + 0.59 * rgba->green + 0.11 * rgba->blue;

      rgba->red = rgba->green = rgba->blue = view->dark ? grey * 0.6 : 0.55 + grey * 0.4;
    }
}

void
es_flame_graph_frame_color (const EsFlameGraphView *view,
                            guint32                 frame,
                            EsRgba                 *rgba)
{
  EsProfileFrame f;

  if (!es_profile_get_frame (view->profile, frame, &f))
    {
      *rgba = (EsRgba) { 0.70, 0.70, 0.70, 1.0 };
      return;
    }
  _es_flame_graph_frame_color (view, &f, rgba);
}

/**
 * es_flame_graph_frame_rect:
 *
 * Where @frame is drawn: its box, in pixels, before the one-pixel gap
 * that parts it from its right and lower neighbours.
 *
 * Returns: FALSE if it is not drawn (too narrow, or below the view)
 */
gboolean
es_flame_graph_frame_rect (const EsFlameGraphView *view,
                           guint32                 frame,
                           EsFlameGraphRect       *rect)
{
  const EsFlameGraphStep *steps;
  Walk walk;
  WalkStep step;
  gboolean found = FALSE;
  guint n_steps;

  if ((steps = _es_flame_graph_layout_steps (view, &n_steps)) != NULL)
    {
      for (guint i = 0; i < n_steps; i++)
        if (steps[i].frame == frame)
          {
            *rect = (EsFlameGraphRect) { steps[i].x, steps[i].row * ES_FLAME_GRAPH_ROW_HEIGHT, steps[i].width,
                                         ES_FLAME_GRAPH_ROW_HEIGHT };
            return TRUE;
          }
      return FALSE;
    }
  _es_flame_graph_walk_init (&walk, view);
  while (!found && _es_flame_graph_walk_next (&walk, &step))
    if (step.frame == frame)
      {
        rect->x = step.x;
        rect->y = step.row * ES_FLAME_GRAPH_ROW_HEIGHT;
        rect->width = step.width;
        rect->height = ES_FLAME_GRAPH_ROW_HEIGHT;
        found = TRUE;
      }
  _es_flame_graph_walk_clear (&walk);
  return found;
}

/**
 * es_flame_graph_cost_centre_rects:
 * @cost_centre: the log's id of a cost centre
 * @rects: (out caller-allocates) (array length=max_rects): where they go
 *
 * Where the frames of @cost_centre are drawn, at most @max_rects of them,
 * in one walk of the frames drawn (or from the frames walked beforehand,
 * es_flame_graph_cache_set_layout()).
 *
 * Returns: how many are in @rects
 */
guint
es_flame_graph_cost_centre_rects (const EsFlameGraphView *view,
                                  guint32                 cost_centre,
                                  EsFlameGraphRect       *rects,
                                  guint                   max_rects)
{
  const EsFlameGraphStep *steps;
  Walk walk;
  WalkStep step;
  guint n = 0, n_steps;

  if ((steps = _es_flame_graph_layout_steps (view, &n_steps)) != NULL)
    {
      for (guint i = 0; i < n_steps && n < max_rects; i++)
        if (steps[i].cost_centre == cost_centre)
          rects[n++] = (EsFlameGraphRect) { steps[i].x, steps[i].row * ES_FLAME_GRAPH_ROW_HEIGHT, steps[i].width,
                                            ES_FLAME_GRAPH_ROW_HEIGHT };
      return n;
    }
  _es_flame_graph_walk_init (&walk, view);
  while (n < max_rects && _es_flame_graph_walk_next (&walk, &step))
    if (step.f.cost_centre == cost_centre)
      rects[n++] = (EsFlameGraphRect) { step.x, step.row * ES_FLAME_GRAPH_ROW_HEIGHT, step.width,
                                        ES_FLAME_GRAPH_ROW_HEIGHT };
  _es_flame_graph_walk_clear (&walk);
  return n;
}

/**
 * es_flame_graph_frame_at:
 *
 * Returns: the frame drawn at @x, @y, or ES_PROFILE_NO_FRAME
 */
guint32
es_flame_graph_frame_at (const EsFlameGraphView *view,
                         double                  x,
                         double                  y)
{
  const EsFlameGraphStep *steps;
  Walk walk;
  WalkStep step;
  guint32 found = ES_PROFILE_NO_FRAME;
  int row = (int) floor (y / ES_FLAME_GRAPH_ROW_HEIGHT);
  guint n_steps;

  if ((steps = _es_flame_graph_layout_steps (view, &n_steps)) != NULL)
    {
      for (guint i = 0; i < n_steps; i++)
        if (steps[i].row == row && x >= steps[i].x && x < steps[i].x + steps[i].width)
          return steps[i].frame;
      return ES_PROFILE_NO_FRAME;
    }
  _es_flame_graph_walk_init (&walk, view);
  while (found == ES_PROFILE_NO_FRAME && _es_flame_graph_walk_next (&walk, &step))
    if (step.row == row && x >= step.x && x < step.x + step.width)
      found = step.frame;
  _es_flame_graph_walk_clear (&walk);
  return found;
}

/* What a widget's drawings keep from one to the next. */
struct _EsFlameGraphCache
{
  EsLabelCache         *labels;   /* each name shaped once, not at each drawing and width */
  EsFlameGraphLayout   *layout;   /* (nullable): the frames drawn, walked beforehand */
  /* The last picture drawn for a recording surface, and what of the view
   * and the cairo_t it shows: drawn again for the same (the chosen cost
   * centre's outline changed, not the graph). */
  cairo_surface_t      *picture;
  cairo_surface_t      *before;   /* (nullable): the picture before it, drawn into again
                                   * once no recording refers to it */
  EsFlameGraphView      view;     /* .search and .cache unset */
  char                 *search;
  const EsDocument     *document;
  guint64               t0, t1, n_samples;
  EsProfKind            kind;
  guint                 cap;
  guint32               n_rows;
  cairo_font_options_t *options;
  /* Shaping names new to the cache stops this long into a drawing's
   * labels (0: never); the drawing then lacks the rest of them. */
  gint64                shaping_budget_us;
  gboolean              complete;  /* the last drawing has every label */
};

/**
 * es_flame_graph_cache_new:
 *
 * Returns: (transfer full): a cache for the flame graphs a widget draws
 *   one after the other (EsFlameGraphView.cache)
 */
EsFlameGraphCache *
es_flame_graph_cache_new (void)
{
  EsFlameGraphCache *cache = g_new0 (EsFlameGraphCache, 1);

  cache->labels = es_label_cache_new (LABEL_FONT);
  return cache;
}

/**
 * es_flame_graph_cache_set_shaping_budget:
 * @microseconds: how long a drawing may shape names it has not shaped
 *   before, 0 for as long as it takes
 *
 * The first drawing of a profile shapes the names of its frames, some
 * 40 µs each: 11 ms for the 273 labels of a 1600-pixel graph of 50,000
 * stacks, over a frame's budget with the rest of the drawing. With a
 * budget, a drawing leaves out the labels whose names it had no time to
 * shape (es_flame_graph_cache_is_complete() says so), and the next one
 * shapes more: the labels come within a few frames, none of them long.
 */
void
es_flame_graph_cache_set_shaping_budget (EsFlameGraphCache *cache,
                                         gint64             microseconds)
{
  g_return_if_fail (cache != NULL && microseconds >= 0);

  cache->shaping_budget_us = microseconds;
}

/**
 * es_flame_graph_cache_is_complete:
 *
 * Returns: whether the last drawing with @cache had every label: if not,
 *   the widget draws again at its next frame
 */
gboolean
es_flame_graph_cache_is_complete (const EsFlameGraphCache *cache)
{
  g_return_val_if_fail (cache != NULL, TRUE);

  return cache->complete;
}

/**
 * es_flame_graph_cache_set_layout:
 * @layout: (transfer full) (nullable): the frames of a view walked
 *   beforehand (es_flame_graph_layout_new())
 *
 * The drawings of @layout's view take its boxes instead of walking the
 * profile: a widget's first frame of a new profile, and the frames after
 * it that add the labels left out, draw without a walk of the frames.
 */
void
es_flame_graph_cache_set_layout (EsFlameGraphCache  *cache,
                                 EsFlameGraphLayout *layout)
{
  g_return_if_fail (cache != NULL);

  es_flame_graph_layout_free (cache->layout);
  cache->layout = layout;
}

/**
 * es_flame_graph_cache_has_layout_for:
 *
 * Returns: whether drawings of @view onto pixels take the boxes of
 *   @cache's layout (es_flame_graph_cache_set_layout()) instead of
 *   walking the frames
 */
gboolean
es_flame_graph_cache_has_layout_for (const EsFlameGraphCache *cache,
                                     const EsFlameGraphView  *view)
{
  g_return_val_if_fail (cache != NULL && view != NULL, FALSE);

  return cache->layout != NULL && _es_flame_graph_layout_fits (cache->layout, view);
}

const EsFlameGraphLayout *
_es_flame_graph_cache_get_layout (const EsFlameGraphCache *cache)
{
  return cache->layout;
}

static void
forget_picture (EsFlameGraphCache *cache)
{
  g_clear_pointer (&cache->picture, cairo_surface_destroy);
  g_clear_pointer (&cache->before, cairo_surface_destroy);
  g_clear_pointer (&cache->search, g_free);
  g_clear_pointer (&cache->options, cairo_font_options_destroy);
}

void
es_flame_graph_cache_free (EsFlameGraphCache *cache)
{
  if (cache == NULL)
    return;
  forget_picture (cache);
  es_label_cache_free (cache->labels);
  es_flame_graph_layout_free (cache->layout);
  g_free (cache);
}

/* Whether @cache's picture shows @view as drawn with @options: the same
 * profile (the same object and, should a new one have its address, the
 * same document, interval and counts), zoom, size, colours and search. */
static gboolean
same_picture (const EsFlameGraphCache    *cache,
              const EsFlameGraphView     *view,
              const cairo_font_options_t *options)
{
  const EsProfile *p = view->profile;

  return cache->picture != NULL && cache->complete && cairo_font_options_equal (options, cache->options) &&
         p == cache->view.profile && p->document == cache->document && p->t0 == cache->t0 &&
         p->t1 == cache->t1 && p->n_samples == cache->n_samples && p->kind == cache->kind &&
         p->cap == cache->cap && p->n_rows == cache->n_rows && view->zoom == cache->view.zoom &&
         view->width == cache->view.width && view->height == cache->view.height &&
         view->dark == cache->view.dark && view->scale == cache->view.scale &&
         g_strcmp0 (view->search, cache->search) == 0;
}

/* A picture of @cache's to draw into again: its size, and referred to by
 * nothing else, no recording (which would make cairo copy it first). A
 * window's recording of the last drawing lives while the next is drawn,
 * the one before not: a new picture each time would cost its allocation
 * and a page fault every 4 kB. */
static cairo_surface_t *
reuse_picture (EsFlameGraphCache *cache,
               int                width,
               int                height,
               int                scale)
{
  cairo_surface_t *pictures[] = { cache->before, cache->picture };

  for (guint i = 0; i < G_N_ELEMENTS (pictures); i++)
    {
      double sx, sy;

      if (pictures[i] == NULL || cairo_surface_get_reference_count (pictures[i]) != 1 ||
          cairo_image_surface_get_width (pictures[i]) != width * scale ||
          cairo_image_surface_get_height (pictures[i]) != height * scale)
        continue;
      cairo_surface_get_device_scale (pictures[i], &sx, &sy);
      if (sx == scale && sy == scale)
        return cairo_surface_reference (pictures[i]);
    }
  return NULL;
}

static void
keep_picture (EsFlameGraphCache          *cache,
              const EsFlameGraphView     *view,
              const cairo_font_options_t *options,
              cairo_surface_t            *picture)
{
  const EsProfile *p = view->profile;
  cairo_surface_t *last = g_steal_pointer (&cache->picture), *before = g_steal_pointer (&cache->before);

  forget_picture (cache);
  cache->picture = cairo_surface_reference (picture);
  /* The one before this, for the next drawing. */
  cache->before = last != picture ? cairo_surface_reference (last) : before != picture ? cairo_surface_reference (before) : NULL;
  g_clear_pointer (&last, cairo_surface_destroy);
  g_clear_pointer (&before, cairo_surface_destroy);
  cache->view = *view;
  cache->view.search = NULL;
  cache->view.cache = NULL;
  cache->search = g_strdup (view->search);
  cache->document = p->document;
  cache->t0 = p->t0;
  cache->t1 = p->t1;
  cache->n_samples = p->n_samples;
  cache->kind = p->kind;
  cache->cap = p->cap;
  cache->n_rows = p->n_rows;
  cache->options = cairo_font_options_copy (options);
}

/* Draws the profile into [0, width) x [0, height) of @cr: a row per
 * stack depth, each frame "label (Module)" where it has room. */
static void
paint (cairo_t                *cr,
       const EsFlameGraphView *view,
       gboolean                filled)
{
  g_autoptr(EsLabelCache) own_labels = NULL;
  EsLabelCache *labels = view->cache != NULL ? view->cache->labels : NULL;
  g_autoptr(GArray) own_boxes = NULL;
  g_autoptr(GString) name = g_string_new (NULL);
  gint64 budget_us = 0, shaping_us = 0;
  gboolean complete = TRUE;
  GArray *boxes;

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, view->width, view->height);
  cairo_clip (cr);

  /* The frames walked beforehand, where they are this view's and drawn
   * onto pixels (a vector surface's fill sorts its boxes by colour). */
  if (view->cache != NULL && es_flame_graph_cache_has_layout_for (view->cache, view) &&
      cairo_surface_get_type (cairo_get_target (cr)) == CAIRO_SURFACE_TYPE_IMAGE)
    boxes = _es_flame_graph_layout_get_boxes (view->cache->layout);
  else
    boxes = own_boxes = _es_flame_graph_make_boxes (view, NULL);

  if (!filled)
    _es_flame_graph_fill (cr, view, boxes);

  /* Each label ellipsized as Pango does, from the name shaped once. */
  if (labels == NULL)
    labels = own_labels = es_label_cache_new (LABEL_FONT);
  es_label_cache_begin (labels, cr);
  if (view->cache != NULL)
    budget_us = view->cache->shaping_budget_us;
  cairo_set_source_rgba (cr, 0, 0, 0, 0.85);
  for (guint i = 0; i < boxes->len; i++)
    {
      const EsFlameGraphBox *box = &g_array_index (boxes, EsFlameGraphBox, i);
      EsProfileFrame f;

      if (box->width < MIN_LABEL_WIDTH)
        continue;
      f.stack = box->stack;
      f.cost_centre = box->cost_centre;
      f.cc = box->cc;
      g_string_truncate (name, 0);
      es_profile_append_frame_name (&f, name);
      /* The time spent on new names counted, and one at least shaped
       * each drawing, so that the labels come. */
      if (budget_us > 0 && !es_label_cache_has (labels, name->str))
        {
          gint64 start;

          if (shaping_us >= budget_us)
            {
              complete = FALSE;
              continue;
            }
          start = g_get_monotonic_time ();
          es_label_cache_queue (labels, cr, name->str, box->x + 3, box->y, ES_FLAME_GRAPH_ROW_HEIGHT - 1, box->width - 6);
          shaping_us += g_get_monotonic_time () - start;
          continue;
        }
      es_label_cache_queue (labels, cr, name->str, box->x + 3, box->y, ES_FLAME_GRAPH_ROW_HEIGHT - 1, box->width - 6);
    }
  es_label_cache_flush (labels, cr);
  if (view->cache != NULL)
    view->cache->complete = complete;
  cairo_restore (cr);
}

static const cairo_user_data_key_t picture_key;

/* The picture's pixels as a surface of their own, without its device
 * scale (the pattern's matrix has it), for as long as a replay composites
 * them. */
static cairo_surface_t *
acquire_picture (cairo_pattern_t             *pattern,
                 void                        *data,
                 cairo_surface_t             *target,
                 const cairo_rectangle_int_t *extents)
{
  cairo_surface_t *picture = data;

  cairo_surface_flush (picture);
  return cairo_image_surface_create_for_data (cairo_image_surface_get_data (picture),
                                              cairo_image_surface_get_format (picture),
                                              cairo_image_surface_get_width (picture),
                                              cairo_image_surface_get_height (picture),
                                              cairo_image_surface_get_stride (picture));
}

static void
release_picture (cairo_pattern_t *pattern,
                 void            *data,
                 cairo_surface_t *surface)
{
  cairo_surface_destroy (surface);
}

/* Whether @cr's user space is its target's, moved by whole pixels. */
static gboolean
moved_by_whole_pixels (cairo_t *cr)
{
  cairo_matrix_t m;

  cairo_get_matrix (cr, &m);
  return m.xx == 1 && m.yy == 1 && m.xy == 0 && m.yx == 0 && m.x0 == floor (m.x0) && m.y0 == floor (m.y0);
}

/**
 * es_flame_graph_paint:
 *
 * Draws the profile into [0, width) x [0, height) of @cr: a row per stack
 * depth, each frame "label (Module)" where it has room.
 *
 * A GtkDrawingArea's cairo_t records into a recording surface that GSK
 * replays onto the window's pixels: there the boxes would be thousands of
 * rectangles and the labels Pango's layouts, each drawn twice, most of a
 * frame. The graph is drawn into a picture of the window's pixels
 * instead (@view's scale; without one, as before), with @cr's font
 * settings, as fast as onto any image (its pixels written, the label
 * cache), and the picture recorded: the same pixels once replayed, where
 * it lands on whole pixels; for the same view again (a cost centre chosen
 * and outlined on it), the same picture. Vector surfaces (SVG, PDF) keep
 * their rectangles and text.
 */
void
es_flame_graph_paint (cairo_t                *cr,
                      const EsFlameGraphView *view)
{
  int scale = view->scale;
  cairo_surface_t *picture;
  cairo_font_options_t *options, *set;
  cairo_pattern_t *source;
  cairo_matrix_t to_pixels;
  cairo_t *painter;

  if (scale < 1 || view->width <= 0 || view->height <= 0 ||
      cairo_surface_get_type (cairo_get_target (cr)) != CAIRO_SURFACE_TYPE_RECORDING || !moved_by_whole_pixels (cr))
    {
      paint (cr, view, FALSE);
      return;
    }
  /* The text shaped and drawn as on @cr. */
  options = cairo_font_options_create ();
  set = cairo_font_options_create ();
  cairo_surface_get_font_options (cairo_get_target (cr), options);
  cairo_get_font_options (cr, set);
  cairo_font_options_merge (options, set);
  cairo_font_options_destroy (set);
  if (view->cache != NULL && same_picture (view->cache, view, options))
    picture = cairo_surface_reference (view->cache->picture);
  else
    {
      gboolean filled = FALSE;

      /* The boxes filled beforehand, with the frames walked; or a picture
       * drawn before, or a new one. Opaque: replayed, it is copied, not
       * blended. */
      if (view->cache != NULL && view->cache->layout != NULL &&
          (picture = _es_flame_graph_layout_take_picture (view->cache->layout, view)) != NULL)
        filled = TRUE;
      else if (view->cache != NULL)
        picture = reuse_picture (view->cache, view->width, view->height, scale);
      else
        picture = NULL;
      if (picture == NULL)
        {
          picture = cairo_image_surface_create (CAIRO_FORMAT_RGB24, view->width * scale, view->height * scale);
          if (cairo_surface_status (picture) != CAIRO_STATUS_SUCCESS)
            {
              cairo_surface_destroy (picture);
              cairo_font_options_destroy (options);
              paint (cr, view, FALSE);
              return;
            }
          cairo_surface_set_device_scale (picture, scale, scale);
        }
      painter = cairo_create (picture);
      cairo_set_font_options (painter, options);
      paint (painter, view, filled);
      cairo_destroy (painter);
      if (view->cache != NULL)
        keep_picture (view->cache, view, options, picture);
    }
  cairo_font_options_destroy (options);

  /* A surface pattern would have the recording keep a snapshot of the
   * picture, which cairo copies (a millisecond) when the picture is next
   * drawn into, even once the recording is gone. A raster source is
   * read where the recording is replayed, and the picture lives as long
   * as the recording (below), not drawn into while it does
   * (reuse_picture()). */
  source = cairo_pattern_create_raster_source (picture, CAIRO_CONTENT_COLOR, view->width * scale, view->height * scale);
  cairo_raster_source_pattern_set_acquire (source, acquire_picture, release_picture);
  cairo_matrix_init_scale (&to_pixels, scale, scale);
  cairo_pattern_set_matrix (source, &to_pixels);
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, view->width, view->height);
  cairo_clip (cr);
  cairo_set_source (cr, source);
  cairo_paint (cr);
  cairo_restore (cr);
  cairo_pattern_destroy (source);
  if (cairo_surface_set_user_data (cairo_get_target (cr), &picture_key, picture,
                                   (cairo_destroy_func_t) cairo_surface_destroy) != CAIRO_STATUS_SUCCESS)
    cairo_surface_destroy (picture);
}

/**
 * es_flame_graph_export:
 * @path: where to write; its ending (.png, .svg or .pdf) says the format
 *
 * Draws @view as es_flame_graph_paint() does, to a file, as
 * es_timeline_export() draws the timeline.
 *
 * Returns: %FALSE with @error set if the format is unknown or the file
 *   cannot be written.
 */
static void
paint_flame_graph (cairo_t       *cr,
                   gconstpointer  data)
{
  es_flame_graph_paint (cr, data);
}

gboolean
es_flame_graph_export (const EsFlameGraphView *view,
                       const char             *path,
                       GError                **error)
{
  g_return_val_if_fail (view != NULL && view->profile != NULL, FALSE);
  g_return_val_if_fail (path != NULL && view->width > 0 && view->height > 0, FALSE);

  return es_export_picture (path, view->width, view->height, paint_flame_graph, view, error);
}
