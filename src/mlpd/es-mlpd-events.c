/* es-mlpd-events.c: one buffer of a Mono log decoded, event by event
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-mlpd-bytes.h"
#include "es-mlpd-error.h"
#include "es-mlpd-reader-private.h"

/* The events of a buffer, from ../shared/reference/mlpd-format.md: they
 * have no size field, so every payload is decoded field by field to step
 * over it (es-mlpd-reader.c walks the buffers). */

#define MAX_FRAMES 4096u

/* Where the arrays an event hands out live while it is delivered: one per
 * decoding call, reused by every event, so decoding allocates nothing per
 * event. */
struct _EsMlpdScratch
{
  guint64 frames[MAX_FRAMES];
  guint64 ips[MAX_FRAMES];
  GArray *refs;               /* guint64 */
  GArray *root_addresses;     /* guint64 */
  GArray *root_objects;       /* guint64 */
  GArray *counter_descs;      /* EsMlpdCounterDesc */
  GArray *counter_values;     /* EsMlpdCounterValue */
};

EsMlpdScratch *
_es_mlpd_scratch_new (void)
{
  EsMlpdScratch *scratch = g_new (EsMlpdScratch, 1);

  scratch->refs = g_array_new (FALSE, FALSE, sizeof (guint64));
  scratch->root_addresses = g_array_new (FALSE, FALSE, sizeof (guint64));
  scratch->root_objects = g_array_new (FALSE, FALSE, sizeof (guint64));
  scratch->counter_descs = g_array_new (FALSE, FALSE, sizeof (EsMlpdCounterDesc));
  scratch->counter_values = g_array_new (FALSE, FALSE, sizeof (EsMlpdCounterValue));
  return scratch;
}

void
_es_mlpd_scratch_free (EsMlpdScratch *scratch)
{
  g_array_unref (scratch->refs);
  g_array_unref (scratch->root_addresses);
  g_array_unref (scratch->root_objects);
  g_array_unref (scratch->counter_descs);
  g_array_unref (scratch->counter_values);
  g_free (scratch);
}

typedef struct
{
  const guint8 *start;        /* of the whole log, for offsets */
  const guint8 *p;
  const guint8 *end;
  gint64        base;         /* offset of @start */
  const char   *problem;      /* the first thing that did not fit, or NULL */
  EsMlpdScratch *scratch;
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

/* Frames are written outermost first: the last is where it happened. All
 * of them go to the event's @frames, in the scratch space. */
static void
read_backtrace (Cursor      *c,
                Bases       *b,
                EsMlpdEvent *e,
                guint32     *n_frames,
                guint64     *top_method)
{
  guint64 n = read_uleb (c);

  if (n > MAX_FRAMES)
    {
      cursor_fail (c, "a backtrace claims more frames than a stack can have");
      return;
    }
  *n_frames = (guint32) n;
  e->frames = c->scratch->frames;
  e->n_frames = (guint32) n;
  for (guint64 i = 0; i < n && c->problem == NULL; i++)
    {
      *top_method = read_method (c, b);
      c->scratch->frames[i] = *top_method;
    }
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
    case ES_MLPD_GC_HANDLE_CREATED:
    case ES_MLPD_GC_HANDLE_CREATED_BT:
      e->u.handle.handle_type = read_uleb (c);
      e->u.handle.handle = read_uleb (c);
      e->u.handle.object = read_object (c, b);
      if (e->exinfo == ES_MLPD_GC_HANDLE_CREATED_BT)
        read_backtrace (c, b, e, &n_frames, &top);
      break;
    case ES_MLPD_GC_HANDLE_DESTROYED:
    case ES_MLPD_GC_HANDLE_DESTROYED_BT:
      e->u.handle.handle_type = read_uleb (c);
      e->u.handle.handle = read_uleb (c);
      if (e->exinfo == ES_MLPD_GC_HANDLE_DESTROYED_BT)
        read_backtrace (c, b, e, &n_frames, &top);
      break;
    case ES_MLPD_GC_FINALIZE_START:
    case ES_MLPD_GC_FINALIZE_END:
      break;
    case ES_MLPD_GC_FINALIZE_OBJECT_START:
    case ES_MLPD_GC_FINALIZE_OBJECT_END:
      e->u.finalize.object = read_object (c, b);
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
    case ES_MLPD_KIND_IMAGE:    /* name, and its mvid when loaded (v16+) */
      e->u.metadata.name = read_string (c);
      if (b->version >= 16 && e->exinfo == ES_MLPD_METADATA_END_LOAD)
        read_string (c);
      break;
    case 3:                     /* ASSEMBLY: image, name */
      e->u.metadata.parent = read_pointer (c, b);
      e->u.metadata.name = read_string (c);
      break;
    case ES_MLPD_KIND_DOMAIN:   /* a name only on name events */
    case ES_MLPD_KIND_THREAD:
      if (e->exinfo == ES_MLPD_METADATA_NAME)
        e->u.metadata.name = read_string (c);
      break;
    case 6:                     /* CONTEXT: its domain */
      e->u.metadata.parent = read_pointer (c, b);
      break;
    case 7:                     /* VTABLE: domain, class */
      e->u.metadata.domain = read_pointer (c, b);
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
    case ES_MLPD_HEAP_OBJECT:   /* object, vtable, size, [generation], refs */
      {
        GArray *refs = c->scratch->refs;
        guint64 n_refs;

        e->u.heap_object.object = read_object (c, b);
        e->u.heap_object.vtable = read_pointer (c, b);
        e->u.heap_object.size = read_uleb (c);
        if (b->version >= 16)
          e->u.heap_object.generation = read_byte (c);
        n_refs = read_uleb (c);
        g_array_set_size (refs, 0);
        /* Each reference costs at least two bytes: a count beyond that is
         * a damaged event, not a reason to allocate. */
        if (n_refs > (guint64) (c->end - c->p))
          {
            cursor_fail (c, "a heap object claims more references than its buffer holds");
            break;
          }
        for (guint64 i = 0; i < n_refs && c->problem == NULL; i++)
          {
            guint64 ref;

            read_uleb (c);      /* the field's offset, from the previous one */
            ref = read_object (c, b);
            g_array_append_val (refs, ref);
          }
        e->u.heap_object.refs = (const guint64 *) (gpointer) refs->data;
        e->u.heap_object.n_refs = refs->len;
      }
      break;
    case ES_MLPD_HEAP_ROOT:     /* n, n x (address, object) */
      {
        GArray *addresses = c->scratch->root_addresses;
        GArray *objects = c->scratch->root_objects;
        guint64 n = read_uleb (c);

        g_array_set_size (addresses, 0);
        g_array_set_size (objects, 0);
        if (n > (guint64) (c->end - c->p))
          {
            cursor_fail (c, "a heap root event claims more roots than its buffer holds");
            break;
          }
        for (guint64 i = 0; i < n && c->problem == NULL; i++)
          {
            guint64 address = read_pointer (c, b);
            guint64 object = read_object (c, b);

            g_array_append_val (addresses, address);
            g_array_append_val (objects, object);
          }
        e->u.heap_roots.addresses = (const guint64 *) (gpointer) addresses->data;
        e->u.heap_roots.objects = (const guint64 *) (gpointer) objects->data;
        e->u.heap_roots.n_roots = addresses->len;
      }
      break;
    case ES_MLPD_HEAP_ROOT_REGISTER:    /* start, size, source, key, name */
      e->u.root.start = read_pointer (c, b);
      e->u.root.size = read_uleb (c);
      e->u.root.source = read_byte (c);
      e->u.root.key = read_pointer (c, b);
      e->u.root.name = read_string (c);
      break;
    case ES_MLPD_HEAP_ROOT_UNREGISTER:
      e->u.root.start = read_pointer (c, b);
      break;
    default:
      cursor_fail (c, "unknown kind of heap event");
      break;
    }
}

