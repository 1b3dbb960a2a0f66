/* es-band-cache.c: the timeline's bands of rows kept from one frame to the next
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-band-cache.h"

/* The rows widget paints what the viewport shows in bands of whole rows,
 * a Cairo node each (es_timeline_band_end()). When the pane above the
 * panels grows to fit the rows (the threads' section opened), the viewport
 * shows more and the widget paints again: every band, though only the
 * new ones at the bottom differ, and the leading ones (the ruler, the
 * Activity row, the capabilities, the heap) are the dearest to paint.
 * So a frame's bands are kept, with what they were painted for, and the
 * next frame takes back each band it paints over the same rows for the
 * same view: the painter runs for the others only, and GTK, finding the
 * same nodes, redraws none of their pixels.
 *
 * What a band shows beyond the view and the layout (the rows array, made
 * anew by each relayout) is for the caller to say: it forgets the bands
 * when that changes (es_band_cache_forget()), and keeps none whose rows
 * wait for what comes in meanwhile (threads' states workers still make). */

typedef struct
{
  int            top;
  int            bottom;
  GskRenderNode *node;
} Band;

struct _EsBandCache
{
  EsTimelineView view;     /* what the bands were painted for */
  GArray        *rows;     /* (nullable): their layout; not owned, compared only */
  gboolean       known;    /* whether view and rows say anything */
  GArray        *kept;     /* Band: the last frame's, to be taken back */
  GArray        *next;     /* Band: this frame's */
};

static void
band_clear (gpointer data)
{
  Band *band = data;

  g_clear_pointer (&band->node, gsk_render_node_unref);
}

EsBandCache *
es_band_cache_new (void)
{
  EsBandCache *cache = g_new0 (EsBandCache, 1);

  cache->kept = g_array_new (FALSE, FALSE, sizeof (Band));
  cache->next = g_array_new (FALSE, FALSE, sizeof (Band));
  g_array_set_clear_func (cache->kept, band_clear);
  g_array_set_clear_func (cache->next, band_clear);
  return cache;
}

void
es_band_cache_free (EsBandCache *cache)
{
  if (cache == NULL)
    return;
  g_array_unref (cache->kept);
  g_array_unref (cache->next);
  g_free (cache);
}

/**
 * es_band_cache_forget:
 *
 * Drops every band: what they show has changed in a way the view does
 * not say (a relayout, the bookmarks, the theme's fonts).
 */
void
es_band_cache_forget (EsBandCache *cache)
{
  g_return_if_fail (cache != NULL);

  g_array_set_size (cache->kept, 0);
  g_array_set_size (cache->next, 0);
  cache->known = FALSE;
  cache->rows = NULL;
}

static gboolean
same_view (const EsTimelineView *a,
           const EsTimelineView *b)
{
  return a->document == b->document && a->t0 == b->t0 && a->t1 == b->t1 && a->width == b->width &&
         a->dark == b->dark && a->selected_thread == b->selected_thread && a->thread_states == b->thread_states &&
         a->bookmarks == b->bookmarks && a->profile_chosen == b->profile_chosen &&
         a->profile_cost_centre == b->profile_cost_centre && a->profile_kind == b->profile_kind &&
         a->profile_one_cap == b->profile_one_cap && a->profile_cap == b->profile_cap && a->ongoing == b->ongoing;
}

/**
 * es_band_cache_begin:
 * @view: what this frame paints
 * @rows: its layout
 *
 * Starts a frame: the last frame's bands may be taken back if they were
 * painted for the same @view and @rows; those this frame does not take
 * back go at the next es_band_cache_begin().
 */
void
es_band_cache_begin (EsBandCache          *cache,
                     const EsTimelineView *view,
                     GArray               *rows)
{
  GArray *swap;

  g_return_if_fail (cache != NULL);
  g_return_if_fail (view != NULL);

  swap = cache->kept;
  cache->kept = cache->next;
  cache->next = swap;
  g_array_set_size (cache->next, 0);
  /* A log still written may grow under the same view: nothing is kept. */
  if (!cache->known || cache->rows != rows || !same_view (&cache->view, view) || view->ongoing)
    g_array_set_size (cache->kept, 0);
  cache->view = *view;
  cache->rows = rows;
  cache->known = TRUE;
}

/**
 * es_band_cache_lookup:
 *
 * Returns: (transfer none) (nullable): the last frame's node of the band
 *   [@top, @bottom), if it can be taken back
 */
GskRenderNode *
es_band_cache_lookup (EsBandCache *cache,
                      int          top,
                      int          bottom)
{
  g_return_val_if_fail (cache != NULL, NULL);

  for (guint i = 0; i < cache->kept->len; i++)
    {
      const Band *band = &g_array_index (cache->kept, Band, i);

      if (band->top == top && band->bottom == bottom)
        return band->node;
    }
  return NULL;
}

/**
 * es_band_cache_keep:
 * @node: the band [@top, @bottom) as this frame painted it (or took it
 *   back)
 *
 * Offers the band to the next frame.
 */
void
es_band_cache_keep (EsBandCache   *cache,
                    int            top,
                    int            bottom,
                    GskRenderNode *node)
{
  Band band = { top, bottom, NULL };

  g_return_if_fail (cache != NULL);
  g_return_if_fail (GSK_IS_RENDER_NODE (node));

  band.node = gsk_render_node_ref (node);
  g_array_append_val (cache->next, band);
}
