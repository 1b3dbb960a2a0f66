/* es-cli.c: eventscope-cli, Eventscope for the terminal
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gio/gio.h>

#include "es-cli-common.h"
#include "es-cli-compare.h"
#include "es-cli-json.h"
#include "es-cli-profile.h"
#include "es-cli-report.h"
#include "es-cli-source.h"
#include "es-cli-watch.h"
#include "es-document.h"
#include "es-eventlog-dump.h"
#include "es-heap-profile.h"
#include "es-live-source.h"
#include "es-vec.h"
#include "es-mlpd-file.h"
#include "es-stats.h"
#include "es-time.h"
#if ES_HAVE_EXPORT
#include "es-timeline-export.h"
#endif

static void
write_stdout (const char *data,
              gsize       len,
              gpointer    user_data)
{
  gboolean *write_failed = user_data;

  if (!*write_failed && fwrite (data, 1, len, stdout) != len)
    *write_failed = TRUE;
}

static int
report_error (const char   *path,
              const GError *error)
{
  g_printerr ("eventscope-cli: %s: %s\n", path, error->message);
  return es_document_is_log_error (error) ? EXIT_BAD_LOG : EXIT_USAGE;
}

static void
warn_if_truncated (const char         *path,
                   const EsDumpStatus *status)
{
  g_autofree char *stop = NULL, *n_events = NULL, *partial = NULL;

  if (!status->truncated)
    return;

  /* Counts and offsets grouped, as people read them: "byte 631,243,352". */
  stop = es_format_count ((guint64) MAX (status->stop_offset, 0));
  n_events = es_format_count (status->n_events);
  partial = es_format_count (status->partial_bytes);
  if (status->partial_bytes > 0)
    g_printerr ("eventscope-cli: warning: %s: the log is cut short: its data stops at byte %s"
                " inside an incomplete event (%s bytes); "
                "the %s complete events before it are shown\n",
                path, stop, partial, n_events);
  else
    g_printerr ("eventscope-cli: warning: %s: the log ends at byte %s"
                " without its end marker (the program was killed or is still running); "
                "its %s events are shown\n",
                path, stop, n_events);
}

