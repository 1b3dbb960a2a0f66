/* es-timeline-rows.c: the rows of the timeline, drawn by the painter
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "es-timeline-rows.h"

#include "es-band-cache.h"
#include "es-give-back.h"

#include "es-profile.h"

/* This widget only draws the rows. GTK keeps its render node until the
 * visible span, the rows or the size change, so the hover line and the
 * selection, drawn by the parent EsTimeline above it, never repaint it. */

#define DEFAULT_KINDS ES_TIMELINE_DEFAULT_ROWS

/* The runtime counters shown until the user chooses. Mono 6's profiler
 * samples them by default, so nearly every Mono log has a couple of
 * hundred: two rows say most of how a run went, the process's memory and
 * the methods the JIT compiled (its warm-up), and the Traces tab offers
 * the rest. */
static const char *const default_counters[] = {
  "Mono System/Working Set", "Mono JIT/Methods JITted using mono JIT", NULL,
};

struct _EsTimelineRows
{
  GtkWidget    parent_instance;

  EsSession   *session;
  gulong       visible_handler;
  gulong       chosen_handler;
  GArray      *rows;              /* EsTimelineRow */
  guint32      visible_kinds;
  guint32      pinned_kinds;      /* kept at the top, under the ruler, when scrolled */
  GStrv        counters;          /* the counters drawn as rows: "Section/Name" */
  gboolean     no_ruler;          /* a comparison's lower timeline */
  guint32      selected_thread;   /* 0: none */
  EsThreadStateCache *thread_states;
  EsBookmarks *bookmarks;         /* drawn over the rows, or NULL */
  gulong       bookmarks_handler;
  EsBandCache *bands;             /* the last frame's bands, to be taken back */
};

enum
{
  PROP_0,
  PROP_VISIBLE_KINDS,
  PROP_PINNED_KINDS,
  PROP_SELECTED_THREAD,
  PROP_COUNTERS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Threads' states for the thread rows, kept between frames. */
#define THREAD_STATES_CACHED (4u << 20)

G_DEFINE_FINAL_TYPE (EsTimelineRows, es_timeline_rows, GTK_TYPE_WIDGET)

GtkWidget *
es_timeline_rows_new (void)
{
  return g_object_new (ES_TYPE_TIMELINE_ROWS, NULL);
}

/* Whether @widget shows a dark theme: its text is light. */
gboolean
es_timeline_rows_is_dark (GtkWidget *widget)
{
  GdkRGBA color;

  /* Light text means a dark theme. */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
  G_GNUC_END_IGNORE_DEPRECATIONS
  return color.red + color.green + color.blue > 1.5;
}

void
es_timeline_rows_get_view (EsTimelineRows *self,
                           EsTimelineView *view)
{
  g_return_if_fail (ES_IS_TIMELINE_ROWS (self));

  *view = (EsTimelineView) { 0 };
  if (self->session == NULL)
    return;
  view->document = es_session_get_document (self->session);
  es_session_get_visible (self->session, &view->t0, &view->t1);
  view->width = MAX (1, gtk_widget_get_width (GTK_WIDGET (self)) - ES_TIMELINE_GUTTER);
  view->dark = es_timeline_rows_is_dark (GTK_WIDGET (self));
  view->selected_thread = self->selected_thread;
  view->thread_states = self->thread_states;
  view->bookmarks = self->bookmarks != NULL ? es_bookmarks_get_array (self->bookmarks) : NULL;
  view->profile_cost_centre = es_session_get_chosen_cost_centre (self->session);
  view->profile_chosen = view->profile_cost_centre != ES_PROFILE_NO_COST_CENTRE;
  es_session_get_profile_view (self->session, &view->profile_kind, &view->profile_cap);
  view->profile_one_cap = view->profile_cap != ES_PROFILE_ALL_CAPS;
  view->ongoing = es_session_get_ongoing (self->session);
}

/* The part of the widget the viewport shows, [*top, *bottom); the whole
 * widget outside a viewport. */
static void
get_shown (EsTimelineRows *self,
           int            *top,
           int            *bottom)
{
  GtkWidget *viewport = gtk_widget_get_parent (GTK_WIDGET (self));
  GtkAdjustment *vadjustment = GTK_IS_SCROLLABLE (viewport)
                               ? gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (viewport)) : NULL;
  int height = gtk_widget_get_height (GTK_WIDGET (self));

