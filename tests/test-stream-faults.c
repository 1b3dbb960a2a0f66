/* test-stream-faults.c: every stream ends, every error is said, no byte is
 * lost, nothing is left behind: eventscope-cli's commands on streams that
 * fail (not logs, damaged, closed, reset, killed, out of disk, out of
 * memory)
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
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gio/gio.h>
#include <gio/gunixsocketaddress.h>
#include <glib/gstdio.h>

#include "es-test-cli.h"
#include "es-test-log.h"
#include "es-test-writer.h"

/* Writes "y\n" into @fd until the reader closes it, and counts the bytes
 * that went in: as `yes | eventscope-cli ...`. */
typedef struct
{
  int     fd;
  guint64 written;
} Yes;

static gpointer
write_yes (gpointer data)
{
  Yes *yes = data;
  char buffer[4096];

  for (guint i = 0; i < sizeof buffer; i += 2)
    memcpy (buffer + i, "y\n", 2);
  for (;;)
    {
      gssize n = write (yes->fd, buffer, sizeof buffer);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      yes->written += (guint64) n;
      /* A reader that takes all there is would never stop this: the
       * test fails on its own bound instead of filling the disk. */
      if (yes->written > (256u << 20))
        break;
    }
  close (yes->fd);
  return NULL;
}

/* `yes | eventscope-cli COMMAND -`, and /dev/zero as the source: refused
 * at the first bytes with the reader's message and exit 2, reading no
 * more than a few kilobytes past the pipe's buffer (before, `watch`
 * recorded 512 MB a second until the disk was full, and read /dev/zero at
 * 100% CPU for ever). */
static void
test_not_a_log_is_refused_at_once (void)
{
  const char *commands[] = { "watch", "summary", "dump" };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autofree char *dir = es_test_make_dir ();
      const char *args[] = { commands[i], "-", NULL };
      int fds[2];
      Yes yes;
      CliChild child = { .tmpdir = dir };
      g_auto(CliRun) run = { 0 };
      GThread *thread;

      g_assert_cmpint (pipe2 (fds, O_CLOEXEC), ==, 0);
      yes = (Yes) { fds[1], 0 };
      child.stdin_fd = fds[0];
      thread = g_thread_new ("yes", write_yes, &yes);
      run_cli_child (&run, args, &child);
      close (fds[0]);
      g_thread_join (thread);

      g_test_message ("%s: %" G_GUINT64_FORMAT " bytes of y went in", commands[i], yes.written);
      g_assert_cmpint (run.exit_code, ==, 2);
      g_assert_nonnull (strstr (run.err, "eventscope-cli: -: byte 0: expected the header marker \"hdrb\""));
      g_assert_cmpuint (yes.written, <, 1u << 20);
      g_assert_cmpuint (es_test_count_entries (dir), ==, 0);
      es_test_remove_dir (dir);
    }

  {
    const char *args[] = { "watch", "/dev/zero", NULL };
    const char *summary_args[] = { "summary", "/dev/zero", NULL };
    CliChild child = { .stdin_fd = -1 };
    g_auto(CliRun) run = { 0 };
    g_auto(CliRun) summary = { 0 };

    run_cli_child (&run, args, &child);
    g_assert_cmpint (run.exit_code, ==, 2);
    g_assert_nonnull (strstr (run.err, "eventscope-cli: /dev/zero: byte 0: "));
    run_cli_child (&summary, summary_args, &child);
    g_assert_cmpint (summary.exit_code, ==, 2);
    g_assert_cmpstr (summary.err, ==, run.err);
  }
}

/* A copy of @contents with an undeclared event type written over the
 * event at about @at (its tag 0xfefe is no event's; 0xffff would end
 * the data), so that nothing from there on can be read. */
static char *
damage_at (const char *contents,
           gsize       len,
           gsize       at)
{
  char *damaged = g_memdup2 (contents, len);

  memset (damaged + at, 0xfe, 64);
  return damaged;
}

/* A damaged log, as a file followed by `watch` and through a FIFO: it ends
 * as `summary` of the file ends, with its message and exit code, at once
 * (before, `watch` printed the fatal error and waited for the file to
 * grow, for ever). */
