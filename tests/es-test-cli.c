/* es-test-cli.c: running eventscope-cli from a test
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <sys/wait.h>

#include "es-test-cli.h"

void
cli_run_clear (CliRun *run)
{
  g_free (run->out);
  g_free (run->err);
}

/* Runs the CLI the build made ($ES_CLI) with @args, NULL-terminated, and
 * waits for it; fails the test if it cannot be run or does not exit. */
void
run_cli_argv (CliRun      *run,
              const char **args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int wait_status;

  g_assert_nonnull (g_getenv ("ES_CLI"));
  g_ptr_array_add (argv, (gpointer) g_getenv ("ES_CLI"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &run->out, &run->err, &wait_status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  run->exit_code = WEXITSTATUS (wait_status);
}
