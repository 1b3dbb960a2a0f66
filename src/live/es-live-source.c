/* es-live-source.c: the bytes of a log as they are written
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gunixsocketaddress.h>
#include <glib/gstdio.h>

#include "es-live-source.h"

/* Every kind of source is a file descriptor read with poll(), so that one
 * loop serves them all and a cancellation (the user closing the window)
 * wakes a read that would otherwise wait for ever on a silent program. */

/* A regular file has nothing to poll for: it is looked at again this often
 * while it is followed. */
#define FILE_RECHECK_MS    50
/* Retrying a socket that is not there yet starts quickly (the program is
 * often just starting) and backs off to once a second. */
#define RETRY_FIRST_MS     50
#define RETRY_MOST_MS      1000

struct _EsLiveSource
{
  EsLiveSourceKind    kind;
  char               *address;      /* the path, "standard input", or HOST:PORT */
  int                 fd;           /* -1 until opened */
  gboolean            owns_fd;
  gboolean            got_bytes;
  gint                follow;       /* atomic: a regular file is followed as it grows */
  GSocketConnection  *connection;
  EsLiveWaitingFunc   waiting_func;
  gpointer            waiting_data;
};

static EsLiveSourceKind
kind_of_path (const char *path)
{
  GStatBuf st;

  if (g_stat (path, &st) == 0)
    {
      if (S_ISFIFO (st.st_mode))
        return ES_LIVE_SOURCE_FIFO;
      if (S_ISSOCK (st.st_mode))
        return ES_LIVE_SOURCE_UNIX;
    }
  return ES_LIVE_SOURCE_FILE;
}

static EsLiveSourceKind
kind_of_spec (const char  *spec,
              const char **address)
{
  if (strcmp (spec, "-") == 0)
    {
      *address = spec;
      return ES_LIVE_SOURCE_STDIN;
    }
  if (g_str_has_prefix (spec, "unix:"))
    {
      *address = spec + strlen ("unix:");
      return ES_LIVE_SOURCE_UNIX;
    }
  if (g_str_has_prefix (spec, "tcp:"))
    {
      *address = spec + strlen ("tcp:");
      return ES_LIVE_SOURCE_TCP;
    }
  *address = spec;
  return kind_of_path (spec);
}

/**
 * es_live_source_is_stream:
 * @spec: a source as a person names it: a path, "-", "unix:PATH" or
 *   "tcp:HOST:PORT"
 *
 * Returns: whether @spec names a stream (standard input, a FIFO or a
 *   socket): bytes that are gone once read, so that they must be recorded
 *   to be read again. A regular file, or a path that does not exist, is not.
 */
gboolean
es_live_source_is_stream (const char *spec)
{
  const char *address;

  g_return_val_if_fail (spec != NULL, FALSE);

  return kind_of_spec (spec, &address) != ES_LIVE_SOURCE_FILE;
}

/**
 * es_live_source_new:
 *
 * Reads the source @spec names (see es_live_source_is_stream()). Nothing
 * is opened yet, except that a file or FIFO that cannot be opened is
 * refused here; a socket is connected to on the first read.
 *
 * Returns: (transfer full): the source, or %NULL with @error set
 */
