/* es-live-follower.c: a document that grows as its program runs
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "es-live-follower-private.h"

/* The follower as the main context sees it, and its reading thread; how
 * its threads share the work: es-live-follower-private.h; the build and
 * finishing threads: es-live-follower-build.c. */

enum {
  PROP_0,
  PROP_STATE,
  PROP_RETRYING,
  PROP_EVENTS_PER_SECOND,
  N_PROPS
};

enum {
  UPDATED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (EsLiveFollower, es_live_follower, G_TYPE_OBJECT)

static gboolean
notify_in_context (gpointer data)
{
  EsLiveFollower *self = data;
  g_autoptr(EsDocument) document = NULL;
  gboolean new_document, new_state, new_retrying, new_rate;
  gboolean retrying;

  g_mutex_lock (&self->mutex);
  self->notify_source = 0;
  new_document = self->shared_document != self->document;
  if (new_document)
    document = self->shared_document != NULL ? g_object_ref (self->shared_document) : NULL;
  self->n_updates = self->shared_updates;
  if (self->taken_updates != self->shared_updates)
    {
      self->taken_updates = self->shared_updates;
      g_cond_broadcast (&self->cond);
    }
  self->document_bytes = self->shared_document_bytes;
  new_state = self->shared_state != self->state;
  self->state = self->shared_state;
  self->bytes = self->recorded;
  retrying = self->waiting && self->shared_state == ES_LIVE_WAITING;
  new_retrying = retrying != self->retrying;
  self->retrying = retrying;
  new_rate = self->shared_events_per_second != self->events_per_second;
  self->events_per_second = self->shared_events_per_second;
  if (self->shared_error != NULL && self->error == NULL)
    self->error = g_error_copy (self->shared_error);
  if (self->reader_done && self->read_error != NULL && self->stream_error == NULL)
    self->stream_error = g_error_copy (self->read_error);
  g_mutex_unlock (&self->mutex);

  if (new_document)
    {
      g_clear_object (&self->document);
      self->document = g_steal_pointer (&document);
      g_signal_emit (self, signals[UPDATED], 0);
    }
  if (new_rate)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EVENTS_PER_SECOND]);
  if (new_retrying)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RETRYING]);
  if (new_state)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
  return G_SOURCE_REMOVE;
}

/* Under @mutex: tells the main context, once, that something changed. */
void
_es_live_follower_schedule_notify_locked (EsLiveFollower *self)
{
  GSource *source;

  if (self->notify_source != 0 || self->closing)
    return;
  source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT_IDLE);
  g_source_set_callback (source, notify_in_context, g_object_ref (self), g_object_unref);
  g_source_set_static_name (source, "[eventscope] live update");
  self->notify_source = g_source_attach (source, self->context);
  g_source_unref (source);
}

static void
source_waiting_cb (const char *address,
                   gpointer    data)
{
  EsLiveFollower *self = data;

  g_mutex_lock (&self->mutex);
  if (!self->waiting)
    {
      self->waiting = TRUE;
      _es_live_follower_schedule_notify_locked (self);
    }
  g_mutex_unlock (&self->mutex);
}

/* The reading thread: every byte of the stream into the record, until the
 * stream ends, fails, is refused as not a log, or the user stops. */
static gpointer
read_source (gpointer data)
{
  EsLiveFollower *self = data;
  g_autofree guint8 *buffer = g_malloc (READ_BYTES);
  g_autoptr(GError) error = NULL;

  for (;;)
    {
      gssize n;

      if (self->record != NULL)
        n = es_live_record_take (self->record, self->source, buffer, READ_BYTES, self->reading, &error);
      else
        n = es_live_source_read (self->source, buffer, READ_BYTES, self->reading, &error);
      if (n <= 0)
        break;

      g_mutex_lock (&self->mutex);
      self->recorded += (guint64) n;
      g_cond_signal (&self->cond);
      g_mutex_unlock (&self->mutex);
    }

  /* Nothing more is read: the program writing learns it. */
  es_live_source_close (self->source);

  /* The record has the bytes of a write that failed part way. */
  if (self->record != NULL)
    {
      g_mutex_lock (&self->mutex);
      self->recorded = es_live_record_get_bytes (self->record);
      g_mutex_unlock (&self->mutex);
      /* A stream that is not a log: following fails with why (loading
       * its bytes would say the same, but for a header that never ends,
       * which it would call cut short). */
      if (es_live_record_is_refused (self->record))
        {
          g_mutex_lock (&self->mutex);
          self->refusal = g_steal_pointer (&error);
          g_mutex_unlock (&self->mutex);
        }
      if (error == NULL || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_clear_error (&error);
          es_live_record_keep (self->record, &error);
        }
      else
        es_live_record_keep (self->record, NULL);
    }

  g_mutex_lock (&self->mutex);
  self->reader_done = TRUE;
  if (error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) && self->read_error == NULL)
    self->read_error = g_steal_pointer (&error);
  g_cond_signal (&self->cond);
  g_mutex_unlock (&self->mutex);
  return NULL;
}

