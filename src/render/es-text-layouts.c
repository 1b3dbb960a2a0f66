/* es-text-layouts.c: the painter's texts, each set once a thread
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-timeline-painter-private.h"

/* A frame sets the same texts as the frame before: the gutter's names,
 * the ruler's times, the rows' scales. Set again each time, they were a
 * fifth of a followed log's frame on the painting thread (itemizing,
 * shaping and breaking each with Pango). Each text is set once a thread
 * and its layout kept with what Pango's layouts for a Cairo context
 * depend on (its target's font options merged with its own, and its
 * transformation but for the translation), and taken again for a context
 * that has the same: the layout a new one would be, so the same pixels.
 * (pango_cairo_update_layout() would set the text again whatever
 * changed: it gives the layout's context its matrix anew, which Pango
 * counts as a change.) */

/* Distinct texts kept a thread: beyond it the cache starts again. */
#define MAX_LAYOUTS 1024

typedef struct
{
  PangoLayout          *layout;
  cairo_font_options_t *options;
  double                matrix[4];
} Kept;

static void
kept_free (gpointer data)
{
  Kept *kept = data;

  g_object_unref (kept->layout);
  cairo_font_options_destroy (kept->options);
  g_free (kept);
}

static void
layouts_free (gpointer data)
{
  g_hash_table_unref (data);
}

/* As Pango merges them (_pango_cairo_update_context()). */
static cairo_font_options_t *
merged_options (cairo_t *cr)
{
  cairo_font_options_t *options = cairo_font_options_create ();
  cairo_font_options_t *own = cairo_font_options_create ();

  cairo_surface_get_font_options (cairo_get_target (cr), options);
  cairo_get_font_options (cr, own);
  cairo_font_options_merge (options, own);
  cairo_font_options_destroy (own);
  return options;
}

static GPrivate thread_layouts = G_PRIVATE_INIT (layouts_free);

/**
 * es_paint_text_layout:
 * @font: as pango_font_description_from_string() reads it
 * @width: the layout's width in Pango units, or -1; text past a width is
 *   ellipsized at its end
 * @height: the layout's height (pango_layout_set_height())
 *
 * Returns: (transfer none): a layout of @text so set, for @cr, valid
 *   until the next call on this thread
 */
PangoLayout *
es_paint_text_layout (cairo_t    *cr,
                      const char *font,
                      const char *text,
                      int         width,
                      int         height)
{
  GHashTable *layouts = g_private_get (&thread_layouts);
  g_autofree char *key = g_strdup_printf ("%s\n%d\n%d\n%s", font, width, height, text);
  cairo_font_options_t *options = merged_options (cr);
  cairo_matrix_t m;
  double matrix[4];
  PangoLayout *layout;
  Kept *kept;

  cairo_get_matrix (cr, &m);
  matrix[0] = m.xx;
  matrix[1] = m.yx;
  matrix[2] = m.xy;
  matrix[3] = m.yy;
  if (layouts == NULL)
    {
      layouts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, kept_free);
      g_private_set (&thread_layouts, layouts);
    }
  kept = g_hash_table_lookup (layouts, key);
  if (kept != NULL && cairo_font_options_equal (kept->options, options) &&
      memcmp (kept->matrix, matrix, sizeof matrix) == 0)
    {
      cairo_font_options_destroy (options);
      return kept->layout;
    }
  if (g_hash_table_size (layouts) >= MAX_LAYOUTS)
    g_hash_table_remove_all (layouts);
  layout = pango_cairo_create_layout (cr);
  {
    PangoFontDescription *desc = pango_font_description_from_string (font);

    pango_layout_set_font_description (layout, desc);
    pango_font_description_free (desc);
  }
  pango_layout_set_width (layout, width);
  if (width != -1)
    pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_height (layout, height);
  pango_layout_set_text (layout, text, -1);
  kept = g_new (Kept, 1);
  *kept = (Kept) { layout, options, { matrix[0], matrix[1], matrix[2], matrix[3] } };
  g_hash_table_replace (layouts, g_steal_pointer (&key), kept);
  return layout;
}
