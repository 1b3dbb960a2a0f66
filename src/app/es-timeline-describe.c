/* es-timeline-describe.c: what the timeline's rows show at a moment, for
 * its tooltip
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>

#include "es-heap-census.h"
#include "es-heap-profile.h"
#include "es-lod.h"
#include "es-profile.h"
#include "es-search.h"
#include "es-span-lanes.h"
#include "es-stats.h"
#include "es-thread-states.h"
#include "es-time.h"
#include "es-timeline-describe.h"

static const char *
status_text (guint8 status)
{
  switch (status)
    {
    case ES_STOP_HEAP_OVERFLOW: return _("heap overflow");
    case ES_STOP_STACK_OVERFLOW: return _("stack overflow");
    case ES_STOP_THREAD_YIELDING: return _("yielding");
    case ES_STOP_THREAD_FINISHED: return _("finished");
    case ES_STOP_FOREIGN_CALL: return _("foreign call");
    case ES_STOP_BLOCKED_ON_MVAR: return _("blocked on an MVar");
    case ES_STOP_BLOCKED_ON_MVAR_READ: return _("blocked reading an MVar");
    case ES_STOP_BLOCKED_ON_BLACK_HOLE: return _("blocked on a black hole");
    case ES_STOP_BLOCKED_ON_READ: return _("blocked on I/O read");
    case ES_STOP_BLOCKED_ON_WRITE: return _("blocked on I/O write");
    case ES_STOP_BLOCKED_ON_DELAY: return _("blocked on threadDelay");
    case ES_STOP_BLOCKED_ON_STM: return _("blocked in STM");
    case ES_STOP_BLOCKED_ON_MSG_THROW_TO: return _("blocked in throwTo");
    default: return _("stopped");
    }
}

static void
describe_cap (const EsTimelineView *view,
              GString              *out,
              guint                 cap,
              guint64               t)
{
  EsDocument *document = view->document;
  const EsCapTimeline *tl = es_document_get_cap (document, cap);
  guint n, i = es_cap_timeline_find_activity (tl, t);
  const EsActivity *a = es_cap_timeline_get_activities (tl, &n);
  g_autofree char *length = NULL;
  g_autofree char *name = es_timeline_cap_name (document, cap);
  guint64 start, end;
  gboolean mono = es_document_get_format (document) == ES_DOCUMENT_MONO_LOG;
  guint64 data_end = es_cap_timeline_get_data_end (tl);

  if (t > data_end)
    {
      g_autofree char *when = es_timeline_format_time (data_end, 1000);

      /* Said, not left blank as if idle: the cap may have worked on. */
      g_string_append_printf (out, _("%s: no data after %s. Each capability writes its events into its own "
                                     "buffer, and this log was cut short before %s wrote its next one."),
                              name, when, name);
      return;
    }
  if (i == G_MAXUINT || es_activity_end (&a[i]) <= t)
    {
      /* A Mono thread's row is empty where it waits for a lock or is not
       * alive: the log says nothing else about it. */
      g_string_append_printf (out, mono ? _("%s: waiting for a lock, or not alive") : _("%s: idle"), name);
      return;
    }
  /* A run of more than 4.29 s is stored in pieces: tell the whole run. */
  i = es_cap_timeline_whole_activity (tl, i, &start, &end);
  length = es_timeline_format_time (end - start, 1);
  if (a[i].kind == ES_ACTIVITY_RUNNING)
    {
      const EsThread *thread = es_document_lookup_thread (document, a[i].thread);

      if (mono)
        {
          g_string_append_printf (out, _("%s: alive and not waiting for a lock, for %s"), name, length);
          return;
        }
      g_string_append_printf (out, _("%s: thread %u"), name, a[i].thread);
      if (thread != NULL && thread->label != NULL)
        g_string_append_printf (out, " “%s”", thread->label);
      if ((a[i].flags & ES_ACTIVITY_ENDED_BY_LOG_END) && view->ongoing)
        g_string_append_printf (out, _(" has run %s so far, and runs on"), length);
      else if ((a[i].flags & ES_ACTIVITY_ENDED_BY_LOG_END) && data_end != G_MAXUINT64)
        g_string_append_printf (out, _(" ran %s, then the data of %s ends"), length, name);
      else
        g_string_append_printf (out, _(" ran %s, then %s"), length,
                                a[i].flags & ES_ACTIVITY_ENDED_BY_LOG_END ? _("the log ended")
                                                                           : status_text (a[i].stop_status));
      return;
    }
  if (a[i].kind == ES_ACTIVITY_EXIT_SUSPEND)
    {
      /* No collection, and not said to be one: the collection after it is
       * the next bar, in GC's colour (es-mlpd-feed.c). The whole wait, to
       * the tenth of a millisecond the statistics give it in. */
      const EsMonoSummary *summary = es_document_get_mono_summary (document);
      guint64 whole = summary != NULL && summary->exit_suspend_end > summary->exit_suspend_start
                      ? summary->exit_suspend_end - summary->exit_suspend_start : end - start;
      g_autofree char *wait = es_timeline_format_time (whole, 100000);

      g_string_append_printf (out, _("%s: runtime suspending threads at exit, %s"), name, wait);
      return;
    }
  g_string_append_printf (out, a[i].kind == ES_ACTIVITY_GC ? _("%s: in GC") : _("%s: waiting in GC"), name);
  {
    guint n_gcs;
    const EsGc *gcs = es_document_get_gcs (document, &n_gcs);
    guint lo = es_search_upper_bound (gcs, n_gcs, sizeof (EsGc), G_STRUCT_OFFSET (EsGc, start), t);

    if (lo > 0 && gcs[lo - 1].end >= t)
      {
        g_autofree char *pause = es_timeline_format_time (gcs[lo - 1].end - gcs[lo - 1].start, 1);

        g_autofree char *copied = es_format_count (gcs[lo - 1].copied);

        if (mono)
          g_string_append_printf (out, gcs[lo - 1].generation == 1 ? _(" (major collection, world stopped for %s)")
                                                                   : _(" (nursery collection, world stopped for %s)"),
                                  pause);
        else if (gcs[lo - 1].generation != ES_GC_GENERATION_UNKNOWN)
          g_string_append_printf (out, _(" (generation %u, pause %s, %s bytes copied)"),
                                  gcs[lo - 1].generation, pause, copied);
        else
          g_string_append_printf (out, _(" (pause %s)"), pause);
      }
  }
}