  *top = 0;
  *bottom = height;
  if (vadjustment != NULL && gtk_adjustment_get_page_size (vadjustment) > 0)
    {
      *top = CLAMP ((int) floor (gtk_adjustment_get_value (vadjustment)), 0, height);
      *bottom = CLAMP ((int) ceil (gtk_adjustment_get_value (vadjustment) +
                                   gtk_adjustment_get_page_size (vadjustment)), *top, height);
    }
}

/* How tall the rows pinned to the top are: the ruler and the rows the
 * user pins (Activity by default), which lead the layout. Scrolled down to
 * the threads, they stay in view, over the rows that pass under them; at
 * most half of what is shown, so that something scrolls. */
static int
pinned_height (EsTimelineRows *self)
{
  int height = 0, top, bottom;

  for (guint i = 0; self->rows != NULL && i < self->rows->len; i++)
    {
      const EsTimelineRow *row = &g_array_index (self->rows, EsTimelineRow, i);

      if (row->kind != ES_ROW_RULER && !(self->pinned_kinds & (1u << row->kind)))
        break;
      height = row->y + row->height;
    }
  get_shown (self, &top, &bottom);
  return MIN (height, (bottom - top) / 2);
}

/* Whether the states of thread @thread_index are made, so that a frame
 * paints them, not the placeholder it shows meanwhile. */
static gboolean
thread_states_made (const EsTimelineView *view,
                    guint                 thread_index)
{
  return view->thread_states != NULL && thread_index < es_document_get_n_threads (view->document) &&
         es_thread_state_cache_get_document (view->thread_states) == view->document &&
         es_thread_state_cache_get_if_made (view->thread_states, thread_index) != NULL;
}

/* Whether the band [top, bottom) of @rows, about to be painted, may be
 * kept for the next frame: what its rows draw comes in without a change
 * of the view only as the threads' states (a thread row's own, or the
 * selected thread's runs over the capability rows), which workers make
 * meanwhile. A band painted once they are all made stays right: a log
 * no longer written keeps its states (an ongoing one keeps no band). */
static gboolean
band_can_be_kept (const EsTimelineView *view,
                  GArray               *rows,
                  int                   top,
                  int                   bottom)
{
  /* The selected thread's states are asked for once, at the first
   * capability row, not at every one. */
  gboolean selected_made = view->selected_thread == 0;

  for (guint i = 0; i < rows->len; i++)
    {
      const EsTimelineRow *row = &g_array_index (rows, EsTimelineRow, i);

      if (row->y + row->height <= top)
        continue;
      if (row->y >= bottom)
        break;
      if (row->kind == ES_ROW_THREAD && !thread_states_made (view, row->thread))
        return FALSE;
      if (row->kind == ES_ROW_CAP && !selected_made)
        {
          if (!thread_states_made (view, es_document_find_thread (view->document, view->selected_thread)))
            return FALSE;
          selected_made = TRUE;
        }
    }
  return TRUE;
}

/* Paints @rows over [top, bottom) of the widget in bands of whole rows,
 * each its own Cairo node (see es_timeline_band_end()), in one go, with
 * their labels; @shift moves them down from where the layout puts them.
 * With @cache, the leading bands the last frame painted alike are taken
 * back from it, and the bands painted kept in it (es-band-cache.c). */
