/* es-counter.h: a runtime counter (a Mono log's `counter` option) and its
 * values
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "es-mlpd-reader.h"
#include "es-series.h"

G_BEGIN_DECLS

/* What a counter's values measure (MonoCounterUnit, the bits 24-27 of its
 * unit): a time is in 100 ns ticks, but for a TIME_INTERVAL counter's, in
 * microseconds. */
#define ES_COUNTER_UNIT_MASK       (0xfu << 24)
#define ES_COUNTER_UNIT_RAW        (0u << 24)
#define ES_COUNTER_UNIT_BYTES      (1u << 24)
#define ES_COUNTER_UNIT_TIME       (2u << 24)
#define ES_COUNTER_UNIT_COUNT      (3u << 24)
#define ES_COUNTER_UNIT_PERCENTAGE (4u << 24)

/* How its values change (MonoCounterVariance, bits 28-31). */
#define ES_COUNTER_MONOTONIC       (1u << 28)
#define ES_COUNTER_CONSTANT        (1u << 29)
#define ES_COUNTER_VARIABLE        (1u << 30)

/**
 * EsCounter:
 * @type: the type of its values (ES_MLPD_COUNTER_INT...)
 * @series: its samples over time, each value a key (es_counter_key_*()):
 *   one where the log sampled it and found it changed
 *
 * A counter as the document keeps it. Values of every type are kept as
 * keys in the order of the values, so that the series' range minimum and
 * maximum are the values'. A STRING counter has no numbers to keep.
 */
typedef struct
{
  const char *section;          /* "Mono System" */
  const char *name;             /* "Working Set" */
  guint8      type;
  guint32     unit;
  guint32     variance;
  EsSeries   *series;
} EsCounter;

/* A counter's last value, as mprof-report lists it. */
typedef struct
{
  const char *section;
  const char *name;
  guint8      type;
  guint32     unit;
  gboolean    has_value;
  guint64     key;
  const char *string;           /* (nullable): a STRING counter's */
} EsCounterLast;

guint64   es_counter_key_from_signed   (gint64              value);
guint64   es_counter_key_from_double   (double              value);
guint64   es_counter_accumulate        (guint8              type,
                                        gboolean            has_last,
                                        guint64             last,
                                        const EsMlpdCounterValue *value);
double    es_counter_key_to_number     (guint8              type,
                                        guint64             key);
double    es_counter_key_in_unit       (const EsCounter    *counter,
                                        guint64             key);
void      es_counter_append_report_value (GString          *out,
                                        guint8              type,
                                        guint32             unit,
                                        guint64             key,
                                        const char         *string);
void      es_counter_append_report     (GString            *out,
                                        const EsCounterLast *counters,
                                        guint               n_counters);
char     *es_counter_format            (const EsCounter    *counter,
                                        double              value_in_unit);
const char *es_counter_section_name    (guint64             section);
const char *es_counter_unit_name       (guint32             unit);
const char *es_counter_variance_name   (guint32             variance);
gboolean  es_counter_get_last          (const EsCounter    *counter,
                                        guint64            *key);

G_END_DECLS
