/* es-live-build.c: a live GHC log read once, a snapshot per update
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "es-busy-grid.h"
#include "es-document-builder.h"
#include "es-eventlog-reader.h"
#include "es-heap-profile.h"
#include "es-live-build.h"
#include "es-mlpd-build.h"
#include "es-mlpd-reader.h"

/* A GHC log is read once as it is recorded: one reader and one builder
 * take the bytes that came since the last update, and each update is a
 * snapshot of the builder, which maps the records it shares with it rather
 * than copying them (es_document_builder_new_for_snapshots()). What is
 * read is read exactly as a file is, so a snapshot is the document of the
 * bytes received (test-document checks it at every kind of cut).
 *
 * A Mono log is read once too (es-mlpd-build.c): its buffers are decoded
 * as they come, and told to its builder as far as the log's sync points
 * say no buffer to come is earlier.
 *
 * A gzip-packed Mono log and a log the readers refuse are left to the
 * caller, which builds from the whole record as a file, telling the error
 * as opening the file would. */

#define READ_BYTES (256u << 10)
/* Bytes waiting to be taken that make it worth prefaulting
 * (es_document_builder_prefault()): about 10 ms of building. */
#define PREFAULT_BACKLOG (4u << 20)

struct _EsLiveBuild
{
  char              *record_path;
  int                fd;
  EsEventlogReader  *reader;
  EsDocumentBuilder *builder;
  EsMlpdBuild       *mono;           /* instead of the two above, for a Mono log */
  guint              mono_restarts;
  EsBusyGridGrower  *busy_grid;      /* the snapshots' grid, grown from one to the next */
  EsHeapProfileGrower *heap_profile; /* and their heap profile */
  guint64            fed;
  gboolean           refused;        /* not a GHC log, or not a valid one */
  GError            *refusal;        /* why, when its bytes are not a valid log */
  guint64            memory_limit;   /* bytes of detail, see es_live_build_set_memory_limit() */
  gboolean           prefaulting;    /* pages were made ready ahead since the last give-back */
  guint              memory_failures; /* es_vec_get_failures() when it began: past it, nothing more is built */
  guint8            *buffer;
};

/**
 * es_live_build_new:
 * @record_path: the file the live log's bytes are recorded into
 *
 * Returns: (transfer full): a build of the log recorded at @record_path,
 *   which has read nothing yet
 */
EsLiveBuild *
es_live_build_new (const char *record_path)
{
  EsLiveBuild *self = g_new0 (EsLiveBuild, 1);

  g_return_val_if_fail (record_path != NULL, self);

  self->record_path = g_strdup (record_path);
  self->fd = -1;
  self->memory_failures = es_vec_get_failures ();
  return self;
}

/* Gives back the pages made ready for events that did not come. */
static void
give_back_prefaulted (EsLiveBuild *self)
{
  if (self->prefaulting && self->builder != NULL)
    es_document_builder_give_back_prefaulted (self->builder);
  self->prefaulting = FALSE;
}

/* Lets go of the record, the reader and what it built. */
static void
release (EsLiveBuild *self)
{
  if (self->fd >= 0)
    close (self->fd);
  self->fd = -1;
  g_clear_pointer (&self->reader, es_eventlog_reader_free);
  /* The pages made ready for events that never came go now, not with the
   * records' file (which the documents shown keep). */
  give_back_prefaulted (self);
  g_clear_pointer (&self->builder, es_document_builder_free);
  g_clear_pointer (&self->mono, es_mlpd_build_free);
  g_clear_pointer (&self->busy_grid, es_busy_grid_grower_unref);
  g_clear_pointer (&self->heap_profile, es_heap_profile_grower_unref);
  g_clear_pointer (&self->buffer, g_free);
}

void
es_live_build_free (EsLiveBuild *self)
{
  if (self == NULL)
    return;
  release (self);
  g_clear_error (&self->refusal);
  g_free (self->record_path);
  g_free (self);
}

