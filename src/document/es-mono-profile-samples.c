/* es-mono-profile-samples.c: the heap shots, counters and samples of a
 * Mono profile
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-counter.h"
#include "es-mono-profile-private.h"

/* mprof-report's table of a shot's classes: open addressing from the class
 * pointer, doubled (and refilled in slot order) when half full. Its slot
 * order is the order of the shot's listing before it is sorted. */
static guint32
heap_shot_slot (EsMonoProfile  *profile,
                EsMonoHeapShot *shot,
                guint32         klass,
                guint32        *slots,
                guint32         n_slots)
{
  guint64 pointer = g_array_index (profile->classes, EsMonoClass, klass).pointer;
  guint32 start = (guint32) ((pointer >> 2) % n_slots);
  guint32 i = start;

  do
    {
      if (slots[i] == 0 ||
          g_array_index (shot->classes, EsMonoHeapClass, slots[i] - 1).klass == klass)
        return i;
      i = (i + 1) % n_slots;
    }
  while (i != start);
  g_return_val_if_reached (0);
}

static guint32
heap_shot_add (EsMonoProfile  *profile,
               EsMonoHeapShot *shot,
               guint32         klass,
               guint64         size)
{
  guint32 slot;

  if (shot->classes->len * 2 >= shot->n_slots)
    {
      guint32 n_slots = shot->n_slots * 2;
      guint32 *slots = g_new0 (guint32, n_slots);

      for (guint32 i = 0; i < shot->n_slots; i++)
        if (shot->slots[i] != 0)
          {
            guint32 moved = g_array_index (shot->classes, EsMonoHeapClass, shot->slots[i] - 1).klass;

            slots[heap_shot_slot (profile, shot, moved, slots, n_slots)] = shot->slots[i];
          }
      g_free (shot->slots);
      shot->slots = slots;
      shot->n_slots = n_slots;
    }
  slot = heap_shot_slot (profile, shot, klass, shot->slots, shot->n_slots);
  if (shot->slots[slot] == 0)
    {
      EsMonoHeapClass fresh = { klass, 0, 0 };

      g_array_append_val (shot->classes, fresh);
      shot->slots[slot] = shot->classes->len;
    }
  g_array_index (shot->classes, EsMonoHeapClass, shot->slots[slot] - 1).bytes += size;
  g_array_index (shot->classes, EsMonoHeapClass, shot->slots[slot] - 1).count++;
  return shot->slots[slot] - 1;
}

/* Objects are kept with their references for --traces (which classes
 * refer to which); roots count for the shot that ends next in the same
 * thread's buffers, whenever they were reported, as mprof-report counts
 * them. */
