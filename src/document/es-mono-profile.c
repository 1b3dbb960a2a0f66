/* es-mono-profile.c: everything a Mono log profiles, in plain arrays with
 * their times
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-mono-profile-private.h"

/* The collector keeps every sample, call, allocation, throw and lock event
 * with its time, so that a report (es-mono-report.c) can be made for the
 * whole run or any interval of it. Where mprof-report's output depends on
 * the order in which it first met a thing (its hash tables list methods
 * and classes by chain, newest first), the collector keeps that order as
 * a serial number; where its numbers depend on state it keeps per thread
 * while it reads (the call stacks, the open heap shot), the collector
 * keeps the same state, in file order as it does. */

/* Index + 1 of @key in @table, 0 if it is not there. */
guint32
_es_mono_find (GHashTable *table,
      guint64     key)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (table, &key));
}

void
_es_mono_remember (GHashTable *table,
          guint64     key,
          guint32     index)
{
  g_hash_table_insert (table, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (index + 1));
}

char *
_es_mono_string_dup (EsMlpdString s)
{
  return g_strndup (s.data != NULL ? s.data : "", s.len);
}

/* The method at @pointer, made (unnamed) when the log first mentions it. */
static guint32
get_method (EsMonoProfile *profile,
            guint64        pointer)
{
  State *state = profile->state;
  guint slot = (guint) ((pointer >> 3) ^ (pointer >> 11)) & 255;
  guint32 found;
  EsMonoMethod method = { 0 };

  if (state->method_cache[slot] != 0 && state->method_cache_keys[slot] == pointer)
    return state->method_cache[slot] - 1;
  found = _es_mono_find (state->methods, pointer);
  if (found != 0)
    {
      state->method_cache_keys[slot] = pointer;
      state->method_cache[slot] = found;
      return found - 1;
    }
  method.pointer = pointer;
  method.serial = state->next_method_serial++;
  g_array_append_val (profile->methods, method);
  _es_mono_remember (state->methods, pointer, profile->methods->len - 1);
  return profile->methods->len - 1;
}

guint32
_es_mono_get_class (EsMonoProfile *profile,
           guint64        pointer)
{
  State *state = profile->state;
  guint32 found = _es_mono_find (state->classes, pointer);
  EsMonoClass klass = { 0 };

  if (found != 0)
    return found - 1;
  klass.pointer = pointer;
  klass.serial = state->next_class_serial++;
  g_array_append_val (profile->classes, klass);
  _es_mono_remember (state->classes, pointer, profile->classes->len - 1);
  return profile->classes->len - 1;
}

/* The class of a vtable. The first word about a vtable stays: an object
 * allocated before its vtable is described counts, like every later one
 * of that vtable, to the null class ("unresolved class (nil)" in
 * mprof-report), as mprof-report counts it. */
guint32
_es_mono_get_vtable_class (EsMonoProfile *profile,
                  guint64        vtable,
                  guint64        class_pointer)
{
  State *state = profile->state;
  guint slot = (guint) ((vtable >> 3) ^ (vtable >> 11)) & 255;
  guint32 found;
  guint32 klass;

  if (state->vtable_cache[slot] != 0 && state->vtable_cache_keys[slot] == vtable)
    return state->vtable_cache[slot] - 1;
  found = _es_mono_find (state->vtables, vtable);
  if (found != 0)
    klass = found - 1;
  else
    {
      klass = _es_mono_get_class (profile, class_pointer);
      _es_mono_remember (state->vtables, vtable, klass);
    }
  state->vtable_cache_keys[slot] = vtable;
  state->vtable_cache[slot] = klass + 1;
  return klass;
}

/* The thread of id @id, made when first met. */
guint32
_es_mono_get_thread (EsMonoProfile *profile,
                     guint64        id)
{
  State *state = profile->state;
  guint32 found;
  EsMonoThread thread = { id, NULL };
  ThreadState *fresh;

  if (state->last_thread != 0 && state->last_thread_id == id)
    return state->last_thread - 1;
  found = _es_mono_find (state->threads, id);
  if (found != 0)
    {
      state->last_thread_id = id;
      state->last_thread = found;
      return found - 1;
    }
  g_array_append_val (profile->threads, thread);
  _es_mono_remember (state->threads, id, profile->threads->len - 1);
  fresh = g_new0 (ThreadState, 1);
  fresh->stack = g_array_new (FALSE, FALSE, sizeof (Frame));
  fresh->heap_shot = ES_MONO_NONE;
  fresh->roots = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_ptr_array_add (state->thread_states, fresh);
  return profile->threads->len - 1;
}

