/* es-live-follower-build.c: the follower's build and finishing threads
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-background.h"
#include "es-live-follower-private.h"
#include "es-lod-frame.h"
#include "es-vec.h"

/* What is kept free of a limit on the address space, at least (see
 * near_address_space_limit()). */
#define ADDRESS_SPACE_HEADROOM (96u << 20)

/* Whether @document holds the whole log, not a prefix of it. */
static gboolean
is_whole (EsDocument *document)
{
  return !es_document_is_truncated (document, NULL) && es_document_get_damage (document) == NULL;
}

static EsLiveState
final_state (EsLiveFollower *self,
             EsDocument     *document)
{
  if (document == NULL)
    return ES_LIVE_FAILED;
  if (self->user_stopped && !is_whole (document) && self->read_error == NULL)
    return ES_LIVE_STOPPED;
  return is_whole (document) ? ES_LIVE_FINISHED : ES_LIVE_CUT;
}

/* Under @mutex: the events a second at @now, when the newest document
 * has @events: those of the updates of the last RATE_WINDOW, over it (or
 * over the time since the first update, until there is a window of them).
 * An update's events came just before it (updates follow the bytes), so
 * that after a pause the rate is that of what came since, not spread over
 * the pause; it falls to 0 once no event came for a window. The first
 * update's events are not counted: they may be all a file had when it was
 * opened, read in a blink, which is not the program's pace. */
static double
rate_locked (EsLiveFollower *self,
             gint64          now,
             guint64         events)
{
  GArray *marks = self->rate_marks;
  gint64 window_start = now - RATE_WINDOW, since;
  const RateMark *before;

  /* The last update at or before the window's start, or the first. */
  while (marks->len > 1 && g_array_index (marks, RateMark, 1).time <= window_start)
    g_array_remove_index (marks, 0);
  if (marks->len == 0)
    return 0;
  before = &g_array_index (marks, RateMark, 0);
  since = MAX (before->time, window_start);
  if (now <= since || events <= before->events)
    return 0;
  return (events - before->events) / ((now - since) / (double) G_TIME_SPAN_SECOND);
}

/* Under @mutex: no update came for a while; the rate shown falls as the
 * time without events grows (checked each second the build thread waits). */
static void
refresh_rate_locked (EsLiveFollower *self,
                     gint64          now)
{
  double rate;

  if (self->shared_state != ES_LIVE_RECEIVING || self->rate_marks->len == 0)
    return;
  /* No document newer than the last update's. */
  rate = rate_locked (self, now, g_array_index (self->rate_marks, RateMark, self->rate_marks->len - 1).events);
  if (rate != self->shared_events_per_second)
    {
      self->shared_events_per_second = rate;
      _es_live_follower_schedule_notify_locked (self);
    }
}

/* Under @mutex: @document, of the first @recorded bytes, is the one to
 * show now. */
static void
publish_locked (EsLiveFollower *self,
                EsDocument     *document,
                guint64         recorded,
                gint64          now)
{
  RateMark mark = { now, es_document_get_n_events (document) };

  self->shared_events_per_second = rate_locked (self, now, mark.events);
  g_array_append_val (self->rate_marks, mark);
  g_set_object (&self->shared_document, document);
  self->shared_document_bytes = recorded;
  self->shared_updates++;
  if (self->shared_state == ES_LIVE_WAITING)
    self->shared_state = ES_LIVE_RECEIVING;
}

/* The update begun at @started is made: @document (nullable: too little
 * of the log yet) is prepared for its first frame and published, and the
 * next update spaced after it by twice what this one cost. */
