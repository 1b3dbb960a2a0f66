/* es-cli-profile.c: eventscope-cli profile, where the time went
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <gio/gio.h>

#include "es-cli-common.h"
#include "es-cli-profile.h"
#include "es-document.h"
#if ES_HAVE_EXPORT
#include "es-flame-graph.h"
#endif
#include "es-profile.h"
#include "es-time.h"

/* A frame's name where a ';' or a line break would break the folded
 * format (a cost centre's label is whatever an SCC pragma says). */
static void
append_folded_name (const EsProfileFrame *frame,
                    GString              *out)
{
  gsize start = out->len;

  es_profile_append_frame_name (frame, out);
  for (gsize i = start; i < out->len; i++)
    if (out->str[i] == ';' || (guchar) out->str[i] < 0x20)
      out->str[i] = '_';
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* One line per stack with samples of its own, "outer;...;inner count", in
 * byte order, as flamegraph.pl's and inferno's stack collapsers print. */
static void
print_folded (const EsProfile *profile,
              FILE            *out)
{
  const EsProfileFrame *frames = (const EsProfileFrame *) (gpointer) es_profile_get_frames (profile)->data;
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) path = g_string_new (NULL);
  g_autofree gsize *ends = g_new (gsize, es_profile_get_frames (profile)->len + 1);

  /* Pre-order: a frame's path is its parent's, which is still in @path. */
  for (guint i = 0; i < es_profile_get_frames (profile)->len; i++)
    {
      const EsProfileFrame *f = &frames[i];

      g_string_truncate (path, f->depth > 0 ? ends[f->depth - 1] : 0);
      if (f->depth > 0)
        g_string_append_c (path, ';');
      append_folded_name (f, path);
      ends[f->depth] = path->len;
      if (f->individual > 0)
        g_ptr_array_add (lines, g_strdup_printf ("%s %" G_GUINT64_FORMAT, path->str, f->individual));
    }
  g_ptr_array_sort (lines, compare_strings);
  for (guint i = 0; i < lines->len; i++)
    fprintf (out, "%s\n", (const char *) g_ptr_array_index (lines, i));
}

static double
percent (guint64 part,
         guint64 whole)
{
  return whole > 0 ? 100.0 * (double) part / (double) whole : 0.0;
}

static const char *
label_of (const EsProfileFrame *f)
{
  return f->cc != NULL ? f->cc->label : f->stack == ES_PROF_EMPTY_STACK ? "MAIN" : "?";
}

static double
ms (guint64 ns)
{
  return (double) ns / 1e6;
}

/* Call time's two tables: methods by their self time, with their total
 * (mprof-report's Method call summary, its times in ms with decimals),
 * then the tree of call stacks. */
static void
print_call_time_table (const EsProfile *profile,
                       const char      *path,
                       double           from,
                       double           to,
                       int              w_label,
                       FILE            *out)
{
  const EsProfileFrame *frames = (const EsProfileFrame *) (gpointer) es_profile_get_frames (profile)->data;
  guint64 total = profile->n_samples;

  fprintf (out, "\tCall time of %s, from %.6fs to %.6fs\n\n", path, from, to);
  fprintf (out, "\ttotal time = %.3f ms (every thread's time in calls, as mprof-report's Method call summary counts it)\n"
           "\tpercentages are of that time\n\n", ms (total));
  fprintf (out, "%-*s  %6s %12s %12s\n\n", w_label, "METHOD", "%self", "self(ms)", "total(ms)");
  for (guint i = 0; i < profile->cost_centres->len; i++)
    {
      const EsProfileCostCentre *c = &g_array_index (profile->cost_centres, EsProfileCostCentre, i);
      g_autoptr(GString) name = g_string_new (NULL);

      es_profile_append_cost_centre_name (c, name);
      fprintf (out, "%-*s  %6.1f %12.3f %12.3f\n", w_label, name->str, percent (c->individual, total),
               ms (c->individual), ms (c->inherited));
    }
  fprintf (out, "\n\n%*s  %-19s %-19s\n", w_label, "", "       self", "       total");
  fprintf (out, "%-*s  %6s %12s %6s %12s\n\n", w_label, "CALL STACK", "%time", "ms", "%time", "ms");
  for (guint i = 0; i < es_profile_get_frames (profile)->len; i++)
    {
      const EsProfileFrame *f = &frames[i];
      g_autoptr(GString) name = g_string_new (NULL);

      es_profile_append_frame_name (f, name);
      fprintf (out, "%*s%-*s  %6.1f %12.3f %6.1f %12.3f\n", (int) f->depth, "", w_label - (int) f->depth, name->str,
               percent (f->individual, total), ms (f->individual), percent (f->inherited, total), ms (f->inherited));
    }
}

