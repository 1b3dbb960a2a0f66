/* es-eventlog-reader.c: a push parser for GHC eventlogs
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-event-decode-fixed.h"
#include "es-eventlog-reader-private.h"

static gsize
carry_available (EsEventlogReader *self)
{
  return self->carry->len - self->carry_pos;
}

/**
 * es_eventlog_reader_feed:
 * @data: (array length=len): the next bytes of the log
 *
 * Hands the reader more input. @data is read in place, so it must stay
 * valid until es_eventlog_reader_next() (or
 * es_eventlog_reader_drain_batches()) returns %ES_READ_NEED_MORE; the
 * reader keeps its own copy of any partial event at the end.
 */
void
es_eventlog_reader_feed (EsEventlogReader *self,
                         const guint8     *data,
                         gsize             len)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (data != NULL || len == 0);
  g_return_if_fail (!self->finished);

  /* Fed again before the last chunk was drained: keep its rest. */
  if (self->chunk_pos < self->chunk_len)
    g_byte_array_append (self->carry, self->chunk + self->chunk_pos,
                         (guint) (self->chunk_len - self->chunk_pos));

  self->chunk = data;
  self->chunk_len = len;
  self->chunk_pos = 0;
}

/**
 * es_eventlog_reader_finish:
 *
 * Says that no more input will come: the remaining events are handed out,
 * then %ES_READ_END (with the log marked truncated if it did not reach its
 * end marker), or an error if the input ended inside the header.
 */
void
es_eventlog_reader_finish (EsEventlogReader *self)
{
  g_return_if_fail (self != NULL);

  self->finished = TRUE;
}

gsize
es_eventlog_reader_get_pending (EsEventlogReader *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return carry_available (self) + (self->chunk_len - self->chunk_pos);
}

static inline gboolean
owns_cap (EsEventlogReader *self,
          guint16           cap)
{
  if (cap != self->owner_cache_cap)
    {
      self->owner_cache_cap = cap;
      self->owner_cache = cap == ES_CAP_NONE ? self->part == 0 : cap % self->n_parts == self->part;
    }
  return self->owner_cache;
}

/* ------------------------------------------------------------------------ */
/* Events                                                                   */

static const char *
type_description (EsEventlogReader *self,
                  guint16           tag)
{
  const EsEventType *type = es_eventlog_reader_lookup_type (self, tag);

  return type != NULL ? type->description : "undeclared";
}

