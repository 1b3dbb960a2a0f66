/* es-event-index.c: every event of a log, in time order, decoded on demand
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <sys/mman.h>
#include <unistd.h>

#include "es-event-index-private.h"
#include "es-event-text.h"
#include "es-mlpd-file.h"

/* The event list shows every event of logs of up to a gigabyte (66 million
 * events), in the order `ghc-events show` prints (time, then file order),
 * so the index keeps nothing per event: a row's offset in the mapped file
 * is found again from the merge that puts the rows in that order, and the
 * row is decoded from the file when it is asked for.
 * How the rows are put in that order: es-event-index-build.c; how a row
 * is found again: es-event-index-walk.c. */

/* The mapped log's pages count in the process's resident memory once read,
 * and a pass over every event reads them all: the index would cost the
 * log's size again on top of the document. So each pass hands back the
 * pages behind it as it goes (no pass reads behind where it has got to),
 * and once the index is built only the rows being looked at are in
 * memory. The mapping stays: a page handed back is
 * read again from the page cache when a row on it is decoded, and pointers
 * into it (the header's names, decoded events' strings) stay valid. */
void
_es_event_index_drop_pages (EsEventIndex *self,
                            gint64        from,
                            gint64        to)
{
#ifdef MADV_DONTNEED
  gsize page = (gsize) sysconf (_SC_PAGESIZE);
  gsize start = ((gsize) MAX (from, 0) + page - 1) / page * page;
  gsize end = (gsize) MIN (to, (gint64) self->len);

  /* Whole pages only, except the file's last one. */
  if (end < self->len)
    end -= end % page;
  if (end > start)
    madvise ((void *) (self->data + start), end - start, MADV_DONTNEED);
#endif
}

guint16
_es_event_index_cap_at (EsEventIndex *self,
                        gint64        offset)
{
  const Block *blocks = (const Block *) (gpointer) self->blocks->data;
  guint lo = 0, hi = self->blocks->len;

  /* The last block that starts at or before @offset. */
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (blocks[mid].start <= offset)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo > 0 ? blocks[lo - 1].cap : ES_CAP_NONE;
}

gboolean
_es_event_index_decode_offset (EsEventIndex  *self,
                               gint64         offset,
                               guint16        cap,
                               EsEvent       *event,
                               GError       **error)
{
  return es_eventlog_reader_decode_at (self->reader, self->data, self->len, offset, cap, event, error);
}

/* The sizes of the header's event types, once it is read. */
void
_es_event_index_learn_sizes (EsEventIndex *self)
{
  const EsEventType *types;
  guint n_types, n = 0;

  types = es_eventlog_reader_get_event_types (self->reader, &n_types);
  for (guint i = 0; i < n_types; i++)
    n = MAX (n, (guint) types[i].tag + 1);
  g_free (self->event_sizes);
  self->event_sizes = g_new0 (guint16, MAX (n, 1));
  self->n_event_sizes = n;
  for (guint tag = 0; tag < n; tag++)
    {
      guint size = es_eventlog_reader_get_event_size (self->reader, (guint16) tag);

      /* Past 16 bits (a payload of nearly 64 kB), the reader steps over it. */
      self->event_sizes[tag] = size <= G_MAXUINT16 ? (guint16) size : 0;
    }
}

guint64
_es_event_index_next_serial (void)
{
  static guint64 last;

  return (guint64) __atomic_add_fetch (&last, 1, __ATOMIC_RELAXED);
}

EsEventIndex *
es_event_index_ref (EsEventIndex *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
es_event_index_unref (EsEventIndex *self)
{
  if (self == NULL || !g_atomic_ref_count_dec (&self->ref_count))
    return;
  if (self->sorted)
    es_chunks_clear (&self->offsets);
  _es_event_walker_clear (&self->recent);
  g_mutex_clear (&self->recent_lock);
  g_clear_pointer (&self->blocks, g_array_unref);
  g_clear_pointer (&self->heads, g_array_unref);
  g_clear_pointer (&self->checkpoints, g_array_unref);
  g_clear_pointer (&self->positions, g_array_unref);
  es_eventlog_reader_free (self->reader);
  g_free (self->event_sizes);
  g_clear_pointer (&self->mapped, g_mapped_file_unref);
  g_free (self);
}

guint
es_event_index_get_n_rows (EsEventIndex *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_rows;
}

/**
 * es_event_index_count_same_rows:
 * @other: an index of the same log, grown since (a followed log's)
 *
 * Returns: how many rows, from the first, are the same event in both:
 *   those a list of @self's rows keeps where they are once it shows
 *   @other's
 */
guint
es_event_index_count_same_rows (EsEventIndex *self,
                                EsEventIndex *other)
{
  EsEventWalker a = { 0 }, b = { 0 };
  guint n, row;

  g_return_val_if_fail (self != NULL && other != NULL, 0);

  n = MIN (self->n_rows, other->n_rows);
  /* Grown from @self, @other counted them as it merged. */
  if (other->grown_from == self->serial)
    return MIN (other->same_rows, n);
  if (other == self)
    return n;
  _es_event_walker_seek (self, &a, 0);
  _es_event_walker_seek (other, &b, 0);
  for (row = 0; row < n; row++)
    if (_es_event_walker_step (self, &a) != _es_event_walker_step (other, &b))
      break;
  _es_event_walker_clear (&a);
  _es_event_walker_clear (&b);
  return row;
}

/* What the index itself costs (the mapped file aside). */
gsize
es_event_index_get_index_bytes (EsEventIndex *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return (self->sorted ? es_chunks_get_bytes (&self->offsets) : 0)
         + self->blocks->len * sizeof (Block) + self->heads->len * sizeof (guint32)
         + self->checkpoints->len * sizeof (Checkpoint) + self->positions->len * sizeof (RunPosition)
         + self->recent.heap_size * sizeof (Cursor) + sizeof (*self);
}

gboolean
es_event_index_is_truncated (EsEventIndex *self,
                             gint64       *stop_offset)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (stop_offset != NULL)
    *stop_offset = self->stop_offset;
  return self->truncated;
}

