/* es-mono-report.c: the text mprof-report prints, from a Mono profile
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <time.h>

#include "es-mono-report-private.h"

/* mprof-report (Mono 6.8) is the specification: every line, number format,
 * order and tie below is its, checked against the installed binary on the
 * fixtures (tests/fixtures/mlpd/README.md). Where it prints something odd
 * ("unresolved class (nil)", "-nan", a Gen line from per-thread pairing),
 * so does this. The samples, heap shots and counters are in
 * es-mono-report-sections.c, the monitor locks in es-mono-report-monitors.c. */

void
es_mono_report_options_init (EsMonoReportOptions *options)
{
  memset (options, 0, sizeof *options);
  options->max_frames = 6;
}

static const char *const report_names[] = {
  "header", "thread", "domain", "context", "gc", "jit", "alloc", "call", "metadata",
  "exception", "monitor", "heapshot", "sample", "counters", "coverage", "stats",
};

/* The report at the start of @p (mprof-report's prefix match: "allocx"
 * is "alloc" and then "x"), with *@rest after it and its comma. */
static const char *
match_report (const char  *p,
              const char **rest)
{
  for (gsize i = 0; i < G_N_ELEMENTS (report_names); i++)
    {
      gsize len = strlen (report_names[i]);

      if (strncmp (p, report_names[i], len) == 0)
        {
          *rest = p + len + (p[len] == ',' ? 1 : 0);
          return report_names[i];
        }
    }
  return NULL;
}

/**
 * es_mono_report_check:
 * @reports: a comma-separated list, as mprof-report's --reports takes it
 *
 * Returns: %FALSE with a %G_OPTION_ERROR_BAD_VALUE error for a report
 *   mprof-report does not know.
 */
gboolean
es_mono_report_check (const char  *reports,
                      GError     **error)
{
  const char *p = reports;

  while (*p != '\0')
    {
      if (match_report (p, &p) == NULL)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       "unknown report \"%s\" (known: %s)", p, ES_MONO_REPORT_DEFAULT);
          return FALSE;
        }
    }
  return TRUE;
}

/* %p as glibc prints it. */
void
_es_mono_report_pointer (GString *out,
                         guint64  pointer)
{
  if (pointer == 0)
    g_string_append (out, "(nil)");
  else
    g_string_append_printf (out, "0x%" G_GINT64_MODIFIER "x", pointer);
}

static guint32
slot_of (guint64 pointer)
{
  return (guint32) (((pointer >> 2) & 0xffff) % ES_MONO_HASH_SIZE);
}

typedef struct
{
  guint64 pointer;
  guint32 serial;
} Keyed;

static gint
compare_by_slot (gconstpointer a,
                 gconstpointer b,
                 gpointer      data)
{
  const Keyed *keys = data;
  const Keyed *ka = &keys[*(const guint32 *) a];
  const Keyed *kb = &keys[*(const guint32 *) b];
  guint32 sa = slot_of (ka->pointer), sb = slot_of (kb->pointer);

  if (sa != sb)
    return sa < sb ? -1 : 1;
  /* a chain holds the newest first */
  return ka->serial > kb->serial ? -1 : ka->serial < kb->serial ? 1 : 0;
}

static GArray *
by_slot (Keyed *keys,
         guint  n)
{
  GArray *order = g_array_sized_new (FALSE, FALSE, sizeof (guint32), n);

  for (guint32 i = 0; i < n; i++)
    g_array_append_val (order, i);
  g_array_sort_with_data (order, compare_by_slot, keys);
  return order;
}

GArray *
_es_mono_report_methods_by_slot (EsMonoProfile *profile)
{
  g_autofree Keyed *keys = g_new (Keyed, MAX (profile->methods->len, 1));

  for (guint i = 0; i < profile->methods->len; i++)
    {
      const EsMonoMethod *m = &g_array_index (profile->methods, EsMonoMethod, i);

      keys[i].pointer = m->pointer;
      keys[i].serial = m->serial;
    }
  return by_slot (keys, profile->methods->len);
}

GArray *
_es_mono_report_classes_by_slot (EsMonoProfile *profile)
{
  g_autofree Keyed *keys = g_new (Keyed, MAX (profile->classes->len, 1));

  for (guint i = 0; i < profile->classes->len; i++)
    {
      const EsMonoClass *c = &g_array_index (profile->classes, EsMonoClass, i);

      keys[i].pointer = c->pointer;
      keys[i].serial = c->serial;
    }
  return by_slot (keys, profile->classes->len);
}