static void
paint_rows (GtkSnapshot          *snapshot,
            const EsTimelineView *view,
            GArray               *rows,
            int                   width,
            int                   top,
            int                   bottom,
            int                   shift,
            EsBandCache          *cache)
{
  g_autoptr(GPtrArray) bands = g_ptr_array_new_with_free_func ((GDestroyNotify) cairo_destroy);
  g_autoptr(GPtrArray) nodes = g_ptr_array_new_with_free_func ((GDestroyNotify) gsk_render_node_unref);
  g_autoptr(GArray) spans = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) keepable = g_array_new (FALSE, FALSE, sizeof (gboolean));
  int band_top = top;

  if (cache != NULL)
    es_band_cache_begin (cache, view, rows);
  /* Only leading bands: the painter paints a run of bands, top down. */
  while (cache != NULL && band_top < bottom)
    {
      int band_bottom = es_timeline_band_end (rows, band_top - shift, bottom - shift) + shift;
      GskRenderNode *kept = es_band_cache_lookup (cache, band_top, band_bottom);

      if (kept == NULL)
        break;
      gtk_snapshot_append_node (snapshot, kept);
      es_band_cache_keep (cache, band_top, band_bottom, kept);
      band_top = band_bottom;
    }
  while (band_top < bottom)
    {
      int band_bottom = es_timeline_band_end (rows, band_top - shift, bottom - shift) + shift;
      GskRenderNode *node = gsk_cairo_node_new (&GRAPHENE_RECT_INIT (0, band_top, width, band_bottom - band_top));
      cairo_t *cr = gsk_cairo_node_get_draw_context (node);

      cairo_translate (cr, 0, shift);
      g_ptr_array_add (bands, cr);
      g_ptr_array_add (nodes, node);
      g_array_append_val (spans, band_top);
      g_array_append_val (spans, band_bottom);
      /* Asked before the painter looks for the states: made now, they are
       * what it paints; made meanwhile, the next frame paints them again. */
      if (cache != NULL)
        {
          gboolean can = band_can_be_kept (view, rows, band_top - shift, band_bottom - shift);

          g_array_append_val (keepable, can);
        }
      band_top = band_bottom;
    }
  if (bands->len == 0)
    return;
  es_timeline_paint_bands ((cairo_t *const *) bands->pdata, bands->len, view, rows);
  for (guint i = 0; i < bands->len; i++)
    es_timeline_paint_labels (g_ptr_array_index (bands, i), view, rows);
  /* The recordings end before their nodes are drawn or kept. */
  g_ptr_array_set_size (bands, 0);
  for (guint i = 0; i < nodes->len; i++)
    {
      int span_top = g_array_index (spans, int, 2 * i), span_bottom = g_array_index (spans, int, 2 * i + 1);

      gtk_snapshot_append_node (snapshot, g_ptr_array_index (nodes, i));
      if (cache != NULL && g_array_index (keepable, gboolean, i))
        es_band_cache_keep (cache, span_top, span_bottom, g_ptr_array_index (nodes, i));
    }
}

static void
es_timeline_rows_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  EsTimelineRows *self = ES_TIMELINE_ROWS (widget);
  EsTimelineView view;
  int width = gtk_widget_get_width (widget);
  int top, bottom, pinned;

  if (self->session == NULL || self->rows == NULL || width <= ES_TIMELINE_GUTTER)
    return;

  /* Only the part the viewport shows: with thousands of rows the whole
   * widget would be a surface of gigabytes. */
  get_shown (self, &top, &bottom);
  if (bottom <= top)
    return;

  es_timeline_rows_get_view (self, &view);
  pinned = top > 0 ? MIN (pinned_height (self), bottom - top) : 0;
  paint_rows (snapshot, &view, self->rows, width, top + pinned, bottom, 0, self->bands);
  if (pinned > 0)
    {
      g_autoptr(GArray) leading = g_array_new (FALSE, FALSE, sizeof (EsTimelineRow));
      GdkRGBA shadow = { 0, 0, 0, es_timeline_rows_is_dark (widget) ? 0.5 : 0.15 };

      for (guint i = 0; i < self->rows->len && g_array_index (self->rows, EsTimelineRow, i).y < pinned; i++)
        g_array_append_val (leading, g_array_index (self->rows, EsTimelineRow, i));
      paint_rows (snapshot, &view, leading, width, top, top + pinned, top, NULL);
      /* A line under them, that the rows pass beneath. */
      gtk_snapshot_append_color (snapshot, &shadow, &GRAPHENE_RECT_INIT (0, top + pinned, width, 2));
    }
}

static void
es_timeline_rows_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  EsTimelineRows *self = ES_TIMELINE_ROWS (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = ES_TIMELINE_GUTTER + 200;
  else
    *minimum = *natural = self->rows != NULL ? es_timeline_layout_height (self->rows) : 0;
}

