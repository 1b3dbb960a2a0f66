/* es-profile-panel-inspect.c: what the tests read of the Profile tab
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-profile-panel-private.h"

/**
 * es_profile_panel_get_profile:
 *
 * Returns: (nullable): the profile shown
 */
const EsProfile *
es_profile_panel_get_profile (EsProfilePanel *self)
{
  g_return_val_if_fail (ES_IS_PROFILE_PANEL (self), NULL);

  return self->profile;
}

guint32
es_profile_panel_get_zoom (EsProfilePanel *self)
{
  g_return_val_if_fail (ES_IS_PROFILE_PANEL (self), ES_PROFILE_NO_FRAME);

  return self->zoom;
}

/**
 * es_profile_panel_dup_top_frames:
 *
 * Returns: (transfer full): the frames the graph draws down to depth
 *   @max_depth, as "depth<TAB>label (Module)<TAB>samples<TAB>width in
 *   pixels" lines, left to right within each row, rows top down
 */
char *
es_profile_panel_dup_top_frames (EsProfilePanel *self,
                                 guint           max_depth)
{
  GString *out = g_string_new (NULL);
  EsFlameGraphView view;

  g_return_val_if_fail (ES_IS_PROFILE_PANEL (self), NULL);

  if (self->profile == NULL)
    return g_string_free (out, FALSE);
  es_profile_panel_get_flame_view (self, &view);
  for (guint depth = 0; depth <= max_depth; depth++)
    for (guint32 i = es_profile_next_frame (self->profile, 0, self->profile->n_nodes); i != ES_PROFILE_NO_FRAME;
         i = es_profile_next_frame (self->profile, i + 1, self->profile->n_nodes))
      {
        EsProfileFrame made, *f = &made;
        EsFlameGraphRect rect;

        es_profile_get_frame (self->profile, i, &made);
        if (f->depth != depth || !es_flame_graph_frame_rect (&view, i, &rect))
          continue;
        g_string_append_printf (out, "%u\t", f->depth);
        es_profile_append_frame_name (f, out);
        g_string_append_printf (out, "\t%" G_GUINT64_FORMAT "\t%.0f\n", f->inherited, rect.width);
      }
  return g_string_free (out, FALSE);
}

const char *
es_profile_panel_get_share_text (EsProfilePanel *self)
{
  g_return_val_if_fail (ES_IS_PROFILE_PANEL (self), NULL);

  return gtk_label_get_text (GTK_LABEL (self->share_label));
}

/**
 * es_profile_panel_get_empty_text:
 *
 * Returns: (nullable): what the panel says instead of a graph, or NULL
 *   when it shows one or has nothing to show yet
 */
const char *
es_profile_panel_get_empty_text (EsProfilePanel *self)
{
  g_return_val_if_fail (ES_IS_PROFILE_PANEL (self), NULL);

  if (self->profile == NULL ||
      g_strcmp0 (gtk_stack_get_visible_child_name (GTK_STACK (self->stack)), "empty") != 0)
    return NULL;
  return gtk_label_get_text (GTK_LABEL (self->empty_label));
}

