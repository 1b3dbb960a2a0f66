/* test-timeline-bands.c: the timeline's bands of rows are kept from one
 * frame to the next while what they show stays, and painted afresh when
 * it changes (in a real window, under Xvfb in CI)
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gtk/gtk.h>

#include "es-bookmarks.h"
#include "es-test-gui.h"
#include "es-test-log.h"
#include "es-window.h"

static void
collect_cairo_nodes (GskRenderNode *node,
                     GPtrArray     *found)
{
  switch ((int) gsk_render_node_get_node_type (node))
    {
    case GSK_CONTAINER_NODE:
      for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
        collect_cairo_nodes (gsk_container_node_get_child (node, i), found);
      break;
    case GSK_TRANSFORM_NODE:
      collect_cairo_nodes (gsk_transform_node_get_child (node), found);
      break;
    case GSK_CLIP_NODE:
      collect_cairo_nodes (gsk_clip_node_get_child (node), found);
      break;
    case GSK_CAIRO_NODE:
      g_ptr_array_add (found, gsk_render_node_ref (node));
      break;
    default:
      break;
    }
}

/* The rows' bands as a frame draws them: one Cairo node each, top down. */
static GPtrArray *
snapshot_bands (EsTimelineRows *rows)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) root = NULL;
  GPtrArray *bands = g_ptr_array_new_with_free_func ((GDestroyNotify) gsk_render_node_unref);

  GTK_WIDGET_GET_CLASS (rows)->snapshot (GTK_WIDGET (rows), snapshot);
  root = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (root);
  collect_cairo_nodes (root, bands);
  g_assert_cmpuint (bands->len, >, 0);
  return bands;
}

static guint
count_shared (GPtrArray *a,
              GPtrArray *b)
{
  guint n = 0;

  for (guint i = 0; i < a->len; i++)
    n += g_ptr_array_find (b, g_ptr_array_index (a, i), NULL);
  return n;
}

/* Whether the band drawn by @node holds a thread row. */
static gboolean
has_thread_row (EsTimelineRows *rows,
                GskRenderNode  *node)
{
  GArray *layout = es_timeline_rows_get_layout (rows);
  graphene_rect_t bounds;

  gsk_render_node_get_bounds (node, &bounds);
  for (guint i = 0; i < layout->len; i++)
    {
      const EsTimelineRow *row = &g_array_index (layout, EsTimelineRow, i);

      if (row->kind == ES_ROW_THREAD && row->y < bounds.origin.y + bounds.size.height &&
          row->y + row->height > bounds.origin.y)
        return TRUE;
    }
  return FALSE;
}

/* Whether the rows are laid out, at least as tall as their layout. */
static gboolean
rows_laid_out (gpointer data)
{
  EsTimelineRows *rows = data;
  GArray *layout = es_timeline_rows_get_layout (rows);

  return layout != NULL && gtk_widget_get_width (GTK_WIDGET (rows)) > ES_TIMELINE_GUTTER &&
         gtk_widget_get_height (GTK_WIDGET (rows)) >= es_timeline_layout_height (layout);
}

/* Whether every thread row's states are made. */
static gboolean
thread_rows_made (EsTimelineRows *rows)
{
  EsThreadStateCache *states = es_timeline_rows_get_thread_states (rows);
  GArray *layout = es_timeline_rows_get_layout (rows);
  gboolean all = TRUE;

  for (guint i = 0; i < layout->len; i++)
    {
      const EsTimelineRow *row = &g_array_index (layout, EsTimelineRow, i);

      if (row->kind == ES_ROW_THREAD && es_thread_state_cache_get_if_made (states, row->thread) == NULL)
        all = FALSE;
    }
  return all;
}

/* Whether the workers are done with what was asked of them. */
static gboolean
thread_states_settled (gpointer data)
{
  return !es_thread_state_cache_is_making (es_timeline_rows_get_thread_states (data));
}

