/* es-cli-source.c: a log named as a SOURCE, made a file the commands read
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "es-cli-common.h"
#include "es-cli-source.h"
#include "es-live-source.h"

/* The commands that read a whole log (summary, dump, compare, profile,
 * export) read a stream to its end into a file, then go on exactly as for
 * a file: the reader maps files, and a stream's bytes are gone once read.
 * Without --record the file is temporary, and goes when the program does,
 * also when it is interrupted while the stream is still coming. */

#define MAX_TEMPORARY 4

static char *temporary[MAX_TEMPORARY];
static volatile sig_atomic_t n_temporary;

/* source -> the file the user named (--record) that holds its bytes */
static GHashTable *recorded;

static void
remove_temporary (void)
{
  for (sig_atomic_t i = 0; i < n_temporary; i++)
    unlink (temporary[i]);
}

/* Only what is safe in a signal handler: unlink(), then die of the signal,
 * as the shell expects. */
static void
remove_temporary_and_die (int signum)
{
  remove_temporary ();
  signal (signum, SIG_DFL);
  raise (signum);
}

static void
add_temporary (char *path)
{
  struct sigaction action = { 0 };

  g_assert (n_temporary < MAX_TEMPORARY);
  if (n_temporary == 0)
    {
      atexit (remove_temporary);
      action.sa_handler = remove_temporary_and_die;
      sigemptyset (&action.sa_mask);
      sigaction (SIGINT, &action, NULL);
      sigaction (SIGTERM, &action, NULL);
      sigaction (SIGHUP, &action, NULL);
      sigaction (SIGPIPE, &action, NULL);
    }
  temporary[n_temporary] = path;
  n_temporary++;
}

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
 *   it, a temporary file that goes at exit. A regular file is its own
 *   record: @record is not used for it.
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
  g_autofree char *target = NULL;
  gboolean said_waiting = FALSE;

  if (!es_live_source_is_stream (source))
    {
      *path = g_strdup (source);
      return EXIT_OK;
    }

  if (record != NULL)
    target = g_strdup (record);
  else
    {
      int fd = g_file_open_tmp ("eventscope-cli-XXXXXX.log", &target, &error);

      if (fd < 0)
        return es_cli_report_error (source, error);
      close (fd);
      add_temporary (g_strdup (target));
    }

  /* A socket is retried until the program listens: say so, once. */
  if (!es_live_source_drain_to_file (source, target, say_waiting, &said_waiting, NULL, &error))
    return es_cli_report_error (source, error);
  if (record != NULL)
    {
      if (recorded == NULL)
        recorded = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      g_hash_table_replace (recorded, g_strdup (source), g_strdup (record));
    }
  *path = g_steal_pointer (&target);
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
  const char *record = recorded != NULL ? g_hash_table_lookup (recorded, source) : NULL;
  GStatBuf st;

  if (record != NULL && g_stat (record, &st) == 0)
    g_printerr ("eventscope-cli: %s holds the %" G_GUINT64_FORMAT " bytes received\n", record, (guint64) st.st_size);
}
