/* test-mlpd-packed.c: damaged gzip-packed Mono logs open with what came
 * before the damage, and say where it is
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <zlib.h>

#include "es-document.h"
#include "es-mlpd-error.h"
#include "es-mlpd-file.h"
#include "es-mlpd-load.h"
#include "es-mlpd-reader.h"
#include "es-test-log.h"

#define BUF_HEADER_LEN 48

/* The expectations come from zlib itself, not from GIO's converter that
 * the reader uses: the packed file is inflated a byte at a time, and the
 * byte whose arrival makes zlib fail is where the damage shows; what the
 * bytes before it unpacked to is what a reader can keep. */
typedef struct
{
  gsize       at;         /* packed byte where zlib fails, or G_MAXSIZE */
  GByteArray *out;        /* unpacked by the bytes before it */
} Inflated;

static void
inflated_clear (Inflated *self)
{
  g_clear_pointer (&self->out, g_byte_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Inflated, inflated_clear)

/* With a @reference, stops as soon as what comes out differs from it, and
 * says whether it never did. */
static gboolean
inflate_bytewise (const guint8 *data,
                  gsize         len,
                  GBytes       *reference,
                  Inflated     *result)
{
  gsize ref_len = reference != NULL ? g_bytes_get_size (reference) : 0;
  const guint8 *ref = reference != NULL ? g_bytes_get_data (reference, NULL) : NULL;
  gboolean same = TRUE;
  z_stream z = { 0 };

  result->at = G_MAXSIZE;
  result->out = g_byte_array_new ();
  g_assert_cmpint (inflateInit2 (&z, 16 + MAX_WBITS), ==, Z_OK);
  for (gsize i = 0; i < len; i++)
    {
      uLong before = z.total_out;
      int r;

      /* One byte unpacks to a few kB at most. */
      if (result->out->len - before < 65536)
        g_byte_array_set_size (result->out, 2 * result->out->len + 65536);
      z.next_out = result->out->data + before;
      z.avail_out = result->out->len - before;
      z.next_in = (Bytef *) data + i;
      z.avail_in = 1;
      r = inflate (&z, Z_NO_FLUSH);
      if (r == Z_DATA_ERROR)
        {
          result->at = i;
          z.total_out = before;
          break;
        }
      if (ref != NULL && (z.total_out > ref_len ||
                          memcmp (result->out->data + before, ref + before, z.total_out - before) != 0))
        {
          same = FALSE;
          break;
        }
      if (r == Z_STREAM_END)
        break;
      g_assert_cmpint (r, ==, Z_OK);
    }
  g_byte_array_set_size (result->out, z.total_out);
  inflateEnd (&z);
  return same;
}

static GBytes *
read_fixture (const char *name)
{
  g_autofree char *path = es_test_fixture_path (name);
  g_autoptr(GError) error = NULL;
  g_autoptr(GMappedFile) mapped = g_mapped_file_new (path, FALSE, &error);

  g_assert_no_error (error);
  return g_mapped_file_get_bytes (mapped);
}

/* A plain log packed as the profiler's `zip` option packs it. */
static GBytes *
gzip_with_zlib (GBytes *plain)
{
  gsize len;
  const guint8 *data = g_bytes_get_data (plain, &len);
  z_stream z = { 0 };
  gsize room;
  guint8 *out;

  g_assert_cmpint (deflateInit2 (&z, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY), ==, Z_OK);
  room = deflateBound (&z, len);
  out = g_malloc (room);
  z.next_in = (Bytef *) data;
  z.avail_in = len;
  z.next_out = out;
  z.avail_out = room;
  g_assert_cmpint (deflate (&z, Z_FINISH), ==, Z_STREAM_END);
  len = z.total_out;
  deflateEnd (&z);
  return g_bytes_new_take (out, len);
}

/* Where each whole buffer of a plain log ends, the header's end first. */
static GArray *
buffer_ends (GBytes *plain)
{
  gsize len, pos;
  const guint8 *data = g_bytes_get_data (plain, &len);
  EsMlpdHeader header;
  GArray *ends = g_array_new (FALSE, FALSE, sizeof (gsize));

  g_assert_true (es_mlpd_read_header (data, len, &header, &pos, NULL));
  es_mlpd_header_clear (&header);
  g_array_append_val (ends, pos);
  while (len - pos >= BUF_HEADER_LEN)
    {
      guint32 size = data[pos + 4] | data[pos + 5] << 8 | data[pos + 6] << 16 | (guint32) data[pos + 7] << 24;

      if (len - pos - BUF_HEADER_LEN < size)
        break;
      pos += BUF_HEADER_LEN + size;
      g_array_append_val (ends, pos);
    }
  g_assert_cmpuint (pos, ==, len);
  return ends;
}

/* The packed offsets a message names: "byte N of the packed file" or
 * "bytes N to M of the packed file". */
static void
named_offsets (const char *message,
               gsize      *first,
               gsize      *last)
{
  const char *p = message;
  char *end;

  if (g_str_has_prefix (p, "bytes "))
    p += strlen ("bytes ");
  else
    {
      g_assert_true (g_str_has_prefix (p, "byte "));
      p += strlen ("byte ");
    }
  *first = *last = g_ascii_strtoull (p, &end, 10);
  g_assert_true (end != p);
  if (g_str_has_prefix (end, " to "))
    *last = g_ascii_strtoull (end + strlen (" to "), &end, 10);
  g_assert_true (g_str_has_prefix (end, " of the packed file: "));
}

static void
assert_same_as_cut (EsDocument *damaged,
                    EsDocument *cut)
{
  const EsMonoSummary *a = es_document_get_mono_summary (damaged);
  const EsMonoSummary *b = es_document_get_mono_summary (cut);
  guint n_a, n_b;

  g_assert_cmpuint (es_document_get_n_events (damaged), ==, es_document_get_n_events (cut));
  g_assert_cmpuint (es_document_get_n_caps (damaged), ==, es_document_get_n_caps (cut));
  g_assert_cmpuint (es_document_get_end_time (damaged), ==, es_document_get_end_time (cut));
  es_document_get_gcs (damaged, &n_a);
  es_document_get_gcs (cut, &n_b);
  g_assert_cmpuint (n_a, ==, n_b);
  g_assert_cmpuint (a->n_collections[0], ==, b->n_collections[0]);
  g_assert_cmpuint (a->n_collections[1], ==, b->n_collections[1]);
  g_assert_cmpuint (a->n_resizes, ==, b->n_resizes);
  g_assert_cmpuint (a->max_heap_size, ==, b->max_heap_size);
  g_assert_cmpuint (a->n_contentions, ==, b->n_contentions);
  g_assert_cmpuint (a->n_throws, ==, b->n_throws);
  g_assert_cmpuint (a->n_allocations, ==, b->n_allocations);
}

/* What the damage may spoil: the first byte where what was unpacked
 * differs from the log, or its end. */
static gsize
first_difference (GByteArray *out,
                  GBytes     *plain)
{
  gsize len;
  const guint8 *data = g_bytes_get_data (plain, &len);
  gsize i = 0;

  while (i < out->len && i < len && out->data[i] == data[i])
    i++;
  return i;
}

/* Loads @packed with byte @pos changed by @flip, and checks it against
 * zlib and the undamaged log @plain. Returns how many whole buffers the
 * document kept, or -1 if it did not open. */
static int
check_damage (GBytes  *packed,
              GBytes  *plain,
              gsize    pos,
              guint8   flip,
              gboolean caught_where_it_is)
{
  gsize len = g_bytes_get_size (packed);
  g_autofree guint8 *copy = g_memdup2 (g_bytes_get_data (packed, NULL), len);
  g_autofree char *path = NULL;
  g_auto(Inflated) expected = { 0 };
  g_autoptr(GArray) ends = buffer_ends (plain);
  g_autoptr(GBytes) unpacked = NULL;
  g_autoptr(GError) damage = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(EsDocument) doc = NULL;
  gboolean cut_short = TRUE;
  gsize first, last, clean, kept_at_least = 0;
  gint64 stop;
  int n_buffers = -1;

  copy[pos] ^= flip;
  inflate_bytewise (copy, len, NULL, &expected);
  g_assert_cmpuint (expected.at, !=, G_MAXSIZE);
  clean = first_difference (expected.out, plain);
  if (caught_where_it_is)
    g_assert_cmpuint (clean, ==, expected.out->len);
  path = es_test_write_temp_log (copy, len);

  /* The reader: what came before the damage, and where it shows. */
  unpacked = es_mlpd_read_file (path, 0, &cut_short, &damage, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (cut_short);
  g_assert_nonnull (unpacked);
  g_assert_cmpmem (g_bytes_get_data (unpacked, NULL), g_bytes_get_size (unpacked),
                   expected.out->data, expected.out->len);
  g_assert_error (damage, ES_MLPD_ERROR, ES_MLPD_ERROR_CORRUPT_PACKING);
  named_offsets (damage->message, &first, &last);
  g_assert_cmpuint (last, ==, expected.at);
  g_assert_cmpuint (first, <=, last);
  g_assert_cmpuint (last, >=, pos);
  g_assert_cmpuint (last, <, len);
  g_test_message ("byte %" G_GSIZE_FORMAT " ^ 0x%02x: %s", pos, flip, damage->message);

  /* The document: every whole buffer unpacked before the damage, as for a
   * log cut there, and the damage to tell. */
  doc = es_document_load_file (path, NULL, NULL, NULL, &error);
  g_unlink (path);
  for (guint i = 0; i < ends->len && g_array_index (ends, gsize, i) <= MIN (clean, expected.out->len); i++)
    kept_at_least = g_array_index (ends, gsize, i);
  if (kept_at_least == 0)
    {
      /* Not even the log's header came out whole: the damage is the error. */
      if (doc == NULL)
        {
          g_assert_error (error, ES_MLPD_ERROR, ES_MLPD_ERROR_CORRUPT_PACKING);
          g_assert_cmpstr (error->message, ==, damage->message);
          g_assert_true (es_document_is_log_error (error));
          return -1;
        }
      g_assert_false (caught_where_it_is);
    }
  g_assert_no_error (error);
  g_assert_nonnull (doc);
  g_assert_error ((GError *) es_document_get_damage (doc), ES_MLPD_ERROR, ES_MLPD_ERROR_CORRUPT_PACKING);
  g_assert_cmpstr (es_document_get_damage (doc)->message, ==, damage->message);
  g_assert_true (es_document_is_log_error (es_document_get_damage (doc)));
  g_assert_true (es_document_is_truncated (doc, &stop));
  g_assert_cmpint (stop, >=, (gint64) kept_at_least);
  g_assert_cmpint (stop, <=, (gint64) expected.out->len);
  if (caught_where_it_is)
    {
      g_assert_cmpint (stop, ==, (gint64) kept_at_least);
      for (n_buffers = 0; g_array_index (ends, gsize, n_buffers) < kept_at_least; n_buffers++)
        ;
    }

  /* Past the damage's first effect the data may be anything; still, what
   * the document holds is what the same bytes give when cut there. */
  {
    g_autoptr(GBytes) cut = g_bytes_new (expected.out->data, (gsize) stop);
    g_autoptr(EsDocument) cut_doc = es_mlpd_load_document (cut, TRUE, NULL, NULL, NULL, &error);
    gint64 cut_stop;

    g_assert_no_error (error);
    g_assert_true (es_document_is_truncated (cut_doc, &cut_stop));
    g_assert_cmpint (cut_stop, ==, stop);
    g_assert_null (es_document_get_damage (cut_doc));
    assert_same_as_cut (doc, cut_doc);
  }
  return n_buffers;
}

/* The first one-bit change from @from on that zlib catches before it
 * unpacks anything wrong, and after it unpacked @at_least bytes. Only the
 * first 32 kB unpacked can be caught so ("a distance too far back"):
 * deflate has no other check but the checksum at its end. */
static gsize
find_caught_damage (GBytes *packed,
                    gsize   from,
                    gsize   at_least,
                    guint8 *flip)
{
  gsize len = g_bytes_get_size (packed);
  g_autofree guint8 *copy = g_memdup2 (g_bytes_get_data (packed, NULL), len);
  g_autoptr(GBytes) plain = NULL;
  g_auto(Inflated) whole = { 0 };

  inflate_bytewise (copy, len, NULL, &whole);
  plain = g_bytes_new (whole.out->data, whole.out->len);
  for (gsize pos = from; pos < from + 8192 && pos < len; pos++)
    for (guint bit = 0; bit < 8; bit++)
      {
        g_auto(Inflated) damaged = { 0 };
        gboolean same;

        copy[pos] ^= 1u << bit;
        same = inflate_bytewise (copy, len, plain, &damaged);
        copy[pos] ^= 1u << bit;
        if (same && damaged.at != G_MAXSIZE && damaged.out->len >= at_least)
          {
            *flip = 1u << bit;
            return pos;
          }
      }
  g_assert_not_reached ();
}

static void
check_file (GBytes *packed,
            GBytes *plain)
{
  gsize len = g_bytes_get_size (packed);
  g_autoptr(GArray) ends = buffer_ends (plain);
  int all = (int) ends->len - 1;
  guint8 flip;
  gsize pos;
  int n;

  /* The header: its method, its flags. */
  g_assert_cmpint (check_damage (packed, plain, 2, 0xff, TRUE), ==, -1);
  g_assert_cmpint (check_damage (packed, plain, 3, 0xe0, TRUE), ==, -1);

  /* Early in the stream, caught at once: the buffers unpacked before it,
   * exactly. */
  pos = find_caught_damage (packed, 256, g_array_index (ends, gsize, 4), &flip);
  n = check_damage (packed, plain, pos, flip, TRUE);
  g_assert_cmpint (n, >, 0);
  g_assert_cmpint (n, <, all);

  /* In the middle and near the end: caught later, where it shows. */
  check_damage (packed, plain, len / 2, 0xff, FALSE);
  check_damage (packed, plain, len - 40, 0x10, FALSE);

  /* The trailer: everything unpacked, then its checksum or its length
   * fails. Every buffer is kept. */
  g_assert_cmpint (check_damage (packed, plain, len - 7, 0xff, TRUE), ==, all);
  g_assert_cmpint (check_damage (packed, plain, len - 2, 0x01, TRUE), ==, all);
}

static void
test_damaged_zip_fixture (void)
{
  g_autoptr(GBytes) packed = read_fixture ("mlpd/gc-zip.mlpd");
  gsize len;
  const guint8 *data = g_bytes_get_data (packed, &len);
  g_auto(Inflated) whole = { 0 };
  g_autoptr(GBytes) plain = NULL;

  inflate_bytewise (data, len, NULL, &whole);
  g_assert_cmpuint (whole.at, ==, G_MAXSIZE);
  plain = g_bytes_new (whole.out->data, whole.out->len);
  check_file (packed, plain);
}

static void
test_damaged_packed_fixture (void)
{
  g_autoptr(GBytes) plain = read_fixture ("mlpd/gc-threads.mlpd");
  g_autoptr(GBytes) packed = gzip_with_zlib (plain);

  check_file (packed, plain);
}

/* Damage anywhere, at random: a document with its damage, or a log error;
 * never a crash, a hang or an I/O error. */
static void
test_damage_anywhere_never_crashes (void)
{
  g_autoptr(GBytes) packed = read_fixture ("mlpd/gc-zip.mlpd");
  gsize len;
  const guint8 *data = g_bytes_get_data (packed, &len);
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261124);

  for (guint i = 0; i < 120; i++)
    {
      g_autofree guint8 *copy = g_memdup2 (data, len);
      g_autofree char *path = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(EsDocument) doc = NULL;
      guint n = g_rand_int_range (rand, 1, 4);

      /* Bytes 4 to 9 (time, flags, system) are not checked by gzip. */
      for (guint j = 0; j < n; j++)
        copy[g_rand_int_range (rand, 10, (gint32) len)] ^= (guint8) g_rand_int_range (rand, 1, 256);
      path = es_test_write_temp_log (copy, i % 3 == 2 ? (gsize) g_rand_int_range (rand, 0, (gint32) len) : len);
      doc = es_document_load_file (path, NULL, NULL, NULL, &error);
      g_unlink (path);
      g_assert_true ((doc != NULL) != (error != NULL));
      if (error != NULL)
        g_assert_true (es_document_is_log_error (error));
      else if (es_document_get_damage (doc) != NULL)
        g_assert_true (g_str_has_prefix (es_document_get_damage (doc)->message, "byte"));
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/mlpd/packed/damaged-zip-fixture", test_damaged_zip_fixture);
  g_test_add_func ("/mlpd/packed/damaged-packed-fixture", test_damaged_packed_fixture);
  g_test_add_func ("/mlpd/packed/damage-anywhere-never-crashes", test_damage_anywhere_never_crashes);
  return g_test_run ();
}
