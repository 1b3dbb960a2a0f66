/* es-sidebar.c: the Key, Traces, GC and Bookmarks pages beside the timeline
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "es-bookmark-list.h"
#include "es-counter-picker.h"
#include "es-gc-list.h"
#include "es-give-back.h"
#include "es-sidebar.h"
#include "es-timeline-key.h"

/* The Key explains the colours the open log can show; Traces shows and hides
 * rows, and remembers the choice in the settings (by the names below); GC
 * lists the collections. */

struct _EsSidebar
{
  GtkWidget   parent_instance;

  GtkWidget  *notebook;
  GtkWidget  *key_rows[ES_COLOR_TEXT];
  GtkWidget  *key_labels[ES_COLOR_TEXT];
  GtkWidget  *no_data_row;    /* shown for a log cut short */
  GtkWidget  *trace_boxes;    /* the Traces page's boxes */
  GtkWidget  *heap_profile_row; /* shown for a log with a heap profile */
  GtkWidget  *gc_list;
  GtkWidget  *bookmark_list;
  EsTimeline *timeline;
  GSettings  *settings;
};

G_DEFINE_FINAL_TYPE (EsSidebar, es_sidebar, GTK_TYPE_WIDGET)

/* A trace without a name has no box: the threads' section is opened on the
 * timeline, and only remembered here. */
static const struct { EsRowKind kind; const char *name; const char *key; } traces[] = {
  { ES_ROW_ACTIVITY, N_("Activity"), "activity" },
  { ES_ROW_CAP, N_("HECs"), "hecs" },
  { ES_ROW_SPARK_CREATION, N_("Spark creation"), "spark-creation" },
  { ES_ROW_SPARK_CONVERSION, N_("Spark conversion"), "spark-conversion" },
  { ES_ROW_SPARK_POOL, N_("Spark pool"), "spark-pool" },
  { ES_ROW_SPANS, N_("Spans"), "spans" },
  { ES_ROW_PROFILE, N_("Profile"), "profile" },
  { ES_ROW_HEAP, N_("Heap"), "heap" },
  { ES_ROW_HEAP_PROFILE, N_("Heap profile"), "heap-profile" },
  { ES_ROW_THREADS, N_("Threads"), "threads" },
  { ES_ROW_THREAD, NULL, "thread-rows" },
};

/* Records @kinds (a mask of 1 << EsRowKind) under @key, by the traces'
 * names ("shown-rows", "pinned-rows"). */
static void
save_kinds (EsSidebar  *self,
            const char *key,
            guint32     kinds)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  if (self->settings == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (traces); i++)
    if (kinds & (1u << traces[i].kind))
      g_ptr_array_add (names, (gpointer) traces[i].key);
  g_ptr_array_add (names, NULL);
  g_settings_set_strv (self->settings, key, (const char * const *) names->pdata);
}

/* The pins of the Traces page. */
static void
save_pinned_rows (EsSidebar *self)
{
  save_kinds (self, "pinned-rows", es_timeline_rows_get_pinned_kinds (es_timeline_get_rows (self->timeline)));
}

/* The runtime counters drawn, by "Section/Name". */
static void
save_counters (EsSidebar *self)
{
  if (self->settings != NULL)
    g_settings_set_strv (self->settings, "shown-counters",
                         es_timeline_rows_get_counters (es_timeline_get_rows (self->timeline)));
}

/* Whoever changed them (a box here, or the timeline's threads' header). */
static void
save_shown_rows (EsSidebar *self)
{
  save_kinds (self, "shown-rows", es_timeline_rows_get_visible_kinds (es_timeline_get_rows (self->timeline)));
}

/* @kinds with @button's kind in it or not, as @active says. */
static guint32
toggle_kind (guint32    kinds,
             GtkWidget *button,
             gboolean   active)
{
  guint32 kind = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "row-kind"));

  return active ? kinds | 1u << kind : kinds & ~(1u << kind);
}