G_ALWAYS_INLINE static inline StepResult
decode_event (EsEventlogReader  *self,
              const guint8      *p,
              gsize              avail,
              EsEvent           *event,
              gsize             *need,
              GError           **error)
{
  guint16 tag;
  gsize header_bytes = EVENT_HEADER_BYTES;
  gsize payload_len;
  gint32 wire_size;
  int layout;

  if (avail < 2)
    {
      *need = 2;
      return STEP_NEED_MORE;
    }

  tag = be16 (p);
  if (tag == ES_EVENT_DATA_END)
    {
      event->size = 2;
      return STEP_END;
    }

  wire_size = tag < self->n_tags ? self->tags[tag].wire_size : WIRE_UNDECLARED;
  if (wire_size == WIRE_UNDECLARED)
    {
      g_set_error (error, ES_EVENTLOG_ERROR, ES_EVENTLOG_ERROR_UNDECLARED_EVENT,
                   "byte %" G_GINT64_FORMAT ": event type %u is not declared in the header, "
                   "so its size is unknown and nothing after it can be read", self->offset, tag);
      return STEP_ERROR;
    }

  if (wire_size == WIRE_VARIABLE)
    {
      header_bytes += 2;
      if (avail < header_bytes)
        {
          *need = header_bytes;
          return STEP_NEED_MORE;
        }
      payload_len = be16 (p + EVENT_HEADER_BYTES);
    }
  else
    payload_len = (gsize) wire_size;

  /* An event never crosses the end of the block it starts in; one that
   * claims to is a corrupt length, not a log that was cut short. */
  if (self->block_remaining > 0 && (gint64) (header_bytes + payload_len) > self->block_remaining)
    {
      g_set_error (error, ES_EVENTLOG_ERROR, ES_EVENTLOG_ERROR_BAD_LENGTH,
                   "byte %" G_GINT64_FORMAT ": event of type %u (%s) is %" G_GSIZE_FORMAT
                   " bytes long, past the end of its block at byte %" G_GINT64_FORMAT,
                   self->offset, tag, type_description (self, tag),
                   header_bytes + payload_len, self->block_end);
      return STEP_ERROR;
    }

  if (avail < header_bytes + payload_len)
    {
      *need = header_bytes + payload_len;
      return STEP_NEED_MORE;
    }

  event->tag = tag;
  event->time = be64 (p + 2);
  event->offset = self->offset;
  event->payload = p + header_bytes;
  event->payload_len = (guint32) payload_len;
  event->size = (guint32) (header_bytes + payload_len);

  layout = self->tags[tag].layout;
  if (G_LIKELY (layout >= 0))
    {
      /* What _es_event_decode_payload() does for fixed layouts, inline. */
      EsFixedCursor f = { event->payload };

      event->unknown = FALSE;
      if (G_LIKELY (layout < LAYOUT_FIELDS_UNREAD))
        _es_event_decode_fixed (event, &f, layout, self->numbering);
    }
  else if (!_es_event_decode_payload (event, layout, self->numbering, error))
    return STEP_ERROR;

  /* ghc-events' rule: an event takes the block's cap as it stands before
   * the event's own bytes are counted; the marker names its own cap. */
  if (tag == ES_EVENT_BLOCK_MARKER && !event->unknown)
    {
      /* The RTS never nests blocks, and a block holds at least its marker.
       * Sizes that say otherwise are corrupt; trusting them would also send
       * a partitioned read astray, since it steps over blocks by size. */
      if (event->u.block.size < BLOCK_MARKER_BYTES)
        {
          g_set_error (error, ES_EVENTLOG_ERROR, ES_EVENTLOG_ERROR_BAD_LENGTH,
                       "byte %" G_GINT64_FORMAT ": block marker gives its block %u bytes,"
                       " fewer than the %u of the marker itself",
                       self->offset, event->u.block.size, BLOCK_MARKER_BYTES);
          return STEP_ERROR;
        }
      if (self->block_remaining > 0)
        {
          g_set_error (error, ES_EVENTLOG_ERROR, ES_EVENTLOG_ERROR_BAD_LENGTH,
                       "byte %" G_GINT64_FORMAT ": a block begins inside the block that began at byte %"
                       G_GINT64_FORMAT ", whose size claims it runs to byte %" G_GINT64_FORMAT,
                       self->offset, self->block_start, self->block_end);
          return STEP_ERROR;
        }
      event->cap = event->u.block.cap;
      self->block_start = self->offset;
      self->block_remaining = (gint64) event->u.block.size - BLOCK_MARKER_BYTES;
      self->block_cap = event->u.block.cap;
      self->block_end = self->offset + event->u.block.size;
    }
  else
    {
      event->cap = self->block_remaining > 0 ? self->block_cap : ES_CAP_NONE;
      self->block_remaining -= event->size;
    }

  return STEP_OK;
}

/* Random access once the header is parsed: decodes the one event at
 * @offset of the whole @log, @cap being its block's (block markers name
 * their own). @self is only read, so threads may share it. */
gboolean
es_eventlog_reader_decode_at (EsEventlogReader  *self,
                              const guint8      *log,
                              gsize              log_len,
                              gint64             offset,
                              guint16            cap,
                              EsEvent           *event,
                              GError           **error)
{
  EsEventlogReader at = *self;   /* the copy takes the block state */
  gsize need = 0;

  g_return_val_if_fail (self->have_header && offset >= 0, FALSE);

  at.offset = offset;
  at.block_remaining = 0;
  if ((gsize) offset >= log_len ||
      decode_event (&at, log + offset, log_len - (gsize) offset, event, &need, error) != STEP_OK)
    {
      if (error != NULL && *error == NULL)
        g_set_error (error, ES_EVENTLOG_ERROR, ES_EVENTLOG_ERROR_BAD_LENGTH,
                     "byte %" G_GINT64_FORMAT ": no complete event there", offset);
      return FALSE;
    }
  if (event->tag != ES_EVENT_BLOCK_MARKER || event->unknown)
    event->cap = cap;
  return TRUE;
}

