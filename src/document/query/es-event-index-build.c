/* es-event-index-build.c: the index of every event, made by a pass over
 * the log, or grown from the index of a shorter cut of it
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-event-index-private.h"
#include "es-eventlog-file.h"
#include "es-mlpd-file.h"

/* The order comes from a merge, not a sort: each capability writes its events
 * in time order into blocks, so the blocks of one cap, chained while each
 * starts no earlier than the last ended, are sorted runs; merging the runs by
 * (time, offset) gives the dump's stable order. Not quite in time order: GHC
 * stamps a GC_END before the events it writes just ahead of it, so a block
 * of a real log steps back in time at every GC. A block is cut there into
 * stretches that are each in order, which the merge takes as any others.
 * Only a log with more stretches than one per STRETCH_EVENTS events (never
 * seen from GHC), or whose runs under way are too many to keep, falls back
 * to a sort. The merge is not kept, only its state now and then: see
 * es-event-index-walk.c. */

#define CHECK_EVERY    65536
#define STRETCH_EVENTS 16

/* The next row is the event at @offset (in a sorted index). */
static inline void
append_row (EsEventIndex *self,
            gint64        offset)
{
  if (self->wide)
    *(guint64 *) es_chunks_append (&self->offsets) = (guint64) offset;
  else
    *(guint32 *) es_chunks_append (&self->offsets) = (guint32) offset;
}

/* Room for the rows' offsets, each 32 bits while the log is below 4 GiB. */
static void
init_rows (EsEventIndex *self)
{
  self->wide = self->len > G_MAXUINT32;
  es_chunks_init (&self->offsets, self->wide ? sizeof (guint64) : sizeof (guint32));
}

/* ------------------------------------------------------------------------ */
/* Building                                                                 */

/* Whether the log stops short of its end marker, and where, as a reader
 * told that no more bytes will come says: a copy of the index's, which
 * stays where it is, for the index of a longer cut to go on from. */
static gboolean
probe_end (EsEventIndex  *self,
           GError       **error)
{
  g_autoptr(EsEventlogReader) probe = es_eventlog_reader_copy (self->reader);
  EsEvent event;

  es_eventlog_reader_finish (probe);
  /* Nothing is left but a partial event: the end, cut short or not. */
  if (es_eventlog_reader_next (probe, &event, error) == ES_READ_ERROR)
    return FALSE;
  self->truncated = es_eventlog_reader_is_truncated (probe, &self->stop_offset, NULL);
  return TRUE;
}

/* The sequential pass over the bytes from @from on, fed to the reader
 * where it stopped: the reader checks every event (so the rows are the
 * dump's events exactly) and the blocks are recorded, nothing per event.
 * Sets @n_scanned to the events it met. */
static gboolean
scan_blocks (EsEventIndex          *self,
             gint64                 from,
             guint                 *n_scanned,
             EsEventIndexProgress   progress,
             gpointer               user_data,
             GCancellable          *cancellable,
             GError               **error)
{
  Block *current = NULL;
  gint64 current_end = 0;
  guint64 n_events = 0;
  gint64 dropped = from;
  EsEvent event;

  if ((gsize) from < self->len)
    es_eventlog_reader_feed (self->reader, self->data + from, self->len - (gsize) from);

  for (;;)
    {
      EsReadResult r = es_eventlog_reader_next (self->reader, &event, error);
      gboolean is_marker;

      if (r == ES_READ_ERROR)
        return FALSE;
      if (r != ES_READ_EVENT)
        break;

      is_marker = event.tag == ES_EVENT_BLOCK_MARKER && !event.unknown;
      if (current == NULL || is_marker || event.cap != current->cap || event.offset >= current_end ||
          event.time < current->last_time)
        {
          Block block = { event.offset, event.time, event.time, 0, NO_BLOCK, event.cap };

          /* A step back in time only cuts the block: the stretch after it
           * is still the same block, which ends where it did. */
          if (current == NULL || is_marker || event.cap != current->cap || event.offset >= current_end)
            current_end = is_marker ? event.offset + event.u.block.size : G_MAXINT64;
          g_array_append_val (self->blocks, block);
          current = &g_array_index (self->blocks, Block, self->blocks->len - 1);
        }
      if (current->n_events == G_MAXUINT32 || self->n_rows + ++n_events > G_MAXUINT32)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                       "byte %" G_GINT64_FORMAT ": more than %u events, too many to list",
                       event.offset, G_MAXUINT32);
          return FALSE;
        }
      current->last_time = event.time;
      current->n_events++;
      self->tags_seen[event.tag >> 3] |= (guint8) (1u << (event.tag & 7));

      if (n_events % CHECK_EVERY == 0)
        {
          if (g_cancellable_set_error_if_cancelled (cancellable, error))
            return FALSE;
          _es_event_index_drop_pages (self, dropped, event.offset);
          dropped = event.offset;
          report (progress, user_data, 0.6 * (double) (event.offset - from) / (double) (self->len - from));
        }
    }

  *n_scanned = (guint) n_events;
  return probe_end (self, error);
}