static void
show_update (EsLiveFollower *self,
             EsDocument     *document,
             guint64         recorded,
             gint64          started)
{
  gint64 now;

  /* Each update is a new document: without this, the window's first
   * frame of each would make the busy caps' grid on the main thread
   * (10-100 ms on a 100 MB log), several times a second. */
  if (document != NULL)
    {
      g_autoptr(EsDocument) previous = NULL;

      /* The time profile's blocks of samples grow from the update shown
       * before: each update walks only the samples that came since. */
      guint frame_width;
      guint64 frame_min_span;

      g_mutex_lock (&self->mutex);
      previous = self->shared_document != NULL ? g_object_ref (self->shared_document) : NULL;
      frame_width = self->frame_width;
      frame_min_span = self->frame_min_span;
      g_mutex_unlock (&self->mutex);
      es_document_loader_prepare_update (document, previous);
      /* The first one's first frame: for the window's width, as the
       * window shows a log it begins to follow (the whole run). */
      if (previous == NULL && frame_width > 0)
        es_lod_frame_prepare (document, 0, MAX (es_document_get_end_time (document), frame_min_span), frame_width);
    }
  /* A GHC log with its end marker is whole: stop waiting for a file to
   * grow (a stream ends by itself). */
  if (document != NULL && is_whole (document) && es_document_get_format (document) == ES_DOCUMENT_GHC_EVENTLOG)
    es_live_source_set_follow (self->source, FALSE);
  now = g_get_monotonic_time ();

  g_mutex_lock (&self->mutex);
  if (document != NULL)
    publish_locked (self, document, recorded, now);
  self->next_build = now + MAX ((gint64) self->min_interval_ms * 1000, BUILD_SPACING * (now - started));
  self->finishing = FALSE;
  g_cond_signal (&self->cond);
  _es_live_follower_schedule_notify_locked (self);
  g_mutex_unlock (&self->mutex);
  /* Each update makes a document and lets go of an older one, whose own
   * heap (its copies of the smallest vectors, its busy grid, its arrays)
   * is freed among what lasts: the builder's threads, strings and
   * vectors. Given back after each update (0.1-0.3 ms at 100 MB), a
   * followed log's peak PSS was 1-3 MB lower at 100 MB, and a window left
   * following does not keep the high-water mark of every update it made. */
  es_give_back_freed_memory ();
}

/* The finishing thread: makes the document of each copy of the build
 * (closing what is open, indexing, the grid, what its first frame needs:
 * about half an update's cost) and shows it, while the build thread takes
 * the bytes that come meanwhile. */
static gpointer
finish_documents (gpointer data)
{
  EsLiveFollower *self = data;

  es_background_yield ();
  for (;;)
    {
      EsLiveSnapshot *snapshot;
      guint64 recorded;
      gint64 started;
      g_autoptr(EsDocument) document = NULL;

      g_mutex_lock (&self->mutex);
      while (self->pending == NULL && !self->closing && !self->finisher_done)
        g_cond_wait (&self->finish_cond, &self->mutex);
      snapshot = g_steal_pointer (&self->pending);
      recorded = self->pending_bytes;
      started = self->pending_started;
      if (self->closing)
        g_clear_pointer (&snapshot, es_live_snapshot_free);
      g_mutex_unlock (&self->mutex);
      if (snapshot == NULL)
        return NULL;
      /* Out of memory: not finished (the build thread stops following). */
      if (es_vec_get_failures () != self->memory_failures)
        es_live_snapshot_free (snapshot);
      else
        document = es_live_snapshot_finish (snapshot);
      show_update (self, document, recorded, started);
    }
}

/* Lets the finishing thread end, once it has shown what it was given. */
static void
stop_finishing (EsLiveFollower *self,
                GThread        *finisher)
{
  g_mutex_lock (&self->mutex);
  self->finisher_done = TRUE;
  g_cond_signal (&self->finish_cond);
  g_mutex_unlock (&self->mutex);
  if (finisher != NULL)
    g_thread_join (finisher);
  /* Handed over as the follower closed, after the finishing thread saw
   * nothing to finish and ended. */
  g_clear_pointer (&self->pending, es_live_snapshot_free);
}

/* Waits until the main context has taken the last update and has had
 * time to paint it (see LAST_FRAME_GRACE), or the follower closes. */
static void
wait_for_last_frame (EsLiveFollower *self)
{
  gint64 deadline = g_get_monotonic_time () + LAST_UPDATE_TAKEN;

  g_mutex_lock (&self->mutex);
  while (!self->closing && self->taken_updates != self->shared_updates)
    if (!g_cond_wait_until (&self->cond, &self->mutex, deadline))
      break;
  deadline = g_get_monotonic_time () + LAST_FRAME_GRACE;
  while (!self->closing)
    if (!g_cond_wait_until (&self->cond, &self->mutex, deadline))
      break;
  g_mutex_unlock (&self->mutex);
}

