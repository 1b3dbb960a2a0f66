/* es-eventlog-dump.c: the `ghc-events show` text of a whole log
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-event-text.h"
#include "es-eventlog-dump.h"
#include "es-eventlog-file.h"

typedef struct
{
  guint64 time;
  gsize   text_offset;   /* also the decode order, which breaks time ties */
  gsize   text_len;
} Line;

typedef struct
{
  EsEventlogReader *reader;
  GArray           *lines;
  GString          *text;
} DumpState;

static gboolean
collect_line (const EsEvent *event,
              gpointer       user_data)
{
  DumpState *state = user_data;
  const EsEventType *type = NULL;
  Line line;

  if (event->unknown)
    type = es_eventlog_reader_lookup_type (state->reader, event->tag);

  line.time = event->time;
  line.text_offset = state->text->len;
  es_event_append_line (event, type, state->text);
  line.text_len = state->text->len - line.text_offset;
  g_array_append_val (state->lines, line);
  return TRUE;
}

static int
compare_lines (gconstpointer a,
               gconstpointer b)
{
  const Line *la = a, *lb = b;

  if (la->time != lb->time)
    return la->time < lb->time ? -1 : 1;
  return la->text_offset < lb->text_offset ? -1 : la->text_offset > lb->text_offset;
}

/**
 * es_eventlog_dump:
 * @write_func: (scope call): receives the text, in pieces
 * @status: (out) (optional): how the log ended
 *
 * Produces exactly what `ghc-events show` prints for @path: the event types,
 * then every event (block markers included) in stable time order, then the
 * blank line that its putStrLn adds.
 */
gboolean
es_eventlog_dump (const char    *path,
                  EsWriteFunc    write_func,
                  gpointer       user_data,
                  EsDumpStatus  *status,
                  GCancellable  *cancellable,
                  GError       **error)
{
  g_autoptr(EsEventlogReader) reader = es_eventlog_reader_new ();
  g_autoptr(GArray) lines = g_array_new (FALSE, FALSE, sizeof (Line));
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) header = g_string_new ("Event Types:\n");
  DumpState state = { reader, lines, text };
  const EsEventType *types;
  guint n_types;

  if (!es_eventlog_read_file (reader, path, collect_line, NULL, &state, cancellable, error))
    return FALSE;

  types = es_eventlog_reader_get_event_types (reader, &n_types);
  for (guint i = 0; i < n_types; i++)
    {
      es_event_type_append_text (&types[i], header);
      g_string_append_c (header, '\n');
    }
  g_string_append (header, "\nEvents:\n");
  write_func (header->str, header->len, user_data);

  g_array_sort (lines, compare_lines);
  for (guint i = 0; i < lines->len; i++)
    {
      const Line *line = &g_array_index (lines, Line, i);

      write_func (text->str + line->text_offset, line->text_len, user_data);
    }
  write_func ("\n", 1, user_data);

  if (status != NULL)
    {
      status->n_events = lines->len;
      status->truncated = es_eventlog_reader_is_truncated (reader, &status->stop_offset, &status->partial_bytes);
    }
  return TRUE;
}
