/* es-mono-profile-private.h: what the collector's files share while they
 * read a Mono log
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-mono-profile.h"

G_BEGIN_DECLS

/* A call in progress on a thread's emulated stack. */
typedef struct
{
  guint32 method;
  guint32 caller_stack;
  guint32 entered;
  guint64 start;
  guint64 callee;             /* time spent in the calls it made */
} Frame;

typedef struct
{
  GArray  *stack;             /* Frame */
  guint64  last_time;         /* of the last event of its buffers */
  guint32  heap_shot;         /* the shot its buffers are filling, or NONE */
  GHashTable *shot_objects;   /* address -> index + 1 in that shot's objects */
  GArray  *roots;             /* guint64: roots reported since its last shot ended */
  guint32  call_node;         /* the call time's stack it is in (es-mono-calltime.c) */
  guint64  call_since;        /* since when, on the log's clock */
} ThreadState;

typedef struct
{
  GHashTable *methods;        /* pointer -> index + 1 */
  GHashTable *classes;
  GHashTable *vtables;        /* vtable -> class index + 1 */
  GHashTable *threads;
  GHashTable *domains;
  GHashTable *contexts;
  GHashTable *locks;
  GHashTable *stacks;         /* GBytes of method indexes -> index + 1 */
  GHashTable *counters;       /* counter index -> index + 1 */
  GHashTable *call_nodes;     /* (parent << 32 | method) -> index + 1 */
  GArray     *last_child;     /* guint32 per call node: the child last entered, or 0 */
  GPtrArray  *thread_states;  /* ThreadState, as threads */
  guint32     next_method_serial;
  guint32     next_class_serial;
  guint32     n_entered;
  /* The last thread and recent methods looked up: a buffer's events are
   * one thread's, and a call's leave comes soon after its enter. A hash
   * lookup per event was most of a calls log's time. */
  guint64     last_thread_id;
  guint32     last_thread;      /* index + 1, 0: none yet */
  guint64     method_cache_keys[256];
  guint32     method_cache[256];  /* index + 1 */
  guint64     vtable_cache_keys[256];
  guint32     vtable_cache[256];  /* class index + 1 */
  GArray     *scratch;        /* guint32 */
} State;

void         _es_mono_state_free       (State             *state);
guint32      _es_mono_find             (GHashTable        *table,
                                       guint64            key);
void         _es_mono_remember         (GHashTable        *table,
                                       guint64            key,
                                       guint32            index);
char        *_es_mono_string_dup       (EsMlpdString      s);
guint32      _es_mono_get_class        (EsMonoProfile     *profile,
                                       guint64            pointer);
guint32      _es_mono_get_vtable_class (EsMonoProfile     *profile,
                                       guint64            vtable,
                                       guint64            class_pointer);
guint32      _es_mono_get_thread       (EsMonoProfile     *profile,
                                       guint64            id);
ThreadState *_es_mono_thread_state     (EsMonoProfile     *profile,
                                       guint32            thread);
guint32      _es_mono_intern_frames    (EsMonoProfile     *profile,
                                       const EsMlpdEvent *event);
void         _es_mono_add_heap         (EsMonoProfile     *profile,
                                       const EsMlpdEvent *e,
                                       guint32            thread);
void         _es_mono_add_sample       (EsMonoProfile     *profile,
                                       const EsMlpdEvent *e);
void         _es_mono_add_call_stretch (EsMonoProfile     *profile,
                                       guint32            thread,
                                       guint32            method,
                                       gboolean           enter,
                                       guint64            time);
void         _es_mono_finish_call_time (EsMonoProfile     *profile);
void         _es_mono_call_pieces_free (gpointer           pieces);

G_END_DECLS