ThreadState *
_es_mono_thread_state (EsMonoProfile *profile,
                       guint32        thread)
{
  State *state = profile->state;

  return g_ptr_array_index (state->thread_states, thread);
}

/* The stack of @n method indexes, interned. */
static guint32
intern_stack (EsMonoProfile  *profile,
              const guint32  *methods,
              guint32         n)
{
  State *state = profile->state;
  g_autoptr(GBytes) key = g_bytes_new (methods, n * sizeof (guint32));
  guint32 found = GPOINTER_TO_UINT (g_hash_table_lookup (state->stacks, key));
  EsMonoStack stack;

  if (found != 0)
    return found - 1;
  stack.first = profile->frames->len;
  stack.n_frames = n;
  g_array_append_vals (profile->frames, methods, n);
  g_array_append_val (profile->stacks, stack);
  g_hash_table_insert (state->stacks, g_steal_pointer (&key), GUINT_TO_POINTER (profile->stacks->len));
  return profile->stacks->len - 1;
}

/* The log's frames of @event as a stack; the methods are made in frame
 * order, as the log first mentions them. */
guint32
_es_mono_intern_frames (EsMonoProfile     *profile,
               const EsMlpdEvent *event)
{
  State *state = profile->state;

  g_array_set_size (state->scratch, event->n_frames);
  for (guint32 i = 0; i < event->n_frames; i++)
    g_array_index (state->scratch, guint32, i) = get_method (profile, event->frames[i]);
  return intern_stack (profile, (const guint32 *) (gpointer) state->scratch->data, event->n_frames);
}

/* The calls in progress on @thread, outermost first. */
static guint32
intern_calls (EsMonoProfile *profile,
              guint32        thread)
{
  State *state = profile->state;
  GArray *stack = _es_mono_thread_state (profile, thread)->stack;

  g_array_set_size (state->scratch, stack->len);
  for (guint i = 0; i < stack->len; i++)
    g_array_index (state->scratch, guint32, i) = g_array_index (stack, Frame, i).method;
  return intern_stack (profile, (const guint32 *) (gpointer) state->scratch->data, stack->len);
}

const char *
es_mono_profile_method_name (EsMonoProfile *profile,
                             guint32        method,
                             char           buffer[64])
{
  const EsMonoMethod *m = &g_array_index (profile->methods, EsMonoMethod, method);

  if (m->name != NULL)
    return m->name;
  if (m->pointer == 0)
    g_snprintf (buffer, 64, "unknown method (nil)");
  else
    g_snprintf (buffer, 64, "unknown method 0x%" G_GINT64_MODIFIER "x", m->pointer);
  return buffer;
}

const char *
es_mono_profile_class_name (EsMonoProfile *profile,
                            guint32        klass,
                            char           buffer[64])
{
  const EsMonoClass *c = &g_array_index (profile->classes, EsMonoClass, klass);

  if (c->name != NULL)
    return c->name;
  if (c->pointer == 0)
    g_snprintf (buffer, 64, "unresolved class (nil)");
  else
    g_snprintf (buffer, 64, "unresolved class 0x%" G_GINT64_MODIFIER "x", c->pointer);
  return buffer;
}

static void
say (EsMonoProfile *profile,
     const char    *what,
     guint32        method)
{
  char buffer[64];

  g_ptr_array_add (profile->decode_messages,
                   g_strdup_printf ("%s%s\n", what, es_mono_profile_method_name (profile, method, buffer)));
}

static void
enter_method (EsMonoProfile *profile,
              guint32        thread,
              guint32        method,
              guint64        time)
{
  State *state = profile->state;
  /* The window traces no call: its callers' stack is not needed */
  Frame frame = { method, profile->activity != NULL ? ES_MONO_NONE : intern_calls (profile, thread),
                  state->n_entered++, time, 0 };

  g_array_append_val (_es_mono_thread_state (profile, thread)->stack, frame);
}

/* A leave ends the call on top of the thread's stack if it is a call of
 * that method; any other leave is unmatched, said and dropped, as
 * mprof-report does. Times are unsigned and wrap, as its own do. */
