/* es-test-prof.c: a time profile's samples read straight from the events,
 * and the RTS's .prof report, for checking the document against both
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "es-eventlog-reader.h"
#include "es-test-prof.h"

static void
clear_sample (gpointer data)
{
  EsTestProfSample *sample = data;

  g_strfreev (sample->frames);
  g_free (sample->path);
}

typedef struct
{
  char    *name;
  gboolean builtin;
} Definition;

static void
free_definition (gpointer data)
{
  Definition *def = data;

  g_free (def->name);
  g_free (def);
}

/* Every sample of the log, by its own reading of the events (not the
 * document's): the RTS writes each stack innermost first and leaves MAIN
 * out, except for its own stacks (GC, SYSTEM, ...: built-in, not MAIN),
 * which are not under MAIN at all (see postProfSampleCostCentre()). */
GArray *
es_test_prof_read_samples (const char *eventlog_path)
{
  GArray *samples = g_array_new (FALSE, FALSE, sizeof (EsTestProfSample));
  g_autoptr(GHashTable) defs = g_hash_table_new_full (NULL, NULL, NULL, free_definition);
  g_autoptr(GPtrArray) raw = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(EsEventlogReader) reader = es_eventlog_reader_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  gsize len;
  EsEvent e;
  EsReadResult result;

  g_array_set_clear_func (samples, clear_sample);
  g_assert_true (g_file_get_contents (eventlog_path, &data, &len, NULL));
  es_eventlog_reader_feed (reader, (const guint8 *) data, len);
  es_eventlog_reader_finish (reader);
  while ((result = es_eventlog_reader_next (reader, &e, &error)) == ES_READ_EVENT)
    {
      if (e.tag == ES_EVENT_HEAP_PROF_COST_CENTRE)
        {
          Definition *def = g_new0 (Definition, 1);
          g_autofree char *label = g_strndup (e.u.cost_centre.label.data, e.u.cost_centre.label.len);
          g_autofree char *module = g_strndup (e.u.cost_centre.module.data, e.u.cost_centre.module.len);
          g_autofree char *srcloc = g_strndup (e.u.cost_centre.srcloc.data, e.u.cost_centre.srcloc.len);

          def->name = g_strdup_printf ("%s (%s)", label, module);
          def->builtin = g_str_equal (srcloc, "<built-in>") && !g_str_equal (label, "MAIN");
          g_hash_table_insert (defs, GUINT_TO_POINTER (e.u.cost_centre.id), def);
        }
      else if (e.tag == ES_EVENT_PROF_SAMPLE_COST_CENTRE)
        {
          /* time, cap, depth, then the ids as they are in the file */
          guint8 *copy = g_malloc (16 + 4u * e.u.cost_centre_sample.depth);

          memcpy (copy, &e.time, 8);
          memcpy (copy + 8, &e.u.cost_centre_sample.cap, 4);
          copy[12] = e.u.cost_centre_sample.depth;
          memcpy (copy + 16, e.u.cost_centre_sample.stack, 4u * e.u.cost_centre_sample.depth);
          g_ptr_array_add (raw, copy);
        }
    }
  g_assert_no_error (error);
  g_assert_cmpint (result, ==, ES_READ_END);

  /* Definitions may come after samples: name the stacks once all are in. */
  for (guint i = 0; i < raw->len; i++)
    {
      const guint8 *r = g_ptr_array_index (raw, i);
      guint depth = r[12];
      g_autoptr(GStrvBuilder) frames = g_strv_builder_new ();
      EsTestProfSample sample = { 0 };
      guint32 cap;

      memcpy (&sample.time, r, 8);
      memcpy (&cap, r + 8, 4);
      sample.cap = (guint16) cap;
      for (guint k = depth; k > 0; k--)
        {
          const guint8 *p = r + 16 + 4 * (k - 1);
          guint32 id = ((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3];
          Definition *def = g_hash_table_lookup (defs, GUINT_TO_POINTER (id));

          g_assert_nonnull (def);
          if (k == depth)
            sample.under_main = !def->builtin;
          g_strv_builder_add (frames, def->name);
        }
      if (depth == 0)
        sample.under_main = TRUE;
      sample.frames = g_strv_builder_end (frames);
      if (sample.under_main)
        {
          char **with_main = g_new0 (char *, g_strv_length (sample.frames) + 2);

          with_main[0] = g_strdup ("MAIN (MAIN)");
          for (guint k = 0; sample.frames[k] != NULL; k++)
            with_main[k + 1] = sample.frames[k];
          g_free (sample.frames);
          sample.frames = with_main;
        }
      sample.path = g_strjoinv (";", sample.frames);
      g_array_append_val (samples, sample);
    }
  return samples;
}

/* The tree of a `.prof` written with -P: each stack's path (as above) ->
 * its ticks column (individual ticks), as a guint64 *; @total_ticks from
 * the "total time" line. */
GHashTable *
es_test_prof_read_report (const char *prof_path,
                          guint64    *total_ticks)
{
  GHashTable *ticks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GPtrArray) path = g_ptr_array_new_with_free_func (g_free);
  gboolean in_tree = FALSE;

  g_assert_true (g_file_get_contents (prof_path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  *total_ticks = 0;
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];
      const char *total = strstr (line, "total time  =");
      g_auto(GStrv) fields = NULL;
      guint n_fields = 0, indent = 0;
      guint64 *value;

      if (total != NULL)
        *total_ticks = g_ascii_strtoull (strchr (total, '(') + 1, NULL, 10);
      if (g_str_has_prefix (line, "COST CENTRE") && strstr (line, " no. ") != NULL)
        {
          g_assert_nonnull (strstr (line, " ticks "));
          in_tree = TRUE;
          continue;
        }
      if (!in_tree || line[0] == '\0')
        continue;

      while (line[indent] == ' ')
        indent++;
      fields = g_strsplit_set (line + indent, " ", -1);
      /* Keep the non-empty fields. */
      for (guint k = 0; fields[k] != NULL; k++)
        if (fields[k][0] != '\0')
          {
            char *f = fields[k];

            fields[k] = NULL;
            fields[n_fields++] = f;
          }
        else
          g_clear_pointer (&fields[k], g_free);
      fields[n_fields] = NULL;
      g_assert_cmpuint (n_fields, ==, 11);

      g_ptr_array_set_size (path, indent);
      g_ptr_array_add (path, g_strdup_printf ("%s (%s)", fields[0], fields[1]));
      {
        g_autoptr(GString) key = g_string_new (NULL);

        for (guint k = 0; k < path->len; k++)
          g_string_append_printf (key, k > 0 ? ";%s" : "%s", (const char *) g_ptr_array_index (path, k));
        value = g_hash_table_lookup (ticks, key->str);
        if (value == NULL)
          {
            value = g_new0 (guint64, 1);
            g_hash_table_insert (ticks, g_strdup (key->str), value);
          }
        *value += g_ascii_strtoull (fields[9], NULL, 10);
      }
    }
  g_assert_true (in_tree);
  return ticks;
}