/* The two tables of the RTS's `.prof`: cost centres by their own time,
 * then the tree of stacks. */
static void
print_table (EsDocument      *document,
             const EsProfile *profile,
             const char      *path,
             FILE            *out)
{
  const EsProfileFrame *frames = (const EsProfileFrame *) (gpointer) es_profile_get_frames (profile)->data;
  guint64 tick = es_document_get_prof_tick_interval (document, ES_PROF_SAMPLES);
  guint64 total = profile->n_samples;
  int w_label = (int) strlen ("COST CENTRE"), w_module = (int) strlen ("MODULE"), w_src = (int) strlen ("SRC");
  double from = (double) profile->t0 / 1e9;
  double to = (double) MIN (profile->t1, es_document_get_end_time (document)) / 1e9;

  for (guint i = 0; i < es_profile_get_frames (profile)->len; i++)
    {
      const EsProfileFrame *f = &frames[i];

      w_label = MAX (w_label, (int) (f->depth + strlen (label_of (f))));
      w_module = MAX (w_module, (int) strlen (f->cc != NULL ? f->cc->module : "MAIN"));
      w_src = MAX (w_src, (int) strlen (f->cc != NULL ? f->cc->srcloc : ""));
    }

  if (profile->weighted)
    {
      print_call_time_table (profile, path, from, to, w_label, out);
      return;
    }
  fprintf (out, "\tTime profile of %s, from %.6fs to %.6fs\n\n", path, from, to);
  /* A Mono log's samples are the statistical samples' hits, as
   * mprof-report counts them: every one is under the root. */
  if (es_document_get_format (document) == ES_DOCUMENT_MONO_LOG)
    fprintf (out, "\ttotal ticks = %" G_GUINT64_FORMAT " (the statistical samples' hits, as mprof-report counts them)",
             total);
  else
    fprintf (out, "\ttotal ticks = %" G_GUINT64_FORMAT " (%" G_GUINT64_FORMAT " under MAIN, as the RTS's .prof counts; "
             "%" G_GUINT64_FORMAT " in GC and the RTS's other own stacks)", total, profile->n_main, total - profile->n_main);
  if (tick > 0)
    fprintf (out, " @ %" G_GUINT64_FORMAT " us", tick / 1000);
  fprintf (out, "\n\tpercentages are of all %" G_GUINT64_FORMAT " ticks\n\n", total);

  fprintf (out, "%-*s %-*s %-*s  %6s %8s\n\n", w_label, "COST CENTRE", w_module, "MODULE", w_src, "SRC", "%time", "ticks");
  for (guint i = 0; i < profile->cost_centres->len; i++)
    {
      const EsProfileCostCentre *c = &g_array_index (profile->cost_centres, EsProfileCostCentre, i);
      g_autoptr(GString) name = g_string_new (NULL);

      if (c->individual == 0)
        break;
      if (c->cc != NULL)
        g_string_append (name, c->cc->label);
      else
        es_profile_append_cost_centre_name (c, name);
      fprintf (out, "%-*s %-*s %-*s  %6.1f %8" G_GUINT64_FORMAT "\n", w_label, name->str,
               w_module, c->cc != NULL ? c->cc->module : "MAIN", w_src, c->cc != NULL ? c->cc->srcloc : "",
               percent (c->individual, total), c->individual);
    }

  fprintf (out, "\n\n%*s %*s  %-15s %-15s\n", w_label, "", w_module + w_src + 1, "", "  individual", "  inherited");
  fprintf (out, "%-*s %-*s %-*s  %6s %8s %6s %8s\n\n", w_label, "COST CENTRE", w_module, "MODULE", w_src, "SRC",
           "%time", "ticks", "%time", "ticks");
  for (guint i = 0; i < es_profile_get_frames (profile)->len; i++)
    {
      const EsProfileFrame *f = &frames[i];

      fprintf (out, "%*s%-*s %-*s %-*s  %6.1f %8" G_GUINT64_FORMAT " %6.1f %8" G_GUINT64_FORMAT "\n",
               (int) f->depth, "", w_label - (int) f->depth, label_of (f),
               w_module, f->cc != NULL ? f->cc->module : "MAIN", w_src, f->cc != NULL ? f->cc->srcloc : "",
               percent (f->individual, total), f->individual, percent (f->inherited, total), f->inherited);
    }
}

