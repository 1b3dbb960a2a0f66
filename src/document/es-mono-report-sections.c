/* es-mono-report-sections.c: mprof-report's backtraces, statistical
 * samples, heap shots and counters
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-counter.h"
#include "es-mono-report-private.h"

/* A backtrace as mprof-report keys it: its frames (at most --maxframes of
 * them) and a hash of their method pointers, which places it in the table
 * whose slot order ties its listing. */
typedef struct
{
  GBytes  *methods;           /* guint32 method indexes */
  guint32  hash;
  guint64  weight;
} Trace;

static guint32
hash_frames (EsMonoProfile *profile,
             const guint32 *methods,
             guint32        n)
{
  guint32 hash = n;

  for (guint32 i = 0; i < n; i++)
    hash = hash * 31 + (guint32) g_array_index (profile->methods, EsMonoMethod, methods[i]).pointer;
  return hash;
}

/* The slot of @trace in a table of @n_slots (index + 1 of a trace, 0 for
 * an empty slot): open addressing from the hash, as mprof-report's. */
static guint32
trace_slot (const guint32 *slots,
            guint32        n_slots,
            GArray        *traces,
            guint32        trace)
{
  guint32 start = g_array_index (traces, Trace, trace).hash % n_slots;
  guint32 i = start;

  do
    {
      if (slots[i] == 0 || slots[i] == trace + 1)
        return i;
      i = (i + 1) % n_slots;
    }
  while (i != start);
  g_return_val_if_reached (0);
}

static gint
compare_weight_descending (gconstpointer a,
                           gconstpointer b,
                           gpointer      data)
{
  GArray *traces = data;
  guint64 wa = g_array_index (traces, Trace, *(const guint32 *) a - 1).weight;
  guint64 wb = g_array_index (traces, Trace, *(const guint32 *) b - 1).weight;

  return wa == wb ? 0 : wa > wb ? -1 : 1;
}

/**
 * _es_mono_report_traces:
 * @stacks: (element-type guint32): the stack of each event, with the high
 *   bit set for the calls in progress (whose innermost frames are kept)
 *   rather than the log's own backtrace (whose first frames are)
 * @weights: (element-type guint64) (nullable): each event's weight, or 1
 *
 * Writes the "N what from:" lines of --traces.
 */
void
_es_mono_report_traces (EsMonoReport *report,
                        GArray       *stacks,
                        GArray       *weights,
                        const char   *what)
{
  EsMonoProfile *profile = report->profile;
  guint max_frames = report->options->max_frames;
  g_autoptr(GHashTable) known = NULL;
  g_autoptr(GArray) traces = NULL;
  g_autoptr(GArray) listed = NULL;
  g_autofree guint32 *slots = NULL;
  guint32 n_slots = 0;

  if (!report->options->traces || stacks->len == 0)
    return;
  known = g_hash_table_new (g_bytes_hash, g_bytes_equal);
  traces = g_array_new (FALSE, FALSE, sizeof (Trace));
  for (guint i = 0; i < stacks->len; i++)
    {
      guint32 tagged = g_array_index (stacks, guint32, i);
      const EsMonoStack *stack = &g_array_index (profile->stacks, EsMonoStack, tagged & 0x7fffffffu);
      const guint32 *frames = &g_array_index (profile->frames, guint32, stack->first);
      guint32 n = MIN (stack->n_frames, max_frames);
      g_autoptr(GBytes) key = NULL;
      guint32 trace;

      if ((tagged & 0x80000000u) != 0)
        frames += stack->n_frames - n;
      /* the table doubles (refilled in slot order) when half full, checked
       * at every event, even one of a backtrace it already holds */
      if (traces->len * 2 >= n_slots)
        {
          guint32 grown = n_slots == 0 ? 4 : n_slots * 2;
          guint32 *refilled = g_new0 (guint32, grown);

          for (guint32 s = 0; s < n_slots; s++)
            if (slots[s] != 0)
              refilled[trace_slot (refilled, grown, traces, slots[s] - 1)] = slots[s];
          g_free (slots);
          slots = refilled;
          n_slots = grown;
        }
      key = g_bytes_new (frames, n * sizeof (guint32));
      trace = GPOINTER_TO_UINT (g_hash_table_lookup (known, key));
      if (trace == 0)
        {
          Trace fresh = { g_bytes_ref (key), hash_frames (profile, frames, n), 0 };

          g_array_append_val (traces, fresh);
          trace = traces->len;
          g_hash_table_insert (known, fresh.methods, GUINT_TO_POINTER (trace));
          slots[trace_slot (slots, n_slots, traces, trace - 1)] = trace;
        }
      g_array_index (traces, Trace, trace - 1).weight += weights != NULL ? g_array_index (weights, guint64, i) : 1;
    }

  listed = g_array_new (FALSE, FALSE, sizeof (guint32));
  for (guint32 s = 0; s < n_slots; s++)
    if (slots[s] != 0)
      g_array_append_val (listed, slots[s]);
  g_array_sort_with_data (listed, compare_weight_descending, traces);
  for (guint i = 0; i < listed->len; i++)
    {
      const Trace *t = &g_array_index (traces, Trace, g_array_index (listed, guint32, i) - 1);
      gsize size;
      const guint32 *methods = g_bytes_get_data (t->methods, &size);

      if (size == 0)
        continue;
      g_string_append_printf (report->out, "\t%" G_GUINT64_FORMAT " %s from:\n", t->weight, what);
      for (gsize k = 0; k < size / sizeof (guint32); k++)
        {
          char name[64];

          g_string_append_printf (report->out, "\t\t%s\n", es_mono_profile_method_name (profile, methods[k], name));
        }
    }
  for (guint i = 0; i < traces->len; i++)
    g_bytes_unref (g_array_index (traces, Trace, i).methods);
}

