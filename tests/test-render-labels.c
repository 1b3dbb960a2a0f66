/* test-render-labels.c: a label drawn from its text shaped once and cut by
 * es_label_cache_show() has the pixels of Pango's own ellipsized layout,
 * for names of every kind at every width
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <cairo-pdf.h>
#include <pango/pangocairo.h>

#include "es-label-cache.h"

#define FONT   "Sans 8"
#define WIDTH  460
#define HEIGHT 20

/* Names as the flame graph draws them, and others that are not: accents,
 * ligatures, combining marks, spaces; then what Pango draws itself (right
 * to left, wide characters, two lines, a tab: more than one run). */
static const char *const cut_here[] = {
  "MAIN", "x", "#12345", "CAF (GHC.Conc.Sync)", "function1234 (Module56)",
  "go.loop.step (Data.Map.Internal)", "AVeryLongCostCentreNameWithoutAnySpaces (Some.Deeply.Nested.Module)",
  "office ffi fl (Workflow.Efficient)", "r\xc3\xa9sum\xc3\xa9 \xc3\xa0 la cr\xc3\xa8me (M\xc3\xb6\xc3\xbc" "dule)",
  "combining e\xcc\x81\xcc\x81 marks (Mod)", "two  spaces   here (M)", "trailing space ",
  "AVAWATYo kerning pairs (LTAVToWa)", "System.Collections.Generic.Dictionary`2<TKey,TValue>:TryInsert (TKey,TValue,InsertionBehavior)",
};
static const char *const pango_draws[] = {
  "\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d (\xd7\xa2\xd7\x95\xd7\x9c\xd7\x9d)",       /* Hebrew */
  "\xe9\x96\xa2\xe6\x95\xb0 (\xe3\x83\xa2\xe3\x82\xb8\xe3\x83\xa5\xe3\x83\xbc\xe3\x83\xab)", /* CJK */
  "mixed \xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d text (Module)",
  "two\nlines", "tab\there (M)",
};

static cairo_surface_t *
new_surface (void)
{
  return cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
}

static void
clear (cairo_t *cr)
{
  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_restore (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.85);
}

/* As the flame graph drew its labels before the cache: a layout made for
 * @cr, ellipsized at the end to @max_width. */
static void
show_with_pango (cairo_t    *cr,
                 const char *text,
                 double      x,
                 double      y,
                 int         height,
                 double      max_width)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *desc = pango_font_description_from_string (FONT);
  int text_height;

  pango_layout_set_font_description (layout, desc);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_text (layout, text, -1);
  pango_layout_set_width (layout, (int) (max_width * PANGO_SCALE));
  pango_layout_get_pixel_size (layout, NULL, &text_height);
  cairo_move_to (cr, x, y + (height - text_height) / 2.0);
  pango_cairo_show_layout (cr, layout);
  pango_font_description_free (desc);
  g_object_unref (layout);
}

static gboolean
same_pixels (cairo_surface_t *a,
             cairo_surface_t *b)
{
  cairo_surface_flush (a);
  cairo_surface_flush (b);
  return memcmp (cairo_image_surface_get_data (a), cairo_image_surface_get_data (b),
                 (gsize) cairo_image_surface_get_stride (a) * HEIGHT) == 0;
}

/* Some pixel is not the white background: text was drawn. */
static gboolean
has_ink (cairo_surface_t *s)
{
  const guint32 *p = (const guint32 *) (gpointer) cairo_image_surface_get_data (s);

  cairo_surface_flush (s);
  for (int i = 0; i < cairo_image_surface_get_stride (s) / 4 * HEIGHT; i++)
    if (p[i] != 0xffffffffu)
      return TRUE;
  return FALSE;
}

/* Every width from nothing to more than the name, and a few between
 * whole pixels and at odd positions: the pixels of both ways, compared. */
