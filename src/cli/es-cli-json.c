/* es-cli-json.c: summary and compare as JSON, for scripts and CI jobs
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "es-cli-json.h"
#include "es-heap-profile.h"

/* The shape is README.md's "JSON output": change it only by adding keys,
 * and bump this when a key changes meaning or goes. 2: mut_ns is MUT
 * alone (it held INIT and EXIT too), and alloc_rate and productivity
 * follow it. */
#define ES_CLI_JSON_VERSION 2

/* By hand rather than with json-glib, which Eventscope does not otherwise
 * need: strings escaped as RFC 8259 asks, numbers in the C locale. */
void
es_cli_json_append_string (GString    *out,
                           const char *text)
{
  if (text == NULL)
    {
      g_string_append (out, "null");
      return;
    }
  g_string_append_c (out, '"');
  for (const guchar *p = (const guchar *) text; *p != '\0'; p++)
    switch (*p)
      {
      case '"':
        g_string_append (out, "\\\"");
        break;
      case '\\':
        g_string_append (out, "\\\\");
        break;
      case '\n':
        g_string_append (out, "\\n");
        break;
      case '\r':
        g_string_append (out, "\\r");
        break;
      case '\t':
        g_string_append (out, "\\t");
        break;
      default:
        if (*p < 0x20 || *p == 0x7f)
          g_string_append_printf (out, "\\u%04x", *p);
        else
          g_string_append_c (out, (char) *p);
      }
  g_string_append_c (out, '"');
}

/* Not a valid UTF-8 string (a program name from the log, a file name):
 * its valid parts, the rest as U+FFFD, so the document stays JSON. */
static void
append_text (GString    *out,
             const char *text)
{
  g_autofree char *valid = text != NULL ? g_utf8_make_valid (text, -1) : NULL;

  es_cli_json_append_string (out, valid);
}

/* Shortest round-tripping form, whatever the locale; JSON has no NaN or
 * infinity, so those are null. */
void
es_cli_json_append_double (GString *out,
                           double   value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  if (!isfinite (value))
    {
      g_string_append (out, "null");
      return;
    }
  g_string_append (out, g_ascii_dtostr (buffer, sizeof buffer, value));
}

static void
append_figure_value (GString        *out,
                     const EsFigure *f)
{
  if (f->exact)
    g_string_append_printf (out, "%" G_GUINT64_FORMAT, f->n);
  else
    es_cli_json_append_double (out, f->x);
}

static void
append_dist (GString           *out,
             const EsPauseDist *d,
             const char        *indent)
{
  g_string_append_printf (out, "\"count\": %u, \"total_ns\": %" G_GUINT64_FORMAT ", \"p50_ns\": %" G_GUINT64_FORMAT
                          ", \"p90_ns\": %" G_GUINT64_FORMAT ", \"p99_ns\": %" G_GUINT64_FORMAT ", \"p999_ns\": %"
                          G_GUINT64_FORMAT ", \"max_ns\": %" G_GUINT64_FORMAT ",\n%s\"buckets\": [",
                          d->count, d->total, d->p50, d->p90, d->p99, d->p999, d->max, indent);
  for (guint i = 0; i < ES_PAUSE_DIST_N_BUCKETS; i++)
    g_string_append_printf (out, "%s%u", i > 0 ? ", " : "", d->buckets[i]);
  g_string_append (out, "]");
}

static void append_heap_profile (GString    *out,
                                 EsDocument *document,
                                 guint64     t0,
                                 guint64     t1);