static void
trace_toggled_cb (GtkCheckButton *button,
                  EsTimelineRows *rows)
{
  es_timeline_rows_set_visible_kinds (rows, toggle_kind (es_timeline_rows_get_visible_kinds (rows), GTK_WIDGET (button),
                                                         gtk_check_button_get_active (button)));
}

static void
pin_toggled_cb (GtkToggleButton *button,
                EsTimelineRows  *rows)
{
  es_timeline_rows_set_pinned_kinds (rows, toggle_kind (es_timeline_rows_get_pinned_kinds (rows), GTK_WIDGET (button),
                                                        gtk_toggle_button_get_active (button)));
}

/* A Key's swatch, in the palette the timeline beside it is drawn in (the
 * theme's, asked at each draw, so it follows a change of theme), framed:
 * Idle is the timeline's background, not drawn, and without a frame would
 * be nothing on a page of the same colour. */
static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        data)
{
  gboolean dark = es_timeline_rows_is_dark (GTK_WIDGET (area));
  EsRgba fill, frame;

  es_timeline_color (GPOINTER_TO_UINT (data), dark, &fill);
  es_timeline_color (ES_COLOR_TEXT, dark, &frame);
  cairo_set_source_rgb (cr, fill.red, fill.green, fill.blue);
  cairo_paint (cr);
  cairo_rectangle (cr, 0.5, 0.5, width - 1, height - 1);
  cairo_set_source_rgba (cr, frame.red, frame.green, frame.blue, 0.55);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

/* The hatching that follows a capability's last event in a cut log. */
static void
draw_no_data_swatch (GtkDrawingArea *area,
                     cairo_t        *cr,
                     int             width,
                     int             height,
                     gpointer        data)
{
  gboolean dark = es_timeline_rows_is_dark (GTK_WIDGET (area));
  EsRgba text;

  es_timeline_color (ES_COLOR_TEXT, dark, &text);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  for (int x = -height; x < width; x += 5)
    {
      cairo_move_to (cr, x, height);
      cairo_line_to (cr, x + height, 0);
    }
  cairo_set_source_rgba (cr, text.red, text.green, text.blue, 0.55);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  cairo_rectangle (cr, 0.5, 0.5, width - 1, height - 1);
  cairo_stroke (cr);
}

/* The Heap profile row's first bands side by side, in its palette. */
static void
draw_heap_profile_swatch (GtkDrawingArea *area,
                          cairo_t        *cr,
                          int             width,
                          int             height,
                          gpointer        data)
{
  gboolean dark = es_timeline_rows_is_dark (GTK_WIDGET (area));
  EsHeapProfileBand band = { 0 };
  EsRgba c;

  for (guint b = 0; b < 4; b++)
    {
      es_timeline_heap_band_color (&band, b, dark, &c);
      cairo_set_source_rgb (cr, c.red, c.green, c.blue);
      cairo_rectangle (cr, b * width / 4.0, 0, width / 4.0 + 0.5, height);
      cairo_fill (cr);
    }
}

/* A Key row of @label and a swatch @draw draws, hidden until a log has
 * what it explains. */
static GtkWidget *
add_drawn_row (GtkWidget                  *key,
               const char                 *label_text,
               GtkDrawingAreaDrawFunc      draw)
{
  GtkWidget *swatch = gtk_drawing_area_new ();
  GtkWidget *label = gtk_label_new (label_text);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);

  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw, NULL, NULL);
  gtk_widget_add_css_class (swatch, "key-swatch");
  gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (swatch), GTK_ACCESSIBLE_PROPERTY_LABEL, label_text, -1);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_box_append (GTK_BOX (row), swatch);
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (key), row);
  gtk_widget_set_visible (row, FALSE);
  return row;
}

/* Whether @document has a capability whose data ends before the log's. */
static gboolean
has_cut_caps (EsDocument *document)
{
  for (guint c = 0; c < es_document_get_n_caps (document); c++)
    if (es_cap_timeline_get_data_end (es_document_get_cap (document, c)) != G_MAXUINT64)
      return TRUE;
  return FALSE;
}

