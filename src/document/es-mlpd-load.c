/* es-mlpd-load.c: a Mono log to a document
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "es-document-private.h"
#include "es-mlpd-error.h"
#include "es-mlpd-file.h"
#include "es-mlpd-load-private.h"
#include "es-vec.h"
#include "es-mlpd-load.h"

/* Decodes a Mono log and collects, per thread, what its timeline needs:
 * buffers of different threads interleave in the file, so the events that
 * shape the timeline are kept, few and small, to be sorted by time;
 * allocations are summed per thread and sampled. es-mlpd-feed.c then tells
 * them to the document builder. */

static guint32
lookup_thread (Loader  *self,
               guint64  id)
{
  gpointer found;

  if (G_LIKELY (self->last_thread != 0 && self->last_thread_id == id))
    return self->last_thread - 1;
  found = g_hash_table_lookup (self->thread_ids, &id);
  if (found != NULL)
    {
      self->last_thread_id = id;
      self->last_thread = GPOINTER_TO_UINT (found);
      return GPOINTER_TO_UINT (found) - 1;
    }
  /* Made here only: zeroing it took a tenth of the decoding thread when
   * it was made at every event. */
  {
    MonoThread t = { 0 };

    t.id = id;
    t.row = -1;
    g_array_append_val (self->threads, t);
  }
  g_hash_table_insert (self->thread_ids, g_memdup2 (&id, sizeof id), GUINT_TO_POINTER (self->threads->len));
  return self->threads->len - 1;
}

static void
add_record (Loader     *self,
            RecordKind  kind,
            guint64     time,
            guint32     thread,
            guint8      a,
            guint8      b,
            guint64     value)
{
  Record r = { time, value, self->records->len + 1, thread, kind, a, b, 0 };

  g_array_append_val (self->records, r);
}

static void
count_collection (Loader            *self,
                  MonoThread        *thread,
                  const EsMlpdEvent *e)
{
  guint gen = e->u.gc.generation;

  /* mprof-report's algorithm, start slots per buffer thread included, so
   * its numbers can be checked against ours (format §4.2). */
  if (gen > 2)
    return;
  if (e->u.gc.event == ES_MLPD_GC_START)
    {
      thread->gc_start[gen] = e->time;
      if (gen < 2)
        self->summary.n_collections[gen]++;
    }
  else if (e->u.gc.event == ES_MLPD_GC_END && gen < 2)
    {
      guint64 d = e->time - thread->gc_start[gen];

      self->summary.collection_total[gen] += d;
      self->summary.collection_max[gen] = MAX (self->summary.collection_max[gen], d);
    }
}

/* The program, as the log can tell it: the header's arguments are the
 * profiler's options, and the program's own are not recorded at all. The
 * root domain is named after the program's file ("alloc.exe"); without
 * domain events, the program's image is its path. Made valid UTF-8: the
 * window shows it as it is. */
static void
take_program (Loader            *self,
              const EsMlpdEvent *e)
{
  const EsMlpdString *name = &e->u.metadata.name;

  if (name->len == 0)
    return;
  if (e->u.metadata.kind == ES_MLPD_KIND_DOMAIN && e->exinfo == ES_MLPD_METADATA_NAME &&
      self->domain_name == NULL)
    self->domain_name = g_utf8_make_valid (name->data, name->len);
  else if (e->u.metadata.kind == ES_MLPD_KIND_IMAGE && e->exinfo == ES_MLPD_METADATA_END_LOAD &&
           self->main_image == NULL && name->len > 4 &&
           g_ascii_strncasecmp (name->data + name->len - 4, ".exe", 4) == 0)
    self->main_image = g_utf8_make_valid (name->data, name->len);
}

static void
take_metadata (Loader            *self,
               const EsMlpdEvent *e)
{
  MonoThread *t;

  if (e->u.metadata.kind == ES_MLPD_KIND_CLASS || e->u.metadata.kind == ES_MLPD_KIND_VTABLE)
    {
      _es_mlpd_take_class_metadata (self, e);
      return;
    }
  if (e->u.metadata.kind != ES_MLPD_KIND_THREAD)
    {
      take_program (self, e);
      return;
    }
  /* Keyed by the pointer, not the buffer: a thread may be named by
   * another. */
  t = _es_mlpd_get_thread (self, lookup_thread (self, e->u.metadata.pointer));
  switch (e->exinfo)
    {
    case ES_MLPD_METADATA_NAME:
      g_free (t->name);
      t->name = g_strndup (e->u.metadata.name.data, e->u.metadata.name.len);
      break;
    case ES_MLPD_METADATA_END_LOAD:
      t->started = e->time;
      t->has_start = TRUE;
      break;
    case ES_MLPD_METADATA_END_UNLOAD:
      t->ended = e->time;
      t->has_end = TRUE;
      break;
    default:
      break;
    }
}