static void
test_damaged_log_ends_as_summary (void)
{
  g_autofree char *dir = es_test_make_dir ();
  gsize len;
  g_autofree char *contents = es_test_busy_log_with_gc_stats (400, &len);
  g_autofree char *damaged = NULL, *path = NULL, *fifo = g_build_filename (dir, "prog.fifo", NULL);
  const char *summary_args[] = { "summary", NULL, NULL };
  const char *watch_args[] = { "watch", "--interval", "50ms", NULL, NULL };
  CliChild child = { .stdin_fd = -1 };
  g_auto(CliRun) summary = { 0 };
  g_auto(CliRun) watch_file = { 0 };
  g_auto(CliRun) watch_fifo = { 0 };
  EsTestWriter writer = { 0 };
  GThread *thread;

  damaged = damage_at (contents, len, len / 2);
  path = es_test_write_file (dir, "damaged.eventlog", damaged, len);
  summary_args[1] = path;
  run_cli_child (&summary, summary_args, &child);
  g_assert_cmpint (summary.exit_code, ==, 2);
  g_assert_nonnull (strstr (summary.err, "is not declared in the header"));

  watch_args[3] = path;
  run_cli_child (&watch_file, watch_args, &child);
  g_assert_cmpint (watch_file.exit_code, ==, summary.exit_code);
  g_assert_cmpstr (watch_file.err, ==, summary.err);

  /* The same bytes through a FIFO, in pieces: the same ending, naming it. */
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  writer = (EsTestWriter) { .path = fifo, .data = (const guint8 *) damaged, .len = len, .n_pieces = 8, .pause_ms = 20,
                            .reader_may_go = TRUE };
  thread = g_thread_new ("writer", es_test_writer_run, &writer);
  watch_args[3] = fifo;
  run_cli_child (&watch_fifo, watch_args, &child);
  g_thread_join (thread);
  g_assert_cmpint (watch_fifo.exit_code, ==, 2);
  g_assert_nonnull (g_strrstr (watch_fifo.err, strstr (summary.err, ": byte ")));

  g_unlink (fifo);
  es_test_remove_dir (dir);
}

/* unix:FILE and unix:FOLDER are refused at once, saying what the path is
 * (before, "waiting for FILE" for ever). */
static void
test_socket_that_is_not_a_socket (void)
{
  g_autofree char *dir = es_test_make_dir ();
  g_autofree char *file = es_test_write_file (dir, "log", "hdrb", 4);
  g_autofree char *file_spec = g_strconcat ("unix:", file, NULL);
  g_autofree char *dir_spec = g_strconcat ("unix:", dir, NULL);
  const char *commands[] = { "summary", "watch" };
  CliChild child = { .stdin_fd = -1 };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      const char *on_file[] = { commands[i], file_spec, NULL };
      const char *on_dir[] = { commands[i], dir_spec, NULL };
      g_auto(CliRun) run_file = { 0 };
      g_auto(CliRun) run_dir = { 0 };

      run_cli_child (&run_file, on_file, &child);
      g_assert_cmpint (run_file.exit_code, ==, 1);
      g_assert_nonnull (strstr (run_file.err, "is a regular file, not a socket"));
      g_assert_null (strstr (run_file.err, "waiting"));
      run_cli_child (&run_dir, on_dir, &child);
      g_assert_cmpint (run_dir.exit_code, ==, 1);
      g_assert_nonnull (strstr (run_dir.err, "is a folder, not a socket"));
    }
  es_test_remove_dir (dir);
}

/* Standard input closed (`eventscope-cli watch - <&-`): said at once
 * (before, GLib's own eventfd took descriptor 0, and its bytes were read
 * as the log). */
static void
test_closed_standard_input (void)
{
  const char *commands[] = { "watch", "summary", "dump" };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      const char *args[] = { commands[i], "-", NULL };
      CliChild child = { .stdin_closed = TRUE };
      g_auto(CliRun) run = { 0 };

      run_cli_child (&run, args, &child);
      g_assert_cmpint (run.exit_code, ==, 1);
      g_assert_cmpstr (run.err, ==, "eventscope-cli: -: standard input is closed: there is nothing to read "
                                    "(pipe the log in, or name it)\n");
    }
}

/* A server that sends @len bytes, then resets the connection (a close
 * with SO_LINGER 0: an RST, as a crashed or killed peer gives). */
typedef struct
{
  GSocket      *listener;
  const guint8 *data;
  gsize         len;
} Resetter;