static void
append_run (GString            *out,
            const EsCliJsonRun *run)
{
  const EsProcessInfo *process = es_document_get_process (run->document);
  const EsStatsFigures *f = run->figures;
  gboolean whole = f->stats.t0 == 0 && f->stats.t1 >= es_document_get_end_time (run->document);

  g_string_append (out, "    {\n      \"file\": ");
  append_text (out, run->path);
  g_string_append_printf (out, ",\n      \"format\": \"%s\",\n      \"program\": ",
                          f->format == ES_DOCUMENT_MONO_LOG ? "mono" : "ghc");
  append_text (out, process->program);
  g_string_append (out, ",\n      \"args\": [");
  for (guint i = 1; process->args != NULL && process->args[0] != NULL && process->args[i] != NULL; i++)
    {
      if (i > 1)
        g_string_append (out, ", ");
      append_text (out, process->args[i]);
    }
  g_string_append_printf (out, "],\n      \"interval\": {\"from_ns\": %" G_GUINT64_FORMAT ", \"to_ns\": %"
                          G_GUINT64_FORMAT ", \"whole_run\": %s, \"align_marker\": ",
                          f->stats.t0, f->stats.t1, whole ? "true" : "false");
  append_text (out, run->align_marker);
  if (run->align_marker != NULL)
    g_string_append_printf (out, ", \"marker_ns\": %" G_GUINT64_FORMAT "},\n", run->marker_time);
  else
    g_string_append (out, ", \"marker_ns\": null},\n");

  g_string_append (out, "      \"figures\": {");
  for (guint i = 0; i < f->figures->len; i++)
    {
      const EsFigure *fig = &g_array_index (f->figures, EsFigure, i);

      g_string_append_printf (out, "%s\n        ", i > 0 ? "," : "");
      es_cli_json_append_string (out, fig->key);
      g_string_append (out, ": ");
      append_figure_value (out, fig);
    }
  g_string_append (out, "\n      },\n      \"pauses\": [");
  for (guint g = 0; g < f->pauses.n_generations; g++)
    {
      g_string_append_printf (out, "%s\n        {\"generation\": %u, ", g > 0 ? "," : "", g);
      append_dist (out, &f->pauses.gen[g], "         ");
      g_string_append (out, "}");
    }
  g_string_append (out, "\n      ],\n      \"pauses_all\": {");
  append_dist (out, &f->pauses.all, "        ");
  g_string_append (out, "},\n      \"caps\": [");
  for (guint c = 0; c < f->stats.n_caps; c++)
    {
      const EsCapStats *cs = &f->stats.caps[c];

      g_string_append_printf (out, "%s\n        {\"cap\": %u, \"running_ns\": %" G_GUINT64_FORMAT ", \"gc_ns\": %"
                              G_GUINT64_FORMAT ", \"gc_waiting_ns\": %" G_GUINT64_FORMAT ", \"exit_suspend_ns\": %"
                              G_GUINT64_FORMAT ", \"idle_ns\": %"
                              G_GUINT64_FORMAT ", \"no_data_ns\": %" G_GUINT64_FORMAT ", \"sparks_created\": %" G_GUINT64_FORMAT
                              ", \"sparks_converted\": %" G_GUINT64_FORMAT "}",
                              c > 0 ? "," : "", c, cs->running, cs->gc, cs->gc_waiting, cs->exit_suspend, cs->idle,
                              cs->no_data, cs->sparks_created, cs->sparks_converted);
    }
  g_string_append (out, "\n      ],\n      \"heap_profile\": ");
  append_heap_profile (out, run->document, f->stats.t0, f->stats.t1);
  g_string_append (out, "\n    }");
}

/**
 * es_cli_heap_band_name:
 *
 * Returns: what the summary calls a band of the heap profile: its whole
 *   cost-centre stack or sample string, "other" for those summed up
 */
const char *
es_cli_heap_band_name (const EsHeapProfileBand *band)
{
  if (band->is_other)
    return "other";
  if (band->full_name == NULL)
    return "(no cost centre)";
  return band->full_name;
}

/* "heap_profile": null without censuses, else the census count and each
 * band's largest and mean residency over the interval, largest mean
 * first (what `summary` prints). */
static void
append_heap_profile (GString    *out,
                     EsDocument *document,
                     guint64     t0,
                     guint64     t1)
{
  const EsHeapProfile *profile = es_document_get_format (document) == ES_DOCUMENT_GHC_EVENTLOG
                                 ? es_heap_profile_get (document) : NULL;
  g_autoptr(GArray) bands = NULL;
  guint n_censuses;

  if (profile == NULL)
    {
      g_string_append (out, "null");
      return;
    }
  bands = es_heap_profile_summarize (profile, t0, t1, &n_censuses);
  g_string_append_printf (out, "{\"censuses\": %u, \"bands\": [", n_censuses);
  for (guint i = 0; i < bands->len; i++)
    {
      const EsHeapBandStats *b = &g_array_index (bands, EsHeapBandStats, i);

      g_string_append_printf (out, "%s\n        {\"name\": ", i > 0 ? "," : "");
      es_cli_json_append_string (out, es_cli_heap_band_name (es_heap_profile_get_band (profile, b->band)));
      g_string_append_printf (out, ", \"max_bytes\": %" G_GUINT64_FORMAT ", \"mean_bytes\": ", b->max);
      es_cli_json_append_double (out, b->mean);
      g_string_append (out, "}");
    }
  g_string_append (out, bands->len > 0 ? "\n      ]}" : "]}");
}

