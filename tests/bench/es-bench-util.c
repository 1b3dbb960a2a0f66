/* es-bench-util.c: what every benchmark prints its figures with
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "es-bench-util.h"

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* The median of @n timings (sorts @values). */
double
es_bench_median (double *values,
                 int     n)
{
  qsort (values, n, sizeof (double), compare_doubles);
  return values[n / 2];
}

/* The process's peak resident set so far, in MB. */
double
es_bench_peak_rss_mb (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024.0;
}

/* A line of /proc/self/status ("VmRSS", "VmHWM", "RssFile"...) in MB of
 * 10^6 bytes, as file sizes are printed; 0 if there is none. */
double
es_bench_status_mb (const char *field)
{
  g_autofree char *status = NULL;
  g_autofree char *key = g_strconcat ("\n", field, ":", NULL);
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return 0;
  line = strstr (status, key);
  if (line == NULL)
    return 0;
  return g_ascii_strtoull (line + strlen (key), NULL, 10) * 1024 / 1e6;
}