/* The heap size and live data at @t, as of the last sample of each: none
 * before the first (a Mono log's first resize comes after its first
 * collections), and no word of live data in a log that has none (Mono's). */
static void
describe_heap (const EsTimelineView *view,
               GString              *out,
               guint64               t)
{
  const EsSeries *live_series = es_document_get_heap_live (view->document);
  guint64 size, live;

  if (es_series_value_at (es_document_get_heap_size (view->document), t, &size))
    g_string_append_printf (out, _("Heap size %.1f MB"), size / 1e6);
  else
    g_string_append (out, _("No heap size yet"));
  if (es_series_get_length (live_series) == 0)
    return;
  g_string_append (out, ", ");
  if (es_series_value_at (live_series, t, &live))
    g_string_append_printf (out, _("live data %.1f MB (at the last GC)"), live / 1e6);
  else
    g_string_append (out, _("no live data yet"));
}

/* The spans running at @t, innermost (latest started) first, or that
 * there are none. */
static void
describe_spans (const EsTimelineView *view,
                GString              *out,
                guint64               t)
{
  guint running[4];
  guint n = es_span_lanes_find_running (view->document, t, running, G_N_ELEMENTS (running));

  for (guint i = 0; i < n; i++)
    {
      EsSpan span = es_document_get_span (view->document, running[i]);
      g_autofree char *length = es_timeline_format_time (span.end - span.start, 1);

      if (i > 0)
        g_string_append_c (out, '\n');
      /* A span not stopped yet is still running in a followed log; in a
       * log that ended, it never stopped. */
      if ((span.flags & ES_ACTIVITY_ENDED_BY_LOG_END) && view->ongoing)
        g_string_append_printf (out, _("%s: %s so far, and runs on"), span.name, length);
      else if (span.flags & ES_ACTIVITY_ENDED_BY_LOG_END)
        g_string_append_printf (out, _("%s: %s, never stopped before the log ended"), span.name, length);
      else
        g_string_append_printf (out, "%s: %s", span.name, length);
    }
  if (n == 0)
    g_string_append (out, _("No span"));
}

