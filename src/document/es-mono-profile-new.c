/* es-mono-profile-new.c: a Mono profile made empty, its arrays and the
 * collector's tables, and freed
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-mono-profile-private.h"

static void
thread_state_free (gpointer data)
{
  ThreadState *state = data;

  g_array_unref (state->stack);
  g_clear_pointer (&state->shot_objects, g_hash_table_unref);
  g_array_unref (state->roots);
  g_free (state);
}

static void
heap_shot_free (gpointer data)
{
  EsMonoHeapShot *shot = data;

  g_array_unref (shot->classes);
  g_array_unref (shot->objects);
  g_array_unref (shot->refs);
  g_array_unref (shot->roots);
  g_free (shot->slots);
  g_free (shot);
}

EsMonoProfile *
es_mono_profile_new (void)
{
  EsMonoProfile *profile = g_new0 (EsMonoProfile, 1);
  State *state = g_new0 (State, 1);

  profile->methods = g_array_new (FALSE, FALSE, sizeof (EsMonoMethod));
  profile->classes = g_array_new (FALSE, FALSE, sizeof (EsMonoClass));
  profile->threads = g_array_new (FALSE, FALSE, sizeof (EsMonoThread));
  profile->domains = g_array_new (FALSE, FALSE, sizeof (EsMonoDomain));
  profile->contexts = g_array_new (FALSE, FALSE, sizeof (EsMonoContext));
  profile->stacks = g_array_new (FALSE, FALSE, sizeof (EsMonoStack));
  profile->frames = g_array_new (FALSE, FALSE, sizeof (guint32));
  profile->call_nodes = g_array_new (FALSE, FALSE, sizeof (EsMonoCallNode));
  g_array_append_val (profile->call_nodes, ((EsMonoCallNode) { 0, G_MAXUINT32 }));
  profile->call_streams = g_ptr_array_new_with_free_func (_es_mono_call_pieces_free);
  profile->ips = g_array_new (FALSE, FALSE, sizeof (guint64));
  profile->samples = g_array_new (FALSE, FALSE, sizeof (EsMonoSample));
  profile->calls = g_array_new (FALSE, FALSE, sizeof (EsMonoCall));
  profile->allocs = g_array_new (FALSE, FALSE, sizeof (EsMonoAlloc));
  profile->throws = g_array_new (FALSE, FALSE, sizeof (EsMonoThrow));
  profile->clauses = g_array_new (FALSE, FALSE, sizeof (EsMonoClause));
  profile->locks = g_array_new (FALSE, FALSE, sizeof (EsMonoLock));
  profile->monitor_events = g_array_new (FALSE, FALSE, sizeof (EsMonoMonitorEvent));
  profile->gc_events = g_array_new (FALSE, FALSE, sizeof (EsMonoGcEvent));
  profile->resizes = g_array_new (FALSE, FALSE, sizeof (EsMonoResize));
  profile->moves = g_array_new (FALSE, FALSE, sizeof (EsMonoMoves));
  profile->handle_events = g_array_new (FALSE, FALSE, sizeof (EsMonoHandleEvent));
  profile->code_buffers = g_array_new (FALSE, FALSE, sizeof (EsMonoCodeBuffer));
  profile->heap_shots = g_ptr_array_new_with_free_func (heap_shot_free);
  profile->counters = g_array_new (FALSE, FALSE, sizeof (EsMonoCounter));
  profile->symbols = g_array_new (FALSE, FALSE, sizeof (EsMonoSymbol));
  profile->decode_messages = g_ptr_array_new_with_free_func (g_free);
  profile->truncated_at = -1;

  state->methods = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  state->classes = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  state->vtables = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  state->threads = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  state->domains = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  state->contexts = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  state->locks = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  state->counters = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  state->call_nodes = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  state->last_child = g_array_new (FALSE, TRUE, sizeof (guint32));
  g_array_set_size (state->last_child, 1);
  state->stacks = g_hash_table_new_full (g_bytes_hash, g_bytes_equal, (GDestroyNotify) g_bytes_unref, NULL);
  state->thread_states = g_ptr_array_new_with_free_func (thread_state_free);
  state->scratch = g_array_new (FALSE, FALSE, sizeof (guint32));
  profile->state = state;
  return profile;
}

/* The collector's tables, once it has read the whole log (or with the
 * profile). */
void
_es_mono_state_free (State *state)
{
  if (state == NULL)
    return;
  g_hash_table_unref (state->methods);
  g_hash_table_unref (state->classes);
  g_hash_table_unref (state->vtables);
  g_hash_table_unref (state->threads);
  g_hash_table_unref (state->domains);
  g_hash_table_unref (state->contexts);
  g_hash_table_unref (state->locks);
  g_hash_table_unref (state->counters);
  g_hash_table_unref (state->call_nodes);
  g_array_unref (state->last_child);
  g_hash_table_unref (state->stacks);
  g_ptr_array_unref (state->thread_states);
  g_array_unref (state->scratch);
  g_free (state);
}

void
es_mono_profile_free (EsMonoProfile *profile)
{
  if (profile == NULL)
    return;
  _es_mono_state_free (profile->state);
  es_mono_activity_builder_free (profile->activity);
  for (guint i = 0; i < profile->methods->len; i++)
    g_free (g_array_index (profile->methods, EsMonoMethod, i).name);
  for (guint i = 0; i < profile->classes->len; i++)
    g_free (g_array_index (profile->classes, EsMonoClass, i).name);
  for (guint i = 0; i < profile->threads->len; i++)
    g_free (g_array_index (profile->threads, EsMonoThread, i).name);
  for (guint i = 0; i < profile->domains->len; i++)
    g_free (g_array_index (profile->domains, EsMonoDomain, i).name);
  for (guint i = 0; i < profile->counters->len; i++)
    es_mono_counter_clear (&g_array_index (profile->counters, EsMonoCounter, i));
  for (guint i = 0; i < profile->symbols->len; i++)
    g_free (g_array_index (profile->symbols, EsMonoSymbol, i).name);
  g_array_unref (profile->methods);
  g_array_unref (profile->classes);
  g_array_unref (profile->threads);
  g_array_unref (profile->domains);
  g_array_unref (profile->contexts);
  g_array_unref (profile->stacks);
  g_array_unref (profile->frames);
  g_array_unref (profile->call_nodes);
  g_ptr_array_unref (profile->call_streams);
  g_array_unref (profile->ips);
  g_array_unref (profile->samples);
  g_array_unref (profile->calls);
  g_array_unref (profile->allocs);
  g_array_unref (profile->throws);
  g_array_unref (profile->clauses);
  g_array_unref (profile->locks);
  g_array_unref (profile->monitor_events);
  g_array_unref (profile->gc_events);
  g_array_unref (profile->resizes);
  g_array_unref (profile->moves);
  g_array_unref (profile->handle_events);
  g_array_unref (profile->code_buffers);
  g_ptr_array_unref (profile->heap_shots);
  g_array_unref (profile->counters);
  g_array_unref (profile->symbols);
  g_ptr_array_unref (profile->decode_messages);
  es_mlpd_header_clear (&profile->header);
  g_free (profile);
}
