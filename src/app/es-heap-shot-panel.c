/* es-heap-shot-panel.c: a Mono heap shot's classes, compared with another
 * shot's
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "es-heap-census.h"
#include "es-heap-shot-panel.h"
#include "es-heap-shot-row.h"
#include "es-time.h"
#include "es-timeline-painter.h"

/* The Heap Shots tab: every class of one heap shot with its bytes,
 * objects and their average, and what changed since another shot, in a
 * table sorted by any column (mprof-report's heap shot section, with every
 * class rather than thirty, and any two shots rather than each with the
 * one before). Which two follows the timeline: a click compares the shot
 * nearest it with the one before; a selection from one shot to another
 * compares those two, the way one reads a heap's growth between two
 * moments. Both choices are also menus (Alt+S, Alt+C), so that a keyboard
 * reaches every shot. A shot is a few hundred classes at most: the table
 * is made on the main thread when asked, in O(classes). */

struct _EsHeapShotPanel
{
  GtkWidget      parent_instance;

  GtkWidget     *box;
  GtkDropDown   *shot_choice;
  GtkDropDown   *base_choice;
  GtkStringList *shot_names;
  GtkStringList *base_names;
  GtkWidget     *summary;
  GtkColumnView *view;
  GtkColumnViewColumn *bytes_column;
  GListStore    *store;        /* EsHeapShotRow */
  GtkSortListModel *sorted;

  EsSession     *session;
  gulong         selection_handler;
  GArray        *order;        /* guint: the document's censuses in time order */
  guint          shot;         /* the census shown, or ES_HEAP_CENSUS_NONE */
  guint          base;         /* the census compared with, or ES_HEAP_CENSUS_NONE */
  gboolean       choosing;     /* the menus are being set to the choice */
  gboolean       chosen;       /* by the person (the timeline or the menus), not by default */
};

G_DEFINE_FINAL_TYPE (EsHeapShotPanel, es_heap_shot_panel, GTK_TYPE_WIDGET)

GtkWidget *
es_heap_shot_panel_new (void)
{
  return g_object_new (ES_TYPE_HEAP_SHOT_PANEL, NULL);
}

static EsDocument *
document_of (EsHeapShotPanel *self)
{
  return self->session != NULL ? es_session_get_document (self->session) : NULL;
}

/* Where @census is in the menus' time order, or G_MAXUINT. */
static guint
position_of (EsHeapShotPanel *self,
             guint            census)
{
  for (guint i = 0; i < self->order->len; i++)
    if (g_array_index (self->order, guint, i) == census)
      return i;
  return G_MAXUINT;
}

static void
show_summary (EsHeapShotPanel *self)
{
  EsDocument *document = document_of (self);
  EsHeapCensusTotals totals, before;
  g_autofree char *bytes = NULL, *objects = NULL, *classes = NULL, *text = NULL;

  if (self->shot == ES_HEAP_CENSUS_NONE)
    {
      gtk_label_set_text (GTK_LABEL (self->summary), "");
      return;
    }
  es_heap_census_get_totals (document, self->shot, &totals);
  bytes = g_format_size (totals.bytes);
  objects = es_format_count (totals.objects);
  classes = es_format_count (totals.n_bands);
  /* TRANSLATORS: "1.2 MB in 3,456 objects of 78 classes" */
  text = g_strdup_printf (_("%s in %s objects of %s classes"), bytes, objects, classes);
  if (self->base != ES_HEAP_CENSUS_NONE)
    {
      g_autofree char *change = NULL, *objects_change = NULL, *whole = NULL;

      es_heap_census_get_totals (document, self->base, &before);
      change = es_heap_census_format_change ((gint64) (totals.bytes - before.bytes));
      objects_change = g_strdup_printf ("%+" G_GINT64_FORMAT, (gint64) (totals.objects - before.objects));
      /* TRANSLATORS: the summary, then the change in bytes and in objects
       * ("+12.3 kB, +45 objects") */
      whole = g_strdup_printf (_("%s: %s, %s objects"), text, change, objects_change);
      g_free (text);
      text = g_steal_pointer (&whole);
    }
  gtk_label_set_text (GTK_LABEL (self->summary), text);
}

static void
fill_rows (EsHeapShotPanel *self)
{
  EsDocument *document = document_of (self);
  g_autoptr(GArray) bands = NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);

  if (self->shot != ES_HEAP_CENSUS_NONE)
    {
      bands = es_heap_census_compare (document, self->shot, self->base);
      for (guint i = 0; i < bands->len; i++)
        {
          const EsHeapCensusBand *band = &g_array_index (bands, EsHeapCensusBand, i);

          g_ptr_array_add (rows, es_heap_shot_row_new (es_document_get_heap_band_name (document, band->band), band));
        }
    }
  g_object_set_data (G_OBJECT (self->view), "compared", GINT_TO_POINTER (self->base != ES_HEAP_CENSUS_NONE));
  g_list_store_splice (self->store, 0, g_list_model_get_n_items (G_LIST_MODEL (self->store)), rows->pdata,
                       rows->len);
  show_summary (self);
}