static EsReadResult
fail (EsEventlogReader  *self,
      GError            *step_error,
      GError           **error)
{
  self->error = step_error;
  if (error != NULL)
    *error = g_error_copy (self->error);
  return ES_READ_ERROR;
}

static void
consume (EsEventlogReader *self,
         gboolean          from_carry,
         gsize             n)
{
  if (from_carry)
    self->carry_pos += n;
  else
    self->chunk_pos += n;
  self->offset += (gint64) n;
}

static EsReadResult
reach_end (EsEventlogReader  *self,
           GError           **error)
{
  if (!self->have_header && self->offset + es_eventlog_reader_get_pending (self) == 0)
    return fail (self, g_error_new (ES_EVENTLOG_ERROR, ES_EVENTLOG_ERROR_TRUNCATED_HEADER,
                                    "byte 0: the file is empty, not an eventlog"), error);
  if (!self->have_header)
    {
      GError *step_error = g_error_new (ES_EVENTLOG_ERROR, ES_EVENTLOG_ERROR_TRUNCATED_HEADER,
                                        "byte %" G_GINT64_FORMAT ": the log ends inside its header "
                                        "(%" G_GSIZE_FORMAT " bytes read)",
                                        self->offset + (gint64) es_eventlog_reader_get_pending (self),
                                        es_eventlog_reader_get_pending (self));
      return fail (self, step_error, error);
    }
  self->at_end = TRUE;
  return ES_READ_END;
}

/**
 * es_eventlog_reader_next:
 * @event: (out caller-allocates): where to decode the next event
 *
 * Decodes the next complete event. Its strings and payload point into the
 * input and stay valid only until the next call.
 *
 * Returns: %ES_READ_EVENT with @event filled; %ES_READ_NEED_MORE when the
 *   fed input holds no further complete event; %ES_READ_END after the end
 *   marker, or after es_eventlog_reader_finish() once the input is used up;
 *   %ES_READ_ERROR with @error set (byte offset and reason) on bad input.
 */