static gboolean
closing_now (EsLiveFollower *self)
{
  gboolean closing;

  g_mutex_lock (&self->mutex);
  closing = self->closing;
  g_mutex_unlock (&self->mutex);
  return closing;
}

/* When the bytes recorded up to an offset were first seen by the build
 * thread (within a step of taking). */
typedef struct
{
  guint64 offset;
  gint64  time;
} Arrival;

/* The bytes a GHC log's build has taken, and the take under way: a take
 * is of what was recorded when it began, a step at a time. */
typedef struct
{
  guint64  taken;
  guint64  target;     /* the bytes recorded when this take began */
  GArray  *arrivals;   /* Arrival, of the bytes not shown yet */
} Take;

static void
note_arrival (Take    *take,
              guint64  recorded,
              gint64   now)
{
  GArray *arrivals = take->arrivals;
  Arrival arrival = { recorded, now };

  if (arrivals->len == 0 || g_array_index (arrivals, Arrival, arrivals->len - 1).offset < recorded)
    g_array_append_val (arrivals, arrival);
}

/* Forgets the arrivals of the first @built bytes, which are shown. */
static void
forget_shown (Take    *take,
              guint64  built)
{
  GArray *arrivals = take->arrivals;
  guint shown = 0;

  while (shown < arrivals->len && g_array_index (arrivals, Arrival, shown).offset <= built)
    shown++;
  g_array_remove_range (arrivals, 0, shown);
}

/* Whether the first byte not shown has waited @shown_within at @now. */
static gboolean
waited_too_long (const Take *take,
                 gint64      shown_within,
                 gint64      now)
{
  return take->arrivals->len > 0 && now - g_array_index (take->arrivals, Arrival, 0).time >= shown_within;
}

/* Takes a step of the take under way, beginning one of the @recorded
 * bytes if none is. Returns whether the take goes on: some of its bytes
 * are not taken yet, and the first byte not shown (past the @built shown)
 * has not waited the "shown within" time.
 * @read_once: (inout): es_live_build_take_some()'s answer. */
static gboolean
take_a_step (EsLiveFollower *self,
             EsLiveBuild    *build,
             Take           *take,
             guint64         recorded,
             guint64         built,
             gboolean       *read_once,
             GError        **error)
{
  if (take->target <= take->taken)
    take->target = recorded;
  *read_once = es_live_build_take_some (build, recorded, MIN (TAKE_STEP, take->target - take->taken), &take->taken,
                                        self->building, error);
  if (*read_once && take->taken < take->target &&
      !(take->taken > built &&
        waited_too_long (take, (gint64) self->shown_within_ms * G_TIME_SPAN_MILLISECOND, g_get_monotonic_time ())))
    return TRUE;
  take->target = take->taken;
  return FALSE;
}

/* Once the log's bytes are refused as not a valid log (not a log, or
 * damaged), no byte after them can be shown: reading stops, and the whole
 * record is built as a file, which shows what came before and says why. */
static void
stop_reading_if_refused (EsLiveFollower *self,
                         EsLiveBuild    *build,
                         gboolean        read_once)
{
  if (!read_once && es_live_build_get_refusal (build) != NULL && !self->refused)
    _es_live_follower_stop_reading (self);
}

/* Under a limit on the address space (ulimit -v), following stops while
 * there is still room to stop in: past the limit, any allocation of any
 * thread may fail, and GLib's abort the process. */
static gboolean
near_address_space_limit (void)
{
  guint64 limit, in_use = es_vec_get_address_space (&limit);

  return limit > 0 && in_use + MAX (limit / 8, (guint64) ADDRESS_SPACE_HEADROOM) > limit;
}

/* Out of memory while following (see es_vec_grow(): the build goes on
 * with what it was adding, and stops here): reading stops, the last
 * document shown stays, and why is said beside it, as for a stream that
 * broke. */
static gboolean
ran_out_of_memory (EsLiveFollower *self,
                   guint           failures)
{
  guint64 limit;
  g_autofree char *within = NULL;

  if (G_LIKELY (es_vec_get_failures () == failures) && !near_address_space_limit ())
    return FALSE;
  limit = es_vec_get_address_space_limit ();
  if (limit > 0)
    within = g_strdup_printf (" (the process may use %.1f GB: ulimit -v)", limit / 1e9);
  g_mutex_lock (&self->mutex);
  if (self->read_error == NULL)
    self->read_error = g_error_new (G_FILE_ERROR, G_FILE_ERROR_NOMEM,
                                    "Out of memory%s; a lower memory limit for following keeps less of "
                                    "the oldest detail", within != NULL ? within : "");
  g_mutex_unlock (&self->mutex);
  _es_live_follower_stop_reading (self);
  return TRUE;
}

