/* es-cli-compare.c: eventscope-cli compare, two runs side by side
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>

#include "es-align.h"
#include "es-cli-common.h"
#include "es-cli-compare.h"
#include "es-cli-json.h"
#include "es-cli-source.h"
#include "es-mlpd-file.h"
#include "es-stats-figures.h"
#include "es-time.h"

#define LABEL_WIDTH 36
#define VALUE_WIDTH 18

typedef struct
{
  const char     *path;           /* the SOURCE, as the user wrote it */
  char           *file;           /* what is read: the SOURCE, or its stream read to its end */
  EsDocument     *document;
  guint64         marker_time;
  guint64         t0, t1;
  EsStatsFigures  figures;
} Run;

static void
run_clear (Run *run)
{
  g_clear_object (&run->document);
  g_clear_pointer (&run->file, g_free);
  if (run->figures.figures != NULL)
    es_stats_figures_clear (&run->figures);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

/* Reads --from and --to against @run: from its start by default, or, with
 * @align_marker, as offsets from that marker (a percentage is then of the
 * time from the marker to the end). */
static int
read_interval (Run        *run,
               const char *align_marker,
               const char *from,
               const char *to)
{
  g_autoptr(GError) error = NULL;
  guint64 end = es_document_get_end_time (run->document);
  guint64 base = 0, off0 = 0, off1, span;

  if (align_marker != NULL)
    {
      if (!es_align_find (run->document, NULL, align_marker, &base))
        {
          g_printerr ("eventscope-cli compare: %s has no marker “%s” to align on\n", run->path, align_marker);
          return EXIT_USAGE;
        }
      run->marker_time = base;
    }
  span = end > base ? end - base : 0;
  off1 = span;
  if ((from != NULL && !es_time_parse (from, 0, span, &off0, &error)) ||
      (to != NULL && !es_time_parse (to, 0, span, &off1, &error)))
    {
      g_printerr ("eventscope-cli compare: %s\n", error->message);
      return EXIT_USAGE;
    }
  if (off1 < off0)
    {
      g_printerr ("eventscope-cli compare: the interval ends (--to) before it starts (--from)\n");
      return EXIT_USAGE;
    }
  run->t0 = base + off0;
  run->t1 = base + off1;
  return EXIT_OK;
}

static void
append_column (GString    *out,
               GString    *cell,
               int         width)
{
  g_string_append_printf (out, "%*s", width, cell->str);
  g_string_truncate (cell, 0);
}

static void
append_run_head (GString    *out,
                 const char *name,
                 const Run  *run,
                 const char *align_marker)
{
  const EsProcessInfo *process = es_document_get_process (run->document);
  const EsStats *stats = &run->figures.stats;

  g_string_append_printf (out, "%s: %s", name, run->path);
  if (process->program != NULL)
    {
      g_string_append_printf (out, " (%s", process->program);
      for (guint i = 1; process->args != NULL && process->args[0] != NULL && process->args[i] != NULL; i++)
        g_string_append_printf (out, " %s", process->args[i]);
      g_string_append_c (out, ')');
    }
  g_string_append_printf (out, "\n   Interval %.6fs to %.6fs (%.6fs)%s", stats->t0 / 1e9, stats->t1 / 1e9,
                          stats->total_elapsed / 1e9,
                          stats->t0 == 0 && stats->t1 >= es_document_get_end_time (run->document)
                          ? ", the whole run" : "");
  if (align_marker != NULL)
    g_string_append_printf (out, ", from the marker “%s” at %.6fs", align_marker, run->marker_time / 1e9);
  g_string_append_c (out, '\n');
}

/* The summary's figures in four columns: A, B, B - A and B / A, and
 * "better" or "worse" where they differ by more than noise
 * (es_figure_verdict()). A figure only one run has (a generation the
 * other lacks) is left out. */
static void
append_table (GString   *out,
              const Run *a,
              const Run *b,
              double     threshold)
{
  const GArray *fa = a->figures.figures;
  g_autoptr(GString) cell = g_string_new (NULL);

  g_string_append_printf (out, "\n%-*s%*s%*s%*s%*s  marked (past %g%%)\n", LABEL_WIDTH, "", VALUE_WIDTH, "A",
                          VALUE_WIDTH, "B", VALUE_WIDTH, "delta", 10, "ratio", 100 * threshold);
  for (guint i = 0; i < fa->len; i++)
    {
      const EsFigure *x = &g_array_index (fa, EsFigure, i);
      const EsFigure *y = es_stats_figures_lookup (&b->figures, x->key);
      double ratio;

      if (y == NULL)
        continue;
      g_string_append_printf (out, "%-*s", LABEL_WIDTH, x->label);
      es_figure_append_value (cell, x);
      append_column (out, cell, VALUE_WIDTH);
      es_figure_append_value (cell, y);
      append_column (out, cell, VALUE_WIDTH);
      es_figure_append_delta (cell, x, y);
      append_column (out, cell, VALUE_WIDTH);
      if (es_figure_ratio (x, y, &ratio))
        g_string_append_printf (cell, "%.3f", ratio);
      else
        g_string_append (cell, "n/a");
      append_column (out, cell, 10);
      switch (es_figure_verdict (x, y, threshold))
        {
        case 1:
          g_string_append (out, "  better");
          break;
        case -1:
          g_string_append (out, "  worse");
          break;
        default:
          break;
        }
      g_string_append_c (out, '\n');
    }
}

static int
load_run (Run        *run,
          const char *align_marker,
          const char *from,
          const char *to)
{
  g_autoptr(GError) error = NULL;
  int exit_code;

  /* With a marker, --from and --to are offsets from it: known once read. */
  run->document = es_cli_load_statistics (run->file, align_marker == NULL ? from : NULL,
                                          align_marker == NULL ? to : NULL, &error);
  if (run->document == NULL)
    return es_cli_report_error (run->path, error);
  exit_code = read_interval (run, align_marker, from, to);
  if (exit_code != EXIT_OK)
    return exit_code;
  if (!es_cli_cover_interval (run->file, &run->document, run->t0, run->t1, &error))
    return es_cli_report_error (run->path, error);
  es_stats_figures_compute (run->document, run->t0, run->t1, &run->figures);
  return EXIT_OK;
}

int
es_cli_run_compare (int    argc,
                    char **argv)
{
  g_autofree char *from = NULL, *to = NULL, *align_marker = NULL;
  gboolean json = FALSE;
  double threshold = 100 * ES_FIGURE_DEFAULT_THRESHOLD;
  const GOptionEntry entries[] = {
    { "from", 0, 0, G_OPTION_ARG_STRING, &from, "Start of the interval in both runs (1.5s, 200ms, 37us, 12ns, 25%)", "T" },
    { "to", 0, 0, G_OPTION_ARG_STRING, &to, "End of the interval (default: the end of each run)", "T" },
    { "align-marker", 0, 0, G_OPTION_ARG_STRING, &align_marker,
      "Count --from and --to from the first marker NAME in each run", "NAME" },
    { "threshold", 0, 0, G_OPTION_ARG_DOUBLE, &threshold,
      "Mark a figure better or worse only past this difference, in percent of the larger (default: 10)", "PERCENT" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print JSON (see eventscope-cli(1)) instead of text", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("SOURCE-A SOURCE-B");
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  g_auto(Run) a = { 0 };
  g_auto(Run) b = { 0 };
  int exit_code, exit_a, exit_b;

  g_option_context_set_summary (context,
                                "Print the +RTS -s statistics of two runs side by side: A, B, the\n"
                                "difference B - A and the ratio B / A, for the whole runs or for the\n"
                                "same interval in both, each marked better or worse where the two differ\n"
                                "by more than noise. Both logs are GHC eventlogs, or both Mono logs.\n"
                                "A SOURCE is a file, a FIFO, - (standard input), unix:PATH or tcp:HOST:PORT.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("eventscope-cli compare: %s\n", error->message);
      return EXIT_USAGE;
    }
  if (argc != 3)
    {
      g_printerr ("Usage: eventscope-cli compare [--from T] [--to T] [--align-marker NAME] [--threshold PERCENT] "
                  "[--json] A B\n");
      return EXIT_USAGE;
    }
  if (!(threshold >= 0 && threshold <= 100))
    {
      g_printerr ("eventscope-cli compare: --threshold is a percentage from 0 to 100, not %g\n", threshold);
      return EXIT_USAGE;
    }
  a.path = argv[1];
  b.path = argv[2];
  /* A stream is read to its end first: looking at its first bytes would
   * take them away. */
  exit_code = es_cli_source_open (a.path, NULL, &a.file);
  if (exit_code == EXIT_OK)
    exit_code = es_cli_source_open (b.path, NULL, &b.file);
  if (exit_code != EXIT_OK)
    return exit_code;

  /* Refused before the long part, the loading. */
  if (es_mlpd_sniff_file (a.file) != es_mlpd_sniff_file (b.file))
    {
      gboolean a_mono = es_mlpd_sniff_file (a.file);

      g_printerr ("eventscope-cli compare: %s is a %s and %s a %s: compare two GHC eventlogs "
                  "or two Mono logs\n", a.path, a_mono ? "Mono log" : "GHC eventlog",
                  b.path, a_mono ? "GHC eventlog" : "Mono log");
      return EXIT_USAGE;
    }

  exit_code = load_run (&a, align_marker, from, to);
  if (exit_code == EXIT_OK)
    exit_code = load_run (&b, align_marker, from, to);
  if (exit_code != EXIT_OK)
    return exit_code;
  if (es_document_get_format (a.document) != es_document_get_format (b.document))
    {
      g_printerr ("eventscope-cli compare: %s and %s are not logs of the same kind (GHC, Mono)\n", a.path, b.path);
      return EXIT_USAGE;
    }

  if (json)
    {
      g_autoptr(EsMonoProfile) mono_a = es_cli_json_load_mono_profile (a.path, a.document);
      g_autoptr(EsMonoProfile) mono_b = es_cli_json_load_mono_profile (b.path, b.document);
      EsCliJsonRun ja = { a.path, a.document, &a.figures, align_marker, a.marker_time, mono_a };
      EsCliJsonRun jb = { b.path, b.document, &b.figures, align_marker, b.marker_time, mono_b };

      es_cli_json_append_compare (out, &ja, &jb, threshold / 100);
    }
  else
    {
      append_run_head (out, "A", &a, align_marker);
      append_run_head (out, "B", &b, align_marker);
      append_table (out, &a, &b, threshold / 100);
    }
  if (fputs (out->str, stdout) == EOF || fflush (stdout) != 0)
    {
      g_printerr ("eventscope-cli: writing the output failed: %s\n", g_strerror (errno));
      return EXIT_USAGE;
    }

  exit_a = es_cli_finish_document (a.path, a.document);
  exit_b = es_cli_finish_document (b.path, b.document);
  return MAX (exit_a, exit_b);
}