static void
check_names (const char *const *names,
             guint               n_names,
             gboolean            cut_by_cache,
             cairo_font_options_t *options)
{
  cairo_surface_t *mine = new_surface (), *theirs = new_surface ();
  cairo_t *cr_mine = cairo_create (mine), *cr_theirs = cairo_create (theirs);
  g_autoptr(EsLabelCache) cache = es_label_cache_new (FONT);
  static const double offsets[][2] = { { 3, 0 }, { 3.25, 0.5 }, { 10.5, 1.75 } };
  guint compared = 0;

  if (options != NULL)
    {
      cairo_set_font_options (cr_mine, options);
      cairo_set_font_options (cr_theirs, options);
    }
  es_label_cache_begin (cache, cr_mine);
  for (guint round = 0; round < 2; round++)   /* the second from the cache */
    for (guint i = 0; i < n_names; i++)
      for (double w = -1; w < WIDTH - 20; w += w < 60 ? 1 : w < 200 ? 2.5 : 7)
        for (guint o = 0; o < G_N_ELEMENTS (offsets); o++)
          {
            double x = offsets[o][0], y = offsets[o][1];

            clear (cr_mine);
            clear (cr_theirs);
            if (es_label_cache_show (cache, cr_mine, names[i], x, y, HEIGHT - 4, w) != cut_by_cache)
              g_error ("\"%s\": %s", names[i], cut_by_cache ? "Pango drew it" : "drawn from the cache");
            show_with_pango (cr_theirs, names[i], x, y, HEIGHT - 4, w);
            if (!same_pixels (mine, theirs))
              g_error ("\"%s\" at width %.2f, x %.2f, y %.2f: not Pango's pixels", names[i], w, x, y);
            g_assert_true (has_ink (mine));
            compared++;
          }
  g_assert_cmpuint (compared, >, 1000);
  cairo_destroy (cr_mine);
  cairo_destroy (cr_theirs);
  cairo_surface_destroy (mine);
  cairo_surface_destroy (theirs);
}

static void
test_cut_as_pango (void)
{
  check_names (cut_here, G_N_ELEMENTS (cut_here), TRUE, NULL);
}

/* What the shortcut leaves out is drawn by Pango, still the same. */
static void
test_pango_draws (void)
{
  check_names (pango_draws, G_N_ELEMENTS (pango_draws), FALSE, NULL);
}

/* Other font settings give other glyph widths and cuts. */
static void
test_other_options (void)
{
  cairo_font_options_t *options = cairo_font_options_create ();

  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_antialias (options, CAIRO_ANTIALIAS_GRAY);
  check_names (cut_here, G_N_ELEMENTS (cut_here), TRUE, options);
  cairo_font_options_destroy (options);
}

/* One cache drawing on surfaces of other settings in turn: what it shaped
 * for one is not used for the other. */
