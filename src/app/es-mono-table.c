/* es-mono-table.c: a sortable, searchable table of EsMonoRows, with a
 * sentence where it has none
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "es-list-scroll.h"
#include "es-mono-table.h"
#include <string.h>

#include "es-time.h"

/* A column view over a store, sorted by the column clicked (or, from the
 * keyboard, Ctrl+1 to Ctrl+9: the column headers of GTK 4.8 take no focus)
 * and filtered by the search text against the rows' names and details.
 * Where there are no rows, a sentence says why: what the log lacks and
 * the profiler option that records it, or that the interval has none. */

struct _EsMonoTable
{
  GtkWidget           parent_instance;

  GtkWidget          *stack;
  GtkColumnView      *view;
  GtkWidget          *empty;
  GListStore         *store;
  GtkCustomFilter    *filter;
  GtkSingleSelection *selection;
  GPtrArray          *columns;        /* GtkColumnViewColumn */
  EsMonoColumn       *specs;
  guint               n_specs;
  char               *search;         /* casefolded, or NULL */
  char               *empty_text;
  guint               sorted_column;  /* as last sorted from here, for Ctrl+N again */
  GtkSortType         sort_order;
};

enum {
  SELECTION_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (EsMonoTable, es_mono_table, GTK_TYPE_WIDGET)

static char *
format_cell (const EsMonoColumn *spec,
             EsMonoRow          *row)
{
  guint64 v;

  switch (spec->kind)
    {
    case ES_MONO_COLUMN_NAME:
      return g_strdup (es_mono_row_get_name (row));
    case ES_MONO_COLUMN_DETAIL:
      return g_strdup (es_mono_row_get_detail (row));
    case ES_MONO_COLUMN_DURATION:
      return es_format_duration (es_mono_row_get_value (row, spec->value));
    case ES_MONO_COLUMN_PERCENT:
      v = es_mono_row_get_value (row, spec->value);
      return g_strdup_printf ("%.1f %%", v / 1e4);
    case ES_MONO_COLUMN_COUNT:
    default:
      return es_format_count (es_mono_row_get_value (row, spec->value));
    }
}

static void
setup_cell_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  data)
{
  const EsMonoColumn *spec = data;
  GtkWidget *label = gtk_label_new (NULL);
  gboolean text = spec->kind == ES_MONO_COLUMN_NAME || spec->kind == ES_MONO_COLUMN_DETAIL;

  gtk_label_set_xalign (GTK_LABEL (label), text ? 0 : 1);
  if (text)
    gtk_label_set_ellipsize (GTK_LABEL (label), spec->kind == ES_MONO_COLUMN_NAME ? PANGO_ELLIPSIZE_MIDDLE
                                                                                  : PANGO_ELLIPSIZE_END);
  else
    gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (item, label);
}

static void
bind_cell_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  data)
{
  const EsMonoColumn *spec = data;
  EsMonoRow *row = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);
  g_autofree char *text = format_cell (spec, row);

  gtk_label_set_text (GTK_LABEL (label), text);
  /* a backtrace, a frame a line; a long name, whole */
  if (spec->kind == ES_MONO_COLUMN_DETAIL)
    {
      g_auto(GStrv) frames = g_strsplit (text, " \342\206\220 ", -1);
      g_autofree char *lines = g_strjoinv ("\n", frames);

      gtk_widget_set_tooltip_text (label, lines[0] != '\0' ? lines : NULL);
    }
  else if (spec->kind == ES_MONO_COLUMN_NAME)
    gtk_widget_set_tooltip_text (label, text[0] != '\0' ? text : NULL);
}

static int
compare_rows (gconstpointer a,
              gconstpointer b,
              gpointer      data)
{
  const EsMonoColumn *spec = data;
  EsMonoRow *x = (EsMonoRow *) a, *y = (EsMonoRow *) b;
  guint64 u, v;

  switch (spec->kind)
    {
    case ES_MONO_COLUMN_NAME:
      return g_utf8_collate (es_mono_row_get_name (x), es_mono_row_get_name (y));
    case ES_MONO_COLUMN_DETAIL:
      return g_utf8_collate (es_mono_row_get_detail (x), es_mono_row_get_detail (y));
    default:
      u = es_mono_row_get_value (x, spec->value);
      v = es_mono_row_get_value (y, spec->value);
      return u < v ? -1 : u > v;
    }
}

static gboolean
filter_row (gpointer item,
            gpointer data)
{
  EsMonoTable *self = data;
  g_autofree char *name = NULL, *detail = NULL;

  if (self->search == NULL)
    return TRUE;
  name = g_utf8_casefold (es_mono_row_get_name (item), -1);
  if (strstr (name, self->search) != NULL)
    return TRUE;
  detail = g_utf8_casefold (es_mono_row_get_detail (item), -1);
  return strstr (detail, self->search) != NULL;
}