/* Sorting an order by a value, largest first, ties kept. */
static gint
compare_values_descending (gconstpointer a,
                           gconstpointer b,
                           gpointer      data)
{
  const guint64 *values = data;
  guint64 va = values[*(const guint32 *) a], vb = values[*(const guint32 *) b];

  return va == vb ? 0 : va > vb ? -1 : 1;
}

void
_es_mono_report_sort_descending (GArray        *order,
                                 const guint64 *values)
{
  g_array_sort_with_data (order, compare_values_descending, (gpointer) values);
}

static void
write_header (EsMonoReport *report)
{
  static const char *const days[] = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };
  static const char *const months[] = {
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  };
  const EsMlpdHeader *h = &report->profile->header;
  time_t start = (time_t) (h->startup_ms / 1000);
  struct tm tm;
  GString *out = report->out;

  g_string_append (out, "\nMono log profiler data\n");
  g_string_append_printf (out, "\tProfiler version: %d.%d\n", h->major, h->minor);
  g_string_append_printf (out, "\tData version: %d\n", h->data_version);
  if (h->major >= 1)
    {
      g_string_append_printf (out, "\tArguments: %s\n", h->args != NULL ? h->args : "");
      g_string_append_printf (out, "\tArchitecture: %s\n", h->arch != NULL ? h->arch : "");
      g_string_append_printf (out, "\tOperating system: %s\n", h->os != NULL ? h->os : "");
    }
  g_string_append_printf (out, "\tMean timer overhead: %d nanoseconds\n", (int) h->timer_overhead);
  /* ctime(): local time, in the C locale's words */
  localtime_r (&start, &tm);
  g_string_append_printf (out, "\tProgram startup: %.3s %.3s%3d %.2d:%.2d:%.2d %d\n",
                          days[tm.tm_wday % 7], months[tm.tm_mon % 12], tm.tm_mday,
                          tm.tm_hour, tm.tm_min, tm.tm_sec, 1900 + tm.tm_year);
  if (h->pid != 0)
    g_string_append_printf (out, "\tProgram ID: %d\n", (int) h->pid);
  if (h->port != 0)
    g_string_append_printf (out, "\tServer listening on: %d\n", h->port);
}

static void
write_jit (EsMonoReport *report)
{
  EsMonoProfile *profile = report->profile;
  int n_methods = 0, code_size = 0, n_helpers = 0, helpers_size = 0;

  for (guint i = 0; i < profile->methods->len; i++)
    {
      const EsMonoMethod *m = &g_array_index (profile->methods, EsMonoMethod, i);

      if (m->code == 0 || !_es_mono_report_keeps (report, m->jit_time))
        continue;
      n_methods++;
      code_size += (int) m->code_size;
    }
  for (guint i = 0; i < profile->code_buffers->len; i++)
    {
      n_helpers++;
      helpers_size += (int) g_array_index (profile->code_buffers, EsMonoCodeBuffer, i).size;
    }
  g_string_append (report->out, "\nJIT summary\n");
  g_string_append_printf (report->out, "\tCompiled methods: %d\n", n_methods);
  g_string_append_printf (report->out, "\tGenerated code size: %d\n", code_size);
  g_string_append_printf (report->out, "\tJIT helpers: %d\n", n_helpers);
  g_string_append_printf (report->out, "\tJIT helpers code size: %d\n", helpers_size);
}

static const char *
handle_type_name (guint type)
{
  switch (type)
    {
    case 0: return "weak";
    case 1: return "weaktrack";
    case 2: return "normal";
    case 3: return "pinned";
    default: return "unknown";
    }
}

/* Collections are counted by START and timed from the START of the same
 * generation in the same thread's buffers, as mprof-report pairs them:
 * a collection that ends in another thread is timed from that thread's
 * last start (or from 0). The GC summary is always the whole run's. */
