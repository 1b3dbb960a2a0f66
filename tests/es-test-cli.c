/* es-test-cli.c: running eventscope-cli from a test
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#ifndef _GNU_SOURCE
# define _GNU_SOURCE      /* pipe2() */
#endif

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

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

/* A run started by cli_child_start() must end by itself: one still running
 * after this long hangs, and is killed and failed. */
#define HANG_SECONDS 60

extern char **environ;

/* Starts the CLI the build made ($ES_CLI) with @args as @child says: fork() and exec, as GSubprocess
 * cannot leave standard input closed or set limits. Between the two, only
 * what is safe after fork() in a threaded program. */
CliRunning
cli_child_start (const char     **args,
                 const CliChild  *child)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GPtrArray) envp = g_ptr_array_new_with_free_func (g_free);
  int out[2], err[2];
  CliRunning running;

  g_ptr_array_add (argv, (gpointer) g_getenv ("ES_CLI"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  for (char **e = environ; *e != NULL; e++)
    if (child->tmpdir == NULL || !g_str_has_prefix (*e, "TMPDIR="))
      g_ptr_array_add (envp, g_strdup (*e));
  if (child->tmpdir != NULL)
    g_ptr_array_add (envp, g_strconcat ("TMPDIR=", child->tmpdir, NULL));
  g_ptr_array_add (envp, NULL);

  g_assert_cmpint (pipe2 (out, O_CLOEXEC), ==, 0);
  g_assert_cmpint (pipe2 (err, O_CLOEXEC), ==, 0);
  running.pid = fork ();
  g_assert_cmpint (running.pid, >=, 0);
  if (running.pid == 0)
    {
      struct rlimit limit;

      if (child->stdin_closed)
        close (STDIN_FILENO);
      else if (child->stdin_fd >= 0)
        dup2 (child->stdin_fd, STDIN_FILENO);
      dup2 (out[1], STDOUT_FILENO);
      dup2 (err[1], STDERR_FILENO);
      if (child->file_size_limit > 0)
        {
          limit.rlim_cur = limit.rlim_max = child->file_size_limit;
          setrlimit (RLIMIT_FSIZE, &limit);
        }
      if (child->memory_limit > 0)
        {
          limit.rlim_cur = limit.rlim_max = child->memory_limit;
          setrlimit (RLIMIT_AS, &limit);
        }
      /* A test that writes into a closed pipe must see EPIPE, and so the
       * CLI starts as a shell starts it. */
      signal (SIGPIPE, SIG_DFL);
      execve (argv->pdata[0], (char **) argv->pdata, (char **) envp->pdata);
      _exit (127);
    }
  close (out[1]);
  close (err[1]);
  running.out = out[0];
  running.err = err[0];
  return running;
}

/* Reads what @running writes until it exits, or kills it past
 * HANG_SECONDS and fails. Fills @run; returns the wait status. */
int
cli_child_finish (CliRunning *running,
                  CliRun     *run)
{
  g_autoptr(GString) out = g_string_new (NULL), err = g_string_new (NULL);
  gint64 deadline = g_get_monotonic_time () + HANG_SECONDS * G_TIME_SPAN_SECOND;
  int fds[2] = { running->out, running->err };
  GString *texts[2] = { out, err };
  int open_fds = 2, status;

  while (open_fds > 0)
    {
      struct pollfd polled[2];
      nfds_t n = 0;
      int timeout = (int) ((deadline - g_get_monotonic_time ()) / 1000);

      if (timeout <= 0)
        {
          kill (running->pid, SIGKILL);
          waitpid (running->pid, NULL, 0);
          g_error ("%s did not end by itself within %d s", g_getenv ("ES_CLI"), HANG_SECONDS);
        }
      for (guint i = 0; i < 2; i++)
        if (fds[i] >= 0)
          polled[n++] = (struct pollfd) { .fd = fds[i], .events = POLLIN };
      if (poll (polled, n, timeout) < 0 && errno != EINTR)
        g_error ("poll: %s", g_strerror (errno));
      for (guint i = 0; i < n; i++)
        {
          char buffer[65536];
          gssize got;

          if (polled[i].revents == 0)
            continue;
          got = read (polled[i].fd, buffer, sizeof buffer);
          for (guint j = 0; j < 2; j++)
            if (fds[j] == polled[i].fd)
              {
                if (got > 0)
                  g_string_append_len (texts[j], buffer, got);
                else if (got == 0 || errno != EINTR)
                  {
                    close (fds[j]);
                    fds[j] = -1;
                    open_fds--;
                  }
              }
        }
    }
  g_assert_cmpint (waitpid (running->pid, &status, 0), ==, running->pid);
  run->out = g_string_free (g_steal_pointer (&out), FALSE);
  run->err = g_string_free (g_steal_pointer (&err), FALSE);
  run->exit_code = WIFEXITED (status) ? WEXITSTATUS (status) : -1;
  return status;
}

/* Runs the CLI to its end: it must exit by itself, not die of a signal. */
void
run_cli_child (CliRun          *run,
               const char     **args,
               const CliChild  *child)
{
  CliRunning running = cli_child_start (args, child);
  int status = cli_child_finish (&running, run);

  if (!WIFEXITED (status))
    g_error ("%s %s died of signal %d; it said: %s", g_getenv ("ES_CLI"), args[0], WTERMSIG (status), run->err);
}

/* @data written to @dir/@name; the path. */
char *
es_test_write_file (const char *dir,
                    const char *name,
                    const void *data,
                    gsize       len)
{
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, data, (gssize) len, NULL));
  return path;
}

