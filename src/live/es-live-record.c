/* es-live-record.c: the file a stream's bytes are kept in
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* O_TMPFILE is Linux's. */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "es-live-header-check.h"
#include "es-live-record.h"

/* A stream's bytes are gone once read, so every byte is written to a
 * record, which the builds read back as a file. The rules:
 *
 * - A temporary record (no --record) has no name from the start
 *   (O_TMPFILE, or unlinked at once): it vanishes with the process however
 *   the process ends, even killed. It is read back through
 *   /proc/self/fd/N while it is open.
 * - A record the user named (X) is never the log being read (`watch
 *   --record X - < X` would empty X before reading it), and is a regular
 *   file (it is read back). It is written beside X without a name, and
 *   takes X's name once its header is known to be a log's: a stream that
 *   is not a log never replaces X, and from then on X holds every byte
 *   received, also if the process is killed. A stream that ends before its
 *   header is whole is kept as X if there was no X, else beside it as
 *   "X-PID-N.part" (es_live_record_get_kept_path() says where). Where X's
 *   name cannot be taken (a folder made there meanwhile, say), the bytes
 *   stay in that ".part" too, and the error says so.
 * - Without /proc (or O_TMPFILE) the record is "X-XXXXXX.part" from the
 *   start, read back by that name, and takes X's name when freed.
 * - The first bytes are read a few kilobytes at a time until the header is
 *   known: a stream that is not a log (`yes |`, /dev/zero) is refused
 *   within its first kilobytes rather than recorded until the disk is full.
 * - A failed write is an error naming the record and the reason; what was
 *   written before it stays. */

/* Read while the header is not known yet. */
#define HEADER_READ_BYTES 4096u
#define TAKE_ALL_BYTES    (1u << 20)

struct _EsLiveRecord
{
  int                fd;
  char              *path;          /* where to read it back, while it is open */
  char              *kept_path;     /* X, the name the user gave it, or NULL */
  gboolean           kept_existed;  /* X was there before */
  char              *where;         /* where the bytes are kept under a name: X, or beside it */
  gboolean           nameless;      /* without a name yet (O_TMPFILE beside X) */
  char              *partial_path;  /* its name beside X, while it has one */
  gboolean           named_late;    /* without /proc: X's name is taken when freed */
  gboolean           named_temporary; /* without /proc: a temporary record with a name, removed with it */
  guint64            bytes;
  EsLiveHeaderCheck *check;         /* until the header is known */
  gboolean           refused;
};

static gboolean
can_reopen_descriptors (void)
{
  static gsize checked = 0;
  static gboolean can = FALSE;

  if (g_once_init_enter (&checked))
    {
      can = g_file_test ("/proc/self/fd", G_FILE_TEST_IS_DIR);
      g_once_init_leave (&checked, 1);
    }
  return can;
}

static char *
descriptor_path (int fd)
{
  return g_strdup_printf ("/proc/self/fd/%d", fd);
}

static GError *
record_error (EsLiveRecord *self,
              int           saved_errno,
              const char   *reason)
{
  g_autofree char *name = NULL;

  if (self->kept_path == NULL)
    return g_error_new (G_IO_ERROR, g_io_error_from_errno (saved_errno),
                        "Cannot record the log into a temporary file in %s: %s", g_get_tmp_dir (),
                        reason != NULL ? reason : g_strerror (saved_errno));
  name = g_filename_display_name (self->kept_path);
  return g_error_new (G_IO_ERROR, g_io_error_from_errno (saved_errno), "Cannot record the log into “%s”: %s",
                      name, reason != NULL ? reason : g_strerror (saved_errno));
}

/* A file without a name in @folder, read back through its descriptor:
 * it vanishes with the process unless it is given a name. */
static gboolean
open_nameless (EsLiveRecord *self,
               const char   *folder,
               int           mode)
{
#ifdef O_TMPFILE
  if (can_reopen_descriptors ())
    {
      self->fd = g_open (folder, O_TMPFILE | O_RDWR | O_CLOEXEC, mode);
      if (self->fd >= 0)
        {
          self->path = descriptor_path (self->fd);
          return TRUE;
        }
    }
#endif
  return FALSE;
}