EsLiveSource *
es_live_source_new (const char  *spec,
                    GError     **error)
{
  g_autoptr(EsLiveSource) self = g_new0 (EsLiveSource, 1);
  const char *address;

  g_return_val_if_fail (spec != NULL, NULL);

  self->fd = -1;
  self->kind = kind_of_spec (spec, &address);
  self->address = g_strdup (address);

  switch (self->kind)
    {
    case ES_LIVE_SOURCE_STDIN:
      self->fd = STDIN_FILENO;
      g_free (self->address);
      self->address = g_strdup ("standard input");
      break;

    case ES_LIVE_SOURCE_FILE:
    case ES_LIVE_SOURCE_FIFO:
      /* Non-blocking: a FIFO's open would otherwise wait for its writer. */
      self->fd = g_open (address, O_RDONLY | O_CLOEXEC | (self->kind == ES_LIVE_SOURCE_FIFO ? O_NONBLOCK : 0), 0);
      if (self->fd < 0)
        {
          int saved = errno;
          g_autofree char *name = g_filename_display_name (address);

          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                       "Cannot open “%s”: %s", name, g_strerror (saved));
          return NULL;
        }
      self->owns_fd = TRUE;
      break;

    case ES_LIVE_SOURCE_UNIX:
      if (*address == '\0')
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       "“%s” names no socket: write unix:PATH", spec);
          return NULL;
        }
      break;

    case ES_LIVE_SOURCE_TCP:
      {
        g_autoptr(GSocketConnectable) check = g_network_address_parse (address, 0, NULL);

        if (check == NULL || g_network_address_get_port (G_NETWORK_ADDRESS (check)) == 0)
          {
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                         "“%s” is not a TCP address: write tcp:HOST:PORT, as tcp:127.0.0.1:4242", spec);
            return NULL;
          }
      }
      break;

    default:
      g_assert_not_reached ();
    }

  g_atomic_int_set (&self->follow, self->kind != ES_LIVE_SOURCE_FILE);
  return g_steal_pointer (&self);
}

void
es_live_source_free (EsLiveSource *self)
{
  if (self == NULL)
    return;
  if (self->owns_fd && self->fd >= 0)
    close (self->fd);
  if (self->connection != NULL)
    g_io_stream_close (G_IO_STREAM (self->connection), NULL, NULL);
  g_clear_object (&self->connection);
  g_free (self->address);
  g_free (self);
}

EsLiveSourceKind
es_live_source_get_kind (EsLiveSource *self)
{
  g_return_val_if_fail (self != NULL, ES_LIVE_SOURCE_FILE);

  return self->kind;
}

/**
 * es_live_source_get_address:
 *
 * Returns: what is read, for people: a path, "standard input", or HOST:PORT
 */
const char *
es_live_source_get_address (EsLiveSource *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->address;
}

/**
 * es_live_source_set_follow:
 * @follow: for a regular file, whether a read at its end waits for it to
 *   grow (%TRUE) or returns 0 (%FALSE, the default)
 *
 * May be called from any thread, to stop following a file whose log has
 * ended: the read in progress then returns what is left, then 0.
 */
void
es_live_source_set_follow (EsLiveSource *self,
                           gboolean      follow)
{
  g_return_if_fail (self != NULL);

  if (self->kind == ES_LIVE_SOURCE_FILE)
    g_atomic_int_set (&self->follow, follow);
}

void
es_live_source_set_waiting_func (EsLiveSource      *self,
                                 EsLiveWaitingFunc  func,
                                 gpointer           user_data)
{
  g_return_if_fail (self != NULL);

  self->waiting_func = func;
  self->waiting_data = user_data;
}

/* Waits until @fd (or -1 for none) is readable, @timeout_ms passes (-1 for
 * ever) or @cancellable is cancelled. */
