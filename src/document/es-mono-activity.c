/* es-mono-activity.c: a Mono log's calls, allocations, exceptions and lock
 * contentions, kept by its document for the figures of any interval
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-call-stream-private.h"
#include "es-mono-activity-private.h"

/* What each stream's records hold:
 *   calls:   time = the call's end, key = method, a = total, b = the
 *            time in its callees (total - self: 0 for most, so a byte)
 *   allocs:  time, key = site (a class and a backtrace), a = bytes
 *   throws:  time, key = backtrace + 1 (0: none)
 *   clauses: time, key = (method + 1) * 8 + type (method 0: unnamed)
 *   monitor: time, key = lock * 4 + kind (1 contention, 2 acquired,
 *            3 failed), b = the wait it ends (0 if none)
 * A call counts where it ends and a wait where it ends, as mprof-report
 * counts the whole run: so the figures of adjacent intervals add up to
 * theirs. */

typedef struct
{
  guint32 lock;
  guint64 since;
} Waiting;

struct _EsMonoActivityBuilder
{
  EsMonoStream  streams[ES_MONO_ACTIVITY_N_KINDS];
  GArray       *sites;        /* guint32 pairs: class, stack */
  GHashTable   *site_ids;     /* (class << 32 | stack) -> index + 1 */
  GArray       *class_sites;  /* guint32 by class: its site without a backtrace, + 1 */
  GArray       *waiting;      /* Waiting, by thread */
};

struct _EsMonoActivity
{
  gatomicrefcount      ref;
  EsMonoStreamView     views[ES_MONO_ACTIVITY_N_KINDS];
  GArray              *sites;
  EsMonoActivityNames  names;
  /* With names.calls_in_call_time, the calls are the call time's. */
  GPtrArray           *call_streams;  /* EsCallStream */
  GArray              *call_stacks;   /* EsProfStack */
};

EsMonoActivityBuilder *
es_mono_activity_builder_new (void)
{
  EsMonoActivityBuilder *self = g_new0 (EsMonoActivityBuilder, 1);

  for (guint k = 0; k < ES_MONO_ACTIVITY_N_KINDS; k++)
    _es_mono_stream_init (&self->streams[k]);
  self->sites = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->site_ids = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  self->class_sites = g_array_new (FALSE, TRUE, sizeof (guint32));
  self->waiting = g_array_new (FALSE, FALSE, sizeof (Waiting));
  return self;
}

void
es_mono_activity_builder_free (EsMonoActivityBuilder *self)
{
  if (self == NULL)
    return;
  for (guint k = 0; k < ES_MONO_ACTIVITY_N_KINDS; k++)
    _es_mono_stream_clear (&self->streams[k]);
  g_array_unref (self->sites);
  g_hash_table_unref (self->site_ids);
  g_array_unref (self->class_sites);
  g_array_unref (self->waiting);
  g_free (self);
}

/* A finished call: from its enter at @start to its leave at @end, @self_time
 * of it its own. Durations wrap as mprof-report's do. */
void
es_mono_activity_builder_add_call (EsMonoActivityBuilder *self,
                                   guint64                start,
                                   guint64                end,
                                   guint64                self_time,
                                   guint32                method)
{
  _es_mono_stream_add (&self->streams[ES_MONO_ACTIVITY_CALLS], end, method, end - start, end - start - self_time);
}

void
es_mono_activity_builder_add_alloc (EsMonoActivityBuilder *self,
                                    guint64                time,
                                    guint32                klass,
                                    guint32                stack,
                                    guint64                size)
{
  guint64 id = (guint64) klass << 32 | stack;
  guint32 site;

  /* most logs have no backtraces: a class's one site is looked up fast */
  if (stack == ES_MONO_ACTIVITY_NONE && klass >= self->class_sites->len)
    g_array_set_size (self->class_sites, klass + 1);
  site = stack == ES_MONO_ACTIVITY_NONE ? g_array_index (self->class_sites, guint32, klass)
                                        : GPOINTER_TO_UINT (g_hash_table_lookup (self->site_ids, &id));
  if (site == 0)
    {
      guint32 pair[2] = { klass, stack };

      g_array_append_vals (self->sites, pair, 2);
      site = self->sites->len / 2;
      if (stack == ES_MONO_ACTIVITY_NONE)
        g_array_index (self->class_sites, guint32, klass) = site;
      else
        g_hash_table_insert (self->site_ids, g_memdup2 (&id, sizeof id), GUINT_TO_POINTER (site));
    }
  _es_mono_stream_add (&self->streams[ES_MONO_ACTIVITY_ALLOCS], time, site - 1, size, 0);
}

