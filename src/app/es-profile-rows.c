/* es-profile-rows.c: the Profile tab's table of cost centres, made on demand
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-profile-rows.h"
#include "es-time.h"

/* As the GC list does (es-gc-rows.c): the order is an array of indexes
 * into the profile's cost centres, filtered by the search and sorted with
 * the column view's own sorter, and a row object is made only when the
 * view asks for its position. A program has thousands of cost centres
 * with -fprof-auto; a screenful of them is shown. */

/* ---- one row ----------------------------------------------------------- */

struct _EsProfileRow
{
  GObject             parent_instance;
  EsProfileCostCentre cost_centre;
  guint64             total;         /* the samples the shares are of */
  gboolean            in_time;       /* they are ns of call time, shown in ms */
};

G_DEFINE_FINAL_TYPE (EsProfileRow, es_profile_row, G_TYPE_OBJECT)

static void
es_profile_row_class_init (EsProfileRowClass *klass)
{
}

static void
es_profile_row_init (EsProfileRow *self)
{
}

static EsProfileRow *
es_profile_row_new (const EsProfileCostCentre *cost_centre,
                    guint64                    total,
                    gboolean                   in_time)
{
  EsProfileRow *self = g_object_new (ES_TYPE_PROFILE_ROW, NULL);

  self->cost_centre = *cost_centre;
  self->total = total;
  self->in_time = in_time;
  return self;
}

const EsProfileCostCentre *
es_profile_row_get_cost_centre (EsProfileRow *self)
{
  g_return_val_if_fail (ES_IS_PROFILE_ROW (self), NULL);

  return &self->cost_centre;
}

guint64
es_profile_row_get_total (EsProfileRow *self)
{
  g_return_val_if_fail (ES_IS_PROFILE_ROW (self), 0);

  return self->total;
}

static const char *
label_of (const EsProfileCostCentre *c)
{
  return c->cc != NULL ? c->cc->label : c->id == G_MAXUINT32 ? "MAIN" : "?";
}

static const char *
module_of (const EsProfileCostCentre *c)
{
  return c->cc != NULL ? c->cc->module : c->id == G_MAXUINT32 ? "MAIN" : "";
}

static double
percent (guint64 part,
         guint64 whole)
{
  return whole > 0 ? 100.0 * (double) part / (double) whole : 0.0;
}

/**
 * es_profile_row_dup_text:
 *
 * Returns: (transfer full): what the table shows in @column
 */
char *
es_profile_row_dup_text (EsProfileRow      *self,
                         EsProfileColumnId  column)
{
  const EsProfileCostCentre *c;

  g_return_val_if_fail (ES_IS_PROFILE_ROW (self), NULL);

  c = &self->cost_centre;
  switch (column)
    {
    case ES_PROFILE_COLUMN_NAME:
      if (c->cc == NULL && c->id != G_MAXUINT32)
        return g_strdup_printf ("#%u", c->id);
      return g_strdup (label_of (c));
    case ES_PROFILE_COLUMN_MODULE:
      return g_strdup (module_of (c));
    case ES_PROFILE_COLUMN_SOURCE:
      return g_strdup (c->cc != NULL ? c->cc->srcloc : "");
    case ES_PROFILE_COLUMN_INDIVIDUAL:
      return g_strdup_printf ("%.1f", percent (c->individual, self->total));
    case ES_PROFILE_COLUMN_INHERITED:
      return g_strdup_printf ("%.1f", percent (c->inherited, self->total));
    case ES_PROFILE_COLUMN_TICKS:
      if (self->in_time)
        return g_strdup_printf ("%.3f", (double) c->individual / 1e6);
      return es_format_count (c->individual);
    case ES_PROFILE_COLUMN_INHERITED_TICKS:
    case ES_N_PROFILE_COLUMNS:
    default:
      if (self->in_time)
        return g_strdup_printf ("%.3f", (double) c->inherited / 1e6);
      return es_format_count (c->inherited);
    }
}

/* A GCompareDataFunc for GtkCustomSorter: numbers as numbers (a share
 * sorts as its ticks do), names as text; ties go by individual ticks,
 * most first, as in the `.prof`. */
int
es_profile_row_compare (gconstpointer a,
                        gconstpointer b,
                        gpointer      column)
{
  const EsProfileCostCentre *x = &((const EsProfileRow *) a)->cost_centre;
  const EsProfileCostCentre *y = &((const EsProfileRow *) b)->cost_centre;
  guint64 vx, vy;
  int order = 0;

  switch (GPOINTER_TO_UINT (column))
    {
    case ES_PROFILE_COLUMN_NAME:
      order = g_utf8_collate (label_of (x), label_of (y));
      break;
    case ES_PROFILE_COLUMN_MODULE:
      order = g_utf8_collate (module_of (x), module_of (y));
      break;
    case ES_PROFILE_COLUMN_SOURCE:
      order = g_utf8_collate (x->cc != NULL ? x->cc->srcloc : "", y->cc != NULL ? y->cc->srcloc : "");
      break;
    case ES_PROFILE_COLUMN_INHERITED:
    case ES_PROFILE_COLUMN_INHERITED_TICKS:
      vx = x->inherited;
      vy = y->inherited;
      order = vx < vy ? -1 : vx > vy;
      break;
    default:
      break;
    }
  if (order != 0)
    return order;
  return x->individual < y->individual ? -1 : x->individual > y->individual;
}

