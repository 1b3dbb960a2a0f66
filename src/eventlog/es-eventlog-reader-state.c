/* es-eventlog-reader-state.c: the reader's life and what it tells about
 * the log (its header, where it stopped, how it is shared)
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-eventlog-reader-private.h"

static void
clear_event_type (gpointer data)
{
  EsEventType *type = data;

  g_free (type->description);
}

EsEventlogReader *
es_eventlog_reader_new (void)
{
  EsEventlogReader *self = g_new0 (EsEventlogReader, 1);

  self->types = g_array_new (FALSE, TRUE, sizeof (EsEventType));
  g_array_set_clear_func (self->types, clear_event_type);
  self->carry = g_byte_array_new ();
  self->block_cap = ES_CAP_NONE;
  self->data_offset = -1;
  self->n_parts = 1;
  self->owner_cache_cap = G_MAXUINT32;
  return self;
}

/**
 * es_eventlog_reader_copy:
 *
 * A reader where @self is: the same header, the same partial event kept,
 * the same block under way. Each goes on with the input it is fed (the
 * copy reads the rest of @self's last chunk in place, if any): an index of
 * a growing log goes on reading it, while the one it grew from still
 * decodes with @self.
 *
 * Returns: (transfer full): the copy
 */
EsEventlogReader *
es_eventlog_reader_copy (EsEventlogReader *self)
{
  EsEventlogReader *copy;

  g_return_val_if_fail (self != NULL, NULL);

  copy = g_memdup2 (self, sizeof *self);
  copy->types = g_array_new (FALSE, TRUE, sizeof (EsEventType));
  g_array_set_clear_func (copy->types, clear_event_type);
  for (guint i = 0; i < self->types->len; i++)
    {
      EsEventType type = g_array_index (self->types, EsEventType, i);

      type.description = g_strdup (type.description);
      g_array_append_val (copy->types, type);
    }
  copy->tags = self->tags != NULL ? g_memdup2 (self->tags, self->n_tags * sizeof (TagInfo)) : NULL;
  copy->carry = g_byte_array_new ();
  g_byte_array_append (copy->carry, self->carry->data, self->carry->len);
  copy->error = self->error != NULL ? g_error_copy (self->error) : NULL;
  return copy;
}

void
es_eventlog_reader_free (EsEventlogReader *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->types);
  g_free (self->tags);
  g_byte_array_unref (self->carry);
  g_clear_error (&self->error);
  g_free (self);
}

gint64
es_eventlog_reader_get_offset (EsEventlogReader *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->offset;
}

gint64
es_eventlog_reader_get_data_offset (EsEventlogReader *self)
{
  g_return_val_if_fail (self != NULL, -1);

  return self->data_offset;
}

gboolean
es_eventlog_reader_has_header (EsEventlogReader *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->have_header;
}

const EsEventType *
es_eventlog_reader_get_event_types (EsEventlogReader *self,
                                    guint            *n_types)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (n_types != NULL)
    *n_types = self->types->len;
  return (const EsEventType *) (gpointer) self->types->data;
}

const EsEventType *
es_eventlog_reader_lookup_type (EsEventlogReader *self,
                                guint16           tag)
{
  g_return_val_if_fail (self != NULL, NULL);

  /* Later declarations of a tag win, as in ghc-events. */
  for (guint i = self->types->len; i > 0; i--)
    {
      const EsEventType *type = &g_array_index (self->types, EsEventType, i - 1);

      if (type->tag == tag)
        return type;
    }
  return NULL;
}

gboolean
es_eventlog_reader_saw_end_marker (EsEventlogReader *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->saw_end_marker;
}

/**
 * es_eventlog_reader_is_truncated:
 * @stop_offset: (out) (optional): where the decodable data stops
 * @partial_bytes: (out) (optional): bytes of an incomplete event after it
 *
 * Returns: %TRUE once the reader has reached its end without the log's end
 *   marker: the program was killed, or is still writing.
 */
gboolean
es_eventlog_reader_is_truncated (EsEventlogReader *self,
                                 gint64           *stop_offset,
                                 gsize            *partial_bytes)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (stop_offset != NULL)
    *stop_offset = self->offset;
  if (partial_bytes != NULL)
    *partial_bytes = es_eventlog_reader_get_pending (self);
  return self->at_end && !self->saw_end_marker;
}

