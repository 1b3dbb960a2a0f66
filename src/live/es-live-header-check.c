/* es-live-header-check.c: whether a stream's first bytes are a log's
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <gio/gio.h>

#include "es-eventlog-reader.h"
#include "es-live-header-check.h"
#include "es-mlpd-error.h"
#include "es-mlpd-reader.h"

/* A stream is read until it ends: a stream that is not a log (`yes |`,
 * /dev/zero, a program's stdout by mistake) would be recorded until the
 * disk is full. Its header says at once: a GHC eventlog's is checked by the
 * reader that reads it later, a Mono log's by its header's reader (unpacked
 * first, for a `zip`ped one). A header that is valid so far is waited for,
 * up to ES_LIVE_HEADER_MOST bytes. */

/* Unpacked bytes of a gzip stream enough to hold a Mono log's header. */
#define UNPACKED_MOST (64u << 10)

typedef enum
{
  FORMAT_UNKNOWN,
  FORMAT_GHC,
  FORMAT_MONO,
  FORMAT_MONO_PACKED,
} Format;

struct _EsLiveHeaderCheck
{
  EsLiveHeaderVerdict  verdict;
  Format               format;
  guint64              fed;
  GByteArray          *first;      /* the bytes until the format is known, then a plain Mono log's */
  GByteArray          *unpacked;   /* a packed Mono log's first bytes, unpacked */
  EsEventlogReader    *reader;
  GConverter          *gunzip;
  GError              *error;
};

EsLiveHeaderCheck *
es_live_header_check_new (void)
{
  EsLiveHeaderCheck *self = g_new0 (EsLiveHeaderCheck, 1);

  self->first = g_byte_array_new ();
  self->unpacked = g_byte_array_new ();
  return self;
}

void
es_live_header_check_free (EsLiveHeaderCheck *self)
{
  if (self == NULL)
    return;
  g_byte_array_unref (self->first);
  g_byte_array_unref (self->unpacked);
  g_clear_pointer (&self->reader, es_eventlog_reader_free);
  g_clear_object (&self->gunzip);
  g_clear_error (&self->error);
  g_free (self);
}

EsLiveHeaderVerdict
es_live_header_check_get_verdict (EsLiveHeaderCheck *self)
{
  g_return_val_if_fail (self != NULL, ES_LIVE_HEADER_BAD);

  return self->verdict;
}

static EsLiveHeaderVerdict
decide (EsLiveHeaderCheck  *self,
        EsLiveHeaderVerdict verdict,
        GError             *error)
{
  self->verdict = verdict;
  if (error != NULL)
    self->error = error;
  /* What the check held is not needed any more. */
  if (verdict != ES_LIVE_HEADER_UNDECIDED)
    {
      g_clear_pointer (&self->reader, es_eventlog_reader_free);
      g_clear_object (&self->gunzip);
      g_byte_array_set_size (self->first, 0);
      g_byte_array_set_size (self->unpacked, 0);
    }
  return verdict;
}

/* The eventlog reader decides: it errs at the first byte that cannot be a
 * header's, and has the header once it is whole. */
static EsLiveHeaderVerdict
check_ghc (EsLiveHeaderCheck *self,
           const guint8      *data,
           gsize              len)
{
  EsEvent event;
  EsReadResult result;
  GError *error = NULL;

  es_eventlog_reader_feed (self->reader, data, len);
  do
    result = es_eventlog_reader_next (self->reader, &event, &error);
  while (result == ES_READ_EVENT && !es_eventlog_reader_has_header (self->reader));
  if (result == ES_READ_ERROR)
    return decide (self, ES_LIVE_HEADER_BAD, error);
  if (es_eventlog_reader_has_header (self->reader))
    return decide (self, ES_LIVE_HEADER_GOOD, NULL);
  return ES_LIVE_HEADER_UNDECIDED;
}

/* A Mono log's header, unpacked: whole, cut (wait) or wrong. */
static EsLiveHeaderVerdict
check_mono_header (EsLiveHeaderCheck *self,
                   GByteArray        *bytes)
{
  EsMlpdHeader header;
  gsize header_len;
  GError *error = NULL;

  if (es_mlpd_read_header (bytes->data, bytes->len, &header, &header_len, &error))
    {
      es_mlpd_header_clear (&header);
      return decide (self, ES_LIVE_HEADER_GOOD, NULL);
    }
  if (g_error_matches (error, ES_MLPD_ERROR, ES_MLPD_ERROR_TRUNCATED_HEADER) ||
      (bytes->len < 4 && g_error_matches (error, ES_MLPD_ERROR, ES_MLPD_ERROR_BAD_MAGIC)))
    {
      g_error_free (error);
      return ES_LIVE_HEADER_UNDECIDED;
    }
  return decide (self, ES_LIVE_HEADER_BAD, error);
}