static void
test_settings_change (void)
{
  cairo_surface_t *mine = new_surface (), *theirs = new_surface ();
  g_autoptr(EsLabelCache) cache = es_label_cache_new (FONT);
  cairo_font_options_t *plain = cairo_font_options_create (), *unhinted = cairo_font_options_create ();
  const char *name = "go.loop.step (Data.Map.Internal)";

  cairo_font_options_set_hint_metrics (unhinted, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (unhinted, CAIRO_HINT_STYLE_NONE);
  for (guint round = 0; round < 4; round++)
    {
      cairo_t *cr_mine = cairo_create (mine), *cr_theirs = cairo_create (theirs);
      cairo_font_options_t *options = round % 2 ? unhinted : plain;

      cairo_set_font_options (cr_mine, options);
      cairo_set_font_options (cr_theirs, options);
      if (round == 3)
        {
          cairo_scale (cr_mine, 1.5, 1.5);
          cairo_scale (cr_theirs, 1.5, 1.5);
        }
      es_label_cache_begin (cache, cr_mine);
      for (double w = 20; w < 200; w += 0.5)
        {
          clear (cr_mine);
          clear (cr_theirs);
          g_assert_true (es_label_cache_show (cache, cr_mine, name, 3, 0, HEIGHT - 4, w));
          show_with_pango (cr_theirs, name, 3, 0, HEIGHT - 4, w);
          g_assert_true (same_pixels (mine, theirs));
        }
      cairo_destroy (cr_mine);
      cairo_destroy (cr_theirs);
    }
  cairo_font_options_destroy (plain);
  cairo_font_options_destroy (unhinted);
  cairo_surface_destroy (mine);
  cairo_surface_destroy (theirs);
}

/* A surface that keeps text (a PDF, an SVG) gets Pango's layout, with its
 * text: the cache does not draw bare glyphs there. */
static void
test_vector_surface (void)
{
  cairo_surface_t *pdf = cairo_pdf_surface_create_for_stream (NULL, NULL, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (pdf);
  g_autoptr(EsLabelCache) cache = es_label_cache_new (FONT);

  g_assert_true (cairo_surface_has_show_text_glyphs (pdf));
  es_label_cache_begin (cache, cr);
  g_assert_false (es_label_cache_show (cache, cr, "go.loop.step (Data.Map.Internal)", 3, 0, 16, 50));
  cairo_destroy (cr);
  cairo_surface_destroy (pdf);
}

/* Labels queued and drawn a band's runs at a time have the pixels of each
 * drawn by Pango in turn: bands of labels as a flame graph lays them out
 * (a few runs for them all), and labels placed at random, touching,
 * overlapping, in bands closer than their text is high, among labels
 * Pango draws, at odd positions. */
#define PAGE_WIDTH  640
#define PAGE_HEIGHT 160

static void
check_queue (EsLabelCache *cache,
             GRand        *rand,
             gboolean      as_flame_graph,
             guint        *runs,
             guint        *labels)
{
  cairo_surface_t *mine = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, PAGE_WIDTH, PAGE_HEIGHT);
  cairo_surface_t *theirs = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, PAGE_WIDTH, PAGE_HEIGHT);
  cairo_t *cr_mine = cairo_create (mine), *cr_theirs = cairo_create (theirs);
  int row_height = as_flame_graph ? 17 : g_rand_int_range (rand, 4, 20);

  es_label_cache_begin (cache, cr_mine);
  clear (cr_mine);
  clear (cr_theirs);
  *runs = *labels = 0;
  for (int row = 0; (row + 1) * row_height <= PAGE_HEIGHT; row++)
    for (double x = 0; x < PAGE_WIDTH; )
      {
        double width = g_rand_double_range (rand, 8, 200);
        const char *name = g_rand_int_range (rand, 0, 12) == 0
                         ? pango_draws[g_rand_int_range (rand, 0, 3)]
                         : cut_here[g_rand_int_range (rand, 0, G_N_ELEMENTS (cut_here))];
        double at = as_flame_graph ? round (x) + 3 : x + g_rand_double_range (rand, -20, 20);
        double y = row * row_height + (as_flame_graph ? 0 : g_rand_double_range (rand, -0.5, 0.5));
        double room = as_flame_graph ? round (x + width) - round (x) - 6 : width + g_rand_double_range (rand, -10, 30);

        es_label_cache_queue (cache, cr_mine, name, at, y, row_height - 1, room);
        show_with_pango (cr_theirs, name, at, y, row_height - 1, room);
        (*labels)++;
        x += width;
        if (g_rand_int_range (rand, 0, 40) == 0)
          *runs += es_label_cache_flush (cache, cr_mine);
      }
  *runs += es_label_cache_flush (cache, cr_mine);
  cairo_surface_flush (mine);
  cairo_surface_flush (theirs);
  if (memcmp (cairo_image_surface_get_data (mine), cairo_image_surface_get_data (theirs),
              (gsize) cairo_image_surface_get_stride (mine) * PAGE_HEIGHT) != 0)
    g_error ("queued labels (%s) are not Pango's pixels", as_flame_graph ? "a flame graph's" : "at random");
  cairo_destroy (cr_mine);
  cairo_destroy (cr_theirs);
  cairo_surface_destroy (mine);
  cairo_surface_destroy (theirs);
}

static void
test_queued_as_drawn_in_turn (void)
{
  g_autoptr(EsLabelCache) cache = es_label_cache_new (FONT);
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  guint runs, labels, flame_runs = 0, flame_labels = 0;

  for (guint round = 0; round < 40; round++)
    {
      check_queue (cache, rand, round % 2 == 0, &runs, &labels);
      if (round % 2 == 0)
        {
          flame_runs += runs;
          flame_labels += labels;
        }
    }
  /* A flame graph's labels: a few runs a band, not two a label. */
  g_assert_cmpuint (flame_labels, >, 20 * 50);
  g_assert_cmpuint (flame_runs, <, flame_labels / 4);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/labels/cut-as-pango", test_cut_as_pango);
  g_test_add_func ("/render/labels/pango-draws", test_pango_draws);
  g_test_add_func ("/render/labels/other-options", test_other_options);
  g_test_add_func ("/render/labels/settings-change", test_settings_change);
  g_test_add_func ("/render/labels/vector-surface", test_vector_surface);
  g_test_add_func ("/render/labels/queued-as-drawn-in-turn", test_queued_as_drawn_in_turn);
  return g_test_run ();
}