static void
test_bands_kept_while_unchanged (void)
{
  GSettings *settings = es_application_get_settings (es_test_app);
  g_autofree char *path = es_test_fixture_path ("parfib-N2.eventlog");
  g_autoptr(EsBookmarks) bookmarks = es_bookmarks_new ();
  g_autoptr(GPtrArray) first = NULL;
  g_autoptr(GPtrArray) again = NULL;
  g_autoptr(GPtrArray) changed = NULL;
  EsTimelineRows *rows;
  EsSession *session;
  EsWindow *window;
  guint64 t0, t1;
  guint kept;
  gboolean made_before_painting = FALSE;

  g_settings_reset (settings, "shown-rows");
  g_settings_reset (settings, "timeline-height");
  window = es_test_open_window (path);
  es_test_wait_for_page (window, "timeline");
  rows = es_timeline_get_rows (es_window_get_timeline (window));
  session = es_window_get_session (window);
  es_timeline_rows_set_visible_kinds (rows, es_timeline_rows_get_visible_kinds (rows) & ~(1u << ES_ROW_THREAD));
  es_test_wait_until (rows_laid_out, rows, 10);

  /* The section closed: a frame over the same rows for the same view is
   * the last frame's bands, every one. */
  first = snapshot_bands (rows);
  again = snapshot_bands (rows);
  g_assert_cmpuint (again->len, ==, first->len);
  g_assert_cmpuint (count_shared (again, first), ==, first->len);

  /* Another span, a selected thread, a bookmark added, another layout:
   * each paints every band afresh. */
  es_session_get_visible (session, &t0, &t1);
  es_session_set_visible (session, t0, t0 + (t1 - t0) / 2);
  changed = snapshot_bands (rows);
  g_assert_cmpuint (count_shared (changed, again), ==, 0);
  es_session_set_visible (session, t0, t1);
  g_clear_pointer (&first, g_ptr_array_unref);
  first = snapshot_bands (rows);

  es_timeline_rows_set_selected_thread (rows, 1);
  g_clear_pointer (&changed, g_ptr_array_unref);
  changed = snapshot_bands (rows);
  g_assert_cmpuint (count_shared (changed, first), ==, 0);
  es_timeline_rows_set_selected_thread (rows, 0);

  es_timeline_rows_set_bookmarks (rows, bookmarks);
  g_clear_pointer (&first, g_ptr_array_unref);
  first = snapshot_bands (rows);
  es_bookmarks_add (bookmarks, t0 + (t1 - t0) / 3, "Here");
  g_clear_pointer (&changed, g_ptr_array_unref);
  changed = snapshot_bands (rows);
  g_assert_cmpuint (count_shared (changed, first), ==, 0);

  /* The section opened: a band with thread rows is painted afresh while
   * a thread's states are still made by the workers (it shows them
   * missing), and kept once every one of them was made before it was
   * painted. The leading bands above are kept throughout. */
  es_timeline_rows_set_visible_kinds (rows, es_timeline_rows_get_visible_kinds (rows) | (1u << ES_ROW_THREAD));
  es_test_wait_until (rows_laid_out, rows, 10);
  g_clear_pointer (&again, g_ptr_array_unref);
  again = snapshot_bands (rows);
  for (guint round = 0; !made_before_painting; round++)
    {
      gboolean made_after_painting;

      g_assert_cmpuint (round, <, 1000);
      g_clear_pointer (&first, g_ptr_array_unref);
      first = g_steal_pointer (&again);
      made_before_painting = thread_rows_made (rows);
      again = snapshot_bands (rows);
      made_after_painting = thread_rows_made (rows);
      kept = count_shared (again, first);
      g_assert_cmpuint (kept, >, 0);
      /* @first's bands were kept if painted with every state made. */
      g_clear_pointer (&first, g_ptr_array_unref);
      first = g_steal_pointer (&again);
      again = snapshot_bands (rows);
      for (guint i = 0; i < again->len; i++)
        {
          GskRenderNode *band = g_ptr_array_index (again, i);
          gboolean shared = g_ptr_array_find (first, band, NULL);

          if (!has_thread_row (rows, band) || made_before_painting)
            g_assert_true (shared);
          else if (!made_after_painting)
            g_assert_false (shared);
        }
      es_test_wait_until (thread_states_settled, rows, 10);
      /* The window's own frames ran meanwhile, and the pane may have
       * grown to show the new rows: the next round compares frames drawn
       * one after the other, from one drawn now. */
      g_clear_pointer (&again, g_ptr_array_unref);
      again = snapshot_bands (rows);
    }

  es_timeline_rows_set_bookmarks (rows, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "shown-rows");
}

int
main (int    argc,
      char **argv)
{
  int status;

  if (!es_test_gui_init (&argc, &argv))
    return 0;

  g_test_add_func ("/timeline/bands-kept-while-unchanged", test_bands_kept_while_unchanged);

  status = g_test_run ();
  g_object_unref (es_test_app);
  return status;
}
