/* es-pause-chart.h: a histogram of GC pause lengths on a logarithmic axis
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <pango/pangocairo.h>

#include "es-pause-dist.h"
#include "es-timeline-painter.h"

G_BEGIN_DECLS

/* Groups stand side by side within a bucket: one per run (a single log has
 * one; a comparison would have A and B). */
#define ES_PAUSE_CHART_MAX_GROUPS 4

/* One distribution drawn: the series of a group are stacked, in the order
 * given, so that a column's height is the group's count in that bucket. */
typedef struct
{
  const EsPauseDist *dist;
  guint              group;   /* < ES_PAUSE_CHART_MAX_GROUPS */
  EsRgba             color;
} EsPauseSeries;

typedef struct
{
  const EsPauseSeries *series;
  guint                n_series;
  /* Per group, the distribution whose p50, p90, p99, p99.9 and max are
   * marked (the group's total, usually); NULL for no marks. */
  const EsPauseDist   *marked[ES_PAUSE_CHART_MAX_GROUPS];
  int                  width;        /* the whole chart, axes included */
  int                  height;
  gboolean             dark;
  int                  selected;     /* a bucket drawn as chosen, or -1 */
} EsPauseChart;

/* The chart's layout, from es_pause_chart_layout(): the buckets shown and
 * where the plot lies. */
typedef struct
{
  guint  first;                  /* buckets first..last, inclusive */
  guint  last;
  double plot_x, plot_y;         /* top left of the plot area */
  double plot_width, plot_height;
  guint  max_count;              /* the tallest column's count */
  guint  y_step;                 /* counts between grid lines */
} EsPauseChartLayout;

void     es_pause_chart_generation_color (guint                     generation,
                                          gboolean                  dark,
                                          EsRgba                   *rgba);
void     es_pause_chart_layout           (const EsPauseChart       *chart,
                                          EsPauseChartLayout       *layout);
void     es_pause_chart_paint            (cairo_t                  *cr,
                                          const EsPauseChart       *chart);
int      es_pause_chart_bucket_at        (const EsPauseChart       *chart,
                                          double                    x,
                                          double                    y);
void     es_pause_chart_bucket_x         (const EsPauseChartLayout *layout,
                                          guint                     bucket,
                                          double                   *x0,
                                          double                   *x1);
double   es_pause_chart_value_x          (const EsPauseChartLayout *layout,
                                          guint64                   ns);
void     es_pause_chart_bucket_range     (guint                     bucket,
                                          guint64                  *lo,
                                          guint64                  *hi);
char    *es_pause_chart_format_ns        (guint64                   ns);

G_END_DECLS
