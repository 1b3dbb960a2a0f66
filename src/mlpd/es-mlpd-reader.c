/* es-mlpd-reader.c: Mono log-profiler (.mlpd) files, event by event
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-mlpd-error.h"
#include "es-mlpd-reader.h"

/* The format: ../shared/reference/mlpd-format.md, from Mono 6.8's log.h and
 * mprof-report.c. A file is a header and then buffers, each holding the
 * events of one thread; events have no size field, so every payload is
 * decoded to step over it, and one undecodable event loses the rest of the
 * log: that is an error, named with its offset. */

#define LOG_HEADER_ID 0x4D505A01u
#define BUF_ID        0x4D504C01u
#define BUF_HEADER_LEN 48u

/* Data versions whose layouts this reader knows (Mono 5.x to 6.8). */
#define MIN_DATA_VERSION 15
#define MAX_DATA_VERSION 17

#define MAX_FRAMES 4096u

typedef struct
{
  const guint8 *start;        /* of the whole log, for offsets */
  const guint8 *p;
  const guint8 *end;
  gint64        base;         /* offset of @start */
  const char   *problem;      /* the first thing that did not fit, or NULL */
} Cursor;

static void
cursor_fail (Cursor     *c,
             const char *problem)
{
  if (c->problem == NULL)
    c->problem = problem;
  c->p = c->end;
}

static guint8
read_byte (Cursor *c)
{
  if (c->p >= c->end)
    {
      cursor_fail (c, "the event runs past the end of its buffer");
      return 0;
    }
  return *c->p++;
}

static guint64
read_uleb (Cursor *c)
{
  guint64 value = 0;
  guint shift = 0;

  for (;;)
    {
      guint8 b = read_byte (c);

      if (c->problem != NULL)
        return 0;
      if (shift < 64)
        value |= (guint64) (b & 0x7f) << shift;
      shift += 7;
      if ((b & 0x80) == 0)
        return value;
      if (shift >= 70)
        {
          cursor_fail (c, "an integer is longer than ten bytes");
          return 0;
        }
    }
}

static gint64
read_sleb (Cursor *c)
{
  guint64 value = 0;
  guint shift = 0;
  guint8 b;

  do
    {
      b = read_byte (c);
      if (c->problem != NULL)
        return 0;
      if (shift < 64)
        value |= (guint64) (b & 0x7f) << shift;
      shift += 7;
      if ((b & 0x80) != 0 && shift >= 70)
        {
          cursor_fail (c, "an integer is longer than ten bytes");
          return 0;
        }
    }
  while ((b & 0x80) != 0);

  if (shift < 64 && (b & 0x40) != 0)
    value |= ~(guint64) 0 << shift;
  return (gint64) value;
}

static EsMlpdString
read_string (Cursor *c)
{
  const guint8 *nul = c->p < c->end ? memchr (c->p, 0, c->end - c->p) : NULL;
  EsMlpdString s = { NULL, 0 };

  if (nul == NULL)
    {
      cursor_fail (c, "a string has no end inside its buffer");
      return s;
    }
  s.data = (const char *) c->p;
  s.len = (guint32) (nul - c->p);
  c->p = nul + 1;
  return s;
}

static guint32
read_le32 (const guint8 *p)
{
  return (guint32) p[0] | (guint32) p[1] << 8 | (guint32) p[2] << 16 | (guint32) p[3] << 24;
}

static guint64
read_le64 (const guint8 *p)
{
  return (guint64) read_le32 (p) | (guint64) read_le32 (p + 4) << 32;
}

/* The per-buffer bases that pointer, object and method fields are deltas
 * from (format §1.4). Methods chain; pointers and objects do not. */
typedef struct
{
  guint64 ptr_base;
  guint64 obj_base;
  guint64 method;
  guint8  version;
} Bases;

static guint64
read_pointer (Cursor      *c,
              const Bases *b)
{
  return b->ptr_base + (guint64) read_sleb (c);
}

static guint64
read_object (Cursor      *c,
             const Bases *b)
{
  return (b->obj_base + (guint64) read_sleb (c)) << 3;
}

static guint64
read_method (Cursor *c,
             Bases  *b)
{
  b->method += (guint64) read_sleb (c);
  return b->method;
}

