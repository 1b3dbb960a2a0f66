/* es-cli-json.c: summary and compare as JSON, for scripts and CI jobs
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include <json-glib/json-glib.h>

#include "es-cli-json.h"
#include "es-cli-source.h"
#include "es-heap-profile.h"
#include "es-mono-report.h"

/* The shape is docs/command-line.md's "JSON output": change it only by adding keys,
 * and bump this when a key changes meaning or goes. 2: mut_ns is MUT
 * alone (it held INIT and EXIT too), and alloc_rate and productivity
 * follow it. */
#define ES_CLI_JSON_VERSION 2

/* Text from the log or the command line (a program name, a file name)
 * need not be UTF-8: its valid parts, the rest as U+FFFD, so the document
 * stays JSON. NULL is null. */
static void
add_text (JsonBuilder *builder,
          const char  *text)
{
  g_autofree char *valid = text != NULL ? g_utf8_make_valid (text, -1) : NULL;

  if (valid == NULL)
    json_builder_add_null_value (builder);
  else
    json_builder_add_string_value (builder, valid);
}

/* JSON has no NaN or infinity: those are null. */
static void
add_double (JsonBuilder *builder,
            double       value)
{
  if (isfinite (value))
    json_builder_add_double_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

static void
add_count (JsonBuilder *builder,
           const char  *key,
           guint64      value)
{
  json_builder_set_member_name (builder, key);
  json_builder_add_int_value (builder, (gint64) MIN (value, (guint64) G_MAXINT64));
}

static void
add_figure_value (JsonBuilder    *builder,
                  const EsFigure *f)
{
  if (f->exact)
    json_builder_add_int_value (builder, (gint64) MIN (f->n, (guint64) G_MAXINT64));
  else
    add_double (builder, f->x);
}

/* The members of a pause distribution, into the object being built. */
static void
add_dist (JsonBuilder       *builder,
          const EsPauseDist *d)
{
  add_count (builder, "count", d->count);
  add_count (builder, "total_ns", d->total);
  add_count (builder, "p50_ns", d->p50);
  add_count (builder, "p90_ns", d->p90);
  add_count (builder, "p99_ns", d->p99);
  add_count (builder, "p999_ns", d->p999);
  add_count (builder, "max_ns", d->max);
  json_builder_set_member_name (builder, "buckets");
  json_builder_begin_array (builder);
  for (guint i = 0; i < ES_PAUSE_DIST_N_BUCKETS; i++)
    json_builder_add_int_value (builder, d->buckets[i]);
  json_builder_end_array (builder);
}

static void add_mono (JsonBuilder        *builder,
                      const EsCliJsonRun *run);
static void add_heap_profile (JsonBuilder *builder,
                              EsDocument  *document,
                              guint64      t0,
                              guint64      t1);

static void
add_run (JsonBuilder        *builder,
         const EsCliJsonRun *run)
{
  const EsProcessInfo *process = es_document_get_process (run->document);
  const EsStatsFigures *f = run->figures;
  gboolean whole = f->stats.t0 == 0 && f->stats.t1 >= es_document_get_end_time (run->document);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "file");
  add_text (builder, run->path);
  json_builder_set_member_name (builder, "format");
  json_builder_add_string_value (builder, f->format == ES_DOCUMENT_MONO_LOG ? "mono" : "ghc");
  json_builder_set_member_name (builder, "program");
  add_text (builder, process->program);
  json_builder_set_member_name (builder, "args");
  json_builder_begin_array (builder);
  for (guint i = 1; process->args != NULL && process->args[0] != NULL && process->args[i] != NULL; i++)
    add_text (builder, process->args[i]);
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "interval");
  json_builder_begin_object (builder);
  add_count (builder, "from_ns", f->stats.t0);
  add_count (builder, "to_ns", f->stats.t1);
  json_builder_set_member_name (builder, "whole_run");
  json_builder_add_boolean_value (builder, whole);
  json_builder_set_member_name (builder, "align_marker");
  add_text (builder, run->align_marker);
  json_builder_set_member_name (builder, "marker_ns");
  if (run->align_marker != NULL)
    json_builder_add_int_value (builder, (gint64) run->marker_time);
  else
    json_builder_add_null_value (builder);
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "figures");
  json_builder_begin_object (builder);
  for (guint i = 0; i < f->figures->len; i++)
    {
      const EsFigure *fig = &g_array_index (f->figures, EsFigure, i);

      json_builder_set_member_name (builder, fig->key);
      add_figure_value (builder, fig);
    }
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "pauses");
  json_builder_begin_array (builder);
  for (guint g = 0; g < f->pauses.n_generations; g++)
    {
      json_builder_begin_object (builder);
      add_count (builder, "generation", g);
      add_dist (builder, &f->pauses.gen[g]);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "pauses_all");
  json_builder_begin_object (builder);
  add_dist (builder, &f->pauses.all);
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "caps");
  json_builder_begin_array (builder);
  for (guint c = 0; c < f->stats.n_caps; c++)
    {
      const EsCapStats *cs = &f->stats.caps[c];

      json_builder_begin_object (builder);
      add_count (builder, "cap", c);
      add_count (builder, "running_ns", cs->running);
      add_count (builder, "gc_ns", cs->gc);
      add_count (builder, "gc_waiting_ns", cs->gc_waiting);
      add_count (builder, "exit_suspend_ns", cs->exit_suspend);
      add_count (builder, "idle_ns", cs->idle);
      add_count (builder, "no_data_ns", cs->no_data);
      add_count (builder, "sparks_created", cs->sparks_created);
      add_count (builder, "sparks_converted", cs->sparks_converted);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "heap_profile");
  add_heap_profile (builder, run->document, f->stats.t0, f->stats.t1);
  json_builder_set_member_name (builder, "mono");
  add_mono (builder, run);
  json_builder_end_object (builder);
}