static GtkWidget *
build_key (EsSidebar *self)
{
  GtkWidget *key = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *scroller = gtk_scrolled_window_new ();

  gtk_widget_set_margin_start (key, 12);
  gtk_widget_set_margin_end (key, 12);
  gtk_widget_set_margin_top (key, 12);
  for (guint c = 0; c < ES_COLOR_TEXT; c++)
    {
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
      GtkWidget *swatch = gtk_drawing_area_new ();
      GtkWidget *label = gtk_label_new (es_timeline_color_name (c));

      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch, GUINT_TO_POINTER (c), NULL);
      gtk_widget_add_css_class (swatch, "key-swatch");
      gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
      gtk_accessible_update_property (GTK_ACCESSIBLE (swatch), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      es_timeline_color_name (c), -1);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      /* A Mono log's names are longer than the sidebar is wide. */
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_box_append (GTK_BOX (row), swatch);
      gtk_box_append (GTK_BOX (row), label);
      gtk_box_append (GTK_BOX (key), row);
      self->key_rows[c] = row;
      self->key_labels[c] = label;
    }
  self->no_data_row = add_drawn_row (key, _("No data: the log is cut short"), draw_no_data_swatch);
  /* Its words are the log's (es_timeline_key_heap_profile()). */
  self->heap_profile_row = add_drawn_row (key, "", draw_heap_profile_swatch);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), key);
  return scroller;
}

/**
 * es_sidebar_new_traces:
 *
 * The Traces boxes, one a row kind, showing and hiding @rows' rows: the
 * sidebar's page, and the comparison's, whose second timeline follows the
 * first.
 *
 * Each but the threads' has a pin beside it: a pinned row stays at the
 * top, under the ruler, while the rows below it scroll.
 *
 * Returns: (transfer floating): a box of a row of a check button and a pin
 *   each
 */
GtkWidget *
es_sidebar_new_traces (EsTimelineRows *rows)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  guint32 visible = es_timeline_rows_get_visible_kinds (rows);
  guint32 pinned = es_timeline_rows_get_pinned_kinds (rows);

  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 12);
  for (guint i = 0; i < G_N_ELEMENTS (traces); i++)
    {
      GtkWidget *row, *check, *pin;

      if (traces[i].name == NULL)
        continue;
      row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      check = gtk_check_button_new_with_label (_(traces[i].name));
      g_object_set_data (G_OBJECT (check), "row-kind", GUINT_TO_POINTER (traces[i].kind));
      g_object_set_data (G_OBJECT (check), "row-key", (gpointer) traces[i].key);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), (visible & (1u << traces[i].kind)) != 0);
      g_signal_connect_object (check, "toggled", G_CALLBACK (trace_toggled_cb), rows, 0);
      gtk_widget_set_hexpand (check, TRUE);
      gtk_box_append (GTK_BOX (row), check);
      if (traces[i].kind != ES_ROW_THREADS)
        {
          g_autofree char *tooltip = g_strdup_printf (_("Keep %s at the top while the rows below scroll"),
                                                      _(traces[i].name));

          pin = gtk_toggle_button_new ();
          gtk_button_set_icon_name (GTK_BUTTON (pin), "view-pin-symbolic");
          gtk_widget_add_css_class (pin, "flat");
          gtk_widget_set_tooltip_text (pin, tooltip);
          gtk_accessible_update_property (GTK_ACCESSIBLE (pin), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
          g_object_set_data (G_OBJECT (pin), "row-kind", GUINT_TO_POINTER (traces[i].kind));
          g_object_set_data (G_OBJECT (pin), "pin-key", (gpointer) traces[i].key);
          gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (pin), (pinned & (1u << traces[i].kind)) != 0);
          g_signal_connect_object (pin, "toggled", G_CALLBACK (pin_toggled_cb), rows, 0);
          gtk_box_append (GTK_BOX (row), pin);
        }
      gtk_box_append (GTK_BOX (box), row);
    }
  gtk_box_append (GTK_BOX (box), es_counter_picker_new (rows));
  return box;
}