/* From the build thread: the bytes read are not a log, or damaged, so
 * nothing after them can be shown; reading stops, as for a file that
 * grows. */
void
_es_live_follower_stop_reading (EsLiveFollower *self)
{
  g_mutex_lock (&self->mutex);
  self->refused = TRUE;
  g_mutex_unlock (&self->mutex);
  es_live_source_set_follow (self->source, FALSE);
  g_cancellable_cancel (self->reading);
}

static void
es_live_follower_dispose (GObject *object)
{
  EsLiveFollower *self = (EsLiveFollower *) object;

  g_mutex_lock (&self->mutex);
  self->closing = TRUE;
  g_cond_signal (&self->cond);
  g_cond_signal (&self->finish_cond);
  g_mutex_unlock (&self->mutex);
  g_cancellable_cancel (self->reading);
  g_cancellable_cancel (self->building);
  if (self->reader != NULL)
    g_thread_join (g_steal_pointer (&self->reader));
  if (self->builder != NULL)
    g_thread_join (g_steal_pointer (&self->builder));
  g_clear_object (&self->document);
  g_clear_object (&self->shared_document);

  G_OBJECT_CLASS (es_live_follower_parent_class)->dispose (object);
}

static void
es_live_follower_finalize (GObject *object)
{
  EsLiveFollower *self = (EsLiveFollower *) object;

  g_clear_pointer (&self->record, es_live_record_free);
  g_clear_pointer (&self->source, es_live_source_free);
  g_free (self->spec);
  g_free (self->address);
  g_free (self->record_path);
  g_clear_object (&self->reading);
  g_clear_object (&self->building);
  g_clear_pointer (&self->rate_marks, g_array_unref);
  g_clear_error (&self->read_error);
  g_clear_error (&self->refusal);
  g_clear_error (&self->shared_error);
  g_clear_error (&self->error);
  g_clear_error (&self->stream_error);
  g_main_context_unref (self->context);
  g_mutex_clear (&self->mutex);
  g_cond_clear (&self->cond);
  g_cond_clear (&self->finish_cond);

  G_OBJECT_CLASS (es_live_follower_parent_class)->finalize (object);
}