/* ---- the columns ------------------------------------------------------- */

static void
setup_cell_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  column)
{
  GtkWidget *label = gtk_label_new (NULL);
  gboolean numeric = GPOINTER_TO_UINT (column) >= ES_PROFILE_COLUMN_INDIVIDUAL;

  gtk_label_set_xalign (GTK_LABEL (label), numeric ? 1 : 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), numeric ? PANGO_ELLIPSIZE_NONE : PANGO_ELLIPSIZE_END);
  if (numeric)
    gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (item, label);
}

static void
bind_cell_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  column)
{
  g_autofree char *text = es_profile_row_dup_text (gtk_list_item_get_item (item), GPOINTER_TO_UINT (column));

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), text);
}

/**
 * es_profile_rows_add_column:
 *
 * Adds to @view a column that shows and sorts by @column of the rows.
 *
 * Returns: (transfer none): the column
 */
GtkColumnViewColumn *
es_profile_rows_add_column (GtkColumnView     *view,
                            const char        *title,
                            EsProfileColumnId  column)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkSorter *sorter = GTK_SORTER (gtk_custom_sorter_new (es_profile_row_compare, GUINT_TO_POINTER (column), NULL));
  GtkColumnViewColumn *view_column;

  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell_cb), GUINT_TO_POINTER (column));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell_cb), GUINT_TO_POINTER (column));
  view_column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_sorter (view_column, sorter);
  gtk_column_view_column_set_resizable (view_column, TRUE);
  gtk_column_view_append_column (view, view_column);
  g_object_unref (sorter);
  g_object_unref (view_column);
  return view_column;
}

/* ---- the rows ---------------------------------------------------------- */

struct _EsProfileRows
{
  GObject       parent_instance;

  GtkSorter    *sorter;
  EsDocument   *document;      /* owns the cost centres' definitions */
  GArray       *cost_centres;  /* EsProfileCostCentre, or NULL */
  guint64       total;
  gboolean      in_time;       /* call time: ns, shown in ms */
  char         *search;        /* casefolded, or NULL */
  guint32      *order;         /* indexes into @cost_centres, as shown */
  guint         n_rows;
  EsProfileRow *scratch[2];    /* what the sorter compares */
};

static void es_profile_rows_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (EsProfileRows, es_profile_rows, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, es_profile_rows_iface_init))

static GType
es_profile_rows_get_item_type (GListModel *model)
{
  return ES_TYPE_PROFILE_ROW;
}

static guint
es_profile_rows_get_n_items (GListModel *model)
{
  return ES_PROFILE_ROWS (model)->n_rows;
}

static const EsProfileCostCentre *
cost_centre_at (EsProfileRows *self,
                guint32        index)
{
  return &g_array_index (self->cost_centres, EsProfileCostCentre, index);
}

static gpointer
es_profile_rows_get_item (GListModel *model,
                          guint       position)
{
  EsProfileRows *self = ES_PROFILE_ROWS (model);

  if (position >= self->n_rows)
    return NULL;
  return es_profile_row_new (cost_centre_at (self, self->order[position]), self->total, self->in_time);
}

static void
es_profile_rows_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = es_profile_rows_get_item_type;
  iface->get_n_items = es_profile_rows_get_n_items;
  iface->get_item = es_profile_rows_get_item;
}

/* Ties keep the profile's order: individual ticks, most first. */
static int
compare_rows (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  EsProfileRows *self = user_data;
  guint32 x = *(const guint32 *) a, y = *(const guint32 *) b;
  GtkOrdering order;

  self->scratch[0]->cost_centre = *cost_centre_at (self, x);
  self->scratch[1]->cost_centre = *cost_centre_at (self, y);
  order = gtk_sorter_compare (self->sorter, self->scratch[0], self->scratch[1]);
  if (order != GTK_ORDERING_EQUAL)
    return order;
  return x < y ? -1 : x > y;
}

/* The same test as the flame graph's search: "label (Module)" has it,
 * ignoring case. */
static gboolean
matches (EsProfileRows             *self,
         const EsProfileCostCentre *c)
{
  g_autoptr(GString) name = NULL;
  g_autofree char *folded = NULL;

  if (self->search == NULL)
    return TRUE;
  name = g_string_new (NULL);
  es_profile_append_cost_centre_name (c, name);
  folded = g_utf8_casefold (name->str, -1);
  return strstr (folded, self->search) != NULL;
}