/* speedscope's file is written by hand, unlike summary's JSON (json-glib):
 * its samples are a node per frame of every sample in json-glib, and
 * 100,000 samples 30 frames deep took json-glib 294 MB and 8.1 s where
 * this takes 18 MB and 3.8 s (measured on this machine, under load). */
static void
append_json_string (GString    *out,
                    const char *text)
{
  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;

      if (c == '"' || c == '\\')
        g_string_append_printf (out, "\\%c", c);
      else if (c < 0x20)
        g_string_append_printf (out, "\\u%04x", c);
      else
        g_string_append_c (out, (char) c);
    }
  g_string_append_c (out, '"');
}

/* "file.hs:12:3-40" or "file.hs:(12,3)-(14,9)": the file, line and column
 * speedscope links to. FALSE for "<built-in>" and the like. */
static gboolean
parse_srcloc (const char  *srcloc,
              char       **file,
              guint       *line,
              guint       *col)
{
  const char *colon = srcloc != NULL ? strchr (srcloc, ':') : NULL;
  const char *p;
  char *end;

  if (colon == NULL || colon == srcloc)
    return FALSE;
  p = colon + 1;
  if (*p == '(')
    p++;
  *line = (guint) strtoul (p, &end, 10);
  if (end == p || (*end != ':' && *end != ','))
    return FALSE;
  p = end + 1;
  *col = (guint) strtoul (p, &end, 10);
  if (end == p)
    return FALSE;
  *file = g_strndup (srcloc, (gsize) (colon - srcloc));
  return TRUE;
}

/* A speedscope profile's name: a Mono log's rows are its threads, by
 * name; a GHC log's its capabilities. */
static const char *
profile_name (EsDocument  *document,
              guint        cap,
              char       **buffer)
{
  const char *label = es_document_get_format (document) == ES_DOCUMENT_MONO_LOG
                      ? es_document_get_cap_label (document, cap) : NULL;

  if (label != NULL)
    return label;
  *buffer = g_strdup_printf ("capability %u", cap);
  return *buffer;
}

/* One speedscope profile being written: its samples (each a list of
 * frame indexes) and their weights. */
typedef struct
{
  GString   *samples;
  GString   *weights;
  guint64    sum;
  guint64    t0, t1;
  GPtrArray *stacks;        /* per document stack: its frames' list */
} SpeedscopeProfile;