void
_es_mono_report_samples (EsMonoReport *report)
{
  EsMonoProfile *profile = report->profile;
  g_autoptr(GArray) methods = _es_mono_report_methods_by_slot (profile);
  g_autoptr(EsMonoIpResolver) resolver = es_mono_ip_resolver_new (profile, methods);
  g_autoptr(GArray) hit_methods = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GArray) hit_symbols = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autofree guint64 *method_hits = g_new0 (guint64, MAX (profile->methods->len, 1));
  g_autofree guint64 *symbol_hits = g_new0 (guint64, MAX (profile->symbols->len, 1));
  guint64 n_hits = 0, unmanaged = 0, unresolved = 0;
  GString *out = report->out;
  guint i = 0, u = 0;

  for (guint k = 0; k < profile->samples->len; k++)
    {
      const EsMonoSample *sample = &g_array_index (profile->samples, EsMonoSample, k);

      if (!_es_mono_report_keeps (report, sample->time))
        continue;
      /* every instruction pointer of a hit is a sample of its own */
      for (guint32 j = 0; j < sample->n_ips; j++)
        {
          guint64 ip = g_array_index (profile->ips, guint64, sample->first_ip + j);
          guint32 hit;
          EsMonoIpKind kind = es_mono_ip_resolver_find (resolver, ip, &hit);

          n_hits++;
          if (kind == ES_MONO_IP_METHOD)
            {
              if (method_hits[hit]++ == 0)
                g_array_append_val (hit_methods, hit);
              continue;
            }
          unmanaged++;
          if (kind == ES_MONO_IP_UNRESOLVED)
            {
              unresolved++;
              continue;
            }
          if (symbol_hits[hit]++ == 0)
            g_array_append_val (hit_symbols, hit);
        }
    }
  if (n_hits == 0)
    return;
  _es_mono_report_sort_descending (hit_methods, method_hits);
  _es_mono_report_sort_descending (hit_symbols, symbol_hits);

  g_string_append (out, "\nStatistical samples summary\n");
  g_string_append (out, "\tSample type: cycles\n");
  g_string_append_printf (out, "\tUnmanaged hits:  %6d (%4.1f%%)\n", (int) unmanaged, (100.0 * unmanaged) / n_hits);
  g_string_append_printf (out, "\tManaged hits:    %6d (%4.1f%%)\n", (int) (n_hits - unmanaged),
                          (100.0 * (n_hits - unmanaged)) / n_hits);
  g_string_append_printf (out, "\tUnresolved hits: %6d (%4.1f%%)\n", (int) unresolved, (100.0 * unresolved) / n_hits);
  g_string_append_printf (out, "\t%6s %6s %s\n", "Hits", "%", "Method name");
  /* the two lists merged by hits, a symbol first only if strictly more;
   * the listing stops at the first line under 0.1% */
  while (i < hit_methods->len || u < hit_symbols->len)
    {
      guint64 mh = i < hit_methods->len ? method_hits[g_array_index (hit_methods, guint32, i)] : 0;
      guint64 sh = u < hit_symbols->len ? symbol_hits[g_array_index (hit_symbols, guint32, u)] : 0;
      gboolean symbol = u < hit_symbols->len && (i >= hit_methods->len || sh > mh);
      guint64 hits = symbol ? sh : mh;
      char name[64];

      if (hits * 100.0 / n_hits < 0.1)
        break;
      if (symbol)
        {
          g_string_append_printf (out, "\t%6d %6.2f %s\n", (int) sh, sh * 100.0 / n_hits,
                                  g_array_index (profile->symbols, EsMonoSymbol,
                                                 g_array_index (hit_symbols, guint32, u)).name);
          u++;
        }
      else
        {
          g_string_append_printf (out, "\t%6d %6.2f %s\n", (int) mh, mh * 100.0 / n_hits,
                                  es_mono_profile_method_name (profile, g_array_index (hit_methods, guint32, i), name));
          i++;
        }
    }
}

