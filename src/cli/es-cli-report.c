/* es-cli-report.c: eventscope-cli report, mprof-report's text of a Mono log
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "es-cli-common.h"
#include "es-cli-report.h"
#include "es-cli-source.h"
#include "es-mlpd-error.h"
#include "es-mono-report.h"
#include "es-time.h"

static gboolean
parse_sort (const char  *value,
            const char  *option,
            const char  *const *modes,
            int         *mode)
{
  for (int i = 0; modes[i] != NULL; i++)
    if (g_str_equal (value, modes[i]))
      {
        *mode = i;
        return TRUE;
      }
  g_printerr ("eventscope-cli report: --%s must be %s, %s%s%s, not \"%s\"\n", option, modes[0], modes[1],
              modes[2] != NULL ? " or " : "", modes[2] != NULL ? modes[2] : "", value);
  return FALSE;
}

/* A GHC eventlog given for a Mono log is said as what it is (the reader
 * takes any file that is not a Mono log for a packed one). */
static gboolean
is_ghc_eventlog (const char *path)
{
  char magic[4] = { 0 };
  FILE *file = fopen (path, "rb");
  gboolean ghc;

  if (file == NULL)
    return FALSE;
  ghc = fread (magic, 1, sizeof magic, file) == sizeof magic && memcmp (magic, "hdrb", 4) == 0;
  fclose (file);
  return ghc;
}

/* mprof-report's options, spelt as it spells them, and an interval of the
 * run as `summary` takes it (times from the start of the log, as the
 * viewer counts them). */