/* This log is not to be read once: what was made for it goes, as the
 * caller now builds from the whole record at each update. @error
 * (nullable, taken) says what is wrong with its bytes, if that is why. */
static void
refuse (EsLiveBuild *self,
        GError      *error)
{
  self->refused = TRUE;
  if (self->refusal == NULL)
    self->refusal = error;
  else if (error != NULL)
    g_error_free (error);
  release (self);
}

/**
 * es_live_build_get_refusal:
 *
 * Returns: (nullable): why the log was refused, when its bytes are not a
 *   valid log (not a log, or damaged at a byte the message names): no byte
 *   after them can be shown. %NULL if it was not refused, or only for how
 *   it is read (a packed Mono log).
 */
const GError *
es_live_build_get_refusal (EsLiveBuild *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->refusal;
}

/* Reads @len bytes at @offset of the record, all of them or fails. */
static gboolean
read_record (EsLiveBuild *self,
             guint8      *data,
             gsize        len,
             guint64      offset)
{
  while (len > 0)
    {
      gssize n = pread (self->fd, data, len, (off_t) offset);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return FALSE;
      data += n;
      len -= (gsize) n;
      offset += (guint64) n;
    }
  return TRUE;
}

/* Opens the record and makes what reads and builds it, for a GHC log or a
 * plain Mono log: which it is, its first bytes say. Whether it is a valid
 * one is then the reader's to say. */
static gboolean
start (EsLiveBuild *self)
{
  guint8 magic[4];

  self->fd = g_open (self->record_path, O_RDONLY | O_CLOEXEC, 0);
  if (self->fd < 0 || !read_record (self, magic, sizeof magic, 0))
    return FALSE;
  if (es_mlpd_looks_like (magic, sizeof magic))
    {
      /* Packed, it is unpacked whole, as a file. */
      if (es_mlpd_is_packed (magic, sizeof magic))
        return FALSE;
      self->mono = es_mlpd_build_new ();
    }
  else
    {
      self->reader = es_eventlog_reader_new ();
      self->builder = es_document_builder_new_for_snapshots ();
    }
  self->busy_grid = es_busy_grid_grower_new ();
  self->heap_profile = es_heap_profile_grower_new (ES_HEAP_PROFILE_DEFAULT_TOP);
  self->buffer = g_malloc (READ_BYTES);
  return TRUE;
}

static gboolean
add_batch (const EsEventBatch *batch,
           gpointer            user_data)
{
  EsLiveBuild *self = user_data;

  /* The reader is told to count no tag only (a snapshot shows every
   * event): each comes in @batch->events. */
  es_document_builder_add_batch (self->builder, batch->events, batch->n_events);
  return TRUE;
}

/* Every complete event read so far into the builder, a batch at a time:
 * with a call per event into the reader and another into the builder,
 * taking an 8-cap log cost 356 instructions an event, and 247 so
 * (callgrind); the log is refused at an event that cannot be read. */
static gboolean
drain (EsLiveBuild *self)
{
  EsEvent events[ES_EVENTLOG_BATCH];
  GError *error = NULL;

  if (es_eventlog_reader_drain_batches (self->reader, events, G_N_ELEMENTS (events), add_batch, self,
                                        &error) != ES_READ_ERROR)
    return TRUE;
  refuse (self, error);
  return FALSE;
}

/**
 * es_live_build_take_some:
 * @recorded: how many bytes the record holds now
 * @most: how many of those not taken yet to take now, at most
 * @taken: (out) (optional): how far the record is taken when this returns
 *
 * Reads and builds what was recorded since the last call, up to @most
 * bytes of it, now, without making a document: the bytes are taken as
 * they come, and an update then costs only its snapshot. A backlog is
 * taken in steps, so that an update can be made when it is due, of the
 * bytes taken by then, instead of waiting for the whole backlog.
 *
 * Returns: %FALSE if this log is not to be built this way (see
 *   es_live_build_update()); %TRUE otherwise, with @error set only if
 *   @cancellable stopped it
 */
