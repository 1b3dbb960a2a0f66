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

#include "es-background.h"
#include "es-search.h"
#include "es-thread-states.h"
#include "es-vec.h"

typedef struct
{
  EsThreadStates *view;    /* packed */
  guint64  last_use;
  guint64  frame;          /* the last frame that asked for it */
  gpointer key;
} Entry;

/* A cache is used on one thread only, the one that made it (a window's
 * main thread): its table, its list of threads to make and the cache of
 * the document before are never shared. One made with
 * es_thread_state_cache_new_async() hands the threads a frame asked for
 * to a worker as a list of thread indexes and a reference on the document,
 * which never changes once made (a live log makes a new one per update)
 * and may be read from any thread: the worker makes new entries from it
 * alone and gives them back on the cache's thread, in the callback of its
 * task. The document's index of threads is made once, under
 * g_once_init_enter(): a worker and a painter that ask at once share it. */
struct _EsThreadStateCache
{
  EsDocument *document;
  GHashTable *entries;     /* thread index -> Entry */
  gsize       n_states;    /* held by all entries */
  gsize       max_states;
  guint64     clock;
  guint64     frame;
  /* Made off the painting thread (es_thread_state_cache_new_async()): */
  EsThreadStatesReady ready;      /* (nullable): told on the cache's thread when some are made */
  gpointer            ready_data;
  EsThreadStateCache *previous;   /* (nullable): the previous document of the same log's, shown meanwhile */
  GArray             *asked;      /* guint: thread indexes to make next */
  GHashTable         *asked_set;  /* thread index + 1: asked for, or being made */
  GCancellable       *making;     /* (nullable): workers are making some; cancelled when the cache goes */
  guint               n_making;   /* the workers at it */
  GSource            *start;      /* (nullable): hands the asked ones to a worker once the frame is painted */
};

/* A thread with this many states takes a megabyte or more. */
#define TRIM_AFTER_STATES (64u << 10)