/* Frames are written outermost first: the last is where it happened. */
static void
read_backtrace (Cursor  *c,
                Bases   *b,
                guint32 *n_frames,
                guint64 *top_method)
{
  guint64 n = read_uleb (c);

  if (n > MAX_FRAMES)
    {
      cursor_fail (c, "a backtrace claims more frames than a stack can have");
      return;
    }
  *n_frames = (guint32) n;
  for (guint64 i = 0; i < n && c->problem == NULL; i++)
    *top_method = read_method (c, b);
}

static void
decode_gc (Cursor      *c,
           Bases       *b,
           EsMlpdEvent *e)
{
  guint32 n_frames;
  guint64 top;

  switch (e->exinfo)
    {
    case ES_MLPD_GC_EVENT:
      e->u.gc.event = read_byte (c);
      e->u.gc.generation = read_byte (c);
      break;
    case ES_MLPD_GC_RESIZE:
      e->u.resize.heap_size = read_uleb (c);
      break;
    case ES_MLPD_GC_MOVE:
      {
        guint64 n = read_uleb (c);

        e->u.move.n_moves = n / 2;
        for (guint64 i = 0; i < n && c->problem == NULL; i++)
          read_object (c, b);
      }
      break;
    case 0x40: case 0x60:       /* HANDLE_CREATED[_BT]: type, handle, object */
      read_uleb (c);
      read_uleb (c);
      read_object (c, b);
      if (e->exinfo == 0x60)
        read_backtrace (c, b, &n_frames, &top);
      break;
    case 0x50: case 0x70:       /* HANDLE_DESTROYED[_BT]: type, handle */
      read_uleb (c);
      read_uleb (c);
      if (e->exinfo == 0x70)
        read_backtrace (c, b, &n_frames, &top);
      break;
    case 0x80: case 0x90:       /* FINALIZE_START, FINALIZE_END */
      break;
    case 0xA0: case 0xB0:       /* FINALIZE_OBJECT_START, _END */
      read_object (c, b);
      break;
    default:
      cursor_fail (c, "unknown kind of GC event");
      break;
    }
}

static void
decode_metadata (Cursor      *c,
                 Bases       *b,
                 EsMlpdEvent *e)
{
  guint8 kind = read_byte (c);

  e->u.metadata.kind = kind;
  e->u.metadata.pointer = read_pointer (c, b);
  switch (kind)
    {
    case ES_MLPD_KIND_CLASS:
      e->u.metadata.parent = read_pointer (c, b);
      e->u.metadata.name = read_string (c);
      break;
    case 2:                     /* IMAGE: name, and its mvid when loaded (v16+) */
      e->u.metadata.name = read_string (c);
      if (b->version >= 16 && e->exinfo == ES_MLPD_METADATA_END_LOAD)
        read_string (c);
      break;
    case 3:                     /* ASSEMBLY: image, name */
      e->u.metadata.parent = read_pointer (c, b);
      e->u.metadata.name = read_string (c);
      break;
    case 4:                     /* DOMAIN: a name only on name events */
    case ES_MLPD_KIND_THREAD:
      if (e->exinfo == ES_MLPD_METADATA_NAME)
        e->u.metadata.name = read_string (c);
      break;
    case 6:                     /* CONTEXT: its domain */
      e->u.metadata.parent = read_pointer (c, b);
      break;
    case 7:                     /* VTABLE: domain, class */
      read_pointer (c, b);
      e->u.metadata.parent = read_pointer (c, b);
      break;
    default:
      cursor_fail (c, "unknown kind of metadata");
      break;
    }
}

static void
decode_heap (Cursor      *c,
             Bases       *b,
             EsMlpdEvent *e)
{
  switch (e->exinfo)
    {
    case 0x00: case 0x10:       /* HEAP_START, HEAP_END */
      break;
    case 0x20:                  /* HEAP_OBJECT */
      {
        guint64 n_refs;

        read_object (c, b);
        read_pointer (c, b);
        read_uleb (c);
        if (b->version >= 16)
          read_byte (c);
        n_refs = read_uleb (c);
        for (guint64 i = 0; i < n_refs && c->problem == NULL; i++)
          {
            read_uleb (c);
            read_object (c, b);
          }
      }
      break;
    case 0x30:                  /* HEAP_ROOT: n, n x (address, object) */
      {
        guint64 n = read_uleb (c);

        for (guint64 i = 0; i < n && c->problem == NULL; i++)
          {
            read_pointer (c, b);
            read_object (c, b);
          }
      }
      break;
    case 0x40:                  /* ROOT_REGISTER: start, size, source, key, name */
      read_pointer (c, b);
      read_uleb (c);
      read_byte (c);
      read_pointer (c, b);
      read_string (c);
      break;
    case 0x50:                  /* ROOT_UNREGISTER */
      read_pointer (c, b);
      break;
    default:
      cursor_fail (c, "unknown kind of heap event");
      break;
    }
}

