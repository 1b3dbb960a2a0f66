/* es-bench-profile.c: how fast an interval's time profile is ready
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Builds a document from synthetic time-profile samples (by default a
 * million, over 5,000 cost-centre stacks up to 40 deep, on 4 capabilities,
 * each phase of the run in its own few hundred stacks), then prints the
 * time es_profile_new() takes for random intervals, short and long: the
 * mean and the worst. The budget is 10 ms.
 */

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "es-bench-util.h"
#include "es-document-builder.h"
#include "es-profile.h"
#if ES_BENCH_HAVE_RENDER
#include "es-flame-graph.h"
#endif

static int n_samples = 1000000;
static int n_stacks = 5000;
static int max_depth = 40;
static int n_queries = 500;

static const GOptionEntry entries[] = {
  { "samples", 's', 0, G_OPTION_ARG_INT, &n_samples, "Samples (default 1,000,000)", "N" },
  { "stacks", 0, 0, G_OPTION_ARG_INT, &n_stacks, "Distinct stacks (default 5,000)", "N" },
  { "depth", 0, 0, G_OPTION_ARG_INT, &max_depth, "Deepest stack (default 40, at most 255)", "N" },
  { "queries", 'q', 0, G_OPTION_ARG_INT, &n_queries, "Random intervals timed (default 500)", "N" },
  { NULL }
};

#define N_COST_CENTRES 2000
#define N_CAPS 4
#define TICK_NS 1000000u
#define N_PHASES 50
#define HOT_STACKS 300

static EsBytes
bytes_of (const char *text)
{
  EsBytes b = { text, strlen (text) };

  return b;
}

static void
define_cost_centres (EsDocumentBuilder *builder)
{
  for (guint id = 1; id <= N_COST_CENTRES; id++)
    {
      g_autofree char *label = g_strdup_printf ("function%u", id);
      g_autofree char *module = g_strdup_printf ("Module%u", id % 97);
      g_autofree char *srcloc = g_strdup_printf ("src/Module%u.hs:%u:1-40", id % 97, id);
      EsEvent e = { 0 };

      e.tag = ES_EVENT_HEAP_PROF_COST_CENTRE;
      e.cap = ES_CAP_NONE;
      e.u.cost_centre.id = id;
      e.u.cost_centre.label = bytes_of (label);
      e.u.cost_centre.module = bytes_of (module);
      e.u.cost_centre.srcloc = bytes_of (srcloc);
      es_document_builder_add (builder, &e);
    }
}

/* Stacks as the RTS writes them: big-endian ids, innermost first. Each
 * one grows from a prefix of an earlier one, as real call trees share
 * their outer frames. */
static GPtrArray *
make_stacks (GRand *rand)
{
  GPtrArray *stacks = g_ptr_array_new_with_free_func ((GDestroyNotify) g_byte_array_unref);
  g_autofree guint32 *ids = g_new (guint32, max_depth);

  for (int s = 0; s < n_stacks; s++)
    {
      GByteArray *raw = g_byte_array_new ();
      guint depth = g_rand_int_range (rand, 1, max_depth + 1), shared = 0;

      if (s > 0 && g_rand_int_range (rand, 0, 10) > 0)
        {
          GByteArray *from = g_ptr_array_index (stacks, g_rand_int_range (rand, 0, s));
          guint from_depth = from->data[0];

          shared = MIN ((guint) g_rand_int_range (rand, 1, from_depth + 1), depth - 1);
          /* outermost frames are at the end of the innermost-first list */
          for (guint k = 0; k < shared; k++)
            {
              const guint8 *p = from->data + 1 + 4 * (from_depth - 1 - k);

              ids[k] = ((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3];
            }
        }
      for (guint k = shared; k < depth; k++)
        ids[k] = g_rand_int_range (rand, 1, N_COST_CENTRES + 1);
      g_byte_array_append (raw, (const guint8 *) &(guint8) { depth }, 1);
      for (guint k = depth; k > 0; k--)
        {
          guint8 be[4] = { ids[k - 1] >> 24, ids[k - 1] >> 16, ids[k - 1] >> 8, ids[k - 1] };

          g_byte_array_append (raw, be, 4);
        }
      g_ptr_array_add (stacks, raw);
    }
  return stacks;
}

static EsDocument *
make_document (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);
  g_autoptr(GPtrArray) stacks = make_stacks (rand);
  g_autofree guint *hot = g_new (guint, HOT_STACKS);
  EsDocumentBuilder *builder = es_document_builder_new ();
  EsDocument *document;
  gint64 start = g_get_monotonic_time ();
  int per_phase = MAX (n_samples / N_PHASES, 1);

  define_cost_centres (builder);
  for (int i = 0; i < n_samples; i++)
    {
      EsEvent e = { 0 };
      GByteArray *raw;

      /* Each phase runs mostly in its own few hundred stacks, the first
       * ones of them most of the time. */
      if (i % per_phase == 0)
        for (guint h = 0; h < HOT_STACKS; h++)
          hot[h] = g_rand_int_range (rand, 0, n_stacks);
      if (g_rand_int_range (rand, 0, 10) > 0)
        {
          double r = g_rand_double (rand);

          raw = g_ptr_array_index (stacks, hot[(guint) (r * r * r * HOT_STACKS)]);
        }
      else
        raw = g_ptr_array_index (stacks, g_rand_int_range (rand, 0, n_stacks));

      e.tag = ES_EVENT_PROF_SAMPLE_COST_CENTRE;
      e.time = (guint64) (i / N_CAPS) * TICK_NS + 1000;
      e.cap = ES_CAP_NONE;
      e.u.cost_centre_sample.cap = i % N_CAPS;
      e.u.cost_centre_sample.residency_or_ticks = i / N_CAPS;
      e.u.cost_centre_sample.depth = raw->data[0];
      e.u.cost_centre_sample.stack = raw->data + 1;
      es_document_builder_add (builder, &e);
    }
  document = es_document_builder_finish (builder, FALSE, -1);
  es_document_builder_free (builder);
  printf ("built: %d samples over %d stacks up to %d deep, on %d caps, in %.0f ms (peak RSS %.0f MB)\n",
          n_samples, n_stacks, max_depth, N_CAPS, (double) (g_get_monotonic_time () - start) / 1000.0,
          es_bench_peak_rss_mb ());
  return document;
}