/**
 * es_heap_shot_panel_choose:
 * @shot: a census of the session's document
 * @base: the census to compare it with, or ES_HEAP_CENSUS_NONE
 *
 * Shows @shot's classes and their change since @base, and says so in
 * the menus.
 */
void
es_heap_shot_panel_choose (EsHeapShotPanel *self,
                           guint            shot,
                           guint            base)
{
  guint position, base_position;

  g_return_if_fail (ES_IS_HEAP_SHOT_PANEL (self));

  position = position_of (self, shot);
  base_position = position_of (self, base);
  g_return_if_fail (position != G_MAXUINT);
  self->shot = shot;
  self->base = base_position != G_MAXUINT ? base : ES_HEAP_CENSUS_NONE;
  self->choosing = TRUE;
  gtk_drop_down_set_selected (self->shot_choice, position);
  /* The base menu's first item is "nothing". */
  gtk_drop_down_set_selected (self->base_choice, base_position != G_MAXUINT ? base_position + 1 : 0);
  self->choosing = FALSE;
  fill_rows (self);
}

void
es_heap_shot_panel_get_chosen (EsHeapShotPanel *self,
                               guint           *shot,
                               guint           *base)
{
  g_return_if_fail (ES_IS_HEAP_SHOT_PANEL (self));

  *shot = self->shot;
  *base = self->base;
}

/* The timeline's choice: the shots at the ends of a selection, or the
 * shot nearest the cursor and the one before it. */
static void
selection_changed_cb (EsHeapShotPanel *self)
{
  EsDocument *document = document_of (self);
  guint64 t0, t1, cursor;
  guint shot, base;

  if (self->order->len == 0)
    return;
  if (es_session_get_selection (self->session, &t0, &t1))
    {
      self->chosen = TRUE;
      shot = es_heap_census_nearest (document, t1);
      base = es_heap_census_nearest (document, t0);
      if (position_of (self, base) >= position_of (self, shot))
        base = es_heap_census_before (document, shot);
    }
  else if (es_session_get_cursor (self->session, &cursor))
    {
      self->chosen = TRUE;
      shot = es_heap_census_nearest (document, cursor);
      base = es_heap_census_before (document, shot);
    }
  else if (self->shot != ES_HEAP_CENSUS_NONE)
    return;
  else
    {
      /* Before any choice, the last shot: the heap as the run left it
       * (a followed log's newest). */
      self->chosen = FALSE;
      shot = g_array_index (self->order, guint, self->order->len - 1);
      base = es_heap_census_before (document, shot);
    }
  if (shot != self->shot || base != self->base)
    es_heap_shot_panel_choose (self, shot, base);
}

static void
menu_changed_cb (EsHeapShotPanel *self)
{
  guint position = gtk_drop_down_get_selected (self->shot_choice);
  guint base = gtk_drop_down_get_selected (self->base_choice);

  if (self->choosing || position >= self->order->len)
    return;
  self->chosen = TRUE;
  es_heap_shot_panel_choose (self, g_array_index (self->order, guint, position),
                             base > 0 && base <= self->order->len ? g_array_index (self->order, guint, base - 1)
                                                                  : ES_HEAP_CENSUS_NONE);
}

static int
compare_times (gconstpointer a,
               gconstpointer b,
               gpointer      document)
{
  EsHeapCensusTotals x, y;

  es_heap_census_get_totals (document, *(const guint *) a, &x);
  es_heap_census_get_totals (document, *(const guint *) b, &y);
  if (x.time != y.time)
    return x.time < y.time ? -1 : 1;
  return *(const guint *) a < *(const guint *) b ? -1 : 1;
}

/* The menus' items: each shot, numbered in time order as mprof-report
 * numbers them, with its time. */