/* A record without a name, in the temporary directory. */
static gboolean
open_temporary (EsLiveRecord  *self,
                GError       **error)
{
  g_autoptr(GError) local = NULL;
  g_autofree char *named = NULL;

  if (open_nameless (self, g_get_tmp_dir (), 0600))
    return TRUE;
  /* A file system without O_TMPFILE: a name, taken away at once. */
  self->fd = g_file_open_tmp ("eventscope-record-XXXXXX.log", &named, &local);
  if (self->fd < 0)
    {
      g_propagate_error (error, record_error (self, EIO, local->message));
      return FALSE;
    }
  if (can_reopen_descriptors ())
    {
      g_unlink (named);
      self->path = descriptor_path (self->fd);
    }
  else
    {
      self->path = g_steal_pointer (&named);
      self->named_temporary = TRUE;
    }
  return TRUE;
}

/* A record the user named, beside X: without a name if the file system
 * allows, else as "X-XXXXXX.part", which takes X's name when freed. */
static gboolean
open_beside (EsLiveRecord  *self,
             GError       **error)
{
  g_autofree char *folder = g_path_get_dirname (self->kept_path);
  g_autofree char *partial = NULL;

  if (open_nameless (self, folder, 0666))
    {
      self->nameless = TRUE;
      return TRUE;
    }
  partial = g_strconcat (self->kept_path, "-XXXXXX.part", NULL);
  self->fd = g_mkstemp_full (partial, O_RDWR | O_CLOEXEC, 0666);
  if (self->fd < 0)
    {
      g_propagate_error (error, record_error (self, errno, NULL));
      return FALSE;
    }
  self->partial_path = g_steal_pointer (&partial);
  self->path = can_reopen_descriptors () ? descriptor_path (self->fd) : g_strdup (self->partial_path);
  self->named_late = TRUE;
  return TRUE;
}

/* Whether X can be a record: not the log read, a regular file if it
 * exists and one this user may replace, in a folder that can be written. */
static gboolean
check_kept_path (EsLiveRecord  *self,
                 EsLiveSource  *source,
                 GError       **error)
{
  g_autofree char *folder = g_path_get_dirname (self->kept_path);
  GStatBuf st, folder_st;

  if (g_stat (self->kept_path, &st) == 0)
    {
      self->kept_existed = TRUE;
      if (es_live_source_reads_file (source, &st))
        {
          g_propagate_error (error, record_error (self, EINVAL,
                                                  "it is the log being read: record into another file"));
          return FALSE;
        }
      if (S_ISDIR (st.st_mode))
        {
          g_propagate_error (error, record_error (self, EISDIR, "it is a folder: name a file in it"));
          return FALSE;
        }
      if (!S_ISREG (st.st_mode))
        {
          g_propagate_error (error, record_error (self, EINVAL,
                                                  "it is not a regular file (a pipe, socket or device), "
                                                  "and a record is read back"));
          return FALSE;
        }
      /* In a sticky folder (/tmp), only its owner may replace it. */
      if (g_stat (folder, &folder_st) == 0 && (folder_st.st_mode & S_ISVTX) && geteuid () != 0 &&
          st.st_uid != geteuid () && folder_st.st_uid != geteuid ())
        {
          g_propagate_error (error, record_error (self, EPERM,
                                                  "it belongs to another user, in a folder where only "
                                                  "they may replace it"));
          return FALSE;
        }
    }
  else if (errno != ENOENT)
    {
      g_propagate_error (error, record_error (self, errno, NULL));
      return FALSE;
    }
  if (g_access (folder, W_OK) != 0)
    {
      g_propagate_error (error, record_error (self, errno, NULL));
      return FALSE;
    }
  return TRUE;
}

/**
 * es_live_record_new:
 * @source: what is recorded
 * @keep_path: (nullable): the file to keep the bytes in (--record), or
 *   %NULL for a temporary record, which vanishes with the process
 *
 * Returns: (transfer full): a record that holds nothing yet, or %NULL with
 *   @error set if @keep_path cannot be one (see above) or no temporary
 *   file can be made
 */
EsLiveRecord *
es_live_record_new (EsLiveSource  *source,
                    const char    *keep_path,
                    GError       **error)
{
  g_autoptr(EsLiveRecord) self = NULL;

  g_return_val_if_fail (source != NULL, NULL);

  self = g_new0 (EsLiveRecord, 1);
  self->fd = -1;
  self->check = es_live_header_check_new ();
  if (keep_path == NULL)
    {
      if (!open_temporary (self, error))
        return NULL;
    }
  else
    {
      self->kept_path = g_strdup (keep_path);
      self->where = g_strdup (keep_path);
      if (!check_kept_path (self, source, error) || !open_beside (self, error))
        return NULL;
    }
  return g_steal_pointer (&self);
}