/* The Pauses panel chose a bucket: its pauses are on the GC page. */
static void
show_gc_list_cb (EsSidebar *self)
{
  gtk_notebook_set_current_page (GTK_NOTEBOOK (self->notebook),
                                 gtk_notebook_page_num (GTK_NOTEBOOK (self->notebook), self->gc_list));
}

/* Builds the pages for @timeline's rows. */
void
es_sidebar_set_timeline (EsSidebar  *self,
                         EsTimeline *timeline)
{
  GtkWidget *traces_page;

  g_return_if_fail (ES_IS_SIDEBAR (self));
  g_return_if_fail (self->timeline == NULL);

  g_set_object (&self->timeline, timeline);
  g_signal_connect_object (es_timeline_get_rows (timeline), "notify::visible-kinds",
                           G_CALLBACK (save_shown_rows), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (es_timeline_get_rows (timeline), "notify::pinned-kinds",
                           G_CALLBACK (save_pinned_rows), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (es_timeline_get_rows (timeline), "notify::counters",
                           G_CALLBACK (save_counters), self, G_CONNECT_SWAPPED);
  gtk_notebook_append_page (GTK_NOTEBOOK (self->notebook), build_key (self), gtk_label_new (_("Key")));
  /* Scrolled, as the Key is: the counters' hint wraps to the sidebar's
   * width, which a page's height must not depend on in the pane. */
  traces_page = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (traces_page), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  self->trace_boxes = es_sidebar_new_traces (es_timeline_get_rows (timeline));
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (traces_page), self->trace_boxes);
  gtk_notebook_append_page (GTK_NOTEBOOK (self->notebook), traces_page, gtk_label_new (_("Traces")));
  self->gc_list = es_gc_list_new ();
  gtk_notebook_append_page (GTK_NOTEBOOK (self->notebook), self->gc_list, gtk_label_new (_("GC")));
  g_signal_connect_object (self->gc_list, "filtered", G_CALLBACK (show_gc_list_cb), self, G_CONNECT_SWAPPED);
  self->bookmark_list = es_bookmark_list_new (es_timeline_get_rows (timeline));
  gtk_notebook_append_page (GTK_NOTEBOOK (self->notebook), self->bookmark_list, gtk_label_new (_("Bookmarks")));
}

/* The pages that follow the log shown: the Key, the GC list, and the
 * bookmarks, saved for @file. */
void
es_sidebar_set_session (EsSidebar *self,
                        EsSession *session,
                        GFile     *file)
{
  g_return_if_fail (ES_IS_SIDEBAR (self));
  g_return_if_fail (self->gc_list != NULL);

  for (guint c = 0; c < G_N_ELEMENTS (self->key_rows); c++)
    {
      EsDocument *document = session != NULL ? es_session_get_document (session) : NULL;
      const char *name = document != NULL ? es_timeline_key_name (document, c) : es_timeline_color_name (c);

      gtk_widget_set_visible (self->key_rows[c], document == NULL || es_timeline_color_in_log (document, c));
      gtk_label_set_text (GTK_LABEL (self->key_labels[c]), name);
      gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_widget_get_first_child (self->key_rows[c])),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
    }
  gtk_widget_set_visible (self->no_data_row, session != NULL && has_cut_caps (es_session_get_document (session)));
  {
    const char *heap_profile = session != NULL ? es_timeline_key_heap_profile (es_session_get_document (session)) : NULL;
    GtkWidget *swatch = gtk_widget_get_first_child (self->heap_profile_row);

    gtk_widget_set_visible (self->heap_profile_row, heap_profile != NULL);
    gtk_label_set_text (GTK_LABEL (gtk_widget_get_next_sibling (swatch)), heap_profile != NULL ? heap_profile : "");
    gtk_accessible_update_property (GTK_ACCESSIBLE (swatch), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    heap_profile != NULL ? heap_profile : "", -1);
  }
  es_gc_list_set_session (ES_GC_LIST (self->gc_list), session);
  es_bookmark_list_set_session (ES_BOOKMARK_LIST (self->bookmark_list), session, file);
}

