/* es-test-writer.h: a log written by a thread, as a running program writes it
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* What to write where, and at what pace: pieces of random size from one
 * byte (@seed not 0, so that the header and events are cut everywhere), or
 * @n_pieces even pieces, or pieces of @piece_bytes, with @pause_ms after
 * each; or all at once. With @updates, after every @pieces_per_update
 * pieces the writer waits (10 s at most) for the count to rise, once it
 * has risen at all (nothing is shown before a log's header is whole): a
 * reader on a busy machine then still sees the log grow in several steps.
 * Set the fields by name; those left out are 0. */
typedef struct
{
  const char   *path;        /* opened for writing by the writer (a FIFO, as -ol does), or NULL */
  int           fd;          /* else written to, and closed at the end */
  const guint8 *data;
  gsize         len;
  guint32       seed;
  guint         n_pieces;
  gsize         piece_bytes;
  guint         pause_ms;
  const gint   *updates;     /* (nullable) atomic: the reader's updates so far (those it counts) */
  guint         pieces_per_update;
  gboolean      keep_open;   /* after the last byte, wait for @release before closing */
  gboolean      reader_may_go; /* a reader that stops reading ends the writing (EPIPE) */
  gint          release;     /* atomic */
  gint          done;        /* atomic: every byte written */
} EsTestWriter;

/* A server as eventlog-socket is one: each run of the program served to
 * the viewer that connects, then closed; each at @pace (its fields but the
 * data, and a seed one more each run). */
typedef struct
{
  GSocket      *listener;
  const guint8 *runs[2];
  gsize         lens[2];
  EsTestWriter  pace;
} EsTestRunServer;

gpointer es_test_writer_run      (gpointer      writer);
void     es_test_write_all       (int           fd,
                                  const guint8 *data,
                                  gsize         len);
gboolean es_test_write_unless_closed (int       fd,
                                      const guint8 *data,
                                      gsize     len);
gpointer es_test_serve_two_runs  (gpointer      server);

G_END_DECLS