/* Paints every band afresh: what they show changed beyond the view. */
static void
repaint_all (EsTimelineRows *self)
{
  es_band_cache_forget (self->bands);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
relayout (EsTimelineRows *self)
{
  /* A new layout may come at the address of the old one. */
  es_band_cache_forget (self->bands);
  g_clear_pointer (&self->rows, g_array_unref);
  if (self->session != NULL)
    {
      EsDocument *document = es_session_get_document (self->session);
      g_autoptr(GArray) counters = es_timeline_choose_counters (document, (const char * const *) self->counters);

      self->rows = es_timeline_layout_with_counters (document, self->visible_kinds, counters);
      es_timeline_layout_pin (self->rows, self->pinned_kinds);
    }
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

static void
visible_changed_cb (EsTimelineRows *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Some thread rows' states are made: they are painted. */
static void
thread_states_ready (gpointer data)
{
  EsTimelineRows *self = data;

  gtk_widget_queue_draw (GTK_WIDGET (self));
  /* The first frames of the thread rows, drawn while their states were
   * made, left megabytes free in the heap (the Threads section's opening
   * on the 86 MB ping-pong log, 9 MB): given back once the frame that
   * shows the last of them is drawn. */
  if (!es_thread_state_cache_is_making (self->thread_states))
    es_give_back_after_frame (GTK_WIDGET (self));
  /* A tooltip over a thread whose states were not made yet said so: it
   * is asked again now they are. */
  gtk_widget_trigger_tooltip_query (GTK_WIDGET (self));
}

void
es_timeline_rows_set_session (EsTimelineRows *self,
                              EsSession      *session)
{
  g_autoptr(EsThreadStateCache) previous_states = NULL;

  g_return_if_fail (ES_IS_TIMELINE_ROWS (self));

  if (self->session == session)
    return;
  if (self->session != NULL)
    {
      g_clear_signal_handler (&self->visible_handler, self->session);
      g_clear_signal_handler (&self->chosen_handler, self->session);
    }
  g_set_object (&self->session, session);
  previous_states = g_steal_pointer (&self->thread_states);
  self->selected_thread = 0;
  /* The thread rows' states are made in a worker: a frame never waits
   * for them, and paints them once they are in. A followed log's newer
   * document shows the states of the one before meanwhile, not rows
   * gone blank at each update. */
  if (session != NULL)
    self->thread_states = es_thread_state_cache_new_async (es_session_get_document (session), THREAD_STATES_CACHED,
                                                           es_session_is_continuing (session)
                                                             ? g_steal_pointer (&previous_states) : NULL,
                                                           thread_states_ready, self);
  if (session != NULL)
    {
      self->visible_handler = g_signal_connect_object (session, "visible-changed",
                                                       G_CALLBACK (visible_changed_cb), self,
                                                       G_CONNECT_SWAPPED);
      /* The Profile row marks where the chosen cost centre ran. */
      self->chosen_handler = g_signal_connect_object (session, "chosen-cost-centre-changed",
                                                      G_CALLBACK (repaint_all), self,
                                                      G_CONNECT_SWAPPED);
      /* ... of the samples or the call time shown, one thread's or all */
      g_signal_connect_object (session, "profile-view-changed", G_CALLBACK (repaint_all), self,
                               G_CONNECT_SWAPPED);
    }
  relayout (self);
}

/* Which rows to show: a mask of 1 << EsRowKind (the Traces panel). */
void
es_timeline_rows_set_visible_kinds (EsTimelineRows *self,
                                    guint32         kinds)
{
  g_return_if_fail (ES_IS_TIMELINE_ROWS (self));

  if (self->no_ruler)
    kinds &= ~(1u << ES_ROW_RULER);
  else
    kinds |= 1u << ES_ROW_RULER;
  if (self->visible_kinds == kinds)
    return;
  self->visible_kinds = kinds;
  relayout (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VISIBLE_KINDS]);
}

/**
 * es_timeline_rows_set_pinned_kinds:
 * @kinds: a mask of 1 << EsRowKind: the rows kept at the top, under the
 *   ruler, while the rest scroll (the Traces panel's pins; Activity by
 *   default)
 */
void
es_timeline_rows_set_pinned_kinds (EsTimelineRows *self,
                                   guint32         kinds)
{
  g_return_if_fail (ES_IS_TIMELINE_ROWS (self));

  if (self->pinned_kinds == kinds)
    return;
  self->pinned_kinds = kinds;
  relayout (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PINNED_KINDS]);
}

/**
 * es_timeline_rows_set_counters:
 * @counters: (array zero-terminated=1): the runtime counters to draw, each
 *   a row under the Heap row, as "Section/Name" ("Mono System/Working
 *   Set"); those the log lacks are left out (a live log's may come later)
 */
void
es_timeline_rows_set_counters (EsTimelineRows     *self,
                               const char * const *counters)
{
  g_return_if_fail (ES_IS_TIMELINE_ROWS (self));

  if (counters != NULL && self->counters != NULL && g_strv_equal (counters, (const char * const *) self->counters))
    return;
  g_strfreev (self->counters);
  self->counters = g_strdupv ((char **) counters);
  if (self->counters == NULL)
    self->counters = g_new0 (char *, 1);
  relayout (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COUNTERS]);
}

