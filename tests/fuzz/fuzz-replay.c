/* fuzz-replay.c: a fuzz target without libFuzzer, for meson test
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Runs the target on every file given (the seed corpus and the committed
 * regressions), then on a fixed number of deterministic mutations of each
 * (bit flips, cut-offs, repeated spans), so any compiler runs the same
 * executions on every machine. With clang, the same target links with
 * -fsanitize=fuzzer for real fuzzing (see tests/fuzz/README.md).
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "fuzz.h"

#define MUTATIONS_PER_INPUT 300

static guint64 executions;

static void
run (const guint8 *data,
     gsize         len)
{
  LLVMFuzzerTestOneInput (data, len);
  executions++;
}

static void
mutate_and_run (const guint8 *original,
                gsize         len,
                GRand        *rand)
{
  g_autofree guint8 *data = g_malloc (len * 2 + 16);

  for (guint m = 0; m < MUTATIONS_PER_INPUT; m++)
    {
      gsize n = len;

      memcpy (data, original, len);
      switch (g_rand_int_range (rand, 0, 4))
        {
        case 0:   /* flip a few bytes */
          for (guint i = g_rand_int_range (rand, 1, 8); i > 0 && n > 0; i--)
            data[g_rand_int_range (rand, 0, (gint32) n)] ^= (guint8) g_rand_int_range (rand, 1, 256);
          break;
        case 1:   /* cut it short */
          n = len > 0 ? (gsize) g_rand_int_range (rand, 0, (gint32) len) : 0;
          break;
        case 2:   /* overwrite with extreme values: lengths, sizes, caps */
          if (n > 4)
            {
              gsize at = g_rand_int_range (rand, 0, (gint32) n - 4);

              memset (data + at, g_rand_boolean (rand) ? 0xFF : 0x00, 2 + g_rand_int_range (rand, 0, 3));
            }
          break;
        default:  /* repeat a span (duplicated events and blocks) */
          if (n > 2)
            {
              gsize from = g_rand_int_range (rand, 0, (gint32) n - 1);
              gsize span = (gsize) g_rand_int_range (rand, 1, 512);

              /* Not in MIN (): it would draw twice, and a second draw past
               * n - from wrote past the buffer of an input under 512 bytes. */
              span = MIN (span, n - from);

              memmove (data + from + span, data + from, n - from);
              n += span;
            }
          break;
        }
      run (data, n);
    }
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261122);
  guint inputs = 0;

  for (int i = 1; i < argc; i++)
    {
      g_autofree char *contents = NULL;
      gsize len;
      g_autoptr(GError) error = NULL;

      if (!g_file_get_contents (argv[i], &contents, &len, &error))
        {
          g_printerr ("fuzz-replay: %s\n", error->message);
          return 1;
        }
      run ((const guint8 *) contents, len);
      mutate_and_run ((const guint8 *) contents, len, rand);
      inputs++;
    }
  printf ("1..1\nok 1 - %u inputs, %" G_GUINT64_FORMAT " executions, no crash\n", inputs, executions);
  return 0;
}