static void
es_live_follower_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  EsLiveFollower *self = ES_LIVE_FOLLOWER (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_int (value, self->state);
      break;
    case PROP_RETRYING:
      g_value_set_boolean (value, self->retrying);
      break;
    case PROP_EVENTS_PER_SECOND:
      g_value_set_double (value, self->events_per_second);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
es_live_follower_class_init (EsLiveFollowerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = es_live_follower_dispose;
  object_class->finalize = es_live_follower_finalize;
  object_class->get_property = es_live_follower_get_property;

  /**
   * EsLiveFollower:state:
   *
   * The #EsLiveState: waiting, receiving, or how following ended.
   */
  properties[PROP_STATE] =
    g_param_spec_int ("state", NULL, NULL, ES_LIVE_WAITING, ES_LIVE_FAILED, ES_LIVE_WAITING,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * EsLiveFollower:retrying:
   *
   * Whether the follower waits for a socket that is not there yet.
   */
  properties[PROP_RETRYING] =
    g_param_spec_boolean ("retrying", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * EsLiveFollower:events-per-second:
   *
   * The events that came a second, over the last two seconds
   * (es_live_follower_get_events_per_second()).
   */
  properties[PROP_EVENTS_PER_SECOND] =
    g_param_spec_double ("events-per-second", NULL, NULL, 0, G_MAXDOUBLE, 0,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * EsLiveFollower::updated:
   *
   * A newer document is there: es_live_follower_get_document().
   */
  signals[UPDATED] = g_signal_new ("updated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
es_live_follower_init (EsLiveFollower *self)
{
  g_mutex_init (&self->mutex);
  g_cond_init (&self->cond);
  g_cond_init (&self->finish_cond);
  self->min_interval_ms = DEFAULT_MIN_INTERVAL_MS;
  self->finish_backlog = DEFAULT_FINISH_BACKLOG;
  self->shown_within_ms = DEFAULT_SHOWN_WITHIN_MS;
  self->memory_limit = es_live_follower_get_default_memory_limit ();
  self->context = g_main_context_ref_thread_default ();
  self->rate_marks = g_array_new (FALSE, FALSE, sizeof (RateMark));
  self->reading = g_cancellable_new ();
  self->building = g_cancellable_new ();
}

/**
 * es_live_follower_new:
 * @source: a path, "-", "unix:PATH" or "tcp:HOST:PORT"
 * @record_path: (nullable): where a stream's bytes are kept
 *   (es_live_record_new()); without it, a temporary record, which vanishes
 *   with the follower. Not used for a regular file, which is its own
 *   record.
 *
 * Returns: (transfer full): a follower, not started yet; or %NULL with
 *   @error set when the source or the record cannot be opened.
 */
EsLiveFollower *
es_live_follower_new (const char  *source,
                      const char  *record_path,
                      GError     **error)
{
  g_autoptr(EsLiveFollower) self = NULL;

  g_return_val_if_fail (source != NULL, NULL);

  self = g_object_new (ES_TYPE_LIVE_FOLLOWER, NULL);
  self->source = es_live_source_new (source, error);
  if (self->source == NULL)
    return NULL;
  self->spec = g_strdup (source);
  self->address = g_strdup (es_live_source_get_address (self->source));
  es_live_source_set_waiting_func (self->source, source_waiting_cb, self);

  if (es_live_source_get_kind (self->source) == ES_LIVE_SOURCE_FILE)
    {
      self->record_path = g_strdup (source);
      es_live_source_set_follow (self->source, TRUE);
    }
  else
    {
      self->record = es_live_record_new (self->source, record_path, error);
      if (self->record == NULL)
        return NULL;
      self->record_path = g_strdup (es_live_record_get_path (self->record));
    }
  return g_steal_pointer (&self);
}

/**
 * es_live_follower_set_min_interval:
 *
 * Sets how often, at most, a new document is built (100 ms by default).
 */
void
es_live_follower_set_min_interval (EsLiveFollower *self,
                                   guint           milliseconds)
{
  g_return_if_fail (ES_IS_LIVE_FOLLOWER (self));
  g_return_if_fail (self->reader == NULL);

  self->min_interval_ms = milliseconds;
}

/**
 * es_live_follower_set_finish_backlog:
 * @bytes: bytes waiting to be taken, or 0 for always
 *
 * Sets past how many bytes waiting to be read an update is finished on a
 * thread of its own, while the log goes on being read (4 MB by default).
 */
void
es_live_follower_set_finish_backlog (EsLiveFollower *self,
                                     guint64         bytes)
{
  g_return_if_fail (ES_IS_LIVE_FOLLOWER (self));
  g_return_if_fail (self->reader == NULL);

  self->finish_backlog = bytes;
}

/**
 * es_live_follower_set_shown_within:
 *
 * Sets how long bytes that came faster than they are built may wait before
 * the bytes taken so far are shown, at the next update due (150 ms by
 * default); 0 shows them after each step of taking.
 */
void
es_live_follower_set_shown_within (EsLiveFollower *self,
                                   guint           milliseconds)
{
  g_return_if_fail (ES_IS_LIVE_FOLLOWER (self));
  g_return_if_fail (self->reader == NULL);

  self->shown_within_ms = milliseconds;
}

/**
 * es_live_follower_set_frame_width:
 * @width: the data area's width in pixels of the frames that will show
 *   the log, or 0 if unknown
 * @min_span: the shortest span those frames show, in ns
 *
 * The first document's first frame is made for a window that shows the
 * whole run, [0, MAX (end, @min_span)], @width pixels wide: its
 * columns are made before it is shown (es_lod_frame_prepare()), as each
 * later update's are for the view its window painted the update before
 * at. Any thread, before or after the follower starts.
 */
void
es_live_follower_set_frame_width (EsLiveFollower *self,
                                  guint           width,
                                  guint64         min_span)
{
  g_return_if_fail (ES_IS_LIVE_FOLLOWER (self));

  g_mutex_lock (&self->mutex);
  self->frame_min_span = min_span;
  self->frame_width = width;
  g_mutex_unlock (&self->mutex);
}

/**
 * es_live_follower_set_memory_limit:
 * @bytes: the memory to keep the log's detail in, or 0 for no limit
 *
 * Sets past how many bytes of detail (the caps' runs, GC phases and
 * instants: most of a log's memory) the oldest half of it is let go of (see es_document_get_detail_start()):
 * by default a quarter of the machine's memory.
 */
void
es_live_follower_set_memory_limit (EsLiveFollower *self,
                                   guint64         bytes)
{
  g_return_if_fail (ES_IS_LIVE_FOLLOWER (self));
  g_return_if_fail (self->reader == NULL);

  self->memory_limit = bytes;
}

/**
 * es_live_follower_get_default_memory_limit:
 *
 * Returns: a quarter of the machine's memory, in bytes, or an eighth of
 *   the address space the process may use if that is less (0 if unknown:
 *   no limit)
 */
guint64
es_live_follower_get_default_memory_limit (void)
{
  guint64 limit = 0, space = es_vec_get_address_space_limit ();

#ifdef _SC_PHYS_PAGES
  long pages = sysconf (_SC_PHYS_PAGES), page = sysconf (_SC_PAGESIZE);

  if (pages > 0 && page > 0)
    limit = (guint64) pages * (guint64) page / 4;
#endif
  /* Under a limit on the address space (ulimit -v), an eighth of it: each
   * document shown maps the records again, and there are two or three at
   * a time. */
  if (space > 0)
    limit = limit > 0 ? MIN (limit, space / 8) : space / 8;
  return limit;
}

/**
 * es_live_follower_start:
 *
 * Starts reading and building, on threads of their own. Updates come as
 * #EsLiveFollower::updated in the main context the follower was made in.
 */
void
es_live_follower_start (EsLiveFollower *self)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (ES_IS_LIVE_FOLLOWER (self));
  g_return_if_fail (self->reader == NULL);

  self->memory_failures = es_vec_get_failures ();
  self->reader = g_thread_try_new ("eventscope-live-read", read_source, self, &error);
  if (self->reader != NULL)
    self->builder = g_thread_try_new ("eventscope-live-build", _es_live_follower_build_documents, self, &error);
  if (self->builder != NULL)
    return;

  /* No thread could be made (out of memory for its stack): following
   * fails at once, said as any failure is. */
  g_cancellable_cancel (self->reading);
  if (self->reader != NULL)
    g_thread_join (g_steal_pointer (&self->reader));
  g_mutex_lock (&self->mutex);
  self->shared_state = ES_LIVE_FAILED;
  self->shared_error = g_error_new (G_FILE_ERROR, G_FILE_ERROR_NOMEM, "Cannot follow the log: %s", error->message);
  _es_live_follower_schedule_notify_locked (self);
  g_mutex_unlock (&self->mutex);
}

/**
 * es_live_follower_stop:
 *
 * Stops reading: what was received is built one last time, and the state
 * becomes %ES_LIVE_STOPPED (or finished or cut, if the stream had ended).
 */
void
es_live_follower_stop (EsLiveFollower *self)
{
  g_return_if_fail (ES_IS_LIVE_FOLLOWER (self));

  g_mutex_lock (&self->mutex);
  self->user_stopped = TRUE;
  g_mutex_unlock (&self->mutex);
  g_cancellable_cancel (self->reading);
}

EsLiveState
es_live_follower_get_state (EsLiveFollower *self)
{
  g_return_val_if_fail (ES_IS_LIVE_FOLLOWER (self), ES_LIVE_FAILED);

  return self->state;
}

/**
 * es_live_follower_is_live:
 *
 * Returns: whether the follower is still waiting or receiving
 */
gboolean
es_live_follower_is_live (EsLiveFollower *self)
{
  g_return_val_if_fail (ES_IS_LIVE_FOLLOWER (self), FALSE);

  return self->state == ES_LIVE_WAITING || self->state == ES_LIVE_RECEIVING;
}

/**
 * es_live_follower_get_document:
 *
 * Returns: (transfer none) (nullable): the newest document, or %NULL
 *   before the first
 */
EsDocument *
es_live_follower_get_document (EsLiveFollower *self)
{
  g_return_val_if_fail (ES_IS_LIVE_FOLLOWER (self), NULL);

  return self->document;
}

/**
 * es_live_follower_is_retrying:
 *
 * Returns: whether the follower waits for a socket that is not there yet,
 *   trying it again and again
 */
gboolean
es_live_follower_is_retrying (EsLiveFollower *self)
{
  g_return_val_if_fail (ES_IS_LIVE_FOLLOWER (self), FALSE);

  return self->retrying;
}

guint
es_live_follower_get_n_updates (EsLiveFollower *self)
{
  g_return_val_if_fail (ES_IS_LIVE_FOLLOWER (self), 0);

  return self->n_updates;
}

/**
 * es_live_follower_get_source:
 *
 * Returns: the source as it was named: a path, "-", "unix:PATH" or
 *   "tcp:HOST:PORT"
 */
const char *
es_live_follower_get_source (EsLiveFollower *self)
{
  g_return_val_if_fail (ES_IS_LIVE_FOLLOWER (self), NULL);

  return self->spec;
}

/**
 * es_live_follower_serves_runs:
 *
 * Returns: whether the source is a socket, where a program serves each of
 *   its runs (eventlog-socket): after one, the next may come at the same
 *   address, as a log of its own
 */
gboolean
es_live_follower_serves_runs (EsLiveFollower *self)
{
  EsLiveSourceKind kind;

  g_return_val_if_fail (ES_IS_LIVE_FOLLOWER (self), FALSE);

  kind = es_live_source_get_kind (self->source);
  return kind == ES_LIVE_SOURCE_UNIX || kind == ES_LIVE_SOURCE_TCP;
}

const char *
es_live_follower_get_address (EsLiveFollower *self)
{
  g_return_val_if_fail (ES_IS_LIVE_FOLLOWER (self), NULL);

  return self->address;
}

/**
 * es_live_follower_get_record_path:
 *
 * Returns: where every byte received is read back, while the follower
 *   lives: for a regular file, the file itself; for a stream, a path of
 *   /proc/self/fd (a temporary record has no name)
 */
const char *
es_live_follower_get_record_path (EsLiveFollower *self)
{
  g_return_val_if_fail (ES_IS_LIVE_FOLLOWER (self), NULL);

  return self->record_path;
}

gboolean
es_live_follower_has_temporary_record (EsLiveFollower *self)
{
  g_return_val_if_fail (ES_IS_LIVE_FOLLOWER (self), FALSE);

  return self->record != NULL && es_live_record_get_kept_path (self->record) == NULL;
}

/**
 * es_live_follower_get_kept_path:
 *
 * Returns: (nullable): the file the user named to keep a stream's bytes
 *   in (see es_live_follower_new()), or %NULL
 */
const char *
es_live_follower_get_kept_path (EsLiveFollower *self)
{
  g_return_val_if_fail (ES_IS_LIVE_FOLLOWER (self), NULL);

  return self->record != NULL ? es_live_record_get_kept_path (self->record) : NULL;
}

/**
 * es_live_follower_get_document_bytes:
 *
 * Returns: how many bytes of the record the newest document was built
 *   from (at least; a build may see a few more that came meanwhile)
 */
guint64
es_live_follower_get_document_bytes (EsLiveFollower *self)
{
  g_return_val_if_fail (ES_IS_LIVE_FOLLOWER (self), 0);

  return self->document_bytes;
}

guint64
es_live_follower_get_bytes (EsLiveFollower *self)
{
  g_return_val_if_fail (ES_IS_LIVE_FOLLOWER (self), 0);

  return self->bytes;
}

double
es_live_follower_get_events_per_second (EsLiveFollower *self)
{
  g_return_val_if_fail (ES_IS_LIVE_FOLLOWER (self), 0);

  return self->events_per_second;
}

/**
 * es_live_follower_get_stream_error:
 *
 * Returns: (nullable): why reading stopped before the stream's end, if it
 *   broke (a read error, a record that could not be written, memory run
 *   out), whatever the state: following may also have failed for another
 *   reason (es_live_follower_get_error()), as a stream that broke inside
 *   its header does
 */
const GError *
es_live_follower_get_stream_error (EsLiveFollower *self)
{
  g_return_val_if_fail (ES_IS_LIVE_FOLLOWER (self), NULL);

  return self->stream_error;
}

/**
 * es_live_follower_get_error:
 *
 * Returns: (nullable): why following failed, when the state is
 *   %ES_LIVE_FAILED; when it is %ES_LIVE_CUT, why the stream stopped before
 *   its end, if it broke (a read error, a connection reset, a record that
 *   could not be written): the document holds what came before
 */
const GError *
es_live_follower_get_error (EsLiveFollower *self)
{
  g_return_val_if_fail (ES_IS_LIVE_FOLLOWER (self), NULL);

  return self->error;
}