static void
read_counter_value (Cursor             *c,
                    EsMlpdCounterValue *value)
{
  switch (value->type)
    {
    case ES_MLPD_COUNTER_INT:
    case ES_MLPD_COUNTER_WORD:
    case ES_MLPD_COUNTER_LONG:
    case ES_MLPD_COUNTER_TIME_INTERVAL:
      value->v.signed_delta = read_sleb (c);
      break;
    case ES_MLPD_COUNTER_UINT:
    case ES_MLPD_COUNTER_ULONG:
      value->v.unsigned_delta = read_uleb (c);
      break;
    case ES_MLPD_COUNTER_DOUBLE:        /* 8 raw bytes, little-endian */
      if (c->end - c->p < 8)
        cursor_fail (c, "a counter value runs past the end of its buffer");
      else
        {
          guint64 bits = read_le64 (c->p);

          memcpy (&value->v.number, &bits, sizeof value->v.number);
          c->p += 8;
        }
      break;
    case ES_MLPD_COUNTER_STRING:        /* present?, then the text */
      value->has_string = read_byte (c) == 1;
      if (value->has_string)
        value->string = read_string (c);
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
        if (n > MAX_FRAMES)
          {
            cursor_fail (c, "a sample claims more frames than a stack can have");
            break;
          }
        e->u.sample.ips = c->scratch->ips;
        e->u.sample.n_ips = (guint32) n;
        for (guint64 i = 0; i < n && c->problem == NULL; i++)
          c->scratch->ips[i] = read_pointer (c, b);
        n = read_uleb (c);
        if (n > MAX_FRAMES)
          {
            cursor_fail (c, "a sample claims more frames than a stack can have");
            break;
          }
        e->u.sample.n_methods = (guint32) n;
        e->frames = c->scratch->frames;
        e->n_frames = (guint32) n;
        for (guint64 i = 0; i < n && c->problem == NULL; i++)
          {
            guint64 m = read_method (c, b);

            c->scratch->frames[i] = m;
            if (i == 0)
              e->u.sample.top_method = m;
          }
      }
      break;
    case ES_MLPD_SAMPLE_USYM:   /* address, size, name */
      e->u.usym.address = read_pointer (c, b);
      e->u.usym.size = read_uleb (c);
      e->u.usym.name = read_string (c);
      break;
    case ES_MLPD_SAMPLE_COUNTERS_DESC:
      {
        GArray *descs = c->scratch->counter_descs;
        guint64 n = read_uleb (c);

        g_array_set_size (descs, 0);
        if (n > (guint64) (c->end - c->p))
          {
            cursor_fail (c, "a counter description claims more counters than its buffer holds");
            break;
          }
        for (guint64 i = 0; i < n && c->problem == NULL; i++)
          {
            EsMlpdCounterDesc desc = { 0 };

            desc.section = read_uleb (c);
            if (desc.section == (1u << 15))     /* PERFCOUNTERS have a section name */
              desc.section_name = read_string (c);
            desc.name = read_string (c);
            desc.type = read_uleb (c);
            desc.unit = read_uleb (c);
            desc.variance = read_uleb (c);
            desc.index = read_uleb (c);
            g_array_append_val (descs, desc);
          }
        e->u.counters_desc.descs = (const EsMlpdCounterDesc *) (gpointer) descs->data;
        e->u.counters_desc.n_descs = descs->len;
      }
      break;
    case ES_MLPD_SAMPLE_COUNTERS:       /* (index, type, value)* up to index 0 */
      {
        GArray *values = c->scratch->counter_values;

        g_array_set_size (values, 0);
        while (c->problem == NULL)
          {
            EsMlpdCounterValue value = { 0 };

            value.index = read_uleb (c);
            if (value.index == 0 || c->problem != NULL)
              break;
            value.type = read_uleb (c);
            read_counter_value (c, &value);
            g_array_append_val (values, value);
          }
        e->u.counters.values = (const EsMlpdCounterValue *) (gpointer) values->data;
        e->u.counters.n_values = values->len;
      }
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
        read_backtrace (c, b, e, &e->u.alloc.n_frames, &e->u.alloc.top_method);
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
          e->u.exception.clause_index = read_uleb (c);
          e->u.exception.method = read_method (c, b);
          e->u.exception.object = read_object (c, b);
        }
      else
        {
          e->u.exception.object = read_object (c, b);
          if (e->exinfo & 0x80)
            read_backtrace (c, b, e, &e->u.exception.n_frames, &e->u.exception.top_method);
        }
      break;
    case ES_MLPD_MONITOR:
      e->u.monitor.event = read_byte (c);
      e->u.monitor.object = read_object (c, b);
      if (e->exinfo & 0x80)
        read_backtrace (c, b, e, &e->u.monitor.n_frames, &e->u.monitor.top_method);
      break;
    case ES_MLPD_HEAP:
      decode_heap (c, b, e);
      break;
    case ES_MLPD_SAMPLE:
      decode_sample (c, b, e);
      break;
    case ES_MLPD_RUNTIME:       /* JITHELPER: type, code, size, name if type 5 */
      e->u.code_buffer.type = read_byte (c);
      e->u.code_buffer.code = read_pointer (c, b);
      e->u.code_buffer.size = read_uleb (c);
      if (e->u.code_buffer.type == 5)
        e->u.code_buffer.name = read_string (c);
      break;
    case ES_MLPD_META:
      if (e->exinfo == ES_MLPD_META_SYNC_POINT)
        e->u.sync.type = read_byte (c);
      else if (e->exinfo == ES_MLPD_META_AOT_ID)
        e->u.aot.id = read_string (c);
      else
        cursor_fail (c, "unknown kind of meta event");
      break;
    default:
      cursor_fail (c, "unknown event type");
      break;
    }
}

