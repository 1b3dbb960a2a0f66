/* es-lod-frame.c: a frame's level-of-detail columns, made before the frame
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-lod-frame.h"

/* A followed log's every update is a new document, and the view follows
 * its end: each update's first frame would query every cap's activities,
 * sparks and the heap again, over arrays that grew, as the window's main
 * thread paints it (a third of that frame on the painting thread, and as
 * much again on the painter's helpers, on the same two cores). The
 * follower makes them instead, on its own thread, before it shows the
 * update (es_lod_frame_prepare_after()): for the view the window painted
 * the update before at, carried on to the new end, split into the same
 * parts as the painter splits them, so that the columns are the painter's
 * to the bit. A frame of any other view queries as before. */

/* Zoomed out, a row's query is split into column ranges so that the
 * painter's helpers (one a core but the painting one) share the last, long
 * ones too. A range is a query of its own, whose column edges may round
 * one nanosecond apart from the whole query's: nothing to see at a
 * microsecond per pixel and more, so the split waits until then. */
#define SPLIT_MIN_NS_PER_PX  1000.0

/**
 * es_lod_frame_helpers:
 *
 * Returns: how many threads help a frame's queries: one a core but the
 *   painting one, at most 15
 */
guint
es_lod_frame_helpers (void)
{
  return MIN (g_get_num_processors () - 1, 15);
}

/**
 * es_lod_frame_n_parts:
 *
 * Returns: how many parts a frame of the view [@t0, @t1] over @width
 *   pixels splits each row's query into
 */
guint
es_lod_frame_n_parts (guint64 t0,
                      guint64 t1,
                      guint   width)
{
  double ns_per_px = (double) (t1 > t0 ? t1 - t0 : 1) / MAX (width, 1);

  return es_lod_frame_helpers () > 0 && ns_per_px >= SPLIT_MIN_NS_PER_PX ? es_lod_frame_helpers () + 1 : 1;
}

/* The view a document was last painted at, whose columns its next
 * update makes for its own end. */
typedef struct
{
  GMutex  lock;
  gboolean set;
  guint64 t0;
  guint64 t1;
  guint   width;
  guint   n_parts;
} PaintedView;

struct _EsLodFrame
{
  guint64            t0;
  guint64            t1;
  guint              width;
  guint              n_parts;
  guint              n_caps;
  EsActivityColumn **activity;    /* per cap */
  EsSparkColumn    **sparks;      /* per cap; NULL for a cap without sparks */
  EsHeapColumn      *heap;        /* (nullable): none without a heap */
  float             *busy;        /* the caps running, for a frame that draws some of their rows */
};

static GQuark
frame_quark (void)
{
  return g_quark_from_static_string ("es-lod-frame");
}

static GQuark
view_quark (void)
{
  return g_quark_from_static_string ("es-lod-frame-view");
}

static void
copy_rate (EsLodKind kind,
           gpointer  columns,
           guint     to,
           guint     from)
{
  switch (kind)
    {
    case ES_LOD_HEAP:
      ((EsHeapColumn *) columns)[to].alloc_rate = ((EsHeapColumn *) columns)[from].alloc_rate;
      break;
    case ES_LOD_BUSY:
      ((float *) columns)[to] = ((float *) columns)[from];
      break;
    case ES_LOD_SPARKS:
      {
        EsSparkColumn *c = &((EsSparkColumn *) columns)[to];
        const EsSparkColumn *f = &((EsSparkColumn *) columns)[from];

        c->created = f->created;
        c->dud = f->dud;
        c->overflowed = f->overflowed;
        c->converted = f->converted;
        c->fizzled = f->fizzled;
        c->gcd = f->gcd;
      }
      break;
    case ES_LOD_ACTIVITY:
    default:
      break;
    }
}

/* Below a nanosecond per pixel, most columns are zero-width instants,
 * where a query finds no time for a rate to show in: they take the rate
 * of the nanosecond they are in, held by the next column that starts
 * there, instead of drawing as gaps between spikes. */
static void
hold_rates (EsLodKind kind,
            guint64   t0,
            guint64   t1,
            guint     width,
            guint     first,
            guint     n,
            gpointer  columns)
{
  guint last = first + n - 1;

#define ZERO_WIDTH(i) (es_lod_column_start (t0, t1, width, (i)) == es_lod_column_start (t0, t1, width, (i) + 1))
  for (guint i = last; i-- > first;)
    if (ZERO_WIDTH (i))
      copy_rate (kind, columns, i, i + 1);
  /* The view's last instant has no next column: the one before it. */
  if (last > first && ZERO_WIDTH (last))
    copy_rate (kind, columns, last, last - 1);
#undef ZERO_WIDTH
}

/**
 * es_lod_columns_fill:
 * @columns: the view's @width columns of @kind (EsHeapColumn, float,
 *   EsActivityColumn or EsSparkColumn)
 *
 * Fills columns [@first, @first + @n) of the view [@t0, @t1] over @width
 * pixels, as one query: a frame's part of a row (es-timeline-columns.c).
 */
