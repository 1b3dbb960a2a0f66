/* es-thread-state-cache.c: threads' states kept between frames, and made
 * off the painting thread for a window
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <gio/gio.h>

#include "es-search.h"
#include "es-thread-states.h"

typedef struct
{
  GArray  *states;         /* EsThreadState */
  guint64 *coarse;
  EsThreadShares *totals;
  EsThreadStates view;
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
  g_free (entry->coarse);
  g_free (entry->totals);
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

/* Appends to @pieces what state @i of @states becomes once its runnable
 * time is cut where the RTS collected garbage, from @g, the first GC that
 * ends after it starts: itself (its start taken by a GC when one is under
 * way then), then, for each GC inside it, the GC and what follows it. */
static void
cut_at_gcs (const EsThreadState *states,
            guint                n,
            guint                i,
            guint64              end,
            const EsGc          *gcs,
            guint                n_gcs,
            guint                g,
            GArray              *pieces)
{
  guint64 from = states[i].time, to = i + 1 < n ? states[i + 1].time : end;
  EsThreadState runnable = states[i];

  g_array_append_val (pieces, states[i]);
  for (; g < n_gcs && gcs[g].start < to; g++)
    {
      EsThreadState in_gc = { MAX (gcs[g].start, from), states[i].cap, ES_THREAD_STATE_GC, 0 };

      if (gcs[g].end <= in_gc.time)
        continue;
      if (in_gc.time == from)
        g_array_index (pieces, EsThreadState, pieces->len - 1) = in_gc;
      else
        g_array_append_val (pieces, in_gc);
      if (gcs[g].end < to)
        {
          runnable.time = gcs[g].end;
          g_array_append_val (pieces, runnable);
        }
    }
}

/* The first GC that ends after @time, or @n_gcs. */
static guint
first_gc_after (const EsGc *gcs,
                guint       n_gcs,
                guint64     time)
{
  guint g = es_search_upper_bound (gcs, n_gcs, sizeof (EsGc), G_STRUCT_OFFSET (EsGc, start), time);

  return g > 0 && gcs[g - 1].end > time ? g - 1 : g;
}

/* @timeline with each stretch of runnable time cut where the RTS collected
 * garbage: a GC stops every HEC, and a thread made runnable by the heap
 * check that asked for it waits for the GC, not for a HEC. Blocked
 * threads stay blocked: they wait for something else. In place: a
 * thread's states are tens of megabytes, and most stretches hold no GC. */
static void
split_at_gcs (EsDocument *document,
              GArray     *timeline)
{
  guint n = timeline->len, n_gcs, extra = 0, w;
  const EsGc *gcs = es_document_get_gcs (document, &n_gcs);
  guint64 end = es_document_get_end_time (document);
  g_autoptr(GArray) pieces = g_array_new (FALSE, FALSE, sizeof (EsThreadState));
  EsThreadState *states = (EsThreadState *) (gpointer) timeline->data;

  /* How many states the cuts add, each state cut as the pass from the back
   * cuts it (first_gc_after(): a damaged log's GCs may overlap); a GC
   * cursor going forward with them passes over the states no GC meets. */
  for (guint i = 0, g = 0; i < n && n_gcs > 0; i++)
    {
      guint64 from = states[i].time;

      if (states[i].state != ES_THREAD_STATE_RUNNABLE && states[i].state != ES_THREAD_STATE_CREATED)
        continue;
      while (g < n_gcs && gcs[g].end <= from)
        g++;
      if (g == n_gcs || gcs[g].start >= (i + 1 < n ? states[i + 1].time : end))
        continue;
      g_array_set_size (pieces, 0);
      cut_at_gcs (states, n, i, end, gcs, n_gcs, first_gc_after (gcs, n_gcs, from), pieces);
      extra += pieces->len - 1;
    }
  if (extra == 0)
    return;

  /* Then from the back, each state's pieces into their place. */
  g_array_set_size (timeline, n + extra);
  states = (EsThreadState *) (gpointer) timeline->data;
  w = n + extra;
  for (guint i = n; i-- > 0;)
    {
      if (states[i].state != ES_THREAD_STATE_RUNNABLE && states[i].state != ES_THREAD_STATE_CREATED)
        {
          states[--w] = states[i];
          continue;
        }
      g_array_set_size (pieces, 0);
      cut_at_gcs (states, n, i, end, gcs, n_gcs, first_gc_after (gcs, n_gcs, states[i].time), pieces);
      w -= pieces->len;
      memcpy (&states[w], pieces->data, pieces->len * sizeof (EsThreadState));
    }
  g_assert (w == 0);
}

/**
 * es_thread_state_cache_get:
 * @thread_index: an index into the document's threads (es_document_get_thread())
 *
 * Returns: (nullable): the thread's states in time order with their coarse
 *   index, valid until the next es_thread_state_cache_begin_frame(); NULL
 *   for a thread the document lacks
 */
const EsThreadStates *
es_thread_state_cache_get (EsThreadStateCache *self,
                           guint               thread_index)
{
  gpointer key = GUINT_TO_POINTER (thread_index + 1);
  Entry *entry;

  g_return_val_if_fail (self != NULL, NULL);

  entry = g_hash_table_lookup (self->entries, key);
  if (entry == NULL)
    {
      const EsThreadState *states;
      guint n;
      g_autoptr(GArray) timeline = NULL;

      g_return_val_if_fail (thread_index < es_document_get_n_threads (self->document), NULL);

      timeline = g_array_new (FALSE, FALSE, sizeof (EsThreadState));
      entry = g_new0 (Entry, 1);
      entry->key = key;
      es_document_get_thread_timeline (self->document, es_document_get_thread (self->document, thread_index),
                                       timeline);
      split_at_gcs (self->document, timeline);
      entry->states = g_steal_pointer (&timeline);
      states = (const EsThreadState *) (gconstpointer) entry->states->data;
      n = entry->states->len;
      es_thread_states_index (states, n, es_document_get_end_time (self->document), &entry->view,
                              &entry->coarse, &entry->totals);
      g_hash_table_insert (self->entries, key, entry);
      self->n_states += n;
    }
  entry->last_use = ++self->clock;
  entry->frame = self->frame;
  return &entry->view;
}

/**
 * es_thread_state_cache_lookup:
 * @thread_index: an index into the document's threads (es_document_get_thread())
 *
 * Returns: (array length=n_states): the thread's states in time order,
 *   valid until the next es_thread_state_cache_begin_frame()
 */
const EsThreadState *
es_thread_state_cache_lookup (EsThreadStateCache *self,
                              guint               thread_index,
                              guint              *n_states)
{
  const EsThreadStates *states;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (n_states != NULL, NULL);

  states = es_thread_state_cache_get (self, thread_index);
  *n_states = states != NULL ? states->n_states : 0;
  return states != NULL ? states->states : NULL;
}

/* How many threads' states the cache holds: the rows a frame built. */
guint
es_thread_state_cache_get_n_threads (EsThreadStateCache *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return g_hash_table_size (self->entries);
}