/* The offset of the event after the one at @offset, in its block. */
static gboolean
step_event (EsEventIndex  *self,
            gint64        *offset,
            GError       **error)
{
  gint64 next = next_event_at (self, *offset);

  if (next < 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "byte %" G_GINT64_FORMAT ": an event of a type the header does not declare", *offset);
      return FALSE;
    }
  *offset = next;
  return TRUE;
}

/* Chains the blocks of each cap from @first_block on into sorted runs, and
 * adds their heads to the runs'. */
static void
chain_runs (EsEventIndex *self,
            guint         first_block)
{
  g_autofree guint32 *tails = g_new (guint32, 65536);
  Block *blocks = (Block *) (gpointer) self->blocks->data;

  memset (tails, 0xff, 65536 * sizeof (guint32));
  for (guint32 i = first_block; i < self->blocks->len; i++)
    {
      guint32 tail = tails[blocks[i].cap];

      if (tail != NO_BLOCK && blocks[tail].last_time <= blocks[i].first_time)
        blocks[tail].next = i;
      else if (blocks[i].n_events > 0)
        g_array_append_val (self->heads, i);
      tails[blocks[i].cap] = i;
    }
}

static int
compare_heads (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  const Block *blocks = user_data;
  const Block *x = &blocks[*(const guint32 *) a], *y = &blocks[*(const guint32 *) b];

  if (x->first_time != y->first_time)
    return x->first_time < y->first_time ? -1 : 1;
  return x->start < y->start ? -1 : x->start > y->start;
}

/* Runs start in the order of their first events. */
static void
sort_heads (EsEventIndex *self)
{
  g_array_sort_with_data (self->heads, compare_heads, self->blocks->data);
}

/* Hands back the log's pages behind every run, under way or not: no
 * cursor of the merge moves back. */
static void
drop_pages_behind (EsEventIndex  *self,
                   EsEventWalker *walker,
                   const gint64  *lowest_start,
                   gint64        *dropped)
{
  gint64 lowest = MIN (_es_event_walker_lowest_offset (walker), lowest_start[walker->next_head]);

  lowest = MIN (lowest, (gint64) self->len);
  if (lowest > *dropped)
    {
      _es_event_index_drop_pages (self, *dropped, lowest);
      *dropped = lowest;
    }
}

/* Each run under way reads its stretch alone, from its start to the run's
 * cursor: those pages are read no more either, wherever the other runs
 * are (the caps' blocks are read side by side: the lowest cursor alone
 * would keep them all). */
static void
drop_pages_within_runs (EsEventIndex  *self,
                        EsEventWalker *walker)
{
  const Block *blocks = (const Block *) (gpointer) self->blocks->data;

  for (guint i = 0; i < walker->n_heap; i++)
    if (!walker->heap[i].waiting)
      _es_event_index_drop_pages (self, blocks[walker->heap[i].block].start, walker->heap[i].offset);
}

/* The lowest start of the runs from each in heads on. */
static gint64 *
new_lowest_starts (EsEventIndex *self)
{
  const Block *blocks = (const Block *) (gpointer) self->blocks->data;
  gint64 *lowest = g_new (gint64, self->heads->len + 1);

  lowest[self->heads->len] = G_MAXINT64;
  for (guint i = self->heads->len; i > 0; i--)
    lowest[i - 1] = MIN (lowest[i], blocks[g_array_index (self->heads, guint32, i - 1)].start);
  return lowest;
}