static void
entry_free (gpointer data)
{
  Entry *entry = data;

  if (entry == NULL)
    return;
  es_thread_states_free (entry->view);
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

/* Makes no more states off the painting thread: the worker's, if one is
 * at work, are dropped when it is done. */
static void
stop_making (EsThreadStateCache *self)
{
  if (self->making != NULL)
    g_cancellable_cancel (self->making);
  g_clear_object (&self->making);
  self->n_making = 0;
  if (self->start != NULL)
    g_source_destroy (self->start);
  g_clear_pointer (&self->start, g_source_unref);
  if (self->asked != NULL)
    g_array_set_size (self->asked, 0);
  if (self->asked_set != NULL)
    g_hash_table_remove_all (self->asked_set);
}

void
es_thread_state_cache_free (EsThreadStateCache *self)
{
  if (self == NULL)
    return;
  stop_making (self);
  g_clear_pointer (&self->asked, g_array_unref);
  g_clear_pointer (&self->asked_set, g_hash_table_unref);
  g_clear_pointer (&self->previous, es_thread_state_cache_free);
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

      self->n_states -= oldest->view->n_states;
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
 * es_thread_state_cache_get_timeline:
 * @states: (element-type EsThreadState): receives the states
 *
 * @thread's states as a cache packs them, made all at once: the
 * document's, with runnable time cut at GCs. A cache reads the same a few
 * at a time.
 */
void
es_thread_state_cache_get_timeline (EsDocument     *document,
                                    const EsThread *thread,
                                    GArray         *states)
{
  es_document_get_thread_timeline (document, thread, states);
  split_at_gcs (document, states);
}

/* A thread's states as the packing reads them: the document's, read a
 * few at a time, each cut at GCs as split_at_gcs() cuts them, so that no
 * thread's states are ever all made at once (a busy thread's are 16 bytes
 * each, with as many again to sort them, and two workers make them at
 * once: it was the Threads section's peak). split_at_gcs() cuts nothing
 * when no state gains a piece; whether one does is known after the first
 * reading, which then tells the packing to measure again uncut if it cut
 * a state's start alone. A damaged log whose states the document cannot
 * give in order has them made whole and sorted, as before. */
#define READ_AHEAD 64

typedef struct
{
  EsDocument             *document;
  const EsThread         *thread;
  EsThreadTimelineReader *reader;
  const EsGc             *gcs;
  guint                   n_gcs;
  guint64                 end;
  gboolean                split;      /* runnable time cut at GCs */
  gboolean                rewound;    /* once: whether to cut is settled */
  gsize                   extra;      /* states the cuts added */
  gboolean                changed;    /* a cut changed a state and added none */
  EsThreadState           in[READ_AHEAD];
  guint                   n_in, in_at;
  GArray                 *pieces;     /* EsThreadState: the last state's, to give */
  guint                   pieces_at;
  GArray                 *whole;      /* (nullable): the states made whole, for a damaged log */
  guint                   whole_at;
} CutSource;

/* The reader's next state without taking it, or FALSE if none is left. */
static gboolean
cut_source_peek (CutSource     *self,
                 EsThreadState *state)
{
  if (self->in_at == self->n_in)
    {
      self->n_in = es_thread_timeline_reader_read (self->reader, self->in, READ_AHEAD);
      self->in_at = 0;
      if (self->n_in == 0)
        return FALSE;
    }
  *state = self->in[self->in_at];
  return TRUE;
}

static guint
cut_source_read (gpointer       data,
                 EsThreadState *out,
                 guint          max)
{
  CutSource *self = data;
  guint n = 0;

  if (self->whole != NULL)
    {
      n = MIN (max, self->whole->len - self->whole_at);
      memcpy (out, &g_array_index (self->whole, EsThreadState, self->whole_at), n * sizeof (EsThreadState));
      self->whole_at += n;
      return n;
    }
  while (n < max)
    {
      EsThreadState two[2];
      guint n_two, g;
      const EsThreadState *piece;

      if (self->pieces_at < self->pieces->len)
        {
          out[n++] = g_array_index (self->pieces, EsThreadState, self->pieces_at++);
          continue;
        }
      if (!cut_source_peek (self, &two[0]))
        break;
      self->in_at++;
      if (!self->split || (two[0].state != ES_THREAD_STATE_RUNNABLE && two[0].state != ES_THREAD_STATE_CREATED))
        {
          out[n++] = two[0];
          continue;
        }
      n_two = cut_source_peek (self, &two[1]) ? 2 : 1;
      g = first_gc_after (self->gcs, self->n_gcs, two[0].time);
      /* No GC begins before it ends: cut_at_gcs() would give it alone. */
      if (g == self->n_gcs || self->gcs[g].start >= (n_two == 2 ? two[1].time : self->end))
        {
          out[n++] = two[0];
          continue;
        }
      g_array_set_size (self->pieces, 0);
      self->pieces_at = 0;
      cut_at_gcs (two, n_two, 0, self->end, self->gcs, self->n_gcs, g, self->pieces);
      self->extra += self->pieces->len - 1;
      piece = &g_array_index (self->pieces, EsThreadState, 0);
      if (self->pieces->len == 1 && (piece->time != two[0].time || piece->state != two[0].state))
        self->changed = TRUE;
    }
  return n;
}

static gboolean
cut_source_rewind (gpointer data)
{
  CutSource *self = data;
  gboolean again = FALSE;

  if (!self->rewound)
    {
      self->rewound = TRUE;
      if (!es_thread_timeline_reader_is_sorted (self->reader))
        {
          self->whole = g_array_new (FALSE, FALSE, sizeof (EsThreadState));
          es_thread_state_cache_get_timeline (self->document, self->thread, self->whole);
          again = TRUE;
        }
      else if (self->split && self->extra == 0 && self->changed)
        {
          self->split = FALSE;
          again = TRUE;
        }
    }
  self->whole_at = 0;
  self->n_in = self->in_at = 0;
  g_array_set_size (self->pieces, 0);
  self->pieces_at = 0;
  es_thread_timeline_reader_rewind (self->reader);
  return again;
}

/* Thread @thread_index's states, made from @document: what a cache keeps
 * of a thread, made on any thread. */
static Entry *
entry_new (EsDocument *document,
           guint       thread_index)
{
  Entry *entry = g_new0 (Entry, 1);
  CutSource cut = { document, es_document_get_thread (document, thread_index) };
  EsThreadStateSource source = { cut_source_read, cut_source_rewind, &cut };

  entry->key = GUINT_TO_POINTER (thread_index + 1);
  cut.reader = es_document_read_thread_timeline (document, cut.thread);
  cut.gcs = es_document_get_gcs (document, &cut.n_gcs);
  cut.end = es_document_get_end_time (document);
  cut.split = cut.n_gcs > 0;
  cut.pieces = g_array_new (FALSE, FALSE, sizeof (EsThreadState));
  entry->view = es_thread_states_new_from_source (&source, cut.end);
  es_thread_timeline_reader_free (cut.reader);
  g_array_unref (cut.pieces);
  g_clear_pointer (&cut.whole, g_array_unref);
  return entry;
}

static const EsThreadStates *
use_entry (EsThreadStateCache *self,
           Entry              *entry)
{
  entry->last_use = ++self->clock;
  entry->frame = self->frame;
  return entry->view;
}

static void
keep_entry (EsThreadStateCache *self,
            Entry              *entry)
{
  g_hash_table_insert (self->entries, entry->key, entry);
  self->n_states += entry->view->n_states;
}

/**
 * es_thread_state_cache_get:
 * @thread_index: an index into the document's threads (es_document_get_thread())
 *
 * Returns: (nullable): the thread's states in time order with their coarse
 *   index, made now if the cache lacks them, valid until the next
 *   es_thread_state_cache_begin_frame(); NULL for a thread the document
 *   lacks
 */
const EsThreadStates *
es_thread_state_cache_get (EsThreadStateCache *self,
                           guint               thread_index)
{
  Entry *entry;

  g_return_val_if_fail (self != NULL, NULL);

  entry = g_hash_table_lookup (self->entries, GUINT_TO_POINTER (thread_index + 1));
  if (entry == NULL)
    {
      g_return_val_if_fail (thread_index < es_document_get_n_threads (self->document), NULL);

      entry = entry_new (self->document, thread_index);
      keep_entry (self, entry);
    }
  return use_entry (self, entry);
}

typedef struct
{
  EsDocument *document;
  GArray     *threads;     /* guint: thread indexes */
} Batch;

static void
batch_free (gpointer data)
{
  Batch *batch = data;

  g_object_unref (batch->document);
  g_array_unref (batch->threads);
  g_free (batch);
}

/* In a worker: the batch's threads' entries, until the cache goes. */
static void
make_batch (GTask        *task,
            gpointer      source_object,
            gpointer      task_data,
            GCancellable *cancellable)
{
  Batch *batch = task_data;
  GPtrArray *entries = g_ptr_array_new_with_free_func (entry_free);

  for (guint i = 0; i < batch->threads->len && !g_cancellable_is_cancelled (cancellable); i++)
    {
      Entry *entry = entry_new (batch->document, g_array_index (batch->threads, guint, i));

      g_ptr_array_add (entries, entry);
      /* A busy thread's states are packed as they are read, in memory
       * of their own, but the first builds the document's index of
       * threads (arrays sized for the most they could take, then cut),
       * and meanwhile the window's frames free megabytes in the main
       * heap: a trim after each busy thread gives both back while the
       * next are made (the Threads section's peak on the 86 MB ping-pong
       * log: 151 MB without, 149.5 with). */
      if (entry->view->n_states >= TRIM_AFTER_STATES)
        es_give_back_freed_memory ();
    }
  g_task_return_pointer (task, entries, (GDestroyNotify) g_ptr_array_unref);
}

/* A worker of its own, which yields to the window: the Threads section's
 * frames came while two workers made its states at the window's priority
 * on a machine of two cores, and waited for CPU time (86 MB ping-pong
 * log, six openings: the frames after the pane's, up to 21.5 ms, up to
 * 8.6 with the workers yielding). A pool's thread could not be given its
 * priority back. */
static gpointer
make_batch_in_background (gpointer data)
{
  GTask *task = data;

  make_batch (task, NULL, g_task_get_task_data (task), g_task_get_cancellable (task));
  g_object_unref (task);
  return NULL;
}

static gboolean start_batch (gpointer data);

/* On the cache's thread: a worker's entries kept and the view told; once
 * every worker is done, the threads asked meanwhile handed to the next. */
static void
batch_made (GObject      *source_object,
            GAsyncResult *result,
            gpointer      data)
{
  g_autoptr(GPtrArray) entries = g_task_propagate_pointer (G_TASK (result), NULL);
  EsThreadStateCache *self = data;

  /* Cancelled: the cache is gone, or stopped making them. */
  if (entries == NULL)
    return;
  for (guint i = 0; i < entries->len; i++)
    {
      Entry *entry = g_ptr_array_index (entries, i);

      g_hash_table_remove (self->asked_set, entry->key);
      /* es_thread_state_cache_get() may have made it meanwhile. */
      if (g_hash_table_contains (self->entries, entry->key))
        continue;
      g_ptr_array_index (entries, i) = NULL;
      keep_entry (self, entry);
      use_entry (self, entry);
    }
  if (--self->n_making == 0)
    {
      g_clear_object (&self->making);
      if (self->asked->len > 0)
        start_batch (self);
      else
        g_clear_pointer (&self->previous, es_thread_state_cache_free);
    }
  self->ready (self->ready_data);
}

/* Hands the threads asked for to a worker per core, each every n-th of
 * them: a thread's states take a core alone, and a frame of the Threads
 * section asks for a few dozen threads. */
static gboolean
start_batch (gpointer data)
{
  EsThreadStateCache *self = data;
  guint n_workers;

  g_clear_pointer (&self->start, g_source_unref);
  if (self->making != NULL || self->asked->len == 0)
    return G_SOURCE_REMOVE;
  n_workers = MIN ((guint) MAX (g_get_num_processors (), 1), self->asked->len);
  self->making = g_cancellable_new ();
  self->n_making = n_workers;
  for (guint w = 0; w < n_workers; w++)
    {
      g_autoptr(GTask) task = g_task_new (NULL, self->making, batch_made, self);
      Batch *batch = g_new0 (Batch, 1);
      GThread *worker;

      batch->document = g_object_ref (self->document);
      batch->threads = g_array_new (FALSE, FALSE, sizeof (guint));
      for (guint i = w; i < self->asked->len; i += n_workers)
        g_array_append_val (batch->threads, g_array_index (self->asked, guint, i));
      g_task_set_source_tag (task, start_batch);
      g_task_set_task_data (task, batch, batch_free);
      worker = es_background_thread_new ("es-thread-states", make_batch_in_background, g_object_ref (task));
      if (worker != NULL)
        g_thread_unref (worker);
      else
        {
          g_object_unref (task);
          g_task_run_in_thread (task, make_batch);
        }
    }
  g_array_set_size (self->asked, 0);
  return G_SOURCE_REMOVE;
}

/**
 * es_thread_state_cache_new_async:
 * @max_states: as for es_thread_state_cache_new()
 * @previous: (transfer full) (nullable): the cache of the document before
 *   of the same log (a followed log's), whose states are shown meanwhile
 * @ready: called on this thread each time some states the frames asked
 *   for are made: the view is to paint again
 *
 * A cache whose es_thread_state_cache_get_for_frame() never makes states
 * on the painting thread: a thread's states are a sort and a pass over
 * each of its runs, and a frame opening the Threads section of a long
 * log would take a second. It makes them in a worker and says when they
 * are in; the frames meanwhile show @previous's states of the same
 * thread, or none.
 *
 * Returns: (transfer full): the cache
 */
EsThreadStateCache *
es_thread_state_cache_new_async (EsDocument          *document,
                                 gsize                max_states,
                                 EsThreadStateCache  *previous,
                                 EsThreadStatesReady  ready,
                                 gpointer             ready_data)
{
  EsThreadStateCache *self;

  g_return_val_if_fail (ES_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (ready != NULL, NULL);

  self = es_thread_state_cache_new (document, max_states);
  self->ready = ready;
  self->ready_data = ready_data;
  self->asked = g_array_new (FALSE, FALSE, sizeof (guint));
  self->asked_set = g_hash_table_new (NULL, NULL);
  if (previous != NULL)
    {
      /* The last document whose states were all made is kept, not one
       * that was still making them (updates may come faster): one before
       * at most, whatever the number of updates. */
      stop_making (previous);
      if (previous->previous != NULL && g_hash_table_size (previous->entries) < g_hash_table_size (previous->previous->entries))
        {
          EsThreadStateCache *older = g_steal_pointer (&previous->previous);

          es_thread_state_cache_free (previous);
          previous = older;
        }
      g_clear_pointer (&previous->previous, es_thread_state_cache_free);
      self->previous = previous;
    }
  return self;
}

/* Asks the worker for a thread's states, once; handed over once the
 * frame (or tooltip) has asked for all it needs. */
static void
ask_worker (EsThreadStateCache *self,
            guint               thread_index)
{
  gpointer key = GUINT_TO_POINTER (thread_index + 1);

  if (g_hash_table_contains (self->asked_set, key))
    return;
  g_hash_table_add (self->asked_set, key);
  g_array_append_val (self->asked, thread_index);
  if (self->making == NULL && self->start == NULL)
    {
      self->start = g_idle_source_new ();
      g_source_set_priority (self->start, G_PRIORITY_DEFAULT);
      g_source_set_callback (self->start, start_batch, self, NULL);
      g_source_set_static_name (self->start, "[eventscope] thread states");
      g_source_attach (self->start, g_main_context_get_thread_default ());
    }
}

/**
 * es_thread_state_cache_get_for_frame:
 * @thread_index: an index into the document's threads (es_document_get_thread())
 *
 * What a frame paints of a thread: es_thread_state_cache_get() for a
 * cache made with es_thread_state_cache_new(); for one made with
 * es_thread_state_cache_new_async(), the states if they are made, and
 * otherwise the previous document's of the same thread, or NULL, while a
 * worker makes them.
 *
 * Returns: (nullable): the states to paint, valid until the next
 *   es_thread_state_cache_begin_frame()
 */
const EsThreadStates *
es_thread_state_cache_get_for_frame (EsThreadStateCache *self,
                                     guint               thread_index)
{
  const EsThreadStates *made;
  Entry *entry;
  guint before;

  g_return_val_if_fail (self != NULL, NULL);

  made = es_thread_state_cache_get_if_made (self, thread_index);
  if (made != NULL || self->previous == NULL)
    return made;
  before = es_document_find_thread (self->previous->document,
                                    es_document_get_thread (self->document, thread_index)->id);
  entry = before != G_MAXUINT ? g_hash_table_lookup (self->previous->entries, GUINT_TO_POINTER (before + 1)) : NULL;
  return entry != NULL ? entry->view : NULL;
}

/**
 * es_thread_state_cache_get_if_made:
 * @thread_index: an index into the document's threads
 *
 * The thread's states of this cache's document if they are made, for a
 * tooltip or a question about one place: a cache made with
 * es_thread_state_cache_new_async() never makes them here, it asks its
 * worker and says so when they are in, as for a frame.
 *
 * Returns: (nullable): the states, or NULL while the worker makes them
 */
const EsThreadStates *
es_thread_state_cache_get_if_made (EsThreadStateCache *self,
                                   guint               thread_index)
{
  Entry *entry;

  g_return_val_if_fail (self != NULL, NULL);

  if (self->ready == NULL)
    return es_thread_state_cache_get (self, thread_index);
  g_return_val_if_fail (thread_index < es_document_get_n_threads (self->document), NULL);

  entry = g_hash_table_lookup (self->entries, GUINT_TO_POINTER (thread_index + 1));
  if (entry != NULL)
    return use_entry (self, entry);
  ask_worker (self, thread_index);
  return NULL;
}

/**
 * es_thread_state_cache_is_making:
 *
 * Returns: whether states a frame asked for are still to be made (by a
 *   cache made with es_thread_state_cache_new_async())
 */
gboolean
es_thread_state_cache_is_making (EsThreadStateCache *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->making != NULL || (self->asked != NULL && self->asked->len > 0);
}

/* How many threads' states the cache holds: the rows a frame built. */
guint
es_thread_state_cache_get_n_threads (EsThreadStateCache *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return g_hash_table_size (self->entries);
}
