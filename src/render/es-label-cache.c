/* es-label-cache.c: one-line labels ellipsized at the end, each text
 * shaped once and cut for every width without Pango laying it out again
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <pango/pangocairo.h>

#include "es-label-cache.h"

/* A flame graph draws a few hundred labels, nine in ten of them cut, and
 * the names come back drawing after drawing at other widths. A PangoLayout
 * with PANGO_ELLIPSIZE_END itemizes and shapes the whole text again for
 * each, then itemizes and shapes the ellipsis, about 20 µs a label. Here a
 * text is shaped once; its cut for a width is found among the places an
 * ellipsis can start, as Pango's own (pango/ellipsize.c) finds it; and the
 * glyphs kept with the ellipsis's are drawn at the positions Pango's
 * renderer gives them, the same doubles, so the same pixels
 * (test-render-labels compares them). Whatever that reasoning does not
 * cover (more than one run, right to left, wide characters whose ellipsis
 * is U+22EF, glyphs raised or lowered, a vector surface that keeps the
 * text) is drawn by Pango as before. */

/* Distinct texts kept: beyond it the cache starts again. */
#define MAX_LABELS 4096

typedef struct
{
  PangoFont        *font;        /* (nullable): of its one run; NULL: Pango draws it */
  PangoGlyphString *glyphs;      /* the run's, as shaped */
  int              *gap_glyph;   /* where an ellipsis may start, the last place first: */
  int              *gap_x;       /*   the first glyph cut, and its x in Pango units */
  int               n_gaps;
  int               width;       /* the whole text's, Pango units */
  int               text_height; /* pixels, as pango_layout_get_pixel_size() */
  int               baseline;    /* Pango units */
} Label;

struct _EsLabelCache
{
  PangoFontDescription *desc;
  PangoContext         *context;      /* made for the options and matrix below */
  guint                 serial;       /* the context's when made */
  cairo_font_options_t *options;
  double                matrix[4];
  gboolean              direct;       /* the target shows glyphs only (no text kept) */
  PangoLayout          *ellipsized;   /* Pango's own way */
  PangoLayout          *whole;        /* shapes a new text */
  GHashTable           *labels;       /* text → Label */
  PangoFont            *ellipsis_font; /* (nullable): Pango's ellipsis after a narrow letter */
  PangoGlyphString     *ellipsis;
  int                   ellipsis_width;
  PangoGlyphString     *shown;        /* what is drawn: kept glyphs, then the ellipsis */
};

static void
label_free (gpointer data)
{
  Label *label = data;

  g_clear_object (&label->font);
  g_clear_pointer (&label->glyphs, pango_glyph_string_free);
  g_free (label->gap_glyph);
  g_free (label->gap_x);
  g_free (label);
}

/**
 * es_label_cache_new:
 * @font: the labels' font, as pango_font_description_from_string() reads it
 *
 * Returns: (transfer full): a cache for labels drawn in @font
 */
EsLabelCache *
es_label_cache_new (const char *font)
{
  EsLabelCache *cache = g_new0 (EsLabelCache, 1);

  cache->desc = pango_font_description_from_string (font);
  cache->labels = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, label_free);
  cache->shown = pango_glyph_string_new ();
  return cache;
}

static void
forget (EsLabelCache *cache)
{
  g_hash_table_remove_all (cache->labels);
  g_clear_object (&cache->ellipsized);
  g_clear_object (&cache->whole);
  g_clear_object (&cache->context);
  g_clear_object (&cache->ellipsis_font);
  g_clear_pointer (&cache->ellipsis, pango_glyph_string_free);
  g_clear_pointer (&cache->options, cairo_font_options_destroy);
}

void
es_label_cache_free (EsLabelCache *cache)
{
  if (cache == NULL)
    return;
  forget (cache);
  g_hash_table_unref (cache->labels);
  pango_glyph_string_free (cache->shown);
  pango_font_description_free (cache->desc);
  g_free (cache);
}

