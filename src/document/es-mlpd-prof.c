/* es-mlpd-prof.c: a Mono log's statistical samples as the document's time
 * profile, so the Profile tab, `profile`, --folded and --speedscope read
 * them as they read a GHC program's cost-centre samples
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "es-document-builder-private.h"
#include "es-mlpd-load-private.h"
#include "es-mono-report-private.h"

/* The profiler's default sampling frequency (`sample` without =FREQ). */
#define DEFAULT_SAMPLE_HZ 100

/* The time between two samples, from the options the log records
 * ("log:sample=1000,..."; "sample-real" samples at the same rate). */
static guint64
sample_interval (const EsMlpdHeader *header)
{
  EsMlpdOptions options;
  guint64 hz;

  es_mlpd_header_get_options (header, &options);
  hz = options.sample_hz_given ? options.sample_hz : DEFAULT_SAMPLE_HZ;
  return hz > 0 ? G_GUINT64_CONSTANT (1000000000) / hz : 0;
}

/* The row a sampled thread is drawn in; a thread without one (never named
 * nor started in the log) in the first row, so that every hit is counted. */
static guint16
row_of_thread (Loader  *loader,
               guint64  thread_id)
{
  guint32 index = GPOINTER_TO_UINT (g_hash_table_lookup (loader->thread_ids, &thread_id));
  gint row = index > 0 ? _es_mlpd_get_thread (loader, index - 1)->row : -1;

  return row >= 0 ? (guint16) row : 0;
}

/* Tells @builder each sample of @profile: one per instruction pointer, as
 * mprof-report counts hits, its stack the managed frames the log gives
 * and, innermost, where the pointer was (es_mono_ip_resolver_find()): a
 * method, unless it is the innermost frame already, an unmanaged symbol,
 * or "unresolved". So each name's own samples are its hits in
 * mprof-report's "Statistical samples summary". A cost centre is a
 * method (id: its index + 1), a symbol (after the methods) or the
 * unresolved (last); @used marks those named. */
static void
add_samples (Loader            *loader,
             EsDocumentBuilder *builder,
             EsMonoProfile     *profile,
             guint64            origin,
             guint8            *used)
{
  g_autoptr(GArray) preference = NULL;
  g_autoptr(EsMonoIpResolver) resolver = NULL;
  g_autoptr(GArray) frames = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint32 n_methods = profile->methods->len, n_symbols = profile->symbols->len;
  guint32 unresolved_id = n_methods + n_symbols + 1;

  if (profile->samples->len == 0)
    return;
  preference = _es_mono_report_methods_by_slot (profile);
  resolver = es_mono_ip_resolver_new (profile, preference);
  _es_builder_set_prof_tick_interval (builder, sample_interval (&profile->header));
  for (guint k = 0; k < profile->samples->len; k++)
    {
      const EsMonoSample *sample = &g_array_index (profile->samples, EsMonoSample, k);
      const EsMonoStack *stack = &g_array_index (profile->stacks, EsMonoStack, sample->stack);
      const guint32 *methods = &g_array_index (profile->frames, guint32, stack->first);
      guint64 time = sample->time >= origin ? sample->time - origin : 0;
      guint16 row = row_of_thread (loader, sample->thread_id);

      for (guint32 j = 0; j < sample->n_ips; j++)
        {
          guint64 ip = g_array_index (profile->ips, guint64, sample->first_ip + j);
          guint32 index, leaf;

          switch (es_mono_ip_resolver_find (resolver, ip, &index))
            {
            case ES_MONO_IP_METHOD:
              leaf = index + 1;
              break;
            case ES_MONO_IP_SYMBOL:
              leaf = n_methods + index + 1;
              break;
            case ES_MONO_IP_UNRESOLVED:
            default:
              leaf = unresolved_id;
              break;
            }
          g_array_set_size (frames, 0);
          if (stack->n_frames == 0 || leaf != methods[0] + 1)
            g_array_append_val (frames, leaf);
          for (guint32 f = 0; f < stack->n_frames; f++)
            {
              guint32 id = methods[f] + 1;

              g_array_append_val (frames, id);
            }
          for (guint f = 0; f < frames->len; f++)
            used[g_array_index (frames, guint32, f)] = 1;
          _es_builder_add_prof_sample (builder, time, row, (const guint32 *) (gpointer) frames->data, frames->len);
        }
    }

}

static void
cached_thread_free (gpointer pieces)
{
  if (pieces != NULL)
    g_ptr_array_unref (pieces);
}

