/* es-mlpd-file.c: reading a Mono log from a file, packed or not
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "es-mlpd-error.h"
#include "es-mlpd-file.h"
#include "es-mlpd-reader.h"

/**
 * es_mlpd_sniff_file:
 *
 * Returns: whether @path starts like a Mono log (plain or gzip-packed).
 */
gboolean
es_mlpd_sniff_file (const char *path)
{
  guint8 head[4];
  gssize n;
  int fd = g_open (path, O_RDONLY | O_NONBLOCK, 0);
  GStatBuf st;

  if (fd < 0)
    return FALSE;
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      g_close (fd, NULL);
      return FALSE;
    }
  n = read (fd, head, sizeof head);
  g_close (fd, NULL);
  return n > 0 && es_mlpd_looks_like (head, (gsize) n);
}

/**
 * es_mlpd_file_is_packed:
 *
 * Returns: whether the log at @path is gzip-packed: es_mlpd_read_file()
 *   unpacks such a log into memory, and maps a plain one
 */
gboolean
es_mlpd_file_is_packed (const char *path)
{
  guint8 head[4];
  gssize n;
  int fd = g_open (path, O_RDONLY | O_NONBLOCK, 0);

  if (fd < 0)
    return FALSE;
  n = read (fd, head, sizeof head);
  g_close (fd, NULL);
  return n > 0 && es_mlpd_is_packed (head, (gsize) n);
}

/* g_mapped_file_new() of @path, with es_eventlog_map_file()'s message
 * when memory runs out (this format does not use the other's). */
static GMappedFile *
map_file (const char  *path,
          GError     **error)
{
  g_autoptr(GError) local = NULL;
  GMappedFile *mapped = g_mapped_file_new (path, FALSE, &local);
  GStatBuf st;

  if (mapped != NULL)
    return mapped;
  if (!g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOMEM))
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }
  /* Said after the name the user gave the log (a stream's record has
   * none of its own). */
  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOMEM,
               "Cannot map the log into memory: not enough memory or address space for its %" G_GUINT64_FORMAT
               " MB (is there a limit, ulimit -v?)", g_stat (path, &st) == 0 ? (guint64) st.st_size >> 20 : 0);
  return NULL;
}

/* With the profiler's `zip` option the whole file is one gzip stream,
 * unpacked here from the mapped file in steps. */
#define IN_STEP         (64u << 10)
#define OUT_ROOM        (256u << 10)
#define GZIP_HEADER_LEN 10
#define GZIP_TRAILER_LEN 8

typedef struct
{
  GConverter   *gunzip;
  const guint8 *in;
  gsize         in_len;
  gsize         pos;        /* packed bytes the converter has taken */
  guint8       *out;
  gsize         out_len;
  gsize         out_size;   /* allocated */
} Unpack;

