/* es-mono-profile-load.c: a Mono profile from a log's bytes or file
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-mlpd-file.h"
#include "es-mono-profile-private.h"

typedef enum
{
  LOAD_ALL,
  LOAD_SAMPLES,
  LOAD_WINDOW,
  LOAD_WINDOW_CALLS_NOT_KEPT,
} LoadWhat;

static EsMonoProfile *load (const guint8        *data,
                           gsize                len,
                           LoadWhat             what,
                           EsMlpdProgressFunc   progress,
                           gpointer             progress_data,
                           GError             **error);

/**
 * es_mono_profile_load:
 * @data: a whole log, unpacked
 *
 * Decodes the log buffer by buffer: mprof-report knows a thread from the
 * header of a buffer of its, even an empty one or the one a log is cut
 * inside, and lists it; so does the profile.
 *
 * Returns: (transfer full): the profile of the log, or %NULL with @error
 *   set (naming the byte offset) if it cannot be decoded. A log cut short
 *   is profiled up to its last whole buffer.
 */
EsMonoProfile *
es_mono_profile_load (const guint8  *data,
                      gsize          len,
                      GError       **error)
{
  return load (data, len, LOAD_ALL, NULL, NULL, error);
}

/**
 * es_mono_profile_load_samples:
 *
 * As es_mono_profile_load(), keeping only the statistical samples and the
 * names they need (methods, their code, symbols, threads): what a
 * document shows of a log, in a fraction of the time and memory of the
 * whole profile of a log with calls or allocations.
 */
EsMonoProfile *
es_mono_profile_load_samples (const guint8  *data,
                              gsize          len,
                              GError       **error)
{
  return load (data, len, LOAD_SAMPLES, NULL, NULL, error);
}

/**
 * es_mono_profile_load_window:
 *
 * As es_mono_profile_load_samples(), with the calls, allocations,
 * exceptions and lock events packed for the window
 * (es_mono_profile_get_activity()): what a document keeps of a log. The
 * calls are not kept apart from the call time, unless the log's times go
 * back.
 */
EsMonoProfile *
es_mono_profile_load_window (const guint8  *data,
                             gsize          len,
                             GError       **error)
{
  return es_mono_profile_load_window_full (data, len, NULL, NULL, error);
}

/**
 * es_mono_profile_load_window_full:
 * @progress: (nullable): told where the decoding is after each buffer
 *
 * es_mono_profile_load_window(), telling its progress.
 */
EsMonoProfile *
es_mono_profile_load_window_full (const guint8        *data,
                                  gsize                len,
                                  EsMlpdProgressFunc   progress,
                                  gpointer             progress_data,
                                  GError             **error)
{
  EsMonoProfile *profile = load (data, len, LOAD_WINDOW_CALLS_NOT_KEPT, progress, progress_data, error);

  /* The calls are counted from the call time, whose times only go
   * forward; a log whose times go back (none seen yet) is read again with
   * them kept, to wrap as mprof-report's. */
  if (profile != NULL && profile->call_time_went_back)
    {
      es_mono_profile_free (profile);
      profile = load (data, len, LOAD_WINDOW, progress, progress_data, error);
    }
  return profile;
}

static EsMonoProfile *
load (const guint8        *data,
      gsize                len,
      LoadWhat             what,
      EsMlpdProgressFunc   progress,
      gpointer             progress_data,
      GError             **error)
{
  g_autoptr(EsMonoProfile) profile = es_mono_profile_new ();
  EsMlpdBufferHeader buffer;
  gsize pos = 0;

  profile->samples_only = what != LOAD_ALL;
  if (what == LOAD_WINDOW || what == LOAD_WINDOW_CALLS_NOT_KEPT)
    es_mono_profile_set_window (profile);
  profile->calls_not_kept = what == LOAD_WINDOW_CALLS_NOT_KEPT;

  if (!es_mlpd_read_header (data, len, &profile->header, &pos, error))
    return NULL;
  /* mprof-report's zero, for heap-shot times: the first buffer's base */
  if (es_mlpd_read_buffer_header (data + pos, len - pos, &buffer))
    profile->first_buffer_time = buffer.time_base;
  while (pos < len)
    {
      gsize buffer_len = len - pos, decoded = 0;

      /* Not a buffer: es_mlpd_decode_buffers() says why. */
      if (es_mlpd_read_buffer_header (data + pos, len - pos, &buffer))
        {
          _es_mono_get_thread (profile, buffer.thread_id);
          buffer_len = ES_MLPD_BUFFER_HEADER_LEN + (gsize) buffer.events_len;
        }
      /* one buffer at a time; a cut one is left for the check below */
      if (!es_mlpd_decode_buffers (data + pos, MIN (buffer_len, len - pos), pos, profile->header.data_version,
                                   es_mono_profile_add_event, profile, &decoded, error))
        return NULL;
      if (decoded == 0)
        {
          profile->truncated_at = (gint64) pos;
          break;
        }
      profile->n_buffers++;
      pos += decoded;
      if (progress != NULL)
        progress (pos, len, progress_data);
    }
  es_mono_profile_finish (profile);
  return g_steal_pointer (&profile);
}

/**
 * es_mono_profile_load_file:
 * @path: a Mono log, plain or gzip-packed
 *
 * Returns: (transfer full): the profile, or %NULL with @error set.
 */
EsMonoProfile *
es_mono_profile_load_file (const char  *path,
                           GError     **error)
{
  g_autoptr(GError) damage = NULL;
  gboolean cut_short = FALSE;
  g_autoptr(GBytes) bytes = es_mlpd_read_file (path, G_MAXUINT64, &cut_short, &damage, NULL, error);
  EsMonoProfile *profile;
  gsize len;
  const guint8 *data;

  if (bytes == NULL)
    return NULL;
  if (damage != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&damage));
      return NULL;
    }
  data = g_bytes_get_data (bytes, &len);
  profile = es_mono_profile_load (data, len, error);
  /* a packed log whose stream stops early is cut short where it stops */
  if (profile != NULL && cut_short && profile->truncated_at < 0)
    profile->truncated_at = (gint64) len;
  return profile;
}
