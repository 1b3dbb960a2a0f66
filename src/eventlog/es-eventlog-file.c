/* es-eventlog-file.c: reading a whole log from a file
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "es-eventlog-file.h"
#include "es-eventlog-reader-private.h"

/* Pages already decoded are handed back to the kernel, so reading a log
 * costs a slice of resident memory, not the whole file. Nothing in the
 * reader or its callers points into a slice once the next one is fed. */
static void
release_pages (const guint8 *contents,
               gsize        *released,
               gsize         upto)
{
#ifdef MADV_DONTNEED
  gsize page = (gsize) sysconf (_SC_PAGESIZE);
  gsize end = upto - upto % page;

  if (end > *released)
    {
      madvise ((void *) (contents + *released), end - *released, MADV_DONTNEED);
      *released = end;
    }
#endif
}

/* The file is mapped and fed in slices: the reader decodes in place, so a
 * slice costs nothing but a progress report and a cancellation check. A
 * slice is resident until the next is fed, in each of the loading workers,
 * on top of the document being built: 8 MB slices put 16 MB on the peak of
 * a two-core load; a megabyte loads as fast (es-bench-document). */
#define SLICE_BYTES (1u << 20)

/**
 * es_eventlog_map_file:
 *
 * g_mapped_file_new() of @path, read only, with a message a person can
 * read when the memory or address space runs out (GLib 2.74 garbles its
 * own: "Failed to map x' x'").
 *
 * Returns: (transfer full): the mapping, or %NULL with @error set
 */
GMappedFile *
es_eventlog_map_file (const char  *path,
                      GError     **error)
{
  g_autoptr(GError) local = NULL;
  GMappedFile *mapped = g_mapped_file_new (path, FALSE, &local);
  GStatBuf st;

  if (mapped != NULL)
    return mapped;
  if (!g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOMEM))
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }
  /* Said after the name the user gave the log (a stream's record has
   * none of its own). */
  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOMEM,
               "Cannot map the log into memory: not enough memory or address space for its %" G_GUINT64_FORMAT
               " MB (is there a limit, ulimit -v?)", g_stat (path, &st) == 0 ? (guint64) st.st_size >> 20 : 0);
  return NULL;
}

/* es_eventlog_read_file_in_batches(), and es_eventlog_read_file() through
 * hand_out_one_by_one(). */
static gboolean
read_file (EsEventlogReader        *reader,
           const char              *path,
           EsEventBatchFunc         batch_func,
           EsEventlogProgressFunc   progress_func,
           gpointer                 user_data,
           GCancellable            *cancellable,
           GError                 **error)
{
  g_autoptr(GMappedFile) mapped = NULL;
  const guint8 *contents;
  gsize length;
  gsize fed = 0, released = 0;
  GStatBuf st;
  EsEvent events[ES_EVENTLOG_BATCH];

  /* Opening a pipe with no writer would block for ever, and a folder or a
   * device cannot be mapped: say so instead. */
  if (g_stat (path, &st) == 0 && !S_ISREG (st.st_mode))
    {
      g_autofree char *name = g_filename_display_name (path);

      g_set_error (error, G_IO_ERROR, S_ISDIR (st.st_mode) ? G_IO_ERROR_IS_DIRECTORY : G_IO_ERROR_NOT_REGULAR_FILE,
                   S_ISDIR (st.st_mode) ? "“%s” is a folder, not an eventlog"
                                        : "“%s” is not a regular file (a pipe, socket or device): "
                                          "save the log to a file first", name);
      return FALSE;
    }

  mapped = es_eventlog_map_file (path, error);
  if (mapped == NULL)
    return FALSE;

  contents = (const guint8 *) g_mapped_file_get_contents (mapped);
  length = g_mapped_file_get_length (mapped);

  for (;;)
    {
      EsReadResult result = es_eventlog_reader_drain_batches (reader, events, G_N_ELEMENTS (events), batch_func,
                                                              user_data, error);

      switch (result)
        {
        case ES_READ_EVENT:
          /* The caller stopped the reading. */
          return TRUE;

        case ES_READ_NEED_MORE:
          if (g_cancellable_set_error_if_cancelled (cancellable, error))
            return FALSE;
          if (progress_func != NULL)
            progress_func (fed, length, user_data);
          release_pages (contents, &released, fed);
          if (fed == length)
            es_eventlog_reader_finish (reader);
          else
            {
              gsize n = MIN (SLICE_BYTES, length - fed);

              es_eventlog_reader_feed (reader, contents + fed, n);
              fed += n;
            }
          break;

        case ES_READ_END:
          if (progress_func != NULL)
            progress_func (length, length, user_data);
          return TRUE;

        case ES_READ_ERROR:
        default:
          return FALSE;
        }
    }
}