static void
write_gc (EsMonoReport *report)
{
  EsMonoProfile *profile = report->profile;
  g_autofree guint64 *starts = g_new0 (guint64, 3 * MAX (profile->threads->len, 1));
  guint64 count[3] = { 0 }, total[3] = { 0 }, max[3] = { 0 }, max_heap = 0, moves = 0;
  guint64 created[4] = { 0 }, destroyed[4] = { 0 }, live[4] = { 0 }, max_live[4] = { 0 };
  GArray *handle_stacks[4][2] = { { NULL } };
  GString *out = report->out;

  for (guint i = 0; i < profile->gc_events->len; i++)
    {
      const EsMonoGcEvent *e = &g_array_index (profile->gc_events, EsMonoGcEvent, i);

      if (e->generation > 2)
        continue;
      if (e->event == ES_MLPD_GC_START)
        {
          starts[e->thread * 3 + e->generation] = e->time;
          count[e->generation]++;
        }
      else if (e->event == ES_MLPD_GC_END)
        {
          guint64 d = e->time - starts[e->thread * 3 + e->generation];

          total[e->generation] += d;
          max[e->generation] = MAX (max[e->generation], d);
        }
    }
  for (guint i = 0; i < profile->resizes->len; i++)
    max_heap = MAX (max_heap, g_array_index (profile->resizes, EsMonoResize, i).heap_size);
  for (guint i = 0; i < profile->moves->len; i++)
    moves += g_array_index (profile->moves, EsMonoMoves, i).n_moves;

  for (guint i = 0; i < 4; i++)
    for (guint j = 0; j < 2; j++)
      handle_stacks[i][j] = g_array_new (FALSE, FALSE, sizeof (guint32));
  for (guint i = 0; i < profile->handle_events->len; i++)
    {
      const EsMonoHandleEvent *e = &g_array_index (profile->handle_events, EsMonoHandleEvent, i);
      guint32 traced = e->stack | (e->has_backtrace ? 0 : 0x80000000u);

      if (e->handle_type > 3 || !_es_mono_report_keeps (report, e->time))
        continue;
      if (e->created)
        {
          created[e->handle_type]++;
          live[e->handle_type]++;
          max_live[e->handle_type] = MAX (max_live[e->handle_type], live[e->handle_type]);
        }
      else
        {
          destroyed[e->handle_type]++;
          live[e->handle_type]--;
        }
      g_array_append_val (handle_stacks[e->handle_type][e->created ? 0 : 1], traced);
    }

  g_string_append (out, "\nGC summary\n");
  g_string_append_printf (out, "\tGC resizes: %u\n", profile->resizes->len);
  g_string_append_printf (out, "\tMax heap size: %" G_GUINT64_FORMAT "\n", max_heap);
  g_string_append_printf (out, "\tObject moves: %" G_GUINT64_FORMAT "\n", moves);
  for (guint g = 0; g < 3; g++)
    {
      if (count[g] == 0)
        continue;
      g_string_append_printf (out, "\tGen%u collections: %" G_GUINT64_FORMAT ", max time: %" G_GUINT64_FORMAT
                              "us, total time: %" G_GUINT64_FORMAT "us, average: %" G_GUINT64_FORMAT "us\n",
                              g, count[g], max[g] / 1000, total[g] / 1000, total[g] / count[g] / 1000);
    }
  /* pinned handles (type 3) are counted but never printed by mprof-report */
  for (guint t = 0; t < 3; t++)
    {
      if (max_live[t] == 0)
        continue;
      g_string_append_printf (out, "\tGC handles %s: created: %" G_GUINT64_FORMAT ", destroyed: %" G_GUINT64_FORMAT
                              ", max: %" G_GUINT64_FORMAT "\n",
                              handle_type_name (t), created[t], destroyed[t], max_live[t]);
      _es_mono_report_traces (report, handle_stacks[t][0], NULL, "created");
      _es_mono_report_traces (report, handle_stacks[t][1], NULL, "destroyed");
    }
  for (guint i = 0; i < 4; i++)
    for (guint j = 0; j < 2; j++)
      g_array_unref (handle_stacks[i][j]);
}

