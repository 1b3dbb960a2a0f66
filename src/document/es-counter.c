/* es-counter.c: a runtime counter's values: how the log's changes add up,
 * the key a series keeps them as, their unit, and mprof-report's text
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "es-counter.h"
#include "es-time.h"

/* A series holds unsigned 64-bit values and takes their minimum and
 * maximum as such. A counter's values may be signed or doubles, so each is
 * kept as a key of the same order: a signed value with its sign bit
 * flipped, a double's bits with the sign bit set for a positive one and
 * all of them flipped for a negative one. Unsigned values are themselves. */

#define SIGN_BIT (G_GUINT64_CONSTANT (1) << 63)

static gboolean
is_signed (guint8 type)
{
  return type == ES_MLPD_COUNTER_INT || type == ES_MLPD_COUNTER_WORD || type == ES_MLPD_COUNTER_LONG ||
         type == ES_MLPD_COUNTER_TIME_INTERVAL;
}

guint64
es_counter_key_from_signed (gint64 value)
{
  return (guint64) value ^ SIGN_BIT;
}

guint64
es_counter_key_from_double (double value)
{
  guint64 bits;

  memcpy (&bits, &value, sizeof bits);
  return (bits & SIGN_BIT) ? ~bits : bits | SIGN_BIT;
}

static gint64
key_to_signed (guint64 key)
{
  return (gint64) (key ^ SIGN_BIT);
}

static double
key_to_double (guint64 key)
{
  guint64 bits = (key & SIGN_BIT) ? key & ~SIGN_BIT : ~key;
  double value;

  memcpy (&value, &bits, sizeof value);
  return value;
}

/**
 * es_counter_accumulate:
 * @type: the type @value is tagged with
 * @has_last: whether the counter had a value before
 * @last: that value's key
 *
 * A log writes a counter's numbers as changes since its last sample (but a
 * double, written whole), at the width of its type: adds @value to @last
 * as mprof-report does, wrapping as it wraps.
 *
 * Returns: the key of the counter's new value (its last one, kept, for a
 *   type with no number)
 */
guint64
es_counter_accumulate (guint8                    type,
                       gboolean                  has_last,
                       guint64                   last,
                       const EsMlpdCounterValue *value)
{
  switch (type)
    {
    case ES_MLPD_COUNTER_INT:
      return es_counter_key_from_signed ((gint32) ((guint32) value->v.signed_delta +
                                                   (has_last ? (guint32) key_to_signed (last) : 0)));
    case ES_MLPD_COUNTER_UINT:
      return (guint32) (value->v.unsigned_delta + (has_last ? last : 0));
    case ES_MLPD_COUNTER_WORD:
    case ES_MLPD_COUNTER_LONG:
    case ES_MLPD_COUNTER_TIME_INTERVAL:
      return es_counter_key_from_signed ((gint64) ((guint64) value->v.signed_delta +
                                                   (has_last ? (guint64) key_to_signed (last) : 0)));
    case ES_MLPD_COUNTER_ULONG:
      return value->v.unsigned_delta + (has_last ? last : 0);
    case ES_MLPD_COUNTER_DOUBLE:
      return es_counter_key_from_double (value->v.number);
    default:
      return has_last ? last : 0;
    }
}

/* The value of @key, a value of a @type counter, as a number. */
double
es_counter_key_to_number (guint8  type,
                          guint64 key)
{
  if (is_signed (type))
    return (double) key_to_signed (key);
  if (type == ES_MLPD_COUNTER_DOUBLE)
    return key_to_double (key);
  if (type == ES_MLPD_COUNTER_STRING)
    return 0;
  return (double) key;
}

/**
 * es_counter_key_in_unit:
 *
 * Returns: the value of @key in the base of @counter's unit: bytes,
 *   nanoseconds for a time (ticks of 100 ns, or a TIME_INTERVAL's
 *   microseconds), else the number itself
 */
double
es_counter_key_in_unit (const EsCounter *counter,
                        guint64          key)
{
  double value = es_counter_key_to_number (counter->type, key);

  if ((counter->unit & ES_COUNTER_UNIT_MASK) == ES_COUNTER_UNIT_TIME)
    value *= counter->type == ES_MLPD_COUNTER_TIME_INTERVAL ? 1000 : 100;
  return value;
}

/**
 * es_counter_append_report_value:
 * @string: (nullable): a STRING counter's value
 *
 * Appends the value of @key as mprof-report prints a counter's last value
 * (no newline): its times of LONG counters in milliseconds from 100 ns
 * ticks, of TIME_INTERVAL ones from microseconds, other 64-bit signed ones
 * through a "%u" (their low 32 bits), doubles with "%f".
 */
void
es_counter_append_report_value (GString    *out,
                                guint8      type,
                                guint32     unit,
                                guint64     key,
                                const char *string)
{
  switch (type)
    {
    case ES_MLPD_COUNTER_INT:
      g_string_append_printf (out, "%d", (gint32) key_to_signed (key));
      break;
    case ES_MLPD_COUNTER_UINT:
      g_string_append_printf (out, "%u", (guint32) key);
      break;
    case ES_MLPD_COUNTER_WORD:
    case ES_MLPD_COUNTER_LONG:
    case ES_MLPD_COUNTER_TIME_INTERVAL:
      if (type == ES_MLPD_COUNTER_LONG && unit == ES_COUNTER_UNIT_TIME)
        g_string_append_printf (out, "%0.3fms", (double) key_to_signed (key) / 10000.0);
      else if (type == ES_MLPD_COUNTER_TIME_INTERVAL)
        g_string_append_printf (out, "%0.3fms", (double) key_to_signed (key) / 1000.0);
      else
        g_string_append_printf (out, "%u", (guint32) key_to_signed (key));
      break;
    case ES_MLPD_COUNTER_ULONG:
      g_string_append_printf (out, "%" G_GUINT64_FORMAT, key);
      break;
    case ES_MLPD_COUNTER_DOUBLE:
      g_string_append_printf (out, "%f", key_to_double (key));
      break;
    default:
      g_string_append (out, string != NULL ? string : "<null>");
      break;
    }
}