/* es_eventlog_read_file()'s caller, handed each event of a batch, and
 * its progress. */
typedef struct
{
  EsEventFunc             event_func;
  EsEventlogProgressFunc  progress_func;
  gpointer                user_data;
} OneByOne;

static gboolean
hand_out_one_by_one (const EsEventBatch *batch,
                     gpointer            user_data)
{
  OneByOne *one_by_one = user_data;

  for (guint i = 0; i < batch->n_events; i++)
    if (!one_by_one->event_func (&batch->events[i], one_by_one->user_data))
      return FALSE;
  return TRUE;
}

static void
report_progress_one_by_one (guint64  bytes_read,
                            guint64  bytes_total,
                            gpointer user_data)
{
  OneByOne *one_by_one = user_data;

  one_by_one->progress_func (bytes_read, bytes_total, one_by_one->user_data);
}

/**
 * es_eventlog_read_file:
 * @reader: a new reader
 * @path: the log to read
 * @event_func: (scope call): called for each event, in file order
 * @progress_func: (scope call) (nullable): called after each slice
 *
 * Maps @path and runs it through @reader to its end. A log cut short is not
 * an error: every complete event is delivered and
 * es_eventlog_reader_is_truncated() says where it stops. Every event goes
 * to @event_func, whatever es_eventlog_reader_set_counted_only() said.
 * When @event_func stops the reading, the reader may have read a few
 * events past the one it stopped at (those of its batch).
 *
 * Returns: %FALSE with @error set when the file cannot be read, the log is
 *   malformed (%ES_EVENTLOG_ERROR, naming the byte offset), or @cancellable
 *   was cancelled.
 */
gboolean
es_eventlog_read_file (EsEventlogReader        *reader,
                       const char              *path,
                       EsEventFunc              event_func,
                       EsEventlogProgressFunc   progress_func,
                       gpointer                 user_data,
                       GCancellable            *cancellable,
                       GError                 **error)
{
  OneByOne one_by_one = { event_func, progress_func, user_data };
  guint64 counted_only;
  gboolean ok;

  g_return_val_if_fail (reader != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (event_func != NULL, FALSE);

  /* Read in batches, as a load is (one loop, which fuzz-drain checks
   * against a read one event at a time), but every event handed out. */
  counted_only = reader->counted_only;
  reader->counted_only = 0;
  ok = read_file (reader, path, hand_out_one_by_one, progress_func != NULL ? report_progress_one_by_one : NULL,
                  &one_by_one, cancellable, error);
  reader->counted_only = counted_only;
  return ok;
}

/**
 * es_eventlog_read_file_in_batches:
 * @batch_func: (scope call): called with the events, in file order, a
 *   batch of up to %ES_EVENTLOG_BATCH at a time
 *
 * es_eventlog_read_file(), handing out the events in batches: a loader
 * whose work per event is a few instructions spends as much again on a
 * call per event, and on reading back from memory what it keeps between
 * two events. The events of a batch stay valid until @batch_func returns.
 * Those of the tags es_eventlog_reader_set_counted_only() names may come
 * only counted, in the batch's tally.
 */
gboolean
es_eventlog_read_file_in_batches (EsEventlogReader        *reader,
                                  const char              *path,
                                  EsEventBatchFunc         batch_func,
                                  EsEventlogProgressFunc   progress_func,
                                  gpointer                 user_data,
                                  GCancellable            *cancellable,
                                  GError                 **error)
{
  g_return_val_if_fail (reader != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (batch_func != NULL, FALSE);

  return read_file (reader, path, batch_func, progress_func, user_data, cancellable, error);
}