static void
write_allocations (EsMonoReport *report)
{
  EsMonoProfile *profile = report->profile;
  guint n = profile->classes->len;
  g_autoptr(GArray) order = _es_mono_report_classes_by_slot (profile);
  g_autofree guint64 *bytes = g_new0 (guint64, MAX (n, 1));
  g_autofree guint64 *counts = g_new0 (guint64, MAX (n, 1));
  g_autofree GArray **stacks = g_new0 (GArray *, MAX (n, 1));
  g_autofree GArray **weights = g_new0 (GArray *, MAX (n, 1));
  guint64 total_bytes = 0, total_count = 0;
  gboolean header_done = FALSE;
  GString *out = report->out;

  for (guint i = 0; i < profile->allocs->len; i++)
    {
      const EsMonoAlloc *a = &g_array_index (profile->allocs, EsMonoAlloc, i);
      guint32 traced = a->stack | (a->has_backtrace ? 0 : 0x80000000u);

      if (!_es_mono_report_keeps (report, a->time))
        continue;
      bytes[a->klass] += a->size;
      counts[a->klass]++;
      if (report->options->traces)
        {
          if (stacks[a->klass] == NULL)
            {
              stacks[a->klass] = g_array_new (FALSE, FALSE, sizeof (guint32));
              weights[a->klass] = g_array_new (FALSE, FALSE, sizeof (guint64));
            }
          g_array_append_val (stacks[a->klass], traced);
          g_array_append_val (weights[a->klass], a->size);
        }
    }
  _es_mono_report_sort_descending (order, report->options->alloc_sort == ES_MONO_ALLOC_SORT_COUNT ? counts : bytes);
  for (guint i = 0; i < order->len; i++)
    {
      guint32 k = g_array_index (order, guint32, i);
      char name[64];

      if (counts[k] == 0)
        continue;
      total_bytes += bytes[k];
      total_count += counts[k];
      if (!header_done)
        {
          g_string_append (out, "\nAllocation summary\n");
          g_string_append_printf (out, "%10s %10s %8s Type name\n", "Bytes", "Count", "Average");
          header_done = TRUE;
        }
      g_string_append_printf (out, "%10" G_GUINT64_FORMAT " %10" G_GUINT64_FORMAT " %8" G_GUINT64_FORMAT " %s\n",
                              bytes[k], counts[k], bytes[k] / counts[k],
                              es_mono_profile_class_name (profile, k, name));
      if (stacks[k] != NULL)
        _es_mono_report_traces (report, stacks[k], weights[k], "bytes");
    }
  if (total_count > 0)
    g_string_append_printf (out, "Total memory allocated: %" G_GUINT64_FORMAT " bytes in %" G_GUINT64_FORMAT
                            " objects\n", total_bytes, total_count);
  for (guint i = 0; i < n; i++)
    {
      if (stacks[i] != NULL)
        g_array_unref (stacks[i]);
      if (weights[i] != NULL)
        g_array_unref (weights[i]);
    }
}

/* Per method, the calls that ended in the interval, their total time and
 * their own, into arrays of the profile's methods. */
void
_es_mono_report_sum_calls (const EsMonoReport *report,
                           guint64            *calls,
                           guint64            *total,
                           guint64            *self)
{
  const EsMonoProfile *profile = report->profile;

  for (guint i = 0; i < profile->calls->len; i++)
    {
      const EsMonoCall *c = &g_array_index (profile->calls, EsMonoCall, i);

      if (!_es_mono_report_keeps (report, c->end))
        continue;
      calls[c->method]++;
      /* total = self + callees = the call's duration, wrapping as its do */
      total[c->method] += c->end - c->start;
      self[c->method] += c->self;
    }
}