void
es_mono_activity_builder_add_throw (EsMonoActivityBuilder *self,
                                    guint64                time,
                                    guint32                stack)
{
  _es_mono_stream_add (&self->streams[ES_MONO_ACTIVITY_THROWS], time,
                       stack == ES_MONO_ACTIVITY_NONE ? 0 : stack + 1, 0, 0);
}

void
es_mono_activity_builder_add_clause (EsMonoActivityBuilder *self,
                                     guint64                time,
                                     guint32                method,
                                     guint8                 type)
{
  guint32 m = method == ES_MONO_ACTIVITY_NONE ? 0 : method + 1;

  _es_mono_stream_add (&self->streams[ES_MONO_ACTIVITY_CLAUSES], time, m * 8 + MIN (type, 7), 0, 0);
}

/* Waits are timed per thread from its contention to its next acquired or
 * failed event on any lock, as mprof-report times them, and count for the
 * lock waited on. */
void
es_mono_activity_builder_add_monitor (EsMonoActivityBuilder *self,
                                      guint64                time,
                                      guint32                thread,
                                      guint32                lock,
                                      guint8                 kind)
{
  Waiting *w;
  guint64 wait = 0;

  if (kind < 1 || kind > 3)
    return;
  if (thread >= self->waiting->len)
    {
      guint old = self->waiting->len;

      g_array_set_size (self->waiting, thread + 1);
      for (guint i = old; i <= thread; i++)
        g_array_index (self->waiting, Waiting, i) = (Waiting) { ES_MONO_ACTIVITY_NONE, 0 };
    }
  w = &g_array_index (self->waiting, Waiting, thread);
  if (kind == 1)
    {
      w->lock = lock;
      w->since = time;
    }
  else if (w->lock != ES_MONO_ACTIVITY_NONE && w->since != 0)
    {
      wait = time - w->since;
      lock = w->lock;
      w->lock = ES_MONO_ACTIVITY_NONE;
      w->since = 0;
    }
  _es_mono_stream_add (&self->streams[ES_MONO_ACTIVITY_MONITOR], time, lock * 4 + kind, 0, wait);
}

/**
 * es_mono_activity_builder_snapshot:
 * @names: (transfer full): what the collector knows of the names, and the
 *   calls it has open (ended where the log stops, as a log cut there is)
 *
 * Returns: (transfer full): what was told so far, to be read on any
 *   thread while @self goes on
 */
EsMonoActivity *
es_mono_activity_builder_snapshot (EsMonoActivityBuilder *self,
                                   EsMonoActivityNames   *names)
{
  EsMonoActivity *activity = g_new0 (EsMonoActivity, 1);

  g_atomic_ref_count_init (&activity->ref);
  for (guint k = 0; k < ES_MONO_ACTIVITY_N_KINDS; k++)
    if (k == ES_MONO_ACTIVITY_CALLS && names->calls_in_call_time)
      activity->views[k].blocks = g_new0 (EsMonoBlock *, 1);
    else
      _es_mono_stream_view (&self->streams[k], &activity->views[k]);
  activity->sites = g_array_copy (self->sites);
  activity->names = *names;
  memset (names, 0, sizeof *names);
  return activity;
}

EsMonoActivity *
es_mono_activity_ref (EsMonoActivity *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref);
  return self;
}

void
es_mono_activity_unref (EsMonoActivity *self)
{
  if (self == NULL || !g_atomic_ref_count_dec (&self->ref))
    return;
  for (guint k = 0; k < ES_MONO_ACTIVITY_N_KINDS; k++)
    _es_mono_stream_view_clear (&self->views[k]);
  g_array_unref (self->sites);
  g_clear_pointer (&self->names.method_names, g_ptr_array_unref);
  g_clear_pointer (&self->names.class_names, g_ptr_array_unref);
  g_clear_pointer (&self->names.lock_objects, g_array_unref);
  g_clear_pointer (&self->names.stacks, g_array_unref);
  g_clear_pointer (&self->names.frames, g_array_unref);
  g_clear_pointer (&self->names.open_calls, g_array_unref);
  g_clear_pointer (&self->call_streams, g_ptr_array_unref);
  g_clear_pointer (&self->call_stacks, g_array_unref);
  g_free (self);
}

/**
 * _es_mono_activity_take_call_time:
 * @call_streams: (element-type EsCallStream): the document's call time,
 *   each thread's
 * @call_stacks: (element-type EsProfStack): its stacks
 *
 * Gives an activity whose calls are counted from the call time
 * (names.calls_in_call_time) the document's, once, before it is shared.
 */