/* Decodes the events after the @header of the buffer at @buffer (in
 * @data, which starts at @base in the log) and hands each to @event_func
 * until it returns FALSE. */
gboolean
_es_mlpd_decode_buffer (const guint8             *data,
                        gint64                    base,
                        const guint8             *buffer,
                        const EsMlpdBufferHeader *header,
                        guint8                    version,
                        EsMlpdScratch            *scratch,
                        EsMlpdEventFunc           event_func,
                        gpointer                  user_data,
                        GError                  **error)
{
  const guint8 *events = buffer + ES_MLPD_BUFFER_HEADER_LEN;
  Cursor c = { data, events, events + header->events_len, base, NULL, scratch };
  Bases bases = { header->ptr_base, header->obj_base, header->method_base, version };
  guint64 time = header->time_base;
  guint64 thread = header->thread_id;

  while (c.p < c.end)
    {
      EsMlpdEvent e = { 0 };
      const guint8 *start = c.p;
      guint8 first = read_byte (&c);

      e.type = first & 0x0f;
      e.exinfo = first & 0xf0;
      e.offset = base + (start - data);
      e.buffer_thread = thread;
      time += read_uleb (&c);
      e.time = time;
      decode_payload (&c, &bases, &e);
      e.size = (guint32) (c.p - start);
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