void
_es_mono_add_heap (EsMonoProfile     *profile,
                   const EsMlpdEvent *e,
                   guint32            thread)
{
  ThreadState *ts = _es_mono_thread_state (profile, thread);
  EsMonoHeapShot *shot = ts->heap_shot != ES_MONO_NONE ? g_ptr_array_index (profile->heap_shots, ts->heap_shot)
                                                       : NULL;

  switch (e->exinfo)
    {
    case ES_MLPD_HEAP_START:
      shot = g_new0 (EsMonoHeapShot, 1);
      shot->time = e->time;
      shot->thread = thread;
      shot->classes = g_array_new (FALSE, FALSE, sizeof (EsMonoHeapClass));
      shot->n_slots = 4;
      shot->slots = g_new0 (guint32, shot->n_slots);
      shot->objects = g_array_new (FALSE, FALSE, sizeof (EsMonoHeapObject));
      shot->refs = g_array_new (FALSE, FALSE, sizeof (EsMonoHeapRef));
      shot->roots = g_array_new (FALSE, FALSE, sizeof (guint64));
      shot->open = TRUE;
      g_ptr_array_add (profile->heap_shots, shot);
      ts->heap_shot = profile->heap_shots->len - 1;
      g_clear_pointer (&ts->shot_objects, g_hash_table_unref);
      ts->shot_objects = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
      break;
    case ES_MLPD_HEAP_END:
      if (shot != NULL)
        {
          shot->open = FALSE;
          g_array_append_vals (shot->roots, ts->roots->data, ts->roots->len);
        }
      g_array_set_size (ts->roots, 0);
      g_clear_pointer (&ts->shot_objects, g_hash_table_unref);
      ts->heap_shot = ES_MONO_NONE;
      break;
    case ES_MLPD_HEAP_OBJECT:
      {
        guint32 klass = _es_mono_get_vtable_class (profile, e->u.heap_object.vtable, 0);
        guint32 object;

        if (shot == NULL)
          break;
        if (e->u.heap_object.size != 0)
          {
            EsMonoHeapObject fresh = { e->u.heap_object.object, heap_shot_add (profile, shot, klass, e->u.heap_object.size) };

            /* an object listed twice is counted twice but kept once */
            object = _es_mono_find (ts->shot_objects, fresh.address);
            if (object != 0)
              break;
            g_array_append_val (shot->objects, fresh);
            _es_mono_remember (ts->shot_objects, fresh.address, shot->objects->len - 1);
            object = shot->objects->len;
          }
        else
          {
            /* more references of an object already listed */
            object = _es_mono_find (ts->shot_objects, e->u.heap_object.object);
            if (object == 0)
              break;
          }
        for (guint32 i = 0; i < e->u.heap_object.n_refs; i++)
          {
            EsMonoHeapRef ref = { object - 1, e->u.heap_object.refs[i] };

            g_array_append_val (shot->refs, ref);
          }
      }
      break;
    case ES_MLPD_HEAP_ROOT:
      g_array_append_vals (ts->roots, e->u.heap_roots.objects, e->u.heap_roots.n_roots);
      break;
    default:
      break;
    }
}

/**
 * es_mono_counter_describe:
 *
 * Makes @counter the counter @desc describes, with no value yet.
 */
void
es_mono_counter_describe (EsMonoCounter           *counter,
                          const EsMlpdCounterDesc *desc)
{
  *counter = (EsMonoCounter) { 0 };
  counter->index = desc->index;
  counter->section = desc->section == (1u << 15) ? _es_mono_string_dup (desc->section_name)
                                                 : g_strdup (es_counter_section_name (desc->section));
  counter->name = _es_mono_string_dup (desc->name);
  counter->type = (guint8) MIN (desc->type, 255);
  counter->unit = (guint32) desc->unit;
  counter->variance = (guint32) desc->variance;
}

/**
 * es_mono_counter_take:
 * @time: the sample's
 *
 * Takes a value of @counter: numbers are changes since its last sample,
 * added at the width of the type the value is tagged with; a string is
 * the value itself.
 */
void
es_mono_counter_take (EsMonoCounter            *counter,
                      const EsMlpdCounterValue *value,
                      guint64                   time)
{
  if (value->type == ES_MLPD_COUNTER_STRING)
    {
      g_clear_pointer (&counter->last_string, g_free);
      if (value->has_string)
        counter->last_string = _es_mono_string_dup (value->string);
    }
  else
    counter->last = es_counter_accumulate ((guint8) MIN (value->type, 255), counter->has_value, counter->last, value);
  counter->has_value = TRUE;
  counter->last_time = time;
}

void
es_mono_counter_clear (EsMonoCounter *counter)
{
  g_clear_pointer (&counter->section, g_free);
  g_clear_pointer (&counter->name, g_free);
  g_clear_pointer (&counter->last_string, g_free);
}