static void
take_alloc (Loader            *self,
            guint32            index,
            const EsMlpdEvent *e)
{
  MonoThread *t = _es_mlpd_get_thread (self, index);

  self->summary.n_allocations++;
  t->allocated += e->u.alloc.size;
  if (t->alloc_told == 0 || e->time - t->alloc_told >= ALLOC_SAMPLE_NS)
    {
      add_record (self, REC_ALLOC, e->time, index, 0, 0, t->allocated);
      t->alloc_told = MAX (e->time, 1);
    }
}

static void
take_monitor (Loader            *self,
              guint32            index,
              const EsMlpdEvent *e)
{
  MonoThread *t = _es_mlpd_get_thread (self, index);

  if (e->u.monitor.event == ES_MLPD_MONITOR_CONTENTION)
    {
      self->summary.n_contentions++;
      t->contention_start = e->time;
      t->waiting = TRUE;
    }
  else if (t->waiting)
    {
      guint64 d = e->time - t->contention_start;

      self->summary.contention_total += d;
      self->summary.contention_max = MAX (self->summary.contention_max, d);
      t->waiting = FALSE;
    }
  add_record (self, REC_MONITOR, e->time, index, e->u.monitor.event, 0, e->u.monitor.object);
}

/* Takes one decoded event: an EsMlpdEventFunc. */
gboolean
_es_mlpd_take_event (const EsMlpdEvent *e,
                     gpointer           user_data)
{
  Loader *self = user_data;
  guint32 index;
  MonoThread *t;

  /* Out of memory: the load stops here and fails (es_document_load_file_full()). */
  if (G_UNLIKELY (es_vec_get_failures () != self->memory_failures))
    return FALSE;
  index = lookup_thread (self, e->buffer_thread);
  t = _es_mlpd_get_thread (self, index);

  if (!t->has_events)
    t->first = t->earliest = e->time;
  t->earliest = MIN (t->earliest, e->time);
  t->last = e->time;
  t->has_events = TRUE;
  self->min_time = self->have_time ? MIN (self->min_time, e->time) : e->time;
  self->max_time = self->have_time ? MAX (self->max_time, e->time) : e->time;
  self->have_time = TRUE;

  switch (e->type)
    {
    case ES_MLPD_METADATA:
      take_metadata (self, e);
      break;
    case ES_MLPD_METHOD:
      if (e->exinfo == ES_MLPD_METHOD_JIT)
        g_hash_table_insert (self->methods, GSIZE_TO_POINTER (e->u.method.method),
                             g_string_chunk_insert_len (self->strings, e->u.method.name.data,
                                                        e->u.method.name.len));
      break;
    case ES_MLPD_GC:
      if (e->exinfo == ES_MLPD_GC_EVENT)
        {
          count_collection (self, t, e);
          add_record (self, REC_GC, e->time, index, e->u.gc.event, e->u.gc.generation, 0);
        }
      else if (e->exinfo == ES_MLPD_GC_RESIZE)
        {
          self->summary.n_resizes++;
          self->summary.max_heap_size = MAX (self->summary.max_heap_size, e->u.resize.heap_size);
          add_record (self, REC_RESIZE, e->time, index, 0, 0, e->u.resize.heap_size);
        }
      else if (e->exinfo == ES_MLPD_GC_MOVE)
        self->summary.n_moves += e->u.move.n_moves;
      break;
    case ES_MLPD_ALLOC:
      take_alloc (self, index, e);
      _es_mlpd_take_alloc_vtable (self, e->u.alloc.vtable);
      break;
    case ES_MLPD_HEAP:
      _es_mlpd_take_heap (self, index, e);
      break;
    case ES_MLPD_MONITOR:
      take_monitor (self, index, e);
      break;
    case ES_MLPD_EXCEPTION:
      if (e->u.exception.is_clause)
        {
          if (e->u.exception.clause_type < G_N_ELEMENTS (self->summary.n_clauses))
            self->summary.n_clauses[e->u.exception.clause_type]++;
        }
      else
        {
          self->summary.n_throws++;
          add_record (self, REC_THROW, e->time, index, 0, e->u.exception.n_frames > 0,
                      e->u.exception.top_method);
        }
      break;
    case ES_MLPD_SAMPLE:
      if (e->exinfo == ES_MLPD_SAMPLE_HIT)
        self->summary.n_samples++;
      else if (e->exinfo == ES_MLPD_SAMPLE_COUNTERS_DESC || e->exinfo == ES_MLPD_SAMPLE_COUNTERS)
        _es_mlpd_take_counters (self, e);
      break;
    case ES_MLPD_META:
      /* Each sync point flushes every thread's buffer (format §4.1). */
      if (e->exinfo == ES_MLPD_META_SYNC_POINT)
        {
          self->sync_times[1] = self->sync_times[0];
          self->sync_times[0] = e->time;
          self->n_syncs++;
        }
      break;
    default:
      break;
    }
  return TRUE;
}