/* Waits for the reading thread to end (it was told to stop): what it does
 * last (the record's name, why it stopped) comes before the end is told. */
static void
wait_for_reader (EsLiveFollower *self)
{
  g_mutex_lock (&self->mutex);
  while (!self->reader_done && !self->closing)
    g_cond_wait (&self->cond, &self->mutex);
  g_mutex_unlock (&self->mutex);
}

/* The build thread. A GHC log is read once (es-live-build.c): its bytes
 * are taken as they come, and each update is a copy of the build, handed
 * to the finishing thread if bytes are waiting (else finished here);
 * another is copied only once that is shown.
 * Other logs, and one the reader refuses, are built from the whole record
 * as a file, here, which says why as opening the file would. */
gpointer
_es_live_follower_build_documents (gpointer data)
{
  EsLiveFollower *self = data;
  guint64 built = 0;
  g_autoptr(GArray) arrivals = g_array_new (FALSE, FALSE, sizeof (Arrival));
  Take take = { 0, 0, arrivals };
  gboolean built_all = FALSE;   /* the last build knew the log complete */
  gboolean read_once = TRUE;
  g_autoptr(GError) build_error = NULL;
  g_autoptr(EsLiveBuild) build = es_live_build_new (self->record_path);
  g_autoptr(EsDocument) final = NULL;
  guint failures = self->memory_failures;
  /* Without it (out of memory for its stack), every update is finished
   * here. */
  GThread *finisher = g_thread_try_new ("eventscope-live-finish", finish_documents, self, NULL);

  /* Building yields to the window: its frames (and the reader, which the
   * program writing the log waits on) come first. */
  es_background_yield ();
  es_live_build_set_memory_limit (build, self->memory_limit);
  es_vec_keep_spare ();
  for (;;)
    {
      guint64 recorded, upto;
      gboolean done, finishing, complete, shown_any;
      gint64 next_build, started;
      EsLiveSnapshot *snapshot = NULL;

      g_mutex_lock (&self->mutex);
      for (;;)
        {
          gint64 deadline;

          if (self->closing)
            break;
          if (!self->finishing &&
              (self->reader_done || (self->recorded > built && g_get_monotonic_time () >= self->next_build)))
            break;
          /* A log read once takes its bytes as they come. */
          if (read_once && self->recorded > take.taken)
            break;
          deadline = self->recorded > built && !self->finishing ? self->next_build
                                                                 : g_get_monotonic_time () + G_TIME_SPAN_SECOND;
          if (!g_cond_wait_until (&self->cond, &self->mutex, deadline))
            refresh_rate_locked (self, g_get_monotonic_time ());
        }
      recorded = self->recorded;
      done = self->reader_done;
      finishing = self->finishing;
      shown_any = self->shared_document != NULL;
      next_build = self->next_build;
      if (self->closing)
        {
          g_mutex_unlock (&self->mutex);
          goto closed;
        }
      g_mutex_unlock (&self->mutex);

      if (done && recorded == 0)
        break;
      if (ran_out_of_memory (self, failures))
        {
          g_clear_error (&build_error);
          wait_for_reader (self);
          break;
        }
      if (read_once)
        note_arrival (&take, recorded, g_get_monotonic_time ());
      if (read_once && recorded > take.taken)
        {
          gboolean goes_on = take_a_step (self, build, &take, recorded, built, &read_once, &build_error);

          stop_reading_if_refused (self, build, read_once);

          if (g_error_matches (build_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
            goto closed;
          if (goes_on)
            continue;
          /* The take ended: an update of it, once one is due. */
          if (finishing || ((!done || take.taken < recorded) && g_get_monotonic_time () < next_build))
            continue;
        }
      if (finishing)
        continue;
      /* An update of what is taken: all that was recorded, unless a
       * backlog is being taken. */
      upto = read_once ? take.taken : recorded;
      complete = done && upto == recorded;
      /* Once the log is complete, a Mono log is built knowing it: its
       * last records wait until then; and so is a log of which nothing
       * could be shown yet (its header not whole): it is refused then, as
       * loading its bytes would refuse it. */
      if (upto > built || (complete && !built_all && (es_live_build_holds_back (build) || !shown_any)))
        {
          g_clear_error (&build_error);
          started = g_get_monotonic_time ();
          if (read_once)
            {
              read_once = es_live_build_copy (build, upto, complete, self->building, &snapshot, &build_error);
              stop_reading_if_refused (self, build, read_once);
            }
          /* Refused: built from the whole record instead. */
          if (!read_once)
            upto = recorded, complete = done;
          built = upto;
          built_all = complete;
          forget_shown (&take, built);
          if (g_error_matches (build_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
            goto closed;
          if (snapshot != NULL)
            {
              gboolean behind;

              g_mutex_lock (&self->mutex);
              behind = finisher != NULL && self->recorded - upto >= self->finish_backlog;
              if (behind)
                {
                  self->pending = snapshot;
                  self->pending_bytes = upto;
                  self->pending_started = started;
                  self->finishing = TRUE;
                  g_cond_signal (&self->finish_cond);
                }
              g_mutex_unlock (&self->mutex);
              if (!behind)
                {
                  g_autoptr(EsDocument) document = NULL;

                  /* Out of memory: not finished (see ran_out_of_memory()). */
                  if (es_vec_get_failures () != failures)
                    es_live_snapshot_free (snapshot);
                  else
                    document = es_live_snapshot_finish (snapshot);
                  show_update (self, document, upto, started);
                }
            }
          else
            {
              g_autoptr(EsDocument) document = NULL;

              if (!read_once)
                document = es_document_load_file_full (self->record_path, ES_LOAD_BESIDE_VIEWS, NULL, NULL,
                                                       self->building, &build_error);
              if (g_error_matches (build_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
                goto closed;
              show_update (self, document, upto, started);
            }
          continue;
        }

      if (done)
        break;
    }
  /* Every update is shown (the loop ends only when none is being
   * finished). */
  stop_finishing (self, finisher);

  /* The stream has ended and the last build saw all of it. If that build
   * failed, the log's bytes are not a log or damaged (reading stopped
   * there): following ends as loading the record would, whatever the
   * updates showed before (a prefix is read before the damage is). */
  g_mutex_lock (&self->mutex);
  final = self->shared_document != NULL ? g_object_ref (self->shared_document) : NULL;
  self->shared_state = build_error != NULL || self->refusal != NULL ? ES_LIVE_FAILED
                                                                     : final_state (self, self->shared_document);
  self->shared_events_per_second = 0;
  if (self->shared_state == ES_LIVE_FAILED)
    {
      if (self->refusal != NULL)
        self->shared_error = g_error_copy (self->refusal);
      else if (build_error != NULL)
        self->shared_error = g_steal_pointer (&build_error);
      else if (self->read_error != NULL)
        self->shared_error = g_error_copy (self->read_error);
      else
        self->shared_error = g_error_new (G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT,
                                          "%s ended before any data came", self->address);
    }
  else if (self->read_error != NULL)
    /* The stream broke after some bytes: the document is theirs, and
     * why it stopped is said beside it. */
    self->shared_error = g_error_copy (self->read_error);
  _es_live_follower_schedule_notify_locked (self);
  g_mutex_unlock (&self->mutex);

  /* The builder's own state (its buffers, the grid's sums, what it holds
   * beside its documents) goes once the window knows the run is over and
   * has painted it (the freeing takes 10 ms at 100 MB), and before the
   * index of pauses is made below, which would otherwise be the follow's
   * peak of memory. */
  wait_for_last_frame (self);
  g_clear_pointer (&build, es_live_build_free);

  /* The document that stays gets the index of pauses too, which makes the
   * statistics of any selection O(log n): after the window is told the
   * run is over (10 ms at 100 MB), as the statistics do without it. */
  if (final != NULL && !closing_now (self))
    es_document_loader_prepare (final);
  /* The builder's heap is the last let go of. */
  es_give_back_freed_memory ();
  return NULL;

closed:
  /* The follower is closing: nothing more is shown. */
  stop_finishing (self, finisher);
  return NULL;
}
