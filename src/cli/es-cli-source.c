/* es-cli-source.c: a log named as a SOURCE, made a file the commands read
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gio.h>

#include "es-cli-common.h"
#include "es-cli-source.h"
#include "es-live-record.h"
#include "es-live-source.h"

/* The commands that read a whole log (summary, dump, compare, profile,
 * export) read a stream to its end into a record, then go on exactly as
 * for a file: the reader maps files, and a stream's bytes are gone once
 * read. Without --record the record has no name, and goes with the
 * program however it ends (es-live-record.c).
 *
 * A stream that breaks after some bytes (a connection reset, a record that
 * cannot be written any more) is read as the log cut short it is: what
 * came is printed, then why it stopped, and the exit code says it failed.
 * A stream whose header is not a log's is refused at its first bytes, and
 * loading what came says why, as for a file. */

typedef struct
{
  EsLiveRecord *record;
  GError       *broke;      /* why the stream stopped before its end, after some bytes */
} Opened;

static void
opened_free (gpointer data)
{
  Opened *opened = data;

  es_live_record_free (opened->record);
  g_clear_error (&opened->broke);
  g_free (opened);
}

/* source as the user named it -> Opened: until the program ends, as its
 * commands read the records through their descriptors. */
static GHashTable *opened_sources;

static void
say_waiting (const char *address,
             gpointer    user_data)
{
  gboolean *said = user_data;

  if (!*said)
    g_printerr ("eventscope-cli: waiting for %s\n", address);
  *said = TRUE;
}

/**
 * es_cli_source_open:
 * @source: a log as the user named it: a file, a FIFO, "-" (standard
 *   input), "unix:PATH" or "tcp:HOST:PORT"
 * @record: (nullable): where a stream's bytes are kept (--record); without
 *   it, a record without a name. A regular file is its own record: @record
 *   is not used for it.
 * @path: (out): the file to read
 *
 * Returns: EXIT_OK with *@path set, or the exit code once it has said
 *   what is wrong (naming @source).
 */
int
es_cli_source_open (const char  *source,
                    const char  *record,
                    char       **path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(EsLiveSource) live = NULL;
  g_autoptr(EsLiveRecord) kept = NULL;
  gboolean said_waiting = FALSE;
  Opened *opened;

  if (!es_live_source_is_stream (source))
    {
      *path = g_strdup (source);
      return EXIT_OK;
    }

  live = es_live_source_new (source, &error);
  if (live == NULL)
    return es_cli_report_error (source, error);
  /* A socket is retried until the program listens: say so, once. */
  es_live_source_set_waiting_func (live, say_waiting, &said_waiting);
  kept = es_live_record_new (live, record, &error);
  if (kept == NULL)
    return es_cli_report_error (source, error);

  opened = g_new0 (Opened, 1);
  if (!es_live_record_take_all (kept, live, NULL, &error))
    {
      if (es_live_record_get_bytes (kept) == 0)
        {
          g_free (opened);
          return es_cli_report_error (source, error);
        }
      opened->broke = g_steal_pointer (&error);
    }
  if (!es_live_record_keep (kept, &error))
    {
      g_clear_error (&opened->broke);
      g_free (opened);
      return es_cli_report_error (source, error);
    }

  *path = g_strdup (es_live_record_get_path (kept));
  opened->record = g_steal_pointer (&kept);
  if (opened_sources == NULL)
    opened_sources = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, opened_free);
  g_hash_table_replace (opened_sources, g_strdup (source), opened);
  return EXIT_OK;
}

/**
 * es_cli_source_say_kept:
 * @source: a log as the user named it, opened by es_cli_source_open()
 *
 * Says where the bytes of @source, a stream cut short, are kept, if the
 * user named a file for them (--record), as `watch` does: to be read
 * again, or sent with a report.
 */
void
es_cli_source_say_kept (const char *source)
{
  Opened *opened = opened_sources != NULL ? g_hash_table_lookup (opened_sources, source) : NULL;
  const char *kept_path;

  if (opened == NULL || es_live_record_is_refused (opened->record) ||
      (kept_path = es_live_record_get_kept_path (opened->record)) == NULL ||
      es_live_record_get_bytes (opened->record) == 0)
    return;
  g_printerr ("eventscope-cli: %s holds the %" G_GUINT64_FORMAT " bytes received\n", kept_path,
              es_live_record_get_bytes (opened->record));
}

/**
 * es_cli_source_finish:
 * @exit_code: the command's
 *
 * Says why a stream stopped before its end, for each that did (its bytes
 * were read as a log cut short), last; then the records go.
 *
 * Returns: the program's exit code: @exit_code, or EXIT_USAGE in place of
 *   EXIT_OK if a stream broke
 */
int
es_cli_source_finish (int exit_code)
{
  GHashTableIter iter;
  gpointer key, value;

  if (opened_sources == NULL)
    return exit_code;
  g_hash_table_iter_init (&iter, opened_sources);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      Opened *opened = value;

      if (opened->broke == NULL)
        continue;
      g_printerr ("eventscope-cli: %s: %s; what came before is shown (%" G_GUINT64_FORMAT " bytes)\n",
                  (const char *) key, opened->broke->message, es_live_record_get_bytes (opened->record));
      if (exit_code == EXIT_OK)
        exit_code = EXIT_USAGE;
    }
  g_clear_pointer (&opened_sources, g_hash_table_unref);
  return exit_code;
}