guint64
es_event_index_get_time (EsEventIndex *self,
                         guint         row)
{
  g_return_val_if_fail (self != NULL && row < self->n_rows, 0);

  return time_at (self, row_offset (self, row));
}

guint16
es_event_index_get_tag (EsEventIndex *self,
                        guint         row)
{
  g_return_val_if_fail (self != NULL && row < self->n_rows, 0);

  return es_eventlog_tag_at (self->data, row_offset (self, row));
}

/**
 * es_event_index_decode:
 * @event: (out caller-allocates): the event of @row; its strings point
 *   into the mapped log and live as long as the index
 */
gboolean
es_event_index_decode (EsEventIndex *self,
                       guint         row,
                       EsEvent      *event)
{
  gint64 offset;

  g_return_val_if_fail (self != NULL && row < self->n_rows, FALSE);

  offset = row_offset (self, row);
  /* The scan decoded every row already: this cannot fail on the same bytes. */
  return _es_event_index_decode_offset (self, offset, _es_event_index_cap_at (self, offset), event, NULL);
}

/* The description of @event, as `dump` prints it after "cap N: ". */
void
es_event_index_append_text (EsEventIndex  *self,
                            const EsEvent *event,
                            GString       *out)
{
  const EsEventType *type = NULL;

  if (event->unknown)
    type = es_eventlog_reader_lookup_type (self->reader, event->tag);
  es_event_append_text (event, type, out);
}

/* The whole `dump` line of @row, newline included. */
void
es_event_index_append_line (EsEventIndex *self,
                            guint         row,
                            GString      *out)
{
  EsEvent event;

  if (!es_event_index_decode (self, row, &event))
    return;
  es_event_append_line (&event, event.unknown ? es_eventlog_reader_lookup_type (self->reader, event.tag) : NULL,
                        out);
}

/* The first row at or after @time (the row count if none). */
guint
es_event_index_lower_bound (EsEventIndex *self,
                            guint64       time)
{
  guint lo = 0, hi;

  g_return_val_if_fail (self != NULL, 0);

  hi = self->n_rows;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (time_at (self, row_offset (self, mid)) < time)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/**
 * es_event_index_dup_tags:
 *
 * Returns: (transfer full): the tags (guint16) of the events in the log,
 *   ascending
 */
GArray *
es_event_index_dup_tags (EsEventIndex *self)
{
  GArray *tags = g_array_new (FALSE, FALSE, sizeof (guint16));

  g_return_val_if_fail (self != NULL, tags);

  for (guint tag = 0; tag < 65536; tag++)
    if (self->tags_seen[tag >> 3] & (1u << (tag & 7)))
      {
        guint16 t = (guint16) tag;

        g_array_append_val (tags, t);
      }
  return tags;
}

/* The header's name for @tag ("Run thread"), or %NULL. */
const char *
es_event_index_get_tag_name (EsEventIndex *self,
                             guint16       tag)
{
  const EsEventType *type;

  g_return_val_if_fail (self != NULL, NULL);

  type = es_eventlog_reader_lookup_type (self->reader, tag);
  return type != NULL ? type->description : NULL;
}

/* The Haskell thread @event is about, for the events that name one. */
gboolean
es_event_get_thread (const EsEvent *event,
                     guint32       *thread)
{
  if (event->unknown)
    return FALSE;
  switch (event->tag)
    {
    case ES_EVENT_CREATE_THREAD: case ES_EVENT_RUN_THREAD: case ES_EVENT_THREAD_RUNNABLE:
    case ES_EVENT_MIGRATE_THREAD: case ES_EVENT_RUN_SPARK: case ES_EVENT_THREAD_WAKEUP:
    case ES_EVENT_CREATE_SPARK_THREAD: case ES_EVENT_MER_RELEASE_CONTEXT:
      *thread = event->u.thread.thread;
      return TRUE;
    case ES_EVENT_STOP_THREAD:
      *thread = event->u.stop.thread;
      return TRUE;
    case ES_EVENT_STEAL_SPARK:
      *thread = event->u.steal.thread;
      return TRUE;
    case ES_EVENT_THREAD_LABEL:
      *thread = event->u.thread_label.thread;
      return TRUE;
    default:
      return FALSE;
    }
}