static int
run_dump (int    argc,
          char **argv)
{
  g_autofree char *record = NULL, *path = NULL;
  const GOptionEntry entries[] = {
    { "record", 0, 0, G_OPTION_ARG_FILENAME, &record, "Keep the bytes of a stream in FILE", "FILE" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("SOURCE");
  g_autoptr(GError) error = NULL;
  EsDumpStatus status = { 0 };
  gboolean write_failed = FALSE;
  int exit_code;

  g_option_context_set_summary (context,
                                "Print every event of a GHC eventlog, exactly as "
                                "`ghc-events show FILE` does.\n"
                                "SOURCE is a file, a FIFO, - (standard input), unix:PATH or tcp:HOST:PORT.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("eventscope-cli dump: %s\n", error->message);
      return EXIT_USAGE;
    }
  if (argc != 2)
    {
      g_printerr ("Usage: eventscope-cli dump [--record FILE] SOURCE\n");
      return EXIT_USAGE;
    }

  exit_code = es_cli_source_open (argv[1], record, &path);
  if (exit_code != EXIT_OK)
    return exit_code;
  if (es_mlpd_sniff_file (path))
    {
      g_printerr ("eventscope-cli dump: %s is a Mono log: dump prints GHC eventlogs only "
                  "(mprof-report prints Mono logs; summary and export read both)\n", argv[1]);
      return EXIT_BAD_LOG;
    }
  if (!es_eventlog_dump (path, write_stdout, &write_failed, &status, NULL, &error))
    return report_error (argv[1], error);

  if (fflush (stdout) != 0 || write_failed)
    {
      g_printerr ("eventscope-cli: writing the output failed: %s\n", g_strerror (errno));
      return EXIT_USAGE;
    }

  warn_if_truncated (argv[1], &status);
  if (status.truncated)
    es_cli_source_say_kept (argv[1]);
  return EXIT_OK;
}

/* "1 run and 2 GCs": @runs and @gcs, named. */
static char *
describe_runs_and_gcs (guint runs,
                       guint gcs)
{
  g_autofree char *n_runs = es_format_count (runs), *n_gcs = es_format_count (gcs);
  g_autofree char *r = g_strdup_printf ("%s %s", n_runs, runs == 1 ? "run" : "runs");
  g_autofree char *g = g_strdup_printf ("%s %s", n_gcs, gcs == 1 ? "GC" : "GCs");

  if (runs > 0 && gcs > 0)
    return g_strdup_printf ("%s and %s", r, g);
  return g_strdup (runs > 0 ? r : g);
}

/* What the log left open, by kind, and where it is closed. */
static void
warn_closed (const char *path,
             EsDocument *document,
             gboolean    cut)
{
  guint runs, gcs, spans;
  g_autofree char *what = NULL;

  es_document_get_closed_at_end (document, &runs, &gcs, &spans);
  what = describe_runs_and_gcs (runs, gcs);
  /* Each cap's buffer is written on its own: in a cut log, a cap's data
   * ends at its own last event, and what it left open ends there. */
  if (runs + gcs > 0 && cut)
    g_printerr ("eventscope-cli: warning: %s: %s %s still open where %s data ended; %s closed at "
                "its capability's last event, and nothing is counted after it\n", path, what,
                runs + gcs == 1 ? "was" : "were", runs + gcs == 1 ? "its capability's" : "their capabilities'",
                runs + gcs == 1 ? "it is" : "each is");
  else if (runs + gcs > 0)
    g_printerr ("eventscope-cli: warning: %s: %s %s still open when the log ended; %s closed at its last "
                "timestamp\n", path, what, runs + gcs == 1 ? "was" : "were", runs + gcs == 1 ? "it is" : "they are");
  if (spans == 1)
    g_printerr ("eventscope-cli: warning: %s: 1 span was never stopped; it ends at the log's last timestamp\n", path);
  else if (spans > 1)
    {
      g_autofree char *n_spans = es_format_count (spans);

      g_printerr ("eventscope-cli: warning: %s: %s spans were never stopped; they end at the log's last timestamp\n",
                  path, n_spans);
    }
}

/* What is left to say once a document is printed: where a cut log stops,
 * as a warning; where a damaged one is damaged, as the log error it is.
 * Returns the exit code. */
static int
finish_document (const char *path,
                 EsDocument *document)
{
  gint64 stop_offset;
  const GError *damage = es_document_get_damage (document);
  gboolean truncated = es_document_is_truncated (document, &stop_offset);
  g_autofree char *stop = es_format_count ((guint64) MAX (stop_offset, 0));

  if (damage != NULL)
    g_printerr ("eventscope-cli: %s: %s; what came before it is shown (the first %s"
                " bytes of the log, unpacked)\n", path, damage->message, stop);
  else if (truncated)
    g_printerr ("eventscope-cli: warning: %s: the log is cut short at byte %s"
                "; the statistics cover what it holds\n", path, stop);
  warn_closed (path, document, damage != NULL || truncated);
  if (damage != NULL || truncated)
    es_cli_source_say_kept (path);
  return damage != NULL ? EXIT_BAD_LOG : EXIT_OK;
}

/* For the commands in other files (es-cli-common.h). */
int
es_cli_report_error (const char   *path,
                     const GError *error)
{
  return report_error (path, error);
}

int
es_cli_finish_document (const char *path,
                        EsDocument *document)
{
  return finish_document (path, document);
}

/* The heap profile's bands over [@t0, @t1] (+RTS -hT, -hc, ...): each
 * band's residency at its largest and on average over the censuses of the
 * interval, largest mean first, so that a CI job can see which one grew.
 * Nothing for a log without censuses. */
static void
append_heap_profile_text (GString    *out,
                          EsDocument *document,
                          guint64     t0,
                          guint64     t1)
{
  const EsHeapProfile *profile = es_heap_profile_get (document);
  g_autoptr(GArray) bands = NULL;
  guint n_censuses;

  if (profile == NULL)
    return;
  bands = es_heap_profile_summarize (profile, t0, t1, &n_censuses);
  g_string_append_printf (out, "\n  Heap profile: %u census%s%s\n", n_censuses, n_censuses == 1 ? "" : "es",
                          bands->len == 0 ? " (none before the interval's end)" : "");
  if (bands->len == 0)
    return;
  g_string_append (out, "         max bytes       mean bytes   band\n");
  for (guint i = 0; i < bands->len; i++)
    {
      const EsHeapBandStats *b = &g_array_index (bands, EsHeapBandStats, i);
      const EsHeapProfileBand *band = es_heap_profile_get_band (profile, b->band);
      g_autofree char *max = es_stats_format_grouped (b->max);
      g_autofree char *mean = es_stats_format_grouped ((guint64) (b->mean + 0.5));

      g_string_append_printf (out, "  %16s %16s   %s\n", max, mean, es_cli_heap_band_name (band));
    }
}

/* The interval --from and --to (each may be NULL) say, where it is
 * known before the log is read: [0, G_MAXUINT64] (the whole run)
 * otherwise. A percentage is of a run not read yet: es_cli_cover_interval()
 * reads the log again for the interval it is. */
static void
statistics_interval (const char *from,
                     const char *to,
                     guint64    *t0,
                     guint64    *t1)
{
  *t0 = 0;
  *t1 = G_MAXUINT64;
  if ((from != NULL && strchr (from, '%') != NULL) || (to != NULL && strchr (to, '%') != NULL) ||
      (from != NULL && !es_time_parse (from, 0, G_MAXUINT64, t0, NULL)) ||
      (to != NULL && !es_time_parse (to, 0, G_MAXUINT64, t1, NULL)))
    {
      *t0 = 0;
      *t1 = G_MAXUINT64;
    }
}

/* Loads @path for the statistics of --from and --to only: in little
 * memory, on every core (es_document_load_for_statistics()). */
EsDocument *
es_cli_load_statistics (const char  *path,
                        const char  *from,
                        const char  *to,
                        GError     **error)
{
  guint64 t0, t1;

  statistics_interval (from, to, &t0, &t1);
  return es_document_load_for_statistics (path, t0, t1, NULL, error);
}

/* Makes sure *@document, loaded by es_cli_load_statistics(), has what the
 * statistics of [@t0, @t1] read (es_document_covers_statistics()): if not
 * (an interval given as a percentage, or from a marker), @path is read
 * again for it; and whole if that is not enough (a profiled run's heap
 * censuses read the runs and GC phases where they began, which a
 * statistics-only read lets go of before it knows of them). */
gboolean
es_cli_cover_interval (const char  *path,
                       EsDocument **document,
                       guint64      t0,
                       guint64      t1,
                       GError     **error)
{
  EsRunPhases phases;
  guint n_censuses;

  if (es_document_covers_statistics (*document, t0, t1))
    return TRUE;
  es_run_phases_find (*document, &phases);
  es_document_get_heap_samples (*document, &n_censuses);
  g_clear_object (document);
  if (!phases.profiled || n_censuses == 0)
    {
      *document = es_document_load_for_statistics (path, t0, t1, NULL, error);
      if (*document == NULL || es_document_covers_statistics (*document, t0, t1))
        return *document != NULL;
      g_clear_object (document);
    }
  *document = es_document_load_file (path, NULL, NULL, NULL, error);
  return *document != NULL;
}

/* Loads @source (a stream is read to its end first, into @record if not
 * NULL: es_cli_source_open()) and reads --from and --to (each may be NULL)
 * against its run: [0, end] by default. An empty interval is refused
 * unless @allow_empty. With @statistics, only the statistics of the
 * interval are to be asked of it (es_cli_load_statistics()). Returns
 * EXIT_OK with *@document set, or the exit code once it has said what is
 * wrong. */
int
es_cli_load_interval (const char  *command,
                      const char  *what,
                      const char  *source,
                      const char  *record,
                      const char  *from,
                      const char  *to,
                      gboolean     allow_empty,
                      gboolean     statistics,
                      EsDocument **document,
                      guint64     *t0,
                      guint64     *t1)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  guint64 end;
  int exit_code;

  exit_code = es_cli_source_open (source, record, &path);
  if (exit_code != EXIT_OK)
    return exit_code;
  if (statistics)
    *document = es_cli_load_statistics (path, from, to, &error);
  else
    *document = es_document_load_file (path, NULL, NULL, NULL, &error);
  if (*document == NULL)
    return report_error (source, error);

  end = es_document_get_end_time (*document);
  /* A log without events has no time to choose an interval of. */
  if (!allow_empty && es_document_get_n_events (*document) == 0)
    {
      g_printerr ("eventscope-cli %s: %s: the log holds no events, so there is no %s to %s\n", command, source,
                  what, g_str_equal (command, "export") ? "draw" : "profile");
      return EXIT_USAGE;
    }
  *t0 = 0;
  *t1 = end;
  if ((from != NULL && !es_time_parse (from, 0, end, t0, &error)) ||
      (to != NULL && !es_time_parse (to, 0, end, t1, &error)))
    {
      g_printerr ("eventscope-cli %s: %s\n", command, error->message);
      return EXIT_USAGE;
    }
  if (*t1 < *t0 || (!allow_empty && *t1 == *t0))
    {
      g_printerr ("eventscope-cli %s: the %s ends (--to) before it starts (--from)\n", command, what);
      return EXIT_USAGE;
    }
  if (statistics && !es_cli_cover_interval (path, document, *t0, *t1, &error))
    return report_error (source, error);
  return EXIT_OK;
}

/* Prints the summary of [@t0, @t1] of @document, read from @source, as
 * text or JSON, then what finish_document() says. Returns the exit code.
 * `watch` ends with it, so that its summary is `summary`'s, byte for byte. */
int
es_cli_print_summary (const char *source,
                      EsDocument *document,
                      guint64     t0,
                      guint64     t1,
                      gboolean    json)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (json)
    {
      g_auto(EsStatsFigures) figures = { 0 };
      g_autoptr(EsMonoProfile) mono_profile = es_cli_json_load_mono_profile (source, document);
      EsCliJsonRun run = { source, document, &figures, NULL, 0, mono_profile };

      es_stats_figures_compute (document, t0, t1, &figures);
      es_cli_json_append_summary (text, &run);
    }
  else
    {
      g_auto(EsStats) stats = { 0 };

      es_stats_compute (document, t0, t1, &stats);
      if (es_document_get_format (document) == ES_DOCUMENT_MONO_LOG)
        es_stats_append_mono_text (&stats, document, text);
      else
        es_stats_append_text (&stats, document, text);
      append_heap_profile_text (text, document, t0, t1);
    }
  fputs (text->str, stdout);
  if (fflush (stdout) != 0)
    {
      g_printerr ("eventscope-cli: writing the output failed: %s\n", g_strerror (errno));
      return EXIT_USAGE;
    }
  return finish_document (source, document);
}