/* Heap shots in time order; of equal times, the later one first (mprof-
 * report's list is newest first before its stable sort). */
static gint
compare_shot_time (gconstpointer a,
                   gconstpointer b)
{
  const EsMonoHeapShot *sa = *(EsMonoHeapShot *const *) a;
  const EsMonoHeapShot *sb = *(EsMonoHeapShot *const *) b;

  return sa->time == sb->time ? 0 : sa->time < sb->time ? -1 : 1;
}

static const EsMonoHeapClass *
shot_class (const EsMonoHeapShot *shot,
            guint32               klass)
{
  for (guint i = 0; i < shot->classes->len; i++)
    if (g_array_index (shot->classes, EsMonoHeapClass, i).klass == klass)
      return &g_array_index (shot->classes, EsMonoHeapClass, i);
  return NULL;
}

static gint
compare_heap_class (gconstpointer a,
                    gconstpointer b,
                    gpointer      data)
{
  gboolean by_count = GPOINTER_TO_INT (data);
  const EsMonoHeapClass *ca = *(EsMonoHeapClass *const *) a;
  const EsMonoHeapClass *cb = *(EsMonoHeapClass *const *) b;
  guint64 va = by_count ? ca->count : ca->bytes, vb = by_count ? cb->count : cb->bytes;

  return va == vb ? 0 : va > vb ? -1 : 1;
}

/* Which classes refer to a class, in a shot: mprof-report's table of them
 * per class (open addressing on the referring class's pointer, doubled
 * when half full, checked at every reference). */
typedef struct
{
  guint32 *from;              /* index + 1 of the referring class entry, 0: empty */
  guint64 *count;
  guint32  n_slots;
  guint32  n_used;
} Referrers;

static guint64
entry_pointer (EsMonoProfile        *profile,
               const EsMonoHeapShot *shot,
               guint32               entry)
{
  guint32 klass = g_array_index (shot->classes, EsMonoHeapClass, entry).klass;

  return g_array_index (profile->classes, EsMonoClass, klass).pointer;
}

static guint32
referrer_slot (const Referrers *r,
               guint64          pointer,
               guint32          from)
{
  guint32 start = (guint32) ((pointer >> 2) % r->n_slots);
  guint32 i = start;

  do
    {
      if (r->from[i] == 0 || r->from[i] == from + 1)
        return i;
      i = (i + 1) % r->n_slots;
    }
  while (i != start);
  g_return_val_if_reached (0);
}

static void
add_referrer (EsMonoProfile        *profile,
              const EsMonoHeapShot *shot,
              Referrers            *r,
              guint32               from)
{
  guint32 slot;

  if (r->n_used * 2 >= r->n_slots)
    {
      Referrers grown = { NULL, NULL, r->n_slots == 0 ? 4 : r->n_slots * 2, r->n_used };

      grown.from = g_new0 (guint32, grown.n_slots);
      grown.count = g_new0 (guint64, grown.n_slots);
      for (guint32 i = 0; i < r->n_slots; i++)
        if (r->from[i] != 0)
          {
            guint32 moved = referrer_slot (&grown, entry_pointer (profile, shot, r->from[i] - 1), r->from[i] - 1);

            grown.from[moved] = r->from[i];
            grown.count[moved] = r->count[i];
          }
      g_free (r->from);
      g_free (r->count);
      *r = grown;
    }
  slot = referrer_slot (r, entry_pointer (profile, shot, from), from);
  if (r->from[slot] == 0)
    {
      r->from[slot] = from + 1;
      r->n_used++;
    }
  r->count[slot]++;
}

/* mprof-report walks a shot's objects in the order of its table of them
 * (open addressing on the address, doubled when half full). */