EsMlpdCallCache *
_es_mlpd_call_cache_new (void)
{
  EsMlpdCallCache *cache = g_new0 (EsMlpdCallCache, 1);

  cache->threads = g_ptr_array_new_with_free_func (cached_thread_free);
  return cache;
}

void
_es_mlpd_call_cache_free (EsMlpdCallCache *cache)
{
  if (cache == NULL)
    return;
  g_ptr_array_unref (cache->threads);
  g_free (cache);
}

/* @bytes with each change's stack (a collector's node) renumbered by
 * @stack_of; takes @bytes. */
static GByteArray *
renumber (GByteArray     *bytes,
          const guint32  *stack_of)
{
  GByteArray *renumbered = g_byte_array_sized_new (bytes->len);
  gsize at = 0;

  while (at < bytes->len)
    {
      es_call_stream_append_varint (renumbered, es_call_stream_read_varint (bytes->data, &at));
      es_call_stream_append_varint (renumbered, stack_of[es_call_stream_read_varint (bytes->data, &at)]);
    }
  g_byte_array_unref (bytes);
  return renumbered;
}

static GByteArray *
copy_bytes (GByteArray *bytes,
            guint       spare)
{
  GByteArray *copy = g_byte_array_sized_new (bytes->len + spare);

  g_byte_array_append (copy, bytes->data, bytes->len);
  return copy;
}

/* Tells @builder the call time of @profile (es-mono-calltime.c): each
 * thread's changes of stack, in pieces, its stacks' frames the methods
 * (id: index + 1, as the samples'). The calls' nodes are made in the
 * builder's trie in their order, parents first, so a node is the stack of
 * the same index and the pieces are taken as they are; a builder that had
 * stacks already has them renumbered. A finished profile's pieces are
 * taken (@cache NULL); a followed log's are copied, those full made once
 * (@cache), and its calls still open are ended at their thread's last
 * event, as a file of the bytes so far would have them. */
static void
add_call_time (Loader            *loader,
               EsDocumentBuilder *builder,
               EsMonoProfile     *profile,
               guint64            origin,
               EsMlpdCallCache   *cache,
               guint8            *used)
{
  const EsMonoCallNode *nodes = (const EsMonoCallNode *) (gpointer) profile->call_nodes->data;
  g_autofree guint32 *stack_of = g_new (guint32, profile->call_nodes->len);
  gboolean same = TRUE, so_far = cache != NULL;

  stack_of[0] = ES_PROF_EMPTY_STACK;
  for (guint i = 1; i < profile->call_nodes->len; i++)
    {
      stack_of[i] = _es_builder_intern_call_frame (builder, stack_of[nodes[i].parent], nodes[i].method + 1);
      used[nodes[i].method + 1] = 1;
      same = same && stack_of[i] == i;
    }
  /* pieces made for another origin, or numbering, are made again */
  if (cache != NULL && (!same || cache->origin != origin))
    {
      g_ptr_array_set_size (cache->threads, 0);
      cache->origin = origin;
    }
  if (!same)
    cache = NULL;
  for (guint t = 0; t < profile->call_streams->len; t++)
    {
      GArray *pieces = g_ptr_array_index (profile->call_streams, t);
      g_autoptr(GPtrArray) made = NULL;
      GPtrArray *cached = NULL;
      guint64 close_since = 0, close_delta = 0;
      guint32 close_node = 0;
      gboolean close;

      if (pieces == NULL || pieces->len == 0)
        continue;
      made = g_ptr_array_new_with_free_func (_es_call_piece_unref);
      if (cache != NULL)
        {
          while (cache->threads->len <= t)
            g_ptr_array_add (cache->threads, NULL);
          if (g_ptr_array_index (cache->threads, t) == NULL)
            g_ptr_array_index (cache->threads, t) = g_ptr_array_new_with_free_func (_es_call_piece_unref);
          cached = g_ptr_array_index (cache->threads, t);
        }
      close = so_far && es_mono_profile_get_call_close (profile, t, &close_since, &close_node, &close_delta);
      for (guint i = 0; i < pieces->len; i++)
        {
          EsMonoCallPiece *cp = &g_array_index (pieces, EsMonoCallPiece, i);
          gboolean full = es_mono_profile_call_piece_is_full (cp);
          GByteArray *bytes;
          EsCallPiece *piece;

          if (cached != NULL && full && i < cached->len)
            {
              g_ptr_array_add (made, _es_call_piece_ref (g_ptr_array_index (cached, i)));
              continue;
            }
          if (!so_far)
            bytes = g_steal_pointer (&cp->bytes);
          else
            bytes = copy_bytes (cp->bytes, 20);
          /* the calls still open end in the last piece, if it has room */
          if (close && i + 1 == pieces->len && !full)
            {
              es_call_stream_append_varint (bytes, close_delta);
              es_call_stream_append_varint (bytes, 0);
              close = FALSE;
            }
          if (!same)
            bytes = renumber (bytes, stack_of);
          piece = _es_builder_make_call_piece (builder, origin, cp->start_abs, stack_of[cp->start_node], bytes,
                                               made->len > 0 ? g_ptr_array_index (made, made->len - 1) : NULL);
          if (cached != NULL && full && i == cached->len)
            g_ptr_array_add (cached, _es_call_piece_ref (piece));
          g_ptr_array_add (made, piece);
        }
      /* or in one of their own, after a full one */
      if (close)
        {
          GByteArray *bytes = g_byte_array_new ();

          es_call_stream_append_varint (bytes, close_delta);
          es_call_stream_append_varint (bytes, 0);
          g_ptr_array_add (made, _es_builder_make_call_piece (builder, origin, close_since, stack_of[close_node], bytes,
                                                              g_ptr_array_index (made, made->len - 1)));
        }
      _es_builder_add_call_pieces (builder, row_of_thread (loader, g_array_index (profile->threads, EsMonoThread, t).id),
                                   origin, (EsCallPiece *const *) made->pdata, made->len);
    }
}

