/* es-stats-figures.c: the figures of a summary, one by one, to set side
 * by side and to write as data
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "es-stats-figures.h"

/* Keys and labels are interned: figures are compared and written by key,
 * and a run has few distinct ones. */
static EsFigure *
add (EsStatsFigures *figures,
     const char     *key,
     const char     *label,
     EsFigureUnit    unit,
     guint64         n)
{
  EsFigure f = { g_intern_string (key), g_intern_string (label), unit, TRUE, n, (double) n, (double) n, (double) n };

  g_array_append_val (figures->figures, f);
  return &g_array_index (figures->figures, EsFigure, figures->figures->len - 1);
}

/* A maximum over samples, which one sample alone makes: it could as well
 * have been as low as the sixth largest. */
static void
add_maximum (EsStatsFigures *figures,
             const char     *key,
             const char     *label,
             EsFigureUnit    unit,
             guint64         max,
             guint64         sixth_largest)
{
  add (figures, key, label, unit, max)->low = (double) MIN (sixth_largest, max);
}

static void
add_double (EsStatsFigures *figures,
            const char     *key,
            const char     *label,
            EsFigureUnit    unit,
            double          x)
{
  EsFigure f = { g_intern_string (key), g_intern_string (label), unit, FALSE, 0, x, x, x };

  g_array_append_val (figures->figures, f);
}

static void
add_distribution (EsStatsFigures *figures,
                  const char     *key,
                  const char     *label,
                  const EsPauseDist *dist)
{
  static const char *names[] = { "p50", "p90", "p99", "p99.9" };
  static const char *keys[] = { "p50", "p90", "p99", "p999" };
  const guint64 values[] = { dist->p50, dist->p90, dist->p99, dist->p999 };

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      g_autofree char *k = g_strdup_printf ("%s_pause_%s_ns", key, keys[i]);
      g_autofree char *l = g_strdup_printf ("%s pause %s", label, names[i]);

      EsFigure *f = add (figures, k, l, ES_FIGURE_NS, values[i]);

      f->low = (double) dist->low[i];
      f->high = (double) dist->high[i];
    }
}

/* The sixth largest live data sample in [t0, t1] (0 with fewer): where
 * the maximum residency could as well have been (add_maximum()). */
static guint64
sixth_largest_residency (EsDocument *document,
                         guint64     t0,
                         guint64     t1)
{
  const EsSeries *live = es_document_get_heap_live (document);
  const EsSample *samples = es_series_get_samples (live);
  guint64 top[6] = { 0 };   /* the largest first */

  for (guint i = es_series_lower_bound (live, t0), end = es_series_upper_bound (live, t1); i < end; i++)
    {
      guint64 v = samples[i].value;
      guint at = G_N_ELEMENTS (top);

      while (at > 0 && v > top[at - 1])
        at--;
      if (at < G_N_ELEMENTS (top))
        {
          memmove (top + at + 1, top + at, (G_N_ELEMENTS (top) - at - 1) * sizeof top[0]);
          top[at] = v;
        }
    }
  return top[G_N_ELEMENTS (top) - 1];
}