static void
update_empty (EsMonoTable *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->selection));

  if (n == 0 && g_list_model_get_n_items (G_LIST_MODEL (self->store)) > 0)
    gtk_label_set_text (GTK_LABEL (self->empty), _("Nothing here matches the search."));
  else
    gtk_label_set_text (GTK_LABEL (self->empty), self->empty_text != NULL ? self->empty_text : "");
  gtk_stack_set_visible_child (GTK_STACK (self->stack),
                               n > 0 ? gtk_widget_get_parent (GTK_WIDGET (self->view)) : self->empty);
}

/**
 * es_mono_table_set_rows:
 * @rows: (element-type EsMonoRow): the rows, in any order
 *
 * Shows @rows, sorted and filtered as the table is; the row selected
 * stays selected if a row of its id is among them.
 */
void
es_mono_table_set_rows (EsMonoTable *self,
                        GPtrArray   *rows)
{
  EsMonoRow *selected;
  guint32 id = G_MAXUINT32;

  g_return_if_fail (ES_IS_MONO_TABLE (self));

  selected = es_mono_table_get_selected (self);
  if (selected != NULL)
    id = es_mono_row_get_id (selected);
  g_list_store_splice (self->store, 0, g_list_model_get_n_items (G_LIST_MODEL (self->store)),
                       rows->pdata, rows->len);
  if (id != G_MAXUINT32)
    es_mono_table_select_id (self, id);
  update_empty (self);
}

/* What the table says where it has no rows. */
void
es_mono_table_set_empty_text (EsMonoTable *self,
                              const char  *text)
{
  g_return_if_fail (ES_IS_MONO_TABLE (self));

  g_free (self->empty_text);
  self->empty_text = g_strdup (text);
  update_empty (self);
}

const char *
es_mono_table_get_empty_text (EsMonoTable *self)
{
  g_return_val_if_fail (ES_IS_MONO_TABLE (self), NULL);

  return gtk_label_get_text (GTK_LABEL (self->empty));
}

gboolean
es_mono_table_is_empty_shown (EsMonoTable *self)
{
  g_return_val_if_fail (ES_IS_MONO_TABLE (self), FALSE);

  return gtk_stack_get_visible_child (GTK_STACK (self->stack)) == self->empty;
}

/* Shows only the rows whose name or detail holds @text (any case). */
void
es_mono_table_set_search (EsMonoTable *self,
                          const char  *text)
{
  g_return_if_fail (ES_IS_MONO_TABLE (self));

  g_clear_pointer (&self->search, g_free);
  if (text != NULL && text[0] != '\0')
    self->search = g_utf8_casefold (text, -1);
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  update_empty (self);
}

void
es_mono_table_sort_by (EsMonoTable *self,
                       guint        column,
                       GtkSortType  order)
{
  g_return_if_fail (ES_IS_MONO_TABLE (self) && column < self->columns->len);

  self->sorted_column = column;
  self->sort_order = order;
  gtk_column_view_sort_by_column (self->view, g_ptr_array_index (self->columns, column), order);
}

/* Returns: (transfer none) (nullable): the row selected */
EsMonoRow *
es_mono_table_get_selected (EsMonoTable *self)
{
  g_return_val_if_fail (ES_IS_MONO_TABLE (self), NULL);

  return gtk_single_selection_get_selected_item (self->selection);
}

void
es_mono_table_select_id (EsMonoTable *self,
                         guint32      id)
{
  guint n;

  g_return_if_fail (ES_IS_MONO_TABLE (self));

  n = g_list_model_get_n_items (G_LIST_MODEL (self->selection));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(EsMonoRow) row = g_list_model_get_item (G_LIST_MODEL (self->selection), i);

      if (es_mono_row_get_id (row) == id)
        {
          gtk_single_selection_set_selected (self->selection, i);
          return;
        }
    }
}

guint
es_mono_table_get_n_shown (EsMonoTable *self)
{
  g_return_val_if_fail (ES_IS_MONO_TABLE (self), 0);

  return g_list_model_get_n_items (G_LIST_MODEL (self->selection));
}

/* Returns: (transfer none): the row at @position, as shown (sorted, filtered) */
EsMonoRow *
es_mono_table_get_shown (EsMonoTable *self,
                         guint        position)
{
  g_autoptr(EsMonoRow) row = NULL;

  g_return_val_if_fail (ES_IS_MONO_TABLE (self), NULL);

  row = g_list_model_get_item (G_LIST_MODEL (self->selection), position);
  return row;   /* the store holds it */
}

/* Ctrl+1 to Ctrl+9 sort by that column, biggest first (names A to Z);
 * again, the other way. */
static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                EsMonoTable           *self)
{
  guint column;
  GtkSortType order;

  if ((state & GDK_CONTROL_MASK) == 0 || keyval < GDK_KEY_1 || keyval > GDK_KEY_9)
    return FALSE;
  column = keyval - GDK_KEY_1;
  if (column >= self->columns->len)
    return FALSE;
  order = self->specs[column].kind == ES_MONO_COLUMN_NAME || self->specs[column].kind == ES_MONO_COLUMN_DETAIL
          ? GTK_SORT_ASCENDING : GTK_SORT_DESCENDING;
  /* GtkColumnViewSorter, which would say how a click left it, is GTK 4.10 */
  if (self->sorted_column == column)
    order = self->sort_order == GTK_SORT_ASCENDING ? GTK_SORT_DESCENDING : GTK_SORT_ASCENDING;
  es_mono_table_sort_by (self, column, order);
  return TRUE;
}