static gpointer
serve_then_reset (gpointer data)
{
  Resetter *resetter = data;
  g_autoptr(GSocket) client = g_socket_accept (resetter->listener, NULL, NULL);
  struct linger linger = { 1, 0 };
  EsTestWriter writer;

  g_assert_nonnull (client);
  writer = (EsTestWriter) { .fd = dup (g_socket_get_fd (client)), .data = resetter->data, .len = resetter->len,
                            .n_pieces = 3, .pause_ms = 30 };
  es_test_writer_run (&writer);
  /* What was sent is read before the reset comes. */
  g_usleep (200 * 1000);
  g_assert_cmpint (setsockopt (g_socket_get_fd (client), SOL_SOCKET, SO_LINGER, &linger, sizeof linger), ==, 0);
  g_socket_close (client, NULL);
  return NULL;
}

/* The CLI's @command (dump, summary, watch) on a TCP stream reset after
 * @sent bytes of @contents, recorded in @record. */
static void
run_reset (CliRun       *run,
           const char   *command,
           const char   *record,
           const char   *contents,
           gsize         sent)
{
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocketAddress) any = g_inet_socket_address_new (loopback, 0);
  g_autoptr(GSocketAddress) bound = NULL;
  g_autofree char *spec = NULL;
  const char *args[] = { command, "--record", record, NULL, NULL };
  Resetter resetter = { NULL, (const guint8 *) contents, sent };
  CliChild child = { .stdin_fd = -1 };
  g_autoptr(GError) error = NULL;
  GThread *thread;

  resetter.listener = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_DEFAULT, &error);
  g_assert_no_error (error);
  g_assert_true (g_socket_bind (resetter.listener, any, TRUE, &error));
  g_assert_true (g_socket_listen (resetter.listener, &error));
  bound = g_socket_get_local_address (resetter.listener, &error);
  g_assert_no_error (error);
  spec = g_strdup_printf ("tcp:127.0.0.1:%u", g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound)));
  args[3] = spec;
  thread = g_thread_new ("resetter", serve_then_reset, &resetter);
  run_cli_child (run, args, &child);
  g_thread_join (thread);
  g_socket_close (resetter.listener, NULL);
  g_object_unref (resetter.listener);
}

/* A TCP stream reset after 250 kB: dump, summary and watch all print what
 * came (as for a file of those bytes), say why the stream stopped last,
 * and exit 1; the record holds every byte (before, dump and summary
 * printed nothing, and watch exited 0 as if the program had ended). Reset
 * inside its header, all three say where the header ends, then the reset,
 * and exit 2. */
static void
test_connection_reset (void)
{
  gsize len;
  g_autofree char *contents = es_test_busy_log_with_gc_stats (200, &len);
  const gsize sent = 250000;
  g_autofree char *dir = es_test_make_dir ();
  g_autofree char *prefix = NULL;
  g_autofree char *record = g_build_filename (dir, "record.eventlog", NULL);
  const char *commands[] = { "dump", "summary", "watch" };
  g_autofree char *in_header_err = NULL;

  g_assert_cmpuint (len, >, sent);
  prefix = es_test_write_file (dir, "prefix.eventlog", contents, sent);

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      /* `watch` of a file cut short would follow it as it grows: its summary is `summary`'s. */
      const char *of_prefix_args[] = { g_str_equal (commands[i], "watch") ? "summary" : commands[i], prefix, NULL };
      CliChild child = { .stdin_fd = -1 };
      g_auto(CliRun) run = { 0 };
      g_auto(CliRun) in_header = { 0 };
      g_auto(CliRun) of_prefix = { 0 };

      run_reset (&run, commands[i], record, contents, sent);
      run_cli_child (&of_prefix, of_prefix_args, &child);
      g_assert_cmpint (run.exit_code, ==, 1);
      g_assert_true (g_str_has_suffix (run.err, "Connection reset by peer (after 250,000 bytes)\n"));
      if (g_str_equal (commands[i], "watch"))
        g_assert_cmpstr (es_test_summary_part (run.out), ==, of_prefix.out);
      else
        g_assert_cmpstr (run.out, ==, of_prefix.out);
      es_test_assert_file_is_prefix (record, (const guint8 *) contents, len, sent);
      g_unlink (record);

      run_reset (&in_header, commands[i], record, contents, 50);
      g_assert_cmpint (in_header.exit_code, ==, 2);
      g_assert_true (g_str_has_suffix (in_header.err, "Connection reset by peer (after 50 bytes)\n"));
      g_assert_nonnull (strstr (in_header.err, "byte 50: the log ends inside its header"));
      {
        /* The same words from each, but for the port. */
        g_autoptr(GRegex) port = g_regex_new ("127\\.0\\.0\\.1:[0-9]+", 0, 0, NULL);
        g_autofree char *said = g_regex_replace_literal (port, in_header.err, -1, 0, "HOST", 0, NULL);

        if (in_header_err == NULL)
          in_header_err = g_strdup (said);
        g_assert_cmpstr (said, ==, in_header_err);
      }
      g_unlink (record);
    }
  es_test_remove_dir (dir);
}

