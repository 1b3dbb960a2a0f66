/* es-mlpd-header.c: a Mono log's header, and whether bytes start one
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-mlpd-bytes.h"
#include "es-mlpd-error.h"
#include "es-mlpd-reader.h"

/* The format: ../shared/reference/mlpd-format.md §1.1. */

#define LOG_HEADER_ID 0x4D505A01u

/* Data versions whose layouts the reader knows (Mono 5.x to 6.8). */
#define MIN_DATA_VERSION 15
#define MAX_DATA_VERSION 17

/**
 * es_mlpd_is_packed:
 *
 * Returns: whether @data starts as gzip does (the profiler's `zip` option)
 */
gboolean
es_mlpd_is_packed (const guint8 *data,
                   gsize         len)
{
  return len >= 2 && data[0] == 0x1f && data[1] == 0x8b;
}

/**
 * es_mlpd_looks_like:
 *
 * Returns: whether @data starts like a Mono log, plain or gzip-packed.
 */
gboolean
es_mlpd_looks_like (const guint8 *data,
                    gsize         len)
{
  return (len >= 4 && read_le32 (data) == LOG_HEADER_ID) || es_mlpd_is_packed (data, len);
}

/* A string of the header: its length (NUL included), then its bytes. */
static gboolean
header_string (const guint8  **p,
               const guint8   *end,
               char          **out)
{
  guint32 n;

  if (end - *p < 4)
    return FALSE;
  n = read_le32 (*p);
  *p += 4;
  if (n == 0 || (guint64) n > (guint64) (end - *p))
    return FALSE;
  *out = g_strndup ((const char *) *p, n - 1);
  *p += n;
  return TRUE;
}

/**
 * es_mlpd_read_header:
 * @header_len: (out): where the first buffer starts
 *
 * Returns: %FALSE with @error set if @data does not start with a header this
 *   reader can use.
 */
gboolean
es_mlpd_read_header (const guint8  *data,
                     gsize          len,
                     EsMlpdHeader  *header,
                     gsize         *header_len,
                     GError       **error)
{
  const guint8 *p, *end = data + len;
  gsize fixed;

  memset (header, 0, sizeof *header);
  if (len < 4 || read_le32 (data) != LOG_HEADER_ID)
    {
      /* A gzip file is taken for a packed Mono log; it may be something
       * else packed, most likely an eventlog. */
      g_set_error (error, ES_MLPD_ERROR, ES_MLPD_ERROR_BAD_MAGIC,
                   len >= 4 && memcmp (data, "hdrb", 4) == 0
                   ? "byte 0: this is a gzip-packed GHC eventlog: unpack it (gunzip) and open that"
                   : "byte 0: not a Mono log-profiler file (no 01 5A 50 4D signature)");
      return FALSE;
    }
  if (len < 8)
    goto truncated;
  header->major = data[4];
  header->minor = data[5];
  header->data_version = data[6];
  header->pointer_size = data[7];
  if (header->data_version < MIN_DATA_VERSION || header->data_version > MAX_DATA_VERSION)
    {
      g_set_error (error, ES_MLPD_ERROR, ES_MLPD_ERROR_UNSUPPORTED_VERSION,
                   "byte 6: data version %u of the Mono log format is not supported (versions %d to %d are: Mono 5 and 6)",
                   header->data_version, MIN_DATA_VERSION, MAX_DATA_VERSION);
      return FALSE;
    }
  if (header->pointer_size != 4 && header->pointer_size != 8)
    {
      g_set_error (error, ES_MLPD_ERROR, ES_MLPD_ERROR_MALFORMED_EVENT,
                   "byte 7: a pointer size of %u bytes is not possible", header->pointer_size);
      return FALSE;
    }

  /* Log version 3 added the startup time on the buffers' clock. */
  fixed = header->major >= 3 ? 38 : 30;
  if (len < fixed)
    goto truncated;
  header->startup_ms = read_le64 (data + 8);
  p = data + 16;
  if (header->major >= 3)
    {
      header->startup_ns = read_le64 (p);
      p += 8;
    }
  header->timer_overhead = read_le32 (p);
  if (read_le32 (p + 4) != 0)
    {
      g_set_error (error, ES_MLPD_ERROR, ES_MLPD_ERROR_MALFORMED_EVENT,
                   "byte %u: the header's flags are not 0", (guint) (p + 4 - data));
      return FALSE;
    }
  header->pid = read_le32 (p + 8);
  header->port = (guint16) (p[12] | p[13] << 8);
  p += 14;
  if (!header_string (&p, end, &header->args) || !header_string (&p, end, &header->arch) ||
      !header_string (&p, end, &header->os))
    goto truncated;
  *header_len = p - data;
  return TRUE;

truncated:
  es_mlpd_header_clear (header);
  g_set_error (error, ES_MLPD_ERROR, ES_MLPD_ERROR_TRUNCATED_HEADER,
               "byte %" G_GSIZE_FORMAT ": the log ends inside its header", len);
  return FALSE;
}

void
es_mlpd_header_clear (EsMlpdHeader *header)
{
  g_clear_pointer (&header->args, g_free);
  g_clear_pointer (&header->arch, g_free);
  g_clear_pointer (&header->os, g_free);
}


/**
 * es_mlpd_header_get_options:
 *
 * Splits the profiler's option string into what it asked to record. Each
 * option is matched by its start, as the profiler's own parser does:
 * `sample-real` is sampling, `heapshot=ondemand` heap shots. An option's
 * value never counts (`output=heapshot.mlpd` asks for no heap shots).
 */
void
es_mlpd_header_get_options (const EsMlpdHeader *header,
                            EsMlpdOptions      *options)
{
  const char *args = header->args != NULL && g_str_has_prefix (header->args, "log:") ? header->args + 4 : "";
  g_auto(GStrv) split = g_strsplit (args, ",", -1);

  memset (options, 0, sizeof *options);
  options->trusted = header->data_version >= 17;
  for (guint i = 0; split[i] != NULL; i++)
    {
      const char *option = split[i];
      const char *eq = strchr (option, '=');
      gsize name_len = eq != NULL ? (gsize) (eq - option) : strlen (option);

#define NAMED(prefix) (name_len >= strlen (prefix) && strncmp (option, prefix, strlen (prefix)) == 0)
      if (NAMED ("output") || NAMED ("port") || NAMED ("maxframes") || NAMED ("calldepth"))
        continue;
      options->nodefaults |= strcmp (option, "nodefaults") == 0;
      options->calls |= NAMED ("calls");
      options->alloc |= NAMED ("alloc");
      options->exception |= NAMED ("exception");
      options->monitor |= NAMED ("monitor");
      options->legacy |= NAMED ("legacy");
      options->heapshot |= NAMED ("heapshot");
      if (NAMED ("sample"))
        {
          options->sample = TRUE;
          /* "sample=cycles/1000" in older versions: the number after the slash */
          options->sample_hz_given |= eq != NULL;
          if (eq != NULL)
            options->sample_hz = g_ascii_strtoull (strchr (eq, '/') != NULL ? strchr (eq, '/') + 1 : eq + 1, NULL, 10);
        }
#undef NAMED
    }
}