static void
add_speedscope_sample (SpeedscopeProfile *one,
                       guint32            stack,
                       guint64            weight)
{
  g_string_append_printf (one->samples, "%s[%s]", one->sum > 0 ? "," : "",
                          (const char *) g_ptr_array_index (one->stacks, stack));
  g_string_append_printf (one->weights, "%s%" G_GUINT64_FORMAT, one->sum > 0 ? "," : "", weight);
  one->sum += weight;
}

static void
add_speedscope_stretch (guint64  start,
                        guint64  length,
                        guint32  stack,
                        gpointer data)
{
  SpeedscopeProfile *one = data;
  guint64 from = MAX (start, one->t0), to = MIN (start + length, one->t1);

  if (to > from && g_ptr_array_index (one->stacks, stack) != NULL)
    add_speedscope_sample (one, stack, to - from);
}

/* Appends @one as a sampled profile named after row @cap, and frees it. */
static void
append_speedscope_profile (GString           *json,
                           EsDocument        *document,
                           guint              cap,
                           const char        *unit,
                           SpeedscopeProfile *one)
{
  g_autofree char *name_buffer = NULL;

  g_string_append (json, json->str[json->len - 1] == '[' ? "{\"type\":\"sampled\",\"name\":"
                                                          : ",{\"type\":\"sampled\",\"name\":");
  append_json_string (json, profile_name (document, cap, &name_buffer));
  g_string_append_printf (json, ",\"unit\":\"%s\",\"startValue\":0,\"endValue\":%" G_GUINT64_FORMAT ",\"samples\":[",
                          unit, one->sum);
  g_string_append_len (json, one->samples->str, (gssize) one->samples->len);
  g_string_append (json, "],\"weights\":[");
  g_string_append_len (json, one->weights->str, (gssize) one->weights->len);
  g_string_append (json, "]}");
  g_string_free (one->samples, TRUE);
  g_string_free (one->weights, TRUE);
}

/* speedscope's file format (https://www.speedscope.app/file-format-schema.json):
 * a frame per cost centre, and per capability a sampled profile of the
 * interval's samples in time order, each weighing one tick. */