static void
rebuild (EsProfileRows *self)
{
  guint old_n = self->n_rows;
  guint len = self->cost_centres != NULL ? self->cost_centres->len : 0;

  g_clear_pointer (&self->order, g_free);
  self->order = g_new (guint32, MAX (len, 1));
  self->n_rows = 0;
  for (guint i = 0; i < len; i++)
    if (matches (self, cost_centre_at (self, i)))
      self->order[self->n_rows++] = i;
  if (self->sorter != NULL && gtk_sorter_get_order (self->sorter) != GTK_SORTER_ORDER_NONE)
    g_qsort_with_data (self->order, (gint) self->n_rows, sizeof (guint32), compare_rows, self);
  if (old_n > 0 || self->n_rows > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, old_n, self->n_rows);
}

static void
sorter_changed_cb (GtkSorter       *sorter,
                   GtkSorterChange  change,
                   EsProfileRows   *self)
{
  rebuild (self);
}

static void
es_profile_rows_dispose (GObject *object)
{
  EsProfileRows *self = ES_PROFILE_ROWS (object);

  if (self->sorter != NULL)
    g_signal_handlers_disconnect_by_func (self->sorter, sorter_changed_cb, self);
  g_clear_object (&self->sorter);
  g_clear_pointer (&self->cost_centres, g_array_unref);
  g_clear_object (&self->document);
  g_clear_pointer (&self->order, g_free);
  g_clear_pointer (&self->search, g_free);
  self->n_rows = 0;
  g_clear_object (&self->scratch[0]);
  g_clear_object (&self->scratch[1]);
  G_OBJECT_CLASS (es_profile_rows_parent_class)->dispose (object);
}

static void
es_profile_rows_class_init (EsProfileRowsClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = es_profile_rows_dispose;
}

static void
es_profile_rows_init (EsProfileRows *self)
{
  static const EsProfileCostCentre none = { 0 };

  self->scratch[0] = es_profile_row_new (&none, 0, FALSE);
  self->scratch[1] = es_profile_row_new (&none, 0, FALSE);
}

/**
 * es_profile_rows_new:
 * @sorter: (nullable): the order of the rows; they follow its changes
 */
EsProfileRows *
es_profile_rows_new (GtkSorter *sorter)
{
  EsProfileRows *self = g_object_new (ES_TYPE_PROFILE_ROWS, NULL);

  if (sorter != NULL)
    {
      self->sorter = g_object_ref (sorter);
      g_signal_connect (sorter, "changed", G_CALLBACK (sorter_changed_cb), self);
    }
  return self;
}

/**
 * es_profile_rows_set_profile:
 * @document: (nullable): the document the cost centres' definitions are of
 * @cost_centres: (nullable): EsProfileCostCentre, as in EsProfile
 * @total: the samples the shares are of
 * @in_time: the counts are ns of call time, shown as ms
 *
 * Replaces the rows (none without @cost_centres).
 */
void
es_profile_rows_set_profile (EsProfileRows *self,
                             EsDocument    *document,
                             GArray        *cost_centres,
                             guint64        total,
                             gboolean       in_time)
{
  g_return_if_fail (ES_IS_PROFILE_ROWS (self));

  self->in_time = in_time;
  g_set_object (&self->document, document);
  if (cost_centres != NULL)
    g_array_ref (cost_centres);
  g_clear_pointer (&self->cost_centres, g_array_unref);
  self->cost_centres = cost_centres;
  self->total = total;
  rebuild (self);
}

/* Keeps the rows whose "label (Module)" has @search, ignoring case; all
 * of them for NULL or "". */
void
es_profile_rows_set_search (EsProfileRows *self,
                            const char    *search)
{
  g_autofree char *folded = NULL;

  g_return_if_fail (ES_IS_PROFILE_ROWS (self));

  if (search != NULL && search[0] != '\0')
    folded = g_utf8_casefold (search, -1);
  if (g_strcmp0 (folded, self->search) == 0)
    return;
  g_free (self->search);
  self->search = g_steal_pointer (&folded);
  rebuild (self);
}

/**
 * es_profile_rows_find:
 *
 * Returns: the position of cost centre @cost_centre (the log's id), or
 *   GTK_INVALID_LIST_POSITION if it is not shown
 */
guint
es_profile_rows_find (EsProfileRows *self,
                      guint32        cost_centre)
{
  g_return_val_if_fail (ES_IS_PROFILE_ROWS (self), GTK_INVALID_LIST_POSITION);

  for (guint i = 0; i < self->n_rows; i++)
    if (cost_centre_at (self, self->order[i])->id == cost_centre)
      return i;
  return GTK_INVALID_LIST_POSITION;
}
