/* es-test-busy-log.c: big logs to measure a reader by, and how much of a
 * file is resident
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include <string.h>

#include "es-test-log.h"

/* Which blocks' GCs have their GC_STATS. */
typedef enum
{
  GC_STATS_NONE,
  GC_STATS_ALL,
  GC_STATS_CAP_0,     /* only cap 0 leads a GC */
} GcStats;

/* A log of @n_blocks blocks of 1000 events (mostly scheduler events of 14
 * bytes, so 14 kB a block), two caps taking turns for the first @n_both
 * blocks (cap 0 alone after), each block overlapping the one before in
 * time; in each, as GHC writes them, a GC_END stamped before the events
 * just ahead of it. Big enough to see how much of a log a reader keeps
 * resident. */
static EsTestLog *
make_busy_log (guint    n_blocks,
               guint    n_both,
               GcStats  gc_stats)
{
  EsTestLog *log = es_test_log_new ();
  guint64 t = 1000;

  es_test_log_declare_ghc (log);
  es_test_log_begin_data (log);
  for (guint b = 0; b < n_blocks; b++)
    {
      guint cap = b < n_both ? b % 2 : 0;

      es_test_log_begin_block (log, t, cap);
      for (guint i = 0; i < 1000; i++)
        if (i == 500)
          {
            if (gc_stats == GC_STATS_ALL || (gc_stats == GC_STATS_CAP_0 && cap == 0))
              {
                GByteArray *stats = es_payload_u16 (es_payload_u32 (es_payload_new (), 0), b % 7 == 6);

                es_payload_u64 (es_payload_u64 (es_payload_u64 (stats, 1000 + b), 0), 0);
                es_payload_u64 (es_payload_u64 (es_payload_u64 (es_payload_u32 (stats, 2), 0), 0), 0);
                es_test_log_event (log, ES_EVENT_GC_START, t + 200, es_payload_new ());
                es_test_log_event (log, ES_EVENT_GC_STATS_GHC, t + 200, stats);
              }
            es_test_log_event (log, ES_EVENT_GC_END, t + 200, es_payload_new ());
          }
        else
          es_test_log_event (log, i % 2 ? ES_EVENT_RUN_THREAD : ES_EVENT_THREAD_RUNNABLE, t + i,
                             es_payload_u32 (es_payload_new (), i % 7));
      es_test_log_end_block (log, t + 999);
      t += 500;
    }
  es_test_log_end (log);
  return log;
}

/* The busy log, written to a temporary file. */
static char *
write_busy_log (guint    n_blocks,
                guint    n_both,
                GcStats  gc_stats)
{
  g_autoptr(EsTestLog) log = make_busy_log (n_blocks, n_both, gc_stats);
  GByteArray *data = es_test_log_get_data (log);

  return es_test_write_temp_log (data->data, data->len);
}

char *
es_test_write_busy_log (guint n_blocks)
{
  return write_busy_log (n_blocks, G_MAXUINT, GC_STATS_NONE);
}

/* The same, with cap 1's blocks only among the first @n_both. */
char *
es_test_write_busy_log_cap_1_until (guint n_blocks,
                                    guint n_both)
{
  return write_busy_log (n_blocks, n_both, GC_STATS_NONE);
}

/* The same, each block's GC with its GC_STATS: a log whose GCs are not
 * made from the caps' GC phases. */
char *
es_test_write_busy_log_with_gc_stats (guint n_blocks)
{
  return write_busy_log (n_blocks, G_MAXUINT, GC_STATS_ALL);
}

/* The same, with GC_STATS in cap 0's blocks only: cap 1 leads no GC. */
char *
es_test_write_busy_log_gcs_led_by_cap_0 (guint n_blocks)
{
  return write_busy_log (n_blocks, G_MAXUINT, GC_STATS_CAP_0);
}

/* Its bytes, @len of them, for a test to write where it wants them. */
char *
es_test_busy_log_with_gc_stats (guint  n_blocks,
                                gsize *len)
{
  g_autoptr(EsTestLog) log = make_busy_log (n_blocks, G_MAXUINT, GC_STATS_ALL);
  GByteArray *data = es_test_log_get_data (log);

  *len = data->len;
  return g_memdup2 (data->data, data->len);
}

/* A busy log of over 24 MB whose resident pages a test can watch, with
 * its size in @size; or NULL, the test skipped, where the system cannot
 * say what is resident. */
char *
es_test_write_watched_log (gint64 *size)
{
  g_autofree char *path = es_test_write_busy_log (1800);
  GStatBuf st;

  if (es_test_resident_bytes_of (path) < 0)
    {
      g_test_skip ("no /proc/self/smaps");
      g_unlink (path);
      return NULL;
    }
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_size, >, 24 << 20);
  *size = st.st_size;
  return g_steal_pointer (&path);
}

/* The resident bytes of the process's mappings of @path (their Rss in
 * /proc/self/smaps), or -1 where the system does not say. */
gint64
es_test_resident_bytes_of (const char *path)
{
  g_autofree char *smaps = NULL;
  g_auto(GStrv) lines = NULL;
  gboolean in_path = FALSE;
  gint64 bytes = 0;

  if (!g_file_get_contents ("/proc/self/smaps", &smaps, NULL, NULL))
    return -1;
  lines = g_strsplit (smaps, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *space = strrchr (lines[i], ' ');

      /* A mapping's first line: "start-end perms offset dev inode   path". */
      if (g_ascii_isxdigit (lines[i][0]) && strchr (lines[i], '-') != NULL && strchr (lines[i], ':') != NULL &&
          !g_str_has_suffix (lines[i], " kB"))
        in_path = space != NULL && g_str_equal (space + 1, path);
      else if (in_path && g_str_has_prefix (lines[i], "Rss:"))
        bytes += (gint64) g_ascii_strtoull (lines[i] + strlen ("Rss:"), NULL, 10) * 1024;
    }
  return bytes;
}
