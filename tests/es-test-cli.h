/* es-test-cli.h: running eventscope-cli from a test
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <sys/resource.h>
#include <sys/types.h>

G_BEGIN_DECLS

/* What a run of the CLI gave: its exit code and both outputs. */
typedef struct
{
  int   exit_code;
  char *out;
  char *err;
} CliRun;

/* How a run of the CLI is set up: its standard input, the limits it
 * runs under, its temporary folder. Set the fields by name. */
typedef struct
{
  int          stdin_fd;        /* given as its standard input (-1: this process's), unless... */
  gboolean     stdin_closed;    /* ... it has none */
  rlim_t       file_size_limit; /* bytes, 0: none (ulimit -f) */
  rlim_t       memory_limit;    /* bytes of address space, 0: none (ulimit -v) */
  const char  *tmpdir;          /* TMPDIR, or NULL as it is */
} CliChild;

/* A run under way: its process and the ends of its outputs. */
typedef struct
{
  pid_t pid;
  int   out;
  int   err;
} CliRunning;

void       cli_run_clear    (CliRun          *run);
void       run_cli_argv     (CliRun          *run,
                             const char     **args);
void       run_cli_child    (CliRun          *run,
                             const char     **args,
                             const CliChild  *child);
CliRunning cli_child_start  (const char     **args,
                             const CliChild  *child);
int        cli_child_finish (CliRunning      *running,
                             CliRun          *run);

void       run_cli2         (CliRun          *run,
                             const char      *command,
                             const char      *source);
void       run_cli_stdin    (CliRun          *run,
                             const char     **args,
                             const guint8    *stdin_data,
                             gsize            stdin_len);
char      *es_test_bytes_to_string (GBytes   *bytes);

/* Folders of a test's own, for the files runs leave (or must not). */
char      *es_test_make_dir       (void);
char      *es_test_write_file     (const char      *dir,
                                   const char      *name,
                                   const void      *data,
                                   gsize            len);
guint      es_test_count_entries  (const char      *dir);
void       es_test_remove_dir     (const char      *dir);
void       es_test_assert_file_is_prefix (const char   *path,
                                          const guint8 *data,
                                          gsize         len,
                                          gsize         expected_len);
const char *es_test_summary_part  (const char      *watch_out);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CliRun, cli_run_clear)

G_END_DECLS