/* Gives the nameless record a name beside X, "X-PID-N.part". */
static gboolean
link_beside (EsLiveRecord  *self,
             GError       **error)
{
  g_autofree char *descriptor = descriptor_path (self->fd);
  g_autofree char *partial = g_strdup_printf ("%s-%d-%08x.part", self->kept_path, (int) getpid (), g_random_int ());

  if (linkat (AT_FDCWD, descriptor, AT_FDCWD, partial, AT_SYMLINK_FOLLOW) != 0)
    {
      g_propagate_error (error, record_error (self, errno, NULL));
      return FALSE;
    }
  self->partial_path = g_steal_pointer (&partial);
  self->nameless = FALSE;
  return TRUE;
}

/* The record takes X's name: a nameless one is linked beside X first (a
 * link cannot replace a file), then moved onto X at once. Where that
 * fails, the bytes stay beside X, and the error says where. */
static gboolean
take_kept_name (EsLiveRecord  *self,
                GError       **error)
{
  g_autoptr(GError) local = NULL;
  int saved;

  if (self->nameless && !link_beside (self, error))
    return FALSE;
  if (self->partial_path == NULL)
    return TRUE;
  if (g_rename (self->partial_path, self->kept_path) == 0)
    {
      g_clear_pointer (&self->partial_path, g_free);
      g_free (self->where);
      self->where = g_strdup (self->kept_path);
      if (!can_reopen_descriptors ())
        {
          g_free (self->path);
          self->path = g_strdup (self->kept_path);
        }
      return TRUE;
    }
  saved = errno;
  {
    g_autofree char *aside = g_filename_display_name (self->partial_path);
    g_autofree char *reason = g_strdup_printf ("%s; the %" G_GUINT64_FORMAT " bytes received are in “%s”",
                                               g_strerror (saved), self->bytes, aside);

    g_free (self->where);
    self->where = g_strdup (self->partial_path);
    /* Kept there for good: nothing takes them away. */
    g_clear_pointer (&self->partial_path, g_free);
    g_propagate_error (error, record_error (self, saved, reason));
  }
  return FALSE;
}

/* The bytes of a stream that ended before its header was whole: kept as
 * X where there was none, else beside it, X left as it was. */
static gboolean
keep_unknown (EsLiveRecord  *self,
              GError       **error)
{
  if (!self->kept_existed)
    return take_kept_name (self, error);
  if (self->nameless && !link_beside (self, error))
    return FALSE;
  g_free (self->where);
  self->where = g_strdup (self->partial_path);
  g_clear_pointer (&self->partial_path, g_free);
  return TRUE;
}

/* The end of a record named late: X's name, kept aside, or nothing. */
static void
name_at_the_end (EsLiveRecord *self)
{
  if (self->partial_path == NULL)
    return;
  if (self->refused || self->bytes == 0)
    g_unlink (self->partial_path);
  else if (self->check != NULL)
    keep_unknown (self, NULL);
  else
    take_kept_name (self, NULL);
  g_clear_pointer (&self->partial_path, g_free);
}

void
es_live_record_free (EsLiveRecord *self)
{
  if (self == NULL)
    return;
  /* A record freed before it was kept: as es_live_record_keep(). */
  if (self->nameless)
    es_live_record_keep (self, NULL);
  if (self->named_late)
    name_at_the_end (self);
  if (self->fd >= 0)
    close (self->fd);
  if (self->named_temporary)
    g_unlink (self->path);
  es_live_header_check_free (self->check);
  g_free (self->path);
  g_free (self->kept_path);
  g_free (self->where);
  g_free (self->partial_path);
  g_free (self);
}

/**
 * es_live_record_get_path:
 *
 * Returns: where the record is read back, while @self lives: a path of
 *   /proc/self/fd, as a temporary record has no name (and a named one
 *   takes its name later)
 */
const char *
es_live_record_get_path (EsLiveRecord *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->path;
}

/**
 * es_live_record_get_kept_path:
 *
 * Returns: (nullable): where the bytes are kept under a name: the file
 *   the user named, or beside it (see above) when they could not take its
 *   name; %NULL for a temporary record
 */
const char *
es_live_record_get_kept_path (EsLiveRecord *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->where;
}

/**
 * es_live_record_get_bytes:
 *
 * Returns: the bytes written to the record (all those received, but for
 *   a write that failed part way)
 */
guint64
es_live_record_get_bytes (EsLiveRecord *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->bytes;
}

/**
 * es_live_record_is_refused:
 *
 * Returns: whether the stream's header is not a log's: nothing more is
 *   taken
 */
gboolean
es_live_record_is_refused (EsLiveRecord *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->refused;
}