static void
fill_menus (EsHeapShotPanel *self)
{
  EsDocument *document = document_of (self);
  guint n = document != NULL && es_heap_census_counts_objects (document) ? es_heap_census_get_n (document) : 0;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  g_array_set_size (self->order, 0);
  for (guint c = 0; c < n; c++)
    g_array_append_val (self->order, c);
  g_array_sort_with_data (self->order, compare_times, document);
  for (guint i = 0; i < n; i++)
    {
      EsHeapCensusTotals totals;
      g_autofree char *when = NULL;

      es_heap_census_get_totals (document, g_array_index (self->order, guint, i), &totals);
      when = es_timeline_format_time (totals.time, 100000);
      /* TRANSLATORS: a heap shot, numbered from 0 as mprof-report does */
      g_ptr_array_add (names, g_strdup_printf (_("Shot %u at %s"), i, when));
    }
  g_ptr_array_add (names, NULL);
  self->choosing = TRUE;
  gtk_string_list_splice (self->shot_names, 0, g_list_model_get_n_items (G_LIST_MODEL (self->shot_names)),
                          (const char * const *) names->pdata);
  gtk_string_list_splice (self->base_names, 0, g_list_model_get_n_items (G_LIST_MODEL (self->base_names)), NULL);
  gtk_string_list_append (self->base_names, _("No other shot"));
  gtk_string_list_splice (self->base_names, 1, 0, (const char * const *) names->pdata);
  self->choosing = FALSE;
}

/**
 * es_heap_shot_panel_set_session:
 *
 * Shows the heap shots of @session's document, following its cursor and
 * selection. A followed log's next session keeps the shots chosen.
 */
void
es_heap_shot_panel_set_session (EsHeapShotPanel *self,
                                EsSession       *session)
{
  guint shot, base;

  g_return_if_fail (ES_IS_HEAP_SHOT_PANEL (self));

  shot = self->shot;
  base = self->base;
  if (self->session != NULL)
    g_clear_signal_handler (&self->selection_handler, self->session);
  g_set_object (&self->session, session);
  self->shot = self->base = ES_HEAP_CENSUS_NONE;
  fill_menus (self);
  fill_rows (self);
  if (session == NULL)
    return;
  self->selection_handler = g_signal_connect_object (session, "selection-changed",
                                                     G_CALLBACK (selection_changed_cb), self, G_CONNECT_SWAPPED);
  /* A followed log's shots only grow: a choice made stays, and without
   * one the newest shot shows. */
  if (es_session_is_continuing (session) && self->chosen && position_of (self, shot) != G_MAXUINT)
    es_heap_shot_panel_choose (self, shot, base);
  else
    {
      self->chosen = FALSE;
      selection_changed_cb (self);
    }
}

/* Whether the session's document has heap shots to show. */
gboolean
es_heap_shot_panel_has_shots (EsHeapShotPanel *self)
{
  g_return_val_if_fail (ES_IS_HEAP_SHOT_PANEL (self), FALSE);

  return self->order->len > 0;
}

/**
 * es_heap_shot_panel_get_rows:
 *
 * Returns: (transfer none): the table's rows (EsHeapShotRow), as sorted
 */
GListModel *
es_heap_shot_panel_get_rows (EsHeapShotPanel *self)
{
  g_return_val_if_fail (ES_IS_HEAP_SHOT_PANEL (self), NULL);

  return G_LIST_MODEL (self->sorted);
}

const char *
es_heap_shot_panel_get_summary (EsHeapShotPanel *self)
{
  g_return_val_if_fail (ES_IS_HEAP_SHOT_PANEL (self), NULL);

  return gtk_label_get_text (GTK_LABEL (self->summary));
}

static void
setup_cell_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  column)
{
  GtkWidget *label = gtk_label_new (NULL);

  if (GPOINTER_TO_UINT (column) == ES_HEAP_SHOT_COLUMN_CLASS)
    {
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
    }
  else
    {
      gtk_label_set_xalign (GTK_LABEL (label), 1);
      gtk_widget_add_css_class (label, "numeric");
    }
  gtk_list_item_set_child (item, label);
}

static void
bind_cell_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  column)
{
  EsHeapShotRow *row = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);
  GtkWidget *view = g_object_get_data (G_OBJECT (factory), "view");
  g_autofree char *text = es_heap_shot_row_format (row, GPOINTER_TO_UINT (column),
                                                   g_object_get_data (G_OBJECT (view), "compared") != NULL);

  gtk_label_set_text (GTK_LABEL (label), text);
  /* A class's whole name, however narrow the column. */
  if (GPOINTER_TO_UINT (column) == ES_HEAP_SHOT_COLUMN_CLASS)
    gtk_widget_set_tooltip_text (label, text);
}

static GtkColumnViewColumn *
add_column (EsHeapShotPanel  *self,
            const char       *title,
            EsHeapShotColumn  column)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkSorter *sorter = GTK_SORTER (gtk_custom_sorter_new (es_heap_shot_row_compare, GUINT_TO_POINTER (column), NULL));
  GtkColumnViewColumn *view_column;

  g_object_set_data (G_OBJECT (factory), "view", self->view);
  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell_cb), GUINT_TO_POINTER (column));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell_cb), GUINT_TO_POINTER (column));
  view_column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_sorter (view_column, sorter);
  gtk_column_view_column_set_resizable (view_column, TRUE);
  if (column == ES_HEAP_SHOT_COLUMN_CLASS)
    gtk_column_view_column_set_expand (view_column, TRUE);
  gtk_column_view_append_column (self->view, view_column);
  g_object_unref (sorter);
  g_object_unref (view_column);
  return view_column;
}