/* The CLI running @command on @source. */
void
run_cli2 (CliRun     *run,
          const char *command,
          const char *source)
{
  const char *args[] = { command, source, NULL };

  run_cli_argv (run, args);
}

/* @bytes as a string of their own. */
char *
es_test_bytes_to_string (GBytes *bytes)
{
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);

  return size > 0 ? g_strndup (data, size) : g_strdup ("");
}

/* The CLI with @stdin_data on its standard input (a pipe). */
void
run_cli_stdin (CliRun       *run,
               const char  **args,
               const guint8 *stdin_data,
               gsize         stdin_len)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GBytes) in = g_bytes_new (stdin_data, stdin_len);
  g_autoptr(GBytes) out = NULL, err = NULL;
  g_autoptr(GError) error = NULL;

  g_ptr_array_add (argv, (gpointer) g_getenv ("ES_CLI"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  process = g_subprocess_newv ((const char * const *) argv->pdata,
                               G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                               G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate (process, in, NULL, &out, &err, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  run->exit_code = g_subprocess_get_exit_status (process);
  run->out = es_test_bytes_to_string (out);
  run->err = es_test_bytes_to_string (err);
}

/* A folder of the test's own, which must be empty at the end (then it
 * goes): nothing of a run may be left in it. */
char *
es_test_make_dir (void)
{
  return g_dir_make_tmp ("es-faults-XXXXXX", NULL);
}

guint
es_test_count_entries (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  g_assert_nonnull (d);
  while (g_dir_read_name (d) != NULL)
    n++;
  return n;
}

/* Empties @dir, then removes it. */
void
es_test_remove_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_unlink (path);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* That @path holds exactly the first @expected_len of the @len bytes of
 * @data. */
void
es_test_assert_file_is_prefix (const char   *path,
                               const guint8 *data,
                               gsize         len,
                               gsize         expected_len)
{
  g_autofree char *contents = NULL;
  gsize got;

  g_assert_true (g_file_get_contents (path, &contents, &got, NULL));
  g_assert_cmpuint (got, ==, expected_len);
  g_assert_cmpuint (got, <=, len);
  g_assert_true (memcmp (contents, data, got) == 0);
}

/* The part of `watch`'s output that is `summary`'s: after its lines. */
const char *
es_test_summary_part (const char *watch_out)
{
  const char *blank = strstr (watch_out, "\n\n");

  return blank != NULL ? blank + 2 : watch_out;
}
