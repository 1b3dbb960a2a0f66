/* es-mlpd-feed-private.h: the feed's state, shared by its parts
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-mlpd-load-private.h"

G_BEGIN_DECLS

/* es-mlpd-feed.c gives rows and tells the records a stretch at a time;
 * es-mlpd-feed-records.c tells each record. */

typedef enum
{
  ROW_UNBORN,
  ROW_RUNNING,
  ROW_BLOCKED,
  ROW_ENDED,
} RowState;

typedef struct
{
  RowState state;
  gboolean paused;          /* in the GC of the current pause */
  guint32  thread;          /* in the loader's threads */
  guint64  start;           /* when its start was told */
  guint64  end;             /* when its end was told, if it was */
  gboolean end_told;
  char    *label;           /* the name it was told with */
} Row;

/* A log is told in time order, but its buffers come in any order across
 * threads: each stretch told is the records up to a time that no buffer to
 * come can be earlier than (the caller's watermark). Rows are given to
 * threads in the order they started, as their starts are told. */
struct _MonoFeed
{
  Loader            *loader;
  EsDocumentBuilder *builder;
  GArray            *rows;          /* Row */
  guint64            origin;
  guint64            first_time;    /* the loader's, when the process was told */
  gboolean           had_time;
  gboolean           told_process;
  gboolean           in_pause;
  gboolean           world_stopped;
  gboolean           major;
  guint              leader;
  guint64            pause_start;
  guint              n_pauses;
  gint32             shutdown_pause;
  guint64            exit_suspend_start;  /* in the document's time */
  guint64            exit_suspend_end;
  guint              n_fed;         /* the loader's first records, in order, are told */
  Record             last;          /* the last record told */
  gboolean           told_any;
  gboolean           told_a_start;  /* of a row's thread */
  GHashTable        *unnamed;       /* methods a throw was told in, not named then */
  guint              n_counters;    /* the loader's first counters are told */
  guint              n_counter_samples; /* and their first samples, in time order */
  GHashTable        *unnamed_classes; /* of the heap shots told, not named then */
  guint              n_shots_told;
};

#define ROW(feed, r) (&g_array_index ((feed)->rows, Row, (r)))

typedef MonoFeed Feed;

void _es_mlpd_feed_tell         (Feed         *feed,
                                 EsEvent      *e,
                                 guint16       tag,
                                 guint64       time,
                                 guint16       cap);
void _es_mlpd_feed_tell_stop    (Feed         *feed,
                                 guint64       time,
                                 guint         row,
                                 EsStopStatus  status);
void _es_mlpd_feed_tell_process (Feed         *feed,
                                 guint64       time);
void _es_mlpd_feed_record       (Feed         *feed,
                                 const Record *r);

G_END_DECLS