/* A mapped log is read by two passes at once, the timeline's and the
 * profile's: the pages both are past go back to the kernel (they are the
 * file's, read again if touched), so a big log is not resident whole
 * beside the document being made. */
typedef struct _MlpdRelease
{
  GMutex        lock;
  const guint8 *data;
  gsize         len;
  gsize         released;    /* bytes from @data given back */
  gsize         at[2];       /* where each pass is */
} MlpdRelease;

#define RELEASE_STEP (1u << 20)

static void
release_behind (MlpdRelease *release,
                guint        pass,
                gsize        at)
{
#ifdef MADV_DONTNEED
  gsize behind, page = (gsize) sysconf (_SC_PAGESIZE);

  g_mutex_lock (&release->lock);
  release->at[pass] = MAX (release->at[pass], MIN (at, release->len));
  behind = MIN (release->at[0], release->at[1]) / page * page;
  if (behind >= release->released + RELEASE_STEP || (behind > release->released && behind + page > release->len))
    {
      madvise ((void *) (release->data + release->released), behind - release->released, MADV_DONTNEED);
      release->released = behind;
    }
  g_mutex_unlock (&release->lock);
#endif
}

static void
profile_progress (guint64  done,
                  guint64  total,
                  gpointer user_data)
{
  release_behind (user_data, 1, (gsize) done);
}

static void
report_progress (guint64  done,
                 guint64  total,
                 gpointer user_data)
{
  Loader *self = user_data;

  if (self->release != NULL)
    release_behind (self->release, 0, (gsize) done);
  self->decoded_to = done;
  if (self->progress != NULL)
    self->progress (done, total, self->progress_data);
}