/* How many of the top methods and classes "mono" lists. */
#define TOP_N 10

/**
 * es_cli_json_load_mono_profile:
 * @source: as the user named it, opened by es_cli_source_open()
 *
 * Returns: (transfer full) (nullable): the whole profile of a Mono log
 *   (every call, allocation, lock event...: what `report` prints), read
 *   again from its file, for "mono"; %NULL for a GHC log, or if it cannot
 *   be read (then "mono" is null)
 */
EsMonoProfile *
es_cli_json_load_mono_profile (const char *source,
                               EsDocument *document)
{
  if (es_document_get_format (document) != ES_DOCUMENT_MONO_LOG)
    return NULL;
  return es_mono_profile_load_file (es_cli_source_get_file (source), NULL);
}

/* "counters": each counter of the log (`counter`), in the order it
 * describes them, with its last value of the whole run: "last" the
 * number the runtime keeps (its unit's: 100 ns ticks for most times),
 * "last_text" as mprof-report prints it, null for one never sampled. */
static void
add_counters (JsonBuilder *builder,
              EsDocument  *document)
{
  static const char *const type_names[] = {
    "int", "uint", "word", "long", "ulong", "double", "string", "time_interval",
  };

  json_builder_set_member_name (builder, "counters");
  json_builder_begin_array (builder);
  for (guint i = 0; i < es_document_get_n_counters (document); i++)
    {
      const EsCounter *c = es_document_get_counter (document, i);
      guint64 key;
      gboolean has_last = es_counter_get_last (c, &key);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "section");
      add_text (builder, c->section);
      json_builder_set_member_name (builder, "name");
      add_text (builder, c->name);
      json_builder_set_member_name (builder, "type");
      add_text (builder, c->type < G_N_ELEMENTS (type_names) ? type_names[c->type] : NULL);
      json_builder_set_member_name (builder, "unit");
      add_text (builder, es_counter_unit_name (c->unit));
      json_builder_set_member_name (builder, "variance");
      add_text (builder, es_counter_variance_name (c->variance));
      add_count (builder, "samples", es_series_get_length (c->series));
      json_builder_set_member_name (builder, "last");
      if (!has_last)
        json_builder_add_null_value (builder);
      else if (c->type == ES_MLPD_COUNTER_DOUBLE)
        add_double (builder, es_counter_key_to_number (c->type, key));
      else if (c->type == ES_MLPD_COUNTER_UINT || c->type == ES_MLPD_COUNTER_ULONG)
        json_builder_add_int_value (builder, (gint64) MIN (key, (guint64) G_MAXINT64));
      else
        json_builder_add_int_value (builder, (gint64) es_counter_key_to_number (c->type, key));
      json_builder_set_member_name (builder, "last_text");
      if (has_last)
        {
          g_autoptr(GString) text = g_string_new (NULL);

          es_counter_append_report_value (text, c->type, c->unit, key, NULL);
          add_text (builder, text->str);
        }
      else
        json_builder_add_null_value (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

/* "mono": the counts `report` prints, of the run's interval, for a CI job
 * to gate on; null for a GHC log. */
static void
add_mono (JsonBuilder        *builder,
          const EsCliJsonRun *run)
{
  static const char *const clause_keys[] = { "catch", "filter", "finally", NULL, "fault" };
  EsMonoProfile *profile = run->mono_profile;
  const EsStatsFigures *f = run->figures;
  EsMonoReportOptions options;
  EsMonoReportCounts counts;
  g_autoptr(GArray) methods = NULL;
  g_autoptr(GArray) classes = NULL;

  if (profile == NULL)
    {
      json_builder_add_null_value (builder);
      return;
    }
  es_mono_report_options_init (&options);
  if (!(f->stats.t0 == 0 && f->stats.t1 >= es_document_get_end_time (run->document)))
    {
      options.interval = TRUE;
      options.from = profile->origin + f->stats.t0;
      /* an interval to the end takes in the last event too */
      options.to = profile->origin + f->stats.t1 +
                   (f->stats.t1 >= es_document_get_end_time (run->document) ? 1 : 0);
    }
  es_mono_report_count (profile, &options, &counts);
  json_builder_begin_object (builder);
  add_count (builder, "samples", counts.samples);
  add_count (builder, "calls", counts.calls);
  add_count (builder, "allocations", counts.allocations);
  add_count (builder, "allocated_bytes", counts.allocated_bytes);
  add_count (builder, "throws", counts.throws);
  json_builder_set_member_name (builder, "clauses");
  json_builder_begin_object (builder);
  for (guint i = 0; i < G_N_ELEMENTS (clause_keys); i++)
    if (clause_keys[i] != NULL)
      add_count (builder, clause_keys[i], counts.clauses[i]);
  json_builder_end_object (builder);
  add_count (builder, "lock_contentions", counts.lock_contentions);
  add_count (builder, "locks_acquired", counts.locks_acquired);
  add_count (builder, "lock_failures", counts.lock_failures);
  add_count (builder, "lock_wait_ns", counts.lock_wait);
  add_count (builder, "heap_resizes", counts.resizes);
  add_count (builder, "objects_moved", counts.objects_moved);

  methods = es_mono_report_top_methods (profile, &options, TOP_N);
  json_builder_set_member_name (builder, "top_methods");
  json_builder_begin_array (builder);
  for (guint i = 0; i < methods->len; i++)
    {
      const EsMonoMethodCalls *m = &g_array_index (methods, EsMonoMethodCalls, i);
      char name[64];

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "method");
      add_text (builder, es_mono_profile_method_name (profile, m->method, name));
      add_count (builder, "calls", m->calls);
      add_count (builder, "total_ns", m->total);
      add_count (builder, "self_ns", m->self);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  classes = es_mono_report_top_classes (profile, &options, TOP_N);
  json_builder_set_member_name (builder, "top_classes");
  json_builder_begin_array (builder);
  for (guint i = 0; i < classes->len; i++)
    {
      const EsMonoClassAllocs *c = &g_array_index (classes, EsMonoClassAllocs, i);
      char name[64];

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "class");
      add_text (builder, es_mono_profile_class_name (profile, c->klass, name));
      add_count (builder, "allocations", c->count);
      add_count (builder, "bytes", c->bytes);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  add_counters (builder, run->document);
  json_builder_end_object (builder);
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
add_heap_profile (JsonBuilder *builder,
                  EsDocument  *document,
                  guint64      t0,
                  guint64      t1)
{
  const EsHeapProfile *profile = es_document_get_format (document) == ES_DOCUMENT_GHC_EVENTLOG
                                 ? es_heap_profile_get (document) : NULL;
  g_autoptr(GArray) bands = NULL;
  guint n_censuses;

  if (profile == NULL)
    {
      json_builder_add_null_value (builder);
      return;
    }
  bands = es_heap_profile_summarize (profile, t0, t1, &n_censuses);
  json_builder_begin_object (builder);
  add_count (builder, "censuses", n_censuses);
  json_builder_set_member_name (builder, "bands");
  json_builder_begin_array (builder);
  for (guint i = 0; i < bands->len; i++)
    {
      const EsHeapBandStats *b = &g_array_index (bands, EsHeapBandStats, i);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "name");
      add_text (builder, es_cli_heap_band_name (es_heap_profile_get_band (profile, b->band)));
      add_count (builder, "max_bytes", b->max);
      json_builder_set_member_name (builder, "mean_bytes");
      add_double (builder, b->mean);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
}

/* The head every document starts with; leaves "runs" open. */
static void
begin_document (JsonBuilder *builder,
                const char  *kind)
{
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "eventscope");
  json_builder_add_string_value (builder, kind);
  add_count (builder, "version", ES_CLI_JSON_VERSION);
  json_builder_set_member_name (builder, "pause_bucket_edges_ns");
  json_builder_begin_array (builder);
  for (guint k = 0; k < ES_PAUSE_DIST_N_EDGES; k++)
    json_builder_add_int_value (builder, (gint64) es_pause_dist_edge (k));
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "runs");
  json_builder_begin_array (builder);
}

/* Ends the document and appends it to @out, indented by two, with a
 * newline at the end as a terminal expects. */
static void
append_document (GString     *out,
                 JsonBuilder *builder)
{
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *text = NULL;

  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  text = json_generator_to_data (generator, NULL);
  g_string_append (out, text);
  g_string_append_c (out, '\n');
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
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  begin_document (builder, "summary");
  add_run (builder, run);
  json_builder_end_array (builder);
  append_document (out, builder);
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
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  const GArray *fa = a->figures->figures;

  begin_document (builder, "compare");
  add_run (builder, a);
  add_run (builder, b);
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "delta");
  json_builder_begin_object (builder);
  for (guint i = 0; i < fa->len; i++)
    {
      const EsFigure *x = &g_array_index (fa, EsFigure, i);
      const EsFigure *y = es_stats_figures_lookup (b->figures, x->key);
      gint64 delta;

      if (y == NULL)
        continue;
      json_builder_set_member_name (builder, x->key);
      if (es_figure_delta_exact (x, y, &delta))
        json_builder_add_int_value (builder, delta);
      else
        add_double (builder, es_figure_value (y) - es_figure_value (x));
    }
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "ratio");
  json_builder_begin_object (builder);
  for (guint i = 0; i < fa->len; i++)
    {
      const EsFigure *x = &g_array_index (fa, EsFigure, i);
      const EsFigure *y = es_stats_figures_lookup (b->figures, x->key);
      double ratio;

      if (y == NULL)
        continue;
      json_builder_set_member_name (builder, x->key);
      if (es_figure_ratio (x, y, &ratio))
        add_double (builder, ratio);
      else
        json_builder_add_null_value (builder);
    }
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "threshold");
  add_double (builder, threshold);
  json_builder_set_member_name (builder, "marks");
  json_builder_begin_object (builder);
  for (guint i = 0; i < fa->len; i++)
    {
      const EsFigure *x = &g_array_index (fa, EsFigure, i);
      const EsFigure *y = es_stats_figures_lookup (b->figures, x->key);
      int verdict = y != NULL ? es_figure_verdict (x, y, threshold) : 0;

      if (verdict == 0)
        continue;
      json_builder_set_member_name (builder, x->key);
      json_builder_add_string_value (builder, verdict > 0 ? "better" : "worse");
    }
  json_builder_end_object (builder);
  append_document (out, builder);
}