static void
leave_method (EsMonoProfile *profile,
              guint32        thread,
              guint32        method,
              guint64        time)
{
  GArray *stack = _es_mono_thread_state (profile, thread)->stack;
  Frame frame;
  EsMonoCall call;
  guint64 duration;

  if (stack->len == 0 || g_array_index (stack, Frame, stack->len - 1).method != method)
    {
      char what[64];

      g_snprintf (what, sizeof what, "unmatched leave at stack pos: %u for method ", stack->len);
      say (profile, what, method);
      return;
    }
  frame = g_array_index (stack, Frame, stack->len - 1);
  g_array_set_size (stack, stack->len - 1);
  if (time < frame.start)
    say (profile, "time went backwards for ", method);
  duration = time - frame.start;
  if (frame.callee > duration)
    say (profile, "callee time bigger for ", method);
  call.start = frame.start;
  call.end = time;
  call.self = duration - frame.callee;
  call.method = method;
  call.thread = thread;
  call.caller_stack = frame.caller_stack;
  call.entered = frame.entered;
  if (profile->activity != NULL)
    es_mono_activity_builder_add_call (profile->activity, call.start, call.end, call.self, method);
  else
    g_array_append_val (profile->calls, call);
  if (stack->len > 0)
    g_array_index (stack, Frame, stack->len - 1).callee += duration;
}

static void
add_metadata (EsMonoProfile     *profile,
              const EsMlpdEvent *e)
{
  State *state = profile->state;
  guint64 pointer = e->u.metadata.pointer;

  switch (e->u.metadata.kind)
    {
    case ES_MLPD_KIND_CLASS:
      {
        guint32 index = _es_mono_get_class (profile, pointer);   /* may grow the array */
        EsMonoClass *klass = &g_array_index (profile->classes, EsMonoClass, index);

        g_free (klass->name);
        klass->name = _es_mono_string_dup (e->u.metadata.name);
      }
      break;
    case ES_MLPD_KIND_IMAGE:
      if (e->exinfo == ES_MLPD_METADATA_END_LOAD)
        profile->n_images++;
      break;
    case ES_MLPD_KIND_ASSEMBLY:
      if (e->exinfo == ES_MLPD_METADATA_END_LOAD)
        profile->n_assemblies++;
      break;
    case ES_MLPD_KIND_DOMAIN:
      {
        guint32 found = _es_mono_find (state->domains, pointer);
        EsMonoDomain *domain;

        if (found == 0)
          {
            EsMonoDomain fresh = { pointer, NULL };

            g_array_append_val (profile->domains, fresh);
            _es_mono_remember (state->domains, pointer, profile->domains->len - 1);
            found = profile->domains->len;
          }
        domain = &g_array_index (profile->domains, EsMonoDomain, found - 1);
        if (e->exinfo == ES_MLPD_METADATA_NAME)
          {
            g_free (domain->name);
            domain->name = _es_mono_string_dup (e->u.metadata.name);
          }
      }
      break;
    case ES_MLPD_KIND_CONTEXT:
      if (e->exinfo == ES_MLPD_METADATA_END_LOAD)
        {
          guint32 found = _es_mono_find (state->contexts, pointer);

          if (found == 0)
            {
              EsMonoContext fresh = { pointer, 0 };

              g_array_append_val (profile->contexts, fresh);
              _es_mono_remember (state->contexts, pointer, profile->contexts->len - 1);
              found = profile->contexts->len;
            }
          g_array_index (profile->contexts, EsMonoContext, found - 1).domain = e->u.metadata.parent;
        }
      break;
    case ES_MLPD_KIND_THREAD:
      {
        guint32 thread = _es_mono_get_thread (profile, pointer);

        if (e->exinfo == ES_MLPD_METADATA_NAME)
          {
            EsMonoThread *t = &g_array_index (profile->threads, EsMonoThread, thread);

            g_free (t->name);
            t->name = _es_mono_string_dup (e->u.metadata.name);
          }
      }
      break;
    case ES_MLPD_KIND_VTABLE:
      _es_mono_get_vtable_class (profile, pointer, e->u.metadata.parent);
      break;
    default:
      break;
    }
}

static void
add_method_event (EsMonoProfile     *profile,
                  const EsMlpdEvent *e,
                  guint32            thread)
{
  guint32 method = get_method (profile, e->u.method.method);

  if (e->exinfo == ES_MLPD_METHOD_JIT)
    {
      EsMonoMethod *m = &g_array_index (profile->methods, EsMonoMethod, method);

      g_free (m->name);
      m->name = _es_mono_string_dup (e->u.method.name);
      m->code = e->u.method.code;
      m->code_size = e->u.method.code_size;
      m->jit_time = e->time;
    }
  else
    {
      /* A document's profile keeps the calls as the call time's
       * stretches, and with the window's activity (es_mono_profile_set_window())
       * as calls too; the report's collector keeps only the calls. */
      if (profile->samples_only)
        _es_mono_add_call_stretch (profile, thread, method, e->exinfo == ES_MLPD_METHOD_ENTER, e->time);
      if (profile->samples_only && (profile->activity == NULL || profile->calls_not_kept))
        return;
      if (e->exinfo == ES_MLPD_METHOD_ENTER)
        enter_method (profile, thread, method, e->time);
      else
        leave_method (profile, thread, method, e->time);
    }
}