static int
run_summary (int    argc,
             char **argv)
{
  g_autofree char *from = NULL, *to = NULL, *record = NULL;
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "from", 0, 0, G_OPTION_ARG_STRING, &from, "Start of the interval (1.5s, 200ms, 37us, 12ns, 25%)", "T" },
    { "to", 0, 0, G_OPTION_ARG_STRING, &to, "End of the interval (default: the end of the run)", "T" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print JSON (see eventscope-cli(1)) instead of text", NULL },
    { "record", 0, 0, G_OPTION_ARG_FILENAME, &record, "Keep the bytes of a stream in FILE", "FILE" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("SOURCE");
  g_autoptr(GError) error = NULL;
  g_autoptr(EsDocument) document = NULL;
  guint64 t0, t1;
  int exit_code;

  g_option_context_set_summary (context,
                                "Print the +RTS -s statistics of a GHC eventlog, for the whole run\n"
                                "or for an interval. Times count from the start of the program.\n"
                                "SOURCE is a file, a FIFO, - (standard input), unix:PATH or tcp:HOST:PORT.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("eventscope-cli summary: %s\n", error->message);
      return EXIT_USAGE;
    }
  if (argc != 2)
    {
      g_printerr ("Usage: eventscope-cli summary [--from T] [--to T] [--json] [--record FILE] SOURCE\n");
      return EXIT_USAGE;
    }

  exit_code = es_cli_load_interval ("summary", "interval", argv[1], record, from, to, TRUE, TRUE, &document,
                                    &t0, &t1);
  if (exit_code != EXIT_OK)
    return exit_code;
  return es_cli_print_summary (argv[1], document, t0, t1, json);
}

#if ES_HAVE_EXPORT
static int
run_export (int    argc,
            char **argv)
{
  g_autofree char *from = NULL, *to = NULL, *view_name = NULL, *record = NULL;
  g_auto(GStrv) counter_names = NULL;
  g_autoptr(GArray) counters = NULL;
  int width = 1600;
  gboolean dark = FALSE;
  const GOptionEntry entries[] = {
    { "view", 0, 0, G_OPTION_ARG_STRING, &view_name, "timeline (default), or profile: the flame graph of the span's time profile", "VIEW" },
    { "from", 0, 0, G_OPTION_ARG_STRING, &from, "Start of the span drawn (1.5s, 200ms, 37us, 12ns, 25%)", "T" },
    { "to", 0, 0, G_OPTION_ARG_STRING, &to, "End of the span drawn (default: the end of the run)", "T" },
    { "width", 0, 0, G_OPTION_ARG_INT, &width, "Width of the picture in pixels (default 1600)", "W" },
    { "dark", 0, 0, G_OPTION_ARG_NONE, &dark, "Dark theme colours", NULL },
    { "counter", 0, 0, G_OPTION_ARG_STRING_ARRAY, &counter_names,
      "A Mono log's runtime counter to draw as a row under Heap (repeat for more): SECTION/NAME or NAME", "NAME" },
    { "record", 0, 0, G_OPTION_ARG_FILENAME, &record, "Keep the bytes of a stream in FILE", "FILE" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("SOURCE OUT.png|OUT.svg|OUT.pdf");
  g_autoptr(GError) error = NULL;
  g_autoptr(EsDocument) document = NULL;
  EsTimelineView view = { 0 };
  guint64 t0, t1;
  int exit_code;

  g_option_context_set_summary (context,
                                "Draw the timeline of a GHC eventlog, as the viewer shows it, to a PNG,\n"
                                "SVG or PDF file: the whole run, or the span from --from to --to.\n"
                                "SOURCE is a file, a FIFO, - (standard input), unix:PATH or tcp:HOST:PORT.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("eventscope-cli export: %s\n", error->message);
      return EXIT_USAGE;
    }
  if (argc != 3)
    {
      g_printerr ("Usage: eventscope-cli export [--view timeline|profile] [--from T] [--to T] [--width W] [--dark] [--counter NAME...] [--record FILE] SOURCE OUT.{png,svg,pdf}\n");
      return EXIT_USAGE;
    }
  if (width <= ES_TIMELINE_GUTTER || width > 32767)
    {
      g_printerr ("eventscope-cli export: --width must be from %d to 32767 pixels\n", ES_TIMELINE_GUTTER + 1);
      return EXIT_USAGE;
    }

  if (view_name != NULL && !g_str_equal (view_name, "timeline") && !g_str_equal (view_name, "profile"))
    {
      g_printerr ("eventscope-cli export: --view must be timeline or profile, not \"%s\"\n", view_name);
      return EXIT_USAGE;
    }

  exit_code = es_cli_load_interval ("export", "span", argv[1], record, from, to, FALSE, FALSE, &document, &t0, &t1);
  if (exit_code != EXIT_OK)
    return exit_code;
  if (view_name != NULL && g_str_equal (view_name, "profile"))
    {
      exit_code = es_cli_export_profile (document, argv[1], t0, t1, width, dark, argv[2]);
      return exit_code != EXIT_OK ? exit_code : finish_document (argv[1], document);
    }

  counters = es_timeline_choose_counters (document, (const char * const *) counter_names);
  for (guint i = 0; counter_names != NULL && counter_names[i] != NULL; i++)
    if (es_timeline_find_counter (document, counter_names[i]) == G_MAXUINT)
      {
        g_printerr ("eventscope-cli export: the log has no counter \"%s\"%s\n", counter_names[i],
                    es_document_get_n_counters (document) > 0 ? " (summary --json lists them)" : "");
        return EXIT_USAGE;
      }
  view = (EsTimelineView) { document, t0, t1, width - ES_TIMELINE_GUTTER, dark };
  if (!es_timeline_export (&view, ES_TIMELINE_DEFAULT_ROWS, counters, argv[2], &error))
    {
      g_printerr ("eventscope-cli export: %s\n", error->message);
      return EXIT_USAGE;
    }
  return finish_document (argv[1], document);
}

#endif

static void
print_usage (FILE *stream)
{
  fprintf (stream,
           "Usage: eventscope-cli COMMAND [OPTIONS] SOURCE\n"
           "\n"
           "A SOURCE is a log file, a FIFO, - (standard input), unix:PATH or tcp:HOST:PORT\n"
           "(a socket, as eventlog-socket serves it). A stream is read to its end; --record FILE\n"
           "keeps its bytes.\n"
           "\n"
           "Commands:\n"
           "  dump SOURCE   print every event, as `ghc-events show` does\n"
           "  summary [--from T] [--to T] [--json] SOURCE\n"
           "                print the +RTS -s statistics, for the run or an interval\n"
           "  compare [--from T] [--to T] [--align-marker NAME] [--threshold PERCENT] [--json] A B\n"
           "                print the statistics of two runs side by side, with the\n"
           "                difference, the ratio and what is better or worse\n"
#if ES_HAVE_EXPORT
           "  export [--view timeline|profile] [--from T] [--to T] [--width W] [--dark] [--counter NAME...] SOURCE OUT.{png,svg,pdf}\n"
           "                draw the timeline, as the viewer shows it, or the flame graph, to a picture\n"
#endif
           "  profile [--calls] [--thread ID] [--from T] [--to T] [--folded | --speedscope OUT.json] SOURCE\n"
           "                where the time went: the cost-centre samples of a -prof run\n"
           "  report [--reports=LIST] [--method-sort=MODE] [--alloc-sort=MODE] [--traces] [--maxframes=NUM]\n"
           "         [--from T] [--to T] LOG.mlpd\n"
           "                print what mprof-report prints of a Mono log, for the run or an interval\n"
           "  watch [--interval T] [--record FILE] [--memory-limit SIZE] SOURCE\n"
           "                follow a running program: a line per interval (1s by default),\n"
           "                then, at its end or on Ctrl+C, the summary of the whole run\n"
           "\n"
           "Options:\n"
           "  -h, --help     show this help (COMMAND --help for a command's options)\n"
           "  --version      show the version\n");
}

int
main (int    argc,
      char **argv)
{
  static char stdout_buffer[1 << 16];

  /* Before anything opens a file: a closed standard stream must not be
   * taken by one. */
  es_live_source_guard_standard_streams ();
  es_vec_fit_address_space_limit ();
  /* A record past the file size limit (ulimit -f) is a write error, said
   * with its path, not a death by signal. */
  signal (SIGXFSZ, SIG_IGN);
  setlocale (LC_ALL, "");
  setvbuf (stdout, stdout_buffer, _IOFBF, sizeof stdout_buffer);

  if (argc < 2)
    {
      print_usage (stderr);
      return EXIT_USAGE;
    }
  if (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h") || g_str_equal (argv[1], "help"))
    {
      print_usage (stdout);
      return EXIT_OK;
    }
  if (g_str_equal (argv[1], "--version"))
    {
      printf ("eventscope-cli %s\n", PACKAGE_VERSION);
      return EXIT_OK;
    }
  if (g_str_equal (argv[1], "dump"))
    return es_cli_source_finish (run_dump (argc - 1, argv + 1));
  if (g_str_equal (argv[1], "summary"))
    return es_cli_source_finish (run_summary (argc - 1, argv + 1));
  if (g_str_equal (argv[1], "compare"))
    return es_cli_source_finish (es_cli_run_compare (argc - 1, argv + 1));
  if (g_str_equal (argv[1], "profile"))
    return es_cli_source_finish (es_cli_run_profile (argc - 1, argv + 1));
  if (g_str_equal (argv[1], "report"))
    return es_cli_source_finish (es_cli_run_report (argc - 1, argv + 1));
  if (g_str_equal (argv[1], "watch"))
    return es_cli_run_watch (argc - 1, argv + 1);
#if ES_HAVE_EXPORT
  if (g_str_equal (argv[1], "export"))
    return es_cli_source_finish (run_export (argc - 1, argv + 1));
#endif

  g_printerr ("eventscope-cli: unknown command \"%s\"\n\n", argv[1]);
  print_usage (stderr);
  return EXIT_USAGE;
}
