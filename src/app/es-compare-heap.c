/* es-compare-heap.c: two runs' heaps on one graph, in a comparison
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "es-compare-heap.h"
#include "es-heap-overlay.h"
#include "es-timeline-rows.h"

/* "Heap (A and B)" below the two timelines: each run's span is what its
 * session shows, so the graph moves with them, aligned as they are. The
 * painter is es-heap-overlay.c. */

#define HEIGHT 110

struct _EsCompareHeap
{
  GtkWidget  parent_instance;

  EsSession *sessions[2];
};

G_DEFINE_FINAL_TYPE (EsCompareHeap, es_compare_heap, GTK_TYPE_WIDGET)

static void
es_compare_heap_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  EsCompareHeap *self = ES_COMPARE_HEAP (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  EsHeapOverlay overlay = { 0 };
  cairo_t *cr;

  if (self->sessions[0] == NULL || width <= ES_TIMELINE_GUTTER || height <= 0)
    return;
  for (guint i = 0; i < 2; i++)
    {
      overlay.runs[i].document = es_session_get_document (self->sessions[i]);
      es_session_get_visible (self->sessions[i], &overlay.runs[i].t0, &overlay.runs[i].t1);
    }
  overlay.width = width - ES_TIMELINE_GUTTER;
  overlay.height = height;
  overlay.dark = es_timeline_rows_is_dark (widget);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  es_heap_overlay_paint (cr, &overlay);
  cairo_destroy (cr);
}

static void
es_compare_heap_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  *minimum = *natural = orientation == GTK_ORIENTATION_VERTICAL ? HEIGHT : ES_TIMELINE_GUTTER + 200;
}

/* Each run's view: the graph follows both sessions. */
void
es_compare_heap_set_sessions (EsCompareHeap *self,
                              EsSession     *a,
                              EsSession     *b)
{
  EsSession *sessions[] = { a, b };

  g_return_if_fail (ES_IS_COMPARE_HEAP (self));
  g_return_if_fail (self->sessions[0] == NULL);

  for (guint i = 0; i < 2; i++)
    {
      self->sessions[i] = g_object_ref (sessions[i]);
      g_signal_connect_object (sessions[i], "visible-changed", G_CALLBACK (gtk_widget_queue_draw), self,
                               G_CONNECT_SWAPPED);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
es_compare_heap_dispose (GObject *object)
{
  EsCompareHeap *self = ES_COMPARE_HEAP (object);

  g_clear_object (&self->sessions[0]);
  g_clear_object (&self->sessions[1]);
  G_OBJECT_CLASS (es_compare_heap_parent_class)->dispose (object);
}

static void
es_compare_heap_class_init (EsCompareHeapClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = es_compare_heap_dispose;
  widget_class->snapshot = es_compare_heap_snapshot;
  widget_class->measure = es_compare_heap_measure;
  gtk_widget_class_set_css_name (widget_class, "compareheap");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
es_compare_heap_init (EsCompareHeap *self)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Heap size and live data of both runs"), -1);
}

GtkWidget *
es_compare_heap_new (void)
{
  return g_object_new (ES_TYPE_COMPARE_HEAP, NULL);
}
