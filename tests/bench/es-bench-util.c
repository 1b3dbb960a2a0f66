/* es-bench-util.c: what every benchmark prints its figures with
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

/* RUSAGE_THREAD is Linux's. */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif

#include <malloc.h>
#include <time.h>

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>

#include "es-bench-util.h"
#include "es-eventlog-file.h"

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static inline guint32
be32 (const guint8 *p)
{
  return ((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3];
}

/* The floor of every reading of an eventlog's @len bytes at @data: read
 * the header's sizes, then hop from event to event. Returns how many
 * events it stepped over. */
guint64
es_bench_step_over_events (const guint8 *data,
                           gsize         len)
{
  gint32 sizes[65536];
  gsize pos = 8;
  guint64 n = 0;

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    sizes[i] = -2;
  while (pos + 4 <= len && be32 (data + pos) == 0x65746200)
    {
      guint16 tag = (guint16) ((data[pos + 4] << 8) | data[pos + 5]);
      guint16 size = (guint16) ((data[pos + 6] << 8) | data[pos + 7]);
      guint32 desc_len = be32 (data + pos + 8);
      guint32 extra_len = be32 (data + pos + 12 + desc_len);

      sizes[tag] = size == 0xFFFF ? -1 : size;
      pos += 12 + desc_len + 4 + extra_len + 4;
    }
  pos += 4 + 4 + 4;   /* hete hdre datb */

  while (pos + 2 <= len)
    {
      guint16 tag = (guint16) ((data[pos] << 8) | data[pos + 1]);
      gint32 size;

      if (tag == 0xFFFF)
        break;
      size = sizes[tag];
      if (size == -1)
        size = 2 + ((data[pos + 10] << 8) | data[pos + 11]);
      else if (size < 0)
        break;
      pos += 10 + size;
      n++;
    }
  return n;
}

typedef struct
{
  guint64 n_events;
  guint64 checksum;   /* keeps the compiler from skipping the decode */
} Tally;

/* The reader's walk hands out every event in batches, its fastest way
 * (es_eventlog_read_file_in_batches(), with no tag only counted): a load
 * reads so, and is measured against the same walk. */
static gboolean
tally_batch (const EsEventBatch *batch,
             gpointer            user_data)
{
  Tally *tally = user_data;

  for (guint i = 0; i < batch->n_events; i++)
    {
      const EsEvent *event = &batch->events[i];

      tally->checksum += event->time + event->cap + event->u.thread.thread;
    }
  tally->n_events += batch->n_events;
  return TRUE;
}

/**
 * es_bench_time_walks:
 *
 * Times the floor of every reading of @path (es_bench_step_over_events())
 * and the reader decoding every field, @runs times each, with the log's
 * pages faulted in first: the budgets are for a log in the page cache.
 */
gboolean
es_bench_time_walks (const char   *path,
                     int           runs,
                     EsBenchWalks *walks,
                     GError      **error)
{
  g_autoptr(GMappedFile) mapped = g_mapped_file_new (path, FALSE, error);
  g_autofree double *floor_times = NULL, *reader_times = NULL;
  const guint8 *data;
  gsize len;
  Tally tally = { 0 };
  volatile guint64 sink = 0;

  if (mapped == NULL)
    return FALSE;
  data = (const guint8 *) g_mapped_file_get_contents (mapped);
  len = g_mapped_file_get_length (mapped);
  for (gsize i = 0; i < len; i += 4096)
    sink += data[i];

  floor_times = g_new (double, runs);
  reader_times = g_new (double, runs);
  for (int run = 0; run < runs; run++)
    {
      gint64 start = g_get_monotonic_time ();
      g_autoptr(EsEventlogReader) reader = es_eventlog_reader_new ();

      walks->floor_events = es_bench_step_over_events (data, len);
      floor_times[run] = (g_get_monotonic_time () - start) / 1e6;

      tally.n_events = 0;
      start = g_get_monotonic_time ();
      if (!es_eventlog_read_file_in_batches (reader, path, tally_batch, NULL, &tally, NULL, error))
        return FALSE;
      reader_times[run] = (g_get_monotonic_time () - start) / 1e6;
    }
  sink += tally.checksum;
  walks->mb = len / 1e6;
  walks->floor_s = es_bench_median (floor_times, runs);
  walks->reader_s = es_bench_median (reader_times, runs);
  walks->reader_events = tally.n_events;
  (void) sink;
  return TRUE;
}

/**
 * es_bench_time_reader:
 * @cpu_s: (out): the CPU time it took, in seconds
 *
 * Runs the reader once over @path, decoding every field of every event,
 * on this thread (es_bench_time_walks()'s reader, one run of it).
 *
 * Returns: its wall time in seconds, or a negative number with @error set
 */
double
es_bench_time_reader (const char  *path,
                      double      *cpu_s,
                      guint64     *n_events,
                      GError     **error)
{
  g_autoptr(EsEventlogReader) reader = es_eventlog_reader_new ();
  Tally tally = { 0 };
  volatile guint64 sink;
  struct timespec cpu0, cpu1;
  gint64 start = g_get_monotonic_time ();
  double wall;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &cpu0);
  if (!es_eventlog_read_file_in_batches (reader, path, tally_batch, NULL, &tally, NULL, error))
    return -1;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &cpu1);
  wall = (g_get_monotonic_time () - start) / 1e6;
  sink = tally.checksum;
  (void) sink;
  *cpu_s = (cpu1.tv_sec - cpu0.tv_sec) + (cpu1.tv_nsec - cpu0.tv_nsec) / 1e9;
  if (n_events != NULL)
    *n_events = tally.n_events;
  return wall;
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