/* Merges the runs from @first_row on (a checkpoint's row), keeping the
 * merge's state at each checkpoint. If @grown_from is not %NULL, notes
 * how many of its rows are the same from the first. Fails with no error
 * set if the runs under way are too many to keep: a sort is then cheaper. */
static gboolean
merge_runs (EsEventIndex          *self,
            guint                  first_row,
            EsEventIndex          *grown_from,
            EsEventIndexProgress   progress,
            gpointer               user_data,
            GCancellable          *cancellable,
            GError               **error)
{
  g_autofree gint64 *lowest_start = new_lowest_starts (self);
  /* As much as the offsets a sort would keep, four bytes a row. */
  guint64 most_positions = (guint64) self->n_rows / 4 + 65536;
  EsEventWalker walker = { 0 }, before = { 0 };
  gboolean comparing = grown_from != NULL;
  gboolean done = FALSE;
  gint64 dropped = 0;
  guint row;

  if (self->checkpoints->len == 0)
    _es_event_walker_start (self, &walker);
  else
    _es_event_walker_seek (self, &walker, first_row);
  if (comparing)
    _es_event_walker_seek (grown_from, &before, first_row);

  for (row = first_row; row < self->n_rows; row++)
    {
      gint64 offset;

      if (row % ROWS_PER_CHECKPOINT == 0 && row / ROWS_PER_CHECKPOINT == self->checkpoints->len)
        {
          _es_event_walker_save (self, &walker);
          if (self->positions->len > most_positions)
            goto out;
        }
      offset = _es_event_walker_step (self, &walker);
      if (offset < 0)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "row %u: the merge ran out of events", row);
          goto out;
        }
      if (comparing && _es_event_walker_step (grown_from, &before) != offset)
        {
          self->same_rows = row;
          comparing = FALSE;
        }

      if (row % CHECK_EVERY == 0)
        {
          if (g_cancellable_set_error_if_cancelled (cancellable, error))
            goto out;
          /* The runs a log grew from are read again where they were. */
          if (grown_from == NULL)
            {
              drop_pages_behind (self, &walker, lowest_start, &dropped);
              drop_pages_within_runs (self, &walker);
            }
          report (progress, user_data, 0.6 + 0.4 * (double) (row - first_row) / (double) (self->n_rows - first_row));
        }
    }
  if (comparing)
    self->same_rows = row;
  done = TRUE;

out:
  _es_event_walker_clear (&walker);
  _es_event_walker_clear (&before);
  return done;
}

static int
compare_rows (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  EsEventIndex *self = user_data;
  gint64 oa = *(const gint64 *) a, ob = *(const gint64 *) b;
  guint64 ta = time_at (self, oa), tb = time_at (self, ob);

  if (ta != tb)
    return ta < tb ? -1 : 1;
  return oa < ob ? -1 : oa > ob;
}

/* Stretches next to each other with one cap are one stretch again: the
 * sort needs no order in them, and rows find their cap as well. */
static void
coalesce_blocks (EsEventIndex *self)
{
  Block *blocks = (Block *) (gpointer) self->blocks->data;
  guint n = 0;

  for (guint i = 0; i < self->blocks->len; i++)
    {
      if (n > 0 && blocks[n - 1].cap == blocks[i].cap)
        blocks[n - 1].n_events += blocks[i].n_events;
      else
        blocks[n++] = blocks[i];
    }
  g_array_set_size (self->blocks, n);
}

/* For logs whose blocks are out of order all through: every offset in file
 * order, then a sort by (time, offset). GLib's merge sort borrows as much
 * memory again while it runs. */
static gboolean
sort_rows (EsEventIndex   *self,
           GCancellable   *cancellable,
           GError        **error)
{
  const Block *blocks;
  g_autofree gint64 *offsets = g_new (gint64, MAX (self->n_rows, 1));
  guint row = 0;

  /* No merge: no runs, and the stretches of a cap next to each other are
   * one again. */
  self->sorted = TRUE;
  g_array_set_size (self->heads, 0);
  g_array_set_size (self->checkpoints, 0);
  g_array_set_size (self->positions, 0);
  coalesce_blocks (self);
  init_rows (self);
  blocks = (const Block *) (gpointer) self->blocks->data;
  for (guint i = 0; i < self->blocks->len; i++)
    {
      gint64 offset = blocks[i].start;

      for (guint32 k = 0; k < blocks[i].n_events; k++)
        {
          offsets[row++] = offset;
          if (k + 1 < blocks[i].n_events && !step_event (self, &offset, error))
            return FALSE;
        }
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
    }
  g_qsort_with_data (offsets, (gint) self->n_rows, sizeof (gint64), compare_rows, self);
  for (row = 0; row < self->n_rows; row++)
    append_row (self, offsets[row]);
  return TRUE;
}