static const char *
share_text (guint share)
{
  switch (share)
    {
    case ES_THREAD_SHARE_RUNNING: return _("running");
    case ES_THREAD_SHARE_GC: return _("waiting for a GC");
    case ES_THREAD_SHARE_RUNNABLE: return _("runnable");
    case ES_THREAD_SHARE_BLOCKED + ES_BLOCK_MVAR: return _("blocked on an MVar");
    case ES_THREAD_SHARE_BLOCKED + ES_BLOCK_BLACK_HOLE: return _("blocked on a black hole");
    case ES_THREAD_SHARE_BLOCKED + ES_BLOCK_STM: return _("blocked in STM");
    case ES_THREAD_SHARE_BLOCKED + ES_BLOCK_IO: return _("blocked on I/O");
    case ES_THREAD_SHARE_BLOCKED + ES_BLOCK_DELAY: return _("blocked on threadDelay");
    case ES_THREAD_SHARE_BLOCKED + ES_BLOCK_FOREIGN_CALL: return _("in a foreign call");
    case ES_THREAD_SHARE_BLOCKED + ES_BLOCK_OTHER: return _("blocked, other");
    case ES_THREAD_SHARE_NO_DATA: default: return _("no data");
    }
}

/* The mix of states in the pixel column [@t0, @t1): "running 31%, blocked
 * on an MVar 64%, 212 runs", largest first, as the row stacks them. */
static void
describe_thread_mix (GString              *out,
                     const EsThreadStates *states,
                     guint64               t0,
                     guint64               t1)
{
  guint64 edges[2] = { t0, t1 };
  EsThreadColumn column;
  guint order[ES_N_THREAD_SHARES], n = 0;
  double width = t1 > t0 ? (double) (t1 - t0) : 1;

  es_thread_states_columns (states, edges, 1, &column);
  for (guint k = 0; k < ES_N_THREAD_SHARES; k++)
    if (column.shares.ns[k] > 0)
      order[n++] = k;
  for (guint i = 1; i < n; i++)
    for (guint j = i; j > 0 && column.shares.ns[order[j]] > column.shares.ns[order[j - 1]]; j--)
      {
        guint swap = order[j];

        order[j] = order[j - 1];
        order[j - 1] = swap;
      }
  if (n == 0)
    g_string_append (out, _("not alive here"));
  for (guint i = 0; i < n; i++)
    {
      double percent = 100.0 * column.shares.ns[order[i]] / width;

      if (i > 0)
        g_string_append (out, _(", "));
      /* TRANSLATORS: a state and the share of the pixel's time spent in it, "running 31%" */
      g_string_append_printf (out, percent < 1 ? _("%s <1%%") : _("%s %.0f%%"), share_text (order[i]), percent);
    }
  if (column.shares.runs > 0)
    {
      g_autofree char *runs = es_format_count (column.shares.runs);

      g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, ", %s run", ", %s runs", column.shares.runs), runs);
    }
}

/* The thread's state at @t and how long it lasted; where the pixel column
 * at @x holds more than one state, their mix. */