void
_es_mono_activity_take_call_time (EsMonoActivity *self,
                                  GPtrArray      *call_streams,
                                  GArray         *call_stacks)
{
  g_return_if_fail (self != NULL);

  if (!self->names.calls_in_call_time || self->call_streams != NULL)
    return;
  self->call_streams = g_ptr_array_new_full (call_streams->len, _es_call_stream_unref);
  for (guint i = 0; i < call_streams->len; i++)
    g_ptr_array_add (self->call_streams, _es_call_stream_ref (g_ptr_array_index (call_streams, i)));
  self->call_stacks = g_array_copy (call_stacks);
}

/* Whether the log has any such event: without, the view says which
 * profiler option records them. */
gboolean
es_mono_activity_has (EsMonoActivity     *self,
                      EsMonoActivityKind  kind)
{
  g_return_val_if_fail (self != NULL && kind < ES_MONO_ACTIVITY_N_KINDS, FALSE);

  if (kind == ES_MONO_ACTIVITY_CALLS && self->names.calls_in_call_time)
    return self->call_streams != NULL && self->call_streams->len > 0;
  if (kind == ES_MONO_ACTIVITY_CALLS && self->names.open_calls != NULL && self->names.open_calls->len > 0)
    return TRUE;
  return self->views[kind].n_blocks > 0;
}

guint64
es_mono_activity_get_origin (EsMonoActivity *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->names.origin;
}

/**
 * es_mono_activity_get_size:
 * @n_records: (out) (optional): how many events it holds
 *
 * Returns: the bytes its blocks take (their records and sums), for the
 *   benchmarks
 */
gsize
es_mono_activity_get_size (EsMonoActivity *self,
                           guint64        *n_records)
{
  gsize bytes = 0;
  guint64 n = 0;

  g_return_val_if_fail (self != NULL, 0);

  for (guint k = 0; k < ES_MONO_ACTIVITY_N_KINDS; k++)
    for (guint i = 0; i < self->views[k].n_blocks; i++)
      {
        const EsMonoBlock *block = self->views[k].blocks[i];

        bytes += sizeof *block + block->n_bytes + block->n_sums * sizeof (EsMonoSum);
        n += block->n_records;
      }
  if (n_records != NULL)
    *n_records = n;
  return bytes;
}

const char *
es_mono_activity_method_name (EsMonoActivity *self,
                              guint32         method)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (method >= self->names.method_names->len)
    return "unknown method";
  return g_ptr_array_index (self->names.method_names, method);
}

const char *
es_mono_activity_class_name (EsMonoActivity *self,
                             guint32         klass)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (klass >= self->names.class_names->len)
    return "unresolved class";
  return g_ptr_array_index (self->names.class_names, klass);
}

guint64
es_mono_activity_lock_object (EsMonoActivity *self,
                              guint32         lock)
{
  g_return_val_if_fail (self != NULL, 0);

  return lock < self->names.lock_objects->len ? g_array_index (self->names.lock_objects, guint64, lock) : 0;
}

/**
 * es_mono_activity_stack:
 *
 * Returns: (array length=n_frames): the methods of a backtrace, innermost
 *   first, as the log gives them
 */
const guint32 *
es_mono_activity_stack (EsMonoActivity *self,
                        guint32         stack,
                        guint32        *n_frames)
{
  guint32 first;

  g_return_val_if_fail (self != NULL && n_frames != NULL, NULL);

  if (stack == ES_MONO_ACTIVITY_NONE || (guint64) stack * 2 + 1 >= self->names.stacks->len)
    {
      *n_frames = 0;
      return NULL;
    }
  first = g_array_index (self->names.stacks, guint32, stack * 2);
  *n_frames = g_array_index (self->names.stacks, guint32, stack * 2 + 1);
  return &g_array_index (self->names.frames, guint32, first);
}

static EsMonoSum *
sum_kind (EsMonoActivity     *self,
          EsMonoActivityKind  kind,
          gboolean            interval,
          guint64             from,
          guint64             to)
{
  const EsMonoStreamView *view = &self->views[kind];
  EsMonoSum *sums = g_new0 (EsMonoSum, MAX (view->n_keys, 1));

  _es_mono_stream_sum (view, interval, from, to, sums);
  return sums;
}

/* The calls that end in [@from, @to) (or all), from the call time: those
 * before @to less those before @from, each thread's. */
