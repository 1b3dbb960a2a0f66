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
/* How far past its ink rectangle a glyph's pixels may reach, in user
 * units: the ink rounded out to whole pixels, its position rounded to one,
 * and a pixel of antialiasing. */
#define INK_MARGIN 2.0

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
  gboolean          queueable;   /* every glyph a cairo glyph (no hex box) */
  int              *ink_right;   /* [g]: the right of the ink of glyphs [0, g), Pango units */
  int               ink_left, ink_top, ink_bottom;  /* the whole text's, Pango units */
} Label;

/* The labels queued in one band (es_label_cache_queue()): their glyphs,
 * and where their ink may be. */
typedef struct
{
  double  band;                /* the y they were given */
  double  top, bottom, right;  /* user space, margins included */
  GArray *kept;                /* cairo_glyph_t: the kept glyphs of every label */
  GArray *ellipses;            /* cairo_glyph_t: their ellipses, drawn after them */
} Line;

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
  PangoRectangle        ellipsis_ink;
  PangoGlyphString     *shown;        /* what is drawn: kept glyphs, then the ellipsis */
  Line                 *lines;        /* queued, not drawn yet: [0, n_lines) */
  guint                 n_lines, size_lines;
  PangoFont            *queued_font;  /* (nullable): theirs */
  GString              *found_text;   /* the text es_label_cache_has() found last, */
  Label                *found;        /*   and its label: the next lookup, of the same
                                       *   text most often, hashes it again no more */
};

static void
label_free (gpointer data)
{
  Label *label = data;

  g_clear_object (&label->font);
  g_clear_pointer (&label->glyphs, pango_glyph_string_free);
  g_free (label->gap_glyph);
  g_free (label->gap_x);
  g_free (label->ink_right);
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
  cache->found_text = g_string_new (NULL);
  return cache;
}

static void
drop_queue (EsLabelCache *cache)
{
  for (guint i = 0; i < cache->n_lines; i++)
    {
      g_array_set_size (cache->lines[i].kept, 0);
      g_array_set_size (cache->lines[i].ellipses, 0);
    }
  cache->n_lines = 0;
  g_clear_object (&cache->queued_font);
}