gboolean
es_live_build_take_some (EsLiveBuild   *self,
                         guint64        recorded,
                         guint64        most,
                         guint64       *taken,
                         GCancellable  *cancellable,
                         GError       **error)
{
  guint64 stop;

  g_return_val_if_fail (self != NULL, FALSE);

  if (taken != NULL)
    *taken = recorded;
  if (self->refused)
    return FALSE;
  if (self->fd < 0)
    {
      /* Enough to tell the format by: until then, nothing is taken, and
       * the bytes are as good as taken (an update of them is nothing). */
      if (recorded < 4)
        return TRUE;
      if (!start (self))
        {
          refuse (self, NULL);
          return FALSE;
        }
    }

  /* New bytes, and no backlog (any more): what was made ready and not
   * written goes back. Not after each take of a backlog, nor when an
   * update takes nothing new: a punch of each vector's pages, then their
   * faults again, cost a 64-cap log 7% of its time. */
  if (recorded > self->fed && recorded - self->fed < PREFAULT_BACKLOG)
    give_back_prefaulted (self);
  stop = self->fed + MIN (most, recorded > self->fed ? recorded - self->fed : 0);
  while (self->fed < stop)
    {
      gsize n = (gsize) MIN ((guint64) READ_BYTES, stop - self->fed);

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        break;
      /* Out of memory: nothing more is taken (the follower stops). */
      if (es_live_build_ran_out_of_memory (self))
        break;
      if (!read_record (self, self->buffer, n, self->fed))
        {
          refuse (self, NULL);
          return FALSE;
        }
      self->fed += n;
      if (self->mono != NULL)
        {
          GError *local = NULL;

          if (!es_mlpd_build_take (self->mono, self->buffer, n, &local))
            {
              refuse (self, local);
              return FALSE;
            }
          continue;
        }
      es_eventlog_reader_feed (self->reader, self->buffer, n);
      if (!drain (self))
        return FALSE;
      /* Every READ_BYTES of a backlog: the pages the next events are
       * written to. At a program's pace, the build thread waits for bytes
       * most of the time, and pages made ready ahead would only be
       * memory (3-4 MB more at the peak of a 64-cap log at 20 MB/s). */
      if (recorded - self->fed >= PREFAULT_BACKLOG)
        {
          es_document_builder_prefault (self->builder);
          self->prefaulting = TRUE;
        }
    }
  if (taken != NULL)
    *taken = self->fed;
  return TRUE;
}

/**
 * es_live_build_take:
 * @recorded: how many bytes the record holds now
 *
 * es_live_build_take_some() of every byte not taken yet.
 *
 * Returns: as es_live_build_take_some()
 */
gboolean
es_live_build_take (EsLiveBuild   *self,
                    guint64        recorded,
                    GCancellable  *cancellable,
                    GError       **error)
{
  return es_live_build_take_some (self, recorded, G_MAXUINT64, NULL, cancellable, error);
}

/**
 * es_live_build_ran_out_of_memory:
 *
 * Returns: whether a vector could not grow as it should have since @self
 *   was made (es_vec_get_failures()): then nothing more is taken or copied,
 *   and the caller is to stop
 */
gboolean
es_live_build_ran_out_of_memory (EsLiveBuild *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return G_UNLIKELY (es_vec_get_failures () != self->memory_failures);
}

/**
 * es_live_build_holds_back:
 *
 * Returns: whether an update leaves out some of what was read until the
 *   log is known complete: a Mono log's records wait for the profiler's
 *   next sync point, and a GHC log without its end marker so far is, once
 *   complete, cut where it stops, each cap's data ending at its last event,
 *   which no update of a log still written says. The update that learns
 *   the log is complete is then to be made even if no byte came since the
 *   last
 */
gboolean
es_live_build_holds_back (EsLiveBuild *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->mono != NULL || (self->reader != NULL && !es_eventlog_reader_saw_end_marker (self->reader));
}