/* A followed file rewritten (truncated, as a program restarted with the
 * same -ol does) or replaced (a new file moved to its name): `watch`
 * prints what it had, says why it stopped, and exits 1 (before, it waited
 * for the old file to grow, for ever). */
static void
test_followed_file_rewritten_or_replaced (void)
{
  gsize len;
  g_autofree char *contents = es_test_busy_log_with_gc_stats (200, &len);

  for (guint replaced = 0; replaced < 2; replaced++)
    {
      g_autofree char *dir = es_test_make_dir ();
      g_autofree char *path = es_test_write_file (dir, "prog.eventlog", contents, len / 2);
      const char *args[] = { "watch", "--interval", "50ms", path, NULL };
      CliChild child = { .stdin_fd = -1 };
      CliRunning running;
      g_auto(CliRun) run = { 0 };

      running = cli_child_start (args, &child);
      /* Time to read what is there, then wait for more. */
      g_usleep (500 * 1000);
      if (replaced)
        {
          g_autofree char *next = es_test_write_file (dir, "next.eventlog", contents, len);

          g_assert_cmpint (g_rename (next, path), ==, 0);
        }
      else
        {
          /* In place, as a program opening its -ol file again does. */
          int fd = open (path, O_WRONLY | O_TRUNC | O_CLOEXEC);

          g_assert_cmpint (fd, >=, 0);
          es_test_write_all (fd, (const guint8 *) contents, 100);
          close (fd);
        }
      cli_child_finish (&running, &run);

      g_assert_cmpint (run.exit_code, ==, 1);
      g_assert_nonnull (strstr (run.err, replaced ? "was removed or replaced while it was followed"
                                                  : "shrank from "));
      g_assert_nonnull (strstr (run.out, "Productivity"));
      es_test_remove_dir (dir);
    }
}

/* A writer killed as it serves a Unix socket (SIGKILL, half the log
 * sent): every command reads the log cut short it is, warns of the cut,
 * exits 0, and the record holds every byte that came. */
static void
test_socket_writer_killed (void)
{
  gsize len;
  g_autofree char *contents = es_test_busy_log_with_gc_stats (200, &len);
  const char *commands[] = { "summary", "watch" };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autofree char *dir = es_test_make_dir ();
      g_autofree char *sock = g_build_filename (dir, "prog.sock", NULL);
      g_autofree char *spec = g_strconcat ("unix:", sock, NULL);
      g_autofree char *record = g_build_filename (dir, "record.eventlog", NULL);
      g_autofree char *prefix = NULL;
      const char *args[] = { commands[i], "--record", record, spec, NULL };
      const char *of_prefix_args[] = { "summary", NULL, NULL };
      g_autoptr(GSocketAddress) address = g_unix_socket_address_new (sock);
      g_autoptr(GSocket) listener = g_socket_new (G_SOCKET_FAMILY_UNIX, G_SOCKET_TYPE_STREAM,
                                                  G_SOCKET_PROTOCOL_DEFAULT, NULL);
      CliChild child = { .stdin_fd = -1 };
      CliRunning running;
      g_auto(CliRun) run = { 0 };
      g_auto(CliRun) of_prefix = { 0 };
      g_autofree char *kept = NULL;
      gsize kept_len;
      pid_t writer;
      int status;

      g_assert_true (g_socket_bind (listener, address, TRUE, NULL));
      g_assert_true (g_socket_listen (listener, NULL));
      /* GSocket keeps its descriptor non-blocking: the writer accepts on
       * it plainly. */
      g_assert_cmpint (fcntl (g_socket_get_fd (listener), F_SETFL, 0), ==, 0);
      running = cli_child_start (args, &child);
      /* The writer: a process of its own, killed once half is sent. */
      writer = fork ();
      g_assert_cmpint (writer, >=, 0);
      if (writer == 0)
        {
          int client = accept (g_socket_get_fd (listener), NULL, NULL);
          gsize half = len / 2;

          for (gsize done = 0; client >= 0 && done < half;)
            {
              gssize n = write (client, contents + done, half - done);

              if (n <= 0)
                break;
              done += (gsize) n;
            }
          raise (SIGKILL);
          _exit (1);
        }
      g_assert_cmpint (waitpid (writer, &status, 0), ==, writer);
      g_assert_true (WIFSIGNALED (status) && WTERMSIG (status) == SIGKILL);
      cli_child_finish (&running, &run);

      g_assert_true (g_file_get_contents (record, &kept, &kept_len, NULL));
      g_assert_cmpuint (kept_len, ==, len / 2);
      g_assert_true (memcmp (kept, contents, kept_len) == 0);
      prefix = es_test_write_file (dir, "prefix.eventlog", contents, len / 2);
      of_prefix_args[1] = prefix;
      run_cli_child (&of_prefix, of_prefix_args, &child);
      g_assert_cmpint (run.exit_code, ==, 0);
      g_assert_nonnull (strstr (run.err, "warning:"));
      g_assert_cmpstr (g_str_equal (commands[i], "watch") ? es_test_summary_part (run.out) : run.out, ==, of_prefix.out);
      g_socket_close (listener, NULL);
      g_unlink (sock);
      es_test_remove_dir (dir);
    }
}