/* Pango's ellipsis after a narrow letter, as it shapes it with no other
 * attribute than the font: ellipsized to nothing, a line is the ellipsis
 * alone, its width not yet stretched to the goal. */
static void
find_ellipsis (EsLabelCache *cache)
{
  PangoLayoutLine *line;

  pango_layout_set_text (cache->ellipsized, "xx", -1);
  pango_layout_set_width (cache->ellipsized, 0);
  line = pango_layout_get_line_readonly (cache->ellipsized, 0);
  for (GSList *l = line != NULL ? line->runs : NULL; l != NULL; l = l->next)
    {
      PangoGlyphItem *run = l->data;

      /* One glyph: a second's x would be summed in another order ("..."
       * where the font has no U+2026: Pango draws it). */
      if ((run->item->analysis.flags & PANGO_ANALYSIS_FLAG_IS_ELLIPSIS) == 0 || run->glyphs->num_glyphs != 1)
        continue;
      for (int i = 0; i < run->glyphs->num_glyphs; i++)
        if (run->glyphs->glyphs[i].geometry.x_offset != 0 || run->glyphs->glyphs[i].geometry.y_offset != 0)
          return;
      cache->ellipsis = pango_glyph_string_copy (run->glyphs);
      cache->ellipsis_font = g_object_ref (run->item->analysis.font);
      cache->ellipsis_width = pango_glyph_string_get_width (run->glyphs);
    }
}

/**
 * es_label_cache_begin:
 *
 * Readies @cache for drawing on @cr: what it shaped for another font
 * setting, scale or font map is dropped. Called before
 * es_label_cache_show() on each new cairo_t.
 */
void
es_label_cache_begin (EsLabelCache *cache,
                      cairo_t      *cr)
{
  cairo_font_options_t *options = cairo_font_options_create (), *set = cairo_font_options_create ();
  cairo_matrix_t m;

  cairo_surface_get_font_options (cairo_get_target (cr), options);
  cairo_get_font_options (cr, set);
  cairo_font_options_merge (options, set);
  cairo_font_options_destroy (set);
  cairo_get_matrix (cr, &m);
  cache->direct = !cairo_surface_has_show_text_glyphs (cairo_get_target (cr));
  if (cache->context != NULL && cairo_font_options_equal (options, cache->options) &&
      m.xx == cache->matrix[0] && m.yx == cache->matrix[1] && m.xy == cache->matrix[2] && m.yy == cache->matrix[3] &&
      pango_context_get_font_map (cache->context) == pango_cairo_font_map_get_default () &&
      pango_context_get_serial (cache->context) == cache->serial)
    {
      cairo_font_options_destroy (options);
      return;
    }

  /* As pango_cairo_create_layout() makes them. */
  forget (cache);
  cache->options = options;
  cache->matrix[0] = m.xx;
  cache->matrix[1] = m.yx;
  cache->matrix[2] = m.xy;
  cache->matrix[3] = m.yy;
  cache->context = pango_cairo_create_context (cr);
  cache->ellipsized = pango_layout_new (cache->context);
  pango_layout_set_font_description (cache->ellipsized, cache->desc);
  pango_layout_set_ellipsize (cache->ellipsized, PANGO_ELLIPSIZE_END);
  cache->whole = pango_layout_new (cache->context);
  pango_layout_set_font_description (cache->whole, cache->desc);
  find_ellipsis (cache);
  cache->serial = pango_context_get_serial (cache->context);
}

/* Where an ellipsis may start, as _pango_layout_line_ellipsize() grows
 * its gap from the end: first the last cluster, widened back to where a
 * character can be cut (a cursor position); then a span at a time, each
 * back to such a place past clusters of no width; a place is kept only if
 * it moves the gap. The first of them where the kept glyphs and the
 * ellipsis fit is the cut. */