static void
unpack_clear (Unpack *u)
{
  g_clear_object (&u->gunzip);
  g_clear_pointer (&u->out, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Unpack, unpack_clear)

/* One call of the converter on the next @n packed bytes, with room for
 * more than they can unpack to. The room is grown only when short: the
 * search for damage makes a call per byte. */
static GConverterResult
unpack_step (Unpack  *u,
             gsize    n,
             GError **error)
{
  gsize taken = 0, written = 0;
  GConverterResult result;

  if (u->out_size - u->out_len < OUT_ROOM)
    {
      u->out_size = MAX (2 * u->out_size, u->out_len + OUT_ROOM);
      u->out = g_realloc (u->out, u->out_size);
    }
  result = g_converter_convert (u->gunzip, u->in + u->pos, n, u->out + u->out_len, u->out_size - u->out_len,
                                u->pos + n == u->in_len ? G_CONVERTER_INPUT_AT_END : G_CONVERTER_NO_FLAGS,
                                &taken, &written, error);
  u->out_len += written;
  u->pos += taken;
  return result;
}

/* zlib says only that the data is invalid, and the step that found it
 * loses what it had unpacked: so the stream is unpacked again up to that
 * step, then through it a byte at a time. That finds the packed byte where
 * the damage shows, and keeps everything unpacked from the bytes before
 * it. Only a damaged file pays for the second pass. */
static gboolean
find_damage (Unpack        *u,
             gsize          step_start,
             gsize          step_end,
             GCancellable  *cancellable,
             GError       **error)
{
  g_converter_reset (u->gunzip);
  u->pos = 0;
  u->out_len = 0;
  /* These bytes unpacked the first time: nothing here can fail. */
  while (u->pos < step_start)
    {
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      if (unpack_step (u, MIN (IN_STEP, step_start - u->pos), NULL) != G_CONVERTER_CONVERTED)
        break;
    }
  /* A call either takes the byte, or writes, or fails: this ends. */
  while (u->pos < step_end && unpack_step (u, 1, NULL) == G_CONVERTER_CONVERTED)
    ;
  return TRUE;
}

/* The damage is told as a log error, naming the packed byte where it shows:
 * the fault is the file's, like a malformed event. zlib fails its checks
 * of the trailer on their last byte, so those are recognised by place: the
 * checksum (CRC-32) on the trailer's fourth byte, and the length, checked
 * only once the checksum passed, on its last. */
static void
set_damage (GError       **damage,
            const Unpack  *u)
{
  gsize at = u->pos, len = u->in_len, unpacked = u->out_len;
  gsize trailer = len >= GZIP_HEADER_LEN + GZIP_TRAILER_LEN ? len - GZIP_TRAILER_LEN : G_MAXSIZE;
  guint32 size_mod_4g = 0;

  if (trailer != G_MAXSIZE)
    size_mod_4g = (guint32) u->in[len - 4] | (guint32) u->in[len - 3] << 8 |
                  (guint32) u->in[len - 2] << 16 | (guint32) u->in[len - 1] << 24;
  if (at < GZIP_HEADER_LEN && unpacked == 0)
    g_set_error (damage, ES_MLPD_ERROR, ES_MLPD_ERROR_CORRUPT_PACKING,
                 "byte %" G_GSIZE_FORMAT " of the packed file: its gzip header is damaged, "
                 "so nothing in it can be unpacked", at);
  else if (trailer != G_MAXSIZE && at == trailer + 3)
    g_set_error (damage, ES_MLPD_ERROR, ES_MLPD_ERROR_CORRUPT_PACKING,
                 "bytes %" G_GSIZE_FORMAT " to %" G_GSIZE_FORMAT " of the packed file: the gzip checksum "
                 "does not match the %" G_GSIZE_FORMAT " bytes unpacked: they are damaged somewhere "
                 "before it, or the checksum is", trailer, trailer + 3, unpacked);
  else if (trailer != G_MAXSIZE && at == len - 1 && size_mod_4g != (guint32) unpacked)
    g_set_error (damage, ES_MLPD_ERROR, ES_MLPD_ERROR_CORRUPT_PACKING,
                 "bytes %" G_GSIZE_FORMAT " to %" G_GSIZE_FORMAT " of the packed file: the gzip trailer's "
                 "length does not match the %" G_GSIZE_FORMAT " bytes unpacked",
                 trailer + 4, len - 1, unpacked);
  else
    g_set_error (damage, ES_MLPD_ERROR, ES_MLPD_ERROR_CORRUPT_PACKING,
                 "byte %" G_GSIZE_FORMAT " of the packed file: its gzip data is damaged, there or "
                 "before, and cannot be unpacked past it (%" G_GSIZE_FORMAT " bytes of log were "
                 "unpacked before it)",
                 at, unpacked);
}

/* A stream cut short is a log cut short, not an error, and a damaged one
 * gives what it unpacked before the damage; a stream that unpacks to more
 * than the caller can hold is refused before it is swapped in. */
static GBytes *
unpack (const char    *path,
        const guint8  *data,
        gsize          len,
        guint64        max_unpacked,
        gboolean      *cut_short,
        GError       **damage,
        GCancellable  *cancellable,
        GError       **error)
{
  g_auto(Unpack) u = { G_CONVERTER (g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP)), data, len };

  for (;;)
    {
      g_autoptr(GError) local = NULL;
      gsize start = u.pos, n = MIN (IN_STEP, len - u.pos);
      GConverterResult result;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      result = unpack_step (&u, n, &local);
      if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_INVALID_DATA) &&
          !find_damage (&u, start, start + n, cancellable, error))
        return NULL;
      if (max_unpacked != 0 && u.out_len > max_unpacked)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                       "this packed log unpacks to more than %.1f GB", max_unpacked / 1e9);
          return NULL;
        }
      if (result == G_CONVERTER_FINISHED)
        break;
      /* Only when every byte is taken: the stream stops short. */
      if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT))
        {
          *cut_short = TRUE;
          break;
        }
      if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_INVALID_DATA))
        {
          set_damage (damage, &u);
          break;
        }
      if (local != NULL)
        {
          g_autofree char *name = g_filename_display_name (path);

          g_propagate_prefixed_error (error, g_steal_pointer (&local),
                                      "“%s” cannot be unpacked after %" G_GSIZE_FORMAT " bytes: ",
                                      name, u.out_len);
          return NULL;
        }
    }
  /* The room the last doubling left unused is given back. */
  return g_bytes_new_take (g_realloc (g_steal_pointer (&u.out), MAX (u.out_len, 1)), u.out_len);
}

/**
 * es_mlpd_read_file:
 * @max_unpacked: the most bytes a packed log may unpack to, or 0 for no
 *   limit; past it, a %G_IO_ERROR_NO_SPACE error
 * @cut_short: (out): set when a packed file's stream ends early
 * @damage: (out) (optional): set, to an %ES_MLPD_ERROR_CORRUPT_PACKING
 *   error, when a packed file is damaged: the bytes returned are then what
 *   it unpacked before the damage
 *
 * Returns: (transfer full): the log's bytes, unpacked, or %NULL with @error
 *   set.
 */
GBytes *
es_mlpd_read_file (const char    *path,
                   guint64        max_unpacked,
                   gboolean      *cut_short,
                   GError       **damage,
                   GCancellable  *cancellable,
                   GError       **error)
{
  g_autoptr(GMappedFile) mapped = NULL;
  const guint8 *data;
  gsize len;

  g_return_val_if_fail (damage == NULL || *damage == NULL, NULL);

  *cut_short = FALSE;
  mapped = map_file (path, error);
  if (mapped == NULL)
    return NULL;
  data = (const guint8 *) g_mapped_file_get_contents (mapped);
  len = g_mapped_file_get_length (mapped);
  if (es_mlpd_is_packed (data, len))
    return unpack (path, data, len, max_unpacked, cut_short, damage, cancellable, error);
  return g_mapped_file_get_bytes (mapped);
}
