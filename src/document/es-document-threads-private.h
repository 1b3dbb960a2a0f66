/* es-document-threads-private.h: the index of each thread's runs and
 * instants, shared by the states made whole and those read a few at a time
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document-private.h"
#include "es-varint.h"

G_BEGIN_DECLS

/* Per thread, where its runs and instants are in the caps' arrays: derived
 * data, built once, on the first request (a view opening its thread rows),
 * not on the load path. Packed, as the thread states are: a busy log has
 * millions of runs, and as 8-byte references they were a third of the
 * log's size again. A thread's runs are varints of the activity's index,
 * from its run before on the same cap (shifted left once), or with the
 * low bit set, the index itself and the new cap; its instants likewise,
 * from the one before of the same cap and kind, or the index with the new
 * kind (a byte) and cap. */
typedef struct
{
  gsize   *run_offsets;       /* per thread (by position), n_threads + 1, into run_bytes */
  guint32 *n_runs;
  guint8  *run_bytes;
  gsize   *instant_offsets;
  guint32 *n_instants;
  guint8  *instant_bytes;
} ThreadIndex;

/* Where a thread's references stand while they are packed or read. */
typedef struct
{
  guint32 index;
  guint16 cap;
  guint8  kind;
  guint8  started;
} RefCursor;

ThreadIndex *_es_document_get_thread_index (EsDocument *self);

static inline const guint8 *
unpack_ref (RefCursor    *cursor,
            const guint8 *in)
{
  guint64 v;

  in = es_varint_get (in, &v);
  if (v & 1)
    {
      guint64 cap;

      cursor->kind = *in++;
      in = es_varint_get (in, &cap);
      cursor->cap = (guint16) cap;
      cursor->index = (guint32) (v >> 1);
    }
  else
    cursor->index += (guint32) (v >> 1);
  return in;
}

/* The state an instant of @ref's cap and kind makes of its thread, its
 * time read by @reader (of that cap and kind). */
static inline EsThreadState
_es_instant_state_read (EsDocument      *self,
                        const RefCursor *ref,
                        EsInstantReader *reader)
{
  gboolean sent = ref->kind == ES_INSTANT_THREAD_MIGRATED || ref->kind == ES_INSTANT_THREAD_WOKEN;

  return (EsThreadState) { es_instant_reader_time (reader, ref->index),
                           sent ? es_cap_timeline_get_arg (g_ptr_array_index (self->caps, ref->cap), ref->kind,
                                                           &reader->instants[ref->index])
                                : ref->cap,
                           ref->kind == ES_INSTANT_THREAD_CREATED ? ES_THREAD_STATE_CREATED : ES_THREAD_STATE_RUNNABLE, 0 };
}

/* The same, of any cap and kind. */
static inline EsThreadState
_es_instant_state (EsDocument      *self,
                   const RefCursor *ref)
{
  EsInstantReader reader;

  es_cap_timeline_read_instants (g_ptr_array_index (self->caps, ref->cap), ref->kind, &reader);
  return _es_instant_state_read (self, ref, &reader);
}

/* The states run @a on @cap makes, whose cap's data ends at @data_end:
 * its start, then its stop (or the end of its cap's data), if it has
 * one. Returns how many (1 or 2). */
static inline guint
_es_run_states (const EsActivity *a,
                guint16           cap,
                guint64           data_end,
                EsThreadState    *out)
{
  out[0] = (EsThreadState) { a->start, cap, ES_THREAD_STATE_RUNNING, 0 };
  /* A run stored in pieces stops once, at the end of its last. */
  if (!(a->flags & (ES_ACTIVITY_ENDED_BY_LOG_END | ES_ACTIVITY_CONTINUES)))
    {
      out[1] = (EsThreadState) { es_activity_end (a), cap, _es_thread_state_after_stop (a->stop_status),
                                 a->stop_status };
      return 2;
    }
  /* Where its cap's data ends, in a cut log, nothing is known of the
   * thread from then on. */
  if ((a->flags & ES_ACTIVITY_ENDED_BY_LOG_END) && data_end != G_MAXUINT64)
    {
      out[1] = (EsThreadState) { es_activity_end (a), cap, ES_THREAD_STATE_NO_DATA, 0 };
      return 2;
    }
  return 1;
}

G_END_DECLS