/* The address space this machine gives a program that maps nothing: the
 * sweep below starts from it. */
static gboolean
sanitized (void)
{
#if defined(__SANITIZE_ADDRESS__)
  return TRUE;
#elif defined(__has_feature)
# if __has_feature(address_sanitizer)
  return TRUE;
# endif
#endif
  return FALSE;
}

/* `watch -` of @path under @limit: it ends by itself, with 0, or with 1
 * and what ran out (before: SIGTRAP, SIGSEGV or SIGABRT at most limits,
 * as any allocation of any thread could be the one that failed). */
static void
check_watch_out_of_memory (const char *path,
                           rlim_t      limit)
{
  const char *args[] = { "watch", "--interval", "100ms", "-", NULL };
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  CliChild child = { .stdin_fd = fd, .memory_limit = limit };
  g_auto(CliRun) run = { 0 };

  g_assert_cmpint (fd, >=, 0);
  run_cli_child (&run, args, &child);
  close (fd);
  g_test_message ("watch at %" G_GUINT64_FORMAT " MB: exit %d, %s", (guint64) limit >> 20, run.exit_code, run.err);
  g_assert_cmpint (run.exit_code, <=, 1);
  if (run.exit_code == 1)
    g_assert_true (strstr (run.err, "Out of memory") != NULL || strstr (run.err, "Cannot") != NULL);
}

/* Out of memory (ulimit -v) while a big log loads: at every limit from
 * too little to enough, the CLI exits 0 or 1 by itself, never by a
 * signal (before: SIGTRAP, `es_vec_grow: out of memory` being a
 * g_error), and says what ran out and how much the log needs where it
 * fails. `profile` loads the whole document: the sweep meets the limits
 * where the log cannot be mapped, where the document cannot be built, and
 * where it loads (and says the log has no time profile). `summary` loads
 * only what its figures are made of, in little memory: once the log can
 * be mapped, it prints the whole run's figures, the same at every limit.
 * `watch` of the same log through a pipe, at each limit, ends by itself
 * too. */