static GArray *
objects_by_slot (const EsMonoHeapShot *shot)
{
  guint32 n_slots = 0;
  g_autofree guint32 *slots = NULL;
  GArray *order = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (guint32 o = 0; o < shot->objects->len; o++)
    {
      guint64 address;
      guint32 i;

      if (o * 2 >= n_slots)
        {
          guint32 grown = n_slots == 0 ? 4 : n_slots * 2;
          guint32 *refilled = g_new0 (guint32, grown);

          for (guint32 s = 0; s < n_slots; s++)
            if (slots[s] != 0)
              {
                i = (guint32) ((g_array_index (shot->objects, EsMonoHeapObject, slots[s] - 1).address >> 3) % grown);
                while (refilled[i] != 0)
                  i = (i + 1) % grown;
                refilled[i] = slots[s];
              }
          g_free (slots);
          slots = refilled;
          n_slots = grown;
        }
      address = g_array_index (shot->objects, EsMonoHeapObject, o).address;
      i = (guint32) ((address >> 3) % n_slots);
      while (slots[i] != 0)
        i = (i + 1) % n_slots;
      slots[i] = o + 1;
    }
  for (guint32 s = 0; s < n_slots; s++)
    if (slots[s] != 0)
      {
        guint32 o = slots[s] - 1;

        g_array_append_val (order, o);
      }
  return order;
}

/* For --traces: each class entry's root references and referrers. */
static Referrers *
shot_references (EsMonoProfile        *profile,
                 const EsMonoHeapShot *shot,
                 guint64              *root_references)
{
  Referrers *referrers = g_new0 (Referrers, MAX (shot->classes->len, 1));
  g_autoptr(GHashTable) by_address = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GArray) order = objects_by_slot (shot);
  g_autofree guint32 *first = g_new0 (guint32, shot->objects->len + 1);
  g_autofree guint32 *grouped = g_new (guint32, MAX (shot->refs->len, 1));
  g_autofree guint32 *filled = g_new0 (guint32, MAX (shot->objects->len, 1));

  for (guint32 o = 0; o < shot->objects->len; o++)
    g_hash_table_insert (by_address, &g_array_index (shot->objects, EsMonoHeapObject, o).address,
                         GUINT_TO_POINTER (o + 1));
  /* the references of each object, in the order listed */
  for (guint32 i = 0; i < shot->refs->len; i++)
    first[g_array_index (shot->refs, EsMonoHeapRef, i).from + 1]++;
  for (guint32 o = 0; o < shot->objects->len; o++)
    first[o + 1] += first[o];
  for (guint32 i = 0; i < shot->refs->len; i++)
    {
      guint32 from = g_array_index (shot->refs, EsMonoHeapRef, i).from;

      grouped[first[from] + filled[from]++] = i;
    }
  for (guint k = 0; k < order->len; k++)
    {
      guint32 o = g_array_index (order, guint32, k);
      guint32 from = g_array_index (shot->objects, EsMonoHeapObject, o).klass;

      for (guint32 r = first[o]; r < first[o + 1]; r++)
        {
          guint64 to = g_array_index (shot->refs, EsMonoHeapRef, grouped[r]).to;
          guint32 target = GPOINTER_TO_UINT (g_hash_table_lookup (by_address, &to));

          /* a reference out of the shot: mprof-report's behaviour is
           * undefined there; it is left out */
          if (target != 0)
            add_referrer (profile, shot, &referrers[g_array_index (shot->objects, EsMonoHeapObject, target - 1).klass],
                          from);
        }
    }
  for (guint i = 0; i < shot->roots->len; i++)
    {
      guint64 root = g_array_index (shot->roots, guint64, i);
      guint32 target = GPOINTER_TO_UINT (g_hash_table_lookup (by_address, &root));

      if (target != 0)
        root_references[g_array_index (shot->objects, EsMonoHeapObject, target - 1).klass]++;
    }
  return referrers;
}

static gint
compare_referrers (gconstpointer a,
                   gconstpointer b,
                   gpointer      data)
{
  const Referrers *r = data;
  guint64 ca = r->count[*(const guint32 *) a], cb = r->count[*(const guint32 *) b];

  return ca == cb ? 0 : ca > cb ? -1 : 1;
}

static void
write_references (EsMonoReport         *report,
                  const EsMonoHeapShot *shot,
                  const Referrers      *r,
                  guint64               root_references)
{
  g_autoptr(GArray) listed = g_array_new (FALSE, FALSE, sizeof (guint32));

  if (root_references > 0)
    g_string_append_printf (report->out, "\t\t%" G_GUINT64_FORMAT " root references (0 pinning)\n", root_references);
  for (guint32 s = 0; s < r->n_slots; s++)
    if (r->from[s] != 0)
      g_array_append_val (listed, s);
  g_array_sort_with_data (listed, compare_referrers, (gpointer) r);
  for (guint i = 0; i < listed->len; i++)
    {
      guint32 s = g_array_index (listed, guint32, i);
      guint32 klass = g_array_index (shot->classes, EsMonoHeapClass, r->from[s] - 1).klass;
      char name[64];

      g_string_append_printf (report->out, "\t\t%" G_GUINT64_FORMAT " references from: %s\n", r->count[s],
                              es_mono_profile_class_name (report->profile, klass, name));
    }
}