/* Keeps the first bytes of the log and its last, to tell the same log
 * grown from another written since into the same file (a program run
 * again truncates its log): the index's mapping shows what the file holds
 * now, not what it read. */
static void
keep_ends (EsEventIndex *self)
{
  gsize n = MIN (self->len, sizeof self->head);

  if (n > 0)
    {
      memcpy (self->head, self->data, n);
      memcpy (self->tail, self->data + self->len - n, n);
    }
}

/* An index of the log at @path, mapped (it stays mapped), with the first
 * and last bytes kept and nothing else read yet; %NULL with @error set if
 * it cannot be mapped. */
static EsEventIndex *
index_new (const char  *path,
           GError     **error)
{
  g_autoptr(EsEventIndex) self = g_new0 (EsEventIndex, 1);

  g_atomic_ref_count_init (&self->ref_count);
  g_mutex_init (&self->recent_lock);
  self->recent_offset = -1;
  self->blocks = g_array_new (FALSE, FALSE, sizeof (Block));
  self->heads = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->checkpoints = g_array_new (FALSE, FALSE, sizeof (Checkpoint));
  self->positions = g_array_new (FALSE, FALSE, sizeof (RunPosition));
  self->serial = _es_event_index_next_serial ();
  self->mapped = es_eventlog_map_file (path, error);
  if (self->mapped == NULL)
    return NULL;
  self->data = (const guint8 *) g_mapped_file_get_contents (self->mapped);
  self->len = g_mapped_file_get_length (self->mapped);
  keep_ends (self);
  return g_steal_pointer (&self);
}

/**
 * es_event_index_build:
 * @path: an eventlog file (it is mapped, and stays mapped)
 * @progress: (scope call) (nullable): called now and then from this thread
 *
 * Indexes every event of @path in the order `eventscope-cli dump` prints
 * them. Blocks: call it on a worker thread. A log cut short indexes the
 * events before the cut; a malformed one fails with the byte offset.
 *
 * Returns: (transfer full): the index, or %NULL with @error set
 */
EsEventIndex *
es_event_index_build (const char            *path,
                      EsEventIndexProgress   progress,
                      gpointer               user_data,
                      GCancellable          *cancellable,
                      GError               **error)
{
  g_autoptr(EsEventIndex) self = NULL;
  gboolean sorted = TRUE;

  g_return_val_if_fail (path != NULL, NULL);

  if (es_mlpd_sniff_file (path))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   "single events are listed for GHC eventlogs only, and this is a Mono log");
      return NULL;
    }

  self = index_new (path, error);
  if (self == NULL)
    return NULL;
  self->reader = es_eventlog_reader_new ();
  if (!scan_blocks (self, 0, &self->n_rows, progress, user_data, cancellable, error))
    return NULL;
  _es_event_index_learn_sizes (self);

  if (self->blocks->len <= self->n_rows / STRETCH_EVENTS + 4096)
    {
      g_autoptr(GError) merge_error = NULL;

      chain_runs (self, 0);
      sort_heads (self);
      if (merge_runs (self, 0, NULL, progress, user_data, cancellable, &merge_error))
        sorted = FALSE;
      else if (merge_error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&merge_error));
          return NULL;
        }
    }
  if (sorted && !sort_rows (self, cancellable, error))
    return NULL;
  _es_event_index_drop_pages (self, 0, (gint64) self->len);
  report (progress, user_data, 1);
  return g_steal_pointer (&self);
}


/* Whether @grown is @self's log grown: as long at least, with the bytes
 * @self read at its start and its end. */
static gboolean
is_grown (EsEventIndex *self,
          EsEventIndex *grown)
{
  gsize n = MIN (self->len, sizeof self->head);

  if (grown->len < self->len || self->wide != (grown->len > G_MAXUINT32))
    return FALSE;
  return n == 0 || (memcmp (self->head, grown->data, n) == 0 &&
                    memcmp (self->tail, grown->data + self->len - n, n) == 0);
}