const char * const *
es_timeline_rows_get_counters (EsTimelineRows *self)
{
  g_return_val_if_fail (ES_IS_TIMELINE_ROWS (self), NULL);

  return (const char * const *) self->counters;
}

/* Returns: (transfer none) (nullable): the document drawn */
EsDocument *
es_timeline_rows_get_document (EsTimelineRows *self)
{
  g_return_val_if_fail (ES_IS_TIMELINE_ROWS (self), NULL);

  return self->session != NULL ? es_session_get_document (self->session) : NULL;
}

guint32
es_timeline_rows_get_pinned_kinds (EsTimelineRows *self)
{
  g_return_val_if_fail (ES_IS_TIMELINE_ROWS (self), 0);

  return self->pinned_kinds;
}

/* Two timelines on one axis need one ruler: the lower one has none. */
void
es_timeline_rows_set_has_ruler (EsTimelineRows *self,
                                gboolean        has_ruler)
{
  g_return_if_fail (ES_IS_TIMELINE_ROWS (self));

  self->no_ruler = !has_ruler;
  es_timeline_rows_set_visible_kinds (self, self->visible_kinds);
}

guint32
es_timeline_rows_get_visible_kinds (EsTimelineRows *self)
{
  return self->visible_kinds;
}

GArray *
es_timeline_rows_get_layout (EsTimelineRows *self)
{
  return self->rows;
}

/* Bookmarks to draw as lines and flags, redrawn as they change. */
void
es_timeline_rows_set_bookmarks (EsTimelineRows *self,
                                EsBookmarks    *bookmarks)
{
  g_return_if_fail (ES_IS_TIMELINE_ROWS (self));

  if (self->bookmarks != NULL)
    g_clear_signal_handler (&self->bookmarks_handler, self->bookmarks);
  g_set_object (&self->bookmarks, bookmarks);
  if (bookmarks != NULL)
    self->bookmarks_handler = g_signal_connect_object (bookmarks, "changed", G_CALLBACK (repaint_all),
                                                       self, G_CONNECT_SWAPPED);
  repaint_all (self);
}

/* The row at @y (in this widget's coordinates), or NULL. */
const EsTimelineRow *
es_timeline_rows_row_at (EsTimelineRows *self,
                         double          y)
{
  int top, bottom;

  if (self->rows == NULL)
    return NULL;
  /* Scrolled, the pinned rows are at the top of what is shown. */
  get_shown (self, &top, &bottom);
  if (top > 0 && y >= top && y - top < pinned_height (self))
    return es_timeline_row_at (self->rows, (int) (y - top));
  return es_timeline_row_at (self->rows, (int) y);
}

/* The thread whose runs stand out on the HEC rows (a thread id; 0 for
 * none). */
void
es_timeline_rows_set_selected_thread (EsTimelineRows *self,
                                      guint32         thread)
{
  g_return_if_fail (ES_IS_TIMELINE_ROWS (self));

  if (self->selected_thread == thread)
    return;
  self->selected_thread = thread;
  repaint_all (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_THREAD]);
}

guint32
es_timeline_rows_get_selected_thread (EsTimelineRows *self)
{
  g_return_val_if_fail (ES_IS_TIMELINE_ROWS (self), 0);

  return self->selected_thread;
}