static void
add_ghc (EsStatsFigures *figures,
         EsDocument     *document,
         gboolean        whole_run)
{
  const EsStats *s = &figures->stats;

  add (figures, "allocated_bytes", "bytes allocated in the heap", ES_FIGURE_BYTES, s->allocated);
  add (figures, "copied_bytes", "bytes copied during GC", ES_FIGURE_BYTES, s->copied);
  add_maximum (figures, "max_residency_bytes", "bytes maximum residency", ES_FIGURE_BYTES, s->max_residency,
               sixth_largest_residency (document, s->t0, s->t1));
  add (figures, "residency_samples", "residency samples", ES_FIGURE_COUNT, s->residency_samples);
  add (figures, "max_slop_bytes", "bytes maximum slop", ES_FIGURE_BYTES, s->max_slop);
  /* As the summary prints it (and the RTS): whole MiB. */
  add (figures, "total_memory_mib", "MiB total memory in use", ES_FIGURE_MIB, s->max_heap_size / (1024 * 1024));

  for (guint g = 0; g < s->n_generations; g++)
    {
      const EsGenStats *gen = &s->gen[g];
      g_autofree char *key = g_strdup_printf ("gen%u", g);
      g_autofree char *label = g_strdup_printf ("Gen %u", g);
      g_autofree char *k = NULL, *l = NULL;

#define KEY(suffix) (g_free (k), k = g_strconcat (key, suffix, NULL))
#define LABEL(suffix) (g_free (l), l = g_strconcat (label, suffix, NULL))
      add (figures, KEY ("_collections"), LABEL (" collections"), ES_FIGURE_COUNT, gen->collections);
      add (figures, KEY ("_par_collections"), LABEL (" parallel collections"), ES_FIGURE_COUNT, gen->par_collections);
      add (figures, KEY ("_pause_total_ns"), LABEL (" pauses, total"), ES_FIGURE_NS, gen->elapsed);
      add_double (figures, KEY ("_pause_avg_ns"), LABEL (" pauses, average"), ES_FIGURE_NS,
                  gen->collections > 0 ? (double) gen->elapsed / gen->collections : 0.0);
      add_distribution (figures, key, label, &figures->pauses.gen[g]);
      add_maximum (figures, KEY ("_pause_max_ns"), LABEL (" pause max"), ES_FIGURE_NS, gen->max_pause,
                   figures->pauses.gen[g].max_low);
#undef KEY
#undef LABEL
    }
  /* Never a share that cannot be: es_stats_compute() says why instead. */
  if (s->work_balance >= 0 && s->gc_inconsistency == NULL)
    add_double (figures, "work_balance", "Parallel GC work balance", ES_FIGURE_FRACTION, s->work_balance);

  add (figures, "sparks_created", "sparks created", ES_FIGURE_COUNT, s->sparks_created);
  add (figures, "sparks_converted", "sparks converted", ES_FIGURE_COUNT, s->sparks_converted);
  add (figures, "sparks_overflowed", "sparks overflowed", ES_FIGURE_COUNT, s->sparks_overflowed);
  add (figures, "sparks_dud", "sparks dud", ES_FIGURE_COUNT, s->sparks_dud);
  add (figures, "sparks_gcd", "sparks GC'd", ES_FIGURE_COUNT, s->sparks_gcd);
  add (figures, "sparks_fizzled", "sparks fizzled", ES_FIGURE_COUNT, s->sparks_fizzled);

  /* Only where the log tells them (es-run-phases.c): else in MUT. */
  /* The whole run's: only for the whole run. */
  if (s->phases.threaded && s->phases.tasks_known && whole_run)
    {
      add (figures, "tasks", "tasks", ES_FIGURE_COUNT, s->phases.n_tasks);
      add (figures, "tasks_bound", "bound tasks", ES_FIGURE_COUNT, s->phases.n_bound);
      add (figures, "tasks_peak_workers", "peak workers", ES_FIGURE_COUNT, s->phases.peak_workers);
      add (figures, "tasks_workers", "workers in all", ES_FIGURE_COUNT, s->phases.n_workers);
    }
  if (s->phases.init_known)
    add (figures, "init_ns", "INIT time", ES_FIGURE_NS, s->init_elapsed);
  add (figures, "mut_ns", "MUT time", ES_FIGURE_NS, s->mut_elapsed);
  add (figures, "gc_ns", "GC time", ES_FIGURE_NS, s->gc_elapsed - s->prof_elapsed);
  if (s->phases.profiled)
    add (figures, "prof_ns", "PROF time (heap censuses)", ES_FIGURE_NS, s->prof_elapsed);
  if (s->phases.exit_known)
    add (figures, "exit_ns", "EXIT time", ES_FIGURE_NS, s->exit_elapsed);
  add (figures, "total_ns", "Total time", ES_FIGURE_NS, s->total_elapsed);
  add_double (figures, "alloc_rate", "Alloc rate per MUT elapsed second", ES_FIGURE_BYTES_PER_S,
              s->alloc_rate);
  add_double (figures, "productivity", "Productivity (of total elapsed)", ES_FIGURE_FRACTION, s->productivity);
}

