/* es-gc-list.c: every garbage collection, longest pause first
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "es-gc-item.h"
#include "es-gc-list.h"
#include "es-gc-rows.h"
#include "es-list-scroll.h"
#include "es-pause-chart.h"
#include "es-time.h"

/* The quickest way to zoom into GC pauses: a sortable table of them, and
 * activating a row shows that pause on the timeline. The Pauses panel can
 * narrow it to the pauses of one bucket of its histogram (through the
 * session); a bar above the table says so and clears it, as Escape does.
 *
 * The view gets its rows only once it is first shown: a column view makes
 * the widgets of a couple of hundred rows whenever its model changes,
 * shown or not, which on a page nobody opened was 10 MB of the window's
 * peak (two models set at load, one row widget and five cells each). */

struct _EsGcList
{
  GtkWidget          parent_instance;

  GtkWidget         *box;
  GtkWidget         *filter_bar;        /* shown while the list is narrowed */
  GtkWidget         *filter_label;
  GtkColumnView     *view;
  EsGcRows          *rows;              /* as sorted now */
  GtkColumnViewColumn *pause_column;
  GtkColumnViewColumn *copied_column;
  GtkSelectionModel *selection;         /* on the view from its first map */
  EsSession         *session;
  gulong             filter_handler;
  /* The rows are not of @session's document yet: filled when the list is
   * shown or asked for, since a followed log brings a new document a few
   * times a second, and a hundred thousand rows take a third of one to
   * replace. */
  gboolean           stale;
};

enum {
  FILTERED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (EsGcList, es_gc_list, GTK_TYPE_WIDGET)

static gboolean apply_filter (EsGcList *self);

static void
setup_cell_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  column)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (item, label);
}

static void
bind_cell_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  column)
{
  const EsGc *gc = es_gc_item_get_gc (gtk_list_item_get_item (item));
  g_autofree char *text = NULL;

  switch (GPOINTER_TO_UINT (column))
    {
    case ES_GC_COLUMN_START:
      text = g_strdup_printf ("%.3f s", gc->start / 1e9);
      break;
    case ES_GC_COLUMN_PAUSE:
      text = es_format_duration (gc->end - gc->start);
      break;
    case ES_GC_COLUMN_GENERATION:
      text = gc->generation == ES_GC_GENERATION_UNKNOWN ? g_strdup ("?") : g_strdup_printf ("%u", gc->generation);
      break;
    case ES_GC_COLUMN_COPIED:
      /* Only GHC's GC_STATS record it (refresh_rows()). */
      if (gc->generation == ES_GC_GENERATION_UNKNOWN || g_object_get_data (G_OBJECT (factory), "copied-unknown"))
        text = g_strdup ("\342\200\224");
      else
        text = g_format_size (gc->copied);
      break;
    case ES_GC_COLUMN_THREADS:
    case ES_N_GC_COLUMNS:
    default:
      text = g_strdup_printf ("%u", MAX (gc->par_n_threads, 1));
      break;
    }
  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), text);
}

static GtkColumnViewColumn *
add_column (EsGcList   *self,
            const char *title,
            EsGcColumn  column)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkSorter *sorter = GTK_SORTER (gtk_custom_sorter_new (es_gc_item_compare, GUINT_TO_POINTER (column), NULL));
  GtkColumnViewColumn *view_column;

  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell_cb), GUINT_TO_POINTER (column));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell_cb), GUINT_TO_POINTER (column));
  view_column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_sorter (view_column, sorter);
  gtk_column_view_append_column (self->view, view_column);
  g_object_unref (sorter);
  g_object_unref (view_column);
  return view_column;
}

/**
 * es_gc_list_activate:
 * @position: a row, in the order shown
 *
 * Shows that collection on the timeline, as activating the row does.
 */
void
es_gc_list_activate (EsGcList *self,
                     guint     position)
{
  g_autoptr(EsGcItem) item = NULL;

  g_return_if_fail (ES_IS_GC_LIST (self));

  if (self->stale)
    apply_filter (self);
  item = g_list_model_get_item (G_LIST_MODEL (self->rows), position);
  if (item != NULL && self->session != NULL)
    es_session_show_gc (self->session, es_gc_item_get_gc (item));
}

