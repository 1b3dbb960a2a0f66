/* es-mlpd-build.c: a Mono log built as it is written
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-document-private.h"
#include "es-document-prof-private.h"
#include "es-mlpd-build.h"
#include "es-mlpd-error.h"
#include "es-mlpd-load-private.h"
#include "es-mono-activity-private.h"

/* A Mono log's buffers are self-delimiting, so its bytes are decoded a
 * whole buffer at a time as they come, each once. Telling them to the
 * builder is the hard part: the buffers of different threads come in any
 * order, and the builder takes events in time order. So the records wait
 * until no buffer to come can be earlier than them.
 *
 * The log says when that is. At each sync point (one per stop of the
 * world, and one about every second) the profiler writes a mark and then
 * sends every thread's buffer to be written, under a lock no thread writes
 * through meanwhile; the buffers of one sync point are all written before
 * the next mark. So once a sync point's mark is read, nothing earlier than
 * the one before it is still to come.
 *
 * The profiler's own threads are the exception (their buffers are
 * written when they end), but they are not shown, and what they write
 * makes no record. Whatever else breaks the rule (a log from another
 * profiler version, say) is caught: the log is then told again from the
 * start, to a new builder, and the documents stay exactly those of the
 * file, only dearer. es_mlpd_build_get_n_restarts() counts those. */

struct _EsMlpdBuild
{
  Loader      loader;
  MonoFeed   *feed;
  GByteArray *pending;         /* bytes not decoded: a header or a buffer not all there yet */
  guint64     pending_offset;  /* where they start in the log */
  gboolean    has_header;
  gboolean    complete;
  guint       n_restarts;
  /* The calls, allocations, exceptions and lock events, as the file's
   * document has them (es_mono_profile_load_window()); told each event as
   * it is decoded, so a snapshot shows them as they come. */
  EsMonoProfile *profile;      /* also the samples and calls, for the profiles */
  EsMlpdCallCache *call_cache; /* the call time's pieces the updates made */
};

/**
 * es_mlpd_build_new:
 *
 * Returns: (transfer full): a build of a Mono log, to be given its bytes
 *   as they are written
 */
EsMlpdBuild *
es_mlpd_build_new (void)
{
  EsMlpdBuild *self = g_new0 (EsMlpdBuild, 1);

  _es_mlpd_loader_init (&self->loader);
  self->pending = g_byte_array_new ();
  self->profile = es_mono_profile_new ();
  es_mono_profile_set_window (self->profile);
  self->call_cache = _es_mlpd_call_cache_new ();
  return self;
}

void
es_mlpd_build_free (EsMlpdBuild *self)
{
  if (self == NULL)
    return;
  _es_mlpd_feed_free (self->feed);
  _es_mlpd_loader_clear (&self->loader);
  g_byte_array_unref (self->pending);
  es_mono_profile_free (self->profile);
  _es_mlpd_call_cache_free (self->call_cache);
  g_free (self);
}