static void
add_mono (EsStatsFigures *figures,
          EsDocument     *document)
{
  static const char *keys[] = { "nursery", "major" };
  static const char *labels[] = { "Nursery", "Major" };
  const EsStats *s = &figures->stats;
  const EsMonoSummary *mono = es_document_get_mono_summary (document);
  EsMonoPauses p;

  es_stats_compute_mono_pauses (s, document, &p);
  if (mono != NULL && mono->n_allocations > 0)
    add (figures, "allocated_bytes", "bytes allocated in the heap", ES_FIGURE_BYTES, s->allocated);
  add (figures, "max_heap_size_bytes", "bytes largest heap size", ES_FIGURE_BYTES, s->max_heap_size);
  for (guint g = 0; g < 2; g++)
    {
      g_autofree char *k0 = g_strdup_printf ("%s_pauses", keys[g]);
      g_autofree char *l0 = g_strdup_printf ("%s pauses", labels[g]);
      g_autofree char *k1 = g_strdup_printf ("%s_pause_total_ns", keys[g]);
      g_autofree char *l1 = g_strdup_printf ("%s pauses, total", labels[g]);
      g_autofree char *k2 = g_strdup_printf ("%s_pause_max_ns", keys[g]);
      g_autofree char *l2 = g_strdup_printf ("%s pause max", labels[g]);

      add (figures, k0, l0, ES_FIGURE_COUNT, p.n[g]);
      add (figures, k1, l1, ES_FIGURE_NS, p.total[g]);
      add_distribution (figures, keys[g], labels[g], &figures->pauses.gen[g]);
      add_maximum (figures, k2, l2, ES_FIGURE_NS, p.max[g], figures->pauses.gen[g].max_low);
    }
  add (figures, "mut_ns", "MUT time", ES_FIGURE_NS, p.mut);
  add (figures, "gc_ns", "GC time", ES_FIGURE_NS, p.gc);
  add (figures, "exit_suspend_ns", "Suspend time at exit", ES_FIGURE_NS, p.exit_suspend);
  add (figures, "total_ns", "Total time", ES_FIGURE_NS, s->total_elapsed);
  add_double (figures, "productivity", "Productivity", ES_FIGURE_FRACTION, p.productivity);
}

/**
 * es_stats_figures_compute:
 * @t0: start of the interval, ns (inclusive)
 * @t1: end of the interval, ns (inclusive)
 *
 * Fills @figures; clear it with es_stats_figures_clear().
 */
void
es_stats_figures_compute (EsDocument     *document,
                          guint64         t0,
                          guint64         t1,
                          EsStatsFigures *figures)
{
  g_return_if_fail (ES_IS_DOCUMENT (document));
  g_return_if_fail (figures != NULL);

  *figures = (EsStatsFigures) { 0 };
  figures->format = es_document_get_format (document);
  figures->figures = g_array_new (FALSE, FALSE, sizeof (EsFigure));
  es_stats_compute (document, t0, t1, &figures->stats);
  es_pause_dists_compute (document, figures->stats.t0, figures->stats.t1, &figures->pauses);
  if (figures->format == ES_DOCUMENT_MONO_LOG)
    add_mono (figures, document);
  else
    add_ghc (figures, document, figures->stats.t0 == 0 && figures->stats.t1 >= es_document_get_end_time (document));
}

void
es_stats_figures_clear (EsStatsFigures *figures)
{
  es_stats_clear (&figures->stats);
  g_clear_pointer (&figures->figures, g_array_unref);
}