/**
 * es_live_build_set_memory_limit:
 * @bytes: the memory of detail to keep at most, or 0 for no limit
 *
 * Past @bytes of detail (the caps' runs, GC phases and instants: most of a
 * log's memory), each update lets go of the older half of the detail kept
 * (es_document_builder_keep_within()).
 */
void
es_live_build_set_memory_limit (EsLiveBuild *self,
                                guint64      bytes)
{
  g_return_if_fail (self != NULL);

  self->memory_limit = bytes;
}

/* A copy of the build at one update, to be finished into its document:
 * on another thread, while the build goes on taking bytes. */
struct _EsLiveSnapshot
{
  EsDocumentBuilder *copy;
  EsMlpdFinishing   *finishing;      /* for a Mono log */
  gboolean           cut;
  gint64             stop;
  EsBusyGridGrower  *busy_grid;      /* the build's: snapshots are finished one at a time, in order */
  EsHeapProfileGrower *heap_profile; /* likewise */
};

/* A copy of @builder, kept within the memory limit first, to be finished
 * as the document of a log cut at @stop if @cut: one still being written
 * unless @complete. */
static EsLiveSnapshot *
snapshot_of (EsLiveBuild       *self,
             EsDocumentBuilder *builder,
             gboolean           complete,
             gboolean           cut,
             gint64             stop)
{
  EsLiveSnapshot *snapshot = g_new0 (EsLiveSnapshot, 1);

  es_document_builder_keep_within (builder, self->memory_limit);
  snapshot->copy = es_document_builder_copy (builder);
  es_document_builder_set_ongoing (snapshot->copy, !complete);
  snapshot->cut = cut;
  snapshot->stop = cut ? stop : -1;
  snapshot->busy_grid = es_busy_grid_grower_ref (self->busy_grid);
  snapshot->heap_profile = es_heap_profile_grower_ref (self->heap_profile);
  return snapshot;
}

/* es_live_build_copy() of a Mono log. Its builder is a new one after a
 * restart (es_mlpd_build_get_n_restarts()): its snapshots then start a new
 * grid. */
static gboolean
copy_mono (EsLiveBuild     *self,
           gboolean         complete,
           EsLiveSnapshot **snapshot)
{
  EsDocumentBuilder *builder = es_mlpd_build_update (self->mono, complete);
  gint64 cut = es_mlpd_build_get_cut (self->mono);

  if (builder == NULL)
    {
      /* A log cut inside its header is refused as a file would be. */
      if (complete)
        refuse (self, NULL);
      return !complete;
    }
  if (es_mlpd_build_get_n_restarts (self->mono) != self->mono_restarts)
    {
      self->mono_restarts = es_mlpd_build_get_n_restarts (self->mono);
      es_busy_grid_grower_unref (self->busy_grid);
      self->busy_grid = es_busy_grid_grower_new ();
      es_heap_profile_grower_unref (self->heap_profile);
      self->heap_profile = es_heap_profile_grower_new (ES_HEAP_PROFILE_DEFAULT_TOP);
    }
  *snapshot = snapshot_of (self, builder, complete, cut >= 0, cut);
  (*snapshot)->finishing = es_mlpd_build_get_finishing (self->mono);
  return TRUE;
}

/**
 * es_live_build_copy:
 * @recorded: how many bytes the record holds now
 * @complete: whether they are all the log will ever have
 * @snapshot: (out) (transfer full) (nullable): a copy of the build of the
 *   first @recorded bytes, or %NULL if they do not hold a whole header yet
 *
 * Reads what was recorded since the last update and copies the build as
 * it stands: es_live_snapshot_finish() makes its document, on any thread,
 * while @self goes on. Each snapshot is to be finished before the next is
 * copied (they grow one grid in turn). A snapshot holds all it needs (the
 * strings it shares, its own mappings of the records, the grid's grower):
 * @self may refuse the log, or be freed, meanwhile.
 *
 * Returns: %FALSE if this log is not to be built this way (a packed Mono
 *   log, or one a reader refuses: build it from the whole record, as a
 *   file, to tell why); %TRUE otherwise, with @error set only if
 *   @cancellable stopped it
 */
