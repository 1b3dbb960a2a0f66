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
  gboolean            closed;       /* es_live_source_close(): nothing more is read */
  guint64             offset;       /* bytes read so far */
  gint                follow;       /* atomic: a regular file is followed as it grows */
  GSocketConnection  *connection;
  EsLiveWaitingFunc   waiting_func;
  gpointer            waiting_data;
};

/* Whether standard input was closed when the program started
 * (es_live_source_guard_standard_streams()). */
static gboolean stdin_was_closed;

static EsLiveSourceKind
kind_of_path (const char *path)
{
  GStatBuf st;

  if (g_stat (path, &st) == 0)
    {
      /* A device (/dev/zero, a serial line) gives bytes as a pipe does:
       * it is read as a stream, and refused at its first bytes if they
       * are not a log's, not followed for ever as a file that grows. */
      if (S_ISFIFO (st.st_mode) || S_ISCHR (st.st_mode))
        return ES_LIVE_SOURCE_FIFO;
      if (S_ISSOCK (st.st_mode))
        return ES_LIVE_SOURCE_UNIX;
    }
  return ES_LIVE_SOURCE_FILE;
}

/**
 * es_live_source_guard_standard_streams:
 *
 * To be called first in main(): a descriptor of the three standard ones
 * that is closed (`prog <&-`) is opened on /dev/null. Else the next file
 * opened takes its number (GLib's own eventfd, say), and "-" would read
 * that as the log. Standard input read as a log is then refused as closed.
 */
void
es_live_source_guard_standard_streams (void)
{
  for (int fd = 0; fd <= 2; fd++)
    {
      if (fcntl (fd, F_GETFD) != -1 || errno != EBADF)
        continue;
      if (fd == STDIN_FILENO)
        stdin_was_closed = TRUE;
      /* The lowest free number: this one, as those below are open. */
      if (open ("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY) != fd)
        g_warning ("cannot open /dev/null as descriptor %d", fd);
    }
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

/* A socket's path that is there already must be a socket: a program that
 * is not started yet has none (it is waited for), but a file or a folder
 * will never be connected to. */
static gboolean
check_socket_path (const char  *path,
                   GError     **error)
{
  g_autofree char *name = NULL;
  GStatBuf st;

  if (g_stat (path, &st) != 0 || S_ISSOCK (st.st_mode))
    return TRUE;
  name = g_filename_display_name (path);
  if (S_ISDIR (st.st_mode))
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY,
                 "“%s” is a folder, not a socket: name the socket the program listens on", name);
  else if (S_ISREG (st.st_mode))
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                 "“%s” is a regular file, not a socket: name it without unix: to read it as a log", name);
  else
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                 "“%s” is not a socket (a pipe or a device): name it without unix:", name);
  return FALSE;
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
      if (stdin_was_closed)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CLOSED,
                               "standard input is closed: there is nothing to read (pipe the log in, or name it)");
          return NULL;
        }
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
      if (!check_socket_path (address, error))
        return NULL;
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

/**
 * es_live_source_close:
 *
 * Lets go of what is read, once nothing more will be: the program writing
 * into a FIFO or a socket learns that no one reads (EPIPE) rather than
 * waiting, blocked on a full pipe, for as long as the log stays shown.
 * Standard input becomes /dev/null: its number stays taken, so that no
 * file opened later is read as it.
 */
void
es_live_source_close (EsLiveSource *self)
{
  g_return_if_fail (self != NULL);

  if (self->owns_fd && self->fd >= 0)
    close (self->fd);
  if (self->kind == ES_LIVE_SOURCE_STDIN && !self->closed)
    {
      int null = open ("/dev/null", O_RDONLY | O_CLOEXEC);

      if (null >= 0)
        {
          dup2 (null, STDIN_FILENO);
          close (null);
        }
    }
  if (self->connection != NULL)
    g_io_stream_close (G_IO_STREAM (self->connection), NULL, NULL);
  g_clear_object (&self->connection);
  self->fd = -1;
  self->owns_fd = FALSE;
  self->closed = TRUE;
}

void
es_live_source_free (EsLiveSource *self)
{
  if (self == NULL)
    return;
  es_live_source_close (self);
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

/* A followed file that shrank (truncated to be written again: a program
 * restarted with the same -ol) or was replaced (a new file moved to its
 * name) will never give the rest of the log read so far: waiting for it
 * to grow would wait for ever. */
static gboolean
file_still_grows (EsLiveSource  *self,
                  GError       **error)
{
  GStatBuf own, named;
  g_autofree char *name = g_filename_display_name (self->address);

  if (fstat (self->fd, &own) == 0 && (guint64) own.st_size < self->offset)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   "“%s” shrank from %" G_GUINT64_FORMAT " to %" G_GUINT64_FORMAT " bytes while it was followed: "
                   "it is being written again; open it again to follow the new log",
                   name, self->offset, (guint64) own.st_size);
      return FALSE;
    }
  if (g_stat (self->address, &named) != 0 || named.st_dev != own.st_dev || named.st_ino != own.st_ino)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   "“%s” was removed or replaced while it was followed; open it again to follow the new log", name);
      return FALSE;
    }
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

  if (self->closed)
    return 0;
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
          self->offset += (guint64) n;
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
      if (!file_still_grows (self, error))
        return -1;
      if (!wait_readable (-1, FILE_RECHECK_MS, cancellable, error))
        return -1;
    }
}

/**
 * es_live_source_reads_file:
 * @st: what g_stat() says of a file
 *
 * Returns: whether @self reads the file @st describes (the FIFO, the file
 *   standard input is, the socket): so that it is never recorded into
 */
gboolean
es_live_source_reads_file (EsLiveSource   *self,
                           const GStatBuf *st)
{
  GStatBuf own;

  g_return_val_if_fail (self != NULL && st != NULL, FALSE);

  switch (self->kind)
    {
    case ES_LIVE_SOURCE_FILE:
    case ES_LIVE_SOURCE_FIFO:
    case ES_LIVE_SOURCE_STDIN:
      if (self->fd < 0 || fstat (self->fd, &own) != 0)
        return FALSE;
      break;
    case ES_LIVE_SOURCE_UNIX:
      if (g_stat (self->address, &own) != 0)
        return FALSE;
      break;
    case ES_LIVE_SOURCE_TCP:
    default:
      return FALSE;
    }
  return own.st_dev == st->st_dev && own.st_ino == st->st_ino;
}
