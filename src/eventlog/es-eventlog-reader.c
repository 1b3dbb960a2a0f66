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

#define MARKER_HEADER_BEGIN 0x68647262u  /* "hdrb" */
#define MARKER_HET_BEGIN    0x68657462u  /* "hetb" */
#define MARKER_ET_BEGIN     0x65746200u  /* "etb\0" */
#define MARKER_ET_END       0x65746500u  /* "ete\0" */
#define MARKER_HET_END      0x68657465u  /* "hete" */
#define MARKER_HEADER_END   0x68647265u  /* "hdre" */
#define MARKER_DATA_BEGIN   0x64617462u  /* "datb" */

#define EVENT_HEADER_BYTES  10           /* u16 tag + u64 time */
#define BLOCK_MARKER_BYTES  24
#define WIRE_UNDECLARED     (-2)
#define WIRE_VARIABLE       (-1)
/* A header description or extra field longer than this is corruption, not
 * a GHC header; refusing it keeps a hostile header from holding memory. */
#define MAX_HEADER_FIELD    (1u << 20)

typedef enum
{
  STEP_OK,
  STEP_NEED_MORE,
  STEP_END,
  STEP_ERROR,
} StepResult;


static inline guint16
be16 (const guint8 *p)
{
  return (guint16) ((p[0] << 8) | p[1]);
}