/* Returns: (nullable): the figure of that key, or %NULL. */
const EsFigure *
es_stats_figures_lookup (const EsStatsFigures *figures,
                         const char           *key)
{
  const char *interned = g_intern_string (key);

  for (guint i = 0; i < figures->figures->len; i++)
    {
      const EsFigure *f = &g_array_index (figures->figures, EsFigure, i);

      if (f->key == interned)
        return f;
    }
  return NULL;
}

double
es_figure_value (const EsFigure *figure)
{
  return figure->exact ? (double) figure->n : figure->x;
}

/**
 * es_figure_ratio:
 *
 * @b over @a; none when @a is 0: 0 against 0 is equal, with no ratio to
 * speak of, and anything against 0 has no finite one.
 *
 * Returns: whether there is a ratio.
 */
gboolean
es_figure_ratio (const EsFigure *a,
                 const EsFigure *b,
                 double         *ratio)
{
  double va = es_figure_value (a), vb = es_figure_value (b);

  *ratio = 1;
  if (va == 0)
    return FALSE;
  *ratio = vb / va;
  return TRUE;
}

/**
 * es_figure_better_direction:
 *
 * Returns: -1 when less of the figure @key names is better (times, pauses,
 *   memory, collections), 1 when more is (productivity, work balance), 0
 *   when neither (sparks, rates, counts of tasks)
 */
int
es_figure_better_direction (const char *key)
{
  g_return_val_if_fail (key != NULL, 0);

  if (g_str_equal (key, "productivity") || g_str_equal (key, "work_balance"))
    return 1;
  if (g_str_has_suffix (key, "_par_collections"))
    return 0;
  if (g_str_has_suffix (key, "_ns") || g_str_has_suffix (key, "_collections") ||
      g_str_has_suffix (key, "_pauses") || g_str_equal (key, "copied_bytes") ||
      g_str_equal (key, "max_residency_bytes") || g_str_equal (key, "max_slop_bytes") ||
      g_str_equal (key, "total_memory_mib") || g_str_equal (key, "max_heap_size_bytes") ||
      g_str_equal (key, "allocated_bytes"))
    return -1;
  return 0;
}

/* The largest difference @figure cannot tell from none: a pause measured
 * in ns is as good as the microsecond of the clocks the RTS reads; a
 * phase of the run (INIT, MUT, GC, EXIT, Total) is wall-clock time that
 * the scheduler moves by its time slices, a few milliseconds (the same
 * program's EXIT took 2 to 11 ms over this project's runs); a percentage
 * is printed to a tenth of a point, memory in use in whole MiB (rounded
 * down: 7 and 6 may be 6.01 and 5.99); counts and bytes are exact. */
static double
resolution (const EsFigure *figure)
{
  static const char *phases[] = { "init_ns", "mut_ns", "gc_ns", "prof_ns", "exit_ns", "total_ns", "exit_suspend_ns" };

  switch (figure->unit)
    {
    case ES_FIGURE_NS:
      for (guint i = 0; i < G_N_ELEMENTS (phases); i++)
        if (g_str_equal (figure->key, phases[i]))
          return 5e6;
      return 1000;
    case ES_FIGURE_FRACTION:
      return 0.001;
    case ES_FIGURE_MIB:
      return 1;
    case ES_FIGURE_BYTES: case ES_FIGURE_COUNT: case ES_FIGURE_BYTES_PER_S:
    default:
      return 0;
    }
}

/**
 * es_figure_verdict:
 * @threshold: the least relative difference that is marked (0.05: 5%)
 *
 * Whether run B's figure is better or worse than run A's: only where
 * which is better is known (es_figure_better_direction()), the difference
 * is more than the figure's resolution and more than @threshold of the
 * larger, and the two could not have been the same by chance as far as
 * the runs tell: their ranges (EsFigure's low and high) do not meet. So a
 * pause percentile is marked only with pauses enough behind it, and a
 * maximum only when at least three samples of one run are above the
 * other's. Two runs that differ by noise get no mark.
 *
 * Returns: 1 better, -1 worse, 0 no mark
 */