static gboolean
write_all (EsLiveRecord  *self,
           const guint8  *data,
           gsize          len,
           GError       **error)
{
  while (len > 0)
    {
      gssize n = write (self->fd, data, len);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          /* How many bytes it holds is said where the error is, as for
           * every stream that breaks (es_live_record_get_bytes()). */
          g_propagate_error (error, record_error (self, n < 0 ? errno : ENOSPC, NULL));
          return FALSE;
        }
      data += n;
      len -= (gsize) n;
      self->bytes += (guint64) n;
    }
  return TRUE;
}

/**
 * es_live_record_take:
 * @buffer: (array length=size): room for what is read
 *
 * Reads the next bytes of @source (waiting for them, see
 * es_live_source_read()) and writes them to the record.
 *
 * Returns: the bytes read, 0 at the end of the stream, or -1 with @error
 *   set: the source's (a read error, %G_IO_ERROR_CANCELLED), the record's
 *   (a write that failed, a name that could not be taken), or the log's,
 *   in its reader's domain, when the stream's header is not a log's
 *   (es_live_record_is_refused(): nothing more is taken, and the bytes
 *   are not kept)
 */
gssize
es_live_record_take (EsLiveRecord  *self,
                     EsLiveSource  *source,
                     guint8        *buffer,
                     gsize          size,
                     GCancellable  *cancellable,
                     GError       **error)
{
  gssize n;

  g_return_val_if_fail (self != NULL && source != NULL, -1);
  g_return_val_if_fail (buffer != NULL && size > 0, -1);

  if (self->refused)
    return 0;
  if (self->check != NULL)
    size = MIN (size, HEADER_READ_BYTES);
  n = es_live_source_read (source, buffer, size, cancellable, error);
  if (n <= 0)
    return n;
  if (!write_all (self, buffer, (gsize) n, error))
    return -1;

  if (self->check != NULL)
    {
      EsLiveHeaderVerdict verdict = es_live_header_check_feed (self->check, buffer, (gsize) n, error);

      if (verdict == ES_LIVE_HEADER_BAD)
        {
          self->refused = TRUE;
          g_clear_pointer (&self->check, es_live_header_check_free);
          return -1;
        }
      if (verdict == ES_LIVE_HEADER_GOOD)
        {
          g_clear_pointer (&self->check, es_live_header_check_free);
          if (!self->named_late && !take_kept_name (self, error))
            return -1;
        }
    }
  return n;
}

/**
 * es_live_record_take_all:
 * @refusal: (out) (optional): why the stream was refused, when it was
 *
 * Takes what @source gives, to its end, or until its header is found not
 * to be a log's (es_live_record_is_refused(), with @refusal saying why).
 *
 * Returns: %FALSE with @error set if reading or recording failed; what
 *   was recorded before stays (es_live_record_get_bytes())
 */
gboolean
es_live_record_take_all (EsLiveRecord  *self,
                         EsLiveSource  *source,
                         GCancellable  *cancellable,
                         GError       **refusal,
                         GError       **error)
{
  g_autofree guint8 *buffer = g_malloc (TAKE_ALL_BYTES);

  g_return_val_if_fail (self != NULL && source != NULL, FALSE);

  for (;;)
    {
      g_autoptr(GError) local = NULL;
      gssize n = es_live_record_take (self, source, buffer, TAKE_ALL_BYTES, cancellable, &local);

      if (n == 0)
        return TRUE;
      if (n < 0 && self->refused)
        {
          g_propagate_error (refusal, g_steal_pointer (&local));
          return TRUE;
        }
      if (n < 0)
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
    }
}

/**
 * es_live_record_keep:
 *
 * Ends the recording of a record the user named: if it got any byte and
 * was not refused, it has their name (it keeps what was recorded, also of
 * a stream cut short), or, for a stream whose header never became whole,
 * is kept beside their file if there was one (es_live_record_get_kept_path()
 * says where); a refused record leaves their file as it was. Without
 * /proc, all this is done when @self is freed (it is read by name until
 * then).
 *
 * Returns: %FALSE with @error set if the record could not take its name
 *   (its bytes then stay beside it, and @error says where)
 */
gboolean
es_live_record_keep (EsLiveRecord  *self,
                     GError       **error)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (!self->nameless)
    return TRUE;
  if (self->refused || self->bytes == 0)
    {
      /* Without a name: it goes with its descriptor. */
      self->nameless = FALSE;
      g_clear_pointer (&self->where, g_free);
      return TRUE;
    }
  if (self->check != NULL)
    return keep_unknown (self, error);
  return take_kept_name (self, error);
}