G_ALWAYS_INLINE static inline EsReadResult
reader_next (EsEventlogReader  *self,
             EsEvent           *event,
             GError           **error)
{
  if (self->error != NULL)
    {
      if (error != NULL)
        *error = g_error_copy (self->error);
      return ES_READ_ERROR;
    }
  if (self->at_end)
    return ES_READ_END;

  /* Recycle the carry only now: the event handed out last time may point
   * into it (and GLib's gc-friendly mode zeroes what a shrink releases). */
  if (self->carry_pos > 0 && self->carry_pos == self->carry->len)
    {
      g_byte_array_set_size (self->carry, 0);
      self->carry_pos = 0;
    }

  for (;;)
    {
      gboolean from_carry = carry_available (self) > 0;
      const guint8 *p = from_carry ? self->carry->data + self->carry_pos : self->chunk + self->chunk_pos;
      gsize avail = from_carry ? carry_available (self) : self->chunk_len - self->chunk_pos;
      gsize need = 0, consumed = 0;
      GError *step_error = NULL;
      StepResult r;

      if (self->skip_remaining > 0)
        {
          gsize n = MIN ((gsize) self->skip_remaining, avail);

          if (n > 0)
            {
              consume (self, from_carry, n);
              self->skip_remaining -= n;
              continue;
            }
          if (self->finished)
            return reach_end (self, error);
          return ES_READ_NEED_MORE;
        }

      if (!self->have_header)
        {
          if (avail < self->header_need && !(from_carry && self->chunk_pos < self->chunk_len))
            r = STEP_NEED_MORE, need = self->header_need;
          else
            r = _es_eventlog_reader_parse_header (self, p, avail, &consumed, &need, &step_error);
        }
      else
        {
          r = decode_event (self, p, avail, event, &need, &step_error);
          consumed = r == STEP_OK || r == STEP_END ? event->size : 0;
        }

      switch (r)
        {
        case STEP_OK:
          consume (self, from_carry, consumed);
          if (!self->have_header)
            {
              self->have_header = TRUE;
              self->data_offset = self->offset;
              continue;
            }
          if (self->n_parts > 1 && !owns_cap (self, event->cap))
            {
              if (event->tag == ES_EVENT_BLOCK_MARKER && self->block_remaining > 0)
                {
                  /* Another reader decodes this block: step over it. */
                  self->skip_remaining = self->block_remaining;
                  self->block_remaining = 0;
                }
              continue;
            }
          return ES_READ_EVENT;

        case STEP_END:
          consume (self, from_carry, consumed);
          self->saw_end_marker = TRUE;
          self->at_end = TRUE;
          return ES_READ_END;

        case STEP_ERROR:
          return fail (self, step_error, error);

        case STEP_NEED_MORE:
          if (!self->have_header)
            self->header_need = need;
          if (from_carry && self->chunk_pos < self->chunk_len)
            {
              /* Complete the straddling event (or the header) from the new
               * chunk; the header may need all of it. */
              gsize take = self->have_header ? need - avail : self->chunk_len - self->chunk_pos;

              take = MIN (take, self->chunk_len - self->chunk_pos);
              g_byte_array_append (self->carry, self->chunk + self->chunk_pos, (guint) take);
              self->chunk_pos += take;
              continue;
            }
          if (!from_carry && avail > 0)
            {
              /* Keep the partial tail: the caller may free the chunk now. */
              g_byte_array_append (self->carry, p, (guint) avail);
              self->chunk_pos = self->chunk_len;
            }
          if (self->finished)
            return reach_end (self, error);
          return ES_READ_NEED_MORE;

        default:
          g_assert_not_reached ();
        }
    }
}

EsReadResult
es_eventlog_reader_next (EsEventlogReader  *self,
                         EsEvent           *event,
                         GError           **error)
{
  g_return_val_if_fail (self != NULL, ES_READ_ERROR);
  g_return_val_if_fail (event != NULL, ES_READ_ERROR);

  return reader_next (self, event, error);
}

/* Hands out @batch, and empties it. */
static inline gboolean
hand_out (EsEventBatch      *batch,
          EsEventBatchFunc   func,
          gpointer           user_data)
{
  gboolean go_on = func (batch, user_data);

  batch->n_events = 0;
  batch->n_counted = 0;
  return go_on;
}

/* The batched drain's inner loop: the events of a block of a cap it owns,
 * as far as they are known, of a fixed size and in the chunk, with where
 * it is in registers, not in the reader (its stores to the events could be
 * to the reader, as far as the compiler knows, and each field would be
 * read back at every event). It stops at anything else, for
 * decode_event() to take. Returns %FALSE if @func stopped the drain. */