/* Adds a bookmark at the cursor, and shows it on its page. */
void
es_sidebar_add_bookmark (EsSidebar *self)
{
  g_return_if_fail (ES_IS_SIDEBAR (self));
  g_return_if_fail (self->bookmark_list != NULL);

  if (es_bookmark_list_add (ES_BOOKMARK_LIST (self->bookmark_list)) == 0)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  gtk_notebook_set_current_page (GTK_NOTEBOOK (self->notebook),
                                 gtk_notebook_page_num (GTK_NOTEBOOK (self->notebook), self->bookmark_list));
}

/* Ticks the Traces boxes as @settings say (their handler shows the rows),
 * and records later changes there. */
void
es_sidebar_bind_settings (EsSidebar *self,
                          GSettings *settings)
{
  g_auto(GStrv) shown = NULL;
  g_auto(GStrv) pinned = NULL;
  g_auto(GStrv) counters = NULL;
  EsTimelineRows *rows;

  g_return_if_fail (ES_IS_SIDEBAR (self));
  g_return_if_fail (self->timeline != NULL);

  /* Not recorded while they are applied, one box at a time. */
  g_clear_object (&self->settings);
  shown = g_settings_get_strv (settings, "shown-rows");
  rows = es_timeline_get_rows (self->timeline);
  for (guint i = 0; i < G_N_ELEMENTS (traces); i++)
    if (traces[i].name == NULL)
      {
        guint32 kinds = es_timeline_rows_get_visible_kinds (rows) & ~(1u << traces[i].kind);

        if (g_strv_contains ((const char * const *) shown, traces[i].key))
          kinds |= 1u << traces[i].kind;
        es_timeline_rows_set_visible_kinds (rows, kinds);
      }
  counters = g_settings_get_strv (settings, "shown-counters");
  es_timeline_rows_set_counters (rows, (const char * const *) counters);
  pinned = g_settings_get_strv (settings, "pinned-rows");
  for (GtkWidget *row = gtk_widget_get_first_child (self->trace_boxes); row != NULL; row = gtk_widget_get_next_sibling (row))
    for (GtkWidget *button = gtk_widget_get_first_child (row); button != NULL; button = gtk_widget_get_next_sibling (button))
      {
        const char *key = g_object_get_data (G_OBJECT (button), "row-key");
        const char *pin = g_object_get_data (G_OBJECT (button), "pin-key");

        if (key != NULL)
          gtk_check_button_set_active (GTK_CHECK_BUTTON (button), g_strv_contains ((const char * const *) shown, key));
        if (pin != NULL)
          gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), g_strv_contains ((const char * const *) pinned, pin));
      }
  g_set_object (&self->settings, settings);
}

static void
es_sidebar_dispose (GObject *object)
{
  EsSidebar *self = ES_SIDEBAR (object);

  g_clear_object (&self->timeline);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->notebook, gtk_widget_unparent);
  G_OBJECT_CLASS (es_sidebar_parent_class)->dispose (object);
}

static void
es_sidebar_class_init (EsSidebarClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = es_sidebar_dispose;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "sidebar");
}

static void
es_sidebar_init (EsSidebar *self)
{
  self->notebook = gtk_notebook_new ();
  /* Tabs that scroll let the sidebar be narrower than their row. */
  gtk_notebook_set_scrollable (GTK_NOTEBOOK (self->notebook), TRUE);
  es_give_back_on_page_switches (GTK_NOTEBOOK (self->notebook));
  gtk_widget_set_parent (self->notebook, GTK_WIDGET (self));
}