static void
compute_calls_from_call_time (EsMonoActivity        *self,
                              gboolean               interval,
                              guint64                from,
                              guint64                to,
                              EsMonoActivityFigures *f)
{
  guint n_methods = self->names.method_names->len;
  g_autofree EsCallTotals *until = g_new0 (EsCallTotals, MAX (n_methods, 1));
  g_autofree EsCallTotals *before = g_new0 (EsCallTotals, MAX (n_methods, 1));
  const EsProfStack *stacks;

  if (self->call_streams == NULL)
    return;
  stacks = (const EsProfStack *) (gpointer) self->call_stacks->data;
  for (guint s = 0; s < self->call_streams->len; s++)
    {
      const EsCallStream *stream = g_ptr_array_index (self->call_streams, s);

      _es_call_stream_count_calls (stream, stacks, self->call_stacks->len, interval ? to : G_MAXUINT64, until, n_methods);
      if (interval)
        _es_call_stream_count_calls (stream, stacks, self->call_stacks->len, from, before, n_methods);
    }
  for (guint32 m = 0; m < n_methods; m++)
    {
      guint64 count = until[m].count - before[m].count;
      guint64 total = until[m].total - before[m].total;
      guint64 callee = until[m].callee - before[m].callee;

      if (count > 0)
        {
          EsMonoActivityMethod row = { m, count, total, total - callee };

          g_array_append_val (f->methods, row);
          f->n_calls += count;
        }
    }
}

static void
compute_calls (EsMonoActivity        *self,
               gboolean               interval,
               guint64                from,
               guint64                to,
               EsMonoActivityFigures *f)
{
  guint n_methods = self->names.method_names->len;
  g_autofree EsMonoSum *sums = sum_kind (self, ES_MONO_ACTIVITY_CALLS, interval, from, to);
  g_autofree EsMonoSum *all = g_new0 (EsMonoSum, MAX (n_methods, 1));
  GArray *open = self->names.open_calls;

  for (guint32 k = 0; k < self->views[ES_MONO_ACTIVITY_CALLS].n_keys && k < n_methods; k++)
    all[k] = sums[k];
  for (guint i = 0; open != NULL && i + 3 < open->len; i += 4)
    {
      guint64 start = g_array_index (open, guint64, i), end = g_array_index (open, guint64, i + 1);
      guint32 method = (guint32) g_array_index (open, guint64, i + 3);

      if (method >= n_methods || (interval && (end < from || end >= to)))
        continue;
      all[method].count++;
      all[method].sum_a += end - start;
      all[method].sum_b += end - start - g_array_index (open, guint64, i + 2);
    }
  for (guint32 m = 0; m < n_methods; m++)
    if (all[m].count > 0)
      {
        EsMonoActivityMethod row = { m, all[m].count, all[m].sum_a, all[m].sum_a - all[m].sum_b };

        g_array_append_val (f->methods, row);
        f->n_calls += all[m].count;
      }
}

static void
compute_allocs (EsMonoActivity        *self,
                gboolean               interval,
                guint64                from,
                guint64                to,
                EsMonoActivityFigures *f)
{
  guint n_classes = self->names.class_names->len;
  guint32 n_sites = self->views[ES_MONO_ACTIVITY_ALLOCS].n_keys;
  g_autofree EsMonoSum *sums = sum_kind (self, ES_MONO_ACTIVITY_ALLOCS, interval, from, to);
  g_autofree EsMonoActivityAlloc *classes = g_new0 (EsMonoActivityAlloc, MAX (n_classes, 1));

  for (guint32 s = 0; s < n_sites && s * 2 + 1 < self->sites->len; s++)
    {
      guint32 klass = g_array_index (self->sites, guint32, s * 2);
      guint32 stack = g_array_index (self->sites, guint32, s * 2 + 1);

      if (sums[s].count == 0 || klass >= n_classes)
        continue;
      classes[klass].count += sums[s].count;
      classes[klass].bytes += sums[s].sum_a;
      if (stack != ES_MONO_ACTIVITY_NONE)
        {
          EsMonoActivityAlloc site = { klass, stack, sums[s].count, sums[s].sum_a };

          g_array_append_val (f->sites, site);
        }
    }
  for (guint32 k = 0; k < n_classes; k++)
    if (classes[k].count > 0)
      {
        classes[k].klass = k;
        classes[k].stack = ES_MONO_ACTIVITY_NONE;
        g_array_append_val (f->classes, classes[k]);
        f->n_allocations += classes[k].count;
        f->allocated_bytes += classes[k].bytes;
      }
}