static void
forget (EsLabelCache *cache)
{
  drop_queue (cache);
  cache->found = NULL;
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
  for (guint i = 0; i < cache->size_lines; i++)
    {
      g_array_unref (cache->lines[i].kept);
      g_array_unref (cache->lines[i].ellipses);
    }
  g_free (cache->lines);
  g_string_free (cache->found_text, TRUE);
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
      pango_glyph_string_extents (run->glyphs, run->item->analysis.font, &cache->ellipsis_ink, NULL);
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

/* Where each glyph's ink may reach: to queue a label, its ink is to keep
 * off the other labels' (es_label_cache_queue()). */
static void
find_ink (Label *label)
{
  const PangoGlyphString *glyphs = label->glyphs;
  int x = 0;

  label->queueable = TRUE;
  label->ink_right = g_new (int, glyphs->num_glyphs + 1);
  label->ink_right[0] = G_MININT;
  label->ink_left = label->ink_top = G_MAXINT;
  label->ink_bottom = G_MININT;
  for (int i = 0; i < glyphs->num_glyphs; i++)
    {
      const PangoGlyphInfo *gi = &glyphs->glyphs[i];
      int right = label->ink_right[i];

      if ((gi->glyph & PANGO_GLYPH_UNKNOWN_FLAG) != 0)
        label->queueable = FALSE;
      else if (gi->glyph != PANGO_GLYPH_EMPTY)
        {
          PangoRectangle ink;

          pango_font_get_glyph_extents (label->font, gi->glyph, &ink, NULL);
          if (ink.width > 0 && ink.height > 0)
            {
              int left = x + gi->geometry.x_offset + ink.x;

              right = MAX (right, left + ink.width);
              label->ink_left = MIN (label->ink_left, left);
              label->ink_top = MIN (label->ink_top, ink.y);
              label->ink_bottom = MAX (label->ink_bottom, ink.y + ink.height);
            }
        }
      label->ink_right[i + 1] = right;
      x += gi->geometry.width;
    }
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
  find_ink (label);
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
  cache->found = g_hash_table_lookup (cache->labels, text);
  if (cache->found != NULL)
    g_string_assign (cache->found_text, text);
  return cache->found != NULL;
}

static Label *
lookup (EsLabelCache *cache,
        const char   *text)
{
  Label *label;

  if (cache->found != NULL && strcmp (text, cache->found_text->str) == 0)
    return cache->found;
  label = g_hash_table_lookup (cache->labels, text);
  if (label == NULL)
    {
      if (g_hash_table_size (cache->labels) >= MAX_LABELS)
        {
          g_hash_table_remove_all (cache->labels);
          cache->found = NULL;
        }
      label = label_new (cache, text);
      g_hash_table_insert (cache->labels, g_strdup (text), label);
    }
  return label;
}

/* The glyphs of @label kept at @max_width, as Pango's ellipsis cuts it. */
static int
kept_glyphs (EsLabelCache *cache,
             Label        *label,
             double        max_width,
             gboolean     *ellipsize)
{
  int goal = (int) (max_width * PANGO_SCALE), g = 0;

  *ellipsize = max_width * PANGO_SCALE >= 0 && label->width > goal;
  if (!*ellipsize)
    return label->glyphs->num_glyphs;
  while (g < label->n_gaps - 1 && label->gap_x[g] + cache->ellipsis_width > goal)
    g++;
  return label->gap_glyph[g];
}

static int
width_of (const Label *label,
          int          kept)
{
  int width = 0;

  for (int i = 0; i < kept; i++)
    width += label->glyphs->glyphs[i].geometry.width;
  return width;
}

/* Draws @text as Pango would, now. */
static gboolean
show_now (EsLabelCache *cache,
          cairo_t      *cr,
          Label        *label,
          const char   *text,
          double        x,
          double        y,
          int           height,
          double        max_width)
{
  gboolean ellipsize;
  int kept;

  if (label->font == NULL || !cache->direct)
    {
      int text_height;

      pango_layout_set_text (cache->ellipsized, text, -1);
      pango_layout_set_width (cache->ellipsized, max_width * PANGO_SCALE < 0 ? -1 : (int) (max_width * PANGO_SCALE));
      pango_layout_get_pixel_size (cache->ellipsized, NULL, &text_height);
      cairo_move_to (cr, x, y + (height - text_height) / 2.0);
      pango_cairo_show_layout (cr, cache->ellipsized);
      return FALSE;
    }

  kept = kept_glyphs (cache, label, max_width, &ellipsize);
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
      int kept_width = width_of (label, kept);

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
 * Labels queued before are drawn first.
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
  g_return_val_if_fail (cache->context != NULL, FALSE);

  es_label_cache_flush (cache, cr);
  return show_now (cache, cr, lookup (cache, text), text, x, y, height, max_width);
}

/* The cairo glyphs of a run as Pango's cairo renderer makes them of a
 * glyph string drawn at @base_x, @base_y (the current point), each glyph
 * offset by @x_offset and @y_offset. */
static void
append_glyphs (GArray                 *to,
               const PangoGlyphInfo   *glyphs,
               int                     n_glyphs,
               double                  base_x,
               double                  base_y,
               int                     x_offset,
               int                     y_offset)
{
  guint at = to->len;
  cairo_glyph_t *glyph;
  int x_position = 0;

  g_array_set_size (to, at + n_glyphs);
  glyph = &g_array_index (to, cairo_glyph_t, at);
  for (int i = 0; i < n_glyphs; i++)
    {
      const PangoGlyphInfo *gi = &glyphs[i];

      if (gi->glyph != PANGO_GLYPH_EMPTY)
        *glyph++ = (cairo_glyph_t) {
          .index = gi->glyph,
          .x = base_x + (double) (x_position + x_offset) / PANGO_SCALE,
          .y = y_offset == 0 ? base_y : base_y + (double) y_offset / PANGO_SCALE,
        };
      x_position += gi->geometry.width;
    }
  g_array_set_size (to, (guint) (glyph - &g_array_index (to, cairo_glyph_t, 0)));
}

/* The line of the band @band that a label whose ink may cover @left to
 * @right and @top to @bottom joins: a new one if no label of the queue
 * is in that band, or (NULL) none if the label's ink may meet a queued
 * label's: drawn at once, they would blend a pixel they share once, where
 * one after the other blend it twice. */
static Line *
line_for (EsLabelCache *cache,
          double        band,
          double        left,
          double        right,
          double        top,
          double        bottom)
{
  Line *own = NULL;

  for (guint i = 0; i < cache->n_lines; i++)
    {
      Line *line = &cache->lines[i];

      if (line->band == band)
        own = line;
      else if (top < line->bottom && line->top < bottom)
        return NULL;
    }
  if (own != NULL)
    return left >= own->right ? own : NULL;
  if (cache->n_lines == cache->size_lines)
    {
      cache->size_lines = MAX (16, cache->size_lines * 2);
      cache->lines = g_renew (Line, cache->lines, cache->size_lines);
      for (guint i = cache->n_lines; i < cache->size_lines; i++)
        {
          cache->lines[i].kept = g_array_new (FALSE, FALSE, sizeof (cairo_glyph_t));
          cache->lines[i].ellipses = g_array_new (FALSE, FALSE, sizeof (cairo_glyph_t));
        }
    }
  own = &cache->lines[cache->n_lines++];
  own->band = band;
  own->top = top;
  own->bottom = bottom;
  own->right = right;
  return own;
}

/**
 * es_label_cache_queue:
 *
 * Draws @text as es_label_cache_show() does, but for a label drawn from
 * its shaped glyphs, later: es_label_cache_flush() draws the labels
 * queued, each band's in two runs of glyphs (the labels' kept glyphs,
 * then their ellipses), with the source then current. Cairo's cost is
 * most of it per run drawn, not per glyph: a flame graph's few hundred
 * labels cost a few dozen runs. A label is queued only where its ink
 * keeps off every queued label's (else the queue is drawn first), so the
 * pixels are those of the labels drawn one after the other.
 *
 * Returns: as es_label_cache_show()
 */
gboolean
es_label_cache_queue (EsLabelCache *cache,
                      cairo_t      *cr,
                      const char   *text,
                      double        x,
                      double        y,
                      int           height,
                      double        max_width)
{
  Label *label;
  Line *line;
  gboolean ellipsize;
  double base_x, base_y, left, right, top, bottom;
  int kept, kept_width = 0, ink_right;

  g_return_val_if_fail (cache->context != NULL, FALSE);

  label = lookup (cache, text);
  if (label->font == NULL || !cache->direct || !label->queueable ||
      cache->matrix[1] != 0 || cache->matrix[2] != 0 || cache->matrix[0] <= 0 || cache->matrix[3] <= 0 ||
      (cache->queued_font != NULL && cache->queued_font != label->font))
    {
      es_label_cache_flush (cache, cr);
      return show_now (cache, cr, label, text, x, y, height, max_width);
    }

  kept = kept_glyphs (cache, label, max_width, &ellipsize);
  /* Where Pango's renderer starts: the current point, as cairo keeps it. */
  cairo_move_to (cr, x, y + (height - label->text_height) / 2.0);
  cairo_get_current_point (cr, &base_x, &base_y);
  ink_right = label->ink_right[kept];
  if (ellipsize)
    {
      kept_width = width_of (label, kept);
      ink_right = MAX (ink_right, kept_width + cache->ellipsis_ink.x + cache->ellipsis_ink.width);
    }
  if (ink_right == G_MININT)   /* nothing drawn */
    return TRUE;
  left = base_x + (double) MIN (label->ink_left, ellipsize ? kept_width + cache->ellipsis_ink.x : G_MAXINT) / PANGO_SCALE - INK_MARGIN;
  right = base_x + (double) ink_right / PANGO_SCALE + INK_MARGIN;
  top = base_y + (double) (label->baseline + MIN (label->ink_top, ellipsize ? cache->ellipsis_ink.y : G_MAXINT)) / PANGO_SCALE - INK_MARGIN;
  bottom = base_y + (double) (label->baseline + MAX (label->ink_bottom,
                                                    ellipsize ? cache->ellipsis_ink.y + cache->ellipsis_ink.height : G_MININT)) / PANGO_SCALE + INK_MARGIN;
  line = line_for (cache, y, left, right, top, bottom);
  if (line == NULL)
    {
      es_label_cache_flush (cache, cr);
      line = line_for (cache, y, left, right, top, bottom);
    }
  line->right = MAX (line->right, right);
  line->top = MIN (line->top, top);
  line->bottom = MAX (line->bottom, bottom);
  if (cache->queued_font == NULL)
    cache->queued_font = g_object_ref (label->font);
  append_glyphs (line->kept, label->glyphs->glyphs, kept, base_x, base_y, 0, label->baseline);
  if (ellipsize)
    append_glyphs (line->ellipses, cache->ellipsis->glyphs, cache->ellipsis->num_glyphs, base_x, base_y,
                   kept_width, label->baseline);
  return TRUE;
}

/**
 * es_label_cache_flush:
 *
 * Draws the labels es_label_cache_queue() queued, with @cr's source.
 *
 * Returns: how many runs of glyphs that took (for tests)
 */
guint
es_label_cache_flush (EsLabelCache *cache,
                      cairo_t      *cr)
{
  guint runs = 0;

  if (cache->n_lines == 0)
    return 0;
  /* As Pango's renderer installs a font to draw glyphs. */
  cairo_save (cr);
  cairo_set_scaled_font (cr, pango_cairo_font_get_scaled_font (PANGO_CAIRO_FONT (cache->queued_font)));
  for (guint i = 0; i < cache->n_lines; i++)
    {
      const Line *line = &cache->lines[i];

      if (line->kept->len > 0)
        cairo_show_glyphs (cr, (cairo_glyph_t *) (gpointer) line->kept->data, (int) line->kept->len);
      if (line->ellipses->len > 0)
        cairo_show_glyphs (cr, (cairo_glyph_t *) (gpointer) line->ellipses->data, (int) line->ellipses->len);
      runs += (line->kept->len > 0) + (line->ellipses->len > 0);
    }
  cairo_restore (cr);
  drop_queue (cache);
  return runs;
}