static void
add_counters (EsMonoProfile     *profile,
              const EsMlpdEvent *e)
{
  State *state = profile->state;

  if (e->exinfo == ES_MLPD_SAMPLE_COUNTERS_DESC)
    {
      for (guint32 i = 0; i < e->u.counters_desc.n_descs; i++)
        {
          const EsMlpdCounterDesc *desc = &e->u.counters_desc.descs[i];
          EsMonoCounter counter;

          /* A counter described twice keeps its first description. */
          if (_es_mono_find (state->counters, desc->index) != 0)
            continue;
          es_mono_counter_describe (&counter, desc);
          g_array_append_val (profile->counters, counter);
          _es_mono_remember (state->counters, desc->index, profile->counters->len - 1);
        }
      return;
    }

  for (guint32 i = 0; i < e->u.counters.n_values; i++)
    {
      const EsMlpdCounterValue *value = &e->u.counters.values[i];
      guint32 found = _es_mono_find (state->counters, value->index);

      if (found != 0)
        es_mono_counter_take (&g_array_index (profile->counters, EsMonoCounter, found - 1), value, e->time);
    }
}

void
_es_mono_add_sample (EsMonoProfile     *profile,
            const EsMlpdEvent *e)
{
  EsMonoSample sample = { 0 };

  if (e->exinfo == ES_MLPD_SAMPLE_USYM)
    {
      EsMonoSymbol symbol = { e->u.usym.address, e->u.usym.size, _es_mono_string_dup (e->u.usym.name) };

      g_array_append_val (profile->symbols, symbol);
      return;
    }
  if (e->exinfo != ES_MLPD_SAMPLE_HIT)
    {
      add_counters (profile, e);
      return;
    }
  sample.time = e->time;
  /* By its id: mprof-report lists only threads that own buffers or are
   * named, and a sampled thread is not a reason to list one. */
  sample.thread_id = e->u.sample.thread;
  sample.first_ip = profile->ips->len;
  sample.n_ips = e->u.sample.n_ips;
  g_array_append_vals (profile->ips, e->u.sample.ips, e->u.sample.n_ips);
  sample.stack = _es_mono_intern_frames (profile, e);
  g_array_append_val (profile->samples, sample);
}


/* ---- where an instruction pointer was ---------------------------------- */

struct _EsMonoIpResolver
{
  EsMonoProfile *profile;
  GArray        *methods;     /* guint32, compiled methods by code address */
  guint64       *reach;       /* per entry of @methods: the furthest end of its code or any before */
  guint32       *rank;        /* per method: its place in the preferred order */
  GArray        *symbols;     /* guint32, symbols by address */
};

static gint
compare_method_code (gconstpointer a,
                     gconstpointer b,
                     gpointer      data)
{
  GArray *methods = data;
  guint64 ca = g_array_index (methods, EsMonoMethod, *(const guint32 *) a).code;
  guint64 cb = g_array_index (methods, EsMonoMethod, *(const guint32 *) b).code;

  return ca == cb ? 0 : ca < cb ? -1 : 1;
}

static gint
compare_symbol_address (gconstpointer a,
                        gconstpointer b,
                        gpointer      data)
{
  GArray *symbols = data;
  guint64 aa = g_array_index (symbols, EsMonoSymbol, *(const guint32 *) a).address;
  guint64 ab = g_array_index (symbols, EsMonoSymbol, *(const guint32 *) b).address;

  return aa == ab ? 0 : aa < ab ? -1 : 1;
}

static guint64
code_end (const EsMonoMethod *method)
{
  /* the size read as 32 bits, as mprof-report reads it */
  return method->code + (guint32) method->code_size;
}

/**
 * es_mono_ip_resolver_new:
 * @preference: (nullable): method indexes, in the order in which a method
 *   is chosen where the code of two holds an address (a wrapper and the
 *   method it wraps can share theirs): mprof-report's is the order of its
 *   method table (_es_mono_report_methods_by_slot())
 *
 * Sorts @profile's compiled methods by their code and its unmanaged
 * symbols by their address, to tell where a sample's instruction pointer
 * was as mprof-report does. @profile must outlive it.
 */