static void
describe_thread (const EsTimelineView *view,
                 GString              *out,
                 guint                 thread_index,
                 guint64               t,
                 double                x)
{
  EsDocument *document = view->document;
  const EsThread *thread = es_document_get_thread (document, thread_index);
  /* Never made here: a long log's thread takes the painting thread a
   * sort and a pass over its runs. */
  const EsThreadStates *s = es_thread_state_cache_get_if_made (view->thread_states, thread_index);
  EsThreadState states[2];   /* the state at @t and the next */
  guint n, i, i0, i1;
  guint64 t0, t1;
  g_autofree char *length = NULL;

  g_string_append_printf (out, _("Thread %u"), thread->id);
  if (thread->label != NULL)
    g_string_append_printf (out, " “%s”", thread->label);
  g_string_append (out, ": ");
  if (s == NULL)
    {
      g_string_append (out, _("working out its states…"));
      return;
    }
  n = s->n_states;
  i = es_thread_states_find_time (s, t);
  t0 = es_timeline_x_to_time (view, floor (x));
  t1 = es_timeline_x_to_time (view, floor (x) + 1);
  i0 = es_thread_states_find_time (s, t0);
  i1 = t1 > t0 ? es_thread_states_find_time (s, t1 - 1) : i0;
  if (i0 != i1 && x >= 0)
    {
      describe_thread_mix (out, s, t0, t1);
      return;
    }
  if (i == G_MAXUINT)
    {
      g_string_append (out, _("not created yet"));
      return;
    }
  if (t > s->end)
    {
      g_string_append (out, _("the log has ended"));
      return;
    }
  es_thread_states_read (s, i, MIN (2, n - i), states);
  if (i + 1 < n)
    length = es_timeline_format_time (states[1].time - states[0].time, 1);
  switch (states[0].state)
    {
    case ES_THREAD_STATE_RUNNING:
      g_string_append_printf (out, _("running on HEC %u"), states[0].cap);
      break;
    case ES_THREAD_STATE_CREATED: case ES_THREAD_STATE_RUNNABLE:
      g_string_append_printf (out, _("runnable on HEC %u"), states[0].cap);
      break;
    case ES_THREAD_STATE_GC:
      g_string_append (out, _("waiting for a GC"));
      break;
    case ES_THREAD_STATE_BLOCKED:
      g_string_append (out, status_text (states[0].reason));
      break;
    case ES_THREAD_STATE_NO_DATA:
      g_string_append_printf (out, _("no data: the log was cut short after HEC %u’s last event"), states[0].cap);
      return;
    case ES_THREAD_STATE_FINISHED:
    default:
      g_string_append (out, _("finished"));
      return;
    }
  if (length != NULL)
    g_string_append_printf (out, _(" for %s"), length);
}

typedef struct
{
  guint   band;
  guint64 residency;
} BandAtCensus;

static int
compare_band_residency (gconstpointer a,
                        gconstpointer b)
{
  const BandAtCensus *x = a, *y = b;

  if (x->residency != y->residency)
    return x->residency > y->residency ? -1 : 1;
  return x->band < y->band ? -1 : x->band > y->band;
}

/* How many of a Mono heap shot's classes its tooltip names. */
#define SHOT_CLASSES_NAMED 10

/* A Mono heap shot nearest @t: its bytes and objects, and its largest
 * classes with theirs, and their change since the shot before, as
 * mprof-report lists them (the Heap Shots tab has every class). */
static void
describe_heap_shot (const EsTimelineView *view,
                    GString              *out,
                    guint                 shot)
{
  EsDocument *document = view->document;
  guint before = es_heap_census_before (document, shot);
  g_autoptr(GArray) bands = es_heap_census_compare (document, shot, before);
  g_autofree char *when = NULL, *total = NULL, *objects = NULL;
  EsHeapCensusTotals totals;
  guint named = 0;

  es_heap_census_get_totals (document, shot, &totals);
  /* To a tenth of a millisecond, as the Heap Shots tab's menus say it. */
  when = es_timeline_format_time (totals.time, 100000);
  total = g_format_size (totals.bytes);
  objects = es_format_count (totals.objects);
  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "Heap shot at %s: %s in %s object",
                                            "Heap shot at %s: %s in %s objects", totals.objects),
                          when, total, objects);
  for (guint i = 0; i < bands->len && named < SHOT_CLASSES_NAMED; i++)
    {
      const EsHeapCensusBand *band = &g_array_index (bands, EsHeapCensusBand, i);
      g_autofree char *size = NULL, *count = NULL;

      if (!band->in_census)
        continue;
      size = g_format_size (band->bytes);
      count = es_format_count (band->objects);
      g_string_append_printf (out, "\n%s: ", es_document_get_heap_band_name (document, band->band));
      g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%s, %s object", "%s, %s objects", band->objects),
                              size, count);
      if (band->in_base && (band->bytes_change != 0 || band->objects_change != 0))
        {
          g_autofree char *change = es_heap_census_format_change (band->bytes_change);

          g_string_append_printf (out, " (%s, %+" G_GINT64_FORMAT ")", change, band->objects_change);
        }
      named++;
    }
  if (totals.n_bands > named)
    {
      g_autofree char *n = es_format_count (totals.n_bands - named);

      g_string_append_c (out, '\n');
      g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "and %s more class", "and %s more classes",
                                                totals.n_bands - named), n);
    }
}