int
es_cli_run_report (int    argc,
                   char **argv)
{
  static const char *const method_sorts[] = { "total", "self", "calls", NULL };
  static const char *const alloc_sorts[] = { "bytes", "count", NULL, NULL };
  g_autofree char *reports = NULL, *method_sort = NULL, *alloc_sort = NULL, *from = NULL, *to = NULL;
  gboolean traces = FALSE;
  int max_frames = 6;
  const GOptionEntry entries[] = {
    { "reports", 0, 0, G_OPTION_ARG_STRING, &reports,
      "The reports, in this order (default: " ES_MONO_REPORT_DEFAULT ")", "R1[,R2...]" },
    { "method-sort", 0, 0, G_OPTION_ARG_STRING, &method_sort, "Sort methods by total, self or calls", "MODE" },
    { "alloc-sort", 0, 0, G_OPTION_ARG_STRING, &alloc_sort, "Sort allocations by bytes or count", "MODE" },
    { "traces", 0, 0, G_OPTION_ARG_NONE, &traces, "Show the backtraces", NULL },
    { "maxframes", 0, 0, G_OPTION_ARG_INT, &max_frames, "Show at most NUM frames of a backtrace (6)", "NUM" },
    { "from", 0, 0, G_OPTION_ARG_STRING, &from, "Start of the interval (1.5s, 200ms, 37us, 12ns, 25%)", "T" },
    { "to", 0, 0, G_OPTION_ARG_STRING, &to, "End of the interval, not included (default: the end of the run)", "T" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("SOURCE");
  g_autoptr(GError) error = NULL;
  g_autoptr(EsMonoProfile) profile = NULL;
  g_autoptr(GString) text = NULL;
  g_autofree char *path = NULL;
  EsMonoReportOptions options;
  int exit_code;
  int mode;

  g_option_context_set_summary (context,
                                "Print what mprof-report prints of a Mono log-profiler file (.mlpd, plain or\n"
                                "gzip-packed), byte for byte, for the whole run; with --from or --to, the\n"
                                "samples, calls, allocations, exceptions and lock contentions of that\n"
                                "interval only. SOURCE is a file, a FIFO or - (standard input).");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("eventscope-cli report: %s\n", error->message);
      return EXIT_USAGE;
    }
  if (argc != 2)
    {
      g_printerr ("Usage: eventscope-cli report [--reports=LIST] [--method-sort=MODE] [--alloc-sort=MODE] "
                  "[--traces] [--maxframes=NUM] [--from T] [--to T] LOG.mlpd\n");
      return EXIT_USAGE;
    }

  es_mono_report_options_init (&options);
  if (reports != NULL && !es_mono_report_check (reports, &error))
    {
      g_printerr ("eventscope-cli report: --reports: %s\n", error->message);
      return EXIT_USAGE;
    }
  options.reports = reports;
  if (method_sort != NULL)
    {
      if (!parse_sort (method_sort, "method-sort", method_sorts, &mode))
        return EXIT_USAGE;
      options.method_sort = mode;
    }
  if (alloc_sort != NULL)
    {
      if (!parse_sort (alloc_sort, "alloc-sort", alloc_sorts, &mode))
        return EXIT_USAGE;
      options.alloc_sort = mode;
    }
  if (max_frames < 0)
    {
      g_printerr ("eventscope-cli report: --maxframes cannot be negative\n");
      return EXIT_USAGE;
    }
  options.traces = traces;
  options.max_frames = (guint) max_frames;

  /* a FIFO or standard input (-) is read to its end first, as mprof-report
   * reads "-" */
  exit_code = es_cli_source_open (argv[1], NULL, &path);
  if (exit_code != EXIT_OK)
    return exit_code;
  if (is_ghc_eventlog (path))
    {
      g_printerr ("eventscope-cli report: %s: byte 0: a GHC eventlog (\"hdrb\"), not a Mono log-profiler file "
                  "(01 5A 50 4D); `summary` and `profile` read it\n", argv[1]);
      return EXIT_BAD_LOG;
    }
  profile = es_mono_profile_load_file (path, &error);
  if (profile == NULL)
    {
      if (error->domain == ES_MLPD_ERROR && error->code == ES_MLPD_ERROR_BAD_MAGIC)
        g_printerr ("eventscope-cli report: %s: not a Mono log-profiler file: %s\n", argv[1], error->message);
      else
        g_printerr ("eventscope-cli report: %s: %s\n", argv[1], error->message);
      return error->domain == G_FILE_ERROR || error->domain == G_IO_ERROR ? EXIT_USAGE : EXIT_BAD_LOG;
    }

  /* as mprof-report, the whole buffers before the cut are reported; unlike
   * it, the cut is said (on standard error: the report stays its) */
  if (profile->truncated_at >= 0)
    g_printerr ("eventscope-cli report: warning: %s: the log is cut short at byte %" G_GINT64_FORMAT
                " (unpacked); the whole buffers before it are reported\n", argv[1], profile->truncated_at);

  if (from != NULL || to != NULL)
    {
      guint64 end = profile->have_time ? profile->max_time - profile->origin : 0;
      guint64 t0 = 0, t1 = end + 1;

      if ((from != NULL && !es_time_parse (from, 0, end, &t0, &error)) ||
          (to != NULL && !es_time_parse (to, 0, end, &t1, &error)))
        {
          g_printerr ("eventscope-cli report: %s\n", error->message);
          return EXIT_USAGE;
        }
      if (t1 < t0)
        {
          g_printerr ("eventscope-cli report: the interval ends (--to) before it starts (--from)\n");
          return EXIT_USAGE;
        }
      options.interval = TRUE;
      options.from = profile->origin + t0;
      options.to = profile->origin + t1;
    }

  /* mprof-report's numbers are in the C locale, whatever the user's */
  setlocale (LC_NUMERIC, "C");
  text = g_string_new (NULL);
  es_mono_report_write (profile, &options, text);
  if (fwrite (text->str, 1, text->len, stdout) != text->len || fflush (stdout) != 0)
    {
      g_printerr ("eventscope-cli report: cannot write the report: %s\n", g_strerror (errno));
      return EXIT_USAGE;
    }
  return EXIT_OK;
}