int
es_figure_verdict (const EsFigure *fa,
                   const EsFigure *fb,
                   double          threshold)
{
  int direction;
  double va, vb, d;

  g_return_val_if_fail (fa != NULL && fb != NULL, 0);

  direction = es_figure_better_direction (fa->key);
  va = es_figure_value (fa);
  vb = es_figure_value (fb);
  d = vb - va;
  if (direction == 0 || fabs (d) <= resolution (fa) || fabs (d) <= threshold * MAX (fabs (va), fabs (vb)) ||
      (fa->high >= fb->low && fb->high >= fa->low))
    return 0;
  return (d > 0) == (direction > 0) ? 1 : -1;
}

/* Returns: whether both are exact, with @b - @a in @delta. */
gboolean
es_figure_delta_exact (const EsFigure *a,
                       const EsFigure *b,
                       gint64         *delta)
{
  if (!a->exact || !b->exact)
    return FALSE;
  *delta = (gint64) (b->n - a->n);
  return TRUE;
}

static void
append_signed_grouped (GString *out,
                       gint64   value)
{
  g_autofree char *digits = es_stats_format_grouped (value < 0 ? -(guint64) value : (guint64) value);

  g_string_append_printf (out, "%s%s", value > 0 ? "+" : value < 0 ? "-" : "", digits);
}

/* A figure's value as `summary` and `compare` write it: bytes and counts grouped by
 * thousands, times in seconds, fractions as percentages. */
void
es_figure_append_value (GString        *out,
                        const EsFigure *f)
{
  switch (f->unit)
    {
    case ES_FIGURE_BYTES:
    case ES_FIGURE_MIB:
    case ES_FIGURE_COUNT:
      {
        g_autofree char *text = es_stats_format_grouped (f->exact ? f->n : (guint64) llround (f->x));

        g_string_append (out, text);
      }
      break;
    case ES_FIGURE_BYTES_PER_S:
      {
        g_autofree char *text = es_stats_format_grouped ((guint64) llround (es_figure_value (f)));

        g_string_append (out, text);
      }
      break;
    case ES_FIGURE_NS:
      g_string_append_printf (out, "%.6fs", es_figure_value (f) / 1e9);
      break;
    case ES_FIGURE_FRACTION:
      g_string_append_printf (out, "%.2f%%", 100 * es_figure_value (f));
      break;
    }
}

/* B - A, signed, in the unit of the figure: "+1,234", "-0.001000s",
 * "+2.50%" (percentage points); nothing changed is 0 with no sign. */
void
es_figure_append_delta (GString        *out,
                        const EsFigure *a,
                        const EsFigure *b)
{
  gint64 exact;
  double delta = es_figure_value (b) - es_figure_value (a);

  if (es_figure_delta_exact (a, b, &exact) && a->unit != ES_FIGURE_NS)
    {
      append_signed_grouped (out, exact);
      return;
    }
  if (es_figure_delta_exact (a, b, &exact))
    delta = (double) exact;
  switch (a->unit)
    {
    case ES_FIGURE_BYTES:
    case ES_FIGURE_MIB:
    case ES_FIGURE_COUNT:
    case ES_FIGURE_BYTES_PER_S:
      append_signed_grouped (out, (gint64) llround (delta));
      break;
    case ES_FIGURE_NS:
      g_string_append_printf (out, delta == 0 ? "%.6fs" : "%+.6fs", delta / 1e9);
      break;
    case ES_FIGURE_FRACTION:
      g_string_append_printf (out, delta == 0 ? "%.2f%%" : "%+.2f%%", 100 * delta);
      break;
    }
}