static void
skip_counter_value (Cursor *c,
                    guint64 type)
{
  switch (type)
    {
    case 0: case 2: case 3: case 7:      /* INT, WORD, LONG, TIME_INTERVAL */
      read_sleb (c);
      break;
    case 1: case 4:                      /* UINT, ULONG */
      read_uleb (c);
      break;
    case 5:                              /* DOUBLE: 8 raw bytes */
      if (c->end - c->p < 8)
        cursor_fail (c, "a counter value runs past the end of its buffer");
      else
        c->p += 8;
      break;
    case 6:                              /* STRING: present?, then the text */
      if (read_byte (c) == 1)
        read_string (c);
      break;
    default:
      cursor_fail (c, "unknown counter type");
      break;
    }
}

static void
decode_sample (Cursor      *c,
               Bases       *b,
               EsMlpdEvent *e)
{
  switch (e->exinfo)
    {
    case ES_MLPD_SAMPLE_HIT:
      {
        guint64 n;

        e->u.sample.thread = read_pointer (c, b);
        n = read_uleb (c);
        for (guint64 i = 0; i < n && c->problem == NULL; i++)
          read_pointer (c, b);
        n = read_uleb (c);
        if (n > MAX_FRAMES)
          cursor_fail (c, "a sample claims more frames than a stack can have");
        e->u.sample.n_methods = (guint32) n;
        for (guint64 i = 0; i < n && c->problem == NULL; i++)
          {
            guint64 m = read_method (c, b);

            if (i == 0)
              e->u.sample.top_method = m;
          }
      }
      break;
    case 0x10:                  /* USYM: address, size, name */
      read_pointer (c, b);
      read_uleb (c);
      read_string (c);
      break;
    case 0x30:                  /* COUNTERS_DESC */
      {
        guint64 n = read_uleb (c);

        for (guint64 i = 0; i < n && c->problem == NULL; i++)
          {
            if (read_uleb (c) == (1u << 15))    /* PERFCOUNTERS have a section name */
              read_string (c);
            read_string (c);
            read_uleb (c);
            read_uleb (c);
            read_uleb (c);
            read_uleb (c);
          }
      }
      break;
    case 0x40:                  /* COUNTERS: (index, type, value)* up to index 0 */
      while (c->problem == NULL && read_uleb (c) != 0)
        skip_counter_value (c, read_uleb (c));
      break;
    default:
      cursor_fail (c, "unknown kind of sample event");
      break;
    }
}

