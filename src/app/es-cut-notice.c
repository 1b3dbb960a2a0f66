/* es-cut-notice.c: what the window says of a log cut short or damaged
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "es-cap-timeline.h"
#include "es-cut-notice.h"
#include "es-time.h"
#include "es-timeline-painter.h"

#define MAX_CAPS_NAMED 3

/* "HEC 1’s at 68.5 ms, HEC 3’s at 70.1 ms": the caps whose data ends
 * before the log's, in their order; NULL if none does. */
static char *
describe_data_ends (EsDocument *document)
{
  guint n_caps = es_document_get_n_caps (document), n_ended = 0;
  guint64 end = es_document_get_end_time (document);
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint c = 0; c < n_caps; c++)
    {
      guint64 data_end = es_cap_timeline_get_data_end (es_document_get_cap (document, c));
      g_autofree char *name = NULL, *when = NULL;

      if (data_end >= end)
        continue;
      if (++n_ended > MAX_CAPS_NAMED)
        continue;
      name = es_timeline_cap_name (document, c);
      when = es_timeline_format_time (data_end, 100000);
      if (text->len > 0)
        g_string_append (text, _(", "));
      /* TRANSLATORS: a capability's name and where its data ends, "HEC 1’s at 68.5 ms" */
      g_string_append_printf (text, _("%s’s at %s"), name, when);
    }
  if (n_ended == 0)
    return NULL;
  if (n_ended > MAX_CAPS_NAMED)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, " and %u more", " and %u more",
                                               n_ended - MAX_CAPS_NAMED), n_ended - MAX_CAPS_NAMED);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/**
 * es_cut_notice_describe:
 *
 * What the window's notice says of a log that ends early: where its bytes
 * stop (or what the damage is), where each capability's data ends, since
 * each writes its own buffer, and what was still open there, by kind.
 *
 * Returns: (transfer full) (nullable): the text, or %NULL for a whole log
 */
char *
es_cut_notice_describe (EsDocument *document)
{
  const GError *damage = es_document_get_damage (document);
  gint64 stop;
  guint runs, gcs, spans;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *ends = NULL;

  g_return_val_if_fail (ES_IS_DOCUMENT (document), NULL);

  if (damage != NULL)
    g_string_append_printf (text, _("This log is damaged: %s. Everything before the damage is shown."),
                            damage->message);
  else if (es_document_is_truncated (document, &stop))
    {
      g_autofree char *byte = es_format_count ((guint64) MAX (stop, 0));

      g_string_append_printf (text, _("This log is cut short: its data stops at byte %s. Everything before is shown."),
                              byte);
    }
  else
    return NULL;

  ends = describe_data_ends (document);
  if (ends != NULL)
    {
      g_string_append_c (text, ' ');
      /* TRANSLATORS: %s lists where capabilities' data ends: "HEC 1’s at 68.5 ms" */
      g_string_append_printf (text, _("Each capability writes its events into its own buffer, so its data ends "
                                      "at its own last event, hatched after it: %s."), ends);
    }
  es_document_get_closed_at_end (document, &runs, &gcs, &spans);
  if (runs > 0)
    {
      g_autofree char *n = es_format_count (runs);

      g_string_append_c (text, ' ');
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                                 "%s thread still running there stops with its capability’s data.",
                                                 "%s threads still running there stop with their capability’s data.",
                                                 runs), n);
    }
  if (gcs > 0)
    {
      g_autofree char *n = es_format_count (gcs);

      g_string_append_c (text, ' ');
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                                 "%s GC still under way there ends with its capability’s data.",
                                                 "%s GCs still under way there end with their capability’s data.",
                                                 gcs), n);
    }
  if (spans > 0)
    {
      g_autofree char *n = es_format_count (spans);

      g_string_append_c (text, ' ');
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                                 "%s span never stopped is drawn up to the log’s end.",
                                                 "%s spans never stopped are drawn up to the log’s end.",
                                                 spans), n);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}