/* Returns: (transfer none) (nullable): the states the thread rows draw. */
EsThreadStateCache *
es_timeline_rows_get_thread_states (EsTimelineRows *self)
{
  g_return_val_if_fail (ES_IS_TIMELINE_ROWS (self), NULL);

  return self->thread_states;
}

static void
es_timeline_rows_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  EsTimelineRows *self = ES_TIMELINE_ROWS (object);

  switch (prop_id)
    {
    case PROP_VISIBLE_KINDS:
      g_value_set_uint (value, self->visible_kinds);
      break;
    case PROP_PINNED_KINDS:
      g_value_set_uint (value, self->pinned_kinds);
      break;
    case PROP_SELECTED_THREAD:
      g_value_set_uint (value, self->selected_thread);
      break;
    case PROP_COUNTERS:
      g_value_set_boxed (value, self->counters);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
es_timeline_rows_dispose (GObject *object)
{
  EsTimelineRows *self = ES_TIMELINE_ROWS (object);

  if (self->session != NULL)
    {
      g_clear_signal_handler (&self->visible_handler, self->session);
      g_clear_signal_handler (&self->chosen_handler, self->session);
    }
  g_clear_object (&self->session);
  es_timeline_rows_set_bookmarks (self, NULL);
  g_clear_pointer (&self->rows, g_array_unref);
  g_clear_pointer (&self->thread_states, es_thread_state_cache_free);
  g_clear_pointer (&self->counters, g_strfreev);
  G_OBJECT_CLASS (es_timeline_rows_parent_class)->dispose (object);
}

static void
es_timeline_rows_finalize (GObject *object)
{
  EsTimelineRows *self = ES_TIMELINE_ROWS (object);

  es_band_cache_free (self->bands);
  G_OBJECT_CLASS (es_timeline_rows_parent_class)->finalize (object);
}

/* The theme's colours and fonts, and the font settings, are not in the
 * view the bands were kept for. */
static void
es_timeline_rows_css_changed (GtkWidget         *widget,
                              GtkCssStyleChange *change)
{
  es_band_cache_forget (ES_TIMELINE_ROWS (widget)->bands);
  GTK_WIDGET_CLASS (es_timeline_rows_parent_class)->css_changed (widget, change);
}

static void
es_timeline_rows_system_setting_changed (GtkWidget        *widget,
                                         GtkSystemSetting  setting)
{
  es_band_cache_forget (ES_TIMELINE_ROWS (widget)->bands);
  GTK_WIDGET_CLASS (es_timeline_rows_parent_class)->system_setting_changed (widget, setting);
}

static void
es_timeline_rows_class_init (EsTimelineRowsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = es_timeline_rows_dispose;
  object_class->finalize = es_timeline_rows_finalize;
  object_class->get_property = es_timeline_rows_get_property;
  widget_class->snapshot = es_timeline_rows_snapshot;
  widget_class->measure = es_timeline_rows_measure;
  widget_class->css_changed = es_timeline_rows_css_changed;
  widget_class->system_setting_changed = es_timeline_rows_system_setting_changed;
  gtk_widget_class_set_css_name (widget_class, "timeline-rows");

  /* Read-only: the setters relayout or redraw. */
  properties[PROP_VISIBLE_KINDS] =
    g_param_spec_uint ("visible-kinds", NULL, NULL, 0, G_MAXUINT32, DEFAULT_KINDS,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PINNED_KINDS] =
    g_param_spec_uint ("pinned-kinds", NULL, NULL, 0, G_MAXUINT32, 1u << ES_ROW_ACTIVITY,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTED_THREAD] =
    g_param_spec_uint ("selected-thread", NULL, NULL, 0, G_MAXUINT32, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COUNTERS] =
    g_param_spec_boxed ("counters", NULL, NULL, G_TYPE_STRV,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
es_timeline_rows_init (EsTimelineRows *self)
{
  self->visible_kinds = DEFAULT_KINDS;
  self->pinned_kinds = 1u << ES_ROW_ACTIVITY;
  self->counters = g_strdupv ((char **) default_counters);
  self->bands = es_band_cache_new ();
}