static gboolean
write_speedscope (EsDocument      *document,
                  const EsProfile *profile,
                  const char      *log_path,
                  const char      *path,
                  GError         **error)
{
  const EsProfileFrame *frames = (const EsProfileFrame *) (gpointer) es_profile_get_frames (profile)->data;
  guint n_samples, n_stacks, n_caps = 0;
  const EsProfSample *samples = es_document_get_prof_samples (document, profile->kind, &n_samples);
  g_autoptr(GString) json = g_string_new (NULL);
  g_autoptr(GHashTable) frame_ids = g_hash_table_new (NULL, NULL);   /* cost centre + 1 -> index + 1 */
  g_autoptr(GPtrArray) stacks = g_ptr_array_new_with_free_func (g_free);  /* per document stack */
  g_autofree guint32 *speedscope_frame = g_new (guint32, MAX (es_profile_get_frames (profile)->len, 1));
  g_autofree char *name = g_path_get_basename (log_path);
  guint64 tick = es_document_get_prof_tick_interval (document, profile->kind);
  guint n_frames = 0;

  es_document_get_prof_stacks (document, profile->kind, &n_stacks);
  g_ptr_array_set_size (stacks, n_stacks);

  g_string_append (json, "{\"$schema\":\"https://www.speedscope.app/file-format-schema.json\",\"version\":\"0.7.0\",\"name\":");
  append_json_string (json, name);
  g_string_append (json, ",\"exporter\":\"eventscope-cli " PACKAGE_VERSION "\",\"shared\":{\"frames\":[");
  for (guint i = 0; i < es_profile_get_frames (profile)->len; i++)
    {
      const EsProfileFrame *f = &frames[i];
      gpointer key = GUINT_TO_POINTER (f->cost_centre + 1u);
      guint index = GPOINTER_TO_UINT (g_hash_table_lookup (frame_ids, key));
      g_autoptr(GString) label = g_string_new (NULL);
      g_autofree char *file = NULL;
      guint line, col;

      if (index == 0)
        {
          index = ++n_frames;
          g_hash_table_insert (frame_ids, key, GUINT_TO_POINTER (index));
          es_profile_append_frame_name (f, label);
          g_string_append (json, index > 1 ? ",{\"name\":" : "{\"name\":");
          append_json_string (json, label->str);
          if (f->cc != NULL && parse_srcloc (f->cc->srcloc, &file, &line, &col))
            {
              g_string_append (json, ",\"file\":");
              append_json_string (json, file);
              g_string_append_printf (json, ",\"line\":%u,\"col\":%u", line, col);
            }
          g_string_append_c (json, '}');
        }
      speedscope_frame[i] = index - 1;
      /* Each stack's speedscope frames, outermost first, for the samples. */
        {
          g_autoptr(GString) list = g_string_new (NULL);
          g_autofree guint32 *path_frames = g_new (guint32, f->depth + 1);
          guint32 up = i;

          for (guint d = f->depth + 1; d > 0; d--, up = frames[up].parent)
            path_frames[d - 1] = speedscope_frame[up];
          for (guint d = 0; d <= f->depth; d++)
            g_string_append_printf (list, d > 0 ? ",%u" : "%u", path_frames[d]);
          g_ptr_array_index (stacks, f->stack) = g_string_free (g_steal_pointer (&list), FALSE);
        }
    }
  g_string_append (json, "]},\"profiles\":[");

  if (profile->kind == ES_PROF_CALL_TIME)
    {
      /* a profile per thread, its stretches weighing their time in the
       * interval (cut at its ends) */
      for (guint s = 0; s < es_document_get_n_call_streams (document); s++)
        {
          SpeedscopeProfile one = { g_string_new (NULL), g_string_new (NULL), 0, profile->t0, profile->t1, stacks };
          guint cap = es_document_get_call_stream_cap (document, s);

          if (profile->cap != ES_PROFILE_ALL_CAPS && cap != profile->cap)
            continue;
          es_document_walk_call_time (document, s, profile->t0, profile->t1, add_speedscope_stretch, &one);
          append_speedscope_profile (json, document, cap, "nanoseconds", &one);
        }
    }
  else
    for (guint i = 0; i < n_samples; i++)
      n_caps = MAX (n_caps, samples[i].cap + 1u);
  for (guint cap = 0; cap < n_caps; cap++)
    {
      SpeedscopeProfile one = { g_string_new (NULL), g_string_new (NULL), 0, profile->t0, profile->t1, stacks };

      if (profile->cap != ES_PROFILE_ALL_CAPS && cap != profile->cap)
        {
          g_string_free (one.samples, TRUE);
          g_string_free (one.weights, TRUE);
          continue;
        }
      /* Samples weigh a tick each; the profile spans their sum. */
      for (guint i = 0; i < n_samples && samples[i].time < profile->t1; i++)
        if (samples[i].cap == cap && samples[i].time >= profile->t0)
          add_speedscope_sample (&one, samples[i].stack, tick > 0 ? tick : 1);
      append_speedscope_profile (json, document, cap, tick > 0 ? "nanoseconds" : "none", &one);
    }
  g_string_append (json, "]}\n");

  return g_file_set_contents (path, json->str, (gssize) json->len, error);
}

/* Loads @path and reads --from and --to against its run, as the other
 * commands do (es_cli_load_interval()), except that without --to the
 * interval takes in a sample at the very last timestamp. */
static int
load_profile (const char  *path,
              const char  *record,
              const char  *from,
              const char  *to,
              EsDocument **document,
              guint64     *t0,
              guint64     *t1)
{
  int exit_code = es_cli_load_interval ("profile", "interval", path, record, from, to, FALSE, FALSE, document, t0,
                                        t1);

  /* --to at the end of the run keeps a sample at its last timestamp. */
  if (exit_code == EXIT_OK && *t1 >= es_document_get_end_time (*document))
    *t1 = G_MAXUINT64;
  return exit_code;
}