static void
write_calls (EsMonoReport *report)
{
  EsMonoProfile *profile = report->profile;
  guint n = profile->methods->len;
  g_autoptr(GArray) order = _es_mono_report_methods_by_slot (profile);
  g_autofree guint64 *total = g_new0 (guint64, MAX (n, 1));
  g_autofree guint64 *self = g_new0 (guint64, MAX (n, 1));
  g_autofree guint64 *calls = g_new0 (guint64, MAX (n, 1));
  g_autofree GArray **stacks = g_new0 (GArray *, MAX (n, 1));
  guint64 all_calls = 0;
  gboolean header_done = FALSE;
  const guint64 *key;
  GString *out = report->out;

  _es_mono_report_sum_calls (report, calls, total, self);
  /* mprof-report traces a call when it is entered: in that order, which
   * places ties in its tables */
  if (report->options->traces)
    {
      g_autofree guint32 *by_entry = g_new (guint32, MAX (profile->calls->len, 1));

      for (guint i = 0; i < profile->calls->len; i++)
        by_entry[g_array_index (profile->calls, EsMonoCall, i).entered] = i;
      for (guint i = 0; i < profile->calls->len; i++)
        {
          const EsMonoCall *c = &g_array_index (profile->calls, EsMonoCall, by_entry[i]);
          guint32 traced = c->caller_stack | 0x80000000u;

          if (!_es_mono_report_keeps (report, c->start))
            continue;
          if (stacks[c->method] == NULL)
            stacks[c->method] = g_array_new (FALSE, FALSE, sizeof (guint32));
          g_array_append_val (stacks[c->method], traced);
        }
    }
  switch (report->options->method_sort)
    {
    case ES_MONO_METHOD_SORT_SELF: key = self; break;
    case ES_MONO_METHOD_SORT_CALLS: key = calls; break;
    case ES_MONO_METHOD_SORT_TOTAL:
    default: key = total; break;
    }
  _es_mono_report_sort_descending (order, key);
  for (guint i = 0; i < order->len; i++)
    {
      guint32 m = g_array_index (order, guint32, i);
      char name[64];

      if (calls[m] == 0)
        continue;
      all_calls += calls[m];
      /* a method of less than a millisecond is counted but not listed */
      if (total[m] / 1000000 == 0)
        continue;
      if (!header_done)
        {
          g_string_append (out, "\nMethod call summary\n");
          g_string_append_printf (out, "%8s %8s %10s Method name\n", "Total(ms)", "Self(ms)", "Calls");
          header_done = TRUE;
        }
      g_string_append_printf (out, "%8" G_GUINT64_FORMAT " %8" G_GUINT64_FORMAT " %10" G_GUINT64_FORMAT " %s\n",
                              total[m] / 1000000, self[m] / 1000000, calls[m],
                              es_mono_profile_method_name (profile, m, name));
      if (stacks[m] != NULL)
        _es_mono_report_traces (report, stacks[m], NULL, "calls");
    }
  if (all_calls > 0)
    g_string_append_printf (out, "Total calls: %" G_GUINT64_FORMAT "\n", all_calls);
  for (guint i = 0; i < n; i++)
    if (stacks[i] != NULL)
      g_array_unref (stacks[i]);
}

static void
write_metadata (EsMonoReport *report)
{
  g_string_append (report->out, "\nMetadata summary\n");
  g_string_append_printf (report->out, "\tLoaded images: %u\n", report->profile->n_images);
  g_string_append_printf (report->out, "\tLoaded assemblies: %u\n", report->profile->n_assemblies);
}

static void
write_exceptions (EsMonoReport *report)
{
  static const char *const clause_names[] = { "catch", "filter", "finally", "invalid", "fault" };
  EsMonoProfile *profile = report->profile;
  g_autoptr(GArray) stacks = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint64 throws = 0, clauses[5] = { 0 };

  for (guint i = 0; i < profile->throws->len; i++)
    {
      const EsMonoThrow *t = &g_array_index (profile->throws, EsMonoThrow, i);
      guint32 traced = t->stack | (t->has_backtrace ? 0 : 0x80000000u);

      if (!_es_mono_report_keeps (report, t->time))
        continue;
      throws++;
      g_array_append_val (stacks, traced);
    }
  for (guint i = 0; i < profile->clauses->len; i++)
    {
      const EsMonoClause *c = &g_array_index (profile->clauses, EsMonoClause, i);

      if (c->type < G_N_ELEMENTS (clauses) && _es_mono_report_keeps (report, c->time))
        clauses[c->type]++;
    }
  g_string_append (report->out, "\nException summary\n");
  g_string_append_printf (report->out, "\tThrows: %" G_GUINT64_FORMAT "\n", throws);
  _es_mono_report_traces (report, stacks, NULL, "throws");
  for (guint i = 0; i < G_N_ELEMENTS (clauses); i++)
    if (clauses[i] != 0)
      g_string_append_printf (report->out, "\tExecuted %s clauses: %" G_GUINT64_FORMAT "\n",
                              clause_names[i], clauses[i]);
}

