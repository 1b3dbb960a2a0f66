/* test-dump-reference.c: `dump` against ghc-events' own reference output
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-eventlog-dump.h"
#include "es-test-log.h"

/* The 22 logs of ghc-events' test suite (21 in its list, plus
 * ghc-9.2-events, which has a reference too). */
static const char *reference_logs[] = {
  "biographical-samples", "ghc-9.2-events", "hello-ghc-8.2.2", "hello-ghc-8.6.5",
  "nonmoving-gc-census-T23340", "nonmoving-gc-census", "nonmoving-gc-pruned-segments",
  "nonmoving-gc", "parallelTest", "sleep.h", "sleep.hC", "sleep.hd", "sleep.hm", "sleep.hy",
  "ticky-begin-sample", "ticky-json", "ticky-new", "ticky-ticky", "time-prof",
  "trace-binary-event", "trace-binary-nonutf", "unicode",
};

/* Historical logs: their references come from older ghc-events (no block
 * lines, padded times), so decoded events are compared, not bytes. */
static const char *historical_logs[] = {
  "782stop", "783stop", "mandelbrot-mmc-2011-06-14", "mdlLogMPI1", "pre77stop",
  "queens-ghc-6.12.1", "queens-ghc-7.0.2", "warshall0-trace-7.8.2#8",
};

static void
append_to_string (const char *data,
                  gsize       len,
                  gpointer    user_data)
{
  g_string_append_len (user_data, data, len);
}

static GString *
dump (const char *path)
{
  GString *out = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  EsDumpStatus status;

  g_assert_true (es_eventlog_dump (path, append_to_string, out, &status, NULL, &error));
  g_assert_no_error (error);
  g_assert_false (status.truncated);
  return out;
}

/* The first line where two texts differ, for a readable failure. */
static void
assert_same_text (const char *actual,
                  const char *expected,
                  const char *what)
{
  g_auto(GStrv) a = NULL, e = NULL;

  if (strcmp (actual, expected) == 0)
    return;
  a = g_strsplit (actual, "\n", -1);
  e = g_strsplit (expected, "\n", -1);
  for (guint i = 0; a[i] != NULL && e[i] != NULL; i++)
    if (strcmp (a[i], e[i]) != 0)
      g_error ("%s: line %u differs:\n  ours:      %s\n  reference: %s", what, i + 1, a[i], e[i]);
  g_error ("%s: %u lines, the reference has %u", what, g_strv_length (a), g_strv_length (e));
}

static void
test_reference (gconstpointer data)
{
  const char *name = data;
  g_autofree char *relative = g_strdup_printf ("eventlogs/ghc-events/%s.eventlog", name);
  g_autofree char *path = es_test_shared_path (relative);
  g_autofree char *reference_path = NULL;
  g_autofree char *reference = NULL;
  g_autoptr(GString) ours = NULL;

  if (path == NULL)
    {
      g_test_skip ("../shared/eventlogs is not beside the checkout");
      return;
    }

  reference_path = g_strconcat (path, ".reference", NULL);
  g_assert_true (g_file_get_contents (reference_path, &reference, NULL, NULL));
  ours = dump (path);
  assert_same_text (ours->str, reference, name);
}

/* Event lines only, without what older ghc-events printed differently: the
 * padding before times, and the stack size it did not yet show. */
static GPtrArray *
event_lines (const char *text)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  GPtrArray *events = g_ptr_array_new_with_free_func (g_free);
  gboolean in_events = FALSE;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = g_strchug (lines[i]);

      char *size;

      if (g_str_equal (line, "Events:"))
        in_events = TRUE;
      else if (in_events && *line != '\0' && strstr (line, "event block: cap") == NULL)
        {
          char *copy = g_strdup (line);

          if ((size = strstr (copy, "(stack overflow, size ")) != NULL)
            strcpy (size, "(stack overflow)");
          g_ptr_array_add (events, copy);
        }
    }
  return events;
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static void
test_historical (gconstpointer data)
{
  const char *name = data;
  g_autofree char *relative = g_strdup_printf ("eventlogs/ghc-events/historical/%s.eventlog", name);
  g_autofree char *path = es_test_shared_path (relative);
  g_autofree char *reference_path = NULL;
  g_autofree char *reference = NULL;
  g_autoptr(GString) ours = NULL;
  g_autoptr(GPtrArray) ours_events = NULL, reference_events = NULL;

  if (path == NULL)
    {
      g_test_skip ("../shared/eventlogs is not beside the checkout");
      return;
    }

  reference_path = g_strconcat (path, ".reference", NULL);
  g_assert_true (g_file_get_contents (reference_path, &reference, NULL, NULL));
  ours = dump (path);
  ours_events = event_lines (ours->str);
  reference_events = event_lines (reference);

  /* Older ghc-events did not always sort globally by time. */
  g_ptr_array_sort (ours_events, compare_strings);
  g_ptr_array_sort (reference_events, compare_strings);
  g_assert_cmpuint (ours_events->len, >, 50);
  g_assert_cmpuint (ours_events->len, ==, reference_events->len);
  for (guint i = 0; i < ours_events->len; i++)
    g_assert_cmpstr (g_ptr_array_index (ours_events, i), ==, g_ptr_array_index (reference_events, i));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (reference_logs); i++)
    {
      g_autofree char *name = g_strdup_printf ("/dump/reference/%s", reference_logs[i]);
      g_test_add_data_func (name, reference_logs[i], test_reference);
    }
  for (guint i = 0; i < G_N_ELEMENTS (historical_logs); i++)
    {
      g_autofree char *name = g_strdup_printf ("/dump/historical/%s", historical_logs[i]);
      g_test_add_data_func (name, historical_logs[i], test_historical);
    }

  return g_test_run ();
}