int
_es_mlpd_compare_records (gconstpointer a,
                          gconstpointer b)
{
  const Record *x = a, *y = b;

  if (x->time != y->time)
    return x->time < y->time ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

void
_es_mlpd_loader_init (Loader *self)
{
  memset (self, 0, sizeof *self);
  self->records = g_array_new (FALSE, FALSE, sizeof (Record));
  self->threads = g_array_new (FALSE, TRUE, sizeof (MonoThread));
  self->thread_ids = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  self->methods = g_hash_table_new (NULL, NULL);
  self->strings = g_string_chunk_new (4096);
  self->summary.shutdown_pause = -1;
  self->memory_failures = es_vec_get_failures ();
  self->counters = g_array_new (FALSE, TRUE, sizeof (EsMonoCounter));
  self->counter_ids = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  self->counter_samples = g_array_new (FALSE, FALSE, sizeof (CounterSample));
  _es_mlpd_heap_init (self);
}

void
_es_mlpd_loader_clear (Loader *self)
{
  for (guint i = 0; self->threads != NULL && i < self->threads->len; i++)
    g_free (_es_mlpd_get_thread (self, i)->name);
  g_clear_pointer (&self->thread_ids, g_hash_table_unref);
  g_clear_pointer (&self->threads, g_array_unref);
  g_clear_pointer (&self->records, g_array_unref);
  g_clear_pointer (&self->methods, g_hash_table_unref);
  g_clear_pointer (&self->strings, g_string_chunk_free);
  g_clear_pointer (&self->domain_name, g_free);
  g_clear_pointer (&self->main_image, g_free);
  _es_mlpd_clear_counters (self);
  _es_mlpd_heap_clear (self);
  es_mlpd_header_clear (&self->header);
}

/* All of a log decoded, told at once: the records in time order, and
 * @profile's samples as the time profile. */
static EsDocument *
feed_document (Loader        *self,
               gint64         truncated_at,
               EsMonoProfile *profile)
{
  MonoFeed *feed = _es_mlpd_feed_new (self, FALSE);
  g_autoptr(EsMlpdFinishing) finishing = NULL;
  EsDocument *doc;

  /* Nothing is to come: nothing can be late. */
  if (!_es_mlpd_feed_until (feed, G_MAXUINT64))
    g_assert_not_reached ();
  _es_mlpd_feed_end (feed);
  if (profile != NULL)
    _es_mlpd_add_samples (self, _es_mlpd_feed_get_builder (feed), profile, profile->origin);
  es_document_builder_end_of_input (_es_mlpd_feed_get_builder (feed));
  finishing = _es_mlpd_feed_get_finishing (feed);
  if (profile != NULL)
    finishing->activity = es_mono_profile_get_activity (profile, finishing->origin);
  doc = es_document_builder_finish (_es_mlpd_feed_get_builder (feed), truncated_at >= 0, truncated_at);
  _es_mlpd_feed_free (feed);
  es_mlpd_finishing_apply (finishing, doc);
  return doc;
}

/* The samples, calls, allocations, exceptions and lock events
 * (es_mono_profile_load_window()) are read in a thread of their own beside
 * the timeline's decoding: both only read the bytes, and on two cores the
 * load takes no longer for it. */
typedef struct
{
  const guint8  *data;
  gsize          len;
  MlpdRelease   *release;
  EsMonoProfile *profile;
} ProfileJob;

/* Whether the log may have samples, calls, allocations, exceptions or
 * lock events: 6.8's profiler records exceptions and locks unless told
 * `nodefaults`, and the others only when asked, so the second pass over
 * the bytes is saved for a `nodefaults` log without them. Before data
 * version 17 the defaults may differ: those logs are always looked at. */
gboolean
_es_mlpd_may_have_profile (const EsMlpdHeader *header)
{
  EsMlpdOptions options;

  es_mlpd_header_get_options (header, &options);
  return !options.trusted || !options.nodefaults || options.sample || options.calls || options.alloc ||
         options.exception || options.monitor || options.legacy;
}

static gboolean
may_have_window_events (const guint8 *data,
                        gsize         len)
{
  EsMlpdHeader header = { 0 };
  gsize header_len;
  gboolean wanted = TRUE;

  if (es_mlpd_read_header (data, len, &header, &header_len, NULL))
    wanted = _es_mlpd_may_have_profile (&header);
  es_mlpd_header_clear (&header);
  return wanted;
}

static gpointer
load_profile_thread (gpointer data)
{
  ProfileJob *job = data;

  /* A log the timeline's decoding refuses is refused with its error;
   * the profile's own is not needed then. */
  job->profile = es_mono_profile_load_window_full (job->data, job->len, job->release != NULL ? profile_progress : NULL,
                                                  job->release, NULL);
  return NULL;
}

/* Decodes the first @len bytes of @bytes; *@decoded_to is where the last
 * buffer decoded whole ends (0 before the first). */
static EsDocument *
load (GBytes              *bytes,
      gsize                len,
      gboolean             mapped,
      gboolean             cut_short,
      EsMlpdProgressFunc   progress,
      gpointer             progress_data,
      gsize               *decoded_to,
      GCancellable        *cancellable,
      GError             **error)
{
  Loader self;
  const guint8 *data = g_bytes_get_data (bytes, NULL);
  gint64 truncated_at = -1;
  EsDocument *doc = NULL;

  MlpdRelease release = { .data = data, .len = len };
  ProfileJob job = { data, len, NULL, NULL };
  GThread *profile_thread;
  gboolean decoded, two_passes;

  _es_mlpd_loader_init (&self);
  self.progress = progress;
  self.progress_data = progress_data;
  two_passes = may_have_window_events (data, len);
  /* Only a file's own pages: unpacked bytes are the only copy. */
  if (mapped && (guintptr) data % (guintptr) sysconf (_SC_PAGESIZE) == 0)
    {
      g_mutex_init (&release.lock);
      release.at[1] = two_passes ? 0 : len;
      self.release = &release;
      job.release = &release;
    }
  profile_thread = two_passes ? g_thread_new ("es-mono-profile", load_profile_thread, &job) : NULL;
  decoded = es_mlpd_decode (data, len, &self.header, _es_mlpd_take_event, report_progress, &self,
                            &truncated_at, cancellable, error);
  if (profile_thread != NULL)
    g_thread_join (profile_thread);
  if (decoded)
    {
      if (cut_short && truncated_at < 0)
        truncated_at = (gint64) len;
      doc = feed_document (&self, truncated_at, job.profile);
    }
  g_clear_pointer (&job.profile, es_mono_profile_free);
  *decoded_to = self.decoded_to;
  if (self.release != NULL)
    g_mutex_clear (&release.lock);
  self.release = NULL;
  _es_mlpd_loader_clear (&self);
  return doc;
}

/**
 * es_mlpd_load_document:
 * @bytes: the whole log, unpacked
 * @cut_short: whether the file itself ended early (a gzip stream cut off)
 *
 * Returns: (transfer full): the document of a Mono log, or %NULL with @error
 *   set if it is malformed or @cancellable was cancelled.
 */
EsDocument *
es_mlpd_load_document (GBytes              *bytes,
                       gboolean             cut_short,
                       EsMlpdProgressFunc   progress,
                       gpointer             progress_data,
                       GCancellable        *cancellable,
                       GError             **error)
{
  gsize decoded_to;

  return load (bytes, g_bytes_get_size (bytes), FALSE, cut_short, progress, progress_data, &decoded_to,
               cancellable, error);
}

/* A damaged packed log is read as one cut where its damage shows, and the
 * document keeps the damage to tell. Deflate has no checksum but the one at
 * its end, so the bytes unpacked just before the damage may already be
 * wrong: if a buffer fails to decode, the log is read again up to the last
 * buffer before it. If not even the header can be read, the damage is the
 * error. */
static EsDocument *
load_damaged (GBytes              *bytes,
              GError              *damage,
              EsMlpdProgressFunc   progress,
              gpointer             progress_data,
              GCancellable        *cancellable,
              GError             **error)
{
  g_autoptr(GError) owned = damage;
  g_autoptr(GError) local = NULL;
  gsize len;
  const guint8 *data = g_bytes_get_data (bytes, &len);
  gsize decoded_to = 0;
  EsDocument *doc = load (bytes, len, FALSE, TRUE, progress, progress_data, &decoded_to, cancellable, &local);
  EsMlpdHeader header;
  gsize header_len;

  if (doc == NULL && local->domain == ES_MLPD_ERROR &&
      es_mlpd_read_header (data, len, &header, &header_len, NULL))
    {
      es_mlpd_header_clear (&header);
      g_clear_error (&local);
      doc = load (bytes, MAX (decoded_to, header_len), FALSE, TRUE, progress, progress_data, &decoded_to,
                  cancellable, &local);
    }
  if (doc == NULL)
    {
      g_propagate_error (error, local->domain == ES_MLPD_ERROR ? g_steal_pointer (&owned)
                                                               : g_steal_pointer (&local));
      return NULL;
    }
  doc->damage = g_steal_pointer (&owned);
  return doc;
}

/**
 * es_mlpd_load_file:
 *
 * A packed log may unpack to at most half the memory available: one that
 * needs more is refused before it is swapped in. A damaged packed log
 * opens with what it unpacked before the damage, and says where the damage
 * is (es_document_get_damage()).
 *
 * Returns: (transfer full): the document of the Mono log at @path, or %NULL
 *   with @error set.
 */
EsDocument *
es_mlpd_load_file (const char          *path,
                   EsMlpdProgressFunc   progress,
                   gpointer             progress_data,
                   GCancellable        *cancellable,
                   GError             **error)
{
  guint64 max_unpacked = _es_document_available_memory () / 2;
  g_autoptr(GError) local = NULL;
  GError *damage = NULL;
  gboolean cut_short;
  g_autoptr(GBytes) bytes = es_mlpd_read_file (path, max_unpacked, &cut_short, &damage, cancellable, &local);

  if (bytes == NULL)
    {
      /* The reader says how far it unpacked; this says why it stopped. */
      if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_NO_SPACE))
        {
          char *message = g_strconcat (local->message, ", more than half the memory available", NULL);

          g_free (local->message);
          local->message = message;
        }
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }
  if (damage != NULL)
    return load_damaged (bytes, damage, progress, progress_data, cancellable, error);
  {
    gsize decoded_to;

    /* A plain log is the file mapped: its pages can go back as it is read. */
    return load (bytes, g_bytes_get_size (bytes), !es_mlpd_file_is_packed (path), cut_short, progress, progress_data,
                 &decoded_to, cancellable, error);
  }
}