/* The counters mprof-report shows when not verbose. */
static const char *const report_counters[] = {
  "Methods from AOT", "Methods JITted using mono JIT", "Methods JITted using LLVM",
  "Total time spent JITting (sec)", "User Time", "System Time", "Total Time", "Working Set",
  "Private Bytes", "Virtual Bytes", "Page Faults", "CPU Load Average - 1min",
  "CPU Load Average - 5min", "CPU Load Average - 15min",
};

/**
 * es_counter_append_report:
 * @counters: (array length=n_counters): every counter of a log, in the
 *   order it describes them
 *
 * Appends the lines of mprof-report's "Counters:" section (without its
 * head): by section, in the order the sections first come, the counters
 * it shows when not verbose that have a value, each with its last value.
 */
void
es_counter_append_report (GString             *out,
                          const EsCounterLast *counters,
                          guint                n_counters)
{
  g_autoptr(GPtrArray) sections = g_ptr_array_new ();

  for (guint i = 0; i < n_counters; i++)
    {
      gboolean known = FALSE;

      for (guint s = 0; s < sections->len && !known; s++)
        known = g_str_equal (g_ptr_array_index (sections, s), counters[i].section);
      if (!known)
        g_ptr_array_add (sections, (gpointer) counters[i].section);
    }
  for (guint s = 0; s < sections->len; s++)
    {
      gboolean section_done = FALSE;

      for (guint i = 0; i < n_counters; i++)
        {
          const EsCounterLast *c = &counters[i];
          gboolean shown = FALSE;

          if (!c->has_value || !g_str_equal (c->section, g_ptr_array_index (sections, s)))
            continue;
          for (gsize k = 0; k < G_N_ELEMENTS (report_counters) && !shown; k++)
            shown = g_str_equal (report_counters[k], c->name);
          if (!shown)
            continue;
          if (!section_done)
            {
              g_string_append_printf (out, "\t%s:\n", c->section);
              section_done = TRUE;
            }
          g_string_append_printf (out, "\t\t%-30s : ", c->name);
          es_counter_append_report_value (out, c->type, c->unit, c->key, c->string);
          g_string_append_c (out, '\n');
        }
    }
}

/**
 * es_counter_format:
 * @value_in_unit: a value of @counter (es_counter_key_in_unit())
 *
 * Returns: (transfer full): @value_in_unit for a person, in @counter's
 *   unit: "18.7 MB", "30.0 ms", "6.56 %", "1,234"
 */
char *
es_counter_format (const EsCounter *counter,
                   double           value_in_unit)
{
  const char *minus = value_in_unit < 0 ? "\342\210\222" : "";
  double magnitude = fabs (value_in_unit);
  g_autofree char *text = NULL;

  switch (counter->unit & ES_COUNTER_UNIT_MASK)
    {
    case ES_COUNTER_UNIT_BYTES:
      text = g_format_size ((guint64) (magnitude + 0.5));
      break;
    case ES_COUNTER_UNIT_TIME:
      text = es_format_duration ((guint64) (magnitude + 0.5));
      break;
    case ES_COUNTER_UNIT_PERCENTAGE:
      text = g_strdup_printf ("%.2f %%", magnitude);
      break;
    default:
      if (counter->type == ES_MLPD_COUNTER_DOUBLE && magnitude != floor (magnitude))
        text = g_strdup_printf ("%.3g", magnitude);
      else
        text = es_format_count ((guint64) (magnitude + 0.5));
      break;
    }
  return g_strconcat (minus, text, NULL);
}

/* What Mono calls the section of its counters numbered @section: a perf
 * counter's section (1 << 15) is named by the log itself. */
const char *
es_counter_section_name (guint64 section)
{
  switch (section)
    {
    case 1 << 8: return "Mono JIT";
    case 1 << 9: return "Mono GC";
    case 1 << 10: return "Mono Metadata";
    case 1 << 11: return "Mono Generics";
    case 1 << 12: return "Mono Security";
    case 1 << 13: return "Mono Runtime";
    case 1 << 14: return "Mono System";
    case 1 << 16: return "Mono Profiler";
    default: return "<unknown>";
    }
}

/* What @unit measures, for a person. */
const char *
es_counter_unit_name (guint32 unit)
{
  switch (unit & ES_COUNTER_UNIT_MASK)
    {
    case ES_COUNTER_UNIT_BYTES:
      return "bytes";
    case ES_COUNTER_UNIT_TIME:
      return "time";
    case ES_COUNTER_UNIT_COUNT:
      return "count";
    case ES_COUNTER_UNIT_PERCENTAGE:
      return "percentage";
    default:
      return "raw";
    }
}

const char *
es_counter_variance_name (guint32 variance)
{
  if (variance & ES_COUNTER_MONOTONIC)
    return "monotonic";
  if (variance & ES_COUNTER_CONSTANT)
    return "constant";
  if (variance & ES_COUNTER_VARIABLE)
    return "variable";
  return "unknown";
}

/* The key of @counter's last value; FALSE if it has none. */
gboolean
es_counter_get_last (const EsCounter *counter,
                     guint64         *key)
{
  guint n = es_series_get_length (counter->series);

  *key = n > 0 ? es_series_get_samples (counter->series)[n - 1].value : 0;
  return n > 0;
}