/* A `zip`ped Mono log: its first bytes unpacked, as far as its header. */
static EsLiveHeaderVerdict
check_packed (EsLiveHeaderCheck *self,
              const guint8      *data,
              gsize              len)
{
  guint8 out[16384];
  guint64 start = self->fed - len;

  while (len > 0 && self->unpacked->len < UNPACKED_MOST)
    {
      gsize taken = 0, written = 0;
      g_autoptr(GError) local = NULL;
      GConverterResult result = g_converter_convert (self->gunzip, data, len, out, sizeof out,
                                                     G_CONVERTER_NO_FLAGS, &taken, &written, &local);

      if (result == G_CONVERTER_ERROR)
        {
          if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT))
            break;
          return decide (self, ES_LIVE_HEADER_BAD,
                         g_error_new (ES_MLPD_ERROR, ES_MLPD_ERROR_CORRUPT_PACKING,
                                      "packed byte %" G_GUINT64_FORMAT " or before: the gzip-packed log cannot be "
                                      "unpacked: %s", start + taken, local->message));
        }
      g_byte_array_append (self->unpacked, out, (guint) written);
      data += taken;
      len -= taken;
      start += taken;
      if (result == G_CONVERTER_FINISHED || (taken == 0 && written == 0))
        break;
    }
  return check_mono_header (self, self->unpacked);
}

static EsLiveHeaderVerdict
check_known (EsLiveHeaderCheck  *self,
             const guint8       *data,
             gsize               len,
             GError            **error)
{
  EsLiveHeaderVerdict verdict;

  switch (self->format)
    {
    case FORMAT_GHC:
      verdict = check_ghc (self, data, len);
      break;
    case FORMAT_MONO:
      g_byte_array_append (self->first, data, (guint) MIN (len, (gsize) ES_LIVE_HEADER_MOST));
      verdict = check_mono_header (self, self->first);
      break;
    case FORMAT_MONO_PACKED:
      verdict = check_packed (self, data, len);
      break;
    case FORMAT_UNKNOWN:
    default:
      g_assert_not_reached ();
    }

  /* In the domain of the format the bytes began as. */
  if (verdict == ES_LIVE_HEADER_UNDECIDED && self->fed >= ES_LIVE_HEADER_MOST)
    verdict = decide (self, ES_LIVE_HEADER_BAD,
                      g_error_new (self->format == FORMAT_GHC ? ES_EVENTLOG_ERROR : ES_MLPD_ERROR,
                                   self->format == FORMAT_GHC ? (int) ES_EVENTLOG_ERROR_TRUNCATED_HEADER
                                                              : (int) ES_MLPD_ERROR_TRUNCATED_HEADER,
                                   "byte %u: no whole header in the first %u bytes: this is not a log",
                                   ES_LIVE_HEADER_MOST, ES_LIVE_HEADER_MOST));
  if (verdict == ES_LIVE_HEADER_BAD && self->error != NULL)
    g_propagate_error (error, g_steal_pointer (&self->error));
  return verdict;
}

/**
 * es_live_header_check_feed:
 * @data: (array length=len): the next bytes of the stream
 *
 * Looks at the next bytes of a stream until its header is known to be a
 * log's, or not to be one.
 *
 * Returns: the verdict; %ES_LIVE_HEADER_BAD with @error set (the first
 *   time) to what is wrong and where, as loading the bytes would say
 */
EsLiveHeaderVerdict
es_live_header_check_feed (EsLiveHeaderCheck  *self,
                           const guint8       *data,
                           gsize               len,
                           GError            **error)
{
  g_return_val_if_fail (self != NULL, ES_LIVE_HEADER_BAD);

  if (self->verdict != ES_LIVE_HEADER_UNDECIDED || len == 0)
    return self->verdict;
  self->fed += len;

  if (self->format == FORMAT_UNKNOWN)
    {
      g_autoptr(GByteArray) held = NULL;

      g_byte_array_append (self->first, data, (guint) len);
      if (self->first->len < 4 && !es_mlpd_is_packed (self->first->data, self->first->len))
        return ES_LIVE_HEADER_UNDECIDED;
      if (es_mlpd_is_packed (self->first->data, self->first->len))
        {
          self->format = FORMAT_MONO_PACKED;
          self->gunzip = G_CONVERTER (g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP));
        }
      else if (es_mlpd_looks_like (self->first->data, self->first->len))
        self->format = FORMAT_MONO;
      else
        {
          self->format = FORMAT_GHC;
          self->reader = es_eventlog_reader_new ();
        }
      /* Every byte so far is checked as the format's, from the first. */
      held = g_steal_pointer (&self->first);
      self->first = g_byte_array_new ();
      return check_known (self, held->data, held->len, error);
    }
  return check_known (self, data, len, error);
}