/* The census nearest @t, each band's residency there, largest first; a
 * Mono heap shot's classes with their objects. */
static void
describe_heap_profile (const EsTimelineView *view,
                       GString              *out,
                       guint64               t)
{
  const EsHeapProfile *profile = es_heap_profile_get (view->document);
  guint census = profile != NULL ? es_heap_profile_nearest_census (profile, t) : G_MAXUINT;
  g_autofree BandAtCensus *bands = NULL;
  g_autofree char *when = NULL, *total = NULL;
  guint n_bands;

  if (census == G_MAXUINT)
    {
      g_string_append (out, _("No heap profile"));
      return;
    }
  if (es_heap_census_counts_objects (view->document))
    {
      describe_heap_shot (view, out, es_heap_census_nearest (view->document, t));
      return;
    }
  n_bands = es_heap_profile_get_n_bands (profile);
  bands = g_new (BandAtCensus, MAX (n_bands, 1));
  for (guint b = 0; b < n_bands; b++)
    bands[b] = (BandAtCensus) { b, es_heap_profile_get_residency (profile, census, b) };
  qsort (bands, n_bands, sizeof (BandAtCensus), compare_band_residency);
  when = es_timeline_format_time (es_heap_profile_get_census_time (profile, census), 1);
  total = g_format_size (es_heap_profile_get_stack (profile, census)[n_bands]);
  g_string_append_printf (out, _("Heap profile census at %s: %s"), when, total);
  for (guint i = 0; i < n_bands && bands[i].residency > 0; i++)
    {
      g_autofree char *size = g_format_size (bands[i].residency);

      g_string_append_printf (out, "\n%s: %s",
                              es_timeline_heap_band_name (es_heap_profile_get_band (profile, bands[i].band), TRUE),
                              size);
    }
}

/* The Profile row under the pointer: the samples of its pixel column, all
 * capabilities together, and which cost centre most of them were in. */
static void
describe_profile (const EsTimelineView *view,
                  GString              *out,
                  double                x)
{
  EsProfileColumn column;
  const EsCostCentre *cc;
  g_autofree char *n = NULL;
  guint32 chosen = view->profile_chosen ? view->profile_cost_centre : ES_PROFILE_NO_COST_CENTRE;

  es_profile_columns_for (view->document, view->profile_kind, es_timeline_x_to_time (view, floor (x)),
                          MAX (es_timeline_x_to_time (view, floor (x) + 1), es_timeline_x_to_time (view, floor (x)) + 1),
                          view->profile_one_cap ? view->profile_cap : ES_PROFILE_ALL_CAPS, 1, chosen, &column, 1);
  if (column.n_samples == 0)
    {
      g_string_append (out, view->profile_kind == ES_PROF_CALL_TIME ? _("Profile: no calls here")
                                                                     : _("Profile: no samples here"));
      return;
    }
  n = es_format_count (column.n_samples);
  /* call time's columns count microseconds */
  if (view->profile_kind == ES_PROF_CALL_TIME)
    g_string_append_printf (out, _("Profile: %s µs of call time"), n);
  else
    g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "Profile: %s sample", "Profile: %s samples",
                                              column.n_samples), n);
  cc = column.top == ES_PROFILE_NO_COST_CENTRE ? NULL : es_document_lookup_cost_centre (view->document, column.top);
  if (cc != NULL)
    {
      g_autofree char *count = es_format_count (column.top_samples);
      /* TRANSLATORS: microseconds of call time */
      g_autofree char *top = view->profile_kind == ES_PROF_CALL_TIME ? g_strdup_printf (_("%s µs"), count)
                                                                      : g_steal_pointer (&count);

      if (cc->module[0] == '\0')   /* a Mono method: its label is its whole name */
        g_string_append_printf (out, _(", most in %s: %s"), cc->label, top);
      else
        g_string_append_printf (out, _(", most in %s (%s): %s"), cc->label, cc->module, top);
    }
  if (chosen != ES_PROFILE_NO_COST_CENTRE)
    {
      const EsCostCentre *chosen_cc = es_document_lookup_cost_centre (view->document, chosen);
      g_autofree char *count = es_format_count (column.n_chosen);
      g_autofree char *in = view->profile_kind == ES_PROF_CALL_TIME ? g_strdup_printf (_("%s µs"), count)
                                                                     : g_steal_pointer (&count);

      g_string_append_printf (out, _("\n%s on the stack in %s"), chosen_cc != NULL ? chosen_cc->label : "?", in);
    }
}