static void
find_gaps (Label              *label,
           PangoGlyphItem     *run,
           const char         *text,
           const PangoLogAttr *attrs,
           int                 n_attrs)
{
  g_autoptr(GArray) first_glyph = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) widths = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) first_char = g_array_new (FALSE, FALSE, sizeof (int));
  PangoGlyphItemIter iter;
  int c, x;

  for (gboolean more = pango_glyph_item_iter_init_start (&iter, run, text); more;
       more = pango_glyph_item_iter_next_cluster (&iter))
    {
      int width = 0;

      for (int i = iter.start_glyph; i < iter.end_glyph; i++)
        width += run->glyphs->glyphs[i].geometry.width;
      g_array_append_val (first_glyph, iter.start_glyph);
      g_array_append_val (widths, width);
      g_array_append_val (first_char, iter.start_char);
    }
#define BOUNDARY(c) ((c) == 0 || (g_array_index (first_char, int, c) < n_attrs && \
                                  attrs[g_array_index (first_char, int, c)].is_cursor_position))
#define WIDTH(c) g_array_index (widths, int, c)
  label->gap_glyph = g_new (int, first_glyph->len);
  label->gap_x = g_new (int, first_glyph->len);
  c = (int) first_glyph->len - 1;
  x = label->width - WIDTH (c);
  while (!BOUNDARY (c))
    x -= WIDTH (--c);
  for (;;)
    {
      int back = c, back_x = x, width;

      label->gap_glyph[label->n_gaps] = g_array_index (first_glyph, int, c);
      label->gap_x[label->n_gaps++] = x;
      do
        {
          if (back == 0)
            break;
          width = WIDTH (--back);
          back_x -= width;
        }
      while (!BOUNDARY (back) || width == 0);
      if (back_x == x)
        break;
      c = back;
      x = back_x;
    }
#undef BOUNDARY
#undef WIDTH
}

/* The text shaped, and where it can be cut; or (label->font NULL) that
 * Pango is to draw it. */
static Label *
label_new (EsLabelCache *cache,
           const char   *text)
{
  Label *label = g_new0 (Label, 1);
  PangoLayoutLine *line;
  PangoGlyphItem *run;
  const PangoLogAttr *attrs;
  int n_attrs, length = (int) strlen (text);

  if (cache->ellipsis == NULL || length == 0)
    return label;
  pango_layout_set_text (cache->whole, text, length);
  line = pango_layout_get_line_readonly (cache->whole, 0);
  if (pango_layout_get_line_count (cache->whole) != 1 || line->runs == NULL || line->runs->next != NULL)
    return label;
  run = line->runs->data;
  if (run->item->analysis.level % 2 != 0 || run->item->analysis.font != cache->ellipsis_font ||
      run->item->offset != 0 || run->item->length != length || run->glyphs->num_glyphs == 0)
    return label;
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_iswide (g_utf8_get_char (p)))
      return label;
  for (int i = 0; i < run->glyphs->num_glyphs; i++)
    if (run->glyphs->glyphs[i].geometry.y_offset != 0)
      return label;

  label->font = g_object_ref (run->item->analysis.font);
  label->glyphs = pango_glyph_string_copy (run->glyphs);
  label->width = pango_glyph_string_get_width (run->glyphs);
  label->baseline = pango_layout_get_baseline (cache->whole);
  pango_layout_get_pixel_size (cache->whole, NULL, &label->text_height);
  attrs = pango_layout_get_log_attrs_readonly (cache->whole, &n_attrs);
  find_gaps (label, run, pango_layout_get_text (cache->whole), attrs, n_attrs);
  return label;
}

/**
 * es_label_cache_has:
 *
 * Returns: whether @text was shaped before (since the last
 *   es_label_cache_begin() that dropped what was): es_label_cache_show()
 *   then draws it without shaping it
 */
gboolean
es_label_cache_has (EsLabelCache *cache,
                    const char   *text)
{
  return g_hash_table_lookup (cache->labels, text) != NULL;
}