static void
activate_cb (GtkColumnView *view,
             guint          position,
             EsGcList      *self)
{
  es_gc_list_activate (self, position);
}

static void
refresh_rows (EsGcList *self)
{
  EsDocument *document = self->session != NULL ? es_session_get_document (self->session) : NULL;
  gboolean mono = document != NULL && es_document_get_format (document) == ES_DOCUMENT_MONO_LOG;

  self->stale = FALSE;
  /* Mono's log does not record the bytes a collection copied: its Copied
   * cells say nothing, not "0 bytes". */
  g_object_set_data (G_OBJECT (gtk_column_view_column_get_factory (self->copied_column)), "copied-unknown",
                     GINT_TO_POINTER (mono));
  es_gc_rows_set_document (self->rows, document);
}

/* Shows @session's GCs, narrowed by its pause filter, with the bar saying
 * so. Returns whether they are narrowed. */
static gboolean
apply_filter (EsGcList *self)
{
  EsPauseFilter filter;
  gboolean on = self->session != NULL && es_session_get_pause_filter (self->session, &filter);

  if (self->stale)
    refresh_rows (self);
  es_gc_rows_set_filter (self->rows, on ? &filter : NULL);
  gtk_widget_set_visible (self->filter_bar, on);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "pause-filter.clear", on);
  if (on)
    {
      g_autofree char *lo = es_pause_chart_format_ns (filter.lo);
      g_autofree char *hi = filter.hi == G_MAXUINT64 ? NULL : es_pause_chart_format_ns (filter.hi);
      g_autofree char *text = NULL;

      if (hi != NULL)
        text = g_strdup_printf (_("Pauses from %s to %s"), lo, hi);
      else
        text = g_strdup_printf (_("Pauses of %s or more"), lo);
      gtk_label_set_text (GTK_LABEL (self->filter_label), text);
    }
  return on;
}

static void
pause_filter_changed_cb (EsGcList *self)
{
  if (apply_filter (self))
    g_signal_emit (self, signals[FILTERED], 0);
}

void
es_gc_list_set_session (EsGcList  *self,
                        EsSession *session)
{
  g_return_if_fail (ES_IS_GC_LIST (self));

  if (self->session != NULL)
    g_clear_signal_handler (&self->filter_handler, self->session);
  g_set_object (&self->session, session);
  self->stale = TRUE;
  if (session != NULL)
    self->filter_handler = g_signal_connect_object (session, "pause-filter-changed",
                                                    G_CALLBACK (pause_filter_changed_cb), self,
                                                    G_CONNECT_SWAPPED);
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    apply_filter (self);
}

/* Shown: the rows become the document's (and the view gets them:
 * es_column_view_set_model_when_shown()). */
static void
es_gc_list_map (GtkWidget *widget)
{
  EsGcList *self = ES_GC_LIST (widget);

  if (self->stale)
    apply_filter (self);
  GTK_WIDGET_CLASS (es_gc_list_parent_class)->map (widget);
}

/* Shows every GC again. */
void
es_gc_list_clear_filter (EsGcList *self)
{
  g_return_if_fail (ES_IS_GC_LIST (self));

  if (self->session != NULL)
    es_session_set_pause_filter (self->session, NULL);
}

/* The text of the bar above the list, or NULL when it lists every GC. */
const char *
es_gc_list_get_filter_text (EsGcList *self)
{
  g_return_val_if_fail (ES_IS_GC_LIST (self), NULL);

  if (self->stale)
    apply_filter (self);
  if (!gtk_widget_get_visible (self->filter_bar))
    return NULL;
  return gtk_label_get_text (GTK_LABEL (self->filter_label));
}

static void
clear_filter_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  es_gc_list_clear_filter (ES_GC_LIST (widget));
}

/**
 * es_gc_list_get_model:
 *
 * Returns: (transfer none): the rows, as sorted now (#EsGcItem)
 */