static void add_profiles (Loader            *loader,
                          EsDocumentBuilder *builder,
                          EsMonoProfile     *profile,
                          guint64            origin,
                          EsMlpdCallCache   *cache);

/**
 * _es_mlpd_add_samples:
 * @origin: the document's zero, on the log's clock
 *
 * Tells @builder the statistical samples of @profile as the time profile
 * (ES_PROF_SAMPLES) and its calls as the call time (ES_PROF_CALL_TIME),
 * and names the methods and symbols they use. Takes @profile's call
 * streams.
 */
void
_es_mlpd_add_samples (Loader            *loader,
                      EsDocumentBuilder *builder,
                      EsMonoProfile     *profile,
                      guint64            origin)
{
  add_profiles (loader, builder, profile, origin, NULL);
}

/**
 * _es_mlpd_profiles_of:
 * @profile: a followed log's samples and calls so far (not finished)
 *
 * The samples and call time of @profile as a file of the bytes read so
 * far would have them (the calls still open end at their thread's last
 * event), in a document of their own, for es_mlpd_finishing_apply() to
 * give to a snapshot's. The call time's full pieces are made once, kept
 * in @cache, and shared by the updates' documents: an update makes the
 * samples again, and the call time's last piece of each thread.
 *
 * Returns: (transfer full): that document
 */
EsDocument *
_es_mlpd_profiles_of (Loader          *loader,
                      EsMonoProfile   *profile,
                      guint64          origin,
                      EsMlpdCallCache *cache)
{
  EsDocumentBuilder *builder = es_document_builder_new ();
  EsDocument *document;

  add_profiles (loader, builder, profile, origin, cache);
  es_document_builder_end_of_input (builder);
  document = es_document_builder_finish (builder, FALSE, -1);
  es_document_builder_free (builder);
  return document;
}

static void
add_profiles (Loader            *loader,
              EsDocumentBuilder *builder,
              EsMonoProfile     *profile,
              guint64            origin,
              EsMlpdCallCache   *cache)
{
  guint32 n_methods = profile->methods->len, n_symbols = profile->symbols->len;
  guint32 unresolved_id = n_methods + n_symbols + 1;
  g_autofree guint8 *used = g_new0 (guint8, unresolved_id + 1);

  add_samples (loader, builder, profile, origin, used);
  add_call_time (loader, builder, profile, origin, cache, used);

  /* The names of those the profiles use; a method's whole name is its
   * label ("Compute:IsPrime (int)"), with no module to add to it. */
  for (guint32 m = 0; m < n_methods; m++)
    if (used[m + 1])
      {
        char buffer[64];

        _es_builder_add_cost_centre (builder, m + 1, es_mono_profile_method_name (profile, m, buffer), "", "");
      }
  for (guint32 s = 0; s < n_symbols; s++)
    if (used[n_methods + s + 1])
      _es_builder_add_cost_centre (builder, n_methods + s + 1,
                                   g_array_index (profile->symbols, EsMonoSymbol, s).name, "unmanaged", "");
  if (used[unresolved_id])
    _es_builder_add_cost_centre (builder, unresolved_id, "unresolved", "unmanaged", "");
}