static void
add_alloc (EsMonoProfile     *profile,
           const EsMlpdEvent *e,
           guint32            thread)
{
  EsMonoAlloc alloc = { 0 };

  alloc.time = e->time;
  alloc.size = e->u.alloc.size;
  alloc.thread = thread;
  /* A vtable the log has not described yet stands for the null class. */
  alloc.klass = _es_mono_get_vtable_class (profile, e->u.alloc.vtable, 0);
  alloc.has_backtrace = e->exinfo == 0x10;
  if (profile->activity != NULL)
    {
      es_mono_activity_builder_add_alloc (profile->activity, alloc.time, alloc.klass,
                                          alloc.has_backtrace ? _es_mono_intern_frames (profile, e) : ES_MONO_NONE,
                                          alloc.size);
      return;
    }
  alloc.stack = alloc.has_backtrace ? _es_mono_intern_frames (profile, e) : intern_calls (profile, thread);
  g_array_append_val (profile->allocs, alloc);
}

static void
add_monitor (EsMonoProfile     *profile,
             const EsMlpdEvent *e,
             guint32            thread)
{
  State *state = profile->state;
  EsMonoMonitorEvent event = { 0 };
  guint32 found = _es_mono_find (state->locks, e->u.monitor.object);

  if (found == 0)
    {
      EsMonoLock lock = { e->u.monitor.object };

      g_array_append_val (profile->locks, lock);
      _es_mono_remember (state->locks, lock.object, profile->locks->len - 1);
      found = profile->locks->len;
    }
  event.time = e->time;
  event.lock = found - 1;
  event.thread = thread;
  event.kind = e->u.monitor.event;
  event.has_backtrace = (e->exinfo & 0x80) != 0;
  if (profile->activity != NULL)
    {
      es_mono_activity_builder_add_monitor (profile->activity, event.time, thread, event.lock, event.kind);
      return;
    }
  event.stack = event.has_backtrace ? _es_mono_intern_frames (profile, e) : intern_calls (profile, thread);
  g_array_append_val (profile->monitor_events, event);
}

static void
add_exception (EsMonoProfile     *profile,
               const EsMlpdEvent *e,
               guint32            thread)
{
  if (e->u.exception.is_clause)
    {
      /* Only named if the log names it anyway: a clause's method is no
       * reason for mprof-report to list a method. */
      guint32 found = _es_mono_find (((State *) profile->state)->methods, e->u.exception.method);
      EsMonoClause clause = { e->time, found != 0 ? found - 1 : ES_MONO_NONE, e->u.exception.clause_type };

      if (profile->activity != NULL)
        es_mono_activity_builder_add_clause (profile->activity, clause.time, clause.method, clause.type);
      else
        g_array_append_val (profile->clauses, clause);
    }
  else
    {
      EsMonoThrow thrown = { 0 };

      thrown.time = e->time;
      thrown.thread = thread;
      thrown.has_backtrace = (e->exinfo & 0x80) != 0;
      if (profile->activity != NULL)
        {
          es_mono_activity_builder_add_throw (profile->activity, thrown.time,
                                              thrown.has_backtrace ? _es_mono_intern_frames (profile, e)
                                                                   : ES_MONO_NONE);
          return;
        }
      thrown.stack = thrown.has_backtrace ? _es_mono_intern_frames (profile, e) : intern_calls (profile, thread);
      g_array_append_val (profile->throws, thrown);
    }
}

static void
add_gc (EsMonoProfile     *profile,
        const EsMlpdEvent *e,
        guint32            thread)
{
  switch (e->exinfo)
    {
    case ES_MLPD_GC_EVENT:
      {
        EsMonoGcEvent event = { e->time, thread, e->u.gc.event, e->u.gc.generation };

        g_array_append_val (profile->gc_events, event);
      }
      break;
    case ES_MLPD_GC_RESIZE:
      {
        EsMonoResize resize = { e->time, e->u.resize.heap_size };

        g_array_append_val (profile->resizes, resize);
      }
      break;
    case ES_MLPD_GC_MOVE:
      {
        EsMonoMoves moves = { e->time, e->u.move.n_moves };

        g_array_append_val (profile->moves, moves);
      }
      break;
    case ES_MLPD_GC_HANDLE_CREATED:
    case ES_MLPD_GC_HANDLE_CREATED_BT:
    case ES_MLPD_GC_HANDLE_DESTROYED:
    case ES_MLPD_GC_HANDLE_DESTROYED_BT:
      {
        EsMonoHandleEvent event = { 0 };

        event.time = e->time;
        event.thread = thread;
        event.handle_type = (guint8) MIN (e->u.handle.handle_type, 255);
        event.created = e->exinfo == ES_MLPD_GC_HANDLE_CREATED || e->exinfo == ES_MLPD_GC_HANDLE_CREATED_BT;
        event.has_backtrace = e->exinfo == ES_MLPD_GC_HANDLE_CREATED_BT || e->exinfo == ES_MLPD_GC_HANDLE_DESTROYED_BT;
        event.stack = event.has_backtrace ? _es_mono_intern_frames (profile, e) : intern_calls (profile, thread);
        g_array_append_val (profile->handle_events, event);
      }
      break;
    default:
      break;
    }
}

