/* es-time.c: times and sizes as people write them
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
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