static gboolean
wait_readable (int            fd,
               int            timeout_ms,
               GCancellable  *cancellable,
               GError       **error)
{
  struct pollfd fds[2];
  nfds_t n = 0;
  int result;

  if (fd >= 0)
    fds[n++] = (struct pollfd) { .fd = fd, .events = POLLIN };
  if (cancellable != NULL && g_cancellable_make_pollfd (cancellable, (GPollFD *) &fds[n]))
    n++;

  do
    result = poll (fds, n, timeout_ms);
  while (result < 0 && errno == EINTR);
  if (cancellable != NULL && n > (fd >= 0 ? 1u : 0u))
    g_cancellable_release_fd (cancellable);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  if (result < 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s", g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}

static gboolean
connect_socket (EsLiveSource  *self,
                GCancellable  *cancellable,
                GError       **error)
{
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GSocketConnectable) connectable = NULL;
  int delay_ms = RETRY_FIRST_MS;

  if (self->kind == ES_LIVE_SOURCE_UNIX)
    connectable = G_SOCKET_CONNECTABLE (g_unix_socket_address_new (self->address));
  else
    connectable = g_network_address_parse (self->address, 0, error);
  if (connectable == NULL)
    return FALSE;

  /* The program may not listen yet, or be between two runs: wait for it,
   * saying so, until it does or the caller gives up. */
  for (;;)
    {
      g_autoptr(GError) local_error = NULL;

      self->connection = g_socket_client_connect (client, connectable, cancellable, &local_error);
      if (self->connection != NULL)
        break;
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      if (self->waiting_func != NULL)
        self->waiting_func (self->address, self->waiting_data);
      if (!wait_readable (-1, delay_ms, cancellable, error))
        return FALSE;
      delay_ms = MIN (delay_ms * 2, RETRY_MOST_MS);
    }

  self->fd = g_socket_get_fd (g_socket_connection_get_socket (self->connection));
  return TRUE;
}

/**
 * es_live_source_read:
 * @buffer: (out caller-allocates) (array length=size): where the bytes go
 *
 * Reads the next bytes, waiting for them: for a socket, first for the
 * program to listen; for a FIFO, for its writer; for a followed file, for
 * it to grow. Blocks the calling thread: call it from a worker.
 *
 * Returns: the number of bytes read, 0 at the end of the stream (the
 *   writer closed it, or a file not followed ends), or -1 with @error set
 *   (%G_IO_ERROR_CANCELLED when @cancellable was cancelled).
 */
gssize
es_live_source_read (EsLiveSource  *self,
                     guint8        *buffer,
                     gsize          size,
                     GCancellable  *cancellable,
                     GError       **error)
{
  g_return_val_if_fail (self != NULL, -1);
  g_return_val_if_fail (buffer != NULL && size > 0, -1);

  if (self->fd < 0 && !connect_socket (self, cancellable, error))
    return -1;

  for (;;)
    {
      gssize n;

      if (self->kind != ES_LIVE_SOURCE_FILE && !wait_readable (self->fd, -1, cancellable, error))
        return -1;
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return -1;

      n = read (self->fd, buffer, size);
      if (n > 0)
        {
          self->got_bytes = TRUE;
          return n;
        }
      if (n < 0)
        {
          int saved = errno;

          if (saved == EINTR || saved == EAGAIN)
            continue;
          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                       "Cannot read %s: %s", self->address, g_strerror (saved));
          return -1;
        }

      /* At the end: a stream has ended (poll said so), a file may grow. */
      if (self->kind != ES_LIVE_SOURCE_FILE || !g_atomic_int_get (&self->follow))
        return 0;
      if (!wait_readable (-1, FILE_RECHECK_MS, cancellable, error))
        return -1;
    }
}

/**
 * es_live_source_drain_to_file:
 * @waiting_func: (nullable) (scope call): called while a socket is not
 *   there yet (see es_live_source_set_waiting_func())
 *
 * Copies what @spec gives, to its end, into the file @path: how commands
 * that read a whole log take one from a FIFO, standard input or a socket.
 */
gboolean
es_live_source_drain_to_file (const char         *spec,
                              const char         *path,
                              EsLiveWaitingFunc   waiting_func,
                              gpointer            waiting_data,
                              GCancellable       *cancellable,
                              GError            **error)
{
  g_autoptr(EsLiveSource) source = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFileOutputStream) out = NULL;
  g_autofree guint8 *buffer = NULL;
  gsize size = 1u << 20;

  g_return_val_if_fail (spec != NULL && path != NULL, FALSE);

  source = es_live_source_new (spec, error);
  if (source == NULL)
    return FALSE;
  es_live_source_set_waiting_func (source, waiting_func, waiting_data);
  file = g_file_new_for_path (path);
  out = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_NONE, cancellable, error);
  if (out == NULL)
    return FALSE;
  buffer = g_malloc (size);

  for (;;)
    {
      gssize n = es_live_source_read (source, buffer, size, cancellable, error);

      if (n < 0)
        return FALSE;
      if (n == 0)
        break;
      if (!g_output_stream_write_all (G_OUTPUT_STREAM (out), buffer, (gsize) n, NULL, cancellable, error))
        return FALSE;
    }
  return g_output_stream_close (G_OUTPUT_STREAM (out), cancellable, error);
}
