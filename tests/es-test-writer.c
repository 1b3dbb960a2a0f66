/* es-test-writer.c: a log written by a thread, as a running program writes it
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

#include "es-test-writer.h"

/* Writes all of @data, or until the reader has gone (EPIPE), if
 * @reader_may_go: then FALSE. */
static gboolean
write_all (int           fd,
           const guint8 *data,
           gsize         len,
           gboolean      reader_may_go)
{
  while (len > 0)
    {
      gssize n = write (fd, data, len);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0 && errno == EPIPE && reader_may_go)
        return FALSE;
      g_assert_cmpint (n, >, 0);
      data += n;
      len -= (gsize) n;
    }
  return TRUE;
}

void
es_test_write_all (int           fd,
                   const guint8 *data,
                   gsize         len)
{
  write_all (fd, data, len, FALSE);
}

/* Returns FALSE if the reader went before all was written. */
gboolean
es_test_write_unless_closed (int           fd,
                             const guint8 *data,
                             gsize         len)
{
  return write_all (fd, data, len, TRUE);
}

/* The size of the next piece, and the pause after it in ms. */
static gsize
next_piece (EsTestWriter *writer,
            GRand        *rand,
            guint         index,
            gsize         done,
            guint        *pause_ms)
{
  if (rand != NULL)
    {
      /* About forty pieces whatever the size, so that a follower sees many
       * prefixes; a third of them tiny, to cut the header and events
       * anywhere. */
      gint32 most = (gint32) MAX (writer->len / 20, 65);
      gsize piece = g_rand_int_range (rand, 0, 3) == 0 ? (gsize) g_rand_int_range (rand, 1, 64)
                                                       : (gsize) g_rand_int_range (rand, 64, most);

      *pause_ms = g_rand_boolean (rand) ? (guint) g_rand_int_range (rand, 3, 30) : 0;
      return piece;
    }
  *pause_ms = writer->pause_ms;
  if (writer->n_pieces > 0)
    return writer->len * (index + 1) / writer->n_pieces - done;
  return writer->piece_bytes > 0 ? writer->piece_bytes : writer->len - done;
}

/**
 * es_test_writer_run:
 * @writer: (type EsTestWriter): what to write
 *
 * Writes @writer's bytes at its pace, then closes: a GThreadFunc, or
 * called on the thread that serves a client.
 */
gpointer
es_test_writer_run (gpointer data)
{
  EsTestWriter *writer = data;
  g_autoptr(GRand) rand = writer->seed != 0 ? g_rand_new_with_seed (writer->seed) : NULL;
  int fd = writer->path != NULL ? g_open (writer->path, O_WRONLY, 0) : writer->fd;
  gsize done = 0;
  gint first = writer->updates != NULL ? g_atomic_int_get (writer->updates) : 0;
  gint seen = first;

  g_assert_cmpint (fd, >=, 0);
  for (guint i = 0; done < writer->len; i++)
    {
      guint pause_ms;
      gsize piece = next_piece (writer, rand, i, done, &pause_ms);

      piece = MIN (piece, writer->len - done);

      if (!write_all (fd, writer->data + done, piece, writer->reader_may_go))
        break;
      done += piece;
      if (pause_ms > 0 && done < writer->len)
        g_usleep (pause_ms * 1000);
      /* Not before the reader has shown something: it cannot before the
       * log's header is whole, however long it is waited for. */
      if (writer->updates != NULL && writer->pieces_per_update > 0 && (i + 1) % writer->pieces_per_update == 0 &&
          g_atomic_int_get (writer->updates) != first)
        {
          gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

          while (g_atomic_int_get (writer->updates) == seen && g_get_monotonic_time () < deadline)
            g_usleep (5000);
          seen = g_atomic_int_get (writer->updates);
        }
    }
  g_atomic_int_set (&writer->done, TRUE);
  while (writer->keep_open && !g_atomic_int_get (&writer->release))
    g_usleep (10000);
  close (fd);
  return NULL;
}

/**
 * es_test_serve_two_runs:
 * @server: (type EsTestRunServer): what to serve
 *
 * Serves @server's two runs, one to each client that connects: a
 * GThreadFunc.
 */
gpointer
es_test_serve_two_runs (gpointer data)
{
  EsTestRunServer *server = data;

  for (guint run = 0; run < 2; run++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GSocket) client = g_socket_accept (server->listener, NULL, &error);
      EsTestWriter writer = server->pace;

      g_assert_no_error (error);
      writer.path = NULL;
      writer.fd = dup (g_socket_get_fd (client));
      /* GSocket keeps its descriptor non-blocking: writes here wait. */
      g_assert_cmpint (fcntl (writer.fd, F_SETFL, 0), ==, 0);
      writer.data = server->runs[run];
      writer.len = server->lens[run];
      if (writer.seed != 0)
        writer.seed += run;
      es_test_writer_run (&writer);
      g_socket_close (client, NULL);
    }
  return NULL;
}
