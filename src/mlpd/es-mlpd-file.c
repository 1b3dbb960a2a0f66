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

#include "es-mlpd-file.h"
#include "es-mlpd-reader.h"

#define READ_BYTES (1u << 20)

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

/* With the profiler's `zip` option the whole file is one gzip stream. A
 * stream cut short is a log cut short, not an error; a stream that unpacks
 * to more than the caller can hold is refused before it is swapped in. */
static GBytes *
unpack (const char    *path,
        guint64        max_unpacked,
        gboolean      *cut_short,
        GCancellable  *cancellable,
        GError       **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GInputStream) raw = NULL;
  g_autoptr(GZlibDecompressor) gunzip = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
  g_autoptr(GInputStream) in = NULL;
  g_autoptr(GByteArray) out = g_byte_array_new ();

  raw = G_INPUT_STREAM (g_file_read (file, cancellable, error));
  if (raw == NULL)
    return NULL;
  in = g_converter_input_stream_new (raw, G_CONVERTER (gunzip));
  for (;;)
    {
      g_autoptr(GError) local = NULL;
      gsize at = out->len;
      gssize n;

      g_byte_array_set_size (out, at + READ_BYTES);
      n = g_input_stream_read (in, out->data + at, READ_BYTES, cancellable, &local);
      g_byte_array_set_size (out, at + MAX (n, 0));
      if (n == 0)
        break;
      if (n < 0 && g_error_matches (local, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT))
        {
          *cut_short = TRUE;
          break;
        }
      if (n < 0)
        {
          g_autofree char *name = g_filename_display_name (path);

          g_propagate_prefixed_error (error, g_steal_pointer (&local),
                                      "“%s” cannot be unpacked after %u bytes: ", name, out->len);
          return NULL;
        }
      if (max_unpacked != 0 && out->len > max_unpacked)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                       "this packed log unpacks to more than %.1f GB", max_unpacked / 1e9);
          return NULL;
        }
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}

/**
 * es_mlpd_read_file:
 * @max_unpacked: the most bytes a packed log may unpack to, or 0 for no
 *   limit; past it, a %G_IO_ERROR_NO_SPACE error
 * @cut_short: (out): set when a packed file's stream ends early
 *
 * Returns: (transfer full): the log's bytes, unpacked, or %NULL with @error
 *   set.
 */
GBytes *
es_mlpd_read_file (const char    *path,
                   guint64        max_unpacked,
                   gboolean      *cut_short,
                   GCancellable  *cancellable,
                   GError       **error)
{
  g_autoptr(GMappedFile) mapped = NULL;
  const guint8 *data;

  *cut_short = FALSE;
  mapped = g_mapped_file_new (path, FALSE, error);
  if (mapped == NULL)
    return NULL;
  data = (const guint8 *) g_mapped_file_get_contents (mapped);
  if (g_mapped_file_get_length (mapped) >= 2 && data[0] == 0x1f && data[1] == 0x8b)
    return unpack (path, max_unpacked, cut_short, cancellable, error);
  return g_mapped_file_get_bytes (mapped);
}