typedef struct
{
  const char *name;
  double      total_ms, worst_ms;
  guint64     frames, samples;
  int         n;
} Figures;

static void
print_figures (const Figures *f,
               const char    *what)
{
  if (f->n == 0)
    return;
  printf ("%-30s %5d intervals: mean %6.2f ms, worst %6.2f ms (%s; mean %.0f samples, %.0f frames)\n",
          f->name, f->n, f->total_ms / f->n, f->worst_ms, what,
          (double) f->samples / f->n, (double) f->frames / f->n);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(EsDocument) document = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  Figures kinds[3] = { { "short (< 1% of the run)" }, { "medium (1% to 30%)" }, { "long (> 30%)" } };
  Figures whole = { "whole run" };
#if ES_BENCH_HAVE_RENDER
  Figures draw = { "flame graph, 1600x900" };
#endif
  guint64 end;

  g_option_context_set_summary (context, "Times the time profile of random intervals over synthetic samples.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || n_samples < 1 || n_stacks < 1
      || max_depth < 2 || max_depth > 255 || n_queries < 1)
    {
      g_printerr ("es-bench-profile: %s\n", error != NULL ? error->message : "bad option value");
      return 1;
    }

  document = make_document ();
  end = es_document_get_end_time (document) + 1;

  for (int q = 0; q <= n_queries; q++)
    {
      /* Lengths spread evenly on a log scale, from a tick to the run. */
      double fraction = q == n_queries ? 1.0 : pow (10.0, -4.0 * g_rand_double (rand));
      guint64 length = (guint64) (fraction * (double) end);
      guint64 t0 = q == n_queries ? 0 : (guint64) (g_rand_double (rand) * (double) (end - length));
      Figures *f = q == n_queries ? &whole : &kinds[fraction < 0.01 ? 0 : fraction < 0.3 ? 1 : 2];
      gint64 start = g_get_monotonic_time ();
      g_autoptr(EsProfile) profile = es_profile_new (document, t0, t0 + length);
      double ms = (double) (g_get_monotonic_time () - start) / 1000.0;

      f->n++;
      f->total_ms += ms;
      f->worst_ms = MAX (f->worst_ms, ms);
      f->frames += profile->frames->len;
      f->samples += profile->n_samples;

#if ES_BENCH_HAVE_RENDER
      {
        g_autoptr(EsFlameGraph) graph = es_flame_graph_new (profile);

        start = g_get_monotonic_time ();
        es_bench_draw_flame_graph (graph, 1600, 900);
        ms = (double) (g_get_monotonic_time () - start) / 1000.0;
        draw.n++;
        draw.total_ms += ms;
        draw.worst_ms = MAX (draw.worst_ms, ms);
        draw.frames += profile->frames->len;
        draw.samples += profile->n_samples;
      }
#endif
    }

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    print_figures (&kinds[k], "es_profile_new");
  print_figures (&whole, "es_profile_new");
#if ES_BENCH_HAVE_RENDER
  print_figures (&draw, "drawing");
#endif
  printf ("budget: 10 ms per profile%s\n", ES_BENCH_HAVE_RENDER ? ", 8 ms per drawing" : "");
  return 0;
}