/* The row --thread names: a Mono thread's name, or a row's number (a
 * GHC capability's, from 0); G_MAXUINT if none. */
static guint
find_cap (EsDocument *document,
          const char *name)
{
  guint n_caps = es_document_get_n_caps (document);
  guint64 number;

  for (guint cap = 0; cap < n_caps; cap++)
    if (g_strcmp0 (es_document_get_cap_label (document, cap), name) == 0)
      return cap;
  if (g_ascii_string_to_unsigned (name, 10, 0, n_caps > 0 ? n_caps - 1 : 0, &number, NULL))
    return (guint) number;
  return G_MAXUINT;
}

/**
 * es_cli_run_profile:
 *
 * `eventscope-cli profile [--calls] [--thread ID] [--from T] [--to T] [--folded | --speedscope OUT.json] FILE`
 */
int
es_cli_run_profile (int    argc,
                    char **argv)
{
  g_autofree char *from = NULL, *to = NULL, *speedscope = NULL, *record = NULL, *thread = NULL;
  gboolean folded = FALSE, calls = FALSE;
  guint cap = ES_PROFILE_ALL_CAPS;
  const GOptionEntry entries[] = {
    { "calls", 0, 0, G_OPTION_ARG_NONE, &calls, "A Mono log's call time (from its calls) instead of its samples; --folded counts ns", NULL },
    { "thread", 0, 0, G_OPTION_ARG_STRING, &thread, "Only this thread's (a Mono thread's name) or capability's (a number) samples", "ID" },
    { "from", 0, 0, G_OPTION_ARG_STRING, &from, "Start of the interval (1.5s, 200ms, 37us, 12ns, 25%)", "T" },
    { "to", 0, 0, G_OPTION_ARG_STRING, &to, "End of the interval, not included (default: the end of the run)", "T" },
    { "folded", 0, 0, G_OPTION_ARG_NONE, &folded, "Print folded stacks (\"a;b;c 42\"), for flamegraph.pl or inferno", NULL },
    { "speedscope", 0, 0, G_OPTION_ARG_FILENAME, &speedscope, "Write the samples in speedscope's format to OUT.json", "OUT.json" },
    { "record", 0, 0, G_OPTION_ARG_FILENAME, &record, "Keep the bytes of a stream in FILE", "FILE" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("SOURCE");
  g_autoptr(GError) error = NULL;
  g_autoptr(EsDocument) document = NULL;
  g_autoptr(EsProfile) profile = NULL;
  guint n_samples;
  guint64 t0, t1;
  int exit_code;

  g_option_context_set_summary (context,
                                "Print where the time went, from the cost-centre stacks a profiled program\n"
                                "(built with -prof, run with +RTS -p -l) sampled at every tick: a table like\n"
                                "the RTS's .prof file, for the whole run or an interval. A Mono log's\n"
                                "statistical samples (mono --profile=log:sample) are its profile, and with\n"
                                "--calls its call time (log:calls): each method's total and self time.\n"
                                "SOURCE is a file, a FIFO, - (standard input), unix:PATH or tcp:HOST:PORT.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("eventscope-cli profile: %s\n", error->message);
      return EXIT_USAGE;
    }
  if (argc != 2 || (folded && speedscope != NULL))
    {
      g_printerr ("Usage: eventscope-cli profile [--calls] [--thread ID] [--from T] [--to T] [--folded | --speedscope OUT.json] [--record FILE] SOURCE\n");
      return EXIT_USAGE;
    }

  exit_code = load_profile (argv[1], record, from, to, &document, &t0, &t1);
  if (exit_code != EXIT_OK)
    return exit_code;
  es_document_get_prof_samples (document, ES_PROF_SAMPLES, &n_samples);
  if (calls && !es_document_has_call_time (document))
    {
      g_printerr ("eventscope-cli profile: %s has no calls: they come from a program "
                  "run with mono --profile=log:calls\n", argv[1]);
      return EXIT_USAGE;
    }
  if (n_samples == 0 && !calls)
    {
      if (es_document_get_format (document) == ES_DOCUMENT_MONO_LOG)
        g_printerr ("eventscope-cli profile: %s has no statistical samples: they come from a program "
                    "run with mono --profile=log:sample%s\n", argv[1],
                    es_document_has_call_time (document) ? " (it has calls: see --calls)" : "");
      else
        g_printerr ("eventscope-cli profile: %s has no time-profile samples: they come from a program "
                    "built with -prof and run with +RTS -p -l\n", argv[1]);
      return EXIT_USAGE;
    }

  if (thread != NULL && (cap = find_cap (document, thread)) == G_MAXUINT)
    {
      g_printerr ("eventscope-cli profile: %s has no thread or capability \"%s\"\n", argv[1], thread);
      return EXIT_USAGE;
    }
  profile = es_profile_new_for (document, calls ? ES_PROF_CALL_TIME : ES_PROF_SAMPLES, cap, t0, t1);
  if (speedscope != NULL)
    {
      if (!write_speedscope (document, profile, argv[1], speedscope, &error))
        {
          g_printerr ("eventscope-cli profile: %s\n", error->message);
          return EXIT_USAGE;
        }
    }
  else if (folded)
    print_folded (profile, stdout);
  else
    print_table (document, profile, argv[1], stdout);

  if (fflush (stdout) != 0 || ferror (stdout))
    {
      g_printerr ("eventscope-cli: writing the output failed: %s\n", g_strerror (errno));
      return EXIT_USAGE;
    }
  /* A cut or damaged log's profile is of what it holds, then said so. */
  return es_cli_finish_document (argv[1], document);
}

#if ES_HAVE_EXPORT
/* Cairo's largest image side. */
#define MAX_HEIGHT 32767

/**
 * es_cli_export_profile:
 *
 * `eventscope-cli export --view profile`: the flame graph of [@t0, @t1)
 * (to the end of the run's samples if @t1 is its end), @width pixels wide
 * and as tall as its deepest stack, to @out.
 *
 * Returns: the exit code, once it has said what is wrong
 */
int
es_cli_export_profile (EsDocument *document,
                       const char *log_path,
                       guint64     t0,
                       guint64     t1,
                       int         width,
                       gboolean    dark,
                       const char *out)
{
  g_autoptr(EsProfile) profile = NULL;
  g_autoptr(GError) error = NULL;
  EsFlameGraphView view = { NULL, ES_PROFILE_NO_FRAME, width, 0, dark, NULL };
  guint n_samples;

  es_document_get_prof_samples (document, ES_PROF_SAMPLES, &n_samples);
  if (n_samples == 0)
    {
      if (es_document_get_format (document) == ES_DOCUMENT_MONO_LOG)
        g_printerr ("eventscope-cli export: %s has no statistical samples to draw: they come from a program "
                    "run with mono --profile=log:sample\n", log_path);
      else
        g_printerr ("eventscope-cli export: %s has no time-profile samples to draw: they come from a program "
                    "built with -prof and run with +RTS -p -l\n", log_path);
      return EXIT_USAGE;
    }
  profile = es_profile_new (document, t0, t1 >= es_document_get_end_time (document) ? G_MAXUINT64 : t1);
  view.profile = profile;
  view.height = CLAMP (es_flame_graph_natural_height (profile), ES_FLAME_GRAPH_ROW_HEIGHT, MAX_HEIGHT);
  if (!es_flame_graph_export (&view, out, &error))
    {
      g_printerr ("eventscope-cli export: %s\n", error->message);
      return EXIT_USAGE;
    }
  return EXIT_OK;
}
#endif