/* Reads the log's header, once all of it is there. */
static gboolean
take_header (EsMlpdBuild  *self,
             GError      **error)
{
  g_autoptr(GError) local = NULL;
  gsize header_len;

  /* Too few to tell it from something else. */
  if (self->pending->len < 4)
    return TRUE;
  if (!es_mlpd_read_header (self->pending->data, self->pending->len, &self->loader.header, &header_len, &local))
    {
      if (g_error_matches (local, ES_MLPD_ERROR, ES_MLPD_ERROR_TRUNCATED_HEADER))
        return TRUE;
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  /* The collector reads the sampling interval from its own copy. */
  es_mlpd_read_header (self->pending->data, self->pending->len, &self->profile->header, &header_len, NULL);
  g_byte_array_remove_range (self->pending, 0, (guint) header_len);
  self->pending_offset = header_len;
  self->has_header = TRUE;
  return TRUE;
}

/* Each decoded event goes to the timeline's loader and to the collector. */
static gboolean
take_event (const EsMlpdEvent *e,
            gpointer           user_data)
{
  EsMlpdBuild *self = user_data;

  if (!_es_mlpd_take_event (e, &self->loader))
    return FALSE;
  return es_mono_profile_add_event (e, self->profile);
}

/**
 * es_mlpd_build_take:
 * @data: the log's next @len bytes
 *
 * Decodes the buffers @data completes. Nothing is told to the builder
 * until es_mlpd_build_update().
 *
 * Returns: %FALSE with @error set if the log is malformed, as reading the
 *   file would say
 */
gboolean
es_mlpd_build_take (EsMlpdBuild   *self,
                    const guint8  *data,
                    gsize          len,
                    GError       **error)
{
  gsize decoded = 0;

  g_return_val_if_fail (self != NULL && !self->complete, FALSE);

  g_byte_array_append (self->pending, data, (guint) len);
  if (!self->has_header && !take_header (self, error))
    return FALSE;
  if (!self->has_header)
    return TRUE;
  if (!es_mlpd_decode_buffers (self->pending->data, self->pending->len, self->pending_offset,
                               self->loader.header.data_version, take_event, self,
                               &decoded, error))
    return FALSE;
  g_byte_array_remove_range (self->pending, 0, (guint) decoded);
  self->pending_offset += decoded;
  return TRUE;
}

gboolean
es_mlpd_build_has_header (EsMlpdBuild *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->has_header;
}

/**
 * es_mlpd_build_update:
 * @complete: whether the bytes taken are all the log will have
 *
 * Tells the builder what was decoded up to a time no buffer still to come
 * can be earlier than (or all of it, if @complete).
 *
 * Returns: (transfer none) (nullable): the builder, to be copied (and
 *   finished with es_mlpd_build_get_finishing()), or %NULL if the log's
 *   header is not all there yet. It is a new one after a restart.
 */
EsDocumentBuilder *
es_mlpd_build_update (EsMlpdBuild *self,
                      gboolean     complete)
{
  guint64 watermark;

  g_return_val_if_fail (self != NULL, NULL);

  if (!self->has_header)
    return NULL;
  if (self->complete)
    return _es_mlpd_feed_get_builder (self->feed);
  watermark = complete ? G_MAXUINT64 : self->loader.n_syncs >= 2 ? self->loader.sync_times[1] : 0;
  if (self->feed == NULL)
    self->feed = _es_mlpd_feed_new (&self->loader, TRUE);
  if (!_es_mlpd_feed_until (self->feed, watermark))
    {
      _es_mlpd_feed_free (self->feed);
      self->feed = _es_mlpd_feed_new (&self->loader, TRUE);
      self->n_restarts++;
      /* Told from the start, nothing is late. */
      if (!_es_mlpd_feed_until (self->feed, watermark))
        g_assert_not_reached ();
    }
  if (complete)
    {
      _es_mlpd_feed_end (self->feed);
      /* the calls still open end as a file's do */
      es_mono_profile_finish (self->profile);
      self->complete = TRUE;
    }
  return _es_mlpd_feed_get_builder (self->feed);
}

/**
 * es_mlpd_build_get_finishing:
 *
 * Returns: (transfer full): what a copy of the builder, as it stands, gets
 *   once finished (es_mlpd_finishing_apply())
 */
EsMlpdFinishing *
es_mlpd_build_get_finishing (EsMlpdBuild *self)
{
  EsMlpdFinishing *finishing;

  g_return_val_if_fail (self != NULL && self->feed != NULL, NULL);

  finishing = _es_mlpd_feed_get_finishing (self->feed);
  finishing->activity = es_mono_profile_get_activity (self->profile, finishing->origin);
  /* Only for a log with samples or calls. */
  if (self->profile->samples->len > 0 || self->profile->call_nodes->len > 1)
    finishing->profiles = _es_mlpd_profiles_of (&self->loader, self->profile, _es_mlpd_feed_get_origin (self->feed),
                                                self->call_cache);
  return finishing;
}

/**
 * es_mlpd_build_get_cut:
 *
 * Returns: where the bytes taken stop inside a buffer (or the header), as
 *   a file of them would be cut, or -1 if they end where a buffer does
 */
gint64
es_mlpd_build_get_cut (EsMlpdBuild *self)
{
  g_return_val_if_fail (self != NULL, -1);

  return self->pending->len > 0 ? (gint64) self->pending_offset : -1;
}

/**
 * es_mlpd_build_get_n_restarts:
 *
 * Returns: how many times a buffer came that broke the sync points' rule,
 *   so that the log was told again from the start
 */
guint
es_mlpd_build_get_n_restarts (EsMlpdBuild *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_restarts;
}

/**
 * es_mlpd_finishing_apply:
 * @document: the document a Mono log's builder finished
 *
 * Makes @document a Mono log's: its counts, its program, and its rows
 * named after their threads.
 */
void
es_mlpd_finishing_apply (EsMlpdFinishing *finishing,
                         EsDocument      *document)
{
  GStringChunk *names;

  g_return_if_fail (finishing != NULL && ES_IS_DOCUMENT (document));
  g_return_if_fail (document->mono == NULL && document->cap_labels == NULL);

  document->format = ES_DOCUMENT_MONO_LOG;
  document->mono = g_memdup2 (&finishing->summary, sizeof finishing->summary);
  if (finishing->activity != NULL)
    document->mono_activity = es_mono_activity_ref (finishing->activity);
  /* Not in the document's strings: a live log's builder may be adding to
   * those, on another thread. */
  names = g_string_chunk_new (256);
  g_ptr_array_add (document->more_strings, names);
  document->cap_labels = g_ptr_array_new ();
  for (guint r = 0; r < finishing->labels->len; r++)
    g_ptr_array_add (document->cap_labels, g_string_chunk_insert (names, g_ptr_array_index (finishing->labels, r)));
  /* Not args[0]: a Mono log's one argument is the profiler's options. */
  document->process.program = finishing->program != NULL ? g_string_chunk_insert (names, finishing->program) : NULL;
  /* A followed log's profiles, made apart (the builder has none): theirs,
   * their names and the strings these are in. */
  if (finishing->profiles != NULL)
    {
      EsDocument *profiles = finishing->profiles;

      g_return_if_fail (document->cost_centres->len == 0);
      g_return_if_fail (profiles->strings_owner == NULL);
      {
        EsProfData *prof = document->prof, *calls = document->calls;
        GArray *cost_centres = document->cost_centres;

        document->prof = profiles->prof;
        document->calls = profiles->calls;
        document->cost_centres = profiles->cost_centres;
        profiles->prof = prof;
        profiles->calls = calls;
        profiles->cost_centres = cost_centres;
      }
      g_ptr_array_add (document->more_strings, profiles->strings);
      profiles->strings = g_string_chunk_new (16);
    }
  /* The calls, counted from the call time */
  if (document->mono_activity != NULL)
    _es_mono_activity_take_call_time (document->mono_activity, document->calls->call_streams, document->calls->stacks);
}

void
es_mlpd_finishing_free (EsMlpdFinishing *finishing)
{
  if (finishing == NULL)
    return;
  g_ptr_array_unref (finishing->labels);
  g_free (finishing->program);
  g_clear_pointer (&finishing->activity, es_mono_activity_unref);
  g_clear_object (&finishing->profiles);
  g_free (finishing);
}
