/* es-mlpd-heap.c: a Mono log's heap shots as the document's heap profile
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-document-builder-private.h"
#include "es-mlpd-load-private.h"

/* A log recorded with `heapshot` (every major collection, every Nth
 * collection with heapshot=Ngc, every N ms, or on demand) or with
 * `heapshot-on-shutdown` lists every live object at each shot: its
 * vtable and size. Each shot becomes a census of the document's heap
 * profile, one band per class with its bytes and objects, as GHC's -hT
 * censuses are one band per closure type; the Heap profile row, its
 * tooltip and the Heap Shots tab read them as they read GHC's.
 *
 * The figures are mprof-report's, read the way its collector reads them
 * (es-mono-profile-samples.c): a shot's objects are those listed in the
 * buffers of the thread that began it, until it ends; an object listed
 * twice counts twice; a listing of size 0 only adds references. Its class
 * is its vtable's, and the first word the log says about a vtable stays:
 * an object (or an allocation) before its vtable is described stands for
 * the null class ever after, as mprof-report counts it. Both read the
 * buffers in file order, as a followed log is read too, so the live
 * document's shots are the file's.
 *
 * What only a shot's class names need waits until the shot is told, when
 * every buffer before it has been read (es-mlpd-feed.c): a class is
 * described in a buffer of the thread that loaded it, which the sync
 * points flush before any collection can see its objects. */

static void
free_shot (gpointer data)
{
  MonoHeapShot *shot = data;

  g_array_unref (shot->classes);
  g_clear_pointer (&shot->index, g_hash_table_unref);
  g_free (shot);
}

void
_es_mlpd_heap_init (Loader *self)
{
  self->heap_shots = g_ptr_array_new_with_free_func (free_shot);
  self->vtables = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  self->class_names = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  self->may_shoot = -1;
}

void
_es_mlpd_heap_clear (Loader *self)
{
  g_clear_pointer (&self->heap_shots, g_ptr_array_unref);
  g_clear_pointer (&self->vtables, g_hash_table_unref);
  g_clear_pointer (&self->class_names, g_hash_table_unref);
}

/* The class of @vtable: the null class (0) for one not described yet,
 * which it stays. */
static guint64
vtable_class (Loader  *self,
              guint64  vtable,
              guint64  klass)
{
  guint64 *found = g_hash_table_lookup (self->vtables, &vtable);

  if (found != NULL)
    return *found;
  g_hash_table_insert (self->vtables, g_memdup2 (&vtable, sizeof vtable), g_memdup2 (&klass, sizeof klass));
  return klass;
}

/* A class's name (every time it is given, the last stays) or a vtable's
 * class: an EsMlpdEventFunc's METADATA event of those kinds. */
void
_es_mlpd_take_class_metadata (Loader            *self,
                              const EsMlpdEvent *e)
{
  guint64 pointer = e->u.metadata.pointer;

  if (e->u.metadata.kind == ES_MLPD_KIND_VTABLE)
    vtable_class (self, pointer, e->u.metadata.parent);
  else if (e->u.metadata.kind == ES_MLPD_KIND_CLASS)
    g_hash_table_replace (self->class_names, g_memdup2 (&pointer, sizeof pointer),
                          g_string_chunk_insert_len (self->strings, e->u.metadata.name.data != NULL
                                                                    ? e->u.metadata.name.data : "",
                                                     e->u.metadata.name.len));
}

/* Whether the profiler was asked for heap shots: 6.8's takes none
 * unless its options say `heapshot` (heapshot=ondemand included); older
 * logs are always looked at. */
static gboolean
may_shoot (const EsMlpdHeader *header)
{
  EsMlpdOptions options;

  es_mlpd_header_get_options (header, &options);
  return !options.trusted || options.heapshot;
}

/* An allocation names its vtable's class too: a vtable allocated from
 * before it is described is the null class's, in the shots to come. A
 * log without shots (a million allocations with `alloc`) is spared the
 * look-up. */
void
_es_mlpd_take_alloc_vtable (Loader  *self,
                            guint64  vtable)
{
  if (self->may_shoot < 0)
    self->may_shoot = may_shoot (&self->header);
  if (self->may_shoot)
    vtable_class (self, vtable, 0);
}

static void
add_object (MonoHeapShot *shot,
            guint64       klass,
            guint64       size)
{
  guint index = GPOINTER_TO_UINT (g_hash_table_lookup (shot->index, &klass));
  MonoShotClass *c;

  if (index == 0)
    {
      MonoShotClass fresh = { klass, 0, 0 };

      g_array_append_val (shot->classes, fresh);
      index = shot->classes->len;
      g_hash_table_insert (shot->index, g_memdup2 (&klass, sizeof klass), GUINT_TO_POINTER (index));
    }
  c = &g_array_index (shot->classes, MonoShotClass, index - 1);
  c->bytes += size;
  c->objects++;
}