/* The first of @self's rows later than @time. */
static guint
first_row_after (EsEventIndex *self,
                 guint64       time)
{
  guint lo = 0, hi = self->n_rows;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (time_at (self, row_offset (self, mid)) <= time)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/**
 * es_event_index_grow:
 * @self: an index of a log that has grown since (a followed log's record)
 * @path: that log, now
 *
 * The index of @path, going on from @self: the bytes @self read are not
 * read again, and its rows up to the earliest time among the new events
 * (and at it: the new come after in file order) stay as they are; the
 * rest of its rows are merged with the new events, as one more sorted
 * run. A log that is not @self's grown, or whose new events would need a
 * sort, is indexed whole (es_event_index_build()).
 *
 * Returns: (transfer full): the index, or %NULL with @error set
 */
EsEventIndex *
es_event_index_grow (EsEventIndex          *self,
                     const char            *path,
                     EsEventIndexProgress   progress,
                     gpointer               user_data,
                     GCancellable          *cancellable,
                     GError               **error)
{
  g_autoptr(EsEventIndex) grown = NULL;
  g_autoptr(GError) merge_error = NULL;
  const Block *blocks;
  guint64 first_new_time = G_MAXUINT64;
  guint first_block, n_new, kept, checkpoint;

  g_return_val_if_fail (self != NULL && path != NULL, NULL);

  grown = index_new (path, error);
  if (grown == NULL)
    return NULL;
  if (!is_grown (self, grown) || self->sorted)
    return es_event_index_build (path, progress, user_data, cancellable, error);

  grown->reader = es_eventlog_reader_copy (self->reader);
  g_array_append_vals (grown->blocks, self->blocks->data, self->blocks->len);
  memcpy (grown->tags_seen, self->tags_seen, sizeof grown->tags_seen);
  grown->n_rows = self->n_rows;
  first_block = grown->blocks->len;
  if (!scan_blocks (grown, (gint64) self->len, &n_new, progress, user_data, cancellable, error))
    return NULL;
  _es_event_index_learn_sizes (grown);
  if (grown->blocks->len - first_block > n_new / STRETCH_EVENTS + 4096)
    return es_event_index_build (path, progress, user_data, cancellable, error);

  blocks = (const Block *) (gpointer) grown->blocks->data;
  for (guint b = first_block; b < grown->blocks->len; b++)
    first_new_time = MIN (first_new_time, blocks[b].first_time);
  kept = first_row_after (self, first_new_time);
  grown->n_rows = self->n_rows + n_new;
  grown->grown_from = self->serial;
  grown->kept_rows = kept;

  /* The runs are @self's, as they were, and the new blocks' own. Every
   * run started before the rows kept ends starts before the new ones, so
   * @self's checkpoints up to there are the grown merge's: it goes on from
   * the last of them. */
  g_array_append_vals (grown->heads, self->heads->data, self->heads->len);
  chain_runs (grown, first_block);
  sort_heads (grown);
  checkpoint = MIN (kept / ROWS_PER_CHECKPOINT, self->checkpoints->len);
  if (checkpoint > 0 && checkpoint == self->checkpoints->len)
    checkpoint--;
  if (self->checkpoints->len > 0)
    {
      guint n_positions = checkpoint + 1 < self->checkpoints->len
                          ? g_array_index (self->checkpoints, Checkpoint, checkpoint + 1).first_position
                          : self->positions->len;

      g_array_append_vals (grown->checkpoints, self->checkpoints->data, checkpoint + 1);
      g_array_append_vals (grown->positions, self->positions->data, n_positions);
    }
  grown->same_rows = checkpoint * ROWS_PER_CHECKPOINT;
  if (!merge_runs (grown, checkpoint * ROWS_PER_CHECKPOINT, self, progress, user_data, cancellable, &merge_error))
    {
      if (merge_error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&merge_error));
          return NULL;
        }
      return es_event_index_build (path, progress, user_data, cancellable, error);
    }
  _es_event_index_drop_pages (grown, 0, (gint64) grown->len);
  report (progress, user_data, 1);
  return g_steal_pointer (&grown);
}