G_ALWAYS_INLINE static inline gboolean
drain_block (EsEventlogReader  *self,
             EsEventBatch      *batch,
             EsEvent           *events,
             guint              max,
             EsEventBatchFunc   func,
             gpointer           user_data)
{
  const guint8 *chunk = self->chunk;
  const TagInfo *tags = self->tags;
  guint n_tags = self->n_tags;
  guint16 cap = self->block_cap;
  /* A block of no cap (a hostile log's) hands out every event: what a
   * caller counts is counted per cap. */
  guint64 counted_only = cap != ES_CAP_NONE ? self->counted_only : 0;
  EsStopNumbering numbering = self->numbering;
  gsize start = self->chunk_pos, pos = start;
  gsize end = MIN (self->chunk_len, start + (gsize) self->block_remaining);
  gint64 chunk_offset = self->offset - (gint64) start;
  gint32 run_size = n_tags > ES_EVENT_RUN_THREAD ? tags[ES_EVENT_RUN_THREAD].wire_size : WIRE_UNDECLARED;
  gint32 stop_size = n_tags > ES_EVENT_STOP_THREAD ? tags[ES_EVENT_STOP_THREAD].wire_size : WIRE_UNDECLARED;
  gint32 wakeup_size = n_tags > ES_EVENT_THREAD_WAKEUP ? tags[ES_EVENT_THREAD_WAKEUP].wire_size : WIRE_UNDECLARED;

  /* What a batch counts is of one cap. */
  if (batch->n_counted > 0 && batch->counted_cap != cap && !hand_out (batch, func, user_data))
    return FALSE;

  while (pos + EVENT_HEADER_BYTES <= end)
    {
      const guint8 *p = chunk + pos;
      guint16 tag = be16 (p);
      gint32 wire_size, layout;
      guint64 time;
      EsEvent *event;

      /* The end marker, a new block (an error inside one), and what is
       * not declared are decode_event()'s to tell. */
      if (tag >= n_tags || tag == ES_EVENT_BLOCK_MARKER || tag == ES_EVENT_DATA_END)
        break;
      /* Where the next event starts is the one chain each event waits
       * on: a load of its tag, then of its size. The scheduler's events,
       * most of a busy log's, take their size from a register instead,
       * by a branch on the tag, which the CPU foretells and runs ahead of
       * the loads. */
      if (tag == ES_EVENT_RUN_THREAD)
        wire_size = run_size;
      else if (tag == ES_EVENT_STOP_THREAD)
        wire_size = stop_size;
      else if (tag == ES_EVENT_THREAD_WAKEUP)
        wire_size = wakeup_size;
      else
        wire_size = tags[tag].wire_size;
      layout = tags[tag].layout;
      if (wire_size < 0 || layout < 0 || pos + EVENT_HEADER_BYTES + (gsize) wire_size > end)
        break;
      time = be64 (p + 2);

      if (tag < 64 && (counted_only >> tag) & 1)
        {
          if (batch->n_counted++ == 0)
            {
              batch->counted_cap = cap;
              batch->counted_earliest = batch->counted_latest = time;
            }
          else if (time > batch->counted_latest)
            batch->counted_latest = time;
          else if (time < batch->counted_earliest)
            batch->counted_earliest = time;
          pos += EVENT_HEADER_BYTES + (gsize) wire_size;
          continue;
        }

      event = &events[batch->n_events];
      event->tag = tag;
      event->time = time;
      event->offset = chunk_offset + (gint64) pos;
      event->payload = p + EVENT_HEADER_BYTES;
      event->payload_len = (guint32) wire_size;
      event->size = (guint32) (EVENT_HEADER_BYTES + wire_size);
      event->cap = cap;
      event->unknown = FALSE;
      if (G_LIKELY (layout < LAYOUT_FIELDS_UNREAD))
        {
          EsFixedCursor f = { event->payload };

          _es_event_decode_fixed_inline_runs (event, &f, layout, numbering);
        }
      pos += EVENT_HEADER_BYTES + (gsize) wire_size;
      if (G_UNLIKELY (++batch->n_events == max))
        {
          /* Where it is, in case @func asks. */
          self->block_remaining -= (gint64) (pos - start);
          self->offset += (gint64) (pos - start);
          self->chunk_pos = start = pos;
          if (!hand_out (batch, func, user_data))
            return FALSE;
        }
    }
  self->block_remaining -= (gint64) (pos - start);
  self->offset += (gint64) (pos - start);
  self->chunk_pos = pos;
  return TRUE;
}

/* The common case of a drain, in a tighter loop than reader_next(): every
 * complete event of the current chunk, with no carry to complete first,
 * handed out in batches (of up to @max events, and those it only counts:
 * see es_eventlog_reader_set_counted_only()), the events of the blocks it
 * owns in drain_block()'s tighter loop. Anything else (an event cut by
 * the chunk's end, the end marker, bad input) is left where it starts,
 * for reader_next() to handle as usual. Returns %FALSE if @func stopped
 * the drain. */