EsMonoIpResolver *
es_mono_ip_resolver_new (EsMonoProfile *profile,
                         GArray        *preference)
{
  EsMonoIpResolver *self = g_new0 (EsMonoIpResolver, 1);
  guint64 reach = 0;

  self->profile = profile;
  self->methods = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->symbols = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->rank = g_new (guint32, MAX (profile->methods->len, 1));
  for (guint32 m = 0; m < profile->methods->len; m++)
    {
      self->rank[m] = m;
      if (g_array_index (profile->methods, EsMonoMethod, m).code_size > 0)
        g_array_append_val (self->methods, m);
    }
  for (guint i = 0; preference != NULL && i < preference->len; i++)
    self->rank[g_array_index (preference, guint32, i)] = i;
  g_array_sort_with_data (self->methods, compare_method_code, profile->methods);
  self->reach = g_new (guint64, MAX (self->methods->len, 1));
  for (guint i = 0; i < self->methods->len; i++)
    {
      reach = MAX (reach, code_end (&g_array_index (profile->methods, EsMonoMethod,
                                                    g_array_index (self->methods, guint32, i))));
      self->reach[i] = reach;
    }
  for (guint32 s = 0; s < profile->symbols->len; s++)
    g_array_append_val (self->symbols, s);
  g_array_sort_with_data (self->symbols, compare_symbol_address, profile->symbols);
  return self;
}

void
es_mono_ip_resolver_free (EsMonoIpResolver *self)
{
  g_array_unref (self->methods);
  g_array_unref (self->symbols);
  g_free (self->reach);
  g_free (self->rank);
  g_free (self);
}

/* The last entry of @sorted whose start (@start_of) is at or below @ip, or
 * -1: a binary search. */
static gint64
last_at_or_below (GArray  *sorted,
                  guint64 (*start_of) (EsMonoProfile *, guint32),
                  EsMonoProfile *profile,
                  guint64  ip)
{
  gint64 low = 0, high = (gint64) sorted->len - 1, best = -1;

  while (high >= low)
    {
      gint64 mid = (low + high) / 2;

      if (start_of (profile, g_array_index (sorted, guint32, mid)) <= ip)
        {
          best = mid;
          low = mid + 1;
        }
      else
        high = mid - 1;
    }
  return best;
}

static guint64
method_code (EsMonoProfile *profile,
             guint32        m)
{
  return g_array_index (profile->methods, EsMonoMethod, m).code;
}

static guint64
symbol_address (EsMonoProfile *profile,
                guint32        s)
{
  return g_array_index (profile->symbols, EsMonoSymbol, s).address;
}

/**
 * es_mono_ip_resolver_find:
 * @index: (out): the method's or the symbol's index in the profile
 *
 * Where @ip was: in the code of a compiled method (the preferred one, if
 * several); else in the unmanaged symbol at or below it, within 4 KiB;
 * else unresolved.
 */
EsMonoIpKind
es_mono_ip_resolver_find (EsMonoIpResolver *self,
                          guint64           ip,
                          guint32          *index)
{
  EsMonoProfile *profile = self->profile;
  guint32 best = G_MAXUINT32;
  gint64 k;

  /* The methods starting at or below @ip, back as far as one of them can
   * still reach past it: usually the one nearest below only. */
  for (k = last_at_or_below (self->methods, method_code, profile, ip); k >= 0 && self->reach[k] > ip; k--)
    {
      guint32 m = g_array_index (self->methods, guint32, k);

      if (ip < code_end (&g_array_index (profile->methods, EsMonoMethod, m)) &&
          (best == G_MAXUINT32 || self->rank[m] < self->rank[best]))
        best = m;
    }
  if (best != G_MAXUINT32)
    {
      *index = best;
      return ES_MONO_IP_METHOD;
    }
  k = last_at_or_below (self->symbols, symbol_address, profile, ip);
  if (k >= 0 && ip - symbol_address (profile, g_array_index (self->symbols, guint32, k)) < 4096)
    {
      *index = g_array_index (self->symbols, guint32, k);
      return ES_MONO_IP_SYMBOL;
    }
  return ES_MONO_IP_UNRESOLVED;
}
