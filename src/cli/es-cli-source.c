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
#include "es-time.h"

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
  char         *source;     /* as the user named it */
  EsLiveRecord *record;
  GError       *broke;      /* why the stream stopped before its end, after some bytes */
} Opened;

static void
opened_free (gpointer data)
{
  Opened *opened = data;

  g_free (opened->source);
  es_live_record_free (opened->record);
  g_clear_error (&opened->broke);
  g_free (opened);
}

/* Opened, in the order opened: until the program ends, as its commands
 * read the records through their descriptors (`compare unix:S unix:S`
 * opens one source twice, two runs). */
static GPtrArray *opened_sources;

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
  g_autoptr(GError) error = NULL, refusal = NULL, keep_error = NULL;
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

  if (!es_live_record_take_all (kept, live, NULL, &refusal, &error) && es_live_record_get_bytes (kept) == 0)
    return es_cli_report_error (source, error);
  /* Not a log: as loading its bytes would say (a header that never ends
   * is said as such, not as one cut short). */
  if (refusal != NULL)
    return es_cli_report_error (source, refusal);
  if (!es_live_record_keep (kept, &keep_error))
    {
      if (error == NULL)
        return es_cli_report_error (source, keep_error);
      /* Both said: the stream broke first. */
      es_cli_report_error (source, keep_error);
    }
  es_cli_source_say_kept_aside (source, record, es_live_record_get_kept_path (kept), es_live_record_get_bytes (kept));

  *path = g_strdup (es_live_record_get_path (kept));
  opened = g_new0 (Opened, 1);
  opened->source = g_strdup (source);
  opened->record = g_steal_pointer (&kept);
  opened->broke = g_steal_pointer (&error);
  if (opened_sources == NULL)
    opened_sources = g_ptr_array_new_with_free_func (opened_free);
  g_ptr_array_add (opened_sources, opened);
  return EXIT_OK;
}

/**
 * es_cli_source_say_kept_aside:
 * @record: (nullable): the file the user named (--record)
 * @kept_path: (nullable): where the record's bytes are kept
 *
 * Says so when a stream's bytes could not take the name the user gave
 * (its header never became whole and a file was there, which is left as
 * it was): where they are instead.
 */
void
es_cli_source_say_kept_aside (const char *source,
                              const char *record,
                              const char *kept_path,
                              guint64     bytes)
{
  g_autofree char *n = NULL;

  if (record == NULL || kept_path == NULL || g_str_equal (record, kept_path))
    return;
  n = es_format_count (bytes);
  g_printerr ("eventscope-cli: %s: %s is left as it was; the %s bytes received are in %s\n",
              source, record, n, kept_path);
}

/**
 * es_cli_source_get_file:
 * @source: a log as the user named it, opened by es_cli_source_open()
 *
 * Returns: the file that holds its bytes: @source itself for a file, its
 *   record for a stream (until es_cli_source_finish())
 */
const char *
es_cli_source_get_file (const char *source)
{
  for (guint i = 0; opened_sources != NULL && i < opened_sources->len; i++)
    {
      Opened *opened = g_ptr_array_index (opened_sources, i);

      if (g_str_equal (opened->source, source))
        return es_live_record_get_path (opened->record);
    }
  return source;
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
  Opened *opened = NULL;
  const char *kept_path;
  g_autofree char *n = NULL;

  for (guint i = 0; opened_sources != NULL && i < opened_sources->len; i++)
    if (g_str_equal (((Opened *) g_ptr_array_index (opened_sources, i))->source, source))
      opened = g_ptr_array_index (opened_sources, i);
  if (opened == NULL || es_live_record_is_refused (opened->record) ||
      (kept_path = es_live_record_get_kept_path (opened->record)) == NULL ||
      es_live_record_get_bytes (opened->record) == 0)
    return;
  n = es_format_count (es_live_record_get_bytes (opened->record));
  g_printerr ("eventscope-cli: %s holds the %s bytes received\n", kept_path, n);
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
  if (opened_sources == NULL)
    return exit_code;
  for (guint i = 0; i < opened_sources->len; i++)
    {
      Opened *opened = g_ptr_array_index (opened_sources, i);
      g_autofree char *n = NULL;

      if (opened->broke == NULL)
        continue;
      n = es_format_count (es_live_record_get_bytes (opened->record));
      g_printerr ("eventscope-cli: %s: %s (after %s bytes)\n", opened->source, opened->broke->message, n);
      if (exit_code == EXIT_OK)
        exit_code = EXIT_USAGE;
    }
  g_clear_pointer (&opened_sources, g_ptr_array_unref);
  return exit_code;
}