static inline guint32
be32 (const guint8 *p)
{
  return ((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3];
}

static inline guint64
be64 (const guint8 *p)
{
  return ((guint64) be32 (p) << 32) | be32 (p + 4);
}

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
 * valid until es_eventlog_reader_next() returns %ES_READ_NEED_MORE; the
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
/* Header                                                                   */

static void
describe_marker (guint32  found,
                 char     out[32])
{
  char text[5];

  for (guint i = 0; i < 4; i++)
    {
      guint8 c = (found >> (24 - 8 * i)) & 0xff;
      text[i] = g_ascii_isprint (c) ? (char) c : '.';
    }
  text[4] = '\0';
  g_snprintf (out, 32, "0x%08x \"%s\"", found, text);
}

static StepResult
bad_marker (GError      **error,
            gint64        offset,
            guint32       found,
            const char   *expected)
{
  char found_text[32];

  describe_marker (found, found_text);
  g_set_error (error, ES_EVENTLOG_ERROR, ES_EVENTLOG_ERROR_BAD_MAGIC,
               "byte %" G_GINT64_FORMAT ": expected %s, found %s%s",
               offset, expected, found_text,
               offset == 0 ? ": this is not a GHC eventlog" : "");
  return STEP_ERROR;
}

static void
index_event_types (EsEventlogReader *self)
{
  guint max_tag = 0;
  gboolean ghc_6 = FALSE;
  gboolean has_user_marker = FALSE, has_t9003 = FALSE;

  for (guint i = 0; i < self->types->len; i++)
    max_tag = MAX (max_tag, g_array_index (self->types, EsEventType, i).tag);

  self->n_tags = max_tag + 1;
  self->tags = g_new (TagInfo, self->n_tags);
  for (guint i = 0; i < self->n_tags; i++)
    self->tags[i].wire_size = WIRE_UNDECLARED;

  for (guint i = 0; i < self->types->len; i++)
    {
      const EsEventType *type = &g_array_index (self->types, EsEventType, i);

      self->tags[type->tag].wire_size = type->size;
      if (type->tag == ES_EVENT_CREATE_THREAD && type->size == 8)
        ghc_6 = TRUE;
      has_user_marker |= type->tag == ES_EVENT_USER_MARKER;
      has_t9003 |= type->tag == ES_EVENT_HACK_BUG_T9003;
    }

  /* GHC 6.12's header declares sizes its events do not have (a thread id
   * declared 8 bytes but written as 4, STARTUP declared 0 but written as 2):
   * trusting it desynchronises the parse. */
  if (ghc_6)
    {
      static const struct { guint16 tag; gint32 size; } fixups[] = {
        { ES_EVENT_CREATE_THREAD, 4 }, { ES_EVENT_RUN_THREAD, 4 },
        { ES_EVENT_STOP_THREAD, 6 }, { ES_EVENT_THREAD_RUNNABLE, 4 },
        { ES_EVENT_MIGRATE_THREAD, 6 }, { ES_EVENT_RUN_SPARK, 4 },
        { ES_EVENT_STEAL_SPARK, 6 }, { ES_EVENT_THREAD_WAKEUP, 6 },
        { ES_EVENT_CREATE_SPARK_THREAD, 4 }, { ES_EVENT_STARTUP, 2 },
      };

      for (guint i = 0; i < G_N_ELEMENTS (fixups); i++)
        if (fixups[i].tag < self->n_tags && self->tags[fixups[i].tag].wire_size != WIRE_UNDECLARED)
          self->tags[fixups[i].tag].wire_size = fixups[i].size;
    }

  for (guint i = 0; i < self->n_tags; i++)
    if (self->tags[i].wire_size != WIRE_UNDECLARED)
      {
        self->tags[i].layout = _es_event_layout_for ((guint16) i, self->tags[i].wire_size);
        if (self->tags[i].layout >= 0 && i < 64 && (self->fields_unread >> i) & 1)
          self->tags[i].layout += LAYOUT_FIELDS_UNREAD;
      }

  /* The 7.8.2 stop-status renumbering is recognised from the header alone:
   * user markers came with 7.8, the empty HACK_BUG_T9003 type with 7.8.3. */
  if (!has_user_marker)
    self->numbering = ES_STOP_NUMBERING_PRE_77;
  else if (!has_t9003)
    self->numbering = ES_STOP_NUMBERING_GHC_782;
  else
    self->numbering = ES_STOP_NUMBERING_CURRENT;
}

/* Parses the whole header from @p. It is simply retried from the start when
 * more bytes arrive: headers are a few kilobytes, and @need says how many
 * bytes the next attempt must have, so the retries stay few. */
static StepResult
parse_header (EsEventlogReader  *self,
              const guint8      *p,
              gsize              avail,
              gsize             *consumed,
              gsize             *need,
              GError           **error)
{
  gsize pos = 0;
  guint32 marker;

#define NEED(n) G_STMT_START { if (avail - pos < (gsize) (n)) { *need = pos + (n); return STEP_NEED_MORE; } } G_STMT_END

  g_array_set_size (self->types, 0);

  NEED (8);
  if ((marker = be32 (p)) != MARKER_HEADER_BEGIN)
    return bad_marker (error, 0, marker, "the header marker \"hdrb\"");
  if ((marker = be32 (p + 4)) != MARKER_HET_BEGIN)
    return bad_marker (error, 4, marker, "the event-types marker \"hetb\"");
  pos = 8;

  for (;;)
    {
      EsEventType type;
      guint32 desc_len, extra_len;

      NEED (4);
      marker = be32 (p + pos);
      if (marker == MARKER_HET_END)
        {
          pos += 4;
          break;
        }
      if (marker != MARKER_ET_BEGIN)
        return bad_marker (error, (gint64) pos, marker, "an event type (\"etb\\0\") or the end of the types (\"hete\")");

      NEED (4 + 2 + 2 + 4);
      type.tag = be16 (p + pos + 4);
      type.size = be16 (p + pos + 6);
      if (type.size == 0xFFFF)
        type.size = ES_EVENT_SIZE_VARIABLE;
      desc_len = be32 (p + pos + 8);
      if (desc_len > MAX_HEADER_FIELD)
        {
          g_set_error (error, ES_EVENTLOG_ERROR, ES_EVENTLOG_ERROR_BAD_LENGTH,
                       "byte %" G_GSIZE_FORMAT ": event type %u declares a %u-byte description, "
                       "far longer than any real header", pos + 8, type.tag, desc_len);
          return STEP_ERROR;
        }
      pos += 12;
      NEED ((gsize) desc_len + 4);
      extra_len = be32 (p + pos + desc_len);
      if (extra_len > MAX_HEADER_FIELD)
        {
          g_set_error (error, ES_EVENTLOG_ERROR, ES_EVENTLOG_ERROR_BAD_LENGTH,
                       "byte %" G_GSIZE_FORMAT ": event type %u declares %u bytes of extra "
                       "information, far more than any real header", pos + desc_len, type.tag, extra_len);
          return STEP_ERROR;
        }
      NEED ((gsize) desc_len + 4 + extra_len + 4);
      marker = be32 (p + pos + desc_len + 4 + extra_len);
      if (marker != MARKER_ET_END)
        return bad_marker (error, (gint64) (pos + desc_len + 4 + extra_len), marker,
                           "the end of an event type (\"ete\\0\")");
      type.description = g_strndup ((const char *) p + pos, desc_len);
      g_array_append_val (self->types, type);
      pos += desc_len + 4 + extra_len + 4;
    }

  NEED (8);
  if ((marker = be32 (p + pos)) != MARKER_HEADER_END)
    return bad_marker (error, (gint64) pos, marker, "the end of the header (\"hdre\")");
  if ((marker = be32 (p + pos + 4)) != MARKER_DATA_BEGIN)
    return bad_marker (error, (gint64) pos + 4, marker, "the start of the data (\"datb\")");
  pos += 8;

#undef NEED

  index_event_types (self);
  *consumed = pos;
  return STEP_OK;
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
            r = parse_header (self, p, avail, &consumed, &need, &step_error);
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

/* The common case of a drain, in a tighter loop than reader_next(): every
 * complete event of the current chunk, with no carry to complete first.
 * Anything else (an event cut by the chunk's end, the end marker, bad
 * input) is left where it starts, for reader_next() to handle as usual.
 * Returns %FALSE if @func stopped the drain. */
static gboolean
drain_chunk (EsEventlogReader  *self,
             EsEvent           *event,
             EsReaderEventFunc  func,
             gpointer           user_data)
{
  const guint8 *chunk = self->chunk;
  gsize len = self->chunk_len;

  while (self->chunk_pos < len)
    {
      gsize pos = self->chunk_pos, need = 0;
      GError *step_error = NULL;

      if (self->skip_remaining > 0)
        {
          gsize n = MIN ((gsize) self->skip_remaining, len - pos);

          consume (self, FALSE, n);
          self->skip_remaining -= n;
          continue;
        }
      if (decode_event (self, chunk + pos, len - pos, event, &need, &step_error) != STEP_OK)
        {
          /* reader_next() decodes it again, and reports it. */
          g_clear_error (&step_error);
          return TRUE;
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
      if (!func (event, user_data))
        return FALSE;
    }
  return TRUE;
}

/**
 * _es_eventlog_reader_drain:
 * @event: where each event is decoded before it is handed to @func
 * @func: (scope call): called with each event; returns %FALSE to stop
 *
 * es_eventlog_reader_next() in a loop, handing each event to @func: the
 * loading path, where a call per event into the reader costs as much as
 * decoding it.
 *
 * Returns: %ES_READ_EVENT if @func stopped the drain, otherwise what
 *   es_eventlog_reader_next() returned instead of an event.
 */
EsReadResult
_es_eventlog_reader_drain (EsEventlogReader   *self,
                           EsEvent            *event,
                           EsReaderEventFunc   func,
                           gpointer            user_data,
                           GError            **error)
{
  g_return_val_if_fail (self != NULL, ES_READ_ERROR);
  g_return_val_if_fail (event != NULL, ES_READ_ERROR);

  for (;;)
    {
      EsReadResult result;

      if (self->have_header && self->error == NULL && !self->at_end && carry_available (self) == 0 &&
          !drain_chunk (self, event, func, user_data))
        return ES_READ_EVENT;

      result = reader_next (self, event, error);
      if (result != ES_READ_EVENT)
        return result;
      if (!func (event, user_data))
        return ES_READ_EVENT;
    }
}