/**
 * es_label_cache_show:
 * @text: what to draw, nul-terminated
 * @x: where it starts
 * @y: the top of the band it is centred in
 * @height: the band's height
 * @max_width: its room: it is ellipsized at the end past that
 *
 * Draws @text in @cache's font and the current source, as a PangoLayout
 * with PANGO_ELLIPSIZE_END and @max_width is drawn with
 * pango_cairo_show_layout() at @x, @y + (@height - its height) / 2.
 *
 * Returns: TRUE if drawn from the glyphs shaped before, FALSE if Pango
 *   laid it out (see above; for tests)
 */
gboolean
es_label_cache_show (EsLabelCache *cache,
                     cairo_t      *cr,
                     const char   *text,
                     double        x,
                     double        y,
                     int           height,
                     double        max_width)
{
  int goal = (int) (max_width * PANGO_SCALE), kept;
  Label *label;
  gboolean ellipsize;

  g_return_val_if_fail (cache->context != NULL, FALSE);

  label = g_hash_table_lookup (cache->labels, text);
  if (label == NULL)
    {
      if (g_hash_table_size (cache->labels) >= MAX_LABELS)
        g_hash_table_remove_all (cache->labels);
      label = label_new (cache, text);
      g_hash_table_insert (cache->labels, g_strdup (text), label);
    }
  if (label->font == NULL || !cache->direct)
    {
      int text_height;

      pango_layout_set_text (cache->ellipsized, text, -1);
      pango_layout_set_width (cache->ellipsized, max_width * PANGO_SCALE < 0 ? -1 : goal);
      pango_layout_get_pixel_size (cache->ellipsized, NULL, &text_height);
      cairo_move_to (cr, x, y + (height - text_height) / 2.0);
      pango_cairo_show_layout (cr, cache->ellipsized);
      return FALSE;
    }

  ellipsize = max_width * PANGO_SCALE >= 0 && label->width > goal;
  kept = label->glyphs->num_glyphs;
  if (ellipsize)
    {
      int g = 0;

      while (g < label->n_gaps - 1 && label->gap_x[g] + cache->ellipsis_width > goal)
        g++;
      kept = label->gap_glyph[g];
    }
  /* The renderer draws a run at the baseline, base_y = y + baseline /
   * PANGO_SCALE, and a glyph of no offset there; a glyph string is drawn
   * at the current point: the baseline is the glyphs' offset instead, the
   * same sum. The ellipsis is a run of its own, drawn after the kept
   * glyphs (one cairo_show_glyphs() for both would blend a pixel they
   * share once, not twice), where they end: there too an offset. */
  cairo_move_to (cr, x, y + (height - label->text_height) / 2.0);
  if (kept > 0)
    {
      pango_glyph_string_set_size (cache->shown, kept);
      memcpy (cache->shown->glyphs, label->glyphs->glyphs, kept * sizeof (PangoGlyphInfo));
      memset (cache->shown->log_clusters, 0, kept * sizeof (int));
      for (int i = 0; i < kept; i++)
        cache->shown->glyphs[i].geometry.y_offset = label->baseline;
      pango_cairo_show_glyph_string (cr, label->font, cache->shown);
    }
  if (ellipsize)
    {
      int kept_width = 0;

      for (int i = 0; i < kept; i++)
        kept_width += label->glyphs->glyphs[i].geometry.width;
      pango_glyph_string_set_size (cache->shown, cache->ellipsis->num_glyphs);
      memcpy (cache->shown->glyphs, cache->ellipsis->glyphs, cache->ellipsis->num_glyphs * sizeof (PangoGlyphInfo));
      memset (cache->shown->log_clusters, 0, cache->ellipsis->num_glyphs * sizeof (int));
      for (int i = 0; i < cache->ellipsis->num_glyphs; i++)
        {
          cache->shown->glyphs[i].geometry.x_offset = kept_width;
          cache->shown->glyphs[i].geometry.y_offset = label->baseline;
        }
      pango_cairo_show_glyph_string (cr, cache->ellipsis_font, cache->shown);
    }
  return TRUE;
}
