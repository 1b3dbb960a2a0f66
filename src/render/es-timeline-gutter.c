/* es-timeline-gutter.c: what the gutter says for each row
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "es-timeline-painter-private.h"

/**
 * es_timeline_row_label:
 * @document: the document @row was laid out for
 *
 * Returns: (transfer full): what the gutter says for @row ("" for the ruler).
 */
/**
 * es_timeline_cap_name:
 *
 * Returns: (transfer full): what a capability's row is called: "HEC n",
 *   or for a Mono log the name of the thread the row is.
 */
char *
es_timeline_cap_name (EsDocument *document,
                      guint       cap)
{
  const char *label;

  g_return_val_if_fail (ES_IS_DOCUMENT (document), NULL);

  label = es_document_get_cap_label (document, cap);
  return label != NULL ? g_strdup (label) : g_strdup_printf (_("HEC %u"), cap);
}

char *
es_timeline_row_label (EsDocument          *document,
                       const EsTimelineRow *row)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (row != NULL, NULL);

  switch (row->kind)
    {
    case ES_ROW_RULER:
      return g_strdup ("");
    case ES_ROW_ACTIVITY:
      return g_strdup (_("Activity"));
    case ES_ROW_CAP:
      return es_timeline_cap_name (document, row->cap);
    case ES_ROW_SPARK_CREATION:
      return g_strdup_printf (_("Sparks %u created"), row->cap);
    case ES_ROW_SPARK_CONVERSION:
      return g_strdup_printf (_("Sparks %u converted"), row->cap);
    case ES_ROW_SPARK_POOL:
      return g_strdup_printf (_("Spark pool %u"), row->cap);
    case ES_ROW_HEAP:
      return g_strdup (_("Heap"));
    case ES_ROW_SPANS:
      return g_strdup (_("Spans"));
    case ES_ROW_HEAP_PROFILE:
      return g_strdup (_("Heap profile"));
    case ES_ROW_PROFILE:
      return g_strdup (_("Profile"));
    case ES_ROW_COUNTER:
      return row->cap < es_document_get_n_counters (document)
             ? g_strdup (es_document_get_counter (document, row->cap)->name) : g_strdup ("");
    case ES_ROW_THREADS:
      {
        g_autofree char *name = g_strdup_printf (_("Threads (%u)"), row->thread);

        /* A disclosure triangle: whether the section is open. */
        return g_strdup_printf ("%s %s", row->cap ? "\342\226\276" : "\342\226\270", name);
      }
    case ES_ROW_THREAD:
      return es_paint_thread_label (document, row->thread);
    case ES_N_ROW_KINDS:
    default:
      g_return_val_if_reached (NULL);
    }
}

/* The gutter's labels' width, in Pango units. */
#define GUTTER_LABEL_WIDTH ((ES_TIMELINE_GUTTER - 12) * PANGO_SCALE)

/* Thread rows are too low for a second line. */
static int
gutter_label_height (const EsTimelineRow *row)
{
  return row->height < 30 ? -1 : -2;
}

/* The gutter's label of @row as the gutter sets it: two lines at most,
 * one on a row too low for two, ellipsized past them. */
static void
set_row_label (PangoLayout         *layout,
               EsDocument          *document,
               const EsTimelineRow *row)
{
  g_autofree char *label = es_timeline_row_label (document, row);

  pango_layout_set_width (layout, GUTTER_LABEL_WIDTH);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_height (layout, gutter_label_height (row));
  pango_layout_set_text (layout, label, -1);
}

/**
 * es_timeline_row_label_is_cut:
 *
 * Returns: whether the gutter shows @row's label cut short ("6 spark
 *   evalu…"), so that a tooltip should give it whole.
 */
gboolean
es_timeline_row_label_is_cut (EsDocument          *document,
                              const EsTimelineRow *row)
{
  g_autoptr(PangoLayout) layout = NULL;

  g_return_val_if_fail (document != NULL, FALSE);
  g_return_val_if_fail (row != NULL, FALSE);

  layout = es_paint_measuring_layout (FALSE);
  set_row_label (layout, document, row);
  return pango_layout_is_ellipsized (layout);
}

/**
 * es_paint_gutter_label:
 *
 * Returns: (transfer none): @row's label set as set_row_label() sets it
 *   (wrapped at words, Pango's own default), for @cr, kept a thread
 *   (es_paint_text_layout())
 */
PangoLayout *
es_paint_gutter_label (cairo_t             *cr,
                       EsDocument          *document,
                       const EsTimelineRow *row)
{
  g_autofree char *label = es_timeline_row_label (document, row);

  return es_paint_text_layout (cr, LABEL_FONT, label, GUTTER_LABEL_WIDTH, gutter_label_height (row));
}
