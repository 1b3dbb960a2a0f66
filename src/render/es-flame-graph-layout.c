/* es-flame-graph-layout.c: the frames a flame graph draws, walked from an
 * interval's profile, where a frame is to be drawn and in what colour
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "es-flame-graph-private.h"
#include "es-flame-graph-walk.h"

void
_es_flame_graph_walk_init (Walk                   *walk,
                           const EsFlameGraphView *view)
{
  const EsProfile *profile = view->profile;
  EsProfileFrame zoomed;
  guint64 total;

  memset (walk, 0, sizeof *walk);
  walk->view = view;
  walk->profile = profile;
  /* The rows as the profile counted them: a walk over every frame to find
   * the deepest cost as much as the drawing, for a profile of millions. */
  walk->cursor = g_new0 (double, profile->n_rows + 1);
  walk->ancestors = g_new (guint32, MAX (profile->n_rows, 1));

  if (view->zoom != ES_PROFILE_NO_FRAME && es_profile_get_frame (profile, view->zoom, &zoomed))
    {
      walk->frames = es_profile_walk_new (profile, view->zoom);
      total = zoomed.inherited;
      for (guint32 up = zoomed.parent; up != ES_PROFILE_NO_FRAME && walk->n_ancestors < profile->n_rows;
           up = es_profile_get_frame (profile, up, &zoomed) ? zoomed.parent : ES_PROFILE_NO_FRAME)
        walk->ancestors[walk->n_ancestors++] = up;
    }
  else
    {
      walk->frames = es_profile_walk_new (profile, ES_PROFILE_NO_FRAME);
      total = profile->n_samples;
    }
  walk->scale = total > 0 ? view->width / (double) total : 0.0;
}

void
_es_flame_graph_walk_clear (Walk *walk)
{
  g_free (walk->cursor);
  g_free (walk->ancestors);
  es_profile_walk_free (walk->frames);
}

gboolean
_es_flame_graph_walk_next (Walk     *walk,
                           WalkStep *step)
{
  const EsFlameGraphView *view = walk->view;

  /* The zoomed frame's ancestors, outermost first, each the full width. */
  if (walk->n_ancestors > 0)
    {
      step->frame = walk->ancestors[--walk->n_ancestors];
      es_profile_get_frame (walk->profile, step->frame, &step->f);
      step->x = 0;
      step->width = view->width;
      step->row = (int) step->f.depth;
      return TRUE;
    }

  while (es_profile_walk_next (walk->frames, &step->f))
    {
      const EsProfileFrame *f = &step->f;
      double x = walk->cursor[f->depth], width = (double) f->inherited * walk->scale;

      walk->cursor[f->depth] = x + width;
      walk->cursor[f->depth + 1] = x;
      if (width < ES_FLAME_GRAPH_MIN_WIDTH || (int) f->depth * ES_FLAME_GRAPH_ROW_HEIGHT >= view->height)
        {
          es_profile_walk_skip_children (walk->frames);
          continue;
        }
      step->frame = f->node;
      step->x = x;
      step->width = width;
      step->row = (int) f->depth;
      return TRUE;
    }
  return FALSE;
}

static guint32
color_key (const EsRgba *c)
{
  return ((guint32) round (c->red * 255) << 16) | ((guint32) round (c->green * 255) << 8) |
         (guint32) round (c->blue * 255);
}

/**
 * _es_flame_graph_make_boxes:
 * @steps: (nullable): where to append every frame walked (EsFlameGraphStep)
 *
 * Returns: (transfer full): the boxes of the frames @view draws
 *   (EsFlameGraphBox), in the walk's order
 */
GArray *
_es_flame_graph_make_boxes (const EsFlameGraphView *view,
                            GArray                 *steps)
{
  GArray *boxes = g_array_sized_new (FALSE, FALSE, sizeof (EsFlameGraphBox), 16384);
  Walk walk;
  WalkStep step;

  _es_flame_graph_walk_init (&walk, view);
  while (_es_flame_graph_walk_next (&walk, &step))
    {
      /* Whole pixels, so that a frame ends where its neighbour starts. */
      double x0 = round (step.x), x1 = round (step.x + step.width);
      EsFlameGraphBox box = { x0, step.row * ES_FLAME_GRAPH_ROW_HEIGHT, x1 - x0, 0, step.f.stack, step.f.cost_centre, step.f.cc };
      EsRgba c;

      if (steps != NULL)
        {
          EsFlameGraphStep kept = { step.x, step.width, step.frame, step.f.cost_centre, step.row };

          g_array_append_val (steps, kept);
        }
      if (box.width < 1)
        continue;
      _es_flame_graph_frame_color (view, &step.f, &c);
      box.key = color_key (&c);
      g_array_append_val (boxes, box);
    }
  _es_flame_graph_walk_clear (&walk);
  return boxes;
}

/* A layout: the boxes of a view, and what of the view and its profile
 * they are for. */
struct _EsFlameGraphLayout
{
  GArray           *boxes;
  GArray           *steps;      /* EsFlameGraphStep: every frame walked, in order */
  cairo_surface_t  *picture;    /* (nullable): the boxes as pixels, for the first drawing */
  int               height, scale;  /* the picture's view's */
  const EsProfile  *profile;
  const EsDocument *document;
  guint64           t0, t1, n_samples;
  EsProfKind        kind;
  guint             cap;
  guint32           zoom;
  int               width, rows_shown;
  gboolean          dark;
};

/* The rows a view of @height shows: a walk skips the frames below them. */
static int
rows_shown (const EsProfile *profile,
            int              height)
{
  return (int) MIN ((gint64) profile->n_rows, ((gint64) height + ES_FLAME_GRAPH_ROW_HEIGHT - 1) / ES_FLAME_GRAPH_ROW_HEIGHT);
}

