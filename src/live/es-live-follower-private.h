/* es-live-follower-private.h: the follower's state, shared by its threads
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document-loader.h"
#include "es-live-build.h"
#include "es-live-follower.h"
#include "es-live-record.h"
#include "es-live-source.h"

G_BEGIN_DECLS

/* Threads, so that the program writing the log never waits on us: one
 * reads the source and appends every byte to the record (a file that can
 * be reopened later and gives the same document); another builds a
 * document from the record as it stands, a few times a second, and hands
 * each to the main context. A build reads a prefix of the log, cut inside
 * an event or not, exactly as a log cut short is read: so the followed
 * document is, at every update, the document of the bytes received.
 *
 * A GHC log is read once (es-live-build.c): the build thread takes the
 * bytes as they come, and each update is a copy of the builder, sharing
 * its records, finished into the document; when bytes are waiting, by a
 * third thread, while the build goes on taking them. Other logs are built
 * afresh from the whole record at each update. The updates are spaced by
 * twice their own length (at least the minimum interval), so following
 * costs a bounded share of a core however long the log grows, at the price
 * of fewer updates for very large logs. */

#define DEFAULT_MIN_INTERVAL_MS 100
#define BUILD_SPACING           2

/* Bytes waiting to be taken past which an update's copy is finished on
 * the finishing thread while the build thread goes back to taking (what
 * 10 ms of taking reads); at a program's pace the build thread finishes
 * it itself, which leaves the window's frames one busy thread less to
 * share the cores with (their p99 was 1-2 ms longer). */
#define DEFAULT_FINISH_BACKLOG  (4u << 20)
/* The events a second the header shows are over this long: a program's
 * log comes in bursts (GHC writes a capability's buffer when it fills),
 * and from one update to the next the rate went from hundreds of events a
 * second to a million. */
#define RATE_WINDOW             (2 * G_TIME_SPAN_SECOND)
#define READ_BYTES              (256u << 10)
/* What was recorded is taken in steps of TAKE_STEP (2-3 ms of building
 * each), toward what was recorded when the take began. When bytes come
 * faster than they are built (a program's burst, a log sent as fast as it
 * is taken, a long file opened to follow), a take ends once the oldest
 * byte not shown has waited the "shown within" time (150 ms by default):
 * the next update due shows what was taken, and a burst is shown as it is
 * built, not once all of it is. A backlog of seconds is then shown at the
 * updates' spacing, each costing its copy on the build thread (a 524 MB
 * log was taken at 350 MB/s with updates 100 ms apart, 400 with none). */
#define TAKE_STEP               (1u << 20)
#define DEFAULT_SHOWN_WITHIN_MS 150
/* Once a log has ended, the build lets go of what it holds only after the
 * main context took the last document (waiting at most
 * LAST_UPDATE_TAKEN) and then LAST_FRAME_GRACE, time for a window to paint
 * it: the builder's mappings going and the pages malloc gives back stall
 * every core (the kernel's TLB shootdowns), and the last document's first
 * frame took 15-17 ms beside them, 6-9 ms after. */
#define LAST_UPDATE_TAKEN       G_TIME_SPAN_SECOND
#define LAST_FRAME_GRACE        (50 * G_TIME_SPAN_MILLISECOND)

/* When an update was shown, and the events its document had. */
typedef struct
{
  gint64  time;
  guint64 events;
} RateMark;

struct _EsLiveFollower
{
  GObject        parent_instance;

  EsLiveSource  *source;
  char          *spec;               /* as the person named it */
  char          *address;
  EsLiveRecord  *record;             /* the reader's, NULL for a followed file */
  char          *record_path;        /* where the builds read the bytes: the record's, or the file */
  guint          min_interval_ms;
  guint64        finish_backlog;     /* see es_live_follower_set_finish_backlog() */
  guint          shown_within_ms;    /* see es_live_follower_set_shown_within() */
  guint64        memory_limit;       /* see es_live_follower_set_memory_limit() */
  guint          frame_width;        /* atomic: see es_live_follower_set_frame_width() */
  guint64        frame_min_span;     /* set with it, before */
  GMainContext  *context;
  GCancellable  *reading;            /* stops the reader: the user, or closing */
  GCancellable  *building;           /* stops a build: closing only */
  GThread       *reader;
  GThread       *builder;

  /* Shared with the threads, under @mutex */
  GMutex         mutex;
  GCond          cond;               /* for the build thread */
  GCond          finish_cond;        /* for the finishing thread */
  guint64        recorded;           /* bytes in the record */
  gboolean       reader_done;
  gboolean       user_stopped;
  gboolean       refused;            /* the bytes are not a log, or damaged: no more are read */
  guint          memory_failures;    /* es_vec_get_failures() when following began */
  gboolean       closing;
  GError        *read_error;        /* why reading or recording stopped before the stream's end */
  GError        *refusal;           /* why the stream's header is not a log's */
  gboolean       waiting;
  EsDocument    *shared_document;
  guint          shared_updates;
  guint          taken_updates;      /* of them, those the main context took */
  guint64        shared_document_bytes;
  EsLiveState    shared_state;
  GError        *shared_error;
  double         shared_events_per_second;
  guint          notify_source;
  GArray        *rate_marks;         /* RateMark: the updates of the last RATE_WINDOW, and the one before */
  EsLiveSnapshot *pending;          /* a copy of the build to finish */
  guint64        pending_bytes;
  gint64         pending_started;
  gboolean       finishing;          /* @pending is given, or being finished */
  gboolean       finisher_done;
  gint64         next_build;         /* when the next update may begin */

  /* The main context's view, updated by the notification */
  EsDocument    *document;
  guint          n_updates;
  guint64        document_bytes;
  EsLiveState    state;
  GError        *error;
  GError        *stream_error;
  gboolean       retrying;
  guint64        bytes;
  double         events_per_second;
};

void     _es_live_follower_schedule_notify_locked (EsLiveFollower *self);
void     _es_live_follower_stop_reading           (EsLiveFollower *self);
gpointer _es_live_follower_build_documents        (gpointer        data);

G_END_DECLS