/**
 * es_mono_profile_add_event:
 * @profile: (type EsMonoProfile)
 *
 * Takes one event of the log, in file order (an #EsMlpdEventFunc).
 *
 * Returns: %TRUE, to go on.
 */
gboolean
es_mono_profile_add_event (const EsMlpdEvent *e,
                           gpointer           data)
{
  EsMonoProfile *profile = data;
  guint32 thread = _es_mono_get_thread (profile, e->buffer_thread);

  _es_mono_thread_state (profile, thread)->last_time = e->time;
  {
    EsMonoEventStat *stat = &profile->event_stats[e->type | e->exinfo];

    stat->count++;
    stat->min_size = stat->min_size == 0 ? e->size : MIN (stat->min_size, e->size);
    stat->max_size = MAX (stat->max_size, e->size);
    stat->bytes += e->size;
  }
  profile->min_time = profile->have_time ? MIN (profile->min_time, e->time) : e->time;
  profile->max_time = profile->have_time ? MAX (profile->max_time, e->time) : e->time;
  profile->have_time = TRUE;

  /* The samples need the names of what they hit and nothing else: every
   * call, allocation and heap object of a big log would cost the window
   * a second and several times the log's size (es_mono_profile_load_samples()).
   * The calls are kept as the call time's stretches, in a fraction of that. */
  if (profile->samples_only && e->type != ES_MLPD_SAMPLE && e->type != ES_MLPD_METADATA &&
      e->type != ES_MLPD_METHOD &&
      !(profile->activity != NULL && (e->type == ES_MLPD_ALLOC || e->type == ES_MLPD_EXCEPTION ||
                                      e->type == ES_MLPD_MONITOR)))
    return TRUE;

  switch (e->type)
    {
    case ES_MLPD_ALLOC:
      add_alloc (profile, e, thread);
      break;
    case ES_MLPD_GC:
      add_gc (profile, e, thread);
      break;
    case ES_MLPD_METADATA:
      add_metadata (profile, e);
      break;
    case ES_MLPD_METHOD:
      add_method_event (profile, e, thread);
      break;
    case ES_MLPD_EXCEPTION:
      add_exception (profile, e, thread);
      break;
    case ES_MLPD_MONITOR:
      add_monitor (profile, e, thread);
      break;
    case ES_MLPD_HEAP:
      _es_mono_add_heap (profile, e, thread);
      break;
    case ES_MLPD_SAMPLE:
      _es_mono_add_sample (profile, e);
      break;
    case ES_MLPD_RUNTIME:
      {
        EsMonoCodeBuffer buffer = { e->time, e->u.code_buffer.size, e->u.code_buffer.type };

        g_array_append_val (profile->code_buffers, buffer);
      }
      break;
    default:
      break;
    }
  return TRUE;
}

/**
 * es_mono_profile_finish:
 *
 * Ends the calls still in progress when the log ends, at the time of
 * their thread's last event (newest thread first, as mprof-report does),
 * and lets go of what was only needed while reading.
 */
void
es_mono_profile_finish (EsMonoProfile *profile)
{
  State *state = profile->state;

  if (state == NULL)
    return;
  _es_mono_finish_call_time (profile);
  for (guint t = profile->threads->len; t-- > 0;)
    {
      ThreadState *ts = _es_mono_thread_state (profile, t);

      while (ts->stack->len > 0)
        leave_method (profile, t, g_array_index (ts->stack, Frame, ts->stack->len - 1).method, ts->last_time);
    }
  profile->origin = profile->header.startup_ns != 0 && profile->header.startup_ns <= profile->min_time
                    ? profile->header.startup_ns : profile->min_time;
  _es_mono_state_free (state);
  profile->state = NULL;
}