void
es_lod_columns_fill (EsDocument *document,
                     EsLodKind   kind,
                     guint       cap,
                     guint64     t0,
                     guint64     t1,
                     guint       width,
                     guint       first,
                     guint       n,
                     gpointer    columns)
{
  guint64 a = es_lod_column_start (t0, t1, width, first);
  guint64 b = es_lod_column_start (t0, t1, width, first + n);
  double ns_per_px = (double) (t1 > t0 ? t1 - t0 : 1) / width;

  switch (kind)
    {
    case ES_LOD_HEAP:
      es_lod_heap (document, a, b, n, (EsHeapColumn *) columns + first);
      break;
    case ES_LOD_BUSY:
      es_lod_busy_caps (document, a, b, n, (float *) columns + first);
      break;
    case ES_LOD_ACTIVITY:
      es_lod_activity (document, cap, a, b, n, (EsActivityColumn *) columns + first);
      break;
    case ES_LOD_SPARKS:
      es_lod_sparks (document, cap, a, b, n, (EsSparkColumn *) columns + first);
      break;
    default:
      g_assert_not_reached ();
    }
  if (ns_per_px < 1)
    hold_rates (kind, t0, t1, width, first, n, columns);
}

gboolean
es_lod_has_sparks (EsDocument *document,
                   guint       cap)
{
  return es_cap_timeline_get_n_spark_samples (es_document_get_cap (document, cap)) > 0;
}

gboolean
es_lod_has_heap (EsDocument *document)
{
  return es_series_get_length (es_document_get_heap_size (document)) > 0 ||
         es_series_get_length (es_document_get_heap_live (document)) > 0 ||
         es_series_get_length (es_document_get_allocated (document)) > 0;
}

static gpointer
make_view (EsDocument *document)
{
  PaintedView *view = g_new0 (PaintedView, 1);

  g_mutex_init (&view->lock);
  return view;
}

static void
view_free (gpointer data)
{
  PaintedView *view = data;

  g_mutex_clear (&view->lock);
  g_free (view);
}

/**
 * es_lod_frame_note_view:
 * @n_parts: how many parts each row's query was split into
 *
 * Tells @document the view a frame of it was painted at: the update that
 * follows it makes its columns for that view, carried on to its own end
 * (es_lod_frame_prepare_after()).
 */
void
es_lod_frame_note_view (EsDocument *document,
                        guint64     t0,
                        guint64     t1,
                        guint       width,
                        guint       n_parts)
{
  PaintedView *view;

  g_return_if_fail (ES_IS_DOCUMENT (document));

  view = es_document_get_derived (document, view_quark (), make_view, view_free);
  g_mutex_lock (&view->lock);
  view->set = TRUE;
  view->t0 = t0;
  view->t1 = t1;
  view->width = width;
  view->n_parts = n_parts;
  g_mutex_unlock (&view->lock);
}

static void
frame_free (gpointer data)
{
  EsLodFrame *frame = data;

  for (guint c = 0; c < frame->n_caps; c++)
    {
      g_free (frame->activity[c]);
      g_free (frame->sparks[c]);
    }
  g_free (frame->activity);
  g_free (frame->sparks);
  g_free (frame->heap);
  g_free (frame->busy);
  g_free (frame);
}

static void
fill_parts (EsLodFrame *frame,
            EsDocument *document,
            EsLodKind   kind,
            guint       cap,
            gpointer    columns)
{
  for (guint k = 0; k < frame->n_parts; k++)
    {
      guint first = (guint) ((guint64) frame->width * k / frame->n_parts);
      guint end = (guint) ((guint64) frame->width * (k + 1) / frame->n_parts);

      if (end > first)
        es_lod_columns_fill (document, kind, cap, frame->t0, frame->t1, frame->width, first, end - first, columns);
    }
}

/* The columns of [@t0, @t1] over @width pixels, each row's in @n_parts
 * queries, as the painter splits them. */
static EsLodFrame *
frame_new (EsDocument *document,
           guint64     t0,
           guint64     t1,
           guint       width,
           guint       n_parts)
{
  EsLodFrame *frame = g_new0 (EsLodFrame, 1);

  *frame = (EsLodFrame) { t0, t1, width, n_parts, es_document_get_n_caps (document), NULL, NULL, NULL, NULL };
  frame->activity = g_new0 (EsActivityColumn *, MAX (frame->n_caps, 1));
  frame->sparks = g_new0 (EsSparkColumn *, MAX (frame->n_caps, 1));
  for (guint c = 0; c < frame->n_caps; c++)
    {
      frame->activity[c] = g_new (EsActivityColumn, width);
      fill_parts (frame, document, ES_LOD_ACTIVITY, c, frame->activity[c]);
      if (es_lod_has_sparks (document, c))
        {
          frame->sparks[c] = g_new (EsSparkColumn, width);
          fill_parts (frame, document, ES_LOD_SPARKS, c, frame->sparks[c]);
        }
    }
  if (es_lod_has_heap (document))
    {
      frame->heap = g_new (EsHeapColumn, width);
      fill_parts (frame, document, ES_LOD_HEAP, 0, frame->heap);
    }
  frame->busy = g_new (float, width);
  fill_parts (frame, document, ES_LOD_BUSY, 0, frame->busy);
  return frame;
}