GListModel *
es_gc_list_get_model (EsGcList *self)
{
  g_return_val_if_fail (ES_IS_GC_LIST (self), NULL);

  if (self->stale)
    apply_filter (self);
  return G_LIST_MODEL (self->rows);
}

GtkWidget *
es_gc_list_new (void)
{
  return g_object_new (ES_TYPE_GC_LIST, NULL);
}

static void
es_gc_list_dispose (GObject *object)
{
  EsGcList *self = ES_GC_LIST (object);

  if (self->session != NULL)
    g_clear_signal_handler (&self->filter_handler, self->session);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_object (&self->selection);
  g_clear_object (&self->rows);
  g_clear_object (&self->session);
  G_OBJECT_CLASS (es_gc_list_parent_class)->dispose (object);
}

static void
es_gc_list_class_init (EsGcListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = es_gc_list_dispose;
  GTK_WIDGET_CLASS (klass)->map = es_gc_list_map;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
  /* style.css makes its table narrow enough for the sidebar. */
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "gc-list");
  /* Enabled only while the list is narrowed, so that Escape otherwise
   * goes on to whoever else wants it. */
  gtk_widget_class_install_action (GTK_WIDGET_CLASS (klass), "pause-filter.clear", NULL, clear_filter_action);
  gtk_widget_class_add_binding_action (GTK_WIDGET_CLASS (klass), GDK_KEY_Escape, 0, "pause-filter.clear", NULL);

  /**
   * EsGcList::filtered:
   *
   * The list was narrowed to the pauses of a bucket: whoever holds it may
   * want to show it.
   */
  signals[FILTERED] = g_signal_new ("filtered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
es_gc_list_init (EsGcList *self)
{
  GtkSingleSelection *selection;
  GtkWidget *scroller, *close;

  self->view = GTK_COLUMN_VIEW (gtk_column_view_new (NULL));
  gtk_column_view_set_show_column_separators (self->view, TRUE);
  add_column (self, _("Start"), ES_GC_COLUMN_START);
  self->pause_column = add_column (self, _("Pause"), ES_GC_COLUMN_PAUSE);
  add_column (self, _("Gen"), ES_GC_COLUMN_GENERATION);
  self->copied_column = add_column (self, _("Copied"), ES_GC_COLUMN_COPIED);
  add_column (self, _("Threads"), ES_GC_COLUMN_THREADS);

  self->rows = es_gc_rows_new (gtk_column_view_get_sorter (self->view));
  selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->rows)));
  gtk_single_selection_set_autoselect (selection, FALSE);
  self->selection = GTK_SELECTION_MODEL (selection);
  es_column_view_set_model_when_shown (self->view, self->selection);
  gtk_column_view_sort_by_column (self->view, self->pause_column, GTK_SORT_DESCENDING);
  g_signal_connect_object (self->view, "activate", G_CALLBACK (activate_cb), self, 0);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Garbage collections"), -1);

  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->view));
  gtk_widget_set_vexpand (scroller, TRUE);

  self->filter_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->filter_label), 0);
  gtk_label_set_wrap (GTK_LABEL (self->filter_label), TRUE);
  gtk_widget_set_hexpand (self->filter_label, TRUE);
  close = gtk_button_new_from_icon_name ("window-close-symbolic");
  gtk_widget_add_css_class (close, "flat");
  gtk_widget_add_css_class (close, "circular");
  gtk_widget_set_tooltip_text (close, _("Show every collection"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (close), "pause-filter.clear");
  self->filter_bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_add_css_class (self->filter_bar, "toolbar");
  gtk_widget_set_margin_start (self->filter_bar, 6);
  gtk_box_append (GTK_BOX (self->filter_bar), self->filter_label);
  gtk_box_append (GTK_BOX (self->filter_bar), close);
  gtk_widget_set_visible (self->filter_bar, FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "pause-filter.clear", FALSE);

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (self->box), self->filter_bar);
  gtk_box_append (GTK_BOX (self->box), scroller);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
}