static void
decode_payload (Cursor      *c,
                Bases       *b,
                EsMlpdEvent *e)
{
  switch (e->type)
    {
    case ES_MLPD_ALLOC:
      e->u.alloc.vtable = read_pointer (c, b);
      e->u.alloc.object = read_object (c, b);
      e->u.alloc.size = read_uleb (c);
      if (e->exinfo == 0x10)
        read_backtrace (c, b, &e->u.alloc.n_frames, &e->u.alloc.top_method);
      else if (e->exinfo != 0)
        cursor_fail (c, "unknown kind of allocation event");
      break;
    case ES_MLPD_GC:
      decode_gc (c, b, e);
      break;
    case ES_MLPD_METADATA:
      decode_metadata (c, b, e);
      break;
    case ES_MLPD_METHOD:
      if (e->exinfo < 0x10 || e->exinfo > ES_MLPD_METHOD_JIT)
        {
          cursor_fail (c, "unknown kind of method event");
          break;
        }
      e->u.method.method = read_method (c, b);
      if (e->exinfo == ES_MLPD_METHOD_JIT)
        {
          e->u.method.code = read_pointer (c, b);
          e->u.method.code_size = read_uleb (c);
          e->u.method.name = read_string (c);
        }
      break;
    case ES_MLPD_EXCEPTION:
      if ((e->exinfo & 0x70) == 0x10)
        {
          e->u.exception.is_clause = TRUE;
          e->u.exception.clause_type = read_byte (c);
          read_uleb (c);
          e->u.exception.method = read_method (c, b);
          e->u.exception.object = read_object (c, b);
        }
      else
        {
          e->u.exception.object = read_object (c, b);
          if (e->exinfo & 0x80)
            read_backtrace (c, b, &e->u.exception.n_frames, &e->u.exception.top_method);
        }
      break;
    case ES_MLPD_MONITOR:
      e->u.monitor.event = read_byte (c);
      e->u.monitor.object = read_object (c, b);
      if (e->exinfo & 0x80)
        read_backtrace (c, b, &e->u.monitor.n_frames, &e->u.monitor.top_method);
      break;
    case ES_MLPD_HEAP:
      decode_heap (c, b, e);
      break;
    case ES_MLPD_SAMPLE:
      decode_sample (c, b, e);
      break;
    case ES_MLPD_RUNTIME:       /* JITHELPER: type, code, size, name if type 5 */
      {
        guint8 kind = read_byte (c);

        read_pointer (c, b);
        read_uleb (c);
        if (kind == 5)
          read_string (c);
      }
      break;
    case ES_MLPD_META:
      if (e->exinfo == 0x00)
        e->u.sync.type = read_byte (c);
      else if (e->exinfo == 0x10)
        read_string (c);
      else
        cursor_fail (c, "unknown kind of meta event");
      break;
    default:
      cursor_fail (c, "unknown event type");
      break;
    }
}

/**
 * es_mlpd_looks_like:
 *
 * Returns: whether @data starts like a Mono log, plain or gzip-packed.
 */
gboolean
es_mlpd_looks_like (const guint8 *data,
                    gsize         len)
{
  if (len >= 4 && read_le32 (data) == LOG_HEADER_ID)
    return TRUE;
  return len >= 2 && data[0] == 0x1f && data[1] == 0x8b;
}

static gboolean
header_string (Cursor     *c,
               char      **out)
{
  guint32 n;

  if (c->end - c->p < 4)
    return FALSE;
  n = read_le32 (c->p);
  c->p += 4;
  if (n == 0 || (guint64) n > (guint64) (c->end - c->p))
    return FALSE;
  *out = g_strndup ((const char *) c->p, n - 1);
  c->p += n;
  return TRUE;
}

/**
 * es_mlpd_read_header:
 * @header_len: (out): where the first buffer starts
 *
 * Returns: %FALSE with @error set if @data does not start with a header this
 *   reader can use.
 */
gboolean
es_mlpd_read_header (const guint8  *data,
                     gsize          len,
                     EsMlpdHeader  *header,
                     gsize         *header_len,
                     GError       **error)
{
  Cursor c = { data, data, data + len, 0, NULL };
  gsize fixed;

  memset (header, 0, sizeof *header);
  if (len < 4 || read_le32 (data) != LOG_HEADER_ID)
    {
      /* A gzip file is taken for a packed Mono log; it may be something
       * else packed, most likely an eventlog. */
      g_set_error (error, ES_MLPD_ERROR, ES_MLPD_ERROR_BAD_MAGIC,
                   len >= 4 && memcmp (data, "hdrb", 4) == 0
                   ? "byte 0: this is a gzip-packed GHC eventlog: unpack it (gunzip) and open that"
                   : "byte 0: not a Mono log-profiler file (no 01 5A 50 4D signature)");
      return FALSE;
    }
  if (len < 8)
    goto truncated;
  header->major = data[4];
  header->minor = data[5];
  header->data_version = data[6];
  header->pointer_size = data[7];
  if (header->data_version < MIN_DATA_VERSION || header->data_version > MAX_DATA_VERSION)
    {
      g_set_error (error, ES_MLPD_ERROR, ES_MLPD_ERROR_UNSUPPORTED_VERSION,
                   "byte 6: data version %u of the Mono log format is not supported (versions %d to %d are: Mono 5 and 6)",
                   header->data_version, MIN_DATA_VERSION, MAX_DATA_VERSION);
      return FALSE;
    }
  if (header->pointer_size != 4 && header->pointer_size != 8)
    {
      g_set_error (error, ES_MLPD_ERROR, ES_MLPD_ERROR_MALFORMED_EVENT,
                   "byte 7: a pointer size of %u bytes is not possible", header->pointer_size);
      return FALSE;
    }

  /* Log version 3 added the startup time on the buffers' clock. */
  fixed = header->major >= 3 ? 38 : 30;
  if (len < fixed)
    goto truncated;
  header->startup_ms = read_le64 (data + 8);
  c.p = data + 16;
  if (header->major >= 3)
    {
      header->startup_ns = read_le64 (c.p);
      c.p += 8;
    }
  header->timer_overhead = read_le32 (c.p);
  if (read_le32 (c.p + 4) != 0)
    {
      g_set_error (error, ES_MLPD_ERROR, ES_MLPD_ERROR_MALFORMED_EVENT,
                   "byte %u: the header's flags are not 0", (guint) (c.p + 4 - data));
      return FALSE;
    }
  header->pid = read_le32 (c.p + 8);
  header->port = (guint16) (c.p[12] | c.p[13] << 8);
  c.p += 14;
  if (!header_string (&c, &header->args) || !header_string (&c, &header->arch) ||
      !header_string (&c, &header->os))
    goto truncated;
  *header_len = c.p - data;
  return TRUE;

truncated:
  es_mlpd_header_clear (header);
  g_set_error (error, ES_MLPD_ERROR, ES_MLPD_ERROR_TRUNCATED_HEADER,
               "byte %" G_GSIZE_FORMAT ": the log ends inside its header", len);
  return FALSE;
}