gboolean
es_live_build_copy (EsLiveBuild     *self,
                    guint64          recorded,
                    gboolean         complete,
                    GCancellable    *cancellable,
                    EsLiveSnapshot **snapshot,
                    GError         **error)
{
  gint64 stop = -1;
  gboolean cut;

  g_return_val_if_fail (self != NULL && snapshot != NULL, FALSE);

  *snapshot = NULL;
  if (!es_live_build_take (self, recorded, cancellable, error))
    return FALSE;
  if (g_cancellable_is_cancelled (cancellable) || es_live_build_ran_out_of_memory (self))
    return TRUE;
  if (self->fd < 0)
    return !complete;
  if (self->mono != NULL)
    return copy_mono (self, complete, snapshot);
  if (complete)
    {
      es_eventlog_reader_finish (self->reader);
      if (!drain (self))
        return FALSE;
      give_back_prefaulted (self);
    }

  if (!es_eventlog_reader_has_header (self->reader))
    {
      /* A log cut inside its header is refused as a file would be. */
      if (complete)
        refuse (self, NULL);
      return !complete;
    }
  cut = !es_eventlog_reader_saw_end_marker (self->reader);
  es_eventlog_reader_is_truncated (self->reader, &stop, NULL);
  *snapshot = snapshot_of (self, self->builder, complete, cut, stop);
  return TRUE;
}

/**
 * es_live_snapshot_finish:
 * @snapshot: (transfer full): a copy of the build
 *
 * Closes what is open in the copy, indexes it and gives it the busy caps'
 * grid, grown from the snapshot before.
 *
 * Returns: (transfer full): the document of the bytes copied
 */
EsDocument *
es_live_snapshot_finish (EsLiveSnapshot *snapshot)
{
  EsDocument *document;

  g_return_val_if_fail (snapshot != NULL, NULL);

  document = es_document_builder_finish (snapshot->copy, snapshot->cut, snapshot->stop);
  if (snapshot->finishing != NULL)
    es_mlpd_finishing_apply (snapshot->finishing, document);
  es_busy_grid_grower_give (snapshot->busy_grid, document);
  es_heap_profile_grower_give (snapshot->heap_profile, document);
  es_live_snapshot_free (snapshot);
  return document;
}

void
es_live_snapshot_free (EsLiveSnapshot *snapshot)
{
  if (snapshot == NULL)
    return;
  es_document_builder_free (snapshot->copy);
  es_mlpd_finishing_free (snapshot->finishing);
  es_busy_grid_grower_unref (snapshot->busy_grid);
  es_heap_profile_grower_unref (snapshot->heap_profile);
  g_free (snapshot);
}

/**
 * es_live_build_update:
 * @recorded: how many bytes the record holds now
 * @complete: whether they are all the log will ever have
 * @document: (out) (transfer full) (nullable): the document of the first
 *   @recorded bytes, or %NULL if they do not hold a whole header yet
 *
 * es_live_build_copy() and es_live_snapshot_finish() at once: the cost is
 * the new bytes' reading and building, then closing what is open and
 * indexing; the records already built are shared.
 *
 * Returns: as es_live_build_copy()
 */
gboolean
es_live_build_update (EsLiveBuild   *self,
                      guint64        recorded,
                      gboolean       complete,
                      GCancellable  *cancellable,
                      EsDocument   **document,
                      GError       **error)
{
  EsLiveSnapshot *snapshot = NULL;

  g_return_val_if_fail (self != NULL && document != NULL, FALSE);

  *document = NULL;
  if (!es_live_build_copy (self, recorded, complete, cancellable, &snapshot, error))
    return FALSE;
  if (snapshot != NULL)
    *document = es_live_snapshot_finish (snapshot);
  return TRUE;
}