static void
test_out_of_memory (void)
{
  g_autofree char *busy = NULL;
  const char *args[] = { "summary", NULL, NULL };
  const char *profile_args[] = { "profile", NULL, NULL };
  gboolean saw_map = FALSE, saw_build = FALSE, saw_whole = FALSE, saw_summary = FALSE;
  rlim_t step = 24u << 20;
  CliChild plain = { .stdin_fd = -1 };
  g_auto(CliRun) whole = { 0 };
  GStatBuf st;

  if (sanitized ())
    {
      g_test_skip ("AddressSanitizer reserves terabytes of address space: a limit on it cannot be tested");
      return;
    }
  /* 4,000 blocks: 56 MB, loaded by two threads or more. */
  busy = es_test_write_busy_log_with_gc_stats (4000);
  g_assert_cmpint (g_stat (busy, &st), ==, 0);
  args[1] = busy;
  profile_args[1] = busy;
  run_cli_child (&whole, args, &plain);
  g_assert_cmpint (whole.exit_code, ==, 0);

  for (rlim_t limit = 64u << 20; !saw_whole && limit < (4096ull << 20); limit += step)
    {
      CliChild child = { .stdin_fd = -1, .memory_limit = limit };
      g_auto(CliRun) run = { 0 };
      g_auto(CliRun) profile = { 0 };

      run_cli_child (&run, args, &child);
      run_cli_child (&profile, profile_args, &child);
      g_test_message ("%" G_GUINT64_FORMAT " MB: summary exit %d, %s; profile exit %d, %s", (guint64) limit >> 20,
                      run.exit_code, run.err, profile.exit_code, profile.err);
      check_watch_out_of_memory (busy, limit);
      if (run.exit_code == 0)
        {
          g_assert_cmpstr (run.out, ==, whole.out);
          saw_summary = TRUE;
        }
      else
        {
          /* A limit on address space also counts what threads and
           * vectors keep ahead, which varies with how many workers run at
           * once: just above where the log maps, `summary` may still run
           * short, and must say so as a whole load would. */
          g_assert_cmpint (run.exit_code, ==, 1);
          if (strstr (run.err, "Cannot map the log into memory") == NULL)
            g_assert_nonnull (strstr (run.err, "the process may use (ulimit -v); loading it needs about"));
        }
      g_assert_cmpint (profile.exit_code, ==, 1);
      if (strstr (profile.err, "has no time-profile samples") != NULL)
        saw_whole = TRUE;
      else if (strstr (profile.err, "Cannot map the log into memory") != NULL)
        saw_map = TRUE;
      else if (strstr (profile.err, "Out of memory while loading the log") != NULL)
        {
          g_assert_nonnull (strstr (profile.err, "the process may use (ulimit -v); loading it needs about"));
          saw_build = TRUE;
        }
      else
        g_error ("neither mapped nor built, but: %s", profile.err);
    }
  g_assert_true (saw_map);
  g_assert_true (saw_build);
  g_assert_true (saw_whole);
  g_assert_true (saw_summary);
  g_unlink (busy);
}

/* A log that ends inside its header, through a pipe: 100 bytes, a pause
 * (the follower builds them, and finds no header yet), then the end.
 * `watch` ends as `summary` and `dump` do (before: "ended before any data
 * came", exit 1, where summary says where the header ends, exit 2). */
static void
test_header_cut_short (void)
{
  gsize len;
  g_autofree char *contents = es_test_read_fixture ("hello.eventlog", &len);
  const char *commands[] = { "watch", "summary", "dump" };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      const char *args[] = { commands[i], "--interval", "50ms", "-", NULL };
      const char *plain_args[] = { commands[i], "-", NULL };
      int fds[2];
      CliChild child = { 0 };
      CliRunning running;
      g_auto(CliRun) run = { 0 };

      g_assert_cmpint (pipe2 (fds, O_CLOEXEC), ==, 0);
      child.stdin_fd = fds[0];
      running = cli_child_start (g_str_equal (commands[i], "watch") ? args : plain_args, &child);
      close (fds[0]);
      es_test_write_all (fds[1], (const guint8 *) contents, 100);
      g_usleep (400 * 1000);
      close (fds[1]);
      cli_child_finish (&running, &run);
      g_assert_cmpint (run.exit_code, ==, 2);
      g_assert_cmpstr (run.err, ==, "eventscope-cli: -: byte 100: the log ends inside its header (100 bytes read)\n");
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  /* The writers here see the CLI close their pipes: EPIPE, not death. */
  signal (SIGPIPE, SIG_IGN);

  g_test_add_func ("/stream-faults/not-a-log-is-refused-at-once", test_not_a_log_is_refused_at_once);
  g_test_add_func ("/stream-faults/damaged-log-ends-as-summary", test_damaged_log_ends_as_summary);
  g_test_add_func ("/stream-faults/socket-that-is-not-a-socket", test_socket_that_is_not_a_socket);
  g_test_add_func ("/stream-faults/closed-standard-input", test_closed_standard_input);
  g_test_add_func ("/stream-faults/connection-reset", test_connection_reset);
  g_test_add_func ("/stream-faults/followed-file-rewritten-or-replaced", test_followed_file_rewritten_or_replaced);
  g_test_add_func ("/stream-faults/socket-writer-killed", test_socket_writer_killed);
  g_test_add_func ("/stream-faults/out-of-memory", test_out_of_memory);
  g_test_add_func ("/stream-faults/header-cut-short", test_header_cut_short);

  return g_test_run ();
}