/* A HEAP event of the buffers of @thread (an index in the threads). */
void
_es_mlpd_take_heap (Loader            *self,
                    guint32            thread,
                    const EsMlpdEvent *e)
{
  MonoThread *t = _es_mlpd_get_thread (self, thread);
  MonoHeapShot *shot = t->heap_shot > 0 ? g_ptr_array_index (self->heap_shots, t->heap_shot - 1) : NULL;

  switch (e->exinfo)
    {
    case ES_MLPD_HEAP_START:
      /* A shot begun again before it ended is left as it was: mprof-report
       * reports it with what it had. */
      if (shot != NULL)
        g_clear_pointer (&shot->index, g_hash_table_unref);
      shot = g_new0 (MonoHeapShot, 1);
      shot->start = e->time;
      shot->classes = g_array_new (FALSE, FALSE, sizeof (MonoShotClass));
      shot->index = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
      g_ptr_array_add (self->heap_shots, shot);
      t->heap_shot = self->heap_shots->len;
      break;
    case ES_MLPD_HEAP_END:
      if (shot != NULL)
        {
          /* Told once nothing earlier is to come: it has all its objects. */
          Record r = { e->time, t->heap_shot - 1, self->records->len + 1, thread, REC_HEAP_SHOT, 0, 0, 0 };

          shot->end = e->time;
          shot->ended = TRUE;
          g_clear_pointer (&shot->index, g_hash_table_unref);
          t->heap_shot = 0;
          g_array_append_val (self->records, r);
        }
      break;
    case ES_MLPD_HEAP_OBJECT:
      if (shot != NULL && e->u.heap_object.size != 0)
        add_object (shot, vtable_class (self, e->u.heap_object.vtable, 0), e->u.heap_object.size);
      break;
    default:
      break;
    }
}

/* What mprof-report calls a class the log never names. */
static const char *
class_name (Loader  *self,
            guint64  klass,
            char     buffer[64])
{
  const char *name = g_hash_table_lookup (self->class_names, &klass);

  if (name != NULL)
    return name;
  if (klass == 0)
    g_snprintf (buffer, 64, "unresolved class (nil)");
  else
    g_snprintf (buffer, 64, "unresolved class 0x%" G_GINT64_MODIFIER "x", klass);
  return buffer;
}

/**
 * _es_mlpd_tell_heap_shot:
 * @shot: its index in @self's heap shots
 * @origin: the document's zero, on the log's clock
 * @at: when it is told (its end, or the log's for one never ended)
 * @unnamed: (nullable): where to add the pointers of the classes it had
 *   to call unresolved, whose name may still come (a live log's)
 *
 * Tells @builder the shot as a census of the heap profile at its start:
 * a band per class name (two classes of one name, as generic types are,
 * are one band), with its bytes and objects.
 */
void
_es_mlpd_tell_heap_shot (Loader            *self,
                         EsDocumentBuilder *builder,
                         guint32            shot,
                         guint64            origin,
                         guint64            at,
                         gboolean           first,
                         GHashTable        *unnamed)
{
  const MonoHeapShot *s = g_ptr_array_index (self->heap_shots, shot);
  g_autoptr(GHashTable) by_name = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) sums = g_array_new (FALSE, TRUE, sizeof (MonoShotClass));
  guint64 start = s->start >= origin ? s->start - origin : 0;
  guint64 told = at >= origin ? at - origin : 0;

  if (first)
    {
      /* A class is what a type is to GHC's -hy. */
      EsEvent e = { 0 };

      e.tag = ES_EVENT_HEAP_PROF_BEGIN;
      e.time = told;
      e.cap = ES_CAP_NONE;
      e.offset = -1;
      e.u.heap_prof_begin.breakdown = ES_HEAP_PROF_BREAKDOWN_TYPE_DESCR;
      es_document_builder_add (builder, &e);
    }

  for (guint i = 0; i < s->classes->len; i++)
    {
      const MonoShotClass *c = &g_array_index (s->classes, MonoShotClass, i);
      char buffer[64];
      const char *name = class_name (self, c->klass, buffer);
      guint index = GPOINTER_TO_UINT (g_hash_table_lookup (by_name, name));

      if (name == buffer && unnamed != NULL)
        g_hash_table_add (unnamed, g_memdup2 (&c->klass, sizeof c->klass));
      if (index == 0)
        {
          MonoShotClass sum = { 0 };

          g_ptr_array_add (names, g_strdup (name));
          g_array_append_val (sums, sum);
          index = names->len;
          g_hash_table_insert (by_name, g_ptr_array_index (names, index - 1), GUINT_TO_POINTER (index));
        }
      g_array_index (sums, MonoShotClass, index - 1).bytes += c->bytes;
      g_array_index (sums, MonoShotClass, index - 1).objects += c->objects;
    }
  _es_builder_begin_heap_census (builder, start, shot, start);
  for (guint i = 0; i < names->len; i++)
    _es_builder_add_heap_census_entry (builder, g_ptr_array_index (names, i),
                                       g_array_index (sums, MonoShotClass, i).bytes,
                                       g_array_index (sums, MonoShotClass, i).objects, told);
  _es_builder_end_heap_census (builder, told);
}

/* Whether the classes of @unnamed (see _es_mlpd_tell_heap_shot()) are
 * still unnamed: a buffer that came late may have named one. */
gboolean
_es_mlpd_heap_names_hold (Loader     *self,
                          GHashTable *unnamed)
{
  GHashTableIter iter;
  gpointer klass;

  g_hash_table_iter_init (&iter, unnamed);
  while (g_hash_table_iter_next (&iter, &klass, NULL))
    if (g_hash_table_contains (self->class_names, klass))
      return FALSE;
  return TRUE;
}