static void
compute_exceptions (EsMonoActivity        *self,
                    gboolean               interval,
                    guint64                from,
                    guint64                to,
                    EsMonoActivityFigures *f)
{
  g_autofree EsMonoSum *throws = sum_kind (self, ES_MONO_ACTIVITY_THROWS, interval, from, to);
  g_autofree EsMonoSum *clauses = sum_kind (self, ES_MONO_ACTIVITY_CLAUSES, interval, from, to);

  for (guint32 k = 0; k < self->views[ES_MONO_ACTIVITY_THROWS].n_keys; k++)
    if (throws[k].count > 0)
      {
        EsMonoActivityThrow row = { k == 0 ? ES_MONO_ACTIVITY_NONE : k - 1, throws[k].count };

        g_array_append_val (f->throws, row);
        f->n_throws += row.count;
      }
  for (guint32 k = 0; k < self->views[ES_MONO_ACTIVITY_CLAUSES].n_keys; k++)
    if (clauses[k].count > 0)
      {
        EsMonoActivityClause row = { k / 8 == 0 ? ES_MONO_ACTIVITY_NONE : k / 8 - 1, k % 8, clauses[k].count };

        g_array_append_val (f->clauses, row);
        if (row.type < G_N_ELEMENTS (f->n_clauses))
          f->n_clauses[row.type] += row.count;
      }
}

static void
compute_locks (EsMonoActivity        *self,
               gboolean               interval,
               guint64                from,
               guint64                to,
               EsMonoActivityFigures *f)
{
  guint32 n_keys = self->views[ES_MONO_ACTIVITY_MONITOR].n_keys;
  g_autofree EsMonoSum *sums = sum_kind (self, ES_MONO_ACTIVITY_MONITOR, interval, from, to);

  for (guint32 lock = 0; lock * 4 < n_keys; lock++)
    {
      EsMonoActivityLock row = { lock, 0, 0, 0, 0, 0 };

      for (guint kind = 1; kind <= 3 && lock * 4 + kind < n_keys; kind++)
        {
          const EsMonoSum *sum = &sums[lock * 4 + kind];

          if (kind == 1)
            row.contentions = sum->count;
          else if (kind == 2)
            row.acquired = sum->count;
          else
            row.failures = sum->count;
          row.wait += sum->sum_b;
          row.max_wait = MAX (row.max_wait, sum->max_b);
        }
      if (row.contentions + row.acquired + row.failures == 0)
        continue;
      g_array_append_val (f->locks, row);
      f->n_contentions += row.contentions;
      f->n_acquired += row.acquired;
      f->n_failures += row.failures;
    }
}

/**
 * es_mono_activity_compute:
 * @interval: whether to take [@from, @to) only, rather than the whole run
 * @from: in ns from the document's zero
 *
 * Adds up the interval's events: the blocks it covers by their sums, the
 * two or three it cuts record by record. On a worker: a few milliseconds
 * on a million events.
 *
 * Returns: (transfer full): the interval's figures
 */
EsMonoActivityFigures *
es_mono_activity_compute (EsMonoActivity *self,
                          gboolean        interval,
                          guint64         from,
                          guint64         to)
{
  EsMonoActivityFigures *f = g_new0 (EsMonoActivityFigures, 1);
  guint64 origin;

  g_return_val_if_fail (self != NULL, f);

  origin = self->names.origin;
  from = from > G_MAXUINT64 - origin ? G_MAXUINT64 : from + origin;
  to = to > G_MAXUINT64 - origin ? G_MAXUINT64 : to + origin;
  f->methods = g_array_new (FALSE, FALSE, sizeof (EsMonoActivityMethod));
  f->classes = g_array_new (FALSE, FALSE, sizeof (EsMonoActivityAlloc));
  f->sites = g_array_new (FALSE, FALSE, sizeof (EsMonoActivityAlloc));
  f->throws = g_array_new (FALSE, FALSE, sizeof (EsMonoActivityThrow));
  f->clauses = g_array_new (FALSE, FALSE, sizeof (EsMonoActivityClause));
  f->locks = g_array_new (FALSE, FALSE, sizeof (EsMonoActivityLock));
  if (self->names.calls_in_call_time)
    compute_calls_from_call_time (self, interval, from, to, f);
  else
    compute_calls (self, interval, from, to, f);
  compute_allocs (self, interval, from, to, f);
  compute_exceptions (self, interval, from, to, f);
  compute_locks (self, interval, from, to, f);
  return f;
}

void
es_mono_activity_figures_free (EsMonoActivityFigures *figures)
{
  if (figures == NULL)
    return;
  g_clear_pointer (&figures->methods, g_array_unref);
  g_clear_pointer (&figures->classes, g_array_unref);
  g_clear_pointer (&figures->sites, g_array_unref);
  g_clear_pointer (&figures->throws, g_array_unref);
  g_clear_pointer (&figures->clauses, g_array_unref);
  g_clear_pointer (&figures->locks, g_array_unref);
  g_free (figures);
}
