/* es-stats-figures.h: the figures of a summary, one by one, to set side
 * by side and to write as data
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document.h"
#include "es-pause-dist.h"
#include "es-stats.h"

G_BEGIN_DECLS

/* The least relative difference es_figure_verdict() marks unless told
 * otherwise: run-to-run noise on a shared machine (docs/viewer.md, "Comparing two runs"). */
#define ES_FIGURE_DEFAULT_THRESHOLD 0.10

typedef enum
{
  ES_FIGURE_BYTES,
  ES_FIGURE_MIB,
  ES_FIGURE_COUNT,
  ES_FIGURE_NS,            /* a time, in ns; printed in seconds */
  ES_FIGURE_FRACTION,      /* 0..1; printed as a percentage */
  ES_FIGURE_BYTES_PER_S,
} EsFigureUnit;

/* One figure of the summary. The exact ones are integers as the log holds
 * them (bytes, counts, ns); the others (averages, rates, fractions) are
 * computed from them. */
typedef struct
{
  const char   *key;       /* stable name for JSON, e.g. "gen0_collections" (interned) */
  const char   *label;     /* the summary's words (interned) */
  EsFigureUnit  unit;
  gboolean      exact;     /* @n holds it; else @x */
  guint64       n;
  double        x;
  /* Where it could as well have been, by chance, in another run like this
   * one, as far as the run itself tells (a percentile's confidence
   * interval; a maximum's sixth largest sample to it); else low and high
   * are its value. */
  double        low, high;
} EsFigure;

/* The figures of one interval of one log, in the summary's order: the
 * numbers of es_stats_compute() (and, for a Mono log,
 * es_stats_compute_mono_pauses()), the pause distributions of
 * es_pause_dists_compute() and, per generation, their percentiles. */
typedef struct
{
  EsDocumentFormat format;
  EsStats          stats;
  EsPauseDists     pauses;
  GArray          *figures;   /* EsFigure */
} EsStatsFigures;

void     es_stats_figures_compute (EsDocument      *document,
                                   guint64          t0,
                                   guint64          t1,
                                   EsStatsFigures  *figures);
void     es_stats_figures_clear   (EsStatsFigures  *figures);
const EsFigure *es_stats_figures_lookup (const EsStatsFigures *figures,
                                         const char           *key);

double   es_figure_value          (const EsFigure  *figure);
gboolean es_figure_ratio          (const EsFigure  *a,
                                   const EsFigure  *b,
                                   double          *ratio);
int      es_figure_better_direction (const char    *key);
int      es_figure_verdict        (const EsFigure  *fa,
                                   const EsFigure  *fb,
                                   double           threshold);
void     es_figure_append_value   (GString         *out,
                                   const EsFigure  *figure);
void     es_figure_append_delta   (GString         *out,
                                   const EsFigure  *a,
                                   const EsFigure  *b);
gboolean es_figure_delta_exact    (const EsFigure  *a,
                                   const EsFigure  *b,
                                   gint64          *delta);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (EsStatsFigures, es_stats_figures_clear)

G_END_DECLS
