/* es-time.c: times and sizes as people write them
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <langinfo.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "es-time.h"

/**
 * es_time_parse:
 * @text: "1.5s", "200ms", "37us" (or "37µs"), "12ns", or "25%" of the run;
 *   a bare number is in seconds
 * @run_start: where percentages count from
 * @run_end: what 100% is
 * @time: (out): the time in nanoseconds since the log's clock started
 *
 * Returns: %FALSE with a %G_OPTION_ERROR_BAD_VALUE error naming the problem.
 */
gboolean
es_time_parse (const char  *text,
               guint64      run_start,
               guint64      run_end,
               guint64     *time,
               GError     **error)
{
  static const struct { const char *suffix; double scale; } units[] = {
    { "ns", 1 }, { "us", 1e3 }, { "\xc2\xb5s", 1e3 }, { "ms", 1e6 }, { "s", 1e9 }, { "", 1e9 },
  };
  g_autofree char *trimmed = g_strstrip (g_strdup (text));
  char *end;
  double value;

  errno = 0;
  value = g_ascii_strtod (trimmed, &end);
  if (end == trimmed || errno != 0 || !isfinite (value) || value < 0)
    goto bad;

  if (g_str_equal (end, "%"))
    {
      if (value > 100)
        goto bad;
      *time = run_start + (guint64) llround ((run_end - run_start) * (value / 100));
      return TRUE;
    }

  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    if (g_str_equal (end, units[i].suffix))
      {
        double ns = value * units[i].scale;

        if (ns > 1.8e19)
          goto bad;
        *time = (guint64) llround (ns);
        return TRUE;
      }

bad:
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               "“%s” is not a time: write it like 1.5s, 200ms, 37us, 12ns or 25%%", text);
  return FALSE;
}

/**
 * es_size_parse:
 * @text: "512M", "1.5G", "2GiB", "300 MB", "25%" of @whole, or a bare
 *   number of bytes; K, M, G and T are powers of 1024, with or without
 *   "B" or "iB"
 * @whole: what 100% is
 * @bytes: (out): the size
 *
 * Returns: %FALSE with a %G_OPTION_ERROR_BAD_VALUE error naming the problem.
 */
gboolean
es_size_parse (const char  *text,
               guint64      whole,
               guint64     *bytes,
               GError     **error)
{
  static const char units[] = "KMGT";
  const char *unit;
  char *end = NULL;
  double value, scale = 1;

  g_return_val_if_fail (text != NULL && bytes != NULL, FALSE);

  errno = 0;
  value = g_ascii_strtod (text, &end);
  if (end == text || errno != 0 || !isfinite (value) || value < 0)
    goto bad;
  while (*end == ' ')
    end++;
  if (*end == '%')
    {
      if (end[1] != '\0' || value > 100)
        goto bad;
      *bytes = (guint64) (value / 100 * (double) whole);
      return TRUE;
    }
  if (*end != '\0' && (unit = strchr (units, g_ascii_toupper (*end))) != NULL)
    {
      scale = ldexp (1, 10 * (int) (unit - units + 1));
      end++;
      if (*end == 'i')
        end++;
    }
  if (*end == 'B' || (*end == 'b' && scale > 1))
    end++;
  if (*end != '\0' || value * scale >= 0x1p63)
    goto bad;
  *bytes = (guint64) (value * scale);
  return TRUE;

bad:
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               "\"%s\" is not a size (512M, 1.5G, 25%% of memory, or bytes)", text);
  return FALSE;
}

/**
 * es_format_count:
 * @n: a count of things (events, matches, markers) or of bytes
 *
 * Formats @n as people read a count, its digits grouped by thousands:
 * with the locale's separator where it has one ("45.027" in German,
 * "45,027" in English), and with a comma where it has none (C and POSIX),
 * so that a count never reads as a run of digits. Grouped by threes in
 * every locale, which is how nearly all of them group.
 *
 * This is the window's and the CLI's prose; the +RTS -s text keeps its
 * commas in every locale (es_stats_format_grouped()), as the RTS prints.
 *
 * Returns: (transfer full): the text
 */
char *
es_format_count (guint64 n)
{
  const char *separator = nl_langinfo (THOUSEP);
  char digits[24];
  int len = g_snprintf (digits, sizeof digits, "%" G_GUINT64_FORMAT, n);
  GString *out = g_string_sized_new (32);

  /* Where a comma is the decimal point and the locale names no separator,
   * a comma would read as one: a narrow no-break space, as in French. */
  if (separator == NULL || *separator == '\0')
    separator = g_str_equal (nl_langinfo (RADIXCHAR), ",") ? "\342\200\257" : ",";
  for (int i = 0; i < len; i++)
    {
      if (i > 0 && (len - i) % 3 == 0)
        g_string_append (out, separator);
      g_string_append_c (out, digits[i]);
    }
  return g_string_free (out, FALSE);
}

/**
 * es_format_duration:
 * @ns: a length of time, in nanoseconds
 *
 * Formats @ns in the unit that shows it, with three significant digits:
 * "23.4 µs", "1.24 ms", "312 ms", "12.3 s", "850 ns", "0 s". For a
 * pause or an average, where a fixed unit would print 0.0000 s for
 * anything short. The decimal point is the locale's, as elsewhere in the
 * window.
 *
 * Returns: (transfer full): the text
 */
char *
es_format_duration (guint64 ns)
{
  static const struct { double scale; const char *unit; } units[] = {
    { 1e9, "s" }, { 1e6, "ms" }, { 1e3, "\302\265s" }, { 1, "ns" },
  };
  guint u = 0;
  double v;

  if (ns == 0)
    return g_strdup ("0 s");
  while (u + 1 < G_N_ELEMENTS (units) && ns < units[u].scale)
    u++;
  v = ns / units[u].scale;
  /* 999.7 µs rounds to 1000: that is 1.00 ms. */
  if (u > 0 && v >= 999.5)
    v = ns / units[--u].scale;
  if (units[u].scale == 1 || v >= 99.95)
    return g_strdup_printf ("%.0f %s", v, units[u].unit);
  return g_strdup_printf (v >= 9.995 ? "%.1f %s" : "%.2f %s", v, units[u].unit);
}