/* The pixels a drawing of @view into a picture of its pixels starts from
 * (es_flame_graph_paint()): its background and boxes, filled as it fills
 * them; or NULL where it would draw otherwise (no scale known), or for a
 * height not yet known. */
static cairo_surface_t *
make_picture (const EsFlameGraphView *view,
              GArray                 *boxes)
{
  cairo_surface_t *picture;
  cairo_t *cr;

  if (view->scale < 1 || view->width <= 0 || view->height <= 0 ||
      (gint64) view->width * view->scale * view->height * view->scale > 16 * 1024 * 1024)
    return NULL;
  picture = cairo_image_surface_create (CAIRO_FORMAT_RGB24, view->width * view->scale, view->height * view->scale);
  if (cairo_surface_status (picture) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (picture);
      return NULL;
    }
  cairo_surface_set_device_scale (picture, view->scale, view->scale);
  cr = cairo_create (picture);
  cairo_rectangle (cr, 0, 0, view->width, view->height);
  cairo_clip (cr);
  _es_flame_graph_fill (cr, view, boxes);
  cairo_destroy (cr);
  return picture;
}

/**
 * _es_flame_graph_layout_take_picture:
 *
 * Returns: (transfer full) (nullable): @layout's picture of its boxes, if
 *   it is @view's (es_flame_graph_cache_has_layout_for(), its height and
 *   scale) and no drawing took it before
 */
cairo_surface_t *
_es_flame_graph_layout_take_picture (EsFlameGraphLayout     *layout,
                                     const EsFlameGraphView *view)
{
  if (layout->picture == NULL || !_es_flame_graph_layout_fits (layout, view) || view->height != layout->height ||
      view->scale != layout->scale)
    return NULL;
  return g_steal_pointer (&layout->picture);
}

/**
 * es_flame_graph_layout_new:
 *
 * Walks the frames @view draws, on any thread: a widget's profile is
 * made on a worker thread, which walks them beside it for the view it
 * is to be drawn in (es_flame_graph_cache_set_layout()), so that its
 * first frame does not; the profile is to outlive the layout's use.
 * Without a search (the colours of the frames matching it are the
 * drawing's). With @view's scale and height, it fills a picture of the
 * boxes too, as es_flame_graph_paint() would (for a window's recording),
 * which its first drawing of that view takes instead of filling one.
 *
 * Returns: (transfer full): the layout
 */
EsFlameGraphLayout *
es_flame_graph_layout_new (const EsFlameGraphView *view)
{
  const EsProfile *p = view->profile;
  EsFlameGraphView plain = *view;
  EsFlameGraphLayout *layout = g_new0 (EsFlameGraphLayout, 1);

  g_return_val_if_fail (view->profile != NULL, NULL);

  plain.search = NULL;
  plain.cache = NULL;
  layout->steps = g_array_new (FALSE, FALSE, sizeof (EsFlameGraphStep));
  layout->boxes = _es_flame_graph_make_boxes (&plain, layout->steps);
  layout->profile = p;
  layout->document = p->document;
  layout->t0 = p->t0;
  layout->t1 = p->t1;
  layout->n_samples = p->n_samples;
  layout->kind = p->kind;
  layout->cap = p->cap;
  layout->zoom = view->zoom;
  layout->width = view->width;
  layout->rows_shown = rows_shown (p, view->height);
  layout->dark = view->dark;
  layout->height = view->height;
  layout->scale = view->scale;
  layout->picture = make_picture (&plain, layout->boxes);
  return layout;
}

void
es_flame_graph_layout_free (EsFlameGraphLayout *layout)
{
  if (layout == NULL)
    return;
  g_array_unref (layout->boxes);
  g_array_unref (layout->steps);
  g_clear_pointer (&layout->picture, cairo_surface_destroy);
  g_free (layout);
}

/* Whether @layout walked the frames @view walks: the same profile (the
 * same object and, should a new one have its address, the same document,
 * interval and counts), zoom, width and rows shown. */
static gboolean
walked_for (const EsFlameGraphLayout *layout,
            const EsFlameGraphView   *view)
{
  const EsProfile *p = view->profile;

  return p == layout->profile && p->document == layout->document && p->t0 == layout->t0 &&
         p->t1 == layout->t1 && p->n_samples == layout->n_samples && p->kind == layout->kind &&
         p->cap == layout->cap && view->zoom == layout->zoom && view->width == layout->width &&
         rows_shown (p, view->height) == layout->rows_shown;
}

/* Whether @layout has the boxes @view draws: walked for it, in its
 * colours, without a search (whose matches have theirs). */
gboolean
_es_flame_graph_layout_fits (const EsFlameGraphLayout *layout,
                             const EsFlameGraphView   *view)
{
  return walked_for (layout, view) && view->dark == layout->dark && (view->search == NULL || view->search[0] == '\0');
}

/* The frames @view walks, as its cache's layout has them, or NULL. */
const EsFlameGraphStep *
_es_flame_graph_layout_steps (const EsFlameGraphView *view,
                              guint                  *n_steps)
{
  const EsFlameGraphLayout *layout = view->cache != NULL ? _es_flame_graph_cache_get_layout (view->cache) : NULL;

  if (layout == NULL || !walked_for (layout, view))
    return NULL;
  *n_steps = layout->steps->len;
  return (const EsFlameGraphStep *) (gconstpointer) layout->steps->data;
}

GArray *
_es_flame_graph_layout_get_boxes (const EsFlameGraphLayout *layout)
{
  return layout->boxes;
}
