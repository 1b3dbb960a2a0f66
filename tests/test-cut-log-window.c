/* test-cut-log-window.c: a log cut short in a real window (under Xvfb in
 * CI): what its notice and tooltips say where a capability's data ends
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "es-cap-timeline.h"
#include "es-test-gui.h"
#include "es-test-log.h"
#include "es-timeline-describe.h"
#include "es-window.h"

/* alloc-A1m-N2.eventlog's first 250,000 bytes: HEC 1's data ends at
 * 68.5 ms, inside a GC, while HEC 0's goes on to 703 ms. */
#define CUT_BYTES 250000

static char *
write_cut_log (void)
{
  gsize len;
  g_autofree char *contents = es_test_read_fixture ("alloc-A1m-N2.eventlog", &len);

  g_assert_cmpuint (len, >, CUT_BYTES);
  return es_test_write_temp_log ((const guint8 *) contents, CUT_BYTES);
}

/* The notice names where each capability's data ends and what was open
 * there, in words with their plurals; HEC 1's row says "no data" after its
 * last event, and idle nowhere there. */
static void
test_cut_log_says_where_each_caps_data_ends (void)
{
  g_autofree char *path = write_cut_log ();
  EsWindow *window = es_test_open_window (path);
  EsDocument *document;
  GtkWidget *notice;
  const char *text;
  guint64 data_end;
  g_autoptr(GString) after = g_string_new (NULL), before = g_string_new (NULL);
  EsTimelineView view = { 0 };
  EsTimelineRow row = { .kind = ES_ROW_CAP, .cap = 1 };

  es_test_wait_for_page (window, "timeline");
  g_unlink (path);
  document = es_test_shown_document (window);
  data_end = es_cap_timeline_get_data_end (es_document_get_cap (document, 1));
  g_assert_cmpuint (data_end, <, es_document_get_end_time (document) / 5);

  notice = es_test_find_label (GTK_WIDGET (window), "This log is cut short");
  g_assert_nonnull (notice);
  text = gtk_label_get_text (GTK_LABEL (notice));
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "at byte 250,000."));
  g_assert_nonnull (strstr (text, "HEC 1’s at 68.5 ms"));
  g_assert_nonnull (strstr (text, "1 GC still under way there ends with its capability’s data."));
  g_assert_null (strstr (text, "runs, GCs or spans"));
  g_assert_null (strstr (text, "HEC 0’s"));
  /* The Key has the hatching. */
  g_assert_nonnull (es_test_find_label (GTK_WIDGET (window), "No data: the log is cut short"));

  view.document = document;
  g_assert_true (es_timeline_describe_row (after, &view, &row, data_end + 1000000, 0));
  g_assert_true (g_str_has_prefix (after->str, "HEC 1: no data after 68.5"));
  g_assert_null (strstr (after->str, "idle"));
  g_assert_true (es_timeline_describe_row (before, &view, &row, data_end - 1, 0));
  g_assert_null (strstr (before->str, "no data"));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  if (!es_test_gui_init (&argc, &argv))
    return 0;

  g_test_add_func ("/cut-log/says-where-each-caps-data-ends", test_cut_log_says_where_each_caps_data_ends);

  return g_test_run ();
}
