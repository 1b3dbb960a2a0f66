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

/* The last of @coarse at or before @time, or -1 if none, galloping on
 * from @from: an index at or before the answer, or -1. */
static gssize
coarse_last_at (const guint64 *coarse,
                guint          n,
                gssize         from,
                guint64        time)
{
  return (gssize) es_search_upper_bound_from (coarse, n, sizeof (guint64), 0, from < 0 ? 0 : (guint) from + 1,
                                              time) - 1;
}

/* The last state at or before @time, given the last coarse time at or
 * before it, @j: a search in one stride of states. */
static gssize
state_last_at (const EsThreadStates *s,
               gssize                j,
               guint64               time,
               gsize                *reads)
{
  gsize lo, hi;

  if (j < 0)
    return -1;
  lo = (gsize) j * ES_THREAD_STATES_STRIDE;
  hi = MIN (lo + ES_THREAD_STATES_STRIDE, s->n_states);
  while (hi - lo > 1)
    {
      gsize mid = lo + (hi - lo) / 2;

      (*reads)++;
      if (s->states[mid].time <= time)
        lo = mid;
      else
        hi = mid;
    }
  return (gssize) lo;
}

/* Whether state @i, at or before @time, is still the last one then. */
static inline gboolean
still_at (const EsThreadStates *s,
          gssize                i,
          guint64               time,
          gsize                *reads)
{
  if (i + 1 >= (gssize) s->n_states)
    return TRUE;
  (*reads)++;
  return s->states[i + 1].time > time;
}

/**
 * es_thread_states_columns:
 * @edges: (array length=n_columns+1): the columns' edges, in time order:
 *   column i is [edges[i], edges[i + 1]), or the instant edges[i] if
 *   they are equal
 * @columns: (out caller-allocates) (array length=n_columns): what the
 *   thread did in each: its state at the column's end (the last state at
 *   or before it), and whether it ran between that and the state it was in
 *   at the column's start. A column where it changed state 16 times or
 *   more is busy (and RUNNING) without a look at the states in it.
 *
 * Columns go left to right: the coarse times are galloped through from
 * one column to the next, and a column that holds two coarse times or
 * more is decided by them alone; others read at most two strides of
 * states. The cost is O(columns x log states per column) whatever the
 * zoom, and the states read, O(columns), none in crowded columns.
 *
 * Returns: how many states were read (for tests and benchmarks)
 */
gsize
es_thread_states_columns (const EsThreadStates *s,
                          const guint64        *edges,
                          guint                 n_columns,
                          EsThreadColumn       *columns)
{
  gssize cursor = -1, known = -2;   /* the last column's end state, -2 if not known */
  gsize reads = 0;

  g_return_val_if_fail (s != NULL, 0);
  g_return_val_if_fail (n_columns == 0 || (edges != NULL && columns != NULL), 0);

  for (guint c = 0; c < n_columns; c++)
    {
      EsThreadColumn *col = &columns[c];
      guint64 from = edges[c], to = edges[c + 1] > from ? edges[c + 1] - 1 : from;
      gssize ja, jb, a = -2, b = -2, first;

      /* Zoomed in, a column mostly ends in the state the last one ended
       * in, or the next: a read or two. */
      if (known >= -1 && still_at (s, known, from, &reads))
        {
          a = known;
          if (still_at (s, a, to, &reads))
            b = a;
          else if ((reads++, s->states[a + 1].time <= to) && still_at (s, a + 1, to, &reads))
            b = a + 1;
        }
      if (b < -1)
        {
          ja = cursor = coarse_last_at (s->coarse, s->n_coarse, cursor, from);
          jb = cursor = coarse_last_at (s->coarse, s->n_coarse, cursor, to);
          /* Two coarse times inside: more than a stride of changes. */
          if (jb - ja >= 2)
            {
              *col = (EsThreadColumn) { ES_THREAD_STATE_RUNNING, 0, TRUE, 0 };
              known = -2;
              continue;
            }
          a = state_last_at (s, ja, from, &reads);
          b = state_last_at (s, jb, to, &reads);
        }
      known = b;
      cursor = b >= 0 ? b / ES_THREAD_STATES_STRIDE : -1;
      if (b < 0)
        {
          *col = (EsThreadColumn) { ES_THREAD_COLUMN_EMPTY, 0, FALSE, 0 };
          continue;
        }
      reads++;
      *col = (EsThreadColumn) { s->states[b].state, s->states[b].reason, FALSE, 0 };
      /* Did it run after the state it started the column in, before the
       * one it ends it in? Past 16 changes, it is taken to have. */
      first = a + 1;
      if (b <= a)
        continue;
      if (b - first >= 16)
        col->busy = TRUE;
      for (gssize i = first; i < b && !col->busy; i++)
        {
          reads++;
          col->busy = s->states[i].state == ES_THREAD_STATE_RUNNING;
        }
      if (col->busy)
        col->kind = ES_THREAD_STATE_RUNNING;
    }
  return reads;
}

typedef struct
{
  GArray  *states;         /* EsThreadState */
  guint64 *coarse;
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

      g_return_val_if_fail (thread_index < es_document_get_n_threads (self->document), NULL);

      entry = g_new0 (Entry, 1);
      entry->key = key;
      entry->states = g_array_new (FALSE, FALSE, sizeof (EsThreadState));
      es_document_get_thread_timeline (self->document, es_document_get_thread (self->document, thread_index),
                                       entry->states);
      states = (const EsThreadState *) (gconstpointer) entry->states->data;
      n = entry->states->len;
      entry->coarse = g_new (guint64, MAX (1, (n + ES_THREAD_STATES_STRIDE - 1) / ES_THREAD_STATES_STRIDE));
      for (guint i = 0; i < n; i += ES_THREAD_STATES_STRIDE)
        entry->coarse[i / ES_THREAD_STATES_STRIDE] = states[i].time;
      entry->view = (EsThreadStates) { states, n, entry->coarse, (n + ES_THREAD_STATES_STRIDE - 1) / ES_THREAD_STATES_STRIDE };
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
