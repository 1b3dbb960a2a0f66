/* es-mlpd-reader.c: Mono log-profiler (.mlpd) files, buffer by buffer
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-mlpd-bytes.h"
#include "es-mlpd-error.h"
#include "es-mlpd-reader-private.h"

/* The format: ../shared/reference/mlpd-format.md, from Mono 6.8's log.h and
 * mprof-report.c. A file is a header and then buffers, each holding the
 * events of one thread; events have no size field, so every payload is
 * decoded to step over it, and one undecodable event loses the rest of the
 * log: that is an error, named with its offset. This file walks the
 * buffers; es-mlpd-events.c decodes the events of each. */

#define BUF_ID        0x4D504C01u

/**
 * es_mlpd_read_buffer_header:
 * @data: bytes of a log, from the start of one of its buffers
 * @len: how many
 * @buffer: (out): the buffer's header, when it is one
 *
 * Returns: whether @data starts with a whole buffer header (its id, then
 *   ES_MLPD_BUFFER_HEADER_LEN bytes); its events need not all be there
 */
gboolean
es_mlpd_read_buffer_header (const guint8       *data,
                            gsize               len,
                            EsMlpdBufferHeader *buffer)
{
  g_return_val_if_fail (data != NULL || len == 0, FALSE);
  g_return_val_if_fail (buffer != NULL, FALSE);

  if (len < ES_MLPD_BUFFER_HEADER_LEN || read_le32 (data) != BUF_ID)
    return FALSE;
  *buffer = (EsMlpdBufferHeader) {
    read_le32 (data + 4), read_le64 (data + 8), read_le64 (data + 16), read_le64 (data + 24), read_le64 (data + 32),
    read_le64 (data + 40),
  };
  return TRUE;
}

typedef enum
{
  BUFFER_WHOLE,
  BUFFER_CUT,
  BUFFER_BAD,
} BufferCheck;

/* Whether a whole buffer starts at @pos of @data (its header in
 * *@buffer), only part of one, or something that is not a buffer. */
static BufferCheck
check_buffer (const guint8       *data,
              gsize               len,
              gsize               pos,
              EsMlpdBufferHeader *buffer)
{
  if (len - pos >= 4 && read_le32 (data + pos) != BUF_ID)
    return BUFFER_BAD;
  if (!es_mlpd_read_buffer_header (data + pos, len - pos, buffer) ||
      len - pos - ES_MLPD_BUFFER_HEADER_LEN < buffer->events_len)
    return BUFFER_CUT;
  return BUFFER_WHOLE;
}

static void
set_bad_buffer (const guint8  *data,
                gsize          pos,
                guint64        offset,
                GError       **error)
{
  g_set_error (error, ES_MLPD_ERROR, ES_MLPD_ERROR_BAD_MAGIC,
               "byte %" G_GUINT64_FORMAT ": expected a Mono log buffer (01 4C 50 4D), found %02x %02x %02x %02x",
               offset + pos, data[pos], data[pos + 1], data[pos + 2], data[pos + 3]);
}

/**
 * es_mlpd_decode_buffers:
 * @data: bytes of a log, from the start of one of its buffers
 * @offset: where @data starts in the log, for the offsets told
 * @data_version: the log's, from its header
 * @decoded: (out): how many bytes at the start of @data are whole buffers,
 *   all decoded
 *
 * Decodes the whole buffers at the start of @data, as es_mlpd_decode()
 * does, and stops before one that is not all there: a log read while it is
 * written is decoded a piece at a time, each buffer once.
 *
 * Returns: %FALSE with @error set if a buffer is malformed; *@decoded is
 *   then where it starts.
 */
gboolean
es_mlpd_decode_buffers (const guint8     *data,
                        gsize             len,
                        guint64           offset,
                        guint8            data_version,
                        EsMlpdEventFunc   event_func,
                        gpointer          user_data,
                        gsize            *decoded,
                        GError          **error)
{
  g_autoptr(EsMlpdScratch) scratch = _es_mlpd_scratch_new ();
  gsize pos = 0;

  g_return_val_if_fail (data != NULL || len == 0, FALSE);
  g_return_val_if_fail (decoded != NULL, FALSE);

  for (;;)
    {
      EsMlpdBufferHeader buffer;
      BufferCheck check = check_buffer (data, len, pos, &buffer);

      *decoded = pos;
      if (check == BUFFER_CUT)
        return TRUE;
      if (check == BUFFER_BAD)
        {
          set_bad_buffer (data, pos, offset, error);
          return FALSE;
        }
      if (!_es_mlpd_decode_buffer (data, (gint64) offset, data + pos, &buffer, data_version, scratch, event_func,
                                   user_data, error))
        return FALSE;
      pos += ES_MLPD_BUFFER_HEADER_LEN + buffer.events_len;
    }
}

/**
 * es_mlpd_decode:
 * @data: the whole log, unpacked
 * @header: (out): filled from the log's header
 * @truncated_at: (out): the offset where the log is cut short, or -1
 *
 * Decodes every event of every buffer in file order (which is not time
 * order across threads). A log whose last buffer is incomplete is not an
 * error: its complete buffers are delivered and @truncated_at says where the
 * cut is; the events of an incomplete buffer are not, because a buffer is
 * written whole and a cut one cannot be trusted.
 *
 * Returns: %FALSE with @error set if the log is malformed (naming the byte
 *   offset) or @cancellable was cancelled.
 */
gboolean
es_mlpd_decode (const guint8        *data,
                gsize                len,
                EsMlpdHeader        *header,
                EsMlpdEventFunc      event_func,
                EsMlpdProgressFunc   progress_func,
                gpointer             user_data,
                gint64              *truncated_at,
                GCancellable        *cancellable,
                GError             **error)
{
  g_autoptr(EsMlpdScratch) scratch = NULL;
  gsize pos;

  *truncated_at = -1;
  if (!es_mlpd_read_header (data, len, header, &pos, error))
    return FALSE;
  scratch = _es_mlpd_scratch_new ();

  while (pos < len)
    {
      EsMlpdBufferHeader buffer;
      BufferCheck check = check_buffer (data, len, pos, &buffer);

      if (check == BUFFER_BAD)
        {
          set_bad_buffer (data, pos, 0, error);
          return FALSE;
        }
      if (check == BUFFER_CUT)
        {
          *truncated_at = (gint64) pos;
          break;
        }
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      if (!_es_mlpd_decode_buffer (data, 0, data + pos, &buffer, header->data_version, scratch, event_func, user_data,
                                   error))
        return FALSE;
      pos += ES_MLPD_BUFFER_HEADER_LEN + buffer.events_len;
      if (progress_func != NULL)
        progress_func (pos, len, user_data);
    }
  if (progress_func != NULL)
    progress_func (len, len, user_data);
  return TRUE;
}
