/* es-thread-states.c: threads' states over time, for drawing and hovering
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-search.h"
#include "es-thread-states.h"

EsBlockReason
es_block_reason_from_stop (guint8 stop_status)
{
  switch (stop_status)
    {
    case ES_STOP_BLOCKED_ON_MVAR: case ES_STOP_BLOCKED_ON_MVAR_READ:
      return ES_BLOCK_MVAR;
    case ES_STOP_BLOCKED_ON_BLACK_HOLE:
      return ES_BLOCK_BLACK_HOLE;
    case ES_STOP_BLOCKED_ON_STM:
      return ES_BLOCK_STM;
    case ES_STOP_BLOCKED_ON_READ: case ES_STOP_BLOCKED_ON_WRITE: case ES_STOP_BLOCKED_ON_DO_PROC:
      return ES_BLOCK_IO;
    case ES_STOP_BLOCKED_ON_DELAY:
      return ES_BLOCK_DELAY;
    case ES_STOP_FOREIGN_CALL: case ES_STOP_BLOCKED_ON_CCALL: case ES_STOP_BLOCKED_ON_CCALL_INTERRUPTIBLE:
      return ES_BLOCK_FOREIGN_CALL;
    default:
      return ES_BLOCK_OTHER;
    }
}

/* The index of the state in effect at @time (the last one at or before
 * it), or G_MAXUINT before the first. */
guint
es_thread_states_find (const EsThreadState *states,
                       guint                n_states,
                       guint64              time)
{
  guint i = es_search_upper_bound (states, n_states, sizeof (EsThreadState),
                                   G_STRUCT_OFFSET (EsThreadState, time), time);

  return i == 0 ? G_MAXUINT : i - 1;
}

typedef struct
{
  GArray  *states;         /* EsThreadState */
  guint64  last_use;
  guint64  frame;          /* the last frame that asked for it */
  gpointer key;
} Entry;

struct _EsThreadStateCache
{
  EsDocument *document;
  GHashTable *entries;     /* thread index -> Entry */
  gsize       n_states;    /* held by all entries */
  gsize       max_states;
  guint64     clock;
  guint64     frame;
};

static void
entry_free (gpointer data)
{
  Entry *entry = data;

  g_array_unref (entry->states);
  g_free (entry);
}

/**
 * es_thread_state_cache_new:
 * @max_states: how many states to keep before the least recently used
 *   threads are dropped (the thread asked for last is always kept)
 */
EsThreadStateCache *
es_thread_state_cache_new (EsDocument *document,
                           gsize       max_states)
{
  EsThreadStateCache *self;

  g_return_val_if_fail (ES_IS_DOCUMENT (document), NULL);

  self = g_new0 (EsThreadStateCache, 1);
  self->document = g_object_ref (document);
  self->entries = g_hash_table_new_full (NULL, NULL, NULL, entry_free);
  self->max_states = max_states;
  return self;
}

void
es_thread_state_cache_free (EsThreadStateCache *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->entries);
  g_object_unref (self->document);
  g_free (self);
}

EsDocument *
es_thread_state_cache_get_document (EsThreadStateCache *self)
{
  return self->document;
}

static int
compare_last_use (gconstpointer a,
                  gconstpointer b)
{
  const Entry *x = *(Entry * const *) a, *y = *(Entry * const *) b;

  return x->last_use < y->last_use ? -1 : x->last_use > y->last_use;
}

/* Drops the least recently used threads until the cache is within its
 * size, but never one the last frame asked for: rows that need more
 * states than the cache holds would otherwise push each other out, and
 * every frame would build them all again. Only between frames, so that a
 * frame's lookups never push out what the same frame needs next. */
static void
evict (EsThreadStateCache *self)
{
  g_autoptr(GPtrArray) candidates = NULL;
  GHashTableIter iter;
  gpointer value;

  if (self->n_states <= self->max_states)
    return;
  candidates = g_ptr_array_new ();
  g_hash_table_iter_init (&iter, self->entries);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (((Entry *) value)->frame != self->frame)
      g_ptr_array_add (candidates, value);
  g_ptr_array_sort (candidates, compare_last_use);
  for (guint i = 0; i < candidates->len && self->n_states > self->max_states; i++)
    {
      Entry *oldest = g_ptr_array_index (candidates, i);

      self->n_states -= oldest->states->len;
      g_hash_table_remove (self->entries, oldest->key);
    }
}

/**
 * es_thread_state_cache_begin_frame:
 *
 * Says a new frame starts: if the cache holds more than its size, the
 * threads the last frame did not ask for go, least recently used first.
 */
void
es_thread_state_cache_begin_frame (EsThreadStateCache *self)
{
  g_return_if_fail (self != NULL);

  evict (self);
  self->frame++;
}

/**
 * es_thread_state_cache_lookup:
 * @thread_index: an index into es_document_get_threads()
 *
 * Returns: (array length=n_states): the thread's states in time order,
 *   valid until the next es_thread_state_cache_begin_frame()
 */
const EsThreadState *
es_thread_state_cache_lookup (EsThreadStateCache *self,
                              guint               thread_index,
                              guint              *n_states)
{
  gpointer key = GUINT_TO_POINTER (thread_index + 1);
  Entry *entry;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (n_states != NULL, NULL);

  entry = g_hash_table_lookup (self->entries, key);
  if (entry == NULL)
    {
      guint n_threads;
      const EsThread *threads = es_document_get_threads (self->document, &n_threads);

      g_return_val_if_fail (thread_index < n_threads, (*n_states = 0, NULL));

      entry = g_new0 (Entry, 1);
      entry->key = key;
      entry->states = g_array_new (FALSE, FALSE, sizeof (EsThreadState));
      es_document_get_thread_timeline (self->document, &threads[thread_index], entry->states);
      g_hash_table_insert (self->entries, key, entry);
      self->n_states += entry->states->len;
    }
  entry->last_use = ++self->clock;
  entry->frame = self->frame;
  *n_states = entry->states->len;
  return (const EsThreadState *) (gconstpointer) entry->states->data;
}