void
es_mlpd_header_clear (EsMlpdHeader *header)
{
  g_clear_pointer (&header->args, g_free);
  g_clear_pointer (&header->arch, g_free);
  g_clear_pointer (&header->os, g_free);
}

static gboolean
decode_buffer (const guint8    *data,
               const guint8    *buffer,
               guint32          len,
               guint8           version,
               EsMlpdEventFunc  event_func,
               gpointer         user_data,
               GError         **error)
{
  Cursor c = { data, buffer + BUF_HEADER_LEN, buffer + BUF_HEADER_LEN + len, 0, NULL };
  Bases bases = {
    read_le64 (buffer + 16), read_le64 (buffer + 24), read_le64 (buffer + 40), version,
  };
  guint64 time = read_le64 (buffer + 8);
  guint64 thread = read_le64 (buffer + 32);

  while (c.p < c.end)
    {
      EsMlpdEvent e = { 0 };
      const guint8 *start = c.p;
      guint8 first = read_byte (&c);

      e.type = first & 0x0f;
      e.exinfo = first & 0xf0;
      e.offset = start - data;
      e.buffer_thread = thread;
      time += read_uleb (&c);
      e.time = time;
      decode_payload (&c, &bases, &e);
      if (c.problem != NULL)
        {
          g_set_error (error, ES_MLPD_ERROR, ES_MLPD_ERROR_MALFORMED_EVENT,
                       "byte %" G_GINT64_FORMAT ": Mono event 0x%02x cannot be decoded: %s",
                       e.offset, first, c.problem);
          return FALSE;
        }
      if (!event_func (&e, user_data))
        return TRUE;
    }
  return TRUE;
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
  gsize pos;

  *truncated_at = -1;
  if (!es_mlpd_read_header (data, len, header, &pos, error))
    return FALSE;

  while (pos < len)
    {
      guint32 n;

      if (len - pos < BUF_HEADER_LEN || len - pos - BUF_HEADER_LEN < read_le32 (data + pos + 4))
        {
          if (len - pos >= 4 && read_le32 (data + pos) != BUF_ID)
            goto bad_buffer;
          *truncated_at = (gint64) pos;
          break;
        }
      if (read_le32 (data + pos) != BUF_ID)
        goto bad_buffer;
      n = read_le32 (data + pos + 4);
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      if (!decode_buffer (data, data + pos, n, header->data_version, event_func, user_data, error))
        return FALSE;
      pos += BUF_HEADER_LEN + n;
      if (progress_func != NULL)
        progress_func (pos, len, user_data);
    }
  if (progress_func != NULL)
    progress_func (len, len, user_data);
  return TRUE;

bad_buffer:
  g_set_error (error, ES_MLPD_ERROR, ES_MLPD_ERROR_BAD_MAGIC,
               "byte %" G_GSIZE_FORMAT ": expected a Mono log buffer (01 4C 50 4D), found %02x %02x %02x %02x",
               pos, data[pos], data[pos + 1], data[pos + 2], data[pos + 3]);
  return FALSE;
}
