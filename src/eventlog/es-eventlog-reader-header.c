/* es-eventlog-reader-header.c: the header of a log, which declares its
 * event types and their sizes
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-eventlog-reader-private.h"

#define MARKER_HEADER_BEGIN 0x68647262u  /* "hdrb" */
#define MARKER_HET_BEGIN    0x68657462u  /* "hetb" */
#define MARKER_ET_BEGIN     0x65746200u  /* "etb\0" */
#define MARKER_ET_END       0x65746500u  /* "ete\0" */
#define MARKER_HET_END      0x68657465u  /* "hete" */
#define MARKER_HEADER_END   0x68647265u  /* "hdre" */
#define MARKER_DATA_BEGIN   0x64617462u  /* "datb" */

/* A header description or extra field longer than this is corruption, not
 * a GHC header; refusing it keeps a hostile header from holding memory. */
#define MAX_HEADER_FIELD    (1u << 20)

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

/* Parses the header from @p, its first byte. When more bytes must come, the
 * next attempt resumes after the last whole event type: a stream may feed
 * a header a few bytes at a time, and a hostile one declares all 65,535
 * types (1.3 MB), which parsed from the start again at every 4 kB fed took
 * 1.5 s, malloc and free of every description each time. @need says how
 * many bytes the next attempt must have. */
StepResult
_es_eventlog_reader_parse_header (EsEventlogReader  *self,
              const guint8      *p,
              gsize              avail,
              gsize             *consumed,
              gsize             *need,
              GError           **error)
{
  gsize pos = self->header_parsed;
  guint32 marker;

#define NEED(n) G_STMT_START { if (avail - pos < (gsize) (n)) { *need = pos + (n); return STEP_NEED_MORE; } } G_STMT_END

  if (pos == 0)
    {
      g_array_set_size (self->types, 0);
      NEED (8);
      if ((marker = be32 (p)) != MARKER_HEADER_BEGIN)
        return bad_marker (error, 0, marker, "the header marker \"hdrb\"");
      if ((marker = be32 (p + 4)) != MARKER_HET_BEGIN)
        return bad_marker (error, 4, marker, "the event-types marker \"hetb\"");
      pos = self->header_parsed = 8;
    }

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
      self->header_parsed = pos;
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