/* A menu with its mnemonic label before it. */
static GtkDropDown *
add_menu (GtkWidget     *bar,
          const char    *label_text,
          GtkStringList *names)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (label_text);
  GtkWidget *menu = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (names)), NULL);

  gtk_label_set_mnemonic_widget (GTK_LABEL (label), menu);
  gtk_box_append (GTK_BOX (bar), label);
  gtk_box_append (GTK_BOX (bar), menu);
  return GTK_DROP_DOWN (menu);
}

static void
es_heap_shot_panel_dispose (GObject *object)
{
  EsHeapShotPanel *self = ES_HEAP_SHOT_PANEL (object);

  if (self->session != NULL)
    g_clear_signal_handler (&self->selection_handler, self->session);
  g_clear_object (&self->session);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_object (&self->store);
  g_clear_object (&self->sorted);
  g_clear_object (&self->shot_names);
  g_clear_object (&self->base_names);
  G_OBJECT_CLASS (es_heap_shot_panel_parent_class)->dispose (object);
}

static void
es_heap_shot_panel_finalize (GObject *object)
{
  g_array_unref (ES_HEAP_SHOT_PANEL (object)->order);
  G_OBJECT_CLASS (es_heap_shot_panel_parent_class)->finalize (object);
}

static void
es_heap_shot_panel_class_init (EsHeapShotPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = es_heap_shot_panel_dispose;
  object_class->finalize = es_heap_shot_panel_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "heap-shot-panel");
}

static void
es_heap_shot_panel_init (EsHeapShotPanel *self)
{
  GtkWidget *bar, *scroller;
  GtkNoSelection *selection;

  self->order = g_array_new (FALSE, FALSE, sizeof (guint));
  self->shot = self->base = ES_HEAP_CENSUS_NONE;
  self->shot_names = gtk_string_list_new (NULL);
  self->base_names = gtk_string_list_new (NULL);

  bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_add_css_class (bar, "toolbar");
  self->shot_choice = add_menu (bar, _("_Shot"), self->shot_names);
  self->base_choice = add_menu (bar, _("_Compared with"), self->base_names);
  g_signal_connect_object (self->shot_choice, "notify::selected", G_CALLBACK (menu_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->base_choice, "notify::selected", G_CALLBACK (menu_changed_cb), self,
                           G_CONNECT_SWAPPED);
  self->summary = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->summary), 0);
  gtk_label_set_ellipsize (GTK_LABEL (self->summary), PANGO_ELLIPSIZE_END);
  gtk_label_set_selectable (GTK_LABEL (self->summary), TRUE);
  gtk_widget_set_hexpand (self->summary, TRUE);
  gtk_widget_set_margin_start (self->summary, 12);
  gtk_box_append (GTK_BOX (bar), self->summary);

  self->view = GTK_COLUMN_VIEW (gtk_column_view_new (NULL));
  gtk_column_view_set_show_column_separators (self->view, TRUE);
  add_column (self, _("Class"), ES_HEAP_SHOT_COLUMN_CLASS);
  self->bytes_column = add_column (self, _("Bytes"), ES_HEAP_SHOT_COLUMN_BYTES);
  add_column (self, _("Objects"), ES_HEAP_SHOT_COLUMN_OBJECTS);
  add_column (self, _("Average"), ES_HEAP_SHOT_COLUMN_AVERAGE);
  add_column (self, _("Bytes change"), ES_HEAP_SHOT_COLUMN_BYTES_CHANGE);
  add_column (self, _("Objects change"), ES_HEAP_SHOT_COLUMN_OBJECTS_CHANGE);
  self->store = g_list_store_new (ES_TYPE_HEAP_SHOT_ROW);
  self->sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->store)),
                                          g_object_ref (gtk_column_view_get_sorter (self->view)));
  selection = gtk_no_selection_new (G_LIST_MODEL (g_object_ref (self->sorted)));
  gtk_column_view_set_model (self->view, GTK_SELECTION_MODEL (selection));
  g_object_unref (selection);
  gtk_column_view_sort_by_column (self->view, self->bytes_column, GTK_SORT_DESCENDING);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Classes of the heap shot"), -1);

  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->view));
  gtk_widget_set_vexpand (scroller, TRUE);

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (self->box), bar);
  gtk_box_append (GTK_BOX (self->box), scroller);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
}