/**
 * es_lod_frame_prepare_after:
 * @previous: (nullable): the update shown before @document
 *
 * Makes the columns of @document's first frame, where the view @previous
 * was last painted at (or, not painted yet, was made for) reached its end,
 * as a view that follows a live log does: the same start and width, to
 * @document's end. Called by the live follower on its own thread, before
 * it shows @document.
 */
void
es_lod_frame_prepare_after (EsDocument *document,
                            EsDocument *previous)
{
  PaintedView *painted;
  const EsLodFrame *made;
  guint64 t0, t1, previous_end;
  guint width, n_parts;

  g_return_if_fail (ES_IS_DOCUMENT (document));

  if (previous == NULL || es_document_peek_derived (document, frame_quark ()) != NULL)
    return;
  painted = es_document_peek_derived (previous, view_quark ());
  made = es_document_peek_derived (previous, frame_quark ());
  if (painted != NULL)
    {
      g_mutex_lock (&painted->lock);
      t0 = painted->t0;
      t1 = painted->t1;
      width = painted->width;
      n_parts = painted->n_parts;
      if (!painted->set)
        width = 0;
      g_mutex_unlock (&painted->lock);
    }
  else if (made != NULL)
    {
      t0 = made->t0;
      t1 = made->t1;
      width = made->width;
      n_parts = made->n_parts;
    }
  else
    return;
  previous_end = es_document_get_end_time (previous);
  /* A view that does not reach the end stays where it is: its frames are
   * not a new document's to make. */
  if (width == 0 || n_parts == 0 || t1 < previous_end || t0 >= t1)
    return;
  t1 = MAX (t1, es_document_get_end_time (document));
  es_document_set_derived (document, frame_quark (), frame_new (document, t0, t1, width, n_parts), frame_free);
}

/**
 * es_lod_frame_prepare:
 *
 * Makes the columns of a frame of @document over [@t0, @t1], @width
 * pixels wide, before it is painted: a followed log's first update,
 * which has no update before it to go on from, for the view the window
 * will show it at (es_live_follower_set_frame_width()).
 */
void
es_lod_frame_prepare (EsDocument *document,
                      guint64     t0,
                      guint64     t1,
                      guint       width)
{
  g_return_if_fail (ES_IS_DOCUMENT (document));

  if (width == 0 || t1 <= t0 || es_document_peek_derived (document, frame_quark ()) != NULL)
    return;
  es_document_set_derived (document, frame_quark (), frame_new (document, t0, t1, width, es_lod_frame_n_parts (t0, t1, width)),
                           frame_free);
}

/**
 * es_lod_frame_find:
 *
 * Returns: (nullable) (transfer none): the columns made for the view
 *   [@t0, @t1] over @width pixels in @n_parts parts, or NULL
 */
const EsLodFrame *
es_lod_frame_find (EsDocument *document,
                   guint64     t0,
                   guint64     t1,
                   guint       width,
                   guint       n_parts)
{
  const EsLodFrame *frame;

  g_return_val_if_fail (ES_IS_DOCUMENT (document), NULL);

  frame = es_document_peek_derived (document, frame_quark ());
  if (frame == NULL || frame->t0 != t0 || frame->t1 != t1 || frame->width != width || frame->n_parts != n_parts)
    return NULL;
  return frame;
}

/**
 * es_lod_frame_get:
 *
 * Returns: (nullable) (transfer none): the columns made for @document's
 *   first frame, whatever their view, or NULL
 */
const EsLodFrame *
es_lod_frame_get (EsDocument *document)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (document), NULL);

  return es_document_peek_derived (document, frame_quark ());
}

void
es_lod_frame_get_view (const EsLodFrame *frame,
                       guint64          *t0,
                       guint64          *t1,
                       guint            *width)
{
  *t0 = frame->t0;
  *t1 = frame->t1;
  *width = frame->width;
}

EsActivityColumn *
es_lod_frame_get_activity (const EsLodFrame *frame,
                           guint             cap)
{
  return cap < frame->n_caps ? frame->activity[cap] : NULL;
}

EsSparkColumn *
es_lod_frame_get_sparks (const EsLodFrame *frame,
                         guint             cap)
{
  return cap < frame->n_caps ? frame->sparks[cap] : NULL;
}

EsHeapColumn *
es_lod_frame_get_heap (const EsLodFrame *frame)
{
  return frame->heap;
}

/* The busy caps (es_lod_busy_caps()), for a frame whose rows are not
 * every cap's. */
const float *
es_lod_frame_get_busy (const EsLodFrame *frame)
{
  return frame->busy;
}