void
_es_mono_report_heap_shots (EsMonoReport *report)
{
  EsMonoProfile *profile = report->profile;
  g_autoptr(GPtrArray) shots = g_ptr_array_new ();
  const EsMonoHeapShot *last = NULL;
  GString *out = report->out;

  for (guint i = profile->heap_shots->len; i-- > 0;)
    {
      EsMonoHeapShot *shot = g_ptr_array_index (profile->heap_shots, i);

      if (_es_mono_report_keeps (report, shot->time))
        g_ptr_array_add (shots, shot);
    }
  if (shots->len == 0)
    return;
  g_ptr_array_sort (shots, compare_shot_time);
  g_string_append (out, "\nHeap shot summary\n");
  for (guint n = 0; n < shots->len; n++)
    {
      const EsMonoHeapShot *shot = g_ptr_array_index (shots, n);
      g_autoptr(GPtrArray) sorted = g_ptr_array_new ();
      g_autofree guint64 *root_references = g_new0 (guint64, MAX (shot->classes->len, 1));
      Referrers *referrers = NULL;
      guint64 bytes = 0, count = 0;

      for (guint32 s = 0; s < shot->n_slots; s++)
        if (shot->slots[s] != 0)
          {
            EsMonoHeapClass *c = &g_array_index (shot->classes, EsMonoHeapClass, shot->slots[s] - 1);

            bytes += c->bytes;
            count += c->count;
            g_ptr_array_add (sorted, c);
          }
      g_ptr_array_sort_with_data (sorted, compare_heap_class,
                                  GINT_TO_POINTER (report->options->alloc_sort == ES_MONO_ALLOC_SORT_COUNT));
      /* roots are only counted by mprof-report when it collects traces */
      g_string_append_printf (out, "\n\tHeap shot %u at %.3f secs: size: %" G_GUINT64_FORMAT ", object count: %"
                              G_GUINT64_FORMAT ", class count: %u, roots: %" G_GUINT64_FORMAT "\n",
                              n, (shot->time - profile->first_buffer_time) / 1000000000.0, bytes, count,
                              sorted->len, report->options->traces ? (guint64) shot->roots->len : 0);
      if (report->options->traces)
        referrers = shot_references (profile, shot, root_references);
      g_string_append_printf (out, "\t%10s %10s %8s Class name\n", "Bytes", "Count", "Average");
      for (guint k = 0; k < MIN (sorted->len, 30); k++)
        {
          const EsMonoHeapClass *c = g_ptr_array_index (sorted, k);
          const EsMonoHeapClass *before = last != NULL ? shot_class (last, c->klass) : NULL;
          char name[64];

          g_string_append_printf (out, "\t%10" G_GUINT64_FORMAT " %10" G_GUINT64_FORMAT " %8" G_GUINT64_FORMAT " %s",
                                  c->bytes, c->count, c->bytes / c->count,
                                  es_mono_profile_class_name (profile, c->klass, name));
          if (before != NULL)
            g_string_append_printf (out, " (bytes: %+" G_GINT64_FORMAT ", count: %+" G_GINT64_FORMAT ")\n",
                                    (gint64) (c->bytes - before->bytes), (gint64) (c->count - before->count));
          else
            g_string_append_c (out, '\n');
          if (referrers != NULL)
            {
              guint32 entry = (guint32) (c - &g_array_index (shot->classes, EsMonoHeapClass, 0));

              write_references (report, shot, &referrers[entry], root_references[entry]);
            }
        }
      if (referrers != NULL)
        {
          for (guint k = 0; k < shot->classes->len; k++)
            {
              g_free (referrers[k].from);
              g_free (referrers[k].count);
            }
          g_free (referrers);
        }
      last = shot;
    }
}

void
_es_mono_report_counters (EsMonoReport *report)
{
  GArray *counters = report->profile->counters;
  g_autofree EsCounterLast *lasts = g_new0 (EsCounterLast, MAX (counters->len, 1));

  for (guint i = 0; i < counters->len; i++)
    {
      const EsMonoCounter *c = &g_array_index (counters, EsMonoCounter, i);

      lasts[i] = (EsCounterLast) { c->section, c->name, c->type, c->unit, c->has_value, c->last, c->last_string };
    }
  g_string_append (report->out, "\nCounters:\n");
  es_counter_append_report (report->out, lasts, counters->len);
}