/* A runtime counter's value held at @t: its section, name and unit, for
 * the gutter has room for the name only. */
static void
describe_counter (const EsTimelineView *view,
                  GString              *out,
                  guint                 counter,
                  guint64               t)
{
  const EsCounter *c = es_document_get_counter (view->document, counter);
  double value;

  g_string_append_printf (out, "%s: %s\n", c->section, c->name);
  if (es_timeline_counter_value_at (view->document, counter, t, &value))
    {
      g_autofree char *text = es_counter_format (c, value);

      g_string_append (out, text);
    }
  else
    g_string_append (out, _("Not sampled yet"));
}

/**
 * es_timeline_describe_row:
 * @view: the view the row is drawn in (its thread-state cache included)
 * @x: where in @view, for rows that sum up a pixel column
 *
 * Appends what @row shows at @t: on a cap row its thread or GC, on the heap
 * row its values, on a thread's row its state, on the heap profile row the
 * nearest census's bands, on the Profile row its column's samples, on a
 * counter's row its value.
 *
 * Returns: %FALSE if @row has nothing to say.
 */
gboolean
es_timeline_describe_row (GString              *out,
                          const EsTimelineView *view,
                          const EsTimelineRow  *row,
                          guint64                t,
                          double                x)
{
  switch (row->kind)
    {
    case ES_ROW_CAP:
      describe_cap (view, out, row->cap, t);
      return TRUE;
    case ES_ROW_HEAP:
      describe_heap (view, out, t);
      return TRUE;
    case ES_ROW_SPANS:
      describe_spans (view, out, t);
      return TRUE;
    case ES_ROW_THREAD:
      if (view->thread_states == NULL)
        return FALSE;
      describe_thread (view, out, row->thread, t, x);
      return TRUE;
    case ES_ROW_HEAP_PROFILE:
      describe_heap_profile (view, out, t);
      return TRUE;
    case ES_ROW_PROFILE:
      describe_profile (view, out, x);
      return TRUE;
    case ES_ROW_COUNTER:
      if (row->cap >= es_document_get_n_counters (view->document))
        return FALSE;
      describe_counter (view, out, row->cap, t);
      return TRUE;
    case ES_ROW_ACTIVITY:
      {
        float busy;

        es_lod_busy_caps (view->document, es_timeline_x_to_time (view, floor (x)),
                          es_timeline_x_to_time (view, floor (x) + 1), 1, &busy);
        g_string_append_printf (out, _("%.2f of %u HECs busy"), busy, es_document_get_n_caps (view->document));
        return TRUE;
      }
    case ES_ROW_RULER: case ES_ROW_SPARK_CREATION: case ES_ROW_SPARK_CONVERSION: case ES_ROW_SPARK_POOL:
    case ES_ROW_THREADS: case ES_N_ROW_KINDS:
    default:
      return FALSE;
    }
}
