/* test-chunks.c: arrays whose copies share their chunks
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-chunks.h"

#define ROUNDS 40

typedef struct
{
  EsChunks  chunks;
  GArray   *model;     /* guint64: what the copy held when it was made */
} Copy;

static void
assert_holds (const EsChunks *chunks,
              const GArray   *model)
{
  g_assert_cmpuint (chunks->len, ==, model->len);
  for (guint i = 0; i < model->len; i++)
    g_assert_cmpuint (ES_CHUNKS_AT (chunks, guint64, i), ==, g_array_index (model, guint64, i));
}

/* A writer appends and rewrites elements anywhere, a copy made after each
 * round: every copy still holds what the writer held when it was made, and
 * the writer what it wrote. A copy shares each chunk the writer did not
 * write since, and the writer copies a chunk once after a copy was made,
 * however often it writes it. */
static void
test_copies_keep_what_they_had (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  g_autoptr(GArray) model = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GArray) copies = g_array_new (FALSE, TRUE, sizeof (Copy));
  EsChunks writer = { 0 };
  guint64 next = 1;

  es_chunks_init (&writer, sizeof (guint64));
  for (guint round = 0; round < ROUNDS; round++)
    {
      guint n_appended = g_rand_int_range (rand, 0, 3 * ES_CHUNK_LEN);
      guint n_written = model->len > 0 ? g_rand_int_range (rand, 0, 40) : 0;
      /* chunk -> where it went when first written this round */
      g_autoptr(GHashTable) written_chunks = g_hash_table_new (NULL, NULL);
      Copy copy = { { 0 }, NULL };

      for (guint i = 0; i < n_appended; i++)
        {
          *(guint64 *) es_chunks_append (&writer) = next;
          g_array_append_val (model, next);
          next++;
        }
      for (guint w = 0; w < n_written; w++)
        {
          /* Half the writes in the first chunk: copied once, not each time. */
          guint i = w % 2 == 0 ? 0 : g_rand_int_range (rand, 0, model->len);
          gpointer key = GUINT_TO_POINTER (i / ES_CHUNK_LEN), first;

          *(guint64 *) es_chunks_write (&writer, i) = next;
          g_array_index (model, guint64, i) = next;
          next++;
          if (g_hash_table_lookup_extended (written_chunks, key, NULL, &first))
            g_assert_true (g_ptr_array_index (writer.chunks, i / ES_CHUNK_LEN) == first);
          else
            g_hash_table_insert (written_chunks, key, g_ptr_array_index (writer.chunks, i / ES_CHUNK_LEN));
        }
      assert_holds (&writer, model);

      for (guint c = 0; c < copies->len; c++)
        assert_holds (&g_array_index (copies, Copy, c).chunks, g_array_index (copies, Copy, c).model);

      es_chunks_share (&copy.chunks, &writer);
      copy.model = g_array_copy (model);
      g_array_append_val (copies, copy);
      for (guint c = 0; c < writer.chunks->len; c++)
        g_assert_true (g_ptr_array_index (copy.chunks.chunks, c) == g_ptr_array_index (writer.chunks, c));
      /* The copy before shares what the writer did not write since it. */
      if (copies->len >= 2)
        {
          const Copy *older = &g_array_index (copies, Copy, copies->len - 2);

          for (guint c = 0; c + 1 < older->chunks.chunks->len; c++)
            if (!g_hash_table_contains (written_chunks, GUINT_TO_POINTER (c)))
              g_assert_true (g_ptr_array_index (older->chunks.chunks, c) == g_ptr_array_index (writer.chunks, c));
            else
              g_assert_true (g_ptr_array_index (older->chunks.chunks, c) != g_ptr_array_index (writer.chunks, c));
        }
    }
  for (guint c = 0; c < copies->len; c++)
    {
      Copy *copy = &g_array_index (copies, Copy, c);

      assert_holds (&copy->chunks, copy->model);
      es_chunks_clear (&copy->chunks);
      g_array_unref (copy->model);
    }
  assert_holds (&writer, model);
  es_chunks_clear (&writer);
}

/* A copy written to leaves the array it was made from as it was. */
static void
test_writing_a_copy_leaves_the_original (void)
{
  EsChunks original = { 0 }, copy = { 0 };

  es_chunks_init (&original, sizeof (guint32));
  for (guint32 i = 0; i < ES_CHUNK_LEN + 5; i++)
    *(guint32 *) es_chunks_append (&original) = i;
  es_chunks_share (&copy, &original);
  *(guint32 *) es_chunks_write (&copy, 3) = 1000;
  *(guint32 *) es_chunks_append (&copy) = 2000;
  g_assert_cmpuint (ES_CHUNKS_AT (&original, guint32, 3), ==, 3);
  g_assert_cmpuint (original.len, ==, ES_CHUNK_LEN + 5);
  g_assert_cmpuint (ES_CHUNKS_AT (&copy, guint32, 3), ==, 1000);
  g_assert_cmpuint (ES_CHUNKS_AT (&copy, guint32, ES_CHUNK_LEN + 5), ==, 2000);
  g_assert_true (g_ptr_array_index (copy.chunks, 0) != g_ptr_array_index (original.chunks, 0));
  g_assert_cmpuint (es_chunks_get_bytes (&copy), ==, 2 * ES_CHUNK_LEN * sizeof (guint32));

  /* Cut back into the shared first chunk, then appended to: the original
   * keeps its elements there. */
  es_chunks_clear (&copy);
  es_chunks_share (&copy, &original);
  es_chunks_truncate (&copy, 10);
  g_assert_cmpuint (copy.len, ==, 10);
  g_assert_cmpuint (copy.chunks->len, ==, 1);
  *(guint32 *) es_chunks_append (&copy) = 3000;
  g_assert_cmpuint (ES_CHUNKS_AT (&copy, guint32, 10), ==, 3000);
  g_assert_cmpuint (ES_CHUNKS_AT (&original, guint32, 10), ==, 10);
  g_assert_cmpuint (ES_CHUNKS_AT (&copy, guint32, 9), ==, 9);
  g_assert_cmpuint (original.len, ==, ES_CHUNK_LEN + 5);
  es_chunks_clear (&copy);
  es_chunks_clear (&original);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/document/chunks/copies-keep-what-they-had", test_copies_keep_what_they_had);
  g_test_add_func ("/document/chunks/writing-a-copy-leaves-the-original", test_writing_a_copy_leaves_the_original);

  return g_test_run ();
}
