/* test-time-format.c: counts and lengths of time as the window and the
 * CLI's messages write them
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>

#include "es-time.h"

/* Grouped by thousands; the C locale names no separator, so a comma. */
static void
test_count_grouped (void)
{
  static const struct { guint64 n; const char *text; } cases[] = {
    { 0, "0" },
    { 7, "7" },
    { 999, "999" },
    { 1000, "1,000" },
    { 40000, "40,000" },
    { 45027, "45,027" },
    { 631243352, "631,243,352" },
    { G_MAXUINT64, "18,446,744,073,709,551,615" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = es_format_count (cases[i].n);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

/* The unit that shows the length, three significant digits. */
static void
test_duration_in_its_unit (void)
{
  static const struct { guint64 ns; const char *text; } cases[] = {
    { 0, "0 s" },
    { 850, "850 ns" },
    { 999, "999 ns" },
    { 1000, "1.00 \302\265s" },
    /* 99 pauses of 2.3 ms in all: not "0.0000 s" */
    { 2300000 / 99, "23.2 \302\265s" },
    { 99960, "100 \302\265s" },
    { 999700, "1.00 ms" },
    { 1240000, "1.24 ms" },
    { 11065000, "11.1 ms" },
    { 312000000, "312 ms" },
    { 999999999, "1.00 s" },
    { G_GUINT64_CONSTANT (12300000000), "12.3 s" },
    { G_GUINT64_CONSTANT (1500000000000), "1500 s" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = es_format_duration (cases[i].ns);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

int
main (int    argc,
      char **argv)
{
  /* As the programs run: setlocale (LC_ALL, "") with no language set. */
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/format/count-grouped-by-thousands", test_count_grouped);
  g_test_add_func ("/format/duration-in-the-unit-that-shows-it", test_duration_in_its_unit);
  return g_test_run ();
}