/* Threads, domains and contexts: newest first, as mprof-report's lists. */
static void
write_threads (EsMonoReport *report)
{
  GArray *threads = report->profile->threads;

  g_string_append (report->out, "\nThread summary\n");
  for (guint i = threads->len; i-- > 0;)
    {
      const EsMonoThread *t = &g_array_index (threads, EsMonoThread, i);

      if (t->id == 0)
        continue;
      g_string_append (report->out, "\tThread: ");
      _es_mono_report_pointer (report->out, t->id);
      g_string_append_printf (report->out, ", name: \"%s\"\n", t->name != NULL ? t->name : "");
    }
}

static void
write_domains (EsMonoReport *report)
{
  GArray *domains = report->profile->domains;

  g_string_append (report->out, "\nDomain summary\n");
  for (guint i = domains->len; i-- > 0;)
    {
      const EsMonoDomain *d = &g_array_index (domains, EsMonoDomain, i);

      g_string_append (report->out, "\tDomain: ");
      _es_mono_report_pointer (report->out, d->id);
      /* glibc prints a null name as "(null)" */
      g_string_append_printf (report->out, ", friendly name: \"%s\"\n", d->name != NULL ? d->name : "(null)");
    }
}

static void
write_contexts (EsMonoReport *report)
{
  GArray *contexts = report->profile->contexts;

  g_string_append (report->out, "\nContext summary\n");
  for (guint i = contexts->len; i-- > 0;)
    {
      const EsMonoContext *c = &g_array_index (contexts, EsMonoContext, i);

      g_string_append (report->out, "\tContext: ");
      _es_mono_report_pointer (report->out, c->id);
      g_string_append (report->out, ", domain: ");
      _es_mono_report_pointer (report->out, c->domain);
      g_string_append_c (report->out, '\n');
    }
}

/**
 * es_mono_report_write:
 * @out: where the text goes
 *
 * Writes the reports of @options->reports (mprof-report's defaults when
 * %NULL), in the order given, as mprof-report prints them. For the whole
 * run, what mprof-report says while it reads the log (unmatched leaves)
 * comes first, as it does on its standard output.
 */
void
es_mono_report_write (EsMonoProfile             *profile,
                      const EsMonoReportOptions *options,
                      GString                   *out)
{
  EsMonoReport report = { profile, options, out };
  const char *p = options->reports != NULL ? options->reports : ES_MONO_REPORT_DEFAULT;

  /* mprof-report says this once when it reads --reports and once where
   * the report would be */
  static const char coverage_gone[] =
    "The log profiler no longer supports code coverage. Please use the dedicated coverage profiler "
    "instead. See mono-profilers(1) for more information.\n";
  gboolean wants_coverage = FALSE;

  for (const char *q = p; *q != '\0';)
    {
      const char *name = match_report (q, &q);

      if (name == NULL)
        break;
      wants_coverage |= g_str_equal (name, "coverage");
    }
  if (wants_coverage)
    g_string_append (out, coverage_gone);
  if (!options->interval)
    for (guint i = 0; i < profile->decode_messages->len; i++)
      g_string_append (out, g_ptr_array_index (profile->decode_messages, i));

  while (*p != '\0')
    {
      const char *name = match_report (p, &p);

      if (name == NULL)
        break;
      if (g_str_equal (name, "header"))
        write_header (&report);
      else if (g_str_equal (name, "thread"))
        write_threads (&report);
      else if (g_str_equal (name, "domain"))
        write_domains (&report);
      else if (g_str_equal (name, "context"))
        write_contexts (&report);
      else if (g_str_equal (name, "gc"))
        write_gc (&report);
      else if (g_str_equal (name, "jit"))
        write_jit (&report);
      else if (g_str_equal (name, "alloc"))
        write_allocations (&report);
      else if (g_str_equal (name, "call"))
        write_calls (&report);
      else if (g_str_equal (name, "metadata"))
        write_metadata (&report);
      else if (g_str_equal (name, "exception"))
        write_exceptions (&report);
      else if (g_str_equal (name, "monitor"))
        _es_mono_report_monitors (&report);
      else if (g_str_equal (name, "heapshot"))
        _es_mono_report_heap_shots (&report);
      else if (g_str_equal (name, "sample"))
        _es_mono_report_samples (&report);
      else if (g_str_equal (name, "counters"))
        _es_mono_report_counters (&report);
      else if (g_str_equal (name, "stats"))
        _es_mono_report_stats (&report);
      else if (g_str_equal (name, "coverage"))
        g_string_append (out, coverage_gone);
    }
}