static void
append_head (GString    *out,
             const char *kind)
{
  g_string_append_printf (out, "{\n  \"eventscope\": \"%s\",\n  \"version\": %d,\n  \"pause_bucket_edges_ns\": [",
                          kind, ES_CLI_JSON_VERSION);
  for (guint k = 0; k < ES_PAUSE_DIST_N_EDGES; k++)
    g_string_append_printf (out, "%s%" G_GUINT64_FORMAT, k > 0 ? ", " : "", es_pause_dist_edge (k));
  g_string_append (out, "],\n  \"runs\": [\n");
}

/**
 * es_cli_json_append_summary:
 *
 * `summary --json`: the head, and @run as the one element of "runs".
 */
void
es_cli_json_append_summary (GString            *out,
                            const EsCliJsonRun *run)
{
  append_head (out, "summary");
  append_run (out, run);
  g_string_append (out, "\n  ]\n}\n");
}

/**
 * es_cli_json_append_compare:
 * @threshold: the least relative difference marked (es_figure_verdict())
 *
 * `compare --json`: both runs, then "delta" (B - A) and "ratio" (B / A)
 * of every figure the two have, and "marks": "better" or "worse" for
 * those that differ by more than noise.
 */
void
es_cli_json_append_compare (GString            *out,
                            const EsCliJsonRun *a,
                            const EsCliJsonRun *b,
                            double              threshold)
{
  const GArray *fa = a->figures->figures;

  append_head (out, "compare");
  append_run (out, a);
  g_string_append (out, ",\n");
  append_run (out, b);
  g_string_append (out, "\n  ],\n  \"delta\": {");
  for (guint pass = 0, first = TRUE; pass < 2; pass++, first = TRUE)
    {
      if (pass == 1)
        g_string_append (out, "\n  },\n  \"ratio\": {");
      for (guint i = 0; i < fa->len; i++)
        {
          const EsFigure *x = &g_array_index (fa, EsFigure, i);
          const EsFigure *y = es_stats_figures_lookup (b->figures, x->key);
          gint64 delta;
          double ratio;

          if (y == NULL)
            continue;
          g_string_append_printf (out, "%s\n    ", first ? "" : ",");
          first = FALSE;
          es_cli_json_append_string (out, x->key);
          g_string_append (out, ": ");
          if (pass == 1)
            {
              if (es_figure_ratio (x, y, &ratio))
                es_cli_json_append_double (out, ratio);
              else
                g_string_append (out, "null");
            }
          else if (es_figure_delta_exact (x, y, &delta))
            g_string_append_printf (out, "%" G_GINT64_FORMAT, delta);
          else
            es_cli_json_append_double (out, es_figure_value (y) - es_figure_value (x));
        }
    }
  g_string_append_printf (out, "\n  },\n  \"threshold\": ");
  es_cli_json_append_double (out, threshold);
  g_string_append (out, ",\n  \"marks\": {");
  for (guint i = 0, first = TRUE; i < fa->len; i++)
    {
      const EsFigure *x = &g_array_index (fa, EsFigure, i);
      const EsFigure *y = es_stats_figures_lookup (b->figures, x->key);
      int verdict = y != NULL ? es_figure_verdict (x, y, threshold) : 0;

      if (verdict == 0)
        continue;
      g_string_append_printf (out, "%s\n    ", first ? "" : ",");
      first = FALSE;
      es_cli_json_append_string (out, x->key);
      g_string_append (out, verdict > 0 ? ": \"better\"" : ": \"worse\"");
    }
  g_string_append (out, "\n  }\n}\n");
}
