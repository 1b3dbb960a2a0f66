/* es-stats-heap-profile.c: the heap profile's bands in the statistics panel
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "es-heap-profile.h"
#include "es-stats-heap-profile.h"
#include "es-stats-panel.h"
#include "es-time.h"
#include "es-timeline-rows.h"
#include "es-timeline-painter.h"

/* The bands of the Heap profile row, with their mean and largest residency
 * over the selection, in the row's colours. Figured on the panel's worker
 * thread (es_stats_heap_profile_compute), shown on the main one. */

struct _EsStatsHeapProfile
{
  EsDocument          *document;     /* keeps the profile alive */
  const EsHeapProfile *profile;
  GArray              *bands;        /* EsHeapBandStats, largest mean first */
  guint                n_censuses;
  gboolean             from_before;  /* no census inside: the one before it */
};

/**
 * es_stats_heap_profile_compute:
 *
 * Returns: (transfer full) (nullable): the bands' figures over [@t0, @t1],
 *   or NULL for a log without a heap profile
 */
EsStatsHeapProfile *
es_stats_heap_profile_compute (EsDocument *document,
                               guint64     t0,
                               guint64     t1)
{
  const EsHeapProfile *profile = es_heap_profile_get (document);
  EsStatsHeapProfile *self;
  guint last;

  if (profile == NULL)
    return NULL;
  self = g_new0 (EsStatsHeapProfile, 1);
  self->document = g_object_ref (document);
  self->profile = profile;
  self->bands = es_heap_profile_summarize (profile, t0, t1, &self->n_censuses);
  last = es_heap_profile_census_at (profile, MAX (t0, t1));
  self->from_before = self->n_censuses > 0 && last != G_MAXUINT &&
                      es_heap_profile_get_census_time (profile, last) < MIN (t0, t1);
  return self;
}

void
es_stats_heap_profile_free (EsStatsHeapProfile *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->bands);
  g_object_unref (self->document);
  g_free (self);
}

static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        data)
{
  /* Only what the colour depends on: the widget may outlive the document. */
  EsHeapProfileBand band = { .is_other = g_object_get_data (G_OBJECT (area), "band-is-other") != NULL };
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (area), "band-index"));
  EsRgba c;

  es_timeline_heap_band_color (&band, index, es_timeline_rows_is_dark (GTK_WIDGET (area)), &c);
  cairo_set_source_rgb (cr, c.red, c.green, c.blue);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);
}

/* A whole cost-centre stack can run long: cut, with all of it on hover. */
static void
add_band_name (GtkWidget  *grid,
               int         row,
               const char *name)
{
  GtkWidget *label = gtk_label_new (name);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 72);
  gtk_widget_set_tooltip_text (label, name);
  gtk_grid_attach (GTK_GRID (grid), label, 1, row, 1, 1);
}

/* Adds the "Heap profile" section to @content and its lines to @text. */
void
es_stats_heap_profile_show (EsStatsHeapProfile *self,
                            GtkWidget          *content,
                            GString            *text)
{
  const char *headings[] = { N_("Band"), N_("Mean"), N_("Maximum"), N_("Share") };
  GtkWidget *heading, *grid, *note;
  g_autofree char *about = NULL;
  double sum = 0;

  g_return_if_fail (GTK_IS_BOX (content));
  g_return_if_fail (text != NULL);

  if (self == NULL)
    return;
  heading = gtk_label_new (_("Heap profile"));
  gtk_widget_add_css_class (heading, "heading");
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_set_margin_top (heading, 6);
  gtk_box_append (GTK_BOX (content), heading);
  g_string_append_printf (text, "%s\n", _("Heap profile"));

  if (self->n_censuses == 0)
    about = g_strdup (_("No census before this interval"));
  else if (self->from_before)
    about = g_strdup (_("No census in this interval: the last one before it"));
  else
    {
      g_autofree char *n = es_format_count (self->n_censuses);

      about = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Over %s census", "Over %s censuses",
                                            self->n_censuses),
                               n);
    }
  note = gtk_label_new (about);
  gtk_widget_add_css_class (note, "dim-label");
  gtk_label_set_xalign (GTK_LABEL (note), 0);
  gtk_box_append (GTK_BOX (content), note);
  g_string_append_printf (text, "%s\n", about);
  if (self->bands->len == 0)
    return;

  grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (grid), 18);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 2);
  gtk_box_append (GTK_BOX (content), grid);
  for (guint c = 0; c < G_N_ELEMENTS (headings); c++)
    es_stats_panel_add_cell (grid, c + 1, 0, _(headings[c]), FALSE);
  for (guint i = 0; i < self->bands->len; i++)
    sum += g_array_index (self->bands, EsHeapBandStats, i).mean;
  for (guint i = 0; i < self->bands->len; i++)
    {
      const EsHeapBandStats *s = &g_array_index (self->bands, EsHeapBandStats, i);
      const EsHeapProfileBand *band = es_heap_profile_get_band (self->profile, s->band);
      const char *name = es_timeline_heap_band_name (band, TRUE);
      g_autofree char *mean = g_format_size ((guint64) (s->mean + 0.5));
      g_autofree char *max = g_format_size (s->max);
      g_autofree char *share = g_strdup_printf ("%.1f %%", sum > 0 ? 100 * s->mean / sum : 0.0);
      GtkWidget *swatch = gtk_drawing_area_new ();

      g_object_set_data (G_OBJECT (swatch), "band-index", GUINT_TO_POINTER (s->band));
      g_object_set_data (G_OBJECT (swatch), "band-is-other", GINT_TO_POINTER (band->is_other));
      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), 12);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), 12);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch, NULL, NULL);
      gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
      gtk_grid_attach (GTK_GRID (grid), swatch, 0, i + 1, 1, 1);
      add_band_name (grid, i + 1, name);
      es_stats_panel_add_cell (grid, 2, i + 1, mean, TRUE);
      es_stats_panel_add_cell (grid, 3, i + 1, max, TRUE);
      es_stats_panel_add_cell (grid, 4, i + 1, share, TRUE);
      g_string_append_printf (text, "Heap band %s: mean %s, max %s, share %s\n", name, mean, max, share);
    }
}