static gboolean
drain_chunk_in_batches (EsEventlogReader  *self,
                        EsEvent           *events,
                        guint              max,
                        EsEventBatchFunc   func,
                        gpointer           user_data)
{
  const guint8 *chunk = self->chunk;
  gsize len = self->chunk_len;
  EsEventBatch batch = { events, 0, 0, ES_CAP_NONE, 0, 0 };

  while (self->chunk_pos < len)
    {
      gsize pos, need = 0;
      GError *step_error = NULL;
      EsEvent *event;

      if (self->block_remaining > 0 && self->skip_remaining == 0 &&
          (self->n_parts == 1 || owns_cap (self, self->block_cap)))
        {
          if (!drain_block (self, &batch, events, max, func, user_data))
            return FALSE;
          if (self->chunk_pos == len)
            break;
        }
      pos = self->chunk_pos;
      event = &events[batch.n_events];
      if (self->skip_remaining > 0)
        {
          gsize skip = MIN ((gsize) self->skip_remaining, len - pos);

          consume (self, FALSE, skip);
          self->skip_remaining -= skip;
          continue;
        }
      if (decode_event (self, chunk + pos, len - pos, event, &need, &step_error) != STEP_OK)
        {
          /* reader_next() decodes it again, and reports it. */
          g_clear_error (&step_error);
          break;
        }
      consume (self, FALSE, event->size);
      if (self->n_parts > 1 && !owns_cap (self, event->cap))
        {
          if (event->tag == ES_EVENT_BLOCK_MARKER && self->block_remaining > 0)
            {
              self->skip_remaining = self->block_remaining;
              self->block_remaining = 0;
            }
          continue;
        }
      /* Not counted here, whatever its tag: one at a time, outside the
       * fast loop, they are few. */
      if (++batch.n_events == max && !hand_out (&batch, func, user_data))
        return FALSE;
    }
  return (batch.n_events == 0 && batch.n_counted == 0) || hand_out (&batch, func, user_data);
}

/**
 * es_eventlog_reader_drain_batches:
 * @events: (array length=max): where the events are decoded, @max at most
 *   at a time
 * @func: (scope call): called with each batch of events, in file order,
 *   and of those counted only (es_eventlog_reader_set_counted_only());
 *   returns %FALSE to stop
 *
 * es_eventlog_reader_next() in a loop, until it would return something
 * other than an event, handing the events out in batches: a caller that
 * does little with each event (a builder's few instructions) then does it
 * in a loop of its own, with what it keeps in registers, not a call per
 * event into the reader, which costs as much as decoding it. The same
 * events come, with the same fields, and the read ends the same way, at
 * the same byte and with the same error, however the input was fed
 * (fuzz-drain checks it).
 *
 * The events of a batch point into the input fed, or into the reader's
 * copy of an event cut by the end of a feed: they stay valid until @func
 * returns. When @func stops the drain, the reader stands after the last
 * event that batch holds or counts, and the next call goes on from there.
 *
 * Returns: %ES_READ_EVENT if @func stopped the drain, otherwise what
 *   es_eventlog_reader_next() returned instead of an event:
 *   %ES_READ_NEED_MORE when every complete event fed is out
 */
EsReadResult
es_eventlog_reader_drain_batches (EsEventlogReader  *self,
                                  EsEvent           *events,
                                  guint              max,
                                  EsEventBatchFunc   func,
                                  gpointer           user_data,
                                  GError           **error)
{
  g_return_val_if_fail (self != NULL, ES_READ_ERROR);
  g_return_val_if_fail (events != NULL && max > 0, ES_READ_ERROR);

  for (;;)
    {
      EsReadResult result;

      if (self->have_header && self->error == NULL && !self->at_end && carry_available (self) == 0 &&
          !drain_chunk_in_batches (self, events, max, func, user_data))
        return ES_READ_EVENT;

      /* One at a time: it may point into the carry, which the next call
       * recycles. */
      result = reader_next (self, &events[0], error);
      if (result != ES_READ_EVENT)
        return result;
      if (!func (&(EsEventBatch) { events, 1, 0, ES_CAP_NONE, 0, 0 }, user_data))
        return ES_READ_EVENT;
    }
}