static void
selected_cb (EsMonoTable *self)
{
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

/**
 * es_mono_table_new:
 * @label: what the table lists, for assistive technologies
 * @columns: (array length=n_columns): its columns; copied
 * @sort_column: sorted by it at first, biggest first
 */
GtkWidget *
es_mono_table_new (const char         *label,
                   const EsMonoColumn *columns,
                   guint               n_columns,
                   guint               sort_column)
{
  EsMonoTable *self = g_object_new (ES_TYPE_MONO_TABLE, NULL);
  GtkEventController *key;

  self->specs = g_memdup2 (columns, n_columns * sizeof *columns);
  self->n_specs = n_columns;
  for (guint c = 0; c < n_columns; c++)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      GtkSorter *sorter = GTK_SORTER (gtk_custom_sorter_new (compare_rows, &self->specs[c], NULL));
      GtkColumnViewColumn *column;
      gboolean text = columns[c].kind == ES_MONO_COLUMN_NAME || columns[c].kind == ES_MONO_COLUMN_DETAIL;

      g_signal_connect (factory, "setup", G_CALLBACK (setup_cell_cb), &self->specs[c]);
      g_signal_connect (factory, "bind", G_CALLBACK (bind_cell_cb), &self->specs[c]);
      column = gtk_column_view_column_new (columns[c].title, factory);
      gtk_column_view_column_set_sorter (column, sorter);
      gtk_column_view_column_set_resizable (column, TRUE);
      gtk_column_view_column_set_expand (column, text);
      gtk_column_view_append_column (self->view, column);
      g_ptr_array_add (self->columns, column);
      g_object_unref (sorter);
    }
  es_mono_table_sort_by (self, sort_column, columns[sort_column].kind == ES_MONO_COLUMN_NAME
                                            ? GTK_SORT_ASCENDING : GTK_SORT_DESCENDING);
  key = gtk_event_controller_key_new ();
  g_signal_connect_object (key, "key-pressed", G_CALLBACK (key_pressed_cb), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self->view), key);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->view), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  return GTK_WIDGET (self);
}

static void
es_mono_table_dispose (GObject *object)
{
  EsMonoTable *self = ES_MONO_TABLE (object);

  g_clear_pointer (&self->stack, gtk_widget_unparent);
  G_OBJECT_CLASS (es_mono_table_parent_class)->dispose (object);
}

static void
es_mono_table_finalize (GObject *object)
{
  EsMonoTable *self = ES_MONO_TABLE (object);

  g_ptr_array_unref (self->columns);
  g_clear_object (&self->selection);
  g_free (self->specs);
  g_free (self->search);
  g_free (self->empty_text);
  G_OBJECT_CLASS (es_mono_table_parent_class)->finalize (object);
}

static void
es_mono_table_class_init (EsMonoTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = es_mono_table_dispose;
  object_class->finalize = es_mono_table_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "mono-table");

  /**
   * EsMonoTable::selection-changed:
   *
   * Another row is selected, or none.
   */
  signals[SELECTION_CHANGED] = g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                             0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
es_mono_table_init (EsMonoTable *self)
{
  GtkWidget *scroller;
  GtkFilterListModel *filtered;
  GtkSortListModel *sorted;

  self->columns = g_ptr_array_new ();
  self->store = g_list_store_new (ES_TYPE_MONO_ROW);
  self->filter = gtk_custom_filter_new (filter_row, self, NULL);
  filtered = gtk_filter_list_model_new (G_LIST_MODEL (self->store), GTK_FILTER (self->filter));
  self->view = GTK_COLUMN_VIEW (gtk_column_view_new (NULL));
  gtk_column_view_set_show_column_separators (self->view, TRUE);
  sorted = gtk_sort_list_model_new (G_LIST_MODEL (filtered), g_object_ref (gtk_column_view_get_sorter (self->view)));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (sorted));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  /* The view gets its model when first shown (es_mono_table_map()). */
  g_signal_connect_object (self->selection, "notify::selected-item", G_CALLBACK (selected_cb), self,
                           G_CONNECT_SWAPPED);

  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->view));
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_widget_set_hexpand (scroller, TRUE);

  self->empty = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->empty), TRUE);
  gtk_label_set_selectable (GTK_LABEL (self->empty), TRUE);
  gtk_label_set_justify (GTK_LABEL (self->empty), GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (self->empty, "dim-label");
  gtk_widget_set_margin_start (self->empty, 18);
  gtk_widget_set_margin_end (self->empty, 18);

  self->stack = gtk_stack_new ();
  gtk_stack_add_child (GTK_STACK (self->stack), scroller);
  gtk_stack_add_child (GTK_STACK (self->stack), self->empty);
  gtk_stack_set_visible_child (GTK_STACK (self->stack), self->empty);
  gtk_widget_set_parent (self->stack, GTK_WIDGET (self));
}