/* The calling thread's CPU time, in ms: on a machine shared with other
 * work, a frame's wall time is often another process's. */
double
es_bench_thread_cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The page faults the calling thread took so far that read no disk: a
 * mapping first read costs one per page (or per few). */
glong
es_bench_thread_minor_faults (void)
{
#ifdef RUSAGE_THREAD
  struct rusage usage;

  getrusage (RUSAGE_THREAD, &usage);
  return usage.ru_minflt;
#else
  return 0;
#endif
}

/* The kB of a "Field:" line of @contents, a file of /proc, or 0 if it
 * has none. */
static guint64
field_kb (const char *contents,
          const char *field)
{
  g_autofree char *key = g_strconcat ("\n", field, ":", NULL);
  const char *line = contents != NULL ? strstr (contents, key) : NULL;

  return line != NULL ? g_ascii_strtoull (line + strlen (key), NULL, 10) : 0;
}

static guint64
proc_kb (const char *path,
         const char *field)
{
  g_autofree char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, NULL);
  return field_kb (contents, field);
}

/* A line of /proc/self/status ("VmRSS", "VmHWM", "RssFile"...) in MB of
 * 10^6 bytes, as file sizes are printed; 0 if there is none. */
double
es_bench_status_mb (const char *field)
{
  return proc_kb ("/proc/self/status", field) * 1024 / 1e6;
}

/* The memory of a live log's records' files (memfd_create()), in MB, each
 * counted whole. The PSS counts only the pages some mapping of them has
 * touched: once the builder lets go of its mappings, the records a
 * document has not read yet are in memory all the same. */
static double
memory_files_mb (void)
{
  g_autoptr(GDir) dir = g_dir_open ("/proc/self/fd", 0, NULL);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  const char *name;
  guint64 bytes = 0;

  if (dir == NULL)
    return 0;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename ("/proc/self/fd", name, NULL);
      g_autofree char *target = g_file_read_link (path, NULL);
      struct stat st;
      gint64 *inode;

      if (target == NULL || !g_str_has_prefix (target, "/memfd:eventscope-records") || stat (path, &st) != 0)
        continue;
      inode = g_new (gint64, 1);
      *inode = (gint64) st.st_ino;
      if (!g_hash_table_add (seen, inode))
        continue;
      bytes += (guint64) st.st_blocks * 512;
    }
  return bytes / 1048576.0;
}

/* The proportional set size of the process, in MB as es_bench_peak_rss_mb()
 * gives them: memory mapped twice by the process (a live log's records,
 * shared by the builder and the documents it snapshots) counts once, where
 * the RSS counts it for each mapping; and a live log's records count whole
 * (memory_files_mb()). Their mapped pages are taken out as the PSS's shared
 * memory: these processes have no other, but for es-bench-live's times of
 * sending (8 bytes per 64 kB of the log). @records: (out) (optional): the
 * records' part, in MB. 0 where there is no smaps_rollup. */
static double
pss_mb (double *records)
{
  g_autofree char *contents = NULL;
  double files;

  if (!g_file_get_contents ("/proc/self/smaps_rollup", &contents, NULL, NULL))
    return 0;
  files = memory_files_mb ();
  if (records != NULL)
    *records = files;
  return (field_kb (contents, "Pss") - field_kb (contents, "Pss_Shmem")) / 1024.0 + files;
}

double
es_bench_pss_mb (void)
{
  return pss_mb (NULL);
}

/* The kernel keeps the peak RSS but not the peak PSS: a thread looks at
 * it every 100 ms. */
struct _EsBenchPssSampler
{
  GThread        *thread;
  gint            stop;
  double          peak;
  EsBenchPssPeak  at_peak;
};

/* What the PSS is made of now. */
static void
sample (EsBenchPssPeak *out)
{
#ifdef __GLIBC__
  struct mallinfo2 info = mallinfo2 ();

  /* Arenas' bytes not in use are held, not given back: a live log's
   * snapshots come and go in them. */
  out->malloc_in_use = (info.uordblks + info.hblkhd) / 1048576.0;
  out->malloc_free = info.fordblks / 1048576.0;
#endif
  out->pss = pss_mb (&out->shared);
}

static gpointer
sample_pss (gpointer data)
{
  EsBenchPssSampler *sampler = data;

  while (!g_atomic_int_get (&sampler->stop))
    {
      EsBenchPssPeak now = { 0 };

      sample (&now);
      if (now.pss > sampler->peak)
        {
          sampler->peak = now.pss;
          sampler->at_peak = now;
        }
      g_usleep (100000);
    }
  return NULL;
}

EsBenchPssSampler *
es_bench_pss_sampler_start (void)
{
  EsBenchPssSampler *sampler = g_new0 (EsBenchPssSampler, 1);

  sampler->thread = g_thread_new ("pss", sample_pss, sampler);
  return sampler;
}

/* Stops @sampler and gives the highest PSS it saw, in MB, and if
 * @at_peak is not %NULL, what it was made of then. */
double
es_bench_pss_sampler_stop (EsBenchPssSampler *sampler,
                           EsBenchPssPeak    *at_peak)
{
  EsBenchPssPeak now = { 0 };
  double peak;

  g_atomic_int_set (&sampler->stop, 1);
  g_thread_join (sampler->thread);
  sample (&now);
  if (now.pss > sampler->peak)
    {
      sampler->peak = now.pss;
      sampler->at_peak = now;
    }
  peak = sampler->peak;
  if (at_peak != NULL)
    *at_peak = sampler->at_peak;
  g_free (sampler);
  return peak;
}