/**
 * es_eventlog_reader_set_partition:
 * @n_parts: how many readers share the log
 * @part: which one this is, 0 <= @part < @n_parts
 *
 * Lets several readers build one log on several cores: each hands out the
 * blocks of the caps it owns (cap % @n_parts == @part; part 0 also owns the
 * global blocks and events outside any block) and steps over the rest by
 * their block size, without decoding them. Call before the first event.
 */
void
es_eventlog_reader_set_partition (EsEventlogReader *self,
                                  guint             n_parts,
                                  guint             part)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (n_parts > 0 && part < n_parts);
  g_return_if_fail (self->offset == 0);

  self->n_parts = n_parts;
  self->part = part;
}

/**
 * es_eventlog_reader_set_fields_unread:
 * @tags: a bit for each tag below 64 whose fields the caller does not read
 *
 * Events of these tags with a fixed-size payload are handed out with their
 * header only (tag, time, cap, offset, size, payload): their fields are not
 * decoded, and hold whatever they held. A summary's load reads only the
 * time of most of its events. The block marker is always decoded. Call
 * before the first event.
 */
void
es_eventlog_reader_set_fields_unread (EsEventlogReader *self,
                                      guint64           tags)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (!self->have_header);

  self->fields_unread = tags & ~(G_GUINT64_CONSTANT (1) << ES_EVENT_BLOCK_MARKER);
}

/**
 * es_eventlog_reader_set_counted_only:
 * @tags: a bit for each tag below 64 of which the caller only counts the
 *   events and reads their times
 *
 * Events of these tags inside a cap's block, known and of a fixed-size
 * payload, may not be handed out by a batched read
 * (es_eventlog_read_file_in_batches()): each batch says instead how many
 * there were since the last, of which cap, and the earliest and latest of
 * their times (#EsEventBatch). Those it reads outside its fast loop (at
 * the edge of a slice, say) it hands out as usual: the caller must take
 * both alike. A third or more of a busy log's events are the scheduler's,
 * which a summary only counts. Any other read hands them all out. Call
 * before the first event.
 */
void
es_eventlog_reader_set_counted_only (EsEventlogReader *self,
                                     guint64           tags)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (!self->have_header);

  self->counted_only = tags & ~(G_GUINT64_CONSTANT (1) << ES_EVENT_BLOCK_MARKER);
}

/**
 * es_eventlog_reader_next_event_at:
 * @self: the reader that read @log's header
 * @log: the log's bytes
 * @offset: an event of @log that a reader has read already
 *
 * Steps over the event at @offset by its size alone, as the header
 * declares it (or the reader corrected it), without decoding it: how an
 * index of the log walks a block again.
 *
 * Returns: the offset just after it, or -1 if its tag is not declared
 */
gint64
es_eventlog_reader_next_event_at (EsEventlogReader *self,
                                  const guint8     *log,
                                  gint64            offset)
{
  const guint8 *p = log + offset;
  guint16 tag = be16 (p);
  gint32 wire_size;

  if (tag == ES_EVENT_DATA_END)
    return offset + 2;
  wire_size = tag < self->n_tags ? self->tags[tag].wire_size : WIRE_UNDECLARED;
  if (wire_size == WIRE_VARIABLE)
    return offset + EVENT_HEADER_BYTES + 2 + be16 (p + EVENT_HEADER_BYTES);
  if (wire_size == WIRE_UNDECLARED)
    return -1;
  return offset + EVENT_HEADER_BYTES + wire_size;
}

/**
 * es_eventlog_reader_get_event_size:
 * @self: a reader that has read the log's header
 *
 * Returns: the size in bytes (tag and time included) of every event of
 *   type @tag, as es_eventlog_reader_next_event_at() steps over it; 0 if
 *   its size is in each event, or @tag is not declared
 */
guint
es_eventlog_reader_get_event_size (EsEventlogReader *self,
                                   guint16           tag)
{
  gint32 wire_size = tag < self->n_tags ? self->tags[tag].wire_size : WIRE_UNDECLARED;

  return wire_size >= 0 ? EVENT_HEADER_BYTES + (guint) wire_size : 0;
}
